"""The cost of a hand under each bot, and what the readings' measurements need: ``python scripts/hand_cost.py``.

For each ruleset and each bot (``random``, ``cautious``, ``strong``), ``--hands`` seeded hands are played
in this process, as ``make readings`` plays them (hand *i* from ``seed + i``, every seat by the bot,
the strong player at its default budget), and the processor time of a hand is printed: processor
time, not the clock's, so that a machine shared with other work still gives the engine's cost. Then
the processor time that ``make readings`` needs: every reading of every ruleset under each bot over
``--full`` hands (the whole set), and the options ``make readings BOT=strong`` measures over
``--strong-hands`` hands, in core-hours. Run it with the engine that measures (``make compiled``:
``.venv-bench/bin/python scripts/hand_cost.py``); the engine is said in the first line.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from reversis.apps.compare import engine
from reversis.apps.measure import readings_played
from reversis.apps.readings import BOTS, STRONG, comparisons, load_results, strong_plan, strong_unplayable
from reversis.apps.strong import DEFAULT_BUDGET, Strong, seeded
from reversis.core.ruleset import load_ruleset, ruleset_ids
from reversis.games import game_of

#: The repository's measurements (an installed engine's package does not hold them).
READINGS = Path(__file__).resolve().parents[1] / "readings"


def player(ruleset: str, bot: str) -> Callable[[int, int], Any]:
    rules = load_ruleset(ruleset)
    game = game_of(rules)
    return seeded(game, rules, Strong(budget=DEFAULT_BUDGET)) if bot == STRONG else game.seeded(rules, bot)


def cost(ruleset: str, bot: str, hands: int, seed: int) -> float:
    """Processor seconds a hand, over ``hands`` hands from ``seed``."""
    play = player(ruleset, bot)
    started = time.process_time()
    for i in range(hands):
        play(seed, i)
    return (time.process_time() - started) / hands


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=200, help="hands timed per ruleset under random and cautious")
    parser.add_argument("--strong", type=int, default=4, help="hands timed per ruleset under the strong player")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--full", type=int, default=100_000, help="hands per reading of the whole set")
    parser.add_argument("--strong-hands", type=int, default=200, help="hands per reading of make readings BOT=strong")
    parser.add_argument("--readings", type=Path, default=READINGS, help="the measurements the strong plan reads")
    parser.add_argument("--ruleset", action="append", choices=ruleset_ids(), help="a ruleset (default: each)")
    args = parser.parse_args(argv)
    rulesets = args.ruleset or ruleset_ids()
    print(f"{engine()}; processor seconds a hand (every seat played by the bot)")
    costs: dict[tuple[str, str], float] = {}
    for ruleset in rulesets:
        for bot in (*BOTS, STRONG):
            if bot == STRONG and strong_unplayable(ruleset):
                print(f"  {ruleset}, {bot}: not played ({strong_unplayable(ruleset)})")
                continue
            hands = args.strong if bot == STRONG else args.hands
            costs[ruleset, bot] = cost(ruleset, bot, hands, args.seed)
            print(f"  {ruleset}, {bot}: {costs[ruleset, bot] * 1000:,.2f} ms a hand ({hands} hands)", flush=True)
    print(f"The whole set ({args.full:,} hands per reading), in core-hours:")
    for bot in (*BOTS, STRONG):
        played = [(r, readings_played(comparisons(r))) for r in rulesets if (r, bot) in costs]
        hours = sum(n * args.full * costs[r, bot] for r, n in played) / 3600
        print(f"  {bot}: {sum(n for _, n in played)} readings, {hours:,.1f} core-hours")
    chosen = strong_plan(load_results(args.readings))
    played = [(r, readings_played(c)) for r, c in chosen.items() if (r, STRONG) in costs]
    hours = sum(n * args.strong_hands * costs[r, STRONG] for r, n in played) / 3600
    options = sum(len(chosen[r]) for r, _ in played)
    print(
        f"make readings BOT=strong ({options} options, {sum(n for _, n in played)} readings, "
        f"{args.strong_hands:,} hands per reading): {hours:,.2f} core-hours"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
