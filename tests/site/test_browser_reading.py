"""The reading edition in a real browser (Debian's Chromium, as in ``test_browser.py``, whose
fixtures, in conftest.py, these tests share): the worked examples' payments and replay, the search, the
Content-Security-Policy, the weight of the home page. Each at 1280 px and 390 px, in the light and
the dark scheme where what is checked can differ; screenshots go with the others
(``$REVERSIS_SCREENSHOTS``).
"""

from __future__ import annotations

import http.server
import json
import re
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from test_browser import NARROW, PAGES, SITE_PATH, Visit, shoot

from reversis.annotations import load_annotations
from reversis.corpus import load_corpus

WIDE = {"width": 1280, "height": 900}
VIEWPORTS = {"wide": WIDE, "narrow": NARROW}
SCHEMES = ("light", "dark")

# An example whose stakes come before its payments (the numbering of its links once restarted).
PAYING_EXAMPLE = "examples/quinola-forced/"


# ---- the payments of a worked example ------------------------------------------------------------


@pytest.mark.parametrize("width", VIEWPORTS)
@pytest.mark.parametrize("scheme", SCHEMES)
def test_the_payments_read_at_each_width(
    visit: Callable[..., Visit], screenshots: Path, width: str, scheme: str
) -> None:
    """The payments of an example: no rule identifier broken over two lines, no row taller than a
    few lines, nothing beyond the right edge of the screen."""
    v = visit(viewport=VIEWPORTS[width], scheme=scheme)
    tab = v.open(PAYING_EXAMPLE, wait="load")
    ledger = tab.locator(".ledger-payments table")
    ledger.scroll_into_view_if_needed()
    shoot(ledger, screenshots / f"payments-{width}-{scheme}.png")
    measured = tab.evaluate(
        """() => {
        const table = document.querySelector('.ledger-payments table');
        const rows = [...table.querySelectorAll('tbody tr')];
        const codes = [...table.querySelectorAll('code')];
        return {
          rows: rows.map(r => r.getBoundingClientRect().height),
          broken: codes.filter(c => c.getClientRects().length > 1).map(c => c.textContent),
          right: Math.max(...[...table.querySelectorAll('td')].map(c => c.getBoundingClientRect().right)),
          width: document.documentElement.clientWidth,
          overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        };
    }"""
    )
    assert measured["rows"], "no payment row"
    assert not measured["broken"], f"identifiers broken over two lines: {measured['broken']}"
    # each row quotes the source and gives its English (both shortened): at most about nine lines
    assert max(measured["rows"]) < 200, f"rows of {max(measured['rows']):.0f} px"
    assert measured["right"] <= measured["width"], f"a cell ends at {measured['right']:.0f} px"
    assert measured["overflow"] <= 0
    assert not v.errors, "\n".join(v.errors)


# ---- the replay ------------------------------------------------------------------------------------


def _focused(tab: Any) -> str:
    script = "() => document.activeElement === document.body ? 'body' : document.activeElement.className"
    return str(tab.evaluate(script))


@pytest.mark.parametrize("width", VIEWPORTS)
@pytest.mark.parametrize("scheme", SCHEMES)
def test_the_replay_steps_by_card_and_trick_and_says_what_happens(
    visit: Callable[..., Visit], screenshots: Path, width: str, scheme: str
) -> None:
    v = visit(viewport=VIEWPORTS[width], scheme=scheme)
    tab = v.open(PAYING_EXAMPLE, wait="load")
    replay = tab.locator(".replay")
    steps = int(replay.get_attribute("data-replay") or 0)
    status = tab.locator(".replay-status")

    def at() -> int:
        return int(tab.evaluate("() => location.hash.replace('#step-', '')") or 0)

    def press(key: str, before: int) -> int:
        tab.keyboard.press(key)
        tab.wait_for_function("n => location.hash !== '#step-' + n", arg=before)
        return at()

    replay.focus()
    assert press("ArrowRight", 1) == 2
    assert press("End", 2) == steps
    assert press("Home", steps) == 1
    # by trick: Page Down shows the card that closes the trick, then the one that closes the next
    end_of_first = press("PageDown", 1)
    first_trick = tab.locator(f"#step-{end_of_first}")
    assert first_trick.get_attribute("data-trick") == "1"
    assert tab.locator(f"#step-{end_of_first + 1}").get_attribute("data-trick") == "2"
    end_of_second = press("PageDown", end_of_first)
    assert tab.locator(f"#step-{end_of_second}").get_attribute("data-trick") == "2"
    assert press("PageUp", end_of_second) == end_of_first
    # The live region says the card in words and the payment it makes.
    paying = tab.locator(".replay-step", has=tab.locator(".replay-payments")).first
    number = int(paying.get_attribute("data-step") or 0)
    tab.goto(tab.url.split("#")[0] + f"#step-{number - 1}")
    tab.locator(".replay-next").click()
    tab.wait_for_function("n => location.hash === '#step-' + n", arg=number)
    said = status.inner_text()
    words = paying.locator(".replay-play .visually-hidden").first.inner_text()
    assert words in said, (words, said)
    assert " pays " in said and "♥" not in said and "♠" not in said, said
    shoot(replay, screenshots / f"replay-{width}-{scheme}.png")
    # The buttons to the last card: the focus stays on the button, which says it cannot go on.
    next_button = tab.locator(".replay-next")
    tab.locator(".replay-previous-trick").focus()
    next_button.focus()
    for _ in range(steps):
        if next_button.get_attribute("aria-disabled") == "true":
            break
        next_button.press("Enter")
    assert at() == steps
    assert next_button.get_attribute("aria-disabled") == "true"
    next_button.press("Enter")
    assert at() == steps
    assert _focused(tab) != "body" and "replay-next" in _focused(tab)
    tab.keyboard.press("End")
    assert _focused(tab) != "body"
    assert not v.errors, "\n".join(v.errors)


