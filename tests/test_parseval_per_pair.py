"""Alignment-mode PARSEVAL pair by pair: the C scorer for the pairs of one tree each with
the same words, the general path for the others (jpcore/parseval/evaluation.py).

The result must be exactly the reference's, :func:`evaluate_general` (the whole file
aligned at both levels, every pair scored in Python): the same pairs, word units,
constituents with their statuses and flags, counts, report and JSON, pair by pair.
Checked on real GUM trees against the raw-text system the bench derives from them
(re-tokenized by nltk, sentences merged and split: :mod:`bench.gum_raw`), and on
generated files where a few trees differ in their words or are split or merged.
"""

from __future__ import annotations

import random
from array import array

import orjson
from hypothesis import given, settings
from hypothesis import strategies as st

from bench import gum_raw
from jpcore.formats.trees import read_trees_bytes
from jpcore.parseval import same_words
from jpcore.parseval.evaluation import evaluate, evaluate_general, render_report
from jpcore.parseval.result import summaries
from jpcore.peers.evalb.report import HEADER, render_row, render_summary
from tests.test_parseval_same_words import random_tree


def both_paths(gold: bytes, system: bytes) -> tuple:
    """(result, reference result); the C scorer must have been taken (pair by pair, or for
    the whole file when every tree has the same words)."""
    gold_trees, sys_trees = read_trees_bytes(gold, "gold"), read_trees_bytes(system, "system")
    fast = evaluate(gold_trees, sys_trees)
    assert isinstance(fast.pairs, same_words.SameWordsPairs)
    return fast, evaluate_general(gold_trees, sys_trees)


def row_object_report(result) -> str:
    """The report printed through the row objects (:class:`EvalbRow`, ``render_row``,
    ``EvalbSummary.add``): the reference of the printed table, which is made from plain
    counts (``row_counts``, ``render_rows``, ``EvalbSummary.of_counts``)."""
    rows = result.rows()
    return (HEADER + "".join(map(render_row, rows))
            + render_summary(*summaries(rows, result.cutoff_len), result.cutoff_len))


def assert_same(fast, general) -> None:
    """Equal pair by pair (each field), then as a whole (report and JSON)."""
    assert len(fast.pairs) == len(general.pairs)
    for mine, theirs in zip(fast.pairs, general.pairs, strict=True):
        assert (mine.index, mine.gold, mine.sys, mine.kind, mine.gold_lines, mine.sys_lines, mine.length) == \
            (theirs.index, theirs.gold, theirs.sys, theirs.kind, theirs.gold_lines, theirs.sys_lines, theirs.length)
        assert list(mine.words) == list(theirs.words)
        assert list(mine.gold_constituents) == list(theirs.gold_constituents)
        assert list(mine.sys_constituents) == list(theirs.sys_constituents)
        assert (mine.matched, mine.cross, mine.correct_tags) == (theirs.matched, theirs.cross, theirs.correct_tags)
    assert fast.rows() == general.rows()
    assert fast.row_counts() == general.row_counts() == [
        (row.id, row.length, row.status, row.matched, row.gold, row.test, row.cross, row.words, row.correct_tags)
        for row in general.rows()]
    assert render_report(fast) == render_report(general) == row_object_report(general) == row_object_report(fast)
    assert orjson.dumps(fast.to_dict()) == orjson.dumps(general.to_dict())


def test_gum_raw_text_system() -> None:
    """600 real GUM trees against the raw-text system derived from them."""
    gold, _, raw = gum_raw.systems(trees=600)
    fast, general = both_paths(gold, raw)
    assert_same(fast, general)
    pairs = fast.pairs
    assert pairs._fast is not None  # pair by pair
    n_fast = len(pairs._fast) // 5
    shapes = {pair.shape for pair in general.pairs}
    # most pairs by the C scorer, some by the general path, sentences merged and split among them
    assert len(pairs) - n_fast > 20 and n_fast > 400 and {"1:1", "n:1", "1:n"} <= shapes
    assert (fast.summary().matched, fast.summary().gold, fast.summary().test) == \
        (general.summary().matched, general.summary().gold, general.summary().test)


def test_gum_raw_text_counts() -> None:
    """The headline figures of the whole raw-text system (exact values, 4,636 gold trees)."""
    gold, _, raw = gum_raw.systems()
    result = evaluate(read_trees_bytes(gold, "gold"), read_trees_bytes(raw, "system"))
    summary = result.summary()
    assert (len(result.pairs), summary.matched, summary.gold, summary.test) == (4518, 73784, 82957, 82784)


VOCABULARY = ["a", "b", "the", "``", "-LRB-", "Cat", "x1", "é", "ca", "n't"]


def changed_words(words: list[str], rng: random.Random) -> list[str]:
    """``words`` as a tokenizer might cut them differently: two joined, one split, one rewritten."""
    words = list(words)
    k = rng.randrange(len(words))
    choice = rng.random()
    if choice < 0.35 and len(words) > 1 and k + 1 < len(words):
        words[k:k + 2] = [words[k] + words[k + 1]]
    elif choice < 0.7 and len(words[k]) > 1:
        words[k:k + 1] = [words[k][:1], words[k][1:]]
    else:
        words[k] = words[k] + "q"
    return words


