"""HTML for the Teaching page: explained units, the raw text as cut, two systems.

Same contract as :mod:`inspector.tokens.render` (whose pieces are reused): every
value from user text goes through :func:`~inspector.common.markup.esc`; colours
are Okabe–Ito and never the only signal (a symbol, a border style or a
label goes with each).

* :func:`explained_units_html` -- one card per unit: kind, gold, system,
  counts, and beside them (or under them when narrow) every count explained in words;
* :func:`raw_cuts_html` -- the raw text with each system token boxed where
  it came from, a numbered marker where each system sentence starts, and
  the tokens of non-matching word groups marked;
* :func:`regions_html` -- two systems' output side by side where they differ.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from jpcore.systems import SystemRun
from jpcore.systems.compare import Region
from jpcore.preprocess import Counts, PreprocessResult, Unit, WordGroup
from jpcore.preprocess.html import language_tag
from inspector.common.markup import SEPARATOR, STYLE, esc
from inspector.common.palette import BLUE, BLUISH_GREEN, VERMILLION, kind_style
from inspector.common.wording import line_list, sentence_mark, sentence_names
from inspector.tokens.render import counts_html, normalised_html, side_html, unit_badge
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
.jp-region {{table-layout: fixed;}}
.jp-region td.jp-counts {{white-space: normal;}}
</style>"""


def _reasons_list(reasons: Iterable[str]) -> str:
    return "<ul>" + "".join(f"<li>{esc(reason)}</li>" for reason in reasons) + "</ul>"


#: Unit cards: the explanation sits beside the unit only when its column gets
#: at least ~40 characters (42% of a card of 820 px), else under it; a word
#: group is one box that never breaks across lines (its tokens wrap inside it only
#: when it is wider than the whole line), every token in it boxed on its own.
CARD_STYLE = f"""<style>
.jp-explained {{display: flex; flex-direction: column; gap: 8px; font-size: 0.95rem; line-height: 1.9;}}
.jp-tu {{container-type: inline-size; border-bottom: 1px solid rgba(128,128,128,.3); padding-bottom: 6px;}}
.jp-tu-grid {{display: grid; grid-template-columns: minmax(0, 1fr); gap: 2px 18px;}}
@container (min-width: 820px) {{ .jp-tu-grid.jp-with-why {{grid-template-columns: minmax(0, 1fr) 42%;}} }}
.jp-tu-head {{display: flex; flex-wrap: wrap; gap: 2px 12px; align-items: baseline;}}
.jp-tu-head > span {{white-space: nowrap;}}
.jp-tu-side {{display: flex; gap: 8px; align-items: baseline;}}
.jp-tu-label {{flex: 0 0 4.2em; font-size: 0.8em; opacity: .8; white-space: nowrap;}}
.jp-tu-text {{min-width: 0; flex: 1 1 auto; overflow-wrap: anywhere;}}
.jp-tg {{display: inline-flex; flex-wrap: wrap; align-items: baseline; gap: 0 3px; max-width: 100%;
  vertical-align: baseline; border-width: 2px; border-radius: 4px; padding: 0 3px; margin: 1px 1px;
  line-height: 1.6;}}
.jp-tt {{border: 1px solid rgba(128,128,128,.75); border-radius: 3px; padding: 0 2px; overflow-wrap: anywhere;}}
.jp-tg sup {{font-size: 0.7em; font-weight: 700; align-self: flex-start;}}
.jp-why-cell {{font-size: 0.85rem; line-height: 1.5;}}
.jp-why-cell ul {{margin: 0; padding-left: 1.1em;}}
.jp-why-title {{font-weight: 600; font-size: 0.8rem; opacity: .8;}}
</style>"""


def _group_box(tokens: list[str], group: WordGroup, number: int, view: ResultView) -> str:
    """One non-matching word group: a box in the kind's colour and border, each token boxed."""
    style = kind_style(group.kind, group.shape)
    counts = view.group_counts(group)
    title = (f"word group {number}: {group.ratio} {view.noun}, {style.label}"
             f" - TP {counts.tp}, FP {counts.fp}, FN {counts.fn}")
    inner = "".join(tokens) if tokens else '<span class="jp-none">∅</span>'
    return (f'<span class="jp-tg" title="{esc(title)}" style="border-style: {style.border};'
            f' border-color: {style.colour}; background: {style.colour}22;">{inner}'
            f"<sup>{style.symbol}{number}</sup></span>")


