"""The jp papers' examples, with their exact groups and counts."""

from __future__ import annotations

from jpcore.formats import read_segmentation
from jpcore.preprocess import evaluate


def run(gold_text: str, sys_text: str):
    return evaluate(read_segmentation(gold_text, "gold.txt"), read_segmentation(sys_text, "sys.txt"))


def test_click_here_one_gold_sentence_two_system_sentences():
    result = run("Click here To view it .\n", "Click here\nTo view it .\n")
    (unit,) = result.units
    assert (unit.gold, unit.sys, unit.kind, unit.shape, unit.ratio) == ((0, 1), (0, 2), "merged", "1:n", "1:2")
    assert unit.sentences.as_tuple() == (0, 2, 1)
    assert unit.tokens.as_tuple() == (6, 0, 0)
    assert [w.ratio for w in unit.words] == ["1:1"] * 6
    assert result.totals["sentences"].as_tuple() == (0, 2, 1)
    assert result.totals["tokens"].as_tuple() == (6, 0, 0)


def test_mike_mcconnell_three_gold_sentences_one_system_sentence():
    gold = "Mike McConnell\n07/06/2000 14:57\nJohn , Hello from South America .\n"
    sys = "Mike McConnell 07/06/2000 14:57 John , Hello from South America .\n"
    result = run(gold, sys)
    (unit,) = result.units
    assert (unit.gold, unit.sys, unit.kind, unit.ratio) == ((0, 3), (0, 1), "merged", "3:1")
    assert unit.sentences.as_tuple() == (0, 1, 3)
    assert unit.tokens.as_tuple() == (11, 0, 0)


def test_isnt_two_by_two_word_group():
    result = run("When No. 1 Is n't the Best\n", "When No. 1 Isn 't the Best\n")
    (unit,) = result.units
    assert unit.sentences.as_tuple() == (1, 0, 0)
    assert [(w.gold, w.sys, w.kind, w.ratio) for w in unit.words] == [
        ((0, 1), (0, 1), "exact", "1:1"),
        ((1, 2), (1, 2), "exact", "1:1"),
        ((2, 3), (2, 3), "exact", "1:1"),
        ((3, 5), (3, 5), "merged", "2:2"),
        ((5, 6), (5, 6), "exact", "1:1"),
        ((6, 7), (6, 7), "exact", "1:1"),
    ]
    assert unit.tokens.as_tuple() == (5, 2, 2)


def test_nltk_quotes_are_normalised_on_both_sides():
    result = run('He said " hi " .\n', "He said `` hi '' .\n")
    assert result.totals["tokens"].as_tuple() == (6, 0, 0)
    assert result.streams_equal


def test_contractions_are_not_equivalent_unless_asked():
    from jpcore.align.similarity import Normaliser

    gold = read_segmentation("I ca n't go .\n", "gold.txt")
    sys = read_segmentation("I can not go .\n", "sys.txt")
    plain = evaluate(gold, sys)
    assert not plain.streams_equal
    assert plain.totals["tokens"].as_tuple() == (3, 2, 2)
    opted = evaluate(gold, sys, Normaliser.for_language("en", contractions=True))
    assert opted.streams_equal and opted.totals["tokens"].as_tuple() == (5, 0, 0)


def test_case_insensitive_option():
    from jpcore.align.similarity import Normaliser

    gold = read_segmentation("Hello World\n", "g")
    sys = read_segmentation("hello world\n", "s")
    assert evaluate(gold, sys).totals["tokens"].as_tuple() == (0, 2, 2)
    folded = evaluate(gold, sys, Normaliser.for_language("en", casefold=True))
    assert folded.totals["tokens"].as_tuple() == (2, 0, 0)
