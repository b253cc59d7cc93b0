"""Romestecq's short public API, what its annotations' doctests import (``from reversis.romestecq
import play, start``): the worked examples, the draw for the first deal and the sitting, the
compiled parameters, the hand and its record. The game itself is :mod:`reversis.games.romestecq`.

>>> from reversis.romestecq import play
>>> play({1: "AS KS QS JS TS"}).marks("stecq")
[(0, 1)]
"""

from reversis.games.romestecq.examples import Game, deal, names, play, refusal, start
from reversis.games.romestecq.hand import Hand, deal_cards
from reversis.games.romestecq.params import compile_params
from reversis.games.romestecq.result import record
from reversis.games.romestecq.sitting import Sitting, draw

__all__ = [
    "Game",
    "Hand",
    "Sitting",
    "compile_params",
    "deal",
    "deal_cards",
    "draw",
    "names",
    "play",
    "record",
    "refusal",
    "start",
]
