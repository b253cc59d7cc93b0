"""The source-level mutation check: ``python -m reversis_mutants [--all] [--max-children N]`` (``make mutants``).

mutmut (configured under ``[tool.mutmut]`` in pyproject.toml) changes the rule
modules one small edit at a time (an operator, a number, a condition, a string)
and runs the annotations' doctests against each mutant, with the tests of what a
user observes that the doctests leave out (``tests/engine/test_observed.py``: the
account, errors, events' rules), each in a process that starts clean. A mutant is
killed when a test fails; a survivor is a change of the code that no test
notices, and must be judged equivalent in
``tests/mutants/equivalents.yaml`` (its identity and a one-line reason), or the
check fails.

The committed report, ``tests/mutants/report.json``, holds the last run of each
module: its mutants, killed and survivors, with the hashes of the module and of
the annotation examples that exercise it (a test checks that they are current).
Without ``--all``, only the modules whose hashes no longer match the report are
run again (the modules a change touches), or the modules named; with ``--all``,
every module. Each run starts clean (no result of an earlier run is kept). The
exit status is 1 when a survivor is not judged equivalent, 2 on a bad
equivalents file or an unknown module.
"""

from __future__ import annotations

import argparse
import ast
import difflib
import hashlib
import json
import shutil
import subprocess
import sys
import time
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[2]  # the repository, as the site builder finds it
REPORT = ROOT / "tests" / "mutants" / "report.json"
EQUIVALENTS = ROOT / "tests" / "mutants" / "equivalents.yaml"
WORK = ROOT / "mutants"
#: mutmut's exit codes of a mutant's test run, as the report counts them
KILLED = {1: "killed", 3: "killed", 36: "timeout", -24: "timeout", 24: "timeout", 152: "timeout", 255: "timeout"}
SURVIVED = {0: "survived", 5: "no tests", 33: "no tests"}


def modules() -> list[str]:
    """The rule modules mutmut mutates (``only_mutate``), as paths from the repository's root."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mutmut"]
    return list(config["only_mutate"])


def dotted(path: str) -> str:
    return path.removesuffix(".py").replace("/", ".")


def sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


# -- what each module's doctests are -----------------------------------------------------------


def examples_by_name() -> dict[str, str]:
    """The text of every annotation example, by its test name (the annotation id, with a reading's
    options), and of every test of the other files the check runs, by its test id."""
    from reversis.annotations import load_annotations
    from reversis.annotations.doctests import examples

    texts = {e.name: e.text for e in examples(load_annotations())}
    for path in test_files()[1:]:
        source = (ROOT / path).read_text(encoding="utf-8")
        for node in ast.parse(source).body:
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                texts[f"{path}::{node.name}"] = ast.get_source_segment(source, node) or ""
    return texts


def test_files() -> list[str]:
    """The test files run against each mutant: the annotations' doctests first, then the tests of what
    a user observes that they leave out (``pytest_add_cli_args_test_selection``)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mutmut"]
    return list(config["pytest_add_cli_args_test_selection"])


def covering_examples(stats: dict[str, Any], module: str) -> list[str]:
    """The names of the examples that call a function of the module, from mutmut's stats."""
    prefix = dotted(module) + "."
    names = set()
    for function, tests in stats["tests_by_mangled_function_name"].items():
        if function.startswith(prefix) and "." not in function[len(prefix) :]:
            # an annotation's example by its name (the doctests' parameter), another test by its id
            names |= {t.partition("[")[2].removesuffix("]") or t for t in tests}
    return sorted(names)


def examples_hash(names: list[str], texts: dict[str, str]) -> str:
    return sha("\n\0".join(f"{n}\n{texts.get(n, '<missing>')}" for n in names))


# -- the identity of a mutant -------------------------------------------------------------------


@dataclass(frozen=True)
class Survivor:
    # module.function:hash of the change, and @k when the changed line is the k-th (k > 1) of the same
    # text in its function: stable while the line and its mutation are, and never shared by two lines
    id: str
    mutmut: str  # mutmut's name, which changes when the function does
    line: int  # the line of the original module that the mutant changes
    change: str  # "old -> new", the changed line(s) stripped
    status: str  # survived, or no tests (no doctest calls the function)


def _functions(tree: ast.Module) -> dict[str, ast.FunctionDef | ast.AsyncFunctionDef]:
    out: dict[str, ast.FunctionDef | ast.AsyncFunctionDef] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            out[node.name] = node
    return out


def _body(source: list[str], node: ast.FunctionDef | ast.AsyncFunctionDef) -> list[str]:
    assert node.end_lineno is not None
    return [line.strip() for line in source[node.body[0].lineno - 1 : node.end_lineno]]


