"""Render a :class:`PreprocessResult` as text: conll18's layout plus ours.

Statistics are computed by :mod:`jpcore.preprocess`; this module only
formats them (the CLI prints it, the app offers it as a download), from a
:class:`ReportSummary` of the result (the streaming path builds one without
ever holding the whole result).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from jpcore.align import DIFFERENT, GOLD_ONLY, SHAPE_NAMES, SIMILAR, SYSTEM_ONLY
from jpcore.preprocess import Counts, Difference, PreprocessResult, Unit

SHAPES = ("1:1", "1:n", "n:1", "m:n")


def token_label(level: str) -> str:
    """conll18's row name for the token level: ``Tokens`` or ``Words``."""
    return "Tokens" if level == "tokens" else "Words"


@dataclass(slots=True)
class ReportSummary:
    """Everything the text report shows, without the units themselves.

    :meth:`of` takes it from a :class:`PreprocessResult`; the streaming path
    (:mod:`jpcore.preprocess.stream`) adds it up chunk by chunk.
    ``differences`` holds the first :data:`SHOWN_DIFFERENCES` stretches;
    ``n_differences`` and the ``changed``/``deleted``/``inserted`` character
    counts cover all of them.
    """

    gold_name: str
    gold_format: str
    gold_sentences: int
    sys_name: str
    sys_format: str
    sys_sentences: int
    level: str
    normalisation: str
    totals: dict[str, Counts]
    shapes: dict[str, int]
    kinds: dict[str, int]
    n_units: int
    differences: list[Difference] = field(default_factory=list)
    n_differences: int = 0
    changed: int = 0
    deleted: int = 0
    inserted: int = 0
    #: Per shape: ``{"sentences": Counts, "tokens": Counts}`` (:meth:`PreprocessResult.totals_by_shape`).
    totals_by_shape: dict[str, dict[str, Counts]] = field(default_factory=dict)

    @classmethod
    def of(cls, result: PreprocessResult) -> ReportSummary:
        """The summary of a whole result."""
        summary = cls(
            result.gold.name, result.gold.format, len(result.gold.sentences),
            result.system.name, result.system.format, len(result.system.sentences),
            result.level, result.normaliser.describe(), result.totals,
            result.shape_counts(), result.kind_counts(), len(result.units),
            totals_by_shape=result.totals_by_shape(),
        )
        summary.add_differences(result.differences)
        return summary

    def add_to_shape(self, unit: Unit) -> None:
        """Count ``unit`` in the totals of its shape."""
        counts = self.totals_by_shape.get(unit.shape)
        if counts is None:
            counts = self.totals_by_shape[unit.shape] = {"sentences": Counts(), "tokens": Counts()}
        counts["sentences"].add(unit.sentences)
        counts["tokens"].add(unit.tokens)

    def ordered_totals_by_shape(self) -> dict[str, dict[str, Counts]]:
        """:attr:`totals_by_shape` with its shapes in the order every result lists them."""
        order = list(SHAPE_NAMES)
        return {shape: self.totals_by_shape[shape] for shape in sorted(self.totals_by_shape, key=order.index)}

    def add_differences(self, differences: list[Difference]) -> None:
        """Count more differing stretches (keeping the first ones to show)."""
        for difference in differences:
            gold_n = difference.gold_chars[1] - difference.gold_chars[0]
            sys_n = difference.sys_chars[1] - difference.sys_chars[0]
            both = min(gold_n, sys_n)
            self.changed += both
            self.deleted += gold_n - both
            self.inserted += sys_n - both
            if len(self.differences) < SHOWN_DIFFERENCES:
                self.differences.append(difference)
        self.n_differences += len(differences)


#: Differing stretches listed in the text report.
SHOWN_DIFFERENCES = 20


def _rows(summary: ReportSummary) -> list[tuple[str, Counts]]:
    tokens = (token_label(summary.level), summary.totals["tokens"])
    sentences = ("Sentences", summary.totals["sentences"])
    # conll18 prints Tokens, Sentences, Words in this order
    return [tokens, sentences] if summary.level == "tokens" else [sentences, tokens]


def render_text(result: PreprocessResult) -> str:
    """The full text report (ends with a newline)."""
    return render_summary(ReportSummary.of(result))


def render_summary(summary: ReportSummary) -> str:
    """The text report of a :class:`ReportSummary` (ends with a newline)."""
    lines = [
        f"gold:   {summary.gold_name} ({summary.gold_format}, {summary.gold_sentences} sentences)",
        f"system: {summary.sys_name} ({summary.sys_format}, {summary.sys_sentences} sentences)",
        f"level: {summary.level}; {summary.normalisation}",
        _characters_line(summary),
        "",
        "Metric     | Correct   |      Gold | Predicted",
        "-----------+-----------+-----------+-----------",
    ]
    for name, counts in _rows(summary):
        lines.append(f"{name:<11}|{counts.tp:>10} |{counts.gold:>10} |{counts.system:>10}")
    lines += [
        "",
        "Metric     |      TP |      FP |      FN | Precision |    Recall |  F1 Score",
        "-----------+---------+---------+---------+-----------+-----------+-----------",
    ]
    for name, counts in _rows(summary):
        lines.append(
            f"{name:<11}|{counts.tp:>8} |{counts.fp:>8} |{counts.fn:>8} |"
            f"{100 * counts.precision:>10.2f} |{100 * counts.recall:>10.2f} |{100 * counts.f1:>10.2f}"
        )
    shapes = summary.shapes
    kinds = summary.kinds
    parts = [f"{shape} {sum(n for s, n in shapes.items() if _pattern(s) == shape)}" for shape in SHAPES]
    parts += [
        f"gold-only {kinds[GOLD_ONLY]}",
        f"system-only {kinds[SYSTEM_ONLY]}",
        f"differing text {kinds[SIMILAR] + kinds[DIFFERENT]}",
    ]
    lines += ["", f"Units: {summary.n_units} ({', '.join(parts)})"]
    for difference in summary.differences[:SHOWN_DIFFERENCES]:
        lines.append(
            f"  differs: gold line {difference.gold_line} {difference.gold_text[:30]!r}"
            f" vs system line {difference.sys_line} {difference.sys_text[:30]!r}"
        )
    if summary.n_differences > SHOWN_DIFFERENCES:
        lines.append(f"  ... and {summary.n_differences - SHOWN_DIFFERENCES} more (see --json)")
    return "\n".join(lines) + "\n"


def _characters_line(summary: ReportSummary) -> str:
    """Whether the texts agree, and if not how much differs where."""
    if not summary.n_differences:
        return "characters: identical on both sides"
    return (
        f"characters: {summary.n_differences} differing stretch(es): {summary.changed} changed, "
        f"{summary.deleted} only in gold, {summary.inserted} only in the system; units touching them are never correct"
    )


def _pattern(shape: str) -> str:
    """Fold one-sided shapes out of the four two-sided patterns."""
    return shape if shape in SHAPES else "other"
