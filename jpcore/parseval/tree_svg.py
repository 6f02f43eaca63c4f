"""The gold and system trees of an aligned pair as SVG, each constituent marked by its status.

Contract: :func:`pair_trees_html` returns one line of HTML: a ``<div
class="jp-trees" data-arrangement=... data-zoom=...>`` holding two
``<figure>`` elements (gold, then system),
each with one ``<svg>``; :data:`TREE_CSS` styles it (the HTML report puts it
in its stylesheet, the app in a ``<style>`` element).  Three arrangements
(:data:`ARRANGEMENTS`):

* ``stacked``: gold over system, both across the page, each word unit at the
  same ``x`` on both sides, so a bracket over the same words sits over the
  same stretch of both trees;
* ``side``: gold and system next to each other, each at its own width;
* ``down``: words down the page (one per row, unit by unit on the same rows
  on both sides) with the gold tree on the left and the system tree mirrored
  on the right, so a long sentence is read top to bottom, not scrolled.

``auto`` (the default) is ``stacked`` unless that would be wider than
:data:`AUTO_WIDTH`, then ``down``.  ``zoom`` is ``None`` (fit to the width of
the box, between :data:`MIN_FIT` and 100 %) or a factor; the box scrolls
inside itself, the page never does.  The geometry is :mod:`jpcore.parseval.tree_layout` (edges
never cross a label); statuses are drawn as :mod:`jpcore.parseval.tree_styles`
says; nothing is scored here.  Every label, word and name goes through
``escape`` (:func:`jpcore.reports.markup.esc` by default; the app passes its
own, which also neutralises Markdown).  Streamlit is never imported.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from jpcore.formats.trees import Node, Tree
from jpcore.reports.markup import COLOURS, esc
from jpcore.parseval.tree_layout import (
    ACROSS,
    BOX,
    DOWN,
    FONT,
    POS,
    SEP,
    UNIT,
    UNIT_FONT,
    WORD,
    Label,
    SideLayout,
    place_sides,
    plan_side,
    text_width,
)
from jpcore.parseval.result import Constituent, TreePair
from jpcore.parseval.score import tag_agreement
from jpcore.parseval.tree_styles import STATUS_STYLES, UNLOCATED, style_of

STACKED = "stacked"
SIDE = "side"
DOWN_THE_PAGE = "down"
AUTO = "auto"
#: Every arrangement, with what a person calls it.
ARRANGEMENTS = {
    AUTO: "Auto",
    STACKED: "Gold over system",
    SIDE: "Side by side",
    DOWN_THE_PAGE: "Words down the page",
}
#: ``auto`` draws words down the page when gold over system would be wider than this (px).
AUTO_WIDTH = 1400
#: Fitting to the width never shrinks a tree below this factor (13 px text stays >= 9 px);
#: beyond it the box scrolls inside itself.
MIN_FIT = 0.7
#: Fitting to the width fills the frame (issue 25 item 12: at 2560 px it stopped at the
#: natural width, a quarter of the frame), up to this factor (px of text stay <= 13 x 8).
MAX_FIT = 8.0

Escape = Callable[[object], str]
TreesOfSide = Sequence[tuple[int, Tree]]

#: The stylesheet of :func:`pair_trees_html` and :func:`legend_html` (plain CSS).
TREE_CSS = (
    ".jp-trees {display: flex; gap: 14px 28px; overflow-x: auto; padding: 6px 4px 10px 4px;"
    " border: 1px solid rgba(128,128,128,.35); border-radius: 6px; align-items: flex-start;}"
    " .jp-trees[data-arrangement=stacked] {flex-direction: column; align-items: stretch;}"
    " .jp-trees figure {margin: 0; min-width: 0;}"
    " .jp-trees figcaption {font-weight: 600; margin-bottom: 4px; white-space: nowrap; overflow: hidden;"
    " text-overflow: ellipsis;}"
    " .jp-trees svg {display: block; height: auto;}"
    " .jp-trees svg text {fill: currentColor;}"
    f" .jp-trees svg .jp-tag-wrong text {{fill: {COLOURS['vermillion']};}}"
    " .jp-trees svg text.jp-sep-t {fill: #E69F00;}"
    " .jp-trees .jp-none {padding: 8px; opacity: .7;}"
    " .jp-legend {display: flex; flex-wrap: wrap; gap: 14px; font-size: .85rem; margin: 4px 0;}"
    " .jp-legend span {display: inline-flex; gap: 6px; align-items: center;}"
    " .jp-legend svg text {fill: currentColor; font-weight: 700;}"
    " @media print {.jp-trees {overflow: visible; border: none;}"
    " .jp-trees svg {width: 100% !important; max-width: 100% !important; min-width: 0 !important;}"
    " .jp-trees figure {min-width: 0 !important; break-inside: avoid;}}"
)


@dataclass(frozen=True, slots=True)
class PairDrawing:
    """A pair laid out: the arrangement used and each side (``None``: no tree on that side)."""

    arrangement: str
    gold: SideLayout | None
    system: SideLayout | None

    @property
    def width(self) -> float:
        """The natural width of the whole drawing (px, at 100 %)."""
        widths = [side.width for side in (self.gold, self.system) if side is not None]
        if not widths:
            return 0.0
        return max(widths) if self.arrangement == STACKED else sum(widths) + 28 * (len(widths) - 1)


def _node_text(constituents: Sequence[Constituent]) -> Callable[[int, int, Node], tuple[str, bool]]:
    by_node = {(c.tree, c.node): c for c in constituents}

    def text(tree: int, preorder: int, node: Node) -> tuple[str, bool]:
        constituent = by_node.get((tree, preorder))
        if constituent is None:
            return (node.label or "∅", False)
        return (f"{style_of(constituent).symbol} {constituent.label}", True)

    return text


def _word_units(pair: TreePair, side: str) -> list[int]:
    units: list[int] = []
    for number, unit in enumerate(pair.words):
        start, end = unit.gold if side == "gold" else unit.sys
        units.extend([number] * (end - start))
    return units


def layout_pair(gold: TreesOfSide, system: TreesOfSide, pair: TreePair, arrangement: str = AUTO) -> PairDrawing:
    """Lay out both sides of ``pair`` in ``arrangement`` (``auto`` resolved here)."""
    if arrangement not in ARRANGEMENTS:
        raise ValueError(f"arrangement must be one of {tuple(ARRANGEMENTS)}, not {arrangement!r}")
    if arrangement == AUTO:
        stacked = layout_pair(gold, system, pair, STACKED)
        return stacked if stacked.width <= AUTO_WIDTH else layout_pair(gold, system, pair, DOWN_THE_PAGE)
    orientation = DOWN if arrangement == DOWN_THE_PAGE else ACROSS
    shared = arrangement != SIDE
    sides = [(trees, constituents, key) for trees, constituents, key in (
        (gold, pair.gold_constituents, "gold"), (system, pair.sys_constituents, "sys")) if trees]
    plans = [plan_side(trees, _node_text(constituents), orientation, _word_units(pair, key))
             for trees, constituents, key in sides]
    placed = dict(zip([key for _, _, key in sides], place_sides(plans, shared_units=shared), strict=True))
    sys_layout = placed.get("sys")
    if sys_layout is not None and arrangement == DOWN_THE_PAGE:
        sys_layout = sys_layout.mirrored()
    return PairDrawing(arrangement, placed.get("gold"), sys_layout)


def _leaf_keys(trees: TreesOfSide) -> list[str]:
    """The label key of each word's tag (``n{tree}.{preorder}``), in the side's word order."""
    return [f"n{tree_index}.{preorder}" for tree_index, tree in trees
            for preorder, node in enumerate(tree.nodes()) if not node.children and node.word is not None]


def wrong_tags(gold: TreesOfSide, system: TreesOfSide, pair: TreePair) -> tuple[dict[str, str], dict[str, str]]:
    """The tags EVALB counts wrong in ``pair`` (a one-word ``exact`` unit whose two tags differ:
    :func:`jpcore.parseval.score.tag_agreement`, what ``correct_tags`` counts), on each side:
    label key -> its tooltip (``tag wrong: gold VBZ, system NNS``)."""
    gold_tags = [tag for _, tree in gold for tag in tree.tags]
    sys_tags = [tag for _, tree in system for tag in tree.tags]
    words = pair.words
    if not words or not gold_tags or not sys_tags:
        return {}, {}
    gold_offset, sys_offset = words[0].gold[0], words[0].sys[0]
    gold_keys, sys_keys = _leaf_keys(gold), _leaf_keys(system)
    on_gold: dict[str, str] = {}
    on_sys: dict[str, str] = {}
    for number, agree in tag_agreement(words, gold_tags, sys_tags, gold_offset, sys_offset).items():
        if agree:
            continue
        g, s = words[number].gold[0] - gold_offset, words[number].sys[0] - sys_offset
        tip = f"tag wrong in word unit u{number}: gold {gold_tags[g]}, system {sys_tags[s]}"
        on_gold[gold_keys[g]] = tip
        on_sys[sys_keys[s]] = tip
    return on_gold, on_sys


def _points(points: Sequence[tuple[float, float]]) -> str:
    return "M" + " L".join(f"{x:.1f},{y:.1f}" for x, y in points)


def _text(label: Label, escape: Escape, attrs: str = "", font: float = FONT, title: str = "") -> str:
    """The label's text, centred in its box and pinned to its measured width."""
    x, y = label.centre
    length = text_width(label.text, font)
    tip = f"<title>{escape(title)}</title>" if title else ""
    return (f'<text x="{x:.1f}" y="{y + font * 0.35:.1f}" text-anchor="middle" textLength="{length:.1f}" '
            f'lengthAdjust="spacingAndGlyphs"{attrs}>{tip}{escape(label.text)}</text>')


