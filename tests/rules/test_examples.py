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
    "rev-napolitana-quinola-forced-leader": [
        ("napolitana.quinola-forced", 2, "pool", 9),
        ("napolitana.quinola-forced", 2, 1, 4),
        ("napolitana.quinola-forced", 2, 3, 2),
        ("napolitana.quinola-forced", 2, 0, 2),
    ],
    "rev-napolitana-quinola-forced-taker": [
        ("napolitana.quinola-forced", 2, "pool", 9),
        ("napolitana.quinola-forced", 2, 3, 4),
        ("napolitana.quinola-forced", 2, 1, 2),
        ("napolitana.quinola-forced", 2, 0, 2),
    ],
    "rev-quinola-placed-taker-pays-three": [
        ("quinola.placed.trick", 3, 2, 2),
        ("quinola.placed.each", 3, 2, 1),
        ("quinola.placed.each", 1, 2, 1),
        ("quinola.placed.each", 0, 2, 1),
    ],
    "rev-quinola-placed-taker-pays-two": [
        ("quinola.placed.trick", 3, 2, 1),
        ("quinola.placed.each", 3, 2, 1),
        ("quinola.placed.each", 1, 2, 1),
        ("quinola.placed.each", 0, 2, 1),
    ],
    "rev-napolitana-renounce-fined": [("penalty.revoke", 2, "pool", 2), ("penalty.revoke.forfeit", 2, "pool", 9)],
}

# The rules whose payments a narrative says do not happen.
NOT_PAID = {"rev-napolitana-renounce-exempt": ["penalty.revoke", "penalty.revoke.forfeit"]}


def test_every_promise_has_its_example() -> None:
    # The other examples name the rules they record in their folder's shows.json (examples/README.md), which
    # tests/site/test_site_examples.py plays and checks.
    assert set(PROMISED) | set(NOT_PAID) <= {p.stem for p in EXAMPLES}


@pytest.mark.parametrize("path", [p for p in EXAMPLES if p.stem in PROMISED], ids=lambda p: p.stem)
def test_example_plays_and_pays_what_its_narrative_says(path: Path) -> None:
    res = result(run(load_scenario(path)))
    entries = {(e["rule"], e["payer"], e["payee"], e["amount"]) for e in res["ledger"]}
    for promise in PROMISED[path.stem]:
        assert promise in entries


@pytest.mark.parametrize("path", [p for p in EXAMPLES if p.stem in NOT_PAID], ids=lambda p: p.stem)
def test_example_does_not_pay_what_its_narrative_excludes(path: Path) -> None:
    res = result(run(load_scenario(path)))
    assert not [e for e in res["ledger"] if e["rule"] in NOT_PAID[path.stem]]
