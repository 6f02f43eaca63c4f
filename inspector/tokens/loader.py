"""The tokens & sentences loader: its spec for the one loader (:mod:`inspector.common.loader`).

Four sources: a bundled sample (chosen *by name* from
:data:`inspector.tokens.samples.SAMPLES`), uploaded gold/system files (plus
optional raw text), pasted text, or a result saved as JSON by ``jpcore
preprocess --json``, in the sidebar of the Overview and Sentences & tokens
pages (the entry point runs it before either page).  Options (format, token
level, normalisation language, contractions, case, strict) apply to the
first three; choosing a sample sets them to the sample's own.  The format
is kept per source: a new source detects its format (``auto``) unless the
user sets it for that source, so a sample's ``text`` never reads an
uploaded CoNLL-U file as text.  The URL names what is loaded
(``?sample=KEY`` or ``?data=upload-DIGEST``).

Evaluation is :func:`jpcore.preprocess.evaluate` on jpcore's readers,
cached on the file *contents* and the options (names are passed outside the
cache key and only displayed).  While an input loads, a status box shows
the stages (the full EWT test set takes a moment the first time).
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from jpcore.formats import FORMATS, detect_format
from jpcore.align.similarity import known_languages
from jpcore.preprocess import PreprocessResult
from inspector.common.files import NamedBytes
from inspector.common import evaluator
from inspector.common.input_limits import Factor, Limits
from inspector.common.input_widgets import Field
from inspector.common.loader import Asking, LoaderSpec, Request, Step
from inspector.common.loader_spec import SOURCE_LABELS
from inspector.common.markup import md_text
from inspector.common.result_cache import RESULTS, key_of
from inspector.common.samples import BundledPair
from inspector.common.wording import plural, side_name
from inspector.tokens import samples
from inspector.tokens.evaluation import Options, evaluate_pair
from inspector.tokens.state import PREPROCESS, Loaded

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

#: Server memory per byte of input, measured by ``python -m bench.app_memory`` (the larger of
#: the slope between a 1 and a 2 MB pair and the figure per byte at 2 MB, rounded up); update
#: them when the result objects change.  Measured 2026-11-26, results kept compact (issue 13):
#: tokenized text 70-72 / 67 (were 142-144 / 84-89), CoNLL-U 12.5-13.6 / 12.5-13.6 (21-22 /
#: 14-15), JSON results 16.8-19.7 / 15.8-19.2 (23-24 / 23-24).
TEXT_FACTOR = Factor(peak=75, held=70, noun="tokenized text")
CONLLU_FACTOR = Factor(peak=15, held=15, noun="CoNLL-U")
JSON_FACTOR = Factor(peak=20, held=20, noun="JSON result")
#: Not measured: a raw document is decoded once and kept as one string.
RAW_FACTOR = Factor(peak=8, held=4, noun="raw text")
FORMAT_FACTORS = {"text": TEXT_FACTOR, "conllu": CONLLU_FACTOR}
LIMITS = Limits("python -m jpcore preprocess GOLD SYSTEM --stream", (TEXT_FACTOR, CONLLU_FACTOR))


def evaluate_files(request: Request) -> tuple[PreprocessResult, str | None]:
    """``jpcore preprocess`` on the request's files, and the decoded raw text.

    Raises :class:`InputError` for bad input.  The result is a fresh copy
    (the cache returns one per call), its sides named as given.
    """
    gold, system, raw, options = request.gold, request.system, request.extra, request.options
    assert gold is not None and system is not None
    raw_data = raw.data if raw is not None else None
    result, raw_text = RESULTS.compute(
        key_of(("preprocess", options), (gold.data, system.data, raw_data)),
        lambda: evaluator.evaluate(len(gold.data) + len(system.data) + len(raw_data or b""), evaluate_pair,
                                   gold.data, system.data, raw_data, options, _gold_name=gold.name,
                                   _sys_name=system.name, _raw_name=raw.name if raw else ""),
    )
    result.gold.name = gold.name
    result.system.name = system.name
    return result, raw_text


def _loaded(outcome: Any, request: Request, fingerprint: str, step: Step) -> Loaded:
    result, raw_text = (outcome, None) if request.json_file is not None else outcome
    fmt = None if request.json_file is not None else request.options.fmt
    new = Loaded(result, fingerprint, request.source, request.label, request.sample_key, raw_text, fmt)
    step(f"{plural(len(new.result.units), 'unit', grouped=True)} aligned; preparing the views...")
    _ = new.view  # built once, while the progress is shown
    return new


def cli_flags(options: Options) -> list[str]:
    """The options of ``jpcore preprocess`` that ``options`` mean."""
    switches = (("--contractions", options.contractions), ("--ignore-case", options.casefold),
                ("--strict", options.strict))
    return ["--format", options.fmt, "--level", options.level, "--language", options.language,
            *(flag for flag, on in switches if on)]


def _factor(part: NamedBytes, options: Options) -> Factor:
    """The memory per byte of a file, by the format it is read as."""
    fmt = options.fmt if options.fmt != "auto" else detect_format(part.data, part.name)
    return FORMAT_FACTORS[fmt]


def _on_sample(sample: BundledPair) -> None:
    """Choosing a sample sets the options to the sample's own (once per sample chosen)."""
    assert isinstance(sample, samples.Sample)
    if st.session_state.get("_options_for_sample") != sample.key:
        st.session_state.update(
            opt_format=sample.fmt, opt_level=sample.level, opt_language=sample.language,
            opt_contractions=False, opt_casefold=False, opt_strict=False,
        )
        st.session_state["_options_for_sample"] = sample.key


