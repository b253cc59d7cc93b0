"""Packaging hook for the packages and the optional compiled engine; everything else is in pyproject.toml.

The distribution holds the engine (``reversis``), the site builder (``reversis_site``, which
lives in ``scripts/reversis_site``) and the mutation check (``reversis_mutants``, in
``scripts/reversis_mutants``); ``REVERSIS_ENGINE_ONLY=1`` leaves the two tools out, as the wheel
that "Try it" runs in the reader's browser is built.

``REVERSIS_MYPYC=1 pip install --no-build-isolation .`` (with mypy and a C compiler
present) compiles the engine's hot modules with mypyc. The compiled and the pure
Python engine behave identically; ``make bench`` measures both.
"""

import os

from setuptools import find_packages, setup

# The folders of data (the rulesets, the schemas, the builder's templates) hold no module, but are
# listed as packages all the same, so that setuptools ships their files (package-data in
# pyproject.toml) without warning that they are missing from ``packages``.
packages = [*find_packages(include=["reversis", "reversis.*"]), "reversis.rulesets", "reversis.schemas"]
package_dir = {}
if os.environ.get("REVERSIS_ENGINE_ONLY") != "1":
    packages += ["reversis_site", "reversis_site.templates", "reversis_mutants"]
    package_dir["reversis_site"] = "scripts/reversis_site"
    package_dir["reversis_mutants"] = "scripts/reversis_mutants"

ext_modules = []
if os.environ.get("REVERSIS_MYPYC") == "1":
    from mypyc.build import mypycify

    # Romestecq's hot modules are compiled too, and the bots that play the simulations and comparisons.
    # A compiled function checks its arguments' types at run time: a test hands them real hands.
    ext_modules = mypycify(
        [
            "reversis/games/reversis/hand.py",
            "reversis/games/reversis/exchange.py",
            "reversis/games/reversis/declarations.py",
            "reversis/games/reversis/penalties.py",
            "reversis/games/reversis/masks.py",
            "reversis/games/reversis/deal.py",
            "reversis/games/reversis/payments.py",
            "reversis/games/reversis/settlement.py",
            "reversis/games/reversis/ledger.py",
            "reversis/games/reversis/params.py",
            "reversis/core/cards.py",
            "reversis/games/reversis/events.py",
            "reversis/games/romestecq/hand.py",
            "reversis/games/romestecq/combinations.py",
            "reversis/games/romestecq/marks.py",
            "reversis/games/romestecq/params.py",
            "reversis/core/chance.py",
            "reversis/games/reversis/bots.py",
            "reversis/games/romestecq/bots.py",
        ]
    )

setup(packages=packages, package_dir=package_dir, ext_modules=ext_modules)
