"""One unit of a dependency result drawn as arcs: gold above the words, system below.

Contract (:func:`arcs_html`, in the style of displaCy's arcs, drawn by hand in SVG):

* the unit's word groups are columns: each group is as wide as the longer of
  its two sides, its gold words in one row and its system words in the row
  under it, so a 1:1 pair sits in one column; ``~~~`` marks a sentence that
  starts inside the unit;
* every word whose head is a word (not the root) has exactly one ``<path
  class="dp-arc">``: gold's arcs curve above the gold row, system's below
  the system row, from the head to the word, an arrowhead at the word and the
  DEPREL at the top of the arc; the root is a vertical ``<line>`` labelled
  ``root`` (so the paths are the words with a head);
* a multiword token (CoNLL-U's ``1-2 I'm``) is drawn as its surface form in a box that
  spans exactly its words' columns, on the side of its words that faces the other row
  (gold's under gold's tags, system's over system's tags, as the tags are mirrored), so
  gold's ``I'm`` over ``I 'm`` meets the system's in the middle; its tooltip names its words;
* the height of an arc grows with the arcs it spans (its level: one more
  than the highest arc strictly inside it), so nested arcs never overlap;
* a system arc whose head is wrong or whose DEPREL's main type is wrong
  (:mod:`inspector.deps.words`, read from the result) is drawn in the error
  colour (:data:`inspector.common.palette.VERMILLION`), its label marked
  ``✗``, with the gold value in its tooltip; a system word that no pair
  holds (every metric counts it wrong) has a dashed arc in the error colour:
  colour is never the only signal;
* every FORM, surface form, UPOS and DEPREL comes from a user file and goes through
  :func:`inspector.common.markup.esc_markdown_html` (the one escape, which
  also keeps Streamlit's Markdown from reading ``$`` or ``:``): the markup is
  shown with ``st.markdown(..., unsafe_allow_html=True)``, since ``st.html``
  strips SVG;
* the drawing keeps its natural size (13 px text) and scrolls inside its own
  box when it is wider than the page.
"""

from __future__ import annotations

from dataclasses import dataclass

from inspector.common.markup import esc_markdown_html as esc
from inspector.common.palette import ORANGE, VERMILLION
from inspector.deps.words import HEAD, LABEL, Side, WordIndex

#: Text size (px), the width of one character of the monospace font (px) and the room
#: around a word (px).
FONT = 13
CHAR = 7.9
PAD = 14
#: How much higher each level of arc is (px); the room above the highest arc for its label.
STEP = 24
LABEL_ROOM = 18
#: Rows: a word's FORM and its UPOS (px each), the gap between the gold and system rows.
ROW = 17
MIDDLE = 14
#: The row of the multiword tokens' surface forms (px), drawn only on a side that has one.
MWT_ROW = 22
#: The gap that holds ``~~~`` where a sentence starts inside the unit (px).
SEP_GAP = 34
#: The mark of a wrong value on an arc's label.
WRONG = "✗"

ARCS_STYLE = ("<style>.dp-arcs-box {overflow-x: auto; padding: 4px 0 8px 0;}"
              " .dp-arcs text {fill: currentColor; font-size: 13px;"
              " font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;}"
              " .dp-arcs .dp-tag {opacity: .7; font-size: 11px;}"
              " .dp-arcs .dp-lab {font-size: 11px;}"
              f" .dp-arcs .dp-wrong text, .dp-arcs .dp-wrong {{fill: {VERMILLION}; font-weight: 700;}}"
              f" .dp-arcs .dp-sep {{fill: {ORANGE}; font-weight: 700;}}"
              " .dp-arcs .dp-mwt rect {fill: none; stroke: currentColor; stroke-opacity: .55;}"
              " .dp-arcs .dp-mwt text {font-style: italic;}"
              " .dp-key {opacity: .7; font-size: 12px;}</style>")


