"""The applications, above the games: the command line (:mod:`~reversis.apps.cli`), many seeded hands
(:mod:`~reversis.apps.simulate`), the readings of an option compared (:mod:`~reversis.apps.compare`,
:mod:`~reversis.apps.measure`, :mod:`~reversis.apps.readings`), sittings of many hands
(:mod:`~reversis.apps.sitting`) and the engine in the site's pages (:mod:`~reversis.apps.web`,
:mod:`~reversis.apps.web_doctest`). They reach a game through :mod:`reversis.games`."""
