"""Sittings (``reversis sitting``): many hands in a row under one ruleset, each game playing its own
(Reversis: the deal passing round, the pool and the bêtes carried over, see
:mod:`reversis.games.reversis.sitting`; Romestecq: a game played to its target of marks, see
:mod:`reversis.games.romestecq.sitting`). Here: the sitting file and the command line's sitting.

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
      bot: cautious        # optional, cautious (or random, or strong)
      budget: 200          # optional, with bot strong: its playouts a decision

A file whose first document is a scenario, not a sitting, is a sitting of
its documents, each a hand. Every problem is one line naming the file, the
line and the problem.

>>> sitting = parse_sitting("sitting: {ruleset: encyclopedie-1765, hands: 3, seed: 7}", source="<doc>")
>>> hands = play_sitting(sitting)
>>> [hand.dealer for hand in hands]
[0, 1, 2]
>>> replay = play_sitting(parse_sitting(dump_sitting(sitting, hands), source="<record>"))
>>> from reversis.games.reversis.sitting import standing
>>> standing(replay) == standing(hands)
True
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from reversis.core.domains import show
from reversis.core.errors import RulesetError, ScenarioError
from reversis.core.game import JsonObject, PlayedHand, Scenario, Sitting
from reversis.core.ruleset import load_ruleset, ruleset_ids
from reversis.core.scenario import shifted
from reversis.core.scenario_yaml import read_yaml
from reversis.games import game_of, parse_any
from reversis.games.reversis.sitting import MAX_HANDS

__all__ = [
    "MAX_FILE_BYTES",
    "MAX_HANDS",
    "as_json",
    "dump_sitting",
    "load_sitting",
    "parse_option",
    "parse_sitting",
    "play_sitting",
    "sitting_from_args",
    "table",
]

#: The largest sitting file, in bytes (a recorded hand takes about 1 KiB; each document is also
#: held to the limits of a scenario).
MAX_FILE_BYTES = 4 * 1024 * 1024

_TOP = ("sitting", "title", "narrative")
# A line that begins a YAML document: "---" at the start of a line, then a space or the line's end.
_DOCUMENT = re.compile(r"^---(?=[ \t\r]|$)", re.MULTILINE)


# -- reading a sitting ----------------------------------------------------------------------------


def _check(fields: dict[Any, Any], place: Callable[[str], str], *, source: str) -> Sitting:
    """The sitting's fields checked by its ruleset's game; ``place(key)`` names where a field was given."""

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
    return game_of(rules).sitting(fields, place, source=source, rules=rules)


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
            raise shifted(exc, source, offset, None) from None
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
            raise shifted(exc, source, offset, number) from None
    if len(records) > MAX_HANDS:
        raise ScenarioError(f"{source}:{records[MAX_HANDS][1] + 1}: more than {MAX_HANDS} hands in one sitting")
    first_hand = records[0][0]
    if sitting is None:
        sitting = game_of(first_hand.rules).replayed(source=source, first=first_hand, hands=len(records))
    elif sitting.hands != len(records):
        line = lines.get("sitting.hands", 1) + parsed[0][0]
        raise ScenarioError(
            f"{source}:{line}: sitting.hands: the sitting has {sitting.hands} hands but the file records {len(records)}"
        )
    return sitting.with_records(records)


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
    budget: int | None = None,
) -> Sitting:
    """A sitting dealt from the seed, as the command line gives it (errors name the flag); ``hands``
    and ``first_dealer`` None leave them to the game (reversis: 10 hands from seat 0)."""
    given = dict(parse_option(text) for text in options)
    fields: dict[str, Any] = {"ruleset": ruleset, "options": given, "seed": seed, "bot": bot}
    if budget is not None:
        fields["budget"] = budget
    if first_dealer is not None:
        fields["first_dealer"] = first_dealer
    if hands is not None:
        fields["hands"] = hands
    elif ruleset in ruleset_ids():  # else _check says the ruleset is unknown
        fields["hands"] = game_of(load_ruleset(ruleset)).default_hands

    def place(key: str) -> str:
        if key.startswith("options"):
            return "--option " + key.removeprefix("options").removeprefix(".")
        return "--" + key.replace("_", "-")

    return _check(fields, place, source="command line")


# -- playing it, and what it gives back ------------------------------------------------------------


def play_sitting(sitting: Sitting, *, progress: Callable[[int], None] | None = None) -> Sequence[PlayedHand]:
    """Play every hand of a sitting (``progress`` is called with 1 after each hand); the bot
    ``strong`` is the strong player (:mod:`reversis.apps.strong`)."""
    from reversis.apps.strong import Strong

    return sitting.play(progress=progress, searcher=lambda budget: Strong(budget=budget))


def table(sitting: Sitting, hands: Sequence[PlayedHand]) -> str:
    """The sitting as printed: one line per hand, then the final standing."""
    return sitting.table(hands)


def as_json(sitting: Sitting, hands: Sequence[PlayedHand]) -> JsonObject:
    """The whole sitting, JSON-ready: each hand's result, the running totals, the standing."""
    return sitting.as_json(hands)


def dump_sitting(sitting: Sitting, hands: Sequence[PlayedHand]) -> str:
    """The whole sitting as a file: the sitting, then every hand's complete record, which replays it."""
    return sitting.dump(hands)
