"""Build the site's generated pages: ``python scripts/build_site.py [--check]``.

Renders the jinja2 templates of ``scripts/templates/`` into Markdown pages
under ``docs/``: one page per source (``docs/sources/<id>.md``, served at
``/sources/<id>/`` as :func:`reversis.corpus.paragraph_url` prints; :mod:`site_sources`), one per
ruleset (``docs/rulesets/<id>.md``), the bibliography, the glossary and the downloads, the home
page, the rule topics and the worked examples (:mod:`site_topics`, :mod:`site_examples`). The
pages are committed; with ``--check`` nothing is written, and the exit status
is 1 naming each stale page (missing, different, or a generated folder's page
that is no longer generated). A corpus, annotation or ruleset error is one
line and exit status 2. ``--jobs 2`` (the default where there are two cores) renders the worked
examples in a second process beside the other pages.

Every value from the corpus, the annotations and the rulesets goes through
:func:`site_text.text` (escaped, Markdown's characters as references); links between pages are
written by :mod:`site_links`.
"""

from __future__ import annotations

import argparse
import contextlib
import multiprocessing
import os
import re
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import jinja2
from markupsafe import Markup

from reversis.annotations import Annotation, Term, load_annotations, load_glossary
from reversis.core.errors import AnnotationError, ReversisError
from reversis.core.ruleset import Ruleset, load_ruleset, ruleset_ids
from reversis.corpus import Corpus, Source, load_bibliography, load_corpus, source_url
from reversis.corpus.bib import csl_item
from reversis.corpus.cite import render_csl
from reversis.corpus.markup import collapse

REPO = Path(__file__).resolve().parent.parent
DOCS = REPO / "docs"
TEMPLATES = Path(__file__).resolve().parent / "templates"
# The page modules beside this script (site_topics, …) import by their names, also when this
# script is loaded by its path, as the tests load it.
if str(TEMPLATES.parent) not in sys.path:
    sys.path.append(str(TEMPLATES.parent))

# the page modules beside this script: on the path from here
from site_fragments import FragmentError  # noqa: E402
from site_links import anchor, annotation_link, fold, href, paragraph_link, relative, term_anchor  # noqa: E402
from site_sources import DOWNLOADS, download_files, downloads_page, source_page  # noqa: E402
from site_text import (  # noqa: E402
    ABBREVIATIONS,
    Glossed,
    abbreviations_page,
    code,
    finalize,
    quotation,
    transcription_html,
    translation_html,
)
from site_yaml import block_yaml, flow_yaml  # noqa: E402

#: The folders of ``docs/`` whose every page is generated: a page there that is not generated is stale.
GENERATED_FOLDERS = ("sources", "rulesets", "topics", "examples")


def identifiers(site: Site, pages: Iterable[Path]) -> set[str]:
    """Every identifier the pages show as text: sources, paragraphs, annotations, rulesets, options,
    engine rules, and the names of the pages and downloads."""
    names = {s.id for s in site.corpus.sources} | {p.id for p in site.corpus.paragraphs()}
    names |= {a.id for a in site.annotations} | {r for a in site.annotations for r in a.rules}
    names |= {a.topic for a in site.annotations} | {o for a in site.annotations for o in a.options}
    for rules in site.rulesets:
        names |= {rules.id, *rules.options, *rules.rule_cites}
    names |= {part for path in pages for part in path.parts}
    return names


# ---- the data each template is given ------------------------------------------------------------


