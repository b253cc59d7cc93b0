"""Judgments checked by running the mutant: ``python -m reversis_mutants --audit 20 --seed N``.

A survivor judged equivalent (``tests/mutants/equivalents.yaml``) is a claim: nothing a user can
observe tells the mutant from the engine. The audit picks judged survivors at random (the seed is
printed, so the same draw can be made again), rebuilds each mutant from mutmut's own mutation of the
module (its identity is checked against the report), and runs it twice, in fresh processes that
import the mutated module in place of the original:

1. the tests the check runs (the annotations' doctests and ``tests/engine/test_observed.py``), which
   must pass, or the mutant is no survivor at all;
2. a probe of what a user observes, run on the original and on the mutant, and compared: the result
   that ``reversis play --json`` prints, the account that ``reversis play`` prints, the rules fired
   that ``reversis compare`` and ``make readings`` count, the events, an error's type, rule, cites and
   message, and a sitting's table and record. The probe plays every example scenario of each ruleset
   of the module's game, seeded hands by every bot, and a sitting, under the ruleset's own options and
   then under each value of each option that the mutated function reads, one option changed at a time.

The probe also counts the cases in which the original runs the mutated line: a mutant whose line the
probe never reaches is reported as such (the probe then proves nothing about it). The exit status is
1 when a mutant fails the tests or differs from the original, else 0.
"""

from __future__ import annotations

import ast
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]  # the repository, as the site builder finds it
#: how much the probe plays in each case (every example scenario of the ruleset is played besides)
SEEDS_PER_BOT = 3
SITTING_HANDS = 6
AUDIT = ROOT / "tests" / "mutants" / "audit.md"


# -- the mutant ---------------------------------------------------------------------------------


def mutant_source(module: str, mutmut_name: str) -> tuple[str, str]:
    """The module's text with this one mutant applied, and the text of mutmut's whole mutated module."""
    import libcst as cst
    from mutmut.mutation.diff_apply import find_top_level_function_or_method, read_mutant_function
    from mutmut.mutation.file_mutation import mutate_file_contents
    from mutmut.utils.format_utils import orig_function_and_class_names_from_key

    original = (ROOT / module).read_text(encoding="utf-8")
    mutated = mutate_file_contents(module, original).code
    function_name = orig_function_and_class_names_from_key(mutmut_name)[0].rpartition(".")[2]
    tree = cst.parse_module(original)
    function = find_top_level_function_or_method(tree, function_name)
    if function is None:
        raise SystemExit(f"{module}: no function {function_name} (is the report current?)")
    mutant = read_mutant_function(cst.parse_module(mutated), mutmut_name).with_changes(name=cst.Name(function_name))
    return tree.deep_replace(function, mutant).code, mutated


# -- the options the mutated code reads -----------------------------------------------------------


def _function_nodes(tree: ast.Module) -> dict[str, ast.FunctionDef]:
    return {n.name: n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}


def names_read(module: str, function: str) -> set[str]:
    """The attribute and variable names the function reads (an option is read under its own name, as
    ``hand.params.settle.talon_ranking``)."""
    functions = _function_nodes(ast.parse((ROOT / module).read_text(encoding="utf-8")))
    names: set[str] = set()
    for node in ast.walk(functions[function]):
        if isinstance(node, ast.Attribute):
            names.add(node.attr)
        elif isinstance(node, ast.Name):
            names.add(node.id)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            names.add(node.value)
    return names


def _values(option: Any, used: list[Any]) -> list[Any]:
    """The values of an option the probe plays: every value of a small domain, the values the
    rulesets give it, and a whole number's neighbours."""
    domain = option.domain
    out: list[Any] = list(domain.choices) if domain.choices else [False, True] if domain.kind == "bool" else []
    out += used
    if domain.kind == "int":
        for value in [v for v in used if isinstance(v, int)]:
            out += [value - 1, value + 1]
        out += [domain.min] if domain.min is not None else []
        out += [domain.max] if domain.max is not None else []
    unique: list[Any] = []
    for value in out:
        if value not in unique:
            unique.append(value)
    return unique


