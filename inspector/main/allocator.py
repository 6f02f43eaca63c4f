"""The memory allocator of the app's server process, chosen before Python starts.

A server whose sessions have all closed keeps the memory its allocators
keep, even with every result dropped (:mod:`inspector.common.session_memory`):
measured by ``python -m bench.load`` (docs/robustness.md), the live Python
objects of a server after 5 sessions were the idle server's to within 0.1 MB,
yet its RSS was +20 % to +50 %: pymalloc's 256 KB arenas, each pinned by one
long-lived object among pools emptied by the sessions (pymalloc gives an
arena back only when all of it is free, and never an empty pool inside one),
and glibc's per-thread heaps (Streamlit runs each session's script in its
own thread).  Contract of :func:`server_environment`: the environment of a
server process with

* ``PYTHONMALLOC=malloc``: Python's objects come from the C allocator, whose
  free pages :func:`inspector.common.session_memory.release_memory` gives back
  (``malloc_trim`` returns every free page of every heap, inside one too);
* ``MALLOC_ARENA_MAX=2``: glibc keeps at most two heaps, not eight per core
  (one per thread that allocated while another held a heap);

and the rest of ``environ`` unchanged.  :data:`ALLOCATOR_ENV` is read by
``scripts/run-app.sh`` (through ``python -m inspector.main.allocator``, which
prints the settings its environment lacks as ``NAME=value`` words for
``env``), by :mod:`inspector.launch` (which starts Python again with them) and
by the load bench, so the app is measured as it runs.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping

#: What the server's environment sets (see the module doc).
ALLOCATOR_ENV: dict[str, str] = {"PYTHONMALLOC": "malloc", "MALLOC_ARENA_MAX": "2"}


def server_environment(environ: Mapping[str, str]) -> dict[str, str]:
    """``environ`` with :data:`ALLOCATOR_ENV` set (a value already given in ``environ`` wins)."""
    return {**ALLOCATOR_ENV, **environ}


def missing(environ: Mapping[str, str]) -> list[str]:
    """The settings of :data:`ALLOCATOR_ENV` that ``environ`` does not give, as ``NAME=value``."""
    return [f"{name}={value}" for name, value in ALLOCATOR_ENV.items() if name not in environ]


if __name__ == "__main__":
    import os

    sys.stdout.write(" ".join(missing(os.environ)) + "\n")
