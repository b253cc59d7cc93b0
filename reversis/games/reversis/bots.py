"""Bots that finish a hand a scenario leaves open.

Both are deterministic given the ``random.Random`` they are handed, and use
only integer card codes and the hand's public views, so the same seed gives
the same hand on every machine and Python version (``random.Random`` with an
integer seed is stable across versions for ``randrange``/``shuffle``).

>>> sorted(BOTS)
['cautious', 'random']
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from reversis.core.cards import ACE, Card, card_rank, card_suit
from reversis.core.chance import draw
from reversis.core.errors import did_you_mean
from reversis.core.ruleset import Ruleset
from reversis.games.reversis.hand import Hand, Phase
from reversis.games.reversis.masks import SUIT_MASKS
from reversis.games.reversis.params import Params

__all__ = ["BOTS", "Bot", "bot_declarations", "get_bot", "play_seeded"]


@dataclass(frozen=True)
class Bot:
    """A policy: what to discard in the exchange, and what to play."""

    name: str
    exchange: Callable[[Hand, random.Random], Card | None]
    play: Callable[[Hand, random.Random], Card]


def _pick(rng: random.Random, options: list[Card | None]) -> Card | None:
    return options[draw(rng, len(options))]


def _random_exchange(hand: Hand, rng: random.Random) -> Card | None:
    return _pick(rng, hand.legal_discards())


def _random_play(hand: Hand, rng: random.Random) -> Card:
    options = hand.legal_plays()
    return options[draw(rng, len(options))]


def _cautious_exchange(hand: Hand, rng: random.Random) -> Card | None:
    # Get rid of the card most likely to take a trick: the highest legal discard.
    # The highest rank, the lowest card code (the first suit) on a tie: the greatest of rank * 64 - code
    # (a card's code is under 64).
    best, best_key = None, -64
    for c in hand.legal_discards():
        if c is not None:
            key = card_rank(c) * 64 - c
            if key > best_key:
                best, best_key = c, key
    if best is None or (card_rank(best) < 11 and hand.can_exchange(None)):
        return None
    return best


def _cautious_play(hand: Hand, rng: random.Random) -> Card:
    options = hand.legal_plays()  # in card order: by suit, then by rank
    quinola = hand.params.quinola
    values = hand.params.ace_values
    trick = hand.current_trick
    if not trick:
        # Lead low, and never lead the quinola or an ace while anything else will do: the least of
        # (is the quinola, is an ace, rank), the first in card order on a tie.
        best, best_key = options[0], _lead_key(options[0], quinola)
        for c in options:
            key = _lead_key(c, quinola)
            if key < best_key:
                best, best_key = c, key
        return best
    led = hand.led_suit
    off_suit = [c for c in options if card_suit(c) != led]
    if off_suit and len(off_suit) < len(options):
        # a declared renouncer (the napolitana) free to renounce: rid himself of his highest card
        # of another suit, the quinola and the aces first; he cannot take the trick with it
        return _dearest(off_suit, quinola, values)
    if card_suit(options[0]) == led:
        top = max([c for c in trick if card_suit(c) == led])
        under = [c for c in options if c < top]
        if under:
            # Play under the current winner, as high as possible; the quinola only if nothing else.
            for c in reversed(under):
                if c != quinola:
                    return c
            return quinola
        last = len(trick) == hand.players - 1
        safe = [c for c in options if c != quinola] or options
        return max(safe) if last else min(safe)
    # Void in the suit led: throw the quinola, then aces (the special one first), then the highest card.
    if quinola in options:
        return quinola
    return _dearest(options, quinola, values)


def _lead_key(card: Card, quinola: Card) -> int:
    """(is the quinola, is an ace, rank) as one number, in the same order (a rank is under 16)."""
    rank = card_rank(card)
    return (card == quinola) * 32 + (rank == ACE) * 16 + rank


def _dearest(cards: list[Card], quinola: Card, values: tuple[int, ...]) -> Card:
    """The card to be rid of first: the greatest of (is the quinola, what it earns when placed, rank),
    the last in card order on a tie."""
    best = cards[0]
    for c in cards:
        if (c == quinola, values[c], card_rank(c)) >= (best == quinola, values[best], card_rank(best)):
            best = c
    return best


def bot_declarations(hand: Hand) -> list[tuple[int, str]]:
    """The declarations every bot makes, for any seat, when the rules allow them (a deterministic
    policy shared by the bots): the privileged renouncer (the napolitana) whenever a hand qualifies
    for it (the lowest-numbered such seat, since only one may declare it); a reversis when its
    undertaker holds only cards that no card still out can beat in their suit, so that he must
    take the last tricks when he leads them (the napolitana's right to renounce aside)."""
    chosen: list[tuple[int, str]] = []
    if not hand.declaration_due:
        return chosen
    p = hand.params
    out = 0  # the cards not yet played that the seat does not hold
    for seat in range(hand.players):
        out |= hand.hands[seat]
    for seat, name in hand.legal_declarations():
        if name == p.renouncer:
            if not any(n == name for _, n in chosen):
                chosen.append((seat, name))
            continue
        mine = hand.hands[seat]
        others = out & ~mine
        sure = all(not others & SUIT_MASKS[card_suit(c)] & ~((2 << c) - 1) for c in hand.holding(seat))
        if sure:
            chosen.append((seat, name))
    return chosen


BOTS = {
    "random": Bot("random", _random_exchange, _random_play),
    "cautious": Bot("cautious", _cautious_exchange, _cautious_play),
}


def get_bot(name: str) -> Bot:
    """A bot by name; ``KeyError`` names the known bots."""
    try:
        return BOTS[name]
    except KeyError:
        raise KeyError(f"unknown bot {name!r}{did_you_mean(name, BOTS)} (known: {', '.join(sorted(BOTS))})") from None


def play_seeded(rules: Ruleset, params: Params, bot: Bot, seed: int, i: int) -> Hand:
    """Hand ``i`` of a run from ``seed``, dealt by seat ``i % players`` and played to its end by ``bot``
    (the hand ``reversis simulate`` and ``reversis compare`` play for that seed)."""
    rng = random.Random(seed + i)
    hand = Hand.deal(rules, dealer=i % params.players, rng=rng, params=params)
    declares = bool(params.renouncer or params.reversis_declaration)
    while hand.phase is Phase.EXCHANGE:
        hand.exchange(bot.exchange(hand, rng))
    while hand.phase is Phase.TRICKS:
        if declares and hand.declaration_due:
            for seat, name in bot_declarations(hand):
                hand.declare(seat, name)
        hand.play(bot.play(hand, rng))
    return hand
