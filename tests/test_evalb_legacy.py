"""EVALB legacy mode: byte-identical stdout, stderr and exit status.

Golden data: ``../shared/data/parseval/expected`` (EVALB on its own sample and
bug files) and ``vectors`` (one case per EVALB rule, with the parameter file
named in ``cases.txt``), run through the real command line.  The extra cases
in :data:`EVALB_REFERENCE` were produced with evalb.c itself.  The one vector
beyond EVALB's limits (a line over 4,999 bytes, where EVALB reads past its
buffer and aborts) is checked against our documented behaviour instead.
"""

from __future__ import annotations

import json
import math
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from jpcore.peers.evalb.params import COLLINS_PRM, EvalbParams, c_atoi, collins, load_prm, parse_prm
from jpcore.peers.evalb.legacy import EvalbResult, evaluate, render_messages, render_report, render_row
from bench.shared_data import SHARED_DATA
from tests.cli_support import signed

REPO = Path(__file__).resolve().parents[1]
DATA = SHARED_DATA / "parseval"
DIST = DATA / "evalb-dist"
VECTORS = DATA / "vectors"
EXPECTED = DATA / "expected"

# Beyond EVALB's limits: tested against our documented behaviour below.
BEYOND_LIMITS = {"line_over_4999_chars"}

GOLDEN = [
    ("sample", DIST / "sample" / "sample.gld", DIST / "sample" / "sample.tst",
     DIST / "sample" / "sample.prm", EXPECTED / "sample.out", EXPECTED / "sample.err", 0),
    ("bug_collins", DIST / "bug" / "bug.gld", DIST / "bug" / "bug.tst",
     DIST / "COLLINS.prm", EXPECTED / "bug_collins.out", EXPECTED / "bug_collins.err", 0),
    ("bug_newprm", DIST / "bug" / "bug.gld", DIST / "bug" / "bug.tst",
     DIST / "new.prm", EXPECTED / "bug_newprm.out", EXPECTED / "bug_newprm.err", 0),
]


def _vector_cases() -> list[tuple]:
    cases = []
    for line in (VECTORS / "cases.txt").read_text().splitlines():
        if not line.strip():
            continue
        name, prm = line.split()
        rc = int((VECTORS / f"{name}.evalb.rc").read_text().strip())
        cases.append((
            name, VECTORS / f"{name}.gld", VECTORS / f"{name}.tst", VECTORS / prm,
            VECTORS / f"{name}.evalb.out", VECTORS / f"{name}.evalb.err", rc,
        ))
    return cases


VECTOR_CASES = _vector_cases()
ALL_CASES = GOLDEN + [c for c in VECTOR_CASES if c[0] not in BEYOND_LIMITS]


def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "jpcore", "parseval", *map(str, args)],
        cwd=REPO, capture_output=True, timeout=60,
    )


def test_every_vector_is_covered() -> None:
    assert len(VECTOR_CASES) == 23
    assert len(ALL_CASES) == 3 + 22


@pytest.mark.parametrize("case", ALL_CASES, ids=[c[0] for c in ALL_CASES])
def test_cli_is_byte_identical(case: tuple) -> None:
    name, gold, test, prm, out, err, rc = case
    done = _cli(gold, test, "--evalb", prm)
    assert done.stdout == out.read_bytes()
    assert done.stderr == err.read_bytes()
    assert done.returncode == rc


@pytest.mark.parametrize("use_accelerator", [True, False], ids=["with-c", "python"])
@pytest.mark.parametrize("case", ALL_CASES, ids=[c[0] for c in ALL_CASES])
def test_in_process_is_byte_identical(case: tuple, use_accelerator: bool) -> None:
    """Both paths: the C accelerator for the common pairs, and Python alone."""
    name, gold, test, prm, out, err, rc = case
    params, warnings = load_prm(prm)
    assert warnings == []
    result = evaluate(gold.read_bytes(), test.read_bytes(), params, use_accelerator=use_accelerator)
    assert render_report(result).encode("utf-8", "surrogateescape") == out.read_bytes()
    assert render_messages(result).encode("utf-8", "surrogateescape") == err.read_bytes()
    assert result.exit_status == rc


@pytest.mark.parametrize("case", ALL_CASES, ids=[c[0] for c in ALL_CASES])
def test_debug_path_scores_like_the_fast_path(case: tuple) -> None:
    """DEBUG mode replays evalb.c step by step; its rows must equal the fast ones."""
    name, gold, test, prm, out, err, rc = case
    params, _ = load_prm(prm)
    fast = evaluate(gold.read_bytes(), test.read_bytes(), params)
    slow = evaluate(gold.read_bytes(), test.read_bytes(), replace(params, debug=1))
    strip = [replace(r, debug_before="", debug_after="") for r in slow.rows]
    assert strip == fast.rows
    assert render_messages(slow) == render_messages(fast)


def test_evalb_option_forms() -> None:
    """``-p FILE`` (EVALB's spelling) and options before the files."""
    name, gold, test, prm, out, err, rc = GOLDEN[0]
    done = _cli("-p", prm, gold, test)
    assert (done.stdout, done.stderr, done.returncode) == (out.read_bytes(), err.read_bytes(), 0)
    done = _cli("--evalb", prm, gold, test)
    assert (done.stdout, done.stderr, done.returncode) == (out.read_bytes(), err.read_bytes(), 0)
    done = _cli(f"--evalb={prm}", gold, test)
    assert (done.stdout, done.stderr, done.returncode) == (out.read_bytes(), err.read_bytes(), 0)


