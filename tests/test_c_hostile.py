"""The four C accelerators on hostile input: the Python path's answer or its error, never a crash.

tests/test_tree_scan.py, tests/test_parseval_same_words.py,
tests/test_parseval_quick.py and tests/test_evalb_fastlines.py hold each accelerator equal to its Python
reference on real data and on generated well-formed text; here the input is
made to hurt: nesting 10^5 and 10^6 deep, 10^6-byte words and labels, NUL,
bytes that are not UTF-8, CR / CRLF / BOM, unbalanced brackets, empty labels,
10^5 tiny trees, pairs whose word counts differ by one, every EVALB
parameter, and the modules called directly with inconsistent arguments.  Each
case compares the public function (C first) with the pure-Python path
through the helpers of those four files.  ``tests/sanitizers.py`` runs this
file again with the modules built under AddressSanitizer and
UndefinedBehaviorSanitizer, so an out-of-bounds access or undefined behaviour
fails the test command even where the answer happens to be right.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jpcore.errors import InputError
from jpcore.formats import trees
from jpcore.formats.trees import read_trees_bytes
from jpcore.parseval import quick, same_words
from jpcore.parseval.evaluation import default_normaliser, evaluate
from jpcore.parseval.score import LabelCutter
from jpcore.peers.evalb import legacy
from jpcore.peers.evalb.params import EvalbParams, collins
from jpcore.peers.evalb.reader import EvalbConfig
from tests.test_evalb_fastlines import PARAMS, _both, _python_row, _score
from tests.test_parseval_same_words import assert_same, both_paths, random_tree
from tests.test_tree_scan import public_read, python_read

#: one budget for every generated test here (the sanitized run repeats them)
BUDGET = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                        HealthCheck.data_too_large])


def short(value: object) -> str:
    """A test id that stays short for a million-byte argument."""
    text = repr(value)
    return text if len(text) <= 40 else f"{text[:30]}..{len(value)}B"  # type: ignore[arg-type]


def deep(depth: int, inner: bytes = b"(NN a)", label: bytes = b"X") -> bytes:
    """One tree nested ``depth`` brackets deep around ``inner``."""
    return b"(" + label + b" " + (b"(" + label + b" ") * (depth - 1) + inner + b")" * depth


def _flat_forms(read: list) -> list[tuple]:
    """Each tree as its flat form, words and lines: cheap to compare on a very deep tree."""
    out = []
    for tree in read:
        labels, node_words, ints = tree.flat()
        out.append((labels, node_words, ints.tobytes(), tree.words, tree.tags, tree.first_line, tree.last_line))
    return out


def flat_of(data: bytes) -> list[tuple]:
    """The public reader's trees (the scanner first) as :func:`_flat_forms`."""
    return _flat_forms(read_trees_bytes(data, "deep"))


def python_flat_of(data: bytes) -> list[tuple]:
    """:func:`flat_of` through the Python reader alone."""
    return _flat_forms(trees._read_checked(data.decode("utf-8"), "deep"))


# --------------------------------------------------------------------------
# _treescan
# --------------------------------------------------------------------------

def test_scanner_on_a_tree_a_million_deep() -> None:
    data = deep(10**6) + b"\n"
    assert trees._treescan.scan(data) is not None  # the scanner's path, not a fallback
    assert flat_of(data) == python_flat_of(data)


def test_scanner_on_nesting_left_open_or_closed_too_often() -> None:
    for data in (b"(X " * 10**5, b")" * 10**5, deep(10**5) + b")", b"(X " * 10**5 + b"(NN a b)"):
        assert trees._treescan.scan(data) is None
        assert public_read(data, "hostile") == python_read(data, "hostile")


def test_scanner_on_a_tree_a_hundred_thousand_deep_as_data() -> None:
    data = deep(10**5, b"(NN a) (-NONE- *) (X)")
    assert public_read(data, "deep") == python_read(data, "deep")


