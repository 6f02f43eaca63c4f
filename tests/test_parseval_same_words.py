"""Alignment-mode PARSEVAL's shortcut for trees with the same words (jpcore/parseval/same_words.py).

The C scorer must give exactly the result of the general path (character
alignment, then :func:`jpcore.parseval.score.score_pair`): the same pairs,
word units, constituents with their statuses and flags, counts and JSON.
Checked on the treebank section of the bench, on every shared tree pair with
the same words, and on generated tree pairs (labels that are cut or dropped,
unary chains, nodes without words, crossing brackets, changed tags).
"""

from __future__ import annotations

import random

import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bench import treebank
from bench.shared_data import SHARED_DATA
from jpcore.formats.trees import read_trees_bytes
from jpcore.parseval import same_words
from jpcore.parseval.evaluation import default_normaliser, evaluate, render_report
from jpcore.parseval.score import LabelCutter


def both_paths(gold: bytes, system: bytes) -> tuple:
    """(shortcut result, general result) of the same input; the shortcut must have been taken."""
    gold_trees, sys_trees = read_trees_bytes(gold, "gold"), read_trees_bytes(system, "system")
    assert same_words.same_words_pairs(gold_trees, sys_trees, default_normaliser(), LabelCutter()) is not None
    fast = evaluate(gold_trees, sys_trees)
    built, same_words._pairscore = same_words._pairscore, None
    try:
        general = evaluate(gold_trees, sys_trees)
    finally:
        same_words._pairscore = built
    return fast, general


def assert_same(fast, general) -> None:
    assert render_report(fast) == render_report(general)
    assert orjson.dumps(fast.to_dict()) == orjson.dumps(general.to_dict())
    for mine, theirs in zip(fast.pairs, general.pairs, strict=True):
        assert list(mine.words) == list(theirs.words)
        assert list(mine.gold_constituents) == list(theirs.gold_constituents)
        assert list(mine.sys_constituents) == list(theirs.sys_constituents)


def test_treebank_section() -> None:
    gold, system = treebank.section(bug_trees=300, sample_trees=200)
    fast, general = both_paths(gold, system)
    assert len(fast.pairs) == 500
    assert_same(fast, general)
    summary = fast.summary()
    assert 0 < summary.matched < summary.gold and summary.cross > 0  # errors of every kind are exercised


def test_shared_pairs_with_the_same_words() -> None:
    """Every gold/test pair of the shared PARSEVAL data whose trees have the same words."""
    taken = 0
    for gold_path in sorted((SHARED_DATA / "parseval").rglob("*.gld")):
        sys_path = gold_path.with_suffix(".tst")
        if not sys_path.exists():
            continue
        gold, system = gold_path.read_bytes(), sys_path.read_bytes()
        try:
            gold_trees, sys_trees = read_trees_bytes(gold, "g"), read_trees_bytes(system, "s")
        except Exception:  # noqa: BLE001 - files made to test the reader's errors
            continue
        if not gold_trees or [t.words for t in gold_trees] != [t.words for t in sys_trees]:
            continue
        taken += 1
        assert_same(*both_paths(gold, system))
    assert taken >= 3


def test_other_words_take_the_general_path() -> None:
    gold = read_trees_bytes(b"(S (NP (DT the) (NN cat)) (VP (VBD sat)))\n", "g")
    system = read_trees_bytes(b"(S (NP (DT The) (NN cat)) (VP (VBD sat)))\n", "s")
    assert same_words.same_words_pairs(gold, system, default_normaliser(), LabelCutter()) is None
    empty = read_trees_bytes(b"(S (NP (DT the) (NN cat)))\n(TOP ())\n", "g")
    assert same_words.same_words_pairs(empty, empty, default_normaliser(), LabelCutter()) is None


LABELS = ["S", "NP", "VP", "NP-SBJ", "S=2", "-NONE-", "TOP", "", "ADVP", "PRT", "X-1", "=X", "PP"]
TAGS = ["NN", "DT", "VB", ",", "-NONE-", "IN"]