# ---- search --------------------------------------------------------------------------------------


def _search(tab: Any, query: str) -> list[list[str]]:
    """The results of a query as the search box shows them: for each page (in order), the
    addresses of its results, relative to the site."""
    if tab.locator(".md-search-result__item").count():  # a page fresh for each query: no result of the last
        tab.reload(wait_until="load")
    box = tab.locator("input.md-search__input")
    opener = tab.locator("label.md-header__button[for=__search]")
    if opener.is_visible():  # a narrow screen: the search opens from the header's button
        opener.click()
        box.wait_for(state="visible")
    box.focus()
    box.fill("")
    box.type(query)
    tab.wait_for_function(
        """q => {
          const meta = document.querySelector('.md-search-result__meta');
          const box = document.querySelector('input.md-search__input');
          return box.value === q && meta && /matching/.test(meta.textContent)
            && document.querySelectorAll('.md-search-result__item').length > 0
            || /No matching/.test(meta.textContent);
        }""",
        arg=query,
    )
    groups: list[list[str]] = tab.evaluate(
        """() => [...document.querySelectorAll('.md-search-result__item')].map(item =>
              [...item.querySelectorAll('a[href]')].map(a => new URL(a.href).pathname.replace(/^.*?\\/reversis\\//, '')
                 + new URL(a.href).hash))"""
    )
    return groups


@pytest.mark.parametrize("width", VIEWPORTS)
@pytest.mark.parametrize("scheme", SCHEMES)
def test_quinola_finds_its_topic_and_the_encyclopedie_paragraph_first(
    visit: Callable[..., Visit], screenshots: Path, width: str, scheme: str
) -> None:
    v = visit(viewport=VIEWPORTS[width], scheme=scheme)
    tab = v.open("")
    groups = _search(tab, "quinola")
    shoot(tab, screenshots / f"search-quinola-{width}-{scheme}.png")
    top = groups[:5]
    assert any(g[0] == "topics/quinola/" for g in top), top
    encyclopedie = next(g for g in top if g[0] == "sources/encyclopedie-1765/")
    visible = tab.evaluate(
        """() => [...document.querySelectorAll('.md-search-result__item a[href$="#p4"]')]
              .filter(a => !a.closest('details:not([open])')).map(a => a.href)"""
    )
    assert "sources/encyclopedie-1765/#p4" in encyclopedie and any("encyclopedie-1765/#p4" in h for h in visible)
    # and the worked examples, which name the quinola in passing, come after
    assert not [g[0] for g in top if g[0].startswith("examples/")], top
    assert not v.errors, "\n".join(v.errors)


@pytest.mark.parametrize(
    ("one", "other"), [("quinola", "quínola"), ("levée", "levee"), ("bête", "bete"), ("jettons", "jetons")]
)
def test_accents_and_period_spellings_find_the_same_documents(
    visit: Callable[..., Visit], one: str, other: str
) -> None:
    v = visit()
    tab = v.open("")
    first = _search(tab, one)
    second = _search(tab, other)
    assert first, one
    assert first == second
    assert not v.errors, "\n".join(v.errors)


def _marked(tab: Any) -> list[str]:
    """The words marked in the results shown (the theme's marks and search.js's)."""
    words: list[str] = tab.evaluate(
        "() => [...document.querySelectorAll('.md-search-result__item mark')].map(m => m.textContent)"
    )
    return words


