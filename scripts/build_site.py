"""Build the site's generated pages: ``python scripts/build_site.py [--check]``.

Renders the jinja2 templates of ``scripts/templates/`` into Markdown pages
under ``docs/``: one page per source (``docs/sources/<id>.md``, served at
``/sources/<id>/`` as :func:`reversis.corpus.paragraph_url` prints), one per
ruleset (``docs/rulesets/<id>.md``), the bibliography and the glossary. The
pages are committed; with ``--check`` nothing is written, and the exit status
is 1 naming each stale page (missing, different, or a generated folder's page
that is no longer generated). A corpus, annotation or ruleset error is one
line and exit status 2.

Every value from the corpus, the annotations and the rulesets goes through
:func:`text`: HTML-escaped (jinja2's autoescape), with the characters that
Markdown, attr_list and pymdownx.critic would read written as character
references, so that the OCR's ``<``, ``&``, ``{``, ``*`` and ``#`` show as
printed wherever they stand. Only the corrections of the transcription are
written as CriticMarkup, which pymdownx.critic renders.

>>> str(text("a <b> & *c* {--d--} [e](f)"))
'a &lt;b&gt; &amp; &#42;c&#42; &#123;--d--&#125; &#91;e&#93;(f)'
>>> str(text("11. Si le Quinola"))
'11&#46; Si le Quinola'
"""

from __future__ import annotations

import argparse
import re
import sys
import unicodedata
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from html import unescape
from pathlib import Path
from typing import Any

import jinja2
import markdown  # type: ignore[import-untyped]
import yaml
from markupsafe import Markup, escape

from reversis.annotations import Annotation, Term, load_annotations, load_glossary
from reversis.corpus import Corpus, Paragraph, Source, cite, load_bibliography, load_corpus, source_url
from reversis.corpus.bib import csl_item
from reversis.corpus.cite import render_csl
from reversis.corpus.markup import CLASSES, Segment, collapse
from reversis.errors import AnnotationError, CorpusError, RulesetError
from reversis.ruleset import Ruleset, load_ruleset, ruleset_ids

REPO = Path(__file__).resolve().parent.parent
DOCS = REPO / "docs"
TEMPLATES = Path(__file__).resolve().parent / "templates"
# The page modules beside this script (site_topics, …) import by their names, also when this
# script is loaded by its path, as the tests load it.
if str(TEMPLATES.parent) not in sys.path:
    sys.path.append(str(TEMPLATES.parent))

#: The folders of ``docs/`` whose every page is generated: a page there that is not generated is stale.
GENERATED_FOLDERS = ("sources", "rulesets", "topics", "examples")
#: The folder of ``docs/`` whose every file is a copy of an export (``docs/downloads/``), byte for byte.
DOWNLOADS = "downloads"
#: The exports of each source offered for download (``corpus/<id>/exports/<id>.<suffix>``): suffix,
#: format, what it is.
SOURCE_EXPORTS = (
    ("tei.xml", "TEI P5", "the transcription in TEI P5 XML, every correction as <choice><sic><corr>"),
    ("txt", "Plain text", "the clean text, paragraph by paragraph, with the paragraph ids"),
    ("csl.json", "CSL-JSON", "the bibliographic record and one item per paragraph, for reference managers"),
    ("bib", "BibTeX", "the same records as BibTeX entries"),
)

# Characters that Markdown, attr_list or pymdownx.critic would read inside a line (``{`` opens
# CriticMarkup and attribute lists), written as character references. markupsafe's own references
# (&amp; &lt; &gt; &#34; &#39;) contain none of them, so the two passes do not interfere.
_MARKDOWN_CHARACTERS = str.maketrans({c: f"&#{ord(c)};" for c in "\\`*_{}[]|"})
# At the start of a line: a heading, a list item, a setext underline.
_LINE_START = re.compile(r"^(\s*)(#|[-+=]|\d+\.)", re.MULTILINE)


def text(value: Any) -> Markup:
    """A value shown as text in HTML and in Markdown: escaped, Markdown's characters as references."""
    if isinstance(value, Markup):
        return value
    if type(value) is str:
        return _text(value)
    if type(value) is int and value >= 0:
        return Markup(value)  # digits only: nothing to escape, and no "1." at the start of a line
    return _text(str(value))


