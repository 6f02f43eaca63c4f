"""HTML for aligned units: the one place the inspector writes markup.

Contract:

* every value that comes from a user file (tokens, sentence ids, file names)
  goes through :func:`esc` (``html.escape`` with quotes) before it is put in
  a string handed to ``st.html`` / ``st.markdown(unsafe_allow_html=True)``;
  the other strings here are constants of this module;
* colours are the Okabe–Ito colour-blind-safe palette, and colour is never
  the only signal: every unit kind also has a symbol (✓ ± ≈ − +) and a label,
  every non-matching word group a border style and a number;
* the sentences of a merged unit are joined with ``~~~``; a word group that
  is not a one-token match is a bordered span with its number, the same
  number on the gold and on the system side; matched tokens are plain text;
* no whitespace or character-width assumption: text cells carry the
  language of the texts (``lang="ko"``, from the normalisation table) so the
  browser picks a CJK font and line-breaking rules (Korean keeps its
  eojeol whole, Japanese breaks strictly), and :func:`aligned_groups_html`
  lays the word groups out as columns with gold on top and system below,
  so full-width and proportional characters stay aligned group by group.
"""

from __future__ import annotations

import html
import string
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from jpcore.preprocess.html import language_tag
from jpcore.preprocess import Counts, Unit, WordGroup
from inspector.view import GOLD, SYS, ResultView

# Okabe & Ito (2008), "Color Universal Design".
BLACK = "#000000"
ORANGE = "#E69F00"
SKY_BLUE = "#56B4E9"
BLUISH_GREEN = "#009E73"
YELLOW = "#F0E442"
BLUE = "#0072B2"
VERMILLION = "#D55E00"
REDDISH_PURPLE = "#CC79A7"


@dataclass(frozen=True, slots=True)
class KindStyle:
    """How a unit or word group kind is shown: symbol, label, colour, border."""

    symbol: str
    label: str
    colour: str
    border: str
    meaning: str


#: One style per kind of :mod:`jpcore.align`.
KIND_STYLES: dict[str, KindStyle] = {
    "exact": KindStyle("✓", "exact", BLUISH_GREEN, "solid",
                       "same characters, one unit on each side"),
    "merged": KindStyle("±", "merged", ORANGE, "dashed",
                        "same characters cut into different units"),
    "similar": KindStyle("≈", "similar", REDDISH_PURPLE, "dotted",
                         "the characters differ, but it is the same text rewritten (Jaro-Winkler ≥ 0.91)"),
    "different": KindStyle("≠", "different", SKY_BLUE, "dotted",
                           "the characters differ and are not similar (Jaro-Winkler < 0.91): unrelated text"),
    "gold-only": KindStyle("−", "gold only", VERMILLION, "double",
                           "text only the gold file has"),
    "system-only": KindStyle("+", "system only", BLUE, "double",
                             "text only the system file has"),
}
_UNKNOWN = KindStyle("?", "unknown", BLACK, "solid", "")

SEPARATOR = '<span class="jp-sep" title="sentence boundary">~~~</span>'

STYLE = f"""<style>
.jp-units {{border-collapse: collapse; width: 100%; font-size: 0.95rem; line-height: 1.9;}}
.jp-units th {{text-align: left; border-bottom: 2px solid rgba(128,128,128,.6); padding: 2px 6px;}}
.jp-units td {{border-bottom: 1px solid rgba(128,128,128,.3); padding: 4px 6px; vertical-align: top;}}
.jp-units td.jp-num {{white-space: nowrap; font-variant-numeric: tabular-nums;}}
.jp-units td.jp-side {{width: 36%;}}
.jp-units td.jp-counts {{white-space: nowrap; font-size: 0.85rem;}}
.jp-badge {{display: inline-block; padding: 0 6px; border-radius: 4px; font-weight: 600;
  white-space: nowrap; border-width: 2px; line-height: 1.5;}}
.jp-wg {{border-width: 2px; border-radius: 4px; padding: 0 3px; margin: 0 1px;}}
.jp-wg sup {{font-size: 0.7em; font-weight: 700; margin-left: 2px;}}
.jp-sep {{font-weight: 700; letter-spacing: 1px; padding: 0 3px; border-radius: 3px;
  background: {ORANGE}40; white-space: nowrap;}}
.jp-none {{opacity: .7; font-style: italic;}}
.jp-ok {{color: inherit;}}
.jp-bad {{font-weight: 600; text-decoration: underline; text-decoration-color: {VERMILLION};}}
.jp-small {{font-size: 0.8em; opacity: .8;}}
.jp-why li {{margin-bottom: 4px;}}
.jp-units td.jp-side:lang(ko), .jp-ia:lang(ko) {{word-break: keep-all;
  font-family: "Source Sans Pro", "Noto Sans CJK KR", "Apple SD Gothic Neo", "Malgun Gothic", sans-serif;}}
.jp-units td.jp-side:lang(ja), .jp-ia:lang(ja) {{line-break: strict;
  font-family: "Source Sans Pro", "Noto Sans CJK JP", "Hiragino Sans", "Yu Gothic", "Meiryo", sans-serif;}}
.jp-ia {{display: flex; flex-wrap: wrap; gap: 6px 3px; align-items: stretch; line-height: 1.7;}}
.jp-ia-g {{display: inline-flex; flex-direction: column; max-width: 100%; padding: 0 4px;
  border: 1px solid rgba(128,128,128,.25); border-radius: 4px;}}
.jp-ia-g.jp-ia-bad {{border-width: 2px;}}
.jp-ia-t {{white-space: normal; overflow-wrap: anywhere;}}
.jp-ia-t + .jp-ia-t {{border-top: 1px dotted rgba(128,128,128,.6);}}
.jp-ia-n {{font-size: 0.7em; font-weight: 700;}}
.jp-ia-key {{display: inline-flex; flex-direction: column; font-size: 0.75em; opacity: .75;
  padding: 0 4px; justify-content: space-around;}}
</style>"""