def test_collins_preset_is_collins_prm() -> None:
    params, warnings = load_prm(DIST / "COLLINS.prm")
    assert warnings == []
    assert collins() == params
    done = _cli(DIST / "bug" / "bug.gld", DIST / "bug" / "bug.tst", "--evalb", "collins")
    assert done.stdout == (EXPECTED / "bug_collins.out").read_bytes()
    assert done.stderr == (EXPECTED / "bug_collins.err").read_bytes()
    assert done.returncode == 0


def test_evalb_without_parameter_file_uses_evalb_defaults() -> None:
    # No deletions: TOP counts as a bracket and "." as a word (evalb.c: 2 4 4 1).
    gold = b"(TOP (S (NP (DT the) (NN cat)) (VP (VBD sat)) (. .)))\n"
    test = b"(TOP (S (NP (DT the)) (X (NN cat) (VBD sat)) (. .)))\n"
    result = evaluate(gold, test, EvalbParams())
    row = result.rows[0]
    assert (row.length, row.status, row.matched, row.gold, row.test, row.cross) == (4, 0, 2, 4, 4, 1)
    assert (row.words, row.correct_tags) == (4, 4)
    done = _cli("--evalb", "/dev/stdin", "x", "y")  # 3 positionals: the first is the prm
    assert done.returncode == 1 and done.stderr == b"Can't open gold file (x)\n"


def test_options_apply_left_to_right() -> None:
    name, gold, test, prm, out, err, rc = GOLDEN[0]  # sample.prm: MAX_ERROR 10, 5 errors
    before = _cli("-e", "0", "--evalb", prm, gold, test)
    assert before.returncode == 0 and before.stdout == out.read_bytes()
    after = _cli("--evalb", prm, "-e", "0", gold, test)
    # MAX_ERROR 0: the 2nd error (line 13) ends the run; rows 1-12 were printed.
    assert after.returncode == 1
    assert after.stderr == b"12 : Words unmatch (is|was)\n13 : Length unmatch (4|5)\n"
    assert after.stdout == b"".join(out.read_bytes().splitlines(keepends=True)[:3 + 12])
    cut = _cli("--evalb", prm, "-c", "3", gold, test)
    text = cut.stdout.decode()
    assert "\n-- len<=3 --\nNumber of sentence        =      0\n" in text
    # Len <= cut-off, not <: 22 of the 24 sample sentences have Len 4 (evalb.c).
    cut = _cli("--evalb", prm, "-c", "4", gold, test)
    assert (
        "\n-- len<=4 --\nNumber of sentence        =     22\nNumber of Error sentence  =      5\n"
        "Number of Skip  sentence  =      2\nNumber of Valid sentence  =     15\n"
    ) in cut.stdout.decode()


def test_crossing_on_unbalanced_gold() -> None:
    """Rows of unbalanced lines still print their counts (evalb.c's figures)."""
    gold = b"(S (A (B x) (C y)) (D z)))\n" * 2
    test = b"(S (X (B x) (C y) (D z)))\n(S (B x) (E (C y) (D z)))\n"
    result = evaluate(gold, test, EvalbParams())
    assert render_messages(result) == "1 : Bracketing is unbalanced (too many open bracket)\n" \
        "2 : Bracketing is unbalanced (too many open bracket)\n"
    assert [render_row(r) for r in result.rows] == [
        "   1    3    1   50.00  50.00     1      2    2      0      3     3   100.00\n",
        "   2    3    1   50.00  50.00     1      2    2      1      3     3   100.00\n",
    ]


@pytest.mark.parametrize(
    "args, stderr",
    [
        (["nope.gld", "nope.tst"], b"Can't open gold file (nope.gld)\n"),
        ([str(DIST / "sample" / "sample.gld"), "nope.tst"], b"Can't open test file (nope.tst)\n"),
    ],
)
def test_unreadable_files_give_evalbs_messages(args: list[str], stderr: bytes) -> None:
    done = _cli("--evalb", *args)
    assert (done.stdout, done.stderr, done.returncode) == (b"", stderr, 1)


def test_unreadable_parameter_file() -> None:
    done = _cli("--evalb", "nope.prm", "a", "b")
    assert (done.stdout, done.stderr, done.returncode) == (b"", b"Can't open parameter file (nope.prm)\n", 1)


def test_usage_errors_are_one_line_and_status_2() -> None:
    done = _cli("--evalb", "collins", "only_one_file")
    assert done.returncode == 2
    assert done.stderr == b"jpcore parseval: error: legacy mode needs GOLD and SYSTEM files\n"
    done = _cli("--evalb", "collins", "a", "b", "--nope")
    assert (done.returncode, done.stderr) == (2, b"jpcore parseval: error: unrecognized arguments: --nope\n")


def test_without_evalb_is_alignment_mode() -> None:
    # alignment mode is tested in test_parseval_align.py; here only that
    # leaving out --evalb no longer selects EVALB's line-by-line pairing
    done = _cli(DIST / "bug" / "bug.gld", DIST / "bug" / "bug.tst")
    assert done.returncode == 0
    assert signed(done.stderr, "parseval", gold=DIST / "bug" / "bug.gld", sys=DIST / "bug" / "bug.tst") == b""
    assert b"Number of Error sentence  =      0" in done.stdout
    done = _cli(DIST / "bug" / "bug.gld")
    assert done.returncode == 2
    assert done.stderr.endswith(b"error: the following arguments are required: SYSTEM\n")


