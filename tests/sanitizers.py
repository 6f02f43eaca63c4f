"""The C accelerators built with AddressSanitizer and UndefinedBehaviorSanitizer, and a test run under them.

:func:`build` compiles the four modules of ``setup.py``'s ``ACCELERATORS``
with ``-fsanitize=address,undefined -fno-omit-frame-pointer`` into
``.sanitized/`` (ignored by git; the in-place build beside the sources is
left alone), again only when a source, a flag or the compiler changed.
:func:`run` starts pytest on the C-vs-Python differential tests in a
subprocess whose environment (:func:`environment`) preloads the ASan
runtime (``gcc -print-file-name=libasan.so``), turns leak detection off
(Python's own allocations are never freed at exit), makes every UBSan
report stop the process, routes ``PyMem`` through ``malloc`` (so ASan sees
the accelerators' buffers, which pymalloc would hide) and imports the
sanitized files instead of the in-place ones (:mod:`tests.sanitized_import`).

``tests/test_sanitizers.py`` runs this inside the test command; by hand:
``.venv/bin/python -m tests.sanitizers [pytest arguments]``.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import sysconfig
from pathlib import Path

from tests.sanitized_import import MODULES, sanitized_path

ROOT = Path(__file__).resolve().parents[1]
FOLDER = ROOT / ".sanitized"
FLAGS = ("-fsanitize=address,undefined", "-fno-omit-frame-pointer", "-fno-sanitize-recover=undefined",
         "-O1", "-g", "-shared", "-fPIC", "-Wall")
#: the C-vs-Python differential tests (each holds an accelerator equal to its Python reference)
DIFFERENTIAL_TESTS = ("tests/test_tree_scan.py", "tests/test_parseval_same_words.py", "tests/test_parseval_quick.py",
                      "tests/test_evalb_fastlines.py", "tests/test_c_hostile.py", "tests/test_c_memory.py")
#: what every sanitizer report prints (a run with any of them fails)
#: where the sanitizers write their reports (pytest's capture of fd 2 would swallow a report
#: printed just before the process halts); one file per process, subprocesses included
REPORTS = FOLDER / "reports"
REPORT_MARKS = ("ERROR: AddressSanitizer", "runtime error:", "SUMMARY: AddressSanitizer",
                "SUMMARY: UndefinedBehaviorSanitizer", "ERROR: LeakSanitizer")


def _gcc_file(name: str) -> str:
    return subprocess.run(["gcc", f"-print-file-name={name}"], check=True, capture_output=True,
                          text=True).stdout.strip()


def source_of(name: str) -> Path:
    """The C source of accelerator ``name`` (as setup.py lists it)."""
    return ROOT.joinpath(*name.split(".")).with_suffix(".c")


def build() -> dict[str, Path]:
    """Each accelerator's sanitized shared object, compiled when out of date."""
    include = sysconfig.get_paths()["include"]
    compiler = subprocess.run(["gcc", "--version"], check=True, capture_output=True, text=True).stdout
    built = {}
    for name in MODULES:
        source, target = source_of(name), sanitized_path(FOLDER, name)
        stamp = target.with_name(target.name + ".stamp")
        headers = [header.read_text() for header in sorted(ROOT.joinpath("jpcore").rglob("*.h"))]  # it may include
        digest = hashlib.sha256("\0".join([source.read_text(), *headers, *FLAGS, include, compiler]).encode()).hexdigest()
        if not (target.exists() and stamp.exists() and stamp.read_text() == digest):
            target.parent.mkdir(parents=True, exist_ok=True)
            subprocess.run(["gcc", *FLAGS, f"-I{include}", str(source), "-o", str(target)], check=True)
            stamp.write_text(digest)
        built[name] = target
    site = FOLDER / "site"
    site.mkdir(parents=True, exist_ok=True)
    (site / "sitecustomize.py").write_text(
        "# written by tests/sanitizers.py: the sanitized accelerators in every process of the run\n"
        "import tests.sanitized_import\n\ntests.sanitized_import.install()\n")
    return built


def environment(base: dict[str, str]) -> dict[str, str]:
    """``base`` with what a process needs to run the sanitized build."""
    asan = _gcc_file("libasan.so")
    if not Path(asan).exists():
        raise FileNotFoundError(f"gcc has no AddressSanitizer runtime ({asan}): apt-get install gcc")
    return {
        **base,
        "LD_PRELOAD": asan,
        "ASAN_OPTIONS": f"detect_leaks=0:abort_on_error=0:halt_on_error=1:allocator_may_return_null=1:"
                        f"log_path={REPORTS / 'asan'}",
        "UBSAN_OPTIONS": f"halt_on_error=1:print_stacktrace=1:log_path={REPORTS / 'ubsan'}",
        "PYTHONMALLOC": "malloc",
        "JP_SANITIZED_DIR": str(FOLDER),
        "PYTHONPATH": f"{FOLDER / 'site'}:{ROOT}",
        "PYTHONDONTWRITEBYTECODE": "1",
    }


def command(*pytest_args: str) -> list[str]:
    """The sanitized pytest run over :data:`DIFFERENTIAL_TESTS`; deselected: ``rlimit`` (an
    address-space limit and ASan's shadow memory exclude each other) and ``chain_labeled`` (a
    configuration the C module never takes: Python alone, already run by the suite)."""
    return [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "tests.sanitized_plugin",
            "-k", "not rlimit and not chain_labeled", *DIFFERENTIAL_TESTS, *pytest_args]


def reports_in(output: str) -> list[str]:
    """The lines of ``output`` that belong to a sanitizer report."""
    return [line for line in output.splitlines() if any(mark in line for mark in REPORT_MARKS)]


def written_reports() -> str:
    """Every report the sanitizers wrote to :data:`REPORTS` in the last run, whole."""
    return "".join(path.read_text(errors="replace") for path in sorted(REPORTS.glob("*")))


def run(*pytest_args: str, base: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """Build, then run the differential tests under the sanitizers; stdout and stderr together."""
    build()
    REPORTS.mkdir(parents=True, exist_ok=True)
    for old in REPORTS.glob("*"):
        old.unlink()
    return subprocess.run(command(*pytest_args), cwd=ROOT, env=environment(dict(os.environ if base is None else base)),
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def main(argv: list[str] | None = None) -> int:
    """Run it by hand: print the output; status 1 on a failure or any sanitizer report."""
    done = run(*(sys.argv[1:] if argv is None else argv))
    print(done.stdout)
    print(written_reports())
    return 1 if done.returncode or reports_in(done.stdout) or written_reports() else 0


if __name__ == "__main__":
    sys.exit(main())
