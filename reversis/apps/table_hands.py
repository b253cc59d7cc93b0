"""The two games at the table (:mod:`reversis.apps.table`): a hand that the reader plays one step at a
time, from one seat, while the bots play the others.

Each game's hand is its own state machine (:mod:`reversis.games.reversis.hand`,
:mod:`reversis.games.romestecq.hand`); here each is driven alike: :meth:`offers` says what the
reader may do now, :meth:`act` applies his move (the hand's own checks refuse a move against the
rules, with the rule it breaks, and leave the hand as it was), :meth:`step` makes one move of a bot,
and :meth:`news` gives what happened since it was last asked, each an :class:`Item` that
:mod:`reversis.apps.table` puts into words.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from reversis.apps.strong import DEFAULT_BUDGET, Strong
from reversis.core.cards import Card
from reversis.core.errors import IllegalAction, IllegalDeclaration, ScenarioError
from reversis.core.moves import Action as Move
from reversis.core.roles import ROLES
from reversis.core.ruleset import Ruleset
from reversis.games.reversis import bots as reversis_bots
from reversis.games.reversis import events as ev
from reversis.games.reversis.hand import Bete
from reversis.games.reversis.hand import Hand as ReversisHand
from reversis.games.reversis.hand import Phase as ReversisPhase
from reversis.games.reversis.moves import resumed
from reversis.games.romestecq import bots as romestecq_bots
from reversis.games.romestecq.hand import Hand as RomestecqHand
from reversis.games.romestecq.hand import Phase as RomestecqPhase
from reversis.games.romestecq.hand import deal_cards
from reversis.games.romestecq.params import compile_params as romestecq_params
from reversis.games.romestecq.sitting import MANNERS

__all__ = ["AT_TABLE", "Carry", "Item", "ReversisAtTable", "RomestecqAtTable", "Seat", "check_seat"]

#: An action of the reader, as the page sends it: ``{"do": "play", "card": "7H"}`` and the like.
Action = dict[str, Any]


@dataclass(frozen=True)
class Item:
    """One thing that happened: ``kind`` (play, trick, payment, marks, exchange, declare, claim, note),
    the seats it names, the card, the amount, and the engine rule that ordered it."""

    kind: str
    seat: int | None = None
    other: int | str | None = None  # the payee of a payment, the taker of a trick
    card: Card | None = None
    amount: int = 0
    rule: str = ""
    trick: int | None = None
    name: str = ""  # a declaration's or combination's name, a call
    cites: tuple[str, ...] = ()


@dataclass(frozen=True)
class Seat:
    """What the table shows of one seat: the cards left in the hand, the tricks taken, and the score
    (Reversis: the chips won or lost in the hand so far; Romestecq: the marks its side has still to
    rub out, ``side`` its side)."""

    cards: int
    tricks: int
    score: int
    side: int | None = None


@dataclass
class Carry:
    """What a hand leaves to the next of a sitting: the pool and the bêtes (Reversis), the marks still
    to rub out and each dealer's manner of dealing (Romestecq)."""

    pool: int = 0
    betes: list[Bete] = field(default_factory=list)
    marks: tuple[int, int] | None = None
    manners: dict[int, tuple[int, ...]] = field(default_factory=dict)


