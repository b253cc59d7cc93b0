"""The same seeded hands played under several readings of a ruleset, and what the readings change.

A *comparison* is an option of a ruleset and some of its values, the default first; its readings
are the ruleset with that option at each value (and ``base``, options set alike in every reading).
Hand ``i`` of every reading is played from ``seed + i``, as ``reversis simulate`` plays it, so that
the readings are compared over the same deals (common random numbers) and each difference is a
paired one: the same hand's result under a reading minus its result under the default.

Per reading the tally keeps, as whole numbers, the sums over the hands of each seat's result and
of its square, of the difference from the default and of its absolute value, how many hands came
out differently from the default's, and in how many hands each engine rule fired. Tallies of
separate ranges of hands add up, so the totals do not depend on the number of jobs.

>>> c = Comparison("encyclopedie-1765", "quinola_given_bete", (True, False))
>>> [t.hands for t in measure([c], hands=30, seed=1, bot="random")]
[30]
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from reversis.apps.runs import ChunkStore, Ray, cut, engine_digest, gaps, run_local, run_on_ray
from reversis.apps.strong import DEFAULT_BUDGET, Strong, seeded
from reversis.core.ruleset import Ruleset, load_ruleset
from reversis.games import game_of

__all__ = [
    "METHOD",
    "Comparison",
    "Tally",
    "Z",
    "chunk_key",
    "interval",
    "measure",
    "readings_played",
    "summary",
    "wilson",
]

#: The 95 % quantile of the normal distribution, for every interval.
Z = 1.959963984540054

#: How the intervals are made, as the outputs state it.
METHOD = (
    "95 % intervals: a mean and a paired difference by the normal approximation (mean ± 1.96 standard "
    "errors, the standard deviation estimated from the hands); a share by Wilson's score interval"
)


@dataclass(frozen=True)
class Comparison:
    """An option of a ruleset at each of ``values`` (the default first), with ``base`` set in every reading."""

    ruleset: str
    option: str
    values: tuple[Any, ...]
    base: Mapping[str, Any] = field(default_factory=dict)

    def readings(self) -> list[dict[str, Any]]:
        """The options of each reading, in the order of ``values``."""
        return [{**self.base, self.option: value} for value in self.values]


@dataclass
class Tally:
    """The sums over the hands of one comparison, per reading (see the module's documentation)."""

    hands: int
    labels: list[list[str]]
    sums: list[list[int]]
    squares: list[list[int]]
    #: per reading, the seats it shares with the default (by label: five players and four share four
    #: seats and the pool), each as (its index here, its index in the default's)
    pairs: list[list[tuple[int, int]]]
    #: per reading (the default's are zero), per seat it shares with the default: the paired differences
    diffs: list[list[int]]
    diff_squares: list[list[int]]
    abs_diffs: list[list[int]]
    differs: list[int]
    #: per reading, the hands in which each rule fired; and in how many it fired here but not under
    #: the default, or there but not here
    fired: list[dict[str, int]]
    flipped: list[dict[str, int]]

    @classmethod
    def empty(cls, labels: Sequence[Sequence[str]]) -> Tally:
        k = len(labels)
        pairs = [[(j, labels[0].index(lab)) for j, lab in enumerate(mine) if lab in labels[0]] for mine in labels]
        common = [len(shared) for shared in pairs]
        return cls(
            hands=0,
            labels=[list(lab) for lab in labels],
            pairs=pairs,
            sums=[[0] * len(lab) for lab in labels],
            squares=[[0] * len(lab) for lab in labels],
            diffs=[[0] * n for n in common],
            diff_squares=[[0] * n for n in common],
            abs_diffs=[[0] * n for n in common],
            differs=[0] * k,
            fired=[{} for _ in labels],
            flipped=[{} for _ in labels],
        )

    def record(self, outcomes: Sequence[tuple[list[int], set[str]]]) -> None:
        """One hand's outcome under each reading, the default's first."""
        self.hands += 1
        base, base_fired = outcomes[0]
        for k, (values, fired) in enumerate(outcomes):
            sums, squares = self.sums[k], self.squares[k]
            for j, x in enumerate(values):
                sums[j] += x
                squares[j] += x * x
            counts = self.fired[k]
            for rule in fired:
                counts[rule] = counts.get(rule, 0) + 1
            if k == 0:
                continue
            if values != base:
                self.differs[k] += 1
                diffs, diff_squares, abs_diffs = self.diffs[k], self.diff_squares[k], self.abs_diffs[k]
                for j, (here, there) in enumerate(self.pairs[k]):
                    d = values[here] - base[there]
                    diffs[j] += d
                    diff_squares[j] += d * d
                    abs_diffs[j] += abs(d)
            if fired != base_fired:
                flips = self.flipped[k]
                for rule in fired ^ base_fired:
                    flips[rule] = flips.get(rule, 0) + 1

    def as_data(self) -> dict[str, Any]:
        """The tally as JSON-ready data (:meth:`from_data` reads it back, equal)."""
        return {name: getattr(self, name) for name in self.__dataclass_fields__}

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Tally:
        """
        >>> t = measure([Comparison("romestecq", "low_triche", (1, 0))], hands=3, seed=2, bot="random")[0]
        >>> import json; Tally.from_data(json.loads(json.dumps(t.as_data()))) == t
        True
        """
        return cls(**{**data, "pairs": [[(a, b) for a, b in shared] for shared in data["pairs"]]})

    def add(self, other: Tally) -> None:
        self.hands += other.hands
        for mine, theirs in (
            (self.sums, other.sums),
            (self.squares, other.squares),
            (self.diffs, other.diffs),
            (self.diff_squares, other.diff_squares),
            (self.abs_diffs, other.abs_diffs),
        ):
            for row, more in zip(mine, theirs, strict=True):
                for j, x in enumerate(more):
                    row[j] += x
        for k, count in enumerate(other.differs):
            self.differs[k] += count
        pairs = (*zip(self.fired, other.fired, strict=True), *zip(self.flipped, other.flipped, strict=True))
        for mine_counts, their_counts in pairs:
            for rule, count in their_counts.items():
                mine_counts[rule] = mine_counts.get(rule, 0) + count


def interval(total: float, squares: float, n: int) -> tuple[float, float, float, float]:
    """The mean of ``n`` numbers from their sum and the sum of their squares, its 95 % interval by
    the normal approximation, and their standard deviation.

    >>> interval(10, 30, 4)
    (2.5, 1.2348..., 3.7651..., 1.2909...)
    """
    mean = total / n
    var = max(0.0, (squares - total * total / n) / (n - 1)) if n > 1 else 0.0
    half = Z * math.sqrt(var / n)
    return mean, mean - half, mean + half, math.sqrt(var)


def wilson(k: int, n: int) -> tuple[float, float, float]:
    """A share ``k / n`` and its 95 % Wilson score interval.

    >>> [round(x, 4) for x in wilson(0, 100)]
    [0.0, 0.0, 0.037]
    """
    p = k / n
    centre = (p + Z * Z / (2 * n)) / (1 + Z * Z / n)
    half = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n)) / (1 + Z * Z / n)
    return p, max(0.0, centre - half), min(1.0, centre + half)


