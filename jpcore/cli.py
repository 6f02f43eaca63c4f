"""The command line: ``python -m jpcore TASK ...``, one subcommand per registered task.

A thin dispatcher over :data:`jpcore.task.TASKS` (and :data:`TOOLS`, the
commands beside the evaluations: ``review``).  Each names its CLI
module (``configure(parser)`` and ``run(args) -> int``); that module is
imported only when it runs (or its help is asked for), so ``jpcore --help``
and one command do not pay for the others' imports.  Bad input
(:class:`jpcore.errors.InputError`) becomes one line on stderr and exit
status 2, never a traceback.  A closed pipe (``jpcore ... | head``) ends
quietly with status 0.  (EVALB legacy mode writes EVALB's own messages and
statuses; that is handled inside its command.)
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
from collections.abc import Sequence
from types import ModuleType
from typing import NoReturn

from jpcore.task import TASKS

#: Commands beside the evaluations, listed after them: name -> (CLI module, help
#: line).  A module keeps the tasks' CLI contract (``configure(parser)``,
#: ``run(args) -> int``) and is imported only when it runs, like theirs.
TOOLS: dict[str, tuple[str, str]] = {
    "review": ("jpcore.review.cli", "export, import and compare reviewers' verdicts"),
}


def command_module(name: str) -> ModuleType:
    """The CLI module of task or tool ``name`` (imported now)."""
    if name in TOOLS:
        from importlib import import_module

        return import_module(TOOLS[name][0])
    return TASKS[name].load("cli")


def _commands() -> dict[str, str]:
    """Every command's help line: the tasks', then the tools'."""
    return {**{name: task.summary for name, task in TASKS.items()}, **{name: h for name, (_, h) in TOOLS.items()}}


def build_parser(configured: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The argument parser with one subparser per command.

    Only the commands in ``configured`` (default: all) get their arguments
    declared, which imports their modules; the others are listed with their
    help line only.
    """
    parser = argparse.ArgumentParser(
        prog="jpcore",
        description="Align gold and system files that are cut differently, then score them.",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name, summary in _commands().items():
        subparser = sub.add_parser(name, help=summary, description=summary)
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


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        return _main(argv)
    except BrokenPipeError:
        return _quiet_closed_pipe()


def run_and_exit() -> NoReturn:
    """The ``jpcore`` console script and ``python -m jpcore``: :func:`main`, then leave at once.

    The cyclic garbage collector stays off for the whole run (a command
    makes tens of thousands of small objects and no garbage cycles worth a
    scan).  Output is flushed, then the process ends without the
    interpreter's teardown (``os._exit``), which would otherwise free every
    object of the result one by one (see :func:`jpcore.output.keep`).
    """
    gc.disable()
    status = main()
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
    os._exit(status)


def _main(argv: list[str]) -> int:
    name = argv[0] if argv and (argv[0] in TASKS or argv[0] in TOOLS) else None
    module = command_module(name) if name else None
    if module is not None and hasattr(module, "main"):
        # A command that parses its own arguments (EVALB legacy mode must
        # reproduce EVALB's own usage handling).
        return module.main(argv[1:])
    args = build_parser([name] if name else []).parse_args(argv)
    module = module or command_module(args.command)
    from jpcore.errors import InputError

    try:
        return module.run(args)
    except InputError as error:
        print(f"jpcore {args.command}: error: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        raise
    except OSError as error:
        name = getattr(error, "filename", None) or ""
        print(f"jpcore {args.command}: error: {name}: {error.strerror or error}", file=sys.stderr)
        return 2
