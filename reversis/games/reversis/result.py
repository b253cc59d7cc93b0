"""What a finished hand gives back: the result of the scenario contract, and the complete record.

``result`` is the JSON contract of ``reversis play --json`` (documented in
``docs/scenarios.md``); ``record`` is a scenario with every exchange and play
filled in, which replays to the same result.

>>> from reversis.games.reversis.scenario import parse_scenario, run
>>> hand = run(parse_scenario("{ruleset: encyclopedie-1765, seed: 3}", source="<doc>"))
>>> replay = run(parse_scenario(dump_record(record(hand, bot="cautious", seed=3)), source="<record>"))
>>> result(replay) == result(hand)
True
"""

from __future__ import annotations

from typing import Any

from reversis.core.cards import Card
from reversis.core.moves import SEARCHING_BOTS
from reversis.core.scenario import dump_record
from reversis.games.reversis.events import Dealt, DeclarationLost, Exchanged, OutOfTurn, Passed, Played, Revoked
from reversis.games.reversis.hand import Hand

__all__ = ["dump_record", "hands_after_exchange", "record", "result"]


def result(hand: Hand) -> dict[str, Any]:
    """The result of a finished hand, as ``docs/scenarios.md`` documents it (JSON-ready)."""
    names = hand.rules.pack.names
    n = hand.players
    exchange = []
    for event in hand.events:
        if isinstance(event, Exchanged):
            took = None if event.took is None else hand.rules.pack.name(event.took)
            exchange.append({"seat": event.seat, "discard": hand.rules.pack.name(event.discard), "took": took})
        elif isinstance(event, Passed):
            seen = None if event.seen is None else hand.rules.pack.name(event.seen)
            exchange.append({"seat": event.seat, "pass": True, "seen": seen})
    after_exchange = hands_after_exchange(hand)
    return {
        "ruleset": hand.rules.id,
        "options": {k: v for k, v in hand.rules.items() if v != hand.rules.options[k].default},
        "dealer": hand.dealer,
        "hands": {seat: names(sorted(after_exchange[seat], reverse=True)) for seat in range(n)},
        "exchange": exchange,
        "talon": names(hand.talon),
        "tricks": [{"leader": t.leader, "cards": names(t.cards), "winner": t.winner} for t in hand.tricks],
        "tricks_won": {seat: hand.tricks_won[seat] for seat in range(n)},
        "points": {seat: hand.points[seat] for seat in range(n)},
        "winner": hand.winner,
        "talon_award": _talon_award(hand),
        "quinola": _quinola(hand),
        "reversis": hand.reversis,
        "declarations": _declarations(hand),
        "ledger": [e.as_dict() for e in hand.ledger.entries],
        "balances": dict(enumerate(hand.ledger.balances())),
        "pool": {"before": hand.pool_before, "after": hand.pool, "won_by": hand.pool_winner},
        "betes": [{"seat": seat, "amount": amount, "rule": rule} for seat, amount, rule in hand.betes],
    }


def _talon_award(hand: Hand) -> dict[str, Any] | None:
    """Who took the talon, what it was worth, what decided it and who paid (None if it was not paid)."""
    award = hand.talon_award
    if award is None:
        return None
    return {
        "to": award.seat,
        "value": award.value,
        "decided_by": award.decided_by,
        "runner_up": award.runner_up,
        "payers": list(award.payers),
        "payer_reading": award.payer_reading,
    }


def _declarations(hand: Hand) -> list[dict[str, Any]]:
    """Each declaration made: by whom, before which trick, and the trick in which it was lost (or None)."""
    lost = {(e.seat, e.name): e.trick for e in hand.events if isinstance(e, DeclarationLost)}
    return [
        {"seat": e.seat, "name": e.name, "trick": e.trick, "lost_at": lost.get((e.seat, e.name))} for e in hand.declared
    ]


def _quinola(hand: Hand) -> dict[str, Any] | None:
    """What became of the quinola: placed, forced, given, led or talon, by whom and in which trick."""
    fate = hand.quinola
    if fate is None:
        return None
    return {"how": fate.how, "seat": fate.seat, "trick": fate.trick}


def hands_after_exchange(hand: Hand) -> list[list[Card]]:
    """Each seat's cards as they stood when the tricks began, rebuilt from the events."""
    dealt = next(e for e in hand.events if isinstance(e, Dealt))
    hands = [list(h) for h in dealt.hands]
    for event in hand.events:
        if isinstance(event, Exchanged):
            hands[event.seat].remove(event.discard)
            if event.took is not None:
                hands[event.seat].append(event.took)
    return hands


def record(hand: Hand, *, bot: str, seed: int, budget: int | None = None) -> dict[str, Any]:
    """The complete scenario of a finished hand: every exchange and play filled in (and the budget
    of the bot where it is a searching one, the strong player)."""
    names = hand.rules.pack.names
    name = hand.rules.pack.name
    dealt = next(e for e in hand.events if isinstance(e, Dealt))
    exchange: dict[int, Any] = {}
    plays: list[Any] = []
    for event in hand.events:
        if isinstance(event, Exchanged):
            exchange[event.seat] = {"discard": name(event.discard)}
        elif isinstance(event, Passed):
            exchange[event.seat] = "pass"
        elif isinstance(event, Played | Revoked):
            plays.append(name(event.card))
        elif isinstance(event, OutOfTurn):
            plays.append({"seat": event.seat, "card": name(event.card)})
    out: dict[str, Any] = {"ruleset": hand.rules.id}
    options = {k: v for k, v in hand.rules.items() if v != hand.rules.options[k].default}
    if options:
        out["options"] = options
    out["dealer"] = hand.dealer
    out["hands"] = {seat: names(cards) for seat, cards in enumerate(dealt.hands)}
    out["talon"] = names(dealt.talon)
    out["exchange"] = exchange
    if hand.declared:
        made: dict[int, list[str]] = {}
        for e in hand.declared:
            made.setdefault(e.seat, []).append(e.name)
        out["declarations"] = {seat: names[0] if len(names) == 1 else names for seat, names in made.items()}
    out["plays"] = plays
    out["bot"] = bot
    if budget is not None and bot in SEARCHING_BOTS:
        out["budget"] = budget
    out["seed"] = seed
    if hand.pool_before:
        out["pool"] = hand.pool_before
    if hand.betes_before:
        out["betes"] = [{"seat": seat, "amount": amount} for seat, amount, _ in hand.betes_before]
    return out
