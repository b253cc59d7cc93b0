"""``cite``: a ready citation of one paragraph as text, BibTeX or CSL-JSON."""

from __future__ import annotations

import json
from pathlib import Path

import bibtexparser
import pytest
from bibtexparser.middlewares import LatexDecodingMiddleware
from corpus_fixtures import REAL_CORPUS

from reversis.corpus import SITE_URL, STYLES, CorpusError, cite, load_corpus
from reversis.corpus.bib import csl_item
from reversis.corpus.load import CORPUS_ENV

URL = "https://reversis-reference.github.io/reversis/sources/dico-test/#p3"


def test_site_url_is_the_published_address() -> None:
    assert SITE_URL == "https://reversis-reference.github.io/reversis/"


def test_cite_as_text_renders_the_csl_item_then_the_transcription(corpus_root: Path) -> None:
    text = cite("dico-test:3", corpus=load_corpus(corpus_root))
    assert text == (
        f"Dupont, Jean. “ROMESTECQ (jeu du).” In Dictionnaire des jeux {{test}}, 2:96. Paris, 1792. {URL}. "
        "Transcribed in the Reversis reference, paragraph dico-test:3 (printed 2)."
    )


#: The reference of one paragraph of each source (two of the dictionary: an entry of its own, and
#: the extract of another book that opens the fragment), as citeproc-py renders it in each style,
#: ``{url}`` standing for the paragraph's address.
EXPECTED = {
    ("encyclopedie-1765:4", "chicago"): (
        "Diderot, Denis, and Jean le Rond d'Alembert, eds. “REVERSIS, le jeu du.” In Encyclopédie, ou "
        "Dictionnaire raisonné des sciences, des arts et des métiers, Vol. 14. Neufchastel: Samuel "
        "Faulche & Compagnie, 1765. {url}."
    ),
    ("encyclopedie-1765:4", "apa"): (
        "REVERSIS, le jeu du. (1765). In D. Diderot & J. le R. d'Alembert (Eds.), Encyclopédie, ou "
        "Dictionnaire raisonné des sciences, des arts et des métiers (Vol. 14). Samuel Faulche & "
        "Compagnie. {url}"
    ),
    ("encyclopedie-1765:4", "mla"): (
        "“REVERSIS, le jeu du.” Encyclopédie, ou Dictionnaire raisonné des sciences, des arts et des "
        "métiers, edited by Denis Diderot and Jean le Rond d'Alembert, vol. 14, Samuel Faulche & "
        "Compagnie, 1765, {url}."
    ),
    ("dictionnaire-jeux-r:15", "chicago"): (
        "Lacombe, Jacques. “ROMESTECQ (jeu du).” In Dictionnaire des jeux familiers, ou des amusemens de "
        "société. Encyclopédie méthodique. Paris: H. Agasse, 1796–1797. {url}."
    ),
    ("dictionnaire-jeux-r:15", "apa"): (
        "Lacombe, J. (1796–1797). ROMESTECQ (jeu du). In Dictionnaire des jeux familiers, ou des "
        "amusemens de société. H. Agasse. {url}"
    ),
    ("dictionnaire-jeux-r:15", "mla"): (
        "Lacombe, Jacques. “ROMESTECQ (jeu du).” Dictionnaire des jeux familiers, ou des amusemens de "
        "société, H. Agasse, 1796–1797, {url}. Encyclopédie méthodique."
    ),
    ("dictionnaire-jeux-r:2", "chicago"): (
        "“[Extract from the Soirées amusantes, end of an entry whose heading is not in the fragment].” In"
        " Dictionnaire des jeux familiers, ou des amusemens de société. Encyclopédie méthodique. Paris: "
        "H. Agasse, 1796–1797. {url}."
    ),
    ("dictionnaire-jeux-r:2", "apa"): (
        "[Extract from the Soirées amusantes, end of an entry whose heading is not in the fragment]. "
        "(1796–1797). In Dictionnaire des jeux familiers, ou des amusemens de société. H. Agasse. {url}"
    ),
    ("dictionnaire-jeux-r:2", "mla"): (
        "“[Extract from the Soirées amusantes, end of an entry whose heading is not in the fragment].” "
        "Dictionnaire des jeux familiers, ou des amusemens de société, H. Agasse, 1796–1797, {url}. "
        "Encyclopédie méthodique."
    ),
    ("espagnolette-19c:6", "chicago"): (
        "“Du Reversis.” In [French compendium of games, title not identified], 95, n.d. [19th c.]. {url}."
    ),
    ("espagnolette-19c:6", "apa"): (
        "Du Reversis. (n.d. [19th c.]). In [French compendium of games, title not identified] (p. 95). {url}"
    ),
    ("espagnolette-19c:6", "mla"): (
        "“Du Reversis.” [French compendium of games, title not identified], n.d. [19th c.], p. 95, {url}."
    ),
    ("revesino-es:24", "chicago"): ("“Revesino.” Web page, site not identified, n.d. {url}."),
    ("revesino-es:24", "apa"): ("Revesino. (n.d.). [Web page, site not identified]. Retrieved {url}"),
    ("revesino-es:24", "mla"): ("Revesino. Web page, site not identified. {url}."),
}


