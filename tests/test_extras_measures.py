"""Each task's measures (jpcore.stats.measures) on the Task contract, and the shared options' names.

* every registered task names its measures; the names its command line
  offers (``--measure``) are the measures', the default is the one marked;
* a measure's counts, summed over a result's units, are what its totals say
  (read from their JSON form), and the metric of those sums is the task's
  own headline score, bit for bit (gec: errant's, before its rounding);
* the option module's plain strings are :mod:`jpcore.stats`' constants;
* a run without the shared options imports neither numpy nor the code that
  runs them (the options are declared from plain strings).
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from jpcore import gec, parseval, preprocess, stats, task, ud
from jpcore.extras import options
from jpcore.extras.totals import measures_of, totals_json
from jpcore.gec import cli as gec_cli
from jpcore.parseval import cli as parseval_cli
from jpcore.preprocess import cli as preprocess_cli
from jpcore.stats.measures import UD_METRICS, named_measure
from jpcore.stats.resample import MAX_SEED
from tests.cli_support import signed
from tests.conftest import ROOT, SAMPLE_DATA

EXCERPT = SAMPLE_DATA / "ud" / "UD_English-EWT-excerpt"
TREES = SAMPLE_DATA / "parseval" / "jp-trees"
TOY = SAMPLE_DATA / "m2" / "toy-en"


def test_the_option_names_are_the_stats_constants():
    assert options.METHODS == stats.METHODS and options.METHODS[0] == stats.PAIRED_BOOTSTRAP
    assert options.DEFAULT_SAMPLES == stats.DEFAULT_SAMPLES == 1000
    assert options.MAX_SEED == MAX_SEED
    assert UD_METRICS == ud.METRICS


@pytest.mark.parametrize("name, cli_names, default", [
    ("preprocess", preprocess_cli.MEASURES, "tokens"),
    ("parseval", parseval_cli.MEASURES, "brackets"),
    ("gec", gec_cli.MEASURES, "edits"),
    ("ud", ud.METRICS, "LAS"),
])
def test_every_task_names_its_measures(name, cli_names, default):
    measures = task.named(name).load("measures")
    assert tuple(m.name for m in measures) == tuple(cli_names)
    assert named_measure(measures, None).name == default
    with pytest.raises(ValueError, match=f"measure: expected one of {', '.join(cli_names)}, found 'x'"):
        named_measure(measures, "x")


RESULTS = {
    "preprocess words": preprocess.evaluate_bytes((EXCERPT / "en_ewt-ud-test.excerpt.gold.words.txt").read_bytes(),
                                                  (EXCERPT / "en_ewt-ud-test.excerpt.nltk.tok.txt").read_bytes()),
    "preprocess tokens": preprocess.evaluate_bytes((EXCERPT / "en_ewt-ud-test.excerpt.conllu").read_bytes(),
                                                   (EXCERPT / "en_ewt-ud-test.excerpt.nltk.conllu").read_bytes(),
                                                   level="tokens"),
    "parseval": parseval.evaluate_bytes((TREES / "harbour.gold.mrg").read_bytes(),
                                        (TREES / "harbour.sys.mrg").read_bytes()),
    "gec": gec.evaluate_bytes((TOY / "gold.m2").read_bytes(), (TOY / "sys.resegmented.m2").read_bytes()),
    "ud": ud.evaluate_bytes((EXCERPT / "en_ewt-ud-test.excerpt.conllu").read_bytes(),
                            (EXCERPT / "en_ewt-ud-test.excerpt.nltk.conllu").read_bytes()),
}


def _headline(result, measure) -> float:
    totals = result.totals
    if isinstance(result, preprocess.PreprocessResult):
        return totals[measure.name].f1
    if isinstance(result, parseval.ParsevalResult):
        return totals["f1"]
    if isinstance(result, gec.GecResult):
        return totals["f"]
    return totals[measure.name].f1


@pytest.mark.parametrize("name", sorted(RESULTS))
def test_measures_sum_to_the_totals_and_score_the_headline(name):
    result = RESULTS[name]
    totals = totals_json(result)
    assert totals == result.to_dict()["totals"]
    for measure in measures_of(result):
        assert measure.sums(result) == measure.totals_counts(totals)
        score = measure.score(result)
        if isinstance(result, gec.GecResult):
            assert round(score, 4) == _headline(result, measure) == 0.8333
        else:
            assert score == _headline(result, measure)
    labels = [m.label(result) for m in measures_of(result)]
    expected = {"preprocess words": ["Sentences F1", "Words F1"], "preprocess tokens": ["Sentences F1", "Tokens F1"],
                "parseval": ["Bracketing F1"], "gec": ["F0.5"], "ud": [f"{m} F1" for m in ud.METRICS]}
    assert labels == expected[name]


def test_a_plain_run_imports_neither_numpy_nor_the_extras():
    gold, system = EXCERPT / "en_ewt-ud-test.excerpt.gold.words.txt", EXCERPT / "en_ewt-ud-test.excerpt.nltk.tok.txt"
    code = ("import sys\nfrom jpcore import cli\n"
            f"cli.main(['preprocess', {str(gold)!r}, {str(system)!r}])\n"
            "print(sorted(m for m in sys.modules if m == 'numpy' or m.startswith(('jpcore.extras', 'jpcore.stats'))),"
            " file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    run_stderr, _, modules = done.stderr.rstrip("\n").rpartition("\n")
    assert signed(run_stderr + "\n", "preprocess", gold=gold, sys=system) == ""
    assert modules == "['jpcore.extras', 'jpcore.extras.options']"
