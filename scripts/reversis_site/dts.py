"""The corpus as Distributed Text Services (DTS 1.0), level 0: static files under ``api/dts/``.

DTS (https://dtsapi.org/versions/v1.0) gives every passage of a text a standard address. Its level
0 asks for the four endpoints without the ``start`` and ``end`` of a range, which a static site can
serve as files; the URI templates of the Entry endpoint say where each file is (RFC 6570, path
style, as the specification's section on static sites suggests):

* Entry: ``api/dts/index.json``;
* Collection: ``api/dts/collection{/id,nav}.json``: the root collection (no ``id``, or ``reversis``)
  and each source, with its ``parents`` and ``children``;
* Navigation: ``api/dts/navigation/{resource}{;down}{/ref}.json``: the paragraphs of a source
  (``down`` 1 or -1), one paragraph (``ref``), and its siblings (``ref`` with ``down`` 0) or its
  subtree (``ref`` with ``down`` 1 or -1: the paragraph alone, which has no parts);
* Document: ``api/dts/document/{resource}{/ref}.xml``: the source's TEI export, or one paragraph
  in the export's header and a ``dts:wrapper``.

A Resource is a source, its identifier the source id; its one citation tree is flat, one
``CitableUnit`` per paragraph, its identifier the paragraph's number: the identifiers of the site
(``encyclopedie-1765:4``, ``#p4``), of the TEI exports (``xml:id="encyclopedie-1765.p4"``), of
``reversis cite`` and of the Web Annotations. A static server cannot answer a request it has no
file for with the status the specification asks (400, 404): it answers 404 for all of them.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from lxml import etree  # type: ignore[import-untyped]

from reversis.corpus import Corpus, Paragraph, Source, export_names, paragraph_url, source_url
from reversis.corpus.address import SITE_URL
from reversis.corpus.markup import collapse
from reversis.corpus.tei import TEI_NS

__all__ = ["API", "CONTEXT", "ROOT_ID", "dts_files", "entry_url", "write"]

#: The folder of the site that holds the files.
API = "api/dts"
#: The JSON-LD context of DTS 1.0.
CONTEXT = "https://dtsapi.org/context/v1.0.json"
#: The identifier of the root collection (the collection with no ``id`` has it too).
ROOT_ID = "reversis"
DTS_NS = "https://w3id.org/api/dts#"
XML_ID = "{http://www.w3.org/XML/1998/namespace}id"

_BASE = f"{SITE_URL}{API}/"
COLLECTION = _BASE + "collection{/id,nav}.json"
NAVIGATION = _BASE + "navigation/{resource}{;down}{/ref}.json"
DOCUMENT = _BASE + "document/{resource}{/ref}.xml"
#: The ``down`` values written for a whole source and for one paragraph.
_DOWN_SOURCE = (1, -1)
_DOWN_REF = (None, 0, 1, -1)


def entry_url() -> str:
    """The address of the Entry endpoint."""
    return _BASE + "index.json"


def _collection_path(identifier: str | None = None, nav: str | None = None) -> str:
    return "collection" + "".join(f"/{part}" for part in (identifier, nav) if part) + ".json"


def _navigation_path(resource: str, *, down: int | None = None, ref: str | None = None) -> str:
    return (
        f"navigation/{resource}" + (f";down={down}" if down is not None else "") + (f"/{ref}" if ref else "") + ".json"
    )


def _document_path(resource: str, ref: str | None = None) -> str:
    return f"document/{resource}" + (f"/{ref}" if ref else "") + ".xml"


def _literal(value: str, language: str) -> list[dict[str, str]]:
    return [{"lang": language, "value": collapse(value)}]


def _resource(source: Source, *, full: bool = True) -> dict[str, Any]:
    """The Resource object of a source (with its metadata when ``full``)."""
    record = source.record
    data: dict[str, Any] = {
        "@id": source.id,
        "@type": "Resource",
        "collection": COLLECTION.replace("{/id,nav}", f"/{source.id}{{/nav}}"),
        "navigation": NAVIGATION.replace("{resource}", source.id),
        "document": DOCUMENT.replace("{resource}", source.id),
        "citationTrees": [
            {
                "@type": "CitationTree",
                "citeStructure": [{"@type": "CiteStructure", "citeType": "paragraph"}],
                "description": "one unit per paragraph of the transcription, numbered as on the site",
            }
        ],
    }
    if not full:
        return data
    language = source.language or "und"
    tei, txt = export_names(source.id)[:2]
    dublin: dict[str, Any] = {
        "title": _literal(str(record.get("title", source.id)), language),
        "description": _literal(str(record.get("description", "")), "en"),
        "language": [language],
        "type": ["Text"],
        "isPartOf": [source_url(source.id)],
    }
    return {
        **data,
        "title": collapse(source.name),
        "description": collapse(str(record.get("description", ""))),
        "totalParents": 1,
        "totalChildren": 0,
        "dublinCore": dublin,
        "download": {
            "application/tei+xml": f"{SITE_URL}downloads/{source.id}/{tei}",
            "text/plain": f"{SITE_URL}downloads/{source.id}/{txt}",
        },
        "mediaTypes": ["application/tei+xml"],
    }


def _root(corpus: Corpus, *, members: bool = True) -> dict[str, Any]:
    data: dict[str, Any] = {
        "@id": ROOT_ID,
        "@type": "Collection",
        "title": "The sources of the Reversis reference",
        "description": "Transcriptions of old texts on Reversis and its neighbours, one citable unit a paragraph",
        "totalParents": 0,
        "totalChildren": len(corpus.sources),
        "collection": COLLECTION,
    }
    if members:
        data["member"] = [_resource(source) for source in corpus.sources]
    return data


def _unit(source: Source, para: Paragraph) -> dict[str, Any]:
    return {
        "identifier": para.number,
        "@type": "CitableUnit",
        "@id": paragraph_url(source.id, para.number),
        "level": 1,
        "parent": None,
        "citeType": "paragraph",
    }


def _top(kind: str, identifier: str, body: Mapping[str, Any]) -> dict[str, Any]:
    return {"@context": CONTEXT, "dtsVersion": "1.0", "@type": kind, "@id": identifier, **body}


def _navigation(source: Source, *, down: int | None, ref: Paragraph | None) -> dict[str, Any]:
    path = _navigation_path(source.id, down=down, ref=ref.number if ref else None)
    body: dict[str, Any] = {"resource": _resource(source, full=False)}
    if ref is not None:
        body["ref"] = _unit(source, ref)
    if ref is None or down == 0:  # the whole (flat) tree, or the paragraph's siblings: every paragraph
        body["member"] = [_unit(source, para) for para in source.paragraphs]
    elif down is not None:  # the subtree of a paragraph, which has no parts: the paragraph alone
        body["member"] = [_unit(source, ref)]
    return _top("Navigation", _BASE + path, body)


def _passage(source: Source, tei: bytes, para: Paragraph) -> bytes:
    """The TEI document of one paragraph: the export's header, and the paragraph in a ``dts:wrapper``."""
    document = etree.fromstring(tei)
    element = next(e for e in document.iter() if e.get(XML_ID) == para.xml_id)
    root = etree.Element(f"{{{TEI_NS}}}TEI", nsmap={None: TEI_NS})
    root.set("{http://www.w3.org/XML/1998/namespace}lang", source.language or "und")
    root.append(copy.deepcopy(document.find(f"{{{TEI_NS}}}teiHeader")))
    body = etree.SubElement(etree.SubElement(root, f"{{{TEI_NS}}}text"), f"{{{TEI_NS}}}body")
    wrapper = etree.SubElement(body, f"{{{DTS_NS}}}wrapper", nsmap={"dts": DTS_NS})
    passage = copy.deepcopy(element)
    passage.tail = None
    wrapper.append(passage)
    result: bytes = etree.tostring(root, encoding="UTF-8", xml_declaration=True)
    return result + b"\n"