@pytest.mark.parametrize(("paragraph_id", "style"), sorted(EXPECTED))
def test_cite_a_real_paragraph_in_each_style(paragraph_id: str, style: str) -> None:
    source_id, number = paragraph_id.split(":")
    url = f"{SITE_URL}sources/{source_id}/#p{number}"
    reference = EXPECTED[paragraph_id, style].format(url=url)
    expected = f"{reference} Transcribed in the Reversis reference, paragraph {paragraph_id}"
    text = cite(paragraph_id, style=style, corpus=load_corpus(REAL_CORPUS))
    assert text.startswith(expected)
    assert text.count(url) == 1


def test_styles_are_chicago_apa_mla_with_chicago_first() -> None:
    assert STYLES == ("chicago", "apa", "mla")


def test_no_style_repeats_a_title_or_puts_the_site_in_the_original() -> None:
    corpus = load_corpus(REAL_CORPUS)
    for (paragraph_id, _style), reference in EXPECTED.items():
        title = str(
            csl_item(corpus.source(paragraph_id.split(":")[0]), corpus.paragraph(paragraph_id), url="")["title"]
        )
        assert reference.count(title) == 1, (paragraph_id, reference)
        assert SITE_URL not in reference


def test_the_dictionary_hedges_its_attribution_and_credits_no_author_for_the_extract() -> None:
    corpus = load_corpus(REAL_CORPUS)
    source = corpus.source("dictionnaire-jeux-r")
    item = csl_item(source, corpus.paragraph("dictionnaire-jeux-r:15"), url="u")
    assert item["author"] == [{"family": "Lacombe", "given": "Jacques"}]  # the attribution is in the note
    assert item["title"] == "ROMESTECQ (jeu du)"
    assert "Author attributed" in item["note"] and "the fragment names no author" in item["note"]
    extract = csl_item(source, corpus.paragraph("dictionnaire-jeux-r:2"), url="u")
    assert "author" not in extract and "Soirées amusantes" in extract["title"]
    (entry,) = bibtexparser.parse_string(cite("dictionnaire-jeux-r:15", fmt="bibtex", corpus=corpus)).entries
    assert entry.fields_dict["year"].value == "1796--1797" and entry.fields_dict["date"].value == "1796/1797"
    assert entry.fields_dict["author"].value == "Lacombe, Jacques"
    assert "attributed" in entry.fields_dict["annote"].value


def test_an_unchecked_original_address_is_not_exported() -> None:
    """A reference manager stores what it is given: an address that was never opened is neither the
    item's URL (the paragraph's address on the site is) nor in its note (the source's page shows it,
    saying it was not checked)."""
    corpus = load_corpus(REAL_CORPUS)
    item = csl_item(corpus.source("encyclopedie-1765"), corpus.paragraph("encyclopedie-1765:4"), url="u")
    assert item["URL"] == "u"
    assert "wikisource.org" not in item["note"] and "not checked" not in item["note"]
    bibtex = cite("encyclopedie-1765:4", fmt="bibtex", corpus=corpus)
    assert "not checked" not in bibtex and "not opened" not in bibtex and "wikisource.org" not in bibtex
    revesino = csl_item(corpus.source("revesino-es"), corpus.paragraph("revesino-es:24"), url="u")
    assert revesino["type"] == "webpage" and revesino["URL"] == "u"


def test_cite_as_bibtex_parses_with_bibtexparser(corpus_root: Path) -> None:
    out = cite("dico-test:3", fmt="bibtex", corpus=load_corpus(corpus_root))
    library = bibtexparser.parse_string(out, append_middleware=[LatexDecodingMiddleware()])
    assert not library.failed_blocks
    (entry,) = library.entries
    fields = {f.key: f.value for f in entry.fields}
    assert entry.key == "dico-test:3" and entry.entry_type == "incollection"
    assert fields["title"] == "ROMESTECQ (jeu du)"  # the paragraph's entry, not the source's title
    assert fields["booktitle"] == "Dictionnaire des jeux {test}"
    assert (fields["volume"], fields["pages"], fields["year"]) == ("2", "96", "1792")
    assert fields["url"] == URL  # the paragraph's address; the source has no address of the original
    assert "dico-test:3" in fields["note"] and URL in fields["note"]


