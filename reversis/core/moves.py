"""A hand played move by move: what every game's hand in progress offers to a player, a bot, the
card table of the site and the AI frameworks (OpenSpiel, PettingZoo), whatever the game.

A game (:class:`reversis.core.game.Game`) starts one with ``game.new_hand(rules, dealer=…, seed=…)``
or from a given deal; then, until :meth:`State.over`:

- :meth:`State.to_act` is the seat whose move it is;
- :meth:`State.legal_actions` the moves he may make, each an :class:`Action` (a card played, a card
  discarded to the talon, a declaration, a call, a claim, a pass: the game says which kinds it has),
  each with a stable integer code (``0 <= code < game.action_count(rules)``);
- :meth:`State.apply` makes one (an :class:`Action` or its code) and returns what happened, each a
  :class:`Happened`; a move the rules forbid raises the engine's ``IllegalAction`` (one line, with
  its rule) and leaves the hand as it was;
- :meth:`State.knows` is what one player knows: his cards, what was played and said, what he saw
  of the talon (a :class:`Knowledge`);
- :meth:`State.resample` is a hand with the same history in which the cards one player cannot see
  are dealt again at random, so that it agrees with everything he knows (the strong player samples
  from it);
- :meth:`State.returns` is each player's result once the hand is over (the game says in what unit
  and whether they sum to zero);
- :meth:`State.play_out` plays a copy to its end with one of the game's bots in every seat (the
  playouts of a search).

What a game adds to :class:`reversis.core.game.Game` for this: ``new_hand`` (from a seed or a given
deal), ``action_count`` (the size of its action space under a ruleset), ``policy`` (a bot of the
game choosing an :class:`Action` in a :class:`State`), whether its returns sum to zero and what
they count, and ``describe`` (the one description of a finished hand that the site renders).

The core names no game: the kinds of action and of happening are the games' own words.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol, Self, TypeAlias

from reversis.core.cards import Card
from reversis.core.ruleset import Ruleset

__all__ = [
    "DEFAULT_BUDGET",
    "MAX_BUDGET",
    "SEARCHING_BOTS",
    "Action",
    "Happened",
    "Knowledge",
    "Policy",
    "Searcher",
    "State",
]


@dataclass(frozen=True)
class Action:
    """One move: its ``kind`` (the game's word: ``play``, ``discard``, ``declare``, ``pass``…), the seat
    that makes it, the card it names (if any), the name of a declaration, call or claim (if any), and
    its stable integer code in the game's action space for this ruleset."""

    kind: str
    seat: int
    code: int
    card: Card | None = None
    name: str = ""


@dataclass(frozen=True)
class Happened:
    """One thing that happened: its ``kind`` (the game's word: ``play``, ``trick``, ``payment``,
    ``marks``, ``exchange``, ``declare``…), the seat it concerns, the other seat or party (a payment's
    payee, a trick's taker), the card, the amount, the engine rule that ordered it, the trick (from 1),
    a declaration's, call's or combination's name, and the paragraphs the rule cites."""

    kind: str
    seat: int | None = None
    other: int | str | None = None
    card: Card | None = None
    amount: int = 0
    rule: str = ""
    trick: int | None = None
    name: str = ""
    cites: tuple[str, ...] = ()


@dataclass(frozen=True)
class Knowledge:
    """What one player knows of a hand in progress: his seat, the cards he holds, the talon cards he
    has seen or taken, the moves made so far as he saw them (another player's discard is seen as a
    discard with no card), and, for each seat, the suits it has shown it holds no more."""

    seat: int
    holding: tuple[Card, ...]
    talon_seen: tuple[Card, ...]
    history: tuple[Action, ...]
    voids: tuple[frozenset[int], ...]


class State(Protocol):
    """A hand in progress, move by move (see the module's docstring)."""

    @property
    def rules(self) -> Ruleset: ...
    @property
    def players(self) -> int: ...
    @property
    def dealer(self) -> int: ...

    def to_act(self) -> int | None:
        """The seat whose move it is; None once the hand is over."""

    def legal_actions(self) -> list[Action]:
        """The moves the seat to act may make, in the order of their codes; empty once over."""

    def action(self, code: int) -> Action:
        """The action of a code, for the seat to act (``IllegalAction`` if no such move is legal now)."""

    def apply(self, action: Action | int) -> list[Happened]:
        """Make one move; what happened. A forbidden move raises ``IllegalAction`` and changes nothing."""

    def over(self) -> bool: ...

    def returns(self) -> list[float]:
        """Each seat's result; all zeros until the hand is over."""

    def knows(self, seat: int) -> Knowledge: ...

    def copy(self) -> Self:
        """A copy that plays on independently of this one."""

    def resample(self, seat: int, rng: random.Random) -> Self:
        """A copy in which the cards ``seat`` cannot see are dealt again at random, consistently with
        everything he knows (the cards played, the suits shown void, the talon cards he saw, what was
        declared); his own cards and the history are unchanged."""

    def history(self) -> Sequence[Action]:
        """Every move made so far, in order (the hand's full record, hidden cards included)."""

    def play_out(self, bot: str, rng: random.Random) -> list[float]:
        """Play this hand (a copy: ``self`` is unchanged) to its end with the game's bot ``bot`` in
        every seat, on the game's fast path where it has one; each seat's result (as :meth:`returns`)."""


#: A player of a hand move by move: the action it chooses for the seat to act.
Policy: TypeAlias = Callable[[State, random.Random], Action]

#: A player that is no game's own, made for a budget of playouts a decision (the strong player of
#: ``reversis.apps.strong``): what a game's scenario or sitting is handed to play what it leaves open.
Searcher: TypeAlias = Callable[[int], Policy]

#: The bots that are no game's own and play through the moves of a hand (``reversis.apps.strong``).
SEARCHING_BOTS = ("strong",)
#: Their playouts a decision where a scenario, a sitting or a command line does not say.
DEFAULT_BUDGET = 200
#: The most playouts a decision a scenario, a sitting or a command line may give them.
MAX_BUDGET = 100_000
