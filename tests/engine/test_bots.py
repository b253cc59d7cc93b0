"""Bots: only legal actions, the cautious bot's handling of the quinola, and determinism."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from reversis import FRENCH, Hand, Phase, load_ruleset
from reversis.core.cards import ACE, Card, card_rank, card_suit
from reversis.core.chance import draw, shuffle
from reversis.games.reversis.bots import BOTS, bot_declarations, get_bot
from reversis.games.reversis.deal import shuffle_pack
from reversis.games.reversis.params import compile_params

from .conftest import RULESET, MakeHand

BOT_NAMES = sorted(BOTS)
OPTION_SETS = [
    pytest.param({}, id="defaults"),
    pytest.param({"players": 5, "talon": {5: 7}}, id="five-talon-7"),
    pytest.param({"keep_tens": True, "quinola_forced_game": True}, id="keep-tens-forced-game"),
    pytest.param({"discard_hearts": True, "first_lead_suit": ""}, id="discard-hearts"),
]


def _hands(options: dict[str, Any], count: int) -> list[tuple[Hand, random.Random]]:
    rules = load_ruleset(RULESET).with_options(options)
    params = compile_params(rules)
    out = []
    for seed in range(count):
        rng = random.Random(seed)
        out.append((Hand.deal(rules, dealer=seed % params.players, rng=rng, params=params), rng))
    return out


@pytest.mark.parametrize("options", OPTION_SETS)
@pytest.mark.parametrize("name", BOT_NAMES)
def test_bots_only_ever_take_legal_actions(name: str, options: dict[str, Any]) -> None:
    bot = get_bot(name)
    for hand, rng in _hands(options, 20):
        while hand.phase is Phase.EXCHANGE:
            discard = bot.exchange(hand, rng)
            assert discard in hand.legal_discards()
            hand.exchange(discard)
        while hand.phase is Phase.TRICKS:
            card = bot.play(hand, rng)
            assert card in hand.legal_plays()
            hand.play(card)


def _cautious_choices(options: dict[str, Any], hands: int) -> Iterator[tuple[Hand, list[Card], Card]]:
    """Each play the cautious bot chooses, with the hand and its legal plays just before it is made."""
    bot = get_bot("cautious")
    for hand, rng in _hands(options, hands):
        while hand.phase is Phase.EXCHANGE:
            hand.exchange(bot.exchange(hand, rng))
        while hand.phase is Phase.TRICKS:
            legal = hand.legal_plays()
            card = bot.play(hand, rng)
            yield hand, legal, card
            hand.play(card)


@pytest.mark.parametrize("options", OPTION_SETS)
def test_cautious_never_leads_the_quinola_while_another_card_will_do(options: dict[str, Any]) -> None:
    leads_seen = 0
    for hand, legal, card in _cautious_choices(options, 40):
        if not hand.current_trick and hand.params.quinola in legal and len(legal) > 1:
            leads_seen += 1
            assert card != hand.params.quinola
    assert leads_seen, "no lead with the quinola in hand was seen: the test checked nothing"


@pytest.mark.parametrize("options", OPTION_SETS)
def test_cautious_throws_the_quinola_whenever_void_and_allowed(options: dict[str, Any]) -> None:
    throws_seen = 0
    for hand, legal, card in _cautious_choices(options, 40):
        void = hand.current_trick and all(card_suit(c) != hand.led_suit for c in hand.holding(hand.to_act))
        if void and hand.params.quinola in legal:
            throws_seen += 1
            assert card == hand.params.quinola
    assert throws_seen, "no void holder of the quinola was seen: the test checked nothing"


def test_cautious_throws_the_quinola_when_free_to_keep_it(
    make_hand: MakeHand, pass_exchange: Callable[..., None]
) -> None:
    # Trick 4 of a fixed deal: seat 2 has no spade left, and may keep or throw the quinola.
    hand = make_hand(
        {
            1: "AS KS QS JS KH 2H AD KD AC KC QC",
            2: "3S 2S JH 3H QD JD 9D 8D JC 9C 8C",
            3: "9S 8S 7S AH QH 9H 8H 7D 6D 7C 6C",
            0: "6S 5S 4S 7H 6H 5H 4H 5D 4D 3D 5C 4C",
        },
        talon="2D 3C 2C",
    )
    pass_exchange(hand, dealer_discard="5C")
    played = "2H 3H AH 4H  9S 4S AS 2S  KS 3S 8S 5S  QS"
    for word in played.split():
        hand.play(FRENCH.parse(word))
    assert hand.to_act == 2 and len(hand.legal_plays()) > 1
    assert get_bot("cautious").play(hand, random.Random(0)) == FRENCH.parse("JH")


def test_cautious_leads_low_and_not_the_quinola(make_hand: MakeHand, pass_exchange: Callable[..., None]) -> None:
    # The eldest's only hearts are the quinola and the king: he must lead a heart, and leads the king.
    hand = make_hand({1: "JH KH AS KS QS JS AD KD AC KC QC"})
    pass_exchange(hand)
    assert FRENCH.names(hand.legal_plays()) == ["JH", "KH"]
    assert get_bot("cautious").play(hand, random.Random(0)) == FRENCH.parse("KH")


def _policy(hand: Hand, legal: list[Card]) -> Card:
    """The cautious bot's policy stated as orderings (its module says it in loops, which run faster)."""
    quinola, values, trick = hand.params.quinola, hand.params.ace_values, hand.current_trick
    if not trick:
        return min(legal, key=lambda c: (c == quinola, card_rank(c) == ACE, card_rank(c), c))
    led = hand.led_suit
    off_suit = [c for c in legal if card_suit(c) != led]
    if off_suit and len(off_suit) < len(legal):
        return max(off_suit, key=lambda c: (c == quinola, values[c], card_rank(c), c))
    if card_suit(legal[0]) == led:
        under = [c for c in legal if c < max(c for c in trick if card_suit(c) == led)]
        if under:
            return max(under, key=lambda c: (c != quinola, c))
        safe = [c for c in legal if c != quinola] or legal
        return max(safe) if len(trick) == hand.players - 1 else min(safe)
    return quinola if quinola in legal else max(legal, key=lambda c: (values[c], card_rank(c), c))


