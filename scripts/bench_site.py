"""The site's build time beside a plain Material for MkDocs site of as many pages, in the same run.

``python scripts/bench_site.py [--rounds 3] [--json]``

* ours: ``mkdocs build --strict`` of the repository's ``mkdocs.yml`` (every page of ``docs/``)
  into a temporary folder;
* plain: ``mkdocs build --strict`` of a site generated into a temporary folder: Material with
  its defaults (no web fonts, as ours), one plain Markdown page (headings, paragraphs, a list)
  for each page of ours, each as long as its counterpart (the parts the theme splices into a
  page counted with it), and nothing else;
* generation: ``scripts/build_site.py --docs COPY`` rendering every generated page into a copy
  of ``docs/`` (what ``make pages`` does, interpreter start-up included; with its default
  ``--jobs``, two processes where there are two cores).

The two builds alternate for ``--rounds`` rounds (which goes first alternates too); the median of
each is reported with the ratio of the medians, beside the goal: at most 1.5 times the plain
site, generation included. Each build is a fresh process, as ``make build`` runs it.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from importlib import metadata
from pathlib import Path
from typing import Any

import site_fragments  # beside this script
import yaml

REPO = Path(__file__).resolve().parent.parent
DOCS = REPO / "docs"
GOAL = 1.5

# The text the plain pages are made of, a few words at a time.
_TEXT = (
    "the quinola is the jack of hearts and the player who holds it tries to place it on a trick "
    "he does not win while the others try to force it out early so that its holder pays the pool "
    "each trick taken costs points at the end of the hand and whoever takes none wins the talon"
)
_WORDS = _TEXT.split()


def our_pages() -> list[Path]:
    """Every Markdown page of the site (each becomes one HTML page)."""
    return sorted(DOCS.rglob("*.md"))


_FRAGMENTS = re.compile(r"\A---\n(?:.*\n)*?fragments: (?P<key>\S+)\n(?:.*\n)*?---\n")


def page_length(page: Path) -> int:
    """The characters of a page: its Markdown, and the parts the theme splices into it (a worked
    example's deal, replay, tricks and scenario, ``scripts/site_fragments.py``), which Markdown does
    not read but which are as much of the page."""
    text = page.read_text(encoding="utf-8")
    match = _FRAGMENTS.match(text)
    if match is None:
        return len(text)
    return len(text) + len((DOCS / site_fragments.path_of(match["key"])).read_text(encoding="utf-8"))


def plain_page(number: int, length: int) -> str:
    """A plain Markdown page of about ``length`` characters: a title, sections, paragraphs, a list."""
    parts = [f"# Page {number}\n"]
    section = 0
    word = number
    while sum(len(part) for part in parts) < length:
        if section % 4 == 0:
            parts.append(f"\n## Section {section // 4 + 1}\n")
        if section % 5 == 4:
            items = [f"- {' '.join(_WORDS[(word + i) % len(_WORDS)] for i in range(6))}" for i in range(4)]
            parts.append("\n" + "\n".join(items) + "\n")
        else:
            sentence = " ".join(_WORDS[(word + i) % len(_WORDS)] for i in range(60))
            parts.append(f"\n{sentence.capitalize()}.\n")
        word += 7
        section += 1
    return "".join(parts)


def write_plain_site(folder: Path, lengths: list[int]) -> Path:
    """A plain Material site with one page per length; returns its ``mkdocs.yml``."""
    docs = folder / "docs"
    docs.mkdir(parents=True)
    for number, length in enumerate(lengths):
        name = "index.md" if number == 0 else f"page-{number:03d}.md"
        (docs / name).write_text(plain_page(number, length), encoding="utf-8")
    config = folder / "mkdocs.yml"
    settings = {
        "site_name": "Plain",
        "site_url": "https://example.org/plain/",
        "theme": {"name": "material", "font": False},
    }
    config.write_text(yaml.safe_dump(settings, sort_keys=False), encoding="utf-8")
    return config


def mkdocs_build(config: Path, site_dir: Path) -> float:
    """Seconds taken by ``mkdocs build --strict`` of ``config`` into ``site_dir`` (a fresh process)."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "-f", str(config), "-d", str(site_dir)]
    start = time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True, env=env, cwd=config.parent, check=False)
    seconds = time.perf_counter() - start
    if result.returncode != 0:
        raise SystemExit(f"mkdocs build of {config} failed:\n{result.stderr}")
    return seconds


