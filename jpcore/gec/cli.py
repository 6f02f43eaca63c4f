"""``python -m jpcore gec -hyp SYSTEM_M2 -ref GOLD_M2 [errant_compare's flags] [ours] [--json]``.

Without ``--json`` it prints exactly what ``errant_compare`` (errant 3.0.2)
prints for the same flags -- on the input files when their sentences agree,
else on the sentence-aligned files (spec gec.md §2, :mod:`jpcore.gec`),
which ``--write-aligned OUT_PREFIX`` writes as ``OUT_PREFIX.hyp.m2`` and
``OUT_PREFIX.ref.m2`` so that errant_compare itself gives the same report on
them.  With ``--json`` one JSON object whose ``"totals"`` is
``{"tp","fp","fn","precision","recall","f"}``, followed by the alignment
(``"noop_rule"``, ``"alpha"``, ``"alignment"``, ``"notes"``), the units and
the per-sentence detail (:meth:`GecResult.to_dict`).

When the files had to be aligned, what was done (and, for multi-annotator
files with merged units, why the figures are not strictly comparable to
errant's per-sentence ones) is written to stderr as ``jpcore gec: note:``
lines; stdout stays the errant-compatible report.  ``--strict`` refuses
files that would need aligning (status 2, naming the first differing
sentence: file, line, first differing characters).  ``--html OUT`` also
writes the self-contained HTML report (:mod:`jpcore.reports`).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from jpcore.output import keep, write_bytes, write_json
from jpcore.formats.textio import read_bytes
from jpcore.gec.evaluate import evaluate_bytes
from jpcore.gec.options import DEFAULT_ALPHA, NOOP_RULES, GecOptions
from jpcore.gec.result import GecResult
from jpcore.peers.errant_compare import ErrantOptions, render_output


def _alpha(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not 0.0 <= value <= 1.0:
        raise argparse.ArgumentTypeError(f"must be between 0 and 1, not {text}")
    return value


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
        help="noop lines in merged blocks: keep (default; every annotator keeps its 'no correction' "
             "option) or jp (drop them when the block has a real edit, as published)",
    )
    parser.add_argument(
        "--alpha", type=_alpha, default=DEFAULT_ALPHA, metavar="A",
        help=f"similarity threshold for sentences whose text differs (default {DEFAULT_ALPHA})",
    )
    parser.add_argument(
        "--strict", action="store_true",
        help="refuse files whose sentences differ instead of aligning them",
    )
    parser.add_argument(
        "--write-aligned", metavar="OUT_PREFIX",
        help="write the aligned files OUT_PREFIX.hyp.m2 and OUT_PREFIX.ref.m2 (re-score them with errant_compare)",
    )
    parser.add_argument("--html", metavar="OUT", help="also write a self-contained HTML report to OUT")


def options_from_args(args: argparse.Namespace) -> ErrantOptions:
    """The scorer options for parsed command-line arguments."""
    mode = "dt" if args.dt else "ds" if args.ds else "cse" if args.cse else "cs"
    return ErrantOptions(
        beta=args.beta, mode=mode, single=args.single, multi=args.multi,
        filt=tuple(args.filt), cat=args.cat, verbose=args.verbose,
    )


def gec_options_from_args(args: argparse.Namespace) -> GecOptions:
    """The alignment options for parsed command-line arguments."""
    return GecOptions(noop_rule=args.noop_rule, alpha=args.alpha, strict=args.strict)


def write_aligned(result: GecResult, prefix: str) -> tuple[Path, Path]:
    """Write ``PREFIX.hyp.m2`` and ``PREFIX.ref.m2``; return their paths."""
    gold_text, sys_text = result.aligned_m2()
    hyp_path, ref_path = Path(prefix + ".hyp.m2"), Path(prefix + ".ref.m2")
    hyp_path.write_bytes(sys_text.encode("utf-8"))
    ref_path.write_bytes(gold_text.encode("utf-8"))
    return hyp_path, ref_path


def run(args: argparse.Namespace) -> int:
    """Align when needed, score and print (bad input raises InputError: status 2)."""
    options = options_from_args(args)
    sys_data = read_bytes(args.hyp)
    gold_data = read_bytes(args.ref)
    result = evaluate_bytes(gold_data, sys_data, args.ref, args.hyp, options, gec_options_from_args(args))
    keep(result)
    if args.write_aligned:
        write_aligned(result, args.write_aligned)
    if args.html:
        from jpcore.reports import inputs_from_paths, write_html

        write_html(result, args.html, inputs_from_paths(("system", args.hyp), ("gold", args.ref)))
    if args.json:
        write_json(result.to_dict())
    else:
        write_bytes(render_output(result.errant).encode("utf-8"))
    for note in result.notes:
        print(f"jpcore gec: note: {note}", file=sys.stderr)
    return 0
