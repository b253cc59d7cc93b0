"""What a user observes of a hand, asserted where no annotation's doctest does: the mutation check
(``make mutants``) runs these tests beside the annotations' doctests, so that a change of the engine
that shows in the events' rules (which ``reversis compare`` and ``make readings`` count), an error's
type, rule, cites and message, the values of the public API, or the account that ``reversis play``
prints, is killed by a test rather than judged equivalent. A change of a rule (who pays whom, how
much, what is refused) is killed by the doctest of the annotation that quotes the rule, not here.

Each deal is chosen so that the change would show: the leader and the taker of the trick that
matters are different seats. The account's wording of players and rules is not asserted here (it
is the report's to choose); its amounts and cards are.
"""

from __future__ import annotations

from typing import Any

import pytest

from reversis import (
    IllegalAction,
    IllegalDeclaration,
    IllegalPlay,
    PoolWon,
    RulesetError,
    ScenarioError,
    load_ruleset,
    play,
    rank_key,
    start,
)
from reversis.games.reversis.events import BeteOwed, Declared, QuinolaFate
from reversis.games.reversis.game import GAME
from reversis.games.reversis.hand import Hand

# -- refusals and what a player is shown ---------------------------------------------------------


def test_each_player_his_own_talon_card_needs_a_card_for_each() -> None:
    # revesino p: "corresponden en orden a cada uno de los tres jugadores": a talon of two cards
    # leaves the third player without his own; the options are refused in one line.
    with pytest.raises(RulesetError, match=r"exchange_own_card: a talon of 2 cards at 4 players .*at least 3"):
        start("revesino", options={"dealer_extra": 2, "talon": {4: 2}})


def test_own_talon_card_of_each_seat() -> None:
    # the n-th card of the talon as dealt is offered to the n-th seat after the dealer
    table = start("revesino", talon="3B 2B 4B", exchange={})
    hand = table.hand
    offered = [(e.seat, e.seen) for e in hand.events if type(e).__name__ == "Passed"]
    assert [(seat, hand.card_name(card)) for seat, card in offered] == [(1, "3B"), (2, "2B"), (3, "4B")]


def test_a_second_napolitana_is_refused() -> None:
    # with two of the renouncer cards enough (an option), seats 1 and 2 both qualify: one renouncer
    hands = {1: "AO AC 2O 3O", 2: "AE AB 4O 5O"}
    table = start("revesino", hands=hands, options={"renouncer_at_least": 2}, declarations={1: "napolitana"})
    hand: Hand = table.hand
    assert hand.can_declare(2, "napolitana") is False
    with pytest.raises(IllegalDeclaration, match=r"^napolitana is declared already, by another seat$") as err:
        hand.declare(2, "napolitana")
    assert err.value.rule == "napolitana.declare"
    assert [(e.seat, e.name) for e in hand.declared] == [(1, "napolitana")]


# -- what becomes of the quinola: its fate's rule is an event that `reversis compare` counts --------


def _fates(hand: Hand) -> list[tuple[str, int | None, int | None, str]]:
    return [(e.how, e.seat, e.trick, e.rule) for e in hand.events if isinstance(e, QuinolaFate)]


def _fired(hand: Hand) -> set[str]:
    """The rules that fired in the hand, as ``reversis compare`` and ``make readings`` count them."""
    return GAME.outcome(hand)[1]


ENC_PLACED = {1: "AD KD 9S 8S 7S 6S 5S 4S 3S 2S KC", 2: "JH QD JD 9D 8D 7D 6D 5D 4D 3D 2D"}


def test_the_fate_of_a_quinola_placed() -> None:
    game = play("encyclopedie-1765", hands=ENC_PLACED, plays="9S JH")
    assert _fates(game.hand) == [("placed", 2, 1, "quinola.placed.pool")]
    assert game.hand.quinola == QuinolaFate("placed", 2, 1, "quinola.placed.pool")
    assert "quinola.placed.pool" in _fired(game.hand)


