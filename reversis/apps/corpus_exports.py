"""Build the corpus exports: ``python -m reversis.apps.corpus_exports [--check] [--root CORPUS] [SOURCE-ID ...]``.

Writes ``corpus/<source-id>/exports/`` (TEI, plain text, CSL-JSON, BibTeX and
the correction report) for every source, or the sources named. With
``--check`` nothing is written: the exit status is 1 and the stale files are
named if a committed export differs from what would be generated (or is
missing, or is not an export). A corpus error is one line and exit status 2.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from reversis.core.errors import CorpusError
from reversis.corpus.exports import EXPORTS_DIR, export_files
from reversis.corpus.load import load_corpus
from reversis.corpus.model import Source


def stale_files(source: Source) -> list[tuple[Path, str]]:
    """The export files of ``source`` that differ from what would be generated, each with the reason."""
    folder = source.folder / EXPORTS_DIR
    wanted = export_files(source)
    stale: list[tuple[Path, str]] = []
    for name, content in wanted.items():
        path = folder / name
        if not path.is_file():
            stale.append((path, "missing"))
        elif path.read_bytes() != content:
            stale.append((path, "differs"))
    if folder.is_dir():
        stale += [(p, "not an export") for p in sorted(folder.iterdir()) if p.name not in wanted]
    return stale


def write_exports(source: Source) -> list[Path]:
    """Write the exports of ``source``, removing other files of its exports folder; returns the files changed."""
    folder = source.folder / EXPORTS_DIR
    folder.mkdir(exist_ok=True)
    changed = []
    wanted = export_files(source)
    for name, content in wanted.items():
        path = folder / name
        if not path.is_file() or path.read_bytes() != content:
            path.write_bytes(content)
            changed.append(path)
    for path in sorted(folder.iterdir()):
        if path.name not in wanted and path.is_file():
            path.unlink()
            changed.append(path)
    return changed


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 naming stale exports")
    parser.add_argument("--root", type=Path, default=None, help="the corpus folder (default: the repository's)")
    parser.add_argument("sources", nargs="*", help="source ids (default: every source)")
    args = parser.parse_args(argv)
    try:
        corpus = load_corpus(args.root)
        sources = [corpus.source(s) for s in args.sources] if args.sources else list(corpus.sources)
    except CorpusError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.check:
        stale = [item for source in sources for item in stale_files(source)]
        for path, why in stale:
            print(f"stale export: {path} ({why})")
        if stale:
            print("run: python -m reversis.apps.corpus_exports", file=sys.stderr)
            return 1
        print(f"exports up to date: {len(sources)} sources")
        return 0
    for source in sources:
        for path in write_exports(source):
            print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