@settings(max_examples=120, deadline=None)
@given(st.lists(st.integers(min_value=1, max_value=8), min_size=2, max_size=9), st.integers(0, 2**32))
def test_generated_files(sizes: list[int], seed: int) -> None:
    """Most trees with the same words, a few with other words, some merged or split."""
    rng = random.Random(seed)
    gold_lines, sys_lines = [], []
    pending: list[str] = []  # system words waiting to be merged with the next sentence's
    for size in sizes:
        words = [rng.choice(VOCABULARY) for _ in range(size)]
        gold_lines.append(random_tree(words, rng))
        draw = rng.random()
        sys_words = changed_words(words, rng) if draw < 0.2 else words
        sys_words = pending + sys_words
        pending = []
        if 0.2 <= draw < 0.3:
            pending = sys_words  # merged with the next sentence
            continue
        if 0.3 <= draw < 0.4 and len(sys_words) > 1:
            cut = rng.randrange(1, len(sys_words))
            sys_lines += [random_tree(sys_words[:cut], rng), random_tree(sys_words[cut:], rng)]
            continue
        sys_lines.append(random_tree(sys_words, rng))
    if pending:
        sys_lines.append(random_tree(pending, rng))
    gold = ("\n".join(gold_lines) + "\n").encode()
    system = ("\n".join(sys_lines) + "\n").encode()
    assert_same(*both_paths(gold, system))


def test_a_token_without_characters_aligns_the_whole_file() -> None:
    """A token whose key is empty (a no-break space) may join a neighbour sentence's
    word group: such a file is aligned as a whole, by the reference itself."""
    gold = "(S (NN a) (NN b))\n(S (NN c) (NN \u200b))\n(S (NN d))\n".encode()
    system = b"(S (NN a) (NN b))\n(S (NN c))\n(S (NN d))\n"
    fast = evaluate(read_trees_bytes(gold, "g"), read_trees_bytes(system, "s"))
    assert isinstance(fast.pairs, list)
    assert render_report(fast) == render_report(evaluate_general(read_trees_bytes(gold, "g"),
                                                                 read_trees_bytes(system, "s")))


def test_keys_at_once_are_each_tokens_key() -> None:
    """:meth:`Normaliser.keys` (every token at once) equals :meth:`Normaliser.key` token by
    token: GUM's words and both systems', spaces, invisible and NUL characters, every table."""
    from jpcore.align.similarity import Normaliser, known_languages

    gold, same, raw = gum_raw.systems(trees=600)
    words = sorted({word for data in (gold, same, raw) for tree in read_trees_bytes(data, "f") for word in tree.words})
    words += ["a\u00a0b", "\u200b", "-LRB-", " -RRB- ", "\u00c9\u00df\u03a3", "", "x\x00y", "``", "''"]
    for language in known_languages():
        for casefold in (True, False):
            for contractions in (True, False):
                normaliser = Normaliser.for_language(language, casefold=casefold, contractions=contractions)
                for tokens in (words, words[:-3], [], ["\x00"]):
                    assert normaliser.keys(tokens) == [normaliser.key(token) for token in tokens]


def _table(*tree_lists) -> dict[str, str]:
    from jpcore.parseval.evaluation import default_normaliser

    distinct = sorted({word for trees in tree_lists for tree in trees for word in tree.words})
    return dict(zip(distinct, default_normaliser().keys(distinct)))


def test_side_stream_is_the_python_side() -> None:
    """The C ``side_stream`` (one side's keys joined, each token's end) makes exactly the
    Side of :func:`_side_python`, the reference: on GUM and both its systems, on trees with
    words whose keys change their length (``-LRB-``, quotes, case), and on no tree."""
    from jpcore.parseval.evaluation import _side, _side_python

    gold, same, raw = gum_raw.systems(trees=600)
    sides = [read_trees_bytes(data, name) for data, name in ((gold, "g"), (same, "s"), (raw, "r"))]
    odd = read_trees_bytes("(S (-LRB- -LRB-) (NN Stra\u00dfe) (`` ``) (NN a\u00a0b))\n(X (Y z))\n".encode(), "o")
    table = _table(*sides, odd)
    for trees in (*sides, odd, []):
        made = same_words.side_stream([tree.words for tree in trees], table)
        assert made is not None
        fast, reference = _side(trees, table), _side_python(trees, table)
        assert (fast.stream, list(fast.token_ends), list(fast.sentence_ends), list(fast.token_starts)) == \
            (reference.stream, list(reference.token_ends), list(reference.sentence_ends),
             list(reference.token_starts))
    assert _side(odd, table).stream == "".join(table[word] for tree in odd for word in tree.words)


def test_side_stream_declines_what_it_does_not_handle() -> None:
    """``None`` (the Python path then runs, and raises where it must) for a word missing from
    the table, a key that is not a str, an item that is not a list."""
    assert same_words.side_stream([["a", "b"]], {"a": "a"}) is None
    assert same_words.side_stream([["a"]], {"a": 1}) is None
    assert same_words.side_stream([("a",)], {"a": "a"}) is None
    assert same_words.side_stream([["a", "bc"], [], ["a"]], {"a": "a", "bc": "bc"}) == \
        ("abca", array("i", [1, 3, 4]).tobytes())
