"""The site's home page, its concordance of rule topics, "how to cite" and "check your own reading".

Rendered by :func:`reversis_site.build.pages` through the same jinja2 environment as the other pages (every
value through :func:`reversis_site.text.text`): ``docs/index.md``, ``docs/topics/<topic>.md`` for every
topic that has annotations and ``docs/topics/index.md``, ``docs/cite.md`` and ``docs/check.md``.
:func:`register` gives the source template the citation metadata of each source (the
``citation_*`` meta tags and the schema.org JSON-LD that ``overrides/main.html`` writes into the
page's head).

>>> split_example("A deal.\\n\\n>>> 1 + 1\\n2\\n")
('A deal.', '>>> 1 + 1\\n2')
>>> issued_text({"date-parts": [[1796], [1797]]}), issued_text({"literal": "n.d."}), issued_text(None)
('1796–1797', 'n.d.', '')
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import jinja2
import yaml
from markupsafe import Markup

from reversis.annotations import TOPICS, Annotation, Reading, by_topic
from reversis.core.ruleset import Ruleset, ruleset_ids
from reversis.corpus import Source, cite, paragraph_url, source_url
from reversis.corpus.cite import cite_project
from reversis.corpus.markup import collapse
from reversis.games.reversis.report import account
from reversis.games.reversis.result import result
from reversis.games.reversis.scenario import parse_scenario, run
from reversis_site.example_parts import rule_words
from reversis_site.links import paragraph_link, relative
from reversis_site.readings import annotation_views
from reversis_site.text import gloss_heading
from reversis_site.yaml_values import block_yaml, flow_yaml

if TYPE_CHECKING:
    from reversis_site.build import Site

REPO = Path(__file__).resolve().parents[2]

#: The title of each topic's page and what the topic covers.
TOPIC_TITLES: dict[str, tuple[str, str]] = {
    "game": ("The game", "what the game is, its name and its object"),
    "players": ("Players", "how many play, and how they sit"),
    "pack": ("The pack", "the cards kept and their order"),
    "deal": ("The deal", "who deals, how many cards, and the talon left over"),
    "exchange": ("The exchange", "discarding under the talon and taking from it"),
    "declarations": ("Declarations", "what a player announces, and when"),
    "play": ("Play of the cards", "leading, following suit and winning a trick"),
    "quinola": ("The quinola", "the jack of hearts (sota de oros in Spain): placed, forced, led"),
    "aces": ("The aces", "aces placed on a renounce or forced"),
    "talon": ("The talon", "who wins the talon, and what it is worth"),
    "scoring": ("Scoring", "the points of the cards and what is paid at the end"),
    "pool": ("The pool", "the stakes, and who takes them up"),
    "betes": ("Bêtes", "forfeits owed to the pool, and their order"),
    "reversis": ("The reversis", "taking every trick, and breaking it"),
    "espagnolette": ("The espagnolette", "the hand of aces and quinolas with the right to renounce"),
    "penalties": ("Penalties", "revokes, misdeals and play out of turn"),
    "advice": ("Advice on play", "what the sources recommend, which no rule enforces"),
    "combinations": ("Combinations", "the scoring hands of Romestecq"),
    "not-a-card-game": ("Not a card game", "the dictionary's entries around Romestecq that are not card games"),
}

STATUS_MEANINGS = {
    "stated": "the text says it",
    "interpreted": "a reading of unclear words",
    "reconstructed": "filled in from a secondary source",
    "not-modelled": "no ruleset plays it",
}

LANGUAGES = {"fr": "French", "es": "Spanish", "en": "English", "nl": "Dutch"}

#: The scenario of "check your own reading", and the option it changes.
CHECK_SCENARIO = "examples/encyclopedie-1765/quinola-placed.yaml"
CHECK_OPTION = ("quinola_placed_wins_pool", False)
#: The paragraph whose citations "how to cite" shows.
CITE_EXAMPLE = "encyclopedie-1765:4"


def split_example(example: str) -> tuple[str, str]:
    """An example's prose (before its first ``>>>``) and its doctest, the lines pytest runs."""
    lines = example.strip("\n").splitlines()
    first = next((i for i, line in enumerate(lines) if line.lstrip().startswith(">>>")), len(lines))
    return "\n".join(lines[:first]).strip(), "\n".join(lines[first:]).rstrip()


