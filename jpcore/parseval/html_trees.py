"""The PARSEVAL report's trees: the selected pairs and the pairs with an error, drawn as SVG.

Contract: :func:`pairs_to_draw` chooses the pairs: first those a person
selected (by pair id, in the order given, unknown ids ignored), then the
pairs with an error in document order (:attr:`TreePair.has_error`: not an exact
1:1 group, or a bracket that did not match), at most ``limit`` in all.
:func:`trees_section` draws them with :func:`jpcore.parseval.tree_svg.pair_trees_html`
(``auto``: gold over system, or words down the page for a long pair; fitted
to the page and to print), each under its heading and the sentence that
explains its crossing count, after the legend of the marks.  Every label,
word and file name is escaped by the drawing; nothing is scored here.
"""

from __future__ import annotations

from collections.abc import Sequence

from jpcore.align import kind_word
from jpcore.parseval.result import ParsevalResult, TreePair
from jpcore.parseval.tree_crossing import crossing_sentence
from jpcore.parseval.tree_svg import legend_html, pair_trees_html
from jpcore.reports.markup import Section, esc, paragraph

#: Pairs drawn at most (a tree pair is tens of kB of SVG).
TREE_PAIRS = 20


def pairs_to_draw(result: ParsevalResult, selected: Sequence[int] = (), limit: int = TREE_PAIRS) -> list[TreePair]:
    """The selected pairs, then the pairs with an error, at most ``limit`` (see the module doc)."""
    chosen: list[TreePair] = []
    seen: set[int] = set()
    for pair_id in selected:
        if 1 <= pair_id <= len(result.pairs) and pair_id not in seen:
            chosen.append(result.pairs[pair_id - 1])
            seen.add(pair_id)
    for pair in result.pairs:
        if len(chosen) >= limit:
            break
        if pair.id not in seen and pair.has_error:
            chosen.append(pair)
            seen.add(pair.id)
    return chosen[:limit]


def _lines(spans: Sequence[tuple[int, int]]) -> str:
    return ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in spans) or "-"


def _trees(result: ParsevalResult, pair: TreePair, side: str) -> list:
    trees = result.gold_trees if side == "gold" else result.sys_trees
    start, end = pair.gold if side == "gold" else pair.sys
    return [(index, trees[index]) for index in range(start, end)]


def trees_section(result: ParsevalResult, selected: Sequence[int] = (), limit: int = TREE_PAIRS) -> Section:
    """The section drawing :func:`pairs_to_draw`'s pairs."""
    section = Section("Trees of the selected pairs and of the pairs with an error", anchor="trees")
    pairs = pairs_to_draw(result, selected, limit)
    n_selected = sum(1 for pair_id in dict.fromkeys(selected) if 1 <= pair_id <= len(result.pairs))
    n_errors = sum(1 for pair in result.pairs if pair.has_error)
    if not pairs:
        section.add(paragraph("Every pair is an exact 1:1 group whose brackets all match: no tree to show.",
                              "note"))
        return section
    what = f"{n_selected} selected pair{'s' if n_selected != 1 else ''}, then " if n_selected else ""
    drawn_errors = len(pairs) - min(n_selected, len(pairs))
    section.add(paragraph(
        f"{what}{drawn_errors} of the {n_errors} pair{'s' if n_errors != 1 else ''} with an error "
        f"(not an exact 1:1 group, or a bracket that did not match), in document order; at most "
        f"{limit} pairs are drawn. Constituent spans are in word units (u0, u1, ... under the words); "
        "a long pair is drawn with its words down the page.", "note"))
    section.add(legend_html())
    for pair in pairs:
        # numbered as the app numbers pairs (from 0, its index), with EVALB's ID (the table's)
        section.add(f'<h3 id="trees-{pair.id}">Pair #{pair.index} (EVALB ID {pair.id}): {esc(pair.ratio)} trees, '
                    f'{esc(kind_word(pair.kind, pair.shape))}</h3>')
        section.add(paragraph(crossing_sentence(pair), "note"))
        section.add(pair_trees_html(
            _trees(result, pair, "gold"), _trees(result, pair, "sys"), pair,
            f"Gold: {result.gold_name}, line(s) {_lines(pair.gold_lines)}",
            f"System: {result.sys_name}, line(s) {_lines(pair.sys_lines)}"))
    return section
