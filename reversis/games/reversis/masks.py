"""Sets of cards as bitmasks: bit ``card`` is set for each card of the set.

A suit's cards are the 16 bits from ``16 * suit``; ranks 2–14 use bits 2–14
of that block. :func:`cards_of` lists a mask's cards through a table of each
suit's 13-bit rank pattern, filled as patterns are met, so that a command
that plays one hand does not pay for the 32,768 entries a long run needs.

>>> from reversis.core.cards import FRENCH
>>> mask = sum(1 << FRENCH.parse(name) for name in ["AS", "JH", "2H"])
>>> FRENCH.names(cards_of(mask))
['AS', '2H', 'JH']
>>> FRENCH.names(cards_of(mask & SUIT_MASKS[1]))
['2H', 'JH']
"""

from __future__ import annotations

from typing import Final

from reversis.core.cards import Card

__all__ = ["SUIT_MASKS", "cards_of"]

#: The bitmask of every card of each suit.
SUIT_MASKS: Final = tuple(0xFFFF << (16 * suit) for suit in range(4))

# _TABLES[suit][pattern]: the cards of that suit whose rank bits (ranks 2..14) are ``pattern``,
# or None until first asked for.
_TABLES: Final[tuple[list[tuple[Card, ...] | None], ...]] = tuple([None] * (1 << 13) for _ in range(4))


def _fill(mask: int) -> None:
    """Enter in the tables the four suit patterns of ``mask``."""
    for suit in range(4):
        pattern = mask >> (16 * suit + 2) & 0x1FFF
        if _TABLES[suit][pattern] is None:
            _TABLES[suit][pattern] = tuple(suit << 4 | rank for rank in range(2, 15) if pattern >> (rank - 2) & 1)


def cards_of(mask: int) -> list[Card]:
    """The cards of a bitmask, in card order (suit, then rank)."""
    t0, t1, t2, t3 = _TABLES
    try:
        # an entry still None (a pattern not met yet) raises TypeError when unpacked: no test on the way
        return [
            *t0[mask >> 2 & 0x1FFF],  # type: ignore[misc]
            *t1[mask >> 18 & 0x1FFF],
            *t2[mask >> 34 & 0x1FFF],
            *t3[mask >> 50 & 0x1FFF],
        ]
    except TypeError:  # enter the mask's patterns, once
        _fill(mask)
        return cards_of(mask)
