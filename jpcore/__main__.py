"""``python -m jpcore``: the command line (see :mod:`jpcore.cli`)."""

import sys

from jpcore.cli import main

sys.exit(main())
