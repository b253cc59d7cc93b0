"""What the mutation check breaks in the Reversis engine (see :mod:`reversis.annotations.mutants`).

For every engine rule that moves chips, two mutants: its payments suppressed, and each one chip
larger; for a bête, the same on what is owed; for every rule that refuses an action, one mutant that
allows it. The mutants patch the engine's classes for the time of the check only, and work on the
pure-Python engine (a compiled build is not patched).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import reversis.games.reversis.declarations as declarations_module
import reversis.games.reversis.exchange as exchange_module
import reversis.games.reversis.hand as hand_module
from reversis.core.mutant import Mutant, Mutations
from reversis.core.ruleset import Ruleset
from reversis.games.reversis.declarations import declaration_names
from reversis.games.reversis.hand import Hand
from reversis.games.reversis.ledger import Ledger
from reversis.games.reversis.masks import SUIT_MASKS
from reversis.games.reversis.params import compile_params

__all__ = ["BETES", "DECLARATION_PAYMENTS", "PAYMENTS", "REFUSALS", "REVERSIS", "UNCHECKED", "mutations"]

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
    "reversis.cut.pool",
    "reversis.returns-quinola",
    "reversis.quinola-pool",
    "reversis.quinola-collected",
    "pool.deal",
    "quinola.forced.pool",
    "quinola.led.pool",
    "quinola.given.pool",
    "penalty.revoke",
    "penalty.revoke.forfeit",
    "penalty.out-of-turn",
)
#: The rules of a declaration that move chips, each recorded as ``<name>.<suffix>`` (``napolitana.cut``).
DECLARATION_PAYMENTS = ("returns", "cut", "lost.pool", "lost.sold", "quinola-forced")
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
    "declare": "an unknown declaration is refused by the scenario's reader, before any hand is dealt",
}


def _patches(mutant: Mutant) -> list[tuple[Any, str, Any]]:
    rule, kind = mutant.rule, mutant.kind
    table = mutant.mutations
    if rule in table.payments:
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
    # the exchange's rules are functions of reversis.games.reversis.exchange, which the hand imports: patch both names
    if rule == "exchange.no-hearts":
        anything = lambda hand: hand.hands[hand.to_act]  # noqa: E731
        return [(exchange_module, "discard_mask", anything), (hand_module, "discard_mask", anything)]
    if rule == "exchange.dealer-discard":
        always = lambda hand: True  # noqa: E731
        return [(exchange_module, "may_decline", always), (hand_module, "may_decline", always)]
    if rule == "deal.misdeal":
        return [(hand_module, "check_pack", lambda *args, **kw: None)]
    if rule.endswith(".declare"):  # a declaration allowed to anyone at any time (declared by name)
        anyone = lambda *args, **kw: None  # noqa: E731
        return [(declarations_module, "verify_declare", anyone), (hand_module, "verify_declare", anyone)]
    raise ValueError(f"no mutant for rule {rule!r}")


REVERSIS = Mutations(PAYMENTS, BETES, REFUSALS, UNCHECKED, _patches)


def mutations(rules: Ruleset) -> Mutations:
    """Reversis's mutations, with the rules of the ruleset's declarations (``napolitana.cut``,
    ``revesino.declare``, …)."""
    names = declaration_names(compile_params(rules))
    return replace(
        REVERSIS,
        payments=REVERSIS.payments + tuple(f"{n}.{suffix}" for n in names for suffix in DECLARATION_PAYMENTS),
        refusals=REVERSIS.refusals + tuple(f"{n}.declare" for n in names),
        unchecked={
            **REVERSIS.unchecked,
            **{
                f"{n}.lost": f"names a {n} lost; what losing it costs is checked through {n}.lost.pool and .lost.sold"
                for n in names
            },
            **{
                f"{n}.quinola-plain": (
                    f"names a quinola played after the {n} was undertaken; that it earns nothing "
                    f"is checked through {n}.returns"
                )
                for n in names
            },
        },
    )
