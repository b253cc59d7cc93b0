"""Reading and checking the annotation files, ``annotations/<source-id>/<part>.yaml``.

Each file holds annotations of one source (a source's are split by topic or
paragraphs, so that each file reads in one sitting)::

    source: encyclopedie-1765
    annotations:
      - id: enc1765-quinola-placed
        paragraph: encyclopedie-1765:4
        quote: "Lorsque le valet de cœur ou le quinola est jetté en renonce, ..."
        ...

Every problem is an ``AnnotationError`` whose one-line message names the file,
the line and the problem: an unknown field, a missing one, a quote that is not
in its paragraph or is there twice, a paragraph, rule, option, ruleset or
secondary source that does not exist, a malformed file.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

import yaml

from reversis.annotations.model import FIELDS, READING_FIELDS, STATUSES, TOPICS, Annotation, Reading
from reversis.core.errors import AnnotationError, CorpusError, RulesetError
from reversis.core.ruleset import Ruleset, load_ruleset, ruleset_ids
from reversis.corpus import load_bibliography, load_corpus

__all__ = ["annotations_root", "load_annotations", "paragraphs_without_rules"]

try:
    _Loader: type[Any] = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - PyYAML without libyaml
    _Loader = yaml.SafeLoader


def annotations_root(root: Path | None = None) -> Path:
    """The annotations folder: ``root``, else ``$REVERSIS_ANNOTATIONS``, else ``annotations/`` of the checkout."""
    if root is None:
        env = os.environ.get("REVERSIS_ANNOTATIONS")
        root = Path(env) if env else Path(__file__).resolve().parents[2] / "annotations"
    if not root.is_dir():
        raise AnnotationError(f"{root}: annotations folder not found")
    return root.resolve()


def _scalar(node: yaml.Node) -> Any:
    """The value of a composed node, constructed as the safe loader would (the node is not modified:
    a merge key ``<<``, which construction would flatten in place, is read from a copy)."""
    if _has_merge(node):
        return yaml.load(yaml.serialize(node), Loader=_Loader)
    return yaml.constructor.SafeConstructor().construct_document(node)


def _has_merge(node: yaml.Node) -> bool:
    if isinstance(node, yaml.MappingNode):
        return any(key.tag == "tag:yaml.org,2002:merge" or _has_merge(value) for key, value in node.value)
    if isinstance(node, yaml.SequenceNode):
        return any(_has_merge(item) for item in node.value)
    return False


def _fields(node: yaml.Node, where: str) -> dict[str, tuple[Any, yaml.Node]]:
    """A mapping node's keys, each with its value and node; a key given twice is an error."""
    if not isinstance(node, yaml.MappingNode):
        raise AnnotationError(f"{where}:{node.start_mark.line + 1}: expected a mapping")
    out: dict[str, tuple[Any, yaml.Node]] = {}
    for key, value in node.value:
        name = str(key.value)
        if name in out:
            raise AnnotationError(f"{where}:{key.start_mark.line + 1}: {name}: given twice")
        out[name] = (_scalar(value), value)
    return out


def _text(value: Any) -> str:
    return " ".join(str(value).split()) if value is not None else ""


def _strings(value: Any, where: str, name: str) -> tuple[str, ...]:
    if value is None:
        return ()
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise AnnotationError(f"{where}: {name}: expected a list of names")
    return tuple(value)


def _example_line(node: yaml.Node) -> int:
    """The line of the first line of a block scalar's text (the line after ``example: |``)."""
    line = node.start_mark.line + 1
    return line + 1 if isinstance(node, yaml.ScalarNode) and node.style in ("|", ">") else line


class _Checker:
    """What an annotation may name: paragraphs, rulesets with their rules and options, secondary sources."""

    def __init__(self) -> None:
        self.corpus = load_corpus()
        self.rulesets: dict[str, Ruleset] = {rid: load_ruleset(rid) for rid in ruleset_ids()}
        try:
            self.bibliography = {entry.id for entry in load_bibliography()}
        except CorpusError:  # pragma: no cover - the bibliography is checked by its own tests
            self.bibliography = set()


def _check_references(
    fail: Callable[[str, str], AnnotationError],
    check: _Checker,
    *,
    rulesets: tuple[str, ...],
    rules: tuple[str, ...],
    options: tuple[str, ...],
    cites: tuple[str, ...],
) -> None:
    """The rulesets, engine rules, options and secondary sources an annotation names exist."""
    for ruleset_id in rulesets:
        if ruleset_id not in check.rulesets:
            raise fail("rulesets", f"unknown ruleset {ruleset_id!r}")
    for rule in rules:
        if not any(rule in check.rulesets[r].rule_cites for r in rulesets):
            raise fail("rules", f"engine rule {rule!r} is not a rule of {', '.join(rulesets) or 'any ruleset named'}")
    for option in options:
        if not any(option in check.rulesets[r].options for r in rulesets):
            raise fail("options", f"option {option!r} is not an option of {', '.join(rulesets) or 'any ruleset'}")
    for cite in cites:
        if cite not in check.bibliography:
            raise fail("cites", f"{cite!r} is not an entry of corpus/bibliography.yaml")