def issued_text(issued: Mapping[str, Any] | None) -> str:
    """A record's ``issued`` as a reader writes it; empty when not known."""
    if not issued:
        return ""
    if "literal" in issued:
        return str(issued["literal"])
    return "–".join("-".join(str(x) for x in part) for part in issued.get("date-parts", []))


# ---- citation metadata of the source pages ------------------------------------------------------


def _names(value: Any) -> list[str]:
    out = []
    for name in value or []:
        full = name.get("literal") or ", ".join(p for p in (name.get("family"), name.get("given")) if p)
        if full:
            out.append(str(full))
    return out


def citation_meta(source: Source) -> dict[str, Any]:
    """The ``citation_*`` tags of a source's page (Highwire Press tags, as Zotero and Google Scholar
    read them): name → value, or a list of values for a repeated tag. Unknown fields are left out.

    A source that is a web page gets none: Zotero's Embedded Metadata translator takes a page whose
    only Highwire tag is ``citation_title`` for a journal article; it is described by its Open Graph
    tags instead (:func:`open_graph`), which Zotero reads as a web page."""
    record = source.record
    if record.get("type") == "webpage":
        return {}
    meta: dict[str, Any] = {"citation_title": collapse(str(record["title"]))}
    authors = _names(record.get("author"))
    if authors:
        meta["citation_author"] = authors
    editors = _names(record.get("editor"))
    if editors:
        meta["citation_editor"] = editors
    issued = record.get("issued") or {}
    parts = issued.get("date-parts") if isinstance(issued, Mapping) else None
    if parts:
        year = "/".join(f"{x:02d}" if i else str(x) for i, x in enumerate(parts[0]))
        meta["citation_date"] = year
        meta["citation_publication_date"] = year
    if record.get("container-title"):
        meta["citation_inbook_title"] = collapse(str(record["container-title"]))
    if record.get("volume"):
        meta["citation_volume"] = str(record["volume"])
    if record.get("publisher"):
        meta["citation_publisher"] = str(record["publisher"])
    meta["citation_language"] = str(record.get("language") or source.language)
    meta["citation_public_url"] = source_url(source.id)
    return meta


def open_graph(source: Source) -> dict[str, str]:
    """The Open Graph tags of a source's page that is itself a web page (``og:type`` ``website``, which
    Zotero types as a web page, its title and its address here); none for a printed source, whose
    ``citation_*`` tags say what it is."""
    record = source.record
    if record.get("type") != "webpage":
        return {}
    return {
        "og:type": "website",
        "og:title": collapse(str(record["title"])),
        "og:url": source_url(source.id),
    }


def citation_jsonld(source: Source) -> dict[str, Any]:
    """The schema.org description of a source: a Chapter (or Article) of its work, or a CreativeWork."""
    record = source.record
    item: dict[str, Any] = {
        "@context": "https://schema.org",
        "@type": "CreativeWork",
        "name": collapse(str(record["title"])),
        "inLanguage": str(record.get("language") or source.language),
        "url": source_url(source.id),
    }
    authors = _names(record.get("author"))
    if authors:
        item["author"] = [{"@type": "Person", "name": name} for name in authors]
    date = issued_text(record.get("issued"))
    if date and (record.get("issued") or {}).get("date-parts"):
        item["datePublished"] = date.replace("–", "/")
    if record.get("publisher"):
        item["publisher"] = {"@type": "Organization", "name": str(record["publisher"])}
    if record.get("container-title"):
        item["@type"] = "Chapter"
        work: dict[str, Any] = {"@type": "Book", "name": collapse(str(record["container-title"]))}
        if record.get("volume"):
            work = {"@type": "PublicationVolume", "volumeNumber": str(record["volume"]), "isPartOf": work}
        item["isPartOf"] = work
    if record.get("page"):
        item["pagination"] = str(record["page"])
    return item