@dataclass(frozen=True)
class Site:
    """Everything the pages are built from, loaded once."""

    corpus: Corpus
    annotations: tuple[Annotation, ...]
    rulesets: tuple[Ruleset, ...]
    glossary: tuple[Term, ...]

    @classmethod
    def load(cls) -> Site:
        return cls(
            corpus=load_corpus(),
            annotations=load_annotations(),
            rulesets=tuple(load_ruleset(r) for r in ruleset_ids()),
            glossary=load_glossary(),
        )

    @property
    def sources(self) -> list[Source]:
        """The sources by date, as the site lists them: the dated first, oldest first, the undated last."""
        return sorted(self.corpus.sources, key=lambda s: (s.sort_year is None, s.sort_year or 0))

    def annotations_of(self, paragraph_id: str) -> list[Annotation]:
        return [a for a in self.annotations if a.paragraph == paragraph_id]

    def annotation(self, annotation_id: str) -> Annotation:
        for a in self.annotations:
            if a.id == annotation_id:
                return a
        raise AnnotationError(f"unknown annotation id {annotation_id!r}")

    def option_home(self, annotation: Annotation, name: str) -> Ruleset | None:
        """The ruleset page that documents option ``name`` of an annotation, if any."""
        for ruleset in self.rulesets:
            if name in ruleset.options and (ruleset.id in annotation.rulesets or not annotation.rulesets):
                return ruleset
        return None


def _environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES),
        autoescape=True,
        finalize=finalize,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["transcription"] = transcription_html
    env.filters["translation"] = translation_html
    env.filters["flow_yaml"] = flow_yaml
    env.filters["block_yaml"] = block_yaml
    env.filters["collapse"] = collapse
    env.filters["anchor"] = anchor
    env.filters["href"] = href
    env.filters["code"] = code
    env.globals["hashes"] = lambda level: Markup("#" * int(level))
    return env


# ---- the pages ----------------------------------------------------------------------------------


def ruleset_page(site: Site, rules: Ruleset, env: jinja2.Environment) -> str:
    page = f"rulesets/{rules.id}.md"
    players = rules.get("players")
    options = []
    for name, opt in rules.options.items():
        options.append(
            {
                "name": name,
                "option": opt,
                "default": flow_yaml(opt.default),
                "allowed": opt.allowed(rules.pack, players=players if isinstance(players, int) else None),
                "cites": [(pid, paragraph_link(pid, page=page)) for pid in opt.cites],
                "annotations": [
                    (site.annotation(aid), annotation_link(site.annotation(aid), page=page)) for aid in opt.annotations
                ],
            }
        )
    engine_rules = [
        {
            "rule": rule,
            "anchor": "rule-" + re.sub(r"[^a-z0-9]+", "-", rule),
            "basis": rules.rule_basis.get(rule, "stated"),
            "cites": [(pid, paragraph_link(pid, page=page)) for pid in cites],
            "annotations": [
                (aid, annotation_link(site.annotation(aid), page=page)) for aid in rules.rule_annotations[rule]
            ],
        }
        for rule, cites in rules.rule_cites.items()
    ]
    readings = []
    for a in site.annotations:
        if rules.id not in a.rulesets or not a.readings:
            continue
        readings.append(
            {
                "annotation": a,
                "link": annotation_link(a, page=page),
                "readings": [
                    {
                        "reading": r,
                        "snippet": block_yaml({"ruleset": rules.id, "options": dict(r.options)}),
                    }
                    for r in a.readings
                ],
            }
        )
    conventions = [
        {"convention": c, "cites": [(pid, paragraph_link(pid, page=page)) for pid in c.cites]}
        for c in rules.conventions
    ]
    import site_examples  # the worked examples, played by the engine

    examples = [
        {"title": e.title, "link": relative(f"examples/{e.page}.md", page), "rules": e.rules}
        for e in site_examples.load_examples()
        if e.ruleset == rules.id
    ]
    return env.get_template("ruleset.md.j2").render(
        examples=examples,
        rules=rules,
        source=site.corpus.source(rules.source),
        source_link=relative(f"sources/{rules.source}.md", page),
        options=options,
        engine_rules=engine_rules,
        readings=readings,
        conventions=conventions,
        example=block_yaml({"ruleset": rules.id, "options": _example_options(rules)}),
        languages={s.id: s.language for s in site.corpus.sources},
    )