def test_json_output() -> None:
    name, gold, test, prm, out, err, rc = GOLDEN[0]
    done = _cli("--evalb", prm, gold, test, "--json")
    assert done.returncode == 0
    assert done.stderr == err.read_bytes()
    data = json.loads(done.stdout)
    totals = data["totals"]
    assert {k: totals[k] for k in ("matched", "gold", "test", "cross", "words", "correct_tags")} == {
        "matched": 86, "gold": 98, "test": 95, "cross": 1, "words": 108, "correct_tags": 106,
    }
    assert round(totals["recall"], 2) == 87.76
    assert round(totals["precision"], 2) == 90.53
    assert round(totals["f1"], 2) == 89.12
    assert len(data["groups"]) == 24
    assert data["groups"][11] == {
        "id": 12, "gold_lines": [12], "sys_lines": [12], "length": 4, "status": 1,
        "matched": 0, "gold": 0, "test": 0, "cross": 0, "words": 0, "correct_tags": 0,
        "recall": 0.0, "precision": 0.0, "tag_accuracy": 0.0,
    }
    assert data["summary"]["cutoff"]["sentences"] == 23
    assert data["messages"][0] == {"line": 12, "text": "Words unmatch (is|was)\n", "repeat": 1}
    # the JSON reopens as the same result
    again = EvalbResult.from_dict(data)
    assert render_report(again).encode() == out.read_bytes()
    assert render_messages(again).encode() == err.read_bytes()


def test_json_nan_f1_is_null() -> None:
    done = _cli("--evalb", DIST / "COLLINS.prm", DIST / "bug" / "bug.gld", DIST / "bug" / "bug.tst", "--json")
    data = json.loads(done.stdout)
    assert data["totals"]["f1"] is None
    assert data["summary"]["all"]["errors"] == 5


def test_result_round_trip_keeps_debug_text() -> None:
    name, gold, test, prm, out, err, rc = GOLDEN[2]
    params, _ = load_prm(prm)
    result = evaluate(gold.read_bytes(), test.read_bytes(), replace(params, debug=2))
    again = EvalbResult.from_dict(json.loads(json.dumps(result.to_dict())))
    assert render_report(again) == render_report(result)
    assert again.rows == result.rows


# --------------------------------------------------------------------------
# Cases checked against evalb.c itself
# --------------------------------------------------------------------------

COLLINS_MIN_TEXT = (VECTORS / "collins-min.prm").read_text()
NEW_PRM_TEXT = (DIST / "new.prm").read_text()

