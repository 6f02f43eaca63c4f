"""The errant-exact scorer: byte-identical to errant_compare 3.0.2, edge cases, properties.

The golden tests run our real command line (``python -m jpcore gec``) in a
subprocess with exactly the flags errant_compare was given in each
``expected/commands.txt``.
"""

from __future__ import annotations

import json
import os
import random
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jpcore.formats.m2 import parse_m2
from jpcore.peers.errant_compare import (
    EditStatus,
    ErrantOptions,
    ErrantResult,
    f_score,
    group_categories,
    render_output,
    render_report,
    score,
)
from bench.shared_data import SHARED_DATA
from tests.cli_support import gec_files, signed

REPO = Path(__file__).resolve().parents[1]
M2_DATA = SHARED_DATA / "m2"
GOLDEN_DIRS = ("toy-en", "uagec-gec-only-test")


def golden_cases() -> list[tuple[str, list[str], str]]:
    """(folder, our gec arguments, expected output file) for every line of every commands.txt."""
    cases = []
    for folder in GOLDEN_DIRS:
        for line in (M2_DATA / folder / "expected" / "commands.txt").read_text().splitlines():
            command, _, out = line.partition(" > ")
            argv = shlex.split(command)
            assert argv[0] == "errant_compare"
            cases.append((folder, argv[1:], out.strip()))
    return cases


GOLDEN = golden_cases()


def run_cli(args: list[str], cwd: Path) -> subprocess.CompletedProcess[bytes]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO) + os.pathsep + env.get("PYTHONPATH", "")
    return subprocess.run(
        [sys.executable, "-m", "jpcore", "gec", *args], cwd=cwd, capture_output=True, env=env, timeout=120
    )


def test_every_expected_file_has_a_command() -> None:
    for folder in GOLDEN_DIRS:
        expected = {p.name for p in (M2_DATA / folder / "expected").glob("*.txt")} - {"commands.txt"}
        listed = {Path(out).name for f, _, out in GOLDEN if f == folder}
        assert expected == listed
    assert len(GOLDEN) == 78


@pytest.mark.parametrize("folder,args,out", GOLDEN, ids=[f"{f}/{Path(o).name}" for f, _, o in GOLDEN])
def test_byte_identical_to_errant_compare(folder: str, args: list[str], out: str) -> None:
    cwd = M2_DATA / folder
    done = run_cli(args, cwd)
    assert done.returncode == 0, done.stderr.decode()
    assert signed(done.stderr, "gec", **gec_files(args, cwd)) == b""
    assert done.stdout == (cwd / out).read_bytes()


# ---------------------------------------------------------------- helpers


def doc(text: str, name: str = "x.m2"):
    return parse_m2(text, name, allow_empty=True)  # errant's reading (the CLI refuses an empty file)


def run(hyp: str, ref: str, **options) -> ErrantResult:
    return score(doc(hyp, "hyp.m2"), doc(ref, "ref.m2"), ErrantOptions(**options))


def counts(result: ErrantResult) -> tuple[int, int, int]:
    return result.tp, result.fp, result.fn


def edit(start: int, end: int, etype: str, cor: str, coder: int) -> str:
    return f"A {start} {end}|||{etype}|||{cor}|||REQUIRED|||-NONE-|||{coder}"


def last_line_values(text: str) -> list[str]:
    """The six values of the report's summary line."""
    return text.strip().split("\n")[-2].split("\t")


# ---------------------------------------------------------------- edge cases of spec §1


def test_empty_against_empty() -> None:
    result = run("", "")
    assert counts(result) == (0, 0, 0)
    assert result.prf == (1.0, 1.0, 1.0)
    assert last_line_values(render_report(result)) == ["0", "0", "0", "1.0", "1.0", "1.0"]


def test_empty_files_through_the_cli(tmp_path: Path) -> None:
    # errant prints 0 0 0 1.0 1.0 1.0 here; the command line refuses an empty file (issue 12 item 4)
    (tmp_path / "h.m2").write_bytes(b"")
    (tmp_path / "r.m2").write_bytes(b"\n")
    done = run_cli(["-hyp", "h.m2", "-ref", "r.m2"], tmp_path)
    assert (done.returncode, done.stdout) == (2, b"")
    assert done.stderr.decode() == ("jpcore gec: error: h.m2 is empty: expected at least one block (an S line), "
                                    "found no text at all\n")