def plan(module: str, function: str) -> list[dict[str, Any]]:
    """The probe's cases: each ruleset of the module's game under its own options, then with one option
    the function reads set to each of its values."""
    from reversis.core.ruleset import load_ruleset, ruleset_ids

    game = "romestecq" if "/romestecq/" in module else "reversis"
    rulesets = [load_ruleset(r) for r in ruleset_ids() if load_ruleset(r).game == game]
    read = names_read(module, function)
    cases: list[dict[str, Any]] = []
    for rules in rulesets:
        cases.append({"ruleset": rules.id, "options": {}})
        for name in sorted(read & set(rules.options)):
            used = [r.options[name].default for r in rulesets if name in r.options]
            for value in _values(rules.options[name], used):
                if value == rules.options[name].default:
                    continue
                try:
                    rules.with_options({name: value})
                except Exception:  # a value this ruleset refuses (its domain, or a check across options)
                    continue
                cases.append({"ruleset": rules.id, "options": {name: value}})
    return cases


# -- running a mutant in a fresh process ----------------------------------------------------------


class _Replace(importlib.abc.MetaPathFinder):
    """Imports one module of the package from another file (the mutant)."""

    def __init__(self, name: str, path: str) -> None:
        self.name, self.path = name, path

    def find_spec(self, fullname: str, path: Sequence[str] | None = None, target: object = None) -> Any:
        if fullname != self.name:
            return None
        return importlib.util.spec_from_file_location(fullname, self.path)


def _child(args: list[str]) -> int:
    """In the child process: ``--inject NAME=PATH`` (optional), then ``pytest ARGS`` or ``probe``."""
    if args[0] == "--inject":
        name, _, path = args[1].partition("=")
        sys.meta_path.insert(0, _Replace(name, path))
        args = args[2:]
    if args[0] == "pytest":
        import pytest

        status = int(pytest.main(args[1:]))
    else:
        from reversis_mutants.probe import probe

        status = probe(json.loads(sys.stdin.read()), sys.stdout)
    replaced = [f for f in sys.meta_path if isinstance(f, _Replace)]
    if replaced and getattr(sys.modules.get(replaced[0].name), "__file__", None) != replaced[0].path:
        print(f"{replaced[0].name} was not imported from the mutant", file=sys.stderr)
        return 3
    return status


def _run(
    child: list[str], *, stdin: str = "", inject: tuple[str, Path] | None = None
) -> subprocess.CompletedProcess[str]:
    head = ["--inject", f"{inject[0]}={inject[1]}"] if inject else []
    command = [sys.executable, "-m", "reversis_mutants.audit", "--child", *head, *child]
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    return subprocess.run(command, input=stdin, capture_output=True, text=True, cwd=ROOT, env=env, check=False)


def suite_args() -> list[str]:
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mutmut"]
    return ["pytest", *config["pytest_add_cli_args"], "-q", "-x", *config["pytest_add_cli_args_test_selection"]]


def _observe(cases: list[dict[str, Any]], inject: tuple[str, Path] | None, trace: tuple[str, int] | None) -> Any:
    stdin = json.dumps({"cases": cases, "trace": trace, "seeds": SEEDS_PER_BOT, "sitting": SITTING_HANDS})
    done = _run(["probe"], stdin=stdin, inject=inject)
    if done.returncode != 0:
        raise SystemExit(f"the probe failed:\n{done.stderr[-2000:]}")
    return json.loads(done.stdout)


# -- the audit ----------------------------------------------------------------------------------


def pick(count: int, seed: int) -> list[tuple[str, str, dict[str, Any], dict[str, Any]]]:
    """``count`` judged equivalents drawn at random: (identity, module, report's survivor, judgment)."""
    from reversis_mutants.check import load_equivalents, load_report

    equivalents = load_equivalents()
    where = {s["id"]: (m, s) for m, entry in load_report()["modules"].items() for s in entry["survivors"]}
    judged = sorted(k for k, v in equivalents.items() if k in where and not v.get("beyond_readings"))
    chosen = random.Random(seed).sample(judged, min(count, len(judged)))
    return [(key, where[key][0], where[key][1], equivalents[key]) for key in chosen]


def _identity(module: str, survivor: dict[str, Any], mutated: str) -> str:
    from reversis_mutants.check import survivors_of

    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / module).parent.mkdir(parents=True)
        (Path(tmp) / module).write_text(mutated, encoding="utf-8")
        return str(survivors_of(module, {survivor["mutmut"]: "survived"}, Path(tmp))[0].id)


