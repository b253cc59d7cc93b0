"""Each ruleset as a PettingZoo AEC environment (:mod:`reversis.apps.pettingzoo_env`): PettingZoo's
own checks (``api_test``, ``seed_test``), the action mask, the refusal of an illegal action, and an
observation that is what the agent knows and nothing more."""

from __future__ import annotations

import random

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from reversis.apps.observation import knowledge_vector
from reversis.apps.pettingzoo_env import HandEnv, env
from reversis.core.errors import IllegalAction
from reversis.core.ruleset import ruleset_ids

RULESETS = ruleset_ids()


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_pettingzoos_api_test(ruleset_id: str) -> None:
    api_test(env(ruleset_id, render_mode="ansi"), num_cycles=1000)


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_pettingzoos_seed_test(ruleset_id: str) -> None:
    seed_test(lambda: env(ruleset_id), num_cycles=100)


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_the_mask_is_the_legal_actions_and_a_hand_ends_with_the_returns(ruleset_id: str) -> None:
    hand = env(ruleset_id)
    hand.reset(seed=5)
    rng = random.Random(5)
    rewards: dict[str, float] = {}
    for agent in hand.agent_iter():
        _, reward, terminated, _, info = hand.last()
        if terminated:
            rewards[agent] = reward
            hand.step(None)
            continue
        assert reward == 0
        state = hand.state
        assert state is not None
        assert agent == f"player_{state.to_act()}"
        assert np.flatnonzero(info["action_mask"]).tolist() == [a.code for a in state.legal_actions()]
        hand.step(rng.choice(np.flatnonzero(info["action_mask"]).tolist()))
    assert hand.state is not None and hand.state.over()
    assert hand.agents == []
    assert [rewards[f"player_{seat}"] for seat in range(hand.state.players)] == hand.state.returns()


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    hand = HandEnv("encyclopedie-1765")
    hand.reset(seed=1)
    _, _, _, _, info = hand.last()
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    before = hand.observe(hand.agent_selection)
    with pytest.raises(IllegalAction) as refused:
        hand.step(illegal)
    assert "\n" not in str(refused.value) and refused.value.rule
    with pytest.raises(ValueError, match=r"player_\d is to act: its action is a code of 0 to \d+, not None"):
        hand.step(None)
    assert np.array_equal(hand.observe(hand.agent_selection), before)


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_the_observation_is_what_the_agent_knows(ruleset_id: str) -> None:
    hand = env(ruleset_id)
    hand.reset(seed=11)
    rng = random.Random(11)
    for _ in range(6):
        state = hand.state
        assert state is not None
        if state.over():
            break
        seat = state.to_act()
        assert seat is not None
        seen = hand.observe(f"player_{seat}")
        # the hidden cards dealt again as he might imagine them: he sees the same
        other = state.resample(seat, rng)
        args = {"to_act": other.to_act(), "players": other.players, "actions": hand.actions}
        assert np.array_equal(knowledge_vector(other.knows(seat), **args), seen)
        assert hand.observation_space(hand.agent_selection).contains(seen)
        hand.step(random.choice([a.code for a in state.legal_actions()]))


def test_a_new_game_is_an_environment_and_an_openspiel_game_as_soon_as_it_is_registered() -> None:
    """Trio, the tiny game of the tests (tests/games/trio.py), registered: both adapters take it."""
    import pyspiel
    from games import trio  # tests/games, a package beside this one

    from reversis.apps import openspiel
    from reversis.games import register, unregister

    register(trio.GAME, rulesets=[trio.RULES])
    try:
        api_test(env("trio-test", render_mode="ansi"), num_cycles=1000)
        seed_test(lambda: env("trio-test"), num_cycles=100)
        (name,) = openspiel.register(["trio-test"])
        game = pyspiel.load_game(name, {"last_trick": 3})
        assert game.num_players() == 3 and game.num_distinct_actions() == 20
        pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)
    finally:
        unregister("trio")
