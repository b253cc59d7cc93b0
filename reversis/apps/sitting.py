"""Sittings: many hands in a row, the deal passing round, the pool and the bêtes carried over.

A sitting is played at one table under one ruleset. Seats are numbered in
playing order and the seat after the dealer is the eldest, so the deal passes
in the direction of play: the next dealer is the seat after the dealer
(``(dealer + 1) % players``), the eldest of the hand before. What the pool
holds after a hand, and the bêtes still owed to it, are where the next hand
begins; the hand itself does whatever staking its ruleset orders when it
begins. Each seat's running total is the sum of its balances; the standing
ranks the seats by it.

A sitting file is YAML: a first document, the sitting, and for a recorded
sitting one further document per hand, each a complete scenario (as
``reversis play`` reads it) that replays that hand. Without hand documents,
hand ``i`` (from 0) is dealt from ``random.Random(seed + i)`` and played by
the bot::

    sitting:
      ruleset: encyclopedie-1765
      options: {}          # optional, as in a scenario
      first_dealer: 0      # optional, 0
      hands: 20            # 1 to MAX_HANDS
      seed: 7              # optional, 0
      bot: cautious        # optional, cautious

A file whose first document is a scenario, not a sitting, is a sitting of
its documents, each a hand. Every problem is one line naming the file, the
line and the problem.

>>> sitting = parse_sitting("sitting: {ruleset: encyclopedie-1765, hands: 3, seed: 7}", source="<doc>")
>>> hands = play_sitting(sitting)
>>> [hand.dealer for hand in hands]
[0, 1, 2]
>>> replay = play_sitting(parse_sitting(dump_sitting(sitting, hands), source="<record>"))
>>> standing(replay) == standing(hands)
True
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import yaml

from reversis.core.domains import show
from reversis.core.errors import RulesetError, ScenarioError, did_you_mean
from reversis.core.ruleset import OptionError, Ruleset, load_ruleset, ruleset_ids
from reversis.core.scenario_yaml import read_yaml
from reversis.games import game_of, parse_any
from reversis.games.reversis.bots import BOTS, get_bot
from reversis.games.reversis.events import BeteOwed, PoolWon
from reversis.games.reversis.hand import Bete, Hand, Phase
from reversis.games.reversis.ledger import POOL
from reversis.games.reversis.params import compile_params
from reversis.games.reversis.result import dump_record, record, result
from reversis.games.reversis.scenario import Scenario, run

__all__ = [
    "MAX_FILE_BYTES",
    "MAX_HANDS",
    "Sitting",
    "as_json",
    "dump_sitting",
    "load_sitting",
    "parse_option",
    "parse_sitting",
    "play_sitting",
    "sitting_from_args",
    "standing",
    "table",
    "totals",
]

#: The most hands of a sitting.
MAX_HANDS = 2000
#: The largest sitting file, in bytes (a recorded hand takes about 1 KiB; each document is also
#: held to the limits of a scenario).
MAX_FILE_BYTES = 4 * 1024 * 1024

_FIELDS = ("ruleset", "options", "first_dealer", "hands", "seed", "bot")
_TOP = ("sitting", "title", "narrative")
# A line that begins a YAML document: "---" at the start of a line, then a space or the line's end.
_DOCUMENT = re.compile(r"^---(?=[ \t\r]|$)", re.MULTILINE)


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


# -- reading a sitting ----------------------------------------------------------------------------


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _check(fields: dict[Any, Any], place: Callable[[str], str], *, source: str) -> Sitting:
    """The sitting's fields checked; ``place(key)`` names where a field was given, for errors."""

    def fail(key: str, problem: str) -> ScenarioError:
        return ScenarioError(f"{place(key)}: {problem}")

    if not isinstance(fields.get("ruleset"), str):
        given = f"{show(fields['ruleset'])} is not a ruleset id" if "ruleset" in fields else "missing"
        raise fail("ruleset", f"{given} (known: {', '.join(ruleset_ids())})")
    options = fields.get("options") or {}
    if not isinstance(options, dict):
        raise fail("options", "expected a mapping of option names to values")
    try:
        rules = load_ruleset(fields["ruleset"])
    except RulesetError as exc:
        raise fail("ruleset", str(exc)) from None
    own = getattr(game_of(rules), "parse_sitting_fields", None)
    if own is not None:  # a game with sittings of its own (romestecq: a game played to its target)
        return own(fields, place, source=source, rules=rules)  # type: ignore[no-any-return]
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
    if not isinstance(bot, str) or bot not in BOTS:
        raise fail("bot", f"unknown bot {show(bot)}{did_you_mean(bot, BOTS)} (known: {', '.join(sorted(BOTS))})")
    return Sitting(source=source, rules=rules, first_dealer=first_dealer, hands=hands, seed=seed, bot=bot)


