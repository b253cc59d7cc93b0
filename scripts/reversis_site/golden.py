"""The worked examples' hands as played, committed: ``python -m reversis_site.golden [--check]``.

Each worked example ``examples/<ruleset>/<slug>.yaml`` has its hand as the engine plays it beside
it, in ``examples/<ruleset>/played/<slug>.json``: the result that ``reversis play
examples/<ruleset>/<slug>.yaml --json`` prints (the hands after the exchange, the exchange, the
tricks, the ledger with the rule and the paragraph of every payment or mark, the balances), written
one item a line (a trick, a payment, a seat's hand), so that a change of the engine's reading shows
as a diff of the lines it changes. The site's pages are generated from the scenarios, not from these
files; a test (``tests/site/test_played_examples.py``) fails when the engine plays an example
otherwise than its file says. ``make played`` (this module without ``--check``) writes them again;
``--check`` writes nothing and names each file that differs, is missing or has no example (exit
status 1). A scenario's error is one line and exit status 2.

>>> print(played_text({"ruleset": "r", "tricks": [{"leader": 1, "cards": ["AD", "2D"]}], "pool": {"before": 0}}))
{
 "ruleset": "r",
 "tricks": [
  {"leader": 1, "cards": ["AD", "2D"]}
 ],
 "pool": {"before": 0}
}
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from reversis.core.errors import ReversisError
from reversis.games import game_of, play_file
from reversis_site.examples import EXAMPLES, WorkedExample, load_examples

#: The folder of each ruleset's played hands, beside its scenarios.
PLAYED = "played"


def path_of(example: WorkedExample) -> Path:
    """The file of an example's played hand."""
    return example.path.parent / PLAYED / f"{example.path.stem}.json"


def _inline(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def _nested(value: Any) -> bool:
    items = value.values() if isinstance(value, Mapping) else value if isinstance(value, list) else ()
    return any(isinstance(item, (Mapping, list)) for item in items)


def played_text(result: Mapping[str, Any]) -> str:
    """A result as JSON, one line per field, and one line per item of a field whose items are lists
    or objects (a trick, a payment, a seat's hand)."""
    lines = []
    for number, (key, value) in enumerate(result.items()):
        comma = "," if number < len(result) - 1 else ""
        if not _nested(value):
            lines.append(f" {_inline(key)}: {_inline(value)}{comma}")
            continue
        if isinstance(value, Mapping):
            items = [f"  {_inline(k if isinstance(k, str) else _inline(k))}: {_inline(v)}" for k, v in value.items()]
            lines += [f" {_inline(key)}: {{", ",\n".join(items), f" }}{comma}"]
        else:
            lines += [f" {_inline(key)}: [", ",\n".join(f"  {_inline(v)}" for v in value), f" ]{comma}"]
    return "\n".join(["{", *lines, "}"])


def played(example: WorkedExample) -> str:
    """The example's hand as the engine plays it now, as its file holds it (with a final newline)."""
    scenario, hand = play_file(example.path)
    return played_text(game_of(scenario.rules).result(hand)) + "\n"


def differences(examples: Sequence[WorkedExample], root: Path = EXAMPLES) -> list[tuple[Path, str]]:
    """The played files that differ from how the engine plays their examples, each with the reason:
    ``differs``, ``missing``, or ``no example`` (a file whose example is gone)."""
    out: list[tuple[Path, str]] = []
    for example in examples:
        path = path_of(example)
        if not path.is_file():
            out.append((path, "missing"))
        elif path.read_text(encoding="utf-8") != played(example):
            out.append((path, "differs"))
    wanted = {path_of(e) for e in examples}
    out += [(p, "no example") for p in sorted(root.glob(f"*/{PLAYED}/*.json")) if p not in wanted]
    return out


def write(examples: Sequence[WorkedExample], root: Path = EXAMPLES) -> list[Path]:
    """Write every example's played file, remove those without an example; the files changed."""
    changed = []
    for path, why in differences(examples, root):
        if why == "no example":
            path.unlink()
        else:
            example = next(e for e in examples if path_of(e) == path)
            path.parent.mkdir(exist_ok=True)
            path.write_text(played(example), encoding="utf-8")
        changed.append(path)
    return changed


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 naming each file that differs")
    args = parser.parse_args(argv)
    try:
        examples = load_examples()
        if args.check:
            found = differences(examples)
            for path, why in found:
                print(f"{path.relative_to(EXAMPLES.parent)}: {why}")
            if found:
                print("run: make played", file=sys.stderr)
            return 1 if found else 0
        for path in write(examples):
            print(f"written or removed: {path.relative_to(EXAMPLES.parent)}")
    except ReversisError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
