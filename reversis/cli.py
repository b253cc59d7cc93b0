"""The ``reversis`` command: rules, play, simulate, cite.

Every error a user can cause is printed as one line on standard error, with
exit status 2, and no traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from reversis.errors import ReversisError

__all__ = ["main"]


def _cmd_rules(args: argparse.Namespace) -> int:
    from reversis.ruleset import load_ruleset, ruleset_ids

    if args.ruleset is None:
        for ruleset_id in ruleset_ids():
            rules = load_ruleset(ruleset_id)
            print(f"{ruleset_id}: {rules.title} ({rules.evidence}; source {rules.source})")
        return 0
    rules = load_ruleset(args.ruleset)
    if args.json:
        options = {
            name: {
                "default": opt.default,
                "meaning": opt.meaning,
                "annotations": list(opt.annotations),
                "cites": list(opt.cites),
                "choices": list(opt.choices),
                "note": opt.note,
            }
            for name, opt in rules.options.items()
        }
        engine_rules = {
            rule: {"cites": list(cites), "annotations": list(rules.rule_annotations[rule])}
            for rule, cites in rules.rule_cites.items()
        }
        payload = {"id": rules.id, "title": rules.title, "options": options, "rules": engine_rules}
        print(json.dumps(payload, ensure_ascii=False, indent=2))
        return 0
    print(f"{rules.id}: {rules.title} (pack: {rules.pack.id}; evidence: {rules.evidence})")
    for name, opt in rules.options.items():
        choices = f" (one of {', '.join(map(str, opt.choices))})" if opt.choices else ""
        print(f"  {name} = {json.dumps(opt.default, ensure_ascii=False)}{choices}")
        print(f"      {opt.meaning}")
        print(f"      cites {', '.join(opt.cites) or '-'}; annotations {', '.join(opt.annotations)}")
        if opt.note:
            print(f"      note: {opt.note}")
    print("engine rules (the rule ids of events and payments) and the paragraphs that order them:")
    for rule, cites in rules.rule_cites.items():
        print(f"  {rule}: {', '.join(cites)}")
    return 0


def _cmd_play(args: argparse.Namespace) -> int:
    from reversis.report import account
    from reversis.result import dump_record, record, result
    from reversis.scenario import play_file

    scenario, hand = play_file(args.scenario)
    if args.record:
        data = record(hand, bot=scenario.bot, seed=scenario.seed)
        try:
            Path(args.record).write_text(dump_record(data), encoding="utf-8")
        except OSError as exc:
            raise ReversisError(f"{args.record}: cannot be written ({exc.strerror})") from None
    if args.json:
        print(json.dumps(result(hand), ensure_ascii=False, indent=2))
    else:
        print(account(hand))
    return 0


def _cmd_simulate(args: argparse.Namespace) -> int:
    from reversis.simulate import simulate

    jobs = args.jobs or os.cpu_count() or 1
    bar: Any = None
    try:
        from tqdm import tqdm  # type: ignore[import-untyped,unused-ignore]

        bar = tqdm(total=args.hands, unit="hand", disable=None, file=sys.stderr)
    except ImportError:
        pass
    try:
        stats = simulate(
            ruleset=args.ruleset,
            hands=args.hands,
            jobs=jobs,
            bot=args.bot,
            seed=args.seed,
            progress=bar.update if bar is not None else None,
        )
    except KeyError as exc:
        raise ReversisError(str(exc.args[0])) from None
    finally:
        if bar is not None:
            bar.close()
    print(f"{args.ruleset}, bot {args.bot}, seed {args.seed}, {jobs} job(s)")
    for line in stats.lines():
        print(line)
    return 0


def _cmd_cite(args: argparse.Namespace) -> int:
    from reversis.corpus.cite import cite

    print(cite(args.paragraph, fmt=args.format))
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="reversis", description=__doc__.splitlines()[0] if __doc__ else None)
    sub = parser.add_subparsers(dest="command", required=True)

    rules = sub.add_parser("rules", help="list the rulesets, or one ruleset's options with their citations")
    rules.add_argument("ruleset", nargs="?", help="a ruleset id, e.g. encyclopedie-1765")
    rules.add_argument("--json", action="store_true", help="print the options as JSON")
    rules.set_defaults(run=_cmd_rules)

    play = sub.add_parser("play", help="play a scenario file and print the hand, or its result as JSON")
    play.add_argument("scenario", help="a scenario YAML file")
    play.add_argument("--json", action="store_true", help="print the result as JSON")
    play.add_argument("--record", metavar="OUT.yaml", help="write the complete hand record, replayable")
    play.set_defaults(run=_cmd_play)

    sim = sub.add_parser("simulate", help="play many seeded hands with a bot and print frequencies")
    sim.add_argument("--ruleset", required=True)
    sim.add_argument("--hands", type=int, default=1000)
    sim.add_argument("--jobs", type=int, default=0, help="processes (default: all cores)")
    sim.add_argument("--bot", default="cautious")
    sim.add_argument("--seed", type=int, default=0)
    sim.set_defaults(run=_cmd_simulate)

    cite = sub.add_parser("cite", help="a ready citation of a paragraph of the corpus")
    cite.add_argument("paragraph", help="a paragraph id, e.g. encyclopedie-1765:4")
    cite.add_argument("--format", choices=["text", "bibtex", "csl-json"], default="text")
    cite.set_defaults(run=_cmd_cite)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args = _parser().parse_args(argv)
    try:
        status: int = args.run(args)
    except ReversisError as exc:
        print(f"reversis: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    return status


if __name__ == "__main__":
    sys.exit(main())
