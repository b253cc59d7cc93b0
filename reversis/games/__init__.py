"""The games the engine plays, one folder each (:mod:`reversis.games.reversis`,
:mod:`reversis.games.romestecq`), and the one list of them (:data:`GAMES`), as python-chess lists its
variants, and :func:`register` adds a game defined elsewhere (as a test defines one). Each ruleset
names its game (``game:`` in its file, ``reversis`` unless said); each game
implements :class:`reversis.core.game.Game`, so that the scenario contract, the command line and the
site treat every game alike, and a game is found by its name alone (:func:`game_of`).

:func:`parse_any`, :func:`load_any`, :func:`play_file` and :func:`play_text` (of a scenario's
text, as the site's pages play it) read a scenario of any game: its ruleset names the game,
whose ``parse`` and ``run`` they call.

The games share the core (:mod:`reversis.core`) and nothing else: no game imports another.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from reversis.core.errors import RulesetError, ScenarioError
from reversis.core.game import Game, PlayedHand, Scenario
from reversis.core.moves import Searcher
from reversis.core.ruleset import (
    OptionError,
    Ruleset,
    load_ruleset,
    register_ruleset,
    ruleset_ids,
    unregister_ruleset,
)
from reversis.core.scenario import read_text
from reversis.core.scenario_yaml import read_yaml
from reversis.games.reversis.game import GAME as REVERSIS
from reversis.games.romestecq.game import GAME as ROMESTECQ

__all__ = [
    "GAMES",
    "Game",
    "game_named",
    "game_of",
    "load_any",
    "parse_any",
    "play_file",
    "play_text",
    "register",
    "unregister",
]

#: Every game, in the order the command line lists them (the first reads a scenario that names no
#: known ruleset), then those registered since.
GAMES: list[Game] = [REVERSIS, ROMESTECQ]


def register(game: Game, *, rulesets: Sequence[Ruleset] = ()) -> None:
    """Make a game known, with its rulesets (each found by its id as a shipped ruleset is): every
    command, simulation, comparison, sitting and the table then take it. A name or a ruleset id
    already taken is refused (``RulesetError``)."""
    if any(known.name == game.name for known in GAMES):
        raise RulesetError(f"a game named {game.name!r} is registered already")
    for rules in rulesets:
        if rules.game != game.name:
            raise RulesetError(f"ruleset {rules.id} is of the game {rules.game!r}, not {game.name!r}")
    registered: list[str] = []
    try:
        for rules in rulesets:
            register_ruleset(rules)
            registered.append(rules.id)
    except RulesetError:
        for rid in registered:
            unregister_ruleset(rid)
        raise
    GAMES.append(game)


def unregister(name: str) -> None:
    """Forget a game that :func:`register` made known, and its rulesets."""
    game = game_named(name)
    if game in (REVERSIS, ROMESTECQ):
        raise RulesetError(f"the game {name!r} is one of the package's own")
    GAMES.remove(game)
    for rid in ruleset_ids(name):
        unregister_ruleset(rid)


def game_named(name: str) -> Game:
    """A game by its name (the ``game:`` of its rulesets)."""
    for game in GAMES:
        if game.name == name:
            return game
    raise RulesetError(f"unknown game {name!r} (known: {', '.join(g.name for g in GAMES)})")


def game_of(rules: Ruleset) -> Game:
    """The game of a ruleset."""
    try:
        return game_named(rules.game)
    except RulesetError as exc:
        raise RulesetError(f"ruleset {rules.id}: {exc}") from None


def parse_any(text: str, *, source: str, options: Mapping[str, object] | None = None) -> Scenario:
    """Parse and check a scenario of any game: its ruleset names the game (a scenario that names no
    known ruleset is checked as a reversis scenario, whose checks say what is wrong).

    ``options`` (from ``--option NAME=VALUE``) override the scenario's own; an error in one of them
    names it as ``--option NAME``.
    """
    data, lines = read_yaml(text, source=source)
    if options:
        data = _overridden(data, options)
    named = data.get("ruleset") if isinstance(data, dict) else None
    rules = load_ruleset(named) if isinstance(named, str) and named in ruleset_ids() else None
    game = GAMES[0] if rules is None else game_of(rules)
    return game.parse(data, lines=lines, source=source, rules=rules)


def _overridden(data: object, options: Mapping[str, object]) -> object:
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


# load_any and play_file give the site's builder (scripts/) each game's own scenario and hand, which it
# reads as its game's: they are typed Any until the builder asks the game (reversis.core.game.own).
def load_any(path: str | Path, *, options: Mapping[str, object] | None = None) -> Any:
    """Read and check a scenario file of any game (see :func:`parse_any`)."""
    return parse_any(read_text(path), source=str(path), options=options)


def play_file(
    path: str | Path, *, options: Mapping[str, object] | None = None, searcher: Searcher | None = None
) -> tuple[Any, Any]:
    """Load and run a scenario file of any game (errors are ``ReversisError``s with one-line messages)."""
    return play_text(read_text(path), source=str(path), options=options, searcher=searcher)


def play_text(
    text: str, *, source: str, options: Mapping[str, object] | None = None, searcher: Searcher | None = None
) -> tuple[Scenario, PlayedHand]:
    """Parse, check and run a scenario's text of any game (as a page of the site plays what a reader
    typed, and replays an example under other options, exactly as ``play --option`` does): the
    scenario and its finished hand."""
    scenario = parse_any(text, source=source, options=options)
    return scenario, game_of(scenario.rules).run(scenario, searcher=searcher)
