"""The table (reversis.apps.table): a hand played by a reader through it, with random legal moves,
saved and replayed by the scenario path, gives the same result; a sitting's records replay to its
standing; a tampered request is refused with its reason and leaves the hand as it was."""

from __future__ import annotations

import json
import random

import pytest
import yaml

from reversis.apps.table import Table, TableError, rule_words, table_json
from reversis.apps.table_worked import worked
from reversis.core.errors import IllegalAction
from reversis.core.roles import role
from reversis.core.ruleset import load_ruleset, ruleset_ids
from reversis.games import game_of, play_text

RULESETS = ruleset_ids()


def _play_out(table: Table, rng: random.Random) -> list[dict[str, object]]:
    said = list(table.said)
    while not table.done:
        offers = table.offers()
        assert offers, "the hand waits for the reader but offers him nothing"
        try:
            said += table.act(rng.choice(offers))
        except TableError as exc:
            raise AssertionError(f"a move the table offered was refused: {exc}") from None
    return said


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_hand_played_at_the_table_replays_from_its_saved_scenario(ruleset: str) -> None:
    rules = load_ruleset(ruleset)
    for seed in range(100):
        rng = random.Random(seed)
        table = Table.open(ruleset, seed=seed, place=seed % rules["players"])
        said = _play_out(table, rng)
        scenario, replayed = play_text(table.saved(), source="saved.yaml")
        result = game_of(scenario.rules).result(replayed)
        assert result == table.result(), (ruleset, seed)
        # every payment (or mark) announced is an entry of the engine's ledger, in its order
        ledger = (
            [(e["payer"], e["payee"], e["amount"], e["rule"]) for e in result["ledger"]]
            if "payer" in str(result["ledger"][:1])
            else [(e["side"], e["marks"], e["rule"]) for e in result["ledger"]]
        )
        announced = [
            (s["payer"], s["payee"], s["amount"], s["rule"])
            if s["kind"] == "payment"
            else (s["side"], s["marks"], s["rule"])
            for s in said
            if s["kind"] in ("payment", "marks")
        ]
        assert announced == ledger, (ruleset, seed)
        assert all("seat" not in str(s["text"]) for s in said), (ruleset, seed)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_finished_hand_told_as_a_worked_example_is_its_result(ruleset: str) -> None:
    """The words of "Open as a worked example": every card of the tricks once, in the replay's order;
    every entry of the ledger once, at the card that made it or before the first; the players by
    their place in the hand (the reader not the dealer: a wrong naming shows)."""
    rules = load_ruleset(ruleset)
    for seed in range(12):
        table = Table.open(ruleset, seed=seed, place=1 + seed % (rules["players"] - 1))
        _play_out(table, random.Random(seed))
        told, result = worked(table), table.result()
        n = table.players
        played = [
            (role((t["leader"] + j) % n, dealer=0, players=n), c)
            for t in result["tricks"]
            for j, c in enumerate(t["cards"])
        ]
        assert [(s["who"], s["card"]["card"]) for s in told["steps"]] == played, (ruleset, seed)
        assert [t["winner"] for t in told["tricks"]] == [
            role(t["winner"], dealer=0, players=n) for t in result["tricks"]
        ]
        assert told["before"] + [e for s in told["steps"] for e in s["entries"]] == list(
            range(1, len(result["ledger"]) + 1)
        )
        entries = told["marks"] if told["unit"] == "marks" else told["payments"]
        for shown, entry in zip(entries, result["ledger"], strict=True):
            assert shown["rule"] == entry["rule"] and shown["name"] == rules.rule_name(entry["rule"])
            if "payer" in entry:
                payer = "the pool" if entry["payer"] == "pool" else role(entry["payer"], dealer=0, players=n)
                assert (shown["payer"], shown["amount"]) == (payer, entry["amount"]), (ruleset, seed)
            else:
                assert shown["marks"] == entry["marks"], (ruleset, seed)
        award = result.get("talon_award")
        if award:
            assert any(n.startswith("The talon (") and f"worth {award['value']}" in n for n in told["notes"])
        assert sum(" counts his " in n for n in told["notes"]) == len(result.get("claims") or [])
        dealt = yaml.safe_load(table.saved())["hands"]
        assert {s["seat"]: sorted(c["card"] for c in s["cards"]) for s in told["deal"]} == {
            seat: sorted(cards) for seat, cards in dealt.items()
        }


