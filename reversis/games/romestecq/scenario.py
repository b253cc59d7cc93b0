"""A Romestecq scenario: the fields of ``docs/scenarios.md`` (section Romestecq) checked, and played.

>>> from reversis.games import parse_any
>>> scenario = parse_any("ruleset: romestecq\\nseed: 4\\nplays: [AS, 5S]", source="<doc>")
Traceback (most recent call last):
...
reversis.ScenarioError: <doc>:3: plays[1]: 5S is not in the pack of 36 (ace down to six; article 1)
>>> hand = run(parse_any("ruleset: romestecq\\nseed: 4", source="<doc>"))
>>> hand.phase.value, len(hand.tricks)
('done', 5)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from reversis.core.cards import Card, Pack
from reversis.core.domains import show
from reversis.core.errors import IllegalAction, RulesetError, ScenarioError
from reversis.core.moves import DEFAULT_BUDGET, SEARCHING_BOTS, Searcher
from reversis.core.ruleset import OptionError, Ruleset
from reversis.core.scenario import Fields, whole
from reversis.games.romestecq.bots import BOTS, get_bot, seats_from_eldest
from reversis.games.romestecq.combinations import NAMES
from reversis.games.romestecq.hand import Hand, Phase, deal_cards
from reversis.games.romestecq.moves import RomestecqState
from reversis.games.romestecq.params import HAND_SIZE, Params, compile_params
from reversis.games.romestecq.penalties import DEAL_FAULTS

__all__ = ["Scenario", "parse", "run"]

FIELDS = (
    "ruleset",
    "options",
    "dealer",
    "hands",
    "manner",
    "dealt_before",
    "faults",
    "plays",
    "claims",
    "marks",
    "bot",
    "budget",
    "seed",
    "title",
    "narrative",
)


@dataclass(frozen=True)
class Scenario:
    """A checked Romestecq scenario (``hands`` None: dealt from ``seed``)."""

    source: str
    rules: Ruleset
    dealer: int
    hands: list[list[Card]] | None
    manner: tuple[int, ...]
    dealt_before: tuple[int, ...] | None
    faults: list[tuple[str, int | None, bool]]
    plays: list[tuple[int | None, Card, str | None, int]]  # (seat or None, card, call, line)
    claims: dict[int, list[tuple[str, int | None]]]
    marks: tuple[int, int] | None
    bot: str
    seed: int
    lines: dict[str, int] = field(default_factory=dict)
    #: the playouts a decision of a searching bot (the strong player)
    budget: int = DEFAULT_BUDGET

    def where(self, key: str) -> str:
        return f"{self.source}:{self.lines.get(key, 1)}"


def parse(data: Any, *, lines: dict[str, int], source: str, rules: Ruleset) -> Scenario:
    """Check a Romestecq scenario read from YAML; every problem is one line naming file, line and field."""
    fields = Fields(data, lines, source)
    fields.check_known(FIELDS)
    options = fields.options()
    try:
        rules = rules.with_options({str(k): v for k, v in options.items()})
    except OptionError as exc:
        raise fields.fail(f"options.{exc.option}{exc.path}", exc.detail) from None
    except RulesetError as exc:
        raise fields.fail("options", str(exc)) from None
    read = _Reader(fields, compile_params(rules), rules.pack)
    faults = read.faults()  # the fields in this order: an error names the first
    hands, plays, claims, marks = read.hands(faults), read.plays(), read.claims(), read.marks()
    bot, seed = fields.bot((*BOTS, *SEARCHING_BOTS)), fields.whole("seed", 0)
    budget = fields.budget(bot)
    return Scenario(
        source=source,
        rules=rules,
        dealer=read.seat("dealer", fields.data.get("dealer", 0)),
        hands=hands,
        manner=read.manner("manner") or (2, 3),
        dealt_before=read.manner("dealt_before"),
        faults=faults,
        plays=plays,
        claims=claims,
        marks=marks,
        bot=bot,
        seed=seed,
        lines=lines,
        budget=budget,
    )


class _Reader:
    """The fields of a Romestecq scenario read under its compiled rules."""

    def __init__(self, fields: Fields, p: Params, pack: Pack) -> None:
        self.fields, self.fail, self.data = fields, fields.fail, fields.data
        self.p, self.n, self.pack = p, p.players, pack

    def seat(self, key: str, value: Any) -> int:
        if not whole(value) or value >= self.n:
            raise self.fail(key, f"{show(value)} is not a seat (0..{self.n - 1})")
        return value

    def card(self, key: str, value: Any) -> Card:
        try:
            parsed = self.pack.parse(value)
        except ScenarioError as exc:
            raise self.fail(key, str(exc)) from None
        if parsed not in self.p.pack:
            raise self.fail(key, f"{self.pack.name(parsed)} is not in the pack of 36 (ace down to six; article 1)")
        return parsed

    def manner(self, key: str) -> tuple[int, ...] | None:
        value = self.data.get(key)
        if value is None:
            return None
        if not isinstance(value, list) or not all(whole(v, low=1) for v in value) or sum(value) != HAND_SIZE:
            raise self.fail(key, f"{show(value)}: the packets of a deal, whole numbers adding up to 5, e.g. [2, 3]")
        return tuple(value)

    def faults(self) -> list[tuple[str, int | None, bool]]:
        faults: list[tuple[str, int | None, bool]] = []
        raw_faults = self.data.get("faults") or []
        if not isinstance(raw_faults, list):
            raise self.fail("faults", "expected a list of faults of the deal, e.g. [{fault: faced, seat: 2}]")
        for i, item in enumerate(raw_faults):
            key = f"faults[{i}]"
            if (
                not isinstance(item, dict)
                or item.get("fault") not in DEAL_FAULTS
                or not set(item) <= {"fault", "seat", "kept"}
            ):
                raise self.fail(key, f"a fault is {{fault: NAME, seat: N}}, NAME one of {', '.join(DEAL_FAULTS)}")
            at = self.seat(f"{key}.seat", item["seat"]) if "seat" in item else None
            if at is None and item["fault"] != "faced-in-pack":
                raise self.fail(key, f"the fault {item['fault']} names the seat it fell on")
            kept = item.get("kept", False)
            if not isinstance(kept, bool):
                raise self.fail(f"{key}.kept", "true (the player plays on with six cards) or false")
            faults.append((str(item["fault"]), at, kept))
        return faults

    def hands(self, faults: list[tuple[str, int | None, bool]]) -> list[list[Card]] | None:
        n, data = self.n, self.data
        if "hands" not in data:
            return None
        sixes = {s for name, s, _ in faults if name == "six-cards"}
        raw = data["hands"]
        if not isinstance(raw, dict) or sorted(raw) != list(range(n)):
            raise self.fail("hands", f"expected the cards of every seat 0..{n - 1}")
        hands: list[list[Card]] = [[] for _ in range(n)]
        seen: dict[Card, str] = {}
        for s, cards in raw.items():
            want = HAND_SIZE + (s in sixes)
            if not isinstance(cards, list) or len(cards) != want:
                raise self.fail(f"hands.{s}", f"expected a list of {want} cards (article 2)")
            for i, value in enumerate(cards):
                c = self.card(f"hands.{s}[{i}]", value)
                if c in seen:
                    raise self.fail(f"hands.{s}[{i}]", f"{self.pack.name(c)} is dealt twice (first at {seen[c]})")
                seen[c] = f"hands.{s}[{i}]"
                hands[s].append(c)
        return hands

    def plays(self) -> list[tuple[int | None, Card, str | None, int]]:
        line_of = self.fields.line_of
        plays: list[tuple[int | None, Card, str | None, int]] = []
        raw_plays = self.data.get("plays") or []
        if not isinstance(raw_plays, list):
            raise self.fail("plays", "expected a list of cards in playing order")
        for i, item in enumerate(raw_plays):
            key = f"plays[{i}]"
            if isinstance(item, dict):
                if "card" not in item or not set(item) <= {"card", "call", "seat"}:
                    raise self.fail(key, "a play is a card, or {card: CARD, call: TEXT, seat: N}")
                call = item.get("call")
                if call is not None and not isinstance(call, str):
                    raise self.fail(f"{key}.call", 'a call is text, e.g. "pièce de ningre" or "autre pièce"')
                who = self.seat(f"{key}.seat", item["seat"]) if "seat" in item else None
                plays.append((who, self.card(f"{key}.card", item["card"]), call, line_of(key)))
            else:
                plays.append((None, self.card(key, item), None, line_of(key)))
        return plays

    def claims(self) -> dict[int, list[tuple[str, int | None]]]:
        claims: dict[int, list[tuple[str, int | None]]] = {}
        raw_claims = self.data.get("claims") or {}
        if not isinstance(raw_claims, dict):
            raise self.fail("claims", "expected a mapping of seats to the combinations each counts, e.g. {1: [rome]}")
        for s, items in raw_claims.items():
            key = f"claims.{s}"
            at = self.seat(key, s)
            if not isinstance(items, list):
                raise self.fail(key, "expected a list of combinations")
            claims[at] = []
            for i, item in enumerate(items):
                name, marks = (item.get("combination"), item.get("marks")) if isinstance(item, dict) else (item, None)
                if name not in NAMES[1:] or (marks is not None and not whole(marks)):
                    raise self.fail(
                        f"{key}[{i}]", f"expected one of {', '.join(NAMES[1:])}, or {{combination: NAME, marks: N}}"
                    )
                claims[at].append((str(name), marks))
        return claims

    def marks(self) -> tuple[int, int] | None:
        if "marks" not in self.data:
            return None
        raw = self.data["marks"]
        if not isinstance(raw, dict) or sorted(raw) != [0, 1] or not all(whole(v) for v in raw.values()):
            raise self.fail("marks", "the marks each side still has to rub out, e.g. {0: 12, 1: 7}")
        return (raw[0], raw[1])


def _dealt(scenario: Scenario, rng: random.Random) -> list[list[Card]]:
    if scenario.hands is not None:
        return scenario.hands
    p = compile_params(scenario.rules)
    hands = deal_cards(p, dealer=scenario.dealer, rng=rng, manner=scenario.manner)
    rest = [c for c in p.pack if not any(c in h for h in hands)]
    for name, seat, _ in scenario.faults:
        if name == "six-cards" and seat is not None:
            hands[seat].append(rest.pop(rng.randrange(len(rest))))
    return hands


def run(scenario: Scenario, *, searcher: Searcher | None = None) -> Hand:
    """Play a scenario: its deal and faults, its plays, the bot for the rest, then the claims. A
    searching bot (the strong player, made by ``searcher`` for the scenario's budget) plays the whole
    hand, its calls and claims included, through its moves."""
    rng = random.Random(scenario.seed)
    try:
        hand = Hand(
            scenario.rules,
            dealer=scenario.dealer,
            hands=_dealt(scenario, rng),
            manner=scenario.manner,
            dealt_before=scenario.dealt_before,
            faults=scenario.faults,
            marks_before=scenario.marks,
            rng=rng,
        )
    except IllegalAction as exc:
        key = "dealt_before" if exc.rule == "deal.manner" else "faults"
        raise ScenarioError(f"{scenario.where(key)}: {key}: {exc} (rule {exc.rule})") from None
    if scenario.bot in SEARCHING_BOTS and hand.phase is not Phase.DONE and not scenario.plays:
        if searcher is None:
            raise ScenarioError(f"{scenario.where('bot')}: bot: {scenario.bot} is not offered here")
        search, state = searcher(scenario.budget), RomestecqState(hand)  # over the hand itself
        while state.to_act() is not None:
            state.apply(search(state, rng))
        return hand
    name = scenario.rules.pack.name
    for i, (seat, card, call, line) in enumerate(scenario.plays):
        if hand.phase is not Phase.TRICKS:
            raise ScenarioError(f"{scenario.source}:{line}: plays[{i}]: {name(card)} is played after the hand ended")
        if seat is None and card not in hand.hands[hand.to_act] and scenario.hands is None:
            raise ScenarioError(
                f"{scenario.source}:{line}: plays[{i}].card: {name(card)} is not in the hand of seat {hand.to_act} "
                f"(the cards were dealt from seed {scenario.seed})"
            )
        try:
            hand.play(card, seat=seat, call=call)
        except IllegalAction as exc:
            raise ScenarioError(
                f"{scenario.source}:{line}: plays[{i}] (trick {hand.trick_no}): {exc} (rule {exc.rule})"
            ) from None
    if scenario.bot in SEARCHING_BOTS and hand.phase is Phase.TRICKS:
        raise ScenarioError(
            f"{scenario.where('bot')}: bot: {scenario.bot} plays a hand from its deal: give all its plays or none"
        )
    bot = get_bot("cautious" if scenario.bot in SEARCHING_BOTS else scenario.bot)
    while hand.phase is Phase.TRICKS:
        card, call = bot.play(hand, rng)
        hand.play(card, call=call)
    if hand.phase is Phase.CLAIMS:
        for seat in seats_from_eldest(hand):
            given = scenario.claims.get(seat)
            for combination, marks in given if given is not None else [(c, None) for c in hand.due_claims(seat)]:
                if hand.phase is not Phase.CLAIMS:
                    break
                try:
                    hand.claim(seat, combination, marks)
                except IllegalAction as exc:
                    raise ScenarioError(
                        f"{scenario.where(f'claims.{seat}')}: claims.{seat}: {exc} (rule {exc.rule})"
                    ) from None
        hand.finish()
    return hand