def generate(docs_copy: Path) -> float:
    """Seconds taken by ``scripts/build_site.py`` writing every generated page into ``docs_copy``."""
    command = [sys.executable, str(REPO / "scripts" / "build_site.py"), "--docs", str(docs_copy)]
    start = time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True, cwd=REPO, check=False)
    seconds = time.perf_counter() - start
    if result.returncode != 0:
        raise SystemExit(f"scripts/build_site.py failed:\n{result.stderr}")
    return seconds


def run(rounds: int) -> dict[str, Any]:
    pages = our_pages()
    lengths = [page_length(p) for p in pages]
    ours: list[float] = []
    plain: list[float] = []
    generation: list[float] = []
    with tempfile.TemporaryDirectory(prefix="bench-site-") as tmp:
        folder = Path(tmp)
        plain_config = write_plain_site(folder / "plain", lengths)
        docs_copy = folder / "docs"
        shutil.copytree(DOCS, docs_copy)
        builds = [
            ("ours", REPO / "mkdocs.yml", ours),
            ("plain", plain_config, plain),
        ]
        # one unmeasured build of each first: Python's bytecode caches and the disk cache warm
        for name, config, _ in builds:
            mkdocs_build(config, folder / f"site-{name}")
        for number in range(rounds):
            order = builds if number % 2 == 0 else builds[::-1]
            for name, config, times in order:
                times.append(mkdocs_build(config, folder / f"site-{name}"))
            generation.append(generate(docs_copy))
        built = sum(1 for _ in (folder / "site-ours").rglob("*.html"))
        built_plain = sum(1 for _ in (folder / "site-plain").rglob("*.html"))
    ours_s, plain_s, generation_s = (statistics.median(t) for t in (ours, plain, generation))
    return {
        "pages": len(pages),
        "html_files": {"ours": built, "plain": built_plain},
        "page_characters": {"ours": sum(lengths), "plain": "about the same, page by page"},
        "rounds": rounds,
        "seconds": {
            "ours": ours,
            "plain": plain,
            "generation": generation,
        },
        "median_seconds": {"ours": ours_s, "plain": plain_s, "generation": generation_s},
        "ratio_build": ours_s / plain_s,
        "ratio_with_generation": (ours_s + generation_s) / plain_s,
        "goal": GOAL,
        "cpus": os.cpu_count(),
        "python": platform.python_version(),
        "mkdocs": metadata.version("mkdocs"),
        "mkdocs_material": metadata.version("mkdocs-material"),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--rounds", type=int, default=3, help="alternating rounds (default 3)")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    args = parser.parse_args(argv)
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    result = run(args.rounds)
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    median = result["median_seconds"]
    print(
        f"pages: {result['pages']} Markdown pages each "
        f"({result['html_files']['ours']} and {result['html_files']['plain']} HTML files with the 404 page)"
    )
    print(f"rounds: {result['rounds']} (alternating; median shown, every round in --json)")
    print(f"ours:       mkdocs build --strict  {median['ours']:6.2f} s")
    print(f"plain:      mkdocs build --strict  {median['plain']:6.2f} s")
    print(f"generation: scripts/build_site.py  {median['generation']:6.2f} s")
    print(f"ratio (build):                  {result['ratio_build']:.2f}x")
    verdict = "met" if result["ratio_with_generation"] <= GOAL else "not met"
    print(f"ratio (generation + build):     {result['ratio_with_generation']:.2f}x (goal <= {GOAL}x: {verdict})")
    print(
        f"python {result['python']}, mkdocs {result['mkdocs']}, mkdocs-material {result['mkdocs_material']}, "
        f"{result['cpus']} cores"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