def test_the_fate_of_a_quinola_forced_and_its_bete_in_the_account() -> None:
    # seat 1 leads the king of hearts; seat 2's only heart is the quinola; seat 3 takes with the ace
    cards = {1: "KH 9S 8S 7S 6S 5S 4S 3S 2S KC QC", 2: "JH QD JD 9D 8D 7D 6D 5D 4D 3D 2D", 3: "AH"}
    game = play("encyclopedie-1765", hands=cards, plays="KH JH AH", pool=12)
    hand = game.hand
    assert _fates(hand) == [("forced", 2, 1, "quinola.forced.bete")]
    assert "quinola.forced.bete" in _fired(hand)
    betes = [(e.seat, e.amount, e.trick, e.rule) for e in hand.events if isinstance(e, BeteOwed)]
    assert betes == [(2, 12, 1, "quinola.forced.bete")]
    account = game.account()  # what `reversis play` prints; a bête is one of its lines
    assert "JH" in account and "12" in account


def test_the_fate_of_a_quinola_led() -> None:
    cards = {1: "JH 9S 8S 7S 6S 5S 4S 3S 2S KC QC", 2: "AH QD JD 9D 8D 7D 6D 5D 4D 3D 2D"}
    game = play("encyclopedie-1765", hands=cards, plays="JH AH")
    assert _fates(game.hand) == [("led", 1, 1, "quinola.led.bete")]
    assert "quinola.led.bete" in _fired(game.hand)


def test_the_fate_of_a_quinola_given() -> None:
    # seat 2 holds other hearts and plays the quinola on seat 1's king of hearts all the same
    cards = {1: "KH 9S 8S 7S 6S 5S 4S 3S 2S KC QC", 2: "JH 2H QD JD 9D 8D 7D 6D 5D 4D 3D", 3: "AH"}
    game = play("encyclopedie-1765", hands=cards, plays="KH JH AH")
    assert _fates(game.hand) == [("given", 2, 1, "quinola.given.bete")]
    assert "quinola.given.bete" in _fired(game.hand)


REV_CARDS = {
    1: "AO RO CO SO AE RE CE SE 9E 8E 7E",
    2: "9O 8O 6E 5E AC RC CC SC 9C 8C 7C",
    3: "7O 6O 4E 3E AB RB CB SB 9B 8B 7B",
    0: "5O 4O 3O 2O 2E 6C 5C 4C 3C 2C 6B 5B",
}
REV_TEN = (
    "AO 8O 6O 2O RO 9O 7O 3O CO 7C 3E 4O AE 5E 4E 2E RE 6E 7B 5O CE 8C 8B 3C "
    "SE 9C 9B 4C 9E SC SB 5C 8E CC CB 6C SO RC RB 5B 7E AC AB 6B"
)


def test_the_fate_of_a_quinola_played_after_a_revesino_is_undertaken() -> None:
    # "queda como simple sota": seat 1 undertook the revesino after nine tricks and plays it in the tenth
    game = play(
        "revesino", hands=REV_CARDS, talon="4B 3B 2B", exchange={0: "2C"}, plays=REV_TEN, declarations={1: "revesino"}
    )
    hand = game.hand
    assert _fates(hand) == [("plain", 1, 10, "revesino.quinola-plain")]
    assert "revesino.quinola-plain" in _fired(hand)
    declared = [(e.seat, e.name, e.trick, e.rule) for e in hand.events if isinstance(e, Declared)]
    assert declared == [(1, "revesino", 10, "revesino.declare")]
    assert "revesino.declare" in _fired(hand)


def test_a_quinola_placed_takes_the_fondo_when_it_falls() -> None:
    # revesino: "se lleva el fondo que esté acumulado hasta ese momento"; seat 2 throws the quínola on
    # seat 1's espadas, which seat 3 takes
    cards = {1: "9E 8E 7E 6E 5E 4E 3E 2E RB CB SB", 2: "SO AO RO CO 9O 8O 7O 6O 5O 4O 3O", 3: "AE"}
    game = play("revesino", hands=cards, plays="9E SO AE", pool=20)
    hand = game.hand
    won = [(e.seat, e.amount, e.rule) for e in hand.events if isinstance(e, PoolWon)]
    # the fondo of 20, with the dealer's payment for the deal
    assert won[:1] == [(2, 21, "quinola.placed.pool")]
    assert game.paid("quinola.placed.pool")[:1] == [("pool", 2, 21)]
    assert "quinola.placed.pool" in _fired(hand)