def side_svg(layout: SideLayout, constituents: Sequence[Constituent], side: str, title: str,
             escape: Escape = esc, wrong: Mapping[str, str] | None = None) -> str:
    """One side's trees as an ``<svg>`` element (every text escaped with ``escape``);
    ``side`` is ``gold`` or ``sys`` (for the tooltips); ``wrong``: the keys of the tags
    counted wrong (:func:`wrong_tags`), each boxed in the error colour with its tooltip."""
    by_node = {(c.tree, c.node): c for c in constituents}
    width, height = layout.width, layout.height
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="jp-tree" role="img" width="{width:.0f}" '
        f'height="{height:.0f}" viewBox="0 0 {width:.0f} {height:.0f}" '
        f'font-family="ui-monospace, SFMono-Regular, Menlo, Consolas, monospace" font-size="{FONT}">',
        f"<title>{escape(title)}</title>",
    ]
    words = {label.key for label in layout.labels if label.kind == WORD}
    for start, end in layout.rules:
        parts.append(f'<path class="jp-rule" d="{_points((start, end))}" stroke="{COLOURS["orange"]}" '
                     'stroke-width="1" stroke-dasharray="4 4" fill="none"/>')
    for edge in layout.edges:
        colour = "#bbb" if edge.child in words else "#888"
        parts.append(f'<path class="jp-edge" d="{_points(edge.points)}" fill="none" stroke="{colour}" '
                     'stroke-width="1"/>')
    for bracket in layout.brackets:
        parts.append(f'<path d="{_points(bracket)}" fill="none" stroke="{COLOURS["black"]}" '
                     'stroke-opacity=".6" stroke-width="1"/>')
    for label in layout.labels:
        if wrong and label.kind == POS and label.key in wrong:
            parts.append(_wrong_tag_svg(label, wrong[label.key], escape))
        else:
            parts.append(_label_svg(label, by_node, side, escape))
    parts.append("</svg>")
    return "".join(parts)


