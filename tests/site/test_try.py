""" "Try it": the engine in the reader's browser (Pyodide in a Web Worker), on the served site.

A worked example of each ruleset replayed in the page under its own options and under another
reading gives, character for character, what ``reversis play --json`` prints for the same scenario
and options; whatever a reader types gets the command's one line; an annotation's doctest runs
beside its expected output, and an endless one is stopped; a shared link shows its scenario and
plays nothing until asked; no request leaves the site; the control passes axe in both schemes and
fits a phone; under a strict Content-Security-Policy (sent on every response, the worker's too) it
still works. The time from pressing the control to the first result, and of a replay under another
option, are printed (measured, not asserted). The offline copy shows the control disabled.

The browser, the server and the pages are those of ``test_browser.py`` (its fixtures, which
``conftest.py`` makes this folder's).
"""

from __future__ import annotations

import contextlib
import functools
import gzip
import http.server
import json
import re
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
import yaml
from site_build import REPO
from test_browser import (
    COLOUR_RULES,
    NARROW,
    SITE_PATH,
    WCAG_TAGS,
    Visit,
    _describe,
    _scheme_problems,
    _SiteHandler,
    shoot,
)

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page, Route

#: An example of each ruleset, and another reading of one of its options (the value a form control
#: of that option is set to).
READINGS = {
    "encyclopedie-1765": ("revoke-bete", "revoke_penalty", "fine"),
    "espagnolette-19c": ("esp19c-rule-12-tenth-card", "renouncer_lost_effect", "loses-hand"),
    "revesino": ("rev-aces-placed-copas", "special_ace", "AO"),
    "romestecq": ("triche-of-queens-nothing", "low_triche", 3),
}
#: How long the engine may take to load on a loaded machine before a test gives up (the target, 10 s,
#: is measured and printed, not asserted).
LOAD = 180_000
#: The longest a play or a doctest runs in the page before it is stopped (site_engine/ui.js).
LIMIT = 5


def _example(slug: str) -> Path:
    return next(REPO.glob(f"examples/*/{slug}.yaml"))


def _cli(text: str, folder: Path, options: dict[str, Any] | None = None) -> tuple[int, str, str]:
    """``reversis play scenario.yaml --json [--option NAME=VALUE ...]`` on ``text``, in ``folder``:
    status, output, error."""
    (folder / "scenario.yaml").write_text(text, encoding="utf-8")
    flags = [f"--option={name}={_flow(value)}" for name, value in (options or {}).items()]
    done = subprocess.run(
        [sys.executable, "-m", "reversis", "play", "scenario.yaml", "--json", *flags],
        cwd=folder,
        capture_output=True,
        text=True,
        check=False,
    )
    return done.returncode, done.stdout, done.stderr.strip()


def _flow(value: Any) -> str:
    """A value as YAML on one line, as ``--option`` reads it."""
    return yaml.safe_dump(value, default_flow_style=True, width=10_000).strip().removesuffix("\n...")


def _press(tab: Page, *, progress: bool = False) -> float:
    """Press the control of an example page and wait for its options; the seconds it took. With
    ``progress``, the progress of the loading is seen first, in megabytes of the whole."""
    t0 = time.monotonic()
    tab.locator(".try-it .try-start").click()
    if progress:
        tab.locator(".try-it .try-progress:not([hidden])").wait_for(timeout=LOAD)
        tab.locator(".try-it .try-status", has_text=re.compile(r"Loading the engine: [\d.]+ of [\d.]+ MB")).wait_for()
    tab.locator(".try-it fieldset .try-option").first.wait_for(timeout=LOAD)
    return time.monotonic() - t0


def _set(tab: Page, name: str, value: Any) -> None:
    """Set the form control of option ``name`` to ``value`` (the change replays the hand), its topic
    opened first if it is folded."""
    row = tab.locator(f".try-option[data-option='{name}']")
    row.evaluate("r => { const d = r.closest('details'); if (d) d.open = true; }")
    if isinstance(value, bool):
        row.locator("input[type=checkbox]").set_checked(value)
    elif isinstance(value, dict):
        for key, v in value.items():
            row.locator(f"[aria-label$=', {key}']").fill(str(v))
            row.locator(f"[aria-label$=', {key}']").dispatch_event("change")
    elif row.locator("select").count():
        row.locator("select").select_option(value=json.dumps(value))
    else:
        row.locator("input").fill(str(value))
        row.locator("input").dispatch_event("change")


