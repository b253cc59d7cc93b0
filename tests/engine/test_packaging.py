"""The distribution as ``pip install .`` builds it: a wheel built from a copy of this checkout's
package files in a temporary folder (not from the checkout, whose ``build/lib`` may hold what an
earlier build left there), ships the data folders (the rulesets, the schemas, the site builder's templates) beside the
modules, and setuptools warns of nothing missing from its ``packages``."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


PACKAGE_FILES = (
    "setup.py",
    "pyproject.toml",
    "README.md",
    "reversis",
    "scripts/reversis_site",
    "scripts/reversis_mutants",
)


def _wheel(tmp: Path, *, engine_only: bool) -> tuple[list[str], str]:
    source, out = tmp / "source", tmp / "wheel"
    for name in PACKAGE_FILES:
        if (REPO / name).is_dir():
            shutil.copytree(REPO / name, source / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            (source / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(REPO / name, source / name)
    env = {**os.environ, "REVERSIS_ENGINE_ONLY": "1" if engine_only else "0"}
    command = [sys.executable, "-m", "pip", "wheel", "--no-deps", "-v", "--wheel-dir", str(out), str(source)]
    done = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    if done.returncode != 0:
        pytest.fail(f"pip wheel failed:\n{done.stderr[-2000:]}")
    (wheel,) = out.glob("reversis-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        return archive.namelist(), done.stdout + done.stderr


@pytest.mark.parametrize("engine_only", [False, True], ids=["with the tools", "the engine alone"])
def test_the_wheel_ships_the_data_and_setuptools_warns_of_nothing(tmp_path: Path, engine_only: bool) -> None:
    names, output = _wheel(tmp_path, engine_only=engine_only)
    assert "absent from the `packages` configuration" not in output
    shipped = {n for n in names if not n.endswith(".py")}
    for folder, pattern in (("reversis/rulesets", "*.yaml"), ("reversis/schemas", "*.json")):
        wanted = {f"{folder}/{p.name}" for p in (REPO / folder).glob(pattern)}
        assert wanted and wanted <= shipped, folder
    templates = {f"reversis_site/templates/{p.name}" for p in (REPO / "scripts/reversis_site/templates").glob("*.j2")}
    assert templates
    if engine_only:
        assert not [n for n in names if n.startswith(("reversis_site/", "reversis_mutants/"))]
    else:
        assert templates <= shipped
        assert "reversis_site/build.py" in names
        assert "reversis_mutants/check.py" in names
