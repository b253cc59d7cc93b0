"""The combinations of article 17, found in a hand of five, and what each is worth (articles 18-23).

A combination is a set of cards of one hand: ``virlicque`` (four of a rank), ``triche`` (three),
``double-ningre`` (two aces and two kings, or, with ``ningre_tens``, two aces or two kings with two
tens), ``village`` (two pairs of neighbouring ranks from the queen down; with ``village: named``
only queens-jacks and tens-nines), ``double-rome`` (two aces or two kings) and ``rome`` (a pair
below the kings). Each card belongs to one combination at most: with ``two_pairs: combined`` two
pairs that make a double ningre or a village count as that combination only; with ``separate``
each pair counts on its own. A triche below the kings, whose worth article 19 does not give, is read
by ``low_triche``: with 1 (the default) its cards make the Rome that two of them are (article 23),
with 0 it is a triche worth nothing, with 3 a triche worth three.

>>> from reversis.core.cards import FRENCH
>>> from reversis.core.ruleset import load_ruleset
>>> from reversis.games.romestecq.params import compile_params
>>> p = compile_params(load_ruleset("romestecq"))
>>> [(c.name, FRENCH.names(c.cards), c.worth) for c in find(p, [FRENCH.parse(x) for x in "AS AH KS KD 7C".split()])]
[('double-ningre', ['AS', 'AH', 'KS', 'KD'], 3)]
>>> [(c.name, FRENCH.names(c.cards), c.worth) for c in find(p, [FRENCH.parse(x) for x in "QS QH QD 9S 9C".split()])]
[('rome', ['QS', 'QH'], 1), ('rome', ['9S', '9C'], 1)]
>>> named = compile_params(load_ruleset("romestecq").with_options({"village": "named"}))
>>> [(c.name, c.worth) for c in find(named, [FRENCH.parse(x) for x in "QS QH JS JD 7C".split()])]
[('village', 2)]
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from reversis.core.cards import ACE, KING, QUEEN, TEN, Card, card_rank
from reversis.games.romestecq.params import Params

__all__ = ["CALLS", "NAMES", "Combination", "find", "first_call", "later_calls"]

#: The combinations, from the greatest.
NAMES = ("virlicque", "triche", "double-ningre", "village", "double-rome", "rome")
HONOURS = (ACE, KING)

#: The call said when the first card of a combination is thrown (articles 20, 22, 23; a village's
#: is the option ``village_call``, article 21 printing only "pièce"); a combination not here (the
#: triche, the virlicque) has no call in the text.
CALLS = {
    "double-ningre": "pièce de ningre",
    "double-rome": "pièce de Rome",
    "rome": "pièce de Rome",
}
#: The combinations whose later cards are each called "autre pièce" (articles 20, 21).
LATER = {"double-ningre", "village"}


class Combination(NamedTuple):
    """A combination held by a seat: its name, its cards and its worth in the hand, in marks."""

    name: str
    cards: tuple[Card, ...]
    worth: int
    rank: int  # the rank of a virlicque or triche (0 for the others)

    @property
    def rule(self) -> str:
        """The engine rule that scores it in the hand."""
        return f"{self.name}.hand" if self.name != "virlicque" else "virlicque.wins"


def _ningre(p: Params, low: int, high: int) -> bool:
    pairs = {low, high}
    return pairs == {ACE, KING} or (p.ningre_tens and TEN in pairs and pairs & {ACE, KING} != set())


def _village(p: Params, low: int, high: int) -> bool:
    if p.village == "named":
        return (high, low) in ((QUEEN, QUEEN - 1), (TEN, TEN - 1))
    return high <= QUEEN and high - low == 1


def _pair(cards: tuple[Card, ...]) -> Combination:
    rank = card_rank(cards[0])
    return Combination("double-rome", cards, 2, 0) if rank in HONOURS else Combination("rome", cards, 1, 0)


def find(p: Params, hand: Iterable[Card]) -> list[Combination]:
    """The combinations of a hand, from the greatest."""
    by_rank: dict[int, list[Card]] = {}
    for card in sorted(hand, key=lambda c: (-card_rank(c), c)):
        by_rank.setdefault(card_rank(card), []).append(card)
    out: list[Combination] = []
    pairs: list[tuple[Card, ...]] = []
    for rank, cards in by_rank.items():
        if len(cards) >= 4:
            out.append(Combination("virlicque", tuple(cards), 0, rank))
        elif len(cards) == 3 and rank not in HONOURS and p.low_triche == 1:
            pairs.append(tuple(cards[:2]))  # the Rome two of its cards make; the third is a plain card
        elif len(cards) == 3:
            out.append(Combination("triche", tuple(cards), 3 if rank in HONOURS else p.low_triche, rank))
        elif len(cards) == 2:
            pairs.append(tuple(cards))
    if len(pairs) == 2 and p.two_pairs == "combined":
        high, low = card_rank(pairs[0][0]), card_rank(pairs[1][0])
        both = (*pairs[0], *pairs[1])
        if _ningre(p, low, high):
            return [*out, Combination("double-ningre", both, 3, 0)]
        if _village(p, low, high):
            return [*out, Combination("village", both, 2, 0)]
    return out + [_pair(pair) for pair in pairs]


def first_call(p: Params, name: str) -> str | None:
    """The call the first card of a combination needs (None: no call)."""
    return p.village_call if name == "village" else CALLS.get(name)


def later_calls(name: str) -> str | None:
    """The call each later card needs ("autre pièce"), or None where the text asks none."""
    return "autre pièce" if name in LATER else None