@lru_cache(maxsize=1 << 16)
def _text(value: str) -> Markup:
    """:func:`text` of a string, once per string: the pages show the same words many times."""
    escaped = str(escape(value)).translate(_MARKDOWN_CHARACTERS)
    return Markup(_LINE_START.sub(_line_start, escaped))


def _line_start(match: re.Match[str]) -> str:
    space, mark = match.groups()
    if mark[0].isdigit():
        return f"{space}{mark[:-1]}&#46;"
    return f"{space}&#{ord(mark)};"


def _finalize(value: Any) -> Any:
    """Every ``{{ … }}`` of a template: ``None`` as nothing, anything else through :func:`text`."""
    return "" if value is None else text(value)


def translation_html(source_markdown: str, glossary: Glossed | None = None) -> Markup:
    """A paragraph of the translation (Markdown: italics for the game's terms) as HTML.

    The text is escaped before it is converted, so no HTML of it is passed through, and the
    result has its ``{`` as a reference so that pymdownx.critic does not read it again.
    """
    html = markdown.markdown(str(escape(source_markdown)), output_format="html").replace("{", "&#123;")
    return glossary.mark_emphasis(html) if glossary else Markup(html)


class Glossed:
    """The glossary's terms as tooltips in one paragraph of a source: each term the glossary lists for
    the paragraph, at its first occurrence in it, as ``<abbr title="term: sense">``.

    The glossary says which paragraphs use a term, so a French word is never glossed in English text,
    nor a Spanish one in French. Call :meth:`mark` on each stretch of the paragraph's text in order;
    a term already marked in an earlier stretch is not marked again.

    >>> from reversis.annotations import Term
    >>> quinola = Term("quinola", "fr", ("quinola",), "The jack of hearts.", paragraphs=("x:1",))
    >>> forced = Term("quinola forcé", "fr", ("quinola forcé",), "The quinola forced.", paragraphs=("x:1",))
    >>> glossed = Glossed([quinola, forced], "x:1")
    >>> marked = str(glossed.mark("le quinola forcé & le Quinola <ici>"))
    >>> marked.startswith('le <abbr title="quinola forcé: The quinola forced.">quinola forcé</abbr> &amp; le ')
    True
    >>> marked.endswith('<abbr title="quinola: The jack of hearts.">Quinola</abbr> &lt;ici&gt;')
    True
    >>> str(glossed.mark("le quinola"))
    'le quinola'
    """

    def __init__(self, terms: Iterable[Term], paragraph_id: str) -> None:
        self.terms = [t for t in terms if paragraph_id in t.paragraphs]
        self.done: set[Term] = set()

    def mark(self, value: str) -> Markup:
        """``value`` as text (:func:`text`), each term not marked yet in an ``abbr``."""
        found = [
            (m.start(), m.end(), term)
            for term in self.terms
            if term not in self.done
            for spelling in term.spellings
            for m in _spelling(spelling).finditer(value)
        ]
        out: list[str] = []
        at = 0
        for start, end, term in sorted(found, key=lambda f: (f[0], -f[1])):
            if start < at or term in self.done:
                continue  # inside a longer term (quinola in "quinola forcé"), or marked already
            out.append(text(value[at:start]))
            out.append(f'<abbr title="{text(term_title(term))}">{text(value[start:end])}</abbr>')
            self.done.add(term)
            at = end
        out.append(text(value[at:]))
        return Markup("".join(out))

    def mark_emphasis(self, html: str) -> Markup:
        """The HTML of a translation, each ``<em>`` that is exactly a term's spelling or headword in an ``abbr``."""

        def replace(match: re.Match[str]) -> str:
            words = collapse(unescape(match.group(1))).lower()
            for term in self.terms:
                if term not in self.done and words in {w.lower() for w in (term.term, *term.spellings)}:
                    self.done.add(term)
                    return f'<em><abbr title="{text(term_title(term))}">{match.group(1)}</abbr></em>'
            return match.group(0)

        return Markup(re.sub(r"<em>([^<]+)</em>", replace, html))


#: Where ``abbreviations_page`` writes the glossary's abbreviations, relative to ``docs/``: outside it,
#: a configuration that ``mkdocs.yml`` inherits (``INHERIT``), as the glossary of the abbr extension.
ABBREVIATIONS = Path("..") / "includes" / "abbreviations.yml"

