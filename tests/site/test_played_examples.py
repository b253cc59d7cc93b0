"""The worked examples' hands as played, committed in ``examples/<ruleset>/played/<slug>.json``
(``reversis_site.golden``): each is what the engine plays now, and what ``reversis play --json``
prints. ``make played`` writes them again after a change of the engine's reading."""

from __future__ import annotations

import dataclasses
import json
import shutil
from pathlib import Path

import pytest
from reversis_site import golden
from reversis_site.examples import load_examples

from reversis.apps.web import result_text
from reversis.games import game_of, play_file

EXAMPLES = load_examples()


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e.page)
def test_the_engine_plays_the_example_as_its_file_says(example: golden.WorkedExample) -> None:
    path = golden.path_of(example)
    assert path.is_file(), f"{path} is missing: run make played"
    assert path.read_text(encoding="utf-8") == golden.played(example), f"{path} differs: run make played"


@pytest.mark.parametrize("example", EXAMPLES[::20], ids=lambda e: e.page)
def test_a_played_file_holds_what_play_json_prints(example: golden.WorkedExample) -> None:
    scenario, hand = play_file(example.path)
    printed = json.loads(result_text(game_of(scenario.rules), hand))
    assert json.loads(golden.path_of(example).read_text(encoding="utf-8")) == printed


def test_no_played_file_is_left_without_its_example() -> None:
    assert [found for found in golden.differences(EXAMPLES) if found[1] == "no example"] == []


def test_a_changed_hand_shows_as_the_lines_it_changes(tmp_path: Path) -> None:
    """Write, then a play changed: the file differs in the lines of the tricks and payments it moves."""
    example = next(e for e in EXAMPLES if e.page == "quinola-placed")
    folder = tmp_path / "encyclopedie-1765"
    folder.mkdir()
    scenario = folder / example.path.name
    shutil.copyfile(example.path, scenario)
    copy = dataclasses.replace(example, path=scenario)
    gone = folder / golden.PLAYED / "retired.json"
    assert golden.differences([copy], tmp_path) == [(golden.path_of(copy), "missing")]
    assert golden.write([copy], tmp_path) == [golden.path_of(copy)]
    gone.write_text("{}\n", encoding="utf-8")
    assert golden.differences([copy], tmp_path) == [(gone, "no example")]
    before = golden.path_of(copy).read_text(encoding="utf-8").splitlines()
    text = scenario.read_text(encoding="utf-8")
    scenario.write_text(text.replace("AH, AC, 9S, JH, JS, QC", "AH, QC, 9S, JH, JS, AC"), encoding="utf-8")
    assert golden.differences([copy], tmp_path) == [(golden.path_of(copy), "differs"), (gone, "no example")]
    assert golden.write([copy], tmp_path) == [golden.path_of(copy), gone]
    after = golden.path_of(copy).read_text(encoding="utf-8").splitlines()
    changed = [line for line in after if line not in before]
    assert any('"cards": ["AD", "2D", "AH", "QC"]' in line for line in changed)
    assert len(before) == len(after) or abs(len(before) - len(after)) < 3
    assert len(changed) < len(after) // 2, changed
    assert not gone.exists()
