"""Which readings each option of a ruleset has, the measurements ``make readings`` makes of them,
and the files it writes (``readings/<bot>/<ruleset>.json``).

An option has several readings when it allows a few values only (``choices:``, or true/false):
each is a reading. An option that takes a number, a mapping, a list or a card has the readings the
annotations document: its default and every value that a reading of an ambiguous statement gives
it (``readings:`` of an annotation). Where those readings also set another option alike, at a
value other than its default (``players: 5`` for the talon at five), that option is set in every
reading measured, so that the readings differ in this option alone.

>>> from reversis.core.ruleset import load_ruleset
>>> readings_of(load_ruleset("encyclopedie-1765"), "quinola_forced_each")
(('forcer-from-others', 'forcer-from-all', 'holder-to-all', 'holder-to-others'), {})
>>> readings_of(load_ruleset("encyclopedie-1765"), "talon")
(({4: 3, 5: 2}, {5: 7}), {'players': 5})
>>> readings_of(load_ruleset("encyclopedie-1765"), "deal_packet")
((3,), {})
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import yaml

from reversis.apps.measure import Comparison
from reversis.core.errors import ReversisError
from reversis.core.ruleset import Ruleset, load_ruleset, ruleset_ids

__all__ = [
    "BOTS",
    "READINGS",
    "STRONG",
    "STRONG_TOP",
    "by_option",
    "comparisons",
    "contested",
    "fingerprint",
    "flow",
    "load_results",
    "plan",
    "readings_of",
    "relative_shift",
    "result_path",
    "strong_plan",
    "strong_unplayable",
    "unplayable",
]

#: The folder of the committed measurements.
READINGS = Path(__file__).resolve().parents[2] / "readings"

#: The bots every option is measured with: the play style itself moves the answer.
BOTS = ("cautious", "random")

#: The bot that plays well, too slow for every option: it measures the options :func:`strong_plan` picks.
STRONG = "strong"
#: How many options :func:`strong_plan` takes under each of :data:`BOTS`: those whose readings move
#: the players' results most, among those the annotations give several readings of.
STRONG_TOP = 3


def _documented(rules: Ruleset, option: str) -> Iterator[tuple[Any, dict[str, Any]]]:
    """Each value the annotations' readings give ``option`` in this ruleset, with the other options
    that all the readings of that statement set alike at a value other than their default."""
    from reversis.annotations import load_annotations

    for annotation in load_annotations():
        if rules.id not in annotation.rulesets:
            continue
        sets = [dict(r.options) for r in annotation.readings if option in r.options]
        if not sets:
            continue
        alike = {
            name: value
            for name, value in sets[0].items()
            if name != option and all(s.get(name) == value for s in sets) and value != rules.options[name].default
        }
        for options in sets:
            yield options[option], alike


def readings_of(rules: Ruleset, option: str) -> tuple[tuple[Any, ...], dict[str, Any]]:
    """The values ``option`` is measured at, its default first, and the options set alike in each
    (see the module's documentation); a single value means that there is nothing to compare."""
    opt = rules.options[option]
    assert opt.domain is not None
    if opt.domain.choices or opt.domain.kind == "bool":
        allowed = list(opt.domain.choices) if opt.domain.choices else [True, False]
        return (opt.default, *(v for v in allowed if v != opt.default)), {}
    values = [opt.default]
    base: dict[str, Any] = {}
    for value, alike in _documented(rules, option):
        base = base or alike
        checked = rules.with_options({**alike, option: value})[option]
        if all(rules.with_options({**base, option: v})[option] != checked for v in values):
            values.append(value)
    return tuple(values), base if len(values) > 1 else {}


def unplayable(rules: Ruleset, options: Mapping[str, Any]) -> str | None:
    """Why the engine cannot play a reading with every other option at its default (None: it can)."""
    from reversis.games import game_of

    try:
        changed = rules.with_options(options)
        game_of(changed).seeded(changed, "random")
    except ReversisError as exc:
        return str(exc)
    return None


def plan(ruleset: str) -> tuple[list[Comparison], list[dict[str, Any]]]:
    """What ``make readings`` measures of a ruleset: every option with more than one reading, at
    the readings the engine can play alone; and each reading left out, with the reason."""
    rules = load_ruleset(ruleset)
    out, left_out = [], []
    for option in rules.options:
        values, base = readings_of(rules, option)
        if len(values) < 2:
            continue
        kept = []
        for value in values:
            reason = unplayable(rules, {**base, option: value})
            if reason is None:
                kept.append(value)
            else:
                left_out.append({"option": option, "value": flow(value), "base": base, "reason": reason})
        if len(kept) > 1:
            out.append(Comparison(ruleset, option, tuple(kept), base))
    return out, left_out


def contested(ruleset: str) -> list[str]:
    """The options of a ruleset that an ambiguous statement's readings set (an annotation of it with
    ``readings:``): those whose value the sources leave open."""
    from reversis.annotations import load_annotations

    names = [
        name
        for annotation in load_annotations()
        if ruleset in annotation.rulesets
        for reading in annotation.readings
        for name in reading.options
    ]
    return list(dict.fromkeys(names))


def relative_shift(entry: Mapping[str, Any]) -> float:
    """How far a measured option's readings move the players' results: the largest shift of a
    player's mean result per hand from the default's, over the spread (standard deviation) of his
    result per hand under the default (the site's ranking is by it, free of the game's unit)."""
    spread = {s["label"]: s["sd"] for s in entry["readings"][0]["seats"]}
    return max(
        (
            abs(d["mean"]) / spread[d["label"]]
            for reading in entry["readings"][1:]
            for d in reading["difference"]
            if d["label"] != "pool" and spread.get(d["label"])
        ),
        default=0.0,
    )


def strong_plan(results: Mapping[tuple[str, str], Mapping[str, Any]] | None = None) -> dict[str, list[Comparison]]:
    """What ``make readings BOT=strong`` measures, by ruleset: among the options the annotations give
    several readings of (:func:`contested`), the :data:`STRONG_TOP` whose readings move the players'
    results most (:func:`relative_shift`) under each of :data:`BOTS`, as the committed measurements
    (``results``, by default :func:`load_results`) say; in the order of :func:`plan`."""
    results = load_results() if results is None else results
    scored: dict[str, list[tuple[float, str, str]]] = {bot: [] for bot in BOTS}
    for (ruleset, bot), data in results.items():
        if bot not in scored:
            continue
        open_options = set(contested(ruleset))
        for entry in data["comparisons"]:
            if entry["option"] in open_options:
                scored[bot].append((-relative_shift(entry), ruleset, entry["option"]))
    chosen = {(ruleset, option) for ranked in scored.values() for _, ruleset, option in sorted(ranked)[:STRONG_TOP]}
    out: dict[str, list[Comparison]] = {}
    for ruleset in ruleset_ids():
        picked = [c for c in comparisons(ruleset) if (ruleset, c.option) in chosen]
        if picked:
            out[ruleset] = picked
    return out


def strong_unplayable(ruleset: str) -> str | None:
    """Why the strong player cannot play a ruleset's hands (None: he can): he plays a game only
    through its hand played move by move (:mod:`reversis.core.moves`), which not every game has yet."""
    from reversis.apps.strong import new_hand
    from reversis.games import game_of

    rules = load_ruleset(ruleset)
    try:
        new_hand(game_of(rules), rules, dealer=0, seed=0)
    except (AttributeError, NotImplementedError):
        return f"the strong player does not play the hands of {ruleset} yet (its game has no hand played move by move)"
    return None


def comparisons(ruleset: str) -> list[Comparison]:
    """The comparisons of :func:`plan`."""
    return plan(ruleset)[0]


def fingerprint(rules: Ruleset) -> str:
    """A digest of a ruleset's options, defaults and domains: a measurement made under another
    digest is stale."""
    data = {
        name: [opt.default, opt.allowed(rules.pack, players=rules.get("players"))]
        for name, opt in sorted(rules.options.items())
    }
    text = json.dumps([rules.id, data], sort_keys=True, default=str, ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def flow(value: Any) -> str:
    """A value as YAML on one line, as ``--values`` reads it (``{5: 7}``, ``true``, ``[a, b]``).

    >>> flow({5: 7}), flow(True), flow(["placed", "led"]), flow("most-points")
    ('{5: 7}', 'true', '[placed, led]', 'most-points')
    """
    text = yaml.safe_dump(value, default_flow_style=True, allow_unicode=True, width=10**6)
    return text.strip().removesuffix("...").strip()


def result_path(ruleset: str, bot: str, root: Path | None = None) -> Path:
    return (root or READINGS) / bot / f"{ruleset}.json"


def load_results(root: Path | None = None) -> dict[tuple[str, str], dict[str, Any]]:
    """Every committed measurement, by (ruleset, bot)."""
    out = {}
    for ruleset in ruleset_ids():
        for bot in (*BOTS, STRONG):
            path = result_path(ruleset, bot, root)
            if path.is_file():
                out[ruleset, bot] = json.loads(path.read_text(encoding="utf-8"))
    return out


def by_option(results: Mapping[tuple[str, str], dict[str, Any]]) -> dict[tuple[str, str], dict[str, dict[str, Any]]]:
    """The measurements by (ruleset, option), then by bot."""
    out: dict[tuple[str, str], dict[str, dict[str, Any]]] = {}
    for (ruleset, bot), data in sorted(results.items()):
        for entry in data["comparisons"]:
            out.setdefault((ruleset, entry["option"]), {})[bot] = entry
    return out
