"""The strong player (:mod:`reversis.apps.strong`) on a few seeded decisions: always legal, the same
for the same seed, blind to the cards it cannot see, and placing the quinola when it may. Its
strength is measured by ``scripts/bench_strong.py``, not here."""

from __future__ import annotations

import random
from typing import Any

import pytest

from reversis.apps.strong import MAX_BUDGET, Strong, check_bot, check_budget, decide, new_hand
from reversis.core.errors import ReversisError
from reversis.core.moves import Action, State
from reversis.core.ruleset import load_ruleset, ruleset_ids
from reversis.games import game_of

RULESETS = ruleset_ids()


def _state(ruleset: str, seed: int) -> State:
    rules = load_ruleset(ruleset)
    return new_hand(game_of(rules), rules, dealer=seed % int(rules["players"]), seed=seed)


def _play(ruleset: str, seed: int, strong_seat: int) -> list[Action]:
    """A hand with the strong player (8 playouts a decision) in one seat and cautious in the others;
    every action is applied, so that an illegal one fails."""
    state = _state(ruleset, seed)
    cautious = game_of(state.rules).policy("cautious")
    strong = Strong(budget=8)
    rng = random.Random(seed)
    while (seat := state.to_act()) is not None:
        action = (strong if seat == strong_seat else cautious)(state, rng)
        assert action in state.legal_actions()
        state.apply(action)
    return list(state.history())


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_decision_is_legal_and_the_same_for_the_same_seed(ruleset: str) -> None:
    first = _play(ruleset, 5, strong_seat=1)
    assert first == _play(ruleset, 5, strong_seat=1)
    assert any(a.seat == 1 for a in first)


class Blind:
    """A hand that answers only what the strong player may ask: the seat to act, his legal actions,
    and deals resampled from what he knows. Anything else fails the test."""

    def __init__(self, state: State) -> None:
        self._state = state

    def to_act(self) -> int | None:
        return self._state.to_act()

    def legal_actions(self) -> list[Action]:
        return self._state.legal_actions()

    def resample(self, seat: int, rng: random.Random) -> State:
        assert seat == self._state.to_act(), "a deal resampled for another seat than the one to act"
        return self._state.resample(seat, rng)

    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"the strong player read {name} of the real hand")


def _hidden_shuffled(state: State, ruleset: str, seed: int) -> State:
    """The same hand with every card that the seat to act cannot see dealt again among the places
    that hold them (the other seats, the talon), each place keeping its number of cards."""
    rules = state.rules
    game = game_of(rules)
    me = state.to_act()
    assert me is not None and not state.history()
    holdings = {s: list(state.knows(s).holding) for s in range(state.players)}
    held = {c for cards in holdings.values() for c in cards}
    talon = [c for c in game.pack(rules) if c not in held]
    places: dict[object, list[Any]] = {s: cards for s, cards in holdings.items() if s != me}
    if talon:
        places["talon"] = talon
    hidden = [c for cards in places.values() for c in cards]
    random.Random(seed).shuffle(hidden)
    deal: dict[object, list[Any]] = {me: holdings[me]}
    for place, cards in places.items():
        deal[place], hidden = hidden[: len(cards)], hidden[len(cards) :]
    other: State = game.new_hand(rules, dealer=state.dealer, deal=deal)
    assert other.to_act() == me and other.knows(me).holding == state.knows(me).holding
    assert any(other.knows(s).holding != state.knows(s).holding for s in range(state.players) if s != me)
    return other


@pytest.mark.parametrize("ruleset", RULESETS)
def test_it_decides_alike_on_two_deals_that_differ_only_in_cards_it_cannot_see(ruleset: str) -> None:
    seed = 2
    while len((state := _state(ruleset, seed)).legal_actions()) < 2:
        seed += 1
    other = _hidden_shuffled(state, ruleset, seed)
    one = decide(Blind(state), random.Random(11), budget=40)  # type: ignore[arg-type]
    two = decide(Blind(other), random.Random(11), budget=40)  # type: ignore[arg-type]
    assert one == two


def test_it_places_the_quinola_on_a_trick_of_another_suit() -> None:
    """Hand 1 of the Encyclopédie's rules played by cautious players: at the 27th card the eldest
    hand, void in the suit led, may throw the quinola (which pays him) or one of four other cards."""
    state = _state("encyclopedie-1765", 1)
    cautious = game_of(state.rules).policy("cautious")
    rng = random.Random(1)
    while sum(a.kind == "play" for a in state.history()) < 26:
        state.apply(cautious(state, rng))
    legal = state.legal_actions()
    quinola = [a for a in legal if a.card == state.rules.pack.parse("JH")]
    assert quinola and len(legal) == 5
    assert decide(Blind(state), random.Random(3), budget=60) == quinola[0]  # type: ignore[arg-type]


