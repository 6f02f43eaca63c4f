"""Tokens whose key is empty, in every evaluation (issue 29; the rule: jpcore/align/streams.py,
"Units without characters").

Generated pairs (tests/empty_keys.py: zero-width spaces, byte order marks,
in trees no-break and ideographic spaces, alone and combined, first, last,
between words and as sentences of their own, in paired and one-sided
sentences, on either side; words that hold a soft hyphen or a zero-width
joiner, which are characters) hold, in preprocess, parseval, gec and ud:

* every word group lies inside its sentence pair;
* a sentence pair whose tokens with characters are the same on both sides
  scores every one of them correct;
* the totals are the sums over the units;
* the same pair without its empty tokens scores the same but for the empty
  tokens themselves (their own units, paired or one-sided);
* the command line never fails: exit 0 (or 2 with one line).

The two inputs of the issue are pinned with their exact figures.
"""

from __future__ import annotations

import contextlib
import io
import json
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings

from jpcore import gec, parseval, preprocess, ud
from jpcore.align.similarity import Normaliser
from jpcore.cli import main as cli_main
from jpcore.ud.metrics import METRICS, PAIR_METRICS
from tests.empty_keys import EMPTY_TREE, Pair, bracketed, conllu, m2, pairs, tokenized

#: A few seconds per evaluation on CI.
BUDGET = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
KEY = Normaliser.for_language("none").key


def no_chars(token: str) -> bool:
    return KEY(token) == ""


def starts(sentences) -> list[int]:
    out = [0]
    for sentence in sentences:
        out.append(out[-1] + len(sentence))
    return out


def assert_nested(units, gold_sentences, sys_sentences) -> None:
    """Every word group inside its unit's sentences, and the word groups partition both sides."""
    gold_starts, sys_starts = starts(gold_sentences), starts(sys_sentences)
    g = s = 0
    for unit, words in units:
        for word in words:
            assert gold_starts[unit.gold[0]] <= word.gold[0] <= word.gold[1] <= gold_starts[unit.gold[1]]
            assert sys_starts[unit.sys[0]] <= word.sys[0] <= word.sys[1] <= sys_starts[unit.sys[1]]
            assert (word.gold[0], word.sys[0]) == (g, s)
            g, s = word.gold[1], word.sys[1]
    assert (g, s) == (gold_starts[-1], sys_starts[-1])


def with_chars(sentences, unit_range) -> list[str]:
    return [KEY(t) for sentence in sentences[unit_range[0]:unit_range[1]] for t in sentence if not no_chars(t)]


def empty_word_counts(units, gold_sentences, sys_sentences) -> tuple[int, int, int]:
    """(paired, gold, system) words without characters: those in exact 1:1 word units, and all of each side."""
    paired = sum(word.kind == "exact" and word.n_gold == word.n_sys == 1 and word.gold_chars[0] == word.gold_chars[1]
                 for _, words in units for word in words)
    gold = sum(map(no_chars, (t for sentence in gold_sentences for t in sentence)))
    system = sum(map(no_chars, (t for sentence in sys_sentences for t in sentence)))
    return paired, gold, system


def empty_sentence_counts(units, gold_sentences, sys_sentences) -> tuple[int, int, int]:
    """(paired, gold, system) sentences without characters: those in exact 1:1 units, and all of each side."""
    paired = sum(unit.kind == "exact" and unit.n_gold == unit.n_sys == 1 and not with_chars(gold_sentences, unit.gold)
                 for unit, _ in units)
    gold = sum(not any(map(KEY, sentence)) for sentence in gold_sentences)
    system = sum(not any(map(KEY, sentence)) for sentence in sys_sentences)
    return paired, gold, system


def run_cli(task: str, gold: bytes, system: bytes, suffix: str) -> tuple[int, str, str]:
    with tempfile.TemporaryDirectory() as folder:
        gold_path, sys_path = Path(folder) / f"gold{suffix}", Path(folder) / f"sys{suffix}"
        gold_path.write_bytes(gold)
        sys_path.write_bytes(system)
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            files = ["-hyp", str(sys_path), "-ref", str(gold_path)] if task == "gec" else [str(gold_path), str(sys_path)]
            status = cli_main([task, *files, "--json"])
    return status, out.getvalue(), err.getvalue()