def _replayed(tab: Page, before: str | None) -> str:
    """The JSON of the replay that follows ``before`` (the previous one's, or None)."""
    tab.wait_for_function(
        "b => { const o = document.querySelector('.try-it > .try-output');"
        " const c = o.querySelector('.try-json-text');"
        " return (c && c.textContent !== b) || o.querySelector('.try-error'); }",
        arg=before,
        timeout=30_000,
    )
    error = tab.locator(".try-it > .try-output .try-error")
    assert not error.count(), error.inner_text()
    return tab.locator(".try-it > .try-output .try-json-text").text_content() or ""


def _played(tab: Page, text: str) -> tuple[str, str]:
    """Put ``text`` in the editor and play it: the JSON shown, or the error line."""
    area = tab.locator(".try-edit textarea").first
    if len(text) < 10_000:
        area.fill(text)
    else:  # as a paste puts it there (Playwright types a long text too slowly)
        area.evaluate("(a, t) => { a.value = t; a.dispatchEvent(new Event('input')); }", text)
    tab.locator(".try-edit .try-play").first.click()
    tab.wait_for_function(
        "() => { const e = document.querySelector('.try-edit .try-error');"
        " const j = document.querySelector('.try-edit .try-output .try-json-text');"
        " return document.querySelector('.try-edit .try-play').disabled === false && ((e && !e.hidden) || j); }",
        timeout=LOAD,
    )
    error = tab.locator(".try-edit .try-error").first
    if error.is_visible():
        return "", error.inner_text()
    return tab.locator(".try-edit .try-output .try-json-text").first.text_content() or "", ""


def _clean(v: Visit) -> None:
    problems = v.errors + [f"request outside the site: {url}" for url in v.outside]
    assert not problems, "\n".join(problems)


# ---- the assets -----------------------------------------------------------------------------------


def test_the_site_holds_only_what_the_engine_needs(built_site: Path) -> None:
    manifest = json.loads((built_site / "try" / "manifest.json").read_text(encoding="utf-8"))
    if not manifest["engine"]:
        pytest.skip("Pyodide is not installed (npm ci in site_engine/)")
    files = {p.relative_to(built_site / "try").as_posix() for p in (built_site / "try").rglob("*") if p.is_file()}
    pyodide = {name for name in manifest["files"] if name.startswith("pyodide/")}
    assert {f for f in files if f.startswith("pyodide/")} == pyodide
    for name, size in manifest["files"].items():
        assert (built_site / "try" / name).stat().st_size == size
    if shutil.which("node"):
        # made with Node when the site is built: the engine's bytecode, and the snapshot of Pyodide's
        # memory with the engine imported, whose size the page makes room for before it arrives
        assert manifest["bytecode"] == "pycache.zip" and manifest["snapshot"] == "snapshot.gz"
        with gzip.open(built_site / "try" / "snapshot.gz") as snapshot:
            assert len(snapshot.read()) == manifest["snapshot_size"]
    added = sum(p.stat().st_size for p in (built_site / "try").rglob("*") if p.is_file())
    added += (built_site / "javascripts" / "try.js").stat().st_size
    print(f"\n'Try it' adds {added:,} bytes to the site ({manifest['total']:,} of them fetched when pressed)")
    # each ruleset's options are those `reversis rules ID --json` prints, with the cards and links added
    for path in (built_site / "try" / "rulesets").glob("*.json"):
        shown = json.loads(path.read_text(encoding="utf-8"))
        printed = json.loads(
            subprocess.run(
                [sys.executable, "-m", "reversis", "rules", path.stem, "--json"],
                capture_output=True,
                text=True,
                check=True,
            ).stdout
        )
        for option in shown["options"].values():
            option.pop("cards", None)
        for added in ("links", "roles", "unit", "quotes", "readings"):
            shown.pop(added)
        assert shown == printed


