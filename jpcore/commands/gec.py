"""``python -m jpcore gec -hyp SYSTEM_M2 -ref GOLD_M2 [errant_compare's flags] [--json]``.

Without ``--json`` it prints exactly what ``errant_compare`` (errant 3.0.2)
prints for the same flags; with ``--json`` one JSON object whose
``"totals"`` is ``{"tp","fp","fn","precision","recall","f"}`` followed by
per-sentence detail (:meth:`ErrantResult.to_dict`).

The sentence-alignment layer (spec gec.md §2) is not built yet: files with
the same number of blocks are scored block by block like errant_compare;
files whose block counts differ are refused with one line and status 2.
"""

from __future__ import annotations

import argparse
import json
import sys

from jpcore.formats.m2 import read_m2
from jpcore.tasks.errant_compare import ErrantOptions, render_output, score

NOOP_RULES = ("keep", "jp")


def configure(parser: argparse.ArgumentParser) -> None:
    """Declare errant_compare's arguments plus ours."""
    parser.add_argument("-hyp", required=True, metavar="SYSTEM_M2", help="hypothesis (system) M2 file")
    parser.add_argument("-ref", required=True, metavar="GOLD_M2", help="reference (gold) M2 file")
    parser.add_argument("-b", "--beta", type=float, default=0.5, help="F-score beta (default 0.5)")
    parser.add_argument("-v", "--verbose", action="store_true", help="print per-sentence detail")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("-dt", action="store_true", help="token-based detection")
    mode.add_argument("-ds", action="store_true", help="span-based detection")
    mode.add_argument("-cs", action="store_true", help="span-based correction (default)")
    mode.add_argument("-cse", action="store_true", help="span-based correction + classification")
    parser.add_argument("-single", action="store_true", help="only single-token edits")
    parser.add_argument("-multi", action="store_true", help="only multi-token edits")
    parser.add_argument("-filt", nargs="+", default=[], metavar="TYPE", help="ignore these error types")
    parser.add_argument("-cat", type=int, choices=[1, 2, 3], help="per-category table: 1 M/R/U, 2 types, 3 full types")
    parser.add_argument("--json", action="store_true", help="print the result as one JSON object")
    parser.add_argument(
        "--noop-rule", choices=NOOP_RULES, default="keep",
        help="noop lines in merged blocks (alignment layer): keep (default) or jp",
    )
    parser.add_argument(
        "--write-aligned", metavar="OUT_PREFIX",
        help="write the aligned hypothesis and reference M2 files (alignment layer)",
    )


def options_from_args(args: argparse.Namespace) -> ErrantOptions:
    """The scorer options for parsed command-line arguments."""
    mode = "dt" if args.dt else "ds" if args.ds else "cse" if args.cse else "cs"
    return ErrantOptions(
        beta=args.beta, mode=mode, single=args.single, multi=args.multi,
        filt=tuple(args.filt), cat=args.cat, verbose=args.verbose,
    )


def run(args: argparse.Namespace) -> int:
    """Score and print; 2 when the files cannot be scored block by block."""
    options = options_from_args(args)
    if args.write_aligned:
        print("jpcore gec: --write-aligned needs the alignment layer, which is not built yet", file=sys.stderr)
        return 2
    hyp = read_m2(args.hyp)
    ref = read_m2(args.ref)
    if len(hyp.blocks) != len(ref.blocks):
        print(
            f"jpcore gec: sentence counts differ ({len(hyp.blocks)} vs {len(ref.blocks)}); "
            "the alignment layer is not built yet",
            file=sys.stderr,
        )
        return 2
    result = score(hyp, ref, options)
    if args.json:
        data = result.to_dict()
        data["noop_rule"] = args.noop_rule  # recorded; it acts only on merged blocks
        text = json.dumps(data, ensure_ascii=False) + "\n"
    else:
        text = render_output(result)
    sys.stdout.flush()
    sys.stdout.buffer.write(text.encode("utf-8"))
    sys.stdout.flush()
    return 0