def assert_cli_answers(task: str, gold: bytes, system: bytes, suffix: str) -> None:
    status, out, err = run_cli(task, gold, system, suffix)
    assert "Traceback" not in err
    if status == 2:
        assert err.count("\n") == 1, err
    else:
        assert status == 0, err
        assert json.loads(out)["task"] == task


# ----------------------------------------------------------------- the issue's two commands


def test_the_issues_parseval_command_scores(tmp_path: Path) -> None:
    gold, system = b"(S (NN a))\n", "(S (NN a))\n(S (NN \u00a0) (NN b))\n".encode()
    for first, second in ((gold, system), (system, gold)):
        status, out, err = run_cli("parseval", first, second, ".mrg")
        assert (status, err) == (0, "")
        data = json.loads(out)
        assert {k: data["totals"][k] for k in ("matched", "gold", "test", "cross", "words", "correct_tags")} == (
            {"matched": 1, "gold": 1, "test": 2, "cross": 0, "words": 1, "correct_tags": 1} if first is gold
            else {"matched": 1, "gold": 2, "test": 1, "cross": 0, "words": 3, "correct_tags": 1})
    result = parseval.evaluate_bytes(gold, system)
    assert [(p.gold, p.sys, p.kind) for p in result.pairs] == [((0, 1), (0, 1), "exact"), ((1, 1), (1, 2), "system-only")]
    # the no-break space is a system-only word of the second, system-only pair
    assert [[(w.gold, w.sys, w.kind) for w in p.words] for p in result.pairs] == [
        [((0, 1), (0, 1), "exact")], [((1, 1), (1, 2), "system-only"), ((1, 1), (2, 3), "system-only")]]
    assert [(p.matched, p.n_gold_brackets, p.n_sys_brackets) for p in result.pairs] == [(1, 1, 1), (0, 0, 1)]


def test_the_issues_preprocess_command_scores() -> None:
    status, out, err = run_cli("preprocess", b"a\n", "a\n\u200b b\n".encode(), ".txt")
    assert (status, err) == (0, "")
    totals = json.loads(out)["totals"]
    assert [(totals[k]["tp"], totals[k]["fp"], totals[k]["fn"]) for k in ("sentences", "tokens")] == [(1, 1, 0), (1, 2, 0)]
    # without the zero-width space: the same but for its own false positive
    status, out, err = run_cli("preprocess", b"a\n", b"a\nb\n", ".txt")
    totals = json.loads(out)["totals"]
    assert [(totals[k]["tp"], totals[k]["fp"], totals[k]["fn"]) for k in ("sentences", "tokens")] == [(1, 1, 0), (1, 1, 0)]
    result = preprocess.evaluate_bytes(b"a\n", "a\n\u200b b\n".encode())
    assert [(u.gold, u.sys, u.kind, [(w.gold, w.sys, w.kind) for w in u.words]) for u in result.units] == [
        ((0, 1), (0, 1), "exact", [((0, 1), (0, 1), "exact")]),
        ((1, 1), (1, 2), "system-only", [((1, 1), (1, 2), "system-only"), ((1, 1), (2, 3), "system-only")])]


def test_soft_hyphen_and_zero_width_joiner_are_characters() -> None:
    # they are text: the same on both sides they are correct tokens, one side only they differ
    same = preprocess.evaluate_bytes("a\n\u00ad b \u200d\n".encode(), "a\n\u00ad b \u200d\n".encode())
    assert same.totals["tokens"].as_tuple() == (4, 0, 0)
    one_side = preprocess.evaluate_bytes(b"a\nb\n", "a\n\u00ad b\n".encode())
    assert one_side.totals["tokens"].as_tuple() == (2, 1, 0)  # a system-only token of its own


def test_a_failed_parse_is_a_pair_of_its_own() -> None:
    # "(TOP ())" on both sides at the same place: two exact 1:1 pairs, not one merged 2:2
    trees = b"(TOP (S (NN a)))\n(TOP ())\n"
    result = parseval.evaluate_bytes(trees, trees)
    assert [(p.gold, p.sys, p.kind) for p in result.pairs] == [((0, 1), (0, 1), "exact"), ((1, 2), (1, 2), "exact")]


