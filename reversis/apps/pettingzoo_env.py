"""Each ruleset as a PettingZoo AEC environment (agents acting in turn), for multi-agent learning.

``env(ruleset_id)`` (or :class:`HandEnv` itself) is one hand of the ruleset, read through
:class:`reversis.core.game.Game` and :class:`reversis.core.moves.State` alone, whatever the game:

- the agents are ``player_0`` … ``player_{n-1}``, the seats of the hand; the agent selected is the
  seat to act (:meth:`State.to_act`);
- an action is the game's stable code (``Discrete(game.action_count(rules))``); the legal ones are
  given as ``infos[agent]["action_mask"]`` (a vector of 0 and 1 over the codes, from
  :meth:`State.legal_actions`), and an illegal one is refused with the engine's one-line reason;
- an observation is what the agent knows, as the vector of fixed size of
  :mod:`reversis.apps.observation` (from :meth:`State.knows`);
- the rewards are :meth:`State.returns`, given when the hand is over (the game says what they
  count: ``game.returns_meaning``); every agent is then terminated;
- ``reset(seed=…)`` deals the hand of that seed (``game.new_hand``: the deal of ``reversis
  simulate``'s hands from that seed); a hand that its deal alone decides, in which no one would
  act, is dealt again from the next seed.

``options`` (a mapping of option names to values, as ``reversis play --option`` takes them) and
``dealer`` (the dealer's seat) are given when the environment is made.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

import gymnasium
import numpy as np
import numpy.typing as npt
from pettingzoo import AECEnv

from reversis.apps.observation import knowledge_vector, vector_size
from reversis.core.moves import State
from reversis.core.ruleset import load_ruleset
from reversis.games import game_of

__all__ = ["HandEnv", "env"]

#: The seeds tried, one after the other, for a hand in which someone acts.
_REDEALS = 1000


class HandEnv(AECEnv[str, npt.NDArray[np.float32], int]):  # type: ignore[misc]
    """One hand of a ruleset as a PettingZoo AEC environment (see the module's docstring)."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi"],
        "name": "reversis_hand_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        ruleset_id: str,
        *,
        options: Mapping[str, object] | None = None,
        dealer: int = 0,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.rules = load_ruleset(ruleset_id).with_options(dict(options or {}))
        self.game = game_of(self.rules)
        self.dealer = dealer
        self.render_mode = render_mode
        self.actions = self.game.action_count(self.rules)
        players = self.game.new_hand(self.rules, dealer=dealer, seed=0).players
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        size = vector_size(players=players, actions=self.actions)
        box = gymnasium.spaces.Box(low=0.0, high=1.0, shape=(size,), dtype=np.float32)
        self.observation_spaces = {agent: box for agent in self.possible_agents}
        self.action_spaces = {agent: gymnasium.spaces.Discrete(self.actions) for agent in self.possible_agents}
        self._rng = random.Random()
        self.state: State | None = None

    def __str__(self) -> str:
        return f"reversis_{self.rules.id}"

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng.seed(seed)
        first = self._rng.getrandbits(32)
        for k in range(_REDEALS):
            state = self.game.new_hand(self.rules, dealer=self.dealer, seed=first + k)
            if not state.over():
                break
        else:  # pragma: no cover - a ruleset whose every deal decides the hand
            raise RuntimeError(f"{_REDEALS} deals of {self.rules.id} in a row were decided by the deal alone")
        self.state = state
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select()

    def observe(self, agent: str) -> npt.NDArray[np.float32]:
        state = self._state()
        seat = self.possible_agents.index(agent)
        return knowledge_vector(state.knows(seat), to_act=state.to_act(), players=state.players, actions=self.actions)

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self._state()
        assert action is not None, "a live agent's action is a code, not None"
        self._cumulative_rewards[agent] = 0.0
        state.apply(int(action))
        if state.over():
            for agent_, value in zip(self.possible_agents, state.returns(), strict=True):
                self.rewards[agent_] = float(value)
                self.terminations[agent_] = True
        self._accumulate_rewards()
        self._select()

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode (the one mode is 'ansi')")
            return None
        state = self._state()
        rules = self.rules
        lines = [f"{rules.id}, dealer {state.dealer}; to act: {state.to_act()}"]
        for seat in range(state.players):
            lines.append(f"player_{seat}: {' '.join(rules.pack.names(state.knows(seat).holding))}")
        return "\n".join(lines)

    def close(self) -> None:
        self.state = None

    def _state(self) -> State:
        if self.state is None:
            raise RuntimeError("the environment has no hand: call reset() first")
        return self.state

    def _select(self) -> None:
        """Select the seat to act; once over, each agent in turn (each is then stepped with None)."""
        state = self._state()
        seat = state.to_act()
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]
            self.infos[self.agent_selection] = {"action_mask": self._mask(state)}
        elif self.agents:
            self.agent_selection = self.agents[0]

    def _mask(self, state: State) -> npt.NDArray[np.int8]:
        mask = np.zeros(self.actions, dtype=np.int8)
        mask[[action.code for action in state.legal_actions()]] = 1
        return mask


def env(ruleset_id: str, **kwargs: Any) -> HandEnv:
    """One hand of a ruleset as a PettingZoo AEC environment (see :class:`HandEnv`)."""
    return HandEnv(ruleset_id, **kwargs)
