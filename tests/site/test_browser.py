"""The built site in a real browser: Debian's Chromium driven by Playwright, axe-core injected.

Every page of the site (each Markdown page of ``docs/``, and the 404 page), in the light and the
dark scheme: it loads with no console error, no failed request, no request to any host but
the test server and no reported violation of its Content-Security-Policy, and axe-core finds
no WCAG 2.1 A/AA violation (in the dark scheme, the colour rules). Then what a reader does:
switch a paragraph's tabs, search, open a citation and copy it, switch the scheme, step through a
replay with the arrow keys. Where ``$REVERSIS_SCREENSHOTS`` names a folder (CI sets it), a
full-page screenshot of the first page of each kind (each top folder of the site, and the home page)
in both schemes is kept there, with those of the other browser tests (its place is printed); without
it none is taken (:func:`shoot`).

Chromium is Debian's (``/usr/bin/chromium``), never a browser a test tool downloads. Without
Chromium, Playwright or axe-core (``npm ci`` in ``tests/site/js/``) the tests are skipped on a
developer's machine and fail under ``CI=true``.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import os
import re
import shutil
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from site_build import BUILD, REPO, mkdocs_config

from reversis.core.ruleset import ruleset_ids

try:
    from playwright.sync_api import Browser, BrowserContext, Page, Playwright, Request, Route, sync_playwright
    from playwright.sync_api import Error as PlaywrightError
except ImportError:  # checked by the `browser` fixture, which says what to install
    sync_playwright = None  # type: ignore[assignment]

DOCS = BUILD / "docs"  # the pages as generated (python -m reversis_site), the hand-written ones beside them
AXE = REPO / "tests" / "site" / "js" / "node_modules" / "axe-core" / "axe.min.js"
# The flags of a headless Chromium on a closed network: without the background-networking ones
# Chromium keeps trying to reach its own services.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # No request reaches another host than the test server's: every other name is unresolvable.
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]
SCHEMES = ("light", "dark")
#: How long the browser may take over one step (Playwright's own default is 30 s).
BROWSER_TIMEOUT_MS = 180_000
WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
# The rules whose outcome depends on the colours, run again in the dark scheme.
COLOUR_RULES = ["color-contrast", "link-in-text-block"]
# A script run first in every page a Visit opens: it keeps each violation of the page's
# Content-Security-Policy that the browser reports (the policy is enforced, as for a reader).
POLICY_WATCH = """window.__violations = [];
document.addEventListener('securitypolicyviolation', e => window.__violations.push(
    e.violatedDirective + ' ' + (e.blockedURI || 'inline') + ' ' + e.sourceFile + ':' + e.lineNumber));"""
# The site's path on its server (the path of `site_url`): the 404 page links its assets from there.
SITE_PATH = urlsplit(mkdocs_config()["site_url"]).path or "/"


def _docs_pages() -> list[str]:
    """Every page of the site, as its Markdown file under build/pages/docs/ (``sources/x.md``), and ``404``."""
    return [*sorted(p.relative_to(DOCS).as_posix() for p in DOCS.rglob("*.md")), "404"]


def _built_file(page: str) -> str:
    """The built HTML file of a page, relative to the site (with or without directory URLs)."""
    if page == "404":
        return "404.html"
    stem = page.removesuffix(".md")
    if stem == "index" or stem.endswith("/index"):
        return stem + ".html"
    return stem + "/index.html"


def _kind(page: str) -> str:
    """A page's kind: its top folder (``sources``), or its own name at the top (``glossary``, ``home``);
    the worked examples of Romestecq, a game of its own with its own page layout, are a kind apart
    (``examples-romestecq``)."""
    parts = page.removesuffix(".md").split("/")
    if parts[0] == "examples" and len(parts) > 1 and (REPO / "examples" / "romestecq" / f"{parts[-1]}.yaml").is_file():
        return "examples-romestecq"
    return "home" if parts[0] == "index" else parts[0]


def _representatives(pages: list[str]) -> set[str]:
    first: dict[str, str] = {}
    for page in pages:
        first.setdefault(_kind(page), page)
    return set(first.values())


PAGES = _docs_pages()
REPRESENTATIVES = _representatives(PAGES)


def _unavailable(reason: str) -> None:
    """A check that cannot run: a failure in CI, a skip with the reason elsewhere."""
    if os.environ.get("CI") == "true":
        pytest.fail(f"{reason} (CI=true: a browser check that cannot run fails)", pytrace=False)
    pytest.skip(reason)


def _chromium() -> str | None:
    found = shutil.which("chromium")
    if found:
        return found
    return "/usr/bin/chromium" if Path("/usr/bin/chromium").is_file() else None


# ---- the browser, the server and a page ---------------------------------------------------------
# (the fixtures browser, site_url, screenshots and visit, defined in conftest.py with these, so that
# every browser test module shares one browser per process)


def browser_session() -> Iterator[Browser]:
    """The ``browser`` fixture (conftest.py, which every browser test module shares)."""
    if sync_playwright is None:
        _unavailable("Playwright for Python is not installed (pip install -e '.[test]')")
    executable = _chromium()
    if executable is None:
        _unavailable("Chromium is not installed (Debian: apt-get install chromium)")
    if not AXE.is_file():
        _unavailable(f"axe-core is not installed: run `npm ci` in {AXE.parents[2].relative_to(REPO)}")
    with sync_playwright() as playwright:
        launched = _launch(playwright, str(executable))
        yield launched
        launched.close()


def _launch(playwright: Playwright, executable: str) -> Browser:
    return playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS, headless=True)


class _SiteHandler(http.server.SimpleHTTPRequestHandler):
    """The built site under ``SITE_PATH``, as it is published; nothing outside it."""

    def translate_path(self, path: str) -> str:
        if not path.startswith(SITE_PATH):
            return str(Path(self.directory) / "\0outside")  # no such file: a 404
        return super().translate_path("/" + path.removeprefix(SITE_PATH))

    def log_message(self, format: str, *args: Any) -> None:  # the test reports what failed
        pass


def serve(built_site: Path) -> Iterator[str]:
    """The built site served on 127.0.0.1 on a free port, from a thread, for the session."""
    handler = functools.partial(_SiteHandler, directory=str(built_site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}{SITE_PATH}"
    server.shutdown()
    server.server_close()
    thread.join()


#: Whether the browser tests keep screenshots: only where ``$REVERSIS_SCREENSHOTS`` names their folder
#: (CI sets it and keeps them). A screenshot is for a reader of the run, never a check, and a whole
#: page's costs about a second of the processor, which ``make test``'s budget has no room for.
SCREENSHOTS = bool(os.environ.get("REVERSIS_SCREENSHOTS"))


def shoot(target: Page | Any, path: Path, **options: Any) -> None:
    """A screenshot of ``target`` (a page or an element) to ``path``, where screenshots are kept."""
    if SCREENSHOTS:
        target.screenshot(path=str(path), **options)


def screenshot_folder(tmp_path_factory: pytest.TempPathFactory, pytestconfig: pytest.Config) -> Iterator[Path]:
    folder = Path(os.environ.get("REVERSIS_SCREENSHOTS") or tmp_path_factory.mktemp("screenshots"))
    folder.mkdir(parents=True, exist_ok=True)
    yield folder
    taken = sorted(folder.glob("*.png"))
    reporter = pytestconfig.pluginmanager.get_plugin("terminalreporter")
    capture = pytestconfig.pluginmanager.get_plugin("capturemanager")
    if taken and reporter is not None and capture is not None:
        with capture.global_and_fixture_disabled():  # printed, not captured, at the session's end
            reporter.ensure_newline()
            reporter.write_line(f"site screenshots ({len(taken)}): {folder}")


class Visit:
    """A page of the site opened in a fresh context, with everything that went wrong on the way."""

    def __init__(self, browser: Browser, site_url: str, *, scheme: str = "light", **options: Any) -> None:
        self.site_url = site_url
        self.origin = site_url[: site_url.index("/", len("http://"))]
        options.setdefault("viewport", {"width": 1280, "height": 900})
        self.context: BrowserContext = browser.new_context(color_scheme=scheme, **options)
        # Generous: the bound ends a test that hangs, never one that is slow on a busy machine.
        self.context.set_default_timeout(BROWSER_TIMEOUT_MS)
        self.context.set_default_navigation_timeout(BROWSER_TIMEOUT_MS)
        self.errors: list[str] = []
        self.outside: list[str] = []
        # Watched, not intercepted: an intercepting route would cost every request a round trip to
        # this process and turn the browser's cache off; CHROMIUM_ARGS resolve no other host.
        self.context.on("request", self._request)
        self.context.add_init_script(POLICY_WATCH)
        self.page: Page = self._new_page()

    def _new_page(self) -> Page:
        page = self.context.new_page()
        page.on("console", lambda m: m.type == "error" and self.errors.append(f"console error: {m.text}"))
        page.on("pageerror", lambda e: self.errors.append(f"uncaught exception: {e}"))
        page.on("requestfailed", lambda r: self.errors.append(f"request failed: {r.url} ({r.failure})"))
        page.on("response", lambda r: r.status >= 400 and self.errors.append(f"HTTP {r.status}: {r.url}"))
        return page

    def fresh_page(self) -> None:
        """A new tab in the same context, the old one closed, what went wrong forgotten: what the old
        page was still doing (a request cut short by leaving it) is not blamed on the next."""
        self.page.close()
        self.errors.clear()
        self.outside.clear()
        self.page = self._new_page()

    def _request(self, request: Request) -> None:
        url = request.url
        if not url.startswith((self.origin + "/", "data:", "blob:")):
            self.outside.append(url)

    def open(self, path: str, *, wait: str = "networkidle") -> Page:
        self.page.goto(self.site_url + path, wait_until=wait)  # type: ignore[arg-type]
        return self.page

    def close(self) -> None:
        self.context.close()

    def policy_violations(self) -> list[str]:
        """The violations of its Content-Security-Policy that the page has reported so far."""
        found: list[str] = self.page.evaluate("() => window.__violations || []")
        return found

    def axe(self, options: dict[str, Any], exclude: tuple[str, ...] = ()) -> list[dict[str, Any]]:
        """axe-core's violations on the page, but for the elements that match ``exclude``."""
        if not self.page.evaluate("typeof window.axe !== 'undefined'"):  # once per page
            self.page.evaluate(_axe_source())  # from outside the page: its policy does not apply
        violations: list[dict[str, Any]] = self.page.evaluate(
            "([exclude, options]) => axe.run(exclude.length ? {exclude: exclude.map(s => [s])} : document, options)"
            ".then(r => r.violations)",
            [list(exclude), options],
        )
        return violations