def register(env: jinja2.Environment) -> None:
    """The filters the source template uses for its front matter."""
    env.filters["citation_meta"] = citation_meta
    env.filters["citation_jsonld"] = citation_jsonld
    env.filters["open_graph"] = open_graph
    # prose that names engine rules by id, each said by its English name with the id as a label
    env.filters["rule_words"] = _rule_words


def _rule_words(prose: object, rules: Ruleset | None) -> Markup | str:
    """An annotation's prose, collapsed, its engine rules said by name with their ids as labels, and
    the seats of its doctest as code."""
    said = collapse(str(prose))
    return rule_words(said, rules, seats_as_code=True)


# ---- the concordance ----------------------------------------------------------------------------


def _ruleset(site: Site, ruleset_id: str) -> Ruleset | None:
    return next((r for r in site.rulesets if r.id == ruleset_id), None)


@dataclass(frozen=True)
class WorkedExample:
    """A worked example (``examples/<ruleset>/shows.json``): its page, title, and what it illustrates."""

    slug: str
    page: str  # docs/examples/<page>.md
    title: str
    annotations: tuple[str, ...]
    readings: tuple[tuple[str, Mapping[str, Any]], ...]

    def plays(self, annotation: Annotation, reading: Reading) -> bool:
        """Whether the example plays this reading of the annotation (its options, and maybe others)."""
        return any(
            aid == annotation.id and all(options.get(k) == v for k, v in reading.options.items())
            for aid, options in self.readings
        )


def worked_examples() -> list[WorkedExample]:
    """The worked examples (``scripts/reversis_site/examples.py`` says what each shows), with their titles."""
    from reversis_site import examples as site_examples

    return [
        WorkedExample(
            slug=example.slug,
            page=example.page,
            title=str(example.data.get("title") or example.slug),
            annotations=tuple(example.annotations),
            readings=tuple((str(r["annotation"]), dict(r.get("options") or {})) for r in example.readings),
        )
        for example in site_examples.load_examples()
    ]


def _entry(site: Site, a: Annotation, *, page: str, examples: list[WorkedExample]) -> dict[str, Any]:
    rules = []
    for rule in a.rules:
        home = next((r for r in site.rulesets if r.id in a.rulesets and rule in r.rule_cites), None)
        link = None
        if home is not None:
            link = relative(f"rulesets/{home.id}.md", page) + "#rule-" + re.sub(r"[^a-z0-9]+", "-", rule)
        name = home.rule_name(rule) if home is not None else None
        rules.append({"rule": rule, "link": link, "name": name})
    options = []
    for name in dict.fromkeys([*a.options, *(n for r in a.readings for n in r.options)]):
        home = site.option_home(a, name)
        options.append(
            {
                "name": name,
                "link": relative(f"rulesets/{home.id}.md", page) + f"#option-{name}" if home else None,
                "default": flow_yaml(home.options[name].default) if home else None,
                "ruleset": home.id if home else None,
            }
        )
    readings = []
    for r in a.readings:
        prose, code = split_example(r.example)
        readings.append(
            {
                "reading": r,
                "snippet": block_yaml({"options": dict(r.options)}),
                "prose": prose,
                "code": code,
                "examples": [_example_link(x, page) for x in examples if x.plays(a, r)],
            }
        )
    prose, code = split_example(a.example) if a.example else ("", "")
    worked = [_example_link(x, page) for x in examples if a.id in x.annotations]
    return {
        "annotation": a,
        "detail": detail_summary(
            a, rules=len(rules), options=len(options), doctest=bool(code), examples=len(worked), page=page
        ),
        # the ruleset whose English names the rules its prose names by id (rule_words)
        "words": next((r for r in site.rulesets if r.id in a.rulesets or r.source == a.source), None),
        "heading": gloss_heading(a.gloss),
        "paragraph_link": paragraph_link(a.paragraph, page=page),
        "source_link": relative(f"sources/{a.source}.md", page) + f"#{a.id}",
        "rules": rules,
        "options": options,
        "readings": readings,
        "prose": prose,
        "code": code,
        "cites": [(c, relative("bibliography.md", page) + f"#{c}") for c in a.cites],
        "examples": worked,
    }


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def detail_summary(a: Annotation, *, rules: int, options: int, doctest: bool, examples: int, page: str) -> str:
    """The line that opens a statement's folded detail on a topic page: what the fold holds.

    >>> from reversis.annotations import load_annotations
    >>> a = next(x for x in load_annotations() if x.id == "enc1765-quinola-forced")
    >>> detail_summary(a, rules=2, options=1, doctest=True, examples=1, page="topics/quinola.md")
    'How the engine reads it: 2 rules, 1 option, 4 readings measured, the doctest, 1 worked example'
    """
    parts = [_count(n, word) for n, word in ((rules, "rule"), (options, "option")) if n]
    if a.readings:
        measured = " measured" if annotation_views(a, page) else ""
        parts.append(_count(len(a.readings), "reading") + measured)
    if doctest:
        parts.append("the doctest")
    if examples:
        parts.append(_count(examples, "worked example"))
    return "How the engine reads it" + (": " + ", ".join(parts) if parts else "")


