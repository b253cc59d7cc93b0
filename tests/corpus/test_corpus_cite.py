"""``cite``: a paragraph cited as scholars cite it, the work once in the bibliography and the paragraph
as the pinpoint of the citation, as text in four CSL styles, BibTeX (biblatex), CSL-JSON and RIS."""

from __future__ import annotations

import json
from pathlib import Path

import bibtexparser
import pytest
from bibtexparser.middlewares import LatexDecodingMiddleware
from corpus_fixtures import REAL_CORPUS

from reversis.corpus import SITE_URL, STYLES, CorpusError, cite, load_corpus
from reversis.corpus.bib import csl_item, work_of
from reversis.corpus.load import CORPUS_ENV

PAGE = "https://reversis-reference.github.io/reversis/sources/dico-test/"


def test_site_url_is_the_published_address() -> None:
    assert SITE_URL == "https://reversis-reference.github.io/reversis/"


def test_the_styles_are_the_four_of_the_issue_with_chicago_notes_first() -> None:
    assert STYLES == ("chicago-notes-bibliography", "chicago-author-date", "apa", "modern-language-association")


def test_cite_as_text_gives_the_citation_with_its_pinpoint_the_entry_and_the_address(corpus_root: Path) -> None:
    text = cite("dico-test:3", style="chicago-author-date", corpus=load_corpus(corpus_root))
    assert text.splitlines() == [
        "Citation: (Dupont 1792, para. 3)",
        f"Bibliography: Dupont, Jean. 1792. “ROMESTECQ (jeu du).” In Dictionnaire des jeux {{test}}, 2:95–96. "
        f"Paris. {PAGE}#section-p1.",
        f"Paragraph: dico-test:3 (printed number 2), {PAGE}#p3",
    ]


#: The citations of ¶4 and ¶9 of the Encyclopédie in each style, as citeproc-py renders them: the
#: same work, the paragraph the only difference.
ENCYCLOPEDIE = {
    "chicago-author-date": "(Diderot and d'Alembert 1765, para. {n})",
    "chicago-notes-bibliography": (
        "Denis Diderot and Jean le Rond d'Alembert, eds., “REVERSIS, le jeu du,” in Encyclopédie, ou Dictionnaire "
        "raisonné des sciences, des arts et des métiers, ed. Denis Diderot and Jean le Rond d'Alembert, vol. 14 "
        "(Neufchastel: Samuel Faulche & Compagnie, 1765), para. {n}, {SITE_URL}sources/encyclopedie-1765/."
    ),
    "apa": "(“REVERSIS, le jeu du,” 1765, para. {n})",
    "modern-language-association": "(“REVERSIS, le jeu du,” par. {n})",
}
BIBLIOGRAPHY = {
    "chicago-author-date": (
        "Diderot, Denis, and Jean le Rond d'Alembert, eds. 1765. “REVERSIS, le jeu du.” In Encyclopédie, ou "
        "Dictionnaire raisonné des sciences, des arts et des métiers, edited by Denis Diderot and Jean le Rond "
        "d'Alembert. Vol. 14. Neufchastel: Samuel Faulche & Compagnie. {SITE_URL}sources/encyclopedie-1765/."
    ),
    "chicago-notes-bibliography": (
        "Diderot, Denis, and Jean le Rond d'Alembert, eds. “REVERSIS, le jeu du.” In Encyclopédie, ou Dictionnaire "
        "raisonné des sciences, des arts et des métiers, Vol. 14. Neufchastel: Samuel Faulche & Compagnie, 1765. "
        "{SITE_URL}sources/encyclopedie-1765/."
    ),
    "apa": (
        "REVERSIS, le jeu du. (1765). In D. Diderot & J. le R. d'Alembert (Eds.), Encyclopédie, ou Dictionnaire "
        "raisonné des sciences, des arts et des métiers (Vol. 14). Samuel Faulche & Compagnie. "
        "{SITE_URL}sources/encyclopedie-1765/"
    ),
    "modern-language-association": (
        "“REVERSIS, le jeu du.” Encyclopédie, ou Dictionnaire raisonné des sciences, des arts et des métiers, "
        "edited by Denis Diderot and Jean le Rond d'Alembert, vol. 14, Samuel Faulche & Compagnie, 1765, "
        "{SITE_URL}sources/encyclopedie-1765/."
    ),
}


@pytest.mark.parametrize("style", STYLES)
def test_paragraphs_4_and_9_of_the_encyclopedie_differ_by_their_pinpoint_alone(style: str) -> None:
    corpus = load_corpus(REAL_CORPUS)
    texts = {n: cite(f"encyclopedie-1765:{n}", style=style, corpus=corpus).splitlines() for n in ("4", "9")}
    for n, (citation, entry, where) in texts.items():
        label = "Note" if style == "chicago-notes-bibliography" else "Citation"
        assert citation == f"{label}: " + ENCYCLOPEDIE[style].format(n=n, SITE_URL=SITE_URL)
        assert entry == "Bibliography: " + BIBLIOGRAPHY[style].format(SITE_URL=SITE_URL)
        assert where == f"Paragraph: encyclopedie-1765:{n}, {SITE_URL}sources/encyclopedie-1765/#p{n}"


