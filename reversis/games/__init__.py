"""The games the engine plays. Each ruleset names its game (``game:`` in its file, ``reversis``
unless said); each game is a module with the same entry points, so that the scenario contract,
the command line and the site treat every game alike:

- ``parse(data, *, lines, source, rules)``: a scenario's fields (already read as YAML, with the
  line of each field) checked into the game's scenario, raising ``ScenarioError`` in one line;
- ``run(scenario)``: the scenario played to its end, the game's finished hand;
- ``result(hand)``: the JSON result; ``record(hand, *, bot, seed)``: the complete scenario that
  replays the hand; ``account(hand, scenario)``: the readable account.

:func:`parse_any`, :func:`load_any`, :func:`play_file` and :func:`play_text` (of a scenario's
text, as the site's pages play it) read a scenario of any game: its ruleset names the game,
whose ``parse`` and ``run`` they call.

What the games share lives in the modules they import: the cards and packs, rulesets and their
option domains, the YAML reader and its limits, the ledger, the errors and the citations.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Protocol

from reversis.core.errors import RulesetError, ScenarioError
from reversis.core.ruleset import OptionError, Ruleset, load_ruleset, ruleset_ids
from reversis.core.scenario_yaml import read_yaml
from reversis.games.reversis.scenario import parse_fields, read_text

__all__ = ["GAMES", "Game", "game_of", "load_any", "parse_any", "play_file", "play_text"]

#: Each game and the module that plays it.
GAMES = {"reversis": "reversis.games.reversis.game", "romestecq": "reversis.games.romestecq.game"}


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


def parse_any(text: str, *, source: str, options: Mapping[str, Any] | None = None) -> Any:
    """Parse and check a scenario of any game: its ruleset names the game (a scenario that names no
    known ruleset is checked as a reversis scenario, whose checks say what is wrong).

    ``options`` (from ``--option NAME=VALUE``) override the scenario's own; an error in one of them
    names it as ``--option NAME``.
    """
    data, lines = read_yaml(text, source=source)
    if options:
        data = _overridden(data, options)
    if isinstance(data, dict) and isinstance(data.get("ruleset"), str) and data["ruleset"] in ruleset_ids():
        rules = load_ruleset(data["ruleset"])
        if rules.game != "reversis":
            return game_of(rules).parse(data, lines=lines, source=source, rules=rules)
    return parse_fields(data, lines=lines, source=source)


def _overridden(data: Any, options: Mapping[str, Any]) -> Any:
    """The scenario's fields with ``options`` over its own, each checked first against its ruleset."""
    if not isinstance(data, dict) or not isinstance(data.get("ruleset"), str) or data["ruleset"] not in ruleset_ids():
        return data  # the scenario's own checks say what is wrong with it
    rules = load_ruleset(data["ruleset"])
    for name, value in options.items():
        try:
            rules.with_options({name: value})
        except OptionError as exc:
            raise ScenarioError(f"--option {name}{exc.path}: {exc.detail}") from None
        except RulesetError as exc:
            raise ScenarioError(f"--option {name}: {exc}") from None
    own = data.get("options")
    return {**data, "options": {**(own if isinstance(own, dict) else {}), **options}}


def load_any(path: str | Path, *, options: Mapping[str, Any] | None = None) -> Any:
    """Read and check a scenario file of any game (see :func:`parse_any`)."""
    return parse_any(read_text(path), source=str(path), options=options)


def play_file(path: str | Path, *, options: Mapping[str, Any] | None = None) -> tuple[Any, Any]:
    """Load and run a scenario file of any game (errors are ``ReversisError``s with one-line messages)."""
    return play_text(read_text(path), source=str(path), options=options)


def play_text(text: str, *, source: str, options: Mapping[str, Any] | None = None) -> tuple[Any, Any]:
    """Parse, check and run a scenario's text of any game (as a page of the site plays what a reader
    typed, and replays an example under other options, exactly as ``play --option`` does): the
    scenario and its finished hand."""
    scenario = parse_any(text, source=source, options=options)
    return scenario, game_of(scenario.rules).run(scenario)
