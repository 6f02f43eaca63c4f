"""``python -m jpcore parseval GOLD SYSTEM [--evalb [PRM_FILE|collins]] [-c N|--cutoff N] [-e N] [--json]``.

Without ``--evalb`` (alignment mode, the default; :mod:`jpcore.parseval`)
the trees are read tolerantly, sentences and words are aligned, and EVALB's
table and summary are printed with one row per aligned pair; ``--json``
prints the result object instead (pairs with their gold and system lines,
word units and every constituent with its status; recall, precision and f1
in percent, ``"score_scale": "percent"``, as in legacy mode).  ``-c N`` /
``--cutoff N`` sets the cut-off length in gold tokens (default 40).  Bad
input (unbalanced brackets, a word outside a bracket, bytes that are not
UTF-8, an unreadable file) is one line on stderr naming the file and line,
exit status 2.  EVALB's ``-e`` and ``-d``/``-D`` only mean something in
legacy mode and are ignored here.  ``--html OUT`` also writes the
self-contained HTML report (:mod:`jpcore.reports`); it is refused (status
2) in legacy mode, and so are ``--compare``, ``--oracle`` and ``--by-shape``
(:mod:`jpcore.extras`; EVALB's rows are its lines, there is nothing to align).

With ``--evalb`` (legacy mode) this is EVALB (2006 ``evalb.c``): identical
stdout, stderr and exit status, options read as EVALB reads them, left to
right (:mod:`jpcore.peers.evalb.command`); EVALB's own ``-p FILE`` also selects
legacy mode, ``-d``/``-D`` set DEBUG 1/2.  ``--json`` prints the result object
instead of the table (EVALB's stderr and status unchanged).  ``--cutoff N`` is
accepted as a synonym of ``-c N`` in both modes.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import Any
from dataclasses import replace
from pathlib import Path

from jpcore.extras import options as extra_options
from jpcore.output import keep, write_json
from jpcore.errors import exit_status, print_error
from jpcore.peers.evalb.params import EvalbParams

PROG = "jpcore parseval"
#: The subcommand's help line.
SUMMARY = "PARSEVAL on constituency trees (jp-evalb)"
HTML_LEGACY = "--html: the HTML report is only available in alignment mode (without --evalb or -p)"
EXTRAS_LEGACY = ("{option}: only available in alignment mode (without --evalb or -p); EVALB's legacy mode "
                 "pairs line k with line k and aligns nothing")
#: The shared options (:mod:`jpcore.extras.options`) legacy mode refuses.
EXTRA_OPTIONS = ("--compare", "--oracle", "--by-shape", "--samples", "--seed", "--method", "--measure", "--rank",
                 "--table-format", "--review", "--write-corrected-gold", "--agreement", "--signature-only")
#: The measures ``--measure`` names (:data:`jpcore.stats.measures.PARSEVAL`).
MEASURES = ("brackets",)


def configure(parser: argparse.ArgumentParser) -> None:
    """Declare this command's arguments (used for help and alignment mode)."""
    parser.add_argument("gold", metavar="GOLD",
                        help="gold trees, bracketed (any layout; one per line for --evalb)")
    parser.add_argument("system", metavar="SYSTEM", help="system trees")
    parser.add_argument(
        "--evalb", nargs="?", const="", metavar="PRM_FILE|collins",
        help="EVALB legacy mode (byte-identical to evalb.c); optional parameter "
        "file or the 'collins' preset (COLLINS.prm)",
    )
    parser.add_argument("-p", dest="prm", metavar="PRM_FILE", help="EVALB's -p (implies --evalb)")
    parser.add_argument("-c", "--cutoff", dest="cutoff", type=int, metavar="N",
                        help="cut-off length in gold tokens (default 40)")
    parser.add_argument("-e", dest="max_error", type=int, metavar="N", help="EVALB's MAX_ERROR (legacy mode)")
    parser.add_argument("-d", dest="debug", action="store_const", const=1, help="EVALB DEBUG 1 (legacy mode)")
    parser.add_argument("-D", dest="debug", action="store_const", const=2, help="EVALB DEBUG 2 (legacy mode)")
    parser.add_argument("--json", action="store_true",
                        help="print the result as one JSON object (recall, precision, f1 in percent)")
    parser.add_argument("--html", metavar="OUT",
                        help="also write a self-contained HTML report to OUT (alignment mode only)")
    parser.add_argument("--agreement", action="store_true",
                        help="the two files are two annotators' (A = GOLD, B = SYSTEM): also print Cohen's kappa "
                             "of POS tags on the words aligned 1:1 and of bracket labels on the spans both have "
                             "(alignment mode); --json adds \"agreement\"")
    extra_options.configure(parser, measures=MEASURES, default_measure="brackets", unit="trees")


