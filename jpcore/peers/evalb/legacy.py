"""EVALB legacy mode: the 2006 ``evalb.c`` reimplemented, byte for byte.

Contract: :func:`evaluate` takes the gold and system files as bytes plus
:class:`~jpcore.peers.evalb.params.EvalbParams` and returns an :class:`EvalbResult`
(one row per line pair with its counts, EVALB's stderr messages, whether the
run was aborted, the exit status).  :func:`render_report` and
:func:`render_messages` turn a result into EVALB's exact stdout and stderr.
Nothing here aligns anything: lines are paired by number, as in EVALB.

This module is EVALB's main loop; the pieces live beside it, one concept
each: :mod:`~jpcore.peers.evalb.result` (result objects),
:mod:`~jpcore.peers.evalb.reader` (reading a line),
:mod:`~jpcore.peers.evalb.quote` (the quote repair),
:mod:`~jpcore.peers.evalb.calc` (scoring a pair) and
:mod:`~jpcore.peers.evalb.report` (EVALB's text).  The public names are
re-exported here.

Speed: the common line pairs (no error, no quote repair, words equal as
bytes, not too deep) are read and scored in C, by the optional extension
module ``_fastlines`` (its source's opening comment states its rules); it
says "not mine" for every other pair, which the Python path below then reads
and scores as always.  ``evaluate(..., use_accelerator=False)`` runs the
Python path alone; the tests hold the two equal.

Reading follows EVALB's own flat rules (spec §1), not a tree library: ``(``
opens a node whose label runs to the next whitespace or bracket; a label
followed by whitespace, a word and ``)`` is a terminal; a word followed by
anything else is "More than two elements in a bracket"; any stray character
is "Reading sentence", which EVALB repeats without advancing until MAX_ERROR
is exceeded (so it always ends the run with status 1, as here).  Bytes are
compared as bytes; whitespace is C ``isspace`` in the "C" locale.

Beyond EVALB's limits (byte-exactness is only claimed inside them):

* **Line length.**  EVALB reads lines with ``fgets(buff, 5000)``: a line of
  more than 4,999 bytes (newline included) is cut there, the rest is read as
  the next line, and the label reader runs past the end of its buffer
  (undefined behaviour; with gcc 12 it ends in "More than two elements in a
  bracket" and a run of "Reading sentence" errors, exit 1).  We read every
  line whole and score it like any other line.
* **Sentence size.**  EVALB has fixed arrays of 200 words, 200 brackets, 20
  quote terminals, 30-byte labels and 100-byte words and overruns them.  We
  have no such limits.
* **End of string inside a label or word** (a line ending in ``(X``,
  ``(X `` or ``(X w`` with no newline, or in ``(X`` followed only by
  whitespace and its newline): EVALB reads past the string, into whatever an
  earlier, longer line left in its buffer.  We treat the end of the line as a
  terminator: ``(X`` / ``(X `` open a bracket (the line is then unbalanced),
  ``(X w`` is "More than two elements in a bracket".
* **Surplus ``)``.**  EVALB then pops an empty stack and reads ``stack[-1]``,
  outside its array.  Built with gcc 12 on x86-64, the four ints below
  ``stack`` are alignment padding: zero at start, written by pushes made at a
  negative depth, never reset (not even between lines).  We emulate exactly
  that (so a surplus ``)`` with a fresh padding closes bracket 0 again, as
  EVALB does), keep EVALB's bookkeeping (the depth goes negative; a second
  surplus ``)`` in a row prints "Bracketing unbalance (too many close
  bracket)"; a non-zero final depth prints "Bracketing is unbalanced (too many
  open bracket)"), and ignore pops and pushes more than four below the stack
  (EVALB overwrites its own globals there).  Unclosed brackets keep end -1.
* **NUL bytes** are read as EVALB reads them: ``fgets`` keeps them; the
  main loop stops at one that stands where a token would start (the rest of
  the line is ignored); inside a label or a word the scan goes on past it
  but the value, a C string, ends there (``(PRP I\0t)`` is the word ``I``).
  (With DEBUG, EVALB prints gold excerpts from a ``strcpy`` copy of the line
  that ends at the first NUL; we print them from the whole line.)
* **DEBUG output** (``DEBUG 1``/``-d``, ``DEBUG 2``/``-D``) is reproduced,
  including the excerpts of unclosed brackets, which EVALB takes up to an end
  position left over from an earlier line (kept per side, as EVALB does);
  where that position lies before the start EVALB crashes, we print the rest
  of the line.
"""

from __future__ import annotations

import gc

