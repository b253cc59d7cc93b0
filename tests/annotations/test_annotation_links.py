"""Cross-checks both ways between the annotations, the rulesets and the engine.

Every engine rule id and every option of every ruleset is cited by at least
one annotation; every annotation id a ruleset names exists; and where a
statement has several readings, their examples show different outcomes.
"""

from __future__ import annotations

import doctest

import pytest

from reversis.annotations import by_id, by_option, by_rule, load_annotations
from reversis.ruleset import load_ruleset, ruleset_ids

RULESETS = ruleset_ids()


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_every_annotation_a_ruleset_names_exists(ruleset_id: str) -> None:
    rules = load_ruleset(ruleset_id)
    known = by_id()
    named = {a for option in rules.options.values() for a in option.annotations}
    named |= {a for annotations in rules.rule_annotations.values() for a in annotations}
    assert sorted(named - known.keys()) == []


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_every_option_is_cited_by_an_annotation(ruleset_id: str) -> None:
    cited = {name for name, annotations in by_option().items() if any(ruleset_id in a.rulesets for a in annotations)}
    assert sorted(set(load_ruleset(ruleset_id).options) - cited) == []


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_every_engine_rule_is_cited_by_an_annotation(ruleset_id: str) -> None:
    cited = {rule for rule, annotations in by_rule().items() if any(ruleset_id in a.rulesets for a in annotations)}
    assert sorted(set(load_ruleset(ruleset_id).rule_cites) - cited) == []


def _wants(text: str) -> tuple[str, ...]:
    """The expected outputs of a doctest, in order."""
    return tuple(example.want for example in doctest.DocTestParser().get_examples(text))


@pytest.mark.parametrize("annotation", [pytest.param(a, id=a.id) for a in load_annotations() if a.readings] or [None])
def test_the_readings_of_an_ambiguity_show_different_outcomes(annotation: object) -> None:
    if annotation is None:
        pytest.skip("no ambiguous statement annotated yet")
    readings = annotation.readings  # type: ignore[attr-defined]
    outcomes = [_wants(r.example) for r in readings]
    assert len(set(outcomes)) == len(outcomes), "two readings show the same outcome"
