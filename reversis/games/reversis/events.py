"""The frozen events a hand records, one per action, each carrying its engine rule id."""

from __future__ import annotations

from typing import NamedTuple

from reversis.core.cards import Card

__all__ = [
    "BeteOwed",
    "Dealt",
    "DeclarationLost",
    "Declared",
    "Event",
    "Exchanged",
    "OutOfTurn",
    "Passed",
    "Played",
    "PoolWon",
    "QuinolaCancelled",
    "QuinolaFate",
    "Revoked",
    "Settled",
    "TalonAwarded",
    "Trick",
    "TrickWon",
]


class Dealt(NamedTuple):
    """The cards were dealt (or given by a scenario)."""

    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    talon: tuple[Card, ...]
    rule: str = "deal"


class Exchanged(NamedTuple):
    """A player discarded a card under the talon and took ``took`` (``None`` for the dealer)."""

    seat: int
    discard: Card
    took: Card | None
    rule: str


class Passed(NamedTuple):
    """A player declined the exchange; ``seen`` is the card he looked at, if he may look."""

    seat: int
    seen: Card | None
    rule: str = "exchange.pass"


class Played(NamedTuple):
    """A card played to a trick (``trick`` counts from 1)."""

    seat: int
    card: Card
    trick: int
    rule: str = "play"


class Revoked(NamedTuple):
    """An accepted revoke: a card of another suit played while able to follow."""

    seat: int
    card: Card
    trick: int
    rule: str = "penalty.revoke"


class OutOfTurn(NamedTuple):
    """An accepted play before one's turn: fined, and the card taken back."""

    seat: int
    card: Card
    trick: int
    rule: str = "penalty.out-of-turn"


class Trick(NamedTuple):
    """A finished trick: its leader, its cards in playing order from the leader, its winner."""

    leader: int
    cards: tuple[Card, ...]
    winner: int


class TrickWon(NamedTuple):
    """A trick was completed and taken."""

    trick: int
    leader: int
    cards: tuple[Card, ...]
    winner: int
    rule: str = "play.trick"


class QuinolaFate(NamedTuple):
    """What became of the quinola: ``how`` is ``placed`` (thrown on another suit), ``forced``
    (its holder's only card of the suit led, hearts), ``given`` (played on hearts by choice),
    ``led`` (led by its holder), or ``talon`` (never played: it lay in the talon)."""

    how: str
    seat: int | None
    trick: int | None
    rule: str


class BeteOwed(NamedTuple):
    """A player makes the bête: he owes the pool ``amount``, paid in later (``trick`` counts from 1)."""

    seat: int
    amount: int
    trick: int
    rule: str


class PoolWon(NamedTuple):
    """The pool was taken by ``seat``."""

    seat: int
    amount: int
    rule: str


class QuinolaCancelled(NamedTuple):
    """A reversis deprived a quinola thrown en renonce of its rights (the pool)."""

    seat: int
    by: int
    rule: str = "reversis.cancels-quinola"


class TalonAwarded(NamedTuple):
    """The talon's value went to ``seat``: how it was decided, and who paid.

    ``decided_by`` is the first criterion of the ruleset's talon ranking on which
    ``seat`` beat the runner-up (``runner_up``); ``payers`` are the seats that paid
    ``value`` each, chosen by the reading ``payer_reading``.
    """

    seat: int
    value: int
    decided_by: str
    runner_up: int | None
    payers: tuple[int, ...]
    payer_reading: str
    rule: str = "talon.pay"


class Declared(NamedTuple):
    """A player declared ``name`` (a reversis undertaken, or a privileged renouncer such as the
    napolitana) before the first card of trick ``trick``."""

    seat: int
    name: str
    trick: int
    rule: str


class DeclarationLost(NamedTuple):
    """A privileged renouncer lost his declaration by taking trick ``trick``."""

    seat: int
    name: str
    trick: int
    rule: str


class Settled(NamedTuple):
    """The hand was settled: its winner (who takes the talon) and the reversis, if any."""

    winner: int | None
    reversis_by: int | None
    reversis_made: bool
    rule: str = "settlement"


Event = (
    Dealt
    | Exchanged
    | Passed
    | Played
    | Revoked
    | OutOfTurn
    | TrickWon
    | QuinolaFate
    | BeteOwed
    | PoolWon
    | QuinolaCancelled
    | Declared
    | DeclarationLost
    | TalonAwarded
    | Settled
)
