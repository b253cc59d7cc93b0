"""Annotations as data: one frozen record per rule statement of a source.

An annotation quotes the exact words of a paragraph's clean transcription,
says in English what they state, how the engine reads them, which engine
rules and options carry that reading, and proves it with a doctest.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

__all__ = ["FIELDS", "READING_FIELDS", "STATUSES", "TOPICS", "Annotation", "Reading"]

#: How far the engine's behaviour rests on the quoted words.
STATUSES = ("stated", "interpreted", "reconstructed", "not-modelled")

#: The concordance keys: one page of the site per topic.
TOPICS = (
    "game",
    "players",
    "pack",
    "deal",
    "exchange",
    "declarations",
    "play",
    "quinola",
    "aces",
    "talon",
    "scoring",
    "pool",
    "betes",
    "reversis",
    "espagnolette",
    "penalties",
    "advice",
    "combinations",
    "not-a-card-game",
)

#: The fields of an annotation, and of one reading of an ambiguous statement.
FIELDS = (
    "id",
    "paragraph",
    "quote",
    "topic",
    "rules",
    "rulesets",
    "options",
    "gloss",
    "reading",
    "status",
    "reason",
    "cites",
    "readings",
    "example",
)
READING_FIELDS = ("options", "default", "says", "example")


@dataclass(frozen=True)
class Reading:
    """One reading of an ambiguous statement: the option values that select it, and its example."""

    options: MappingProxyType[str, Any]
    default: bool
    says: str
    example: str
    line: int
    example_line: int


@dataclass(frozen=True)
class Annotation:
    """One rule statement of a source, read and tied to the engine.

    ``file`` and ``line`` say where it is written; ``example_line`` is the line of
    the first line of its doctest, so that a failure can name it.
    """

    id: str
    source: str
    paragraph: str
    quote: str
    topic: str
    gloss: str
    status: str
    rules: tuple[str, ...] = ()
    rulesets: tuple[str, ...] = ()
    options: tuple[str, ...] = ()
    reading: str = ""
    reason: str = ""
    cites: tuple[str, ...] = ()
    readings: tuple[Reading, ...] = ()
    example: str = ""
    file: str = ""
    line: int = 0
    example_line: int = 0
    extra: MappingProxyType[str, Any] = field(default_factory=lambda: MappingProxyType({}))

    @property
    def modelled(self) -> bool:
        """Whether an engine ruleset plays the statement."""
        return self.status != "not-modelled"

    @property
    def ambiguous(self) -> bool:
        return bool(self.readings)