def test_the_quinola_drawn_from_the_napolitana() -> None:
    # seat 2 declares the napolitana; seat 1 leads the king of oros, and the quínola is the
    # napolitana's only oro: drawn from him (sacar), paid to the taker, seat 3's ace
    cards = {
        1: "RO 9E 8E 7E 6E 5E 4E 3E 2E RB CB",
        2: "SO AE AC AB 9C 8C 7C 6C 5C 4C 3C",
        3: "AO 9B 8B 7B 6B 5B 4B 3B 2B SB CO",
    }
    hand = play("revesino", hands=cards, declarations={2: "napolitana"}, plays="RO SO AO").hand
    assert _fates(hand) == [("forced", 2, 1, "napolitana.quinola-forced")]
    assert hand.quinola == QuinolaFate("forced", 2, 1, "napolitana.quinola-forced")
    declared = [(e.seat, e.name, e.rule) for e in hand.events if isinstance(e, Declared)]
    assert declared == [(2, "napolitana", "napolitana.declare")]


def test_an_unknown_declaration_is_refused_by_its_name() -> None:
    table = start("encyclopedie-1765")
    with pytest.raises(IllegalDeclaration) as err:
        table.hand.declare(1, "napolitana")
    assert str(err.value) == "ruleset encyclopedie-1765 has no declaration 'napolitana'"
    assert err.value.rule == "declare"
    with pytest.raises(IllegalDeclaration) as err:
        start("revesino").hand.declare(1, "espagnolette")
    assert str(err.value) == "ruleset revesino has no declaration 'espagnolette' (known: napolitana, revesino)"


# -- Romestecq: the refusals a player of the public Hand meets, and the record of the plays ----------


def test_romestecq_refuses_a_card_after_the_tricks_and_a_card_not_held() -> None:
    from reversis.romestecq import play as play_romestecq
    from reversis.romestecq import start as start_romestecq

    hand = play_romestecq({1: "AS KS QS JS TS"}).hand
    with pytest.raises(IllegalPlay) as err:
        hand.play(hand.rules.pack.parse("AS"))
    assert (err.value.rule, str(err.value)) == ("play.phase", "no card is played now: the tricks are over")
    table = start_romestecq({1: "AS KS QS JS TS"})
    with pytest.raises(IllegalPlay) as err:
        table.hand.play(table.hand.rules.pack.parse("AH"))
    assert (err.value.rule, str(err.value)) == ("play.hold", "AH is not in the hand of the eldest hand (seat: 1)")


def test_romestecq_counts_combinations_only_after_the_last_trick() -> None:
    from reversis.romestecq import start as start_romestecq

    table = start_romestecq({1: "AS AH AD AC TS"})
    with pytest.raises(IllegalAction) as err:
        table.hand.claim(1, "rome")
    assert type(err.value) is IllegalAction
    assert (err.value.rule, str(err.value)) == ("claim.phase", "combinations are counted after the last trick")


def test_romestecq_a_hand_of_the_wrong_size_is_refused() -> None:
    from reversis.romestecq import Hand as RomestecqHand
    from reversis.romestecq import deal as deal_romestecq

    hands = deal_romestecq({1: "AS KS QS JS TS"})
    rules = load_ruleset("romestecq")
    with pytest.raises(ScenarioError, match=r"^hand 2 has 4 cards, not 5$"):
        RomestecqHand(rules, dealer=0, hands=[*hands[:2], hands[2][:4], *hands[3:]])