# Reference outputs of evalb.c (2006, unmodified) built with gcc 12 on x86-64,
# for cases the shared data does not cover: NAME -> gold, test, prm text (None =
# no -p), extra options, stdout, stderr, exit status.
EVALB_REFERENCE = {
    'more_than_two': (
        '(TOP (S (NP (DT the) (NN cat)) (VP (VBD sat)) (. .)))\n',
        '(TOP (S (NP (DT the) (NN cat)) (VP (VBD sat down)) (. .)))\n',
        COLLINS_MIN_TEXT,
        ('-e', '3'),
        (
            '  Sent.                        Matched  Bracket   Cross        Correct Tag\n'
            ' ID  Len.  Stat. Recal  Prec.  Bracket gold test Bracket Words  Tags Accracy\n'
            '============================================================================\n'
        ),
        (
            '1 : More than two elements in a bracket\n'
            '1 : Reading sentence\n'
            '1 : Reading sentence\n'
            '1 : Reading sentence\n'
            '1 : Reading sentence\n'
        ),
        1,
    ),
    'stray_word': (
        '(TOP (S (NP (DT the) (NN cat)) (VP (VBD sat)) (. .)))\n',
        '(TOP (S (NP (DT the) (NN cat)) (VP (VBD sat)) (. .)) oops)\n',
        COLLINS_MIN_TEXT,
        ('-e', '3'),
        (
            '  Sent.                        Matched  Bracket   Cross        Correct Tag\n'
            ' ID  Len.  Stat. Recal  Prec.  Bracket gold test Bracket Words  Tags Accracy\n'
            '============================================================================\n'
        ),
        (
            '1 : Reading sentence\n'
            '1 : Reading sentence\n'
            '1 : Reading sentence\n'
            '1 : Reading sentence\n'
            '1 : Reading sentence\n'
        ),
        1,
    ),
    'surplus_close': (
        '(S (NP (DT the) (NN cat)) (VBD sat))\n(S (NP (DT the) (NN cat)) (VP (VBD sat) (RB now)))\n',
        '(S (NP (DT the) (NN cat))) (VBD sat))\n(S (NP (DT the) (NN cat)) (VP (VBD sat) (RB now))))))\n',
        '',
        (),
        (
            '  Sent.                        Matched  Bracket   Cross        Correct Tag\n'
            ' ID  Len.  Stat. Recal  Prec.  Bracket gold test Bracket Words  Tags Accracy\n'
            '============================================================================\n'
            '   1    3    1  100.00 100.00     2      2    2      0      3     3   100.00\n'
            '   2    4    1  100.00 100.00     3      3    3      0      4     4   100.00\n'
            '============================================================================\n'
            '      0     0     0.00\n'
            '=== Summary ===\n'
            '\n'
            '-- All --\n'
            'Number of sentence        =      2\n'
            'Number of Error sentence  =      2\n'
            'Number of Skip  sentence  =      0\n'
            'Number of Valid sentence  =      0\n'
            'Bracketing Recall         =   0.00\n'
            'Bracketing Precision      =   0.00\n'
            'Bracketing FMeasure       =   -nan\n'
            'Complete match            =   0.00\n'
            'Average crossing          =   0.00\n'
            'No crossing               =   0.00\n'
            '2 or less crossing        =   0.00\n'
            'Tagging accuracy          =   0.00\n'
            '\n'
            '-- len<=40 --\n'
            'Number of sentence        =      2\n'
            'Number of Error sentence  =      2\n'
            'Number of Skip  sentence  =      0\n'
            'Number of Valid sentence  =      0\n'
            'Bracketing Recall         =   0.00\n'
            'Bracketing Precision      =   0.00\n'
            'Bracketing FMeasure       =   -nan\n'
            'Complete match            =   0.00\n'
            'Average crossing          =   0.00\n'
            'No crossing               =   0.00\n'
            '2 or less crossing        =   0.00\n'
            'Tagging accuracy          =   0.00\n'
        ),
        (
            '1 : Bracketing is unbalanced (too many open bracket)\n'
            '2 : Bracketing unbalance (too many close bracket)\n'
            '2 : Bracketing unbalance (too many close bracket)\n'
            '2 : Bracketing is unbalanced (too many open bracket)\n'
        ),
        0,
    ),
    'unlabeled_cutoff': (
        '(S (NP (DT the) (NN cat)) (VP (VBD sat)))\n(S (A (B x) (C y)) (D z))\n',
        '(S (X (DT the) (NN cat)) (Y (VBD sat)))\n(S (B X) (E (C y) (D z)))\n',
        'LABELED 0\nCUTOFF_LEN 2\nEQ_WORD x X\n',
        (),
        (
            '  Sent.                        Matched  Bracket   Cross        Correct Tag\n'
            ' ID  Len.  Stat. Recal  Prec.  Bracket gold test Bracket Words  Tags Accracy\n'
            '============================================================================\n'
            '   1    3    0  100.00 100.00     3      3    3      0      3     3   100.00\n'
            '   2    3    0   50.00  50.00     1      2    2      1      3     3   100.00\n'
            '============================================================================\n'
            '                 80.00  80.00      4     5     5      1      6     6   100.00\n'
            '=== Summary ===\n'
            '\n'
            '-- All --\n'
            'Number of sentence        =      2\n'
            'Number of Error sentence  =      0\n'
            'Number of Skip  sentence  =      0\n'
            'Number of Valid sentence  =      2\n'
            'Bracketing Recall         =  80.00\n'
            'Bracketing Precision      =  80.00\n'
            'Bracketing FMeasure       =  80.00\n'
            'Complete match            =  50.00\n'
            'Average crossing          =   0.50\n'
            'No crossing               =  50.00\n'
            '2 or less crossing        = 100.00\n'
            'Tagging accuracy          = 100.00\n'
            '\n'
            '-- len<=2 --\n'
            'Number of sentence        =      0\n'
            'Number of Error sentence  =      0\n'
            'Number of Skip  sentence  =      0\n'
            'Number of Valid sentence  =      0\n'
            'Bracketing Recall         =   0.00\n'
            'Bracketing Precision      =   0.00\n'
            'Bracketing FMeasure       =   -nan\n'
            'Complete match            =   0.00\n'
            'Average crossing          =   0.00\n'
            'No crossing               =   0.00\n'
            '2 or less crossing        =   0.00\n'
            'Tagging accuracy          =   0.00\n'
        ),
        '',
        0,
    ),
    'debug1': (
        '(S (NP (DT the) (NN cat)) (VP (VBD sat)))\n(S (A (B x) (C y)) (D z))\n',
        '(S (X (DT the) (NN cat)) (Y (VBD sat)))\n(S (B x) (E (C y) (D z)))\n',
        COLLINS_MIN_TEXT,
        ('-d',),
        (
            '  Sent.                        Matched  Bracket   Cross        Correct Tag\n'
            ' ID  Len.  Stat. Recal  Prec.  Bracket gold test Bracket Words  Tags Accracy\n'
            '============================================================================\n'
            '   1    3    0   33.33  33.33     1      3    3      0      3     3   100.00\n'
            '-<1>---(wn1=  3, bn1=  3)-           -<2>---(wn2=  3, bn2=  3)-\n'
            '  0 : 1 : DT      the                     0 : 1 : DT      the             \n'
            '  1 : 1 : NN      cat                     1 : 1 : NN      cat             \n'
            '  2 : 1 : VBD     sat                     2 : 1 : VBD     sat             \n'
            '\n'
            '  0 : 1 :   0    3  S             0 : 1 :   0    3  S     \n'
            '  1 : 0 :   0    2  NP            1 : 0 :   0    2  X     \n'
            '  2 : 0 :   2    3  VP            2 : 0 :   2    3  Y     \n'
            '\n'
            '========\n'
            '   2    3    0   50.00  50.00     1      2    2      1      3     3   100.00\n'
            '-<1>---(wn1=  3, bn1=  2)-           -<2>---(wn2=  3, bn2=  2)-\n'
            '  0 : 1 : B       x                       0 : 1 : B       x               \n'
            '  1 : 1 : C       y                       1 : 1 : C       y               \n'
            '  2 : 1 : D       z                       2 : 1 : D       z               \n'
            '\n'
            '  0 : 1 :   0    3  S             0 : 1 :   0    3  S     \n'
            '  1 : 0 :   0    2  A             1 : 0 :   1    3  E     \n'
            '\n'
            '========\n'
            '============================================================================\n'
            '                 40.00  40.00      2     5     5      1      6     6   100.00\n'
            '=== Summary ===\n'
            '\n'
            '-- All --\n'
            'Number of sentence        =      2\n'
            'Number of Error sentence  =      0\n'
            'Number of Skip  sentence  =      0\n'
            'Number of Valid sentence  =      2\n'
            'Bracketing Recall         =  40.00\n'
            'Bracketing Precision      =  40.00\n'
            'Bracketing FMeasure       =  40.00\n'
            'Complete match            =   0.00\n'
            'Average crossing          =   0.50\n'
            'No crossing               =  50.00\n'
            '2 or less crossing        = 100.00\n'
            'Tagging accuracy          = 100.00\n'
            '\n'
            '-- len<=40 --\n'
            'Number of sentence        =      2\n'
            'Number of Error sentence  =      0\n'
            'Number of Skip  sentence  =      0\n'
            'Number of Valid sentence  =      2\n'
            'Bracketing Recall         =  40.00\n'
            'Bracketing Precision      =  40.00\n'
            'Bracketing FMeasure       =  40.00\n'
            'Complete match            =   0.00\n'
            'Average crossing          =   0.50\n'
            'No crossing               =  50.00\n'
            '2 or less crossing        = 100.00\n'
            'Tagging accuracy          = 100.00\n'
        ),
        '',
        0,
    ),
    'debug2_quote': (
        "(TOP (S (NP (NNS students) (POS ')) (VP (VBD sat)) (. .)))\n",
        "(TOP (S (NP (NNS students) ('' ')) (VP (VBD sat)) (. .)))\n",
        NEW_PRM_TEXT,
        ('-D',),
        (
            '  Sent.                        Matched  Bracket   Cross        Correct Tag\n'
            ' ID  Len.  Stat. Recal  Prec.  Bracket gold test Bracket Words  Tags Accracy\n'
            '============================================================================\n'
            'label=TOP, word=, wid=0\n'
            'label=S, word=, wid=0\n'
            'label=NP, word=, wid=0\n'
            'label=NNS, word=students, wid=0\n'
            "label=POS, word=', wid=1\n"
            'label=VP, word=, wid=2\n'
            'label=VBD, word=sat, wid=2\n'
            'label=., word=., wid=3\n'
            'label=TOP, word=, wid=0\n'
            'label=S, word=, wid=0\n'
            'label=NP, word=, wid=0\n'
            'label=NNS, word=students, wid=0\n'
            "label='', word=', wid=1\n"
            'label=VP, word=, wid=1\n'
            'label=VBD, word=sat, wid=1\n'
            'label=., word=., wid=2\n'
            '\n'
            "1: POS - '\n"
            "1: '' - '\n"
            'bra=3, ind=1\n'
            'bracket[0]={0,2}\n'
            'bracket[1]={0,2}\n'
            'bracket[2]={0,1}\n'
            'bracket[3]={1,2}\n'
            'endslen=3\n'
            '1.res=5, 2.res=5, 1.start=0, 2.start=0, 1.end=3, 2.end=3\n'
            '1.res=5, 2.res=0, 1.start=0, 2.start=0, 1.end=3, 2.end=3\n'
            '1.res=5, 2.res=0, 1.start=0, 2.start=0, 1.end=3, 2.end=2\n'
            '1.res=5, 2.res=0, 1.start=0, 2.start=2, 1.end=3, 2.end=3\n'
            '1.res=0, 2.res=5, 1.start=0, 2.start=0, 1.end=3, 2.end=3\n'
            '1.res=0, 2.res=0, 1.start=0, 2.start=0, 1.end=3, 2.end=3\n'
            '1.res=0, 2.res=5, 1.start=0, 2.start=0, 1.end=2, 2.end=3\n'
            '1.res=0, 2.res=1, 1.start=0, 2.start=0, 1.end=2, 2.end=3\n'
            '1.res=0, 2.res=0, 1.start=0, 2.start=0, 1.end=2, 2.end=2\n'
            '1.res=0, 2.res=5, 1.start=2, 2.start=0, 1.end=3, 2.end=3\n'
            '1.res=0, 2.res=1, 1.start=2, 2.start=0, 1.end=3, 2.end=3\n'
            '1.res=0, 2.res=1, 1.start=2, 2.start=0, 1.end=3, 2.end=2\n'
            '1.res=0, 2.res=0, 1.start=2, 2.start=2, 1.end=3, 2.end=3\n'
            '   1    4    0  100.00 100.00     3      3    3      0      3     2    66.67\n'
            '-<1>---(wn1=  3, bn1=  4)-           -<2>---(wn2=  3, bn2=  4)-\n'
            '  0 : 1 : NNS     students                0 : 1 : NNS     students        \n'
            "  1 : 0 : POS     '                       1 : 0 : ''      '               \n"
            '  2 : 1 : VBD     sat                     2 : 1 : VBD     sat             \n'
            '\n'
            '  0 : 5 :   0    3  TOP           0 : 5 :   0    3  TOP   \n'
            '  1 : 1 :   0    3  S             1 : 1 :   0    3  S     \n'
            '  2 : 1 :   0    2  NP            2 : 1 :   0    2  NP    \n'
            '  3 : 1 :   2    3  VP            3 : 1 :   2    3  VP    \n'
            '\n'
            '========\n'
            '============================================================================\n'
            '                100.00 100.00      3     3     3      0      3     2    66.67\n'
            '=== Summary ===\n'
            '\n'
            '-- All --\n'
            'Number of sentence        =      1\n'
            'Number of Error sentence  =      0\n'
            'Number of Skip  sentence  =      0\n'
            'Number of Valid sentence  =      1\n'
            'Bracketing Recall         = 100.00\n'
            'Bracketing Precision      = 100.00\n'
            'Bracketing FMeasure       = 100.00\n'
            'Complete match            = 100.00\n'
            'Average crossing          =   0.00\n'
            'No crossing               = 100.00\n'
            '2 or less crossing        = 100.00\n'
            'Tagging accuracy          =  66.67\n'
            '\n'
            '-- len<=40 --\n'
            'Number of sentence        =      1\n'
            'Number of Error sentence  =      0\n'
            'Number of Skip  sentence  =      0\n'
            'Number of Valid sentence  =      1\n'
            'Bracketing Recall         = 100.00\n'
            'Bracketing Precision      = 100.00\n'
            'Bracketing FMeasure       = 100.00\n'
            'Complete match            = 100.00\n'
            'Average crossing          =   0.00\n'
            'No crossing               = 100.00\n'
            '2 or less crossing        = 100.00\n'
            'Tagging accuracy          =  66.67\n'
        ),
        '',
        0,
    ),
    'empty_word_terminal': (
        '(S (A x) (B ) (C y))\n',
        '(S (A x) (B ) (C y))\n',
        None,
        (),
        (
            '  Sent.                        Matched  Bracket   Cross        Correct Tag\n'
            ' ID  Len.  Stat. Recal  Prec.  Bracket gold test Bracket Words  Tags Accracy\n'
            '============================================================================\n'
            '   1    3    0  100.00 100.00     1      1    1      0      3     3   100.00\n'
            '============================================================================\n'
            '                100.00 100.00      1     1     1      0      3     3   100.00\n'
            '=== Summary ===\n'
            '\n'
            '-- All --\n'
            'Number of sentence        =      1\n'
            'Number of Error sentence  =      0\n'
            'Number of Skip  sentence  =      0\n'
            'Number of Valid sentence  =      1\n'
            'Bracketing Recall         = 100.00\n'
            'Bracketing Precision      = 100.00\n'
            'Bracketing FMeasure       = 100.00\n'
            'Complete match            = 100.00\n'
            'Average crossing          =   0.00\n'
            'No crossing               = 100.00\n'
            '2 or less crossing        = 100.00\n'
            'Tagging accuracy          = 100.00\n'
            '\n'
            '-- len<=40 --\n'
            'Number of sentence        =      1\n'
            'Number of Error sentence  =      0\n'
            'Number of Skip  sentence  =      0\n'
            'Number of Valid sentence  =      1\n'
            'Bracketing Recall         = 100.00\n'
            'Bracketing Precision      = 100.00\n'
            'Bracketing FMeasure       = 100.00\n'
            'Complete match            = 100.00\n'
            'Average crossing          =   0.00\n'
            'No crossing               = 100.00\n'
            '2 or less crossing        = 100.00\n'
            'Tagging accuracy          = 100.00\n'
        ),
        '',
        0,
    ),
    'eq_word_and_eq_label': (
        '(S (NP (NN This)) (VP (VB is)))\n',
        '(S (NP (NNS this)) (VP (VB is)))\n',
        'EQ_WORD This this\nEQ_LABEL NN NNS\n',
        (),
        (
            '  Sent.                        Matched  Bracket   Cross        Correct Tag\n'
            ' ID  Len.  Stat. Recal  Prec.  Bracket gold test Bracket Words  Tags Accracy\n'
            '============================================================================\n'
            '   1    2    0  100.00 100.00     3      3    3      0      2     2   100.00\n'
            '============================================================================\n'
            '                100.00 100.00      3     3     3      0      2     2   100.00\n'
            '=== Summary ===\n'
            '\n'
            '-- All --\n'
            'Number of sentence        =      1\n'
            'Number of Error sentence  =      0\n'
            'Number of Skip  sentence  =      0\n'
            'Number of Valid sentence  =      1\n'
            'Bracketing Recall         = 100.00\n'
            'Bracketing Precision      = 100.00\n'
            'Bracketing FMeasure       = 100.00\n'
            'Complete match            = 100.00\n'
            'Average crossing          =   0.00\n'
            'No crossing               = 100.00\n'
            '2 or less crossing        = 100.00\n'
            'Tagging accuracy          = 100.00\n'
            '\n'
            '-- len<=40 --\n'
            'Number of sentence        =      1\n'
            'Number of Error sentence  =      0\n'
            'Number of Skip  sentence  =      0\n'
            'Number of Valid sentence  =      1\n'
            'Bracketing Recall         = 100.00\n'
            'Bracketing Precision      = 100.00\n'
            'Bracketing FMeasure       = 100.00\n'
            'Complete match            = 100.00\n'
            'Average crossing          =   0.00\n'
            'No crossing               = 100.00\n'
            '2 or less crossing        = 100.00\n'
            'Tagging accuracy          = 100.00\n'
        ),
        '',
        0,
    ),
}


