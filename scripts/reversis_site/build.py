"""Generate the site's pages: ``python -m reversis_site [--out build/pages] [--jobs N]``.

Renders the jinja2 templates of ``templates/`` (beside this module) into a MkDocs project in a
build folder that git ignores (:data:`BUILD`, ``build/pages/``): its ``docs/``, ``overrides/`` and
``mkdocs.yml``. Generated: one page per source (``sources/<id>.md``, served at ``/sources/<id>/``
as :func:`reversis.corpus.paragraph_url` prints; :mod:`reversis_site.sources`), one per ruleset
(``rulesets/<id>.md``), the bibliography, the glossary and the downloads, the home page, the rule
topics and the worked examples (:mod:`reversis_site.topics`, :mod:`reversis_site.examples`), the
fragments the theme splices into the example pages (``overrides/fragments/``), and
``mkdocs.yml``, which inherits the repository's ``mkdocs.yml`` and adds the navigation (checked:
its Examples entry is the examples' index, which lists the worked examples) and the glossary's
abbreviations. The hand-written pages,
scripts and styles of ``docs/`` and the theme's templates of ``overrides/`` are copied beside them;
a file of the build folder that is neither is removed. A corpus, annotation or ruleset error is
one line and exit status 2. ``--jobs 2`` (the default where there are two cores) renders the worked
examples, the rulesets and the bibliography in a second process beside the other pages.

Every value from the corpus, the annotations and the rulesets goes through
:func:`reversis_site.text.text` (escaped, Markdown's characters as references); links between
pages are written by :mod:`reversis_site.links`. After the generator (``mkdocs build -f
build/pages/mkdocs.yml``), :mod:`reversis_site.finish` adds the search's documents, the
Content-Security-Policy of every page and the files of "Try it".
"""

from __future__ import annotations

import argparse
import contextlib
import multiprocessing
import os
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import jinja2
import yaml
from markupsafe import Markup

from reversis.annotations import Annotation, Term, load_annotations, load_glossary
from reversis.core.errors import AnnotationError, ReversisError
from reversis.core.ruleset import Ruleset, load_ruleset, ruleset_ids
from reversis.corpus import Corpus, Source, load_bibliography, load_corpus
from reversis.corpus.bib import csl_item
from reversis.corpus.cite import render_csl
from reversis.corpus.markup import collapse
from reversis_site import examples as site_examples
from reversis_site import play_page, players_page
from reversis_site.example_parts import option_names, option_words
from reversis_site.fragments import FragmentError
from reversis_site.links import anchor, fold, href, paragraph_link, relative, term_anchor
from reversis_site.ruleset_page import ruleset_page
from reversis_site.search import BOOSTS
from reversis_site.sources import download_files, downloads_page, source_page
from reversis_site.text import (
    Glossed,
    abbreviations_page,
    code,
    finalize,
    quotation,
    transcription_html,
    translation_html,
)
from reversis_site.yaml_values import block_yaml, flow_yaml

REPO = Path(__file__).resolve().parents[2]
#: The hand-written pages, their scripts and styles, copied into the build folder's ``docs/``.
DOCS = REPO / "docs"
#: The theme's hand-written templates, copied into the build folder's ``overrides/`` (``custom_dir``).
OVERRIDES = REPO / "overrides"
#: The configuration that the generated one inherits.
CONFIG = REPO / "mkdocs.yml"
#: The build folder: a MkDocs project (``mkdocs.yml``, ``docs/``, ``overrides/``), not committed.
BUILD = REPO / "build" / "pages"
TEMPLATES = Path(__file__).resolve().parent / "templates"
#: The generated configuration, relative to the build folder's ``docs/`` (as the other generated files).
GENERATED_CONFIG = Path("..") / "mkdocs.yml"


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
    # prose that names options by their ids: each said by its English name, its id a code label
    env.filters["option_words"] = option_words
    env.filters["option_names"] = option_names
    env.globals["hashes"] = lambda level: Markup("#" * int(level))
    return env


# ---- the pages ----------------------------------------------------------------------------------


def bibliography_page(site: Site, env: jinja2.Environment) -> str:
    page = "bibliography.md"
    primary = [
        {
            "source": s,
            "citation": render_csl(csl_item(s)),
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
                "letter": fold(term.term)[:1].upper(),  # the terms under their initial, accents folded
                "anchor": term_anchor(term),
                "paragraphs": [(pid, paragraph_link(pid, page=page)) for pid in term.paragraphs],
                "see": see,
            }
        )
    languages = {"fr": "French", "es": "Spanish", "nl": "Dutch"}
    return env.get_template("glossary.md.j2").render(terms=terms, languages=languages)


