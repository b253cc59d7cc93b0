"""The ``reversis`` command: rules, play (text, JSON, record), simulate, and ``python -m reversis``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from reversis import load_ruleset, ruleset_ids
from reversis.apps.cli import main
from reversis.core.roles import in_sentence, role
from reversis.games import play_file

from .conftest import PLAYED, REPO, WriteScenario

SCENARIOS = {
    "seeded": "ruleset: encyclopedie-1765\nseed: 3\nbot: cautious\n",
    "five-random": (
        "ruleset: encyclopedie-1765\noptions: {players: 5, talon: {5: 7}}\ndealer: 2\nseed: 11\nbot: random\n"
    ),
    "pool-and-betes": "ruleset: encyclopedie-1765\nseed: 5\nbot: random\npool: 6\nbetes: [{seat: 2, amount: 4}]\n",
}


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert main(argv) == 0
    out, err = capsys.readouterr()
    assert err == "" or PLAYED.fullmatch(err), err  # simulate and session say how fast they played
    return out


def _json(argv: list[str], capsys: pytest.CaptureFixture[str]) -> Any:
    return json.loads(_run(argv, capsys))


# -- rules -----------------------------------------------------------------------------------


def test_rules_lists_every_ruleset(capsys: pytest.CaptureFixture[str]) -> None:
    out = _run(["rules"], capsys)
    assert [line.split(":")[0] for line in out.splitlines()] == ruleset_ids()


def test_rules_of_one_ruleset_shows_every_option_and_its_citation(capsys: pytest.CaptureFixture[str]) -> None:
    out = _run(["rules", "encyclopedie-1765"], capsys)
    rules = load_ruleset("encyclopedie-1765")
    for name, option in rules.options.items():
        assert f"  {name} = " in out
        assert option.meaning in out
        for cite in option.cites:
            assert cite in out


def test_rules_json_parses_and_has_every_option(capsys: pytest.CaptureFixture[str]) -> None:
    data = _json(["rules", "encyclopedie-1765", "--json"], capsys)
    rules = load_ruleset("encyclopedie-1765")
    assert data["id"] == "encyclopedie-1765"
    assert data["title"] == rules.title
    assert list(data["options"]) == list(rules.options)
    for name, option in data["options"].items():
        assert {"default", "meaning", "annotations", "cites", "choices", "note"} <= option.keys()
        assert option["annotations"]
        if not isinstance(option["default"], dict):  # JSON turns the talon's int keys into strings
            assert option["default"] == rules.options[name].default


def test_rules_of_an_unknown_ruleset_is_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "no-such-game"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no-such-game" in err


# -- play ------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_play_text_mentions_each_trick_and_each_payment_rule(
    name: str, write_scenario: WriteScenario, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write_scenario(SCENARIOS[name])
    out = _run(["play", str(path)], capsys)
    _, hand = play_file(path)
    for number, trick in enumerate(hand.tricks, start=1):
        leader, winner = (role(seat, dealer=hand.dealer, players=hand.players) for seat in (trick.leader, trick.winner))
        assert f"Trick {number}: {leader} leads" in out
        assert f"{winner} takes it" in out
    assert hand.ledger.entries
    for entry in hand.ledger.entries:
        # the rule in English, then its id as a label
        assert f"{in_sentence(hand.rules.rule_name(entry.rule))}  [{entry.rule}" in out
    assert f"pool {hand.pool_before} -> {hand.pool}" in out


RESULT_KEYS = {
    "ruleset",
    "dealer",
    "hands",
    "talon",
    "tricks",
    "tricks_won",
    "points",
    "winner",
    "talon_award",
    "quinola",
    "reversis",
    "ledger",
    "balances",
    "pool",
}


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_play_json_has_every_key_of_the_public_contract(
    name: str, write_scenario: WriteScenario, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write_scenario(SCENARIOS[name])
    data = _json(["play", str(path), "--json"], capsys)
    assert data.keys() >= RESULT_KEYS
    assert data["ruleset"] == "encyclopedie-1765"
    players = len(data["hands"])
    assert players in (4, 5)
    assert isinstance(data["dealer"], int)
    assert all(isinstance(card, str) for cards in data["hands"].values() for card in cards)
    assert all(isinstance(card, str) for card in data["talon"])
    assert data["tricks"]
    for trick in data["tricks"]:
        assert trick.keys() == {"leader", "cards", "winner"}
        assert len(trick["cards"]) == players
    assert len(data["tricks_won"]) == len(data["points"]) == len(data["balances"]) == players
    assert sum(data["tricks_won"].values()) == len(data["tricks"])
    assert data["winner"] in range(players)
    assert data["reversis"] is None or data["reversis"].keys() == {"by", "made", "cut_by"}
    assert data["ledger"]
    for entry in data["ledger"]:
        assert entry.keys() == {"payer", "payee", "amount", "rule", "trick", "cites"}
        assert entry["payer"] == "pool" or entry["payer"] in range(players)
        assert entry["payee"] == "pool" or entry["payee"] in range(players)
        assert isinstance(entry["cites"], list)
    assert data["pool"].keys() == {"before", "after", "won_by"}
    pool_change = data["pool"]["after"] - data["pool"]["before"]
    assert sum(data["balances"].values()) + pool_change == 0


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_play_record_replays_to_an_identical_result(
    name: str, write_scenario: WriteScenario, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write_scenario(SCENARIOS[name])
    recorded = tmp_path / "recorded.yaml"
    first = _run(["play", str(path), "--json", "--record", str(recorded)], capsys)
    assert recorded.is_file()
    again = _run(["play", str(recorded), "--json"], capsys)
    assert json.loads(again) == json.loads(first)
    # and the record of the record is the record
    recorded_twice = tmp_path / "recorded-twice.yaml"
    _run(["play", str(recorded), "--record", str(recorded_twice)], capsys)
    assert recorded_twice.read_text(encoding="utf-8") == recorded.read_text(encoding="utf-8")


def test_play_record_to_an_unwritable_place_is_an_error(
    write_scenario: WriteScenario, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write_scenario(SCENARIOS["seeded"])
    assert main(["play", str(path), "--record", str(tmp_path / "no" / "such" / "dir.yaml")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot be written" in err


# -- simulate ----------------------------------------------------------------------------------


def test_simulate_prints_its_counts(capsys: pytest.CaptureFixture[str]) -> None:
    out = _run(["simulate", "--ruleset", "encyclopedie-1765", "--hands", "12", "--jobs", "1", "--seed", "4"], capsys)
    assert "hands played:        12" in out
    assert "reversis made:" in out


@pytest.mark.parametrize(
    ("argv", "word"),
    [
        (["simulate", "--ruleset", "no-such-game", "--hands", "2", "--jobs", "1"], "no-such-game"),
        (["simulate", "--ruleset", "encyclopedie-1765", "--hands", "2", "--jobs", "1", "--bot", "clever"], "clever"),
    ],
)
def test_simulate_errors_are_one_line(argv: list[str], word: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and word in err and "Traceback" not in err


# -- python -m reversis --------------------------------------------------------------------------


def test_python_m_reversis_plays_a_scenario(write_scenario: WriteScenario) -> None:
    path = write_scenario(SCENARIOS["seeded"])
    done = subprocess.run(
        [sys.executable, "-m", "reversis", "play", str(path), "--json"],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["ruleset"] == "encyclopedie-1765"


def test_python_m_reversis_reports_an_error_without_traceback(write_scenario: WriteScenario) -> None:
    path = write_scenario("ruleset: no-such-game\n")
    done = subprocess.run(
        [sys.executable, "-m", "reversis", "play", str(path)], cwd=REPO, capture_output=True, text=True, check=False
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert f"{path}:1: ruleset" in done.stderr


def test_rules_lists_every_engine_rule_with_its_citations(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "encyclopedie-1765", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["rules"]["quinola.placed.pool"]["cites"] == ["encyclopedie-1765:4"]
    assert all(entry["annotations"] for entry in data["rules"].values())
    # a rule cites a paragraph unless the ruleset marks it as not in its source
    rules = load_ruleset("encyclopedie-1765")
    assert all(
        bool(entry["cites"]) == (rules.rule_basis[rule] != "not-in-source") for rule, entry in data["rules"].items()
    )
