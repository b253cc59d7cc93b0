"""The reversis command: rulesets, scenarios, simulations, comparisons, sittings and citations.

It reads the rulesets, plays a scenario, simulates many hands, compares the readings of an option,
plays a sitting of many hands and cites a paragraph.

Every error a user can cause is printed as one line on standard error, with
exit status 2, and no traceback; Ctrl-C stops any command with one line and
exit status 130.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

from reversis.core.errors import ReversisError, did_you_mean

__all__ = ["main"]

#: The most worker processes ``simulate --jobs`` starts.
MAX_JOBS = 64


def _cmd_rules(args: argparse.Namespace) -> int:
    import json

    from reversis.core.ruleset import load_ruleset, ruleset_ids

    if args.ruleset is None:
        listed = [load_ruleset(ruleset_id) for ruleset_id in ruleset_ids()]
        if args.json:
            fields = [
                {"id": r.id, "title": r.title, "pack": r.pack.id, "evidence": r.evidence, "source": r.source}
                for r in listed
            ]
            print(json.dumps(fields, ensure_ascii=False, indent=2))
            return 0
        for rules in listed:
            print(f"{rules.id}: {rules.title} ({rules.evidence}; source {rules.source})")
        return 0
    rules = load_ruleset(args.ruleset)
    if args.json:
        from reversis.apps.web import ruleset_data

        print(json.dumps(ruleset_data(rules), ensure_ascii=False, indent=2))
        return 0
    print(f"{rules.id}: {rules.title} (pack: {rules.pack.id}; evidence: {rules.evidence})")
    if rules.conventions:
        print("how the ruleset reads what its source leaves implicit:")
        for convention in rules.conventions:
            print(f"  {convention.topic}: {convention.text} (cites {', '.join(convention.cites) or '-'})")
    print("options:")
    for name, opt in rules.options.items():
        allowed = opt.allowed(rules.pack, players=rules.get("players"))
        print(f"  {name} = {json.dumps(opt.default, ensure_ascii=False)}  ({allowed})")
        print(f"      {opt.meaning}")
        print(f"      cites {', '.join(opt.cites) or '-'}; annotations {', '.join(opt.annotations)}")
        if opt.note:
            print(f"      note: {opt.note}")
    print("engine rules (the rule ids of events and payments) and the paragraphs that order them:")
    for rule, cites in rules.rule_cites.items():
        basis = rules.rule_basis.get(rule, "stated")
        shown = "not in the source" if basis == "not-in-source" else ", ".join(cites)
        print(f"  {rule}: {shown}" + (f" ({basis})" if basis not in ("stated", "not-in-source") else ""))
    return 0


def _cmd_play(args: argparse.Namespace) -> int:
    from reversis.apps.web import result_text
    from reversis.games import game_of, play_file
    from reversis.games.reversis.result import dump_record

    if args.record and _same_file(args.record, args.scenario):
        raise ReversisError(
            f"{args.record}: is the scenario being played; --record would overwrite it "
            "(and lose its title and narrative): give another file"
        )
    from reversis.apps.sitting import parse_option
    from reversis.apps.strong import Strong

    options = dict(parse_option(text) for text in args.option or ())
    scenario, hand = play_file(args.scenario, options=options, searcher=lambda budget: Strong(budget=budget))
    game = game_of(scenario.rules)
    if args.record:
        data = game.record(hand, bot=scenario.bot, seed=scenario.seed, budget=getattr(scenario, "budget", None))
        try:
            Path(args.record).write_text(dump_record(data), encoding="utf-8")
        except OSError as exc:
            raise ReversisError(f"{args.record}: cannot be written ({exc.strerror or exc})") from None
    if args.json:
        print(result_text(game, hand))
    else:
        print(game.account(hand, scenario))
    return 0


def _same_file(a: str, b: str) -> bool:
    """Whether two paths name the same file (the same inode, or the same path once resolved)."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return Path(a).resolve() == Path(b).resolve()