def _json(data: Mapping[str, Any]) -> bytes:
    return (json.dumps(data, ensure_ascii=False, indent=2) + "\n").encode("utf-8")


def dts_files(corpus: Corpus) -> dict[str, bytes]:
    """Every file of the DTS endpoints: its path under :data:`API` → its content."""
    files = {
        "index.json": _json(
            _top(
                "EntryPoint",
                entry_url(),
                {"collection": COLLECTION, "navigation": NAVIGATION, "document": DOCUMENT},
            )
        )
    }
    root = _top("Collection", ROOT_ID, _root(corpus))
    for path in (_collection_path(), _collection_path(ROOT_ID), _collection_path(ROOT_ID, "children")):
        files[path] = _json(root)
    files[_collection_path(ROOT_ID, "parents")] = _json({**root, "member": []})
    for source in corpus.sources:
        resource = _top("Resource", source.id, {k: v for k, v in _resource(source).items() if k[0] != "@"})
        files[_collection_path(source.id)] = _json(resource)
        files[_collection_path(source.id, "children")] = _json(resource)
        files[_collection_path(source.id, "parents")] = _json({**resource, "member": [_root(corpus, members=False)]})
        for down in _DOWN_SOURCE:
            files[_navigation_path(source.id, down=down)] = _json(_navigation(source, down=down, ref=None))
        tei = (source.folder / "exports" / export_names(source.id)[0]).read_bytes()  # committed, checked up to date
        files[_document_path(source.id)] = tei
        for para in source.paragraphs:
            for ref_down in _DOWN_REF:
                files[_navigation_path(source.id, down=ref_down, ref=para.number)] = _json(
                    _navigation(source, down=ref_down, ref=para)
                )
            files[_document_path(source.id, para.number)] = _passage(source, tei, para)
    return files


def write(site: Path, corpus: Corpus) -> int:
    """Write the DTS files into the built site ``site``; the number of files."""
    files = dts_files(corpus)
    for name, content in files.items():
        path = site / API / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content)
    return len(files)
