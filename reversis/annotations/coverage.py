"""How far the annotations cover the sources: ``reversis coverage [--json]``.

Per source: its paragraphs, those that bear rules (all but the ones the
annotation files list under ``without_rules``), those annotated, the rule
statements annotated, how many are modelled by a ruleset and how many of those
have an example that passes, how many are ambiguous (with readings) and how
many are not modelled; and the mutation kill rate of the source's rulesets
(the project's own mutants: a rule's payment suppressed or one chip larger, a
refusal allowed).

Below the table, the source-level kill rate: the last run of the mutation tool
(mutmut, ``make mutants``) over the rule modules, read from its committed report
``tests/mutants/report.json``, per module, with the survivors judged equivalent
in ``tests/mutants/equivalents.yaml``.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import yaml

from reversis.annotations.doctests import examples, run_example
from reversis.annotations.load import load_annotations, paragraphs_without_rules
from reversis.annotations.model import Annotation
from reversis.annotations.mutants import kill_report
from reversis.core.ruleset import load_ruleset, ruleset_ids
from reversis.corpus import load_corpus

__all__ = ["MUTANTS_REPORT", "SourceCoverage", "coverage", "source_level", "source_level_table", "table"]

#: The committed report of the source-level mutation check, and its survivors judged equivalent.
MUTANTS_REPORT = Path(__file__).resolve().parents[2] / "tests" / "mutants" / "report.json"
MUTANTS_EQUIVALENTS = MUTANTS_REPORT.with_name("equivalents.yaml")


@dataclass(frozen=True)
class SourceCoverage:
    """The coverage of one source (see the module's description)."""

    source: str
    paragraphs: int
    rule_bearing: int
    annotated: int
    statements: int
    modelled: int
    passing: int
    ambiguous: int
    not_modelled: int
    mutants: int  # of the source's rulesets; 0 when no ruleset plays the source
    killed: int

    @property
    def complete(self) -> bool:
        """Every rule-bearing paragraph annotated, every modelled statement proved, every mutant killed."""
        return self.annotated == self.rule_bearing and self.passing == self.modelled and self.killed == self.mutants

    def as_dict(self) -> dict[str, object]:
        return {**asdict(self), "complete": self.complete}


def _passes(annotation: Annotation) -> bool:
    return all(run_example(example, report=False)[0] == 0 for example in examples([annotation]))


def coverage(*, mutation: bool = True) -> list[SourceCoverage]:
    """The coverage of every source; ``mutation=False`` skips the mutation check (its columns are 0)."""
    corpus = load_corpus()
    annotations = load_annotations()
    without = paragraphs_without_rules()
    rows = []
    for source in corpus.sources:
        paragraphs = [p.id for p in corpus.source(source.id).paragraphs]
        mine = [a for a in annotations if a.source == source.id]
        modelled = [a for a in mine if a.modelled]
        mutants = killed = 0
        if mutation:
            for ruleset_id in ruleset_ids():
                if load_ruleset(ruleset_id).source == source.id:
                    report = kill_report(ruleset_id, annotations)
                    mutants += len(report)
                    killed += sum(by is not None for by in report.values())
        rows.append(
            SourceCoverage(
                source=source.id,
                paragraphs=len(paragraphs),
                rule_bearing=sum(p not in without for p in paragraphs),
                annotated=len({a.paragraph for a in mine}),
                statements=len(mine),
                modelled=len(modelled),
                passing=sum(_passes(a) for a in modelled),
                ambiguous=sum(a.ambiguous for a in mine),
                not_modelled=len(mine) - len(modelled),
                mutants=mutants,
                killed=killed,
            )
        )
    return rows


def _percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f} %" if whole else "-"


