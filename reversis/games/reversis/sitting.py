"""A sitting of Reversis: many hands in a row, the deal passing round, the pool and the bêtes carried over.

A sitting is played at one table under one ruleset. Seats are numbered in playing order and the seat
after the dealer is the eldest, so the deal passes in the direction of play: the next dealer is the
seat after the dealer (``(dealer + 1) % players``), the eldest of the hand before. What the pool
holds after a hand, and the bêtes still owed to it, are where the next hand begins; the hand itself
does whatever staking its ruleset orders when it begins. Each seat's running total is the sum of its
balances; the standing ranks the seats by it. The sitting file, and the command, are
:mod:`reversis.apps.sitting`'s.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, TypeGuard

import yaml

from reversis.core.domains import show
from reversis.core.errors import RulesetError, ScenarioError, did_you_mean
from reversis.core.game import JsonObject, PlayedHand, own
from reversis.core.game import Scenario as ScenarioLike
from reversis.core.moves import DEFAULT_BUDGET, MAX_BUDGET, SEARCHING_BOTS, Searcher
from reversis.core.roles import first_hand_label, in_sentence
from reversis.core.ruleset import OptionError, Ruleset
from reversis.core.scenario import shifted
from reversis.games.reversis.bots import BOTS, get_bot
from reversis.games.reversis.events import BeteOwed, PoolWon
from reversis.games.reversis.hand import Bete, Hand, Phase
from reversis.games.reversis.ledger import POOL
from reversis.games.reversis.moves import ReversisState
from reversis.games.reversis.params import compile_params
from reversis.games.reversis.result import dump_record, record, result
from reversis.games.reversis.scenario import Scenario, run

__all__ = ["DEFAULT_HANDS", "MAX_HANDS", "Sitting", "parse_sitting_fields", "standing", "totals"]

#: The most hands of a sitting.
MAX_HANDS = 2000
#: The hands of a sitting that does not say how many.
DEFAULT_HANDS = 10

_FIELDS = ("ruleset", "options", "first_dealer", "hands", "seed", "bot", "budget")


@dataclass(frozen=True)
class Sitting:
    """A checked sitting: its rules, who deals first, how many hands, and either the recorded
    hands (each a scenario and the line before its document) or ``None`` to deal them from ``seed``."""

    source: str
    rules: Ruleset
    first_dealer: int
    hands: int
    seed: int
    bot: str
    records: tuple[tuple[Scenario, int], ...] | None = None
    #: the playouts a decision of a searching bot (the strong player)
    budget: int = DEFAULT_BUDGET

    def with_records(self, records: Sequence[tuple[ScenarioLike, int]]) -> Sitting:
        """The sitting replayed from its recorded hands (each a scenario and the line before its document)."""
        return replace(self, records=tuple((own(Scenario, s, "reversis"), offset) for s, offset in records))

    def play(self, *, progress: Callable[[int], None] | None = None, searcher: Searcher | None = None) -> list[Hand]:
        """Play every hand of a sitting, the deal passing round, the pool and the bêtes carried over;
        ``progress`` is called with 1 after each hand. A searching bot (the strong player, made by
        ``searcher`` for the sitting's budget) plays each dealt hand through its moves."""
        rules = self.rules
        params = compile_params(rules)
        players = params.players
        search = None
        if self.bot in SEARCHING_BOTS and self.records is None:
            if searcher is None:
                raise ScenarioError(f"{self.source}: the bot {self.bot} is not offered here")
            search = searcher(self.budget)
        bot = get_bot("cautious" if self.bot in SEARCHING_BOTS else self.bot)
        hands: list[Hand] = []
        dealer = self.first_dealer
        pool = 0
        betes: list[Bete] = []
        for i in range(self.hands):
            if self.records is None:
                rng = random.Random(self.seed + i)
                hand = Hand.deal(rules, dealer=dealer, rng=rng, pool=pool, betes=betes, params=params)
                if search is not None:
                    state = ReversisState(hand)  # over the hand itself: each move is made in it
                    while state.to_act() is not None:
                        state.apply(search(state, rng))
                while hand.phase is Phase.EXCHANGE:
                    hand.exchange(bot.exchange(hand, rng))
                while hand.phase is Phase.TRICKS:
                    hand.play(bot.play(hand, rng))
            else:
                scenario, offset = self.records[i]
                if i == 0:  # the first hand says where the sitting begins
                    pool, betes = scenario.pool, list(scenario.betes)
                _check_record(self, scenario, offset, i + 1, dealer=dealer, pool=pool, betes=betes)
                try:
                    hand = run(replace(scenario, betes=betes))  # the bêtes carried keep the rule that made them
                except ScenarioError as exc:
                    raise shifted(exc, self.source, offset, i + 1) from None
            hands.append(hand)
            if progress is not None:
                progress(1)
            dealer = (dealer + 1) % players
            pool, betes = hand.pool, list(hand.betes)
        return hands

    def _budget(self) -> dict[str, int]:
        return {"budget": self.budget} if self.bot in SEARCHING_BOTS else {}

    def _bot_named(self) -> str:
        return f"{self.bot} ({self.budget} playouts a decision)" if self.bot in SEARCHING_BOTS else self.bot

    def table(self, played: Sequence[PlayedHand]) -> str:
        """The sitting as printed: one line per hand, then the final standing."""
        hands = [own(Hand, hand, "reversis") for hand in played]
        rules = self.rules
        n = hands[0].players
        changed = {k: v for k, v in rules.items() if v != rules.options[k].default}

        def name(seat: int) -> str:
            return first_hand_label(seat, dealer=self.first_dealer, players=n)

        order = [(self.first_dealer + k) % n for k in range(n)]
        lines = [
            f"{rules.title}: {n} players, {len(hands)} hands, bot {self._bot_named()}, seed {self.seed}.",
            "The deal passes in the order of play (the eldest hand of each hand deals the next). Players are "
            f"named by their place in the first hand ({', '.join(name(s) for s in order)}): the deal moves, "
            f"the names stay. The first dealer is seat: {self.first_dealer} of the file.",
        ]
        if changed:
            lines.append(f"Options: {rules.changed_text()}.")
        lines.append("Each player: chips won or lost in the hand (running total).")
        term = rules.pack.term
        lines.append(
            f"won by: the player who won the hand, the fewest points (or a {term('reversis')} made, or a napolitana "
            f"kept); the chips, the {term('pool')} included, may go elsewhere."
        )
        lines.append("")
        running = totals(hands)
        cells = [
            [f"{b:+d} ({t:+d})" for b, t in zip(h.ledger.balances(), tot, strict=True)]
            for h, tot in zip(hands, running, strict=True)
        ]
        width = max(*(len(name(s)) for s in order), *(len(c) for row in cells for c in row))
        role_width = max(len("won by"), *(len(name(s)) for s in order))
        head = ["hand", "dealer".rjust(role_width), "won by".rjust(role_width)]
        head += [*(name(s).rjust(width) for s in order), term("pool"), "notable"]
        lines.append("  ".join(head).rstrip())
        for number, (hand, row) in enumerate(zip(hands, cells, strict=True), start=1):
            winner = "-" if hand.winner is None else name(hand.winner)
            fields = [f"{number:>4}", name(hand.dealer).rjust(role_width), winner.rjust(role_width)]
            fields += [row[s].rjust(width) for s in order]
            fields += [str(hand.pool).rjust(len(term("pool"))), "; ".join(_notes(hand, name))]
            lines.append("  ".join(fields).rstrip())
        start = hands[0].pool_before
        lines.append("")
        pool = hands[-1].rules.pack.term("pool")
        held = f"the {pool} holds {hands[-1].pool}; it held {start} at the start"
        lines.append(f"Standing after {len(hands)} hands ({held}):")
        for place in standing(hands):
            owes = f"  (still owes the pool a bête of {place['betes_owed']})" if place["betes_owed"] else ""
            lines.append(f"  {place['rank']:>2}. {name(place['seat'])}  {place['total']:+d}{owes}")
        return "\n".join(lines)

    def as_json(self, played: Sequence[PlayedHand]) -> JsonObject:
        """The whole sitting, JSON-ready: each hand's result, the running totals, the standing."""
        hands = [own(Hand, hand, "reversis") for hand in played]
        rules = self.rules
        running = totals(hands)
        return {
            "sitting": {
                "ruleset": rules.id,
                "options": {k: v for k, v in rules.items() if v != rules.options[k].default},
                "players": hands[0].players,
                "first_dealer": self.first_dealer,
                "hands": len(hands),
                "seed": self.seed,
                "bot": self.bot,
                **self._budget(),
            },
            "hands": [
                {"hand": number, "result": result(hand), "totals": dict(enumerate(tot)), "pool_after": hand.pool}
                for number, (hand, tot) in enumerate(zip(hands, running, strict=True), start=1)
            ],
            "totals": dict(enumerate(running[-1])),
            "pool": {"before": hands[0].pool_before, "after": hands[-1].pool},
            "betes": [{"seat": seat, "amount": amount, "rule": rule} for seat, amount, rule in hands[-1].betes],
            "standing": standing(hands),
        }

    def dump(self, played: Sequence[PlayedHand]) -> str:
        """The whole sitting as a file: the sitting, then every hand's complete record, which replays it."""
        hands = [own(Hand, hand, "reversis") for hand in played]
        rules = self.rules
        header: dict[str, Any] = {"ruleset": rules.id}
        options = {k: v for k, v in rules.items() if v != rules.options[k].default}
        if options:
            header["options"] = options
        header.update(first_dealer=self.first_dealer, hands=len(hands), seed=self.seed, bot=self.bot, **self._budget())
        parts = [
            f"# A sitting of {len(hands)} hands recorded by `reversis sitting`: the sitting, then each hand\n"
            "# complete (a scenario that `reversis play` replays on its own).\n",
            yaml.safe_dump({"sitting": header}, sort_keys=False, allow_unicode=True, width=100),
        ]
        for number, hand in enumerate(hands, start=1):
            if self.records is None:
                seed, bot, budget = self.seed + number - 1, self.bot, self.budget
            else:
                given = self.records[number - 1][0]
                seed, bot, budget = given.seed, given.bot, given.budget
            parts.append(f"--- # hand {number}\n")
            parts.append(dump_record(record(hand, bot=bot, seed=seed, budget=budget)))
        return "".join(parts)


def _whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def parse_sitting_fields(
    fields: Mapping[object, object], place: Callable[[str], str], *, source: str, rules: Ruleset
) -> Sitting:
    """A Reversis sitting's fields checked (``place(key)`` names where each was given, for errors)."""

    def fail(key: str, problem: str) -> ScenarioError:
        return ScenarioError(f"{place(key)}: {problem}")

    options = fields.get("options") or {}
    if not isinstance(options, dict):
        raise fail("options", "expected a mapping of option names to values")
    unknown = [str(key) for key in fields if key not in _FIELDS]
    if unknown:
        raise fail(unknown[0], f"unknown field (known: {', '.join(_FIELDS)})")
    try:
        rules = rules.with_options({str(name): value for name, value in options.items()})
        players = compile_params(rules).players
    except OptionError as exc:
        raise fail(f"options.{exc.option}", exc.detail) from None
    except RulesetError as exc:
        named = [str(name) for name in options if f"'{name}'" in str(exc)]
        raise fail(f"options.{named[0]}" if named else "options", str(exc)) from None
    first_dealer = fields.get("first_dealer", 0)
    if not _whole(first_dealer) or first_dealer >= players:
        raise fail("first_dealer", f"{show(first_dealer)} is not a seat (0..{players - 1})")
    hands = fields.get("hands", 0)
    if not _whole(hands) or not 1 <= hands <= MAX_HANDS:
        given = show(hands) if "hands" in fields else "missing"
        raise fail("hands", f"{given}: the number of hands must be a whole number from 1 to {MAX_HANDS}")
    seed = fields.get("seed", 0)
    if not _whole(seed):
        raise fail("seed", f"{show(seed)} is not allowed: it must be a whole number ≥ 0")
    bot = fields.get("bot", "cautious")
    known = sorted((*BOTS, *SEARCHING_BOTS))
    if not isinstance(bot, str) or bot not in known:
        raise fail("bot", f"unknown bot {show(bot)}{did_you_mean(bot, known)} (known: {', '.join(known)})")
    budget = fields.get("budget", DEFAULT_BUDGET)
    if "budget" in fields and bot not in SEARCHING_BOTS:
        raise fail("budget", f"only the bot {' or '.join(SEARCHING_BOTS)} has a budget (the bot is {bot})")
    if not _whole(budget) or not 1 <= budget <= MAX_BUDGET:
        raise fail("budget", f"{show(budget)} is not allowed: it must be a whole number from 1 to {MAX_BUDGET:,}")
    return Sitting(
        source=source, rules=rules, first_dealer=first_dealer, hands=hands, seed=seed, bot=bot, budget=budget
    )


def _check_record(
    sitting: Sitting, scenario: Scenario, offset: int, number: int, *, dealer: int, pool: int, betes: list[Bete]
) -> None:
    """A recorded hand must be of the sitting's game, dealt by the right seat, from the pool left."""

    def fail(key: str, problem: str) -> ScenarioError:
        line = scenario.lines.get(key, 1) + offset
        return ScenarioError(f"{sitting.source}:{line}: hand {number}: {key}: {problem}")

    rules = sitting.rules
    if scenario.rules.id != rules.id:
        raise fail("ruleset", f"{scenario.rules.id}, in a sitting of {rules.id}")
    if dict(scenario.rules.items()) != dict(rules.items()):
        changed = sorted(k for k in rules if scenario.rules[k] != rules[k])
        raise fail("options", f"differ from the sitting's ({', '.join(changed)}); a sitting keeps its options")
    if scenario.dealer != dealer:
        before = "it is the sitting's first dealer" if number == 1 else "the deal passes in the order of play"
        raise fail("dealer", f"seat {scenario.dealer} deals, but seat {dealer} should ({before})")
    if scenario.pool != pool:
        raise fail("pool", f"{scenario.pool}, but the hand before left {pool} in the pool")
    if [(s, a) for s, a, _ in scenario.betes] != [(s, a) for s, a, _ in betes]:
        left = ", ".join(f"seat {s} owes {a}" for s, a, _ in betes) or "none"
        raise fail("betes", f"differ from the bêtes the hand before left owing ({left})")


# -- what it gives back ---------------------------------------------------------------------------


def totals(hands: Sequence[Hand]) -> list[list[int]]:
    """Each seat's running total after each hand."""
    running = [0] * hands[0].players
    out = []
    for hand in hands:
        running = [t + b for t, b in zip(running, hand.ledger.balances(), strict=True)]
        out.append(running)
    return out


def _owed(hand: Hand) -> list[int]:
    owed = [0] * hand.players
    for seat, amount, _ in hand.betes:
        owed[seat] += amount
    return owed


def standing(hands: Sequence[Hand]) -> list[dict[str, int]]:
    """The seats ranked by their total (equal totals share a rank), with the bêtes each still owes."""
    final = totals(hands)[-1]
    owed = _owed(hands[-1])
    order = sorted(range(len(final)), key=lambda seat: (-final[seat], seat))
    ranks = [1 + sum(other > final[seat] for other in final) for seat in order]
    return [{"rank": r, "seat": s, "total": final[s], "betes_owed": owed[s]} for r, s in zip(ranks, order, strict=True)]


def _notes(hand: Hand, name: Callable[[int], str]) -> list[str]:
    """What happened of note in a hand: reversis, the pool won, the quinola, bêtes owed and paid in
    (``name``: a player's name in the sitting)."""
    notes = []
    term = hand.rules.pack.term  # the pack's words: the Spanish pack's fondo, quínola, revesino
    if hand.reversis:
        by, cut = hand.reversis.get("by"), hand.reversis.get("cut_by")
        reversis = term("reversis")
        made = hand.reversis.get("made")

        def who(seat: object) -> str:
            return name(seat) if isinstance(seat, int) else "nobody"

        notes.append(f"{reversis} by {who(by)}" if made else f"{reversis} of {who(by)} cut by {who(cut)}")
    if hand.quinola is not None and hand.quinola.how != "talon":
        holder = hand.quinola.seat
        notes.append(f"{term('quinola')} {hand.quinola.how} by {name(holder) if holder is not None else 'nobody'}")
    for event in hand.events:
        if isinstance(event, PoolWon):
            said = in_sentence(hand.rules.rule_name(event.rule))
            notes.append(f"{term('pool')} {event.amount} to {name(event.seat)}: {said} [{event.rule}]")
        elif isinstance(event, BeteOwed):
            notes.append(f"bête {event.amount} owed by {name(event.seat)}")
    for entry in hand.ledger.entries:
        if entry.rule == "bete.pay" and entry.payee == POOL:
            notes.append(f"bête {entry.amount} paid in by {name(int(entry.payer))}")
    return notes
