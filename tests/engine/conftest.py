"""Fixtures of the engine tests: rulesets, hands built from given cards, bots played to the end,
scenario files, and the Hypothesis profile that keeps the property tests deterministic in CI."""

from __future__ import annotations

import os
import random
import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

from reversis import FRENCH, Hand, Phase, Ruleset, load_ruleset
from reversis.core.cards import Card
from reversis.games.reversis.bots import get_bot
from reversis.games.reversis.params import compile_params

REPO = Path(__file__).resolve().parents[2]
#: The line that simulate and session end with on standard error.
PLAYED = re.compile(r"[\d,]+ hands? played in \d+\.\d s \([\d,]+ hands/s\)\n")
RULESET = "encyclopedie-1765"

# The same examples on every run and every machine: CI must not find a new failure by luck.
# Set HYPOTHESIS_PROFILE=explore to search with fresh random examples.
settings.register_profile(
    "reversis-ci",
    derandomize=True,
    deadline=None,
    database=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("explore", deadline=None, max_examples=1000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "reversis-ci"))


def _cards_of(text: str) -> list[Card]:
    return [FRENCH.parse(word) for word in text.split()]


@pytest.fixture(scope="session")
def cards_of() -> Callable[[str], list[Card]]:
    """French cards from a space-separated notation, e.g. ``"AS KS JH"``."""
    return _cards_of


MakeHand = Callable[..., Hand]


@pytest.fixture
def rules() -> Ruleset:
    """The Encyclopédie's ruleset at its defaults."""
    return load_ruleset(RULESET)


@pytest.fixture
def make_hand() -> MakeHand:
    """Build a ``Hand`` from given cards with ``Hand(rules, dealer=…, hands=[…], talon=[…])``.

    ``seats`` maps a seat to some of its cards (a space-separated notation); every seat
    is then filled up to its size, and the talon (unless given), from the rest of the
    pack in pack order (spades, hearts, diamonds, clubs, each from the ace down).
    """

    def build(
        seats: Mapping[int, str],
        *,
        talon: str | None = None,
        dealer: int = 0,
        options: Mapping[str, Any] | None = None,
        pool: int = 0,
    ) -> Hand:
        ruleset = load_ruleset(RULESET).with_options(dict(options or {}))
        params = compile_params(ruleset)
        hands = [_cards_of(seats.get(seat, "")) for seat in range(params.players)]
        fixed_talon = _cards_of(talon) if talon is not None else None
        used = {card for hand in hands for card in hand} | set(fixed_talon or ())
        rest = [card for card in params.pack if card not in used]
        for seat, hand in enumerate(hands):
            want = params.hand_size + (params.dealer_extra if seat == dealer else 0)
            take = want - len(hand)
            assert take >= 0, f"seat {seat} is given {len(hand)} cards, more than {want}"
            hand.extend(rest[:take])
            del rest[:take]
        return Hand(
            ruleset, dealer=dealer, hands=hands, talon=fixed_talon if fixed_talon is not None else rest, pool=pool
        )

    return build


def _pass_exchange(hand: Hand, *, dealer_discard: str | None = None) -> None:
    while hand.phase is Phase.EXCHANGE:
        if hand.to_act == hand.dealer:
            if dealer_discard is not None:
                hand.exchange(FRENCH.parse(dealer_discard))
            else:
                hand.exchange(max(c for c in hand.legal_discards() if c is not None))
        else:
            hand.exchange(None)


def _finish(hand: Hand, *, bot: str = "random", seed: int = 0) -> Hand:
    rng = random.Random(seed)
    policy = get_bot(bot)
    while hand.phase is Phase.EXCHANGE:
        hand.exchange(policy.exchange(hand, rng))
    while hand.phase is Phase.TRICKS:
        hand.play(policy.play(hand, rng))
    return hand


@pytest.fixture(scope="session")
def pass_exchange() -> Callable[..., None]:
    """Everyone keeps his cards; the dealer discards ``dealer_discard`` or his highest legal card."""
    return _pass_exchange


@pytest.fixture(scope="session")
def finish() -> Callable[..., Hand]:
    """Play a hand to its end with a bot (``bot``, ``seed``)."""
    return _finish


WriteScenario = Callable[..., Path]


@pytest.fixture
def write_scenario(tmp_path: Path) -> WriteScenario:
    """Write a scenario's YAML text into ``tmp_path`` and return its path."""

    def write(text: str, name: str = "scenario.yaml") -> Path:
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        return path

    return write
