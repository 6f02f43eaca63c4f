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
from functools import lru_cache
from pathlib import Path

from jpcore.demo_inputs import repeat_m2

#: Folder holding the bundled M2 samples.
M2_ROOT = Path(__file__).resolve().parents[1] / "sample_data" / "m2"


@dataclass(frozen=True, slots=True)
class GecSample:
    """One bundled system/gold M2 pair; paths are relative to :data:`M2_ROOT`."""

    key: str
    title: str
    folder: str
    sys_file: str
    gold_file: str
    note: str
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

    @property
    def sys_path(self) -> Path:
        """Absolute path of the system (hypothesis) M2 file."""
        return M2_ROOT / self.folder / self.sys_file

    @property
    def gold_path(self) -> Path:
        """Absolute path of the gold (reference) M2 file."""
        return M2_ROOT / self.folder / self.gold_file

    @property
    def source_path(self) -> Path:
        """The folder's ``SOURCE.md``."""
        return M2_ROOT / self.folder / "SOURCE.md"

    def attribution(self) -> str | None:
        """The ``## Attribution`` section of ``SOURCE.md`` (Markdown), if the folder has one."""
        return _attribution(self.source_path)


_UA_NOTE = (
    "Ukrainian, UA-GEC's own error types (Spelling, Punctuation, G/Case, ...), not ERRANT's M/R/U: "
    "the operation filter only applies to ERRANT types."
)

_CATALOGUE = (
    GecSample(
        "toy-resegmented", "toy-en: re-segmented system vs gold (2 annotators)", "toy-en",
        "sys.resegmented.m2", "gold.m2",
        "Sentences 1+2 and 3+4 merged and sentence 6 split by the system: 7 against 8 sentences.",
    ),
    GecSample(
        "toy", "toy-en: system vs gold, same sentences", "toy-en", "sys.m2", "gold.m2",
        "Eight English sentences written for jp-inspector, every tricky errant rule in one place.",
    ),
    GecSample(
        "uagec-resegmented", "UA-GEC slice: re-segmented annotator 0 vs annotator 1", "uagec",
        "ann0.first100.resegmented.m2", "ann1.first100.m2",
        "85 system sentences (merges and splits) against 100 gold sentences. " + _UA_NOTE,
    ),
    GecSample(
        "uagec-requote", "UA-GEC slice: re-segmented and requoted annotator 0 vs annotator 1", "uagec",
        "ann0.first100.resegmented-requote.m2", "ann1.first100.m2",
        "As the re-segmented slice, with the quotes of the system's S lines rewritten. " + _UA_NOTE,
    ),
    GecSample(
        "uagec-both", "UA-GEC slice: re-segmented annotator 0 vs both annotators", "uagec",
        "ann0.first100.resegmented.m2", "gec-only.test.first100.m2",
        "Two reference annotators and merged units: the annotator is chosen per unit. " + _UA_NOTE,
    ),
    GecSample(
        "uagec", "UA-GEC slice: annotator 0 vs annotator 1, same sentences", "uagec",
        "ann0.first100.m2", "ann1.first100.m2",
        "The first 100 sentences of the UA-GEC test set, one annotator each. " + _UA_NOTE,
    ),
    GecSample(
        "uagec-44k", "Large input: UA-GEC re-segmented slice ×440 (44,000 gold sentences)", "uagec",
        "ann0.first100.resegmented.m2", "ann1.first100.m2",
        "The re-segmented slice repeated 440 times when loaded (jpcore.demo_inputs): 37,400 system "
        "against 44,000 gold sentences. " + _UA_NOTE,
        min_gold_sentences=44_000,
    ),
)

#: Every bundled M2 sample by key, in display order.
GEC_SAMPLES: dict[str, GecSample] = {sample.key: sample for sample in _CATALOGUE}

#: The sample the Edits page opens with.
DEFAULT_GEC_SAMPLE = "toy-resegmented"


def get_gec_sample(key: str) -> GecSample:
    """The sample called ``key``; :data:`DEFAULT_GEC_SAMPLE` for an unknown key."""
    return GEC_SAMPLES.get(key, GEC_SAMPLES[DEFAULT_GEC_SAMPLE])


@lru_cache(maxsize=None)
def _attribution(source_path: Path) -> str | None:
    out: list[str] = []
    inside = False
    for line in source_path.read_text("utf-8").splitlines():
        if line.startswith("## "):
            if inside:
                break
            inside = line.strip() == "## Attribution"
            continue
        if inside:
            out.append(line)
    text = "\n".join(out).strip()
    return text or None