@pytest.mark.parametrize("name", sorted(EVALB_REFERENCE))
def test_evalb_reference_cases(name: str, tmp_path: Path) -> None:
    gold, test, prm, options, out, err, rc = EVALB_REFERENCE[name]
    (tmp_path / "g").write_text(gold)
    (tmp_path / "t").write_text(test)
    args = list(options) + [str(tmp_path / "g"), str(tmp_path / "t")]
    if prm is not None:
        (tmp_path / "p").write_text(prm)
        args = ["-p", str(tmp_path / "p")] + args
    else:
        args = ["--evalb"] + args
    done = _cli(*args)
    assert done.stdout.decode() == out
    assert done.stderr.decode() == err
    assert done.returncode == rc


# --------------------------------------------------------------------------
# Beyond EVALB's limits: our documented behaviour
# --------------------------------------------------------------------------


def test_line_over_4999_bytes_is_read_whole() -> None:
    name = "line_over_4999_chars"
    gold, test = VECTORS / f"{name}.gld", VECTORS / f"{name}.tst"
    assert len(gold.read_bytes()) > 5000
    # EVALB cuts the line at 4,999 bytes, reads past its buffer and aborts:
    assert (VECTORS / f"{name}.evalb.rc").read_text().strip() == "1"
    assert (VECTORS / f"{name}.evalb.err").read_text().count("Reading sentence") == 11
    done = _cli("--evalb", VECTORS / "collins-min.prm", gold, test)
    assert done.returncode == 0
    assert done.stderr == b""
    lines = done.stdout.decode().splitlines()
    # 150 (NN word) under NP + the final (. .): Len 151, 150 kept words,
    # brackets S + 150 NP.
    assert lines[3] == "   1  151    0  100.00 100.00   151    151  151      0    150   150   100.00"
    assert lines[5] == "                100.00 100.00    151   151   151      0    150   150   100.00"