def _readable(mangled: str) -> str:
    """``xǁHandǁ_legal_mask`` → ``Hand._legal_mask``; ``x__fill`` → ``_fill``."""
    name = mangled.removeprefix("x")
    if name.startswith("ǁ"):
        cls, _, method = name[1:].partition("ǁ")
        return f"{cls}.{method}"
    return name.removeprefix("_")


def _first_removed(before: list[str], after: list[str]) -> int:
    """The index in ``before`` of the first line the mutant changes."""
    index = 0
    for d in difflib.ndiff(before, after):
        if d[:1] == "-":
            return index
        if d[:1] == " ":
            index += 1
    return index


def survivors_of(module: str, names: dict[str, str], work: Path) -> list[Survivor]:
    """The survivors of a module (mutmut name → status), each with its identity."""
    mutated = (work / module).read_text(encoding="utf-8")
    lines = mutated.splitlines()
    functions = _functions(ast.parse(mutated))
    original_text = (ROOT / module).read_text(encoding="utf-8")
    original = original_text.splitlines()
    spans = {name: (f.lineno, f.end_lineno or f.lineno) for name, f in _functions(ast.parse(original_text)).items()}
    seen: dict[str, int] = {}
    out = []
    for name, status in sorted(names.items(), key=lambda kv: (kv[0].rpartition("__mutmut_")[0], _n(kv[0]))):
        local = name.rpartition(".")[2]
        base, _, _ = local.rpartition("__mutmut_")
        before = _body(lines, functions[f"{base}__mutmut_orig"])
        after = _body(lines, functions[local])
        diff = [d for d in difflib.ndiff(before, after) if d[:1] in "-+"]
        old = [d[2:] for d in diff if d[0] == "-"]
        new = [d[2:] for d in diff if d[0] == "+"]
        change = " / ".join(old) + " -> " + " / ".join(new)
        # the same change of the same text at two lines of one function: the k-th such line is told by @k
        at = _first_removed(before, after)
        nth = before[: at + 1].count(old[0]) if old else 1
        key = f"{dotted(module)}.{_readable(base)}:{sha(change)[:10]}" + (f"@{nth}" if nth > 1 else "")
        seen[key] = seen.get(key, 0) + 1
        if seen[key] > 1:  # two mutations that make the same text of the same line
            key += f"#{seen[key]}"
        first, last = spans.get(_readable(base).rpartition(".")[2], (1, len(original)))
        same = [i for i in range(first, last + 1) if old and original[i - 1].strip() == old[0]]
        anywhere = [i for i in range(1, len(original) + 1) if old and original[i - 1].strip() == old[0]]
        line = same[nth - 1] if len(same) >= nth else next(iter(anywhere), 0)
        out.append(Survivor(key, name, line, change, status))
    return out


def _n(name: str) -> int:
    return int(name.rpartition("__mutmut_")[2])


# -- running mutmut -----------------------------------------------------------------------------


def run_mutmut(run: list[str], max_children: int) -> float:
    """Run mutmut on these modules from a clean start; the seconds it took."""
    shutil.rmtree(WORK, ignore_errors=True)
    mutmut = Path(sys.executable).with_name("mutmut")
    globs = [dotted(m) + ".*" for m in run]
    start = time.monotonic()
    done = subprocess.run([str(mutmut), "run", "--max-children", str(max_children), *globs], cwd=ROOT, check=False)
    seconds = time.monotonic() - start
    if done.returncode != 0:
        sys.exit(f"mutmut run failed (exit status {done.returncode})")
    return seconds


def module_report(
    module: str, stats: dict[str, Any], texts: dict[str, str], work: Path, code: str | None = None
) -> dict[str, Any]:
    """A module's report from a finished run; ``code`` is the module's text as the run mutated it
    (by default, the mutants folder's copy of the original)."""
    codes = json.loads((work / f"{module}.meta").read_text(encoding="utf-8"))["exit_code_by_key"]
    statuses = {name: KILLED.get(code) or SURVIVED.get(code) or f"exit {code}" for name, code in codes.items()}
    if any(s.startswith("exit") or s == "not checked" for s in statuses.values()):
        odd = sorted(n for n, s in statuses.items() if s.startswith("exit"))
        sys.exit(f"{module}: mutants with no verdict: {', '.join(odd[:5])}")
    surviving = {n: s for n, s in statuses.items() if s in SURVIVED.values()}
    names = covering_examples(stats, module)
    return {
        "sha256": sha(code if code is not None else (ROOT / module).read_text(encoding="utf-8")),
        "examples": names,
        "examples_sha256": examples_hash(names, texts),
        "mutants": len(statuses),
        "killed": len(statuses) - len(surviving),
        "survived": len(surviving),
        "survivors": [s.__dict__ for s in survivors_of(module, surviving, work)],
    }


# -- the report and the equivalents -------------------------------------------------------------


def _finished(meta: Path) -> bool:
    """Whether a run has tested every mutant of the module whose mutmut record this is."""
    return meta.exists() and None not in json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"].values()


