"""Agreement with compare-mt's published paired bootstrap on parallel lines.

:func:`compare_mt_reference` is written here from compare-mt's documented
procedure (``compare_mt/sign_utils.py``, ``eval_with_paired_bootstrap``, and
the report in ``reporters.py``), independently of :mod:`jpcore.stats`:

* ``n`` lines, ``sample_size = int(n * sample_ratio)``, ``sample_ratio`` 0.5;
* per resample, ``np.random.choice(list(range(n)), size=sample_size,
  replace=True)`` on numpy's *global* generator (compare-mt never seeds it;
  the caller does, with ``np.random.seed``);
* each system's corpus score on the drawn lines (here F1 from the summed
  TP/FP/FN, as a cached-statistics scorer computes it);
* ``wins[0]`` += 1 when sys1 > sys2; then, as a separate test, ``wins[1]`` += 1
  when sys1 < sys2, *else* ``wins[2]`` += 1 (so ``wins[2]`` counts sys1 >= sys2);
  the ratios are the counts over ``num_samples``;
* per system: scores sorted; mean, median, and bounds at
  ``int(num_samples * 0.025)`` and ``int(num_samples * 0.975)``;
* the report's p-value: ``1 - wins[0]`` if sys1 wins more, ``1 - wins[1]`` if
  sys2 does (none printed otherwise).
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jpcore.stats import COMPARE_MT, F1, UnitCounts, compare
from jpcore.stats.resample import resample_indices

TP_FP_FN = ("tp", "fp", "fn")


def f1_of(tp: int, fp: int, fn: int) -> float:
    return 2 * tp / (2 * tp + fp + fn) if 2 * tp + fp + fn else 0.0


def line_score(lines: list[tuple[int, int, int]], ids) -> float:
    tp = fp = fn = 0
    for i in ids:
        tp += lines[i][0]
        fp += lines[i][1]
        fn += lines[i][2]
    return f1_of(tp, fp, fn)


def compare_mt_reference(sys1, sys2, seed, num_samples=1000, sample_ratio=0.5):
    """compare-mt's paired bootstrap, seeded through numpy's global state (restored after)."""
    saved = np.random.get_state()
    try:
        np.random.seed(seed)
        n = len(sys1)
        ids = list(range(n))
        sample_size = int(n * sample_ratio)
        drawn, scores1, scores2 = [], [], []
        wins = [0, 0, 0]
        for _ in range(num_samples):
            reduced = np.random.choice(ids, size=sample_size, replace=True)
            drawn.append(reduced.tolist())
            s1, s2 = line_score(sys1, reduced), line_score(sys2, reduced)
            if s1 > s2:
                wins[0] += 1
            if s1 < s2:
                wins[1] += 1
            else:
                wins[2] += 1
            scores1.append(s1)
            scores2.append(s2)
    finally:
        np.random.set_state(saved)
    ratios = [w / float(num_samples) for w in wins]
    stats = []
    for scores in (scores1, scores2):
        scores.sort()
        stats.append({"mean": np.mean(scores), "median": np.median(scores),
                      "lower_bound": scores[int(num_samples * 0.025)],
                      "upper_bound": scores[int(num_samples * 0.975)]})
    p_value = 1 - ratios[0] if ratios[0] > ratios[1] else 1 - ratios[1] if ratios[1] > ratios[0] else None
    return drawn, ratios, stats, p_value


def parallel(lines) -> UnitCounts:
    return UnitCounts([(k, k + 1) for k in range(len(lines))], lines, TP_FP_FN)


def check_agreement(sys1, sys2, seed, samples):
    drawn, ratios, stats, p_value = compare_mt_reference(sys1, sys2, seed, samples)
    ours = np.concatenate(list(resample_indices(len(sys1), samples, seed, 0.5)))
    assert ours.tolist() == drawn  # the same resamples, index for index
    result = compare(parallel(sys1), parallel(sys2), F1, method=COMPARE_MT, samples=samples, seed=seed)
    # on parallel lines the common units are the lines
    assert [(u.gold, u.sys_a, u.sys_b) for u in result.units] == [((k, k + 1),) * 3 for k in range(len(sys1))]
    assert result.sample_ratio == 0.5
    details = result.details
    assert [details["win_ratios"][key] for key in ("sys1", "sys2", "tie")] == ratios
    for ours_stats, reference in zip(details["sys_stats"], stats):
        assert ours_stats == {key: float(value) for key, value in reference.items()}
    assert result.p_value == (1.0 if p_value is None else p_value)
    a_wins, b_wins, ties = result.wins
    assert (a_wins / samples, b_wins / samples, (a_wins + ties) / samples) == tuple(ratios)
    return result


def test_agreement_on_300_lines():
    rng = np.random.RandomState(2024)
    sys1 = [tuple(row) for row in rng.randint(0, 8, size=(300, 3)).tolist()]
    sys2 = [(tp + (k % 3 == 0), fp, fn) for k, (tp, fp, fn) in enumerate(sys1)]  # B: a TP more in every third line
    result = check_agreement(sys1, sys2, seed=31, samples=1000)
    assert result.wins[1] > 900  # B wins nearly every resample: the comparison is not trivial
    assert result.p_value < 0.1


def test_agreement_with_ties_and_a_system_against_itself():
    lines = [(1, 0, 0), (0, 1, 1), (2, 1, 0), (0, 0, 3)]
    result = check_agreement(lines, lines, seed=0, samples=200)
    assert result.p_value == 1.0 and result.details["win_ratios"] == {"sys1": 0.0, "sys2": 0.0, "tie": 1.0}


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 5), st.integers(0, 5), st.integers(0, 5),
                          st.integers(0, 5), st.integers(0, 5), st.integers(0, 5)), min_size=2, max_size=40),
       st.integers(0, 2**32 - 1))
def test_agreement_property(rows, seed):
    sys1 = [row[:3] for row in rows]
    sys2 = [row[3:] for row in rows]
    check_agreement(sys1, sys2, seed, samples=60)


def test_default_bootstrap_differs_from_compare_mt_only_as_documented():
    # same seed, ratio 1.0: compare-mt's draw with the full sample size
    rng = np.random.RandomState(5)
    sys1 = [tuple(row) for row in rng.randint(0, 8, size=(50, 3)).tolist()]
    drawn, *_ = compare_mt_reference(sys1, sys1, seed=8, num_samples=20, sample_ratio=1.0)
    assert np.concatenate(list(resample_indices(50, 20, 8, 1.0))).tolist() == drawn


def test_compare_mt_mode_takes_another_ratio():
    lines = [(1, 0, 0), (0, 1, 1), (2, 1, 0), (0, 0, 3)]
    with pytest.raises(ValueError, match="4 common units at sample ratio 0.1 leave nothing to resample"):
        compare(parallel(lines), parallel(lines), F1, method=COMPARE_MT, sample_ratio=0.1, seed=1)
