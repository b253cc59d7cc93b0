"""The glossary's terms as tooltips, the downloads, the sources' references within themselves, and
the offline copy of the site (every link a file, search inlined)."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit

import pytest
from site_build import REPO, parse_page

from reversis.annotations import load_glossary
from reversis.corpus import load_corpus

CORPUS = load_corpus()
GLOSSARY = load_glossary()
ABBR = re.compile(r'<abbr title="([^"]*)">(.*?)</abbr>', re.DOTALL)


def _html(built: Path, page: str) -> str:
    return (built / page).read_text(encoding="utf-8")


# ---- the glossary as tooltips ---------------------------------------------------------------------


def test_a_term_of_a_source_paragraph_is_a_tooltip(built_site: Path) -> None:
    """Paragraph 4 of the Encyclopédie uses "quinola": its transcription shows it with the glossary's sense."""
    html = _html(built_site, "sources/encyclopedie-1765/index.html")
    quinola = next(t for t in GLOSSARY if t.term == "quinola" and t.language == "fr")
    assert "encyclopedie-1765:4" in quinola.paragraphs
    bodies = re.findall(r'<p class="transcription"[^>]*>(.*?)</p>', html, re.DOTALL)
    p4 = bodies[3]
    titles = {unescape(word).lower(): unescape(title) for title, word in ABBR.findall(p4)}
    assert titles["quinola"] == f"quinola: {' '.join(quinola.sense.split())}"
    # the translation glosses the terms it italicises
    translation = re.findall(r'<div class="translation" lang="en">(.*?)</div>', html, re.DOTALL)[3]
    assert re.search(r"<em><abbr title=\"quinola: ", translation)


def test_an_english_homograph_is_not_glossed_in_english(built_site: Path) -> None:
    """The Spanish "as" (ace) is glossed in the Spanish text, never in the English prose."""
    spanish = _html(built_site, "sources/revesino-es/index.html")
    transcriptions = "".join(re.findall(r'<p class="transcription"[^>]*>(.*?)</p>', spanish, re.DOTALL))
    assert any(word.lower() in ("as", "ases") for _, word in ABBR.findall(transcriptions))
    for page in ("index.html", "topics/aces/index.html", "check/index.html"):
        assert not [w for _, w in ABBR.findall(_html(built_site, page)) if w.lower() == "as"], page


def test_prose_terms_are_tooltips_and_identifiers_stay_whole(built_site: Path) -> None:
    """The abbreviations reach the Markdown prose of the pages; no identifier (paragraph id, annotation
    id, rule, file name), no code and no heading's anchor is split by one, and none is nested."""
    prose = [w for _, w in ABBR.findall(_html(built_site, "glossary/index.html"))]
    assert len(prose) > 50
    split, nested, in_code = [], [], []
    for path in built_site.rglob("*.html"):
        html = path.read_text(encoding="utf-8")
        if "<abbr" not in html:
            continue
        name = path.relative_to(built_site).as_posix()
        for match in ABBR.finditer(html):
            before, after = html[match.start() - 2 : match.start()], html[match.end() : match.end() + 2]
            if re.fullmatch(r"\w[-_./]", before) or re.match(r"[-_][\w]|[.:/]\w", after):
                split.append(f"{name}: …{html[match.start() - 20 : match.end() + 20]}…")
            if "<abbr" in match.group(2):
                nested.append(f"{name}: {match.group(0)[:80]}")
        for code in re.findall(r"<code[^>]*>(.*?)</code>", html, re.DOTALL):
            if "<abbr" in code:
                in_code.append(f"{name}: {code[:80]}")
        for heading_id in re.findall(r"<h[1-6] id=\"([^\"]*)\"", html):
            assert "abbr" not in heading_id, f"{name}: {heading_id}"
    assert not split, "\n".join(split[:10])
    assert not nested, "\n".join(nested[:10])
    assert not in_code, "\n".join(in_code[:10])


def test_the_search_index_holds_the_words_not_the_tooltips(built_site: Path) -> None:
    index = (built_site / "search" / "documents.json").read_text(encoding="utf-8")  # reversis_site.search
    assert "quinola" in index.lower()
    assert "<abbr" not in index and "&lt;abbr" not in index


# ---- downloads ------------------------------------------------------------------------------------

EXPORTS = {
    **{
        f"downloads/{s.id}/{p.name}": p
        for s in CORPUS.sources
        for p in (REPO / "corpus" / s.id / "exports").iterdir()
        if not p.name.endswith(".md")
    },
    **{f"downloads/annotations/{p.name}": p for p in (REPO / "annotations" / "exports").glob("*.jsonld")},
}


