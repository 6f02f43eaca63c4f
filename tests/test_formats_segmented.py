"""Readers for tokenized text and CoNLL-U: data out, clear errors in."""

from __future__ import annotations

import json

import pytest

from jpcore.errors import InputError
from jpcore.formats import detect_format, read_segmentation
from jpcore.formats.conllu import read_conllu
from jpcore.formats.raw import char_positions, read_raw
from jpcore.formats.tokenized import read_tokenized, write_tokenized
from jpcore.formats.spaces import WHITESPACE, strip_spaces
from jpcore.align.similarity import Normaliser
from tests.conftest import UD


def row(word_id, form):
    return f"{word_id}\t{form}\t_\t_\t_\t_\t0\troot\t_\t_"


def test_tokenized_lines_and_blank_lines():
    seg = read_tokenized(b"a  b\tc\n\n  \nd\n", "t.txt")
    assert [(s.line, s.tokens) for s in seg.sentences] == [(1, ["a", "b", "c"]), (4, ["d"])]
    assert seg.format == "text" and seg.n_tokens == 4


def test_tokenized_bom_crlf_and_no_final_newline():
    seg = read_tokenized("\ufeffa b\r\nc".encode(), "t.txt")
    assert [s.tokens for s in seg.sentences] == [["a", "b"], ["c"]]


def test_tokenized_round_trip():
    seg = read_tokenized("x y\nz\n", "t.txt")
    assert write_tokenized(seg) == "x y\nz\n"


def test_latin1_bytes_are_refused_with_line_and_column():
    with pytest.raises(InputError) as info:
        read_tokenized(b"ok line\ncaf\xe9 au lait\n", "latin1.txt")
    assert str(info.value) == "latin1.txt:2: expected UTF-8 text, found byte e9 at column 4 (not UTF-8)"


def test_nul_bytes_are_refused():
    with pytest.raises(InputError, match=r"^bin.txt:3: expected text, found a NUL byte"):
        read_tokenized(b"a\nb\nc\x00d\n", "bin.txt")


def test_empty_file_has_no_sentences():
    # refused unless allowed (issue 12 item 4: tests/test_malformed_segmented.py)
    assert read_tokenized(b"", "e.txt", allow_empty=True).sentences == []
    for data in (b"", b" \n\t\n", "\u00a0\n".encode()):
        with pytest.raises(InputError, match=r"^e\.txt is empty: expected at least one sentence, found "):
            read_tokenized(data, "e.txt")
    assert read_conllu(b"", "e.conllu").sentences == []
    assert read_conllu(b"\n\n", "e.conllu").sentences == []


def test_conllu_levels_multiword_tokens_and_empty_nodes():
    data = "\n".join([
        "# newdoc id = d1", "# newpar", "# sent_id = s1", "# text = I can't.",
        row(1, "I"), row("2-3", "can't"), row(2, "ca"), row(3, "n't"), row("3.1", "ELIDED"), row(4, "."),
        "", row(1, "Hi"), "",
    ])
    tokens = read_conllu(data, "g.conllu", "tokens")
    words = read_conllu(data, "g.conllu", "words")
    assert [s.tokens for s in tokens.sentences] == [["I", "can't", "."], ["Hi"]]
    assert [s.tokens for s in words.sentences] == [["I", "ca", "n't", "."], ["Hi"]]
    first = tokens.sentences[0]
    assert (first.line, first.token_lines, first.text, first.sent_id, first.newdoc, first.newpar) == (
        5, [5, 6, 10], "I can't.", "s1", True, True
    )
    assert words.sentences[0].token_lines == [5, 7, 8, 10]
    assert tokens.sentences[1].line == 12 and not tokens.sentences[1].newpar
    # the words level keeps each multiword token: its words and its surface form
    assert [s.multiword for s in words.sentences] == [[(1, 3, "can't")], None]
    assert [s.multiword for s in tokens.sentences] == [None, None]


def test_multiword_tokens_survive_the_json_round_trip():
    from jpcore.formats.conllu import segmentation_from_dict

    data = "\n".join([row("1-2", "du"), row(1, "de"), row(2, "le"), row(3, "chat"), ""]) + "\n"
    words = read_conllu(data, "fr.conllu", "words")
    as_dict = words.to_dict()
    assert as_dict["sentences"][0]["multiword"] == [[0, 2, "du"]]
    again = segmentation_from_dict(json.loads(json.dumps(as_dict)))
    assert again.sentences[0].multiword == [(0, 2, "du")] and again == words
    for bad in ([[0, 4, "du"]], [[1, 1, "du"]], [[0, 2]], [["0", 2, "du"]], [[1, 2, "x"], [0, 1, "y"]]):
        broken = json.loads(json.dumps(as_dict))
        broken["sentences"][0]["multiword"] = bad
        with pytest.raises(ValueError, match="multiword"):
            segmentation_from_dict(broken)


