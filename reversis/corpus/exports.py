"""The export files of a source (``corpus/<source-id>/exports/``), built in memory.

:func:`export_files` gives each file's name and bytes; writing them and
checking them is ``python -m reversis.apps.corpus_exports``. The output depends on
nothing but the corpus files (no dates, sorted keys), so a committed export is
stale exactly when it differs from what :func:`export_files` gives.
"""

from __future__ import annotations

from reversis.corpus.address import source_url
from reversis.corpus.bib import bibtex_entry, csl_item, dump_csl, ris_record, works
from reversis.corpus.model import Source
from reversis.corpus.report import correction_report, plain_text
from reversis.corpus.tei import tei_document

__all__ = ["EXPORTS_DIR", "export_files", "export_names"]

#: The folder of a source that holds its exports.
EXPORTS_DIR = "exports"


def export_names(source_id: str) -> tuple[str, ...]:
    """The names of the export files of a source.

    >>> export_names("revesino-es")  # doctest: +NORMALIZE_WHITESPACE
    ('revesino-es.tei.xml', 'revesino-es.txt', 'revesino-es.csl.json', 'revesino-es.bib', 'revesino-es.ris',
     'corrections.md')
    """
    return (
        f"{source_id}.tei.xml",
        f"{source_id}.txt",
        f"{source_id}.csl.json",
        f"{source_id}.bib",
        f"{source_id}.ris",
        "corrections.md",
    )


def export_files(source: Source) -> dict[str, bytes]:
    """Every export of ``source``: file name → content.

    The CSL-JSON, BibTeX and RIS files hold one record per work that a paragraph is cited under:
    the source, or each of its dictionary entries (:func:`~reversis.corpus.bib.works`); a
    paragraph is the pinpoint of a citation of it, not a record of its own.
    """
    url = source_url(source.id)
    cited = works(source)
    tei, txt, csl, bib, ris, report = export_names(source.id)
    return {
        tei: tei_document(source, url=url),
        txt: plain_text(source).encode("utf-8"),
        csl: dump_csl([csl_item(source, entry) for entry in cited]).encode("utf-8"),
        bib: "\n".join(bibtex_entry(source, entry) for entry in cited).encode("utf-8"),
        ris: "\r\n".join(ris_record(source, entry) for entry in cited).encode("utf-8"),
        report: correction_report(source).encode("utf-8"),
    }
