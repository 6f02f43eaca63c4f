"""Compact results (issue 13 item 4): a :class:`GroupList` reads as the list of word groups it
was made from, a :class:`ConstituentList` as its constituents, and a compacted result is the
same result.

* unit: indexing (negative too), slices, iteration, equality with lists, pickling, the JSON
  lists, offsets past 32 bits;
* property: any groups and any constituents round-trip;
* real data: preprocess (EWT excerpt, text and CoNLL-U), parseval (EVALB's sample) and ud
  (the bundled parsed EWT pair) results compacted give the same ``to_dict()``, read back
  from it equal, and survive pickling (what the app's result cache does).
"""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from jpcore import parseval
from jpcore.formats.trees import read_trees
from jpcore.align import KINDS, Group, GroupList, all_match, compact_groups, group_to_list, groups_to_lists
from jpcore.parseval.constituents import (
    STATUSES,
    Constituent,
    ConstituentList,
    compact_constituents,
    labels_and_statuses,
)
from jpcore.parseval.result import ParsevalResult
from jpcore.preprocess import PreprocessResult, evaluate_bytes as preprocess_evaluate
from jpcore.ud import UdResult, evaluate_bytes as ud_evaluate
from tests.conftest import ROOT

SAMPLE = ROOT / "sample_data"
EXCERPT = SAMPLE / "ud" / "UD_English-EWT-excerpt"
PARSED = SAMPLE / "ud" / "UD_English-EWT-parsed"
EVALB = SAMPLE / "parseval" / "evalb-sample"

GROUPS = [Group((0, 2), (0, 1), (0, 9), (0, 9), "merged"), Group((2, 3), (1, 2), (9, 12), (9, 12), "exact"),
          Group((3, 3), (2, 3), (12, 12), (12, 15), "system-only")]


def test_a_group_list_reads_as_its_groups() -> None:
    compact = GroupList(GROUPS)
    assert len(compact) == 3 and list(compact) == GROUPS
    assert compact[0] == GROUPS[0] and compact[-1] == GROUPS[-1] and compact[-3] == GROUPS[0]
    assert compact[1:] == GROUPS[1:] and compact[::-1] == GROUPS[::-1] and compact[5:] == []
    assert compact == GROUPS and GROUPS == compact and compact == tuple(GROUPS)
    assert not all_match(compact) and all_match(GroupList(GROUPS[1:2])) and all_match(GroupList())
    assert compact != GROUPS[:2] and compact != [GROUPS[0], GROUPS[2], GROUPS[1]] and compact != "abc"
    assert [group.kind for group in compact] == ["merged", "exact", "system-only"]
    assert [group.shape for group in compact] == ["n:1", "1:1", "0:1"]
    assert GROUPS[1] in compact and compact.index(GROUPS[2]) == 2
    for index in (3, -4):
        with pytest.raises(IndexError):
            compact[index]
    assert compact.to_lists() == groups_to_lists(GROUPS) == [group_to_list(group) for group in GROUPS]
    assert GroupList.from_lists(compact.to_lists()) == compact
    assert pickle.loads(pickle.dumps(compact)) == compact
    assert compact_groups(compact) is compact and compact_groups(GROUPS) == compact
    assert GroupList() == [] and len(GroupList()) == 0
    assert repr(GroupList(GROUPS[1:2])) == f"GroupList([{GROUPS[1]!r}])"


def test_offsets_past_32_bits_are_kept() -> None:
    far = Group((0, 1), (0, 1), (2**40, 2**40 + 3), (5, 8), "similar")
    compact = GroupList([GROUPS[0], far])
    assert compact[1] == far and pickle.loads(pickle.dumps(compact))[1] == far


_RANGE = st.tuples(st.integers(0, 2**33), st.integers(0, 2**33))
_GROUP = st.builds(Group, _RANGE, _RANGE, _RANGE, _RANGE, st.sampled_from(KINDS))


@given(st.lists(_GROUP, max_size=30))
def test_any_groups_round_trip(groups: list[Group]) -> None:
    compact = GroupList(groups)
    assert compact == groups and list(compact) == groups
    assert GroupList.from_lists(compact.to_lists()) == compact
    assert compact.to_lists() == [group_to_list(group) for group in groups]
    assert all_match(compact) == all_match(groups) == all(group.is_match for group in groups)


CONSTITUENTS = [Constituent("NP", 0, 2, 0, 1, "matched"), Constituent("S", 0, 7, 3, 0, "gold-only", False, False),
                Constituent("VP", 2, 7, 3, 4, "crossing", True), Constituent("PP", 4, 7, 3, 9, "system-only", True, False)]


