"""Text on the site's pages: every value from the corpus, the annotations and the rulesets, and the
glossary's terms as tooltips.

Every value goes through :func:`text` (the ``finalize`` of the pages' jinja2 environment):
HTML-escaped (jinja2's autoescape), with the characters that Markdown, attr_list and
pymdownx.critic would read written as character references, so that the OCR's ``<``, ``&``, ``{``,
``*`` and ``#`` show as printed wherever they stand. The transcription is its clean text, each
correction marked and explained in the paragraph's apparatus (:func:`transcription_html`).

>>> str(text("a <b> & *c* {--d--} [e](f)"))
'a &lt;b&gt; &amp; &#42;c&#42; &#123;--d--&#125; &#91;e&#93;(f)'
>>> str(text("11. Si le Quinola"))
'11&#46; Si le Quinola'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import cache, lru_cache
from html import unescape
from typing import Any

import markdown  # type: ignore[import-untyped]
import yaml
from markupsafe import Markup, escape

from reversis.annotations import Term
from reversis.corpus.markup import Segment, collapse

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


#: What a Markdown code span carries as it is: no backtick (its fence), no pipe (a table's cell), no
#: line break, nothing that HTML would read (``<``, ``&``), and no mark of pymdownx.critic (``{++``,
#: ``--}``…, which it reads before any code span): the span's text is the value's own characters.
_CODE_SPAN = re.compile(r"[^`|<>&\\\r\n]+")
_CRITIC_MARK = re.compile(r"\{[-+~=>]|[-+~=<]\}")


def code(value: Any) -> Markup:
    """``value`` as inline code: a Markdown code span, whose text no abbreviation of the glossary
    enters (an identifier such as ``gruge_when`` or a value such as ``pièce`` stays whole); a value
    a code span would not carry as it is, as ``<code>`` holding :func:`text`.

    >>> str(code("gruge_when")), str(code("pièce")), str(code("{village_call: pièce}"))
    ('`gruge_when`', '`pièce`', '`{village_call: pièce}`')
    >>> str(code("{++x++}")), str(code("a|b")), str(code("<x>"))
    ('<code>&#123;++x++&#125;</code>', '<code>a&#124;b</code>', '<code>&lt;x&gt;</code>')
    """
    value = "" if value is None else str(value)
    if _CODE_SPAN.fullmatch(value) and not _CRITIC_MARK.search(value) and value.strip() == value:
        return Markup(f"`{value}`")
    return Markup("<code>") + text(value) + Markup("</code>")


def finalize(value: Any) -> Any:
    """Every ``{{ … }}`` of a template: ``None`` as nothing, anything else through :func:`text`."""
    return "" if value is None else text(value)


def translation_html(source_markdown: str, glossary: Glossed | None = None) -> Markup:
    """A paragraph of the translation (Markdown: italics for the game's terms) as HTML.

    The text is escaped before it is converted, so no HTML of it is passed through, and the
    result has its ``{`` as a reference so that pymdownx.critic does not read it again.
    """
    html = _translations().reset().convert(str(escape(source_markdown))).replace("{", "&#123;")
    return glossary.mark_emphasis(html) if glossary else Markup(html)


@cache
def _translations() -> markdown.Markdown:
    """One converter for every paragraph of the translations (each ``reset`` before use)."""
    return markdown.Markdown(output_format="html")


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


def gloss_heading(gloss: str, limit: int = 90) -> str:
    """A heading for an annotation, from its gloss: the first sentence, cut at a word when long.

    >>> gloss_heading("The ace takes the king. Likewise the rest.")
    'The ace takes the king'
    >>> gloss_heading("Roulette: a game played standing round a machine built in the form of a gallery", limit=40)
    'Roulette: a game played standing round…'
    """
    words = collapse(gloss)
    first = re.split(r"(?<=[a-z0-9)\"”])[.!?](?=\s+[A-Z\"“(]|$)", words, maxsplit=1)[0]
    if len(first) <= limit:
        return first.rstrip(".:;, ")
    return first[:limit].rsplit(" ", 1)[0].rstrip(".:;, ") + "…"


def quotation(value: str, language: str) -> Markup:
    """A source's words quoted inline, in the source's language: ``<q lang="fr">…</q>``.

    >>> str(quotation("le *quinola*", "fr"))
    '<q lang="fr">le &#42;quinola&#42;</q>'
    """
    return Markup(f'<q lang="{text(language)}">{text(value)}</q>')


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


def transcription_html(
    segments: Iterable[Segment],
    glossary: Glossed | None = None,
    quotes: Sequence[tuple[str, str]] = (),
    *,
    anchor: str = "",
) -> Markup:
    """The clean text of a block as HTML: its text content is the clean text, unbroken, so that an
    annotation client finds every quote of the annotations (a ``TextQuoteSelector``) in it.

    Each correction is its corrected words in a span that names it (``data-correction``: the id of
    its entry in the paragraph's apparatus, ``correction-<anchor>-<n>``; its class, the OCR's
    reading and the note in ``title``); a correction that removes words is an empty span. A page
    break is an empty span that the style sheet shows as ``[p. N]`` (its ``data-page``). The OCR's
    readings and the notes are in the paragraph's list of corrections, never in the text.

    ``quotes`` are the annotations of the block, as (annotation id, quote of the clean text): each
    stretch of the text that annotations quote (quotes that overlap make one stretch) is a span,
    ``<span class="annotated-words">``, followed by an empty link, ``<a class="annotated">``, to the
    first of them, naming all of them in ``data-annotations``, which the style sheet shows as a small
    sign. A stretch never cuts a correction: it grows to hold the whole of one it would cut.

    >>> from reversis.corpus.markup import parse_block
    >>> str(transcription_html(parse_block("il {~~eft~>est~~}{>>long-s<<} <ici>", where="x"), anchor="p1"))
    ... # doctest: +NORMALIZE_WHITESPACE
    'il <span class="correction correction-long-s" data-correction="correction-p1-1"
    title="long-s; OCR: eft">est</span> &lt;ici&gt;'
    >>> str(transcription_html(parse_block("Il joue. Il {~~eft~>est~~}{>>long-s<<} seul.", where="x"),
    ...     quotes=[("a-2", "est seul."), ("a-1", "Il est")]))  # doctest: +NORMALIZE_WHITESPACE
    'Il joue. <span class="annotated-words" data-annotations="a-1 a-2">Il <span class="correction
    correction-long-s" title="long-s; OCR: eft">est</span> seul.</span><a class="annotated" href="#a-1"
    data-annotations="a-1 a-2" aria-label="2 annotations of these words" title="2 annotations of these words"></a>'
    """
    segments = list(segments)
    events = _quote_events(segments, quotes)
    parts: list[str] = []
    at = 0  # the position in the clean text (the ``new`` side of every segment)
    number = 0  # the corrections of the block, counted from 1
    spaced = [True]  # whether the text so far ends with a space: a removal between two spaces leaves one

    def words(value: str) -> str:
        value = re.sub(r"\s+", " ", value)
        if spaced[0] and value.startswith(" "):
            value = value[1:]
        if value:
            spaced[0] = value.endswith(" ")
        return value

    def flush(upto: int) -> None:
        while events and events[0][0] <= upto:
            parts.append(events.pop(0)[1])

    for seg in segments:
        width = len(seg.new) if seg.kind in ("text", "sub", "ins") else 0
        flush(at)
        if seg.kind == "text":
            cut = at
            for position in sorted({e[0] for e in events if at < e[0] < at + width}):
                parts.append(_plain(words(seg.new[cut - at : position - at]), glossary))
                flush(position)
                cut = position
            parts.append(_plain(words(seg.new[cut - at :]), glossary))
        elif seg.kind == "pb":
            parts.append(f'<span class="page-break" data-page="{text(seg.new)}"></span>')
        else:
            number += 1
            named = f' data-correction="correction-{text(anchor)}-{number}"' if anchor else ""
            deleted = " correction-deleted" if seg.kind == "del" else ""
            corrected = "" if seg.kind == "del" else text(words(seg.new))
            parts.append(
                f'<span class="correction correction-{text(seg.cls)}{deleted}"{named}'
                f' title="{text(correction_title(seg))}">{corrected}</span>'
            )
        at += width
    flush(at)
    return Markup("".join(parts).strip())


def correction_title(segment: Segment) -> str:
    """What a correction is, in a line: its class, its note, and the OCR's reading.

    >>> from reversis.corpus.markup import parse_block
    >>> correction_title(parse_block("{~~eft~>est~~}{>>long-s: the long s<<}", where="x")[0])
    'long-s: the long s; OCR: eft'
    """
    return f"{_comment(segment)}; OCR: {collapse(segment.old)}" if segment.old.strip() else _comment(segment)


def _plain(value: str, glossary: Glossed | None) -> str:
    plain = re.sub(r"\s+", " ", value)
    return glossary.mark(plain) if glossary else text(plain)


def _quote_events(segments: Sequence[Segment], quotes: Sequence[tuple[str, str]]) -> list[tuple[int, str]]:
    """Where each stretch of quoted text opens and closes, as (position in the clean text, HTML)."""
    clean = "".join(s.new if s.kind in ("text", "sub", "ins") else "" for s in segments)
    found = []
    for annotation_id, quote in quotes:
        match = _quote_pattern(quote).search(clean)
        if match:
            found.append((match.start(), match.end(), annotation_id))
    # a stretch does not begin or end inside a correction
    bounds, at = [], 0
    for seg in segments:
        width = len(seg.new) if seg.kind in ("text", "sub", "ins") else 0
        if seg.kind != "text" and width:
            bounds.append((at, at + width))
        at += width
    stretches: list[list[Any]] = []
    for start, end, annotation_id in sorted(found):
        start = next((a for a, b in bounds if a < start < b), start)
        end = next((b for a, b in bounds if a < end < b), end)
        if stretches and start < stretches[-1][1]:
            stretches[-1][1] = max(end, stretches[-1][1])
            stretches[-1][2].append(annotation_id)
        else:
            stretches.append([start, end, [annotation_id]])
    events: list[tuple[int, str]] = []
    for start, end, ids in stretches:
        named = " ".join(str(text(i)) for i in ids)
        label = f"{len(ids)} annotation{'' if len(ids) == 1 else 's'} of these words"
        events.append((start, f'<span class="annotated-words" data-annotations="{named}">'))
        events.append(
            (
                end,
                f'</span><a class="annotated" href="#{text(ids[0])}" data-annotations="{named}"'
                f' aria-label="{label}" title="{label}"></a>',
            )
        )
    return events


@cache
def _quote_pattern(quote: str) -> re.Pattern[str]:
    return re.compile(r"\s+".join(re.escape(word) for word in quote.split()))


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
    as the generated ``mkdocs.yml`` gives them (``reversis_site.build``): every spelling of every term, as printed and
    capitalised, except the English homographs and the forms that stand inside the site's identifiers
    (the abbr extension would split ``enc1765-quinola-placed`` or ``revesino-es:5``); a form of two
    terms gives both. Given once to the extension, they cost the build nothing per page but the
    marking itself.

    >>> from reversis.annotations import Term
    >>> print(abbreviations_page([Term("quinola", "fr", ("quinola",), "The jack.")], ["rev-quinola-led"]), end="")
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
                if form not in names or not re.search(rf"\b{re.escape(form)}\b", names):
                    titles.setdefault(form, []).append(term_title(term))
    abbreviations = {form: " · ".join(dict.fromkeys(t)) for form, t in sorted(titles.items())}
    config = {"markdown_extensions": {"abbr": {"glossary": abbreviations}}}
    dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)  # libyaml, where PyYAML was built with it
    return yaml.dump(config, Dumper=dumper, allow_unicode=True, width=10**6, sort_keys=False)
