"""``python -m jpcore parseval``: not built yet (see the issue tracker)."""

from __future__ import annotations

import argparse
import sys


def configure(parser: argparse.ArgumentParser) -> None:
    """Declare this command's arguments."""
    parser.add_argument("rest", nargs=argparse.REMAINDER)


def run(args: argparse.Namespace) -> int:
    """Refuse clearly until the task exists."""
    print("jpcore parseval: not implemented yet", file=sys.stderr)
    return 2