def side_boxes_html(view: ResultView, unit: Unit, side: str) -> str:
    """The unit's tokens on ``side`` (sentences joined by ``~~~``); each non-matching
    word group one numbered box that does not break across lines, each of its
    tokens boxed; matched tokens plain; every token escaped."""
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
        if group.is_match:
            parts.extend(normalised_html(view, group, side, esc(token)) for token in view.tokens(side, (start, end)))
            continue
        boxed: list[str] = []
        for index, token in enumerate(view.tokens(side, (start, end)), start):
            if index in breaks and index != start:
                boxed.append(SEPARATOR)
            boxed.append(f'<span class="jp-tt">{esc(token)}</span>')
        parts.append(_group_box(boxed, group, number, view))
    return " ".join(parts)


def unit_card_html(view: ResultView, unit: Unit, reasons: list[str] | None,
                   labels: tuple[str, str] = ("Gold", "System")) -> str:
    """One unit as a card: number, kind, lines and counts on top, the two sides
    under it, and (unless ``reasons`` is None) every count explained beside the
    unit when there is room for ~40 characters, else under it."""
    lang = _lang(view)
    head = (
        f'<div class="jp-tu-head"><span><b>#{unit.index}</b></span><span>{unit_badge(view, unit)}</span>'
        f'<span class="jp-small">{esc(unit.ratio)} sentences</span>'
        f'<span class="jp-small">{esc(_named(view.sentence_label(unit, GOLD), labels[0]))}</span>'
        f'<span class="jp-small">{esc(_named(view.sentence_label(unit, SYS), labels[1]))}</span>'
        f'<span class="jp-counts">{counts_html("Sentences", unit.sentences)}</span>'
        f'<span class="jp-counts">{counts_html(view.level_name, unit.tokens)}</span></div>'
    )
    sides = "".join(
        f'<div class="jp-tu-side"><span class="jp-tu-label">{esc(label)}</span>'
        f'<div class="jp-tu-text"{lang}>{side_boxes_html(view, unit, side)}</div></div>'
        for label, side in zip(labels, (GOLD, SYS))
    )
    why = ""
    if reasons is not None:
        why = f'<div class="jp-why-cell"><div class="jp-why-title">Why these counts</div>{_reasons_list(reasons)}</div>'
    grid_class = "jp-tu-grid jp-with-why" if why else "jp-tu-grid"
    return f'<div class="jp-tu"><div class="{grid_class}"><div>{head}{sides}</div>{why}</div></div>'


def _named(label: str, side_label: str) -> str:
    """A sentence label (``gold sentence §3``) with the side named as the card names it
    (``A sentence §3`` when the sides are two systems A and B)."""
    word, _, rest = label.partition(" ")
    if word == "no":  # "no system sentence"
        return f"no {side_label} {rest.partition(' ')[2]}" if side_label not in ("Gold", "System") else label
    return label if side_label in ("Gold", "System") else f"{side_label} {rest}"


def explained_units_html(
    view: ResultView, units: Iterable[Unit], reasons: Callable[[ResultView, Unit], list[str]] | None,
    labels: tuple[str, str] = ("Gold", "System"),
) -> str:
    """Unit cards (:func:`unit_card_html`) with ``reasons(view, unit)`` each, or none
    when ``reasons`` is None (quiz mode)."""
    cards = "".join(unit_card_html(view, unit, reasons(view, unit) if reasons else None, labels) for unit in units)
    if not cards:
        cards = '<div class="jp-none">No unit to show.</div>'
    return STYLE + TEACHING_STYLE + CARD_STYLE + f'<div class="jp-explained">{cards}</div>'


