"""Pinned hand records: a seeded hand must be dealt and played the same on every machine and Python version.

If the engine's reading of a rule changes on purpose, regenerate them with
``reversis play`` on a scenario of just ``ruleset``, ``seed`` and ``bot``, and
``--record`` over the file, and review the diff.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from reversis.games.reversis.result import dump_record, record
from reversis.games.reversis.scenario import parse_scenario, run

GOLDEN = sorted(Path(__file__).parent.joinpath("golden").glob("*.yaml"))


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_seeded_hand_is_dealt_and_played_as_recorded(path: Path) -> None:
    pinned = yaml.safe_load(path.read_text(encoding="utf-8"))
    seeded = {"ruleset": pinned["ruleset"], "seed": pinned["seed"], "bot": pinned["bot"]}
    hand = run(parse_scenario(yaml.safe_dump(seeded), source=str(path)))
    assert dump_record(record(hand, bot=pinned["bot"], seed=pinned["seed"])) == path.read_text(encoding="utf-8")


def test_golden_records_exist() -> None:
    assert len(GOLDEN) >= 4
