"""The ``trick`` of a ledger entry, as docs/scenarios.md documents it, held for the ledger of every
worked example: in reversis, ``null`` for what is paid before the first card, the trick of the card
that orders the payment during the play, and the last trick for the settlement made as it is taken
(a refund carries the trick of the payment it gives back); in Romestecq, the trick in which the
marks are rubbed out (the trick in progress, for a fault that ends the hand), ``null`` before the
first card and after the last trick."""

from __future__ import annotations

from pathlib import Path

import pytest

from reversis import Hand, Phase
from reversis.games import game_of, play_file
from reversis.games.reversis.events import Dealt, Declared, Exchanged, OutOfTurn, Passed, Played, Revoked
from reversis.games.reversis.ledger import Entry

from .conftest import REPO

EXAMPLES = sorted((REPO / "examples").rglob("*.yaml"))
REVERSIS = [p for p in EXAMPLES if p.parent.name != "romestecq"]
ROMESTECQ = [p for p in EXAMPLES if p.parent.name == "romestecq"]


def _replayed(hand: Hand) -> list[tuple[Entry, str, int | None]]:
    """Every entry of the hand's ledger with when it was made: ``before`` the first card, by a ``card``
    of trick n (or by a declaration made before its first card), or by the card that ended the hand
    (``settlement``, with the number of tricks)."""
    dealt = next(e for e in hand.events if isinstance(e, Dealt))
    again = Hand(
        hand.rules,
        dealer=hand.dealer,
        hands=[list(h) for h in dealt.hands],
        talon=list(dealt.talon),
        pool=hand.pool_before,
        betes=hand.betes_before,
    )
    out: list[tuple[Entry, str, int | None]] = []
    made = None  # the entries accounted for; a declaration's go with the next card
    for event in hand.events:
        if isinstance(event, Exchanged):
            again.exchange(event.discard, seat=event.seat)
        elif isinstance(event, Passed):
            again.exchange(None, seat=event.seat)
        elif isinstance(event, Declared):
            again.declare(event.seat, event.name)
        elif isinstance(event, Played | Revoked | OutOfTurn):
            if made is None:
                out += [(entry, "before", None) for entry in again.ledger.entries]
                made = len(again.ledger.entries)
            trick = again.trick_no
            again.play(event.card, seat=event.seat)
            if again.phase is Phase.DONE:
                out += [(entry, "settlement", len(again.tricks)) for entry in again.ledger.entries[made:]]
            else:
                out += [(entry, "card", trick) for entry in again.ledger.entries[made:]]
            made = len(again.ledger.entries)
    assert [entry for entry, _, _ in out] == list(hand.ledger.entries)
    return out


def test_there_are_examples_of_both_games() -> None:
    assert len(REVERSIS) >= 40 and len(ROMESTECQ) >= 20


@pytest.mark.parametrize("path", REVERSIS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_a_reversis_ledger_entry_carries_the_documented_trick(path: Path) -> None:
    scenario, hand = play_file(path)
    replayed = _replayed(hand)
    for i, (entry, when, trick) in enumerate(replayed):
        if entry.rule == "reversis.refund":  # the trick of the payment it gives back
            assert any(
                (e.payer, e.payee, e.amount, e.trick) == (entry.payee, entry.payer, entry.amount, entry.trick)
                for e, _, _ in replayed[:i]
            ), entry
        else:
            assert entry.trick == trick, (when, entry)
    data = game_of(scenario.rules).result(hand)
    assert [e["trick"] for e in data["ledger"]] == [entry.trick for entry, _, _ in replayed]


@pytest.mark.parametrize("path", ROMESTECQ, ids=lambda p: p.stem)
def test_a_romestecq_ledger_entry_carries_the_documented_trick(path: Path) -> None:
    scenario, hand = play_file(path)
    data = game_of(scenario.rules).result(hand)
    played = len(data["tricks"])
    # what is rubbed out outside the tricks: a virlicque dealt, a fault of the deal, what is counted after
    # the last trick (a combination, a claim without its calls or false)
    outside = {c["rule"] for c in data["claims"]} | {f["penalty"] for f in data["faults"] if f["trick"] is None}
    during = {f["penalty"]: f["trick"] for f in data["faults"] if f["trick"] is not None}
    for entry in data["ledger"]:
        if entry["trick"] is None:
            assert entry["rule"] in outside | {"virlicque.wins"}, entry
        else:
            assert 1 <= entry["trick"] <= played + 1, entry  # + 1: a fault that ends the hand in a trick
            assert entry["rule"] not in outside, entry
            assert during.get(entry["rule"], entry["trick"]) == entry["trick"], entry
