"""The probe of :mod:`reversis_mutants.audit`: what a user observes of many hands, in one process.

Read from standard input: the cases (a ruleset and options), how many seeded hands each bot plays,
how many hands the sitting has, and optionally a file and line to watch. Written to standard output
(JSON): for each case, a digest of each thing observed, by name; how many hands were played; and in
how many cases the watched line ran. What is observed of a hand: the result (``reversis play
--json``), the account (``reversis play``), the outcome and rules fired (``reversis compare``,
``make readings``), the events; of an error, its type, rule, cites and message; of a sitting, its
table and its record.
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path
from types import FrameType
from typing import Any, TextIO

ROOT = Path(__file__).resolve().parents[2]  # the repository, as the site builder finds it


def _digest(value: Any) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True, default=repr).encode("utf-8")).hexdigest()[:16]


def _error(exc: BaseException) -> str:
    cites = getattr(exc, "cites", None)
    return f"{type(exc).__name__} rule={getattr(exc, 'rule', None)} cites={cites!r}: {exc}"


def _hand(game: Any, scenario: Any, hand: Any) -> dict[str, Any]:
    fired = game.outcome(hand)
    return {
        "result": game.result(hand),
        "account": game.account(hand, scenario),
        "outcome": [fired[0], sorted(fired[1])],
        "events": repr(getattr(hand, "events", None)),
        "ledger": repr(getattr(hand, "ledger", None) and hand.ledger.entries),
        "played": repr(getattr(hand, "played", None)),
    }


ERRORS = [0]  # the items that ended in an error, counted


def _observed(run: Callable[[], Any]) -> Any:
    try:
        return run()
    except Exception as exc:  # any error is something a user sees: its type, rule and message
        ERRORS[0] += 1
        return _error(exc)


def _case(case: dict[str, Any], seeds: int, sitting_hands: int, counter: list[int]) -> dict[str, str]:
    from reversis.apps.sitting import dump_sitting, parse_sitting, play_sitting, table
    from reversis.core.ruleset import load_ruleset
    from reversis.games import game_of, play_file, play_text

    ruleset, options = case["ruleset"], case["options"]
    rules = load_ruleset(ruleset)
    game = game_of(rules)
    players = int(rules.options["players"].default) if "players" in rules.options else game.players
    items: dict[str, str] = {}

    def one(text_or_path: str | Path) -> Any:
        counter[0] += 1
        if isinstance(text_or_path, Path):
            scenario, hand = play_file(text_or_path, options=options)
        else:
            scenario, hand = play_text(text_or_path, source="<probe>", options=options)
        return _hand(game, scenario, hand)

    for path in sorted((ROOT / "examples" / ruleset).glob("*.yaml")):
        items[path.name] = _digest(_observed(partial(one, path)))
    for bot in game.bots:
        for seed in range(seeds):
            text = f"ruleset: {ruleset}\nseed: {seed}\ndealer: {seed % players}\nbot: {bot}\n"
            items[f"{bot} seed {seed}"] = _digest(_observed(partial(one, text)))

    def sitting() -> Any:
        spec = {"ruleset": ruleset, "hands": sitting_hands, "seed": 3, "options": options}
        parsed = parse_sitting(json.dumps({"sitting": spec}), source="<probe>")
        hands = play_sitting(parsed)
        counter[0] += len(hands)
        return [table(parsed, hands), dump_sitting(parsed, hands)]

    items["sitting"] = _digest(_observed(sitting))
    return items


def probe(data: dict[str, Any], out: TextIO) -> int:
    watched = (str(data["trace"][0]), int(data["trace"][1])) if data.get("trace") else None
    hit = [False]

    def local(frame: FrameType, event: str, arg: Any) -> Any:
        if event == "line" and watched is not None and frame.f_lineno == watched[1]:
            hit[0] = True
        return local

    def calls(frame: FrameType, event: str, arg: Any) -> Any:
        return local if watched is not None and frame.f_code.co_filename == watched[0] else None

    cases, line_cases, counter = [], 0, [0]
    for case in data["cases"]:
        hit[0] = False
        if watched:
            sys.settrace(calls)
        items = _case(case, data["seeds"], data["sitting"], counter)
        sys.settrace(None)
        line_cases += hit[0]
        cases.append({"items": items})
    total = sum(len(c["items"]) for c in cases)
    json.dump(
        {"cases": cases, "played": counter[0], "items": total, "errors": ERRORS[0], "line_cases": line_cases}, out
    )
    return 0
