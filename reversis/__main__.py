"""``python -m reversis``: the same as the ``reversis`` command."""

import sys

from reversis.apps.cli import main

if __name__ == "__main__":
    sys.exit(main())
