"""How strong the strong player is: duplicate matches, and what their results say.

A *match* sets one player, the hero, against the others at a table, and measures him against a
reference player on the same deals. Each deal is played once for each place at the table with the
hero in that place and the others in every other place, and once more for each place with the
reference there instead (where the reference is the others' own bot, one hand with the others in
every place gives all the places at once). A deal's result is the hero's mean over the places, and
the reference's; the difference of the two is paired, so that the luck of the deal and of the place
falls out of it. In Romestecq the hero's partner is one of the others.

``scripts/bench_strong.py`` plays the matches and keeps their results (``strength/strength.json``,
which the page "How the players play" reads); :func:`summary` says what one match shows.

Hand ``i`` of a match is dealt from ``seed + i`` by seat ``i % players``, as ``reversis simulate``
deals it; each seat draws from its own ``random.Random``, made from the deal and the seat, so that
the others play alike whoever sits in the hero's place.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from reversis.apps.measure import Z
from reversis.apps.strong import Policy, new_hand
from reversis.core.game import Game
from reversis.core.moves import State
from reversis.core.ruleset import Ruleset

__all__ = ["Clock", "DealResult", "play_deal", "play_hand", "summary"]

#: The width of a bin of the decisions' times, in milliseconds.
BIN_MS = 0.25


@dataclass
class Clock:
    """The times of the hero's decisions that had a choice (a decision with one legal action is not
    searched), kept as a histogram of :data:`BIN_MS` bins, and the slowest. A time is the processor
    time of the process (``time.process_time``), which other work on a shared machine does not
    lengthen as it lengthens the time on the clock."""

    bins: dict[int, int] = field(default_factory=dict)
    slowest: float = 0.0

    def add(self, ms: float) -> None:
        key = int(ms / BIN_MS)
        self.bins[key] = self.bins.get(key, 0) + 1
        self.slowest = max(self.slowest, ms)

    def merge(self, data: Mapping[str, Any]) -> None:
        for key, count in data.get("bins", {}).items():
            self.bins[int(key)] = self.bins.get(int(key), 0) + int(count)
        self.slowest = max(self.slowest, float(data.get("slowest", 0.0)))

    def as_json(self) -> dict[str, Any]:
        return {"bins": {str(k): v for k, v in sorted(self.bins.items())}, "slowest": round(self.slowest, 3)}

    @property
    def decisions(self) -> int:
        return sum(self.bins.values())

    def median(self) -> float:
        """The median time, in milliseconds (the middle of its bin)."""
        count, half = 0, self.decisions / 2
        for key in sorted(self.bins):
            count += self.bins[key]
            if count >= half:
                return (key + 0.5) * BIN_MS
        return 0.0


def play_hand(
    state: State, players: Sequence[Policy], seed: int, *, timed: int | None = None, clock: Clock | None = None
) -> list[float]:
    """Play ``state`` to its end, seat ``s`` by ``players[s]`` drawing from ``random.Random`` of
    ``seed`` and the seat; the decisions of seat ``timed`` that had a choice are timed into
    ``clock``. Each seat's result."""
    rngs = [random.Random(seed * 16 + s) for s in range(len(players))]
    while (seat := state.to_act()) is not None:
        if seat == timed and clock is not None and len(state.legal_actions()) > 1:
            started = time.process_time()
            action = players[seat](state, rngs[seat])
            clock.add(1000 * (time.process_time() - started))
        else:
            action = players[seat](state, rngs[seat])
        state.apply(action)
    return state.returns()


@dataclass(frozen=True)
class DealResult:
    """One deal of a match: the hero's mean result over the places, and the reference's."""

    hero: float
    reference: float


def play_deal(
    game: Game,
    rules: Ruleset,
    *,
    seed: int,
    i: int,
    hero: Policy,
    reference: Policy | None,
    others: Policy,
    clock: Clock | None = None,
    hero_result: float | None = None,
) -> DealResult:
    """Deal ``i`` of a match played with the hero in each place, and the reference (None: the
    others' own bot, every place from one hand). ``hero_result``: the hero's mean over the places
    where another match with the same hero and others has played them already (he plays alike)."""
    players = int(rules["players"])
    dealer = i % players

    def new() -> State:
        return new_hand(game, rules, dealer=dealer, seed=seed + i)

    hero_total = 0.0
    reference_total = 0.0
    if reference is None:
        reference_total = sum(play_hand(new(), [others] * players, seed + i))
    for place in range(players):
        seats = [others] * players
        seats[place] = hero
        if hero_result is None:
            hero_total += play_hand(new(), seats, seed + i, timed=place, clock=clock)[place]
        if reference is not None:
            seats[place] = reference
            reference_total += play_hand(new(), seats, seed + i)[place]
    return DealResult(hero_total / players if hero_result is None else hero_result, reference_total / players)


def _mean(values: Sequence[float]) -> dict[str, Any]:
    n = len(values)
    mean = sum(values) / n if n else 0.0
    var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    half = Z * math.sqrt(var / n) if n else 0.0
    return {"mean": round(mean, 4), "interval": [round(mean - half, 4), round(mean + half, 4)]}


def summary(match: Mapping[str, Any]) -> dict[str, Any]:
    """What a match shows: the number of deals, the hero's and the reference's mean result per hand
    and their paired difference, each with its 95 % interval (the normal approximation over the
    deals), whether the interval of the difference is clear of zero, and the times of the hero's
    decisions (median and slowest, in milliseconds)."""
    deals = match["deals"]
    hero = [float(pair[0]) for pair in deals.values()]
    reference = [float(pair[1]) for pair in deals.values()]
    difference = _mean([h - r for h, r in zip(hero, reference, strict=True)])
    low, high = difference["interval"]
    clock = Clock()
    clock.merge(match.get("times", {}))
    return {
        "deals": len(deals),
        "hero": _mean(hero),
        "reference": _mean(reference),
        "difference": difference,
        "verdict": "better" if low > 0 else "worse" if high < 0 else "not distinguishable",
        "decisions": clock.decisions,
        "median_ms": round(clock.median(), 2),
        "slowest_ms": round(clock.slowest, 1),
    }
