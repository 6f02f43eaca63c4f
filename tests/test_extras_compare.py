"""``--compare SYSTEM_B`` on every subcommand: both scores, the difference, its interval, p, the method.

The figures are exact and seed-fixed (``--seed`` defaults to 12345, numpy's
legacy generator draws the same resamples on every version):

* a system against itself: difference 0, p = 1 exactly, for every task and
  both paired bootstrap and approximate randomization;
* gold against nltk on the bundled EWT test set (``sample_data``, 2,077
  sentences): p = 1/1001 < 0.001 (gold wins all 1,000 resamples), interval
  and scores asserted to the last bit; the same on the excerpt;
* text and ``--json`` golden checks; the JSON's ``"comparison"`` read back
  by :mod:`jpcore.results.reader`;
* bad inputs: system B missing, empty, of other characters (aligned as the
  alignment always does, refused with ``--strict``), bad options, legacy
  EVALB mode: one line, exit status 2.
"""

from __future__ import annotations

import json

import pytest

from jpcore.cli import main
from jpcore.results.reader import read_run_json
from tests.cli_support import DEFAULTS, expected, split_signature
from tests.conftest import SAMPLE_DATA

EXCERPT = SAMPLE_DATA / "ud" / "UD_English-EWT-excerpt"
FULL = SAMPLE_DATA / "ud" / "UD_English-EWT-full"
TREES = SAMPLE_DATA / "parseval" / "jp-trees"
TOY = SAMPLE_DATA / "m2" / "toy-en"
UAGEC = SAMPLE_DATA / "m2" / "uagec"
GOLD_WORDS, NLTK = EXCERPT / "en_ewt-ud-test.excerpt.gold.words.txt", EXCERPT / "en_ewt-ud-test.excerpt.nltk.tok.txt"


def run(capsysbinary, *args) -> tuple[int, str, str]:
    status = main([str(a) for a in args])
    out, err = capsysbinary.readouterr()
    return status, out.decode("utf-8"), err.decode("utf-8")


def comparison(capsysbinary, *args) -> dict:
    status, out, err = run(capsysbinary, *args, "--json")
    assert status == 0, err
    assert err == "" or args[0] == "gec", err  # gec notes an alignment on stderr
    return json.loads(out)["comparison"]


# the same file as A and as B, per task
SELF = {
    "preprocess": ["preprocess", GOLD_WORDS, NLTK, "--compare", NLTK],
    "parseval": ["parseval", TREES / "harbour.gold.mrg", TREES / "harbour.sys.mrg", "--compare",
                 TREES / "harbour.sys.mrg"],
    "gec": ["gec", "-ref", TOY / "gold.m2", "-hyp", TOY / "sys.resegmented.m2", "--compare",
            TOY / "sys.resegmented.m2"],
    "ud": ["ud", EXCERPT / "en_ewt-ud-test.excerpt.conllu", EXCERPT / "en_ewt-ud-test.excerpt.nltk.conllu",
           "--compare", EXCERPT / "en_ewt-ud-test.excerpt.nltk.conllu", "--measure", "Words"],
}


@pytest.mark.parametrize("method", ["paired-bootstrap", "approximate-randomization"])
@pytest.mark.parametrize("task", sorted(SELF))
def test_a_system_against_itself_differs_by_0_with_p_1(capsysbinary, task, method):
    found = comparison(capsysbinary, *SELF[task], "--method", method)
    assert found["difference"] == 0.0 and found["p_value"] == 1.0
    assert found["score_a"] == found["score_b"]
    assert found["unit_counts"]["a"] == found["unit_counts"]["b"]
    if method == "paired-bootstrap":
        assert found["interval"] == [0.0, 0.0] and found["wins"] == {"a": 0, "b": 0, "tie": 1000}
    else:
        assert found["interval"] is None and found["wins"] is None


