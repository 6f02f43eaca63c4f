"""Where every label, word and edge of a side's trees goes: geometry only, no markup.

Contract: :func:`plan_side` measures one side of an aligned pair (its trees,
in order; a merged side has several, separated by ``~~~``) and
:func:`place_sides` places one or more planned sides, either each on its
own or sharing the positions of the pair's **word units** (stacked gold over
system, or rows aligned side by side), and returns one :class:`SideLayout`
per side: every label as a rectangle (:class:`Label`), every edge as an
axis-parallel polyline (:class:`Edge`), the separator rules between trees
and the brackets under multi-word units.  :mod:`jpcore.parseval.tree_svg`
writes them as SVG; tests check the geometry directly.

Two orientations:

* :data:`ACROSS`: root at the top, one level per depth, the pre-terminals
  (POS tags) on one row and the words under them;
* :data:`DOWN`: root at the left, one word per row, the POS tags in one
  column and the words beside it; each constituent sits just left of its
  leftmost child, so the width grows with the depth, not the length (a long
  sentence stays narrow).

**Edges never cross a label.**  Write ``a`` for the axis along the words and
``b`` for the axis from the root to the words (across: ``a = x, b = y``;
down: ``a = y, b = x``).  The layout keeps two invariants:

1. every label lies strictly inside the ``a``-range of its node's leaves
   (slot widths are grown bottom-up until each label fits, with a margin);
2. along ``b`` an ancestor's label ends before the bus of its children and
   every descendant's label starts after it.

An edge from a parent to a child is three segments: along ``b`` from the
parent's label to the bus, along ``a`` on the bus, along ``b`` to the
child's label.  A label that meets a segment would need an ``a``-range
overlapping the parent's (or the child's) leaves, so it would be an ancestor
or a descendant, which (2) puts on the other side of the bus; any other
label's leaves are disjoint, and (1) keeps it away.  Words, POS tags,
``~~~`` and unit numbers sit in rows (columns) of their own beyond every
constituent.  Everything is linear in the number of nodes and iterative (a
tree 1,000 levels deep is fine).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from jpcore.formats.trees import Node, Tree

ACROSS = "across"
DOWN = "down"
ORIENTATIONS = (ACROSS, DOWN)

#: Font size of labels and words (px) and the width of a narrow character
#: in it (the SVG pins each text to this width with ``textLength``).
FONT = 13
CHAR = 0.6 * FONT
#: Font size of the unit numbers under the words.
UNIT_FONT = 11
#: Height of a label box; padding inside a boxed label.
BOX_H = 20
PAD = 6
#: Margin kept between a label and the edge of its leaves' range (each side),
#: across (between words) and down (between rows).
MARGIN_A = 4
MARGIN_DOWN = 2
#: Across: distance between the centres of two levels.
LEVEL = 44
#: Down: gap between a constituent and its children.
GAP_B = 10
#: Around the drawing.
MARGIN = 10
SEPARATOR = "~~~"


def text_width(text: str, font: float = FONT) -> float:
    """Width of ``text`` in px: narrow characters ``0.6 em``, wide (CJK) ones
    ``1.2 em``, combining marks nothing."""
    units = 0
    for char in text:
        if unicodedata.combining(char):
            continue
        units += 2 if unicodedata.east_asian_width(char) in "WF" else 1
    return units * 0.6 * font


@dataclass(frozen=True, slots=True)
class Rect:
    """An axis-parallel rectangle ``[x0, x1] × [y0, y1]``."""

    x0: float
    y0: float
    x1: float
    y1: float

    def meets_segment(self, p: tuple[float, float], q: tuple[float, float]) -> bool:
        """True when the axis-parallel segment ``p``–``q`` touches this rectangle."""
        (px, py), (qx, qy) = p, q
        return (min(px, qx) <= self.x1 and max(px, qx) >= self.x0
                and min(py, qy) <= self.y1 and max(py, qy) >= self.y0)


#: Kinds of label.
BOX = "box"  # a constituent (boxed, with its status) or a node that makes none
POS = "pos"  # a pre-terminal's tag, or an empty leaf
WORD = "word"
SEP = "sep"  # ~~~ between two trees
UNIT = "unit"  # u0, u1... under the words


@dataclass(frozen=True, slots=True)
class Label:
    """One text on the drawing and its box.  ``key`` is unique in the side:
    ``n{tree}.{preorder}`` for a node, ``w{tree}.{preorder}`` for its word,
    ``s{k}`` for a separator, ``u{unit}`` for a unit number."""

    key: str
    kind: str
    text: str
    rect: Rect
    tree: int = -1
    node: int = -1

    @property
    def centre(self) -> tuple[float, float]:
        """The middle of the box (where the text is anchored)."""
        return (self.rect.x0 + self.rect.x1) / 2, (self.rect.y0 + self.rect.y1) / 2


@dataclass(frozen=True, slots=True)
class Edge:
    """A line from the ``parent`` label to the ``child`` label (keys), as points."""

    parent: str
    child: str
    points: tuple[tuple[float, float], ...]

    def segments(self) -> list[tuple[tuple[float, float], tuple[float, float]]]:
        """The consecutive point pairs."""
        return list(zip(self.points, self.points[1:]))


@dataclass(slots=True)
class SideLayout:
    """One side placed: its size, labels, edges, separator rules and unit brackets."""

    orientation: str
    width: float
    height: float
    labels: list[Label] = field(default_factory=list)
    edges: list[Edge] = field(default_factory=list)
    rules: list[tuple[tuple[float, float], tuple[float, float]]] = field(default_factory=list)
    brackets: list[tuple[tuple[float, float], ...]] = field(default_factory=list)

    def mirrored(self) -> SideLayout:
        """The same drawing reflected left to right (the system side of a ``down`` pair)."""
        w = self.width

        def flip(point: tuple[float, float]) -> tuple[float, float]:
            return (w - point[0], point[1])

        return SideLayout(
            self.orientation, self.width, self.height,
            [Label(lab.key, lab.kind, lab.text, Rect(w - lab.rect.x1, lab.rect.y0, w - lab.rect.x0, lab.rect.y1),
                   lab.tree, lab.node) for lab in self.labels],
            [Edge(e.parent, e.child, tuple(flip(p) for p in e.points)) for e in self.edges],
            [(flip(a), flip(b)) for a, b in self.rules],
            [tuple(flip(p) for p in bracket) for bracket in self.brackets],
        )


@dataclass(slots=True)
class _Item:
    """A node while it is being placed (internal)."""

    key: str
    tree: int
    preorder: int
    node: Node
    text: str
    boxed: bool
    parent: int
    depth: int
    children: list[int] = field(default_factory=list)
    slot: int = -1  # leaves only
    need: float = 0.0  # a-extent its leaves must span
    a0: float = 0.0  # a-range of its leaves
    a1: float = 0.0
    a: float = 0.0  # centre along a
    b0: float = 0.0  # label along b
    b1: float = 0.0


@dataclass(slots=True)
class _Slot:
    """A place along ``a``: a leaf (``item`` >= 0) or a separator (``item`` == -1)."""

    item: int
    unit: float  # the word unit; separators and empty leaves sit between units (``n - 0.5``)
    width: float
    a0: float = 0.0


@dataclass(slots=True)
class SidePlan:
    """A side measured by :func:`plan_side`, ready for :func:`place_sides`."""

    orientation: str
    items: list[_Item]
    slots: list[_Slot]
    words: dict[int, str]  # leaf item -> its word
    word_units: dict[int, int]  # leaf item -> its word unit
    separators: list[int]  # slot indices
    has_units: bool  # planned with the word units (needed to share their positions)


#: What to write for a node with children: ``(text, boxed)``, boxed for a constituent
#: (drawn with its status), not boxed for a node that makes none (``TOP``).
NodeText = Callable[[int, int, Node], tuple[str, bool]]


def _margin_a(orientation: str) -> float:
    """Room kept on each side of a label along ``a`` (between two words, two rows)."""
    return MARGIN_A if orientation == ACROSS else MARGIN_DOWN


def _extent_a(orientation: str, text: str, boxed: bool) -> float:
    if orientation == DOWN:
        return BOX_H
    return text_width(text) + (2 * PAD if boxed else 4)


def _extent_b(orientation: str, text: str, boxed: bool) -> float:
    if orientation == DOWN:
        return text_width(text) + (2 * PAD if boxed else 4)
    return BOX_H


def _unit_text(unit: int) -> str:
    return f"u{unit}"


def _unit_extent_a(orientation: str, unit: int) -> float:
    """Along ``a``, what a unit number needs."""
    return text_width(_unit_text(unit), UNIT_FONT) + 4 if orientation == ACROSS else UNIT_FONT + 3


def plan_side(trees: Sequence[tuple[int, Tree]], node_text: NodeText, orientation: str = ACROSS,
              word_units: Sequence[int] | None = None) -> SidePlan:
    """Measure one side: ``trees`` as ``(index in its file, tree)`` in order;
    ``node_text(tree, preorder, node)`` gives the text of each node that has
    children and whether it is boxed (a constituent); ``word_units`` the word
    unit of each word of the side (flat index), when unit numbers are shown."""
    if orientation not in ORIENTATIONS:
        raise ValueError(f"orientation must be one of {ORIENTATIONS}, not {orientation!r}")
    margin = _margin_a(orientation)
    items: list[_Item] = []
    slots: list[_Slot] = []
    words: dict[int, str] = {}
    units: dict[int, int] = {}
    separators: list[int] = []
    flat = 0
    for number, (tree_index, tree) in enumerate(trees):
        if number:
            separators.append(len(slots))
            slots.append(_Slot(-1, -1, _extent_a(orientation, SEPARATOR, False) + 2 * margin))
        parent_of: dict[int, tuple[int, int]] = {}
        for preorder, node in enumerate(tree.nodes()):
            index = len(items)
            parent, depth = parent_of.get(id(node), (-1, 0))
            leaf = not node.children
            text, boxed = (node.label or "∅", False) if leaf else node_text(tree_index, preorder, node)
            item = _Item(f"n{tree_index}.{preorder}", tree_index, preorder, node, text, boxed, parent, depth)
            items.append(item)
            if parent >= 0:
                items[parent].children.append(index)
            for child in node.children:
                parent_of[id(child)] = (index, depth + 1)
            if not leaf:
                continue
            item.slot = len(slots)
            width = _extent_a(orientation, text, False)
            if node.word is not None:
                words[index] = node.word
                width = max(width, _extent_a(orientation, node.word, False))
                if word_units is not None and flat < len(word_units):
                    units[index] = word_units[flat]
                flat += 1
            slots.append(_Slot(index, units.get(index, -1), width + 2 * margin))
    if word_units is not None:
        _units_of_the_rest(slots, units)
        _fit_unit_numbers(slots, units, orientation)
    _grow_slots(items, slots, orientation)
    return SidePlan(orientation, items, slots, words, units, separators, word_units is not None)


def _units_of_the_rest(slots: list[_Slot], units: dict[int, int]) -> None:
    """Separators and empty leaves go between units: just before the unit of the next word
    (``unit - 0.5``, so the other side leaves a gap there and its words stay aligned),
    or after the last unit when no word follows."""
    following = max(units.values(), default=0) + 1
    for slot in reversed(slots):
        if slot.item in units:
            following = units[slot.item]
        else:
            slot.unit = following - 0.5


def _fit_unit_numbers(slots: list[_Slot], units: dict[int, int], orientation: str) -> None:
    """Widen the last word slot of a unit until the unit number fits its words' slots."""
    members: dict[int, list[_Slot]] = {}
    for slot in slots:
        if slot.item in units:
            members.setdefault(units[slot.item], []).append(slot)
    for unit, unit_slots in members.items():
        need = _unit_extent_a(orientation, unit) + 2 * _margin_a(orientation)
        have = sum(slot.width for slot in unit_slots)
        if need > have:
            unit_slots[-1].width += need - have


