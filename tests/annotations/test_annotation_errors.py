"""Bad annotation files fail with one line naming the file, the line and the problem."""

from __future__ import annotations

from pathlib import Path

import pytest

from reversis.annotations import load_annotations
from reversis.core.errors import AnnotationError

GOOD = """\
source: encyclopedie-1765
annotations:
  - id: enc1765-test
    paragraph: encyclopedie-1765:3
    quote: "Pour jouer le reversis, on peut être quatre ou cinq personnes."
    topic: players
    rules: [deal]
    rulesets: [encyclopedie-1765]
    options: [players]
    gloss: Four or five play.
    status: stated
    example: |
      >>> 1 + 1
      2
"""


def _load(tmp_path: Path, text: str) -> None:
    folder = tmp_path / "encyclopedie-1765"
    folder.mkdir()
    (folder / "test.yaml").write_text(text, encoding="utf-8")
    load_annotations(tmp_path)


def test_a_good_file_loads(tmp_path: Path) -> None:
    folder = tmp_path / "encyclopedie-1765"
    folder.mkdir()
    (folder / "test.yaml").write_text(GOOD, encoding="utf-8")
    (annotation,) = load_annotations(tmp_path)
    assert (annotation.id, annotation.file, annotation.line, annotation.example_line) == (
        "enc1765-test",
        "annotations/encyclopedie-1765/test.yaml",
        3,
        13,
    )


@pytest.mark.parametrize(
    ("change", "message"),
    [
        pytest.param(
            ("    topic: players\n", "    topic: players\n    colour: red\n"),
            ":7: colour: unknown field",
            id="unknown-field",
        ),
        pytest.param(
            ('    quote: "Pour jouer le reversis, on peut être quatre ou cinq personnes."\n', ""),
            ":3: enc1765-test: missing field 'quote'",
            id="missing-quote",
        ),
        pytest.param(("quatre ou cinq", "six ou sept"), ":5: enc1765-test: quote: ", id="quote-not-found"),
        pytest.param(
            ("Pour jouer le reversis, on peut être quatre ou cinq personnes.", "le reversis"),
            "found 2 times in the clean text",
            id="quote-found-twice",
        ),
        pytest.param(
            ("encyclopedie-1765:3\n", "encyclopedie-1765:99\n"), ":4: enc1765-test: paragraph:", id="dangling-paragraph"
        ),
        pytest.param(
            ("rules: [deal]", "rules: [deal.nothing]"),
            ":7: enc1765-test: rules: engine rule 'deal.nothing'",
            id="unknown-rule",
        ),
        pytest.param(
            ("options: [players]", "options: [playerz]"),
            ":9: enc1765-test: options: option 'playerz'",
            id="unknown-option",
        ),
        pytest.param(
            ("rulesets: [encyclopedie-1765]", "rulesets: [hoyle]"),
            ":8: enc1765-test: rulesets: unknown",
            id="unknown-ruleset",
        ),
        pytest.param(
            ("status: stated", "status: sure"), ":11: enc1765-test: status: 'sure' is not one of", id="unknown-status"
        ),
        pytest.param(
            ("    topic: players\n", "    topic: players\n    topic: deal\n"),
            ":7: topic: given twice",
            id="duplicate-key",
        ),
        pytest.param(("annotations:\n", "annotations: [\n"), "malformed YAML", id="malformed-yaml"),
    ],
)
def test_a_bad_file_is_one_line_naming_file_line_and_problem(
    tmp_path: Path, change: tuple[str, str], message: str
) -> None:
    old, new = change
    assert old in GOOD
    with pytest.raises(AnnotationError) as err:
        _load(tmp_path, GOOD.replace(old, new, 1))
    text = str(err.value)
    assert text.startswith("annotations/encyclopedie-1765/test.yaml:")
    assert message in text
    assert "\n" not in text


def test_an_id_used_twice_names_both_places(tmp_path: Path) -> None:
    twice = GOOD + GOOD.split("annotations:\n", 1)[1]
    with pytest.raises(AnnotationError, match=r"test.yaml:15: enc1765-test: id already used at .*test.yaml:3"):
        _load(tmp_path, twice)


def test_a_statement_not_modelled_says_why(tmp_path: Path) -> None:
    text = GOOD.replace("status: stated", "status: not-modelled")
    with pytest.raises(AnnotationError, match=r"test.yaml:11: enc1765-test: status: a statement not modelled says why"):
        _load(tmp_path, text)


def test_a_statement_with_readings_is_not_stated(tmp_path: Path) -> None:
    # annotations/FORMAT.md, Statuses: words that allow more than one reading are interpreted
    readings = (
        "    readings:\n"
        "      - options: {players: 4}\n"
        "        default: true\n"
        "        says: Four play.\n"
        "        example: |\n"
        "          >>> 2 + 2\n"
        "          4\n"
        "      - options: {players: 5}\n"
        "        says: Five play.\n"
        "        example: |\n"
        "          >>> 2 + 3\n"
        "          5\n"
    )
    text = GOOD.replace("    example: |\n      >>> 1 + 1\n      2\n", readings)
    with pytest.raises(AnnotationError, match=r"test.yaml:11: enc1765-test: status: a statement with readings is"):
        _load(tmp_path, text)
    (tmp_path / "encyclopedie-1765" / "test.yaml").write_text(text.replace("status: stated", "status: interpreted"))
    (annotation,) = load_annotations(tmp_path)
    assert annotation.status == "interpreted"
