"""The command line with Romestecq: play (text, JSON, record), session, simulate --game, and bad
input answered in one line with exit status 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

SCENARIO = """\
ruleset: romestecq
options: {accept_illegal: true}
hands: {1: [AS, AH, KS, KD, 7C], 2: [QS, JS, TS, 9S, 8S], 3: [7S, 6S, QH, JH, TH], 0: [9H, 8H, 7H, 6H, QD]}
faults: [{fault: faced, seat: 3}]
plays: [{card: AS, call: "pièce de ningre"}, {seat: 3, card: QH}, 9S, 7S, 8H, {card: AH, call: "autre pièce"}]
seed: 3
"""


def reversis(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "reversis", *args], capture_output=True, text=True, timeout=120)


@pytest.fixture
def scenario_file(tmp_path: Path) -> Path:
    path = tmp_path / "hand.yaml"
    path.write_text(SCENARIO, encoding="utf-8")
    return path


def test_play_prints_the_hand_with_each_mark_and_its_paragraph(scenario_file: Path) -> None:
    out = reversis("play", str(scenario_file))
    assert out.returncode == 0, out.stderr
    # seat 0 deals: seat 1 is the eldest hand, and side 0 (seats 0 and 1) the dealer's side
    assert 'Trick 1: the eldest hand leads AS "pièce de ningre"' in out.stdout
    assert (
        "the dealer's side has 3 chalked back on: the penalty for a card turned up  "
        "[penalty.faced; dictionnaire-jeux-r:24]" in out.stdout
    )
    assert (
        "the other side has 3 chalked back on: the penalty for playing out of turn  "
        "[penalty.out-of-turn; dictionnaire-jeux-r:26]" in out.stdout
    )


def test_play_json_gives_sides_combinations_and_marks(scenario_file: Path) -> None:
    out = reversis("play", str(scenario_file), "--json")
    data = json.loads(out.stdout)
    assert data["game"] == "romestecq" and data["sides"] == {"0": [0, 1], "1": [2, 3]}
    assert data["combinations"]["1"] == [{"name": "double-ningre", "cards": ["AS", "AH", "KS", "KD"], "worth": 3}]
    assert {"seat": 1, "combination": "double-ningre", "marks": 3, "rule": "double-ningre.hand"} in data["claims"]
    rubbed = {side: sum(e["marks"] for e in data["ledger"] if e["side"] == int(side)) for side in ("0", "1")}
    assert rubbed == data["marks"]["rubbed"]


def test_the_record_replays_to_the_same_result(scenario_file: Path, tmp_path: Path) -> None:
    record = tmp_path / "record.yaml"
    first = reversis("play", str(scenario_file), "--json", "--record", str(record))
    again = reversis("play", str(record), "--json")
    assert again.returncode == 0, again.stderr
    assert json.loads(again.stdout) == json.loads(first.stdout)


def test_session_plays_a_game_to_its_target() -> None:
    out = reversis("sitting", "--ruleset", "romestecq", "--seed", "4", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["winner"] in (0, 1) and data["sides"] == {"0": [0, 1], "1": [2, 3]}
    assert len(data["draw"]) == 4
    assert min(data["marks_left"].values()) <= 0 or data["won_by"] != "game.won"
    text = reversis("sitting", "--ruleset", "romestecq", "--seed", "4")
    assert "wins the game" in text.stdout and "draws" in text.stdout


def test_a_recorded_session_replays(tmp_path: Path) -> None:
    record = tmp_path / "game.yaml"
    first = reversis("sitting", "--ruleset", "romestecq", "--seed", "6", "--json", "--record", str(record))
    again = reversis("sitting", str(record), "--json")
    assert again.returncode == 0, again.stderr
    assert json.loads(again.stdout)["hands"] == json.loads(first.stdout)["hands"]


def test_simulate_game_romestecq_prints_frequencies() -> None:
    out = reversis("simulate", "--game", "romestecq", "--hands", "300", "--jobs", "1", "--seed", "2")
    assert out.returncode == 0, out.stderr
    for line in ("virlicque dealt:", "rome dealt:", "stecq to side 0:", "gruger:"):
        assert line in out.stdout


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("ruleset: romestecq\nplays: [5S]\n", "hand.yaml:2: plays[0]: 5S is not in the pack of 36"),
        ("ruleset: romestecq\nmanner: [2, 2]\n", "hand.yaml:2: manner: [2, 2]: the packets of a deal"),
        ("ruleset: romestecq\nclaims: {1: [quint]}\n", "hand.yaml:2: claims.1[0]: expected one of triche"),
        ("ruleset: romestecq\nfaults: [{fault: faced}]\n", "hand.yaml:2: faults[0]: the fault faced names the seat"),
        ("ruleset: romestecq\nseed: 1\nplays: [{seat: 3, card: AS}]\n", "rule play.turn"),
        ("ruleset: romestecq\ntalon: []\n", "hand.yaml:2: talon: unknown field"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "hand.yaml"
    path.write_text(text, encoding="utf-8")
    out = reversis("play", str(path))
    assert out.returncode == 2
    assert out.stderr.count("\n") == 1 and "Traceback" not in out.stderr
    assert message in out.stderr.replace(str(tmp_path) + "/", "")
