"""Where the bundled sample data is, in a repository checkout and in an installed wheel.

The small real files with their licences live in ``sample_data/`` at the top
of the repository.  The wheel (``pip install .``) carries the same folder
inside the package, as ``jpcore/sample_data/`` (``setup.py`` maps it there),
because an installed package cannot reach a folder beside the checkout it
was built from.  Contract: :func:`sample_data_root` is the one place that
knows this: the packaged folder when it exists (an installed copy always
reads its own data), else the checkout's.  When neither exists (a broken
install) it returns the packaged location, so the error that follows names
where the data was expected.
"""

from __future__ import annotations

from pathlib import Path

#: Where the wheel puts the data (inside the installed package).
PACKAGED = Path(__file__).resolve().parent / "sample_data"
#: Where a checkout has it (beside the package).
CHECKOUT = Path(__file__).resolve().parent.parent / "sample_data"


def sample_data_root() -> Path:
    """The folder of the bundled sample data (see the module doc)."""
    for folder in (PACKAGED, CHECKOUT):
        if folder.is_dir():
            return folder
    return PACKAGED
