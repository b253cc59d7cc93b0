"""A finished hand as a worked example's page tells it, read from the one description of a finished
hand that its game gives (:meth:`reversis.core.game.Game.describe`), whatever the game: what was
paid or marked before the first card and the moves made then (the exchange), each card played with
what it set off (the trick taken, each payment or mark, at the card that made it), the tricks, and
what was told after the last card (the combinations counted and their marks). The page draws it
(:mod:`reversis_site.examples`); nothing here plays the hand again.

A move made between two cards (a declaration) is told with the next card, with what it set off:

>>> from reversis.games import game_of, play_file
>>> scenario, hand = play_file("examples/revesino/rev-revesino-cut.yaml")
>>> hand_told = told(game_of(scenario.rules).describe(hand))
>>> step = hand_told.steps[36]
>>> step.trick, [h.name for h in step.moves], [h.rule for h in step.said]
(10, ['revesino'], ['revesino.returns'])
>>> len(hand_told.tricks), hand_told.tricks[0].winner is not None, len(hand_told.after)
(11, True, 0)
"""

from __future__ import annotations

from dataclasses import dataclass

from reversis.core.cards import Card
from reversis.core.game import Description
from reversis.core.moves import Happened

__all__ = ["CardStep", "Told", "TrickTold", "told"]

#: What a hand records with its rule and its amount: a payment between players and the pool, or
#: marks rubbed out or chalked back on by a side.
ENTRIES = ("payment", "marks")
#: The moves a player makes other than a card (each told with the next card, or after the last).
MOVES = ("exchange", "pass", "declare", "claim")
#: A card on the table: played in turn, or played before its turn (and taken back).
CARDS = ("play", "out-of-turn")


@dataclass(frozen=True)
class CardStep:
    """One card played: who played it (and the call he said with it), in which trick, how (played,
    revoked or out of turn), the trick on the table after it, its taker when it closed the trick, the
    moves made since the card before it, and the payments or marks it (and those moves) set off."""

    number: int
    seat: int
    card: Card
    call: str | None
    trick: int
    how: str  # "played", "revoked" or "out-of-turn"
    table: tuple[tuple[int, Card], ...]
    taken_by: int | None
    settled: bool
    moves: tuple[Happened, ...]
    said: tuple[Happened, ...]


@dataclass(frozen=True)
class TrickTold:
    """A trick: its number, its leader, its cards from the leader (each with its seat and the call
    said with it), and its taker (None: the hand ended before the trick was finished)."""

    number: int
    leader: int
    cards: tuple[tuple[int, Card, str | None], ...]
    winner: int | None


@dataclass(frozen=True)
class Told:
    """A finished hand as a page tells it (the module's docstring); ``entries``: every payment or
    mark in the order the hand made them."""

    before: tuple[Happened, ...]
    opening: tuple[Happened, ...]
    steps: tuple[CardStep, ...]
    after: tuple[Happened, ...]
    tricks: tuple[TrickTold, ...]
    entries: tuple[Happened, ...]


def _groups(description: Description) -> tuple[list[Happened], list[list[Happened]], list[Happened]]:
    """What happened before the first card (the payments or marks, the exchange), then each card
    with the declarations made before it and what they set off, the card, and what the card set off;
    then what happened from the first move after the last card, or the first payment or mark of no
    trick (the claims and their marks)."""
    before: list[Happened] = []
    cards: list[list[Happened]] = []
    pending: list[Happened] = []  # a move made after a card's news, and what it set off
    for step in description.steps:
        h = step.happened
        if h.kind in CARDS:
            cards.append([*pending, h])
            pending = []
        elif h.kind == "declare" or pending or (cards and (h.kind in MOVES or _untimed(h))):
            pending.append(h)
        elif not cards:
            before.append(h)
        else:
            cards[-1].append(h)
    return before, cards, pending


def _untimed(h: Happened) -> bool:
    """A payment or mark of no trick: made before the cards (the stakes, a fault of the deal) or
    after them (a combination counted, a false claim's penalty), never at a card."""
    return h.kind in ENTRIES and h.trick is None


def told(description: Description) -> Told:
    """A finished hand's :class:`Told`, from its game's description."""
    before, cards, after = _groups(description)
    steps: list[CardStep] = []
    tricks: list[TrickTold] = []
    table: list[tuple[int, Card, str | None]] = []
    for number, group in enumerate(cards, 1):
        at = next(i for i, h in enumerate(group) if h.kind in CARDS)
        card, said = group[at], group[at + 1 :]
        assert card.seat is not None and card.card is not None and card.trick is not None
        call = card.name if card.name not in ("", "revoke") else None
        how = "out-of-turn" if card.kind == "out-of-turn" else "revoked" if card.name == "revoke" else "played"
        if how != "out-of-turn":
            table.append((card.seat, card.card, call))
        taken = next((h for h in said if h.kind == "trick"), None)
        steps.append(
            CardStep(
                number=number,
                seat=card.seat,
                card=card.card,
                call=call,
                trick=card.trick,
                how=how,
                table=tuple((seat, c) for seat, c, _ in table),
                taken_by=None if taken is None else taken.seat,
                settled=number == len(cards),
                moves=tuple(h for h in group[:at] if h.kind in MOVES),
                said=tuple(h for h in [*group[:at], *said] if h.kind in ENTRIES),
            )
        )
        if (taken is not None or number == len(cards)) and table:
            tricks.append(TrickTold(card.trick, table[0][0], tuple(table), None if taken is None else taken.seat))
            table = []
    entries = tuple(s.happened for s in description.steps if s.happened.kind in ENTRIES)
    return Told(
        before=tuple(h for h in before if h.kind in ENTRIES),
        opening=tuple(h for h in before if h.kind in MOVES),
        steps=tuple(steps),
        after=tuple(h for h in after if h.kind in ENTRIES),
        tricks=tuple(tricks),
        entries=entries,
    )