#: Spellings of the glossary that are also English words ("as", "main", "points", …): in the site's
#: English prose they mean something else, so they are not glossed there (they are in the sources' own
#: text, where the glossary says a paragraph uses them).
ENGLISH_HOMOGRAPHS = frozenset(
    {
        "as", "coup", "tour", "tours", "main", "rang", "points", "force", "tire", "lever", "convention",
        "village", "consolation", "dame", "dames", "valet", "valets", "pique", "declare", "cobra", "coupe",
        "marque", "marques", "remise", "partie", "compte", "double", "corte", "dar", "salida",
    }
)  # fmt: skip


def abbreviations_page(glossary: Iterable[Term], identifiers: Iterable[str]) -> str:
    """The glossary as the abbreviations of the abbr extension (``Quinola: "quinola: The jack of hearts …"``),
    in a configuration that ``mkdocs.yml`` inherits: every spelling of every term, as printed and
    capitalised, except the English homographs and the forms that stand inside the site's identifiers
    (the abbr extension would split ``enc1765-quinola-placed`` or ``revesino-es:5``); a form of two
    terms gives both. Given once to the extension, they cost the build nothing per page but the
    marking itself.

    >>> from reversis.annotations import Term
    >>> print(abbreviations_page([Term("quinola", "fr", ("quinola",), "The jack.")], ["rev-quinola-led"]), end="")
    # Generated by scripts/build_site.py from annotations/glossary.yaml; do not edit.
    markdown_extensions:
      abbr:
        glossary:
          Quinola: 'quinola: The jack.'
    """
    # one name a line: a form (which holds no line break) is found inside a name as it is in the list
    names = "\n".join(identifiers)
    titles: dict[str, list[str]] = {}
    for term in glossary:
        for spelling in term.spellings:
            if spelling.lower() in ENGLISH_HOMOGRAPHS:
                continue
            for form in dict.fromkeys((spelling, spelling[:1].upper() + spelling[1:])):
                if not re.search(rf"\b{re.escape(form)}\b", names):
                    titles.setdefault(form, []).append(term_title(term))
    abbreviations = {form: " · ".join(dict.fromkeys(t)) for form, t in sorted(titles.items())}
    config = {"markdown_extensions": {"abbr": {"glossary": abbreviations}}}
    header = "# Generated by scripts/build_site.py from annotations/glossary.yaml; do not edit.\n"
    return header + yaml.safe_dump(config, allow_unicode=True, width=10**6, sort_keys=False)


def identifiers(site: Site, pages: Iterable[Path]) -> set[str]:
    """Every identifier the pages show as text: sources, paragraphs, annotations, rulesets, options,
    engine rules, and the names of the pages and downloads."""
    names = {s.id for s in site.corpus.sources} | {p.id for p in site.corpus.paragraphs()}
    names |= {a.id for a in site.annotations} | {r for a in site.annotations for r in a.rules}
    names |= {a.topic for a in site.annotations} | {o for a in site.annotations for o in a.options}
    for rules in site.rulesets:
        names |= {rules.id, *rules.options, *rules.rule_cites}
    names |= {part for path in pages for part in path.parts}
    return names


def term_title(term: Term) -> str:
    """The tooltip of a term: its headword and its English sense."""
    return f"{term.term}: {collapse(term.sense)}"


@cache
def _spelling(spelling: str) -> re.Pattern[str]:
    words = r"\s+".join(re.escape(word) for word in spelling.split())
    return re.compile(rf"(?<!\w){words}(?!\w)", re.IGNORECASE)


def _comment(segment: Segment) -> str:
    return f"{segment.cls}: {segment.note}" if segment.note else segment.cls


CLASS_MEANINGS = {
    "ocr": "an OCR misreading corrected",
    "long-s": "a long s read as f by the OCR",
    "hyphenation": "a line-end hyphen removed",
    "furniture": "page furniture (running head, page number, stray mark) removed from the text",
    "editorial": "a change the print itself needs",
    "doubtful": "a doubtful reading: the reading chosen, with the others in the note",
    "excluded": "material that is not part of the text",
}


