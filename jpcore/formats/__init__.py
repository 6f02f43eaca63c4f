"""Readers and writers.  They know bytes and syntax, nothing about alignment.

:func:`read_segmentation` is the entry point for segmented text: it detects
the format (CoNLL-U or tokenized text, one sentence per line) unless told,
and returns a :class:`~jpcore.formats.segmentation.Segmentation`.

The readers are imported when first used: ``jpcore.formats.m2`` or
``jpcore.formats.trees`` alone (``jpcore gec``, ``jpcore parseval``) do not
pay for the CoNLL-U and tokenized-text readers.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (jpcore parseval's flat path imports none of it)
if TYPE_CHECKING:
    from typing import Any

    from jpcore.formats.segmentation import Segmentation, Sentence

FORMATS = ("auto", "text", "conllu")
#: Bytes looked at to detect the format.
DETECT_BYTES = 65536

__all__ = ["FORMATS", "Segmentation", "Sentence", "detect_format", "open_segmentation", "read_segmentation"]


#: File name endings that say CoNLL-U whatever the content looks like.
CONLLU_SUFFIXES = (".conllu", ".conll")


def detect_format(data: bytes | str, name: str) -> str:
    """``"conllu"`` if the file is named ``*.conllu``/``*.conll`` or its content
    looks like CoNLL-U (:func:`~jpcore.formats.conllu.looks_like_conllu`), else
    ``"text"``: a malformed CoNLL-U file is then refused with its line, never
    scored as tokenized text.

    >>> detect_format(b"1\\tHello\\t_\\n", "pasted"), detect_format(b"Hello .\\n", "gold.conllu")
    ('conllu', 'conllu')
    """
    from jpcore.formats.conllu import looks_like_conllu

    if name.lower().endswith(CONLLU_SUFFIXES):
        return "conllu"
    head = data[:DETECT_BYTES]
    if isinstance(head, bytes):
        head = head.decode("utf-8", errors="replace")
    lines = head.split("\n")[:200]
    return "conllu" if looks_like_conllu([line.rstrip("\r") for line in lines]) else "text"


def read_segmentation(data: bytes | str, name: str, fmt: str = "auto", level: str = "words") -> Segmentation:
    """Read a segmented file given its bytes and a name for messages; a file
    without any sentence raises :class:`~jpcore.formats.textio.EmptyFileError`."""
    from jpcore.formats.conllu import read_conllu
    from jpcore.formats.textio import EmptyFileError, empty_found
    from jpcore.formats.tokenized import read_tokenized

    if fmt not in FORMATS:
        raise ValueError(f"format must be one of {FORMATS}, not {fmt!r}")
    if fmt == "auto":
        fmt = detect_format(data, name)
    if fmt == "conllu":
        segmentation = read_conllu(data, name, level)
        if not segmentation.sentences:  # the text reader refuses an empty file itself
            bom = b"\xef\xbb\xbf" if isinstance(data, bytes) else "\ufeff"
            raise EmptyFileError(name, "at least one sentence", empty_found("conllu", bool(data.removeprefix(bom))))
        return segmentation
    return read_tokenized(data, name, level)


@contextmanager
def open_segmentation(
    path: str | Path, name: str, fmt: str = "auto", level: str = "words"
) -> Iterator[tuple[str, Iterator[Sentence]]]:
    """Open a segmented file for reading one sentence at a time.

    Yields ``(format, sentences)``: the format (detected from the first
    :data:`DETECT_BYTES` bytes unless given, as :func:`read_segmentation`
    does) and an iterator over the same sentences :func:`read_segmentation`
    would return, read incrementally (memory bounded by a chunk of the file
    and one sentence).  ``OSError`` propagates; bad content raises
    :class:`jpcore.errors.InputError` when the iterator reaches it (a file
    without any sentence: :class:`~jpcore.formats.textio.EmptyFileError` at its end).
    """
    from jpcore.formats.conllu import iter_conllu
    from jpcore.formats.textio import CountedLines, empty_found, iter_file_lines, nonempty
    from jpcore.formats.tokenized import iter_tokenized

    if fmt not in FORMATS:
        raise ValueError(f"format must be one of {FORMATS}, not {fmt!r}")
    with open(path, "rb") as stream:
        if fmt == "auto":
            fmt = detect_format(stream.read(DETECT_BYTES), name)
            stream.seek(0)
        lines = CountedLines(iter_file_lines(stream, name))
        sentences = iter_conllu(lines, name, level) if fmt == "conllu" else iter_tokenized(lines)
        yield fmt, nonempty(sentences, name, lambda: empty_found(fmt, lines.any))


def __getattr__(name: str) -> Any:
    """``Segmentation`` and ``Sentence``, imported on first use (see the module doc)."""
    if name in ("Segmentation", "Sentence"):
        from jpcore.formats import segmentation

        return getattr(segmentation, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