def _grow_slots(items: list[_Item], slots: list[_Slot], orientation: str) -> None:
    """Invariant (1): widen leaf slots until every label fits its leaves' range."""
    margin = _margin_a(orientation)
    for item in reversed(items):  # children before parents (preorder reversed)
        own = _extent_a(orientation, item.text, item.boxed) + 2 * margin
        if item.slot >= 0:
            item.need = slots[item.slot].width
        else:
            item.need = max(own, sum(items[c].need for c in item.children))
    for item in items:  # parents before children: hand the extra down evenly
        if item.slot >= 0:
            slots[item.slot].width = item.need
            continue
        extra = item.need - sum(items[c].need for c in item.children)
        if extra > 0:
            share = extra / len(item.children)
            for c in item.children:
                items[c].need += share


def _assign_a(plans: Sequence[SidePlan], shared_units: bool) -> float:
    """Positions of the slots along ``a`` (sharing unit extents when asked); the total extent."""
    if not shared_units:
        total = 0.0
        for plan in plans:
            a = float(MARGIN)
            for slot in plan.slots:
                slot.a0 = a
                a += slot.width
            total = max(total, a + MARGIN)
        return total
    unit_width: dict[int, float] = {}
    for plan in plans:
        sums: dict[int, float] = {}
        for slot in plan.slots:
            sums[slot.unit] = sums.get(slot.unit, 0.0) + slot.width
        for unit, width in sums.items():
            unit_width[unit] = max(unit_width.get(unit, 0.0), width)
    start: dict[int, float] = {}
    a = float(MARGIN)
    for unit in sorted(unit_width):
        start[unit] = a
        a += unit_width[unit]
    for plan in plans:
        sums: dict[int, float] = {}
        counts: dict[int, int] = {}
        for slot in plan.slots:
            sums[slot.unit] = sums.get(slot.unit, 0.0) + slot.width
            counts[slot.unit] = counts.get(slot.unit, 0) + 1
        cursor = dict(start)
        for slot in plan.slots:
            slot.width += (unit_width[slot.unit] - sums[slot.unit]) / counts[slot.unit]
            slot.a0 = cursor[slot.unit]
            cursor[slot.unit] += slot.width
    return a + MARGIN


