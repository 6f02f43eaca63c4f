"""Unit tests for jpcore.align: groups, kinds, the character alignment."""

from __future__ import annotations

import pytest

from jpcore.align import (
    ANCHOR,
    DIFFERENT,
    EXACT,
    GOLD_ONLY,
    MERGED,
    SIMILAR,
    SIMILAR_AT_LEAST,
    SYSTEM_ONLY,
    CharAlignment,
    align_streams,
    align_units,
    ends_of,
    differing_kind,
    group_units,
)
from jpcore.align.similarity import jaro_winkler


def summary(gold, sys):
    return [(g.gold, g.sys, g.kind) for g in align_units(gold, sys)]


def test_identical_units_are_all_exact_one_to_one():
    units = ["Hello", "world", "."]
    assert summary(units, units) == [((0, 1), (0, 1), EXACT), ((1, 2), (1, 2), EXACT), ((2, 3), (2, 3), EXACT)]


def test_merge_split_and_many_to_many():
    assert summary(["ab", "c"], ["a", "bc"]) == [((0, 2), (0, 2), MERGED)]
    assert summary(["abc"], ["a", "b", "c"]) == [((0, 1), (0, 3), MERGED)]
    assert summary(["a", "b", "c", "d"], ["ab", "c", "d"]) == [
        ((0, 2), (0, 1), MERGED),
        ((2, 3), (1, 2), EXACT),
        ((3, 4), (2, 3), EXACT),
    ]


def test_repeated_tokens_do_not_end_a_group_early():
    # "na na" vs "nana": a length- or token-count-driven aligner closes the
    # group after the first "na"; offsets keep it open until both sides meet.
    assert summary(["na", "na", "na"], ["nana", "na"]) == [((0, 2), (0, 1), MERGED), ((2, 3), (1, 2), EXACT)]


def test_many_to_one_at_end_of_file():
    assert summary(["x", "yy", "z"], ["x", "yyz"]) == [((0, 1), (0, 1), EXACT), ((1, 3), (1, 2), MERGED)]


def test_empty_inputs():
    assert summary([], []) == []
    assert summary(["abc"], []) == [((0, 1), (0, 0), GOLD_ONLY)]
    assert summary([], ["abc"]) == [((0, 0), (0, 1), SYSTEM_ONLY)]


def test_extra_trailing_sentence_is_system_only():
    assert summary(["A.", "B."], ["A.", "B.", "C."]) == [
        ((0, 1), (0, 1), EXACT),
        ((1, 2), (1, 2), EXACT),
        ((2, 2), (2, 3), SYSTEM_ONLY),
    ]


def test_missing_sentence_in_the_middle_is_gold_only_and_neighbours_stay_exact():
    gold = ["Thefirstone.", "Thesecondone.", "Thethirdone."]
    sys = ["Thefirstone.", "Thethirdone."]
    chars = align_streams("".join(gold), "".join(sys), dict.fromkeys(ends_of(gold), 1), dict.fromkeys(ends_of(sys), 1))
    groups = group_units(ends_of(gold), ends_of(sys), chars)
    assert [(g.gold, g.sys, g.kind) for g in groups] == [
        ((0, 1), (0, 1), EXACT),
        ((1, 2), (1, 1), GOLD_ONLY),
        ((2, 3), (1, 2), EXACT),
    ]


def test_gap_slides_onto_unit_boundaries():
    # without boundaries the deleted stretch is ".ab" (greedy prefix); with
    # them it is the whole middle sentence "ab."
    gold, sys = ["ab.", "ab.", "abd."], ["ab.", "abd."]
    plain = align_streams("".join(gold), "".join(sys))
    assert plain.differences() == [((5, 8), (5, 5))]
    slid = align_streams("".join(gold), "".join(sys), dict.fromkeys(ends_of(gold), 1), dict.fromkeys(ends_of(sys), 1))
    assert slid.differences() == [((3, 6), (3, 3))]


def test_edited_word_makes_one_differing_group():
    gold = ["The", "cats", "sat", "down", "."]
    sys = ["The", "cast", "sat", "down", "."]
    expected = [
        ((0, 1), (0, 1), EXACT),
        ((1, 2), (1, 2), SIMILAR),  # Jaro-Winkler("cats", "cast") = 0.933
        ((2, 3), (2, 3), EXACT),
        ((3, 4), (3, 4), EXACT),
        ((4, 5), (4, 5), EXACT),
    ]
    assert summary(gold, sys) == expected
    # 'cat'/'cta': three letters, two moved: 0.6, not the same word rewritten
    expected[1] = ((1, 2), (1, 2), DIFFERENT)
    assert summary(["The", "cat", "sat", "down", "."], ["The", "cta", "sat", "down", "."]) == expected


def test_similar_one_to_one_is_never_a_match():
    (group,) = align_units(["colour"], ["color"])
    assert group.kind == SIMILAR and not group.is_match


