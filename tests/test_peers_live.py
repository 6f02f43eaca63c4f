"""The peers themselves, run live beside ours: EVALB (built from its source) and errant_compare 3.0.2.

Legacy mode must give EVALB's stdout, stderr and exit status byte for
byte: here the EVALB binary built from ``../shared/data/peers/evalb``
(:mod:`bench.peers`) runs on every vector, every expected file's input and
the benchmark's real-size treebank section, and ``jpcore parseval
--evalb`` on the same files must print the same bytes.  errant_compare
3.0.2 (installed by ``requirements-test.txt``) and ``jpcore gec`` must
print the same report on UA-GEC and the toy set, flag by flag.  A peer
that cannot run fails these tests with the reason: they never skip.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from bench import treebank
from bench.peers import errant_compare_command, evalb_command
from bench.shared_data import SHARED_DATA
from tests.cli_support import DEFAULTS, expected, split_signature
from tests.conftest import ROOT

PARSEVAL = SHARED_DATA / "parseval"
DIST = PARSEVAL / "evalb-dist"
VECTORS = PARSEVAL / "vectors"
EXPECTED = PARSEVAL / "expected"
M2 = SHARED_DATA / "m2"
#: EVALB reads past its 5,000-byte line buffer there (undefined behaviour; see test_evalb_legacy).
BEYOND_LIMITS = {"line_over_4999_chars"}


def _run(command: list[str]) -> subprocess.CompletedProcess:
    return subprocess.run(command, capture_output=True, check=False, timeout=300, cwd=ROOT)


def _jpcore(*args: object) -> subprocess.CompletedProcess:
    return _run([sys.executable, "-m", "jpcore", *map(str, args)])


def _vectors() -> list[tuple[str, Path, Path, Path]]:
    cases = []
    for line in (VECTORS / "cases.txt").read_text().split("\n"):
        if line.strip():
            name, prm = line.split()
            if name not in BEYOND_LIMITS:
                cases.append((name, VECTORS / f"{name}.gld", VECTORS / f"{name}.tst", VECTORS / prm))
    return cases


CASES = [
    ("sample", DIST / "sample" / "sample.gld", DIST / "sample" / "sample.tst", DIST / "sample" / "sample.prm"),
    ("bug_collins", DIST / "bug" / "bug.gld", DIST / "bug" / "bug.tst", DIST / "COLLINS.prm"),
    ("bug_newprm", DIST / "bug" / "bug.gld", DIST / "bug" / "bug.tst", DIST / "new.prm"),
    *_vectors(),
]


@pytest.mark.parametrize("name, gold, test, prm", CASES, ids=[case[0] for case in CASES])
def test_legacy_mode_prints_what_evalb_prints(name, gold, test, prm):
    theirs = _run([*evalb_command(), "-p", str(prm), str(gold), str(test)])
    ours = _jpcore("parseval", "--evalb", prm, gold, test)
    assert (ours.stdout, ours.stderr, ours.returncode) == (theirs.stdout, theirs.stderr, theirs.returncode)
    if (EXPECTED / f"{name}.out").exists():  # the binary built here is the program the expected files came from
        assert theirs.stdout == (EXPECTED / f"{name}.out").read_bytes()
        assert theirs.stderr == (EXPECTED / f"{name}.err").read_bytes()
    elif (VECTORS / f"{name}.evalb.out").exists():
        assert theirs.stdout == (VECTORS / f"{name}.evalb.out").read_bytes()
        assert theirs.returncode == int((VECTORS / f"{name}.evalb.rc").read_text())


def test_the_benchmark_section_is_read_to_the_end_by_evalb_and_legacy_mode_agrees(tmp_path):
    gold, system = treebank.section()
    (tmp_path / "gold").write_bytes(gold)
    (tmp_path / "test").write_bytes(system)
    files = [str(tmp_path / "gold"), str(tmp_path / "test")]
    theirs = _run([*evalb_command(), "-p", str(treebank.COLLINS_PRM), *files])
    assert theirs.returncode == 0 and theirs.stderr == b""
    summary = theirs.stdout.decode().split("=== Summary ===")[1]
    assert "Number of sentence        =   2416" in summary
    assert "Number of Error sentence  =      0" in summary
    assert "Number of Skip  sentence  =      0" in summary
    # a parser's kind of errors: brackets missed, added and crossing
    assert "Bracketing FMeasure       =  89.25" in summary and "Average crossing          =   0.15" in summary
    ours = _jpcore("parseval", "--evalb", "collins", *files)
    assert (ours.stdout, ours.stderr, ours.returncode) == (theirs.stdout, theirs.stderr, 0)


ERRANT_FLAGS = [[], ["-cat", "1"], ["-cat", "2"], ["-cat", "3"], ["-ds"], ["-dt", "-cat", "3"], ["-cse", "-cat", "2"],
                ["-b", "1.0"], ["-single"], ["-multi", "-cat", "3"], ["-filt", "R:PUNCT", "M:PUNCT"], ["-v"]]


@pytest.mark.parametrize("flags", ERRANT_FLAGS, ids=[" ".join(f) or "default" for f in ERRANT_FLAGS])
def test_gec_prints_what_errant_compare_prints_on_uagec(flags):
    hyp, ref = M2 / "uagec-gec-only-test" / "ann0.m2", M2 / "uagec-gec-only-test" / "ann1.m2"
    theirs = _run([*errant_compare_command(), "-hyp", str(hyp), "-ref", str(ref), *flags])
    ours = _jpcore("gec", "-hyp", hyp, "-ref", ref, *flags)
    assert theirs.returncode == 0, theirs.stderr.decode()[-500:]
    rest, signature = split_signature(ours.stderr)
    assert (ours.stdout, rest, ours.returncode) == (theirs.stdout, b"", 0)
    assert signature == expected("gec", _signed_options(flags), gold=ref, sys=hyp)


def _signed_options(flags: list[str]) -> str:
    """The signature's options for errant's ``flags`` (-cat and -v change no number)."""
    options = DEFAULTS["gec"]
    if "-b" in flags:
        options = options.replace("beta:0.5", f"beta:{flags[flags.index('-b') + 1]}")
    for switch in ("-ds", "-dt", "-cse", "-single", "-multi"):
        if switch in flags:
            options = options.replace(f"{switch[1:]}:no", f"{switch[1:]}:yes")
    if "-filt" in flags:
        options = options.replace("filt:none", "filt:" + ",".join(flags[flags.index("-filt") + 1:]))
    return options


def test_gec_prints_what_errant_compare_prints_on_the_aligned_files_it_writes(tmp_path):
    folder = M2 / "uagec-gec-only-test"
    hyp, ref = folder / "resegmented" / "ann0.resegmented.m2", folder / "ann1.m2"
    ours = _jpcore("gec", "-hyp", hyp, "-ref", ref, "-cat", "3", "--write-aligned", tmp_path / "aligned")
    theirs = _run([*errant_compare_command(), "-hyp", str(tmp_path / "aligned.hyp.m2"),
                   "-ref", str(tmp_path / "aligned.ref.m2"), "-cat", "3"])
    assert ours.returncode == 0 and theirs.returncode == 0, theirs.stderr.decode()[-500:]
    assert ours.stdout == theirs.stdout