def _check_status(
    fail: Callable[[str, str], AnnotationError],
    fields: dict[str, Any],
    *,
    status: str,
    rulesets: tuple[str, ...],
    cites: tuple[str, ...],
    example: object,
) -> None:
    """What an annotation's status asks of it: a reason, rulesets and an example, citations."""
    if status == "not-modelled":
        if not _text(fields.get("reason", (None,))[0]):
            raise fail("status", "a statement not modelled says why, in 'reason'")
    else:
        if not rulesets:
            raise fail("rulesets", f"a {status} statement names the ruleset(s) that play it")
        if not example and "readings" not in fields:
            raise fail("example", f"a {status} statement proves its reading with a doctest example")
    if status == "reconstructed" and not cites:
        raise fail("cites", "a reconstructed statement cites its secondary source(s)")
    if status == "stated" and "readings" in fields:
        # annotations/FORMAT.md, Statuses: words that allow more than one reading are not stated
        raise fail("status", "a statement with readings is interpreted (or reconstructed), not stated")


def _annotation(node: yaml.Node, *, file: str, source: str, check: _Checker) -> Annotation:
    line = node.start_mark.line + 1
    at = f"{file}:{line}"
    fields = _fields(node, file)
    unknown = sorted(set(fields) - set(FIELDS))
    if unknown:
        name = unknown[0]
        raise AnnotationError(
            f"{file}:{fields[name][1].start_mark.line + 1}: {name}: unknown field (known: {', '.join(FIELDS)})"
        )
    for name in ("id", "paragraph", "quote", "topic", "gloss", "status"):
        if name not in fields or not _text(fields[name][0]):
            raise AnnotationError(f"{at}: {fields.get('id', ('annotation',))[0]}: missing field {name!r}")
    ident = str(fields["id"][0])

    def fail(name: str, problem: str) -> AnnotationError:
        where = fields[name][1].start_mark.line + 1 if name in fields else line
        return AnnotationError(f"{file}:{where}: {ident}: {name}: {problem}")

    paragraph_id = str(fields["paragraph"][0])
    try:
        paragraph = check.corpus.paragraph(paragraph_id)
    except CorpusError as exc:
        raise fail("paragraph", str(exc)) from None
    if paragraph.source != source:
        raise fail("paragraph", f"{paragraph_id} is not a paragraph of {source}, the source of this file")
    quote = _text(fields["quote"][0])
    found = paragraph.clean.count(quote)
    if found != 1:
        problem = "not found in" if not found else f"found {found} times in"
        raise fail("quote", f"{quote[:60]!r} is {problem} the clean text of {paragraph_id}")
    topic = str(fields["topic"][0])
    if topic not in TOPICS:
        raise fail("topic", f"{topic!r} is not a topic (known: {', '.join(TOPICS)})")
    status = str(fields["status"][0])
    if status not in STATUSES:
        raise fail("status", f"{status!r} is not one of {', '.join(STATUSES)}")
    rulesets = _strings(fields.get("rulesets", (None,))[0], at, "rulesets")
    rules = _strings(fields.get("rules", (None,))[0], at, "rules")
    options = _strings(fields.get("options", (None,))[0], at, "options")
    cites = _strings(fields.get("cites", (None,))[0], at, "cites")
    _check_references(fail, check, rulesets=rulesets, rules=rules, options=options, cites=cites)
    example, example_node = fields.get("example", (None, None))
    _check_status(fail, fields, status=status, rulesets=rulesets, cites=cites, example=example)
    readings = _readings(fields, file=file, ident=ident, rulesets=rulesets, check=check)
    return Annotation(
        id=ident,
        source=source,
        paragraph=paragraph_id,
        quote=quote,
        topic=topic,
        gloss=_text(fields["gloss"][0]),
        status=status,
        rules=rules,
        rulesets=rulesets,
        options=options,
        reading=_text(fields.get("reading", (None,))[0]),
        reason=_text(fields.get("reason", (None,))[0]),
        cites=cites,
        readings=readings,
        example=str(example or ""),
        file=file,
        line=line,
        example_line=_example_line(example_node) if example_node is not None else line,
    )


