"""What the mutation check breaks in the Romestecq engine (see :mod:`reversis.annotations.mutants`).

Every rule that rubs out or chalks on marks has two mutants (its entries suppressed, and each one
mark larger); every fault the hand refuses has one that lets the act stand as if it were lawful.
"""

from __future__ import annotations

from typing import Any

from reversis.core.mutant import Mutant, Mutations
from reversis.games.romestecq.hand import Hand
from reversis.games.romestecq.marks import Marks

__all__ = ["MARKS", "REFUSALS", "UNCHECKED", "mutations"]

MARKS = (
    "penalty.manner",
    "penalty.faced",
    "penalty.faced-in-pack",
    "penalty.six-cards",
    "penalty.six-cards-played",
    "penalty.out-of-turn",
    "penalty.revoke",
    "penalty.calls",
    "penalty.false-claim",
    "penalty.overcount",
    "penalty.false-three",
    "virlicque.wins",
    "triche.hand",
    "double-ningre.hand",
    "village.hand",
    "double-rome.hand",
    "rome.hand",
    "honours.ace-king",
    "gruger",
    "stecq",
)
REFUSALS = (
    "deal.manner",
    "deal.faced",
    "deal.faced-in-pack",
    "deal.six-cards",
    "play.six-cards",
    "play.turn",
    "play.follow",
    "claim.calls",
    "claim.false",
    "claim.overcount",
    "claim.false-three",
)
UNCHECKED = {
    "deal": "names the deal; the cards dealt are given by each example",
    "deal.turns": "the deal passing to the right is the sitting's turn-taking, shown by the sitting's examples",
    "draw.sides": "the draw is made once before a game; its examples show the sides it makes",
    "draw.dealer": "the draw is made once before a game; its examples show who deals",
    "play.lead": "who leads is the hand's turn-taking, checked through every trick the examples play",
    "play.trick": "who takes a trick is checked through the marks of its aces, kings and stecq",
    "call.match": "a call that fits no combination held is bad input, not a fault the source punishes",
    "game.won": "the end of the game follows from the marks, each checked by its own mutants",
}


def _patches(mutant: Mutant) -> list[tuple[Any, str, Any]]:
    if mutant.rule in MARKS:
        mark = Marks.mark

        def broken(self: Marks, side: int, marks: int, *, rule: str, **kw: Any) -> None:
            if rule == mutant.rule:
                if mutant.kind == "suppress":
                    return
                marks += 1 if marks >= 0 else -1
            mark(self, side, marks, rule=rule, **kw)

        return [(Marks, "mark", broken)]
    fault = Hand._fault

    def allowed(self: Hand, rule: str, message: str) -> bool:
        return False if rule == mutant.rule else fault(self, rule, message)

    return [(Hand, "_fault", allowed)]


def mutations() -> Mutations:
    return Mutations(MARKS, (), REFUSALS, UNCHECKED, _patches)