@pytest.mark.parametrize(
    ("query", "printed"),
    [("ecarte", "écarté"), ("Espagnolette", "espagnolette"), ("espagnolette", "Espagnolette"), ("jeton", "jetons")],
)
def test_a_result_marks_the_query_in_every_form(visit: Callable[..., Visit], query: str, printed: str) -> None:
    """A query's word is marked in the results as the sources print it: with its accents, in either
    case, in the plural that the word begins, and in the period's spelling (``jeton`` marks
    ``jettons``, which the results of ``jeton`` hold)."""
    v = visit()
    tab = v.open("")
    assert _search(tab, query)
    marked = _marked(tab)
    assert printed in marked, sorted(set(marked))[:20]
    if query == "jeton":
        assert "jettons" in marked, sorted(set(marked))[:20]
    assert not v.errors, "\n".join(v.errors)


def test_a_result_lands_on_its_paragraph(visit: Callable[..., Visit]) -> None:
    v = visit()
    tab = v.open("")
    _search(tab, "quinola")
    tab.locator('.md-search-result__item a[href$="encyclopedie-1765/#p4"]').first.click()
    tab.wait_for_url("**/sources/encyclopedie-1765/#p4")
    tab.wait_for_function(
        "() => { const p = document.getElementById('p4'); if (!p) return false;"
        " const r = p.getBoundingClientRect(); return r.top >= 0 && r.top < innerHeight }"
    )
    assert not v.errors, "\n".join(v.errors)


def test_a_corrected_word_is_found_in_its_corrected_form(visit: Callable[..., Visit]) -> None:
    v = visit()
    tab = v.open("")
    assert any("sources/encyclopedie-1765/#p9" in g for g in _search(tab, "Voyez"))
    assert _search(tab, "VoycçVoyezocr") == []
    assert not v.errors, "\n".join(v.errors)


@pytest.mark.parametrize("width", VIEWPORTS)
def test_the_index_loads_at_the_first_search_only(visit: Callable[..., Visit], width: str) -> None:
    v = visit(viewport=VIEWPORTS[width])
    requested: list[str] = []
    v.page.on("request", lambda r: requested.append(r.url))
    tab = v.open("", wait="networkidle")
    assert not [u for u in requested if "search/documents" in u], requested
    index = [u for u in requested if u.endswith("search/search_index.json")]
    assert len(index) <= 1
    _search(tab, "quinola")
    assert [u for u in requested if u.endswith("search/documents.json")]
    assert not v.errors, "\n".join(v.errors)


#: Whether the search's worker has kept the index it built (docs/javascripts/search-worker.js).
INDEX_KEPT = """() => new Promise(done => {
  const opened = indexedDB.open('reversis-search', 1);
  opened.onupgradeneeded = () => opened.result.createObjectStore('indexes');
  opened.onsuccess = () => {
    const got = opened.result.transaction('indexes').objectStore('indexes').get('site');
    got.onsuccess = () => done(!!got.result);
    got.onerror = () => done(false);
  };
  opened.onerror = () => done(false);
})"""


def test_a_second_page_searches_without_fetching_the_documents_again(visit: Callable[..., Visit]) -> None:
    """The documents are fetched, and the index built, once per visit: a search on a second page
    finds the same results, highlighted as on the first, with no second request for the documents."""
    v = visit()
    requested: list[str] = []
    v.context.on("request", lambda r: requested.append(r.url))
    tab = v.open("")
    first = _search(tab, "quinola")
    marks = tab.locator(".md-search-result mark").count()
    assert first and marks > 0
    assert len([u for u in requested if u.endswith("search/documents.json")]) == 1
    for _ in range(300):  # kept once the first answer is given; a minute at most
        if tab.evaluate(INDEX_KEPT):
            break
        tab.wait_for_timeout(200)
    tab = v.open("glossary/")
    assert _search(tab, "quinola") == first
    assert tab.locator(".md-search-result mark").count() == marks
    assert len([u for u in requested if u.endswith("search/documents.json")]) == 1, requested
    assert not v.errors, "\n".join(v.errors)


# ---- the search's documents, as built ---------------------------------------------------------------


def _documents(built_site: Path) -> list[dict[str, Any]]:
    docs: list[dict[str, Any]] = json.loads((built_site / "search" / "documents.json").read_text(encoding="utf-8"))[
        "docs"
    ]
    return docs


def test_one_document_per_paragraph_and_annotation_each_at_its_anchor(built_site: Path) -> None:
    docs = _documents(built_site)
    locations = {d["location"] for d in docs}
    corpus = load_corpus()
    wanted = {f"sources/{s.id}/#{p.anchor}" for s in corpus.sources for p in s.paragraphs}
    wanted |= {f"sources/{a.source}/#{a.id}" for a in load_annotations()}
    assert wanted <= locations, sorted(wanted - locations)[:10]
    ids: dict[str, set[str]] = {}
    for location in locations:
        page, _, anchor = location.partition("#")
        if not anchor:
            continue
        if page not in ids:
            html = (built_site / page / "index.html").read_text(encoding="utf-8")
            ids[page] = set(re.findall(r'\bid="([^"]+)"', html))
        assert anchor in ids[page], location
    # the source pages' text is indexed once, as paragraphs, not also as one long document
    assert max(len(d["text"]) for d in docs if d["location"].startswith("sources/")) < 20000
    stub = json.loads((built_site / "search" / "search_index.json").read_text(encoding="utf-8"))
    assert stub["docs"] == [] and stub["config"]["fields"]["about"]


