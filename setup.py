"""Packaging hook for the packages and the optional compiled engine; everything else is in pyproject.toml.

The distribution holds the engine (``reversis``) and the site builder (``reversis_site``, which
lives in ``scripts/reversis_site``); ``REVERSIS_ENGINE_ONLY=1`` leaves the builder out, as the wheel
that "Try it" runs in the reader's browser is built.

``REVERSIS_MYPYC=1 pip install --no-build-isolation .`` (with mypy and a C compiler
present) compiles the engine's hot modules with mypyc. The compiled and the pure
Python engine behave identically; ``make bench`` measures both.
"""

import os

from setuptools import find_packages, setup

packages = find_packages(include=["reversis", "reversis.*"])
package_dir = {}
if os.environ.get("REVERSIS_ENGINE_ONLY") != "1":
    packages.append("reversis_site")
    package_dir["reversis_site"] = "scripts/reversis_site"

ext_modules = []
if os.environ.get("REVERSIS_MYPYC") == "1":
    from mypyc.build import mypycify

    # Romestecq's hot modules are compiled too, and the bots that play the simulations and comparisons.
    # A compiled function checks its arguments' types at run time: a test hands them real hands.
    ext_modules = mypycify(
        [
            "reversis/hand.py",
            "reversis/exchange.py",
            "reversis/declarations.py",
            "reversis/penalties.py",
            "reversis/masks.py",
            "reversis/deal.py",
            "reversis/payments.py",
            "reversis/settlement.py",
            "reversis/ledger.py",
            "reversis/params.py",
            "reversis/cards.py",
            "reversis/events.py",
            "reversis/romestecq/hand.py",
            "reversis/romestecq/combinations.py",
            "reversis/romestecq/marks.py",
            "reversis/romestecq/params.py",
            "reversis/chance.py",
            "reversis/bots.py",
            "reversis/romestecq/bots.py",
        ]
    )

setup(packages=packages, package_dir=package_dir, ext_modules=ext_modules)
