"""Sections every report has: inputs (with licences), parameters, definitions.

Contract: pure functions from plain values to :class:`~jpcore.reports.markup.Section`
objects; every value is escaped by :mod:`jpcore.reports.markup`.  A
:class:`Report` is what a task module builds and :func:`jpcore.reports.render_html`
turns into the document.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from jpcore.align import shape_counts, shape_name

from jpcore.reports.markup import Cell, Section, definitions, esc, num, paragraph, table
from jpcore.reports.provenance import UNKNOWN, InputInfo


@dataclass
class Report:
    """A report before rendering: title, one-line subtitle, sections, document language,
    and CSS its sections need beyond the common stylesheet."""

    title: str
    subtitle: str
    sections: list[Section] = field(default_factory=list)
    lang: str = "en"
    style: str = ""


def inputs_section(infos: Sequence[InputInfo], rows: Sequence[Sequence[object]],
                   headers: Sequence[str]) -> Section:
    """What was evaluated: one table row per input, then each input's licence/attribution
    (identical texts shown once, naming every input they cover)."""
    section = Section("Inputs, licences and attribution", anchor="inputs")
    section.add(table(headers, rows))
    by_text: dict[str, list[str]] = {}
    for info in infos:
        by_text.setdefault(info.attribution or UNKNOWN, []).append(f"{info.role}: {info.name}")
    for text, names in by_text.items():
        section.add(f"<h3>{esc('; '.join(names))}</h3>")
        section.add(f'<div class="attribution">{esc(text)}</div>')
    return section


def parameters_section(items: Iterable[tuple[str, object]], extra: str = "") -> Section:
    """The normalisation and options in force, as a two-column table (plus safe ``extra``)."""
    section = Section("Normalisation and parameters in force", anchor="parameters")
    section.add(table(["Parameter", "Value"], [(name, value) for name, value in items]))
    if extra:
        section.add(extra)
    return section


def definitions_section(items: Iterable[tuple[str, str]]) -> Section:
    """Every metric's definition."""
    return Section("Definitions of the metrics", anchor="definitions").add(definitions(items))


def capped(units: Sequence, max_units: int, is_error, noun: str) -> tuple[list, str]:
    """The units a table lists and a note saying which.

    All of them when there are at most ``max_units``; otherwise only those for
    which ``is_error(unit)`` holds, the first ``max_units`` of them in document
    order (the note says how many were left out and that the JSON has all).
    """
    if len(units) <= max_units:
        return list(units), f"All {len(units):,} {noun}, in document order."
    errors = [unit for unit in units if is_error(unit)]
    shown = errors[:max_units]
    note = (f"{len(units):,} {noun} are more than this report lists ({max_units:,}): only {noun} with "
            f"at least one error are listed, {len(shown):,} of {len(errors):,}, in document order. "
            "The JSON result (--json) holds every unit.")
    return shown, note


#: Reviews as a report shows them: unit index -> (verdict or ``None``, note) (:mod:`jpcore.review`).
Reviews = Mapping[int, tuple["str | None", str]]


def with_reviews(headers: Sequence[object], rows: Sequence[Sequence[object]], indices: Sequence[int],
                 reviews: Reviews | None) -> tuple[list[object], list[list[object]]]:
    """``headers`` and ``rows`` (one row per unit of ``indices``) with a Verdict and a Note column
    when ``reviews`` holds any (``–`` and an empty note for a unit without one); else unchanged.
    The verdict and the note are plain text (escaped when the table is drawn)."""
    if not reviews:
        return list(headers), [list(row) for row in rows]
    out = []
    for row, index in zip(rows, indices):
        verdict, note_text = reviews.get(index, (None, ""))
        out.append([*row, verdict or "–", note_text or ""])
    return [*headers, "Verdict", "Note"], out


def shapes_section(result: Any, headers: Sequence[object], rows_of: Any, noun: str) -> Section:
    """The totals by unit shape (``result.totals_by_shape()``) as a small table: one row per
    shape, its name, its number of units, then ``rows_of(totals)``'s cells (``totals`` being
    that shape's entry, in the form of ``result.totals``)."""
    section = Section("Totals by unit shape", anchor="shapes")
    units = shape_counts(result.units)
    rows = [[shape, shape_name(shape), num(units[shape]), *rows_of(totals)]
            for shape, totals in result.totals_by_shape().items()]
    section.add(table(["Shape", "Boundaries", "Units", *headers], rows, "scores"))
    section.add(note(f"Shape: gold:system {noun} in a unit (n:1 the system merged gold {noun}, 1:n it split one, "
                     "m:n regrouped). Each count adds up over the shapes to its total; the 1:1 row is what the task "
                     "scores where segmentation agreed."))
    return section


def note(text: str) -> str:
    """A muted note paragraph (escaped)."""
    return paragraph(text, "note")


def text_cell(markup: str, lang: str = "") -> Cell:
    """A text column cell holding safe markup (sentences joined by the ~~~ marker)."""
    return Cell(markup, "text", markup=True, lang=lang)


#: The separator between the sentences of a merged unit (safe markup).
SEPARATOR = ' <span class="sep" title="sentence boundary">~~~</span> '


def joined(sentences: Iterable[str]) -> str:
    """Sentences escaped and joined by :data:`SEPARATOR`; ``∅`` when there are none."""
    parts = [esc(sentence) for sentence in sentences]
    return SEPARATOR.join(parts) if parts else '<span class="muted">∅</span>'