#: The error colour of a wrong tag (the palette's vermillion, as a wrong value on every page).
WRONG_TAG = COLOURS["vermillion"]


def _wrong_tag_svg(label: Label, tip: str, escape: Escape) -> str:
    """A tag counted wrong: boxed with a thick vermillion border, bold, with its tooltip
    (the box is the signal: a correct tag has none; the text keeps the theme's colour, as
    vermillion text is below WCAG's 4.5:1 on a light background)."""
    r = label.rect
    text = _text(label, escape, ' font-weight="700"')
    return (f'<g class="jp-tag-wrong"><title>{escape(tip)}</title>'
            f'<rect x="{r.x0 - 2:.1f}" y="{r.y0 - 1:.1f}" width="{r.x1 - r.x0 + 4:.1f}" '
            f'height="{r.y1 - r.y0 + 2:.1f}" rx="3" fill="{WRONG_TAG}22" stroke="{WRONG_TAG}" '
            f'stroke-width="2"/>{text}</g>')


def _label_svg(label: Label, by_node: dict[tuple[int, int], Constituent], side: str, escape: Escape) -> str:
    if label.kind == WORD:
        return _text(label, escape, ' font-weight="600"')
    if label.kind == POS:
        return _text(label, escape, ' opacity=".7"')
    if label.kind == SEP:
        return _text(label, escape, ' class="jp-sep-t" font-weight="700"', title="sentence boundary")
    if label.kind == UNIT:
        return _text(label, escape, f' font-size="{UNIT_FONT}" opacity=".6"', UNIT_FONT)
    constituent = by_node.get((label.tree, label.node))
    if label.kind != BOX or constituent is None:
        return _text(label, escape, ' opacity=".45"', title=f"{label.text}: makes no constituent")
    style = style_of(constituent)
    tip = (f"{side} {constituent.label} [{constituent.start}, {constituent.end}) in word units: "
           f"{style.label}" + (" (crosses a bracket of the other side)" if constituent.crosses else ""))
    dash = f' stroke-dasharray="{style.dash}"' if style.dash else ""
    r = label.rect
    return (f'<g class="jp-node jp-{escape(constituent.status)}"><title>{escape(tip)}</title>'
            f'<rect x="{r.x0:.1f}" y="{r.y0:.1f}" width="{r.x1 - r.x0:.1f}" height="{r.y1 - r.y0:.1f}" '
            f'rx="{style.radius}" fill="{style.colour}22" stroke="{style.colour}" '
            f'stroke-width="{style.width}"{dash}/>{_text(label, escape)}</g>')


