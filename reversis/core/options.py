"""The options of a game, each declared once, in the game's folder: its topic, the values the engine
plays (its domain) and its neutral value, the one that means "the source has no such rule".

A game declares its table when its package is imported (``reversis/games/<game>/options.py``, which
``import reversis`` imports), and a ruleset's file is read against the table of its game
(:func:`reversis.core.ruleset.load_ruleset`): the file gives only what its source says of each
option (its default, English name, meaning, note, citations, annotations, and a narrower domain
where the source allows less than the engine); everything else is the game's. An option the file
leaves out is played at its neutral value; an option without one (:data:`REQUIRED`) must be given.
The core cannot import a game, so the game declares itself here, as a game registers with
OpenSpiel.

>>> table = declared_options("reversis")
>>> table.options["deal_packet"].domain.describe()
'a whole number ≥ 1'
>>> table.options["renouncer"].neutral, table.topics[table.options["renouncer"].topic]
('', 'Declarations')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from reversis.core.domains import Domain, parse_domain
from reversis.core.errors import RulesetError

__all__ = ["REQUIRED", "Declared", "OptionTable", "declare_options", "declared_options"]


class _Required:
    """The neutral value of an option every ruleset of its game must give."""

    def __repr__(self) -> str:
        return "REQUIRED"


#: The neutral value of an option that has none: every ruleset of the game gives it.
REQUIRED: Any = _Required()


@dataclass(frozen=True)
class Declared:
    """An option as its game declares it."""

    name: str
    #: the topic under which a page groups it, a key of its table's ``topics``
    topic: str
    #: the values the engine plays
    domain: Domain
    #: its value where a ruleset leaves it out, or :data:`REQUIRED`
    neutral: Any = REQUIRED

    @property
    def required(self) -> bool:
        return self.neutral is REQUIRED


@dataclass(frozen=True)
class OptionTable:
    """A game's options, and the topics that group them on a page, in the order of a hand, with
    their headings (keys of the annotations' concordance: annotations/FORMAT.md)."""

    game: str
    topics: Mapping[str, str]
    options: Mapping[str, Declared]


_TABLES: dict[str, OptionTable] = {}


def declare_options(game: str, *, topics: Mapping[str, str], options: Mapping[str, tuple[Any, ...]]) -> OptionTable:
    """Declare a game's options, each ``name: (topic, domain, neutral)`` (or ``(topic, domain)`` for
    one every ruleset gives), the domain written as a ruleset's ``domain:`` is, with its ``kind``."""
    declared = {}
    for name, (topic, spec, *neutral) in options.items():
        if topic not in topics:
            raise RulesetError(f"game {game}: option {name!r}: topic {topic!r} is not one of {', '.join(topics)}")
        declared[name] = Declared(
            name=name,
            topic=topic,
            domain=parse_domain(spec, where=f"game {game}: option {name!r}"),
            neutral=neutral[0] if neutral else REQUIRED,
        )
    table = OptionTable(game=game, topics=MappingProxyType(dict(topics)), options=MappingProxyType(declared))
    _TABLES[game] = table
    return table


def declared_options(game: str) -> OptionTable:
    """The options a game declared (``RulesetError`` for a game that declared none)."""
    try:
        return _TABLES[game]
    except KeyError:
        raise RulesetError(f"unknown game {game!r} (known: {', '.join(_TABLES)})") from None
