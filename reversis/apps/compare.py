"""``reversis compare``: the same seeded hands under each reading of one option, and what it changes.

Every other option keeps its default. Hand ``i`` of every reading is dealt from ``seed + i`` and
played by the bot, as ``reversis simulate`` plays it (:mod:`reversis.apps.measure`), so that each
difference from the default is a paired one. Per reading the command prints each seat's mean
result per hand with its 95 % interval (seats counted from the dealer, since the deal rotates),
the share of hands in which each engine rule fired, the share of hands whose result differs from
the default's, and the paired difference of each seat's result from the default's, saying plainly
when its interval holds zero.

>>> from reversis.apps.cli import main
>>> main(["compare", "--ruleset", "encyclopedie-1765", "--option", "quinola_given_bete", "--hands", "40",
...       "--jobs", "1", "--bot", "random"])  # doctest: +ELLIPSIS
encyclopedie-1765, option quinola_given_bete: true (the default) against false; 40 hands from seed 0, bot random...
0
"""

from __future__ import annotations

import argparse
import json
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from reversis.apps.measure import Comparison, chunk_key, measure, readings_played, summary
from reversis.apps.readings import fingerprint, flow, readings_of
from reversis.apps.runs import ChunkStore, Ray
from reversis.apps.strong import DEFAULT_BUDGET, MAX_BUDGET
from reversis.core.errors import ReversisError, did_you_mean
from reversis.core.ruleset import load_ruleset

__all__ = ["add_parser", "command", "lines", "record", "resolve"]


def _yaml_value(text: str, *, source: str) -> Any:
    from reversis.core.scenario_yaml import read_yaml

    data, _ = read_yaml(text, source=source)
    return data


def _yaml_values(text: str, *, source: str) -> list[Any]:
    """``V1,V2,…``, each value in YAML: read as the items of one YAML list, so that a mapping's or a
    list's commas stay inside it."""
    return list(_yaml_value(f"[{text}]", source=source) or [])


def resolve(ruleset: str, option: str, values: str | None = None, with_options: Sequence[str] = ()) -> Comparison:
    """The comparison a command line asks for, checked: an unknown option or a value outside its
    domain, or nothing to compare, is a ``ReversisError`` of one line."""
    rules = load_ruleset(ruleset)
    if option not in rules.options:
        raise ReversisError(
            f"unknown option {option!r}{did_you_mean(option, rules.options)} for ruleset {ruleset} "
            f"(see `reversis rules {ruleset}`)"
        )
    base: dict[str, Any] = {}
    for text in with_options:
        name, sep, value = text.partition("=")
        if not sep or not name.strip():
            raise ReversisError(f"--with {text}: expected NAME=VALUE, e.g. players=5")
        if name.strip() == option:
            raise ReversisError(f"--with {text}: {option} is the option compared; give its values with --values")
        base[name.strip()] = _yaml_value(value, source=f"--with {name.strip()}")
    documented, alike = readings_of(rules, option)
    if values is None:
        given, base = list(documented), base or alike
    else:
        given = _yaml_values(values, source="--values")
    default = rules.options[option].default
    checked: list[Any] = []
    kept: list[Any] = []
    for value in [default, *given]:
        here = rules.with_options({**base, option: value})[option]
        if here not in checked:
            checked.append(here)
            kept.append(value)
    if len(kept) < 2:
        what = rules.options[option].allowed(rules.pack, players=rules.get("players"))
        only = "" if values is not None else f" (it allows {what} and no other reading is documented)"
        raise ReversisError(
            f"option {option} of ruleset {ruleset}: nothing to compare: only its default {flow(default)}{only}; "
            "give other values with --values"
        )
    return Comparison(ruleset, option, tuple(kept), base)


def command(comparison: Comparison, *, hands: int, seed: int, bot: str, budget: int = DEFAULT_BUDGET) -> str:
    """The command line that makes the measurement again (the strong player's budget where he plays)."""
    parts = ["reversis compare", f"--ruleset {comparison.ruleset}", f"--option {comparison.option}"]
    parts.append("--values " + _quoted(",".join(flow(v) for v in comparison.values)))
    parts += [f"--with {_quoted(f'{name}={flow(value)}')}" for name, value in comparison.base.items()]
    parts += [f"--hands {hands}", f"--seed {seed}", f"--bot {bot}"]
    parts += [f"--budget {budget}"] if bot == "strong" else []
    parts += ["--json"]
    return " ".join(parts)