@dataclass(frozen=True, slots=True)
class _Arc:
    """One word's arc on one side: the word, its head (flat indices), its x positions."""

    word: int
    head: int
    x_word: float
    x_head: float
    label: str
    wrong: bool
    dashed: bool
    tip: str

    @property
    def span(self) -> tuple[float, float]:
        return min(self.x_word, self.x_head), max(self.x_word, self.x_head)


def _width(*texts: str) -> float:
    return max(len(text) for text in texts) * CHAR + PAD


def _levels(arcs: list[_Arc]) -> list[int]:
    """Each arc's level: one more than the highest level of the arcs strictly inside its span."""
    order = sorted(range(len(arcs)), key=lambda k: arcs[k].span[1] - arcs[k].span[0])
    levels = [1] * len(arcs)
    for position, k in enumerate(order):
        lo, hi = arcs[k].span
        inner = [levels[j] for j in order[:position]
                 if lo <= arcs[j].span[0] and arcs[j].span[1] <= hi and arcs[j].span != (lo, hi)]
        levels[k] = 1 + max(inner, default=0)
    return levels


Box = tuple[float, float]


def _layout(index: WordIndex, unit: int) -> tuple[dict[int, Box], dict[int, Box], list[tuple[float, str]], float]:
    """The column (left, right) of every gold and system word of the unit, the ``~~~`` marks
    (x, side) and the width."""
    gold, system = index.gold, index.sys
    rows = index.unit_rows(unit)
    gold_x: dict[int, Box] = {}
    sys_x: dict[int, Box] = {}
    seps: list[tuple[float, str]] = []
    x = 4.0
    first_gold = rows[0].gold[0] if rows else 0
    first_sys = rows[0].sys[0] if rows else 0
    for row in rows:
        starts = [name for name, side, (start, end), first in (("gold", gold, row.gold, first_gold),
                                                               ("sys", system, row.sys, first_sys))
                  if end > start and start != first and side.starts[side.sentence_of(start)] == start]
        if starts:
            seps.extend((x + SEP_GAP / 2, name) for name in starts)
            x += SEP_GAP
        sides = []
        for side, (start, end), out in ((gold, row.gold, gold_x), (system, row.sys, sys_x)):
            widths = [_width(side.forms[w], side.treebank.upos[w]) for w in range(start, end)]
            sides.append((widths, start, out))
        column = max((sum(widths) for widths, _, _ in sides), default=0.0)
        for widths, start, out in sides:
            spare = (column - sum(widths)) / len(widths) if widths else 0.0
            left = x
            for k, width in enumerate(widths):
                out[start + k] = (left, left + width + spare)
                left += width + spare
        x += column
    return gold_x, sys_x, seps, x + 4


def _arcs(index: WordIndex, unit: int, side_name: str, xs: dict[int, float]) -> tuple[list[_Arc], list[tuple[float, str]]]:
    """The arcs of one side (words with a head) and its roots (x, tooltip)."""
    gold, system = index.gold, index.sys
    side: Side = gold if side_name == "gold" else system
    errors: dict[int, tuple[frozenset[str], int | None]] = {}
    if side_name == "sys":
        for row in index.unit_rows(unit):
            for word in range(*row.sys):
                errors[word] = (row.errors, row.gold[0] if row.flags is not None else None)
    arcs: list[_Arc] = []
    roots: list[tuple[float, str]] = []
    for word, x in xs.items():
        label = side.treebank.deprel[word]
        parent = side.parents[word]
        wrong_of, gold_word = errors.get(word, (frozenset(), None))
        no_pair = side_name == "sys" and gold_word is None
        wrong = bool(wrong_of & {HEAD, LABEL}) and not no_pair
        tips = [f"{side_name if side_name == 'gold' else 'system'}: {side.forms[word]} {side.word_id(word)} "
                f"← {side.head_text(word)}, {label}"]
        if HEAD in wrong_of and gold_word is not None:
            tips.append(f"head wrong; gold: {gold.head_text(gold_word)}")
        if LABEL in wrong_of and gold_word is not None:
            tips.append(f"DEPREL wrong; gold: {gold.treebank.deprel[gold_word]}")
        if no_pair:
            tips.append("no aligned pair: every metric counts this word wrong")
        if parent < 0:
            roots.append((x, "; ".join(tips)))
            continue
        arcs.append(_Arc(word, parent, x, xs[parent], label, wrong, no_pair, "; ".join(tips)))
    return arcs, roots


