"""Measure every reading of every ruleset: ``make readings`` (``python scripts/measure_readings.py``).

For each ruleset and each bot (:data:`reversis.apps.readings.BOTS`), every option with more than one
reading (:func:`reversis.apps.readings.comparisons`) is compared over the same ``--hands`` seeded
hands, as ``reversis compare`` compares it; a reading shared by several options (the ruleset's
defaults) is played once. Under ``--bot strong`` (``make readings BOT=strong``), only the options
:func:`reversis.apps.readings.strong_plan` picks are measured, every seat played by the strong player.

Each ruleset's results for a bot are written to ``readings/<bot>/<ruleset>.json`` as soon as they
are made, whole or not at all, every comparison with the command that makes it again, the seed, the
number of hands, the bot, the engine and the digest of the ruleset's options. Until then each
finished chunk of hands is kept (``--keep``): the same command run again after an interruption, or
a lost worker, measures only the hands not kept. The chunks run as Ray tasks with ``--cluster`` (or
when ``RAY_ADDRESS`` is set). The progress (hands done, hands per second, time left) and the wall
time of each part and of the whole are printed on standard error.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import threading
import time
from pathlib import Path
from typing import Any, NoReturn

from reversis.apps.compare import engine, record
from reversis.apps.measure import Comparison, chunk_key, measure, readings_played
from reversis.apps.readings import (
    BOTS,
    READINGS,
    STRONG,
    comparisons,
    fingerprint,
    load_results,
    plan,
    result_path,
    strong_plan,
    strong_unplayable,
)
from reversis.apps.runs import ChunkStore, Meter, Ray, write_whole
from reversis.core.errors import ReversisError, did_you_mean
from reversis.core.ruleset import load_ruleset, ruleset_ids

#: hands per reading by default, as the issue asks
HANDS = 100_000


def measure_ruleset(
    ruleset: str,
    bot: str,
    planned: list[Comparison],
    *,
    hands: int,
    seed: int,
    jobs: int,
    bar: Any,
    keep: Path | None = None,
    ray: Ray | None = None,
) -> dict[str, Any]:
    """The comparisons of a ruleset under one bot, as the data ``readings/<bot>/<ruleset>.json`` holds."""
    left_out = plan(ruleset)[1]
    started = time.monotonic()
    tallies = measure(planned, hands=hands, seed=seed, bot=bot, jobs=jobs, progress=bar, keep=keep, ray=ray)
    seconds = time.monotonic() - started
    return {
        "ruleset": ruleset,
        "bot": bot,
        "hands": hands,
        "seed": seed,
        "engine": engine(),
        "fingerprint": fingerprint(load_ruleset(ruleset)),
        "made_by": f"make readings HANDS={hands} SEED={seed}" + (f" BOT={bot}" if bot == STRONG else ""),
        "readings_played": readings_played(planned),
        "wall_seconds": round(seconds, 1),
        "jobs": jobs,
        "ran_on": ray.describe() if ray else f"{jobs} local process{'es' if jobs > 1 else ''}",
        "comparisons": [record(c, t, seed=seed, bot=bot) for c, t in zip(planned, tallies, strict=True)],
        "left_out": left_out if bot != STRONG else [o for o in left_out if o["option"] in {c.option for c in planned}],
    }


class _Parser(argparse.ArgumentParser):
    """Bad arguments are one line saying what to do (no usage block)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"measure_readings: error: {message} (see --help)\n")


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = _Parser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=HANDS, help="hands under each reading (default %(default)s)")
    parser.add_argument("--seed", type=int, default=0, help="hand i is dealt from seed + i (default 0)")
    parser.add_argument("--jobs", type=int, default=0, help="worker processes; 0 is one per core")
    parser.add_argument("--bot", action="append", choices=(*BOTS, STRONG), help="a bot to measure with (default: each)")
    parser.add_argument("--ruleset", action="append", choices=ruleset_ids(), help="a ruleset (default: each)")
    parser.add_argument("--option", action="append", help="an option to measure (default: each the bot measures)")
    parser.add_argument("--out", type=Path, default=READINGS, help="the folder of the results")
    parser.add_argument(
        "--keep", type=Path, help="the folder of the chunks finished and not yet written (default: OUT/.partial)"
    )
    parser.add_argument(
        "--cluster",
        nargs="?",
        const="local",
        metavar="ADDRESS",
        help="run the chunks as Ray tasks: alone, on a local Ray of --jobs workers; with a Ray cluster's address "
        "(auto, HOST:6379, ray://HOST:10001), on it (default: Ray when RAY_ADDRESS is set)",
    )
    args = parser.parse_args(argv)
    if args.hands < 2:
        parser.error("--hands: at least 2, for an interval")
    return args


