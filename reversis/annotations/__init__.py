"""The annotations: every rule statement of every source, quoted, read, tied to the engine and proved.

:func:`load_annotations` reads ``annotations/*.yaml`` and checks every quote,
paragraph, rule, option and ruleset it names; the lookups below answer the
questions the site and the tests ask.
"""

from __future__ import annotations

from collections import defaultdict

from reversis.annotations.glossary import Term, load_glossary
from reversis.annotations.load import annotations_root, load_annotations
from reversis.annotations.model import STATUSES, TOPICS, Annotation, Reading

__all__ = [
    "STATUSES",
    "TOPICS",
    "Annotation",
    "Reading",
    "Term",
    "annotations_root",
    "by_id",
    "by_option",
    "by_paragraph",
    "by_rule",
    "by_topic",
    "load_annotations",
    "load_glossary",
]


def by_id() -> dict[str, Annotation]:
    """Every annotation by its id."""
    return {a.id: a for a in load_annotations()}


def by_paragraph() -> dict[str, list[Annotation]]:
    """The annotations of each paragraph, in file order."""
    out: dict[str, list[Annotation]] = defaultdict(list)
    for a in load_annotations():
        out[a.paragraph].append(a)
    return dict(out)


def by_topic() -> dict[str, dict[str, list[Annotation]]]:
    """The concordance: per topic, per source, what each says."""
    out: dict[str, dict[str, list[Annotation]]] = defaultdict(lambda: defaultdict(list))
    for a in load_annotations():
        out[a.topic][a.source].append(a)
    return {topic: dict(sources) for topic, sources in out.items()}


def by_rule() -> dict[str, list[Annotation]]:
    """The annotations that cite each engine rule id."""
    out: dict[str, list[Annotation]] = defaultdict(list)
    for a in load_annotations():
        for rule in a.rules:
            out[rule].append(a)
    return dict(out)


def by_option() -> dict[str, list[Annotation]]:
    """The annotations that cite each ruleset option (directly or through a reading)."""
    out: dict[str, list[Annotation]] = defaultdict(list)
    for a in load_annotations():
        names = set(a.options) | {name for r in a.readings for name in r.options}
        for name in sorted(names):
            out[name].append(a)
    return dict(out)
