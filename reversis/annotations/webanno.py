"""The annotations as W3C Web Annotations (JSON-LD): one ``AnnotationCollection`` per source.

:func:`export_files` gives ``annotations/exports/<source-id>.jsonld`` for every
source of the corpus, built in memory from the loaded annotations and the
corpus (no network, no dates, sorted keys), so a committed export is stale
exactly when it differs from what :func:`export_files` gives; writing and
checking the files is ``python -m reversis.apps.annotation_exports``.

The shape follows the Web Annotation Data Model (https://www.w3.org/TR/annotation-model/):

* the file is an ``AnnotationCollection`` (``label``, ``total``) whose ``first``
  (and ``last``) page is one embedded ``AnnotationPage`` holding every
  annotation of the source in ``items``, in reading order (paragraph, then
  where the quote starts, then id). A source without annotations gives a
  collection with ``total`` 0 and no page, as the model allows (a page holds
  one annotation or more).
* each annotation carries its own ``@context``, so that it stands alone when
  taken out of the collection; its ``id`` is its anchor on its source's page
  (:func:`annotation_url`), where the annotation is shown beside the text.
* every address is one the published site has: the source pages, and the
  exports as the site builder publishes them under :data:`DOWNLOADS`
  (``downloads/annotations/<source-id>.jsonld``, ``downloads/<source-id>/<source-id>.txt``).
* ``motivation`` is ``describing``: the gloss says in English what the quoted
  words state (the model's "describe the Target, as opposed to a comment about
  it"); how the engine reads them is another matter, not exported here.
* ``body`` is the gloss (a ``TextualBody``, ``text/plain``, English, purpose
  ``describing``), then one ``TextualBody`` per tag, purpose ``tagging``:
  ``topic:<topic>``, ``status:<status>``, ``rule:<engine rule id>``, and
  ``conjecture:<words>`` for each word or words of the quote that are the editor's
  conjecture for garbled print, not the print's (:func:`~reversis.annotations.conjectures.conjectures`).
* ``target`` is two ``SpecificResource``s, the same words in two
  representations (the model reads several targets as the body applying to
  each): the paragraph on its source's page (:func:`~reversis.corpus.cite.paragraph_url`)
  with a ``TextQuoteSelector`` (``exact`` the quote, ``prefix`` and ``suffix``
  up to :data:`CONTEXT_CHARS` characters of the paragraph's clean text around
  it), and the source's plain-text export (:func:`plain_text_url`) with a
  ``TextPositionSelector`` (code-point offsets of the quote in that file). The
  offsets cannot hang on the paragraph's address: selectors of one resource
  select within that resource, and ``refinedBy`` only narrows a selection of
  the same resource, so the offsets get the resource they count in.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from typing import Any

from reversis.annotations.conjectures import conjectures
from reversis.annotations.model import Annotation
from reversis.core.errors import AnnotationError, CorpusError
from reversis.corpus.address import SITE_URL, paragraph_url, source_url
from reversis.corpus.model import Corpus, Paragraph, Source, parse_paragraph_id
from reversis.corpus.report import plain_text

__all__ = [
    "CONTEXT",
    "CONTEXT_CHARS",
    "DOWNLOADS",
    "EXPORTS_DIR",
    "annotation_url",
    "collection",
    "collection_url",
    "dump_jsonld",
    "export_files",
    "export_name",
    "paragraph_offsets",
    "plain_text_url",
    "quote_selector",
    "web_annotation",
]

#: The JSON-LD context of the Web Annotation Data Model.
CONTEXT = "http://www.w3.org/ns/anno.jsonld"
#: The most characters of the paragraph given as ``prefix`` and as ``suffix`` of a quote.
CONTEXT_CHARS = 32
#: The folder of ``annotations/`` that holds the exports.
EXPORTS_DIR = "exports"
#: The folder of the site where the exports are published (the site builder copies
#: ``annotations/exports/*.jsonld`` to ``downloads/annotations/`` and ``corpus/<id>/exports/*`` to
#: ``downloads/<id>/``); the addresses below are under it.
DOWNLOADS = "downloads"


def annotation_url(source_id: str, annotation_id: str) -> str:
    """The address of an annotation: its anchor on its source's page.

    >>> annotation_url("encyclopedie-1765", "enc1765-quinola-placed")
    'https://reversis-reference.github.io/reversis/sources/encyclopedie-1765/#enc1765-quinola-placed'
    """
    return f"{source_url(source_id)}#{annotation_id}"


def export_name(source_id: str) -> str:
    """The file name of a source's export in ``annotations/exports/``.

    >>> export_name("revesino-es")
    'revesino-es.jsonld'
    """
    return f"{source_id}.jsonld"


def collection_url(source_id: str) -> str:
    """The address of a source's collection: its export file, as the site publishes it.

    >>> collection_url("revesino-es")
    'https://reversis-reference.github.io/reversis/downloads/annotations/revesino-es.jsonld'
    """
    return f"{SITE_URL}{DOWNLOADS}/annotations/{export_name(source_id)}"


def plain_text_url(source_id: str) -> str:
    """The address of a source's plain-text export, as the site publishes it.

    >>> plain_text_url("revesino-es")
    'https://reversis-reference.github.io/reversis/downloads/revesino-es/revesino-es.txt'
    """
    return f"{SITE_URL}{DOWNLOADS}/{source_id}/{source_id}.txt"


def paragraph_offsets(source: Source, text: str | None = None) -> dict[str, int]:
    """Where the clean text of each paragraph starts in the plain-text export (``text``, by default built).

    The plain text gives each paragraph as a line ``[<id>]`` or ``[<id>, p. N]``
    followed by the clean text on one line (:func:`~reversis.corpus.report.plain_text`);
    the offsets are in characters (Unicode code points), keyed by paragraph id.
    """
    text = plain_text(source) if text is None else text
    offsets: dict[str, int] = {}
    cursor = 0
    for para in source.paragraphs:
        label = re.compile(rf"^\[{re.escape(para.id)}(?:, [^\n]*)?\]\n", re.MULTILINE)
        match = label.search(text, cursor)
        start = match.end() if match else -1
        end = start + len(para.clean)
        if match is None or text[start:end] != para.clean or text[end : end + 1] not in ("\n", ""):
            raise CorpusError(f"{para.id}: its clean text is not on its own line after its label in the plain text")
        offsets[para.id] = start
        cursor = end
    return offsets


def quote_selector(clean: str, quote: str) -> dict[str, Any]:
    """The ``TextQuoteSelector`` of ``quote`` in a paragraph's clean text (where it occurs once).

    >>> quote_selector("Le quinola gagne la poule.", "gagne")
    {'type': 'TextQuoteSelector', 'exact': 'gagne', 'prefix': 'Le quinola ', 'suffix': ' la poule.'}
    """
    start = clean.find(quote)
    end = start + len(quote)
    return {
        "type": "TextQuoteSelector",
        "exact": quote,
        "prefix": clean[max(0, start - CONTEXT_CHARS) : start],
        "suffix": clean[end : end + CONTEXT_CHARS],
    }


def _paragraph(source: Source, annotation: Annotation) -> Paragraph:
    source_id, number = parse_paragraph_id(annotation.paragraph)
    if source_id != source.id:
        raise AnnotationError(f"{annotation.file}:{annotation.line}: {annotation.id}: not an annotation of {source.id}")
    para = source.paragraph(number)
    if para.clean.count(annotation.quote) != 1:
        raise AnnotationError(
            f"{annotation.file}:{annotation.line}: {annotation.id}: quote: not found exactly once in {para.id}"
        )
    return para


def _tag(value: str) -> dict[str, Any]:
    return {"type": "TextualBody", "purpose": "tagging", "value": value}


def web_annotation(annotation: Annotation, source: Source, offsets: Mapping[str, int]) -> dict[str, Any]:
    """One annotation as a Web Annotation; ``offsets`` is :func:`paragraph_offsets` of ``source``."""
    para = _paragraph(source, annotation)
    start = offsets[para.id] + para.clean.index(annotation.quote)
    gloss = {
        "type": "TextualBody",
        "purpose": "describing",
        "value": annotation.gloss,
        "format": "text/plain",
        "language": "en",
    }
    text_file: dict[str, Any] = {"id": plain_text_url(source.id), "type": "Text", "format": "text/plain"}
    if source.language:
        text_file["language"] = source.language
    tags = [f"topic:{annotation.topic}", f"status:{annotation.status}", *(f"rule:{r}" for r in annotation.rules)]
    tags += [f"conjecture:{words}" for words in conjectures(para, annotation.quote)]
    return {
        "@context": CONTEXT,
        "id": annotation_url(source.id, annotation.id),
        "type": "Annotation",
        "motivation": "describing",
        "body": [gloss, *(_tag(t) for t in tags)],
        "target": [
            {
                "type": "SpecificResource",
                "source": paragraph_url(source.id, para.number),
                "selector": quote_selector(para.clean, annotation.quote),
            },
            {
                "type": "SpecificResource",
                "source": text_file,
                "selector": {"type": "TextPositionSelector", "start": start, "end": start + len(annotation.quote)},
            },
        ],
    }


def _reading_order(source: Source, annotations: Iterable[Annotation]) -> list[Annotation]:
    index = {para.id: i for i, para in enumerate(source.paragraphs)}

    def key(annotation: Annotation) -> tuple[int, int, str]:
        para = _paragraph(source, annotation)
        return index[para.id], para.clean.index(annotation.quote), annotation.id

    return sorted(annotations, key=key)


def collection(source: Source, annotations: Iterable[Annotation]) -> dict[str, Any]:
    """The ``AnnotationCollection`` of ``source``: its annotations (of ``annotations``) in reading order."""
    mine = _reading_order(source, (a for a in annotations if a.source == source.id))
    url = collection_url(source.id)
    out: dict[str, Any] = {
        "@context": CONTEXT,
        "id": url,
        "type": "AnnotationCollection",
        "label": f"Annotations of {source.title} (corpus/{source.id}), the Reversis reference",
        "total": len(mine),
    }
    if mine:
        offsets = paragraph_offsets(source)
        page = f"{url}#page1"
        out["first"] = {
            "id": page,
            "type": "AnnotationPage",
            "partOf": url,
            "startIndex": 0,
            "items": [web_annotation(a, source, offsets) for a in mine],
        }
        out["last"] = page
    return out


def dump_jsonld(data: Mapping[str, Any]) -> str:
    """JSON-LD as written: sorted keys, two-space indent, UTF-8 characters as they are, a final newline."""
    return json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True) + "\n"


def export_files(corpus: Corpus, annotations: Iterable[Annotation]) -> dict[str, bytes]:
    """Every export of ``annotations/exports/``: file name → content, one file per source of ``corpus``."""
    annotations = tuple(annotations)
    known = {source.id for source in corpus.sources}
    for annotation in annotations:
        if annotation.source not in known:
            raise AnnotationError(
                f"{annotation.file}:{annotation.line}: {annotation.id}: no source {annotation.source!r}"
            )
    return {
        export_name(source.id): dump_jsonld(collection(source, annotations)).encode("utf-8")
        for source in corpus.sources
    }