# ---- the engine in the page ------------------------------------------------------------------------


def test_an_example_loads_replays_and_reads_in_both_schemes(
    visit: Callable[..., Visit], screenshots: Path, tmp_path: Path
) -> None:
    v = visit()
    requested: list[str] = []
    v.page.on("request", lambda r: requested.append(r.url))
    tab = v.open("examples/quinola-placed/", wait="networkidle")
    assert not [u for u in requested if "/try/" in u], "the engine's files were fetched before the control was pressed"
    seconds = _press(tab, progress=True)
    phases = tab.get_attribute(".try-it", "data-load-phases")
    # the first result: the page's own hand, played in the page
    t0 = time.monotonic()
    _set(tab, "quinola_placed_wins_pool", False)
    page_json = _replayed(tab, None)
    replay = time.monotonic() - t0
    print(f"\nfirst result {seconds:.1f} s after pressing (worker's phases {phases}); replay {replay:.2f} s")
    text = _example("quinola-placed").read_text(encoding="utf-8")
    status, out, _ = _cli(text, tmp_path, {"quinola_placed_wins_pool": False})
    assert status == 0 and page_json == out.rstrip("\n")
    # what changed, in words: the reading by its words, the players by their places, no id as a word
    summary = tab.locator(".try-diff-summary").inner_text()
    assert summary.startswith("Under “The placed quinola wins the pool” set to false, "), summary
    assert "the second hand ends 8 chips worse off (" in summary and "1 payment added" not in summary, summary
    assert "1 removed" in summary and "seat" not in summary and "quinola_placed" not in summary, summary
    removed = tab.locator(".try-removed li").first
    assert removed.inner_text().startswith("The pool pays the second hand 8 chips by “"), removed.inner_text()
    assert removed.locator("code.try-id").inner_text() == "quinola.placed.pool"
    shoot(tab.locator(".try-it"), screenshots / "try-example-light.png")
    violations = v.axe({"runOnly": {"type": "tag", "values": WCAG_TAGS}, "resultTypes": ["violations"]})
    assert not violations, _describe(violations)
    # the keyboard: the reset button, then the options are replayed from the page's own
    tab.locator(".try-reset").first.focus()
    tab.keyboard.press("Enter")
    _replayed(tab, page_json)
    assert "nothing changes" in tab.locator(".try-diff-summary").inner_text()
    # the dark scheme, by the scheme toggle's click event (a pointer over it would show its tooltip)
    tab.locator("label[for^='__palette_']:visible").dispatch_event("click")
    problems = _scheme_problems(tab, "slate")
    assert not problems, problems
    violations = v.axe({"runOnly": {"type": "rule", "values": COLOUR_RULES}, "resultTypes": ["violations"]})
    assert not violations, _describe(violations)
    shoot(tab.locator(".try-it"), screenshots / "try-example-dark.png")
    # a phone's width
    tab.set_viewport_size(NARROW)
    overflow = tab.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"the page is {overflow} px wider than a {NARROW['width']} px screen"
    shoot(tab.locator(".try-it"), screenshots / "try-example-narrow.png")
    _clean(v)


@pytest.mark.parametrize("ruleset", sorted(READINGS))
def test_an_example_of_each_ruleset_plays_as_the_command_line(
    visit: Callable[..., Visit], tmp_path: Path, ruleset: str
) -> None:
    slug, option, value = READINGS[ruleset]
    text = _example(slug).read_text(encoding="utf-8")
    v = visit()
    tab = v.open(f"examples/{slug}/", wait="load")
    _press(tab)
    # the page's own options: the scenario played unchanged in its editor
    shown, error = _played(tab, text)
    status, out, _ = _cli(text, tmp_path)
    assert not error and status == 0 and shown == out.rstrip("\n")
    # another reading, from the form
    _set(tab, option, value)
    replayed = _replayed(tab, None)
    status, out, _ = _cli(text, tmp_path, {option: value})
    assert status == 0 and replayed == out.rstrip("\n")
    assert replayed != shown, f"{option}: {value!r} plays the hand as the page does"
    _clean(v)


