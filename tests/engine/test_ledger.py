"""The ledger: zero-sum over the seats and the pool, balances, and the payments it refuses."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reversis import POOL, Entry, Ledger

PARTIES: list[int | str] = [0, 1, 2, 3, POOL]


def _pay(ledger: Ledger, payer: int | str, payee: int | str, amount: int, rule: str = "test") -> None:
    ledger.pay(payer, payee, amount, rule=rule, trick=None, cites=())


payments = st.lists(
    st.tuples(st.sampled_from(PARTIES), st.sampled_from(PARTIES), st.integers(0, 50)).filter(lambda p: p[0] != p[1]),
    max_size=40,
)


@settings(max_examples=100)
@given(payments)
def test_ledger_is_zero_sum_over_seats_and_pool(entries: list[tuple[int | str, int | str, int]]) -> None:
    ledger = Ledger(players=4)
    for payer, payee, amount in entries:
        _pay(ledger, payer, payee, amount)
    assert sum(ledger.balances()) + ledger.pool_change() == 0


def test_balances_are_net_chips_per_seat() -> None:
    ledger = Ledger(players=4)
    _pay(ledger, 0, 1, 4)
    _pay(ledger, 2, 1, 1)
    _pay(ledger, 1, 3, 2)
    assert ledger.balances() == [-4, 3, -1, 2]
    assert ledger.pool_change() == 0


def test_pool_change_counts_stakes_in_and_winnings_out() -> None:
    ledger = Ledger(players=4)
    for seat in range(4):
        _pay(ledger, seat, POOL, 2, "pool.stake")
    assert ledger.pool_change() == 8
    _pay(ledger, POOL, 2, 8, "quinola.placed.pool")
    assert ledger.pool_change() == 0
    assert ledger.balances() == [-2, -2, 6, -2]


def test_a_payment_of_nothing_is_not_recorded() -> None:
    ledger = Ledger(players=4)
    _pay(ledger, 0, 1, 0)
    _pay(ledger, POOL, 1, 0)
    assert ledger.entries == []
    assert ledger.balances() == [0, 0, 0, 0]


@pytest.mark.parametrize("party", PARTIES)
def test_a_payment_to_oneself_is_refused(party: int | str) -> None:
    ledger = Ledger(players=4)
    with pytest.raises(ValueError, match="itself"):
        _pay(ledger, party, party, 3, "ace.placed")
    assert ledger.entries == []


def test_entries_keep_rule_trick_and_cites_in_order() -> None:
    ledger = Ledger(players=4)
    ledger.pay(3, 1, 2, rule="quinola.placed.trick", trick=4, cites=("encyclopedie-1765:4",))
    ledger.pay(1, POOL, 1, rule="pool.refresh", trick=11, cites=())
    assert ledger.entries == [
        Entry(3, 1, 2, "quinola.placed.trick", 4, ("encyclopedie-1765:4",)),
        Entry(1, POOL, 1, "pool.refresh", 11, ()),
    ]
    assert ledger.entries[0].as_dict() == {
        "payer": 3,
        "payee": 1,
        "amount": 2,
        "rule": "quinola.placed.trick",
        "trick": 4,
        "cites": ["encyclopedie-1765:4"],
    }


def test_paid_by_lists_only_payments_to_other_seats() -> None:
    ledger = Ledger(players=4)
    _pay(ledger, 1, POOL, 2)
    _pay(ledger, 1, 2, 3)
    _pay(ledger, 2, 1, 5)
    assert [(e.payee, e.amount) for e in ledger.paid_by(1)] == [(2, 3)]