def test_romestecq_records_each_play_with_its_trick() -> None:
    from reversis.romestecq import play as play_romestecq

    hand = play_romestecq({1: "AS KS QS JS TS"}).hand
    players = hand.players
    assert [p.trick for p in hand.played] == [1 + i // players for i in range(len(hand.played))]


def test_a_hand_in_its_exchange_has_no_winner_yet_and_names_who_will_lead() -> None:
    import random

    hand = Hand.deal(load_ruleset("encyclopedie-1765"), dealer=2, rng=random.Random(3))
    assert hand.phase.value == "exchange"
    assert hand.winner is None
    assert hand.trick_leader == 3  # the eldest, on the dealer's right, leads the first trick


def test_romestecq_a_hand_built_without_a_generator_draws_the_sixth_card_as_every_time() -> None:
    # article 10, a hand dealt six cards (accepted): the extra card goes back at random; a Hand built
    # without its own generator draws with the same one each time, so the same card goes back
    from reversis.romestecq import Hand as RomestecqHand
    from reversis.romestecq import deal as deal_romestecq

    rules = load_ruleset("romestecq").with_options({"accept_illegal": True})
    hands = deal_romestecq({1: "AS KS QS JS TS"}, sixes=[2], options={"accept_illegal": True})
    hand = RomestecqHand(rules, dealer=0, hands=hands, faults=[("six-cards", 2, False)])
    assert rules.pack.names(hand.talon[-1:]) == ["6S"]
    assert [len(cards) for cards in hand.hands] == [5, 5, 5, 5]


# -- the public API's values that the command line does not print --------------------------------


def test_rank_key_gives_each_criterion_its_documented_value() -> None:
    # rank_key is public (``from reversis import rank_key``): its values, not only their order, are what a
    # caller reads. no-trick: 0 for a seat without a trick, 1 otherwise; renouncer-first: 0 for the
    # renouncer who kept his right, 1 for every other seat (no renouncer here).
    options = {"talon_ranking": ["no-trick", "renouncer-first", "tricks", "eldest-first"]}
    hand = play("encyclopedie-1765", hands=ENC_PLACED, plays="9S JH", options=options).hand
    won = hand.tricks_won
    eldest = [(s - hand.dealer - 1) % 4 for s in range(4)]
    assert [rank_key(hand, s) for s in range(4)] == [(1 if won[s] else 0, 1, won[s], eldest[s]) for s in range(4)]
    assert {rank_key(hand, seat)[0] for seat in range(4)} >= {1}


def test_romestecq_a_refusal_carries_the_paragraphs_of_its_rule() -> None:
    # IllegalPlay.cites is public: a caller of the Hand reads there the paragraph that forbids the play
    # (article 11, a card before its turn; article 12, a revoke)
    from reversis.romestecq import start as start_romestecq

    table = start_romestecq({1: "AS KS QS JS TS", 2: "AH KH QH JH 9S"}, "AS")
    hand = table.hand
    with pytest.raises(IllegalPlay) as err:
        hand.play(hand.rules.pack.parse("KS"), seat=1)
    assert (err.value.rule, err.value.cites) == ("play.turn", ("dictionnaire-jeux-r:26",))
    with pytest.raises(IllegalPlay) as err:
        hand.play(hand.rules.pack.parse("AH"))
    assert (err.value.rule, err.value.cites) == ("play.follow", ("dictionnaire-jeux-r:27",))


def test_romestecq_a_card_played_out_of_turn_is_recorded_with_its_trick() -> None:
    # article 11 under accept_illegal: the card played before its turn is taken back, and the record of
    # the plays (Hand.played, public) keeps it with the trick in which it was played, the second here
    from reversis.games.romestecq.hand import Played
    from reversis.romestecq import start as start_romestecq

    # seat 1's ace of spades takes the first trick, and he leads the second; seat 3 plays before him
    table = start_romestecq({1: "AS KS QS JS TS"}, "AS 9S KH 8H", options={"accept_illegal": True})
    hand = table.hand
    assert (hand.trick_no, hand.to_act) == (2, 1)
    queen = hand.rules.pack.parse("QH")
    hand.play(queen, seat=3)
    assert hand.played[-1] == Played(3, queen, None, 2, out_of_turn=True)


def test_romestecq_the_checks_alone_refuse_as_the_moves_do() -> None:
    # verify_play and verify_claim (the move-by-move interface asks them) give the refusal the move
    # itself gives: the same rule, message and cites; can_play and can_claim answer alike
    from reversis.core.cards import FRENCH
    from reversis.romestecq import Hand as RomestecqHand

    def cards(text: str) -> list[int]:
        return [FRENCH.parse(c) for c in text.split()]

    hands = [cards("6S 6H 7S 7H 8S"), cards("AS KS QS JS TS"), cards("AH KH QH JH 9S"), cards("AD KD QD JD TD")]
    hand = RomestecqHand(load_ruleset("romestecq"), dealer=0, hands=hands)

    def refusal(move: Any, *args: Any, **kw: Any) -> tuple[str, str, tuple[str, ...]]:
        with pytest.raises(IllegalAction) as refused:
            move(*args, **kw)
        return refused.value.rule, str(refused.value), refused.value.cites

    rules = []
    for card, seat, call in (("AH", None, None), ("AH", 2, None), ("AS", None, "pièce de Rome"), ("9S", 2, None)):
        c = FRENCH.parse(card)
        checked = refusal(hand.verify_play, c, seat=seat, call=call)
        assert checked == refusal(hand.play, c, seat=seat, call=call), card
        assert not hand.can_play(c, seat=seat, call=call)
        rules.append(checked[0])
    assert rules == ["play.hold", "play.turn", "call.match", "play.turn"]
    assert hand.can_play(FRENCH.parse("AS")) and hand.can_play(FRENCH.parse("QS"), call=None)
    hand.play(FRENCH.parse("AS"))
    follow = refusal(hand.verify_play, FRENCH.parse("AH"))
    assert follow[0] == "play.follow" and follow == refusal(hand.play, FRENCH.parse("AH"))
    assert "must follow the suit led (article 12)" in follow[1] and follow[2]
    phase = refusal(hand.verify_claim, 1, "rome")
    assert phase[:2] == ("claim.phase", "combinations are counted after the last trick")
    for name in ("9S", "AD", "6S"):  # the rest of the first trick
        hand.play(FRENCH.parse(name))
    while hand.phase.value == "tricks":
        hand.play(hand.legal_plays()[0])
    assert hand.phase.value == "claims"
    refused = 0
    for seat in range(4):
        for name in ("triche", "double-ningre", "village", "double-rome", "rome"):
            if hand.can_claim(seat, name):
                continue
            checked = refusal(hand.verify_claim, seat, name)
            assert checked[0].startswith("claim.")
            try:
                hand.claim(seat, name)
            except IllegalAction as exc:
                assert (exc.rule, str(exc), exc.cites) == checked, (seat, name)
                refused += 1
    assert refused
    for seat in range(4):
        for held in hand.held[seat]:
            assert hand.can_claim(seat, held.name) or held.name not in hand.due_claims(seat)


def test_romestecq_the_checks_alone_answer_each_case() -> None:
    # Each case of verify_play, can_play, verify_claim and can_claim, played through one deal: a card
    # of the suit led, a discard when void, another seat's card, the tricks over; a called Rome, a
    # second Rome of the same seat, a claim already made, an uncalled Rome (worthless by default,
    # refused under uncalled_rome loses-game) and an uncalled village (refused)
    from reversis.core.cards import FRENCH, card_suit
    from reversis.romestecq import Hand as RomestecqHand

    deal = ("8S 8H AS KD 7C", "QS QH 9S 9C 7D", "JS JH AD KC 6H", "TD TH 9D 9H 6C")
    hands = [[FRENCH.parse(c) for c in text.split()] for text in deal]
    rules = load_ruleset("romestecq")

    def refusal(move: Any, *args: Any, **kw: Any) -> tuple[str, str, tuple[str, ...]]:
        with pytest.raises(IllegalAction) as refused:
            move(*args, **kw)
        return refused.value.rule, str(refused.value), refused.value.cites

    def played(options: dict[str, Any]) -> RomestecqHand:
        # seats 0 and 1 say every call due; seats 2 and 3 say none
        hand = RomestecqHand(rules.with_options(options), dealer=0, hands=hands)
        seen = {"follow": 0, "discard": 0}
        while hand.phase.value == "tricks":
            seat, led, legal = hand.to_act, hand.led_suit, hand.legal_plays()
            for card in hand.hands[seat]:
                assert hand.can_play(card) is (card in legal), hand.rules.pack.name(card)
                for other in set(range(4)) - {seat}:
                    assert hand.can_play(card, seat=other) is False
                    assert refusal(hand.verify_play, card, seat=other)[0] == "play.hold"
            if led is not None:
                seen["follow" if all(card_suit(c) == led for c in legal) else "discard"] += 1
            card = legal[0]
            hand.play(card, call=hand.due_call(seat, card) if seat in (0, 1) else None)
        assert seen["follow"] and seen["discard"]  # the deal shows both
        over = refusal(hand.verify_play, hands[1][0])
        assert over == ("play.phase", "no card is played now: the tricks are over", ())
        assert over == refusal(hand.play, hands[1][0]) and not hand.can_play(hands[1][0])
        return hand

    hand = played({})
    assert [[c.name for c in held] for held in hand.held] == [["rome"], ["rome", "rome"], ["rome"], ["village"]]
    assert hand.can_claim(0, "rome") and hand.can_claim(1, "rome") and hand.can_claim(2, "rome")
    village = refusal(hand.verify_claim, 3, "village")
    assert village[:2] == (
        "claim.calls",
        "the third hand counts his village without having said its calls (article 21)",
    )
    assert village[2] == rules.rule_cites["claim.calls"] and village == refusal(hand.claim, 3, "village")
    assert hand.can_claim(3, "village") is False
    hand.claim(0, "rome")
    hand.claim(1, "rome")
    assert hand.can_claim(1, "rome")  # his second Rome, though two Romes are counted already
    hand.claim(1, "rome")
    again = refusal(hand.verify_claim, 1, "rome")
    assert again[:2] == ("claim.false", "the eldest hand counts a rome he does not hold (article 13)")
    assert again == refusal(hand.claim, 1, "rome") and hand.can_claim(1, "rome") is False

    strict = played({"uncalled_rome": "loses-game"})
    assert strict.can_claim(1, "rome") and strict.can_claim(2, "rome") is False
    rome = refusal(strict.verify_claim, 2, "rome")
    assert rome[:2] == ("claim.calls", "the second hand counts his rome without having said its calls (article 23)")
    assert rome == refusal(strict.claim, 2, "rome")


def test_romestecq_a_refusal_of_a_rule_that_cites_nothing_has_no_cites() -> None:
    # the refusal's cites are those the ruleset gives its rule, none (an empty tuple) where it gives none
    import dataclasses

    from reversis.core.cards import FRENCH
    from reversis.romestecq import Hand as RomestecqHand

    hands = [
        [FRENCH.parse(c) for c in text.split()]
        for text in ("8S 8H AS KD 7C", "QS QH 9S 9C 7D", "JS JH AD KC 6H", "TD TH 9D 9H 6C")
    ]
    bare = dataclasses.replace(load_ruleset("romestecq"), rule_cites={})
    hand = RomestecqHand(bare, dealer=0, hands=hands)
    with pytest.raises(IllegalPlay) as refused:
        hand.verify_play(hands[2][0], seat=2)
    assert (refused.value.rule, refused.value.cites) == ("play.turn", ())


def test_romestecq_marks_of_a_rule_that_cites_nothing_carry_no_paragraph() -> None:
    # Marks is public as its module's docstring builds it, with the cites of the rules it knows: an entry
    # of a rule missing from them cites no paragraph, and its dict (as a result's JSON writes it) says so
    from reversis.games.romestecq.marks import Marks

    ledger = Marks(before=(21, 21), cites={"stecq": ("dictionnaire-jeux-r:44",)})
    ledger.mark(1, 1, rule="stecq", trick=5, seat=3)
    ledger.mark(0, -3, rule="penalty.out-of-turn", trick=2, seat=1)
    assert [entry.as_dict()["cites"] for entry in ledger.entries] == [["dictionnaire-jeux-r:44"], []]
    assert ledger.entries[1].cites == ()


def test_a_deal_with_a_hand_short_is_refused_naming_the_cards_missing() -> None:
    # check_pack is called as its docstring says, with the hands and the talon: three hands for four
    # players leave the fourth hand's twelve cards out of the pack, and the deal is refused naming them
    from reversis import compile_params
    from reversis.games.reversis.deal import check_pack

    dealt = start("encyclopedie-1765").hand.events[0]
    rules = load_ruleset("encyclopedie-1765")
    with pytest.raises(ScenarioError) as err:
        check_pack(rules, compile_params(rules), dealer=dealt.dealer, hands=dealt.hands[:3], talon=dealt.talon)
    missing = ", ".join(rules.pack.names(sorted(dealt.hands[3])))
    assert str(err.value) == f"the pack is incomplete: {missing} missing"
