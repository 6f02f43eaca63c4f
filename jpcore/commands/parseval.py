"""``python -m jpcore parseval GOLD SYSTEM [--evalb [PRM_FILE|collins]] [-c N|--cutoff N] [-e N] [--json]``.

Without ``--evalb`` (alignment mode, the default; :mod:`jpcore.tasks.parseval`)
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
2) in legacy mode.

With ``--evalb`` (legacy mode) this is EVALB (2006 ``evalb.c``): identical
stdout, stderr and exit status.  Its options are read as EVALB reads them,
left to right, so ``-e 5 --evalb x.prm`` lets the file's MAX_ERROR win and
``--evalb x.prm -e 5`` does not.  ``--evalb`` takes a value when it is
``collins`` (the COLLINS.prm preset; write ``./collins`` for a file of that
name) or when three file names follow; EVALB's own ``-p FILE`` also selects
legacy mode, ``-d``/``-D`` set DEBUG 1/2.  Unreadable files give EVALB's
messages ("Can't open gold file (NAME)") and status 1; usage errors ours
(one line, status 2).  ``--json`` prints the result object instead of the
table (EVALB's stderr and status unchanged).  ``--cutoff N`` is accepted as
a synonym of ``-c N`` in both modes.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import TextIO

from jpcore.output import keep, write_json
from jpcore.errors import InputError
from jpcore.formats.prm import PRESETS, EvalbParams, c_atoi, parse_prm, preset
from jpcore.tasks import parseval
from jpcore.tasks.evalb_legacy import evaluate, iter_messages, iter_report

PROG = "jpcore parseval"
HTML_LEGACY = "--html: the HTML report is only available in alignment mode (without --evalb or -p)"


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


def run(args: argparse.Namespace) -> int:
    """Run from parsed arguments (options applied in a fixed order).

    Alignment mode raises :class:`InputError` for bad input (the caller
    prints it and exits 2); legacy mode returns EVALB's status.
    """
    if args.evalb is None and args.prm is None:
        return _run_alignment(args.gold, args.system, args.cutoff, args.json, args.html)
    if args.html:
        return _usage_error(HTML_LEGACY)
    params = EvalbParams()
    for source in (args.evalb, args.prm):
        if source:
            params = _apply_prm(params, source)
            if params is None:
                return 1
    if args.cutoff is not None:
        params = replace(params, cutoff_len=args.cutoff)
    if args.max_error is not None:
        params = replace(params, max_error=args.max_error)
    if args.debug is not None:
        params = replace(params, debug=args.debug)
    return _run_legacy(args.gold, args.system, params, args.json)


def main(argv: Sequence[str]) -> int:
    """Entry point used by :mod:`jpcore.cli`: EVALB-style options in legacy mode."""
    argv = list(argv)
    if not _is_legacy(argv) or any(a in ("-h", "--help") for a in argv):
        return _argparse_main(argv)
    return _legacy_main(argv)


# --------------------------------------------------------------------------


def _argparse_main(argv: list[str]) -> int:
    from jpcore.cli import build_parser  # cli imports this module

    try:
        args = build_parser(["parseval"]).parse_args(["parseval", *argv])
    except SystemExit as stop:
        return int(stop.code or 0)
    try:
        return run(args)
    except InputError as error:
        print(f"{PROG}: error: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        raise  # jpcore.cli ends quietly
    except OSError as error:
        name = getattr(error, "filename", None) or ""
        print(f"{PROG}: error: {name}: {error.strerror or error}", file=sys.stderr)
        return 2


def _run_alignment(gold_path: str, sys_path: str, cutoff: int | None, as_json: bool,
                   html: str | None = None) -> int:
    """Alignment mode: read both files, align, score, print (and write ``--html OUT``)."""
    result = parseval.evaluate_bytes(
        Path(gold_path).read_bytes(), Path(sys_path).read_bytes(), gold_name=gold_path,
        sys_name=sys_path, cutoff_len=parseval.DEFAULT_CUTOFF if cutoff is None else cutoff,
    )
    keep(result)
    if html:
        from jpcore.reports import inputs_from_paths, write_html

        write_html(result, html, inputs_from_paths(("gold", gold_path), ("system", sys_path)))
    if as_json:
        write_json(result.to_dict())
    else:
        sys.stdout.write(parseval.render_report(result))
        sys.stdout.flush()
    return 0


def _is_legacy(argv: list[str]) -> bool:
    return any(a == "--evalb" or a.startswith("--evalb=") or a.startswith("-p") for a in argv)


def _usage_error(message: str) -> int:
    print(f"{PROG}: error: {message}", file=sys.stderr)
    return 2


def _apply_prm(params: EvalbParams, source: str) -> EvalbParams | None:
    """Apply a preset or a parameter file; print EVALB's warnings; None if unreadable."""
    if source in PRESETS:
        return preset(source, params)
    try:
        data = Path(source).read_bytes()
    except OSError:
        sys.stderr.write(f"Can't open parameter file ({source})\n")
        return None
    params, warnings = parse_prm(data, params)
    for warning in warnings:
        sys.stderr.write(warning)
    return params


