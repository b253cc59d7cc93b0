"""The Web Annotation (JSON-LD) exports of ``annotations/exports/``: up to date, complete, re-anchoring, valid."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from reversis.annotations import Annotation, load_annotations
from reversis.annotations.webanno import (
    CONTEXT,
    CONTEXT_CHARS,
    EXPORTS_DIR,
    annotation_url,
    collection,
    collection_url,
    dump_jsonld,
    export_files,
    export_name,
    paragraph_offsets,
    plain_text_url,
    quote_selector,
)
from reversis.apps import annotation_exports
from reversis.core.errors import AnnotationError, CorpusError
from reversis.corpus import load_corpus
from reversis.corpus.cite import paragraph_url
from reversis.corpus.model import Source, parse_paragraph_id

REPO = Path(__file__).resolve().parents[2]
EXPORTS = REPO / "annotations" / EXPORTS_DIR
SOURCE_IDS = [source.id for source in load_corpus().sources]
#: The motivations of the model (https://www.w3.org/TR/annotation-model/#motivation-and-purpose).
MOTIVATIONS = {
    "assessing",
    "bookmarking",
    "classifying",
    "commenting",
    "describing",
    "editing",
    "highlighting",
    "identifying",
    "linking",
    "moderating",
    "questioning",
    "replying",
    "tagging",
}
#: The keys and types the exports use, all terms of the model's context (http://www.w3.org/ns/anno.jsonld).
TERMS = {
    "@context", "id", "type", "label", "total", "first", "last", "partOf", "startIndex", "items", "motivation",
    "body", "target", "purpose", "value", "format", "language", "source", "selector", "exact", "prefix", "suffix",
    "start", "end",
}  # fmt: skip
TYPES = {
    "AnnotationCollection", "AnnotationPage", "Annotation", "TextualBody", "SpecificResource", "Text",
    "TextQuoteSelector", "TextPositionSelector",
}  # fmt: skip


def build_script() -> ModuleType:
    return annotation_exports


def built(source_id: str) -> dict[str, Any]:
    """The export of a source as built from the annotations now, read back as JSON.

    The checks below read what the builder gives, which is what is committed
    when the exports are up to date (the first test), so that annotations added
    since the last build fail that test alone.
    """
    content = export_files(load_corpus(), load_annotations())[export_name(source_id)]
    data: dict[str, Any] = json.loads(content.decode("utf-8"))
    return data


def items(data: dict[str, Any]) -> list[dict[str, Any]]:
    page = data.get("first")
    return list(page["items"]) if page else []


def plain_text_file(source_id: str) -> str:
    # bytes, decoded: no newline translation, so that offsets count what the file holds
    return (REPO / "corpus" / source_id / "exports" / f"{source_id}.txt").read_bytes().decode("utf-8")


def by_url() -> dict[str, Annotation]:
    return {annotation_url(a.source, a.id): a for a in load_annotations()}


# -- the committed files


def test_committed_exports_are_up_to_date() -> None:
    script = build_script()
    wanted = export_files(load_corpus(), load_annotations())
    assert sorted(wanted) == sorted(export_name(s) for s in SOURCE_IDS)
    stale = [f"{path.relative_to(REPO)} ({why})" for path, why in script.stale_files(EXPORTS, wanted)]
    assert stale == [], "run: python -m reversis.apps.annotation_exports"


@pytest.mark.parametrize("source_id", SOURCE_IDS)
def test_export_is_deterministic_json(source_id: str) -> None:
    raw = (EXPORTS / export_name(source_id)).read_bytes()
    data = json.loads(raw.decode("utf-8"))
    assert raw.decode("utf-8") == dump_jsonld(data)  # sorted keys, indent 2, UTF-8 as is, final newline
    assert raw.endswith(b"}\n")
    corpus, annotations = load_corpus(), load_annotations()
    source = corpus.source(source_id)
    assert collection(source, annotations) == collection(source, tuple(reversed(annotations)))


# -- the exports as built now (the committed files, when they are up to date)


def test_every_annotation_appears_exactly_once() -> None:
    seen: Counter[str] = Counter()
    for source_id in SOURCE_IDS:
        for item in items(built(source_id)):
            seen[item["id"]] += 1
            assert by_url()[item["id"]].source == source_id
    assert [url for url, n in seen.items() if n > 1] == []
    assert sorted(seen) == sorted(by_url())


@pytest.mark.parametrize("source_id", SOURCE_IDS)
def test_every_address_is_one_the_site_publishes(source_id: str) -> None:
    """An annotation is its anchor on its source's page; the collection and the plain text are the
    files of the site's downloads (tests/site/test_site_identifiers.py finds them in the built site)."""
    site = "https://reversis-reference.github.io/reversis/"
    data = built(source_id)
    assert data["id"] == f"{site}downloads/annotations/{source_id}.jsonld"
    for item in items(data):
        annotation = by_url()[item["id"]]
        assert item["id"] == f"{site}sources/{source_id}/#{annotation.id}"
        quote, position = item["target"]
        assert quote["source"].startswith(f"{site}sources/{source_id}/#p")
        assert position["source"]["id"] == f"{site}downloads/{source_id}/{source_id}.txt"