class ReversisAtTable:
    """A hand of Reversis (the Encyclopédie's, the espagnolette, the revesino) at the table."""

    def __init__(
        self,
        rules: Ruleset,
        *,
        dealer: int,
        reader: int,
        rng: random.Random,
        bot: str,
        carry: Carry,
        budget: int = DEFAULT_BUDGET,
    ):
        self.hand = ReversisHand.deal(rules, dealer=dealer, rng=rng, pool=carry.pool, betes=carry.betes)
        self.reader, self.rng = reader, rng
        # the strong player chooses the others' discards and cards, on what each of them knows; the
        # declarations are the bots' common policy (the table asks them itself)
        self.strong = Strong(budget=budget) if bot == "strong" else None
        self.bot = reversis_bots.get_bot("cautious" if self.strong else bot)
        self._asked: set[int] = set()  # the tricks before which the reader answered the declarations
        self._bots_declared: set[int] = set()
        self._events = self._entries = 0

    @property
    def done(self) -> bool:
        return self.hand.phase is ReversisPhase.DONE

    #: a hand of Reversis never ends the sitting
    game_over = False

    def carry(self) -> Carry:
        return Carry(pool=self.hand.pool, betes=list(self.hand.betes))

    def side(self, side: int) -> list[int]:
        return [side]  # every player for himself

    def holding(self) -> list[Card]:
        return self.hand.holding(self.reader)

    def current(self) -> list[tuple[int, Card]]:
        h = self.hand
        return [((h.trick_leader + i) % h.players, c) for i, c in enumerate(h.current_trick)]

    def to_act(self) -> int | None:
        """The seat whose turn it is (None once the hand is over)."""
        return None if self.done else self.hand.to_act

    def seat(self, seat: int) -> Seat:
        """What the table shows of a seat: its cards left, its tricks, the chips it has won or lost."""
        h = self.hand
        return Seat(cards=len(h.holding(seat)), tricks=h.tricks_won[seat], score=h.ledger.balances()[seat])

    def centre(self) -> list[tuple[str, int]]:
        """What lies in the middle of the table besides the trick: the pool, the talon."""
        return [("pool", self.hand.pool), ("talon", len(self.hand.talon))]

    def _open_declarations(self) -> list[str]:
        h = self.hand
        if not h.declaration_due or h.trick_no in self._asked:
            return []
        return [name for seat, name in h.legal_declarations() if seat == self.reader]

    def waiting(self) -> bool:
        """Whether the hand waits for the reader."""
        h = self.hand
        if h.phase is ReversisPhase.EXCHANGE:
            return h.to_act == self.reader
        return h.phase is ReversisPhase.TRICKS and (bool(self._open_declarations()) or h.to_act == self.reader)

    def offers(self) -> list[Action]:
        """What the reader may do now (nothing where the hand does not wait for him)."""
        h = self.hand
        if not self.waiting():
            return []
        if h.phase is ReversisPhase.EXCHANGE:
            return [
                {"do": "exchange", "discard": None if c is None else h.rules.pack.name(c)} for c in h.legal_discards()
            ]
        declarations = self._open_declarations()
        if declarations:
            return [{"do": "declare", "name": name} for name in declarations] + [{"do": "decline"}]
        return [{"do": "play", "card": h.rules.pack.name(c)} for c in h.legal_plays()]

    def act(self, action: Action, card: Card | None) -> None:
        """The reader's move, refused with ``IllegalAction`` (the hand unchanged) where the rules forbid it."""
        h, do = self.hand, action["do"]
        if do == "exchange":
            h.exchange(card, seat=self.reader)
        elif do == "declare":
            if h.phase is not ReversisPhase.TRICKS:
                raise IllegalDeclaration("no declaration is made in the exchange", rule="declare")
            h.declare(self.reader, str(action.get("name")))
            self._asked.add(h.trick_no)
        elif do == "decline":
            if not self._open_declarations():
                raise IllegalDeclaration("there is no declaration to decline now", rule="declare")
            self._asked.add(h.trick_no)
        elif do == "play":
            assert card is not None
            try:
                h.verify_play(card, seat=self.reader)
            except IllegalAction as exc:  # a revoke or a card out of turn stands where accept_illegal says so
                if not h.rules["accept_illegal"] or exc.rule not in ("play.follow", "play.turn"):
                    raise
            self._asked.add(h.trick_no)  # a card played answers the declarations: none
            self._declare_for_bots()
            h.play(card, seat=self.reader)
        else:
            raise IllegalAction(f"{do!r} is no move of this game", rule="play")

    def _declare_for_bots(self) -> None:
        h = self.hand
        if h.declaration_due and h.trick_no not in self._bots_declared:
            self._bots_declared.add(h.trick_no)
            for seat, name in reversis_bots.bot_declarations(h):
                if seat != self.reader and h.can_declare(seat, name):
                    h.declare(seat, name)

    def step(self) -> None:
        """One move of a bot (the hand does not wait for the reader)."""
        h = self.hand
        if h.phase is ReversisPhase.EXCHANGE:
            h.exchange(self._searched().card if self.strong else self.bot.exchange(h, self.rng))
            return
        self._declare_for_bots()
        if h.to_act != self.reader:
            chosen = self._searched().card if self.strong else self.bot.play(h, self.rng)
            assert chosen is not None
            h.play(chosen)

    def _searched(self) -> Move:
        """The strong player's move for the seat to act, on a copy of the hand."""
        assert self.strong is not None
        return self.strong(resumed(self.hand, asked=True, copy=True), self.rng)

    def news(self) -> list[Item]:
        """What happened since the last call: the hand's events, then the payments."""
        h = self.hand
        items: list[Item] = []
        for event in h.events[self._events :]:
            items += _reversis_item(event, self.reader)
        for entry in h.ledger.entries[self._entries :]:
            payee = entry.payee
            items.append(Item("payment", None if isinstance(entry.payer, str) else entry.payer, payee, None,
                              entry.amount, entry.rule, entry.trick, "", entry.cites))  # fmt: skip
        self._events, self._entries = len(h.events), len(h.ledger.entries)
        return items


