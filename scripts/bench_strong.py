"""The strong player's strength and speed, measured by duplicate matches (a benchmark, not a test).

``.venv-bench/bin/python scripts/bench_strong.py [--ruleset ID ...] [--against cautious random openspiel]
[--deals 500] [--random-deals 200] [--budget N] [--page-budget N] [--seed 0] [--chunk 10]
[--out strength/strength.json]``, with the compiled engine (``make compiled``) and
``REVERSIS_ANNOTATIONS``/``REVERSIS_CORPUS`` set as ``make readings`` sets them.

Each match (see :mod:`reversis.apps.strength`) sets the strong player against three of another bot,
each deal played once with the strong player in every place:

* ``cautious``: the others ``cautious``, measured against ``cautious`` in his place (at the
  default budget and at the budget of the site's Play a hand);
* ``random``: the others ``random``, measured against ``random`` in his place;
* ``openspiel``: the others ``cautious``, measured against OpenSpiel's Python IS-MCTS bot in his
  place, given as many simulations as take it the strong player's median time per decision.

Results are kept per deal in ``--out`` (JSON, replaced atomically after every chunk of deals): a
match run again resumes after its last deal kept, and more deals can be added later with a larger
``--deals``. The script prints, per match, the mean result per hand of the strong player and of the
reference, their paired difference with its 95 % interval, the time per decision (median and
slowest, in processor time) and the machine's load. ``--speed`` times decisions only, at the budgets
given, and keeps them in ``--speed-out`` (``strength/speed.json``; run it under the engine as pure
Python: the site's engine is pure Python).
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import sys
import time
from pathlib import Path
from typing import Any

from reversis.apps.compare import engine
from reversis.apps.strength import Clock, play_deal, summary
from reversis.apps.strong import DEFAULT_BUDGET, PAGE_BUDGET, Policy, Strong
from reversis.core.ruleset import load_ruleset, ruleset_ids
from reversis.games import game_of

REPO = Path(__file__).resolve().parents[1]
OUT = REPO / "strength" / "strength.json"
SPEED = REPO / "strength" / "speed.json"
#: The deals of a match against cautious (the issue's number) and against random.
DEALS = 500
RANDOM_DEALS = 200


def load(path: Path) -> dict[str, Any]:
    if path.exists():
        data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
        return data
    return {"matches": [], "speed": []}


def save(path: Path, data: dict[str, Any]) -> None:
    """Write the results whole, then put them in place: a stopped run leaves the last chunk's."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_suffix(".json.partial")
    partial.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    os.replace(partial, path)


def find(data: dict[str, Any], key: dict[str, Any]) -> dict[str, Any]:
    """The match of ``key`` in the results (made empty if new)."""
    for match in data["matches"]:
        if all(match.get(k) == v for k, v in key.items()):
            return match  # type: ignore[no-any-return]
    match = {**key, "deals": {}, "times": {}, "runs": []}
    data["matches"].append(match)
    return match


def load_line() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"


def players_of(against: str, game: Any, rules: Any, budget: int, ismcts: Any) -> tuple[Policy, Policy | None, Policy]:
    """(hero, reference, others) of a match; a reference of None is the others' own bot."""
    hero = Strong(budget=budget)
    if against == "openspiel":
        return hero, ismcts, game.policy("cautious")
    return hero, None, game.policy(against)


def run_match(
    data: dict[str, Any], args: argparse.Namespace, ruleset: str, against: str, budget: int, deals: int
) -> None:
    rules = load_ruleset(ruleset)
    game = game_of(rules)
    key = {"ruleset": ruleset, "against": against, "budget": budget, "seed": args.seed}
    match = find(data, key)
    ismcts = None
    if against == "openspiel":
        from openspiel_ismcts import ismcts_player  # beside this script

        ismcts, simulations = ismcts_player(rules, seconds=_strong_median(data, ruleset, budget, args.seed))
        match["openspiel_simulations"] = simulations
    hero, reference, others = players_of(against, game, rules, budget, ismcts)
    # against openspiel the strong player's hands are those of his match against cautious (the same
    # deals, the same others, and he plays alike): only the reference's are played
    known = _strong_deals(data, ruleset, budget, args.seed) if against == "openspiel" else {}
    todo = [i for i in range(deals) if str(i) not in match["deals"]]
    started, cpu = time.perf_counter(), time.process_time()
    for start in range(0, len(todo), args.chunk):
        clock = Clock()
        for i in todo[start : start + args.chunk]:
            mine = known.get(str(i))
            result = play_deal(
                game,
                rules,
                seed=args.seed,
                i=i,
                hero=hero,
                reference=reference,
                others=others,
                clock=clock,
                hero_result=None if mine is None else float(mine[0]),
            )
            match["deals"][str(i)] = [round(result.hero, 4), round(result.reference, 4)]
        total = Clock()
        total.merge(match["times"])
        total.merge(clock.as_json())
        match["times"] = total.as_json()
        match["engine"] = engine()
        save(args.out, data)
        print(f"  {ruleset} against {against}, budget {budget}: {len(match['deals'])} deals", file=sys.stderr)
    if todo:
        match["runs"].append(
            {
                "deals": len(todo),
                "seconds": round(time.perf_counter() - started, 1),
                "cpu_seconds": round(time.process_time() - cpu, 1),
                "load": load_line(),
                "engine": engine(),
            }
        )
        save(args.out, data)
    report(match)


