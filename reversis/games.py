"""The games the engine plays. Each ruleset names its game (``game:`` in its file, ``reversis``
unless said); each game is a module with the same entry points, so that the scenario contract,
the command line and the site treat every game alike:

- ``parse(data, *, lines, source, rules)``: a scenario's fields (already read as YAML, with the
  line of each field) checked into the game's scenario, raising ``ScenarioError`` in one line;
- ``run(scenario)``: the scenario played to its end, the game's finished hand;
- ``result(hand)``: the JSON result; ``record(hand, *, bot, seed)``: the complete scenario that
  replays the hand; ``account(hand, scenario)``: the readable account.

:func:`parse_any` (and :func:`parse_data`, of text already read), :func:`load_any`,
:func:`play_file` and :func:`play_text` read a scenario of any game: its ruleset names the game,
whose ``parse`` and ``run`` they call.

What the games share lives in the modules they import: the cards and packs, rulesets and their
option domains, the YAML reader and its limits, the ledger, the errors and the citations.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Protocol

from reversis.errors import RulesetError
from reversis.ruleset import Ruleset, load_ruleset, ruleset_ids
from reversis.scenario import parse_fields, read_text
from reversis.scenario_yaml import read_yaml

__all__ = ["GAMES", "Game", "game_of", "load_any", "parse_any", "parse_data", "play_file", "play_text"]

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


def parse_any(text: str, *, source: str) -> Any:
    """Parse and check a scenario of any game: its ruleset names the game (a scenario that names no
    known ruleset is checked as a reversis scenario, whose checks say what is wrong)."""
    data, lines = read_yaml(text, source=source)
    return parse_data(data, lines=lines, source=source)


def parse_data(data: Any, *, lines: dict[str, int], source: str) -> Any:
    """Check a scenario of any game already read from YAML (``lines``: the line of each field), as
    :func:`parse_any` does."""
    if isinstance(data, dict) and isinstance(data.get("ruleset"), str) and data["ruleset"] in ruleset_ids():
        rules = load_ruleset(data["ruleset"])
        if rules.game != "reversis":
            return game_of(rules).parse(data, lines=lines, source=source, rules=rules)
    return parse_fields(data, lines=lines, source=source)


def load_any(path: str | Path) -> Any:
    """Read and check a scenario file of any game (see :func:`parse_any`)."""
    return parse_any(read_text(path), source=str(path))


def play_file(path: str | Path) -> tuple[Any, Any]:
    """Load and run a scenario file of any game (errors are ``ReversisError``s with one-line messages)."""
    return play_text(read_text(path), source=str(path))


def play_text(text: str, *, source: str, options: Mapping[str, Any] | None = None) -> tuple[Any, Any]:
    """Parse, check and run a scenario's text, with ``options`` set over the scenario's own (as a
    page of the site replays an example under the reader's choice): the scenario and its finished
    hand. An error about an option set from outside names the line of the scenario's ``options``."""
    data, lines = read_yaml(text, source=source)
    if options and isinstance(data, dict) and isinstance(data.get("options") or {}, dict):
        data["options"] = {**(data.get("options") or {}), **options}
        for name in options:
            lines.setdefault(f"options.{name}", lines.get("options", 1))
    scenario = parse_data(data, lines=lines, source=source)
    return scenario, game_of(scenario.rules).run(scenario)
