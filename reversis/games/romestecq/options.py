"""Romestecq's options, each declared once (see :mod:`reversis.core.options`): its topic and the
values the engine plays. Every ruleset of the game gives each of them (none has a neutral value);
:func:`~reversis.games.romestecq.params.compile_params` reads them through this table.

Two equal sides always play, of five cards each from the thirty-six: two, four or six players.
"""

from __future__ import annotations

from reversis.core.options import declare_options

__all__ = ["OPTIONS"]

_PLAYERS = {"kind": "int", "choices": [2, 4, 6]}

OPTIONS = declare_options(
    "romestecq",
    topics={
        "players": "The players and the pack",
        "deal": "The deal",
        "declarations": "Declarations",
        "play": "The play",
        "scoring": "Scoring",
        "combinations": "Combinations",
        "penalties": "Faults and penalties",
    },
    # name: (topic, domain)
    options={
        "players": ("players", _PLAYERS),
        "target": ("scoring", {"kind": "mapping", "keys": _PLAYERS, "values": {"kind": "int", "min": 1}}),
        "seating": ("players", {"kind": "str", "choices": ["together", "alternate"]}),
        "four_dealer": ("deal", {"kind": "str", "choices": ["lowest", "highest"]}),
        "penalty_marks": ("penalties", {"kind": "str", "choices": ["chalked-on-offender", "rubbed-by-opponents"]}),
        "two_pairs": ("combinations", {"kind": "str", "choices": ["combined", "separate"]}),
        "village": ("combinations", {"kind": "str", "choices": ["adjacent", "named"]}),
        "ningre_tens": ("combinations", {"kind": "bool"}),
        "low_triche": ("combinations", {"kind": "int", "choices": [1, 0, 3]}),
        "double_ningre": ("combinations", {"kind": "str", "choices": ["plus-honours", "three-if-passes"]}),
        "single_honours": ("combinations", {"kind": "bool"}),
        "false_claims": ("penalties", {"kind": "str", "choices": ["overcount", "named", "any"]}),
        "gruge_when": ("play", {"kind": "str", "choices": ["constrained", "void"]}),
        "village_call": ("declarations", {"kind": "str", "choices": ["pièce", "pièce de village"]}),
        "uncalled_rome": ("declarations", {"kind": "str", "choices": ["worthless", "loses-game"]}),
        "accept_illegal": ("penalties", {"kind": "bool"}),
    },
)