@pytest.mark.parametrize("source_id", SOURCE_IDS)
def test_selectors_re_anchor(source_id: str) -> None:
    source = load_corpus().source(source_id)
    known = by_url()
    for item in items(built(source_id)):
        annotation = known[item["id"]]
        para = source.paragraph(parse_paragraph_id(annotation.paragraph)[1])
        quote, position = item["target"]
        assert quote["source"] == paragraph_url(source_id, para.number)
        assert quote["selector"]["exact"] == annotation.quote
        assert position["source"]["id"] == plain_text_url(source_id)
    check_anchors(source, built(source_id))


@pytest.mark.parametrize("source_id", SOURCE_IDS)
def test_committed_selectors_re_anchor(source_id: str) -> None:
    """The committed files re-anchor in the corpus as it is, whatever annotations were added since."""
    path = EXPORTS / export_name(source_id)
    check_anchors(load_corpus().source(source_id), json.loads(path.read_bytes().decode("utf-8")))


def check_anchors(source: Source, data: dict[str, Any]) -> None:
    """Each quote is found once in its paragraph, with its prefix and suffix; each span is the quote in the text."""
    text = plain_text_file(source.id)
    paragraphs = {paragraph_url(source.id, p.number): p for p in source.paragraphs}
    for item in items(data):
        quote, position = item["target"]
        clean = paragraphs[quote["source"]].clean
        selector = quote["selector"]
        assert selector["type"] == "TextQuoteSelector"
        assert len(selector["prefix"]) <= CONTEXT_CHARS and len(selector["suffix"]) <= CONTEXT_CHARS
        whole = selector["prefix"] + selector["exact"] + selector["suffix"]
        assert clean.count(whole) == 1, item["id"]
        assert clean.count(selector["exact"]) == 1, item["id"]
        assert clean.index(whole) + len(selector["prefix"]) == clean.index(selector["exact"])
        span = position["selector"]
        assert span["type"] == "TextPositionSelector"
        assert text[span["start"] : span["end"]] == selector["exact"], item["id"]


