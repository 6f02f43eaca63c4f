"""``jpcore parseval GOLD SYSTEM``'s compiled path (jpcore/parseval/quick.py, _filescore.c).

It must print byte for byte what the full command prints (stdout and the
signature on stderr) and count every pair as the Python evaluation does
(``ParsevalResult.row_counts``), whether the words are the same tree by tree
(``same_words_rows``, all in C) or not (``mixed_rows``: read flat in C, the
differing groups scored by the Python reference), or step aside (``None``)
and leave the full command to run: on GUM against its same-words and
raw-text systems, on every
shared PARSEVAL file pair, on generated files (trees whose words differ,
sentences split and merged, empty trees, words that normalise to nothing,
labels cut or dropped, a BOM, CRLF), and on bad input, which must give the
full command's one-line error.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bench import gum_raw
from bench.shared_data import SHARED_DATA
from jpcore.cli import main as cli_main
from jpcore.parseval import cli as parseval_cli
from jpcore.parseval import quick
from jpcore.formats.trees import read_trees_bytes
from jpcore.parseval.evaluation import DEFAULT_CUTOFF, default_normaliser, evaluate_bytes
from tests.test_parseval_same_words import random_tree


def rows(gold: bytes, system: bytes) -> list | None:
    """The compiled path's row counts of files with the same words."""
    return quick._filescore.same_words_rows(gold, system)


def any_rows(gold: bytes, system: bytes) -> list | None:
    """The compiled path's row counts, words the same or not (what :func:`quick.run` prints)."""
    counted = rows(gold, system)
    return quick.mixed_rows(gold, system) if counted is None else counted


def python_rows(gold: bytes, system: bytes) -> list:
    return evaluate_bytes(gold, system).row_counts()


def printed(capsys, run, argv: list[str]) -> tuple[int | None, str, str]:
    status = run(argv)
    out, err = capsys.readouterr()
    return status, out, err


def both_commands(capsys, tmp_path, gold: bytes, system: bytes, *options: str) -> tuple:
    """(compiled path's status, out, err), (full command's status, out, err) on the two files."""
    gold_path, sys_path = tmp_path / "g.mrg", tmp_path / "s.mrg"
    gold_path.write_bytes(gold)
    sys_path.write_bytes(system)
    argv = [str(gold_path), str(sys_path), *options]
    return printed(capsys, quick.run, argv), printed(capsys, parseval_cli.main, argv)


@pytest.fixture(scope="module")
def gum() -> tuple[bytes, bytes, bytes]:
    return gum_raw.systems()


def test_the_module_is_built_and_agrees_on_the_default_cutoff() -> None:
    assert quick._filescore is not None
    assert quick.DEFAULT_CUTOFF == DEFAULT_CUTOFF


def test_gum_same_words_is_byte_identical(capsys, tmp_path, gum) -> None:
    gold, same, _ = gum
    counted = rows(gold, same)
    assert counted == python_rows(gold, same)
    assert len(counted) == 4636 and sum(row[4] for row in counted) == 82957 and sum(row[3] for row in counted) == 74051
    (status, out, err), (full_status, full_out, full_err) = both_commands(capsys, tmp_path, gold, same)
    assert status == full_status == 0
    assert out == full_out and err == full_err
    assert "Bracketing FMeasure       =  89.31\n" in out
    (status, out, err), full = both_commands(capsys, tmp_path, gold, same, "-c", "30")
    assert (status, out, err) == full and "-- len<=30 --" in out and "cutoff:30" in err


