"""The marks of a game of Romestecq: chalked at the start, rubbed out as they are won.

Article 6 has the scorer chalk on the table the number of marks agreed (35 at six, 21 at four and
two); a side wins the game when it has rubbed out all of its own (articles 15, 20, 24 speak of
rubbing marks out). Every entry names the side whose row it changes, how many marks it rubs out
(a negative number chalks marks back on, as a penalty does), the engine rule that orders it, the
trick (or None) and the paragraphs the rule cites. The ledger keeps each side's marks still to rub
out, so that what the entries add up to is exactly what each row lost.

>>> ledger = Marks(before=(21, 21), cites={"stecq": ("dictionnaire-jeux-r:44",)})
>>> ledger.mark(1, 1, rule="stecq", trick=5, seat=3)
>>> ledger.mark(0, -3, rule="penalty.out-of-turn", trick=2, seat=1)
>>> ledger.left, ledger.rubbed(), ledger.entries[0].cites
([24, 20], [-3, 1], ('dictionnaire-jeux-r:44',))
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

__all__ = ["MarkEntry", "Marks"]


class MarkEntry(NamedTuple):
    """Marks rubbed out by a side (negative: chalked back on), by order of a rule."""

    side: int
    marks: int
    rule: str
    trick: int | None
    seat: int | None  # the player whose card, call or fault it is (None: the side as a whole)
    cites: tuple[str, ...]

    def as_dict(self) -> dict[str, object]:
        return {
            "side": self.side,
            "marks": self.marks,
            "rule": self.rule,
            "trick": self.trick,
            "seat": self.seat,
            "cites": list(self.cites),
        }


class Marks:
    """The entries of one hand, in the order made, and each side's marks still to rub out."""

    __slots__ = ("_cites", "before", "entries", "left")

    def __init__(self, *, before: tuple[int, int], cites: Mapping[str, tuple[str, ...]] | None = None) -> None:
        self.before = before
        self.left = list(before)
        self.entries: list[MarkEntry] = []
        self._cites = cites or {}

    def mark(self, side: int, marks: int, *, rule: str, trick: int | None, seat: int | None) -> None:
        """Rub out ``marks`` from a side's row (chalk them on if negative); nothing is not recorded."""
        if marks:
            self.entries.append(MarkEntry(side, marks, rule, trick, seat, self._cites.get(rule, ())))
            self.left[side] -= marks

    def rubbed(self) -> list[int]:
        """What each side rubbed out in the hand (negative: more chalked on than rubbed out)."""
        totals = [0, 0]
        for entry in self.entries:
            totals[entry.side] += entry.marks
        return totals

    def first_out(self) -> int | None:
        """The side that first rubbed out its last mark, in the order of the entries (None: neither)."""
        left = list(self.before)
        for entry in self.entries:
            left[entry.side] -= entry.marks
            if left[entry.side] <= 0:
                return entry.side
        return None
