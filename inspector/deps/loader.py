"""The Dependencies page's loader: its spec for the one loader (:mod:`inspector.common.loader`).

Sources: a bundled CoNLL-U pair chosen *by name* from
:data:`inspector.deps.samples.DEPS_SAMPLES`, uploaded gold/system files,
pasted CoNLL-U, or a result saved by ``jpcore ud --json``, in the sidebar
like every loader, gold before system.  Evaluation is jpcore's
(:func:`jpcore.ud.evaluate_bytes`), cached on the *bytes*, never on the
names.  While an input loads, every word group of every unit is listed once
with what is wrong in it (:mod:`inspector.deps.words`), so the filters and
tables of a large pair answer quickly.  Widget keys start with ``d_``; the
URL names what is loaded (``?deps=KEY`` or ``?deps_data=upload-DIGEST``).
"""

from __future__ import annotations

from dataclasses import dataclass

from jpcore.ud import UdResult, evaluate_bytes
from inspector.common import evaluator
from inspector.common.input_limits import Factor, Limits
from inspector.common.loader import Asking, LoaderSpec, Request, Step
from inspector.common.loader_spec import SOURCE_LABELS
from inspector.common.result_cache import RESULTS, key_of
from inspector.common.state import LoadedInput, Slot
from inspector.deps.samples import DEFAULT_DEPS_SAMPLE, DEPS_SAMPLES
from inspector.deps.words import WordIndex, build_index

SLOT = Slot("deps_loaded", "deps_failed", what="treebanks", sample_param="deps", data_param="deps_data")

#: Server memory per byte of input, measured by ``python -m bench.app_memory --formats ud json-ud``
#: (see :mod:`inspector.common.input_limits`).  Measured 2026-11-26 (peak / held, the slope
#: between a 1 and a 2 MB pair and the figure per byte at 2 MB): CoNLL-U 27-28 / 27-28,
#: JSON results 19 / 19.
CONLLU_FACTOR = Factor(peak=30, held=30, noun="CoNLL-U")
JSON_FACTOR = Factor(peak=20, held=20, noun="JSON result")
LIMITS = Limits("python -m jpcore ud GOLD SYSTEM", (CONLLU_FACTOR,))


@dataclass
class DepsLoaded(LoadedInput[UdResult]):
    """An evaluated CoNLL-U pair, where it came from, and its words listed for the filters."""

    index: WordIndex | None = None

    @property
    def words(self) -> WordIndex:
        """:attr:`index`, built on first use when the loader did not build it."""
        if self.index is None:
            self.index = build_index(self.result)
        return self.index


def evaluate_pair(request: Request) -> UdResult:
    """``jpcore ud`` on the request's files; bad CoNLL-U raises InputError.  Cached on the
    bytes only; the names shown are the ones given."""
    gold, system = request.gold, request.system
    assert gold is not None and system is not None
    result = RESULTS.compute(key_of("ud", (gold.data, system.data)), lambda: evaluator.evaluate(
        len(gold.data) + len(system.data), evaluate_bytes, gold.data, system.data, gold.name, system.name))
    result.gold.segmentation.name, result.system.segmentation.name = gold.name, system.name
    return result


def _loaded(result: UdResult, request: Request, fingerprint: str, step: Step) -> DepsLoaded:
    step(f"{len(result.units):,} aligned units scored; listing their words for the filters...")
    index = build_index(result)
    step(f"{len(index.rows):,} word groups listed.")
    return DepsLoaded(result, fingerprint, request.source, request.label, request.sample_key, index)


SPEC = LoaderSpec(
    task="ud",
    slot=SLOT,
    prefix="d_",
    title="Gold and system CoNLL-U",
    catalogue=DEPS_SAMPLES,
    default_sample=DEFAULT_DEPS_SAMPLE,
    source_labels=SOURCE_LABELS,
    sample_label="Treebank pair",
    sample_help="Small CoNLL-U files bundled with jp-inspector (sample_data/ud).",
    upload=Asking("Gold CoNLL-U", "System CoNLL-U", "Upload a gold and a system CoNLL-U file to score them.",
                  "The gold treebank (HEAD and DEPREL on every word).",
                  "The parser's output for the same text; its sentences, tokens and even characters may differ."),
    paste=Asking("Gold CoNLL-U", "System CoNLL-U", "Paste a gold and a system CoNLL-U text, then press the button.",
                 "Ten tab-separated columns per word; a blank line ends a sentence."),
    paste_height=180,
    paste_button="Score pasted CoNLL-U",
    pasted_label="pasted CoNLL-U",
    json_written_by="`jpcore ud GOLD SYSTEM --json`",
    limits=LIMITS,
    json_factor=JSON_FACTOR,
    evaluate=evaluate_pair,
    result_type=UdResult,
    loaded=_loaded,
    reading="Reading, aligning and scoring the treebanks (cached on the file contents)...",
    input_names=lambda result: [("gold", result.gold.name), ("system", result.system.name)],
)
