"""Properties of every sitting, for every ruleset the package ships (those added later included).

Hypothesis draws a sitting (ruleset, options among those with a list of choices
and the yes-or-no ones, first dealer,
number of hands, seed, bot); the sitting is played and checked over all its hands. The profile
in conftest.py makes the examples the same on every run.
"""

from __future__ import annotations

import os
from itertools import pairwise
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from reversis import Hand, RulesetError, load_ruleset, ruleset_ids
from reversis.apps.sitting import as_json, dump_sitting, parse_sitting, play_sitting
from reversis.games.reversis.events import BeteOwed
from reversis.games.reversis.ledger import POOL
from reversis.games.reversis.params import compile_params
from reversis.games.reversis.sitting import Sitting, standing, totals

EXAMPLES = int(os.environ.get("REVERSIS_EXAMPLES", "100")) // 4 or 1


@st.composite
def sittings(draw: st.DrawFn, ruleset: str) -> Sitting:
    rules = load_ruleset(ruleset)
    options: dict[str, Any] = {}
    for name, option in rules.options.items():
        if option.choices and draw(st.booleans()):
            options[name] = draw(st.sampled_from(option.choices))
        elif isinstance(option.default, bool) and draw(st.booleans()):
            options[name] = not option.default
    try:
        rules = rules.with_options(options)
        players = compile_params(rules).players
    except RulesetError:
        assume(False)
        raise  # unreachable: assume(False) stops the example
    return Sitting(
        source="<drawn>",
        rules=rules,
        first_dealer=draw(st.integers(0, players - 1)),
        hands=draw(st.integers(1, 12)),
        seed=draw(st.integers(0, 2**32 - 1)),
        bot=draw(st.sampled_from(["random", "cautious"])),
    )


def _owed(hand: Hand, *, before: bool) -> int:
    return sum(amount for _, amount, _ in (hand.betes_before if before else hand.betes))


RULESETS = pytest.mark.parametrize("ruleset", ruleset_ids("reversis"))


@RULESETS
@settings(max_examples=EXAMPLES, deadline=None)
@given(data=st.data())
def test_chips_are_conserved_over_a_sitting(ruleset: str, data: st.DataObject) -> None:
    hands = play_sitting(data.draw(sittings(ruleset)))
    final = totals(hands)[-1]
    # every chip a seat won or lost went to or came from another seat or the pool
    assert sum(final) + hands[-1].pool - hands[0].pool_before == 0
    # bêtes are owed, not paid, until they are paid into the pool as a ledger entry (rule bete.pay)
    made = sum(e.amount for h in hands for e in h.events if isinstance(e, BeteOwed))
    paid = sum(e.amount for h in hands for e in h.ledger.entries if e.rule == "bete.pay")
    assert _owed(hands[-1], before=False) == _owed(hands[0], before=True) + made - paid
    for before, after in pairwise(hands):
        assert after.pool_before == before.pool
        assert [(s, a) for s, a, _ in after.betes_before] == [(s, a) for s, a, _ in before.betes]
    assert sum(place["total"] for place in standing(hands)) == sum(final)


@RULESETS
@settings(max_examples=EXAMPLES, deadline=None)
@given(data=st.data())
def test_the_pool_is_never_negative(ruleset: str, data: st.DataObject) -> None:
    for hand in play_sitting(data.draw(sittings(ruleset))):
        pool = hand.pool_before
        assert pool >= 0
        for entry in hand.ledger.entries:
            pool += entry.amount if entry.payee == POOL else -entry.amount if entry.payer == POOL else 0
            assert pool >= 0, f"{entry.rule} leaves the pool at {pool}"
        assert pool == hand.pool


@RULESETS
@settings(max_examples=EXAMPLES, deadline=None)
@given(data=st.data())
def test_the_deal_passes_round(ruleset: str, data: st.DataObject) -> None:
    sitting = data.draw(sittings(ruleset))
    hands = play_sitting(sitting)
    players = hands[0].players
    assert len(hands) == sitting.hands
    for number, hand in enumerate(hands):
        assert hand.dealer == (sitting.first_dealer + number) % players
        assert hand.eldest == (hand.dealer + 1) % players
    for before, after in pairwise(hands):
        assert after.dealer == before.eldest


@RULESETS
@settings(max_examples=EXAMPLES, deadline=None)
@given(data=st.data())
def test_a_recorded_sitting_replays_to_the_same_standing(ruleset: str, data: st.DataObject) -> None:
    sitting = data.draw(sittings(ruleset))
    hands = play_sitting(sitting)
    replayed = parse_sitting(dump_sitting(sitting, hands), source="<record>")
    assert replayed.records is not None and len(replayed.records) == sitting.hands
    again = play_sitting(replayed)
    assert standing(again) == standing(hands)
    assert as_json(replayed, again) == as_json(sitting, hands)
    # and a record of the replay is the same file
    assert dump_sitting(replayed, again) == dump_sitting(sitting, hands)


@RULESETS
@settings(max_examples=EXAMPLES, deadline=None)
@given(data=st.data())
def test_the_same_seed_gives_the_same_sitting(ruleset: str, data: st.DataObject) -> None:
    sitting = data.draw(sittings(ruleset))
    first, second = play_sitting(sitting), play_sitting(sitting)
    assert [h.events for h in first] == [h.events for h in second]
    assert as_json(sitting, first) == as_json(sitting, second)
