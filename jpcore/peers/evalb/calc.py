"""EVALB legacy mode: scoring one line pair (``calc_result``).

Contract: :func:`calc` (and :func:`calc_traced`, the same steps with EVALB's
DEBUG output) take the gold and test :class:`EvalbLine` and return the
pair's :class:`~jpcore.peers.evalb.result.EvalbRow`: skip (no test words),
length unmatch (after the quote repair), words unmatch, else matched /
gold / test brackets, crossing and correct tags, in EVALB's order.
"""

from __future__ import annotations

from collections import deque

from jpcore.peers.evalb.crossing import TABLE_LIMIT, crossed
from jpcore.peers.evalb.quote import fix_quote
from jpcore.peers.evalb.reader import ErrorCounter, EvalbConfig, EvalbLine, as_text, cut_label
from jpcore.peers.evalb.result import EvalbRow


def kept_brackets(side: EvalbLine, cfg: EvalbConfig) -> list[tuple[int, int, bytes]]:
    """massage_data: non-empty spans whose cut label is not deleted, in order."""
    cache = cfg.bracket_info
    kept = []
    for start, end, label in zip(side.starts, side.ends, side.labels):
        if start == end:
            continue
        cut, deleted = cache.get(label) or cfg.bracket(label)
        if not deleted:
            kept.append((start, end, cut))
    return kept


def match_count(gold: list, test: list, cfg: EvalbConfig) -> int:
    """Greedy one-to-one matching in gold order, first unused test bracket.

    Per span, each label's test brackets wait in a queue (their order on the
    line); a gold bracket takes the earliest waiting bracket among its label
    and its EQ_LABEL partners, which is EVALB's "first unused test bracket
    with an equal label".  Constant time per bracket however many brackets
    share a span (a long unary chain).
    """
    labeled = cfg.labeled
    if labeled and (not cfg.eq_labels or cfg.classes is not None):
        # labels must be equal (kept_brackets gives EQ_LABEL classes, see
        # EvalbConfig.classes): which bracket of a label is taken is immaterial
        waiting: dict[tuple[int, int, bytes], int] = {}
        for bracket in test:
            waiting[bracket] = waiting.get(bracket, 0) + 1
        matched = 0
        for bracket in gold:
            left = waiting.get(bracket)
            if left:
                waiting[bracket] = left - 1
                matched += 1
        return matched
    by_span: dict[tuple[int, int], dict[bytes, deque[int]]] = {}
    for position, (start, end, label) in enumerate(test):
        by_span.setdefault((start, end), {}).setdefault(label, deque()).append(position)
    partners = _partners(cfg) if labeled else None
    matched = 0
    for start, end, label in gold:
        queues = by_span.get((start, end))
        if not queues:
            continue
        if not labeled:
            # any label: the first unused bracket of the span
            first = min((queue for queue in queues.values() if queue), key=lambda q: q[0], default=None)
            if first is not None:
                first.popleft()
                matched += 1
            continue
        best = None
        for other in partners.get(label, (label,)):
            queue = queues.get(other)
            if queue and (best is None or queue[0] < best[0]):
                best = queue
        if best is not None:
            best.popleft()
            matched += 1
    return matched


def _partners(cfg: EvalbConfig) -> dict[bytes, tuple[bytes, ...]]:
    """Each label with EQ_LABEL partners -> itself and its partners."""
    out: dict[bytes, set[bytes]] = {}
    for a, b in cfg.eq_labels:
        out.setdefault(a, {a}).add(b)
    return {label: tuple(group) for label, group in out.items()}


#: Above this many bracket pairs :func:`crossing_naive` sweeps instead.
NAIVE_LIMIT = 4096


def crossing(gold: list, test: list) -> int:
    """Test brackets crossing at least one gold bracket (strict overlap)."""
    if not gold or not test:
        return 0
    top = 0
    total = 0
    for start, end, _ in gold:
        if end < start or start < 0:
            return crossing_naive(gold, test)
        if end > top:
            top = end
        total += end - start
    for start, end, _ in test:
        if end < start or start < 0:
            return crossing_naive(gold, test)
        if end > top:
            top = end
    if total > TABLE_LIMIT * (len(gold) + len(test) + top):
        # a deep tree: the tables below would cost the square of its length
        return sum(crossed([(s, e) for s, e, _ in gold], [(s, e) for s, e, _ in test]))
    # Gold brackets from one bracketing are laminar, so the gold brackets
    # straddling a boundary form a chain; the innermost one has the smallest
    # end and the largest start.  Brackets come in opening order (outer
    # first), so later writes are the inner ones.
    inner_end = [top + 1] * (top + 1)
    inner_start = [-1] * (top + 1)
    for start, end, _ in gold:
        if end - start > 1:
            inner_end[start + 1 : end] = [end] * (end - start - 1)
            inner_start[start + 1 : end] = [start] * (end - start - 1)
    count = 0
    for start, end, _ in test:
        if inner_end[start] < end or inner_start[end] > start:
            count += 1
    return count