def test_no_word_is_indexed_glued_to_its_ocr_reading(built_site: Path) -> None:
    text = " ".join(d["text"] for d in _documents(built_site))
    words = [c for s in load_corpus().sources for c in s.corrections if c.ocr.isalpha() and c.clean.isalpha()]
    assert words
    glued = [c.ocr + c.clean for c in words if c.ocr + c.clean + c.cls in text or c.ocr + c.clean in text]
    assert not glued, glued[:10]
    assert "Voyez" in text


# ---- the Content-Security-Policy -----------------------------------------------------------------


def test_every_page_carries_a_strict_policy_and_no_style_attribute(built_site: Path) -> None:
    pages = sorted(built_site.rglob("*.html"))
    assert len(pages) == len(PAGES)
    for path in pages:
        html = path.read_text(encoding="utf-8")
        head = html.split("</head>", 1)[0]
        meta = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">', head)
        assert meta, path
        assert head.index(meta.group(0)) < head.find("<script"), path
        policy = dict(d.strip().split(" ", 1) for d in meta.group(1).split(";"))
        assert policy["script-src"].split()[0] == "'self'", path
        assert all(s.startswith("'sha256-") for s in policy["script-src"].split()[1:]), path
        assert "unsafe" not in meta.group(1) and policy["style-src"] == "'self'", path
        assert not re.search(r"<[^>]+\sstyle=", html), path


# Every page's reported violations of its policy are checked where every page is opened once
# (test_browser.py: test_every_page_loads_cleanly_and_passes_axe_in_both_schemes); here, a search
# and a replay under it.


@pytest.mark.parametrize("width", VIEWPORTS)
def test_search_and_the_replay_work_under_the_policy(
    visit: Callable[..., Visit], screenshots: Path, width: str
) -> None:
    v = visit(viewport=VIEWPORTS[width])
    tab = v.open(PAYING_EXAMPLE, wait="load")
    tab.locator(".replay-next").click()
    tab.wait_for_function("() => location.hash === '#step-2'")
    groups = _search(tab, "quinola")
    assert groups
    shoot(tab, screenshots / f"search-under-policy-{width}.png")
    assert not v.policy_violations()
    assert not v.errors, "\n".join(v.errors)


# ---- the weight of the home page -------------------------------------------------------------------


@pytest.fixture(scope="module")
def served_as_make_site(built_site: Path) -> Iterator[str]:
    """The built site as ``make site`` serves it (reversis_site.serve: under its path, text
    compressed), from a thread; the server's address."""
    from reversis_site import serve

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), serve.handler(built_site, serve.site_path()))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()
    thread.join()


#: The most the home page may transfer before any interaction.
HOME_BUDGET = 150 * 1024


@pytest.mark.parametrize("width", VIEWPORTS)
def test_the_home_page_transfers_at_most_150_kib(browser: Any, served_as_make_site: str, width: str) -> None:
    """What the browser transfers (bodies as sent, and headers) to show the home page as ``make site``
    serves it, text compressed, until the network is idle and before any interaction; the page, the
    theme's script and stylesheet among what is counted, so that a page that failed to load its
    parts would not pass."""
    context = browser.new_context(viewport=VIEWPORTS[width])
    finished: list[Any] = []
    context.on("requestfinished", lambda request: finished.append(request))
    try:
        tab = context.new_page()
        tab.goto(served_as_make_site + SITE_PATH, wait_until="networkidle")
        sizes = {r.url: r.sizes() for r in finished}
        encodings = {r.url: r.response().headers.get("content-encoding") for r in finished}
        total = sum(s["responseBodySize"] + s["responseHeadersSize"] for s in sizes.values())
        print(f"home page at {width}: {total} bytes in {len(sizes)} requests")
        assert total <= HOME_BUDGET, {u: s["responseBodySize"] for u, s in sizes.items()}
        parts = [served_as_make_site + SITE_PATH, "/assets/javascripts/bundle.", "/assets/stylesheets/main."]
        for part in parts:
            (url,) = [u for u in sizes if u == part or (part.startswith("/") and part in u)]
            assert encodings[url] == "gzip" and sizes[url]["responseBodySize"] > 1000, url
        assert not [u for u in sizes if "search/documents" in u]
    finally:
        context.close()