def _shifted(exc: ScenarioError, source: str, offset: int, hand: int | None) -> ScenarioError:
    """An error of one document, its line counted from the start of the file (and the hand named)."""
    message = str(exc)
    found = re.match(re.escape(source) + r":(\d+): ", message)
    if found is None:
        return exc
    label = f"hand {hand}: " if hand is not None else ""
    return ScenarioError(f"{source}:{int(found.group(1)) + offset}: {label}{message[found.end() :]}")


def parse_sitting(text: str, *, source: str) -> Sitting:
    """Parse and check a sitting given as YAML text; ``source`` names it in errors."""
    starts = [m.start() for m in _DOCUMENT.finditer(text)]
    cuts = [0, *(s for s in starts if s)]
    documents: list[tuple[int, str]] = []  # (the lines before the document, its text)
    before = 0
    for a, b in zip(cuts, [*cuts[1:], len(text)], strict=True):
        documents.append((before, text[a:b]))
        before += text.count("\n", a, b)
    parsed: list[tuple[int, str, Any, dict[str, int]]] = []
    for number, (offset, chunk) in enumerate(documents):
        try:
            data, lines = read_yaml(chunk, source=source)
        except ScenarioError as exc:
            raise _shifted(exc, source, offset, None) from None
        if data is None and number == 0:
            continue  # nothing, or comments, before the first "---"
        if data is None:
            raise ScenarioError(
                f"{source}:{offset + 1}: an empty document; a sitting file holds the sitting, then hands"
            )
        parsed.append((offset, chunk, data, lines))
    offset, _, first, lines = parsed[0] if parsed else (0, "", None, {})
    if not isinstance(first, dict) or not ("sitting" in first or "ruleset" in first):
        raise ScenarioError(f"{source}:{offset + 1}: a sitting file begins with 'sitting:' (or is a scenario)")
    hand_documents = parsed[1:]
    if isinstance(first, dict) and "sitting" in first:
        unknown = [str(key) for key in first if key not in _TOP]
        if unknown:
            line = lines.get(unknown[0], 1) + offset
            raise ScenarioError(f"{source}:{line}: {unknown[0]}: unknown field (known: {', '.join(_TOP)})")
        fields = first["sitting"]
        if not isinstance(fields, dict):
            line = lines.get("sitting", 1) + offset
            raise ScenarioError(f"{source}:{line}: sitting: expected a mapping with at least 'ruleset' and 'hands'")

        def place(key: str) -> str:
            while f"sitting.{key}" not in lines and "." in key:
                key = key.rsplit(".", 1)[0]
            return f"{source}:{lines.get(f'sitting.{key}', lines.get('sitting', 1)) + offset}: sitting.{key}"

        sitting = _check(fields, place, source=source)
        if not hand_documents:
            return sitting
    else:  # a scenario, or scenarios one after another: each document is a hand
        hand_documents = parsed
        sitting = None
    records: list[tuple[Scenario, int]] = []
    for number, (offset, chunk, _, _) in enumerate(hand_documents, start=1):
        try:
            records.append((parse_any(chunk, source=source), offset))
        except ScenarioError as exc:
            raise _shifted(exc, source, offset, number) from None
    if len(records) > MAX_HANDS:
        raise ScenarioError(f"{source}:{records[MAX_HANDS][1] + 1}: more than {MAX_HANDS} hands in one sitting")
    first_hand = records[0][0]
    if sitting is None:
        sitting = getattr(game_of(first_hand.rules), "Sitting", Sitting)(
            source=source,
            rules=first_hand.rules,
            first_dealer=first_hand.dealer,
            hands=len(records),
            seed=first_hand.seed,
            bot=first_hand.bot,
        )
    elif sitting.hands != len(records):
        line = lines.get("sitting.hands", 1) + parsed[0][0]
        raise ScenarioError(
            f"{source}:{line}: sitting.hands: the sitting has {sitting.hands} hands but the file records {len(records)}"
        )
    return replace(sitting, records=tuple(records))


def load_sitting(path: str | Path) -> Sitting:
    """Read and check a sitting file (at most ``MAX_FILE_BYTES`` of it is ever read)."""
    try:
        with open(path, "rb") as file:
            raw = file.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise ScenarioError(f"{path}: cannot be read ({exc.strerror or exc})") from None
    if len(raw) > MAX_FILE_BYTES:
        line = raw.count(b"\n", 0, MAX_FILE_BYTES) + 1
        raise ScenarioError(f"{path}:{line}: the file goes on past {MAX_FILE_BYTES // 1024 // 1024} MiB")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise ScenarioError(f"{path}:{line}: is not UTF-8 text (byte {exc.start + 1})") from None
    return parse_sitting(text, source=str(path))