def crossing_regular(gold: list, test: list, words: int) -> int:
    """:func:`crossing` for two balanced lines of ``words`` words each: every
    span lies within ``[0, words]`` and ends after it starts, so nothing is
    checked; the table is filled in one pass, which gives up for the sweep
    once the spans' total length passes the limit."""
    if not gold or not test:
        return 0
    limit = TABLE_LIMIT * (len(gold) + len(test) + words)
    total = 0
    inner_end = [words + 1] * (words + 1)
    inner_start = [-1] * (words + 1)
    for start, end, _ in gold:
        size = end - start
        if size > 1:
            total += size
            if total > limit:  # a deep tree: the tables would cost the square of its length
                return sum(crossed([(s, e) for s, e, _ in gold], [(s, e) for s, e, _ in test]))
            inner_end[start + 1 : end] = [end] * (size - 1)
            inner_start[start + 1 : end] = [start] * (size - 1)
    count = 0
    for start, end, _ in test:
        if inner_end[start] < end or inner_start[end] > start:
            count += 1
    return count


def crossing_naive(gold: list, test: list) -> int:
    """Test brackets crossing a gold bracket, with no assumption on their shape."""
    if len(gold) * len(test) > NAIVE_LIMIT:
        return sum(crossed([(s, e) for s, e, _ in gold], [(s, e) for s, e, _ in test]))
    count = 0
    for t_start, t_end, _ in test:
        for g_start, g_end, _ in gold:
            if (g_start < t_start < g_end < t_end) or (t_start < g_start < t_end < g_end):
                count += 1
                break
    return count


def _first_word_mismatch(gold: EvalbLine, test: EvalbLine, cfg: EvalbConfig) -> int:
    eq = cfg.eq_words
    for i, (g, t) in enumerate(zip(gold.words, test.words)):
        if g != t and (g, t) not in eq:
            return i
    return -1


def calc(gold: EvalbLine, test: EvalbLine, cfg: EvalbConfig, errors: ErrorCounter, line_no: int) -> EvalbRow:
    """calc_result without DEBUG output."""
    if not test.words:
        errors.status = 2
        return EvalbRow(line_no, gold.length, 2)
    if len(gold.words) != len(test.words):
        fix_quote(gold, test, cfg, None)
        if len(gold.words) != len(test.words):
            errors.report(f"Length unmatch ({len(gold.words)}|{len(test.words)})\n")
            return EvalbRow(line_no, gold.length, errors.status)
    if gold.words != test.words:
        i = _first_word_mismatch(gold, test, cfg)
        if i >= 0:
            g, t = as_text(gold.words[i]), as_text(test.words[i])
            errors.report(f"Words unmatch ({g}|{t})\n")
            return EvalbRow(line_no, gold.length, errors.status)
    gold_kept = kept_brackets(gold, cfg)
    test_kept = kept_brackets(test, cfg)
    matched = match_count(gold_kept, test_kept, cfg)
    if gold.irregular:
        cross = crossing_naive(gold_kept, test_kept)
    elif test.irregular:
        cross = crossing(gold_kept, test_kept)
    else:
        cross = crossing_regular(gold_kept, test_kept, len(gold.words))
    classes = cfg.classes
    if classes:
        correct = sum(map(bytes.__eq__, map(classes.get, gold.tags, gold.tags),
                          map(classes.get, test.tags, test.tags)))
    elif cfg.eq_labels:
        correct = sum(1 for g, t in zip(gold.tags, test.tags) if cfg.label_eq(g, t))
    else:
        correct = sum(map(bytes.__eq__, gold.tags, test.tags))
    return EvalbRow(
        line_no, gold.length, errors.status, matched, len(gold_kept), len(test_kept),
        cross, len(gold.words), correct,
    )


