"""The selected Edits unit column by column: gold over system, one column per token offset.

Contract (:func:`aligned_html`):

* one column per offset in the unit (what the edit tables' Start/End count,
  from 0): the gold token, the offset, the system token, one above the other,
  so the two sides are aligned column by column and wrap at the same places
  (the columns are one row of blocks that wraps as a whole);
* on a side that joins sentences, each token also has its offset in its own
  sentence (the M2 file's Orig start/Orig end), and a ``~~~`` column stands
  where a sentence starts;
* every number is at least 11 px (:data:`INDEX_PX`);
* an edit colours the tokens it covers on its side (its status's colour,
  border style and symbol: :data:`inspector.edits.render.STATUS_STYLES`) and
  puts its short mark (``✓6``, ``‸−3`` for an insertion) in the side's mark
  row (above gold, below system), never inside the sentence; its type and
  correction are listed under the columns (:func:`inspector.edits.render.marker`,
  the mark's number = its row in the unit's edit table);
* every token, type and correction comes from a user file and goes through
  :func:`inspector.common.markup.esc` (the one escape).
"""

from __future__ import annotations

from collections.abc import Sequence

from jpcore.gec import GecResult
from jpcore.gec.result import GecEdit
from jpcore.gec.unit import GecUnit
from inspector.common.markup import esc
from inspector.common.palette import ORANGE
from inspector.edits.render import STATUS_STYLES, edit_title, marker, status_style

#: The size of every offset under or over a token (px): readable (issue 25 item 11).
INDEX_PX = 11

ALIGNED_STYLE = f"""<style>
.gec-grid {{display: flex; flex-wrap: wrap; align-items: stretch; row-gap: 10px; margin: 4px 0 6px 0;}}
.gec-col {{display: flex; flex-direction: column; align-items: stretch; text-align: center; padding: 0 1px;}}
.gec-col > span {{display: block; white-space: nowrap; min-height: 1.2em; padding: 0 3px;}}
.gec-col .gec-t {{font-size: 15px; line-height: 1.5; border-top: 2px solid transparent;
  border-bottom: 2px solid transparent;}}
.gec-col .gec-n {{font-size: {INDEX_PX}px; font-variant-numeric: tabular-nums; opacity: .8; line-height: 1.3;}}
.gec-col .gec-n.gec-o {{opacity: .6;}}
.gec-col .gec-m {{font-size: {INDEX_PX + 1}px; font-weight: 700; line-height: 1.3;}}
.gec-keys {{opacity: .75; text-align: right; font-style: italic; padding-right: 6px;}}
.gec-keys .gec-t {{font-size: {INDEX_PX + 1}px;}}
.gec-sepcol .gec-t {{color: {ORANGE}; font-weight: 700;}}
.gec-notes {{font-size: 0.9em; margin: 2px 0 4px 0;}}
.gec-notes .gec-note {{margin-right: 14px; display: inline-block;}}
.gec-notes .gec-mark, .gec-notes .gec-type, .gec-notes .gec-cor {{font-size: 12px;}}
</style>"""


def _sentence_starts(sentences: Sequence[Sequence[str]]) -> list[int]:
    starts, position = [], 0
    for sentence in sentences:
        starts.append(position)
        position += len(sentence)
    return starts


