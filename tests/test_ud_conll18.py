"""`jpcore ud` against the CoNLL 2018 UD script itself: every metric, every count.

``conll18_ud_eval.py`` runs in this test session as a program
(:func:`tests.ud_peer.script_counts`) on the same files as ours; on every
pair it accepts, its ``--counts`` table must be ours character for
character (so Correct, Gold, Predicted and Aligned of all thirteen metrics),
and ``-v`` too where the expected output is stored:

* the UD test sets of ``../shared/data/ud`` (EWT, PUD, Pronouns, French,
  Korean, Japanese) against every system of :mod:`bench.ud_systems` (heads,
  labels, tags, features, lemmas changed; tokens re-cut, sentences merged
  and split, multiword-token expansions changed; all at once);
* the nltk systems shipped beside the test sets, against the script's
  stored output (``STEM.conll18_eval.txt``);
* the script's own test files (``tests/conll18``);
* random pairs of small treebanks over the same characters (hypothesis; the
  script imported in this process, for speed).
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from bench.ud_systems import DERIVED, derive
from jpcore.cli import main as cli_main
from jpcore.ud import METRICS, evaluate_bytes, render_text
from tests.cli_support import signed
from tests.conftest import ROOT, UD
from tests.conll18_peer import conll18
from tests.ud_peer import script_counts, script_output, treebank_pairs

UD_FILES = sorted(path for path in UD.rglob("*.conllu") if ".nltk." not in path.name)
NLTK_FILES = sorted(UD.rglob("*.nltk.conllu"))


def ours_counts(gold: Path, system: Path) -> dict[str, tuple[int, int, int, int | None]]:
    result = evaluate_bytes(gold.read_bytes(), system.read_bytes(), str(gold), str(system))
    assert result.streams_equal
    return {name: (s.tp, s.gold, s.system, s.aligned) for name, s in result.totals.items()}


def _script_rows(rows: dict[str, tuple[int, int, int, int | None]]) -> dict[str, tuple[int, int, int, int | None]]:
    """The script's printed rows as our counts: Words has no aligned count (the script
    prints Correct there), and an empty Aligned cell of a metric on pairs is 0."""
    return {name: (*row[:3], None if name in ("Tokens", "Sentences", "Words") else row[3] or 0)
            for name, row in rows.items()}


# ---------------------------------------------------------------- UD test sets, derived systems


@pytest.mark.parametrize("how", sorted(DERIVED))
@pytest.mark.parametrize("gold", UD_FILES, ids=[path.name for path in UD_FILES])
def test_ud_test_sets_against_derived_systems(tmp_path, gold, how):
    system = tmp_path / f"{how}.conllu"
    system.write_text(derive(gold.read_text("utf-8"), how), "utf-8")
    printed, rows = script_counts(gold, system)
    assert ours_counts(gold, system) == _script_rows(rows)
    result = evaluate_bytes(gold.read_bytes(), system.read_bytes())
    assert render_text(result, counts=True) == printed


def test_the_derived_systems_are_what_they_say(tmp_path):
    # guards the generators: French GSD (83 multiword tokens, no XPOS); each system changes
    # what it says and nothing else (the script's figures, F1 in percent)
    gold = UD / "UD_French-GSD" / "fr_gsd-ud-test.excerpt.conllu"
    shown = ("Tokens", "Sentences", "Words", "UPOS", "Lemmas", "UAS", "LAS", "MLAS")
    f1 = {}
    for how in DERIVED:
        system = tmp_path / f"{how}.conllu"
        system.write_text(derive(gold.read_text("utf-8"), how), "utf-8")
        rows = [[cell.strip() for cell in line.split("|")]
                for line in script_output(gold, system, "-v").stdout.splitlines()[2:]]
        f1[how] = {name: float(score) for name, _, _, score, _ in rows if name in shown}
    assert f1 == {
        "heads": {"Tokens": 100.0, "Sentences": 100.0, "Words": 100.0, "UPOS": 100.0, "Lemmas": 100.0,
                  "UAS": 85.99, "LAS": 85.99, "MLAS": 70.29},
        "labels": {"Tokens": 100.0, "Sentences": 100.0, "Words": 100.0, "UPOS": 100.0, "Lemmas": 100.0,
                   "UAS": 100.0, "LAS": 84.64, "MLAS": 69.35},
        "tags": {"Tokens": 100.0, "Sentences": 100.0, "Words": 100.0, "UPOS": 66.68, "Lemmas": 84.48,
                 "UAS": 100.0, "LAS": 100.0, "MLAS": 35.96},
        "everything": {"Tokens": 100.0, "Sentences": 100.0, "Words": 100.0, "UPOS": 66.68, "Lemmas": 84.48,
                       "UAS": 85.99, "LAS": 72.72, "MLAS": 22.37},
        "merged-sentences": {"Tokens": 100.0, "Sentences": 40.72, "Words": 100.0, "UPOS": 100.0, "Lemmas": 100.0,
                             "UAS": 98.72, "LAS": 98.72, "MLAS": 97.48},
        "split-sentences": {"Tokens": 100.0, "Sentences": 66.67, "Words": 100.0, "UPOS": 100.0, "Lemmas": 100.0,
                            "UAS": 97.14, "LAS": 97.14, "MLAS": 95.27},
        "retokenized": {"Tokens": 37.77, "Sentences": 100.0, "Words": 61.52, "UPOS": 61.52, "Lemmas": 61.52,
                        "UAS": 38.42, "LAS": 38.42, "MLAS": 27.46},
        "perturbed-multiword": {"Tokens": 100.0, "Sentences": 100.0, "Words": 97.83, "UPOS": 97.83,
                                "Lemmas": 97.83, "UAS": 97.68, "LAS": 97.68, "MLAS": 96.04},
        "no-multiword": {"Tokens": 100.0, "Sentences": 100.0, "Words": 95.1, "UPOS": 95.1, "Lemmas": 95.1,
                         "UAS": 94.99, "LAS": 94.99, "MLAS": 93.42},
        "all-at-once": {"Tokens": 38.38, "Sentences": 25.0, "Words": 61.01, "UPOS": 40.49, "Lemmas": 51.78,
                        "UAS": 30.45, "LAS": 25.66, "MLAS": 7.64},
    }


# ---------------------------------------------------------------- the nltk systems and the stored output


def _stored(stem: Path) -> dict[str, str]:
    """The ``-v`` and ``--counts`` tables of ``STEM.conll18_eval.txt`` by option."""
    text = stem.with_name(stem.name.replace(".conllu", ".conll18_eval.txt")).read_text("utf-8")
    blocks = {}
    for block in text.strip("\n").split("\n\n"):
        command, _, table = block.partition("\n")
        blocks["--counts" if "--counts" in command else "-v"] = table + "\n"
    return blocks


@pytest.mark.parametrize("system", NLTK_FILES, ids=[path.name for path in NLTK_FILES])
def test_nltk_systems_print_the_scripts_stored_tables(capsys, system):
    gold = system.with_name(system.name.replace(".nltk.conllu", ".conllu"))
    stored = _stored(gold)
    assert script_output(gold, system, "--counts").stdout == stored["--counts"]
    for option, args in (("-v", []), ("--counts", ["--counts"])):
        assert cli_main(["ud", str(gold), str(system), *args]) == 0
        out = capsys.readouterr()
        assert signed(out.err, "ud", gold=gold, sys=system) == "" and out.out == stored[option]


def test_ewt_gold_against_nltk_figures():
    # the spec's figures (spec/preprocess.md) and the stored table, as numbers
    folder = UD / "UD_English-EWT"
    counts = ours_counts(folder / "en_ewt-ud-test.conllu", folder / "en_ewt-ud-test.nltk.conllu")
    assert counts["Tokens"] == (23709, 24740, 25299, None)
    assert counts["Sentences"] == (1084, 2077, 1433, None)
    assert counts["Words"] == (24267, 25094, 25299, None)
    assert counts["UAS"] == (835, 25094, 25299, 24267)
    assert counts["CLAS"] == (273, 15176, 25299, 14638)


# ---------------------------------------------------------------- the script's own test files

CASES = ROOT / "tests" / "conll18"


@pytest.mark.parametrize("gold, system", [("gold", "sys1"), ("gold", "sys2"), ("gold", "sys-space"),
                                          ("case-gold", "case-sys")])
def test_the_scripts_own_test_files(gold, system):
    gold_path, sys_path = CASES / f"{gold}.conllu", CASES / f"{system}.conllu"
    printed, rows = script_counts(gold_path, sys_path)
    assert ours_counts(gold_path, sys_path) == _script_rows(rows)
    assert render_text(evaluate_bytes(gold_path.read_bytes(), sys_path.read_bytes()), counts=True) == printed


def test_the_command_line_prints_the_scripts_table(tmp_path):
    # both programs as a user runs them: the -v table, character for character
    import subprocess
    import sys

    gold = UD / "UD_Korean-GSD" / "ko_gsd-ud-test.excerpt.conllu"
    system = tmp_path / "sys.conllu"
    system.write_text(derive(gold.read_text("utf-8"), "all-at-once"), "utf-8")
    ours = subprocess.run([sys.executable, "-m", "jpcore", "ud", str(gold), str(system)], cwd=ROOT,
                          capture_output=True, text=True, check=True)
    assert ours.stdout == script_output(gold, system, "-v").stdout
    assert re.search(r"^LAS +\|", ours.stdout, re.M)


# ---------------------------------------------------------------- random pairs

def script_rows(gold: str, system: str) -> dict[str, tuple[int, int, int, int | None]]:
    script = conll18()
    scores = script.evaluate(script.load_conllu(io.StringIO(gold)), script.load_conllu(io.StringIO(system)))
    return {name: (s.correct, s.gold_total, s.system_total, s.aligned_total) for name, s in scores.items()}


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(treebank_pairs())
def test_random_pairs_count_as_the_script_counts(pair):
    gold, system = pair
    result = evaluate_bytes(gold, system, "g.conllu", "s.conllu")
    assert {name: (s.tp, s.gold, s.system, s.aligned) for name, s in result.totals.items()} == script_rows(gold, system)
    assert list(result.totals) == list(METRICS)
