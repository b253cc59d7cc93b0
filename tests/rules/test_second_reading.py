"""The readings settled by the second reading of the Encyclopédie (one test per point, named after its paragraph).

Where the article allows two readings, each is a value of an option, and the
test plays the same deal under each and asserts that the outcomes differ.
"""

from __future__ import annotations

from typing import Any

import pytest

from reversis.core.cards import FRENCH
from reversis.core.ruleset import load_ruleset
from reversis.games.reversis.hand import Hand
from reversis.games.reversis.report import account
from reversis.games.reversis.settlement import rank_seats

from .deals import deal, paid, play, standing
from .test_encyclopedie_rules import DEAL_A, DEAL_B

RULES = load_ruleset("encyclopedie-1765")

# -- ¶4: "gagne à celui qui le lâche, quatre jettons ou plus, & un à chaque joueur" ------------------------

# In deal B seat 1 must lead his only heart, the 2H, and seat 2's only heart is the quinola: seat 1 forces it.
FORCED = {**DEAL_B, "plays": ["2H", "JH", "6H", "3H"]}


@pytest.mark.parametrize(
    ("reading", "each"),
    [
        pytest.param("forcer-from-others", [(0, 1, 1), (3, 1, 1)], id="forcer-from-others"),
        pytest.param("forcer-from-all", [(0, 1, 1), (2, 1, 1), (3, 1, 1)], id="forcer-from-all"),
        pytest.param("holder-to-all", [(2, 0, 1), (2, 1, 1), (2, 3, 1)], id="holder-to-all"),
        pytest.param("holder-to-others", [(2, 0, 1), (2, 3, 1)], id="holder-to-others"),
    ],
)
def test_p4_who_pays_the_jeton_to_each_player_for_a_forced_quinola(
    reading: str, each: list[tuple[int, int, int]]
) -> None:
    _, res = play({**FORCED, "options": {"quinola_forced_each": reading}})
    assert paid(res, "quinola.forced.forcer") == [(2, 1, 4)]  # the four, from the holder to the forcer
    assert sorted(paid(res, "quinola.forced.each")) == each


def test_p4_the_four_readings_of_un_a_chaque_joueur_give_four_outcomes() -> None:
    readings = RULES.options["quinola_forced_each"].choices
    outcomes = {
        tuple(sorted(paid(play({**FORCED, "options": {"quinola_forced_each": r}})[1], "quinola.forced.each")))
        for r in readings
    }
    assert len(outcomes) == len(readings) == 4
    assert RULES["quinola_forced_each"] == "forcer-from-others"  # the default: one verb, "gagne", two objects


# -- ¶4: a quinola given on hearts by choice is neither forced nor led ------------------------------------

# As deal B, but seat 3 holds the quinola beside other hearts and seat 2 a plain heart: on the 2H lead,
# seat 3 gives the quinola by choice.
DEAL_G: dict[str, Any] = {
    **DEAL_B,
    "hands": {
        **DEAL_B["hands"],
        2: ["9H", "QD", "JD", "9D", "8D", "7D", "6D", "5D", "4D", "3D", "2D"],
        3: ["AS", "KS", "QS", "JS", "AH", "KH", "QH", "JH", "8H", "7H", "6H"],
    },
}


@pytest.mark.parametrize("bete", [True, False])
def test_p4_a_quinola_given_by_choice_is_labelled_given_and_its_bete_is_an_option(bete: bool) -> None:
    hand, res = play({**DEAL_G, "options": {"quinola_given_bete": bete}, "plays": ["2H", "9H", "JH", "3H"]})
    assert res["quinola"] == {"how": "given", "seat": 3, "trick": 1}
    assert paid(res, "quinola.forced.forcer") == []  # nobody made it go
    owed = [b for b in res["betes"] if b["rule"] == "quinola.given.bete"]
    bete_paid = [e for e in res["ledger"] if e["rule"] == "bete.pay"]
    assert bool(owed or bete_paid) is bete
    text = account(hand)
    assert "the third hand gives the quinola on hearts by choice" in text  # seat 3, the dealer seat 0
    assert "forced to give the quinola" not in text