def _players(rules: Ruleset, bot: str, budget: int) -> Callable[[int, int], Any]:
    """The player of hand ``i`` from ``seed``: the game's own bot, or the strong player."""
    game = game_of(rules)
    return seeded(game, rules, Strong(budget=budget)) if bot == "strong" else game.seeded(rules, bot)


Work = tuple[str, tuple[dict[str, Any], ...], tuple[tuple[int, ...], ...], str, int, int, int, int]


def _chunk(args: Work) -> list[Tally]:
    """Hands ``start`` to ``stop`` under every distinct reading, tallied per comparison."""
    ruleset, readings, groups, bot, seed, start, stop, budget = args
    base = load_ruleset(ruleset)
    games = [base.with_options(options) for options in readings]
    game = game_of(base)
    outcome: Callable[[Any], tuple[list[int], set[str]]] = game.outcome
    labels = [game.outcome_labels(rules) for rules in games]
    players = [_players(rules, bot, budget) for rules in games]
    tallies = [Tally.empty([labels[r] for r in group]) for group in groups]
    for i in range(start, stop):
        outcomes = [outcome(play(seed, i)) for play in players]
        for tally, group in zip(tallies, groups, strict=True):
            tally.record([outcomes[r] for r in group])
    return tallies


def measure(
    comparisons: Sequence[Comparison],
    *,
    hands: int,
    seed: int = 0,
    bot: str = "cautious",
    jobs: int = 1,
    progress: Callable[..., None] | None = None,
    budget: int = DEFAULT_BUDGET,
    keep: Path | None = None,
    ray: Ray | None = None,
) -> list[Tally]:
    """The tally of each comparison (all of one ruleset) over hands ``0 … hands-1`` from ``seed``.

    A reading shared by several comparisons (the ruleset's defaults, most often) is played once.
    ``progress`` is called with the number of hands each chunk played, every reading counted (with
    ``resumed=True`` for those of chunks kept from an earlier run). ``budget`` is the strong
    player's playouts a decision, where ``bot`` is ``strong``. With ``keep``, each finished chunk is
    kept in that folder and a run started again measures only what is not kept
    (:class:`reversis.apps.runs.ChunkStore`; the caller clears it once the result is written). With
    ``ray``, the chunks run as Ray tasks (:func:`reversis.apps.runs.run_on_ray`). The totals are the
    same, to the last digit, whichever way the chunks ran.
    """
    if len({c.ruleset for c in comparisons}) != 1:
        raise ValueError("the comparisons of one measure are of one ruleset")
    ruleset = comparisons[0].ruleset
    keyed, groups = _readings(comparisons)
    store = keep and ChunkStore(keep, chunk_key(comparisons, seed=seed, bot=bot, budget=budget))
    totals = [Tally.empty(group) for group in _labels(ruleset, keyed, groups)]

    def add(tallies: list[Tally]) -> None:
        for total, tally in zip(totals, tallies, strict=True):
            total.add(tally)

    def collect(work: Work, tallies: list[Tally]) -> None:
        add(tallies)
        if store:
            store.keep(work[5], work[6], [t.as_data() for t in tallies])
        if progress:
            progress(tallies[0].hands * len(keyed))

    done = {r: data for r, data in (store.kept() if store else {}).items() if r[1] <= hands}
    for data in done.values():
        add([Tally.from_data(t) for t in data])
    if done and progress:  # once for all the chunks kept
        progress(sum(b - a for a, b in done) * len(keyed), resumed=True)
    left = gaps(hands, done)
    size = max(1, min(500, hands // (max(jobs, ray.workers if ray else 1) * 8) or 1))
    work = [(ruleset, keyed, groups, bot, seed, a, b, budget) for a, b in cut(left, size)]
    if ray is not None:
        run_on_ray(_chunk, work, where=ray, collect=collect)
    else:
        run_local(_chunk, work, jobs=jobs, collect=collect)
    return totals


def _readings(comparisons: Sequence[Comparison]) -> tuple[tuple[dict[str, Any], ...], tuple[tuple[int, ...], ...]]:
    """The distinct readings of the comparisons, and the indices of each comparison's among them."""
    readings: dict[str, dict[str, Any]] = {}
    groups = []
    for comparison in comparisons:
        group = []
        for options in comparison.readings():
            key = _key(options)
            readings.setdefault(key, options)
            group.append(list(readings).index(key))
        groups.append(tuple(group))
    return tuple(readings.values()), tuple(groups)


def _labels(
    ruleset: str, readings: Sequence[Mapping[str, Any]], groups: Sequence[Sequence[int]]
) -> list[list[list[str]]]:
    """The outcome's labels of each reading of each comparison."""
    base = load_ruleset(ruleset)
    game = game_of(base)
    labels = [game.outcome_labels(base.with_options(options)) for options in readings]
    return [[labels[r] for r in group] for group in groups]


def chunk_key(
    comparisons: Sequence[Comparison], *, seed: int, bot: str, budget: int = DEFAULT_BUDGET
) -> dict[str, Any]:
    """What a kept chunk belongs to: the readings, the seed, the bot (the strong player's budget) and
    the engine (:func:`reversis.apps.runs.engine_digest`), so that a chunk is never added to another
    measurement."""
    keyed, groups = _readings(comparisons)
    return {
        "ruleset": comparisons[0].ruleset,
        "readings": [_key(options) for options in keyed],
        "groups": groups,
        "seed": seed,
        "bot": bot,
        **({"budget": budget} if bot == "strong" else {}),
        "engine": engine_digest(),
    }


def readings_played(comparisons: Iterable[Comparison]) -> int:
    """How many distinct readings :func:`measure` plays for these comparisons."""
    return len({_key(options) for c in comparisons for options in c.readings()})


def _key(options: Mapping[str, Any]) -> str:
    return repr(sorted(options.items(), key=lambda item: item[0]))


def _r(x: float) -> float:
    return round(x, 6)


def summary(comparison: Comparison, tally: Tally) -> dict[str, Any]:
    """What a tally says, JSON-ready: per reading each seat's mean with its interval and standard
    deviation, the share of hands in which each rule fired; and for every reading but the default,
    the share of hands whose result differs from the default's, the paired difference of each seat's
    result (and of its absolute value) and of each rule's share, each with its interval, and whether
    the interval holds zero."""
    n = tally.hands
    out = []
    for k, value in enumerate(comparison.values):
        seats = []
        for j, label in enumerate(tally.labels[k]):
            mean, low, high, sd = interval(tally.sums[k][j], tally.squares[k][j], n)
            seats.append({"label": label, "mean": _r(mean), "interval": [_r(low), _r(high)], "sd": _r(sd)})
        rules = {}
        for rule in sorted(tally.fired[k]):
            share, low, high = wilson(tally.fired[k][rule], n)
            rules[rule] = {"share": _r(share), "interval": [_r(low), _r(high)]}
        reading: dict[str, Any] = {"value": value, "default": k == 0, "seats": seats, "rules": rules}
        if k:
            share, low, high = wilson(tally.differs[k], n)
            reading["differs"] = {"share": _r(share), "interval": [_r(low), _r(high)]}
            differences = []
            for j, (here, _) in enumerate(tally.pairs[k]):
                mean, low, high, _sd = interval(tally.diffs[k][j], tally.diff_squares[k][j], n)
                size = tally.abs_diffs[k][j] / n
                differences.append(
                    {
                        "label": tally.labels[k][here],
                        "mean": _r(mean),
                        "interval": [_r(low), _r(high)],
                        "zero_inside": low <= 0 <= high,
                        "mean_absolute": _r(size),
                    }
                )
            reading["difference"] = differences
            changes = {}
            for rule in sorted(set(tally.fired[0]) | set(tally.fired[k])):
                flips = tally.flipped[k].get(rule, 0)
                delta = tally.fired[k].get(rule, 0) - tally.fired[0].get(rule, 0)
                mean, low, high, _sd = interval(delta, flips, n)
                if flips:  # a change in a share lies between -1 and 1, whatever the approximation says
                    low, high = max(-1.0, low), min(1.0, high)
                    changes[rule] = {"mean": _r(mean), "interval": [_r(low), _r(high)], "zero_inside": low <= 0 <= high}
            reading["rules_difference"] = changes
        out.append(reading)
    return {
        "ruleset": comparison.ruleset,
        "option": comparison.option,
        "base": dict(comparison.base),
        "values": list(comparison.values),
        "hands": n,
        "method": METHOD,
        "readings": out,
    }
