"""A hand of Romestecq move by move: :class:`RomestecqState` is the game's
:class:`reversis.core.moves.State`, over the hand's own state machine
(:class:`~reversis.games.romestecq.hand.Hand`), whose checks (``verify_play``, ``verify_claim``)
refuse a move against the rules.

The moves, in the order of the hand: in the five tricks, the seat to play plays a card (``play``),
with the call its combination asks where it has one (the call is the action's ``name``: "pièce de
ningre", "pièce de Rome", "autre pièce"…) or without it (a card of a combination thrown without its
call loses what the combination counts); after the last trick, each seat from the eldest counts
his combinations one at a time (``claim``, the combination's name: any he holds and may count
without fault) and then says he has done (``done``). A virlicque dealt ends the hand before any move.

The action codes, stable for a ruleset (``N`` is the number of cards in its pack, each card
numbered by its place in the pack in card order, from 0):

- ``0 … N-1``: play the card without a call;
- ``N … 2N-1``: play the card ``code - N`` with the call its combination asks;
- ``2N + k``: count the ``k``-th of :data:`CLAIMABLE`;
- ``2N + 5``: done counting.

With the option ``accept_illegal``, a card played against the duty to follow suit, or a combination
counted that is not held, stands and loses the game, as the engine has it; neither is among the
legal actions. The returns are, for each player, the marks his side rubbed out in the hand less the
marks the other side rubbed out (a virlicque rubs out all that its side had left; marks chalked on
for a fault count against): the two sides are equal, so they sum to zero.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Self

from reversis.core.cards import Card, card_suit
from reversis.core.errors import IllegalAction, IllegalPlay
from reversis.core.moves import Action, Happened, Knowledge
from reversis.core.roles import player
from reversis.core.ruleset import Ruleset
from reversis.games.romestecq.bots import get_bot, play_out, seats_from_eldest
from reversis.games.romestecq.deals import resampled
from reversis.games.romestecq.hand import Hand, Phase
from reversis.games.romestecq.marks import Marks
from reversis.games.romestecq.params import HAND_SIZE, Params

__all__ = ["CLAIMABLE", "RETURNS_MEANING", "RomestecqState", "action_count", "happenings", "policy", "returns"]

#: The combinations a seat counts after the last trick, in the order of their codes (a virlicque
#: wins at the deal and is never counted).
CLAIMABLE = ("triche", "double-ningre", "village", "double-rome", "rome")

RETURNS_MEANING = (
    "for each player, the marks his side rubbed out in the hand less those the other side rubbed out "
    "(the sides are equal, so they sum to zero)"
)


class Codes:
    """The action codes of a ruleset (see the module's docstring)."""

    def __init__(self, pack: Sequence[Card]) -> None:
        self.cards: tuple[Card, ...] = tuple(sorted(pack))
        self.index = {card: i for i, card in enumerate(self.cards)}
        n = len(self.cards)
        self.called, self.claim = n, 2 * n
        self.passing = self.claim + len(CLAIMABLE)
        self.count = self.passing + 1


def action_count(pack: Sequence[Card]) -> int:
    """The size of the action space of a ruleset (its pack)."""
    return Codes(pack).count


class RomestecqState:
    """A hand of Romestecq in progress, move by move (:class:`reversis.core.moves.State`)."""

    def __init__(self, hand: Hand, *, chance: random.Random | None = None) -> None:
        self.hand = hand
        #: the generator that dealt the hand, where it was dealt from a seed (the batch path's bots go on with it)
        self.chance = chance
        #: the action codes of the ruleset
        self.codes = Codes(hand.params.pack)
        self._claiming = 0  # the place, from the eldest, of the seat counting his combinations
        #: the manner of dealing each dealer chose at his first deal, in a sitting (article 7)
        self.manners: dict[int, tuple[int, ...]] = {hand.dealer: tuple(hand.manner)}
        self._history: list[Action] = []
        # the cards played, the claims and the marks already told, and those of the deal
        self._seen = self._dealt = _counts(hand)

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
        h = self.hand
        if h.phase is Phase.TRICKS:
            return h.to_act
        if h.phase is Phase.CLAIMS:
            return seats_from_eldest(h)[self._claiming]
        return None

    def over(self) -> bool:
        return self.hand.phase is Phase.DONE

    def legal_actions(self) -> list[Action]:
        h, c = self.hand, self.codes
        seat = self.to_act()
        if seat is None:
            return []
        if h.phase is Phase.TRICKS:
            plain, called = [], []
            for card in h.legal_plays():
                plain.append(Action("play", seat, c.index[card], card))
                call = h.due_call(seat, card)
                if call:
                    called.append(Action("play", seat, c.called + c.index[card], card, call))
            return plain + called
        claims = [Action("claim", seat, c.claim + k, None, n) for k, n in enumerate(CLAIMABLE) if h.can_claim(seat, n)]
        return [*claims, Action("done", seat, c.passing)]

    def action(self, code: int) -> Action:
        legal = self._legal(code)
        if legal is None:
            self._refuse(code)
            raise AssertionError("unreachable")  # pragma: no cover
        return legal

    def apply(self, action: Action | int) -> list[Happened]:
        self._make(self._checked(action))
        return self._news()

    def returns(self) -> list[float]:
        h = self.hand
        if h.phase is not Phase.DONE:
            return [0.0] * h.players
        return returns(h)

    def knows(self, seat: int) -> Knowledge:
        h = self.hand
        return Knowledge(seat, tuple(sorted(h.hands[seat])), (), tuple(self._history), _voids(self._history, h))

    def copy(self) -> Self:
        other = self.__class__.__new__(self.__class__)
        other.hand = _copy_hand(self.hand)
        other.chance = None
        other.codes = self.codes
        other._claiming = self._claiming
        other.manners = dict(self.manners)
        other._history = list(self._history)
        other._seen, other._dealt = self._seen, self._dealt
        return other

    def resample(self, seat: int, rng: random.Random) -> Self:
        return resampled(self.hand, self.knows(seat), self.codes.cards, rng, self._replays)

    def history(self) -> Sequence[Action]:
        return tuple(self._history)

    def opening(self) -> list[Happened]:
        return _told(self.hand, (0, 0, 0), self._dealt)

    def play_out(self, bot: str, rng: random.Random) -> list[float]:
        state = self.copy()
        h = state.hand
        if h.phase is Phase.TRICKS:
            play_out(h, get_bot(bot), rng)  # the batch path: the tricks, then every seat counts what is due
        else:
            choose = policy(bot)
            while not state.over():
                state.apply(choose(state, rng))
        return state.returns()

    # -- inside ----------------------------------------------------------------------------------

    def _make(self, chosen: Action) -> None:
        """Make a move already checked, and record it."""
        h = self.hand
        if chosen.kind == "play":
            assert chosen.card is not None
            h.play(chosen.card, call=None if chosen.name in ("", "revoke") else chosen.name)
        elif chosen.kind == "claim":
            h.claim(chosen.seat, chosen.name)
        else:  # done: the next seat counts, or the hand ends
            self._claiming += 1
            if self._claiming == h.players:
                h.finish()
        self._history.append(chosen)

    def _due(self, seat: int) -> list[str]:
        """The combinations ``seat`` may still count without fault, each as often as he holds it."""
        due = self.hand.due_claims(seat)
        for claim in self.hand.claims:
            if claim.seat == seat and claim.name in due:
                due.remove(claim.name)
        return due

    def _replayed(self, dealt: list[list[Card]]) -> Self:
        """The hand dealt ``dealt`` with this hand's moves made again."""
        h = self.hand
        hand = Hand(h.rules, dealer=h.dealer, hands=dealt, manner=h.manner, dealt_before=h.dealt_before,
                    marks_before=h.marks.before, rng=h.rng, params=h.params)  # fmt: skip
        other = self.__class__(hand)
        other.manners = dict(self.manners)
        for action in self._history:
            other._make(other._checked(action))  # as apply makes them, without telling what happened
        other._seen = _counts(hand)
        return other

    def _replays(self, dealt: list[list[Card]]) -> Self | None:
        """The hand dealt ``dealt`` with this hand's moves made again, if they are all allowed to it (the
        calls said among them); else None."""
        try:
            return self._replayed(dealt)
        except IllegalAction:
            return None

    def _legal(self, code: int) -> Action | None:
        """The legal action of a code, as :meth:`legal_actions` lists it (None if it is not legal now),
        found without listing them all (a search makes many moves)."""
        h, c = self.hand, self.codes
        seat = self.to_act()
        if seat is None or not 0 <= code < c.count:
            return None
        if h.phase is Phase.TRICKS and code < c.claim:
            card = c.cards[code % c.called]
            if card not in h.legal_plays():
                return None
            if code < c.called:
                return Action("play", seat, code, card)
            call = h.due_call(seat, card)
            return Action("play", seat, code, card, call) if call else None
        if h.phase is Phase.CLAIMS and c.claim <= code < c.passing:
            name = CLAIMABLE[code - c.claim]
            return Action("claim", seat, code, None, name) if h.can_claim(seat, name) else None
        return Action("done", seat, code) if h.phase is Phase.CLAIMS and code == c.passing else None

    def _code(self, action: Action) -> int:
        """An action's code, or, where it is -1, the code of its kind and card or name (-1 if none)."""
        c = self.codes
        if action.code >= 0:
            return action.code
        if action.kind == "play" and action.card in c.index:
            return c.index[action.card] + (c.called if action.name and action.name != "revoke" else 0)
        if action.kind == "claim" and action.name in CLAIMABLE:
            return c.claim + CLAIMABLE.index(action.name)
        return c.passing if action.kind == "done" else -1

    def _checked(self, action: Action | int) -> Action:
        """The action to make, or ``IllegalAction`` with the engine's reason (the hand unchanged)."""
        code = action if isinstance(action, int) else self._code(action)
        legal = self._legal(code)
        if legal is not None and (
            isinstance(action, int) or legal == (action if action.code == code else replace(action, code=code))
        ):
            return legal
        h, c = self.hand, self.codes
        seat = self.to_act()
        if not isinstance(action, int) and seat is not None and action.seat != seat:
            if action.kind == "play" and action.card is not None:
                h.verify_play(action.card, seat=action.seat, call=action.name or None)  # the engine's refusal
            mover, due = player(action.seat, self.hand), player(seat, self.hand)
            raise IllegalAction(f"{mover} moves out of turn ({due} is to act)", rule="play.turn")
        said = "" if isinstance(action, int) or action.name == "revoke" else action.name
        if said and not isinstance(action, int) and action.card is not None and seat is not None:
            h.verify_play(action.card, call=said)  # the engine's refusal, or a call it allows beside the due one
            return Action("play", seat, code, action.card, said)
        if seat is not None and h.params.accept_illegal:
            if 0 <= code < c.called and h.phase is Phase.TRICKS:
                card = c.cards[code]
                try:
                    h.verify_play(card)
                except IllegalPlay as exc:
                    if exc.rule == "play.follow":
                        return Action("play", seat, code, card, "revoke")  # it stands, and loses the game
            if c.claim <= code < c.passing and h.phase is Phase.CLAIMS:
                return Action("claim", seat, code, None, CLAIMABLE[code - c.claim])  # refused or penalised by claim
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
        if code < c.claim:
            card = c.cards[code % c.called]
            h.verify_play(card, call=h.due_call(seat, card) if code >= c.called else None)
            raise IllegalPlay(f"{h.rules.pack.name(card)} takes no call", rule="call.match")
        if code < c.passing:
            h.verify_claim(seat, CLAIMABLE[code - c.claim])
        raise IllegalAction("combinations are counted after the last trick", rule="claim.phase")

    def _news(self) -> list[Happened]:
        """What happened since the last move."""
        now = _counts(self.hand)
        out = _told(self.hand, self._seen, now)
        self._seen = now
        return out


#: Every field of a hand (named here: the compiled engine's class has no ``__dict__`` to read; a test
#: holds the two alike).
HAND_FIELDS = (
    "calls", "claimed", "claims", "constrained", "current", "deal_faults", "dealer", "dealt", "dealt_before",
    "faults", "gruged", "held", "hands", "leader", "manner", "marks", "params", "phase", "played", "players",
    "rng", "rules", "talon", "to_act", "tricks", "virlicque", "winner", "won_by",
)  # fmt: skip


def _copy_hand(hand: Hand) -> Hand:
    """A copy of a hand that plays on independently: its lists, dicts and sets copied (each seat's
    cards too), its marks' ledger copied, the immutable parts (the rules, the parameters, the deal,
    the tricks and plays made, which are tuples) shared. It is built by the hand's constructor (the
    compiled engine's class is made no other way), on a deal of five cards each in pack order that
    costs it nothing to check, then given every field."""
    other = Hand(hand.rules, dealer=hand.dealer, hands=_blank(hand.params), rng=hand.rng, params=hand.params)
    for name in HAND_FIELDS:
        value = getattr(hand, name)
        if isinstance(value, list | set | dict):
            value = value.copy()
        setattr(other, name, value)
    other.hands = [list(cards) for cards in hand.hands]
    marks = hand.marks
    other.marks = copied = Marks(before=marks.before, cites=marks._cites)
    copied.left, copied.entries = list(marks.left), list(marks.entries)
    return other


@functools.cache
def _blank(p: Params) -> tuple[tuple[Card, ...], ...]:
    """A deal of five cards each in pack order (no two of a rank in a hand: no combination to find)."""
    pack = sorted(p.pack)
    return tuple(tuple(pack[HAND_SIZE * s : HAND_SIZE * (s + 1)]) for s in range(p.players))


def happenings(hand: Hand) -> list[Happened]:
    """Everything that happened in a hand, in the order it happened: the hand dealt again as it was
    (its cards, its manner, its faults, the marks before it), each card played again with its call,
    then each claim made again, each followed by what it set off (the trick taken, each mark, at the
    card or the claim that made it); a card played against the duty to follow suit is named
    ``revoke``, as its move is. What the hand marked, it must mark again.

    >>> from reversis.games import play_file
    >>> _, hand = play_file("examples/romestecq/out-of-turn.yaml")
    >>> [(h.kind, h.seat, h.rule) for h in happenings(hand)[:3]]  # the marks at the card played before its turn
    [('out-of-turn', 2, ''), ('marks', 2, 'penalty.out-of-turn'), ('play', 1, '')]
    """
    again = Hand(hand.rules, dealer=hand.dealer, hands=[list(h) for h in hand.dealt], manner=hand.manner,
                 dealt_before=hand.dealt_before, faults=hand.deal_faults, marks_before=hand.marks.before,
                 rng=_Drawn(hand), params=hand.params)  # fmt: skip
    out = _told(again, (0, 0, 0), _counts(again))
    for pl in hand.played:
        seen, led = _counts(again), again.led_suit
        revoke = not pl.out_of_turn and led is not None and card_suit(pl.card) != led
        revoke = revoke and any(card_suit(c) == led for c in again.hands[pl.seat])
        again.play(pl.card, seat=pl.seat, call=pl.call)
        told = _told(again, seen, _counts(again))
        if revoke and not told[0].name:
            told[0] = replace(told[0], name="revoke")
        out += told
    for seat, name, marks in hand.claimed:
        seen = _counts(again)
        again.claim(seat, name, marks)
        out += _told(again, seen, _counts(again))
    if hand.phase is Phase.DONE:
        seen = _counts(again)
        again.finish()
        out += _told(again, seen, _counts(again))
    if list(again.marks.entries) != list(hand.marks.entries):
        raise ValueError("the hand made again does not mark what the hand marked")
    return out


class _Drawn(random.Random):
    """The one draw of chance a hand of Romestecq makes, made again as the hand made it: the card
    put back from a hand dealt six cards (its place among the cards dealt)."""

    def __init__(self, hand: Hand) -> None:
        super().__init__(0)
        self._draws: list[int] = []
        for name, seat, _ in hand.deal_faults:
            if name == "six-cards" and seat is not None:
                kept = {*hand.hands[seat], *(pl.card for pl in hand.played if pl.seat == seat)}
                dealt = list(hand.dealt[seat])
                self._draws += [i for i, card in enumerate(dealt) if card not in kept][:1]

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        return self._draws.pop(0) if self._draws else super().randrange(start, stop, step)


def _counts(hand: Hand) -> tuple[int, int, int]:
    return len(hand.played), len(hand.claims), len(hand.marks.entries)


def _told(hand: Hand, start: tuple[int, int, int], stop: tuple[int, int, int]) -> list[Happened]:
    """What happened between two counts of the cards played, the claims and the marks."""
    h = hand
    (played, claims, marks), (played_to, claims_to, marks_to) = start, stop
    out: list[Happened] = []
    for pl in h.played[played:played_to]:
        kind = "out-of-turn" if pl.out_of_turn else "play"
        out.append(Happened(kind, pl.seat, card=pl.card, trick=pl.trick, name=pl.call or ""))
        trick = h.tricks[pl.trick - 1] if len(h.tricks) >= pl.trick else None
        if not pl.out_of_turn and trick is not None and trick.cards[-1] == (pl.seat, pl.card):
            out.append(Happened("trick", trick.winner, rule="play.trick", trick=pl.trick))
    for claim in h.claims[claims:claims_to]:
        out.append(Happened("claim", claim.seat, name=claim.name, amount=claim.marks, rule=claim.rule))
    for e in h.marks.entries[marks:marks_to]:
        out.append(Happened("marks", e.seat, e.side, None, e.marks, e.rule, e.trick, "", e.cites))
    return out


def returns(hand: Hand) -> list[float]:
    """Each seat's returns in a finished hand (see the module's docstring)."""
    rubbed = hand.marks.rubbed()
    sides = hand.params.sides
    return [float(rubbed[sides[seat]] - rubbed[1 - sides[seat]]) for seat in range(hand.players)]


def _voids(history: Sequence[Action], hand: Hand) -> tuple[frozenset[int], ...]:
    """The suits each seat showed it holds no more: a suit led that it did not follow."""
    voids: list[set[int]] = [set() for _ in range(hand.players)]
    trick: list[Card] = []
    for action in history:
        if action.kind != "play" or action.card is None:
            continue
        if trick and card_suit(action.card) != card_suit(trick[0]) and action.name != "revoke":
            voids[action.seat].add(card_suit(trick[0]))
        trick.append(action.card)
        if len(trick) == hand.players:
            trick = []
    return tuple(map(frozenset, voids))


def policy(bot: str) -> Callable[[RomestecqState, random.Random], Action]:
    """The bot ``bot`` choosing a legal action in a state: its card with the call it needs, and every
    combination due to it counted, so that a hand played move by move with it is the hand
    ``reversis simulate`` plays."""
    chooser = get_bot(bot)

    def choose(state: RomestecqState, rng: random.Random) -> Action:
        h, codes = state.hand, state.codes
        seat = state.to_act()
        assert seat is not None
        if h.phase is Phase.TRICKS:
            card, call = chooser.play(h, rng)
            return Action("play", seat, (codes.called if call else 0) + codes.index[card], card, call or "")
        due = state._due(seat)
        if due:
            return Action("claim", seat, codes.claim + CLAIMABLE.index(due[0]), None, due[0])
        return Action("done", seat, codes.passing)

    return choose