def _cmd_simulate(args: argparse.Namespace) -> int:
    from reversis.apps.simulate import simulate
    from reversis.core.ruleset import load_ruleset, ruleset_ids

    if args.game is not None:  # the game's ruleset: the one named, or the first of that game
        of_game = [rid for rid in ruleset_ids() if load_ruleset(rid).game == args.game]
        if args.ruleset is not None and args.ruleset not in of_game:
            raise ReversisError(f"--ruleset {args.ruleset} is not a ruleset of the game {args.game}")
        args.ruleset = args.ruleset or of_game[0]
    elif args.ruleset is None:
        raise ReversisError("the following arguments are required: --ruleset (or --game)")
    jobs = args.jobs or os.cpu_count() or 1
    with Progress(total=args.hands) as progress:
        try:
            stats = simulate(
                ruleset=args.ruleset,
                hands=args.hands,
                jobs=jobs,
                bot=args.bot,
                seed=args.seed,
                progress=progress,
                budget=args.budget,
            )
        except KeyError as exc:
            raise ReversisError(str(exc.args[0])) from None
        progress.done()
        bot = f"{args.bot} ({args.budget} playouts a decision)" if args.bot == "strong" else args.bot
        print(f"{args.ruleset}, bot {bot}, seed {args.seed}, {jobs} job{'' if jobs == 1 else 's'}")
        for line in stats.lines():
            print(line)
    return 0


class Progress:
    """A progress bar of hands on standard error while a terminal shows it (none when it is piped),
    then one line there: how many hands were played, and how fast. Standard output is left to the
    results, the same for the same seed."""

    def __init__(self, *, total: int | None) -> None:
        from tqdm import tqdm  # type: ignore[import-untyped,unused-ignore]

        self.bar = tqdm(total=total, unit="hand", disable=None, file=sys.stderr, leave=False, dynamic_ncols=True)
        self.hands = 0

    def __enter__(self) -> Progress:
        self.started = time.perf_counter()
        self.seconds: float | None = None
        return self

    def __call__(self, hands: int, *, resumed: bool = False) -> None:
        """``hands`` more are played (``resumed``: found kept from an earlier run, not counted in the rate)."""
        self.bar.update(hands)
        if resumed and not self.bar.disable:
            self.bar.initial, self.bar.last_print_n = self.bar.initial + hands, self.bar.n
        elif not resumed:
            self.hands += hands

    def done(self) -> None:
        """The hands are played: the bar goes, before the results are printed."""
        self.bar.close()
        self.seconds = max(time.perf_counter() - self.started, 1e-9)

    def __exit__(self, kind: object, error: object, trace: object) -> None:
        self.bar.close()
        if kind is None:  # the line comes last, once the command has done all it does
            seconds = self.seconds if self.seconds is not None else max(time.perf_counter() - self.started, 1e-9)
            rate = self.hands / seconds
            print(
                f"{self.hands:,} hand{'' if self.hands == 1 else 's'} played in {seconds:.1f} s ({rate:,.0f} hands/s)",
                file=sys.stderr,
            )


def _cmd_sitting(args: argparse.Namespace) -> int:
    import json

    from reversis.apps.sitting import as_json, dump_sitting, load_sitting, play_sitting, sitting_from_args, table
    from reversis.core.ruleset import ruleset_ids

    if args.command == "session":  # the command's old name
        print("reversis: `reversis session` is now `reversis sitting`", file=sys.stderr)
    flags = {
        "--ruleset": args.ruleset,
        "--hands": args.hands,
        "--seed": args.seed,
        "--bot": args.bot,
        "--first-dealer": args.first_dealer,
        "--option": args.option,
        "--budget": args.budget,
    }
    if args.sitting is not None:
        given = [flag for flag, value in flags.items() if value is not None]
        if given:
            raise ReversisError(
                f"{given[0]} is for a sitting dealt from the command line, not with the file {args.sitting}"
            )
        if args.record and _same_file(args.record, args.sitting):
            raise ReversisError(
                f"{args.record}: is the sitting being played; --record would overwrite it: give another file"
            )
        sitting = load_sitting(args.sitting)
    else:
        rulesets = ruleset_ids()
        if args.ruleset is None and len(rulesets) > 1:
            raise ReversisError(f"give a sitting file or --ruleset (one of {', '.join(rulesets)})")
        sitting = sitting_from_args(
            ruleset=args.ruleset or rulesets[0],
            hands=args.hands,
            seed=args.seed or 0,
            bot=args.bot or "cautious",
            first_dealer=args.first_dealer,
            options=args.option or (),
            budget=args.budget,
        )
    with Progress(total=sitting.hands) as progress:
        hands = play_sitting(sitting, progress=progress)
        progress.done()
        if args.record:
            try:
                Path(args.record).write_text(dump_sitting(sitting, hands), encoding="utf-8")
            except OSError as exc:
                raise ReversisError(f"{args.record}: cannot be written ({exc.strerror or exc})") from None
        if args.json:
            print(json.dumps(as_json(sitting, hands), ensure_ascii=False, indent=2))
        else:
            print(table(sitting, hands))
    return 0


