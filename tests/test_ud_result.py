"""The ud result object: per-unit counts add up to the totals, pair flags agree with them,
the JSON form is lossless and checked, a file against itself is all correct, and the
full word record is read as written."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings

from bench.ud_systems import derive
from jpcore.errors import InputError
from jpcore.ud import FLAG_BITS, METRICS, UdResult, evaluate_bytes, is_correct, read_treebank
from jpcore.ud.breakdown import label_confusion, per_deprel, per_upos
from jpcore.ud.metrics import PAIR_METRICS
from tests.conftest import UD
from tests.ud_peer import treebank_pairs, treebanks

FRENCH = UD / "UD_French-GSD" / "fr_gsd-ud-test.excerpt.conllu"
UD_FILES = sorted(path for path in UD.rglob("*.conllu") if ".nltk." not in path.name)


def french_against(how: str) -> UdResult:
    gold = FRENCH.read_text("utf-8")
    return evaluate_bytes(gold, derive(gold, how), "fr.conllu", f"{how}.conllu")


def _consistent(result: UdResult) -> None:
    """Units add up to the totals; the pairs' flags count what the totals say."""
    for k, name in enumerate(METRICS):
        summed = [sum(unit.table[k][i] or 0 for unit in result.units) for i in range(4)]
        total = result.totals[name]
        assert summed == [total.tp, total.gold, total.system, total.aligned or 0], name
    pairs = result.pairs()
    assert len(pairs) == result.totals["Words"].tp
    for name in PAIR_METRICS:
        assert sum(1 for _, _, flags in pairs if is_correct(flags, name)) == result.totals[name].tp, name


@pytest.mark.parametrize("how", ["everything", "all-at-once", "perturbed-multiword"])
def test_units_add_up_to_the_totals(how):
    _consistent(french_against(how))


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(treebank_pairs())
def test_units_add_up_on_random_pairs(pair):
    _consistent(evaluate_bytes(*pair))


def test_the_totals_of_a_derived_system():
    # French GSD against its 'everything' system: conll18_ud_eval.py --counts prints these
    # (tests/test_ud_conll18.py runs it on this pair); labels changed to content and
    # function types move words in and out of CLAS on the system side
    totals = french_against("everything").totals
    assert {name: (s.tp, s.gold, s.system, s.aligned) for name, s in totals.items()} == {
        "Tokens": (2501, 2501, 2501, None), "Sentences": (100, 100, 100, None), "Words": (2584, 2584, 2584, None),
        "UPOS": (1723, 2584, 2584, 2584), "XPOS": (1938, 2584, 2584, 2584), "UFeats": (2216, 2584, 2584, 2584),
        "AllTags": (1161, 2584, 2584, 2584), "Lemmas": (2183, 2584, 2584, 2584), "UAS": (2222, 2584, 2584, 2584),
        "LAS": (1879, 2584, 2584, 2584), "CLAS": (933, 1307, 1107, 1307), "MLAS": (270, 1307, 1107, 1307),
        "BLEX": (778, 1307, 1107, 1307),
    }
    las = totals["LAS"]
    assert (round(las.precision, 6), round(las.recall, 6), round(las.f1, 6), round(las.aligned_accuracy, 6)) == (
        0.727167, 0.727167, 0.727167, 0.727167)


# ---------------------------------------------------------------- a file against itself


@pytest.mark.parametrize("path", UD_FILES, ids=[path.name for path in UD_FILES])
def test_a_test_set_against_itself_is_all_correct(path):
    data = path.read_bytes()
    result = evaluate_bytes(data, data)
    for name, score in result.totals.items():
        assert score.tp == score.gold == score.system > 0, name
        assert score.f1 == 1.0 and score.aligned_accuracy in (None, 1.0), name
    assert not any(unit.has_error for unit in result.units)


