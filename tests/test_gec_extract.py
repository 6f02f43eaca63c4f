"""Unit tests of the model-free edit extractor (jpcore/gec): one class per module."""

from __future__ import annotations

import pytest

from jpcore.errors import InputError
from jpcore.formats.m2 import dumps_m2, parse_m2
from jpcore.gec.charsim import char_distance, lcs_length, similarity
from jpcore.gec.classify import classify
from jpcore.gec.edit import Edit, apply_edits
from jpcore.gec.extract import extract_edits
from jpcore.gec.from_text import NOOP_LINE, RULES_NOTE, annotator_note, get_annotator, m2_from_text
from jpcore.gec.merge import merge_ops
from jpcore.gec.parallel import read_parallel
from jpcore.gec.token_align import CASE_COST, GAP_COST, PUNCT_SUB_COST, Op, align_tokens, substitution_cost
from jpcore.gec.tokens import is_punctuation


def edits(orig: str, cor: str) -> list[tuple[str, str, str]]:
    """(original text, corrected text, type) of each extracted edit."""
    o, c = orig.split(), cor.split()
    return [(" ".join(o[e.o_start:e.o_end]), " ".join(e.cor), e.type) for e in extract_edits(o, c)]


class TestCharacterSimilarity:
    def test_lcs_and_similarity(self):
        assert lcs_length("recieve", "receive") == 6
        assert lcs_length("abc", "") == 0
        assert lcs_length("abcabc", "cba") == 2
        assert similarity("abc", "abc") == 1.0
        assert similarity("", "") == 1.0
        assert similarity("ab", "cd") == 0.0
        assert similarity("go", "goes") == 4 / 6

    def test_char_distance_counts_a_swap_as_one(self):
        assert char_distance("recieve", "receive") == 1
        assert char_distance("ab", "ba") == 1
        assert char_distance("kitten", "sitting") == 3
        assert char_distance("", "") == 0


class TestAlignmentCosts:
    def test_costs(self):
        assert substitution_cost("a", "a") == 0
        assert substitution_cost("The", "the") == CASE_COST == 10
        assert substitution_cost(",", "—") == PUNCT_SUB_COST == 110
        assert substitution_cost("recieve", "receive") == 10 + round(240 * (1 - 12 / 14)) == 44
        assert substitution_cost("for", "in") == 250
        assert GAP_COST == 100

    def test_similar_words_substitute_unrelated_words_delete_and_insert(self):
        assert align_tokens(["recieve"], ["receive"]) == [Op("S", 0, 1, 0, 1)]
        assert align_tokens(["for"], ["in"]) == [Op("D", 0, 1, 0, 0), Op("I", 1, 1, 0, 1)]
        # similarity 0.4 costs 154 < 200: still a substitution
        assert substitution_cost("is", "was") == 154
        assert [op.kind for op in align_tokens(["is"], ["was"])] == ["S"]
        # ... and similarity 0 (250) a deletion and an insertion
        assert [op.kind for op in align_tokens(["go"], ["went"])] == ["D", "I"]

    def test_ops_cover_both_sides_in_order(self):
        orig, cor = "a b c d".split(), "a x c d e".split()
        ops = align_tokens(orig, cor)
        assert [op.kind for op in ops] == ["M", "D", "I", "M", "M", "I"]
        assert ops[0].o_start == ops[0].c_start == 0
        for before, after in zip(ops, ops[1:]):
            assert (before.o_end, before.c_end) == (after.o_start, after.c_start)
        assert (ops[-1].o_end, ops[-1].c_end) == (4, 5)

    def test_adjacent_and_block_transpositions(self):
        assert align_tokens(["b", "a"], ["a", "b"]) == [Op("T", 0, 2, 0, 2)]
        assert align_tokens("I last year visited Paris".split(), "I visited Paris last year".split()) == [
            Op("M", 0, 1, 0, 1), Op("T", 1, 5, 1, 5)]
        # case is ignored when testing the multiset
        assert align_tokens(["Paris", "visited"], ["visited", "paris"]) == [Op("T", 0, 2, 0, 2)]

    def test_no_transposition_of_one_token_or_of_different_tokens(self):
        assert [op.kind for op in align_tokens(["a", "b"], ["c", "d"])] == ["D", "D", "I", "I"]
        assert [op.kind for op in align_tokens(["a"], ["A"])] == ["S"]

    def test_empty_sides(self):
        assert align_tokens([], ["a", "b"]) == [Op("I", 0, 0, 0, 1), Op("I", 0, 0, 1, 2)]
        assert align_tokens(["a"], []) == [Op("D", 0, 1, 0, 0)]


