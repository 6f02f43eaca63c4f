"""The Analysis page covers system B (issue 23, item 3), driven by AppTest on the bundled samples.

With a system B loaded under the evaluation's loader, the buckets table has
each system's own units per bucket (each aligned to gold on its own), A's
scores as before, B's F and B − A in points: on the EWT excerpt (gold words
vs nltk) against Punkt + WordPunct by unit kind, Words F1 A 98.18 / B 96.17
/ −2.01 in 1:1 ...; on the toy M2 pair F0.5 100.00 / 84.62 / −15.38 in 1:1,
and the kinds only A has (1:n, n:1) without a B score.  The figures are those
of the HTML report's A vs B per unit kind (:mod:`jpcore.analysis.versus`).
Without B the table is as before (one ``Units`` column).  Dependencies are
offered too: LAS, UAS, UPOS and Words per bucket, with B.
"""

from __future__ import annotations

import pandas as pd
from streamlit.testing.v1 import AppTest

import jpcore
from jpcore.analysis.versus import buckets_versus
from inspector.tokens.samples import SAMPLES, derived_system_text
from tests.app_support import APP, ROOT, cli_json
from tests.app_support import run as _run

PAGE = "../pages/analysis.py"
TOY = ROOT / "sample_data" / "m2" / "toy-en"
PARSED = ROOT / "sample_data" / "ud" / "UD_English-EWT-parsed"


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
    """A column's figures (B − A is shown as text on the one scale: "−2.01", "–" for none)."""
    return [None if (isinstance(x, str) and x == "\u2013") or (not isinstance(x, str) and pd.isna(x))
            else round(float(x.replace("\u2212", "-")) if isinstance(x, str) else float(x), 2) for x in frame[name]]


def test_tokens_buckets_by_kind_show_a_b_and_the_difference(tmp_path) -> None:
    at = _open(sample="ewt-words", sample_b="punkt-wordpunct", an_by="unit kind")
    frame = _buckets(at)
    assert list(frame["Bucket"]) == ["1:1", "1:n", "n:1", "m:n"]
    assert list(frame["A units"]) == [101, 2, 3, 1] and list(frame["B units"]) == [101, 2, 3, 1]
    assert _column(frame, "Words F1 (%)") == [98.18, 94.64, 97.38, 86.87]
    assert _column(frame, "B Words F1 (%)") == [96.17, 87.93, 94.36, 76.27]
    assert _column(frame, "B − A Words F1 (points)") == [-2.01, -6.71, -3.02, -10.6]
    # shown with the label's minus sign, as every difference on the one scale
    assert list(frame["B − A Words F1 (points)"]) == ["\u22122.01", "\u22126.71", "\u22123.02", "\u221210.60"]
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


def test_dependencies_are_analysed_with_b() -> None:
    """A = the EWT treebank parsed from raw text (re-cut), B = the same tokens with parse errors: LAS,
    UAS, UPOS and Words per bucket; their sums are conll18's totals (LAS 579 correct of 852 gold and
    837 system words: F1 68.56; B 624 of 852 and 852: 73.24)."""
    at = _open(deps="ewt-raw-text", deps_b="ewt-parsed", an_by="unit kind", an_eval="Dependencies")
    assert at.radio(key="an_eval").options == ["Tokens & sentences", "Brackets", "Edits", "Dependencies"]
    frame = _buckets(at)
    assert list(frame["Bucket"]) == ["1:1", "1:n", "n:1", "m:n", "differing text"]
    assert list(frame["A units"]) == [26, 4, 4, 2, 7] and list(frame["B units"]) == [49, 0, 0, 0, 0]
    assert list(frame["LAS TP"]) == [292, 31, 90, 53, 113] and sum(frame["LAS TP"]) == 579
    assert sum(frame["LAS FP"]) == 837 - 579 and sum(frame["LAS FN"]) == 852 - 579
    assert _column(frame, "LAS F1 (%)") == [71.05, 61.39, 67.67, 65.84, 66.67]
    assert _column(frame, "B LAS F1 (%)") == [73.24, None, None, None, None]
    assert _column(frame, "B − A LAS F1 (points)") == [2.19, None, None, None, None]
    assert _column(frame, "Words F1 (%)") == [96.35, 97.03, 97.74, 98.14, 93.81]
    cli = cli_json("ud", str(PARSED / "en_ewt-ud-test.first49.conllu"),
                   str(PARSED / "en_ewt-ud-test.first49.raw-text.conllu"))["totals"]["LAS"]
    assert (cli["tp"], cli["fp"], cli["fn"]) == (579, 837 - 579, 852 - 579)
    text = " ".join(c.value for c in at.caption)
    assert "LAS 579\\/258\\/273" in text and "measures: LAS\\, UAS\\, UPOS\\, Words" in text
    assert any("Dependencies page shows the DEPREL and UPOS confusion" in i.value for i in at.info)
    worst = [df.value for df in at.dataframe if "Rank" in df.value.columns][0]
    errors = list(worst["Errors"])
    assert len(worst) == 20 and errors == sorted(errors, reverse=True)
