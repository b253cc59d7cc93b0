"""Resampling a hand where what a player knows leaves few deals: the seeded states in which the
sampler found no deal before (a deal drawn at random and thrown away until it agreed), or dealt one
that did not agree (a virlicque in a hand going on), each of which now resamples every time,
consistently with everything the player knows."""

from __future__ import annotations

import random

import pytest

from reversis.core.moves import State
from reversis.core.ruleset import Ruleset, load_ruleset
from reversis.games import game_of
from reversis.games.reversis.moves import ReversisState
from reversis.games.romestecq.game import GAME
from reversis.games.romestecq.moves import RomestecqState

#: (ruleset, seed, dealer, the moves made, the seat that resamples, what he must be told of)
STATES = [
    # the napolitana declared by another seat: he held four of the four aces and the quínola
    ("revesino", 87, 3, [60, 96, 59, 78, 99, 97, 1, 22], 2),
    ("revesino", 8, 0, [50, 88, 54, 57, 97, 3], 2),
    # the espagnolette declared by another seat, the same way
    ("espagnolette-19c", 7, 3, [71, 55, 79, 90, 98, 98, 97], 0),
    ("espagnolette-19c", 31, 3, [68, 81, 58, 70, 98, 98, 97, 12, 14, 3], 3),
    # Romestecq: three cards thrown with "pièce de Rome", each of which must be of a Rome of its hand
    ("romestecq", 175, 3, [34, 66, 68, 71, 17, 46, 12, 14, 25], 0),
    ("romestecq", 13, 1, [10, 9, 49, 34, 31, 0, 26, 12, 8, 37, 4, 2, 17, 19], 2),
]


@pytest.mark.parametrize(("ruleset", "seed", "dealer", "moves", "seat"), STATES, ids=[f"{s[0]}-{s[1]}" for s in STATES])
def test_a_state_that_left_few_deals_resamples_every_time_as_the_player_knows_it(
    ruleset: str, seed: int, dealer: int, moves: list[int], seat: int
) -> None:
    rules = load_ruleset(ruleset)
    game = game_of(rules)
    state = game.new_hand(rules, dealer=dealer, seed=seed)
    for code in moves:
        state.apply(code)
    assert state.to_act() == seat
    knows, legal = state.knows(seat), {a.code for a in state.legal_actions()}
    for k in range(30):
        sample = state.resample(seat, random.Random(k))  # NoDeal before, in about a third to a half of them
        assert sample.knows(seat) == knows and sample.to_act() == seat
        assert {a.code for a in sample.legal_actions()} >= legal
        _check_deal(rules, state, sample)


def _check_deal(rules: Ruleset, state: State, sample: State) -> None:
    """What the player was told agrees with the deal drawn: the renouncer (another seat) held enough of
    his cards when he declared; in Romestecq, the hand dealt so, with the same moves made again from
    the deal, takes every one of them (the calls among them) and comes to the same knowledge."""
    if isinstance(sample, ReversisState):
        p = sample.hand.params
        declared = [a.seat for a in state.history() if a.kind == "declare" and a.name == p.renouncer]
        assert declared and declared[0] != state.to_act()
        renouncer = declared[0]
        played = [a.card for a in state.history() if a.kind == "play" and a.seat == renouncer and a.card is not None]
        his = {*sample.knows(renouncer).holding, *played}
        assert sum(1 for card in his if p.renouncer_cards >> card & 1) >= p.renouncer_at_least
    else:
        assert isinstance(sample, RomestecqState)
        again = GAME.new_hand(rules, dealer=state.dealer, deal=dict(enumerate(sample.hand.dealt)))
        for action in state.history():
            again.apply(action.code)
        assert [again.knows(s) for s in range(again.players)] == [sample.knows(s) for s in range(again.players)]


@pytest.mark.parametrize(("seed", "dealer", "draws"), [(13, 1, (53, 60, 103)), (3, 3, (20, 240)), (5, 1, (57, 60))])
def test_a_romestecq_deal_resampled_before_the_first_card_gives_nobody_a_virlicque(
    seed: int, dealer: int, draws: tuple[int, ...]
) -> None:
    """A virlicque dealt ends the hand at the deal: a hand going on has none, in any deal drawn for it
    (these draws once dealt one, and the deal was a hand already over)."""
    rules = load_ruleset("romestecq")
    state = GAME.new_hand(rules, dealer=dealer, seed=seed)
    seat = state.to_act()
    assert seat is not None
    for k in draws:
        sample = state.resample(seat, random.Random(k))
        assert sample.to_act() == seat and not sample.over()
