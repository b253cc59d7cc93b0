"""The command line as people expect it: --version, full help, ranges checked by argparse, one-line
errors with status 2, Ctrl-C with status 130 and no worker left behind, --record never onto its input."""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import time
from importlib import metadata
from pathlib import Path

import pytest

import reversis
import reversis.apps.cli
from reversis import ruleset_ids
from reversis.apps.cli import _parser, main
from reversis.apps.strong import BOTS  # the games' own and the strong player
from reversis.games.reversis.scenario import parse_scenario

from .conftest import WriteScenario
from .processes import alive, children, cpu_ticks, popen_with_default_sigint

SEEDED = "title: A seeded hand\nnarrative: Worth keeping.\nruleset: encyclopedie-1765\nseed: 3\n"


def _subparsers() -> dict[str, argparse.ArgumentParser]:
    parser = _parser()
    (sub,) = (a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


def _one_line_error(capsys: pytest.CaptureFixture[str]) -> str:
    out, err = capsys.readouterr()
    assert out == ""
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert "Traceback" not in err and "usage:" not in err
    return err


# -- --version and --help ----------------------------------------------------------------------------


def test_version_is_the_installed_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["--version"])
    assert info.value.code == 0
    assert capsys.readouterr().out == f"reversis {metadata.version('reversis')}\n"
    assert reversis.__version__ == metadata.version("reversis")


@pytest.mark.parametrize("command", sorted(_subparsers()))
def test_every_option_of_every_command_has_help_with_its_default(command: str) -> None:
    parser = _subparsers()[command]
    text = parser.format_help()
    for action in parser._actions:
        if isinstance(action, argparse._HelpAction):
            continue
        assert action.help, f"{command} {action.dest} has no help"
        if action.option_strings and action.default is not None and not isinstance(action.default, bool):
            assert f"(default: {action.default})" in " ".join(text.split()), f"{command} {action.dest}"


def test_the_choices_are_listed_in_the_help() -> None:
    text = _subparsers()["simulate"].format_help()
    assert "{" + ",".join(sorted(BOTS)) + "}" in text
    assert "{" + ",".join(ruleset_ids()) + "}" in text
    assert "{" + ",".join(ruleset_ids()) + "}" in _subparsers()["rules"].format_help()


def test_the_commands_help_says_its_whole_first_sentence() -> None:
    """The description ends its sentence (it once stopped at the docstring's first line, "compare the")
    and is followed by a single blank line before the list of commands."""
    text = _parser().format_help()
    description = text.split("\n\n")[1]
    assert description.rstrip().endswith("."), description
    assert " ".join(description.split()) == " ".join(reversis.apps.cli.__doc__.split("\n\n")[0].split())
    assert "\n\n\n" not in text


@pytest.mark.parametrize("command", [None, *sorted(_subparsers())])
def test_help_has_no_restructuredtext_markup(command: str | None) -> None:
    text = (_subparsers()[command] if command else _parser()).format_help()
    assert "``" not in text and ":func:" not in text and ":mod:" not in text


