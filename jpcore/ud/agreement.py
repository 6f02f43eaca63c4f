"""Inter-annotator agreement that survives different tokenizations.

Two annotators' CoNLL-U files are aligned as ``jpcore ud`` aligns gold and
system (:mod:`jpcore.ud.pairing`): the words the alignment pairs 1:1 (an
``exact`` word group, one word on each side, the same characters) are the
*comparable* words, and on them Cohen's kappa is computed per column
(:func:`jpcore.stats.kappa.cohen_kappa`):

* ``UPOS``, ``XPOS``, ``FEATS`` and ``DEPREL``: the column's value as written;
* ``HEAD``: where the head lies, in annotator A's word numbering: ``root``,
  or the distance from the word to its head (``-2``: two words to the left).
  B's head is first mapped to the A word it corresponds to (the alignment's
  correspondence, as for UAS); a B head with no corresponding A word is
  ``unaligned`` and never agrees.  So the HEAD agreement is the share of
  comparable words with the same head, UAS's rule.

Beside the kappas, how many words of each side could be compared, and why
the others could not (:mod:`jpcore.stats.agreement`); every item labelled
differently and every word group left out, with its unit (what the app lists).

>>> def conllu(*rows):
...     lines = ["\\t".join(map(str, (k, *row, "_", "_"))) for k, row in enumerate(rows, 1)]
...     return "\\n".join(lines) + "\\n\\n"
>>> from jpcore.ud import evaluate_bytes
>>> a = conllu(("The", "the", "DET", "DT", "_", 2, "det"), ("blackboard", "blackboard", "NOUN", "NN", "_", 0, "root"))
>>> b = conllu(("The", "the", "DET", "DT", "_", 3, "det"), ("black", "black", "ADJ", "JJ", "_", 3, "amod"),
...            ("board", "board", "NOUN", "NN", "_", 0, "root"))
>>> agreement = annotator_agreement(evaluate_bytes(a, b))
>>> agreement.comparable, agreement.words_a, agreement.words_b, agreement.not_comparable
(1, 2, 3, {'split/merged': (1, 2), 'text differs': (0, 0), 'one side only': (0, 0)})
>>> agreement.columns["UPOS"].kappa, agreement.columns["HEAD"].agreed
(1.0, 0)
>>> agreement.disagreeing[0], agreement.excluded
(Disagreement(column='HEAD', unit=0, text_a='The', text_b='The', label_a='1', label_b='unaligned'), \
(Excluded(unit=0, reason='split/merged', kind='merged', text_a='blackboard', text_b='black board', words_a=1, \
words_b=2),))
"""

from __future__ import annotations

from collections.abc import Sequence

from jpcore.stats.agreement import Agreement, Item, agreement_of, excluded_groups
from jpcore.ud.pairing import NOT_ALIGNED, pairs_and_correspondence
from jpcore.ud.result import UdResult
from jpcore.ud.treebank import ROOT

__all__ = ["COLUMNS", "annotator_agreement"]

#: The columns compared, in the order they are reported.
COLUMNS = ("UPOS", "XPOS", "FEATS", "DEPREL", "HEAD")


def _head_labels(parents: Sequence[int], words: Sequence[int]) -> list[str]:
    return ["root" if parents[word] == ROOT else str(parents[word] - word) for word in words]


def annotator_agreement(result: UdResult) -> Agreement:
    """The agreement of ``result.gold`` (annotator A) and ``result.system`` (annotator B)
    on their 1:1 words (module doc)."""
    a, b = result.gold, result.system
    units = [(None, unit.words) for unit in result.units]
    words_a, words_b, pairs_before, correspondence = pairs_and_correspondence(units, b.n_words)
    mapped_b = [ROOT if head == ROOT else correspondence[head] for head in b.parents()]
    head_b = ["root" if mapped_b[word_b] == ROOT else
              "unaligned" if mapped_b[word_b] == NOT_ALIGNED else str(mapped_b[word_b] - word_a)
              for word_a, word_b in zip(words_a, words_b)]
    labels = {
        "UPOS": ([a.upos[w] for w in words_a], [b.upos[w] for w in words_b]),
        "XPOS": ([a.xpos[w] for w in words_a], [b.xpos[w] for w in words_b]),
        "FEATS": ([a.feats[w] for w in words_a], [b.feats[w] for w in words_b]),
        "DEPREL": ([a.deprel[w] for w in words_a], [b.deprel[w] for w in words_b]),
        "HEAD": (_head_labels(a.parents(), words_a), head_b),
    }
    groups = (group for unit in result.units for group in unit.words)
    forms_a, forms_b = a.forms(), b.forms()
    unit_of = [k for k in range(len(units)) for _ in range(pairs_before[k + 1] - pairs_before[k])]
    items = [Item(unit, forms_a[word_a], forms_b[word_b]) for unit, word_a, word_b in zip(unit_of, words_a, words_b)]
    excluded = excluded_groups(((k, unit.words) for k, unit in enumerate(result.units)), forms_a, forms_b)
    return agreement_of(labels, groups, a.n_words, b.n_words, items=dict.fromkeys(COLUMNS, items), excluded=excluded)