def visits(browser: Browser, site_url: str) -> Iterator[Callable[..., Visit]]:
    opened: list[Visit] = []

    def open_visit(**options: Any) -> Visit:
        opened.append(Visit(browser, site_url, **options))
        return opened[-1]

    yield open_visit
    for v in opened:
        v.close()


def _url_path_of(built: str) -> str:
    return built.removesuffix("index.html")


def _url_path(page: str) -> str:
    """The path of a page under the site's URL, from its built file."""
    return _url_path_of(_built_file(page))


@functools.cache
def _axe_source() -> str:
    return AXE.read_text(encoding="utf-8")


def _describe(violations: list[dict[str, Any]]) -> str:
    lines = []
    for v in violations:
        lines.append(f"{v['id']} ({v['impact']}, {len(v['nodes'])} elements): {v['help']}")
        for node in v["nodes"][:5]:
            summary = " ".join((node.get("failureSummary") or "").split())
            lines.append(f"    {' '.join(map(str, node['target']))}: {summary[:300]}")
    return "\n".join(lines)


# ---- every page --------------------------------------------------------------------------------


def test_every_built_page_is_checked(built_site: Path) -> None:
    built = {p.relative_to(built_site).as_posix() for p in built_site.rglob("*.html")}
    assert built == {_built_file(page) for page in PAGES}


