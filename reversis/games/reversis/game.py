"""Reversis as a game of :mod:`reversis.games`: its scenario, hand, result, record and account, and
what ``reversis compare`` measures of a hand played by a bot (:func:`seeded`, :func:`outcome`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from reversis.core.ruleset import Ruleset
from reversis.games.reversis.hand import Hand
from reversis.games.reversis.report import account as _account
from reversis.games.reversis.result import record, result
from reversis.games.reversis.scenario import Scenario, parse_fields, run

__all__ = ["UNIT", "account", "outcome", "outcome_labels", "parse", "record", "result", "run", "seeded"]

#: What a hand's outcome counts.
UNIT = "chips"


def seeded(rules: Ruleset, bot: str) -> Callable[[int, int], Hand]:
    """The player of hand ``i`` from ``seed`` under ``rules`` (as ``reversis simulate`` plays it)."""
    from reversis.games.reversis.bots import get_bot, play_seeded
    from reversis.games.reversis.params import compile_params

    params, player = compile_params(rules), get_bot(bot)
    return lambda seed, i: play_seeded(rules, params, player, seed, i)


def outcome_labels(rules: Ruleset) -> list[str]:
    """What each number of :func:`outcome` is: the chips of each seat counted from the dealer (the
    deal rotates, so that a seat's number alone would average the places out), then the pool's."""
    return ["dealer", "eldest"] + [f"dealer + {k}" for k in range(2, rules["players"])] + ["pool"]


def outcome(hand: Hand) -> tuple[list[int], set[str]]:
    """The chips won or lost in the hand by each seat from the dealer on (the dealer, the eldest on
    his right, …) and the pool's change; and every engine rule that fired (a payment's, or an event's).

    A bête made in the hand counts against its maker and for the pool at once, although he pays it
    in later: a hand played alone would otherwise hide what a bête costs."""
    ledger = hand.ledger
    fired = {entry.rule for entry in ledger.entries} | {event.rule for event in hand.events}
    if hand.quinola is not None:
        fired.add(hand.quinola.rule)
    balances = ledger.balances()
    pool = ledger.pool_change()
    for betes, sign in ((ledger.betes, 1), (ledger.betes_before, -1)):
        for seat, amount, _ in betes:
            balances[seat] -= sign * amount
            pool += sign * amount
    dealer = hand.dealer
    return [*balances[dealer:], *balances[:dealer], pool], fired


def parse(data: dict[Any, Any], *, lines: dict[str, int], source: str, rules: Ruleset) -> Scenario:
    return parse_fields(data, lines=lines, source=source)


def account(hand: Hand, scenario: Scenario) -> str:
    return _account(hand, given_exchanges=set(scenario.exchange), given_plays=len(scenario.plays))