@pytest.mark.parametrize("data", [
    b"(S (NN " + b"w" * 10**6 + b"))\n",
    b"(" + b"L" * 10**6 + b" (NN a))\n",
    b"(S (NN " + "é".encode() * 500_000 + b"))\n",
    b"(S (NN " + b"w" * 10**6 + b"\xff))\n",
    b"(S (NN " + b"w" * 10**6 + b"\x00))\n",
    b"(S (NN " + b"w" * 10**6,
], ids=short)
def test_scanner_on_million_byte_tokens(data: bytes) -> None:
    assert public_read(data, "long") == python_read(data, "long")


def test_scanner_on_a_hundred_thousand_tiny_trees() -> None:
    data = b"(A x)\n(B)\r\n( (C y))\r" * 33_334
    scanned = trees._treescan.scan(data)
    assert scanned is not None and len(scanned) == 100_002
    assert flat_of(data) == python_flat_of(data)


@pytest.mark.parametrize("data", [
    b"\x00", b"(\x00)", b"(A\x00 x)", b"(A x\x00)", b"(A x)\x00",
    b"(A \xff)", b"(\xfe x)", b"(A \xc3)", b"(A \xc0\x80)", b"(A \xed\xa0\x80)", b"(A \xf4\x90\x80\x80)",
    b"(A \xe2\x82)", b"\xef\xbb\xbf", b"\xef\xbb\xbf\xef\xbb\xbf(A x)", b"(A \xef\xbb\xbf)",
    b"(A x)\r", b"\r\r\r(A\r\nx)\r\n", b"\n\r\n\r(A x)", b"(A\rx\r)\r(B\ny)",
    b"()", b"(())", b"( )", b"( x)", b"(( x))", b"(() x)", b"(A ()(B x))", b"(A (B x)())",
    b")", b"(", b"(()", b"())", b"(A (B x) (C y)", b"(A (B x)))", b"x", b"(A x) y",
    b"(A x y)", b"(A (B x) y)", b"(A y (B x))", b"", b" \t\v\f\r\n",
], ids=short)
def test_scanner_edge_bytes(data: bytes) -> None:
    assert public_read(data, "edge") == python_read(data, "edge")


#: pieces of hostile tree text; a piece may be repeated many times
HOSTILE = [b"(", b")", b" ", b"\n", b"\r", b"\r\n", b"\t", b"\x00", b"\xff", b"\xc3", b"\xc3\xa9", b"\xef\xbb\xbf",
           b"\xed\xa0\x80", b"S", b"NP", b"", b"-NONE-", b"(NN a)", b"(X)", b"()", b"( ", b"(S ", b"x"]


@st.composite
def hostile_bytes(draw: st.DrawFn, pieces: list[bytes] = HOSTILE) -> bytes:
    """Concatenated hostile pieces, some repeated up to 5,000 times (deep or long runs)."""
    parts = draw(st.lists(st.tuples(st.sampled_from(pieces), st.sampled_from([1, 1, 1, 2, 3, 50, 5000])),
                          max_size=30))
    return b"".join(piece * times for piece, times in parts)


@BUDGET
@given(hostile_bytes())
def test_scanner_on_generated_hostile_bytes(data: bytes) -> None:
    assert public_read(data, "gen") == python_read(data, "gen")


@BUDGET
@given(st.integers(1, 3000), st.sampled_from([b"", b"X", b"NP-SBJ=2"]), st.integers(0, 3))
def test_scanner_on_generated_deep_trees(depth: int, label: bytes, cut: int) -> None:
    data = deep(depth, label=label)
    data = data[:len(data) - cut]  # 0 to 3 closing brackets missing
    assert public_read(data, "deep") == python_read(data, "deep")


# --------------------------------------------------------------------------
# _pairscore
# --------------------------------------------------------------------------

def python_only(gold: bytes, system: bytes):
    """evaluate() with the C scorer switched off (the general path)."""
    built, same_words._pairscore = same_words._pairscore, None
    try:
        return evaluate(read_trees_bytes(gold, "gold"), read_trees_bytes(system, "system"))
    finally:
        same_words._pairscore = built


