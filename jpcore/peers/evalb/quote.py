"""EVALB legacy mode: the quote repair (``fix_quote`` / ``reinsert_term``).

Contract: only with QUOTE_LABEL configured and only after a length
mismatch, :func:`fix_quote` re-inserts a quote terminal that one side
deleted (DELETE_LABEL) and the other kept at the same index, shifting later
brackets and extending the brackets that were open (spec section 1).  It
edits both :class:`~jpcore.peers.evalb.reader.EvalbLine` objects in place.
"""

from __future__ import annotations

from jpcore.peers.evalb.reader import EvalbConfig, EvalbLine


def fix_quote(gold: EvalbLine, test: EvalbLine, cfg: EvalbConfig, dbg: list[bytes] | None) -> None:
    """Re-insert quote terminals deleted on one side only (in place)."""
    if dbg is not None:
        for i in range(max(20, len(gold.quotes), len(test.quotes))):
            if i < len(gold.quotes):
                q = gold.quotes[i]
                dbg.append(b"%d: %s - %s\n" % (q[2], q[1], q[0]))
            if i < len(test.quotes):
                q = test.quotes[i]
                dbg.append(b"%d: %s - %s\n" % (q[2], q[1], q[0]))
    delete = cfg.delete
    for i, tq in enumerate(test.quotes):
        ind = tq[2]
        for j, gq in enumerate(gold.quotes):
            if gq[2] == ind and gq[1] != tq[1]:
                if gq[1] in delete and tq[1] not in delete:
                    _reinsert(gq, gold, dbg)
                    for later in gold.quotes[j:]:
                        later[2] += 1
                elif tq[1] in delete and gq[1] not in delete:
                    _reinsert(tq, test, dbg)
                    for later in test.quotes[i:]:
                        later[2] += 1


def _reinsert(quote: list, side: EvalbLine, dbg: list[bytes] | None) -> None:
    word, label, ind, bra, open_ids = quote
    # An inserted token keeps the brackets nested (only unbalanced lines
    # make them cross), so the crossing shortcut stays valid.
    side.words.insert(ind, word)
    side.tags.insert(ind, label)
    if dbg is not None:
        dbg.append(b"bra=%d, ind=%d\n" % (bra, ind))
    starts, ends = side.starts, side.ends
    for k in range(len(starts)):
        if dbg is not None:
            dbg.append(b"bracket[%d]={%d,%d}\n" % (k, starts[k], ends[k]))
        if k >= bra:
            starts[k] += 1
            ends[k] += 1
    if dbg is not None:
        dbg.append(b"endslen=%d\n" % len(open_ids))
    for k in open_ids:
        ends[k] += 1