def test_rows_printed_in_c_are_the_reports(gum) -> None:
    """``_filescore.render_rows`` prints what :func:`jpcore.peers.evalb.report.render_rows` prints:
    GUM's rows, and rows of every shape (no brackets, no words, large and odd counts)."""
    from jpcore.peers.evalb.report import render_rows

    gold, same, _ = gum
    counted = rows(gold, same)
    assert quick._filescore.render_rows(counted) == render_rows(counted)
    rng = random.Random(24)
    odd = [(k, rng.choice([0, 1, 7, 40, 999, 12345]), rng.choice([0, 1, 2]), *(rng.choice([0, 1, 2, 3, 7, 333, 10**6])
                                                                      for _ in range(6)))
           for k in range(1, 3000)]
    odd += [(1, 1, 0, 1, 3, 3, 0, 3, 1), (10**9, 0, 0, 0, 0, 0, 0, 0, 0), (-1, -5, 0, -1, 3, -3, -2, -7, 5)]
    assert quick._filescore.render_rows(odd) == render_rows(odd)
    assert quick._filescore.render_rows([]) == ""
    for bad in ([(1, 2)], [(1, 2, 3, 4, 5, 6, 7, 8, "9")], ((1, 2, 3, 4, 5, 6, 7, 8, 9),), [(1, 2, 3, 4, 5, 6, 7, 8, 2**70)]):
        with pytest.raises((TypeError, OverflowError)):
            quick._filescore.render_rows(bad)


def test_gum_raw_text_is_byte_identical(capsys, tmp_path, gum) -> None:
    """The raw-text system: the words differ, so the files are read flat, the sentences aligned,
    the groups of one tree a side with the same words counted in C and the others scored in Python."""
    gold, _, raw = gum
    assert rows(gold, raw) is None
    counted = quick.mixed_rows(gold, raw)
    assert counted == python_rows(gold, raw)
    assert len(counted) == 4518 and sum(row[4] for row in counted) == 82957
    (status, out, err), (full_status, full_out, full_err) = both_commands(capsys, tmp_path, gold, raw)
    assert status == full_status == 0
    assert out == full_out and err == full_err


def test_shared_parseval_pairs() -> None:
    """Every gold/test pair of the shared PARSEVAL data: the compiled rows are the
    evaluation's, or the compiled path steps aside (files whose words differ, bad files)."""
    taken = 0
    for gold_path in sorted((SHARED_DATA / "parseval").rglob("*.gld")):
        sys_path = gold_path.with_suffix(".tst")
        if not sys_path.exists():
            continue
        gold, system = gold_path.read_bytes(), sys_path.read_bytes()
        counted = any_rows(gold, system)
        if counted is None:
            continue
        taken += 1
        assert counted == python_rows(gold, system), gold_path
    assert taken >= 20


def test_shared_pairs_print_what_the_full_command_prints(capsys) -> None:
    """The command line on every shared pair: the same bytes and status, whichever path ran."""
    for gold_path in sorted((SHARED_DATA / "parseval").rglob("*.gld")):
        sys_path = gold_path.with_suffix(".tst")
        if not sys_path.exists():
            continue
        argv = ["parseval", str(gold_path), str(sys_path)]
        assert printed(capsys, cli_main, argv) == printed(capsys, lambda a: parseval_cli.main(a[1:]), argv), gold_path


KEY = default_normaliser().key
WORDS = ["a", "b", "the", "``", "-LRB-", "Cat", "x1", "é", "\u00a0", "\x1c", "\u200b", "a\u00a0b"]


def mixed_files(rng: random.Random, n_trees: int, changes: int) -> tuple[bytes, bytes]:
    """A gold file and a system file of the same words with ``changes`` edits of the words or
    the sentences: a word changed, a sentence split or merged, an empty tree."""
    gold_trees, sys_trees = [], []
    for _ in range(n_trees):
        words = [rng.choice(WORDS[:8]) for _ in range(rng.randint(1, 7))]
        gold_trees.append((words, random_tree(words, rng)))
        sys_trees.append(random_tree(words, rng))
    for _ in range(changes):
        k = rng.randrange(len(sys_trees))
        kind = rng.randrange(5)
        words = list(gold_trees[min(k, len(gold_trees) - 1)][0])
        if kind == 0:  # a word changed (or made one that normalises to nothing)
            words[rng.randrange(len(words))] = rng.choice(WORDS)
            sys_trees[k] = random_tree(words, rng)
        elif kind == 1 and len(words) > 1:  # a sentence split
            cut = rng.randrange(1, len(words))
            sys_trees[k:k + 1] = [random_tree(words[:cut], rng), random_tree(words[cut:], rng)]
        elif kind == 2 and k + 1 < len(sys_trees):  # two sentences merged
            sys_trees[k:k + 2] = [f"(S {sys_trees[k]} {sys_trees[k + 1]})"]
        elif kind == 3:  # a failed parse
            sys_trees.insert(k, "(TOP ())")
        else:  # the gold side's word normalises to nothing
            words[rng.randrange(len(words))] = rng.choice(WORDS[8:])
            gold_trees[k if k < len(gold_trees) else -1] = (words, random_tree(words, rng))
    gold = ("\n".join(tree for _, tree in gold_trees) + "\n").encode()
    return gold, ("\n".join(sys_trees) + "\n").encode()