def run(args: argparse.Namespace) -> int:
    """Run from parsed arguments (options applied in a fixed order).

    Alignment mode raises :class:`~jpcore.errors.InputError` for bad input
    (the caller prints it and exits 2); legacy mode returns EVALB's status.
    """
    if args.evalb is None and args.prm is None:
        return _run_alignment(args.gold, args.system, args.cutoff, args.json, args.html, args)
    if args.html:
        return print_error(PROG, HTML_LEGACY)
    if extra_options.requested(args) or args.agreement or args.signature_only:
        return print_error(PROG, EXTRAS_LEGACY.format(
            option="--compare, --oracle, --by-shape, --rank, --table-format, --review, --agreement, --signature-only"))
    from jpcore.peers.evalb import command as evalb_command  # legacy mode only (alignment mode never needs it)

    params = EvalbParams()
    for source in (args.evalb, args.prm):
        if source:
            params = evalb_command.apply_params(params, source)
            if params is None:
                return 1
    if args.cutoff is not None:
        params = replace(params, cutoff_len=args.cutoff)
    if args.max_error is not None:
        params = replace(params, max_error=args.max_error)
    if args.debug is not None:
        params = replace(params, debug=args.debug)
    return evalb_command.run(args.gold, args.system, params, args.json)


def main(argv: Sequence[str]) -> int:
    """Entry point used by :mod:`jpcore.cli`: EVALB-style options in legacy mode."""
    argv = list(argv)
    if not _is_legacy(argv) or any(a in ("-h", "--help") for a in argv):
        return _argparse_main(argv)
    if any(a == "--html" or a.startswith("--html=") for a in argv):
        return print_error(PROG, HTML_LEGACY)
    for option in EXTRA_OPTIONS:
        if any(a == option or a.startswith(option + "=") for a in argv):
            return print_error(PROG, EXTRAS_LEGACY.format(option=option))
    from jpcore.peers.evalb import command as evalb_command  # legacy mode only

    return evalb_command.main(argv, PROG)


# --------------------------------------------------------------------------


def _argparse_main(argv: list[str]) -> int:
    """Parse as ``jpcore parseval ...`` (same usage and messages as the top-level parser)."""
    parser = argparse.ArgumentParser(prog="jpcore")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    configure(commands.add_parser("parseval", help=SUMMARY, description=SUMMARY))
    try:
        args = parser.parse_args(["parseval", *argv])
    except SystemExit as stop:
        return int(stop.code or 0)
    return exit_status(PROG, lambda: run(args))


def alignment_evaluator(gold_path: str, cutoff: int | None) -> Callable[[str], Any]:
    """Alignment mode's evaluation of any system file against ``gold_path`` (read once) with the
    cut-off ``cutoff`` (``None``: the default): what the command, its extra system files and
    :func:`jpcore.evaluate` run."""
    from jpcore.parseval.evaluation import DEFAULT_CUTOFF, evaluate_bytes

    gold_data = Path(gold_path).read_bytes()
    cutoff_len = DEFAULT_CUTOFF if cutoff is None else cutoff

    def evaluate_system(path: str) -> Any:
        return evaluate_bytes(gold_data, Path(path).read_bytes(), gold_name=gold_path, sys_name=path,
                              cutoff_len=cutoff_len)

    return evaluate_system