def _batches(pages: list[str], *, size: int = 12) -> dict[str, list[str]]:
    """The pages in groups of at most ``size``, a test each (the workers share them out, and a failure
    names each page that failed): first the page that stands for each kind (``kinds-1``, ``kinds-2``…),
    which ``make test`` opens; then the others by kind (``sources-1``, ``examples-1``…), the sweep that
    ``make test-all`` adds."""
    representatives = [page for page in pages if page in REPRESENTATIVES]
    by_kind: dict[str, list[str]] = {"kinds": representatives}
    for page in pages:
        if page not in REPRESENTATIVES:
            by_kind.setdefault(_kind(page), []).append(page)
    # the representatives in small batches: they are the only ones `make test` runs, so the two
    # workers share them out evenly; each is opened twice (a reader preferring each scheme)
    sizes = {"kinds": 3}
    return {
        f"{kind}-{start // sizes.get(kind, size) + 1}": group[start : start + sizes.get(kind, size)]
        for kind, group in by_kind.items()
        for start in range(0, len(group), sizes.get(kind, size))
    }


BATCHES = _batches(PAGES)


def _batch_param(batch: str) -> Any:
    """A batch as a test parameter: the batches of representatives run in ``make test``, the others
    carry the ``sweep`` mark (``make test`` deselects them, ``make test-all`` runs them)."""
    return pytest.param(batch, marks=() if batch.startswith("kinds-") else pytest.mark.sweep)


def test_the_batches_hold_every_page_once() -> None:
    held = [page for group in BATCHES.values() for page in group]
    assert sorted(held) == sorted(PAGES) and len(held) == len(set(held))


def test_make_test_opens_one_page_of_each_kind() -> None:
    """The batches that ``make test`` runs hold exactly one page of each kind, a worked example of each
    game among them; every other page is in the sweep."""
    quick = [page for batch, group in BATCHES.items() if batch.startswith("kinds-") for page in group]
    assert sorted(quick) == sorted(REPRESENTATIVES)
    assert sorted(_kind(page) for page in quick) == sorted({_kind(page) for page in PAGES})
    assert {"home", "sources", "topics", "rulesets", "examples", "examples-romestecq", "readings"} <= {
        _kind(page) for page in quick
    }
    assert {"cite", "check", "glossary", "404"} <= {_kind(page) for page in quick}


#: True once no finite CSS transition or animation is running: a colour measured mid-transition
#: (a button's, 125 ms after the scheme changes) is neither scheme's.
SETTLED = """() => document.getAnimations().every(a =>
    a.playState !== 'running' || a.effect.getComputedTiming().endTime === Infinity)"""


