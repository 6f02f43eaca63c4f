"""One side of an aligned unit as one M2 block: concatenation and the noop rule (spec gec.md §2, steps 4-5).

**Concatenate** (:func:`build_side`): tokens joined by one space, each
sentence's edits shifted by the token counts before it (``-1 -1`` never
shifted), written as canonical ``A s e|||...`` lines (the other fields as
written).  A side with one block passes through byte for byte, so files
without boundary differences score exactly as errant does.

**Noop rule** (merged sides only): ``keep`` (default) drops the ``-1 -1``
lines of a merged block that has a real edit but keeps one noop line for
every annotator that appears in the unit without a real edit there (a block
without edit lines counts as annotator 0 saying "no change"), so errant's
"no correction needed" option survives; ``jp`` (the published behaviour)
drops every noop line of a merged block with a real edit, and otherwise
keeps only the first.

:func:`dumps_aligned` writes an aligned document as M2 text.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from jpcore.errors import show
from jpcore.formats.m2 import NOOP_TYPE, M2Block, M2Document, M2Edit, M2InputError, format_edit

__all__ = ["DroppedEdit", "SideBlock", "build_side", "dumps_aligned"]

_IMPLICIT_NOOP_LINE = format_edit(-1, -1, NOOP_TYPE, "-NONE-", 0)
_IMPLICIT_NOOP = M2Edit(-1, -1, NOOP_TYPE, "-NONE-", 0)


class DroppedEdit(NamedTuple):
    """A ``-1 -1`` line of an original block that the noop rule left out of a merged block."""

    block: int
    index: int
    edit: M2Edit


class SideBlock(NamedTuple):
    """One side of a unit, concatenated: the aligned block's text and edits, and provenance.

    ``origins[i]`` is ``(original block id, edit index)`` of aligned edit line
    ``i`` (``None`` for a canonical noop line standing for a block that had no
    edit line); ``origins`` is ``None`` for a side of one block, whose edit
    lines pass through unchanged (line ``i`` is that block's edit ``i``).
    ``offsets[k]`` is the token offset of the unit's ``k``-th original block;
    ``offsets[-1]`` the number of tokens.
    """

    text: str
    edits: tuple[M2Edit, ...]
    origins: tuple[tuple[int, int] | None, ...] | None
    dropped: tuple[DroppedEdit, ...]
    offsets: tuple[int, ...]


def _single(block: M2Block, n_tokens: int | None = None) -> SideBlock:
    """A side of one block: passes through byte for byte."""
    if n_tokens is None:
        n_tokens = len(block.sentence.split())
    return SideBlock(block.text, block.edits, None, (), (0, n_tokens))


def build_side(
    blocks: Sequence[M2Block], noop_rule: str = "keep", other_sentence: str = "", name: str = "<m2>",
    single_spaced: bool = False,
) -> SideBlock:
    """Concatenate one side of a unit (see the module doc).

    One block passes through byte for byte; no block gives ``S
    other_sentence`` without edit lines (a one-sided unit: the other side's
    sentence, "no correction").  Of several blocks, an edit that reaches past
    the end of its own sentence raises :class:`M2InputError` naming ``name``,
    the edit's line and block: shifted, it would land in the next sentence.
    ``single_spaced`` says that every block's sentence is tokens separated by
    single spaces (:func:`jpcore.gec.flat.cuts_from_text` found it so): the
    sentences are joined as they are, not split.

    >>> from jpcore.formats.m2 import parse_m2
    >>> doc = parse_m2("S a b\\nA 1 2|||R:X|||c|||REQUIRED|||-NONE-|||0\\n\\nS d e\\nA  0 1|||R:Y|||f|||REQUIRED|||-NONE-|||0")
    >>> print(build_side(doc.blocks).text)
    S a b d e
    A 1 2|||R:X|||c|||REQUIRED|||-NONE-|||0
    A 2 3|||R:Y|||f|||REQUIRED|||-NONE-|||0
    """
    if len(blocks) == 1:
        return _single(blocks[0])
    if not blocks:
        return SideBlock("S " + other_sentence, (), (), (), (0,))
    # which annotators have a real edit, and whether any block has edit lines: what the
    # noop rule asks of the whole side before the first line
    block_edits_all = [block[5] for block in blocks]
    has_lines = any(block_edits_all)
    real_coders = {edit[4] for block_edits in block_edits_all for edit in block_edits if edit[0] != -1}
    keep_rule = noop_rule == "keep"
    tokens: list[str] = []
    n_tokens = 0
    offsets = [0]
    lines = [""]  # the S line, once every sentence is read
    edits: list[M2Edit] = []
    origins: list[tuple[int, int] | None] = []
    dropped: list[DroppedEdit] = []
    noop_kept: set[int] = set()
    new = tuple.__new__
    for block in blocks:
        # block.sentence and block.text's edit lines, read from the block's source at once
        block_id, _, source, start, end, block_edits = block
        cut = source.find("\n", start, end)
        shift = n_tokens
        sentence = source[start + 2 : end if cut < 0 else cut]  # s_line[2:], also for a short S line
        if single_spaced:
            tokens.append(sentence)
            size = sentence.count(" ") + 1
        else:
            words = sentence.split()
            tokens += words
            size = len(words)
        n_tokens += size
        offsets.append(n_tokens)
        if not block_edits:  # a block without edit lines: annotator 0, "no correction"
            if keep_rule and has_lines and 0 not in real_coders and 0 not in noop_kept:
                noop_kept.add(0)
                lines.append(_IMPLICIT_NOOP_LINE)
                edits.append(_IMPLICIT_NOOP)
                origins.append(None)
            continue
        raw_lines = source[cut + 1 : end].split("\n") if cut >= 0 else []
        for i, edit in enumerate(block_edits):
            edit_start = edit[0]
            raw = raw_lines[i]
            if edit_start == -1:
                coder = edit[4]
                if keep_rule:
                    keep = coder not in real_coders and coder not in noop_kept
                else:
                    keep = not real_coders and not noop_kept
                if not keep:
                    dropped.append(new(DroppedEdit, (block_id, i, edit)))
                    continue
                noop_kept.add(coder)
                edit_end = edit[1]
            else:
                if edit[1] > size:
                    raise M2InputError(
                        name, block.edit_line(i), block_id, f"offsets within the sentence's {size} tokens",
                        f"{show(raw.split('|||', 1)[0], 40)} (the sentence is merged with its "
                        "neighbours here: its edits cannot be re-indexed)",
                    )
                edit_start += shift
                edit_end = edit[1] + shift
                edit = new(M2Edit, (edit_start, edit_end, edit[2], edit[3], edit[4]))
            rest = raw[raw.index("|||", 2) + 3 :]  # the fields after the span (a parsed edit line has them)
            lines.append(f"A {edit_start} {edit_end}|||{rest}")
            edits.append(edit)
            origins.append((block_id, i))
    lines[0] = "S " + " ".join(tokens)
    return new(SideBlock, ("\n".join(lines), tuple(edits), tuple(origins), tuple(dropped), tuple(offsets)))


def dumps_aligned(document: M2Document) -> str:
    """An aligned document as M2 text: every block followed by one empty line."""
    return "".join(block.text + "\n\n" for block in document.blocks)
