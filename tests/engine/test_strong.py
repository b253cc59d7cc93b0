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
from reversis.core.ruleset import load_ruleset
from reversis.games import game_of

#: The rulesets whose hands are played move by move.
RULESETS = [rid for rid in ("encyclopedie-1765", "revesino", "espagnolette-19c", "romestecq")]


def _state(ruleset: str, seed: int) -> State:
    rules = load_ruleset(ruleset)
    game = game_of(rules)
    if not hasattr(game, "new_hand"):
        pytest.skip(f"the game of {ruleset} is not yet played move by move")
    try:
        return new_hand(game, rules, dealer=seed % int(rules["players"]), seed=seed)
    except NotImplementedError:
        pytest.skip(f"the game of {ruleset} is not yet played move by move")


def _play(ruleset: str, seed: int, strong_seat: int) -> list[Action]:
    """A hand with the strong player (8 playouts a decision) in one seat and cautious in the others;
    every action is applied, so that an illegal one fails."""
    state = _state(ruleset, seed)
    cautious = game_of(state.rules).policy("cautious")  # type: ignore[attr-defined]
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
    talon = [c for c in game.pack(rules) if c not in held]  # type: ignore[attr-defined]
    places: dict[object, list[Any]] = {s: cards for s, cards in holdings.items() if s != me}
    if talon:
        places["talon"] = talon
    hidden = [c for cards in places.values() for c in cards]
    random.Random(seed).shuffle(hidden)
    deal: dict[object, list[Any]] = {me: holdings[me]}
    for place, cards in places.items():
        deal[place], hidden = hidden[: len(cards)], hidden[len(cards) :]
    other: State = game.new_hand(rules, dealer=state.dealer, deal=deal)  # type: ignore[attr-defined]
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
    cautious = game_of(state.rules).policy("cautious")  # type: ignore[attr-defined]
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
