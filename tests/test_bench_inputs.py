"""The benchmark's pathological inputs are what their rows say they are.

``python -m bench`` times evaluations on generated inputs (runs of similar
sentences, long mismatching stretches, very long sentences); a generator
that silently produced something easier would make its row meaningless.
Each is evaluated once here, small, and its shape checked exactly.
"""

from __future__ import annotations

from collections import Counter

from bench import gec as bench_gec
from bench import machine
from bench import parseval as bench_parseval
from bench import preprocess as bench_preprocess
from jpcore import gec
from jpcore import parseval
from jpcore import preprocess


def _preprocess(pair: tuple[bytes, bytes]) -> preprocess.PreprocessResult:
    return preprocess.evaluate_bytes(*pair, "gold", "sys", "text")


def test_preprocess_inputs():
    result = _preprocess(bench_preprocess.similar_sentences(50))
    assert Counter(u.kind for u in result.units) == {"similar": 50}
    assert len(result.differences) == 50
    result = _preprocess(bench_preprocess.mismatching_stretches(1))
    # 10 stretches of 20 reversed sentences (2,077 sentences), nothing else differs
    assert result.totals["sentences"].fn == 10 * 20 - sum(
        1 for u in result.units if u.kind == "exact" and u.gold[0] % 200 in range(100, 120))
    assert result.kind_counts()["exact"] > 1800
    result = _preprocess(bench_preprocess.long_sentences(1))
    assert len(result.gold.sentences) == 21 and result.totals["sentences"].tp == 0
    assert result.totals["tokens"].as_tuple() == (24267, 1032, 827)  # EWT's, as in the spec


def test_gec_inputs():
    hyp, ref = bench_gec.similar_pair(30)
    result = gec.evaluate_bytes(ref, hyp)
    assert Counter(u.kind for u in result.units) == {"similar": 30}
    assert (result.errant.tp, result.errant.fp, result.errant.fn) == (30, 0, 0)
    # merging every 50 sentences is score-neutral for one annotator
    hyp, ref = bench_gec.merged_pair(200)
    merged = gec.evaluate_bytes(ref, hyp)
    plain = gec.evaluate_bytes(*bench_gec.same_pair(200)[::-1])
    assert Counter(u.kind for u in merged.units) == {"merged": 4}
    assert (merged.errant.tp, merged.errant.fp, merged.errant.fn) == (plain.errant.tp, plain.errant.fp,
                                                                      plain.errant.fn)
    hyp, ref = bench_gec.resegmented_pair(4_400, replace_every=1_000)
    kinds = Counter(u.kind for u in gec.evaluate_bytes(ref, hyp).units)
    assert kinds["gold-only"] > 200 and kinds["system-only"] > 200


def test_parseval_inputs():
    result = parseval.evaluate_bytes(*bench_parseval.similar(40))
    assert Counter(p.kind for p in result.pairs) == {"similar": 40}
    result = parseval.evaluate_bytes(*bench_parseval.long_sentences(2, words=300))
    totals = result.totals
    # per sentence: S and the outermost X match; 298 system brackets cross
    assert (totals["matched"], totals["gold"], totals["test"], totals["cross"]) == (4, 600, 600, 596)
    result = parseval.evaluate_bytes(*bench_parseval.mismatching(1))
    kinds = Counter(p.kind for p in result.pairs)
    # 10 stretches of 48 trees each differ throughout; the other 1,920 trees are exact
    # (which copy of the repeated sample each is paired with is immaterial)
    assert kinds["exact"] == 1920
    assert sum(p.n_gold for p in result.pairs if p.kind != "exact") == 480
    assert sum(p.n_sys for p in result.pairs if p.kind != "exact") == 480


def test_machine_calibration_is_linear_work():
    assert machine.workload(10) == sum(i + len(str(i)) + i for i in range(10))


def test_treebank_section_is_real_size_with_the_same_words_on_both_sides():
    from bench import treebank
    from jpcore.formats.trees import read_trees_bytes

    gold, system = treebank.section()
    gold_trees, sys_trees = read_trees_bytes(gold, "gold"), read_trees_bytes(system, "system")
    assert (len(gold_trees), len(sys_trees)) == (2_416, 2_416)
    assert sum(len(tree.words) for tree in gold_trees) == 56_874
    assert all(g.words == s.words for g, s in zip(gold_trees, sys_trees))
    # the system is a parser's kind of wrong: brackets and tags differ, nothing else
    totals = parseval.evaluate(gold_trees, sys_trees).totals
    assert totals["matched"] < totals["gold"] and totals["cross"] > 0
    assert sum(g.tags != s.tags for g, s in zip(gold_trees, sys_trees)) > 500
    assert treebank.section() == (gold, system)  # the same bytes on every run


def test_app_memory_cases_are_the_real_pairs_read_by_their_pages_loaders():
    """bench.app_retained: each row's input is the real pair its name says (shared data, or
    derived from it as named), read by the loader of the page that reads that format."""
    from importlib import import_module

    from bench import app_retained
    from bench.treebank import section

    files = {case.name: case.files() for case in app_retained.CASES}
    ewt = app_retained.EWT
    assert files["tokenized text: EWT test, gold words vs nltk"] == (
        (ewt / "en_ewt-ud-test.gold.words.txt").read_bytes(), (ewt / "en_ewt-ud-test.nltk.tok.txt").read_bytes())
    assert files["CoNLL-U: EWT test, gold vs nltk"] == (
        (ewt / "en_ewt-ud-test.conllu").read_bytes(), (ewt / "en_ewt-ud-test.nltk.conllu").read_bytes())
    assert files["bracketed trees: treebank section (2,416 trees)"] == section()
    gold, system = files["M2: UA-GEC test, re-segmented annotator 0 vs annotator 1"]
    assert (gold.count(b"\nS ") + 1, system.count(b"\nS ") + 1) == (2_862, 2_437)  # sentences merged
    gold, system = files["CoNLL-U dependencies: EWT test vs a derived system"]
    assert gold == (ewt / "en_ewt-ud-test.conllu").read_bytes() and (len(gold), len(system)) == (1_804_515, 1_392_935)
    views = {case.view: import_module(f"inspector.{case.view}.loader").SPEC.task for case in app_retained.CASES}
    assert views == {"tokens": "preprocess", "brackets": "parseval", "edits": "gec", "deps": "ud"}
