"""``python -m jpcore gec -hyp SYSTEM_M2 -ref GOLD_M2 [errant_compare's flags] [ours] [--json]``,
or ``-orig SYS_SOURCE.txt -cor SYS_CORRECTED.txt`` instead of ``-hyp``.

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

With ``-orig SYS_SOURCE.txt -cor SYS_CORRECTED.txt`` (one sentence per line,
the system's own segmentation, line-parallel with each other but not with
gold) the system's edits are extracted line by line
(:func:`jpcore.gec.m2_from_text`; ``--annotator rules``, the default, needs
no model and types edits coarsely, which a note on stderr says;
``--annotator errant`` uses errant and a spaCy English pipeline where
installed), ``--write-hyp OUT.m2`` writes them as M2, and that M2 is scored
as ``-hyp`` would be.  Files of uneven line counts are refused naming both
counts (status 2), never truncated.  ``--json`` then adds
``"hyp_from_text"``: both file names, the annotator and what its types are.

``--compare HYP_B``, ``--oracle HYP_ON_GOLD_SENTENCES`` (M2 files) and
``--by-shape`` are :mod:`jpcore.extras`' (after errant's report; stdout
holds errant's report alone without them).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from jpcore.errors import print_error
from jpcore.extras import options as extra_options
from jpcore.output import keep, write_bytes, write_json
from jpcore.formats.textio import read_bytes
from jpcore.gec.evaluate import evaluate_bytes
from jpcore.gec.options import ANNOTATORS, DEFAULT_ALPHA, NOOP_RULES, GecOptions
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
    parser.add_argument("-hyp", metavar="SYSTEM_M2", help="hypothesis (system) M2 file (or -orig and -cor)")
    parser.add_argument("-ref", required=True, metavar="GOLD_M2", help="reference (gold) M2 file")
    parser.add_argument("-orig", metavar="SYS_SOURCE.txt",
                        help="the text the system corrected, one sentence per line (with -cor, instead of -hyp)")
    parser.add_argument("-cor", metavar="SYS_CORRECTED.txt",
                        help="the system's corrected text, line-parallel with -orig (with -orig, instead of -hyp)")
    parser.add_argument("--annotator", choices=ANNOTATORS, default="rules",
                        help="how -orig/-cor edits are extracted and typed: rules (default; any language, no model, "
                             "coarse types) or errant (English; needs errant and a spaCy English pipeline)")
    parser.add_argument("--write-hyp", metavar="OUT_M2", help="write the M2 extracted from -orig/-cor to OUT_M2")
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
    extra_options.configure(parser, measures=MEASURES, default_measure="edits", system_b="HYP_B", unit="blocks")


#: The measures ``--measure`` names (:data:`jpcore.stats.measures.GEC`).
MEASURES = ("edits",)


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


PROG = "jpcore gec"
SOURCES = "give the system as -hyp SYSTEM_M2, or as -orig SYS_SOURCE.txt -cor SYS_CORRECTED.txt"


def _system_source(args: argparse.Namespace) -> str | None:
    """What is wrong with how the system was given (``None`` when nothing is)."""
    text = args.orig is not None or args.cor is not None
    if args.hyp is not None and text:
        return f"-hyp cannot be combined with -orig/-cor: {SOURCES}"
    if args.hyp is None and not (args.orig is not None and args.cor is not None):
        missing = "-cor" if args.orig is not None else "-orig" if args.cor is not None else "-hyp"
        return f"{missing} is missing: {SOURCES}"
    if args.write_hyp and not text:
        return "--write-hyp writes the M2 extracted from -orig/-cor: it needs them"
    return None


def system_from_text(args: argparse.Namespace) -> tuple[bytes, str, dict[str, str]]:
    """The system's M2 extracted from ``-orig``/``-cor`` (written to ``--write-hyp``), its name,
    and what ``--json`` says of it (``"hyp_from_text"``)."""
    from jpcore.formats.m2 import dumps_m2
    from jpcore.gec.from_text import annotator_note, m2_from_text

    document = m2_from_text(read_bytes(args.orig), read_bytes(args.cor), args.orig, args.cor, args.annotator)
    data = dumps_m2(document).encode("utf-8")
    if args.write_hyp:
        Path(args.write_hyp).write_bytes(data)
    return data, args.cor, {"orig": args.orig, "cor": args.cor, "annotator": args.annotator,
                            "types": annotator_note(args.annotator)}


def run(args: argparse.Namespace) -> int:
    """Align when needed, score and print (bad input raises InputError: status 2)."""
    problem = _system_source(args)
    if problem is not None:
        return print_error(PROG, problem)
    options = options_from_args(args)
    gec_options = gec_options_from_args(args)
    from_text = None
    if args.hyp is not None:
        sys_data, sys_name = read_bytes(args.hyp), args.hyp
    else:
        sys_data, sys_name, from_text = system_from_text(args)
    gold_data = read_bytes(args.ref)
    result = evaluate_bytes(gold_data, sys_data, args.ref, sys_name, options, gec_options)
    keep(result)
    extras = None
    if extra_options.requested(args):
        from jpcore.extras.command import run_extras

        def evaluate_other(path: str) -> GecResult:
            return evaluate_bytes(gold_data, read_bytes(path), args.ref, path, options, gec_options)

        extras = run_extras(args, result, evaluate_other, system=sys_name, noun="blocks", gold=args.ref)
    if args.write_aligned:
        write_aligned(result, args.write_aligned)
    if args.html:
        from jpcore.reports import inputs_from_paths, write_html

        write_html(result, args.html, inputs_from_paths(("system", sys_name), ("gold", args.ref)),
                   extra_sections=extras.sections() if extras is not None else ())
    if args.json:
        data = result.to_dict()
        if from_text is not None:
            data["hyp_from_text"] = from_text
        if extras is not None:
            data.update(extras.json())
        write_json(data)
    else:
        write_bytes(render_output(result.errant).encode("utf-8"))
        if extras is not None:
            write_bytes(extras.text().encode("utf-8"))
    if from_text is not None:
        print(f"jpcore gec: note: {from_text['types']}", file=sys.stderr)
    for note in result.notes:
        print(f"jpcore gec: note: {note}", file=sys.stderr)
    return 0
