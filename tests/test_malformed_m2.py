"""Malformed M2 for `jpcore gec`: a result or one clear error, never a traceback.

Every file in tests/malformed/m2/ is run through the real command line as
the hypothesis against reference.m2 (or reference_merged.m2); the expected
outcome is either the exact totals (and, where errant_compare 3.0.2 gives a
result too, its very report) or the exact one-line message with exit status 2.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from bench.peers import errant_compare_command
from tests.cli_support import signed
from tests.conftest import ROOT

HERE = ROOT / "tests" / "malformed" / "m2"
REFERENCE = HERE / "reference.m2"  # "The cat sat on mat ." (+the) / "It ran away ." (ran -> runs)
MERGED = HERE / "reference_merged.m2"  # the same two sentences as one block


def cli(hyp: Path, ref: Path, *args: str, timeout: int = 120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "jpcore", "gec", "-hyp", str(hyp), "-ref", str(ref), *args],
                          cwd=ROOT, capture_output=True, text=True, check=False, timeout=timeout)


def totals(out: subprocess.CompletedProcess) -> tuple:
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    t = data["totals"]
    return (t["tp"], t["fp"], t["fn"]), [(u["kind"], tuple(u["sys"]), tuple(u["gold"])) for u in data["units"]]


SAME = ((2, 0, 0), [("exact", (0, 1), (0, 1)), ("exact", (1, 2), (1, 2))])


@pytest.mark.parametrize(
    "name, expected",
    [
        ("reference.m2", SAME),
        ("bom.m2", SAME),
        ("crlf.m2", SAME),
        ("lone_cr.m2", SAME),
        # errant scores an edit past the end of its sentence like any other:
        # where the sentences agree, so do we (one FP, one FN)
        ("past_the_end.m2", ((1, 1, 1), [("exact", (0, 1), (0, 1)), ("exact", (1, 2), (1, 2))])),
        # no sentence in common: each is its own one-sided unit
        ("other_text.m2", ((0, 1, 2), [("gold-only", (0, 0), (0, 1)), ("gold-only", (0, 0), (1, 2)),
                                       ("system-only", (0, 1), (2, 2)), ("system-only", (1, 2), (2, 2))])),
        ("reference_merged.m2", ((2, 0, 0), [("merged", (0, 1), (0, 2))])),
    ],
)
def test_readable_oddities_give_a_result(name, expected):
    assert totals(cli(HERE / name, REFERENCE, "--json")) == expected


@pytest.mark.parametrize("name", ["reference.m2", "bom.m2", "crlf.m2", "lone_cr.m2", "past_the_end.m2"])
def test_where_errant_gives_a_result_ours_is_byte_identical(name):
    ours = cli(HERE / name, REFERENCE)
    theirs = subprocess.run([*errant_compare_command(), "-hyp", str(HERE / name), "-ref", str(REFERENCE)],
                            capture_output=True, text=True, check=True, timeout=120)
    assert ours.returncode == 0 and signed(ours.stderr, "gec", gold=REFERENCE, sys=HERE / name) == ""
    assert ours.stdout == theirs.stdout


def test_empty_against_empty():
    # errant scores two empty files P = R = F = 1.0; an empty file is refused (issue 12 item 4)
    out = cli(HERE / "empty.m2", HERE / "empty.m2")
    assert (out.returncode, out.stdout) == (2, "")
    assert out.stderr == (f"jpcore gec: error: {HERE / 'empty.m2'} is empty: expected at least one block "
                          "(an S line), found no text at all\n")


EDIT = "'A start end|||type|||correction|||REQUIRED|||-NONE-|||coder'"


@pytest.mark.parametrize(
    "name, ref, message",
    [
        ("five_fields.m2", REFERENCE,
         f"five_fields.m2:2: expected an edit line {EDIT} (block #0), "
         "found 5 |||-separated fields (the coder id is missing)"),
        ("non_integer_coder.m2", REFERENCE,
         "non_integer_coder.m2:2: expected an integer coder id as the last field (block #0), found 'one'"),
        ("start_after_end.m2", REFERENCE,
         "start_after_end.m2:2: expected 'A start end' with 0 <= start <= end, or 'A -1 -1' (block #0), "
         "found 'A 4 3'"),
        ("negative_offset.m2", REFERENCE,
         "negative_offset.m2:2: expected 'A start end' with 0 <= start <= end, or 'A -1 -1' (block #0), "
         "found 'A -1 4'"),
        # merged with the next sentence, the edit past the end of its own
        # sentence would land in the next one: refused
        ("past_the_end.m2", MERGED,
         "past_the_end.m2:2: expected offsets within the sentence's 6 tokens (block #0), found 'A 6 9' "
         "(the sentence is merged with its neighbours here: its edits cannot be re-indexed)"),
        ("whitespace_line.m2", REFERENCE,
         f"whitespace_line.m2:3: expected an edit line {EDIT} or one empty line between blocks (block #0), "
         "found a whitespace-only line (a line of spaces does not separate M2 blocks; errant_compare fails here)"),
        ("latin1.m2", REFERENCE, "latin1.m2:4: expected UTF-8 text, found byte e9 (not UTF-8)"),
        ("nul.m2", REFERENCE, "nul.m2:5: expected text, found a NUL byte (is this a binary file?)"),
        # errant reads an empty file as one empty block, P = 1.0 (issue 12 item 4)
        ("empty.m2", REFERENCE, "empty.m2 is empty: expected at least one block (an S line), found no text at all"),
        ("blank_lines.m2", REFERENCE,
         "blank_lines.m2 is empty: expected at least one block (an S line), found only whitespace"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(name, ref, message):
    out = cli(HERE / name, ref)
    assert out.returncode == 2
    assert out.stdout == ""
    assert out.stderr == f"jpcore gec: error: {HERE / name}{message[len(name):]}\n"
    # and as the reference (the gold side) the same message names it
    if ref is REFERENCE:
        out = cli(REFERENCE, HERE / name)
        assert out.returncode == 2 and out.stderr == f"jpcore gec: error: {HERE / name}{message[len(name):]}\n"


def _block(tokens: list[str], edit: str) -> str:
    return "S " + " ".join(tokens) + "\n" + edit


def test_ten_megabyte_s_line(tmp_path):
    # one sentence of a million tokens (11 MB on one line) with two edits,
    # against the same tokens cut into 1,000 sentences: one merged unit,
    # every edit re-indexed into it
    tokens = [f"tok{i:07d}" for i in range(1_000_000)]
    edit = "A {} {}|||R:X|||y|||REQUIRED|||-NONE-|||0"
    one = tmp_path / "one.m2"
    one.write_text(_block(tokens, edit.format(5, 6) + "\n" + edit.format(999_005, 999_006)) + "\n", "utf-8")
    assert one.stat().st_size > 10_000_000
    cut = tmp_path / "cut.m2"
    blocks = [_block(tokens[i:i + 1000], edit.format(5, 6) if i in (0, 999_000) else "A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0")
              for i in range(0, 1_000_000, 1000)]
    cut.write_text("\n\n".join(blocks) + "\n", "utf-8")
    out = cli(one, cut)
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines()[2:4] == ["TP\tFP\tFN\tPrec\tRec\tF0.5", "2\t0\t0\t1.0\t1.0\t1.0"]
    assert signed(out.stderr, "gec", gold=cut, sys=one) == (
        f"jpcore gec: note: {one} (1 sentences) and {cut} (1000 sentences) differ (1 vs 1000 sentences): "
        "aligned into 1 units (1 merged); noop rule keep, alpha 0.91.\n")
    out = cli(one, one)
    assert out.returncode == 0 and out.stdout.splitlines()[3] == "2\t0\t0\t1.0\t1.0\t1.0"
