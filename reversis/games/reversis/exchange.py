"""The rules of the exchange: what a player may discard, whether he may decline, and which card
of the talon is offered to him. :class:`~reversis.games.reversis.hand.Hand` makes the exchange with them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from reversis.core.cards import Card
from reversis.core.errors import IllegalExchange
from reversis.core.roles import player, player_in_file
from reversis.games.reversis.masks import SUIT_MASKS

if TYPE_CHECKING:
    from reversis.games.reversis.hand import Hand

__all__ = ["discard_mask", "may_decline", "own_card", "verify_exchange"]


def discard_mask(hand: Hand) -> int:
    """The bitmask of the cards the player to act may discard: the one statement of the discard rules."""
    p = hand.params
    held = hand.hands[hand.to_act]
    if p.discard_hearts:
        return held
    # "personne n'en peut écarter" [de cœur], except a king or queen of hearts held alone, which
    # cannot force the quinola ("ne pouvant faire une redouble pour forcer le quinola").
    hearts = held & SUIT_MASKS[p.quinola_suit]
    if p.heart_discard_exception and hearts & hearts - 1 == 0 and hearts & p.guard_courts:
        return held
    if held == hearts and not may_decline(hand):
        # A dealer holding nothing but hearts must still discard ("il est obligé d'y mettre ...
        # celle de ses cartes qu'il juge à-propos"): the article does not foresee the case, and the
        # obligation is read as coming before the ban.
        return held
    return held & ~hearts


def may_decline(hand: Hand) -> bool:
    """Whether the player to act may keep his cards."""
    # "Celui qui mêle ... n'en prend jamais au talon. Mais il est obligé d'y mettre ... celle de ses cartes"
    return not (hand.to_act == hand.dealer and hand.params.dealer_discards)


def own_card(hand: Hand, seat: int) -> Card | None:
    """The card of the talon that is ``seat``'s own, where each player has his (option exchange_own_card)."""
    # "Las cartas que han quedado sin repartir corresponden en orden a cada uno de los tres jugadores":
    # the n-th card of the talon as dealt is the n-th seat's after the dealer.
    if not hand.params.exchange_own_card or seat == hand.dealer:
        return None
    # (compile_params refuses a talon with fewer cards than the players who exchange)
    return hand.talon_dealt[(seat - hand.dealer - 1) % hand.players]


def verify_exchange(hand: Hand, discard: Card | None, *, seat: int | None = None) -> None:
    """Raise ``IllegalExchange`` naming the rule if this exchange is not allowed."""
    if hand.phase.value != "exchange":
        raise IllegalExchange(f"no exchange in the {hand.phase.value} phase", rule="exchange")
    who = hand.to_act if seat is None else seat
    if who != hand.to_act:
        raise IllegalExchange(
            f"{player_in_file(who, hand)} exchanges out of turn ({player(hand.to_act, hand)} is to exchange)",
            rule="exchange.order",
        )
    if discard is None:
        if not may_decline(hand):
            raise IllegalExchange("the dealer must discard a card", rule="exchange.dealer-discard")
        return
    name = hand.card_name
    if not hand.hands[who] >> discard & 1:
        raise IllegalExchange(f"{player_in_file(who, hand)} does not hold {name(discard)}", rule="exchange.hold")
    if not discard_mask(hand) >> discard & 1:
        suit = hand.rules.pack.suit_names[hand.params.quinola_suit]
        unless = f" (except a king or queen of {suit} held alone)" if hand.params.heart_discard_exception else ""
        raise IllegalExchange(
            f"{name(discard)} may not be discarded: no {suit[:-1]} may be discarded{unless}",
            rule="exchange.no-hearts",
        )