def test_more_than_200_words_and_brackets() -> None:
    words = [f"w{i}" for i in range(450)]
    gold = "(S " + " ".join(f"(NP (NN {w}))" for w in words) + ")\n"
    test = "(S " + " ".join(f"(NP (NN {w}))" for w in words[:300]) + " (VP " + " ".join(
        f"(NN {w})" for w in words[300:]) + "))\n"
    result = evaluate(gold.encode(), test.encode(), collins())
    row = result.rows[0]
    assert (row.length, row.status, row.words, row.correct_tags) == (450, 0, 450, 450)
    assert (row.gold, row.test, row.matched, row.cross) == (451, 302, 301, 0)


def test_long_labels_and_words_and_many_quotes() -> None:
    label = "NP-" + "X" * 60
    word = "y" * 300
    gold = f"(S ({label} (NN {word})) (VP (VB z)))\n"
    result = evaluate(gold.encode(), gold.encode(), collins())
    row = result.rows[0]
    assert (row.matched, row.gold, row.test, row.words) == (3, 3, 3, 2)
    # 30 quote repairs on one line (EVALB keeps 20 quote terminals)
    gold = "(S " + " ".join(f"(NN a{i}) (POS ')" for i in range(30)) + ")\n"
    test = "(S " + " ".join(f"(NN a{i}) ('' ')" for i in range(30)) + ")\n"
    params, _ = load_prm(DIST / "new.prm")
    result = evaluate(gold.encode(), test.encode(), params)
    row = result.rows[0]
    assert (row.status, row.words, row.correct_tags, row.matched, row.gold, row.test) == (0, 60, 30, 1, 1, 1)


