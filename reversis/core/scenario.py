"""What every game's scenario file shares: its text read safely (:func:`read_text`, :func:`decode_text`),
its YAML read within limits (:mod:`reversis.core.scenario_yaml`) and written back
(:func:`dump_record`), and an error of one document of a
file of many (a sitting's) placed at its line in the file (:func:`shifted`)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path

import yaml

from reversis.core.errors import ScenarioError
from reversis.core.scenario_yaml import MAX_BYTES

__all__ = ["decode_text", "dump_record", "read_text", "shifted"]


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