def _lang(view: ResultView) -> str:
    tag = language_tag(view.result)
    return f' lang="{esc(tag)}"' if tag else ""


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
                mark = sentence_mark(number)
                parts.append(f'<span class="jp-sent" title="system sentence {mark}">{mark}</span>')
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
        + '<div class="jp-small"><span class="jp-sent">§n</span> system sentence §n starts (numbered from 1, '
        'as on every page) · '
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


def _gold_where(view: ResultView, region: Region) -> str:
    """``gold sentences §3–§4`` (and their file lines where the gold file has lines)."""
    start, end = region.gold
    label = sentence_names(GOLD, start, end)
    lines = [sentence.line for sentence in view.segmentation(GOLD).sentences[start:end]]
    if lines and view.has_lines(GOLD):
        label += f" · l. {line_list(lines)}"
    return esc(label)


def _system_side(view: ResultView, units: list[Unit]) -> str:
    if not units:
        return '<span class="jp-none">∅</span>'
    return " ".join(side_html(view, unit, SYS) for unit in units)


def _counts_cell(counts: dict[str, Counts], level_name: str) -> str:
    return (f'{counts_html("Sentences", counts["sentences"])}<br>'
            f'{counts_html(level_name, counts["tokens"])}')


def _region_reasons(view: ResultView, units: list[Unit],
                    reasons: Callable[[ResultView, Unit], list[str]]) -> str:
    """Every count of ``units`` explained (the unit cards' words), per unit."""
    if not units:
        return '<span class="jp-none">∅</span>'
    return "".join(f'<div class="jp-why-title">#{unit.index} {unit_badge(view, unit)}</div>'
                   f"{_reasons_list(reasons(view, unit))}" for unit in units)


def _region_rows(view_a: ResultView, view_b: ResultView, region: Region,
                 reasons: Callable[[ResultView, Unit], list[str]] | None) -> str:
    row = (
        "<tr>"
        f'<td class="jp-num">{_gold_where(view_a, region)}</td>'
        f'<td class="jp-side">{_gold_text(view_a, region)}</td>'
        f'<td class="jp-side">{_system_side(view_a, region.units_a)}</td>'
        f'<td class="jp-counts">{_counts_cell(region.counts_a, view_a.level_name)}</td>'
        f'<td class="jp-side">{_system_side(view_b, region.units_b)}</td>'
        f'<td class="jp-counts">{_counts_cell(region.counts_b, view_b.level_name)}</td>'
        "</tr>"
    )
    if reasons is None:
        return row
    return row + (
        '<tr class="jp-region-why"><td></td><td class="jp-why-cell jp-small">Why these counts</td>'
        f'<td class="jp-why-cell" colspan="2">{_region_reasons(view_a, region.units_a, reasons)}</td>'
        f'<td class="jp-why-cell" colspan="2">{_region_reasons(view_b, region.units_b, reasons)}</td></tr>'
    )


def regions_html(view_a: ResultView, view_b: ResultView, regions: Iterable[Region],
                 reasons: Callable[[ResultView, Unit], list[str]] | None = None) -> str:
    """A table of regions: gold, system A (rendered), A's counts, system B, B's counts; with
    ``reasons`` (the unit cards' explanations; ``None`` in quiz mode) a row under each region
    explains every count of A's and of B's units there."""
    rows = "".join(_region_rows(view_a, view_b, region, reasons) for region in regions)
    if not rows:
        rows = '<tr><td colspan="6" class="jp-none">The two systems give the same output everywhere.</td></tr>'
    return (
        STYLE + TEACHING_STYLE + CARD_STYLE
        + '<table class="jp-units jp-region">'
        # fixed widths: the three texts get the same share, each counts cell room for
        # "Sentences ✗ TP 0 · FP 1 · FN 1" on two lines at most
        + '<colgroup><col style="width:8%"><col style="width:22%"><col style="width:22%"><col style="width:13%">'
        '<col style="width:22%"><col style="width:13%"></colgroup><thead><tr><th>Where</th><th>Gold</th>'
        "<th>System A</th><th>A counts</th><th>System B</th><th>B counts</th></tr></thead><tbody>"
        + rows
        + "</tbody></table>"
    )