def transcription_html(segments: Iterable[Segment], glossary: Glossed | None = None) -> Markup:
    """The transcription of a block: text escaped, each correction as CriticMarkup in a span whose
    ``title`` explains it (class and note), each page break as a marker.

    The comment of a correction is given to pymdownx.critic as written (critic escapes it);
    the OCR and clean sides are escaped here, so that ``~>`` or ``--}`` cannot occur in them.

    >>> from reversis.corpus.markup import parse_block
    >>> str(transcription_html(parse_block("il {~~eft~>est~~}{>>long-s<<} <ici>", where="x")))
    'il <span class="correction correction-long-s" title="long-s">{~~eft~>est~~}{>>long-s<<}</span> &lt;ici&gt;'
    """
    parts: list[str] = []
    for seg in segments:
        if seg.kind == "text":
            plain = re.sub(r"\s+", " ", seg.old)
            parts.append(glossary.mark(plain) if glossary else text(plain))
        elif seg.kind == "pb":
            parts.append(f'<span class="page-break">[p. {text(seg.new)}]</span>')
        else:
            old, new = text(re.sub(r"\s+", " ", seg.old)), text(re.sub(r"\s+", " ", seg.new))
            if seg.kind == "sub":
                change = f"{{~~{old}~>{new}~~}}"
            elif seg.kind == "del":
                change = f"{{--{old}--}}"
            else:
                change = f"{{++{new}++}}"
            comment = _comment(seg).replace("<<}", "<< }")
            parts.append(
                f'<span class="correction correction-{text(seg.cls)}" title="{text(_comment(seg))}">'
                f"{change}{{>>{comment}<<}}</span>"
            )
    return Markup("".join(parts).strip())


def flow_yaml(value: Any) -> str:
    """A value as YAML on one line (``{4: 3, 5: 2}``, ``true``, ``JH``)."""
    dumped = yaml.safe_dump(value, default_flow_style=True, allow_unicode=True, width=10**6, sort_keys=False)
    return dumped.strip().removesuffix("...").strip()


def block_yaml(value: Any) -> str:
    """A mapping as block YAML, as a scenario file writes it."""
    return yaml.safe_dump(value, default_flow_style=False, allow_unicode=True, width=100, sort_keys=False).rstrip()


# ---- the data each template is given ------------------------------------------------------------


@dataclass(frozen=True)
class Site:
    """Everything the pages are built from, loaded once."""

    corpus: Corpus
    annotations: tuple[Annotation, ...]
    rulesets: tuple[Ruleset, ...]
    glossary: tuple[Term, ...]

    @classmethod
    def load(cls) -> Site:
        return cls(
            corpus=load_corpus(),
            annotations=load_annotations(),
            rulesets=tuple(load_ruleset(r) for r in ruleset_ids()),
            glossary=load_glossary(),
        )

    def annotations_of(self, paragraph_id: str) -> list[Annotation]:
        return [a for a in self.annotations if a.paragraph == paragraph_id]

    def annotation(self, annotation_id: str) -> Annotation:
        for a in self.annotations:
            if a.id == annotation_id:
                return a
        raise AnnotationError(f"unknown annotation id {annotation_id!r}")

    def option_home(self, annotation: Annotation, name: str) -> Ruleset | None:
        """The ruleset page that documents option ``name`` of an annotation, if any."""
        for ruleset in self.rulesets:
            if name in ruleset.options and (ruleset.id in annotation.rulesets or not annotation.rulesets):
                return ruleset
        return None


def paragraph_link(paragraph_id: str, *, page: str) -> str:
    """The Markdown target of a paragraph's anchor, from a page at ``page`` (relative to docs/); a
    citation without a paragraph number is a secondary source's id, whose entry is in the bibliography.

    >>> paragraph_link("encyclopedie-1765:4", page="rulesets/x.md")
    '../sources/encyclopedie-1765.md#p4'
    >>> paragraph_link("wikipedia-en-romestecq", page="rulesets/x.md")
    '../bibliography.md#wikipedia-en-romestecq'
    """
    source_id, colon, number = paragraph_id.partition(":")
    if not colon:
        return _relative("bibliography.md", page) + f"#{source_id}"
    return _relative(f"sources/{source_id}.md", page) + f"#p{number}"


def annotation_link(annotation: Annotation, *, page: str) -> str:
    return _relative(f"sources/{annotation.source}.md", page) + f"#{annotation.id}"


