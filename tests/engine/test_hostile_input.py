"""Hostile scenario files: the loader answers any input at once, in bounded memory, with one line.

The limits are properties of the loader (``reversis.core.scenario_yaml``), not special cases: aliases
and anchors, duplicate keys, the file's size, the length of lists and mappings, the nesting, the
number of values, long numbers and exotic tags are refused wherever they appear, naming the file,
the line and the field. The bombs are fed to ``reversis play`` in a subprocess whose wall time and
peak memory are bounded generously: these guard against blow-ups, not for speed.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from reversis.apps.cli import main
from reversis.core.errors import ScenarioError
from reversis.core.scenario_yaml import MAX_BYTES, MAX_DEPTH, MAX_DIGITS, MAX_ITEMS, MAX_VALUES, read_yaml
from reversis.games.reversis.scenario import parse_scenario

from .conftest import REPO

HEAD = "ruleset: encyclopedie-1765\nseed: 1\n"


def _error(text: str) -> str:
    with pytest.raises(ScenarioError) as info:
        parse_scenario(text, source="s.yaml")
    message = str(info.value)
    assert "\n" not in message
    return message


# -- aliases and anchors -----------------------------------------------------------------------


def _alias_bomb(levels: int = 9) -> str:
    """The 'billion laughs': each level a list of nine aliases of the one before."""
    lines = [HEAD.rstrip("\n"), 'l0: &l0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for i in range(1, levels):
        lines.append(f"l{i}: &l{i} [" + ",".join([f"*l{i - 1}"] * 9) + "]")
    lines.append(f"plays: *l{levels - 1}")
    return "\n".join(lines) + "\n"


def test_an_anchor_is_refused_where_it_stands() -> None:
    # a small bomb in this process; the full one runs in a subprocess below, with its memory bounded
    assert _error(_alias_bomb(levels=3)) == "s.yaml:3: l0: anchors (&l0) and aliases are not used in a scenario"


def test_an_alias_is_refused_even_to_an_unknown_anchor() -> None:
    message = _error(HEAD + "plays:\n  - 2H\n  - *card\n")
    assert message == "s.yaml:5: plays[1]: aliases (*card) and anchors are not used in a scenario"


def test_an_anchor_on_a_field_that_would_be_valid_is_refused() -> None:
    assert _error(HEAD + "bot: &b cautious\n") == "s.yaml:3: bot: anchors (&b) and aliases are not used in a scenario"


# -- duplicate keys ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param(HEAD + "seed: 2\n", "s.yaml:3: seed: given twice (first on line 2)", id="top-level"),
        pytest.param(
            HEAD + "options:\n  players: 5\n  players: 4\n",
            "s.yaml:5: options.players: given twice (first on line 4)",
            id="option",
        ),
        pytest.param(
            HEAD + "exchange: {1: pass, 1: {discard: 2C}}\n",
            "s.yaml:3: exchange.1: given twice (first on line 3)",
            id="flow-mapping",
        ),
    ],
)
def test_a_key_given_twice_is_refused_not_overwritten(text: str, expected: str) -> None:
    assert _error(text).startswith(expected)


# -- sizes -------------------------------------------------------------------------------------


def test_a_text_longer_than_the_cap_is_refused_with_the_line_where_it_passes_it() -> None:
    text = HEAD + "# a comment\n" * (MAX_BYTES // 12 + 10)
    message = _error(text)
    assert message.startswith(f"s.yaml:{text.count(chr(10), 0, MAX_BYTES) + 1}: the text goes on past")


def test_a_file_longer_than_the_cap_is_refused_without_being_read_whole(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "long.yaml"
    path.write_text(HEAD + "#" * (MAX_BYTES * 4) + "\n", encoding="utf-8")
    assert main(["play", str(path)]) == 2
    err = capsys.readouterr().err
    kib = MAX_BYTES // 1024
    assert err == f"reversis: error: {path}:3: the file goes on past {kib} KiB, more than any scenario needs\n"


def test_a_list_longer_than_a_hand_can_use_is_refused_at_the_first_item_too_many() -> None:
    text = HEAD + "plays:\n" + "  - 2H\n" * (MAX_ITEMS + 50)
    message = _error(text)
    assert message.startswith(f"s.yaml:{3 + MAX_ITEMS + 1}: plays: a list of more than {MAX_ITEMS} items")


def test_a_mapping_with_too_many_keys_is_refused() -> None:
    text = HEAD + "options: {" + ", ".join(f"o{i}: 1" for i in range(MAX_ITEMS + 1)) + "}\n"
    assert f"options: a mapping of more than {MAX_ITEMS} keys" in _error(text)


def test_deep_nesting_is_refused() -> None:
    text = HEAD + "options: " + "[" * (MAX_DEPTH + 5) + "]" * (MAX_DEPTH + 5) + "\n"
    assert f"nested more than {MAX_DEPTH} deep" in _error(text)


def test_too_many_values_in_all_are_refused() -> None:
    row = "[" + ", ".join(["1"] * 100) + "]"
    text = HEAD + "narrative:\n" + "".join(f"  k{i}: {row}\n" for i in range(MAX_VALUES // 100 + 2))
    assert f"more than {MAX_VALUES} values" in _error(text)


def test_a_number_with_too_many_digits_is_refused() -> None:
    assert _error(HEAD.replace("seed: 1", "seed: " + "7" * (MAX_DIGITS + 1))) == (
        f"s.yaml:2: seed: a number of more than {MAX_DIGITS} digits"
    )


@pytest.mark.parametrize("tag", ["!!python/object/apply:os.system", "!!binary", "!!set", "!custom"])
def test_tags_beyond_the_plain_ones_are_refused(tag: str) -> None:
    value = "{a: null}" if tag == "!!set" else "aGk="
    assert "is not used in a scenario" in _error(HEAD + f"narrative: {tag} {value}\n")


def test_plain_tags_and_yaml_1_1_scalars_are_read_as_usual() -> None:
    data, lines = read_yaml("a: !!str 5\nb: 0x10\nc: ~\nd: 2001-01-01\ne: [1, 2]\n", source="s.yaml")
    assert data == {"a": "5", "b": 16, "c": None, "d": "2001-01-01", "e": [1, 2]}
    assert lines == {"a": 1, "b": 2, "c": 3, "d": 4, "e": 5, "e[0]": 5, "e[1]": 5}


def test_a_second_document_is_refused() -> None:
    assert _error(HEAD + "---\nseed: 2\n") == "s.yaml:3: a scenario is one YAML document; a second one begins here"


def test_a_control_character_is_refused_with_its_line() -> None:
    assert _error(HEAD + "bot: caut\x07ious\n").startswith("s.yaml:3: malformed YAML: character #x0007")


# -- the bombs, through the command, in a subprocess ---------------------------------------------

# Generous bounds: the interpreter alone takes ~20 MB and ~50 ms; before these limits the alias
# bomb took 149 s and 12.8 GB, the 8 MB plays list 61 s and 1.6 GB, the 29 MB of comments 20 s.
# The time is the CPU time the command used, which a busy machine does not lengthen as it does
# the time on the clock.
SECONDS = 5.0
MEGABYTES = 200

BOMBS = {
    "alias-bomb": lambda: _alias_bomb(),
    "long-plays-list": lambda: HEAD + "plays:\n" + "  - 2H\n" * 1_200_000,
    "comments": lambda: HEAD + ("# " + "x" * 77 + "\n") * 370_000,
    "flow-list-under-the-cap": lambda: HEAD + "plays: [" + "2H, " * (MAX_BYTES // 4 - 20) + "]\n",
    "nesting-under-the-cap": lambda: HEAD + "plays: " + "[" * (MAX_BYTES // 2 - 40) + "]" * (MAX_BYTES // 2 - 40),
    "keys-under-the-cap": lambda: HEAD + "".join(f"k{i}: {i}\n" for i in range(MAX_BYTES // 12)),
}

# Runs the command in a child whose address space is capped at 2 GiB and its CPU time at 60 s, so
# that a regression fails the test instead of taking the machine; prints status, CPU seconds, peak KiB.
_MEASURE = """
import resource, subprocess, sys
def cap():
    resource.setrlimit(resource.RLIMIT_AS, (2 * 2**30, 2 * 2**30))
    resource.setrlimit(resource.RLIMIT_CPU, (60, 60))
