"""What a game is: the one interface that each game of :mod:`reversis.games` implements, so that the
scenario contract, the command line, the simulations, the comparisons, the sittings and the site
treat every game alike, without asking which game it is.

A game has a name (the ``game:`` of its rulesets), the unit its outcomes count (chips, marks), its
default number of players and of hands in a sitting, its bots, and these steps:

- :meth:`Game.parse`: a scenario's fields (read as YAML, with the line of each field) checked into
  the game's scenario, raising ``ScenarioError`` in one line;
- :meth:`Game.run`: the scenario played to its end, the game's finished hand;
- :meth:`Game.seeded`: hand ``i`` from ``seed`` played by a bot, as ``reversis simulate`` plays it;
- :meth:`Game.result`, :meth:`Game.record`, :meth:`Game.account`: the JSON result, the complete
  scenario that replays the hand, the readable account;
- :meth:`Game.outcome`, :meth:`Game.outcome_labels`: what ``reversis compare`` measures of a hand;
- :meth:`Game.stats`, :meth:`Game.simulate_chunk`, :meth:`Game.tally`: the counts of ``reversis simulate``;
- :meth:`Game.sitting`, :meth:`Game.replayed`: a sitting of many hands, dealt or recorded;
- :meth:`Game.new_hand`, :meth:`Game.action_count`, :meth:`Game.policy`, :meth:`Game.finished`: a hand
  played move by move (:mod:`reversis.core.moves`), the size of its action space, a bot choosing a
  move, and the finished hand of a state that is over; :attr:`Game.zero_sum` and
  :attr:`Game.returns_meaning` say what the state's returns count;
- :meth:`Game.describe`: the one description of a finished hand (:class:`Description`), which the
  site's pages and Play a hand render.

A game's hand and scenario are its own classes; here they are seen through what every game's have
(:class:`PlayedHand`, :class:`Scenario`), and a game given another game's hand says so
(:func:`own`). A hand says its game by its rules (``hand.rules.game``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, Self, TypeAlias, TypeVar

from reversis.core.cards import Card
from reversis.core.moves import Action, Happened, Searcher, State
from reversis.core.roles import role
from reversis.core.ruleset import Ruleset

__all__ = [
    "Chunk",
    "Description",
    "Game",
    "JsonObject",
    "PlayedHand",
    "Scenario",
    "Sitting",
    "SittingsAndCounts",
    "Stats",
    "Step",
    "describe",
    "own",
]

#: A result or a record as JSON reads it (its fields are documented in docs/scenarios.md).
JsonObject: TypeAlias = dict[str, Any]

#: The work of one chunk of a simulation: (ruleset id, bot, seed, first hand, hand after the last).
Chunk: TypeAlias = tuple[str, str, int, int, int]


class Scenario(Protocol):
    """What every game's checked scenario has."""

    @property
    def source(self) -> str: ...
    @property
    def rules(self) -> Ruleset: ...
    @property
    def dealer(self) -> int: ...
    @property
    def bot(self) -> str: ...
    @property
    def seed(self) -> int: ...


class PlayedHand(Protocol):
    """What every game's hand has: its rules (which name its game) and its dealer."""

    @property
    def rules(self) -> Ruleset: ...
    @property
    def dealer(self) -> int: ...


class Stats(Protocol):
    """The counts of ``reversis simulate`` over some hands."""

    @property
    def hands(self) -> int: ...
    def add(self, other: Self) -> None: ...
    def lines(self) -> list[str]: ...


class Sitting(Protocol):
    """A sitting: many hands in a row under one ruleset, dealt from a seed or replayed from records."""

    @property
    def source(self) -> str: ...
    @property
    def rules(self) -> Ruleset: ...
    @property
    def hands(self) -> int: ...
    @property
    def seed(self) -> int: ...
    @property
    def bot(self) -> str: ...
    def with_records(self, records: Sequence[tuple[Scenario, int]]) -> Sitting: ...
    def play(
        self, *, progress: Callable[[int], None] | None = None, searcher: Searcher | None = None
    ) -> Sequence[PlayedHand]: ...
    def table(self, hands: Sequence[PlayedHand]) -> str: ...
    def as_json(self, hands: Sequence[PlayedHand]) -> JsonObject: ...
    def dump(self, hands: Sequence[PlayedHand]) -> str: ...


