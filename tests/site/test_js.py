"""The site's JavaScript under the same gates as the Python: ESLint (no function over 80 lines, as
``tests/engine/test_function_length.py`` holds the Python), ``tsc --checkJs`` on the JSDoc types of
every script of the site and of its engine (the two that run in a Web Worker against a worker's
globals), and Node's test runner on the table's pure functions
(``tests/site/js/play.test.mjs``). The tools are npm packages pinned by ``tests/site/js/package-lock.json``,
which ``make``'s setup installs where npm is; the site itself is built and served without Node."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
JS = REPO / "tests" / "site" / "js"
BIN = JS / "node_modules" / ".bin"
#: The scripts ESLint reads: every script of the site (docs/javascripts/) and of its engine (site_engine/).
LINTED = ("docs/javascripts", "site_engine")


def _tool(name: str) -> Path:
    tool = BIN / name
    if not tool.is_file() or shutil.which("node") is None:
        if os.environ.get("CI") == "true":
            pytest.fail(f"{name} is not installed (npm ci in tests/site/js)")
        pytest.skip(f"{name} is not installed: run npm ci in tests/site/js (make's setup does, where npm is)")
    return tool


def _run(command: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=REPO, capture_output=True, text=True, check=False, timeout=300)


def test_eslint_passes_every_script_with_no_function_over_80_lines() -> None:
    done = _run([str(_tool("eslint")), "-c", str(JS / "eslint.config.mjs"), *LINTED])
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize("config", ["tsconfig.json", "tsconfig.worker.json"])
def test_the_types_of_every_script_check(config: str) -> None:
    # the pages' scripts, then the two that run in a Web Worker, against a worker's globals
    done = _run([str(_tool("tsc")), "-p", str(JS / config)])
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_type_check_reads_every_script_of_the_site() -> None:
    # every script of docs/javascripts/ and site_engine/ is in one of the two configurations, but
    # the package's file copied unchanged (iframe-worker-shim.js)
    read: set[Path] = set()
    for name in ("tsconfig.json", "tsconfig.worker.json"):
        config = json.loads((JS / name).read_text(encoding="utf-8"))
        base = json.loads((JS / config["extends"]).read_text(encoding="utf-8")) if "extends" in config else {}
        excluded = {(JS / x).resolve() for x in config.get("exclude", base.get("exclude", []))}
        for pattern in config.get("include", base.get("include", [])):
            folder, _, glob = pattern.rpartition("/")
            read |= {p.resolve() for p in (JS / folder).glob(glob)} - excluded
    scripts = {p.resolve() for folder in LINTED for p in (REPO / folder).glob("*.js")}
    assert scripts - read == {(REPO / "docs" / "javascripts" / "iframe-worker-shim.js").resolve()}


def test_the_pure_functions_pass_nodes_test_runner() -> None:
    _tool("eslint")  # (node, and the folder installed)
    done = _run(["node", "--test", str(JS / "play.test.mjs")])
    assert done.returncode == 0 and "# fail 0" in done.stdout, done.stdout + done.stderr
