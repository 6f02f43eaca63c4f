"""The Brackets page's loader: choose two tree files, evaluate, keep the last good one.

Sources: a bundled pair chosen *by name* from
:data:`inspector.tree_samples.TREE_SAMPLES` (kept in the URL as
``?trees=KEY``; an unknown key is ignored, a path is never read), uploaded
gold/system files, pasted trees, or a result saved by ``jpcore parseval
--json`` (alignment mode).  Evaluation is jpcore's
(:func:`jpcore.tasks.parseval.evaluate_bytes`), cached on the *bytes*,
never on the names.  Bad input is shown with ``st.error`` as
jpcore's ``file:line: expected ..., found ...`` message and the previously
loaded pair stays; a status box shows the stages while an input loads (the
2,400-tree sample is EVALB's sample repeated at load time).  Session-state
keys start with ``bk_`` so they never collide with the other pages' loader;
the loader's widgets keep their values for the session (``persist_state``), so
leaving the page and coming back shows the same trees, and what is loaded
stays until other input loads (:mod:`inspector.loader_state`); the URL names
it (``?trees=KEY`` or ``?trees_data=upload-DIGEST``).
"""

from __future__ import annotations

from dataclasses import dataclass

import streamlit as st

from jpcore.formats.result_json import read_result_json
from jpcore.reports import InputInfo, attribution_near
from jpcore.tasks import parseval
from jpcore.tasks.parseval_result import ParsevalResult
from inspector.common import loader as load_flow
from inspector.common import loader_state
from inspector.common.files import NamedBytes
from inspector.common.input_widgets import Field, fingerprint, json_upload, paste_pair, sample_key, upload_pair
from inspector.common.loader import Step
from inspector.common.markup import md_text
from inspector.common.result_cache import RESULTS, key_of
from inspector.common.state import LoadedInput, Slot
from inspector.brackets.samples import DEFAULT_TREE_SAMPLE, TREE_SAMPLES, get_tree_sample

SOURCES = {
    "sample": "Bundled trees",
    "upload": "Upload files",
    "paste": "Paste trees",
    "json": "Open a JSON result",
}
SLOT = Slot("bk_loaded", "bk_failed", "parseval", what="trees", sample_param="trees", data_param="trees_data")
KEYS = loader_state.LoaderKeys(SLOT, "bk_source", "bk_sample",
                               {key: sample.title for key, sample in TREE_SAMPLES.items()}, DEFAULT_TREE_SAMPLE)


@dataclass
class BracketsLoaded(LoadedInput[ParsevalResult]):
    """An evaluated tree pair and where it came from."""


@dataclass(frozen=True, slots=True)
class _Request:
    source: str
    label: str
    gold: NamedBytes | None = None
    system: NamedBytes | None = None
    json_file: NamedBytes | None = None
    sample_key: str | None = None

    def fingerprint(self) -> str:
        return fingerprint((self.source, self.sample_key), (self.gold, self.system, self.json_file))


def _evaluate_bytes(gold_data: bytes, sys_data: bytes, _gold_name: str, _sys_name: str) -> ParsevalResult:
    return RESULTS.compute(key_of("parseval", (gold_data, sys_data)), lambda: parseval.evaluate_bytes(
        gold_data, sys_data, gold_name=_gold_name, sys_name=_sys_name))


def evaluate_trees(gold: NamedBytes, system: NamedBytes) -> ParsevalResult:
    """``jpcore parseval`` (alignment mode) on these files.

    Raises :class:`InputError` for bad input.  Cached on the bytes only; the
    names shown are the ones given.  The cut-off only chooses the pairs of
    the second summary block, so it is set on the result, not cached.
    """
    result = _evaluate_bytes(gold.data, system.data, _gold_name=gold.name, _sys_name=system.name)
    result.gold_name, result.sys_name = gold.name, system.name
    return result


def _result_from_json(data: bytes, _name: str) -> ParsevalResult:
    return RESULTS.compute(key_of("parseval-json", (data,)),
                           lambda: read_result_json(data, _name, ParsevalResult.from_dict, "parseval"))


def get_loaded() -> BracketsLoaded | None:
    """The loaded pair, or ``None``."""
    return SLOT.get()