def test_completely_different_texts_give_one_different_group():
    # one meaning of "similar" (jpcore/align/streams.py): two unrelated texts are not
    groups = align_units(["aaaa", "bbbb"], ["xyz", "uvw", "rst"])
    assert [(g.gold, g.sys, g.kind) for g in groups] == [((0, 2), (0, 3), DIFFERENT)]
    groups = align_units(["Thecatsat.", "Itran.", "Adogbarked."], ["Birdsfly.", "Rainfalls.", "Kidsplay."])
    assert [(g.ratio, g.kind, g.is_match) for g in groups] == [("3:3", DIFFERENT, False)]


@pytest.mark.parametrize("gold, system, similarity, kind", [
    ("colour", "color", 0.97, SIMILAR),
    ("donot", "don't", 0.916, SIMILAR),
    ("today", "todey", 0.916, SIMILAR),
    ("Thecatsatonthemat.", "Thecatstoodonthemat.", 0.9753, SIMILAR),
    ("can't", "cannot", 0.888, DIFFERENT),
    ("thisisatest", "Thatisatest", 0.8606, DIFFERENT),
    ("cat", "cta", 0.6, DIFFERENT),
    ("cat", "dog", 0.0, DIFFERENT),
])
def test_similar_means_jaro_winkler_of_at_least_091(gold, system, similarity, kind):
    assert round(jaro_winkler(gold, system), 4) == similarity
    assert differing_kind(gold, system) == kind
    (group,) = align_units([gold], [system])
    assert group.kind == kind


def test_the_threshold_is_gecs_measured_alpha():
    from jpcore.gec.options import DEFAULT_ALPHA

    assert SIMILAR_AT_LEAST == DEFAULT_ALPHA == 0.91


def test_shapes_and_ratios():
    groups = align_units(["ab", "c", "d"], ["a", "bcd"])
    assert [(g.shape, g.ratio) for g in groups] == [("m:n", "3:2")]
    (group,) = align_units(["a", "b"], ["ab"])
    assert (group.shape, group.ratio) == ("n:1", "2:1")


def test_char_alignment_of_identical_streams_is_one_run():
    chars = align_streams("abcdef", "abcdef")
    assert chars.identical and chars.runs == ((0, 0, 6),) and chars.differences() == []
    assert chars.to_sys(3) == 3


def test_char_alignment_maps_offsets_around_a_difference():
    chars = align_streams("Hello.Extra.World.", "Hello.World.")
    assert chars.differences() == [((6, 12), (6, 6))]
    assert chars.to_sys(6) == 6 and chars.to_sys(12) == 6 and chars.to_sys(9) is None
    assert chars.to_sys(18) == 12


def test_anchor_search_is_local_for_a_long_document():
    # a 30-character edit in the middle of 200 kB: the differences are only
    # that stretch, the rest is two runs
    left = "".join(f"w{i}." for i in range(20000))
    right = "".join(f"v{i}." for i in range(20000))
    gold = left + "THIS PART IS ONLY IN GOLD!!!!!" + right
    sys = left + right
    chars = align_streams(gold, sys)
    assert chars.differences() == [((len(left), len(left) + 30), (len(left), len(left)))]
    assert len(chars.runs) == 2


def test_anchor_length_is_documented():
    assert ANCHOR == 8


@pytest.mark.parametrize(
    "gold_ends, sys_ends",
    [([2, 4], [1, 4]), ([4], [4]), ([1, 2, 3, 4], [4])],
)
def test_group_units_partitions(gold_ends, sys_ends):
    chars = CharAlignment(4, 4, ((0, 0, 4),))
    groups = group_units(gold_ends, sys_ends, chars)
    assert groups[0].gold[0] == 0 and groups[-1].gold[1] == len(gold_ends)
    assert all(a.gold[1] == b.gold[0] and a.sys[1] == b.sys[0] for a, b in zip(groups, groups[1:]))


def test_units_without_characters_still_get_a_group():
    # e.g. two failed parses "(TOP ())": both streams are empty; a unit without
    # characters is a group of its own, paired in order with the other side's
    assert summary([""], [""]) == [((0, 1), (0, 1), EXACT)]
    assert summary(["", ""], [""]) == [((0, 1), (0, 1), EXACT), ((1, 2), (1, 1), GOLD_ONLY)]
    # never glued to a neighbour where both sides cut: "a" stays exact
    assert summary(["a", "", "b"], ["a", "b"]) == [
        ((0, 1), (0, 1), EXACT), ((1, 2), (1, 1), GOLD_ONLY), ((2, 3), (1, 2), EXACT)]
    assert summary(["a"], ["", "a", ""]) == [
        ((0, 0), (0, 1), SYSTEM_ONLY), ((0, 1), (1, 2), EXACT), ((1, 1), (2, 3), SYSTEM_ONLY)]
    # where no cut separates it from its neighbours it stays in their group
    assert summary(["ab"], ["a", "", "b"]) == [((0, 1), (0, 3), MERGED)]


def test_common_prefix_gallops_from_a_small_step():
    from jpcore.align.streams import common_prefix

    a = "x" * 100_000
    assert common_prefix(a, a + "y", 0, 0) == 100_000
    assert common_prefix("abcdef", "abcxef", 0, 0) == 3
    assert common_prefix("abc", "zabc", 0, 1) == 3
    assert common_prefix("", "abc", 0, 0) == 0
