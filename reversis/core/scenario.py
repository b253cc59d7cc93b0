"""What every game's scenario file shares: its text read safely (:func:`read_text`, :func:`decode_text`),
its YAML read within limits (:mod:`reversis.core.scenario_yaml`) and written back
(:func:`dump_record`), the preamble every game's scenario parser begins with (:class:`Fields`: each
problem one line naming the file, the line and the field; the fields checked alike in every game), and
an error of one document of a
file of many (a sitting's) placed at its line in the file (:func:`shifted`)."""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TypeGuard

import yaml

from reversis.core.domains import show
from reversis.core.errors import ScenarioError, did_you_mean
from reversis.core.moves import DEFAULT_BUDGET, MAX_BUDGET, SEARCHING_BOTS
from reversis.core.scenario_yaml import MAX_BYTES

__all__ = ["Fields", "decode_text", "dump_record", "read_text", "shifted", "whole"]


def read_text(path: str | Path) -> str:
    """A scenario file's text: at most ``MAX_BYTES`` read, UTF-8, or a one-line ``ScenarioError``."""
    try:
        with open(path, "rb") as file:
            raw = file.read(MAX_BYTES + 1)
    except OSError as exc:
        raise ScenarioError(f"{path}: cannot be read ({exc.strerror or exc})") from None
    return decode_text(raw, source=str(path))


def decode_text(raw: bytes, *, source: str) -> str:
    """A scenario's bytes as text (a file's, or a page's text as UTF-8): at most ``MAX_BYTES``,
    UTF-8, or a one-line ``ScenarioError`` naming ``source``."""
    path = source
    if len(raw) > MAX_BYTES:
        line = raw.count(b"\n", 0, MAX_BYTES) + 1
        raise ScenarioError(
            f"{path}:{line}: the file goes on past {MAX_BYTES // 1024} KiB, more than any scenario needs"
        )
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise ScenarioError(f"{path}:{line}: is not UTF-8 text (byte {exc.start + 1})") from None
    return text


def shifted(exc: ScenarioError, source: str, offset: int, hand: int | None) -> ScenarioError:
    """An error of one document, its line counted from the start of the file (and the hand named)."""
    message = str(exc)
    found = re.match(re.escape(source) + r":(\d+): ", message)
    if found is None:
        return exc
    label = f"hand {hand}: " if hand is not None else ""
    return ScenarioError(f"{source}:{int(found.group(1)) + offset}: {label}{message[found.end() :]}")


def dump_record(data: Mapping[str, object]) -> str:
    """A scenario (a game's complete record of a hand) as YAML, card lists on one line each."""
    return yaml.safe_dump(dict(data), sort_keys=False, default_flow_style=None, allow_unicode=True, width=100)


def whole(value: object, *, low: int = 0) -> TypeGuard[int]:
    """Whether a value read from YAML is a whole number of at least ``low`` (a bool is not)."""
    return isinstance(value, int) and not isinstance(value, bool) and value >= low


@dataclass(frozen=True)
class Fields:
    """A scenario's fields as read from YAML (``data``), the line of each (``lines``) and the file
    (``source``): the preamble of every game's parser. :meth:`fail` makes the one-line error that
    names the file, the line and the field."""

    data: dict[object, object]
    lines: dict[str, int]
    source: str

    def line_of(self, key: str) -> int:
        """The line of a field, or of the nearest enclosing field with a line (``hands.2[3]``: ``hands.2``)."""
        while key not in self.lines and ("." in key or "[" in key):
            key = key[: max(key.rfind("."), key.rfind("["))]
        return self.lines.get(key, 1)

    def fail(self, key: str, problem: str) -> ScenarioError:
        return ScenarioError(f"{self.source}:{self.line_of(key)}: {key}: {problem}")

    def check_known(self, known: Collection[str]) -> None:
        """No field the game does not know (the first such, in the file's order, is named)."""
        unknown = sorted((str(key) for key in self.data if key not in known), key=lambda k: self.lines.get(k, 0))
        if unknown:
            raise self.fail(unknown[0], f"unknown field (known: {', '.join(sorted(known))})")

    def options(self) -> dict[object, object]:
        """The scenario's ``options``, a mapping of option names to values (empty where not given)."""
        options = self.data.get("options") or {}
        if not isinstance(options, dict):
            raise self.fail("options", "expected a mapping of option names to values")
        return options

    def whole(self, key: str, default: int) -> int:
        """A field that is a whole number ≥ 0 (``seed``, ``pool``)."""
        value = self.data.get(key, default)
        if not whole(value):
            raise self.fail(key, f"{show(value)} is not allowed: it must be a whole number ≥ 0")
        return value

    def budget(self, bot: str) -> int:
        """The playouts a decision of a searching bot (the strong player), :data:`DEFAULT_BUDGET` unless given."""
        if "budget" not in self.data:
            return DEFAULT_BUDGET
        value = self.data["budget"]
        if bot not in SEARCHING_BOTS:
            raise self.fail("budget", f"only the bot {' or '.join(SEARCHING_BOTS)} has a budget (the bot is {bot})")
        if not whole(value) or not 1 <= value <= MAX_BUDGET:
            raise self.fail(
                "budget", f"{show(value)} is not allowed: it must be a whole number from 1 to {MAX_BUDGET:,}"
            )
        return value

    def bot(self, bots: Collection[str]) -> str:
        """The bot that plays what the scenario leaves open (``cautious`` unless given)."""
        bot = self.data.get("bot", "cautious")
        if not isinstance(bot, str) or bot not in bots:
            raise self.fail(
                "bot", f"unknown bot {show(bot)}{did_you_mean(bot, bots)} (known: {', '.join(sorted(bots))})"
            )
        return bot
