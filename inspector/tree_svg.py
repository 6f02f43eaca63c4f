"""Trees as SVG (and as text), each constituent marked by its status.

Contract: :func:`pair_svg_html` draws the gold trees and the system trees
of one aligned pair side by side in a horizontally scrolling box, as one
line of HTML for ``st.markdown(..., unsafe_allow_html=True)`` (``st.html``
sanitises with DOMPurify's HTML profile, which removes SVG);
:func:`side_text` is the same information as plain text (the fallback).
Both read the statuses from the pair's constituents (jpcore computed them);
nothing is scored here.

* Every label and word from a user file goes through :func:`esc`
  (``html.escape`` with quotes) before it is put into markup.
* A status is shown by colour (Okabe–Ito) **and** by shape: matched =
  rounded box, solid line, ✓; gold-only / system-only = square box, dashed
  line, − / +; crossing = square box, dotted thick line, ✗; a constituent
  inside a rewritten stretch (never matched) = grey dotted, ?.  Nodes that
  make no constituent (``TOP``, empty labels, pre-terminals) have no box.
* Several trees on one side (a merged pair) are drawn next to each other,
  separated by ``~~~``; under each word its word-unit number, and a bracket
  under the words of a unit that holds several words.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from jpcore.formats.trees import Node, Tree
from jpcore.tasks.parseval_result import CROSSING, GOLD_ONLY, MATCHED, SYSTEM_ONLY, Constituent, TreePair
from inspector.render import BLACK, BLUE, BLUISH_GREEN, ORANGE, VERMILLION
from inspector.render import esc as _html_escape


def esc(value: object) -> str:
    """``value`` escaped for HTML/SVG, plus ``$`` and ``:`` as character
    references, so Streamlit's Markdown (the markup is shown with
    ``st.markdown(..., unsafe_allow_html=True)``: ``st.html`` strips SVG) can
    never read a word as maths or an emoji code."""
    return _html_escape(value).replace("$", "&#36;").replace(":", "&#58;")


@dataclass(frozen=True, slots=True)
class StatusStyle:
    """How a constituent status is drawn."""

    symbol: str
    label: str
    colour: str
    dash: str  # SVG stroke-dasharray ("" = solid)
    width: float
    radius: int
    meaning: str


STATUS_STYLES: dict[str, StatusStyle] = {
    MATCHED: StatusStyle("✓", "matched", BLUISH_GREEN, "", 2, 8,
                         "same label and same span (in word units) on the other side"),
    GOLD_ONLY: StatusStyle("−", "gold only", VERMILLION, "6 3", 2, 0,
                           "a gold constituent the system does not have"),
    SYSTEM_ONLY: StatusStyle("+", "system only", BLUE, "6 3", 2, 0,
                             "a system constituent gold does not have"),
    CROSSING: StatusStyle("✗", "crossing", ORANGE, "2 2", 3.5, 0,
                          "unmatched and overlapping a bracket of the other side partially"),
}
#: Constituents with an edge inside a rewritten (similar) many-to-many word unit.
UNLOCATED = StatusStyle("?", "not located", "#777777", "1 3", 2, 0,
                        "an edge lies inside a stretch the other side wrote differently: never matched")

_FONT = 13
_CHAR = 7.9  # px per character of the monospace font at 13 px
_LEVEL = 46  # vertical distance between levels
_GAP = 14  # between words
_TREE_GAP = 44  # between two trees of one side
_MARGIN = 12


def style_of(constituent: Constituent) -> StatusStyle:
    """The drawing style of a constituent."""
    return STATUS_STYLES[constituent.status] if constituent.located else UNLOCATED


def _width(text: str) -> float:
    return len(text) * _CHAR


@dataclass
class _Placed:
    node: Node
    x: float
    y: float
    key: tuple[int, int]  # (tree index, preorder number)


def _layout(trees: Sequence[tuple[int, Tree]]) -> tuple[list[_Placed], list[tuple[float, float]], list[float], float, int]:
    """Positions: placed nodes, word x positions (centre, half width), tree
    separators' x, total width, number of levels above the word row."""
    depth: dict[int, int] = {}
    max_depth = 0
    for _, tree in trees:
        todo = [(tree.root, 0)]
        while todo:
            node, d = todo.pop()
            depth[id(node)] = d
            if node.word is not None:
                max_depth = max(max_depth, d)
            for child in node.children:
                todo.append((child, d + 1))
            if node.word is None and not node.children:
                max_depth = max(max_depth, d)
    placed: list[_Placed] = []
    words: list[tuple[float, float]] = []
    separators: list[float] = []
    x = _MARGIN
    for number, (tree_index, tree) in enumerate(trees):
        if number:
            separators.append(x + _TREE_GAP / 2 - _GAP / 2)
            x += _TREE_GAP
        positions: dict[int, float] = {}
        for node in tree.nodes():
            if node.word is not None:
                half = max(_width(node.word), _width(node.label)) / 2 + 4
                positions[id(node)] = x + half
                words.append((x + half, half))
                x += 2 * half + _GAP
        # empty nodes get a slot of their own
        for node in tree.nodes():
            if node.word is None and not node.children and node.end == node.start:
                half = max(_width(node.label or "∅"), 10) / 2 + 4
                positions[id(node)] = x + half
                x += 2 * half + _GAP
        # internal nodes: centred over their children (children first)
        for node in reversed(list(tree.nodes())):
            if node.children:
                positions[id(node)] = (positions[id(node.children[0])] + positions[id(node.children[-1])]) / 2
        for preorder, node in enumerate(tree.nodes()):
            level = max_depth if node.word is not None else depth[id(node)]
            placed.append(_Placed(node, positions[id(node)], _MARGIN + 18 + level * _LEVEL, (tree_index, preorder)))
    return placed, words, separators, max(x - _GAP + _MARGIN, 2 * _MARGIN), max_depth


