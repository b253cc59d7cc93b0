"""The TEI P5 export of a source (``exports/<id>.tei.xml``).

The document is built with :mod:`xml.etree.ElementTree` and follows the
subset of TEI described by ``corpus/tei-subset.rng``. Encoding (also stated
in the document's ``editorialDecl``):

- each paragraph is a ``<p xml:id="<source-id>.p7">``, with ``n`` the number
  the print gives it; the header's ``refsDecl`` says that a paragraph is cited by the number in
  its ``xml:id`` (``citeStructure``), as the site, ``reversis cite`` and the DTS endpoints cite it;
  a paragraph that is a heading (``heads`` in ``source.yaml``) is a ``<head>`` opening a ``<div>``; each entry of a
  dictionary is a ``<div type="entry">``; page breaks are ``<pb n="…"/>``;
- an OCR error, an editorial correction or a doubtful reading is
  ``<choice><sic>OCR</sic><corr type="CLASS">clean</corr></choice>``; a
  doubtful reading has ``cert="low"``, its chosen reading first and the other
  alternatives (readings only) as further ``<corr type="alternative">``; a
  correction's note (for a doubtful reading, the reason only) follows it as
  ``<note type="CLASS">``;
- a long s is ``<choice><orig>eſt</orig><reg>est</reg></choice>``, also
  inside the ``<corr>`` of an OCR error whose note says the word has a long s;
- a line-end hyphen removed is ``<lb break="no" rend="-"/>``;
- running heads, page numbers, signatures and catchwords are kept as ``<fw>``
  (``type`` ``header``, ``pageNum``, ``sig`` or ``catch``); a running head
  whose note gives its regularised form in quotes is
  ``<fw><choice><sic>OCR</sic><corr>regularised</corr></choice></fw>``;
  other stray marks of the OCR are ``<surplus reason="stray mark">``;
- material that is not part of the text (web-page chrome) is kept in a
  ``<note type="excluded">``, its ``<label>`` giving the reason.

Keeping the OCR side of every ``choice``, the ``fw``, the ``surplus``, the
excluded notes and the hyphens gives back the OCR; keeping the other side
gives the clean text.

>>> long_s_form("eft", "est")
'eſt'
>>> long_s_form("fociété", "société")
'ſociété'
"""

from __future__ import annotations

import difflib
import re
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from typing import Any

from reversis.corpus.bib import issued_year
from reversis.corpus.markup import Segment
from reversis.corpus.model import Source, xml_id

__all__ = ["PUBLICATION_DATE", "PUBLISHER", "TEI_NS", "XML_NS", "long_s_form", "tei_document"]

TEI_NS = "http://www.tei-c.org/ns/1.0"
XML_NS = "http://www.w3.org/XML/1998/namespace"
#: Who publishes the transcriptions.
PUBLISHER = "The Reversis reference contributors"
#: The year of this edition of the transcriptions (a constant, so that an export depends on the corpus only).
PUBLICATION_DATE = "2026"
#: The availability statement of a source whose ``source.yaml`` gives none.
DEFAULT_AVAILABILITY = "The terms under which the source's text may be reused are not known."

_SPACES = re.compile(r"\s+")

EDITORIAL_DECLARATION = (
    "The text is the OCR as received, with every departure from it recorded. "
    "OCR errors, editorial corrections and doubtful readings are "
    "choice/sic (the OCR) and corr (the reading); corr/@type gives the class of the correction "
    "(ocr, editorial, doubtful). A doubtful reading has cert='low': its first corr is the reading "
    "chosen, the others are the alternatives weighed, and the note that follows says why.",
    "A long s read as f by the OCR is choice/orig (the word with the long s) and reg (with a round s).",
    "A line-end hyphen removed with its line break is lb with break='no'; its rend gives the hyphen "
    "as the OCR has it. Other line breaks of the OCR are not recorded, and whitespace is normalised.",
    "Page furniture (running heads, page numbers, signature marks) is kept as fw at its place; a running "
    "head read wrongly by the OCR is fw/choice, with sic (the OCR) and corr (the head as printed). Stray "
    "marks of the OCR that belong to no word are surplus. Page breaks are pb with the printed page number. "
    "No page break is invented where the OCR shows none.",
    "A paragraph that is a heading is head, and opens a div; each entry of a dictionary is a div of type "
    "'entry', whose head is the entry's heading when the fragment has it.",
    "Material that is in the OCR but not part of the text (for instance the chrome of the web page "
    "the OCR came from) is kept in a note of type 'excluded', whose label gives the reason.",
    "A note whose type is a class of correction (ocr, editorial, furniture, …) is the transcriber's "
    "note on the correction just before it.",
)

