"""The one exception type for bad input.

Every reader raises :class:`InputError` naming the file, the line (or block)
and what was expected versus what was found.  The command line turns it into
a one-line message on stderr and exit status 2; the app shows it as text.
"""

from __future__ import annotations


class InputError(ValueError):
    """Bad input: ``file:line: expected ..., found ...``.

    >>> str(InputError("gold.txt", 3, "a token", "an empty line"))
    'gold.txt:3: expected a token, found an empty line'
    """

    def __init__(self, file: str, line: int | None, expected: str, found: str = "") -> None:
        self.file = file
        self.line = line
        self.expected = expected
        self.found = found
        where = f"{file}:{line}" if line is not None else file
        message = f"{where}: expected {expected}"
        if found:
            message += f", found {found}"
        super().__init__(message)


def show(text: str, limit: int = 20) -> str:
    """Quote at most ``limit`` characters of ``text`` for an error message."""
    shown = text[:limit]
    return repr(shown) + ("..." if len(text) > limit else "")