def _sample_request() -> _Request:
    key = sample_key("bk_sample", KEYS.samples, DEFAULT_TREE_SAMPLE,
                     "Small tree files bundled with jp-inspector (sample_data/parseval).", label="Tree pair")
    sample = get_tree_sample(key)
    st.caption(md_text(sample.note))
    gold, system = sample.read_pair()
    return _Request("sample", sample.title, NamedBytes(sample.gold_name, gold),
                    NamedBytes(sample.sys_name, system), sample_key=sample.key)


def _upload_request() -> _Request | None:
    files = upload_pair(
        Field("Gold trees", "bk_upload_gold", "Bracketed (Penn Treebank style) trees, any layout."),
        Field("System trees", "bk_upload_sys", "The system's trees of the same text."),
        "parseval", "Upload a gold and a system tree file to evaluate them.",
    )
    if files is None:
        loader_state.kept(KEYS, "upload")
        return None
    gold, system, _ = files
    return _Request("upload", f"{gold.name} vs {system.name} (uploaded)", gold, system)


def _paste_request() -> _Request | None:
    texts = paste_pair(
        "bk_paste_form",
        Field("Gold trees", "bk_paste_gold", "Bracketed trees; blank lines and multi-line trees are fine.",
              pasted_name="gold (pasted)"),
        Field("System trees", "bk_paste_sys", pasted_name="system (pasted)"),
        ("Evaluate pasted trees", "bk_paste_submit"), "Paste gold and system trees, then press the button.",
    )
    if texts is None:
        loader_state.kept(KEYS, "paste")
        return None
    return _Request("paste", "pasted trees", *texts)


def _json_request() -> _Request | None:
    file = json_upload("bk_upload_json", "`jpcore parseval GOLD SYSTEM --json`", "parseval")
    if file is None:
        loader_state.kept(KEYS, "json")
        return None
    return _Request("json", f"{file.name} (saved result)", json_file=file)


def _evaluate(request: _Request, fingerprint: str) -> BracketsLoaded:
    if request.json_file is not None:
        result = _result_from_json(request.json_file.data, _name=request.json_file.name)
    else:
        assert request.gold is not None and request.system is not None
        result = evaluate_trees(request.gold, request.system)
    return BracketsLoaded(result, fingerprint, request.source, request.label, request.sample_key)


def _apply(request: _Request) -> None:
    def load(step: Step) -> BracketsLoaded:
        step("Reading, aligning and scoring the trees (cached on the file contents)...")
        new = _evaluate(request, fingerprint)
        step(f"{len(new.result.pairs):,} aligned pairs scored.")
        return new

    fingerprint = request.fingerprint()
    parts = [(request.json_file, "json-parseval")] if request.json_file is not None else [
        (request.gold, "trees"), (request.system, "trees")]
    load_flow.apply(SLOT, fingerprint, request.label, load, parts, user=request.source != "sample")


def brackets_loader() -> BracketsLoaded | None:
    """Draw the loader in the sidebar, evaluate a new input, return what is loaded."""
    loader_state.prepare(KEYS)
    with st.sidebar:
        st.header("Trees")
        source = st.radio("Source", list(SOURCES), format_func=SOURCES.__getitem__, key="bk_source",
                          persist_state="session")
        st.session_state.setdefault("bk_cutoff", parseval.DEFAULT_CUTOFF)
        cutoff = int(st.number_input("Cut-off length (gold words)", min_value=0, step=1,
                                     key="bk_cutoff", persist_state="session",
                                     help="The second summary block counts pairs with at most this "
                                          "many gold words (EVALB's CUTOFF_LEN, -c)."))
        request = {
            "sample": _sample_request,
            "upload": _upload_request,
            "paste": _paste_request,
            "json": _json_request,
        }[source]()
    if request is not None:
        _apply(request)
    loader_state.write_url(KEYS)
    loaded = get_loaded()
    if loaded is not None:
        loaded.result.cutoff_len = cutoff
    return loaded


def report_inputs(loaded: BracketsLoaded) -> list[InputInfo]:
    """The HTML report's inputs: the file names shown, and for bundled trees the
    licence and attribution of their folder's ``SOURCE.md`` (unknown for user files)."""
    text = None
    if loaded.sample_key is not None:
        text = attribution_near(get_tree_sample(loaded.sample_key).gold_path)
    result = loaded.result
    return [InputInfo("gold", result.gold_name, text), InputInfo("system", result.sys_name, text)]
