"""A mutant of the mutation check (:mod:`reversis.annotations.mutants`): one engine rule broken,
and the table of what a game's mutants break (each game gives its own, ``game.mutations(rules)``:
:mod:`reversis.games.reversis.mutation`, :mod:`reversis.games.romestecq.mutation`)."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Mutant", "Mutations"]


@dataclass(frozen=True)
class Mutations:
    """What the mutation check breaks in a game's engine: the rules that move chips or marks
    (``payments``), the bêtes, the refusals, the rules it leaves alone (with why), and ``patches``:
    for a mutant, the (owner, attribute, broken value) to set while it is applied."""

    payments: tuple[str, ...]
    betes: tuple[str, ...]
    refusals: tuple[str, ...]
    unchecked: Mapping[str, str]
    patches: Callable[[Mutant], list[tuple[Any, str, Any]]]


@dataclass(frozen=True)
class Mutant:
    """One broken rule: ``kind`` is ``suppress``, ``plus-one`` or ``allow``; ``mutations`` are its game's."""

    rule: str
    kind: str
    mutations: Mutations = field(compare=False, repr=False)

    @property
    def name(self) -> str:
        return f"{self.rule}:{self.kind}"

    @contextlib.contextmanager
    def applied(self) -> Iterator[None]:
        """The engine with this rule broken, for the time of the ``with`` block."""
        patches = self.mutations.patches(self)
        saved = [(owner, attr, getattr(owner, attr)) for owner, attr, _ in patches]
        try:
            for owner, attr, value in patches:
                setattr(owner, attr, value)
            yield
        finally:
            for owner, attr, value in saved:
                setattr(owner, attr, value)
