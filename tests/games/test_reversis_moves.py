"""A hand of Reversis move by move (:mod:`reversis.games.reversis.moves`): the same hand as the batch
path plays, the declarations asked seat by seat, a move against the rules refused with its rule."""

from __future__ import annotations

import random

import pytest

from reversis.core.errors import IllegalAction
from reversis.core.ruleset import load_ruleset
from reversis.games.reversis.bots import get_bot, play_seeded
from reversis.games.reversis.game import GAME
from reversis.games.reversis.moves import ReversisState
from reversis.games.reversis.params import compile_params

RULESETS = ("encyclopedie-1765", "espagnolette-19c", "revesino")


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("bot", ["random", "cautious"])
def test_a_hand_played_move_by_move_by_a_bot_is_the_hand_simulate_plays(ruleset: str, bot: str) -> None:
    rules = load_ruleset(ruleset)
    params = compile_params(rules)
    choose = GAME.policy(bot)
    for i in range(12):
        state = GAME.new_hand(rules, dealer=i % params.players, seed=40 + i)
        assert state.chance is not None
        while not state.over():
            state.apply(choose(state, state.chance))
        batch = play_seeded(rules, params, get_bot(bot), 40, i)
        assert state.hand.events == batch.events
        assert state.hand.ledger.entries == batch.ledger.entries
        assert GAME.result(GAME.finished(state)) == GAME.result(batch)


def _to_declaration(ruleset: str) -> ReversisState:
    """A hand at the first asking of a declaration (the napolitana, before the first lead)."""
    rules = load_ruleset(ruleset)
    for seed in range(200):
        state = GAME.new_hand(rules, dealer=0, seed=seed)
        while not state.over() and state.legal_actions()[-1].kind != "pass":
            state.apply(state.legal_actions()[0])
        if not state.over() and any(a.kind == "declare" for a in state.legal_actions()):
            return state
    raise AssertionError("no hand in 200 in which a seat may declare")


def test_each_seat_is_asked_to_declare_or_pass_before_the_first_lead_where_a_hand_may_qualify_unseen() -> None:
    state = _to_declaration("espagnolette-19c")
    leader = state.hand.to_act
    asked = []
    while state.legal_actions()[-1].kind == "pass":
        seat = state.to_act()
        asked.append(seat)
        state.apply(state.legal_actions()[-1])  # every seat passes
    assert asked == [(leader + k) % state.players for k in range(state.players)]
    assert state.legal_actions()[0].kind == "play" and state.to_act() == leader
    assert state.hand.declared == []


def test_a_declaration_made_through_the_interface_is_the_engines_and_ends_the_asking_of_its_kind() -> None:
    state = _to_declaration("espagnolette-19c")
    while not any(a.kind == "declare" for a in state.legal_actions()):
        state.apply(state.legal_actions()[-1])
    declare = next(a for a in state.legal_actions() if a.kind == "declare")
    happened = state.apply(declare.code)
    assert [(h.kind, h.seat, h.name) for h in happened] == [("declare", declare.seat, declare.name)]
    assert state.legal_actions()[0].kind == "play"  # one napolitana: nobody else is asked


def test_a_move_against_the_rules_is_refused_with_its_rule_and_the_hand_is_unchanged() -> None:
    rules = load_ruleset("encyclopedie-1765")
    state = GAME.new_hand(rules, dealer=0, seed=3)
    while state.legal_actions()[0].kind != "play":
        state.apply(state.legal_actions()[0])
    state.apply(state.legal_actions()[0])  # a lead: the next seat must follow if he can
    legal = {a.code for a in state.legal_actions()}
    held = [c for c in state.hand.holding(state.hand.to_act)]
    codes = GAME.action_count(rules)
    before = (list(state.hand.events), list(state.hand.hands), list(state.history()))
    wrong = next((c for c in held if state.codes.index[c] not in legal), None)
    if wrong is not None:
        with pytest.raises(IllegalAction) as refused:
            state.apply(state.codes.index[wrong])
        assert refused.value.rule == "play.follow"
    with pytest.raises(IllegalAction) as refused:
        state.apply(codes - 3)  # the discard of a card, after the exchange
    assert refused.value.rule == "exchange" and "\n" not in str(refused.value)
    with pytest.raises(IllegalAction) as refused:
        state.apply(codes)
    assert "no action code" in str(refused.value)
    assert (list(state.hand.events), list(state.hand.hands), list(state.history())) == before


def test_the_returns_count_the_pool_in_common_and_sum_to_zero() -> None:
    rules = load_ruleset("revesino")
    choose = GAME.policy("random")
    rng = random.Random(5)
    for seed in range(10):
        state = GAME.new_hand(rules, seed=seed)
        assert state.returns() == [0.0] * state.players
        while not state.over():
            state.apply(choose(state, rng))
        returns = state.returns()
        assert abs(sum(returns)) < 1e-9
        assert returns != [0.0] * state.players
