"""Fixtures of the site tests: the build script, its pages, and the site built once per run.

Under pytest-xdist every worker is a process of its own, with its own session fixtures; the site
is still built once per run: the first worker to ask builds it into the run's shared temporary
folder, under a file lock, and every other worker waits for it and reads the same build.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest
from filelock import FileLock
from site_build import REPO, build_script, mkdocs_build


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
        result = mkdocs_build(REPO / "mkdocs.yml", site_dir, environment=environment)
        assert result.returncode == 0, f"{what} failed:\n{result.stderr}"

    return make


@pytest.fixture(scope="session")
def built_site(shared_once: Callable[[str, Callable[[Path], None]], Path]) -> Path:
    """The site as ``mkdocs build --strict`` builds it from the committed pages, once per run."""
    return shared_once("site", _build(None, "mkdocs build --strict"))


@pytest.fixture(scope="session")
def offline_site(shared_once: Callable[[str, Callable[[Path], None]], Path]) -> Path:
    """The site as ``make offline`` builds it (REVERSIS_OFFLINE=true), once per run."""
    return shared_once("site-offline", _build({"REVERSIS_OFFLINE": "true"}, "offline build"))
