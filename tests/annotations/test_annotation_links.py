"""Cross-checks both ways between the annotations, the rulesets and the engine.

Every engine rule id and every option of every ruleset is cited by at least
one annotation; every annotation id a ruleset names exists; and where a
statement has several readings, their examples show different outcomes.
"""

from __future__ import annotations

import doctest

import pytest

from reversis.annotations import Annotation, by_id, by_option, by_rule, load_annotations
from reversis.core.ruleset import load_ruleset, ruleset_ids

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


def test_the_readings_given_include_the_ones_the_second_reading_settled() -> None:
    options = {name for a in load_annotations() for r in a.readings for name in r.options}
    settled = {"quinola_forced_each", "talon_ranking", "trick_card_points", "pool_refresh_on", "talon", "talon_payer"}
    assert sorted(settled - options) == []


def _wants(text: str) -> tuple[str, ...]:
    """The expected outputs of a doctest, in order."""
    return tuple(example.want for example in doctest.DocTestParser().get_examples(text))


@pytest.mark.parametrize("annotation", [pytest.param(a, id=a.id) for a in load_annotations() if a.readings])
def test_the_readings_of_an_ambiguity_show_different_outcomes(annotation: Annotation) -> None:
    outcomes = [_wants(r.example) for r in annotation.readings]
    assert len(set(outcomes)) == len(outcomes), "two readings show the same outcome"