@pytest.mark.parametrize("ruleset", RULESETS)
def test_options_from_the_domains_are_played_and_saved(ruleset: str) -> None:
    rules = load_ruleset(ruleset)
    name, option = next((n, o) for n, o in rules.options.items() if o.choices and len(o.choices) > 1)
    value = next(c for c in option.choices if c != option.default)
    table = Table.open(ruleset, {name: value}, seed=5)
    _play_out(table, random.Random(5))
    scenario, replayed = play_text(table.saved(), source="saved.yaml")
    assert scenario.rules[name] == value
    assert game_of(scenario.rules).result(replayed) == table.result()


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_sitting_at_the_table_replays_to_its_standing(ruleset: str) -> None:
    table = Table.open(ruleset, seed=11)
    rng = random.Random(11)
    hands = 1
    _play_out(table, rng)
    while hands < 3 and not table.view().get("game_over"):
        table.next_hand()
        hands += 1
        _play_out(table, rng)
    view = table.view()
    assert view["hand"] == hands
    assert view["standing"] == ("" if hands == 1 else table.standing())
    assert table.sitting_text().count("--- # hand") == hands
    if hands > 1:
        assert view["dealer"] == table.who((hands - 1) % table.players)


def _frozen(table: Table) -> str:
    return json.dumps([table.view(), table.said, table.at.hand.__class__.__name__], sort_keys=True, default=str)


def test_a_claim_not_due_is_refused_and_the_hand_stays() -> None:
    for seed in range(200):
        table = Table.open("romestecq", seed=seed)
        while not table.done and not any(o["do"] == "claims-done" for o in table.offers()):
            table.act(next((o for o in table.offers() if o["do"] == "play" and "call" not in o), table.offers()[0]))
        due = table.at.hand.due_claims(table.reader)
        # a village or double ningre whose calls he did not say (an uncalled Rome is worth nothing, not refused)
        held = [
            c.name
            for c in table.at.hand.held[table.reader]
            if c.name in ("village", "double-ningre") and c.name not in due
        ]
        if not table.done and held:
            break
    else:
        pytest.skip("no hand of 200 leaves the reader a combination whose calls he did not say")
    before = _frozen(table)
    with pytest.raises(TableError, match=r"without having said its calls") as refused:
        table.act({"do": "claim", "combination": held[0]})
    assert refused.value.rule == "claim.calls" and refused.value.why["rule_name"] == "Calling a combination"
    assert "claim.calls" not in str(refused.value)
    assert _frozen(table) == before


def test_tampered_requests_are_refused_with_their_reason_and_change_nothing() -> None:
    table = Table.open("encyclopedie-1765", seed=3)
    before = _frozen(table)
    held = {c["card"] for c in table.view()["holding"]}
    not_held = next(c for c in ("AS", "KS", "QS", "JS", "AH") if c not in held)
    with pytest.raises(TableError, match=r"^Refused: .*does not hold|^Refused: .*discard"):
        table.act({"do": "exchange", "discard": not_held})
    phase = r"^Refused: you may not play the two of hearts: no play in the exchange phase\.$"
    with pytest.raises(TableError, match=phase) as refused:
        table.act({"do": "play", "card": "2H"})
    assert refused.value.rule == "play.phase" and refused.value.why["rule_name"]
    with pytest.raises(TableError, match=r"^Refused: “shuffle” is not a move at this table"):
        table.act({"do": "shuffle"})
    with pytest.raises(TableError, match=r"unknown card 'ZZ'"):
        table.act({"do": "play", "card": "ZZ"})
    assert _frozen(table) == before
    table.act({"do": "exchange", "discard": "5S"})
    before = _frozen(table)
    held_not = r"^Refused: you may not play the .* of .*: you do not hold the .*\.$"
    with pytest.raises(TableError, match=held_not) as refused:
        table.act({"do": "play", "card": not_held})
    # a refusal that no sentence of a source states says so, and cites none
    assert refused.value.why["rule_name"] == "Playing a card one holds" and "quote" not in refused.value.why
    assert refused.value.why["unstated"].startswith("No sentence of the sources states this refusal")
    assert _frozen(table) == before
    # the hand goes on from where it was
    assert table.act(table.offers()[0])