# ----------------------------------------------------------------- the properties, per evaluation


@BUDGET
@given(pairs())
def test_preprocess(pair: Pair) -> None:
    result = preprocess.evaluate_bytes(tokenized(pair.gold), tokenized(pair.sys))
    gold, system = [s.tokens for s in result.gold.sentences], [s.tokens for s in result.system.sentences]
    units = [(unit, unit.words) for unit in result.units]
    assert_nested(units, gold, system)
    for unit, words in units:
        if with_chars(gold, unit.gold) == with_chars(system, unit.sys):
            for word in words:
                if word.gold_chars[0] < word.gold_chars[1]:
                    assert word.is_match
    for level in ("sentences", "tokens"):
        assert result.totals[level].as_tuple() == tuple(
            sum(getattr(unit, level).as_tuple()[i] for unit in result.units) for i in range(3))
    bare = preprocess.evaluate_bytes(tokenized(pair.stripped().gold), tokenized(pair.stripped().sys))
    for level, (paired, n_gold, n_sys) in (
            ("tokens", empty_word_counts(units, gold, system)), ("sentences", empty_sentence_counts(units, gold, system))):
        tp, fp, fn = result.totals[level].as_tuple()
        assert (tp - paired, fp - (n_sys - paired), fn - (n_gold - paired)) == bare.totals[level].as_tuple()


PARSEVAL_COUNTS = ("matched", "gold", "test", "cross", "words", "correct_tags")


def parseval_counts(pair) -> tuple[int, ...]:
    return (pair.matched, pair.n_gold_brackets, pair.n_sys_brackets, pair.cross, pair.length, pair.correct_tags)


@BUDGET
@given(pairs(EMPTY_TREE))
def test_parseval(pair: Pair) -> None:
    result = parseval.evaluate_bytes(bracketed(pair.gold, no_chars), bracketed(pair.sys, no_chars))
    gold, system = [t.words for t in result.gold_trees], [t.words for t in result.sys_trees]
    units = [(p, p.words) for p in result.pairs]
    assert_nested(units, gold, system)
    for p, words in units:
        if p.n_gold == p.n_sys == 1 and with_chars(gold, p.gold) == with_chars(system, p.sys) != []:
            assert all(word.is_match for word in words if word.gold_chars[0] < word.gold_chars[1])
            assert p.matched == p.n_gold_brackets == p.n_sys_brackets and p.cross == 0
    totals = result.totals
    assert [totals[k] for k in PARSEVAL_COUNTS] == [sum(c) for c in zip(*map(parseval_counts, result.pairs))]
    # the brackets of trees of empty words alone (their roots: tests/empty_keys.py) are the empty
    # words' own; every other bracket scores as without the empty words
    gold_empty = [c for p in result.pairs for c in p.gold_constituents if not any(map(KEY, gold[c.tree]))]
    sys_empty = [c for p in result.pairs for c in p.sys_constituents if not any(map(KEY, system[c.tree]))]
    stripped = pair.stripped()
    bare = parseval.evaluate_bytes(bracketed(stripped.gold, no_chars), bracketed(stripped.sys, no_chars)).totals
    paired, n_gold, _ = empty_word_counts(units, gold, system)
    extra = (sum(c.status == "matched" for c in gold_empty), len(gold_empty), len(sys_empty),
             sum(c.crosses for c in sys_empty), n_gold, paired)  # a pair of empty words has the same tag (E)
    assert [totals[k] for k in PARSEVAL_COUNTS] == [bare[k] + e for k, e in zip(PARSEVAL_COUNTS, extra)]


