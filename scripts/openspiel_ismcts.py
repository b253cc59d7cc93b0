"""OpenSpiel's Python IS-MCTS bot (``open_spiel.python.algorithms.ismcts``) seated at a hand of any
game of the engine, through the ruleset's OpenSpiel registration (:mod:`reversis.apps.openspiel`),
for ``scripts/bench_strong.py``.

At each of its decisions the bot is handed the registered game's state over a copy of the hand (a
state that has no deal of its own, as the registration's resampler makes one), and it searches with
the registration's resampler (:meth:`State.resample`) for its root deals and the registered
information states (what the player knows). It is the bot as OpenSpiel ships it: random rollouts
(``RandomRolloutEvaluator``, one a leaf), ``uct_c`` 2, the action most visited.
:func:`ismcts_player` gives it as many simulations as take it a given time per decision, measured
first on the decisions of two hands.
"""

from __future__ import annotations

import random
import time
from typing import Any

from reversis.apps.strong import Policy, new_hand
from reversis.core.moves import Action, State
from reversis.core.ruleset import Ruleset
from reversis.games import game_of

__all__ = ["ismcts_player"]

#: Simulations a decision while its time is measured.
PROBE = 50
#: Draws of a resampled state before one whose player to act is the state's is given up.
RESAMPLES = 20


def _seated(spiel: Any, state: State) -> Any:
    """The registered game's state over a copy of ``state``."""
    from reversis.apps import openspiel

    seated = spiel.new_initial_state()
    seated.hand = openspiel._Hand(state.copy(), None)  # as the registration's resampler makes a state
    return seated


def _bot(spiel: Any, simulations: int, seed: int) -> Any:
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-not-found,unused-ignore]

    from reversis.apps import openspiel

    rng = np.random.RandomState(seed)
    bot = ismcts.ISMCTSBot(
        game=spiel,
        evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng),
        uct_c=2.0,
        max_simulations=simulations,
        random_state=rng,
    )
    resample = openspiel.resampler(seed)

    def agreeing(state: Any, player: int) -> Any:
        """A resampled state whose player to act is the state's (the game's resampler may return a
        hand of Romestecq ended at its deal, which agrees with nothing the player knows): drawn again."""
        for _ in range(RESAMPLES):
            drawn = resample(state, player)
            if drawn.current_player() == state.current_player():
                return drawn
        return drawn

    bot.set_resampler(agreeing)
    return bot


def ismcts_player(rules: Ruleset, *, seconds: float, seed: int = 0) -> tuple[Policy, int]:
    """The IS-MCTS bot with as many simulations as take it ``seconds`` a decision (at least 1), and that number."""
    import pyspiel  # type: ignore[import-not-found,unused-ignore]

    from reversis.apps import openspiel

    name = openspiel.register([rules.id])[0]
    spiel = pyspiel.load_game(name)
    game = game_of(rules)
    probe, spent, count = _bot(spiel, PROBE, seed), 0.0, 0
    for i in range(2):
        state = new_hand(game, rules, dealer=i % int(rules["players"]), seed=10_000 + i)
        while state.to_act() is not None:
            legal = state.legal_actions()
            code = legal[0].code
            if len(legal) > 1:
                started = time.process_time()
                code = int(probe.step(_seated(spiel, state)))
                spent += time.process_time() - started
                count += PROBE
            state.apply(code)
    simulations = max(1, round(seconds / (spent / max(1, count))))
    bot = _bot(spiel, simulations, seed)

    def choose(state: State, rng: random.Random) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return state.action(int(bot.step(_seated(spiel, state))))

    return choose, simulations
