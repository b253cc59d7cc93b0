"""The engine as the site's pages call it (reversis.apps.web) says what the command line prints: the
same JSON for every worked example, under its own options and under another, and the same one
line for every error."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from reversis.apps.cli import main
from reversis.apps.web import play, play_json, ruleset_data
from reversis.core.ruleset import load_ruleset, ruleset_ids

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = sorted(REPO.glob("examples/*/*.yaml"))


def _cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err.strip()


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_every_example_plays_as_the_command_prints_it(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _cli(capsys, "play", str(path), "--json")
    played = play(path.read_text(encoding="utf-8"), source=str(path))
    assert status == 0 and played["json"] == out.rstrip("\n")
    status, account, _ = _cli(capsys, "play", str(path))
    assert played["account"] == account.rstrip("\n")


@pytest.mark.parametrize(
    ("path", "option", "value", "written"),
    [
        ("examples/encyclopedie-1765/revoke-bete.yaml", "revoke_penalty", "fine", "fine"),
        ("examples/encyclopedie-1765/talon-five-two.yaml", "players", 4, "4"),
        ("examples/revesino/rev-aces-placed-copas.yaml", "special_ace", "AO", "AO"),
        ("examples/romestecq/triche-of-queens-nothing.yaml", "low_triche", 3, "3"),
        ("examples/encyclopedie-1765/quinola-placed.yaml", "talon", {"4": 2}, "{4: 2}"),
    ],
)
def test_another_reading_plays_as_play_option(
    path: str, option: str, value: object, written: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """The page sends its options as JSON (a mapping's whole-number keys as strings)."""
    status, out, err = _cli(capsys, "play", str(REPO / path), "--json", f"--option={option}={written}")
    answer = json.loads(
        play_json((REPO / path).read_text(encoding="utf-8"), json.dumps({option: value}), source=str(REPO / path))
    )
    if status == 0:
        assert answer["json"] == out.rstrip("\n")
    else:
        assert answer["error"] == err


BAD = [
    "ruleset: encyclopedie-1765\nhands: {0: [AS, KS\n",
    "ruleset: [\n",
    "a: \x07\n",
    "ruleset: encyclopedie-1765\nseed: 1\nplays: [ZZ]\n",
    "ruleset: revesino\nseed: 1\noptions: {no_such_option: 1}\n",
    "ruleset: nowhere\n",
    "x: &a [1]\ny: *a\n",
    "ruleset: encyclopedie-1765\nseed: 1\n" + "# a comment of no use\n" * 13_000,
]


@pytest.mark.parametrize("text", BAD, ids=range(len(BAD)))
def test_an_error_is_the_commands_one_line(text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "scenario.yaml"
    path.write_text(text, encoding="utf-8")
    status, _, err = _cli(capsys, "play", str(path), "--json")
    answer = play(text, source=str(path))
    assert status == 2 and answer["error"] == err and "\n" not in err
    assert answer["line"] == int(err.split(":")[3])


@pytest.mark.parametrize("ruleset", ruleset_ids())
def test_a_ruleset_is_as_rules_json_prints_it(ruleset: str, capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = _cli(capsys, "rules", ruleset, "--json")
    assert json.loads(out) == json.loads(json.dumps(ruleset_data(load_ruleset(ruleset))))