def test_the_option_an_example_illustrates_comes_first_and_the_others_by_topic_in_words(
    visit: Callable[..., Visit],
) -> None:
    """The options of "Try it": the one the example illustrates first and marked, then every other by
    topic, folded, each under its English name with the source's words and their English; the ids
    only as small labels; the form in the page's flow, with no box that scrolls inside it."""
    from reversis.core.ruleset import load_ruleset

    v = visit()
    tab = v.open("examples/quinola-forced/", wait="load")
    _press(tab)
    rules = load_ruleset("encyclopedie-1765")
    first = tab.locator(".try-option").first
    assert first.get_attribute("data-option") == "quinola_forced_payment"
    assert first.locator(".try-illustrated").inner_text().lower() == "the option this example illustrates"
    assert tab.locator(".try-illustrated").count() == 1
    assert first.locator(".try-option-title").inner_text() == rules.option_name("quinola_forced_payment")
    assert first.locator("code.try-id").inner_text() == "quinola_forced_payment"
    # an option that a meaning names: its English name, then its id as a small label
    named = tab.evaluate(
        """() => [...document.querySelectorAll('.try-meaning code.try-id')].map(code =>
             [code.textContent, code.previousSibling?.previousSibling?.textContent ?? null])"""
    )
    assert named and all(name == rules.option_name(option) for option, name in named), named
    source = first.locator(".try-source")
    assert source.locator("q").get_attribute("lang") == "fr" and "In English: " in source.inner_text()
    topics = tab.locator(".try-topic > summary").all_inner_texts()
    assert [t.rsplit(" (", 1)[0] for t in topics] == [rules.topics[t] for t in rules.options_by_topic()], topics
    assert tab.locator(".try-topic[open]").count() == 0
    shown = tab.locator(".try-option").count()
    assert shown == len(rules.options)
    for row in tab.locator(".try-option").all()[:12]:
        name = row.get_attribute("data-option") or ""
        words = row.locator(".try-option-name").text_content() or ""
        assert rules.option_name(name) in words and ("_" not in name or name not in words), (name, words)
    scrolls = tab.evaluate(
        """() => [...document.querySelectorAll('.try-it *')].filter(e => {
             const o = getComputedStyle(e).overflowY;
             return (o === 'auto' || o === 'scroll') && e.scrollHeight > e.clientHeight + 1
               && !e.closest('pre, textarea, .try-editor, .try-table-wrap');
           }).map(e => e.className)"""
    )
    assert not scrolls, f"a box scrolls inside the page: {scrolls}"
    _clean(v)


#: The longest a failure to load may go unsaid (issue 32).
SAID = 20


def _failure(tab: Page, t0: float) -> str:
    """The sentence of a failure, once said with its button to try again; said within SAID seconds."""
    tab.locator(".try-it .try-retry:not([hidden])").wait_for(timeout=(SAID + 5) * 1000)
    took = time.monotonic() - t0
    sentence = tab.locator(".try-it .try-status").inner_text()
    assert took <= SAID, f"the failure was said after {took:.1f} s: {sentence}"
    print(f"\nsaid after {took:.1f} s: {sentence}")
    return sentence


