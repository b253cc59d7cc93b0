"""The home page, the concordance of rule topics, "how to cite", "check your own reading", the
citation metadata of the source pages and the search index."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
import yaml
from site_build import REPO, parse_page

from reversis.annotations import TOPICS, by_topic, load_annotations
from reversis.corpus import STYLES, cite, load_corpus, source_url
from reversis.corpus.markup import collapse

CORPUS = load_corpus()
SOURCE_IDS = [s.id for s in CORPUS.sources]
CONCORDANCE = by_topic()
TOPIC_IDS = [t for t in TOPICS if t in CONCORDANCE]


@pytest.fixture(scope="module")
def site_topics(site_script: ModuleType) -> ModuleType:
    from reversis_site import topics as module

    return module


class Head(HTMLParser):
    """The ``<meta name=… content=…>`` tags and the JSON-LD scripts of a page."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.meta: dict[str, list[str]] = {}
        self.jsonld: list[Any] = []
        self._in_jsonld = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        name = attributes.get("name") or attributes.get("property")  # Open Graph tags name a property
        if tag == "meta" and name and attributes.get("content") is not None:
            self.meta.setdefault(str(name), []).append(str(attributes["content"]))
        self._in_jsonld = tag == "script" and attributes.get("type") == "application/ld+json"

    def handle_endtag(self, tag: str) -> None:
        self._in_jsonld = False

    def handle_data(self, data: str) -> None:
        if self._in_jsonld:
            self.jsonld.append(json.loads(data))


def head_of(path: Path) -> Head:
    parser = Head()
    parser.feed(path.read_text(encoding="utf-8"))
    parser.close()
    return parser


def test_every_topic_with_annotations_has_a_page(wanted_pages: dict[Path, str]) -> None:
    generated = {p.stem for p in wanted_pages if p.parent == Path("topics") and p.name != "index.md"}
    assert generated == set(TOPIC_IDS)
    index = wanted_pages[Path("topics") / "index.md"]
    for topic in TOPIC_IDS:
        assert f"]({topic}.md)" in index


def _nav_paths(nav: Any) -> list[str]:
    if isinstance(nav, str):
        return [nav]
    if isinstance(nav, list):
        return [p for item in nav for p in _nav_paths(item)]
    if isinstance(nav, dict):
        return [p for value in nav.values() for p in _nav_paths(value)]
    return []


class _AnyTagLoader(yaml.SafeLoader):
    """mkdocs.yml may hold ``!!python/name:`` tags: read them as nothing."""


_AnyTagLoader.add_multi_constructor("", lambda loader, suffix, node: None)


def test_every_page_of_this_module_is_in_the_nav(wanted_pages: dict[Path, str]) -> None:
    config = yaml.load((REPO / "mkdocs.yml").read_text(encoding="utf-8"), Loader=_AnyTagLoader)
    nav = set(_nav_paths(config["nav"]))
    mine = [p for p in wanted_pages if p.parts[0] == "topics" or str(p) in ("index.md", "cite.md", "check.md")]
    assert len(mine) == len(TOPIC_IDS) + 4
    for path in mine:
        assert path.as_posix() in nav, f"{path} is generated but not in mkdocs.yml's nav"


@pytest.mark.parametrize("topic", TOPIC_IDS)
def test_topic_page_quotes_reads_and_proves_each_statement(
    built_site: Path, site_topics: ModuleType, topic: str
) -> None:
    page = built_site / "topics" / topic / "index.html"
    parsed = parse_page(
        page, classes=frozenset({"annotation-quote", "language-pycon", "language-yaml", "annotation-gloss"})
    )
    html = page.read_text(encoding="utf-8")
    quotes = [collapse(q) for q in parsed.texts["annotation-quote"]]
    doctests = [q.strip("\n") for q in parsed.texts["language-pycon"]]
    snippets = [yaml.safe_load(s) for s in parsed.texts["language-yaml"]]
    glosses = " ".join(parsed.texts["annotation-gloss"])
    for statements in CONCORDANCE[topic].values():
        for a in statements:
            assert a.id in parsed.ids, a.id
            assert collapse(a.quote) in quotes, a.id
            number = a.paragraph.partition(":")[2]
            assert f'href="../../sources/{a.source}/#p{number}"' in html
            assert collapse(a.gloss) in glosses, a.id
            if a.example:
                assert site_topics.split_example(a.example)[1] in doctests, a.id
            for r in a.readings:
                assert site_topics.split_example(r.example)[1] in doctests, (a.id, r.options)
                assert {"options": dict(r.options)} in snippets, (a.id, r.options)


