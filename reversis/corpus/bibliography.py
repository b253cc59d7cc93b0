"""The project's bibliography of secondary sources (``corpus/bibliography.yaml``).

Each entry is CSL-JSON-shaped (``id``, ``type``, ``title``, optional
``author``, ``issued``, ``container-title``, ``publisher``, ``URL`` …) and
says in ``used_for`` what the project took from the source, and in
``unknown`` what is not known of it (an edition, a page). A bad file is a
:class:`~reversis.core.errors.CorpusError` naming the file, the line and the problem.

>>> [e.id for e in load_bibliography()][:2]
['hoyle-games-improved', 'hague-rules-1785']
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from reversis.core.errors import CorpusError
from reversis.corpus.record import CSL_TYPES, LOADER, Record, _check_kind

__all__ = ["BIBLIOGRAPHY_FILE", "BibliographyEntry", "load_bibliography"]

#: The bibliography's file name, in the corpus folder.
BIBLIOGRAPHY_FILE = "bibliography.yaml"

_ID = re.compile(r"[a-z0-9][a-z0-9-]*")
_REQUIRED = {"id": "text", "type": "text", "title": "text", "used_for": "text"}
_OPTIONAL = {
    "author": "list of names",
    "editor": "list of names",
    "issued": "date",
    "container-title": "text",
    "publisher": "text",
    "publisher-place": "text",
    "page": "text or number",
    "URL": "text",
    "unknown": "text",
}


@dataclass(frozen=True, kw_only=True)
class BibliographyEntry:
    """One secondary source: ``csl`` is its CSL-JSON item, ``used_for`` what the project took from it."""

    id: str
    csl: Mapping[str, Any] = field(compare=False)
    used_for: str
    unknown: str = ""
    line: int = 0

    @property
    def title(self) -> str:
        return str(self.csl["title"])


def load_bibliography(path: Path | None = None) -> tuple[BibliographyEntry, ...]:
    """Read and check the bibliography (default: ``bibliography.yaml`` of the corpus folder)."""
    if path is None:
        from reversis.corpus.load import corpus_root

        path = corpus_root() / BIBLIOGRAPHY_FILE
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise CorpusError(f"{path}: cannot be read ({exc.strerror})") from None
    try:
        node = yaml.compose(text, Loader=LOADER)
        data = yaml.load(text, Loader=LOADER)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        raise CorpusError(f"{path}:{mark.line + 1 if mark else 1}: invalid YAML: {exc.problem}") from None
    if not isinstance(data, list):
        raise CorpusError(f"{path}:1: the bibliography must be a list of entries")
    entries: list[BibliographyEntry] = []
    seen: dict[str, int] = {}
    for i, raw in enumerate(data):
        rec = Record(path, {"entry": raw} if isinstance(raw, dict) else {}, _wrap(node, i))
        line = rec.line("entry")
        if not isinstance(raw, dict):
            raise CorpusError(f"{path}:{line}: an entry must be a mapping (id, type, title, used_for, …)")
        for name, kind in _REQUIRED.items():
            if raw.get(name) in (None, ""):
                raise CorpusError(f"{path}:{line}: entry {i + 1} has no {name!r} ({kind})")
            _check_kind(rec, raw[name], kind, "entry", name)
        for name, kind in _OPTIONAL.items():
            if raw.get(name) not in (None, "", []):
                _check_kind(rec, raw[name], kind, "entry", name)
        unknown_fields = sorted(set(raw) - set(_REQUIRED) - set(_OPTIONAL))
        if unknown_fields:
            raise rec.error(f"unknown field {unknown_fields[0]!r}", "entry", unknown_fields[0])
        if not _ID.fullmatch(raw["id"]):
            raise rec.error(f"id {raw['id']!r} must be lower case letters, digits and hyphens", "entry", "id")
        if raw["id"] in seen:
            raise rec.error(f"duplicate id {raw['id']!r} (first at line {seen[raw['id']]})", "entry", "id")
        seen[raw["id"]] = line
        if raw["type"] not in CSL_TYPES:
            raise rec.error(f"{raw['type']!r} is not a CSL item type", "entry", "type")
        csl = {k: v for k, v in raw.items() if k not in ("used_for", "unknown") and v not in (None, "", [])}
        entries.append(
            BibliographyEntry(
                id=raw["id"],
                csl=csl,
                used_for=" ".join(str(raw["used_for"]).split()),
                unknown=" ".join(str(raw.get("unknown") or "").split()),
                line=line,
            )
        )
    return tuple(entries)


def _wrap(node: yaml.Node | None, index: int) -> yaml.Node | None:
    """A mapping node ``{entry: <the index-th item>}``, so that :meth:`Record.line` finds its keys."""
    if not isinstance(node, yaml.SequenceNode) or index >= len(node.value):
        return None
    item = node.value[index]
    key = yaml.ScalarNode("tag:yaml.org,2002:str", "entry", start_mark=item.start_mark, end_mark=item.start_mark)
    return yaml.MappingNode("tag:yaml.org,2002:map", [(key, item)], start_mark=item.start_mark)
