"""A hand at the table (:mod:`reversis.apps.table`): the reader plays one seat, one step at a time,
the bots the others, every game alike through its hand move by move (:mod:`reversis.core.moves`).

:class:`AtTable` asks the game (:class:`reversis.core.game.Game`) for everything: the hand dealt
after the one before (``deal_next``: the pool and the bêtes, or the marks and the manner of dealing,
carry over), its bot (``policy``), whether a hand ends the sitting, and the seats of each side.
:meth:`AtTable.offers` says what the reader may do now, as the page sends it back
(``{"do": "play", "card": "7H"}`` and the like); :meth:`AtTable.act` makes his move (the hand's own
checks refuse a move against the rules, with the rule it breaks, and leave the hand as it was);
:meth:`AtTable.step` makes one move of a bot; :meth:`AtTable.news` gives what happened since it was
last asked, each a :class:`reversis.core.moves.Happened` (the reader sees another player's discard
as a discard, without its card), which :mod:`reversis.apps.table` puts into words.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

from reversis.apps.strong import DEFAULT_BUDGET
from reversis.apps.strong import policy as player
from reversis.core.cards import Card
from reversis.core.errors import IllegalAction, ScenarioError
from reversis.core.game import Game, PlayedHand
from reversis.core.moves import Action, Happened, State
from reversis.core.roles import ROLES
from reversis.core.ruleset import Ruleset

__all__ = ["AtTable", "Item", "Seat", "check_seat", "offer_of"]

#: What happened, as the table tells it.
Item = Happened
#: A move as the page sends it: ``{"do": "play", "card": "7H"}`` and the like.
Offer = dict[str, Any]

#: The page's word for each kind of move (a pass is the declarations' "decline").
_DO = {"play": "play", "discard": "exchange", "keep": "exchange", "declare": "declare", "pass": "decline",
       "claim": "claim", "done": "claims-done"}  # fmt: skip


def offer_of(action: Action, rules: Ruleset) -> Offer:
    """A move as the page shows and sends it."""
    do = _DO.get(action.kind, action.kind)
    name = rules.pack.name
    if action.kind == "play":
        return {"do": do, "card": name(action.card or 0)} | ({"call": action.name} if action.name else {})
    if action.kind in ("discard", "keep"):
        return {"do": do, "discard": None if action.card is None else name(action.card)}
    if action.kind == "declare":
        return {"do": do, "name": action.name}
    if action.kind == "claim":
        return {"do": do, "combination": action.name}
    return {"do": do}


def _action_of(offer: Offer, seat: int, card: Card | None) -> Action:
    """The move a page sends, read by its kind, card and name (its code found by the hand)."""
    do = offer.get("do")
    if do == "exchange":
        return Action("discard" if card is not None else "keep", seat, -1, card)
    if do == "play":
        call = offer.get("call")
        return Action("play", seat, -1, card, call if isinstance(call, str) else "")
    if do == "declare":
        return Action("declare", seat, -1, None, str(offer.get("name")))
    if do == "claim":
        return Action("claim", seat, -1, None, str(offer.get("combination")))
    kinds = {"decline": "pass", "claims-done": "done"}
    if do in kinds:
        return Action(kinds[str(do)], seat, -1)
    raise IllegalAction(f"{do!r} is no move of this game", rule="play")


@dataclass(frozen=True)
class Seat:
    """What the table shows of one seat that only the hand knows: the cards left in it (their backs)."""

    cards: int


def _order(action: Action) -> tuple[bool, int, bool]:
    """The order of the page's buttons: by card, a card with its call first; then the moves of no card."""
    return action.card is None, action.card or 0, not action.name


class AtTable:
    """A hand of any game at the table, the reader at seat ``reader``."""

    def __init__(
        self,
        game: Game,
        rules: Ruleset,
        *,
        dealer: int,
        reader: int,
        rng: random.Random,
        bot: str,
        before: State | None,
        budget: int = DEFAULT_BUDGET,
    ):
        self.game, self.rules = game, rules
        self.state = game.deal_next(rules, dealer=dealer, rng=rng, before=before)
        # the game's own bot, or the strong player with his budget of playouts a decision
        self.reader, self.rng, self.choose = reader, rng, player(bot, game.policy, budget=budget)
        self._news: list[Happened] = self.state.opening()

    @property
    def done(self) -> bool:
        return self.state.over()

    @property
    def game_over(self) -> bool:
        """Whether the hand ended the sitting (a side has won the game)."""
        return self.done and self.game.sitting_over(self.state)

    @property
    def hand(self) -> PlayedHand:
        """The finished hand (its result, record and account)."""
        return self.game.finished(self.state)

    def side(self, side: int) -> list[int]:
        return list(self.game.sides(self.rules)[side])

    def to_act(self) -> int | None:
        """The seat whose turn it is (None once the hand is over)."""
        return None if self.done else self.state.to_act()

    def seat(self, seat: int) -> Seat:
        """What the table shows of a seat: its cards left (their backs)."""
        return Seat(cards=len(self.state.knows(seat).holding))

    def holding(self) -> list[Card]:
        return sorted(self.state.knows(self.reader).holding)

    def current(self) -> list[tuple[int, Card]]:
        """The trick in progress: each card played to it, with its player."""
        plays = [a for a in self.state.history() if a.kind == "play" and a.card is not None]
        return [(a.seat, a.card) for a in plays[len(plays) - len(plays) % self.state.players :] if a.card is not None]

    def _pass_for_reader(self) -> None:
        """A choice of declaring or not that the reader does not have (nothing to declare) is made for him."""
        while self.state.to_act() == self.reader and [a.kind for a in self.state.legal_actions()] == ["pass"]:
            self._news += self.state.apply(self.state.legal_actions()[0])

    def waiting(self) -> bool:
        """Whether the hand waits for the reader."""
        self._pass_for_reader()
        return not self.done and self.state.to_act() == self.reader

    def offers(self) -> list[Offer]:
        """What the reader may do now (nothing where the hand does not wait for him)."""
        if not self.waiting():
            return []
        return [offer_of(a, self.rules) for a in sorted(self.state.legal_actions(), key=_order)]

    def act(self, offer: Offer, card: Card | None) -> None:
        """The reader's move, refused with ``IllegalAction`` (the hand unchanged) where the rules forbid it."""
        self._news += self.state.apply(_action_of(offer, self.reader, card))

    def step(self) -> None:
        """One move of a bot (the hand does not wait for the reader)."""
        self._news += self.state.apply(self.choose(self.state, self.rng))

    def news(self) -> list[Item]:
        """What happened since the last call, as the reader sees it."""
        told = [h if not h.hidden or h.seat == self.reader else replace(h, card=None, other=None) for h in self._news]
        self._news = []
        return told


def check_seat(place: object, players: int) -> int:
    """The reader's place from the dealer (0 the dealer, 1 the eldest hand…), checked."""
    if not isinstance(place, int) or isinstance(place, bool) or not 0 <= place < len(ROLES):
        raise ScenarioError(f"{place!r} is not a place at the table (0 the dealer, 1 the eldest hand…)")
    if place >= players:
        raise ScenarioError(f"There is no {ROLES[place]} at a table of {players} players: choose another seat")
    return place