def _centres(plan: SidePlan) -> None:
    """Leaf ranges and label centres along ``a`` (invariant 1: clamped inside the range)."""
    items, slots = plan.items, plan.slots
    for item in reversed(items):
        if item.slot >= 0:
            slot = slots[item.slot]
            item.a0, item.a1 = slot.a0, slot.a0 + slot.width
            item.a = (item.a0 + item.a1) / 2
            continue
        first, last = items[item.children[0]], items[item.children[-1]]
        item.a0, item.a1 = first.a0, last.a1
        half = _extent_a(plan.orientation, item.text, item.boxed) / 2
        margin = _margin_a(plan.orientation)
        low, high = item.a0 + margin + half, item.a1 - margin - half
        item.a = min(max((first.a + last.a) / 2, low), high)


def _levels_across(plan: SidePlan) -> float:
    """Across: label rows by depth, leaves on the deepest row; returns that row's centre."""
    bottom = max((item.depth for item in plan.items if item.slot >= 0), default=0)
    for item in plan.items:
        level = bottom if item.slot >= 0 else item.depth
        centre = MARGIN + BOX_H / 2 + level * LEVEL
        item.b0, item.b1 = centre - BOX_H / 2, centre + BOX_H / 2
    return MARGIN + BOX_H / 2 + bottom * LEVEL


