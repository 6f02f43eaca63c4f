"""HTML building blocks for the self-contained reports (no Streamlit, no JS, no network).

Contract:

* :func:`esc` is the only way a value reaches the markup: every string that
  may come from a user file (tokens, labels, file names, attribution text)
  goes through it; the other strings are constants of :mod:`jpcore.reports`;
* the document is one file: the stylesheet is inline, charts are inline SVG
  (:mod:`jpcore.reports.svg`), and a Content-Security-Policy ``<meta>``
  forbids every external resource (``default-src 'none'``), so opening the
  file never touches the network;
* long tables are *paged* without script: rows are cut into chunks of
  :data:`PAGE_ROWS`, each a ``<details>`` element (the first one open);
* the per-unit tables (class ``units``) fit the width of the page, on screen
  down to 800 px and on paper (A4 landscape): their texts and headers wrap,
  never the numbers.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from jpcore.align.serial import kind_word

#: Rows per ``<details>`` chunk of a long table.
PAGE_ROWS = 200

#: Okabe & Ito colour-blind-safe palette (as the inspector uses).
COLOURS = {
    "green": "#009E73",
    "orange": "#E69F00",
    "sky": "#56B4E9",
    "blue": "#0072B2",
    "vermillion": "#D55E00",
    "purple": "#CC79A7",
    "yellow": "#F0E442",
    "black": "#000000",
}

#: The colour of each kind of aligned group (:mod:`jpcore.align`), the app's
#: (``inspector.common.palette.KIND_STYLES``; tests/test_report_html.py holds them equal).
KIND_COLOURS = {
    "exact": COLOURS["green"],
    "split": COLOURS["orange"],
    "merged": COLOURS["orange"],
    "regrouped": COLOURS["orange"],
    "similar": COLOURS["purple"],
    "different": COLOURS["sky"],
    "gold-only": COLOURS["vermillion"],
    "system-only": COLOURS["blue"],
}

#: Forbid every external resource: styles inline, images only as data: URLs.
CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:"

STYLE = """
body {font-family: system-ui, -apple-system, "Segoe UI", "Noto Sans", "Noto Sans CJK JP",
  "Noto Sans CJK KR", sans-serif; margin: 2rem auto; max-width: 78rem; padding: 0 1rem;
  color: #111; line-height: 1.45;}
h1 {font-size: 1.6rem; margin-bottom: .2rem;} h2 {font-size: 1.25rem; margin-top: 2rem;
  border-bottom: 1px solid #bbb;} h3 {font-size: 1.05rem;}
table {border-collapse: collapse; margin: .5rem 0 1rem; font-size: .9rem;}
th, td {border: 1px solid #ccc; padding: 2px 6px; vertical-align: top; text-align: left;}
td {overflow-wrap: anywhere;}
th {background: #f2f2f2;}
td.num, th.num {text-align: right; font-variant-numeric: tabular-nums;}
td.num {white-space: nowrap;}
.wide {overflow-x: auto; max-width: 100%;}
td.text {min-width: 12rem; max-width: 28rem; overflow-wrap: anywhere; line-break: strict;}
td.text:lang(ko) {word-break: keep-all;}
table.units {width: 100%; font-size: .8rem;}
table.units th {vertical-align: bottom; overflow-wrap: normal; hyphens: manual;}
table.units td.text {min-width: 6rem; max-width: none;}
.scores td.num {font-size: 1.05rem; font-weight: 600;}
.note {color: #444; font-size: .9rem;}
.muted {color: #666;}
td.kind {white-space: nowrap; overflow-wrap: normal;}
td.kind span {border-left: 4px solid; padding-left: 4px;}
.sep {font-weight: 700; background: #E69F0040; padding: 0 2px; border-radius: 3px; white-space: nowrap;}
.attribution {white-space: pre-wrap; font-size: .85rem; background: #f7f7f7; padding: .5rem;
  border-left: 3px solid #0072B2;}
dl.defs dt {font-weight: 700; margin-top: .4rem;} dl.defs dd {margin-left: 1.5rem;}
details {margin: .3rem 0;} summary {cursor: pointer; font-weight: 600;}
.charts {display: flex; flex-wrap: wrap; gap: 1.5rem; align-items: flex-start;}
figure {margin: 0;} figcaption {font-size: .85rem; color: #333; margin-bottom: .2rem;}
svg text {font-family: inherit;}
.charts svg {max-width: 100%; height: auto;}
@media (max-width: 60rem) {
  body {margin: 1rem auto; padding: 0 .5rem;}
  table.units {font-size: .68rem;}
  table.units th, table.units td {padding: 1px 2px;}
  table.units td.text {min-width: 3.5rem;}
}
@page {size: A4 landscape; margin: 10mm;}
@media print {
  body {max-width: none; margin: 0; padding: 0; font-size: 9.5pt; line-height: 1.3;}
  nav {display: none;}
  h2 {break-after: avoid;} h3 {break-after: avoid;}
  .wide {overflow: visible;}
  table {font-size: 8pt;} table.units {font-size: 6.5pt;}
  table.units th, table.units td {padding: 1px 2px;}
  table.units td.text {min-width: 3rem;}
  thead {display: table-header-group;}
  tr, figure {break-inside: avoid;}
  details::details-content {content-visibility: visible; display: block;}
  summary {list-style: none;}
}
"""


def esc(value: object) -> str:
    """``value`` as text safe inside HTML (and SVG) elements and attribute values."""
    return html.escape(str(value), quote=True)


@dataclass(frozen=True, slots=True)
class Cell:
    """A table cell: ``text`` is escaped unless ``markup`` (then it is trusted markup
    built by this package from escaped parts); ``cls`` is a CSS class; ``lang`` a
    BCP 47 language tag for text in that language."""

    text: object
    cls: str = ""
    markup: bool = False
    lang: str = ""

    def render(self, tag: str = "td") -> str:
        """The ``<td>``/``<th>`` element."""
        attrs = f' class="{esc(self.cls)}"' if self.cls else ""
        if self.lang:
            attrs += f' lang="{esc(self.lang)}"'
        body = str(self.text) if self.markup else esc(self.text)
        return f"<{tag}{attrs}>{body}</{tag}>"


def num(value: object) -> Cell:
    """A right-aligned number cell."""
    return Cell(value, "num")


def _cell(value: object) -> Cell:
    return value if isinstance(value, Cell) else Cell("" if value is None else value)


def kind_cell(kind: str, shape: str | None = None) -> Cell:
    """A per-unit table's Kind cell: the group's display word (:func:`jpcore.align.kind_word`
    of ``kind`` and ``shape``; ``kind`` itself without a shape) whole, never broken inside
    the word, after a bar of its colour (:data:`KIND_COLOURS`, the app's; black for an
    unknown word)."""
    word = kind if shape is None else kind_word(kind, shape)
    colour = KIND_COLOURS.get(word, COLOURS["black"])
    return Cell(f'<span style="border-left-color: {colour};">{esc(word)}</span>', "kind", markup=True)


def table(headers: Sequence[object], rows: Iterable[Sequence[object]], cls: str = "") -> str:
    """A ``<table>``; plain values are escaped, :class:`Cell` values render themselves."""
    head = "".join(_cell(h).render("th") for h in headers)
    body = "".join("<tr>" + "".join(_cell(v).render() for v in row) + "</tr>" for row in rows)
    attrs = f' class="{esc(cls)}"' if cls else ""
    return f'<div class="wide"><table{attrs}><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>'


def paged_table(headers: Sequence[object], rows: Sequence[Sequence[object]], noun: str,
                page_rows: int = PAGE_ROWS, first_number: int = 1) -> str:
    """A long table cut into ``<details>`` chunks of ``page_rows`` rows (the first open);
    each summary says which rows it holds (``units 1–200 of 1,409``)."""
    if len(rows) <= page_rows:
        return table(headers, rows, "units")
    parts = []
    for start in range(0, len(rows), page_rows):
        chunk = rows[start:start + page_rows]
        first, last = first_number + start, first_number + start + len(chunk) - 1
        opened = " open" if start == 0 else ""
        parts.append(
            f"<details{opened}><summary>{esc(noun)} {first:,}–{last:,} of {len(rows):,}</summary>"
            f"{table(headers, chunk, 'units')}</details>"
        )
    return "".join(parts)


def definitions(items: Iterable[tuple[str, str]]) -> str:
    """A definition list; terms and definitions are escaped plain text."""
    body = "".join(f"<dt>{esc(term)}</dt><dd>{esc(text)}</dd>" for term, text in items)
    return f'<dl class="defs">{body}</dl>'


def bullet_list(items: Iterable[str]) -> str:
    """An unordered list of plain-text items (escaped)."""
    return "<ul>" + "".join(f"<li>{esc(item)}</li>" for item in items) + "</ul>"


def paragraph(text: str, cls: str = "") -> str:
    """A ``<p>`` of plain text (escaped)."""
    attrs = f' class="{esc(cls)}"' if cls else ""
    return f"<p{attrs}>{esc(text)}</p>"


@dataclass
class Section:
    """One ``<h2>`` section: a title and its markup parts (already safe)."""

    title: str
    parts: list[str] = field(default_factory=list)
    anchor: str = ""

    def add(self, markup: str) -> Section:
        """Append safe markup; returns ``self`` for chaining."""
        self.parts.append(markup)
        return self

    def render(self) -> str:
        """The section as markup."""
        anchor = f' id="{esc(self.anchor)}"' if self.anchor else ""
        return f"<section{anchor}><h2>{esc(self.title)}</h2>{''.join(self.parts)}</section>"


def document(title: str, subtitle: str, sections: Sequence[Section], lang: str = "en", style: str = "",
             signature: str | None = None) -> str:
    """The whole self-contained HTML document (``style``: more CSS for its stylesheet;
    ``signature``: the run's :mod:`jpcore.signature` line, shown under the title)."""
    signed = f'<p class="note">Signature: <code>{esc(signature)}</code></p>' if signature else ""
    toc = "".join(
        f'<li><a href="#{esc(s.anchor)}">{esc(s.title)}</a></li>' for s in sections if s.anchor
    )
    body = "".join(section.render() for section in sections)
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="{esc(lang)}"><head><meta charset="utf-8">'
        f'<meta http-equiv="Content-Security-Policy" content="{CSP}">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{esc(title)}</title><style>{STYLE}{style}</style></head><body>"
        f"<header><h1>{esc(title)}</h1><p class=\"note\">{esc(subtitle)}</p>{signed}"
        f"<nav><ul>{toc}</ul></nav></header>{body}"
        '<footer><p class="muted">Written by jpcore (jp-inspector). This file is self-contained: '
        "no script, no external resource.</p></footer></body></html>\n"
    )