def test_system_without_edits_against_reference_with_edits() -> None:
    result = run("S a b c\n", "S a b c\n" + edit(0, 1, "R:X", "A", 0) + "\n" + edit(2, 3, "R:Y", "C", 0))
    assert counts(result) == (0, 0, 2)
    assert result.prf == (1.0, 0.0, 0.0)


def test_unk_only_annotator_is_no_correction_in_cs_and_one_fn_in_ds() -> None:
    hyp = "S a b c\n"
    ref = "S a b c\n" + edit(1, 2, "UNK", "b", 0)
    assert counts(run(hyp, ref)) == (0, 0, 0)
    assert counts(run(hyp, ref, mode="cse")) == (0, 0, 0)
    assert counts(run(hyp, ref, mode="ds")) == (0, 0, 1)
    assert counts(run(hyp, ref, mode="dt")) == (0, 0, 1)


def test_unk_annotator_chosen_over_a_real_one() -> None:
    # Coder 1's only edit is UNK: it is registered before filtering, so it is an
    # empty annotation ("nothing to correct") that beats coder 0's FN.
    ref = "S a b c\n" + edit(0, 1, "R:X", "A", 0) + "\n" + edit(1, 2, "UNK", "b", 1)
    result = run("S a b c\n", ref)
    assert counts(result) == (0, 0, 0)
    assert (result.sentences[0].hyp_coder, result.sentences[0].ref_coder) == (0, 1)


def test_crlf_input_scores_like_lf(tmp_path: Path) -> None:
    toy = M2_DATA / "toy-en"
    for name in ("sys.m2", "gold.m2"):
        (tmp_path / name).write_bytes((toy / name).read_bytes().replace(b"\n", b"\r\n"))
    done = run_cli(["-hyp", "sys.m2", "-ref", "gold.m2", "-cat", "3"], tmp_path)
    assert done.returncode == 0
    assert done.stdout == (toy / "expected" / "sys__gold__cat3.txt").read_bytes()


def test_whitespace_only_line_between_blocks_is_explained(tmp_path: Path) -> None:
    (tmp_path / "h.m2").write_text("S a b\n" + edit(0, 1, "R:X", "A", 0) + "\n \nS c d\n")
    (tmp_path / "r.m2").write_text("S a b\n\nS c d\n")
    done = run_cli(["-hyp", "h.m2", "-ref", "r.m2"], tmp_path)
    assert done.returncode == 2
    assert done.stdout == b""
    message = done.stderr.decode()
    assert message.count("\n") == 1 and "Traceback" not in message
    assert message.startswith("jpcore gec: error: h.m2:3: expected ")
    assert "whitespace-only line" in message and "(block #0)" in message


def test_sentence_counts_differ_are_aligned_not_refused(tmp_path: Path) -> None:
    (tmp_path / "h.m2").write_text("S a b\n\nS c d\n")
    (tmp_path / "r.m2").write_text("S a b c d\n")
    done = run_cli(["-hyp", "h.m2", "-ref", "r.m2"], tmp_path)
    assert done.returncode == 0
    assert last_line_values(done.stdout.decode()) == ["0", "0", "0", "1.0", "1.0", "1.0"]
    assert done.stderr.decode().startswith("jpcore gec: note: h.m2 (2 sentences) and r.m2 (1 sentences)")


def test_missing_file_is_one_line(tmp_path: Path) -> None:
    done = run_cli(["-hyp", "nope.m2", "-ref", "nope.m2"], tmp_path)
    assert done.returncode == 2
    assert done.stderr.decode().startswith("jpcore gec: error: nope.m2: ")
    assert done.stderr.decode().count("\n") == 1


# ---------------------------------------------------------------- counting rules