def pages(*, jobs: int = 1, build: Path = BUILD) -> dict[Path, str | bytes]:
    """Every generated file of the build folder ``build``: its path relative to its ``docs/`` and its
    content (the text of a page; the bytes of a download, a copy of an export); the fragments and
    ``mkdocs.yml`` are outside ``docs/`` (``../overrides/fragments/…``, ``../mkdocs.yml``).

    With ``jobs`` 2 or more, and where a process can fork, the worked examples (the engine plays
    each hand), the rulesets and the bibliography are rendered in a second process while this one
    renders the other pages; the pages are the same either way."""
    from reversis_site import (
        readings as site_readings,  # what each reading changes: the plots under each ambiguity, the ranking
    )
    from reversis_site import (
        topics as site_topics,  # the home page, the rule topics, how to cite, check your own reading
    )

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
    with _beside(lambda: _examples_and_rulesets(site, env), jobs=jobs) as examples:
        files = download_files(site)
        out: dict[Path, str | bytes] = {}
        for source in site.sources:
            out[Path("sources") / f"{source.id}.md"] = source_page(site, source, env, files)
        out[Path("glossary.md")] = glossary_page(site, env)
        out[Path("downloads.md")] = downloads_page(site, files, env)
        out.update(site_topics.pages(site, env))
        out.update(site_readings.pages(site.annotations, env))
        out.update(play_page.pages(site, env))  # "Play a hand", one page per ruleset
        out.update(players_page.pages(site, env))  # "How the players play", from strength/strength.json
        out.update(examples())
    out.update(files)
    out.update(schema_files())
    abbreviations = abbreviations_page(site.glossary, identifiers(site, out))
    out[GENERATED_CONFIG] = site_config(abbreviations, build)
    return out


def _examples_and_rulesets(site: Site, env: jinja2.Environment) -> dict[Path, str]:
    """The pages of the second process (:func:`pages`): the worked examples (the engine plays each
    hand), the rulesets and the bibliography, about as much work as the other pages."""
    out = site_examples.example_pages(site.annotations, env)
    for rules in site.rulesets:
        out[Path("rulesets") / f"{rules.id}.md"] = ruleset_page(site, rules, env)
    out[Path("bibliography.md")] = bibliography_page(site, env)
    return out


def schema_files() -> dict[Path, bytes]:
    """The JSON Schemas of the scenario and the result, published at their ``$id`` (``schemas/``),
    as the package ships them."""
    folder = REPO / "reversis" / "schemas"
    return {Path("schemas") / path.name: path.read_bytes() for path in sorted(folder.glob("*.schema.json"))}


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


# ---- the configuration and the navigation -------------------------------------------------------


class _ConfigLoader(yaml.SafeLoader):
    """``mkdocs.yml`` read for its navigation: MkDocs' own tags (``!ENV``) read as nothing."""


_ConfigLoader.add_multi_constructor("!", lambda loader, suffix, node: None)


def navigation(config: Path = CONFIG) -> list[Any]:
    """The navigation of ``mkdocs.yml``, checked: its Examples entry is the examples' index alone
    (``examples/index.md``, which lists every worked example by ruleset); the example pages are left
    out of the navigation (``not_in_nav`` in ``mkdocs.yml``), which would otherwise list 148 links on
    every page."""
    nav: list[Any] = yaml.load(config.read_text(encoding="utf-8"), Loader=_ConfigLoader)["nav"]
    found = [i for i, item in enumerate(nav) if isinstance(item, dict) and "Examples" in item]
    if len(found) != 1 or nav[found[0]]["Examples"] != "examples/index.md":
        raise ReversisError(f"{config}: the nav has no entry `- Examples: examples/index.md` for the examples")
    return nav


def site_config(abbreviations: str, out: Path = BUILD) -> str:
    """The generated ``mkdocs.yml`` of the build folder ``out``: it inherits the repository's, and
    gives the navigation (:func:`navigation`), the glossary's abbreviations and where the site goes."""
    head = {
        "INHERIT": os.path.relpath(CONFIG, out),
        "site_dir": os.path.relpath(REPO / "site", out),
        "nav": navigation(),
    }
    dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
    header = (
        f"# Generated by `python -m reversis_site` from {head['INHERIT']} (which it inherits) and\n"
        "# annotations/glossary.yaml; do not edit.\n"
    )
    return header + yaml.dump(head, Dumper=dumper, allow_unicode=True, width=10**6, sort_keys=False) + abbreviations


