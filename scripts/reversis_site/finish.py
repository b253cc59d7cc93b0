"""The builder's steps after MkDocs: ``python -m reversis_site.finish SITE_DIR [--no-try]``.

Run on the site that ``mkdocs build -f build/pages/mkdocs.yml`` wrote (``make build`` and ``make
offline`` run it, and so do the site tests), in this order:

1. the search's documents (:mod:`reversis_site.search`), from the index the search plugin wrote;
2. the Content-Security-Policy of every page (:mod:`reversis_site.csp`), which must come after
   anything that changes a page;
3. the files of "Try it" (:mod:`reversis_site.try_it`), except with ``--no-try`` (the copy read from
   disk, whose pages cannot run the engine);
4. the corpus as Distributed Text Services, level 0 (:mod:`reversis_site.dts`): static files under
   ``api/dts/``.

A problem is one line and exit status 2.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from reversis.core.errors import ReversisError
from reversis_site import csp, search


def finish(site: Path, *, with_try: bool = True) -> list[str]:
    """Every step on the built site ``site``; a line on each."""
    lines = ["search: documents written" if search.finish(site) else "search: no index in the site"]
    lines.append(f"content security policy: {csp.finish(site)} pages")
    if with_try:
        from reversis_site import try_it  # the engine and the examples: imported only where the site runs them

        lines.append(try_it.report(site, try_it.write(site)))
    from reversis.corpus import load_corpus
    from reversis_site import dts

    lines.append(f"distributed text services: {dts.write(site, load_corpus())} files in {dts.API}/")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("site", type=Path, help="the built site (mkdocs build's site_dir)")
    parser.add_argument("--no-try", action="store_true", help='without the files of "Try it"')
    args = parser.parse_args(argv)
    if not (args.site / "index.html").is_file():
        print(f"error: {args.site}: no built site there (no index.html)", file=sys.stderr)
        return 2
    errors: tuple[type[Exception], ...] = (ReversisError, csp.PolicyError)
    if not args.no_try:
        from reversis_site.try_it import Unavailable

        errors += (Unavailable,)
    try:
        lines = finish(args.site, with_try=not args.no_try)
    except errors as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
