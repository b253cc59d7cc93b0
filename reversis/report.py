"""A readable account of a finished hand: the exchange, each trick, each payment with its rule and citation."""

from __future__ import annotations

from collections import defaultdict

from reversis.events import Exchanged, OutOfTurn, Passed, Revoked
from reversis.hand import Hand
from reversis.ledger import POOL, Entry
from reversis.result import hands_after_exchange

__all__ = ["account"]


def _who(party: int | str) -> str:
    return "the pool" if party == POOL else f"seat {party}"


def _payment(entry: Entry) -> str:
    cites = ", ".join(entry.cites) if entry.cites else "no paragraph"
    return f"    {_who(entry.payer)} pays {_who(entry.payee)} {entry.amount}  [{entry.rule}; {cites}]"


def account(hand: Hand) -> str:
    """The hand trick by trick, every payment naming its rule and the paragraph that orders it."""
    pack = hand.rules.pack
    lines = [f"{hand.rules.title}: {hand.players} players, seat {hand.dealer} deals, seat {hand.eldest} leads."]
    by_trick: dict[int | None, list[Entry]] = defaultdict(list)
    for entry in hand.ledger.entries:
        by_trick[entry.trick].append(entry)
    if by_trick[None]:
        lines.append("Before the hand:")
        lines.extend(_payment(e) for e in by_trick[None])
    lines.append("Exchange:")
    for event in hand.events:
        if isinstance(event, Exchanged):
            took = "takes nothing" if event.took is None else f"takes {pack.name(event.took)}"
            lines.append(f"    seat {event.seat} discards {pack.name(event.discard)} and {took}")
        elif isinstance(event, Passed):
            seen = "" if event.seen is None else f" (and sees {pack.name(event.seen)})"
            lines.append(f"    seat {event.seat} keeps his cards{seen}")
    lines.append("Hands after the exchange:")
    for seat, cards in enumerate(hands_after_exchange(hand)):
        lines.append(f"    seat {seat}: {' '.join(pack.names(sorted(cards, reverse=True)))}")
    penalties = {(e.trick, e.seat): e for e in hand.events if isinstance(e, Revoked | OutOfTurn)}
    for number, trick in enumerate(hand.tricks, start=1):
        shown = " ".join(pack.names(trick.cards))
        lines.append(f"Trick {number}: seat {trick.leader} leads; {shown}; seat {trick.winner} takes it.")
        for (at, seat), event in penalties.items():
            if at == number:
                what = "revokes with" if isinstance(event, Revoked) else "plays out of turn"
                lines.append(f"    seat {seat} {what} {pack.name(event.card)}")
        lines.extend(_payment(e) for e in by_trick[number] if e.rule not in _SETTLEMENT_RULES)
    lines.append("Settlement:")
    tallies = ", ".join(f"seat {s}: {hand.tricks_won[s]} tricks, {hand.points[s]} points" for s in range(hand.players))
    lines.append(f"    {tallies}")
    lines.append(f"    talon: {' '.join(pack.names(hand.talon))}")
    if hand.reversis:
        r = hand.reversis
        state = "made" if r["made"] else f"cut by seat {r['cut_by']}"
        lines.append(f"    reversis attempted by seat {r['by']}: {state}")
    lines.append(f"    winner: seat {hand.winner}")
    lines.extend(_payment(e) for e in hand.ledger.entries if e.rule in _SETTLEMENT_RULES and e.trick is not None)
    for seat, amount, rule in hand.betes:
        lines.append(f"    seat {seat} owes a bête of {amount} to the pool  [{rule}]")
    balances = ", ".join(f"seat {s}: {b:+d}" for s, b in enumerate(hand.ledger.balances()))
    lines.append(f"Balances: {balances}; pool {hand.pool_before} -> {hand.pool}.")
    return "\n".join(lines)


_SETTLEMENT_RULES = frozenset(
    {
        "quinola.placed.pool",
        "reversis.pool",
        "reversis.made",
        "reversis.refund",
        "reversis.cut",
        "talon.pay",
        "pool.refresh",
        "bete.pay",
    }
)