@pytest.mark.parametrize("style", STYLES)
def test_every_paragraph_is_cited_under_its_work_with_its_number(style: str) -> None:
    """The entry is the work's (the source, or the dictionary entry that holds the paragraph), never
    the paragraph's; the citation names the paragraph's number; no publisher or note takes the
    author's place."""
    corpus = load_corpus(REAL_CORPUS)
    for source in corpus.sources:
        for para in source.paragraphs[:: max(1, len(source.paragraphs) // 3)]:
            lines = cite(para.id, style=style, corpus=corpus).splitlines()
            citation, entry, where = lines[0], lines[1], lines[-1]
            attributed = source.id == "dictionnaire-jeux-r" and int(para.number) > 3
            assert lines[2:-1] == (
                [
                    "Attributed: the source names no author; Jacques Lacombe is its author by attribution "
                    "(bracket the name, [Lacombe], where your style marks an attribution)"
                ]
                if attributed
                else []
            ), para.id
            assert para.number in citation.removeprefix(entry)
            assert ("par. " if style == "modern-language-association" else "para. ") + para.number in citation
            item = csl_item(source, work_of(source, para))
            assert item["URL"] in entry and f"#p{para.number}" not in entry
            assert where.endswith(f"#p{para.number}")
            assert "attributed" not in entry
            assert not entry.removeprefix("Bibliography: ").startswith(str(item.get("publisher", "\0")))


def test_the_dictionary_cites_each_entry_under_its_own_title_and_the_extract_under_no_author() -> None:
    corpus = load_corpus(REAL_CORPUS)
    source = corpus.source("dictionnaire-jeux-r")
    item = csl_item(source, work_of(source, corpus.paragraph("dictionnaire-jeux-r:15")))
    assert item["author"] == [{"family": "Lacombe", "given": "Jacques"}]  # the attribution is in the note
    assert (item["id"], item["title"]) == ("dictionnaire-jeux-r.romestecq-jeu-du", "ROMESTECQ (jeu du)")
    assert "Author attributed" in item["note"] and "the fragment names no author" in item["note"]
    extract = csl_item(source, work_of(source, corpus.paragraph("dictionnaire-jeux-r:2")))
    assert "author" not in extract and "Soirées amusantes" in extract["title"]
    bibtex = cite("dictionnaire-jeux-r:15", fmt="bibtex", corpus=corpus)
    assert r"\autocite[15]{dictionnaire-jeux-r.romestecq-jeu-du}" in bibtex
    (entry,) = bibtexparser.parse_string(bibtex).entries
    assert "year" not in entry.fields_dict and entry.fields_dict["date"].value == "1796/1797"
    assert entry.fields_dict["author"].value == "Lacombe, Jacques"
    assert "attributed" in entry.fields_dict["annote"].value


def test_an_unchecked_original_address_is_not_exported() -> None:
    """A reference manager stores what it is given: an address that was never opened is neither the
    item's URL (the work's address on the site is) nor in its note."""
    corpus = load_corpus(REAL_CORPUS)
    item = csl_item(corpus.source("encyclopedie-1765"))
    assert item["URL"] == f"{SITE_URL}sources/encyclopedie-1765/"
    assert "wikisource.org" not in item["note"] and "not checked" not in item["note"]
    bibtex = cite("encyclopedie-1765:4", fmt="bibtex", corpus=corpus)
    assert "not checked" not in bibtex and "not opened" not in bibtex and "wikisource.org" not in bibtex
    revesino = csl_item(corpus.source("revesino-es"))
    assert revesino["type"] == "webpage" and revesino["accessed"] == {"date-parts": [[2026, 12, 3]]}


def test_cite_as_bibtex_gives_the_citation_command_and_the_works_entry(corpus_root: Path) -> None:
    out = cite("dico-test:3", fmt="bibtex", corpus=load_corpus(corpus_root))
    assert out.splitlines()[:3] == [
        r"% biblatex: \autocite[3]{dico-test.romestecq-jeu-du} (pagination = paragraph: par. 3)",
        r"% BibTeX with natbib: \citep[para.~3]{dico-test.romestecq-jeu-du}",
        f"% Paragraph: dico-test:3 (printed number 2), {PAGE}#p3",
    ]
    library = bibtexparser.parse_string(out, append_middleware=[LatexDecodingMiddleware()])
    assert not library.failed_blocks
    (entry,) = library.entries
    fields = {f.key: f.value for f in entry.fields}
    assert entry.key == "dico-test.romestecq-jeu-du" and entry.entry_type == "incollection"
    assert fields["title"] == "ROMESTECQ (jeu du)"  # the paragraph's entry, not the source's title
    assert fields["booktitle"] == "Dictionnaire des jeux {test}"
    assert (fields["volume"], fields["pages"], fields["year"], fields["pagination"]) == (
        "2",
        "95–96",
        "1792",
        "paragraph",
    )
    assert fields["url"] == f"{PAGE}#section-p1"


def test_cite_as_csl_json_gives_the_item_and_the_citation_item_with_its_locator(corpus_root: Path) -> None:
    data = json.loads(cite("dico-test:3", fmt="csl-json", corpus=load_corpus(corpus_root)))
    assert data["citationItems"] == [{"id": "dico-test.romestecq-jeu-du", "locator": "3", "label": "paragraph"}]
    (item,) = data["items"]
    assert {"id", "type", "title", "container-title", "volume", "page", "issued", "language", "note"} <= set(item)
    assert item["id"] == "dico-test.romestecq-jeu-du" and item["type"] == "entry-dictionary"
    assert (item["page"], item["issued"], item["abstract"]) == ("95-96", {"date-parts": [[1792]]}, "A test dictionary.")
    assert item["URL"] == f"{PAGE}#section-p1" and "section" not in item


def test_cite_as_ris(corpus_root: Path) -> None:
    out = cite("dico-test:3", fmt="ris", corpus=load_corpus(corpus_root)).splitlines()
    assert out[:4] == [
        "TY  - DICT",
        "ID  - dico-test.romestecq-jeu-du",
        "AU  - Dupont, Jean",
        "TI  - ROMESTECQ (jeu du)",
    ]
    assert {
        "T2  - Dictionnaire des jeux {test}",
        "SP  - 95",
        "EP  - 96",
        "PY  - 1792",
        "CY  - Paris",
        "LA  - fr",
    } <= set(out)
    assert out[-1] == "ER  -"


def test_cite_a_web_page_without_date_or_page(corpus_root: Path) -> None:
    corpus = load_corpus(corpus_root)
    citation, entry, _ = cite("plain-test:1", style="apa", corpus=corpus).splitlines()
    assert citation == "Citation: (El revesino, n.d., para. 1)"
    assert entry.endswith(
        "Retrieved December 3, 2026, from https://reversis-reference.github.io/reversis/sources/plain-test/"
    )
    item = json.loads(cite("plain-test:1", fmt="csl-json", corpus=corpus))["items"][0]
    assert "original: https://example.org/revesino?a=1&b=2" in item["note"]  # a checked address of the original
    library = bibtexparser.parse_string(cite("plain-test:1", fmt="bibtex", corpus=corpus))
    assert library.entries[0].entry_type == "online" and not library.failed_blocks


def test_cite_reads_the_corpus_of_the_environment(corpus_root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(CORPUS_ENV, str(corpus_root))
    assert f"{PAGE}#p3" in cite("dico-test:3")


@pytest.mark.parametrize(
    ("paragraph_id", "fmt", "style", "message"),
    [
        ("dico-test:99", "text", "apa", "no paragraph '99' in dico-test; nearest: dico-test:3, dico-test:4, "),
        (
            "dico-test:3b",
            "text",
            "apa",
            "no paragraph '3b' in dico-test; nearest: dico-test:2, dico-test:3, dico-test:4",
        ),
        ("dico-test:three", "text", "apa", "malformed paragraph locator 'three' (expected a paragraph number"),
        ("dico-test:¶ 3", "text", "apa", None),
        ("dico-tset:3", "text", "apa", "unknown source id 'dico-tset' (did you mean 'dico-test:3'?)"),
        ("dico-tset", "text", "apa", "unknown source id 'dico-tset' (did you mean 'dico-test'?)"),
        ("dico-test:3", "endnote", "apa", "unknown citation format 'endnote' (expected text, bibtex, csl-json, ris)"),
        (
            "dico-test:3",
            "text",
            "chicago-author",
            "unknown citation style 'chicago-author' (did you mean 'chicago-author-date'?)",
        ),
    ],
)
def test_cite_errors_are_one_line_and_name_the_nearest_valid_ones(
    corpus_root: Path, paragraph_id: str, fmt: str, style: str, message: str | None
) -> None:
    corpus = load_corpus(corpus_root)
    if message is None:  # a pinpoint as a reader writes it is read
        assert "para. 3" in cite(paragraph_id, fmt=fmt, style=style, corpus=corpus)
        return
    with pytest.raises(CorpusError) as info:
        cite(paragraph_id, fmt=fmt, style=style, corpus=corpus)
    assert str(info.value).startswith(message) and "\n" not in str(info.value)


def test_a_source_as_a_whole_is_its_entry() -> None:
    corpus = load_corpus(REAL_CORPUS)
    text = cite("encyclopedie-1765", style="chicago", corpus=corpus)
    entry = BIBLIOGRAPHY["chicago-notes-bibliography"].format(SITE_URL=SITE_URL)
    assert text == f"{entry} Transcribed in the Reversis reference, source encyclopedie-1765."
    (item,) = json.loads(cite("encyclopedie-1765", fmt="csl-json", corpus=corpus))
    assert item["id"] == "encyclopedie-1765" and item["type"] == "chapter"


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