def _cmd_coverage(args: argparse.Namespace) -> int:
    from reversis.annotations.coverage import report

    text, status = report(as_json=args.json, mutation=not args.no_mutation)
    print(text)
    return status


def _cmd_cite(args: argparse.Namespace) -> int:
    from reversis.core.ruleset import load_ruleset, ruleset_ids
    from reversis.corpus.cite import cite, cite_project
    from reversis.corpus.load import load_corpus

    if args.project == (args.id is not None):
        raise ReversisError("give a paragraph id, a source id or --project (one of them)")
    if args.project:
        print(cite_project(fmt=args.format, style=args.style))
        return 0
    corpus = load_corpus()
    source_id, colon, number = args.id.strip().partition(":")
    if source_id in ruleset_ids() and source_id not in {s.id for s in corpus.sources}:
        source = load_ruleset(source_id).source
        raise ReversisError(
            f"{source_id!r} is a ruleset, not a source: its source is {source} "
            f"(did you mean {source + colon + number!r}?)"
        )
    print(cite(args.id, fmt=args.format, style=args.style, corpus=corpus))
    return 0


class _UsageError(Exception):
    """A command line argparse refuses; its message is one line."""


class _Formatter(argparse.ArgumentDefaultsHelpFormatter):
    """Each option's help ends with its default, except for flags and options without one."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        if action.default is None or isinstance(action.default, bool):
            return action.help
        return super()._get_help_string(action)


class _Parser(argparse.ArgumentParser):
    """argparse, with defaults in the help and a usage error on one line."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        invalid = re.fullmatch(r"(argument .*: invalid choice: '(.*)') \(choose from (.*)\)", message)
        if invalid:  # argparse lists the choices; the nearest one is the likely meaning
            choices = [choice.strip("'") for choice in invalid.group(3).split(", ")]
            message = f"{invalid.group(1)}{did_you_mean(invalid.group(2), choices)} (choose from {invalid.group(3)})"
        raise _UsageError(f"{self.prog}: error: {message} (see {self.prog} --help)")


def _whole(low: int, high: int | None = None) -> Any:
    """An argparse type: a whole number from ``low`` (to ``high``)."""
    allowed = f"a whole number from {low} to {high}" if high is not None else f"a whole number ≥ {low}"

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not allowed: it must be {allowed}") from None
        if value < low or (high is not None and value > high):
            raise argparse.ArgumentTypeError(f"{value} is not allowed: it must be {allowed}")
        return value

    return parse


def _parser() -> argparse.ArgumentParser:
    from reversis import __version__
    from reversis.apps.strong import BOTS
    from reversis.core.ruleset import ruleset_ids

    rulesets = ruleset_ids()
    only = rulesets[0] if len(rulesets) == 1 else None
    # the docstring's first paragraph, whole: its first line alone stops mid-sentence
    summary = " ".join((__doc__ or "").split("\n\n")[0].split())
    parser = _Parser(prog="reversis", description=summary)
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND", parser_class=_Parser)
    _add_rules(sub, rulesets)
    _add_play(sub)
    _add_simulate(sub, rulesets, only, sorted(BOTS))
    from reversis.apps.compare import add_parser as add_compare  # the command lives in reversis/apps/compare.py

    add_compare(sub, rulesets=rulesets, bots=sorted(BOTS), whole=_whole, max_jobs=MAX_JOBS, progress=Progress)
    _add_sitting(sub, rulesets, only, sorted(BOTS))
    _add_cite(sub)
    _add_coverage(sub)
    return parser


