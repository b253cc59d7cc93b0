"""Every worked example of Romestecq (examples/romestecq/*.yaml) plays, records the marks its
narrative promises, and replays from its record."""

from __future__ import annotations

from pathlib import Path

import pytest

from reversis.games import load_any, parse_any
from reversis.games.romestecq.result import dump_record, record, result
from reversis.games.romestecq.scenario import run

EXAMPLES = sorted(Path(__file__).parents[2].joinpath("examples", "romestecq").glob("*.yaml"))
# What each narrative promises: (rule, side, marks) entries of the ledger, and the game's end.
PROMISED = {
    "gruger": ([("gruger", 0, 1), ("honours.ace-king", 0, 1), ("stecq", 0, 1)], None),
    "king-thrown-by-choice-kept": ([("honours.ace-king", 1, 1)], None),
    "king-thrown-by-choice-gruged": ([("gruger", 0, 1)], None),
    "triche-of-queens-rome": ([("rome.hand", 0, 1)], None),
    "village-called-piece": ([("village.hand", 0, 2)], None),
    "village-called-piece-uncalled": ([("penalty.calls", 1, 14)], (1, "penalty.calls")),
    "rome-uncalled-worthless": ([("stecq", 1, 1)], None),
    "rome-uncalled-loses": ([("penalty.calls", 1, 14)], (1, "penalty.calls")),
    "double-rome-uncalled-worthless": ([("honours.ace-king", 0, 1)], None),
    "double-rome-uncalled-loses": ([("penalty.calls", 1, 15)], (1, "penalty.calls")),
    "two-virlicques": ([("virlicque.wins", 1, 3)], (1, "virlicque.wins")),
    "triche-of-aces": ([("triche.hand", 0, 3)], None),
    "double-ningre-gruged": ([("double-ningre.hand", 0, 3), ("gruger", 1, 1)], None),
    "revoke": ([("penalty.revoke", 0, 21)], (0, "penalty.revoke")),
    "out-of-turn": ([("penalty.out-of-turn", 1, -3)], None),
    "virlicque": ([("virlicque.wins", 0, 21)], (0, "virlicque.wins")),
    "triche-of-queens-nothing": ([("stecq", 1, 1)], None),
    "triche-of-queens-three": ([("triche.hand", 0, 3)], None),
    "double-ningre-gruged-nothing": ([("stecq", 1, 1)], None),
    "aces-and-tens-ningre": ([("double-ningre.hand", 0, 3)], None),
    "aces-and-tens-romes": ([("double-rome.hand", 0, 2), ("rome.hand", 0, 1)], None),
    "aces-and-kings-ningre": ([("double-ningre.hand", 0, 3), ("gruger", 0, 1)], None),
    "aces-and-kings-two-double-romes": ([("double-rome.hand", 0, 2)], None),
    "village-of-eights-and-sevens": ([("village.hand", 0, 2)], None),
    "eights-and-sevens-two-romes": ([("rome.hand", 0, 1)], None),
    "lone-ace-no-mark": ([("rome.hand", 1, 1), ("stecq", 0, 1)], None),
    "faced-card-chalked": ([("penalty.faced", 0, -3)], None),
    "faced-card-rubbed": ([("penalty.faced", 1, 3)], None),
    "false-rome-loses": ([("penalty.false-claim", 1, 21)], (1, "penalty.false-claim")),
    "false-double-rome-loses": ([("penalty.false-claim", 1, 21)], (1, "penalty.false-claim")),
    "false-double-rome-overcount": ([("penalty.overcount", 1, 21)], (1, "penalty.overcount")),
    "sides-together": ([("rome.hand", 0, 1), ("honours.ace-king", 1, 1)], None),
    "sides-alternate": ([("rome.hand", 1, 1), ("gruger", 0, 1)], None),
    "six-players-thirty-five": ([("virlicque.wins", 0, 35)], (0, "virlicque.wins")),
    "six-players-thirty-six": ([("virlicque.wins", 0, 36)], (0, "virlicque.wins")),
}


def test_every_example_has_its_promise() -> None:
    assert {p.stem for p in EXAMPLES} == set(PROMISED)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_example_plays_what_its_narrative_says_and_replays(path: Path) -> None:
    hand = run(load_any(path))
    entries = {(e.rule, e.side, e.marks) for e in hand.marks.entries}
    promised, end = PROMISED[path.stem]
    assert set(promised) <= entries
    assert (None if hand.winner is None else (hand.winner, hand.won_by)) == end
    again = run(parse_any(dump_record(record(hand, bot="cautious", seed=1)), source="<record>"))
    assert result(again) == result(hand)
