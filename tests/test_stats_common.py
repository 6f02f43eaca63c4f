"""Common units: hand-made cases with exact answers, and hypothesis properties.

Properties (for any two tilings of the same gold, with system-only units
anywhere): the common units' gold ranges partition gold in order; each
system's index ranges partition its units in order; each common unit holds
whole units (their gold ranges lie inside its own); no common unit can be
cut further (its inner boundaries are not boundaries of both systems, and
every boundary of both is a cut); count sums are preserved.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jpcore.stats.common import CommonUnit, common_counts, common_units


def triples(units: list[CommonUnit]) -> list[tuple]:
    return [(u.gold, u.sys_a, u.sys_b) for u in units]


def test_same_segmentation_gives_the_units_themselves():
    gold = [(0, 1), (1, 2), (2, 3)]
    assert triples(common_units(gold, gold)) == [((k, k + 1), (k, k + 1), (k, k + 1)) for k in range(3)]


def test_split_and_merge_meet_at_the_next_shared_boundary():
    # A splits gold sentence 1..3 at 1; B merges 0..2: shared boundaries 0, 3, 4
    a = [(0, 1), (1, 3), (3, 4)]
    b = [(0, 2), (2, 3), (3, 4)]
    assert triples(common_units(a, b)) == [((0, 3), (0, 2), (0, 2)), ((3, 4), (2, 3), (2, 3))]


def test_system_only_unit_at_a_shared_boundary_is_its_own_empty_common_unit():
    a = [(0, 1), (1, 1), (1, 2)]
    b = [(0, 1), (1, 2)]
    assert triples(common_units(a, b)) == [((0, 1), (0, 1), (0, 1)), ((1, 1), (1, 2), (1, 1)),
                                           ((1, 2), (2, 3), (1, 2))]


def test_system_only_unit_inside_the_other_systems_unit_joins_it():
    a = [(0, 1), (1, 1), (1, 2)]
    b = [(0, 2)]
    assert triples(common_units(a, b)) == [((0, 2), (0, 3), (0, 1))]


def test_system_only_units_at_the_start_and_the_end():
    a = [(0, 0), (0, 1), (1, 1)]
    b = [(0, 1)]
    assert triples(common_units(a, b)) == [((0, 0), (0, 1), (0, 0)), ((0, 1), (1, 2), (0, 1)),
                                           ((1, 1), (2, 3), (1, 1))]


def test_system_only_units_of_both_systems_at_one_boundary_share_one_common_unit():
    a = [(0, 1), (1, 1), (1, 1), (1, 2)]
    b = [(0, 1), (1, 1), (1, 2)]
    assert triples(common_units(a, b)) == [((0, 1), (0, 1), (0, 1)), ((1, 1), (1, 3), (1, 2)),
                                           ((1, 2), (3, 4), (2, 3))]


def test_empty_gold():
    assert triples(common_units([(0, 0)], [])) == [((0, 0), (0, 1), (0, 0))]
    assert common_units([], []) == []


@pytest.mark.parametrize("a, b, message", [
    ([(0, 1), (2, 3)], [(0, 3)], "system A: unit 1 has gold range [2, 3); expected a range starting at 1"),
    ([(0, 2), (1, 3)], [(0, 3)], "system A: unit 1 has gold range [1, 3); expected a range starting at 2"),
    ([(0, 3)], [(1, 3)], "system B: unit 0 has gold range [1, 3); expected a range starting at 0"),
    ([(0, 3)], [(0, 1), (1, 0)], "system B: unit 1 has gold range [1, 0)"),
    ([(0, 3)], [(0, 2)], "system A's units cover 3 gold sentences, system B's 2"),
])
def test_units_that_do_not_tile_gold_are_refused(a, b, message):
    with pytest.raises(ValueError, match=message.replace("[", r"\[").replace("(", r"\(").replace(")", r"\)")):
        common_units(a, b)


def test_common_counts_sum_each_systems_units():
    units = common_units([(0, 1), (1, 1), (1, 2)], [(0, 2)])
    sums_a, sums_b = common_counts(units, [[1, 0, 0], [0, 1, 0], [1, 0, 1]], [[1, 2, 1]])
    assert sums_a.tolist() == [[2, 1, 1]] and sums_b.tolist() == [[1, 2, 1]]


def test_common_counts_refuses_counts_for_other_units():
    units = common_units([(0, 1)], [(0, 1)])
    with pytest.raises(ValueError, match="sys_b counts: 2 rows for 1 units"):
        common_counts(units, [[1, 0, 0]], [[1, 0, 0], [0, 0, 1]])


def test_common_unit_round_trip_and_validation():
    unit = CommonUnit((1, 3), (2, 4), (1, 1))
    assert CommonUnit.from_dict(unit.to_dict()) == unit
    with pytest.raises(ValueError, match="common unit 'sys_b': expected \\[start, end\\]"):
        CommonUnit.from_dict({"gold": [1, 3], "sys_a": [2, 4], "sys_b": [2, 1]})


# -- properties

@st.composite
def tilings(draw, n_gold: int) -> list[tuple[int, int]]:
    """A random tiling of ``n_gold`` gold sentences with empty (system-only) units anywhere."""
    inner = draw(st.sets(st.integers(1, n_gold - 1), max_size=n_gold)) if n_gold >= 2 else set()
    cuts = sorted(inner | {0, n_gold})
    units: list[tuple[int, int]] = []
    for start, end in zip(cuts, cuts[1:]):
        units += [(start, start)] * draw(st.integers(0, 2))
        units.append((start, end))
    units += [(n_gold, n_gold)] * draw(st.integers(0, 2))
    return units


@st.composite
def two_systems(draw):
    n_gold = draw(st.integers(0, 25))
    return n_gold, draw(tilings(n_gold)), draw(tilings(n_gold))


def boundaries(units: list[tuple[int, int]]) -> set[int]:
    return {0} | {end for _, end in units}


@settings(max_examples=300, deadline=None)
@given(two_systems())
def test_common_units_partition_gold_and_hold_whole_units(systems):
    n_gold, a, b = systems
    units = common_units(a, b)
    # gold ranges partition gold, index ranges partition each system's units, in order
    for key, total in (("gold", n_gold), ("sys_a", len(a)), ("sys_b", len(b))):
        position = 0
        for unit in units:
            start, end = getattr(unit, key)
            assert start == position and end >= start
            position = end
        assert position == (total if units else 0)
    if not a and not b:
        assert units == []
    for unit in units:
        g0, g1 = unit.gold
        for side, ranges in (("sys_a", a), ("sys_b", b)):
            for index in range(*getattr(unit, side)):
                start, end = ranges[index]
                assert g0 <= start <= end <= g1  # whole units inside
                if g0 < g1 and start == end:  # an empty unit at a cut has its own common unit
                    assert g0 < start < g1
        if g0 == g1:  # empty common units: at a cut, never without a unit
            assert g0 in boundaries(a) & boundaries(b)
            assert unit.sys_a[1] > unit.sys_a[0] or unit.sys_b[1] > unit.sys_b[0]
        else:  # finest: nothing inside is a boundary of both systems
            assert not any(p in boundaries(a) and p in boundaries(b) for p in range(g0 + 1, g1))
    if n_gold:
        starts = {unit.gold[0] for unit in units if unit.gold[0] < unit.gold[1]} | {n_gold}
        assert starts == boundaries(a) & boundaries(b)


@settings(max_examples=200, deadline=None)
@given(two_systems(), st.data())
def test_common_counts_preserve_every_total(systems, data):
    _, a, b = systems
    counts = st.lists(st.integers(0, 9), min_size=3, max_size=3)
    counts_a = np.array(data.draw(st.lists(counts, min_size=len(a), max_size=len(a))), dtype=np.int64).reshape(-1, 3)
    counts_b = np.array(data.draw(st.lists(counts, min_size=len(b), max_size=len(b))), dtype=np.int64).reshape(-1, 3)
    units = common_units(a, b)
    sums_a, sums_b = common_counts(units, counts_a, counts_b)
    assert sums_a.sum(axis=0).tolist() == counts_a.sum(axis=0).tolist()
    assert sums_b.sum(axis=0).tolist() == counts_b.sum(axis=0).tolist()
    for unit, row_a, row_b in zip(units, sums_a, sums_b):
        assert row_a.tolist() == counts_a[slice(*unit.sys_a)].sum(axis=0).tolist()
        assert row_b.tolist() == counts_b[slice(*unit.sys_b)].sum(axis=0).tolist()


@settings(max_examples=200, deadline=None)
@given(two_systems())
def test_common_units_are_symmetric(systems):
    _, a, b = systems
    assert triples(common_units(b, a)) == [(g, sb, sa) for g, sa, sb in triples(common_units(a, b))]
