"""The one exception type for bad input, and how a command reports it.

Every reader raises :class:`InputError` naming the file, the line (or block)
and what was expected versus what was found.  The command line turns it into
a one-line message on stderr and exit status 2 (:func:`exit_status`,
:func:`print_error`); the app shows it as text.
"""

from __future__ import annotations

import sys
from collections.abc import Callable


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

    def __reduce__(self) -> tuple:
        """Pickle any subclass, whatever its ``__init__`` takes: its class, message and fields
        (the app's evaluations in a child process send it back to the server).

        >>> import pickle
        >>> error = pickle.loads(pickle.dumps(InputError("gold.txt", 3, "a token")))
        >>> str(error), error.line
        ('gold.txt:3: expected a token', 3)
        """
        return _rebuilt, (type(self), self.args, self.__dict__)


def _rebuilt(cls: type[InputError], args: tuple, fields: dict) -> InputError:
    """An :class:`InputError` (of class ``cls``) made again from its pickle, without its ``__init__``."""
    error = cls.__new__(cls, *args)
    Exception.__init__(error, *args)
    error.__dict__.update(fields)
    return error


def show(text: str, limit: int = 20) -> str:
    """Quote at most ``limit`` characters of ``text`` for an error message."""
    shown = text[:limit]
    return repr(shown) + ("..." if len(text) > limit else "")


def print_error(prog: str, message: str) -> int:
    """Say ``PROG: error: MESSAGE`` on stderr (one line); return exit status 2."""
    print(f"{prog}: error: {message}", file=sys.stderr)
    return 2


def exit_status(prog: str, action: Callable[[], int]) -> int:
    """``action()``'s exit status, bad input turned into one line on stderr and status 2.

    :class:`InputError` prints ``PROG: error: MESSAGE``; a file that cannot be
    read or written (``OSError``) ``PROG: error: NAME: REASON`` (:func:`os_error_text`).
    A closed pipe (``BrokenPipeError``) is not handled here: :func:`jpcore.cli.main`
    ends quietly.
    """
    try:
        return action()
    except InputError as error:
        return print_error(prog, str(error))
    except BrokenPipeError:
        raise
    except OSError as error:
        return print_error(prog, os_error_text(error))


def os_error_text(error: OSError) -> str:
    """``NAME: REASON`` of a file's OS error, or the reason alone when it names no file.

    >>> os_error_text(FileNotFoundError(2, "No such file or directory", "gold.txt"))
    'gold.txt: No such file or directory'
    >>> os_error_text(OSError(28, "No space left on device"))
    'No space left on device'
    """
    reason = error.strerror or str(error)
    name = error.filename
    return f"{name}: {reason}" if name not in (None, "") else reason
