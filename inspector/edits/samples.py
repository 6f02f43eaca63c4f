"""The fixed catalogue of bundled M2 samples for the Edits page, chosen by name.

Every sample is a system (hypothesis) M2 file and a gold (reference) M2 file
under ``sample_data/m2/``.  The app and the URL only ever name a sample by
its key in :data:`GEC_SAMPLES`; a path never comes from the user.  The
attribution shown with a sample is the ``## Attribution`` section of its
folder's ``SOURCE.md`` (UA-GEC is CC BY 4.0: it must be shown wherever the
sample is used).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from jpcore.demo_inputs import repeat_m2
from inspector.common.files import NamedBytes
from inspector.common.samples import SAMPLE_DATA, BundledPair
from jpcore.gec import evaluate_bytes as gec_evaluate_bytes

#: Folder holding the bundled M2 samples.
M2_ROOT = SAMPLE_DATA / "m2"


@dataclass(frozen=True, slots=True)
class GecSample(BundledPair):
    """One bundled system/gold M2 pair (paths under :data:`M2_ROOT`)."""

    ROOT: ClassVar[Path] = M2_ROOT

    #: At least this many gold sentences, made at load time by repeating the pair (0: as is).
    min_gold_sentences: int = 0

    def read_pair(self) -> tuple[tuple[str, bytes], tuple[str, bytes]]:
        """``((system name, bytes), (gold name, bytes))``; a large sample is the pair
        repeated by :func:`jpcore.demo_inputs.repeat_m2` (names say ``×N``)."""
        system, gold = self.sys_path.read_bytes(), self.gold_path.read_bytes()
        if not self.min_gold_sentences:
            return (self.sys_file, system), (self.gold_file, gold)
        system, gold, times = repeat_m2(system, gold, self.min_gold_sentences)
        return (f"{self.sys_file} ×{times}", system), (f"{self.gold_file} ×{times}", gold)

    def read_files(self) -> tuple[NamedBytes, NamedBytes, NamedBytes | None]:
        """``(gold, system, None)``, repeated and named as :meth:`read_pair` says."""
        (sys_name, system), (gold_name, gold) = self.read_pair()
        return NamedBytes(gold_name, gold), NamedBytes(sys_name, system), None


_UA_NOTE = (
    "Ukrainian, UA-GEC's own error types (Spelling, Punctuation, G/Case, ...), not ERRANT's M/R/U: "
    "the operation filter only applies to ERRANT types."
)

_CATALOGUE = (
    GecSample(
        key="toy-resegmented",
        title="toy-en: re-segmented system vs gold (2 annotators)",
        folder="toy-en",
        sys_file="sys.resegmented.m2",
        gold_file="gold.m2",
        note="Sentences 1+2 and 3+4 merged and sentence 6 split by the system: 7 against 8 sentences.",
    ),
    GecSample(
        key="toy",
        title="toy-en: system vs gold, same sentences",
        folder="toy-en",
        sys_file="sys.m2",
        gold_file="gold.m2",
        note="Eight English sentences written for jp-inspector, every tricky errant rule in one place.",
    ),
    GecSample(
        key="uagec-resegmented",
        title="UA-GEC slice: re-segmented annotator 0 vs annotator 1",
        folder="uagec",
        sys_file="ann0.first100.resegmented.m2",
        gold_file="ann1.first100.m2",
        note="85 system sentences (merges and splits) against 100 gold sentences. " + _UA_NOTE,
    ),
    GecSample(
        key="uagec-requote",
        title="UA-GEC slice: re-segmented and requoted annotator 0 vs annotator 1",
        folder="uagec",
        sys_file="ann0.first100.resegmented-requote.m2",
        gold_file="ann1.first100.m2",
        note="As the re-segmented slice, with the quotes of the system's S lines rewritten. " + _UA_NOTE,
    ),
    GecSample(
        key="uagec-both",
        title="UA-GEC slice: re-segmented annotator 0 vs both annotators",
        folder="uagec",
        sys_file="ann0.first100.resegmented.m2",
        gold_file="gec-only.test.first100.m2",
        note="Two reference annotators and merged units: the annotator is chosen per unit. " + _UA_NOTE,
    ),
    GecSample(
        key="uagec",
        title="UA-GEC slice: annotator 0 vs annotator 1, same sentences",
        folder="uagec",
        sys_file="ann0.first100.m2",
        gold_file="ann1.first100.m2",
        note="The first 100 sentences of the UA-GEC test set, one annotator each. " + _UA_NOTE,
    ),
    GecSample(
        key="uagec-44k",
        title="Large input: UA-GEC re-segmented slice ×440 (44,000 gold sentences)",
        folder="uagec",
        sys_file="ann0.first100.resegmented.m2",
        gold_file="ann1.first100.m2",
        note="The re-segmented slice repeated 440 times when loaded (jpcore.demo_inputs): 37,400 system "
        "against 44,000 gold sentences. " + _UA_NOTE,
        min_gold_sentences=44_000,
    ),
)

#: Every bundled M2 sample by key, in display order.
GEC_SAMPLES: dict[str, GecSample] = {sample.key: sample for sample in _CATALOGUE}

#: The sample the Edits page opens with.
DEFAULT_GEC_SAMPLE = "toy-resegmented"


#: How ``jp-inspector --check`` names this catalogue.
KIND = "M2"
#: The catalogue ``jp-inspector --check`` walks.
CATALOGUE = GEC_SAMPLES


def check(sample: GecSample) -> str:
    """One line of headline figures of the sample evaluated as its loader does (``jp-inspector --check``)."""
    sample.check_source()
    (sys_name, system), (gold_name, gold) = sample.read_pair()
    result = gec_evaluate_bytes(gold, system, gold_name, sys_name)
    totals = result.totals
    return (f"{len(result.units):,} units · TP {totals['tp']} FP {totals['fp']} FN {totals['fn']} · "
            f"F{result.errant.options.beta:g} {totals['f']}")