def _links(built: Path, page: str) -> list[str]:
    """The site paths (relative to the site) of a built page's links into downloads/."""
    base = "https://site.invalid/" + page
    out = []
    for tag, attribute, url in parse_page(built / page).urls:
        if tag != "a" or attribute != "href" or urlsplit(url).scheme:
            continue
        path = unquote(urlsplit(urljoin(base, url)).path).removeprefix("/")
        if path.startswith("downloads/") and not path.endswith(("/", ".html")):  # not the page itself
            out.append(path)
    return out


@pytest.mark.parametrize("source_id", [s.id for s in CORPUS.sources])
def test_a_source_page_offers_its_exports(built_site: Path, source_id: str) -> None:
    links = set(_links(built_site, f"sources/{source_id}/index.html"))
    wanted = {path for path in EXPORTS if f"/{source_id}." in "/" + path.rsplit("/", 1)[-1] or f"/{source_id}/" in path}
    assert wanted <= links, sorted(wanted - links)


def test_every_download_is_linked_and_is_the_export_itself(built_site: Path) -> None:
    links = set(_links(built_site, "downloads/index.html"))
    assert links == set(EXPORTS)
    for path, export in EXPORTS.items():
        assert (built_site / path).is_file(), path
        assert (built_site / path).read_bytes() == export.read_bytes(), path
    home = parse_page(built_site / "index.html").urls
    assert ("a", "href", "downloads/") in home


# ---- the source's references within itself ------------------------------------------------------


def test_voyez_ci_apres_links_to_the_paragraph_it_names(built_site: Path) -> None:
    """The Encyclopédie's "Voyez ci-après faire le reversis" (p10) sends the reader on to p11, which defines the phrase;
    "Voyez Gagner une carte" (p9) names another article of the Encyclopédie."""
    html = _html(built_site, "sources/encyclopedie-1765/index.html")
    refs = re.findall(r'<p class="cross-reference([^"]*)">(.*?)</p>', html, re.DOTALL)
    by_target = {re.search(r"<cite[^>]*>(.*?)</cite>", body).group(1): (cls, body) for cls, body in refs}  # type: ignore[union-attr]
    cls, body = by_target["faire le reversis"]
    assert "cross-reference-within" in cls
    assert '<a href="#p11">encyclopedie-1765:11</a>' in body
    assert "outside" not in body
    p11 = CORPUS.source("encyclopedie-1765").paragraphs[10]
    assert p11.number == "11" and p11.clean.lower().startswith("faire le reversis")
    cls, body = by_target["Gagner une carte"]
    assert "within" not in cls and "<a " not in body


# ---- the offline copy -----------------------------------------------------------------------------


@pytest.mark.slow  # the offline copy is a build of its own (README: which target runs what)
def test_the_offline_copy_links_files_not_folders(offline_site: Path) -> None:
    """From file://, a link to a folder opens no page: every local link and asset is a file. (The 404
    page, which only a server shows, links from the site's root on its server.)"""
    assert (offline_site / "sources" / "encyclopedie-1765.html").is_file()
    broken = []
    for path in offline_site.rglob("*.html"):
        if path.name == "404.html":
            continue
        for tag, attribute, url in parse_page(path).urls:
            parts = urlsplit(url)
            if parts.scheme or url.startswith("//") or not parts.path:
                continue
            target = (path.parent / unquote(parts.path)).resolve()
            if not target.is_file():
                broken.append(f"{path.relative_to(offline_site)}: <{tag} {attribute}={url}>")
    assert not broken, "\n".join(broken[:20])


@pytest.mark.slow  # the offline copy is a build of its own (README: which target runs what)
def test_the_offline_copy_searches_without_a_server_or_a_cdn(offline_site: Path) -> None:
    index = offline_site / "search" / "search_index.js"
    assert index.read_text(encoding="utf-8").startswith("var __index = ")
    documents = offline_site / "search" / "documents.js"  # reversis_site.search
    assert documents.read_text(encoding="utf-8").startswith("var __search_documents = ")
    assert "quinola" in documents.read_text(encoding="utf-8")
    page = (offline_site / "index.html").read_text(encoding="utf-8")
    assert "javascripts/iframe-worker-shim.js" in page
    for path in offline_site.rglob("*.html"):
        assert "unpkg.com" not in path.read_text(encoding="utf-8"), path


def test_the_served_site_keeps_directory_urls_and_loads_no_shim(built_site: Path) -> None:
    page = (built_site / "index.html").read_text(encoding="utf-8")
    assert "iframe-worker-shim" not in page and "unpkg.com" not in page
    assert 'href="sources/encyclopedie-1765/"' in page
