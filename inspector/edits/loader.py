"""The Edits page's loader: its spec for the one loader (:mod:`inspector.common.loader`).

Four sources: a bundled sample (chosen *by name* from
:data:`inspector.edits.samples.GEC_SAMPLES`), uploaded files, pasted text,
or a result saved by ``jpcore gec --json``, in the sidebar like every
loader, the gold (reference) file before the system (hypothesis) file.  Options: the noop rule, alpha, errant's mode
and beta.  Results are cached on the file *bytes* and the options (names are
passed outside the cache key and only displayed).  While an input loads, the
edits of every unit are listed once (:mod:`inspector.edits.index`), so a
44,000-sentence pair renders quickly.  Widget keys start with ``g_``; the
URL names what is loaded (``?m2=KEY`` or ``?m2_data=upload-DIGEST``).
"""

from __future__ import annotations

from dataclasses import dataclass

import streamlit as st

from jpcore.peers.errant_compare import ErrantOptions
from jpcore.gec.options import DEFAULT_ALPHA, NOOP_RULES, GecOptions
from jpcore.gec import GecResult, evaluate_bytes
from inspector.common import evaluator
from inspector.common.input_limits import Factor, Limits
from inspector.common.loader import Asking, LoaderSpec, Request, Step
from inspector.common.loader_spec import SOURCE_LABELS
from inspector.common.result_cache import RESULTS, key_of
from inspector.common.state import LoadedInput, Slot
from inspector.common.wording import plural
from inspector.edits.index import EditIndex, build_index
from inspector.edits.samples import DEFAULT_GEC_SAMPLE, GEC_SAMPLES

MODES = {
    "cs": "span-based correction (errant's default)",
    "cse": "span-based correction + classification (-cse)",
    "ds": "span-based detection (-ds)",
    "dt": "token-based detection (-dt)",
}
NOOP_HELP = (
    "Only for merged blocks. keep: drop the -1 -1 lines of a block with a real edit but keep one "
    "'no correction' line for every annotator without a real edit there (errant's 'no change' "
    "option survives). jp: drop them all, as the published jp-errant does."
)
SLOT = Slot("gec_loaded", "gec_failed", sample_param="m2", data_param="m2_data")

#: Server memory per byte of input, measured by ``python -m bench.app_memory`` (see
#: :mod:`inspector.common.input_limits`).  Measured 2026-11-25: M2 21-26 / 21-26,
#: JSON results 12-17 / 12-17.
M2_FACTOR = Factor(peak=30, held=26, noun="M2")
JSON_FACTOR = Factor(peak=20, held=17, noun="JSON result")
LIMITS = Limits("python -m jpcore gec -hyp SYSTEM_M2 -ref GOLD_M2", (M2_FACTOR,))


@dataclass(frozen=True, slots=True)
class GecSettings:
    """The scoring and alignment options chosen on the page."""

    noop_rule: str = "keep"
    alpha: float = DEFAULT_ALPHA
    mode: str = "cs"
    beta: float = 0.5


@dataclass
class GecLoaded(LoadedInput[GecResult]):
    """An evaluated M2 pair and where it came from."""

    index: EditIndex | None = None
    """Every unit's edits, listed once while loading (:mod:`inspector.edits.index`)."""

    @property
    def edit_index(self) -> EditIndex:
        """:attr:`index`, built on first use when the loader did not build it."""
        if self.index is None:
            self.index = build_index(self.result)
        return self.index


def _evaluate(
    sys_data: bytes, gold_data: bytes, noop_rule: str, alpha: float, mode: str, beta: float,
    _sys_name: str, _gold_name: str,
) -> GecResult:
    return RESULTS.compute(key_of(("gec", noop_rule, alpha, mode, beta), (sys_data, gold_data)), lambda: evaluator.evaluate(
        len(gold_data) + len(sys_data), evaluate_bytes, gold_data, sys_data, _gold_name, _sys_name,
        ErrantOptions(beta=beta, mode=mode), GecOptions(noop_rule=noop_rule, alpha=alpha),
    ))