def side_svg(trees: Sequence[tuple[int, Tree]], constituents: Sequence[Constituent],
             pair: TreePair, side: str, title: str) -> str:
    """The trees of one side of a pair as one ``<svg>`` element (all text escaped)."""
    by_node = {(c.tree, c.node): c for c in constituents}
    placed, words, separators, width, max_depth = _layout(trees)
    word_y = _MARGIN + 18 + max_depth * _LEVEL + 30
    unit_y = word_y + 22
    height = unit_y + 26
    position = {id(p.node): p for p in placed}
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="jp-tree" role="img" width="{width:.0f}" '
        f'height="{height:.0f}" viewBox="0 0 {width:.0f} {height:.0f}" '
        f'font-family="ui-monospace, SFMono-Regular, Menlo, Consolas, monospace" font-size="{_FONT}">',
        f"<title>{esc(title)}</title>",
    ]
    # edges
    for p in placed:
        for child in p.node.children:
            c = position[id(child)]
            parts.append(f'<line x1="{p.x:.1f}" y1="{p.y + 9:.1f}" x2="{c.x:.1f}" y2="{c.y - 11:.1f}" '
                         'stroke="#888" stroke-width="1"/>')
        if p.node.word is not None:
            parts.append(f'<line x1="{p.x:.1f}" y1="{p.y + 8:.1f}" x2="{p.x:.1f}" y2="{word_y - 14:.1f}" '
                         'stroke="#bbb" stroke-width="1"/>')
    # nodes
    for p in placed:
        node = p.node
        constituent = by_node.get(p.key)
        if node.word is not None:
            parts.append(f'<text x="{p.x:.1f}" y="{p.y + 4:.1f}" text-anchor="middle" opacity=".7">'
                         f"{esc(node.label)}</text>")
            parts.append(f'<text x="{p.x:.1f}" y="{word_y:.1f}" text-anchor="middle" font-weight="600">'
                         f"{esc(node.word)}</text>")
            continue
        label = node.label if node.label else "∅"
        if constituent is None:
            parts.append(f'<text x="{p.x:.1f}" y="{p.y + 4:.1f}" text-anchor="middle" opacity=".45">'
                         f"<title>{esc(label)}: makes no constituent</title>{esc(label)}</text>")
            continue
        style = style_of(constituent)
        text = f"{style.symbol} {constituent.label}"
        half = _width(text) / 2 + 6
        tip = (f"{side} {constituent.label} [{constituent.start}, {constituent.end}) in word units: "
               f"{style.label}" + (" (crosses a bracket of the other side)" if constituent.crosses else ""))
        dash = f' stroke-dasharray="{style.dash}"' if style.dash else ""
        parts.append(
            f'<g class="jp-node jp-{esc(constituent.status)}"><title>{esc(tip)}</title>'
            f'<rect x="{p.x - half:.1f}" y="{p.y - 11:.1f}" width="{2 * half:.1f}" height="20" '
            f'rx="{style.radius}" fill="{style.colour}22" stroke="{style.colour}" '
            f'stroke-width="{style.width}"{dash}/>'
            f'<text x="{p.x:.1f}" y="{p.y + 4:.1f}" text-anchor="middle">{esc(text)}</text></g>'
        )
    # tree separators
    for x in separators:
        parts.append(f'<text class="jp-sep-t" x="{x:.1f}" y="{word_y:.1f}" text-anchor="middle" '
                     'font-weight="700"><title>sentence boundary</title>~~~</text>')
    # word units: number under each word, a bracket under a unit of several words
    first = 0
    for number, unit in enumerate(pair.words):
        start, end = unit.gold if side == "gold" else unit.sys
        if end == start:
            continue
        last = first + (end - start) - 1
        left = words[first][0] - words[first][1]
        right = words[last][0] + words[last][1]
        if last > first:
            parts.append(f'<path d="M{left:.1f},{unit_y - 12:.1f} v4 H{right:.1f} v-4" fill="none" '
                         f'stroke="{BLACK}" stroke-opacity=".6" stroke-width="1"/>')
        parts.append(f'<text x="{(left + right) / 2:.1f}" y="{unit_y + 4:.1f}" text-anchor="middle" '
                     f'font-size="11" opacity=".6">u{number}</text>')
        first = last + 1
    parts.append("</svg>")
    return "".join(parts)


