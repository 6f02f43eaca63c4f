"""UPOS of CoNLL-U words: kept by the reader, carried in the result (and its
JSON), and confused gold against system over 1:1 words with identical text.

A hand-made pair gives exact counts; the golden test derives a system file
from the EWT excerpt (documented UPOS changes, two sentence merges, one
three-word merge: :mod:`tests.upos_pair`) and checks every cell against a
brute-force count and against figures counted with awk on the gold file.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hst

from jpcore.analysis import Example, analyse, confusions, upos_confusion, upos_missing
from jpcore.analysis.confusion import UPOS
from jpcore.errors import InputError
from jpcore.formats import Sentence, read_segmentation
from jpcore.formats.conllu import NO_TAG, TaggedSentence, flat_upos, read_conllu
from jpcore.results.reader import read_result_json
from jpcore.preprocess import PreprocessResult, evaluate
from tests.upos_pair import GOLD, derive_system, expected_cells


def conllu(*sentences: list[tuple[str, str, str]]) -> str:
    """CoNLL-U text from sentences of ``(id, form, upos)``."""
    blocks = []
    for words in sentences:
        blocks.append("".join(f"{i}\t{form}\t_\t{upos}\t_\t_\t_\t_\t_\t_\n" for i, form, upos in words))
    return "\n".join(blocks) + "\n"


GOLD_TEXT = conllu(
    [("1", "I", "PRON"), ("2", "saw", "VERB"), ("3", "the", "DET"), ("4", "dog", "NOUN"), ("5", ".", "PUNCT")],
    [("1", "It", "PRON"), ("2-3", "can't", "_"), ("2", "ca", "AUX"), ("3", "n't", "PART"), ("4", "run", "VERB"),
     ("5", ".", "PUNCT")],
)
#: One sentence (the gold's two merged); saw VERB->NOUN; ca + n't made one
#: word (2:1, no pair); run without a tag.
SYS_TEXT = conllu(
    [("1", "I", "PRON"), ("2", "saw", "NOUN"), ("3", "the", "DET"), ("4", "dog", "NOUN"), ("5", ".", "PUNCT"),
     ("6", "It", "PRON"), ("7", "can't", "AUX"), ("8", "run", "_"), ("9", ".", "PUNCT")],
)


def pair(level: str = "words", gold: str = GOLD_TEXT, system: str = SYS_TEXT) -> PreprocessResult:
    return evaluate(read_conllu(gold, "gold.conllu", level), read_conllu(system, "sys.conllu", level))


# --- the reader -------------------------------------------------------------------------


def test_the_reader_keeps_each_kept_lines_upos() -> None:
    words = read_conllu(GOLD_TEXT, "g", "words")
    assert [s.upos for s in words.sentences] == [["PRON", "VERB", "DET", "NOUN", "PUNCT"],
                                                 ["PRON", "AUX", "PART", "VERB", "PUNCT"]]
    assert all(isinstance(s, TaggedSentence) for s in words.sentences)
    tokens = read_conllu(GOLD_TEXT, "g", "tokens")
    assert tokens.sentences[1].tokens == ["It", "can't", "run", "."]
    assert tokens.sentences[1].upos == ["PRON", NO_TAG, "VERB", "PUNCT"]  # a range line has no UPOS
    assert flat_upos(words) == ["PRON", "VERB", "DET", "NOUN", "PUNCT", "PRON", "AUX", "PART", "VERB", "PUNCT"]


def test_untagged_sentences_stay_plain_and_cost_nothing() -> None:
    mixed = read_conllu(conllu([("1", "a", "_"), ("2", "b", "")]) + conllu([("1", "c", "X")]), "m", "words")
    first, second = mixed.sentences
    assert type(first) is Sentence and first.to_dict() == {"tokens": ["a", "b"], "line": 1, "token_lines": [1, 2]}
    assert second.to_dict()["upos"] == ["X"]
    assert flat_upos(mixed) == [NO_TAG, NO_TAG, "X"]
    assert flat_upos(read_conllu(conllu([("1", "a", "_")]), "u", "words")) is None
    assert flat_upos(read_segmentation("a b\n", "t.txt")) is None


# --- the confusion ----------------------------------------------------------------------


def test_hand_made_pair_exact_cells() -> None:
    result = pair()
    assert result.totals["tokens"].as_tuple() == (8, 1, 2)  # ca + n't -> can't
    assert upos_missing(result) == {}
    matrix = upos_confusion(result)
    assert {key: len(examples) for key, examples in matrix.cells.items()} == {
        ("PRON", "PRON"): 2, ("VERB", "NOUN"): 1, ("DET", "DET"): 1, ("NOUN", "NOUN"): 1,
        ("PUNCT", "PUNCT"): 2, ("VERB", NO_TAG): 1,
    }
    assert (matrix.total, matrix.agreement) == (8, 6)
    assert matrix.total == result.totals["tokens"].tp
    # most frequent (gold + system) first, ties by name
    assert matrix.gold_labels == ("PRON", "PUNCT", "NOUN", "DET", "VERB")
    assert matrix.sys_labels == ("PRON", "PUNCT", "NOUN", "DET", NO_TAG)
    # examples are flat token indices: gold "run" is word 8 (I saw the dog . It ca n't run), system 7
    assert matrix.examples("VERB", NO_TAG) == (Example(0, 8, 7),)
    assert matrix.examples("VERB", "NOUN") == (Example(0, 1, 1),)
    assert list(confusions(result)) == [UPOS]


def test_tokens_level_counts_the_multiword_token_as_untagged() -> None:
    matrix = upos_confusion(pair("tokens"))
    assert matrix.count(NO_TAG, "AUX") == 1  # gold can't (range line) against system can't
    assert (matrix.total, matrix.agreement) == (9, 6)


def test_a_side_without_upos_is_named_with_the_reason() -> None:
    untagged = SYS_TEXT.replace("\tPRON\t", "\t_\t").replace("\tNOUN\t", "\t_\t").replace(
        "\tDET\t", "\t_\t").replace("\tPUNCT\t", "\t_\t").replace("\tAUX\t", "\t_\t")
    result = pair(system=untagged)
    assert upos_missing(result) == {"system": "column 4 (UPOS) is “_” on every word"}
    assert confusions(result) == {}
    with pytest.raises(ValueError, match="no UPOS on system"):
        upos_confusion(result)
    text = evaluate(read_segmentation("I saw\n", "g.txt"), read_segmentation("I saw\n", "s.txt"))
    assert upos_missing(text) == {"gold": "tokenized text has no tag column",
                                  "system": "tokenized text has no tag column"}
    assert "confusions" in analyse(text) and analyse(text)["confusions"] == {}


def test_json_round_trip_keeps_upos_and_old_json_still_reads() -> None:
    result = pair()
    data = json.loads(json.dumps(result.to_dict(), ensure_ascii=False))
    assert data["gold"]["sentences"][1]["upos"] == ["PRON", "AUX", "PART", "VERB", "PUNCT"]
    again = PreprocessResult.from_dict(data)
    assert again.to_dict() == data
    assert upos_confusion(again).cells == upos_confusion(result).cells
    for side in ("gold", "system"):  # a result saved before UPOS was kept
        for sentence in data[side]["sentences"]:
            del sentence["upos"]
    old = PreprocessResult.from_dict(data)
    assert all(type(s) is Sentence for s in old.gold.sentences)
    assert set(upos_missing(old)) == {"gold", "system"}
    assert old.totals["tokens"].as_tuple() == (8, 1, 2)


def test_bad_upos_in_json_is_an_input_error() -> None:
    data = pair().to_dict()
    data["gold"]["sentences"][0]["upos"] = ["PRON"]
    with pytest.raises(InputError, match="must hold one string per token"):
        read_result_json(json.dumps(data).encode(), "r.json", PreprocessResult.from_dict, "preprocess")


def test_analysis_json_holds_the_upos_matrix() -> None:
    data = analyse(pair())
    cells = {(c["gold"], c["sys"]): c["count"] for c in data["confusions"][UPOS]["cells"]}
    assert cells[("VERB", "NOUN")] == 1 and sum(cells.values()) == 8


# --- golden: the EWT excerpt against a derived system ---------------------------------------------


@pytest.fixture(scope="module")
def ewt_pair() -> PreprocessResult:
    gold_text = GOLD.read_text(encoding="utf-8")
    system_text = derive_system(gold_text)
    return evaluate(read_segmentation(gold_text, "gold.conllu"), read_segmentation(system_text, "sys.conllu"))


def test_ewt_derived_pair_every_cell(ewt_pair: PreprocessResult) -> None:
    matrix = upos_confusion(ewt_pair)
    counts = {key: len(examples) for key, examples in matrix.cells.items()}
    assert counts == dict(expected_cells(GOLD.read_text(encoding="utf-8")))  # brute force
    # counted with awk on the gold file (2,573 words; words 7-9 of sentence 2 left out)
    assert (matrix.total, matrix.agreement) == (2570, 2109)
    assert matrix.count("PROPN", "NOUN") == 209
    assert matrix.count("AUX", "VERB") == 144
    assert matrix.count("PUNCT", NO_TAG) == 108  # the commas
    assert matrix.count("PUNCT", "PUNCT") == 181
    assert matrix.count("NOUN", "NOUN") == 392
    assert matrix.count("VERB", "VERB") == 274
    assert matrix.gold_total("PROPN") == 209 and matrix.sys_total("PROPN") == 0
    assert len(matrix.cells) == 17
    # the merges: sentences 107/2/4 and words 2570/1/3
    assert ewt_pair.totals["sentences"].as_tuple() == (107, 2, 4)
    assert ewt_pair.totals["tokens"].as_tuple() == (2570, 1, 3)
    assert matrix.total == ewt_pair.totals["tokens"].tp


# --- property: the matrix counts exactly the token TPs, each with its two tags ------------------------

TAGS = ["NOUN", "VERB", "_"]


@hst.composite
def tagged_pair(draw) -> tuple[str, str]:
    """A gold and a system CoNLL-U over the same characters, cut and tagged at random."""
    words = draw(hst.lists(hst.sampled_from(["a", "bc", "d", "ef"]), min_size=1, max_size=25))
    system: list[str] = []
    for word in words:
        if system and draw(hst.integers(0, 5)) == 0:
            system[-1] += word  # glued to the previous word
        else:
            system.append(word)

    def write(tokens: list[str]) -> str:
        sentences: list[list[tuple[str, str, str]]] = [[]]
        for token in tokens:
            sentences[-1].append((str(len(sentences[-1]) + 1), token, draw(hst.sampled_from(TAGS))))
            if draw(hst.integers(0, 4)) == 0:
                sentences.append([])
        return conllu(*[s for s in sentences if s])

    return write(words), write(system)


@settings(max_examples=120, deadline=None)
@given(tagged_pair())
def test_upos_matrix_counts_the_token_tps_with_their_tags(texts: tuple[str, str]) -> None:
    result = pair(gold=texts[0], system=texts[1])
    gold_tags, sys_tags = flat_upos(result.gold), flat_upos(result.system)
    if gold_tags is None or sys_tags is None:
        assert confusions(result) == {} and upos_missing(result)
        return
    matrix = upos_confusion(result)
    assert matrix.total == result.totals["tokens"].tp
    gold_tokens = [t for s in result.gold.sentences for t in s.tokens]
    sys_tokens = [t for s in result.system.sentences for t in s.tokens]
    for (gold_label, sys_label), examples in matrix.cells.items():
        for example in examples:
            assert (gold_tags[example.gold], sys_tags[example.sys]) == (gold_label, sys_label)
            assert gold_tokens[example.gold] == sys_tokens[example.sys]
