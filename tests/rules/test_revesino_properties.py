"""The properties of tests/engine/test_properties.py (which run the Encyclopédie only), run for every
ruleset: cards conserved, only legal plays, the ledger zero-sum, the same seed the same hand, and the
record's round trip.

Hands are played as ``reversis.games.reversis.scenario.run`` plays them, the bots making their declarations (the
napolitana, the revesino) when the rules allow them. Besides shuffled deals, Hypothesis draws deals
shaped to make the declarations happen: a seat given the four aces and the quinola (the napolitana),
or the dealer's right given the top cards of every suit (a revesino undertaken, and now and then cut).
"""

from __future__ import annotations

import os
import random
from collections import Counter
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from reversis.core.cards import ACE, Card, card_rank, card_suit
from reversis.core.ruleset import load_ruleset, ruleset_ids
from reversis.games.reversis.bots import bot_declarations, get_bot
from reversis.games.reversis.events import Played, Revoked
from reversis.games.reversis.hand import Hand, Phase
from reversis.games.reversis.ledger import POOL
from reversis.games.reversis.params import compile_params
from reversis.games.reversis.result import dump_record, record, result
from reversis.games.reversis.scenario import parse_scenario, run

EXAMPLES = int(os.environ.get("REVERSIS_EXAMPLES", "60"))
RULESETS = ruleset_ids("reversis")


@dataclass(frozen=True)
class Deal:
    ruleset: str
    seed: int
    dealer: int
    bot: str
    shape: str  # "shuffled", "renouncer" or "sweep"
    options: dict[str, Any]
    pool: int

    def hand(self) -> tuple[Hand, random.Random]:
        rules = load_ruleset(self.ruleset).with_options(self.options)
        rng = random.Random(self.seed)
        if self.shape == "shuffled":
            return Hand.deal(rules, dealer=self.dealer, rng=rng, pool=self.pool), rng
        dealt = Hand.deal(rules, dealer=self.dealer, rng=random.Random(self.seed))
        hands = [dealt.holding(seat) for seat in range(dealt.players)]
        talon = list(dealt.talon)
        seat = (self.dealer + 1 + self.seed % dealt.players) % dealt.players
        if self.shape == "renouncer":
            wanted = [card for card in dealt.params.pack if card_rank(card) == ACE] + [dealt.params.quinola]
        else:  # the top cards of every suit to the dealer's right
            seat = dealt.eldest
            by_strength = sorted(dealt.params.pack, key=lambda c: (-card_rank(c), card_suit(c)))
            wanted = by_strength[: len(hands[seat])]
        _give(hands, talon, seat, wanted)
        return Hand(rules, dealer=self.dealer, hands=hands, talon=talon, pool=self.pool), rng


def _give(hands: list[list[Card]], talon: list[Card], seat: int, wanted: list[Card]) -> None:
    """Move ``wanted`` into ``hands[seat]``, swapping out its other cards, lowest first."""
    mine = hands[seat]
    spare = sorted((c for c in mine if c not in wanted), key=lambda c: (card_rank(c), c))
    for card in wanted:
        if card in mine or not spare:
            continue
        out = spare.pop(0)
        holder = next((h for h in hands if card in h), talon)
        holder[holder.index(card)] = out
        mine[mine.index(out)] = card


@st.composite
def deals(draw: st.DrawFn, ruleset: str) -> Deal:
    rules = load_ruleset(ruleset)
    options: dict[str, Any] = {
        "first_trick_factor": draw(st.sampled_from([1, 2])),
        "last_trick_factor": draw(st.sampled_from([1, 2])),
        "talon_payer": draw(st.sampled_from(["most-points", "each-player"])),
    }
    if "renouncer_lost_on" in rules.options:
        options["renouncer_lost_on"] = draw(st.sampled_from(["last-tricks", "any-trick"]))
    if "special_ace_forced" in rules.options:
        options["special_ace"] = draw(st.sampled_from(["AC", "AO"]))
    if "exchange_own_card" in rules.options:
        options["exchange_own_card"] = draw(st.booleans())
    return Deal(
        ruleset=ruleset,
        seed=draw(st.integers(0, 2**32 - 1)),
        dealer=draw(st.integers(0, 3)),
        bot=draw(st.sampled_from(["random", "cautious"])),
        shape=draw(st.sampled_from(["shuffled", "renouncer", "sweep"])),
        options=options,
        pool=draw(st.sampled_from([0, 0, 5, 12])),
    )


def every_card(hand: Hand) -> list[Card]:
    cards = [card for seat in range(hand.players) for card in hand.holding(seat)]
    cards += [card for trick in hand.tricks for card in trick.cards]
    cards += hand.current_trick
    cards += hand.talon
    return cards


def assert_cards_conserved(hand: Hand) -> None:
    cards = every_card(hand)
    duplicates = [card for card, count in Counter(cards).items() if count > 1]
    assert not duplicates, hand.rules.pack.names(duplicates)
    assert sorted(cards) == sorted(hand.params.pack)


def play(deal: Deal, *, check: bool = False) -> Hand:
    """Play a deal to its end as ``run`` does: the bot's exchange, its declarations, its plays."""
    hand, rng = deal.hand()
    bot = get_bot(deal.bot)
    while hand.phase is Phase.EXCHANGE:
        if check:
            assert_cards_conserved(hand)
        discard = bot.exchange(hand, rng)
        assert discard in hand.legal_discards()
        hand.exchange(discard)
    while hand.phase is Phase.TRICKS:
        if check:
            assert_cards_conserved(hand)
        if not hand.current_trick:
            for seat, name in bot_declarations(hand):
                assert (seat, name) in hand.legal_declarations()
                hand.declare(seat, name)
        seat, legal = hand.to_act, hand.legal_plays()
        card = bot.play(hand, rng)
        trick = hand.trick_no
        assert hand.play(card) == Played(seat, card, trick)
        assert card in legal
    assert_cards_conserved(hand)
    return hand


