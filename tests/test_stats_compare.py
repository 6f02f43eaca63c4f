"""Paired bootstrap and approximate randomization over common units: exact values.

The hand-made cases are small enough to count every resample: with two
common units, a bootstrap resample of size 2 draws unit 0 twice, both
units once, or unit 1 twice; how often each happens for seed 0 is read
from ``RandomState(0).choice`` itself (the documented draw), and p, the
interval and the wins follow by hand.
"""

from __future__ import annotations

import json
from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jpcore.stats import (
    APPROXIMATE_RANDOMIZATION,
    COMPARE_MT,
    F1,
    PARSEVAL_F1,
    PRECISION,
    RECALL,
    Comparison,
    UnitCounts,
    compare,
    errant_f,
)
from jpcore.stats.resample import bootstrap_scores, randomization_differences, resample_indices
from jpcore.peers.errant_compare import f_score
from jpcore.peers.evalb.result import EvalbRow, EvalbSummary
from jpcore.preprocess import Counts

TP_FP_FN = ("tp", "fp", "fn")
TWO = [(0, 1), (1, 2)]
# A: unit 0 right, unit 1 wrong (F1 0.5); B: both right (F1 1.0)
HAND_A = UnitCounts(TWO, [(1, 0, 0), (0, 1, 1)], TP_FP_FN)
HAND_B = UnitCounts(TWO, [(1, 0, 0), (1, 0, 0)], TP_FP_FN)


def test_draws_of_seed_0_for_two_units():
    # the legacy generator's stream is fixed forever: so are these counts
    rng = np.random.RandomState(0)
    counts = Counter(tuple(np.bincount(rng.choice(2, size=2, replace=True), minlength=2).tolist())
                     for _ in range(1000))
    assert counts == {(1, 1): 487, (0, 2): 266, (2, 0): 247}


def test_paired_bootstrap_hand_made():
    result = compare(HAND_A, HAND_B, F1, seed=0)
    assert (result.score_a, result.score_b, result.difference) == (0.5, 1.0, 0.5)
    # d_s: (2,0) -> 1.0 - 1.0 = 0; (1,1) -> 0.5; (0,2) -> 1.0 - 0.0 = 1.0.
    # |d_s - 0.5| >= 0.5 for d_s = 0 and d_s = 1: 247 + 266 resamples
    assert result.p_value == (1 + 247 + 266) / 1001
    assert result.wins == (0, 487 + 266, 247)
    # sorted: 247 zeros, 487 halves, 266 ones; positions 25 and 975
    assert result.interval == (0.0, 1.0)
    assert result.samples == 1000 and result.seed == 0 and result.sample_ratio == 1.0
    assert [(u.gold, u.sys_a, u.sys_b) for u in result.units] == [((0, 1), (0, 1), (0, 1)), ((1, 2), (1, 2), (1, 2))]


def test_approximate_randomization_hand_made():
    # unit 0 is the same in both systems; swapping unit 1 only flips the sign of d
    result = compare(HAND_A, HAND_B, F1, seed=0, method=APPROXIMATE_RANDOMIZATION)
    assert result.difference == 0.5 and result.p_value == 1.0
    assert result.interval is None and result.wins is None and result.sample_ratio is None
    differences = randomization_differences(np.array([[1, 0, 0], [0, 1, 1]]), np.array([[1, 0, 0], [1, 0, 0]]),
                                            F1, 1000, 0)
    swapped = np.random.RandomState(0).randint(0, 2, size=(1000, 2))[:, 1]
    assert differences.tolist() == [-0.5 if s else 0.5 for s in swapped]


def test_a_constant_gain_in_every_unit_is_as_significant_as_the_resamples_allow():
    # a plain callable as metric: the TP total; B finds one more TP in each of 5 units
    gold = [(k, k + 1) for k in range(5)]
    a = UnitCounts(gold, [(1, 1, 1)] * 5, TP_FP_FN)
    b = UnitCounts(gold, [(2, 0, 0)] * 5, TP_FP_FN)
    result = compare(a, b, lambda counts: float(counts[0]), samples=200, seed=7)
    assert (result.score_a, result.score_b, result.difference) == (5.0, 10.0, 5.0)
    assert result.interval == (5.0, 5.0) and result.wins == (0, 200, 0)
    assert result.p_value == 1 / 201  # no resample is as far from 5 as 5 is from 0
    assert result.metric == "<lambda>"


