"""What every test shares: a ``browser`` mark on each test that drives Chromium, and one line at the
end of the run that says how many of them were skipped, and why; and, for a run that holds the site
tests, the site's pages generated first (``python -m reversis_site``, into ``build/pages/``)."""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path

import pytest


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "browser: drives Debian's Chromium through Playwright")


#: Fixtures that build something of their own, as costly as the site: a test that asks for one is
#: marked slow, so that ``make test`` (within its budget of processor time) never builds it; it runs in
#: ``make test-all`` (README: which target runs what).
SLOW_FIXTURES = ("offline_site",)


def _dark_variant(item: pytest.Item) -> bool:
    """A browser test run once in each scheme (a ``scheme`` parameter), in its dark one: ``make test``
    runs the light one, the sweep of ``make test-all`` the dark (README: which target runs what).
    The pages of each kind are checked by axe in both schemes in ``make test`` all the same."""
    callspec = getattr(item, "callspec", None)
    return callspec is not None and callspec.params.get("scheme") == "dark"


@pytest.hookimpl(tryfirst=True)  # before ``-m "not slow"`` deselects: every test is seen
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    unmarked = []
    for item in items:
        names = getattr(item, "fixturenames", ())
        if "browser" in names:
            item.add_marker(pytest.mark.browser)
            if _dark_variant(item):
                item.add_marker(pytest.mark.sweep)
        if any(name in names for name in SLOW_FIXTURES) and item.get_closest_marker("slow") is None:
            unmarked.append(item.nodeid)
    if unmarked:
        raise pytest.UsageError(
            f"{unmarked[0]}: asks for a build of its own ({', '.join(SLOW_FIXTURES)}) and is not marked slow"
            + (f" (and {len(unmarked) - 1} more)" if len(unmarked) > 1 else "")
        )


def _reason(report: pytest.TestReport) -> str:
    longrepr = report.longrepr
    if isinstance(longrepr, tuple) and len(longrepr) == 3:  # (file, line, "Skipped: reason")
        return str(longrepr[2]).removeprefix("Skipped: ")
    return str(longrepr)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    skipped = [r for r in terminalreporter.stats.get("skipped", []) if "browser" in getattr(r, "keywords", {})]
    if skipped:
        reasons = Counter(_reason(r) for r in skipped)
        why = "; ".join(f"{reason}" + (f" ({n})" if len(reasons) > 1 else "") for reason, n in reasons.items())
        terminalreporter.write_line(
            f"{len(skipped)} browser test{'s' if len(skipped) != 1 else ''} skipped: {why}", yellow=True, bold=True
        )


SITE_TESTS = Path(__file__).resolve().parent / "site"


def pytest_sessionstart(session: pytest.Session) -> None:
    """The site's pages generated into ``build/pages/`` (as ``make pages`` does) where the run holds
    the site tests, by the process that starts the run (before pytest-xdist starts its workers)."""
    if os.environ.get("PYTEST_XDIST_WORKER") is not None:
        return
    paths = [Path(str(arg).split("::")[0]).resolve() for arg in session.config.args]
    if any(SITE_TESTS.is_relative_to(p) or p.is_relative_to(SITE_TESTS) for p in paths):
        from reversis_site.build import pages, write_pages

        write_pages(pages(jobs=2))
