"""The export files of a source (``corpus/<source-id>/exports/``), built in memory.

:func:`export_files` gives each file's name and bytes; writing them and
checking them is ``scripts/build_corpus_exports.py``. The output depends on
nothing but the corpus files (no dates, sorted keys), so a committed export is
stale exactly when it differs from what :func:`export_files` gives.
"""

from __future__ import annotations

from reversis.corpus.bib import bibtex_entry, csl_item, dump_csl
from reversis.corpus.cite import paragraph_url, source_url
from reversis.corpus.model import Source
from reversis.corpus.report import correction_report, plain_text
from reversis.corpus.tei import tei_document

__all__ = ["EXPORTS_DIR", "export_files", "export_names"]

#: The folder of a source that holds its exports.
EXPORTS_DIR = "exports"


def export_names(source_id: str) -> tuple[str, ...]:
    """The names of the export files of a source.

    >>> export_names("revesino-es")
    ('revesino-es.tei.xml', 'revesino-es.txt', 'revesino-es.csl.json', 'revesino-es.bib', 'corrections.md')
    """
    return (
        f"{source_id}.tei.xml",
        f"{source_id}.txt",
        f"{source_id}.csl.json",
        f"{source_id}.bib",
        "corrections.md",
    )


def export_files(source: Source) -> dict[str, bytes]:
    """Every export of ``source``: file name → content.

    The CSL-JSON and BibTeX files hold the source's item first, then one item
    per paragraph (id ``<source-id>:<n>``, URL of the paragraph).
    """
    url = source_url(source.id)
    items = [csl_item(source, url=url)]
    entries = [bibtex_entry(source, url=url)]
    for para in source.paragraphs:
        purl = paragraph_url(source.id, para.number)
        items.append(csl_item(source, para, url=purl))
        entries.append(bibtex_entry(source, para, url=purl))
    tei, txt, csl, bib, report = export_names(source.id)
    return {
        tei: tei_document(source, url=url),
        txt: plain_text(source).encode("utf-8"),
        csl: dump_csl(items).encode("utf-8"),
        bib: "\n".join(entries).encode("utf-8"),
        report: correction_report(source).encode("utf-8"),
    }
