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

A game played by two sides (Romestecq) names them as the dictionary's article does: the dealer's
own side (*son côté*) and his opponents (*sa partie*), the other side.

>>> side(1, dealer_side=1), side_label(0, dealer_side=1)
("the dealer's side", 'The other side')

A sitting's dealer moves from hand to hand: there a player keeps the name of his place in the
first hand, so that a reader can follow him.

>>> [first_hand_label(seat, dealer=2, players=4) for seat in range(4)]
['Second hand', 'Third hand', 'Dealer', 'Eldest hand']

An engine's error names the player by his place, with his seat as the scenario file writes it:

>>> class Table:
...     dealer, players = 3, 4
>>> player(1, Table()), player_in_file(1, Table())
('the second hand', 'the second hand (seat: 1)')
>>> in_sentence("The forced quinola pays its forcer")
'the forced quinola pays its forcer'
"""

from __future__ import annotations

from typing import Protocol

__all__ = [
    "ROLES",
    "SIDES",
    "Table",
    "first_hand_label",
    "in_sentence",
    "player",
    "player_in_file",
    "role",
    "role_label",
    "side",
    "side_label",
]

#: the places in the hand, in the order of play from the dealer (index 0)
ROLES = ("dealer", "eldest hand", "second hand", "third hand", "fourth hand", "fifth hand")

#: the two sides of a game played by sides: the dealer's own, then his opponents'
SIDES = ("dealer's side", "other side")


def _place(seat: int, dealer: int, players: int) -> str:
    if not 0 <= seat < players or not 0 <= dealer < players or players > len(ROLES):
        raise ValueError(f"seat {seat} is not at a table of {players} players")
    return ROLES[(seat - dealer) % players]


def role(seat: int, *, dealer: int, players: int) -> str:
    """The player in a sentence: ``the dealer``, ``the eldest hand``, ``the second hand``…"""
    return f"the {_place(seat, dealer, players)}"


class Table(Protocol):
    """What names a player: a hand's dealer and its number of players."""

    @property
    def dealer(self) -> int: ...
    @property
    def players(self) -> int: ...


def player(seat: int, table: Table) -> str:
    """A player of a hand in a sentence: ``the eldest hand``."""
    return role(seat, dealer=table.dealer, players=table.players)


def player_in_file(seat: int, table: Table) -> str:
    """A player of a hand in an error message: ``the eldest hand (seat: 1)``, his seat as a scenario
    writes it (a seat that is not at the table is only that)."""
    if not 0 <= seat < table.players:
        return f"seat: {seat}"
    return f"{player(seat, table)} (seat: {seat})"


def role_label(seat: int, *, dealer: int, players: int) -> str:
    """The player as a heading or a label: ``Dealer``, ``Eldest hand``, ``Second hand``…"""
    return _place(seat, dealer, players).capitalize()


def first_hand_label(seat: int, *, dealer: int, players: int) -> str:
    """A player of a sitting, named by his place in its first hand (``dealer``: the first dealer)."""
    return role_label(seat, dealer=dealer, players=players)


def _side(which: int, dealer_side: int) -> str:
    if which not in (0, 1) or dealer_side not in (0, 1):
        raise ValueError(f"side {which} is not one of two sides")
    return SIDES[0] if which == dealer_side else SIDES[1]


def side(which: int, *, dealer_side: int) -> str:
    """A side in a sentence: ``the dealer's side`` or ``the other side``."""
    return f"the {_side(which, dealer_side)}"


def side_label(which: int, *, dealer_side: int) -> str:
    """A side as a heading or a label: ``The dealer's side``, ``The other side``."""
    return f"The {_side(which, dealer_side)}"


def in_sentence(name: str) -> str:
    """A rule's English name (``Ruleset.rule_name``) inside a sentence: its first letter small."""
    return name[:1].lower() + name[1:]
