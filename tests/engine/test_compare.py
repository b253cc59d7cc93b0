"""``reversis compare``: the same hands under each reading, paired differences, rules fired, bad input."""

from __future__ import annotations

import json
import os
import shlex
import signal
import sys
import time

import pytest

from reversis.apps.cli import main
from reversis.apps.measure import Comparison, interval, measure, summary, wilson

from .processes import alive, children, cpu_ticks, popen_with_default_sigint

ENC = "encyclopedie-1765"


def _json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict:
    assert main(["compare", *argv, "--json", "--jobs", "1"]) == 0
    return json.loads(capsys.readouterr().out)


def test_one_job_and_two_jobs_give_the_same_tallies() -> None:
    c = Comparison(ENC, "quinola_forced_each", ("forcer-from-others", "holder-to-all"))
    [one] = measure([c], hands=40, seed=3, bot="random", jobs=1)
    [two] = measure([c], hands=40, seed=3, bot="random", jobs=2)
    assert one == two


def test_the_default_reading_plays_the_hands_simulate_plays() -> None:
    from reversis.apps.simulate import simulate

    c = Comparison(ENC, "quinola_given_bete", (True, False))
    [tally] = measure([c], hands=60, seed=4, bot="cautious")
    stats = simulate(ruleset=ENC, hands=60, bot="cautious", seed=4)
    assert tally.fired[0].get("quinola.placed.pool", 0) == stats.quinola.get("placed", 0)
    assert tally.fired[0].get("reversis.made", 0) == stats.reversis_made


def test_a_bete_given_by_choice_is_what_the_reading_changes(capsys: pytest.CaptureFixture[str]) -> None:
    # quinola_given_bete: false lets the quinola given on hearts by choice go free of the bête; the
    # hands that change are exactly those where it was given, and in each the pool gets less
    data = _json(capsys, "--ruleset", ENC, "--option", "quinola_given_bete", "--hands", "2000", "--seed", "1")
    default, free = data["readings"]
    assert [r["value"] for r in data["readings"]] == [True, False] and default["default"]
    given = default["rules"]["quinola.given.bete"]["share"]
    assert given > 0
    assert free["differs"]["share"] == given
    pool = free["difference"][-1]
    assert pool["label"] == "pool" and pool["mean"] < 0 and pool["interval"][1] < 0 and not pool["zero_inside"]
    assert pool["mean_absolute"] == -pool["mean"]  # never more in the pool, hand by hand


def test_a_paired_difference_is_the_difference_of_the_means() -> None:
    c = Comparison(ENC, "quinola_forced_each", ("forcer-from-others", "holder-to-all", "forcer-from-all"))
    [tally] = measure([c], hands=120, seed=8, bot="random")
    data = summary(c, tally)
    for reading in data["readings"][1:]:
        for seat, base, diff in zip(reading["seats"], data["readings"][0]["seats"], reading["difference"], strict=True):
            assert diff["mean"] == pytest.approx(seat["mean"] - base["mean"], abs=1e-5)
            assert diff["interval"][0] <= diff["mean"] <= diff["interval"][1]
            assert diff["zero_inside"] == (diff["interval"][0] <= 0 <= diff["interval"][1])
        # the forced quinola's payments move between the players; the pool is the same in every hand
        assert reading["difference"][-1]["mean_absolute"] == 0


def test_romestecq_is_compared_in_marks_per_side(capsys: pytest.CaptureFixture[str]) -> None:
    data = _json(capsys, "--ruleset", "romestecq", "--option", "village", "--hands", "300")
    assert data["unit"] == "marks"
    assert [s["label"] for s in data["readings"][0]["seats"]] == ["dealer's side", "other side"]
    named = data["readings"][1]
    assert named["value"] == "named"
    # a village of named cards only is rarer than one of adjacent cards: it fires in fewer hands
    change = named["rules_difference"]["village.hand"]
    assert change["mean"] < 0 and change["interval"][1] < 0