def _exchange_policy(hand: Hand) -> Card | None:
    """The cautious bot's exchange stated as an ordering: the highest rank, the first suit on a tie;
    kept (None) when under a jack and the player may decline."""
    cards = [c for c in hand.legal_discards() if c is not None]
    best = max(cards, key=lambda c: (card_rank(c), -c), default=None)
    if best is None or (card_rank(best) < 11 and hand.can_exchange(None)):
        return None
    return best


@pytest.mark.parametrize("ruleset", ["encyclopedie-1765", "espagnolette-19c", "revesino"])
def test_cautious_plays_the_card_its_policy_orders_first(ruleset: str) -> None:
    rules = load_ruleset(ruleset)
    params, bot = compile_params(rules), get_bot("cautious")
    renounced = choices = discards = 0
    for seed in range(2000):  # the napolitana is declared in about 1 hand in 300
        rng = random.Random(seed)
        hand = Hand.deal(rules, dealer=seed % params.players, rng=rng, params=params)
        while hand.phase is Phase.EXCHANGE:
            discard = bot.exchange(hand, rng)
            assert discard == _exchange_policy(hand), (ruleset, seed, hand.to_act)
            discards += discard is not None
            hand.exchange(discard)
        while hand.phase is Phase.TRICKS:
            if hand.declaration_due:
                for seat, name in bot_declarations(hand):
                    hand.declare(seat, name)
            legal = hand.legal_plays()
            card = bot.play(hand, rng)
            assert card == _policy(hand, legal), (ruleset, seed, hand.trick_no, legal)
            choices += 1
            follows = [c for c in hand.holding(hand.to_act) if card_suit(c) == hand.led_suit]
            if hand.current_trick and follows and card_suit(card) != hand.led_suit:
                renounced += 1
            hand.play(card)
    assert choices > 50_000 and discards > 1000
    if params.renouncer:  # the napolitana's right to renounce was used, and checked
        assert renounced