def _quoted(text: str) -> str:
    return text if all(c.isalnum() or c in "-_.,=" for c in text) else "'" + text.replace("'", "'\\''") + "'"


def engine() -> str:
    """The engine that played: the package's version, compiled or pure Python."""
    from reversis import __version__
    from reversis.games.reversis import hand as hand_module

    compiled = not str(hand_module.__file__).endswith(".py")
    return f"reversis {__version__}, " + ("compiled with mypyc" if compiled else "pure Python")


def record(comparison: Comparison, tally: Any, *, seed: int, bot: str, budget: int = DEFAULT_BUDGET) -> dict[str, Any]:
    """A measurement as data: what it says (:func:`reversis.apps.measure.summary`) and how it was made
    (the strong player's ``budget``, playouts a decision, where he plays)."""
    from reversis.games import game_of

    rules = load_ruleset(comparison.ruleset)
    data = summary(comparison, tally)
    return {
        "command": command(comparison, hands=tally.hands, seed=seed, bot=bot, budget=budget),
        "seed": seed,
        "bot": bot,
        **({"budget": budget} if bot == "strong" else {}),
        "engine": engine(),
        "fingerprint": fingerprint(rules),
        "unit": game_of(rules).unit,
        "values_yaml": [flow(v) for v in comparison.values],
        **data,
    }


def _pm(pair: Sequence[float], fmt: str, scale: float = 1) -> str:
    low, high = pair
    return f"[{scale * low:{fmt}}, {scale * high:{fmt}}]"


def lines(data: dict[str, Any]) -> list[str]:
    """A measurement as the command prints it."""
    values = data["values_yaml"]
    base = "".join(f", with {name} = {flow(value)}" for name, value in data["base"].items())
    out = [
        f"{data['ruleset']}, option {data['option']}: {values[0]} (the default) against {', '.join(values[1:])}"
        f"{base}; {data['hands']} hands from seed {data['seed']}, bot {data['bot']}"
        + (f" ({data['budget']} playouts a decision)" if "budget" in data else "")
        + f" (a bot's play, not a period "
        f"player's); {data['unit']} per hand; {data['engine']}",
        data["method"] + ".",
    ]
    for text, reading in zip(values, data["readings"], strict=True):
        out.append(f"{data['option']} = {text}" + (" (the default)" if reading["default"] else ""))
        means = "; ".join(f"{s['label']} {s['mean']:+.3f} {_pm(s['interval'], '+.3f')}" for s in reading["seats"])
        out.append(f"  mean per hand: {means}")
        if not reading["default"]:
            d = reading["differs"]
            shown = _pm(d["interval"], ".2f", 100)
            out.append(f"  hands whose result differs from the default's: {100 * d['share']:.2f} % {shown}")
            for diff in reading["difference"]:
                verdict = "indistinguishable from zero" if diff["zero_inside"] else "different from zero"
                if not diff["mean_absolute"]:
                    verdict = "the same in every hand"
                out.append(
                    f"  difference from the default, {diff['label']}: {diff['mean']:+.3f} "
                    f"{_pm(diff['interval'], '+.3f')}, {verdict}"
                )
            changed = sorted(reading["rules_difference"].items(), key=lambda item: -abs(item[1]["mean"]))
            for rule, change in changed:
                verdict = "indistinguishable from zero" if change["zero_inside"] else "different from zero"
                out.append(
                    f"  rule {rule}: in {100 * change['mean']:+.2f} % of hands "
                    f"{_pm(change['interval'], '+.2f', 100)}, {verdict}"
                )
            if not changed:
                out.append("  no rule fires in a hand where it did not under the default, or the reverse")
        fired = "; ".join(f"{rule} {100 * r['share']:.2f} %" for rule, r in reading["rules"].items())
        out.append(f"  share of hands in which each rule fired: {fired}")
    return out


