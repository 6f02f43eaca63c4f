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
leaving the page and coming back shows the same trees.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

import streamlit as st

from jpcore.formats.result_json import read_result_json
from jpcore.reports import InputInfo, attribution_near
from jpcore.tasks import parseval
from jpcore.tasks.parseval_result import ParsevalResult
from inspector import load_flow
from inspector.evaluation import NamedBytes
from inspector.input_limits import upload_help
from inspector.load_flow import Step
from inspector.render import md_text
from inspector.state import Slot
from inspector.tree_samples import DEFAULT_TREE_SAMPLE, TREE_SAMPLES, get_tree_sample

SOURCES = {
    "sample": "Bundled trees",
    "upload": "Upload files",
    "paste": "Paste trees",
    "json": "Open a JSON result",
}
SLOT = Slot("bk_loaded", "bk_failed", "parseval", what="trees")


@dataclass
class BracketsLoaded:
    """An evaluated tree pair and where it came from."""

    result: ParsevalResult
    fingerprint: str
    source: str
    label: str
    sample_key: str | None = None


@dataclass(frozen=True, slots=True)
class _Request:
    source: str
    label: str
    gold: tuple[str, bytes] | None = None
    system: tuple[str, bytes] | None = None
    json_file: tuple[str, bytes] | None = None
    sample_key: str | None = None

    def fingerprint(self) -> str:
        digest = hashlib.sha256(repr((self.source, self.sample_key)).encode())
        for part in (self.gold, self.system, self.json_file):
            digest.update(b"\0" if part is None else part[0].encode() + b"\0")
            digest.update(hashlib.sha256(b"" if part is None else part[1]).digest())
        return digest.hexdigest()


@st.cache_data(max_entries=8, show_spinner="Aligning and scoring the trees...")
def _evaluate_bytes(gold_data: bytes, sys_data: bytes, _gold_name: str, _sys_name: str) -> ParsevalResult:
    return parseval.evaluate_bytes(gold_data, sys_data, gold_name=_gold_name, sys_name=_sys_name)


def evaluate_trees(gold: tuple[str, bytes], system: tuple[str, bytes]) -> ParsevalResult:
    """``jpcore parseval`` (alignment mode) on these ``(name, bytes)`` files.

    Raises :class:`InputError` for bad input.  Cached on the bytes only; the
    names shown are the ones given.  The cut-off only chooses the pairs of
    the second summary block, so it is set on the result, not cached.
    """
    result = _evaluate_bytes(gold[1], system[1], _gold_name=gold[0], _sys_name=system[0])
    result.gold_name, result.sys_name = gold[0], system[0]
    return result


@st.cache_data(max_entries=4, show_spinner="Reading the JSON result...")
def _result_from_json(data: bytes, _name: str) -> ParsevalResult:
    return read_result_json(data, _name, ParsevalResult.from_dict, "parseval")


def get_loaded() -> BracketsLoaded | None:
    """The loaded pair, or ``None``."""
    return SLOT.get()


def _sample_request() -> _Request:
    if "bk_sample" not in st.session_state:
        wanted = st.query_params.get("trees", DEFAULT_TREE_SAMPLE)
        st.session_state["bk_sample"] = wanted if wanted in TREE_SAMPLES else DEFAULT_TREE_SAMPLE
    key = st.selectbox("Tree pair", list(TREE_SAMPLES), key="bk_sample", persist_state="session",
                       format_func=lambda k: TREE_SAMPLES[k].title,
                       help="Small tree files bundled with jp-inspector (sample_data/parseval).")
    sample = get_tree_sample(key)
    st.query_params["trees"] = sample.key
    st.caption(md_text(sample.note))
    gold, system = sample.read_pair()
    return _Request("sample", sample.title, gold=(sample.gold_name, gold),
                    system=(sample.sys_name, system), sample_key=sample.key)


def _upload_request() -> _Request | None:
    gold = st.file_uploader("Gold trees", key="bk_upload_gold",
                            help=upload_help("Bracketed (Penn Treebank style) trees, any layout.",
                                             "parseval"))
    system = st.file_uploader("System trees", key="bk_upload_sys",
                              help=upload_help("The system's trees of the same text.", "parseval"))
    if gold is None or system is None:
        st.caption("Upload a gold and a system tree file to evaluate them.")
        return None
    return _Request("upload", f"{gold.name} vs {system.name} (uploaded)",
                    gold=(gold.name, gold.getvalue()), system=(system.name, system.getvalue()))


def _paste_request() -> _Request | None:
    with st.form("bk_paste_form"):
        gold = st.text_area("Gold trees", key="bk_paste_gold", height=140,
                            help="Bracketed trees; blank lines and multi-line trees are fine.")
        system = st.text_area("System trees", key="bk_paste_sys", height=140)
        st.form_submit_button("Evaluate pasted trees", key="bk_paste_submit")
    if not gold.strip() and not system.strip():
        st.caption("Paste gold and system trees, then press the button.")
        return None
    return _Request("paste", "pasted trees", gold=("gold (pasted)", gold.encode("utf-8")),
                    system=("system (pasted)", system.encode("utf-8")))


def _json_request() -> _Request | None:
    file = st.file_uploader("Result JSON", type=["json"], key="bk_upload_json",
                            help=upload_help("Written by `jpcore parseval GOLD SYSTEM --json` or by "
                                             "this page.", "parseval"))
    if file is None:
        st.caption("Upload a JSON result to open it.")
        return None
    return _Request("json", f"{file.name} (saved result)", json_file=(file.name, file.getvalue()))


def _evaluate(request: _Request, fingerprint: str) -> BracketsLoaded:
    if request.json_file is not None:
        result = _result_from_json(request.json_file[1], _name=request.json_file[0])
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
    parts = (request.gold, request.system, request.json_file)
    user_parts = () if request.source == "sample" else [NamedBytes(*part) for part in parts if part]
    load_flow.apply(SLOT, fingerprint, request.label, load, user_parts)


def brackets_loader() -> BracketsLoaded | None:
    """Draw the loader in the sidebar, evaluate a new input, return what is loaded."""
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
