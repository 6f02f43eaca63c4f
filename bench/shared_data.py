"""Where the project's shared reference data is, for the benchmarks and the tests.

The UD treebanks, EVALB's files and the M2 sets live in ``../shared/data``
beside the repository (not copied into it; ``sample_data/`` holds the small
pieces the app ships).  ``$JP_SHARED_DATA`` names another place.
:func:`require_shared_data` turns a missing folder into one clear message.
"""

from __future__ import annotations

import os
from pathlib import Path

#: ``$JP_SHARED_DATA``, else ``../shared/data`` beside the repository.
SHARED_DATA = Path(os.environ.get("JP_SHARED_DATA") or Path(__file__).resolve().parents[2] / "shared" / "data")


def require_shared_data() -> Path:
    """:data:`SHARED_DATA`, or ``FileNotFoundError`` saying where it was looked for."""
    if not SHARED_DATA.is_dir():
        raise FileNotFoundError(
            f"the shared reference data is not at {SHARED_DATA}: put the project's shared/ folder "
            "beside the repository (../shared/data) or set JP_SHARED_DATA to its data/ folder")
    return SHARED_DATA