def calc_traced(
    gold: EvalbLine, test: EvalbLine, cfg: EvalbConfig, errors: ErrorCounter, line_no: int,
    dbg: list[bytes] | None,
) -> tuple[EvalbRow, bytes]:
    """calc_result step by step as evalb.c does it, with its DEBUG output.

    Returns the row and the dsp_info text (DEBUG >= 1) printed after it.
    """
    bn1, bn2 = len(gold.starts), len(test.starts)
    g_res = [9] * bn1
    t_res = [9] * bn2
    g_lab = list(gold.labels)
    t_lab = list(test.labels)
    tag_res: list[int] = []

    def info(row: EvalbRow) -> tuple[EvalbRow, bytes]:
        return row, _dsp_info(gold, test, g_res, t_res, g_lab, t_lab, tag_res)

    if dbg is not None:
        dbg.append(b"\n")
    if not test.words:
        errors.status = 2
        return info(EvalbRow(line_no, gold.length, 2))
    if len(gold.words) != len(test.words):
        fix_quote(gold, test, cfg, dbg)
        if len(gold.words) != len(test.words):
            errors.report(f"Length unmatch ({len(gold.words)}|{len(test.words)})\n")
            return info(EvalbRow(line_no, gold.length, errors.status))
    for g, t in zip(gold.words, test.words):
        if g != t and (g, t) not in cfg.eq_words:
            errors.report(f"Words unmatch ({as_text(g)}|{as_text(t)})\n")
            return info(EvalbRow(line_no, gold.length, errors.status))

    # massage_data
    for side, res, lab in ((gold, g_res, g_lab), (test, t_res, t_lab)):
        for k in range(len(side.starts)):
            res[k] = 0
            if side.starts[k] == side.ends[k]:
                res[k] = 5
                continue
            lab[k] = cut_label(lab[k])
            if lab[k] in cfg.delete_cut:
                res[k] = 5
    r_bn1 = g_res.count(0)
    r_bn2 = t_res.count(0)

    def excerpt(side: EvalbLine, k: int) -> bytes:
        start, end = side.buf_starts[k], side.buf_ends[k]
        return side.line[start:end] if end >= start else side.line[start:]

    gs, ge, ts, te = gold.starts, gold.ends, test.starts, test.ends
    match = 0
    match_j = [False] * bn2
    for i in range(bn1):
        found = False
        for j in range(bn2):
            if dbg is not None:
                dbg.append(
                    b"1.res=%d, 2.res=%d, 1.start=%d, 2.start=%d, 1.end=%d, 2.end=%d\n"
                    % (g_res[i], t_res[j], gs[i], ts[j], ge[i], te[j])
                )
            if g_res[i] != 5 and t_res[j] == 0 and gs[i] == ts[j] and ge[i] == te[j]:
                if not cfg.labeled or cfg.label_eq(g_lab[i], t_lab[j]):
                    g_res[i] = t_res[j] = 1
                    match += 1
                    found = True
                    break
                if dbg is not None:
                    dbg.append(b"  LABEL[%d-%d]: %s\n" % (gs[i], ge[i] - 1, excerpt(gold, i)))
                found = True
                match_j[j] = True
        if not found and g_res[i] != 5 and dbg is not None:
            dbg.append(b"  BRACKET[%d-%d]: %s\n" % (gs[i], ge[i] - 1, excerpt(gold, i)))
    if dbg is not None:
        for j in range(bn2):
            if t_res[j] == 0 and not match_j[j]:
                dbg.append(b"  EXTRA[%d-%d]: %s\n" % (ts[j], te[j] - 1, excerpt(test, j)))

    crossing = 0
    last_i = -1
    for j in range(bn2):
        for i in range(bn1):
            if g_res[i] != 5 and t_res[j] != 5 and (
                (gs[i] < ts[j] and ge[i] > ts[j] and ge[i] < te[j])
                or (gs[i] > ts[j] and gs[i] < te[j] and ge[i] > te[j])
            ):
                if i != last_i:
                    if dbg is not None:
                        dbg.append(
                            b"  CROSSING[%d-%d]: %s\n" % (gs[i], ge[i] - 1, excerpt(gold, i))
                        )
                    last_i = i
                crossing += 1
                break

    correct = 0
    for g, t in zip(gold.tags, test.tags):
        ok = cfg.label_eq(g, t)
        tag_res.append(1 if ok else 0)
        correct += ok
    row = EvalbRow(
        line_no, gold.length, errors.status, match, r_bn1, r_bn2, crossing,
        len(gold.words), correct,
    )
    return info(row)


def _dsp_info(
    gold: EvalbLine, test: EvalbLine, g_res: list[int], t_res: list[int],
    g_lab: list[bytes], t_lab: list[bytes], tag_res: list[int],
) -> bytes:
    """evalb.c's dsp_info (DEBUG >= 1), printed after each row."""
    wn1, wn2 = len(gold.words), len(test.words)
    bn1, bn2 = len(gold.starts), len(test.starts)
    out = [b"-<1>---(wn1=%3d, bn1=%3d)-           -<2>---(wn2=%3d, bn2=%3d)-\n" % (wn1, bn1, wn2, bn2)]
    for i in range(max(wn1, wn2)):
        result = tag_res[i] if i < len(tag_res) else 9
        if i < wn1 and gold.words[i]:
            out.append(
                b"%3d : %d : %s  %s      "
                % (i, result, gold.tags[i].ljust(6), gold.words[i].ljust(16))
            )
        else:
            out.append(b" " * 40)
        if i < wn2 and test.words[i]:
            out.append(
                b"%3d : %d : %s  %s\n"
                % (i, result, test.tags[i].ljust(6), test.words[i].ljust(16))
            )
        else:
            out.append(b"\n")
    out.append(b"\n")
    for i in range(max(bn1, bn2)):
        if i < bn1:
            out.append(
                b"%3d : %d : %3d  %3d  %s      "
                % (i, g_res[i], gold.starts[i], gold.ends[i], g_lab[i].ljust(6))
            )
        else:
            out.append(b" " * 32)
        if i < bn2:
            out.append(
                b"%3d : %d : %3d  %3d  %s\n"
                % (i, t_res[i], test.starts[i], test.ends[i], t_lab[i].ljust(6))
            )
        else:
            out.append(b"\n")
    out.append(b"\n========\n")
    return b"".join(out)