@pytest.mark.parametrize("gold, system", [
    # 10^5 deep on one side, flat on the other; and both deep (one long unary chain)
    (deep(10**5, b"(NN a) (NN b)", b"S"), b"(S (NN a) (NN b))"),
    (deep(10**5, b"(NN a) (NN b)", b"S"), deep(10**5 - 1, b"(NN a) (NN b)", b"S")),
    # a million-byte word, a million-byte label
    (b"(S (NN " + b"w" * 10**6 + b") (NN b))", b"(S (NP (NN " + b"w" * 10**6 + b")) (NN b))"),
    (b"(" + b"L" * 10**6 + b" (NN a) (NN b))", b"(" + b"L" * 10**6 + b" (NP (NN a)) (NN b))"),
    # empty labels, labels cut to nothing, nodes without words
    (b"( (NN a) ( (NN b) (NN c)))", b"( ( (NN a) (NN b)) (NN c))"),
    (b"(-X (=Y (NN a) (NN b)) () (NN c))", b"(- (= (NN a)) (NN b) (NN c) ())"),
], ids=short)
def test_scorer_on_hostile_pairs(gold: bytes, system: bytes) -> None:
    assert_same(*both_paths(gold + b"\n", system + b"\n"))


def test_scorer_on_many_tiny_pairs() -> None:
    """(10^5 tiny trees are read above; the general path scoring them takes 20 s, so 2 * 10^4 here.)"""
    gold = b"(S (NN a))\n(X (NN b) (NN c))\n" * 10_000
    system = b"(NP (NN a))\n(X (Y (NN b)) (NN c))\n" * 10_000
    fast, general = both_paths(gold, system)
    assert len(fast.pairs) == 20_000
    assert fast.summary() == general.summary()
    assert [pair.row() for pair in fast.pairs[::97]] == [pair.row() for pair in general.pairs[::97]]


@pytest.mark.parametrize("gold, system", [
    (b"(S (NN a) (NN b))\n", b"(S (NN a) (NN b) (NN c))\n"),
    (b"(S (NN a) (NN b) (NN c))\n", b"(S (NN a) (NN b))\n"),
    (b"(S (NN a))\n(S (NN b))\n", b"(S (NN a))\n(S (NN b) (NN b))\n"),
    (b"(S (NN a))\n(S (NN b))\n", b"(S (NN a))\n"),
], ids=short)
def test_word_counts_that_differ_by_one_take_the_general_path(gold: bytes, system: bytes) -> None:
    gold_trees, sys_trees = read_trees_bytes(gold, "g"), read_trees_bytes(system, "s")
    from jpcore.parseval.evaluation import default_normaliser
    from jpcore.parseval.score import LabelCutter

    assert same_words.same_words_pairs(gold_trees, sys_trees, default_normaliser(), LabelCutter()) is None
    assert_same(evaluate(gold_trees, sys_trees), python_only(gold, system))


def _flat(data: bytes) -> list[tuple]:
    return [same_words._flat(tree) for tree in read_trees_bytes(data, "x")]


def test_scorer_called_with_inconsistent_trees_raises() -> None:
    """The module checks what it is given: a wrong shape is an exception, never a crash."""
    from jpcore.parseval.score import LabelCutter

    cutter = LabelCutter()
    count = same_words._pairscore.count_same_words
    two, three = _flat(b"(S (NN a) (NN b))"), _flat(b"(S (NN a) (NN b) (NN c))")
    labels, node_words, ints, tags, words = two[0]
    with pytest.raises(ValueError, match="as many tags"):
        count(two, three, cutter.cache, cutter)
    with pytest.raises(ValueError, match="as many trees"):
        count(two, two + two, cutter.cache, cutter)
    with pytest.raises(ValueError, match="four 32-bit integers"):
        count([(labels, node_words, ints[:-1], tags, words)], two, cutter.cache, cutter)
    with pytest.raises(ValueError, match="four 32-bit integers"):
        count([(labels[:-1], node_words, ints, tags, words)], two, cutter.cache, cutter)
    with pytest.raises(TypeError):
        count([(labels, node_words)], two, cutter.cache, cutter)
    with pytest.raises(TypeError):
        count([("S", node_words, ints, tags, words)], two, cutter.cache, cutter)
    with pytest.raises(TypeError):
        count([(labels, node_words, 7, tags, words)], two, cutter.cache, cutter)
    with pytest.raises(ZeroDivisionError):
        count(two, two, {}, lambda label: 1 / 0)
    with pytest.raises(RuntimeError, match="did not fill its cache"):
        count(two, two, {}, lambda label: None)
    with pytest.raises(ValueError, match="positive key length"):
        same_words._pairscore.score_same_words(two, two, cutter.cache, cutter, {}, 0, 0, 0)
    with pytest.raises(ValueError, match="32-bit offsets"):
        same_words._pairscore.score_same_words(two, two, cutter.cache, cutter, {"a": 1, "b": 1}, 0, 0, 2**31 - 1)