@pytest.mark.parametrize("source_id", SOURCE_IDS)
def test_json_ld_has_the_keys_of_the_model(source_id: str) -> None:
    data = built(source_id)
    assert data["@context"] == CONTEXT
    assert data["id"] == collection_url(source_id)
    assert data["type"] == "AnnotationCollection"
    assert isinstance(data["label"], str) and data["label"]
    annotations = items(data)
    assert data["total"] == len(annotations) == sum(a.source == source_id for a in load_annotations())
    if not annotations:
        assert "first" not in data and "last" not in data
        return
    page = data["first"]
    assert page["type"] == "AnnotationPage" and page["id"] and data["last"] == page["id"]
    assert "@context" not in page  # an embedded page has none
    assert page["partOf"] == data["id"] and page["startIndex"] == 0
    for item in annotations:
        assert item["@context"] == CONTEXT
        assert item["id"].startswith("https://") and item["type"] == "Annotation"
        assert item["motivation"] in MOTIVATIONS
        bodies = item["body"]
        assert bodies and all(b["type"] == "TextualBody" and b["value"] for b in bodies)
        assert all(b["purpose"] in MOTIVATIONS for b in bodies)
        gloss = bodies[0]
        assert (gloss["format"], gloss["language"], gloss["purpose"]) == ("text/plain", "en", "describing")
        assert all(b["purpose"] == "tagging" for b in bodies[1:])
        assert item["target"]
        for target in item["target"]:
            assert target["type"] == "SpecificResource" and target["source"] and target["selector"]["type"]
        for selector in (t["selector"] for t in item["target"] if t["selector"]["type"] == "TextPositionSelector"):
            assert 0 <= selector["start"] <= selector["end"]


@pytest.mark.parametrize("source_id", SOURCE_IDS)
def test_only_terms_of_the_model_are_used(source_id: str) -> None:
    def walk(node: Any) -> None:
        if isinstance(node, dict):
            assert set(node) <= TERMS, sorted(set(node) - TERMS)
            if "type" in node:
                assert node["type"] in TYPES
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(built(source_id))


def test_bodies_carry_gloss_status_rules_and_conjectures() -> None:
    from reversis.annotations.conjectures import conjectures

    corpus = load_corpus()
    for source_id in SOURCE_IDS:
        for item in items(built(source_id)):
            annotation = by_url()[item["id"]]
            values = [b["value"] for b in item["body"]]
            assert values == [
                annotation.gloss,
                f"topic:{annotation.topic}",
                f"status:{annotation.status}",
                *(f"rule:{r}" for r in annotation.rules),
                *(f"conjecture:{w}" for w in conjectures(corpus.paragraph(annotation.paragraph), annotation.quote)),
            ]


@pytest.mark.parametrize("source_id", SOURCE_IDS)
def test_items_are_in_reading_order(source_id: str) -> None:
    # the offsets in the plain text grow with the paragraph and with the place of the quote in it
    starts = [item["target"][1]["selector"]["start"] for item in items(built(source_id))]
    assert starts == sorted(starts)


# -- the builder on small cases


def _source(source_id: str) -> Source:
    return load_corpus().source(source_id)


def test_paragraph_offsets_point_at_each_paragraph() -> None:
    for source_id in SOURCE_IDS:
        source = _source(source_id)
        text = plain_text_file(source_id)
        for para in source.paragraphs:
            start = paragraph_offsets(source, text)[para.id]
            assert text[start : start + len(para.clean)] == para.clean
            assert text[start - 1] == "\n" and text[start + len(para.clean)] == "\n"


def test_paragraph_offsets_refuse_a_text_laid_out_otherwise() -> None:
    source = _source("encyclopedie-1765")
    with pytest.raises(CorpusError, match=r"encyclopedie-1765:1: its clean text is not on its own line"):
        paragraph_offsets(source, "no labels here\n")


def test_quote_selector_at_the_edges_of_a_paragraph() -> None:
    clean = "a" * 40 + " the quote " + "b" * 40
    selector = quote_selector(clean, "the quote")
    assert selector["prefix"] == ("a" * 40 + " ")[-CONTEXT_CHARS:] and len(selector["prefix"]) == CONTEXT_CHARS
    assert selector["suffix"] == (" " + "b" * 40)[:CONTEXT_CHARS]
    whole = quote_selector("Whole.", "Whole.")
    assert (whole["prefix"], whole["exact"], whole["suffix"]) == ("", "Whole.", "")


def test_a_source_without_annotations_is_an_empty_collection() -> None:
    source = _source("espagnolette-19c")
    data = collection(source, ())
    assert data == {
        "@context": CONTEXT,
        "id": collection_url("espagnolette-19c"),
        "type": "AnnotationCollection",
        "label": data["label"],
        "total": 0,
    }
    files = export_files(load_corpus(), ())
    assert sorted(files) == sorted(export_name(s) for s in SOURCE_IDS)
    assert all(json.loads(content)["total"] == 0 for content in files.values())


