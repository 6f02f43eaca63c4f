"""The command line: ``python -m jpcore TASK ...``, one subcommand per registered task.

A thin dispatcher over :data:`jpcore.task.TASKS` (and :data:`TOOLS`, the
commands beside the evaluations: ``review``, ``check``).  Each names its CLI
module (``configure(parser)`` and ``run(args) -> int``); that module is
imported only when it runs (or its help is asked for), so ``jpcore --help``
and one command do not pay for the others' imports.  Bad input
(:class:`jpcore.errors.InputError`) becomes one line on stderr and exit
status 2, never a traceback; so does a file that cannot be read or written
(``NAME: REASON``; every output file is written whole or not at all,
:mod:`jpcore.atomic`).  A closed pipe (``jpcore ... | head``) ends quietly
with status 0.  Ctrl-C (SIGINT) and SIGTERM end a run quietly with status
130 and 143 (128 + the signal), after the file being written is removed.
(EVALB legacy mode writes EVALB's own messages and statuses; that is
handled inside its command.)
"""

from __future__ import annotations

import gc
import os
import sys

#: ``typing.TYPE_CHECKING`` without importing ``typing``: this module is the first of every
#: run, and ``jpcore parseval GOLD SYSTEM``'s compiled path (:mod:`jpcore.parseval.quick`)
#: imports no more than it needs (argparse, typing and the task registry only when parsed).
TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse
    from collections.abc import Sequence
    from types import ModuleType
    from typing import NoReturn

#: Commands beside the evaluations, listed after them: name -> (CLI module, help
#: line).  A module keeps the tasks' CLI contract (``configure(parser)``,
#: ``run(args) -> int``) and is imported only when it runs, like theirs.
TOOLS: dict[str, tuple[str, str]] = {
    "review": ("jpcore.review.cli", "export, import and compare reviewers' verdicts"),
    "check": ("jpcore.check",
              "score a gold file against itself: every score must be 100 %"),
}


#: The arguments that ask for the command list.
_HELP = (["-h"], ["--help"])


def command_module(name: str) -> ModuleType:
    """The CLI module of task or tool ``name`` (imported now)."""
    if name in TOOLS:
        from importlib import import_module

        return import_module(TOOLS[name][0])
    from jpcore.task import TASKS

    return TASKS[name].load("cli")


def _commands() -> dict[str, str]:
    """Every command's help line: the tasks', then the tools'."""
    from jpcore.task import TASKS

    return {**{name: task.summary for name, task in TASKS.items()}, **{name: h for name, (_, h) in TOOLS.items()}}


def build_parser(configured: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The argument parser with one subparser per command.

    Only the commands in ``configured`` (default: all) get their arguments
    declared, which imports their modules; the others are listed with their
    help line only.
    """
    import argparse

    parser = argparse.ArgumentParser(
        prog="jpcore",
        description="Align gold and system files that are cut differently, then score them.",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name, summary in _commands().items():
        # argparse %-formats a help line (not a description)
        subparser = sub.add_parser(name, help=summary.replace("%", "%%"), description=summary)
        if configured is None or name in configured:
            command_module(name).configure(subparser)
    return parser


def _quiet_closed_pipe() -> int:
    """The reader went away (``| head``): say nothing, and keep Python's exit-time
    flush of stdout from reporting the same broken pipe."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # pragma: no cover - stdout without a descriptor
        pass
    return 0


class Terminated(BaseException):
    """SIGTERM arrived (raised by the handler :func:`run_and_exit` installs): like
    ``KeyboardInterrupt``, it unwinds the run so that a file being written is removed."""


def _terminate(signum: int, frame: object) -> NoReturn:
    raise Terminated(signum)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status (130 after SIGINT, 143 after
    :class:`Terminated`: nothing is printed)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        return _main(argv)
    except BrokenPipeError:
        return _quiet_closed_pipe()
    except KeyboardInterrupt:
        return 128 + _signal_number("SIGINT")
    except Terminated:
        return 128 + _signal_number("SIGTERM")


def _signal_number(name: str) -> int:
    """The number of signal ``name`` (:mod:`signal` imported only when a run is cut short:
    it imports :mod:`enum`, a tenth of ``jpcore --help``'s own time)."""
    import signal

    return int(getattr(signal, name))


def run_and_exit() -> NoReturn:
    """The ``jpcore`` console script and ``python -m jpcore``: :func:`main`, then leave at once.

    The cyclic garbage collector stays off for the whole run (a command
    makes tens of thousands of small objects and no garbage cycles worth a
    scan).  Output is flushed, then the process ends without the
    interpreter's teardown (``os._exit``), which would otherwise free every
    object of the result one by one (see :func:`jpcore.output.keep`).
    SIGTERM raises :class:`Terminated` (so a run ends as Ctrl-C ends it:
    status 143, no file half-written, no traceback).
    """
    if sys.argv[1:] not in _HELP:  # the help writes no file: no handler (nor signal's import) needed
        import signal

        signal.signal(signal.SIGTERM, _terminate)
    gc.disable()
    status = main()
    try:
        status = _flushed(status)
    except KeyboardInterrupt:  # a signal while the output drains
        status = 128 + _signal_number("SIGINT")
    except Terminated:
        status = 128 + _signal_number("SIGTERM")
    os._exit(status)


def _flushed(status: int) -> int:
    """Flush stdout and stderr; the exit status (0 when the reader closed the pipe)."""
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        status = _quiet_closed_pipe()
    except ValueError:  # pragma: no cover - stdout closed by the command
        pass
    try:
        sys.stderr.flush()
    except (OSError, ValueError):  # pragma: no cover
        pass
    return status


def _main(argv: list[str]) -> int:
    if argv in _HELP:
        # the command list, drawn without argparse when no line wraps (None: argparse draws it)
        from jpcore.cli_help import top_help

        text = top_help(_commands())
        if text is not None:
            sys.stdout.write(text)
            return 0
    if argv[:1] == ["parseval"]:
        # the plain report of two files with the same words, in one compiled pass (None: not that case)
        from jpcore.parseval import quick

        status = quick.run(argv[1:])
        if status is not None:
            return status
    from jpcore.task import TASKS

    name = argv[0] if argv and (argv[0] in TASKS or argv[0] in TOOLS) else None
    module = command_module(name) if name else None
    if module is not None and hasattr(module, "main"):
        # A command that parses its own arguments (EVALB legacy mode must
        # reproduce EVALB's own usage handling).
        return module.main(argv[1:])
    args = build_parser([name] if name else []).parse_args(argv)
    module = module or command_module(args.command)
    from jpcore.errors import exit_status

    return exit_status(f"jpcore {args.command}", lambda: module.run(args))