def test_scorer_on_spans_outside_the_words() -> None:
    """Spans past the tree's words (a caller's corrupt ints) are not read outside the tables."""
    from array import array

    from jpcore.parseval.score import LabelCutter

    cutter = LabelCutter()
    ((labels, node_words, ints, tags, words),) = _flat(b"(S (A (NN a) (NN b)) (NN c))")
    for start, end in ((-5, 2), (0, 1000), (-(2**31), 2**31 - 1), (2, 1), (1000, 2000)):
        bent = array("i", ints)
        bent[4], bent[5] = start, end  # node 1 (A)
        tree = (labels, node_words, bent.tobytes(), tags, words)
        counts = memoryview(same_words._pairscore.count_same_words([tree], [tree], cutter.cache, cutter)).cast("q")
        assert counts[2] == counts[0] == counts[1]  # a tree against itself matches every bracket


@BUDGET
@given(st.lists(st.integers(min_value=1, max_value=12), min_size=1, max_size=8), st.integers(0, 2**32))
def test_scorer_on_generated_pairs_with_hostile_labels(sizes: list[int], seed: int) -> None:
    import random

    rng = random.Random(seed)
    # words that keep characters after normalisation (else the shortcut is not taken)
    vocabulary = ["a", "a\u00a0b", "\ufeffa", "é" * 50, "-LRB-", "``", "x" * 300, "\u200bz"]
    gold_lines, sys_lines = [], []
    for size in sizes:
        words = [rng.choice(vocabulary) for _ in range(size)]
        gold_lines.append(random_tree(words, rng))
        sys_lines.append(random_tree(words, rng))
    gold = ("\r\n".join(gold_lines) + "\r").encode()
    system = ("\n".join(sys_lines)).encode()
    assert_same(*both_paths(gold, system))


# --------------------------------------------------------------------------
# _fastlines
# --------------------------------------------------------------------------

def assert_evalb_alike(gold: bytes, test: bytes, params: EvalbParams = collins()) -> None:
    result, python = _both(gold, test, params)
    assert result == python


@pytest.mark.parametrize("depth", [10**5, 10**6])
def test_fastlines_on_deep_lines(depth: int) -> None:
    gold = deep(depth, b"(NN a) (NN b)", b"S") + b"\n"
    flat = b"(S (NN a) (NN b))\n"
    assert _score(gold, gold)[0] != [None]  # one bracket span: the C table is short
    assert_evalb_alike(gold, gold)
    assert_evalb_alike(gold, flat)
    assert_evalb_alike(flat, gold)


def test_fastlines_on_a_deep_chain_over_many_words() -> None:
    n = 2000
    chain = b"".join(b"(X (NN w%d) " % i for i in range(n)) + b")" * n + b"\n"
    assert _score(chain, chain)[0] == [None]  # the crossing table would be quadratic: Python sweeps
    assert_evalb_alike(chain, chain)


@pytest.mark.parametrize("gold, test", [
    (b"(S (NN " + b"w" * 10**6 + b") (NN b))\n", b"(S (NP (NN " + b"w" * 10**6 + b")) (NN b))\n"),
    (b"(" + b"L" * 10**6 + b" (NN a) (NN b))\n", b"(" + b"L" * 10**6 + b" (NN a) (NN b))\n"),
    (b"(S (" + b"T" * 10**6 + b" a))\n", b"(S (" + b"T" * 10**6 + b"U a))\n"),
    (b"(S (NN " + b"w" * 10**6 + b"\x00))\n", b"(S (NN " + b"w" * 10**6 + b"))\n"),
], ids=short)
def test_fastlines_on_million_byte_tokens(gold: bytes, test: bytes) -> None:
    assert_evalb_alike(gold, test)
    assert_evalb_alike(test, gold)