def test_a_system_against_itself_every_method():
    for method in ("paired-bootstrap", APPROXIMATE_RANDOMIZATION, COMPARE_MT):
        result = compare(HAND_A, HAND_A, F1, seed=3, method=method)
        assert result.difference == 0.0 and result.p_value == 1.0
        if method != APPROXIMATE_RANDOMIZATION:
            assert result.interval == (0.0, 0.0) and result.wins == (0, 0, 1000)


def test_determinism_by_seed():
    gold = [(k, k + 1) for k in range(40)]
    rng = np.random.RandomState(11)
    a = UnitCounts(gold, rng.randint(0, 5, size=(40, 3)), TP_FP_FN)
    b = UnitCounts(gold, rng.randint(0, 5, size=(40, 3)), TP_FP_FN)
    for method in ("paired-bootstrap", APPROXIMATE_RANDOMIZATION, COMPARE_MT):
        first = compare(a, b, F1, seed=42, method=method)
        assert compare(a, b, F1, seed=42, method=method) == first
        other = compare(a, b, F1, seed=43, method=method)
        assert (other.p_value, other.interval) != (first.p_value, first.interval)
    fresh = compare(a, b, F1)  # a drawn seed, recorded: the run can be repeated
    assert compare(a, b, F1, seed=fresh.seed) == fresh


def test_numpy_global_state_is_left_alone():
    np.random.seed(5)
    expected = np.random.random_sample()
    np.random.seed(5)
    compare(HAND_A, HAND_B, F1, seed=1)
    compare(HAND_A, HAND_B, F1, seed=1, method=APPROXIMATE_RANDOMIZATION)
    assert np.random.random_sample() == expected


def test_blocks_draw_the_same_stream_as_one_resample_at_a_time():
    rng = np.random.RandomState(9)
    counts_a, counts_b = rng.randint(0, 6, size=(30, 3)), rng.randint(0, 6, size=(30, 3))
    one_by_one = bootstrap_scores(counts_a, counts_b, F1, 50, 4, block_cells=1)
    together = bootstrap_scores(counts_a, counts_b, F1, 50, 4)
    assert one_by_one[0].tolist() == together[0].tolist() and one_by_one[1].tolist() == together[1].tolist()
    blocks = list(resample_indices(30, 50, 4, block_cells=1))
    assert len(blocks) == 50 and blocks[0].shape == (1, 30)
    single = np.random.RandomState(4)
    assert all((block[0] == single.choice(30, size=30, replace=True)).all() for block in blocks)
    assert (randomization_differences(counts_a, counts_b, F1, 50, 4, block_cells=1).tolist()
            == randomization_differences(counts_a, counts_b, F1, 50, 4).tolist())


# -- metrics: bit for bit each evaluation's formula

@settings(max_examples=300, deadline=None)
@given(st.integers(0, 50), st.integers(0, 50), st.integers(0, 50))
def test_metrics_are_each_evaluations_formula(tp, fp, fn):
    counts = Counts(tp, fp, fn)
    vector = np.array([tp, fp, fn])
    assert float(F1.score(vector)) == counts.f1
    assert float(PRECISION.score(vector)) == counts.precision
    assert float(RECALL.score(vector)) == counts.recall
    for beta in (0.5, 1.0, 2.0):
        assert round(float(errant_f(beta).score(vector)), 4) == f_score(tp, fp, fn, beta)[2]
    matched, gold, test = min(tp, fp), fp, max(tp, fp)
    summary = EvalbSummary()
    summary.add(EvalbRow(1, 10, 0, matched, gold, test))
    expected = summary.fmeasure
    assert float(PARSEVAL_F1.score(np.array([matched, gold, test]))) == (0.0 if np.isnan(expected) else expected)


def test_metric_vectorised_over_resamples():
    sums = np.array([[1, 0, 0], [0, 1, 1], [0, 0, 0]])
    assert F1.score(sums).tolist() == [1.0, 0.0, 0.0]
    assert errant_f(0.5).score(sums).tolist() == [1.0, 0.0, 1.0]  # errant: nothing to do, nothing done = 1


# -- result object

