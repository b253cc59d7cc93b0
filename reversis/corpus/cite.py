"""Citing a paragraph of the corpus: ``reversis cite PARAGRAPH-ID [--format …]``.

:func:`cite` gives a ready citation of one paragraph as plain text, BibTeX or
CSL-JSON (a one-item array). Each names the source, the work, the volume, the
page the paragraph starts on, the paragraph id, and the paragraph's URL on the
site (:func:`paragraph_url`).

>>> paragraph_url("encyclopedie-1765", "7")
'https://reversis-reference.github.io/reversis/sources/encyclopedie-1765/#p7'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from reversis.corpus.bib import bibtex_entry, csl_item, dump_csl, issued_year
from reversis.corpus.load import load_corpus
from reversis.corpus.model import Corpus, Paragraph, Source, paragraph_anchor
from reversis.errors import CorpusError

__all__ = ["FORMATS", "SITE_URL", "cite", "paragraph_url", "source_url", "text_citation"]

#: The site's address (``site_url`` of ``mkdocs.yml``), ending with a slash.
SITE_URL = "https://reversis-reference.github.io/reversis/"
#: The formats :func:`cite` knows.
FORMATS = ("text", "bibtex", "csl-json")


def source_url(source_id: str) -> str:
    """The page of a source on the site."""
    return f"{SITE_URL}sources/{source_id}/"


def paragraph_url(source_id: str, number: str) -> str:
    """The address of a paragraph on its source's page."""
    return f"{source_url(source_id)}#{paragraph_anchor(number)}"


def cite(paragraph_id: str, *, fmt: str = "text", corpus: Corpus | None = None) -> str:
    """A citation of the paragraph ``paragraph_id`` (``"encyclopedie-1765:7"``) in format ``fmt``.

    ``fmt`` is ``text``, ``bibtex`` or ``csl-json``. ``corpus`` defaults to
    :func:`~reversis.corpus.load_corpus`. An unknown or malformed id, or an
    unknown format, is a :class:`~reversis.errors.CorpusError`.
    """
    if fmt not in FORMATS:
        raise CorpusError(f"unknown citation format {fmt!r} (expected {', '.join(FORMATS)})")
    corpus = corpus if corpus is not None else load_corpus()
    paragraph = corpus.paragraph(paragraph_id)
    source = corpus.source(paragraph.source)
    url = paragraph_url(source.id, paragraph.number)
    if fmt == "bibtex":
        return bibtex_entry(source, paragraph, url=url).rstrip("\n")
    if fmt == "csl-json":
        return dump_csl([csl_item(source, paragraph, url=url)]).rstrip("\n")
    return text_citation(source, paragraph)


def text_citation(source: Source, paragraph: Paragraph | None = None) -> str:
    """A plain-text citation: authors, "title", in work, vol., place, year, p., paragraph id, URL."""
    record = source.record
    parts: list[str] = []
    authors = _names(record.get("author"))
    title = f"“{record.get('title', source.id)}”"
    parts.append(f"{authors}, {title}" if authors else title)
    if record.get("container-title"):
        parts.append(f"in {record['container-title']}")
    if record.get("volume") not in (None, ""):
        parts.append(f"vol. {record['volume']}")
    imprint = [str(record[k]) for k in ("publisher-place", "publisher") if record.get(k)]
    imprint.append(issued_year(record.get("issued")) or "n.d.")
    parts.append(", ".join(imprint))
    page = paragraph.page if paragraph is not None else None
    if page is None and record.get("page") not in (None, ""):
        page = str(record["page"])
    if page:
        parts.append(f"p. {page}")
    if paragraph is not None:
        where = f"paragraph {paragraph.id}"
        if paragraph.printed_number:
            where += f" (printed {paragraph.printed_number})"
        parts.append(where)
        url = paragraph_url(source.id, paragraph.number)
    else:
        url = source_url(source.id)
    return ", ".join(parts) + f". {url}"


def _names(names: Any) -> str:
    if not isinstance(names, list):
        return ""
    shown = []
    for name in names:
        if isinstance(name, Mapping):
            if "literal" in name:
                shown.append(str(name["literal"]))
            else:
                shown.append(" ".join(str(name[k]) for k in ("given", "family") if name.get(k)))
    return " and ".join(shown)