@BUDGET
@given(pairs())
def test_gec(pair: Pair) -> None:
    result = gec.evaluate_bytes(m2(pair.gold, no_chars), m2(pair.sys, no_chars))
    g = s = 0
    for unit in result.units:  # the units partition both files in order
        assert (unit.gold[0], unit.sys[0]) == (g, s)
        g, s = unit.gold[1], unit.sys[1]
    assert (g, s) == (len(pair.gold), len(pair.sys))
    sentences = result.errant.sentences
    for unit in result.units:
        if unit.n_gold == unit.n_sys == 1 and pair.gold[unit.gold[0]] == pair.sys[unit.sys[0]]:
            expected = (0, 0, 0) if all(map(no_chars, pair.gold[unit.gold[0]])) else (1, 0, 0)
            assert (sentences[unit.index].tp, sentences[unit.index].fp, sentences[unit.index].fn) == expected
    totals = result.totals
    assert (totals["tp"], totals["fp"], totals["fn"]) == tuple(
        sum(getattr(sentences[unit.index], k) for unit in result.units) for k in ("tp", "fp", "fn"))
    # an edit is at token offsets (errant compares them, in a unit of several sentences
    # over their tokens put end to end): where no empty token precedes an edited word
    # in its unit, nothing moves
    def offsets_kept(document, ranges) -> bool:
        for start, stop in ranges:
            tokens = [t for sentence in document[start:stop] for t in sentence]
            edited = [i for i, t in enumerate(tokens) if not no_chars(t)]
            if edited and any(map(no_chars, tokens[: edited[-1]])):
                return False
        return True
    if offsets_kept(pair.gold, [u.gold for u in result.units]) and offsets_kept(pair.sys, [u.sys for u in result.units]):
        stripped = pair.stripped()
        bare = gec.evaluate_bytes(m2(stripped.gold, no_chars), m2(stripped.sys, no_chars)).totals
        assert (totals["tp"], totals["fp"], totals["fn"]) == (bare["tp"], bare["fp"], bare["fn"])


UD_EMPTY = EMPTY_TREE[:3]  # a FORM may hold a no-break space


@BUDGET
@given(pairs(UD_EMPTY))
def test_ud(pair: Pair) -> None:
    result = ud.evaluate_bytes(conllu(pair.gold, no_chars), conllu(pair.sys, no_chars))
    gold = [s.tokens for s in result.gold.segmentation.sentences]
    system = [s.tokens for s in result.system.segmentation.sentences]
    units = [(unit, unit.words) for unit in result.units]
    assert_nested(units, gold, system)
    for unit, words in units:
        if with_chars(gold, unit.gold) == with_chars(system, unit.sys):
            assert all(w.kind == "exact" and w.n_gold == w.n_sys == 1 for w in words if w.gold_chars[0] < w.gold_chars[1])
    for k, metric in enumerate(METRICS):
        score = result.totals[metric]
        assert (score.tp, score.gold, score.system) == tuple(
            sum(unit.table[k][i] for unit in result.units) for i in range(3))
    stripped = pair.stripped()
    bare = ud.evaluate_bytes(conllu(stripped.gold, no_chars), conllu(stripped.sys, no_chars)).totals
    words, sentences = empty_word_counts(units, gold, system), empty_sentence_counts(units, gold, system)
    for metric in METRICS:
        paired, n_gold, n_sys = sentences if metric == "Sentences" else words
        score, before = result.totals[metric], bare[metric]
        assert (score.gold - n_gold, score.system - n_sys) == (before.gold, before.system)
        if metric in ("Lemmas", "UAS", "LAS", "CLAS", "MLAS", "BLEX"):
            # a pair of empty words may differ in its lemma (its FORM: "\u200b" / "\ufeff"),
            # or depend on a word not aligned
            assert 0 <= score.tp - before.tp <= paired
        else:
            assert score.tp - paired == before.tp
        if metric in PAIR_METRICS:
            assert score.aligned - paired == before.aligned


# ----------------------------------------------------------------- never a traceback


@settings(max_examples=15, deadline=None)
@given(pairs(EMPTY_TREE))
def test_the_command_line_answers(pair: Pair) -> None:
    assert_cli_answers("preprocess", tokenized(pair.gold), tokenized(pair.sys), ".txt")
    assert_cli_answers("parseval", bracketed(pair.gold, no_chars), bracketed(pair.sys, no_chars), ".mrg")
    assert_cli_answers("gec", m2(pair.gold, no_chars), m2(pair.sys, no_chars), ".m2")
    assert_cli_answers("ud", conllu(pair.gold, no_chars), conllu(pair.sys, no_chars), ".conllu")