def test_tp_is_credited_once_per_reference_type() -> None:
    hyp = "S a b\n" + edit(0, 1, "R:X", "A", 0)
    ref = "S a b\n" + edit(0, 1, "R:X", "A", 0) + "\n" + edit(0, 1, "R:Y", "A", 0)
    result = run(hyp, ref)
    assert counts(result) == (2, 0, 0)
    assert result.cats == {"R:X": [1, 0, 0], "R:Y": [1, 0, 0]}


def test_fp_once_per_hypothesis_type_and_fn_once_per_reference_type() -> None:
    hyp = "S a b\n" + edit(0, 1, "R:X", "A", 0) + "\n" + edit(0, 1, "R:Z", "A", 0)
    ref = "S a b\n" + edit(1, 2, "R:Y", "B", 0) + "\n" + edit(1, 2, "R:W", "B", 0)
    result = run(hyp, ref)
    assert counts(result) == (0, 2, 2)
    assert list(result.cats) == ["R:X", "R:Z", "R:Y", "R:W"]


def test_correction_string_is_exact() -> None:
    hyp = "S a b\n" + edit(0, 1, "R:X", "A ", 0)
    ref = "S a b\n" + edit(0, 1, "R:X", "A", 0)
    assert counts(run(hyp, ref)) == (0, 1, 1)
    assert counts(run(hyp, ref, mode="ds")) == (1, 0, 0)


def test_cse_needs_the_same_type() -> None:
    hyp = "S a b\n" + edit(0, 1, "R:X", "A", 0)
    ref = "S a b\n" + edit(0, 1, "R:Y", "A", 0)
    assert counts(run(hyp, ref)) == (1, 0, 0)
    assert counts(run(hyp, ref, mode="cse")) == (0, 1, 1)


def test_dt_splits_spans_and_keys_insertions_on_the_right_token() -> None:
    hyp = "S a b c d\n" + edit(0, 3, "R:X", "x", 0) + "\n" + edit(4, 4, "M:Y", "e", 0)
    ref = "S a b c d\n" + edit(1, 2, "R:X", "y", 0) + "\n" + edit(4, 5, "R:Z", "e", 0)
    result = run(hyp, ref, mode="dt")
    assert counts(result) == (2, 2, 0)
    assert result.cats == {"R:X": [1, 2, 0], "R:Z": [1, 0, 0]}


def test_single_multi_and_filt() -> None:
    hyp = "S a b c\n" + edit(0, 2, "R:X", "x", 0) + "\n" + edit(2, 3, "R:Y", "y z", 0) + "\n" + edit(1, 2, "R:W", "w", 0)
    ref = "S a b c\n" + edit(1, 2, "R:W", "w", 0)
    assert counts(run(hyp, ref)) == (1, 2, 0)
    assert counts(run(hyp, ref, single=True)) == (1, 0, 0)
    assert counts(run(hyp, ref, multi=True)) == (0, 2, 0)
    assert counts(run(hyp, ref, filt=("R:X", "R:W"))) == (0, 1, 0)
    assert counts(run(hyp, ref, single=True, multi=True)) == (0, 0, 0)


def test_noop_and_no_edit_lines_are_no_correction() -> None:
    hyp = "S a b\n" + edit(-1, -1, "noop", "-NONE-", 0)
    assert counts(run(hyp, "S a b\n")) == (0, 0, 0)
    assert counts(run("S a b\n", hyp, mode="dt")) == (0, 0, 0)
    assert counts(run("S a b\n" + edit(0, 1, "R:X", "A", 0), hyp)) == (0, 1, 0)


# ---------------------------------------------------------------- choosing the pair


def chosen(result: ErrantResult, index: int = 0) -> tuple[int, int]:
    sent = result.sentences[index]
    return sent.hyp_coder, sent.ref_coder


def test_choice_highest_f() -> None:
    hyp = "S a b c\n" + edit(0, 1, "R:X", "A", 0)
    ref = "S a b c\n" + edit(1, 2, "R:X", "B", 0) + "\n" + edit(0, 1, "R:X", "A", 1)
    result = run(hyp, ref)
    assert chosen(result) == (0, 1)
    assert [tuple(c) for c in result.sentences[0].candidates] == [(0, 0, 0, 1, 1), (0, 1, 1, 0, 0)]


