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
from typing import ClassVar

from jpcore.demo_inputs import repeat_trees
from inspector.common.files import NamedBytes
from inspector.common.samples import SAMPLE_DATA, BundledPair
from jpcore import parseval
from jpcore.stats.scale import score_cell

#: Folder holding the bundled tree pairs.
TREE_ROOT = SAMPLE_DATA / "parseval"


@dataclass(frozen=True, slots=True)
class TreeSample(BundledPair):
    """One bundled gold/system pair of tree files (paths under :data:`TREE_ROOT`)."""

    ROOT: ClassVar[Path] = TREE_ROOT

    #: Copies of the files concatenated (a large demonstration input made at load time).
    repeat: int = 1

    @property
    def gold_name(self) -> str:
        """The gold file's name as shown (``sample.gld ×100`` for a repeated sample)."""
        return self.gold_file if self.repeat == 1 else f"{self.gold_file} ×{self.repeat}"

    @property
    def sys_name(self) -> str:
        """The system file's name as shown."""
        return self.sys_file if self.repeat == 1 else f"{self.sys_file} ×{self.repeat}"

    def read_pair(self) -> tuple[bytes, bytes]:
        """``(gold, system)`` bytes, repeated :attr:`repeat` times by
        :func:`jpcore.demo_inputs.repeat_trees` when the sample is a large one."""
        gold, system = self.gold_path.read_bytes(), self.sys_path.read_bytes()
        return (gold, system) if self.repeat == 1 else repeat_trees(gold, system, self.repeat)

    def read_files(self) -> tuple[NamedBytes, NamedBytes, NamedBytes | None]:
        """``(gold, system, None)``, repeated and named as :meth:`read_pair` and the names say."""
        gold, system = self.read_pair()
        return NamedBytes(self.gold_name, gold), NamedBytes(self.sys_name, system), None


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
    TreeSample(
        key="evalb-sample-x100",
        title="Large input: EVALB's sample ×100 (2,400 trees)",
        folder="evalb-sample",
        gold_file="sample.gld",
        sys_file="sample.tst",
        note="EVALB's 24 sample trees repeated 100 times when loaded (jpcore.demo_inputs), "
        "to try the page on a 2,400-tree file.",
        repeat=100,
    ),
)

#: Every bundled tree pair by key, in display order.
TREE_SAMPLES: dict[str, TreeSample] = {sample.key: sample for sample in _CATALOGUE}

#: The pair the page opens with.
DEFAULT_TREE_SAMPLE = "harbour"


#: How ``jp-inspector --check`` names this catalogue.
KIND = "trees"
#: The catalogue ``jp-inspector --check`` walks.
CATALOGUE = TREE_SAMPLES


def check(sample: TreeSample) -> str:
    """One line of headline figures of the sample evaluated as its loader does (``jp-inspector --check``)."""
    sample.check_source()
    gold, system = sample.read_pair()
    result = parseval.evaluate_bytes(gold, system, gold_name=sample.gold_name, sys_name=sample.sys_name)
    summary = result.summary()
    return (f"{len(result.pairs):,} pairs · bracketing recall {score_cell(summary.recall)} · "
            f"precision {score_cell(summary.precision)}")