def _add_rules(sub: argparse._SubParsersAction[_Parser], rulesets: list[str]) -> None:
    rules = sub.add_parser(
        "rules",
        help="list the rulesets, or one ruleset's options with their domains and citations",
        description="List the rulesets, or one ruleset's options: default, allowed values, meaning, citations.",
    )
    rules.add_argument("ruleset", nargs="?", choices=rulesets, help="a ruleset id (default: list the rulesets)")
    rules.add_argument("--json", action="store_true", help="print the list or the options as JSON")
    rules.set_defaults(run=_cmd_rules)


def _add_play(sub: argparse._SubParsersAction[_Parser]) -> None:
    play = sub.add_parser(
        "play",
        help="play a scenario file and print the hand, or its result as JSON",
        description="Play the hand a scenario file describes (see docs/scenarios.md) and print it, "
        "trick by trick, with every payment and the rule that orders it.",
    )
    play.add_argument("scenario", help="a scenario YAML file")
    play.add_argument("--json", action="store_true", help="print the result as JSON instead of the account")
    play.add_argument(
        "--option",
        action="append",
        metavar="NAME=VALUE",
        help="an option of the ruleset over the scenario's own, the value in YAML (e.g. quinola_forced_bete=false, "
        "talon={5: 7}); repeat for more",
    )
    play.add_argument(
        "--record",
        metavar="OUT.yaml",
        help="also write the complete hand as a scenario, every exchange and play filled in, which replays "
        "to the same result (never onto the scenario itself)",
    )
    play.set_defaults(run=_cmd_play)


def _add_simulate(
    sub: argparse._SubParsersAction[_Parser], rulesets: list[str], only: str | None, bots: list[str]
) -> None:
    sim = sub.add_parser(
        "simulate",
        help="play many seeded hands with a bot and print frequencies",
        description="Play many seeded hands with a bot on several processes and print how often each thing "
        "happened; the totals do not depend on --jobs.",
    )
    sim.add_argument(
        "--ruleset",
        choices=rulesets,
        default=only,
        help="the ruleset to play" + (", optional while it is the only one" if only else " (or give --game)"),
    )
    from reversis.games import GAMES

    sim.add_argument(
        "--game",
        choices=[game.name for game in GAMES],
        help="the game to play, with its first ruleset unless --ruleset names one",
    )
    sim.add_argument("--hands", type=_whole(1), default=1000, help="how many hands to play, at least 1")
    sim.add_argument(
        "--jobs",
        type=_whole(0, MAX_JOBS),
        default=0,
        help=f"worker processes, 0 to {MAX_JOBS}; 0 is one per core",
    )
    sim.add_argument("--bot", choices=bots, default="cautious", help="the bot that plays every seat")
    _add_budget(sim)
    sim.add_argument("--seed", type=_whole(0), default=0, help="hand i is dealt from seed + i")
    sim.set_defaults(run=_cmd_simulate)


def _add_budget(parser: argparse.ArgumentParser) -> None:
    from reversis.apps.strong import DEFAULT_BUDGET, MAX_BUDGET

    parser.add_argument(
        "--budget",
        type=_whole(1, MAX_BUDGET),
        default=DEFAULT_BUDGET,
        help=f"the strong bot's playouts a decision, 1 to {MAX_BUDGET}",
    )


