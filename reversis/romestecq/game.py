"""Romestecq as a game of :mod:`reversis.games`: its scenario, hand, result, record and account,
and the entry points of ``reversis session`` (a game played to its target of marks) and
``reversis simulate``."""

from __future__ import annotations

from typing import Any

from reversis.romestecq.bots import BOTS
from reversis.romestecq.hand import Hand
from reversis.romestecq.result import account as _account
from reversis.romestecq.result import record, result
from reversis.romestecq.scenario import Scenario, parse, run
from reversis.romestecq.simulate import Stats, simulate_chunk
from reversis.romestecq.sitting import DEFAULT_HANDS, Sitting, parse_sitting_fields

__all__ = [
    "BOTS",
    "DEFAULT_HANDS",
    "Sitting",
    "Stats",
    "account",
    "parse",
    "parse_sitting_fields",
    "record",
    "result",
    "run",
    "simulate_chunk",
]


def mutations() -> Any:
    """The mutation check's table for this game (imported only by the check)."""
    from reversis.romestecq.mutation import mutations as table

    return table()


def account(hand: Hand, scenario: Scenario) -> str:
    return _account(hand, scenario)