def test_an_annotation_of_an_unknown_source_is_refused() -> None:
    stray = Annotation(
        id="x-stray",
        source="nowhere",
        paragraph="nowhere:1",
        quote="q",
        topic="game",
        gloss="g",
        status="stated",
        file="annotations/nowhere/x.yaml",
        line=3,
    )
    with pytest.raises(AnnotationError, match=r"^annotations/nowhere/x.yaml:3: x-stray: no source 'nowhere'"):
        export_files(load_corpus(), (stray,))


def test_builder_writes_then_checks(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = build_script()
    root = tmp_path / "annotations"
    (root / "encyclopedie-1765").mkdir(parents=True)  # no annotation files: empty collections
    assert script.main(["--check", "--root", str(root)]) == 1
    out = capsys.readouterr()
    assert f"stale export: {root / EXPORTS_DIR / export_name('encyclopedie-1765')} (missing)" in out.out
    assert script.main(["--root", str(root)]) == 0
    assert sorted(p.name for p in (root / EXPORTS_DIR).iterdir()) == sorted(export_name(s) for s in SOURCE_IDS)
    capsys.readouterr()
    assert script.main(["--check", "--root", str(root)]) == 0
    assert capsys.readouterr().out == f"exports up to date: {len(SOURCE_IDS)} sources\n"
    target = root / EXPORTS_DIR / export_name("revesino-es")
    target.write_text("{}\n", encoding="utf-8")
    (root / EXPORTS_DIR / "stray.jsonld").write_text("{}\n", encoding="utf-8")
    assert script.main(["--check", "--root", str(root)]) == 1
    out = capsys.readouterr()
    assert out.out.splitlines() == [
        f"stale export: {target} (differs)",
        f"stale export: {root / EXPORTS_DIR / 'stray.jsonld'} (not an export)",
    ]
    assert "run: python -m reversis.apps.annotation_exports" in out.err
    assert script.main(["--check", "--root", str(root), "encyclopedie-1765"]) == 0  # only the source named
    assert script.main(["--root", str(root)]) == 0
    assert not (root / EXPORTS_DIR / "stray.jsonld").exists()
    assert script.main(["--check", "--root", str(root)]) == 0


def test_builder_reports_errors_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = build_script()
    assert script.main(["--check", "--root", str(tmp_path / "missing")]) == 2
    assert capsys.readouterr().err.startswith("error: ")
    root = tmp_path / "annotations"
    root.mkdir()
    assert script.main(["--check", "--root", str(root), "no-such-source"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "unknown source id 'no-such-source'" in err


def test_a_quote_says_which_of_its_words_are_the_editors_conjecture() -> None:
    # the conjectures that rules 12, 17, 19 and 20 of the espagnolette's fragment are quoted with
    from reversis.annotations.conjectures import conjectures

    corpus = load_corpus()
    found = {a.id: conjectures(corpus.paragraph(a.paragraph), a.quote) for a in load_annotations()}
    assert found["esp19c-mistaken-trick-consolation"] == ("force",)
    assert found["esp19c-example-jack-takes"] == ("sienne",)
    assert found["esp19c-remise-exception-maker"] == ("jetté",)
    assert found["esp19c-quinola-forced-makes-remise"] == ("forçait", "jeu que cela arrivât")
    assert found["esp19c-quinola-forced-pays"] == ("qui est",)
    # words the OCR gives plainly, or whose letters the transcription keeps, are the print's
    assert found["enc1765-quinola-placed"] == ()
    assert "dict-retire-toi" not in {k for k, v in found.items() if v}
    tags = {
        b["value"]
        for item in collection(corpus.source("espagnolette-19c"), load_annotations())["first"]["items"]
        for b in item["body"]
        if b["purpose"] == "tagging"
    }
    assert {"conjecture:sienne", "conjecture:jetté", "conjecture:forçait"} <= tags
