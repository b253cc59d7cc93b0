"""Each annotation's status follows the rule of annotations/FORMAT.md (Statuses).

The loader checks what the fields alone show (a statement with readings is never stated, a
reconstructed one cites its secondary source, one not modelled says why). What an example asserts
is checked here: a *stated* example asserts only consequences of the quoted words, so it cannot
depend on an engine rule that its ruleset marks as not in the source (``basis: not-in-source``).
Each such rule is broken in turn (its payments suppressed, or what it refuses allowed, as the
mutation check does), and no stated example may notice. An example that does asserts a rule the
words do not give: it is interpreted (the reading says which gap the rule fills), or it asserts
less.
"""

from __future__ import annotations

import pytest

from reversis.annotations import load_annotations
from reversis.annotations.doctests import examples, run_example
from reversis.annotations.mutants import Mutant, mutants
from reversis.core.ruleset import load_ruleset, ruleset_ids

ANNOTATIONS = load_annotations()


def _absent_rule_mutants(ruleset_id: str) -> list[Mutant]:
    """The mutants that stop a rule the ruleset marks as not in its source from acting (a payment
    suppressed, a refusal lifted): an example that notices one depends on that rule."""
    absent = {rule for rule, basis in load_ruleset(ruleset_id).rule_basis.items() if basis == "not-in-source"}
    return [m for m in mutants(ruleset_id) if m.rule in absent and m.kind in ("suppress", "allow")]


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_a_stated_example_asserts_nothing_of_a_rule_not_in_the_source(ruleset_id: str) -> None:
    stated = list(examples(a for a in ANNOTATIONS if a.status == "stated" and ruleset_id in a.rulesets))
    wrong = []
    for mutant in _absent_rule_mutants(ruleset_id):
        with mutant.applied():
            wrong += [f"{e.name} ({mutant.rule})" for e in stated if run_example(e, report=False)[0]]
    assert not wrong, (
        "stated, but the example asserts what a rule not in the source does (make it interpreted, "
        f"naming the gap in its reading, or assert less): {', '.join(wrong)}"
    )


def test_the_check_notices_an_example_that_depends_on_a_rule_not_in_the_source() -> None:
    # rev-deal-cards asserts that a hand of twelve for a player who is not the dealer is refused
    # (deal.misdeal, which the revesino text does not give): the check must see it
    assert any(m.rule == "deal.misdeal" for m in _absent_rule_mutants("revesino"))
    (example,) = [e for e in examples(ANNOTATIONS) if e.annotation.id == "rev-deal-cards"]
    assert example.annotation.status == "interpreted"
    assert run_example(example, report=False)[0] == 0
    (misdeal,) = [m for m in _absent_rule_mutants("revesino") if m.rule == "deal.misdeal"]
    with misdeal.applied():
        assert run_example(example, report=False)[0] > 0
