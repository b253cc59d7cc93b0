"""The engine as the site's pages call it in the reader's browser (Pyodide): text in, the command
line's words out.

``reversis play`` and a page's "Try it" control play a scenario's text alike
(:func:`reversis.games.play_text`) and print its result alike (:func:`result_text`), and ``reversis rules
--json`` and the page's form of options share :func:`ruleset_data`, so that what the page shows is
what the command prints, to the character, and its errors are the command's one line.

>>> text = "ruleset: encyclopedie-1765\\nseed: 3\\n"
>>> played = play(text)
>>> scenario, hand = play_text(text, source=SOURCE)
>>> played["json"] == result_text(game_of(scenario.rules), hand), json.loads(played["json"])["balances"]
(True, {'0': -22, '1': 16, '2': -2, '3': 8})
>>> json.loads(play(text, options={"pool_stake": 5})["json"])["balances"]
{'0': -25, '1': 13, '2': -5, '3': 17}
>>> play(text, options={"players": 6})  # as reversis play --option players=6
{'error': 'reversis: error: --option players: 6 is not allowed: it must be one of 4, 5', 'line': None}
>>> print(play("ruleset: [\\n")["error"])
reversis: error: scenario.yaml:2: malformed YAML: expected the node content, but found '<stream end>'
>>> play("ruleset: [\\n")["line"]
2
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from reversis.apps.strong import Strong
from reversis.core.cards import card_rank
from reversis.core.domains import CARD_RANKS, Domain
from reversis.core.errors import ReversisError
from reversis.core.ruleset import OPTION_TOPICS, Ruleset
from reversis.core.scenario import decode_text
from reversis.games import game_of, play_text

__all__ = ["SOURCE", "card_values", "error_line", "play", "play_json", "result_text", "ruleset_data"]

#: The name a scenario typed into a page goes by in its errors (a file name, as on the command line).
SOURCE = "scenario.yaml"


def error_line(exc: ReversisError) -> str:
    """The one line the command prints for an error."""
    return f"reversis: error: {exc}"


def result_text(game: Any, hand: Any) -> str:
    """The result as ``reversis play --json`` prints it (without the final newline)."""
    return json.dumps(game.result(hand), ensure_ascii=False, indent=2)


def play(text: str, *, options: Mapping[str, Any] | None = None, source: str = SOURCE) -> dict[str, Any]:
    """A scenario's text played: ``{"json": what play --json prints, "account": what play prints}``,
    or ``{"error": the command's one line, "line": its line in the text or None}``."""
    try:
        # the limits of a file, in its words (the command reads a file's bytes)
        decode_text(text.encode("utf-8", errors="surrogatepass"), source=source)
        scenario, hand = play_text(text, options=options, source=source, searcher=lambda n: Strong(budget=n))
        game = game_of(scenario.rules)
        return {"json": result_text(game, hand), "account": game.account(hand, scenario)}
    except ReversisError as exc:
        found = re.match(re.escape(source) + r":(\d+):", str(exc))
        return {"error": error_line(exc), "line": int(found.group(1)) if found else None}


def play_json(text: str, options: str = "{}", *, source: str = SOURCE) -> str:
    """:func:`play` for a page's worker: the options and the answer as JSON text (an object's keys
    that are whole numbers, ``{"4": 3}`` for ``talon``, read as numbers, as YAML reads them)."""
    given = json.loads(options, object_pairs_hook=lambda pairs: {int(k) if k.isdigit() else k: v for k, v in pairs})
    return json.dumps(play(text, options=given, source=source), ensure_ascii=False)


def card_values(domain: Domain, rules: Ruleset) -> list[str]:
    """The cards a card option may name, in the pack's order (``""``, none, first where allowed)."""
    pack = rules.pack
    cards = pack.cards(keep_tens=True)
    if domain.card != "any":
        cards = [c for c in cards if card_rank(c) == CARD_RANKS[domain.card]]
    return ([""] if domain.empty else []) + pack.names(cards)


def ruleset_data(rules: Ruleset) -> dict[str, Any]:
    """A ruleset as ``reversis rules ID --json`` prints it: conventions, the topics that group the
    options (with their headings), options (English name, topic, default, meaning, annotations,
    citations, domain, allowed values) and the engine rules with their English names and citations.

    >>> from reversis.core.ruleset import load_ruleset
    >>> data = ruleset_data(load_ruleset("encyclopedie-1765"))
    >>> data["options"]["quinola_forced_each"]["name"], data["topics"]["quinola"]
    ('Who pays each player for a forced quinola', 'The quinola')
    >>> data["rules"]["quinola.forced.forcer"]["name"]
    'The forced quinola pays its forcer'
    """
    options = {
        name: {
            "name": opt.title,
            "topic": opt.topic,
            "default": opt.default,
            "meaning": opt.meaning,
            "annotations": list(opt.annotations),
            "cites": list(opt.cites),
            "choices": list(opt.choices),
            "domain": opt.domain.as_data() if opt.domain is not None else None,
            "allowed": opt.allowed(rules.pack, players=rules.get("players")),
            "note": opt.note,
        }
        for name, opt in rules.options.items()
    }
    engine_rules = {
        rule: {
            "name": rules.rule_name(rule),
            "cites": list(cites),
            "annotations": list(rules.rule_annotations[rule]),
            "basis": rules.rule_basis.get(rule, "stated"),
        }
        for rule, cites in rules.rule_cites.items()
    }
    conventions = [{"topic": c.topic, "text": c.text, "cites": list(c.cites)} for c in rules.conventions]
    # the topics of the options, in the order a page groups them, with their headings
    topics = {topic: OPTION_TOPICS[topic] for topic in rules.options_by_topic()}
    return {
        "id": rules.id,
        "title": rules.title,
        "conventions": conventions,
        "topics": topics,
        "options": options,
        "rules": engine_rules,
    }
