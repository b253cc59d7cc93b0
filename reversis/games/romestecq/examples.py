"""Worked examples of Romestecq in a few lines: the small API of the annotations' doctests.

Cards are written as in scenarios; seats are numbered in playing order, four players by default,
the dealer is seat 0 and seat 1 leads. With four players and the partners side by side, seats 0 and
1 are side 0 and seats 2 and 3 side 1. :func:`deal` completes a deal from the cards an example
fixes: each seat still short of five takes the next cards of the pack in order (ace of spades
first), from the eldest round. A play is a card, ``CARD/CALL`` with a call (``ningre``: "pièce de
ningre", ``piece``: "pièce", ``village``: the longer form of the option ``village_call``, ``rome``:
"pièce de Rome", ``autre``: "autre pièce") or ``CARD@SEAT`` for a card played out of turn.
:func:`play` plays the given cards, then the bot (which says every call due), then the claims
(given per seat, the bot counting what is due to the others). :func:`refusal` gives the rule and
reason of a refused act, or None.

Seat 1 leads his five spades and takes every trick; seat 2 follows with four, and in the fifth
trick, left with his king of hearts alone, is constrained to throw it: seat 1's side gruges it, and
seat 1 also takes the stecq:

>>> game = play({1: "AS KS QS JS TS", 2: "9S 8S 7S 6S KH", 3: "QH JH TH 9H 8H", 0: "QD JD TD 9D 8D"})
>>> game.marks("gruger"), game.result["gruged"], game.marks("stecq")
([(0, 1)], [{'seat': 2, 'card': 'KH', 'by': 1, 'trick': 5}], [(0, 1)])
>>> refusal({1: "AS AD 9D 8D 7D", 2: "KS QH JH TH 9H"}, "AS QH")
'play.follow: QH: the second hand (seat: 2) holds spades and must follow the suit led (article 12)'
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from reversis.core.cards import Card
from reversis.core.errors import IllegalAction
from reversis.core.ruleset import Ruleset, load_ruleset
from reversis.games.romestecq.bots import get_bot, play_out, seats_from_eldest
from reversis.games.romestecq.hand import Hand, Phase
from reversis.games.romestecq.params import HAND_SIZE, compile_params
from reversis.games.romestecq.result import account, result

__all__ = ["Game", "deal", "names", "play", "refusal", "start"]

Cards = str | Iterable[str]
CALLS = {
    "ningre": "pièce de ningre",
    "piece": "pièce",
    "village": "pièce de village",
    "rome": "pièce de Rome",
    "autre": "autre pièce",
}


def _rules(options: Mapping[str, Any] | None) -> Ruleset:
    return load_ruleset("romestecq").with_options(options or {})


def _cards(rules: Ruleset, cards: Cards) -> list[Card]:
    return [rules.pack.parse(c) for c in (cards.split() if isinstance(cards, str) else cards)]


def names(cards: Iterable[Card]) -> list[str]:
    """Cards in the pack's notation."""
    return load_ruleset("romestecq").pack.names(cards)


def deal(
    hands: Mapping[int, Cards] | None = None,
    *,
    dealer: int = 0,
    options: Mapping[str, Any] | None = None,
    sixes: Iterable[int] = (),
) -> list[list[Card]]:
    """Every seat's five cards (six for the seats in ``sixes``): those given, the rest in pack order.

    >>> names(deal({2: "AS AH"})[2]), names(deal()[1])
    (['AS', 'AH', '8S', '7S', '6S'], ['AS', 'KS', 'QS', 'JS', 'TS'])
    """
    rules = _rules(options)
    p = compile_params(rules)
    fixed = {int(s): _cards(rules, c) for s, c in (hands or {}).items()}
    rest = [c for c in p.pack if not any(c in cards for cards in fixed.values())]
    seats = [list(fixed.get(s, [])) for s in range(p.players)]
    for seat in [(dealer + 1 + i) % p.players for i in range(p.players)]:
        while len(seats[seat]) < HAND_SIZE + (seat in set(sixes)):
            seats[seat].append(rest.pop(0))
    return seats


