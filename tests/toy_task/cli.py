"""``jpcore chars GOLD SYSTEM [--json] [--html OUT]``."""

from __future__ import annotations

import argparse
import sys

from jpcore.formats.textio import read_bytes
from jpcore.output import write_json
from tests.toy_task import evaluate_bytes


def configure(parser: argparse.ArgumentParser) -> None:
    """Declare the arguments of ``chars``."""
    parser.add_argument("gold", metavar="GOLD")
    parser.add_argument("system", metavar="SYSTEM")
    parser.add_argument("--json", action="store_true", help="print the result as one JSON object")
    parser.add_argument("--html", metavar="OUT", help="also write a self-contained HTML report to OUT")


def run(args: argparse.Namespace) -> int:
    """Evaluate and print one line of counts (or the JSON)."""
    result = evaluate_bytes(read_bytes(args.gold), read_bytes(args.system), args.gold, args.system)
    if args.html:
        from jpcore.reports import inputs_from_paths, write_html

        write_html(result, args.html, inputs_from_paths(("gold", args.gold), ("system", args.system)))
    if args.json:
        write_json(result.to_dict())
    else:
        totals = result.totals
        sys.stdout.write(f"equal {totals['equal']} of {totals['gold']} gold and {totals['system']} system characters\n")
    return 0
