"""A hand of Romestecq move by move (:mod:`reversis.games.romestecq.moves`): the same hand as the
batch path plays, the calls said with the cards, the claims from the eldest, and the hand's checks
alone (``verify_play``, ``verify_claim``), which refuse as the moves would."""

from __future__ import annotations

import random

import pytest

from reversis.core.cards import FRENCH
from reversis.core.errors import IllegalAction, IllegalPlay
from reversis.core.ruleset import load_ruleset
from reversis.games.romestecq.bots import get_bot
from reversis.games.romestecq.game import GAME
from reversis.games.romestecq.hand import Hand
from reversis.games.romestecq.params import compile_params
from reversis.games.romestecq.simulate import play_seeded


@pytest.mark.parametrize("options", [{}, {"players": 6}, {"players": 2, "two_pairs": "separate"}])
@pytest.mark.parametrize("bot", ["random", "cautious"])
def test_a_hand_played_move_by_move_by_a_bot_is_the_hand_simulate_plays(options: dict[str, object], bot: str) -> None:
    rules = load_ruleset("romestecq").with_options(options)
    params = compile_params(rules)
    choose = GAME.policy(bot)
    for i in range(10):
        state = GAME.new_hand(rules, dealer=i % params.players, seed=70 + i)
        assert state.chance is not None
        while not state.over():
            state.apply(choose(state, state.chance))
        batch = play_seeded(rules, params, get_bot(bot), 70, i)
        assert GAME.result(GAME.finished(state)) == GAME.result(batch)


def _cards(text: str) -> list[int]:
    return [FRENCH.parse(c) for c in text.split()]


def _hand(**options: object) -> Hand:
    rules = load_ruleset("romestecq").with_options(options)
    hands = [_cards("6S 6H 7S 7H 8S"), _cards("AS KS QS JS TS"), _cards("AH KH QH JH 9S"), _cards("AD KD QD JD TD")]
    return Hand(rules, dealer=0, hands=hands)


def test_verify_play_refuses_as_play_does_and_changes_nothing() -> None:
    hand = _hand()
    assert hand.can_play(FRENCH.parse("AS")) and not hand.can_play(FRENCH.parse("AH"))
    with pytest.raises(IllegalPlay) as turn:
        hand.verify_play(FRENCH.parse("AH"), seat=2)
    assert turn.value.rule == "play.turn"
    with pytest.raises(IllegalPlay) as call:
        hand.verify_play(FRENCH.parse("AS"), call="pièce de Rome")
    assert call.value.rule == "call.match"
    hand.play(FRENCH.parse("AS"))
    with pytest.raises(IllegalPlay) as follow:
        hand.verify_play(FRENCH.parse("AH"))
    assert follow.value.rule == "play.follow"
    assert len(hand.played) == 1 and len(hand.hands[2]) == 5
    # with accept_illegal the move stands and is penalised; the check alone still refuses it
    lenient = _hand(accept_illegal=True)
    lenient.play(FRENCH.parse("AS"))
    assert not lenient.can_play(FRENCH.parse("AH"))
    with pytest.raises(IllegalAction) as claim:
        lenient.verify_claim(1, "rome")
    assert claim.value.rule == "claim.phase"


def test_the_claims_are_asked_from_the_eldest_and_a_combination_not_held_is_refused_with_its_rule() -> None:
    rules = load_ruleset("romestecq")
    state = GAME.new_hand(rules, dealer=0, seed=11)
    rng = random.Random(1)
    while not state.over() and state.legal_actions()[0].kind == "play":
        state.apply(state.legal_actions()[rng.randrange(len(state.legal_actions()))])
    if state.over():
        pytest.skip("a virlicque or a fault ended the hand")  # pragma: no cover
    assert state.to_act() == 1  # the eldest counts first
    held = {a.name for a in state.legal_actions() if a.kind == "claim"}
    missing = next(k for k, name in enumerate(("triche", "double-ningre", "village")) if name not in held)
    before = list(state.history())
    with pytest.raises(IllegalAction) as refused:
        state.apply(state.codes.claim + missing)
    assert refused.value.rule.startswith("claim.") and list(state.history()) == before
    for _ in range(state.players):
        while state.legal_actions()[0].kind == "claim":
            state.apply(state.legal_actions()[0])
        state.apply(state.legal_actions()[-1])  # done
    assert state.over() and sum(state.returns()) == 0


def test_a_copy_names_every_field_of_the_hand() -> None:
    from reversis.games.romestecq.moves import HAND_FIELDS

    hand = _hand()
    if not hasattr(hand, "__dict__"):
        pytest.skip("the compiled engine's hand has no __dict__ to compare with")
    assert sorted(HAND_FIELDS) == sorted(vars(hand))
