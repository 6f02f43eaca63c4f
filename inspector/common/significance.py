"""The significance line: system B against system A, with its method named.

Contract: :func:`significance_line` writes one comparison
(:class:`~jpcore.extras.comparison.ComparisonRun`, as ``jpcore TASK GOLD A
--compare B`` computes it) as one line of Markdown: the measure, both
systems' scores, the method with its resamples and seed, ``B − A``, its 95%
interval and the p-value, every figure on the one scale the command line's
``--compare`` block and the HTML report use (:mod:`jpcore.stats.scale`:
scores in percent, B − A in points with U+2212, p to the resolution of the
resamples), so a reader finds the same figures in the command's output;
:func:`few_units_warning` adds the warning when fewer than 30 common units
carry the comparison.
:func:`show_significance` draws it on a view's first page while a system B
is loaded (:mod:`inspector.common.system_b`), or when the result was opened
from a saved JSON run that holds a comparison (``--compare B --json``: its
method and figures are the file's, said to be saved); file names are escaped.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import streamlit as st

from jpcore.extras.comparison import ComparisonRun
from jpcore.stats import APPROXIMATE_RANDOMIZATION, COMPARE_MT
from jpcore.stats.scale import difference_text, few_units
from inspector.common import system_b
from inspector.common.markup import md_text

if TYPE_CHECKING:
    from inspector.common.loader import LoaderSpec

#: How the line names each method.
METHOD_NAMES = {"paired-bootstrap": "paired bootstrap", APPROXIMATE_RANDOMIZATION: "approximate randomization",
                COMPARE_MT: "compare-mt's bootstrap"}


def method_text(run: ComparisonRun) -> str:
    """``paired bootstrap, 1,000 resamples, seed 12345``."""
    c = run.comparison
    noun = "trials" if c.method == APPROXIMATE_RANDOMIZATION else "resamples"
    return f"{METHOD_NAMES.get(c.method, c.method)}, {c.samples:,} {noun}, seed {c.seed}"


def significance_line(run: ComparisonRun) -> str:
    """The whole line, as Markdown (see the module doc)."""
    c, m = run.comparison, run.measure
    return (f"**{md_text(run.label)}**: A {m.show(c.score_a)}, B {m.show(c.score_b)}. "
            f"{method_text(run)}: {difference_text(m, c)} "
            f"({len(c.units):,} common units; A = {md_text(run.system_a)}, B = {md_text(run.system_b)}).")


def few_units_warning(run: ComparisonRun) -> None:
    """``6 common units: the interval is unreliable`` as a warning, when so few carry ``run``."""
    warning = few_units(len(run.comparison.units))
    if warning is not None:
        st.warning(f"{warning}.", icon=":material/warning:")


#: What the line adds for a comparison read from a saved result.
SAVED_NOTE = "Saved in the result file by `--compare` (its figures as the command wrote them)."


def show_significance(spec: LoaderSpec) -> None:
    """The significance line of the view's system A against its system B, when one is loaded,
    or of the comparison a saved JSON result holds (:func:`inspector.common.system_b.saved`)."""
    run = system_b.comparison(spec)
    note = ""
    if run is None:
        run = system_b.saved(spec)
        note = f" {SAVED_NOTE}"
    if run is not None:
        st.info(significance_line(run) + note + " The **Compare** page lists where B wins, unit by unit.",
                icon=":material/compare_arrows:")
        few_units_warning(run)
