"""Every allocation of the four C accelerators may fail: a clean MemoryError, never a crash.

Each test runs :mod:`tests.c_memory_probe` in a subprocess (a crash there
is a signal, not a failed assertion in this process):

* ``nomemory``: CPython's fault injection (``_testcapi.set_nomemory``) fails
  every allocation from the k-th on, for k = 0, 1, 2, ... until the call
  completes, so each allocation the C code makes (its ``PyMem`` buffers,
  hash tables, lists, strings, tuples) fails once; every call before the last
  must end in MemoryError, the last one in the reference answer;
* ``rlimit``: a large input under an address-space limit (``RLIMIT_AS``)
  from just above what the process holds, four times more each step, until
  the call completes.

The sanitized run (tests/sanitizers.py) repeats the ``nomemory`` sweeps with
the modules under AddressSanitizer, so an error path that frees twice or
reads freed memory fails there; ``rlimit`` cannot run beside ASan's shadow
memory and is deselected in that run only.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.c_memory_probe import NAMES
from tests.conftest import ROOT


def probe(mode: str, name: str) -> dict:
    """The probe's figures; fails on a crash, any stderr or another exception."""
    done = subprocess.run([sys.executable, "-m", "tests.c_memory_probe", mode, name], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0 and not done.stderr, (done.returncode, done.stderr[-3000:])
    return json.loads(done.stdout)


@pytest.mark.parametrize("name", NAMES)
def test_every_allocation_failing_gives_memory_error(name: str) -> None:
    figures = probe("nomemory", name)
    assert figures["completed"]
    # each allocation failed once (at least 49 of them; how many depends on the allocator: PYTHONMALLOC)
    assert figures["memory_errors"] == figures["calls"] - 1 >= 40


@pytest.mark.parametrize("name", NAMES)
def test_rlimit_address_space_gives_memory_error(name: str) -> None:
    figures = probe("rlimit", name)
    assert figures["completed"]
    assert figures["memory_errors"] == figures["calls"] - 1 >= 3  # the limit was hit before it was enough