def _relative(target: str, page: str) -> str:
    depth = page.count("/")
    return "../" * depth + target


def term_anchor(term: Term) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", _fold(term.term.lower())).strip("-")
    return f"term-{term.language}-{slug}"


def _fold(value: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", value) if not unicodedata.combining(c))


def _environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES),
        autoescape=True,
        finalize=_finalize,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["transcription"] = transcription_html
    env.filters["translation"] = translation_html
    env.filters["flow_yaml"] = flow_yaml
    env.filters["block_yaml"] = block_yaml
    env.filters["collapse"] = collapse
    env.filters["anchor"] = anchor
    env.filters["href"] = href
    env.globals["hashes"] = lambda level: Markup("#" * int(level))
    return env


_ANCHOR = re.compile(r"[A-Za-z0-9][A-Za-z0-9._:-]*")
_HREF = re.compile(r"[A-Za-z0-9._/-]*(#[A-Za-z0-9._:-]+)?")


def anchor(value: str) -> Markup:
    """An id or fragment written by this script (paragraph, annotation, option, term): checked, not escaped.

    >>> str(anchor("option-quinola_placed_wins_pool"))
    'option-quinola_placed_wins_pool'
    """
    if not _ANCHOR.fullmatch(str(value)):
        raise ValueError(f"not an anchor: {value!r}")
    return Markup(value)


def href(value: str) -> Markup:
    """A relative link written by this script (``../sources/x.md#p7``): checked, not escaped."""
    if not _HREF.fullmatch(str(value)):
        raise ValueError(f"not a relative link: {value!r}")
    return Markup(value)


# ---- the pages ----------------------------------------------------------------------------------


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
            items.append({"kind": "excluded", "html": transcription_html(block.segments)})
            continue
        para = numbers[block.number]
        entry = entry_starts.get(para.id)
        level = source.heads.get(para.number)
        heading = None
        if entry is not None:
            heading = {"text": entry.title, "level": 3 + max((level or 1) - 1, 0), "entry": entry}
        elif level:
            heading = {"text": _short(para.clean), "level": 3 + level - 1, "entry": None}
        items.append(
            {
                "kind": "paragraph",
                "paragraph": para,
                "heading": heading,
                "transcription": transcription_html(para.segments, Glossed(site.glossary, para.id)),
                "translation": translation_html(para.translation, Glossed(site.glossary, para.id)),
                "annotations": [_annotation_view(site, a, page=page) for a in site.annotations_of(para.id)],
                "see": _cross_references(source, para),
                "cite": {
                    "Chicago": cite(para.id, corpus=site.corpus),
                    "BibTeX": cite(para.id, fmt="bibtex", corpus=site.corpus),
                    "CSL-JSON": cite(para.id, fmt="csl-json", corpus=site.corpus),
                },
                "corrections": len(para.corrections),
            }
        )
    counts = Counter(c.cls for c in source.corrections)
    facts = _record_facts(record)
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
        downloads_page=_relative("downloads.md", page),
        url=source_url(source.id),
        citation=render_csl(csl_item(source, url=source_url(source.id))),
        page=page,
    )


def _short(value: str, limit: int = 80) -> str:
    return value if len(value) <= limit else value[: limit - 1].rstrip() + "…"


