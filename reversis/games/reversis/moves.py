"""A hand of Reversis move by move: :class:`ReversisState` is the game's
:class:`reversis.core.moves.State`, over the hand's own state machine
(:class:`~reversis.games.reversis.hand.Hand`), whose checks refuse a move against the rules.

The moves, in the order of the hand: in the exchange, the seat to act discards a card under the
talon (``discard``) or keeps his cards (``keep``, where he may); before the first card of a trick at
which a declaration may be made (the napolitana before the first lead, a reversis undertaken after
the first tricks), each seat that may make one is asked in turn from the trick's leader, and
declares (``declare``, with its name) or passes (``pass``); then the seat to play plays a card
(``play``). Every seat is asked before the first lead where the ruleset has a privileged renouncer
(whether a hand qualifies is hidden), and only the taker of every trick so far before a reversis
undertaken (that is seen by all).

The action codes, stable for a ruleset (``N`` is the number of cards in its pack, each card
numbered by its place in the pack in card order, from 0):

- ``0 … N-1``: play the card;
- ``N … 2N-1``: discard the card ``code - N``;
- ``2N``: keep (decline the exchange);
- ``2N + 1 + k``: declare the ruleset's ``k``-th declaration (the renouncer's first, then the
  reversis undertaken, as :func:`~reversis.games.reversis.declarations.declaration_names` lists);
- ``2N + 1 + d`` (``d`` the number of declarations): pass.

With the option ``accept_illegal``, a card played against the duty to follow suit stands and is
fined, as the engine has it; it is never among the legal actions. The returns are the chips each
player won or lost in the hand, the pool held in common: its change is shared equally among the
players, and a bête is counted against its maker when he makes it (as ``reversis compare``
counts a hand), so that they sum to zero.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Self

from reversis.core.cards import Card
from reversis.core.chance import shuffle
from reversis.core.errors import IllegalAction, IllegalDeclaration, IllegalPlay
from reversis.core.hidden import AtLeast, deal_hidden
from reversis.core.moves import Action, Happened, Knowledge
from reversis.core.roles import player
from reversis.core.ruleset import Ruleset
from reversis.games.reversis import events as ev
from reversis.games.reversis.bots import bot_declarations, get_bot
from reversis.games.reversis.declarations import declaration_names, moment
from reversis.games.reversis.hand import Hand, Phase
from reversis.games.reversis.ledger import Ledger
from reversis.games.reversis.params import Params

__all__ = ["RETURNS_MEANING", "ReversisState", "action_count", "hand_returns", "happenings", "policy", "resumed"]

RETURNS_MEANING = (
    "the chips each player won or lost in the hand, the pool held in common (its change shared equally "
    "among the players) and a bête counted against its maker when he makes it; they sum to zero"
)

#: The talon as a place of :func:`reversis.core.hidden.deal_hidden` (the seats are 0, 1, …).
TALON = -1


class Codes:
    """The action codes of a ruleset (see the module's docstring)."""

    def __init__(self, p: Params) -> None:
        self.cards: tuple[Card, ...] = tuple(sorted(p.pack))
        self.index = {card: i for i, card in enumerate(self.cards)}
        n = len(self.cards)
        self.discard, self.keep, self.declare = n, 2 * n, 2 * n + 1
        self.names = declaration_names(p)
        self.passing = self.declare + len(self.names)
        self.count = self.passing + 1


def action_count(p: Params) -> int:
    """The size of the action space of a ruleset (its compiled parameters)."""
    return Codes(p).count


class ReversisState:
    """A hand of Reversis in progress, move by move (:class:`reversis.core.moves.State`)."""

    def __init__(self, hand: Hand, *, chance: random.Random | None = None) -> None:
        self.hand = hand
        #: the generator that dealt the hand, where it was dealt from a seed (the batch path's bots go on with it)
        self.chance = chance
        #: the action codes of the ruleset
        self.codes = Codes(hand.params)
        self._asking: list[int] = []  # the seats still to be asked to declare or pass, the next first
        self._asked: set[int] = set()  # the tricks before which the seats were asked
        self._history: list[Action] = []
        self._seen = self._dealt = (len(hand.events), len(hand.ledger.entries))
        self._sync()

    # -- the protocol ---------------------------------------------------------------------------

    @property
    def rules(self) -> Ruleset:
        return self.hand.rules

    @property
    def players(self) -> int:
        return self.hand.players

    @property
    def dealer(self) -> int:
        return self.hand.dealer

    def to_act(self) -> int | None:
        if self.hand.phase is Phase.DONE:
            return None
        return self._asking[0] if self._asking else self.hand.to_act

    def over(self) -> bool:
        return self.hand.phase is Phase.DONE

    def legal_actions(self) -> list[Action]:
        h, c = self.hand, self.codes
        if h.phase is Phase.DONE:
            return []
        if self._asking:
            seat = self._asking[0]
            mine = {name for who, name in h.legal_declarations() if who == seat}
            out = [self._declare(seat, name) for name in c.names if name in mine]
            return [*out, Action("pass", seat, c.passing)]
        seat = h.to_act
        if h.phase is Phase.EXCHANGE:
            discards = h.legal_discards()
            out = [Action("discard", seat, c.discard + c.index[d], d) for d in discards if d is not None]
            return [*out, Action("keep", seat, c.keep)] if None in discards else out
        return [Action("play", seat, c.index[card], card) for card in h.legal_plays()]

    def action(self, code: int) -> Action:
        for action in self.legal_actions():
            if action.code == code:
                return action
        self._refuse(code)  # raises, with the engine's reason where it has one
        raise AssertionError("unreachable")  # pragma: no cover

    def apply(self, action: Action | int) -> list[Happened]:
        h, c = self.hand, self.codes
        chosen = self._checked(action)
        kind = chosen.kind
        if kind == "play":
            assert chosen.card is not None
            event = h.play(chosen.card)
            if isinstance(event, ev.Revoked):
                chosen = Action("play", chosen.seat, chosen.code, chosen.card, "revoke")
        elif kind == "discard":
            h.exchange(chosen.card)
        elif kind == "keep":
            h.exchange(None)
        elif kind == "declare":
            h.declare(chosen.seat, chosen.name)
            self._asking.pop(0)
        else:  # pass
            assert chosen.code == c.passing
            self._asking.pop(0)
        self._history.append(chosen)
        self._sync()
        return self._news()

    def returns(self) -> list[float]:
        h = self.hand
        return hand_returns(h) if h.phase is Phase.DONE else [0.0] * h.players

    def knows(self, seat: int) -> Knowledge:
        h = self.hand
        seen: list[Card] = []
        for event in h.events:
            if isinstance(event, ev.Exchanged) and event.seat == seat and event.took is not None:
                seen.append(event.took)
            elif isinstance(event, ev.Passed) and event.seat == seat and event.seen is not None:
                seen.append(event.seen)
        history = tuple(
            Action("discard", a.seat, -1) if a.kind == "discard" and a.seat != seat else a for a in self._history
        )
        voids, _ = _deductions(h.params, self.codes, history, h.players, h.eldest)
        return Knowledge(seat, tuple(h.holding(seat)), tuple(seen), history, tuple(map(frozenset, voids)))

    def copy(self) -> Self:
        other = self.__class__.__new__(self.__class__)
        other.hand = _copy_hand(self.hand)
        other.chance = None
        other.codes = self.codes
        other._asking = list(self._asking)
        other._asked = set(self._asked)
        other._history = list(self._history)
        other._seen, other._dealt = self._seen, self._dealt
        return other

    def resample(self, seat: int, rng: random.Random) -> Self:
        knowledge = self.knows(seat)
        other = self.copy()
        _redeal(other.hand, knowledge, self.codes, rng)
        return other

    def history(self) -> Sequence[Action]:
        return tuple(self._history)

    def opening(self) -> list[Happened]:
        events, entries = self._dealt
        return _told(self.hand, (0, 0), (events, entries))

    def play_out(self, bot: str, rng: random.Random) -> list[float]:
        state = self.copy()
        choose = policy(bot)
        while state._asking:
            state.apply(choose(state, rng))
        player_ = get_bot(bot)
        h = state.hand
        declares = bool(h.params.renouncer or h.params.reversis_declaration)
        while h.phase is Phase.EXCHANGE:
            h.exchange(player_.exchange(h, rng))
        while h.phase is Phase.TRICKS:
            if declares and h.declaration_due and h.trick_no not in state._asked:
                state._asked.add(h.trick_no)
                for who, name in bot_declarations(h):
                    h.declare(who, name)
            h.play(player_.play(h, rng))
        return state.returns()

    # -- inside ----------------------------------------------------------------------------------

    def _declare(self, seat: int, name: str) -> Action:
        return Action("declare", seat, self.codes.declare + self.codes.names.index(name), None, name)

    def _sync(self) -> None:
        """Open the asking of the declarations where a trick that has one begins; drop the seats that
        can no longer declare anything (a declaration of each kind is made once)."""
        h = self.hand
        if h.phase is not Phase.TRICKS or not h.declaration_due:
            return
        if h.trick_no not in self._asked:
            self._asked.add(h.trick_no)
            self._asking = [(h.to_act + k) % h.players for k in range(h.players)]
        while self._asking and not self._may_declare(self._asking[0]):
            self._asking.pop(0)

    def _may_declare(self, seat: int) -> bool:
        """Whether ``seat`` may declare something now, as every player sees it (a renouncer's cards aside)."""
        h = self.hand
        p = h.params
        for name in self.codes.names:
            if moment(p, name) != h.trick_no or any(e.name == name for e in h.declared):
                continue
            if name == p.renouncer or h.tricks_won[seat] == h.trick_no - 1:
                return True
        return False

    def _code(self, action: Action) -> int:
        """An action's code, or, where it is -1, the code of its kind and card or name (-1 if none)."""
        c = self.codes
        if action.code >= 0:
            return action.code
        card = action.card
        if action.kind in ("play", "discard") and card in c.index:
            return c.index[card] + (c.discard if action.kind == "discard" else 0)
        if action.kind == "declare" and action.name in c.names:
            return c.declare + c.names.index(action.name)
        return {"keep": c.keep, "pass": c.passing}.get(action.kind, -1)

    def _checked(self, action: Action | int) -> Action:
        """The action to make, or ``IllegalAction`` with the engine's reason (the hand unchanged)."""
        code = action if isinstance(action, int) else self._code(action)
        for legal in self.legal_actions():
            if legal.code == code and (isinstance(action, int) or legal == replace(action, code=code)):
                return legal
        h, c = self.hand, self.codes
        seat = self.to_act()
        if not isinstance(action, int) and seat is not None and action.seat != seat:
            if action.kind == "play" and action.card is not None and not self._asking:
                h.verify_play(action.card, seat=action.seat)  # the engine's refusal, with its rule
            mover, due = player(action.seat, self.hand), player(seat, self.hand)
            raise IllegalAction(f"{mover} moves out of turn ({due} is to act)", rule="play.turn")
        if 0 <= code < c.discard and not self._asking and h.phase is Phase.TRICKS and h.params.pay.accept_illegal:
            card = c.cards[code]
            try:
                h.verify_play(card)
            except IllegalPlay as exc:
                if exc.rule == "play.follow":
                    return Action("play", h.to_act, code, card)  # a revoke, which stands and is fined
        self._refuse(code)
        raise AssertionError("unreachable")  # pragma: no cover

    def _refuse(self, code: int) -> None:
        """Raise the engine's ``IllegalAction`` for a code that is not legal now."""
        h, c = self.hand, self.codes
        seat = self.to_act()
        if seat is None:
            raise IllegalAction("the hand is over", rule="play.phase")
        if not 0 <= code < c.count:
            raise IllegalAction(f"{code} is no action code of this ruleset (0..{c.count - 1})", rule="play")
        if self._asking and code < c.declare:
            raise IllegalDeclaration(f"{player(seat, h)} is asked to declare or pass", rule="declare")
        if code < c.discard:
            h.verify_play(c.cards[code])
        elif code < c.keep:
            h.verify_exchange(c.cards[code - c.discard])
        elif code == c.keep:
            h.verify_exchange(None)
        elif code < c.passing:
            h.verify_declare(seat, c.names[code - c.declare])
        raise IllegalDeclaration(f"{player(seat, h)} has no declaration to make or pass now", rule="declare")

    def _news(self) -> list[Happened]:
        """What happened since the last move: the hand's events, then the payments."""
        h = self.hand
        out = _told(h, self._seen, (len(h.events), len(h.ledger.entries)))
        self._seen = (len(h.events), len(h.ledger.entries))
        return out


def _told(hand: Hand, start: tuple[int, int], stop: tuple[int, int]) -> list[Happened]:
    """The hand's events from ``start[0]`` to ``stop[0]``, then its payments from ``start[1]`` to ``stop[1]``."""
    out: list[Happened] = []
    for event in hand.events[start[0] : stop[0]]:
        out += _happened(event)
    for e in hand.ledger.entries[start[1] : stop[1]]:
        payer = None if isinstance(e.payer, str) else e.payer
        out.append(Happened("payment", payer, e.payee, None, e.amount, e.rule, e.trick, "", e.cites))
    return out


def happenings(hand: Hand) -> list[Happened]:
    """Everything that happened in a hand, in the order it happened, as its moves told it: the hand
    dealt again as it was (its cards, its pool and its bêtes) and each of its moves made again, each
    move followed by what it set off (the trick taken, each payment, at the card that made it); the
    stakes first, the settlement after the last card. What the hand paid, it must pay again.

    >>> from reversis.games import play_file
    >>> _, hand = play_file("examples/encyclopedie-1765/out-of-turn.yaml")
    >>> told = happenings(hand)
    >>> [(h.kind, h.seat, h.rule) for h in told[7:11]]  # the fine at the card played before its turn
    [('exchange', 0, 'exchange.dealer-discard'), ('out-of-turn', 3, 'penalty.out-of-turn'), \
('payment', 3, 'penalty.out-of-turn'), ('payment', 3, 'penalty.out-of-turn')]
    """
    dealt = next(event for event in hand.events if isinstance(event, ev.Dealt))
    again = Hand(hand.rules, dealer=hand.dealer, hands=dealt.hands, talon=dealt.talon, pool=hand.pool_before,
                 betes=hand.betes_before, params=hand.params)  # fmt: skip
    out: list[Happened] = []
    seen = (0, 0)
    for event in hand.events:
        if isinstance(event, ev.Exchanged):
            again.exchange(event.discard, seat=event.seat)
        elif isinstance(event, ev.Passed):
            again.exchange(None, seat=event.seat)
        elif isinstance(event, ev.Declared):
            again.declare(event.seat, event.name)
        elif isinstance(event, ev.Played | ev.Revoked | ev.OutOfTurn):
            again.play(event.card, seat=event.seat)
        elif not isinstance(event, ev.Dealt):
            continue
        now = (len(again.events), len(again.ledger.entries))
        out += _told(again, seen, now)
        seen = now
    if list(again.ledger.entries) != list(hand.ledger.entries):
        raise ValueError("the hand made again does not pay what the hand paid")
    return out


def hand_returns(hand: Hand) -> list[float]:
    """Each seat's returns in a finished hand (see the module's docstring)."""
    ledger = hand.ledger
    balances = [float(b) for b in ledger.balances()]
    pool = float(ledger.pool_change())
    for betes, sign in ((ledger.betes, 1), (ledger.betes_before, -1)):
        for seat, amount, _ in betes:
            balances[seat] -= sign * amount
            pool += sign * amount
    share = pool / hand.players
    return [b + share for b in balances]


def _happened(event: ev.Event) -> list[Happened]:
    if isinstance(event, ev.Played | ev.Revoked):
        name = "revoke" if isinstance(event, ev.Revoked) else ""  # as the move's action names it
        return [Happened("play", event.seat, card=event.card, rule=event.rule, trick=event.trick, name=name)]
    if isinstance(event, ev.TrickWon):
        return [Happened("trick", event.winner, rule=event.rule, trick=event.trick)]
    if isinstance(event, ev.Exchanged):
        return [Happened("exchange", event.seat, event.took, event.discard, rule=event.rule, hidden=True)]
    if isinstance(event, ev.Passed):
        return [Happened("pass", event.seat, card=event.seen, rule=event.rule, hidden=True)]
    if isinstance(event, ev.Declared | ev.DeclarationLost):
        kind = "declare" if isinstance(event, ev.Declared) else "lost"
        return [Happened(kind, event.seat, name=event.name, rule=event.rule, trick=event.trick)]
    if isinstance(event, ev.BeteOwed):
        return [Happened("bete", event.seat, amount=event.amount, rule=event.rule, trick=event.trick)]
    if isinstance(event, ev.OutOfTurn):
        return [Happened("out-of-turn", event.seat, card=event.card, rule=event.rule, trick=event.trick)]
    return []


#: Every field of a hand (``Hand.__slots__``, named here: the compiled engine's class has no
#: ``__slots__`` to read; a test holds the two alike).
HAND_FIELDS = (
    "_leader", "_led", "_legal", "_offer", "_privileged", "_renouncer", "_specials", "_trick", "dealer", "declared",
    "eldest", "events", "forfeit", "hands", "ledger", "params", "phase", "players", "points", "pool_when_quinola_fell",
    "pool_winner", "quinola", "renounced", "reversis", "reversis_by", "rules", "talon", "talon_award", "to_act",
    "trick_no", "tricks", "tricks_won", "winner",
)  # fmt: skip


def _copy_hand(hand: Hand) -> Hand:
    """A copy of a hand that plays on independently (its rules and compiled parameters shared). It is
    built by the hand's constructor, which the compiled engine allows, then given every field."""
    other = Hand(hand.rules, dealer=hand.dealer, hands=[()] * hand.players, talon=(), params=hand.params, _dealt=True)
    for name in HAND_FIELDS:
        value = getattr(hand, name)
        if isinstance(value, list | set | dict):
            value = value.copy()
        setattr(other, name, value)
    ledger = hand.ledger
    other.ledger = copied = Ledger(players=ledger.players, pool=ledger.pool_before, betes=ledger.betes_before,
                                   cites=ledger._cites)  # fmt: skip
    copied.entries, copied.pool, copied.betes = list(ledger.entries), ledger.pool, list(ledger.betes)
    return other


def _deductions(
    p: Params, codes: Codes, history: Sequence[Action], players: int, eldest: int
) -> tuple[list[set[int]], list[set[Card]]]:
    """What every player can tell of the seats' cards from the moves alone: for each seat, the suits
    it has shown it holds no more (a suit led that it did not follow, beyond a renouncer's right; the
    first lead's suit that the eldest did not lead), and the cards it cannot hold (the quinola, for a
    seat void in the suit led in the tricks where it must be thrown, that did not throw it)."""
    voids: list[set[int]] = [set() for _ in range(players)]
    lacks: list[set[Card]] = [set() for _ in range(players)]
    privileged = -1
    trick: list[Card] = []
    leader = eldest
    number = 1
    quinola_out = False
    for action in history:
        if action.kind == "declare" and action.name == p.renouncer:
            privileged = action.seat
        if action.kind != "play" or action.card is None:
            continue
        card, seat = action.card, action.seat
        if not trick:
            leader = seat
            if number == 1 and p.first_lead_suit >= 0 and card >> 4 != p.first_lead_suit:
                voids[seat].add(p.first_lead_suit)
        elif card >> 4 != trick[0] >> 4 and action.name != "revoke":
            renouncing = seat == privileged and number <= p.renouncer_tricks
            if not renouncing:
                voids[seat].add(trick[0] >> 4)
                if number <= p.must_place_tricks and card != p.quinola and not quinola_out:
                    lacks[seat].add(p.quinola)
        quinola_out = quinola_out or card == p.quinola
        trick.append(card)
        if len(trick) == players:
            best = max((c, i) for i, c in enumerate(trick) if c >> 4 == trick[0] >> 4)[1]
            winner = (leader + best) % players
            if winner == privileged and p.settle.renouncer_lost_effect == "privilege-ends":
                first = p.renouncer_tricks + 1 if p.settle.renouncer_lost_on == "last-tricks" else 1
                if number >= first:
                    privileged = -1
            trick, number = [], number + 1
    return voids, lacks


def _redeal(hand: Hand, knowledge: Knowledge, codes: Codes, rng: random.Random) -> None:
    """Deal again, in ``hand`` (a copy), the cards that ``knowledge``'s player cannot see, as he knows them."""
    p = hand.params
    me = knowledge.seat
    played = {a.card for a in knowledge.history if a.kind == "play" and a.card is not None}
    mine = set(knowledge.holding)
    mine_out = {a.card for a in knowledge.history if a.kind == "discard" and a.seat == me and a.card is not None}
    # a card he saw or put in the talon lies where the moves took it (in the talon, or with the seat
    # that took it from there): every player can follow the talon's cards from place to place
    known = (set(knowledge.talon_seen) | mine_out) - mine - played
    where = {card: TALON for card in known}
    for event in hand.events:
        if isinstance(event, ev.Exchanged) and event.took in known:
            where[event.took] = event.seat
    hidden = [card for card in codes.cards if card not in mine and card not in played and card not in known]
    sizes = {seat: hand.hands[seat].bit_count() for seat in range(hand.players) if seat != me}
    sizes[TALON] = len(hand.talon)
    for place in where.values():
        sizes[place] -= 1
    voids, lacks = _deductions(p, codes, knowledge.history, hand.players, hand.eldest)

    def allowed(card: Card, place: int) -> bool:
        return place == TALON or (card >> 4 not in voids[place] and card not in lacks[place])

    renouncer = next((a.seat for a in knowledge.history if a.kind == "declare" and a.name == p.renouncer), None)
    needs = None
    if renouncer is not None and renouncer != me:
        # he held enough of the renouncer's cards when he declared: those he holds now (the cards of
        # the talon he took among them) and those he played since (all after the exchange)
        seen = {a.card for a in knowledge.history if a.kind == "play" and a.seat == renouncer and a.card is not None}
        seen |= {card for card, s in where.items() if s == renouncer}
        count = p.renouncer_at_least - sum(1 for card in seen if p.renouncer_cards >> card & 1)
        if count > 0:  # more than he has shown
            qualifying = frozenset(card for card in hidden if p.renouncer_cards >> card & 1)
            needs = AtLeast(place=renouncer, cards=qualifying, count=count)
    dealt = deal_hidden(hidden, sizes, allowed, rng, at_least=needs)
    for seat in sizes:
        if seat != TALON:
            hand.hands[seat] = sum(1 << card for card in dealt[seat]) | sum(
                1 << card for card, s in where.items() if s == seat
            )
    unseen = list(dealt[TALON])
    shuffle(rng, unseen)  # the talon's unseen cards in a random order: the next to exchange takes any of them
    fresh = iter(unseen)
    renamed = {card: card if card in known else next(fresh) for card in hand.talon}
    hand.talon = [renamed[card] for card in hand.talon]
    hand._offer = tuple(renamed.get(card, card) for card in hand._offer)  # each seat's own card of the talon
    hand._legal = -1


def resumed(hand: Hand, *, asked: bool = False, copy: bool = False) -> ReversisState:
    """A state over a hand already under way (a scenario's given moves made, a hand at the table),
    its history read from the hand's events: each discard or keeping, declaration and card, in order
    (a seat that passed a declaration left no event, and is not in it). The declarations of the
    tricks before the current one count as asked, and those of the current one too once a card of
    it is played, or if ``asked`` (where the table asks them itself). Over a copy of the hand if ``copy``,
    else over the hand itself (each move applied to the state is made in it)."""
    state = ReversisState(_copy_hand(hand) if copy else hand)
    hand = state.hand
    codes = state.codes
    history: list[Action] = []
    for event in hand.events:
        if isinstance(event, ev.Exchanged):
            history.append(Action("discard", event.seat, codes.discard + codes.index[event.discard], event.discard))
        elif isinstance(event, ev.Passed):
            history.append(Action("keep", event.seat, codes.keep))
        elif isinstance(event, ev.Declared):
            history.append(state._declare(event.seat, event.name))
        elif isinstance(event, ev.Played | ev.Revoked):
            name = "revoke" if isinstance(event, ev.Revoked) else ""
            history.append(Action("play", event.seat, codes.index[event.card], event.card, name))
    state._history = history
    state._asked = set(range(1, hand.trick_no + (1 if asked or hand.current_trick else 0)))
    state._asking = []
    state._sync()
    return state


def policy(bot: str) -> Callable[[ReversisState, random.Random], Action]:
    """The bot ``bot`` choosing a legal action in a state: its discard and its card, and the
    declarations every bot makes (:func:`~reversis.games.reversis.bots.bot_declarations`), so that
    a hand played move by move with it is the hand ``reversis simulate`` plays."""
    chooser = get_bot(bot)

    def choose(state: ReversisState, rng: random.Random) -> Action:
        h, codes = state.hand, state.codes
        asked = state.to_act()
        if state._asking:
            assert asked is not None
            for seat, name in bot_declarations(h):
                if seat == asked:
                    return state._declare(seat, name)
            return Action("pass", asked, codes.passing)
        if h.phase is Phase.EXCHANGE:
            discard = chooser.exchange(h, rng)
            if discard is None:
                return Action("keep", h.to_act, codes.keep)
            return Action("discard", h.to_act, codes.discard + codes.index[discard], discard)
        card = chooser.play(h, rng)
        return Action("play", h.to_act, codes.index[card], card)

    return choose