def parse_option(text: str) -> tuple[str, Any]:
    """``NAME=VALUE`` from the command line, the value read as YAML (``talon={5: 7}``)."""
    name, equals, value = text.partition("=")
    if not equals or not name.strip():
        raise ScenarioError(f"--option {text}: expected NAME=VALUE, e.g. players=5")
    data, _ = read_yaml(value, source=f"--option {name.strip()}")
    return name.strip(), data


def sitting_from_args(
    *,
    ruleset: str,
    hands: int | None,
    seed: int = 0,
    bot: str = "cautious",
    first_dealer: int | None = 0,
    options: Sequence[str] = (),
) -> Sitting:
    """A sitting dealt from the seed, as the command line gives it (errors name the flag); ``hands``
    and ``first_dealer`` None leave them to the game (reversis: 10 hands from seat 0)."""
    given = dict(parse_option(text) for text in options)
    fields: dict[str, Any] = {"ruleset": ruleset, "options": given, "seed": seed, "bot": bot}
    if first_dealer is not None:
        fields["first_dealer"] = first_dealer
    fields["hands"] = hands if hands is not None else getattr(_game_of_id(ruleset), "DEFAULT_HANDS", 10)

    def place(key: str) -> str:
        if key.startswith("options"):
            return "--option " + key.removeprefix("options").removeprefix(".")
        return "--" + key.replace("_", "-")

    return _check(fields, place, source="command line")


def _game_of_id(ruleset: str) -> Any:
    """The module of a ruleset's game, or None for an unknown ruleset (``_check`` then says so)."""
    try:
        return game_of(load_ruleset(ruleset))
    except RulesetError:
        return None


# -- playing it -----------------------------------------------------------------------------------


def play_sitting(sitting: Sitting, *, progress: Callable[[int], None] | None = None) -> list[Hand]:
    """Play every hand of a sitting, the deal passing round, the pool and the bêtes carried over;
    ``progress`` is called with 1 after each hand."""
    if not isinstance(sitting, Sitting):  # a game's own sitting (see _check)
        return sitting.play(progress=progress)
    rules = sitting.rules
    params = compile_params(rules)
    players = params.players
    bot = get_bot(sitting.bot)
    hands: list[Hand] = []
    dealer = sitting.first_dealer
    pool = 0
    betes: list[Bete] = []
    for i in range(sitting.hands):
        if sitting.records is None:
            rng = random.Random(sitting.seed + i)
            hand = Hand.deal(rules, dealer=dealer, rng=rng, pool=pool, betes=betes, params=params)
            while hand.phase is Phase.EXCHANGE:
                hand.exchange(bot.exchange(hand, rng))
            while hand.phase is Phase.TRICKS:
                hand.play(bot.play(hand, rng))
        else:
            scenario, offset = sitting.records[i]
            if i == 0:  # the first hand says where the sitting begins
                pool, betes = scenario.pool, list(scenario.betes)
            _check_record(sitting, scenario, offset, i + 1, dealer=dealer, pool=pool, betes=betes)
            try:
                hand = run(replace(scenario, betes=betes))  # the bêtes carried keep the rule that made them
            except ScenarioError as exc:
                raise _shifted(exc, sitting.source, offset, i + 1) from None
        hands.append(hand)
        if progress is not None:
            progress(1)
        dealer = (dealer + 1) % players
        pool, betes = hand.pool, list(hand.betes)
    return hands


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


def _notes(hand: Hand) -> list[str]:
    """What happened of note in a hand: reversis, the pool won, the quinola, bêtes owed and paid in."""
    notes = []
    term = hand.rules.pack.term  # the pack's words: the Spanish pack's fondo, quínola, revesino
    if hand.reversis:
        by, cut = hand.reversis.get("by"), hand.reversis.get("cut_by")
        reversis = term("reversis")
        made = hand.reversis.get("made")
        notes.append(f"{reversis} by seat {by}" if made else f"{reversis} of seat {by} cut by {cut}")
    if hand.quinola is not None and hand.quinola.how != "talon":
        notes.append(f"{term('quinola')} {hand.quinola.how} by seat {hand.quinola.seat}")
    for event in hand.events:
        if isinstance(event, PoolWon):
            notes.append(f"{term('pool')} {event.amount} to seat {event.seat} ({event.rule})")
        elif isinstance(event, BeteOwed):
            notes.append(f"bête {event.amount} owed by seat {event.seat}")
    for entry in hand.ledger.entries:
        if entry.rule == "bete.pay" and entry.payee == POOL:
            notes.append(f"bête {entry.amount} paid in by seat {entry.payer}")
    return notes


