"""Inline SVG bar charts for the HTML reports (hand-written, no library, no script).

Contract: :func:`bar_chart` returns one ``<svg>`` element (safe markup: every
category and series name goes through :func:`jpcore.reports.markup.esc`;
long category names are shortened with ``…`` and kept whole in a
``<title>`` tooltip).  Bars are horizontal, one group per category, one
bar per series, each bar labelled with its value, so the chart can be read
without colour; colours are Okabe–Ito.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from jpcore.reports.markup import esc

WIDTH = 620
LABEL_WIDTH = 190
VALUE_WIDTH = 64
BAR_HEIGHT = 13
GROUP_GAP = 9
TOP = 34
MAX_LABEL = 28


@dataclass(frozen=True, slots=True)
class Series:
    """One series of a bar chart: a name, one value per category, a colour (``colours``:
    one per category instead, e.g. each kind its own)."""

    name: str
    values: Sequence[float]
    colour: str
    colours: Sequence[str] | None = None


def _short(text: str, limit: int = MAX_LABEL) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def bar_chart(
    title: str,
    categories: Sequence[str],
    series: Sequence[Series],
    *,
    max_value: float | None = None,
    fmt: Callable[[float], str] = lambda v: f"{v:g}",
) -> str:
    """A horizontal grouped bar chart as an ``<svg>`` element.

    ``max_value`` fixes the scale (e.g. 100 for percentages); by default the
    largest value.  ``fmt`` formats the value written after each bar.
    """
    n_series = max(len(series), 1)
    group = n_series * BAR_HEIGHT + GROUP_GAP
    height = TOP + max(len(categories), 1) * group + 6
    largest = max_value if max_value is not None else max(
        (v for s in series for v in s.values), default=0.0)
    scale = (WIDTH - LABEL_WIDTH - VALUE_WIDTH) / largest if largest > 0 else 0.0
    parts = [
        f'<svg width="{WIDTH}" height="{height}" '
        f'viewBox="0 0 {WIDTH} {height}" role="img" aria-label="{esc(title)}">',
        f"<title>{esc(title)}</title>",
    ]
    x = LABEL_WIDTH
    for s in series:  # legend
        parts.append(f'<rect x="{x}" y="6" width="12" height="12" fill="{esc(s.colour)}"/>')
        parts.append(f'<text x="{x + 16}" y="16" font-size="12">{esc(s.name)}</text>')
        x += 24 + 7 * len(s.name)
    if not categories:
        parts.append(f'<text x="{LABEL_WIDTH}" y="{TOP + 12}" font-size="12">(nothing to show)</text>')
    for i, category in enumerate(categories):
        y0 = TOP + i * group
        label = str(category)
        parts.append(
            f'<text x="{LABEL_WIDTH - 6}" y="{y0 + n_series * BAR_HEIGHT / 2 + 4:.1f}" '
            f'font-size="12" text-anchor="end"><title>{esc(label)}</title>{esc(_short(label))}</text>'
        )
        for j, s in enumerate(series):
            value = float(s.values[i]) if i < len(s.values) else 0.0
            width = max(value * scale, 0.0)
            y = y0 + j * BAR_HEIGHT
            parts.append(
                f'<rect x="{LABEL_WIDTH}" y="{y}" width="{width:.1f}" height="{BAR_HEIGHT - 2}" '
                f'fill="{esc(s.colours[i] if s.colours is not None and i < len(s.colours) else s.colour)}"><title>{esc(label)} · {esc(s.name)}: {esc(fmt(value))}</title></rect>'
            )
            parts.append(
                f'<text x="{LABEL_WIDTH + width + 4:.1f}" y="{y + BAR_HEIGHT - 3}" font-size="11">'
                f"{esc(fmt(value))}</text>"
            )
    parts.append(
        f'<line x1="{LABEL_WIDTH}" y1="{TOP - 4}" x2="{LABEL_WIDTH}" y2="{height - 4}" stroke="#555"/>'
    )
    parts.append("</svg>")
    return "".join(parts)


def figure(caption: str, svg: str) -> str:
    """A ``<figure>`` with an escaped caption around safe SVG markup."""
    return f"<figure><figcaption>{esc(caption)}</figcaption>{svg}</figure>"