def test_draw_gives_the_numbers_randrange_and_choice_give() -> None:
    for seed in range(40):
        mine, theirs = random.Random(seed), random.Random(seed)
        sizes = [1 + (seed * 7 + k * 13) % 70 for k in range(300)]
        assert [draw(mine, n) for n in sizes] == [theirs.randrange(n) for n in sizes]
        items = list(range(seed + 1))
        assert [items[draw(mine, len(items))] for _ in range(50)] == [theirs.choice(items) for _ in range(50)]


def test_shuffle_leaves_the_order_random_shuffle_leaves() -> None:
    # lengths from an empty list to a pack of 52, each from many seeds, and the generator's state
    # after it (the bots draw from the same generator once the cards are dealt)
    for seed in range(300):
        mine, theirs = random.Random(seed), random.Random(seed)
        for n in (0, 1, 2, 3, 5, 20, 32, 36, 52):
            ours, python = list(range(n)), list(range(n))
            shuffle(mine, ours)
            theirs.shuffle(python)
            assert ours == python, (seed, n)
        assert mine.getstate() == theirs.getstate()


class _Bits(random.Random):
    """A generator whose one ``getrandbits`` call gives a chosen number (the deal's keys)."""

    def __init__(self, bits: int) -> None:
        super().__init__(0)
        self.bits = bits

    def getrandbits(self, k: int) -> int:
        return self.bits & ((1 << k) - 1)


def test_the_deal_orders_the_pack_by_a_random_key_per_card_keeping_its_order_on_a_tie() -> None:
    # The order the deal's docstring states: each card's key is the next little-endian 64-bit word of
    # one getrandbits call, the cards sorted by key; equal keys keep the pack's order.
    for ruleset in ("encyclopedie-1765", "revesino"):
        pack = list(compile_params(load_ruleset(ruleset)).pack)
        for seed in range(200):
            mine, theirs = random.Random(seed), random.Random(seed)
            bits = theirs.getrandbits(64 * len(pack))
            keys = [bits >> (64 * k) & (2**64 - 1) for k in range(len(pack))]
            stated = [card for _, _, card in sorted(zip(keys, range(len(pack)), pack, strict=True))]
            assert shuffle_pack(pack, mine) == stated, (ruleset, seed)
            assert mine.getstate() == theirs.getstate()
    # every key equal but the last card's, which is smallest: it comes first, the rest as they were
    same = sum(7 << (64 * k) for k in range(len(pack) - 1))
    assert shuffle_pack(pack, _Bits(same)) == [pack[-1], *pack[:-1]]


def _events(name: str, seed: int, options: dict[str, Any]) -> list[Any]:
    rules = load_ruleset(RULESET).with_options(options)
    rng = random.Random(seed)
    hand = Hand.deal(rules, dealer=seed % rules["players"], rng=rng)
    bot = get_bot(name)
    while hand.phase is Phase.EXCHANGE:
        hand.exchange(bot.exchange(hand, rng))
    while hand.phase is Phase.TRICKS:
        hand.play(bot.play(hand, rng))
    return [*hand.events, *hand.ledger.entries]


@pytest.mark.parametrize("options", OPTION_SETS)
@pytest.mark.parametrize("name", BOT_NAMES)
def test_same_seed_gives_the_same_plays(name: str, options: dict[str, Any]) -> None:
    for seed in range(5):
        assert _events(name, seed, options) == _events(name, seed, options)


def test_different_seeds_give_different_hands() -> None:
    assert _events("random", 1, {}) != _events("random", 2, {})


def test_unknown_bot_is_a_key_error_naming_it_and_the_known_bots() -> None:
    with pytest.raises(KeyError, match=r"unknown bot 'clever' \(known: cautious, random\)"):
        get_bot("clever")
