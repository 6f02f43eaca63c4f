"""``python -m jpcore ud GOLD.conllu SYSTEM.conllu``: every CoNLL 2018 UD metric.

Prints ``conll18_ud_eval.py --verbose``'s table (``--counts``: its counts
table), or with ``--json`` the whole result (:meth:`jpcore.ud.UdResult.to_dict`).
``--html OUT`` also writes the self-contained HTML report
(:mod:`jpcore.ud.html`); what is printed does not change.  ``--compare``,
``--oracle`` and ``--by-shape`` are :mod:`jpcore.extras`' (after the table;
``--measure`` picks the metric ``--compare`` tests, LAS by default).
"""

from __future__ import annotations

import argparse
import json
import sys

from jpcore.extras import options as extra_options
from jpcore.formats.textio import read_bytes
from jpcore.runtime import gc_paused
from jpcore.ud import METRICS, evaluate_bytes, render_text


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
    extra_options.configure(parser, measures=METRICS, default_measure="LAS")


def run(args: argparse.Namespace) -> int:
    """Evaluate and print the table (or JSON)."""
    gold_data = read_bytes(args.gold)
    result = evaluate_bytes(gold_data, read_bytes(args.system), args.gold, args.system, strict=args.strict)
    extras = None
    if extra_options.requested(args):
        from jpcore.extras.command import run_extras

        def evaluate_other(path: str):
            return evaluate_bytes(gold_data, read_bytes(path), args.gold, path, strict=args.strict)

        extras = run_extras(args, result, evaluate_other, system=args.system, noun="sentences", gold=args.gold)
    if args.html:
        from jpcore.reports.provenance import inputs_from_paths
        from jpcore.reports import write_html

        write_html(result, args.html, inputs_from_paths(("gold", args.gold), ("system", args.system)),
                   extra_sections=extras.sections() if extras is not None else ())
    if args.json:
        # one string from the C encoder (json.dump encodes in Python, a write per piece: 6x slower);
        # millions of fresh containers: no cyclic collection while they are built
        with gc_paused():
            data = result.to_dict()
            if extras is not None:
                data.update(extras.json())
            text = json.dumps(data, ensure_ascii=False)
        sys.stdout.write(text + "\n")
    else:
        sys.stdout.write(render_text(result, counts=args.counts))
        if extras is not None:
            sys.stdout.write(extras.text())
    return 0