def test_gold_against_nltk_on_the_ewt_test_set(capsysbinary):
    gold = FULL / "en_ewt-ud-test.gold.words.txt"
    found = comparison(capsysbinary, "preprocess", gold, gold, "--compare", FULL / "en_ewt-ud-test.nltk.tok.txt")
    # A = gold words as a system, B = nltk: B - A < 0, gold higher in every resample
    assert (found["measure"], found["label"], found["method"], found["seed"], found["samples"]) == (
        "tokens", "Words F1", "paired-bootstrap", 12345, 1000)
    assert found["score_a"] == 1.0 and found["score_b"] == 2 * 24267 / (2 * 24267 + 1032 + 827)
    assert found["difference"] == found["score_b"] - 1.0 == -0.0368900442521779
    assert found["interval"] == [-0.04253843486302167, -0.03195939086294419]
    assert found["p_value"] == 1 / 1001 < 0.001
    assert found["wins"] == {"a": 1000, "b": 0, "tie": 0}
    assert len(found["units"]) == 1409  # nltk's units: gold as a system cuts everywhere
    assert found["totals_b"]["tokens"] == {"tp": 24267, "fp": 1032, "fn": 827, "gold": 25094, "system": 25299,
                                           "precision": 24267 / 25299, "recall": 24267 / 25094,
                                           "f1": found["score_b"]}
    sentences = comparison(capsysbinary, "preprocess", gold, gold, "--compare", FULL / "en_ewt-ud-test.nltk.tok.txt",
                           "--measure", "sentences")
    assert sentences["score_b"] == 2 * 1084 / (2 * 1084 + 349 + 993)
    assert sentences["p_value"] == 1 / 1001 and sentences["wins"] == {"a": 1000, "b": 0, "tie": 0}


def test_gold_against_nltk_on_the_excerpt_text_and_json(capsysbinary):
    status, out, err = run(capsysbinary, "preprocess", GOLD_WORDS, GOLD_WORDS, "--compare", NLTK)
    assert (status, split_signature(err)) == (0, ("", expected(
        "preprocess", DEFAULTS["preprocess"] + " | samples:1000 | seed:12345 | method:paired-bootstrap | measure:tokens",
        gold=GOLD_WORDS, sys=GOLD_WORDS, compare=NLTK)))
    report, block = out.split("\nComparison on ")
    _, plain, _ = run(capsysbinary, "preprocess", GOLD_WORDS, GOLD_WORDS)
    assert report == plain  # the report itself is unchanged; the block follows it, after an empty line
    assert "Comparison on " + block == (
        "Comparison on Words F1 (B against A, each aligned to the same gold on its own):\n"
        f"  A {GOLD_WORDS}: 100.00%\n"
        f"  B {NLTK}: 97.83%\n"
        "  B \u2212 A = \u22122.17 points, 95 % interval [\u22123.28, \u22121.15] points, p < 0.001\n"
        "  method: paired-bootstrap, seed 12345: 1,000 resamples of the common units; p two-sided\n"
        "  common units: 107 (gold cut wherever both systems end a unit of sentences)\n"
        "  resamples where A is higher: 1,000, B higher: 0, equal: 0\n")
    found = comparison(capsysbinary, "preprocess", GOLD_WORDS, GOLD_WORDS, "--compare", NLTK)
    assert list(found) == ["measure", "label", "system_a", "system_b", "totals_b", "counts", "unit_counts",
                           "method", "metric", "score_a", "score_b", "difference", "confidence", "interval",
                           "p_value", "samples", "seed", "sample_ratio", "wins", "details", "units"]
    assert (found["system_a"], found["system_b"], found["counts"]) == (str(GOLD_WORDS), str(NLTK), ["tp", "fp", "fn"])
    assert found["score_b"] == 0.978265126297239 and found["difference"] == -0.02173487370276095
    assert found["interval"] == [-0.0327640292784942, -0.011484823625922846]
    assert (found["p_value"], found["confidence"], found["sample_ratio"]) == (1 / 1001, 0.95, 1.0)
    # the common units are nltk's 107 units; A's and B's counts per unit add up to their totals
    assert len(found["units"]) == 107 and found["units"][2] == {"gold": [2, 4], "sys_a": [2, 4], "sys_b": [2, 3]}
    assert [sum(column) for column in zip(*found["unit_counts"]["a"])] == [2573, 0, 0]
    assert [sum(column) for column in zip(*found["unit_counts"]["b"])] == [2498, 36, 75]
    randomized = comparison(capsysbinary, "preprocess", GOLD_WORDS, GOLD_WORDS, "--compare", NLTK,
                            "--method", "approximate-randomization")
    assert (randomized["p_value"], randomized["interval"], randomized["wins"]) == (1 / 1001, None, None)


