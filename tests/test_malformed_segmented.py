"""Malformed input for `jpcore preprocess`: a result or one clear error, never a traceback.

Every file in tests/malformed/segmented/ is run through the real command
line against reference.txt (or itself); the expected outcome is either the
exact totals or the exact one-line message with exit status 2.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.conftest import ROOT

HERE = ROOT / "tests" / "malformed" / "segmented"
REFERENCE = HERE / "reference.txt"  # "Hello world ." / "Bye ."


def cli(*args):
    return subprocess.run([sys.executable, "-m", "jpcore", "preprocess", *map(str, args)],
                          cwd=ROOT, capture_output=True, text=True, check=False, timeout=120)


def totals(out):
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)["totals"]
    return tuple((data[k]["tp"], data[k]["fp"], data[k]["fn"]) for k in ("sentences", "tokens"))


@pytest.mark.parametrize(
    "name, expected",
    [
        ("bom.txt", ((1, 0, 1), (3, 0, 2))),
        ("crlf.txt", ((2, 0, 0), (5, 0, 0))),
        ("lone_cr.txt", ((2, 0, 0), (5, 0, 0))),
        ("tabs_in_tokens.txt", ((2, 0, 0), (5, 0, 0))),
        ("trailing_spaces.txt", ((2, 0, 0), (5, 0, 0))),
        ("other_text.txt", ((0, 2, 2), (0, 5, 5))),
    ],
)
def test_readable_oddities_give_a_result(name, expected):
    assert totals(cli(REFERENCE, HERE / name, "--json")) == expected


#: IDs that str.isdigit() or int() would take (issue 12, items 9 and 13), and a
#: file of comments only: each one line naming file and line, whole-file or --stream.
NEW_CONLLU_CASES = [
    ("id_superscript.conllu", "id_superscript.conllu:2: expected an ID such as 5, 3-4 or 5.1, found '²'"),
    ("range_superscript.conllu", "range_superscript.conllu:1: expected a range ID such as 3-4, found '1-²'"),
    ("range_4401_digits.conllu",
     "range_4401_digits.conllu:1: expected a range ID such as 3-4, found '1-100000000000000000'..."),
    ("arabic_indic_id.conllu", "arabic_indic_id.conllu:1: expected an ID such as 5, 3-4 or 5.1, found '\u0661'"),
    ("comments_only.conllu",
     "comments_only.conllu:1: expected CoNLL-U word lines (ID, FORM, ... in 10 tab-separated columns), "
     "found only comment lines in the whole file"),
]


@pytest.mark.parametrize(
    "name, message",
    [
        ("latin1.txt", "latin1.txt:2: expected UTF-8 text, found byte e9 at column 4 (not UTF-8)"),
        ("nul.txt", "nul.txt:2: expected text, found a NUL byte (is this a binary file?)"),
        # scored as zero sentences before issue 12 (item 4)
        ("empty.txt", "empty.txt is empty: expected at least one sentence, found no text at all"),
        ("blank_lines.txt", "blank_lines.txt is empty: expected at least one sentence, found only blank lines"),
        ("missing_columns.conllu", "missing_columns.conllu:2: expected 10 tab-separated columns, found 5: "),
        ("bad_id.conllu", "bad_id.conllu:2: expected an ID such as 5, 3-4 or 5.1, found 'x'"),
        ("out_of_order_ids.conllu", "out_of_order_ids.conllu:2: expected word ID 2, found '3'"),
        ("mwt_without_words.conllu",
         "mwt_without_words.conllu:2: expected the words of the multiword range, up to word 3, "
         "found the range ends at line 3 after word 1"),
        ("spaces_not_tabs.conllu",
         "spaces_not_tabs.conllu:1: expected 10 tab-separated columns, found 1 (columns must be separated by tabs)"),
        *NEW_CONLLU_CASES,
    ],
)
def test_bad_input_is_one_line_and_exit_2(name, message):
    # CoNLL-U files are checked against themselves with --format conllu (the
    # same files without it: test_malformed_conllu_is_refused_without_format)
    gold, fmt = (HERE / name, ["--format", "conllu"]) if name.endswith(".conllu") else (REFERENCE, [])
    out = cli(gold, HERE / name, *fmt)
    assert out.returncode == 2
    assert out.stdout == ""
    assert out.stderr.startswith(f"jpcore preprocess: error: {HERE / name}{message[len(name):]}")
    assert out.stderr.count("\n") == 1 and "Traceback" not in out.stderr


@pytest.mark.parametrize("name", ["missing_columns.conllu", "bad_id.conllu", "out_of_order_ids.conllu",
                                  "mwt_without_words.conllu", "spaces_not_tabs.conllu",
                                  *(name for name, _ in NEW_CONLLU_CASES)])
def test_malformed_conllu_is_refused_without_format(name, tmp_path):
    """Auto-detection reads a malformed CoNLL-U file as CoNLL-U, so it is refused
    with the same message as with --format conllu, never scored as text: by its
    name, and by its content alone (an ID, then a tab) when the name says nothing."""
    with_format = cli(HERE / name, HERE / name, "--format", "conllu")
    assert with_format.returncode == 2
    auto = cli(HERE / name, HERE / name)
    assert (auto.returncode, auto.stdout, auto.stderr) == (2, "", with_format.stderr)
    unnamed = tmp_path / "gold"
    unnamed.write_bytes((HERE / name).read_bytes())
    content_only = cli(unnamed, unnamed)
    if name == "spaces_not_tabs.conllu":  # no tab at all: without its name it is tokenized text
        assert content_only.returncode == 0
    else:
        assert content_only.returncode == 2
        assert content_only.stderr == with_format.stderr.replace(str(HERE / name), str(unnamed))


def test_ten_megabyte_single_line(tmp_path):
    # 500,000 tokens of 20 characters on one line, against the same text cut
    # into 1,000 sentences: all tokens TP, no sentence TP, one 1:n unit
    tokens = [f"tok{i:016d}x" for i in range(500_000)]
    one_line = tmp_path / "one_line.txt"
    one_line.write_text(" ".join(tokens) + "\n", "utf-8")
    assert one_line.stat().st_size > 10_000_000
    cut = tmp_path / "cut.txt"
    cut.write_text("".join(" ".join(tokens[i:i + 500]) + "\n" for i in range(0, 500_000, 500)), "utf-8")
    out = cli(one_line, cut)  # the text report: the JSON would be 60 MB
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert "Sentences  |       0 |    1000 |       1 |      0.00 |      0.00 |      0.00" in lines
    assert "Words      |  500000 |       0 |       0 |    100.00 |    100.00 |    100.00" in lines
    assert "Units: 1 (1:1 0, 1:n 1, n:1 0, m:n 0, gold-only 0, system-only 0, differing text 0)" in lines


@pytest.mark.parametrize("name, message", NEW_CONLLU_CASES)
@pytest.mark.parametrize("side", ["gold", "system"])
def test_bad_conllu_ids_and_comments_only_stop_the_streaming_path_too(name, message, side):
    conllu, other = HERE / name, HERE / "reference.txt"
    gold, system = (conllu, other) if side == "gold" else (other, conllu)
    out = cli(gold, system, "--stream")
    assert (out.returncode, out.stdout) == (2, "")
    assert out.stderr == f"jpcore preprocess: error: {HERE / name}{message[len(name):]}\n"