from jpcore.peers.evalb.calc import calc, calc_traced
from jpcore.peers.evalb.params import EvalbParams
from jpcore.peers.evalb.reader import (
    Abort,
    ErrorCounter,
    EvalbConfig,
    as_text,
    read_line,
    read_line_fast,
    stack_padding,
)
from jpcore.peers.evalb.report import (
    iter_messages,
    iter_report,
    render_messages,
    render_report,
    render_row,
    render_totals,
)
from jpcore.peers.evalb.result import EvalbMessage, EvalbResult, EvalbRow, EvalbSummary

try:  # the C accelerator for the common line pairs (setup.py builds it; optional)
    import jpcore.peers.evalb._fastlines as _fastlines
except ImportError:  # not built here: the Python path does every pair
    _fastlines = None

__all__ = [
    "EvalbMessage",
    "EvalbResult",
    "EvalbRow",
    "EvalbSummary",
    "evaluate",
    "iter_messages",
    "iter_report",
    "render_messages",
    "render_report",
    "render_row",
    "render_totals",
]


def _lines(data: bytes) -> list[bytes]:
    """Lines as fgets returns them (with the newline; the last may lack one;
    NUL bytes kept, see the module doc)."""
    parts = data.split(b"\n")
    lines = [part + b"\n" for part in parts[:-1]]
    if parts[-1]:
        lines.append(parts[-1])
    return lines


def evaluate(
    gold_data: bytes, test_data: bytes, params: EvalbParams, *, use_accelerator: bool = True,
) -> EvalbResult:
    """Run EVALB over two files' bytes; never raises on bad trees (EVALB reports them).

    With ``use_accelerator`` (and the C module built), the common line pairs
    are read and scored in C (:mod:`jpcore.peers.evalb._fastlines`) and the
    rest by the Python path; ``False`` runs the Python path alone.  Both give
    the same result (tests/test_evalb_fastlines.py).
    """
    # Many small lists, no reference cycles: keep the cyclic collector out.
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _evaluate(gold_data, test_data, params, use_accelerator)
    finally:
        if collecting:
            gc.enable()


def _report_extra_test_lines(errors: ErrorCounter, n_gold: int, n_test: int) -> None:
    """EVALB's error after the last gold line when the test file has more lines."""
    if n_test > n_gold:
        errors.line = n_gold + 1
        errors.report("Number of lines unmatch (too many lines in test file)\n")


def _evaluate(gold_data: bytes, test_data: bytes, params: EvalbParams, use_accelerator: bool) -> EvalbResult:
    result = EvalbResult(params)
    cfg = EvalbConfig(params)
    errors = ErrorCounter(params.max_error, result.messages)
    rows = result.rows
    # fast[i]: line pair i + 1 scored in C, or None where Python must
    fast: list[tuple | None] = []
    if use_accelerator and _fastlines is not None and cfg.accelerator is not None:
        fast, n_gold, n_test = _fastlines.score_lines(gold_data, test_data, cfg.accelerator)
        if n_gold <= n_test and None not in fast:  # every pair done in C: no line list needed
            rows.extend([EvalbRow(i, *row) for i, row in enumerate(fast, start=1)])
            try:
                _report_extra_test_lines(errors, n_gold, n_test)
            except Abort:  # MAX_ERROR below zero
                result.aborted = True
            return result
    gold_lines = _lines(gold_data)
    test_lines = _lines(test_data)
    debug = params.debug
    pending: list[bytes] = []
    dbg = pending if debug > 1 else None
    below = stack_padding()
    gold_buf_ends: list[int] | None = [] if dbg is not None else None
    test_buf_ends: list[int] | None = [] if dbg is not None else None
    n_fast = len(fast)
    try:
        for line_no, gold_line in enumerate(gold_lines, start=1):
            if line_no <= n_fast:
                row = fast[line_no - 1]
                if row is not None:
                    rows.append(EvalbRow(line_no, *row))
                    continue
            errors.line = line_no
            errors.status = 0
            pending.clear()
            gold = None if dbg is not None else read_line_fast(gold_line, cfg, errors)
            if gold is None:
                gold = read_line(gold_line, cfg, errors, dbg, below, gold_buf_ends)
            if line_no > len(test_lines):
                errors.report("Number of lines unmatch (too many lines in gold file)\n")
                break
            test_line = test_lines[line_no - 1]
            test = None if dbg is not None else read_line_fast(test_line, cfg, errors)
            if test is None:
                test = read_line(test_line, cfg, errors, dbg, below, test_buf_ends)
            if debug >= 1:
                row, after = calc_traced(gold, test, cfg, errors, line_no, dbg)
                row.debug_before = as_text(b"".join(pending))
                row.debug_after = as_text(after)
                pending.clear()
            else:
                row = calc(gold, test, cfg, errors, line_no)
            rows.append(row)
        else:
            _report_extra_test_lines(errors, len(gold_lines), len(test_lines))
    except Abort:
        result.aborted = True
    result.debug_tail = as_text(b"".join(pending))
    return result
