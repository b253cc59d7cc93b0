"""The mutation check: break one engine rule at a time and show that an annotation's doctest notices.

A rule no doctest notices is a rule no doctest proves. Each game says what its
mutants break (``game.mutations(rules)``: for Reversis, every rule that moves
chips suppressed or one chip larger, every refusal allowed; Romestecq's the same
with marks). A mutant is *killed* when at least one
example of an annotation of the ruleset fails while it is in place.

The mutants patch the engine's classes for the time of the check only, and
work on the pure-Python engine (a compiled build is not patched).
"""

from __future__ import annotations

from reversis.annotations.doctests import Example, examples, run_example
from reversis.annotations.model import Annotation
from reversis.core.mutant import Mutant, Mutations
from reversis.core.ruleset import load_ruleset
from reversis.games import game_of

__all__ = ["Mutant", "Mutations", "kill_report", "mutants", "mutations_of"]


def mutations_of(ruleset_id: str) -> Mutations:
    """The mutations of a ruleset's game (its ``mutations``)."""
    rules = load_ruleset(ruleset_id)
    return game_of(rules).mutations(rules)


def mutants(ruleset_id: str) -> list[Mutant]:
    """The mutants of a ruleset's rules."""
    table = mutations_of(ruleset_id)
    out: list[Mutant] = []
    for rule in load_ruleset(ruleset_id).rule_cites:
        if rule in table.payments or rule in table.betes:
            out += [Mutant(rule, "suppress", table), Mutant(rule, "plus-one", table)]
        elif rule in table.refusals:
            out.append(Mutant(rule, "allow", table))
    return out


def _killed(mutant: Mutant, ordered: list[Example]) -> str | None:
    with mutant.applied():
        for example in ordered:
            failures, _ = run_example(example, report=False)
            if failures:
                return example.name
    return None


def kill_report(ruleset_id: str, annotations: tuple[Annotation, ...]) -> dict[str, str | None]:
    """Each mutant of the ruleset, and the example that killed it (None: it survived)."""
    mine = [a for a in annotations if ruleset_id in a.rulesets]
    every = list(examples(mine))
    report: dict[str, str | None] = {}
    for mutant in mutants(ruleset_id):
        # the examples of the annotations that cite the rule first: they are the likeliest to notice
        ordered = sorted(every, key=lambda e: mutant.rule not in e.annotation.rules)
        report[mutant.name] = _killed(mutant, ordered)
    return report
