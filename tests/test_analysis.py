"""jpcore.analysis: buckets, confusion matrices and worst units on real data.

Figures are exact and come from the bundled samples: the EWT excerpt (gold
words vs nltk: sentences 101/9/10, words 2498/36/75), the project's tree
pair and EVALB's own sample, the resegmented toy-en M2 pair (11/2/3).
Properties (hypothesis): the buckets' counts always sum to the totals, the
confusion matrices' margins are the constituents/edits of each side and
their diagonals the matched brackets / correct tags.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jpcore.analysis import (
    ALL,
    KIND_BUCKETS,
    NONE,
    Example,
    Score,
    analyse,
    buckets_by_kind,
    buckets_by_length,
    confusions,
    error_type_confusion,
    label_confusion,
    length_bucket,
    length_bucket_names,
    pos_confusion,
    task_of,
    unit_stats,
    worst_units,
)
from jpcore.analysis.confusion import SCORED
from jpcore.formats import read_segmentation
from jpcore.formats.m2 import parse_m2, read_m2
from jpcore.formats.trees import read_trees
from jpcore import parseval
from jpcore.gec import evaluate as gec_evaluate
from jpcore.preprocess import evaluate as preprocess_evaluate

ROOT = Path(__file__).resolve().parents[1]
EWT = ROOT / "sample_data" / "ud" / "UD_English-EWT-excerpt"
TREES = ROOT / "sample_data" / "parseval"
TOY = ROOT / "sample_data" / "m2" / "toy-en"


@pytest.fixture(scope="module")
def ewt():
    gold = read_segmentation((EWT / "en_ewt-ud-test.excerpt.gold.words.txt").read_bytes(), "gold")
    system = read_segmentation((EWT / "en_ewt-ud-test.excerpt.nltk.tok.txt").read_bytes(), "nltk")
    return preprocess_evaluate(gold, system)


@pytest.fixture(scope="module")
def harbour():
    folder = TREES / "jp-trees"
    return parseval.evaluate_bytes((folder / "harbour.gold.mrg").read_bytes(),
                                   (folder / "harbour.sys.mrg").read_bytes())


@pytest.fixture(scope="module")
def evalb_sample():
    folder = TREES / "evalb-sample"
    return parseval.evaluate_bytes((folder / "sample.gld").read_bytes(), (folder / "sample.tst").read_bytes())


@pytest.fixture(scope="module")
def toy():
    return gec_evaluate(read_m2(TOY / "gold.m2"), read_m2(TOY / "sys.resegmented.m2"))


def _figures(table, measure):
    return [(b.name, len(b.units), b.scores[measure].as_tuple()) for b in table.buckets]


# --- Tokenization: the EWT excerpt ------------------------------------------------


def test_ewt_length_buckets_sum_to_the_totals(ewt) -> None:
    table = buckets_by_length(ewt)
    assert _figures(table, "sentences") == [
        ("1-10", 28, (28, 0, 0)), ("11-20", 23, (23, 0, 0)), ("21-40", 41, (38, 5, 4)), ("41+", 15, (12, 4, 6)),
    ]
    assert _figures(table, "tokens") == [
        ("1-10", 28, (198, 0, 0)), ("11-20", 23, (341, 4, 2)), ("21-40", 41, (1157, 14, 31)),
        ("41+", 15, (802, 18, 42)),
    ]
    assert table.total("sentences").as_tuple() == (101, 9, 10)
    assert table.total("tokens").as_tuple() == (2498, 36, 75)
    # the summed scores are the result's own, to the last bit
    for measure in ("sentences", "tokens"):
        counts = ewt.totals[measure]
        assert table.total(measure).prf() == (counts.precision, counts.recall, counts.f1)


def test_ewt_kind_buckets(ewt) -> None:
    table = buckets_by_kind(ewt)
    assert _figures(table, "sentences") == [
        ("1:1", 101, (101, 0, 0)), ("1:n", 2, (0, 4, 2)), ("n:1", 3, (0, 3, 6)), ("m:n", 1, (0, 2, 2)),
    ]
    assert _figures(table, "tokens") == [
        ("1:1", 101, (2216, 22, 60)), ("1:n", 2, (53, 4, 2)), ("n:1", 3, (186, 2, 8)), ("m:n", 1, (43, 8, 5)),
    ]
    assert table.get("n:1").units == (2, 19, 80)
    assert round(table.get("m:n").scores["tokens"].f, 4) == 0.8687
    assert table.total("tokens").as_tuple() == (2498, 36, 75)
    everything = buckets_by_kind(ewt, keep_empty=True)
    assert everything.names() == list(KIND_BUCKETS)
    assert everything.get("differing text").units == ()


def test_ewt_worst_sentences(ewt) -> None:
    worst = worst_units(ewt, limit=5)
    assert [(r.rank, r.unit.index, r.errors) for r in worst] == [(1, 48, 18), (2, 46, 17), (3, 19, 13),
                                                                    (4, 52, 12), (5, 58, 12)]
    assert worst[1].unit.ratio == "2:2" and worst[1].unit.bucket == "m:n"
    by_sentences = worst_units(ewt, "sentences")
    assert [(r.unit.index, r.errors) for r in by_sentences] == [(46, 4), (2, 3), (10, 3), (19, 3), (38, 3), (80, 3)]
    assert len(worst_units(ewt)) == 19  # every unit with an error
    assert confusions(ewt) == {}
    with pytest.raises(ValueError):
        worst_units(ewt, "brackets")


# --- PARSEVAL: the project's tree pair and EVALB's sample --------------------------


def test_harbour_buckets_and_worst(harbour) -> None:
    assert [(b.name, b.units, b.scores["brackets"].as_tuple()) for b in buckets_by_length(harbour).buckets] == [
        ("1-10", (0, 1, 2, 5, 6), (27, 3, 6)), ("11-20", (3, 4), (17, 3, 2)),
    ]
    kinds = buckets_by_kind(harbour)
    assert [(b.name, b.units, b.scores["brackets"].as_tuple()) for b in kinds.buckets] == [
        ("1:1", (0, 1, 3, 6), (20, 5, 6)), ("1:n", (5,), (9, 1, 2)), ("n:1", (4,), (10, 0, 0)),
        ("differing text", (2,), (5, 0, 0)),
    ]
    total = kinds.total("brackets")
    assert total.as_tuple() == (44, 6, 8)  # matched 44 of 52 gold and 50 test brackets
    totals = harbour.totals
    assert round(100 * total.precision, 10) == round(totals["precision"], 10)
    assert round(100 * total.recall, 10) == round(totals["recall"], 10)
    assert round(100 * total.f, 10) == round(totals["f1"], 10)
    assert [(r.unit.index, r.errors) for r in worst_units(harbour)] == [(0, 6), (3, 5), (5, 3)]


def test_harbour_pos_confusion(harbour) -> None:
    matrix = pos_confusion(harbour)
    assert (matrix.total, matrix.agreement) == (60, 58)
    assert matrix.agreement == sum(pair.correct_tags for pair in harbour.pairs)
    assert [(g, s, n) for g, s, n in matrix.nonzero() if g != s] == [("JJ", "NN", 1), ("VBZ", "NNS", 1)]
    assert matrix.examples("JJ", "NN") == (Example(6, 3, 3),)  # pair ID 7, "good"
    assert matrix.examples("VBZ", "NNS") == (Example(0, 6, 6),)
    assert matrix.count("NN", "NN") == 13
    assert matrix.gold_labels[:3] == ("NN", ".", "DT") and "NNS" in matrix.sys_labels


def test_harbour_label_confusion(harbour) -> None:
    matrix = label_confusion(harbour)
    assert (matrix.total, matrix.agreement) == (58, 44)
    assert [(g, s, n) for g, s, n in matrix.nonzero() if g != s] == [
        ("NP", NONE, 3), (NONE, "NP", 3), ("S", NONE, 2), ("PP", NONE, 2), (NONE, "PP", 2),
        ("VP", NONE, 1), (NONE, "S", 1),
    ]
    assert matrix.examples("NP", NONE) == (Example(0, 1, None), Example(0, 4, None), Example(3, 8, None))
    assert matrix.examples(NONE, "S") == (Example(5, None, 6),)
    assert (matrix.count("NP", "NP"), matrix.count("S", "S"), matrix.count("VP", "VP")) == (18, 9, 10)
    # margins: every gold (52) and every system (50) constituent once
    assert sum(matrix.gold_total(label) for label in matrix.gold_labels if label != NONE) == 52
    assert sum(matrix.sys_total(label) for label in matrix.sys_labels if label != NONE) == 50
    assert label_confusion(harbour, unpaired=False).nonzero() == [
        ("NP", "NP", 18), ("VP", "VP", 10), ("S", "S", 9), ("PP", "PP", 4), ("ADVP", "ADVP", 2),
        ("SBAR", "SBAR", 1),
    ]


def test_evalb_sample(evalb_sample) -> None:
    assert [(b.name, len(b.units), b.scores["brackets"].as_tuple()) for b in buckets_by_length(evalb_sample).buckets] \
        == [("1-10", 20, (68, 13, 12)), ("41+", 1, (36, 2, 10))]
    assert [(b.name, len(b.units), b.scores["brackets"].as_tuple()) for b in buckets_by_kind(evalb_sample).buckets] \
        == [("1:1", 14, (48, 9, 8)), ("1:n", 1, (0, 0, 4)), ("differing text", 6, (56, 6, 10))]
    assert [(r.unit.index, r.errors) for r in worst_units(evalb_sample, limit=3)] == [(19, 12), (7, 4), (9, 4)]
    pos = pos_confusion(evalb_sample)
    assert (pos.total, pos.agreement) == (127, 124)
    assert pos.examples("T", "U") == (Example(2, 3, 3), Example(3, 3, 3))
    assert pos.examples("T", "TT") == (Example(15, 3, 3),)
    labels = label_confusion(evalb_sample)
    assert (labels.total, labels.agreement) == (139, 104)
    assert [(g, s, n) for g, s, n in labels.nonzero() if g != s] == [
        ("A", NONE, 10), (NONE, "A", 10), ("B", NONE, 5), ("S", NONE, 5), (NONE, "S", 3), ("A", "C", 2),
    ]
    assert labels.examples("A", "C") == (Example(1, 3, 3), Example(3, 1, 1))
    assert labels.gold_labels == ("A", "B", "S", NONE) and labels.sys_labels == ("A", "B", "S", "C", NONE)


# --- GEC: the resegmented toy pair --------------------------------------------------


def test_toy_gec_buckets(toy) -> None:
    length = buckets_by_length(toy)
    assert [(b.name, b.units, b.scores["edits"].as_tuple(), b.scores["edits"].prf()) for b in length.buckets] == [
        ("1-10", (0, 3, 5), (5, 0, 0), (1.0, 1.0, 1.0)),
        ("11-20", (1, 2), (4, 1, 2), (0.8, 0.6667, 0.7692)),
        ("21-40", (4,), (2, 1, 1), (0.6667, 0.6667, 0.6667)),
    ]
    kinds = buckets_by_kind(toy)
    assert [(b.name, b.units, b.scores["edits"].as_tuple()) for b in kinds.buckets] == [
        ("1:1", (0, 3, 5), (5, 0, 0)), ("1:n", (4,), (2, 1, 1)), ("n:1", (1, 2), (4, 1, 2)),
    ]
    total = kinds.total("edits")
    assert total.as_tuple() == (11, 2, 3)
    assert total.prf() == (toy.totals["precision"], toy.totals["recall"], toy.totals["f"]) == (0.8462, 0.7857, 0.8333)
    assert [(r.unit.index, r.errors) for r in worst_units(toy)] == [(2, 2), (4, 2), (1, 1)]


def test_toy_gec_error_type_confusion(toy) -> None:
    matrix = error_type_confusion(toy)
    assert (matrix.total, matrix.agreement) == (15, 11)
    assert [(g, s, n) for g, s, n in matrix.nonzero() if g != s] == [
        ("R:PART", NONE, 1), ("R:VERB:TENSE", "R:VERB:SVA", 1), ("U:DET", NONE, 1), (NONE, "R:ADJ", 1),
    ]
    (example,) = matrix.examples("R:VERB:TENSE", "R:VERB:SVA")
    assert example == Example(4, 3, 1)
    gold_edits, system_edits = toy.edits(4)
    gold, system = gold_edits[example.gold], system_edits[example.sys]
    assert (gold.start, gold.end, gold.cor, gold.status) == (8, 9, "went", "FN")
    assert (system.start, system.end, system.cor, system.status) == (8, 9, "go", "FP")
    assert matrix.examples("R:VERB:SVA", "R:VERB:SVA") == (Example(0, 0, 0), Example(2, 5, 2), Example(5, 1, 1))
    assert matrix.examples(NONE, "R:ADJ") == (Example(1, None, 0),)
    assert error_type_confusion(toy, by="operation").nonzero() == [
        ("R", "R", 10), ("R", NONE, 1), ("U", "U", 1), ("U", NONE, 1), ("M", "M", 1), (NONE, "R", 1),
    ]
    assert error_type_confusion(toy, unpaired=False).total == 12
    assert list(confusions(toy)) == ["types"]


# --- Plain data ---------------------------------------------------------------------


def test_everything_is_plain_json(ewt, harbour, toy) -> None:
    for result, task in ((ewt, "preprocess"), (harbour, "parseval"), (toy, "gec")):
        data = json.loads(json.dumps(analyse(result, worst=None)))
        assert data["task"] == task_of(result) == task
        assert sum(b["units"].__len__() for b in data["buckets"]["length"]["buckets"]) == len(unit_stats(result))
    data = analyse(harbour)
    assert data["confusions"]["labels"]["cells"][0] == {
        "gold": "NP", "sys": "NP", "count": 18, "examples": data["confusions"]["labels"]["cells"][0]["examples"]}
    assert data["worst"][0]["index"] == 0 and data["worst"][0]["errors"] == 6
    row = buckets_by_kind(toy).rows()[0]
    assert (row["bucket"], row["units"], row["edits tp"], row["edits f"]) == ("1:1", 3, 5, 1.0)


def test_length_buckets_and_scores_edge_cases() -> None:
    assert length_bucket_names() == ("0 (no gold words)", "1-10", "11-20", "21-40", "41+")
    assert [length_bucket(n) for n in (0, 1, 10, 11, 20, 21, 40, 41, 500)] == [
        "0 (no gold words)", "1-10", "1-10", "11-20", "11-20", "21-40", "21-40", "41+", "41+"]
    assert [length_bucket(n, (1, 3)) for n in (1, 2, 3, 4)] == ["1-1", "2-3", "2-3", "4+"]
    for edges in ((), (10, 10), (20, 10), (0, 5)):
        with pytest.raises(ValueError):
            length_bucket_names(edges)
    assert Score().prf() == (0.0, 0.0, 0.0)
    assert Score(convention="errant", beta=0.5).prf() == (1.0, 1.0, 1.0)
    with pytest.raises(ValueError):
        Score(1, 0, 0) + Score(1, 0, 0, beta=0.5)
    with pytest.raises(TypeError):
        task_of("not a result")  # type: ignore[arg-type]


# --- Properties ---------------------------------------------------------------------

WORDS = ["a", "b", "ab", "c", "ca", "n't", ".", "!"]


@st.composite
def segmentations(draw):
    """Gold and system texts of the same tokens cut differently, sometimes rewritten."""
    tokens = draw(st.lists(st.sampled_from(WORDS), min_size=1, max_size=40))

    def cut(tokens: list[str]) -> str:
        lines, line = [], []
        for token in tokens:
            line.append(token)
            if draw(st.integers(0, 4)) == 0:
                lines.append(" ".join(line))
                line = []
        if line:
            lines.append(" ".join(line))
        return "\n".join(lines) + "\n"

    system: list[str] = []
    for token in tokens:
        choice = draw(st.integers(0, 9))
        if choice == 0 and system:
            system[-1] += token  # glued to the previous token
        elif choice == 1:
            system.append(token + "x")  # rewritten
        elif choice != 2:  # 2: dropped
            system.append(token)
    return cut(tokens), cut(system or ["z"])


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(segmentations(), st.lists(st.integers(1, 30), min_size=1, max_size=4, unique=True).map(sorted))
def test_preprocess_buckets_always_sum_to_the_totals(texts, edges) -> None:
    result = preprocess_evaluate(read_segmentation(texts[0], "gold"), read_segmentation(texts[1], "sys"))
    stats = unit_stats(result)
    for table in (buckets_by_length(result, edges, stats=stats), buckets_by_kind(result, stats=stats)):
        assert sorted(i for bucket in table.buckets for i in bucket.units) == list(range(len(result.units)))
        for measure in ("sentences", "tokens"):
            assert table.total(measure).as_tuple() == result.totals[measure].as_tuple()
    ranked = worst_units(result, ALL, stats=stats)
    keys = [(-r.errors, r.unit.index) for r in ranked]
    assert keys == sorted(keys) and all(r.errors > 0 for r in ranked)
    assert len(ranked) == sum(1 for unit in stats if unit.errors())


LABELS = ["NP", "VP", "S"]


@st.composite
def bracketed(draw, words: list[str]) -> str:
    """A random tree over ``words``."""
    if len(words) == 1:
        return f"({draw(st.sampled_from(['N', 'V', 'D']))} {words[0]})"
    split = draw(st.integers(1, len(words) - 1))
    label = draw(st.sampled_from(LABELS))
    return f"({label} {draw(bracketed(words[:split]))} {draw(bracketed(words[split:]))})"


@st.composite
def tree_files(draw):
    words = draw(st.lists(st.sampled_from(["a", "b", "c", "dd"]), min_size=2, max_size=14))

    def trees(words: list[str]) -> str:
        out, start = [], 0
        while start < len(words):
            end = min(len(words), start + draw(st.integers(1, 6)))
            out.append(f"(TOP {draw(bracketed(words[start:end]))})")
            start = end
        return "\n".join(out) + "\n"

    system = list(words)
    if len(system) > 2 and draw(st.booleans()):
        position = draw(st.integers(0, len(system) - 2))
        system[position : position + 2] = [system[position] + system[position + 1]]  # one word glued
    return trees(words), trees(system)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tree_files())
def test_parseval_buckets_sum_and_confusion_margins(files) -> None:
    result = parseval.evaluate(read_trees(files[0], "gold"), read_trees(files[1], "sys"))
    summary = result.summary()
    expected = (summary.matched, summary.test - summary.matched, summary.gold - summary.matched)
    for table in (buckets_by_length(result), buckets_by_kind(result)):
        assert table.total("brackets").as_tuple() == expected
    labels = label_confusion(result)
    assert labels.agreement == summary.matched
    gold = Counter(c.label for pair in result.pairs for c in pair.gold_constituents)
    system = Counter(c.label for pair in result.pairs for c in pair.sys_constituents)
    assert {label: labels.gold_total(label) for label in labels.gold_labels if label != NONE} == dict(gold)
    assert {label: labels.sys_total(label) for label in labels.sys_labels if label != NONE} == dict(system)
    for (g, s), examples in label_confusion(result, unpaired=False).cells.items():
        for example in examples:
            pair = result.pairs[example.unit]
            a, b = pair.gold_constituents[example.gold], pair.sys_constituents[example.sys]
            assert (a.start, a.end, a.label, b.label) == (b.start, b.end, g, s)
    assert pos_confusion(result).agreement == sum(pair.correct_tags for pair in result.pairs)


M2_TYPES = ["R:NOUN", "M:DET", "U:DET", "R:VERB:SVA"]


@st.composite
def m2_pair(draw):
    """A gold M2 file and a system file with its own edits and some sentences merged."""
    sentences = []
    for _ in range(draw(st.integers(1, 6))):
        tokens = draw(st.lists(st.sampled_from(["a", "b", "c"]), min_size=1, max_size=5))
        sentences.append(tokens)

    def edits(tokens: list[str]) -> list[tuple[int, int, str, str]]:
        out = []
        for _ in range(draw(st.integers(0, 3))):
            start = draw(st.integers(0, len(tokens) - 1))
            end = draw(st.integers(start, min(start + 1, len(tokens))))
            out.append((start, end, draw(st.sampled_from(M2_TYPES)), draw(st.sampled_from(["x", "y"]))))
        return out

    def block(tokens: list[str], found: list[tuple]) -> str:
        lines = ["S " + " ".join(tokens)]
        lines += [f"A {s} {e}|||{t}|||{c}|||REQUIRED|||-NONE-|||0" for s, e, t, c in found]
        if not found:
            lines.append("A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0")
        return "\n".join(lines)

    gold = "\n\n".join(block(tokens, edits(tokens)) for tokens in sentences) + "\n"
    blocks, k = [], 0
    while k < len(sentences):
        take = 2 if k + 1 < len(sentences) and draw(st.booleans()) else 1
        tokens = [t for sentence in sentences[k : k + take] for t in sentence]
        blocks.append(block(tokens, edits(tokens)))
        k += take
    return "\n\n".join(blocks) + "\n", gold


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(m2_pair())
def test_gec_buckets_sum_and_confusion_margins(files) -> None:
    result = gec_evaluate(parse_m2(files[1], "gold"), parse_m2(files[0], "sys"))
    totals = result.totals
    for table in (buckets_by_length(result), buckets_by_kind(result)):
        total = table.total("edits")
        assert total.as_tuple() == (totals["tp"], totals["fp"], totals["fn"])
        assert total.prf() == (totals["precision"], totals["recall"], totals["f"])
    matrix = error_type_confusion(result)
    scored_gold = scored_sys = 0
    for unit in result.units:
        gold_edits, system_edits = result.edits(unit.index)
        scored_gold += sum(1 for edit in gold_edits if edit.status in SCORED)
        scored_sys += sum(1 for edit in system_edits if edit.status in SCORED)
    assert sum(matrix.gold_total(label) for label in matrix.gold_labels if label != NONE) == scored_gold
    assert sum(matrix.sys_total(label) for label in matrix.sys_labels if label != NONE) == scored_sys
    for (g, s), examples in error_type_confusion(result, unpaired=False).cells.items():
        for example in examples:
            gold_edits, system_edits = result.edits(example.unit)
            a, b = gold_edits[example.gold], system_edits[example.sys]
            assert (a.start, a.end, a.type, b.type) == (b.start, b.end, g, s)
