"""HTML for the Teaching page: explained units, the raw text as cut, two systems.

Same contract as :mod:`inspector.tokens.render` (whose pieces are reused): every
value from user text goes through :func:`~inspector.common.markup.esc`; colours
are Okabe–Ito and never the only signal (a symbol, a border style or a
label goes with each).

* :func:`explained_units_html` -- one row per unit: kind, gold, system,
  counts, and next to them every count explained in words;
* :func:`raw_cuts_html` -- the raw text with each system token boxed where
  it came from, a numbered marker where each system sentence starts, and
  the tokens of non-matching word groups marked;
* :func:`regions_html` -- two systems' output side by side where they differ.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from jpcore.systems import SystemRun
from jpcore.systems.compare import Region
from jpcore.preprocess import Counts, PreprocessResult, Unit
from inspector.common.markup import SEPARATOR, STYLE, esc, units_table_html
from inspector.common.palette import BLUE, BLUISH_GREEN, VERMILLION
from inspector.common.wording import line_list
from inspector.tokens.render import counts_html, side_html, unit_row_html
from inspector.tokens.view import GOLD, SYS, ResultView

TEACHING_STYLE = f"""<style>
.jp-raw {{white-space: pre-wrap; line-height: 2.1; font-size: 0.95rem;
  border: 1px solid rgba(128,128,128,.4); border-radius: 6px; padding: 8px 10px;}}
.jp-tok {{border: 1px solid {BLUISH_GREEN}; border-radius: 3px; padding: 0 1px;}}
.jp-tok-bad {{border: 2px dashed {VERMILLION}; background: {VERMILLION}22; border-radius: 3px;
  padding: 0 1px;}}
.jp-sent {{font-size: 0.7em; font-weight: 700; color: #fff; background: {BLUE}; border-radius: 3px;
  padding: 0 3px; margin-right: 2px; vertical-align: super;}}
