"""errant's ``process_edits``: the keys a block's edit lines give each coder under the options.

A key is what two edits must share to match: ``(start, end, cor)`` in mode
``cs``, ``(start, end, type, cor)`` in ``cse``, ``(start, end)`` in ``ds``,
one ``(token, token + 1)`` per token in ``dt``; each key maps to the list of
types that produced it.  A block without edit lines is errant's implicit
``-1 -1 noop -NONE-`` from coder 0.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from jpcore.formats.m2 import NOOP_TYPE, M2Edit
from jpcore.peers.errant_compare.options import ErrantOptions

__all__ = ["CoderKeys", "Key", "Keys", "coder_keys", "edit_keys", "passes_filters"]

Key = tuple  # (start, end, cor) | (start, end, type, cor) | (start, end)
Keys = dict[Any, list[str]]  # key -> the types of the edits that produced it
CoderKeys = dict[int, Keys]  # coder id -> its keys, coders in first-appearance order


_IMPLICIT_NOOP = (M2Edit(-1, -1, NOOP_TYPE, "-NONE-", 0),)


def passes_filters(edit: M2Edit, options: ErrantOptions) -> bool:
    """False if errant drops the edit: UNK in correction modes, ``-single``, ``-multi``, ``-filt``."""
    start, end, etype, cor, _ = edit
    if etype == "UNK" and options.mode != "dt" and options.mode != "ds":
        return False
    if options.single and (end - start >= 2 or len(cor.split()) >= 2):
        return False
    if options.multi and end - start < 2 and len(cor.split()) < 2:
        return False
    return not (options.filt and etype in options.filt)


def edit_keys(edit: M2Edit, options: ErrantOptions) -> list[Key]:
    """The keys one edit contributes under ``options`` (``[]`` if filtered out)."""
    if not passes_filters(edit, options):
        return []
    start, end, etype, cor, _ = edit
    mode = options.mode
    if mode == "cs":
        return [(start, end, cor)]
    if mode == "cse":
        return [(start, end, etype, cor)]
    if mode == "ds":
        return [(start, end)]
    if start == -1:
        return [(start, start)]
    if start == end and start >= 0:
        return [(start, start + 1)]
    return [(tok, tok + 1) for tok in range(start, end)]


def coder_keys(edits: Sequence[M2Edit], options: ErrantOptions) -> CoderKeys:
    """errant's ``process_edits``: coder -> key -> types, for one block's edits."""
    if not edits:
        edits = _IMPLICIT_NOOP
    if options.mode == "cs" and not (options.single or options.multi or options.filt):
        return _coder_keys_cs(edits)
    coders: CoderKeys = {}
    for edit in edits:
        keys = coders.get(edit[4])
        if keys is None:
            keys = coders[edit[4]] = {}
        etype = edit[2]
        for key in edit_keys(edit, options):
            types = keys.get(key)
            if types is None:
                keys[key] = [etype]
            else:
                types.append(etype)
    return coders


def _coder_keys_cs(edits: Sequence[M2Edit]) -> CoderKeys:
    """:func:`coder_keys` for the default mode without filters (the hot path)."""
    coders: CoderKeys = {}
    for start, end, etype, cor, coder in edits:
        keys = coders.get(coder)
        if keys is None:
            keys = coders[coder] = {}
        if etype == "UNK":
            continue
        key = (start, end, cor)
        types = keys.get(key)
        if types is None:
            keys[key] = [etype]
        else:
            types.append(etype)
    return coders


def _keys_of_one_coder(edits: Sequence[M2Edit]) -> Keys | None:
    """:func:`_coder_keys_cs`'s keys when every edit has the same coder, else ``None``."""
    coder = edits[0][4]
    keys: Keys = {}
    for start, end, etype, cor, edit_coder in edits:
        if edit_coder != coder:
            return None
        if etype == "UNK":
            continue
        key = (start, end, cor)
        types = keys.get(key)
        if types is None:
            keys[key] = [etype]
        else:
            types.append(etype)
    return keys
