"""What a Romestecq hand gives back: the JSON result, the record that replays it, the readable account.

>>> from reversis.games import parse_any
>>> from reversis.games.romestecq.scenario import run
>>> hand = run(parse_any("ruleset: romestecq\\nseed: 11", source="<doc>"))
>>> data = result(hand)
>>> sorted(data["marks"]), data["marks"]["before"]
(['after', 'before', 'rubbed'], {'0': 21, '1': 21})
>>> again = run(parse_any(dump_record(record(hand, bot="cautious", seed=11)), source="<record>"))
>>> result(again) == data
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from reversis.core.moves import SEARCHING_BOTS
from reversis.core.roles import in_sentence, role, side
from reversis.core.scenario import dump_record
from reversis.games.romestecq.bots import seats_from_eldest
from reversis.games.romestecq.hand import Hand
from reversis.games.romestecq.scenario import Scenario

__all__ = ["account", "dump_record", "record", "result"]


def _options(hand: Hand) -> dict[str, Any]:
    rules = hand.rules
    return {k: v for k, v in rules.items() if v != rules.options[k].default}


def result(hand: Hand) -> dict[str, Any]:
    """The result of a hand, JSON-ready (documented field by field in docs/scenarios.md)."""
    names = hand.rules.pack.names
    p = hand.params

    def two(values: Sequence[int]) -> dict[str, int]:
        return {str(side): values[side] for side in (0, 1)}

    return {
        "ruleset": hand.rules.id,
        "game": "romestecq",
        "options": _options(hand),
        "players": p.players,
        "dealer": hand.dealer,
        "sides": {str(side): p.seats_of(side) for side in (0, 1)},
        "manner": list(hand.manner),
        "hands": {str(s): names(cards) for s, cards in enumerate(hand.dealt)},
        "combinations": {
            str(s): [{"name": c.name, "cards": names(c.cards), "worth": c.worth} for c in held]
            for s, held in enumerate(hand.held)
        },
        "virlicque": None
        if hand.virlicque is None
        else {"seat": hand.virlicque[0], "side": p.side_of(hand.virlicque[0])},
        "tricks": [
            {
                "leader": t.leader,
                "cards": names(c for _, c in t.cards),
                "calls": [hand.calls.get(c) for _, c in t.cards],
                "winner": t.winner,
            }
            for t in hand.tricks
        ],
        "gruged": [{"seat": v, "card": names([c])[0], "by": by, "trick": t} for v, c, by, t in hand.gruged],
        "claims": [{"seat": c.seat, "combination": c.name, "marks": c.marks, "rule": c.rule} for c in hand.claims],
        "faults": [{"rule": f.rule, "seat": f.seat, "trick": f.trick, "penalty": f.penalty} for f in hand.faults],
        "ledger": [e.as_dict() for e in hand.marks.entries],
        "marks": {
            "before": two(hand.marks.before),
            "rubbed": two(hand.marks.rubbed()),
            "after": two(hand.marks.left),
        },
        "target": p.target,
        "game_over": None if hand.winner is None else {"winner": hand.winner, "rule": hand.won_by},
    }


def record(hand: Hand, *, bot: str, seed: int, budget: int | None = None) -> dict[str, Any]:
    """The complete scenario of a hand: its deal, faults, every play with its call, every claim."""
    names = hand.rules.pack.names
    data: dict[str, Any] = {"ruleset": hand.rules.id}
    if _options(hand):
        data["options"] = _options(hand)
    data["dealer"] = hand.dealer
    data["hands"] = {s: names(cards) for s, cards in enumerate(hand.dealt)}
    data["manner"] = list(hand.manner)
    if hand.dealt_before is not None:
        data["dealt_before"] = list(hand.dealt_before)
    if hand.deal_faults:
        data["faults"] = [
            {"fault": name, **({"seat": seat} if seat is not None else {}), **({"kept": True} if kept else {})}
            for name, seat, kept in hand.deal_faults
        ]
    plays: list[Any] = []
    for pl in hand.played:
        item: dict[str, Any] = {"card": names([pl.card])[0]}
        if pl.call:
            item["call"] = pl.call
        if pl.out_of_turn:
            item["seat"] = pl.seat
        plays.append(item if len(item) > 1 else item["card"])
    data["plays"] = plays
    if hand.claimed or len(hand.tricks) == 5:
        data["claims"] = {
            s: [
                name if marks is None else {"combination": name, "marks": marks}
                for seat, name, marks in hand.claimed
                if seat == s
            ]
            for s in seats_from_eldest(hand)
        }
    data["marks"] = {0: hand.marks.before[0], 1: hand.marks.before[1]}
    data["bot"] = bot
    if budget is not None and bot in SEARCHING_BOTS:
        data["budget"] = budget
    data["seed"] = seed
    return data


def account(hand: Hand, scenario: Scenario | None = None) -> str:
    """The hand told trick by trick, each mark with the rule that orders it and the paragraphs it cites.

    Players are named by their place in the hand, and the sides as the dictionary names them: the
    dealer's own side and the other side (his opponents).
    """
    names = hand.rules.pack.names
    p = hand.params
    order = [(hand.dealer + k) % p.players for k in range(p.players)]

    def who(seat: int) -> str:
        return role(seat, dealer=hand.dealer, players=p.players)

    def team(which: int) -> str:
        return side(which, dealer_side=p.side_of(hand.dealer))

    def members(which: int) -> str:
        return " and ".join(who(s) for s in order if p.side_of(s) == which)

    ours, theirs = p.side_of(hand.dealer), 1 - p.side_of(hand.dealer)
    places = [f"{who(seat)} seat: {seat}" for seat in order]
    places[0] = places[0].replace(" seat:", " is seat:", 1)
    lines = [
        f"{hand.rules.title}: {p.players} players in two sides, {team(ours)} ({members(ours)}) "
        f"and {team(theirs)} ({members(theirs)}).",
        f"The dealer deals by {'-'.join(map(str, hand.manner))}; play passes to his right, so the eldest hand leads. "
        f"Marks to rub out: {team(ours)} {hand.marks.before[ours]}, {team(theirs)} {hand.marks.before[theirs]}.",
        f"In the scenario file: {', '.join(places)}; {team(ours)} is side: {ours}.",
    ]
    for seat in order[1:] + order[:1]:
        held = ", ".join(c.name for c in hand.held[seat])
        lines.append(
            f"  {who(seat)} ({team(p.side_of(seat))}): {' '.join(names(hand.dealt[seat]))}"
            + (f"  [{held}]" if held else "")
        )
    by_trick: dict[int | None, list[str]] = {}
    for e in hand.marks.entries:
        verb = f"rubs out {e.marks}" if e.marks > 0 else f"has {-e.marks} chalked back on"
        named = in_sentence(hand.rules.rule_name(e.rule))
        by_trick.setdefault(e.trick if e.rule not in _CLAIM_RULES else -1, []).append(
            f"    {team(e.side)} {verb}: {named}  [{e.rule}; {', '.join(e.cites) or 'not in the source'}]"
        )
    lines += by_trick.pop(None, [])
    for number, trick in enumerate(hand.tricks, start=1):
        shown = " ".join(
            f"{names([c])[0]}" + (f' "{hand.calls[c]}"' if hand.calls.get(c) else "") for _, c in trick.cards
        )
        lines.append(f"Trick {number}: {who(trick.leader)} leads {shown}; {who(trick.winner)} takes it.")
        lines += by_trick.pop(number, [])
    if hand.current:
        shown = " ".join(names(c for _, c in hand.current))
        lines.append(f"Trick {hand.trick_no}, not finished: {who(hand.current[0][0])} leads {shown}.")
        lines += by_trick.pop(hand.trick_no, [])
    if hand.claims:
        lines.append("Combinations counted: " + "; ".join(f"{who(c.seat)} {c.name} {c.marks}" for c in hand.claims))
    lines += by_trick.pop(-1, [])
    for rest in by_trick.values():
        lines += rest
    left = hand.marks.left
    lines.append(f"Marks still to rub out: {team(ours)} {left[ours]}, {team(theirs)} {left[theirs]}.")
    if hand.winner is not None:
        won = f": {in_sentence(hand.rules.rule_name(hand.won_by))}  [{hand.won_by}]" if hand.won_by else ""
        lines.append(f"{team(hand.winner).capitalize()} wins the game{won}.")
    return "\n".join(lines)


_CLAIM_RULES = {"triche.hand", "double-ningre.hand", "village.hand", "double-rome.hand", "rome.hand"}
