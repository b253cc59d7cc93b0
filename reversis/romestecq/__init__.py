"""Romestecq, the second game of the corpus: the dictionary of games' 25 articles (source
``dictionnaire-jeux-r``), played on the engine's shared foundations (cards, rulesets, scenarios,
errors, citations) with a hand, marks, bots and results of its own.

Modules: :mod:`~reversis.romestecq.params` (the ruleset compiled), :mod:`~reversis.romestecq.combinations`
(article 17 and the worth of each combination), :mod:`~reversis.romestecq.marks` (the marks chalked
and rubbed out), :mod:`~reversis.romestecq.hand` (the state machine), :mod:`~reversis.romestecq.penalties`
(articles 9 to 16), :mod:`~reversis.romestecq.bots`, :mod:`~reversis.romestecq.scenario`,
:mod:`~reversis.romestecq.result`, :mod:`~reversis.romestecq.sitting` (a game to its target),
:mod:`~reversis.romestecq.simulate`, :mod:`~reversis.romestecq.examples` (the doctests' API) and
:mod:`~reversis.romestecq.game` (the entry points of :mod:`reversis.games`).
"""