def test_choice_equal_f_more_tp() -> None:
    # Both pairs give F 1.0; the second has more TP.
    hyp = "S a b c\n" + edit(0, 1, "R:X", "A", 0) + "\n" + edit(1, 2, "R:X", "B", 0)
    ref = (
        "S a b c\n" + edit(0, 1, "R:X", "A", 0) + "\n" + edit(1, 2, "R:X", "B", 0)
        + "\n" + edit(0, 1, "R:X", "A", 1) + "\n" + edit(0, 1, "R:Y", "A", 1) + "\n" + edit(1, 2, "R:X", "B", 1)
    )
    result = run(hyp, ref)
    assert chosen(result) == (0, 1)
    assert counts(result) == (3, 0, 0)


def test_choice_equal_f_and_tp_fewer_fp() -> None:
    # Both pairs: TP 0, F 0.0; hyp coder 1 has fewer false positives.
    hyp = "S a b c\n" + edit(0, 1, "R:X", "A", 0) + "\n" + edit(1, 2, "R:X", "B", 0) + "\n" + edit(0, 1, "R:X", "A", 1)
    result = run(hyp, "S a b c\n")
    assert [tuple(c) for c in result.sentences[0].candidates] == [(0, 0, 0, 2, 0), (1, 0, 0, 1, 0)]
    assert chosen(result) == (1, 0)
    assert counts(result) == (0, 1, 0)


def test_choice_full_tie_keeps_the_first_pair() -> None:
    hyp = "S a b\n" + edit(0, 1, "R:X", "A", 0)
    ref = "S a b\n" + edit(0, 1, "R:X", "A", 3) + "\n" + edit(0, 1, "R:X", "A", 1)
    result = run(hyp, ref)
    assert chosen(result) == (0, 3)


def test_choice_ties_broken_by_fp_then_fn_with_rounded_f() -> None:
    # With zero running totals and a sentence where every pair has F 0.0, the
    # tie-break goes to TP (all 0), then fewer FP, then fewer FN.
    hyp = "S a b c d\n" + edit(0, 1, "R:X", "A", 0) + "\n" + edit(-1, -1, "noop", "-NONE-", 1)
    ref = "S a b c d\n" + edit(1, 2, "R:X", "B", 0) + "\n" + edit(2, 3, "R:X", "C", 0) + "\n" + edit(3, 4, "R:X", "D", 1)
    result = run(hyp, ref)
    # pairs: (0,0) 0/1/2 F0, (0,1) 0/1/1 F0, (1,0) 0/0/2 F0, (1,1) 0/0/1 F0
    assert [tuple(c) for c in result.sentences[0].candidates] == [
        (0, 0, 0, 1, 2), (0, 1, 0, 1, 1), (1, 0, 0, 0, 2), (1, 1, 0, 0, 1),
    ]
    assert chosen(result) == (1, 1)


def test_beta_changes_the_chosen_pair() -> None:
    hyp = "S a b c d\n" + edit(0, 1, "R:X", "A", 0) + "\n" + edit(1, 2, "R:X", "B", 0) + "\n" + edit(2, 3, "R:X", "C", 0)
    ref = (
        "S a b c d\n" + edit(0, 1, "R:X", "A", 0)  # coder 0: 1 TP, 2 FP -> precise annotator loses on P
        + "\n" + edit(0, 1, "R:X", "A", 1) + "\n" + edit(1, 2, "R:X", "B", 1)
        + "\n" + edit(2, 3, "R:X", "C", 1) + "\n" + edit(3, 4, "R:X", "D", 1) + "\n" + edit(0, 0, "M:X", "E", 1)
        + "\n" + edit(4, 4, "M:X", "F", 1) + "\n" + edit(1, 1, "M:X", "G", 1)
    )
    low = run(hyp, ref, beta=0.5)
    high = run(hyp, ref, beta=2.0)
    assert chosen(low) == (0, 1) and counts(low) == (3, 0, 4)
    # candidates: (0,0) 1/2/0 and (0,1) 3/0/4
    assert f_score(1, 2, 0, 0.5)[2] < f_score(3, 0, 4, 0.5)[2]
    assert f_score(1, 2, 0, 2.0)[2] > f_score(3, 0, 4, 2.0)[2]
    assert chosen(high) == (0, 0) and counts(high) == (1, 2, 0)
    assert render_report(high).split("\n")[2] == "TP\tFP\tFN\tPrec\tRec\tF2.0"


