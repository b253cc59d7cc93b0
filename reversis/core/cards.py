"""Cards as small ints, and the two packs of the sources.

A card is ``suit << 4 | rank``: the suit is 0–3 and the rank is its strength
in play, 2–14, so that a higher rank wins within a suit. Both packs share the
rank codes: the court cards are 11 (jack / *sota*), 12 (queen / *caballo*),
13 (king / *rey*) and 14 (ace / *as*); the French ten is 10.

French pack: ranks ``A K Q J T 9 8 7 6 5 4 3 2``, suits ``S H D C``
(spades, hearts, diamonds, clubs).
Spanish pack: ranks ``A R C S 9 8 7 6 5 4 3 2``, suits ``O C E B``
(oros, copas, espadas, bastos).

>>> FRENCH.parse("JH") == FRENCH.parse("J♥")
True
>>> FRENCH.name(FRENCH.parse("jh"))
'JH'
>>> SPANISH.name(SPANISH.parse("SO"))
'SO'
>>> len(FRENCH.cards(keep_tens=False)), len(FRENCH.cards(keep_tens=True)), len(SPANISH.cards())
(48, 52, 48)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from reversis.core.errors import ScenarioError, did_you_mean

__all__ = [
    "ACE",
    "FRENCH",
    "JACK",
    "KING",
    "PACKS",
    "QUEEN",
    "SPANISH",
    "TEN",
    "Card",
    "Pack",
    "card_rank",
    "card_suit",
    "make_card",
    "mask_of",
]

Card = int
TEN: Final = 10
JACK: Final = 11
QUEEN: Final = 12
KING: Final = 13
ACE: Final = 14

_SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C"}


def _cut(text: str, limit: int = 40) -> str:
    """A value shown in a message, cut short when long."""
    return text if len(text) <= limit else text[: limit - 2] + " …"


def make_card(suit: int, rank: int) -> Card:
    """The card of a suit (0–3) and a rank (2–14)."""
    return suit << 4 | rank


def card_suit(card: Card) -> int:
    """The suit of a card, 0–3."""
    return card >> 4


def card_rank(card: Card) -> int:
    """The rank of a card, 2–14 (14 = ace)."""
    return card & 15


def mask_of(cards: Iterable[Card]) -> int:
    """The bitmask of a set of cards (bit ``card`` set for each card)."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


@dataclass(frozen=True)
class Pack:
    """A pack's notation: rank and suit letters, and which ranks it has."""

    id: str
    rank_letters: str  # from the ace down, as printed in the notation
    rank_codes: tuple[int, ...]  # the rank code of each letter
    suit_letters: str
    suit_names: tuple[str, ...]
    optional_ranks: tuple[int, ...] = ()  # ranks left out unless kept (the French tens)

    def cards(self, *, keep_tens: bool = False) -> list[Card]:
        """Every card of the pack, in suit then descending rank order."""
        return [
            make_card(suit, rank)
            for suit in range(4)
            for rank in self.rank_codes
            if keep_tens or rank not in self.optional_ranks
        ]

    def name_of_rank(self, rank: int) -> str:
        return self.rank_letters[self.rank_codes.index(rank)]

    def name(self, card: Card) -> str:
        """The notation of a card, e.g. ``'JH'``."""
        return self.name_of_rank(card_rank(card)) + self.suit_letters[card_suit(card)]

    def names(self, cards: Iterable[Card]) -> list[str]:
        return [self.name(card) for card in cards]

    def parse(self, text: object) -> Card:
        """Parse a card's notation (case-insensitive, suit symbols accepted).

        Raises ``ScenarioError`` naming the card and what was expected.
        """
        if not isinstance(text, str):
            raise ScenarioError(f"{_cut(repr(text))} is not a card (expected a string such as {self.example!r})")
        word = text.strip().upper()
        if word and word[0] in _SYMBOLS:  # a suit symbol first, as printed in some books: ♥2 is 2♥
            word = word[1:] + word[0]
        if word and word[-1] in _SYMBOLS:
            word = word[:-1] + _SYMBOLS[word[-1]]
        if len(word) == 3 and word.startswith("10"):
            word = "T" + word[2]
        if len(word) != 2 or word[0] not in self.rank_letters or word[1] not in self.suit_letters:
            hint = ""
            if len(word) == 2 and word[1] in self.rank_letters and word[0] in self.suit_letters:
                hint = f"; the rank comes first: {word[1]}{word[0]}"
            else:
                names = [r + s for r in self.rank_letters for s in self.suit_letters]
                hint = did_you_mean(word, names, cutoff=0.75).replace(" (", "; ", 1).removesuffix(")")
            raise ScenarioError(
                f"unknown card {_cut(repr(text))} in the {self.id} pack: a card is its rank then its suit, "
                f"e.g. {self.example} (ranks {' '.join(self.rank_letters)}, suits {' '.join(self.suit_letters)}"
                f"{' or ♠ ♥ ♦ ♣' if self.suit_letters == 'SHDC' else ''}){hint}"
            )
        return make_card(self.suit_letters.index(word[1]), self.rank_codes[self.rank_letters.index(word[0])])

    @property
    def example(self) -> str:
        return self.name(make_card(1, JACK))


FRENCH = Pack(
    id="french",
    rank_letters="AKQJT98765432",
    rank_codes=(ACE, KING, QUEEN, JACK, TEN, 9, 8, 7, 6, 5, 4, 3, 2),
    suit_letters="SHDC",
    suit_names=("spades", "hearts", "diamonds", "clubs"),
    optional_ranks=(TEN,),
)

SPANISH = Pack(
    id="spanish",
    rank_letters="ARCS98765432",
    rank_codes=(ACE, KING, QUEEN, JACK, 9, 8, 7, 6, 5, 4, 3, 2),
    suit_letters="OCEB",
    suit_names=("oros", "copas", "espadas", "bastos"),
)

PACKS = {pack.id: pack for pack in (FRENCH, SPANISH)}
