"""The site's search measured in Chromium: a first search on the first page of a visit, and a first
search on a second page of the same visit, whose index the browser kept.

``python scripts/bench_search.py [--site site] [--rounds 3] [--query quinola]``

For each round, in a fresh browser context (a first visit, nothing cached): the home page is opened,
the query typed, and the seconds from the first key to the first result shown are taken (the
documents fetched and the index built); once the index is kept (IndexedDB, see
docs/javascripts/search-worker.js), the glossary is opened and the same query typed: the seconds to
its first result. The medians are printed with their ratio (the second page's search against the
first's, its peer in the same run) beside issue 32's aim: the documents fetched once per visit, and a
search on a second page not rebuilt from them. The site is served by ``reversis_site.serve`` (as
``make site`` serves it) from ``--site`` (``make build`` builds it).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

REPO = Path(__file__).resolve().parents[1]
KEPT = """() => new Promise(done => {
  const opened = indexedDB.open('reversis-search', 1);
  opened.onupgradeneeded = () => opened.result.createObjectStore('indexes');
  opened.onsuccess = () => {
    const got = opened.result.transaction('indexes').objectStore('indexes').get('site');
    got.onsuccess = () => done(!!got.result);
    got.onerror = () => done(false);
  };
  opened.onerror = () => done(false);
})"""
SHOWN = """q => {
  const box = document.querySelector('input.md-search__input');
  return box.value === q && document.querySelectorAll('.md-search-result__item').length > 0;
}"""


@contextlib.contextmanager
def served(site: Path) -> Iterator[str]:
    command = [sys.executable, "-u", "-m", "reversis_site.serve", "--port", "0", str(site)]
    server = subprocess.Popen(command, cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        assert server.stdout is not None
        line = server.stdout.readline()  # "Serving the site on http://127.0.0.1:PORT/PATH/"
        if " on " not in line:
            raise SystemExit(f"bench_search: the site in {site} could not be served")
        yield line.split(" on ", 1)[1].strip()
    finally:
        server.terminate()
        server.wait()


def search(tab: Page, query: str) -> float:
    """Seconds from the first key of ``query`` typed in the search box to its first result shown."""
    box = tab.locator("input.md-search__input")
    box.focus()
    t0 = time.monotonic()
    box.type(query)
    tab.wait_for_function(SHOWN, arg=query, timeout=120_000)
    return time.monotonic() - t0


def one_visit(browser: Browser, url: str, query: str) -> tuple[float, float]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        tab = context.new_page()
        tab.goto(url, wait_until="load")
        first = search(tab, query)
        for _ in range(600):  # the index kept once the first answer is given; two minutes at most
            if tab.evaluate(KEPT):
                break
            tab.wait_for_timeout(200)
        else:
            raise SystemExit("bench_search: the index was not kept within two minutes")
        tab.goto(url + "glossary/", wait_until="load")
        second = search(tab, query)
        return first, second
    finally:
        context.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument("--site", type=Path, default=REPO / "site", help="the built site (default: site/)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--query", default="quinola")
    args = parser.parse_args()
    if not (args.site / "search" / "documents.json").is_file():
        print(f"bench_search: no built site in {args.site} (run make build)", file=sys.stderr)
        return 2
    firsts: list[float] = []
    seconds: list[float] = []
    with served(args.site) as url, sync_playwright() as playwright:
        chromium = shutil.which("chromium") or "/usr/bin/chromium"
        browser = playwright.chromium.launch(executable_path=chromium, headless=True)
        try:
            for _ in range(args.rounds):
                first, second = one_visit(browser, url, args.query)
                firsts.append(first)
                seconds.append(second)
        finally:
            browser.close()
    a, b = statistics.median(firsts), statistics.median(seconds)
    load = os.getloadavg()[0]
    print(f"search for {args.query!r}, median of {args.rounds} first visits (load average {load:.1f}):")
    print(f"  first search, first page         {a:6.2f} s")
    print(f"  first search, second page        {b:6.2f} s   (the index kept by the browser)")
    print(f"  ratio second page / first page   {b / a:6.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
