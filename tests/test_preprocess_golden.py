"""Golden tests: the reference figures of spec/preprocess.md and conll18's counts.

Run through the real command line (``python -m jpcore preprocess --json``),
so the CLI contract of DESIGN.md is checked too.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from tests.conftest import ROOT, UD

EWT = "UD_English-EWT/en_ewt-ud-test"
PUD = "UD_English-PUD/en_pud-ud-test"
PRONOUNS = "UD_English-Pronouns/en_pronouns-ud-test"
EXCERPT = "UD_English-EWT/excerpt/en_ewt-ud-test.excerpt"

# spec/preprocess.md, "Reference figures": (gold, system, sentences, tokens)
REFERENCE = [
    (f"{EWT}.gold.words.txt", f"{EWT}.nltk.tok.txt", (1084, 349, 993), (24267, 1032, 827)),
    (f"{EWT}.gold.tok.txt", f"{EWT}.nltk.surface.tok.txt", (1084, 349, 993), (23709, 1590, 1031)),
    (f"{PUD}.gold.words.txt", f"{PUD}.nltk.tok.txt", (976, 26, 24), (20748, 244, 432)),
    (f"{PUD}.gold.tok.txt", f"{PUD}.nltk.surface.tok.txt", (976, 26, 24), (20490, 502, 561)),
    (f"{PRONOUNS}.gold.words.txt", f"{PRONOUNS}.nltk.tok.txt", (285, 0, 0), (1685, 10, 20)),
    (f"{PRONOUNS}.gold.tok.txt", f"{PRONOUNS}.nltk.surface.tok.txt", (285, 0, 0), (1555, 140, 85)),
    (f"{EXCERPT}.gold.words.txt", f"{EXCERPT}.nltk.tok.txt", (101, 9, 10), (2498, 36, 75)),
    (f"{EXCERPT}.gold.tok.txt", f"{EXCERPT}.nltk.surface.tok.txt", (101, 9, 10), (2424, 110, 112)),
]


def cli_json(*args: str) -> dict:
    completed = subprocess.run(
        [sys.executable, "-m", "jpcore", "preprocess", *args, "--json"],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )
    assert completed.returncode == 0, completed.stderr
    assert completed.stderr == ""
    return json.loads(completed.stdout)


def triple(counts: dict) -> tuple[int, int, int]:
    return (counts["tp"], counts["fp"], counts["fn"])


@pytest.mark.parametrize("gold, system, sentences, tokens", REFERENCE, ids=[r[0].split("/")[-1] for r in REFERENCE])
def test_reference_table(gold, system, sentences, tokens):
    totals = cli_json(str(UD / gold), str(UD / system))["totals"]
    assert triple(totals["sentences"]) == sentences
    assert triple(totals["tokens"]) == tokens


def conll18_counts(stem: str) -> dict[str, tuple[int, int, int]]:
    """The --counts rows (Correct, Gold, Predicted) of STEM.conll18_eval.txt."""
    text = (UD / f"{stem}.conll18_eval.txt").read_text("utf-8")
    counts_part = text[text.index("--counts"):]
    rows = {}
    for name in ("Tokens", "Sentences", "Words"):
        match = re.search(rf"^{name}\s*\|\s*(\d+)\s*\|\s*(\d+)\s*\|\s*(\d+)", counts_part, re.M)
        rows[name] = tuple(int(x) for x in match.groups())
    return rows


@pytest.mark.parametrize("stem", [EWT, PUD, PRONOUNS, EXCERPT])
@pytest.mark.parametrize("level, row", [("tokens", "Tokens"), ("words", "Words")])
def test_conllu_against_conll18_counts(stem, level, row):
    expected = conll18_counts(stem)
    result = cli_json(str(UD / f"{stem}.conllu"), str(UD / f"{stem}.nltk.conllu"), "--level", level)
    totals = result["totals"]
    correct_gold_predicted = lambda c: (c["tp"], c["gold"], c["system"])  # noqa: E731
    assert correct_gold_predicted(totals["tokens"]) == expected[row]
    assert correct_gold_predicted(totals["sentences"]) == expected["Sentences"]
    assert result["level"] == level


def test_conll18_expected_rows_are_what_the_spec_says():
    # guards the parser above: EWT's rows as printed in the spec's SOURCE.md
    assert conll18_counts(EWT) == {
        "Tokens": (23709, 24740, 25299),
        "Sentences": (1084, 2077, 1433),
        "Words": (24267, 25094, 25299),
    }


@pytest.mark.parametrize(
    "path, level",
    [
        (f"{EWT}.conllu", "tokens"),
        (f"{EWT}.conllu", "words"),
        (f"{EWT}.nltk.tok.txt", "words"),
        (f"{PUD}.gold.words.txt", "words"),
        ("UD_Korean-GSD/ko_gsd-ud-test.excerpt.conllu", "words"),
        ("UD_Japanese-GSD/ja_gsd-ud-test.excerpt.conllu", "words"),
        ("UD_French-GSD/fr_gsd-ud-test.excerpt.conllu", "tokens"),
    ],
)
def test_any_file_against_itself_is_all_tp(path, level):
    result = cli_json(str(UD / path), str(UD / path), "--level", level)
    for name in ("sentences", "tokens"):
        counts = result["totals"][name]
        assert counts["fp"] == counts["fn"] == 0 and counts["tp"] == counts["gold"] > 0
    assert result["shapes"] == {"1:1": result["totals"]["sentences"]["tp"]}


def test_ewt_gold_tokens_and_words_totals():
    # stats.json: 2077 sentences, 24740 tokens, 25094 words
    for level, n in (("tokens", 24740), ("words", 25094)):
        totals = cli_json(str(UD / f"{EWT}.conllu"), str(UD / f"{EWT}.conllu"), "--level", level)["totals"]
        assert totals["tokens"]["gold"] == n and totals["sentences"]["gold"] == 2077


def test_unit_shapes_on_ewt():
    result = cli_json(str(UD / f"{EWT}.gold.words.txt"), str(UD / f"{EWT}.nltk.tok.txt"))
    assert result["shapes"] == {"1:1": 1084, "n:1": 302, "1:n": 7, "m:n": 16}
    assert len(result["units"]) == 1409
    # per-unit counts add up to the totals
    assert sum(u["tokens"]["tp"] for u in result["units"]) == 24267
    assert sum(u["sentences"]["fn"] for u in result["units"]) == 993
