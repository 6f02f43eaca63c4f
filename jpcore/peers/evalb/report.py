"""EVALB's exact text: the table, the totals row, both summary blocks, stderr.

Contract: pure functions from result objects to ``str`` (bytes survive as
``surrogateescape`` text).  :func:`render_row` prints one row of EVALB's
table, :func:`render_summary` the rule, totals row and both summary blocks
from two :class:`~jpcore.peers.evalb.result.EvalbSummary` objects; legacy
mode (:func:`render_report`) and alignment mode
(:func:`jpcore.parseval.render_report`) both print through them, so
the layout exists once.
"""

from __future__ import annotations

import math
TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (jpcore.parseval.quick prints through here)
if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator

    from jpcore.peers.evalb.result import EvalbResult, EvalbRow
    from jpcore.peers.evalb.summary import EvalbSummary

__all__ = [
    "HEADER",
    "RULE",
    "format_score",
    "iter_messages",
    "iter_report",
    "render_block",
    "render_messages",
    "render_report",
    "render_row",
    "render_rows",
    "render_summary",
    "render_totals",
]

HEADER = (
    "  Sent.                        Matched  Bracket   Cross        Correct Tag\n"
    " ID  Len.  Stat. Recal  Prec.  Bracket gold test Bracket Words  Tags Accracy\n"
    "============================================================================\n"
)
RULE = "============================================================================\n"


def format_score(value: float) -> str:
    """printf("%6.2f"); glibc prints the NaN of 0.0/0.0 as -nan."""
    return "  -nan" if math.isnan(value) else "%6.2f" % value


#: One row of EVALB's table.  A row's rates are never NaN (0.0 without
#: brackets or words), so they need no :func:`format_score`: plain ``%6.2f``
#: (a fifth of the time of printing the table).
_ROW = "%4d  %3d    %d  %6.2f %6.2f   %3d    %3d  %3d    %3d   %4d  %4d   %6.2f\n"


def render_row(row: EvalbRow) -> str:
    """One row of EVALB's table."""
    return _ROW % (
        row.id, row.length, row.status, row.recall, row.precision,
        row.matched, row.gold, row.test, row.cross, row.words, row.correct_tags,
        row.tag_accuracy,
    )


def render_rows(rows: Iterable[tuple[int, ...]]) -> str:
    """The table rows of ``rows`` given as plain counts, ``(id, length, status, matched, gold,
    test, cross, words, correct_tags)`` each: :func:`render_row` of the
    :class:`~jpcore.peers.evalb.result.EvalbRow` of those fields, row after row, without
    making the row objects (the rates computed as the row's properties compute them)."""
    return "".join([
        _ROW % (id_, length, status, 0.0 if gold == 0 else 100.0 * matched / gold,
                0.0 if test == 0 else 100.0 * matched / test, matched, gold, test, cross, words, correct,
                0.0 if words == 0 else 100.0 * correct / words)
        for id_, length, status, matched, gold, test, cross, words, correct in rows
    ])


def render_block(block: EvalbSummary) -> str:
    """The twelve lines of one summary block."""
    return (
        "Number of sentence        = %6d\n" % block.sentences
        + "Number of Error sentence  = %6d\n" % block.errors
        + "Number of Skip  sentence  = %6d\n" % block.skipped
        + "Number of Valid sentence  = %6d\n" % block.valid
        + "Bracketing Recall         = %s\n" % format_score(block.recall)
        + "Bracketing Precision      = %s\n" % format_score(block.precision)
        + "Bracketing FMeasure       = %s\n" % format_score(block.fmeasure)
        + "Complete match            = %s\n" % format_score(block.complete_match)
        + "Average crossing          = %s\n" % format_score(block.average_crossing)
        + "No crossing               = %s\n" % format_score(block.no_crossing_rate)
        + "2 or less crossing        = %s\n" % format_score(block.two_or_less_crossing_rate)
        + "Tagging accuracy          = %s\n" % format_score(block.tag_accuracy)
    )


def render_summary(total: EvalbSummary, cutoff: EvalbSummary, cutoff_len: int) -> str:
    """The rule, the totals row and both summary blocks (``-- All --`` and
    ``-- len<=CUTOFF_LEN --``); the totals row omits its bracket part when
    there are no gold or no test brackets, as EVALB does."""
    out = [RULE]
    if total.gold > 0 and total.test > 0:
        out.append(
            "                %s %s %6d %5d %5d  %5d"
            % (format_score(total.recall), format_score(total.precision), total.matched,
               total.gold, total.test, total.cross)
        )
    out.append("  %5d %5d   %s\n" % (total.words, total.correct_tags, format_score(total.tag_accuracy)))
    out.append("=== Summary ===\n")
    out.append("\n-- All --\n")
    out.append(render_block(total))
    out.append("\n-- len<=%d --\n" % cutoff_len)
    out.append(render_block(cutoff))
    return "".join(out)


def render_totals(result: EvalbResult) -> str:
    """The rule, the totals row and both summary blocks of a legacy run."""
    return render_summary(result.summary(), result.cutoff_summary(), result.params.cutoff_len)


def iter_report(result: EvalbResult) -> Iterator[str]:
    """EVALB's stdout in pieces (header, rows, totals)."""
    yield HEADER
    for row in result.rows:
        if row.debug_before:
            yield row.debug_before
        yield render_row(row)
        if row.debug_after:
            yield row.debug_after
    if result.debug_tail:
        yield result.debug_tail
    if not result.aborted:
        yield render_totals(result)


def render_report(result: EvalbResult) -> str:
    """EVALB's exact stdout (as ``str``; encode with utf-8/surrogateescape)."""
    return "".join(iter_report(result))


def iter_messages(result: EvalbResult, chunk: int = 4096) -> Iterator[str]:
    """EVALB's stderr in pieces; long repeats are yielded in chunks."""
    for message in result.messages:
        text = message.render()
        left = message.repeat
        while left > 0:
            n = min(left, chunk)
            yield text * n
            left -= n


def render_messages(result: EvalbResult) -> str:
    """EVALB's exact stderr for the run (parameter-file warnings not included)."""
    return "".join(iter_messages(result))
