"""HTML for one unit of a dependency result: every word group, gold over system.

Contract (the tokens view's interlinear layout and stylesheet,
:data:`inspector.common.markup.STYLE`):

* one column per word group, the gold words over the system words, each
  word with its FORM, UPOS, head (``→ form ID``, ``→ root``) and DEPREL;
* on the system side of an aligned pair every wrong value (head, DEPREL,
  UPOS; :mod:`inspector.deps.words`) is marked ✗, underlined in vermillion
  and titled with the gold value: colour is never the only signal; a group
  with no pair has its kind's border, symbol and number
  (:mod:`inspector.common.palette`);
* a sentence that starts inside a unit is preceded by ``~~~``;
* every FORM, tag, label and head comes from a user file and goes through
  :func:`inspector.common.markup.esc` (the one escape) before it is put in
  the markup.
"""

from __future__ import annotations

from inspector.common.markup import SEPARATOR, STYLE, esc
from inspector.common.palette import VERMILLION, kind_style
from inspector.deps.words import ERRORS, HEAD, LABEL, Side, WordIndex, WordRow

DEPS_STYLE = STYLE + f"""<style>
.dp-w {{display: inline-flex; flex-direction: column; padding: 0 3px; line-height: 1.35;}}
.dp-f {{font-weight: 600;}}
.dp-a {{font-size: 0.78em; opacity: .85; white-space: nowrap;}}
.dp-bad {{opacity: 1; font-weight: 700; text-decoration: underline 2px; text-decoration-color: {VERMILLION};}}
.dp-legend span {{margin-right: 14px;}}
</style>"""
#: The mark of a wrong value (with its underline: colour is not the only signal).
WRONG = "✗"


def _value(text: str, wrong: bool, gold_value: str, what: str) -> str:
    if not wrong:
        return f'<span class="dp-a">{esc(text)}</span>'
    title = f"{what} wrong; gold: {gold_value}"
    return f'<span class="dp-a dp-bad" title="{esc(title)}">{WRONG} {esc(text)}</span>'


def _head(side: Side, word: int) -> str:
    parent = side.parents[word]
    return "→ root" if parent < 0 else f"→ {side.forms[parent]} {side.word_id(parent)}"


def _word(side: Side, word: int, wrong: frozenset[str] = frozenset(), gold: tuple[Side, int] | None = None) -> str:
    treebank = side.treebank
    gold_side, gold_word = gold if gold is not None else (side, word)
    parts = [
        f'<span class="dp-f">{esc(side.forms[word])} <span class="jp-small">{side.word_id(word)}</span></span>',
        _value(treebank.upos[word], "UPOS" in wrong, gold_side.treebank.upos[gold_word], "UPOS"),
        _value(_head(side, word), HEAD in wrong, _head(gold_side, gold_word), "head"),
        _value(treebank.deprel[word], LABEL in wrong, gold_side.treebank.deprel[gold_word], "DEPREL"),
    ]
    return f'<span class="dp-w">{"".join(parts)}</span>'


def _side(side: Side, start: int, end: int, first: int, row: WordRow, gold: Side | None) -> str:
    out = []
    for word in range(start, end):
        if word != first and side.starts[side.sentence_of(word)] == word:  # a sentence starts inside the unit
            out.append(SEPARATOR)
        if gold is not None and row.flags is not None:
            out.append(_word(side, word, row.errors, (gold, row.gold[0])))
        else:
            out.append(_word(side, word))
    return "".join(out) or '<span class="jp-none">∅</span>'


def unit_html(index: WordIndex, unit: int) -> str:
    """Unit ``unit``'s word groups, gold over system, wrong values marked (see the module doc)."""
    rows = index.unit_rows(unit)
    gold_first = rows[0].gold[0] if rows else 0
    sys_first = rows[0].sys[0] if rows else 0
    cells = ['<span class="jp-ia-key"><span>gold</span><span>system</span></span>']
    number = 0
    for row in rows:
        gold = _side(index.gold, *row.gold, gold_first, row, None)
        system = _side(index.sys, *row.sys, sys_first, row, index.gold)
        if row.flags is not None:
            bad = " jp-ia-bad" if row.errors else ""
            title = ", ".join(ERRORS[error] for error in ERRORS if error in row.errors) or "all correct"
            cells.append(f'<span class="jp-ia-g{bad}" title="{esc(title)}"><span class="jp-ia-t">{gold}</span>'
                         f'<span class="jp-ia-t">{system}</span></span>')
            continue
        number += 1
        style = kind_style(row.kind, row.shape)
        title = f"word group {number}: {row.ratio} gold:system words, {style.label}: no aligned pair, every word wrong"
        mark = f'<span class="jp-ia-n">{esc(style.symbol)}{number}</span>'
        cells.append(
            f'<span class="jp-ia-g jp-ia-bad" title="{esc(title)}" style="border-style: {style.border};'
            f' border-color: {style.colour}; background: {style.colour}1f;">'
            f'<span class="jp-ia-t">{gold} {mark}</span><span class="jp-ia-t">{system} {mark}</span></span>')
    return DEPS_STYLE + f'<div class="jp-ia dp-unit">{"".join(cells)}</div>'


def legend_html() -> str:
    """What the marks mean."""
    cut = " ".join(f"{esc(kind_style(word).symbol)} {word}" for word in ("split", "merged", "regrouped"))
    differing = kind_style("similar")
    return (DEPS_STYLE + '<div class="dp-legend jp-small">'
            f'<span><span class="dp-bad">{WRONG} value</span> wrong on the system side (hover: the gold value)</span>'
            f'<span>{cut}: the same characters cut into other words</span>'
            f'<span>{esc(differing.symbol)} characters differ: no aligned pair, every word wrong</span>'
            '<span>→ head form and ID in its sentence</span></div>')