class TestMergingRules:
    def test_matches_separate_edits(self):
        assert edits("a b c", "x b y") == [("a", "x", "R:OTHER"), ("c", "y", "R:OTHER")]

    def test_rule_a_only_deletions_or_only_insertions_are_one_edit(self):
        assert edits("I want to to the go", "I want go") == [("to to the", "", "U:OTHER")]
        assert edits("I go", "I will surely go") == [("", "will surely", "M:OTHER")]

    def test_rule_b_token_splits_and_joins(self):
        assert edits("I have every one here", "I have everyone here") == [("every one", "everyone", "R:ORTH")]
        assert edits("send an e - mail", "send an email") == [("e - mail", "email", "R:OTHER")]
        assert edits("a supermarket", "a super market") == [("supermarket", "super market", "R:ORTH")]

    def test_rule_c_a_moved_sentence_boundary_is_one_edit(self):
        assert edits("It rains , we stay", "It rains . We stay") == [(", we", ". We", "R:OTHER")]
        assert edits("де він", "— Де він") == [("де", "— Де", "R:OTHER")]

    def test_rule_d_punctuation_and_words_apart(self):
        assert edits("He said that", "He said , this") == [("", ",", "M:PUNCT"), ("that", "this", "R:OTHER")]
        # the free order of deletions and insertions keeps ", " apart from "що" -> "який"
        assert edits("людина що бігла", "людина , який бігла") == [("", ",", "M:PUNCT"), ("що", "який", "R:OTHER")]

    def test_rule_e_punctuation_substitutions_anchor_their_neighbours(self):
        assert edits('" Так " - сказав я : " Ні', '" Так " , — сказав я . — Ні') == [
            ("-", ", —", "R:PUNCT"), (":", ".", "R:PUNCT"), ('"', "—", "R:PUNCT")]
        assert edits("a ! ? b", "a b") == [("! ?", "", "U:PUNCT")]

    def test_rule_f_similar_substitutions_stand_alone(self):
        assert edits("He is interested for learn the music .", "He is interested in learning music .") == [
            ("for", "in", "R:OTHER"), ("learn", "learning", "R:OTHER"), ("the", "", "U:OTHER")]
        # dissimilar substitution + deletion: one edit
        assert edits("I have go home", "I went home") == [("have go", "went", "R:OTHER")]

    def test_transposition_is_one_edit(self):
        assert edits("I last year visited Paris", "I visited Paris last year") == [
            ("last year visited Paris", "visited Paris last year", "R:WO")]

    def test_merge_ops_on_an_empty_alignment(self):
        assert merge_ops([], [], []) == []


class TestClassification:
    @pytest.mark.parametrize(("orig", "cor", "expected"), [
        ("my", "My", "R:ORTH"),
        ("every one", "everyone", "R:ORTH"),
        ("a b", "b a", "R:WO"),
        ("Paris visited", "visited paris", "R:WO"),
        ("", ",", "M:PUNCT"),
        (",", "", "U:PUNCT"),
        (":", ". —", "R:PUNCT"),
        ("recieve", "receive", "R:SPELL"),
        ("teh", "the", "R:SPELL"),
        ("погоджуйтеся", "погоджуєтеся", "R:SPELL"),
        ("go", "goes", "R:OTHER"),  # a changed ending is inflection, not spelling
        ("особняку", "особняка", "R:OTHER"),
        ("at", "in", "R:OTHER"),  # two edits in a two-letter word
        ("в", "у", "R:OTHER"),
        ("necesary", "necessary", "R:SPELL"),
        ("acommodation", "accommodation", "R:SPELL"),
        ("40", "41", "R:OTHER"),  # no letter
        ("", "the", "M:OTHER"),
        ("the", "", "U:OTHER"),
        (", and", ". And", "R:OTHER"),
    ])
    def test_classes(self, orig, cor, expected):
        assert classify(orig.split(), cor.split()) == expected

    def test_punctuation_is_unicode_p_only(self):
        assert all(is_punctuation(t) for t in [",", "—", "«", "»", "...", "?!", "'"])
        assert not any(is_punctuation(t) for t in ["°", "$", "a,", "1.", ""])


class TestApplyEdits:
    def test_insertions_at_one_position_keep_their_order(self):
        assert apply_edits(["a", "b"], [(1, 1, ["x"]), (1, 1, ["y"]), (1, 2, ["c"])]) == ["a", "x", "y", "c"]

    def test_overlaps_and_edits_past_the_end_are_refused(self):
        with pytest.raises(ValueError, match="overlaps"):
            apply_edits(["a", "b", "c"], [(0, 2, ["x"]), (1, 3, ["y"])])
        with pytest.raises(ValueError, match="past the sentence's end"):
            apply_edits(["a"], [(0, 2, ["x"])])

    def test_edit_to_m2(self):
        edit = Edit(0, 0, 0, 2, "M:OTHER", ("a", "b"))
        assert edit.to_m2(3) == (0, 0, "M:OTHER", "a b", 3)