def test_fastlines_on_a_hundred_thousand_tiny_lines() -> None:
    gold = b"(S (NN a))\n(X (NN b) (NN c))\n" * 50_000
    test = b"(NP (NN a))\n(X (Y (NN b)) (NN c))\n" * 50_000
    rows, n_gold, n_test = _score(gold, test)
    assert (len(rows), rows.count(None)) == (100_000, 0)
    assert_evalb_alike(gold, test)


@pytest.mark.parametrize("gold, test", [
    (b"(S (NN a) (NN b))\n", b"(S (NN a) (NN b) (NN c))\n"),
    (b"(S (NN a) (NN b) (NN c))\n", b"(S (NN a) (NN b))\n"),
    (b"(S (NN a) (-NONE- *) (NN b))\n", b"(S (NN a) (NN *) (NN b))\n"),
    (b"(S (NN a) (VB c) (NN b))\n", b"(S (NN a) (NN b))\n"),
], ids=short)
def test_fastlines_word_counts_that_differ_by_one(gold: bytes, test: bytes) -> None:
    assert _score(gold, test)[0] == [None]
    for params in PARAMS.values():
        assert_evalb_alike(gold, test, params)


@pytest.mark.parametrize("line", [
    b"\x00", b"(S (NN a\x00))", b"(S (NN \xff\xfe) (NN \xc3))", b"\xef\xbb\xbf(S (NN a))",
    b"(S (NN a)\r(NN b))", b"(S (NN a))\r\n", b"(S\r\n(NN a))", b"()", b"(())", b"( (NN a))", b"(S ( a))",
    b"( )", b"(S (NN a)", b"(S (NN a)))", b")(S (NN a))", b"(S (NN a)) (S (NN b))", b"(S (NN a b))",
    b"(S x (NN a))", b"", b"\r", b"(S (NN a)) x", b"(S (NN a) (X) (Y ))",
], ids=short)
def test_fastlines_edge_lines(line: bytes) -> None:
    other = b"(S (NN a) (NN b))"
    for gold, test in ((line, line), (line, other), (other, line)):
        for params in (collins(), EvalbParams()):
            assert_evalb_alike(gold + b"\n", test + b"\n", params)


@st.composite
def evalb_params(draw: st.DrawFn) -> EvalbParams:
    """Any EVALB parameter set: every field of EvalbParams drawn."""
    names = st.sampled_from(["NP", "VP", "S", "TOP", "-NONE-", ",", ".", "``", "''", "NN", "T", "TT", "", "X"])
    pairs = st.lists(st.tuples(names, names), max_size=3).map(tuple)
    return EvalbParams(
        debug=draw(st.sampled_from([0, 0, 0, 1, 2])),
        max_error=draw(st.sampled_from([10, 0, 1, -1, 100])),
        cutoff_len=draw(st.sampled_from([40, 0, 1, 2, 100])),
        labeled=draw(st.sampled_from([1, 0])),
        delete_labels=tuple(draw(st.lists(names, max_size=4))),
        delete_labels_for_length=tuple(draw(st.lists(names, max_size=3))),
        quote_labels=tuple(draw(st.lists(names, max_size=2))),
        eq_labels=draw(pairs),
        eq_words=tuple(draw(st.lists(st.tuples(st.sampled_from(["a", "b", "A", "this"]),
                                               st.sampled_from(["a", "b", "B", "This"])), max_size=2))),
    )


LINE_PIECES = [b"(", b")", b" ", b"\t", b"\r", b"\x00", b"\xff", b"\xef\xbb\xbf", b"(NN a)", b"(NN b)", b"(T this)",
               b"(TT This)", b"(`` ``)", b"('' '')", b"(-NONE- *)", b"(S ", b"(NP ", b"(TOP ", b"(X)", b"( ", b"x",
               b"(, ,)", b"(. .)"]