def evaluator(args: argparse.Namespace) -> Callable[[str], Any]:
    """:func:`alignment_evaluator` of ``args`` (alignment mode; ``ValueError`` in legacy mode)."""
    if args.evalb is not None or args.prm is not None:
        raise ValueError("EVALB's legacy mode (--evalb, -p) is a command-line mode: it aligns nothing")
    return alignment_evaluator(args.gold, args.cutoff)


def _run_alignment(gold_path: str, sys_path: str, cutoff: int | None, as_json: bool,
                   html: str | None = None, args: argparse.Namespace | None = None) -> int:
    """Alignment mode: read both files, align, score, print (and write ``--html OUT``);
    ``args`` may ask for :mod:`jpcore.extras`' blocks."""
    # here, not at the top: legacy mode (the EVALB peer) never loads the alignment
    from jpcore.parseval.evaluation import DEFAULT_CUTOFF, evaluate_files, render_report
    from jpcore.signature import for_run, text_line

    signature = for_run("parseval", signed_options(args, cutoff), {"gold": gold_path, "sys": sys_path})
    if args is not None and args.signature_only:
        sys.stdout.write(signature + "\n")
        return 0
    extras = None
    if args is None or not extra_options.requested(args):
        # nothing else reads the files: their bytes go as soon as their trees are read
        result = evaluate_files(gold_path, sys_path, cutoff_len=DEFAULT_CUTOFF if cutoff is None else cutoff)
        keep(result)
    else:
        from jpcore.extras.command import run_extras

        evaluate_system = alignment_evaluator(gold_path, cutoff)
        result = evaluate_system(sys_path)
        keep(result)
        extras = run_extras(args, result, evaluate_system, system=sys_path, noun="trees", gold=gold_path)
    if html:
        from jpcore.reports import inputs_from_paths, write_html

        compared = extras.comparison if extras is not None else None
        write_html(result, html, inputs_from_paths(("gold", gold_path), ("system", sys_path)), comparison=compared,
                   extra_sections=extras.sections() if extras is not None else (), signature=signature)
    agreement = None
    if args is not None and args.agreement:
        from jpcore.parseval.agreement import annotator_agreement

        agreement = annotator_agreement(result)
    if as_json:
        data = result.to_dict()
        if extras is not None:
            data.update(extras.json())
        if agreement is not None:
            data["agreement"] = agreement.to_dict()
        data["signature"] = signature
        write_json(data)
    elif extras is not None and extras.replaces_report():
        sys.stdout.write(extras.tables())
    else:
        sys.stdout.write(render_report(result))
        if extras is not None:
            sys.stdout.write(extras.text())
        if agreement is not None:
            from jpcore.stats.agreement import render_agreement

            sys.stdout.write("\n" + render_agreement(agreement))
        sys.stdout.flush()
        sys.stderr.write(text_line(signature))
    return 0


def signed_options(args: argparse.Namespace | None, cutoff: int | None = None) -> argparse.Namespace:
    """The options of an alignment-mode run as its signature names them: the mode and
    the cut-off in force (``cutoff``, else ``args.cutoff``; EVALB's options are legacy
    mode's; the rest as given)."""
    from jpcore.parseval.evaluation import DEFAULT_CUTOFF

    cutoff = cutoff if cutoff is not None else getattr(args, "cutoff", None)
    given = {} if args is None else {name: value for name, value in vars(args).items()
                                     if name not in ("evalb", "prm", "cutoff", "max_error", "debug")}
    return argparse.Namespace(mode="alignment", cutoff=DEFAULT_CUTOFF if cutoff is None else cutoff, **given)


def _is_legacy(argv: list[str]) -> bool:
    return any(a == "--evalb" or a.startswith("--evalb=") or a.startswith("-p") for a in argv)
