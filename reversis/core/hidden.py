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
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

from reversis.core.chance import draw, shuffle

__all__ = ["NoDeal", "deal_hidden"]

#: The tries of :func:`deal_hidden` before it gives up (a dead end is rare: the most constrained
#: cards are placed first).
TRIES = 200


class NoDeal(ValueError):
    """No deal of the hidden cards agrees with what the player knows (a contradiction in the hand)."""


def deal_hidden(
    cards: Sequence[int],
    sizes: Mapping[int, int],
    allowed: Callable[[int, int], bool],
    rng: random.Random,
    *,
    accept: Callable[[dict[int, list[int]]], bool] | None = None,
) -> dict[int, list[int]]:
    """The hidden ``cards`` dealt to the places of ``sizes`` (place: how many of them it holds), each
    card to a place that ``allowed(card, place)``, and, where given, a deal that ``accept`` takes
    (a condition on a whole hand, such as a declaration that needs some cards). Each place's cards
    are sorted. ``NoDeal`` if none is found in :data:`TRIES` tries."""
    if sum(sizes.values()) != len(cards):
        raise NoDeal(f"{len(cards)} hidden cards for {sum(sizes.values())} places")
    ordered = sorted(cards)
    places = sorted(sizes)
    options = {card: [place for place in places if allowed(card, place)] for card in ordered}
    for _ in range(TRIES):
        order = list(ordered)
        shuffle(rng, order)
        order.sort(key=lambda card: len(options[card]))  # the most constrained first (a stable sort)
        room = dict(sizes)
        dealt: dict[int, list[int]] = {place: [] for place in places}
        for card in order:
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
            if accept is None or accept(dealt):
                return dealt
    raise NoDeal(f"no deal of {len(cards)} hidden cards agrees with what the player knows")
