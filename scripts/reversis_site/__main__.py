"""``python -m reversis_site``: generate the site's pages into the build folder (:mod:`reversis_site.build`)."""

import sys

from reversis_site.build import main

sys.exit(main())
