"""How much the app evaluates at once, and what it says beyond that.

The command line reads inputs of any size (``jpcore preprocess --stream``
reads CoNLL-U and tokenized text in bounded memory).  The app keeps every
aligned unit of a result in the session, and reading, aligning and drawing
it costs far more memory than the file's bytes: the server's memory per
byte of input, per format, was measured on the real server by
``python -m bench.app_memory`` (:data:`MEMORY_FACTORS`: one named constant
per format, to update when the result objects change).  Two limits follow:

* every user file (upload, paste or JSON result) is at most
  :data:`APP_MAX_MB` (Teaching: :data:`TEACHING_MAX_MB`), checked by
  :func:`check_sizes` before anything is read (what Streamlit holds of an
  upload stays bounded);
* loading a new input must keep the session under
  :data:`SESSION_MEMORY_BYTES`: :func:`check_memory` adds the memory the
  session's loaded data holds (the input being replaced included, as it
  stays until the new one loads) to the new input's peak, estimated from
  its bytes and format.

Beyond either the loaders refuse with an :class:`~jpcore.errors.InputError`
naming the file, its size, what the app can take and the command that
evaluates it; they show it like any bad input, and the data loaded before
stays.  Streamlit refuses uploads over ``server.maxUploadSize``
(``.streamlit/config.toml``) in the browser, before they are sent; the
uploaders' help names the limits and the command.  Bundled samples are not
checked (they are ours) but count in the session's memory.

>>> from inspector.common.files import NamedBytes
>>> check_sizes([NamedBytes("gold.conllu", b"1\\tHi")], "preprocess")
>>> try:
...     check_sizes([NamedBytes("big.m2", bytes(APP_MAX_BYTES * 3 // 2))], "gec")
... except Exception as error:
...     print(error)  # doctest: +NORMALIZE_WHITESPACE
big.m2: expected at most 20 MB per file in the app, found 30.0 MB (31,457,280 bytes);
evaluate it with the command line, which has no such limit:
python -m jpcore gec -hyp SYSTEM_M2 -ref GOLD_M2
>>> try:
...     check_memory([(NamedBytes("gold.txt", bytes(8_000_000)), "text")], "preprocess", held=0)
... except Exception as error:
...     print(error)  # doctest: +NORMALIZE_WHITESPACE
gold.txt: expected at most ... MB of tokenized text here (the server needs about ... bytes of memory
per byte of it to read, align and show it, and one session may use 1,000 MB), found 7.6 MB (8,000,000
bytes); evaluate it with the command line, which has no such limit: python -m jpcore preprocess GOLD
SYSTEM --stream
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from jpcore.errors import InputError
from inspector.common.files import NamedBytes

#: The largest file (upload, paste or JSON result) the app evaluates, in MB.
APP_MAX_MB = 20
APP_MAX_BYTES = APP_MAX_MB * 1024 * 1024
#: The Teaching page tokenizes its raw text again on every change: smaller.
TEACHING_MAX_MB = 2
TEACHING_MAX_BYTES = TEACHING_MAX_MB * 1024 * 1024

#: The command that evaluates files of any size, per evaluation.
CLI_COMMANDS = {
    "preprocess": "python -m jpcore preprocess GOLD SYSTEM --stream",
    "parseval": "python -m jpcore parseval GOLD SYSTEM",
    "gec": "python -m jpcore gec -hyp SYSTEM_M2 -ref GOLD_M2",
    "teaching": "python -m jpcore preprocess GOLD SYSTEM --stream (on your tokenizer's output)",
}


def _megabytes(size: int) -> str:
    return f"{size / (1024 * 1024):.1f} MB ({size:,} bytes)"


def check_sizes(parts: Iterable[NamedBytes | None], evaluation: str,
                limit_mb: int = APP_MAX_MB) -> None:
    """Raise :class:`InputError` for the first part larger than ``limit_mb``
    megabytes; the message names the command line for ``evaluation`` (a key
    of :data:`CLI_COMMANDS`).  ``None`` parts (an optional file not given) pass."""
    limit = limit_mb * 1024 * 1024
    for part in parts:
        if part is not None and len(part.data) > limit:
            raise InputError(
                part.name, None, f"at most {limit_mb} MB per file in the app",
                f"{_megabytes(len(part.data))}; evaluate it with the command line, which has no "
                f"such limit: {CLI_COMMANDS[evaluation]}",
            )


def upload_help(what: str, evaluation: str, limit_mb: int = APP_MAX_MB) -> str:
    """The help text of an uploader: what to give, the app's limits and the command beyond them."""
    return (f"{what} At most {limit_mb} MB per file here, and what one session's memory holds "
            f"({memory_help(evaluation)}, less while other pages hold data); larger files: "
            f"`{CLI_COMMANDS[evaluation]}`.")


# --- memory ---------------------------------------------------------------------------------

#: What one session may take of the server's memory: its loaded data and the peak of a load.
SESSION_MEMORY_BYTES = 1_000_000_000


@dataclass(frozen=True, slots=True)
class Factor:
    """Server memory per byte of input: at its peak while the input is read, aligned,
    scored and drawn, and held once drawn (for as long as the session keeps it)."""

    peak: float
    held: float
    noun: str


