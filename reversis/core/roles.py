"""Players named as the rule books name them: by their place in the hand, counted from the dealer.

The engine numbers the seats from 0 (a scenario file's ``seat: 0``); a reader never meets those
numbers. Play passes to the dealer's right, so the seat after the dealer plays first: the eldest
hand (*premier en cartes*, *mano*), then second hand, third hand, and fourth hand at five.

>>> [role(seat, dealer=0, players=4) for seat in range(4)]
['the dealer', 'the eldest hand', 'the second hand', 'the third hand']
>>> role(0, dealer=3, players=5), role_label(2, dealer=3, players=5)
('the second hand', 'Fourth hand')
>>> role(4, dealer=0, players=4)
Traceback (most recent call last):
...
ValueError: seat 4 is not at a table of 4 players
"""

from __future__ import annotations

__all__ = ["ROLES", "role", "role_label"]

#: the places in the hand, in the order of play from the dealer (index 0)
ROLES = ("dealer", "eldest hand", "second hand", "third hand", "fourth hand", "fifth hand")


def _place(seat: int, dealer: int, players: int) -> str:
    if not 0 <= seat < players or not 0 <= dealer < players or players > len(ROLES):
        raise ValueError(f"seat {seat} is not at a table of {players} players")
    return ROLES[(seat - dealer) % players]


def role(seat: int, *, dealer: int, players: int) -> str:
    """The player in a sentence: ``the dealer``, ``the eldest hand``, ``the second hand``…"""
    return f"the {_place(seat, dealer, players)}"


def role_label(seat: int, *, dealer: int, players: int) -> str:
    """The player as a heading or a label: ``Dealer``, ``Eldest hand``, ``Second hand``…"""
    return _place(seat, dealer, players).capitalize()
