"""jp-errant's common case kept flat: both files hold the same text, cut into sentences differently.

When the two sides' key streams (:mod:`jpcore.gec.keys`, every sentence's key
joined) are the same characters and no sentence's key is empty, the
sentence alignment (:func:`jpcore.gec.sentences.align_sentences`) can only
cut where both sides end a sentence at the same offset: every unit is
``exact`` (one sentence a side) or ``merged`` (more on a side), never
similar or one-sided.  :func:`align_flat` finds those cuts with set and
``map`` operations over the two lists of sentence ends (no ``Group``, no
``SentenceGroup`` per unit), builds the aligned documents with ``map`` over
the original blocks (a Python step only for the sides that concatenate
several blocks, :func:`jpcore.gec.concat.build_side`), and keeps the units
as :class:`FlatUnits`: block ranges in two integer lists, from which the
stderr note is counted and a :class:`~jpcore.gec.unit.GecUnit` per unit
is made only when a page, ``--json`` or the API reads them.

The reference is :func:`jpcore.gec.evaluate.evaluate_reference` (the
sentence alignment and one unit object per unit); ``tests/test_gec_flat.py``
holds the two equal unit by unit, block by block.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import accumulate, compress, count, repeat
from operator import add, itemgetter, ne, sub

from jpcore.align import EXACT, MERGED
from jpcore.align.serial import DISPLAY_KINDS, kind_word
from jpcore.align.similarity import Normaliser
from jpcore.align.streams import GroupShape
from jpcore.formats.m2 import M2Block, M2Document
from jpcore.gec.concat import SideBlock, build_side
from jpcore.gec.keys import OTHER_SPACE, block_sentences, sentence_spans, straddling_patterns, token_counts
from jpcore.gec.unit import GecUnit

__all__ = ["FlatUnits", "align_flat", "cuts_from_keys", "cuts_from_text"]

_EDITS = itemgetter(5)  # an M2Block's edits
_LINE = itemgetter(1)  # an M2Block's line


class _Shape(GroupShape):
    """Block counts read as a shape (the reference's own ``shape`` rule)."""

    __slots__ = ("gold", "sys")

    def __init__(self, n_gold: int, n_sys: int) -> None:
        self.gold, self.sys = (0, n_gold), (0, n_sys)


class FlatUnits:
    """The units of :func:`align_flat`: unit ``k`` holds gold blocks ``gold_cuts[k]:gold_cuts[k + 1]``
    and system blocks ``sys_cuts[k]:sys_cuts[k + 1]``; ``built[k]`` the concatenated
    ``(gold, sys)`` sides of a unit with more than one block on a side."""

    __slots__ = ("gold", "sys", "gold_cuts", "sys_cuts", "built")

    def __init__(self, gold: M2Document, sys: M2Document, gold_cuts: list[int], sys_cuts: list[int],
                 built: dict[int, tuple[SideBlock | None, SideBlock | None]]) -> None:
        self.gold, self.sys = gold, sys
        self.gold_cuts, self.sys_cuts = gold_cuts, sys_cuts
        self.built = built

    def __len__(self) -> int:
        return len(self.gold_cuts) - 1

    @property
    def any_merged(self) -> bool:
        """True when some unit has more than one block on a side."""
        return bool(self.built)

    def display_kind_counts(self) -> dict[str, int]:
        """:func:`jpcore.align.serial.display_kind_counts` of the units, counted from the cuts
        (a side without a concatenated block in :attr:`built` is one block)."""
        shapes = Counter((1 if gold is None else 2, 1 if sys is None else 2) for gold, sys in self.built.values())
        shapes[1, 1] = len(self) - len(self.built)
        found: Counter[str] = Counter()
        for (n_gold, n_sys), n in shapes.items():
            found[kind_word(EXACT if n_gold == n_sys == 1 else MERGED, _Shape(n_gold, n_sys).shape)] += n
        return {word: found[word] for word in DISPLAY_KINDS}

    def coders(self, side: str) -> set[int] | None:
        """The coders of ``side``'s aligned edit lines and dropped noop lines, but for the coder 0
        of an aligned block without edit lines (``None`` when the input's parser did not count
        them): each input edit line is aligned or dropped, so the input's coders, and 0 where
        a canonical noop line was written for a block without edit lines."""
        document, k = (self.gold, 0) if side == "gold" else (self.sys, 1)
        if document.coder_ids is None:
            return None
        found = set(document.coder_ids)
        if any(sides[k] is not None and None in sides[k].origins for sides in self.built.values()):
            found.add(0)
        return found

    def units(self) -> list[GecUnit]:
        """One :class:`GecUnit` per unit, equal to the reference's."""
        gold_blocks, sys_blocks = self.gold.blocks, self.sys.blocks
        gold_lengths, sys_lengths = token_counts(block_sentences(gold_blocks)), token_counts(block_sentences(sys_blocks))
        gold_cuts, sys_cuts, built = self.gold_cuts, self.sys_cuts, self.built
        out = []
        for number in range(len(gold_cuts) - 1):
            r0, r1, h0, h1 = gold_cuts[number], gold_cuts[number + 1], sys_cuts[number], sys_cuts[number + 1]
            sides = built.get(number)
            if sides is None:
                out.append(GecUnit(
                    number, EXACT, (r0, r1), (h0, h1), (gold_blocks[r0][1],), (sys_blocks[h0][1],),
                    (0, gold_lengths[r0]), (0, sys_lengths[h0]), None,
                ))
                continue
            gold_built = sides[0] or _single(gold_lengths[r0])
            sys_built = sides[1] or _single(sys_lengths[h0])
            out.append(GecUnit(
                number, MERGED, (r0, r1), (h0, h1),
                tuple(map(_LINE, gold_blocks[r0:r1])), tuple(map(_LINE, sys_blocks[h0:h1])),
                gold_built.offsets, sys_built.offsets, None,
                gold_built.origins, sys_built.origins, gold_built.dropped, sys_built.dropped,
            ))
        return out


def _single(n_tokens: int) -> SideBlock:
    """What :func:`jpcore.gec.concat.build_side` says of a side of one block, but its text
    (the units do not keep it): no origins, nothing dropped, its token count."""
    return SideBlock("", (), None, (), (0, n_tokens))


def _common_cuts(gold_ends: list[int], sys_ends: list[int]) -> tuple[list[int], list[int]]:
    """Each side's sentence count before each place where both sides end a sentence (from 0
    to all): ``gold_ends`` and ``sys_ends`` strictly increasing, ending at the same offset."""
    common = set(gold_ends).intersection(sys_ends)  # in order on each side: the ends only grow
    return [0, *compress(count(1), map(common.__contains__, gold_ends))], \
        [0, *compress(count(1), map(common.__contains__, sys_ends))]


#: Units compared at a time by :func:`cuts_from_text` (texts of a few hundred kB, not one of the whole file).
CHUNK = 1024


class _Sentences:
    """One side's sentences, sliced on demand: ``ends`` (where each ends in the side's
    sentences joined by one space) and ``text(a, b)`` (sentences ``a:b`` joined)."""

    __slots__ = ("source", "starts", "stops", "sentences", "ends")

    def __init__(self, blocks: list[M2Block]) -> None:
        spans = sentence_spans(blocks)
        if spans is None:
            self.sentences: list[str] | None = block_sentences(blocks)
            lengths = list(map(len, self.sentences))
        else:
            self.sentences = None
            self.source, self.starts, self.stops = spans
            lengths = list(map(sub, self.stops, self.starts))
        # each sentence's end: the sentences before it and one space after each; [] for an empty sentence
        self.ends = list(map(add, accumulate(lengths), count())) if lengths and min(lengths) > 0 else []

    def text(self, a: int, b: int) -> str:
        if self.sentences is not None:
            return " ".join(self.sentences[a:b])
        return " ".join(map(self.source.__getitem__, map(slice, self.starts[a:b], self.stops[a:b])))


def cuts_from_text(gold: M2Document, sys: M2Document, normaliser: Normaliser) -> tuple[list[int], list[int]] | None:
    """The cuts of :func:`align_flat` without a key: when both sides' sentences, joined by one
    space, are the same text of tokens separated by single spaces (no empty sentence, no
    other whitespace) and no replacement of the normaliser can reach across two tokens
    (:func:`jpcore.gec.keys.straddling_patterns`), every sentence's key is its tokens'
    keys joined and no key is empty; the two key streams are then the same and both sides
    end a sentence at the same key offset exactly where they do at the same place in the
    text.  ``None`` when that cannot be said.

    The cuts are found from the sentences' lengths first, then the two texts compared and
    checked :data:`CHUNK` units at a time (the same text in every stretch between two cuts
    is the same text): no copy of a whole file's sentences at once.
    """
    patterns = straddling_patterns(normaliser)
    if patterns is None:
        return None
    gold_side, sys_side = _Sentences(gold.blocks), _Sentences(sys.blocks)
    gold_ends, sys_ends = gold_side.ends, sys_side.ends
    if not gold_ends or not sys_ends or gold_ends[-1] != sys_ends[-1]:
        return None
    gold_cuts, sys_cuts = _common_cuts(gold_ends, sys_ends)
    width = max(map(len, patterns), default=1)
    tail = ""  # the end of the text before, for a pattern across a chunk's first space
    n = len(gold_cuts) - 1
    for c in range(0, n, CHUNK):
        c1 = min(c + CHUNK, n)
        text = gold_side.text(gold_cuts[c], gold_cuts[c1])
        if (text != sys_side.text(sys_cuts[c], sys_cuts[c1]) or text[0] == " " or text[-1] == " "
                or "  " in text or OTHER_SPACE.search(text)):
            return None
        edge = tail + " " + text[:width]
        if any(pattern in text or pattern in edge for pattern in patterns):
            return None
        tail = text[-width:]
    return gold_cuts, sys_cuts


def cuts_from_keys(gold_keys: Sequence[str], sys_keys: Sequence[str]) -> tuple[list[int], list[int]] | None:
    """The cuts of :func:`align_flat` when the two key streams are the same characters and no
    key is empty (sentences written differently, the same once normalised); else ``None``."""
    if not gold_keys or not sys_keys or "" in gold_keys or "" in sys_keys:
        return None
    gold_ends, sys_ends = list(accumulate(map(len, gold_keys))), list(accumulate(map(len, sys_keys)))
    if gold_ends[-1] != sys_ends[-1] or "".join(gold_keys) != "".join(sys_keys):
        return None
    return _common_cuts(gold_ends, sys_ends)


def align_flat(
    gold: M2Document, sys: M2Document, gold_cuts: list[int], sys_cuts: list[int], noop_rule: str,
    single_spaced: bool = False,
) -> tuple[FlatUnits, M2Document, M2Document]:
    """The units and the aligned documents (gold first) of the cuts found by
    :func:`cuts_from_text` (``single_spaced``: every sentence is tokens separated by single
    spaces) or :func:`cuts_from_keys`: unit ``k`` holds the sentences between cut ``k`` and
    cut ``k + 1`` on each side."""
    n = len(gold_cuts) - 1
    if n == len(gold.blocks) == len(sys.blocks):  # every unit one block a side: the inputs are the aligned files
        return FlatUnits(gold, sys, gold_cuts, sys_cuts, {}), gold, sys
    built: dict[int, tuple[SideBlock | None, SideBlock | None]] = {}
    fields = []
    for document, side_cuts in ((gold, gold_cuts), (sys, sys_cuts)):
        # each unit's first block (itemgetter of one index gives the item, not a tuple)
        originals = itemgetter(*side_cuts[:-1])(document.blocks) if n > 1 else (document.blocks[0],)
        fields.append([list(map(itemgetter(i), originals)) for i in (2, 3, 4, 5)])
    (gold_sources, gold_starts, gold_ends, gold_edits), (sys_sources, sys_starts, sys_ends, sys_edits) = fields
    # the units of more than one block on a side: block counts adding up to more than 2
    multi = compress(count(), map(ne, map(add, map(sub, gold_cuts[1:], gold_cuts), map(sub, sys_cuts[1:], sys_cuts)),
                                  repeat(2)))
    gold_blocks, sys_blocks = gold.blocks, sys.blocks
    for k in multi:
        # a side of one block passes through, byte for byte (None here: FlatUnits.units says what it is)
        r0, r1, h0, h1 = gold_cuts[k], gold_cuts[k + 1], sys_cuts[k], sys_cuts[k + 1]
        gold_built = sys_built = None
        if r1 - r0 > 1:
            gold_built = build_side(gold_blocks[r0:r1], noop_rule, "", gold.name, single_spaced)
            text = gold_built.text
            gold_sources[k], gold_starts[k], gold_ends[k], gold_edits[k] = text, 0, len(text), gold_built.edits
        if h1 - h0 > 1:
            sys_built = build_side(sys_blocks[h0:h1], noop_rule, "", sys.name, single_spaced)
            text = sys_built.text
            sys_sources[k], sys_starts[k], sys_ends[k], sys_edits[k] = text, 0, len(text), sys_built.edits
        built[k] = (gold_built, sys_built)
    documents = []
    for document, (sources, starts, ends, edits) in zip((gold, sys), fields):
        # the S line of aligned block k: 1 + 2 k + the edit lines of the blocks before it
        lines = map(add, accumulate(map(len, edits), initial=0), range(1, 2 * n + 1, 2))
        blocks = list(map(tuple.__new__, repeat(M2Block), zip(range(n), lines, sources, starts, ends, edits)))
        documents.append(M2Document(document.name, blocks, "", "\n\n", "\n", False))
    return FlatUnits(gold, sys, gold_cuts, sys_cuts, built), documents[0], documents[1]
