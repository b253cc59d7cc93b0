"""Legality in a hand: the verify/can/play triad of the exchange and of the tricks.

Most tests use one of two fixed deals (dealer 0, so seat 1 is the eldest and leads first):

``FOLLOW`` — the eldest holds hearts; seat 2 holds the quinola and two small spades.
``VOID`` — the eldest holds no heart; seat 2 holds the quinola and no spade.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from reversis import FRENCH, Hand, IllegalExchange, IllegalPlay, Phase, RulesetError, ScenarioError, load_ruleset
from reversis.core.cards import TEN, Card, card_rank, card_suit
from reversis.games.reversis.events import Exchanged, OutOfTurn, Passed, Played, Revoked
from reversis.games.reversis.ledger import POOL, Entry
from reversis.games.reversis.params import compile_params

from .conftest import RULESET, MakeHand

FOLLOW = {
    1: "AS KS QS JS KH 2H AD KD AC KC QC",
    2: "3S 2S JH 3H QD JD 9D 8D JC 9C 8C",
    3: "9S 8S 7S AH QH 9H 8H 7D 6D 7C 6C",
    0: "6S 5S 4S 7H 6H 5H 4H 5D 4D 3D 5C 4C",
}
FOLLOW_TALON = "2D 3C 2C"

VOID = {
    1: "AS KS QS JS 9S AD KD AC KC QC JC",
    2: "JH 3H 2H QD JD 9D 8D 9C 8C 7C 6C",
    3: "8S 7S 6S AH KH QH 9H 7D 6D 5D 4D",
    0: "5S 4S 3S 2S 8H 7H 6H 5H 4H 3D 2D 5C",
}
VOID_TALON = "4C 3C 2C"

C = FRENCH.parse


def names(cards: list[Card]) -> list[str]:
    return FRENCH.names(cards)


@pytest.fixture
def follow(make_hand: MakeHand, pass_exchange: Callable[..., None]) -> Callable[..., Hand]:
    """The FOLLOW deal after the exchange (everyone keeps his cards, the dealer discards 5C)."""

    def build(**options: Any) -> Hand:
        hand = make_hand(FOLLOW, talon=FOLLOW_TALON, options=options)
        pass_exchange(hand, dealer_discard="5C")
        return hand

    return build


@pytest.fixture
def void(make_hand: MakeHand, pass_exchange: Callable[..., None]) -> Callable[..., Hand]:
    """The VOID deal after the exchange (everyone keeps his cards, the dealer discards 5C)."""

    def build(**options: Any) -> Hand:
        hand = make_hand(VOID, talon=VOID_TALON, options=options)
        pass_exchange(hand, dealer_discard="5C")
        return hand

    return build


def play_all(hand: Hand, cards: str) -> None:
    for word in cards.split():
        hand.play(C(word))


def assert_refused(hand: Hand, card: str, rule: str, *, seat: int | None = None) -> None:
    """The triad agrees that ``card`` is illegal, names ``rule``, and ``play`` changes nothing."""
    before = (list(hand.hands), list(hand.events), list(hand.ledger.entries), hand.to_act, hand.current_trick)
    assert not hand.can_play(C(card), seat=seat)
    with pytest.raises(IllegalPlay) as info:
        hand.verify_play(C(card), seat=seat)
    assert info.value.rule == rule
    with pytest.raises(IllegalPlay):
        hand.play(C(card), seat=seat)
    assert (list(hand.hands), list(hand.events), list(hand.ledger.entries), hand.to_act, hand.current_trick) == before


# -- the deal -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "pack", "hand_size", "talon"),
    [
        pytest.param({}, 48, 11, 3, id="four-players"),
        pytest.param({"keep_tens": True}, 52, 12, 3, id="four-players-keep-tens"),
        pytest.param({"players": 5}, 48, 9, 2, id="five-players-talon-2"),
        pytest.param({"players": 5, "talon": {5: 7}}, 48, 8, 7, id="five-players-talon-7"),
    ],
)
def test_deal_gives_each_player_his_share_the_dealer_one_more_and_the_rest_to_the_talon(
    options: dict[str, Any], pack: int, hand_size: int, talon: int, finish: Callable[..., Hand]
) -> None:
    rules = load_ruleset(RULESET).with_options(options)
    players = rules["players"]
    for dealer in range(players):
        hand = Hand.deal(rules, dealer=dealer, rng=random.Random(dealer))
        sizes = [len(hand.holding(seat)) for seat in range(players)]
        assert sizes == [hand_size + (seat == dealer) for seat in range(players)]
        assert len(hand.talon) == talon
        dealt = [c for seat in range(players) for c in hand.holding(seat)] + hand.talon
        assert sorted(dealt) == sorted(compile_params(rules).pack)
        assert len(dealt) == pack
        assert hand.to_act == (dealer + 1) % players  # the eldest exchanges first
        finish(hand, seed=dealer)
        assert len(hand.tricks) == hand_size
        assert all(not hand.holding(seat) for seat in range(players))


@pytest.mark.parametrize(
    ("options", "dealer", "seats"),
    [
        pytest.param({}, 4, "0..3", id="four-players-dealer-4"),
        pytest.param({}, -1, "0..3", id="four-players-dealer-minus-1"),
        pytest.param({"players": 5}, 5, "0..4", id="five-players-dealer-5"),
    ],
)
def test_deal_refuses_a_dealer_who_is_not_a_seat_in_one_line(options: dict[str, Any], dealer: int, seats: str) -> None:
    rules = load_ruleset(RULESET).with_options(options)
    with pytest.raises(ScenarioError) as refused:
        Hand.deal(rules, dealer=dealer, rng=random.Random(0))
    assert str(refused.value) == f"dealer {dealer} is not a seat ({seats})"


def test_keep_tens_deals_the_tens() -> None:
    rules = load_ruleset(RULESET).with_options({"keep_tens": True})
    hand = Hand.deal(rules, dealer=0, rng=random.Random(0))
    dealt = [c for seat in range(4) for c in hand.holding(seat)] + hand.talon
    assert sum(card_rank(c) == TEN for c in dealt) == 4


@pytest.mark.parametrize("talon", [{5: 2}, {5: 7}])
def test_keep_tens_with_five_players_cannot_be_dealt(talon: dict[int, int]) -> None:
    rules = load_ruleset(RULESET).with_options({"players": 5, "keep_tens": True, "talon": talon})
    with pytest.raises(RulesetError, match="5 players"):
        Hand.deal(rules, dealer=0, rng=random.Random(0))


def test_dealer_without_discard_is_refused_since_his_extra_card_would_never_be_played() -> None:
    rules = load_ruleset(RULESET).with_options({"exchange": False, "dealer_discards": False})
    with pytest.raises(RulesetError, match="dealer_discards"):
        Hand.deal(rules, dealer=0, rng=random.Random(0))


def test_without_exchange_the_dealer_still_discards_and_every_card_is_played(finish: Callable[..., Hand]) -> None:
    rules = load_ruleset(RULESET).with_options({"exchange": False})
    hand = Hand.deal(rules, dealer=0, rng=random.Random(0))
    assert hand.to_act == 0
    finish(hand)
    assert [hand.holding(seat) for seat in range(4)] == [[], [], [], []]


# -- the exchange ---------------------------------------------------------------------------


def test_exchange_takes_the_top_of_the_talon_and_puts_the_discard_under_it(make_hand: MakeHand) -> None:
    hand = make_hand(FOLLOW, talon=FOLLOW_TALON)
    event = hand.exchange(C("AS"))
    assert event == Exchanged(1, C("AS"), C("2D"), "exchange.take")
    assert C("2D") in hand.holding(1) and C("AS") not in hand.holding(1)
    assert names(hand.talon) == ["3C", "2C", "AS"]
    assert hand.to_act == 2


@pytest.mark.parametrize("look", [True, False])
def test_a_player_who_keeps_his_cards_may_look_at_the_top_card(make_hand: MakeHand, look: bool) -> None:
    hand = make_hand(FOLLOW, talon=FOLLOW_TALON, options={"exchange_look": look})
    assert hand.exchange(None) == Passed(1, C("2D") if look else None)
    assert names(hand.talon) == ["2D", "3C", "2C"]


def test_the_dealer_must_discard_and_takes_nothing_so_the_talon_grows_by_one(make_hand: MakeHand) -> None:
    hand = make_hand(FOLLOW, talon=FOLLOW_TALON)
    for _ in range(3):
        hand.exchange(None)
    assert hand.to_act == hand.dealer == 0
    assert not hand.can_exchange(None)
    assert None not in hand.legal_discards()
    with pytest.raises(IllegalExchange) as info:
        hand.exchange(None)
    assert info.value.rule == "exchange.dealer-discard"
    event = hand.exchange(C("5C"))
    assert event == Exchanged(0, C("5C"), None, "exchange.dealer-discard")
    assert len(hand.talon) == 4 and hand.talon[-1] == C("5C")
    assert len(hand.holding(0)) == 11
    assert hand.phase is Phase.TRICKS and hand.to_act == hand.eldest == 1


def test_the_exchange_goes_in_turn_from_the_eldest(make_hand: MakeHand) -> None:
    hand = make_hand(FOLLOW, talon=FOLLOW_TALON)
    with pytest.raises(IllegalExchange) as info:
        hand.verify_exchange(C("3S"), seat=2)
    assert info.value.rule == "exchange.order"
    assert not hand.can_exchange(None, seat=2)


def test_only_a_held_card_may_be_discarded(make_hand: MakeHand) -> None:
    hand = make_hand(FOLLOW, talon=FOLLOW_TALON)
    with pytest.raises(IllegalExchange) as info:
        hand.exchange(C("3S"))
    assert info.value.rule == "exchange.hold"


NO_HEART = "AS KS QS JS 9S AD KD QD JD 9D"


@pytest.mark.parametrize(
    ("hearts", "discard", "options", "allowed"),
    [
        pytest.param("KH", "KH", {}, True, id="lone-king-may-go"),
        pytest.param("QH", "QH", {}, True, id="lone-queen-may-go"),
        pytest.param("AH", "AH", {}, False, id="lone-ace-may-not"),
        pytest.param("JH", "JH", {}, False, id="lone-quinola-may-not"),
        pytest.param("2H", "2H", {}, False, id="lone-small-heart-may-not"),
        pytest.param("KH QH", "KH", {}, False, id="king-with-queen-may-not"),
        pytest.param("KH 2H", "KH", {}, False, id="king-with-small-heart-may-not"),
        pytest.param("QH 2H", "2H", {}, False, id="small-heart-with-queen-may-not"),
        pytest.param("KH", "KH", {"heart_discard_exception": False}, False, id="no-exception"),
        pytest.param("KH 2H", "2H", {"discard_hearts": True}, True, id="discard-hearts-option"),
    ],
)
def test_no_heart_may_be_discarded_except_a_lone_king_or_queen(
    make_hand: MakeHand, hearts: str, discard: str, options: dict[str, Any], allowed: bool
) -> None:
    seat_one = " ".join([hearts, *NO_HEART.split()[: 11 - len(hearts.split())]])
    hand = make_hand({1: seat_one}, options=options)
    assert hand.can_exchange(C(discard)) is allowed
    assert (C(discard) in hand.legal_discards()) is allowed
    if allowed:
        hand.exchange(C(discard))
        assert C(discard) not in hand.holding(1)
    else:
        with pytest.raises(IllegalExchange) as info:
            hand.exchange(C(discard))
        assert info.value.rule == "exchange.no-hearts"
        assert C(discard) in hand.holding(1)


def test_no_heart_rule_also_binds_the_dealer(make_hand: MakeHand) -> None:
    hand = make_hand(FOLLOW, talon=FOLLOW_TALON)
    for _ in range(3):
        hand.exchange(None)
    assert not hand.can_exchange(C("7H"))
    assert all(card_suit(c) != 1 for c in hand.legal_discards() if c is not None)


# -- the tricks ---------------------------------------------------------------------------


def test_the_eldest_must_lead_a_heart_to_the_first_trick_if_he_has_one(follow: Callable[..., Hand]) -> None:
    hand = follow()
    assert hand.to_act == 1
    assert names(hand.legal_plays()) == ["2H", "KH"]
    assert_refused(hand, "AS", "play.first-lead")
    assert hand.can_play(C("KH"))


def test_the_eldest_without_a_heart_may_lead_any_card(void: Callable[..., Hand]) -> None:
    hand = void()
    assert hand.legal_plays() == hand.holding(1)


def test_no_first_lead_suit_lets_the_eldest_lead_any_card(follow: Callable[..., Hand]) -> None:
    hand = follow(first_lead_suit="")
    assert hand.legal_plays() == hand.holding(1)
    assert hand.can_play(C("AS"))


def test_the_first_lead_rule_binds_only_the_first_trick(follow: Callable[..., Hand]) -> None:
    hand = follow()
    play_all(hand, "2H 3H AH 4H")  # seat 3 takes the first trick
    assert hand.trick_leader == 3 and hand.to_act == 3
    assert hand.can_play(C("9S"))
    assert hand.legal_plays() == hand.holding(3)


def test_a_player_must_follow_suit(follow: Callable[..., Hand]) -> None:
    hand = follow()
    hand.play(C("2H"))
    assert hand.to_act == 2
    assert names(hand.legal_plays()) == ["3H", "JH"]
    assert_refused(hand, "2S", "play.follow")
    assert_refused(hand, "QD", "play.follow")


def test_only_a_held_card_may_be_played(follow: Callable[..., Hand]) -> None:
    hand = follow()
    assert_refused(hand, "AH", "play.hold")


def test_the_highest_card_of_the_suit_led_takes_the_trick(follow: Callable[..., Hand]) -> None:
    hand = follow()
    play_all(hand, "KH 3H AH 7H")
    assert hand.tricks[-1].winner == 3
    assert hand.tricks_won == [0, 0, 0, 1]


def test_the_quinola_must_be_thrown_when_void_in_the_first_tricks(void: Callable[..., Hand]) -> None:
    hand = void()
    hand.play(C("AS"))
    assert hand.to_act == 2
    assert names(hand.legal_plays()) == ["JH"]
    assert_refused(hand, "QD", "quinola.must-place")
    assert_refused(hand, "3H", "quinola.must-place")


@pytest.mark.parametrize(("tricks", "forced"), [(0, False), (1, True), (2, True)])
def test_quinola_must_place_tricks_sets_how_long_the_obligation_lasts(
    void: Callable[..., Hand], tricks: int, forced: bool
) -> None:
    hand = void(quinola_must_place_tricks=tricks)
    hand.play(C("AS"))
    if forced:
        assert names(hand.legal_plays()) == ["JH"]
    else:
        assert hand.legal_plays() == hand.holding(2)


def test_after_the_opening_tricks_a_void_player_may_keep_the_quinola(follow: Callable[..., Hand]) -> None:
    hand = follow()
    play_all(hand, "2H 3H AH 4H")  # trick 1, seat 3 takes it
    play_all(hand, "9S 4S AS 2S")  # trick 2, seat 1 takes it
    play_all(hand, "KS 3S 8S 5S")  # trick 3, seat 1 takes it
    hand.play(C("QS"))  # trick 4: seat 2 has no spade left
    assert hand.trick_no == 4 and hand.to_act == 2
    assert hand.legal_plays() == hand.holding(2)
    assert hand.can_play(C("QD"))


def test_au_quinola_force_the_quinola_must_be_thrown_all_hand_long(follow: Callable[..., Hand]) -> None:
    hand = follow(quinola_forced_game=True)
    play_all(hand, "2H 3H AH 4H")
    play_all(hand, "9S 4S AS 2S")
    play_all(hand, "KS 3S 8S 5S")
    hand.play(C("QS"))
    assert hand.trick_no == 4
    assert names(hand.legal_plays()) == ["JH"]
    assert_refused(hand, "QD", "quinola.must-place")


def test_the_quinola_thrown_en_renonce_is_paid_by_the_taker_of_the_trick(void: Callable[..., Hand]) -> None:
    hand = void()
    play_all(hand, "AS JH 8S 5S")
    assert hand.tricks[-1].winner == 1
    assert hand.quinola_placed == (2, 1)
    entry = hand.ledger.entries[-1]
    assert (entry.payer, entry.payee, entry.amount, entry.rule, entry.trick) == (1, 2, 2, "quinola.placed.trick", 1)


# -- plays against the rules: refused, or accepted with their penalty -----------------------


def test_a_play_out_of_turn_is_refused_by_default(follow: Callable[..., Hand]) -> None:
    hand = follow()
    assert_refused(hand, "AH", "play.turn", seat=3)


def test_a_play_out_of_turn_accepted_costs_a_jeton_to_each_other_player(follow: Callable[..., Hand]) -> None:
    hand = follow(accept_illegal=True)
    before = len(hand.ledger.entries)
    event = hand.play(C("AH"), seat=3)
    assert event == OutOfTurn(3, C("AH"), 1)
    fines = hand.ledger.entries[before:]
    assert [(e.payer, e.payee, e.amount, e.rule, e.trick) for e in fines] == [
        (3, other, 1, "penalty.out-of-turn", 1) for other in (0, 1, 2)
    ]
    # the card goes back to his hand, and the turn does not change
    assert C("AH") in hand.holding(3)
    assert hand.to_act == 1 and hand.current_trick == []


def test_a_revoke_is_refused_by_default(follow: Callable[..., Hand]) -> None:
    hand = follow()
    hand.play(C("2H"))
    assert_refused(hand, "2S", "play.follow")


def test_a_revoke_accepted_makes_the_bete_of_the_pool_paid_into_the_pool(follow: Callable[..., Hand]) -> None:
    hand = follow(accept_illegal=True)
    pool = hand.pool
    assert pool == 8  # four stakes of two
    hand.play(C("2H"))
    event = hand.play(C("2S"))
    assert event == Revoked(2, C("2S"), 1)
    assert hand.ledger.entries[-1] == Entry(2, POOL, pool, "penalty.revoke", 1, ("encyclopedie-1765:9",))
    assert hand.pool == 2 * pool
    assert hand.current_trick == [C("2H"), C("2S")] and hand.to_act == 3


def test_a_revoke_accepted_pays_the_fine_with_revoke_penalty_fine(follow: Callable[..., Hand]) -> None:
    hand = follow(accept_illegal=True, revoke_penalty="fine", revoke_fine=3)
    pool = hand.pool
    play_all(hand, "2H 2S")
    assert hand.ledger.entries[-1][:5] == (2, POOL, 3, "penalty.revoke", 1)
    assert hand.pool == pool + 3


def test_accept_illegal_accepts_only_revokes_and_plays_out_of_turn(
    follow: Callable[..., Hand], void: Callable[..., Hand]
) -> None:
    hand = follow(accept_illegal=True)
    assert_refused(hand, "AS", "play.first-lead")
    assert_refused(hand, "AH", "play.hold")
    hand = void(accept_illegal=True)
    hand.play(C("AS"))
    assert_refused(hand, "QD", "quinola.must-place")


def test_a_card_played_has_a_played_event_naming_its_trick(follow: Callable[..., Hand]) -> None:
    hand = follow()
    assert hand.play(C("KH")) == Played(1, C("KH"), 1)


def test_no_play_outside_the_tricks(make_hand: MakeHand, finish: Callable[..., Hand]) -> None:
    hand = make_hand(FOLLOW, talon=FOLLOW_TALON)
    with pytest.raises(IllegalPlay) as info:
        hand.play(C("AS"))
    assert info.value.rule == "play.phase"
    finish(hand)
    assert hand.phase is Phase.DONE
    assert not hand.can_play(C("AS"))
    assert not hand.can_exchange(None)


# -- the triad agrees with the lists of legal actions -------------------------------------------

OPTION_SETS = [
    pytest.param({}, id="defaults"),
    pytest.param({"players": 5}, id="five"),
    pytest.param({"players": 5, "talon": {5: 7}}, id="five-talon-7"),
    pytest.param({"keep_tens": True}, id="keep-tens"),
    pytest.param({"quinola_forced_game": True}, id="quinola-forced-game"),
    pytest.param({"first_lead_suit": "", "quinola_must_place_tricks": 0}, id="no-first-lead-no-placing"),
    pytest.param({"discard_hearts": True, "exchange_look": False}, id="discard-hearts"),
]


def _check_triad(hand: Hand) -> None:
    holding = hand.holding(hand.to_act)
    if hand.phase is Phase.EXCHANGE:
        expected: list[Card | None] = [c for c in holding if hand.can_exchange(c)]
        if hand.can_exchange(None):
            expected.append(None)
        assert hand.legal_discards() == expected
        for card in holding:
            try:
                hand.verify_exchange(card)
            except IllegalExchange:
                assert not hand.can_exchange(card)
            else:
                assert hand.can_exchange(card)
    else:
        legal = hand.legal_plays()
        assert legal == [c for c in holding if hand.can_play(c)]
        assert legal, "a player always has a legal card"
        for card in holding:
            try:
                hand.verify_play(card)
            except IllegalPlay:
                assert card not in legal
            else:
                assert card in legal


@pytest.mark.parametrize("options", OPTION_SETS)
def test_legal_plays_and_legal_discards_agree_with_the_triad_at_every_step(options: dict[str, Any]) -> None:
    rules = load_ruleset(RULESET).with_options(options)
    params = compile_params(rules)
    for seed in range(25):
        rng = random.Random(seed)
        hand = Hand.deal(rules, dealer=seed % params.players, rng=rng, params=params)
        while hand.phase is Phase.EXCHANGE:
            _check_triad(hand)
            hand.exchange(rng.choice(hand.legal_discards()))
        while hand.phase is Phase.TRICKS:
            _check_triad(hand)
            hand.play(rng.choice(hand.legal_plays()))
        assert hand.phase is Phase.DONE


def test_legal_plays_agree_with_can_play_when_follow_suit_is_off(follow: Callable[..., Hand]) -> None:
    # follow_suit false: seat 2, who is not void in hearts, may play any card; the obligation
    # to throw the quinola binds only a player void in the suit led.
    hand = follow(follow_suit=False)
    hand.play(C("2H"))
    assert hand.to_act == 2
    assert hand.legal_plays() == [c for c in hand.holding(2) if hand.can_play(c)]
    assert hand.can_play(C("3H"))
    assert hand.legal_plays() == hand.holding(2)


@pytest.mark.parametrize("code", [0, 1, 15, 64, 200])
def test_a_code_that_is_no_card_is_refused_not_crashed_on(code: int) -> None:
    hand = Hand.deal(load_ruleset(RULESET), dealer=0, rng=random.Random(2))
    assert hand.can_exchange(code) is False
    with pytest.raises(IllegalExchange, match="does not hold"):
        hand.exchange(code)
    while hand.phase is Phase.EXCHANGE:
        hand.exchange(hand.legal_discards()[0])
    assert hand.can_play(code) is False
    with pytest.raises(IllegalPlay, match="does not hold"):
        hand.play(code)
