"""Decoding file bytes into lines, with errors that name file and line.

Every reader goes through :func:`decode_lines`: UTF-8 (a leading byte order
mark is dropped), universal newlines: ``\\r\\n``, ``\\r`` and ``\\n`` end a line
(as Python's text mode, the CoNLL 2018 script and errant read files).
Undecodable bytes and NUL bytes are refused with the line and column, never
replaced silently.
"""

from __future__ import annotations

from pathlib import Path

from jpcore.errors import InputError


def read_bytes(path: str | Path) -> bytes:
    """The bytes of a file (``OSError`` propagates with the file name)."""
    return Path(path).read_bytes()


def _universal(text):
    """``text`` (str or bytes) with every ``\\r\\n`` and lone ``\\r`` made ``\\n``."""
    cr, lf = ("\r", "\n") if isinstance(text, str) else (b"\r", b"\n")
    return text.replace(cr + lf, lf).replace(cr, lf) if cr in text else text


def decode_lines(data: bytes | str, name: str) -> list[str]:
    """Split ``data`` into lines (without line ends).

    >>> decode_lines(b"\\xef\\xbb\\xbfa b\\r\\nc\\rd\\n", "x.txt")
    ['a b', 'c', 'd']
    """
    if isinstance(data, bytes):
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as error:
            before = _universal(data[: error.start])
            line = before.count(b"\n") + 1
            column = len(before) - (before.rfind(b"\n") + 1) + 1
            bad = data[error.start : error.start + 1]
            raise InputError(
                name, line, "UTF-8 text", f"byte {bad.hex()} at column {column} (not UTF-8)"
            ) from None
    else:
        text = data
    if text.startswith("\ufeff"):
        text = text[1:]
    text = _universal(text)
    nul = text.find("\x00")
    if nul >= 0:
        line = text.count("\n", 0, nul) + 1
        raise InputError(name, line, "text", "a NUL byte (is this a binary file?)")
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return lines
