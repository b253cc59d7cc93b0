"""Reading a scenario's YAML: untrusted text, parsed once, with limits that bound time and memory.

A scenario is a reader's file, so nothing in it may make the program hang or
grow without bound. The text is parsed once, with libyaml (PyYAML's C parser)
where it is present, event by event, into plain data, and refused with a
one-line ``ScenarioError`` naming the file, the line and the problem as soon
as it holds:

- more than ``MAX_BYTES`` of text;
- an alias (``*name``) or an anchor (``&name``): a scenario needs neither, and
  aliases are how a few hundred bytes expand into gigabytes;
- a key given twice in one mapping (YAML would keep the last one silently);
- a list or mapping of more than ``MAX_ITEMS`` entries (a hand never needs
  more: the largest pack has 52 cards), more than ``MAX_VALUES`` values in all,
  or nesting deeper than ``MAX_DEPTH``;
- a number of more than ``MAX_DIGITS`` digits, a key of more than ``MAX_KEY`` characters;
- a tag other than the plain ones (``!!str``, ``!!int``, ``!!float``,
  ``!!bool``, ``!!null``, ``!!map``, ``!!seq``).

>>> data, lines = read_yaml("ruleset: encyclopedie-1765\\nplays: [2H, 3H]\\n", source="x.yaml")
>>> data, lines["plays[1]"]
({'ruleset': 'encyclopedie-1765', 'plays': ['2H', '3H']}, 2)
>>> read_yaml("a: &x [1]\\nb: *x\\n", source="x.yaml")
Traceback (most recent call last):
...
reversis.ScenarioError: x.yaml:1: a: anchors (&x) and aliases are not used in a scenario
"""

from __future__ import annotations

from typing import Any

import yaml
from yaml.events import (
    AliasEvent,
    DocumentEndEvent,
    DocumentStartEvent,
    Event,
    MappingEndEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceEndEvent,
    SequenceStartEvent,
    StreamEndEvent,
    StreamStartEvent,
)
from yaml.nodes import ScalarNode

from reversis.core.errors import ScenarioError

__all__ = ["MAX_BYTES", "MAX_DEPTH", "MAX_DIGITS", "MAX_ITEMS", "MAX_KEY", "MAX_VALUES", "read_yaml"]

#: The largest scenario, in bytes of UTF-8 (a complete record of a hand is about 2 KiB).
MAX_BYTES = 256 * 1024
#: The most items of one list or keys of one mapping (the largest pack has 52 cards).
MAX_ITEMS = 128
#: The most values (scalars, lists and mappings) in a whole scenario.
MAX_VALUES = 4096
#: The deepest nesting (``plays[3].card`` is 3 deep).
MAX_DEPTH = 6
#: The most digits of a number.
MAX_DIGITS = 20
#: The longest key of a mapping, in characters.
MAX_KEY = 100

try:  # libyaml, where PyYAML was built with it
    _Loader: type[Any] = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - PyYAML without libyaml
    _Loader = yaml.SafeLoader

_TAG = "tag:yaml.org,2002:"
_PLAIN = {_TAG + name for name in ("str", "int", "float", "bool", "null")}
_AS_TEXT = {_TAG + name for name in ("timestamp", "merge", "value")}  # resolved implicitly, kept as written


def _line(event: Event) -> int:
    return event.start_mark.line + 1 if event.start_mark is not None else 1


def _short(tag: str) -> str:
    return "!!" + tag.removeprefix(_TAG) if tag.startswith(_TAG) else tag


