"""The faults of articles 9 to 16 and 20, and what each costs.

Three kinds of cost: three marks against the offender's side (articles 9, 10, 11; with
``penalty_marks: chalked-on-offender`` three marks are chalked back on his side's row, with
``rubbed-by-opponents`` the other side rubs out three), the loss of the game (articles 12 to 16 and
20: the other side is credited with every mark it still had to rub out), or nothing (a card turned
on the dealer's own side, article 9).

Each fault is first checked by :meth:`Hand._fault`: without the option ``accept_illegal`` the act is
refused (``IllegalAction`` naming the rule), with it the act stands and is penalised here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from reversis.games.romestecq.hand import Hand

__all__ = ["DEAL_FAULTS", "LOSS", "THREE", "Fault", "lose_game", "three_marks"]

#: The marks of a three-mark fault, and the rule that orders them, by the refusal's rule.
THREE = {
    "deal.faced": "penalty.faced",
    "deal.faced-in-pack": "penalty.faced-in-pack",
    "deal.manner": "penalty.manner",
    "deal.six-cards": "penalty.six-cards",
    "play.turn": "penalty.out-of-turn",
}
#: The faults that lose the game, and the rule that orders the loss.
LOSS = {
    "play.follow": "penalty.revoke",
    "play.six-cards": "penalty.six-cards-played",
    "claim.false": "penalty.false-claim",
    "claim.overcount": "penalty.overcount",
    "claim.false-three": "penalty.false-three",
    "claim.calls": "penalty.calls",
}
#: The faults a scenario may name in ``faults``.
DEAL_FAULTS = ("faced", "faced-in-pack", "six-cards")


class Fault(NamedTuple):
    """A fault committed and penalised: the refusal's rule, the offender, the trick (None: the deal)."""

    rule: str
    seat: int
    trick: int | None
    penalty: str


def three_marks(hand: Hand, rule: str, seat: int, trick: int | None) -> None:
    """Three marks against the offender's side, read by ``penalty_marks``."""
    penalty = THREE[rule]
    side = hand.params.side_of(seat)
    if hand.params.penalty_marks == "rubbed-by-opponents":
        hand.marks.mark(1 - side, 3, rule=penalty, trick=trick, seat=seat)
    else:
        hand.marks.mark(side, -3, rule=penalty, trick=trick, seat=seat)
    hand.faults.append(Fault(rule, seat, trick, penalty))


def lose_game(hand: Hand, rule: str, seat: int, trick: int | None) -> None:
    """The offender's side loses the game: the other side rubs out every mark it had left."""
    penalty = LOSS[rule]
    other = 1 - hand.params.side_of(seat)
    hand.marks.mark(other, max(0, hand.marks.left[other]), rule=penalty, trick=trick, seat=seat)
    hand.faults.append(Fault(rule, seat, trick, penalty))
    hand.end_game(other, penalty)
