"""Bibliographic exports of a source or a paragraph: CSL-JSON items and BibTeX entries.

The CSL fields come from ``source.yaml``; a paragraph's item is its source's,
with the title and author of its dictionary entry (when the source has
entries), the page the paragraph starts on, the paragraph as ``section``
(``paragraph 7``) and its own address on the site as ``URL``
(``…/sources/<id>/#p7``), so that a citation processor or a reference
manager keeps every paragraph apart from its source and from the other
paragraphs. The note names the paragraph again, with its id, and what is
uncertain in the record: an attributed author is given by family and given
name, and the attribution is said in the note, never in the name. The
original's address, when it was checked, is in the note too; an address that
was not checked is left out altogether (the source's page shows it, saying
so), so that a reader's reference manager never stores a guess.

Dates: a CSL ``issued`` is passed on as it is (a range of years, or a
``literal`` with its ``edtf`` form: ``{literal: n.d. [19th c.], edtf: 18XX}``).
BibTeX gets a ``year`` that plain BibTeX prints right (``1765``,
``1796--1797``) or none, and biblatex's ``date`` (``1796/1797``; ``18XX``, an
unspecified year of the 19th century) where the year alone cannot say it; a
literal date without a year goes into the note. BibTeX is written here: values
are UTF-8 with TeX's special characters escaped by :func:`tex_escape`, and
titles are braced to keep their case.

>>> tex_escape("Pair & impair: 50% {sic}")
'Pair \\\\& impair: 50\\\\% \\\\{sic\\\\}'
>>> bibtex_pages("95-97")
'95--97'
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

from reversis.corpus.model import Paragraph, Source

__all__ = [
    "attributed_names",
    "bibtex_dates",
    "bibtex_entry",
    "bibtex_pages",
    "csl_item",
    "csl_names",
    "dump_csl",
    "issued_year",
    "issued_years",
    "original_url",
    "tex_escape",
]

#: CSL fields of ``source.yaml`` passed on to the items (the others describe the text, not the item).
CSL_FIELDS = (
    "type",
    "title",
    "container-title",
    "collection-title",
    "volume",
    "page",
    "issued",
    "accessed",
    "publisher",
    "publisher-place",
    "language",
    "author",
    "editor",
    "genre",
)

_TEX_SPECIALS = {
    "\\": r"\textbackslash{}",
    "&": r"\&",
    "%": r"\%",
    "$": r"\$",
    "#": r"\#",
    "_": r"\_",
    "{": r"\{",
    "}": r"\}",
    "~": r"\textasciitilde{}",
    "^": r"\textasciicircum{}",
}
_TEX_RE = re.compile("|".join(re.escape(c) for c in _TEX_SPECIALS))


def tex_escape(text: str) -> str:
    """Escape the characters that TeX treats specially."""
    return _TEX_RE.sub(lambda m: _TEX_SPECIALS[m.group()], text)


def bibtex_pages(page: str) -> str:
    """A page range with BibTeX's en dash (``--``)."""
    return re.sub(r"\s*[-–]+\s*", "--", page.strip())


def csl_names(names: Any) -> list[dict[str, Any]]:
    """CSL names from ``source.yaml``: family and given name, without the ``attributed`` flag.

    >>> csl_names([{"family": "Lacombe", "given": "Jacques", "attributed": True}])
    [{'family': 'Lacombe', 'given': 'Jacques'}]
    """
    return [{k: v for k, v in name.items() if k != "attributed"} for name in names or []]


def attributed_names(names: Any) -> list[str]:
    """The names of ``source.yaml`` that are attributed, as a reader writes them.

    >>> attributed_names([{"family": "Lacombe", "given": "Jacques", "attributed": True}, {"family": "X"}])
    ['Jacques Lacombe']
    """
    return [
        " ".join(str(n[k]) for k in ("given", "family") if n.get(k)) or str(n.get("literal"))
        for n in names or []
        if n.get("attributed")
    ]


def original_url(record: Mapping[str, Any]) -> str | None:
    """The address of the original, when ``source.yaml`` gives one that was checked."""
    url = record.get("URL")
    if not url or record.get("original-URL-checked") is False:
        return None
    return str(url)


