"""The full CoNLL-U word record: a dependency treebank read on top of the segmentation reader.

Contract: :func:`read_treebank` reads CoNLL-U bytes with the shared reader
(:func:`jpcore.formats.conllu.iter_conllu` at the ``words`` level: the same
ID checks, errors, multiword tokens and line numbers as ``jpcore
preprocess``) and adds, for every syntactic word in reading order, the
columns a dependency evaluation needs: LEMMA, UPOS, XPOS, FEATS, HEAD and
DEPREL, exactly as written.  The columns are taken again from the word's own
line (:attr:`~jpcore.formats.segmentation.Sentence.token_lines`), so the
segmentation reader and its JSON shape stay as they are.

On top of what the reader checks, a treebank must be a tree, as the CoNLL 2018
script demands, or the file is refused naming its line:

* HEAD is a number from 0 to the number of words of the sentence (ASCII
  digits; ``_`` is refused: a file without heads is not a parse);
* exactly one word of each sentence has HEAD 0;
* following the HEADs from any word reaches that root (no cycle).

DEPS (enhanced dependencies) and MISC are not read; empty nodes are ignored,
as the script ignores them.

>>> data = ("1\\tI\\tI\\tPRON\\tPRP\\tCase=Nom|Number=Sing\\t2\\tnsubj\\t_\\t_\\n"
...         "2\\tsing\\tsing\\tVERB\\tVBP\\t_\\t0\\troot\\t_\\t_\\n\\n")
>>> treebank = read_treebank(data, "g.conllu")
>>> treebank.head, treebank.deprel, treebank.parents()
([2, 0], ['nsubj', 'root'], [1, -1])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import accumulate, chain, compress, repeat
from operator import add
from typing import Any

from jpcore.errors import InputError, show
from jpcore.formats.conllu import iter_conllu, segmentation_from_dict
from jpcore.formats.segmentation import Segmentation
from jpcore.formats.textio import decode_lines
from jpcore.runtime import gc_paused

#: The annotation columns kept, in CoNLL-U order (HEAD is kept as a number).
COLUMNS = ("lemma", "upos", "xpos", "feats", "head", "deprel")
#: A parent index that stands for the root (HEAD 0).
ROOT = -1


@dataclass(slots=True)
class Treebank:
    """One CoNLL-U file: its :class:`Segmentation` (words level) and, per word in
    reading order, the annotation columns (``head`` as written: 0 for the root,
    else the ID of the head word in the same sentence)."""

    segmentation: Segmentation
    lemma: list[str]
    upos: list[str]
    xpos: list[str]
    feats: list[str]
    head: list[int]
    deprel: list[str]

    @property
    def name(self) -> str:
        """The file name used in messages."""
        return self.segmentation.name

    @property
    def n_words(self) -> int:
        """Syntactic words in the file."""
        return len(self.head)

    @property
    def n_sentences(self) -> int:
        """Sentences in the file."""
        return len(self.segmentation.sentences)

    def word_starts(self) -> list[int]:
        """Index of each sentence's first word in the flat word lists, plus the total."""
        return list(accumulate((len(s.tokens) for s in self.segmentation.sentences), initial=0))

    def forms(self) -> list[str]:
        """Every word's FORM in reading order."""
        return [form for sentence in self.segmentation.sentences for form in sentence.tokens]

    def parents(self) -> list[int]:
        """Every word's head as an index into the flat word lists (:data:`ROOT` for the root)."""
        offsets = chain.from_iterable(repeat(start - 1, len(sentence.tokens)) for start, sentence in
                                      zip(self.word_starts(), self.segmentation.sentences))
        out = list(map(add, self.head, offsets))
        for root in compress(range(len(out)), map((0).__eq__, self.head)):
            out[root] = ROOT
        return out

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict: the segmentation as the reader serialises it plus the columns."""
        return {"segmentation": self.segmentation.to_dict(),
                "columns": {name: getattr(self, name) for name in COLUMNS}}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Treebank:
        """Inverse of :meth:`to_dict`; ``ValueError`` when the columns do not fit the words
        or the heads are not a tree (:func:`check_tree`)."""
        segmentation = segmentation_from_dict(data["segmentation"])
        columns = data["columns"]
        n_words = segmentation.n_tokens
        values = {}
        for name in COLUMNS:
            column = columns.get(name)
            kind = int if name == "head" else str
            if not isinstance(column, list) or len(column) != n_words or not all(
                    type(value) is kind for value in column):
                raise ValueError(f"treebank {segmentation.name}: column {name!r} must hold one "
                                 f"{kind.__name__} per word ({n_words})")
            values[name] = list(column)
        treebank = cls(segmentation, **values)
        try:
            check_tree(treebank)
        except InputError as error:
            raise ValueError(str(error)) from None
        return treebank


def read_treebank(data: bytes | str, name: str) -> Treebank:
    """Read a CoNLL-U file with its annotation (see the module doc)."""
    with gc_paused():
        lines = decode_lines(data, name)
        segmentation = Segmentation(name=name, format="conllu", level="words",
                                    sentences=list(iter_conllu(lines, name, "words")))
        # the reader checked that every word line has ten columns: split them all at once
        by_number = ["", *lines]  # line numbers count from 1
        numbers = chain.from_iterable(sentence.token_lines for sentence in segmentation.sentences)
        cells = "\t".join(map(by_number.__getitem__, numbers)).split("\t") if segmentation.sentences else []
        lemma, upos, xpos, feats, heads, deprel = (cells[k::10] for k in range(2, 8))
        for column, values in zip(("LEMMA", "UPOS", "XPOS", "FEATS", "DEPREL"), (lemma, upos, xpos, feats, deprel)):
            _refuse_empty(segmentation, column, values)
        treebank = Treebank(segmentation, lemma, upos, xpos, feats, _heads(segmentation, heads), deprel)
        check_tree(treebank)
        return treebank


#: Column numbers (1-based, as CoNLL-U counts them) of the annotation columns.
_COLUMN_NUMBERS = {"LEMMA": 3, "UPOS": 4, "XPOS": 5, "FEATS": 6, "DEPREL": 8}


def _refuse_empty(segmentation: Segmentation, column: str, values: list[str]) -> None:
    """``InputError`` naming the first line whose ``column`` is empty (CoNLL-U writes
    ``_`` for no value: an empty field is a broken line, and would be scored as a label)."""
    if "" not in values:
        return
    lines = chain.from_iterable(sentence.token_lines for sentence in segmentation.sentences)
    line = next(line for line, value in zip(lines, values) if not value)
    raise InputError(segmentation.name, line, f"a {column} in column {_COLUMN_NUMBERS[column]} (_ for none)",
                     "an empty field")


def _heads(segmentation: Segmentation, column: list[str]) -> list[int]:
    """The HEAD column as numbers (ASCII digits, at most 9 of them; the range is
    :func:`check_tree`'s); ``InputError`` naming the first line where it is not."""
    joined = "".join(column)
    if not column or (joined.isascii() and joined.isdigit() and max(map(len, column)) <= 9):
        return list(map(int, column))
    k = 0
    for sentence in segmentation.sentences:
        for line, head in zip(sentence.token_lines, column[k:k + len(sentence.tokens)]):
            if not (head.isascii() and head.isdigit() and len(head) <= 9):
                raise InputError(segmentation.name, line,
                                 f"a HEAD from 0 to {len(sentence.tokens)} (the number of words in the sentence)",
                                 show(head))
        k += len(sentence.tokens)
    raise AssertionError("unreachable: some HEAD was refused above")


def check_tree(treebank: Treebank) -> None:
    """``InputError`` (file, line) unless every sentence is one tree: one word with
    HEAD 0, and every other word's HEADs lead to it without a cycle."""
    name = treebank.name
    head = treebank.head
    k = 0
    for sentence in treebank.segmentation.sentences:
        n = len(sentence.tokens)
        heads = head[k:k + n]
        k += n
        if len(heads) != n or min(heads) < 0 or max(heads) > n:
            for line, h in zip(sentence.token_lines or [], heads):
                if not 0 <= h <= n:
                    raise InputError(name, line, f"a HEAD from 0 to {n} (the number of words in the sentence)",
                                     show(str(h)))
            raise InputError(name, sentence.line, f"HEADs from 0 to {n}", "a HEAD outside the sentence")
        if heads.count(0) != 1:
            roots = [i for i, h in enumerate(heads) if h == 0]
            lines = ", ".join(str(sentence.token_lines[i]) for i in roots[:5]) if sentence.token_lines else ""
            raise InputError(name, sentence.line, "exactly one word with HEAD 0 in the sentence",
                             f"{len(roots)}" + (f" (lines {lines})" if lines else ""))
        cycle = _cycle_word(heads)
        if cycle is not None:
            line = sentence.token_lines[cycle] if sentence.token_lines else sentence.line
            raise InputError(name, line, "HEADs that lead to the root", f"a cycle through word {cycle + 1}")


def _cycle_word(heads: Sequence[int]) -> int | None:
    """A word (0-based) on a cycle of ``heads`` (1-based, 0 = root), or ``None``.

    Each word is visited once: a walk stops at a word already known to reach
    the root (or at the root), and meeting a word of the current walk again
    is a cycle.
    """
    state = [0] * (len(heads) + 1)  # by 1-based word: 0 unknown, 1 on the current walk, 2 reaches the root
    state[0] = 2
    for start in range(1, len(heads) + 1):
        if state[start]:
            continue
        walk = []
        word = start
        while not state[word]:
            state[word] = 1
            walk.append(word)
            word = heads[word - 1]
        if state[word] == 1:
            return word - 1
        for visited in walk:
            state[visited] = 2
    return None
