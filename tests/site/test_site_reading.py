"""The site as a reading edition, in its built HTML: sources named by their work and listed by date,
annotations headed by their gloss, every passage of a source in its language, no file cited that
the project does not hold, and every link and fragment of the served and the offline copy found.
(What a reader does with the pages, in a browser: ``test_browser_reading.py``.)"""

from __future__ import annotations

import posixpath
import re
from collections import Counter
from html import unescape
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from site_build import REPO, mkdocs_config, parse_page

from reversis.annotations import load_annotations
from reversis.corpus import load_corpus

#: Each source as the site names it, by its work, in the order of their dates.
NAMES = [
    ("encyclopedie-1765", "Encyclopédie (1765), REVERSIS"),
    ("dictionnaire-jeux-r", "Dictionnaire des jeux: ROMESTECQ"),
    ("espagnolette-19c", "Espagnolette fragment (19th c.)"),
    ("revesino-es", "Revesino (Spanish)"),
]


def _html(site: Path, page: str) -> str:
    return (site / page).read_text(encoding="utf-8")


def _text(html: str) -> str:
    """The words of some HTML (its tags and its permalinks' pilcrows left out, its references read)."""
    html = re.sub(r'<a class="headerlink".*?</a>', "", html, flags=re.DOTALL)
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html)))


def test_the_navigation_names_the_sources_by_their_work_in_order_of_date(built_site: Path) -> None:
    html = _html(built_site, "index.html")
    nav = html[html.index('class="md-nav md-nav--primary"') :]
    positions = [nav.find(f"{name}\n") for _, name in NAMES]
    assert -1 not in positions, [name for (_, name), at in zip(NAMES, positions, strict=True) if at == -1]
    assert positions == sorted(positions)
    sources = mkdocs_config()["nav"][1]["Sources"]
    assert [p for p in sources] == [f"sources/{sid}.md" for sid, _ in NAMES]


@pytest.mark.parametrize(("source_id", "name"), NAMES)
def test_a_source_page_is_titled_by_its_work(built_site: Path, source_id: str, name: str) -> None:
    html = _html(built_site, f"sources/{source_id}/index.html")
    heading = re.search(r"<h1[^>]*>(.*?)</h1>", html, re.DOTALL)
    assert heading and _text(heading.group(1)).strip() == name
    assert f"<title>{name} - Reversis</title>" in html


def test_the_home_page_lists_the_sources_by_date_and_by_name(built_site: Path) -> None:
    html = _html(built_site, "index.html")
    table = html[html.index('id="sources"') :]
    table = table[: table.index("</table>")]
    rows = _text(table)
    positions = [rows.find(f" {name} ") for _, name in NAMES]
    assert -1 not in positions and positions == sorted(positions), positions


def test_the_tables_of_the_topics_and_the_downloads_name_the_sources_by_their_work(built_site: Path) -> None:
    for page in ("topics/index.html", "downloads/index.html", "bibliography/index.html", "topics/quinola/index.html"):
        text = _text(_html(built_site, page))
        named = [name for _, name in NAMES if name in text]
        assert named, page
        assert (
            "REVERSIS, le jeu du" not in text.replace("“REVERSIS, le jeu du”", "") or page == "bibliography/index.html"
        )


def test_a_topic_heads_each_annotation_with_its_gloss_and_keeps_its_id_as_anchor_and_label(built_site: Path) -> None:
    html = _html(built_site, "topics/quinola/index.html")
    headings = re.findall(r'<h3 id="([^"]+)">(.*?)<a class="headerlink"', html, re.DOTALL)
    ids = {a.id for a in load_annotations() if a.topic == "quinola"}
    anchored = {anchor: _text(text).strip() for anchor, text in headings if anchor in ids}
    assert set(anchored) == ids  # every annotation keeps its id as its anchor
    assert all(text != anchor and " " in text for anchor, text in anchored.items())
    for anchor in ids:
        assert f'<code class="annotation-label">{anchor}</code>' in html
    assert anchored["enc1765-quinola-placed"].startswith("When the jack of hearts, the quinola, is thrown")


def test_a_source_page_shows_the_text_before_its_record(built_site: Path) -> None:
    html = _html(built_site, "sources/encyclopedie-1765/index.html")
    assert html.index('id="p1"') < html.index('id="record"') < html.index('id="provenance"')
    assert html.index('id="p1"') < html.index('id="downloads"')


