"""The pages "Play a hand", one per ruleset (``play/<id>.md``), and the words each page shows beside
the engine's rules (``play/<id>.json``).

The page seats the reader at a hand of its ruleset, the engine's bots playing the other seats, in
the reader's browser: ``docs/javascripts/play.js`` starts the engine of "Try it" (Pyodide in a Web
Worker, from the site itself, ``try/``) and drives :mod:`reversis.apps.table` through it. Before the
deal the reader chooses a reading of each ambiguous option (those that an annotation's readings
set), by its meaning and the reading's words; ``play/<id>.json`` gives, for each engine rule, the
words of the source it rests on (its first annotation's quote, paragraph and gloss) and the address
of that annotation on its source's page, which the annotations' files (not part of the engine's
wheel) cannot give the page.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import jinja2

from reversis.apps.table import Table, TableError, rule_words
from reversis.core.roles import role
from reversis.core.ruleset import Ruleset

if TYPE_CHECKING:
    from reversis_site.build import Site

__all__ = ["ambiguous_options", "pages", "play_page", "words_json"]


def ambiguous_options(site: Site, rules: Ruleset) -> list[dict[str, Any]]:
    """The options an annotation's readings set under ``rules`` that take one of a few values, each
    value with the words of the reading that chooses it (or the value itself)."""
    says: dict[str, dict[str, str]] = {}
    for a in site.annotations:
        if a.rulesets and rules.id not in a.rulesets:
            continue
        for reading in a.readings:
            for name, value in reading.options.items():
                if name in rules.options:
                    # a reading's words, where they do not speak of its example's seats
                    line = reading.says if len(reading.options) == 1 and "seat " not in reading.says else ""
                    says.setdefault(name, {}).setdefault(json.dumps(value), line)
    out = []
    for name, seen in says.items():
        option = rules.options[name]
        domain = option.domain.as_data() if option.domain is not None else {}
        values = list(domain.get("choices") or ([False, True] if isinstance(option.default, bool) else []))
        if len(values) < 2 or name == "accept_illegal":
            continue  # a number, a list or a mapping is chosen in Try it's editor, not here
        shown = [
            {"json": json.dumps(v), "label": seen.get(json.dumps(v)) or str(v), "default": v == option.default}
            for v in values
        ]
        out.append({"name": name, "meaning": option.meaning, "values": shown})
    return out


def words_json(site: Site, rules: Ruleset) -> bytes:
    """Each engine rule's words from its source, with the address of its annotation from the site's root."""
    words = rule_words(rules)
    for rule, entry in words.items():
        entry["href"] = f"sources/{site.annotation(entry['annotation']).source}/#{entry['annotation']}"
        entry["rule"] = rule
    return json.dumps(words, ensure_ascii=False, sort_keys=True).encode("utf-8")


#: The players the reader may sit with, in words, in the order offered (the first the default).
OPPONENTS = {
    "cautious": "The cautious player (plays safe: the default)",
    "random": "The random player (any card the rules allow)",
    "strong": "The strong player (weighs each move over imagined deals; slower)",
}


def opponents(rules: Ruleset) -> list[dict[str, str]]:
    """The players the table seats under ``rules``, each with its words: those a table opens with."""
    out = []
    for bot, words in OPPONENTS.items():
        try:
            Table.open(rules.id, bot=bot)
        except TableError:
            continue  # (a player that does not sit at a table of this game yet)
        out.append({"bot": bot, "words": words})
    return out


def play_page(site: Site, rules: Ruleset, env: jinja2.Environment) -> str:
    players = rules.options["players"].domain
    most = max((players.as_data().get("choices") if players is not None else None) or [rules["players"]])
    places = [{"place": p, "name": role(p, dealer=0, players=most)} for p in range(most)]
    return env.get_template("play.md.j2").render(
        rules=rules,
        options=ambiguous_options(site, rules),
        places=places,
        opponents=opponents(rules),
        source=next((s for s in site.sources if s.id == rules.source), None),
    )


def pages(site: Site, env: jinja2.Environment) -> dict[Path, str | bytes]:
    out: dict[Path, str | bytes] = {}
    for rules in site.rulesets:
        out[Path("play") / f"{rules.id}.md"] = play_page(site, rules, env)
        out[Path("play") / f"{rules.id}.json"] = words_json(site, rules)
    return out