def _scheme_problems(tab: Page, expected: str) -> list[str]:
    """The scheme the page shows, once the theme has applied it and its colours have finished their
    transitions: on a context's first page it applies it a moment after the page has loaded
    (nothing is stored yet), and every change of scheme starts transitions; both are waited for."""
    with contextlib.suppress(PlaywrightError):
        tab.wait_for_function(
            "expected => document.body.getAttribute('data-md-color-scheme') === expected", arg=expected
        )
        tab.wait_for_function(SETTLED)
    shown = tab.get_attribute("body", "data-md-color-scheme")
    return [] if shown == expected else [f"colour scheme {shown!r}, expected {expected!r}"]


#: axe-core's rules in the light scheme (every WCAG 2.1 A and AA rule, and two of its best practices:
#: a dialog has a name, and no two landmarks share their role and name) and in the dark one (those
#: whose outcome depends on the colours).
LIGHT_AXE: dict[str, Any] = {
    "runOnly": {"type": "tag", "values": WCAG_TAGS},
    "rules": {"aria-dialog-name": {"enabled": True}, "landmark-unique": {"enabled": True}},
    "resultTypes": ["violations"],
}
#: axe-core's rules whose outcome depends on the width, run again on a phone: a frame that scrolls
#: (a code block, a table) is reached by the keyboard.
PHONE_AXE: dict[str, Any] = {
    "runOnly": {"type": "rule", "values": ["scrollable-region-focusable"]},
    "resultTypes": ["violations"],
}
DARK_AXE: dict[str, Any] = {"runOnly": {"type": "rule", "values": COLOUR_RULES}, "resultTypes": ["violations"]}


#: The site's navigation is the same tree on every page, every page's title in it, with the current
#: page's entry marked and its table of contents beneath (test_site_reading.py:
#: test_every_page_has_the_same_navigation_but_its_own_entry). axe-core checks the whole tree on the
#: first page of each kind; on the others it checks the current entry and the path to it, and
#: leaves out the entries it has already checked, where it would spend 40 % of its time.
NAVIGATION = ".md-sidebar--primary .md-nav__item:not(.md-nav__item--active)"


def _axe_problems(v: Visit, options: dict[str, Any], scheme: str, page: str) -> list[str]:
    violations = v.axe(options, exclude=() if page in REPRESENTATIVES else (NAVIGATION,))
    return [f"axe-core, {scheme} scheme:\n{_describe(violations)}"] if violations else []


def _policy_problems(v: Visit) -> list[str]:
    """The page's reported violations of its policy (each once: the list is emptied as it is read)."""
    found: list[str] = v.page.evaluate("() => (window.__violations || []).splice(0)")
    return [f"violation of the page's Content-Security-Policy: {x}" for x in found]


def _page_problems(v: Visit, page: str, screenshots: Path) -> list[str]:
    """What is wrong with one page, opened once where the reader prefers the light scheme: console
    errors, failed or outside requests, the wrong scheme, axe-core's violations; then, switched to
    the dark scheme by its toggle (as a reader does), the colour rules' violations."""
    v.fresh_page()
    # The first page of a kind: until the network is idle, so that a late request is seen too.
    tab = v.open(_url_path(page), wait="networkidle" if page in REPRESENTATIVES else "load")
    problems = _scheme_problems(tab, "default")
    if page in REPRESENTATIVES:
        shoot(tab, screenshots / f"{_kind(page)}-light.png", full_page=True)
    problems += _policy_problems(v)
    problems += _axe_problems(v, LIGHT_AXE, "light", page)
    # The toggle's click event, without the pointer over it: a pointer there would show its tooltip,
    # fading in, which axe-core would measure mid-fade.
    tab.locator("label[for^='__palette_']:visible").dispatch_event("click")
    problems += _scheme_problems(tab, "slate")
    problems += _axe_problems(v, DARK_AXE, "dark", page)
    # back to the light scheme, which the theme remembers for the next page
    tab.locator("label[for^='__palette_']:visible").dispatch_event("click")
    problems += _scheme_problems(tab, "default")
    problems += _policy_problems(v)
    problems += list(v.errors) + [f"request outside the test server: {url}" for url in v.outside]
    return problems


def _dark_preference_problems(v: Visit, page: str, screenshots: Path) -> list[str]:
    """The first page of a kind where the reader prefers the dark scheme: it comes up dark by itself,
    loads cleanly, and passes the colour rules."""
    v.fresh_page()
    tab = v.open(_url_path(page), wait="networkidle")
    problems = _scheme_problems(tab, "slate")
    shoot(tab, screenshots / f"{_kind(page)}-dark.png", full_page=True)
    problems += _policy_problems(v)
    problems += _axe_problems(v, DARK_AXE, "dark", page)
    problems += list(v.errors) + [f"request outside the test server: {url}" for url in v.outside]
    return problems


