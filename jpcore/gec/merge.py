"""Merging alignment operations into edits, by rules that need no tagger.

:func:`merge_ops` turns the operations of :func:`jpcore.gec.token_align.align_tokens`
into edit spans ``(o_start, o_end, c_start, c_end)``.  The rules, in order:

1. **Matches separate edits**: an edit never spans a matched token.
2. **A transposition is one edit** of its own (classified ``R:WO``).
3. Every maximal run of adjacent deletions (``D``), insertions (``I``) and
   substitutions (``S``) is cut by :func:`merge_run`:

   a. a run of only deletions, or of only insertions, is **one edit**
      (``to the`` deleted together; as in ERRANT: nearly all human
      multi-token edits contain a substitution);
   b. **token splits and joins**: the longest stretch of two or more
      operations whose two sides spell the same letters once case, spaces,
      hyphens and apostrophes are ignored (``every one`` -> ``everyone``,
      ``e - mail`` -> ``email``) is one edit; the rest on either side is cut
      by these rules again;
   c. **a moved sentence boundary** is one edit: a punctuation operation
      directly followed by a substitution that only changes the case of the
      next word (``, якщо`` -> ``. Якщо``, ``де`` -> ``— Де``; ERRANT's
      merger has the same rule); the rest of the run on either side is cut
      by these rules again;
   d. **punctuation and words are cut apart**: the run is cut wherever an
      operation on punctuation marks only meets one that involves a word
      (an inserted comma before a replaced word is its own edit).  Adjacent
      deletions and insertions may come in any order at the same cost, so
      the order is first chosen to put a deletion and an insertion of the
      same kind side by side (``що`` -> ``, який``: ``,`` inserted, then
      ``що`` -> ``який``);
   e. in a stretch of **punctuation** operations, each substitution is one
      edit and a deletion or insertion joins the substitution before it
      (else the one after it): ``:`` ``"`` -> ``.`` ``—`` is two edits,
      ``-`` -> ``, —`` one; without a substitution the stretch is one edit;
   f. in a stretch of **words**, a substitution of *similar* tokens
      (character similarity at least ``SIMILAR`` = 0.5, case changes
      included: a misspelt or re-inflected word) is one edit by itself; the
      operations between them (deletions, insertions, substitutions of
      dissimilar words) form one edit per stretch (``have go`` -> ``went``).

>>> from jpcore.gec.token_align import align_tokens
>>> def edits(orig, cor):
...     o, c = orig.split(), cor.split()
...     return [(" ".join(o[a:b]), " ".join(c[x:y])) for a, b, x, y in merge_ops(align_tokens(o, c), o, c)]
>>> edits("He is interested for learn the music .", "He is interested in learning music .")
[('for', 'in'), ('learn', 'learning'), ('the', '')]
>>> edits('" Я не є доктор " - сказав я : " Чому', '" Я не є доктор " , — сказав я . — Чому')
[('-', ', —'), (':', '.'), ('"', '—')]
>>> edits("I have every one of them", "I have everyone of them")
[('every one', 'everyone')]
>>> edits("It rains , we stay", "It rains . We stay")
[(', we', '. We')]
"""

from __future__ import annotations

from collections.abc import Sequence

from jpcore.gec.charsim import similarity
from jpcore.gec.token_align import Op
from jpcore.gec.tokens import is_punctuation, squash

__all__ = ["SIMILAR", "Span", "merge_ops", "merge_run"]

SIMILAR = 0.5
"""Character similarity from which a substituted word is an edit by itself (rule f)."""

Span = tuple[int, int, int, int]
"""An edit's extent: ``(o_start, o_end, c_start, c_end)``."""


def merge_ops(ops: Sequence[Op], orig: Sequence[str], cor: Sequence[str]) -> list[Span]:
    """The edits of an alignment (rules 1-3), in order."""
    spans: list[Span] = []
    run: list[Op] = []
    for op in ops:
        if op.kind in "DIS":
            run.append(op)
            continue
        if run:
            spans.extend(merge_run(run, orig, cor))
            run = []
        if op.kind == "T":
            spans.append((op.o_start, op.o_end, op.c_start, op.c_end))
    if run:
        spans.extend(merge_run(run, orig, cor))
    return spans


def _span(run: Sequence[Op]) -> Span:
    return (run[0].o_start, run[-1].o_end, run[0].c_start, run[-1].c_end)


def merge_run(run: Sequence[Op], orig: Sequence[str], cor: Sequence[str]) -> list[Span]:
    """Cut a run of adjacent ``D``/``I``/``S`` operations into edits (rule 3)."""
    if not run:
        return []
    kinds = {op.kind for op in run}
    if len(run) == 1 or kinds == {"D"} or kinds == {"I"}:
        return [_span(run)]
    joined = _split_or_join(run, orig, cor)
    if joined is not None:
        start, end = joined
        return (merge_run(run[:start], orig, cor) + [_span(run[start:end])]
                + merge_run(run[end:], orig, cor))
    boundary = _moved_boundary(run, orig, cor)
    if boundary is not None:
        return (merge_run(run[:boundary], orig, cor) + [_span(run[boundary : boundary + 2])]
                + merge_run(run[boundary + 2 :], orig, cor))
    spans: list[Span] = []
    for stretch, punctuation in _by_punctuation(_regroup(run, orig, cor), orig, cor):
        spans.extend(_punctuation_stretch(stretch) if punctuation else _word_stretch(stretch, orig, cor))
    return spans