def _size_style(width: float, zoom: float | None) -> str:
    if zoom is None:
        return f"width:100%;max-width:{width * MAX_FIT:.0f}px;min-width:{width * MIN_FIT:.0f}px"
    return f"width:{width * zoom:.0f}px;max-width:none"


def pair_trees_html(gold: TreesOfSide, system: TreesOfSide, pair: TreePair, gold_caption: str,
                    sys_caption: str, arrangement: str = AUTO, zoom: float | None = None,
                    escape: Escape = esc) -> str:
    """Both sides of ``pair`` drawn (see the module doc), as one line of HTML."""
    if zoom is not None and zoom <= 0:
        raise ValueError(f"zoom must be positive, not {zoom}")
    drawing = layout_pair(gold, system, pair, arrangement)
    gold_wrong, sys_wrong = wrong_tags(gold, system, pair)
    figures = []
    for layout, constituents, side, caption, wrong in (
        (drawing.gold, pair.gold_constituents, "gold", gold_caption, gold_wrong),
        (drawing.system, pair.sys_constituents, "sys", sys_caption, sys_wrong),
    ):
        if layout is None:
            body, width = '<div class="jp-none">∅ no tree on this side</div>', 160.0
        else:
            body = side_svg(layout, constituents, side, caption, escape, wrong).replace(
                "<svg ", f'<svg style="{_size_style(layout.width, zoom)}" ', 1)
            width = layout.width
        # side by side, both grow and shrink by the same factor (flex weighs the basis), so the
        # rows of a "down" pair stay level and the pair fills the frame; stacked, both are as
        # wide as the box
        flex = "" if drawing.arrangement == STACKED else (
            f' style="flex:{width:.0f} 1 {width:.0f}px;min-width:{width * MIN_FIT:.0f}px;'
            f'max-width:{width * MAX_FIT:.0f}px"' if zoom is None
            else ' style="flex:0 0 auto"')
        figures.append(f"<figure{flex}><figcaption title=\"{escape(caption)}\">{escape(caption)}</figcaption>"
                       f"{body}</figure>")
    zoomed = "fit" if zoom is None else f"{zoom:g}"
    return (f'<div class="jp-trees" data-arrangement="{drawing.arrangement}" data-zoom="{zoomed}">'
            f'{"".join(figures)}</div>')


def legend_html(escape: Escape = esc) -> str:
    """A legend of the status styles (colour, line and symbol), as HTML."""
    items = []
    for style in (*STATUS_STYLES.values(), UNLOCATED):
        dash = f' stroke-dasharray="{style.dash}"' if style.dash else ""
        items.append(
            f'<span title="{escape(style.meaning)}"><svg width="46" height="22" role="img">'
            f"<title>{escape(style.label)}</title>"
            f'<rect x="2" y="2" width="42" height="18" rx="{style.radius}" fill="{style.colour}22" '
            f'stroke="{style.colour}" stroke-width="{style.width}"{dash}/>'
            f'<text x="23" y="15" text-anchor="middle" font-size="12">{escape(style.symbol)}</text></svg>'
            f"{escape(style.label)}</span>"
        )
    items.append(f'<span title="a one-word exact unit whose gold and system tags differ (not in correct_tags)">'
                 f'<svg width="46" height="22" role="img"><title>tag wrong</title><rect x="2" y="2" width="42" '
                 f'height="18" rx="3" fill="{WRONG_TAG}22" stroke="{WRONG_TAG}" stroke-width="2"/>'
                 f'<text x="23" y="15" text-anchor="middle" font-size="12">NN</text>'
                 f'</svg>tag wrong</span>')
    items.append('<span><span style="color:#E69F00;font-weight:700">~~~</span> sentence boundary inside '
                 "a merged pair; u0, u1, … = word units (spans are counted in them)</span>")
    return f'<div class="jp-legend">{"".join(items)}</div>'


__all__ = ["ARRANGEMENTS", "AUTO", "AUTO_WIDTH", "MAX_FIT", "MIN_FIT", "wrong_tags", "DOWN_THE_PAGE", "SIDE", "STACKED", "TREE_CSS",
           "PairDrawing", "layout_pair", "legend_html", "pair_trees_html", "side_svg"]