def _multiwords(side: Side, boxes: dict[int, Box]) -> list[tuple[float, float, str, str]]:
    """The multiword tokens whose words are all drawn: (left, right, surface form, tooltip)."""
    out = []
    for sentence in sorted({side.sentence_of(word) for word in boxes}):
        start = side.starts[sentence]
        for first, end, form in side.treebank.segmentation.sentences[sentence].multiword or ():
            words = range(start + first, start + end)
            if all(word in boxes for word in words):
                tip = f"multiword token {form}: its words {' '.join(side.forms[word] for word in words)}"
                out.append((boxes[words[0]][0], boxes[words[-1]][1], form, tip))
    return out


def _multiword_svg(left: float, right: float, form: str, tip: str, top: float) -> str:
    """One surface form in a box from ``left`` to ``right`` (its words' columns), ``top`` its top."""
    return (f'<g class="dp-mwt"><title>{esc(tip)}</title><rect x="{left + 1:.1f}" y="{top:.1f}" '
            f'width="{right - left - 2:.1f}" height="{MWT_ROW - 4}" rx="3"/>'
            f'<text x="{(left + right) / 2:.1f}" y="{top + MWT_ROW - 9:.1f}" text-anchor="middle">'
            f'{esc(form)}</text></g>')


def _arc_svg(arc: _Arc, level: int, base: float, up: bool) -> str:
    """One arc from its head to its word (arrowhead at the word), its label at the top."""
    sign = -1 if up else 1
    height = level * STEP
    towards = 1 if arc.x_word > arc.x_head else -1
    x_head = arc.x_head + 3 * towards  # arcs leaving one head fan out a little
    x_word = arc.x_word - 3 * towards
    top = base + sign * height
    colour = VERMILLION if arc.wrong or arc.dashed else "currentColor"
    dash = ' stroke-dasharray="5 4"' if arc.dashed else ""
    width = 2 if arc.wrong else 1.3
    cls = "dp-arc-g dp-wrong" if arc.wrong else "dp-arc-g"
    mid = (x_head + x_word) / 2
    label_y = base + sign * (0.75 * height) + (-4 if up else 12)
    text = f"{WRONG} {arc.label}" if arc.wrong else arc.label
    return (f'<g class="{cls}"><title>{esc(arc.tip)}</title>'
            f'<path class="dp-arc" d="M{x_head:.1f},{base:.1f} C{x_head:.1f},{top:.1f} {x_word:.1f},{top:.1f} '
            f'{x_word:.1f},{base:.1f}" fill="none" stroke="{colour}" stroke-width="{width}"{dash}/>'
            f'<polygon class="dp-head" points="{x_word:.1f},{base:.1f} {x_word - 4:.1f},{base + sign * 8:.1f} '
            f'{x_word + 4:.1f},{base + sign * 8:.1f}" fill="{colour}"/>'
            f'<text class="dp-lab" x="{mid:.1f}" y="{label_y:.1f}" text-anchor="middle">{esc(text)}</text></g>'
            )


def _side_height(levels: list[int], roots: int) -> float:
    return max(levels, default=1 if roots else 0) * STEP + LABEL_ROOM


