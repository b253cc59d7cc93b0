"""The ``reversis.corpus`` API on a small corpus built for the test."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from conftest import MakeCorpus

from reversis.corpus import Corpus, CorpusError, Paragraph, load_corpus, parse_paragraph_id
from reversis.corpus.load import CORPUS_ENV
from reversis.corpus.load import corpus_root as find_corpus_root


def test_load_corpus_reads_every_source_sorted_by_id(corpus_root: Path) -> None:
    corpus = load_corpus(corpus_root)
    assert [s.id for s in corpus.sources] == ["dico-test", "plain-test"]
    assert corpus.source("plain-test").title == "El revesino"


def test_paragraph_has_id_numbers_page_texts_and_translation(corpus_root: Path) -> None:
    para = load_corpus(corpus_root).paragraph("dico-test:2")
    assert isinstance(para, Paragraph)
    assert (para.id, para.source, para.number, para.printed_number) == ("dico-test:2", "dico-test", "2", "1")
    assert para.page == "95"
    assert para.clean == "Ce jeu se joue à deux, & il est fort divertissant. On y joue avec < trente-six cartes."
    assert para.ocr == "Ce jeu fe joue à deux, & il eft fort divertif- fant. On y joue avec < trente-fix cartes."
    assert para.translation.startswith("This game is played by two, and it is *very* amusing.")
    assert para.anchor == "p2" and para.xml_id == "dico-test.p2"


def test_page_comes_from_page_breaks_then_from_the_record(corpus_root: Path) -> None:
    corpus = load_corpus(corpus_root)
    pages = {p.id: p.page for p in corpus.paragraphs()}
    assert pages == {
        "dico-test:1": "95",  # the first of `pages` in source.yaml
        "dico-test:2": "95",
        "dico-test:3": "96",  # after <!-- pb n="96" -->
        "dico-test:4": "96",
        "dico-test:5": "96",
        "plain-test:1": None,  # no page known
        "plain-test:2": None,
    }


@pytest.mark.parametrize(
    ("record_change", "first_page"),
    [
        (('pages: ["95", "96"]', 'pages: ["96"]'), None),  # the first break turns to pages[0]: p1 is before it
        (('page: "95-96"', 'page: "[95]-96"'), "[95]"),  # `page` comes first, as printed or inferred
    ],
)
def test_first_page_is_the_record_page_or_unknown_before_the_first_break(
    make_corpus: MakeCorpus, record_change: tuple[str, str], first_page: str | None
) -> None:
    old, new = record_change
    if first_page is None:
        changes = {"dico-test/source.yaml": lambda t: t.replace(old, new).replace('page: "95-96"\n', "")}
    else:
        changes = {"dico-test/source.yaml": lambda t: t.replace(old, new)}
    corpus = load_corpus(make_corpus(changes))
    assert [corpus.paragraph(f"dico-test:{n}").page for n in (1, 2, 3)] == [first_page, first_page, "96"]


def test_corrections_carry_kind_class_sides_note_and_alternatives(corpus_root: Path) -> None:
    para = load_corpus(corpus_root).paragraph("dico-test:3")
    doubtful, editorial = para.corrections
    assert (doubtful.kind, doubtful.cls, doubtful.ocr, doubtful.clean) == ("sub", "doubtful", "f#ro«", "force")
    assert doubtful.alternatives == ("force", "forçait")
    assert doubtful.reason == "the OCR is unreadable"
    assert (editorial.kind, editorial.cls, editorial.clean, editorial.note) == (
        "ins",
        "editorial",
        "le ",
        "word missing in the print",
    )
    assert all(c.paragraph == "dico-test:3" for c in para.corrections)


def test_source_corrections_include_the_excluded_blocks(corpus_root: Path) -> None:
    source = load_corpus(corpus_root).source("dico-test")
    excluded = [c for c in source.corrections if c.cls == "excluded"]
    assert [(c.ocr, c.paragraph, c.line) for c in excluded] == [("Site title | Menu", None, 5)]


def test_objects_are_frozen_and_constructors_keyword_only(corpus_root: Path) -> None:
    para = load_corpus(corpus_root).paragraph("dico-test:1")
    with pytest.raises(dataclasses.FrozenInstanceError):
        para.page = "1"  # type: ignore[misc]
    with pytest.raises(TypeError):
        Corpus(corpus_root, ())  # type: ignore[call-arg]


def test_loading_is_cached_until_a_file_changes(corpus_root: Path) -> None:
    first = load_corpus(corpus_root)
    assert load_corpus(corpus_root) is first
    path = corpus_root / "plain-test" / "translation.md"
    path.write_text(path.read_text(encoding="utf-8").replace("by four", "by four players"), encoding="utf-8")
    second = load_corpus(corpus_root)
    assert second is not first
    assert second.paragraph("plain-test:2").translation == "It is played by four players."


def test_corpus_root_is_overridable_by_the_environment(corpus_root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(CORPUS_ENV, str(corpus_root))
    assert find_corpus_root() == corpus_root.resolve()
    assert [s.id for s in load_corpus().sources] == ["dico-test", "plain-test"]


def test_default_corpus_root_is_the_repository_corpus_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(CORPUS_ENV, raising=False)
    assert find_corpus_root() == (Path(__file__).resolve().parents[2] / "corpus").resolve()


def test_cross_references_resolve_to_an_entry_or_are_external(corpus_root: Path) -> None:
    ruban = load_corpus(corpus_root).source("dico-test").entries[1]
    assert ruban.title == "RUBAN (jeu du)"
    assert [(r.target, r.external, r.resolved, r.paragraph) for r in ruban.see] == [
        ("Jeu de la Sellette", True, None, "dico-test:5"),
        ("Romestecq", False, "dico-test:1", "dico-test:5"),
    ]


@pytest.mark.parametrize(
    ("paragraph_id", "message"),
    [
        ("dico-test:99", "unknown paragraph id 'dico-test:99' (dico-test has p1–p5)"),
        ("nowhere:1", "unknown paragraph id 'nowhere:1': no source 'nowhere' (sources: dico-test, plain-test)"),
        ("dico-test", "malformed paragraph id 'dico-test' (expected SOURCE-ID:N, e.g. encyclopedie-1765:7)"),
        ("dico-test:seven", "malformed paragraph id 'dico-test:seven'"),
    ],
)
def test_unknown_or_malformed_paragraph_id_is_a_clear_corpus_error(
    corpus_root: Path, paragraph_id: str, message: str
) -> None:
    with pytest.raises(CorpusError) as info:
        load_corpus(corpus_root).paragraph(paragraph_id)
    assert str(info.value).startswith(message)


def test_paragraph_id_may_spell_the_p() -> None:
    assert parse_paragraph_id("revesino-es:p7a") == ("revesino-es", "7a")


def test_unknown_source_id_names_the_known_sources(corpus_root: Path) -> None:
    with pytest.raises(CorpusError, match=r"unknown source id 'x' \(sources: dico-test, plain-test\)"):
        load_corpus(corpus_root).source("x")


def test_a_folder_without_source_files_is_not_a_source(make_corpus: MakeCorpus) -> None:
    root = make_corpus()
    (root / "notes").mkdir()
    (root / "notes" / "README.md").write_text("not a source\n", encoding="utf-8")
    assert [s.id for s in load_corpus(root).sources] == ["dico-test", "plain-test"]
