"""The page "How the players play": its strength table is made from the matches' results, deal by
deal, and says where a ruleset is not measured yet; the committed results are what it reads."""

from __future__ import annotations

import json

from reversis_site.players_page import RESULTS, strength_rows

from reversis.apps.strength import summary
from reversis.apps.strong import DEFAULT_BUDGET
from reversis.core.ruleset import load_ruleset

RULES = load_ruleset("encyclopedie-1765")


def _match(against: str, deals: dict[str, list[float]]) -> dict[str, object]:
    return {"ruleset": RULES.id, "against": against, "budget": DEFAULT_BUDGET, "seed": 0, "deals": deals}


def test_a_match_gives_its_deals_means_and_the_paired_difference_with_its_interval() -> None:
    s = summary(_match("cautious", {"0": [3.0, 0.0], "1": [1.0, 0.0], "2": [2.0, 1.0]}))
    assert s["deals"] == 3 and s["hero"]["mean"] == 2.0 and s["difference"]["mean"] == 1.6667
    low, high = s["difference"]["interval"]
    assert low < 1.6667 < high and s["verdict"] == ("better" if low > 0 else "not distinguishable")


def test_each_kind_of_match_has_its_row_and_a_missing_one_says_so() -> None:
    data = {"matches": [_match("random", {"0": [2.0, 0.0], "1": [4.0, 0.0]})], "speed": []}
    [row] = strength_rows(data, [RULES])
    assert row["unit"] == "chips"
    cells = {label: cell for label, cell in zip(("cautious", "random", "openspiel"), row["cells"], strict=False)}
    assert cells["cautious"] is None and cells["random"]["deals"] == 2 and cells["random"]["hero"]["mean"] == 3.0


def test_the_committed_results_are_matches_of_the_shipped_rulesets() -> None:
    data = json.loads(RESULTS.read_text(encoding="utf-8"))
    assert data["matches"], "strength/strength.json holds no match"
    for match in data["matches"]:
        assert load_ruleset(match["ruleset"]).id == match["ruleset"]
        assert match["against"] in ("cautious", "random", "openspiel")
        assert all(len(pair) == 2 for pair in match["deals"].values())