def test_values_are_yaml_and_another_option_is_set_alike_with_with(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--ruleset", ENC, "--option", "talon", "--values", "{5: 7}", "--with", "players=5", "--hands", "30"]
    data = _json(capsys, *argv)
    assert data["base"] == {"players": 5}
    assert data["values_yaml"] == ["{4: 3, 5: 2}", "{5: 7}"]
    assert len(data["readings"][0]["seats"]) == 6  # five seats and the pool
    assert data["readings"][1]["differs"]["share"] > 0


def test_the_recorded_command_makes_the_same_measurement_again(capsys: pytest.CaptureFixture[str]) -> None:
    first = _json(capsys, "--ruleset", ENC, "--option", "talon_payer", "--hands", "25", "--seed", "9")
    argv = shlex.split(first["command"])
    assert argv[:2] == ["reversis", "compare"] and "--seed" in argv and "--bot" in argv
    assert main([*argv[1:], "--jobs", "2"]) == 0
    assert json.loads(capsys.readouterr().out) == first
    assert first["hands"] == 25 and first["seed"] == 9 and first["bot"] == "cautious"
    assert first["engine"].startswith("reversis ") and first["fingerprint"]


def test_the_text_says_when_a_difference_is_indistinguishable_from_zero(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compare", "--ruleset", ENC, "--option", "quinola_forced_each", "--hands", "50", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "bot cautious" in out and "50 hands from seed 0" in out and "Wilson" in out
    assert "indistinguishable from zero" in out and "the same in every hand" in out  # the pool
    assert "quinola_forced_each = holder-to-others" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--ruleset", "nowhere", "--option", "players"], "argument --ruleset: invalid choice: 'nowhere'"),
        (["--ruleset", ENC, "--option", "no_such"], "unknown option 'no_such' for ruleset encyclopedie-1765"),
        (["--ruleset", ENC, "--option", "players", "--values", "6"], "6 is not allowed: it must be one of 4, 5"),
        (["--ruleset", ENC, "--option", "players", "--values", "[4"], "--values:"),
        (["--ruleset", "revesino", "--option", "players"], "option players of ruleset revesino: nothing to compare"),
        (["--ruleset", ENC, "--option", "deal_packet"], "nothing to compare: only its default 3"),
        (["--ruleset", ENC, "--option", "players", "--values", "4"], "nothing to compare"),
        (["--ruleset", ENC, "--option", "talon", "--with", "players"], "--with players: expected NAME=VALUE"),
        (["--ruleset", ENC, "--option", "quinola", "--values", "ZZ"], "option 'quinola' of ruleset"),
        (["--ruleset", ENC, "--option", "players", "--hands", "0"], "argument --hands: 0 is not allowed"),
        (["--ruleset", ENC, "--option", "players", "--hands", "-5"], "argument --hands: -5 is not allowed"),
    ],
)
def test_bad_input_is_one_line_and_exit_status_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["compare", *argv, "--jobs", "1"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and message in captured.err, captured.err


def test_an_option_with_one_allowed_value_names_it(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compare", "--ruleset", "espagnolette-19c", "--option", "players"]) == 2
    assert "only its default 4 (it allows one of 4 and no other reading is documented)" in capsys.readouterr().err


def test_intervals() -> None:
    mean, low, high, sd = interval(10, 30, 4)  # 1, 2, 3, 4
    assert (mean, round(sd, 6)) == (2.5, 1.290994)
    assert (round(low, 4), round(high, 4)) == (1.2348, 3.7652)
    share, low, high = wilson(50, 100)
    assert (share, round(low, 4), round(high, 4)) == (0.5, 0.4038, 0.5962)
    assert wilson(100, 100)[1:] == (pytest.approx(0.963, abs=1e-3), 1.0)


@pytest.mark.skipif(not os.path.isdir("/proc/self/task"), reason="reads the process tree from /proc")
def test_ctrl_c_stops_compare_and_ends_its_workers() -> None:
    argv = ["compare", "--ruleset", ENC, "--option", "players", "--hands", "10000000", "--jobs", "2"]
    # Generous bounds: they end a test that would hang, never one that is slow on a busy machine.
    with popen_with_default_sigint([sys.executable, "-m", "reversis", *argv]) as proc:
        try:
            workers: set[int] = set()
            deadline = time.monotonic() + 300
            while time.monotonic() < deadline and proc.poll() is None:
                workers = children(proc.pid)
                if len(workers) == 2 and all(cpu_ticks(w) > 0 for w in workers):
                    break
                time.sleep(0.05)
            assert len(workers) == 2, "compare did not start its two workers"
            os.killpg(proc.pid, signal.SIGINT)
            out, err = proc.communicate(timeout=300)
        finally:
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
    assert (proc.returncode, err, out) == (130, "reversis: interrupted\n", "")
    deadline = time.monotonic() + 300
    while any(map(alive, workers)) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(map(alive, workers)), "a worker outlived compare"
