"""The HTML report's per-unit table carries each unit's verdict and note (issue 22), escaped.

For each evaluation's bundled default sample the report made with reviews of
two units has a Verdict and a Note column, those units' rows end with their
verdict and note (a hostile note escaped, never markup), every other row with
``–`` and an empty note; without reviews the table is as before.
"""

from __future__ import annotations

import re

import pytest

from jpcore.reports import render_html
from jpcore.task import named
from inspector.brackets.loader import SPEC as BRACKETS
from inspector.deps.loader import SPEC as DEPS
from inspector.edits.loader import SPEC as EDITS
from inspector.tokens.loader import SPEC as TOKENS

HOSTILE = "<script>alert(1)</script> **x**"
SPECS = {"preprocess": TOKENS, "parseval": BRACKETS, "gec": EDITS, "ud": DEPS}


def _result(task: str):
    gold, system, _ = SPECS[task].sample(None).read_files()
    return named(task).load("evaluate")(gold.data, system.data, gold_name=gold.name, sys_name=system.name)


def _rows(html: str) -> list[list[str]]:
    table = html[html.index('id="units"'):]
    body = table[table.index("<tbody>"):table.index("</tbody>")]
    return [re.findall(r"<td[^>]*>(.*?)</td>", row, re.S) for row in body.split("<tr>")[1:]]


@pytest.mark.parametrize("task", sorted(SPECS))
def test_the_per_unit_table_ends_with_each_units_verdict_and_note(task: str) -> None:
    result = _result(task)
    plain = render_html(result)
    assert "<th>Verdict</th>" not in plain
    html = render_html(result, reviews={0: ("gold error", HOSTILE), 2: ("unclear", "")})
    assert "<th>Verdict</th><th>Note</th></tr>" in html
    assert "<script>alert" not in html
    rows = _rows(html)
    assert len(rows) == len(result.units)
    assert rows[0][-2:] == ["gold error", "&lt;script&gt;alert(1)&lt;/script&gt; **x**"]
    assert rows[2][-2:] == ["unclear", ""]
    assert [row[-2:] for k, row in enumerate(rows) if k not in (0, 2)] == [["–", ""]] * (len(rows) - 2)
    assert [row[:-2] for row in rows] == _rows(plain)


def test_the_apps_report_ends_with_the_command_lines_after_review_section() -> None:
    """What the app's report button adds: review_outcome.report_sections, the section ``--review --html``
    writes (scores before and after, every reviewed unit), beside the per-unit columns."""
    from jpcore.review import Review, file_sha256, unit_keys
    from inspector.common import review, review_outcome

    gold, system, _ = TOKENS.sample(None).read_files()
    result = _result("preprocess")
    gold_sha, sys_sha = file_sha256(gold.data), file_sha256(system.data)
    keys = tuple(unit_keys(result, gold_sha, sys_sha))
    reviewed = review.Reviewed("preprocess", "t_", gold_sha, sys_sha, keys, {k: i for i, k in enumerate(keys)},
                               frozenset(u.index for u in result.units if u.is_mismatch), lambda i, side: "")
    reviews = {2: Review(keys[2], "gold error", HOSTILE, "Ana", "2026-11-29T03:00:00+00:00", "g", "s")}
    assert review_outcome.report_sections(reviewed, result, {})() == []
    html = render_html(result, extra_sections=review_outcome.report_sections(reviewed, result, reviews)(),
                       reviews=review_outcome.report_reviews(reviews))
    after = html[html.index('id="review"'):]
    assert "1 unit reviewed; 1 judged gold error or both acceptable count as correct for the system." in after
    assert "<td>Sentences F1</td><td class=\"num\">91.40</td><td class=\"num\">92.73</td>" in after
    assert "&lt;script&gt;" in after and "<script>alert" not in html
    assert _rows(html)[2][-2:] == ["gold error", "&lt;script&gt;alert(1)&lt;/script&gt; **x**"]