class TestParallelReader:
    def test_reads_line_pairs(self):
        pairs = read_parallel(b"\xef\xbb\xbfa  b\r\nc\r\n", b"a b\r\nC d\r\n", "o.txt", "c.txt")
        assert [(p.line, p.orig, p.cor) for p in pairs] == [(1, ("a", "b"), ("a", "b")), (2, ("c",), ("C", "d"))]

    def test_uneven_files_name_both_files_and_both_counts(self):
        with pytest.raises(InputError) as error:
            read_parallel(b"a\nb\nc\n", b"a\nb\n", "SRC.txt", "COR.txt")
        message = str(error.value)
        assert message == (
            "SRC.txt, COR.txt: expected line-parallel files (one sentence per line in each, the same number "
            "of lines), found 3 lines in SRC.txt but 2 lines in COR.txt (nothing was scored: uneven files "
            "are never truncated)")

    def test_a_missing_last_line_end_is_not_a_difference(self):
        assert len(read_parallel(b"a\nb", b"a\nb\n", "o", "c")) == 2

    def test_empty_files(self):
        with pytest.raises(InputError, match=r"^o\.txt: expected one sentence per line, found an empty file$"):
            read_parallel(b"", b"a\n", "o.txt", "c.txt")
        with pytest.raises(InputError, match=r"^c\.txt: expected one sentence per line, found an empty file$"):
            read_parallel(b"a\n", b"", "o.txt", "c.txt")

    def test_empty_original_line_is_refused_empty_corrected_line_is_a_deletion(self):
        with pytest.raises(InputError, match=r"^o\.txt:2: expected a sentence \(one per line\), found an empty line"):
            read_parallel(b"a\n  \nb\n", b"a\nx\nb\n", "o.txt", "c.txt")
        assert read_parallel(b"a b\n", b"\n", "o", "c")[0].cor == ()

    def test_bad_bytes_name_file_line_and_column(self):
        with pytest.raises(InputError, match=r"^c\.txt:2: expected UTF-8 text, found byte ff at column 3"):
            read_parallel(b"a\nb\n", b"a\nb \xff\n", "o.txt", "c.txt")
        with pytest.raises(InputError, match=r"^o\.txt:1: expected text, found a NUL byte"):
            read_parallel(b"a\x00\n", b"a\n", "o.txt", "c.txt")


class TestM2FromText:
    ORIG = "She go to school every days .\nThe weather was nice .\nI recieve it\n"
    COR = "She goes to school every day .\nThe weather was nice .\nI receive it\n"

    def test_writes_one_block_per_line_with_noop_for_unchanged_lines(self):
        document = m2_from_text(self.ORIG.encode(), self.COR.encode(), "src.txt", "cor.txt")
        assert document.name == "cor.txt"
        assert dumps_m2(document) == (
            "S She go to school every days .\n"
            "A 1 2|||R:OTHER|||goes|||REQUIRED|||-NONE-|||0\n"
            "A 5 6|||R:OTHER|||day|||REQUIRED|||-NONE-|||0\n"
            "\n"
            "S The weather was nice .\n"
            f"{NOOP_LINE}\n"
            "\n"
            "S I recieve it\n"
            "A 1 2|||R:SPELL|||receive|||REQUIRED|||-NONE-|||0\n")
        reparsed = parse_m2(dumps_m2(document), "x")
        assert [block.edits for block in reparsed] == [block.edits for block in document]
        assert [block.line for block in document] == [block.line for block in reparsed]

    def test_s_line_is_the_tokens_joined_by_one_space(self):
        document = m2_from_text("a\t b \n".encode(), "a  c\n".encode(), "o", "c")
        assert document[0].sentence == "a b"
        assert document[0].edits[0] == (1, 2, "R:OTHER", "c", 0)

    def test_deleted_sentence(self):
        document = m2_from_text(b"a b\n", b"\n", "o", "c")
        assert document[0].edits == ((0, 2, "U:OTHER", "", 0),)

    def test_field_separator_in_a_corrected_token_is_refused(self):
        with pytest.raises(InputError, match=r"^c:2: expected tokens without '\|\|\|'"):
            m2_from_text(b"a\nb\n", b"a\nb|||c\n", "o", "c")

    def test_uneven_files_are_refused_not_truncated(self):
        with pytest.raises(InputError, match="found 3 lines in o but 2 lines in c"):
            m2_from_text(self.ORIG.encode(), self.COR.encode().rsplit(b"\n", 2)[0] + b"\n", "o", "c")

    def test_unknown_annotator(self):
        with pytest.raises(ValueError, match="unknown annotator 'tagger'"):
            get_annotator("tagger")

    def test_the_rules_note_says_types_are_coarse(self):
        assert annotator_note("rules") == RULES_NOTE
        assert "coarse" in RULES_NOTE


def test_the_rules_annotator_never_imports_spacy_or_errant():
    import subprocess
    import sys

    code = (
        "import sys; from jpcore.gec import m2_from_text; "
        "m2_from_text(b'She go .\\n', b'She goes .\\n', 'o', 'c'); "
        "assert not any(m == 'spacy' or m.startswith(('spacy.', 'errant')) for m in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, timeout=120)
    assert done.returncode == 0, done.stderr.decode()[-500:]