def test_a_constituent_list_reads_as_its_constituents() -> None:
    kept = ConstituentList(CONSTITUENTS)
    assert len(kept) == 4 and list(kept) == CONSTITUENTS and kept == CONSTITUENTS and CONSTITUENTS == kept
    assert kept[1] == CONSTITUENTS[1] and kept[-1] == CONSTITUENTS[-1] and kept[1:3] == CONSTITUENTS[1:3]
    assert kept != CONSTITUENTS[::-1] and kept != CONSTITUENTS[:3] and kept != 3
    assert [c.to_list() for c in kept] == [c.to_list() for c in CONSTITUENTS]
    assert list(labels_and_statuses(kept)) == list(labels_and_statuses(CONSTITUENTS)) == [
        ("NP", "matched"), ("S", "gold-only"), ("VP", "crossing"), ("PP", "system-only")]
    with pytest.raises(IndexError):
        kept[4]
    assert pickle.loads(pickle.dumps(kept)) == kept and compact_constituents(kept) is kept
    assert ConstituentList() == [] and repr(ConstituentList(CONSTITUENTS[:1])) == f"ConstituentList([{CONSTITUENTS[0]!r}])"


_CONSTITUENT = st.builds(Constituent, st.sampled_from(["NP", "VP", "", "S-TPC"]), st.integers(0, 2**33),
                         st.integers(0, 2**33), st.integers(0, 5_000), st.integers(0, 5_000),
                         st.sampled_from(STATUSES), st.booleans(), st.booleans())


@given(st.lists(_CONSTITUENT, max_size=30))
def test_any_constituents_round_trip(constituents: list[Constituent]) -> None:
    kept = ConstituentList(constituents)
    assert kept == constituents and list(kept) == constituents
    assert pickle.loads(pickle.dumps(kept)) == kept


def _preprocess(gold: str, system: str) -> PreprocessResult:
    return preprocess_evaluate((EXCERPT / gold).read_bytes(), (EXCERPT / system).read_bytes(), gold, system)


@pytest.mark.parametrize("make", [
    lambda: _preprocess("en_ewt-ud-test.excerpt.gold.words.txt", "en_ewt-ud-test.excerpt.nltk.tok.txt"),
    lambda: _preprocess("en_ewt-ud-test.excerpt.conllu", "en_ewt-ud-test.excerpt.nltk.conllu"),
    lambda: parseval.evaluate_bytes((EVALB / "sample.gld").read_bytes(), (EVALB / "sample.tst").read_bytes()),
    lambda: ud_evaluate((PARSED / "en_ewt-ud-test.first49.conllu").read_bytes(),
                        (PARSED / "en_ewt-ud-test.first49.parsed.conllu").read_bytes(), "gold", "system"),
], ids=["preprocess-text", "preprocess-conllu", "parseval", "ud"])
def test_a_compacted_result_is_the_same_result(make) -> None:
    plain, compact = make(), make().compact()
    units = compact.pairs if isinstance(compact, ParsevalResult) else compact.units
    assert units and all(isinstance(unit.words, GroupList) for unit in units)
    plain_units = plain.pairs if isinstance(plain, ParsevalResult) else plain.units
    assert sum(len(unit.words) for unit in units) == sum(len(unit.words) for unit in plain_units) > 100
    written = plain.to_dict()
    assert compact.to_dict() == written
    kind = {"preprocess": PreprocessResult, "parseval": ParsevalResult, "ud": UdResult}[written["task"]]
    again = kind.from_dict(written)
    assert again.to_dict() == written and again.compact().to_dict() == written
    assert [unit.words for unit in plain_units] == [unit.words for unit in units]
    assert [all_match(unit.words) for unit in plain_units] == [all_match(unit.words) for unit in units]
    assert pickle.loads(pickle.dumps(compact)).to_dict() == written
    assert compact.compact() is compact
    if isinstance(compact, ParsevalResult):
        assert all(isinstance(pair.gold_constituents, ConstituentList) for pair in compact.pairs)
        assert compact.label_scores() == plain.label_scores() and len(compact.label_scores()) > 3
        assert [pair.labels() for pair in compact.pairs] == [pair.labels() for pair in plain.pairs]


def test_trees_pickle_as_their_preorder_and_come_back_whole() -> None:
    text = ("(TOP (S (NP (DT The) (NN cat)) (VP (VBD sat) (X) (PP (IN on) (NP (DT the) (NN mat)))) (. .)))\n"
            "( (S (NP-SBJ (PRP It)) (VP (VBZ works))))\n(NN alone)\n(TOP ())\n"
            + "(S " * 1_500 + "(NN deep)" + ")" * 1_500 + "\n")
    trees = read_trees(text, "t.mrg")
    again = pickle.loads(pickle.dumps(trees, protocol=pickle.HIGHEST_PROTOCOL))
    assert [tree.to_dict() for tree in again] == [tree.to_dict() for tree in trees]
    assert [tree.to_string() for tree in again] == [tree.to_string() for tree in trees]
    for tree, back in zip(trees, again):
        assert [(n.label, n.start, n.end, n.word, n.line, len(n.children)) for n in back.nodes()] == [
            (n.label, n.start, n.end, n.word, n.line, len(n.children)) for n in tree.nodes()]
        assert back.depth() == tree.depth()
    assert again[4].depth() == 1_501 and again[2].root.word == "alone" and again[3].is_empty
