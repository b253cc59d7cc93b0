"""What the page of a worked example says whatever its game: who pays, the annotation a rule
illustrates, what the example shows (:mod:`reversis_site.examples`, :mod:`reversis_site.marks_page`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from reversis.annotations import Annotation
from reversis.core.ruleset import Ruleset
from reversis.games.reversis.ledger import POOL
from reversis_site.yaml_values import flow_yaml

if TYPE_CHECKING:
    from reversis_site.examples import WorkedExample


def who(party: int | str) -> str:
    return "the pool" if party == POOL else f"seat {party}"


def annotation_for(rule: str, rules: Ruleset, shown: Sequence[str]) -> str | None:
    candidates = rules.rule_annotations.get(rule, ())
    for aid in shown:
        if aid in candidates:
            return aid
    return candidates[0] if candidates else None


def link(annotations: Mapping[str, Annotation], aid: str) -> dict[str, Any]:
    a = annotations[aid]
    return {
        "id": aid,
        "quote": a.quote,
        "href": f"../sources/{a.source}.md#{aid}",  # from the Markdown of the page
    }


def shows(example: WorkedExample, annotations: Mapping[str, Annotation]) -> dict[str, Any]:
    """What the page says the example shows: its rules, annotations and readings."""
    readings = []
    for spec in example.readings:
        a = annotations[spec["annotation"]]
        reading = next(r for r in a.readings if dict(r.options) == dict(spec["options"]))
        readings.append(
            {"annotation": link(annotations, a.id), "reading": reading, "options": flow_yaml(dict(reading.options))}
        )
    rule_links = [
        {"rule": r, "anchor": "rule-" + "".join(ch if ch.isalnum() else "-" for ch in r)} for r in example.rules
    ]
    return {
        "shows_rules": rule_links,
        "shows_annotations": [link(annotations, aid) for aid in example.annotations],
        "readings": readings,
    }
