"""Errors of the project: each carries a one-line message naming the place and the problem."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

__all__ = [
    "AnnotationError",
    "CorpusError",
    "IllegalAction",
    "IllegalDeclaration",
    "IllegalExchange",
    "IllegalPlay",
    "ReversisError",
    "RulesetError",
    "ScenarioError",
    "did_you_mean",
]


class ReversisError(Exception):
    """Base of every error the project reports to a user as one line."""


class CorpusError(ReversisError, ValueError):
    """A corpus file is malformed, or an unknown paragraph id was asked for."""


class AnnotationError(ReversisError, ValueError):
    """An annotation file is malformed, or names a quote, paragraph, rule or option that is not there."""


class RulesetError(ReversisError, ValueError):
    """An unknown ruleset or option, or an option value of the wrong kind."""


class ScenarioError(ReversisError, ValueError):
    """A scenario file is malformed or names impossible cards."""


class IllegalAction(ReversisError, ValueError):
    """An action that the rules forbid; ``rule`` names the engine rule broken."""

    def __init__(self, message: str, *, rule: str, cites: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.rule = rule
        self.cites = cites


class IllegalPlay(IllegalAction):
    """A card played against the rules (wrong turn, not held, failing to follow suit)."""


class IllegalExchange(IllegalAction):
    """A discard or exchange against the rules (a heart discarded, the dealer taking)."""


class IllegalDeclaration(IllegalAction):
    """A declaration the rules do not allow (a reversis after losing a trick, a napolitana without the cards)."""


def did_you_mean(word: object, known: Iterable[str], *, cutoff: float = 0.6) -> str:
    """The closest of ``known`` to a word that is not among them, as the end of an error message;
    nothing when none is close, or when two are equally close.

    >>> did_you_mean("quinola_forced_bette", ["quinola_forced_bete", "keep_tens"])
    " (did you mean 'quinola_forced_bete'?)"
    >>> did_you_mean("xyz", ["quinola_forced_bete"])
    ''
    >>> did_you_mean("JX", ["JH", "JS"], cutoff=0.5)
    ''
    """
    if not isinstance(word, str):
        return ""
    candidates = {name.casefold(): name for name in known}
    folded = word.strip().casefold()
    scored = sorted(((difflib.SequenceMatcher(None, folded, name).ratio(), name) for name in candidates), reverse=True)
    if not scored or scored[0][0] < cutoff or (len(scored) > 1 and scored[1][0] == scored[0][0]):
        return ""
    return f" (did you mean {candidates[scored[0][1]]!r}?)"


# A reader meets these errors by the short public API (``from reversis import IllegalPlay``), and a
# doctest's traceback names an error by its module: they are named as the reader imports them.
for _error in (
    ReversisError,
    CorpusError,
    AnnotationError,
    RulesetError,
    ScenarioError,
    IllegalAction,
    IllegalPlay,
    IllegalExchange,
    IllegalDeclaration,
):
    _error.__module__ = "reversis"