@pytest.mark.parametrize("batch", [_batch_param(batch) for batch in sorted(BATCHES)])
def test_every_page_loads_cleanly_and_passes_axe_in_both_schemes(
    browser: Browser, site_url: str, screenshots: Path, batch: str
) -> None:
    """Each page of the batch, opened once in one browser context reused from page to page (a fresh
    tab for each): in the light scheme, then in the dark one by the toggle. The first page of each
    kind is opened again where the reader prefers the dark scheme, in the sweep (the next test).
    The failure lists every page that failed, and why."""
    failures: list[str] = []
    light = Visit(browser, site_url, scheme="light")
    try:
        for page in BATCHES[batch]:
            problems = _page_problems(light, page, screenshots)
            if problems:
                failures.append(f"{page}:\n" + "\n".join(problems))
    finally:
        light.close()
    assert not failures, "\n\n".join(failures)


@pytest.mark.sweep  # make test-all (README: which target runs what); make test toggles each kind dark
@pytest.mark.parametrize("batch", sorted(batch for batch in BATCHES if batch.startswith("kinds-")))
def test_each_kind_of_page_comes_up_dark_where_the_reader_prefers_it(
    browser: Browser, site_url: str, screenshots: Path, batch: str
) -> None:
    """The first page of each kind (the pages of a kind share their theme), opened where the reader
    prefers the dark scheme: it comes up dark by itself, loads cleanly and passes the colour rules."""
    failures: list[str] = []
    dark = Visit(browser, site_url, scheme="dark")
    try:
        for page in BATCHES[batch]:
            problems = _dark_preference_problems(dark, page, screenshots)
            if problems:
                failures.append(f"{page} (the reader prefers the dark scheme):\n" + "\n".join(problems))
    finally:
        dark.close()
    assert not failures, "\n\n".join(failures)


#: A phone held upright (the width of most phones in CSS pixels).
NARROW = {"width": 390, "height": 844}

#: What of a page sticks out on a phone, every folded part (details) opened: an element whose right
#: edge passes the viewport's, outside a frame that scrolls sideways, and a table cell cut off (its
#: content wider than the cell).
OVERFLOWS = """() => {
  document.querySelectorAll('.md-content details').forEach(d => { d.open = true; });
  const width = document.documentElement.clientWidth;
  const framed = e => {
    for (let p = e.parentElement; p && p !== document.body; p = p.parentElement) {
      const o = getComputedStyle(p).overflowX;
      if (o === 'auto' || o === 'scroll' || o === 'hidden') return true;
    }
    return false;
  };
  const name = e => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '')
    + (typeof e.className === 'string' && e.className ? '.' + e.className.split(' ')[0] : '');
  const words = e => e.textContent.trim().slice(0, 40);
  const out = [];
  for (const e of document.querySelectorAll('.md-content *')) {
    const box = e.getBoundingClientRect();
    if (!box.width || getComputedStyle(e).visibility === 'hidden') continue;
    if (box.right > width + 1 && !framed(e)) out.push(`${name(e)} reaches ${Math.round(box.right)} px: ${words(e)}`);
    const cell = e.tagName === 'TD' || e.tagName === 'TH';
    if (cell && e.scrollWidth > e.clientWidth + 1) out.push(`a cell cut off: ${words(e)}`);
  }
  return out.slice(0, 8);
}"""


#: The most a topic page may be tall on a phone, its statements' details folded (issue 44).
TOPIC_HEIGHT = 25_000
#: The smallest text of a plot, as rendered on a phone, in CSS pixels.
PLOT_TEXT = 11

