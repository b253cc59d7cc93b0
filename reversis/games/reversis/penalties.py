"""The penalties of a play the rules forbid, where a scenario accepts it (option ``accept_illegal``):
a play out of turn, and a revoke. :class:`~reversis.games.reversis.hand.Hand` plays the card; these pay for it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from reversis.core.cards import Card
from reversis.core.errors import IllegalPlay
from reversis.core.roles import player_in_file
from reversis.games.reversis.events import Event, OutOfTurn
from reversis.games.reversis.ledger import POOL

if TYPE_CHECKING:
    from reversis.games.reversis.hand import Hand

__all__ = ["out_of_turn", "revoke_penalty"]


def out_of_turn(hand: Hand, card: Card, seat: int) -> Event:
    """A card played before its turn: its player pays the fine, and the card goes back to his hand."""
    # "On ne doit point jouer avant son tour, sous peine de payer un jetton à tous les joueurs."
    if not hand.hands[seat] >> card & 1:
        raise IllegalPlay(f"{player_in_file(seat, hand)} does not hold {hand.card_name(card)}", rule="play.hold")
    for other in range(hand.players):
        if other != seat:
            hand.ledger.pay(
                seat, other, hand.params.pay.out_of_turn_fine, rule="penalty.out-of-turn", trick=hand.trick_no
            )
    event = OutOfTurn(seat, card, hand.trick_no)
    hand.events.append(event)
    return event


def revoke_penalty(hand: Hand, seat: int) -> None:
    """What a revoke costs: the bête, or the agreed fine, paid at once into the pool."""
    # "Celui qui renonce, fait la bête, ou paye une autre amende": a revoke's bête is paid
    # at once into the pool ("les bêtes de renonce qui se payent avec une autre ou avec la poule").
    if seat == hand.renouncer and hand.params.pay.renouncer_revoke_exempt:
        return  # "excepto el que juegue napolitana" (revesino-es:64): in whatever trick
    amount = hand.pool if hand.params.pay.revoke_penalty == "bete" else hand.params.pay.revoke_fine
    hand.ledger.pay(seat, POOL, amount, rule="penalty.revoke", trick=hand.trick_no)
    if hand.params.pay.revoke_forfeits:
        # "no tendrá derecho a cobrar ninguno": what he collects in the hand is given back at its end
        hand.forfeit.add(seat)
