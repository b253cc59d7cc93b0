"""One scenario test per numbered rule of the Encyclopédie ruleset (issue: "The Encyclopédie rules, every one of them").

Each deal is written out in full so that a reader can follow every trick.
Seats are in playing order; seat 0 deals, seat 1 is the eldest.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from reversis.core.cards import FRENCH
from reversis.core.errors import IllegalExchange, IllegalPlay, RulesetError, ScenarioError
from reversis.core.ruleset import load_ruleset
from reversis.games.reversis.bots import get_bot
from reversis.games.reversis.deal import shuffle_pack
from reversis.games.reversis.hand import Hand, Phase
from reversis.games.reversis.settlement import rank_seats

from .deals import deal, paid, play, standing

# Deal A: seat 2 holds the quinola and no spades; seat 1 has no hearts, so he may lead anything.
DEAL_A: dict[str, Any] = {
    "dealer": 0,
    "hands": {
        1: ["AD", "KD", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S", "KC"],
        2: ["JH", "QD", "JD", "9D", "8D", "7D", "6D", "5D", "4D", "3D", "2D"],
        3: ["AS", "KS", "QS", "JS", "AH", "KH", "QH", "9H", "8H", "7H", "6H"],
        0: ["5H", "4H", "3H", "2H", "AC", "QC", "JC", "9C", "8C", "7C", "6C", "5C"],
    },
    "talon": ["2C", "3C", "4C"],
    "exchange": {1: "pass", 2: "pass", 3: "pass", 0: {"discard": "5C"}},
}

# Deal B: as A, but seat 1's only heart is the 2H, which he must lead; seat 2's only heart is the quinola.
DEAL_B: dict[str, Any] = {
    **DEAL_A,
    "hands": {
        1: ["AD", "KD", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2H", "KC"],
        2: DEAL_A["hands"][2],
        3: DEAL_A["hands"][3],
        0: ["5H", "4H", "3H", "2S", "AC", "QC", "JC", "9C", "8C", "7C", "6C", "5C"],
    },
}

# Deal C: seat 2's only spade is the ace.
DEAL_C: dict[str, Any] = {
    "dealer": 0,
    "hands": {
        1: ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "AD", "KD", "KC"],
        2: ["AS", "QD", "JD", "9D", "8D", "7D", "6D", "5D", "4D", "3D", "2D"],
        3: ["KS", "QS", "JS", "AH", "KH", "QH", "JH", "9H", "8H", "7H", "6H"],
        0: ["5H", "4H", "3H", "2H", "AC", "QC", "JC", "9C", "8C", "7C", "6C", "5C"],
    },
    "talon": ["2C", "3C", "4C"],
    "exchange": {1: "pass", 2: "pass", 3: "pass", 0: {"discard": "5C"}},
}

# Deal R: seat 1 holds the top of every suit and cannot lose a trick; seat 2 holds the quinola
# and no spades, so he must throw it on the first spade lead.
DEAL_R: dict[str, Any] = {
    "dealer": 0,
    "hands": {
        1: ["AH", "KH", "QH", "AS", "KS", "QS", "AD", "KD", "QD", "AC", "KC"],
        2: ["JH", "2H", "JD", "9D", "8D", "7D", "6D", "5D", "4D", "3D", "QC"],
        3: ["JS", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S", "9H", "8H"],
        0: ["7H", "6H", "5H", "4H", "3H", "2D", "JC", "9C", "8C", "7C", "6C", "5C"],
    },
    "talon": ["4C", "3C", "2C"],
    "exchange": {1: "pass", 2: "pass", 3: "pass", 0: {"discard": "5C"}},
}


def _hand(deal: dict[str, Any], **options: Any) -> Hand:
    rules = load_ruleset("encyclopedie-1765").with_options(options)
    hands = [[FRENCH.parse(c) for c in deal["hands"][seat]] for seat in range(4)]
    hand = Hand(rules, dealer=deal["dealer"], hands=hands, talon=[FRENCH.parse(c) for c in deal["talon"]])
    for seat in (1, 2, 3, 0):
        action = deal["exchange"][seat]
        hand.exchange(None if action == "pass" else FRENCH.parse(action["discard"]))
    return hand


def _hand_before_exchange(deal: dict[str, Any]) -> Hand:
    return Hand(
        load_ruleset("encyclopedie-1765"),
        dealer=deal["dealer"],
        hands=[[FRENCH.parse(c) for c in deal["hands"][seat]] for seat in range(4)],
        talon=[FRENCH.parse(c) for c in deal["talon"]],
    )


def _play(hand: Hand, *cards: str) -> None:
    for card in cards:
        hand.play(FRENCH.parse(card))


# -- 1. Players, pack, deal, talon ------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "sizes", "talon"),
    [
        ({}, (12, 11, 11, 11), 3),
        ({"keep_tens": True}, (13, 12, 12, 12), 3),
        ({"players": 5}, (10, 9, 9, 9, 9), 2),
        ({"players": 5, "talon": {5: 7}}, (9, 8, 8, 8, 8), 7),
    ],
)
def test_rule_1_deal_players_pack_talon(options: dict[str, Any], sizes: tuple[int, ...], talon: int) -> None:
    rules = load_ruleset("encyclopedie-1765").with_options(options)
    hand = Hand.deal(rules, dealer=0, rng=random.Random(7))
    assert tuple(len(hand.holding(seat)) for seat in range(len(sizes))) == sizes
    assert len(hand.talon) == talon


def test_rule_1_dealt_in_threes_from_the_eldest_dealer_takes_one_more() -> None:
    rules = load_ruleset("encyclopedie-1765")
    pack = shuffle_pack(FRENCH.cards(), random.Random(3))
    hand = Hand.deal(rules, dealer=2, rng=random.Random(3))
    order = [3, 0, 1, 2]  # the eldest (left of the dealer in playing order) first, the dealer last
    for packet in range(4):
        for k, seat in enumerate(order):
            start = (packet * 4 + k) * 3 if packet < 3 else 36 + k * 2
            size = 3 if packet < 3 else 2  # 11 cards = 3 + 3 + 3 + 2
            assert set(pack[start : start + size]) <= set(hand.holding(seat))
    assert pack[44] in hand.holding(2)  # the dealer's extra card
    assert hand.talon == pack[45:]


def test_rule_1_five_players_with_the_tens_cannot_be_dealt() -> None:
    with pytest.raises(RulesetError, match="do not divide"):
        Hand.deal(
            load_ruleset("encyclopedie-1765").with_options({"players": 5, "keep_tens": True}),
            dealer=0,
            rng=random.Random(1),
        )


# -- 2. The exchange ----------------------------------------------------------------------------


def test_rule_2_exchange_in_turn_discard_under_take_top_look_when_passing() -> None:
    _, res = play(
        {
            **DEAL_A,
            "exchange": {1: {"discard": "KC"}, 2: "pass", 3: {"discard": "JS"}, 0: {"discard": "5C"}},
        }
    )
    assert res["exchange"] == [
        {"seat": 1, "discard": "KC", "took": "2C"},
        {"seat": 2, "pass": True, "seen": "3C"},
        {"seat": 3, "discard": "JS", "took": "3C"},  # the card seat 2 saw and left
        {"seat": 0, "discard": "5C", "took": None},  # the dealer takes none
    ]
    assert res["talon"] == ["4C", "KC", "JS", "5C"]  # discards go under the talon


def test_rule_2_dealer_takes_none_must_discard_and_talon_holds_one_more() -> None:
    hand = _hand({**DEAL_A, "exchange": {1: "pass", 2: "pass", 3: "pass", 0: {"discard": "5C"}}})
    assert len(hand.talon) == 4 and hand.phase is Phase.TRICKS
    rules = load_ruleset("encyclopedie-1765")
    fresh = Hand(
        rules,
        dealer=0,
        hands=[[FRENCH.parse(c) for c in DEAL_A["hands"][s]] for s in range(4)],
        talon=[FRENCH.parse(c) for c in DEAL_A["talon"]],
    )
    for _ in range(3):
        fresh.exchange(None)
    with pytest.raises(IllegalExchange) as err:
        fresh.exchange(None)
    assert err.value.rule == "exchange.dealer-discard"


def test_rule_2_no_heart_may_be_discarded() -> None:
    rules = load_ruleset("encyclopedie-1765")
    hand = Hand(
        rules,
        dealer=0,
        hands=[[FRENCH.parse(c) for c in DEAL_A["hands"][s]] for s in range(4)],
        talon=[FRENCH.parse(c) for c in DEAL_A["talon"]],
    )
    hand.exchange(None)
    with pytest.raises(IllegalExchange) as err:
        hand.exchange(FRENCH.parse("JH"))  # seat 2's quinola
    assert err.value.rule == "exchange.no-hearts"


@pytest.mark.parametrize(("lone", "allowed"), [("KH", True), ("QH", True), ("JH", False), ("9H", False)])
def test_rule_2_heart_exception_lone_king_or_queen(lone: str, allowed: bool) -> None:
    seat1 = [lone, "AS", "KS", "QS", "JS", "AD", "KD", "QD", "AC", "KC", "QC"]
    hand = _hand_before_exchange(deal({1: seat1}))
    assert hand.can_exchange(FRENCH.parse(lone)) is allowed


@pytest.mark.parametrize("court", ["KH", "QH"])
def test_rule_2_heart_exception_not_when_another_heart_is_held(court: str) -> None:
    seat1 = [court, "2H", "AS", "KS", "QS", "JS", "AD", "KD", "QD", "AC", "KC"]
    hand = _hand_before_exchange(deal({1: seat1}))
    with pytest.raises(IllegalExchange) as err:
        hand.verify_exchange(FRENCH.parse(court))
    assert err.value.rule == "exchange.no-hearts"


# -- 3. Play: follow suit, no trumps, highest of the suit led wins, winner leads; the first lead a heart ------


def test_rule_3_eldest_must_lead_a_heart_to_the_first_trick() -> None:
    hand = _hand(DEAL_B)
    with pytest.raises(IllegalPlay) as err:
        hand.play(FRENCH.parse("AD"))
    assert err.value.rule == "play.first-lead"
    assert hand.legal_plays() == [FRENCH.parse("2H")]


def test_rule_3_must_follow_suit_no_trumps_highest_wins_winner_leads() -> None:
    hand = _hand(DEAL_A)
    _play(hand, "AD")
    with pytest.raises(IllegalPlay) as err:
        hand.play(FRENCH.parse("JH"))  # seat 2 holds diamonds: throwing the quinola would be a revoke
    assert err.value.rule == "play.follow"
    _play(hand, "2D", "AH", "AC")
    assert hand.tricks[0].winner == 1  # AD: the aces of other suits do not win, there are no trumps
    assert hand.to_act == 1
    _play(hand, "9S", "JH", "JS", "QC")
    assert hand.tricks[1].winner == 3 and hand.to_act == 3


# -- 4. The quinola ---------------------------------------------------------------------------------------


def test_rule_4_quinola_placed_wins_the_pool_and_two_marks_from_the_taker() -> None:
    _, res = play({**DEAL_A, "plays": ["AD", "2D", "AH", "AC", "9S", "JH", "JS", "QC"]})
    assert res["tricks"][1]["winner"] == 3
    assert paid(res, "quinola.placed.trick") == [(3, 2, 2)]
    assert paid(res, "quinola.placed.pool") == [("pool", 2, 8)]
    assert res["pool"] == {"before": 0, "after": 0, "won_by": 2}


def test_rule_4_quinola_must_be_thrown_when_void_in_the_first_two_tricks() -> None:
    hand = _hand(DEAL_A)
    _play(hand, "AD", "2D", "AH", "AC", "9S")
    with pytest.raises(IllegalPlay) as err:
        hand.play(FRENCH.parse("3D"))
    assert err.value.rule == "quinola.must-place"
    assert hand.legal_plays() == [FRENCH.parse("JH")]


@pytest.mark.parametrize(("forced_game", "may_keep"), [(False, True), (True, False)])
def test_rule_4_quinola_free_after_two_tricks_unless_quinola_force(forced_game: bool, may_keep: bool) -> None:
    hand = _hand(DEAL_A, quinola_forced_game=forced_game)
    _play(hand, "AD", "2D", "AH", "AC", "KD", "3D", "KH", "QC", "9S")  # trick 3: seat 1 leads a spade
    assert hand.trick_no == 3
    assert hand.can_play(FRENCH.parse("4D")) is may_keep


def test_rule_4_quinola_forced_on_hearts_bete_four_to_forcer_one_from_each() -> None:
    _, res = play({**DEAL_B, "plays": ["2H", "JH", "6H", "3H"]})
    assert paid(res, "quinola.forced.forcer") == [(2, 1, 4)]
    # "gagne ... & un à chaque joueur": the forcer (seat 1) wins one from each of the others
    assert sorted(paid(res, "quinola.forced.each")) == [(0, 1, 1), (3, 1, 1)]
    assert res["betes"][0] == {"seat": 2, "amount": 8, "rule": "quinola.forced.bete"}
    # nobody won the pool: each refreshes it with 2
    assert sorted(paid(res, "pool.refresh")) == [(s, "pool", 2) for s in range(4)]


def test_rule_4_quinola_led_by_its_holder_makes_the_bete() -> None:
    swapped = {**DEAL_A, "hands": {**DEAL_A["hands"], 1: DEAL_A["hands"][2], 2: DEAL_A["hands"][1]}}
    _, res = play({**swapped, "plays": ["JH"]})
    assert res["betes"] == [{"seat": 1, "amount": 8, "rule": "quinola.led.bete"}]
    assert paid(res, "quinola.forced.forcer") == []


# -- 5. Aces ------------------------------------------------------------------------------------------------


def test_rule_5_aces_placed_paid_by_taker_double_for_hearts_led_ace_nothing() -> None:
    _, res = play({**DEAL_A, "plays": ["AD", "2D", "AH", "AC"]})
    first = [e for e in res["ledger"] if e["trick"] == 1]
    assert sorted((e["payer"], e["payee"], e["amount"], e["rule"]) for e in first) == [
        (1, 0, 1, "ace.placed"),
        (1, 3, 2, "ace.placed"),  # the ace of hearts earns double
    ]  # and the ace of diamonds led by seat 1 earns and costs nothing


def test_rule_5_ace_forced_pays_the_leader_what_it_would_have_earned() -> None:
    _, res = play({**DEAL_C, "plays": ["2S", "AS", "KS", "AC"]})
    first = sorted((e["payer"], e["payee"], e["amount"], e["rule"]) for e in res["ledger"] if e["trick"] == 1)
    assert first == [(2, 0, 1, "ace.placed"), (2, 1, 1, "ace.forced")]


def test_rule_5_ace_played_by_choice_is_not_forced() -> None:
    # seat 3 holds AS KS QS JS: playing the ace on a spade lead is his choice, not forced
    _, res = play({**DEAL_A, "plays": ["AD", "2D", "KH", "AC", "9S", "JH", "AS", "QC"]})
    assert [e for e in res["ledger"] if e["trick"] == 2 and e["rule"].startswith("ace.")] == []


# -- 6. Settlement: the talon, ties, refresh, bêtes ---------------------------------------------------------


def _stub(points: list[int], tricks: list[int], dealer: int = 0) -> Hand:
    return standing(load_ruleset("encyclopedie-1765"), points, tricks, dealer=dealer)


def test_rule_6_talon_to_fewest_points() -> None:
    assert rank_seats(_stub([9, 2, 5, 0], [3, 2, 4, 2]), [0, 1, 2, 3])[0] == 3


def test_rule_6_tie_a_player_with_no_trick_beats_one_with_tricks() -> None:
    assert rank_seats(_stub([4, 0, 5, 0], [5, 0, 4, 2]), [0, 1, 2, 3])[0] == 1


def test_rule_6_tie_nearest_the_dealers_left_wins_and_the_dealer_loses_ties() -> None:
    # playing order runs to the dealer's right, so his left is the seat before him: 3, then 2, then 1
    assert rank_seats(_stub([0, 0, 0, 0], [3, 3, 3, 3]), [0, 1, 2, 3]) == [3, 2, 1, 0]
    assert rank_seats(_stub([0, 0, 0, 0], [3, 3, 3, 3], dealer=2), [0, 1, 2, 3]) == [1, 0, 3, 2]


DEALER_DISCARDS_AN_HONOUR = {1: "pass", 2: "pass", 3: "pass", 0: {"discard": "QC"}}


def test_rule_6_talon_valued_honours_paid_by_most_points() -> None:
    _, res = play({**DEAL_A, "exchange": DEALER_DISCARDS_AN_HONOUR, "plays": ["AD", "2D", "AH", "AC"]})
    value = sum({"A": 5, "K": 4, "Q": 3, "J": 2}.get(c[0], 0) for c in res["talon"])
    winner = res["winner"]
    most = max(res["points"][s] for s in range(4) if s != winner)
    payer = min((s for s in range(4) if s != winner and res["points"][s] == most), key=lambda s: (s - 1) % 4)
    assert value == 3  # the talon 2C 3C 4C QC: the queen is worth 3
    assert paid(res, "talon.pay") == [(payer, winner, value)]


def test_rule_6_talon_paid_by_every_player_option() -> None:
    _, res = play(
        {
            **DEAL_A,
            "options": {"talon_payer": "each-player"},
            "exchange": DEALER_DISCARDS_AN_HONOUR,
            "plays": ["AD", "2D", "AH", "AC"],
        }
    )
    winner = res["winner"]
    assert sorted(paid(res, "talon.pay")) == [(s, winner, 3) for s in range(4) if s != winner]


def test_rule_6_betes_paid_into_an_empty_pool_biggest_first() -> None:
    _, res = play({**DEAL_A, "betes": [{"seat": 1, "amount": 3}, {"seat": 2, "amount": 7}]})
    assert paid(res, "bete.pay")[0] == (2, "pool", 7)
    assert paid(res, "pool.stake") == []


def test_rule_6_a_pool_just_won_is_refilled_by_the_biggest_bete() -> None:
    _, res = play(
        {
            **DEAL_A,
            "pool": 10,
            "betes": [{"seat": 3, "amount": 5}, {"seat": 0, "amount": 9}],
            "plays": ["AD", "2D", "AH", "AC", "9S", "JH", "JS", "QC"],
        }
    )
    assert paid(res, "quinola.placed.pool") == [("pool", 2, 10)]
    assert paid(res, "bete.pay") == [(0, "pool", 9)]
    assert res["pool"]["after"] == 9
    assert res["betes"] == [{"seat": 3, "amount": 5, "rule": "bete.carried"}]


# -- 7. The reversis ---------------------------------------------------------------------------------------


def test_rule_7_reversis_wins_pool_two_from_each_refund_cancels_quinola_no_talon() -> None:
    _, res = play(DEAL_R)
    assert res["tricks_won"] == {0: 0, 1: 11, 2: 0, 3: 0}
    assert res["reversis"] == {"by": 1, "made": True, "cut_by": None}
    assert paid(res, "quinola.placed.trick") == [(1, 2, 2)]  # seat 2 threw the quinola on a spade
    assert paid(res, "quinola.placed.pool") == []  # ... but the reversis deprives it of its rights
    assert paid(res, "reversis.pool") == [("pool", 1, 8)]
    assert sorted(paid(res, "reversis.made")) == [(0, 1, 2), (2, 1, 2), (3, 1, 2)]
    refunded = sorted(paid(res, "reversis.refund"))
    paid_by_maker = sorted(
        (e["payee"], 1, e["amount"])
        for e in res["ledger"]
        if e["payer"] == 1 and e["payee"] != "pool" and e["rule"] != "reversis.refund"
    )
    assert refunded == paid_by_maker and refunded
    assert paid(res, "talon.pay") == []
    assert res["winner"] == 1


@pytest.mark.parametrize("last_tricks", [0, 2])
def test_rule_7_a_reversis_broken_in_the_last_tricks_is_no_attempt_in_the_article(last_tricks: int) -> None:
    # As deal R, but seat 1 holds the 2D instead of the QD, which seat 0 holds: his tenth lead loses.
    hands = {**DEAL_R["hands"]}
    hands[1] = ["AH", "KH", "QH", "AS", "KS", "QS", "AD", "KD", "2D", "AC", "KC"]
    hands[0] = ["7H", "6H", "5H", "4H", "3H", "QD", "JC", "9C", "8C", "7C", "6C", "5C"]
    hand = _hand({**DEAL_R, "hands": hands}, reversis_last_tricks=last_tricks)
    leads = iter(["QH", "KH", "AH", "AS", "KS", "QS", "AD", "KD", "AC", "2D", "KC"])
    bot = get_bot("cautious")
    while hand.phase is Phase.TRICKS:
        if hand.to_act == 1 and not hand.current_trick:
            hand.play(FRENCH.parse(next(leads)))
        else:
            hand.play(bot.play(hand, random.Random(0)))
    assert [t.winner for t in hand.tricks[:9]] == [1] * 9
    cutter = hand.tricks[9].winner
    assert cutter != 1
    # ¶11 knows only the reversis made; the attempt and its cut are an option for later rulesets
    expected = {"by": 1, "made": False, "cut_by": cutter} if last_tricks else None
    assert hand.reversis == expected
    assert not [e for e in hand.ledger.entries if e.rule.startswith("reversis.")]  # the article pays nothing for it


# -- 8. Penalties -----------------------------------------------------------------------------------------


def test_rule_8_revoke_refused_by_default() -> None:
    with pytest.raises(ScenarioError, match=r"plays\[1\].*rule play.follow"):
        play({**DEAL_C, "plays": ["2S", "QD"]})


@pytest.mark.parametrize(("penalty", "amount"), [("bete", 8), ("fine", 2)])
def test_rule_8_revoke_accepted_makes_the_bete_or_pays_the_fine(penalty: str, amount: int) -> None:
    _, res = play({**DEAL_C, "options": {"accept_illegal": True, "revoke_penalty": penalty}, "plays": ["2S", "QD"]})
    assert paid(res, "penalty.revoke") == [(2, "pool", amount)]


def test_rule_8_a_quinola_thrown_by_a_revoke_is_not_en_renonce_and_earns_nothing() -> None:
    _, res = play({**DEAL_A, "options": {"accept_illegal": True}, "plays": ["AD", "JH"]})
    assert paid(res, "penalty.revoke") == [(2, "pool", 8)]
    assert [e for e in res["ledger"] if e["rule"].startswith("quinola.placed")] == []


def test_rule_8_out_of_turn_refused_by_default() -> None:
    with pytest.raises(ScenarioError, match=r"rule play\.turn"):
        play({**DEAL_C, "plays": [{"seat": 3, "card": "KS"}]})


def test_rule_8_out_of_turn_costs_one_jeton_to_each_player() -> None:
    _, res = play({**DEAL_C, "options": {"accept_illegal": True}, "plays": [{"seat": 3, "card": "KS"}]})
    assert sorted(paid(res, "penalty.out-of-turn")) == [(3, 0, 1), (3, 1, 1), (3, 2, 1)]
    assert res["tricks"][0]["leader"] == 1 and res["tricks"][0]["cards"][0] == "2S"  # seat 1 still leads
    assert "KS" in [card for trick in res["tricks"] for card in trick["cards"]]  # the card went back and was played


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"talon": ["2C", "3C", "3C"]}, "card 3C is dealt twice in the talon"),
        ({"talon": ["2C", "3C", "AD"]}, r"card AD is dealt twice \(hand 1 and the talon\)"),
        ({"talon": ["2C", "3C"]}, "talon has 2 cards"),
    ],
)
def test_rule_8_incomplete_or_faulty_pack_means_a_redeal(change: dict[str, Any], message: str) -> None:
    with pytest.raises(ScenarioError, match=message) as err:
        play({**DEAL_A, **change})
    assert "deal.misdeal" in str(err.value)
