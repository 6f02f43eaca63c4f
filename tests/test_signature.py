"""A signature on every score (issue 28, item 1): jpcore/signature.py on the command line.

* each task's signature on bundled sample data, exactly (file hashes computed here
  with hashlib: :mod:`tests.cli_support`);
* every option that changes a number changes it; the options that only choose what
  is printed (--json, --html, --counts, --by-shape, -cat, -v) do not;
* ``--signature-only`` prints it without scoring (exit 0, even on a file that could
  not be scored) and equals the line a scoring run prints on stderr;
* the JSON's "signature" equals that line; the HTML report shows it escaped; a saved
  JSON reopened with jpcore.results.reader keeps it;
* EVALB legacy mode refuses --signature-only with one line.
"""

from __future__ import annotations

import html
import json
import subprocess
import sys
from pathlib import Path

import pytest

from jpcore import cli
from jpcore.results.reader import read_run_json
from tests.cli_support import DEFAULTS, expected, split_signature
from tests.conftest import ROOT, SAMPLE_DATA

EXCERPT = SAMPLE_DATA / "ud" / "UD_English-EWT-excerpt"
WORDS, NLTK = EXCERPT / "en_ewt-ud-test.excerpt.gold.words.txt", EXCERPT / "en_ewt-ud-test.excerpt.nltk.tok.txt"
CONLLU, NLTK_CONLLU = EXCERPT / "en_ewt-ud-test.excerpt.conllu", EXCERPT / "en_ewt-ud-test.excerpt.nltk.conllu"
TREES = SAMPLE_DATA / "parseval" / "jp-trees"
GOLD_MRG, SYS_MRG = TREES / "harbour.gold.mrg", TREES / "harbour.sys.mrg"
TOY = SAMPLE_DATA / "m2" / "toy-en"
GOLD_M2, SYS_M2 = TOY / "gold.m2", TOY / "sys.m2"

PREPROCESS, GEC = DEFAULTS["preprocess"], DEFAULTS["gec"]
#: Each task's plain run: its arguments, and its exact signature.
RUNS = {
    "preprocess": ([str(WORDS), str(NLTK)], expected("preprocess", PREPROCESS, gold=WORDS, sys=NLTK)),
    "ud": ([str(CONLLU), str(NLTK_CONLLU)], expected("ud", "strict:no", gold=CONLLU, sys=NLTK_CONLLU)),
    "parseval": ([str(GOLD_MRG), str(SYS_MRG)],
                 expected("parseval", "mode:alignment | cutoff:40", gold=GOLD_MRG, sys=SYS_MRG)),
    "gec": (["-hyp", str(SYS_M2), "-ref", str(GOLD_M2)], expected("gec", GEC, gold=GOLD_M2, sys=SYS_M2)),
}


def run(capsysbinary, *args: str) -> tuple[int, bytes, bytes]:
    status = cli.main([str(a) for a in args])
    out, err = capsysbinary.readouterr()
    return status, out, err


def signature_only(capsysbinary, task: str, *options: str) -> str:
    status, out, err = run(capsysbinary, task, *RUNS[task][0], *options, "--signature-only")
    assert (status, err) == (0, b"")
    text = out.decode("utf-8")
    assert text.endswith("\n") and text.count("\n") == 1
    return text[:-1]


def test_the_hashes_are_the_files_sha256():
    # the helper's hashes, checked once by hand against the sample data
    assert RUNS["preprocess"][1] == (
        "jpcore 0.1.0 | preprocess | level:words | format:auto | strict:no | language:en | contractions:no | "
        "ignore-case:no | gold:sha256:f69dcd05 | sys:sha256:d3f4c5ac")
    assert RUNS["parseval"][1] == "jpcore 0.1.0 | parseval | mode:alignment | cutoff:40 | gold:sha256:e5445f19 | " \
                                  "sys:sha256:78db0f37"


@pytest.mark.parametrize("task", sorted(RUNS))
def test_each_tasks_signature_exactly(task, capsysbinary):
    args, signature = RUNS[task]
    assert signature_only(capsysbinary, task) == signature
    status, out, err = run(capsysbinary, task, *args)
    assert status == 0 and out
    rest, printed = split_signature(err)
    assert printed == signature
    if task != "gec":  # gec's notes (sentences aligned) come before it
        assert rest == b""


#: Options that change a number, per task: each must give another signature than the plain run.
SCORING = {
    "preprocess": [["--level", "tokens"], ["--format", "text"], ["--strict"], ["--language", "ko"],
                   ["--contractions"], ["--ignore-case"], ["--compare", str(NLTK)]],
    "ud": [["--strict"], ["--compare", str(NLTK_CONLLU)]],
    "parseval": [["--cutoff", "10"], ["-c", "5"], ["--compare", str(SYS_MRG)]],
    "gec": [["-b", "1"], ["-dt"], ["-ds"], ["-cs"], ["-cse"], ["-single"], ["-multi"], ["-filt", "R:OTHER"],
            ["--noop-rule", "jp"], ["--alpha", "0.5"], ["--strict"], ["--compare", str(SYS_M2)]],
}
#: Options that only choose what is printed or written.
OUTPUT_ONLY = {
    "preprocess": [["--json"], ["--by-shape"], ["--stream"]],
    "ud": [["--json"], ["--counts"], ["--by-shape"]],
    "parseval": [["--json"], ["--by-shape"]],
    "gec": [["--json"], ["-cat", "3"], ["-v"], ["--by-shape"]],
}