@pytest.mark.parametrize(
    "lines, message",
    [
        ([row(1, "a"), "2\tb\t_"], "bad.conllu:2: expected 10 tab-separated columns, found 3"),
        ([row(1, "a"), "2 b _ _ _ _ 1 dep _ _"], "columns must be separated by tabs"),
        ([row(1, "a"), row(3, "b")], "bad.conllu:2: expected word ID 2, found '3'"),
        ([row("x", "a")], "bad.conllu:1: expected an ID such as 5, 3-4 or 5.1, found 'x'"),
        ([row("1-2", "ab"), row(1, "a")], "bad.conllu:1: expected the words of the multiword range, up to word 2"),
        ([row(1, "a"), row("3-4", "cd"), row(3, "c"), row(4, "d")], "bad.conllu:2: expected a multiword range starting at word 2"),
        ([row(1, "a"), "# late comment"], "bad.conllu:2: expected a token line or a blank line, found a comment inside a sentence"),
        (["# text = orphan", ""], "bad.conllu:2: expected token lines after the sentence's comments"),
        ([row(1, "")], "bad.conllu:1: expected a FORM in column 2, found an empty FORM"),
        ([row("\u00b2", "a")], "bad.conllu:1: expected an ID such as 5, 3-4 or 5.1, found '\u00b2'"),
        ([row("\u0661", "a")], "bad.conllu:1: expected an ID such as 5, 3-4 or 5.1, found '\u0661'"),
        ([row("1-\u00b2", "ab")], "bad.conllu:1: expected a range ID such as 3-4, found '1-\u00b2'"),
        ([row("1-" + "9" * 4400, "ab")], "bad.conllu:1: expected a range ID such as 3-4, found '1-999999999999999999'..."),
        ([row("1.\u0661", "a"), row(1, "a")], "bad.conllu:1: expected an ID such as 5, 3-4 or 5.1, found '1.\u0661'"),
        (["# global.columns = ID FORM", "# newdoc"], "bad.conllu:1: expected CoNLL-U word lines"),
    ],
)
def test_conllu_errors_name_file_and_line(lines, message):
    with pytest.raises(InputError) as info:
        read_conllu("\n".join(lines) + "\n", "bad.conllu", "words")
    assert message in str(info.value)


def test_detect_format():
    assert detect_format((UD / "UD_English-EWT/excerpt/en_ewt-ud-test.excerpt.conllu").read_bytes(), "x") == "conllu"
    assert detect_format(b"Hello world .\n", "x") == "text"
    assert detect_format(b"", "x") == "text"


def test_read_segmentation_on_real_files():
    seg = read_segmentation((UD / "UD_English-EWT/en_ewt-ud-test.conllu").read_bytes(), "ewt", level="tokens")
    assert (seg.format, len(seg.sentences), seg.n_tokens) == ("conllu", 2077, 24740)
    ko = read_segmentation((UD / "UD_Korean-GSD/ko_gsd-ud-test.excerpt.conllu").read_bytes(), "ko")
    assert (len(ko.sentences), ko.n_tokens) == (100, 1381)


def test_whitespace_table_matches_python():
    assert set(WHITESPACE) == {chr(c) for c in range(0x110000) if chr(c).isspace()}
    assert strip_spaces("a\u00a0b\u3000c\u200bd") == "abcd"


def test_normaliser_tables():
    en = Normaliser.for_language("en")
    assert [en.key(t) for t in ["``", "''", "`", "don`t", "-LRB-", "-RCB-", "a b"]] == ['"', '"', "'", "don't", "(", "}", "ab"]
    assert Normaliser.for_language("ko").key("``") == "``"
    assert Normaliser.for_language("xx").name == "en"
    assert "contractions kept" in en.describe()


def test_raw_text_positions():
    raw = read_raw(b"Hi there.\r\n\r\nBye.", "raw.txt")
    assert raw == "Hi there.\n\nBye.\n"
    positions = char_positions(raw)
    assert "".join(raw[i] for i in positions) == "Hithere.Bye."
