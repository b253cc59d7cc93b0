"""Bots for Romestecq: deterministic given a ``random.Random``, each saying the calls its cards need.

``random`` plays any legal card. ``cautious`` keeps its aces and kings from being grugé: following
suit it takes the trick with its lowest winning card unless a partner already holds it, and then
plays low; void, it throws its lowest card that is neither ace nor king; leading, it leads its
highest card.

>>> from reversis.core.ruleset import load_ruleset
>>> from reversis.games.romestecq.hand import Hand, deal_cards
>>> from reversis.games.romestecq.params import compile_params
>>> import random
>>> rules = load_ruleset("romestecq"); rng = random.Random(3)
>>> hand = Hand(rules, dealer=0, hands=deal_cards(compile_params(rules), dealer=0, rng=rng, manner=(2, 3)))
>>> play_out(hand, get_bot("cautious"), rng)
>>> hand.phase.value, len(hand.tricks)
('done', 5)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from reversis.core.cards import ACE, KING, Card, card_rank, card_suit
from reversis.core.chance import draw
from reversis.games.romestecq.hand import Hand, Phase

__all__ = ["BOTS", "Bot", "get_bot", "play_out"]


@dataclass(frozen=True)
class Bot:
    name: str
    choose: Callable[[Hand, random.Random], Card]

    def play(self, hand: Hand, rng: random.Random) -> tuple[Card, str | None]:
        """The card to play and the call it needs."""
        card = self.choose(hand, rng)
        return card, hand.due_call(hand.to_act, card)


def _random(hand: Hand, rng: random.Random) -> Card:
    legal = hand.legal_plays()
    return legal[draw(rng, len(legal))]  # what rng.choice(legal) draws


def _cautious(hand: Hand, rng: random.Random) -> Card:
    legal = hand.legal_plays()  # sorted: suit, then rank upwards
    if not hand.current:
        return max(legal, key=card_rank)
    led = card_suit(hand.current[0][1])
    if card_suit(legal[0]) != led:  # void: keep the aces and kings from being grugé
        plain = [c for c in legal if card_rank(c) not in (ACE, KING)]
        return min(plain or legal, key=card_rank)
    best_seat, best = max(((s, c) for s, c in hand.current if card_suit(c) == led), key=lambda sc: card_rank(sc[1]))
    if hand.params.partners(best_seat, hand.to_act):
        return legal[0]
    winning = [c for c in legal if card_rank(c) > card_rank(best)]
    return winning[0] if winning else legal[0]


BOTS = {"cautious": Bot("cautious", _cautious), "random": Bot("random", _random)}


def get_bot(name: str) -> Bot:
    return BOTS[name]


def play_out(hand: Hand, bot: Bot, rng: random.Random) -> None:
    """Play a hand to its end: every card by the bot, then every seat counts what is due to it."""
    while hand.phase is Phase.TRICKS:
        card, call = bot.play(hand, rng)
        hand.play(card, call=call)
    if hand.phase is Phase.CLAIMS:
        for seat in seats_from_eldest(hand):
            for name in hand.due_claims(seat):
                hand.claim(seat, name)
        hand.finish()


def seats_from_eldest(hand: Hand) -> list[int]:
    return [(hand.dealer + 1 + i) % hand.players for i in range(hand.players)]