@BUDGET
@given(hostile_bytes(LINE_PIECES), hostile_bytes(LINE_PIECES), evalb_params())
def test_fastlines_on_generated_hostile_lines_under_any_parameters(gold: bytes, test: bytes,
                                                                  params: EvalbParams) -> None:
    assert_evalb_alike(gold, test, params)


@BUDGET
@given(hostile_bytes(LINE_PIECES), hostile_bytes(LINE_PIECES), st.sampled_from(sorted(PARAMS)))
def test_each_c_row_on_hostile_lines_is_the_python_row(gold: bytes, test: bytes, name: str) -> None:
    gold, test = (side.replace(b"\n", b" ") + b"\n" for side in (gold, test))
    rows, n_gold, n_test = _score(gold, test, PARAMS[name]) if EvalbConfig(PARAMS[name]).accelerator else ([None], 1, 1)
    if rows[0] is not None:
        assert rows[0] == _python_row(gold, test, PARAMS[name])


def test_fastlines_called_with_a_hostile_config() -> None:
    """The configuration tuple is checked; a table limit of any size is safe."""
    config = EvalbConfig(collins()).accelerator
    line = b"(S (A (NN a) (NN b)) (NN c))\n"
    for limit in (0, -1, 2**62, -(2**62), 2**63 - 1):
        rows, _, _ = legacy._fastlines.score_lines(line, line, (*config[:-1], limit))
        assert rows in ([None], [_python_row(line, line)])
    with pytest.raises(TypeError):
        legacy._fastlines.score_lines(line, line, (*config[:4], {b"A": "B"}, *config[5:]))
    with pytest.raises(OverflowError):
        legacy._fastlines.score_lines(line, line, (*config[:-1], 2**64))


# --------------------------------------------------------------------------
# _filescore (bytes of two files to row counts)
# --------------------------------------------------------------------------

def assert_filescore_alike(gold: bytes, system: bytes) -> None:
    """The compiled rows are the Python evaluation's, or it steps aside (``None``); it must step
    aside where Python reports bad input, and must not where Python's own shortcut applies."""
    counted = quick._filescore.same_words_rows(gold, system)
    try:
        gold_trees, sys_trees = read_trees_bytes(gold, "g"), read_trees_bytes(system, "s")
    except InputError:
        assert counted is None
        return
    shortcut = same_words.same_words_pairs(gold_trees, sys_trees, default_normaliser(), LabelCutter())
    assert (counted is None) == (shortcut is None)
    if counted is not None:
        assert counted == evaluate(gold_trees, sys_trees).row_counts()


def assert_mixed_alike(gold: bytes, system: bytes) -> None:
    """The flat path for files whose words differ (``quick.mixed_rows``): the Python evaluation's
    rows, or ``None`` where Python reports bad input or a word has no characters."""
    mixed = quick.mixed_rows(gold, system)
    try:
        gold_trees, sys_trees = read_trees_bytes(gold, "g"), read_trees_bytes(system, "s")
    except InputError:
        assert mixed is None
        return
    if mixed is not None:
        assert mixed == evaluate(gold_trees, sys_trees).row_counts()
    else:
        key = default_normaliser().key
        assert not all(key(word) for trees_ in (gold_trees, sys_trees) for tree in trees_ for word in tree.words)


def test_filescore_on_a_tree_a_million_deep() -> None:
    data = deep(10**6) + b"\n"
    assert quick._filescore.same_words_rows(data, data) == [(1, 1, 0, 10**6, 10**6, 10**6, 0, 1, 1)]
    assert_filescore_alike(deep(10**5, b"(NN a) (NN b)"), deep(10**5 - 1, b"(NN a) (NP (NN b))"))
    assert_mixed_alike(deep(10**5, b"(NN a) (NN b)"), deep(10**5 - 1, b"(NN a) (NN c) (NP (NN b))"))