def _planned(rulesets: list[str], bot: str, options: list[str] | None, out: Path) -> list[tuple[str, list[Comparison]]]:
    """The comparisons each ruleset measures under ``bot``: those of ``options`` if given, else every
    option with several readings (under the strong player, those :func:`strong_plan` picks from the
    measurements of the other bots in ``out``)."""
    if options:
        known = {c.option for r in rulesets for c in comparisons(r)}
        for name in options:
            if name not in known:
                raise ReversisError(
                    f"--option {name}: no option of that name has several readings in "
                    f"{', '.join(rulesets)}{did_you_mean(name, sorted(known))} (see `reversis rules RULESET`)"
                )
        todo = [(r, [c for c in comparisons(r) if c.option in options]) for r in rulesets]
    elif bot == STRONG:
        chosen = strong_plan(load_results(out))
        todo = [(r, chosen.get(r, [])) for r in rulesets]
    else:
        todo = [(r, comparisons(r)) for r in rulesets]
    if bot == STRONG:
        for r, planned in todo:
            if planned and (reason := strong_unplayable(r)):
                print(f"measure_readings: left out: {', '.join(c.option for c in planned)}: {reason}", file=sys.stderr)
        todo = [(r, planned) for r, planned in todo if planned and not strong_unplayable(r)]
    return [(r, planned) for r, planned in todo if planned]


def _stop(signum: int, frame: object) -> None:
    """SIGTERM (``kill``, a job stopped by its scheduler) stops a run as Ctrl-C does: the chunks
    finished are kept and the workers ended."""
    raise KeyboardInterrupt


def main(argv: list[str] | None = None) -> int:
    args = _arguments(argv)
    if threading.current_thread() is not threading.main_thread():
        return _main(args)
    previous = signal.signal(signal.SIGTERM, _stop)
    try:
        return _main(args)
    finally:
        signal.signal(signal.SIGTERM, previous)


def _main(args: argparse.Namespace) -> int:
    jobs = args.jobs or os.cpu_count() or 1
    keep = args.keep or args.out / ".partial"
    try:
        ray = Ray.asked(args.cluster, jobs)
        rulesets = args.ruleset or ruleset_ids()
        work = [
            (bot, *each) for bot in args.bot or list(BOTS) for each in _planned(rulesets, bot, args.option, args.out)
        ]
    except ReversisError as exc:
        print(f"measure_readings: error: {exc}", file=sys.stderr)
        return 2
    total = sum(readings_played(planned) for _, _, planned in work) * args.hands
    bar = Meter(total)
    started = time.monotonic()
    try:
        for bot, ruleset, planned in work:
            data = measure_ruleset(
                ruleset, bot, planned, hands=args.hands, seed=args.seed, jobs=jobs, bar=bar, keep=keep, ray=ray
            )
            path = result_path(ruleset, bot, args.out)
            write_whole(path, json.dumps(data, ensure_ascii=False, indent=1) + "\n")
            ChunkStore(keep, chunk_key(planned, seed=args.seed, bot=bot)).clear()
            rate = data["readings_played"] * args.hands / max(data["wall_seconds"], 0.1)
            print(
                f"{ruleset}, bot {bot}: {len(data['comparisons'])} options, {data['readings_played']} readings "
                f"× {args.hands} hands in {data['wall_seconds']:.0f} s ({rate:.1f} hands/s) → {path}",
                file=sys.stderr,
            )
    except ReversisError as exc:
        print(f"measure_readings: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(
            f"measure_readings: interrupted (the rulesets finished are written, the chunks finished kept in {keep}: "
            "the same command goes on from there)",
            file=sys.stderr,
        )
        return 130
    finally:
        bar.close()
    hours, rest = divmod(time.monotonic() - started, 3600)
    where = ray.describe() if ray else f"{jobs} job{'s' if jobs > 1 else ''}"
    print(f"{total} hands in {int(hours)} h {rest / 60:.1f} min on {where}, {engine()}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