@pytest.mark.parametrize("budget", [0, -1, MAX_BUDGET + 1, True, 2.5, "10"])
def test_a_budget_outside_its_range_is_refused_in_one_line(budget: object) -> None:
    with pytest.raises(ReversisError) as caught:
        check_budget(budget)
    assert "\n" not in str(caught.value) and f"1 to {MAX_BUDGET:,}" in str(caught.value)


def test_an_unknown_bot_is_refused_with_the_nearest_name() -> None:
    with pytest.raises(ReversisError, match=r"unknown bot 'strnog' \(did you mean 'strong'\?\)"):
        check_bot("strnog", ("cautious", "random", "strong"))


def test_a_scenario_left_to_the_strong_bot_is_recorded_with_its_budget_and_replays() -> None:
    from reversis.apps.strong import Strong
    from reversis.core.scenario import dump_record
    from reversis.games import play_text

    def searcher(budget: int) -> Strong:
        return Strong(budget=budget)

    text = "{ruleset: revesino, seed: 4, bot: strong, budget: 6, plays: []}"
    scenario, hand = play_text(text, source="s.yaml", searcher=searcher)
    game = game_of(scenario.rules)
    record = game.record(hand, bot="strong", seed=4, budget=6)
    assert (record["bot"], record["budget"]) == ("strong", 6)
    _, replayed = play_text(dump_record(record), source="r.yaml")  # every move given: no search
    assert game.result(replayed) == game.result(hand)


def test_a_sitting_of_the_strong_bot_names_its_budget_and_replays_to_the_same_standing() -> None:
    from reversis.apps.sitting import dump_sitting, parse_sitting, play_sitting, sitting_from_args, table

    sitting = sitting_from_args(ruleset="encyclopedie-1765", hands=2, seed=1, bot="strong", budget=4)
    hands = play_sitting(sitting)
    assert "bot strong (4 playouts a decision)" in table(sitting, hands)
    text = dump_sitting(sitting, hands)
    assert text.count("budget: 4") == 3  # the sitting and each hand
    again = parse_sitting(text, source="sitting.yaml")
    assert table(again, play_sitting(again)).splitlines()[-4:] == table(sitting, hands).splitlines()[-4:]


def test_simulate_and_compare_take_the_strong_bot_and_its_budget() -> None:
    from reversis.apps.compare import command, record, resolve
    from reversis.apps.measure import measure
    from reversis.apps.simulate import simulate

    assert simulate(ruleset="encyclopedie-1765", hands=1, bot="strong", budget=2).hands == 1
    comparison = resolve("encyclopedie-1765", "quinola_given_bete")
    [tally] = measure([comparison], hands=1, bot="strong", budget=3)
    data = record(comparison, tally, seed=0, bot="strong", budget=3)
    assert data["budget"] == 3 and command(comparison, hands=1, seed=0, bot="strong", budget=3).endswith(
        "--bot strong --budget 3 --json"
    )


def test_play_a_hand_seats_the_strong_player_and_refuses_a_bot_or_budget_it_cannot_take() -> None:
    import json

    from reversis.apps.table import Table, table_json

    table = Table.open("revesino", seed=3, bot="strong", budget=4)
    assert "strong player" in table.view()["opponents"]
    while not table.done:
        table.act(table.offers()[-1])
    assert "bot: strong\nbudget: 4\n" in table.saved()
    for asked, refused in (
        ({"bot": "strnog"}, "did you mean 'strong'?"),
        ({"bot": "strong", "budget": 0}, "1 to 100,000"),
    ):
        answer = json.loads(table_json(json.dumps({"op": "open", "ruleset": "revesino", **asked})))
        assert refused in answer["error"] and "\n" not in answer["error"]


@pytest.mark.parametrize("ruleset", ["revesino", "espagnolette-19c"])
def test_a_hand_under_way_resumed_from_its_events_has_the_same_moves_and_turn(ruleset: str) -> None:
    """What a scenario's strong bot and the table search from (reversis.games.reversis.moves.resumed)."""
    from reversis.games.reversis.moves import ReversisState, resumed

    state = _state(ruleset, 7)
    assert isinstance(state, ReversisState)
    policy = game_of(state.rules).policy("random")
    rng = random.Random(7)
    checked = 0
    while state.to_act() is not None:
        asking = state.legal_actions()[-1].kind == "pass"
        if not asking:
            again = resumed(state.hand, asked=True, copy=True)
            assert list(again.history()) == [a for a in state.history() if a.kind != "pass"]
            assert again.to_act() == state.to_act() and again.legal_actions() == state.legal_actions()
            mine = state.to_act()
            assert mine is not None and again.knows(mine).voids == state.knows(mine).voids
            checked += 1
        state.apply(policy(state, rng))
    assert checked > 40