def test_comparison_round_trips_through_json():
    for method in ("paired-bootstrap", APPROXIMATE_RANDOMIZATION, COMPARE_MT):
        result = compare(HAND_A, HAND_B, F1, seed=2, method=method, samples=50)
        data = json.loads(json.dumps(result.to_dict()))
        assert Comparison.from_dict(data) == result
        assert {"p_value", "interval", "samples", "seed", "method", "score_a", "score_b", "difference",
                "units"} <= set(data)


def test_comparison_json_is_validated():
    data = compare(HAND_A, HAND_B, F1, seed=2, samples=50).to_dict()
    for key, value, message in [
        ("p_value", "0.5", "comparison 'p_value': expected a finite number, found '0.5'"),
        ("seed", 1.5, "comparison 'seed': expected an integer, found 1.5"),
        ("interval", [0.1], "comparison 'interval': expected \\[low, high\\] or null"),
        ("units", None, "comparison 'units': expected a list"),
        ("wins", {"a": 1, "b": 2}, "comparison 'wins.tie': expected an integer, found None"),
    ]:
        with pytest.raises(ValueError, match=message):
            Comparison.from_dict({**data, key: value})


def test_describe_names_the_method():
    line = compare(HAND_A, HAND_B, F1, seed=0).describe()
    assert line == ("paired-bootstrap over 2 common units, 1,000 resamples (ratio 1), seed 0: "
                    "f1 B - A = +0.5000, 95% interval [+0.0000, +1.0000], p = 0.51")


# -- bad arguments are refused clearly

@pytest.mark.parametrize("kwargs, message", [
    ({"method": "t-test"}, "method: expected one of paired-bootstrap, approximate-randomization"),
    ({"seed": -1}, "seed: expected an integer from 0 to 4294967295, found -1"),
    ({"seed": 2**32}, "seed: expected an integer from 0 to 4294967295"),
    ({"samples": 0}, "samples: expected at least 1, found 0"),
    ({"sample_ratio": 0.0}, "sample ratio: expected a number above 0"),
    ({"sample_ratio": 0.4}, "2 common units at sample ratio 0.4 leave nothing to resample"),
    ({"method": APPROXIMATE_RANDOMIZATION, "sample_ratio": 0.5}, "it takes no sample ratio"),
])
def test_bad_arguments(kwargs, message):
    with pytest.raises(ValueError, match=message):
        compare(HAND_A, HAND_B, F1, **kwargs)


def test_mismatched_units_are_refused():
    with pytest.raises(ValueError, match="metric bracketing f1 reads counts \\('matched', 'gold', 'test'\\)"):
        compare(HAND_A, HAND_B, PARSEVAL_F1)
    with pytest.raises(ValueError, match="counts: expected a 2 x 3 matrix"):
        UnitCounts(TWO, [(1, 0, 0)], TP_FP_FN)
    empty = UnitCounts([], [], TP_FP_FN)
    with pytest.raises(ValueError, match="no common units: nothing to resample"):
        compare(empty, empty, F1, seed=1)


# -- properties

@st.composite
def parallel_pair(draw):
    n = draw(st.integers(1, 30))
    row = st.tuples(st.integers(0, 6), st.integers(0, 6), st.integers(0, 6))
    gold = [(k, k + 1) for k in range(n)]
    a = draw(st.lists(row, min_size=n, max_size=n))
    b = draw(st.lists(row, min_size=n, max_size=n))
    return UnitCounts(gold, a, TP_FP_FN), UnitCounts(gold, b, TP_FP_FN)


@settings(max_examples=60, deadline=None)
@given(parallel_pair(), st.integers(0, 2**32 - 1), st.sampled_from(["paired-bootstrap", APPROXIMATE_RANDOMIZATION]))
def test_itself_zero_and_one_swapped_same_p(pair, seed, method):
    a, b = pair
    itself = compare(a, a, F1, samples=100, seed=seed, method=method)
    assert itself.difference == 0.0 and itself.p_value == 1.0
    forward = compare(a, b, F1, samples=100, seed=seed, method=method)
    backward = compare(b, a, F1, samples=100, seed=seed, method=method)
    assert backward.difference == -forward.difference
    assert backward.p_value == forward.p_value
    assert 1 / 101 <= forward.p_value <= 1.0
    if forward.wins is not None:
        assert backward.wins == (forward.wins[1], forward.wins[0], forward.wins[2])
        assert forward.interval[0] <= forward.interval[1]