def esc(value: object) -> str:
    """``value`` as text safe inside HTML elements and attribute values."""
    return html.escape(str(value), quote=True)


_MARKDOWN_ESCAPES = {ord(c): "\\" + c for c in string.punctuation}


def md_text(value: object) -> str:
    """``value`` as literal text inside Streamlit Markdown (``st.error``, captions):
    every ASCII punctuation character is backslash-escaped (CommonMark), so
    user text cannot create links, emphasis, HTML, colour directives or maths."""
    return str(value).translate(_MARKDOWN_ESCAPES)


def enum_text(value: object, choices: Iterable[str]) -> str:
    """``value`` for Markdown when it should be one of ``choices`` (a kind, a level):
    as it is when it is one (the app's own constant), else escaped (:func:`md_text`)."""
    return value if isinstance(value, str) and value in choices else md_text(value)


def kind_style(kind: str) -> KindStyle:
    """The style of a kind (a neutral one for an unknown kind)."""
    return KIND_STYLES.get(kind, _UNKNOWN)


def badge(kind: str, extra: str = "") -> str:
    """A coloured, bordered badge: symbol + label (+ ``extra``, escaped)."""
    style = kind_style(kind)
    text = f"{style.symbol} {style.label}" + (f" {extra}" if extra else "")
    return (
        f'<span class="jp-badge" title="{esc(style.meaning)}" style="border-style: {style.border};'
        f' border-color: {style.colour}; background: {style.colour}33;">{esc(text)}</span>'
    )


def _group_span(inner: str, group: WordGroup, number: int, view: ResultView) -> str:
    style = kind_style(group.kind)
    counts = view.group_counts(group)
    title = (
        f"word group {number}: {group.ratio} gold:system tokens, {style.label}"
        f" - TP {counts.tp}, FP {counts.fp}, FN {counts.fn}"
    )
    return (
        f'<span class="jp-wg" title="{esc(title)}" style="border-style: {style.border};'
        f' border-color: {style.colour}; background: {style.colour}22;">{inner}'
        f"<sup>{style.symbol}{number}</sup></span>"
    )


def side_html(view: ResultView, unit: Unit, side: str) -> str:
    """The unit's tokens on ``side``: sentences joined by ``~~~``, each
    non-matching word group a numbered bordered span (numbers agree across
    the two sides), matched tokens plain; every token escaped."""
    if not view.sentences(unit, side):
        return '<span class="jp-none">∅ no sentence on this side</span>'
    breaks = view.sentence_starts(unit, side)
    parts: list[str] = []
    number = 0
    for group in unit.words:
        if not group.is_match:
            number += 1
        start, end = group.gold if side == GOLD else group.sys
        if start in breaks:
            parts.append(SEPARATOR)
        inner: list[str] = []
        for index, token in enumerate(view.tokens(side, (start, end)), start):
            if index in breaks and index != start:
                inner.append(SEPARATOR)
            inner.append(esc(token))
        if group.is_match:
            parts.extend(inner)
        elif inner:
            parts.append(_group_span(" ".join(inner), group, number, view))
        else:
            parts.append(_group_span('<span class="jp-none">∅</span>', group, number, view))
    return " ".join(parts)


def counts_html(label: str, counts: Counts) -> str:
    """``label ✓ TP n`` or ``label ✗ TP n FP n FN n`` (errors underlined)."""
    if counts.fp == 0 and counts.fn == 0:
        return f'<span class="jp-ok">{esc(label)} ✓ TP {counts.tp}</span>'
    return (
        f'<span class="jp-bad">{esc(label)} ✗ TP {counts.tp} · FP {counts.fp}'
        f" · FN {counts.fn}</span>"
    )


def _lines(values: Iterable[int]) -> str:
    shown = [str(v) for v in values]
    return ", ".join(shown) if shown else "–"


def _lang(view: ResultView) -> str:
    """`` lang="ko"`` for texts in a known language, else ``""``."""
    tag = language_tag(view.result)
    return f' lang="{esc(tag)}"' if tag else ""


