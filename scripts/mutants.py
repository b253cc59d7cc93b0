"""``python scripts/mutants.py [--all] [--audit N] …``: the mutation check, as ``python -m reversis_mutants``
runs it (:mod:`reversis_mutants.check`, installed with the engine: see setup.py)."""

import sys

from reversis_mutants.check import main

if __name__ == "__main__":
    sys.exit(main())
