"""``python -m reversis``: the same as the ``reversis`` command."""

import sys

from reversis.cli import main

sys.exit(main())
