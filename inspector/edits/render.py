"""HTML for jp-errant units: the sentences with their edits highlighted.

Contract (as :mod:`inspector.tokens.render`, whose stylesheet, badges and ``~~~``
separator are reused):

* every token, correction, type and file name comes from a user file and goes
  through :func:`inspector.common.markup.esc` before it is put in the markup;
* colours are Okabe–Ito and never the only signal: every edit status has a
  symbol (✓ TP, + FP, − FN, ± partial) and a border style, every edit a number
  (its row in the unit's edit table), its error type and its correction after
  an arrow;
* gold left, system right (as on every page); the sentences of a merged unit
  are joined with ``~~~``; an edit is shown on the side it belongs to (gold
  edits in the gold sentence, system edits in the system sentence), at its
  re-indexed offsets; an insertion is a caret ``‸`` between two tokens;
* with ``indices`` (the selected unit) every token has its re-indexed offset
  under it (from 0, what the tables' Start/End count, as the Brackets trees
  number word units u0…), and on a side that merges sentences also its offset
  in its own sentence (what the M2 file's Orig start/Orig end count), so a
  re-indexed edit can be checked by eye.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from jpcore.gec.result import GecEdit
from jpcore.gec import GecResult
from jpcore.gec.unit import GecUnit
from inspector.common.markup import SEPARATOR, STYLE, badge, esc, units_table_html
from inspector.common.palette import BLUE, BLUISH_GREEN, GREY, ORANGE, VERMILLION
from inspector.common.wording import line_list, sentence_marks


@dataclass(frozen=True, slots=True)
class StatusStyle:
    """How an edit status is shown."""

    symbol: str
    colour: str
    border: str
    meaning: str


#: Statuses highlighted in the sentence (the chosen annotator's scored edits).
STATUS_STYLES: dict[str, StatusStyle] = {
    "TP": StatusStyle("✓", BLUISH_GREEN, "solid", "true positive: the system edit is a gold edit"),
    "FP": StatusStyle("+", VERMILLION, "dashed", "false positive: a system edit no gold edit has"),
    "FN": StatusStyle("−", BLUE, "dotted", "false negative: a gold edit the system lacks"),
    "partial": StatusStyle("±", ORANGE, "dashed", "token-based detection: some of its tokens matched"),
}
#: Statuses listed in the tables but not highlighted.
OTHER_STATUSES = {
    "noop": "a -1 -1 line: this annotator saw nothing to correct",
    "dropped": "a -1 -1 line the noop rule removed from a merged block",
    "other": "an edit of an annotator errant did not choose for this unit",
    "filtered": "left out by the scorer's filters (UNK in correction modes, -single, -multi, -filt)",
    "unscored": "counted nowhere (e.g. a gold edit matched by a system noop)",
}

GEC_STYLE = STYLE + """<style>
.gec-edit {border-width: 2px; border-radius: 4px; padding: 0 2px; margin: 0 1px;}
.gec-mark {font-size: 0.72em; font-weight: 700; margin-left: 1px; white-space: nowrap;}
.gec-cor {font-size: 0.8em; font-style: italic; white-space: nowrap; margin-right: 2px;}
.gec-caret {font-weight: 700;}
.gec-type {font-size: 0.72em; font-weight: 600; margin: 0 2px; white-space: nowrap;}
.gec-indexed {line-height: 1.25;}
.gec-indexed > * {vertical-align: top; display: inline-block; max-width: 100%; margin-bottom: 6px;}
.gec-indexed > .gec-edit {display: inline-flex; align-items: flex-start; gap: 0 5px;}
.gec-tok {display: inline-flex; flex-direction: column; align-items: center; margin: 0 1px;}
.gec-i {font-size: 0.68em; opacity: .75; font-variant-numeric: tabular-nums;}
.gec-i.gec-o {opacity: .55;}
.gec-key {align-items: flex-start; opacity: .8;}
.gec-short {font-weight: 700; font-size: 0.72em; margin-left: 1px;}
.gec-notes {font-size: 0.85em; margin-top: 3px;}
.gec-notes .gec-note {margin-right: 12px; display: inline-block;}
.gec-notes .gec-mark, .gec-notes .gec-type, .gec-notes .gec-cor {font-size: 12px;}
</style>"""


def status_style(status: str) -> StatusStyle:
    """The style of an edit status (a neutral one for a status that is not highlighted)."""
    return STATUS_STYLES.get(status, StatusStyle("·", GREY, "solid", OTHER_STATUSES.get(status, status)))


def edit_title(number: int, edit: GecEdit) -> str:
    """A plain-text description of an edit (escaped by the caller)."""
    original = f"sentence {edit.block}, tokens {edit.orig_start}–{edit.orig_end}" if edit.block is not None else "added by the noop rule"
    return (
        f"#{number} {edit.status} · {edit.type} · tokens {edit.start}–{edit.end} in the unit "
        f"({original}) · correction “{edit.cor}” · annotator {edit.coder}"
    )


def marker(number: int, edit: GecEdit) -> str:
    """An edit's label: its mark (``✓6``), its error type and ``→`` its correction (escaped)."""
    style = status_style(edit.status)
    correction = esc(edit.cor) if edit.cor else "∅"
    return (
        f'<span class="gec-note"><span class="gec-mark" style="color: {style.colour};">{esc(style.symbol)}{number}'
        f'</span><span class="gec-type" style="color: {style.colour};">{esc(edit.type)}</span>'
        f'<span class="gec-cor" style="color: {style.colour};">→ {correction}</span></span>'
    )


