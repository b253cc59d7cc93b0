"""The ledger of one hand: chips between the seats and the pool, and the bêtes owed to it.

Every entry moves chips from a payer to a payee (a seat, or ``POOL``), names
the engine rule that orders it and the paragraphs it cites. The ledger is
zero-sum by construction: what one side pays the other receives. It keeps the
pool's content, and the *bêtes* (forfeits of the pool's value) that players
owe it and pay in later, one at a time.

>>> ledger = Ledger(players=4, cites={"pool.stake": ("encyclopedie-1765:9",)})
>>> ledger.pay(1, POOL, 2, rule="pool.stake", trick=None)
>>> ledger.pay(POOL, 3, 2, rule="quinola.placed.pool", trick=4)
>>> ledger.balances(), ledger.pool_change(), ledger.pool
([0, -2, 0, 2], 0, 0)
>>> ledger.entries[0].cites
('encyclopedie-1765:9',)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Final, NamedTuple

__all__ = ["POOL", "Bete", "Entry", "Ledger"]

_new_entry: Final = tuple.__new__

#: The payer or payee of an entry that goes into or out of the pool.
POOL: Final = "pool"

Bete = tuple[int, int, str]
"""A *bête* owed to the pool: (seat, amount, rule)."""


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
    """The payments of one hand, in the order they were made, the pool and the bêtes owed."""

    __slots__ = ("_cites", "betes", "betes_before", "entries", "players", "pool", "pool_before")

    def __init__(
        self,
        *,
        players: int,
        pool: int = 0,
        betes: Iterable[Bete] = (),
        cites: Mapping[str, tuple[str, ...]] | None = None,
    ) -> None:
        self.players = players
        self.entries: list[Entry] = []
        self.pool_before = self.pool = pool
        self.betes: list[Bete] = list(betes)
        self.betes_before = tuple(self.betes)
        self._cites = cites if cites is not None else {}

    def pay(
        self,
        payer: int | str,
        payee: int | str,
        amount: int,
        *,
        rule: str,
        trick: int | None,
        cites: tuple[str, ...] | None = None,
    ) -> None:
        """Record a payment, citing what its rule cites unless ``cites`` is given; a payment
        of nothing is not recorded."""
        if amount:
            if payer == payee:
                raise ValueError(f"{rule}: a payment from {payer} to itself")
            if cites is None:
                cites = self._cites.get(rule, ())
            # Entry(...) built without NamedTuple's Python-level __new__: this runs for every payment
            self.entries.append(_new_entry(Entry, (payer, payee, amount, rule, trick, cites)))
            if payee == POOL:
                self.pool += amount
            elif payer == POOL:
                self.pool -= amount

    def owe_bete(self, seat: int, amount: int, rule: str) -> None:
        """Note a bête a seat owes the pool (paid in later by :meth:`pay_next_bete`)."""
        self.betes.append((seat, amount, rule))

    def pay_next_bete(self, *, biggest_first: bool, trick: int | None) -> None:
        """Pay one bête owed into the pool: the biggest, or the oldest."""
        betes = self.betes
        index = max(range(len(betes)), key=lambda i: betes[i][1]) if biggest_first else 0
        seat, amount, _ = betes.pop(index)
        self.pay(seat, POOL, amount, rule="bete.pay", trick=trick)

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
        return self.pool - self.pool_before

    def paid_by(self, seat: int) -> list[Entry]:
        """Entries in which a seat paid another seat."""
        return [e for e in self.entries if e.payer == seat and e.payee != POOL]