def test_the_json_run_is_read_back_with_its_comparison(capsysbinary, tmp_path):
    status, out, _ = run(capsysbinary, "preprocess", GOLD_WORDS, GOLD_WORDS, "--compare", NLTK, "--seed", "7",
                         "--samples", "200", "--json")
    assert status == 0
    saved = read_run_json(out.encode(), "run.json", None, "preprocess")
    made = saved.extras.comparison
    assert made.to_dict() == json.loads(out)["comparison"]
    assert (made.comparison.seed, made.comparison.samples, made.comparison.p_value) == (7, 200, 1 / 201)


@pytest.mark.parametrize("args, figures", [
    (["parseval", TREES / "harbour.gold.mrg", TREES / "harbour.sys.mrg", "--compare", TREES / "harbour.gold.mrg"],
     (86.27450980392156, 100.0, [3.0303030303030454, 25.49019607843138], 30 / 1001, {"a": 0, "b": 983, "tie": 17}, 7)),
    (["gec", "-ref", TOY / "gold.m2", "-hyp", TOY / "sys.resegmented.m2", "--compare", TOY / "sys.m2"],
     (0.8333333333333334, 0.8461538461538461, [0.0, 0.030241935483870885], 391 / 1001,
      {"a": 0, "b": 681, "tie": 319}, 6)),
    (["gec", "-ref", UAGEC / "ann1.first100.m2", "-hyp", UAGEC / "ann0.first100.resegmented.m2",
      "--compare", UAGEC / "ann0.first100.m2"],
     (0.5555555555555556, 0.5555555555555556, [0.0, 0.0], 1.0, {"a": 0, "b": 0, "tie": 1000}, 83)),
    (["ud", EXCERPT / "en_ewt-ud-test.excerpt.conllu", EXCERPT / "en_ewt-ud-test.excerpt.nltk.conllu", "--compare",
      EXCERPT / "en_ewt-ud-test.excerpt.conllu", "--measure", "Words"],
     (0.978265126297239, 1.0, [0.0114887505983724, 0.03277236492471214], 1 / 1001, {"a": 0, "b": 1000, "tie": 0},
      107)),
], ids=["parseval", "gec toy-en", "gec ua-gec", "ud"])
def test_each_task_compares_on_its_headline(capsysbinary, args, figures):
    found = comparison(capsysbinary, *args)
    score_a, score_b, interval, p_value, wins, units = figures
    assert (found["score_a"], found["score_b"], found["interval"], found["p_value"], found["wins"]) == (
        score_a, score_b, interval, p_value, wins)
    assert found["difference"] == score_b - score_a and len(found["units"]) == units


def test_gec_and_parseval_text_blocks(capsysbinary):
    status, out, err = run(capsysbinary, "gec", "-ref", TOY / "gold.m2", "-hyp", TOY / "sys.resegmented.m2",
                           "--compare", TOY / "sys.m2", "--method", "compare-mt-bootstrap")
    assert status == 0
    assert out.startswith("\n=========== Span-Based Correction ============\nTP\tFP\tFN\tPrec\tRec\tF0.5\n"
                          "11\t2\t3\t0.8462\t0.7857\t0.8333\n")  # errant's report first, unchanged
    assert out.split("==============================================\n\n")[1] == (
        "\nComparison on F0.5 (B against A, each aligned to the same gold on its own):\n"
        f"  A {TOY / 'sys.resegmented.m2'}: 83.33%\n"  # errant's 0.8333 on the one scale
        f"  B {TOY / 'sys.m2'}: 84.62%\n"
        "  B \u2212 A = +1.28 points, 95 % interval [+0.00, +3.62] points, p = 0.58\n"
        "  warning: 6 common units: the interval is unreliable\n"
        "  method: compare-mt-bootstrap, seed 12345: 1,000 resamples of 0.5 x the common units; "
        "p is compare-mt's 1 - win ratio\n"
        "  common units: 6 (gold cut wherever both systems end a unit of blocks)\n"
        "  resamples where A is higher: 0, B higher: 422, equal: 578\n")
    status, out, _ = run(capsysbinary, "parseval", TREES / "harbour.gold.mrg", TREES / "harbour.sys.mrg",
                         "--compare", TREES / "harbour.gold.mrg")
    assert status == 0 and out.endswith(
        "\nComparison on Bracketing F1 (B against A, each aligned to the same gold on its own):\n"
        f"  A {TREES / 'harbour.sys.mrg'}: 86.27%\n"
        f"  B {TREES / 'harbour.gold.mrg'}: 100.00%\n"
        "  B \u2212 A = +13.73 points, 95 % interval [+3.03, +25.49] points, p = 0.03\n"
        "  warning: 7 common units: the interval is unreliable\n"
        "  method: paired-bootstrap, seed 12345: 1,000 resamples of the common units; p two-sided\n"
        "  common units: 7 (gold cut wherever both systems end a unit of trees)\n"
        "  resamples where A is higher: 0, B higher: 983, equal: 17\n")