def test_an_ambiguity_shows_each_reading_and_its_default(built_site: Path) -> None:
    ambiguous = next(a for a in load_annotations() if len(a.readings) > 1)
    path = built_site / "topics" / ambiguous.topic / "index.html"
    on_topic = [r for a in load_annotations() if a.topic == ambiguous.topic for r in a.readings]
    readings = parse_page(path, classes=frozenset({"reading"})).texts["reading"]
    defaults = parse_page(path, classes=frozenset({"reading-default"})).texts["reading-default"]
    assert len(readings) == len(on_topic)
    assert len(defaults) == sum(1 for r in on_topic if r.default)
    assert all(t.lstrip().startswith("The default reading") for t in defaults)
    assert sum(1 for t in readings if t.lstrip().startswith("Another reading")) == len(on_topic) - len(defaults)


def test_the_quotes_show_as_printed(built_site: Path) -> None:
    """The OCR's and the transcription's special characters are escaped, not read as markup."""
    for topic in TOPIC_IDS:
        page = parse_page(built_site / "topics" / topic / "index.html", classes=frozenset({"annotation-quote"}))
        shown = " ".join(page.texts["annotation-quote"])
        for statements in CONCORDANCE[topic].values():
            for a in statements:
                if any(c in a.quote for c in "&<*_[{"):
                    assert collapse(a.quote) in collapse(shown), a.id


def test_home_page_lists_the_four_sources(built_site: Path) -> None:
    page = parse_page(built_site / "index.html")
    html = (built_site / "index.html").read_text(encoding="utf-8")
    for source in CORPUS.sources:
        assert f'href="sources/{source.id}/"' in html
    for target in ("topics/", "cite/", "check/", "scenarios/"):
        assert f'href="{target}"' in html
    assert {"sources", "start"} <= page.ids


def test_cite_page_shows_every_style_and_format(built_site: Path, site_topics: ModuleType) -> None:
    page = parse_page(built_site / "cite" / "index.html", classes=frozenset({"citation"}))
    shown = page.texts["citation"]
    paragraph = site_topics.CITE_EXAMPLE
    for style in STYLES:
        assert cite(paragraph, style=style, corpus=CORPUS) in shown
    for fmt in ("bibtex", "csl-json", "ris"):
        assert cite(paragraph, fmt=fmt, corpus=CORPUS) in shown
    cff = yaml.safe_load((REPO / "CITATION.cff").read_text(encoding="utf-8"))
    assert any(cff["url"] in text for text in shown)


def test_check_page_shows_the_engines_account(built_site: Path, site_topics: ModuleType) -> None:
    from reversis.games import play_file
    from reversis.games.reversis.report import account

    scenario, hand = play_file(REPO / site_topics.CHECK_SCENARIO)
    lines = account(hand, given_exchanges=set(scenario.exchange), given_plays=len(scenario.plays)).splitlines()
    page = parse_page(built_site / "check" / "index.html", classes=frozenset({"account"}))
    shown = "\n".join(page.texts["account"])
    assert "\n".join(lines[:4]) in shown
    assert lines[-1] in shown
    option, _ = site_topics.CHECK_OPTION
    html = (built_site / "check" / "index.html").read_text(encoding="utf-8")
    assert 'href="../scenarios/"' in html
    assert option in html.replace("&#95;", "_")


def _record_year(source_id: str) -> str | None:
    issued = CORPUS.source(source_id).record.get("issued") or {}
    parts = issued.get("date-parts")
    if not parts:
        return None
    years = dict.fromkeys(str(part[0]) for part in parts)  # a range of years, as the record gives it
    return "–".join(years)