def _reversis_item(event: ev.Event, reader: int) -> list[Item]:
    if isinstance(event, ev.Played | ev.Revoked):
        return [Item("play", event.seat, card=event.card, rule=event.rule, trick=event.trick)]
    if isinstance(event, ev.TrickWon):
        return [Item("trick", event.winner, rule=event.rule, trick=event.trick)]
    if isinstance(event, ev.Exchanged):
        shown = event.discard if event.seat == reader else None
        return [Item("exchange", event.seat, event.took if event.seat == reader else None, shown, rule=event.rule)]
    if isinstance(event, ev.Passed):
        return [Item("pass", event.seat, rule=event.rule)]
    if isinstance(event, ev.Declared | ev.DeclarationLost):
        kind = "declare" if isinstance(event, ev.Declared) else "lost"
        return [Item(kind, event.seat, name=event.name, rule=event.rule, trick=event.trick)]
    if isinstance(event, ev.BeteOwed):
        return [Item("bete", event.seat, amount=event.amount, rule=event.rule, trick=event.trick)]
    if isinstance(event, ev.OutOfTurn):
        return [Item("out-of-turn", event.seat, card=event.card, rule=event.rule, trick=event.trick)]
    return []


class RomestecqAtTable:
    """A hand of Romestecq at the table: the tricks with their calls, then the claims from the eldest."""

    def __init__(
        self,
        rules: Ruleset,
        *,
        dealer: int,
        reader: int,
        rng: random.Random,
        bot: str,
        carry: Carry,
        budget: int = DEFAULT_BUDGET,
    ):
        if bot not in romestecq_bots.BOTS:
            raise ScenarioError(
                f"the {bot} player does not sit at a table of Romestecq yet (its players: cautious, random)"
            )
        p = romestecq_params(rules)
        before = carry.manners.get(dealer)
        manner = before or MANNERS[rng.randrange(len(MANNERS))]
        self.manners = {**carry.manners, dealer: manner}
        cards = deal_cards(p, dealer=dealer, rng=rng, manner=manner)
        self.hand = RomestecqHand(
            rules, dealer=dealer, hands=cards, manner=manner, dealt_before=before, marks_before=carry.marks, rng=rng
        )
        self.reader, self.rng, self.bot = reader, rng, romestecq_bots.get_bot(bot)
        self._order = romestecq_bots.seats_from_eldest(self.hand)
        self._claiming = 0  # the place, from the eldest, of the seat counting its combinations
        self._played = self._marks = self._claims = 0

    @property
    def done(self) -> bool:
        return self.hand.phase is RomestecqPhase.DONE

    @property
    def game_over(self) -> bool:
        """Whether a side has won the game in this hand (the sitting ends)."""
        return self.hand.winner is not None

    def side(self, side: int) -> list[int]:
        return self.hand.params.seats_of(side)

    def carry(self) -> Carry:
        left = self.hand.marks.left
        return Carry(marks=(left[0], left[1]), manners=self.manners)

    def holding(self) -> list[Card]:
        return sorted(self.hand.hands[self.reader])

    def current(self) -> list[tuple[int, Card]]:
        return list(self.hand.current)

    def to_act(self) -> int | None:
        h = self.hand
        if h.phase is RomestecqPhase.TRICKS:
            return h.to_act
        return self._order[self._claiming] if h.phase is RomestecqPhase.CLAIMS else None

    def seat(self, seat: int) -> Seat:
        """A seat's cards left, its tricks, and the marks its side has still to rub out."""
        h = self.hand
        side = next(s for s in (0, 1) if seat in h.params.seats_of(s))
        tricks = sum(1 for t in h.tricks if t.winner == seat)
        return Seat(cards=len(h.hands[seat]), tricks=tricks, score=h.marks.left[side], side=side)

    def centre(self) -> list[tuple[str, int]]:
        return [("stock", len(self.hand.talon))]

    def waiting(self) -> bool:
        h = self.hand
        if h.phase is RomestecqPhase.TRICKS:
            return h.to_act == self.reader
        return h.phase is RomestecqPhase.CLAIMS and self._order[self._claiming] == self.reader

    def offers(self) -> list[Action]:
        h = self.hand
        if not self.waiting():
            return []
        name = h.rules.pack.name
        if h.phase is RomestecqPhase.TRICKS:
            out: list[Action] = []
            for card in h.legal_plays():
                call = h.due_call(self.reader, card)
                if call:
                    out.append({"do": "play", "card": name(card), "call": call})
                out.append({"do": "play", "card": name(card)})
            return out
        # the combinations he may count without fault (its calls said), each as often as he holds it
        counted = [c.name for c in h.claims if c.seat == self.reader]
        held = h.due_claims(self.reader)
        for done in counted:
            if done in held:
                held.remove(done)
        return [{"do": "claim", "combination": c} for c in dict.fromkeys(held)] + [{"do": "claims-done"}]

    def act(self, action: Action, card: Card | None) -> None:
        h, do = self.hand, action["do"]
        if do == "play":
            assert card is not None
            call = action.get("call")
            h.play(card, seat=self.reader, call=call if isinstance(call, str) and call else None)
        elif do == "claim":
            if h.phase is not RomestecqPhase.CLAIMS:
                raise IllegalAction("combinations are counted after the last trick", rule="claim.phase")
            h.claim(self.reader, str(action.get("combination")))
        elif do == "claims-done":
            if not self.waiting() or h.phase is not RomestecqPhase.CLAIMS:
                raise IllegalAction("combinations are counted after the last trick", rule="claim.phase")
            self._next_claimer()
        else:
            raise IllegalAction(f"{do!r} is no move of this game", rule="play")

    def _next_claimer(self) -> None:
        self._claiming += 1
        if self._claiming == len(self._order):
            self.hand.finish()

    def step(self) -> None:
        h = self.hand
        if h.phase is RomestecqPhase.TRICKS:
            card, call = self.bot.play(h, self.rng)
            h.play(card, call=call)
        elif h.phase is RomestecqPhase.CLAIMS:
            seat = self._order[self._claiming]
            for combination in h.due_claims(seat):
                if h.phase is RomestecqPhase.CLAIMS:
                    h.claim(seat, combination)
            if h.phase is RomestecqPhase.CLAIMS:
                self._next_claimer()

    def news(self) -> list[Item]:
        h = self.hand
        items: list[Item] = []
        for pl in h.played[self._played :]:
            kind = "out-of-turn" if pl.out_of_turn else "play"
            items.append(Item(kind, pl.seat, card=pl.card, trick=pl.trick, name=pl.call or ""))
            if (
                not pl.out_of_turn
                and len(h.tricks) >= pl.trick
                and h.tricks[pl.trick - 1].cards[-1] == (pl.seat, pl.card)
            ):
                items.append(Item("trick", h.tricks[pl.trick - 1].winner, rule="play.trick", trick=pl.trick))
        for claim in h.claims[self._claims :]:
            items.append(Item("claim", claim.seat, name=claim.name, amount=claim.marks, rule=claim.rule))
        for entry in h.marks.entries[self._marks :]:
            items.append(
                Item("marks", entry.seat, entry.side, None, entry.marks, entry.rule, entry.trick, "", entry.cites)
            )
        self._played, self._claims, self._marks = len(h.played), len(h.claims), len(h.marks.entries)
        return items


def check_seat(place: object, players: int) -> int:
    """The reader's place from the dealer (0 the dealer, 1 the eldest hand…), checked."""
    if not isinstance(place, int) or isinstance(place, bool) or not 0 <= place < len(ROLES):
        raise ScenarioError(f"{place!r} is not a place at the table (0 the dealer, 1 the eldest hand…)")
    if place >= players:
        raise ScenarioError(f"There is no {ROLES[place]} at a table of {players} players: choose another seat")
    return place


#: The table's hand of each game, by the game's name.
AT_TABLE: dict[str, type[ReversisAtTable] | type[RomestecqAtTable]] = {
    "reversis": ReversisAtTable,
    "romestecq": RomestecqAtTable,
}
