"""The cards one player cannot see, dealt again at random where they may lie: the resampling of a hand
in progress that every game's :meth:`reversis.core.moves.State.resample` makes.

A game says which cards are hidden from the player, the places they may lie in (the other players'
hands, the unseen cards of a talon, …) with how many hidden cards each place holds, and for each
card the places it cannot be in (a seat that showed itself void in the card's suit, …).
:func:`deal_hidden` deals them: the cards are taken in their own order, shuffled by the generator
alone, so that the deal depends on what the player knows and on the generator, never on where the
cards really are.

>>> places = deal_hidden([1, 2, 3, 4], {0: 2, 1: 2}, lambda card, place: not (card == 1 and place == 0),
...                      random.Random(3))
>>> sorted(len(v) for v in places.values()), 1 in places[1]
([2, 2], True)

A place may also be known to hold at least so many of some cards (a player who declared what needs
them): :class:`AtLeast`. How many of them it is dealt is drawn first, each number as likely as a
deal at random would make it, then which; the other cards are dealt around them, so that no deal
is drawn only to be thrown away.

>>> needs = AtLeast(place=0, cards=frozenset({1, 2, 3}), count=2)
>>> all(len({1, 2, 3} & set(deal_hidden(list(range(1, 13)), {0: 4, 1: 8}, lambda c, p: True, random.Random(k),
...                                      at_least=needs)[0])) >= 2 for k in range(50))
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from math import comb

from reversis.core.chance import draw, shuffle

__all__ = ["AtLeast", "NoDeal", "deal_hidden"]

#: The tries of :func:`deal_hidden` before it gives up (a dead end is rare: the most constrained
#: cards are placed first).
TRIES = 200


class NoDeal(ValueError):
    """No deal of the hidden cards agrees with what the player knows (a contradiction in the hand)."""


@dataclass(frozen=True)
class AtLeast:
    """A place known to hold at least ``count`` of the hidden ``cards``."""

    place: int
    cards: frozenset[int]
    count: int


def deal_hidden(
    cards: Sequence[int],
    sizes: Mapping[int, int],
    allowed: Callable[[int, int], bool],
    rng: random.Random,
    *,
    at_least: AtLeast | None = None,
) -> dict[int, list[int]]:
    """The hidden ``cards`` dealt to the places of ``sizes`` (place: how many of them it holds), each
    card to a place that ``allowed(card, place)``, and, where given, ``at_least`` of some cards to a
    place. Each place's cards are sorted. ``NoDeal`` if none is found in :data:`TRIES` tries."""
    if sum(sizes.values()) != len(cards):
        raise NoDeal(f"{len(cards)} hidden cards for {sum(sizes.values())} places")
    ordered = sorted(cards)
    places = sorted(sizes)
    options = {card: [place for place in places if allowed(card, place)] for card in ordered}
    for _ in range(TRIES):
        room = dict(sizes)
        dealt: dict[int, list[int]] = {place: [] for place in places}
        order = list(ordered)
        if at_least is not None:
            given = _given(at_least, options, sizes[at_least.place], rng)
            dealt[at_least.place] += given
            room[at_least.place] -= len(given)
            order = [card for card in order if card not in given]
        shuffle(rng, order)
        order.sort(key=lambda card: len(options[card]))  # the most constrained first (a stable sort)
        for card in order:
            if at_least is not None and card in at_least.cards and at_least.place in options[card]:
                free = [place for place in options[card] if room[place] > 0 and place != at_least.place]
            else:
                free = [place for place in options[card] if room[place] > 0]
            if not free:
                break
            # a place drawn in proportion to its room left, as a deal card by card would fill it
            pick = draw(rng, sum(room[place] for place in free))
            for place in free:
                pick -= room[place]
                if pick < 0:
                    break
            room[place] -= 1
            dealt[place].append(card)
        else:
            for held in dealt.values():
                held.sort()
            return dealt
    raise NoDeal(f"no deal of {len(cards)} hidden cards agrees with what the player knows")


def _given(at_least: AtLeast, options: Mapping[int, list[int]], size: int, rng: random.Random) -> list[int]:
    """The cards of ``at_least`` dealt to its place: how many drawn as a deal at random, of the hands
    that hold enough, would give them (the hypergeometric odds), then which; the others of those cards
    go elsewhere. ``NoDeal`` if the place cannot hold enough of them."""
    place = at_least.place
    wanted = [card for card in sorted(at_least.cards) if card in options and place in options[card]]
    others = sum(1 for card, where in options.items() if place in where) - len(wanted)
    counts = range(max(at_least.count, size - others, 0), min(len(wanted), size) + 1)
    odds = [comb(len(wanted), k) * comb(others, size - k) for k in counts]
    if not odds or not sum(odds):
        raise NoDeal(f"no deal gives {at_least.count} of those cards to the place that must hold them")
    pick, k = draw(rng, sum(odds)), 0
    while pick >= odds[k]:  # the count whose odds the draw falls in
        pick -= odds[k]
        k += 1
    shuffle(rng, wanted)
    return wanted[: counts[k]]
