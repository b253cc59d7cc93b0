"""Reversis as a game of :mod:`reversis.games`: its scenario, hand, result, record and account."""

from __future__ import annotations

from typing import Any

from reversis.hand import Hand
from reversis.report import account as _account
from reversis.result import record, result
from reversis.ruleset import Ruleset
from reversis.scenario import Scenario, parse_fields, run

__all__ = ["account", "parse", "record", "result", "run"]


def parse(data: dict[Any, Any], *, lines: dict[str, int], source: str, rules: Ruleset) -> Scenario:
    return parse_fields(data, lines=lines, source=source)


def account(hand: Hand, scenario: Scenario) -> str:
    return _account(hand, given_exchanges=set(scenario.exchange), given_plays=len(scenario.plays))
