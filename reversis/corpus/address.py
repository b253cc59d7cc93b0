"""The addresses of the corpus on the site, and the date of the transcription's release.

A source's page is ``sources/<id>/``, a paragraph is its anchor there (``#p7``), and a dictionary
entry the anchor of its heading (``#section-p12``). The identifiers are those of the site, of the
TEI exports (``n`` of each ``<p>``), of the Web Annotations and of the DTS endpoints
(``reversis_site.dts``): a source id and a paragraph number.

>>> paragraph_url("encyclopedie-1765", "7")
'https://reversis-reference.github.io/reversis/sources/encyclopedie-1765/#p7'
>>> entry_slug("ROULETTE aux dez (jeu de la)"), entry_slug("[Extract from the Soirées amusantes, end of …]")
('roulette-aux-dez-jeu', 'extract-from-the-soirees')
"""

from __future__ import annotations

import re
import unicodedata

from reversis.corpus.model import paragraph_anchor

__all__ = ["RELEASED", "SITE_URL", "entry_slug", "paragraph_url", "source_url"]

#: The site's address (``site_url`` of ``mkdocs.yml``), ending with a slash.
SITE_URL = "https://reversis-reference.github.io/reversis/"
#: The release date of the project (``date-released`` of ``CITATION.cff``, which a test keeps the
#: same): the date of the transcriptions an item cites, given as ``accessed`` where no date is known.
RELEASED = "2026-12-03"


def source_url(source_id: str) -> str:
    """The page of a source on the site."""
    return f"{SITE_URL}sources/{source_id}/"


def paragraph_url(source_id: str, number: str) -> str:
    """The address of a paragraph on its source's page."""
    return f"{source_url(source_id)}#{paragraph_anchor(number)}"


def entry_slug(title: str) -> str:
    """A dictionary entry's label in a work's id: the first four words of its title, in lower case
    ASCII, joined by hyphens."""
    folded = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode().lower()
    return "-".join(re.findall(r"[a-z0-9]+", folded)[:4])
