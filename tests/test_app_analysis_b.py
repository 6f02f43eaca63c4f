"""The Analysis page covers system B (issue 23, item 3), driven by AppTest on the bundled samples.

With a system B loaded under the evaluation's loader, the buckets table has
each system's own units per bucket (each aligned to gold on its own), A's
scores as before, B's F and B − A in points: on the EWT excerpt (gold words
vs nltk) against Punkt + WordPunct by unit kind, Words F1 A 98.18 / B 96.17
/ −2.01 in 1:1 ...; on the toy M2 pair F0.5 100.00 / 84.62 / −15.38 in 1:1,
and the kinds only A has (1:n, n:1) without a B score.  The figures are those
of the HTML report's A vs B per unit kind (:mod:`jpcore.analysis.versus`).
Without B the table is as before (one ``Units`` column).
"""

from __future__ import annotations

import pandas as pd
from streamlit.testing.v1 import AppTest

import jpcore
from jpcore.analysis.versus import buckets_versus
from inspector.tokens.samples import SAMPLES, derived_system_text
from tests.app_support import APP, ROOT
from tests.app_support import run as _run

PAGE = "../pages/analysis.py"
TOY = ROOT / "sample_data" / "m2" / "toy-en"


def _open(**query: str) -> AppTest:
    at = AppTest.from_file(str(APP), default_timeout=120)
    at.switch_page(PAGE)
    for name, value in query.items():
        at.query_params[name] = value
    return _run(at)


def _buckets(at: AppTest) -> pd.DataFrame:
    (frame,) = [df.value for df in at.dataframe if "Bucket" in df.value.columns]
    return frame


def _column(frame: pd.DataFrame, name: str) -> list:
    return [None if pd.isna(x) else round(float(x), 2) for x in frame[name]]


def test_tokens_buckets_by_kind_show_a_b_and_the_difference(tmp_path) -> None:
    at = _open(sample="ewt-words", sample_b="punkt-wordpunct", an_by="unit kind")
    frame = _buckets(at)
    assert list(frame["Bucket"]) == ["1:1", "1:n", "n:1", "m:n"]
    assert list(frame["A units"]) == [101, 2, 3, 1] and list(frame["B units"]) == [101, 2, 3, 1]
    assert _column(frame, "Words F1 (%)") == [98.18, 94.64, 97.38, 86.87]
    assert _column(frame, "B Words F1 (%)") == [96.17, 87.93, 94.36, 76.27]
    assert _column(frame, "B − A Words F1 (points)") == [-2.01, -6.71, -3.02, -10.6]
    assert _column(frame, "B Sentences F1 (%)") == [100.0, 0.0, 0.0, 0.0]
    # the report's figures (each system's own units by kind, the measure's metric of their counts)
    b_path = tmp_path / "b.tok.txt"
    b_path.write_bytes(derived_system_text("ewt-words", "punkt", "wordpunct"))
    ewt = SAMPLES["ewt-words"]
    a, b = (jpcore.evaluate("preprocess", ewt.gold_path, path) for path in (ewt.sys_path, b_path))
    run = jpcore.compare(a, b)
    versus = buckets_versus(a.result, b.result, run.measure)
    assert [round(100 * v.score_b, 2) for v in versus] == _column(frame, "B Words F1 (%)")
    assert [round(100 * v.difference, 2) for v in versus] == _column(frame, "B − A Words F1 (points)")
    assert any("Beside system A, system B (Punkt \\+ WordPunct" in c.value for c in at.caption)


def test_edits_kinds_only_a_has_show_no_b_score() -> None:
    frame = _buckets(_open(m2="toy-resegmented", m2_b="toy", an_by="unit kind", an_eval="Edits"))
    assert list(frame["Bucket"]) == ["1:1", "1:n", "n:1"]
    assert list(frame["A units"]) == [3, 1, 2] and list(frame["B units"]) == [8, 0, 0]
    assert _column(frame, "Edits F0.5 (%)") == [100.0, 66.67, 76.92]
    assert _column(frame, "B Edits F0.5 (%)") == [84.62, None, None]
    assert _column(frame, "B − A Edits F0.5 (points)") == [-15.38, None, None]


def test_without_b_the_table_is_as_before() -> None:
    frame = _buckets(_open(sample="ewt-words", an_by="unit kind"))
    assert list(frame["Units"]) == [101, 2, 3, 1]
    assert not [column for column in frame.columns if column.startswith("B ")]
