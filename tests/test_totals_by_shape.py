"""Error by unit shape: every evaluation's totals split by shape (1:1, merged, split, regrouped).

``totals_by_shape`` is in every result's ``--json``, each shape holding the
same keys as ``totals``; over the shapes every count adds up to its total
(checked on every bundled sample), with exact values on one sample per
task.  ``--by-shape`` prints it as a table after the report (whose text is
unchanged), the HTML report as a small table.
"""

from __future__ import annotations

import json

import pytest

from jpcore import gec, parseval, preprocess, ud
from jpcore.align.similarity import Normaliser
from jpcore.cli import main
from jpcore.reports import render_html
from inspector.brackets import samples as tree_samples
from inspector.edits import samples as gec_samples
from inspector.tokens import samples as token_samples
from tests.conftest import SAMPLE_DATA

EXCERPT = SAMPLE_DATA / "ud" / "UD_English-EWT-excerpt"
GOLD_WORDS, NLTK = EXCERPT / "en_ewt-ud-test.excerpt.gold.words.txt", EXCERPT / "en_ewt-ud-test.excerpt.nltk.tok.txt"
TREES = SAMPLE_DATA / "parseval" / "jp-trees"
TOY = SAMPLE_DATA / "m2" / "toy-en"
UAGEC = SAMPLE_DATA / "m2" / "uagec"


def _bundled():
    for sample in token_samples.SAMPLES.values():
        yield f"preprocess {sample.gold_file}", preprocess.evaluate_bytes(
            sample.gold_path.read_bytes(), sample.sys_path.read_bytes(), sample.gold_file, sample.sys_file,
            sample.fmt, sample.level, Normaliser.for_language(sample.language))
    for tree_sample in tree_samples.TREE_SAMPLES.values():
        yield "parseval", parseval.evaluate_bytes(*tree_sample.read_pair())
    for gec_sample in gec_samples.GEC_SAMPLES.values():
        if gec_sample.min_gold_sentences:
            continue  # 44,000 sentences: the same pair repeated
        (sys_name, sys_data), (gold_name, gold_data) = gec_sample.read_pair()
        yield f"gec {sys_name}", gec.evaluate_bytes(gold_data, sys_data, gold_name, sys_name)
    conllu = EXCERPT / "en_ewt-ud-test.excerpt.conllu"
    yield "ud", ud.evaluate_bytes(conllu.read_bytes(), (EXCERPT / "en_ewt-ud-test.excerpt.nltk.conllu").read_bytes())


