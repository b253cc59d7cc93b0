"""The site's build time beside a plain Material for MkDocs site of as many pages, in the same run.

``python scripts/bench_site.py [--rounds 3] [--json] [--no-bytecode]``

* ours: ``mkdocs build --strict`` of the generated ``mkdocs.yml`` (every page of the build folder's
  ``docs/``) into a temporary folder, then the builder's steps after it that were MkDocs hooks
  before (``python -m reversis_site.finish --no-try``: the search's documents and the
  Content-Security-Policy; "Try it" only copies files, and is left out);
* plain: ``mkdocs build --strict`` of a site generated into a temporary folder: Material with
  its defaults (no web fonts, as ours), one plain Markdown page (headings, paragraphs, a list)
  for each page of ours, each as long as its counterpart (the parts the theme splices into a
  page counted with it), and nothing else;
* generation: ``python -m reversis_site --out FOLDER`` rendering every generated page into a
  build folder of its own (what ``make pages`` does, interpreter start-up included; with its
  default ``--jobs``, two processes where there are two cores), which ours is then built from.

The two builds alternate for ``--rounds`` rounds (which goes first alternates too); the median of
each is reported with the ratio of the medians, beside the goal: at most 1.5 times the plain
site, generation included. Each build is a fresh process, as ``make build`` runs it. Python
writes the bytecode of the modules it imports on the unmeasured first round, as it does on a
reader's machine (``PYTHONDONTWRITEBYTECODE``, if the environment sets it, is not passed on: the
packages MkDocs runs, installed by pip, have theirs already, and ours would otherwise be compiled
again in every process); ``--no-bytecode`` measures every process, ours and the plain site's,
with no bytecode read or written (every module compiled each time). Each time is
given on the clock and in processor seconds (user and system, of the process and its children):
on a machine that other work keeps busy, the clock's ratio moves with that work, the processor's
much less.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from importlib import metadata
from pathlib import Path
from typing import Any

import yaml
from reversis_site import fragments as site_fragments

REPO = Path(__file__).resolve().parent.parent
GOAL = 1.5

# The text the plain pages are made of, a few words at a time.
_TEXT = (
    "the quinola is the jack of hearts and the player who holds it tries to place it on a trick "
    "he does not win while the others try to force it out early so that its holder pays the pool "
    "each trick taken costs points at the end of the hand and whoever takes none wins the talon"
)
_WORDS = _TEXT.split()


def our_pages(docs: Path) -> list[Path]:
    """Every Markdown page of the site (each becomes one HTML page), in the build folder's ``docs``."""
    return sorted(docs.rglob("*.md"))


_FRAGMENTS = re.compile(r"\A---\n(?:.*\n)*?fragments: (?P<key>\S+)\n(?:.*\n)*?---\n")


def page_length(page: Path, docs: Path) -> int:
    """The characters of a page: its Markdown, and the parts the theme splices into it (a worked
    example's deal, replay, tricks and scenario, ``reversis_site.fragments``), which Markdown does
    not read but which are as much of the page."""
    text = page.read_text(encoding="utf-8")
    match = _FRAGMENTS.match(text)
    if match is None:
        return len(text)
    return len(text) + len((docs / site_fragments.path_of(match["key"])).read_text(encoding="utf-8"))


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


#: One measured run: its seconds on the clock, and the processor seconds (user and system) of its process.
Timing = tuple[float, float]


#: The environment of every measured process (:func:`environment`).
ENV: dict[str, str] = {}


def environment(*, empty_pycache: Path | None = None) -> dict[str, str]:
    """This environment, Python writing and reading the bytecode of what it imports; with an
    ``empty_pycache`` folder, neither (every module compiled each time)."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPYCACHEPREFIX")}
    env["NO_MKDOCS_2_WARNING"] = "1"
    if empty_pycache is not None:
        env.update(PYTHONDONTWRITEBYTECODE="1", PYTHONPYCACHEPREFIX=str(empty_pycache))
    return env


def _timed(command: list[str], what: str, *, cwd: Path = REPO) -> Timing:
    """The clock's and the processor's seconds taken by ``command`` (a fresh process). The processor's
    are those of the process and its children, which a busy machine does not inflate as it does
    the clock's."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True, cwd=cwd, env=ENV, check=False)
    seconds = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if result.returncode != 0:
        raise SystemExit(f"{what} failed:\n{result.stderr}")
    return seconds, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def mkdocs_build(config: Path, site_dir: Path) -> Timing:
    """The time of ``mkdocs build --strict`` of ``config`` into ``site_dir``."""
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "-f", str(config), "-d", str(site_dir)]
    return _timed(command, f"mkdocs build of {config}", cwd=config.parent)


def generate(out: Path) -> Timing:
    """The time of ``python -m reversis_site`` writing every generated page into the build folder ``out``."""
    return _timed([sys.executable, "-m", "reversis_site", "--quiet", "--out", str(out)], "python -m reversis_site")


