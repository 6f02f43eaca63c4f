"""Every bundled sample loaded through jpcore, without a server (``jp-inspector --check``).

Contract: :func:`check_samples` reads and evaluates each sample of the app's
catalogues as its loader does with the sample's own options (the UD pairs
with their raw text, the tree pairs and the M2 pairs, the large ones made
by repeating the small ones, the Teaching texts and exercises) and checks
that each folder carries its ``SOURCE.md`` (source, licence, attribution).
It returns one :class:`SampleCheck` per sample, in catalogue order: a
one-line summary of the result (headline figures) or the error, naming the
file.  Nothing here imports Streamlit, so an installed copy can be checked
from any directory; :func:`jpcore.bundled.sample_data_root` says which data
was read.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from jpcore.formats import read_segmentation
from jpcore.formats.raw import read_raw
from jpcore.align.similarity import Normaliser
from jpcore import parseval
from jpcore.gec import evaluate_bytes as gec_evaluate_bytes
from jpcore.preprocess import evaluate as preprocess_evaluate
from inspector.brackets import samples as tree_samples
from inspector.edits import samples as gec_samples
from inspector.tokens import samples
from inspector.common.samples import BundledPair
from inspector.teaching.exercises import TEACHING_ROOT, load_exercises
from inspector.teaching.texts import teaching_texts


@dataclass(frozen=True, slots=True)
class SampleCheck:
    """One sample: its catalogue (``kind``), ``key``, ``title``, and ``summary`` or ``error``."""

    kind: str
    key: str
    title: str
    summary: str = ""
    error: str = ""

    @property
    def ok(self) -> bool:
        """True when the sample loaded."""
        return not self.error

    def line(self) -> str:
        """The check as one line: ``ok``/``FAILED``, catalogue, key, then what was found."""
        status = "ok    " if self.ok else "FAILED"
        return f"{status} {self.kind:<9} {self.key:<24} {self.summary or self.error}"


def _source(pair: BundledPair) -> None:
    if not pair.source_path.is_file():
        raise FileNotFoundError(f"{pair.source_path}: missing (source, licence and attribution)")


def _ud(sample: samples.Sample) -> str:
    _source(sample)
    gold = read_segmentation(sample.gold_path.read_bytes(), sample.gold_file, sample.fmt, sample.level)
    system = read_segmentation(sample.sys_path.read_bytes(), sample.sys_file, sample.fmt, sample.level)
    raw = read_raw(sample.raw_path.read_bytes(), sample.raw_file) if sample.raw_path.is_file() else None
    result = preprocess_evaluate(gold, system, Normaliser.for_language(sample.language), raw_text=raw)
    sentences, tokens = result.totals["sentences"], result.totals["tokens"]
    return (f"{len(result.units):,} units · sentences F1 {100 * sentences.f1:.2f} · "
            f"{sample.level} F1 {100 * tokens.f1:.2f}")


def _trees(sample: tree_samples.TreeSample) -> str:
    _source(sample)
    gold, system = sample.read_pair()
    result = parseval.evaluate_bytes(gold, system, gold_name=sample.gold_name, sys_name=sample.sys_name)
    summary = result.summary()
    return (f"{len(result.pairs):,} pairs · bracketing recall {summary.recall:.2f} · "
            f"precision {summary.precision:.2f}")


def _m2(sample: gec_samples.GecSample) -> str:
    _source(sample)
    (sys_name, system), (gold_name, gold) = sample.read_pair()
    result = gec_evaluate_bytes(gold, system, gold_name, sys_name)
    totals = result.totals
    return (f"{len(result.units):,} units · TP {totals['tp']} FP {totals['fp']} FN {totals['fn']} · "
            f"F{result.errant.options.beta:g} {totals['f']}")


def _teaching_text(path_raw: Path, path_gold: Path, fmt: str, level: str) -> str:
    raw = read_raw(path_raw.read_bytes(), path_raw.name)
    gold = read_segmentation(path_gold.read_bytes(), path_gold.name, fmt, level)
    return f"{len(raw):,} characters · {len(gold.sentences):,} gold sentences"


def _checks() -> Iterator[tuple[str, str, str, Callable[[], str]]]:
    for sample in samples.SAMPLES.values():
        yield "UD", sample.key, sample.title, lambda sample=sample: _ud(sample)
    for tree_sample in tree_samples.TREE_SAMPLES.values():
        yield "trees", tree_sample.key, tree_sample.title, lambda sample=tree_sample: _trees(sample)
    for gec_sample in gec_samples.GEC_SAMPLES.values():
        yield "M2", gec_sample.key, gec_sample.title, lambda sample=gec_sample: _m2(sample)

    def exercises() -> str:
        if not (TEACHING_ROOT / "SOURCE.md").is_file():
            raise FileNotFoundError(f"{TEACHING_ROOT / 'SOURCE.md'}: missing (source and licence)")
        found = load_exercises()
        return f"{len(found)} exercises · {sum(len(e.questions) for e in found)} questions"

    yield "teaching", "exercises", "Teaching exercises", exercises
    for text in teaching_texts().values():
        yield ("teaching", text.key, text.title,
               lambda text=text: _teaching_text(text.raw_path, text.gold_path, text.fmt, text.level))


def check_samples() -> list[SampleCheck]:
    """Load every bundled sample (see the module doc)."""
    out = []
    for kind, key, title, run in _checks():
        try:
            out.append(SampleCheck(kind, key, title, summary=run()))
        except Exception as error:  # noqa: BLE001 - every failure is reported, none stops the others
            out.append(SampleCheck(kind, key, title, error=f"{type(error).__name__}: {error}"))
    return out
