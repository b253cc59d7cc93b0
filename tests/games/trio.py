"""Trio, a tiny game of three players invented for the tests: the proof that a new game is one
module and nothing else. It is no historical game and no page names it.

Twenty cards (ten to ace of each suit), six dealt to each player, two left out unseen. The player
after the dealer leads; each must follow suit if he can; the highest card of the suit led takes the
trick, and its taker leads to the next. A trick scores one point, the last ``last_trick`` points.
The returns are each player's points less the mean of all three, so that they sum to zero.

It is a :class:`reversis.core.plain.PlainGame`: its hand move by move (:class:`TrioState`) and its
ruleset are all it defines; ``reversis.games.register(GAME, rulesets=[RULES])`` makes it known.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any, Self

from reversis.core.cards import Card, card_rank, card_suit, make_card
from reversis.core.errors import IllegalPlay
from reversis.core.hidden import deal_hidden
from reversis.core.moves import Action, Happened, Knowledge, State
from reversis.core.options import declare_options
from reversis.core.plain import PlainGame
from reversis.core.ruleset import Ruleset, read_ruleset

# Trio's options, each declared once: its topic and the values the engine plays.
OPTIONS = declare_options(
    "trio",
    topics={"players": "The players", "scoring": "Scoring"},
    options={
        "players": ("players", {"kind": "int", "choices": [3]}),
        "last_trick": ("scoring", {"kind": "int", "min": 1}),
    },
)

RULES = read_ruleset(
    """
id: trio-test
game: trio
title: Trio, a game invented for the tests
source: none
evidence: invented
pack: french
options:
  players:
    name: Number of players
    default: 3
    choices: [3]
    meaning: Three players.
    annotations: [none]
  last_trick:
    name: What the last trick scores
    default: 2
    choices: [1, 2, 3]
    meaning: The points of the last trick.
    annotations: [none]
rules:
  play.turn: {name: Each plays in his turn, annotations: [none], basis: not-in-source}
  play.hold: {name: A player plays a card he holds, annotations: [none], basis: not-in-source}
  play.follow: {name: Following suit, annotations: [none], basis: not-in-source}
  play.trick: {name: The highest card of the suit led takes the trick, annotations: [none], basis: not-in-source}
  score.trick: {name: A trick scores a point, annotations: [none], basis: not-in-source}
  score.last: {name: The last trick scores more, annotations: [none], basis: not-in-source}
