"""What a reference manager reads from a source's page: the tags that Zotero's Embedded Metadata
translator reads (github.com/zotero/translators, "Embedded Metadata.js"), checked on the built pages.

The translator types an item by the Highwire Press tags it finds: ``citation_inbook_title`` or
``citation_book_title`` make a book section, ``citation_journal_title`` a journal article, and a
page whose only such tag is ``citation_title`` is guessed to be a journal article; a page with no
Highwire tag but Open Graph tags is read through its RDF, where ``og:type`` ``website`` is a web
page. It takes the editors from ``citation_editor`` and the abstract from the page's ``description``.
``zotero_type`` below restates that rule, so that each page is checked against what Zotero would
make of it. To see it done by Zotero itself, run its translation server (github.com/zotero/
translation-server) beside the built site and post each page's address to its ``/web`` endpoint.
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


def test_the_rule_tells_the_pages_zotero_misread_before() -> None:
    """The rule restated above gives the types the issue saw Zotero give (a book section; a journal
    article for a page with only a title), so that the test below can fail."""
    assert zotero_type({"citation_title": ["Revesino"]}) == "journalArticle"
    assert zotero_type({"citation_title": ["x"], "citation_inbook_title": ["y"]}) == "bookSection"
    assert zotero_type({"og:type": ["website"], "og:title": ["Revesino"]}) == "webpage"


@pytest.mark.parametrize("source_id", SOURCES)
def test_each_source_page_is_read_as_what_it_is(built_site: Path, source_id: str) -> None:
    source = next(s for s in CORPUS.sources if s.id == source_id)
    record = source.record
    tags = _head(built_site, source_id)
    expected = {"webpage": "webpage", "chapter": "bookSection"}.get(str(record["type"]), "bookSection")
    assert zotero_type(tags) == expected, tags
    # the page's own description, not the site's, which Zotero would take for the abstract
    assert tags["description"] == [collapse(str(record["description"]))]
    editors = [f"{e['family']}, {e['given']}" for e in record.get("editor") or []]
    assert tags.get("citation_editor", []) == editors
    if expected == "webpage":
        assert not [name for name in tags if name.startswith("citation_")], tags
        assert tags["og:title"] == [collapse(str(record["title"]))]
        assert tags["og:url"][0].endswith(f"/sources/{source_id}/")


def test_the_encyclopedie_names_its_editors() -> None:
    """The Encyclopédie's record names Diderot and d'Alembert (its page's citation_editor tags are
    checked above against the record)."""
    record = next(s for s in CORPUS.sources if s.id == "encyclopedie-1765").record
    assert [e["family"] for e in record["editor"]] == ["Diderot", "d'Alembert"]
