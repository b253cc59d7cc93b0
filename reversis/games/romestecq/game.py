"""Romestecq as a game of :mod:`reversis.games`: its scenario, hand, result, record and account,
and the entry points of ``reversis session`` (a game played to its target of marks) and
``reversis simulate`` and ``reversis compare``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from reversis.core.ruleset import Ruleset
from reversis.games.romestecq.bots import BOTS, get_bot
from reversis.games.romestecq.hand import Hand
from reversis.games.romestecq.params import compile_params
from reversis.games.romestecq.result import account as _account
from reversis.games.romestecq.result import record, result
from reversis.games.romestecq.scenario import Scenario, parse, run
from reversis.games.romestecq.simulate import Stats, play_seeded, simulate_chunk
from reversis.games.romestecq.sitting import DEFAULT_HANDS, Sitting, parse_sitting_fields

__all__ = [
    "BOTS",
    "DEFAULT_HANDS",
    "UNIT",
    "Sitting",
    "Stats",
    "account",
    "outcome",
    "outcome_labels",
    "parse",
    "parse_sitting_fields",
    "record",
    "result",
    "run",
    "seeded",
    "simulate_chunk",
]

#: What a hand's outcome counts.
UNIT = "marks"


def seeded(rules: Ruleset, bot: str) -> Callable[[int, int], Hand]:
    """The player of hand ``i`` from ``seed`` under ``rules`` (as ``reversis simulate`` plays it)."""
    params, player = compile_params(rules), get_bot(bot)
    return lambda seed, i: play_seeded(rules, params, player, seed, i)


def outcome_labels(rules: Ruleset) -> list[str]:
    """What each number of :func:`outcome` is: the marks each side rubbed out (its players share
    them), the dealer's side first (the deal rotates)."""
    return ["dealer's side", "other side"]


def outcome(hand: Hand) -> tuple[list[int], set[str]]:
    """The marks each side rubbed out in the hand (a virlicque rubs out all that a side has left);
    and every engine rule that fired, the rule that ended the game among them."""
    fired = {entry.rule for entry in hand.marks.entries}
    if hand.won_by is not None:
        fired.add(hand.won_by)
    rubbed = hand.marks.rubbed()
    if hand.params.side_of(hand.dealer):
        rubbed.reverse()
    return rubbed, fired


def mutations() -> Any:
    """The mutation check's table for this game (imported only by the check)."""
    from reversis.games.romestecq.mutation import mutations as table

    return table()


def account(hand: Hand, scenario: Scenario) -> str:
    return _account(hand, scenario)
