"""Tables for papers: ``--table-format latex|markdown`` and the app's downloads, against golden files.

The golden files (``tests/golden_tables/``) were read line by line when
written: booktabs rules, every LaTeX special character escaped (``\\_``,
``\\%``, ``$-$`` for the minus sign, ``--`` for the dash of an empty
cell, ``$<$``), scores in percent with two decimals, p-values to the
resolution of 1,000 resamples.  The command line (totals; totals and
ranking) and the app (the by-shape table through
:func:`inspector.common.table_downloads.frame_table`) write them with the
same functions (:mod:`jpcore.extras.tables`).
"""

from __future__ import annotations

import pytest

import jpcore
from jpcore.cli import main
from jpcore.extras.tables import Table, render, totals_table
from tests.conftest import ROOT

GOLDEN = ROOT / "tests" / "golden_tables"
TOY = "sample_data/m2/toy-en"
EXCERPT = "sample_data/ud/UD_English-EWT-excerpt/en_ewt-ud-test.excerpt"


def _cli(capsysbinary, monkeypatch, *args: str) -> str:
    monkeypatch.chdir(ROOT)  # the tables name the files as given: relative paths
    status = main(list(args))
    out, err = capsysbinary.readouterr()
    assert status == 0, err
    return out.decode("utf-8")


@pytest.mark.parametrize("fmt, golden", [("latex", "gec-toy-rank.tex"), ("markdown", "gec-toy-rank.md")])
def test_totals_and_ranking_on_the_command_line(capsysbinary, monkeypatch, fmt, golden):
    out = _cli(capsysbinary, monkeypatch, "gec", "-ref", f"{TOY}/gold.m2", "-hyp", f"{TOY}/sys.resegmented.m2",
               f"{TOY}/sys.m2", f"{TOY}/gold.m2", "--rank", "--table-format", fmt)
    assert out == (GOLDEN / golden).read_text(encoding="utf-8")


def test_totals_alone_on_the_command_line(capsysbinary, monkeypatch):
    out = _cli(capsysbinary, monkeypatch, "ud", f"{EXCERPT}.conllu", f"{EXCERPT}.nltk.conllu", "--table-format",
               "latex")
    assert out == (GOLDEN / "ud-ewt-excerpt-totals.tex").read_text(encoding="utf-8")


def test_the_apps_by_shape_table_as_latex(monkeypatch):
    from inspector.common.by_shape import shape_frame
    from inspector.common.table_downloads import frame_table

    monkeypatch.chdir(ROOT)
    result = jpcore.evaluate("preprocess", f"{EXCERPT}.gold.words.txt", f"{EXCERPT}.nltk.tok.txt").result
    latex = render(frame_table(shape_frame(result)), "latex")
    assert latex == (GOLDEN / "preprocess-ewt-excerpt-by-shape.tex").read_text(encoding="utf-8")
    # the app's totals download is the command line's totals table
    assert render(totals_table(result), "csv") == ("Metric,TP,FP,FN,Score (%)\nSentences F1,101,9,10,91.40\n"
                                                   "Words F1,2498,36,75,97.83\n")


def test_every_latex_special_character_is_escaped():
    table = Table(("a", "b"), (("50% of $x_1 & {y} #2 ~ ^ \\ \u2212 \u2013 <", "1"),), (False, True))
    assert render(table, "latex").splitlines()[4] == (
        r"50\% of \$x\_1 \& \{y\} \#2 \textasciitilde{} \textasciicircum{} \textbackslash{} $-$ -- $<$ & 1 \\")
    assert render(table, "markdown").splitlines()[2] == "| 50% of $x_1 & {y} #2 ~ ^ \\\\ \u2212 \u2013 < | 1 |"
    assert render(Table(("a|b",), (("c|d",),), (False,)), "markdown") == "| a\\|b |\n|:--|\n| c\\|d |\n"
    with pytest.raises(ValueError, match="table format: expected one of text, csv, markdown, latex, found 'html'"):
        render(table, "html")


def test_the_overview_offers_totals_and_by_shape_for_papers():
    from streamlit.testing.v1 import AppTest

    from tests.app_support import APP, run

    at = run(AppTest.from_file(str(APP), default_timeout=120))
    keys = {button.key for button in at.get("download_button")}
    for prefix in ("totals_dl", "by_shape_table_dl"):
        assert {f"{prefix}_{fmt}" for fmt in ("csv", "markdown", "latex")} <= keys, prefix
