"""Import the sanitizer-built C accelerators instead of the in-place ones, and prove it.

Loaded in the sanitized test run only (``tests/sanitizers.py`` starts it):
``.sanitized/site/sitecustomize.py`` calls :func:`install` in every Python
process of that run (pytest itself and the subprocesses its tests start),
so ``import jpcore.formats._treescan`` (and the other two) load the files
built with ``-fsanitize=address,undefined`` from ``$JP_SANITIZED_DIR``,
never the ``*.so`` built in place beside their sources.

:func:`proof` says where each accelerator was loaded from and fails when
one is not the sanitized file; ``tests/sanitized_plugin.py`` calls it at the
end of the run.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
from pathlib import Path

#: the accelerators (setup.py's ACCELERATORS): module name -> path below the package root
MODULES = ("jpcore.formats._treescan", "jpcore.parseval._pairscore", "jpcore.parseval._filescore",
           "jpcore.peers.evalb._fastlines")
SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


def sanitized_path(folder: Path, name: str) -> Path:
    """Where the sanitized build of module ``name`` lies in ``folder``."""
    return folder.joinpath(*name.split(".")).with_name(name.rsplit(".", 1)[1] + SUFFIX)


class SanitizedFinder(importlib.abc.MetaPathFinder):
    """A finder placed first on ``sys.meta_path`` that answers for the accelerators only."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def find_spec(self, fullname: str, path: object = None, target: object = None):  # noqa: ANN201
        if fullname not in MODULES:
            return None
        location = sanitized_path(self.folder, fullname)
        if not location.exists():
            raise ImportError(f"the sanitized build of {fullname} is missing: {location}")
        loader = importlib.machinery.ExtensionFileLoader(fullname, str(location))
        return importlib.util.spec_from_file_location(fullname, location, loader=loader)


def install() -> None:
    """Put the finder first on ``sys.meta_path`` (``$JP_SANITIZED_DIR`` names the folder)."""
    folder = os.environ.get("JP_SANITIZED_DIR")
    if folder and not any(isinstance(f, SanitizedFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, SanitizedFinder(Path(folder)))


def asan_mapped() -> bool:
    """Is the AddressSanitizer runtime mapped into this process?"""
    return "libasan" in Path("/proc/self/maps").read_text()


def proof() -> list[str]:
    """One line per accelerator: where it was loaded from (and whether that is the sanitized file)."""
    folder = Path(os.environ["JP_SANITIZED_DIR"])
    lines = []
    for name in MODULES:
        __import__(name)
        loaded = Path(sys.modules[name].__file__).resolve()
        if loaded != sanitized_path(folder, name).resolve():
            raise AssertionError(f"{name} was loaded from {loaded}, not from the sanitized build")
        lines.append(f"sanitized: {name} <- {loaded}")
    return lines