done = subprocess.run(
    [sys.executable, "-m", "reversis", "play", sys.argv[1]], capture_output=True, text=True, preexec_fn=cap
)
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
peak_kib = usage.ru_maxrss // (1024 if sys.platform == "darwin" else 1)
print(done.returncode, usage.ru_utime + usage.ru_stime, peak_kib)
sys.stderr.write(done.stderr)
"""


@pytest.mark.parametrize("name", sorted(BOMBS))
def test_a_bomb_is_answered_at_once_in_bounded_memory(name: str, tmp_path: Path) -> None:
    path = tmp_path / f"{name}.yaml"
    path.write_text(BOMBS[name](), encoding="utf-8")
    # A fresh process measures only this run: RUSAGE_CHILDREN of the test process would keep
    # the largest child the test session ever had.
    done = subprocess.run(
        [sys.executable, "-c", _MEASURE, str(path)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=600,
        check=True,
    )
    status, elapsed, peak_kib = done.stdout.split()
    assert int(status) == 2, done.stderr
    assert done.stderr.startswith(f"reversis: error: {path}:") and done.stderr.count("\n") == 1, done.stderr
    assert float(elapsed) < SECONDS
    assert int(peak_kib) < MEGABYTES * 1024


def test_the_measure_sees_a_child_that_grows() -> None:
    # the bound above means something only if the measure sees the peak of the command's process
    hog = "import sys; x = bytearray(300 * 2**20); sys.exit(2)"
    done = subprocess.run(
        [sys.executable, "-c", _MEASURE.replace('"-m", "reversis", "play", sys.argv[1]', f'"-c", {hog!r}')],
        capture_output=True,
        text=True,
        timeout=600,
        check=True,
    )
    status, _, peak_kib = done.stdout.split()
    assert int(status) == 2 and int(peak_kib) > 300 * 1024
