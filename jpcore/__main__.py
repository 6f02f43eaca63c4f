"""``python -m jpcore``: the command line (see :mod:`jpcore.cli`)."""

from jpcore.cli import run_and_exit

run_and_exit()
