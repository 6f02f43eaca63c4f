"""``python -m jpcore ud GOLD.conllu SYSTEM.conllu``: every CoNLL 2018 UD metric.

Prints ``conll18_ud_eval.py --verbose``'s table (``--counts``: its counts
table), or with ``--json`` the whole result (:meth:`jpcore.ud.UdResult.to_dict`).
``--html OUT`` also writes the self-contained HTML report
(:mod:`jpcore.ud.html`); what is printed does not change.
"""

from __future__ import annotations

import argparse
import json
import sys

from jpcore.formats.textio import read_bytes
from jpcore.runtime import gc_paused
from jpcore.ud import evaluate_bytes, render_text


def configure(parser: argparse.ArgumentParser) -> None:
    """Declare the arguments of ``ud``."""
    parser.add_argument("gold", metavar="GOLD", help="gold CoNLL-U file")
    parser.add_argument("system", metavar="SYSTEM", help="system CoNLL-U file")
    parser.add_argument("--json", action="store_true", help="print the whole result as one JSON object")
    parser.add_argument("--counts", action="store_true",
                        help="print correct / gold / predicted / aligned counts instead of percentages "
                             "(conll18_ud_eval.py --counts)")
    parser.add_argument("--strict", action="store_true",
                        help="refuse files whose characters differ, naming the first difference (as conll18 does)")
    parser.add_argument("--html", metavar="OUT", help="also write a self-contained HTML report to OUT")


def run(args: argparse.Namespace) -> int:
    """Evaluate and print the table (or JSON)."""
    result = evaluate_bytes(read_bytes(args.gold), read_bytes(args.system), args.gold, args.system,
                            strict=args.strict)
    if args.html:
        from jpcore.reports.provenance import inputs_from_paths
        from jpcore.reports import write_html

        write_html(result, args.html, inputs_from_paths(("gold", args.gold), ("system", args.system)))
    if args.json:
        # one string from the C encoder (json.dump encodes in Python, a write per piece: 6x slower);
        # millions of fresh containers: no cyclic collection while they are built
        with gc_paused():
            text = json.dumps(result.to_dict(), ensure_ascii=False)
        sys.stdout.write(text + "\n")
    else:
        sys.stdout.write(render_text(result, counts=args.counts))
    return 0