""",
    where="tests/games/trio.py",
)

PACK: tuple[Card, ...] = tuple(sorted(make_card(suit, rank) for suit in range(4) for rank in range(10, 15)))
INDEX = {card: i for i, card in enumerate(PACK)}
TRICKS = 6
UNDEALT = -1


class TrioState:
    """A hand of Trio move by move: the one move is ``play`` (code: the card's place in :data:`PACK`)."""

    def __init__(self, rules: Ruleset, dealer: int, hands: Sequence[Sequence[Card]]) -> None:
        self.rules, self.dealer, self.players = rules, dealer, 3
        self.hands = [sorted(cards) for cards in hands]
        self.dealt = {seat: tuple(cards) for seat, cards in enumerate(self.hands)}
        self.trick: list[tuple[int, Card]] = []
        self.turn = (dealer + 1) % 3
        self.points = [0, 0, 0]
        self.taken = 0
        self.happened: list[Happened] = []
        self._history: list[Action] = []

    def to_act(self) -> int | None:
        return None if self.over() else self.turn

    def over(self) -> bool:
        return self.taken == TRICKS

    def legal_actions(self) -> list[Action]:
        if self.over():
            return []
        held = self.hands[self.turn]
        follow = [c for c in held if self.trick and card_suit(c) == card_suit(self.trick[0][1])]
        return [Action("play", self.turn, INDEX[c], c) for c in follow or held]

    def action(self, code: int) -> Action:
        for action in self.legal_actions():
            if action.code == code:
                return action
        raise self._refusal(code)

    def _refusal(self, code: int) -> IllegalPlay:
        if self.over() or not 0 <= code < len(PACK):
            return IllegalPlay(f"no move {code} now", rule="play.turn")
        card = PACK[code]
        if card not in self.hands[self.turn]:
            return IllegalPlay(f"{self.rules.pack.name(card)} is not in the hand of seat {self.turn}", rule="play.hold")
        return IllegalPlay(f"{self.rules.pack.name(card)}: seat {self.turn} must follow suit", rule="play.follow")

    def apply(self, action: Action | int) -> list[Happened]:
        code = action if isinstance(action, int) else action.code
        if isinstance(action, Action) and code < 0 and action.card in INDEX:  # a move named by its card
            action = replace(action, code=INDEX[action.card])
            code = action.code
        chosen = next((a for a in self.legal_actions() if a.code == code), None)
        if chosen is None or (isinstance(action, Action) and action != chosen):
            raise self._refusal(code)
        assert chosen.card is not None
        seat, card = chosen.seat, chosen.card
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        self._history.append(chosen)
        out = [Happened("play", seat, card=card, trick=self.taken + 1)]
        self.turn = (seat + 1) % 3
        if len(self.trick) == 3:
            led = card_suit(self.trick[0][1])
            winner = max((card_rank(c), s) for s, c in self.trick if card_suit(c) == led)[1]
            self.taken += 1
            worth, rule = (self.rules["last_trick"], "score.last") if self.over() else (1, "score.trick")
            self.points[winner] += worth
            out += [Happened("trick", winner, rule="play.trick", trick=self.taken),
                    Happened("points", winner, amount=worth, rule=rule, trick=self.taken)]  # fmt: skip
            self.trick, self.turn = [], winner
        self.happened += out
        return out

    def returns(self) -> list[float]:
        if not self.over():
            return [0.0, 0.0, 0.0]
        mean = sum(self.points) / 3
        return [p - mean for p in self.points]

    def knows(self, seat: int) -> Knowledge:
        voids: list[set[int]] = [set(), set(), set()]
        for k in range(0, len(self._history), 3):
            trick = self._history[k : k + 3]
            for a in trick[1:]:
                if a.card is not None and trick[0].card is not None and card_suit(a.card) != card_suit(trick[0].card):
                    voids[a.seat].add(card_suit(trick[0].card))
        return Knowledge(seat, tuple(self.hands[seat]), (), tuple(self._history), tuple(map(frozenset, voids)))

    def copy(self) -> Self:
        other = self.__class__(self.rules, self.dealer, self.hands)
        other.dealt, other.trick, other.turn = dict(self.dealt), list(self.trick), self.turn
        other.points, other.taken = list(self.points), self.taken
        other.happened, other._history = list(self.happened), list(self._history)
        return other

    def resample(self, seat: int, rng: random.Random) -> Self:
        knows = self.knows(seat)
        played = {a.card for a in knows.history}
        hidden = [c for c in PACK if c not in played and c not in knows.holding]
        sizes = {s: len(self.hands[s]) for s in range(3) if s != seat}
        sizes[UNDEALT] = len(hidden) - sum(sizes.values())
        dealt = deal_hidden(hidden, sizes, lambda c, p: p == UNDEALT or card_suit(c) not in knows.voids[p], rng)
        other = self.copy()
        for s in sizes:
            if s != UNDEALT:
                other.hands[s] = dealt[s]
        return other

    def history(self) -> Sequence[Action]:
        return tuple(self._history)

    def opening(self) -> list[Happened]:
        return []

    def play_out(self, bot: str, rng: random.Random) -> list[float]:
        state, choose = self.copy(), GAME.policy(bot)
        while not state.over():
            state.apply(choose(state, rng))
        return state.returns()


class Trio(PlainGame):
    """Trio as a game of :mod:`reversis.games` (see the module's docstring)."""

    name = "trio"
    unit = "points"
    players = 3
    bots: Sequence[str] = ("cautious", "random")
    zero_sum = True
    returns_meaning = "the points each player took less the mean of the three (they sum to zero)"
    state_class = TrioState

    def pack(self, rules: Ruleset) -> list[Card]:
        return list(PACK)

    def new_hand(
        self,
        rules: Ruleset,
        *,
        dealer: int = 0,
        seed: int | None = None,
        deal: Mapping[Any, Sequence[Card]] | None = None,
    ) -> TrioState:
        if deal is None:
            pack = list(PACK)
            random.Random(seed).shuffle(pack)
            deal = {seat: pack[6 * seat : 6 * seat + 6] for seat in range(3)}
        return TrioState(rules, dealer, [deal[seat] for seat in range(3)])

    def action_count(self, rules: Ruleset) -> int:
        return len(PACK)

    def policy(self, bot: str) -> Callable[[State, random.Random], Action]:
        def choose(state: State, rng: random.Random) -> Action:
            legal = state.legal_actions()
            if bot == "random":
                return legal[rng.randrange(len(legal))]
            return min(legal, key=lambda a: card_rank(a.card or 0))  # cautious: the lowest card

        if bot not in self.bots:
            raise KeyError(f"unknown bot {bot!r}")
        return choose


GAME = Trio()
