"""The preprocess command line and the robustness cases of the spec."""

from __future__ import annotations

import copy
import json
import subprocess
import sys

import pytest

from jpcore.errors import InputError
from jpcore.formats import read_segmentation
from jpcore.preprocess import PreprocessResult, evaluate
from tests.cli_support import DEFAULTS, expected
from tests.conftest import ROOT, UD

EWT = UD / "UD_English-EWT"
EXCERPT = EWT / "excerpt"


def cli(*args: str, cwd=ROOT) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "jpcore", *args], cwd=cwd, capture_output=True, text=True, check=False
    )


def load(name: str, path):
    return read_segmentation(path.read_bytes(), name)


@pytest.fixture(scope="module")
def ewt():
    gold = load("gold", EWT / "en_ewt-ud-test.gold.words.txt")
    system = load("sys", EWT / "en_ewt-ud-test.nltk.tok.txt")
    return gold, system, evaluate(gold, system)


def test_text_report_layout():
    out = cli("preprocess", str(EXCERPT / "en_ewt-ud-test.excerpt.conllu"),
              str(EXCERPT / "en_ewt-ud-test.excerpt.nltk.conllu"), "--level", "tokens")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert "Metric     | Correct   |      Gold | Predicted" in lines
    assert "Tokens     |      2424 |      2536 |      2534" in lines
    assert "Sentences  |       101 |       111 |       110" in lines
    assert "Sentences  |     101 |       9 |      10 |     91.82 |     90.99 |     91.40" in lines
    assert "Units: 107 (1:1 101, 1:n 2, n:1 3, m:n 1, gold-only 0, system-only 0, differing text 0)" in lines
    assert "level: tokens; normalisation table 'en', contractions kept, case-sensitive" in lines


def test_missing_file_is_exit_2_with_one_line():
    out = cli("preprocess", "no/such/gold.txt", str(EXCERPT / "en_ewt-ud-test.excerpt.nltk.tok.txt"))
    assert out.returncode == 2
    assert out.stderr == "jpcore preprocess: error: no/such/gold.txt: No such file or directory\n"
    assert out.stdout == ""


def test_bad_conllu_is_exit_2_naming_file_and_line(tmp_path):
    bad = tmp_path / "bad.conllu"
    bad.write_text("1\tHello\t_\t_\t_\t_\t0\troot\t_\t_\n3\tworld\t_\t_\t_\t_\t1\tdep\t_\t_\n", "utf-8")
    out = cli("preprocess", str(bad), str(bad))
    assert out.returncode == 2
    assert out.stderr == f"jpcore preprocess: error: {bad}:2: expected word ID 2, found '3'\n"
    assert "Traceback" not in out.stderr


def test_strict_names_the_first_difference(tmp_path):
    gold, sys_ = tmp_path / "g.txt", tmp_path / "s.txt"
    gold.write_text("The cat sat .\nIt was happy .\n", "utf-8")
    sys_.write_text("The cat sat .\nIt was hapy .\n", "utf-8")
    out = cli("preprocess", str(gold), str(sys_), "--strict")
    assert out.returncode == 2
    assert out.stderr == (
        f"jpcore preprocess: error: {sys_}:2: expected the same characters as {gold} line 2: "
        "'py.', found 'y.'\n"
    )
    report = cli("preprocess", str(gold), str(sys_)).stdout.splitlines()
    assert ("characters: 1 differing stretch(es): 0 changed, 1 only in gold, 0 only in the system; "
            "units touching them are never correct") in report
    assert "  differs: gold line 2 'p' vs system line 2 ''" in report
    relaxed = cli("preprocess", str(gold), str(sys_), "--json")
    totals = json.loads(relaxed.stdout)["totals"]
    assert (totals["sentences"]["tp"], totals["tokens"]["tp"], totals["tokens"]["fp"]) == (1, 7, 1)


def test_json_contract_and_lossless_round_trip():
    gold, system = EXCERPT / "en_ewt-ud-test.excerpt.gold.words.txt", EXCERPT / "en_ewt-ud-test.excerpt.nltk.tok.txt"
    out = cli("preprocess", str(gold), str(system), "--json")
    data = json.loads(out.stdout)
    assert data.pop("signature") == expected("preprocess", DEFAULTS["preprocess"], gold=gold, sys=system)
    assert set(data["totals"]) == {"sentences", "tokens"}
    assert set(data["totals"]["tokens"]) >= {"tp", "fp", "fn", "precision", "recall", "f1"}
    assert data["totals"]["tokens"]["f1"] == pytest.approx(2 * 2498 / (2 * 2498 + 36 + 75))
    rebuilt = PreprocessResult.from_dict(data)
    assert rebuilt.to_dict() == data