def _indexed(token: str, index: int, original: int | None) -> str:
    """An escaped token with its offset in the unit under it (and its offset in its own
    sentence, when the side merges sentences)."""
    below = f'<span class="gec-i">{index}</span>'
    if original is not None:
        below += f'<span class="gec-i gec-o">{original}</span>'
    return f'<span class="gec-tok">{token}{below}</span>'


def _index_key(merged: bool) -> str:
    """What the numbers under the tokens are, at the start of the sentence."""
    rows = '<span class="gec-i">unit</span>' + ('<span class="gec-i gec-o">sentence</span>' if merged else "")
    return f'<span class="gec-tok gec-key"><span>&#8203;</span>{rows}</span>'


def side_html(result: GecResult, unit: GecUnit, side: str, edits: Sequence[GecEdit],
              indices: bool = False) -> str:
    """The unit's sentences on ``side`` with the highlighted ``edits`` of that side.

    ``edits`` is the side's full edit list (numbers are positions in it, from
    1); only statuses of :data:`STATUS_STYLES` are highlighted.  With
    ``indices``, every token has its offset in the unit under it (and, when
    the side has more than one sentence, its offset in its own sentence).
    """
    sentences = result.sentences(unit.index, side)
    if not sentences:
        return '<span class="jp-none">∅ no sentence on this side</span>'
    tokens = [token for sentence in sentences for token in sentence]
    starts: set[int] = set()
    position = 0
    for sentence in sentences[:-1]:
        position += len(sentence)
        starts.add(position)
    merged = len(sentences) > 1
    sentence_start = 0
    shown = [(n, e) for n, e in enumerate(edits, 1) if e.status in STATUS_STYLES and e.start >= 0]
    inserts: dict[int, list[tuple[int, GecEdit]]] = {}
    ends: dict[int, list[tuple[int, GecEdit]]] = {}
    for n, e in shown:
        if e.start == e.end:
            inserts.setdefault(min(e.start, len(tokens)), []).append((n, e))
        else:
            ends.setdefault(min(e.end, len(tokens)) - 1, []).append((n, e))
    covering = [tuple((n, e) for n, e in shown if e.start <= i < e.end) for i in range(len(tokens))]
    parts: list[str] = [_index_key(merged)] if indices else []
    run: list[str] = []
    run_cover: tuple = ()

    def close_run() -> None:
        nonlocal run, run_cover
        if not run:
            return
        if run_cover:
            first = status_style(run_cover[0][1].status)
            title = "; ".join(edit_title(n, e) for n, e in run_cover)
            parts.append(
                f'<span class="gec-edit" title="{esc(title)}" style="border-style: {first.border};'
                f' border-color: {first.colour}; background: {first.colour}22;">{" ".join(run)}</span>'
            )
        else:
            parts.append(" ".join(run))
        run, run_cover = [], ()

    for i, token in enumerate(tokens):
        if i in starts or i in inserts or covering[i] != run_cover:
            close_run()
        if i in starts:
            parts.append(SEPARATOR)
            sentence_start = i
        for n, e in inserts.get(i, ()):
            parts.append(_insertion(n, e))
        if indices:
            run.append(_indexed(esc(token), i, i - sentence_start if merged else None))
        else:
            run.append(esc(token))
        run_cover = covering[i]
        if i in ends:
            close_run()
            parts.extend(_short(n, e) for n, e in ends[i])
    close_run()
    for n, e in inserts.get(len(tokens), ()):
        parts.append(_insertion(n, e))
    # the labels (type, correction) under the sentence, never inside it (issue 25 item 11)
    notes = f'<div class="gec-notes">{" ".join(marker(n, e) for n, e in shown)}</div>' if shown else ""
    if indices:
        return f'<div class="gec-indexed">{" ".join(parts)}</div>{notes}'
    return " ".join(parts) + notes


