"""Errors of the project: each carries a one-line message naming the place and the problem."""

from __future__ import annotations

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
