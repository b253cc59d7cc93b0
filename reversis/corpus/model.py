"""The corpus as data: sources, paragraphs, corrections, dictionary entries.

Every object is a frozen dataclass built by :mod:`reversis.corpus.load`; the
constructors are keyword-only.

>>> c = Correction(kind="sub", cls="doubtful", ocr="f#ro«", clean="force",
...                note='force | forçait; the OCR is unreadable', alternatives=("force", "forçait"))
>>> c.reason
'the OCR is unreadable'
>>> parse_paragraph_id("encyclopedie-1765:7")
('encyclopedie-1765', '7')
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from reversis.core.errors import CorpusError, did_you_mean
from reversis.corpus.markup import Segment, accept, reject

__all__ = [
    "Block",
    "Corpus",
    "Correction",
    "CrossReference",
    "Entry",
    "Paragraph",
    "Source",
    "paragraph_anchor",
    "parse_paragraph_id",
    "xml_id",
]

_PARAGRAPH_ID = re.compile(r"(?P<source>[a-z0-9][a-z0-9-]*):p?(?P<n>\d+[a-z]?)")


def parse_paragraph_id(paragraph_id: str) -> tuple[str, str]:
    """Split ``"source-id:7"`` into ``("source-id", "7")``; a ``p`` before the number is allowed.

    >>> parse_paragraph_id("dictionnaire-jeux-r:p12a")
    ('dictionnaire-jeux-r', '12a')
    >>> parse_paragraph_id("quinola")
    Traceback (most recent call last):
    ...
    reversis.CorpusError: malformed paragraph id 'quinola' (expected SOURCE-ID:N, e.g. encyclopedie-1765:7)
    """
    match = _PARAGRAPH_ID.fullmatch(paragraph_id.strip())
    if match is None:
        raise CorpusError(f"malformed paragraph id {paragraph_id!r} (expected SOURCE-ID:N, e.g. encyclopedie-1765:7)")
    return match.group("source"), match.group("n")


def paragraph_anchor(number: str) -> str:
    """The HTML anchor of a paragraph on its source's page.

    >>> paragraph_anchor("7a")
    'p7a'
    """
    return f"p{number}"


def xml_id(source_id: str, number: str) -> str:
    """The TEI ``xml:id`` of a paragraph (an NCName: no colon).

    >>> xml_id("encyclopedie-1765", "7")
    'encyclopedie-1765.p7'
    """
    return f"{source_id}.{paragraph_anchor(number)}"


@dataclass(frozen=True)
class Block:
    """One block of a transcription or translation file (read by :func:`reversis.corpus.load.read_blocks`).

    ``number`` is the paragraph number (``"7"``, ``"7a"``) or ``""`` for a page
    break or an excluded block; ``line`` is the 1-based line where it starts;
    ``text`` is the block as written, without its id line.
    """

    number: str
    line: int
    segments: tuple[Segment, ...]
    attrs: dict[str, str] = field(default_factory=dict)
    page_break: str = ""
    text: str = ""

    @property
    def clean(self) -> str:
        return accept(list(self.segments))

    @property
    def ocr(self) -> str:
        return reject(list(self.segments))


@dataclass(frozen=True, kw_only=True)
class Correction:
    """One recorded departure from the OCR.

    ``kind`` is ``sub``, ``del`` or ``ins``; ``cls`` the class of
    ``corpus/FORMAT.md`` (``ocr``, ``long-s``, …); ``ocr`` and ``clean`` the
    two sides (whitespace as written); ``alternatives`` the readings a
    ``doubtful`` correction weighs. ``paragraph`` is the paragraph id, or
    ``None`` in an excluded block; ``line`` the line where its block starts.
    """

    kind: str
    cls: str
    ocr: str
    clean: str
    note: str = ""
    alternatives: tuple[str, ...] = ()
    paragraph: str | None = None
    line: int = 0

    @property
    def reason(self) -> str:
        """The note without the list of alternatives (for a doubtful reading), else the whole note."""
        if self.alternatives and ";" in self.note:
            return self.note.partition(";")[2].strip()
        if self.alternatives:
            return ""
        return self.note


@dataclass(frozen=True, kw_only=True)
class Paragraph:
    """One paragraph of a source, as cited: ``id`` is ``"<source-id>:<number>"``.

    ``printed_number`` is the number the print gives it (the ``n`` attribute),
    ``page`` the printed page it starts on, when known. ``ocr`` and ``clean``
    are its two readings with whitespace collapsed; ``translation`` is
    Markdown.
    """

    id: str
    source: str
    number: str
    printed_number: str | None
    page: str | None
    ocr: str
    clean: str
    corrections: tuple[Correction, ...]
    translation: str
    segments: tuple[Segment, ...]
    line: int = 0

    @property
    def anchor(self) -> str:
        """The HTML anchor of the paragraph (``p7``)."""
        return paragraph_anchor(self.number)

    @property
    def xml_id(self) -> str:
        """The TEI ``xml:id`` of the paragraph (``encyclopedie-1765.p7``)."""
        return xml_id(self.source, self.number)


@dataclass(frozen=True, kw_only=True)
class CrossReference:
    """A "see …" of a dictionary entry (``entries[].see[]`` in ``source.yaml``).

    ``resolved`` is the id of the first paragraph of the entry it points to,
    or ``None`` for a reference declared ``external`` (not in the corpus).
    """

    target: str
    paragraph: str | None
    external: bool
    resolved: str | None = None


@dataclass(frozen=True, kw_only=True)
class Entry:
    """A dictionary entry of a source: its title and its paragraph ids.

    A paragraph is cited under its entry's title. ``author`` is ``None`` when
    the entry is the work of the source's author, else the names to credit
    (``()`` for none: an extract from another work, say); ``note`` says what
    the entry is, when the title does not.
    """

    title: str
    paragraphs: tuple[str, ...]
    see: tuple[CrossReference, ...] = ()
    author: tuple[Mapping[str, Any], ...] | None = None
    note: str = ""


@dataclass(frozen=True, kw_only=True)
class Source:
    """One source of the corpus (``corpus/<id>/``).

    ``record`` is ``source.yaml`` as read; ``blocks`` the transcription's
    blocks in order (paragraphs, page breaks, excluded blocks);
    ``corrections`` every correction of the file, excluded blocks included;
    ``heads`` the paragraphs that are headings (``heads`` of ``source.yaml``),
    number → level (0: the title of the whole text, 1: a section or entry, 2: a subsection).
    """

    id: str
    folder: Path
    record: Mapping[str, Any] = field(compare=False)
    paragraphs: tuple[Paragraph, ...]
    blocks: tuple[Block, ...] = field(compare=False)
    corrections: tuple[Correction, ...]
    entries: tuple[Entry, ...] = ()
    ocr_text: str = field(default="", repr=False)
    heads: Mapping[str, int] = field(default_factory=dict, compare=False, repr=False)

    @property
    def title(self) -> str:
        return str(self.record.get("title", self.id))

    @property
    def name(self) -> str:
        """The source named by its work, as the site lists it (``name`` of ``source.yaml``, else the title)."""
        return str(self.record.get("name") or self.title)

    @property
    def sort_year(self) -> int | None:
        """The year the source is listed under: the first of ``issued``, else ``sort-year``; ``None`` if neither."""
        issued = self.record.get("issued") or {}
        parts = issued.get("date-parts") if isinstance(issued, Mapping) else None
        if parts and parts[0]:
            return int(parts[0][0])
        year = self.record.get("sort-year")
        return int(year) if year not in (None, "") else None

    @property
    def language(self) -> str:
        return str(self.record.get("language", ""))

    def entry_of(self, paragraph_id: str) -> Entry | None:
        """The dictionary entry that holds the paragraph ``paragraph_id``, if the source has entries."""
        for entry in self.entries:
            if paragraph_id in entry.paragraphs:
                return entry
        return None

    def paragraph(self, number: str) -> Paragraph:
        """The paragraph numbered ``number`` (``"7"``, ``"7a"``)."""
        for para in self.paragraphs:
            if para.number == number:
                return para
        raise CorpusError(f"unknown paragraph id '{self.id}:{number}' ({self.id} has {self.span()})")

    def span(self) -> str:
        """The paragraph numbers, first to last (``p1–p12``)."""
        if not self.paragraphs:
            return "no paragraphs"
        first, last = self.paragraphs[0].anchor, self.paragraphs[-1].anchor
        return first if first == last else f"{first}–{last}"


@dataclass(frozen=True, kw_only=True)
class Corpus:
    """All the sources under a corpus folder, sorted by id."""

    root: Path
    sources: tuple[Source, ...]

    def source(self, source_id: str) -> Source:
        """The source ``source_id``; a :class:`CorpusError` names the known ones otherwise."""
        for src in self.sources:
            if src.id == source_id:
                return src
        known = ", ".join(s.id for s in self.sources) or "none"
        hint = did_you_mean(source_id, [s.id for s in self.sources])
        raise CorpusError(f"unknown source id {source_id!r}{hint} (sources: {known})")

    def paragraph(self, paragraph_id: str) -> Paragraph:
        """The paragraph ``"<source-id>:<n>"``; a :class:`CorpusError` says what exists otherwise."""
        source_id, number = parse_paragraph_id(paragraph_id)
        for src in self.sources:
            if src.id == source_id:
                try:
                    return src.paragraph(number)
                except CorpusError:
                    raise CorpusError(f"unknown paragraph id {paragraph_id!r} ({src.id} has {src.span()})") from None
        known = ", ".join(s.id for s in self.sources) or "none"
        hint = did_you_mean(paragraph_id, [f"{s.id}:{number}" for s in self.sources])
        raise CorpusError(f"unknown paragraph id {paragraph_id!r}: no source {source_id!r}{hint} (sources: {known})")

    def paragraphs(self) -> Iterator[Paragraph]:
        """Every paragraph of every source, in order."""
        for src in self.sources:
            yield from src.paragraphs
