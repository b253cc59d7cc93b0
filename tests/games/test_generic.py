"""The generic checks (:mod:`tests.games.generic`) over every ruleset of every registered game."""

from __future__ import annotations

import pytest

from reversis.core.ruleset import load_ruleset, ruleset_ids
from reversis.games import GAMES

from .generic import CHECKS, check_random_play

CASES = [(game, rid) for game in GAMES for rid in ruleset_ids(game.name)]
IDS = [rid for _, rid in CASES]


@pytest.mark.parametrize(("game", "ruleset"), CASES, ids=IDS)
def test_random_play_from_many_seeds_reaches_the_end_through_legal_moves(game, ruleset) -> None:  # type: ignore[no-untyped-def]
    check_random_play(game, load_ruleset(ruleset), range(20))


@pytest.mark.parametrize("check", CHECKS, ids=[c.__name__.removeprefix("check_") for c in CHECKS])
@pytest.mark.parametrize(("game", "ruleset"), CASES, ids=IDS)
def test_generic_check(game, ruleset, check) -> None:  # type: ignore[no-untyped-def]
    check(game, load_ruleset(ruleset), 3)