def test_f_score_rounding_and_zero_cases() -> None:
    assert f_score(11, 2, 2, 0.5) == (0.8462, 0.8462, 0.8462)
    assert f_score(0, 1, 0, 0.5) == (0.0, 1.0, 0.0)
    assert f_score(0, 1, 1, 0.5) == (0.0, 0.0, 0.0)
    assert f_score(0, 0, 2, 0.0) == (1.0, 0.0, 0.0)  # errant divides by zero here


# ---------------------------------------------------------------- categories and rendering


def test_group_categories() -> None:
    cats = {"R:VERB:SVA": [1, 0, 0], "R:NOUN": [0, 1, 0], "M:NOUN": [0, 0, 1], "UNK": [0, 0, 2]}
    assert group_categories(cats, 1) == {"R": [1, 1, 0], "M": [0, 0, 1], "UNK": [0, 0, 2]}
    assert group_categories(cats, 2) == {"VERB:SVA": [1, 0, 0], "NOUN": [0, 1, 1], "UNK": [0, 0, 2]}
    assert group_categories(cats, 3) is cats
    assert group_categories({"Punctuation": [1, 2, 3], "Spelling": [1, 0, 0]}, 2) == {
        "nctuation": [1, 2, 3], "elling": [1, 0, 0],
    }


def test_category_table_does_not_truncate_long_names() -> None:
    hyp = "S a b\n" + edit(0, 1, "G/UngrammaticalStructure", "A", 0)
    text = render_report(run(hyp, hyp, cat=3))
    assert "\nG/UngrammaticalStructure 1        0        0        1.0      1.0      1.0\n" in text


def test_verbose_sentence_with_noop_and_real_edit_prints_empty_list() -> None:
    hyp = "S a b\n" + edit(-1, -1, "noop", "-NONE-", 0) + "\n" + edit(0, 1, "R:X", "A", 0)
    text = render_output(run(hyp, hyp, verbose=True))
    assert "HYPOTHESIS EDITS : []\nREFERENCE EDITS  : []\nLocal TP/FP/FN   : 1 0 0\n" in text


def test_verbose_original_sentence_is_the_hypothesis_s_line() -> None:
    text = render_output(run("S hyp side\n", "S ref side\n", verbose=True))
    assert text.startswith("-" * 40 + "\nOriginal sentence 0: hyp side\n")


# ---------------------------------------------------------------- the structured result


def toy_result(**options) -> ErrantResult:
    toy = M2_DATA / "toy-en"
    return score(
        parse_m2((toy / "sys.m2").read_bytes(), "sys.m2"), parse_m2((toy / "gold.m2").read_bytes(), "gold.m2"),
        ErrantOptions(**options),
    )


def test_chosen_pairs_on_toy() -> None:
    result = toy_result()
    assert [chosen(result, i) for i in range(8)] == [(0, 0), (0, 1), (0, 0), (0, 0), (0, 1), (0, 0), (0, 1), (0, 0)]
    assert result.totals == {"tp": 11, "fp": 2, "fn": 2, "precision": 0.8462, "recall": 0.8462, "f": 0.8462}


def test_edit_statuses_on_toy_sentence_6() -> None:
    hyp_edits, ref_edits = toy_result().edit_statuses(6)
    assert [(e.start, e.end, e.cor, e.status, e.partners) for e in hyp_edits] == [
        (2, 3, "", "TP", (2,)), (8, 9, "go", "FP", ()), (14, 14, ",", "TP", (4,)),
    ]
    assert [(e.coder, e.status, e.partners) for e in ref_edits] == [
        (0, "other", ()), (0, "other", ()), (1, "TP", (0,)), (1, "FN", ()), (1, "TP", (2,)),
    ]
    assert hyp_edits[1] == EditStatus("hyp", 1, 24, 8, 9, "R:VERB:SVA", "go", 0, "FP", ())
    assert ref_edits[3].line == 36


