"""A finished hand replayed card by card, so that a worked example shows each payment (or mark) at
the card that made it: :func:`replay` for a hand kept in chips (reversis), :func:`marks_replay`
for a game kept in marks by sides (Romestecq). The replay must pay (or mark) what the hand paid,
or no page is built from it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from reversis.core.cards import Card, card_suit
from reversis.core.errors import ScenarioError
from reversis.games.reversis.events import Dealt, Declared, Exchanged, OutOfTurn, Passed, Played, Revoked
from reversis.games.reversis.hand import Hand, Phase
from reversis.games.reversis.ledger import Entry

__all__ = ["MarkStep", "Step", "fresh", "marks_replay", "replay"]


@dataclass(frozen=True)
class Step:
    """One card played: who played it, in which trick, and what the play set off."""

    number: int
    seat: int
    card: Card
    trick: int
    how: str  # "played", "revoked" or "out-of-turn"
    table: tuple[tuple[int, Card], ...]  # the trick in progress after the card (seat, card)
    taken_by: int | None  # the taker when the card closes a trick
    payments: tuple[Entry, ...]
    settled: bool
    call: str | None = None  # no call is said in Reversis


def fresh(hand: Hand) -> Hand:
    dealt = next(e for e in hand.events if isinstance(e, Dealt))
    return Hand(
        hand.rules,
        dealer=hand.dealer,
        hands=[list(h) for h in dealt.hands],
        talon=list(dealt.talon),
        pool=hand.pool_before,
        betes=hand.betes_before,
    )


def replay(hand: Hand) -> tuple[list[Entry], list[Step]]:
    """The payments made before the first card, and one step per card played, from a finished hand.

    The hand is played again from its events; what it pays must be what the finished hand paid.
    """
    again = fresh(hand)
    before: list[Entry] = []
    steps: list[Step] = []
    made = 0  # the entries shown so far: a declaration's go with the next card
    for event in hand.events:
        if isinstance(event, Exchanged):
            again.exchange(event.discard, seat=event.seat)
        elif isinstance(event, Passed):
            again.exchange(None, seat=event.seat)
        elif isinstance(event, Declared):
            again.declare(event.seat, event.name)
        elif isinstance(event, Played | Revoked | OutOfTurn):
            trick_no, tricks = again.trick_no, len(again.tricks)
            if not steps:
                before = list(again.ledger.entries)
                made = len(before)
            again.play(event.card, seat=event.seat)
            how = "played" if isinstance(event, Played) else "revoked" if isinstance(event, Revoked) else "out-of-turn"
            closed = len(again.tricks) > tricks
            if closed:
                trick = again.tricks[-1]
                table = tuple(((trick.leader + i) % again.players, c) for i, c in enumerate(trick.cards))
            else:
                leader = again.trick_leader
                table = tuple(((leader + i) % again.players, c) for i, c in enumerate(again.current_trick))
            steps.append(
                Step(
                    number=len(steps) + 1,
                    seat=event.seat,
                    card=event.card,
                    trick=trick_no,
                    how=how,
                    table=table,
                    taken_by=again.tricks[-1].winner if closed else None,
                    payments=tuple(again.ledger.entries[made:]),
                    settled=again.phase is Phase.DONE,
                )
            )
            made = len(again.ledger.entries)
    if list(again.ledger.entries) != list(hand.ledger.entries):
        raise ScenarioError("the replay of the hand does not pay what the hand paid")
    return before, steps


@dataclass(frozen=True)
class MarkStep:
    """One card played in a game kept in marks: who played it (and the call he said), in which
    trick, and the marks it set off."""

    number: int
    seat: int
    card: Card
    call: str | None
    trick: int
    how: str  # "played", "revoked" or "out-of-turn"
    table: tuple[tuple[int, Card], ...]
    taken_by: int | None
    marks: tuple[Any, ...]
    settled: bool


def marks_replay(hand: Any, *, seed: int) -> tuple[list[Any], list[MarkStep], list[Any]]:
    """The marks made before the first card, one step per card played, and the marks of the
    claims after the last trick, from a finished hand of a game kept in marks.

    The hand is dealt again as it was (its deal, packets, faults and marks, and the scenario's
    seed for what the deal left to chance), its cards played with their calls and its claims made;
    what it marks must be what the finished hand marked."""
    again = type(hand)(
        hand.rules,
        dealer=hand.dealer,
        hands=[list(h) for h in hand.dealt],
        manner=hand.manner,
        dealt_before=hand.dealt_before,
        faults=hand.deal_faults,
        marks_before=tuple(hand.marks.before),
        rng=random.Random(seed),
    )
    before = list(again.marks.entries)
    steps: list[MarkStep] = []
    for pl in hand.played:
        made, tricks, trick_no = len(again.marks.entries), len(again.tricks), again.trick_no
        led = again.led_suit
        revoked = (
            not pl.out_of_turn
            and led is not None
            and card_suit(pl.card) != led
            and any(card_suit(c) == led for c in again.hands[pl.seat])
        )
        again.play(pl.card, seat=pl.seat, call=pl.call)
        closed = len(again.tricks) > tricks
        table = again.tricks[-1].cards if closed else tuple(again.current)
        steps.append(
            MarkStep(
                number=len(steps) + 1,
                seat=pl.seat,
                card=pl.card,
                call=pl.call,
                trick=trick_no,
                how="out-of-turn" if pl.out_of_turn else "revoked" if revoked else "played",
                table=tuple(table),
                taken_by=again.tricks[-1].winner if closed else None,
                marks=tuple(again.marks.entries[made:]),
                settled=again.phase.value != "tricks",
            )
        )
    made = len(again.marks.entries)
    for seat, name, marks in hand.claimed:
        again.claim(seat, name, marks)
    again.finish()
    after = list(again.marks.entries[made:])
    if list(again.marks.entries) != list(hand.marks.entries):
        raise ScenarioError("the replay of the hand does not mark what the hand marked")
    return before, steps, after
