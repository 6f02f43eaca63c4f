"""HTML for aligned tokenization units (tokens & sentences, and the Teaching and About pages).

Contract (the shared pieces are :mod:`inspector.common.markup`'s):

* every token, sentence id and file name goes through
  :func:`~inspector.common.markup.esc` before it is put in the markup;
* colour is never the only signal: every unit kind has a symbol and a label
  (:func:`~inspector.common.markup.badge`), every non-matching word group a
  border style and a number;
* the sentences of a unit are joined with ``~~~``; a word group that
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

from collections.abc import Iterable

from jpcore.preprocess.html import language_tag
from jpcore.preprocess import Counts, Unit, WordGroup
from inspector.common.markup import SEPARATOR, STYLE, badge, esc, styled_badge, units_table_html
from inspector.common.palette import EXACT_SENTENCE_TOKEN_ERRORS, KIND_STYLES, kind_style
from inspector.tokens.view import GOLD, SYS, ResultView


def _group_span(inner: str, group: WordGroup, number: int, view: ResultView) -> str:
    style = kind_style(group.kind, group.shape)
    counts = view.group_counts(group)
    title = (
        f"word group {number}: {group.ratio} gold:system {view.noun}, {style.label}"
        f" - TP {counts.tp}, FP {counts.fp}, FN {counts.fn}"
    )
    return (
        f'<span class="jp-wg" title="{esc(title)}" style="border-style: {style.border};'
        f' border-color: {style.colour}; background: {style.colour}22;">{inner}'
        f"<sup>{style.symbol}{number}</sup></span>"
    )


def normalised_html(view: ResultView, group: WordGroup, side: str, inner: str) -> str:
    """``inner`` (a matched group's token, escaped) marked when the normalisation made the two
    sides' tokens equal (dotted underline, ``≡`` and the other side's token on hover);
    ``inner`` itself otherwise."""
    pair = view.normalised(group)
    if pair is None:
        return inner
    title = f"gold {pair[0]} and system {pair[1]}: the same {view.noun[:-1]} after normalisation (a TP)"
    return f'<span class="jp-norm" title="{esc(title)}">{inner}<sup>≡</sup></span>'


def _exact_with_token_errors(unit: Unit) -> bool:
    return unit.kind == "exact" and bool(unit.tokens.fp or unit.tokens.fn)


def unit_badge_text(view: ResultView, unit: Unit) -> str:
    """What the unit's badge says (plain text): ``✓ sentence exact``, ``÷ sentences split``...;
    an exact sentence whose tokens are not all correct adds them: ``✓ sentence exact ·
    tokens 7/6/2`` (TP/FP/FN; ``words`` at the words level)."""
    style = kind_style(unit.kind, unit.shape)
    about = "sentence" if unit.n_gold <= 1 and unit.n_sys <= 1 else "sentences"
    return f"{style.symbol} {about} {style.label}{token_errors_text(view, unit)}"


def token_errors_text(view: ResultView, unit: Unit) -> str:
    """`` · tokens 7/6/2`` (TP/FP/FN) for an exact sentence whose tokens are not all correct
    (``words`` at the words level), ``""`` otherwise: what a badge or heading adds so that
    ``exact`` is never read as "all correct"."""
    if not _exact_with_token_errors(unit):
        return ""
    return f" · {view.noun} {unit.tokens.tp}/{unit.tokens.fp}/{unit.tokens.fn}"


def unit_badge(view: ResultView, unit: Unit) -> str:
    """The unit's kind badge (:func:`unit_badge_text`) in its kind's colour; an exact sentence
    whose tokens are not all correct in yellow, never the green of a correct unit."""
    text = unit_badge_text(view, unit)
    if _exact_with_token_errors(unit):
        counts = unit.tokens
        title = (f"{EXACT_SENTENCE_TOKEN_ERRORS.meaning}: {view.noun} TP {counts.tp}, FP {counts.fp}, "
                 f"FN {counts.fn}")
        return styled_badge(EXACT_SENTENCE_TOKEN_ERRORS, text, title)
    return styled_badge(kind_style(unit.kind, unit.shape), text)


def side_html(view: ResultView, unit: Unit, side: str) -> str:
    """The unit's tokens on ``side``: sentences joined by ``~~~``, each
    non-matching word group a numbered bordered span (numbers agree across
    the two sides), matched tokens plain; every token escaped."""
    if not view.sentences(unit, side):
        return '<span class="jp-none">∅ no sentence on this side</span>'
    breaks = view.sentence_starts(unit, side)
    parts: list[str] = []
    plain: list[tuple[int, str]] = []  # matched tokens waiting: a multiword token may span several
    number = 0
    for group in unit.words:
        start, end = group.gold if side == GOLD else group.sys
        if start in breaks or not group.is_match:
            parts.extend(multiword_runs(view, side, plain))
            plain = []
        if start in breaks:
            parts.append(SEPARATOR)
        if group.is_match:
            plain.extend((index, normalised_html(view, group, side, esc(token)))
                         for index, token in enumerate(view.tokens(side, (start, end)), start))
            continue
        number += 1
        inner = " ".join(tokens_html(view, side, start, end, breaks))
        parts.append(_group_span(inner or '<span class="jp-none">∅</span>', group, number, view))
    parts.extend(multiword_runs(view, side, plain))
    return " ".join(parts)


def multiword_runs(view: ResultView, side: str, items: list[tuple[int, str]]) -> list[str]:
    """``items`` (flat token index, its markup), in order, with every run of words of one
    multiword token drawn under its surface token (``au`` over ``à le``, :func:`multiword_html`)."""
    out: list[str] = []
    run: list[str] = []
    current = None
    for index, markup in items:
        entry = view.multiword(side, index)
        if run and entry != current:
            out.append(multiword_html(current, run))
            run = []
        if entry is None:
            out.append(markup)
        else:
            run.append(markup)
        current = entry
    if run:
        out.append(multiword_html(current, run))
    return out


def multiword_html(entry: tuple[int, int, str] | None, words: list[str]) -> str:
    """Words (markup) of the multiword token ``entry`` with its surface form drawn over them."""
    if entry is None:
        return " ".join(words)
    form = entry[2]
    return (f'<span class="jp-mwt" title="{esc(f"multiword token {form}: its words below")}">'
            f'<span class="jp-mwt-form">{esc(form)}</span><span class="jp-mwt-words">{" ".join(words)}</span></span>')


def tokens_html(view: ResultView, side: str, start: int, end: int, breaks: set[int]) -> list[str]:
    """Tokens ``start:end`` of ``side``, escaped, ``~~~`` before each sentence that starts
    after ``start``, the words of a multiword token under its surface token."""
    parts: list[str] = []
    items: list[tuple[int, str]] = []
    for index, token in enumerate(view.tokens(side, (start, end)), start):
        if index in breaks and index != start:
            parts.extend(multiword_runs(view, side, items))
            items = []
            parts.append(SEPARATOR)
        items.append((index, esc(token)))
    return parts + multiword_runs(view, side, items)


def counts_html(label: str, counts: Counts) -> str:
    """``label ✓ TP n`` or ``label ✗ TP n FP n FN n`` (errors underlined)."""
    if counts.fp == 0 and counts.fn == 0:
        return f'<span class="jp-ok">{esc(label)} ✓ TP {counts.tp}</span>'
    return (
        f'<span class="jp-bad">{esc(label)} ✗ TP {counts.tp} · FP {counts.fp}'
        f" · FN {counts.fn}</span>"
    )


def _lang(view: ResultView) -> str:
    """`` lang="ko"`` for texts in a known language, else ``""``."""
    tag = language_tag(view.result)
    return f' lang="{esc(tag)}"' if tag else ""


def unit_row_html(view: ResultView, unit: Unit, extra_cells: str = "") -> str:
    """One ``<tr>``: unit number and its sentences on each side (``gold sentences §3–§4``,
    with file lines where the file has them), kind badge (:func:`unit_badge`), gold,
    system, counts (the token level's own name: Tokens or Words), then ``extra_cells``
    (``<td>`` elements, already escaped)."""
    lang = _lang(view)
    return (
        "<tr>"
        f'<td class="jp-num">#{unit.index}<br><span class="jp-small">{esc(view.sentence_label(unit, GOLD))}'
        f"<br>{esc(view.sentence_label(unit, SYS))}</span></td>"
        f"<td>{unit_badge(view, unit)}<br><span class=\"jp-small\">{esc(unit.ratio)} sentences</span></td>"
        f'<td class="jp-side"{lang}>{side_html(view, unit, GOLD)}</td>'
        f'<td class="jp-side"{lang}>{side_html(view, unit, SYS)}</td>'
        f'<td class="jp-counts">{counts_html("Sentences", unit.sentences)}<br>'
        f'{counts_html(view.level_name, unit.tokens)}</td>'
        f"{extra_cells}</tr>"
    )


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
    flawed = EXACT_SENTENCE_TOKEN_ERRORS
    items += (f" {styled_badge(flawed, f'{flawed.symbol} sentence exact · tokens TP/FP/FN')}"
              f' <span class="jp-small">{esc(flawed.meaning)}</span>')
    return (
        STYLE
        + f"<div>{items}</div><div class=\"jp-small\">{SEPARATOR} joins the sentences of a unit;"
        " a bordered span with a number is a word group whose tokens do not match one to one"
        " (the same number on both sides); plain tokens are correct (TP), "
        '<span class="jp-norm">dotted<sup>≡</sup></span> ones only after normalisation'
        " (<code>``</code> and <code>\"</code>). Sentences are numbered §1, §2… in their file.</div>"
    )


def reasons_html(reasons: Iterable[str]) -> str:
    """A bulleted list of plain-text explanations, each escaped."""
    items = "".join(f"<li>{esc(reason)}</li>" for reason in reasons)
    return STYLE + f'<ul class="jp-why">{items}</ul>'


def _group_side(view: ResultView, group: WordGroup, side: str, breaks: set[int]) -> str:
    start, end = group.gold if side == GOLD else group.sys
    parts = ([SEPARATOR] if start in breaks and end > start else []) + tokens_html(view, side, start, end, breaks)
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
            cells.append(f'<span class="jp-ia-g"><span class="jp-ia-t">{normalised_html(view, group, GOLD, gold)}</span>'
                         f'<span class="jp-ia-t">{normalised_html(view, group, SYS, system)}</span></span>')
            continue
        number += 1
        style = kind_style(group.kind, group.shape)
        counts = view.group_counts(group)
        title = (f"word group {number}: {group.ratio} gold:system {view.noun}, {style.label}"
                 f" - TP {counts.tp}, FP {counts.fp}, FN {counts.fn}")
        cells.append(
            f'<span class="jp-ia-g jp-ia-bad" title="{esc(title)}" style="border-style: {style.border};'
            f' border-color: {style.colour}; background: {style.colour}1f;">'
            f'<span class="jp-ia-t">{gold} <span class="jp-ia-n">{style.symbol}{number}</span></span>'
            f'<span class="jp-ia-t">{system} <span class="jp-ia-n">{style.symbol}{number}</span></span></span>'
        )
    return STYLE + f'<div class="jp-ia"{_lang(view)}>{"".join(cells)}</div>'
