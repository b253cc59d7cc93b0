"""The committed report of the source-level mutation check is current, and its equivalents are judged.

``make mutants`` (:mod:`reversis_mutants.check`) writes ``tests/mutants/report.json`` from a run of mutmut over
the rule modules. The run takes longer than the test suite, so the suite does not repeat it: it
checks that the report still describes the code and the doctests, by the hashes the report keeps
of each module and of the annotation examples that exercise it. A change to either makes the
module's report stale, and ``make mutants`` runs that module again.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from reversis_mutants import check as mutants

ROOT = Path(__file__).resolve().parents[2]
REPORT = mutants.load_report()


def test_the_report_names_only_the_rule_modules() -> None:
    assert set(REPORT["modules"]) <= set(mutants.modules())


@pytest.mark.parametrize("module", sorted(REPORT["modules"]))
def test_a_modules_report_is_current(module: str) -> None:
    entry = REPORT["modules"][module]
    code = mutants.sha((ROOT / module).read_text(encoding="utf-8"))
    assert entry["sha256"] == code, f"{module} changed since its mutation report: run make mutants"
    texts = mutants.examples_by_name()
    assert entry["examples_sha256"] == mutants.examples_hash(entry["examples"], texts), (
        f"the annotation examples that exercise {module} changed since its mutation report: run make mutants"
    )


@pytest.mark.parametrize("module", sorted(REPORT["modules"]))
def test_a_modules_counts_add_up(module: str) -> None:
    entry = REPORT["modules"][module]
    assert entry["killed"] + entry["survived"] == entry["mutants"]
    assert len(entry["survivors"]) == entry["survived"]
    assert len({s["id"] for s in entry["survivors"]}) == entry["survived"], "two survivors share an identity"


def test_every_equivalent_is_a_survivor_of_the_report_with_a_one_line_reason() -> None:
    equivalents = mutants.load_equivalents()
    surviving = {s["id"] for e in REPORT["modules"].values() for s in e["survivors"]}
    reported = {m.removesuffix(".py").replace("/", ".") for m in REPORT["modules"]}
    for key, value in equivalents.items():
        assert value["reason"].strip() and "\n" not in value["reason"], key
        module = key.partition(":")[0].rsplit(".", 1)[0]
        while module and module not in reported and "." in module:  # a method's id has its class in it
            module = module.rsplit(".", 1)[0]
        if module in reported:
            assert key in surviving, f"{key} is judged equivalent but no longer survives: remove it"


def test_a_survivor_beyond_the_readings_names_the_option_values_that_reach_it() -> None:
    """Such a survivor is not equivalent: it is reached only under the option values it names, which
    must be options of a ruleset."""
    from reversis.core.ruleset import load_ruleset, ruleset_ids

    options = {name for r in ruleset_ids() for name in load_ruleset(r).options}
    beyond = {k: v["beyond_readings"] for k, v in mutants.load_equivalents().items() if v.get("beyond_readings")}
    assert beyond, "no survivor is judged beyond the readings: this test checks nothing"
    for key, words in beyond.items():
        named = {w.strip(",()") for w in words.split()} & options
        assert named, f"{key}: beyond_readings names no option of any ruleset: {words!r}"


def test_a_survivors_identity_names_its_function_and_change(tmp_path: Path) -> None:
    # the identity stays the same while the function's other lines change: it hashes the change only
    orig = "def x_f__mutmut_orig(x):\n    return x + 1\n"
    mutated = "def x_f__mutmut_1(x):\n    return x - 1\n"
    (tmp_path / "reversis").mkdir()
    (tmp_path / "reversis" / "m.py").write_text(orig + mutated)
    root = mutants.ROOT
    try:
        mutants.ROOT = tmp_path
        (survivor,) = mutants.survivors_of("reversis/m.py", {"reversis.m.x_f__mutmut_1": "survived"}, tmp_path)
    finally:
        mutants.ROOT = root
    assert survivor.id.startswith("reversis.m.f:")
    assert survivor.change == "return x + 1 -> return x - 1"


def test_identical_changes_at_two_lines_of_a_function_have_their_own_identity_and_line(tmp_path: Path) -> None:
    # the same text twice in one function, each mutated the same way: one identity and one line each,
    # so that a judgment of one never passes to the other
    orig = "def x_f__mutmut_orig(x):\n    x = x + 1\n    y = 2\n    x = x + 1\n    return x\n"
    first = "def x_f__mutmut_1(x):\n    x = x - 1\n    y = 2\n    x = x + 1\n    return x\n"
    second = "def x_f__mutmut_2(x):\n    x = x + 1\n    y = 2\n    x = x - 1\n    return x\n"
    original = "def f(x):\n    x = x + 1\n    y = 2\n    x = x + 1\n    return x\n"
    (tmp_path / "reversis").mkdir()
    (tmp_path / "reversis" / "m.py").write_text(orig + first + second)
    root = mutants.ROOT
    try:
        mutants.ROOT = tmp_path / "original"
        (mutants.ROOT / "reversis").mkdir(parents=True)
        (mutants.ROOT / "reversis" / "m.py").write_text(original)
        names = {"reversis.m.x_f__mutmut_1": "survived", "reversis.m.x_f__mutmut_2": "survived"}
        one, two = mutants.survivors_of("reversis/m.py", names, tmp_path)
    finally:
        mutants.ROOT = root
    assert one.change == two.change == "x = x + 1 -> x = x - 1"
    assert two.id == one.id + "@2"
    assert (one.line, two.line) == (2, 4)