def table(rows: list[SourceCoverage]) -> str:
    """The coverage as a text table, one source a line."""
    head = (
        f"{'source':<22}{'rule-bearing':>13}{'annotated':>10}{'statements':>11}{'modelled':>9}"
        f"{'passing':>8}{'ambiguous':>10}{'not modelled':>13}{'kill rate':>10}"
    )
    lines = [head]
    for r in rows:
        kill = f"{r.killed}/{r.mutants}" if r.mutants else "-"
        lines.append(
            f"{r.source:<22}{r.rule_bearing:>13}{_percent(r.annotated, r.rule_bearing):>10}{r.statements:>11}"
            f"{r.modelled:>9}{_percent(r.passing, r.modelled):>8}{r.ambiguous:>10}{r.not_modelled:>13}{kill:>10}"
        )
    return "\n".join(lines)


def source_level() -> list[dict[str, Any]]:
    """Per module of the last source-level run: mutants, killed, survived, and of the survivors how many
    are judged equivalent and how many differ only under option values that no source reads (empty
    where the report is not there, as in an installed package)."""
    if not MUTANTS_REPORT.exists():
        return []
    modules = json.loads(MUTANTS_REPORT.read_text(encoding="utf-8"))["modules"]
    equivalent = yaml.safe_load(MUTANTS_EQUIVALENTS.read_text(encoding="utf-8")) or {}
    return [
        {
            "module": module,
            "mutants": entry["mutants"],
            "killed": entry["killed"],
            "survived": entry["survived"],
            "equivalent": sum(_judged(equivalent, s["id"]) == "equivalent" for s in entry["survivors"]),
            "beyond": sum(_judged(equivalent, s["id"]) == "beyond" for s in entry["survivors"]),
        }
        for module, entry in modules.items()
    ]


def _judged(judged: dict[str, Any], survivor: str) -> str | None:
    """How a survivor is judged: equivalent, beyond the readings (``beyond_readings``), or not at all."""
    if survivor not in judged:
        return None
    return "beyond" if judged[survivor].get("beyond_readings") else "equivalent"


def source_level_table(rows: list[dict[str, Any]]) -> str:
    """The source-level kill rate as text: one module a line, and all of them."""
    if not rows:
        return "source-level mutation check: no report (make mutants writes tests/mutants/report.json)"
    lines = [
        "source-level mutation check (mutmut over the rule modules; the tests: the annotations' doctests and "
        "tests/engine/test_observed.py):",
        f"{'module':<36}{'mutants':>8}{'killed':>8}{'survived':>9}{'equivalent':>11}{'beyond':>8}{'kill rate':>10}",
    ]
    keys = ("mutants", "killed", "survived", "equivalent", "beyond")
    total = {"module": "all", **{k: sum(r[k] for r in rows) for k in keys}}
    for r in [*rows, total]:
        lines.append(
            f"{r['module']:<36}{r['mutants']:>8}{r['killed']:>8}{r['survived']:>9}{r['equivalent']:>11}"
            f"{r['beyond']:>8}{_percent(r['killed'], r['mutants']):>10}"
        )
    lines.append(
        "(beyond: a survivor that differs from the engine only under an option value no source reads,"
        " which no annotation plays)"
    )
    return "\n".join(lines)


def report(*, as_json: bool = False, mutation: bool = True) -> tuple[str, int]:
    """The text of ``reversis coverage`` and its exit status: 0 when every source is complete, else 1."""

    rows = coverage(mutation=mutation)
    status = 0 if all(r.complete for r in rows) else 1
    if as_json:
        return json.dumps([r.as_dict() for r in rows], indent=2), status
    lines = [table(rows), "", source_level_table(source_level())]
    for r in rows:
        if not r.complete:
            missing = []
            if r.annotated < r.rule_bearing:
                missing.append(f"{r.rule_bearing - r.annotated} rule-bearing paragraph(s) not annotated")
            if r.passing < r.modelled:
                missing.append(f"{r.modelled - r.passing} modelled statement(s) without a passing example")
            if r.killed < r.mutants:
                missing.append(f"{r.mutants - r.killed} mutant(s) no example notices")
            lines.append(f"{r.source}: incomplete: {'; '.join(missing)}")
    return "\n".join(lines), status
