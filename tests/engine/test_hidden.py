"""The dealing of the hidden cards (:mod:`reversis.core.hidden`): a place that must hold at least so
many of some cards is dealt each of the hands that do as often as a deal at random would give it."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from reversis.core.hidden import AtLeast, NoDeal, deal_hidden


def test_a_place_held_to_some_cards_gets_each_hand_that_holds_them_equally_often() -> None:
    cards, needs = list(range(1, 7)), AtLeast(place=0, cards=frozenset({1, 2, 3}), count=1)
    hands = [h for h in itertools.combinations(cards, 2) if set(h) & needs.cards]
    assert len(hands) == 12  # of the 15 hands of two, those with one of the three cards at least
    seen = Counter(tuple(deal_hidden(cards, {0: 2, 1: 4}, lambda c, p: True, random.Random(k), at_least=needs)[0])
                   for k in range(3600))  # fmt: skip
    assert set(seen) == set(hands)
    assert all(abs(n - 300) < 75 for n in seen.values()), seen  # 300 each, give or take 4.5 standard deviations


def test_a_place_held_to_more_of_the_cards_than_it_may_hold_is_no_deal() -> None:
    needs = AtLeast(place=0, cards=frozenset({1, 2, 3}), count=2)
    with pytest.raises(NoDeal):  # two of them, and one of the two it may not hold
        deal_hidden(
            [1, 2, 3, 4], {0: 2, 1: 2}, lambda c, p: not (p == 0 and c in (1, 2)), random.Random(0), at_least=needs
        )
