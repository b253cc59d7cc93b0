"""Scenarios: a hand described in YAML, played to the end, and its result.

This is the public contract of ``reversis play SCENARIO.yaml``, documented
field by field in ``docs/scenarios.md``. The text is read by
:mod:`reversis.core.scenario_yaml` (parsed once, with limits on size, aliases,
duplicate keys and lengths), every option is checked against its domain, and
every card against the ruleset's pack. Every problem with a scenario is a
``ScenarioError`` whose one-line message names the file, the line, the field
and the problem.

>>> text = '''
... ruleset: encyclopedie-1765
... seed: 3
... bot: cautious
... '''
>>> hand = run(parse_scenario(text, source="<doc>"))
>>> hand.phase.value, len(hand.tricks)
('done', 11)
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from reversis.core.cards import Card, card_rank
from reversis.core.domains import show
from reversis.core.errors import IllegalAction, RulesetError, ScenarioError, did_you_mean
from reversis.core.moves import DEFAULT_BUDGET, SEARCHING_BOTS, Action, Policy, Searcher, State
from reversis.core.ruleset import OptionError, Ruleset, load_ruleset, ruleset_ids
from reversis.core.scenario import Fields, read_text, whole
from reversis.core.scenario_yaml import read_yaml
from reversis.games.reversis.bots import BOTS, bot_declarations, get_bot
from reversis.games.reversis.declarations import declaration_names, moment
from reversis.games.reversis.hand import Bete, Hand, Phase
from reversis.games.reversis.moves import resumed
from reversis.games.reversis.params import Params, compile_params

__all__ = [
    "Scenario",
    "load_scenario",
    "parse_fields",
    "parse_scenario",
    "read_text",
    "run",
]

_FIELDS = {
    "ruleset",
    "options",
    "dealer",
    "hands",
    "talon",
    "exchange",
    "declarations",
    "plays",
    "bot",
    "budget",
    "seed",
    "pool",
    "betes",
    "title",
    "narrative",
}


@dataclass(frozen=True)
class Scenario:
    """A parsed scenario; ``hands`` and ``talon`` are ``None`` when the deal comes from ``seed``."""

    source: str
    rules: Ruleset
    options: dict[str, Any]
    dealer: int
    hands: list[list[Card]] | None
    talon: list[Card] | None
    exchange: dict[int, Card | None]
    declarations: dict[int, tuple[str, ...]]  # each seat's declarations, in the order they fall due
    plays: list[tuple[int | None, Card, int]]  # (seat or None, card, line)
    bot: str
    seed: int
    pool: int
    betes: list[Bete]
    lines: dict[str, int] = field(default_factory=dict)
    #: the playouts a decision of a searching bot (the strong player)
    budget: int = DEFAULT_BUDGET

    def where(self, key: str) -> str:
        """``file:line`` of a field (or of the file's start)."""
        return f"{self.source}:{self.lines.get(key, self.lines.get(key.split('.')[0].split('[')[0], 1))}"


def load_scenario(path: str | Path) -> Scenario:
    """Read and check a reversis scenario file (at most ``MAX_BYTES`` of it is ever read)."""
    return parse_scenario(read_text(path), source=str(path))


def _option_key(exc: RulesetError, options: Mapping[object, object], *, default: str) -> str:
    """The scenario field an option error is about (``options.NAME``), or ``default``."""
    if isinstance(exc, OptionError):
        return f"options.{exc.option}{exc.path}"
    for name in options:
        if f"'{name}'" in str(exc) or f"option {name}:" in str(exc) or f"option {name} " in str(exc):
            return f"options.{name}"
    return default


def parse_scenario(text: str, *, source: str) -> Scenario:
    """Parse and check a reversis scenario given as YAML text; ``source`` names it in errors.
    (:func:`reversis.games.parse_any` reads a scenario of any game.)"""
    data, lines = read_yaml(text, source=source)
    return parse_fields(data, lines=lines, source=source)


def parse_fields(data: Any, *, lines: dict[str, int], source: str) -> Scenario:
    """Check a reversis scenario read from YAML (``lines``: the line of each field)."""
    if not isinstance(data, dict):
        raise ScenarioError(f"{source}:1: a scenario is a mapping with at least 'ruleset'")
    fields = Fields(data, lines, source)
    fields.check_known(_FIELDS)
    if "ruleset" not in data:
        raise ScenarioError(f"{source}:1: ruleset: missing (e.g. 'ruleset: encyclopedie-1765')")
    if not isinstance(data["ruleset"], str):
        raise fields.fail(
            "ruleset",
            f"{show(data['ruleset'])} is not a ruleset id{did_you_mean(data['ruleset'], ruleset_ids())} "
            f"(known: {', '.join(ruleset_ids())})",
        )
    for key in ("title", "narrative"):
        if isinstance(data.get(key), list | dict):
            raise fields.fail(key, "expected text")
    options = fields.options()
    try:
        rules = load_ruleset(data["ruleset"]).with_options({str(name): value for name, value in options.items()})
    except OptionError as exc:
        raise fields.fail(_option_key(exc, options, default="options"), exc.detail) from None
    except RulesetError as exc:
        raise fields.fail(_option_key(exc, options, default="ruleset"), str(exc)) from None
    try:
        params = compile_params(rules)
    except RulesetError as exc:
        raise fields.fail(_option_key(exc, options, default="options"), str(exc)) from None
    read = _Reader(fields, rules, params)
    dealer = read.seat("dealer", data.get("dealer", 0))  # the fields in this order: an error names the first
    hands, talon = read.deal()
    exchange, declarations, plays = read.exchange(), read.declarations(), read.plays()
    bot, betes = fields.bot((*BOTS, *SEARCHING_BOTS)), read.betes()
    return Scenario(
        source=source,
        rules=rules,
        options={str(name): value for name, value in options.items()},
        dealer=dealer,
        hands=hands,
        talon=talon,
        exchange=exchange,
        declarations=declarations,
        plays=plays,
        bot=bot,
        seed=fields.whole("seed", 0),
        pool=fields.whole("pool", 0),
        betes=betes,
        lines=lines,
        budget=fields.budget(bot),
    )


class _Reader:
    """The fields of a scenario read under its rules: seats, cards and the parts of the hand."""

    def __init__(self, fields: Fields, rules: Ruleset, params: Params) -> None:
        self.fields, self.fail, self.data = fields, fields.fail, fields.data
        self.rules, self.params, self.pack = rules, params, rules.pack
        self.n = params.players
        self.in_pack = set(params.pack)

    def seat(self, key: str, value: Any) -> int:
        n = self.n
        if not isinstance(value, int) or isinstance(value, bool):
            raise self.fail(key, f"{show(value)} is not a seat (0..{n - 1})")
        if not 0 <= value < n:
            raise self.fail(key, f"seat {value} does not exist (0..{n - 1})")
        return value

    def card(self, key: str, value: Any) -> Card:
        pack, in_pack = self.pack, self.in_pack
        try:
            parsed = pack.parse(value)
        except ScenarioError as exc:
            raise self.fail(key, str(exc)) from None
        if parsed not in in_pack:
            name = pack.name(parsed)
            if card_rank(parsed) in pack.optional_ranks:
                raise self.fail(
                    key,
                    f"{name} is not in this pack: its {len(in_pack)} cards leave out the tens "
                    "unless option keep_tens is true",
                )
            raise self.fail(key, f"{name} is not in this pack of {len(in_pack)} cards")
        return parsed

    def deal(self) -> tuple[list[list[Card]] | None, list[Card] | None]:
        """The hands and the talon, where the scenario gives the deal (each card once in all)."""
        data, n = self.data, self.n
        if "hands" not in data and "talon" not in data:
            return None, None
        raw_hands = data.get("hands")
        if not isinstance(raw_hands, dict):
            raise self.fail("hands", f"expected a mapping of the {n} seats to their cards")
        hands: list[list[Card]] = [[] for _ in range(n)]
        given: dict[Card, tuple[str, str]] = {}  # the field and the hand where each card was given first

        def deal(key: str, value: Any, where: str) -> Card:
            # checked here, before the hand is built, to name both places of a card given twice
            parsed = self.card(key, value)
            if parsed in given:
                first, first_where = given[parsed]
                twice = f"twice in {where}" if first_where == where else f"twice ({first_where} and {where})"
                raise self.fail(
                    key,
                    f"card {self.pack.name(parsed)} is dealt {twice}, at {first} (line {self.fields.line_of(first)}) "
                    f"and {key}; rule deal.misdeal orders a redeal",
                )
            given[parsed] = (key, where)
            return parsed

        for key, cards in raw_hands.items():
            seat = self.seat(f"hands.{key}", key)
            if not isinstance(cards, list):
                raise self.fail(f"hands.{key}", "expected a list of cards")
            hands[seat] = [deal(f"hands.{key}[{i}]", c, f"hand {seat}") for i, c in enumerate(cards)]
        seats = sorted(raw_hands)
        if len(seats) != n:
            raise self.fail("hands", f"hands given for seats {show(seats)}, expected all of 0..{n - 1}")
        raw_talon = data.get("talon")
        if not isinstance(raw_talon, list):
            raise self.fail("talon" if "talon" in data else "hands", "a given deal needs the talon as a list of cards")
        return hands, [deal(f"talon[{i}]", c, "the talon") for i, c in enumerate(raw_talon)]

    def exchange(self) -> dict[int, Card | None]:
        exchange: dict[int, Card | None] = {}
        raw_exchange = self.data.get("exchange") or {}
        if not isinstance(raw_exchange, dict):
            raise self.fail("exchange", "expected a mapping of seats to 'pass' or {discard: CARD}")
        for key, action in raw_exchange.items():
            seat = self.seat(f"exchange.{key}", key)
            if action == "pass":
                exchange[seat] = None
            elif isinstance(action, dict) and set(action) == {"discard"}:
                exchange[seat] = self.card(f"exchange.{key}.discard", action["discard"])
            else:
                raise self.fail(f"exchange.{key}", f"{show(action)}: expected 'pass' or {{discard: CARD}}")
        return exchange

    def declarations(self) -> dict[int, tuple[str, ...]]:
        rules = self.rules
        declarations: dict[int, tuple[str, ...]] = {}
        raw_declarations = self.data.get("declarations") or {}
        if not isinstance(raw_declarations, dict):
            raise self.fail("declarations", "expected a mapping of seats to a declaration, e.g. {2: napolitana}")
        known = declaration_names(self.params)
        for key, value in raw_declarations.items():
            seat = self.seat(f"declarations.{key}", key)
            if not known:
                raise self.fail(f"declarations.{key}", f"ruleset {rules.id} has no declarations (rule declare)")
            names = value if isinstance(value, list) else [value]  # a seat may make several: [napolitana, revesino]
            for name in names:
                if name not in known:
                    raise self.fail(
                        f"declarations.{key}",
                        f"{show(name)} is not a declaration of ruleset {rules.id} (known: {', '.join(known)}) "
                        "(rule declare)",
                    )
            if len(set(names)) != len(names) or not names:
                raise self.fail(f"declarations.{key}", f"{show(value)}: each declaration once")
            declarations[seat] = tuple(names)
        return declarations

    def plays(self) -> list[tuple[int | None, Card, int]]:
        line_of = self.fields.line_of
        plays: list[tuple[int | None, Card, int]] = []
        raw_plays = self.data.get("plays") or []
        if not isinstance(raw_plays, list):
            raise self.fail("plays", "expected a list of cards in playing order")
        for i, item in enumerate(raw_plays):
            key = f"plays[{i}]"
            if isinstance(item, dict):
                if set(item) != {"seat", "card"}:
                    raise self.fail(key, "a play is a card, or {seat: N, card: CARD} for a play out of turn")
                plays.append(
                    (self.seat(key + ".seat", item["seat"]), self.card(key + ".card", item["card"]), line_of(key))
                )
            else:
                plays.append((None, self.card(key, item), line_of(key)))
        return plays

    def betes(self) -> list[Bete]:
        betes: list[Bete] = []
        raw_betes = self.data.get("betes") or []
        if not isinstance(raw_betes, list):
            raise self.fail("betes", "expected a list of the bêtes owed, each {seat: N, amount: N}")
        for i, item in enumerate(raw_betes):
            key = f"betes[{i}]"
            if not isinstance(item, dict) or set(item) != {"seat", "amount"}:
                raise self.fail(key, "a bête owed is {seat: N, amount: N}")
            amount = item["amount"]
            if not whole(amount):
                raise self.fail(key, f"amount {show(amount)} is not allowed: it must be a whole number ≥ 0")
            betes.append((self.seat(key, item["seat"]), amount, "bete.carried"))
        return betes


def run(scenario: Scenario, *, searcher: Searcher | None = None) -> Hand:
    """Play a scenario to the end: given exchanges and plays first, the bot for the rest. A searching
    bot (the strong player, made by ``searcher`` for the scenario's budget) decides through the moves
    of the hand (:func:`reversis.games.reversis.moves.resumed`) every exchange, declaration and card
    the scenario leaves open; the scenario's own declarations are made when they fall due."""
    rules = scenario.rules
    rng = random.Random(scenario.seed)
    try:
        if scenario.hands is None:
            hand = Hand.deal(rules, dealer=scenario.dealer, rng=rng, pool=scenario.pool, betes=scenario.betes)
        else:
            assert scenario.talon is not None
            hand = Hand(
                rules,
                dealer=scenario.dealer,
                hands=scenario.hands,
                talon=scenario.talon,
                pool=scenario.pool,
                betes=scenario.betes,
            )
    except ScenarioError as exc:
        raise ScenarioError(f"{scenario.where('hands')}: hands: {exc}") from None
    search = _searching(scenario, searcher)
    bot = get_bot("cautious" if search else scenario.bot)
    name = rules.pack.name
    while hand.phase is Phase.EXCHANGE:
        seat = hand.to_act
        if seat in scenario.exchange:
            discard = scenario.exchange[seat]
            try:
                hand.exchange(discard)
            except IllegalAction as exc:
                raise ScenarioError(
                    f"{scenario.where(f'exchange.{seat}')}: exchange.{seat}: {exc} (rule {exc.rule})"
                ) from None
        elif search is not None:
            hand.exchange(search(resumed(hand, asked=True, copy=True), rng).card)
        else:
            hand.exchange(bot.exchange(hand, rng))
    for i, (player, card, line) in enumerate(scenario.plays):
        if hand.phase is not Phase.TRICKS:
            raise ScenarioError(f"{scenario.source}:{line}: plays[{i}]: {name(card)} is played after the last trick")
        _declare(hand, scenario, by_bot=False)
        try:
            hand.play(card, seat=player)
        except IllegalAction as exc:
            raise ScenarioError(
                f"{scenario.source}:{line}: plays[{i}] (trick {hand.trick_no}): {exc} (rule {exc.rule})"
            ) from None
    if search is not None and hand.phase is Phase.TRICKS:
        _declare(hand, scenario, by_bot=False)
        state = resumed(hand)  # over the hand itself: each move is made in it
        while (whose := state.to_act()) is not None:
            given = [
                a
                for a in state.legal_actions()
                if a.kind == "declare" and a.name in scenario.declarations.get(whose, ())
            ]
            state.apply(given[0] if given else search(state, rng))
    while hand.phase is Phase.TRICKS:
        _declare(hand, scenario, by_bot=True)
        hand.play(bot.play(hand, rng))
    return hand


def _searching(scenario: Scenario, searcher: Searcher | None) -> Policy | None:
    """The searching bot that plays what the scenario leaves open, if its bot is one."""
    if scenario.bot not in SEARCHING_BOTS:
        return None
    if searcher is not None:
        return searcher(scenario.budget)

    def missing(state: State, rng: random.Random) -> Action:  # a recorded hand leaves nothing open
        raise ScenarioError(f"{scenario.where('bot')}: bot: {scenario.bot} is not offered here")

    return missing


def _declare(hand: Hand, scenario: Scenario, *, by_bot: bool) -> None:
    """Make the scenario's declarations due before the next card, then, once the bots play, the
    declarations the bots choose for the other seats."""
    if not hand.declaration_due:
        return
    for seat, names in scenario.declarations.items():
        for declared in names:
            if moment(hand.params, declared) != hand.trick_no or any(
                e.seat == seat for e in hand.declared if e.name == declared
            ):
                continue
            try:
                hand.declare(seat, declared)
            except IllegalAction as exc:
                raise ScenarioError(
                    f"{scenario.where(f'declarations.{seat}')}: declarations.{seat}: {exc} (rule {exc.rule})"
                ) from None
    if by_bot:
        for seat, declared in bot_declarations(hand):
            if seat not in scenario.declarations:
                hand.declare(seat, declared)
