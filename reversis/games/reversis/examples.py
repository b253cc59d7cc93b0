"""Worked examples in a few lines: deal the cards that matter, play them, and read what each rule did.

This is the small, stable API of the annotations' doctests: each example is the
session a reader would type to check a rule. Cards are written as in scenarios
(``"JH QD 9S"``, or a list); seats are numbered in playing order, the dealer is
seat 0 unless said otherwise, and seat 1 leads first.

:func:`deal` completes a deal from the cards an example fixes: every card not
named is dealt, in pack order, one at a time to the seats that still need
cards, from the eldest round to the dealer, and the talon gets what is left.
:func:`play` plays a hand to its end: the exchange as given (by default every
player keeps his cards and the dealer discards his lowest card he may), the
plays as given, then the ``cautious`` bot. :func:`start` stops after the given
plays, so that an example can ask what may be played next and why not. The
``declarations`` an example names (``{2: "napolitana"}``) are made when they
fall due; the bot declares nothing of its own in an example.

Seat 1, who has no heart, leads a spade; seat 2 has no spade and must throw his quinola:

>>> cards = {1: "AD KD 9S 8S 7S 6S 5S 4S 3S 2S KC", 2: "JH QD JD 9D 8D 7D 6D 5D 4D 3D 2D"}
>>> table = start("encyclopedie-1765", hands=cards, plays="9S")
>>> table.legal()
['JH']
>>> table.refusal("QD")
'quinola.must-place: QD: the quinola must be thrown when void in the first 2 tricks'
>>> game = play("encyclopedie-1765", hands=cards, plays="9S JH")
>>> game.paid("quinola.placed.trick"), game.paid("quinola.placed.pool")
([(3, 2, 2)], [('pool', 2, 8)])
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from reversis.core.cards import Card, card_rank
from reversis.core.errors import IllegalAction, ScenarioError
from reversis.core.ruleset import Ruleset, load_ruleset
from reversis.games.reversis.bots import get_bot
from reversis.games.reversis.declarations import moment
from reversis.games.reversis.hand import Hand, Phase
from reversis.games.reversis.params import compile_params
from reversis.games.reversis.report import account
from reversis.games.reversis.result import result

__all__ = ["Game", "Table", "deal", "play", "start"]

Cards = str | Iterable[str]


def _names(cards: Cards) -> list[str]:
    return cards.split() if isinstance(cards, str) else list(cards)


def _rules(ruleset: str | Ruleset, options: Mapping[str, Any] | None) -> Ruleset:
    rules = load_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
    return rules.with_options(options or {})


def deal(
    ruleset: str | Ruleset,
    *,
    hands: Mapping[int, Cards] | None = None,
    talon: Cards | None = None,
    dealer: int = 0,
    options: Mapping[str, Any] | None = None,
) -> tuple[list[list[Card]], list[Card]]:
    """Every seat's cards and the talon: the cards given, and the rest dealt in pack order.

    >>> from reversis.core.cards import FRENCH
    >>> hands, talon = deal("encyclopedie-1765", hands={2: "JH"}, talon="2C 3C 4C")
    >>> [len(h) for h in hands], FRENCH.names(talon), FRENCH.parse("JH") in hands[2]
    ([12, 11, 11, 11], ['2C', '3C', '4C'], True)
    """
    rules = _rules(ruleset, options)
    p = compile_params(rules)
    parse = rules.pack.parse
    fixed = {int(seat): [parse(c) for c in _names(cards)] for seat, cards in (hands or {}).items()}
    chosen_talon = [parse(c) for c in _names(talon)] if talon is not None else None
    used = {c for cards in fixed.values() for c in cards} | set(chosen_talon or ())
    rest = [c for c in p.pack if c not in used]
    seats = [[*fixed.get(seat, [])] for seat in range(p.players)]
    want = [p.hand_size + (p.dealer_extra if seat == dealer else 0) for seat in range(p.players)]
    order = [(dealer + 1 + i) % p.players for i in range(p.players)]
    while any(len(seats[s]) < want[s] for s in order) and rest:
        for seat in order:
            if len(seats[seat]) < want[seat] and rest:
                seats[seat].append(rest.pop(0))
    return seats, chosen_talon if chosen_talon is not None else rest


@dataclass(frozen=True)
class Game:
    """A finished hand, with what each rule paid."""

    hand: Hand

    @property
    def result(self) -> dict[str, Any]:
        """The result of the scenario contract (as ``reversis play --json`` prints it)."""
        return result(self.hand)

    def paid(self, rule: str) -> list[tuple[int | str, int | str, int]]:
        """Every payment a rule ordered, as (payer, payee, amount), in the order made."""
        return [(e.payer, e.payee, e.amount) for e in self.hand.ledger.entries if e.rule == rule]

    def owed(self) -> list[tuple[int, int, str]]:
        """The bêtes still owed to the pool at the end, as (seat, amount, rule)."""
        return list(self.hand.betes)

    @property
    def pool(self) -> tuple[int, int]:
        """The pool before the hand and after it."""
        return self.hand.pool_before, self.hand.pool

    @property
    def talon_to(self) -> int | None:
        """The seat that took the talon (None if it was not paid)."""
        award = self.hand.talon_award
        return None if award is None else award.seat

    def account(self) -> str:
        """The readable account of the hand."""
        return account(self.hand)


@dataclass(frozen=True)
class Table:
    """A hand stopped after the given plays, to ask what may be played next."""

    hand: Hand

    @property
    def to_play(self) -> int:
        return self.hand.to_act

    def legal(self) -> list[str]:
        """The cards the seat to play may play."""
        return self.hand.rules.pack.names(self.hand.legal_plays())

    def refusal(self, card: str) -> str | None:
        """Why ``card`` may not be played now (``rule: reason``), or None if it may."""
        try:
            self.hand.verify_play(self.hand.rules.pack.parse(card))
        except IllegalAction as exc:
            return f"{exc.rule}: {exc}"
        return None


def start(
    ruleset: str | Ruleset,
    *,
    hands: Mapping[int, Cards] | None = None,
    talon: Cards | None = None,
    dealer: int = 0,
    exchange: Mapping[int, str | None] | None = None,
    plays: Cards = (),
    options: Mapping[str, Any] | None = None,
    pool: int = 0,
    betes: Iterable[tuple[int, int]] = (),
    declarations: Mapping[int, str | Iterable[str]] | None = None,
) -> Table:
    """Deal, exchange and play the given cards, and stop there."""
    rules = _rules(ruleset, options)
    cards, talon_cards = deal(rules, hands=hands, talon=talon, dealer=dealer)
    hand = Hand(
        rules,
        dealer=dealer,
        hands=cards,
        talon=talon_cards,
        pool=pool,
        betes=[(seat, amount, "bete.carried") for seat, amount in betes],
    )
    parse = rules.pack.parse
    given = dict(exchange or {})
    while hand.phase is Phase.EXCHANGE:
        seat = hand.to_act
        if seat in given:
            discard = given[seat]
            hand.exchange(None if discard in (None, "pass") else parse(discard))
        elif seat == dealer:
            hand.exchange(min((c for c in hand.legal_discards() if c is not None), key=lambda c: (card_rank(c), c)))
        else:
            hand.exchange(None)
    for name in _names(plays):
        if hand.phase is not Phase.TRICKS:
            raise ScenarioError(f"{name} is played after the last trick")
        _declare_due(hand, declarations)
        hand.play(parse(name))
    _declare_due(hand, declarations)
    return Table(hand)


def _declare_due(hand: Hand, declarations: Mapping[int, str | Iterable[str]] | None) -> None:
    """Make the declarations that fall due before the next card (an illegal one raises
    :class:`~reversis.core.errors.IllegalDeclaration` naming the rule)."""
    if not declarations or hand.phase is not Phase.TRICKS or hand.current_trick:
        return
    for seat, value in declarations.items():
        for name in [value] if isinstance(value, str) else value:
            made = any(e.seat == seat and e.name == name for e in hand.declared)
            if not made and moment(hand.params, name) == hand.trick_no:
                hand.declare(seat, name)


def play(
    ruleset: str | Ruleset,
    *,
    hands: Mapping[int, Cards] | None = None,
    talon: Cards | None = None,
    dealer: int = 0,
    exchange: Mapping[int, str | None] | None = None,
    plays: Cards = (),
    options: Mapping[str, Any] | None = None,
    pool: int = 0,
    betes: Iterable[tuple[int, int]] = (),
    declarations: Mapping[int, str | Iterable[str]] | None = None,
    bot: str = "cautious",
    seed: int = 0,
) -> Game:
    """Deal, exchange, play the given cards, let ``bot`` finish the hand, and settle it.

    ``exchange`` maps a seat to the card it discards, or to ``"pass"``; a play that
    breaks a rule raises :class:`~reversis.core.errors.IllegalPlay` naming the rule.
    """
    hand = start(
        ruleset,
        hands=hands,
        talon=talon,
        dealer=dealer,
        exchange=exchange,
        plays=plays,
        options=options,
        pool=pool,
        betes=betes,
        declarations=declarations,
    ).hand
    chooser = get_bot(bot)
    rng = random.Random(seed)
    while hand.phase is Phase.TRICKS:
        _declare_due(hand, declarations)
        hand.play(chooser.play(hand, rng))
    return Game(hand)