def _split_or_join(run: Sequence[Op], orig: Sequence[str], cor: Sequence[str]) -> tuple[int, int] | None:
    """The longest (then leftmost) stretch ``run[start:end]`` of two or more
    operations, with tokens on both sides, whose sides squash to the same
    string (rule b); ``None`` if there is none."""
    size = len(run)
    o_parts = [squash(orig[op.o_start : op.o_end]) for op in run]
    c_parts = [squash(cor[op.c_start : op.c_end]) for op in run]
    # Prefix sums of the squashed lengths: two sides can only squash to the
    # same string if their lengths agree, which is checked first.
    o_sums, c_sums = [0], [0]
    for o_part, c_part in zip(o_parts, c_parts):
        o_sums.append(o_sums[-1] + len(o_part))
        c_sums.append(c_sums[-1] + len(c_part))
    for length in range(size, 1, -1):
        for start in range(size - length + 1):
            end = start + length
            letters = o_sums[end] - o_sums[start]
            if letters == 0 or letters != c_sums[end] - c_sums[start]:
                continue
            first, last = run[start], run[end - 1]
            if first.o_start == last.o_end or first.c_start == last.c_end:
                continue
            if "".join(o_parts[start:end]) == "".join(c_parts[start:end]):
                return start, end
    return None


def _moved_boundary(run: Sequence[Op], orig: Sequence[str], cor: Sequence[str]) -> int | None:
    """The first ``k`` where ``run[k]`` is a punctuation operation and
    ``run[k + 1]`` a case-only substitution (rule c); ``None`` if there is none."""
    for k in range(len(run) - 1):
        after = run[k + 1]
        if (after.kind == "S" and orig[after.o_start] != cor[after.c_start]
                and orig[after.o_start].lower() == cor[after.c_start].lower()
                and _is_punctuation_op(run[k], orig, cor)):
            return k
    return None


def _is_punctuation_op(op: Op, orig: Sequence[str], cor: Sequence[str]) -> bool:
    tokens = list(orig[op.o_start : op.o_end]) + list(cor[op.c_start : op.c_end])
    return all(is_punctuation(token) for token in tokens)


def _regroup(run: Sequence[Op], orig: Sequence[str], cor: Sequence[str]) -> list[Op]:
    """Reorder each stretch of adjacent deletions and insertions (rule d).

    Their relative order is free (every order costs the same), so the order
    is chosen to keep punctuation and words together: a deletion and an
    insertion of the same kind (punctuation or word) are put side by side,
    and where the next two differ, the one whose kind the other side has
    further on waits (``що`` -> ``, який``: ``I(,) D(що) I(який)``).
    Deletions keep their order, and so do insertions.
    """
    out: list[Op] = []
    k = 0
    while k < len(run):
        if run[k].kind == "S":
            out.append(run[k])
            k += 1
            continue
        start = k
        while k < len(run) and run[k].kind != "S":
            k += 1
        block = run[start:k]
        deletions = [op for op in block if op.kind == "D"]
        insertions = [op for op in block if op.kind == "I"]
        d_kinds = [_is_punctuation_op(op, orig, cor) for op in deletions]
        i_kinds = [_is_punctuation_op(op, orig, cor) for op in insertions]
        order: list[str] = []
        a = b = 0
        while a < len(deletions) and b < len(insertions):
            if d_kinds[a] == i_kinds[b]:
                order += ["D", "I"]
                a += 1
                b += 1
            elif d_kinds[a] in i_kinds[b + 1 :]:
                order.append("I")
                b += 1
            else:
                order.append("D")
                a += 1
        order += ["D"] * (len(deletions) - a) + ["I"] * (len(insertions) - b)
        o, c = block[0].o_start, block[0].c_start
        for kind in order:
            if kind == "D":
                out.append(Op("D", o, o + 1, c, c))
                o += 1
            else:
                out.append(Op("I", o, o, c, c + 1))
                c += 1
    return out


def _by_punctuation(run: Sequence[Op], orig: Sequence[str], cor: Sequence[str]) -> list[tuple[list[Op], bool]]:
    """The run cut where punctuation-only operations meet word operations (rule d)."""
    stretches: list[tuple[list[Op], bool]] = []
    for op in run:
        punctuation = _is_punctuation_op(op, orig, cor)
        if stretches and stretches[-1][1] == punctuation:
            stretches[-1][0].append(op)
        else:
            stretches.append(([op], punctuation))
    return stretches


def _punctuation_stretch(stretch: Sequence[Op]) -> list[Span]:
    """Rule e: one edit per substitution, gaps joining the substitution before them."""
    anchors = [i for i, op in enumerate(stretch) if op.kind == "S"]
    if not anchors:
        return [_span(stretch)]
    cuts = anchors[1:]  # each edit starts at a substitution, the first at the stretch's start
    bounds = [0, *cuts, len(stretch)]
    return [_span(stretch[a:b]) for a, b in zip(bounds, bounds[1:])]


def _word_stretch(stretch: Sequence[Op], orig: Sequence[str], cor: Sequence[str]) -> list[Span]:
    """Rule f: similar substitutions alone, everything between them one edit per gap."""
    spans: list[Span] = []
    pending: list[Op] = []
    for op in stretch:
        if op.kind == "S" and similarity(orig[op.o_start].lower(), cor[op.c_start].lower()) >= SIMILAR:
            if pending:
                spans.append(_span(pending))
                pending = []
            spans.append(_span([op]))
        else:
            pending.append(op)
    if pending:
        spans.append(_span(pending))
    return spans
