"""Dependency parsing and tagging from raw text: every CoNLL 2018 UD metric, also when the text differs.

Spec
====

**Inputs.**  A gold and a system CoNLL-U file, each read with its LEMMA,
UPOS, XPOS, FEATS, HEAD and DEPREL (:mod:`jpcore.ud.treebank`; every
sentence must be one tree, as the CoNLL 2018 script demands).  Empty nodes,
DEPS and MISC are not used.

**Metrics.**  The thirteen of ``conll18_ud_eval.py`` with its definitions
(:mod:`jpcore.ud.metrics`, :mod:`jpcore.ud.scoring`): Tokens, Sentences,
Words, UPOS, XPOS, UFeats (universal features only), AllTags, Lemmas, UAS,
LAS (main type of the DEPREL), CLAS, MLAS and BLEX (content words only).
For each: *correct*, *gold* and *system* counts, precision = correct /
system, recall = correct / gold, F1 = 2 correct / (gold + system), and for
the metrics on aligned words the aligned accuracy = correct / aligned pairs.

**Alignment.**  The words are aligned by the alignment of ``jpcore
preprocess`` at the ``words`` level, nothing else (:mod:`jpcore.ud.pairing`):
the tokens' characters with spaces deleted and no other normalisation,
sentence groups, word groups inside them, the words of multiword tokens
paired as the script pairs them.  A gold and a system word are an **aligned
pair** when they are alone in their word group on both sides and the group's
characters are identical (a 1:1 ``exact`` group).  Sentences and tokens are
correct in 1:1 ``exact`` sentence and token groups.

**Where the characters are the same** (the files the script accepts), the
aligned pairs are exactly the script's, and so is every count of every
metric (tested against the script run on the UD test sets).

**Where the characters differ** (the script refuses: "The concatenation of
tokens in gold file and in system file differ!"), the same definitions are
applied to our alignment:

1. Only an aligned pair can be correct.  A word in a differing stretch (a
   word group whose characters differ, ``similar`` or ``different``, or
   that one side lacks) is wrong for every metric: a miss on the gold side,
   a false word on the system side; so is a word cut differently (a
   ``merged`` group), as in the script.
2. A system word **corresponds** to a gold word when they are an aligned
   pair, or when they are alone in a 1:1 word group whose characters differ
   (the same place in the text, rewritten: ``colour`` / ``color``).
3. A head is correct when both words are roots, or when the head of the
   system word corresponds to the head of the gold word (root = root).  The
   same correspondence tells which gold function word a system one is, for
   MLAS.  Where the characters are the same, corresponding is the script's
   being aligned, so this changes nothing there.

Worked example: the system wrote ``color`` for ``colour`` (a 1:1
``similar`` group), then cut ``colour`` in two (a 1:2 ``merged`` group).

>>> def conllu(*rows):
...     lines = ["\\t".join(map(str, (k, *row, "_", "_"))) for k, row in enumerate(rows, 1)]
...     return "\\n".join(lines) + "\\n\\n"
>>> gold = conllu(("The", "the", "DET", "DT", "_", 2, "det"), ("colour", "colour", "NOUN", "NN", "_", 3, "nsubj"),
...               ("faded", "fade", "VERB", "VBD", "_", 0, "root"), (".", ".", "PUNCT", ".", "_", 3, "punct"))
>>> def counts(result, names=("Words", "UPOS", "UAS", "LAS", "CLAS")):
...     return {name: (result.totals[name].tp, result.totals[name].gold, result.totals[name].system) for name in names}
>>> rewritten = evaluate_bytes(gold, gold.replace("colour", "color"))
>>> [unit.words[1].kind for unit in rewritten.units], counts(rewritten)
(['similar'], {'Words': (3, 4, 4), 'UPOS': (3, 4, 4), 'UAS': (3, 4, 4), 'LAS': (3, 4, 4), 'CLAS': (1, 2, 2)})

``color`` itself is wrong (Words 3 of 4), but ``The`` still attaches to the
word in its place: UAS 3.  Only the root ``faded`` counts for CLAS (gold
content words: ``colour`` nsubj and ``faded`` root).  Cut in two, ``colour``
has no corresponding word, so ``The``'s attachment is wrong too:

>>> cut = conllu(("The", "the", "DET", "DT", "_", 2, "det"), ("col", "col", "NOUN", "NN", "_", 4, "nsubj"),
...              ("our", "our", "NOUN", "NN", "_", 2, "flat"), ("faded", "fade", "VERB", "VBD", "_", 0, "root"),
...              (".", ".", "PUNCT", ".", "_", 4, "punct"))
>>> counts(evaluate_bytes(gold, cut))
{'Words': (3, 4, 5), 'UPOS': (3, 4, 5), 'UAS': (2, 4, 5), 'LAS': (2, 4, 5), 'CLAS': (1, 2, 3)}
"""

from __future__ import annotations

from jpcore.runtime import gc_paused, promote_young_objects
from jpcore.ud.metrics import METRICS
from jpcore.ud.pairing import align_treebanks
from jpcore.ud.report import render_text
from jpcore.ud.result import FLAG_BITS, TASK, Score, UdResult, UdUnit, is_correct
from jpcore.ud.scoring import score_pairs
from jpcore.ud.treebank import Treebank, read_treebank

__all__ = ["FLAG_BITS", "METRICS", "TASK", "Score", "Treebank", "UdResult", "UdUnit", "evaluate", "evaluate_bytes",
           "is_correct", "read_treebank", "render_text"]


def evaluate(gold: Treebank, system: Treebank, *, strict: bool = False) -> UdResult:
    """Align ``system`` to ``gold`` and score every metric (module doc).  With
    ``strict``, differing characters raise :class:`~jpcore.errors.InputError`
    naming the first difference, as the CoNLL 2018 script refuses them."""
    with gc_paused():
        alignment = align_treebanks(gold, system, strict=strict)
        scores = score_pairs(gold, system, alignment)
        return UdResult(gold, system, scores.totals(), alignment.differences, scores.units)


def evaluate_bytes(gold_data: bytes | str, sys_data: bytes | str, gold_name: str = "gold",
                   sys_name: str = "system", *, strict: bool = False) -> UdResult:
    """Read two CoNLL-U files' bytes and :func:`evaluate` them: what ``jpcore ud GOLD SYSTEM`` does."""
    with gc_paused():
        gold = read_treebank(gold_data, gold_name)
        system = read_treebank(sys_data, sys_name)
        result = evaluate(gold, system, strict=strict)
        promote_young_objects()  # long-lived: no scan of it when the collector resumes
        return result