def _levels_down(plan: SidePlan) -> float:
    """Down: leaves in one column, each constituent just before its first child (invariant 2);
    returns where the leaf column ends."""
    items = plan.items
    column = max((_extent_b(DOWN, items[s.item].text, False) for s in plan.slots if s.item >= 0), default=0.0)
    for item in reversed(items):
        extent = _extent_b(DOWN, item.text, item.boxed)
        if item.slot >= 0:
            item.b0 = (column - extent) / 2
            item.b1 = item.b0 + extent
        else:
            item.b1 = min(items[c].b0 for c in item.children) - GAP_B
            item.b0 = item.b1 - extent
    shift = MARGIN - min((item.b0 for item in items), default=0.0)
    for item in items:
        item.b0 += shift
        item.b1 += shift
    return column + shift


def _side(plan: SidePlan, extent_a: float) -> SideLayout:
    """Labels, edges, rules and brackets of a placed side, in (x, y)."""
    across = plan.orientation == ACROSS
    _centres(plan)
    items, slots = plan.items, plan.slots

    def xy(a: float, b: float) -> tuple[float, float]:
        return (a, b) if across else (b, a)

    def rect(a0: float, a1: float, b0: float, b1: float) -> Rect:
        return Rect(a0, b0, a1, b1) if across else Rect(b0, a0, b1, a1)

    def word_b0(text: str) -> float:
        """Where a word (or ~~~) starts along b: across a row, down right-aligned in its column."""
        return words_b0 if across else words_b1 - _extent_b(DOWN, text, False)

    if across:
        leaves_end = _levels_across(plan) + BOX_H / 2
        words_b0 = leaves_end + 12
        words_b1 = words_b0 + BOX_H
    else:
        leaves_end = _levels_down(plan)
        words_b0 = leaves_end + GAP_B
        words_b1 = words_b0 + max((_extent_b(DOWN, w, False) for w in plan.words.values()), default=0.0)
    units_b0 = words_b1 + 8
    labels: list[Label] = []
    edges: list[Edge] = []
    bus_gap = (LEVEL - BOX_H) / 2 if across else GAP_B / 2
    for item in items:
        half = _extent_a(plan.orientation, item.text, item.boxed) / 2
        labels.append(Label(item.key, POS if item.slot >= 0 else BOX, item.text,
                            rect(item.a - half, item.a + half, item.b0, item.b1), item.tree, item.preorder))
        bus = item.b1 + bus_gap
        for c in item.children:
            child = items[c]
            if child.a == item.a:
                points = (xy(item.a, item.b1), xy(child.a, child.b0))
            else:
                points = (xy(item.a, item.b1), xy(item.a, bus), xy(child.a, bus), xy(child.a, child.b0))
            edges.append(Edge(item.key, child.key, points))
    for index, word in plan.words.items():
        item = items[index]
        key = f"w{item.tree}.{item.preorder}"
        half = _extent_a(plan.orientation, word, False) / 2
        start = word_b0(word)
        labels.append(Label(key, WORD, word, rect(item.a - half, item.a + half, start, start + _extent_b(
            plan.orientation, word, False)), item.tree, item.preorder))
        edges.append(Edge(item.key, key, (xy(item.a, item.b1), xy(item.a, start))))
    rules: list[tuple[tuple[float, float], tuple[float, float]]] = []
    for number, slot_index in enumerate(plan.separators):
        slot = slots[slot_index]
        centre = slot.a0 + slot.width / 2
        half = _extent_a(plan.orientation, SEPARATOR, False) / 2
        start = word_b0(SEPARATOR)
        labels.append(Label(f"s{number}", SEP, SEPARATOR,
                            rect(centre - half, centre + half, start, start + _extent_b(plan.orientation, SEPARATOR, False))))
        rules.append((xy(centre, MARGIN), xy(centre, start - 4)))
    brackets: list[tuple[tuple[float, float], ...]] = []
    members: dict[int, list[_Slot]] = {}
    for slot in slots:
        if slot.item in plan.word_units:
            members.setdefault(plan.word_units[slot.item], []).append(slot)
    units_end = words_b1
    for unit, unit_slots in members.items():
        first, last = items[unit_slots[0].item], items[unit_slots[-1].item]
        text = _unit_text(unit)
        if len(unit_slots) > 1:  # a bracket from the first word's middle to the last one's
            brackets.append((xy(first.a, units_b0), xy(first.a, units_b0 + 4), xy(last.a, units_b0 + 4),
                             xy(last.a, units_b0)))
        centre = (unit_slots[0].a0 + unit_slots[-1].a0 + unit_slots[-1].width) / 2
        half = _unit_extent_a(plan.orientation, unit) / 2
        extent_b = 14 if across else text_width(text, UNIT_FONT) + 4
        labels.append(Label(text, UNIT, text, rect(centre - half, centre + half, units_b0 + 7,
                                                   units_b0 + 7 + extent_b)))
        units_end = max(units_end, units_b0 + 7 + extent_b)
    extent_b = units_end + MARGIN
    width, height = (extent_a, extent_b) if across else (extent_b, extent_a)
    return SideLayout(plan.orientation, width, height, labels, edges, rules, brackets)


def place_sides(plans: Sequence[SidePlan], shared_units: bool = False) -> list[SideLayout]:
    """Place planned sides; with ``shared_units`` a word unit takes the same
    ``a``-range on every side (all plans must have been made with ``word_units``)."""
    if not plans:
        return []
    orientation = plans[0].orientation
    if any(plan.orientation != orientation for plan in plans):
        raise ValueError("every side of one drawing must have the same orientation")
    if shared_units and not all(plan.has_units for plan in plans):
        raise ValueError("sharing unit positions needs every side planned with its word units")
    extent = _assign_a(plans, shared_units)
    if not shared_units:
        return [_side(plan, _own_extent(plan)) for plan in plans]
    return [_side(plan, extent) for plan in plans]


def _own_extent(plan: SidePlan) -> float:
    return (plan.slots[-1].a0 + plan.slots[-1].width + MARGIN) if plan.slots else 2.0 * MARGIN