@dataclass(frozen=True)
class Step:
    """One step of a finished hand (a card played, a trick taken, a payment, marks rubbed out…): what
    happened (:class:`reversis.core.moves.Happened`), with its players named by their place (``the
    dealer``, ``the eldest hand``…; a party that is no seat, such as the pool, by its own word), its
    card by its name, and its rule by its English name."""

    happened: Happened
    player: str
    other: str
    card: str
    rule_name: str


@dataclass(frozen=True)
class Description:
    """The one description of a finished hand: its game and ruleset, the unit of its outcome, each
    seat's place, its steps in order, and each seat's result (as :meth:`reversis.core.moves.State.returns`)."""

    game: str
    ruleset: str
    unit: str
    places: tuple[str, ...]
    steps: tuple[Step, ...]
    returns: tuple[float, ...]


def describe(
    rules: Ruleset, *, dealer: int, players: int, unit: str, happened: Sequence[Happened], returns: Sequence[float]
) -> Description:
    """A finished hand's :class:`Description`, from what happened in it, in order."""
    places = tuple(role(seat, dealer=dealer, players=players) for seat in range(players))

    def named(party: int | str | None) -> str:
        if isinstance(party, int) and 0 <= party < players:
            return places[party]
        return "" if party is None else str(party)

    def card(c: Card | None) -> str:
        return "" if c is None else rules.pack.name(c)

    steps = tuple(
        Step(h, named(h.seat), named(h.other), card(h.card), rules.rule_name(h.rule) if h.rule else "")
        for h in happened
    )
    return Description(rules.game, rules.id, unit, places, steps, tuple(returns))


class Game(Protocol):
    """A game, as :mod:`reversis.games` registers it (see the module's docstring)."""

    @property
    def name(self) -> str: ...
    @property
    def unit(self) -> str:
        """What a hand's outcome counts (chips, marks)."""

    @property
    def players(self) -> int:
        """The number of players where a ruleset's option does not say."""

    @property
    def default_hands(self) -> int:
        """The hands of a sitting that does not say how many."""

    @property
    def bots(self) -> Sequence[str]: ...

    def parse(self, data: object, *, lines: dict[str, int], source: str, rules: Ruleset | None) -> Scenario:
        """A scenario's fields checked (``rules``: its ruleset, None where it names no known one)."""

    def run(self, scenario: Scenario, *, searcher: Searcher | None = None) -> PlayedHand:
        """The scenario played to its end; ``searcher`` makes the searching bot (the strong player)
        that plays what it leaves open where its ``bot`` is one (``reversis.core.moves.SEARCHING_BOTS``)."""

    def seeded(self, rules: Ruleset, bot: str) -> Callable[[int, int], PlayedHand]: ...
    def result(self, hand: PlayedHand) -> JsonObject: ...
    def record(self, hand: PlayedHand, *, bot: str, seed: int, budget: int | None = None) -> JsonObject:
        """The complete scenario that replays the hand, naming the bot, its seed and, for a searching
        bot (the strong player), its ``budget`` of playouts a decision."""

    def account(self, hand: PlayedHand, scenario: Scenario) -> str: ...
    def outcome(self, hand: PlayedHand) -> tuple[list[int], set[str]]: ...
    def outcome_labels(self, rules: Ruleset) -> list[str]: ...
    def stats(self) -> Stats: ...
    def simulate_chunk(self, chunk: Chunk) -> Stats: ...
    def tally(self, rules: Ruleset, hands: Iterable[PlayedHand]) -> Stats:
        """What happened in finished hands, counted as ``simulate_chunk`` counts the hands it plays
        (the hands of a player that is not the game's own, such as the strong player)."""

    def sitting(
        self, fields: Mapping[object, object], place: Callable[[str], str], *, source: str, rules: Ruleset
    ) -> Sitting: ...
    def replayed(self, *, source: str, first: Scenario, hands: int) -> Sitting: ...
    def pack(self, rules: Ruleset) -> Sequence[Card]:
        """Every card of the pack that ``rules`` plays with, in card order (what a deal deals out: the
        AI frameworks' adapters deal it card by card)."""

    # -- a hand move by move (reversis.core.moves) ------------------------------------------------

    @property
    def zero_sum(self) -> bool:
        """Whether the returns of a hand played move by move sum to zero."""

    @property
    def returns_meaning(self) -> str:
        """What the returns count, in words."""

    def new_hand(
        self,
        rules: Ruleset,
        *,
        dealer: int = 0,
        seed: int | None = None,
        deal: Mapping[Any, Sequence[Card]] | None = None,
    ) -> State:
        """A hand to play move by move, dealt from ``seed`` (as ``seeded`` deals it) or given (``deal``:
        each seat's cards, and the talon's under ``"talon"`` where the game has one)."""

    def action_count(self, rules: Ruleset) -> int:
        """The size of the action space under ``rules`` (each action's code is under it)."""

    def policy(self, bot: str) -> Callable[[State, random.Random], Action]:
        """One of the game's bots, choosing a legal action in a state."""

    def finished(self, state: State) -> PlayedHand:
        """The game's finished hand of a state that is over (which ``result``, ``record``, ``account``
        and ``describe`` read)."""

    def describe(self, hand: PlayedHand) -> Description:
        """The one description of a finished hand."""


