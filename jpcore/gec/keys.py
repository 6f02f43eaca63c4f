"""The comparison keys of M2 ``S`` lines (spec gec.md §2, step 2).

Each sentence becomes one space-free string: whitespace removed, every
double-quote variant and the PTB brackets mapped (the ``"gec"`` table of
``jpcore/data/normalisation.json``), so that two files cut or tokenised
differently give the same characters where their text is the same.
"""

from __future__ import annotations

import re
from itertools import repeat
from operator import add, is_, itemgetter

from jpcore.align.similarity import Normaliser
from jpcore.formats.m2 import M2Block, M2Document
from jpcore.formats.spaces import WHITESPACE, strip_spaces

__all__ = ["block_sentences", "keys_and_lengths", "keys_of_sentences", "sentence_keys", "sentence_spans",
           "straddling_patterns", "token_counts"]

#: Whitespace other than the ASCII space, and the invisible characters strip_spaces removes (a text
#: without any has tokens split by str.split exactly where it has spaces).
OTHER_SPACE = re.compile("[" + re.escape("".join(c for c in WHITESPACE if c != " ")) + "\u200b\ufeff]")


def sentence_keys(document: M2Document, normaliser: Normaliser) -> list[str]:
    """Each block's ``S`` sentence as one space-free normalised string.

    The normaliser's whole-token table applies to tokens; its inside table is
    applied to the space-free sentence, so the key does not depend on how
    the sentence was tokenised (``` ` ` ``` and ``` `` ``` give the same key).

    >>> from jpcore.formats.m2 import parse_m2
    >>> doc = parse_m2("S `` Hi '' -LRB- x -RRB- «y»\\n\\nS a  b")
    >>> sentence_keys(doc, Normaliser.for_language("gec"))
    ['"Hi"(x)"y"', 'ab']
    """
    return keys_and_lengths(document, normaliser)[0]


def keys_and_lengths(document: M2Document, normaliser: Normaliser) -> tuple[list[str], list[int]]:
    """:func:`sentence_keys` and each sentence's number of tokens (:func:`token_counts`)."""
    sentences = block_sentences(document.blocks)
    return keys_of_sentences(sentences, normaliser), token_counts(sentences)


def keys_of_sentences(sentences: list[str], normaliser: Normaliser) -> list[str]:
    """The key of each of ``sentences`` (see :func:`sentence_keys`).

    The work is done on all sentences joined by NUL (no table entry contains
    NUL, so no replacement can reach across two sentences): removing the
    spaces gives the keys when no other whitespace and no token of the
    normaliser's whole-token table is there (else sentence by sentence).
    """
    joined = "\x00".join(sentences)
    if joined.count("\x00") != max(len(sentences) - 1, 0):  # a NUL inside a sentence
        return [_key(s, normaliser) for s in sentences]
    plain = joined.replace(" ", "")
    whole = normaliser.whole
    # a whole-table name in the space-free text: maybe a token of its own (else a harmless detour)
    if OTHER_SPACE.search(plain) or (whole and any(name in plain for name in whole)):
        return [_key(s, normaliser) for s in sentences]
    for old, new in normaliser.inside:
        if old in plain:
            plain = plain.replace(old, new)
    if normaliser.casefold:
        plain = plain.casefold()
    return plain.split("\x00") if sentences else []


def straddling_patterns(normaliser: Normaliser) -> list[str] | None:
    """What, found in a text of single-spaced tokens, could make a sentence's key differ from
    its tokens' keys joined: each multi-character pattern of the inside table with a space at
    each place inside it (a match across two tokens).  ``None`` when the table keys more than
    tokens in any case: a replacement that can empty a token, or whose characters (or a
    whole-token value's) belong to a later multi-character pattern (a match made by
    replacing).  Otherwise a sentence's key is its tokens' keys joined, wherever the
    sentences are cut, as long as no returned string is in the text.

    >>> straddling_patterns(Normaliser.for_language("gec"))
    ['` `', "' '"]
    >>> straddling_patterns(Normaliser("x", inside=(("a", "b"), ("bc", "d")))) is None
    True
    """
    inside = normaliser.inside
    made = list(normaliser.whole.values())
    if "" in made or any(not old or not new for old, new in inside):
        return None
    out = []
    for old, new in inside:
        if len(old) > 1:
            if any(char in old for text in made for char in text):
                return None
            out += [old[:i] + " " + old[i:] for i in range(1, len(old))]
        made.append(new)
    return out


def token_counts(sentences: list[str]) -> list[int]:
    """``[len(s.split()) for s in sentences]``: counted spaces when every sentence's tokens are
    separated by single spaces only (the normal M2 file), else split.

    >>> token_counts(["a b", "c"]), token_counts(["a  b", ""])
    ([2, 1], [2, 0])
    """
    joined = "\x00".join(sentences)
    if (
        "  " in joined or "\x00 " in joined or " \x00" in joined or joined[:1] == " " or joined[-1:] == " "
        or not all(sentences) or OTHER_SPACE.search(joined)
    ):
        return [len(s.split()) for s in sentences]
    return list(map(add, map(str.count, sentences, repeat(" ")), repeat(1)))


def sentence_spans(blocks: list[M2Block]) -> tuple[str, list[int], list[int]] | None:
    """Where each block's sentence is: ``(source, starts, ends)``, sentence ``k`` being
    ``source[starts[k]:ends[k]]`` (empty where ``ends[k] <= starts[k]``), found with no
    Python call per block (C-level ``str.find`` over ``map``); ``None`` unless the blocks
    are slices of one string (a parsed file)."""
    if not blocks:
        return None
    source = blocks[0][2]
    if not all(map(is_, map(itemgetter(2), blocks), repeat(source))):
        return None
    starts = list(map(itemgetter(3), blocks))
    # the first newline up to one past the block's end: the S line's end, or the end
    # itself when the block has no edit lines (a newline follows a block of a file)
    ends = list(map(source.find, repeat("\n"), starts, map(add, map(itemgetter(4), blocks), repeat(1))))
    if -1 in ends:  # the file's last block, or a block not followed by a newline
        ends = [end if end >= 0 else block[4] for end, block in zip(ends, blocks)]
    # source[start + 2:end] is s_line[2:], also when the S line is shorter than 2
    return source, list(map(add, starts, repeat(2))), ends


def block_sentences(blocks: list[M2Block]) -> list[str]:
    """``[block.sentence for block in blocks]``, read by :func:`sentence_spans` where it can.

    >>> from jpcore.formats.m2 import parse_m2
    >>> block_sentences(parse_m2("S a b\\nA 0 1|||X|||c|||REQUIRED|||-NONE-|||0\\n\\nS\\n\\nS d").blocks)
    ['a b', '', 'd']
    """
    spans = sentence_spans(blocks)
    if spans is None:
        return [block.sentence for block in blocks]
    source, starts, ends = spans
    return list(map(source.__getitem__, map(slice, starts, ends)))


def _key(sentence: str, normaliser: Normaliser) -> str:
    """The key of one sentence: whole-token table, spaces removed, inside table."""
    tokens = sentence.split()
    whole = normaliser.whole
    if whole and any(token in whole for token in tokens):
        tokens = [whole.get(token, token) for token in tokens]
    text = "".join(tokens)  # str.split's whitespace is strip_spaces' set...
    if "\u200b" in text or "\ufeff" in text:  # ...but for these two
        text = strip_spaces(text)
    for old, new in normaliser.inside:
        if old in text:
            text = text.replace(old, new)
    return text.casefold() if normaliser.casefold else text
