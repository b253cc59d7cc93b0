"""Build the annotation exports: ``python -m reversis.apps.annotation_exports [--check] [--root DIR] [SOURCE-ID ...]``.

Writes ``annotations/exports/<source-id>.jsonld``, the annotations of each
source as a W3C Web Annotation collection (JSON-LD; see
``reversis/annotations/webanno.py``), for every source of the corpus, or the
sources named. With ``--check`` nothing is written: the exit status is 1 and
the stale files are named if a committed export differs from what would be
generated (or is missing, or is not an export). An annotation or corpus error
is one line and exit status 2.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from reversis.annotations import annotations_root, load_annotations
from reversis.annotations.webanno import EXPORTS_DIR, export_files, export_name
from reversis.core.errors import AnnotationError, CorpusError
from reversis.corpus.load import load_corpus


def stale_files(folder: Path, wanted: dict[str, bytes], *, every: bool = True) -> list[tuple[Path, str]]:
    """The files of ``folder`` that differ from ``wanted``, each with the reason; ``every``: others too."""
    stale: list[tuple[Path, str]] = []
    for name, content in wanted.items():
        path = folder / name
        if not path.is_file():
            stale.append((path, "missing"))
        elif path.read_bytes() != content:
            stale.append((path, "differs"))
    if every and folder.is_dir():
        stale += [(p, "not an export") for p in sorted(folder.iterdir()) if p.name not in wanted]
    return stale


def write_exports(folder: Path, wanted: dict[str, bytes], *, every: bool = True) -> list[Path]:
    """Write ``wanted`` into ``folder``, removing its other files if ``every``; returns the files changed."""
    folder.mkdir(exist_ok=True)
    changed = []
    for name, content in wanted.items():
        path = folder / name
        if not path.is_file() or path.read_bytes() != content:
            path.write_bytes(content)
            changed.append(path)
    if every:
        for path in sorted(folder.iterdir()):
            if path.name not in wanted and path.is_file():
                path.unlink()
                changed.append(path)
    return changed


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 naming stale exports")
    parser.add_argument("--root", type=Path, default=None, help="the annotations folder (default: the repository's)")
    parser.add_argument("sources", nargs="*", help="source ids (default: every source)")
    args = parser.parse_args(argv)
    try:
        root = annotations_root(args.root)
        corpus = load_corpus()
        for source_id in args.sources:
            corpus.source(source_id)
        files = export_files(corpus, load_annotations(root))
    except (AnnotationError, CorpusError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    every = not args.sources
    if not every:
        named = {export_name(source_id) for source_id in args.sources}
        files = {name: content for name, content in files.items() if name in named}
    folder = root / EXPORTS_DIR
    if args.check:
        stale = stale_files(folder, files, every=every)
        for path, why in stale:
            print(f"stale export: {path} ({why})")
        if stale:
            print("run: python -m reversis.apps.annotation_exports", file=sys.stderr)
            return 1
        print(f"exports up to date: {len(files)} sources")
        return 0
    for path in write_exports(folder, files, every=every):
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
