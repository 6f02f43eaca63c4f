"""PARSEVAL after alignment against a brute-force counter (hypothesis).

One sequence of words is bracketed and cut into sentences twice, at random
(gold and system: same leaves, any segmentation, any bracketing).  With
identical leaves every word unit is one word, so each constituent is a span
of the whole text, and EVALB's counts over the aligned pairs must equal the
brute force over the whole file:

* matched = the multiset intersection of labelled spans (label cut at the
  first ``-``/``=``; ``TOP``, empty labels, pre-terminals and spans without
  words make no constituent);
* crossing = system constituents that some gold constituent overlaps
  partially (a partial overlap needs a shared word, so the two lie in one
  aligned pair);
* correct tags = positions whose POS tags are equal.

The crossing counter itself (:mod:`jpcore.peers.evalb.crossing`, which both modes
use for long sentences) is checked against the pairwise definition, and the
table-based counts of both modes against the sweep on deep chains.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jpcore.peers.evalb.params import EvalbParams
from jpcore.formats.trees import read_trees
from jpcore.peers.evalb import calc as evalb_calc, legacy as evalb_legacy
from jpcore import parseval
from jpcore.peers.evalb.crossing import crossed, crossed_naive
from jpcore.parseval.result import TreePair
from jpcore.parseval.score import Constituent, crossing_flags, crossing_flags_laminar

WORDS = ["a", "b", "ab", "the", "cat", "-LRB-", "``", "x"]
TAGS = ["DT", "NN", "VB"]
LABELS = ["S", "NP", "VP", "X", "NP-SBJ", "S=1", "TOP", ""]
NO_CONSTITUENT = {"", "TOP"}


def cut(label: str) -> str:
    for i, char in enumerate(label):
        if char in "-=":
            return label[:i]
    return label


@st.composite
def bracketing(draw, start: int, end: int, words: list[str], tags: list[str], spans: list):
    """A random tree over ``words[start:end]`` as text; its brackets (cut labels) go to ``spans``."""
    if end - start == 1 and draw(st.booleans()):
        return f"({tags[start]} {words[start]})"
    label = draw(st.sampled_from(LABELS))
    if end - start == 1:
        children = [(start, end)]
    else:
        points = sorted(draw(st.sets(st.integers(start + 1, end - 1), max_size=2)))
        bounds = [start, *points, end]
        children = list(zip(bounds, bounds[1:]))
    inner = " ".join(draw(bracketing(a, b, words, tags, spans)) for a, b in children)
    spans.append((start, end, cut(label)))
    return f"({label} {inner})"


@st.composite
def tree_file(draw, words: list[str]):
    """A random segmentation and bracketing of ``words``: (text, brackets, tags)."""
    tags = [draw(st.sampled_from(TAGS)) for _ in words]
    cuts = sorted(draw(st.sets(st.integers(1, len(words) - 1), max_size=4))) if len(words) > 1 else []
    bounds = [0, *cuts, len(words)]
    spans: list = []
    lines = []
    for a, b in zip(bounds, bounds[1:]):
        body = draw(bracketing(a, b, words, tags, spans))
        if draw(st.booleans()):
            body = f"(TOP {body})"
            spans.append((a, b, "TOP"))
        lines.append(body)
    layout = draw(st.sampled_from(["\n", " ", "\n\n"]))  # one per line, one line, blank lines
    return layout.join(lines) + "\n", spans, tags


@st.composite
def two_files(draw):
    words = draw(st.lists(st.sampled_from(WORDS), min_size=1, max_size=12))
    return words, draw(tree_file(words)), draw(tree_file(words))


def constituents(brackets: list, ignored: set[str]) -> list:
    return [bracket for bracket in brackets if bracket[2] not in ignored]


def brute_force(gold_spans: list, sys_spans: list, gold_tags: list, sys_tags: list) -> tuple:
    matched = sum((Counter(gold_spans) & Counter(sys_spans)).values())
    cross = sum(
        any(a < s < b < e or s < a < e < b for a, b, _ in gold_spans)
        for s, e, _ in sys_spans
    )
    correct = sum(g == t for g, t in zip(gold_tags, sys_tags))
    return matched, len(gold_spans), len(sys_spans), cross, len(gold_tags), correct


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(two_files())
def test_alignment_mode_counts_equal_the_brute_force(case):
    words, (gold_text, gold_spans, gold_tags), (sys_text, sys_spans, sys_tags) = case
    result = parseval.evaluate(read_trees(gold_text, "gold"), read_trees(sys_text, "sys"))
    totals = result.totals
    counts = tuple(totals[k] for k in ("matched", "gold", "test", "cross", "words", "correct_tags"))
    expected = brute_force(constituents(gold_spans, NO_CONSTITUENT), constituents(sys_spans, NO_CONSTITUENT),
                           gold_tags, sys_tags)
    assert counts == expected, (gold_text, sys_text)
    # every pair is exact or merged (same leaves), and the pairs partition both files
    assert all(pair.kind in ("exact", "merged") for pair in result.pairs)
    assert [p.gold for p in result.pairs] == list(zip([0] + [p.gold[1] for p in result.pairs][:-1],
                                                       [p.gold[1] for p in result.pairs]))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(two_files())
def test_legacy_mode_counts_equal_the_brute_force_on_one_tree_per_line(case):
    # EVALB pairs lines: give it the two bracketings as one tree each, under
    # a root without a label; EVALB counts empty labels (and the root), and
    # DELETE_LABEL TOP drops the TOP brackets
    words, (gold_text, gold_spans, gold_tags), (sys_text, sys_spans, sys_tags) = case
    gold_line = "( " + " ".join(gold_text.split()) + ")\n"
    sys_line = "( " + " ".join(sys_text.split()) + ")\n"
    root = [(0, len(words), "")]
    params = EvalbParams(delete_labels=("TOP",))
    result = evalb_legacy.evaluate(gold_line.encode(), sys_line.encode(), params)
    (row,) = result.rows
    counts = (row.matched, row.gold, row.test, row.cross, row.words, row.correct_tags)
    assert row.status == 0
    assert counts == brute_force(constituents(gold_spans, {"TOP"}) + root, constituents(sys_spans, {"TOP"}) + root,
                                 gold_tags, sys_tags)


EQ_PAIRS = [("S", "NP"), ("NP", "VP"), ("S", "VP"), ("X", "NP"), ("DT", "NN"), ("NN", "VB")]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(two_files(), st.sets(st.sampled_from(EQ_PAIRS)))
def test_legacy_eq_labels_count_as_evalb_does_step_by_step(case, pairs):
    # EQ_LABEL pairs that make an equivalence are matched by class
    # (EvalbConfig.classes); others (S~NP, NP~VP without S~VP) bracket by
    # bracket.  Either way the rows equal DEBUG mode's, which replays
    # evalb.c's loops literally (calc_traced).
    words, (gold_text, _, _), (sys_text, _, _) = case
    gold_line = ("( " + " ".join(gold_text.split()) + ")\n").encode()
    sys_line = ("( " + " ".join(sys_text.split()) + ")\n").encode()
    params = EvalbParams(delete_labels=("TOP",), eq_labels=tuple(sorted(pairs)))
    fast = evalb_legacy.evaluate(gold_line, sys_line, params)
    step_by_step = evalb_legacy.evaluate(gold_line, sys_line, replace(params, debug=1))
    assert [replace(row, debug_after="") for row in step_by_step.rows] == fast.rows


def test_eq_label_classes_only_for_an_equivalence():
    from jpcore.peers.evalb.reader import EvalbConfig

    assert EvalbConfig(EvalbParams(eq_labels=(("ADVP", "PRT"),))).classes == {b"ADVP": b"ADVP", b"PRT": b"ADVP"}
    assert EvalbConfig(EvalbParams(eq_labels=(("A", "B"), ("B", "C")))).classes is None
    assert EvalbConfig(EvalbParams(eq_labels=(("A", "B"), ("B", "C"), ("A", "C")))).classes == {
        b"A": b"A", b"B": b"A", b"C": b"A"}
    assert EvalbConfig(EvalbParams()).classes == {}


spans = st.lists(st.tuples(st.integers(-3, 30), st.integers(-3, 30)), max_size=25)


@settings(max_examples=500, deadline=None)
@given(spans, spans)
def test_crossing_sweep_equals_the_definition(fixed, probes):
    assert crossed(fixed, probes) == crossed_naive(fixed, probes)
    gold = [(a, b, b"X") for a, b in fixed]
    test = [(a, b, b"X") for a, b in probes]
    assert evalb_calc.crossing_naive(gold, test) == sum(crossed_naive(fixed, probes))


def _chain(n: int, right: bool) -> list[tuple[int, int]]:
    return [(k, n) for k in range(n - 1)] if right else [(0, k) for k in range(2, n + 1)]


def test_table_and_sweep_agree_on_deep_chains():
    # above TABLE_LIMIT the sweep answers; below, the tables: same answers
    for n in (3, 10, 60, 400):
        gold, test = _chain(n, True), _chain(n, False)
        expected = sum(crossed_naive(gold, test))
        assert expected == n - 2
        assert evalb_calc.crossing([(a, b, b"X") for a, b in gold], [(a, b, b"Y") for a, b in test]) == expected
        fixed = [Constituent("X", a, b, 0, 0, "gold-only") for a, b in gold]
        probes = [Constituent("Y", a, b, 0, 0, "system-only") for a, b in test]
        assert sum(crossing_flags(fixed, probes, n)) == expected
        assert sum(crossing_flags_laminar(fixed, probes, n)) == expected  # gold's chain: nested, outer first


def test_long_unary_chains_match_one_to_one_in_linear_time():
    # 20,000 nested X over one word on both sides, 10,000 Y inside the
    # system's: EVALB matches every X once (each list used to be popped from
    # its front: quadratic)
    n = 20_000
    gold = "(S " + "(X " * n + "(NN w)" + ")" * n + ")\n"
    system = "(S " + "(X " * n + "(Y " * (n // 2) + "(NN w)" + ")" * (n + n // 2) + ")\n"
    result = parseval.evaluate(read_trees(gold), read_trees(system))
    totals = result.totals
    assert (totals["matched"], totals["gold"], totals["test"]) == (n + 1, n + 1, n + n // 2 + 1)
    (row,) = evalb_legacy.evaluate(gold.encode(), system.encode(), EvalbParams()).rows
    assert (row.matched, row.gold, row.test) == (n + 1, n + 1, n + n // 2 + 1)
    assert isinstance(result.pairs[0], TreePair)
