"""Properties of every hand, whatever the deal, the bot and the options.

Hypothesis draws a deal (seed, dealer, bot, pool, bêtes owed) and a set of options; the hand
is played step by step and checked after every action. The profile in conftest.py makes the
examples the same on every run.
"""

from __future__ import annotations

import os
import random
from collections import Counter
from dataclasses import dataclass
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from reversis import FRENCH, Hand, Phase, load_ruleset
from reversis.core.cards import Card, card_suit
from reversis.games.reversis.bots import get_bot
from reversis.games.reversis.events import OutOfTurn, Played, Revoked
from reversis.games.reversis.ledger import POOL
from reversis.games.reversis.params import compile_params
from reversis.games.reversis.result import dump_record, record, result
from reversis.games.reversis.scenario import parse_scenario, run

from .conftest import RULESET

# More examples for a search by hand: REVERSIS_EXAMPLES=5000 HYPOTHESIS_PROFILE=explore pytest …
EXAMPLES = int(os.environ.get("REVERSIS_EXAMPLES", "100"))


@dataclass(frozen=True)
class Deal:
    seed: int
    dealer: int
    bot: str
    options: dict[str, Any]
    pool: int
    betes: tuple[tuple[int, int], ...]

    def hand(self) -> tuple[Hand, random.Random]:
        rules = load_ruleset(RULESET).with_options(self.options)
        rng = random.Random(self.seed)
        betes = [(seat, amount, "bete.carried") for seat, amount in self.betes]
        return Hand.deal(rules, dealer=self.dealer, rng=rng, pool=self.pool, betes=betes), rng


@st.composite
def deals(draw: st.DrawFn) -> Deal:
    options: dict[str, Any] = {}
    players = draw(st.sampled_from([4, 5]))
    if players == 5:
        options["players"] = 5
        options["talon"] = {5: draw(st.sampled_from([2, 7]))}
    elif draw(st.booleans()):
        options["keep_tens"] = True
    options["quinola_forced_game"] = draw(st.booleans())
    options["talon_payer"] = draw(st.sampled_from(["most-points", "each-player"]))
    options["accept_illegal"] = draw(st.booleans())
    options["first_trick_factor"] = draw(st.sampled_from([1, 2]))
    options["last_trick_factor"] = draw(st.sampled_from([1, 2]))
    options["quinola_placed_each_payment"] = draw(st.sampled_from([0, 1]))
    options["quinola_led_pays_each"] = draw(st.booleans())
    options["quinola_forced_each"] = draw(
        st.sampled_from(["forcer-from-others", "forcer-from-all", "holder-to-all", "holder-to-others"])
    )
    options["quinola_given_bete"] = draw(st.booleans())
    options["reversis_last_tricks"] = draw(st.sampled_from([0, 2]))
    options["reversis_cut_payment"] = draw(st.sampled_from([0, 3]))
    bete = st.tuples(st.integers(0, players - 1), st.integers(1, 20))
    return Deal(
        seed=draw(st.integers(0, 2**32 - 1)),
        dealer=draw(st.integers(0, players - 1)),
        bot=draw(st.sampled_from(["random", "cautious"])),
        options=options,
        pool=draw(st.sampled_from([0, 0, 5, 12])),
        betes=tuple(draw(st.lists(bete, max_size=3))),
    )


def every_card(hand: Hand) -> list[Card]:
    """Every card, wherever it is: the hands, the finished tricks, the trick in progress, the talon."""
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
    """Play a deal to its end with its bot; with ``check``, check the invariants after every action."""
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
        seat, legal = hand.to_act, hand.legal_plays()
        card = bot.play(hand, rng)
        trick = hand.trick_no
        assert hand.play(card) == Played(seat, card, trick)
        assert card in legal
    assert_cards_conserved(hand)
    return hand


@settings(max_examples=EXAMPLES, deadline=None)
@given(deals())
def test_cards_are_conserved_at_every_step(deal: Deal) -> None:
    hand = play(deal, check=True)
    assert hand.phase is Phase.DONE
    assert all(not hand.holding(seat) for seat in range(hand.players))


