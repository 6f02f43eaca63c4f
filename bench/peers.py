"""The peer tools, found or built here, for the benchmarks and the peer tests.

* EVALB: ``evalb.c`` from ``../shared/data/peers/evalb`` compiled with gcc
  into ``.peers/evalb`` in the repository (ignored by git; rebuilt when the
  source is newer).  ``$EVALB`` names another binary.
* the CoNLL 2018 UD script: ``../shared/data/peers/conll18/conll18_ud_eval.py``,
  run with this Python.
* errant_compare: the console script of ``errant==3.0.2`` installed beside
  this Python (``requirements-test.txt``).

Each function returns what to run, or raises :class:`PeerMissing` saying
what is missing and how to get it: a peer that cannot run is never
replaced by a remembered figure.
"""

from __future__ import annotations

import importlib.metadata
import os
import shutil
import subprocess
import sys
from pathlib import Path

from bench.shared_data import SHARED_DATA

ROOT = Path(__file__).resolve().parents[1]
EVALB_SOURCE = SHARED_DATA / "peers" / "evalb" / "evalb.c"
EVALB_BUILT = ROOT / ".peers" / "evalb"
CONLL18_SCRIPT = SHARED_DATA / "peers" / "conll18" / "conll18_ud_eval.py"
ERRANT_VERSION = "3.0.2"


class PeerMissing(RuntimeError):
    """A peer tool cannot run here (the message says why and what to do)."""


def build_evalb(target: Path = EVALB_BUILT) -> Path:
    """Compile ``evalb.c`` with gcc into ``target`` unless it is there and newer than the source."""
    if not EVALB_SOURCE.is_file():
        raise PeerMissing(f"EVALB's source is not at {EVALB_SOURCE}")
    if target.is_file() and target.stat().st_mtime >= EVALB_SOURCE.stat().st_mtime:
        return target
    gcc = shutil.which("gcc")
    if gcc is None:
        raise PeerMissing("gcc is not installed (apt-get install gcc) to build EVALB from evalb.c")
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(f"{target.name}.{os.getpid()}.tmp")
    done = subprocess.run([gcc, "-O2", "-w", "-o", str(partial), str(EVALB_SOURCE)],
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        partial.unlink(missing_ok=True)  # nothing half-built is left
        raise PeerMissing(f"gcc could not build EVALB: {done.stderr.strip()[-300:]}")
    partial.replace(target)  # atomic: a concurrent build never sees half a binary
    return target


def evalb_command() -> list[str]:
    """EVALB: ``$EVALB``, else the binary built from the shared source."""
    given = os.environ.get("EVALB")
    if given:
        if not os.access(given, os.X_OK):
            raise PeerMissing(f"$EVALB={given} is not an executable")
        return [given]
    return [str(build_evalb())]


def conll18_command() -> list[str]:
    """The CoNLL 2018 UD evaluation script, run by this Python."""
    if not CONLL18_SCRIPT.is_file():
        raise PeerMissing(f"the CoNLL 2018 script is not at {CONLL18_SCRIPT}")
    return [sys.executable, str(CONLL18_SCRIPT)]


def errant_compare_command() -> list[str]:
    """errant_compare of errant 3.0.2, installed beside this Python."""
    try:
        version = importlib.metadata.version("errant")
    except importlib.metadata.PackageNotFoundError:
        raise PeerMissing(f"errant is not installed (pip install errant=={ERRANT_VERSION})") from None
    if version != ERRANT_VERSION:
        raise PeerMissing(f"errant {version} is installed, the peer is {ERRANT_VERSION}")
    script = Path(sys.executable).with_name("errant_compare")
    if not script.exists():
        raise PeerMissing(f"errant is installed but its errant_compare script is not at {script}")
    return [str(script)]


def main() -> int:
    """``python -m bench.peers``: build EVALB (if needed) and say where every peer is, or why one is missing."""
    from bench.shared_data import require_shared_data

    try:
        require_shared_data()
    except FileNotFoundError as error:
        print(error, file=sys.stderr)
        return 1
    status = 0
    for name, find in (("EVALB", evalb_command), ("conll18_ud_eval.py", conll18_command),
                       ("errant_compare", errant_compare_command)):
        try:
            print(f"{name}: {' '.join(find())}")
        except PeerMissing as missing:
            print(f"{name}: {missing}", file=sys.stderr)
            status = 1
    return status


if __name__ == "__main__":
    raise SystemExit(main())