def test_last_line_without_newline() -> None:
    gold = b"(S (NP (NN a)) (VP (VB b)))\n(S (NP (NN c)) (VP (VB d)))"
    result = evaluate(gold, gold, collins())
    assert [(r.id, r.status, r.matched) for r in result.rows] == [(1, 0, 3), (2, 0, 3)]
    # an unfinished word at the very end: EVALB reads past the string; we
    # treat the end as a terminator, i.e. "More than two elements".
    result = evaluate(b"(S (NP (NN a)) (VP (VB b)))\n", b"(S (NP (NN a)) (VP (VB b", collins())
    assert [m.render() for m in result.messages] == [
        "1 : More than two elements in a bracket\n", "1 : Reading sentence\n"]
    assert result.messages[1].repeat == 11
    assert result.aborted and result.exit_status == 1


def test_reading_sentence_repeats_until_max_error() -> None:
    gold = b"(S (NN a))\n" * 3
    test = b"(S (NN a))\n(S (NN a)) junk\n(S (NN a))\n"
    for max_error, repeat in ((10, 12), (0, 2), (-1, 1), (3, 5)):
        result = evaluate(gold, test, replace(EvalbParams(), max_error=max_error))
        assert [(m.line, m.text, m.repeat) for m in result.messages] == [
            (2, "Reading sentence\n", repeat)]
        assert render_messages(result) == "2 : Reading sentence\n" * repeat
        assert [r.id for r in result.rows] == [1]
        assert result.aborted
        assert not render_report(result).endswith("Tagging accuracy          =   0.00\n")


def test_nul_byte_ends_the_line() -> None:
    gold = b"(S (NP (NN a)) (VP (VB b)))\x00 garbage (((\n"
    test = b"(S (NP (NN a)) (VP (VB b)))\n"
    result = evaluate(gold, test, collins())
    assert [(r.status, r.matched, r.gold) for r in result.rows] == [(0, 3, 3)]


def test_bytes_are_compared_as_bytes() -> None:
    gold = "(S (NN caf\u00e9) (NN x))\n".encode()
    test = "(S (NN cafe\u0301) (NN x))\n".encode()
    result = evaluate(gold, test + b"", collins())
    assert render_messages(result) == "1 : Words unmatch (caf\u00e9|cafe\u0301)\n"
    latin1 = b"(S (NN caf\xe9) (NN y))\n"
    result = evaluate(latin1, b"(S (NN caf\xe8) (NN y))\n", collins())
    assert render_messages(result).encode("utf-8", "surrogateescape") == (
        b"1 : Words unmatch (caf\xe9|caf\xe8)\n")


