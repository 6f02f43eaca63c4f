"""Trees on the Brackets page: jpcore's drawing with the app's escaping, and a text fallback.

Contract: :func:`pair_svg_html` draws the gold and system trees of one
aligned pair with :func:`jpcore.parseval.tree_svg.pair_trees_html` (gold over
system, side by side or words down the page; fitted to the width or zoomed;
edges never cross a label), preceded by its stylesheet, as one line of HTML
for ``st.markdown(..., unsafe_allow_html=True)`` (``st.html`` sanitises with
DOMPurify's HTML profile, which removes SVG); :func:`legend_svg_html` is
the legend of the status marks; :func:`side_text` is the same information
as plain text (the fallback).  Statuses are read from the pair's
constituents (jpcore computed them); nothing is scored here.  The drawing
itself lives in jpcore so the HTML report draws the same trees.

Every label and word from a user file goes through
:func:`inspector.common.markup.esc_markdown_html` (HTML escaping, plus ``$``
and ``:`` as character references so Streamlit's Markdown never reads a word
as maths or an emoji code).
"""

from __future__ import annotations

from collections.abc import Sequence

from jpcore.formats.trees import Node, Tree
from jpcore.parseval.tree_styles import STATUS_STYLES, UNLOCATED, StatusStyle, style_of
from jpcore.parseval.tree_svg import ARRANGEMENTS, AUTO, TREE_CSS, legend_html, pair_trees_html
from jpcore.parseval.result import Constituent, TreePair
from inspector.brackets.view import lines_phrase
from inspector.common.markup import esc_markdown_html

__all__ = ["ARRANGEMENTS", "AUTO", "STATUS_STYLES", "TREE_STYLE", "UNLOCATED", "ZOOMS", "StatusStyle",
           "legend_svg_html", "pair_svg_html", "side_text", "style_of"]


#: Zoom choices of the page: a factor, or ``None`` to fit the box's width.
ZOOMS: dict[str, float | None] = {"Fit": None, "50%": 0.5, "75%": 0.75, "100%": 1.0, "150%": 1.5, "200%": 2.0}

#: The stylesheet, on one line: the markup goes through Streamlit's Markdown
#: as one raw HTML block.
TREE_STYLE = f"<style>{TREE_CSS}</style>"


def _caption(side: str, name: str, lines: Sequence[tuple[int, int]]) -> str:
    return f"{side}: {name}, {lines_phrase(lines)}"


def pair_svg_html(gold: Sequence[tuple[int, Tree]], system: Sequence[tuple[int, Tree]], pair: TreePair,
                  gold_name: str, sys_name: str, arrangement: str = AUTO, zoom: float | None = None) -> str:
    """Gold and system trees of ``pair`` in ``arrangement`` (a key of
    :data:`ARRANGEMENTS`), fitted to the width (``zoom`` None) or zoomed, in
    a box that scrolls inside itself."""
    return TREE_STYLE + pair_trees_html(
        gold, system, pair, _caption("Gold", gold_name, pair.gold_lines), _caption("System", sys_name, pair.sys_lines),
        arrangement, zoom, escape=esc_markdown_html)


def legend_svg_html() -> str:
    """A legend of the status styles (colour, line and symbol), as HTML."""
    return TREE_STYLE + legend_html(esc_markdown_html)


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
