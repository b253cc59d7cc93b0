"""The core that every game shares: cards and packs (:mod:`~reversis.core.cards`), rulesets and their
options' domains (:mod:`~reversis.core.ruleset`, :mod:`~reversis.core.domains`), the errors
(:mod:`~reversis.core.errors`), the seeded chance of a deal (:mod:`~reversis.core.chance`), the
scenario file's YAML and its limits (:mod:`~reversis.core.scenario_yaml`, :mod:`~reversis.core.scenario`)
and what a game is (:mod:`~reversis.core.game`). Nothing here imports a game."""