#: The entry types whose unsigned entries are exported as ``chapter``, a part of a book with its
#: editors: the APA styles (APA 7's group-authored dictionaries) put the publisher in an unsigned
#: ``entry-dictionary`` or ``entry-encyclopedia``'s author slot, where APA 7 begins an unsigned
#: entry of an edited work with its title.
_UNSIGNED_AS_CHAPTER = ("entry-dictionary", "entry-encyclopedia")


def csl_item(source: Source, paragraph: Paragraph | None = None, *, url: str) -> dict[str, Any]:
    """The CSL-JSON item of a source, or of one of its paragraphs; ``url`` is its address on the site.

    The item's ``id`` is the source id or the paragraph id, its ``URL`` is
    ``url``, and a paragraph's item says which paragraph it is in ``section``.
    A paragraph of a dictionary entry is cited under the entry's title, and
    under the entry's author when the entry gives one (none, for an extract of
    another work). ``note`` names the paragraph (and its printed number), the
    original's checked address, and the record's hedges (an attributed author).
    An unsigned dictionary or encyclopedia entry is typed ``chapter`` (:data:`_UNSIGNED_AS_CHAPTER`).
    """
    record = source.record
    item: dict[str, Any] = {"id": paragraph.id if paragraph else source.id}
    for name in CSL_FIELDS:
        if name in record and record[name] not in (None, "", []):
            value = record[name]
            item[name] = str(value) if name in ("volume", "page") else value
    names = {role: record.get(role) for role in ("author", "editor")}
    notes = []
    entry = source.entry_of(paragraph.id) if paragraph is not None else None
    if entry is not None:
        item["title"] = entry.title
        if entry.author is not None:
            item.pop("author", None)
            names["author"] = entry.author
            if entry.author:
                item["author"] = entry.author
        if entry.note:
            notes.append(entry.note.rstrip("."))
    for role in ("author", "editor"):
        if role in item:
            item[role] = csl_names(item[role])
    if item.get("type") in _UNSIGNED_AS_CHAPTER and not item.get("author"):
        item["type"] = "chapter"
    if paragraph is not None and paragraph.page is not None:
        item["page"] = paragraph.page
    item["URL"] = url
    if paragraph is not None:
        item["section"] = f"paragraph {paragraph.number}"
        where = f"paragraph {paragraph.id}"
        if paragraph.printed_number:
            where += f" (printed number {paragraph.printed_number})"
        notes.append(f"transcribed in the Reversis reference, {where}, {url}")
    else:
        notes.append(f"transcribed in the Reversis reference as source {source.id}, paragraphs {source.span()}, {url}")
    original = original_url(record)
    if original:
        notes.append(f"original: {original}")
    hedge = str(record.get("note") or "").strip().rstrip(".")
    for role, name in ((r, n) for r in ("author", "editor") if r in item for n in attributed_names(names[r])):
        if "attributed" not in hedge.lower():
            notes.append(f"{role} attributed, not named in the source: {name}")
    if hedge:
        notes.append(hedge)
    item["note"] = "; ".join(notes) + "."
    return item


def dump_csl(items: Sequence[Mapping[str, Any]]) -> str:
    """CSL-JSON text of a list of items: sorted keys, two-space indent, UTF-8 as is."""
    return json.dumps(list(items), ensure_ascii=False, indent=2, sort_keys=True) + "\n"


_BIBTEX_TYPES = {
    "book": "book",
    "chapter": "incollection",
    "entry": "incollection",
    "entry-dictionary": "incollection",
    "entry-encyclopedia": "incollection",
    "paper-conference": "inproceedings",
    "article-journal": "article",
    "article-magazine": "article",
    "article-newspaper": "article",
    "thesis": "phdthesis",
    "report": "techreport",
}


