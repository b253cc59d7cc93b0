"""The page of each source (``docs/sources/<id>.md``) and the downloads of its exports.

Each paragraph of the transcription with its corrections, the OCR as printed and the translation,
the annotations that quote it, its cross-references (*Voyez …*) and its citations; the source's
bibliographic record, and its correction report. The exports (``corpus/<id>/exports/``) are copied
into ``docs/downloads/`` byte for byte, and listed on the source's page and on the downloads page.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import jinja2

from reversis.annotations import Annotation
from reversis.corpus import Paragraph, Source, source_url
from reversis.corpus.bib import csl_item
from reversis.corpus.cite import paragraph_citation, render_csl
from reversis.corpus.markup import CLASSES, collapse
from reversis_site.links import fold, relative
from reversis_site.text import CLASS_MEANINGS, Glossed, gloss_heading, transcription_html, translation_html
from reversis_site.topics import TOPIC_TITLES, issued_text, split_example

if TYPE_CHECKING:
    from reversis_site.build import Site

REPO = Path(__file__).resolve().parents[2]
#: The folder of ``docs/`` whose every file is a copy of an export (``docs/downloads/``), byte for byte.
DOWNLOADS = "downloads"

#: The exports of each source offered for download (``corpus/<id>/exports/<id>.<suffix>``): suffix,
#: format, what it is.
SOURCE_EXPORTS = (
    ("tei.xml", "TEI P5", "the transcription in TEI P5 XML, every correction as <choice><sic><corr>"),
    ("txt", "Plain text", "the clean text, paragraph by paragraph, with the paragraph ids"),
    (
        "csl.json",
        "CSL-JSON",
        "the bibliographic record of the source (of each entry, for a dictionary), for reference managers",
    ),
    ("bib", "BibTeX", "the same records as biblatex entries, a paragraph cited by its number (pagination = paragraph)"),
    ("ris", "RIS", "the same records as RIS, for reference managers that read no other"),
)


def source_page(site: Site, source: Source, env: jinja2.Environment, files: Mapping[Path, bytes]) -> str:
    page = f"sources/{source.id}.md"
    record = source.record
    entry_starts = {entry.paragraphs[0]: entry for entry in source.entries}
    items: list[dict[str, Any]] = []
    numbers = {p.number: p for p in source.paragraphs}
    for block in source.blocks:
        if block.page_break:
            items.append({"kind": "page-break", "page": block.page_break})
            continue
        if not block.number:
            left_out = [seg for seg in block.segments if seg.kind == "del"]
            if items and items[-1]["kind"] == "excluded":
                items[-1]["lines"].extend(left_out)
            else:
                items.append({"kind": "excluded", "lines": left_out})
            continue
        para = numbers[block.number]
        entry = entry_starts.get(para.id)
        level = source.heads.get(para.number)
        heading = None
        if entry is not None:
            heading = {"text": entry.title, "level": 3 + max((level or 1) - 1, 0), "entry": entry}
        elif level:
            heading = {"text": _short(para.clean), "level": 3 + level - 1, "entry": None}
        glossed = Glossed(site.glossary, para.id)
        transcription = transcription_html(
            para.segments, glossed, quotes=[(a.id, a.quote) for a in site.annotations_of(para.id)], anchor=para.anchor
        )
        items.append(
            {
                "kind": "paragraph",
                "paragraph": para,
                "heading": heading,
                "transcription": transcription,
                # the glossary's terms marked in the text (a tooltip for a mouse), listed in the apparatus
                "terms": [term for term in glossed.terms if term in glossed.done],
                "translation": translation_html(para.translation, Glossed(site.glossary, para.id)),
                "annotations": [_annotation_view(site, a, page=page) for a in site.annotations_of(para.id)],
                "see": _cross_references(source, para),
                "cite": paragraph_citations(site, para),
                "corrections": _corrections(para),
            }
        )
    counts = Counter(c.cls for c in source.corrections)
    facts = _record_facts(record, language=source.language)
    return env.get_template("source.md.j2").render(
        source=source,
        record=record,
        facts=facts,
        items=items,
        counts=[(cls, counts.get(cls, 0), CLASS_MEANINGS[cls]) for cls in CLASSES],
        total=len(source.corrections),
        doubtful=[c for c in source.corrections if c.cls == "doubtful"],
        rulesets=[r for r in site.rulesets if r.source == source.id],
        downloads=source_downloads(source, files, page=page),
        downloads_page=relative("downloads.md", page),
        url=source_url(source.id),
        citation=render_csl(csl_item(source)),
        page=page,
        work=work_line(source),
        annotation_count=sum(1 for a in site.annotations if a.source == source.id),
    )


def _corrections(para: Paragraph) -> list[dict[str, Any]]:
    """The corrections of a paragraph as its apparatus lists them, each with the id that its corrected
    words in the text name (``transcription_html`` numbers them in the same order)."""
    return [
        {"id": f"correction-{para.anchor}-{n}", "correction": c, "meaning": CLASS_MEANINGS.get(c.cls, c.cls)}
        for n, c in enumerate(para.corrections, start=1)
    ]


#: The citations of a paragraph's Cite box, as ``reversis cite`` gives them: label, style or format.
CITATIONS = (
    ("Chicago notes", "chicago-notes-bibliography", "text"),
    ("Chicago author-date", "chicago-author-date", "text"),
    ("APA", "apa", "text"),
    ("MLA", "modern-language-association", "text"),
    ("BibTeX", "chicago", "bibtex"),
    ("CSL-JSON", "chicago", "csl-json"),
    ("RIS", "chicago", "ris"),
)


def paragraph_citations(site: Site, para: Paragraph) -> dict[str, str]:
    """The citations of a paragraph in every style and format of ``reversis cite``, by label."""
    source = site.corpus.source(para.source)
    return {label: paragraph_citation(source, para, fmt=fmt, style=style) for label, style, fmt in CITATIONS}


def work_line(source: Source) -> dict[str, Any]:
    """What the source is, in one line: its title and the work it is in (both in the source's
    language), then the volume, pages and date.

    >>> from reversis.corpus import load_corpus
    >>> work_line(load_corpus().source("encyclopedie-1765"))["rest"]
    ', vol. 14, 1765'
    """
    record = source.record
    rest = []
    if record.get("volume"):
        rest.append(f"vol. {record['volume']}")
    if record.get("page"):
        rest.append(f"pp. {record['page']}")
    date = issued_text(record.get("issued"))
    if date:
        rest.append(date)
    return {
        "title": collapse(source.title),
        "container": collapse(str(record.get("container-title") or "")),
        # a title supplied in brackets is the editors' description, in English
        "container_supplied": str(record.get("container-title") or "").startswith("["),
        "genre": collapse(str(record.get("genre") or "")),
        "rest": "".join(f", {part}" for part in rest),
    }


def _short(value: str, limit: int = 80) -> str:
    return value if len(value) <= limit else value[: limit - 1].rstrip() + "…"


def _record_facts(record: Mapping[str, Any], *, language: str) -> list[tuple[str, str, str]]:
    """The bibliographic fields of a record, as label, text and the language of the text (the
    source's for its titles, else none: English); an absent one says it is not known."""

    def names(value: Any) -> str:
        if not value:
            return ""
        shown = []
        for name in value:
            full = name.get("literal") or ", ".join(p for p in (name.get("family"), name.get("given")) if p)
            shown.append(full + (" (attributed)" if name.get("attributed") else ""))
        return "; ".join(shown)

    def issued(value: Any) -> str:
        if not value:
            return ""
        if "literal" in value:
            return str(value["literal"])
        return "–".join("-".join(str(x) for x in part) for part in value.get("date-parts", []))

    fields: list[tuple[str, str]] = [
        ("Type (CSL)", str(record.get("type", ""))),
        ("Title", str(record.get("title", ""))),
        ("In", str(record.get("container-title") or "")),
        ("Series", str(record.get("collection-title") or "")),
        ("Volume", str(record.get("volume") or "")),
        ("Pages", str(record.get("page") or "")),
        ("Date", issued(record.get("issued"))),
        ("Publisher", str(record.get("publisher") or "")),
        ("Place", str(record.get("publisher-place") or "")),
        ("Language", str(record.get("language", ""))),
        ("Author", names(record.get("author"))),
        ("Editors", names(record.get("editor"))),
        ("Address of the original", str(record.get("URL") or "")),
        ("Availability", (record.get("availability") or {}).get("text", "")),
    ]
    if record.get("URL") and record.get("original-URL-checked") is False:
        fields[-2] = (fields[-2][0], f"{record['URL']} (not opened: built, not checked)")
    titles = {"Title", "In", "Series"}  # in the source's language, unless supplied in brackets (English)
    return [
        (label, collapse(value), language if label in titles and not value.startswith("[") else "")
        if value
        else (label, "not known", "")
        for label, value in fields
    ]


# The source's own "Voyez …" in its text. "Voyez ci-après X" (or "ci-dessous", "plus bas") sends the
# reader to X further on in the same text, "ci-dessus" (or "plus haut") to X earlier in it; any other
# "Voyez X" names another article of the work.
_SEE = re.compile(
    r"\bVoye[zs]\s+(?:(?P<where>ci-apr[èe]s|ci-dessous|plus\s+bas|ci-dessus|plus\s+haut)\s+)?(?P<target>[^.;]+)",
    re.IGNORECASE,
)


_LATER = ("ci-après", "ci-apres", "ci-dessous", "plus bas")


def _cross_references(source: Source, para: Paragraph) -> list[dict[str, Any]]:
    """The source's own "Voyez …" in a paragraph: declared in the record (``entries[].see``), or
    found in the text and not declared. A reference found in the text that points within the same
    text (*ci-après*, *ci-dessus*) is resolved to the paragraph it names; any other is not resolved.

    >>> from reversis.corpus import load_corpus
    >>> enc = load_corpus().source("encyclopedie-1765")
    >>> [(r["target"], r["resolved"], r["within"]) for r in _cross_references(enc, enc.paragraphs[9])]
    [('faire le reversis', 'encyclopedie-1765:11', 'later')]
    """
    refs: list[dict[str, Any]] = []
    declared = [ref for entry in source.entries for ref in entry.see if ref.paragraph == para.id]
    for ref in declared:
        refs.append({"target": ref.target, "resolved": ref.resolved, "external": ref.external, "within": None})
    if not declared:
        for match in _SEE.finditer(para.clean):
            target = collapse(match["target"])
            where = match["where"]
            if where is None:
                refs.append({"target": target, "resolved": None, "external": None, "within": None})
                continue
            later = collapse(where).lower() in _LATER
            found = _passage(source, para, target, later=later)
            within = "later" if later else "earlier"
            refs.append({"target": target, "resolved": found, "external": False, "within": within})
    return refs


def _passage(source: Source, para: Paragraph, target: str, *, later: bool) -> str | None:
    """The paragraph after (or before) ``para`` that the words ``target`` name: the first that opens
    with them (a run-in heading, as the Encyclopédie's "Faire le reversis, en terme du jeu …"), else
    the nearest that contains them; ``None`` if none does."""
    index = next(i for i, p in enumerate(source.paragraphs) if p.id == para.id)
    others = source.paragraphs[index + 1 :] if later else source.paragraphs[:index][::-1]
    words = fold(collapse(target)).lower()
    texts = [(p.id, fold(collapse(p.clean)).lower()) for p in others]
    for pid, body in texts:
        if body.startswith(words):
            return pid
    phrase = re.compile(rf"(?<!\w){re.escape(words)}(?!\w)")
    return next((pid for pid, body in texts if phrase.search(body)), None)


def _annotation_view(site: Site, a: Annotation, *, page: str) -> dict[str, Any]:
    options = []
    for name in dict.fromkeys([*a.options, *(n for r in a.readings for n in r.options)]):
        home = site.option_home(a, name)
        link = relative(f"rulesets/{home.id}.md", page) + f"#option-{name}" if home else None
        options.append({"name": name, "link": link})
    heading = gloss_heading(a.gloss)
    title = TOPIC_TITLES.get(a.topic, (a.topic, ""))[0]
    prose, code = split_example(a.example) if a.example else ("", "")
    return {
        "annotation": a,
        "prose": prose,
        "code": code,
        "options": options,
        "heading": heading,
        "heading_is_gloss": heading == collapse(a.gloss).rstrip(".:;, "),
        "topic_title": title,
        "topic_link": relative(f"topics/{a.topic}.md", page),
    }


def download_files(site: Site) -> dict[Path, bytes]:
    """The files of ``docs/downloads/``: each source's exports and the annotations' Web Annotations, as they are."""
    out: dict[Path, bytes] = {}
    for source in site.sources:
        for suffix, _, _ in SOURCE_EXPORTS:
            name = f"{source.id}.{suffix}"
            out[Path(DOWNLOADS) / source.id / name] = (REPO / "corpus" / source.id / "exports" / name).read_bytes()
    for path in sorted((REPO / "annotations" / "exports").glob("*.jsonld")):
        out[Path(DOWNLOADS) / "annotations" / path.name] = path.read_bytes()
    return out


def source_downloads(source: Source, files: Mapping[Path, bytes], *, page: str) -> list[dict[str, Any]]:
    """The downloads of a source (its exports, its annotations), each with its link from ``page``."""
    offered = [
        (Path(DOWNLOADS) / source.id / f"{source.id}.{suffix}", label, what) for suffix, label, what in SOURCE_EXPORTS
    ]
    annotations = Path(DOWNLOADS) / "annotations" / f"{source.id}.jsonld"
    if annotations in files:
        offered.append((annotations, "JSON-LD", "the annotations of this source as W3C Web Annotations"))
    return [
        {
            "label": label,
            "what": what,
            "name": path.name,
            "link": relative(path.as_posix(), page),
            "size": _size(len(files[path])),
        }
        for path, label, what in offered
    ]


def _size(size: int) -> str:
    return f"{size / 1024:.0f} KB" if size >= 1024 else f"{size} bytes"


def downloads_page(site: Site, files: Mapping[Path, bytes], env: jinja2.Environment) -> str:
    page = "downloads.md"
    sources = [
        {
            "source": source,
            "link": relative(f"sources/{source.id}.md", page),
            "files": source_downloads(source, files, page=page),
        }
        for source in site.sources
    ]
    return env.get_template("downloads.md.j2").render(sources=sources)
