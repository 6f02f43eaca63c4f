"""How much the app evaluates at once, and what it says beyond that.

The command line reads inputs of any size (``jpcore preprocess --stream``
reads CoNLL-U and tokenized text in bounded memory).  The app keeps every
aligned unit of a result in the session, so it evaluates each uploaded or
pasted file up to :data:`APP_MAX_MB` (about eleven times the EWT test
set's 1.8 MB CoNLL-U; the whole-file path needs roughly twelve times a
file's size in memory).  Beyond that :func:`check_sizes` refuses with an
:class:`~jpcore.errors.InputError` naming the file, its size and the
command that evaluates it; the loaders show it like any bad input, and the
data loaded before stays.  Streamlit refuses uploads over
``server.maxUploadSize`` (``.streamlit/config.toml``) in the browser,
before they are sent; the uploaders' help names both limits and the
command.  Bundled samples are not checked: they are ours.

>>> from inspector.evaluation import NamedBytes
>>> check_sizes([NamedBytes("gold.conllu", b"1\\tHi")], "preprocess")
>>> try:
...     check_sizes([NamedBytes("big.m2", bytes(APP_MAX_BYTES * 3 // 2))], "gec")
... except Exception as error:
...     print(error)  # doctest: +NORMALIZE_WHITESPACE
big.m2: expected at most 20 MB per file in the app, found 30.0 MB (31,457,280 bytes);
evaluate it with the command line, which has no such limit:
python -m jpcore gec -hyp SYSTEM_M2 -ref GOLD_M2
"""

from __future__ import annotations

from collections.abc import Iterable

from jpcore.errors import InputError
from inspector.evaluation import NamedBytes

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
    """The help text of an uploader: what to give, the app's limit and the command beyond it."""
    return (f"{what} At most {limit_mb} MB per file here; larger files: "
            f"`{CLI_COMMANDS[evaluation]}`.")