def _add_sitting(
    sub: argparse._SubParsersAction[_Parser], rulesets: list[str], only: str | None, bots: list[str]
) -> None:
    sitting = sub.add_parser(
        "sitting",
        aliases=["session"],  # its old name, which still works and says the new one
        help="play a sitting of many hands, the deal passing round, the pool and the bêtes carried over",
        description="Play a sitting of many hands at one table and print one line per hand and the final "
        "standing. Seats are numbered in playing order; the seat after the dealer is the eldest and deals "
        "the next hand. The pool and the bêtes owed carry from hand to hand. The sitting comes from a file "
        "(see the Sittings section of README.md: a first document 'sitting: {ruleset, options, first_dealer, "
        "hands, seed, bot}', then, in a recorded sitting, one complete scenario per hand) or from the flags "
        "below; hand i (from 0) of a dealt sitting is dealt from seed + i.",
    )
    sitting.add_argument("sitting", nargs="?", help="a sitting file, or a scenario file (a sitting of its hands)")
    sitting.add_argument(
        "--ruleset",
        choices=rulesets,
        help="the ruleset, without a file" + (f" (default {only})" if only else ""),
    )
    from reversis.apps.sitting import MAX_HANDS

    sitting.add_argument(
        "--hands", type=_whole(1, MAX_HANDS), help=f"how many hands, without a file: 1 to {MAX_HANDS} (default 10)"
    )
    sitting.add_argument("--seed", type=_whole(0), help="hand i is dealt from seed + i, without a file (default 0)")
    sitting.add_argument("--bot", choices=bots, help="the bot that plays every seat, without a file (default cautious)")
    from reversis.apps.strong import DEFAULT_BUDGET, MAX_BUDGET

    sitting.add_argument(
        "--budget",
        type=_whole(1, MAX_BUDGET),
        help=f"the strong bot's playouts a decision, 1 to {MAX_BUDGET}, without a file (default {DEFAULT_BUDGET})",
    )
    sitting.add_argument(
        "--first-dealer", type=_whole(0), help="the seat that deals the first hand, without a file (default 0)"
    )
    sitting.add_argument(
        "--option",
        action="append",
        metavar="NAME=VALUE",
        help="an option of the ruleset, the value in YAML (e.g. players=5, talon={5: 7}); repeat for more",
    )
    sitting.add_argument("--json", action="store_true", help="print the whole sitting as JSON instead of the table")
    sitting.add_argument(
        "--record",
        metavar="OUT.yaml",
        help="also write the whole sitting, every hand complete, as a file that replays it to the same standing",
    )
    sitting.set_defaults(run=_cmd_sitting)


def _add_cite(sub: argparse._SubParsersAction[_Parser]) -> None:
    cite = sub.add_parser(
        "cite",
        help="a ready citation of a paragraph, a source or the project",
        description="A ready citation of a paragraph of the corpus (encyclopedie-1765:4): the work it is in, "
        "cited once, and the paragraph as the pinpoint; of a whole source (encyclopedie-1765); or of the "
        "project itself (--project, as CITATION.cff gives it).",
    )
    cite.add_argument("id", nargs="?", help="a paragraph id (encyclopedie-1765:4) or a source id (encyclopedie-1765)")
    cite.add_argument("--project", action="store_true", help="cite the project itself instead")
    from reversis.corpus.citation_styles import FORMATS, STYLE_ALIASES, STYLES

    # no argparse choices: an unknown format or style is answered by the corpus's one-line error,
    # which names the nearest valid one
    cite.add_argument(
        "--format",
        default="text",
        help=f"one of {', '.join(FORMATS)}; text is the citation, its pinpoint and the bibliography entry in --style",
    )
    cite.add_argument(
        "--style",
        default=STYLES[0],
        help=f"(default: %(default)s) the citation style of --format text: one of {', '.join(STYLES)}, "
        f"or {', '.join(STYLE_ALIASES)} for short",
    )
    cite.set_defaults(run=_cmd_cite)


def _add_coverage(sub: argparse._SubParsersAction[_Parser]) -> None:
    cover = sub.add_parser(
        "coverage",
        help="how far the annotations cover each source; exit status 1 unless complete",
        description="Per source: rule-bearing paragraphs, annotated, rule statements, modelled, with a passing "
        "example, ambiguous, not modelled, and the mutation kill rate of its rulesets; then the source-level kill "
        "rate of each rule module, from the last run of make mutants. Exit status 1 unless every rule-bearing "
        "paragraph is annotated, every modelled statement has a passing example and every mutant of the "
        "rulesets is killed.",
    )
    cover.add_argument("--json", action="store_true", help="print the coverage as JSON")
    cover.add_argument("--no-mutation", action="store_true", help="skip the mutation check (faster)")
    cover.set_defaults(run=_cmd_coverage)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (``--help`` and ``--version`` exit with 0)."""
    try:
        args = _parser().parse_args(argv)
        status: int = args.run(args)
    except _UsageError as exc:
        print(exc, file=sys.stderr)
        return 2
    except ReversisError as exc:
        from reversis.apps.web import error_line

        print(error_line(exc), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("reversis: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    return status


if __name__ == "__main__":
    sys.exit(main())
