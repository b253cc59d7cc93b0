"""``python -m reversis_mutants``: the mutation check (:mod:`reversis_mutants.check`)."""

import sys

from reversis_mutants.check import main

sys.exit(main())
