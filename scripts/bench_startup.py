"""How long a one-hand command takes to answer, beside a bare interpreter's start, in the same run.

``python scripts/bench_startup.py [--runs 21] [--json]``

Runs, alternately and ``--runs`` times each, ``python -c pass`` (the peer), ``python -c "import yaml"``
(the one import every command needs) and ``python -m reversis play`` on a worked example, each in a
fresh process with the same interpreter, and prints the median wall time of each and the ratio of
the command's median to the bare interpreter's. Its target is 4x or less.

The commands run as a user's do: with bytecode caching on (``PYTHONDONTWRITEBYTECODE`` is taken out
of their environment), after one warm-up run of each that writes the caches.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "encyclopedie-1765" / "quinola-placed.yaml"

COMMANDS = {
    "python -c pass": [sys.executable, "-c", "pass"],
    "python -c 'import yaml'": [sys.executable, "-c", "import yaml"],
    "reversis play (one hand)": [sys.executable, "-m", "reversis", "play", str(EXAMPLE)],
}


ENV = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}


def _time(command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, env=ENV)
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=21, help="runs of each command (default: 21)")
    parser.add_argument("--json", action="store_true", help="print the medians and the ratio as JSON")
    args = parser.parse_args()
    times: dict[str, list[float]] = {name: [] for name in COMMANDS}
    for command in COMMANDS.values():  # warm the file cache and write the bytecode caches once
        _time(command)
    for _ in range(args.runs):
        for name, command in COMMANDS.items():
            times[name].append(_time(command))
    medians = {name: statistics.median(values) for name, values in times.items()}
    ratio = medians["reversis play (one hand)"] / medians["python -c pass"]
    if args.json:
        print(json.dumps({"median_seconds": medians, "ratio": ratio, "runs": args.runs}, indent=2))
        return 0
    for name, median in medians.items():
        print(f"{name:<28} {median * 1000:7.1f} ms (median of {args.runs})")
    print(f"ratio: reversis play / python -c pass = {ratio:.2f} (target: 4 or less)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
