"""Reading and checking a source's bibliographic record (``source.yaml``).

The record is CSL-JSON-shaped YAML (see ``corpus/FORMAT.md``). It is read
with :func:`yaml.safe_load`; the node tree of :func:`yaml.compose` gives the
line of each key for the error messages, which name file, line and problem.

>>> rec = Record.parse("id: x\\ntitle: T\\nentries:\\n  - title: A\\n", path=Path("s.yaml"))
>>> rec.line("entries", 0, "title")
4
>>> rec.line("nowhere")
1
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from reversis.core.errors import CorpusError

#: libyaml's safe loader where PyYAML was built with it (the same data and line marks, read faster);
#: the corpus's YAML files (records, the bibliography) are read with it.
LOADER: type[Any] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

__all__ = ["CSL_TYPES", "LOADER", "OPTIONAL_FIELDS", "REQUIRED_FIELDS", "Record", "read_record"]

#: The item types of CSL 1.0.2.
CSL_TYPES = frozenset(
    {
        "article", "article-journal", "article-magazine", "article-newspaper", "bill", "book",
        "broadcast", "chapter", "classic", "collection", "dataset", "document", "entry",
        "entry-dictionary", "entry-encyclopedia", "event", "figure", "graphic", "hearing",
        "interview", "legal_case", "legislation", "manuscript", "map", "motion_picture",
        "musical_score", "pamphlet", "paper-conference", "patent", "performance", "periodical",
        "personal_communication", "post", "post-weblog", "regulation", "report", "review",
        "review-book", "software", "song", "speech", "standard", "thesis", "treaty", "webpage",
    }
)  # fmt: skip

#: Fields every record has, with the kind of value each takes.
REQUIRED_FIELDS: dict[str, str] = {
    "id": "text",
    "type": "text",
    "title": "text",
    "language": "text",
    "description": "text",
    "known": "list of text",
    "unknown": "list of text",
    "provenance": "text",
}

#: Fields a record may have (others are allowed and passed on as CSL).
OPTIONAL_FIELDS: dict[str, str] = {
    "container-title": "text",
    "collection-title": "text",
    "volume": "text or number",
    "page": "text or number",
    "issued": "date",
    "accessed": "date",
    "publisher": "text",
    "publisher-place": "text",
    "URL": "text",
    "author": "list of names",
    "editor": "list of names",
    "pages": "list of text",
    "entries": "list of entries",
    "heads": "list of heads",
    "availability": "availability",
    "note": "text",
    "original-URL-checked": "boolean",
    # how the site names the source, by its work ("Encyclopédie (1765), REVERSIS"); the title otherwise
    "name": "text",
    # the year the source is listed under, by date, where ``issued`` gives none (a century, a guess)
    "sort-year": "text or number",
}


@dataclass(frozen=True)
class Record:
    """A parsed ``source.yaml``: its ``data`` and the node tree that locates each key."""

    path: Path
    data: Mapping[str, Any]
    node: yaml.Node | None = field(default=None, compare=False, repr=False)

    @classmethod
    def parse(cls, text: str, *, path: Path) -> Record:
        """Parse the text of a record; a YAML error names the file and line."""
        try:
            node = yaml.compose(text, Loader=LOADER)
            data = yaml.load(text, Loader=LOADER)
        except yaml.MarkedYAMLError as exc:
            mark = exc.problem_mark or exc.context_mark
            line = mark.line + 1 if mark is not None else 1
            problem = exc.problem or exc.context or "invalid YAML"
            raise CorpusError(f"{path}:{line}: invalid YAML: {problem}") from None
        except yaml.YAMLError as exc:
            raise CorpusError(f"{path}:1: invalid YAML: {exc}") from None
        if not isinstance(data, dict):
            raise CorpusError(f"{path}:1: the record must be a mapping of fields (id, type, title, …)")
        return cls(path, data, node)

    def line(self, *keys: str | int) -> int:
        """The 1-based line of the value at ``keys`` (or of its nearest present ancestor)."""
        node = self.node
        line = node.start_mark.line + 1 if node is not None else 1
        for key in keys:
            child: yaml.Node | None = None
            if isinstance(node, yaml.MappingNode):
                for knode, vnode in node.value:
                    if isinstance(knode, yaml.ScalarNode) and knode.value == key:
                        child = vnode
                        line = knode.start_mark.line + 1
                        break
            elif isinstance(node, yaml.SequenceNode) and isinstance(key, int) and 0 <= key < len(node.value):
                child = node.value[key]
                line = child.start_mark.line + 1
            if child is None:
                return line
            node = child
        return line

    def error(self, problem: str, *keys: str | int) -> CorpusError:
        """A :class:`CorpusError` naming the file, the line of ``keys`` and the problem."""
        where = "".join(f"[{k}]" if isinstance(k, int) else (f".{k}" if i else k) for i, k in enumerate(keys))
        prefix = f"{where}: " if where else ""
        return CorpusError(f"{self.path}:{self.line(*keys)}: {prefix}{problem}")


def read_record(path: Path, *, source_id: str) -> Record:
    """Read and check ``source.yaml``: required fields present and of the right kind, ``id`` = folder."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise CorpusError(f"{path}: cannot be read ({exc.strerror})") from None
    rec = Record.parse(text, path=path)
    data = rec.data
    for name, kind in REQUIRED_FIELDS.items():
        if name not in data or data[name] is None:
            raise CorpusError(f"{path}:1: required field {name!r} is missing ({kind})")
    for name, kind in REQUIRED_FIELDS.items():
        _check_kind(rec, data[name], kind, name)
    for name, kind in OPTIONAL_FIELDS.items():
        if not _absent(data.get(name)):  # an unknown value may be left empty (null, "" or [])
            _check_kind(rec, data[name], kind, name)
    if data["id"] != source_id:
        raise rec.error(f"id {data['id']!r} does not match the folder name {source_id!r}", "id")
    if data["type"] not in CSL_TYPES:
        raise rec.error(f"{data['type']!r} is not a CSL item type (e.g. entry-encyclopedia, book, webpage)", "type")
    return rec