def test_a_card_out_of_turn_is_refused() -> None:
    # romestecq: the claims come after the tricks; a card then is refused, and the hand stays
    for seed in range(40):
        table = Table.open("romestecq", seed=seed)
        rng = random.Random(seed)
        while not table.done and table.at.hand.phase.value == "tricks":
            table.act(rng.choice(table.offers()))
        if not table.done:
            break
    before = _frozen(table)
    with pytest.raises(TableError, match=r"no card is played now"):
        table.act({"do": "play", "card": "AS"})
    assert _frozen(table) == before
    # reversis: the out-of-turn rule, named, when the reader's seat is not the one to play
    table = Table.open("encyclopedie-1765", seed=3)
    table.act({"do": "exchange", "discard": "5S"})
    table.at.reader = 2  # a request for another seat than the one to act, as a tampered page sends it
    turn = r": the second hand plays before his turn \(the eldest hand \(you\) is to play\)\.$"
    with pytest.raises(TableError, match=turn) as refused:
        table.act({"do": "play", "card": "2H"})
    assert refused.value.rule == "play.turn" and refused.value.why["rule_name"] == "Playing in turn"
    assert "seat" not in str(refused.value) and "play.turn" not in str(refused.value)


def test_an_option_outside_its_domain_is_refused_in_one_sentence() -> None:
    with pytest.raises(TableError, match=r"^Option players: 6 is not allowed: it must be one of 4, 5\.$"):
        Table.open("encyclopedie-1765", {"players": 6})
    answer = json.loads(table_json(json.dumps({"op": "open", "ruleset": "encyclopedie-1765", "options": {"nope": 1}})))
    assert "\n" not in answer["error"] and "nope" in answer["error"]
    with pytest.raises(TableError, match=r"^There is no fourth hand at a table of 4 players: choose another seat\.$"):
        Table.open("encyclopedie-1765", place=4)
    with pytest.raises(TableError, match=r"^7 is not a place at the table"):
        Table.open("encyclopedie-1765", place=7)
    assert Table.open("encyclopedie-1765", {"players": 5}, place=4).you == "the fourth hand"


#: Values the page's fields can send that each option's domain refuses: a number below its least, a
#: mapping's value above its most, a list's item not among its choices, a card of the wrong rank.
OUT_OF_DOMAIN = {
    "revoke_fine": (-1, r"^Option revoke_fine: -1 is not allowed: it must be a whole number ≥ 0\.$"),
    "talon": ({4: 60}, r"^Option talon\.4: 60 is not allowed: it must be a whole number from 0 to 52\.$"),
    "pool_refresh_on": (["talon", "never"], r"^Option pool_refresh_on\[1\]: .*never.*\.$"),
    "special_ace": ("KH", r"^Option special_ace: .*KH.*\.$"),
}


@pytest.mark.parametrize("name", OUT_OF_DOMAIN)
def test_a_number_a_mapping_a_list_or_a_card_outside_its_domain_is_refused_beside_its_field(name: str) -> None:
    value, sentence = OUT_OF_DOMAIN[name]
    with pytest.raises(TableError, match=sentence) as refused:
        Table.open("encyclopedie-1765", {name: value})
    assert refused.value.option == name
    request = {"op": "open", "ruleset": "encyclopedie-1765", "options": {name: value}}
    answer = json.loads(table_json(json.dumps(request)))
    assert answer["option"] == name and "\n" not in answer["error"] and answer["error"] == str(refused.value)


