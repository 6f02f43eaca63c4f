"""``jpcore --help`` without argparse: the same text, drawn by hand when nothing wraps.

``jpcore --help`` is the command a newcomer types first and the one the
start-up bench times against ``python -c pass``.  Through argparse it imports
``re``, ``gettext``/``locale``, ``shutil`` (with ``bz2``, ``lzma``, ``zlib``) and
``textwrap`` -- about half of its run -- to print fifteen lines that only
change when a command is added.  :func:`top_help` draws those lines itself,
following argparse's layout rules (:class:`argparse.HelpFormatter`, the
parser of :func:`jpcore.cli.build_parser`):

* the width is the terminal's columns minus 2, the columns found as
  :func:`shutil.get_terminal_size` finds them (``COLUMNS``, then the
  terminal of ``sys.__stdout__``, then 80);
* the help column is ``min(longest invocation + its indent + 2, 24)``,
  capped at ``width - 20``;
* a command name longer than that column allows goes on a line of its own.

It draws nothing (returns ``None``) as soon as a line would have to wrap:
then argparse, the reference, prints the help.  tests/test_cli_help.py holds
the two byte-identical at every width from 1 to 200 columns where this one
draws, and checks that it draws at 80 columns (a pipe, a log, most
terminals).
"""

from __future__ import annotations

import os
import sys

#: What the parser of :func:`jpcore.cli.build_parser` is made with.
PROG = "jpcore"
DESCRIPTION = "Align gold and system files that are cut differently, then score them."
METAVAR = "COMMAND"
HELP_OPTION = ("-h, --help", "show this help message and exit")
#: argparse's defaults (``HelpFormatter(indent_increment=2, max_help_position=24)``).
INDENT, MAX_HELP_POSITION = 2, 24


def terminal_columns() -> int:
    """The terminal's width in columns, found as :func:`shutil.get_terminal_size` finds it
    (which argparse asks), without importing :mod:`shutil`."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns
        except (AttributeError, ValueError, OSError):
            columns = 0
        if columns <= 0:
            columns = 80
    return columns


def top_help(commands: dict[str, str], columns: int | None = None) -> str | None:
    """``jpcore --help`` as argparse prints it, for ``commands`` (name -> help line as
    shown, in order) at ``columns`` (default: the terminal's); ``None`` when some line
    would wrap."""
    width = (terminal_columns() if columns is None else columns) - 2
    usage = f"usage: {PROG} [-h] {METAVAR} ..."
    names = [METAVAR, *commands, HELP_OPTION[0]]
    # every invocation of the two sections sits at indent 2 (subcommands are indented
    # again when drawn, not when measured)
    help_position = min(max(map(len, names)) + INDENT + 2, max(width - 20, 2 * INDENT), MAX_HELP_POSITION)
    help_width = max(width - help_position, 11)
    texts = [*commands.values(), HELP_OPTION[1]]
    if len(usage) > width or len(DESCRIPTION) > max(width, 11) or max(map(len, texts)) > help_width:
        return None
    if any("  " in text or "\t" in text or "\n" in text or text != text.strip() for text in texts):
        return None  # argparse would squeeze its white space: leave it to argparse
    lines = [usage, "", DESCRIPTION, "", "positional arguments:", f"  {METAVAR}"]
    for name, text in commands.items():
        lines += _action(name, text, 2 * INDENT, help_position)
    lines += ["", "options:", *_action(*HELP_OPTION, INDENT, help_position)]
    return "\n".join(lines) + "\n"


def _action(name: str, text: str, indent: int, help_position: int) -> list[str]:
    """One invocation and its one-line help, as :meth:`HelpFormatter._format_action` lays them."""
    room = help_position - indent - 2
    if len(name) <= room:
        return [f"{' ' * indent}{name:<{room}}  {text}"]
    return [f"{' ' * indent}{name}", f"{' ' * help_position}{text}"]
