"""The deals of a hand of Romestecq in progress that agree with what one player knows: what
:meth:`reversis.games.romestecq.moves.RomestecqState.resample` deals.

What he knows: his cards, the cards played, the suits each seat has shown it holds no more, and
the calls. A card thrown with a call is a piece of a combination of its holder's hand, of the kind
the call names; and nobody was dealt a virlicque, which would have ended the hand at the deal. The
cards he cannot see are dealt so: for each card another seat threw with the first call of a
combination, the rest of a combination of that kind is drawn among the cards that seat may hold,
and the other hidden cards are dealt around them (:func:`reversis.core.hidden.deal_hidden`); a
deal in which a card thrown with a call is of no combination, or a seat holds a virlicque, is drawn
again. Where the calls leave few such deals, each seat that called is dealt his hand whole, drawn
again until it fits his calls. Each deal is checked, last, by making the hand's moves again on it.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Callable, Sequence
from typing import NamedTuple, TypeVar

from reversis.core.cards import ACE, KING, TEN, Card, card_rank, card_suit
from reversis.core.chance import shuffle
from reversis.core.hidden import NoDeal, deal_hidden
from reversis.core.moves import Action, Knowledge
from reversis.games.romestecq.combinations import Combination, find, first_call
from reversis.games.romestecq.hand import Hand, normal_call
from reversis.games.romestecq.params import Params

__all__ = ["TRIES", "UNDEALT", "resampled"]

#: The deals :func:`resampled` tries each way before it gives up.
TRIES = 100

#: The undealt cards as a place of :func:`reversis.core.hidden.deal_hidden` (the seats are 0, 1, …).
UNDEALT = -1

#: The call of a later card of a combination (a Rome's second card takes none).
AUTRE = normal_call("autre pièce")

S = TypeVar("S")


def resampled(
    h: Hand,
    knowledge: Knowledge,
    pack: Sequence[Card],
    rng: random.Random,
    replays: Callable[[list[list[Card]]], S | None],
) -> S:
    """A deal of the cards of the ``pack`` that ``knowledge``'s player cannot see, to the other seats
    and the undealt cards, that agrees with what he knows, and with the hand's moves made again on it
    (``replays``: the hand dealt so, or None where a move is not allowed to it). ``NoDeal`` if none is
    found."""
    seat = knowledge.seat
    played: dict[int, list[Card]] = {s: [] for s in range(h.players)}
    for a in knowledge.history:
        if a.kind == "play" and a.card is not None:
            played[a.seat].append(a.card)
    out = {card for cards in played.values() for card in cards}
    hidden = [card for card in pack if card not in out and card not in knowledge.holding]
    sizes = {s: len(h.hands[s]) for s in range(h.players) if s != seat}
    sizes[UNDEALT] = len(hidden) - sum(sizes.values())
    voids = knowledge.voids

    def allowed(card: Card, place: int) -> bool:
        return place == UNDEALT or card_suit(card) not in voids[place]

    called = [
        [a.card for a in knowledge.history if a.seat == s and a.card is not None and _calls(a)]
        for s in range(h.players)
    ]
    announced, unseen = _announced(knowledge, played, hidden), set(hidden)
    for _ in range(TRIES):
        pinned = _completions(h.params, announced, unseen, sizes, rng)
        if pinned is None:
            continue
        room = {s: n - sum(1 for p in pinned.values() if p == s) for s, n in sizes.items()}
        if min(room.values()) < 0:
            continue  # more cards drawn for his combinations than he holds
        try:
            dealt = deal_hidden([c for c in hidden if c not in pinned], room, allowed, rng)
        except NoDeal:
            continue
        hands = [[*dealt.get(s, ()), *(c for c, p in pinned.items() if p == s), *played[s]] for s in range(h.players)]
        hands[seat] = [*knowledge.holding, *played[seat]]
        if not all(_may_hold(h.params, held, calls) for held, calls in zip(hands, called, strict=True)):
            continue
        replayed = replays(hands)
        if replayed is not None:  # every move made, the calls among them, is allowed to this deal
            return replayed
    # where the calls leave few deals for the way above to find, each seat that called is dealt
    # his hidden cards whole, drawn again until the cards he called are pieces of his combinations
    for _ in range(TRIES):
        whole = _dealt_to_callers(h.params, knowledge, played, hidden, sizes, allowed, called, rng)
        replayed = None if whole is None else replays(whole)
        if replayed is not None:
            return replayed
    raise NoDeal("no deal of the hidden cards agrees with the calls made")


def _calls(action: Action) -> bool:
    """Whether a move is a card thrown with a call."""
    return action.kind == "play" and action.card is not None and action.name not in ("", "revoke")


def _may_hold(p: Params, cards: Sequence[Card], called: Sequence[Card]) -> bool:
    """Whether a seat may have been dealt ``cards``, the hand going on: no virlicque among them (it
    would have ended the hand at the deal), and each card he threw with a call a piece of one of his
    combinations (a card of none takes no call)."""
    combos = find(p, cards)
    return all(c.name != "virlicque" for c in combos) and all(any(card in c.cards for c in combos) for card in called)


def _dealt_to_callers(
    p: Params,
    knowledge: Knowledge,
    played: dict[int, list[Card]],
    hidden: list[Card],
    sizes: dict[int, int],
    allowed: Callable[[Card, int], bool],
    called: list[list[Card]],
    rng: random.Random,
) -> list[list[Card]] | None:
    """A deal of the hidden cards in which each seat that threw a card with a call is dealt his whole
    hand first, drawn at random among the cards he may hold until :func:`_may_hold` takes it, then
    the others as :func:`reversis.core.hidden.deal_hidden` deals them (None where none is found)."""
    hands = [[*played[s]] for s in range(len(played))]
    hands[knowledge.seat] += knowledge.holding
    pool = list(hidden)
    for seat in sorted(s for s in sizes if s != UNDEALT and called[s]):
        his = [card for card in pool if allowed(card, seat)]
        if len(his) < sizes[seat]:
            return None
        for _ in range(TRIES):
            shuffle(rng, his)
            if _may_hold(p, [*his[: sizes[seat]], *played[seat]], called[seat]):
                break
        else:
            return None
        hands[seat] = [*sorted(his[: sizes[seat]]), *played[seat]]
        pool = [card for card in pool if card not in hands[seat]]
    rest = {s: n for s, n in sizes.items() if s == UNDEALT or not called[s]}
    try:
        dealt = deal_hidden(pool, rest, allowed, rng)
    except NoDeal:
        return None
    for seat in rest:
        if seat != UNDEALT:
            hands[seat] = [*dealt[seat], *played[seat]]
    return hands if all(_may_hold(p, cards, []) for cards in hands) else None


class _Called(NamedTuple):
    """A card another seat threw with the first call of a combination, and the cards that may be of
    that combination: the hidden cards he may hold and those he played (``near``, in that order),
    and those he threw later saying "autre pièce" (``later``)."""

    seat: int
    card: Card
    call: str
    near: tuple[Card, ...]
    later: frozenset[Card]


def _announced(knowledge: Knowledge, played: dict[int, list[Card]], hidden: list[Card]) -> list[_Called]:
    """The cards the other seats threw with the first call of a combination, in the order thrown
    (a later card of a combination, or a Rome's second card, is said "autre pièce")."""
    out = []
    for a in knowledge.history:
        if a.kind != "play" or not a.name or a.card is None or a.seat == knowledge.seat or a.name == "revoke":
            continue
        if normal_call(a.name) == AUTRE:
            continue
        seat, card = a.seat, a.card
        own = [c for c in hidden if card_suit(c) not in knowledge.voids[seat]] + played[seat]
        later = frozenset(
            b.card
            for b in knowledge.history
            if b.seat == seat and b.card is not None and _calls(b) and normal_call(b.name) == AUTRE
        )
        out.append(_Called(seat, card, a.name, tuple(c for c in own if c != card and _related(card, c)), later))
    return out


def _completions(
    p: Params, announced: list[_Called], hidden: set[Card], sizes: dict[int, int], rng: random.Random
) -> dict[Card, int] | None:
    """For each card another seat threw with the first call of a combination, the rest of a
    combination of that kind drawn at random among the cards he may hold: those hidden cards, each
    with the seat it is given to (None where a call has no such combination)."""
    pinned: dict[Card, int] = {}
    for called in announced:
        if called.card in pinned:
            continue  # a card of a combination drawn for an earlier call
        seat, card = called.seat, called.card
        options = list(_fitting(p, card, tuple(c for c in called.near if c not in pinned), called.call))
        if not options:
            return None
        room = sizes[seat] - sum(1 for s in pinned.values() if s == seat)
        options = [o for o in options if sum(1 for c in o if c in hidden) <= room]
        if not options:
            return None
        # the cards he threw later saying "autre pièce" are of the combination, where they can be
        most = max(len(called.later.intersection(o)) for o in options)
        options = [o for o in options if len(called.later.intersection(o)) == most]
        for c in options[rng.randrange(len(options))]:
            if c in hidden:
                pinned[c] = seat
    return pinned


@functools.lru_cache(maxsize=4096)
def _fitting(p: Params, card: Card, near: tuple[Card, ...], call: str) -> tuple[tuple[Card, ...], ...]:
    """The cards among ``near`` that may make, with ``card``, a combination whose first card thrown
    takes ``call``: each such set of one card (a Rome's other card) or of three (a ningre's or a
    village's), in the order of ``near``. Kept for the next deal: a search asks the same many times."""
    options = []
    for size in (1, 3):
        for rest in itertools.combinations(near, size):
            combos = find(p, (card, *rest))
            if any(card in combo.cards and len(combo.cards) == size + 1 and _fits(p, combo, call) for combo in combos):
                options.append(rest)
    return tuple(options)


def _fits(p: Params, combo: Combination, call: str) -> bool:
    """Whether ``call`` may be said with the first card thrown of ``combo``."""
    said = normal_call(call)
    if combo.name in ("rome", "double-rome") and said == normal_call("pièce de Rome"):
        return True
    if combo.name == "village" and said == normal_call("pièce"):
        return True
    due = first_call(p, combo.name)
    return due is not None and normal_call(due) == said


def _related(card: Card, other: Card) -> bool:
    """Whether two cards may be of one combination: of one rank, of neighbouring ranks, or honours and tens."""
    a, b = card_rank(card), card_rank(other)
    return abs(a - b) <= 1 or {a, b} <= {ACE, KING, TEN}