# Elements whose content is element-only here, so they may be indented.
_STRUCTURAL = frozenset(
    {
        "TEI", "teiHeader", "fileDesc", "titleStmt", "respStmt", "publicationStmt", "sourceDesc",
        "bibl", "encodingDesc", "editorialDecl", "refsDecl", "profileDesc", "langUsage", "text", "body", "list",
        "div", "availability",
    }
)  # fmt: skip


def _t(tag: str) -> str:
    """The name of a TEI element (unqualified: the root declares the TEI namespace as the default)."""
    return tag


def long_s_form(ocr: str, clean: str) -> str:
    """The clean word with a long s (``ſ``) where the OCR has ``f`` for the ``s`` of the clean text."""
    out: list[str] = []
    matcher = difflib.SequenceMatcher(None, ocr, clean, autojunk=False)
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "replace" and i2 - i1 == j2 - j1:
            out.extend("ſ" if o == "f" and c == "s" else c for o, c in zip(ocr[i1:i2], clean[j1:j2], strict=True))
        else:
            out.append(clean[j1:j2])
    return "".join(out)


#: The XPath that gives a paragraph's number from its element (``citeStructure``'s ``use``).
CITE_USE = "substring-after(@xml:id, '.p')"


def tei_document(source: Source, *, url: str) -> bytes:
    """The TEI P5 document of ``source`` (UTF-8, with an XML declaration); ``url`` is its page on the site."""
    # The TEI namespace is the default namespace of the document, declared on the root.
    root = ET.Element(_t("TEI"), {"xmlns": TEI_NS, f"{{{XML_NS}}}lang": source.language or "und"})
    root.append(_header(source, url=url))
    text = ET.SubElement(root, _t("text"))
    body = ET.SubElement(text, _t("body"))
    divisions = _Divisions(body, source)
    for block in source.blocks:
        if block.page_break:
            ET.SubElement(divisions.current(), _t("pb"), {"n": block.page_break})
        elif block.number:
            attrs = {f"{{{XML_NS}}}id": xml_id(source.id, block.number)}
            if "n" in block.attrs:
                attrs["n"] = block.attrs["n"]
            parent, tag = divisions.place(block.number)
            para = ET.SubElement(parent, _t(tag), attrs)
            _fill_paragraph(para, block.segments)
        else:
            _fill_excluded(divisions.current(), block.segments)
    _indent(root)
    document: bytes = ET.tostring(root, encoding="UTF-8", xml_declaration=True)
    return document + b"\n"


class _Divisions:
    """The ``div`` structure of the body: dictionary entries (``entries``) and headings (``heads``).

    A head of level 0 is the heading of the whole text (``body/head``); a head of level ``L`` closes
    the open divisions of level ``L`` or deeper and opens one; an entry opens a division of level 1
    at its first paragraph, whose head it is when that paragraph is listed in ``heads``.
    """

    def __init__(self, body: ET.Element, source: Source) -> None:
        self.stack: list[tuple[int, ET.Element]] = [(-1, body)]
        self.heads = source.heads
        self.entry_starts = {e.paragraphs[0].partition(":")[2]: e for e in source.entries}
        self.has_content = False

    def current(self) -> ET.Element:
        return self.stack[-1][1]

    def _open(self, level: int, kind: str) -> ET.Element:
        while self.stack[-1][0] >= level:
            self.stack.pop()
        div = ET.SubElement(self.current(), _t("div"), {"type": kind})
        self.stack.append((level, div))
        return div

    def place(self, number: str) -> tuple[ET.Element, str]:
        """The element under which paragraph ``number`` goes, and its tag (``p`` or ``head``)."""
        level = self.heads.get(number)
        if number in self.entry_starts:
            self._open(1, "entry")
            return (self.current(), "head") if level == 1 else (self.current(), "p")
        if level is None:
            return self.current(), "p"
        if level == 0 and len(self.stack) == 1 and not len(self.current()):
            return self.current(), "head"
        self._open(max(level, 1), "section")
        return self.current(), "head"