def _absent(value: Any) -> bool:
    return value is None or (isinstance(value, (str, list, dict)) and not value)


def _check_kind(rec: Record, value: Any, kind: str, *keys: str | int) -> None:
    ok: bool
    if kind == "text":
        ok = isinstance(value, str) and bool(value.strip())
    elif kind == "text or number":
        ok = (isinstance(value, str) and bool(value.strip())) or (
            isinstance(value, int) and not isinstance(value, bool)
        )
    elif kind == "list of text":
        ok = isinstance(value, list) and all(isinstance(v, (str, int)) and not isinstance(v, bool) for v in value)
    elif kind == "date":
        ok = isinstance(value, dict) and (
            _date_parts_ok(value.get("date-parts")) or "literal" in value or "raw" in value
        )
    elif kind == "list of names":
        ok = isinstance(value, list) and all(
            isinstance(v, dict) and any(k in v for k in ("family", "literal")) for v in value
        )
    elif kind == "boolean":
        ok = isinstance(value, bool)
    elif kind == "availability":
        ok = (
            isinstance(value, dict)
            and value.get("status") in ("free", "restricted", "unknown")
            and isinstance(value.get("text"), str)
            and bool(value["text"].strip())
        )
    elif kind == "list of heads":
        ok = isinstance(value, list) and all(
            (isinstance(v, int) and not isinstance(v, bool))
            or (isinstance(v, dict) and isinstance(v.get("paragraph"), (int, str)) and v.get("level", 1) in (0, 1, 2))
            for v in value
        )
    elif kind == "list of entries":
        if not isinstance(value, list):
            raise rec.error("must be a list of entries (title, paragraphs, see)", *keys)
        for i, entry in enumerate(value):
            _check_entry(rec, entry, *keys, i)
        return
    else:  # pragma: no cover - a kind of this module
        raise AssertionError(kind)
    if not ok:
        raise rec.error(f"must be {_KIND_TEXT[kind]}", *keys)


_KIND_TEXT = {
    "text": "a non-empty string",
    "text or number": "a string or a number",
    "list of text": "a list of strings",
    "date": "a CSL date ({date-parts: [[YEAR]]} or {literal: …})",
    "list of names": "a list of CSL names ({family: …, given: …} or {literal: …})",
    "boolean": "true or false",
    "availability": "a mapping {status: free, restricted or unknown, text: …}",
    "list of heads": "a list of paragraph numbers, or of {paragraph: N, level: 0, 1 or 2}",
}


def _date_parts_ok(parts: Any) -> bool:
    return (
        isinstance(parts, list)
        and bool(parts)
        and all(isinstance(p, list) and 1 <= len(p) <= 3 and all(isinstance(x, (int, str)) for x in p) for p in parts)
    )


def _check_entry(rec: Record, entry: Any, *keys: str | int) -> None:
    if not isinstance(entry, dict):
        raise rec.error("an entry must be a mapping (title, paragraphs, see)", *keys)
    if not isinstance(entry.get("title"), str) or not entry["title"].strip():
        raise rec.error("an entry needs a title", *keys)
    paras = entry.get("paragraphs")
    if not isinstance(paras, list) or not paras or not all(isinstance(p, (int, str)) for p in paras):
        raise rec.error("an entry needs a non-empty list of paragraph numbers", *keys, "paragraphs")
    if "author" in entry and not (
        isinstance(entry["author"], list)
        and all(isinstance(v, dict) and any(k in v for k in ("family", "literal")) for v in entry["author"])
    ):
        raise rec.error("must be a list of CSL names ([] when no author is to be credited)", *keys, "author")
    if "note" in entry and not isinstance(entry["note"], str):
        raise rec.error("must be a string", *keys, "note")
    see = entry.get("see", [])
    if see is None:
        see = []
    if not isinstance(see, list):
        raise rec.error("must be a list of cross-references (target, paragraph, external)", *keys, "see")
    for j, ref in enumerate(see):
        if not isinstance(ref, dict) or not isinstance(ref.get("target"), str) or not ref["target"].strip():
            raise rec.error("a cross-reference needs a target (the title as printed)", *keys, "see", j)
        if "external" in ref and not isinstance(ref["external"], bool):
            raise rec.error("external must be true or false", *keys, "see", j, "external")
        if "paragraph" in ref and not isinstance(ref["paragraph"], (int, str)):
            raise rec.error("paragraph must be a paragraph number", *keys, "see", j, "paragraph")
