"""Romestecq, the second game of the corpus: the dictionary of games' 25 articles (source
``dictionnaire-jeux-r``), played on the engine's shared foundations (cards, rulesets, scenarios,
errors, citations) with a hand, marks, bots and results of its own.

Modules: :mod:`~reversis.games.romestecq.options` (each option declared once),
:mod:`~reversis.games.romestecq.params` (the ruleset compiled), :mod:`~reversis.games.romestecq.combinations`
(article 17 and the worth of each combination), :mod:`~reversis.games.romestecq.marks` (the marks chalked
and rubbed out), :mod:`~reversis.games.romestecq.hand` (the state machine), :mod:`~reversis.games.romestecq.penalties`
(articles 9 to 16), :mod:`~reversis.games.romestecq.bots`, :mod:`~reversis.games.romestecq.scenario`,
:mod:`~reversis.games.romestecq.result`, :mod:`~reversis.games.romestecq.sitting` (a game to its target),
:mod:`~reversis.games.romestecq.simulate`, :mod:`~reversis.games.romestecq.examples` (the doctests' API) and
:mod:`~reversis.games.romestecq.game` (the entry points of :mod:`reversis.games`).
"""
