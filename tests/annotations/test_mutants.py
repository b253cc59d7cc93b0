"""The mutation check: every rule that moves chips or refuses an action is proved by some annotation.

For each ruleset, each mutant breaks one rule (its payments suppressed or one
chip larger, a bête not owed or larger, a refused action allowed) and at least
one annotation's doctest must then fail. The kill rate must be 100%.
"""

from __future__ import annotations

import pytest

from reversis.annotations import load_annotations
from reversis.annotations.mutants import Mutant, kill_report, mutants, mutations_of
from reversis.core.ruleset import load_ruleset, ruleset_ids
from reversis.games.reversis.examples import play, start
from reversis.games.reversis.mutation import REVERSIS

CARDS = {1: "AD KD 9S 8S 7S 6S 5S 4S 3S 2S KC", 2: "JH QD JD 9D 8D 7D 6D 5D 4D 3D 2D"}


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_every_engine_rule_is_broken_by_a_mutant_or_says_why_not(ruleset_id: str) -> None:
    table = mutations_of(ruleset_id)
    classified = set(table.payments) | set(table.betes) | set(table.refusals) | set(table.unchecked)
    assert sorted(set(load_ruleset(ruleset_id).rule_cites) - classified) == []


def test_a_payment_mutant_changes_what_the_rule_pays() -> None:
    normal = play("encyclopedie-1765", hands=CARDS, plays="9S JH")
    with Mutant("quinola.placed.trick", "plus-one", REVERSIS).applied():
        broken = play("encyclopedie-1765", hands=CARDS, plays="9S JH")
    with Mutant("quinola.placed.trick", "suppress", REVERSIS).applied():
        silent = play("encyclopedie-1765", hands=CARDS, plays="9S JH")
    assert normal.paid("quinola.placed.trick") == [(3, 2, 2)]
    assert broken.paid("quinola.placed.trick") == [(3, 2, 3)]
    assert silent.paid("quinola.placed.trick") == []


def test_an_allow_mutant_allows_what_the_rule_refuses() -> None:
    table = start("encyclopedie-1765", hands=CARDS, plays="9S")
    assert table.refusal("QD") is not None
    with Mutant("quinola.must-place", "allow", REVERSIS).applied():
        assert table.refusal("QD") is None
    assert table.refusal("QD") is not None  # and the engine is whole again


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_every_mutant_is_killed_by_an_annotation(ruleset_id: str, capsys: pytest.CaptureFixture[str]) -> None:
    report = kill_report(ruleset_id, load_annotations())
    killed = sum(by is not None for by in report.values())
    with capsys.disabled():
        print(f"\nmutation kill rate, {ruleset_id}: {killed}/{len(report)} ({100 * killed / len(report):.0f} %)")
    assert len(report) == len(mutants(ruleset_id)) > 0
    assert sorted(name for name, by in report.items() if by is None) == []
