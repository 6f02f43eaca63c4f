"""Malformed bracketed trees for `jpcore parseval`: a result or one clear error, never a traceback.

Every file in tests/malformed/trees/ is run through the real command line
against reference.mrg, in alignment mode (the default: a result with exact
totals, or one line on stderr naming file and line, exit status 2) and in
EVALB legacy mode (``--evalb``: EVALB's own messages, rows and exit status;
each expectation below was produced by evalb.c itself, 2006 NYU version,
on these files).  Files of 10 MB and a 60,000-deep tree are generated.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.conftest import ROOT

HERE = ROOT / "tests" / "malformed" / "trees"
REFERENCE = HERE / "reference.mrg"  # "The cat sat ." / "It ran ."


def cli(*args, timeout: int = 120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "jpcore", "parseval", *map(str, args)],
                          cwd=ROOT, capture_output=True, check=False, timeout=timeout)


def alignment_totals(out: subprocess.CompletedProcess) -> tuple:
    assert out.returncode == 0, out.stderr
    assert out.stderr == b""
    data = json.loads(out.stdout)
    totals = data["totals"]
    counts = tuple(totals[k] for k in ("matched", "gold", "test", "cross", "words", "correct_tags"))
    groups = [(tuple(g["gold_trees"]), tuple(g["sys_trees"]), g["kind"]) for g in data["groups"]]
    return counts, groups


PERFECT = ((6, 6, 6, 0, 7, 7), [((0, 1), (0, 1), "exact"), ((1, 2), (1, 2), "exact")])
NOTHING = ((0, 6, 0, 0, 7, 0), [((0, 2), (0, 0), "gold-only")])


@pytest.mark.parametrize(
    "name, expected",
    [
        ("reference.mrg", PERFECT),
        ("two_on_a_line.mrg", PERFECT),  # read by bracket balance, not by line
        ("bom.mrg", PERFECT),
        ("crlf.mrg", PERFECT),
        ("lone_cr.mrg", PERFECT),
        ("tabs.mrg", PERFECT),
        ("empty.mrg", NOTHING),
        ("blank_lines.mrg", NOTHING),
        # "(TOP ())" has no words: a sentence only the system has (a unit with
        # nothing to compare never glues a group across a sentence edge, issue 29)
        ("no_words.mrg", ((6, 6, 6, 0, 7, 7), [((0, 1), (0, 1), "exact"), ((1, 1), (1, 2), "system-only"),
                                               ((1, 2), (2, 3), "exact")])),
        # no character in common: one differing group whose brackets cannot
        # be located on the other side, so nothing matches and nothing crosses
        ("other_text.mrg", ((0, 6, 9, 0, 7, 0), [((0, 2), (0, 3), "different")])),
    ],
)
def test_alignment_mode_readable_oddities_give_a_result(name, expected):
    assert alignment_totals(cli(REFERENCE, HERE / name, "--json")) == expected


@pytest.mark.parametrize(
    "name, message",
    [
        ("unbalanced_open.mrg",
         "unbalanced_open.mrg:1: expected ')' closing the '(' of 'TOP' opened on line 1, "
         "found the end of the input (too many opening brackets)"),
        ("unbalanced_close.mrg",
         "unbalanced_close.mrg:1: expected '(' before ')', found ')' with no open bracket (too many closing brackets)"),
        # a lone CR ends a line: the surplus ')' is on line 2
        ("lone_cr_unbalanced.mrg",
         "lone_cr_unbalanced.mrg:2: expected '(' before ')', found ')' with no open bracket "
         "(too many closing brackets)"),
        ("latin1.mrg", "latin1.mrg:2: expected UTF-8 text, found the byte 0xe9"),
        ("nul.mrg", "nul.mrg:2: expected text, found a NUL byte (is this a binary file?)"),
    ],
)
@pytest.mark.parametrize("side", ["system", "gold"])
def test_alignment_mode_bad_input_is_one_line_and_exit_2(name, message, side):
    bad = HERE / name
    args = (REFERENCE, bad) if side == "system" else (bad, REFERENCE)
    out = cli(*args)
    assert out.returncode == 2
    assert out.stdout == b""
    stderr = out.stderr.decode()
    assert stderr == f"jpcore parseval: error: {HERE / name}{message[len(name):]}\n"
    assert "Traceback" not in stderr


# EVALB on reference.mrg (gold) and each file (test), no parameter file:
# exit status, stderr lines, the sentence rows and the totals row.
ROW_1 = "   1    4    0  100.00 100.00     4      4    4      0      4     4   100.00"
ROW_2 = "   2    3    0  100.00 100.00     4      4    4      0      3     3   100.00"
ALL = "                100.00 100.00      8     8     8      0      7     7   100.00"
HALF = "                100.00 100.00      4     4     4      0      4     4   100.00"
ZERO = "      0     0     0.00"
ERROR_2 = "   2    3    1    0.00   0.00     0      0    0      0      0     0     0.00"
ERROR_1 = "   1    4    1    0.00   0.00     0      0    0      0      0     0     0.00"
SKIP_1 = "   1    4    2    0.00   0.00     0      0    0      0      0     0     0.00"
SKIP_2 = "   2    3    2    0.00   0.00     0      0    0      0      0     0     0.00"
LEGACY = [
    ("reference.mrg", 0, [], [ROW_1, ROW_2], ALL),
    ("crlf.mrg", 0, [], [ROW_1, ROW_2], ALL),  # CR is whitespace to EVALB
    ("tabs.mrg", 0, [], [ROW_1, ROW_2], ALL),
    ("blank_lines.mrg", 0, ["3 : Number of lines unmatch (too many lines in test file)"], [SKIP_1, SKIP_2], ZERO),
    ("empty.mrg", 0, ["1 : Number of lines unmatch (too many lines in gold file)"], [], ZERO),
    # EVALB reads lines: two trees on one line (or lines ended by a lone CR)
    # are one sentence of 7 words
    ("two_on_a_line.mrg", 0, ["1 : Length unmatch (4|7)",
                              "2 : Number of lines unmatch (too many lines in gold file)"], [ERROR_1], ZERO),
    ("lone_cr.mrg", 0, ["1 : Length unmatch (4|7)",
                        "2 : Number of lines unmatch (too many lines in gold file)"], [ERROR_1], ZERO),
    ("lone_cr_unbalanced.mrg", 0, ["1 : Bracketing is unbalanced (too many open bracket)",
                                   "1 : Length unmatch (4|7)",
                                   "2 : Number of lines unmatch (too many lines in gold file)"], [ERROR_1], ZERO),
    ("no_words.mrg", 0, ["3 : Number of lines unmatch (too many lines in test file)"], [ROW_1, SKIP_2], HALF),
    ("latin1.mrg", 0, ["2 : Words unmatch (It|Caf\udce9)"], [ROW_1, ERROR_2], HALF),
    # the NUL ends the C string of the word: 'I'
    ("nul.mrg", 0, ["2 : Words unmatch (It|I)"], [ROW_1, ERROR_2], HALF),
    ("other_text.mrg", 0, ["1 : Words unmatch (The|Dogs)", "2 : Length unmatch (3|2)",
                           "3 : Number of lines unmatch (too many lines in test file)"], [ERROR_1, ERROR_2], ZERO),
    # EVALB prints the "too many open bracket" text for a surplus ')' too;
    # the sentence keeps its numbers in its row but not in the totals
    ("unbalanced_close.mrg", 0, ["1 : Bracketing is unbalanced (too many open bracket)"],
     ["   1    4    1  100.00 100.00     4      4    4      0      4     4   100.00", ROW_2],
     "                100.00 100.00      4     4     4      0      3     3   100.00"),
    ("unbalanced_open.mrg", 0, ["1 : Bracketing is unbalanced (too many open bracket)"],
     ["   1    4    1   75.00  75.00     3      4    4      0      4     4   100.00", ROW_2],
     "                100.00 100.00      4     4     4      0      3     3   100.00"),
    # the byte order mark is three stray bytes: "Reading sentence" until
    # MAX_ERROR (10) is exceeded, no row, no summary, exit status 1
    ("bom.mrg", 1, ["1 : Reading sentence"] * 12, [], None),
]


@pytest.mark.parametrize("name, status, errors, rows, total", LEGACY, ids=[case[0] for case in LEGACY])
def test_legacy_mode_is_evalb(name, status, errors, rows, total):
    out = cli("--evalb", REFERENCE, HERE / name)
    assert out.returncode == status
    assert out.stderr.decode("utf-8", "surrogateescape").splitlines() == errors
    lines = out.stdout.decode("utf-8", "surrogateescape").split("\n")
    rules = [i for i, line in enumerate(lines) if line.startswith("=====")]
    if total is None:
        assert len(rules) == 1 and lines[rules[0] + 1:] == [""]
        return
    assert lines[rules[0] + 1:rules[1]] == rows
    assert lines[rules[1] + 1] == total


def _tree(k: int, pad: str) -> str:
    return f"(TOP (S (NP (NN {pad}{k})) (VP (VB {pad}{k}v)) (. .)))"


def test_ten_megabyte_single_line(tmp_path):
    # 40,000 trees of long words on one line against the same trees one per
    # line: every tree is its own exact pair, everything matches
    pad = "w" * 110
    trees = [_tree(k, pad) for k in range(40_000)]
    one_line = tmp_path / "one_line.mrg"
    one_line.write_text(" ".join(trees) + "\n", "utf-8")
    assert one_line.stat().st_size > 10_000_000
    per_line = tmp_path / "per_line.mrg"
    per_line.write_text("\n".join(trees) + "\n", "utf-8")
    out = cli(per_line, one_line)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.decode().splitlines()
    assert lines[-12:] == [
        "Number of sentence        =  40000", "Number of Error sentence  =      0",
        "Number of Skip  sentence  =      0", "Number of Valid sentence  =  40000",
        "Bracketing Recall         = 100.00", "Bracketing Precision      = 100.00",
        "Bracketing FMeasure       = 100.00", "Complete match            = 100.00",
        "Average crossing          =   0.00", "No crossing               = 100.00",
        "2 or less crossing        = 100.00", "Tagging accuracy          = 100.00",
    ]
    assert lines[lines.index("=== Summary ===") - 1] == (
        "                100.00 100.00 120000 120000 120000      0  120000 120000   100.00")
    # legacy mode: EVALB cuts lines at 4,999 bytes and overruns its buffers;
    # we read the line whole (documented) and score it as one sentence
    out = cli("--evalb", one_line, one_line)
    assert out.returncode == 0 and out.stderr == b""
    assert out.stdout.decode().splitlines()[3] == (
        "   1  120000    0  100.00 100.00   160000    160000  160000      0   120000  120000   100.00")


def test_a_very_long_and_very_deep_sentence(tmp_path):
    # one sentence of 60,000 words, right-branching in gold, left-branching
    # in the system: 60,000 nested brackets each (the crossing count used to
    # cost the square of that); every system bracket but the top crosses
    n = 60_000
    words = [f"(NN w{i})" for i in range(n)]
    gold = "(S " + " ".join(f"(X {w}" for w in words[:-1]) + " " + words[-1] + ")" * n + "\n"
    system = "(S " + "(Y " * (n - 1) + words[0] + " " + ") ".join(words[1:]) + "))\n"
    (tmp_path / "gold.mrg").write_text(gold, "utf-8")
    (tmp_path / "sys.mrg").write_text(system, "utf-8")
    out = cli(tmp_path / "gold.mrg", tmp_path / "sys.mrg", "--json", timeout=60)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    totals = data["totals"]
    # gold: S plus 59,999 X; system: S plus 59,999 Y; only S matches; the Y
    # brackets (0, k) for 2 <= k < n cross the X brackets (j, n)
    assert (totals["matched"], totals["gold"], totals["test"], totals["cross"]) == (1, 60_000, 60_000, 59_998)
    assert (totals["words"], totals["correct_tags"]) == (60_000, 60_000)
    # the 60,000-deep tree survives the JSON round trip (written flat)
    assert "nodes" in data["gold"]["trees"][0] and "root" not in data["gold"]["trees"][0]
    out = cli("--evalb", tmp_path / "gold.mrg", tmp_path / "sys.mrg", timeout=60)
    assert out.returncode == 0 and out.stderr == b""
    lines = out.stdout.decode().splitlines()
    assert lines[3:6] == [
        "   1  60000    0    0.00   0.00     1    60000  60000    59998   60000  60000   100.00",
        "============================================================================",
        "                  0.00   0.00      1 60000 60000  59998  60000 60000   100.00",
    ]
