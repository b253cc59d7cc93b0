"""A game described by its hand move by move alone (:mod:`reversis.core.moves`): :class:`PlainGame`
gives it every batch step of :class:`reversis.core.game.Game` (its scenario, its seeded hands, its
result, record and account, what ``reversis simulate`` and ``reversis compare`` count, its sittings),
so that a new game needs its rules (a :class:`~reversis.core.moves.State`), its rulesets, and
nothing outside its own module. Reversis and Romestecq keep their own, richer steps.

A plain game's scenario gives the ruleset, the dealer, each seat's cards (``hands``: seat → card
names), the moves made (``moves``: action codes, in order), and the bot and seed that play what it
leaves open; its record is the same with every move filled in. Its result is each seat's returns,
the moves and what happened. A sitting of it is ``hands`` hands dealt from a seed, the deal passing
to the next seat, each seat's returns summed.

A subclass gives ``name``, ``unit``, ``players``, ``bots``, ``zero_sum``, ``returns_meaning``, its
state's class (``state_class``) and the move-by-move steps ``new_hand``, ``action_count`` and
``policy``; its states are :class:`PlainState`: each keeps the cards dealt and what happened (as
``apply`` returned it), and a finished one is the game's finished hand.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from reversis.core.cards import Card
from reversis.core.errors import IllegalAction, RulesetError, ScenarioError
from reversis.core.game import Chunk, Description, JsonObject, PlayedHand, Scenario, describe, own
from reversis.core.moves import DEFAULT_BUDGET, MAX_BUDGET, SEARCHING_BOTS, Action, Happened, Policy, Searcher, State
from reversis.core.roles import role
from reversis.core.ruleset import OptionError, Ruleset, load_ruleset
from reversis.core.scenario import Fields, dump_record, whole

__all__ = ["PlainGame", "PlainScenario", "PlainSitting", "PlainState", "PlainStats"]

FIELDS = ("ruleset", "options", "dealer", "hands", "moves", "bot", "budget", "seed")
SITTING_FIELDS = ("ruleset", "options", "first_dealer", "hands", "seed", "bot", "budget")


@dataclass(frozen=True)
class PlainScenario:
    """A plain game's scenario, checked."""

    source: str
    rules: Ruleset
    dealer: int
    hands: Mapping[int, tuple[Card, ...]] | None  # None: dealt from the seed
    moves: tuple[int, ...]
    bot: str
    seed: int
    #: the playouts a decision of a searching bot (the strong player)
    budget: int = DEFAULT_BUDGET


class PlainState(State, Protocol):
    """The state of a plain game: a :class:`~reversis.core.moves.State` that keeps the cards dealt to
    each seat and everything that happened (what ``apply`` returned, in order)."""

    @property
    def dealt(self) -> Mapping[int, tuple[Card, ...]]: ...
    @property
    def happened(self) -> Sequence[Happened]: ...


@dataclass
class PlainStats:
    """The counts of ``reversis simulate``: the hands, each seat's returns from the dealer on, the rules fired."""

    hands: int = 0
    returns: list[float] = field(default_factory=list)
    fired: dict[str, int] = field(default_factory=dict)

    def add(self, other: PlainStats) -> None:
        self.hands += other.hands
        self.returns = [a + b for a, b in zip(self.returns or [0.0] * len(other.returns), other.returns, strict=True)]
        for rule, count in other.fired.items():
            self.fired[rule] = self.fired.get(rule, 0) + count

    def lines(self) -> list[str]:
        mean = [r / max(1, self.hands) for r in self.returns]
        places = ", ".join(f"{role(s, dealer=0, players=len(mean))[4:]} {m:+.3f}" for s, m in enumerate(mean))
        out = [f"hands played:        {self.hands}", f"mean returns:        {places}"]
        out += [f"{rule}: {count}" for rule, count in sorted(self.fired.items())]
        return out


