"""The tolerant bracketed-tree reader of alignment mode (jpcore.formats.trees)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from jpcore.errors import InputError
from jpcore.formats.trees import Node, Tree, read_trees, read_trees_file
from bench.shared_data import SHARED_DATA

DATA = SHARED_DATA / "parseval"
ALIGN = DATA / "vectors-align"


def spans(tree: Tree) -> list[tuple[str, int, int]]:
    return [(node.label, node.start, node.end) for node in tree.constituents()]


def test_one_tree() -> None:
    (tree,) = read_trees("(TOP (S (NP-SBJ (DT The) (NN cat)) (VP (VBD sat)) (. .)))\n")
    assert tree.words == ["The", "cat", "sat", "."]
    assert tree.tags == ["DT", "NN", "VBD", "."]
    assert (tree.first_line, tree.last_line) == (1, 1)
    assert spans(tree) == [("TOP", 0, 4), ("S", 0, 4), ("NP-SBJ", 0, 2), ("VP", 2, 3)]
    assert [(n.label, n.word, n.start, n.end) for n in tree.nodes() if n.is_preterminal] == [
        ("DT", "The", 0, 1), ("NN", "cat", 1, 2), ("VBD", "sat", 2, 3), (".", ".", 3, 4)]
    assert tree.root.label == "TOP" and not tree.is_empty and len(tree) == 4


def test_blank_lines_are_skipped_and_line_numbers_kept() -> None:
    text = "\n(S (NN a))\n\n   \n(S (NN b))\n\n"
    trees = read_trees(text)
    assert [(t.words, t.first_line, t.last_line) for t in trees] == [
        (["a"], 2, 2), (["b"], 5, 5)]


def test_multiline_tree() -> None:
    text = "(TOP (S (NP (DT The) (NN cat))\n    (VP (VBD sat))\n    (. .)))\n(S (NN x))\n"
    first, second = read_trees(text)
    assert (first.first_line, first.last_line) == (1, 3)
    assert first.words == ["The", "cat", "sat", "."]
    assert [(n.label, n.line) for n in first.constituents()] == [
        ("TOP", 1), ("S", 1), ("NP", 1), ("VP", 2)]
    assert (second.first_line, second.last_line) == (4, 4)


def test_several_trees_on_one_line() -> None:
    trees = read_trees("(S (NP (DT The) (NN cat)) (VP (VBD sat))) (S (NP (PRP It)) (VP (VBD ran)))\n")
    assert [(t.root.label, t.words, t.first_line, t.last_line) for t in trees] == [
        ("S", ["The", "cat", "sat"], 1, 1), ("S", ["It", "ran"], 1, 1)]
    assert spans(trees[1]) == [("S", 0, 2), ("NP", 0, 1), ("VP", 1, 2)]


@pytest.mark.parametrize(
    "text, root",
    [("(TOP (S (NN a)))", "TOP"), ("(ROOT (S (NN a)))", "ROOT"), ("( (S (NN a)))", ""),
     ("((S (NN a)))", ""), ("(S (NN a))", "S")],
)
def test_roots(text: str, root: str) -> None:
    (tree,) = read_trees(text)
    assert tree.root.label == root
    assert tree.words == ["a"]
    assert spans(tree)[-1] == ("S", 0, 1)


def test_failed_parse_is_an_empty_tree() -> None:
    trees = read_trees("(TOP (S (NN a)))\n(TOP ())\n(TOP (S (NN b)))\n")
    empty = trees[1]
    assert empty.is_empty and empty.words == [] and empty.tags == []
    assert (empty.first_line, empty.last_line) == (2, 2)
    assert spans(empty) == [("TOP", 0, 0), ("", 0, 0)]
    assert trees[2].words == ["b"]


def test_nodes_without_words() -> None:
    (tree,) = read_trees("(S (X) (Y ) (NN a) (-NONE- *T*-1))")
    assert tree.words == ["a", "*T*-1"]
    assert spans(tree) == [("S", 0, 2), ("X", 0, 0), ("Y", 0, 0)]


def test_label_rules_follow_evalb() -> None:
    # the label is what touches "(": "( x)" is a pre-terminal with an empty tag
    (tree,) = read_trees("(S ( x) (NN\ty))")
    assert tree.tags == ["", "NN"]
    assert tree.words == ["x", "y"]


def test_crlf_and_tabs_and_bom(tmp_path: Path) -> None:
    path = tmp_path / "trees.mrg"
    path.write_bytes("\ufeff(S\t(NN a)\r\n (NN b))\r\n\r\n(S (NN c))\r\n".encode())
    first, second = read_trees_file(path)
    assert first.words == ["a", "b"] and (first.first_line, first.last_line) == (1, 2)
    assert second.words == ["c"] and second.first_line == 4


def test_non_ascii_space_is_part_of_a_word() -> None:
    (tree,) = read_trees("(S (CD 1\u00a0000) (NN x))")
    assert tree.words == ["1\u00a0000", "x"]


@pytest.mark.parametrize(
    "text, line, expected, found",
    [
        ("(S (NN a))\n(S (NN b)))\n", 2, "'(' before ')'",
         "')' with no open bracket (too many closing brackets)"),
        ("(S (NN a))\n(S (NN b)\n(S (NN c))\n", 2,
         "')' closing the '(' of 'S' opened on line 2", "the end of the input (too many opening brackets)"),
        ("(S (NN a)\n  (VP (VB b)\n)\n", 1,
         "')' closing the '(' of 'S' opened on line 1", "the end of the input (too many opening brackets)"),
        ("(S (NN a))\nthe cat\n", 2, "'(' to start a tree", "the word 'the'"),
        ("(S (NP the cat))\n", 1, "')' after the word 'the'", "a second word 'cat'"),
        ("(S (NP (NN a)) b)\n", 1, "'(' or ')' inside 'S'", "the word 'b' next to brackets"),
        ("(S (NN a (X b)))\n", 1, "')' after the word 'a'", "'(' of 'X'"),
    ],
)
def test_malformed_input(text: str, line: int, expected: str, found: str) -> None:
    with pytest.raises(InputError) as caught:
        read_trees(text, "sys.mrg")
    error = caught.value
    assert (error.file, error.line, error.expected, error.found) == ("sys.mrg", line, expected, found)
    assert str(error) == f"sys.mrg:{line}: expected {expected}, found {found}"


def test_bad_utf8_is_an_input_error(tmp_path: Path) -> None:
    path = tmp_path / "latin1.mrg"
    path.write_bytes(b"(S (NN a))\n(S (NN caf\xe9))\n")
    with pytest.raises(InputError) as caught:
        read_trees_file(path)
    assert (caught.value.line, caught.value.expected, caught.value.found) == (
        2, "UTF-8 text", "the byte 0xe9")


def test_round_trips() -> None:
    text = "(TOP (S (NP (DT The) (NN cat)) (VP (VBD sat) (X)) (. .)))"
    (tree,) = read_trees(text)
    assert tree.to_string() == text
    again = Tree.from_dict(json.loads(json.dumps(tree.to_dict())))
    assert again.to_string() == text
    assert (again.words, again.tags, again.first_line) == (tree.words, tree.tags, 1)
    assert spans(again) == spans(tree)
    assert isinstance(again.root, Node)


def test_deep_and_long_trees() -> None:
    depth = 3000  # no recursion while reading
    text = "(A " * depth + "(NN x)" + ")" * depth
    (tree,) = read_trees(text)
    assert tree.words == ["x"]
    assert sum(1 for _ in tree.constituents()) == depth
    assert tree.to_string() == text
    words = " ".join(f"(NN w{i})" for i in range(5000))
    (tree,) = read_trees(f"(S {words})")
    assert len(tree) == 5000 and tree.root.end == 5000


# Every alignment vector: (trees per file, (first line, last line, words) of each).
ALIGN_EXPECTED = {
    "completely_different": ([(1, 1, 7), (2, 2, 4), (3, 3, 4)], [(1, 1, 4), (2, 2, 3), (3, 3, 4)]),
    "contraction_mid": ([(1, 1, 5), (2, 2, 4)], [(1, 1, 4), (2, 2, 4)]),
    "contraction_only_sentence": ([(1, 1, 5)], [(1, 1, 4)]),
    "empty_gold_line_mid": ([(1, 1, 7), (3, 3, 4), (4, 4, 4)], [(1, 1, 7), (2, 2, 4), (3, 3, 4)]),
    "empty_gold_tree": ([(1, 1, 7), (2, 2, 0), (3, 3, 4)], [(1, 1, 7), (2, 2, 4), (3, 3, 4)]),
    "empty_sys_line_mid": ([(1, 1, 7), (2, 2, 4), (3, 3, 4)], [(1, 1, 7), (3, 3, 4)]),
    "extra_sys_begin_short": ([(1, 1, 7), (2, 2, 4), (3, 3, 4)],
                              [(1, 1, 3), (2, 2, 7), (3, 3, 4), (4, 4, 4)]),
    "extra_sys_end": ([(1, 1, 7), (2, 2, 4), (3, 3, 4)], [(1, 1, 7), (2, 2, 4), (3, 3, 4), (4, 4, 3)]),
    "extra_sys_mid_long": ([(1, 1, 7), (2, 2, 4), (3, 3, 4), (4, 4, 7)],
                           [(1, 1, 7), (2, 2, 12), (3, 3, 4), (4, 4, 4), (5, 5, 7)]),
    "extra_sys_mid_short": ([(1, 1, 7), (2, 2, 4), (3, 3, 4)],
                            [(1, 1, 7), (2, 2, 3), (3, 3, 4), (4, 4, 4)]),
    "missing_sys_end": ([(1, 1, 7), (2, 2, 4), (3, 3, 4)], [(1, 1, 7), (2, 2, 4)]),
    "missing_sys_mid": ([(1, 1, 7), (2, 2, 4), (3, 3, 4), (4, 4, 7)], [(1, 1, 7), (2, 2, 4), (3, 3, 7)]),
    "multiline_tree": ([(1, 3, 4)], [(1, 3, 4)]),
    "no_wrapper_vs_top": ([(1, 1, 4)], [(1, 1, 4)]),
    "one_diff_mid": ([(1, 1, 7), (2, 2, 4), (3, 3, 4), (4, 4, 7)],
                     [(1, 1, 7), (2, 2, 4), (3, 3, 4), (4, 4, 7)]),
    "root_vs_top": ([(1, 1, 4)], [(1, 1, 4)]),
    "trailing_blank_sys": ([(1, 1, 7), (2, 2, 4), (3, 3, 4)], [(1, 1, 7), (2, 2, 4), (3, 3, 4)]),
    "two_trees_one_line": ([(1, 1, 3), (1, 1, 2)], [(1, 1, 3), (1, 1, 2)]),
    "typo_mid": ([(1, 1, 7), (2, 2, 4), (3, 3, 4)], [(1, 1, 7), (2, 2, 4), (3, 3, 4)]),
    "unbalanced_close": ([(1, 1, 7), (2, 2, 4), (3, 3, 4)], None),
    "unbalanced_open": ([(1, 1, 7), (2, 2, 4), (3, 3, 4)], None),
    "word_group_runs_off": ([(1, 1, 6), (2, 2, 4)], [(1, 1, 5), (2, 2, 4)]),
    "word_merge_end": ([(1, 1, 4)], [(1, 1, 3)]),
    "word_split_end": ([(1, 1, 3), (2, 2, 4)], [(1, 1, 5), (2, 2, 4)]),
    "word_split_mid": ([(1, 1, 6)], [(1, 1, 8)]),
}

UNBALANCED = {
    "unbalanced_close": (2, "'(' before ')'"),
    "unbalanced_open": (2, "')' closing the '(' of 'TOP' opened on line 2"),
}


def test_every_alignment_vector_is_listed() -> None:
    names = [n for n in (ALIGN / "cases.txt").read_text().split() if n]
    assert sorted(names) == sorted(ALIGN_EXPECTED)


@pytest.mark.parametrize("name", sorted(ALIGN_EXPECTED))
def test_alignment_vectors(name: str) -> None:
    gold_expected, sys_expected = ALIGN_EXPECTED[name]
    for path, expected in ((ALIGN / f"{name}.gold", gold_expected), (ALIGN / f"{name}.sys", sys_expected)):
        if expected is None:
            line, what = UNBALANCED[name]
            with pytest.raises(InputError) as caught:
                read_trees_file(path)
            assert (caught.value.file, caught.value.line, caught.value.expected) == (str(path), line, what)
            continue
        trees = read_trees_file(path)
        assert [(t.first_line, t.last_line, len(t)) for t in trees] == expected


def test_alignment_vector_contents() -> None:
    (tree,) = read_trees_file(ALIGN / "word_split_mid.sys")
    assert tree.words == ["A", "New", "York", "-", "based", "firm", "won", "."]
    assert tree.tags == ["DT", "NNP", "NNP", "HYPH", "VBN", "NN", "VBD", "."]
    gold = read_trees_file(ALIGN / "empty_gold_tree.gold")
    assert gold[1].to_string() == "(TOP ())"