class _Reader:
    def __init__(self, text: str, source: str, *, loader: type[Any] | None = None) -> None:
        self.loader = (loader or _Loader)(text)
        self.source = source
        self.lines: dict[str, int] = {}
        self.values = 0

    def fail(self, event: Event, path: str, problem: str) -> ScenarioError:
        where = f"{path}: " if path else ""
        return ScenarioError(f"{self.source}:{_line(event)}: {where}{problem}")

    def expect(self, kind: type[Event]) -> Event:
        event = self.loader.get_event()
        if not isinstance(event, kind):  # libyaml reports malformed text itself; this is a safeguard
            raise self.fail(event, "", f"malformed YAML: unexpected {type(event).__name__}")
        return event

    def document(self) -> Any:
        self.expect(StreamStartEvent)
        if self.loader.check_event(StreamEndEvent):
            return None
        self.expect(DocumentStartEvent)
        data = self.value("", depth=0)
        self.expect(DocumentEndEvent)
        if not self.loader.check_event(StreamEndEvent):
            raise self.fail(self.loader.peek_event(), "", "a scenario is one YAML document; a second one begins here")
        return data

    def value(self, path: str, *, depth: int) -> Any:
        event = self.loader.get_event()
        if isinstance(event, AliasEvent):
            raise self.fail(event, path, f"aliases (*{event.anchor}) and anchors are not used in a scenario")
        if getattr(event, "anchor", None) is not None:
            raise self.fail(event, path, f"anchors (&{event.anchor}) and aliases are not used in a scenario")
        self.values += 1
        if self.values > MAX_VALUES:
            raise self.fail(event, path, f"more than {MAX_VALUES} values; a scenario needs a few hundred at most")
        if isinstance(event, ScalarEvent):
            return self.scalar(event, path)
        if depth >= MAX_DEPTH:
            raise self.fail(event, path, f"nested more than {MAX_DEPTH} deep; no scenario field is")
        if isinstance(event, SequenceStartEvent):
            self.check_tag(event, path, _TAG + "seq")
            return self.sequence(path, depth=depth)
        if isinstance(event, MappingStartEvent):
            self.check_tag(event, path, _TAG + "map")
            return self.mapping(path, depth=depth)
        raise self.fail(event, path, f"malformed YAML: unexpected {type(event).__name__}")

    def check_tag(self, event: Any, path: str, plain: str) -> None:
        if event.tag not in (None, "!", plain):
            raise self.fail(event, path, f"the tag {_short(event.tag)} is not used in a scenario")

    def scalar(self, event: ScalarEvent, path: str) -> Any:
        tag = event.tag
        if tag is None or tag == "!":
            tag = self.loader.resolve(ScalarNode, event.value, event.implicit)
        if tag in _AS_TEXT:
            return event.value
        if tag not in _PLAIN:
            raise self.fail(event, path, f"the tag {_short(tag)} is not used in a scenario")
        if tag in (_TAG + "int", _TAG + "float") and sum(c.isdigit() for c in event.value) > MAX_DIGITS:
            raise self.fail(event, path, f"a number of more than {MAX_DIGITS} digits")
        node = ScalarNode(tag, event.value, style=event.style)
        try:
            return self.loader.construct_object(node)
        except (yaml.YAMLError, ValueError, OverflowError):
            raise self.fail(event, path, f"{event.value[:40]!r} is not a valid {tag.removeprefix(_TAG)}") from None

    def sequence(self, path: str, *, depth: int) -> list[Any]:
        items: list[Any] = []
        while not self.loader.check_event(SequenceEndEvent):
            where = f"{path}[{len(items)}]"
            if len(items) >= MAX_ITEMS:
                raise self.fail(
                    self.loader.peek_event(),
                    path,
                    f"a list of more than {MAX_ITEMS} items; a hand needs far fewer (the largest pack has 52 cards)",
                )
            self.lines[where] = _line(self.loader.peek_event())
            items.append(self.value(where, depth=depth + 1))
        self.loader.get_event()
        return items

    def mapping(self, path: str, *, depth: int) -> dict[Any, Any]:
        out: dict[Any, Any] = {}
        first_line: dict[Any, int] = {}
        while not self.loader.check_event(MappingEndEvent):
            event = self.loader.peek_event()
            line = _line(event)
            if not isinstance(event, ScalarEvent):
                self.loader.get_event()
                raise self.fail(event, path, "a key must be a plain value (a name or a number), not a list or mapping")
            if len(event.value) > MAX_KEY:
                raise self.fail(event, path, f"a key of more than {MAX_KEY} characters; no scenario field has one")
            name = f"{path}.{event.value}" if path else str(event.value)
            if len(out) >= MAX_ITEMS:
                raise self.fail(
                    event, path, f"a mapping of more than {MAX_ITEMS} keys; no scenario field needs so many"
                )
            key = self.value(name, depth=depth + 1)
            if key in out:
                raise self.fail(event, name, f"given twice (first on line {first_line[key]}); YAML would keep only one")
            first_line[key] = line
            self.lines[name] = line
            out[key] = self.value(name, depth=depth + 1)
        self.loader.get_event()
        return out


def read_yaml(text: str, *, source: str) -> tuple[Any, dict[str, int]]:
    """The data of a scenario's text, and the line of each field (``hands.1[3]``, ``options.talon.4``).

    Every problem is a ``ScenarioError`` whose message begins ``source:line:``.
    """
    if len(text) > MAX_BYTES:
        line = text.count("\n", 0, MAX_BYTES) + 1
        raise ScenarioError(
            f"{source}:{line}: the text goes on past {MAX_BYTES // 1024} KiB, more than any scenario needs"
        )
    reader = None
    try:  # PyYAML's pure-Python reader checks the characters as it is made
        reader = _Reader(text, source)
        data = reader.document()
    except yaml.YAMLError as exc:
        raise _malformed(_pure_error(text, source) if _Loader is not yaml.SafeLoader else exc, text, source) from None
    finally:
        if reader is not None:
            reader.loader.dispose()
    assert reader is not None
    return data, reader.lines


def _pure_error(text: str, source: str) -> yaml.YAMLError:
    """The error of PyYAML's pure-Python parser on a text libyaml refused: its words, the same
    wherever the scenario is read (a page of the site reads it without libyaml). An engine check
    that the pure parser meets first (the same, in the same order of events) is raised as it is."""
    reader = None
    try:
        reader = _Reader(text, source, loader=yaml.SafeLoader)
        reader.document()
    except yaml.YAMLError as exc:
        return exc
    finally:
        if reader is not None:
            reader.loader.dispose()
    raise ScenarioError(f"{source}:1: malformed YAML")  # pragma: no cover - both parsers refuse the same texts


def _malformed(exc: yaml.YAMLError, text: str, source: str) -> ScenarioError:
    """A YAML error as one line naming the source, the line and the problem."""
    if isinstance(exc, yaml.MarkedYAMLError):
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else 1
        problem = exc.problem or exc.context or str(exc).splitlines()[0]
        return ScenarioError(f"{source}:{line}: malformed YAML: {problem}")
    # a character YAML does not allow, which carries no line
    position = getattr(exc, "position", None)
    line = text.count("\n", 0, position) + 1 if isinstance(position, int) else 1
    character, reason = getattr(exc, "character", None), getattr(exc, "reason", None)
    if isinstance(character, str) and reason:
        problem = f"character #x{ord(character):04x}: {reason}"
    elif isinstance(character, int) and reason:
        problem = f"character #x{character:04x}: {reason}"
    else:
        problem = " ".join(str(exc).split())
    return ScenarioError(f"{source}:{line}: malformed YAML: {problem}")