def _integers(data, path=""):
    """Every integer count of a totals object, by path (rates and scores left out)."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _integers(value, f"{path}.{key}")
    elif isinstance(data, int) and not isinstance(data, bool):
        yield path, data


BUNDLED = list(_bundled())


@pytest.mark.parametrize("name, result", BUNDLED, ids=[name for name, _ in BUNDLED])
def test_the_shapes_add_up_to_the_totals_on_every_bundled_sample(name, result):
    data = result.to_dict()
    totals, by_shape = data["totals"], data["totals_by_shape"]
    assert set(by_shape) == {unit.shape for unit in result.units}
    expected = dict(_integers(totals))
    assert expected  # a test that cannot fail proves nothing
    sums: dict[str, int] = {}
    for shape, shape_totals in by_shape.items():
        assert list(shape_totals) == list(totals)  # the same keys, in the same order
        for path, value in _integers(shape_totals):
            sums[path] = sums.get(path, 0) + value
    assert sums == expected


def test_preprocess_exact(capsysbinary):
    result = preprocess.evaluate_bytes(GOLD_WORDS.read_bytes(), NLTK.read_bytes())
    by_shape = {shape: {name: counts.as_tuple() for name, counts in totals.items()}
                for shape, totals in result.totals_by_shape().items()}
    assert by_shape == {
        "1:1": {"sentences": (101, 0, 0), "tokens": (2216, 22, 60)},
        "n:1": {"sentences": (0, 3, 6), "tokens": (186, 2, 8)},
        "1:n": {"sentences": (0, 4, 2), "tokens": (53, 4, 2)},
        "m:n": {"sentences": (0, 2, 2), "tokens": (43, 8, 5)},
    }
    assert result.to_dict()["totals_by_shape"]["n:1"]["tokens"] == {
        "tp": 186, "fp": 2, "fn": 8, "gold": 194, "system": 188, "precision": 186 / 188, "recall": 186 / 194,
        "f1": 2 * 186 / (194 + 188)}
    assert main(["preprocess", str(GOLD_WORDS), str(NLTK), "--by-shape"]) == 0
    out = capsysbinary.readouterr().out.decode()
    assert main(["preprocess", str(GOLD_WORDS), str(NLTK)]) == 0
    plain = capsysbinary.readouterr().out.decode()
    assert out == plain + (
        "\nBy unit shape (gold:system sentences; over the shapes, every count adds up to its total):\n"
        "Shape               | Units | Gold:system | Metric       |   TP | FP | FN | Score (%)\n"
        "--------------------+-------+-------------+--------------+------+----+----+----------\n"
        "1:1 same boundaries |   101 |     101:101 | Sentences F1 |  101 |  0 |  0 |    100.00\n"
        "                    |       |             | Words F1     | 2216 | 22 | 60 |     98.18\n"
        "n:1 merged          |     3 |         6:3 | Sentences F1 |    0 |  3 |  6 |      0.00\n"
        "                    |       |             | Words F1     |  186 |  2 |  8 |     97.38\n"
        "1:n split           |     2 |         2:4 | Sentences F1 |    0 |  4 |  2 |      0.00\n"
        "                    |       |             | Words F1     |   53 |  4 |  2 |     94.64\n"
        "m:n regrouped       |     1 |         2:2 | Sentences F1 |    0 |  2 |  2 |      0.00\n"
        "                    |       |             | Words F1     |   43 |  8 |  5 |     86.87\n")


def test_parseval_exact(capsysbinary):
    result = parseval.evaluate_bytes((TREES / "harbour.gold.mrg").read_bytes(), (TREES / "harbour.sys.mrg").read_bytes())
    by_shape = result.totals_by_shape()
    assert {shape: [t[k] for k in ("matched", "gold", "test", "cross", "words", "correct_tags")]
            for shape, t in by_shape.items()} == {"1:1": [25, 31, 30, 3, 40, 36], "n:1": [10, 10, 10, 0, 12, 12],
                                                  "1:n": [9, 11, 10, 0, 10, 10]}
    assert by_shape["1:n"]["recall"] == 100 * 9 / 11 and by_shape["1:n"]["f1"] == 2 * 100 * 9 / (11 + 10)
    assert main(["parseval", str(TREES / "harbour.gold.mrg"), str(TREES / "harbour.sys.mrg"), "--by-shape"]) == 0
    assert capsysbinary.readouterr().out.decode().endswith(
        "\nBy unit shape (gold:system trees; over the shapes, every count adds up to its total):\n"
        "Shape               | Units | Gold:system | Metric        | Matched | Gold | Test | Score (%)\n"
        "--------------------+-------+-------------+---------------+---------+------+------+----------\n"
        "1:1 same boundaries |     5 |         5:5 | Bracketing F1 |      25 |   31 |   30 |     81.97\n"
        "n:1 merged          |     1 |         2:1 | Bracketing F1 |      10 |   10 |   10 |    100.00\n"
        "1:n split           |     1 |         1:2 | Bracketing F1 |       9 |   11 |   10 |     85.71\n")


@pytest.mark.parametrize("ref, hyp, expected", [
    (TOY / "gold.m2", TOY / "sys.resegmented.m2", {
        "1:1": {"tp": 5, "fp": 0, "fn": 0, "precision": 1.0, "recall": 1.0, "f": 1.0},
        "n:1": {"tp": 4, "fp": 1, "fn": 2, "precision": 0.8, "recall": 0.6667, "f": 0.7692},
        "1:n": {"tp": 2, "fp": 1, "fn": 1, "precision": 0.6667, "recall": 0.6667, "f": 0.6667}}),
    (UAGEC / "ann1.first100.m2", UAGEC / "ann0.first100.resegmented.m2", {
        "1:1": {"tp": 41, "fp": 26, "fn": 35, "precision": 0.6119, "recall": 0.5395, "f": 0.5959},
        "n:1": {"tp": 28, "fp": 21, "fn": 39, "precision": 0.5714, "recall": 0.4179, "f": 0.5323},
        "1:n": {"tp": 2, "fp": 5, "fn": 2, "precision": 0.2857, "recall": 0.5, "f": 0.3125}}),
    (TOY / "gold.m2", TOY / "sys.m2", {
        "1:1": {"tp": 11, "fp": 2, "fn": 2, "precision": 0.8462, "recall": 0.8462, "f": 0.8462}}),
], ids=["toy-en resegmented", "ua-gec resegmented", "toy-en 1:1"])
def test_gec_exact(ref, hyp, expected):
    result = gec.evaluate_bytes(ref.read_bytes(), hyp.read_bytes())
    assert result.totals_by_shape() == expected
    assert result.to_dict()["totals_by_shape"] == expected


def test_gec_by_shape_follows_errants_report(capsysbinary):
    assert main(["gec", "-ref", str(TOY / "gold.m2"), "-hyp", str(TOY / "sys.resegmented.m2"), "--by-shape"]) == 0
    out = capsysbinary.readouterr().out.decode()
    report, table = out.split("==============================================\n\n")
    assert report.endswith("11\t2\t3\t0.8462\t0.7857\t0.8333\n")
    assert table == (
        "\nBy unit shape (gold:system blocks; over the shapes, every count adds up to its total):\n"
        "Shape               | Units | Gold:system | Metric | TP | FP | FN | Score (%)\n"
        "--------------------+-------+-------------+--------+----+----+----+----------\n"
        "1:1 same boundaries |     3 |         3:3 | F0.5   |  5 |  0 |  0 |    100.00\n"
        "n:1 merged          |     2 |         4:2 | F0.5   |  4 |  1 |  2 |     76.92\n"
        "1:n split           |     1 |         1:2 | F0.5   |  2 |  1 |  1 |     66.67\n")  # errant's 0-1 F0.5 on the one scale


def test_ud_exact():
    conllu = EXCERPT / "en_ewt-ud-test.excerpt.conllu"
    result = ud.evaluate_bytes(conllu.read_bytes(), (EXCERPT / "en_ewt-ud-test.excerpt.nltk.conllu").read_bytes())
    by_shape = result.totals_by_shape()
    assert list(by_shape) == ["1:1", "n:1", "1:n", "m:n"]
    assert {shape: (s["Words"].tp, s["Words"].gold, s["Words"].system, s["UAS"].tp, s["UAS"].aligned)
            for shape, s in by_shape.items()} == {
        "1:1": (2216, 2276, 2238, 42, 2216), "n:1": (186, 194, 188, 1, 186), "1:n": (53, 55, 57, 1, 53),
        "m:n": (43, 48, 51, 1, 43)}
    data = result.to_dict()["totals_by_shape"]
    assert data["1:1"]["Tokens"]["aligned"] is None and data["1:1"]["LAS"]["aligned"] == 2216


def test_every_html_report_has_the_table():
    for name, result in BUNDLED:
        assert "<h2>Totals by unit shape</h2>" in render_html(result), name
    result = preprocess.evaluate_bytes(GOLD_WORDS.read_bytes(), NLTK.read_bytes())
    html = render_html(result)
    row = ('<tr><td>n:1</td><td>merged</td><td class="num">3</td><td class="num">0</td><td class="num">3</td>'
           '<td class="num">6</td><td class="num">0.00</td><td class="num">186</td><td class="num">2</td>'
           '<td class="num">8</td><td class="num">97.38</td></tr>')
    assert row in html


def test_the_json_says_it_for_every_command(capsysbinary):
    assert main(["preprocess", str(GOLD_WORDS), str(NLTK), "--json"]) == 0
    data = json.loads(capsysbinary.readouterr().out)
    assert list(data)[:5] == ["task", "level", "normalisation", "normalisation_description", "totals"]
    assert list(data)[5] == "totals_by_shape" and "comparison" not in data and "oracle" not in data