#: What of a page's tables and plots a phone cannot read, every folded part opened (after
#: :data:`OVERFLOWS`): a table wider than its frame whose first column does not stay in place, or
#: with no line above it saying so, or whose first column takes more than 60 % of the frame (a table
#: laid out in blocks, .stacked-table, is never wider); a plot (an SVG image shown) whose smallest
#: text is under PLOT_TEXT px as rendered (the smallest font size the drawing declares, in its
#: units, scaled by the width it is shown at over the drawing's own).
PHONE_READING = """async (least) => {
  await new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)));
  const out = [], plots = [];
  const words = e => e.textContent.trim().slice(0, 40);
  for (const table of document.querySelectorAll('.md-content table')) {
    if (!table.getClientRects().length) continue;
    let frame = table;
    for (let p = table.parentElement; p && p !== document.body; p = p.parentElement) {
      if (['auto', 'scroll'].includes(getComputedStyle(p).overflowX)) { frame = p; break; }
    }
    if (frame.scrollWidth <= frame.clientWidth + 1) continue;
    const first = table.querySelector('tbody tr > :first-child') || table.querySelector('tr > :first-child');
    const what = `a table ${frame.scrollWidth} px wide in ${frame.clientWidth} px (${words(first || table)})`;
    if (table.closest('.stacked-table')) { out.push(`${what}, laid out in blocks`); continue; }
    if (!first || getComputedStyle(first).position !== 'sticky') out.push(`${what}: its first column scrolls away`);
    const note = frame.previousElementSibling;
    const said = note && note.matches('.table-scroll-note') && note.getClientRects().length;
    if (!said) out.push(`${what}: nothing says so`);
    const most = first && first.getBoundingClientRect().width > 0.6 * frame.clientWidth;
    if (most) out.push(`${what}: its first column takes over 60 % of it`);
  }
  for (const img of document.querySelectorAll('.md-content img')) {
    const source = new URL(img.getAttribute('src'), location.href);
    if (!source.pathname.endsWith('.svg') || getComputedStyle(img).display === 'none') continue;
    img.loading = 'eager';
    await img.decode().catch(() => null);
    const width = img.getBoundingClientRect().width;
    // read as text, not parsed (a parsed drawing's style attributes would break the page's policy)
    const svg = await (await fetch(source)).text();
    const view = /viewBox="[\\d.\\s-]*?([\\d.]+)\\s+[\\d.]+"/.exec(svg);
    const scale = width / (view ? parseFloat(view[1]) : parseFloat(/width="([\\d.]+)/.exec(svg)[1]));
    const texts = (svg.match(/<text\\b/g) || []).length;
    const sizes = texts ? [...svg.matchAll(/font-size:\\s*([\\d.]+)px/g)].map(m => parseFloat(m[1]) * scale) : [];
    if (!sizes.length || !width) { plots.push(`a plot with no text, or not shown: ${source.pathname}`); continue; }
    const smallest = Math.min(...sizes);
    if (smallest < least) plots.push(`a plot's text ${smallest.toFixed(1)} px as shown: ${source.pathname}`);
  }
  return [...out.slice(0, 6), ...plots.slice(0, 4)];
}"""


def _sticks_out(tab: Any, page: str) -> list[str]:
    """What of the page does not fit a phone's width (:data:`OVERFLOWS`), or is not read there
    (:data:`PHONE_READING`); a topic page's height, taken first, with its details folded."""
    found = []
    height = tab.evaluate("document.documentElement.scrollHeight")
    if _kind(page) == "topics" and page != "topics/index.md" and height > TOPIC_HEIGHT:
        found.append(f"{page}: {height} px tall on a phone, over {TOPIC_HEIGHT}")
    overflow = tab.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    if overflow > 0:
        found.append(f"{page}: the page is {overflow} px wider than a {NARROW['width']} px screen")
    found += [f"{page}: {what}" for what in tab.evaluate(OVERFLOWS)]
    return found + [f"{page}: {what}" for what in tab.evaluate(PHONE_READING, PLOT_TEXT)]


@pytest.mark.parametrize("page", sorted(REPRESENTATIVES))
def test_each_kind_of_page_reads_on_a_phone(visit: Callable[..., Visit], screenshots: Path, page: str) -> None:
    """On a narrow screen the page does not scroll sideways as a whole (a wide table scrolls in its
    own frame, its first column staying, and says so), its plots' text is readable, and a topic page
    is at most TOPIC_HEIGHT px tall, each statement's detail a tap away."""
    v = visit(viewport=NARROW)
    tab = v.open(_url_path(page), wait="load")
    shoot(tab, screenshots / f"{_kind(page)}-narrow.png", full_page=True)
    folds = tab.locator("details.concordance-detail")
    if _kind(page) == "topics" and page != "topics/index.md":
        assert folds.count() > 0, f"{page}: no statement's detail is folded"
    if folds.count():
        fold = folds.first
        fold.locator("summary").click()
        assert fold.get_attribute("open") is not None
        assert fold.locator("> :not(summary)").first.is_visible()
    wider = _sticks_out(tab, page)
    wider += _axe_problems(v, PHONE_AXE, f"light, {NARROW['width']} px", page)
    assert not wider, "\n".join(wider)
    assert not v.errors, "\n".join(v.errors)


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_each_ruleset_page_fits_a_phone_in_a_few_screens(visit: Callable[..., Visit], ruleset_id: str) -> None:
    """A ruleset's page on a phone: its topics folded, it is at most 15 screens tall; opened, nothing
    of it is wider than the screen and no cell is cut off."""
    v = visit(viewport=NARROW)
    tab = v.open(f"rulesets/{ruleset_id}/", wait="load")
    height = tab.evaluate("document.documentElement.scrollHeight")
    assert height <= 15 * NARROW["height"], f"{ruleset_id}: {height} px, {height / NARROW['height']:.1f} screens"
    wider = _sticks_out(tab, f"rulesets/{ruleset_id}/")
    assert not wider, "\n".join(wider)
    assert not v.errors, "\n".join(v.errors)