@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
@given(treebanks())
def test_any_treebank_against_itself_scores_100_on_every_metric(text):
    result = evaluate_bytes(text, text)
    for name, score in result.totals.items():
        assert score.tp == score.gold == score.system, name
        if name in PAIR_METRICS:
            assert score.aligned == score.gold, name
        assert score.f1 == (1.0 if score.gold else 0.0), name
    assert result.totals["Words"].gold == result.gold.n_words > 0


# ---------------------------------------------------------------- JSON


def _round_trip(result: UdResult) -> UdResult:
    return UdResult.from_dict(json.loads(json.dumps(result.to_dict(), ensure_ascii=False)))


@pytest.mark.parametrize("how", ["all-at-once", "no-multiword"])
def test_json_is_lossless(how):
    result = french_against(how)
    back = _round_trip(result)
    assert back.to_dict() == result.to_dict()
    assert back.units == result.units and back.totals == result.totals
    assert back.gold == result.gold and back.system == result.system


def test_json_of_differing_text_is_lossless():
    gold = (UD / "UD_Korean-GSD" / "ko_gsd-ud-test.excerpt.conllu").read_text("utf-8")
    system = derive(gold, "everything").replace("에", "애")
    result = evaluate_bytes(gold, system)
    assert not result.streams_equal and result.differences
    back = _round_trip(result)
    assert back.to_dict() == result.to_dict() and back.differences == result.differences


def test_json_totals_name_every_metric():
    data = french_against("everything").to_dict()
    assert data["task"] == "ud" and data["metrics"] == list(METRICS) and data["flags"] == list(PAIR_METRICS)
    assert data["totals"]["UAS"] == {
        "tp": 2222, "fp": 362, "fn": 362, "gold": 2584, "system": 2584, "precision": 2222 / 2584,
        "recall": 2222 / 2584, "f1": 2222 / 2584, "aligned": 2584, "aligned_accuracy": 2222 / 2584}
    assert data["totals"]["Words"]["aligned"] is None and data["totals"]["Words"]["aligned_accuracy"] is None
    unit = data["units"][0]
    assert list(unit["counts"]) == list(METRICS) and all(len(pair) == 3 for pair in unit["pairs"])


def _broken(change) -> dict:
    data = json.loads(json.dumps(french_against("heads").to_dict()))
    change(data)
    return data


@pytest.mark.parametrize("change, message", [
    (lambda d: d.update(task="preprocess"), "not a ud result"),
    (lambda d: d["metrics"].pop(), "must list the metrics"),
    (lambda d: d["units"][0]["pairs"].append([0, 1]), "a pair must be"),
    (lambda d: d["units"][0]["pairs"].append([10**6, 0, 0]), "names a word outside the files"),
    (lambda d: d["units"][0]["counts"].pop("UAS"), "must name every metric"),
    (lambda d: d["units"][0].update(kind="odd"), "kind must be one of"),
    (lambda d: d["gold"]["columns"]["upos"].pop(), "column 'upos' must hold one str per word"),
    (lambda d: d["gold"]["columns"]["head"].__setitem__(0, 1), "cycle"),
    (lambda d: d.pop("units"), "not a complete ud result"),
])
def test_a_broken_json_result_is_refused(change, message):
    with pytest.raises(ValueError, match=message):
        UdResult.from_dict(_broken(change))


# ---------------------------------------------------------------- breakdowns


def test_breakdowns_add_up_to_the_totals():
    result = french_against("everything")
    totals = result.totals
    deprels, tags = per_deprel(result), per_upos(result)
    assert sum(row.correct for row in deprels) == totals["LAS"].tp
    assert sum(row.heads for row in deprels) == sum(row.heads for row in tags) == totals["UAS"].tp
    assert sum(row.correct for row in tags) == totals["UPOS"].tp
    for rows in (deprels, tags):
        assert sum(row.gold for row in rows) == totals["Words"].gold
        assert sum(row.system for row in rows) == totals["Words"].system
        assert sum(row.aligned for row in rows) == totals["Words"].tp
    assert sum(label_confusion(result).values()) == totals["Words"].tp
    # the most frequent gold labels first; every 5th label changed, some to det, case, punct
    assert [(row.label, row.gold, row.system, row.correct) for row in deprels[:3]] == [
        ("det", 399, 428, 280), ("case", 334, 389, 262), ("punct", 322, 371, 243)]