.jp-dropped {{text-decoration: line-through; opacity: .6;}}
.jp-explained td.jp-side {{width: 22%;}}
.jp-why-cell {{font-size: 0.85rem; width: 40%; line-height: 1.5;}}
.jp-why-cell ul {{margin: 0; padding-left: 1.1em;}}
.jp-region {{table-layout: fixed;}}
.jp-region td.jp-counts {{white-space: normal;}}
</style>"""


def _reasons_list(reasons: Iterable[str]) -> str:
    return "<ul>" + "".join(f"<li>{esc(reason)}</li>" for reason in reasons) + "</ul>"


def explained_row_html(view: ResultView, unit: Unit, reasons: list[str]) -> str:
    """One ``<tr>``: unit, kind, gold, system, counts (:func:`inspector.tokens.render.unit_row_html`),
    and the reasons in words."""
    return unit_row_html(view, unit, f'<td class="jp-why-cell">{_reasons_list(reasons)}</td>')


def explained_units_html(
    view: ResultView, units: Iterable[Unit], reasons: Callable[[ResultView, Unit], list[str]]
) -> str:
    """A table of units with a "Why" column (``reasons(view, unit)`` per row)."""
    rows = "".join(explained_row_html(view, unit, reasons(view, unit)) for unit in units)
    return units_table_html(STYLE + TEACHING_STYLE, "jp-units jp-explained",
                            ("Unit", "Kind", "Gold", "System", "Counts", "Why these counts"), rows,
                            empty="No unit to show.")


def _bad_system_tokens(result: PreprocessResult) -> dict[int, int]:
    """Flat system token index -> unit index, for tokens in non-matching word groups."""
    bad: dict[int, int] = {}
    for unit in result.units:
        for group in unit.words:
            if not group.is_match:
                for index in range(*group.sys):
                    bad[index] = unit.index
    return bad


def raw_cuts_html(run: SystemRun, result: PreprocessResult, limit: int | None = None) -> str:
    """The raw text with the system's sentences and tokens marked where they came from.

    ``limit`` (characters) stops the rendering early for long texts.
    """
    text = run.raw_text
    end_at = len(text) if limit is None else min(limit, len(text))
    bad = _bad_system_tokens(result)
    parts: list[str] = []
    position = 0
    flat = 0
    done = False
    for number, spans in enumerate(run.token_spans):
        for j, (start, end) in enumerate(spans):
            if start >= end_at:
                done = True
                break
            if start > position:
                gap = text[position:start]
                css = "" if gap.isspace() else ' class="jp-dropped" title="in no token"'
                parts.append(f"<span{css}>{esc(gap)}</span>" if css else esc(gap))
            if j == 0:
                parts.append(f'<span class="jp-sent" title="system sentence {number}">§{number}</span>')
            token = run.segmentation.sentences[number].tokens[j]
            title = f"token {token}"
            if flat + j in bad:
                title += f" - not a TP (unit #{bad[flat + j]})"
                parts.append(f'<span class="jp-tok-bad" title="{esc(title)}">{esc(text[start:end])}</span>')
            else:
                parts.append(f'<span class="jp-tok" title="{esc(title)}">{esc(text[start:end])}</span>')
            position = max(position, end)
        if done:
            break
        flat += len(spans)
    tail = text[position:end_at]
    if tail:
        parts.append(esc(tail) if tail.isspace() else f'<span class="jp-dropped" title="in no token">{esc(tail)}</span>')
    if end_at < len(text):
        parts.append(f'<span class="jp-none"> … ({len(text) - end_at:,} more characters)</span>')
    return STYLE + TEACHING_STYLE + f'<div class="jp-raw">{"".join(parts)}</div>'


def raw_legend_html() -> str:
    """What the marks of :func:`raw_cuts_html` mean."""
    return (
        STYLE + TEACHING_STYLE
        + '<div class="jp-small"><span class="jp-sent">§n</span> system sentence n starts · '
        '<span class="jp-tok">token</span> a system token that is a TP (solid border) · '
        '<span class="jp-tok-bad">token</span> ✗ a system token in a word group that does not '
        'match (dashed border) · <span class="jp-dropped">struck</span> characters in no token '
        "(dropped by the tokenizer)</div>"
    )


def _gold_text(view: ResultView, region: Region) -> str:
    start, end = region.gold
    sentences = view.segmentation(GOLD).sentences[start:end]
    if not sentences:
        return '<span class="jp-none">∅ no gold sentence</span>'
    return f" {SEPARATOR} ".join(esc(" ".join(sentence.tokens)) for sentence in sentences)


def _gold_lines(view: ResultView, region: Region) -> str:
    start, end = region.gold
    lines = [sentence.line for sentence in view.segmentation(GOLD).sentences[start:end]]
    if not lines:
        return "–"
    return "gold l. " + esc(line_list(lines))


def _system_side(view: ResultView, units: list[Unit]) -> str:
    if not units:
        return '<span class="jp-none">∅</span>'
    return " ".join(side_html(view, unit, SYS) for unit in units)


def _counts_cell(counts: dict[str, Counts]) -> str:
    return f'{counts_html("Sentences", counts["sentences"])}<br>{counts_html("Tokens", counts["tokens"])}'


def regions_html(view_a: ResultView, view_b: ResultView, regions: Iterable[Region]) -> str:
    """A table of regions: gold, system A (rendered), A's counts, system B, B's counts."""
    rows = "".join(
        "<tr>"
        f'<td class="jp-num">{_gold_lines(view_a, region)}</td>'
        f'<td class="jp-side">{_gold_text(view_a, region)}</td>'
        f'<td class="jp-side">{_system_side(view_a, region.units_a)}</td>'
        f'<td class="jp-counts">{_counts_cell(region.counts_a)}</td>'
        f'<td class="jp-side">{_system_side(view_b, region.units_b)}</td>'
        f'<td class="jp-counts">{_counts_cell(region.counts_b)}</td>'
        "</tr>"
        for region in regions
    )
    if not rows:
        rows = '<tr><td colspan="6" class="jp-none">The two systems give the same output everywhere.</td></tr>'
    return (
        STYLE + TEACHING_STYLE
        + '<table class="jp-units jp-region">'
        # fixed widths: the three texts get the same share whatever the counts cells hold
        + '<colgroup><col style="width:7%"><col style="width:25%"><col style="width:25%"><col style="width:9%">'
        '<col style="width:25%"><col style="width:9%"></colgroup><thead><tr><th>Where</th><th>Gold</th>'
        "<th>System A</th><th>A counts</th><th>System B</th><th>B counts</th></tr></thead><tbody>"
        + rows
        + "</tbody></table>"
    )