# -- ¶5–¶8: who takes the talon ------------------------------------------------------------------------


def _stub(points: list[int], tricks: list[int], order: list[str] | None = None, dealer: int = 0) -> Hand:
    rules = RULES if order is None else RULES.with_options({"talon_ranking": order})
    return standing(rules, points, tricks, dealer=dealer)


# The dealer (seat 0) takes 1 trick and seat 3 takes 2, both without points; the others have points.
DEALER_ONE_TRICK = ([0, 6, 9, 0], [1, 4, 4, 2])


@pytest.mark.parametrize(
    ("order", "taker"),
    [
        pytest.param(None, 0, id="default-tricks-then-points"),
        pytest.param(["points", "no-trick", "left-of-dealer"], 3, id="p8-points-first"),
        pytest.param(["points", "tricks", "dealer-first"], 0, id="hoyle"),
    ],
)
def test_p5_fewer_cards_first_then_honours(order: list[str] | None, taker: int) -> None:
    # ¶5: "leve moins de cartes que les autres, & si dans ces cartes il n'y a ni as, ni roi, ..."
    assert rank_seats(_stub(*DEALER_ONE_TRICK, order=order), [0, 1, 2, 3])[0] == taker


def test_p5_the_default_ranking_follows_the_order_of_the_paragraph() -> None:
    assert RULES["talon_ranking"] == ["tricks", "points", "left-of-dealer"]


def test_p6_on_equal_tricks_and_points_the_nearest_the_dealers_left_and_the_dealer_last() -> None:
    assert rank_seats(_stub([0, 0, 0, 0], [2, 2, 2, 2]), [0, 1, 2, 3]) == [3, 2, 1, 0]


# -- ¶7: the talon's scale, and the points counted in the tricks ------------------------------------------

HOYLE = {"A": 4, "K": 3, "Q": 2, "J": 1}
HONOURS_IN_TALON = {**DEAL_A, "exchange": {1: "pass", 2: "pass", 3: "pass", 0: {"discard": "QC"}}}


def test_p7_the_talon_keeps_its_scale_when_the_tricks_are_counted_on_another() -> None:
    plays = ["AD", "2D", "AH", "AC"]
    _, article = play({**HONOURS_IN_TALON, "plays": plays})
    _, hoyle = play({**HONOURS_IN_TALON, "options": {"trick_card_points": HOYLE}, "plays": plays})
    assert article["talon_award"]["value"] == hoyle["talon_award"]["value"] == 3  # the QC at ¶7's 3
    assert article["points"] != hoyle["points"]
    # every honour is in a trick but the QC, in the talon
    assert sum(article["points"].values()) == 4 * (5 + 4 + 3 + 2) - 3
    assert sum(hoyle["points"].values()) == 4 * (4 + 3 + 2 + 1) - 2


# -- ¶9: "le quinola est écarté ou forcé, & que personne ne gagne la poule" ------------------------------


def _round_robin(talon: list[str]) -> dict[str, Any]:
    """Every card but the talon dealt one at a time from seat 1 round to the dealer (seat 0), who gets
    the last: balanced hands, in which nobody takes every trick."""
    cards = [c for c in FRENCH.names(FRENCH.cards()) if c not in talon]
    hands: dict[int, list[str]] = {seat: [] for seat in range(4)}
    for i, card in enumerate(cards[:44]):
        hands[(i + 1) % 4].append(card)
    hands[0].append(cards[44])
    return {"dealer": 0, "hands": hands, "talon": talon}


# The quinola lies in the talon, and everyone declines the exchange: it is never played.
QUINOLA_IN_TALON: dict[str, Any] = {
    **_round_robin(["JH", "2C", "3C"]),
    "exchange": {1: "pass", 2: "pass", 3: "pass", 0: {"discard": "4C"}},
}


