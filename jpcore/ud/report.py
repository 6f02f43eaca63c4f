"""The native text report of a dependency evaluation: conll18_ud_eval.py's own tables.

Contract: :func:`render_text` returns, for a
:class:`~jpcore.ud.result.UdResult`, the table ``conll18_ud_eval.py
--verbose`` prints (Metric | Precision | Recall | F1 Score | AligndAcc, the
peer's own spelling), or with ``counts`` the table of its ``--counts``
(Metric | Correct | Gold | Predicted | Aligned), character for character
where the script accepts the files.  Where the characters differ (the
script refuses), a blank line and the differing stretches follow the table.
It computes nothing.
"""

from __future__ import annotations

from jpcore.ud.metrics import METRICS
from jpcore.ud.result import UdResult

#: Differing stretches listed under the table.
SHOWN_DIFFERENCES = 20


def render_text(result: UdResult, counts: bool = False) -> str:
    """The table (``counts``: the counts table), then any differing stretches; ends with a newline."""
    if counts:
        lines = ["Metric     | Correct   |      Gold | Predicted | Aligned"]
    else:
        lines = ["Metric     | Precision |    Recall |  F1 Score | AligndAcc"]
    lines.append("-----------+-----------+-----------+-----------+-----------")
    for name in METRICS:
        score = result.totals[name]
        if counts:
            aligned = score.aligned or (score.tp if name == "Words" else "")
            lines.append(f"{name:11}|{score.tp:10} |{score.gold:10} |{score.system:10} |{aligned:10}")
        else:
            accuracy = score.aligned_accuracy
            shown = f"{100 * accuracy:10.2f}" if accuracy is not None else ""
            lines.append(f"{name:11}|{100 * score.precision:10.2f} |{100 * score.recall:10.2f} |"
                         f"{100 * score.f1:10.2f} |{shown}")
    if result.differences:
        lines += ["", f"The characters differ in {len(result.differences)} stretch(es) (conll18_ud_eval.py refuses "
                      "such files): words in them are never correct; heads are matched through the alignment."]
        for difference in result.differences[:SHOWN_DIFFERENCES]:
            lines.append(f"  differs: gold line {difference.gold_line} {difference.gold_text[:30]!r}"
                         f" vs system line {difference.sys_line} {difference.sys_text[:30]!r}")
        if len(result.differences) > SHOWN_DIFFERENCES:
            lines.append(f"  ... and {len(result.differences) - SHOWN_DIFFERENCES} more (see --json)")
    return "\n".join(lines) + "\n"