# --------------------------------------------------------------------------- header


def _sub(parent: ET.Element, tag: str, text: str | None = None, **attrs: str) -> ET.Element:
    element = ET.SubElement(parent, _t(tag), attrs)
    if text is not None:
        element.text = _SPACES.sub(" ", text).strip()
    return element


def _header(source: Source, *, url: str) -> ET.Element:
    record = source.record
    header = ET.Element(_t("teiHeader"))
    file_desc = _sub(header, "fileDesc")
    title_stmt = _sub(file_desc, "titleStmt")
    _sub(title_stmt, "title", str(record.get("title", source.id)))
    _sub(title_stmt, "title", "transcription from the OCR, every correction recorded", type="sub")
    resp = _sub(title_stmt, "respStmt")
    _sub(resp, "resp", "transcription, correction of the OCR and encoding")
    _sub(resp, "name", PUBLISHER)
    pub = _sub(file_desc, "publicationStmt")
    _sub(pub, "publisher", PUBLISHER)
    _sub(pub, "date", PUBLICATION_DATE, when=PUBLICATION_DATE)
    _sub(pub, "idno", url, type="URL")
    _sub(pub, "idno", source.id, type="source-id")
    availability = record.get("availability") or {}
    status = str(availability.get("status", "unknown")) if isinstance(availability, dict) else "unknown"
    statement = _sub(pub, "availability", status=status)
    _sub(statement, "p", str(availability.get("text", DEFAULT_AVAILABILITY)) if availability else DEFAULT_AVAILABILITY)
    bibl = _sub(_sub(file_desc, "sourceDesc"), "bibl")
    _bibl(bibl, record)
    encoding = _sub(header, "encodingDesc")
    decl = _sub(encoding, "editorialDecl")
    for paragraph in EDITORIAL_DECLARATION:
        _sub(decl, "p", paragraph)
    # how a paragraph is cited: its number, the identifier of the site, of `reversis cite` and of
    # the DTS endpoints (a paragraph's xml:id is "<source-id>.p<number>")
    refs = _sub(encoding, "refsDecl")
    _sub(refs, "citeStructure", unit="paragraph", match="/TEI/text/body//*[@xml:id]", use=CITE_USE)
    lang = _sub(_sub(header, "profileDesc"), "langUsage")
    _sub(lang, "language", source.language or "und", ident=source.language or "und")
    return header


def _bibl(bibl: ET.Element, record: Any) -> None:
    for role in ("author", "editor"):
        for name in record.get(role) or []:
            shown = name.get("literal") or " ".join(str(name[k]) for k in ("given", "family") if name.get(k))
            _sub(bibl, role, str(shown))
    analytic = record.get("container-title") or record.get("type") in _ANALYTIC_TYPES
    level = "a" if analytic else "m"
    _sub(bibl, "title", str(record.get("title", "")), level=level)
    if record.get("container-title"):
        _sub(bibl, "title", str(record["container-title"]), level="m")
    if record.get("collection-title"):
        _sub(bibl, "title", str(record["collection-title"]), level="s")
    if record.get("volume") not in (None, ""):
        _sub(bibl, "biblScope", str(record["volume"]), unit="volume")
    if record.get("page") not in (None, ""):
        _sub(bibl, "biblScope", str(record["page"]), unit="page")
    if record.get("publisher-place"):
        _sub(bibl, "pubPlace", str(record["publisher-place"]))
    if record.get("publisher"):
        _sub(bibl, "publisher", str(record["publisher"]))
    _date(bibl, record.get("issued"))
    if record.get("URL"):
        _sub(bibl, "idno", str(record["URL"]), type="URL")
    for key in ("description", "provenance"):
        if record.get(key):
            _sub(bibl, "note", str(record[key]), type=key)
    for key in ("known", "unknown"):
        facts = record.get(key) or []
        if facts:
            items = _sub(_sub(bibl, "note", type=key), "list")
            for fact in facts:
                _sub(items, "item", str(fact))