# ---------------------------------------------------------------- the word record


def test_the_word_record_is_read_as_written():
    data = ("# text = Au revoir\n"
            "1-2\tAu\t_\t_\t_\t_\t_\t_\t_\t_\n"
            "1\tÀ\tà\tADP\tP\t_\t3\tcase\t_\t_\n"
            "2\tle\tle\tDET\tDET\tDefinite=Def|Gender=Masc\t3\tdet\t_\t_\n"
            "3\trevoir\trevoir\tNOUN\tNC\tGender=Masc|Number=Sing\t0\troot\t_\t_\n"
            "3.1\tx\tx\tX\t_\t_\t_\t_\t3:dep\t_\n\n")
    treebank = read_treebank(data, "fr.conllu")
    assert treebank.forms() == ["À", "le", "revoir"]
    assert (treebank.lemma, treebank.upos, treebank.xpos) == (["à", "le", "revoir"], ["ADP", "DET", "NOUN"],
                                                             ["P", "DET", "NC"])
    assert treebank.feats == ["_", "Definite=Def|Gender=Masc", "Gender=Masc|Number=Sing"]
    assert (treebank.head, treebank.deprel, treebank.parents()) == ([3, 3, 0], ["case", "det", "root"], [2, 2, -1])
    assert treebank.segmentation.sentences[0].multiword == [(0, 2, "Au")]


HEAD_RANGE = "expected a HEAD from 0 to 2 (the number of words in the sentence)"


@pytest.mark.parametrize("rows, line, message", [
    (["1\ta\t0\troot", "2\tb\tx\tdep"], 2, f"{HEAD_RANGE}, found 'x'"),
    (["1\ta\t0\troot", "2\tb\t3\tdep"], 2, f"{HEAD_RANGE}, found '3'"),
    (["1\ta\t0\troot", "2\tb\t_\tdep"], 2, f"{HEAD_RANGE}, found '_'"),
    (["1\ta\t0\troot", "2\tb\t0\troot"], 1,
     "expected exactly one word with HEAD 0 in the sentence, found 2 (lines 1, 2)"),
    (["1\ta\t2\tdep", "2\tb\t1\tdep"], 1, "expected exactly one word with HEAD 0 in the sentence, found 0"),
    (["1\ta\t0\troot", "2\tb\t3\tdep", "3\tc\t2\tdep"], 2,
     "expected HEADs that lead to the root, found a cycle through word 2"),
    (["1\ta\t0\troot", "2\tb\t\u0662\tdep"], 2, f"{HEAD_RANGE}, found '\u0662'"),  # Arabic-Indic 2
])
def test_a_parse_that_is_not_a_tree_is_refused_with_its_line(rows, line, message):
    text = "".join(f"{k}\t{form}\t_\t_\t_\t_\t{head}\t{label}\t_\t_\n"
                   for k, form, head, label in (row.split("\t") for row in rows)) + "\n"
    with pytest.raises(InputError) as refused:
        read_treebank(text, "bad.conllu")
    assert refused.value.file == "bad.conllu" and refused.value.line == line
    assert message in str(refused.value)


def test_empty_files_score_nothing():
    result = evaluate_bytes(b"", b"")
    assert all((s.tp, s.gold, s.system) == (0, 0, 0) for s in result.totals.values())
    assert result.units == [] and result.totals["UAS"].aligned_accuracy == 0.0


def test_flag_bits_follow_the_metric_order():
    assert [FLAG_BITS[name] for name in PAIR_METRICS] == [1 << k for k in range(len(PAIR_METRICS))]