def _strong_deals(data: dict[str, Any], ruleset: str, budget: int, seed: int) -> dict[str, Any]:
    """The deals of the strong player's match against cautious (his result first in each)."""
    deals: dict[str, Any] = find(data, {"ruleset": ruleset, "against": "cautious", "budget": budget, "seed": seed})[
        "deals"
    ]
    return deals


def _strong_median(data: dict[str, Any], ruleset: str, budget: int, seed: int) -> float:
    """The strong player's median time per decision (seconds) in its match against cautious."""
    match = find(data, {"ruleset": ruleset, "against": "cautious", "budget": budget, "seed": seed})
    median = summary(match)["median_ms"] if match["deals"] else 0.0
    if not median:
        raise SystemExit(
            f"bench_strong: play {ruleset} against cautious at budget {budget} first (its time per decision)"
        )
    return float(median) / 1000


def report(match: dict[str, Any]) -> None:
    s = summary(match)
    reference = "OpenSpiel IS-MCTS" if match["against"] == "openspiel" else match["against"]
    print(
        f"{match['ruleset']}: strong (budget {match['budget']}) against {match['against']}, {s['deals']} deals: "
        f"strong {s['hero']['mean']:+.3f} {s['hero']['interval']}, {reference} {s['reference']['mean']:+.3f} "
        f"{s['reference']['interval']} per hand; difference {s['difference']['mean']:+.3f} "
        f"{s['difference']['interval']} ({s['verdict']}); "
        + (
            f"decision median {s['median_ms']:.1f} ms, slowest {s['slowest_ms']:.0f} ms "
            f"over {s['decisions']} decisions; "
            if s["decisions"]
            else f"his hands those of the match against cautious, IS-MCTS {match.get('openspiel_simulations')} "
            "simulations a decision; "
        )
        + load_line()
    )


def speed(data: dict[str, Any], args: argparse.Namespace) -> None:
    """Time the strong player's decisions alone at each budget, a few deals per ruleset, against cautious."""
    for ruleset in args.ruleset:
        rules = load_ruleset(ruleset)
        game = game_of(rules)
        for budget in args.speed:
            clock = Clock()
            started, cpu = time.perf_counter(), time.process_time()
            for i in range(args.speed_deals):
                play_deal(
                    game,
                    rules,
                    seed=args.seed,
                    i=i,
                    hero=Strong(budget=budget),
                    reference=None,
                    others=game.policy("cautious"),
                    clock=clock,
                )
            entry = {
                "ruleset": ruleset,
                "budget": budget,
                "engine": engine(),
                "deals": args.speed_deals,
                "decisions": clock.decisions,
                "median_ms": round(clock.median(), 2),
                "slowest_ms": round(clock.slowest, 1),
                "seconds": round(time.perf_counter() - started, 1),
                "cpu_seconds": round(time.process_time() - cpu, 1),
                "load": load_line(),
            }
            data["speed"] = [
                e
                for e in data["speed"]
                if (e["ruleset"], e["budget"], e["engine"]) != (ruleset, budget, entry["engine"])
            ] + [entry]
            save(args.out, data)
            print(
                f"{ruleset}, budget {budget}, {entry['engine']}: decision median {entry['median_ms']:.1f} ms, "
                f"slowest {entry['slowest_ms']:.0f} ms over {entry['decisions']} decisions; {entry['load']}"
            )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ruleset", nargs="+", default=ruleset_ids(), choices=ruleset_ids())
    parser.add_argument("--against", nargs="+", default=["cautious", "random", "openspiel"])
    parser.add_argument("--deals", type=int, default=DEALS, help="deals per match against cautious and openspiel")
    parser.add_argument("--random-deals", type=int, default=RANDOM_DEALS, help="deals per match against random")
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET)
    parser.add_argument(
        "--page-budget",
        type=int,
        default=PAGE_BUDGET,
        help="also against cautious at this budget (0, or the budget: not)",
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--chunk", type=int, default=10, help="deals between two writes of the results")
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--speed", type=int, nargs="+", metavar="BUDGET", help="time decisions only, at these budgets")
    parser.add_argument("--speed-deals", type=int, default=2)
    parser.add_argument("--speed-out", type=Path, default=SPEED, help="where --speed keeps its times")
    args = parser.parse_args(argv)
    print(f"{engine()}; {load_line()}; {shlex.join(sys.argv)}", file=sys.stderr)
    if args.speed:
        args.out = args.speed_out
        speed(load(args.out), args)
        return 0
    data = load(args.out)
    for ruleset in args.ruleset:
        for against in args.against:
            deals = args.random_deals if against == "random" else args.deals
            run_match(data, args, ruleset, against, args.budget, deals)
            if against == "cautious" and args.page_budget and args.page_budget != args.budget:
                run_match(data, args, ruleset, against, args.page_budget, deals)
    return 0


if __name__ == "__main__":
    sys.exit(main())