@settings(max_examples=120, deadline=None)
@given(st.integers(1, 12), st.integers(0, 3), st.integers(0, 2**32))
def test_generated_mixed_files(n_trees: int, changes: int, seed: int) -> None:
    gold, system = mixed_files(random.Random(seed), n_trees, changes)
    expected = python_rows(gold, system)
    counted = rows(gold, system)
    if counted is not None:
        assert counted == expected
    else:  # it steps aside exactly where the Python shortcut does
        gold_words = [tree.words for tree in read_trees_bytes(gold, "g")]
        sys_words = [tree.words for tree in read_trees_bytes(system, "s")]
        assert gold_words != sys_words or not all(gold_words) or not all(KEY(w) for ws in gold_words for w in ws)
    mixed = quick.mixed_rows(gold, system)
    if mixed is not None:
        assert mixed == expected
    else:  # only where a word has no characters (the whole file is then aligned as one)
        words = [w for data in (gold, system) for tree in read_trees_bytes(data, "f") for w in tree.words]
        assert not all(KEY(w) for w in words)


def test_mixed_files_print_what_the_full_command_prints(capsys, tmp_path) -> None:
    rng = random.Random(29)
    taken = 0
    for changes in (0, 0, 1, 2, 3, 5, 8, 13):
        gold, system = mixed_files(rng, 25, changes)
        compiled, full = both_commands(capsys, tmp_path, gold, system)
        if compiled[0] is None:
            assert compiled[1:] == ("", "")
        else:
            taken += 1
            assert compiled == full
    assert taken >= 4


@pytest.mark.parametrize("gold, system, same", [
    # a BOM before the gold trees, CRLF line ends in the system file
    (b"\xef\xbb\xbf(S (NP (DT the) (NN cat)) (VP (VBD sat)))\n", b"(S (NP (DT the)\r\n (NN cat) (VBD sat)))\r\n", True),
    # labels cut at - and =, dropped (TOP, -NONE-, empty), and non-ASCII words and labels
    (b"(TOP (S-1 (NP=2 (X \xc3\xa9) (-NONE- *)) (VP (V b))))", b"(ROOT (S (NP (X \xc3\xa9)) (-NONE- *) (VP (V b))))", True),
    # the same words in other trees: one tree against two
    (b"(S (A a) (B b))", b"(S (A a)) (S (B b))", False),
    # an empty tree on both sides
    (b"(S (A a)) (TOP ())", b"(S (A a)) (TOP ())", False),
    # a word of whitespace alone (U+00A0) on both sides: no characters after normalisation
    (b"(S (A a) (B \xc2\xa0))", b"(S (A a) (B \xc2\xa0))", False),
    # case differs: other words (the Python shortcut compares the words as written)
    (b"(S (A a))", b"(S (A A))", False),
    # no trees at all
    (b"", b"", False),
])
def test_edge_files(gold: bytes, system: bytes, same: bool, capsys, tmp_path) -> None:
    assert (rows(gold, system) is not None) == same
    counted = any_rows(gold, system)
    if counted is not None:
        assert counted == python_rows(gold, system)
    compiled, full = both_commands(capsys, tmp_path, gold, system)
    assert compiled == (full if counted is not None else (None, "", ""))