def test_nan_fmeasure_renders_as_glibc() -> None:
    result = evaluate(b"(S (NN a))\n", b"\n", collins())
    assert result.rows[0].status == 2
    assert math.isnan(result.summary().fmeasure)
    assert "Bracketing FMeasure       =   -nan\n" in render_report(result)


# --------------------------------------------------------------------------
# Parameter files
# --------------------------------------------------------------------------


def test_prm_defaults_are_evalbs() -> None:
    params, warnings = parse_prm(b"")
    assert warnings == []
    assert params == EvalbParams(debug=0, max_error=10, cutoff_len=40, labeled=1)
    assert params.delete_labels == ()


def test_prm_reading_rules() -> None:
    data = (
        b"# a comment\n"
        b"ab\n"  # shorter than 3: ignored
        b"  \n"
        b"DEBUG 2\n"
        b"MAX_ERROR   7xyz   \n"  # atoi; trailing blanks stripped
        b"CUTOFF_LEN\t-3\r\n"
        b"LABELED 0\n"
        b"DELETE_LABEL TOP\n"
        b"DELETE_LABEL A B\n"  # the whole rest of the line is one label
        b"DELETE_LABEL_FOR_LENGTH -NONE-\n"
        b"QUOTE_LABEL POS\n"
        b"EQ_LABEL ADVP PRT\n"
        b"EQ_LABEL ONE\n"
        b"EQ_WORD a b c\n"
        b"EQ_WORD This this\n"
        b"DELETE_LABELX foo\n"
        b"  DEBUG 1\n"
        b"FOO\n"
    )
    params, warnings = parse_prm(data)
    assert params == EvalbParams(
        debug=2, max_error=7, cutoff_len=-3, labeled=0,
        delete_labels=("TOP", "A B"), delete_labels_for_length=("-NONE-",),
        quote_labels=("POS",), eq_labels=(("ADVP", "PRT"),), eq_words=(("This", "this"),),
    )
    assert warnings == [
        "EQ_LABEL requires two values\n",
        "EQ_WORD requires two values\n",
        "Unknown keyword (DELETE_LABELX foo) in parameter file\n",
        "Unknown keyword (  DEBUG 1) in parameter file\n",
        "Empty value in parameter file (18)\n",
    ]


def test_prm_files_accumulate() -> None:
    first, _ = parse_prm(b"DELETE_LABEL TOP\nMAX_ERROR 3\n")
    second, _ = parse_prm(b"DELETE_LABEL PRN\nCUTOFF_LEN 10\n", first)
    assert second.delete_labels == ("TOP", "PRN")
    assert (second.max_error, second.cutoff_len) == (3, 10)
    assert first.delete_labels == ("TOP",)


def test_prm_collins_preset_values() -> None:
    params = collins()
    assert params.delete_labels == ("TOP", "-NONE-", ",", ":", "``", "''", ".")
    assert params.delete_labels_for_length == ("-NONE-",)
    assert params.eq_labels == (("ADVP", "PRT"),)
    assert (params.debug, params.max_error, params.cutoff_len, params.labeled) == (0, 10, 40, 1)
    assert parse_prm(COLLINS_PRM)[0] == load_prm(VECTORS / "collins-min.prm")[0]


def test_prm_round_trip() -> None:
    params, _ = load_prm(DIST / "new.prm")
    assert EvalbParams.from_dict(json.loads(json.dumps(params.to_dict()))) == params
    assert params.quote_labels == ("``", "''", "POS", "NN", "CD", "VBZ", ":")


@pytest.mark.parametrize(
    "text, value",
    [("40", 40), ("  12abc", 12), ("-7", -7), ("+5", 5), ("abc", 0), ("", 0),
     ("4294967297", 1), ("99999999999999999999999", -1)],
)
def test_c_atoi(text: str, value: int) -> None:
    assert c_atoi(text) == value


def test_prm_warnings_reach_stderr_in_order(tmp_path: Path) -> None:
    prm = tmp_path / "x.prm"
    prm.write_bytes(b"BOGUS 1\nEQ_LABEL A\nDELETE_LABEL TOP\n")
    name, gold, test, _, out, err, rc = GOLDEN[2]
    done = _cli("--evalb", prm, gold, test)
    assert done.stderr.startswith(
        b"Unknown keyword (BOGUS 1) in parameter file\nEQ_LABEL requires two values\n")


def test_run_from_parsed_arguments(capsysbinary: pytest.CaptureFixture[bytes]) -> None:
    """``configure``/``run`` (the argparse interface) reach the same engine."""
    from jpcore.cli import build_parser
    from jpcore.parseval import cli as parseval

    name, gold, test, prm, out, err, rc = GOLDEN[1]
    args = build_parser().parse_args(["parseval", str(gold), str(test), "--evalb", "collins"])
    assert parseval.run(args) == 0
    captured = capsysbinary.readouterr()
    assert captured.out == out.read_bytes()
    assert captured.err == err.read_bytes()
    args = build_parser().parse_args(["parseval", str(gold), str(test)])
    assert parseval.run(args) == 0  # alignment mode (test_parseval_align.py)
    assert signed(capsysbinary.readouterr().err, "parseval", gold=gold, sys=test) == b""
