"""The command line: ``python -m jpcore {preprocess,parseval,gec} ...``.

A thin dispatcher.  Each subcommand lives in :mod:`jpcore.commands` as a
module with ``configure(parser)`` and ``run(args) -> int``.  Bad input
(:class:`jpcore.errors.InputError`) becomes one line on stderr and exit
status 2, never a traceback.  (EVALB legacy mode writes EVALB's own messages
and statuses; that is handled inside its command.)
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from jpcore.commands import gec, parseval, preprocess
from jpcore.errors import InputError

COMMANDS = {
    "preprocess": (preprocess, "tokenization and sentence boundary evaluation"),
    "parseval": (parseval, "PARSEVAL on constituency trees (jp-evalb)"),
    "gec": (gec, "GEC scoring on M2 files (jp-errant)"),
    "ud": (__import__("jpcore.commands.ud", fromlist=["run"]), "dependency parsing and tagging (CoNLL 2018 metrics)"),
}


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with one subparser per command."""
    parser = argparse.ArgumentParser(
        prog="jpcore",
        description="Align gold and system files that are cut differently, then score them.",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name, (module, help_text) in COMMANDS.items():
        module.configure(sub.add_parser(name, help=help_text, description=help_text))
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] in COMMANDS and hasattr(COMMANDS[argv[0]][0], "main"):
        # A command that parses its own arguments (EVALB legacy mode must
        # reproduce EVALB's own usage handling).
        return COMMANDS[argv[0]][0].main(argv[1:])
    args = build_parser().parse_args(argv)
    module = COMMANDS[args.command][0]
    try:
        return module.run(args)
    except InputError as error:
        print(f"jpcore {args.command}: error: {error}", file=sys.stderr)
        return 2
    except OSError as error:
        name = getattr(error, "filename", None) or ""
        print(f"jpcore {args.command}: error: {name}: {error.strerror or error}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # pragma: no cover - e.g. `| head`
        return 0