@pytest.mark.sweep
@pytest.mark.parametrize("batch", sorted(BATCHES))
def test_every_page_fits_a_phone(visit: Callable[..., Visit], batch: str) -> None:
    """Every page of the batch, on a narrow screen, its folded parts opened: nothing is wider than the
    screen but inside a frame that scrolls, no table cell is cut off, a wide table keeps its first
    column and says so, a plot's text is readable, a topic page is at most TOPIC_HEIGHT px tall, and
    every frame that scrolls takes the keyboard's focus (one page of each kind is checked so in
    ``make test``, the others here, in ``make test-all``)."""
    v = visit(viewport=NARROW)
    wider: list[str] = []
    for page in BATCHES[batch]:
        v.fresh_page()
        tab = v.open(_url_path(page), wait="load")
        wider += _sticks_out(tab, page)
        wider += [f"{page}: {p}" for p in _axe_problems(v, PHONE_AXE, f"light, {NARROW['width']} px", page)]
        wider += [f"{page}: {error}" for error in v.errors]
    assert not wider, "\n".join(wider)


def test_the_readings_tables_keep_their_words_whole_and_scroll_by_keyboard_on_a_phone(
    visit: Callable[..., Visit],
) -> None:
    """On a phone each measured table keeps every cell on one line (no "cautio/us", no "100,0/00"),
    but its first column, which stays in place and breaks only between words, and scrolls sideways in
    its own frame, which the keyboard can focus and scroll."""
    tab = visit(viewport=NARROW).open("rulesets/romestecq/", wait="load")
    tab.evaluate("() => document.querySelectorAll('details.reading-group').forEach(d => { d.open = true; })")
    broken = tab.evaluate(
        """async () => {
             await new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)));
             const lines = range => {
               const boxes = [...range.getClientRects()];
               return boxes.some(a => boxes.some(b => b.top >= a.bottom - 1));
             };
             const broken = [];
             for (const td of document.querySelectorAll('.readings-table td')) {
               if (td.previousElementSibling === null) {  // the first column: each word on one line
                 const walker = document.createTreeWalker(td, NodeFilter.SHOW_TEXT);
                 for (let node; (node = walker.nextNode());) {
                   for (const word of node.data.matchAll(/\\S+/g)) {
                     const range = document.createRange();
                     range.setStart(node, word.index);
                     range.setEnd(node, word.index + word[0].length);
                     if (lines(range)) broken.push(word[0]);
                   }
                 }
                 continue;
               }
               const range = document.createRange();
               range.selectNodeContents(td);
               if (lines(range)) broken.push(td.textContent.trim());
             }
             return broken;
           }"""
    )
    assert not broken, f"cells broken over two lines: {broken[:5]}"
    frames = tab.locator(".readings-table")
    assert frames.count() > 0
    frame = frames.first
    assert frame.evaluate("e => e.scrollWidth > e.clientWidth"), "the table fits: nothing to scroll"
    assert frame.get_attribute("tabindex") == "0"
    frame.focus()
    tab.keyboard.press("ArrowRight")
    tab.wait_for_function("e => e.scrollLeft > 0", arg=frame.element_handle(), timeout=5000)


# ---- what a reader does ------------------------------------------------------------------------

SOURCE_PAGES = [page for page in PAGES if _kind(page) == "sources"]


def check_the_tabs_switch_to_the_ocr(tab: Page) -> None:
    """A paragraph's apparatus (one quiet line under it) opens, and its versions show the OCR in the
    place of the transcription, that paragraph alone (checked on each source page where it is opened
    wide: browser_reading.py, test_the_text_comes_first)."""
    passage = tab.locator(".passage-text").first
    ocr = passage.locator(".ocr-shown")
    transcription = passage.locator(".transcription")
    assert transcription.is_visible() and not ocr.is_visible()
    passage.locator("details.paragraph-apparatus > summary").click()
    passage.locator(".paragraph-versions label", has_text="OCR").click()
    ocr.wait_for(state="visible")
    assert not transcription.is_visible()
    assert ocr.inner_text().strip()
    assert tab.locator(".passage-text .ocr-shown:visible").count() == 1


@pytest.mark.parametrize("word", ["quinola"])
def test_search_finds(visit: Callable[..., Visit], word: str) -> None:
    tab = visit().open("")
    tab.locator("input.md-search__input").click()
    tab.keyboard.type(word)
    result = tab.locator(".md-search-result__item").first
    result.wait_for(state="visible")
    assert word in result.inner_text().lower()


def test_a_citation_opens_and_copies(visit: Callable[..., Visit]) -> None:
    v = visit(permissions=["clipboard-read", "clipboard-write"])
    tab = v.open(_url_path(SOURCE_PAGES[0]), wait="load")
    apparatus = tab.locator("details.paragraph-apparatus").first
    assert apparatus.get_attribute("open") is None
    apparatus.locator("summary").click()
    assert apparatus.get_attribute("open") is not None
    cite = apparatus.locator(".cite")
    code = cite.locator("pre code").first
    code.wait_for(state="visible")
    # a source page's own copy button (reading.js): the theme's is off there (source-features.js)
    assert not cite.locator("button.md-clipboard, button[data-md-type=copy]").count()
    button = cite.locator("button.cite-copy").first
    assert button.count(), "the citation has no copy button"
    code.hover()
    button.click()
    copied = tab.evaluate("() => navigator.clipboard.readText()")
    assert copied.strip() == code.inner_text().strip()


