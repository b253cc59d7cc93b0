"""The page "How the players play" (``players.md``): what each of the engine's players does, what
the strong player knows, and how strong it is, ruleset by ruleset, from the committed results of
``scripts/bench_strong.py`` (``strength/strength.json``; see :mod:`reversis.apps.strength`).

>>> rows = strength_rows({"matches": [], "speed": []}, [])
>>> rows
[]
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import jinja2

from reversis.apps.strength import summary
from reversis.apps.strong import DEFAULT_BUDGET, PAGE_BUDGET
from reversis.core.ruleset import Ruleset
from reversis.games import game_of

if TYPE_CHECKING:
    from reversis_site.build import Site

__all__ = ["RESULTS", "pages", "players_page", "strength_rows"]

#: The committed results of the strength matches, and the times of decisions in plain Python.
RESULTS = Path(__file__).resolve().parents[2] / "strength" / "strength.json"
SPEED = RESULTS.with_name("speed.json")

#: Each kind of match, in the order the table shows them: (against, budget, what the row says).
COLUMNS = (
    ("cautious", DEFAULT_BUDGET, "against the cautious player"),
    *(
        (("cautious", PAGE_BUDGET, "against the cautious player, as at Play a hand"),)
        if PAGE_BUDGET != DEFAULT_BUDGET
        else ()
    ),
    ("random", DEFAULT_BUDGET, "against the random player"),
    ("openspiel", DEFAULT_BUDGET, "against OpenSpiel's IS-MCTS player, given the same time"),
)


def _load(path: Path = RESULTS) -> dict[str, Any]:
    if not path.exists():
        return {"matches": [], "speed": []}
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def strength_rows(data: Mapping[str, Any], rulesets: Sequence[Ruleset]) -> list[dict[str, Any]]:
    """One row per ruleset: its title and unit, and per kind of match (:data:`COLUMNS`) what it
    showed (:func:`reversis.apps.strength.summary`), or None where it was not played."""
    rows = []
    for rules in rulesets:
        cells = []
        for against, budget, _ in COLUMNS:
            found = [
                m
                for m in data["matches"]
                if m["ruleset"] == rules.id and m["against"] == against and m["budget"] == budget and m["deals"]
            ]
            cells.append(summary(found[0]) | {"simulations": found[0].get("openspiel_simulations")} if found else None)
        rows.append({"id": rules.id, "title": rules.title, "unit": game_of(rules).unit, "cells": cells})
    return rows


def players_page(site: Site, env: jinja2.Environment, data: Mapping[str, Any] | None = None) -> str:
    data = _load() if data is None else data
    speed = _load(SPEED).get("speed", [])
    rows = strength_rows(data, site.rulesets)
    times = []
    for row in rows:
        compiled = row["cells"][0]
        plain = [s for s in speed if s["ruleset"] == row["id"] and s["budget"] == PAGE_BUDGET]
        times.append({"title": row["title"], "compiled": compiled, "plain": plain[0] if plain else None})
    return env.get_template("players.md.j2").render(
        rows=rows,
        columns=[label for _, _, label in COLUMNS],
        budget=DEFAULT_BUDGET,
        page_budget=PAGE_BUDGET,
        times=times,
    )


def pages(site: Site, env: jinja2.Environment) -> dict[Path, str | bytes]:
    return {Path("players.md"): players_page(site, env)}