# ---- the build folder ---------------------------------------------------------------------------


def with_search_meta(path: Path, page: str) -> str:
    """A page of ``docs/`` with its search settings in its front matter: its boost
    (:data:`BOOSTS`), and for a source page ``exclude``: its documents are the corpus's own, one per
    paragraph and annotation (:mod:`reversis_site.search`), not the page's HTML."""
    parts = path.parts
    boost = BOOSTS.get(parts[0] if len(parts) > 1 else "", 1.0)
    meta = f"search:\n  boost: {boost}\n"
    if len(parts) == 2 and parts[0] == "sources" and parts[1] != "index.md":
        meta += "  exclude: true\n"
    if page.startswith("---\n"):
        if "\nsearch:" in page.split("\n---\n", 1)[0]:
            raise ReversisError(f"docs/{path.as_posix()}: a page's front matter gives its own search settings")
        return "---\n" + meta + page[len("---\n") :]
    return "---\n" + meta + "---\n" + page


def _hand_written() -> dict[Path, bytes]:
    """The hand-written files copied into the build folder, by their path in it."""
    out: dict[Path, bytes] = {}
    for folder in (DOCS, OVERRIDES):
        for path in sorted(folder.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                out[path.relative_to(REPO)] = path.read_bytes()
    return out


def build_files(wanted: Mapping[Path, str | bytes]) -> dict[Path, str | bytes]:
    """Every file of the build folder, by its path in it: the generated ones (``wanted``, as
    :func:`pages` gives them) and the hand-written ones, each page with its search settings."""
    files: dict[Path, str | bytes] = {}
    for rel, content in [*_hand_written().items(), *((Path("docs") / rel, c) for rel, c in wanted.items())]:
        path = Path(os.path.normpath(rel))
        if path in files:
            raise ReversisError(f"{path.as_posix()}: both generated and written by hand")
        if path.parts[0] == "docs" and path.suffix == ".md":
            text = content.decode("utf-8") if isinstance(content, bytes) else content
            content = with_search_meta(path.relative_to("docs"), text)
        files[path] = content
    return files


def _read(path: Path, *, like: str | bytes) -> str | bytes:
    return path.read_bytes() if isinstance(like, bytes) else path.read_text(encoding="utf-8")


def write_pages(wanted: Mapping[Path, str | bytes], out: Path = BUILD) -> list[Path]:
    """Write the build folder ``out`` (:func:`build_files`); a file that is unchanged is left as it
    is, and a file of its ``docs/`` or ``overrides/`` that is no longer wanted is removed. The
    changed and removed files are returned."""
    if (out / ".git").exists() or out.resolve() in {REPO, DOCS, OVERRIDES}:
        raise ReversisError(f"{out}: not a build folder (the pages are written there, and what else is there removed)")
    files = build_files(wanted)
    changed = []
    for rel, content in files.items():
        path = out / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.is_file() or _read(path, like=content) != content:
            if isinstance(content, bytes):
                path.write_bytes(content)
            else:
                path.write_text(content, encoding="utf-8")
            changed.append(path)
    for folder in ("docs", "overrides"):
        for path in sorted((out / folder).rglob("*"), reverse=True):
            if path.is_file() and path.relative_to(out) not in files:
                path.unlink()
                changed.append(path)
            elif path.is_dir() and not any(path.iterdir()):
                path.rmdir()
    return changed


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--out", type=Path, default=BUILD, help="the build folder (default: build/pages)")
    parser.add_argument(
        "--jobs",
        type=int,
        default=min(2, os.cpu_count() or 1),
        help="processes: 2 renders the examples and the rulesets beside the other pages (default: 2, or 1 on one core)",
    )
    parser.add_argument("--quiet", action="store_true", help="print only the number of files written")
    args = parser.parse_args(argv)
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    try:
        wanted = pages(jobs=args.jobs, build=args.out)
        changed = write_pages(wanted, args.out)
    except (ReversisError, FragmentError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    for path in [] if args.quiet else changed:
        print(f"written or removed: {path}")
    print(f"{args.out}: {len(changed)} files changed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