@pytest.mark.parametrize("ruleset", RULESETS)
@settings(max_examples=EXAMPLES, deadline=None)
@given(data=st.data())
def test_cards_are_conserved_at_every_step(ruleset: str, data: st.DataObject) -> None:
    hand = play(data.draw(deals(ruleset)), check=True)
    assert hand.phase is Phase.DONE
    assert all(not hand.holding(seat) for seat in range(hand.players))
    assert len(hand.tricks) == hand.params.tricks


@pytest.mark.parametrize("ruleset", RULESETS)
@settings(max_examples=EXAMPLES, deadline=None)
@given(data=st.data())
def test_only_legal_plays_happen(ruleset: str, data: st.DataObject) -> None:
    deal = data.draw(deals(ruleset))
    hand = play(deal)
    played = [event for event in hand.events if isinstance(event, Played | Revoked)]
    assert all(isinstance(event, Played) for event in played)
    assert len(played) == hand.params.tricks * hand.players
    # every declaration was made by a seat the rules allowed, at its moment
    p = hand.params
    for declared in hand.declared:
        if declared.name == p.reversis_declaration:
            assert declared.trick == p.reversis_open_tricks + 1
            assert all(t.winner == declared.seat for t in hand.tricks[: p.reversis_open_tricks])
        else:
            assert declared.name == p.renouncer and declared.trick == 1
    # each trick goes to the highest card of the suit led, and its winner leads the next
    for trick in hand.tricks:
        led = card_suit(trick.cards[0])
        best = max(card for card in trick.cards if card_suit(card) == led)
        assert trick.winner == (trick.leader + trick.cards.index(best)) % hand.players
    for before, after in zip(hand.tricks, hand.tricks[1:], strict=False):
        assert after.leader == before.winner


@pytest.mark.parametrize("ruleset", RULESETS)
@settings(max_examples=EXAMPLES, deadline=None)
@given(data=st.data())
def test_the_ledger_is_zero_sum_and_the_pool_adds_up(ruleset: str, data: st.DataObject) -> None:
    hand = play(data.draw(deals(ruleset)))
    assert sum(hand.ledger.balances()) + hand.ledger.pool_change() == 0
    assert hand.pool == hand.pool_before + hand.ledger.pool_change()
    assert hand.pool >= 0
    for entry in hand.ledger.entries:
        assert entry.amount > 0
        assert entry.payer != entry.payee
        assert entry.rule in hand.rules.rule_cites, f"{entry.rule} is not declared in the ruleset"
        assert entry.cites == hand.rules.rule_cites[entry.rule]
        for party in (entry.payer, entry.payee):
            assert party == POOL or party in range(hand.players)


@pytest.mark.parametrize("ruleset", RULESETS)
@settings(max_examples=EXAMPLES, deadline=None)
@given(data=st.data())
def test_the_same_seed_gives_the_same_hand(ruleset: str, data: st.DataObject) -> None:
    deal = data.draw(deals(ruleset))
    first, second = play(deal), play(deal)
    assert first.events == second.events
    assert first.ledger.entries == second.ledger.entries
    assert result(first) == result(second)


@pytest.mark.parametrize("ruleset", RULESETS)
@settings(max_examples=EXAMPLES, deadline=None)
@given(data=st.data())
def test_the_record_replays_to_the_same_result(ruleset: str, data: st.DataObject) -> None:
    deal = data.draw(deals(ruleset))
    hand = play(deal)
    # one seat declaring both the napolitana and the revesino is the known bug below
    assume(len({d.seat for d in hand.declared}) == len(hand.declared))
    text = dump_record(record(hand, bot=deal.bot, seed=deal.seed))
    replay = run(parse_scenario(text, source="<record>"))
    assert result(replay) == result(hand)
    assert replay.ledger.entries == hand.ledger.entries


# The eldest given the four aces, the kings and three caballos: he declares the napolitana, takes the
# first nine tricks all the same (the default reading loses it only in the last two) and declares the
# revesino too.
BOTH = Deal("revesino", 0, 0, "random", "sweep", {}, 0)


def test_the_record_of_a_seat_declaring_napolitana_and_revesino_replays() -> None:
    hand = play(BOTH)
    assert [(d.seat, d.name) for d in hand.declared] == [(1, "napolitana"), (1, "revesino")]
    replay = run(parse_scenario(dump_record(record(hand, bot=BOTH.bot, seed=BOTH.seed)), source="<record>"))
    assert result(replay) == result(hand)


def test_the_shaped_deals_make_the_declarations_happen() -> None:
    # The shapes are there to exercise the declarations: check that they do, for the revesino.
    made: Counter[str] = Counter()
    for seed in range(40):
        for shape in ("renouncer", "sweep"):
            deal = Deal("revesino", seed, seed % 4, "cautious", shape, {}, 0)
            hand = play(deal)
            made.update(d.name for d in hand.declared)
    assert made["napolitana"] > 0 and made["revesino"] > 0
    assert compile_params(load_ruleset("revesino")).renouncer == "napolitana"
