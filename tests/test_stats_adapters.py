"""The stats interface on real results: every evaluation's units through its adapter.

Each adapter's counts sum to the result's totals and the metric of the sums
is the result's own headline score, bit for bit.  The EWT test is the
issue's: gold against nltk on the full EWT test set (both aligned to gold
separately, with the current public ``jpcore.preprocess.evaluate``),
token F1 and sentence F1, p < 0.001; a system against itself, p = 1.
"""

from __future__ import annotations

import pytest

from jpcore.formats import read_segmentation
from jpcore.peers.evalb.params import load_prm
from jpcore.stats import APPROXIMATE_RANDOMIZATION, COMPARE_MT, F1, PARSEVAL_F1, compare
from jpcore.stats.adapters import evalb_units, gec_metric, gec_units, parseval_units, preprocess_units
from jpcore.peers.evalb import legacy as evalb_legacy
from jpcore import gec
from jpcore import parseval
from jpcore.preprocess import evaluate
from tests.conftest import SAMPLE_DATA, UD

EWT = UD / "UD_English-EWT"
TREES = SAMPLE_DATA / "parseval" / "jp-trees"
EVALB = SAMPLE_DATA / "parseval" / "evalb-sample"
TOY = SAMPLE_DATA / "m2" / "toy-en"
UAGEC = SAMPLE_DATA / "m2" / "uagec"


@pytest.fixture(scope="module")
def ewt():
    """EWT test: gold words as a system, and nltk, each aligned to gold on its own."""
    def segmentation(name: str, label: str):
        return read_segmentation((EWT / name).read_bytes(), label, "text")

    gold = segmentation("en_ewt-ud-test.gold.words.txt", "gold")
    nltk = segmentation("en_ewt-ud-test.nltk.tok.txt", "nltk")
    return evaluate(gold, gold), evaluate(gold, nltk)


def test_ewt_gold_against_nltk_is_significant(ewt):
    as_gold, nltk = ewt
    figures = {}
    for level in ("tokens", "sentences"):
        a, b = preprocess_units(as_gold, level), preprocess_units(nltk, level)
        assert a.counts.sum(axis=0).tolist() == list(as_gold.totals[level].as_tuple())
        assert b.counts.sum(axis=0).tolist() == list(nltk.totals[level].as_tuple())
        result = compare(a, b, F1, seed=16)
        assert result.score_a == 1.0 and result.score_b == nltk.totals[level].f1
        assert result.p_value < 0.001
        assert result.p_value == 1 / 1001 and result.wins == (1000, 0, 0)  # gold wins every resample
        assert len(result.units) == 1409  # = nltk's units: gold-as-system cuts everywhere
        assert [u.gold for u in result.units] == [u.gold for u in nltk.units]
        randomized = compare(a, b, F1, seed=16, method=APPROXIMATE_RANDOMIZATION)
        assert randomized.p_value == 1 / 1001
        figures[level] = result
    # spec/preprocess.md's counts: tokens (24267, 1032, 827), sentences (1084, 349, 993)
    assert figures["tokens"].score_b == 2 * 24267 / (2 * 24267 + 1032 + 827)
    assert figures["sentences"].score_b == 2 * 1084 / (2 * 1084 + 349 + 993)
    assert figures["tokens"].interval == pytest.approx((-0.04207456779837537, -0.03160531128249977), abs=1e-15)
    assert figures["sentences"].interval == pytest.approx((-0.4162575013638844, -0.34923439340400475), abs=1e-15)


def test_ewt_compare_mt_interval_is_wider_by_about_root_two(ewt):
    as_gold, nltk = ewt
    a, b = preprocess_units(as_gold, "tokens"), preprocess_units(nltk, "tokens")
    ours = compare(a, b, F1, seed=16)
    theirs = compare(a, b, F1, seed=16, method=COMPARE_MT)
    assert theirs.interval == pytest.approx((-0.04489355137303297, -0.029605913277204632), abs=1e-15)
    width = (theirs.interval[1] - theirs.interval[0]) / (ours.interval[1] - ours.interval[0])
    assert 1.3 < width < 1.6  # half-size resamples: variance x 2, width x ~1.41
    assert theirs.p_value == 0.0  # compare-mt's 1 - win ratio: gold wins all 1,000


def test_ewt_nltk_against_itself(ewt):
    _, nltk = ewt
    for level in ("tokens", "sentences"):
        units = preprocess_units(nltk, level)
        for method in ("paired-bootstrap", APPROXIMATE_RANDOMIZATION):
            result = compare(units, units, F1, seed=16, method=method)
            assert result.difference == 0.0 and result.p_value == 1.0