def build_ours(config: Path, site_dir: Path) -> Timing:
    """The time of ``mkdocs build --strict`` of ``config`` and of the steps after it (but "Try it")."""
    built = mkdocs_build(config, site_dir)
    finish = [sys.executable, "-m", "reversis_site.finish", "--no-try", str(site_dir)]
    finished = _timed(finish, "python -m reversis_site.finish")
    return built[0] + finished[0], built[1] + finished[1]


def _ratios(ours: list[float], plain: list[float], generation: list[float]) -> dict[str, float]:
    ours_s, plain_s, generation_s = (statistics.median(t) for t in (ours, plain, generation))
    return {
        "ours": ours_s,
        "plain": plain_s,
        "generation": generation_s,
        "ratio_build": ours_s / plain_s,
        "ratio_with_generation": (ours_s + generation_s) / plain_s,
    }


def run(rounds: int, *, bytecode: bool = True) -> dict[str, Any]:
    ours: list[Timing] = []
    plain: list[Timing] = []
    generation: list[Timing] = []
    with tempfile.TemporaryDirectory(prefix="bench-site-") as tmp:
        folder = Path(tmp)
        ENV.clear()
        ENV.update(environment(empty_pycache=None if bytecode else folder / "no-bytecode"))
        build = folder / "pages"
        generate(build)  # unmeasured: the plain pages are as long as these
        docs = build / "docs"
        pages = our_pages(docs)
        lengths = [page_length(p, docs) for p in pages]
        plain_config = write_plain_site(folder / "plain", lengths)
        builds = [
            ("ours", build / "mkdocs.yml", ours, build_ours),
            ("plain", plain_config, plain, mkdocs_build),
        ]
        # one unmeasured build of each first: Python's bytecode caches and the disk cache warm
        for name, config, _, builder in builds:
            builder(config, folder / f"site-{name}")
        for number in range(rounds):
            generation.append(generate(build))
            order = builds if number % 2 == 0 else builds[::-1]
            for name, config, times, builder in order:
                times.append(builder(config, folder / f"site-{name}"))
        built = sum(1 for _ in (folder / "site-ours").rglob("*.html"))
        built_plain = sum(1 for _ in (folder / "site-plain").rglob("*.html"))
    clock = _ratios(*([t[0] for t in times] for times in (ours, plain, generation)))
    cpu = _ratios(*([t[1] for t in times] for times in (ours, plain, generation)))
    return {
        "pages": len(pages),
        "html_files": {"ours": built, "plain": built_plain},
        "page_characters": {"ours": sum(lengths), "plain": "about the same, page by page"},
        "rounds": rounds,
        "seconds": {"ours": ours, "plain": plain, "generation": generation},  # (clock, processor) each round
        "clock": clock,
        "cpu": cpu,
        "ratio_build": clock["ratio_build"],
        "ratio_with_generation": clock["ratio_with_generation"],
        "goal": GOAL,
        "bytecode": bytecode,
        "load_average": os.getloadavg(),
        "cpus": os.cpu_count(),
        "python": platform.python_version(),
        "mkdocs": metadata.version("mkdocs"),
        "mkdocs_material": metadata.version("mkdocs-material"),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--rounds", type=int, default=3, help="alternating rounds (default 3)")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument(
        "--no-bytecode", action="store_true", help="no bytecode read or written: every module compiled in each process"
    )
    args = parser.parse_args(argv)
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    load = os.getloadavg()
    result = run(args.rounds, bytecode=not args.no_bytecode)
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(
        f"pages: {result['pages']} Markdown pages each "
        f"({result['html_files']['ours']} and {result['html_files']['plain']} HTML files with the 404 page)"
    )
    print(f"rounds: {result['rounds']} (alternating; medians shown, every round in --json)")
    bytecode = (
        "written on the first round"
        if result["bytecode"]
        else "none (--no-bytecode: every module compiled in each process)"
    )
    print(f"Python's bytecode: {bytecode}")
    print(
        "load average (1, 5, 15 min): before {:.2f} {:.2f} {:.2f}, after {:.2f} {:.2f} {:.2f}".format(
            *load, *result["load_average"]
        )
    )
    clock, cpu = result["clock"], result["cpu"]
    print(f"{'':<64}{'clock':>9} {'processor':>10}")
    for name, what in [
        ("ours", "mkdocs build --strict, then the search and the policy"),
        ("plain", "mkdocs build --strict"),
        ("generation", "python -m reversis_site"),
    ]:
        print(f"{name + ':':<12}{what:<52}{clock[name]:7.2f} s {cpu[name]:8.2f} s")
    for key, what in [("ratio_build", "ratio (build)"), ("ratio_with_generation", "ratio (generation + build)")]:
        print(f"{what:<64}{clock[key]:8.2f}x {cpu[key]:9.2f}x")
    verdict = "met" if clock["ratio_with_generation"] <= GOAL else "not met"
    print(f"goal: generation + build at most {GOAL}x the plain site on the clock: {verdict}")
    print(
        f"python {result['python']}, mkdocs {result['mkdocs']}, mkdocs-material {result['mkdocs_material']}, "
        f"{result['cpus']} cores"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
