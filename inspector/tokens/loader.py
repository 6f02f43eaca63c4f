"""The sidebar loader: choose the input, evaluate it, keep the last good one.

Four sources: a bundled sample (chosen *by name* from
:data:`inspector.samples.SAMPLES`; an unknown key is ignored, a path is
never read), uploaded gold/system files (plus optional raw text), pasted
text, or a result saved as JSON by ``jpcore preprocess --json``.  Options
(format, token level, normalisation language, contractions, case, strict)
apply to the first three; choosing a sample sets them to the sample's own.
The format is kept per source: a new source detects its format (``auto``)
unless the user sets it for that source, so a sample's ``text`` never
reads an uploaded CoNLL-U file as text.

:func:`sidebar_loader` draws the widgets and evaluates the input when it
changed (results are cached on the bytes, see :mod:`inspector.evaluation`).
What is loaded stays for the session: leaving the page and coming back (an
uploader is empty then), a rerun or browser Back never replaces it
(:mod:`inspector.loader_state`), and the URL names it (``?sample=KEY`` or
``?data=upload-DIGEST``).  Bad input is reported with ``st.error`` -- the
``file:line: expected ..., found ...`` message of
:class:`jpcore.errors.InputError`, never a traceback -- and the previously
loaded data stays.  While an input loads, a status box shows the stages
(the full EWT test set takes a moment the first time).
"""

from __future__ import annotations

from dataclasses import dataclass

import streamlit as st

from jpcore.formats import FORMATS, detect_format
from jpcore.reports import InputInfo
from jpcore.similarity import known_languages
from inspector.common import loader as load_flow
from inspector.common import loader_state
from inspector.tokens import samples, state
from inspector.common.files import NamedBytes
from inspector.tokens.evaluation import Options, evaluate_files, result_from_json
from inspector.common.input_widgets import Field, fingerprint, json_upload, paste_pair, sample_key, upload_pair
from inspector.common.loader import Step
from inspector.common.markup import md_text

SOURCES = {
    "sample": "Bundled sample",
    "upload": "Upload files",
    "paste": "Paste text",
    "json": "Open a JSON result",
}
LEVELS = ("words", "tokens")
LEVEL_HELP = (
    "CoNLL-U only: 'words' reads syntactic words (ca n't; conll18's Words row), "
    "'tokens' reads surface tokens including multiword tokens (can't; conll18's Tokens row). "
    "Tokenized text is read as it is."
)
_OPTION_KEYS = ("opt_level", "opt_language", "opt_contractions", "opt_casefold", "opt_strict")
_OPTION_DEFAULTS = ("words", "en", False, False, False)
#: The Format selectbox of each source (the sample's is set by the sample).
FORMAT_KEYS = {"sample": "opt_format", "upload": "opt_format_upload", "paste": "opt_format_paste",
               "json": "opt_format_json"}
#: How the app names the formats.
FORMAT_NAMES = {"text": "tokenized text", "conllu": "CoNLL-U", "tokenizer output": "tokenizer output"}
KEYS = loader_state.LoaderKeys(state.PREPROCESS, "source", "sample",
                               {key: sample.title for key, sample in samples.SAMPLES.items()},
                               samples.DEFAULT_SAMPLE)


@dataclass(frozen=True, slots=True)
class Request:
    """One input to evaluate, as chosen in the sidebar."""

    source: str
    label: str
    gold: NamedBytes | None = None
    system: NamedBytes | None = None
    raw: NamedBytes | None = None
    options: Options = Options()
    sample_key: str | None = None
    json_file: NamedBytes | None = None

    def fingerprint(self) -> str:
        """A digest of the contents, names and options (what makes it a new input)."""
        return fingerprint((self.source, self.options, self.sample_key),
                           (self.gold, self.system, self.raw, self.json_file))


def _sample_request() -> Request:
    key = sample_key("sample", KEYS.samples, samples.DEFAULT_SAMPLE,
                     "Small real files bundled with jp-inspector (sample_data/ud).")
    sample = samples.get_sample(key)
    if st.session_state.get("_options_for_sample") != sample.key:
        st.session_state.update(
            opt_format=sample.fmt, opt_level=sample.level, opt_language=sample.language,
            opt_contractions=False, opt_casefold=False, opt_strict=False,
        )
        st.session_state["_options_for_sample"] = sample.key
    st.caption(sample.note)
    return Request(
        source="sample",
        label=sample.title,
        gold=NamedBytes(sample.gold_file, sample.gold_path.read_bytes()),
        system=NamedBytes(sample.sys_file, sample.sys_path.read_bytes()),
        raw=NamedBytes(sample.raw_file, sample.raw_path.read_bytes()),
        sample_key=sample.key,
    )


def _upload_request() -> Request | None:
    files = upload_pair(
        Field("Gold file", "upload_gold", "Tokenized text (one sentence per line) or CoNLL-U."),
        Field("System file", "upload_sys", "The same text as gold, cut by the system."),
        "preprocess", "Upload a gold and a system file to evaluate them.",
        optional=Field("Raw text (optional)", "upload_raw",
                       "The untokenized document; shows where each unit sits in it."),
    )
    if files is None:
        loader_state.kept(KEYS, "upload")
        return None
    gold, system, raw = files
    return Request("upload", f"{gold.name} vs {system.name} (uploaded)", gold, system, raw)


def _paste_request() -> Request | None:
    texts = paste_pair(
        "paste_form",
        Field("Gold", "paste_gold", "One sentence per line, tokens separated by spaces; or CoNLL-U.",
              pasted_name="gold (pasted)"),
        Field("System", "paste_sys", pasted_name="system (pasted)"),
        ("Evaluate pasted text", "paste_submit"), "Paste a gold and a system text, then press the button.",
    )
    if texts is None:
        loader_state.kept(KEYS, "paste")
        return None
    return Request("paste", "pasted text", *texts)


