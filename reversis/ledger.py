"""The ledger of chips between the seats and the pool.

Every entry moves chips from a payer to a payee (a seat, or ``POOL``), names
the engine rule that orders it and the paragraphs it cites. The ledger is
zero-sum by construction: what one side pays the other receives.

>>> ledger = Ledger(players=4)
>>> ledger.pay(1, POOL, 2, rule="pool.stake", trick=None, cites=("encyclopedie-1765:9",))
>>> ledger.pay(POOL, 3, 2, rule="quinola.placed.pool", trick=4, cites=())
>>> ledger.balances()
[0, -2, 0, 2]
>>> ledger.pool_change()
0
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["POOL", "Entry", "Ledger"]

_new_entry = tuple.__new__

#: The payer or payee of an entry that goes into or out of the pool.
POOL = "pool"


class Entry(NamedTuple):
    """One payment: ``amount`` chips from ``payer`` to ``payee`` (a seat or ``"pool"``)."""

    payer: int | str
    payee: int | str
    amount: int
    rule: str
    trick: int | None
    cites: tuple[str, ...]

    def as_dict(self) -> dict[str, object]:
        return {
            "payer": self.payer,
            "payee": self.payee,
            "amount": self.amount,
            "rule": self.rule,
            "trick": self.trick,
            "cites": list(self.cites),
        }


class Ledger:
    """The payments of one hand, in the order they were made."""

    __slots__ = ("entries", "players")

    def __init__(self, *, players: int) -> None:
        self.players = players
        self.entries: list[Entry] = []

    def pay(
        self, payer: int | str, payee: int | str, amount: int, *, rule: str, trick: int | None, cites: tuple[str, ...]
    ) -> None:
        """Record a payment; a payment of nothing is not recorded."""
        if amount:
            if payer == payee:
                raise ValueError(f"{rule}: a payment from {payer} to itself")
            # Entry(...) built without NamedTuple's Python-level __new__: this runs for every payment
            self.entries.append(_new_entry(Entry, (payer, payee, amount, rule, trick, cites)))

    def balances(self) -> list[int]:
        """Net chips won (positive) or lost by each seat."""
        totals = [0] * self.players
        for entry in self.entries:
            if entry.payer != POOL:
                totals[entry.payer] -= entry.amount  # type: ignore[index]
            if entry.payee != POOL:
                totals[entry.payee] += entry.amount  # type: ignore[index]
        return totals

    def pool_change(self) -> int:
        """Chips the pool gained (positive) or lost in this ledger."""
        return sum(e.amount for e in self.entries if e.payee == POOL) - sum(
            e.amount for e in self.entries if e.payer == POOL
        )

    def paid_by(self, seat: int) -> list[Entry]:
        """Entries in which a seat paid another seat."""
        return [e for e in self.entries if e.payer == seat and e.payee != POOL]