def table(sitting: Sitting, hands: Sequence[Hand]) -> str:
    """The sitting as printed: one line per hand, then the final standing."""
    if not isinstance(sitting, Sitting):
        return sitting.table(hands)
    rules = sitting.rules
    n = hands[0].players
    changed = {k: v for k, v in rules.items() if v != rules.options[k].default}
    lines = [
        f"{rules.title}: {n} players, {len(hands)} hands, bot {sitting.bot}, seed {sitting.seed}.",
        f"Seat {sitting.first_dealer} deals first; the deal passes in the order of play "
        "(the eldest of each hand deals the next).",
    ]
    if changed:
        lines.append(f"Options: {rules.changed_text()}.")
    lines.append("Each seat: chips won or lost in the hand (running total).")
    term = rules.pack.term
    lines.append(
        f"won by: the seat that won the hand, the fewest points (or a {term('reversis')} made, or a napolitana "
        f"kept); the chips, the {term('pool')} included, may go elsewhere."
    )
    lines.append("")
    running = totals(hands)
    cells = [
        [f"{b:+d} ({t:+d})" for b, t in zip(h.ledger.balances(), tot, strict=True)]
        for h, tot in zip(hands, running, strict=True)
    ]
    width = max(len("seat 0"), *(len(c) for row in cells for c in row))
    head = ["hand", "dealer", "won by", *(f"seat {s}".rjust(width) for s in range(n)), term("pool"), "notable"]
    lines.append("  ".join(head).rstrip())
    for number, (hand, row) in enumerate(zip(hands, cells, strict=True), start=1):
        winner = "-" if hand.winner is None else str(hand.winner)
        fields = [f"{number:>4}", f"{hand.dealer:>6}", f"{winner:>6}", *(c.rjust(width) for c in row)]
        fields += [str(hand.pool).rjust(len(term("pool"))), "; ".join(_notes(hand))]
        lines.append("  ".join(fields).rstrip())
    start = hands[0].pool_before
    lines.append("")
    pool = hands[-1].rules.pack.term("pool")
    held = f"the {pool} holds {hands[-1].pool}; it held {start} at the start"
    lines.append(f"Standing after {len(hands)} hands ({held}):")
    for place in standing(hands):
        owes = f"  (still owes the pool a bête of {place['betes_owed']})" if place["betes_owed"] else ""
        lines.append(f"  {place['rank']:>2}. seat {place['seat']}  {place['total']:+d}{owes}")
    return "\n".join(lines)


def as_json(sitting: Sitting, hands: Sequence[Hand]) -> dict[str, Any]:
    """The whole sitting, JSON-ready: each hand's result, the running totals, the standing."""
    if not isinstance(sitting, Sitting):
        return sitting.as_json(hands)
    rules = sitting.rules
    running = totals(hands)
    return {
        "sitting": {
            "ruleset": rules.id,
            "options": {k: v for k, v in rules.items() if v != rules.options[k].default},
            "players": hands[0].players,
            "first_dealer": sitting.first_dealer,
            "hands": len(hands),
            "seed": sitting.seed,
            "bot": sitting.bot,
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


def dump_sitting(sitting: Sitting, hands: Sequence[Hand]) -> str:
    """The whole sitting as a file: the sitting, then every hand's complete record, which replays it."""
    if not isinstance(sitting, Sitting):
        return sitting.dump(hands)
    rules = sitting.rules
    header: dict[str, Any] = {"ruleset": rules.id}
    options = {k: v for k, v in rules.items() if v != rules.options[k].default}
    if options:
        header["options"] = options
    header.update(first_dealer=sitting.first_dealer, hands=len(hands), seed=sitting.seed, bot=sitting.bot)
    parts = [
        f"# A sitting of {len(hands)} hands recorded by `reversis session`: the sitting, then each hand\n"
        "# complete (a scenario that `reversis play` replays on its own).\n",
        yaml.safe_dump({"sitting": header}, sort_keys=False, allow_unicode=True, width=100),
    ]
    for number, hand in enumerate(hands, start=1):
        if sitting.records is None:
            seed, bot = sitting.seed + number - 1, sitting.bot
        else:
            seed, bot = sitting.records[number - 1][0].seed, sitting.records[number - 1][0].bot
        parts.append(f"--- # hand {number}\n")
        parts.append(dump_record(record(hand, bot=bot, seed=seed)))
    return "".join(parts)
