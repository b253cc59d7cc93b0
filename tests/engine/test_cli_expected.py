"""The command line as a new user expects it: ``play --option``, options echoed as they are written,
a suggestion for every unknown name, ``cite`` of a source and of the project, the session table's
columns defined, and a progress bar only where a terminal shows it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import bibtexparser
import pytest

from reversis.apps.cli import main
from reversis.corpus.citation_styles import STYLES

from .conftest import PLAYED, REPO, WriteScenario

FROM_OTHERS = REPO / "examples" / "encyclopedie-1765" / "quinola-forced-forcer-from-others.yaml"


def _out(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert main(argv) == 0
    out, err = capsys.readouterr()
    assert err == "" or PLAYED.fullmatch(err), err
    return out


def _error(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return err


def _paid(result: dict[str, object], rule: str) -> list[tuple[object, object, object]]:
    ledger = result["ledger"]
    assert isinstance(ledger, list)
    return [(e["payer"], e["payee"], e["amount"]) for e in ledger if e["rule"] == rule]


# -- play --option -----------------------------------------------------------------------------------


def test_play_option_overrides_the_scenarios_own(capsys: pytest.CaptureFixture[str]) -> None:
    own = json.loads(_out(["play", str(FROM_OTHERS), "--json"], capsys))
    other = json.loads(
        _out(["play", str(FROM_OTHERS), "--json", "--option", "quinola_forced_each=forcer-from-all"], capsys)
    )
    assert own["options"] == {}  # the scenario names the default reading
    assert other["options"] == {"quinola_forced_each": "forcer-from-all"}
    # from the others, the holder (seat 2) pays only the four; from all, he pays one more
    assert sorted(_paid(own, "quinola.forced.each")) == [(0, 1, 1), (3, 1, 1)]
    assert sorted(_paid(other, "quinola.forced.each")) == [(0, 1, 1), (2, 1, 1), (3, 1, 1)]
    assert other["balances"]["2"] == own["balances"]["2"] - 1


def test_play_option_is_repeatable_and_read_as_yaml(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["play", str(FROM_OTHERS), "--json", "--option", "quinola_forced_bete=false"]
    argv += ["--option", "quinola_forced_each=forcer-from-all"]
    result = json.loads(_out(argv, capsys))
    assert result["options"] == {"quinola_forced_bete": False, "quinola_forced_each": "forcer-from-all"}


def test_session_option_reads_false_as_false(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["sitting", "--ruleset", "encyclopedie-1765", "--hands", "2", "--json", "--option"]
    data = json.loads(_out([*argv, "quinola_forced_bete=false"], capsys))
    assert data["sitting"]["options"] == {"quinola_forced_bete": False}


def test_options_are_echoed_as_they_are_written(capsys: pytest.CaptureFixture[str]) -> None:
    account = _out(["play", str(FROM_OTHERS), "--option", "quinola_forced_bete=false"], capsys)
    assert "Options: quinola_forced_bete: false." in account
    assert "= False" not in account
    table = _out(
        ["sitting", "--ruleset", "encyclopedie-1765", "--hands", "1", "--option", "quinola_forced_bete=no"], capsys
    )
    assert "Options: quinola_forced_bete: false." in table


@pytest.mark.parametrize(
    ("option", "message"),
    [
        ("quinola_forced_bette=false", "--option quinola_forced_bette: unknown option 'quinola_forced_bette'"),
        ("quinola_forced_bete=maybe", "--option quinola_forced_bete: maybe is not allowed"),
        ("quinola_forced_bete", "expected NAME=VALUE"),
        ("quinola_forced_bete=[", "--option quinola_forced_bete"),
    ],
)
def test_a_bad_play_option_is_one_line_and_writes_nothing(
    option: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "out.yaml"
    err = _error(["play", str(FROM_OTHERS), "--option", option, "--record", str(record)], capsys)
    assert message in err
    assert not record.exists()


def test_a_play_option_is_recorded_and_replays(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "out.yaml"
    argv = ["play", str(FROM_OTHERS), "--json", "--option", "quinola_forced_each=forcer-from-all"]
    played = json.loads(_out([*argv, "--record", str(record)], capsys))
    assert json.loads(_out(["play", str(record), "--json"], capsys)) == played


# -- a suggestion for every unknown name -------------------------------------------------------------


def test_an_unknown_option_gets_the_nearest_known_one(capsys: pytest.CaptureFixture[str]) -> None:
    err = _error(["play", str(FROM_OTHERS), "--option", "quinola_forced_bette=false"], capsys)
    assert "did you mean 'quinola_forced_bete'?" in err


def test_unknown_names_in_a_scenario_get_a_suggestion(
    write_scenario: WriteScenario, capsys: pytest.CaptureFixture[str]
) -> None:
    assert "did you mean 'encyclopedie-1765'?" in _error(
        ["play", str(write_scenario("ruleset: encyclopedie-1756\n"))], capsys
    )
    bot = write_scenario("ruleset: encyclopedie-1765\nseed: 1\nbot: cautios\n")
    assert "did you mean 'cautious'?" in _error(["play", str(bot)], capsys)
    card = write_scenario("ruleset: encyclopedie-1765\nseed: 1\nplays: [KHH]\n")
    assert "did you mean 'KH'?" in _error(["play", str(card)], capsys)
    option = write_scenario("ruleset: encyclopedie-1765\nseed: 1\noptions: {keep_tenz: true}\n")
    assert "did you mean 'keep_tens'?" in _error(["play", str(option)], capsys)


@pytest.mark.parametrize(
    ("argv", "suggestion"),
    [
        (["pley", "x.yaml"], "did you mean 'play'?"),
        (["simulate", "--ruleset", "revesno"], "did you mean 'revesino'?"),
        (["simulate", "--ruleset", "revesino", "--bot", "cautios"], "did you mean 'cautious'?"),
        (["rules", "espagnolette"], "did you mean 'espagnolette-19c'?"),
    ],
)
def test_an_unknown_command_ruleset_or_bot_gets_a_suggestion(
    argv: list[str], suggestion: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert suggestion in _error(argv, capsys)


def test_no_suggestion_when_nothing_is_near(capsys: pytest.CaptureFixture[str]) -> None:
    assert "did you mean" not in _error(["simulate", "--ruleset", "whist"], capsys)


@pytest.mark.parametrize(
    ("given", "suggestion"),
    [
        ("revesino:4", "did you mean 'revesino-es:4'?"),
        ("romestecq:12", "did you mean 'dictionnaire-jeux-r:12'?"),
        ("revesino-se:4", "did you mean 'revesino-es:4'?"),
        ("encyclopedia-1765", "did you mean 'encyclopedie-1765'?"),
    ],
)
def test_cite_suggests_the_source_id(given: str, suggestion: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert suggestion in _error(["cite", given], capsys)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["cite", "encyclopedie-1765:99"],
            "no paragraph '99' in encyclopedie-1765; nearest: encyclopedie-1765:9, encyclopedie-1765:10, "
            "encyclopedie-1765:11 (encyclopedie-1765 has p1–p11)",
        ),
        (
            ["cite", "encyclopedie-1765:para4"],
            "malformed paragraph locator 'para4' (expected a paragraph number, e.g. encyclopedie-1765:1); "
            "nearest: encyclopedie-1765:3, encyclopedie-1765:4, encyclopedie-1765:5",
        ),
        (
            ["cite", "encyclopedie-1765:4", "--style", "harvard"],
            "unknown citation style 'harvard' (expected chicago-notes-bibliography, chicago-author-date, apa, "
            "modern-language-association)",
        ),
        (["cite", "encyclopedie-1765:4", "--style", "ap"], "unknown citation style 'ap' (did you mean 'apa'?)"),
        (["cite", "encyclopedie-1765:4", "--format", "endnote"], "unknown citation format 'endnote' (expected"),
        (["cite", "--project", "--format", "bibtx"], "unknown citation format 'bibtx' (did you mean 'bibtex'?)"),
    ],
)
def test_cite_bad_input_is_one_line_and_exit_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert message in _error(argv, capsys)


# -- cite a source, cite the project -----------------------------------------------------------------


@pytest.mark.parametrize("style", STYLES)
def test_cite_a_whole_source_in_every_style(style: str, capsys: pytest.CaptureFixture[str]) -> None:
    text = _out(["cite", "encyclopedie-1765", "--style", style], capsys)
    assert "Encyclopédie" in text
    assert "https://reversis-reference.github.io/reversis/sources/encyclopedie-1765/" in text
    assert text.rstrip().endswith("Transcribed in the Reversis reference, source encyclopedie-1765.")
    assert "#p" not in text


def test_cite_a_whole_source_as_bibtex_and_csl_json(capsys: pytest.CaptureFixture[str]) -> None:
    library = bibtexparser.parse_string(_out(["cite", "revesino-es", "--format", "bibtex"], capsys))
    assert [entry.key for entry in library.entries] == ["revesino-es"]
    (item,) = json.loads(_out(["cite", "revesino-es", "--format", "csl-json"], capsys))
    assert item["id"] == "revesino-es" and item["title"] == "Revesino"


@pytest.mark.parametrize("style", STYLES)
def test_cite_the_project_in_every_style(style: str, capsys: pytest.CaptureFixture[str]) -> None:
    text = _out(["cite", "--project", "--style", style], capsys)
    assert "The Reversis reference contributors" in text
    assert "https://reversis-reference.github.io/reversis/" in text
    assert "eversis: " in text or "eversis: A" in text


def test_cite_the_project_as_bibtex_and_csl_json_as_citation_cff_says(capsys: pytest.CaptureFixture[str]) -> None:
    import yaml

    cff = yaml.safe_load((REPO / "CITATION.cff").read_text(encoding="utf-8"))
    library = bibtexparser.parse_string(_out(["cite", "--project", "--format", "bibtex"], capsys))
    (entry,) = library.entries
    assert entry.entry_type == "software"
    assert entry["title"].strip("{}") == cff["title"]
    assert entry["url"] == cff["url"]
    (item,) = json.loads(_out(["cite", "--project", "--format", "csl-json"], capsys))
    assert item["title"] == cff["title"]
    assert [a["literal"] for a in item["author"]] == [a["name"] for a in cff["authors"]]
    assert item["URL"] == cff["url"]
    assert item["version"] == cff["version"] == entry["version"]
    assert item["issued"]["date-parts"][0][0] == cff["date-released"].year == int(entry["year"])


@pytest.mark.parametrize("argv", [["cite"], ["cite", "encyclopedie-1765:4", "--project"]])
def test_cite_wants_one_thing_to_cite(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert "give a paragraph id, a source id or --project" in _error(argv, capsys)


# -- the session table and the progress bar ---------------------------------------------------------


def test_the_session_table_defines_its_won_by_column(capsys: pytest.CaptureFixture[str]) -> None:
    table = _out(["sitting", "--ruleset", "encyclopedie-1765", "--hands", "3"], capsys)
    head = next(line for line in table.splitlines() if line.startswith("hand "))
    assert "won by" in head and "winner" not in head
    assert "won by: the player who won the hand" in table


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "--ruleset", "revesino", "--hands", "30", "--jobs", "1"],
        ["sitting", "--ruleset", "revesino", "--hands", "3"],
    ],
)
def test_piped_there_is_no_bar_and_the_last_line_says_how_fast(argv: list[str]) -> None:
    with subprocess.Popen(
        [sys.executable, "-m", "reversis", *argv],
        cwd=REPO,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    ) as proc:
        out, err = proc.communicate(timeout=300)
    assert proc.returncode == 0, err
    assert out.strip()
    assert PLAYED.fullmatch(err), err  # one line: no bar's carriage returns
    assert "\r" not in err