def unit_row_html(view: ResultView, unit: Unit, extra_cells: str = "") -> str:
    """One ``<tr>``: unit number and lines, kind badge, gold, system, counts, then
    ``extra_cells`` (``<td>`` elements, already escaped)."""
    lang = _lang(view)
    return (
        "<tr>"
        f'<td class="jp-num">#{unit.index}<br><span class="jp-small">gold l. '
        f"{esc(_lines(view.lines(unit, GOLD)))}<br>sys l. {esc(_lines(view.lines(unit, SYS)))}</span></td>"
        f"<td>{badge(unit.kind)}<br><span class=\"jp-small\">{esc(unit.ratio)} sentences</span></td>"
        f'<td class="jp-side"{lang}>{side_html(view, unit, GOLD)}</td>'
        f'<td class="jp-side"{lang}>{side_html(view, unit, SYS)}</td>'
        f'<td class="jp-counts">{counts_html("Sentences", unit.sentences)}<br>'
        f'{counts_html("Tokens", unit.tokens)}</td>'
        f"{extra_cells}</tr>"
    )


def units_table_html(style: str, table_class: str, headers: Sequence[str], rows: str,
                     empty: str = "No unit matches the filters.") -> str:
    """``rows`` (``<tr>`` elements, already escaped) in a table with ``headers``
    (literal text) after the stylesheet ``style``; one ``empty`` row when there are none."""
    if not rows:
        rows = f'<tr><td colspan="{len(headers)}" class="jp-none">{empty}</td></tr>'
    head = "".join(f"<th>{header}</th>" for header in headers)
    return f'{style}<table class="{table_class}"><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>'


def units_html(view: ResultView, units: Iterable[Unit]) -> str:
    """A table of units (with the stylesheet), ready for ``st.html``."""
    rows = "".join(unit_row_html(view, unit) for unit in units)
    return units_table_html(STYLE, "jp-units", ("Unit", "Kind", "Gold", "System", "Counts"), rows)


def legend_html() -> str:
    """What the symbols, borders and ``~~~`` mean."""
    items = " ".join(
        f"{badge(kind)} <span class=\"jp-small\">{esc(style.meaning)}</span>"
        for kind, style in KIND_STYLES.items()
    )
    return (
        STYLE
        + f"<div>{items}</div><div class=\"jp-small\">{SEPARATOR} joins the sentences of a merged unit;"
        " a bordered span with a number is a word group whose tokens do not match one to one"
        " (the same number on both sides); plain tokens are correct (TP).</div>"
    )


def reasons_html(reasons: Iterable[str]) -> str:
    """A bulleted list of plain-text explanations, each escaped."""
    items = "".join(f"<li>{esc(reason)}</li>" for reason in reasons)
    return STYLE + f'<ul class="jp-why">{items}</ul>'


def _group_side(view: ResultView, group: WordGroup, side: str, breaks: set[int]) -> str:
    start, end = group.gold if side == GOLD else group.sys
    parts: list[str] = []
    for index, token in enumerate(view.tokens(side, (start, end)), start):
        if index in breaks:
            parts.append(SEPARATOR)
        parts.append(esc(token))
    if not parts:
        return '<span class="jp-none">∅</span>'
    return " ".join(parts)


def aligned_groups_html(view: ResultView, unit: Unit) -> str:
    """The unit's word groups as aligned columns: gold on top, system below.

    One column per word group, in order; a group that is not a one-token
    match has its kind's border and colour and the number it has elsewhere
    (tables, :func:`side_html`); ``~~~`` marks where a sentence begins
    inside the unit.  Columns wrap as a whole, so gold and system stay
    aligned whatever the characters' widths; every token is escaped.
    """
    breaks = {GOLD: view.sentence_starts(unit, GOLD), SYS: view.sentence_starts(unit, SYS)}
    cells = ['<span class="jp-ia-key"><span>gold</span><span>system</span></span>']
    number = 0
    for group in unit.words:
        gold = _group_side(view, group, GOLD, breaks[GOLD])
        system = _group_side(view, group, SYS, breaks[SYS])
        if group.is_match:
            cells.append(f'<span class="jp-ia-g"><span class="jp-ia-t">{gold}</span>'
                         f'<span class="jp-ia-t">{system}</span></span>')
            continue
        number += 1
        style = kind_style(group.kind)
        counts = view.group_counts(group)
        title = (f"word group {number}: {group.ratio} gold:system tokens, {style.label}"
                 f" - TP {counts.tp}, FP {counts.fp}, FN {counts.fn}")
        cells.append(
            f'<span class="jp-ia-g jp-ia-bad" title="{esc(title)}" style="border-style: {style.border};'
            f' border-color: {style.colour}; background: {style.colour}1f;">'
            f'<span class="jp-ia-t">{gold} <span class="jp-ia-n">{style.symbol}{number}</span></span>'
            f'<span class="jp-ia-t">{system} <span class="jp-ia-n">{style.symbol}{number}</span></span></span>'
        )
    return STYLE + f'<div class="jp-ia"{_lang(view)}>{"".join(cells)}</div>'
