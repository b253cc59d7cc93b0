"""The readable account (``reversis play`` without ``--json``): each line where it happens, citing its rule."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from reversis.apps.cli import main
from reversis.games.reversis.report import account

from .deals import play
from .test_encyclopedie_rules import DEAL_A, DEAL_B, DEAL_R


def _sections(text: str) -> dict[str, list[str]]:
    """The account's lines under each heading (Before the hand, Exchange, Trick N, Settlement)."""
    out: dict[str, list[str]] = {}
    current = "top"
    for line in text.splitlines():
        if not line.startswith("    "):
            current = line.split(":")[0]
        out.setdefault(current, []).append(line)
    return out


def test_the_direction_of_play_is_stated_once_at_the_top() -> None:
    hand, _ = play({**DEAL_A})
    text = account(hand)
    assert text.splitlines()[1] == "The dealer deals; play passes to his right, so the eldest hand leads first."
    assert text.count("to his right") == 1
    # the players are named by their place in the hand; the file's seats are said once, as the file writes them
    assert text.splitlines()[2] == (
        "In the scenario file: the dealer is seat: 0, the eldest hand seat: 1, the second hand seat: 2, "
        "the third hand seat: 3."
    )
    assert "seat 1" not in text and "Seat" not in text


def test_each_card_of_a_trick_shows_its_seat() -> None:
    hand, _ = play({**DEAL_A, "plays": ["AD", "2D", "AH", "AC"]})
    assert (
        "Trick 1: the eldest hand leads AD, the second hand 2D, the third hand AH, the dealer AC; "
        "the eldest hand takes it."
    ) in account(hand)


def test_the_quinolas_bete_is_shown_in_the_trick_where_it_arises() -> None:
    hand, _ = play({**DEAL_B, "plays": ["2H", "JH", "6H", "3H"]})
    trick_1 = _sections(account(hand))["Trick 1"]
    assert "    the second hand is forced to give the quinola on hearts (his only heart)" in trick_1
    assert any(
        "the second hand makes the bête: he owes the pool 8" in line
        and "[quinola.forced.bete; encyclopedie-1765:4]" in line
        for line in trick_1
    )


def test_a_bete_paid_at_settlement_is_told_in_the_settlement_with_its_paragraph() -> None:
    # A bête is owed from an earlier hand, the pool holds 10, and seat 2 throws the quinola en renonce:
    # the pool is won, and the bête owed refills it.
    hand, res = play({**DEAL_A, "pool": 10, "betes": [{"seat": 3, "amount": 6}], "plays": ["9S", "JH"]})
    assert [e["rule"] for e in res["ledger"]][-1] == "bete.pay"
    sections = _sections(account(hand))
    paid = "the third hand pays the pool 6: the bête paid  [bete.pay; encyclopedie-1765:9]"
    assert any(paid in line for line in sections["Settlement"])
    assert not any("bete.pay" in line for line in sections["Before the hand"])
    assert (
        "    the third hand owes a bête of 6 from an earlier hand  [bete.carried; encyclopedie-1765:9]"
        in (sections["Before the hand"])
    )


def test_settlement_is_a_table_of_tricks_and_points() -> None:
    hand, _ = play({**DEAL_A})
    lines = _sections(account(hand))["Settlement"]
    assert lines[1].split() == ["player", "tricks", "points"]
    # from the eldest round to the dealer (seat 0)
    for row, (seat, place) in enumerate([(1, "Eldest hand"), (2, "Second hand"), (3, "Third hand"), (0, "Dealer")]):
        assert lines[2 + row].split() == [*place.split(), str(hand.tricks_won[seat]), str(hand.points[seat])]


def test_a_talon_worth_nothing_is_said() -> None:
    hand, res = play({**DEAL_A, "plays": ["AD", "2D", "AH", "AC"]})  # the dealer discards the 5C
    assert res["talon_award"]["value"] == 0
    text = account(hand)
    assert "talon 2C 3C 4C 5C: worth nothing" in text
    assert "nothing to pay" in text


def test_the_talon_line_names_its_value_the_tie_break_and_the_payers_reading() -> None:
    exchange = {1: "pass", 2: "pass", 3: "pass", 0: {"discard": "QC"}}
    hand, res = play({**DEAL_A, "exchange": exchange, "plays": ["AD", "2D", "AH", "AC"]})
    award = res["talon_award"]
    text = account(hand)
    assert "worth 3 (QC 3)" in text
    places = ["the dealer", "the eldest hand", "the second hand", "the third hand"]  # seats 0 to 3
    assert f"talon to {places[award['to']]}: " in text
    assert award["decided_by"] in {"tricks", "points", "left-of-dealer"}
    words = {"tricks": "fewest tricks", "points": "fewest points", "left-of-dealer": "nearer the dealer's left"}
    assert words[award["decided_by"]] in text
    (payer,) = award["payers"]
    assert f"{places[payer]} pays it" in text or "c'est au premier à le payer" in text


def test_a_reversis_that_cancels_the_quinola_says_so() -> None:
    hand, res = play({**DEAL_R})
    assert res["reversis"] == {"by": 1, "made": True, "cut_by": None}
    said = (
        "the reversis of the eldest hand deprives the second hand's quinola of its rights  [reversis.cancels-quinola; "
    )
    assert said in account(hand)


@pytest.mark.parametrize(("count", "word"), [(1, "1 trick"), (2, "2 tricks")])
def test_plurals(count: int, word: str) -> None:
    from reversis.games.reversis.report import _plural

    assert _plural(count, "trick") == word


def test_the_command_marks_the_cards_the_bot_chose(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data: dict[str, Any] = {"ruleset": "encyclopedie-1765", **DEAL_A, "plays": ["AD", "2D"]}
    path = tmp_path / "two-plays.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    assert main(["play", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Cards marked * were chosen by the bot" in out
    # the scenario's two plays, unmarked
    assert "Trick 1: the eldest hand leads AD, the second hand 2D, the third hand " in out
    trick_1 = next(line for line in out.splitlines() if line.startswith("Trick 1:"))
    assert trick_1.count("*") == 2  # seats 3 and 0, played by the bot
    assert "the dealer discards 5C and takes nothing\n" in out  # the scenario's exchange, unmarked
