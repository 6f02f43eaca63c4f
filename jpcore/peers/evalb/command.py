"""EVALB's own command line: options read left to right, files, messages and status as ``evalb.c``.

Contract: :func:`main` takes the arguments after ``jpcore parseval`` in legacy
mode (``--evalb [PRM_FILE|collins]``, ``-p FILE``, ``-c N``/``--cutoff N``,
``-e N``, ``-d``/``-D``, ``--json``, GOLD, SYSTEM) and returns EVALB's exit
status, having written EVALB's stdout and stderr.  Options apply in the order
given, so ``-e 5 --evalb x.prm`` lets the file's MAX_ERROR win and
``--evalb x.prm -e 5`` does not.  ``--evalb`` takes a value when it is
``collins`` (the COLLINS.prm preset; write ``./collins`` for a file of that
name) or when three file names follow.  Unreadable files give EVALB's messages
("Can't open gold file (NAME)") and status 1; usage errors are one line
``PROG: error: ...``, status 2.  :func:`run` is the run itself (from
:class:`~jpcore.peers.evalb.params.EvalbParams` already built, e.g. by argparse)
and :func:`apply_params` one parameter file or preset with EVALB's warnings.
"""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path
from typing import TextIO

from jpcore.output import keep
from jpcore.errors import print_error
from jpcore.peers.evalb.legacy import evaluate, iter_messages, iter_report
from jpcore.peers.evalb.params import PRESETS, EvalbParams, c_atoi, parse_prm, preset

__all__ = ["apply_params", "main", "run"]


def apply_params(params: EvalbParams, source: str) -> EvalbParams | None:
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


def main(argv: list[str], prog: str) -> int:
    """Parse EVALB-style options left to right, then :func:`run` (see the module doc)."""
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
                applied = apply_params(params, value)
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
                return print_error(prog, "argument -c/--cutoff: expected one argument")
            params = replace(params, cutoff_len=c_atoi(value))
        elif token.startswith("--"):
            return print_error(prog, f"unrecognized arguments: {token}")
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
                    applied = apply_params(params, value)
                    if applied is None:
                        return 1
                    params = applied
            else:
                return print_error(prog, f"unrecognized arguments: {token}")
        else:
            files.append(token)
        i += 1
    if len(files) < 2:
        return print_error(prog, "legacy mode needs GOLD and SYSTEM files")
    if len(files) > 2:
        return print_error(prog, f"unrecognized arguments: {' '.join(files[2:])}")
    return run(files[0], files[1], params, as_json)


def run(gold_path: str, sys_path: str, params: EvalbParams, as_json: bool) -> int:
    """Run EVALB on two files: its stderr and stdout (or ``--json``, the result object); its status."""
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
        import json  # only here: the table's run does not pay for it (about 3 ms)

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
