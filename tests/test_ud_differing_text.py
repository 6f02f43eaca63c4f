"""Beyond the CoNLL 2018 script: files whose characters differ (it refuses them), exact values.

The rule (``jpcore/ud/__init__.py``): only an aligned pair (a 1:1 ``exact``
word group) can be correct; a system word *corresponds* to a gold word when
they are a pair or alone in a 1:1 group whose characters differ; a head is
correct when both are roots or the system head corresponds to the gold
head; the same correspondence identifies MLAS's function-word children.
Every case below is small enough to count by hand; the comments do.
"""

from __future__ import annotations

import pytest

from jpcore.cli import main as cli_main
from jpcore.errors import InputError
from jpcore.ud import evaluate_bytes, render_text


def conllu(*sentences: list[tuple]) -> str:
    """CoNLL-U text of sentences given as rows (form, lemma, upos, xpos, feats, head, deprel)."""
    blocks = []
    for rows in sentences:
        blocks.append("".join("\t".join(map(str, (k, *row, "_", "_"))) + "\n" for k, row in enumerate(rows, 1)))
    return "\n".join(blocks) + "\n"


def counts(result, names=None) -> dict[str, tuple]:
    names = names or result.totals
    return {name: (result.totals[name].tp, result.totals[name].gold, result.totals[name].system,
                   result.totals[name].aligned) for name in names}


COLOUR = [("The", "the", "DET", "DT", "Definite=Def|PronType=Art", 2, "det"),
          ("colour", "colour", "NOUN", "NN", "Number=Sing", 3, "nsubj"),
          ("faded", "fade", "VERB", "VBD", "Mood=Ind|Tense=Past", 0, "root"),
          (".", ".", "PUNCT", ".", "_", 3, "punct")]


def test_a_rewritten_word_is_wrong_but_still_holds_its_dependents():
    gold = conllu(COLOUR)
    result = evaluate_bytes(gold, gold.replace("colour", "color"))
    assert not result.streams_equal
    assert [(w.ratio, w.kind) for w in result.units[0].words] == [
        ("1:1", "exact"), ("1:1", "similar"), ("1:1", "exact"), ("1:1", "exact")]
    # 'color' is no pair: 3 of 4 words; 'The' -> 'color' corresponds to 'The' -> 'colour'.
    # Content words: colour (nsubj, not aligned) and faded (root): CLAS 1 of 2, aligned 1.
    assert counts(result) == {
        "Tokens": (3, 4, 4, None), "Sentences": (0, 1, 1, None), "Words": (3, 4, 4, None),
        "UPOS": (3, 4, 4, 3), "XPOS": (3, 4, 4, 3), "UFeats": (3, 4, 4, 3), "AllTags": (3, 4, 4, 3),
        "Lemmas": (3, 4, 4, 3), "UAS": (3, 4, 4, 3), "LAS": (3, 4, 4, 3),
        "CLAS": (1, 2, 2, 1), "MLAS": (1, 2, 2, 1), "BLEX": (1, 2, 2, 1),
    }


def test_a_head_that_corresponds_to_another_gold_word_is_wrong():
    gold = conllu(COLOUR)
    # the system hangs 'The' from 'faded': 'faded' is aligned to 'faded', not to 'colour'
    system = conllu([COLOUR[0][:5] + (3, "det"), *COLOUR[1:]]).replace("colour", "color")
    assert counts(evaluate_bytes(gold, system), ["Words", "UAS", "LAS"]) == {
        "Words": (3, 4, 4, None), "UAS": (2, 4, 4, 3), "LAS": (2, 4, 4, 3)}


def test_an_unrelated_word_in_the_same_place_still_corresponds():
    # cat / dog: not similar ('different'), but alone in its 1:1 group: 'The' still attaches
    gold = conllu([("The", "the", "DET", "DT", "_", 2, "det"), ("cat", "cat", "NOUN", "NN", "_", 3, "nsubj"),
                   ("sat", "sit", "VERB", "VBD", "_", 0, "root"), (".", ".", "PUNCT", ".", "_", 3, "punct")])
    result = evaluate_bytes(gold, gold.replace("cat", "dog"))
    assert [w.kind for w in result.units[0].words] == ["exact", "different", "exact", "exact"]
    assert counts(result, ["Words", "UAS", "LAS", "CLAS"]) == {
        "Words": (3, 4, 4, None), "UAS": (3, 4, 4, 3), "LAS": (3, 4, 4, 3), "CLAS": (1, 2, 2, 1)}


def test_a_rewritten_function_word_still_counts_as_the_childs_match_for_mlas():
    # 'Teh' for 'The' (det of 'cat'): 'Teh' itself is wrong, but it corresponds to 'The',
    # so 'cat' (nsubj) has the same function-word children: MLAS right for cat and sat
    gold = conllu([("The", "the", "DET", "DT", "_", 2, "det"), ("cat", "cat", "NOUN", "NN", "_", 3, "nsubj"),
                   ("sat", "sit", "VERB", "VBD", "_", 0, "root"), (".", ".", "PUNCT", ".", "_", 3, "punct")])
    result = evaluate_bytes(gold, gold.replace("The\tthe", "Teh\tteh"))
    assert counts(result, ["Words", "UPOS", "UAS", "CLAS", "MLAS", "BLEX"]) == {
        "Words": (3, 4, 4, None), "UPOS": (3, 4, 4, 3), "UAS": (3, 4, 4, 3),
        "CLAS": (2, 2, 2, 2), "MLAS": (2, 2, 2, 2), "BLEX": (2, 2, 2, 2)}
    # ... and wrong if the rewritten child's label is wrong too
    changed = gold.replace("The\tthe\tDET\tDT\t_\t2\tdet", "Teh\tteh\tDET\tDT\t_\t2\tcase")
    assert counts(evaluate_bytes(gold, changed), ["MLAS"]) == {"MLAS": (1, 2, 2, 2)}


