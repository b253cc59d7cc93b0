"""The proof that a new game is one module: Trio (:mod:`tests.games.trio`), defined in one file and
registered here, is taken by the generic checks, ``reversis simulate``, ``reversis compare``, a
sitting, the table and the description of a hand, with nothing changed elsewhere."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from reversis.apps.cli import main
from reversis.core.errors import RulesetError
from reversis.core.ruleset import load_ruleset, ruleset_ids
from reversis.games import GAMES, game_of, register, unregister

from . import trio
from .generic import check_all


@pytest.fixture
def registered() -> Iterator[None]:
    register(trio.GAME, rulesets=[trio.RULES])
    try:
        yield
    finally:
        unregister("trio")


def test_a_game_registered_is_found_by_its_rulesets_and_forgotten_after(registered: None) -> None:
    assert "trio-test" in ruleset_ids("trio")
    assert game_of(load_ruleset("trio-test")) is trio.GAME


def test_a_registration_of_a_name_or_a_ruleset_taken_is_refused(registered: None) -> None:
    with pytest.raises(RulesetError, match="a game named 'trio' is registered already"):
        register(trio.GAME)
    clone = trio.Trio()
    clone.name = "trio-two"
    with pytest.raises(RulesetError, match="is of the game 'trio'"):
        register(clone, rulesets=[trio.RULES])
    with pytest.raises(RulesetError, match="the game 'reversis' is one of the package's own"):
        unregister("reversis")


def test_the_generic_checks_take_the_new_game(registered: None) -> None:
    check_all(trio.GAME, load_ruleset("trio-test"), range(6))


def test_simulate_compare_and_a_sitting_take_the_new_game(registered: None, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--ruleset", "trio-test", "--hands", "30", "--jobs", "1", "--bot", "random"]) == 0
    assert "hands played:        30" in capsys.readouterr().out
    args = ["compare", "--ruleset", "trio-test", "--option", "last_trick", "--hands", "30", "--jobs", "1"]
    assert main([*args, "--bot", "random"]) == 0
    out = capsys.readouterr().out
    assert "trio-test, option last_trick: 2 (the default) against 1, 3" in out and "score.last" in out
    assert main(["sitting", "--ruleset", "trio-test", "--hands", "4"]) == 0
    assert "trio-test: 4 hands" in capsys.readouterr().out


def test_the_description_names_the_players_by_their_place_and_each_rule(registered: None) -> None:
    state = trio.GAME.new_hand(load_ruleset("trio-test"), dealer=2, seed=5)
    choose = trio.GAME.policy("cautious")
    import random

    rng = random.Random(1)
    while not state.over():
        state.apply(choose(state, rng))
    description = trio.GAME.describe(trio.GAME.finished(state))
    assert description.places == ("the eldest hand", "the second hand", "the dealer")
    scored = [s for s in description.steps if s.happened.kind == "points"]
    assert len(scored) == trio.TRICKS and scored[-1].rule_name == "The last trick scores more"
    assert sum(description.returns) == pytest.approx(0)


def test_the_new_game_is_gone_once_unregistered() -> None:
    assert all(game.name != "trio" for game in GAMES) and "trio-test" not in ruleset_ids()