@pytest.mark.parametrize("task", sorted(RUNS))
def test_options_that_change_a_number_change_it_and_output_options_do_not(task, capsysbinary, tmp_path):
    plain = RUNS[task][1]
    changed = [signature_only(capsysbinary, task, *option) for option in SCORING[task]]
    assert plain not in changed
    assert len(set(changed)) == len(changed)  # and each in its own way
    for option in [*OUTPUT_ONLY[task], ["--html", str(tmp_path / "r.html")]]:
        assert signature_only(capsysbinary, task, *option) == plain, option


def test_the_comparison_options_count_only_with_compare(capsysbinary):
    plain = RUNS["ud"][1]
    assert signature_only(capsysbinary, "ud", "--samples", "50", "--seed", "7") == plain
    compared = signature_only(capsysbinary, "ud", "--compare", str(NLTK_CONLLU))
    assert compared == expected("ud", "strict:no | samples:1000 | seed:12345 | method:paired-bootstrap | "
                                "measure:LAS", gold=CONLLU, sys=NLTK_CONLLU, compare=NLTK_CONLLU)
    assert signature_only(capsysbinary, "ud", "--compare", str(NLTK_CONLLU), "--seed", "7") == \
        compared.replace("seed:12345", "seed:7")


def test_signature_only_does_not_score(tmp_path):
    # a system file that could not be scored: the signature is printed, nothing is read but its bytes
    bad = tmp_path / "bad.conllu"
    bad.write_bytes(b"1\tx\n")
    done = subprocess.run([sys.executable, "-m", "jpcore", "ud", str(CONLLU), str(bad), "--signature-only"],
                          cwd=ROOT, capture_output=True, timeout=120)
    assert (done.returncode, done.stderr) == (0, b"")
    assert done.stdout.decode() == expected("ud", "strict:no", gold=CONLLU, sys=bad) + "\n"
    scored = subprocess.run([sys.executable, "-m", "jpcore", "ud", str(CONLLU), str(bad)],
                            cwd=ROOT, capture_output=True, timeout=120)
    assert scored.returncode == 2
    assert scored.stderr == f"jpcore ud: error: {bad}:1: expected 10 tab-separated columns, found 2: '1\\tx'\n".encode()


@pytest.mark.parametrize("task", sorted(RUNS))
def test_the_json_signature_is_the_text_runs_line_and_the_reader_keeps_it(task, capsysbinary, tmp_path):
    args, signature = RUNS[task]
    status, out, err = run(capsysbinary, task, *args, "--json")
    assert status == 0 and b"signature" not in err
    data = json.loads(out)
    assert data["signature"] == signature
    saved = tmp_path / "result.json"
    saved.write_bytes(out)
    reopened = read_run_json(saved.read_bytes(), str(saved), _from_dict(task), task)
    assert reopened.extras.signature == signature


def _from_dict(task: str):
    from jpcore.gec.result import GecResult
    from jpcore.parseval.result import ParsevalResult
    from jpcore.preprocess import PreprocessResult
    from jpcore.ud.result import UdResult

    return {"preprocess": PreprocessResult, "ud": UdResult, "parseval": ParsevalResult,
            "gec": GecResult}[task].from_dict


def test_the_streamed_json_carries_it_too(capsysbinary):
    status, out, _ = run(capsysbinary, "preprocess", WORDS, NLTK, "--json", "--stream")
    assert status == 0 and json.loads(out)["signature"] == RUNS["preprocess"][1]


def test_the_html_report_shows_it_escaped(capsysbinary, tmp_path):
    report = tmp_path / "r.html"
    status, _, err = run(capsysbinary, "gec", *RUNS["gec"][0], "-filt", "<b>&", "--html", report)
    assert status == 0
    _, signature = split_signature(err)
    assert "filt:<b>&" in signature
    page = report.read_text("utf-8")
    assert f"Signature: <code>{html.escape(signature, quote=True)}</code>" in page
    assert "<b>&" not in page


def test_evalb_legacy_refuses_signature_only():
    sample = SAMPLE_DATA / "parseval" / "evalb-sample"
    done = subprocess.run([sys.executable, "-m", "jpcore", "parseval", "--evalb", "collins", str(sample / "sample.gld"),
                           str(sample / "sample.tst"), "--signature-only"], cwd=ROOT, capture_output=True, timeout=120)
    assert done.returncode == 2 and done.stdout == b""
    assert done.stderr.count(b"\n") == 1
    assert done.stderr.startswith(b"jpcore parseval: ") and b"--signature-only" in done.stderr
