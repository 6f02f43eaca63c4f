"""pytest plugin of the sanitized run (``-p tests.sanitized_plugin``, started by tests/sanitizers.py).

At the end of the session it checks that each accelerator the tests
imported is the sanitized file (:func:`tests.sanitized_import.proof`) and
that the AddressSanitizer runtime is mapped into the process, and prints one
``sanitized: NAME <- PATH`` line per module (tests/test_sanitizers.py reads
them): a run that silently tested the normal build fails.
"""

from __future__ import annotations

import sys

import pytest

from tests.sanitized_import import asan_mapped, install, proof


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Fail the run unless the sanitized builds (and ASan) were what ran."""
    install()
    try:
        lines = proof()
        if not asan_mapped():
            raise AssertionError("libasan is not mapped: LD_PRELOAD did not take")
    except AssertionError as error:
        print(f"\nsanitized run: {error}", file=sys.stderr)
        session.exitstatus = 1
        return
    print("\n" + "\n".join([*lines, "sanitized: libasan mapped"]))