def _example_options(rules: Ruleset) -> dict[str, Any]:
    """Two options at another allowed value, for the snippet that shows how to change options."""
    changed: dict[str, Any] = {}
    for name, opt in rules.options.items():
        if isinstance(opt.default, bool):
            changed[name] = not opt.default
        elif opt.choices:
            other = [c for c in opt.choices if c != opt.default]
            if other:
                changed[name] = other[0]
        if len(changed) == 2:
            break
    return changed


def bibliography_page(site: Site, env: jinja2.Environment) -> str:
    page = "bibliography.md"
    primary = [
        {
            "source": s,
            "citation": render_csl(csl_item(s, url=source_url(s.id))),
            "link": relative(f"sources/{s.id}.md", page),
            "unknown": [collapse(str(u)) for u in s.record.get("unknown", [])],
        }
        for s in site.sources
    ]
    secondary = [{"entry": e, "citation": render_csl(dict(e.csl))} for e in load_bibliography()]
    return env.get_template("bibliography.md.j2").render(primary=primary, secondary=secondary)


def glossary_page(site: Site, env: jinja2.Environment) -> str:
    page = "glossary.md"
    by_headword: dict[str, list[Term]] = {}
    for term in site.glossary:
        by_headword.setdefault(term.term, []).append(term)
    terms = []
    for term in sorted(site.glossary, key=lambda t: (fold(t.term.lower()), t.language)):
        see = []
        for other in term.see:
            targets = by_headword.get(other, [])
            see.append({"term": other, "anchor": term_anchor(targets[0]) if targets else None})
        terms.append(
            {
                "term": term,
                "anchor": term_anchor(term),
                "paragraphs": [(pid, paragraph_link(pid, page=page)) for pid in term.paragraphs],
                "see": see,
            }
        )
    languages = {"fr": "French", "es": "Spanish", "nl": "Dutch"}
    return env.get_template("glossary.md.j2").render(terms=terms, languages=languages)


def pages(*, jobs: int = 1) -> dict[Path, str | bytes]:
    """Every generated file: its path under ``docs/`` and its content (the text of a page; the bytes
    of a download, a copy of an export).

    With ``jobs`` 2 or more, and where a process can fork, the worked examples (the engine plays
    each hand) are rendered in a second process while this one renders the other pages; the pages
    are the same either way."""
    import site_examples  # the worked examples, played by the engine
    import site_readings  # what each reading changes: the plots under each ambiguity, the ranking
    import site_topics  # the home page, the rule topics, how to cite, check your own reading

    site = Site.load()
    env = _environment()
    env.filters["glossed"] = lambda value, paragraph_id: Glossed(site.glossary, paragraph_id).mark(value)
    # a source's words quoted inline, in its language, on every page: `{{ a.quote | quoted(a.id) }}`
    languages = {s.id: s.language for s in site.corpus.sources}
    env.filters["quoted"] = lambda value, annotation_id: quotation(
        value, languages[site.annotation(annotation_id).source]
    )
    site_topics.register(env)
    site_readings.register(env)
    with _beside(lambda: site_examples.example_pages(site.annotations, env), jobs=jobs) as examples:
        files = download_files(site)
        out: dict[Path, str | bytes] = {}
        for source in site.sources:
            out[Path("sources") / f"{source.id}.md"] = source_page(site, source, env, files)
        for rules in site.rulesets:
            out[Path("rulesets") / f"{rules.id}.md"] = ruleset_page(site, rules, env)
        out[Path("bibliography.md")] = bibliography_page(site, env)
        out[Path("glossary.md")] = glossary_page(site, env)
        out[Path("downloads.md")] = downloads_page(site, files, env)
        out.update(site_topics.pages(site, env))
        out.update(site_readings.pages(site.annotations, env))
        out.update(examples())
    out.update(files)
    out[ABBREVIATIONS] = abbreviations_page(site.glossary, identifiers(site, out))
    return out


T = TypeVar("T")