#: CSL types of a part of a larger work (a chapter, an entry, an article): their title is ``level="a"``.
_ANALYTIC_TYPES = frozenset(
    {"chapter", "entry", "entry-dictionary", "entry-encyclopedia", "article", "article-journal", "webpage"}
)


def _date(bibl: ET.Element, issued: Any) -> None:
    """``<date when="1765">``, ``<date from="1796" to="1797">``, or the literal date as text."""
    shown = issued_year(issued)
    if shown is None:
        return
    parts = issued.get("date-parts") if isinstance(issued, dict) else None
    dates = [_w3c_date(p) for p in parts] if isinstance(parts, list) else []
    if len(dates) == 1 and dates[0]:
        _sub(bibl, "date", shown, when=dates[0])
    elif len(dates) == 2 and dates[0] and dates[1]:
        _sub(bibl, "date", shown, **{"from": dates[0], "to": dates[1]})
    else:
        _sub(bibl, "date", shown)


def _w3c_date(parts: Any) -> str | None:
    """A W3C date (``1765``, ``1765-03``, ``1765-03-01``) from CSL date parts."""
    if not (isinstance(parts, list) and 1 <= len(parts) <= 3):
        return None
    try:
        numbers = [int(x) for x in parts]
    except (TypeError, ValueError):
        return None
    return "-".join(f"{n:0{w}d}" for n, w in zip(numbers, (4, 2, 2), strict=False))


# --------------------------------------------------------------------------- body


class _Mixed:
    """Appends text and elements to an element with mixed content."""

    def __init__(self, parent: ET.Element) -> None:
        self.parent = parent

    def text(self, text: str) -> None:
        text = _SPACES.sub(" ", text)
        if not text:
            return
        if len(self.parent):
            last = self.parent[-1]
            last.tail = (last.tail or "") + text
        else:
            self.parent.text = (self.parent.text or "") + text

    def element(self, tag: str, text: str | None = None, **attrs: str) -> ET.Element:
        element = ET.SubElement(self.parent, _t(tag), attrs)
        if text:
            element.text = _SPACES.sub(" ", text)
        return element


def _fill_paragraph(para: ET.Element, segments: Sequence[Segment]) -> None:
    out = _Mixed(para)
    for seg in segments:
        if seg.kind == "text":
            out.text(seg.old)
        elif seg.kind == "pb":
            out.element("pb", n=seg.new)
        else:
            _correction(out, seg)
    if para.text:
        para.text = para.text.lstrip()
    if len(para):
        para[-1].tail = (para[-1].tail or "").rstrip() or None
    elif para.text:
        para.text = para.text.rstrip()


def _correction(out: _Mixed, seg: Segment) -> None:
    cls = seg.cls
    if seg.kind == "del" and cls == "furniture":
        # The whitespace of the deletion (a line end) stays inside: it is not in the clean text.
        kind = _fw_type(seg)
        if kind is None:
            out.element("surplus", seg.old, reason="stray mark")
        else:
            fw = out.element("fw", None if kind == "header" else seg.old, type=kind)
            regular = _regularised_head(seg.note) if kind == "header" else None
            if kind == "header" and regular is None:
                fw.text = _SPACES.sub(" ", seg.old)
            elif regular is not None:
                choice = ET.SubElement(fw, _t("choice"))
                _side(choice, "sic", seg.old)
                _side(choice, "corr", regular, type="furniture")
    elif seg.kind == "del" and cls == "excluded":
        _excluded_note(out, seg)
        return
    elif seg.kind == "del" and cls == "hyphenation" and len(seg.old.split()) <= 1:
        attrs = {"rend": mark} if (mark := seg.old.strip()) else {}
        out.element("lb", **{"break": "no", **attrs})
    elif cls in ("long-s", "hyphenation", "furniture"):
        choice = out.element("choice")
        reg_side = long_s_form(seg.old, seg.new) if cls == "long-s" else seg.old
        _side(choice, "orig", reg_side)
        _side(choice, "reg", seg.new)
    else:
        choice = out.element("choice")
        _side(choice, "sic", seg.old)
        attrs = {"type": cls}
        if cls == "doubtful":
            attrs["cert"] = "low"
        corr = _side(choice, "corr", seg.new, **attrs)
        if cls == "ocr" and _LONG_S_NOTE.search(seg.note):
            with_long_s = long_s_form(seg.old, seg.new)
            if "ſ" in with_long_s:
                corr.text = None
                inner = ET.SubElement(corr, _t("choice"))
                _side(inner, "orig", with_long_s)
                _side(inner, "reg", seg.new)
        if cls == "doubtful":
            chosen = _SPACES.sub(" ", seg.new).strip()
            listed = seg.note.partition(";")[0]
            for alternative in (a.strip() for a in listed.split("|")):
                if alternative and alternative != chosen:
                    _side(choice, "corr", alternative, type="alternative", cert="low")
    note = _reason(seg) if cls == "doubtful" else seg.note
    if note:
        out.element("note", note, type=cls)


