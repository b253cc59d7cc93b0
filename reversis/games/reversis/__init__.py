"""Reversis, the game of three of the four sources (``encyclopedie-1765``, ``espagnolette-19c``,
``revesino``), played on the core (:mod:`reversis.core`).

Read first :mod:`~reversis.games.reversis.hand` (the state machine of a hand: deal, exchange,
declarations, tricks, settlement), :mod:`~reversis.games.reversis.options` (each option declared
once) and :mod:`~reversis.games.reversis.params` (a ruleset's options compiled into what the hand
reads). The rules, one module each: :mod:`~reversis.games.reversis.deal`,
:mod:`~reversis.games.reversis.exchange`, :mod:`~reversis.games.reversis.declarations`,
:mod:`~reversis.games.reversis.payments` (during the tricks), :mod:`~reversis.games.reversis.settlement`
(at the end), :mod:`~reversis.games.reversis.penalties`; their records: :mod:`~reversis.games.reversis.events`,
:mod:`~reversis.games.reversis.ledger`. Around them: :mod:`~reversis.games.reversis.bots`,
:mod:`~reversis.games.reversis.scenario`, :mod:`~reversis.games.reversis.result`,
:mod:`~reversis.games.reversis.report`, :mod:`~reversis.games.reversis.sitting`,
:mod:`~reversis.games.reversis.examples` (the doctests' API) and :mod:`~reversis.games.reversis.game`
(the game as :mod:`reversis.games` registers it).
"""