@contextlib.contextmanager
def _beside(work: Callable[[], T], *, jobs: int) -> Iterator[Callable[[], T]]:
    """``work`` done in a forked process while the ``with`` block runs (with ``jobs`` of 2 or more
    where the platform forks), else when its result is asked for; the block asks for it by calling
    what it is given. An error of ``work`` is raised there, as if it had run in this process."""
    if jobs < 2 or "fork" not in multiprocessing.get_all_start_methods():
        yield work
        return
    context = multiprocessing.get_context("fork")
    receive, send = context.Pipe(duplex=False)

    def child() -> None:  # in the forked process, which inherits ``work`` (nothing of it is pickled)
        try:
            outcome: tuple[bool, Any] = (True, work())
        except Exception as exc:
            outcome = (False, exc)
        try:
            send.send(outcome)
        except Exception as exc:
            send.send((False, RuntimeError(f"{type(exc).__name__}: {exc}")))

    process = context.Process(target=child, daemon=True)
    process.start()
    send.close()
    received: list[tuple[bool, Any]] = []

    def result() -> T:
        if not received:
            try:
                received.append(receive.recv())
            except EOFError:
                received.append((False, RuntimeError(f"the second process ended with status {process.exitcode}")))
        ok, value = received[0]
        if not ok:
            raise value
        return value  # type: ignore[no-any-return]

    try:
        yield result
    finally:
        if not received:
            process.terminate()
        process.join()
        receive.close()


def stale_pages(wanted: Mapping[Path, str | bytes], docs: Path = DOCS) -> list[tuple[Path, str]]:
    """The pages (and downloads) under ``docs`` that differ from ``wanted``, each with the reason."""
    stale: list[tuple[Path, str]] = []
    for rel, content in wanted.items():
        path = docs / rel
        if not path.is_file():
            stale.append((path, "missing"))
        elif _read(path, like=content) != content:
            stale.append((path, "differs"))
    import site_fragments  # the parts of the example pages, in the theme's folder

    generated = [(Path(name), "*.md", False) for name in GENERATED_FOLDERS]
    generated += [(Path(DOWNLOADS), "*", True), (site_fragments.FRAGMENTS, "*.html", True)]
    generated += [(Path("readings"), "*", True)]  # the plots and the ranking of scripts/site_readings.py
    for folder, pattern, nested in generated:
        if (docs / folder).is_dir():
            found = (docs / folder).rglob(pattern) if nested else (docs / folder).glob(pattern)
            for path in sorted(p for p in found if p.is_file()):
                if folder / path.relative_to(docs / folder) not in wanted:
                    stale.append((path, "not generated"))
    return stale


def _read(path: Path, *, like: str | bytes) -> str | bytes:
    return path.read_bytes() if isinstance(like, bytes) else path.read_text(encoding="utf-8")


def write_pages(wanted: Mapping[Path, str | bytes], docs: Path = DOCS) -> list[Path]:
    """Write the pages, removing pages of the generated folders that are no longer generated."""
    changed = []
    for rel, content in wanted.items():
        path = docs / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.is_file() or _read(path, like=content) != content:
            if isinstance(content, bytes):
                path.write_bytes(content)
            else:
                path.write_text(content, encoding="utf-8")
            changed.append(path)
    for path, why in stale_pages(wanted, docs):
        if why == "not generated":
            path.unlink()
            changed.append(path)
    return changed


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 naming stale pages")
    parser.add_argument("--docs", type=Path, default=DOCS, help="the docs folder (default: the repository's)")
    parser.add_argument(
        "--jobs",
        type=int,
        default=min(2, os.cpu_count() or 1),
        help="processes: 2 renders the worked examples beside the other pages (default: 2, or 1 on one core)",
    )
    args = parser.parse_args(argv)
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    try:
        wanted = pages(jobs=args.jobs)
    except (ReversisError, FragmentError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.check:
        stale = stale_pages(wanted, args.docs)
        for path, why in stale:
            print(f"stale page: {path} ({why})")
        if stale:
            print("run: python scripts/build_site.py", file=sys.stderr)
            return 1
        print(f"pages up to date: {len(wanted)}")
        return 0
    for path in write_pages(wanted, args.docs):
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