def _record_facts(record: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The bibliographic fields of a record, as label and text; an absent one says it is not known."""

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
    return [(label, collapse(value) if value else "not known") for label, value in fields]


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
    words = _fold(collapse(target)).lower()
    texts = [(p.id, _fold(collapse(p.clean)).lower()) for p in others]
    for pid, body in texts:
        if body.startswith(words):
            return pid
    phrase = re.compile(rf"(?<!\w){re.escape(words)}(?!\w)")
    return next((pid for pid, body in texts if phrase.search(body)), None)


def _annotation_view(site: Site, a: Annotation, *, page: str) -> dict[str, Any]:
    options = []
    for name in dict.fromkeys([*a.options, *(n for r in a.readings for n in r.options)]):
        home = site.option_home(a, name)
        link = _relative(f"rulesets/{home.id}.md", page) + f"#option-{name}" if home else None
        options.append({"name": name, "link": link})
    return {"annotation": a, "options": options}


def ruleset_page(site: Site, rules: Ruleset, env: jinja2.Environment) -> str:
    page = f"rulesets/{rules.id}.md"
    players = rules.get("players")
    options = []
    for name, opt in rules.options.items():
        options.append(
            {
                "name": name,
                "option": opt,
                "default": flow_yaml(opt.default),
                "allowed": opt.allowed(rules.pack, players=players if isinstance(players, int) else None),
                "cites": [(pid, paragraph_link(pid, page=page)) for pid in opt.cites],
                "annotations": [
                    (site.annotation(aid), annotation_link(site.annotation(aid), page=page)) for aid in opt.annotations
                ],
            }
        )
    engine_rules = [
        {
            "rule": rule,
            "anchor": "rule-" + re.sub(r"[^a-z0-9]+", "-", rule),
            "basis": rules.rule_basis.get(rule, "stated"),
            "cites": [(pid, paragraph_link(pid, page=page)) for pid in cites],
            "annotations": [
                (aid, annotation_link(site.annotation(aid), page=page)) for aid in rules.rule_annotations[rule]
            ],
        }
        for rule, cites in rules.rule_cites.items()
    ]
    readings = []
    for a in site.annotations:
        if rules.id not in a.rulesets or not a.readings:
            continue
        readings.append(
            {
                "annotation": a,
                "link": annotation_link(a, page=page),
                "readings": [
                    {
                        "reading": r,
                        "snippet": block_yaml({"ruleset": rules.id, "options": dict(r.options)}),
                    }
                    for r in a.readings
                ],
            }
        )
    conventions = [
        {"convention": c, "cites": [(pid, paragraph_link(pid, page=page)) for pid in c.cites]}
        for c in rules.conventions
    ]
    import site_examples  # the worked examples, played by the engine

    examples = [
        {"title": e.title, "link": _relative(f"examples/{e.page}.md", page), "rules": e.rules}
        for e in site_examples.load_examples()
        if e.ruleset == rules.id
    ]
    return env.get_template("ruleset.md.j2").render(
        examples=examples,
        rules=rules,
        source=site.corpus.source(rules.source),
        source_link=_relative(f"sources/{rules.source}.md", page),
        options=options,
        engine_rules=engine_rules,
        readings=readings,
        conventions=conventions,
        example=block_yaml({"ruleset": rules.id, "options": _example_options(rules)}),
    )


def _example_options(rules: Ruleset) -> dict[str, Any]:
    """Two options at another allowed value, for the snippet that shows how to change options."""
    changed: dict[str, Any] = {}
    for name, opt in rules.options.items():
        if isinstance(opt.default, bool):
            changed[name] = not opt.default
        elif opt.choices:
            other = [c for c in opt.choices if c != opt.default]
            if other:
                changed[name] = other[0]
        if len(changed) == 2:
            break
    return changed


def bibliography_page(site: Site, env: jinja2.Environment) -> str:
    page = "bibliography.md"
    primary = [
        {
            "source": s,
            "citation": render_csl(csl_item(s, url=source_url(s.id))),
            "link": _relative(f"sources/{s.id}.md", page),
            "unknown": [collapse(str(u)) for u in s.record.get("unknown", [])],
        }
        for s in site.corpus.sources
    ]
    secondary = [{"entry": e, "citation": render_csl(dict(e.csl))} for e in load_bibliography()]
    return env.get_template("bibliography.md.j2").render(primary=primary, secondary=secondary)


def glossary_page(site: Site, env: jinja2.Environment) -> str:
    page = "glossary.md"
    by_headword: dict[str, list[Term]] = {}
    for term in site.glossary:
        by_headword.setdefault(term.term, []).append(term)
    terms = []
    for term in sorted(site.glossary, key=lambda t: (_fold(t.term.lower()), t.language)):
        see = []
        for other in term.see:
            targets = by_headword.get(other, [])
            see.append({"term": other, "anchor": term_anchor(targets[0]) if targets else None})
        terms.append(
            {
                "term": term,
                "anchor": term_anchor(term),
                "paragraphs": [(pid, paragraph_link(pid, page=page)) for pid in term.paragraphs],
                "see": see,
            }
        )
    languages = {"fr": "French", "es": "Spanish", "nl": "Dutch"}
    return env.get_template("glossary.md.j2").render(terms=terms, languages=languages)


def download_files(site: Site) -> dict[Path, bytes]:
    """The files of ``docs/downloads/``: each source's exports and the annotations' Web Annotations, as they are."""
    out: dict[Path, bytes] = {}
    for source in site.corpus.sources:
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
            "link": _relative(path.as_posix(), page),
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
            "link": _relative(f"sources/{source.id}.md", page),
            "files": source_downloads(source, files, page=page),
        }
        for source in site.corpus.sources
    ]
    return env.get_template("downloads.md.j2").render(sources=sources)


def pages() -> dict[Path, str | bytes]:
    """Every generated file: its path under ``docs/`` and its content (the text of a page; the bytes
    of a download, a copy of an export)."""
    import site_examples  # the worked examples, played by the engine
    import site_topics  # the home page, the rule topics, how to cite, check your own reading

    site = Site.load()
    env = _environment()
    env.filters["glossed"] = lambda value, paragraph_id: Glossed(site.glossary, paragraph_id).mark(value)
    site_topics.register(env)
    files = download_files(site)
    out: dict[Path, str | bytes] = {}
    for source in site.corpus.sources:
        out[Path("sources") / f"{source.id}.md"] = source_page(site, source, env, files)
    for rules in site.rulesets:
        out[Path("rulesets") / f"{rules.id}.md"] = ruleset_page(site, rules, env)
    out[Path("bibliography.md")] = bibliography_page(site, env)
    out[Path("glossary.md")] = glossary_page(site, env)
    out[Path("downloads.md")] = downloads_page(site, files, env)
    out.update(site_topics.pages(site, env))
    out.update(site_examples.example_pages(site.annotations, env))
    out.update(files)
    out[ABBREVIATIONS] = abbreviations_page(site.glossary, identifiers(site, out))
    return out


def stale_pages(wanted: Mapping[Path, str | bytes], docs: Path = DOCS) -> list[tuple[Path, str]]:
    """The pages (and downloads) under ``docs`` that differ from ``wanted``, each with the reason."""
    stale: list[tuple[Path, str]] = []
    for rel, content in wanted.items():
        path = docs / rel
        if not path.is_file():
            stale.append((path, "missing"))
        elif _read(path, like=content) != content:
            stale.append((path, "differs"))
    import site_fragments  # the parts of the example pages, in the theme's folder

    generated = [(Path(name), "*.md", False) for name in GENERATED_FOLDERS]
    generated += [(Path(DOWNLOADS), "*", True), (site_fragments.FRAGMENTS, "*.html", True)]
    for folder, pattern, nested in generated:
        if (docs / folder).is_dir():
            found = (docs / folder).rglob(pattern) if nested else (docs / folder).glob(pattern)
            for path in sorted(p for p in found if p.is_file()):
                if folder / path.relative_to(docs / folder) not in wanted:
                    stale.append((path, "not generated"))
    return stale


def _read(path: Path, *, like: str | bytes) -> str | bytes:
    return path.read_bytes() if isinstance(like, bytes) else path.read_text(encoding="utf-8")


def write_pages(wanted: Mapping[Path, str | bytes], docs: Path = DOCS) -> list[Path]:
    """Write the pages, removing pages of the generated folders that are no longer generated."""
    changed = []
    for rel, content in wanted.items():
        path = docs / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.is_file() or _read(path, like=content) != content:
            if isinstance(content, bytes):
                path.write_bytes(content)
            else:
                path.write_text(content, encoding="utf-8")
            changed.append(path)
    for path, why in stale_pages(wanted, docs):
        if why == "not generated":
            path.unlink()
            changed.append(path)
    return changed


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 naming stale pages")
    parser.add_argument("--docs", type=Path, default=DOCS, help="the docs folder (default: the repository's)")
    args = parser.parse_args(argv)
    try:
        wanted = pages()
    except (CorpusError, AnnotationError, RulesetError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.check:
        stale = stale_pages(wanted, args.docs)
        for path, why in stale:
            print(f"stale page: {path} ({why})")
        if stale:
            print("run: python scripts/build_site.py", file=sys.stderr)
            return 1
        print(f"pages up to date: {len(wanted)}")
        return 0
    for path in write_pages(wanted, args.docs):
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