@pytest.mark.parametrize("gold, system, error", [
    (b"(S (A a)))\n", b"(S (A a))\n", "g.mrg:1:"),
    (b"(S (A a))\n", b"(S (A a)\n(S (B b))\n", "s.mrg:1:"),
    (b"(S (A a))\n", b"(S (A \xff))\n", "s.mrg:1:"),
    (b"(S (A a))\n(S (A\x00 a))\n", b"(S (A a))\n", "g.mrg:2:"),
    (b"(S (A a b))\n", b"(S (A a b))\n", "g.mrg:1:"),
    (b"a (S (A a))\n", b"(S (A a))\n", "g.mrg:1:"),
])
def test_bad_input_gives_the_full_commands_error(gold: bytes, system: bytes, error: str, capsys, tmp_path) -> None:
    assert rows(gold, system) is None and quick._filescore.read_flat(gold, system) is None
    (gold_path, sys_path) = tmp_path / "g.mrg", tmp_path / "s.mrg"
    gold_path.write_bytes(gold)
    sys_path.write_bytes(system)
    status, out, err = printed(capsys, cli_main, ["parseval", str(gold_path), str(sys_path)])
    assert (status, out, err) == printed(capsys, parseval_cli.main, [str(gold_path), str(sys_path)])
    assert (status, out) == (2, "")
    assert err.count("\n") == 1 and err.startswith("jpcore parseval: error: ") and error in err, err


def test_a_missing_file_gives_the_full_commands_error(capsys, tmp_path) -> None:
    (tmp_path / "g.mrg").write_bytes(b"(S (A a))\n")
    missing = str(tmp_path / "nothing.mrg")
    assert quick.run([str(tmp_path / "g.mrg"), missing]) is None
    status, out, err = printed(capsys, cli_main, ["parseval", str(tmp_path / "g.mrg"), missing])
    assert (status, out) == (2, "") and err == f"jpcore parseval: error: {missing}: No such file or directory\n"


@pytest.mark.parametrize("argv, plain", [
    (["g", "s"], ("g", "s", 40)),
    (["g", "s", "-c", "12"], ("g", "s", 12)),
    (["--cutoff", "7", "g", "s"], ("g", "s", 7)),
    (["g", "--cutoff=0", "s"], ("g", "s", 0)),
    (["g", "s", "--json"], None),
    (["g", "s", "-c", "-1"], None),
    (["g", "s", "-c", "1", "-c", "2"], None),
    (["g", "s", "-c", "1_0"], None),
    (["g", "s", "--evalb"], None),
    (["g", "s", "-p", "COLLINS.prm"], None),
    (["g"], None),
    (["g", "s", "t"], None),
    (["-", "s"], None),
    (["g", "s", "--html", "x.html"], None),
])
def test_only_the_plain_report_is_taken(argv: list[str], plain) -> None:
    assert quick.plain_arguments(argv) == plain


def test_sentences_merged_or_split_with_the_same_words_are_counted_in_c(gum) -> None:
    """A sentence group whose sides hold the same words over several trees (a sentence merged or
    split, its tokens unchanged) is counted in C, each side's trees end to end: the row the
    Python reference scores for it.  On GUM's raw-text system that leaves 61 of the 4,518 groups
    to Python."""
    from jpcore.align import align_sides, group_units

    gold, _, raw = gum
    flat = quick._filescore.read_flat(gold, raw)
    gold_side, sys_side = quick.flat_sides(flat)
    groups = group_units(gold_side.sentence_ends, sys_side.sentence_ends, align_sides(gold_side, sys_side))
    counted = quick.counted_groups(flat, groups)
    expected = python_rows(gold, raw)
    several = [k for k, row in enumerate(counted)
               if row is not None and groups[k].n_gold + groups[k].n_sys > 2]
    assert len(several) == 121
    assert [counted[k] for k in several] == [expected[k] for k in several]
    assert all(row == expected[k] for k, row in enumerate(counted) if row is not None)
    assert sum(row is None for row in counted) == 61