def test_a_download_that_fails_or_stalls_is_said_within_twenty_seconds_and_a_retry_loads(
    visit: Callable[..., Visit],
) -> None:
    """The engine's big file stalled (its request never answered), then the YAML library refused,
    then the worker itself: each said in one sentence with a button to try again, within 20 s; with
    the files let through, trying again loads the engine."""
    v = visit()
    tab = v.open("examples/quinola-placed/", wait="load")
    held: list[Route] = []
    v.context.route("**/try/pyodide/pyodide.asm.wasm", lambda route: held.append(route))
    t0 = time.monotonic()
    tab.locator(".try-it .try-start").click()
    sentence = _failure(tab, t0)
    assert sentence.startswith("The engine could not be loaded: ") and "pyodide.asm.wasm stopped arriving" in sentence
    assert sentence.endswith("press “Try again”.") and sentence.count(". ") == 1, sentence
    v.context.unroute("**/try/pyodide/pyodide.asm.wasm")
    v.context.route("**/try/pyyaml.zip", lambda route: route.abort())
    t0 = time.monotonic()
    tab.locator(".try-it .try-retry").click()
    sentence = _failure(tab, t0)
    assert "the file pyyaml.zip did not download" in sentence and "exit(1)" not in sentence, sentence
    v.context.unroute("**/try/pyyaml.zip")
    v.context.route("**/try/worker.js", lambda route: route.abort())
    t0 = time.monotonic()
    tab.locator(".try-it .try-retry").click()
    sentence = _failure(tab, t0)
    assert sentence.startswith("The engine could not be loaded: ") and "worker" in sentence, sentence
    v.context.unroute("**/try/worker.js")
    tab.locator(".try-it .try-retry").click()
    tab.locator(".try-it fieldset .try-option").first.wait_for(timeout=LOAD)
    assert tab.locator(".try-it .try-retry").is_hidden()
    for route in held:
        with contextlib.suppress(Exception):
            route.abort()


BAD = {
    "malformed YAML": "ruleset: encyclopedie-1765\nhands: {0: [AS, KS\n",
    "an unknown card": "ruleset: encyclopedie-1765\nseed: 1\nplays: [ZZ]\n",
    "an unknown option": "ruleset: revesino\nseed: 1\noptions: {no_such_option: 1}\n",
    "a value outside the option's domain": "ruleset: romestecq\nseed: 1\noptions: {low_triche: -1}\n",
    "over the size limit": "ruleset: encyclopedie-1765\nseed: 1\n" + "# a comment of no use\n" * 13_000,
}


def test_bad_input_is_the_command_lines_one_line(visit: Callable[..., Visit], tmp_path: Path) -> None:
    v = visit()
    tab = v.open("check/", wait="load")
    tab.locator(".try-it .try-start").click()
    tab.locator(".try-edit textarea").wait_for()
    for problem, text in BAD.items():
        _, shown = _played(tab, text)
        status, _, printed = _cli(text, tmp_path)
        assert status == 2 and shown == printed, f"{problem}: the page says {shown!r}, the command {printed!r}"
        assert "\n" not in shown and "Traceback" not in shown
        line = int(printed.split(":")[3])
        marked = tab.locator(".try-gutter .try-line-error")
        assert marked.count() == 1 and marked.inner_text() == str(line), problem
        assert tab.locator(".try-edit textarea").get_attribute("aria-invalid") == "true"
    _clean(v)


def test_a_doctest_runs_edited_and_an_endless_one_is_stopped(visit: Callable[..., Visit], screenshots: Path) -> None:
    v = visit()
    tab = v.open("topics/quinola/", wait="load")
    start = tab.locator(".try-doctest-start").first
    start.evaluate("b => { const d = b.closest('details'); if (d) d.open = true; }")  # a statement's detail, opened
    start.click()
    box = tab.locator(".try-doctest").first
    verdict = box.locator(".try-verdict")
    verdict.wait_for(timeout=LOAD)
    assert verdict.inner_text().startswith("All "), verdict.inner_text()
    box.scroll_into_view_if_needed()
    shoot(tab, screenshots / "try-doctest.png")

    def run(text: str) -> str:
        box.locator("textarea").fill(text)
        before = box.locator(".try-output").inner_text()
        box.locator(".try-run").click()
        tab.wait_for_function(
            "([b, t]) => { const o = document.querySelectorAll('.try-doctest .try-output')[0];"
            " return o.innerText !== b && o.innerText.trim() !== ''; }",
            arg=[before, text],
            timeout=LOAD,
        )
        return box.locator(".try-output").inner_text()

    raised = run(">>> from reversis import load_ruleset\n>>> load_ruleset('no-such-ruleset')\n'x'\n")
    assert "RulesetError" in raised and "Traceback" not in raised, raised
    assert "1 of 2 lines differ" in raised
    t0 = time.monotonic()
    stopped = run(">>> while True:\n...     pass\n")
    assert f"Stopped after {LIMIT} seconds" in stopped, stopped
    assert time.monotonic() - t0 < LIMIT + 10
    again = run(">>> 6 * 7\n42\n")  # the engine loads again
    assert "All 1 lines" in again, again
    _clean(v)