def _play(hand: Hand, token: str) -> None:
    text, _, seat = token.partition("@")
    card, _, call = text.partition("/")
    hand.play(hand.rules.pack.parse(card), seat=int(seat) if seat else None, call=CALLS.get(call, call) or None)


@dataclass(frozen=True)
class Game:
    """A hand played (to its end, or as far as :func:`start` took it)."""

    hand: Hand

    def marks(self, rule: str) -> list[tuple[int, int]]:
        """Every entry of a rule, as (side, marks rubbed out; negative: chalked back on)."""
        return [(e.side, e.marks) for e in self.hand.marks.entries if e.rule == rule]

    @property
    def left(self) -> list[int]:
        """Each side's marks still to rub out."""
        return list(self.hand.marks.left)

    @property
    def winner(self) -> tuple[int | None, str | None]:
        """The side that won the game in this hand and the rule that ended it, or (None, None)."""
        return self.hand.winner, self.hand.won_by

    def held(self, seat: int) -> list[tuple[str, int]]:
        """A seat's combinations and their worth in the hand."""
        return [(c.name, c.worth) for c in self.hand.held[seat]]

    def legal(self) -> list[str]:
        return names(self.hand.legal_plays())

    @property
    def result(self) -> dict[str, Any]:
        return result(self.hand)

    def account(self) -> str:
        return account(self.hand)


def start(
    hands: Mapping[int, Cards] | None = None,
    plays: Cards = "",
    *,
    dealer: int = 0,
    options: Mapping[str, Any] | None = None,
    faults: Iterable[tuple[str, int | None, bool]] = (),
    manner: tuple[int, ...] = (2, 3),
    dealt_before: tuple[int, ...] | None = None,
    marks: tuple[int, int] | None = None,
) -> Game:
    """Deal and play the given cards, and stop."""
    rules = _rules(options)
    faults = list(faults)
    sixes = [seat for name, seat, _ in faults if name == "six-cards" and seat is not None]
    hand = Hand(
        rules,
        dealer=dealer,
        hands=deal(hands, dealer=dealer, options=options, sixes=sixes),
        manner=manner,
        dealt_before=dealt_before,
        faults=faults,
        marks_before=marks,
        rng=random.Random(0),
    )
    for token in plays.split() if isinstance(plays, str) else plays:
        if hand.phase is Phase.TRICKS:
            _play(hand, token)
    return Game(hand)


def play(
    hands: Mapping[int, Cards] | None = None,
    plays: Cards = "",
    *,
    claims: Mapping[int, Iterable[str | tuple[str, int]]] | None = None,
    **kwargs: Any,
) -> Game:
    """Deal, play the given cards, let the bot finish, then count the combinations."""
    game = start(hands, plays, **kwargs)
    hand = game.hand
    if claims is None:
        play_out(hand, get_bot("cautious"), random.Random(0))
        return game
    bot = get_bot("cautious")
    rng = random.Random(0)
    while hand.phase is Phase.TRICKS:
        card, call = bot.play(hand, rng)
        hand.play(card, call=call)
    for seat in seats_from_eldest(hand):
        items = claims.get(seat)
        for item in items if items is not None else hand.due_claims(seat):
            if hand.phase is Phase.CLAIMS:
                name, marks = (item, None) if isinstance(item, str) else item
                hand.claim(seat, name, marks)
    hand.finish()
    return game


def refusal(hands: Mapping[int, Cards] | None = None, plays: Cards = "", **kwargs: Any) -> str | None:
    """``rule: reason`` of the act the rules refuse in this deal and play, or None if none is."""
    try:
        play(hands, plays, **kwargs)
    except IllegalAction as exc:
        return f"{exc.rule}: {exc}"
    return None