def test_numbers_mappings_lists_cards_and_accept_illegal_set_at_the_table_are_played_and_saved() -> None:
    """The options a player can set in the page beyond the readings: each value played and saved; with
    accept_illegal a revoke stands and is fined by its rule, where without it the card is refused."""
    options = {
        "revoke_fine": 5,
        "talon": {4: 3, 5: 2},
        "pool_refresh_on": ["talon"],
        "special_ace": "AS",
        "accept_illegal": True,
    }
    table = Table.open("encyclopedie-1765", options, seed=3)
    table.act({"do": "exchange", "discard": "5S"})
    table.act({"do": "play", "card": "2H"})
    fined: list[dict[str, object]] = []
    while not table.done:  # the reader revokes once: a card of another suit while he holds the suit led
        view = table.view()
        led = view["trick"][0]["suit"] if view["trick"] else None
        suits = {c["suit"] for c in view["holding"]}
        other = [c["card"] for c in view["holding"] if c["suit"] != led]
        if not fined and led in suits and other:
            with pytest.raises(IllegalAction) as forbidden:  # a revoke, which the option lets stand
                table.at.hand.verify_play(table.rules.pack.parse(other[0]), seat=table.reader)
            assert forbidden.value.rule == "play.follow"
            fined = [s for s in table.act({"do": "play", "card": other[0]}) if s["kind"] == "payment"]
        else:
            table.act(table.offers()[-1])
    assert fined[0]["rule"] == "penalty.revoke" and fined[0]["payer"] == table.reader
    scenario, replayed = play_text(table.saved(), source="saved.yaml")
    assert {n: scenario.rules[n] for n in options} == options
    assert game_of(scenario.rules).result(replayed) == table.result()


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_last_move_taken_back_leaves_the_hand_as_it_was_before_it(ruleset: str) -> None:
    """Undo deals the hand again and replays the reader's other moves: the view and everything said are
    those before the move taken back, in the second hand of a sitting too (the pool or the marks
    carried); with no move made, nothing is taken back."""
    table = Table.open(ruleset, seed=9, place=2)
    with pytest.raises(TableError, match="no move in this hand to take back"):
        table.undo()
    for hand in (1, 2):
        rng = random.Random(hand)
        while not table.done:
            before = (json.dumps(table.view()), list(table.said))
            move = rng.choice(table.offers())
            table.act(move)
            if rng.random() < 0.3 or table.done:
                assert table.undo() == before[1]
                assert (json.dumps(table.view()), table.said) == before, (ruleset, hand, move)
                table.act(move)
        if hand == 1 and not table.at.game_over:
            table.next_hand()
    scenario, replayed = play_text(table.saved(), source="saved.yaml")
    assert game_of(scenario.rules).result(replayed) == table.result()


def test_the_page_requests() -> None:
    words = rule_words(load_ruleset("revesino"))
    opened = json.loads(table_json(json.dumps({"op": "open", "ruleset": "revesino", "seed": 2, "words": words})))
    assert opened["view"]["you"] == "the eldest hand" and opened["view"]["offers"]
    refused = json.loads(table_json(json.dumps({"op": "act", "action": {"do": "play", "card": "AO"}})))
    assert refused["error"].startswith("Refused:") and refused["rule"] and refused["view"] == opened["view"]
    rng = random.Random(2)
    view = opened["view"]
    payments = [s for s in opened["said"] if s["kind"] == "payment"]
    while not view["done"]:
        answer = json.loads(table_json(json.dumps({"op": "act", "action": rng.choice(view["offers"])})))
        view = answer["view"]
        payments += [s for s in answer["said"] if s["kind"] == "payment"]
    ledger = [(e["payer"], e["payee"], e["amount"], e["rule"]) for e in view["result"]["ledger"]]
    assert [(p["payer"], p["payee"], p["amount"], p["rule"]) for p in payments] == ledger
    quoted = [p for p in payments if "quote" in p]
    assert quoted and all(p["paragraph"].startswith("revesino") for p in quoted)


def test_the_outcome_names_the_reader_first_and_adds_up() -> None:
    table = Table.open("espagnolette-19c", seed=8, place=2)
    _play_out(table, random.Random(8))
    lines = table.view()["outcome"]
    assert len(lines) == 4 and lines[0].startswith("The second hand (you) ")
    balances = table.result()["balances"]
    for seat, line in ((s, next(x for x in lines if x.startswith(table.who(s).capitalize()))) for s in range(4)):
        amount = balances[seat]
        assert (
            (f"wins {amount} chip" in line)
            if amount > 0
            else (f"loses {-amount} chip" in line)
            if amount < 0
            else "neither" in line
        )
    table = Table.open("romestecq", seed=8)
    _play_out(table, random.Random(8))
    left = table.result()["marks"]["after"]
    assert [line.split(" has ")[1].split()[0] for line in table.view()["outcome"][:2]] == [
        str(left["0"]),
        str(left["1"]),
    ]
