"""Many seeded hands played by bots, on all cores, and the frequencies of what happened.

Hand ``i`` is dealt with ``random.Random(seed + i)`` by seat ``i % players``
into an empty pool, so the totals do not depend on the number of jobs.

>>> stats = simulate(ruleset="encyclopedie-1765", hands=20, jobs=1, bot="random", seed=1)
>>> stats.hands
20
"""

from __future__ import annotations

import functools
import multiprocessing
import signal
from collections.abc import Callable, Iterable, Iterator
from typing import TypeVar

from reversis.apps.strong import DEFAULT_BUDGET, Strong, check_budget, seeded
from reversis.core.errors import did_you_mean
from reversis.core.game import Chunk, Stats
from reversis.core.ruleset import load_ruleset
from reversis.games import game_of

__all__ = ["chunks", "run_chunks", "simulate", "strong_chunk"]

T = TypeVar("T")
R = TypeVar("R")


def simulate(
    *,
    ruleset: str,
    hands: int,
    jobs: int = 1,
    bot: str = "cautious",
    seed: int = 0,
    progress: Callable[[int], None] | None = None,
    budget: int = DEFAULT_BUDGET,
) -> Stats:
    """Play ``hands`` seeded hands with ``jobs`` processes; ``progress`` is called with each chunk's size.
    The ruleset's game counts what happened (its ``simulate_chunk`` and ``stats``, see :mod:`reversis.core.game`).
    The bot ``strong`` (:mod:`reversis.apps.strong`, ``budget`` playouts a decision) plays the
    same deals through the game's moves, and the game counts its hands (its ``tally``).

    The hands are played in :func:`chunks` by :func:`run_chunks` (which ``reversis compare`` uses too).
    """
    game = game_of(load_ruleset(ruleset))  # fail early, in this process, on an unknown ruleset or bot
    known = sorted({*game.bots, "strong"})
    if bot not in known:
        raise KeyError(f"unknown bot {bot!r}{did_you_mean(bot, known)} (known: {', '.join(known)})")
    total = game.stats()
    worker: Callable[[Chunk], Stats] = game.simulate_chunk
    if bot == "strong":
        worker = functools.partial(strong_chunk, budget=check_budget(budget))

    def add(stats: Stats) -> None:
        total.add(stats)
        if progress:
            progress(stats.hands)

    work = ((ruleset, bot, seed, a, b) for a, b in chunks(hands, jobs))
    run_chunks(worker, work, jobs=jobs, collect=add)
    return total


def strong_chunk(chunk: Chunk, *, budget: int) -> Stats:
    """Hands ``start`` to ``stop`` of a run, the strong player in every seat, counted by the game."""
    ruleset, _, seed, start, stop = chunk
    rules = load_ruleset(ruleset)
    game = game_of(rules)
    play = seeded(game, rules, Strong(budget=budget))
    return game.tally(rules, [play(seed, i) for i in range(start, stop)])


def chunks(hands: int, jobs: int) -> Iterator[tuple[int, int]]:
    """The hands ``0 … hands-1`` cut into ranges ``(start, stop)``, about eight per job and at most
    500 hands each, so that a progress bar moves and memory does not grow with ``hands``."""
    size = max(1, min(500, hands // (jobs * 8) or 1))
    for start in range(0, hands, size):
        yield start, min(hands, start + size)


def run_chunks(chunk: Callable[[T], R], work: Iterable[T], *, jobs: int, collect: Callable[[R], None]) -> None:
    """``chunk`` applied to each piece of ``work`` on ``jobs`` processes, each result handed to
    ``collect`` in this process, in the order of ``work``.

    The pieces are made as the workers take them. The workers ignore Ctrl-C: the parent alone is
    interrupted, and its pool ends them all (``Pool.terminate``) on the way out, whatever stopped it.
    """
    if jobs <= 1:
        for result in map(chunk, work):
            collect(result)
        return
    with multiprocessing.get_context().Pool(jobs, initializer=_ignore_interrupts) as pool:
        for result in pool.imap(chunk, work):
            collect(result)


def _ignore_interrupts() -> None:
    """In a worker: leave Ctrl-C to the parent, which ends the pool (no traceback from each worker)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
