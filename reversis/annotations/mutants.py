"""The mutation check: break one engine rule at a time and show that an annotation's doctest notices.

A rule no doctest notices is a rule no doctest proves. For every engine rule
that moves chips, two mutants: its payments suppressed, and each one chip
larger; for a bête, the same on what is owed; for every rule that refuses an
action, one mutant that allows it. A mutant is *killed* when at least one
example of an annotation of the ruleset fails while it is in place.

The mutants patch the engine's classes for the time of the check only, and
work on the pure-Python engine (a compiled build is not patched).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import reversis.exchange as exchange_module
import reversis.hand as hand_module
from reversis.annotations.doctests import Example, examples, run_example
from reversis.annotations.model import Annotation
from reversis.hand import Hand
from reversis.ledger import Ledger
from reversis.masks import SUIT_MASKS
from reversis.ruleset import load_ruleset

__all__ = ["BETES", "PAYMENTS", "REFUSALS", "UNCHECKED", "Mutant", "kill_report", "mutants"]

#: The rules whose ledger entries move chips.
PAYMENTS = (
    "pool.stake",
    "pool.refresh",
    "bete.pay",
    "quinola.placed.pool",
    "quinola.placed.trick",
    "quinola.placed.each",
    "quinola.forced.forcer",
    "quinola.forced.each",
    "ace.placed",
    "ace.forced",
    "talon.pay",
    "reversis.pool",
    "reversis.made",
    "reversis.refund",
    "reversis.cut",
    "penalty.revoke",
    "penalty.out-of-turn",
)
#: The rules that make a player owe the pool a bête.
BETES = ("quinola.forced.bete", "quinola.led.bete", "quinola.given.bete")
#: The rules of the game that refuse an action.
REFUSALS = (
    "play.follow",
    "play.first-lead",
    "quinola.must-place",
    "play.turn",
    "exchange.no-hearts",
    "exchange.dealer-discard",
    "deal.misdeal",
)
#: The engine's other rule ids, and why no mutant breaks them.
UNCHECKED = {
    "deal": "names the deal's event; the deal's rules are checked through deal.misdeal and the payments",
    "play": "names a card played; what may be played is checked through the refusals",
    "play.trick": "names a trick taken; who takes it is checked through every payment of the trick",
    "play.phase": "an action out of its phase is impossible, not forbidden by the source",
    "play.hold": "playing a card one does not hold is impossible, not forbidden by the source",
    "exchange": "an exchange out of its phase is impossible, not forbidden by the source",
    "exchange.hold": "discarding a card one does not hold is impossible, not forbidden by the source",
    "exchange.order": "the order of the exchange is the engine's turn-taking, checked through exchange.take",
    "exchange.take": "names an exchange; what it takes is checked through the hands the examples play",
    "exchange.pass": "names a declined exchange",
    "settlement": "names the end of the hand; what it pays is checked through each payment",
    "bete.carried": "a bête owed from an earlier hand is given by the example itself",
    "reversis.cancels-quinola": "checked through quinola.placed.pool and reversis.pool, the payments it redirects",
}


@dataclass(frozen=True)
class Mutant:
    """One broken rule: ``kind`` is ``suppress``, ``plus-one`` or ``allow``."""

    rule: str
    kind: str

    @property
    def name(self) -> str:
        return f"{self.rule}:{self.kind}"

    @contextlib.contextmanager
    def applied(self) -> Iterator[None]:
        """The engine with this rule broken, for the time of the ``with`` block."""
        patches = _patches(self)
        saved = [(owner, attr, getattr(owner, attr)) for owner, attr, _ in patches]
        try:
            for owner, attr, value in patches:
                setattr(owner, attr, value)
            yield
        finally:
            for owner, attr, value in saved:
                setattr(owner, attr, value)


def _patches(mutant: Mutant) -> list[tuple[Any, str, Any]]:
    rule, kind = mutant.rule, mutant.kind
    if rule in PAYMENTS:
        pay = Ledger.pay

        def broken_pay(self: Ledger, payer: Any, payee: Any, amount: int, *, rule: str, **kw: Any) -> None:
            if rule == mutant.rule:
                if kind == "suppress":
                    return
                amount += 1
            pay(self, payer, payee, amount, rule=rule, **kw)

        return [(Ledger, "pay", broken_pay)]
    if rule in BETES:
        owe = Ledger.owe_bete

        def broken_owe(self: Ledger, seat: int, amount: int, rule: str) -> None:
            if rule == mutant.rule:
                if kind == "suppress":
                    return
                amount += 1
            owe(self, seat, amount, rule)

        return [(Ledger, "owe_bete", broken_owe)]
    return _allow(rule)


def _allow(rule: str) -> list[tuple[Any, str, Any]]:
    legal_mask = Hand._legal_mask

    def mask_without(condition: Callable[[Hand], bool]) -> Callable[[Hand], int]:
        def mask(self: Hand) -> int:
            return self.hands[self.to_act] if condition(self) else legal_mask(self)

        return mask

    def can_follow(h: Hand) -> bool:
        return bool(h.current_trick) and bool(h.hands[h.to_act] & SUIT_MASKS[h.led_suit])

    if rule == "play.follow":
        return [(Hand, "_legal_mask", mask_without(can_follow))]
    if rule == "play.first-lead":
        return [(Hand, "_legal_mask", mask_without(lambda h: not h.current_trick and h.trick_no == 1))]
    if rule == "quinola.must-place":
        return [(Hand, "_legal_mask", mask_without(lambda h: bool(h.current_trick) and not can_follow(h)))]
    if rule == "play.turn":
        play = Hand.play

        def play_anyone(self: Hand, card: int, *, seat: int | None = None) -> Any:
            return play(self, card)

        return [(Hand, "play", play_anyone)]
    # the exchange's rules are functions of reversis.exchange, which the hand imports: patch both names
    if rule == "exchange.no-hearts":
        anything = lambda hand: hand.hands[hand.to_act]  # noqa: E731
        return [(exchange_module, "discard_mask", anything), (hand_module, "discard_mask", anything)]
    if rule == "exchange.dealer-discard":
        always = lambda hand: True  # noqa: E731
        return [(exchange_module, "may_decline", always), (hand_module, "may_decline", always)]
    if rule == "deal.misdeal":
        return [(hand_module, "check_pack", lambda *args, **kw: None)]
    raise ValueError(f"no mutant for rule {rule!r}")


def mutants(ruleset_id: str) -> list[Mutant]:
    """The mutants of a ruleset's rules."""
    out: list[Mutant] = []
    for rule in load_ruleset(ruleset_id).rule_cites:
        if rule in PAYMENTS or rule in BETES:
            out += [Mutant(rule, "suppress"), Mutant(rule, "plus-one")]
        elif rule in REFUSALS:
            out.append(Mutant(rule, "allow"))
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
