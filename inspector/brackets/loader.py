"""The Brackets page's loader: its spec for the one loader (:mod:`inspector.common.loader`).

Sources: a bundled pair chosen *by name* from
:data:`inspector.brackets.samples.TREE_SAMPLES`, uploaded gold/system files,
pasted trees, or a result saved by ``jpcore parseval --json`` (alignment
mode), in the sidebar.  Evaluation is jpcore's
(:func:`jpcore.parseval.evaluate_bytes`), cached on the *bytes*, never
on the names; the 2,400-tree sample is EVALB's sample repeated at load time.
Widget keys start with ``bk_`` so they never collide with the other views';
the URL names what is loaded (``?trees=KEY`` or ``?trees_data=upload-DIGEST``).
The cut-off length is a setting of what is shown, not of the input: it
chooses the pairs of the second summary block, so it is set on the result,
never evaluated again.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

import streamlit as st

from jpcore import parseval
from jpcore.parseval.result import LabelScore, ParsevalResult
from inspector.common import evaluator
from inspector.common.input_limits import Factor, Limits
from inspector.common.loader import Asking, LoaderSpec, Request, Step
from inspector.common.loader_spec import SOURCE_LABELS
from inspector.common.result_cache import RESULTS, key_of
from inspector.common.palette import group_word
from inspector.common.state import LoadedInput, Slot
from inspector.common.wording import plural
from inspector.brackets.samples import DEFAULT_TREE_SAMPLE, TREE_SAMPLES
from inspector.brackets.view import PairView

SLOT = Slot("bk_loaded", "bk_failed", what="trees", sample_param="trees", data_param="trees_data")

#: Server memory per byte of input, measured by ``python -m bench.app_memory`` (see
#: :mod:`inspector.common.input_limits`).  Measured 2026-11-26, results kept compact (issue 13):
#: trees 94-99.8 / 76-80.1 (were 227-234 / 103-108), JSON results 21.4-21.8 / 15.1-17.5.
TREES_FACTOR = Factor(peak=100, held=81, noun="bracketed trees")
JSON_FACTOR = Factor(peak=22, held=18, noun="JSON result")
LIMITS = Limits("python -m jpcore parseval GOLD SYSTEM", (TREES_FACTOR,))


@dataclass
class BracketsLoaded(LoadedInput[ParsevalResult]):
    """An evaluated tree pair and where it came from."""

    @cached_property
    def view(self) -> PairView:
        """The pairs' words and trees by side (built once, when first asked for)."""
        return PairView(self.result)

    @cached_property
    def label_scores(self) -> list[LabelScore]:
        """The result's per-label counts (a pass over every constituent: made once, not each run)."""
        return self.result.label_scores()

    @cached_property
    def pair_choices(self) -> list[str]:
        """Each pair's line in the pair selector, by pair index (4,518 of them on GUM: made once)."""
        return [f"#{pair.index} · {pair.ratio} trees · {group_word(pair.kind, pair.shape)}"
                f" · {self.view.text(pair, 'gold')[:60]}" for pair in self.result.pairs]


def _evaluate_bytes(gold_data: bytes, sys_data: bytes, _gold_name: str, _sys_name: str) -> ParsevalResult:
    return RESULTS.compute(key_of("parseval", (gold_data, sys_data)), lambda: evaluator.evaluate(
        len(gold_data) + len(sys_data), parseval.evaluate_bytes, gold_data, sys_data, gold_name=_gold_name,
        sys_name=_sys_name))


def evaluate_trees(request: Request) -> ParsevalResult:
    """``jpcore parseval`` (alignment mode) on the request's files.

    Raises :class:`InputError` for bad input.  Cached on the bytes only; the
    names shown are the ones given.
    """
    gold, system = request.gold, request.system
    assert gold is not None and system is not None
    result = _evaluate_bytes(gold.data, system.data, _gold_name=gold.name, _sys_name=system.name)
    result.gold_name, result.sys_name = gold.name, system.name
    return result


def _loaded(result: ParsevalResult, request: Request, fingerprint: str, step: Step) -> BracketsLoaded:
    step(f"{plural(len(result.pairs), 'aligned pair', grouped=True)} scored.")
    return BracketsLoaded(result, fingerprint, request.source, request.label, request.sample_key)


def _cutoff() -> int:
    st.session_state.setdefault("bk_cutoff", parseval.DEFAULT_CUTOFF)
    return int(st.number_input("Cut-off length (gold words)", min_value=0, step=1,
                               key="bk_cutoff", persist_state="session",
                               help="The second summary block counts pairs with at most this "
                                    "many gold words (EVALB's CUTOFF_LEN, -c)."))


def _shown(loaded: BracketsLoaded | None, cutoff: Any) -> None:
    if loaded is not None:
        loaded.result.cutoff_len = cutoff


SPEC = LoaderSpec(
    task="parseval",
    slot=SLOT,
    prefix="bk_",
    title="Trees",
    catalogue=TREE_SAMPLES,
    default_sample=DEFAULT_TREE_SAMPLE,
    source_labels=SOURCE_LABELS,
    sample_label="Tree pair",
    sample_help="Small tree files bundled with jp-inspector (sample_data/parseval).",
    upload=Asking("Gold trees", "System trees", "Upload a gold and a system tree file to evaluate them.",
                  "Bracketed (Penn Treebank style) trees, any layout.", "The system's trees of the same text."),
    paste=Asking("Gold trees", "System trees", "Paste gold and system trees, then press the button.",
                 "Bracketed trees; blank lines and multi-line trees are fine."),
    paste_button="Evaluate pasted trees",
    pasted_label="pasted trees",
    json_written_by="`jpcore parseval GOLD SYSTEM --json`",
    limits=LIMITS,
    json_factor=JSON_FACTOR,
    evaluate=evaluate_trees,
    result_type=ParsevalResult,
    loaded=_loaded,
    reading="Reading, aligning and scoring the trees (cached on the file contents)...",
    input_names=lambda result: [("gold", result.gold_name), ("system", result.sys_name)],
    settings=_cutoff,
    cli_flags=lambda _options, cutoff: ["--cutoff", str(cutoff)],
    shown=_shown,
)

