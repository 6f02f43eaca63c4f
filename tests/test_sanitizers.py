"""The C-vs-Python differential tests pass with the accelerators built under ASan and UBSan.

:mod:`tests.sanitizers` builds the four modules with
``-fsanitize=address,undefined`` into ``.sanitized/`` and runs
tests/test_tree_scan.py, tests/test_parseval_same_words.py,
tests/test_evalb_fastlines.py, tests/test_c_hostile.py and
tests/test_c_memory.py (its ``nomemory`` sweeps) in a subprocess with the
ASan runtime preloaded.  The run must pass, write and print no sanitizer
report (the reports go to files: pytest's capture would swallow one printed
just before the process halts), and
prove that each module it tested was the sanitized file (its plugin prints
where each was loaded from and that libasan was mapped).
"""

from __future__ import annotations

from tests import sanitizers
from tests.sanitized_import import MODULES, sanitized_path


def test_differential_tests_pass_under_address_and_undefined_behaviour_sanitizers() -> None:
    done = sanitizers.run()
    tail = done.stdout[-6000:]
    assert sanitizers.written_reports() == "", sanitizers.written_reports()[:6000]
    assert sanitizers.reports_in(done.stdout) == [], tail
    assert done.returncode == 0, tail
    for name in MODULES:
        assert f"sanitized: {name} <- {sanitized_path(sanitizers.FOLDER, name).resolve()}" in done.stdout, tail
    assert "sanitized: libasan mapped" in done.stdout, tail
    assert " passed" in done.stdout.splitlines()[-1] and "failed" not in done.stdout.splitlines()[-1], tail