_MISSING = {
    "c": "cut-off length for statistices",
    "e": "number of error to kill",
    "p": "parameter file",
}


def _legacy_main(argv: list[str]) -> int:
    """Parse EVALB-style options left to right, then run."""
    if any(a == "--html" or a.startswith("--html=") for a in argv):
        return _usage_error(HTML_LEGACY)
    # Which tokens are values of -c/-e/-p given separately?
    positional = []
    i = 0
    while i < len(argv):
        token = argv[i]
        if token == "--cutoff" or (
            token.startswith("-") and not token.startswith("--") and len(token) == 2 and token[1] in "cep"
        ):
            i += 2
            continue
        if not token.startswith("-"):
            positional.append(i)
        i += 1
    params = EvalbParams()
    as_json = False
    files: list[str] = []
    i = 0
    while i < len(argv):
        token = argv[i]
        if token == "--json":
            as_json = True
        elif token == "--evalb" or token.startswith("--evalb="):
            if token.startswith("--evalb="):
                value: str | None = token[len("--evalb="):]
            else:
                value = None
                nxt = argv[i + 1] if i + 1 < len(argv) else None
                if nxt is not None and not nxt.startswith("-") and (
                    nxt in PRESETS or len(positional) >= 3
                ):
                    value = nxt
                    positional.remove(i + 1)
                    i += 1
            if value:
                applied = _apply_prm(params, value)
                if applied is None:
                    return 1
                params = applied
        elif token == "--cutoff" or token.startswith("--cutoff="):
            if token.startswith("--cutoff="):
                value = token[len("--cutoff="):]
            elif i + 1 < len(argv):
                i += 1
                value = argv[i]
            else:
                return _usage_error("argument -c/--cutoff: expected one argument")
            params = replace(params, cutoff_len=c_atoi(value))
        elif token.startswith("--"):
            return _usage_error(f"unrecognized arguments: {token}")
        elif token.startswith("-"):
            if len(token) == 1:  # EVALB ignores a lone "-"
                i += 1
                continue
            option = token[1]
            if option == "d":
                params = replace(params, debug=1)
            elif option == "D":
                params = replace(params, debug=2)
            elif option in "cep":
                if len(token) > 2:
                    value = token[2:]
                elif i + 1 < len(argv):
                    i += 1
                    value = argv[i]
                else:
                    sys.stderr.write(f"Missing argument: {_MISSING[option]}\n")
                    value = ""
                if option == "c":
                    params = replace(params, cutoff_len=c_atoi(value))
                elif option == "e":
                    params = replace(params, max_error=c_atoi(value))
                else:
                    applied = _apply_prm(params, value)
                    if applied is None:
                        return 1
                    params = applied
            else:
                return _usage_error(f"unrecognized arguments: {token}")
        else:
            files.append(token)
        i += 1
    if len(files) < 2:
        return _usage_error("legacy mode needs GOLD and SYSTEM files")
    if len(files) > 2:
        return _usage_error(f"unrecognized arguments: {' '.join(files[2:])}")
    return _run_legacy(files[0], files[1], params, as_json)


def _run_legacy(gold_path: str, sys_path: str, params: EvalbParams, as_json: bool) -> int:
    try:
        gold_data = Path(gold_path).read_bytes()
    except OSError:
        sys.stderr.write(f"Can't open gold file ({gold_path})\n")
        return 1
    try:
        sys_data = Path(sys_path).read_bytes()
    except OSError:
        sys.stderr.write(f"Can't open test file ({sys_path})\n")
        return 1
    result = evaluate(gold_data, sys_data, params)
    keep(result)
    for piece in iter_messages(result):
        _write(sys.stderr, piece)
    sys.stderr.flush()
    if as_json:  # indented, as it always was (EVALB's bytes may hold surrogate escapes)
        sys.stdout.write(json.dumps(result.to_dict(), indent=1) + "\n")
    else:
        _write(sys.stdout, "".join(iter_report(result)))
    sys.stdout.flush()
    return result.exit_status


def _write(stream: TextIO, piece: str) -> None:
    """Write EVALB's bytes unchanged (text holds raw bytes via surrogateescape)."""
    buffer = getattr(stream, "buffer", None)
    if buffer is None:
        stream.write(piece)
        return
    stream.flush()
    buffer.write(piece.encode("utf-8", "surrogateescape"))