def random_tree(words: list[str], rng: random.Random) -> str:
    """A bracketing of ``words`` with random labels, unary chains, nodes without words."""

    def phrase(lo: int, hi: int, depth: int) -> str:
        if hi - lo == 1 and (depth > 3 or rng.random() < 0.6):
            inner = f"({rng.choice(TAGS)} {words[lo]})"
        else:
            cuts = sorted(rng.sample(range(lo + 1, hi), min(hi - lo - 1, rng.randint(0, 3)))) if hi - lo > 1 else []
            bounds = [lo, *cuts, hi]
            children = [phrase(a, b, depth + 1) for a, b in zip(bounds, bounds[1:])]
            if rng.random() < 0.15:
                children.insert(rng.randint(0, len(children)), f"({rng.choice(LABELS)})")
            inner = f"({rng.choice(LABELS)} {' '.join(children)})"
        while rng.random() < 0.15:  # a unary chain
            inner = f"({rng.choice(LABELS)} {inner})"
        return inner

    return phrase(0, len(words), 0)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(min_value=1, max_value=9), min_size=1, max_size=6), st.integers(0, 2**32))
def test_generated_tree_pairs(sizes: list[int], seed: int) -> None:
    rng = random.Random(seed)
    vocabulary = ["a", "b", "the", "``", "-LRB-", "Cat", "x1", "é"]
    gold_lines, sys_lines = [], []
    for size in sizes:
        words = [rng.choice(vocabulary) for _ in range(size)]
        gold_lines.append(random_tree(words, rng))
        sys_lines.append(random_tree(words, rng))
    gold = ("\n".join(gold_lines) + "\n").encode()
    system = ("\n".join(sys_lines) + "\n").encode()
    assert_same(*both_paths(gold, system))


@pytest.mark.parametrize("gold, system", [
    # a long unary chain of one label on both sides: matched by sorting, not scanning
    ("(S " * 40 + "(NN a) (NN b)" + ")" * 40, "(S " * 30 + "(NP (NN a) (NN b))" + ")" * 30),
    # spans that cross both ways
    ("(S (A (NN a) (NN b)) (B (NN c) (NN d)))", "(S (NN a) (C (NN b) (NN c)) (NN d))"),
    # a deep tree (1,000 levels)
    ("(X " * 1000 + "(NN a) (NN b) (NN c)" + ")" * 1000, "(Y (NN a) (Z (NN b) (NN c)))"),
])
def test_hard_shapes(gold: str, system: str) -> None:
    assert_same(*both_paths(gold.encode() + b"\n", system.encode() + b"\n"))


def test_the_scorer_is_built() -> None:
    """The test command builds the C scorer (setup.py); without it these tests would
    compare the general path with itself."""
    assert same_words._pairscore is not None


def test_pairs_are_made_when_read() -> None:
    import pickle

    gold, system = treebank.section(bug_trees=6, sample_trees=4)
    gold_trees, sys_trees = read_trees_bytes(gold, "g"), read_trees_bytes(system, "s")
    pairs = same_words.same_words_pairs(gold_trees, sys_trees, default_normaliser(), LabelCutter())
    assert isinstance(pairs, same_words.SameWordsPairs) and len(pairs) == 10
    assert all(made is None for made in pairs._made)  # the counts alone so far
    rows = pairs.rows()
    assert all(made is None for made in pairs._made)
    assert [pair.row() for pair in pairs] == rows  # each pair's own row: the same numbers
    assert pairs[3] is pairs[3] and pairs[-1] is pairs[9] and pairs[2:4] == [pairs[2], pairs[3]]
    with pytest.raises(IndexError):
        pairs[10]
    again = pickle.loads(pickle.dumps(pairs))
    assert type(again) is list and again == list(pairs) and pairs == again
