"""The engine's wheel that "Try it" puts into the site holds the engine alone, whatever an earlier build
left in the checkout (``reversis_site.try_it.project_wheel`` builds it from a copy of the package's files)."""

from __future__ import annotations

import shutil
import zipfile
from pathlib import Path

import pytest
from reversis_site import try_it


def test_a_stale_build_folder_of_the_checkout_does_not_reach_the_wheel(tmp_path: Path) -> None:
    checkout = tmp_path / "checkout"
    for name in try_it.WHEEL_SOURCES:
        if (try_it.REPO / name).is_dir():
            shutil.copytree(try_it.REPO / name, checkout / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            checkout.mkdir(exist_ok=True)
            shutil.copyfile(try_it.REPO / name, checkout / name)
    # what an earlier build of the whole distribution leaves in the checkout's build/lib
    for stale in ("reversis_site/build.py", "reversis/stale.py"):
        path = checkout / "build" / "lib" / stale
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("STALE = True\n", encoding="utf-8")
    wheel = try_it.project_wheel(checkout, tmp_path / "cache")
    names = try_it.engine_files(wheel)
    assert "reversis/games/reversis/hand.py" in names
    assert "reversis/rulesets/encyclopedie-1765.yaml" in names
    assert not [n for n in names if n.startswith("reversis_site/") or n.endswith("stale.py")]
    assert try_it.project_wheel(checkout, tmp_path / "cache") == wheel  # kept while the files are unchanged


def test_a_wheel_with_more_than_the_engine_is_refused(tmp_path: Path) -> None:
    wheel = tmp_path / "reversis-0.1.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        for name in ("reversis/__init__.py", "reversis-0.1.0.dist-info/METADATA", "reversis_site/build.py"):
            archive.writestr(name, "")
    with pytest.raises(try_it.Unavailable, match=r"reversis_site/build\.py, which is not the engine's"):
        try_it.engine_files(wheel)