def _json_request() -> Request | None:
    file = json_upload("upload_json", "`jpcore preprocess GOLD SYSTEM --json`", "preprocess")
    if file is None:
        loader_state.kept(KEYS, "json")
        return None
    return Request("json", f"{file.name} (saved result)", json_file=file)


def _options(source: str) -> Options:
    """The option widgets, each kept for the session; the Format is the source's own."""
    disabled = source == "json"
    format_key = FORMAT_KEYS[source]
    for key, value in ((format_key, "auto"), *zip(_OPTION_KEYS, _OPTION_DEFAULTS)):
        st.session_state.setdefault(key, value)
    with st.expander("Options", expanded=False):
        fmt = st.selectbox("Format", FORMATS, key=format_key, disabled=disabled, persist_state="session",
                           help="auto: CoNLL-U if it looks like CoNLL-U, else tokenized text. Kept per "
                                "source: a sample sets its own, uploads and pasted text start at auto.")
        level = st.radio("Token level", LEVELS, key="opt_level", horizontal=True, persist_state="session",
                         disabled=disabled, help=LEVEL_HELP)
        language = st.selectbox("Normalisation table", known_languages(), key="opt_language",
                                disabled=disabled, persist_state="session",
                                help="Per-language character mapping applied to both sides.")
        contractions = st.checkbox("Contraction equivalences (ca = can, n't = not)", persist_state="session",
                                   key="opt_contractions", disabled=disabled)
        casefold = st.checkbox("Case-insensitive", key="opt_casefold", disabled=disabled, persist_state="session")
        strict = st.checkbox("Strict: refuse differing characters (as conll18)", persist_state="session",
                             key="opt_strict", disabled=disabled)
    return Options(fmt, level, language, contractions, casefold, strict)


def _evaluate(request: Request, fingerprint: str) -> state.Loaded:
    if request.json_file is not None:
        result, raw_text = result_from_json(request.json_file), None
    else:
        assert request.gold is not None and request.system is not None
        result, raw_text = evaluate_files(request.gold, request.system, request.raw, request.options)
    return state.Loaded(result, fingerprint, request.source, request.label,
                        request.sample_key, raw_text, None if request.json_file is not None else request.options.fmt)


def _apply(request: Request) -> None:
    def load(step: Step) -> state.Loaded:
        step("Reading and aligning gold and system (cached on the file contents)...")
        new = _evaluate(request, fingerprint)
        step(f"{len(new.result.units):,} units aligned; preparing the views...")
        _ = new.view  # built once, while the progress is shown
        return new

    def fmt(part: NamedBytes) -> str:  # what the part is read as, for its memory
        chosen = request.options.fmt
        return chosen if chosen != "auto" else detect_format(part.data, part.name)

    fingerprint = request.fingerprint()
    parts = [(request.json_file, "json-preprocess")] if request.json_file is not None else [
        (request.gold, fmt(request.gold)), (request.system, fmt(request.system)), (request.raw, "raw")]
    load_flow.apply(state.PREPROCESS, fingerprint, request.label, load, parts, user=request.source != "sample")


def format_description(loaded: state.Loaded) -> str:
    """How the two files were read: ``gold CoNLL-U, system tokenized text (detected)``."""
    result = loaded.result
    gold, system = (FORMAT_NAMES.get(side.format, side.format) for side in (result.gold, result.system))
    how = {"auto": " (detected)", None: " (saved result)"}.get(loaded.fmt, " (as set in Options)")
    return f"gold {gold}, system {system}{how}"


def sidebar_loader() -> None:
    """Draw the loader in the sidebar and update :mod:`inspector.state`."""
    loader_state.prepare(KEYS)
    with st.sidebar:
        st.header("Data")
        source = st.radio("Source", list(SOURCES), format_func=SOURCES.__getitem__, key="source",
                          persist_state="session")
        request = {
            "sample": _sample_request,
            "upload": _upload_request,
            "paste": _paste_request,
            "json": _json_request,
        }[source]()
        options = _options(source)
    if request is not None and request.source != "json":
        request = Request(request.source, request.label, request.gold, request.system,
                          request.raw, options, request.sample_key)
    if request is not None:
        _apply(request)
    loader_state.write_url(KEYS)
    loaded = state.get_loaded()
    with st.sidebar:
        if loaded is not None:
            st.caption(
                f"Loaded: {md_text(loaded.label)} — read as {md_text(format_description(loaded))}; "
                f"level {md_text(loaded.result.level)}; {md_text(loaded.result.normaliser.describe())}."
            )


def loaded_caption(loaded: Loaded) -> None:
    """One line: gold and system file, token level, normalisation in force."""
    result = loaded.result
    st.caption(
        f"**{md_text(loaded.label)}** · gold {md_text(result.gold.name)} · system "
        f"{md_text(result.system.name)} · level {md_text(result.level)} · "
        f"{result.normaliser.describe()}"  # the app's wording of a validated table name
    )


def attribution(loaded: Loaded, expanded: bool = False) -> None:
    """The bundled sample's source and licence (nothing for user files)."""
    if loaded.sample_key is None:
        return
    sample = samples.get_sample(loaded.sample_key)
    with st.expander("Source and licence of this sample", expanded=expanded):
        st.markdown(sample.attribution())


def report_inputs(loaded: Loaded) -> list[InputInfo]:
    """The report inputs of a tokenization result: names, and the sample's attribution."""
    text = samples.get_sample(loaded.sample_key).attribution() if loaded.sample_key else None
    result = loaded.result
    return [InputInfo("gold", result.gold.name, text), InputInfo("system", result.system.name, text)]