def test_filescore_on_nesting_left_open_or_closed_too_often() -> None:
    for data in (b"(X " * 10**5, b")" * 10**5, deep(10**5) + b")", b"(X " * 10**5 + b"(NN a b)"):
        assert quick._filescore.same_words_rows(data, data) is None
        assert quick._filescore.same_words_rows(b"(S (NN a))", data) is None


@pytest.mark.parametrize("data", [
    b"(S (NN " + b"w" * 10**6 + b"))\n",
    b"(" + b"L" * 10**6 + b" (NN a))\n",
    b"(S (NN " + "\u00e9".encode() * 500_000 + b"))\n",
    b"(S (NN " + b"w" * 10**6 + b"\xff))\n",
    b"(S (NN " + b"w" * 10**6 + b"\x00))\n",
    b"(S (NN " + b"w" * 10**6,
], ids=short)
def test_filescore_on_million_byte_tokens(data: bytes) -> None:
    assert_filescore_alike(data, data)
    assert_filescore_alike(data, data.replace(b"(S ", b"(T "))
    assert_mixed_alike(data, data.replace(b"(NN ", b"(NN x) (NN "))


def test_filescore_on_a_hundred_thousand_tiny_trees() -> None:
    data = b"(A (X x))\n(B (Y y))\r\n( (C y))\r" * 33_334
    counted = quick._filescore.same_words_rows(data, data.replace(b"(B ", b"(Z "))
    assert counted is not None and len(counted) == 100_002
    assert_filescore_alike(data, data.replace(b"(B ", b"(Z "))


@pytest.mark.parametrize("data", [
    b"\x00", b"(\x00)", b"(A\x00 x)", b"(A x\x00)", b"(A x)\x00",
    b"(A \xff)", b"(\xfe x)", b"(A \xc3)", b"(A \xc0\x80)", b"(A \xed\xa0\x80)", b"(A \xf4\x90\x80\x80)",
    b"(A \xe2\x82)", b"\xef\xbb\xbf", b"\xef\xbb\xbf\xef\xbb\xbf(A x)", b"(A \xef\xbb\xbf)", b"\xef\xbb\xbf(A x)",
    b"(A x)\r", b"\r\r\r(A\r\nx)\r\n", b"\n\r\n\r(A x)", b"(A\rx\r)\r(B\ny)",
    b"()", b"(())", b"( )", b"( x)", b"(( x))", b"(() x)", b"(A ()(B x))", b"(A (B x)())",
    b")", b"(", b"(()", b"())", b"(A (B x) (C y)", b"(A (B x)))", b"x", b"(A x) y",
    b"(A x y)", b"(A (B x) y)", b"(A y (B x))", b"", b" \t\v\f\r\n", b"(A \x1c)", b"(A \xe2\x80\x8b)",
    b"(A \xf0\x9f\x98\x80)", b"(A \xf4\x8f\xbf\xbf)", b"(A \xee\x80\x80)",
], ids=short)
def test_filescore_edge_bytes(data: bytes) -> None:
    assert_filescore_alike(data, data)
    assert_filescore_alike(b"(S (A x))", data)
    assert_filescore_alike(data, b"(S (A x))")
    assert_mixed_alike(b"(S (A x)) (S (B y))", data)
    assert_mixed_alike(data, b"(S (A x) (B y))")


@BUDGET
@given(hostile_bytes(), hostile_bytes())
def test_filescore_on_generated_hostile_bytes(gold: bytes, system: bytes) -> None:
    assert_filescore_alike(gold, gold)
    assert_filescore_alike(gold, system)
    assert_mixed_alike(gold, system)


@BUDGET
@given(st.lists(st.integers(min_value=1, max_value=12), min_size=1, max_size=8), st.integers(0, 2**32))
def test_filescore_on_generated_pairs_with_hostile_labels(sizes: list[int], seed: int) -> None:
    import random

    rng = random.Random(seed)
    words = [b"a", b"\xc3\xa9", b"-LRB-", b"``", b"x" * 40]
    labels = [b"", b"-", b"=", b"TOP", b"TOP-1", b"-NONE-", b"NP=", b"\xc3\xa9-X", b"S", b"S-1", b"S=2"]
    gold_lines, sys_lines = [], []
    for size in sizes:
        leaves = [b"(%s %s)" % (rng.choice(labels), rng.choice(words)) for _ in range(size)]
        for lines in (gold_lines, sys_lines):
            tree = b" ".join(leaves)
            for _ in range(rng.randint(0, 4)):
                tree = b"(%s %s)" % (rng.choice(labels), tree)
            lines.append(b"(%s %s)" % (rng.choice(labels), tree))
    assert_filescore_alike(b"\n".join(gold_lines), b"\n".join(sys_lines))