_LONG_S_NOTE = re.compile(r"\blong s\b")
_HEAD_NOTE = re.compile(r"running head [\"“]([^\"”]+)[\"”]")


def _regularised_head(note: str) -> str | None:
    """The running head as printed, when the note gives it in quotes (``running head "DU REVERSIS. 95"``)."""
    match = _HEAD_NOTE.search(note)
    return match.group(1) if match else None


def _side(choice: ET.Element, tag: str, text: str, **attrs: str) -> ET.Element:
    element = ET.SubElement(choice, _t(tag), attrs)
    collapsed = _SPACES.sub(" ", text)
    if collapsed:
        element.text = collapsed
    return element


def _excluded_note(out: _Mixed, seg: Segment) -> None:
    note = out.element("note", type="excluded")
    if seg.note:
        label = ET.SubElement(note, _t("label"))
        label.text = seg.note
        label.tail = " " + _SPACES.sub(" ", seg.old)
    else:
        note.text = _SPACES.sub(" ", seg.old)


def _fw_type(seg: Segment) -> str | None:
    note = seg.note.casefold()
    for words, kind in (
        (("running head", "header", "headline", "running title", "head"), "header"),
        (("signature",), "sig"),
        (("catchword", "catch-word", "réclame"), "catch"),
        (("page number", "folio", "pagination"), "pageNum"),
    ):
        if any(w in note for w in words):
            return kind
    # a bare number is a page number unless the note calls it a stray mark (the "1" after p31 of the
    # dictionary is one: no page ends there)
    if seg.old.strip().isdigit() and "stray" not in note:
        return "pageNum"
    return None


def _fill_excluded(body: ET.Element, segments: Sequence[Segment]) -> None:
    """An excluded block at body level: furniture as ``fw``, page breaks as ``pb``, the rest as notes."""
    out = _Mixed(body)
    for seg in segments:
        if seg.kind == "pb":
            out.element("pb", n=seg.new)
        elif seg.kind == "del" and seg.cls == "furniture" and _fw_type(seg) is not None:
            _correction(out, seg)
        elif seg.kind == "del" and seg.cls == "furniture":
            out.element("fw", seg.old)  # a stray mark outside any paragraph: surplus is not allowed here
            if seg.note:
                out.element("note", seg.note, type="furniture")
        elif seg.kind in ("del", "sub"):
            _excluded_note(out, Segment("del", old=seg.old, cls=seg.cls, note=_reason(seg)))
    for child in body:
        child.tail = None


def _reason(seg: Segment) -> str:
    if seg.cls == "doubtful":
        return seg.note.partition(";")[2].strip()
    if seg.cls == "excluded":
        return seg.note
    return f"{seg.cls}: {seg.note}" if seg.note else seg.cls


def _indent(element: ET.Element, level: int = 0) -> None:
    if element.tag not in _STRUCTURAL or not len(element):
        return
    pad = "\n" + "  " * (level + 1)
    if not (element.text or "").strip():
        element.text = pad
    for child in element:
        _indent(child, level + 1)
        if not (child.tail or "").strip():
            child.tail = pad
    element[-1].tail = "\n" + "  " * level