#: The stylesheet, on one line: the markup goes through Streamlit's Markdown
#: as one raw HTML block.
TREE_STYLE = (
    "<style>"
    ".jp-trees {display: flex; gap: 28px; overflow-x: auto; padding: 6px 2px 10px 2px;"
    " border: 1px solid rgba(128,128,128,.35); border-radius: 6px; align-items: flex-start;}"
    " .jp-trees figure {margin: 0; flex: 0 0 auto;}"
    " .jp-trees figcaption {font-weight: 600; margin-bottom: 4px;}"
    " .jp-trees svg {max-width: none;}"
    " .jp-trees svg text {fill: currentColor;}"
    " .jp-trees svg text.jp-sep-t {fill: #E69F00;}"
    " .jp-legend {display: flex; flex-wrap: wrap; gap: 14px; font-size: .85rem; margin: 4px 0;}"
    " .jp-legend span {display: inline-flex; gap: 6px; align-items: center;}"
    "</style>"
)


def pair_svg_html(gold: Sequence[tuple[int, Tree]], system: Sequence[tuple[int, Tree]], pair: TreePair,
                  gold_name: str, sys_name: str) -> str:
    """Gold and system trees of ``pair`` side by side in a horizontally scrolling box."""
    figures = []
    for side, trees, constituents, name in (
        ("gold", gold, pair.gold_constituents, gold_name),
        ("system", system, pair.sys_constituents, sys_name),
    ):
        lines = pair.gold_lines if side == "gold" else pair.sys_lines
        where = ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in lines) or "-"
        caption = f"{side.capitalize()}: {name}, line(s) {where}"
        if trees:
            body = side_svg(trees, constituents, pair, "gold" if side == "gold" else "sys", caption)
        else:
            body = '<div class="jp-none">∅ no tree on this side</div>'
        figures.append(f"<figure><figcaption>{esc(caption)}</figcaption>{body}</figure>")
    return TREE_STYLE + f'<div class="jp-trees">{"".join(figures)}</div>'


def legend_svg_html() -> str:
    """A legend of the status styles (colour, line and symbol), as HTML."""
    items = []
    for style in (*STATUS_STYLES.values(), UNLOCATED):
        dash = f' stroke-dasharray="{style.dash}"' if style.dash else ""
        items.append(
            f'<span title="{esc(style.meaning)}"><svg width="46" height="22" role="img">'
            f"<title>{esc(style.label)}</title>"
            f'<rect x="2" y="2" width="42" height="18" rx="{style.radius}" fill="{style.colour}22" '
            f'stroke="{style.colour}" stroke-width="{style.width}"{dash}/>'
            f'<text x="23" y="15" text-anchor="middle" font-size="12">{esc(style.symbol)}</text></svg>'
            f"{esc(style.label)}</span>"
        )
    items.append('<span><b style="color:#E69F00">~~~</b> sentence boundary inside a merged pair; '
                 "u<i>n</i> = word unit</span>")
    return TREE_STYLE + f'<div class="jp-legend">{"".join(items)}</div>'


def side_text(trees: Sequence[tuple[int, Tree]], constituents: Sequence[Constituent]) -> str:
    """The trees of one side as bracketed text, each constituent's label
    followed by its status symbol (``(NP✓ ...)``); trees joined by a ``~~~`` line."""
    by_node = {(c.tree, c.node): c for c in constituents}
    texts = []
    for tree_index, tree in trees:
        numbers = {id(node): number for number, node in enumerate(tree.nodes())}
        out: list[str] = []
        todo: list[Node | str] = [tree.root]
        while todo:
            item = todo.pop()
            if isinstance(item, str):
                out.append(item)
                continue
            if item.word is not None:
                out.append(f"({item.label} {item.word})")
                continue
            constituent = by_node.get((tree_index, numbers[id(item)]))
            mark = style_of(constituent).symbol if constituent is not None else ""
            out.append(f"({item.label}{mark}")
            todo.append(")")
            for child in reversed(item.children):
                todo.append(child)
                todo.append(" ")
        texts.append("".join(out))
    return "\n~~~\n".join(texts) if texts else "∅ (no tree on this side)"