@pytest.mark.parametrize("source_id", [sid for sid, _ in NAMES])
def test_every_annotation_marks_the_words_it_quotes(built_site: Path, source_id: str) -> None:
    html = _html(built_site, f"sources/{source_id}/index.html")
    marked: set[str] = set()
    # the words in a span, then the sign that opens their annotations, a link naming the same ones
    stretches = re.findall(
        r'<span class="annotated-words" data-annotations="([^"]+)">(.*?)</span>'
        r'<a class="annotated" href="#[^"]+" data-annotations="([^"]+)"',
        html,
        re.DOTALL,
    )
    for ids, words, link_ids in stretches:
        assert ids == link_ids and _text(words).strip()
        marked |= set(ids.split())
    wanted = {a.id for a in load_annotations() if a.source == source_id}
    assert wanted - marked == set()


@pytest.mark.parametrize("source_id", [sid for sid, _ in NAMES])
def test_every_annotations_example_is_on_its_source_page_to_run(built_site: Path, source_id: str) -> None:
    """Under each annotation of a source page, the example its topic page shows: the doctest the tests
    run, which "Try it" runs and edits in the page."""
    html = _html(built_site, f"sources/{source_id}/index.html")
    shown = {
        anchor: unescape(code)
        for anchor, code in re.findall(
            r'<div class="annotation [^"]*" id="([^"]+)">(?:(?!<div class="annotation ).)*?'
            r'<pre class="doctest"><code[^>]*>(.*?)</code></pre>',
            html,
            re.DOTALL,
        )
    }
    wanted = {a.id: a.example for a in load_annotations() if a.source == source_id and a.example}
    assert wanted and set(shown) == set(wanted)
    for aid, example in wanted.items():
        assert shown[aid].splitlines()[0] in example, aid


@pytest.mark.parametrize("source_id", [sid for sid, _ in NAMES])
def test_the_glossary_marks_a_term_once_in_a_paragraph(built_site: Path, source_id: str) -> None:
    html = _html(built_site, f"sources/{source_id}/index.html")
    blocks = re.findall(r'<p class="transcription" id="p\w+" lang="\w+">(.*?)</p>', html, re.DOTALL)
    assert len(blocks) == len(load_corpus().source(source_id).paragraphs)
    blocks += re.findall(r'<div class="translation" lang="en">(.*?)</div>', html, re.DOTALL)
    assert blocks
    for block in blocks:
        repeated = [t for t, n in Counter(re.findall(r'<abbr title="([^":]+):', block)).items() if n > 1]
        assert not repeated, repeated
    # and the annotations, which quote the text the reader has just read, gloss nothing again
    for quote in re.findall(r'<blockquote class="annotation-quote"[^>]*>(.*?)</blockquote>', html, re.DOTALL):
        assert "<abbr" not in quote


def _pages(site: Path) -> list[Path]:
    return sorted(site.rglob("*.html"))


def test_every_quotation_of_a_source_carries_its_language(built_site: Path) -> None:
    """A `<q>` and a quotation block of a source's words say their language, on every page."""
    missing: Counter[str] = Counter()
    counted = 0
    for path in _pages(built_site):
        html = path.read_text(encoding="utf-8")
        for tag in re.findall(r"<q\b[^>]*>|<blockquote class=\"annotation-quote\"[^>]*>", html):
            counted += 1
            if not re.search(r'\blang="(fr|es|nl|en)"', tag):
                missing[path.relative_to(built_site).as_posix()] += 1
    assert counted > 1000
    assert not missing, missing.most_common(5)


def test_the_french_and_spanish_of_a_source_page_carry_their_language(built_site: Path) -> None:
    corpus = load_corpus()
    for source in corpus.sources:
        html = _html(built_site, f"sources/{source.id}/index.html")
        for tag, cls in (("p", "transcription"), ("template", "ocr")):
            tags = re.findall(rf'<{tag} class="{cls}"[^>]*>', html)
            assert tags and all(f'lang="{source.language}"' in t for t in tags), (source.id, cls)
        title = re.search(r"<dt>Title</dt><dd([^>]*)>", html)
        assert title and f'lang="{source.language}"' in title.group(1)
    glossary = _html(built_site, "glossary/index.html")
    headings = re.findall(r'<h3 id="term-(\w+)-[^"]*"([^>]*)>', glossary)
    assert headings and all(f'lang="{language}"' in attrs for language, attrs in headings)


# A file named in the text of a page: a path or a name with one of the project's own extensions.
_FILE = re.compile(r"(?<![\w/.:-])((?:[\w-]+/)*[\w-]+\.(?:md|yaml|yml|py|cff|txt|json|jsonld|toml))\b")
# The name each OCR was received under, which its record gives: the project keeps it as ocr.txt.
_SEED = re.compile(r"\d{3}_[0-9a-f]{16}\.txt")
# A file of the reader's in an instruction (`reversis play SCENARIO.yaml --json > OUT.yaml`).
_PLACEHOLDER = re.compile(r"[A-Z][A-Z0-9_-]*\.\w+$")