@pytest.mark.parametrize(
    ("on", "refreshed"),
    [
        pytest.param(None, True, id="ecarte-is-in-the-talon"),
        pytest.param(["placed", "forced", "given", "led"], False, id="ecarte-read-as-placed"),
    ],
)
def test_p9_a_quinola_left_in_the_talon_refreshes_the_pool(on: list[str] | None, refreshed: bool) -> None:
    options = {} if on is None else {"pool_refresh_on": on}
    hand, res = play({**QUINOLA_IN_TALON, "options": options})
    assert "JH" in res["talon"]
    assert res["quinola"] == {"how": "talon", "seat": None, "trick": None}
    assert res["pool"]["won_by"] is None
    assert (sorted(paid(res, "pool.refresh")) == [(s, "pool", 2) for s in range(4)]) is refreshed
    assert ("it lay in the talon (écarté)" in account(hand)) is True


# -- ¶9 and ¶10: the first stake is a reading of the refresh ----------------------------------------------


def test_p9_the_first_stake_is_cited_as_the_interpretation_it_is() -> None:
    assert RULES.rule_basis["pool.stake"] == "interpreted"
    assert "An interpretation" in RULES.options["pool_stake"].note
    hand, _ = play({**DEAL_A})
    assert "[pool.stake; interpreted from encyclopedie-1765:9, encyclopedie-1765:10]" in account(hand)


# -- ¶11: the article knows only the reversis made --------------------------------------------------------


def test_p11_no_attempt_and_no_cut_are_cited_to_the_article() -> None:
    assert RULES["reversis_last_tricks"] == 0
    assert RULES.rule_cites["reversis.cut"] == ()
    assert RULES.rule_basis["reversis.cut"] == "not-in-source"
    for name in ("reversis_last_tricks", "reversis_cut_payment", "first_trick_factor", "last_trick_factor"):
        assert RULES.options[name].cites == ()
        assert "Not in the article" in RULES.options[name].note


# -- the conventions a reader looks for --------------------------------------------------------------------


def test_direction_ties_and_the_talon_cycle_are_stated_in_the_ruleset() -> None:
    topics = {c.topic: c for c in RULES.conventions}
    assert set(topics) == {"direction", "ties", "talon-cycle"}
    assert "dealer's right" in topics["direction"].text
    assert "takes back the first one's discard" in topics["talon-cycle"].text


def test_five_players_with_a_talon_of_two_the_third_exchanger_takes_the_first_ones_discard() -> None:
    fixed = deal({}, players=5, talon_size=2)
    hands = fixed["hands"]
    discards = {seat: next(c for c in hands[seat] if c[1] != "H") for seat in range(5)}
    exchange = {seat: {"discard": discards[seat]} for seat in range(5)}
    _, res = play({**fixed, "options": {"players": 5, "talon": {5: 2}}, "exchange": exchange, "plays": []})
    took = {e["seat"]: e["took"] for e in res["exchange"]}
    assert (took[1], took[2]) == tuple(fixed["talon"])
    assert took[3] == discards[1] and took[4] == discards[2]


def test_the_escape_of_the_forced_quinola_game_is_said_not_modelled() -> None:
    meaning = RULES.options["quinola_forced_game"].meaning
    assert "à moins que son jeu ne soit de le garder" in meaning and "not modelled" in meaning


def test_a_dealer_holding_only_hearts_still_discards_one() -> None:
    # Found by fuzzing: with one card each (a talon of 43), the dealer may hold only hearts and had
    # no legal discard, so the hand could not go on. The obligation to discard comes first.
    from reversis.games.reversis.examples import play

    game = play("encyclopedie-1765", hands={0: "2H 3H"}, options={"talon": {4: 43}}, plays="")
    dealt = [e for e in game.result["exchange"] if e["seat"] == 0]
    assert dealt[0]["discard"] in ("2H", "3H")
