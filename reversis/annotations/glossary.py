"""The glossary, ``annotations/glossary.yaml``: every game term of the sources, checked against the corpus.

One entry per term and language::

    terms:
      - term: "quinola"                  # the headword
        language: fr                     # fr, es or nl (a term of the Dutch game, printed in French)
        spellings: ["quinola"]           # the forms as printed in the clean texts
        sense: >-                        # the English sense
          The jack of hearts, ...
        note: >-                         # optional: how the sources differ
          ...
        paragraphs: ["encyclopedie-1765:4", ...]   # the paragraphs that use the term
        see: ["quínola", "valet"]        # optional: other headwords

A spelling is matched case-insensitively, as a whole word or phrase (not inside
a longer word), in a paragraph's clean text; letter case is therefore not a
difference of spelling. Every listed paragraph contains at least one of the
term's spellings, and every spelling occurs in at least one listed paragraph.

Every problem is an ``AnnotationError`` whose one-line message names the file,
the line and the problem: a malformed file, an unknown or missing field, a
language that is not known, a paragraph that does not exist or does not
contain the term, a term given twice (same headword and language), a ``see``
that names no term.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from reversis.annotations.load import annotations_root
from reversis.core.errors import AnnotationError, CorpusError
from reversis.corpus import Corpus, load_corpus

__all__ = ["FIELDS", "LANGUAGES", "Term", "load_glossary", "occurs"]

#: The languages of the terms: French, Spanish, and Dutch for the terms of Romestecq taken as Dutch.
LANGUAGES = ("fr", "es", "nl")

#: The fields of a term, in the order the file gives them.
FIELDS = ("term", "language", "spellings", "sense", "note", "paragraphs", "see")
_REQUIRED = ("term", "language", "spellings", "sense", "paragraphs")

_FILE = "annotations/glossary.yaml"

try:
    _Loader: type[Any] = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - PyYAML without libyaml
    _Loader = yaml.SafeLoader


@dataclass(frozen=True)
class Term:
    """A game term of the sources: its spellings as printed, its English sense, the paragraphs that use it."""

    term: str
    language: str
    spellings: tuple[str, ...]
    sense: str
    note: str = ""
    paragraphs: tuple[str, ...] = ()
    see: tuple[str, ...] = ()
    line: int = field(default=0, compare=False)


@cache
def _pattern(spelling: str) -> re.Pattern[str]:
    words = r"\s+".join(re.escape(word) for word in spelling.split())
    return re.compile(rf"(?<!\w){words}(?!\w)", re.IGNORECASE)


def occurs(spelling: str, text: str) -> bool:
    """Whether ``spelling`` stands in ``text`` as a whole word or phrase, whatever its letter case.

    >>> occurs("Jettons", "deux jettons de chaque joueur")
    True
    >>> occurs("jetton", "deux jettons de chaque joueur")
    False
    """
    return _pattern(spelling).search(text) is not None


def _text(value: Any) -> str:
    return " ".join(str(value).split()) if isinstance(value, str) else ""


def _compose(path: Path) -> yaml.Node:
    try:
        root = yaml.compose(path.read_text(encoding="utf-8"), Loader=_Loader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        raise AnnotationError(f"{_FILE}:{mark.line + 1 if mark else 1}: malformed YAML: {exc.problem}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise AnnotationError(f"{_FILE}:1: cannot be read ({exc})") from None
    if root is None:
        raise AnnotationError(f"{_FILE}:1: empty file")
    return root


def _mapping(node: yaml.Node) -> dict[str, yaml.Node]:
    """A mapping node's keys with their value nodes; a key given twice is an error."""
    if not isinstance(node, yaml.MappingNode):
        raise AnnotationError(f"{_FILE}:{node.start_mark.line + 1}: expected a mapping")
    out: dict[str, yaml.Node] = {}
    for key, value in node.value:
        name = str(key.value)
        if name in out:
            raise AnnotationError(f"{_FILE}:{key.start_mark.line + 1}: {name}: given twice")
        out[name] = value
    return out


def _strings(node: yaml.Node, where: str, *, empty: bool) -> list[tuple[str, int]]:
    """A list of non-empty strings, each with its line."""
    if not isinstance(node, yaml.SequenceNode) or (not empty and not node.value):
        kind = "a list" if empty else "a non-empty list"
        raise AnnotationError(f"{_FILE}:{node.start_mark.line + 1}: {where}: expected {kind} of strings")
    out: list[tuple[str, int]] = []
    for item in node.value:
        line = item.start_mark.line + 1
        if not isinstance(item, yaml.ScalarNode) or not _text(item.value) or item.tag != "tag:yaml.org,2002:str":
            raise AnnotationError(f"{_FILE}:{line}: {where}: expected a non-empty string")
        out.append((_text(item.value), line))
    return out