def test_no_page_cites_a_file_the_project_does_not_hold(built_site: Path) -> None:
    held = {p.relative_to(REPO).as_posix() for p in REPO.rglob("*") if p.is_file() and ".git" not in p.parts}
    names = {Path(p).name for p in held}
    cited: dict[str, str] = {}
    for path in _pages(built_site):
        html = path.read_text(encoding="utf-8")
        # commands a reader types (`reversis play SCENARIO.yaml`) name the reader's files: not cited
        html = re.sub(r"<(script|style|pre)\b.*?</\1>", " ", html, flags=re.DOTALL)
        text = re.sub(r"https?://\S+", " ", _text(html))
        for name in _FILE.findall(text):
            cited.setdefault(name, path.relative_to(built_site).as_posix())
    assert "corpus/FORMAT.md" in cited  # the check sees the files the pages do cite
    unknown = {
        name: page
        for name, page in cited.items()
        if name not in held
        and Path(name).name not in names
        and not _SEED.fullmatch(name)
        and not _PLACEHOLDER.match(name)
    }
    assert not unknown, unknown


#: The site's path on its server: the 404 page links from there.
SITE_PATH = urlsplit(mkdocs_config()["site_url"]).path or "/"


def _links(site: Path) -> list[str]:
    """Every link and fragment of the pages of ``site`` that leads nowhere."""
    ids: dict[Path, set[str]] = {}
    pages = _pages(site)
    parsed = {path: parse_page(path) for path in pages}
    for path, page in parsed.items():
        ids[path] = page.ids
    broken = []
    for path, page in parsed.items():
        for tag, attribute, url in page.urls:
            if tag != "a" or attribute != "href":
                continue
            parts = urlsplit(url)
            if parts.scheme or parts.netloc or url.startswith(("mailto:", "javascript:")):
                continue
            if parts.path.startswith("/"):
                target = site / unquote(parts.path).removeprefix(SITE_PATH)
            else:
                target = (path.parent / unquote(parts.path)).resolve() if parts.path else path
            if target.is_dir():
                target = target / "index.html"
            if not target.is_file():
                broken.append(f"{path.relative_to(site)}: {url} (no such file)")
                continue
            if parts.fragment and target.suffix == ".html":
                known = ids.get(target)
                if known is None:
                    known = parse_page(target).ids
                if unquote(parts.fragment) not in known:
                    broken.append(f"{path.relative_to(site)}: {url} (no such fragment)")
    return broken


def test_no_link_or_fragment_of_the_served_site_is_broken(built_site: Path) -> None:
    broken = _links(built_site)
    assert not broken, "\n".join(broken[:20])


@pytest.mark.slow  # the offline copy is a build of its own (README: which target runs what)
def test_no_link_or_fragment_of_the_offline_copy_is_broken(offline_site: Path) -> None:
    broken = _links(offline_site)
    assert not broken, "\n".join(broken[:20])


def test_a_paragraphs_bibtex_keeps_no_unchecked_address(built_site: Path) -> None:
    html = _html(built_site, "sources/encyclopedie-1765/index.html")
    bibtex = [unescape(b) for b in re.findall(r'<template class="cite-text">% biblatex.*?</template>', html, re.DOTALL)]
    assert len(bibtex) == len(load_corpus().source("encyclopedie-1765").paragraphs)
    assert all("@incollection{encyclopedie-1765," in b for b in bibtex)
    assert not [b for b in bibtex if "not checked" in b or "not opened" in b or "wikisource.org" in b]


def test_the_cite_page_gives_the_projects_citations_as_the_command_line_and_citation_cff(built_site: Path) -> None:
    """The project's citation on the cite page is ``reversis cite --project``'s, in every style and
    format, with the version and release date of CITATION.cff (it once read "n.d." with no version)."""
    import yaml

    from reversis.corpus.cite import STYLES, cite_project

    cff = yaml.safe_load((REPO / "CITATION.cff").read_text(encoding="utf-8"))
    page = unescape(_html(built_site, "cite/index.html"))
    shown = [re.sub(r"<[^>]+>", "", code) for code in re.findall(r"<code[^>]*>(.*?)</code>", page, re.DOTALL)]
    for style in STYLES:
        assert cite_project(style=style).strip() in [s.strip() for s in shown], style
    for fmt in ("bibtex", "csl-json", "ris"):
        assert cite_project(fmt=fmt).strip() in [s.strip() for s in shown], fmt
    assert f"<dt>Version</dt><dd>{cff['version']}</dd>" in page
    assert f"<dt>Released</dt><dd>{cff['date-released']}</dd>" in page
    assert "n.d." not in cite_project(style="apa") and str(cff["version"]) in cite_project(style="apa")


