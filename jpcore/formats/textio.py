"""Decoding file bytes into lines, with errors that name file and line.

Every reader goes through :func:`decode_lines`: UTF-8 (a leading byte order
mark is dropped), lines split on ``\\n`` only, a trailing ``\\r`` removed
(CRLF files read like LF files).  Undecodable bytes and NUL bytes are
refused with the line and column, never replaced silently.
"""

from __future__ import annotations

from pathlib import Path

from jpcore.errors import InputError


def read_bytes(path: str | Path) -> bytes:
    """The bytes of a file (``OSError`` propagates with the file name)."""
    return Path(path).read_bytes()


def decode_lines(data: bytes | str, name: str) -> list[str]:
    """Split ``data`` into lines (without line ends).

    >>> decode_lines(b"\\xef\\xbb\\xbfa b\\r\\nc\\n", "x.txt")
    ['a b', 'c']
    """
    if isinstance(data, bytes):
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as error:
            line = data.count(b"\n", 0, error.start) + 1
            column = error.start - (data.rfind(b"\n", 0, error.start) + 1) + 1
            bad = data[error.start : error.start + 4]
            raise InputError(
                name, line, "UTF-8 text", f"byte {bad[:1].hex(' ')} at column {column} (not UTF-8)"
            ) from None
    else:
        text = data
    if text.startswith("\ufeff"):
        text = text[1:]
    nul = text.find("\x00")
    if nul >= 0:
        line = text.count("\n", 0, nul) + 1
        raise InputError(name, line, "text", "a NUL byte (is this a binary file?)")
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return [line[:-1] if line.endswith("\r") else line for line in lines]
