"""A Romestecq ruleset compiled once into plain fields the hand reads: the pack, the sides, the
target of marks and each reading the options select.

Seats are numbered in playing order, as in every game of the engine: the seat after the dealer
(``dealer + 1``) is the eldest and leads first. Two sides always play: with ``seating: together``
the partners sit side by side (seats ``0 .. n/2 - 1`` are side 0), with ``alternate`` every player
sits between two opponents (even seats are side 0).

>>> from reversis.core.ruleset import load_ruleset
>>> p = compile_params(load_ruleset("romestecq").with_options({"players": 6}))
>>> p.players, p.target, p.sides, len(p.pack)
(6, 35, (0, 0, 0, 1, 1, 1), 36)
>>> compile_params(load_ruleset("romestecq").with_options({"players": 6, "seating": "alternate"})).sides
(0, 1, 0, 1, 0, 1)
"""

from __future__ import annotations

from dataclasses import dataclass

from reversis.core.cards import Card, card_rank
from reversis.core.ruleset import Ruleset, compiled
from reversis.games.romestecq.options import OPTIONS

__all__ = ["HAND_SIZE", "LOWEST_RANK", "OPTIONS", "Params", "compile_params"]

#: Five cards each (article 2).
HAND_SIZE = 5
#: The small cards taken out leave the ace down to the six (article 1, by the count of thirty-six).
LOWEST_RANK = 6


@dataclass(frozen=True)
class Params:
    """What a Romestecq hand needs from its ruleset, read once."""

    players: int
    target: int
    sides: tuple[int, ...]  # the side (0 or 1) of each seat
    pack: tuple[Card, ...]
    penalty_marks: str  # chalked-on-offender | rubbed-by-opponents
    two_pairs: str  # combined | separate
    village: str  # adjacent | named
    ningre_tens: bool
    low_triche: int  # 0, 1 (the Rome it holds) or 3
    double_ningre: str  # plus-honours | three-if-passes
    single_honours: bool
    false_claims: str  # overcount | named | any
    accept_illegal: bool
    four_dealer: str  # lowest | highest
    gruge_when: str  # constrained | void
    village_call: str  # the first call of a village, as article 21 prints it or in the Encyclopédie's longer form
    uncalled_rome: str  # worthless | loses-game

    def side_of(self, seat: int) -> int:
        return self.sides[seat]

    def seats_of(self, side: int) -> list[int]:
        return [seat for seat, s in enumerate(self.sides) if s == side]

    def partners(self, a: int, b: int) -> bool:
        return self.sides[a] == self.sides[b]


def compile_params(rules: Ruleset) -> Params:
    """The fields of a Romestecq ruleset: the sides, the target and the pack worked out, every other
    field the option of its name (declared in :mod:`~reversis.games.romestecq.options`)."""
    n = int(rules.value("players"))
    half = n // 2
    sides = tuple(seat % 2 if rules.value("seating") == "alternate" else int(seat >= half) for seat in range(n))
    pack = tuple(c for c in rules.pack.cards(keep_tens=True) if card_rank(c) >= LOWEST_RANK)
    return compiled(Params, rules, {"target": int(rules.value("target")[n]), "sides": sides, "pack": pack})