@settings(max_examples=EXAMPLES, deadline=None)
@given(deals())
def test_only_legal_plays_happen(deal: Deal) -> None:
    hand, rng = deal.hand()
    bot = get_bot(deal.bot)
    while hand.phase is Phase.EXCHANGE:
        hand.exchange(bot.exchange(hand, rng))
    legal_before: list[list[Card]] = []
    while hand.phase is Phase.TRICKS:
        legal_before.append(hand.legal_plays())
        hand.play(bot.play(hand, rng))
    played = [event for event in hand.events if isinstance(event, Played | Revoked | OutOfTurn)]
    assert all(isinstance(event, Played) for event in played)
    assert len(played) == len(legal_before) == hand.params.tricks * hand.players
    for event, legal in zip(played, legal_before, strict=True):
        assert event.card in legal


@settings(max_examples=EXAMPLES, deadline=None)
@given(deals())
def test_the_ledger_is_zero_sum_and_the_pool_adds_up(deal: Deal) -> None:
    hand = play(deal)
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


@settings(max_examples=EXAMPLES, deadline=None)
@given(deals())
def test_the_same_seed_gives_the_same_hand(deal: Deal) -> None:
    first, second = play(deal), play(deal)
    assert first.events == second.events
    assert first.ledger.entries == second.ledger.entries
    assert result(first) == result(second)


@settings(max_examples=EXAMPLES, deadline=None)
@given(deals())
def test_the_record_replays_to_the_same_result(deal: Deal) -> None:
    hand = play(deal)
    text = dump_record(record(hand, bot=deal.bot, seed=deal.seed))
    replay = run(parse_scenario(text, source="<record>"))
    assert result(replay) == result(hand)
    assert replay.ledger.entries == hand.ledger.entries


@settings(max_examples=EXAMPLES, deadline=None)
@given(deals())
def test_each_trick_goes_to_the_highest_card_of_the_suit_led(deal: Deal) -> None:
    hand = play(deal)
    for trick in hand.tricks:
        led = card_suit(trick.cards[0])
        best = max(card for card in trick.cards if card_suit(card) == led)
        assert trick.winner == (trick.leader + trick.cards.index(best)) % hand.players


@settings(max_examples=EXAMPLES, deadline=None)
@given(deals())
def test_tricks_and_points_add_up(deal: Deal) -> None:
    hand = play(deal)
    assert len(hand.tricks) == hand.params.tricks
    assert sum(hand.tricks_won) == len(hand.tricks)
    assert hand.tricks_won == [sum(t.winner == seat for t in hand.tricks) for seat in range(hand.players)]
    values = hand.params.points
    assert sum(hand.points) == sum(values[card] for trick in hand.tricks for card in trick.cards)
    for seat in range(hand.players):
        assert hand.points[seat] == sum(values[c] for t in hand.tricks if t.winner == seat for c in t.cards)
    # each trick after the first is led by the winner of the one before
    for before, after in zip(hand.tricks, hand.tricks[1:], strict=False):
        assert after.leader == before.winner
    assert hand.tricks[0].leader == hand.eldest


