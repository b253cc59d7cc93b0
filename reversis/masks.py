"""Sets of cards as bitmasks: bit ``card`` is set for each card of the set.

A suit's cards are the 16 bits from ``16 * suit``; ranks 2–14 use bits 2–14
of that block. :func:`cards_of` lists a mask's cards through a table of each
suit's 13-bit rank pattern, filled as patterns are met, so that a command
that plays one hand does not pay for the 32,768 entries a long run needs.

>>> from reversis.cards import FRENCH
>>> mask = sum(1 << FRENCH.parse(name) for name in ["AS", "JH", "2H"])
>>> FRENCH.names(cards_of(mask))
['AS', '2H', 'JH']
>>> FRENCH.names(cards_of(mask & SUIT_MASKS[1]))
['2H', 'JH']
"""

from __future__ import annotations

from reversis.cards import Card

__all__ = ["SUIT_MASKS", "cards_of"]

#: The bitmask of every card of each suit.
SUIT_MASKS = tuple(0xFFFF << (16 * suit) for suit in range(4))

# _TABLES[suit][pattern]: the cards of that suit whose rank bits (ranks 2..14) are ``pattern``,
# or None until first asked for.
_TABLES: tuple[list[tuple[Card, ...] | None], ...] = tuple([None] * (1 << 13) for _ in range(4))


def _fill(suit: int, pattern: int) -> tuple[Card, ...]:
    cards = tuple(suit << 4 | rank for rank in range(2, 15) if pattern >> (rank - 2) & 1)
    _TABLES[suit][pattern] = cards
    return cards


def cards_of(mask: int) -> list[Card]:
    """The cards of a bitmask, in card order (suit, then rank)."""
    t0, t1, t2, t3 = _TABLES
    p0, p1, p2, p3 = mask >> 2 & 0x1FFF, mask >> 18 & 0x1FFF, mask >> 34 & 0x1FFF, mask >> 50 & 0x1FFF
    c0, c1, c2, c3 = t0[p0], t1[p1], t2[p2], t3[p3]
    if c0 is None:
        c0 = _fill(0, p0)
    if c1 is None:
        c1 = _fill(1, p1)
    if c2 is None:
        c2 = _fill(2, p2)
    if c3 is None:
        c3 = _fill(3, p3)
    return [*c0, *c1, *c2, *c3]
