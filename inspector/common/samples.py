"""Bundled gold/system file pairs, chosen by name: what the sample catalogues share.

Each evaluation page offers a fixed catalogue of pairs under
``sample_data/`` (:mod:`inspector.samples`, :mod:`inspector.tree_samples`,
:mod:`inspector.gec_samples`).  A pair is named by its ``key``; the app and
the URL only ever pass keys, and each catalogue's ``get_...`` answers an
unknown key with its default pair, so a path never comes from the user.
Every pair has the licence and attribution of its folder's ``SOURCE.md``
(:func:`jpcore.reports.attribution_near`, read once).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import ClassVar

from jpcore.bundled import sample_data_root
from jpcore.reports import attribution_near

#: The folder of all bundled data (the checkout's, or the installed package's).
SAMPLE_DATA = sample_data_root()


@cache
def _attribution(path: Path) -> str | None:
    return attribution_near(path)


@dataclass(frozen=True, slots=True)
class BundledPair:
    """A gold and a system file in ``ROOT / folder`` (``ROOT`` is set by each kind of pair)."""

    ROOT: ClassVar[Path] = SAMPLE_DATA

    key: str
    title: str
    folder: str
    gold_file: str
    sys_file: str
    note: str

    @property
    def gold_path(self) -> Path:
        """Absolute path of the gold file."""
        return self.ROOT / self.folder / self.gold_file

    @property
    def sys_path(self) -> Path:
        """Absolute path of the system file."""
        return self.ROOT / self.folder / self.sys_file

    @property
    def source_path(self) -> Path:
        """The folder's ``SOURCE.md`` (source, licence and attribution)."""
        return self.ROOT / self.folder / "SOURCE.md"

    def attribution(self) -> str | None:
        """The ``## Attribution`` section and ``Licence:`` line of ``SOURCE.md``, or ``None``."""
        return _attribution(self.gold_path)