@pytest.mark.parametrize("ruleset_id", ["encyclopedie-1765", "revesino", "romestecq"])
def test_a_ruleset_page_gives_each_option_as_an_entry_under_its_english_name_in_its_topic(
    built_site: Path, ruleset_id: str
) -> None:
    """No table of options: each option is an entry of its topic's folded group, under its English
    name, its id a small code label linking to its own anchor, with its default and meaning."""
    from reversis.core.ruleset import load_ruleset

    rules = load_ruleset(ruleset_id)
    html = unescape(_html(built_site, f"rulesets/{ruleset_id}/index.html"))
    options = html[html.index('id="options"') : html.index('id="engine-rules"')]
    assert "<table" not in options
    groups = re.findall(r'<details class="option-group" id="options-([a-z]+)">\s*<summary>(.*?)</summary>', options)
    assert [t for t, _ in groups] == list(rules.options_by_topic())
    for topic, summary in groups:
        assert _text(summary).strip().startswith(rules.topics[topic]), summary
    for name, option in rules.options.items():
        entry = re.search(rf'<div class="option-entry" id="option-{name}">(.*?)<dt>Allowed', options, re.DOTALL)
        assert entry, name
        head = f'<strong>{option.title}</strong> <a class="id-label" href="#option-{name}"><code>{name}</code></a>'
        assert head in entry.group(1), name
        after = options[entry.end() : entry.end() + 3000]
        # the options its meaning names, each after its English name
        ids = sorted((n for n in rules.options if "_" in n), key=len, reverse=True)
        meaning = re.sub(
            r"\b(" + "|".join(ids) + r")\b", lambda m: f"{rules.option_name(m.group(1))} {m.group(1)}", option.meaning
        )
        words = re.sub(r"\s+", "", _text(meaning))
        assert words[:40] in re.sub(r"\s+", "", _text(after.split("</dl>")[0])), name


@pytest.mark.parametrize("ruleset_id", ["encyclopedie-1765", "revesino"])
def test_a_ruleset_page_names_each_engine_rule_with_its_id_as_a_label_at_its_old_anchor(
    built_site: Path, ruleset_id: str
) -> None:
    from reversis.core.ruleset import load_ruleset

    rules = load_ruleset(ruleset_id)
    html = unescape(_html(built_site, f"rulesets/{ruleset_id}/index.html"))
    for rule in rules.rule_cites:
        where = "rule-" + re.sub(r"[^a-z0-9]+", "-", rule)
        head = f'<strong>{rules.rule_name(rule)}</strong> <a class="id-label" href="#{where}"><code>{rule}</code></a>'
        assert f'<div class="rule-entry" id="{where}">' in html and head in html, rule


def _navigation(site: Path, path: Path) -> list[tuple[str, str]]:
    """The links of a page's navigation (the primary sidebar), each as the site path it leads to and
    its words, but for the page's own table of contents (links to ``#`` fragments of the page)."""
    html = path.read_text(encoding="utf-8")
    start = html.index('class="md-sidebar md-sidebar--primary"')
    end = html.find('class="md-sidebar md-sidebar--secondary"', start)
    folder = "/" + path.parent.relative_to(site).as_posix()
    site_path = urlsplit(mkdocs_config()["site_url"]).path.rstrip("/")
    links = []
    nav = html[start:end] if end > 0 else html[start : html.index('class="md-content"', start)]
    for href, words in re.findall(r'<a href="([^"]*)"[^>]*>(.*?)</a>', nav, flags=re.DOTALL):
        if href.startswith("#"):
            continue
        target = href.removeprefix(site_path) if href.startswith("/") else posixpath.join(folder, href)
        links.append((posixpath.normpath(target.split("#")[0]), " ".join(_text(words).split())))
    return links


def _url_of(site: Path, path: Path) -> str:
    """A built page's path on the site, as :func:`_navigation` gives its links (``/glossary``)."""
    return posixpath.normpath("/" + path.relative_to(site).as_posix().removesuffix("index.html"))


@pytest.mark.sweep  # every page parsed (README: which target runs what); the browser checks one of each kind
def test_every_page_has_the_same_navigation_but_its_own_entry(built_site: Path) -> None:
    # the browser tests check the whole tree once per kind of page (test_browser.NAVIGATION)
    home = _navigation(built_site, built_site / "index.html")
    # every page of the site with the sections, but for the worked examples, which their index lists
    pages = {_url_of(built_site, p) for p in _pages(built_site)} - {"/404.html"}
    examples = {p for p in pages if p.startswith("/examples/") and p != "/examples"}
    linked = {target for target, _ in home}
    assert len(examples) > 100 and not examples & linked, sorted(examples & linked)[:5]
    assert pages - examples <= linked, sorted(pages - examples - linked)
    different = [p for p in _pages(built_site) if _navigation(built_site, p) != home]
    assert not different, [str(p.relative_to(built_site)) for p in different[:5]]
