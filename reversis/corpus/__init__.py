"""The corpus: transcriptions, corrections, translations and records of the sources.

``load_corpus()`` reads every source; ``Corpus.paragraph(id)`` gives a
paragraph, ``cite(id, fmt=…)`` a citation of it:

>>> from reversis.corpus import parse_paragraph_id, paragraph_url
>>> paragraph_url(*parse_paragraph_id("encyclopedie-1765:7"))
'https://reversis-reference.github.io/reversis/sources/encyclopedie-1765/#p7'

The format of the files is ``corpus/FORMAT.md``; the corpus folder is the
repository's ``corpus/`` unless ``$REVERSIS_CORPUS`` or ``root`` says otherwise.
"""

from __future__ import annotations

from reversis.core.errors import CorpusError
from reversis.corpus.address import SITE_URL, paragraph_url, source_url
from reversis.corpus.bibliography import BibliographyEntry, load_bibliography
from reversis.corpus.cite import FORMATS, STYLES, cite
from reversis.corpus.exports import export_files, export_names
from reversis.corpus.load import corpus_root, load_corpus, load_source
from reversis.corpus.model import Corpus, Correction, CrossReference, Entry, Paragraph, Source, parse_paragraph_id

__all__ = [
    "FORMATS",
    "SITE_URL",
    "STYLES",
    "BibliographyEntry",
    "Corpus",
    "CorpusError",
    "Correction",
    "CrossReference",
    "Entry",
    "Paragraph",
    "Source",
    "cite",
    "corpus_root",
    "export_files",
    "export_names",
    "load_bibliography",
    "load_corpus",
    "load_source",
    "paragraph_url",
    "parse_paragraph_id",
    "source_url",
]
