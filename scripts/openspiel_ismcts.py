"""OpenSpiel's Python IS-MCTS bot (``open_spiel.python.algorithms.ismcts``) seated at a hand of any
game of the engine, for ``scripts/bench_strong.py``.

The bot searches through an object that offers what it asks of an OpenSpiel state, over the
engine's :class:`reversis.core.moves.State`: the legal action codes, the seat to act, the returns,
a copy, and a key of the information state (what the seat to act knows, as
:meth:`State.knows` gives it); its root deals are drawn by :meth:`State.resample`. It is the bot as
OpenSpiel ships it: random rollouts (``RandomRolloutEvaluator``, one a leaf), ``uct_c`` 2, the
action most visited. :func:`ismcts_player` gives it as many simulations as take it a given time
per decision, measured first on a few decisions.
"""

from __future__ import annotations

import random
import time
from typing import Any

from reversis.apps.strong import Policy
from reversis.core.moves import Action, State
from reversis.core.ruleset import Ruleset
from reversis.games import game_of

__all__ = ["ismcts_player"]


class _Type:
    def __init__(self, pyspiel: Any) -> None:
        self.dynamics = pyspiel.GameType.Dynamics.SEQUENTIAL
        self.information = pyspiel.GameType.Information.IMPERFECT_INFORMATION


class _Game:
    def __init__(self, pyspiel: Any) -> None:
        self._type = _Type(pyspiel)

    def get_type(self) -> _Type:
        return self._type


class Adapted:
    """An engine's state as OpenSpiel's IS-MCTS reads one."""

    def __init__(self, state: State, game: _Game) -> None:
        self.state = state
        self._game = game

    def get_game(self) -> _Game:
        return self._game

    def is_terminal(self) -> bool:
        return self.state.over()

    def is_chance_node(self) -> bool:
        return False

    def current_player(self) -> int:
        seat = self.state.to_act()
        return -4 if seat is None else seat  # pyspiel's TERMINAL

    def legal_actions(self, player: int | None = None) -> list[int]:
        return [a.code for a in self.state.legal_actions()]

    def apply_action(self, code: int) -> None:
        self.state.apply(code)

    def returns(self) -> list[float]:
        return self.state.returns()

    def clone(self) -> Adapted:
        return Adapted(self.state.copy(), self._game)

    def information_state_string(self, player: int | None = None) -> str:
        seat = self.state.to_act() if player is None else player
        return "terminal" if seat is None else repr(self.state.knows(seat))


def _bot(pyspiel: Any, simulations: int, seed: int) -> Any:
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    rng = np.random.RandomState(seed)
    bot = ismcts.ISMCTSBot(
        game=None,
        evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng),
        uct_c=2.0,
        max_simulations=simulations,
        random_state=rng,
    )
    resample_rng = random.Random(seed)
    bot.set_resampler(lambda state, player: Adapted(state.state.resample(player, resample_rng), state.get_game()))
    return bot


def ismcts_player(rules: Ruleset, *, seconds: float, seed: int = 0) -> tuple[Policy, int]:
    """The IS-MCTS bot with as many simulations as take it ``seconds`` a decision (at least 1), and that number."""
    import pyspiel

    game = _Game(pyspiel)
    engine = game_of(rules)
    # the time of a simulation, from the decisions with a choice of a few hands played by the bot
    probe, spent, count = _bot(pyspiel, 50, seed), 0.0, 0
    for i in range(2):
        state: State = engine.new_hand(rules, dealer=i % int(rules["players"]), seed=10_000 + i)  # type: ignore[attr-defined]
        while state.to_act() is not None and count < 400:
            legal = state.legal_actions()
            if len(legal) > 1:
                started = time.perf_counter()
                code = probe.step(Adapted(state, game))
                spent += time.perf_counter() - started
                count += 50
            else:
                code = legal[0].code
            state.apply(int(code))
    simulations = max(1, round(seconds / (spent / max(1, count))))
    bot = _bot(pyspiel, simulations, seed)

    def choose(state: State, rng: random.Random) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return state.action(int(bot.step(Adapted(state, game))))

    return choose, simulations
