"""The third reading of the Spanish revesino (issue 18, points 1 to 6): one test per paragraph whose
reading changed, named after it, each played through the result contract of ``reversis play --json``.

Where the default departs from a literal reading, or the words allow several, the worked examples of
``examples/revesino/`` play each reading, and a test asserts that their outcomes differ.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from reversis.apps.cli import main
from reversis.core.cards import SPANISH
from reversis.core.ruleset import load_ruleset
from reversis.games.reversis.examples import play
from reversis.games.reversis.hand import Hand, Phase
from reversis.games.reversis.result import result
from reversis.games.reversis.scenario import load_scenario, run

RULES = load_ruleset("revesino")
EXAMPLES = Path(__file__).parents[2] / "examples" / "revesino"


def played(slug: str, declarations: dict[int, tuple[str, ...]] | None = None, **options: Any) -> dict[str, Any]:
    """The result of a worked example, with some options (or its declarations) changed."""
    scenario = load_scenario(EXAMPLES / f"{slug}.yaml")
    scenario = replace(scenario, rules=scenario.rules.with_options(options))
    if declarations is not None:
        scenario = replace(scenario, declarations=declarations)
    res = result(run(scenario))
    assert sum(res["balances"].values()) + res["pool"]["after"] - res["pool"]["before"] == 0
    return res


def json_result(path: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    """What ``reversis play PATH --json`` prints."""
    assert main(["play", str(path), "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def paid(res: dict[str, Any], rule: str) -> list[tuple[Any, Any, int]]:
    return [(e["payer"], e["payee"], e["amount"]) for e in res["ledger"] if e["rule"] == rule]


# -- point 1: p54 and p55, two payments, each with its own special ace --------------------------------

# The dealer is seat 2, so seat 3 leads; seat 0, void in bastos, places the ace of copas on the first
# trick and the ace of oros on the second; seat 1 takes both tricks.
ACES = {
    3: "9B 8B 7B 6B 5B 4B 3B 2B RE CE SE",
    0: "AC AO RO CO 9O 8O 7O 6O 2C 3C 4C",
    1: "RB CB SB 9E 8E 7E 6E 5E 5C 6C 7C",
    2: "RC 5O 4O 3O 2O 4E 3E 2E 8C 9C SC CC",
}


def test_p54_placed_ace_oros_earns_two() -> None:
    assert RULES["special_ace"] == "AO" and RULES["special_ace_forced"] == "AC"
    game = play("revesino", hands=ACES, talon="AE AB SO", dealer=2, exchange={2: "2O"}, plays="9B AC RB 8C CB 9C 8B AO")
    trick = [
        (e["payer"], e["payee"], e["amount"], e["trick"]) for e in game.result["ledger"] if e["rule"] == "ace.placed"
    ]
    # first trick doubled (p55): the ace of copas 1 x 2, then the ace of oros 2 x 1; the taker pays
    assert [t["winner"] for t in game.result["tricks"][:2]] == [1, 1]
    assert trick == [(1, 0, 2, 1), (1, 0, 2, 2)]
    one = play(
        "revesino",
        hands=ACES,
        talon="AE AB SO",
        dealer=2,
        exchange={2: "2O"},
        plays="9B AC RB 8C CB 9C 8B AO",
        options={"first_trick_factor": 1},
    )
    assert one.paid("ace.placed") == [(1, 0, 1), (1, 0, 2)]


def test_p55_ace_copas_drawn_out_pays_two_whatever_the_placed_special_ace() -> None:
    cards = {
        1: "9C 8C 7C 6C 5C 4C 3C 2C 9O 8O RE",
        2: "AC AO 9B 8B 7B 6B 5B 4B 3B 2B 2E",
        3: "RC CC SC RO CO 9E 8E 7E 6E 5E 4E",
        0: "SO 7O 6O 5O 4O 3O 2O RB CB SB 3E CE",
    }
    plays = "RE 2E 4E 3E 2C AC RC 7O"
    for special in ("AO", "AC", ""):
        game = play(
            "revesino", hands=cards, talon="AE AB SE", exchange={0: "CE"}, plays=plays, options={"special_ace": special}
        )
        assert game.paid("ace.forced") == [(2, 1, 2), (2, 0, 1)]


def test_p54_readings_examples_differ() -> None:
    oros, copas = played("rev-aces-placed-oros"), played("rev-aces-placed-copas")
    assert oros["hands"] == copas["hands"] and oros["tricks"] == copas["tricks"]
    assert paid(oros, "ace.placed") == [(3, 2, 1), (3, 2, 2)]
    assert paid(copas, "ace.placed") == [(3, 2, 2), (3, 2, 1)]
    assert paid(oros, "ace.placed") != paid(copas, "ace.placed")


# -- point 2: p25 and p52, which quínola led is forced ------------------------------------------------


def test_p52_quinola_led_as_his_only_oro_doubles_the_fondo(capsys: pytest.CaptureFixture[str]) -> None:
    res = json_result(EXAMPLES / "rev-quinola-led.yaml", capsys)
    assert res["quinola"] == {"how": "led", "seat": 1, "trick": 1}
    assert res["tricks"][0]["winner"] == 3  # the leader is not the taker
    assert paid(res, "quinola.led.pool") == [(1, "pool", 9)]


def test_p52_quinola_led_holding_another_oro_is_given_by_choice_and_costs_nothing() -> None:
    res = played("rev-quinola-led-always", quinola_led_forced="only-oro")
    assert res["quinola"] == {"how": "given", "seat": 1, "trick": 1}
    assert [e for e in res["ledger"] if e["rule"].startswith("quinola.")] == []
    assert res["pool"]["after"] == 9
    # as the quínola followed by choice: charged only where option quinola_given_bete charges both
    charged = played("rev-quinola-led-always", quinola_led_forced="only-oro", quinola_given_bete=True)
    assert paid(charged, "quinola.given.pool") == [(1, "pool", 9)]


def test_p52_quinola_led_readings_examples_differ() -> None:
    only_oro, only_card = played("rev-quinola-led"), played("rev-quinola-led-only-card")
    assert only_oro["hands"] == only_card["hands"] and only_oro["tricks"][0] == only_card["tricks"][0]
    assert (only_oro["quinola"]["how"], only_oro["pool"]["after"]) == ("led", 18)
    assert (only_card["quinola"]["how"], only_card["pool"]["after"]) == ("given", 9)
    always = played("rev-quinola-led-always")
    default_there = played("rev-quinola-led-always", quinola_led_forced="only-oro")
    assert (always["quinola"]["how"], always["pool"]["after"]) == ("led", 18)
    assert (default_there["quinola"]["how"], default_there["pool"]["after"]) == ("given", 9)


def test_p60_quinola_led_as_his_last_card_is_forced_under_every_reading() -> None:
    # the napolitana takes the tenth trick and "debe salir de la quínola en la última": trick 11 is
    # the boundary of only-card; his lead of it there doubles the fondo whatever the reading
    for reading in ("only-oro", "only-card", "always"):
        res = played("rev-napolitana-lost-leads-quinola", quinola_led_forced=reading)
        assert res["quinola"]["how"] == "led" and res["quinola"]["trick"] == 11
        assert [e["trick"] for e in res["ledger"] if e["rule"] == "quinola.led.pool"] == [11]


# -- point 3: p52, the undertaker collects his own quínola ---------------------------------------------


def test_p52_undertaker_collects_the_quinola_and_the_revesino(capsys: pytest.CaptureFixture[str]) -> None:
    res = json_result(EXAMPLES / "rev-revesino-quinola-collected.yaml", capsys)
    assert res["quinola"] == {"how": "led", "seat": 1, "trick": 4}
    assert res["reversis"] == {"by": 1, "made": True, "cut_by": None}
    assert paid(res, "quinola.led.pool") == [(1, "pool", 9)]
    assert paid(res, "reversis.quinola-collected") == [("pool", 1, 9), (0, 1, 1), (2, 1, 1), (3, 1, 1)]
    assert paid(res, "reversis.made") == [(0, 1, 16), (2, 1, 16), (3, 1, 16)]
    assert res["balances"]["1"] == 58


def test_p52_collecting_the_quinola_readings_examples_differ() -> None:
    collected, nothing = played("rev-revesino-quinola-collected"), played("rev-revesino-quinola-not-collected")
    assert collected["tricks"] == nothing["tricks"]
    assert (collected["balances"][1], nothing["balances"][1]) == (58, 55)
    assert paid(nothing, "reversis.quinola-collected") == []


def _lead(hand: Hand, leads: list[str], *, declare: bool = True) -> None:
    """Seat 1 leads the given cards in turn (the others play their lowest legal card), declaring the
    revesino when it falls due."""
    for lead in leads:
        if declare and hand.legal_declarations():
            hand.declare(1, "revesino")
        hand.play(SPANISH.parse(lead))
        while hand.phase is Phase.TRICKS and hand.current_trick:
            hand.play(hand.legal_plays()[0])


@pytest.mark.parametrize(("quinola_at", "collected"), [(9, True), (10, False)])
def test_p52_the_quinola_is_collected_only_if_played_in_the_first_nine_tricks(quinola_at: int, collected: bool) -> None:
    # "es preciso que haya jugado la quínola en las nueve primeras bazas": trick 9, and one past it
    from reversis.games.reversis.examples import deal

    hands, talon = deal("revesino", hands={1: "AO RO CO SO AE RE CE SE 9E 8E 7E"}, talon="4B 3B 2B")
    hand = Hand(RULES, dealer=0, hands=hands, talon=talon)
    while hand.phase is Phase.EXCHANGE:
        hand.exchange(hand.legal_discards()[0] if hand.to_act == 0 else None)
    leads = ["AO", "RO", "CO", "AE", "RE", "CE", "SE", "9E", "8E", "7E"]
    leads.insert(quinola_at - 1, "SO")
    _lead(hand, leads)
    res = result(hand)
    assert res["reversis"] == {"by": 1, "made": True, "cut_by": None}
    assert res["quinola"]["trick"] == quinola_at
    assert bool(paid(res, "reversis.quinola-collected")) is collected
    assert res["quinola"]["how"] == ("led" if collected else "plain")


# -- point 4: p52 and p56, the order of the cancellations --------------------------------------------


def test_p56_napolitana_sale_annulled_by_another_revesino_is_not_doubled(capsys: pytest.CaptureFixture[str]) -> None:
    res = json_result(EXAMPLES / "rev-napolitana-sale-annulled.yaml", capsys)
    assert paid(res, "quinola.placed.pool") == [("pool", 0, 9)]
    assert (0, "pool", 9) in paid(res, "revesino.returns")  # given back at the declaration
    assert res["reversis"] == {"by": 1, "made": False, "cut_by": 0}
    assert res["declarations"][0] == {"seat": 0, "name": "napolitana", "trick": 1, "lost_at": 10}
    assert paid(res, "napolitana.lost.pool") == []
    assert paid(res, "napolitana.lost.sold") == []
    # without the revesino the same sale stands, and the lost napolitana doubles the fondo for it
    alone = played("rev-napolitana-sale-annulled", declarations={0: ("napolitana",)})
    assert alone["reversis"] is None and alone["declarations"][0]["lost_at"] == 10
    assert paid(alone, "napolitana.lost.pool") == [(0, "pool", 9)]


# -- point 5: p34 against p46 and p74, every trick taken without a declaration ----------------------


def test_p74_every_trick_taken_undeclared_wins_the_hand_uncounted(capsys: pytest.CaptureFixture[str]) -> None:
    res = json_result(EXAMPLES / "rev-revesino-undeclared-wins.yaml", capsys)
    assert res["tricks_won"] == {"0": 0, "1": 11, "2": 0, "3": 0}
    assert res["declarations"] == [] and res["reversis"] is None
    assert res["winner"] == 1


def test_p34_undeclared_sweep_collects_nothing() -> None:
    res = played("rev-revesino-undeclared-wins")
    assert [e for e in res["ledger"] if e["rule"].startswith(("reversis.", "revesino."))] == []
    assert res["pool"]["won_by"] is None and res["pool"]["after"] == 9
    assert paid(res, "ace.placed")  # the payments a declaration would cancel stand


def test_p74_undeclared_readings_examples_differ() -> None:
    wins, counted = played("rev-revesino-undeclared-wins"), played("rev-revesino-undeclared-counted")
    assert wins["tricks"] == counted["tricks"]
    assert (wins["winner"], counted["winner"]) == (1, 0)


def test_p74_ten_tricks_are_no_sweep_and_are_counted() -> None:
    # one trick short of every trick: the count is made, and seat 1, with most points, does not win
    from reversis.games.reversis.examples import deal

    hands, talon = deal("revesino", hands={1: "AO RO CO 9O 8O 7O 6O 5O 4O 3O 2B"}, talon="SO 2O 3B")
    hand = Hand(RULES, dealer=0, hands=hands, talon=talon)
    while hand.phase is Phase.EXCHANGE:
        hand.exchange(hand.legal_discards()[0] if hand.to_act == 0 else None)
    _lead(hand, ["AO", "RO", "CO", "9O", "8O", "7O", "6O", "5O", "4O", "3O", "2B"], declare=False)
    res = result(hand)
    assert res["tricks_won"][1] == 10 and res["reversis"] is None
    assert res["winner"] != 1


# -- point 6: a Spanish hand speaks Spanish ------------------------------------------------------------

# (a bête is shown only where a French option of the ruleset orders one: the word of that rule)
FRENCH_WORDS = ("en renonce", "écarté", "hearts", "heart", "the quinola", "the pool", "reversis made", "the eldest")


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("rev-*.yaml")), ids=lambda p: p.stem)
def test_s6_the_account_of_a_spanish_hand_speaks_of_oros_and_the_spanish_terms(path: Path) -> None:
    from reversis.games.reversis.report import account

    text = account(run(load_scenario(path)))
    # rule ids (quinola.placed.pool, reversis.made) and option names (discard_hearts) are identifiers,
    # the same in every pack
    words = " ".join(line.split("  [")[0] for line in text.splitlines() if not line.startswith("Options: "))
    # a player is named by his place in the hand in every game, "the eldest hand" included (the
    # English of premier en cartes and of the jugador de la derecha del dador); the pack's own word
    # for the eldest is the one checked
    words = words.replace("the eldest hand", "the player of the place")
    assert [w for w in FRENCH_WORDS if w in words] == []
    assert "fondo" in words


def test_s6_the_pack_vocabulary_is_data_with_the_same_terms_in_every_pack() -> None:
    from reversis.core.cards import FRENCH, PACKS
    from reversis.games.reversis.terms import TERMS, WORDS, term

    assert all(set(WORDS[pack]) == set(TERMS) for pack in PACKS)
    assert (term(SPANISH, "quinola"), term(SPANISH, "pool"), term(SPANISH, "reversis")) == (
        "quínola",
        "fondo",
        "revesino",
    )
    assert (term(FRENCH, "quinola"), term(FRENCH, "pool"), term(FRENCH, "reversis")) == ("quinola", "pool", "reversis")
    with pytest.raises(KeyError, match="the spanish pack has no term 'bête'"):
        term(SPANISH, "bête")


def test_s6_the_result_schema_says_which_strings_are_per_pack() -> None:
    schema = json.loads((Path(__file__).parents[2] / "reversis" / "schemas" / "result.schema.json").read_text())
    assert schema["$defs"]["card"]["x-per-pack"] == "notation"
    award = schema["$defs"]["reversis"]["properties"]["talon_award"]["oneOf"][1]["properties"]
    assert award["payer_reading"]["x-per-pack"] == "terms" and "x-per-pack" not in award["decided_by"]
    assert "hearts" not in schema["$defs"]["reversis"]["properties"]["quinola"]["description"].replace("hearts or", "")


def test_s6_the_json_of_a_spanish_hand_reads_in_spanish_where_it_reads_at_all(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # the one readable string of the result, the talon's payer reading, in the Spanish pack's words:
    # a hand dealt by seed 69, where two players tie on most points
    path = tmp_path / "tie.yaml"
    path.write_text("{ruleset: revesino, dealer: 1, seed: 69, options: {talon_payer: most-points}}\n")
    res = json_result(path, capsys)
    assert res["talon_award"]["payer_reading"] == (
        "most points, tied: the first in play order from the player on the dealer's right"
    )


def test_s6_a_spanish_sitting_speaks_of_the_fondo_and_the_quinola(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sitting", "--ruleset", "revesino", "--hands", "6", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    placed = "quínola placed by Third hand; fondo 9 to Third hand: the quínola placed wins the fondo"
    placed += " [quinola.placed.pool]"
    assert placed in out
    assert "(the fondo holds 18; it held 0 at the start)" in out
    assert "the pool" not in out and "quinola placed" not in out
