"""The real corpus as a whole: every source loads, cross-references resolve, pages are known where printed."""

from __future__ import annotations

from corpus_fixtures import REAL_CORPUS, real_source_ids

from reversis.corpus import load_corpus
from reversis.corpus.load import page_breaks


def test_every_source_folder_loads_as_a_source() -> None:
    assert [s.id for s in load_corpus(REAL_CORPUS).sources] == real_source_ids()


def test_every_cross_reference_resolves_to_a_paragraph_or_is_external() -> None:
    corpus = load_corpus(REAL_CORPUS)
    for source in corpus.sources:
        for entry in source.entries:
            for ref in entry.see:
                if ref.external:
                    assert ref.resolved is None, (source.id, entry.title, ref.target)
                else:
                    assert ref.resolved is not None, (source.id, entry.title, ref.target)
                    corpus.paragraph(ref.resolved)


def test_every_entry_paragraph_exists_and_entries_do_not_overlap() -> None:
    corpus = load_corpus(REAL_CORPUS)
    for source in corpus.sources:
        seen: set[str] = set()
        for entry in source.entries:
            for pid in entry.paragraphs:
                assert corpus.paragraph(pid).source == source.id
                assert pid not in seen, (source.id, entry.title, pid)
                seen.add(pid)


def test_paragraph_pages_follow_the_page_breaks() -> None:
    for source in load_corpus(REAL_CORPUS).sources:
        breaks = page_breaks(source.blocks)
        pages = [p.page for p in source.paragraphs]
        if breaks:
            assert pages[-1] is not None, source.id
        assert {p for p in pages if p is not None} <= {*breaks, *(str(x) for x in source.record.get("pages") or [])} | {
            _first(source.record.get("page"))
        }, source.id


def _first(page: object) -> str | None:
    return str(page).split("-")[0] if page not in (None, "") else None
