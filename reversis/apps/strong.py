"""The strong player: a search over deals that agree with what the player knows, for every game.

It decides through the move-by-move interface alone (:mod:`reversis.core.moves`): the seat to act,
his legal actions, deals resampled to agree with what he knows (:meth:`State.resample`), and hands
played out to their end by one of the game's own bots (:meth:`State.play_out`). It never reads a
card it cannot see: every deal it searches is drawn again from his knowledge, whatever the real
deal is, so two deals that differ only in cards he cannot see give the same decision.

How it decides (determinized search, as the Hearts programs do, with a fixed budget of playouts):

- with one legal action, it takes it without searching;
- otherwise it spends ``budget`` playouts by *sequential halving* over the legal actions: in each
  round it draws fresh deals, plays every action still in the running on each deal and plays the
  hand out with the game's ``cautious`` bot, then keeps the better half of the actions by the mean
  of its own result (:meth:`State.returns` for its seat: chips, or the marks of its side); the last
  one left is its move. Every action in a round is tried on the same deals with the same playout,
  so that actions are compared on equal terms (common random numbers), and the rounds share the
  budget equally (Karnin, Koren and Somekh, ICML 2013).

The exchange and every declaration are actions like a card, so it decides them the same way. Given
the same ``random.Random`` it decides the same way.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from reversis.core.errors import ReversisError, did_you_mean
from reversis.core.game import Game, PlayedHand
from reversis.core.hidden import NoDeal
from reversis.core.moves import DEFAULT_BUDGET, MAX_BUDGET, Action, Policy, State
from reversis.core.ruleset import Ruleset

__all__ = [
    "BOTS",
    "DEFAULT_BUDGET",
    "MAX_BUDGET",
    "PAGE_BUDGET",
    "Policy",
    "Strong",
    "check_bot",
    "check_budget",
    "decide",
    "new_hand",
    "policy",
    "seeded",
]

# DEFAULT_BUDGET (reversis.core.moves): the playouts of a decision where nothing else is said,
# measured by scripts/bench_strong.py: a decision in 50 ms or less with the compiled engine.

#: The playouts of a decision on the site's Play a hand, whose engine is pure Python in the reader's
#: browser (a card in about a second or less there).
PAGE_BUDGET = 200

#: The game's bot that plays every hand out.
ROLLOUT = "cautious"

#: The deals the game may fail to find for one decision before the search stops with what it has: a
#: guard, the games' samplers having found a deal in every state of the seeded hands measured
#: (tests/games/test_resample.py holds those where they once found none).
MAX_FAILED = 3

#: Every bot's name: the games' own and the strong player.
BOTS = ("cautious", "random", "strong")


@dataclass(frozen=True)
class Strong:
    """The strong player with its budget of playouts per decision (and an optional cap in seconds)."""

    budget: int = DEFAULT_BUDGET
    seconds: float | None = None
    rollout: str = ROLLOUT

    def __post_init__(self) -> None:
        check_budget(self.budget)

    def __call__(self, state: State, rng: random.Random) -> Action:
        return decide(state, rng, budget=self.budget, seconds=self.seconds, rollout=self.rollout)

    @property
    def name(self) -> str:
        return f"strong, {self.budget} playouts a decision"


def check_budget(budget: object, *, where: str = "budget") -> int:
    """A budget of playouts checked: a whole number from 1 to :data:`MAX_BUDGET`, else a one-line error."""
    if isinstance(budget, bool) or not isinstance(budget, int) or not 1 <= budget <= MAX_BUDGET:
        raise ReversisError(f"{where}: {budget!r} is not allowed: it must be a whole number from 1 to {MAX_BUDGET:,}")
    return budget


def check_bot(name: object, bots: Sequence[str], *, where: str = "bot") -> str:
    """A bot's name checked against ``bots`` (a game's own and ``strong``), else a one-line error naming them."""
    if not isinstance(name, str) or name not in bots:
        raise ReversisError(f"{where}: unknown bot {name!r}{did_you_mean(name, bots)} (known: {', '.join(bots)})")
    return name


def policy(bot: str, own: Callable[[str], Policy], *, budget: int = DEFAULT_BUDGET) -> Policy:
    """The player named ``bot``: ``strong`` with its budget, else the game's own bot (``own``: the
    game's ``policy``)."""
    return Strong(budget=budget) if bot == "strong" else own(bot)


def seeded(game: Game, rules: Ruleset, player: Policy) -> Callable[[int, int], PlayedHand]:
    """The player of hand ``i`` from ``seed`` with ``player`` in every seat: the hand ``reversis
    simulate`` deals (from ``seed + i``, by seat ``i % players``), its decisions drawn from
    ``random.Random(seed + i)``; the game's finished hand."""
    players = int(rules["players"])

    def play(seed: int, i: int) -> PlayedHand:
        state = new_hand(game, rules, dealer=i % players, seed=seed + i)
        rng = random.Random(seed + i)
        while state.to_act() is not None:
            state.apply(player(state, rng))
        finished: PlayedHand = game.finished(state)
        return finished

    return play


def new_hand(game: Game, rules: Ruleset, *, dealer: int, seed: int) -> State:
    """The game's hand ``seed`` dealt by ``dealer``, to play move by move (``Game.new_hand``)."""
    state: State = game.new_hand(rules, dealer=dealer, seed=seed)
    return state


def decide(
    state: State, rng: random.Random, *, budget: int, seconds: float | None = None, rollout: str = ROLLOUT
) -> Action:
    """The action the strong player chooses for the seat to act (see the module's documentation)."""
    seat = state.to_act()
    if seat is None:
        raise ReversisError("the hand is over: nobody is to act")
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    deadline = None if seconds is None else time.perf_counter() + seconds
    alive = list(range(len(legal)))
    totals = [0.0] * len(legal)
    rounds = math.ceil(math.log2(len(legal)))
    spent = failed = 0
    for done in range(rounds):
        deals = max(1, (budget - spent) // ((rounds - done) * len(alive)))
        for _ in range(deals):
            if deadline is not None and spent and time.perf_counter() > deadline:
                return legal[_best(alive, totals)[0]]
            try:
                spent += _try(state, seat, rng, [legal[i] for i in alive], alive, totals, rollout)
            except NoDeal:  # no deal found to agree with what he knows: skipped, thrice at most
                failed += 1
                if failed >= MAX_FAILED:
                    return legal[_best(alive, totals)[0]]
        alive = _best(alive, totals)[: math.ceil(len(alive) / 2)]
    return legal[alive[0]]


def _try(
    state: State,
    seat: int,
    rng: random.Random,
    actions: list[Action],
    slots: list[int],
    totals: list[float],
    rollout: str,
) -> int:
    """One deal drawn from what ``seat`` knows, each action tried on it and the hand played out with
    the same draws; each result added to its action's total. The playouts made."""
    deal = state.resample(seat, rng)
    if deal.to_act() != seat or not {a.code for a in actions} <= {a.code for a in deal.legal_actions()}:
        # a deal that does not agree with what he knows after all (its hand ended at the deal, say)
        raise NoDeal("a resampled deal that does not agree with the hand")
    draws = rng.getrandbits(32)
    for n, (action, slot) in enumerate(zip(actions, slots, strict=True)):
        world = deal if n == len(actions) - 1 else deal.copy()
        world.apply(action.code)
        totals[slot] += world.play_out(rollout, random.Random(draws))[seat]
    return len(actions)


def _best(alive: list[int], totals: list[float]) -> list[int]:
    """The actions in the running, the best total first (the first in code order on a tie)."""
    return sorted(alive, key=lambda i: (-totals[i], i))