def arcs_html(index: WordIndex, unit: int) -> str:
    """Unit ``unit`` drawn as arcs, gold above and system below (see the module doc), as one
    line of HTML for ``st.markdown(..., unsafe_allow_html=True)``."""
    gold_boxes, sys_boxes, seps, width = _layout(index, unit)
    gold_x = {word: (left + right) / 2 for word, (left, right) in gold_boxes.items()}
    sys_x = {word: (left + right) / 2 for word, (left, right) in sys_boxes.items()}
    gold_mwts, sys_mwts = _multiwords(index.gold, gold_boxes), _multiwords(index.sys, sys_boxes)
    gold_arcs, gold_roots = _arcs(index, unit, "gold", gold_x)
    sys_arcs, sys_roots = _arcs(index, unit, "sys", sys_x)
    gold_levels, sys_levels = _levels(gold_arcs), _levels(sys_arcs)
    top = _side_height(gold_levels, len(gold_roots))
    gold_base = top + 4
    gold_form, gold_tag = gold_base + ROW - 4, gold_base + 2 * ROW - 4
    gold_mwt = gold_base + 2 * ROW  # the top of gold's surface forms, under its tags
    sys_tag = gold_base + 2 * ROW + MIDDLE + (MWT_ROW if gold_mwts else 0) + (MWT_ROW if sys_mwts else 0)
    sys_mwt = sys_tag - ROW - MWT_ROW + 6  # the top of the system's surface forms, over its tags
    sys_form = sys_tag + ROW
    sys_base = sys_form + 8
    height = sys_base + _side_height(sys_levels, len(sys_roots)) + 6
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="dp-arcs" role="img" width="{width:.0f}" '
             f'height="{height:.0f}" viewBox="0 0 {width:.0f} {height:.0f}">'
             f"<title>Unit #{unit}: gold arcs above the words, system arcs below</title>"]
    wrong_tags = {word: row.gold[0] for row in index.unit_rows(unit)
                  if row.flags is not None and "UPOS" in row.errors for word in range(*row.sys)}
    for side, xs, form_y, tag_y in ((index.gold, gold_x, gold_form, gold_tag),
                                    (index.sys, sys_x, sys_form, sys_tag)):
        for word, x in xs.items():
            tag = esc(side.treebank.upos[word])
            if side is index.sys and word in wrong_tags:
                gold_tag_text = index.gold.treebank.upos[wrong_tags[word]]
                tag = (f'<tspan class="dp-wrong" text-decoration="underline">{tag}<title>'
                       f'{esc(f"UPOS wrong; gold: {gold_tag_text}")}</title></tspan>')
            parts.append(f'<text x="{x:.1f}" y="{form_y:.1f}" text-anchor="middle" font-weight="600">'
                         f"{esc(side.forms[word])}</text>"
                         f'<text class="dp-tag" x="{x:.1f}" y="{tag_y:.1f}" text-anchor="middle">{tag}</text>')
    for mwts, top in ((gold_mwts, gold_mwt), (sys_mwts, sys_mwt)):
        parts.extend(_multiword_svg(left, right, form, tip, top) for left, right, form, tip in mwts)
    for x, name in seps:
        y = gold_form if name == "gold" else sys_form
        parts.append(f'<text class="dp-sep" x="{x:.1f}" y="{y:.1f}" text-anchor="middle">~~~</text>')
    for arcs, levels, base, up in ((gold_arcs, gold_levels, gold_base, True), (sys_arcs, sys_levels, sys_base, False)):
        for arc, level in zip(arcs, levels, strict=True):
            parts.append(_arc_svg(arc, level, base, up))
    for roots, base, up in ((gold_roots, gold_base, True), (sys_roots, sys_base, False)):
        end = base + (-1 if up else 1) * (_side_height(gold_levels if up else sys_levels, 1) - LABEL_ROOM)
        for x, tip in roots:
            parts.append(f'<g class="dp-root"><title>{esc(tip)}</title><line x1="{x:.1f}" y1="{base:.1f}" '
                         f'x2="{x:.1f}" y2="{end:.1f}" stroke="currentColor" stroke-width="1.3"/>'
                         f'<text class="dp-lab" x="{x:.1f}" y="{end + (-4 if up else 12):.1f}" '
                         f'text-anchor="middle">root</text></g>')
    parts.append("</svg>")
    key = (f"gold arcs above the words, system arcs below, each from the head to the word · {WRONG} and "
           "the error colour: a wrong head or DEPREL (dashed: the word has no aligned pair) · a boxed "
           "italic form: a multiword token's surface, spanning its words · hover an arc for its values")
    return ARCS_STYLE + f'<div class="dp-arcs-box"><div class="dp-key">{key}</div>' + "".join(parts) + "</div>"