def test_preprocess_adapter_refuses_an_unknown_level(ewt):
    with pytest.raises(ValueError, match="level: expected one of tokens, sentences, found 'words'"):
        preprocess_units(ewt[0], "words")


def test_parseval_units_on_resegmented_trees():
    gold, system = (TREES / "harbour.gold.mrg").read_bytes(), (TREES / "harbour.sys.mrg").read_bytes()
    result = parseval.evaluate_bytes(gold, system)
    units = parseval_units(result)
    assert units.totals == {"matched": 44, "gold": 52, "test": 50}
    assert float(PARSEVAL_F1.score(units.counts.sum(axis=0))) == result.totals["f1"]
    as_gold = parseval_units(parseval.evaluate_bytes(gold, gold))
    comparison = compare(as_gold, units, PARSEVAL_F1, seed=16)
    # the system merges gold trees 4-5 into one: one common unit of two gold trees
    assert [(u.gold, u.sys_a, u.sys_b) for u in comparison.units][4:] == [
        ((4, 6), (4, 6), (4, 5)), ((6, 7), (6, 7), (5, 6)), ((7, 8), (7, 8), (6, 7))]
    assert comparison.score_b == result.totals["f1"] and comparison.score_a == 100.0


def test_evalb_units_leave_out_error_and_skipped_rows():
    params, _ = load_prm(EVALB / "sample.prm")
    result = evalb_legacy.evaluate((EVALB / "sample.gld").read_bytes(), (EVALB / "sample.tst").read_bytes(), params)
    units = evalb_units(result)
    assert sum(row.status != 0 for row in result.rows) == 7
    assert units.totals == {"matched": 86, "gold": 98, "test": 95}
    assert float(PARSEVAL_F1.score(units.counts.sum(axis=0))) == result.summary().fmeasure


@pytest.mark.parametrize("hyp, totals", [
    ("sys.m2", {"tp": 11, "fp": 2, "fn": 2}),
    ("sys.resegmented.m2", {"tp": 11, "fp": 2, "fn": 3}),
])
def test_gec_units_sum_to_errant_totals(hyp, totals):
    result = gec.evaluate_bytes((TOY / "gold.m2").read_bytes(), (TOY / hyp).read_bytes())
    units = gec_units(result)
    assert units.totals == totals
    assert round(float(gec_metric(result).score(units.counts.sum(axis=0))), 4) == result.totals["f"]


def test_gec_two_segmentations_of_one_system():
    ref = (TOY / "gold.m2").read_bytes()
    a = gec.evaluate_bytes(ref, (TOY / "sys.m2").read_bytes())
    b = gec.evaluate_bytes(ref, (TOY / "sys.resegmented.m2").read_bytes())
    comparison = compare(gec_units(a), gec_units(b), gec_metric(a), seed=16)
    # sys.m2 is 1:1 with gold (8 units); sys.resegmented.m2 merges gold 1-2 and 3-4 and
    # splits gold 6, aligned into 6 units: unit index ranges of A and B per common unit
    assert [u.gold for u in b.units] == [(0, 1), (1, 3), (3, 5), (5, 6), (6, 7), (7, 8)]
    assert [(u.gold, u.sys_a, u.sys_b) for u in comparison.units] == [
        ((0, 1), (0, 1), (0, 1)), ((1, 3), (1, 3), (1, 2)), ((3, 5), (3, 5), (2, 3)),
        ((5, 6), (5, 6), (3, 4)), ((6, 7), (6, 7), (4, 5)), ((7, 8), (7, 8), (5, 6))]
    assert round(comparison.score_a, 4) == 0.8462 and round(comparison.score_b, 4) == 0.8333


def test_gec_resegmented_and_requoted_system_scores_the_same_on_common_units():
    ref = (UAGEC / "ann1.first100.m2").read_bytes()
    a = gec.evaluate_bytes(ref, (UAGEC / "ann0.first100.m2").read_bytes())
    b = gec.evaluate_bytes(ref, (UAGEC / "ann0.first100.resegmented-requote.m2").read_bytes())
    assert (len(a.units), len(b.units)) == (100, 83)
    comparison = compare(gec_units(a), gec_units(b), gec_metric(a), seed=16)
    assert len(comparison.units) == 83
    assert comparison.difference == 0.0 and comparison.p_value == 1.0