def test_cite_as_csl_json_has_the_csl_fields(corpus_root: Path) -> None:
    (item,) = json.loads(cite("dico-test:3", fmt="csl-json", corpus=load_corpus(corpus_root)))
    assert {"id", "type", "title", "container-title", "volume", "page", "issued", "language", "note"} <= set(item)
    assert item["id"] == "dico-test:3" and item["type"] == "entry-dictionary"
    assert (item["page"], item["issued"]) == ("96", {"date-parts": [[1792]]})
    assert "dico-test:3" in item["note"] and URL in item["note"]
    assert item["URL"] == URL and item["section"] == "paragraph 3"


def test_cite_a_web_page_without_date_or_page(corpus_root: Path) -> None:
    corpus = load_corpus(corpus_root)
    assert cite("plain-test:1", corpus=corpus) == (
        "“El revesino,” n.d. https://reversis-reference.github.io/reversis/sources/plain-test/#p1. "
        "Transcribed in the Reversis reference, paragraph plain-test:1."
    )
    (item,) = json.loads(cite("plain-test:1", fmt="csl-json", corpus=corpus))
    assert "original: https://example.org/revesino?a=1&b=2" in item["note"]  # a checked address of the original
    library = bibtexparser.parse_string(cite("plain-test:1", fmt="bibtex", corpus=corpus))
    assert library.entries[0].entry_type == "misc" and not library.failed_blocks


def test_cite_reads_the_corpus_of_the_environment(corpus_root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(CORPUS_ENV, str(corpus_root))
    assert URL in cite("dico-test:3")


@pytest.mark.parametrize(
    ("paragraph_id", "fmt", "message"),
    [
        ("dico-test:99", "text", "unknown paragraph id 'dico-test:99' (dico-test has p1–p5)"),
        ("dico-test:three", "text", "malformed paragraph id 'dico-test:three'"),
        ("dico-tset", "text", "unknown source id 'dico-tset' (did you mean 'dico-test'?)"),
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
    if fmt == "bibtex":
        library = bibtexparser.parse_string(out, append_middleware=[LatexDecodingMiddleware()])
        out = library.entries[0].fields_dict["note"].value
    assert f"{SITE_URL}sources/encyclopedie-1765/#p1" in out
    assert "encyclopedie-1765:1" in out


def test_style_adjustments_keep_a_group_author_and_the_editors_of_a_whole_book() -> None:
    from reversis.corpus.cite import render_csl

    entry = {"type": "entry-dictionary", "title": "Transference", "container-title": "APA dictionary of psychology"}
    apa = {"literal": "American Psychological Association"}
    group = render_csl({**entry, "author": [apa], "publisher": apa["literal"]}, style="apa")
    assert group == "American Psychological Association. (n.d.). Transference. In APA dictionary of psychology."
    unsigned = render_csl({**entry, "publisher": "A Publisher"}, style="apa")
    assert unsigned == "Transference. (n.d.). In APA dictionary of psychology. A Publisher."
    book = {"type": "book", "title": "Encyclopédie", "editor": [{"family": "Diderot", "given": "Denis"}]}
    assert render_csl(book, style="mla").startswith("Diderot, Denis, editor. Encyclopédie")


def test_the_paragraphs_of_a_source_are_rendered_once_with_their_own_address() -> None:
    """``render_csl`` renders a source's entry once, with stand-ins for a paragraph's address and
    number, and puts each paragraph's in: the same text as rendering each paragraph's item."""
    from reversis.corpus.cite import _render_csl, paragraph_url, render_csl

    corpus = load_corpus(REAL_CORPUS)
    for first, second in [("encyclopedie-1765:4", "encyclopedie-1765:5"), ("dictionnaire-jeux-r:6", None)]:
        para = corpus.paragraph(first)
        source = corpus.source(para.source)
        item = csl_item(source, para, url=paragraph_url(source.id, para.number))
        fields = {k: v for k, v in item.items() if k not in ("id", "note")}
        for style in STYLES:
            direct = _render_csl(json.dumps(fields, sort_keys=True, ensure_ascii=False), style)
            assert render_csl(item, style=style) == direct
            assert item["URL"] in direct
        if second is not None:
            other = corpus.paragraph(second)
            assert other.page == para.page
            misses = _render_csl.cache_info().misses
            rendered = render_csl(csl_item(source, other, url=paragraph_url(source.id, other.number)))
            assert _render_csl.cache_info().misses == misses
            assert rendered.endswith(f"{paragraph_url(source.id, other.number)}.")
    # an address that holds the title is rendered as it is (the title could be dropped as repeated)
    odd = {**item, "URL": f"https://example.org/{item['title']}"}
    fields = {k: v for k, v in odd.items() if k not in ("id", "note")}
    assert render_csl(odd) == _render_csl(json.dumps(fields, sort_keys=True, ensure_ascii=False), "chicago")
