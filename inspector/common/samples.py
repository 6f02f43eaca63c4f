"""Bundled gold/system file pairs, chosen by name: what the sample catalogues share.

Each evaluation view offers a fixed catalogue of pairs under ``sample_data/``
(its ``samples`` module).  A pair is named by its ``key``; the app and the
URL only ever pass keys, and the loader answers an unknown key with the
view's default pair (:meth:`inspector.common.loader.LoaderSpec.sample`), so
a path never comes from the user.  :meth:`BundledPair.read_files` gives the
files as the loader evaluates them.
Every pair has the licence and attribution of its folder's ``SOURCE.md``
(:func:`jpcore.reports.attribution_near`, read once).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import ClassVar

from jpcore.bundled import sample_data_root
from jpcore.reports import attribution_near
from inspector.common.files import NamedBytes

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

    def check_source(self) -> None:
        """:class:`FileNotFoundError` unless the folder carries its ``SOURCE.md``."""
        if not self.source_path.is_file():
            raise FileNotFoundError(f"{self.source_path}: missing (source, licence and attribution)")

    def attribution(self) -> str | None:
        """The ``## Attribution`` section and ``Licence:`` line of ``SOURCE.md``, or ``None``."""
        return _attribution(self.gold_path)

    def read_files(self) -> tuple[NamedBytes, NamedBytes, NamedBytes | None]:
        """``(gold, system, extra)`` as the loader evaluates them (``extra``: a third file
        some catalogues bundle, such as the raw text; ``None`` here)."""
        return (NamedBytes(self.gold_file, self.gold_path.read_bytes()),
                NamedBytes(self.sys_file, self.sys_path.read_bytes()), None)


@dataclass(frozen=True)
class SecondSample:
    """A bundled second system (B) for a loaded sample: its key (the URL's value), title, note,
    and ``read()``, its file as the loader evaluates it against the sample's gold."""

    key: str
    title: str
    note: str
    read: Callable[[], NamedBytes]


def siblings(catalogue: Mapping[str, BundledPair], key: str) -> dict[str, SecondSample]:
    """The second systems the catalogue itself bundles for sample ``key``: every other
    sample with the same gold file, folder and options and another system file (the
    UA-GEC slice's three systems against annotator 1, the EWT parse's two systems).

    >>> from inspector.deps.samples import DEPS_SAMPLES
    >>> list(siblings(DEPS_SAMPLES, "ewt-parsed"))
    ['ewt-raw-text']
    """
    own = catalogue.get(key)
    if own is None:
        return {}
    found = {}
    for other in catalogue.values():
        if other.sys_file == own.sys_file:
            continue
        if replace(other, key=own.key, title=own.title, sys_file=own.sys_file, note=own.note) == own:
            found[other.key] = SecondSample(other.key, other.title, other.note,
                                            lambda other=other: other.read_files()[1])
    return found
