"""The cards of the worked examples as the pages draw them: the face for the eye (rank and suit
symbol, ``J♥``), hidden from screen readers, and the name in words for screen readers (``jack of
hearts (quinola)``), hidden from the eye; readable without colour either way.

>>> from reversis import FRENCH
>>> card_words(FRENCH, FRENCH.parse("JH"), quinola=FRENCH.parse("JH"))
'jack of hearts (quinola)'
>>> card_view(FRENCH, FRENCH.parse("TS"))
{'face': '10♠', 'words': 'ten of spades', 'suit': 'spades'}
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import jinja2
from markupsafe import Markup

from reversis.core.cards import Card, Pack, card_rank, card_suit

__all__ = ["card_view", "card_words", "drawing", "seated"]

_RANK_WORDS = {
    "A": "ace",
    "K": "king",
    "Q": "queen",
    "J": "jack",
    "T": "ten",
    "9": "nine",
    "8": "eight",
    "7": "seven",
    "6": "six",
    "5": "five",
    "4": "four",
    "3": "three",
    "2": "two",
    "R": "rey",
    "C": "caballo",
    "S": "sota",
}


_SUIT_SYMBOLS = {"french": "♠♥♦♣"}


def card_words(pack: Pack, card: Card, *, quinola: Card | None = None) -> str:
    """A card in words, as a screen reader says it: ``jack of hearts (quinola)``."""
    letter = pack.name_of_rank(card_rank(card))
    words = f"{_RANK_WORDS[letter]} of {pack.suit_names[card_suit(card)]}"
    return f"{words} (quinola)" if card == quinola else words


def card_view(pack: Pack, card: Card, *, quinola: Card | None = None) -> dict[str, str]:
    """What the template draws of a card: its face (rank and suit symbol), its name in words, its suit."""
    letter = pack.name_of_rank(card_rank(card))
    rank = "10" if letter == "T" else letter
    suit = card_suit(card)
    symbols = _SUIT_SYMBOLS.get(pack.id)
    face = f"{rank}{symbols[suit]}" if symbols else pack.name(card)
    return {"face": face, "words": card_words(pack, card, quinola=quinola), "suit": pack.suit_names[suit]}


def drawing(env: jinja2.Environment, pack: Pack, quinola: Card | None) -> Callable[[Card], Markup]:
    """The HTML of each card of a page (the ``card`` macro of ``example_macros.md.j2`` on its
    :func:`card_view`), drawn once per card: a hand shows the same cards many times."""
    macro = env.get_template("example_macros.md.j2").module.card  # type: ignore[attr-defined]
    drawn: dict[Card, Markup] = {}

    def card(c: Card) -> Markup:
        if c not in drawn:
            drawn[c] = Markup(macro(card_view(pack, c, quinola=quinola)))
        return drawn[c]

    return card


def seated(card: Callable[[Card], Markup], cards: Sequence[tuple[int, Card]], separator: str) -> Markup:
    """Cards each after its seat (``seat 1 9♠, seat 2 J♥``), as the replay and the tricks show them."""
    return Markup(separator.join(f"seat {seat} {card(c)}" for seat, c in cards))
