"""How long the AI frameworks' checks take on each ruleset, beside OpenSpiel's Hearts, in the same run.

``python scripts/frameworks_time.py [--sims 1000] [--cycles 1000] [--rulesets ID ...] [--json]``

For each ruleset registered by :mod:`reversis.apps.openspiel`, and for OpenSpiel's own ``hearts``
(its C++ game: the peer), it times ``pyspiel.random_sim_test`` of ``--sims`` random hands with
serialisation; then, for each ruleset's PettingZoo environment (:mod:`reversis.apps.pettingzoo_env`),
``pettingzoo.test.api_test`` (``--cycles``) and ``seed_test``. It prints the processor time and the
time on the clock of each, and each ruleset's ``random_sim_test`` per hand beside Hearts'.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import sys
import time
from collections.abc import Callable

import pyspiel
from pettingzoo.test import api_test, seed_test

from reversis.apps import openspiel
from reversis.apps.pettingzoo_env import env
from reversis.core.ruleset import ruleset_ids


def _timed(run: Callable[[], object]) -> tuple[float, float]:
    """The processor seconds and the seconds on the clock that ``run`` took (what it prints is dropped)."""
    cpu, wall = time.process_time(), time.perf_counter()
    with contextlib.redirect_stdout(io.StringIO()):
        run()
    return time.process_time() - cpu, time.perf_counter() - wall


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sims", type=int, default=1000, help="random_sim_test's hands (1000)")
    parser.add_argument("--cycles", type=int, default=1000, help="api_test's num_cycles (1000)")
    parser.add_argument("--rulesets", nargs="*", default=None, help="the rulesets (every one)")
    parser.add_argument("--json", action="store_true", help="print the times as JSON")
    args = parser.parse_args(argv)
    rulesets = args.rulesets or ruleset_ids()
    openspiel.register(rulesets)
    rows: dict[str, dict[str, float]] = {}
    for name, game_name in [("hearts (OpenSpiel, C++)", "hearts")] + [(r, openspiel.game_name(r)) for r in rulesets]:
        game = pyspiel.load_game(game_name)
        cpu, wall = _timed(lambda: pyspiel.random_sim_test(game, num_sims=args.sims, serialize=True, verbose=False))  # noqa: B023
        rows[name] = {"random_sim_test_cpu": cpu, "random_sim_test_wall": wall}
        print(f"{name}: random_sim_test {cpu:.1f} s", file=sys.stderr)
    for ruleset in rulesets:
        cpu, wall = _timed(lambda: api_test(env(ruleset, render_mode="ansi"), num_cycles=args.cycles))  # noqa: B023
        seed_cpu, seed_wall = _timed(lambda: seed_test(lambda: env(ruleset), num_cycles=100))  # noqa: B023
        rows[ruleset].update(api_test_cpu=cpu, api_test_wall=wall, seed_test_cpu=seed_cpu, seed_test_wall=seed_wall)
    if args.json:
        print(json.dumps({"sims": args.sims, "cycles": args.cycles, "rows": rows}, indent=2))
        return 0
    hearts = rows["hearts (OpenSpiel, C++)"]["random_sim_test_cpu"]
    print(f"random_sim_test: {args.sims} hands with serialisation; api_test: num_cycles={args.cycles}")
    print("| game | random_sim_test (processor, clock) | per hand | × hearts | api_test | seed_test |")
    print("|---|---|---|---|---|---|")
    for name, row in rows.items():
        cpu = row["random_sim_test_cpu"]
        pz = (
            f"{row['api_test_cpu']:.2f} s, {row['api_test_wall']:.2f} s | {row['seed_test_cpu']:.2f} s"
            if "api_test_cpu" in row
            else "– | –"
        )
        print(
            f"| {name} | {cpu:.1f} s, {row['random_sim_test_wall']:.1f} s | {1000 * cpu / args.sims:.1f} ms"
            f" | {cpu / hearts:.1f} | {pz} |"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
