"""The games the engine plays. Each ruleset names its game (``game:`` in its file, ``reversis``
unless said); each game is a module with the same entry points, so that the scenario contract,
the command line and the site treat every game alike:

- ``parse(data, *, lines, source, rules)``: a scenario's fields (already read as YAML, with the
  line of each field) checked into the game's scenario, raising ``ScenarioError`` in one line;
- ``run(scenario)``: the scenario played to its end, the game's finished hand;
- ``result(hand)``: the JSON result; ``record(hand, *, bot, seed)``: the complete scenario that
  replays the hand; ``account(hand, scenario)``: the readable account.

What the games share lives in the modules they import: the cards and packs, rulesets and their
option domains, the YAML reader and its limits, the ledger, the errors and the citations.
"""

from __future__ import annotations

import importlib
from typing import Any, Protocol

from reversis.errors import RulesetError
from reversis.ruleset import Ruleset

__all__ = ["GAMES", "Game", "game_of"]

#: Each game and the module that plays it.
GAMES = {"reversis": "reversis.reversis_game", "romestecq": "reversis.romestecq.game"}


class Game(Protocol):
    """The entry points of a game's module."""

    def parse(self, data: dict[Any, Any], *, lines: dict[str, int], source: str, rules: Ruleset) -> Any: ...

    def run(self, scenario: Any) -> Any: ...

    def result(self, hand: Any) -> dict[str, Any]: ...

    def record(self, hand: Any, *, bot: str, seed: int) -> dict[str, Any]: ...

    def account(self, hand: Any, scenario: Any) -> str: ...


def game_of(rules: Ruleset) -> Game:
    """The module of a ruleset's game."""
    try:
        module: Any = importlib.import_module(GAMES[rules.game])
    except KeyError:
        raise RulesetError(f"ruleset {rules.id}: unknown game {rules.game!r} (known: {', '.join(GAMES)})") from None
    return module  # type: ignore[no-any-return]
