"""The HTML report of ``chars``: the totals and one row per line."""

from __future__ import annotations

from collections.abc import Sequence

from jpcore.reports.common import Report
from jpcore.reports.markup import Section, num, table
from jpcore.reports.provenance import InputInfo
from tests.toy_task import CharsResult


def build(result: CharsResult, inputs: Sequence[InputInfo] | None = None, max_units: int = 5000,
          selected: Sequence[int] = ()) -> Report:
    """The report: totals, then the first ``max_units`` lines."""
    totals = result.totals
    report = Report("chars", f"Gold {result.gold_name} against system {result.sys_name}")
    scores = Section("Scores", anchor="scores").add(table(["Equal", "Gold", "System"], [
        [num(totals["equal"]), num(totals["gold"]), num(totals["system"])]]))
    lines = Section("Lines", anchor="units").add(table(["Line", "Equal", "Gold", "System"], [
        [num(u.index + 1), num(u.equal), num(u.gold), num(u.system)] for u in result.units[:max_units]]))
    report.sections = [scores, lines]
    return report
