"""Tokens without characters through the C paths: the tree scanner and the pair scorer
answer as the Python reference does (DESIGN's accelerator rule; issue 29).

The generator of tests/empty_keys.py (no-break, ideographic and zero-width
spaces, byte order marks, alone and combined, at every place) writes the
trees; the scanner (``jpcore/formats/_treescan.c``) must read them as the
Python reader does, and PARSEVAL with the pair scorer
(``jpcore/parseval/_pairscore.c``, trees with the same words) must give what
the general path gives.  The scorer declines a side with an empty word (its
shortcut assumes every word has characters): then both are the general path.
"""

from __future__ import annotations

from hypothesis import given, settings

from jpcore.formats import trees
from jpcore.formats.trees import read_trees_bytes
from jpcore.parseval import same_words
from jpcore.parseval.evaluation import default_normaliser, evaluate
from jpcore.parseval.score import LabelCutter
from tests.empty_keys import EMPTY_TREE, Pair, bracketed, pairs
from tests.test_parseval_same_words import assert_same
from tests.test_tree_scan import public_read, python_read

BUDGET = settings(max_examples=80, deadline=None)


def no_chars(token: str) -> bool:
    return default_normaliser().key(token) == ""


def test_both_accelerators_are_built() -> None:
    assert trees._treescan is not None and same_words._pairscore is not None


@BUDGET
@given(pairs(EMPTY_TREE))
def test_the_tree_scanner_reads_empty_words_as_python_does(pair: Pair) -> None:
    for document in (pair.gold, pair.sys):
        data = bracketed(document, no_chars)
        assert public_read(data, "t.mrg") == python_read(data, "t.mrg")


def general(gold_trees, sys_trees):
    built, same_words._pairscore = same_words._pairscore, None
    try:
        return evaluate(gold_trees, sys_trees)
    finally:
        same_words._pairscore = built


@BUDGET
@given(pairs(EMPTY_TREE))
def test_the_pair_scorer_agrees_with_the_general_path(pair: Pair) -> None:
    # the same words tree by tree, bracketed two ways: with the empty words, and without them
    for document in (pair.gold, pair.stripped().gold):
        gold_trees = read_trees_bytes(bracketed(document, no_chars, 2), "g")
        sys_trees = read_trees_bytes(bracketed(document, no_chars, 3), "s")
        shortcut = same_words.same_words_pairs(gold_trees, sys_trees, default_normaliser(), LabelCutter())
        has_empty = any(map(no_chars, (word for tree in gold_trees for word in tree.words)))
        assert (shortcut is None) == has_empty
        assert_same(evaluate(gold_trees, sys_trees), general(gold_trees, sys_trees))