def _term(node: yaml.Node, corpus: Corpus) -> tuple[Term, dict[str, int]]:
    """One term, and the line of each of its ``see`` names (checked once every term is read)."""
    line = node.start_mark.line + 1
    fields = _mapping(node)
    name = _text(fields["term"].value) if isinstance(fields.get("term"), yaml.ScalarNode) else ""
    label = name or "term"
    for key, _ in node.value:
        if str(key.value) not in FIELDS:
            place = f"{_FILE}:{key.start_mark.line + 1}: {label}: {key.value}"
            raise AnnotationError(f"{place}: unknown field (known: {', '.join(FIELDS)})")
    for key in _REQUIRED:
        if key not in fields:
            raise AnnotationError(f"{_FILE}:{line}: {label}: missing field {key!r}")

    def at(key: str) -> int:
        return fields[key].start_mark.line + 1

    def scalar(key: str) -> str:
        value = fields[key]
        text = _text(value.value) if isinstance(value, yaml.ScalarNode) and value.tag.endswith(":str") else ""
        if not text:
            raise AnnotationError(f"{_FILE}:{at(key)}: {label}: {key}: expected a non-empty string")
        return text

    term = scalar("term")
    language = scalar("language")
    if language not in LANGUAGES:
        known = ", ".join(LANGUAGES)
        raise AnnotationError(f"{_FILE}:{at('language')}: {term}: language {language!r} is not one of {known}")
    sense = scalar("sense")
    note = scalar("note") if "note" in fields else ""
    spellings = _strings(fields["spellings"], f"{term}: spellings", empty=False)
    seen: dict[str, int] = {}
    for spelling, where in spellings:
        if spelling.casefold() in seen:
            raise AnnotationError(f"{_FILE}:{where}: {term}: spellings: {spelling!r} given twice")
        seen[spelling.casefold()] = where
    paragraphs = _strings(fields["paragraphs"], f"{term}: paragraphs", empty=False)
    found: set[str] = set()
    listed: dict[str, int] = {}
    for paragraph_id, where in paragraphs:
        if paragraph_id in listed:
            raise AnnotationError(f"{_FILE}:{where}: {term}: paragraphs: {paragraph_id} given twice")
        listed[paragraph_id] = where
        try:
            clean = corpus.paragraph(paragraph_id).clean
        except CorpusError as exc:
            raise AnnotationError(f"{_FILE}:{where}: {term}: paragraphs: {exc}") from None
        here = {spelling for spelling, _ in spellings if occurs(spelling, clean)}
        if not here:
            forms = ", ".join(spelling for spelling, _ in spellings)
            raise AnnotationError(f"{_FILE}:{where}: {term}: paragraphs: {paragraph_id} contains none of {forms}")
        found |= here
    for spelling, where in spellings:
        if spelling not in found:
            raise AnnotationError(f"{_FILE}:{where}: {term}: spellings: {spelling!r} occurs in none of its paragraphs")
    see = _strings(fields["see"], f"{term}: see", empty=True) if "see" in fields else []
    return (
        Term(
            term=term,
            language=language,
            spellings=tuple(spelling for spelling, _ in spellings),
            sense=sense,
            note=note,
            paragraphs=tuple(listed),
            see=tuple(name for name, _ in see),
            line=line,
        ),
        dict(see),
    )


@cache
def _load(path: Path, stamp: int) -> tuple[Term, ...]:
    top = _mapping(_compose(path))
    if set(top) != {"terms"}:
        raise AnnotationError(f"{_FILE}:1: the glossary has exactly one key, 'terms'")
    items = top["terms"]
    if not isinstance(items, yaml.SequenceNode):
        raise AnnotationError(f"{_FILE}:{items.start_mark.line + 1}: terms: expected a list")
    corpus = load_corpus()
    terms: list[Term] = []
    sees: list[dict[str, int]] = []
    first: dict[tuple[str, str], int] = {}
    for item in items.value:
        term, see = _term(item, corpus)
        key = (term.term, term.language)
        if key in first:
            place = f"{_FILE}:{term.line}: {term.term}"
            raise AnnotationError(f"{place}: term given twice ({term.language}; first at line {first[key]})")
        first[key] = term.line
        terms.append(term)
        sees.append(see)
    headwords = {term.term for term in terms}
    for term, see in zip(terms, sees, strict=True):
        for name, where in see.items():
            if name == term.term:
                raise AnnotationError(f"{_FILE}:{where}: {term.term}: see: names the term itself")
            if name not in headwords:
                raise AnnotationError(f"{_FILE}:{where}: {term.term}: see: {name!r} names no term of the glossary")
    return tuple(terms)


def load_glossary(root: Path | None = None) -> tuple[Term, ...]:
    """Every term of ``glossary.yaml`` in the annotations folder, checked against the corpus."""
    path = annotations_root(root) / "glossary.yaml"
    if not path.is_file():
        raise AnnotationError(f"{_FILE}:1: cannot be read (no file {path})")
    return _load(path, path.stat().st_mtime_ns)
