"""Scenarios: a hand described in YAML, played to the end, and its result.

This is the public contract of DESIGN.md: ``reversis play SCENARIO.yaml``.
Every problem with a scenario is a ``ScenarioError`` whose one-line message
names the file, the line, the field and the problem.

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
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from reversis.bots import BOTS, get_bot
from reversis.cards import Card
from reversis.errors import IllegalAction, RulesetError, ScenarioError
from reversis.hand import Bete, Hand, Phase
from reversis.ruleset import Ruleset, load_ruleset

__all__ = [
    "Scenario",
    "load_scenario",
    "parse_scenario",
    "play_file",
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
    plays: list[tuple[int | None, Card, int]]  # (seat or None, card, line)
    bot: str
    seed: int
    pool: int
    betes: list[Bete]
    lines: dict[str, int] = field(default_factory=dict)

    def where(self, key: str) -> str:
        """``file:line`` of a field (or of the file's start)."""
        return f"{self.source}:{self.lines.get(key, self.lines.get(key.split('.')[0].split('[')[0], 1))}"


def _lines(node: yaml.Node, prefix: str, out: dict[str, int]) -> None:
    """Record the line of every key and list item under ``node``."""
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            name = f"{prefix}.{key.value}" if prefix else str(key.value)
            out[name] = key.start_mark.line + 1
            _lines(value, name, out)
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            name = f"{prefix}[{i}]"
            out[name] = item.start_mark.line + 1
            _lines(item, name, out)


def load_scenario(path: str | Path) -> Scenario:
    """Read and check a scenario file."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise ScenarioError(f"{path}: cannot be read ({exc.strerror})") from None
    except UnicodeDecodeError:
        raise ScenarioError(f"{path}: is not UTF-8 text") from None
    return parse_scenario(text, source=str(path))


def _option_key(exc: RulesetError, options: dict[str, Any], *, default: str) -> str:
    """The scenario field an option error is about (``options.NAME``), or ``default``."""
    for name in options:
        if f"'{name}'" in str(exc) or f"option {name}:" in str(exc):
            return f"options.{name}"
    return default


def parse_scenario(text: str, *, source: str) -> Scenario:
    """Parse and check a scenario given as YAML text; ``source`` names it in errors."""
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark is not None else 1
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise ScenarioError(f"{source}:{line}: malformed YAML: {problem}") from None
    lines: dict[str, int] = {}
    if node is not None:
        _lines(node, "", lines)

    def fail(key: str, problem: str) -> ScenarioError:
        line = lines.get(key, 1)
        return ScenarioError(f"{source}:{line}: {key}: {problem}")

    if not isinstance(data, dict):
        raise ScenarioError(f"{source}:1: a scenario is a mapping with at least 'ruleset'")
    unknown = sorted(set(map(str, data)) - _FIELDS)
    if unknown:
        raise fail(unknown[0], f"unknown field (known: {', '.join(sorted(_FIELDS))})")
    if "ruleset" not in data:
        raise ScenarioError(f"{source}:1: ruleset: missing (e.g. 'ruleset: encyclopedie-1765')")
    options = data.get("options") or {}
    if not isinstance(options, dict):
        raise fail("options", "expected a mapping of option names to values")
    try:
        rules = load_ruleset(str(data["ruleset"])).with_options(options)
    except RulesetError as exc:
        raise fail(_option_key(exc, options, default="ruleset"), str(exc)) from None
    pack = rules.pack
    try:
        from reversis.params import compile_params

        params = compile_params(rules)
    except RulesetError as exc:
        raise fail(_option_key(exc, options, default="options"), str(exc)) from None
    n = params.players

    def seat_of(key: str, value: Any) -> int:
        try:
            seat = int(value)
        except (TypeError, ValueError):
            raise fail(key, f"{value!r} is not a seat (0..{n - 1})") from None
        if not 0 <= seat < n:
            raise fail(key, f"seat {seat} does not exist (0..{n - 1})")
        return seat

    def card(key: str, value: Any) -> Card:
        try:
            return pack.parse(value)
        except ScenarioError as exc:
            raise fail(key, str(exc)) from None

    def integer(key: str, default: int) -> int:
        value = data.get(key, default)
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise fail(key, f"{value!r} is not a whole number >= 0")
        return value

    dealer = seat_of("dealer", data.get("dealer", 0))
    hands: list[list[Card]] | None = None
    talon: list[Card] | None = None
    if "hands" in data or "talon" in data:
        raw_hands = data.get("hands")
        if not isinstance(raw_hands, dict):
            raise fail("hands", f"expected a mapping of the {n} seats to their cards")
        hands = [[] for _ in range(n)]
        given = set()
        for key, cards in raw_hands.items():
            seat = seat_of(f"hands.{key}", key)
            if not isinstance(cards, list):
                raise fail(f"hands.{key}", "expected a list of cards")
            hands[seat] = [card(f"hands.{key}[{i}]", c) for i, c in enumerate(cards)]
            given.add(seat)
        if len(given) != n:
            raise fail("hands", f"hands given for seats {sorted(given)}, expected all of 0..{n - 1}")
        raw_talon = data.get("talon")
        if not isinstance(raw_talon, list):
            raise fail("talon" if "talon" in data else "hands", "a given deal needs the talon as a list of cards")
        talon = [card(f"talon[{i}]", c) for i, c in enumerate(raw_talon)]
    exchange: dict[int, Card | None] = {}
    raw_exchange = data.get("exchange") or {}
    if not isinstance(raw_exchange, dict):
        raise fail("exchange", "expected a mapping of seats to 'pass' or {discard: CARD}")
    for key, action in raw_exchange.items():
        seat = seat_of(f"exchange.{key}", key)
        if action == "pass":
            exchange[seat] = None
        elif isinstance(action, dict) and set(action) == {"discard"}:
            exchange[seat] = card(f"exchange.{key}.discard", action["discard"])
        else:
            raise fail(f"exchange.{key}", f"{action!r}: expected 'pass' or {{discard: CARD}}")
    if data.get("declarations"):
        raise fail("declarations", f"ruleset {rules.id} has no declarations")
    plays: list[tuple[int | None, Card, int]] = []
    raw_plays = data.get("plays") or []
    if not isinstance(raw_plays, list):
        raise fail("plays", "expected a list of cards in playing order")
    for i, item in enumerate(raw_plays):
        key = f"plays[{i}]"
        if isinstance(item, dict):
            if set(item) != {"seat", "card"}:
                raise fail(key, "a play is a card, or {seat: N, card: CARD} for a play out of turn")
            plays.append((seat_of(key + ".seat", item["seat"]), card(key + ".card", item["card"]), lines.get(key, 1)))
        else:
            plays.append((None, card(key, item), lines.get(key, 1)))
    bot = str(data.get("bot", "cautious"))
    if bot not in BOTS:
        raise fail("bot", f"unknown bot {bot!r} (known: {', '.join(sorted(BOTS))})")
    betes: list[Bete] = []
    raw_betes = data.get("betes") or []
    if not isinstance(raw_betes, list):
        raise fail("betes", "expected a list of the bêtes owed, each {seat: N, amount: N}")
    for i, item in enumerate(raw_betes):
        key = f"betes[{i}]"
        if not isinstance(item, dict) or set(item) != {"seat", "amount"}:
            raise fail(key, "a bête owed is {seat: N, amount: N}")
        amount = item["amount"]
        if not isinstance(amount, int) or isinstance(amount, bool) or amount < 0:
            raise fail(key, f"amount {amount!r} is not a whole number >= 0")
        betes.append((seat_of(key, item["seat"]), amount, "bete.carried"))
    return Scenario(
        source=source,
        rules=rules,
        options=dict(options),
        dealer=dealer,
        hands=hands,
        talon=talon,
        exchange=exchange,
        plays=plays,
        bot=bot,
        seed=integer("seed", 0),
        pool=integer("pool", 0),
        betes=betes,
        lines=lines,
    )


def run(scenario: Scenario) -> Hand:
    """Play a scenario to the end: given exchanges and plays first, the bot for the rest."""
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
    bot = get_bot(scenario.bot)
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
        else:
            hand.exchange(bot.exchange(hand, rng))
    for i, (player, card, line) in enumerate(scenario.plays):
        if hand.phase is not Phase.TRICKS:
            raise ScenarioError(f"{scenario.source}:{line}: plays[{i}]: {name(card)} is played after the last trick")
        try:
            hand.play(card, seat=player)
        except IllegalAction as exc:
            raise ScenarioError(
                f"{scenario.source}:{line}: plays[{i}] (trick {hand.trick_no}): {exc} (rule {exc.rule})"
            ) from None
    while hand.phase is Phase.TRICKS:
        hand.play(bot.play(hand, rng))
    return hand


def play_file(path: str | Path) -> tuple[Scenario, Hand]:
    """Load and run a scenario file (errors are ``ReversisError``s with one-line messages)."""
    scenario = load_scenario(path)
    return scenario, run(scenario)
