"""Fixtures of the site tests: the build script, its pages, and the site built once per session."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from site_build import REPO, add_try_files, build_script, mkdocs_build

# The browser, its server and its pages, for every browser test of this folder (test_try.py too)
from test_browser import browser, screenshots, site_url, visit  # noqa: F401


@pytest.fixture(scope="session")
def site_script() -> ModuleType:
    return build_script()


@pytest.fixture(scope="session")
def wanted_pages(site_script: ModuleType) -> dict[Path, str]:
    pages: dict[Path, str] = site_script.pages()
    return pages


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The site as ``mkdocs build --strict`` builds it from the committed pages, once per session."""
    site_dir = tmp_path_factory.mktemp("site")
    result = mkdocs_build(REPO / "mkdocs.yml", site_dir)
    assert result.returncode == 0, f"mkdocs build --strict failed:\n{result.stderr}"
    added = add_try_files(site_dir)  # "Try it": the engine's files, as `make build` adds them
    assert added.returncode == 0, f"scripts/site_try.py failed:\n{added.stderr}"
    yield site_dir


@pytest.fixture(scope="session")
def offline_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The site as ``make offline`` builds it (REVERSIS_OFFLINE=true), once per session."""
    site_dir = tmp_path_factory.mktemp("site-offline")
    result = mkdocs_build(REPO / "mkdocs.yml", site_dir, environment={"REVERSIS_OFFLINE": "true"})
    assert result.returncode == 0, f"offline build failed:\n{result.stderr}"
    yield site_dir
