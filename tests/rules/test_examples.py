"""Every worked example plays to the end, and its narrative's payments happen."""

from __future__ import annotations

from pathlib import Path

import pytest

from reversis.games.reversis.result import result
from reversis.games.reversis.scenario import load_scenario, run

EXAMPLES = sorted(Path(__file__).parents[2].joinpath("examples").glob("*/*.yaml"))

# The payments each example's narrative promises: (rule, payer, payee, amount).
PROMISED = {
    "quinola-placed": [("quinola.placed.trick", 3, 2, 2), ("quinola.placed.pool", "pool", 2, 8)],
    "quinola-forced": [
        ("quinola.forced.forcer", 2, 1, 4),
        ("quinola.forced.each", 0, 1, 1),
        ("quinola.forced.each", 3, 1, 1),
        ("pool.refresh", 0, "pool", 2),
    ],
    "reversis-made": [("reversis.pool", "pool", 1, 8), ("reversis.refund", 2, 1, 2)],
    "ace-forced": [("ace.forced", 2, 1, 1), ("ace.placed", 2, 0, 1)],
}


def test_every_promise_has_its_example() -> None:
    # The other examples name the rules they record in their folder's shows.json (examples/README.md), which
    # tests/site/test_site_examples.py plays and checks.
    assert set(PROMISED) <= {p.stem for p in EXAMPLES}


@pytest.mark.parametrize("path", [p for p in EXAMPLES if p.stem in PROMISED], ids=lambda p: p.stem)
def test_example_plays_and_pays_what_its_narrative_says(path: Path) -> None:
    res = result(run(load_scenario(path)))
    entries = {(e["rule"], e["payer"], e["payee"], e["amount"]) for e in res["ledger"]}
    for promise in PROMISED[path.stem]:
        assert promise in entries