def _held_options(source: str) -> Options:
    """What the option widgets hold for ``source`` (their defaults until first drawn), not drawn."""
    held = (st.session_state.get(key, default) for key, default in zip(_OPTION_KEYS, _OPTION_DEFAULTS))
    return Options(st.session_state.get(FORMAT_KEYS[source], "auto"), *held)


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


def format_description(loaded: Loaded) -> str:
    """How the two files were read: ``gold CoNLL-U, system tokenized text (detected)``."""
    result = loaded.result
    gold, system = (FORMAT_NAMES.get(side.format, side.format) for side in (result.gold, result.system))
    how = {"auto": " (detected)", None: " (saved result)"}.get(loaded.fmt, " (as set in Options)")
    return f"gold {gold}, system {system}{how}"


def _shown(loaded: Loaded | None, _settings: object) -> None:
    """Under the loader: what is loaded and how it was read."""
    with st.sidebar:
        if loaded is not None:
            st.caption(
                f"Loaded: {md_text(loaded.label)} — read as {md_text(format_description(loaded))}; "
                f"level {md_text(loaded.result.level)}; {md_text(loaded.result.normaliser.describe())}."
            )


SPEC = LoaderSpec(
    task="preprocess",
    slot=PREPROCESS,
    prefix="",
    title="Data",
    catalogue=samples.SAMPLES,
    default_sample=samples.DEFAULT_SAMPLE,
    source_labels=SOURCE_LABELS,
    sample_help="Small real files bundled with jp-inspector (sample_data/ud).",
    upload=Asking("Gold file", "System file", "Upload a gold and a system file to evaluate them.",
                  "Tokenized text (one sentence per line) or CoNLL-U.", "The same text as gold, cut by the system."),
    extra_upload=Field("Raw text (optional)", "upload_raw",
                       "The untokenized document; shows where each unit sits in it."),
    extra_factor=RAW_FACTOR,
    paste=Asking("Gold", "System", "Paste a gold and a system text, then press the button.",
                 "One sentence per line, tokens separated by spaces; or CoNLL-U."),
    paste_button="Evaluate pasted text",
    pasted_label="pasted text",
    json_written_by="`jpcore preprocess GOLD SYSTEM --json`",
    limits=LIMITS,
    json_factor=JSON_FACTOR,
    factor=_factor,
    evaluate=evaluate_files,
    result_type=PreprocessResult,
    loaded=_loaded,
    reading="Reading and aligning gold and system (cached on the file contents)...",
    input_names=lambda result: [("gold", result.gold.name), ("system", result.system.name)],
    options=_options,
    held_options=_held_options,
    cli_flags=lambda options, _: cli_flags(options),
    on_sample=_on_sample,
    shown=_shown,
    second_systems=samples.second_systems,
)


def loaded_caption(loaded: Loaded) -> None:
    """One line: gold and system file, token level, normalisation in force."""
    result = loaded.result
    st.caption(
        f"**{md_text(loaded.label)}** · {md_text(side_name('gold', result.gold.name))} · "
        f"{md_text(side_name('system', result.system.name))} · level {md_text(result.level)} · "
        f"{result.normaliser.describe()}"  # the app's wording of a validated table name
    )


def attribution(loaded: Loaded, expanded: bool = False) -> None:
    """The bundled sample's source and licence (nothing for user files)."""
    if loaded.sample_key is None:
        return
    with st.expander("Source and licence of this sample", expanded=expanded):
        st.markdown(SPEC.sample(loaded.sample_key).attribution())

