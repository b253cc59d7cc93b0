"""Links and anchors written by the generator, between the pages of ``docs/`` (Markdown links,
which MkDocs checks and writes for the served site and for the copy read from disk)."""

from __future__ import annotations

import re
import unicodedata

from markupsafe import Markup

from reversis.annotations import Annotation, Term


def relative(target: str, page: str) -> str:
    depth = page.count("/")
    return "../" * depth + target


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
        return relative("bibliography.md", page) + f"#{source_id}"
    return relative(f"sources/{source_id}.md", page) + f"#p{number}"


def annotation_link(annotation: Annotation, *, page: str) -> str:
    return relative(f"sources/{annotation.source}.md", page) + f"#{annotation.id}"


def term_anchor(term: Term) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", fold(term.term.lower())).strip("-")
    return f"term-{term.language}-{slug}"


def fold(value: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", value) if not unicodedata.combining(c))


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
