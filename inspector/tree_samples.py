"""The fixed catalogue of bundled tree pairs for the Brackets page, chosen by name.

A tree sample is a gold and a system file of bracketed trees under
``sample_data/parseval/``, with the folder's ``SOURCE.md`` (source and
licence).  The page and the URL only ever name a sample by its key in
:data:`TREE_SAMPLES`; a path never comes from the user.  The project's own
pair comes first, so the first screen shows what EVALB cannot score: a
merged sentence, a split sentence and a contraction tokenized differently.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

#: Folder holding the bundled tree pairs.
TREE_ROOT = Path(__file__).resolve().parents[1] / "sample_data" / "parseval"


@dataclass(frozen=True, slots=True)
class TreeSample:
    """One bundled gold/system pair of tree files (paths relative to :data:`TREE_ROOT`)."""

    key: str
    title: str
    folder: str
    gold_file: str
    sys_file: str
    note: str

    @property
    def gold_path(self) -> Path:
        """Absolute path of the gold trees."""
        return TREE_ROOT / self.folder / self.gold_file

    @property
    def sys_path(self) -> Path:
        """Absolute path of the system trees."""
        return TREE_ROOT / self.folder / self.sys_file

    @property
    def source_path(self) -> Path:
        """The folder's ``SOURCE.md`` (source and licence)."""
        return TREE_ROOT / self.folder / "SOURCE.md"


_CATALOGUE = (
    TreeSample(
        key="harbour",
        title="jp-trees: 8 sentences, merged + split sentences, ca n't vs can not",
        folder="jp-trees",
        gold_file="harbour.gold.mrg",
        sys_file="harbour.sys.mrg",
        note="Written for jp-inspector. EVALB pairs these files line by line and drops four "
        "of the eight sentences; alignment scores all of them.",
    ),
    TreeSample(
        key="evalb-sample",
        title="EVALB's own sample (sample.gld vs sample.tst)",
        folder="evalb-sample",
        gold_file="sample.gld",
        sys_file="sample.tst",
        note="The EVALB distribution's 24 test sentences (public domain). Compare with "
        "`jpcore parseval --evalb sample.prm sample.gld sample.tst`.",
    ),
)

#: Every bundled tree pair by key, in display order.
TREE_SAMPLES: dict[str, TreeSample] = {sample.key: sample for sample in _CATALOGUE}

#: The pair the page opens with.
DEFAULT_TREE_SAMPLE = "harbour"


def get_tree_sample(key: str) -> TreeSample:
    """The sample called ``key``; :data:`DEFAULT_TREE_SAMPLE` for an unknown key."""
    return TREE_SAMPLES.get(key, TREE_SAMPLES[DEFAULT_TREE_SAMPLE])
