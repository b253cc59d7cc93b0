"""One hand of reversis as an explicit state machine.

Phases: deal → exchange → tricks → settlement → done. Each action comes as a
triad (``verify_…`` raises with the rule broken, ``can_…`` answers a bool,
the action itself changes the state and returns a frozen event appended to
``events``). Payments go to a zero-sum :class:`~reversis.ledger.Ledger`.

The seats are numbered 0..n-1 in playing order; the seat after the dealer
(the eldest, *premier en cartes*) exchanges and leads first.

>>> from reversis.ruleset import load_ruleset
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
import sys
from array import array
from collections.abc import Iterable, Sequence
from enum import Enum

from reversis.cards import Card
from reversis.errors import IllegalExchange, IllegalPlay, ScenarioError
from reversis.events import (
    Dealt,
    Event,
    Exchanged,
    OutOfTurn,
    Passed,
    Played,
    Revoked,
    Trick,
    TrickWon,
)
from reversis.ledger import POOL, Ledger
from reversis.params import SUIT_MASKS, Params, compile_params
from reversis.ruleset import Ruleset

__all__ = ["Bete", "Hand", "Phase", "shuffle_pack"]


# The hot path builds its NamedTuple events and entries with ``tuple.__new__(Cls, (fields...))``,
# which gives the same objects as ``Cls(...)`` without the Python-level ``__new__`` of NamedTuple.
_new_event = tuple.__new__
# ``map(_BIT.__lshift__, cards)`` gives each card's bit without a Python loop.
_BIT = 1


class Phase(Enum):
    """The phases of a hand, in order."""

    DEAL = "deal"
    EXCHANGE = "exchange"
    TRICKS = "tricks"
    SETTLEMENT = "settlement"
    DONE = "done"


_TRICKS = Phase.TRICKS

Bete = tuple[int, int, str]
"""A *bête* owed to the pool: (seat, amount, rule)."""


# The cards of each suit's 13 rank bits (ranks 2..14), for every pattern of those bits.
_SUIT_CARDS = tuple(
    tuple(tuple(suit << 4 | rank for rank in range(2, 15) if bits >> (rank - 2) & 1) for bits in range(1 << 13))
    for suit in range(4)
)


def _cards(mask: int) -> list[Card]:
    """The cards of a bitmask, in card order."""
    s0, s1, s2, s3 = _SUIT_CARDS
    return [
        *s0[mask >> 2 & 0x1FFF],
        *s1[mask >> 18 & 0x1FFF],
        *s2[mask >> 34 & 0x1FFF],
        *s3[mask >> 50 & 0x1FFF],
    ]


def shuffle_pack(cards: Iterable[Card], rng: random.Random) -> list[Card]:
    """The cards in a random order, sorted on a random 64-bit key each (as fair as ``shuffle``, and faster).

    The keys are the little-endian words of one ``getrandbits`` call, so the order is the same
    on every machine and Python version for the same generator state.
    """
    pack = list(cards)
    keys = array("Q", rng.getrandbits(64 * len(pack)).to_bytes(8 * len(pack), "little"))
    if sys.byteorder == "big":
        keys.byteswap()
    return [card for _, card in sorted(zip(keys, pack, strict=True))]


class Hand:
    """A hand in progress. Build it with :meth:`deal` (shuffled) or directly from given cards."""

    __slots__ = (
        "_cites",
        "_leader",
        "_led",
        "_legal",
        "_specials",
        "_trick",
        "betes",
        "betes_before",
        "dealer",
        "eldest",
        "events",
        "hands",
        "ledger",
        "params",
        "phase",
        "players",
        "points",
        "pool",
        "pool_before",
        "pool_winner",
        "quinola_forced",
        "quinola_placed",
        "reversis",
        "rules",
        "talon",
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
        if not 0 <= dealer < n:
            raise ScenarioError(f"dealer {dealer} is not a seat (0..{n - 1})")
        self.dealer = dealer
        self.eldest = (dealer + 1) % n
        self._cites = rules.rule_cites
        if len(hands) != n:
            raise ScenarioError(f"{len(hands)} hands given for {n} players (rule deal.misdeal)")
        self.hands = [sum(map(_BIT.__lshift__, h)) for h in hands]  # the bitmask of each hand
        self.talon = list(talon)
        if not _dealt:  # a deal made by ``Hand.deal`` is a whole pack by construction
            self._check_pack(hands)
        self.ledger = Ledger(players=n)
        self.pool_before = pool
        self.pool = pool
        self.betes: list[Bete] = list(betes)
        self.betes_before = tuple(self.betes)
        self.events: list[Event] = [Dealt(dealer, tuple(tuple(sorted(h)) for h in hands), tuple(self.talon))]
        self.tricks: list[Trick] = []
        self.tricks_won = [0] * n
        self.points = [0] * n
        self.quinola_placed: tuple[int, int] | None = None  # (thrower, trick)
        self.quinola_forced: tuple[int, int] | None = None  # (holder, trick)
        self.pool_winner: int | None = None
        self.winner: int | None = None
        self.reversis: dict[str, int | bool | None] | None = None
        # the trick in progress
        self.trick_no = 1
        self._trick: list[Card] = []
        # (position in the trick, card, its player's only card of the suit led) of each ace or quinola played
        self._specials: list[tuple[int, Card, bool]] = []
        self._legal = -1  # the legal-play mask of the player to act, once computed; -1 when not known
        self._leader = self.eldest
        self._led = -1
        self._stake_empty_pool()
        self.phase = Phase.EXCHANGE
        self.to_act = self.eldest
        if not (p.exchange or p.dealer_discards):
            self._start_tricks()
        elif not p.exchange:
            self.to_act = dealer

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
        pack = shuffle_pack(p.pack, rng)
        hands = [list(take(pack)) for take in p.deal_order[dealer]]
        talon = pack[len(pack) - p.talon_size :]
        return cls(rules, dealer=dealer, hands=hands, talon=talon, pool=pool, betes=betes, params=p, _dealt=True)

    def _check_pack(self, hands: Sequence[Iterable[Card]]) -> None:
        # "Si le jeu n'est pas complet ... l'on doit refaire": a deal that is not exactly the pack is void.
        p = self.params
        name = self._name
        seen: dict[Card, str] = {}
        for seat, cards in enumerate([*hands, self.talon]):
            where = "the talon" if seat == len(hands) else f"hand {seat}"
            for card in cards:
                if card in seen:
                    raise ScenarioError(
                        f"card {name(card)} is dealt twice ({seen[card]} and {where}); "
                        "rule deal.misdeal orders a redeal"
                    )
                seen[card] = where
        for seat, cards in enumerate(hands):
            want = p.hand_size + (p.dealer_extra if seat == self.dealer else 0)
            if len(list(cards)) != want:
                raise ScenarioError(
                    f"hand {seat} has {len(list(cards))} cards, expected {want}; rule deal.misdeal orders a redeal"
                )
        if len(self.talon) != p.talon_size:
            raise ScenarioError(f"the talon has {len(self.talon)} cards, expected {p.talon_size} (rule deal.misdeal)")
        missing = set(p.pack) - seen.keys()
        extra = seen.keys() - set(p.pack)
        if extra:
            card = min(extra)
            raise ScenarioError(f"card {name(card)} is not in this ruleset's pack; rule deal.misdeal orders a redeal")
        if missing:
            raise ScenarioError(f"the pack is incomplete: {', '.join(self.rules.pack.names(sorted(missing)))} missing")

    def _pay(self, payer: int | str, payee: int | str, amount: int, rule: str, trick: int | None = None) -> None:
        """Record a payment in the ledger, with the paragraphs its rule cites, and keep the pool's total."""
        self.ledger.pay(payer, payee, amount, rule=rule, trick=trick, cites=self._cites.get(rule, ()))
        if payee == POOL:
            self.pool += amount
        elif payer == POOL:
            self.pool -= amount

    def _name(self, card: Card) -> str:
        """A card's notation, or its code where it is no card of this pack (for error messages)."""
        try:
            return self.rules.pack.name(card)
        except (ValueError, IndexError):
            return f"card code {card!r}"

    def _stake_empty_pool(self) -> None:
        # An empty pool is filled before the hand: by the biggest bête owed if any
        # ("on ne paye les bêtes ... qu'après les avoir levées"), else by a stake from everyone.
        if self.pool:
            return
        if self.betes:
            self._pay_next_bete()
            return
        for seat in range(self.players):
            self._pay(seat, POOL, self.rules.settings["pool_stake"], "pool.stake")

    def _pay_next_bete(self) -> None:
        index = max(range(len(self.betes)), key=lambda i: self.betes[i][1]) if self.rules["betes_biggest_first"] else 0
        seat, amount, _ = self.betes.pop(index)
        self._pay(seat, POOL, amount, "bete.pay")

    # -- the exchange -----------------------------------------------------------------------

    def _discard_mask(self) -> int:
        """The bitmask of the cards the player to act may discard: the one statement of the discard rules."""
        p = self.params
        hand = self.hands[self.to_act]
        if p.discard_hearts:
            return hand
        # "personne n'en peut écarter" [de cœur], except a king or queen of hearts held alone, which
        # cannot force the quinola ("ne pouvant faire une redouble pour forcer le quinola").
        hearts = hand & SUIT_MASKS[p.quinola_suit]
        if p.heart_discard_exception and hearts & hearts - 1 == 0 and hearts & p.guard_courts:
            return hand
        return hand & ~hearts

    def _may_decline(self) -> bool:
        # "Celui qui mêle ... n'en prend jamais au talon. Mais il est obligé d'y mettre ... celle de ses cartes"
        return not (self.to_act == self.dealer and self.params.dealer_discards)

    def verify_exchange(self, discard: Card | None, *, seat: int | None = None) -> None:
        """Raise ``IllegalExchange`` naming the rule if this exchange is not allowed."""
        if self.phase is not Phase.EXCHANGE:
            raise IllegalExchange(f"no exchange in the {self.phase.value} phase", rule="exchange")
        who = self.to_act if seat is None else seat
        if who != self.to_act:
            raise IllegalExchange(
                f"seat {who} exchanges out of turn (seat {self.to_act} is to exchange)", rule="exchange.order"
            )
        if discard is None:
            if not self._may_decline():
                raise IllegalExchange("the dealer must discard a card", rule="exchange.dealer-discard")
            return
        name = self._name
        if not self.hands[who] >> discard & 1:
            raise IllegalExchange(f"seat {who} does not hold {name(discard)}", rule="exchange.hold")
        if not self._discard_mask() >> discard & 1:
            raise IllegalExchange(
                f"{name(discard)} may not be discarded: no heart may be discarded "
                "(except a king or queen of hearts held alone)",
                rule="exchange.no-hearts",
            )

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
        options: list[Card | None] = list(_cards(self._discard_mask()))
        if self._may_decline():
            options.append(None)
        return options

    def exchange(self, discard: Card | None, *, seat: int | None = None) -> Event:
        """Discard ``discard`` under the talon and take its top card, or decline (``None``).

        The dealer takes no card, so the talon grows by one.
        """
        self.verify_exchange(discard, seat=seat)
        who = self.to_act
        event: Event
        if discard is None:
            seen = self.talon[0] if self.params.exchange_look and self.talon else None
            event = Passed(who, seen)
        elif who == self.dealer:
            self.hands[who] &= ~(1 << discard)
            self.talon.append(discard)
            event = Exchanged(who, discard, None, "exchange.dealer-discard")
        else:
            took = self.talon.pop(0)
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
        name = self._name
        if who != self.to_act:
            raise IllegalPlay(f"seat {who} plays before his turn (seat {self.to_act} is to play)", rule="play.turn")
        hand = self.hands[who]
        if not hand >> card & 1:
            raise IllegalPlay(f"seat {who} does not hold {name(card)}", rule="play.hold")
        if self._legal_mask() >> card & 1:
            return
        # Not among the legal plays: say which rule of ``_legal_mask`` excludes it.
        suits = self.rules.pack.suit_names
        if not self._trick:
            raise IllegalPlay(
                f"{name(card)}: the eldest must lead {suits[self.params.first_lead_suit]} to the first trick",
                rule="play.first-lead",
            )
        if hand & SUIT_MASKS[self._led]:
            raise IllegalPlay(f"{name(card)}: seat {who} must follow {suits[self._led]} (a revoke)", rule="play.follow")
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
        return _cards(mask)

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
                elif self.params.special >> card & 1:
                    # An ace or the quinola on the trick: note whether it was its player's only card
                    # of the suit led, which decides whether it was "forcé".
                    self._specials.append((len(trick), card, hand & SUIT_MASKS[self._led] == 1 << card))
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
            if not self.rules["accept_illegal"] or exc.rule not in ("play.follow", "play.turn"):
                raise
            if exc.rule == "play.turn":
                return self._out_of_turn(card, seat if seat is not None else who)
            return self._play_revoked(card)
        raise AssertionError("verify_play accepted a card that _legal_mask refuses")  # pragma: no cover

    def _out_of_turn(self, card: Card, seat: int) -> Event:
        # "On ne doit point jouer avant son tour, sous peine de payer un jetton à tous les joueurs."
        if not self.hands[seat] >> card & 1:
            raise IllegalPlay(f"seat {seat} does not hold {self._name(card)}", rule="play.hold")
        for other in range(self.players):
            if other != seat:
                self._pay(seat, other, self.rules["out_of_turn_fine"], "penalty.out-of-turn", self.trick_no)
        event = OutOfTurn(seat, card, self.trick_no)
        self.events.append(event)
        return event

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
        self._revoke_penalty(who)
        self.events.append(event)
        if len(trick) == self.players:
            self._close_trick()
        else:
            self.to_act = (who + 1) % self.players
        return event

    def _revoke_penalty(self, seat: int) -> None:
        # "Celui qui renonce, fait la bête, ou paye une autre amende": a revoke's bête is paid
        # at once into the pool ("les bêtes de renonce ... se payent avec la poule").
        amount = self.pool if self.rules["revoke_penalty"] == "bete" else self.rules["revoke_fine"]
        self._pay(seat, POOL, amount, "penalty.revoke", self.trick_no)

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
        points = p.points
        total = 0
        for card in cards:
            total += points[card]
        self.points[winner] += total
        if self._specials or cards[0] == p.quinola:
            factor = (p.first_trick_factor if number == 1 else 1) * (p.last_trick_factor if number == p.tricks else 1)
            for i, card, alone in self._specials:
                seat = (leader + i) % n
                if card == p.quinola:
                    self._quinola_played(seat, led, winner, leader, factor, alone=alone)
                elif card >> 4 != led:
                    # "Quand on jette un as en renonce sur une autre couleur, on gagne de celui qui leve."
                    self._pay(winner, seat, p.ace_values[card] * factor, "ace.placed", number)
                elif alone and p.ace_forced_pays:
                    # "Un joueur qui est forcé de lâcher l'as de la couleur jouée, paye à celui qui l'y force."
                    self._pay(seat, leader, p.ace_values[card] * factor, "ace.forced", number)
            # an ace led earns and costs nothing ("le joueur qui doit commencer ... ne gagne ni ne perd rien")
            if cards[0] == p.quinola:
                self._quinola_led(leader, number, factor)
            self._specials = []
        self._trick = []
        self._leader = winner
        self._led = -1
        if number == p.tricks:
            self._settle()
        else:
            self.trick_no = number + 1
            self.to_act = winner

    def _quinola_played(self, seat: int, led: int, winner: int, leader: int, factor: int, *, alone: bool) -> None:
        rules = self.rules
        number = self.trick_no
        if led != self.params.quinola_suit:
            # "Lorsque le valet de cœur ou le quinola est jetté en renonce, celui qui s'en défait, gagne le jeu";
            # the pool is taken at settlement, where a reversis may cancel it.
            self.quinola_placed = (seat, number)
            self._pay(winner, seat, rules["quinola_placed_trick_payment"] * factor, "quinola.placed.trick", number)
            for other in range(self.players):
                if other != seat:
                    self._pay(other, seat, rules["quinola_placed_each_payment"] * factor, "quinola.placed.each", number)
            return
        # "Celui qui est forcé de donner le quinola sur du cœur ... fait la bête de ce qu'il y a sur le jeu."
        self.quinola_forced = (seat, number)
        if rules["quinola_forced_bete"]:
            self.betes.append((seat, self.pool, "quinola.forced.bete"))
        if alone:
            # "Celui qui fait partir le quinola, gagne à celui qui le lâche, quatre jettons ..., & un à chaque joueur"
            self._pay(seat, leader, rules["quinola_forced_payment"] * factor, "quinola.forced.forcer", number)
            self._pay_each(seat, number, factor, skip=-1 if rules["quinola_forced_each_includes_forcer"] else leader)

    def _quinola_led(self, seat: int, number: int, factor: int) -> None:
        # "... ou qui le joue lui-même, n'ayant pu le jetter en renonce, fait la bête"
        self.quinola_forced = (seat, number)
        if self.rules["quinola_forced_bete"]:
            self.betes.append((seat, self.pool, "quinola.led.bete"))
        if self.rules["quinola_led_pays_forcer"]:
            self._pay_each(seat, number, factor, skip=-1)

    def _pay_each(self, seat: int, number: int, factor: int, *, skip: int) -> None:
        amount = self.rules["quinola_forced_each_payment"] * factor
        for other in range(self.players):
            if other not in (seat, skip):
                self._pay(seat, other, amount, "quinola.forced.each", number)

    def _settle(self) -> None:
        from reversis.settlement import settle

        self.phase = Phase.SETTLEMENT
        settle(self)
        self.phase = Phase.DONE
        self.to_act = -1

    # -- views --------------------------------------------------------------------------------

    def holding(self, seat: int) -> list[Card]:
        """The cards a seat holds now."""
        return _cards(self.hands[seat])

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