def _run(args: argparse.Namespace, progress: Callable[..., Any]) -> int:
    comparison = resolve(args.ruleset, args.option, args.values, args.with_option or ())
    jobs = args.jobs or os.cpu_count() or 1
    ray = Ray.asked(args.cluster, jobs)
    keep = Path(args.keep) if args.keep else None
    with progress(total=args.hands * readings_played([comparison])) as shown:
        [tally] = measure(
            [comparison],
            hands=args.hands,
            seed=args.seed,
            bot=args.bot,
            jobs=jobs,
            progress=shown,
            budget=args.budget,
            keep=keep,
            ray=ray,
        )
        shown.done()
        data = record(comparison, tally, seed=args.seed, bot=args.bot, budget=args.budget)
        if args.json:
            print(json.dumps(data, ensure_ascii=False, indent=1))
        else:
            print("\n".join(lines(data)))
    if keep:
        ChunkStore(keep, chunk_key([comparison], seed=args.seed, bot=args.bot, budget=args.budget)).clear()
    return 0


def add_parser(
    sub: Any,
    *,
    rulesets: Sequence[str],
    bots: Sequence[str],
    whole: Callable[..., Any],
    max_jobs: int,
    progress: Callable[..., Any],
) -> None:
    """The ``compare`` command of ``reversis``: ``whole`` is the command line's type of a whole
    number, ``progress`` its progress bar (``simulate``'s), called with the total of hands."""
    cmp = sub.add_parser(
        "compare",
        help="play the same seeded hands under each reading of an option and print what it changes",
        description="Play the same seeded hands under each reading of an option of a ruleset, every other option "
        "at its default, and print per reading each player's mean result per hand with its 95 % interval, the "
        "share of hands in which each engine rule fired, the share of hands whose result differs from the "
        "default's, and the paired difference from the default, saying when it is indistinguishable from zero.",
    )
    cmp.add_argument("--ruleset", required=True, choices=rulesets, help="the ruleset")
    cmp.add_argument("--option", required=True, help="the option whose readings are compared")
    cmp.add_argument(
        "--values",
        metavar="V1,V2,…",
        help="the values to compare, each in YAML (e.g. true,false or '{5: 7}'); the default is always "
        "measured, first (default: every allowed value, or the values the annotations document)",
    )
    cmp.add_argument(
        "--with",
        dest="with_option",
        action="append",
        metavar="NAME=VALUE",
        help="another option set alike in every reading, the value in YAML (e.g. players=5); repeat for more",
    )
    cmp.add_argument("--hands", type=whole(1), default=10000, help="how many hands under each reading, at least 1")
    cmp.add_argument("--seed", type=whole(0), default=0, help="hand i is dealt from seed + i under every reading")
    cmp.add_argument("--bot", choices=list(bots), default="cautious", help="the bot that plays every seat")
    cmp.add_argument(
        "--budget",
        type=whole(1, MAX_BUDGET),
        default=DEFAULT_BUDGET,
        help=f"the strong bot's playouts a decision, 1 to {MAX_BUDGET}",
    )
    cmp.add_argument(
        "--jobs", type=whole(0, max_jobs), default=0, help=f"worker processes, 0 to {max_jobs}; 0 is one per core"
    )
    cmp.add_argument(
        "--cluster",
        nargs="?",
        const="local",
        metavar="ADDRESS",
        help="run the chunks of hands as Ray tasks (pip install 'reversis[ray]'): alone, on a local Ray of --jobs "
        "workers; with the address of a Ray cluster started with `ray start` (e.g. auto, or HOST:6379), on it "
        "(default: Ray when RAY_ADDRESS is set, else local processes)",
    )
    cmp.add_argument(
        "--keep",
        metavar="DIR",
        help="keep each finished chunk of hands in DIR, so that the same command run again after an "
        "interruption measures only the hands not kept (the chunks go once the result is printed)",
    )
    cmp.add_argument("--json", action="store_true", help="print the measurement as JSON")
    cmp.set_defaults(run=lambda args: _run(args, progress))
