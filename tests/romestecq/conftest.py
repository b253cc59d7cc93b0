"""Fixtures of the Romestecq tests: a scenario played from YAML text, and the Hypothesis profile
that keeps the property tests deterministic in CI."""

from __future__ import annotations

import os
from collections.abc import Callable

import pytest
from hypothesis import settings

from reversis.games import parse_any
from reversis.games.romestecq.hand import Hand
from reversis.games.romestecq.scenario import run

settings.register_profile("romestecq-ci", derandomize=True, deadline=None, database=None, max_examples=60)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "romestecq-ci"))


@pytest.fixture
def scenario() -> Callable[[str], Hand]:
    """Play a Romestecq scenario given as YAML text (``ruleset: romestecq`` is added)."""

    def play(text: str) -> Hand:
        return run(parse_any("ruleset: romestecq\n" + text, source="scenario.yaml"))

    return play
