"""No drift on repetitive text: a difference costs only its own units, at any length.

Two inputs where a nearest-8-characters re-synchronisation went wrong
(issue 11; :mod:`jpcore.align`):

* low-entropy text (tokens from ``a aa aaa b bb bbb``, one token per
  sentence replaced by ``c``; :mod:`bench.align_drift`): Words F1 fell from
  94% to 36% as the file grew, now the same at 2,000, 8,000 and 16,000
  sentences;
* template sentences with one dropped (the parseval case is
  ``tests/test_parseval_align.py::test_a_dropped_template_sentence_costs_only_itself``):
  every later sentence became a substitution, now the drop is one gold-only unit.

Time is measured in the benchmark (``python -m bench.align_drift``), not here.
"""

from __future__ import annotations

from collections import Counter

import pytest

from bench.align_drift import TOKENS_PER_SENTENCE, evaluate_pair, low_entropy_pair
from jpcore.align import ANCHOR, MAX_ANCHOR, align_streams, anchor_length
from jpcore.formats import read_segmentation
from jpcore.preprocess import evaluate


def test_the_input_is_what_the_benchmark_says():
    gold, system = (data.decode().splitlines() for data in low_entropy_pair(50))
    assert len(gold) == len(system) == 50
    for gold_line, sys_line in zip(gold, system):
        gold_tokens, sys_tokens = gold_line.split(), sys_line.split()
        assert len(gold_tokens) == len(sys_tokens) == TOKENS_PER_SENTENCE
        assert set(gold_tokens) <= {"a", "aa", "aaa", "b", "bb", "bbb"}
        assert sum(g != s for g, s in zip(gold_tokens, sys_tokens)) == 1 and sys_tokens.count("c") == 1


@pytest.mark.parametrize("sentences, words, f1, shapes", [
    (2_000, (37951, 2049, 2049), 94.88, {"1:1": 1948, "2:2": 26}),
    (8_000, (151824, 8176, 8176), 94.89, {"1:1": 7822, "2:2": 89}),
    (16_000, (303652, 16348, 16348), 94.89, {"1:1": 15650, "2:2": 175}),
])
def test_low_entropy_text_scores_the_same_at_every_length(sentences, words, f1, shapes):
    result = evaluate_pair(low_entropy_pair(sentences))
    tokens = result.totals["tokens"]
    assert tokens.as_tuple() == words
    assert round(100 * tokens.f1, 2) == f1
    # one token in twenty is replaced: each costs its own token (and rarely a
    # neighbour, where the replaced token's letters continue in the next one)
    assert tokens.fp - sentences < sentences * 0.025
    # every sentence holds a 'c', so none is correct; about 1% of the sentence
    # ends fall inside a replaced stretch (a 'c' for 'aa' between 'a' tokens)
    # and join two sentences with the next two: the same share at every length
    assert result.totals["sentences"].as_tuple() == (0, sentences, sentences)
    assert Counter(unit.ratio for unit in result.units) == shapes


def test_a_dropped_template_sentence_costs_only_itself():
    gold_lines = [f"The cat {k} saw the dog today ." for k in range(200)]
    sys_lines = [line.replace("today", "todey") for line in gold_lines]
    del sys_lines[100]
    result = evaluate(read_segmentation("\n".join(gold_lines) + "\n", "gold"),
                      read_segmentation("\n".join(sys_lines) + "\n", "sys"))
    assert [(u.ratio, u.kind) for u in result.units] == [("1:1", "similar")] * 100 + [("1:0", "gold-only")] + [
        ("1:1", "similar")] * 99
    # 8 tokens a sentence: 'todey' costs one in each, the dropped sentence its 8
    assert result.totals["tokens"].as_tuple() == (199 * 7, 199, 199 + 8)


def test_anchor_length_follows_how_repetitive_the_text_is():
    english = "The delegates met again on Tuesday to discuss the budget for next year"
    assert anchor_length(english, english[::-1]) == ANCHOR
    two_letters = "aabbbababbaabbbaabab" * 4
    assert anchor_length(two_letters, two_letters[3:] + "ab") == 17
    assert anchor_length("a" * 64, "a" * 64) == MAX_ANCHOR
    assert anchor_length("", "abc") == ANCHOR


def test_a_repeated_phrase_does_not_resynchronise_a_sentence_with_its_neighbour():
    # every sentence ends in the same phrase; the system lost sentence 'two':
    # 'saidthedelegate.' is in every sentence, so only 'threesai' re-synchronises
    gold = "".join(f"{word}saidthedelegate." for word in ["one", "two", "three", "four", "five"]) + "Xend"
    system = gold.replace("twosaidthedelegate.", "").replace("Xend", "Yend")
    assert align_streams(gold, system).differences() == [((20, 39), (20, 20)), ((99, 100), (80, 81))]