def test_a_word_cut_in_two_has_no_corresponding_word():
    gold = conllu(COLOUR)
    system = conllu([COLOUR[0][:5] + (4, "det"), ("col", "col", "NOUN", "NN", "Number=Sing", 4, "nsubj"),
                     ("our", "our", "NOUN", "NN", "_", 2, "flat"), COLOUR[2], COLOUR[3][:5] + (4, "punct")])
    result = evaluate_bytes(gold, system)
    assert result.streams_equal  # the same characters: the script would accept this pair
    assert [(w.ratio, w.kind) for w in result.units[0].words] == [
        ("1:1", "exact"), ("1:2", "merged"), ("1:1", "exact"), ("1:1", "exact")]
    # 'The' -> 'col' (merged): no corresponding word, wrong; CLAS: faded only (col, our are content)
    assert counts(result, ["Tokens", "Words", "UAS", "CLAS"]) == {
        "Tokens": (3, 4, 5, None), "Words": (3, 4, 5, None), "UAS": (2, 4, 5, 3), "CLAS": (1, 2, 3, 1)}


def test_a_word_missing_on_the_system_side():
    # 'big' only in gold (a gold-only group); 'the' -> 'dog' still right; 'big' is a miss
    gold = conllu([("I", "I", "PRON", "PRP", "_", 2, "nsubj"), ("saw", "see", "VERB", "VBD", "_", 0, "root"),
                   ("the", "the", "DET", "DT", "_", 5, "det"), ("big", "big", "ADJ", "JJ", "_", 5, "amod"),
                   ("dog", "dog", "NOUN", "NN", "_", 2, "obj"), (".", ".", "PUNCT", ".", "_", 2, "punct")])
    system = conllu([("I", "I", "PRON", "PRP", "_", 2, "nsubj"), ("saw", "see", "VERB", "VBD", "_", 0, "root"),
                     ("the", "the", "DET", "DT", "_", 4, "det"), ("dog", "dog", "NOUN", "NN", "_", 2, "obj"),
                     (".", ".", "PUNCT", ".", "_", 2, "punct")])
    result = evaluate_bytes(gold, system)
    assert [(w.ratio, w.kind) for w in result.units[0].words] == [
        ("1:1", "exact"), ("1:1", "exact"), ("1:1", "exact"), ("1:0", "gold-only"), ("1:1", "exact"),
        ("1:1", "exact")]
    assert counts(result) == {
        "Tokens": (5, 6, 5, None), "Sentences": (0, 1, 1, None), "Words": (5, 6, 5, None),
        "UPOS": (5, 6, 5, 5), "XPOS": (5, 6, 5, 5), "UFeats": (5, 6, 5, 5), "AllTags": (5, 6, 5, 5),
        "Lemmas": (5, 6, 5, 5), "UAS": (5, 6, 5, 5), "LAS": (5, 6, 5, 5),
        "CLAS": (3, 4, 3, 3), "MLAS": (3, 4, 3, 3), "BLEX": (3, 4, 3, 3),
    }


def test_a_sentence_only_the_system_has():
    hello = [("Hello", "hello", "INTJ", "UH", "_", 0, "root"), ("world", "world", "NOUN", "NN", "_", 1, "vocative"),
             (".", ".", "PUNCT", ".", "_", 1, "punct")]
    extra = [("Extra", "extra", "ADJ", "JJ", "_", 2, "amod"), ("words", "word", "NOUN", "NNS", "_", 0, "root"),
             ("here", "here", "ADV", "RB", "_", 2, "advmod"), (".", ".", "PUNCT", ".", "_", 2, "punct")]
    result = evaluate_bytes(conllu(hello), conllu(extra, hello))
    assert [(unit.ratio, unit.kind) for unit in result.units] == [("0:1", "system-only"), ("1:1", "exact")]
    assert counts(result, ["Tokens", "Sentences", "Words", "UAS", "CLAS"]) == {
        "Tokens": (3, 3, 7, None), "Sentences": (1, 1, 2, None), "Words": (3, 3, 7, None),
        "UAS": (3, 3, 7, 3), "CLAS": (2, 2, 5, 2)}
    # per unit: the extra sentence holds only system words
    assert [(unit.counts["Words"].tp, unit.counts["Words"].gold, unit.counts["Words"].system)
            for unit in result.units] == [(0, 0, 4), (3, 3, 3)]
    assert result.units[0].has_error and not result.units[1].has_error


def test_the_report_names_the_differences_and_strict_refuses(tmp_path, capsys):
    gold = conllu(COLOUR)
    system = gold.replace("colour", "color")
    text = render_text(evaluate_bytes(gold, system, "g.conllu", "s.conllu"))
    assert text.splitlines()[2] == "Tokens     |     75.00 |     75.00 |     75.00 |"
    assert text.endswith("  differs: gold line 1 'u' vs system line 1 ''\n")  # the sentence's line
    with pytest.raises(InputError) as refused:
        evaluate_bytes(gold, system, "g.conllu", "s.conllu", strict=True)
    # as jpcore preprocess --strict: 20 characters of each side from the first difference
    assert str(refused.value) == ("s.conllu:1: expected the same characters as g.conllu line 1: 'urfaded.', "
                                  "found 'rfaded.'")
    (tmp_path / "g.conllu").write_text(gold, "utf-8")
    (tmp_path / "s.conllu").write_text(system, "utf-8")
    assert cli_main(["ud", str(tmp_path / "g.conllu"), str(tmp_path / "s.conllu"), "--strict"]) == 2
    assert "expected the same characters as" in capsys.readouterr().err
