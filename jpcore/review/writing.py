"""The one place the review package writes a file (exports, corrected gold).

Contract: :func:`_write_file` writes ``data`` to ``path`` whole or not at all
(a temporary file in the same folder, then renamed over ``path``), so an
interrupted run never leaves half a file where a good one was.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def _write_file(path: str | Path, data: bytes) -> None:
    """Write ``data`` to ``path`` atomically (see the module doc)."""
    target = Path(path)
    handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent or ".")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
