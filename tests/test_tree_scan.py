"""The C tree scanner (jpcore/formats/_treescan.c) reads exactly what the Python reader reads.

The Python reader (``trees._read_checked``) is the reference: on every real
tree file of the shared data and on generated text (clean or not), the
public readers -- which take the scanner's path when the input is clean --
give the same trees (as plain data) or the same error.  The scanner must be
built on a machine that runs the tests: CI builds it (setup.py), so the fast
path is what these tests check, never silently skipped.
"""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bench import treebank
from bench.shared_data import SHARED_DATA
from jpcore.errors import InputError
from jpcore.formats import trees
from jpcore.formats.trees import read_trees, read_trees_bytes

TREE_FILES = sorted(
    path for path in (SHARED_DATA / "parseval").rglob("*")
    if path.is_file() and path.suffix in (".gld", ".tst", ".mrg")
    or path.name in ("sample.gld", "sample.tst", "bug.gld", "bug.tst")
)


def python_read(data: bytes, name: str) -> list[dict] | str:
    """The Python reader's trees as plain data, or its error message."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return "not UTF-8"
    if text.startswith("\ufeff"):
        text = text[1:]
    try:
        return [tree.to_dict() for tree in trees._read_checked(text, name)]
    except InputError as error:
        return str(error)


def public_read(data: bytes, name: str) -> list[dict] | str:
    """:func:`read_trees_bytes` (the scanner first) as plain data, or its error message."""
    try:
        return [tree.to_dict() for tree in read_trees_bytes(data, name)]
    except InputError as error:
        return "not UTF-8" if "UTF-8" in str(error) else str(error)


def test_the_scanner_is_built() -> None:
    """The test command builds the C module; a missing one would leave the fast
    path untested (and the bench slow)."""
    assert trees._treescan is not None


def test_real_files_read_alike() -> None:
    assert len(TREE_FILES) >= 20
    for path in TREE_FILES:
        data = path.read_bytes()
        assert public_read(data, str(path)) == python_read(data, str(path)), path


def test_treebank_section_reads_alike() -> None:
    gold, system = treebank.section(bug_trees=150, sample_trees=100)
    for data in (gold, system):
        scanned = read_trees_bytes(data, "section")
        assert all(tree.is_flat() for tree in scanned)  # the scanner's path was taken
        assert [tree.to_dict() for tree in scanned] == python_read(data, "section")


def test_a_scanned_tree_makes_its_nodes_when_read() -> None:
    (tree,) = read_trees_bytes(b"(TOP (S (NP-SBJ (DT The) (NN cat)) (VP (VBD sat) (X)) (. .)))\n", "x")
    assert tree.is_flat()
    assert list(tree.bracket_rows()) == [(0, "TOP", 0, 4), (1, "S", 0, 4), (2, "NP-SBJ", 0, 2),
                                         (5, "VP", 2, 3), (7, "X", 3, 3)]
    flat = tree.flat()
    assert tree.root.label == "TOP" and not tree.is_flat()  # nodes made, flat form dropped
    assert tree.flat() == flat  # ... and made again from the nodes
    assert [(n.label, n.start, n.end) for n in tree.constituents()] == [
        ("TOP", 0, 4), ("S", 0, 4), ("NP-SBJ", 0, 2), ("VP", 2, 3), ("X", 3, 3)]
    assert list(tree.bracket_rows()) == [(0, "TOP", 0, 4), (1, "S", 0, 4), (2, "NP-SBJ", 0, 2),
                                         (5, "VP", 2, 3), (7, "X", 3, 3)]


def test_pickled_flat_tree_round_trips() -> None:
    (tree,) = read_trees_bytes(b"( (S (NP (PRP I)) (VP (VBD ran)) (. .)) )\n", "x")
    again = pickle.loads(pickle.dumps(tree))
    assert again.is_flat() and again.to_dict() == tree.to_dict()


def test_words_and_labels_are_shared_strings() -> None:
    first, second = read_trees_bytes(b"(S (NN cat))\n(S (NN cat))\n", "x")
    assert first.words[0] is second.words[0] and first.tags[0] is second.tags[0]


@pytest.mark.parametrize("text", [
    b"(S (NP x) y)\n", b"(A (B x)\n", b")(A (B x))\n", b"word\n", b"(A w (B x))\n", b"(A (B x) w)\n",
    b"(A (B x y))\n", b"(A (B x))\x00\n", b"(A (B \xff))\n", b"\xef\xbb\xbf(A (B x))\n",
    b"(A (B x))\r\n(A\r(B y))\r", b"(A (B x\xc2\xa0y))\n", b"(\n(NN\tx\x0b)\x0c)\n",
])
def test_edge_cases_read_alike(text: bytes) -> None:
    assert public_read(text, "edge") == python_read(text, "edge")


# Text from the characters that matter to the reader, clean or not.
PIECES = ["(", ")", " ", "\n", "\r", "\t", "\x0b", "\x0c", "S", "NP", "-NONE-", "x", "é", "\xa0", "TOP",
          "(NN a)", "(DT the)", "(X)", "\x1c", "=", "-"]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=40))
def test_generated_text_reads_alike(pieces: list[str]) -> None:
    data = "".join(pieces).encode("utf-8")
    assert public_read(data, "gen") == python_read(data, "gen")


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=40))
def test_read_trees_on_text_reads_alike(pieces: list[str]) -> None:
    text = "".join(pieces)
    try:
        public = [tree.to_dict() for tree in read_trees(text, "gen")]
    except InputError as error:
        public = str(error)
    assert public == python_read(text.encode("utf-8"), "gen")
