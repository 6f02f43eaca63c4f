"""Scoring the aligned word pairs: every conll18 metric, per pair and per unit.

Contract: :func:`score_pairs` takes the two treebanks and their
:class:`~jpcore.ud.pairing.WordAlignment` and returns the :class:`PairScores`:
the totals of every metric (:meth:`PairScores.totals`) and, built when asked
(:meth:`PairScores.units`), the :class:`~jpcore.ud.result.UdUnit` list.  For an aligned pair
(gold word ``g``, system word ``s``; ``corresponds(x)`` is the gold word a
system word corresponds to, :func:`jpcore.ud.pairing.pairs_and_correspondence`)
the metrics compare, as ``conll18_ud_eval.py`` does:

* UPOS, XPOS: the column; UFeats: the universal features
  (:func:`jpcore.ud.metrics.universal_features`); AllTags: all three;
* Lemmas: the LEMMA, and any system lemma is right where the gold one is ``_``;
* UAS: the heads -- both are the root, or ``corresponds(head of s)`` is the
  head of ``g``; LAS: UAS and the main type of the DEPREL;
* CLAS: LAS, counted only where ``g`` is a content word; BLEX: CLAS and
  Lemmas; MLAS: CLAS, UPOS, UFeats and the function-word children (the
  children whose main type is a function type, in sentence order): as many
  on both sides, and child by child ``corresponds(system child)`` is the
  gold child with the same main type, UPOS and universal features.

Counts per unit: *correct* is the unit's pairs correct for the metric; *gold*
and *system* the unit's words (for CLAS, MLAS, BLEX its words whose own
main type is a content type); *aligned* its pairs (with a content gold word).
Tokens, Sentences and Words are the alignment's own counts.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import accumulate, compress, repeat
from operator import add, and_, eq, lshift, or_

from jpcore.ud.metrics import (
    CONTENT_DEPRELS, CONTENT_METRICS, FUNCTIONAL_DEPRELS, PAIR_METRICS, main_types, universal_feature_column,
)
from jpcore.ud.pairing import WordAlignment, pairs_and_correspondence
from jpcore.ud.result import FLAG_BITS, Score, UdUnit
from jpcore.ud.treebank import ROOT, Treebank


@dataclass(slots=True)
class SideColumns:
    """One side's words as the metrics compare them (flat word indices): UPOS, XPOS,
    universal features, LEMMA, DEPREL main type, parent index (:data:`ROOT`),
    whether the word is a content word and its function-word children."""

    upos: list[str]
    xpos: list[str]
    ufeats: list[str]
    lemma: list[str]
    deprel: list[str]
    parent: list[int]
    content: list[bool]
    children: dict[int, list[int]]

    @classmethod
    def of(cls, treebank: Treebank) -> SideColumns:
        """The columns of ``treebank``."""
        deprel = main_types(treebank.deprel)
        parent = treebank.parents()
        content = list(map(CONTENT_DEPRELS.__contains__, deprel))
        children: dict[int, list[int]] = {}
        for word in compress(range(len(deprel)), map(FUNCTIONAL_DEPRELS.__contains__, deprel)):
            head = parent[word]
            if head != ROOT:
                if head in children:
                    children[head].append(word)
                else:
                    children[head] = [word]
        return cls(treebank.upos, treebank.xpos, universal_feature_column(treebank.feats), treebank.lemma,
                   deprel, parent, content, children)


def _picker(words: list[int], n_words: int) -> Callable[[list], list]:
    """A function taking a column's values at ``words`` (the column itself when the
    pairs hold every word of the side in order: the same tokenization)."""
    if len(words) == n_words and (not words or words[-1] == n_words - 1):
        return lambda column: column  # n distinct increasing indices below n: all of them
    return lambda column: list(map(column.__getitem__, words))


def _both(*columns: list[bool]) -> list[bool]:
    out = columns[0]
    for column in columns[1:]:
        out = list(map(and_, out, column))
    return out


def metric_columns(gold: SideColumns, system: SideColumns, gold_words: list[int], sys_words: list[int],
                   correspondence: list[int]) -> dict[str, list[bool]]:
    """Per metric of :data:`~jpcore.ud.metrics.PAIR_METRICS`, whether each pair
    ``(gold_words[k], sys_words[k])`` is correct for it (module doc)."""
    at_gold, at_sys = _picker(gold_words, len(gold.upos)), _picker(sys_words, len(system.upos))

    def same(gold_column: list, sys_column: list) -> list[bool]:
        return list(map(eq, at_gold(gold_column), at_sys(sys_column)))

    upos = same(gold.upos, system.upos)
    xpos = same(gold.xpos, system.xpos)
    ufeats = same(gold.ufeats, system.ufeats)
    gold_lemmas = at_gold(gold.lemma)
    lemmas = list(map(or_, map(eq, gold_lemmas, at_sys(system.lemma)), map("_".__eq__, gold_lemmas)))
    # the gold word a system head corresponds to; ROOT (-1) stays ROOT
    gold_of = [*correspondence, ROOT]
    uas = list(map(eq, map(gold_of.__getitem__, at_sys(system.parent)), at_gold(gold.parent)))
    las = _both(uas, same(gold.deprel, system.deprel))
    clas = _both(las, at_gold(gold.content))
    mlas = _both(clas, upos, ufeats)
    g_children, s_children = gold.children, system.children
    for k in compress(range(len(mlas)), mlas):
        gold_word, sys_word = gold_words[k], sys_words[k]
        if gold_word in g_children or sys_word in s_children:
            mlas[k] = _same_children(gold, system, gold_word, sys_word, correspondence)
    return {"UPOS": upos, "XPOS": xpos, "UFeats": ufeats, "AllTags": _both(upos, xpos, ufeats), "Lemmas": lemmas,
            "UAS": uas, "LAS": las, "CLAS": clas, "MLAS": mlas, "BLEX": _both(clas, lemmas)}


def _same_children(gold: SideColumns, system: SideColumns, g: int, s: int, correspondence: Sequence[int]) -> bool:
    """MLAS: the function-word children of ``g`` and ``s`` agree (module doc)."""
    g_children = gold.children.get(g, ())
    s_children = system.children.get(s, ())
    if len(g_children) != len(s_children):
        return False
    return all(
        correspondence[sc] == gc and gold.deprel[gc] == system.deprel[sc] and gold.upos[gc] == system.upos[sc]
        and gold.ufeats[gc] == system.ufeats[sc]
        for gc, sc in zip(g_children, s_children)
    )


def pack_flags(columns: dict[str, list[bool]], n_pairs: int) -> list[int]:
    """Per pair, the bits (:data:`jpcore.ud.result.FLAG_BITS`) of the metrics it is correct for."""
    flags = [0] * n_pairs
    for name, column in columns.items():
        flags = list(map(add, flags, map(lshift, column, repeat(FLAG_BITS[name].bit_length() - 1))))
    return flags


@dataclass(slots=True)
class PairScores:
    """The scored pairs of a whole evaluation: the two treebanks and their columns,
    the alignment, per pair its gold and system word and whether it is correct
    for each metric (``columns``), and each unit's first pair."""

    gold_treebank: Treebank
    sys_treebank: Treebank
    gold: SideColumns
    system: SideColumns
    alignment: WordAlignment
    gold_words: list[int]
    sys_words: list[int]
    pairs_before: list[int]
    columns: dict[str, list[bool]]

    def totals(self) -> dict[str, Score]:
        """Every metric's counts over the whole files."""
        g, s, alignment = self.gold, self.system, self.alignment
        gold, system = self.gold_treebank, self.sys_treebank
        n_pairs = len(self.gold_words)
        n_content_pairs = sum(map(g.content.__getitem__, self.gold_words))
        totals = {
            "Tokens": Score(*map(sum, zip(*alignment.tokens))) if alignment.tokens else Score(),
            "Sentences": Score(sum(1 for unit, _ in alignment.units if unit.is_match), gold.n_sentences,
                               system.n_sentences),
            "Words": Score(n_pairs, gold.n_words, system.n_words),
        }
        for name in PAIR_METRICS:
            correct = sum(self.columns[name])
            if name in CONTENT_METRICS:
                totals[name] = Score(correct, sum(g.content), sum(s.content), n_content_pairs)
            else:
                totals[name] = Score(correct, gold.n_words, system.n_words, n_pairs)
        return totals

    def units(self) -> list[UdUnit]:
        """The scored units (module doc): per unit its word groups, pairs and counts."""
        g, s, alignment, gold_words, sys_words = self.gold, self.system, self.alignment, self.gold_words, self.sys_words
        flags = pack_flags(self.columns, len(gold_words))
        gold_starts, sys_starts = self.gold_treebank.word_starts(), self.sys_treebank.word_starts()
        gold_content_before = list(accumulate(g.content, initial=0))
        sys_content_before = list(accumulate(s.content, initial=0))
        correct_before = [list(accumulate(self.columns[name], initial=0)) for name in PAIR_METRICS]
        content_pairs_before = list(accumulate(map(g.content.__getitem__, gold_words), initial=0))
        kinds = [name in CONTENT_METRICS for name in PAIR_METRICS]
        units = []
        for number, (unit, words) in enumerate(alignment.units):
            p0, p1 = self.pairs_before[number], self.pairs_before[number + 1]
            gold_w0, gold_w1 = gold_starts[unit.gold[0]], gold_starts[unit.gold[1]]
            sys_w0, sys_w1 = sys_starts[unit.sys[0]], sys_starts[unit.sys[1]]
            n_gold, n_sys, n_pairs = gold_w1 - gold_w0, sys_w1 - sys_w0, p1 - p0
            content = (gold_content_before[gold_w1] - gold_content_before[gold_w0],
                       sys_content_before[sys_w1] - sys_content_before[sys_w0],
                       content_pairs_before[p1] - content_pairs_before[p0])
            table = [(*alignment.tokens[number], None), (1 if unit.is_match else 0, unit.n_gold, unit.n_sys, None),
                     (n_pairs, n_gold, n_sys, None)]
            table += [(before[p1] - before[p0], *content) if is_content
                      else (before[p1] - before[p0], n_gold, n_sys, n_pairs)
                      for before, is_content in zip(correct_before, kinds)]
            pairs = list(zip(gold_words[p0:p1], sys_words[p0:p1], flags[p0:p1]))
            units.append(UdUnit(number, unit.gold, unit.sys, unit.gold_chars, unit.sys_chars, unit.kind,
                                words, pairs, tuple(table)))
        return units


def score_pairs(gold: Treebank, system: Treebank, alignment: WordAlignment) -> PairScores:
    """Score every aligned pair of ``alignment`` (module doc)."""
    g, s = SideColumns.of(gold), SideColumns.of(system)
    gold_words, sys_words, pairs_before, correspondence = pairs_and_correspondence(alignment.units, system.n_words)
    columns = metric_columns(g, s, gold_words, sys_words, correspondence)
    return PairScores(gold, system, g, s, alignment, gold_words, sys_words, pairs_before, columns)
