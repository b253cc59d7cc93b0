"""One scenario per article of the dictionary's Romestecq (dictionnaire-jeux-r, articles 1 to 25),
named after it: each plays the article through the scenario contract and checks what it orders."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from reversis.core.errors import ScenarioError
from reversis.core.ruleset import load_ruleset
from reversis.games.romestecq.hand import Hand
from reversis.games.romestecq.params import compile_params
from reversis.games.romestecq.result import result
from reversis.games.romestecq.sitting import Sitting, draw

Play = Callable[[str], Hand]
ACCEPT = "options: {accept_illegal: true}\n"
# Four hands of a deal in which nobody holds a combination; seat 1 leads.
PLAIN = "hands: {1: [AS, KS, QS, JS, TS], 2: [9S, 8S, 7S, 6S, AH], 3: [KH, QH, JH, TH, 9H], 0: [8H, 7H, 6H, AD, KD]}\n"


def marks(hand: Hand, rule: str) -> list[tuple[int, int]]:
    return [(e.side, e.marks) for e in hand.marks.entries if e.rule == rule]


def test_article_01_pack_of_thirty_six(scenario: Play) -> None:
    hand = scenario("seed: 1\n")
    assert len(hand.params.pack) == 36 and len(hand.talon) == 16
    with pytest.raises(ScenarioError, match="5S is not in the pack of 36"):
        scenario("plays: [5S]\n")


def test_article_02_two_to_six_players_five_cards_each(scenario: Play) -> None:
    for players in (2, 4, 6):
        hand = scenario(f"options: {{players: {players}}}\nseed: 3\n")
        assert [len(cards) for cards in hand.dealt] == [5] * players
    with pytest.raises(ScenarioError, match="players: 3 is not allowed"):
        scenario("options: {players: 3}\n")


def test_article_03_draw_makes_the_sides() -> None:
    p = compile_params(load_ruleset("romestecq").with_options({"players": 6}))
    import random

    done = draw(p, random.Random(4))
    ranks = [card & 15 for card in done.cards]
    high = sorted(range(6), key=lambda player: -ranks[player])[:3]
    assert {p.side_of(done.seats[player]) for player in high} == {0}


def test_article_04_middle_player_deals_and_the_other_middle_cuts() -> None:
    import random

    p = compile_params(load_ruleset("romestecq").with_options({"players": 6}))
    done = draw(p, random.Random(7))
    assert (done.dealer, done.cutter) == (1, 4)


def test_article_05_highest_card_chooses_to_deal() -> None:
    import random

    p = compile_params(load_ruleset("romestecq").with_options({"players": 6}))
    done = draw(p, random.Random(8))
    best = max(range(6), key=lambda player: done.cards[player] & 15)
    assert done.seats[best] == done.dealer


def test_article_06_marks_chalked_thirty_five_at_six_twenty_one_at_four(scenario: Play) -> None:
    assert scenario("options: {players: 6}\nseed: 1\n").marks.before == (35, 35)
    assert scenario("seed: 1\n").marks.before == (21, 21)
    assert scenario("options: {target: {4: 9}}\nseed: 1\n").marks.before == (9, 9)


def test_article_07_dealer_keeps_his_packets(scenario: Play) -> None:
    assert scenario("manner: [1, 4]\ndealt_before: [1, 4]\nseed: 2\n").faults == []
    with pytest.raises(ScenarioError, match=r"scenario.yaml:3: dealt_before: .*rule deal.manner"):
        scenario("manner: [1, 4]\ndealt_before: [2, 3]\n")


def test_article_08_lowest_deals_at_four_and_the_cut_is_across() -> None:
    import random

    p = compile_params(load_ruleset("romestecq"))
    done = draw(p, random.Random(2))
    lowest = min(range(4), key=lambda player: done.cards[player] & 15)
    assert done.seats[lowest] == done.dealer
    assert p.side_of(done.cutter) != p.side_of(done.dealer)


def test_article_09_card_turned_up(scenario: Play) -> None:
    with pytest.raises(ScenarioError, match=r"rule deal\.faced"):
        scenario(PLAIN + "faults: [{fault: faced, seat: 2}]\n")
    opponent = scenario(ACCEPT + PLAIN + "faults: [{fault: faced, seat: 2}]\n")
    assert marks(opponent, "penalty.faced") == [(0, -3)]
    assert marks(scenario(PLAIN + "faults: [{fault: faced, seat: 1}]\n"), "penalty.faced") == []
    in_pack = scenario(ACCEPT + PLAIN + "faults: [{fault: faced-in-pack}]\n")
    assert marks(in_pack, "penalty.faced-in-pack") == [(0, -3)]


def test_article_10_change_of_packets_and_six_cards(scenario: Play) -> None:
    changed = scenario(ACCEPT + "manner: [5]\ndealt_before: [2, 3]\nseed: 1\n")
    assert marks(changed, "penalty.manner") == [(0, -3)]
    six = scenario(ACCEPT + "faults: [{fault: six-cards, seat: 3}]\nseed: 1\n")
    assert marks(six, "penalty.six-cards") == [(0, -3)]
    assert len(six.dealt[3]) == 6 and len(six.tricks) == 5


def test_article_11_play_out_of_turn(scenario: Play) -> None:
    with pytest.raises(
        ScenarioError,
        match=r"plays\[0\] \(trick 1\): 9S: the second hand \(seat: 2\) plays before his turn.*play\.turn",
    ):
        scenario(PLAIN + "plays: [{seat: 2, card: 9S}]\n")
    hand = scenario(ACCEPT + PLAIN + "plays: [{seat: 2, card: 9S}, AS, 9S]\n")
    assert marks(hand, "penalty.out-of-turn") == [(1, -3)]
    assert hand.tricks[0].cards[:2] == ((1, 14), (2, 9))


def test_article_12_revoke_loses_the_game(scenario: Play) -> None:
    deal = (
        "hands: {1: [AS, AD, 9D, 8D, 7D], 2: [KS, QH, JH, TH, 9H], 3: [KC, QC, JC, TC, 9C], 0: [6S, 6H, 7H, 8H, 6D]}\n"
    )
    with pytest.raises(ScenarioError, match=r"rule play\.follow"):
        scenario(deal + "plays: [AS, QH]\n")
    hand = scenario(ACCEPT + deal + "plays: [AS, QH]\n")
    assert (hand.winner, hand.won_by) == (0, "penalty.revoke")
    assert marks(hand, "penalty.revoke") == [(0, 21)]


def test_article_13_false_combination_loses_the_game(scenario: Play) -> None:
    with pytest.raises(ScenarioError, match=r"claims\.1: .*rule claim\.false"):
        scenario(PLAIN + "claims: {1: [rome]}\n")
    hand = scenario(ACCEPT + PLAIN + "claims: {1: [village]}\n")
    assert (hand.winner, hand.won_by) == (1, "penalty.false-claim")


def test_article_14_playing_with_six_cards_loses(scenario: Play) -> None:
    hand = scenario(ACCEPT + "faults: [{fault: six-cards, seat: 2, kept: true}]\nseed: 5\n")
    assert (hand.winner, hand.won_by) == (0, "penalty.six-cards-played") and hand.tricks == []


def test_article_15_one_mark_too_many_loses(scenario: Play) -> None:
    deal = (
        "hands: {1: [QS, QH, 9S, 8D, 7C], 2: [AS, KS, JS, TS, 6S], 3: [AH, KH, JH, TH, 9H], 0: [AD, KD, QD, JD, TD]}\n"
    )
    plays = 'plays: [{card: QS, call: "pièce de Rome"}]\n'
    with pytest.raises(ScenarioError, match=r"rule claim\.overcount"):
        scenario(deal + plays + "claims: {1: [{combination: rome, marks: 2}]}\n")
    hand = scenario(ACCEPT + deal + plays + "claims: {1: [{combination: rome, marks: 2}]}\n")
    assert hand.won_by == "penalty.overcount" and hand.winner == 1


def test_article_16_three_marks_falsely_claimed(scenario: Play) -> None:
    hand = scenario(ACCEPT + PLAIN + "claims: {1: [triche]}\n")
    assert (hand.winner, hand.won_by) == (1, "penalty.false-three")


def test_article_17_combinations_and_the_ace_above_the_king(scenario: Play) -> None:
    hand = scenario(
        "hands: {1: [AS, AH, KS, KH, 6C], 2: [QS, QH, QD, 9S, 9C], 3: [JS, JH, TS, TH, 7C], 0: [8S, 8H, 6S, 6H, 7D]}\n"
    )
    held = result(hand)["combinations"]
    assert [c["name"] for c in held["1"]] == ["double-ningre"]
    assert [c["name"] for c in held["2"]] == ["rome", "rome"]  # three queens hold a Rome (low_triche 1)
    assert [c["name"] for c in held["3"]] == ["village"]
    assert [c["name"] for c in held["0"]] == ["rome", "rome"]
    king_led = scenario(
        "hands: {1: [KD, 9S, 8S, 7S, 6S], 2: [AD, 9C, 8C, 7C, 6C],"
        " 3: [QD, 9H, 8H, 7H, 6H], 0: [JD, TD, TC, TH, 9D]}\nplays: [KD, AD, QD, JD]\n"
    )
    assert king_led.tricks[0].winner == 2


def test_article_18_virlicque_wins_the_game(scenario: Play) -> None:
    hand = scenario(
        "hands: {1: [7S, 7H, 7D, 7C, AS], 2: [KS, QS, JS, TS, 9S],"
        " 3: [KH, QH, JH, TH, 9H], 0: [KD, QD, JD, TD, 9D]}\nmarks: {0: 20, 1: 2}\n"
    )
    assert (hand.winner, hand.won_by, hand.tricks) == (0, "virlicque.wins", [])
    assert marks(hand, "virlicque.wins") == [(0, 20)]


def test_article_19_triche_of_aces_six_when_all_passes(scenario: Play) -> None:
    hand = scenario(
        "hands: {1: [AS, AH, AD, 9S, 8C], 0: [9D, 8D, 7D, 6D, 6C], 2: [KS, QS, JS, TS, 8S], 3: [KH, QH, JH, TH, 9H]}\n"
    )
    side0 = sum(m for s, m in marks(hand, "triche.hand") + marks(hand, "honours.ace-king") if s == 0)
    assert side0 == 6


def test_article_20_calls_of_the_double_ningre(scenario: Play) -> None:
    deal = (
        "hands: {1: [AS, AH, KS, KD, 7C], 2: [QS, JS, TS, 9S, 8S], 3: [7S, 6S, QH, JH, TH], 0: [9H, 8H, 7H, 6H, QD]}\n"
    )
    calls = 'plays: [{card: AS, call: "pièce de ningre"}, 9S, 7S, 8H, {card: AH, call: "autre pièce"}]\n'
    called = scenario(deal + calls)
    assert marks(called, "double-ningre.hand") == [(0, 3)]
    silent = scenario(ACCEPT + deal + "plays: [AS]\nclaims: {1: [double-ningre]}\n")
    assert (silent.winner, silent.won_by) == (1, "penalty.calls")


def test_article_21_village_worth_two(scenario: Play) -> None:
    hand = scenario(
        "hands: {1: [QS, QH, JS, JD, 7C], 2: [AS, KS, TS, 9S, 8S], 3: [AH, KH, TH, 9H, 8H], 0: [AD, KD, TD, 9D, 8D]}\n"
    )
    assert marks(hand, "village.hand") == [(0, 2)]


def test_article_22_double_rome_two_in_hand_four_when_all_passes(scenario: Play) -> None:
    hand = scenario(
        "hands: {1: [AS, AH, 9S, 8D, 7C], 0: [9D, 6D, 7D, 6H, 6C], 2: [KS, QS, JS, TS, 8S], 3: [KH, QH, JH, TH, 9H]}\n"
    )
    assert marks(hand, "double-rome.hand") == [(0, 2)]
    assert [m for s, m in marks(hand, "honours.ace-king") if s == 0] == [1, 1]


def test_article_23_rome_worth_one(scenario: Play) -> None:
    hand = scenario(
        "hands: {1: [QS, QH, 9S, 8D, 7C], 2: [AS, KS, JS, TS, 6S], 3: [AH, KH, JH, TH, 9H], 0: [AD, KD, QD, JD, TD]}\n"
    )
    assert marks(hand, "rome.hand") == [(0, 1)]


def test_article_24_stecq_the_last_trick(scenario: Play) -> None:
    hand = scenario("seed: 9\n")
    last = hand.tricks[-1].winner
    assert marks(hand, "stecq") == [(hand.params.side_of(last), 1)]


def test_article_25_gruger(scenario: Play) -> None:
    hand = scenario(
        "hands: {1: [AS, KS, QS, JS, TS], 2: [9S, 8S, 7S, 6S, KH], 3: [QH, JH, TH, 9H, 8H], 0: [QD, JD, TD, 9D, 8D]}\n"
    )
    assert hand.gruged == [(2, hand.rules.pack.parse("KH"), 1, 5)]
    assert marks(hand, "gruger") == [(0, 1)]


def test_a_game_of_a_sitting_is_played_to_its_target() -> None:
    game = Sitting(source="t", rules=load_ruleset("romestecq"), first_dealer=None, hands=200, seed=11, bot="random")
    hands = game.play()
    assert hands[-1].winner is not None
    assert all(h.winner is None for h in hands[:-1])
