"""The Edits page's loader: a system and a gold M2 file, aligned and scored by jpcore.

Four sources: a bundled sample (chosen *by name* from
:data:`inspector.gec_samples.GEC_SAMPLES`, kept in the URL as ``?m2=KEY``;
an unknown key is ignored, a path is never read), uploaded files, pasted
text, or a result saved by ``jpcore gec --json``.  Options: the noop rule,
alpha, errant's mode and beta.  Results are cached on the file *bytes* and
the options (names are passed outside the cache key and only displayed).

Bad input is shown with ``st.error`` -- the ``file:line: expected ...,
found ...`` message of :class:`jpcore.errors.InputError`, never a
traceback -- and the previously loaded data stays.  While an input loads a
status box shows the stages; the edits of every unit are listed once then
(:mod:`inspector.gec_index`), so a 44,000-sentence pair renders quickly.
The loader's widgets keep their values for the session (``persist_state``),
so leaving the page and coming back shows the same pair, not the default, and
what is loaded stays until other input loads (:mod:`inspector.loader_state`);
the URL names it (``?m2=KEY`` or ``?m2_data=upload-DIGEST``).  This loader is
independent of the sidebar loader of the Sentences pages (which reads
segmentations, not M2).
"""

from __future__ import annotations

from dataclasses import dataclass

import streamlit as st

from jpcore.formats.result_json import read_result_json
from jpcore.reports import InputInfo, attribution_near
from jpcore.tasks.errant_compare import ErrantOptions
from jpcore.tasks.gec import DEFAULT_ALPHA, NOOP_RULES, GecOptions, GecResult, evaluate_bytes
from inspector.common import loader as load_flow
from inspector.common import loader_state
from inspector.edits import samples as gec_samples
from inspector.common.files import NamedBytes
from inspector.edits.index import EditIndex, build_index
from inspector.common.input_widgets import Field, fingerprint, json_upload, paste_pair, sample_key, upload_pair
from inspector.common.loader import Step
from inspector.common.markup import md_text
from inspector.common.result_cache import RESULTS, key_of
from inspector.common.state import LoadedInput, Slot

SOURCES = {
    "sample": "Bundled sample",
    "upload": "Upload M2 files",
    "paste": "Paste M2",
    "json": "Open a JSON result",
}
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
SLOT = Slot("gec_loaded", "gec_failed", "gec", sample_param="m2", data_param="m2_data")
KEYS = loader_state.LoaderKeys(SLOT, "g_source", "g_sample",
                               {key: sample.title for key, sample in gec_samples.GEC_SAMPLES.items()},
                               gec_samples.DEFAULT_GEC_SAMPLE)


@dataclass(frozen=True, slots=True)
class GecSettings:
    """The scoring and alignment options chosen on the page."""

    noop_rule: str = "keep"
    alpha: float = DEFAULT_ALPHA
    mode: str = "cs"
    beta: float = 0.5


@dataclass(frozen=True, slots=True)
class GecRequest:
    """One input to evaluate."""

    source: str
    label: str
    system: NamedBytes | None = None
    gold: NamedBytes | None = None
    settings: GecSettings = GecSettings()
    sample_key: str | None = None
    json_file: NamedBytes | None = None

    def fingerprint(self) -> str:
        """A digest of contents, names and options."""
        return fingerprint((self.source, self.settings, self.sample_key), (self.system, self.gold, self.json_file))


@dataclass
class GecLoaded(LoadedInput[GecResult]):
    """An evaluated M2 pair and where it came from."""

    index: EditIndex | None = None
    """Every unit's edits, listed once while loading (:mod:`inspector.gec_index`)."""

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
    return RESULTS.compute(key_of(("gec", noop_rule, alpha, mode, beta), (sys_data, gold_data)), lambda: evaluate_bytes(
        sys_data, gold_data, _sys_name, _gold_name,
        ErrantOptions(beta=beta, mode=mode), GecOptions(noop_rule=noop_rule, alpha=alpha),
    ))


def evaluate_pair(system: NamedBytes, gold: NamedBytes, settings: GecSettings) -> GecResult:
    """``jpcore gec`` on these files (a fresh copy, named as given); bad M2 raises InputError."""
    result = _evaluate(
        system.data, gold.data, settings.noop_rule, settings.alpha, settings.mode, settings.beta,
        _sys_name=system.name, _gold_name=gold.name,
    )
    result.hyp_name, result.ref_name = system.name, gold.name
    result.errant.hyp.name, result.errant.ref.name = system.name, gold.name
    return result


