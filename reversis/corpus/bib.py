"""Bibliographic exports of a source: CSL-JSON items, BibTeX (biblatex) entries and RIS records.

Scholars cite a work once in the bibliography and the passage as a pinpoint in the citation. So
the item is the work (:func:`work_item`): the source, or for a source made of dictionary entries
the entry that holds the paragraph (its own title and author), with the work's address on the site
as ``URL``; a paragraph is its number in the citation, CSL's ``locator`` with ``label: paragraph``
(:func:`citation_item`), biblatex's postnote with ``pagination = {paragraph}``. The note says what
is uncertain in the record: an attributed author is given by family and given name, and the
attribution is said in the note and in BibTeX's ``annote``. The original's address, when it was
checked, is in the note too; an address that was not checked is left out altogether (the source's
page shows it, saying so), so that a reader's reference manager never stores a guess.

Dates: a CSL ``issued`` is passed on as the CSL schema has it (a range of years, or a ``literal``;
an ``edtf`` form of the record, which the schema does not know, goes only to biblatex). An item with
no ``issued`` gets the release date of the transcription as ``accessed`` (APA then prints "Retrieved
<date>, from"). BibTeX gets ``year`` where one year says it (``1765``) and biblatex's ``date``
otherwise (``1796/1797``; ``18XX``, an unspecified year of the 19th century: biber reads a ``year``
that is not a number as an error of the data); a literal date without a year goes into the note.
BibTeX is written here: values are UTF-8 with TeX's special characters escaped by :func:`tex_escape`,
and titles are braced to keep their case.

>>> tex_escape("Pair & impair: 50% {sic}")
'Pair \\\\& impair: 50\\\\% \\\\{sic\\\\}'
>>> bibtex_pages("95-97")
'95--97'
>>> citation_item("encyclopedie-1765", "4")
{'id': 'encyclopedie-1765', 'locator': '4', 'label': 'paragraph'}
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

from reversis.corpus.address import RELEASED, entry_slug, source_url
from reversis.corpus.model import Entry, Paragraph, Source, paragraph_anchor

__all__ = [
    "attributed_names",
    "bibtex_dates",
    "bibtex_entry",
    "bibtex_pages",
    "citation_item",
    "csl_item",
    "csl_names",
    "dump_csl",
    "issued_year",
    "issued_years",
    "original_url",
    "ris_record",
    "tex_escape",
    "work_id",
    "work_of",
    "work_url",
    "works",
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


def work_of(source: Source, paragraph: Paragraph | None = None) -> Entry | None:
    """The dictionary entry that a paragraph is cited under, or ``None`` (the source as a whole)."""
    return source.entry_of(paragraph.id) if paragraph is not None else None


def work_id(source: Source, entry: Entry | None = None) -> str:
    """The id of a cited work: the source id, or ``<source-id>.<entry>`` for a dictionary entry.

    >>> from reversis.corpus import load_corpus
    >>> dictionary = load_corpus().source("dictionnaire-jeux-r")
    >>> work_id(dictionary, work_of(dictionary, dictionary.paragraph("15")))
    'dictionnaire-jeux-r.romestecq-jeu-du'
    """
    return source.id if entry is None else f"{source.id}.{entry_slug(entry.title)}"


def work_url(source: Source, entry: Entry | None = None) -> str:
    """The address of a cited work: its source's page, or the heading of its dictionary entry."""
    url = source_url(source.id)
    return url if entry is None else f"{url}#section-{paragraph_anchor(entry.paragraphs[0].partition(':')[2])}"


def citation_item(work: str, number: str) -> dict[str, str]:
    """The CSL citation item of a paragraph of a work: its number as the ``locator``, a paragraph."""
    return {"id": work, "locator": number, "label": "paragraph"}


def csl_item(source: Source, entry: Entry | None = None) -> dict[str, Any]:
    """The CSL-JSON item of a source, or of one of its dictionary entries (:func:`work_of`).

    The item's ``id`` is :func:`work_id`, its ``URL`` :func:`work_url`, its ``abstract`` the
    source's description. An entry is cited under its own title, and under its own author when it
    gives one (none, for an extract of another work). ``note`` says where the text is transcribed,
    the original's checked address, and the record's hedges (an attributed author). An unsigned
    dictionary or encyclopedia entry is typed ``chapter`` (:data:`_UNSIGNED_AS_CHAPTER`). With no
    date of issue, the item is dated by the transcription's release (``accessed``).
    """
    record = source.record
    item: dict[str, Any] = {"id": work_id(source, entry)}
    for name in CSL_FIELDS:
        if name in record and record[name] not in (None, "", []):
            value = record[name]
            item[name] = str(value) if name in ("volume", "page") else value
    if isinstance(item.get("issued"), Mapping):
        item["issued"] = {k: v for k, v in item["issued"].items() if k != "edtf"}  # not in the CSL schema
    names = {role: record.get(role) for role in ("author", "editor")}
    notes = []
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
    url = work_url(source, entry)
    item["URL"] = url
    if "issued" not in item:
        year, month, day = (int(part) for part in RELEASED.split("-"))
        item["accessed"] = {"date-parts": [[year, month, day]]}
    if record.get("description"):
        item["abstract"] = " ".join(str(record["description"]).split())
    first, last = (
        (entry.paragraphs[0], entry.paragraphs[-1]) if entry else (source.paragraphs[0].id, source.paragraphs[-1].id)
    )
    where = f"paragraphs {first.partition(':')[2]} to {last.partition(':')[2]}"
    notes.append(f"transcribed in the Reversis reference, source {source.id}, {where}; cite a paragraph by its number")
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