def test_edit_statuses_unk_noop_and_dt_partial() -> None:
    hyp_edits, ref_edits = toy_result().edit_statuses(4)
    assert [e.status for e in ref_edits] == ["other"] * 4 + ["TP", "TP"]
    _, ref_edits = toy_result().edit_statuses(1)
    assert [e.status for e in ref_edits] == ["other", "noop"]
    result = run("S a b c\n" + edit(0, 2, "R:X", "x", 0), "S a b c\n" + edit(1, 2, "R:X", "y", 0), mode="dt")
    hyp_edits, ref_edits = result.edit_statuses(0)
    assert (hyp_edits[0].status, hyp_edits[0].partners) == ("partial", (0,))
    assert ref_edits[0].status == "TP"
    unk = run("S a b\n", "S a b\n" + edit(0, 1, "UNK", "a", 0))
    assert unk.edit_statuses(0)[1][0].status == "filtered"


def test_to_dict_from_dict_is_lossless() -> None:
    for options in ({}, {"mode": "dt", "cat": 2}, {"verbose": True, "beta": 1.0}):
        result = toy_result(**options)
        data = result.to_dict()
        again = ErrantResult.from_dict(json.loads(json.dumps(data)))
        assert again.to_dict() == data
        assert render_output(again) == render_output(result)
        assert again.sentences == result.sentences


def test_json_output_of_the_cli() -> None:
    done = run_cli(["-hyp", "sys.m2", "-ref", "gold.m2", "-cat", "3", "--json"], M2_DATA / "toy-en")
    assert done.returncode == 0
    data = json.loads(done.stdout)
    assert list(data)[:3] == ["task", "scorer", "totals"]
    assert data["totals"] == {"tp": 11, "fp": 2, "fn": 2, "precision": 0.8462, "recall": 0.8462, "f": 0.8462}
    assert data["noop_rule"] == "keep"
    assert len(data["sentences"]) == 8
    assert data["sentences"][1]["ref_coder"] == 1
    assert data["category_table"][0] == ["M:PUNCT", 1, 0, 0, 1.0, 1.0, 1.0]
    assert data["alpha"] == 0.91 and data["alignment"]["aligned"] is False
    errant_keys = ErrantResult.from_dict(data).to_dict().keys()
    assert ErrantResult.from_dict(data).to_dict() == {k: data[k] for k in errant_keys}


# ---------------------------------------------------------------- properties

TYPES = ["R:X", "M:Y", "U:Z", "UNK", "R:VERB:SVA"]
CORS = ["a", "", "b c", "d "]


@st.composite
def m2_blocks(draw, coders: tuple[int, ...] = (0, 1, 2)) -> str:
    n = draw(st.integers(1, 6))
    lines = ["S " + " ".join(f"t{i}" for i in range(n))]
    for _ in range(draw(st.integers(0, 4))):
        coder = draw(st.sampled_from(coders))
        if draw(st.integers(0, 9)) == 0:
            lines.append(edit(-1, -1, "noop", "-NONE-", coder))
            continue
        start = draw(st.integers(0, n))
        end = draw(st.integers(start, min(n, start + 3)))
        lines.append(edit(start, end, draw(st.sampled_from(TYPES)), draw(st.sampled_from(CORS)), coder))
    return "\n".join(lines)


MODE_OPTIONS = st.sampled_from([{}, {"mode": "cse"}, {"mode": "ds"}, {"mode": "dt"}, {"single": True}, {"beta": 1.0}])


@settings(max_examples=150, deadline=None)
@given(st.lists(m2_blocks(), min_size=1, max_size=6), MODE_OPTIONS)
def test_identical_hyp_and_ref_is_all_tp(blocks: list[str], options: dict) -> None:
    text = "\n\n".join(blocks) + "\n"
    result = run(text, text, **options)
    assert result.fp == 0 and result.fn == 0
    assert result.prf == (1.0, 1.0, 1.0)
    for sent in result.sentences:
        hyp_edits, ref_edits = result.edit_statuses(sent.index)
        assert not any(e.status in ("FP", "FN", "partial") for e in hyp_edits + ref_edits)


