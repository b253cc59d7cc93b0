"""Bad corpus input is a CorpusError whose one-line message names the file, the line and the problem."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import MakeCorpus

from reversis.corpus import CorpusError, load_corpus


def replace(old: str, new: str) -> Callable[[str], str]:
    def change(text: str) -> str:
        assert old in text, old
        return text.replace(old, new, 1)

    return change


TRANS = "dico-test/transcription.md"
TRANSL = "dico-test/translation.md"
RECORD = "dico-test/source.yaml"

# (what is wrong, the file changed, the change, the file named, the line named, the problem)
CASES: list[tuple[str, str, Callable[[str], str], str, int, str]] = [
    ("paragraph-without-id", TRANS, replace("{: #p4 }\n", ""), TRANS, 23, "paragraph without id"),
    (
        "correction-not-in-ocr",
        TRANS,
        replace("fort diverti", "{~~forte~>fort~~}{>>ocr<<} diverti"),
        TRANS,
        11,
        r"round trip fails in p2: rejecting the changes gives .*eft forte diverti.* "
        r"where ocr\.txt has .*eft fort diverti",
    ),
    (
        "text-dropped-from-ocr",
        TRANS,
        replace("pour commencer", "pour"),
        TRANS,
        20,
        r"round trip fails in p3",
    ),
    (
        "ocr-not-all-transcribed",
        TRANS,
        replace("Voyez à l'article Jeu de la Sellette, & {~~Romeftecq~>Romestecq~~}{>>long-s<<}.\n{: #p5 }\n", ""),
        TRANS,
        23,
        r"the transcription ends before ocr\.txt, which goes on with \"Voyez",
    ),
    (
        "duplicate-id",
        TRANS,
        replace("{: #p5 }", "{: #p4 }"),
        TRANS,
        27,
        r"duplicate paragraph id p4 \(first at line 23\)",
    ),
    ("ids-out-of-order", TRANS, replace("{: #p5 }", "{: #p3a }"), TRANS, 26, "p3a comes after p4"),
    ("unknown-class", TRANS, replace("{>>long-s<<}", "{>>longs<<}"), TRANS, 10, "unknown correction class 'longs'"),
    (
        "unbalanced-markup",
        TRANS,
        replace("(Jeu du)~~}{>>ocr<<}", "(Jeu du){>>ocr<<}"),
        TRANS,
        23,
        "unbalanced CriticMarkup",
    ),
    (
        "correction-without-class",
        TRANS,
        replace("{~~eft~>est~~}{>>long-s<<}", "{~~eft~>est~~}"),
        TRANS,
        10,
        "correction 'eft' has no class comment after it",
    ),
    (
        "doubtful-without-alternatives",
        TRANS,
        replace("doubtful: force | forçait;", "doubtful: force;"),
        TRANS,
        19,
        "a doubtful reading must list its alternatives",
    ),
    (
        "doubtful-chosen-not-first",
        TRANS,
        replace("doubtful: force | forçait;", "doubtful: forçait | force;"),
        TRANS,
        19,
        "a doubtful reading must list the reading chosen first: 'force', not 'forçait'",
    ),
    (
        "doubtful-prose-in-alternatives",
        TRANS,
        replace("doubtful: force | forçait;", "doubtful: force | forçait as the OCR reads;"),
        TRANS,
        19,
        "alternative 'forçait as the OCR reads' of a doubtful reading is not a reading",
    ),
    (
        "front-matter-source",
        TRANS,
        replace("source: dico-test", "source: dico"),
        TRANS,
        2,
        "front matter source 'dico'",
    ),
    (
        "translation-missing",
        TRANSL,
        replace("RUBAN (the game of)\n{: #p4 }\n", ""),
        TRANSL,
        15,
        r"p4 is not translated \(p5 comes here\)",
    ),
    (
        "translation-extra-id",
        TRANSL,
        replace("{: #p5 }", "{: #p5 }\n\nMore.\n{: #p6 }"),
        TRANSL,
        20,
        "p6 is not a paragraph",
    ),
    ("translation-empty", TRANSL, replace("RUBAN (the game of)\n", ""), TRANSL, 14, "p4 has an empty translation"),
    (
        "translation-out-of-order",
        TRANSL,
        replace(
            "RUBAN (the game of)\n{: #p4 }\n\nSee the article *Jeu de la Sellette*, & Romestecq.\n{: #p5 }",
            "See the article *Jeu de la Sellette*, & Romestecq.\n{: #p5 }\n\nRUBAN (the game of)\n{: #p4 }",
        ),
        TRANSL,
        14,
        r"p5 is out of order \(expected p4 here",
    ),
    ("translation-duplicate", TRANSL, replace("{: #p4 }", "{: #p5 }"), TRANSL, 18, r"duplicate paragraph id p5"),
    (
        "translation-front-matter",
        TRANSL,
        replace("source: dico-test", "source: plain-test"),
        TRANSL,
        2,
        "does not match",
    ),
    (
        "record-missing-field",
        RECORD,
        replace("provenance: Made up for the tests.\n", ""),
        RECORD,
        1,
        "required field 'provenance'",
    ),
    ("record-wrong-id", RECORD, replace("id: dico-test", "id: dico"), RECORD, 1, "id: id 'dico' does not match"),
    (
        "record-bad-type",
        RECORD,
        replace("type: entry-dictionary", "type: dictionary"),
        RECORD,
        2,
        "not a CSL item type",
    ),
    ("record-bad-yaml", RECORD, replace('volume: "2"', 'volume: "2'), RECORD, 6, "invalid YAML"),
    (
        "record-known-not-a-list",
        RECORD,
        replace("known:\n  - It is a test.", "known: yes"),
        RECORD,
        13,
        "known: must be a list of strings",
    ),
    (
        "entry-paragraph-unknown",
        RECORD,
        replace("paragraphs: [4, 5]", "paragraphs: [4, 50]"),
        RECORD,
        23,
        r"entries\[1\]\.paragraphs\[1\]: paragraph 50 is not in the transcription",
    ),
    (
        "cross-reference-unresolved",
        RECORD,
        replace('target: "Romestecq"', 'target: "Jeu du Piquet"'),
        RECORD,
        28,
        "cross-reference 'Jeu du Piquet' resolves to no entry of the corpus",
    ),
    (
        "cross-reference-falsely-external",
        RECORD,
        replace('target: "Jeu de la Sellette"', 'target: "Romestecq (jeu du)"'),
        RECORD,
        25,
        "declared external but the corpus has it",
    ),
]


@pytest.mark.parametrize(("what", "changed", "change", "named", "line", "problem"), CASES, ids=[c[0] for c in CASES])
def test_bad_input_is_a_one_line_error_naming_file_line_and_problem(
    make_corpus: MakeCorpus,
    what: str,
    changed: str,
    change: Callable[[str], str],
    named: str,
    line: int,
    problem: str,
) -> None:
    root = make_corpus({changed: change})
    with pytest.raises(CorpusError) as info:
        load_corpus(root)
    message = str(info.value)
    assert "\n" not in message
    where = f"{root.resolve() / named}:{line}: "
    assert message.startswith(where), message
    assert re.search(problem, message[len(where) :]), message


def test_a_missing_file_is_named(make_corpus: MakeCorpus) -> None:
    root = make_corpus()
    (root / "plain-test" / "translation.md").unlink()
    with pytest.raises(CorpusError, match=r"plain-test/translation\.md: missing"):
        load_corpus(root)


def test_a_missing_corpus_folder_is_named(tmp_path: Path) -> None:
    with pytest.raises(CorpusError, match="corpus folder not found"):
        load_corpus(tmp_path / "nowhere")