# -- simulate's arguments ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--hands", "0"], "argument --hands: 0 is not allowed: it must be a whole number ≥ 1"),
        (["--hands", "-5"], "argument --hands: -5 is not allowed: it must be a whole number ≥ 1"),
        (["--hands", "many"], "argument --hands: 'many' is not allowed"),
        (["--jobs", "-1"], "argument --jobs: -1 is not allowed: it must be a whole number from 0 to 64"),
        (["--jobs", "100000"], "argument --jobs: 100000 is not allowed"),
        (["--seed", "-2"], "argument --seed: -2 is not allowed"),
        (["--bot", "clever"], "argument --bot: invalid choice: 'clever'"),
        (["--ruleset", "no-such-game"], "argument --ruleset: invalid choice: 'no-such-game'"),
    ],
)
def test_simulate_refuses_arguments_out_of_range_in_one_line(
    argv: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", *argv]) == 2
    err = _one_line_error(capsys)
    assert err.startswith("reversis simulate: error: ") and words in err, err


def test_simulate_needs_no_ruleset_while_there_is_only_one(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("reversis.core.ruleset.ruleset_ids", lambda: ["encyclopedie-1765"])
    assert main(["simulate", "--hands", "3", "--jobs", "1"]) == 0
    assert capsys.readouterr().out.startswith("encyclopedie-1765, bot cautious, seed 0, 1 job\n")


def test_simulate_requires_a_ruleset_when_there_are_several(capsys: pytest.CaptureFixture[str]) -> None:
    assert len(ruleset_ids()) > 1
    assert main(["simulate", "--hands", "3"]) == 2
    assert "the following arguments are required: --ruleset" in _one_line_error(capsys)


def test_a_missing_command_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    assert _one_line_error(capsys).startswith("reversis: error: the following arguments are required")


# -- rules --json ----------------------------------------------------------------------------------


def test_rules_json_without_a_ruleset_lists_the_rulesets_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [entry["id"] for entry in data] == ruleset_ids()
    assert all({"id", "title", "pack", "evidence", "source"} <= entry.keys() for entry in data)


# -- --record ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("spelling", ["same", "dot", "symlink"])
def test_record_onto_its_own_input_is_refused_and_the_input_kept(
    spelling: str, write_scenario: WriteScenario, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write_scenario(SEEDED)
    target = {"same": path, "dot": tmp_path / "." / path.name, "symlink": tmp_path / "link.yaml"}[spelling]
    if spelling == "symlink":
        target.symlink_to(path)
    assert main(["play", str(path), "--record", str(target)]) == 2
    err = _one_line_error(capsys)
    assert "is the scenario being played" in err
    assert path.read_text(encoding="utf-8") == SEEDED


def test_record_onto_another_file_keeps_working(
    write_scenario: WriteScenario, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write_scenario(SEEDED)
    assert main(["play", str(path), "--record", str(tmp_path / "out.yaml")]) == 0
    assert "seed: 3" in (tmp_path / "out.yaml").read_text(encoding="utf-8")
    capsys.readouterr()


# -- Ctrl-C ------------------------------------------------------------------------------------------


def test_ctrl_c_in_any_command_is_one_line_and_status_130(
    monkeypatch: pytest.MonkeyPatch, write_scenario: WriteScenario, capsys: pytest.CaptureFixture[str]
) -> None:
    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("reversis.games.play_file", interrupted)
    try:
        status = main(["play", str(write_scenario(SEEDED))])
    except KeyboardInterrupt:  # escaping, it would stop the whole test session
        pytest.fail("KeyboardInterrupt escaped main()")
    assert status == 130
    assert capsys.readouterr().err == "reversis: interrupted\n"


@pytest.mark.skipif(not Path("/proc/self/status").is_file(), reason="reads a process's signals from /proc")
def test_a_child_the_tests_signal_gets_sigint_at_its_default_even_from_a_background_job() -> None:
    # As under `make test &`: this process ignores SIGINT, and so would a child started plainly.
    script = "print(next(line for line in open('/proc/self/status') if line.startswith('SigIgn:')))"
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        plain = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    finally:
        signal.signal(signal.SIGINT, previous)
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        with popen_with_default_sigint([sys.executable, "-c", script]) as proc:
            given, _ = proc.communicate(timeout=300)
    finally:
        signal.signal(signal.SIGINT, previous)

    def ignores_sigint(line: str) -> bool:
        return bool(int(line.split()[1], 16) & (1 << (signal.SIGINT - 1)))

    assert ignores_sigint(plain.stdout), "the check would not see an ignored SIGINT"
    assert not ignores_sigint(given)


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="reads the process tree from /proc")
@pytest.mark.parametrize("who", ["parent", "process-group"])
def test_ctrl_c_stops_simulate_and_ends_its_workers(who: str) -> None:
    # "parent": only the parent gets SIGINT (kill PID), which used to leave simulate waiting for ever
    # on its pool; "process-group": what a terminal's Ctrl-C does.
    argv = ["-m", "reversis", "simulate", "--ruleset", "encyclopedie-1765", "--hands", "10000000", "--jobs", "2"]
    # Generous bounds: they end a test that would hang, never one that is slow on a busy machine.
    with popen_with_default_sigint([sys.executable, *argv]) as proc:
        try:
            workers: set[int] = set()
            deadline = time.monotonic() + 300
            # until both workers are playing (each has used the CPU)
            while time.monotonic() < deadline and proc.poll() is None:
                workers = children(proc.pid)
                if len(workers) == 2 and all(cpu_ticks(w) > 0 for w in workers):
                    break
                time.sleep(0.05)
            assert len(workers) == 2, "simulate did not start its two workers"
            if who == "parent":
                os.kill(proc.pid, signal.SIGINT)
            else:
                os.killpg(proc.pid, signal.SIGINT)
            out, err = proc.communicate(timeout=300)
        finally:
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
    assert proc.returncode == 130
    assert err == "reversis: interrupted\n"
    assert out == ""
    deadline = time.monotonic() + 300
    while any(map(alive, workers)) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(map(alive, workers)), "a worker outlived simulate"


# -- the error messages of issue 10 ------------------------------------------------------------------


def test_a_card_given_twice_in_one_hand_names_both_places(
    write_scenario: WriteScenario, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (
        "ruleset: encyclopedie-1765\n"
        "hands:\n"
        "  0: [AS, KS, QS, JS, 9S, 8S, 7S, 6S, 5S, 4S, 3S, 2S]\n"
        "  1: [AH, KH, QH, JH, 9H, 8H, 7H, 6H, 5H, 4H, AH]\n"
        "  2: [AD, KD, QD, JD, 9D, 8D, 7D, 6D, 5D, 4D, 3D]\n"
        "  3: [AC, KC, QC, JC, 9C, 8C, 7C, 6C, 5C, 4C, 3C]\n"
        "talon: [2H, 2D, 2C]\n"
    )
    path = write_scenario(text)
    assert main(["play", str(path)]) == 2
    err = _one_line_error(capsys)
    assert err == (
        f"reversis: error: {path}:4: hands.1[10]: card AH is dealt twice in hand 1, at hands.1[0] (line 4) "
        "and hands.1[10]; rule deal.misdeal orders a redeal\n"
    )


def test_a_card_in_the_hand_and_the_talon_names_both_places(
    write_scenario: WriteScenario, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (
        "ruleset: encyclopedie-1765\n"
        "hands:\n"
        "  0: [AS, KS, QS, JS, 9S, 8S, 7S, 6S, 5S, 4S, 3S, 2S]\n"
        "  1: [AH, KH, QH, JH, 9H, 8H, 7H, 6H, 5H, 4H, 3H]\n"
        "  2: [AD, KD, QD, JD, 9D, 8D, 7D, 6D, 5D, 4D, 3D]\n"
        "  3: [AC, KC, QC, JC, 9C, 8C, 7C, 6C, 5C, 4C, 3C]\n"
        "talon: [2H, 2D, AS]\n"
    )
    path = write_scenario(text)
    assert main(["play", str(path)]) == 2
    assert _one_line_error(capsys).endswith(
        ": talon[2]: card AS is dealt twice (hand 0 and the talon), at hands.0[0] (line 3) and talon[2]; "
        "rule deal.misdeal orders a redeal\n"
    )


@pytest.mark.parametrize("ten", ["10H", "TH", "10♥"])
def test_a_ten_in_the_48_card_pack_says_the_tens_are_left_out_unless_kept(
    ten: str, write_scenario: WriteScenario, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write_scenario(f"ruleset: encyclopedie-1765\nseed: 3\nplays: [{ten}]\n")
    assert main(["play", str(path)]) == 2
    err = _one_line_error(capsys)
    assert err == (
        f"reversis: error: {path}:3: plays[0]: TH is not in this pack: its 48 cards leave out the tens "
        "unless option keep_tens is true\n"
    )


def test_a_suit_symbol_before_the_rank_is_read_as_after_it() -> None:
    before = parse_scenario(
        "{ruleset: encyclopedie-1765, options: {keep_tens: true}, plays: [♣2, ♥10, ♠A]}", source="a.yaml"
    )
    after = parse_scenario(
        "{ruleset: encyclopedie-1765, options: {keep_tens: true}, plays: [2C, TH, AS]}", source="b.yaml"
    )
    assert [card for _, card, _ in before.plays] == [card for _, card, _ in after.plays]


def test_letters_in_the_wrong_order_are_told_the_order(
    write_scenario: WriteScenario, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write_scenario("ruleset: encyclopedie-1765\nseed: 3\nplays: [H2]\n")
    assert main(["play", str(path)]) == 2
    err = _one_line_error(capsys)
    assert "a card is its rank then its suit" in err and "the rank comes first: 2H" in err