def _readings(
    fields: dict[str, tuple[Any, yaml.Node]], *, file: str, ident: str, rulesets: tuple[str, ...], check: _Checker
) -> tuple[Reading, ...]:
    if "readings" not in fields:
        return ()
    node = fields["readings"][1]
    if not isinstance(node, yaml.SequenceNode) or len(node.value) < 2:
        raise AnnotationError(f"{file}:{node.start_mark.line + 1}: {ident}: readings: give two readings or more")
    out: list[Reading] = []
    for item in node.value:
        line = item.start_mark.line + 1
        reading = _fields(item, file)
        unknown = sorted(set(reading) - set(READING_FIELDS))
        if unknown:
            raise AnnotationError(f"{file}:{line}: {ident}: readings: unknown field {unknown[0]!r}")
        for name in ("options", "says", "example"):
            if name not in reading:
                raise AnnotationError(f"{file}:{line}: {ident}: readings: missing field {name!r}")
        values = reading["options"][0]
        if not isinstance(values, dict) or not values:
            raise AnnotationError(f"{file}:{line}: {ident}: readings: options: the option values of this reading")
        for ruleset_id in rulesets:
            try:
                check.rulesets[ruleset_id].with_options(values)
            except RulesetError as exc:
                raise AnnotationError(f"{file}:{line}: {ident}: readings: {exc}") from None
        out.append(
            Reading(
                options=MappingProxyType(dict(values)),
                default=bool(reading.get("default", (False,))[0]),
                says=_text(reading["says"][0]),
                example=str(reading["example"][0]),
                line=line,
                example_line=_example_line(reading["example"][1]),
            )
        )
    if sum(r.default for r in out) != 1:
        raise AnnotationError(f"{file}:{node.start_mark.line + 1}: {ident}: readings: exactly one is the default")
    return tuple(out)


def _without_rules(node: yaml.Node, *, file: str, source: str, check: _Checker) -> dict[str, str]:
    """``without_rules``: the paragraphs of the source that state no rule, each with why."""
    out: dict[str, str] = {}
    for paragraph_id, (reason, value) in _fields(node, file).items():
        line = value.start_mark.line + 1
        try:
            paragraph = check.corpus.paragraph(paragraph_id)
        except CorpusError as exc:
            raise AnnotationError(f"{file}:{line}: without_rules: {exc}") from None
        if paragraph.source != source:
            raise AnnotationError(f"{file}:{line}: without_rules: {paragraph_id} is not a paragraph of {source}")
        if not _text(reason):
            raise AnnotationError(f"{file}:{line}: without_rules: {paragraph_id}: say why it states no rule")
        out[paragraph_id] = _text(reason)
    return out


def _load_file(path: Path, *, check: _Checker) -> tuple[list[Annotation], dict[str, str]]:
    file = f"annotations/{path.parent.name}/{path.name}"
    try:
        root = yaml.compose(path.read_text(encoding="utf-8"), Loader=_Loader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        raise AnnotationError(f"{file}:{mark.line + 1 if mark else 1}: malformed YAML: {exc.problem}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise AnnotationError(f"{file}:1: cannot be read ({exc})") from None
    if root is None:
        raise AnnotationError(f"{file}:1: empty file")
    top = _fields(root, file)
    if not {"source", "annotations"} <= set(top) <= {"source", "annotations", "without_rules"}:
        raise AnnotationError(f"{file}:1: an annotation file has 'source', 'annotations' and may have 'without_rules'")
    source = str(top["source"][0])
    if path.parent.name != source:
        raise AnnotationError(f"{file}:1: source {source!r} is not the source of its folder")
    items = top["annotations"][1]
    if not isinstance(items, yaml.SequenceNode):
        raise AnnotationError(f"{file}:{items.start_mark.line + 1}: annotations: expected a list")
    annotations = [_annotation(item, file=file, source=source, check=check) for item in items.value]
    without = (
        _without_rules(top["without_rules"][1], file=file, source=source, check=check) if "without_rules" in top else {}
    )
    return annotations, without


@cache
def _load(folder: Path, signature: tuple[tuple[str, float], ...]) -> tuple[tuple[Annotation, ...], dict[str, str]]:
    check = _Checker()
    out: list[Annotation] = []
    seen: dict[str, Annotation] = {}
    without: dict[str, str] = {}
    for name, _ in signature:
        annotations, none = _load_file(folder / name, check=check)
        without.update(none)
        for annotation in annotations:
            if annotation.id in seen:
                first = seen[annotation.id]
                where = f"{annotation.file}:{annotation.line}: {annotation.id}"
                raise AnnotationError(f"{where}: id already used at {first.file}:{first.line}")
            seen[annotation.id] = annotation
            out.append(annotation)
    for annotation in out:
        if annotation.paragraph in without:
            raise AnnotationError(
                f"{annotation.file}:{annotation.line}: {annotation.id}: {annotation.paragraph} is listed "
                "under without_rules, yet this annotation quotes a rule in it"
            )
    return tuple(out), without


def _files(root: Path | None) -> tuple[Path, tuple[tuple[str, float], ...]]:
    folder = annotations_root(root)
    files = sorted(folder.glob("*/*.yaml"))
    return folder, tuple((str(p.relative_to(folder)), p.stat().st_mtime) for p in files)


def load_annotations(root: Path | None = None) -> tuple[Annotation, ...]:
    """Every annotation of every source, checked against the corpus, the rulesets and the bibliography."""
    return _load(*_files(root))[0]


def paragraphs_without_rules(root: Path | None = None) -> dict[str, str]:
    """The paragraphs the annotation files declare to state no rule, each with the reason."""
    return dict(_load(*_files(root))[1])