def _from_json(data: bytes, _name: str) -> GecResult:
    return RESULTS.compute(key_of("gec-json", (data,)), lambda: read_result_json(data, _name, GecResult.from_dict, "gec"))


def get_loaded() -> GecLoaded | None:
    """The loaded M2 pair, or ``None``."""
    return SLOT.get()


def _sample_request() -> GecRequest:
    key = sample_key("g_sample", KEYS.samples, gec_samples.DEFAULT_GEC_SAMPLE,
                     "Small real M2 files bundled with jp-inspector (sample_data/m2).")
    sample = gec_samples.get_gec_sample(key)
    st.caption(md_text(sample.note))
    (sys_name, sys_data), (gold_name, gold_data) = sample.read_pair()
    return GecRequest("sample", sample.title, NamedBytes(sys_name, sys_data), NamedBytes(gold_name, gold_data),
                      sample_key=sample.key)


def _upload_request() -> GecRequest | None:
    files = upload_pair(
        Field("System (hypothesis) M2", "g_upload_sys", "errant_parallel's M2 of the system output."),
        Field("Gold (reference) M2", "g_upload_gold", "The reference M2 (one or more annotators)."),
        "gec", "Upload a system and a gold M2 file to align and score them.", columns=True,
    )
    if files is None:
        loader_state.kept(KEYS, "upload")
        return None
    system, gold, _ = files
    return GecRequest("upload", f"{system.name} vs {gold.name} (uploaded)", system, gold)


def _paste_request() -> GecRequest | None:
    texts = paste_pair(
        "g_paste_form", Field("System (hypothesis) M2", "g_paste_sys", pasted_name="system (pasted)"),
        Field("Gold (reference) M2", "g_paste_gold", pasted_name="gold (pasted)"),
        ("Align and score", "g_paste_submit"), "Paste a system and a gold M2 text, then press the button.",
        height=160, columns=True,
    )
    if texts is None:
        loader_state.kept(KEYS, "paste")
        return None
    return GecRequest("paste", "pasted M2", *texts)


def _json_request() -> GecRequest | None:
    file = json_upload("g_upload_json", "`jpcore gec -hyp SYSTEM -ref GOLD --json`", "gec")
    if file is None:
        loader_state.kept(KEYS, "json")
        return None
    return GecRequest("json", f"{file.name} (saved result)", json_file=file)


def _settings(disabled: bool) -> GecSettings:
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


def _apply(request: GecRequest) -> None:
    def load(step: Step) -> GecLoaded:
        step("Reading, aligning and scoring the M2 files (cached on the file contents)...")
        if request.json_file is not None:
            result = _from_json(request.json_file.data, _name=request.json_file.name)
        else:
            assert request.system is not None and request.gold is not None
            result = evaluate_pair(request.system, request.gold, request.settings)
        step(f"{len(result.units):,} units scored; listing their edits for the filters...")
        index = build_index(result)
        step(f"{index.n_edits:,} edits listed.")
        return GecLoaded(result, fingerprint, request.source, request.label, request.sample_key, index)

    fingerprint = request.fingerprint()
    parts = [(request.json_file, "json-gec")] if request.json_file is not None else [
        (request.system, "m2"), (request.gold, "m2")]
    load_flow.apply(SLOT, fingerprint, request.label, load, parts, user=request.source != "sample")


def gec_loader() -> GecLoaded | None:
    """Draw the M2 loader (in an expander) and return the loaded pair."""
    loader_state.prepare(KEYS)
    with st.expander("Data: system and gold M2 files", expanded=get_loaded() is None):
        source = st.radio("Source", list(SOURCES), format_func=SOURCES.__getitem__, key="g_source",
                          horizontal=True, persist_state="session")
        request = {
            "sample": _sample_request,
            "upload": _upload_request,
            "paste": _paste_request,
            "json": _json_request,
        }[source]()
        settings = _settings(disabled=source == "json")
    if request is not None and request.source != "json":
        request = GecRequest(request.source, request.label, request.system, request.gold, settings,
                             request.sample_key)
    if request is not None:
        _apply(request)
    loader_state.write_url(KEYS)
    return get_loaded()


def report_inputs(loaded: GecLoaded) -> list[InputInfo]:
    """The HTML report's inputs: the file names shown, and for a bundled sample the
    licence and attribution of its folder's ``SOURCE.md`` (unknown for user files)."""
    text = None
    if loaded.sample_key is not None:
        text = attribution_near(gec_samples.get_gec_sample(loaded.sample_key).gold_path)
    result = loaded.result
    return [InputInfo("system", result.hyp_name, text), InputInfo("gold", result.ref_name, text)]
