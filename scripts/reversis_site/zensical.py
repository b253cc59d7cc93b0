"""The site built by Zensical, Material for MkDocs' successor: ``python -m reversis_site.zensical SITE_DIR``.

The generated pages (``build/pages/``, ``make pages``) are built by ``zensical build`` instead of
MkDocs, from a copy of their configuration (``build/pages/zensical.yml``) whose ``site_dir`` lies
inside the folder, as Zensical requires; the site is then moved to ``SITE_DIR`` and given the
builder's steps after it (:mod:`reversis_site.finish`: the search's documents, made from Zensical's
``search.json``, the Content-Security-Policy, "Try it"). ``make zensical`` runs it, with the pinned
Zensical of the ``zensical`` extra; the README says what differs from the MkDocs build.

A problem is one line and exit status 2.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

from reversis_site import finish
from reversis_site.build import BUILD

#: The configuration Zensical reads, beside the generated one, and the folder it builds into.
CONFIG = "zensical.yml"
INSIDE = "site-zensical"


def config(pages: Path = BUILD) -> Path:
    """``pages/zensical.yml``: the generated ``mkdocs.yml`` with its ``site_dir`` inside ``pages``."""
    lines = (pages / "mkdocs.yml").read_text(encoding="utf-8").splitlines()
    kept = [f"site_dir: {INSIDE}" if line.startswith("site_dir:") else line for line in lines]
    path = pages / CONFIG
    path.write_text("\n".join(kept) + "\n", encoding="utf-8")
    return path


def build(site: Path, *, pages: Path = BUILD) -> None:
    """The site built by Zensical into ``site`` (replaced). Raises :class:`RuntimeError` with
    Zensical's last words when its build fails."""
    zensical = shutil.which("zensical", path=str(Path(sys.executable).parent)) or shutil.which("zensical")
    if zensical is None:
        raise RuntimeError("Zensical is not installed (make zensical installs the pinned one)")
    config(pages)
    built = pages / INSIDE
    shutil.rmtree(built, ignore_errors=True)
    done = subprocess.run(
        [zensical, "build", "--clean", "-f", CONFIG], cwd=pages, capture_output=True, text=True, check=False
    )
    if done.returncode != 0 or not (built / "index.html").is_file():
        said = (done.stderr or done.stdout).strip().splitlines()
        raise RuntimeError(f"zensical build failed: {said[-1] if said else f'exit status {done.returncode}'}")
    shutil.rmtree(site, ignore_errors=True)
    shutil.move(built, site)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("site", type=Path, help="where the site goes (replaced)")
    parser.add_argument("--no-try", action="store_true", help='without the files of "Try it"')
    args = parser.parse_args(argv)
    if not (BUILD / "mkdocs.yml").is_file():
        print(f"error: {BUILD}: no generated pages (run make pages)", file=sys.stderr)
        return 2
    try:
        build(args.site.resolve())
    except RuntimeError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print("zensical: site built")
    return finish.main([str(args.site), *(["--no-try"] if args.no_try else [])])


if __name__ == "__main__":
    sys.exit(main())