@pytest.mark.parametrize("source_id", SOURCE_IDS)
def test_source_page_carries_citation_metadata(built_site: Path, source_id: str) -> None:
    record = CORPUS.source(source_id).record
    head = head_of(built_site / "sources" / source_id / "index.html")
    meta = head.meta
    if record["type"] == "webpage":
        # a web page has no Highwire tags, which would make it a journal article in Zotero, but Open
        # Graph ones (test_site_zotero.py)
        assert not [name for name in meta if name.startswith("citation_")]
        assert meta["og:type"] == ["website"] and meta["og:url"] == [source_url(source_id)]
        return
    assert meta["citation_title"] == [collapse(record["title"])]
    assert meta["citation_public_url"] == [source_url(source_id)]
    assert meta["citation_language"] == [record["language"]]
    year = _record_year(source_id)
    if year:
        assert meta["citation_date"] == [year]
        assert meta["citation_publication_date"] == [year]
    else:
        assert "citation_date" not in meta
    authors = [a for a in record.get("author") or []]
    if authors:
        assert meta["citation_author"] == [f"{a['family']}, {a['given']}" for a in authors]
    else:
        assert "citation_author" not in meta, "an unsigned source has no author"
    if record.get("volume"):
        assert meta["citation_volume"] == [str(record["volume"])]
    if record.get("publisher"):
        assert meta["citation_publisher"] == [record["publisher"]]
    assert len(head.jsonld) == 1
    item = head.jsonld[0]
    assert item["@context"] == "https://schema.org"
    assert item["name"] == collapse(record["title"])
    assert item["url"] == source_url(source_id)
    if record.get("container-title"):
        assert item["@type"] == "Chapter"
        work = item["isPartOf"]
        if record.get("volume"):
            assert work["volumeNumber"] == str(record["volume"])
            work = work["isPartOf"]
        assert work["name"] == collapse(record["container-title"])
    else:
        assert item["@type"] == "CreativeWork"


def test_encyclopedie_metadata_as_zotero_reads_them(built_site: Path) -> None:
    meta = head_of(built_site / "sources" / "encyclopedie-1765" / "index.html").meta
    assert meta["citation_title"] == ["REVERSIS, le jeu du"]
    assert meta["citation_date"] == ["1765"]
    assert meta["citation_volume"] == ["14"]
    assert meta["citation_publisher"] == ["Samuel Faulche & Compagnie"]
    assert "citation_author" not in meta


def test_only_source_pages_carry_citation_metadata(built_site: Path) -> None:
    for page in (built_site / "index.html", built_site / "topics" / "quinola" / "index.html"):
        head = head_of(page)
        assert not any(name.startswith("citation_") for name in head.meta)
        assert not head.jsonld


def test_search_finds_french_spanish_and_english_words(built_site: Path) -> None:
    # the search's documents (reversis_site.search: the theme's index keeps the configuration only)
    index = json.loads((built_site / "search" / "documents.json").read_text(encoding="utf-8"))
    assert set(index["config"]["lang"]) == {"en", "fr", "es"}
    words = re.compile(r"\w+", re.UNICODE)
    found = {w.lower() for doc in index["docs"] for w in words.findall(doc["title"] + " " + doc["text"])}
    for word in ("levée", "quínola", "trick"):
        assert word in found, word
    for language in ("fr", "es"):
        assert (built_site / "assets" / "javascripts" / "lunr" / "min" / f"lunr.{language}.min.js").is_file()


def test_topic_pages_link_the_worked_examples(built_site: Path, site_topics: ModuleType) -> None:
    annotations = {a.id: a for a in load_annotations()}
    examples = site_topics.worked_examples()
    assert examples
    for example in examples:
        for aid in example.annotations:
            html = (built_site / "topics" / annotations[aid].topic / "index.html").read_text(encoding="utf-8")
            assert f'href="../../examples/{example.slug}/"' in html, (aid, example.slug)


#: The modules of the generator whose docstrings hold examples (``>>>``): each is run as a doctest.
DOCTESTED = sorted(
    f"reversis_site.{p.stem}"
    for p in (REPO / "scripts" / "reversis_site").glob("*.py")
    if ">>>" in p.read_text(encoding="utf-8")
)


@pytest.mark.parametrize("name", DOCTESTED)
def test_the_generators_docstring_examples_pass(site_script: ModuleType, name: str) -> None:
    import doctest
    import importlib

    failed, tried = doctest.testmod(importlib.import_module(name), verbose=False)
    assert tried >= 1
    assert failed == 0


def test_the_doctested_modules_are_found() -> None:
    names = {"text", "links", "topics", "fragments", "cards", "yaml_values", "csp", "search"}
    assert {f"reversis_site.{name}" for name in names} <= set(DOCTESTED)