class PlainGame:
    """The batch steps of a game from its hand move by move (see the module's docstring)."""

    name: str
    unit: str
    players: int
    bots: Sequence[str]
    zero_sum: bool
    returns_meaning: str
    state_class: type[PlainState]
    default_hands = 10

    # -- what a subclass gives ----------------------------------------------------------------------

    def new_hand(
        self,
        rules: Ruleset,
        *,
        dealer: int = 0,
        seed: int | None = None,
        deal: Mapping[Any, Sequence[Card]] | None = None,
    ) -> State:
        raise NotImplementedError

    def action_count(self, rules: Ruleset) -> int:
        raise NotImplementedError

    def policy(self, bot: str) -> Callable[[State, random.Random], Action]:
        raise NotImplementedError

    # -- a hand ---------------------------------------------------------------------------------------

    def seats(self, rules: Ruleset) -> int:
        return int(rules["players"]) if "players" in rules else self.players

    def _finish(self, state: State, bot: str, rng: random.Random, searching: Policy | None = None) -> PlainState:
        choose = searching or self.policy(bot)
        while not state.over():
            state.apply(choose(state, rng))
        return self._own(state)

    def _own(self, hand: object) -> PlainState:
        return own(self.state_class, hand, self.name)

    def finished(self, state: State) -> PlainState:
        """A state that is over: the game's finished hand."""
        if not state.over():
            raise ValueError("the hand is not over")
        return self._own(state)

    def parse(self, data: object, *, lines: dict[str, int], source: str, rules: Ruleset | None) -> PlainScenario:
        if not isinstance(data, dict) or rules is None:
            raise ScenarioError(f"{source}: a {self.name} scenario is a mapping that names its ruleset")
        f = Fields(data, lines, source)
        f.check_known(FIELDS)
        try:
            rules = rules.with_options({str(k): v for k, v in f.options().items()})
        except OptionError as exc:
            raise f.fail(f"options.{exc.option}", exc.detail) from None
        n = self.seats(rules)
        dealer = f.whole("dealer", 0)
        if dealer >= n:
            raise f.fail("dealer", f"{dealer} is not a seat (0..{n - 1})")
        hands: dict[int, tuple[Card, ...]] | None = None
        if "hands" in data:
            given = data["hands"]
            if not isinstance(given, dict) or sorted(given) != list(range(n)):
                raise f.fail("hands", f"expected each seat's cards, seats 0..{n - 1}")
            try:
                hands = {s: tuple(rules.pack.parse(c) for c in cards) for s, cards in given.items()}
            except (ScenarioError, TypeError) as exc:
                raise f.fail("hands", str(exc)) from None
        moves = data.get("moves", [])
        if not isinstance(moves, list) or not all(whole(m) for m in moves):
            raise f.fail("moves", "expected a list of action codes (whole numbers)")
        bot = f.bot((*self.bots, *SEARCHING_BOTS))
        return PlainScenario(source, rules, dealer, hands, tuple(moves), bot, f.whole("seed", 0), f.budget(bot))

    def _searching(self, bot: str, budget: int, searcher: Searcher | None) -> Policy | None:
        """The searching bot (the strong player) that plays what is left open, if ``bot`` is one."""
        if bot not in SEARCHING_BOTS:
            return None
        if searcher is None:
            raise ScenarioError(f"the bot {bot} is not offered here")
        return searcher(budget)

    def run(self, scenario: Scenario, *, searcher: Searcher | None = None) -> PlainState:
        given = own(PlainScenario, scenario, self.name)
        state = self.new_hand(given.rules, dealer=given.dealer, seed=given.seed, deal=given.hands)
        for k, code in enumerate(given.moves):
            try:
                state.apply(code)
            except IllegalAction as exc:
                raise ScenarioError(f"{given.source}: moves[{k}]: {exc} (rule {exc.rule})") from None
        if state.over():
            return self._own(state)
        searching = self._searching(given.bot, given.budget, searcher)
        return self._finish(state, given.bot, random.Random(given.seed), searching)

    def seeded(self, rules: Ruleset, bot: str) -> Callable[[int, int], PlainState]:
        n = self.seats(rules)
        return lambda seed, i: self._finish(
            self.new_hand(rules, dealer=i % n, seed=seed + i), bot, random.Random(seed + i)
        )

    def result(self, hand: PlayedHand) -> JsonObject:
        played = self._own(hand)
        return {
            "ruleset": played.rules.id,
            "dealer": played.dealer,
            "moves": [a.code for a in played.history()],
            "returns": played.returns(),
            "happened": [_happened(h) for h in played.happened],
        }

    def record(self, hand: PlayedHand, *, bot: str, seed: int, budget: int | None = None) -> JsonObject:
        played = self._own(hand)
        name = played.rules.pack.name
        out: JsonObject = {"ruleset": played.rules.id}
        if played.rules.changed():
            out["options"] = played.rules.changed()
        out["dealer"] = played.dealer
        out["hands"] = {s: [name(c) for c in cards] for s, cards in played.dealt.items()}
        out["moves"] = [a.code for a in played.history()]
        searching = {"budget": budget} if budget is not None and bot in SEARCHING_BOTS else {}
        return {**out, "bot": bot, **searching, "seed": seed}

    def describe(self, hand: PlayedHand) -> Description:
        played = self._own(hand)
        return describe(played.rules, dealer=played.dealer, players=played.players, unit=self.unit,
                        happened=played.happened, returns=played.returns())  # fmt: skip

    def account(self, hand: PlayedHand, scenario: Scenario) -> str:
        description = self.describe(hand)
        lines = [f"{description.ruleset}: {self.returns_meaning}"]
        for step in description.steps:
            h = step.happened
            words = [step.player or "", h.kind, step.card, h.name, step.other, str(h.amount) if h.amount else ""]
            lines.append(" ".join(w for w in words if w) + (f" ({step.rule_name})" if step.rule_name else ""))
        results = zip(description.places, description.returns, strict=True)
        lines.append("returns: " + ", ".join(f"{place} {r:+g}" for place, r in results))
        return "\n".join(lines) + "\n"

    def outcome_labels(self, rules: Ruleset) -> list[str]:
        return [role(s, dealer=0, players=self.seats(rules))[4:] for s in range(self.seats(rules))]

    def outcome(self, hand: PlayedHand) -> tuple[list[int], set[str]]:
        played = self._own(hand)
        returns = [round(r) for r in played.returns()]
        dealer = played.dealer
        return [*returns[dealer:], *returns[:dealer]], {h.rule for h in played.happened if h.rule}

    def stats(self) -> PlainStats:
        return PlainStats()

    def simulate_chunk(self, chunk: Chunk) -> PlainStats:
        ruleset, bot, seed, start, stop = chunk
        rules = load_ruleset(ruleset)
        play = self.seeded(rules, bot)
        return self.tally(rules, (play(seed, i) for i in range(start, stop)))

    def tally(self, rules: Ruleset, hands: Iterable[PlayedHand]) -> PlainStats:
        stats = PlainStats()
        for hand in hands:
            returns, fired = self.outcome(hand)
            stats.add(PlainStats(1, [float(r) for r in returns], dict.fromkeys(fired, 1)))
        return stats

    # -- a sitting ------------------------------------------------------------------------------------

    def sitting(
        self, fields: Mapping[object, object], place: Callable[[str], str], *, source: str, rules: Ruleset
    ) -> PlainSitting:
        def fail(key: str, problem: str) -> ScenarioError:
            return ScenarioError(f"{place(key)}: {problem}")

        unknown = [str(k) for k in fields if k not in SITTING_FIELDS]
        if unknown:
            raise fail(unknown[0], f"unknown field (known: {', '.join(SITTING_FIELDS)})")
        options = fields.get("options") or {}
        if not isinstance(options, dict):
            raise fail("options", "expected a mapping of option names to values")
        try:
            rules = rules.with_options({str(k): v for k, v in options.items()})
        except (OptionError, RulesetError) as exc:
            raise fail("options", str(exc)) from None
        values = {}
        for key, default, low in (("first_dealer", 0, 0), ("hands", self.default_hands, 1), ("seed", 0, 0)):
            value = fields.get(key, default)
            if not whole(value, low=low):
                raise fail(key, f"{value!r} is not allowed: it must be a whole number ≥ {low}")
            values[key] = value
        if values["first_dealer"] >= self.seats(rules):
            raise fail("first_dealer", f"{values['first_dealer']} is not a seat (0..{self.seats(rules) - 1})")
        bot = fields.get("bot", "cautious" if "cautious" in self.bots else self.bots[0])
        known = sorted((*self.bots, *SEARCHING_BOTS))
        if bot not in known:
            raise fail("bot", f"unknown bot {bot!r} (known: {', '.join(known)})")
        budget = fields.get("budget", DEFAULT_BUDGET)
        if not whole(budget, low=1) or budget > MAX_BUDGET or ("budget" in fields and bot not in SEARCHING_BOTS):
            raise fail(
                "budget", f"{budget!r} is not allowed: the strong bot's playouts a decision, 1 to {MAX_BUDGET:,}"
            )
        return PlainSitting(
            self, source, rules, values["hands"], values["seed"], str(bot), values["first_dealer"], budget=budget
        )

    def replayed(self, *, source: str, first: Scenario, hands: int) -> PlainSitting:
        return PlainSitting(self, source, first.rules, hands, first.seed, first.bot, first.dealer)