def test_filescore_called_with_what_is_not_bytes() -> None:
    with pytest.raises(TypeError):
        quick._filescore.same_words_rows("(S (A x))", b"(S (A x))")
    with pytest.raises(TypeError):
        quick._filescore.same_words_rows(b"(S (A x))")
    assert quick._filescore.same_words_rows(bytearray(b"(S (A x))"), memoryview(b"(S (A x))")) == \
        [(1, 1, 0, 1, 1, 1, 0, 1, 1)]


def test_flat_calls_with_hostile_arguments() -> None:
    """The flat calls check what they are given: the capsule, the side, the tree, the keys, the pairs."""
    f = quick._filescore
    flat = f.read_flat(b"(S (A x) (B y))", b"(S (A x)) (S (B z))")
    assert f.read_flat(b"(S (A x)", b"(S (A x))") is None
    with pytest.raises(TypeError):
        f.read_flat(bytearray(b"(S (A x))"), b"(S (A x))")
    for bad in (object(), None, b"flat"):
        with pytest.raises((TypeError, ValueError)):
            f.flat_words(bad)
    words = f.flat_words(flat)
    assert sorted(word for word in words if word is not None) == ["x", "y", "z"]
    keys = [None if word is None else word for word in words]
    assert f.flat_side(flat, 1, keys)[0] == "xz"
    for side, given in ((2, keys), (-1, keys), (0, keys[:-1]), (0, [*keys, "q"])):
        with pytest.raises(ValueError):
            f.flat_side(flat, side, given)
    with pytest.raises(TypeError):
        f.flat_side(flat, 0, [None] * len(keys))
    assert f.flat_tree(flat, 1, 1)[3] == ["z"]
    for side, tree in ((0, 1), (1, 2), (0, -1), (2, 0)):
        with pytest.raises(IndexError):
            f.flat_tree(flat, side, tree)
    from array import array

    counts = memoryview(f.flat_count(flat, array("q", [0, 0, 0, 1]))).cast("q")
    assert list(counts) == [0] * 14  # the words differ: nothing counted
    assert f.flat_count(flat, b"") == b""
    assert f.flat_count(flat, b"\0" * 15) == b""  # a half pair is ignored
    for pairs in (array("q", [0, 2]), array("q", [1, 0]), array("q", [-1, 0])):
        with pytest.raises(IndexError):
            f.flat_count(flat, pairs)
    same = f.read_flat(b"(S (A x) (B y))", b"(T (A x) (C y))")
    assert list(memoryview(f.flat_count(same, array("q", [0, 0]))).cast("q")) == [1, 2, 1, 1, 0, 0, 1]
    # ranges of trees: gold's two trees against the system's one with the same words, end to end
    merged = f.read_flat(b"(S (A x))\n(S (B y))", b"(S (S (A x)) (S (B y)))")
    ranges = f.flat_count_ranges(merged, array("q", [0, 2, 0, 1]))
    assert list(memoryview(ranges).cast("q")) == [1, 2, 2, 3, 2, 0, 2]
    assert list(memoryview(f.flat_count_ranges(merged, array("q", [0, 1, 0, 1]))).cast("q")) == [0] * 7
    assert f.flat_count_ranges(merged, b"\0" * 31) == b""  # a part of a range is ignored
    for bad in ([0, 3, 0, 1], [1, 1, 0, 1], [0, 2, 0, 0], [-1, 1, 0, 1], [0, 2, 1, 2]):
        with pytest.raises(IndexError):
            f.flat_count_ranges(merged, array("q", bad))
