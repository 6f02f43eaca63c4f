"""Decoding file bytes into lines, with errors that name file and line.

Every reader goes through :func:`decode_lines`: UTF-8 (a leading byte order
mark is dropped), universal newlines: ``\\r\\n``, ``\\r`` and ``\\n`` end a line
(as Python's text mode, the CoNLL 2018 script and errant read files).
Undecodable bytes and NUL bytes are refused with the line and column, never
replaced silently.  A file without any sentence (no byte at all, or only
whitespace) is refused by the readers as :class:`EmptyFileError`: "FILE is
empty", never scored as zero sentences.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from typing import TypeVar
from pathlib import Path
from typing import BinaryIO

from jpcore.errors import InputError


class EmptyFileError(InputError):
    """A file with nothing to read: ``FILE is empty: expected ..., found ...``.

    >>> str(EmptyFileError("sys.m2", "an S line", "only whitespace"))
    'sys.m2 is empty: expected an S line, found only whitespace'
    """

    def __init__(self, file: str, expected: str, found: str) -> None:
        super().__init__(file, None, expected, found)
        self.args = (f"{file} is empty: expected {expected}, found {found}",)


T = TypeVar("T")


def empty_found(fmt: str, any_line: bool) -> str:
    """What a file without any sentence holds, for :class:`EmptyFileError` (the
    whole-file and the streaming readers say the same)."""
    if not any_line:
        return "no text at all"
    return "none (only comments or blank lines)" if fmt == "conllu" else "only blank lines"


class CountedLines:
    """Lines passed through, remembering whether there was any."""

    def __init__(self, lines: Iterable[str]) -> None:
        self._lines = lines
        self.any = False

    def __iter__(self) -> Iterator[str]:
        for line in self._lines:
            self.any = True
            yield line


def nonempty(items: Iterable[T], name: str, found: Callable[[], str],
             expected: str = "at least one sentence") -> Iterator[T]:
    """``items`` one at a time; :class:`EmptyFileError` naming ``name`` at their
    end when there was none (a streamed file without any sentence), saying ``found()``.

    >>> list(nonempty([], "sys.txt", lambda: "only blank lines"))
    Traceback (most recent call last):
    ...
    jpcore.formats.textio.EmptyFileError: sys.txt is empty: expected at least one sentence, found only blank lines
    """
    seen = False
    for item in items:
        seen = True
        yield item
    if not seen:
        raise EmptyFileError(name, expected, found())


_SURROGATE = re.compile("[\ud800-\udfff]")


def _byte_text(match: re.Match[str], backslash: str) -> str:
    code = ord(match.group())
    if 0xDC80 <= code <= 0xDCFF:  # an undecodable byte kept by surrogateescape (file names)
        return f"{backslash}x{code - 0xDC00:02x}"
    return f"{backslash}u{code:04x}"


def printable(text: str, backslash: str = "\\") -> str:
    """``text`` that UTF-8 can encode: a lone surrogate is written as the escape
    of what it stands for, ``\\xff`` for the byte ``ff`` of a file name that
    is not UTF-8 (Python's ``surrogateescape``), ``\\ud800`` otherwise.  With
    ``backslash="\\\\"`` the escape is itself escaped (inside a JSON string).

    >>> printable("caf\\udce9.txt"), printable("a\\ud800b"), printable("ok")
    ('caf\\\\xe9.txt', 'a\\\\ud800b', 'ok')
    """
    if text.isascii() or _SURROGATE.search(text) is None:
        return text
    return _SURROGATE.sub(lambda match: _byte_text(match, backslash), text)


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
    return _decode_piece(data, name, 1, True)


def _decode_piece(data: bytes | str, name: str, first_line: int, at_start: bool) -> list[str]:
    """:func:`decode_lines` on a piece of a file that starts at line ``first_line``
    (at the beginning of a line); ``at_start`` if it is the file's beginning."""
    if isinstance(data, bytes):
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as error:
            before = _universal(data[: error.start])
            line = before.count(b"\n") + first_line
            column = len(before) - (before.rfind(b"\n") + 1) + 1
            bad = data[error.start : error.start + 1]
            raise InputError(
                name, line, "UTF-8 text", f"byte {bad.hex()} at column {column} (not UTF-8)"
            ) from None
    else:
        text = data
    if at_start and text.startswith("\ufeff"):
        text = text[1:]
    text = _universal(text)
    nul = text.find("\x00")
    if nul >= 0:
        line = text.count("\n", 0, nul) + first_line
        raise InputError(name, line, "text", "a NUL byte (is this a binary file?)")
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return lines


#: Bytes read at a time by :func:`iter_file_lines`.
CHUNK = 1 << 18


def iter_file_lines(stream: BinaryIO, name: str, chunk: int = CHUNK) -> Iterator[str]:
    """The lines of a binary file, read ``chunk`` bytes at a time.

    Exactly the lines (and, for bad bytes, the same :class:`InputError`,
    line and column included) that :func:`decode_lines` gives for the
    whole file, in memory proportional to ``chunk`` plus the longest line.
    Lines are decoded in pieces that end just after a line end (``\\n``, or
    a ``\\r`` that is not the last byte read, which may be followed by
    ``\\n``): a line end never splits a UTF-8 character.

    >>> import io
    >>> list(iter_file_lines(io.BytesIO(b"\\xef\\xbb\\xbfa b\\r\\nc\\rd\\n"), "x.txt", chunk=3))
    ['a b', 'c', 'd']
    """
    pending = b""
    line = 1
    at_start = True
    while True:
        data = stream.read(chunk)
        if not data:
            if pending or at_start:
                yield from _decode_piece(pending, name, line, at_start)
            return
        pending += data
        cut = max(pending.rfind(b"\n"), pending.rfind(b"\r", 0, len(pending) - 1))
        if cut < 0:
            continue
        piece, pending = pending[: cut + 1], pending[cut + 1 :]
        lines = _decode_piece(piece, name, line, at_start)
        at_start = False
        line += len(lines)
        yield from lines
