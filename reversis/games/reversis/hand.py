"""One hand of reversis as an explicit state machine.

Phases: deal → exchange → tricks → settlement → done. Each action comes as a
triad (``verify_…`` raises with the rule broken, ``can_…`` answers a bool,
the action itself changes the state and returns a frozen event appended to
``events``). Payments go to a zero-sum :class:`~reversis.games.reversis.ledger.Ledger`.

The seats are numbered 0..n-1 in playing order; the seat after the dealer
(the eldest, *premier en cartes*) exchanges and leads first.

>>> from reversis.core.ruleset import load_ruleset
>>> import random
>>> hand = Hand.deal(load_ruleset("encyclopedie-1765"), dealer=0, rng=random.Random(1))
>>> hand.phase, hand.to_act
(<Phase.EXCHANGE: 'exchange'>, 1)
>>> while hand.phase is Phase.EXCHANGE:
...     _ = hand.exchange(hand.legal_discards()[0])
>>> while hand.phase is Phase.TRICKS:
...     _ = hand.play(hand.legal_plays()[0])
>>> hand.phase, len(hand.tricks), sum(hand.ledger.balances()) + hand.ledger.pool_change()
(<Phase.DONE: 'done'>, 11, 0)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from enum import Enum
from typing import Final

from reversis.core.cards import Card
from reversis.core.errors import IllegalDeclaration, IllegalExchange, IllegalPlay, ScenarioError
from reversis.core.roles import player, player_in_file
from reversis.core.ruleset import Ruleset
from reversis.games.reversis.deal import check_pack, shuffle_pack
from reversis.games.reversis.declarations import declare, open_declarations, verify_declare
from reversis.games.reversis.events import (
    Dealt,
    DeclarationLost,
    Declared,
    Event,
    Exchanged,
    Passed,
    Played,
    QuinolaFate,
    Revoked,
    TalonAwarded,
    Trick,
    TrickWon,
)
from reversis.games.reversis.exchange import discard_mask, may_decline, own_card, verify_exchange
from reversis.games.reversis.ledger import POOL, Bete, Ledger
from reversis.games.reversis.masks import SUIT_MASKS, cards_of
from reversis.games.reversis.params import Params, compile_params
from reversis.games.reversis.payments import trick_payments
from reversis.games.reversis.penalties import out_of_turn, revoke_penalty
from reversis.games.reversis.settlement import settle

__all__ = ["Bete", "Hand", "Phase"]


# The hot path builds its NamedTuple events and entries with ``tuple.__new__(Cls, (fields...))``,
# which gives the same objects as ``Cls(...)`` without the Python-level ``__new__`` of NamedTuple.
_new_event: Final = tuple.__new__
# ``map(_BIT.__lshift__, cards)`` gives each card's bit without a Python loop.
_BIT: Final = 1


class Phase(Enum):
    """The phases of a hand, in order."""

    DEAL = "deal"
    EXCHANGE = "exchange"
    TRICKS = "tricks"
    SETTLEMENT = "settlement"
    DONE = "done"


_TRICKS: Final = Phase.TRICKS


def _check_dealer(dealer: int, players: int) -> None:
    """Refuse a dealer who is not one of the seats, with a one-line ``ScenarioError``."""
    if not 0 <= dealer < players:
        raise ScenarioError(f"dealer {dealer} is not a seat (0..{players - 1})")


class Hand:
    """A hand in progress. Build it with :meth:`deal` (shuffled) or directly from given cards."""

    __slots__ = (
        "_leader",
        "_led",
        "_legal",
        "_offer",
        "_privileged",
        "_renouncer",
        "_specials",
        "_trick",
        "dealer",
        "declared",
        "eldest",
        "events",
        "forfeit",
        "hands",
        "ledger",
        "params",
        "phase",
        "players",
        "points",
        "pool_when_quinola_fell",
        "pool_winner",
        "quinola",
        "renounced",
        "reversis",
        "reversis_by",
        "rules",
        "talon",
        "talon_award",
        "to_act",
        "trick_no",
        "tricks",
        "tricks_won",
        "winner",
    )

    def __init__(
        self,
        rules: Ruleset,
        *,
        dealer: int,
        hands: Sequence[Iterable[Card]],
        talon: Sequence[Card],
        pool: int = 0,
        betes: Iterable[Bete] = (),
        params: Params | None = None,
        _dealt: bool = False,
    ) -> None:
        p = params if params is not None else compile_params(rules)
        self.rules = rules
        self.params = p
        n = self.players = p.players
        _check_dealer(dealer, n)
        self.dealer = dealer
        self.eldest = (dealer + 1) % n
        if len(hands) != n:
            raise ScenarioError(f"{len(hands)} hands given for {n} players (rule deal.misdeal)")
        self.hands = [sum(map(_BIT.__lshift__, h)) for h in hands]  # the bitmask of each hand
        self.talon = list(talon)
        self._offer = tuple(talon)  # the talon as dealt: its n-th card is offered to the n-th seat after the dealer
        if not _dealt:  # a deal made by ``Hand.deal`` is a whole pack by construction
            check_pack(rules, p, dealer=dealer, hands=hands, talon=self.talon)
        #: the payments, the pool and the bêtes owed to it
        self.ledger = Ledger(players=n, pool=pool, betes=betes, cites=rules.rule_cites)
        dealt = tuple([tuple(sorted(h)) for h in hands])
        self.events: list[Event] = [Dealt(dealer, dealt, tuple(self.talon))]
        self.tricks: list[Trick] = []
        self.tricks_won = [0] * n
        self.points = [0] * n
        #: what became of the quinola: placed, forced, given, led (set when it is played), or left in the talon
        self.quinola: QuinolaFate | None = None
        self.pool_winner: int | None = None
        #: the pool as it stood when the quinola was played (what a quinola placed takes, where it takes it at once)
        self.pool_when_quinola_fell = 0
        #: how the talon was awarded and paid, once the hand is settled (None if it was not paid)
        self.talon_award: TalonAwarded | None = None
        #: the talon's taker, or the maker of a reversis
        self.winner: int | None = None
        self.reversis: dict[str, int | bool | None] | None = None
        #: the declarations made, in order; the undertaker of a declared reversis
        self.declared: list[Declared] = []
        self.reversis_by: int | None = None
        self._renouncer = -1  # the seat of a privileged renouncer (the napolitana), or -1
        self._privileged = -1  # the renouncer while he may still renounce, or -1
        #: whether the renouncer used his right: played another suit while able to follow
        self.renounced = False
        #: the seats that revoked where a revoke forfeits what they collect in the hand
        self.forfeit: set[int] = set()
        # the trick in progress
        self.trick_no = 1
        self._trick: list[Card] = []
        # (position in the trick, card, its player's only card of the suit led) of each ace or quinola played
        self._specials: list[tuple[int, Card, bool]] = []
        self._legal = -1  # the legal-play mask of the player to act, once computed; -1 when not known
        self._leader = self.eldest
        self._led = -1
        self._stake()
        self.phase = Phase.EXCHANGE
        self.to_act = self.eldest
        if not (p.exchange or p.dealer_discards):
            self._start_tricks()
        elif not p.exchange:
            self.to_act = dealer

    # -- the pool, kept by the ledger -------------------------------------------------------

    @property
    def pool(self) -> int:
        """The chips in the pool now."""
        return self.ledger.pool

    @property
    def pool_before(self) -> int:
        """The chips in the pool when the hand was dealt, before any stake."""
        return self.ledger.pool_before

    @property
    def betes(self) -> list[Bete]:
        """The bêtes owed to the pool now, each (seat, amount, rule)."""
        return self.ledger.betes

    @property
    def betes_before(self) -> tuple[Bete, ...]:
        return self.ledger.betes_before

    @property
    def quinola_placed(self) -> tuple[int, int] | None:
        """(thrower, trick) of a quinola thrown en renonce, or None."""
        q = self.quinola
        if q is None or q.seat is None or q.trick is None or q.how != "placed":
            return None
        return q.seat, q.trick

    @property
    def quinola_forced(self) -> tuple[int, int] | None:
        """(holder, trick) of a quinola lost on hearts: forced, given by choice, or led; or None."""
        q = self.quinola
        if q is None or q.seat is None or q.trick is None or q.how == "placed":
            return None
        return q.seat, q.trick

    # -- the deal ---------------------------------------------------------------------------

    @classmethod
    def deal(
        cls,
        rules: Ruleset,
        *,
        dealer: int,
        rng: random.Random,
        pool: int = 0,
        betes: Iterable[Bete] = (),
        params: Params | None = None,
    ) -> Hand:
        """Shuffle and deal: packets of ``deal_packet`` from the eldest round to the dealer,
        the dealer's extra card(s) last, and the rest to the talon (rule ``deal``)."""
        p = params if params is not None else compile_params(rules)
        _check_dealer(dealer, p.players)
        pack = shuffle_pack(p.pack, rng)
        hands = [take(pack) for take in p.deal_order[dealer]]
        talon = pack[len(pack) - p.talon_size :]
        return cls(rules, dealer=dealer, hands=hands, talon=talon, pool=pool, betes=betes, params=p, _dealt=True)

    @property
    def talon_dealt(self) -> tuple[Card, ...]:
        """The talon as it was dealt, before the exchange."""
        return self._offer

    def card_name(self, card: Card) -> str:
        """A card's notation, or its code where it is no card of this pack (for error messages)."""
        try:
            return self.rules.pack.name(card)
        except (ValueError, IndexError):
            return f"card code {card!r}"

    def _stake(self) -> None:
        # A pool emptied (or, where the ruleset says so, run low: pool_renew_below) is filled before
        # the hand: by the biggest bête owed if any ("on ne paye les bêtes ... qu'après les avoir
        # levées"), else by a stake from everyone; then the dealer's payment for the deal, if any.
        ledger = self.ledger
        p = self.params
        if ledger.pool < p.pool_renew_below and ledger.betes:
            ledger.pay_next_bete(biggest_first=self.params.settle.betes_biggest_first, trick=None)
        if ledger.pool < p.pool_renew_below:  # still short (an empty pool, or one under a higher threshold)
            for seat in range(self.players):
                ledger.pay(seat, POOL, p.pool_stake, rule="pool.stake", trick=None)
        ledger.pay(self.dealer, POOL, p.pool_deal_payment, rule="pool.deal", trick=None)

    # -- the exchange -----------------------------------------------------------------------

    def verify_exchange(self, discard: Card | None, *, seat: int | None = None) -> None:
        """Raise ``IllegalExchange`` naming the rule if this exchange is not allowed (see :mod:`.exchange`)."""
        verify_exchange(self, discard, seat=seat)

    def can_exchange(self, discard: Card | None, *, seat: int | None = None) -> bool:
        try:
            self.verify_exchange(discard, seat=seat)
        except IllegalExchange:
            return False
        return True

    def legal_discards(self) -> list[Card | None]:
        """The cards the player to act may discard (``None``: decline, where allowed)."""
        if self.phase is not Phase.EXCHANGE:
            return []
        options: list[Card | None] = list(cards_of(discard_mask(self)))
        if may_decline(self):
            options.append(None)
        return options

    def exchange(self, discard: Card | None, *, seat: int | None = None) -> Event:
        """Discard ``discard`` under the talon and take its top card, or decline (``None``).

        The dealer takes no card, so the talon grows by one.
        """
        self.verify_exchange(discard, seat=seat)
        who = self.to_act
        event: Event
        own = own_card(self, who)
        if discard is None:
            offered = own if own is not None else (self.talon[0] if self.talon else None)
            event = Passed(who, offered if self.params.exchange_look else None)
        elif who == self.dealer:
            self.hands[who] &= ~(1 << discard)
            self.talon.append(discard)
            event = Exchanged(who, discard, None, "exchange.dealer-discard")
        else:
            took = self.talon.pop(0) if own is None else own
            if own is not None:
                self.talon.remove(own)
            self.hands[who] = self.hands[who] & ~(1 << discard) | 1 << took
            self.talon.append(discard)
            event = Exchanged(who, discard, took, "exchange.take")
        self.events.append(event)
        if who == self.dealer:
            self._start_tricks()
        else:
            self.to_act = (who + 1) % self.players
            if self.to_act == self.dealer and not self.params.dealer_discards:
                self._start_tricks()
        return event

    def _start_tricks(self) -> None:
        self.phase = Phase.TRICKS
        self.to_act = self._leader = self.eldest

    # -- the tricks -------------------------------------------------------------------------

    def _legal_mask(self) -> int:
        """The bitmask of the cards the player to act may play: the one statement of the playing rules."""
        p = self.params
        hand = self.hands[self.to_act]
        if self._trick:
            follow = hand & SUIT_MASKS[self._led]
            if self.to_act == self._privileged and self.trick_no <= p.renouncer_tricks:
                return hand  # a declared renouncer (the napolitana) may renounce in the first tricks
            if follow:
                # "on est obligé de donner une carte de la couleur qu'on joue"; there are no trumps
                return follow if p.follow_suit else hand
            # Void in the suit led: the quinola must be thrown in the first tricks
            # ("il l'est toujours dans les deux premiers tours"), or all hand long "au quinola forcé".
            if hand >> p.quinola & 1 and self.trick_no <= p.must_place_tricks:
                return 1 << p.quinola
            return hand
        # "Le premier en cartes doit toujours commencer par jouer du cœur s'il en a."
        if self.trick_no == 1 and p.first_lead_suit >= 0:
            first = hand & SUIT_MASKS[p.first_lead_suit]
            if first:
                return first
        return hand

    def verify_play(self, card: Card, *, seat: int | None = None) -> None:
        """Raise ``IllegalPlay`` naming the rule broken if ``card`` may not be played now."""
        if self.phase is not Phase.TRICKS:
            raise IllegalPlay(f"no play in the {self.phase.value} phase", rule="play.phase")
        who = self.to_act if seat is None else seat
        name = self.card_name
        if who != self.to_act:
            raise IllegalPlay(
                f"{player_in_file(who, self)} plays before his turn ({player(self.to_act, self)} is to play)",
                rule="play.turn",
            )
        hand = self.hands[who]
        if not hand >> card & 1:
            raise IllegalPlay(f"{player_in_file(who, self)} does not hold {name(card)}", rule="play.hold")
        if self._legal_mask() >> card & 1:
            return
        # Not among the legal plays: say which rule of ``_legal_mask`` excludes it.
        suits = self.rules.pack.suit_names
        if not self._trick:
            raise IllegalPlay(
                f"{name(card)}: the eldest hand must lead {suits[self.params.first_lead_suit]} to the first trick",
                rule="play.first-lead",
            )
        if hand & SUIT_MASKS[self._led]:
            raise IllegalPlay(
                f"{name(card)}: {player_in_file(who, self)} must follow {suits[self._led]} (a revoke)",
                rule="play.follow",
            )
        raise IllegalPlay(
            f"{name(card)}: the quinola must be thrown when void in the first {self.params.must_place_tricks} tricks",
            rule="quinola.must-place",
        )

    def can_play(self, card: Card, *, seat: int | None = None) -> bool:
        try:
            self.verify_play(card, seat=seat)
        except IllegalPlay:
            return False
        return True

    def legal_plays(self) -> list[Card]:
        """The cards the player to act may play, in card order."""
        if self.phase is not _TRICKS:
            return []
        self._legal = mask = self._legal_mask()  # kept for ``play`` until the next card is played
        return cards_of(mask)

    def play(self, card: Card, *, seat: int | None = None) -> Event:
        """Play ``card`` for the player to act (or for ``seat``, checked against the turn).

        With the option ``accept_illegal``, a revoke or a play out of turn is
        accepted and its penalty applied instead of being refused.
        """
        who = self.to_act
        if self.phase is _TRICKS and (seat is None or seat == who):
            legal = self._legal if self._legal >= 0 else self._legal_mask()
            if legal >> card & 1:
                # The usual case, kept in one function for speed: _play_revoked is its twin for a revoke.
                self._legal = -1
                hand = self.hands[who]
                trick = self._trick
                if not trick:
                    self._led = card >> 4
                    self._leader = who
                else:
                    if self.params.special >> card & 1:
                        # An ace or the quinola on the trick: note whether it was its player's only card
                        # of the suit led, which decides whether it was "forcé".
                        self._specials.append((len(trick), card, hand & SUIT_MASKS[self._led] == 1 << card))
                        if card == self.params.quinola:
                            self.pool_when_quinola_fell = self.ledger.pool
                    if who == self._privileged and card >> 4 != self._led and hand & SUIT_MASKS[self._led]:
                        self.renounced = True  # the renouncer uses his right
                self.hands[who] = hand ^ 1 << card
                trick.append(card)
                event = _new_event(Played, (who, card, self.trick_no, "play"))  # Played(...) without its __new__
                self.events.append(event)
                if len(trick) == self.players:
                    self._close_trick()
                else:
                    self.to_act = (who + 1) % self.players
                return event
        try:
            self.verify_play(card, seat=seat)
        except IllegalPlay as exc:
            if not self.params.pay.accept_illegal or exc.rule not in ("play.follow", "play.turn"):
                raise
            if exc.rule == "play.turn":
                return out_of_turn(self, card, seat if seat is not None else who)
            return self._play_revoked(card)
        raise AssertionError("verify_play accepted a card that _legal_mask refuses")  # pragma: no cover

    def _play_revoked(self, card: Card) -> Event:
        """An accepted revoke: the card is played, earns nothing (it is not thrown "en renonce"),
        and its player pays the penalty."""
        self._legal = -1
        who = self.to_act
        trick = self._trick
        if not trick:
            self._led = card >> 4
            self._leader = who
        self.hands[who] ^= 1 << card
        trick.append(card)
        event = Revoked(who, card, self.trick_no)
        revoke_penalty(self, who)
        self.events.append(event)
        if len(trick) == self.players:
            self._close_trick()
        else:
            self.to_act = (who + 1) % self.players
        return event

    def _close_trick(self) -> None:
        p = self.params
        n = self.players
        cards = self._trick
        leader, led, number = self._leader, self._led, self.trick_no
        # no trumps: the highest card of the suit led takes the trick
        best, best_at = cards[0], 0
        for i in range(1, n):
            card = cards[i]
            if card >> 4 == led and card > best:
                best, best_at = card, i
        winner = (leader + best_at) % n
        shown = tuple(cards)
        self.tricks.append(_new_event(Trick, (leader, shown, winner)))
        self.events.append(_new_event(TrickWon, (number, leader, shown, winner, "play.trick")))
        self.tricks_won[winner] += 1
        if winner == self._privileged:
            self._end_privilege(number)
        points = p.points
        total = 0
        for card in cards:
            total += points[card]
        self.points[winner] += total
        if self._specials or cards[0] == p.quinola:
            trick_payments(self, number=number, lead=cards[0], leader=leader, winner=winner, specials=self._specials)
            self._specials = []
        self._trick = []
        self._leader = winner
        self._led = -1
        if number == p.tricks:
            self._settle()
        else:
            self.trick_no = number + 1
            self.to_act = winner

    def _end_privilege(self, number: int) -> None:
        # "il ne peut plus renoncer ... il rentre dès ce moment dans la classe des autres" (espagnolette-19c:3)
        # (option renouncer_lost_effect privilege-ends): taking a trick ends the right to renounce.
        if self.params.settle.renouncer_lost_effect != "privilege-ends":
            return
        first = self.params.renouncer_tricks + 1 if self.params.settle.renouncer_lost_on == "last-tricks" else 1
        if number >= first:
            name = self.params.renouncer
            self._privileged = -1
            self.events.append(DeclarationLost(self._renouncer, name, number, f"{name}.lost"))

    def _settle(self) -> None:
        self.phase = Phase.SETTLEMENT
        settle(self)
        self.phase = Phase.DONE
        self.to_act = -1

    # -- declarations (see :mod:`reversis.games.reversis.declarations`) ---------------------------------------

    def verify_declare(self, seat: int, name: str) -> None:
        """Raise ``IllegalDeclaration`` naming the rule if ``seat`` may not declare ``name`` now."""
        verify_declare(self, seat, name)

    def can_declare(self, seat: int, name: str) -> bool:
        try:
            verify_declare(self, seat, name)
        except IllegalDeclaration:
            return False
        return True

    def legal_declarations(self) -> list[tuple[int, str]]:
        """The (seat, declaration) pairs that may be declared now."""
        return open_declarations(self) if self.phase is _TRICKS else []

    def declare(self, seat: int, name: str) -> Declared:
        """Declare ``name`` (a reversis undertaken, the napolitana) for ``seat``."""
        event = declare(self, seat, name)
        if name == self.params.renouncer:
            self._renouncer = self._privileged = seat
            self._legal = -1
        return event

    @property
    def declaration_due(self) -> bool:
        """Whether a declaration may fall due now: before the first card of a trick that has one."""
        return not self._trick and self.phase is _TRICKS and self.trick_no in self.params.declaration_moments

    @property
    def privilege_ended(self) -> bool:
        """Whether a declared renouncer's right to renounce was ended by a trick he took."""
        return self._renouncer >= 0 and self._privileged < 0

    @property
    def renouncer(self) -> int | None:
        """The seat of a declared privileged renouncer (the napolitana), or None."""
        return self._renouncer if self._renouncer >= 0 else None

    # -- views --------------------------------------------------------------------------------

    def holding(self, seat: int) -> list[Card]:
        """The cards a seat holds now."""
        return cards_of(self.hands[seat])

    @property
    def current_trick(self) -> list[Card]:
        """The cards of the trick in progress, from its leader."""
        return list(self._trick)

    @property
    def trick_leader(self) -> int:
        return self._leader

    @property
    def led_suit(self) -> int:
        """The suit led to the trick in progress, or -1 before the lead."""
        return self._led

    def __repr__(self) -> str:
        return f"<Hand {self.rules.id} dealer={self.dealer} phase={self.phase.value} trick={self.trick_no}>"