@dataclass(frozen=True)
class PlainSitting:
    """A plain game's sitting: hands dealt from a seed (or recorded), the deal passing on."""

    game: PlainGame
    source: str
    rules: Ruleset
    hands: int
    seed: int
    bot: str
    first_dealer: int = 0
    records: tuple[tuple[Scenario, int], ...] = ()
    budget: int = DEFAULT_BUDGET

    def with_records(self, records: Sequence[tuple[Scenario, int]]) -> PlainSitting:
        return replace(self, records=tuple(records))

    def play(
        self, *, progress: Callable[[int], None] | None = None, searcher: Searcher | None = None
    ) -> list[PlainState]:
        n = self.game.seats(self.rules)
        searching = None if self.records else self.game._searching(self.bot, self.budget, searcher)
        out = []
        for i in range(self.hands):
            if self.records:
                out.append(self.game.run(self.records[i][0], searcher=searcher))
            else:
                state = self.game.new_hand(self.rules, dealer=(self.first_dealer + i) % n, seed=self.seed + i)
                out.append(self.game._finish(state, self.bot, random.Random(self.seed + i), searching))
            if progress:
                progress(1)
        return out

    def _totals(self, hands: Sequence[PlayedHand]) -> list[float]:
        totals = [0.0] * self.game.seats(self.rules)
        for hand in hands:
            for seat, r in enumerate(self.game._own(hand).returns()):
                totals[seat] += r
        return totals

    def table(self, hands: Sequence[PlayedHand]) -> str:
        totals = self._totals(hands)
        lines = [f"{self.rules.id}: {len(hands)} hands ({self.game.unit}: {self.game.returns_meaning})"]
        lines += [f"seat {seat}: {total:+g}" for seat, total in enumerate(totals)]
        return "\n".join(lines) + "\n"

    def as_json(self, hands: Sequence[PlayedHand]) -> JsonObject:
        return {"ruleset": self.rules.id, "hands": len(hands), "totals": self._totals(hands)}

    def dump(self, hands: Sequence[PlayedHand]) -> str:
        return "".join(
            f"--- # hand {i}\n"
            + dump_record(self.game.record(hand, bot=self.bot, seed=self.seed + i - 1, budget=self.budget))
            for i, hand in enumerate(hands, start=1)
        )


def _happened(h: Happened) -> JsonObject:
    return {k: v for k, v in h.__dict__.items() if v not in (None, "", 0, ())} | {"kind": h.kind}