@settings(max_examples=EXAMPLES, deadline=None)
@given(deals(), st.integers(0, 2**32 - 1))
def test_accepted_illegal_plays_keep_every_invariant_and_replay(deal: Deal, mischief_seed: int) -> None:
    # With accept_illegal, a player now and then plays out of turn or revokes; the penalties
    # keep the cards conserved, the ledger zero-sum, and the record still replays.
    deal = Deal(**{**deal.__dict__, "options": {**deal.options, "accept_illegal": True}})
    hand, rng = deal.hand()
    mischief = random.Random(mischief_seed)
    bot = get_bot(deal.bot)
    while hand.phase is Phase.EXCHANGE:
        hand.exchange(bot.exchange(hand, rng))
    illegal = 0
    while hand.phase is Phase.TRICKS:
        assert_cards_conserved(hand)
        seat = hand.to_act
        holding = hand.holding(seat)
        revokes = [c for c in holding if hand.current_trick and card_suit(c) != hand.led_suit]
        can_revoke = hand.current_trick and revokes and len(revokes) < len(holding)
        others = [s for s in range(hand.players) if s != seat and hand.holding(s)]
        roll = mischief.random()
        if roll < 0.05 and others:
            other = mischief.choice(others)
            card = mischief.choice(hand.holding(other))
            assert isinstance(hand.play(card, seat=other), OutOfTurn)
            illegal += 1
        elif roll < 0.1 and can_revoke:
            assert isinstance(hand.play(mischief.choice(revokes)), Revoked)
            illegal += 1
        else:
            hand.play(bot.play(hand, rng))
    assert_cards_conserved(hand)
    assert sum(hand.ledger.balances()) + hand.ledger.pool_change() == 0
    assert hand.pool == hand.pool_before + hand.ledger.pool_change()
    penalties = [e for e in hand.events if isinstance(e, Revoked | OutOfTurn)]
    assert len(penalties) == illegal
    replay = run(parse_scenario(dump_record(record(hand, bot=deal.bot, seed=deal.seed)), source="<record>"))
    assert result(replay) == result(hand)


REVERSIS_MAKER = "AH KH QH AS KS QS JS AD KD AC KC"


@settings(max_examples=EXAMPLES, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(["random", "cautious"]), st.booleans())
def test_a_reversis_made_wins_the_pool_and_refunds_its_maker(seed: int, bot_name: str, cut: bool) -> None:
    # Seat 1 (the eldest) holds the top of every suit and leads it from the top: he takes every
    # trick. With ``cut`` his last card is the 2 of clubs instead of the king, and he may lose the last trick.
    rules = load_ruleset(RULESET)
    maker = [FRENCH.parse(word) for word in REVERSIS_MAKER.split()]
    low = FRENCH.parse("2C")
    if cut:
        maker[-1] = low
    rest = [card for card in compile_params(rules).pack if card not in maker]
    rng = random.Random(seed)
    rng.shuffle(rest)
    hands = [rest[:12], maker, rest[12:23], rest[23:34]]
    hand = Hand(rules, dealer=0, hands=hands, talon=rest[34:])
    bot = get_bot(bot_name)
    while hand.phase is Phase.EXCHANGE:
        hand.exchange(None if hand.to_act == 1 else bot.exchange(hand, rng))
    while hand.phase is Phase.TRICKS:
        if hand.to_act == 1:
            hand.play(max(hand.legal_plays(), key=lambda c: (c != low, c)))  # the 2 of clubs last
        else:
            hand.play(bot.play(hand, rng))
    assert sum(hand.ledger.balances()) + hand.ledger.pool_change() == 0
    assert hand.pool == hand.pool_before + hand.ledger.pool_change()
    last = hand.tricks[-1].winner
    assert all(trick.winner == 1 for trick in hand.tricks[:-1])
    if last != 1:
        assert hand.reversis is None  # the article knows only the reversis made: no attempt, no cut
        assert not any(e.rule.startswith("reversis.") for e in hand.ledger.entries)
        return
    assert hand.reversis == {"by": 1, "made": True, "cut_by": None}
    assert hand.winner == 1
    rules_paid = [e.rule for e in hand.ledger.entries]
    assert "reversis.pool" in rules_paid
    assert "talon.pay" not in rules_paid  # the maker of a reversis does not pay the talon
    assert "quinola.placed.pool" not in rules_paid  # the reversis cancels the quinola's rights
    paid = sum(
        e.amount for e in hand.ledger.entries if e.payer == 1 and e.payee != POOL and e.rule != "reversis.refund"
    )
    refunded = sum(e.amount for e in hand.ledger.entries if e.rule == "reversis.refund")
    assert refunded == paid
    made = [e for e in hand.ledger.entries if e.rule == "reversis.made"]
    assert sorted((e.payer, e.payee, e.amount) for e in made) == [(seat, 1, 2) for seat in (0, 2, 3)]