def test_a_shared_link_shows_its_scenario_and_plays_only_when_asked(
    visit: Callable[..., Visit], screenshots: Path
) -> None:
    v = visit(permissions=["clipboard-read", "clipboard-write"])
    tab = v.open("check/", wait="load")
    tab.locator(".try-it .try-start").click()
    area = tab.locator(".try-edit textarea")
    area.wait_for()
    text = "ruleset: revesino\nseed: 4\n# shared\n"
    area.fill(text)
    tab.locator(".try-share").click()
    link = tab.locator(".try-share-link").get_attribute("href") or ""
    assert "#try=" in link
    w = visit()
    requested: list[str] = []
    w.page.on("request", lambda r: requested.append(r.url))
    other = w.open(link.removeprefix(w.site_url), wait="networkidle")
    other.locator(".try-edit textarea").wait_for()
    assert other.locator(".try-edit textarea").input_value() == text
    assert not [u for u in requested if "/try/pyodide/" in u or "/try/worker.js" in u], "the engine loaded unasked"
    assert not other.locator(".try-edit .try-output table").count()
    other.locator(".try-play").click()
    other.locator(".try-edit .try-output table").first.wait_for(timeout=LOAD)
    shoot(other.locator(".try-it"), screenshots / "try-shared.png")
    _clean(v)
    _clean(w)


# ---- under a strict Content-Security-Policy ---------------------------------------------------------

#: The most the component needs: scripts and workers from the site, and WebAssembly compiled.
CSP = (
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; "
    "style-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'"
)


class _StrictHandler(_SiteHandler):
    def end_headers(self) -> None:
        self.send_header("Content-Security-Policy", CSP)
        super().end_headers()


@pytest.fixture
def strict_url(built_site: Path) -> Iterator[str]:
    handler = functools.partial(_StrictHandler, directory=str(built_site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}{SITE_PATH}"
    server.shutdown()
    server.server_close()
    thread.join()


def test_the_engine_runs_under_a_strict_policy(browser: Browser, strict_url: str) -> None:
    """Every response carries the policy (the worker's too, so it binds the worker itself); the
    component causes no violation (the theme's own inline scripts are the reading edition's to
    move, and are not counted here) and plays."""
    v = Visit(browser, strict_url)
    try:
        tab = v.page
        tab.add_init_script(
            # (its own list: every Visit keeps the page's violations as text in window.__violations)
            "window.__strictViolations = [];"
            "document.addEventListener('securitypolicyviolation', e => window.__strictViolations.push("
            "{directive: e.violatedDirective, blocked: e.blockedURI, source: e.sourceFile || ''}));"
        )
        v.open("examples/rev-aces-placed-copas/", wait="load")
        _press(tab)
        _set(tab, "special_ace", "AO")
        assert _replayed(tab, None)
        violations = tab.evaluate("window.__strictViolations")
        ours = [
            x
            for x in violations
            if "/try" in x["source"] or "/try" in x["blocked"] or x["blocked"] in ("eval", "wasm-eval", "blob")
        ]
        assert not ours, ours
        assert not v.outside, v.outside
    finally:
        v.close()


# ---- the offline copy ------------------------------------------------------------------------------


@pytest.mark.slow  # the offline copy is a build of its own (README: which target runs what)
def test_the_offline_copy_shows_the_control_disabled(browser: Browser, offline_site: Path) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    requested: list[str] = []

    def route(r: Route) -> None:
        requested.append(r.request.url)
        r.continue_() if r.request.url.startswith("file://") else r.abort("blockedbyclient")

    context.route("**/*", route)
    try:
        tab = context.new_page()
        tab.goto((offline_site / "examples" / "quinola-placed.html").as_uri(), wait_until="load")
        start = tab.locator(".try-it .try-start")
        assert start.is_disabled()
        assert "served site" in tab.locator(".try-it .try-note").inner_text()
        assert not [u for u in requested if "/try/" in u]
        assert not (offline_site / "try").exists()
    finally:
        context.close()
