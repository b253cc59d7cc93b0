"""Reversis: the historical card game, its sources, and an executable rules engine.

The short public API, what the annotations' doctests import (``from reversis import play``): the
core (packs, rulesets, errors) and the worked examples of Reversis; Romestecq's are in
:mod:`reversis.romestecq`. The package itself: :mod:`reversis.core` (what every game shares),
:mod:`reversis.games` (the games, one folder each, and the list of them) and :mod:`reversis.apps`
(the command line, simulations, comparisons, sittings and the engine in the site's pages).

>>> from reversis import load_ruleset, FRENCH
>>> rules = load_ruleset("encyclopedie-1765")
>>> FRENCH.name(FRENCH.parse(rules["quinola"]))
'JH'
"""

from reversis.core.cards import FRENCH, SPANISH, Card, Pack
from reversis.core.errors import (
    CorpusError,
    IllegalAction,
    IllegalDeclaration,
    IllegalExchange,
    IllegalPlay,
    ReversisError,
    RulesetError,
    ScenarioError,
)
from reversis.core.ruleset import Option, OptionError, Ruleset, load_ruleset, ruleset_ids
from reversis.games.reversis.deal import shuffle_pack
from reversis.games.reversis.events import Dealt, PoolWon
from reversis.games.reversis.examples import Game, Table, deal, play, start
from reversis.games.reversis.hand import Hand, Phase
from reversis.games.reversis.ledger import POOL, Entry, Ledger
from reversis.games.reversis.params import compile_params
from reversis.games.reversis.settlement import rank_key, rank_seats

__all__ = [
    "FRENCH",
    "POOL",
    "SPANISH",
    "Card",
    "CorpusError",
    "Dealt",
    "Entry",
    "Game",
    "Hand",
    "IllegalAction",
    "IllegalDeclaration",
    "IllegalExchange",
    "IllegalPlay",
    "Ledger",
    "Option",
    "OptionError",
    "Pack",
    "Phase",
    "PoolWon",
    "ReversisError",
    "Ruleset",
    "RulesetError",
    "ScenarioError",
    "Table",
    "compile_params",
    "deal",
    "load_ruleset",
    "play",
    "rank_key",
    "rank_seats",
    "ruleset_ids",
    "shuffle_pack",
    "start",
]
__version__ = "0.1.0"
