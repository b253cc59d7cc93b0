"""The committed measurements of ``make readings`` (``readings/``): complete, not stale against the
rulesets, and consistent with a fresh measurement of every option over other hands."""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import pytest

from reversis.apps.measure import Z, measure, summary
from reversis.apps.readings import BOTS, STRONG, fingerprint, flow, load_results, plan, readings_of
from reversis.core.ruleset import load_ruleset, ruleset_ids

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = ROOT / "scripts"
if str(SCRIPTS) not in sys.path:
    sys.path.append(str(SCRIPTS))

RESULTS = load_results(ROOT / "readings")  # the repository's, also where the tests run an installed package
CASES = [(ruleset, bot) for ruleset in ruleset_ids() for bot in BOTS]
#: hands of the fresh measurement, from a seed far from the committed one's hands
FRESH_HANDS = 80
FRESH_SEED = 10**9
#: how many standard errors two estimates of one difference may lie apart: every seat of every
#: reading of every option is checked, so the level is set for a thousand checks, not for one
TOLERANCE = 4.5


@pytest.mark.parametrize(("ruleset", "bot"), CASES)
def test_every_ruleset_is_measured_with_every_bot(ruleset: str, bot: str) -> None:
    assert (ruleset, bot) in RESULTS, f"readings/{bot}/{ruleset}.json is missing: run make readings"


@pytest.mark.parametrize(("ruleset", "bot"), CASES)
def test_the_measurements_are_not_stale(ruleset: str, bot: str) -> None:
    data = RESULTS[ruleset, bot]
    rules = load_ruleset(ruleset)
    assert data["fingerprint"] == fingerprint(rules), f"{ruleset}: the options changed since: run make readings"
    planned, left_out = plan(ruleset)
    made = [(c["option"], c["values_yaml"], c["base"]) for c in data["comparisons"]]
    assert made == [(c.option, [flow(v) for v in c.values], c.base) for c in planned]
    assert data["left_out"] == left_out
    for entry in data["comparisons"]:
        assert entry["hands"] == data["hands"] and entry["bot"] == bot and entry["seed"] == data["seed"]
        assert f"--hands {data['hands']} --seed {data['seed']} --bot {bot}" in entry["command"]


def test_an_option_with_several_readings_is_planned() -> None:
    options = {c.option for c in plan("encyclopedie-1765")[0]}
    assert {"quinola_forced_each", "talon_payer", "talon", "players", "keep_tens"} <= options
    assert "deal_packet" not in options  # a number with no other reading documented
    assert readings_of(load_ruleset("romestecq"), "low_triche") == ((1, 0, 3), {})


def _far(old: dict, new: dict, hands: int) -> bool:
    """Whether two estimates of one mean lie too far apart. The fresh one's standard error is at
    least what the committed standard deviation gives over its few hands: a rare change may not
    happen in them at all, which would make its own estimate of the spread zero."""
    se_old = (old["interval"][1] - old["interval"][0]) / (2 * Z)
    se_new = max((new["interval"][1] - new["interval"][0]) / (2 * Z), se_old * math.sqrt(hands / FRESH_HANDS))
    return abs(old["mean"] - new["mean"]) > TOLERANCE * math.sqrt(se_old**2 + se_new**2) + 1e-9


@pytest.mark.parametrize(("ruleset", "bot"), CASES)
def test_the_measurements_agree_with_a_fresh_one_within_their_intervals(ruleset: str, bot: str) -> None:
    data = RESULTS[ruleset, bot]
    planned, _ = plan(ruleset)
    fresh = measure(planned, hands=FRESH_HANDS, seed=FRESH_SEED, bot=bot)
    far = []
    for comparison, tally, committed in zip(planned, fresh, data["comparisons"], strict=True):
        now = summary(comparison, tally)
        for value, old, new in zip(committed["values_yaml"], committed["readings"], now["readings"], strict=True):
            pairs = list(zip(old["seats"], new["seats"], strict=True))
            pairs += list(zip(old.get("difference", ()), new.get("difference", ()), strict=True))
            for a, b in pairs:
                if _far(a, b, data["hands"]):
                    far.append(f"{comparison.option}={value} {a['label']}: {a['mean']} against {b['mean']}")
            if "differs" in old:
                a, b = old["differs"], new["differs"]
                p = (a["share"] * data["hands"] + b["share"] * FRESH_HANDS) / (data["hands"] + FRESH_HANDS)
                se = math.sqrt(max(p * (1 - p), 1e-12) * (1 / data["hands"] + 1 / FRESH_HANDS))
                if abs(a["share"] - b["share"]) > TOLERANCE * se + 1e-9:
                    far.append(f"{comparison.option}={value}: {a['share']} of hands differ against {b['share']}")
    assert not far, f"{ruleset}, bot {bot}: " + "; ".join(far)


def test_make_readings_writes_each_ruleset_with_what_made_it(tmp_path: Path) -> None:
    from measure_readings import main

    argv = ["--hands", "4", "--ruleset", "romestecq", "--bot", "random", "--jobs", "1", "--out", str(tmp_path)]
    assert main(argv) == 0
    data = json.loads((tmp_path / "random" / "romestecq.json").read_text(encoding="utf-8"))
    assert (data["ruleset"], data["bot"], data["hands"], data["seed"]) == ("romestecq", "random", 4, 0)
    assert data["engine"].startswith("reversis ") and data["fingerprint"] == fingerprint(load_ruleset("romestecq"))
    assert [c["option"] for c in data["comparisons"]] == [c.option for c in plan("romestecq")[0]]
    assert all(c["command"].endswith("--hands 4 --seed 0 --bot random --json") for c in data["comparisons"])
    assert not (tmp_path / "cautious").exists()


STRONG_RESULTS = {ruleset: data for (ruleset, bot), data in RESULTS.items() if bot == STRONG}


def test_the_strong_measurements_are_not_stale() -> None:
    """The strong player's measurements (fewer options, fewer hands) are of the options as they are now."""
    assert STRONG_RESULTS, "readings/strong/ is empty: run make readings BOT=strong"
    for ruleset, data in STRONG_RESULTS.items():
        assert data["bot"] == STRONG and data["fingerprint"] == fingerprint(load_ruleset(ruleset)), ruleset
        planned = {c.option: c for c in plan(ruleset)[0]}
        for entry in data["comparisons"]:
            comparison = planned[entry["option"]]
            assert (entry["values_yaml"], entry["base"]) == ([flow(v) for v in comparison.values], comparison.base)
            assert entry["hands"] == data["hands"] and f"--bot strong --budget {entry['budget']}" in entry["command"]
