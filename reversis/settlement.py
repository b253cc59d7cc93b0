"""Settlement of a finished hand: the reversis, the pool, the talon, bêtes and refreshes.

Each payment is read from the ruleset's options and recorded in the hand's
ledger with its engine rule id.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from reversis.events import Settled
from reversis.ledger import POOL

if TYPE_CHECKING:
    from reversis.hand import Hand

__all__ = ["rank_seats", "settle"]


def rank_seats(hand: Hand, seats: list[int]) -> list[int]:
    """Seats ordered best first by the ruleset's ``winner_order`` criteria."""
    n, dealer = hand.players, hand.dealer
    order = hand.rules.settings["winner_order"]

    def key(seat: int) -> tuple[int, ...]:
        values = []
        for criterion in order:
            if criterion == "points":
                values.append(hand.points[seat])
            elif criterion == "tricks":
                values.append(hand.tricks_won[seat])
            elif criterion == "no-trick":
                values.append(1 if hand.tricks_won[seat] else 0)
            elif criterion == "left-of-dealer":
                # the nearest to the dealer's left first, the dealer himself last
                values.append((dealer - seat) % n or n)
            elif criterion == "eldest-first":
                values.append((seat - dealer - 1) % n)
            elif criterion == "dealer-first":
                values.append((seat - dealer) % n)
        return tuple(values)

    return sorted(seats, key=key)


def settle(hand: Hand) -> None:
    """Settle a hand whose last trick has just been taken."""
    rules = hand.rules.settings  # the options' values, read directly: settlement runs once per hand
    n = hand.players
    number = len(hand.tricks)
    winners = [t.winner for t in hand.tricks]

    # The reversis: one player took every trick. A player who took every trick but the
    # last ``reversis_last_tricks`` was attempting it; the first other taker cut it.
    made_by = winners[0] if winners.count(winners[0]) == number else None
    open_tricks = number - rules["reversis_last_tricks"]
    attempt_by = winners[0] if winners[:open_tricks].count(winners[0]) == open_tricks else None
    cut_by = None
    if attempt_by is not None and made_by is None:
        cut_by = next(w for w in winners[open_tricks:] if w != attempt_by)
    if attempt_by is not None:
        hand.reversis = {"by": attempt_by, "made": made_by is not None, "cut_by": cut_by}

    # The pool: to the thrower of a quinola en renonce, unless a reversis cancels its rights;
    # to the maker of a reversis.
    claimants: list[tuple[int, str]] = []
    cancelled = made_by is not None and rules["reversis_cancels_quinola"]
    if hand.quinola_placed is not None and rules["quinola_placed_wins_pool"] and not cancelled:
        claimants.append((hand.quinola_placed[0], "quinola.placed.pool"))
    if made_by is not None and rules["reversis_wins_pool"]:
        claimants.append((made_by, "reversis.pool"))
    if claimants and hand.pool:
        seat, rule = claimants[0]
        hand.pool_winner = seat
        hand._pay(POOL, seat, hand.pool, rule, number)

    if made_by is not None:
        if rules["reversis_refund"]:
            # the remise: "une remise de tous les jettons que celui qui fait le reversis, a pu payer dans le coup"
            for entry in hand.ledger.paid_by(made_by):
                hand._pay(entry.payee, made_by, entry.amount, "reversis.refund", entry.trick)
        for other in range(n):
            if other != made_by:
                hand._pay(other, made_by, rules["reversis_payment_each"], "reversis.made", number)
    elif cut_by is not None and attempt_by is not None:
        hand._pay(attempt_by, cut_by, rules["reversis_cut_payment"], "reversis.cut", number)

    # The talon: its honours' value, to the player with fewest points.
    ranked = rank_seats(hand, list(range(n)))
    hand.winner = made_by if made_by is not None else ranked[0]
    if made_by is None or not rules["reversis_exempt_talon"]:
        value = sum(hand.params.points[card] for card in hand.talon)
        talon_winner = ranked[0]
        others = [s for s in range(n) if s != talon_winner]
        if rules["talon_payer"] == "most-points":
            most = max(hand.points[s] for s in others)
            # on equal points "c'est au premier à le payer": the first in order of play from the eldest
            payers = [min((s for s in others if hand.points[s] == most), key=lambda s: (s - hand.dealer - 1) % n)]
        else:
            payers = others
        for payer in payers:
            hand._pay(payer, talon_winner, value, "talon.pay", number)

    # A quinola placed or forced with nobody winning the pool: everyone refreshes it.
    if (hand.quinola_placed or hand.quinola_forced) and hand.pool_winner is None:
        for seat in range(n):
            hand._pay(seat, POOL, rules["pool_refresh"], "pool.refresh", number)
    # A pool just won is refilled by the biggest bête owed.
    if hand.pool_winner is not None and hand.betes:
        hand._pay_next_bete()
    hand.events.append(Settled(hand.winner, hand.reversis["by"] if hand.reversis else None, made_by is not None))
