"""Reversis: the historical card game, its sources, and an executable rules engine.

>>> from reversis import load_ruleset, Hand, FRENCH
>>> rules = load_ruleset("encyclopedie-1765")
>>> FRENCH.name(FRENCH.parse(rules["quinola"]))
'JH'
"""

from reversis.cards import FRENCH, SPANISH, Card, Pack
from reversis.errors import (
    CorpusError,
    IllegalAction,
    IllegalExchange,
    IllegalPlay,
    ReversisError,
    RulesetError,
    ScenarioError,
)
from reversis.hand import Hand, Phase
from reversis.ledger import POOL, Entry, Ledger
from reversis.ruleset import Option, Ruleset, load_ruleset, ruleset_ids

__all__ = [
    "FRENCH",
    "POOL",
    "SPANISH",
    "Card",
    "CorpusError",
    "Entry",
    "Hand",
    "IllegalAction",
    "IllegalExchange",
    "IllegalPlay",
    "Ledger",
    "Option",
    "Pack",
    "Phase",
    "ReversisError",
    "Ruleset",
    "RulesetError",
    "ScenarioError",
    "load_ruleset",
    "ruleset_ids",
]
__version__ = "0.1.0"
