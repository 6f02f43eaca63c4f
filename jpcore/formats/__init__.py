"""Readers and writers.  They know bytes and syntax, nothing about alignment.

:func:`read_segmentation` is the entry point for segmented text: it detects
the format (CoNLL-U or tokenized text, one sentence per line) unless told,
and returns a :class:`~jpcore.formats.segmentation.Segmentation`.
"""

from __future__ import annotations

from jpcore.formats.conllu import looks_like_conllu, read_conllu
from jpcore.formats.segmentation import Segmentation, Sentence
from jpcore.formats.tokenized import read_tokenized

FORMATS = ("auto", "text", "conllu")

__all__ = ["FORMATS", "Segmentation", "Sentence", "detect_format", "read_segmentation"]


def detect_format(data: bytes | str, name: str) -> str:
    """``"conllu"`` if the content looks like CoNLL-U, else ``"text"``."""
    head = data[:65536]
    if isinstance(head, bytes):
        head = head.decode("utf-8", errors="replace")
    lines = head.split("\n")[:200]
    return "conllu" if looks_like_conllu([line.rstrip("\r") for line in lines]) else "text"


def read_segmentation(data: bytes | str, name: str, fmt: str = "auto", level: str = "words") -> Segmentation:
    """Read a segmented file given its bytes and a name for messages."""
    if fmt not in FORMATS:
        raise ValueError(f"format must be one of {FORMATS}, not {fmt!r}")
    if fmt == "auto":
        fmt = detect_format(data, name)
    if fmt == "conllu":
        return read_conllu(data, name, level)
    return read_tokenized(data, name, level)
