"""Fixtures of the site tests: the generator, its pages, and the site built once per run.

The pages are generated first, into ``build/pages/`` as ``make pages`` writes them, by the process
that starts the run (``tests/conftest.py``, before pytest-xdist starts its workers, which read them).

Under pytest-xdist every worker is a process of its own, with its own session fixtures; the site
is still built once per run: the first worker to ask builds it into the run's shared temporary
folder, under a file lock, and every other worker waits for it and reads the same build.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from filelock import FileLock
from site_build import BUILD, build_script, finish, mkdocs_build


@pytest.fixture(scope="session")
def site_script() -> ModuleType:
    return build_script()


@pytest.fixture(scope="session")
def wanted_pages(site_script: ModuleType) -> dict[Path, str]:
    pages: dict[Path, str] = site_script.pages()
    return pages


@pytest.fixture(scope="session")
def shared_once(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str, Callable[[Path], None]], Path]:
    """``shared_once(name, make)``: the folder ``name`` that ``make(folder)`` fills, made once per run
    whatever the number of workers. A failure of ``make`` is raised in every worker that asks."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    root = tmp_path_factory.getbasetemp()
    if worker is not None:  # each worker's folder is under the run's own, which they share
        root = root.parent

    def once(name: str, make: Callable[[Path], None]) -> Path:
        folder = root / name
        done = root / f"{name}.done"
        with FileLock(str(root / f"{name}.lock")):
            if not done.is_file():
                folder.mkdir(parents=True, exist_ok=True)
                make(folder)
                done.write_text(json.dumps({"by": worker or "the only process"}), encoding="utf-8")
        return folder

    return once


def _build(environment: dict[str, str] | None, what: str) -> Callable[[Path], None]:
    def make(site_dir: Path) -> None:
        result = mkdocs_build(BUILD / "mkdocs.yml", site_dir, environment=environment)
        assert result.returncode == 0, f"{what} failed:\n{result.stderr}"
        # the steps after MkDocs; "Try it" (the engine's files) as `make build` adds them, not offline
        finished = finish(site_dir, with_try=environment is None)
        assert finished.returncode == 0, f"python -m reversis_site.finish failed:\n{finished.stderr}"

    return make


@pytest.fixture(scope="session")
def built_site(shared_once: Callable[[str, Callable[[Path], None]], Path]) -> Path:
    """The site as ``make build`` builds it from the generated pages, once per run."""
    return shared_once("site", _build(None, "mkdocs build --strict"))


@pytest.fixture(scope="session")
def offline_site(shared_once: Callable[[str, Callable[[Path], None]], Path]) -> Path:
    """The site as ``make offline`` builds it (REVERSIS_OFFLINE=true), once per run."""
    return shared_once("site-offline", _build({"REVERSIS_OFFLINE": "true"}, "offline build"))


# ---- the browser tests' fixtures (test_browser.py and the modules beside it share one browser) ----


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Debian's Chromium under Playwright, once per process (test_browser.browser_session)."""
    import test_browser

    yield from test_browser.browser_session()


@pytest.fixture(scope="session")
def site_url(built_site: Path) -> Iterator[str]:
    """The built site served on 127.0.0.1 on a free port, for the session (test_browser.serve)."""
    import test_browser

    yield from test_browser.serve(built_site)


@pytest.fixture(scope="session")
def screenshots(tmp_path_factory: pytest.TempPathFactory, pytestconfig: pytest.Config) -> Iterator[Path]:
    """The screenshots' folder (test_browser.screenshot_folder)."""
    import test_browser

    yield from test_browser.screenshot_folder(tmp_path_factory, pytestconfig)


@pytest.fixture
def visit(browser: Any, site_url: str) -> Iterator[Callable[..., Any]]:
    """Open a page in a fresh context (test_browser.visits)."""
    import test_browser

    yield from test_browser.visits(browser, site_url)
