"""Properties of the model-free edit extractor, for any token lists.

The central one: applying the extracted edits to the original gives back
the corrected sentence, exactly.  Tokens are drawn from a small alphabet
(letters in two cases, punctuation, hyphens, repeated words) so that
transpositions, case changes, splits/joins and punctuation runs all occur.
"""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from jpcore.formats.m2 import dumps_m2, parse_m2
from jpcore.gec.agreement import agreement
from jpcore.gec.charsim import char_distance, lcs_length
from jpcore.gec.classify import CLASSES
from jpcore.gec.edit import apply_edits
from jpcore.gec.extract import extract_edits
from jpcore.gec.from_text import m2_from_text
from jpcore.gec.token_align import GAP_COST, align_tokens, substitution_cost

WORDS = ["a", "A", "b", "ab", "ba", "the", "The", "every", "one", "everyone", "e", "-", "mail", ",", ".", "—",
         "«", "recieve", "receive", "в", "у", "'s", "40", "Її"]
TOKEN = st.one_of(st.sampled_from(WORDS), st.text(alphabet="abAB,.-'é", min_size=1, max_size=4))
TOKENS = st.lists(TOKEN, max_size=12)
TYPE = re.compile(r"^[MRU]:(%s)$" % "|".join(CLASSES))


def _lcs_reference(a: str, b: str) -> int:
    row = [0] * (len(b) + 1)
    for x in a:
        previous_diagonal = 0
        for j, y in enumerate(b, start=1):
            previous_diagonal, row[j] = row[j], (previous_diagonal + 1 if x == y else max(row[j], row[j - 1]))
    return row[len(b)]


@settings(max_examples=400, deadline=None)
@given(TOKENS, TOKENS)
def test_applying_the_extracted_edits_gives_the_corrected_sentence(orig, cor):
    edits = extract_edits(orig, cor)
    assert apply_edits(orig, [(e.o_start, e.o_end, e.cor) for e in edits]) == cor


@settings(max_examples=400, deadline=None)
@given(TOKENS, TOKENS)
def test_edits_are_ordered_disjoint_non_empty_and_typed(orig, cor):
    edits = extract_edits(orig, cor)
    for edit in edits:
        assert edit.cor == tuple(cor[edit.c_start:edit.c_end])
        assert (edit.o_start, edit.c_start) != (edit.o_end, edit.c_end)
        assert orig[edit.o_start:edit.o_end] != cor[edit.c_start:edit.c_end]
        assert TYPE.match(edit.type), edit.type
        expected_op = "M" if edit.o_start == edit.o_end else "U" if edit.c_start == edit.c_end else "R"
        assert edit.type[0] == expected_op
    for before, after in zip(edits, edits[1:]):
        assert before.o_end <= after.o_start and before.c_end <= after.c_start


@settings(max_examples=300, deadline=None)
@given(TOKENS)
def test_an_unchanged_sentence_has_no_edit(tokens):
    assert extract_edits(tokens, list(tokens)) == []


@settings(max_examples=400, deadline=None)
@given(TOKENS, TOKENS)
def test_the_alignment_covers_both_sides_and_is_no_dearer_than_delete_all_insert_all(orig, cor):
    ops = align_tokens(orig, cor)
    o = c = 0
    total = 0
    for op in ops:
        assert (op.o_start, op.c_start) == (o, c)
        o, c = op.o_end, op.c_end
        if op.kind == "M":
            assert orig[op.o_start] == cor[op.c_start]
        elif op.kind == "S":
            total += substitution_cost(orig[op.o_start], cor[op.c_start])
        elif op.kind in "DI":
            total += GAP_COST
        else:
            block_o, block_c = orig[op.o_start:op.o_end], cor[op.c_start:op.c_end]
            assert sorted(t.lower() for t in block_o) == sorted(t.lower() for t in block_c)
            total += GAP_COST * (len(block_o) - 1)
    assert (o, c) == (len(orig), len(cor))
    assert total <= GAP_COST * (len(orig) + len(cor))


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet="abcé", max_size=12), st.text(alphabet="abcé", max_size=12))
def test_bit_parallel_lcs_equals_the_textbook_one(a, b):
    assert lcs_length(a, b) == _lcs_reference(a, b)
    assert char_distance(a, b) == char_distance(b, a)
    assert char_distance(a, b) <= max(len(a), len(b))


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.lists(TOKEN, min_size=1, max_size=8), TOKENS), min_size=1, max_size=5))
def test_m2_from_text_round_trips_and_agrees_with_itself(pairs):
    orig_text = "".join(" ".join(o) + "\n" for o, _ in pairs)
    cor_text = "".join(" ".join(c) + "\n" for _, c in pairs)
    document = parse_m2(dumps_m2(m2_from_text(orig_text.encode(), cor_text.encode(), "o", "c")), "c")
    assert len(document) == len(pairs)
    for block, (orig, cor) in zip(document, pairs):
        assert block.tokens == orig
        changes = [(e.start, e.end, e.cor.split()) for e in block.edits if not e.is_noop]
        assert apply_edits(orig, changes) == cor
    counts = agreement(document, extract_edits)[None]
    assert counts.tp == counts.gold == counts.sys
    assert counts.same_type == counts.same_full_type == counts.tp
