"""The Python API (:mod:`jpcore.api`): the command line's figures, in a notebook.

* ``jpcore.evaluate`` gives exactly what ``jpcore TASK --json`` writes, for
  every task, with the command line's options as keywords (checked as the
  command line checks them);
* ``units()`` is one row per aligned unit whose counts add up to the totals;
  ``to_json()`` is the command's bytes and ``jpcore.load`` reopens them;
* ``jpcore.compare`` is ``--compare``; the HTML unit table escapes user text;
* ``import jpcore`` imports neither the API nor pandas; pandas comes with the
  first DataFrame.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import jpcore
from jpcore.cli import main
from jpcore.errors import InputError
from tests.conftest import ROOT, SAMPLE_DATA

EXCERPT = SAMPLE_DATA / "ud" / "UD_English-EWT-excerpt"
TREES = SAMPLE_DATA / "parseval" / "jp-trees"
TOY = SAMPLE_DATA / "m2" / "toy-en"
GOLD_WORDS, NLTK = EXCERPT / "en_ewt-ud-test.excerpt.gold.words.txt", EXCERPT / "en_ewt-ud-test.excerpt.nltk.tok.txt"

#: task -> (gold, system, keyword options, the same options on the command line)
CASES = {
    "preprocess": (GOLD_WORDS, NLTK, {"ignore_case": True, "language": "en"}, ["--ignore-case", "--language", "en"]),
    "parseval": (TREES / "harbour.gold.mrg", TREES / "harbour.sys.mrg", {"cutoff": 10}, ["-c", "10"]),
    "gec": (TOY / "gold.m2", TOY / "sys.resegmented.m2", {"beta": 1.0, "noop_rule": "jp"},
            ["-b", "1.0", "--noop-rule", "jp"]),
    "ud": (EXCERPT / "en_ewt-ud-test.excerpt.conllu", EXCERPT / "en_ewt-ud-test.excerpt.nltk.conllu",
           {"strict": False}, []),
}


def cli_json(capsysbinary, task: str, gold, system, options: list[str], *more: str) -> bytes:
    args = ["gec", "-ref", str(gold), "-hyp", str(system)] if task == "gec" else [task, str(gold), str(system)]
    status = main([*args, *options, *more, "--json"])
    out, err = capsysbinary.readouterr()
    assert status == 0, err
    return out


@pytest.mark.parametrize("task", sorted(CASES))
def test_evaluate_is_the_command_line(capsysbinary, task, tmp_path):
    gold, system, keywords, options = CASES[task]
    evaluation = jpcore.evaluate(task, gold, system, **keywords)
    expected = cli_json(capsysbinary, task, gold, system, options)
    assert json.loads(evaluation.to_json()) == json.loads(expected)
    assert evaluation.totals == json.loads(expected)["totals"]
    assert evaluation.name == str(system)
    path = tmp_path / f"{task}.json"
    evaluation.to_json(path)
    again = jpcore.load(path)
    assert (again.task, again.totals, again.to_json()) == (task, evaluation.totals, evaluation.to_json())


@pytest.mark.parametrize("task", sorted(CASES))
def test_units_add_up_to_the_totals(task):
    gold, system, keywords, _ = CASES[task]
    evaluation = jpcore.evaluate(task, gold, system, **keywords)
    frame = evaluation.units()
    assert len(frame) == len(evaluation.result.units)
    assert list(frame.columns[:7]) == ["unit", "kind", "shape", "gold_sentences", "sys_sentences", "gold_text",
                                       "sys_text"]
    assert list(frame["unit"]) == list(range(len(frame)))
    from jpcore.extras.totals import measures_of

    for measure in measures_of(evaluation.result):
        if measure.in_tables:
            sums = tuple(int(frame[f"{measure.name}_{count}"].sum()) for count in measure.counts)
            assert sums == measure.sums(evaluation.result)


def test_unit_rows_by_hand():
    evaluation = jpcore.evaluate("preprocess", GOLD_WORDS, NLTK)
    rows = evaluation.rows()
    assert rows[2] == {
        "unit": 2, "kind": "merged", "shape": "n:1", "gold_sentences": "2-4", "sys_sentences": "2-3",
        "gold_text": rows[2]["gold_text"], "sys_text": rows[2]["sys_text"],
        "sentences_tp": 0, "sentences_fp": 1, "sentences_fn": 2, "tokens_tp": 34, "tokens_fp": 0, "tokens_fn": 0}
    assert rows[2]["gold_text"].count(" ~~~ ") == 1 and " ~~~ " not in rows[2]["sys_text"]
    assert rows[2]["gold_text"].replace(" ~~~ ", " ") == rows[2]["sys_text"]
    gec = jpcore.evaluate("gec", TOY / "gold.m2", TOY / "sys.m2").rows()[0]
    assert (gec["gold_text"], gec["edits_tp"], gec["edits_fp"], gec["edits_fn"]) == (
        "She go to school every days .", 2, 0, 0)


def test_options_are_checked_as_the_command_line_checks_them():
    gold, system, _, _ = CASES["preprocess"]
    with pytest.raises(ValueError, match=r"^jpcore preprocess: no option 'levels'; the evaluation's options are "
                                         r"contractions, format, ignore_case, language, level, raw, review, strict, "
                                         r"write_corrected_gold$"):
        jpcore.evaluate("preprocess", gold, system, levels="words")
    with pytest.raises(ValueError, match=r"^jpcore preprocess: no option 'json'"):
        jpcore.evaluate("preprocess", gold, system, json=True)
    with pytest.raises(ValueError, match=r"^jpcore preprocess: strict is a switch: expected True or False, found 1$"):
        jpcore.evaluate("preprocess", gold, system, strict=1)
    with pytest.raises(ValueError, match=r"^jpcore gec: argument --alpha: must be between 0 and 1, not 2$"):
        jpcore.evaluate("gec", TOY / "gold.m2", TOY / "sys.m2", alpha=2)
    with pytest.raises(ValueError, match=r"^no task 'chars'; known: preprocess, parseval, gec, ud$"):
        jpcore.evaluate("chars", gold, system)
    with pytest.raises(InputError, match=r"^.*toy-en/gold.m2:1: expected 10 tab-separated columns, found 1"):
        jpcore.evaluate("ud", CASES["ud"][0], TOY / "gold.m2")
    # an option changes the figures as on the command line
    assert jpcore.evaluate("gec", TOY / "gold.m2", TOY / "sys.m2", beta=1.0).totals["f"] == 0.8462


def test_compare_is_the_command_lines(capsysbinary):
    expected = json.loads(cli_json(capsysbinary, "preprocess", GOLD_WORDS, NLTK, [], "--compare", str(GOLD_WORDS)))
    run = jpcore.compare(jpcore.evaluate("preprocess", GOLD_WORDS, NLTK),
                         jpcore.evaluate("preprocess", GOLD_WORDS, GOLD_WORDS))
    assert run.to_dict() == expected["comparison"]


def test_html_table_escapes_user_text(tmp_path):
    gold, system = tmp_path / "gold.txt", tmp_path / "sys.txt"
    gold.write_text("<b>bold</b> & co\n", encoding="utf-8")
    system.write_text("<b>bold</b> &\nco\n", encoding="utf-8")
    html = jpcore.evaluate("preprocess", gold, system)._repr_html_()
    assert "<b>" not in html and "&lt;b&gt;bold&lt;/b&gt; &amp; co" in html
    assert html.count("<tr>") == 2  # the header and the one (merged) unit
    assert "<td>merged</td><td>1:n</td>" in html


def test_import_jpcore_imports_neither_the_api_nor_pandas():
    code = ("import sys, jpcore; a = ('jpcore.api' in sys.modules, 'pandas' in sys.modules); "
            "jpcore.evaluate; b = ('jpcore.api' in sys.modules, 'pandas' in sys.modules); print(a, b)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert out == "(False, False) (True, False)\n"
    assert "evaluate" in dir(jpcore)
    with pytest.raises(AttributeError, match="module 'jpcore' has no attribute 'evaluat'"):
        jpcore.evaluat  # noqa: B018


def test_a_saved_ranking_reopens_and_writes_back_the_same_bytes(capsysbinary, tmp_path):
    gold, system = CASES["gec"][0], CASES["gec"][1]
    out = cli_json(capsysbinary, "gec", gold, system, [], str(TOY / "sys.m2"), str(gold), "--rank")
    path = tmp_path / "rank.json"
    path.write_bytes(out)
    loaded = jpcore.load(path)
    assert loaded.extras.ranking.groups == [[2, 1, 0]]
    assert loaded.to_json().encode("utf-8") + b"\n" == out
