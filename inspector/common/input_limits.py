"""How much the app evaluates at once, and what it says beyond that.

The command line reads inputs of any size (``jpcore preprocess --stream``
reads CoNLL-U and tokenized text in bounded memory).  The app keeps every
aligned unit of a result in the session, and reading, aligning and drawing
it costs far more memory than the file's bytes: the server's memory per
byte of input, per format, was measured on the real server by
``python -m bench.app_memory`` (a :class:`Factor` per format, one named
constant in the view that reads the format, to update when the result
objects change).  Each evaluation view's loader states its :class:`Limits`:
the formats it reads and the command line that evaluates files of any size.
Two limits follow:

* every user file (upload, paste or JSON result) is at most
  :data:`APP_MAX_MB` (Teaching: its own, smaller), checked by
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
(``.streamlit/config.toml``: :data:`APP_MAX_MB`, so the uploader says the
real limit) in the browser, before they are sent; the uploaders' help names
the limits and the command.  Bundled samples are not
checked (they are ours) but count in the session's memory.

>>> from inspector.common.files import NamedBytes
>>> text = Factor(peak=150, held=90, noun="tokenized text")
>>> check_sizes([NamedBytes("gold.conllu", b"1\\tHi")], Limits("python -m jpcore preprocess GOLD SYSTEM --stream", (text,)))
>>> try:
...     check_sizes([NamedBytes("big.m2", bytes(APP_MAX_BYTES * 3 // 2))],
...                 Limits("python -m jpcore gec -hyp SYSTEM_M2 -ref GOLD_M2", ()))
... except Exception as error:
...     print(error)  # doctest: +NORMALIZE_WHITESPACE
big.m2: expected at most 20 MB per file in the app, found 30.0 MB (31,457,280 bytes);
evaluate it with the command line, which has no such limit:
python -m jpcore gec -hyp SYSTEM_M2 -ref GOLD_M2
>>> try:
...     check_memory([(NamedBytes("gold.txt", bytes(8_000_000)), text)],
...                  Limits("python -m jpcore preprocess GOLD SYSTEM --stream", (text,)), held=0)
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

#: What one session may take of the server's memory: its loaded data and the peak of a load.
SESSION_MEMORY_BYTES = 1_000_000_000


@dataclass(frozen=True, slots=True)
class Factor:
    """Server memory per byte of input: at its peak while the input is read, aligned,
    scored and drawn, and held once drawn (for as long as the session keeps it)."""

    peak: float
    held: float
    noun: str


@dataclass(frozen=True, slots=True)
class Limits:
    """What one loader takes: ``cli`` is the command that evaluates files of any size,
    ``formats`` the formats it reads (for the uploaders' help), ``max_mb`` the most
    megabytes per file."""

    cli: str
    formats: tuple[Factor, ...]
    max_mb: int = APP_MAX_MB


#: ``(file, factor)``: a part of an input and the memory per byte of the format it is
#: read as; the file is ``None`` when not given (an optional file).
Part = tuple[NamedBytes | None, Factor | None]


def _megabytes(size: int) -> str:
    return f"{size / (1024 * 1024):.1f} MB ({size:,} bytes)"


def check_sizes(parts: Iterable[NamedBytes | None], limits: Limits) -> None:
    """Raise :class:`InputError` for the first part larger than ``limits.max_mb``
    megabytes; the message names ``limits.cli``.  ``None`` parts (an optional file
    not given) pass."""
    limit = limits.max_mb * 1024 * 1024
    for part in parts:
        if part is not None and len(part.data) > limit:
            raise InputError(
                part.name, None, f"at most {limits.max_mb} MB per file in the app",
                f"{_megabytes(len(part.data))}; evaluate it with the command line, which has no "
                f"such limit: {limits.cli}",
            )


def upload_help(what: str, limits: Limits) -> str:
    """The help text of an uploader: what to give, the app's limits and the command beyond them."""
    return (f"{what} At most {limits.max_mb} MB per file here, and what one session's memory holds "
            f"({memory_help(limits)}, less while other pages hold data); larger files: "
            f"`{limits.cli}`.")


def _mb(size: float) -> str:
    return f"{size / (1024 * 1024):.1f} MB"


def largest_input(factor: Factor, held: int = 0) -> int:
    """The most bytes of a format (its ``factor``) one load may take when the session holds ``held`` bytes."""
    return max(0, int((SESSION_MEMORY_BYTES - held) / factor.peak))


def held_estimate(parts: Sequence[Part]) -> int:
    """The memory the data loaded from ``parts`` holds once drawn."""
    return int(sum(factor.held * len(part.data) for part, factor in parts if part is not None and factor))


def check_memory(parts: Sequence[Part], limits: Limits, held: int) -> int:
    """Raise :class:`InputError` when loading ``parts`` (``None`` files pass) while the
    session holds ``held`` bytes would take it over :data:`SESSION_MEMORY_BYTES`; the
    message names the largest part, what the session can take of it now and
    ``limits.cli``.  Else return the memory the new data will hold (:func:`held_estimate`)."""
    given = [(part, factor) for part, factor in parts if part is not None and factor is not None]
    peaks = [factor.peak * len(part.data) for part, factor in given]
    if held + sum(peaks) > SESSION_MEMORY_BYTES:
        index = max(range(len(given)), key=peaks.__getitem__)
        part, factor = given[index]
        room = SESSION_MEMORY_BYTES - held - (sum(peaks) - peaks[index])
        held_now = f"; this session's data holds about {_mb(held)} now" if held >= 1024 * 1024 else ""
        raise InputError(
            part.name, None,
            f"at most {_mb(max(0.0, room / factor.peak))} of {factor.noun} here (the server needs about "
            f"{factor.peak:.0f} bytes of memory per byte of it to read, align and show it, and one session "
            f"may use {SESSION_MEMORY_BYTES // 1_000_000:,} MB{held_now})",
            f"{_megabytes(len(part.data))}; evaluate it with the command line, which has no such limit: "
            f"{limits.cli}",
        )
    return held_estimate(given)


def check_input(parts: Sequence[Part], limits: Limits, held: int) -> int:
    """:func:`check_sizes` then :func:`check_memory` on a user's input; the memory it will hold."""
    check_sizes([part for part, _ in parts], limits)
    return check_memory(parts, limits, held)


def memory_help(limits: Limits) -> str:
    """What one session can load at most, per format ``limits`` reads: ``about 6.3 MB of
    tokenized text or 11.8 MB of CoNLL-U in all``."""
    sizes = [f"{_mb(min(largest_input(factor), 2 * APP_MAX_BYTES))} of {factor.noun}"
             for factor in limits.formats]
    return "about " + " or ".join(sizes) + " in all"