@settings(max_examples=150, deadline=None)
@given(st.lists(m2_blocks((0,)), min_size=1, max_size=6))
def test_identical_one_annotator_tp_counts_every_scored_edit(blocks: list[str]) -> None:
    text = "\n\n".join(blocks) + "\n"
    expected_tp = sum(
        1 for line in text.split("\n") if line.startswith("A ") and "|||UNK|||" not in line and "|||noop|||" not in line
    )
    assert counts(run(text, text)) == (expected_tp, 0, 0)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.tuples(m2_blocks((0,)), m2_blocks((0,))), min_size=1, max_size=8),
    st.randoms(use_true_random=False),
    MODE_OPTIONS,
)
def test_shuffling_sentences_keeps_one_annotator_totals(pairs, rng: random.Random, options: dict) -> None:
    def score_pairs(items) -> ErrantResult:
        return run("\n\n".join(h for h, _ in items), "\n\n".join(r for _, r in items), **options)

    before = score_pairs(pairs)
    shuffled = list(pairs)
    rng.shuffle(shuffled)
    after = score_pairs(shuffled)
    assert counts(after) == counts(before)
    assert {k: v for k, v in after.cats.items()} == {k: v for k, v in before.cats.items()}


# ---------------------------------------------------------------- command-line arguments


def test_cli_maps_errant_flags_to_options() -> None:
    import argparse

    from jpcore.gec import cli as gec

    parser = argparse.ArgumentParser()
    gec.configure(parser)
    args = parser.parse_args(["-hyp", "h", "-ref", "r", "-dt", "-b", "1", "-filt", "R:X", "UNK", "-cat", "2", "-v", "-single"])
    assert gec.options_from_args(args) == ErrantOptions(
        beta=1.0, mode="dt", single=True, multi=False, filt=("R:X", "UNK"), cat=2, verbose=True
    )
    assert gec.options_from_args(parser.parse_args(["-hyp", "h", "-ref", "r", "-cse"])).mode == "cse"
    assert gec.options_from_args(parser.parse_args(["-hyp", "h", "-ref", "r"])) == ErrantOptions()
    assert parser.parse_args(["-hyp", "h", "-ref", "r"]).noop_rule == "keep"


@pytest.mark.parametrize("bad", [["-ds", "-dt"], ["-cat", "4"], ["-b", "x"], ["--noop-rule", "drop"]])
def test_cli_rejects_bad_flags(bad: list[str]) -> None:
    done = run_cli(["-hyp", "sys.m2", "-ref", "gold.m2", *bad], M2_DATA / "toy-en")
    assert done.returncode == 2
    assert done.stdout == b""
    assert b"Traceback" not in done.stderr


def test_one_edit_shortcut_equals_compare_keys() -> None:
    """score()'s shortcut for blocks of one edit line each gives exactly what the
    general path (keys, then compare_keys) gives, for every kind of line."""
    from jpcore.formats.m2 import M2Edit
    from jpcore.peers.errant_compare.calc import _compare_one, compare_keys
    from jpcore.peers.errant_compare.keys import _keys_of_one_coder

    lines = [M2Edit(start, end, etype, cor, coder)
             for start, end in ((-1, -1), (2, 3), (2, 2), (3, 4))
             for etype in ("noop", "UNK", "R:NOUN", "M:PUNCT")
             for cor in ("-NONE-", "dogs", "")
             for coder in (0, 1)]
    for hyp_edit in lines:
        for ref_edit in lines:
            expected = compare_keys(_keys_of_one_coder((hyp_edit,)), _keys_of_one_coder((ref_edit,)))
            assert _compare_one(hyp_edit, ref_edit) == expected, (hyp_edit, ref_edit)
            assert list(_compare_one(hyp_edit, ref_edit)[3]) == list(expected[3])  # the types' order too