def audit_one(key: str, module: str, survivor: dict[str, Any]) -> dict[str, Any]:
    """Run one mutant: the tests, then the probe beside the original's."""
    source, mutated = mutant_source(module, survivor["mutmut"])
    if _identity(module, survivor, mutated) != key:
        raise SystemExit(f"{key}: mutmut's mutant {survivor['mutmut']} is another change: rerun `make mutants`")
    from reversis_mutants.check import _readable

    function = _readable(survivor["mutmut"].rpartition(".")[2].rpartition("__mutmut_")[0]).rpartition(".")[2]
    cases = plan(module, function)
    name = module.removesuffix(".py").replace("/", ".")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / Path(module).name
        path.write_text(source, encoding="utf-8")
        start = time.monotonic()
        tests = _run(suite_args(), inject=(name, path))
        tail = [line for line in tests.stdout.splitlines() if line.strip()][-1:] or [tests.stderr[-200:]]
        original = _observe(cases, None, (str(ROOT / module), survivor["line"]))
        mutant = _observe(cases, (name, path), None)
    differs = [
        (case, item)
        for case, (a, b) in enumerate(zip(original["cases"], mutant["cases"], strict=True))
        for item in sorted(set(a["items"]) | set(b["items"]))
        if a["items"].get(item) != b["items"].get(item)
    ]
    return {
        "id": key,
        "change": survivor["change"],
        "line": f"{module}:{survivor['line']}",
        "tests": f"{'pass' if tests.returncode == 0 else 'FAIL'} ({tail[0].strip('= ')})",
        "cases": len(cases),
        "options": sorted({n for c in cases for n in c["options"]}),
        "played": original["played"],
        "errors": f"{original['errors']} of {original['items']} items",
        "mutant_played": mutant["played"],
        "line_run_in": f"{original['line_cases']} of {len(cases)} cases",
        "verdict": "same" if not differs else "DIFFERENT",
        "first_difference": None if not differs else f"{cases[differs[0][0]]}: {differs[0][1]}",
        "seconds": round(time.monotonic() - start),
    }


def audit(count: int, seed: int | None) -> int:
    seed = seed if seed is not None else random.SystemRandom().randrange(10_000)
    print(f"auditing {count} judged equivalents drawn with --seed {seed}", flush=True)
    results = []
    for key, module, survivor, judgment in pick(count, seed):
        result = audit_one(key, module, survivor)
        result["reason"] = judgment["reason"]
        results.append(result)
        print(json.dumps(result, ensure_ascii=False), flush=True)
    bad = [r for r in results if not r["tests"].startswith("pass") or r["verdict"] != "same"]
    unreached = [r for r in results if r["line_run_in"].startswith("0 of")]
    summary = f"{len(results)} audited: {len(bad)} not equivalent, {len(unreached)} whose line the probe never ran"
    AUDIT.write_text(_markdown(count, seed, results, summary), encoding="utf-8")
    print(f"{summary}; written to {AUDIT.relative_to(ROOT)}")
    return 1 if bad else 0


def _cases(options: list[str]) -> str:
    if not options:
        return "each ruleset of its game under its own options; the function reads no option"
    return f"each ruleset of its game under its own options, then one case per value of {', '.join(options)}"


def _markdown(count: int, seed: int, results: list[dict[str, Any]], summary: str) -> str:
    """The audit as the file ``tests/mutants/audit.md`` keeps it."""
    lines = [
        "# Judged equivalents checked by running the mutant",
        "",
        f"`python -m reversis_mutants --audit {count} --seed {seed}` (reversis_mutants.audit says what it runs).",
        f"Each probe case plays every example scenario of the ruleset, {SEEDS_PER_BOT} seeded hands per bot and a",
        f"sitting of {SITTING_HANDS} hands. {summary}.",
        "",
    ]
    for r in results:
        lines += [
            f"## `{r['id']}`",
            "",
            f"- change ({r['line']}): `{r['change']}`",
            f"- reason judged: {r['reason']}",
            f"- the check's tests on the mutant: {r['tests']}",
            f"- probe: {r['cases']} cases ({_cases(r['options'])}), {r['played']} hands played ({r['errors']} an"
            f" error); the original ran the mutated line in {r['line_run_in']}",
            f"- what a user observes: {r['verdict']}"
            + (f" (first: {r['first_difference']})" if r["verdict"] != "same" else ""),
            "",
        ]
    return "\n".join(lines)


if __name__ == "__main__" and sys.argv[1:2] == ["--child"]:
    sys.exit(_child(sys.argv[2:]))
