"""Malformed EVALB parameter files: EVALB's own reading, never a traceback (issue 12 item 11).

Every file in tests/malformed/prm/ is run through ``jpcore parseval -p FILE``
on EVALB's sample; the expected outcome is what evalb.c does with it.
"""

from __future__ import annotations

import subprocess
import sys

from jpcore.peers.evalb.params import c_atoi, parse_prm
from tests.conftest import ROOT, SAMPLE_DATA

HERE = ROOT / "tests" / "malformed" / "prm"
SAMPLE = SAMPLE_DATA / "parseval" / "evalb-sample"


def test_a_5000_digit_cutoff_is_atois_clamped_value() -> None:
    data = (HERE / "cutoff_5000_digits.prm").read_bytes()
    assert len(data.split(b"CUTOFF_LEN ")[1].strip()) == 5000
    params, warnings = parse_prm(data)
    # strtol clamps to LONG_MAX = 2**63 - 1; (int) keeps the low 32 bits: 0xFFFFFFFF = -1
    assert (params.cutoff_len, params.labeled, params.delete_labels, warnings) == (-1, 1, ("TOP",), [])
    assert c_atoi("-" + "9" * 5000) == 0  # LONG_MIN's low 32 bits
    assert c_atoi("0" * 5000 + "42") == 42  # leading zeros are not digits that overflow
    done = subprocess.run([sys.executable, "-m", "jpcore", "parseval", "-p", str(HERE / "cutoff_5000_digits.prm"),
                           str(SAMPLE / "sample.gld"), str(SAMPLE / "sample.tst")],
                          cwd=ROOT, capture_output=True, text=True, check=False, timeout=120)
    assert done.returncode == 0 and "Traceback" not in done.stderr
    lines = done.stdout.splitlines()
    cutoff = lines.index("-- len<=-1 --")
    assert lines[cutoff + 1] == "Number of sentence        =      0"