def works(source: Source) -> list[Entry | None]:
    """The works of a source that a paragraph is cited under: its dictionary entries, or the source."""
    return list(source.entries) if source.entries else [None]


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


def bibtex_entry(source: Source, entry: Entry | None = None) -> str:
    """The biblatex entry of a source or of one of its dictionary entries (key: :func:`work_id`).

    ``pagination = {paragraph}`` makes biblatex print a citation's postnote as a paragraph:
    ``\\autocite[4]{encyclopedie-1765}`` gives ``par. 4``.
    """
    item = csl_item(source, entry)
    record_author = source.record.get("author")
    kind = _BIBTEX_TYPES.get(str(item.get("type", "")), "misc")
    if kind in ("incollection", "inproceedings") and "container-title" not in item:
        kind = "misc"
    if kind == "misc" and item.get("type") == "webpage":
        kind = "online"
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
    fields.append(("pagination", "paragraph"))
    year, date, undated = bibtex_dates(source.record.get("issued"))
    if year and not date:
        fields.append(("year", year))
    if date:
        fields.append(("date", date))
    if "accessed" in item:
        fields.append(("urldate", "-".join(f"{part:02d}" for part in item["accessed"]["date-parts"][0])))
    if "publisher" in item:
        fields.append(("publisher", tex_escape(str(item["publisher"]))))
    if "publisher-place" in item:
        fields.append(("location", tex_escape(str(item["publisher-place"]))))
    if "language" in item:
        fields.append(("langid", _LANGIDS.get(str(item["language"]), str(item["language"]))))
    fields.append(("url", str(item["URL"])))
    note = str(item["note"])
    if undated:
        note = f"Date: {undated}; {note}"
    fields.append(("note", tex_escape(note)))
    attributed = attributed_names(entry.author if entry is not None and entry.author is not None else record_author)
    if attributed:
        fields.append(("annote", f"Author attributed, not named in the source: {'; '.join(attributed)}"))
    body = ",\n".join(f"  {name} = {{{value}}}" for name, value in fields)
    return f"@{kind}{{{item['id']},\n{body}\n}}\n"


#: biblatex's ``langid`` of each language code of the records (babel's and polyglossia's names).
_LANGIDS = {"fr": "french", "es": "spanish", "en": "english"}

#: The RIS type of each CSL type of the corpus.
_RIS_TYPES = {
    "book": "BOOK",
    "chapter": "CHAP",
    "entry-dictionary": "DICT",
    "entry-encyclopedia": "ENCYC",
    "webpage": "ELEC",
}


def ris_record(source: Source, entry: Entry | None = None) -> str:
    """The RIS record of a source or of one of its dictionary entries (``ID``: :func:`work_id`).

    RIS has no place for a pinpoint: a reference manager adds the paragraph to its citation.
    """
    item = csl_item(source, entry)
    lines = [("TY", _RIS_TYPES.get(str(item["type"]), "GEN")), ("ID", str(item["id"]))]
    for role, tag in (("author", "AU"), ("editor", "A2")):
        for name in item.get(role, []):
            lines.append((tag, ", ".join(str(name[k]) for k in ("family", "given") if name.get(k))))
    lines.append(("TI", str(item["title"])))
    if "container-title" in item:
        lines.append(("T2", str(item["container-title"])))
    if "collection-title" in item:
        lines.append(("T3", str(item["collection-title"])))
    if "volume" in item:
        lines.append(("VL", str(item["volume"])))
    if "page" in item:
        first, _, last = bibtex_pages(str(item["page"])).partition("--")
        lines += [("SP", first)] + ([("EP", last)] if last else [])
    years = issued_years(source.record.get("issued"))
    if years and years[0].isdigit():
        lines.append(("PY", years[0]))
        if years[1]:
            lines.append(("DA", f"{years[0]}-{years[1]}"))
    elif years:
        lines.append(("DA", years[0]))
    if "accessed" in item:
        lines.append(("Y2", "/".join(f"{part:02d}" for part in item["accessed"]["date-parts"][0])))
    for key, tag in (("publisher", "PB"), ("publisher-place", "CY"), ("language", "LA"), ("URL", "UR")):
        if key in item:
            lines.append((tag, str(item[key])))
    if "abstract" in item:
        lines.append(("AB", str(item["abstract"])))
    lines.append(("N1", str(item["note"])))
    lines.append(("ER", ""))
    return "".join(f"{tag}  - {value}".rstrip() + "\r\n" for tag, value in lines)


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
