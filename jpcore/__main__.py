"""``python -m jpcore``: the command line (see :mod:`jpcore.cli`).

The cyclic garbage collector is switched off before the command's modules
are imported, not only once it runs (:func:`jpcore.cli.run_and_exit`):
importing them makes thousands of objects (classes, dataclass code) and
the collector's passes over them cost a run a few milliseconds, for no
cycle to free.
"""

import gc

gc.disable()

from jpcore.cli import run_and_exit  # noqa: E402 - after the collector is off, on purpose

run_and_exit()
