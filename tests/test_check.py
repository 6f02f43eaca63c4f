"""``jpcore check FILE``: every bundled and shared gold file scores 100 % against itself (issue 28, item 3).

A failure is reported with the evaluation, the measure, the unit and the file
line (a tampered result shows it), and crafted files that made peers
misreport (two roots, heads out of range, empty labels) are refused with
their line, never scored.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from jpcore.check import CheckFailed, check_bytes, check_result, detect
from jpcore.errors import InputError
from jpcore.preprocess import evaluate_bytes as preprocess_bytes
from tests.conftest import ROOT, SAMPLE_DATA, UD

SHARED = UD.parent
GOLD_FILES = sorted([
    *SAMPLE_DATA.glob("m2/*/gold.m2"), *SAMPLE_DATA.glob("m2/uagec/ann*.first100.m2"),
    SAMPLE_DATA / "m2/uagec/gec-only.test.first100.m2",
    SAMPLE_DATA / "parseval/evalb-sample/sample.gld", SAMPLE_DATA / "parseval/jp-trees/harbour.gold.mrg",
    *SAMPLE_DATA.glob("teaching/*.gold.txt"),
    *SAMPLE_DATA.glob("ud/*/*.conllu"), *SAMPLE_DATA.glob("ud/*/*.gold.tok.txt"),
    *SAMPLE_DATA.glob("ud/*/*.gold.words.txt"),
    SHARED / "m2/toy-en/gold.m2", *SHARED.glob("m2/uagec-gec-only-test/*.m2"),
    SHARED / "parseval/evalb-dist/sample/sample.gld", SHARED / "parseval/gum-const/gum-const.oneline.ptb",
    *SHARED.glob("ud/*/*.conllu"), *SHARED.glob("ud/*/*.gold.tok.txt"), *SHARED.glob("ud/*/*.gold.words.txt"),
])
#: System outputs and parses are not gold files.
GOLD_FILES = [path for path in GOLD_FILES if not any(word in path.name for word in ("nltk", "parsed", "raw-text"))]


def test_the_gold_files_are_there():
    assert len(GOLD_FILES) >= 40
    assert {detect(path.read_bytes(), path.name) for path in GOLD_FILES} == {"text", "conllu", "trees", "m2"}


@pytest.mark.parametrize("path", GOLD_FILES, ids=lambda path: str(path.relative_to(path.parents[2])))
def test_every_gold_file_scores_100_against_itself(path: Path):
    lines = list(check_bytes(path.read_bytes(), path.name))
    assert lines and all(line.endswith(": ok") for line in lines)
    fmt = detect(path.read_bytes(), path.name)
    assert [line.split(":")[0] for line in lines] == {"text": ["preprocess"], "conllu": ["preprocess", "ud"],
                                                      "trees": ["parseval"], "m2": ["gec"]}[fmt]


def test_the_line_names_the_figures():
    gold = SAMPLE_DATA / "ud/UD_English-EWT-excerpt/en_ewt-ud-test.excerpt.conllu"
    assert list(check_bytes(gold.read_bytes(), gold.name)) == [
        "preprocess: sentences 100.00%, tokens 100.00% over 111 units: ok",
        "ud: Tokens 100.00%, Sentences 100.00%, Words 100.00%, UPOS 100.00%, UAS 100.00%, LAS 100.00% "
        "over 111 units: ok",
    ]


def test_a_unit_that_is_not_perfect_is_reported_with_its_line():
    gold = SAMPLE_DATA / "ud/UD_English-EWT-excerpt/en_ewt-ud-test.excerpt.gold.words.txt"
    data = gold.read_bytes()
    result = preprocess_bytes(data, data, gold.name, gold.name)
    unit = result.units[2]
    unit.tokens.fp += 1
    with pytest.raises(CheckFailed, match=r"the totals .* are not the sum over the units"):
        check_result("preprocess", result, gold.name)
    # the totals made again from the units: now the unit itself is the first failure
    result = preprocess_bytes(data, data, gold.name, gold.name)
    result.units[2].tokens.fp += 1
    result.totals["tokens"].fp += 1
    with pytest.raises(CheckFailed) as failure:
        check_result("preprocess", result, gold.name)
    assert str(failure.value) == (f"{gold.name}:3: preprocess: tokens: unit 3 scored against itself has "
                                  "{'tp': 9, 'fp': 1, 'fn': 0}, expected no false positive and no miss")


CRAFTED = {
    "two roots": ("1\tA\ta\tDET\tDT\t_\t0\troot\t_\t_\n2\tdog\tdog\tNOUN\tNN\t_\t0\troot\t_\t_\n\n",
                  ":1: expected exactly one word with HEAD 0 in the sentence, found 2 (lines 1, 2)"),
    "head out of range": ("1\tA\ta\tDET\tDT\t_\t2\tdet\t_\t_\n2\tdog\tdog\tNOUN\tNN\t_\t5\troot\t_\t_\n\n",
                          ":2: expected a HEAD from 0 to 2 (the number of words in the sentence), found '5'"),
    "empty DEPREL": ("1\tA\ta\tDET\tDT\t_\t2\t\t_\t_\n2\tdog\tdog\tNOUN\tNN\t_\t0\troot\t_\t_\n\n",
                     ":1: expected a DEPREL in column 8 (_ for none), found an empty field"),
    "empty UPOS": ("1\tA\ta\tDET\tDT\t_\t2\tdet\t_\t_\n2\tdog\tdog\t\tNN\t_\t0\troot\t_\t_\n\n",
                   ":2: expected a UPOS in column 4 (_ for none), found an empty field"),
}


@pytest.mark.parametrize("case", CRAFTED)
def test_crafted_files_are_refused_with_their_line_not_scored(case, tmp_path):
    text, message = CRAFTED[case]
    with pytest.raises(InputError) as error:
        list(check_bytes(text.encode(), "crafted.conllu"))
    assert str(error.value) == "crafted.conllu" + message
    path = tmp_path / "crafted.conllu"
    path.write_text(text, encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "jpcore", "check", str(path)], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 2
    assert done.stderr == f"jpcore check: error: {path}{message}\n"
    assert "Traceback" not in done.stderr


def test_the_command_line(tmp_path):
    gold = SAMPLE_DATA / "parseval/jp-trees/harbour.gold.mrg"
    done = subprocess.run([sys.executable, "-m", "jpcore", "check", str(gold)], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert (done.returncode, done.stdout, done.stderr) == (0, "parseval: brackets 100.00% over 8 units: ok\n", "")
    forced = subprocess.run([sys.executable, "-m", "jpcore", "check", str(gold), "--format", "text"], cwd=ROOT,
                            capture_output=True, text=True, timeout=120)
    assert forced.returncode == 0 and forced.stdout.startswith("preprocess: ")
