"""The fixed catalogue of bundled CoNLL-U pairs for the Dependencies page, chosen by name.

A sample is a gold and a system CoNLL-U file under ``sample_data/ud/``, with
the folder's ``SOURCE.md`` (source, licence, how the system was made).  The
page and the URL only ever name a sample by its key in :data:`DEPS_SAMPLES`;
a path never comes from the user.  The default pair keeps the gold tokens
(the CoNLL 2018 script accepts it and prints the same figures); the second
one is what the script refuses: sentences and tokens cut differently and
characters rewritten.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from jpcore.ud import evaluate_bytes
from jpcore.stats.scale import score_cell
from inspector.common.samples import SAMPLE_DATA, BundledPair

#: Folder holding the bundled CoNLL-U pairs.
DEPS_ROOT = SAMPLE_DATA / "ud"


@dataclass(frozen=True, slots=True)
class DepsSample(BundledPair):
    """One bundled gold/system CoNLL-U pair (paths under :data:`DEPS_ROOT`)."""

    ROOT: ClassVar[Path] = DEPS_ROOT


_CATALOGUE = (
    DepsSample(
        key="ewt-parsed",
        title="EWT, 49 sentences: parse and tag errors, same tokens",
        folder="UD_English-EWT-parsed",
        gold_file="en_ewt-ud-test.first49.conllu",
        sys_file="en_ewt-ud-test.first49.parsed.conllu",
        note="The first 49 sentences of the English Web Treebank test set against a system with "
        "heads, labels, tags, features and lemmas changed (bench/deps_samples.py). "
        "conll18_ud_eval.py accepts the pair and prints the same figures.",
    ),
    DepsSample(
        key="ewt-raw-text",
        title="EWT, 49 sentences: from raw text (re-cut, characters rewritten)",
        folder="UD_English-EWT-parsed",
        gold_file="en_ewt-ud-test.first49.conllu",
        sys_file="en_ewt-ud-test.first49.raw-text.conllu",
        note="The same errors, with sentences split and joined, multiword tokens unsplit, nltk's "
        "quotes and a few OCR slips: conll18_ud_eval.py refuses the pair; words are aligned by "
        "jp-inspector's alignment.",
    ),
)

#: Every bundled CoNLL-U pair by key, in display order.
DEPS_SAMPLES: dict[str, DepsSample] = {sample.key: sample for sample in _CATALOGUE}

#: The pair the page opens with.
DEFAULT_DEPS_SAMPLE = "ewt-parsed"


#: How ``jp-inspector --check`` names this catalogue.
KIND = "deps"
#: The catalogue ``jp-inspector --check`` walks.
CATALOGUE = DEPS_SAMPLES


def check(sample: DepsSample) -> str:
    """One line of headline figures of the sample evaluated as its loader does (``jp-inspector --check``)."""
    sample.check_source()
    result = evaluate_bytes(sample.gold_path.read_bytes(), sample.sys_path.read_bytes(), sample.gold_file,
                            sample.sys_file)
    totals = result.totals
    return (f"{len(result.units):,} units · UAS F1 {score_cell(100 * totals['UAS'].f1)} · "
            f"LAS F1 {score_cell(100 * totals['LAS'].f1)}")