def _short(number: int, edit: GecEdit) -> str:
    """An edit's mark in the sentence: its symbol and number, raised, its label in the tooltip."""
    style = status_style(edit.status)
    return (f'<sup class="gec-short" style="color: {style.colour};" title="{esc(edit_title(number, edit))}">'
            f'{esc(style.symbol)}{number}</sup>')


def _insertion(number: int, edit: GecEdit) -> str:
    style = status_style(edit.status)
    return (
        f'<span class="gec-edit gec-caret" title="{esc(edit_title(number, edit))}" style="border-style: '
        f'{style.border}; border-color: {style.colour}; background: {style.colour}22;">‸</span>'
        + _short(number, edit)
    )


def _counts_html(result: GecResult, unit: GecUnit) -> str:
    sentence = result.errant.sentences[unit.index]
    text = f"TP {sentence.tp} · FP {sentence.fp} · FN {sentence.fn}"
    ok = sentence.fp == 0 and sentence.fn == 0
    pair = f"annotators: gold {sentence.ref_coder}, system {sentence.hyp_coder}"
    return (
        f'<span class="{"jp-ok" if ok else "jp-bad"}">{"✓" if ok else "✗"} {esc(text)}</span>'
        f'<br><span class="jp-small">{esc(pair)}</span>'
    )


def _ids(label: str, blocks: Iterable[int], lines: Iterable[int]) -> str:
    """``gold sentences §4–§5 · l. 13, 20``: a side's M2 blocks as every page names sentences
    (from 1), then their file lines."""
    blocks = list(blocks)
    if not blocks:
        return f"no {label} sentence"
    noun = "sentence" if len(blocks) == 1 else "sentences"
    return f"{label} {noun} {sentence_marks(blocks)} · l. {line_list(lines)}"


def unit_row_html(result: GecResult, unit: GecUnit, indices: bool = False) -> str:
    """One ``<tr>``: unit number and original sentence ids, kind, gold, system, counts
    (``indices``: every token's offsets under it, :func:`side_html`)."""
    ref_edits, hyp_edits = result.edits(unit.index)
    similarity = "" if unit.similarity is None else f"<br>similarity {unit.similarity:.4f}"
    return (
        "<tr>"
        f'<td class="jp-num">#{unit.index}<br><span class="jp-small">'
        f"{esc(_ids('gold', unit.gold_blocks, unit.gold_lines))}<br>"
        f"{esc(_ids('system', unit.sys_blocks, unit.sys_lines))}</span></td>"
        f'<td>{badge(unit.kind, shape=unit.shape)}<br><span class="jp-small">{esc(unit.ratio)} gold:system sentences{similarity}</span></td>'
        f'<td class="jp-side">{side_html(result, unit, "gold", ref_edits, indices)}</td>'
        f'<td class="jp-side">{side_html(result, unit, "sys", hyp_edits, indices)}</td>'
        f'<td class="jp-counts">{_counts_html(result, unit)}</td>'
        "</tr>"
    )


def units_html(result: GecResult, units: Iterable[GecUnit], indices: bool = False) -> str:
    """A table of units with highlighted edits (with the stylesheet), ready for ``st.html``;
    ``indices``: every token's offsets under it (the selected unit)."""
    rows = "".join(unit_row_html(result, unit, indices) for unit in units)
    return units_table_html(GEC_STYLE, "jp-units gec-units",
                            ("Unit", "Kind", "Gold (reference)", "System (hypothesis)", "Counts"), rows)


def legend_html() -> str:
    """What the symbols, borders, numbers and ``~~~`` mean."""
    items = " ".join(
        f'<span class="gec-edit" style="border-style: {s.border}; border-color: {s.colour};'
        f' background: {s.colour}22;">{esc(s.symbol)} {esc(name)}</span>'
        f' <span class="jp-small">{esc(s.meaning)}</span>'
        for name, s in STATUS_STYLES.items()
    )
    return (
        GEC_STYLE
        + f"<div>{items}</div><div class=\"jp-small\">{SEPARATOR} joins the sentences of a unit; "
        "each highlighted edit ends with its number (its row in the unit's edit tables), its error type "
        "and → its correction (∅ = delete); ‸ marks an insertion. Only the edits of the annotators errant "
        "chose for the unit are highlighted; offsets are re-indexed into the unit. In the selected unit "
        "every token has its offset in the unit under it (Start/End of the tables) and, where a side "
        "joins sentences, its offset in its own sentence (Orig start/Orig end, as in the M2 file).</div>"
    )
