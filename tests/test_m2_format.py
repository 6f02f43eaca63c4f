"""M2 reading and writing (jpcore.formats.m2): structure, line numbers, round trips, errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from jpcore.errors import InputError
from jpcore.formats.m2 import (
    M2Block,
    M2Edit,
    M2InputError,
    block_from_edits,
    document_from_blocks,
    dumps_m2,
    format_edit,
    parse_m2,
    read_m2,
    write_m2,
)
from jpcore.formats.textio import EmptyFileError
from bench.shared_data import SHARED_DATA

M2_DATA = SHARED_DATA / "m2"
TOY_GOLD = M2_DATA / "toy-en" / "gold.m2"
ALL_M2 = sorted(M2_DATA.rglob("*.m2"))

SMALL = (
    "S She go to school .\n"
    "A 1 2|||R:VERB:SVA|||goes|||REQUIRED|||-NONE-|||0\n"
    "A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1\n"
    "\n"
    "S The weather was nice .\n"
    "\n"
    "S He is interested for learn .\n"
    "A 3 4|||R:PREP|||in|||REQUIRED|||-NONE-|||1\n"
    "A 5 6|||U:DET||||||REQUIRED|||-NONE-|||0\n"
)


def test_blocks_sentences_and_edits() -> None:
    doc = parse_m2(SMALL, "small.m2")
    assert len(doc) == 3
    first, second, third = doc.blocks
    assert first.sentence == "She go to school ."
    assert first.tokens == ["She", "go", "to", "school", "."]
    assert first.edits == (
        M2Edit(1, 2, "R:VERB:SVA", "goes", 0),
        M2Edit(-1, -1, "noop", "-NONE-", 1),
    )
    assert first.edits[1].is_noop and not first.edits[0].is_noop
    assert second.edits == ()
    assert second.coders() == [0]  # the implicit noop annotator
    assert third.coders() == [1, 0]  # first-appearance order
    assert third.edits[1].cor == ""  # a deletion: empty correction kept as written


def test_line_numbers_of_blocks_and_edits() -> None:
    doc = parse_m2(SMALL, "small.m2")
    assert [b.line for b in doc.blocks] == [1, 5, 7]
    assert [b.index for b in doc.blocks] == [0, 1, 2]
    third = doc.blocks[2]
    assert [third.edit_line(i) for i in range(len(third.edits))] == [8, 9]
    assert third.edit_text(1) == "A 5 6|||U:DET||||||REQUIRED|||-NONE-|||0"
    assert third.edit_fields(0) == ["3 4", "R:PREP", "in", "REQUIRED", "-NONE-", "1"]


def test_line_numbers_count_leading_blank_lines() -> None:
    doc = parse_m2("\n\n" + SMALL, "x.m2")
    assert [b.line for b in doc.blocks] == [3, 7, 9]


def test_toy_gold_file() -> None:
    doc = read_m2(TOY_GOLD)
    assert len(doc) == 8
    assert doc.name == str(TOY_GOLD)
    assert doc.blocks[2].sentence == "The weather was nice ."
    assert doc.blocks[2].edits == ()
    assert doc.blocks[6].line == 32
    assert doc.blocks[6].edits[4] == M2Edit(14, 14, "M:PUNCT", ",", 1)
    assert doc.blocks[6].edit_line(4) == 37
    assert TOY_GOLD.read_text().split("\n")[36] == "A 14 14|||M:PUNCT|||,|||REQUIRED|||-NONE-|||1"


def test_correction_kept_exactly_and_last_field_is_the_coder() -> None:
    doc = parse_m2("S a b\nA 0 1|||R|||x |||REQUIRED|||-NONE-|||0\nA 1 2|||R|||y|||1\n", "x.m2")
    assert doc.blocks[0].edits == (M2Edit(0, 1, "R", "x ", 0), M2Edit(1, 2, "R", "y", 1))


@pytest.mark.parametrize("path", ALL_M2, ids=lambda p: str(p.relative_to(M2_DATA)))
def test_every_shared_file_round_trips_byte_for_byte(path: Path, tmp_path: Path) -> None:
    data = path.read_bytes()
    doc = parse_m2(data, str(path))
    assert dumps_m2(doc).encode("utf-8") == data
    out = tmp_path / "out.m2"
    write_m2(doc, out)
    assert out.read_bytes() == data


@pytest.mark.parametrize(
    "text",
    [
        SMALL.replace("\n", "\r\n"),
        "\ufeff" + SMALL,
        "\n \n" + SMALL + "\n\n  \n",
        SMALL.rstrip("\n"),
        "",
        " \n\n",
    ],
    ids=["crlf", "bom", "whitespace-around", "no-final-newline", "empty", "blank"],
)
def test_round_trip_variants(text: str) -> None:
    data = text.encode("utf-8")
    # an empty file is refused unless allowed (test_empty_file_is_refused)
    assert dumps_m2(parse_m2(data, "x.m2", allow_empty=True)).encode("utf-8") == data


def test_crlf_reads_like_lf() -> None:
    lf = parse_m2(SMALL, "lf.m2")
    crlf = parse_m2(SMALL.replace("\n", "\r\n").encode(), "crlf.m2")
    assert crlf.newline == "\r\n" and lf.newline == "\n"
    assert crlf.blocks == lf.blocks


def test_empty_file_is_refused() -> None:
    # issue 12 item 4: errant scores an empty file as one empty block (P = 1.0)
    for data, found in ((b"", "no text at all"), (b" \n\r\n\t\n", "only whitespace"),
                        ("\ufeff\n".encode(), "only whitespace")):
        with pytest.raises(EmptyFileError) as caught:
            parse_m2(data, "empty.m2")
        assert str(caught.value) == f"empty.m2 is empty: expected at least one block (an S line), found {found}"
        assert isinstance(caught.value, InputError)


def test_empty_file_is_one_empty_block() -> None:
    doc = parse_m2(b"", "empty.m2", allow_empty=True)
    assert len(doc) == 1
    assert doc.blocks[0].text == "" and doc.blocks[0].edits == ()
    assert doc.blocks[0].coders() == [0]


def test_format_edit_is_canonical() -> None:
    assert format_edit(6, 7, "R:PREP", "in", 0) == "A 6 7|||R:PREP|||in|||REQUIRED|||-NONE-|||0"
    assert format_edit(-1, -1, "noop", "-NONE-", 2) == "A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||2"


def test_block_from_edits_and_document_from_blocks() -> None:
    one = block_from_edits("a b c", [M2Edit(0, 1, "R:X", "A", 0), "A 2 2|||M:Y|||d|||REQUIRED|||-NONE-|||1"])
    two = block_from_edits("d e", [])
    assert one.text == "S a b c\nA 0 1|||R:X|||A|||REQUIRED|||-NONE-|||0\nA 2 2|||M:Y|||d|||REQUIRED|||-NONE-|||1"
    assert one.edits == (M2Edit(0, 1, "R:X", "A", 0), M2Edit(2, 2, "M:Y", "d", 1))
    doc = document_from_blocks("new.m2", [one, two])
    assert [b.line for b in doc.blocks] == [1, 5]
    text = dumps_m2(doc)
    assert text == one.text + "\n\nS d e\n"
    assert parse_m2(text, "new.m2").blocks == doc.blocks


def test_block_from_edits_refuses_a_bad_line() -> None:
    with pytest.raises(InputError):
        block_from_edits("a b", ["A 0 1|||R|||x|||REQUIRED|||-NONE-"])


# ---------------------------------------------------------------- malformed input


def error_of(text: str | bytes) -> M2InputError:
    with pytest.raises(M2InputError) as info:
        parse_m2(text, "bad.m2")
    assert isinstance(info.value, InputError)
    assert info.value.file == "bad.m2"
    return info.value


def test_five_field_line_names_file_block_and_line() -> None:
    error = error_of(SMALL + "\nS x y\nA 0 1|||R|||z|||REQUIRED|||-NONE-\n")
    assert (error.line, error.block) == (12, 3)
    assert "coder id is missing" in str(error)
    assert str(error).startswith("bad.m2:12: expected ")
    assert "(block #3)" in str(error)


def test_non_integer_coder() -> None:
    error = error_of("S a b\nA 0 1|||R|||z|||REQUIRED|||-NONE-|||zero\n")
    assert (error.line, error.block) == (2, 0)
    assert "integer coder id" in str(error) and "'zero'" in str(error)


@pytest.mark.parametrize("span", ["A x 1", "A 1", "A 1 2 3", "A 1 2.0"])
def test_bad_span(span: str) -> None:
    error = error_of(f"S a b\nA 0 1|||R|||z|||REQUIRED|||-NONE-|||0\n{span}|||R|||z|||REQUIRED|||-NONE-|||0\n")
    assert (error.line, error.block) == (3, 0)
    assert "two integers" in str(error)


@pytest.mark.parametrize("line", ["A|||R|||z|||REQUIRED|||-NONE-|||0", "B 0 1|||R|||z|||REQUIRED|||-NONE-|||0"])
def test_not_an_edit_line(line: str) -> None:
    error = error_of(f"S a b\n{line}\n")
    assert (error.line, error.block) == (2, 0)
    assert "expected an edit line 'A start end|||" in str(error)


def test_too_few_fields() -> None:
    error = error_of("S a b\nA 0 1|||R\n")
    assert error.line == 2
    assert "2 |||-separated fields" in str(error)


def test_whitespace_only_line_between_blocks() -> None:
    text = "S a b\nA 0 1|||R|||z|||REQUIRED|||-NONE-|||0\n \nS c d\n"
    error = error_of(text)
    assert (error.line, error.block) == (3, 0)
    assert "whitespace-only line" in str(error)


def test_two_empty_lines_between_blocks() -> None:
    error = error_of("S a b\n\n\n\nS c d\n")
    assert (error.line, error.block) == (3, 1)
    assert "extra empty line" in str(error)


def test_three_newlines_between_blocks() -> None:
    error = error_of("S a b\n\n\nS c d\n")
    assert (error.line, error.block) == (3, 1)


def test_missing_empty_line_before_a_sentence() -> None:
    error = error_of("S a b\nA 0 1|||R|||z|||REQUIRED|||-NONE-|||0\nS c d\n")
    assert (error.line, error.block) == (3, 0)
    assert "empty line before it missing" in str(error)


def test_empty_line_inside_a_block() -> None:
    error = error_of("S a b\nA 0 1|||R|||z|||REQUIRED|||-NONE-|||0\n\nA 1 2|||R|||z|||REQUIRED|||-NONE-|||0\n")
    assert (error.line, error.block) == (4, 1)
    assert "expected an S line" in str(error)


def test_not_utf8() -> None:
    error = error_of(b"S a b\n\nS \xff\n")
    assert error.line == 3
    assert "UTF-8" in str(error)


def test_read_m2_reports_missing_file(tmp_path: Path) -> None:
    with pytest.raises(OSError):
        read_m2(tmp_path / "missing.m2")


def test_block_is_a_plain_value() -> None:
    block = M2Block.of(0, 1, "S a", ())
    assert block.sentence == "a" and block.s_line == "S a" and block.edits == ()
