"""Readings of the real corpus that a second reading fixed: each test pins one of them."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from corpus_fixtures import REAL_CORPUS, REPO

from reversis.corpus import CorpusError, load_bibliography, load_corpus

#: Every word with an "f" left in the clean text of the long-s print, each checked against the sense.
CHECKED_F_WORDS = {
    "FORTUNE", "Futaie", "afin", "différens", "efface", "effacer", "enfin", "faire", "fait", "faite",
    "faut", "faux", "façon", "forme", "fort", "neufs", "parfaitement", "perfections",
}  # fmt: skip


def test_no_long_s_is_left_unread_in_the_dictionary() -> None:
    source = load_corpus(REAL_CORPUS).source("dictionnaire-jeux-r")
    words = {w for p in source.paragraphs for w in re.findall(r"\w+", p.clean) if "f" in w.casefold()}
    assert words <= CHECKED_F_WORDS, sorted(words - CHECKED_F_WORDS)
    assert "l’on sera obligé" in source.paragraph("8").clean


def test_every_doubtful_reading_lists_the_chosen_reading_first_and_readings_only() -> None:
    for source in load_corpus(REAL_CORPUS).sources:
        for c in source.corrections:
            if c.cls == "doubtful":
                assert c.alternatives[0] == " ".join(c.clean.split()), c
                assert not any("OCR" in a for a in c.alternatives), c


@pytest.mark.parametrize(
    ("paragraph_id", "ocr", "cls", "alternatives"),
    [
        ("dictionnaire-jeux-r:13", "appelle", "doubtful", ("appelle", "appellé", "appelé")),
        ("dictionnaire-jeux-r:40", "efface", "doubtful", ("efface", "effacé")),
        ("espagnolette-19c:10", ")Otté", "doubtful", ("jetté", "jeté", "joué", "ôté")),
        ("espagnolette-19c:11", "forçant", "editorial", ()),
    ],
)
def test_second_reading_corrections(paragraph_id: str, ocr: str, cls: str, alternatives: tuple[str, ...]) -> None:
    (found,) = [c for c in load_corpus(REAL_CORPUS).paragraph(paragraph_id).corrections if c.ocr == ocr]
    assert (found.cls, found.alternatives) == (cls, alternatives)
    if cls == "editorial":
        assert found.note.startswith("conjecture")


def test_the_page_98_line_is_one_running_head_and_p14_is_retired() -> None:
    source = load_corpus(REAL_CORPUS).source("espagnolette-19c")
    assert source.paragraphs[-1].number == "13"
    (head,) = [c for c in source.corrections if "MOUCHE" in c.ocr]
    assert (head.ocr, head.cls, head.paragraph) == ("Q% DK LA MOUCHE.", "furniture", None)
    assert head.note.startswith('running head "98 DE LA MOUCHE."')


@pytest.mark.parametrize(
    ("paragraph_id", "wanted", "unwanted"),
    [
        ("espagnolette-19c:1", "Hoyle's Games Improved", "in other witnesses"),
        ("espagnolette-19c:6", "from the player whose Reversis he broke", "from the one whom he has broken ["),
        ("dictionnaire-jeux-r:8", "come and say [her name] in the ear", "say her name"),
        ("dictionnaire-jeux-r:28", "see p35", "aces and kings]"),
        ("dictionnaire-jeux-r:4", "RETIRE-TOI DE-LA [", "DE-LÀ"),
        ("encyclopedie-1765:4", "the holder of the quinola paying one to each player", "\x00"),
    ],
)
def test_translations_of_the_second_reading(paragraph_id: str, wanted: str, unwanted: str) -> None:
    translation = " ".join(load_corpus(REAL_CORPUS).paragraph(paragraph_id).translation.split())
    assert wanted in translation and unwanted not in translation


def test_model_validate_and_load_import_one_way() -> None:
    def imports(name: str) -> set[str]:
        tree = ast.parse((REPO / "reversis" / "corpus" / f"{name}.py").read_text(encoding="utf-8"))
        return {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}

    assert not imports("model") & {"reversis.corpus.validate", "reversis.corpus.load"}
    assert "reversis.corpus.load" not in imports("validate")
    assert "reversis.corpus.model" in imports("validate") and "reversis.corpus.validate" in imports("load")


def test_the_bibliography_loads_with_what_each_source_was_used_for() -> None:
    entries = load_bibliography(REAL_CORPUS / "bibliography.yaml")
    ids = {e.id for e in entries}
    assert {
        "hoyle-games-improved", "hague-rules-1785", "parlett-history-card-games", "parlett-reversis-page",
        "wikisource-encyclopedie-reversis", "encyclopedie-eu-reversis", "wikipedia-es-revesino",
        "wikipedia-en-romestecq", "openspiel", "ludii",
    } <= ids  # fmt: skip
    assert all(e.used_for and e.csl["title"] for e in entries)
    assert "not identified" in next(e for e in entries if e.id == "hoyle-games-improved").unknown


BAD_BIBLIOGRAPHIES = [
    ('type: book\n  title: "Hoyle', 'type: bok\n  title: "Hoyle', ":7: entry.type: 'bok'"),
    ("  used_for: >-\n    The English", "  usedfor: >-\n    The English", ":6: entry 1 has no 'used_for'"),
    ("id: hague-rules-1785", "id: hoyle-games-improved", "duplicate id 'hoyle-games-improved'"),
    ("- id: ludii", "- [oops\n- id: ludii", "invalid YAML"),
]


@pytest.mark.parametrize(("old", "new", "message"), BAD_BIBLIOGRAPHIES)
def test_a_bad_bibliography_is_a_one_line_error_naming_file_and_line(
    tmp_path: Path, old: str, new: str, message: str
) -> None:
    text = (REAL_CORPUS / "bibliography.yaml").read_text(encoding="utf-8")
    assert text.count(old) == 1
    path = tmp_path / "bibliography.yaml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    with pytest.raises(CorpusError) as info:
        load_bibliography(path)
    assert str(info.value).startswith(str(path)) and message in str(info.value) and "\n" not in str(info.value)


@pytest.mark.parametrize(
    ("paragraph_id", "wanted", "unwanted"),
    [
        pytest.param(
            "dictionnaire-jeux-r:36", "down to the lowest following", "the next lower one", id="p36-superlative"
        ),
        pytest.param(
            "dictionnaire-jeux-r:45", "of a suit of which one has none", "[the next player]", id="p45-no-added-player"
        ),
        pytest.param(
            "dictionnaire-jeux-r:31",
            "either claims three marks he has not, or charges another",
            "falsely declares",
            id="p31-both-readings-of-accuse",
        ),
        pytest.param(
            "dictionnaire-jeux-r:28", "*village* [two pairs; see p36]", "neighbouring", id="p28-no-adjacent-village"
        ),
    ],
)
def test_translations_of_the_third_reading(paragraph_id: str, wanted: str, unwanted: str) -> None:
    """Issue 18, point 21: p36 keeps "la plus basse", p45 adds no player, p31 and p28 choose no reading."""
    translation = " ".join(load_corpus(REAL_CORPUS).paragraph(paragraph_id).translation.split())
    assert wanted in translation and unwanted not in translation
