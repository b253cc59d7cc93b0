"""A ruleset's page (``rulesets/<id>.md``): its options grouped by topic, each group folded, every
option and engine rule a stacked entry under its English name, with its id as a small code label
whose anchor (``#option-…``, ``#rule-…``) links land on; the worked examples; the readings, each
folded. Readable on a phone: no table of options, nothing wider than the screen.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import jinja2

from reversis.core.ruleset import Ruleset
from reversis_site import examples as site_examples
from reversis_site.links import annotation_link, paragraph_link, relative
from reversis_site.yaml_values import block_yaml, flow_yaml

if TYPE_CHECKING:
    from reversis_site.build import Site

__all__ = ["rule_anchor", "ruleset_page", "with_labels"]


def rule_anchor(rule: str) -> str:
    """The anchor of an engine rule's entry (``rule-quinola-forced-forcer``)."""
    return "rule-" + re.sub(r"[^a-z0-9]+", "-", rule)


def with_labels(text: str, names: set[str]) -> list[tuple[str, bool]]:
    """``text`` cut into words and the option ids it names (which a page shows as code labels).

    >>> with_labels("Who pays option quinola_forced_each_payment (0 here).", {"quinola_forced_each_payment"})
    [('Who pays option ', False), ('quinola_forced_each_payment', True), (' (0 here).', False)]
    """
    if not names:
        return [(text, False)]
    pattern = re.compile(r"\b(" + "|".join(sorted((re.escape(n) for n in names), key=len, reverse=True)) + r")\b")
    parts: list[tuple[str, bool]] = []
    at = 0
    for found in pattern.finditer(text):
        if found.start() > at:
            parts.append((text[at : found.start()], False))
        parts.append((found.group(0), True))
        at = found.end()
    if at < len(text):
        parts.append((text[at:], False))
    return parts


def _options(site: Site, rules: Ruleset, page: str) -> list[dict[str, Any]]:
    """The option entries, by topic."""
    players = rules.get("players")
    ids = {n for n in rules.options if "_" in n}  # an id a sentence may name (not "talon", "quinola")
    groups = []
    for topic, options in rules.options_by_topic().items():
        entries = [
            {
                "name": opt.name,
                "option": opt,
                "meaning": with_labels(opt.meaning, ids),
                "note": with_labels(opt.note, ids),
                # an option a sentence names: its English name, and its id a label linking to it
                "named": {n: rules.option_name(n) for n in ids if n in opt.meaning or n in opt.note},
                "default": flow_yaml(opt.default),
                "allowed": opt.allowed(rules.pack, players=players if isinstance(players, int) else None),
                "cites": [(pid, paragraph_link(pid, page=page)) for pid in opt.cites],
                "annotations": [
                    (site.annotation(aid), annotation_link(site.annotation(aid), page=page)) for aid in opt.annotations
                ],
            }
            for opt in options
        ]
        groups.append({"topic": topic, "title": rules.topics[topic], "options": entries})
    return groups


def _readings(site: Site, rules: Ruleset, page: str) -> list[dict[str, Any]]:
    """The statements with several readings, each with the English names of the options they set."""
    out = []
    for a in site.annotations:
        if rules.id not in a.rulesets or not a.readings:
            continue
        named = dict.fromkeys(n for r in a.readings for n in r.options if n in rules.options)
        out.append(
            {
                "annotation": a,
                "link": annotation_link(a, page=page),
                "options": [(n, rules.option_name(n)) for n in named],
                "readings": [
                    {"reading": r, "snippet": block_yaml({"ruleset": rules.id, "options": dict(r.options)})}
                    for r in a.readings
                ],
            }
        )
    return out


def ruleset_page(site: Site, rules: Ruleset, env: jinja2.Environment) -> str:
    page = f"rulesets/{rules.id}.md"
    engine_rules = [
        {
            "rule": rule,
            "name": rules.rule_name(rule),
            "anchor": rule_anchor(rule),
            "basis": rules.rule_basis.get(rule, "stated"),
            "cites": [(pid, paragraph_link(pid, page=page)) for pid in cites],
            "annotations": [
                (aid, annotation_link(site.annotation(aid), page=page)) for aid in rules.rule_annotations[rule]
            ],
        }
        for rule, cites in rules.rule_cites.items()
    ]
    conventions = [
        {"convention": c, "cites": [(pid, paragraph_link(pid, page=page)) for pid in c.cites]}
        for c in rules.conventions
    ]
    examples = [
        {
            "title": e.title,
            "link": relative(f"examples/{e.page}.md", page),
            "rules": [(rules.rule_names.get(r, r), rule_anchor(r) if r in rules.rule_names else None) for r in e.rules],
        }
        for e in site_examples.load_examples()
        if e.ruleset == rules.id
    ]
    return env.get_template("ruleset.md.j2").render(
        examples=examples,
        rules=rules,
        source=site.corpus.source(rules.source),
        source_link=relative(f"sources/{rules.source}.md", page),
        groups=_options(site, rules, page),
        engine_rules=engine_rules,
        readings=_readings(site, rules, page),
        conventions=conventions,
        example=block_yaml({"ruleset": rules.id, "options": _example_options(rules)}),
        languages={s.id: s.language for s in site.corpus.sources},
    )


def _example_options(rules: Ruleset) -> dict[str, Any]:
    """Two options at another allowed value, for the snippet that shows how to change options."""
    changed: dict[str, Any] = {}
    for name, opt in rules.options.items():
        if isinstance(opt.default, bool):
            changed[name] = not opt.default
        elif opt.choices:
            other = [c for c in opt.choices if c != opt.default]
            if other:
                changed[name] = other[0]
        if len(changed) == 2:
            break
    return changed
