"""``bench/stats.py``'s generated systems are what its rows say they are."""

from __future__ import annotations

from collections import Counter

from bench import stats as bench_stats
from jpcore.stats import common_units


def test_stats_bench_systems():
    a, b = bench_stats.systems(bench_stats.GOLD_1X)
    units = common_units(a.gold, b.gold)
    shapes = Counter((u.gold[1] - u.gold[0], u.sys_a[1] - u.sys_a[0], u.sys_b[1] - u.sys_b[0]) for u in units)
    # 1,800 sentences 1:1 on both sides, 200 merged pairs in B; of A's 22 extra units, 20 sit at
    # shared boundaries (empty common units) and 2 inside a merged pair of B (at 100 and 1,200)
    assert shapes == {(1, 1, 1): 1800, (2, 2, 1): 198, (2, 3, 1): 2, (0, 1, 0): 20}
    assert [u.gold for u in units if u.sys_a[1] - u.sys_a[0] == 3] == [(99, 101), (1199, 1201)]
    assert len(a.gold) == 2_222 and len(b.gold) == 2_000