def _example_link(example: WorkedExample, page: str) -> tuple[str, str]:
    return example.title, relative(f"examples/{example.page}.md", page)


def topic_ids(site: Site) -> list[str]:
    """The topics that have annotations, in the order of :data:`reversis.annotations.TOPICS`."""
    present = {a.topic for a in site.annotations}
    return [t for t in TOPICS if t in present]


def topic_page(site: Site, topic: str, env: jinja2.Environment) -> str:
    page = f"topics/{topic}.md"
    concordance = by_topic()[topic]
    examples = worked_examples()
    sources = []
    for source in site.sources:
        annotations = concordance.get(source.id, [])
        if not annotations:
            continue
        sources.append(
            {
                "source": source,
                "link": relative(f"sources/{source.id}.md", page),
                "language": LANGUAGES.get(source.language, source.language),
                "entries": [_entry(site, a, page=page, examples=examples) for a in annotations],
                "paragraphs": list(dict.fromkeys(a.paragraph for a in annotations)),
                "modelled": sum(1 for a in annotations if a.modelled),
                "ambiguous": sum(1 for a in annotations if a.readings),
            }
        )
    title, covers = TOPIC_TITLES.get(topic, (topic, ""))
    return env.get_template("topic.md.j2").render(
        topic=topic,
        title=title,
        covers=covers,
        sources=sources,
        statuses=STATUS_MEANINGS,
        others=[(t, TOPIC_TITLES.get(t, (t, ""))[0]) for t in topic_ids(site) if t != topic],
    )


def topics_index(site: Site, env: jinja2.Environment) -> str:
    concordance = by_topic()
    topics = []
    for topic in topic_ids(site):
        title, covers = TOPIC_TITLES.get(topic, (topic, ""))
        counts = [len(concordance[topic].get(s.id, [])) for s in site.sources]
        topics.append({"topic": topic, "title": title, "covers": covers, "counts": counts, "total": sum(counts)})
    return env.get_template("topics-index.md.j2").render(topics=topics, sources=site.sources)


# ---- home, cite, check --------------------------------------------------------------------------


def home_page(site: Site, env: jinja2.Environment) -> str:
    page = "index.md"
    rows = []
    for source in site.sources:
        record = source.record
        rulesets = [r for r in site.rulesets if r.source == source.id]
        rows.append(
            {
                "source": source,
                "link": relative(f"sources/{source.id}.md", page),
                "date": issued_text(record.get("issued")) or "not known",
                "language": LANGUAGES.get(source.language, source.language),
                "paragraphs": len(source.paragraphs),
                "annotations": sum(1 for a in site.annotations if a.source == source.id),
                "rulesets": [(r, relative(f"rulesets/{r.id}.md", page)) for r in rulesets],
            }
        )
    concordance = by_topic()
    topics = [(t, TOPIC_TITLES.get(t, (t, ""))[0], sum(map(len, concordance[t].values()))) for t in topic_ids(site)]
    return env.get_template("home.md.j2").render(
        rows=rows,
        topics=topics,
        annotations=len(site.annotations),
        modelled=sum(1 for a in site.annotations if a.modelled),
        example_paragraph=CITE_EXAMPLE,
        example_link=paragraph_link(CITE_EXAMPLE, page=page),
    )


