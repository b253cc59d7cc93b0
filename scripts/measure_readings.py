"""Measure every reading of every ruleset: ``make readings`` (``python scripts/measure_readings.py``).

For each ruleset and each bot (:data:`reversis.readings.BOTS`), every option with more than one
reading (:func:`reversis.readings.comparisons`) is compared over the same ``--hands`` seeded hands,
as ``reversis compare`` compares it; a reading shared by several options (the ruleset's defaults)
is played once. Each ruleset's results for a bot are written to ``readings/<bot>/<ruleset>.json``
as soon as they are made, every comparison with the command that makes it again, the seed, the
number of hands, the bot, the engine and the digest of the ruleset's options. The wall time of
each part and of the whole is printed.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

from reversis.apps.compare import engine, record
from reversis.apps.measure import measure, readings_played
from reversis.apps.readings import BOTS, READINGS, comparisons, fingerprint, plan, result_path
from reversis.core.errors import ReversisError
from reversis.core.ruleset import load_ruleset, ruleset_ids

#: hands per reading by default, as the issue asks
HANDS = 100_000


def measure_ruleset(ruleset: str, bot: str, *, hands: int, seed: int, jobs: int, bar: Any) -> dict[str, Any]:
    """Every comparison of a ruleset under one bot, as the data ``readings/<bot>/<ruleset>.json`` holds."""
    planned, left_out = plan(ruleset)
    started = time.monotonic()
    tallies = measure(planned, hands=hands, seed=seed, bot=bot, jobs=jobs, progress=bar.update if bar else None)
    seconds = time.monotonic() - started
    return {
        "ruleset": ruleset,
        "bot": bot,
        "hands": hands,
        "seed": seed,
        "engine": engine(),
        "fingerprint": fingerprint(load_ruleset(ruleset)),
        "made_by": f"make readings HANDS={hands} SEED={seed}",
        "readings_played": readings_played(planned),
        "wall_seconds": round(seconds, 1),
        "jobs": jobs,
        "comparisons": [record(c, t, seed=seed, bot=bot) for c, t in zip(planned, tallies, strict=True)],
        "left_out": left_out,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=HANDS, help="hands under each reading (default %(default)s)")
    parser.add_argument("--seed", type=int, default=0, help="hand i is dealt from seed + i (default 0)")
    parser.add_argument("--jobs", type=int, default=0, help="worker processes; 0 is one per core")
    parser.add_argument("--bot", action="append", choices=BOTS, help="a bot to measure with (default: each)")
    parser.add_argument("--ruleset", action="append", choices=ruleset_ids(), help="a ruleset (default: each)")
    parser.add_argument("--out", type=Path, default=READINGS, help="the folder of the results")
    args = parser.parse_args(argv)
    if args.hands < 2:
        parser.error("--hands: at least 2, for an interval")
    jobs = args.jobs or os.cpu_count() or 1
    rulesets = args.ruleset or ruleset_ids()
    bots = args.bot or list(BOTS)
    total = sum(readings_played(comparisons(r)) for r in rulesets) * len(bots) * args.hands
    try:
        from tqdm import tqdm  # type: ignore[import-untyped,unused-ignore]

        bar = tqdm(total=total, unit="hand", disable=None, file=sys.stderr)
    except ImportError:
        bar = None
    started = time.monotonic()
    try:
        for bot in bots:
            for ruleset in rulesets:
                data = measure_ruleset(ruleset, bot, hands=args.hands, seed=args.seed, jobs=jobs, bar=bar)
                path = result_path(ruleset, bot, args.out)
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
                rate = data["readings_played"] * args.hands / max(data["wall_seconds"], 0.1)
                print(
                    f"{ruleset}, bot {bot}: {len(data['comparisons'])} options, {data['readings_played']} readings "
                    f"× {args.hands} hands in {data['wall_seconds']:.0f} s ({rate:.0f} hands/s) → {path}",
                    file=sys.stderr,
                )
    except ReversisError as exc:
        print(f"measure_readings: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("measure_readings: interrupted (the rulesets finished are written)", file=sys.stderr)
        return 130
    finally:
        if bar is not None:
            bar.close()
    hours, rest = divmod(time.monotonic() - started, 3600)
    print(
        f"{total} hands in {int(hours)} h {rest / 60:.1f} min on {jobs} job{'s' if jobs > 1 else ''}, {engine()}",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