# ---------------------------------------------------------------- bad input: one line, exit 2


def test_system_b_missing_or_empty(capsysbinary, tmp_path):
    missing = tmp_path / "nowhere.txt"
    status, out, err = run(capsysbinary, "preprocess", GOLD_WORDS, NLTK, "--compare", missing)
    assert (status, out, err) == (2, "", f"jpcore preprocess: error: {missing}: No such file or directory\n")
    empty = tmp_path / "empty.m2"
    empty.write_bytes(b"\n \n")
    status, out, err = run(capsysbinary, "gec", "-ref", TOY / "gold.m2", "-hyp", TOY / "sys.m2", "--compare", empty)
    assert (status, out) == (2, "") and err.startswith(f"jpcore gec: error: {empty} is empty")
    assert err.count("\n") == 1


def test_system_b_of_other_characters_is_aligned_as_always_or_refused_with_strict(capsysbinary, tmp_path):
    other = tmp_path / "other.txt"
    other.write_text(NLTK.read_text("utf-8").replace("Google", "Gooogle", 1), "utf-8")
    found = comparison(capsysbinary, "preprocess", GOLD_WORDS, NLTK, "--compare", other)
    # one word rewritten: B loses that word (a similar group), A does not; the units are the same
    assert [sum(c) for c in zip(*found["unit_counts"]["a"])] == [2498, 36, 75]
    assert [sum(c) for c in zip(*found["unit_counts"]["b"])] == [2497, 37, 76]
    status, out, err = run(capsysbinary, "preprocess", GOLD_WORDS, NLTK, "--compare", other, "--strict")
    assert (status, out) == (2, "") and err.startswith(f"jpcore preprocess: error: {other}:")
    assert err.count("\n") == 1


@pytest.mark.parametrize("option, value, message", [
    ("--samples", "0", "argument --samples: expected an integer from 1 to 1,000,000, found 0"),
    ("--seed", "-1", "argument --seed: expected an integer from 0 to 4,294,967,295, found -1"),
    ("--seed", "x", "argument --seed: expected an integer from 0 to 4,294,967,295, found 'x'"),
    ("--measure", "LAS", "argument --measure: invalid choice: 'LAS'"),
    ("--method", "t-test", "argument --method: invalid choice: 't-test'"),
])
def test_bad_options_exit_2(capsysbinary, option, value, message):
    with pytest.raises(SystemExit) as stop:
        main(["preprocess", str(GOLD_WORDS), str(NLTK), "--compare", str(NLTK), option, value])
    assert stop.value.code == 2
    err = capsysbinary.readouterr().err.decode()
    assert message in err and "Traceback" not in err


@pytest.mark.parametrize("option", ["--compare", "--oracle", "--by-shape"])
def test_legacy_evalb_mode_refuses_them(capsysbinary, option):
    extra = [option] if option == "--by-shape" else [option, str(TREES / "harbour.gold.mrg")]
    status, out, err = run(capsysbinary, "parseval", "--evalb", "collins", TREES / "harbour.gold.mrg",
                           TREES / "harbour.gold.mrg", *extra)
    assert (status, out) == (2, "")
    assert err == (f"jpcore parseval: error: {option}: only available in alignment mode (without --evalb or -p); "
                   "EVALB's legacy mode pairs line k with line k and aligns nothing\n")


def test_the_documented_comparison_is_what_the_cli_prints(capsysbinary, monkeypatch):
    page = (SAMPLE_DATA.parent / "docs" / "cli.md").read_text("utf-8")
    section = page[page.index("## Two systems, and error by stage"):]
    block = section[section.index("```\n") + 4:]
    block = block[:block.index("```\n")]
    monkeypatch.chdir(SAMPLE_DATA.parent)  # the page names the files from the repository's top
    gold = "sample_data/ud/UD_English-EWT-full/en_ewt-ud-test.gold.words.txt"
    status, out, _ = run(capsysbinary, "preprocess", gold, gold, "--compare",
                         "sample_data/ud/UD_English-EWT-full/en_ewt-ud-test.nltk.tok.txt")
    assert status == 0 and out.endswith("\n" + block)