def test_empty_files(tmp_path):
    # scored as zero sentences (or one system-only unit) before issue 12 item 4: refused now,
    # whole-file and streamed, whichever side, whatever the format
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    blank = tmp_path / "blank.conllu"
    blank.write_bytes(b"\n\n")
    other = EXCERPT / "en_ewt-ud-test.excerpt.nltk.tok.txt"
    for gold, system, bad, found in ((empty, empty, empty, "no text at all"), (empty, other, empty, "no text at all"),
                                     (other, empty, empty, "no text at all"),
                                     (other, blank, blank, "none (only comments or blank lines)")):
        for extra in ((), ("--json",)):
            done = cli("preprocess", str(gold), str(system), *extra)
            assert (done.returncode, done.stdout) == (2, "")
            assert done.stderr == (f"jpcore preprocess: error: {bad} is empty: expected at least one sentence, "
                                   f"found {found}\n")
        streamed = cli("preprocess", str(gold), str(system), "--stream")
        assert (streamed.returncode, streamed.stdout) == (2, "")
        assert streamed.stderr.startswith(f"jpcore preprocess: error: {bad} is empty: expected at least one sentence, found ")


def test_extra_trailing_sentence():
    result = evaluate(read_segmentation("A b .\nC d .\n", "g"), read_segmentation("A b .\nC d .\nE f .\n", "s"))
    assert [u.kind for u in result.units] == ["exact", "exact", "system-only"]
    assert result.totals["sentences"].as_tuple() == (2, 1, 0)
    assert result.totals["tokens"].as_tuple() == (6, 3, 0)


def test_many_to_one_group_at_end_of_file():
    result = evaluate(read_segmentation("A b .\nC d .\nE f .\n", "g"), read_segmentation("A b .\nC d . E f .\n", "s"))
    assert [(u.gold, u.sys, u.kind) for u in result.units] == [((0, 1), (0, 1), "exact"), ((1, 3), (1, 2), "merged")]
    assert result.totals["sentences"].as_tuple() == (1, 1, 2)


def test_sentence_missing_in_the_middle_of_ewt(ewt):
    gold, system, base = ewt
    u = next(i for i in range(1000, 1100) if base.units[i].kind == "exact")  # a 1:1 unit
    k = base.units[u].sys[0]
    removed = len(system.sentences[k].tokens)
    shorter = copy.deepcopy(system)
    del shorter.sentences[k]
    result = evaluate(gold, shorter)
    assert result.totals["sentences"].as_tuple() == (1083, 349, 994)
    assert result.totals["tokens"].as_tuple() == (24267 - removed, 1032, 827 + removed)
    assert result.kind_counts()["gold-only"] == 1
    # every other unit is unchanged
    before = [(x.sentences.as_tuple(), x.tokens.as_tuple()) for i, x in enumerate(base.units) if i != u]
    after = [(x.sentences.as_tuple(), x.tokens.as_tuple()) for x in result.units if x.kind != "gold-only"]
    assert before == after


def test_sentence_extra_in_the_middle_of_ewt(ewt):
    gold, system, base = ewt
    longer = copy.deepcopy(system)
    longer.sentences.insert(700, copy.deepcopy(system.sentences[300]))
    result = evaluate(gold, longer)
    added = len(system.sentences[300].tokens)
    assert result.totals["sentences"].as_tuple() == (1084, 350, 993)
    assert result.totals["tokens"].as_tuple() == (24267, 1032 + added, 827)
    assert result.kind_counts()["system-only"] == 1


def test_edited_word_in_ewt_only_changes_its_unit(ewt):
    gold, system, base = ewt
    edited = copy.deepcopy(system)
    u = next(i for i in range(800, 900) if base.units[i].kind == "exact")
    unit = base.units[u]
    k = unit.sys[0]
    edited.sentences[k].tokens[1] = edited.sentences[k].tokens[1] + "x"
    result = evaluate(gold, edited)
    assert result.totals["sentences"].as_tuple() == (1083, 350, 994)
    assert result.totals["tokens"].as_tuple() == (24266, 1033, 828)
    assert [u.kind for u in result.units].count("similar") == 1
    assert result.units[u].kind == "similar"
    (difference,) = result.differences
    assert (difference.gold_text, difference.sys_text) == ("", "x")
    assert difference.sys_line == system.sentences[k].line


def test_completely_different_texts_give_a_result_not_a_traceback():
    result = evaluate(read_segmentation("aaa bbb\nccc\n", "g"), read_segmentation("xyz\nuvw rst\n", "s"))
    assert result.totals["sentences"].as_tuple() == (0, 2, 2)
    assert result.totals["tokens"].as_tuple() == (0, 3, 3)


def test_strict_mode_raises_input_error_in_the_api():
    with pytest.raises(InputError, match="s:1: expected the same characters as g line 1"):
        evaluate(read_segmentation("abc\n", "g"), read_segmentation("abd\n", "s"), strict=True)


def test_raw_text_ranges_point_into_the_document():
    raw = (EXCERPT / "en_ewt-ud-test.excerpt.gold.raw.txt").read_text("utf-8")
    gold = load("gold", EXCERPT / "en_ewt-ud-test.excerpt.gold.words.txt")
    system = load("sys", EXCERPT / "en_ewt-ud-test.excerpt.nltk.tok.txt")
    result = evaluate(gold, system, raw_text=raw)
    start, end = result.units[0].raw_chars
    assert raw[start:end] == "What if Google Morphed Into GoogleOS?"
    for unit in result.units:
        s, e = unit.raw_chars
        assert "".join(raw[s:e].split()) == "".join(
            t for sentence in gold.sentences[unit.gold[0]:unit.gold[1]] for t in sentence.tokens
        ).replace("``", '"').replace("''", '"')