class _Side:
    """One side of the unit: its tokens, where its sentences start, its shown edits by token."""

    def __init__(self, result: GecResult, unit: GecUnit, side: str, edits: Sequence[GecEdit]) -> None:
        sentences = result.sentences(unit.index, side)
        self.tokens = [token for sentence in sentences for token in sentence]
        self.starts = _sentence_starts(sentences)
        self.merged = len(sentences) > 1
        shown = [(n, e) for n, e in enumerate(edits, 1) if e.status in STATUS_STYLES and e.start >= 0]
        self.shown = shown
        self.covering = [[(n, e) for n, e in shown if e.start <= i < e.end] for i in range(len(self.tokens))]
        self.marks: dict[int, list[str]] = {}
        for n, e in shown:
            style = status_style(e.status)
            if e.start == e.end:  # an insertion: a caret before the token at its offset
                at, text = min(e.start, len(self.tokens)), f"‸{style.symbol}{n}"
            else:
                at, text = min(e.end, len(self.tokens)) - 1, f"{style.symbol}{n}"
            self.marks.setdefault(at, []).append(
                f'<span style="color: {style.colour};" title="{esc(edit_title(n, e))}">{esc(text)}</span>')

    def own(self, i: int) -> int | None:
        """Token ``i``'s offset in its own sentence (on a side that joins sentences)."""
        if not self.merged or i >= len(self.tokens):
            return None
        start = max(s for s in self.starts if s <= i)
        return i - start

    def token(self, i: int) -> str:
        if i >= len(self.tokens):
            return '<span class="gec-t"></span>'
        cover = self.covering[i]
        if not cover:
            return f'<span class="gec-t">{esc(self.tokens[i])}</span>'
        style = status_style(cover[0][1].status)
        title = "; ".join(edit_title(n, e) for n, e in cover)
        return (f'<span class="gec-t" title="{esc(title)}" style="background: {style.colour}22; '
                f'border-top: 2px {style.border} {style.colour}; border-bottom: 2px {style.border} {style.colour};">'
                f"{esc(self.tokens[i])}</span>")

    def mark(self, i: int) -> str:
        return f'<span class="gec-m">{" ".join(self.marks.get(i, ()))}</span>'

    def number(self, i: int) -> str:
        own = self.own(i)
        return f'<span class="gec-n gec-o">{own}</span>' if own is not None else '<span class="gec-n gec-o"></span>'


def aligned_html(result: GecResult, unit: GecUnit, gold_edits: Sequence[GecEdit],
                 sys_edits: Sequence[GecEdit]) -> str:
    """Unit ``unit`` column by column, gold over system (see the module doc), with the
    stylesheet, ready for ``st.html``; ``gold_edits``/``sys_edits`` are each side's full
    edit list (a mark's number is its position in it, from 1)."""
    gold, system = _Side(result, unit, "gold", gold_edits), _Side(result, unit, "sys", sys_edits)
    width = max(len(gold.tokens), len(system.tokens))
    if any(i == len(side.tokens) for side in (gold, system) for i in side.marks):
        width += 1  # an insertion after the last token
    rows = ["mark", "own", "token", "unit", "token", "own", "mark"]
    keys = {"mark": "", "own": "sentence", "token": "", "unit": "unit"}

    def key_column() -> str:
        labels = []
        for k, row in enumerate(rows):
            side = gold if k < 3 else system
            if row == "own" and not side.merged:
                continue
            text = ("gold" if k < 3 else "system") if row == "token" else keys[row]
            cls = "gec-t" if row == "token" else "gec-m" if row == "mark" else "gec-n"
            labels.append(f'<span class="{cls}">{text}</span>')
        return f'<div class="gec-col gec-keys">{"".join(labels)}</div>'

    def separator(gold_starts: bool, sys_starts: bool) -> str:
        cells = []
        for k, row in enumerate(rows):
            side, starts = (gold, gold_starts) if k < 3 else (system, sys_starts)
            if row == "own" and not side.merged:
                continue
            text = "~~~" if row == "token" and starts else ""
            cls = "gec-t" if row == "token" else "gec-m" if row == "mark" else "gec-n"
            cells.append(f'<span class="{cls}" title="sentence boundary">{text}</span>')
        return f'<div class="gec-col gec-sepcol">{"".join(cells)}</div>'

    columns = [key_column()]
    for i in range(width):
        gold_starts = gold.merged and i in gold.starts[1:]
        sys_starts = system.merged and i in system.starts[1:]
        if gold_starts or sys_starts:
            columns.append(separator(gold_starts, sys_starts))
        cells = [gold.mark(i)]
        if gold.merged:
            cells.append(gold.number(i))
        cells += [gold.token(i), f'<span class="gec-n">{i}</span>', system.token(i)]
        if system.merged:
            cells.append(system.number(i))
        cells.append(system.mark(i))
        columns.append(f'<div class="gec-col" data-offset="{i}">{"".join(cells)}</div>')
    notes = []
    for name, side in (("Gold", gold), ("System", system)):
        listed = " ".join(marker(n, e) for n, e in side.shown)
        notes.append(f'<div class="gec-notes"><strong>{name} edits:</strong> {listed or "none shown"}</div>')
    return ALIGNED_STYLE + f'<div class="gec-grid">{"".join(columns)}</div>' + "".join(notes)
