"""EVALB legacy mode's C accelerator (``_fastlines``) against the pure-Python path.

The accelerator reads and scores the common line pairs and says ``None``
("not mine") for the rest, which the Python path then does as before.  Here:
it is built (CI must not test only Python); each "not mine" rule and the
common case, row by row against the Python path; every byte-exact EVALB case
and the benchmark's treebank section give the same :class:`EvalbResult` on
both paths; and hypothesis properties over random bracketed lines (edge
cases, unbalanced lines, stray characters, NULs, CR) under COLLINS.prm,
EVALB's defaults, LABELED 0 and the sample/new parameter files.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bench import treebank
from jpcore.peers.evalb import legacy
from jpcore.peers.evalb.calc import calc
from jpcore.peers.evalb.legacy import evaluate
from jpcore.peers.evalb.params import EvalbParams, collins, load_prm, parse_prm
from jpcore.peers.evalb.reader import ErrorCounter, EvalbConfig, read_line_fast
from tests.test_evalb_legacy import ALL_CASES, DIST, EVALB_REFERENCE

_fastlines = legacy._fastlines

SAMPLE_PRM = load_prm(DIST / "sample" / "sample.prm")[0]  # EQ_LABEL T TT, EQ_WORD This this
NEW_PRM = load_prm(DIST / "new.prm")[0]  # QUOTE_LABEL: the quote repair
#: EQ_LABEL pairs that make no equivalence (A ~ B, B ~ C, not A ~ C)
CHAIN_PAIRS = (("A", "B"), ("B", "C"))
PARAMS = {
    "collins": collins(),
    "defaults": EvalbParams(),
    "collins_unlabeled": replace(collins(), labeled=0),
    "sample_prm": SAMPLE_PRM,
    "new_prm": NEW_PRM,
    "chain_unlabeled": replace(collins(), labeled=0, eq_labels=CHAIN_PAIRS),
    "chain_labeled": replace(collins(), eq_labels=CHAIN_PAIRS),  # not the accelerator's: Python alone
}


def _both(gold: bytes, test: bytes, params: EvalbParams):
    return evaluate(gold, test, params), evaluate(gold, test, params, use_accelerator=False)


def _score(gold: bytes, test: bytes, params: EvalbParams = collins()):
    return _fastlines.score_lines(gold, test, EvalbConfig(params).accelerator)


def _python_row(gold_line: bytes, test_line: bytes, params: EvalbParams = collins()) -> tuple | None:
    """The Python path's row as the accelerator's tuple, None if it reported anything."""
    cfg = EvalbConfig(params)
    errors = ErrorCounter(params.max_error, [])
    gold = read_line_fast(gold_line, cfg, errors)
    test = read_line_fast(test_line, cfg, errors)
    if gold is None or test is None or errors.messages:
        return None
    row = calc(gold, test, cfg, errors, 1)
    if errors.messages or row.status != 0:
        return None
    return (row.length, row.status, row.matched, row.gold, row.test, row.cross, row.words, row.correct_tags)


def test_the_accelerator_is_built_here() -> None:
    """scripts/run-tests.sh builds it (pip install -e .); without it only Python would be tested."""
    assert _fastlines is not None, "jpcore/peers/evalb/_fastlines.c is not built: run scripts/setup-venv.sh"
    assert legacy._fastlines is _fastlines


def test_which_configurations_go_to_c() -> None:
    assert EvalbConfig(collins()).accelerator is not None
    assert EvalbConfig(EvalbParams()).accelerator is not None
    assert EvalbConfig(PARAMS["chain_unlabeled"]).accelerator is not None
    assert EvalbConfig(PARAMS["chain_labeled"]).accelerator is None  # partners searched, not counted
    assert EvalbConfig(replace(collins(), debug=1)).accelerator is None
    assert EvalbConfig(replace(collins(), debug=2)).accelerator is None


GOLD = b"(TOP (S (NP-SBJ (DT the) (NN cat)) (VP (VBD sat) (PRT (RP down))) (. .)))\n"


@pytest.mark.parametrize("gold, test, row", [
    # COLLINS.prm: TOP and "." deleted; NP-SBJ cut to NP; ADVP ~ PRT
    (GOLD, GOLD, (5, 0, 4, 4, 4, 0, 4, 4)),
    (GOLD, b"(TOP (S (NP (DT the) (NN cat)) (VP (VBD sat) (ADVP (RB down))) (. .)))\n", (5, 0, 4, 4, 4, 0, 4, 3)),
    (GOLD, b"(TOP (S (DT the) (NP (NN cat) (VBD sat)) (RP down) (. .)))", (5, 0, 1, 4, 2, 1, 4, 4)),
    # "(X)" is a zero-width bracket (dropped), "(X )" a terminal with the empty word
    (b"(S (A) (NN a) (NN ))\n", b"(S(NN a)(B)(NN ))\n", (2, 0, 1, 1, 1, 0, 2, 2)),
    # labels cut at '-' or '=' even at position 0: "-X" and "=Y" become "", as "" is
    (b"(S (-X (NN a) (NN b)) (NN c))\n", b"(S (=Y (NN a) (NN b)) (NN c))\n", (3, 0, 2, 2, 2, 0, 3, 3)),
    # -NONE- is neither a word nor counted for the length; whitespace is C isspace
    (b"(S\t(NP (-NONE- *))\v(NN a)\f(NN b)\r)\r\n", b"(S (NN a) (NN b))", (2, 0, 1, 1, 1, 0, 2, 2)),
])
def test_common_pairs_are_scored_in_c_as_in_python(gold: bytes, test: bytes, row: tuple) -> None:
    assert _python_row(gold, test) == row
    assert _score(gold, test) == ([row], 1, 1)


@pytest.mark.parametrize("gold, test", [
    (GOLD, b"(TOP (S (NP (DT the) (NN cat)) (VP (VBD sat) (PRT (RP down))) (. .\x00)))\n"),  # a NUL
    (GOLD, b"(TOP (S (NP (DT the) (NN cat)) (VP (VBD sat) x (PRT (RP down))) (. .)))\n"),  # stray character
    (GOLD, b"(TOP (S (NP (DT the) (NN cat)) (VP (VBD sat) (PRT (RP down up))) (. .)))\n"),  # word not closed
    (GOLD, b"(TOP (S (NP (DT the) (NN cat))) (VP (VBD sat) (PRT (RP down))) (. .)))\n"),  # surplus ")"
    (GOLD, b"(TOP (S (NP (DT the) (NN cat)) (VP (VBD sat) (PRT (RP down))) (. .))\n"),  # unclosed bracket
    (GOLD, b"(TOP (S (-NONE- *)))\n"),  # no test word: a skipped sentence
    (GOLD, b"(TOP (S (NP (DT the) (NN cat)) (VP (VBD sat)) (. .)))\n"),  # lengths differ
    (GOLD, b"(TOP (S (NP (DT the) (NN dog)) (VP (VBD sat) (PRT (RP down))) (. .)))\n"),  # words differ
])
def test_what_c_leaves_to_python(gold: bytes, test: bytes) -> None:
    assert _score(gold, test) == ([None], 1, 1)
    assert _score(test, gold) == ([None], 1, 1)
    result, python = _both(gold, test, collins())
    assert result == python


def test_words_equal_only_by_eq_word_are_left_to_python() -> None:
    gold, test = b"(S (NN This) (NN x))\n", b"(S (NN this) (NN x))\n"
    assert _score(gold, test, SAMPLE_PRM) == ([None], 1, 1)
    result, python = _both(gold, test, SAMPLE_PRM)
    assert result == python and result.rows[0].status == 0 and result.rows[0].matched == 1


def test_a_deep_tree_is_left_to_the_python_sweep() -> None:
    """Past TABLE_LIMIT writes per bracket the crossing table would be quadratic."""
    n = 200
    chain = b"".join(b"(X (NN w%d) " % i for i in range(n)) + b")" * n + b"\n"
    flat = b"(X " + b" ".join(b"(NN w%d)" % i for i in range(n)) + b")\n"
    assert _score(chain, flat) == ([None], 1, 1)
    assert _score(flat, chain)[0] != [None]  # the flat gold fills a short table
    result, python = _both(chain, flat, collins())
    assert result == python and result.rows[0].matched == 1


def test_thousands_of_brackets_on_one_line() -> None:
    n = 3000
    gold = b"(S " + b" ".join(b"(NP (NP (NN w%d)))" % i for i in range(n)) + b")\n"
    test = b"(S " + b" ".join(b"(NP (VP (NN w%d)))" % i for i in range(n)) + b")\n"
    # per word: gold NP NP, test NP VP on the same span: one of two matches
    assert _score(gold, test)[0] == [(n, 0, n + 1, 2 * n + 1, 2 * n + 1, 0, n, n)]
    result, python = _both(gold, test, collins())
    assert result == python


@pytest.mark.parametrize("gold, test, counts", [
    (b"", b"", (0, 0)),
    (b"\n", b"", (1, 0)),
    (b"(S (NN a))", b"(S (NN a))\n", (1, 1)),
    (b"(S (NN a))\n\n", b"(S (NN a))\n(S (NN a))\n(S (NN a))", (2, 3)),
])
def test_lines_are_counted_as_fgets_reads_them(gold: bytes, test: bytes, counts: tuple) -> None:
    rows, n_gold, n_test = _score(gold, test)
    assert (n_gold, n_test) == counts == (len(legacy._lines(gold)), len(legacy._lines(test)))
    assert len(rows) == min(counts)


def test_the_config_is_checked() -> None:
    config = EvalbConfig(collins()).accelerator
    with pytest.raises(TypeError):
        _fastlines.score_lines("(S (NN a))", b"(S (NN a))", config)
    with pytest.raises(TypeError):
        _fastlines.score_lines(b"", b"", (True, [], frozenset(), frozenset(), None, frozenset(), 16))
    with pytest.raises(TypeError):
        _fastlines.score_lines(b"", b"", config[:-1])


@pytest.mark.parametrize("case", ALL_CASES, ids=[c[0] for c in ALL_CASES])
def test_every_evalb_case_gives_the_same_result_on_both_paths(case: tuple) -> None:
    name, gold, test, prm, out, err, rc = case
    params, _ = load_prm(prm)
    result, python = _both(gold.read_bytes(), test.read_bytes(), params)
    assert result == python


@pytest.mark.parametrize("name", sorted(EVALB_REFERENCE))
def test_every_evalb_reference_case_gives_the_same_result_on_both_paths(name: str) -> None:
    gold, test, prm, options, out, err, rc = EVALB_REFERENCE[name]
    params = EvalbParams() if prm is None else parse_prm(prm.encode())[0]
    if "-e" in options:
        params = replace(params, max_error=int(options[options.index("-e") + 1]))
    result, python = _both(gold.encode(), test.encode(), params)
    assert result == python


def test_the_treebank_section_is_scored_in_c_with_the_same_rows() -> None:
    gold, system = treebank.section()
    rows, n_gold, n_test = _score(gold, system)
    assert (n_gold, n_test, len(rows)) == (2_416, 2_416, 2_416)
    assert rows.count(None) == 0  # every pair of a parser's output is the common case
    result, python = _both(gold, system, collins())
    assert result.rows == python.rows and result == python
    total = result.summary()
    # EVALB prints these from the same files (tests/test_peers_live.py: F 89.25, crossing 0.15)
    assert (total.sentences, total.errors, total.skipped) == (2_416, 0, 0)
    assert "%.2f %.2f" % (total.fmeasure, total.average_crossing) == "89.25 0.15"


# --------------------------------------------------------------------------
# Properties: random bracketed lines, both paths equal
# --------------------------------------------------------------------------

TAGS = [b"NN", b"DT", b"T", b"TT", b"ADVP", b"PRT", b"-NONE-", b",", b".", b"''", b"``", b"POS", b"",
        b"NN-X", b"=Y", b"-", b"A", b"B", b"C", b"TOP"]
LABELS = [b"S", b"NP", b"NP-SBJ", b"VP", b"ADVP", b"PRT", b"TOP", b"-NONE-", b"", b"-X", b"=Y", b"S=2",
          b"T", b"TT", b"A", b"B", b"C", b"."]
WORDS = [b"a", b"b", b"the", b"This", b"this", b"'", b'"', b"/", b"", b"*", b"caf\xc3\xa9", b"caf\xe9"]
SPACES = [b" ", b" ", b" ", b"\t", b"  ", b"\r", b"\v\f"]
#: what a mutation may insert: brackets, stray characters, NUL, CR, newline
NOISE = [b"(", b")", b"x", b"\x00", b"\r", b"\n", b" ", b"(X ", b"(NN a)", b"))", b"-NONE-"]

tags = st.sampled_from(TAGS)
words = st.sampled_from(WORDS)
spaces = st.sampled_from(SPACES)


@st.composite
def bracketing(draw: st.DrawFn, terminals: list[tuple[bytes, bytes]]) -> bytes:
    """One line: the terminals grouped into random (possibly empty) brackets."""
    items = [b"(" + tag + draw(spaces) + word + b")" for tag, word in terminals]
    for _ in range(draw(st.integers(0, len(items) + 3))):
        i = draw(st.integers(0, len(items)))
        # mostly two or three items; sometimes none: "(X)" (zero-width) or "(X )" (a terminal)
        j = min(len(items), i + draw(st.sampled_from([2, 2, 3, 3, 1, 4, 2, 3, 2, 3, 0])))
        inner = draw(spaces).join(items[i:j])
        between = draw(st.sampled_from([b"", b" ", b"\t"] if inner else [b"", b"", b"", b" "]))
        items[i:j] = [b"(" + draw(st.sampled_from(LABELS)) + between + inner + b")"]
    line = b" ".join(items)
    if draw(st.booleans()):
        line = b"(" + draw(st.sampled_from([b"TOP", b"", b"S"])) + b" " + line + b")"
    return line


@st.composite
def mutated(draw: st.DrawFn, line: bytes) -> bytes:
    """A few random insertions and deletions (unbalanced lines, strays, NULs, CR)."""
    for _ in range(draw(st.integers(0, 2))):
        at = draw(st.integers(0, len(line)))
        if draw(st.booleans()) and at < len(line):
            line = line[:at] + line[at + 1:]
        else:
            line = line[:at] + draw(st.sampled_from(NOISE)) + line[at:]
    return line


@st.composite
def line_pair(draw: st.DrawFn) -> tuple[bytes, bytes]:
    terminals = draw(st.lists(st.tuples(tags, words), min_size=0, max_size=10))
    kind = draw(st.sampled_from(["same words"] * 5 + ["retagged", "other words"]))
    if kind == "retagged":
        test_terminals = [(draw(tags), word) for _, word in terminals]
    elif kind == "other words":
        test_terminals = draw(st.lists(st.tuples(tags, words), min_size=0, max_size=8))
    else:
        test_terminals = terminals
    gold = draw(bracketing(terminals))
    test = draw(bracketing(test_terminals))
    if draw(st.integers(0, 3)) == 0:
        gold = draw(mutated(gold))
    if draw(st.integers(0, 3)) == 0:
        test = draw(mutated(test))
    return gold, test


@st.composite
def files(draw: st.DrawFn) -> tuple[bytes, bytes]:
    pairs = draw(st.lists(line_pair(), min_size=0, max_size=6))
    gold = b"\n".join(g for g, _ in pairs)
    test = b"\n".join(t for _, t in pairs)
    # a trailing newline or not, and sometimes a line more on one side
    gold += draw(st.sampled_from([b"\n", b"", b"\n(S (NN a))\n"]))
    test += draw(st.sampled_from([b"\n", b"", b"\n(S (NN a))\n"]))
    return gold, test


@pytest.mark.parametrize("name", sorted(PARAMS))
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=files(), max_error=st.sampled_from([10, 10, 2, 0, -1]))
def test_both_paths_give_the_same_result(name: str, data: tuple[bytes, bytes], max_error: int) -> None:
    gold, test = data
    params = replace(PARAMS[name], max_error=max_error)
    result, python = _both(gold, test, params)
    assert result == python


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pair=line_pair(), name=st.sampled_from(["collins", "defaults", "collins_unlabeled", "chain_unlabeled"]))
def test_each_c_row_is_the_python_row(pair: tuple[bytes, bytes], name: str) -> None:
    """Pair by pair: C gives the Python row whenever it gives a row at all."""
    gold, test = (side.replace(b"\n", b" ") + b"\n" for side in pair)
    params = PARAMS[name]
    rows, n_gold, n_test = _score(gold, test, params)
    assert (n_gold, n_test) == (1, 1)
    if rows[0] is not None:
        assert rows[0] == _python_row(gold, test, params)
