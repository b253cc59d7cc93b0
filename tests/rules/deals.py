"""Building fixed deals for rule scenarios: the cards that matter are placed, the rest filled low-first."""

from __future__ import annotations

import random
from typing import Any

import yaml

from reversis.core.cards import FRENCH, card_rank
from reversis.core.ruleset import Ruleset
from reversis.games.reversis.hand import Hand
from reversis.games.reversis.result import result
from reversis.games.reversis.scenario import parse_scenario, run


def deal(
    fixed: dict[int, list[str]],
    *,
    talon: list[str] | None = None,
    dealer: int = 0,
    players: int = 4,
    talon_size: int = 3,
    keep_tens: bool = False,
) -> dict[str, Any]:
    """A complete deal: the ``fixed`` cards where given, every other card dealt lowest first.

    Seats are filled in order 0, 1, ...; the talon, unless given, gets the lowest cards left over.
    """
    pack = FRENCH.cards(keep_tens=keep_tens)
    used = {FRENCH.parse(c) for cards in fixed.values() for c in cards} | {FRENCH.parse(c) for c in talon or []}
    rest = sorted((c for c in pack if c not in used), key=lambda c: (card_rank(c), c))
    size = (len(pack) - talon_size - 1) // players
    hands: dict[int, list[str]] = {}
    talon_cards = list(talon or [])
    if talon is None:
        talon_cards = FRENCH.names(rest[:talon_size])
        rest = rest[talon_size:]
    for seat in range(players):
        cards = list(fixed.get(seat, []))
        want = size + (1 if seat == dealer else 0)
        while len(cards) < want:
            cards.append(FRENCH.name(rest.pop(0)))
        hands[seat] = cards
    assert not rest, f"cards left over: {FRENCH.names(rest)}"
    return {"hands": hands, "talon": talon_cards, "dealer": dealer}


def play(scenario: dict[str, Any]) -> tuple[Hand, dict[str, Any]]:
    """Run a scenario given as a mapping; returns the finished hand and its result."""
    data = {"ruleset": "encyclopedie-1765", "bot": "cautious", **scenario}
    hand = run(parse_scenario(yaml.safe_dump(data), source="<test>"))
    return hand, result(hand)


def paid(res: dict[str, Any], rule: str) -> list[tuple[object, object, int]]:
    """The (payer, payee, amount) of every ledger entry of a rule."""
    return [(e["payer"], e["payee"], e["amount"]) for e in res["ledger"] if e["rule"] == rule]


def standing(rules: Ruleset, points: list[int], tricks_won: list[int], *, dealer: int = 0) -> Hand:
    """A hand dealt at random whose seats stand at ``points`` and ``tricks_won``, as at the end of its
    tricks: what the talon's ranking (``reversis.games.reversis.settlement.rank_seats``) reads of a hand."""
    hand = Hand.deal(rules, dealer=dealer, rng=random.Random(0))
    hand.points, hand.tricks_won = list(points), list(tricks_won)
    return hand
