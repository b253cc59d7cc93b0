"""The glossary loads, lists every paragraph that uses its main terms, and bad files fail with one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from reversis.annotations import Term, load_glossary
from reversis.annotations.glossary import LANGUAGES, occurs
from reversis.core.errors import AnnotationError
from reversis.corpus import load_corpus

#: The terms whose paragraph lists must be complete: every paragraph that contains a spelling is listed.
MAIN_TERMS = [
    ("quinola", "fr"),
    ("talon", "fr"),
    ("poule", "fr"),
    ("bête", "fr"),
    ("espagnolette", "fr"),
    ("virlicque", "fr"),
    ("stecq", "nl"),
    ("fondo", "es"),
    ("quínola", "es"),
    ("napolitana", "es"),
]


def _terms() -> dict[tuple[str, str], Term]:
    return {(t.term, t.language): t for t in load_glossary()}


def test_the_glossary_loads() -> None:
    terms = load_glossary()
    assert len(terms) > 100
    assert {t.language for t in terms} == set(LANGUAGES)
    assert all(t.sense and t.spellings and t.paragraphs for t in terms)


def test_every_listed_paragraph_contains_a_spelling() -> None:
    corpus = load_corpus()
    for term in load_glossary():
        for paragraph_id in term.paragraphs:
            clean = corpus.paragraph(paragraph_id).clean.casefold()
            assert any(s.casefold() in clean for s in term.spellings), (term.term, paragraph_id)
            assert any(occurs(s, clean) for s in term.spellings), (term.term, paragraph_id)


@pytest.mark.parametrize(("term", "language"), MAIN_TERMS, ids=[t for t, _ in MAIN_TERMS])
def test_main_terms_list_every_paragraph_that_uses_them(term: str, language: str) -> None:
    entry = _terms()[(term, language)]
    using = [
        p.id
        for p in load_corpus().paragraphs()
        if any(s.casefold() in p.clean.casefold() for s in entry.spellings)  # even inside a longer word
    ]
    assert using
    assert sorted(set(using) - set(entry.paragraphs)) == []


def test_the_two_quinolas_differ() -> None:
    terms = _terms()
    assert terms[("quinola", "fr")].paragraphs[0].startswith("encyclopedie-1765:")
    assert all(p.startswith("revesino-es:") for p in terms[("quínola", "es")].paragraphs)
    assert "sota" in terms[("quínola", "es")].note and "jack of hearts" in terms[("quinola", "fr")].sense


def test_occurs_matches_whole_words_whatever_the_case() -> None:
    assert occurs("Quinola", "le quinola est jetté")
    assert occurs("premier en cartes", "le premier  en cartes doit")
    assert not occurs("stecq", "ROMESTECQ. ( jeu du )")
    assert not occurs("as", "il n’y a pas")


GOOD = """\
terms:
  - term: quinola
    language: fr
    spellings: [quinola]
    sense: The jack of hearts.
    paragraphs: ["encyclopedie-1765:4"]
    see: [talon]
  - term: talon
    language: fr
    spellings: [talon]
    sense: The stock.
    note: Three cards with four players.
    paragraphs: ["encyclopedie-1765:4", "encyclopedie-1765:5"]
"""


def _write(tmp_path: Path, text: str) -> Path:
    (tmp_path / "glossary.yaml").write_text(text, encoding="utf-8")
    return tmp_path


def test_a_good_file_loads(tmp_path: Path) -> None:
    quinola, talon = load_glossary(_write(tmp_path, GOOD))
    assert quinola == Term(
        term="quinola",
        language="fr",
        spellings=("quinola",),
        sense="The jack of hearts.",
        paragraphs=("encyclopedie-1765:4",),
        see=("talon",),
    )
    assert (quinola.line, talon.line, talon.note) == (2, 8, "Three cards with four players.")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        pytest.param(
            ("    sense: The stock.\n", "    sense: The stock.\n    colour: red\n"),
            ":12: talon: colour: unknown field",
            id="unknown-field",
        ),
        pytest.param(
            ("    sense: The jack of hearts.\n", ""), ":2: quinola: missing field 'sense'", id="missing-field"
        ),
        pytest.param(
            ("language: fr\n    spellings: [talon]", "language: de\n    spellings: [talon]"),
            ":9: talon: language 'de' is not one of fr, es, nl",
            id="language",
        ),
        pytest.param(
            ('["encyclopedie-1765:4"]\n', '["encyclopedie-1765:99"]\n'),
            ":6: quinola: paragraphs: ",
            id="unknown-paragraph",
        ),
        pytest.param(
            ('["encyclopedie-1765:4"]\n', '["encyclopedie-1765:5"]\n'),
            ":6: quinola: paragraphs: encyclopedie-1765:5 contains none of quinola",
            id="spelling-not-in-paragraph",
        ),
        pytest.param(
            ("spellings: [quinola]", "spellings: [quinola, quinolas]"),
            ":4: quinola: spellings: 'quinolas' occurs in none of its paragraphs",
            id="spelling-nowhere",
        ),
        pytest.param(
            ("  - term: talon\n", "  - term: quinola\n"),
            ":8: quinola: term given twice (fr; first at line 2)",
            id="term-twice",
        ),
        pytest.param(("see: [talon]", "see: [pool]"), ":7: quinola: see: 'pool' names no term", id="see-unknown"),
        pytest.param(("see: [talon]", "see: [quinola]"), ":7: quinola: see: names the term itself", id="see-self"),
        pytest.param(
            ('paragraphs: ["encyclopedie-1765:4", "encyclopedie-1765:5"]', 'paragraphs: ["encyclopedie-1765:4"'),
            ": malformed YAML",
            id="malformed",
        ),
        pytest.param(("terms:\n", "entries:\n"), ":1: the glossary has exactly one key, 'terms'", id="top-key"),
        pytest.param(
            ('["encyclopedie-1765:4", "encyclopedie-1765:5"]', '["encyclopedie-1765:4", "encyclopedie-1765:4"]'),
            ":13: talon: paragraphs: encyclopedie-1765:4 given twice",
            id="paragraph-twice",
        ),
        pytest.param(
            ("spellings: [talon]", "spellings: []"),
            ":10: talon: spellings: expected a non-empty list",
            id="no-spellings",
        ),
    ],
)
def test_bad_files_fail_with_one_line(tmp_path: Path, change: tuple[str, str], message: str) -> None:
    old, new = change
    assert GOOD.count(old) == 1
    with pytest.raises(AnnotationError) as info:
        load_glossary(_write(tmp_path, GOOD.replace(old, new)))
    text = str(info.value)
    assert "\n" not in text
    assert text.startswith("annotations/glossary.yaml:")
    assert message in text


def test_a_missing_file_is_one_line(tmp_path: Path) -> None:
    with pytest.raises(AnnotationError, match=r"^annotations/glossary\.yaml:1: cannot be read"):
        load_glossary(tmp_path)