def bibtex_entry(source: Source, paragraph: Paragraph | None = None, *, url: str) -> str:
    """The BibTeX entry of a source, or of one of its paragraphs (key: the source or paragraph id)."""
    item = csl_item(source, paragraph, url=url)
    record_author = source.record.get("author")
    kind = _BIBTEX_TYPES.get(str(item.get("type", "")), "misc")
    if kind in ("incollection", "inproceedings") and "container-title" not in item:
        kind = "misc"
    fields: list[tuple[str, str]] = []
    for role in ("author", "editor"):
        names = item.get(role)
        if names:
            fields.append((role, " and ".join(_bibtex_name(n) for n in names)))
    fields.append(("title", "{" + tex_escape(str(item["title"])) + "}"))
    if "container-title" in item:
        slot = "journal" if kind == "article" else "booktitle"
        fields.append((slot, "{" + tex_escape(str(item["container-title"])) + "}"))
    if "collection-title" in item:
        fields.append(("series", tex_escape(str(item["collection-title"]))))
    if "volume" in item:
        fields.append(("volume", tex_escape(str(item["volume"]))))
    if "page" in item:
        fields.append(("pages", tex_escape(bibtex_pages(str(item["page"])))))
    year, date, undated = bibtex_dates(item.get("issued"))
    if year:
        fields.append(("year", year))
    if date:
        fields.append(("date", date))
    if "publisher" in item:
        fields.append(("publisher", tex_escape(str(item["publisher"]))))
    if "publisher-place" in item:
        fields.append(("address", tex_escape(str(item["publisher-place"]))))
    if "language" in item:
        fields.append(("language", tex_escape(str(item["language"]))))
    if "URL" in item:
        fields.append(("url", str(item["URL"])))
    note = str(item["note"])
    if undated:
        note = f"Date: {undated}; {note}"
    fields.append(("note", tex_escape(note)))
    entry = source.entry_of(paragraph.id) if paragraph is not None else None
    attributed = attributed_names(entry.author if entry is not None and entry.author is not None else record_author)
    if attributed:
        fields.append(("annote", f"Author attributed, not named in the source: {'; '.join(attributed)}"))
    body = ",\n".join(f"  {name} = {{{value}}}" for name, value in fields)
    return f"@{kind}{{{item['id']},\n{body}\n}}\n"


def _bibtex_name(name: Mapping[str, Any]) -> str:
    if "literal" in name:
        return "{" + tex_escape(str(name["literal"])) + "}"
    family = tex_escape(str(name.get("family", "")))
    given = tex_escape(str(name.get("given", "")))
    return f"{family}, {given}" if given else family


def bibtex_dates(issued: Any) -> tuple[str | None, str | None, str | None]:
    """BibTeX's ``year``, biblatex's ``date`` (where the year alone cannot say it) and a literal date
    with no year in it (for the note), from a CSL date.

    >>> bibtex_dates({"date-parts": [[1765]]})
    ('1765', None, None)
    >>> bibtex_dates({"date-parts": [[1796], [1797]]})
    ('1796--1797', '1796/1797', None)
    >>> bibtex_dates({"literal": "n.d. [19th c.]", "edtf": "18XX"})
    (None, '18XX', 'n.d. [19th c.]')
    >>> bibtex_dates({"literal": "1830"}), bibtex_dates(None)
    (('1830', None, None), (None, None, None))
    """
    if not isinstance(issued, Mapping):
        return None, None, None
    years = issued_years(issued)
    edtf = str(issued["edtf"]) if issued.get("edtf") else None
    if years is None:
        return None, edtf, None
    first, last = years
    if not first.isdigit():
        return None, edtf, first
    if last:
        return f"{first}--{last}", edtf or f"{first}/{last}", None
    return first, edtf, None


def issued_years(issued: Any) -> tuple[str, str | None] | None:
    """The first year of a CSL date and, for a range, its last year; or its literal text.

    >>> issued_years({"date-parts": [[1796], [1797]]})
    ('1796', '1797')
    >>> issued_years({"date-parts": [[1765, 3]]}), issued_years({"literal": "c. 1830"}), issued_years(None)
    (('1765', None), ('c. 1830', None), None)
    """
    if not isinstance(issued, Mapping):
        return None
    parts = issued.get("date-parts")
    if isinstance(parts, list) and parts and isinstance(parts[0], list) and parts[0]:
        first = str(parts[0][0])
        last = str(parts[1][0]) if len(parts) > 1 and isinstance(parts[1], list) and parts[1] else None
        return first, (last if last != first else None)
    for key in ("literal", "raw"):
        if issued.get(key):
            return str(issued[key]), None
    return None


def issued_year(issued: Any, *, dash: str = "–") -> str | None:
    """The year of a CSL date (``{date-parts: [[1765]]}`` → ``"1765"``), a range joined by ``dash``, or its text.

    >>> issued_year({"date-parts": [[1796], [1797]]}, dash="--")
    '1796--1797'
    """
    years = issued_years(issued)
    if years is None:
        return None
    first, last = years
    return f"{first}{dash}{last}" if last else first
