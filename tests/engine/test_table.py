"""The table (reversis.apps.table): a hand played by a reader through it, with random legal moves,
saved and replayed by the scenario path, gives the same result; a sitting's records replay to its
standing; a tampered request is refused with its reason and leaves the hand as it was."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from reversis.apps.table import Table, TableError, rule_words, table_json
from reversis.apps.table_worked import described
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
def test_a_finished_hand_is_told_from_its_games_description(ruleset: str) -> None:
    """The end of a hand, from ``Game.describe``: every card of the tricks once, in order, each a
    step; every entry of the ledger once, with its rule's English name; what the hand left each
    player as the description's returns, the reader first; the players by their place in the hand
    (the reader not the dealer: a wrong naming shows), no seat number anywhere."""
    rules = load_ruleset(ruleset)
    for seed in range(12):
        table = Table.open(ruleset, seed=seed, place=1 + seed % (rules["players"] - 1))
        _play_out(table, random.Random(seed))
        told, result = described(table), table.result()
        n = table.players
        played = [
            (role((t["leader"] + j) % n, dealer=0, players=n), c)
            for t in result["tricks"]
            for j, c in enumerate(t["cards"])
        ]
        shown = [
            (s["text"].split(" plays ")[0].removesuffix(" (you)").lower(), s["card"]["card"]) for s in told["steps"]
        ]
        assert shown == played, (ruleset, seed)
        entries = told["before"] + [e for s in told["steps"] for e in s["after"]]
        ruled = [e for e in entries if e["kind"] in ("payment", "marks")]
        assert sorted((e["rule"], e["rule_name"]) for e in ruled) == sorted(
            (e["rule"], rules.rule_name(e["rule"])) for e in result["ledger"]
        ), (ruleset, seed)
        returns = table.game.describe(table.finished_hand()).returns
        order = sorted(range(n), key=lambda s: (s != table.reader, (s - 1) % n))
        assert [r["value"] for r in told["results"]] == [returns[s] for s in order]
        assert told["results"][0]["text"].startswith(f"{table.you.capitalize()} (you): ")
        assert "seat" not in json.dumps(told), (ruleset, seed)


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
    return json.dumps([table.view(), table.said, table.at.state.hand.__class__.__name__], sort_keys=True, default=str)


def test_a_claim_not_due_is_refused_and_the_hand_stays() -> None:
    for seed in range(200):
        table = Table.open("romestecq", seed=seed)
        while not table.done and not any(o["do"] == "claims-done" for o in table.offers()):
            table.act(next((o for o in table.offers() if o["do"] == "play" and "call" not in o), table.offers()[0]))
        due = table.at.state.hand.due_claims(table.reader)
        # a village or double ningre whose calls he did not say (an uncalled Rome is worth nothing, not refused)
        held = [
            c.name
            for c in table.at.state.hand.held[table.reader]
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
        while not table.done and table.at.state.hand.phase.value == "tricks":
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
                table.at.state.hand.verify_play(table.rules.pack.parse(other[0]), seat=table.reader)
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


def test_what_the_hand_left_each_player_is_the_descriptions_returns_in_words() -> None:
    table = Table.open("espagnolette-19c", seed=8, place=2)
    _play_out(table, random.Random(8))
    told = table.view()["told"]
    lines = [r["text"] for r in told["results"]]
    assert len(lines) == 4 and lines[0].startswith("The second hand (you): ")
    assert told["unit"] == "chips" and told["meaning"] == table.game.returns_meaning
    assert sum(r["value"] for r in told["results"]) == 0
    table = Table.open("romestecq", seed=8)
    _play_out(table, random.Random(8))
    told = table.view()["told"]
    assert told["unit"] == "marks" and all(r["text"].endswith((" mark", " marks")) for r in told["results"])


def test_a_tampered_message_is_refused_in_the_readers_words_and_the_hand_goes_on() -> None:
    """Messages a tampered page may send the engine (a card not held, a move out of turn, an unknown
    action): each refused in one sentence with its rule in the reader's words, the view unchanged,
    and the hand goes on from where it was."""

    def ask(request: dict[str, object]) -> dict[str, Any]:
        answer: dict[str, Any] = json.loads(table_json(json.dumps(request)))
        return answer

    rules = load_ruleset("encyclopedie-1765")
    opened = ask({"op": "open", "ruleset": rules.id, "seed": 3, "words": rule_words(rules)})
    ask({"op": "act", "action": {"do": "exchange", "discard": "5S"}})
    view = ask({"op": "act", "action": {"do": "exchange", "discard": "5S"}})["view"]
    assert opened["view"]["hand"] == 1
    held = {c["card"] for c in view["holding"]}
    not_held = next(c for c in ("AS", "KS", "QS", "JS", "AH", "AC") if c not in held)
    refused = [
        ask({"op": "act", "action": {"do": "play", "card": not_held}}),
        ask({"op": "act", "action": {"do": "claim", "combination": "rome"}}),
        ask({"op": "act", "action": {"do": "teleport"}}),
        ask({"op": "act", "action": {"do": "play", "card": "XX"}}),
    ]
    for answer in refused:
        assert answer["error"].startswith("Refused: ") and "\n" not in answer["error"], answer["error"]
        assert answer["view"] == view, answer["error"]
        ids = [r for r in rules.rule_names if "." in r and re.search(rf"\b{re.escape(r)}\b", answer["error"])]
        assert not ids and "seat" not in answer["error"], answer["error"]  # no rule id, no seat
    assert refused[0]["why"]["rule_name"] == "Playing a card one holds" and refused[0]["why"]["unstated"]
    # a card against the rules: its rule's English name and the source's words with their English
    first_lead = next(c["card"] for c in view["holding"] if not c["legal"])
    answer = ask({"op": "act", "action": {"do": "play", "card": first_lead}})
    assert answer["why"]["rule_name"] == "The first lead" and answer["why"]["quote"] and answer["why"]["gloss"]
    assert answer["why"]["lang"] == "fr" and answer["view"] == view
    legal = next(c["card"] for c in view["holding"] if c["legal"])
    went_on = ask({"op": "act", "action": {"do": "play", "card": legal}})
    assert "error" not in went_on and went_on["said"][0]["card"] == legal