def cite_page(site: Site, env: jinja2.Environment) -> str:
    page = "cite.md"
    cff = yaml.safe_load((REPO / "CITATION.cff").read_text(encoding="utf-8"))
    styles = [(style, cite(CITE_EXAMPLE, style=style, corpus=site.corpus)) for style in ("chicago", "apa", "mla")]
    formats = [(fmt, cite(CITE_EXAMPLE, fmt=fmt, corpus=site.corpus)) for fmt in ("bibtex", "csl-json")]
    source_id, _, number = CITE_EXAMPLE.partition(":")
    return env.get_template("cite.md.j2").render(
        cff=cff,
        authors="; ".join(
            a.get("name") or " ".join(filter(None, (a.get("given-names"), a.get("family-names"))))
            for a in cff.get("authors", [])
        ),
        # the command line's own citations of the project (reversis cite --project), from CITATION.cff
        project_citations=[(style, cite_project(style=style)) for style in ("chicago", "apa", "mla")]
        + [(fmt, cite_project(fmt=fmt)) for fmt in ("bibtex", "csl-json")],
        labels={"chicago": "Chicago", "apa": "APA", "mla": "MLA", "bibtex": "BibTeX", "csl-json": "CSL-JSON"},
        paragraph=CITE_EXAMPLE,
        paragraph_link=paragraph_link(CITE_EXAMPLE, page=page),
        paragraph_url=paragraph_url(source_id, number),
        styles=styles,
        formats=formats,
    )


def _played(scenario_text: str, *, name: str) -> tuple[list[str], dict[str, Any]]:
    scenario = parse_scenario(scenario_text, source=name)
    hand = run(scenario)
    shown = account(hand, given_exchanges=set(scenario.exchange), given_plays=len(scenario.plays))
    return shown.splitlines(), result(hand)


def check_page(site: Site, env: jinja2.Environment) -> str:
    scenario_text = (REPO / CHECK_SCENARIO).read_text(encoding="utf-8")
    data = yaml.safe_load(scenario_text)
    lines, before = _played(scenario_text, name=CHECK_SCENARIO)
    option, value = CHECK_OPTION
    changed = dict(data, options={**(data.get("options") or {}), option: value})
    changed_text = block_yaml(changed)
    changed_lines, after = _played(changed_text, name="changed.yaml")
    rules = _ruleset(site, str(data["ruleset"]))
    default = rules.options[option].default if rules else None
    settlement = next(i for i, line in enumerate(lines) if line.startswith("Settlement:"))
    changed_settlement = next(i for i, line in enumerate(changed_lines) if line.startswith("Settlement:"))
    seats = sorted(before["balances"], key=int)
    return env.get_template("check.md.j2").render(
        path=CHECK_SCENARIO,
        title=data.get("title", ""),
        scenario=scenario_text.rstrip(),
        ruleset=data["ruleset"],
        first_lines="\n".join(lines[: next(i for i, line in enumerate(lines) if line.startswith("Trick 3:"))]),
        settlement="\n".join(lines[settlement:]),
        changed_settlement="\n".join(changed_lines[changed_settlement:]),
        option=option,
        value=flow_yaml(value),
        default=flow_yaml(default),
        snippet=block_yaml({"options": {option: value}}),
        balances=[(seat, before["balances"][seat], after["balances"][seat]) for seat in seats],
        option_link=f"rulesets/{data['ruleset']}.md#option-{option}",
        rulesets=ruleset_ids(),  # "Try it" (scripts/reversis_site/try_it.py): an empty scenario of each
    )


def pages(site: Site, env: jinja2.Environment) -> dict[Path, str]:
    """The pages of this module: path under ``docs/`` → text."""
    out: dict[Path, str] = {Path("index.md"): home_page(site, env)}
    out[Path("topics") / "index.md"] = topics_index(site, env)
    for topic in topic_ids(site):
        out[Path("topics") / f"{topic}.md"] = topic_page(site, topic, env)
    out[Path("cite.md")] = cite_page(site, env)
    out[Path("check.md")] = check_page(site, env)
    return out
