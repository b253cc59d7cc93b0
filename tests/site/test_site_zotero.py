"""What a reference manager reads from a source's page: the tags that Zotero's Embedded Metadata
translator reads (github.com/zotero/translators, "Embedded Metadata.js", and the RDF translator it
hands its ``DC.``, ``eprints.`` and ``og:`` tags to), checked on the built pages.

The translator's rules, restated in ``zotero_item`` (in our words, not its code): the item type
comes from the Highwire Press tags (``citation_inbook_title`` or ``citation_book_title``: a book
section; ``citation_journal_title``: a journal article; ``citation_title`` alone: a guess of journal
article), else, for a page with Open Graph tags, from its RDF (``og:type`` ``website``: a web page).
The fields: ``citation_title``, ``citation_date`` (or ``citation_publication_date``),
``citation_inbook_title`` (the book's title), ``citation_series_title``, ``citation_volume``,
``citation_firstpage`` and ``citation_lastpage`` (the pages), ``citation_publisher``, the place of
publication from ``eprints.place_of_pub`` (through the RDF translator), the creators from
``citation_author`` and ``citation_editor``; the language from ``citation_language``, else a
``language`` meta tag, else the ``lang`` of the page (the site's pages are ``en``); the abstract from
``citation_abstract``, else the page's ``description``. To see it done by Zotero itself, run its
translation server beside the built site (README, "Checking the citations").
"""

from __future__ import annotations

from pathlib import Path

import pytest
from lxml import html

from reversis.corpus import load_corpus
from reversis.corpus.markup import collapse

CORPUS = load_corpus()
SOURCES = [source.id for source in CORPUS.sources]


def _head(built_site: Path, source_id: str) -> dict[str, list[str]]:
    """The page's meta tags: name (or property) → values, in the order of the page."""
    tree = html.parse(str(built_site / "sources" / source_id / "index.html"))
    tags: dict[str, list[str]] = {}
    for meta in tree.iter("meta"):
        name = meta.get("name") or meta.get("property")
        if name and meta.get("content") is not None:
            tags.setdefault(name, []).append(meta.get("content"))
    return tags


def zotero_type(tags: dict[str, list[str]]) -> str | None:
    """The item type the Embedded Metadata translator gives a page with these tags."""
    if "citation_inbook_title" in tags or "citation_book_title" in tags:
        return "bookSection"
    if "citation_journal_title" in tags:
        return "journalArticle"
    if "citation_title" in tags:
        return "journalArticle"  # the translator's guess when a page has no other Highwire tag
    if tags.get("og:type") == ["website"]:
        return "webpage"
    return None


def _first(tags: dict[str, list[str]], *names: str) -> str | None:
    return next((tags[name][0] for name in names if tags.get(name)), None)


def zotero_item(tags: dict[str, list[str]], *, page_language: str = "en") -> dict[str, object]:
    """The fields of the item the Embedded Metadata translator makes of a page with these tags."""
    first, last = _first(tags, "citation_firstpage"), _first(tags, "citation_lastpage")
    return {
        "itemType": zotero_type(tags),
        "title": _first(tags, "citation_title", "og:title"),
        "creators": [(name, "author") for name in tags.get("citation_author", [])]
        + [(name, "editor") for name in tags.get("citation_editor", [])],
        "date": _first(tags, "citation_date", "citation_publication_date"),
        "bookTitle": _first(tags, "citation_inbook_title", "citation_book_title"),
        "series": _first(tags, "citation_series_title"),
        "volume": _first(tags, "citation_volume"),
        "pages": f"{first}-{last}" if first and last else first,
        "publisher": _first(tags, "citation_publisher"),
        "place": _first(tags, "eprints.place_of_pub"),
        "language": _first(tags, "citation_language", "language") or page_language,
        "abstractNote": _first(tags, "citation_abstract", "description"),
    }


def test_the_rules_tell_the_pages_zotero_misread_before() -> None:
    """The rules restated above give what the issue saw Zotero give (a journal article for a page with
    only a title; a web page read as English; no place; the site's description as the abstract), so
    that the test below can fail."""
    assert zotero_type({"citation_title": ["Revesino"]}) == "journalArticle"
    assert zotero_type({"citation_title": ["x"], "citation_inbook_title": ["y"]}) == "bookSection"
    assert zotero_type({"og:type": ["website"], "og:title": ["Revesino"]}) == "webpage"
    before = zotero_item({"og:type": ["website"], "description": ["A reference for the card game"]})
    assert before["language"] == "en" and before["place"] is None
    assert before["abstractNote"] == "A reference for the card game"


def _expected_pages(page: object) -> str | None:
    return "-".join(part.strip() for part in str(page).replace("–", "-").split("-", 1)) if page else None


@pytest.mark.parametrize("source_id", SOURCES)
def test_each_source_page_gives_zotero_the_record(built_site: Path, source_id: str) -> None:
    source = next(s for s in CORPUS.sources if s.id == source_id)
    record = source.record
    tags = _head(built_site, source_id)
    item = zotero_item(tags)
    expected = {"webpage": "webpage", "chapter": "bookSection"}.get(str(record["type"]), "bookSection")
    assert item["itemType"] == expected, tags
    assert item["title"] == collapse(str(record["title"]))
    names = [(f"{n['family']}, {n['given']}", role) for role in ("author", "editor") for n in record.get(role) or []]
    assert item["creators"] == names
    assert item["language"] == source.language
    # the source's own description, not the site's
    assert item["abstractNote"] == collapse(str(record["description"]))
    assert tags["description"] == [collapse(str(record["description"]))]
    years = (record.get("issued") or {}).get("date-parts")
    if years:
        assert item["date"] == "–".join(dict.fromkeys(str(part[0]) for part in years))
    assert item["place"] == record.get("publisher-place")
    assert item["series"] == record.get("collection-title")
    assert item["publisher"] == record.get("publisher")
    assert item["pages"] == _expected_pages(record.get("page"))
    if expected == "bookSection":
        assert item["bookTitle"] == collapse(str(record["container-title"]))
        assert item["volume"] == (str(record["volume"]) if record.get("volume") else None)
    else:
        assert not [name for name in tags if name.startswith("citation_")], tags
        assert tags["og:url"][0].endswith(f"/sources/{source_id}/")


def test_the_encyclopedie_names_its_editors_and_its_place() -> None:
    """The Encyclopédie's record names Diderot and d'Alembert and Neufchastel; the dictionary's, its
    series and Paris; the espagnolette's, its pages (the page tags are checked above against them)."""
    records = {s.id: s.record for s in CORPUS.sources}
    assert [e["family"] for e in records["encyclopedie-1765"]["editor"]] == ["Diderot", "d'Alembert"]
    assert records["encyclopedie-1765"]["publisher-place"] == "Neufchastel"
    assert records["dictionnaire-jeux-r"]["collection-title"] == "Encyclopédie méthodique"
    assert records["dictionnaire-jeux-r"]["publisher-place"] == "Paris"
    assert records["espagnolette-19c"]["page"] == "[94]-98"
