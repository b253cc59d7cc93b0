"""Simulation: the totals do not depend on the number of processes, and the counts are consistent."""

from __future__ import annotations

import pytest

from reversis import RulesetError
from reversis.apps.simulate import simulate
from reversis.games.reversis.simulate import Stats

from .conftest import RULESET


@pytest.mark.parametrize("bot", ["random", "cautious"])
def test_one_job_and_two_jobs_give_the_same_stats(bot: str) -> None:
    one = simulate(ruleset=RULESET, hands=40, jobs=1, bot=bot, seed=5)
    two = simulate(ruleset=RULESET, hands=40, jobs=2, bot=bot, seed=5)
    assert one == two


@pytest.mark.parametrize("bot", ["random", "cautious"])
def test_counts_are_consistent(bot: str) -> None:
    stats = simulate(ruleset=RULESET, hands=40, jobs=1, bot=bot, seed=9)
    assert stats.hands == 40
    assert 0 <= stats.reversis_made <= stats.reversis_attempted <= stats.hands
    # every hand's quinola is played (placed, forced, given or led) or lies in the talon
    assert sum(stats.quinola.values()) == stats.hands
    assert set(stats.quinola) <= {"placed", "forced", "given", "led", "talon"}
    assert len(stats.balance_totals) == 4


def test_the_same_seed_gives_the_same_stats_and_another_seed_others() -> None:
    first = simulate(ruleset=RULESET, hands=20, jobs=1, bot="random", seed=1)
    assert simulate(ruleset=RULESET, hands=20, jobs=1, bot="random", seed=1) == first
    assert simulate(ruleset=RULESET, hands=20, jobs=1, bot="random", seed=2) != first


def test_progress_is_called_with_every_hand_once() -> None:
    seen: list[int] = []
    simulate(ruleset=RULESET, hands=17, jobs=1, bot="random", seed=0, progress=seen.append)
    assert sum(seen) == 17


def test_stats_add_sums_every_count() -> None:
    total = Stats()
    total.add(Stats(hands=2, quinola={"placed": 1, "given": 1}, reversis_attempted=1, balance_totals=[1, -1, 0, 0]))
    total.add(Stats(hands=3, quinola={"forced": 2, "given": 1}, reversis_made=1, balance_totals=[0, 2, -2, 0]))
    assert total == Stats(
        hands=5,
        quinola={"placed": 1, "forced": 2, "given": 2},
        reversis_attempted=1,
        reversis_made=1,
        balance_totals=[1, 1, -2, 0],
    )
    assert total.lines()[0] == "hands played:        5"


def test_a_quinola_given_by_choice_is_counted_apart_from_a_forced_one() -> None:
    stats = simulate(ruleset=RULESET, hands=300, jobs=1, bot="random", seed=3)
    assert stats.quinola.get("forced", 0) > 0 and stats.quinola.get("given", 0) > 0
    lines = "\n".join(stats.lines())
    assert f"quinola forced:      {stats.quinola['forced']} " in lines
    assert f"quinola given:       {stats.quinola['given']} " in lines


def test_unknown_ruleset_and_bot_fail_before_any_work() -> None:
    with pytest.raises(RulesetError):
        simulate(ruleset="no-such-game", hands=4)
    with pytest.raises(KeyError, match="clever"):
        simulate(ruleset=RULESET, hands=4, bot="clever")