#: Measured by ``python -m bench.app_memory`` on the real server (the larger of the slope
#: between a 1 and a 2 MB pair and the figure per byte at 2 MB, rounded up); update them
#: when the result objects change.  Measured 2026-11-25: tokenized text 142-144 / 84-89,
#: CoNLL-U 21-22 / 14-15, trees 227-230 / 103-107, M2 21-26 / 21-26, JSON results 23-24 /
#: 23-24 (preprocess), 21-22 / 14-17 (parseval), 12-17 / 12-17 (gec), Teaching 246-264.
TEXT_FACTOR = Factor(peak=150, held=90, noun="tokenized text")
CONLLU_FACTOR = Factor(peak=25, held=15, noun="CoNLL-U")
TREES_FACTOR = Factor(peak=240, held=110, noun="bracketed trees")
M2_FACTOR = Factor(peak=30, held=26, noun="M2")
PREPROCESS_JSON_FACTOR = Factor(peak=25, held=25, noun="JSON result")
PARSEVAL_JSON_FACTOR = Factor(peak=25, held=17, noun="JSON result")
GEC_JSON_FACTOR = Factor(peak=20, held=17, noun="JSON result")
#: The Teaching page keeps no result in the session (its runs are cached apart), so it holds 0.
TEACHING_FACTOR = Factor(peak=270, held=0, noun="Teaching text")
#: Not measured: a raw document is decoded once and kept as one string.
RAW_FACTOR = Factor(peak=8, held=4, noun="raw text")

#: Every format's factor, by the name the loaders give a part.
MEMORY_FACTORS: dict[str, Factor] = {
    "text": TEXT_FACTOR, "conllu": CONLLU_FACTOR, "trees": TREES_FACTOR, "m2": M2_FACTOR,
    "json-preprocess": PREPROCESS_JSON_FACTOR, "json-parseval": PARSEVAL_JSON_FACTOR, "json-gec": GEC_JSON_FACTOR,
    "teaching": TEACHING_FACTOR, "raw": RAW_FACTOR,
}


def _mb(size: float) -> str:
    return f"{size / (1024 * 1024):.1f} MB"


def largest_input(fmt: str, held: int = 0) -> int:
    """The most bytes of format ``fmt`` one load may take when the session holds ``held`` bytes."""
    return max(0, int((SESSION_MEMORY_BYTES - held) / MEMORY_FACTORS[fmt].peak))


def held_estimate(parts: Sequence[tuple[NamedBytes | None, str]]) -> int:
    """The memory the data loaded from ``parts`` (``(file, format)``) holds once drawn."""
    return int(sum(MEMORY_FACTORS[fmt].held * len(part.data) for part, fmt in parts if part is not None))


def check_memory(parts: Sequence[tuple[NamedBytes | None, str]], evaluation: str, held: int) -> int:
    """Raise :class:`InputError` when loading ``parts`` (``(file, format)``; ``None`` files
    pass) while the session holds ``held`` bytes would take it over
    :data:`SESSION_MEMORY_BYTES`; the message names the largest part, what the session
    can take of it now and the command line for ``evaluation``.  Else return the
    memory the new data will hold (:func:`held_estimate`)."""
    given = [(part, fmt) for part, fmt in parts if part is not None]
    peaks = [MEMORY_FACTORS[fmt].peak * len(part.data) for part, fmt in given]
    if held + sum(peaks) > SESSION_MEMORY_BYTES:
        index = max(range(len(given)), key=peaks.__getitem__)
        part, fmt = given[index]
        factor = MEMORY_FACTORS[fmt]
        room = SESSION_MEMORY_BYTES - held - (sum(peaks) - peaks[index])
        held_now = f"; this session's data holds about {_mb(held)} now" if held >= 1024 * 1024 else ""
        raise InputError(
            part.name, None,
            f"at most {_mb(max(0.0, room / factor.peak))} of {factor.noun} here (the server needs about "
            f"{factor.peak:.0f} bytes of memory per byte of it to read, align and show it, and one session "
            f"may use {SESSION_MEMORY_BYTES // 1_000_000:,} MB{held_now})",
            f"{_megabytes(len(part.data))}; evaluate it with the command line, which has no such limit: "
            f"{CLI_COMMANDS[evaluation]}",
        )
    return held_estimate(given)


#: The formats each evaluation reads, for the uploaders' help.
EVALUATION_FORMATS = {"preprocess": ("text", "conllu"), "parseval": ("trees",), "gec": ("m2",),
                      "teaching": ("teaching",)}


def memory_help(evaluation: str) -> str:
    """What one session can load at most, per format of ``evaluation``: ``about 6.3 MB of
    tokenized text or 11.8 MB of CoNLL-U in all``."""
    sizes = [f"{_mb(min(largest_input(fmt), 2 * APP_MAX_BYTES))} of {MEMORY_FACTORS[fmt].noun}"
             for fmt in EVALUATION_FORMATS[evaluation]]
    return "about " + " or ".join(sizes) + " in all"