def load_report() -> dict[str, Any]:
    if REPORT.exists():
        return json.loads(REPORT.read_text(encoding="utf-8"))  # type: ignore[no-any-return]
    return {"modules": {}}


def stale_modules(report: dict[str, Any], texts: dict[str, str]) -> list[str]:
    """The modules whose code, or the examples that exercise them, changed since the report's run."""
    out = []
    for module in modules():
        entry = report["modules"].get(module)
        if (
            entry is None
            or entry["sha256"] != sha((ROOT / module).read_text(encoding="utf-8"))
            or entry["examples_sha256"] != examples_hash(entry["examples"], texts)
        ):
            out.append(module)
    return out


def load_equivalents() -> dict[str, dict[str, str]]:
    """The survivors judged equivalent: identity → {change, reason}."""
    try:
        data = yaml.safe_load(EQUIVALENTS.read_text(encoding="utf-8")) or {}
    except (OSError, yaml.YAMLError) as exc:
        print(f"{EQUIVALENTS.relative_to(ROOT)}: {exc}".splitlines()[0], file=sys.stderr)
        sys.exit(2)
    for key, value in data.items():
        if not isinstance(value, dict) or not str(value.get("reason", "")).strip() or "\n" in value["reason"]:
            print(f"{EQUIVALENTS.relative_to(ROOT)}: {key}: a one-line reason is required", file=sys.stderr)
            sys.exit(2)
        beyond = value.get("beyond_readings")
        if beyond is not None and (not isinstance(beyond, str) or not beyond.strip() or "\n" in beyond):
            print(f"{EQUIVALENTS.relative_to(ROOT)}: {key}: beyond_readings must be one line", file=sys.stderr)
            sys.exit(2)
    return data


def unjudged(report: dict[str, Any], equivalents: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """The survivors of the report that are not judged equivalent, with their module."""
    return [
        (module, s)
        for module, entry in report["modules"].items()
        for s in entry["survivors"]
        if s["id"] not in equivalents
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m reversis_mutants", description=__doc__.splitlines()[0])
    parser.add_argument("modules", nargs="*", help="run these modules (paths such as reversis/games/reversis/deal.py)")
    parser.add_argument("--all", action="store_true", help="run every module, not only those a change touches")
    parser.add_argument("--max-children", type=int, default=2, help="mutmut's workers (default 2)")
    parser.add_argument(
        "--from-run", type=Path, metavar="DIR", help="write the report from a finished run's mutants/ folder instead"
    )
    parser.add_argument(
        "--audit", type=int, metavar="N", help="run N judged equivalents drawn at random (reversis_mutants.audit)"
    )
    parser.add_argument("--seed", type=int, help="the seed of --audit's draw (default: a random one, printed)")
    args = parser.parse_args(argv)
    if args.audit is not None:
        from reversis_mutants.audit import audit

        return audit(args.audit, args.seed)
    equivalents = load_equivalents()
    report = load_report()
    texts = examples_by_name()
    unknown = sorted(set(args.modules) - set(modules()))
    if unknown:
        print(f"{unknown[0]}: not a module the check mutates ([tool.mutmut] only_mutate)", file=sys.stderr)
        return 2
    run = modules() if args.all else args.modules or stale_modules(report, texts)
    if args.from_run:
        work = args.from_run.resolve()
        stats = json.loads((work / "mutmut-stats.json").read_text(encoding="utf-8"))
        for module in [m for m in modules() if _finished(work / f"{m}.meta")]:
            report["modules"][module] = module_report(module, stats, texts, work)
        REPORT.parent.mkdir(parents=True, exist_ok=True)
        REPORT.write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    elif run:
        print(f"mutating {len(run)} module(s): {', '.join(run)}", flush=True)
        code = {module: (ROOT / module).read_text(encoding="utf-8") for module in run}  # as the run copies it
        seconds = run_mutmut(run, args.max_children)
        stats = json.loads((WORK / "mutmut-stats.json").read_text(encoding="utf-8"))
        for module in run:
            report["modules"][module] = module_report(module, stats, texts, WORK, code[module])
        report["modules"] = {m: report["modules"][m] for m in modules() if m in report["modules"]}
        report["runs"] = {**report.get("runs", {}), ", ".join(run): round(seconds)}
        REPORT.parent.mkdir(parents=True, exist_ok=True)
        REPORT.write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"mutmut took {seconds:.0f} s", flush=True)
    else:
        print("every module's report is current: nothing to mutate")
    from reversis.annotations.coverage import source_level, source_level_table  # reads the report just written

    print(source_level_table(source_level()))
    missing = unjudged(report, equivalents)
    for module, s in missing:
        print(f"{module}:{s['line']}: {s['id']} ({s['status']}, {s['mutmut']}): {s['change']}")
    if missing:
        print(f"{len(missing)} survivor(s) neither killed by an annotation's doctest nor judged equivalent")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
