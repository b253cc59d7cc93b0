"""``cite``: a ready citation of one paragraph as text, BibTeX or CSL-JSON."""

from __future__ import annotations

import json
from pathlib import Path

import bibtexparser
import pytest
from bibtexparser.middlewares import LatexDecodingMiddleware
from corpus_fixtures import REAL_CORPUS

from reversis.corpus import SITE_URL, CorpusError, cite, load_corpus
from reversis.corpus.load import CORPUS_ENV

URL = "https://reversis-reference.github.io/reversis/sources/dico-test/#p3"


def test_site_url_is_the_published_address() -> None:
    assert SITE_URL == "https://reversis-reference.github.io/reversis/"


def test_cite_as_text_names_title_work_volume_page_paragraph_and_url(corpus_root: Path) -> None:
    text = cite("dico-test:3", corpus=load_corpus(corpus_root))
    assert text == (
        "Jean Dupont, “ROMESTECQ & RUBAN”, in Dictionnaire des jeux {test}, vol. 2, Paris, 1792, p. 96, "
        f"paragraph dico-test:3 (printed 2). {URL}"
    )


def test_cite_as_bibtex_parses_with_bibtexparser(corpus_root: Path) -> None:
    out = cite("dico-test:3", fmt="bibtex", corpus=load_corpus(corpus_root))
    library = bibtexparser.parse_string(out, append_middleware=[LatexDecodingMiddleware()])
    assert not library.failed_blocks
    (entry,) = library.entries
    fields = {f.key: f.value for f in entry.fields}
    assert entry.key == "dico-test:3" and entry.entry_type == "incollection"
    assert fields["title"] == "ROMESTECQ & RUBAN"
    assert fields["booktitle"] == "Dictionnaire des jeux {test}"
    assert (fields["volume"], fields["pages"], fields["year"], fields["url"]) == ("2", "96", "1792", URL)
    assert "dico-test:3" in fields["note"]


def test_cite_as_csl_json_has_the_csl_fields(corpus_root: Path) -> None:
    (item,) = json.loads(cite("dico-test:3", fmt="csl-json", corpus=load_corpus(corpus_root)))
    assert {"id", "type", "title", "container-title", "volume", "page", "issued", "URL", "language", "note"} <= set(
        item
    )
    assert item["id"] == "dico-test:3" and item["type"] == "entry-dictionary"
    assert (item["page"], item["URL"], item["issued"]) == ("96", URL, {"date-parts": [[1792]]})
    assert "dico-test:3" in item["note"]


def test_cite_a_web_page_without_date_or_page(corpus_root: Path) -> None:
    corpus = load_corpus(corpus_root)
    assert cite("plain-test:1", corpus=corpus) == (
        "“El revesino”, n.d., paragraph plain-test:1. https://reversis-reference.github.io/reversis/sources/plain-test/#p1"
    )
    library = bibtexparser.parse_string(cite("plain-test:1", fmt="bibtex", corpus=corpus))
    assert library.entries[0].entry_type == "misc" and not library.failed_blocks


def test_cite_reads_the_corpus_of_the_environment(corpus_root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(CORPUS_ENV, str(corpus_root))
    assert cite("dico-test:3").endswith(URL)


@pytest.mark.parametrize(
    ("paragraph_id", "fmt", "message"),
    [
        ("dico-test:99", "text", "unknown paragraph id 'dico-test:99' (dico-test has p1–p5)"),
        ("dico-test", "text", "malformed paragraph id 'dico-test'"),
        ("dico-test:3", "ris", "unknown citation format 'ris' (expected text, bibtex, csl-json)"),
    ],
)
def test_cite_errors_are_one_line_corpus_errors(corpus_root: Path, paragraph_id: str, fmt: str, message: str) -> None:
    with pytest.raises(CorpusError) as info:
        cite(paragraph_id, fmt=fmt, corpus=load_corpus(corpus_root))
    assert str(info.value).startswith(message) and "\n" not in str(info.value)


@pytest.mark.parametrize("fmt", ["text", "bibtex", "csl-json"])
def test_cite_a_real_paragraph(fmt: str) -> None:
    corpus = load_corpus(REAL_CORPUS)
    para = corpus.paragraph("encyclopedie-1765:1")
    out = cite(para.id, fmt=fmt, corpus=corpus)
    assert f"{SITE_URL}sources/encyclopedie-1765/#p1" in out
    assert "encyclopedie-1765:1" in out