def test_the_scheme_toggle_switches_to_dark_and_back(visit: Callable[..., Visit]) -> None:
    tab = visit().open("")
    assert tab.get_attribute("body", "data-md-color-scheme") == "default"
    # The visible one of Material's two toggles (its title becomes a tooltip once shown).
    toggle = tab.locator("label[for^='__palette_']:visible")
    toggle.click()
    assert tab.get_attribute("body", "data-md-color-scheme") == "slate"
    toggle.click()
    assert tab.get_attribute("body", "data-md-color-scheme") == "default"


# ---- the replay of a worked example -------------------------------------------------------------

REPLAY_SCRIPT = DOCS / "javascripts" / "replay.js"


def _replay_pages(built_site: Path) -> list[str]:
    """The pages with a replay (an element of class ``replay``), as paths under the site's URL."""
    replay = re.compile(r"""class=["'](?:[^"']*\s)?replay[\s"']""")
    return sorted(
        _url_path_of(p.relative_to(built_site).as_posix())
        for p in built_site.rglob("*.html")
        if replay.search(p.read_text(encoding="utf-8"))
    )


def test_a_replay_steps_by_keyboard_and_keeps_its_place_in_the_url(
    visit: Callable[..., Visit], built_site: Path
) -> None:
    pages = _replay_pages(built_site)
    if not REPLAY_SCRIPT.is_file() or not pages:
        pytest.skip("no worked example with a replay yet (docs/javascripts/replay.js)")
    v = visit()

    def open_at(address: str) -> Page:
        tab = v.open(address, wait="load")
        tab.locator(".replay").first.focus()
        return tab

    def step(tab: Page, key: str) -> str:
        before = tab.evaluate("() => location.hash")
        tab.keyboard.press(key)
        tab.wait_for_function("h => location.hash !== h", arg=before)
        hash_now: str = tab.evaluate("() => location.hash")
        return hash_now

    tab = open_at(pages[0])
    first = step(tab, "ArrowRight")
    second = step(tab, "ArrowRight")
    assert first != second
    assert step(tab, "ArrowLeft") == first
    # The position is in the URL: the page opened at it steps on from there.
    tab = open_at(pages[0] + first)
    assert step(tab, "ArrowRight") == second
    assert not v.errors, "\n".join(v.errors)


def test_the_replays_live_region_says_each_payment_by_its_rules_name(visit: Callable[..., Visit]) -> None:
    """At the card that closes the second trick of quinola-placed (the eldest hand leads, the third
    hand takes the quinola the second hand threw), the live region says the player by his place and
    the payment in its own sentence, by the rule's English name, without the rule's id."""
    v = visit()
    tab = v.open("examples/quinola-placed/#step-7", wait="load")
    tab.locator(".replay").first.focus()
    tab.keyboard.press("ArrowRight")
    tab.wait_for_function("() => location.hash === '#step-8'")
    said = tab.locator(".replay-status").text_content() or ""
    assert "The third hand takes trick 2." in said, said
    assert "The third hand pays 2 to the second hand: the taker of the placed quinola pays." in said, said
    assert "quinola.placed.trick" not in said and "seat" not in said.lower(), said
    assert not v.errors, "\n".join(v.errors)


# ---- the offline copy, read from disk ------------------------------------------------------------


@pytest.mark.slow  # the offline copy is a build of its own (README: which target runs what)
def test_the_offline_copy_searches_from_disk(browser: Browser, offline_site: Path) -> None:
    """The offline copy opened from file:// (no server): search finds "quinola", a result opens its
    page from disk, and nothing is requested from anywhere but the disk."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(BROWSER_TIMEOUT_MS)
    outside: list[str] = []
    errors: list[str] = []

    def route(r: Route) -> None:
        if r.request.url.startswith("file://"):
            r.continue_()
        else:
            outside.append(r.request.url)
            r.abort("blockedbyclient")

    context.route("**/*", route)
    try:
        tab = context.new_page()
        tab.on("pageerror", lambda e: errors.append(f"uncaught exception: {e}"))
        tab.goto((offline_site / "index.html").as_uri(), wait_until="load")
        tab.locator("input.md-search__input").click()
        tab.keyboard.type("quinola")
        result = tab.locator(".md-search-result__item").first
        result.wait_for(state="visible", timeout=BROWSER_TIMEOUT_MS)
        assert "quinola" in result.inner_text().lower()
        link = result.locator("a").first.get_attribute("href") or ""
        assert link.startswith("file://") and ".html" in link, link
        path = Path(urlsplit(link).path)
        assert path.is_file(), link
        assert not outside, outside
        assert not errors, errors
    finally:
        context.close()


# ---- the reading edition: its checks, with this module's browser and server ----------------------

from browser_edition import *  # noqa: E402, F403
from browser_reading import *  # noqa: E402, F403