def evaluate_pair(request: Request) -> GecResult:
    """``jpcore gec`` on the request's files (a fresh copy, named as given); bad M2 raises InputError."""
    system, gold, settings = request.system, request.gold, request.options
    assert system is not None and gold is not None
    result = _evaluate(
        system.data, gold.data, settings.noop_rule, settings.alpha, settings.mode, settings.beta,
        _sys_name=system.name, _gold_name=gold.name,
    )
    result.gold_name, result.sys_name = gold.name, system.name
    result.errant.hyp.name, result.errant.ref.name = system.name, gold.name
    return result


def cli_flags(settings: GecSettings) -> list[str]:
    """The options of ``jpcore gec`` that ``settings`` mean (span-based correction, ``-cs``,
    is its default: no flag)."""
    mode = [] if settings.mode == "cs" else [f"-{settings.mode}"]
    return ["--noop-rule", settings.noop_rule, "--alpha", str(settings.alpha), *mode, "-b", str(settings.beta)]


def _held_settings(_source: str) -> GecSettings:
    """What the settings widgets hold (their defaults until first drawn), not drawn."""
    defaults = GecSettings()
    return GecSettings(st.session_state.get("g_noop", defaults.noop_rule),
                       float(st.session_state.get("g_alpha", defaults.alpha)),
                       st.session_state.get("g_mode", defaults.mode), float(st.session_state.get("g_beta", defaults.beta)))


def _settings(source: str) -> GecSettings:
    disabled = source == "json"
    defaults = GecSettings()
    for key, value in (("g_noop", defaults.noop_rule), ("g_alpha", defaults.alpha),
                       ("g_mode", defaults.mode), ("g_beta", defaults.beta)):
        st.session_state.setdefault(key, value)
    columns = st.columns(4)
    noop_rule = columns[0].radio("Noop rule", NOOP_RULES, key="g_noop", horizontal=True,
                                 persist_state="session",
                                 disabled=disabled, help=NOOP_HELP)
    alpha = columns[1].number_input(
        "alpha (similarity threshold)", 0.0, 1.0, key="g_alpha", step=0.01, format="%.2f",
        persist_state="session",
        disabled=disabled,
        help="Sentences whose normalised texts differ are the same sentence only when their "
             "Jaro-Winkler similarity is at least alpha; below it each becomes a one-sided unit.",
    )
    mode = columns[2].selectbox("Scoring", list(MODES), key="g_mode", format_func=MODES.__getitem__,
                                persist_state="session",
                                disabled=disabled)
    beta = columns[3].number_input("beta", 0.0, 10.0, key="g_beta", step=0.5, disabled=disabled,
                                   persist_state="session",
                                   help="errant's -b: F-beta, and the annotator choice.")
    return GecSettings(noop_rule, float(alpha), mode, float(beta))


def _loaded(result: GecResult, request: Request, fingerprint: str, step: Step) -> GecLoaded:
    step(f"{plural(len(result.units), 'unit', grouped=True)} scored; listing their edits for the filters...")
    index = build_index(result)
    step(f"{plural(index.n_edits, 'edit', grouped=True)} listed.")
    return GecLoaded(result, fingerprint, request.source, request.label, request.sample_key, index)


SPEC = LoaderSpec(
    task="gec",
    slot=SLOT,
    prefix="g_",
    title="Gold and system M2 files",
    catalogue=GEC_SAMPLES,
    default_sample=DEFAULT_GEC_SAMPLE,
    source_labels=SOURCE_LABELS,
    sample_help="Small real M2 files bundled with jp-inspector (sample_data/m2).",
    upload=Asking("Gold (reference) M2", "System (hypothesis) M2",
                  "Upload a gold and a system M2 file to align and score them.",
                  "The reference M2 (one or more annotators).", "errant_parallel's M2 of the system output."),
    paste=Asking("Gold (reference) M2", "System (hypothesis) M2",
                 "Paste a gold and a system M2 text, then press the button."),
    paste_height=160,
    paste_button="Align and score",
    pasted_label="pasted M2",
    json_written_by="`jpcore gec -hyp SYSTEM -ref GOLD --json`",
    limits=LIMITS,
    json_factor=JSON_FACTOR,
    evaluate=evaluate_pair,
    result_type=GecResult,
    loaded=_loaded,
    reading="Reading, aligning and scoring the M2 files (cached on the file contents)...",
    input_names=lambda result: [("gold", result.gold_name), ("system", result.sys_name)],
    options=_settings,
    held_options=_held_settings,
    cli_flags=lambda settings, _: cli_flags(settings),
)