StatsT = TypeVar("StatsT", bound=Stats)
SittingT = TypeVar("SittingT", bound=Sitting)
SittingT_co = TypeVar("SittingT_co", bound=Sitting, covariant=True)


class SittingClass(Protocol[SittingT_co]):
    """A game's sitting class, called with the fields of a sitting."""

    def __call__(
        self, *, source: str, rules: Ruleset, first_dealer: int, hands: int, seed: int, bot: str
    ) -> SittingT_co: ...


class SittingParser(Protocol[SittingT_co]):
    """A game's checker of a sitting file's fields."""

    def __call__(
        self, fields: Mapping[object, object], place: Callable[[str], str], /, *, source: str, rules: Ruleset
    ) -> SittingT_co: ...


class SittingsAndCounts(Generic[StatsT, SittingT]):
    """The four steps of :class:`Game` that every game takes alike, from its own modules: the counts of
    ``reversis simulate`` (its ``Stats`` and ``simulate_chunk``) and its sittings (its ``Sitting``
    and the checker of a sitting file)."""

    def __init__(
        self,
        *,
        stats: Callable[[], StatsT],
        simulate_chunk: Callable[[Chunk], StatsT],
        tally: Callable[[Ruleset, Iterable[Any]], StatsT],
        sitting: SittingClass[SittingT],
        parse_sitting: SittingParser[SittingT],
    ) -> None:
        self._stats = stats
        self._simulate_chunk = simulate_chunk
        self._tally = tally
        self._sitting = sitting
        self._parse_sitting = parse_sitting

    def stats(self) -> StatsT:
        return self._stats()

    def simulate_chunk(self, chunk: Chunk) -> StatsT:
        return self._simulate_chunk(chunk)

    def tally(self, rules: Ruleset, hands: Iterable[PlayedHand]) -> StatsT:
        return self._tally(rules, hands)

    def sitting(
        self, fields: Mapping[object, object], place: Callable[[str], str], *, source: str, rules: Ruleset
    ) -> SittingT:
        return self._parse_sitting(fields, place, source=source, rules=rules)

    def replayed(self, *, source: str, first: Scenario, hands: int) -> SittingT:
        """The sitting of a file of recorded hands alone, as its first hand begins it."""
        return self._sitting(
            source=source, rules=first.rules, first_dealer=first.dealer, hands=hands, seed=first.seed, bot=first.bot
        )


T = TypeVar("T")


def own(kind: type[T], thing: object, game: str) -> T:
    """``thing`` as the game's own ``kind`` (its hand, its scenario), or a ``TypeError`` that says whose it is."""
    if not isinstance(thing, kind):
        raise TypeError(f"the game {game} was given a {type(thing).__module__}.{type(thing).__name__}")
    return thing
