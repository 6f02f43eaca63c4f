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
  number on the gold and on the system side; matched tokens are plain text.
"""

from __future__ import annotations

import html
import string
from collections.abc import Iterable
from dataclasses import dataclass

from jpcore.tasks.preprocess import Counts, Unit, WordGroup
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
                         "the characters differ (a tool rewrote the text)"),
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


def unit_row_html(view: ResultView, unit: Unit) -> str:
    """One ``<tr>``: unit number and lines, kind badge, gold, system, counts."""
    return (
        "<tr>"
        f'<td class="jp-num">#{unit.index}<br><span class="jp-small">gold l. '
        f"{esc(_lines(view.lines(unit, GOLD)))}<br>sys l. {esc(_lines(view.lines(unit, SYS)))}</span></td>"
        f"<td>{badge(unit.kind)}<br><span class=\"jp-small\">{esc(unit.ratio)} sentences</span></td>"
        f'<td class="jp-side">{side_html(view, unit, GOLD)}</td>'
        f'<td class="jp-side">{side_html(view, unit, SYS)}</td>'
        f'<td class="jp-counts">{counts_html("Sentences", unit.sentences)}<br>'
        f'{counts_html("Tokens", unit.tokens)}</td>'
        "</tr>"
    )


def units_html(view: ResultView, units: Iterable[Unit]) -> str:
    """A table of units (with the stylesheet), ready for ``st.html``."""
    rows = "".join(unit_row_html(view, unit) for unit in units)
    if not rows:
        rows = '<tr><td colspan="5" class="jp-none">No unit matches the filters.</td></tr>'
    return (
        STYLE
        + '<table class="jp-units"><thead><tr><th>Unit</th><th>Kind</th><th>Gold</th>'
        "<th>System</th><th>Counts</th></tr></thead><tbody>"
        + rows
        + "</tbody></table>"
    )


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
