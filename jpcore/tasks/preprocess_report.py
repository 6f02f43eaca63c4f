"""Render a :class:`PreprocessResult` as text: conll18's layout plus ours.

Statistics are computed by :mod:`jpcore.tasks.preprocess`; this module only
formats them (the CLI prints it, the app offers it as a download).
"""

from __future__ import annotations

from jpcore.align import GOLD_ONLY, SIMILAR, SYSTEM_ONLY
from jpcore.tasks.preprocess import Counts, PreprocessResult

SHAPES = ("1:1", "1:n", "n:1", "m:n")


def token_label(level: str) -> str:
    """conll18's row name for the token level: ``Tokens`` or ``Words``."""
    return "Tokens" if level == "tokens" else "Words"


def _rows(result: PreprocessResult) -> list[tuple[str, Counts]]:
    tokens = (token_label(result.level), result.totals["tokens"])
    sentences = ("Sentences", result.totals["sentences"])
    # conll18 prints Tokens, Sentences, Words in this order
    return [tokens, sentences] if result.level == "tokens" else [sentences, tokens]


def render_text(result: PreprocessResult) -> str:
    """The full text report (ends with a newline)."""
    lines = [
        f"gold:   {result.gold.name} ({result.gold.format}, {len(result.gold.sentences)} sentences)",
        f"system: {result.system.name} ({result.system.format}, {len(result.system.sentences)} sentences)",
        f"level: {result.level}; {result.normaliser.describe()}",
        _characters_line(result),
        "",
        "Metric     | Correct   |      Gold | Predicted",
        "-----------+-----------+-----------+-----------",
    ]
    for name, counts in _rows(result):
        lines.append(f"{name:<11}|{counts.tp:>10} |{counts.gold:>10} |{counts.system:>10}")
    lines += [
        "",
        "Metric     |      TP |      FP |      FN | Precision |    Recall |  F1 Score",
        "-----------+---------+---------+---------+-----------+-----------+-----------",
    ]
    for name, counts in _rows(result):
        lines.append(
            f"{name:<11}|{counts.tp:>8} |{counts.fp:>8} |{counts.fn:>8} |"
            f"{100 * counts.precision:>10.2f} |{100 * counts.recall:>10.2f} |{100 * counts.f1:>10.2f}"
        )
    shapes = result.shape_counts()
    kinds = result.kind_counts()
    parts = [f"{shape} {sum(n for s, n in shapes.items() if _pattern(s) == shape)}" for shape in SHAPES]
    parts += [
        f"gold-only {kinds[GOLD_ONLY]}",
        f"system-only {kinds[SYSTEM_ONLY]}",
        f"differing text {kinds[SIMILAR]}",
    ]
    lines += ["", f"Units: {len(result.units)} ({', '.join(parts)})"]
    for difference in result.differences[:20]:
        lines.append(
            f"  differs: gold line {difference.gold_line} {difference.gold_text[:30]!r}"
            f" vs system line {difference.sys_line} {difference.sys_text[:30]!r}"
        )
    if len(result.differences) > 20:
        lines.append(f"  ... and {len(result.differences) - 20} more (see --json)")
    return "\n".join(lines) + "\n"


def _characters_line(result: PreprocessResult) -> str:
    """Whether the texts agree, and if not how much differs where."""
    if result.streams_equal:
        return "characters: identical on both sides"
    deleted = inserted = changed = 0
    for difference in result.differences:
        gold_n = difference.gold_chars[1] - difference.gold_chars[0]
        sys_n = difference.sys_chars[1] - difference.sys_chars[0]
        both = min(gold_n, sys_n)
        changed += both
        deleted += gold_n - both
        inserted += sys_n - both
    return (
        f"characters: {len(result.differences)} differing stretch(es): {changed} changed, "
        f"{deleted} only in gold, {inserted} only in the system; units touching them are never correct"
    )


def _pattern(shape: str) -> str:
    """Fold one-sided shapes out of the four two-sided patterns."""
    return shape if shape in SHAPES else "other"
