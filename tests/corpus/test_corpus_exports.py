"""The exports (TEI, plain text, CSL-JSON, BibTeX, correction report): valid, complete, up to date."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType

import bibtexparser
import pytest
from bibtexparser.middlewares import LatexDecodingMiddleware
from corpus_fixtures import REAL_CORPUS, real_source_ids
from lxml import etree

from reversis.apps import corpus_exports
from reversis.corpus import Source, export_files, export_names, load_corpus, load_source
from reversis.corpus.bib import work_id, works
from reversis.corpus.load import page_breaks
from reversis.corpus.markup import collapse
from reversis.corpus.tei import TEI_NS

SCHEMA = REAL_CORPUS / "tei-subset.rng"
#: The full TEI P5 schema (tei_all), vendored: see corpus/schema/README.md.
TEI_ALL = REAL_CORPUS / "schema" / "tei_all.rng"
XML_ID = "{http://www.w3.org/XML/1998/namespace}id"
SOURCE_IDS = real_source_ids()
T = f"{{{TEI_NS}}}"


def build_script() -> ModuleType:
    return corpus_exports


@pytest.fixture(scope="module")
def relaxng() -> etree.RelaxNG:
    return etree.RelaxNG(etree.parse(str(SCHEMA)))


@pytest.fixture(scope="session")
def tei_all() -> etree.RelaxNG:
    return etree.RelaxNG(etree.parse(str(TEI_ALL)))


def tei_side(element: etree._Element, *, clean: bool) -> str:
    """The text of a TEI paragraph, keeping the clean side of every choice (or the OCR side)."""
    parts: list[str] = []

    def walk(el: etree._Element) -> None:
        tag = etree.QName(el).localname
        keep = True
        if tag == "note":
            keep = not clean and el.get("type") == "excluded"
        elif tag in ("sic", "orig", "fw", "surplus", "label"):
            keep = not clean and tag != "label"
        elif tag in ("corr", "reg"):
            keep = clean and el.get("type") != "alternative"
        elif tag == "lb" and not clean:
            parts.append((el.get("rend") or "") + " ")
        if keep:
            if el.text:
                parts.append(el.text)
            for child in el:
                walk(child)
        if el.tail and el is not element:
            parts.append(el.tail)

    walk(element)
    text = collapse("".join(parts))
    return text if clean else text.replace("ſ", "f")  # <orig> has the long s where the OCR has f


def check_exports(source: Source, files: dict[str, bytes], relaxng: etree.RelaxNG) -> None:
    tei_name, txt_name, csl_name, bib_name, ris_name, report_name = export_names(source.id)
    assert set(files) == {tei_name, txt_name, csl_name, bib_name, ris_name, report_name}
    # one record per work a paragraph is cited under: each dictionary entry, or the source
    ids = [work_id(source, entry) for entry in works(source)]

    doc = etree.fromstring(files[tei_name])
    assert relaxng.validate(doc.getroottree()), relaxng.error_log.last_error
    paragraphs = [el for el in doc.find(f".//{T}body").iter(f"{T}p", f"{T}head") if el.get(XML_ID)]
    assert [p.get(XML_ID) for p in paragraphs] == [p.xml_id for p in source.paragraphs]
    for element, para in zip(paragraphs, source.paragraphs, strict=True):
        assert tei_side(element, clean=True) == para.clean, para.id
        assert tei_side(element, clean=False) == para.ocr, para.id
        assert element.get("n") == para.printed_number
    assert [pb.get("n") for pb in doc.iter(f"{T}pb")] == page_breaks(source.blocks)

    text = files[txt_name].decode("utf-8")
    for para in source.paragraphs:
        assert f"[{para.id}" in text and para.clean in text

    items = json.loads(files[csl_name])
    assert [i["id"] for i in items] == ids
    for item in items:
        assert {"id", "type", "title", "language", "note"} <= set(item)

    library = bibtexparser.parse_string(files[bib_name].decode("utf-8"), append_middleware=[LatexDecodingMiddleware()])
    assert not library.failed_blocks
    assert [e.key for e in library.entries] == ids
    assert all(e.fields_dict["pagination"].value == "paragraph" for e in library.entries)
    ris = files[ris_name].decode("utf-8")
    assert ris.count("\r\nER  -") == len(ids) and ris.startswith("TY  - ")
    assert [line[6:] for line in ris.split("\r\n") if line.startswith("ID  - ")] == ids
    titles = {source.title} | {e.title for e in source.entries}
    assert all(e.fields_dict["title"].value in titles for e in library.entries)

    report = files[report_name].decode("utf-8")
    assert f"| **total** | {len(source.corrections)} |" in report
    assert report.count("\n| " + source.id + ":") == sum(1 for c in source.corrections if c.cls == "doubtful")


def test_fixture_exports_are_valid_and_contain_every_paragraph(corpus_root: Path, relaxng: etree.RelaxNG) -> None:
    for source in load_corpus(corpus_root).sources:
        check_exports(source, export_files(source), relaxng)


def test_tei_records_each_kind_of_correction(corpus_root: Path) -> None:
    doc = etree.fromstring(export_files(load_corpus(corpus_root).source("dico-test"))["dico-test.tei.xml"])
    body = doc.find(f".//{T}body")
    assert body is not None
    assert [d.get("type") for d in body.findall(f"{T}div")] == ["entry", "entry"]  # one div per dictionary entry
    p2 = body.find(f"{T}div/{T}p[@n='1']")
    assert p2 is not None
    assert [o.text for o in p2.iter(f"{T}orig")] == ["ſe", "eſt", "ſ", "ſ", "trente-ſix"]
    assert p2.find(f"{T}lb[@break='no']") is not None
    assert tei_side(p2, clean=False) == load_corpus(corpus_root).paragraph("dico-test:2").ocr
    choice = body.find(f".//{T}corr[@type='doubtful']/..")
    assert choice is not None
    assert [(c.text, c.get("cert")) for c in choice.findall(f"{T}corr")] == [("force", "low"), ("forçait", "low")]
    assert body.find(f"{T}note[@type='excluded']/{T}label").text == "the title bar of the web page"
    assert body.find(f".//{T}fw[@type='header']").text == "DU JEU. 96"
    assert b"&lt; " in export_files(load_corpus(corpus_root).source("dico-test"))["dico-test.tei.xml"]


def test_exports_are_deterministic(corpus_root: Path) -> None:
    source = load_corpus(corpus_root).source("dico-test")
    assert export_files(source) == export_files(load_source(corpus_root / "dico-test"))


def test_check_mode_names_stale_missing_and_stray_exports(
    corpus_root: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = build_script()
    assert script.main(["--root", str(corpus_root)]) == 0
    assert script.main(["--root", str(corpus_root), "--check"]) == 0
    exports = corpus_root / "dico-test" / "exports"
    (exports / "dico-test.txt").write_text("edited\n", encoding="utf-8")
    (exports / "dico-test.bib").unlink()
    (exports / "old.xml").write_text("<x/>", encoding="utf-8")
    capsys.readouterr()
    assert script.main(["--root", str(corpus_root), "--check"]) == 1
    out = capsys.readouterr().out
    assert "dico-test.txt (differs)" in out and "dico-test.bib (missing)" in out and "old.xml (not an export)" in out
    assert script.main(["--root", str(corpus_root)]) == 0
    assert script.main(["--root", str(corpus_root), "--check"]) == 0
    assert not (exports / "old.xml").exists()


def test_build_script_reports_a_corpus_error_in_one_line(
    make_corpus: object, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert build_script().main(["--root", str(tmp_path / "nowhere")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "corpus folder not found" in err


@pytest.mark.parametrize("source_id", SOURCE_IDS)
def test_real_exports_are_up_to_date(source_id: str) -> None:
    source = load_source(REAL_CORPUS / source_id)
    stale = build_script().stale_files(source)
    assert not stale, f"run `python -m reversis.apps.corpus_exports`: {stale}"


def real_tei(source_id: str) -> etree._Element:
    return etree.parse(str(REAL_CORPUS / source_id / "exports" / f"{source_id}.tei.xml")).getroot()


def test_real_tei_doubtful_alternatives_are_readings_and_the_reason_is_a_note() -> None:
    choices = [c for s in SOURCE_IDS for c in real_tei(s).iter(f"{T}choice") if c.find(f"{T}corr[@cert]") is not None]
    assert len(choices) == 19
    for choice in choices:
        for alternative in choice.findall(f"{T}corr[@type='alternative']"):
            assert "OCR" not in (alternative.text or "") and len((alternative.text or "").split()) <= 4
        note = choice.getnext()
        assert note is not None and note.tag == f"{T}note" and note.get("type") == "doubtful"
        assert "|" not in (note.text or "")


def test_p31_the_stray_one_after_perd_la_partie_is_surplus_not_a_page_number() -> None:
    """dictionnaire-jeux-r:31 ends "perd la partie. 1": the "1" is a stray mark, encoded as every other."""
    p31 = real_tei("dictionnaire-jeux-r").find(f".//{T}p[@{XML_ID}='dictionnaire-jeux-r.p31']")
    assert p31 is not None
    assert [(s.text, s.get("reason")) for s in p31.iter(f"{T}surplus")] == [("1", "stray mark")]
    assert p31.findall(f".//{T}fw") == []
    assert not [fw for fw in real_tei("dictionnaire-jeux-r").iter(f"{T}fw") if fw.get("type") == "pageNum"]


def test_real_tei_stray_marks_are_surplus_and_running_heads_are_regularised() -> None:
    dictionary = real_tei("dictionnaire-jeux-r")
    assert {s.text for s in dictionary.iter(f"{T}surplus")} >= {";", "•", "j"}
    assert all(
        fw.get("type") in ("header", "pageNum", "sig", "catch") for s in SOURCE_IDS for fw in real_tei(s).iter(f"{T}fw")
    )
    heads = real_tei("espagnolette-19c").findall(f".//{T}fw[@type='header']")
    assert [fw.findtext(f"{T}choice/{T}corr") for fw in heads] == [
        "DU REVERSIS. 95",
        "96 DU REVERSIS.",
        "DU REVERSIS. 97",
        "98 DE LA MOUCHE.",
    ]


def test_real_tei_headings_are_heads_of_divs_and_the_chapter_title_is_analytic() -> None:
    dictionary = real_tei("dictionnaire-jeux-r")
    entries = dictionary.findall(f".//{T}body/{T}div[@type='entry']")
    assert len(entries) == 9
    assert entries[4].findtext(f"{T}head") is not None and "ROMESTECQ" in "".join(
        entries[4].find(f"{T}head").itertext()
    )
    revesino = real_tei("revesino-es")
    assert revesino.find(f".//{T}body/{T}head") is not None
    assert len(revesino.findall(f".//{T}body/{T}div[@type='section']")) == 15  # Introduccion and sections 2 to 15
    bibl = real_tei("espagnolette-19c").find(f".//{T}sourceDesc/{T}bibl")
    assert bibl.find(f"{T}title[@level='a']").text == "Du Reversis"


def test_real_tei_header_has_availability_and_date_and_keeps_long_s_in_ocr_corrections() -> None:
    for source_id in SOURCE_IDS:
        pub = real_tei(source_id).find(f".//{T}publicationStmt")
        assert pub.find(f"{T}availability/{T}p").text and pub.find(f"{T}date").get("when")
    corr = [c for c in real_tei("dictionnaire-jeux-r").iter(f"{T}corr") if c.get("type") == "ocr"]
    assert "ſubtilité," in [c.findtext(f"{T}choice/{T}orig") for c in corr]


@pytest.mark.parametrize("source_id", SOURCE_IDS)
def test_real_tei_exports_are_valid_tei_all(source_id: str, tei_all: etree.RelaxNG) -> None:
    document = etree.parse(str(REAL_CORPUS / source_id / "exports" / f"{source_id}.tei.xml"))
    assert tei_all.validate(document), tei_all.error_log.last_error


def test_fixture_tei_exports_are_valid_tei_all(corpus_root: Path, tei_all: etree.RelaxNG) -> None:
    for source in load_corpus(corpus_root).sources:
        document = etree.fromstring(export_files(source)[f"{source.id}.tei.xml"])
        assert tei_all.validate(document.getroottree()), (source.id, tei_all.error_log.last_error)


@pytest.mark.parametrize("source_id", SOURCE_IDS)
def test_real_exports_parse_validate_and_contain_every_paragraph(source_id: str, relaxng: etree.RelaxNG) -> None:
    source = load_source(REAL_CORPUS / source_id)
    folder = REAL_CORPUS / source_id / "exports"
    files = {name: (folder / name).read_bytes() for name in export_names(source_id)}
    check_exports(source, files, relaxng)
