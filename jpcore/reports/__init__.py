"""Self-contained HTML reports of every evaluation (``--html OUT``, the app's download).

Contract: :func:`render_html` turns the result of any registered task
(:mod:`jpcore.task`: preprocess, parseval, gec, ud, or one registered later)
into ONE HTML document (a ``str``); the task's ``report`` (its package's
``html.build``) makes the sections, found through the registry:

* the headline scores exactly as the task's CLI prints them, with inline
  SVG charts (:mod:`jpcore.reports.svg`; no script, no image file, no
  network: a Content-Security-Policy forbids external resources);
* the inputs with their licence and attribution when known
  (:mod:`jpcore.reports.provenance`), the normalisation and parameters in
  force, the definition of every metric (:mod:`jpcore.reports.definitions`);
* the per-unit table (with each unit's verdict and note when reviews are given), paged
  into ``<details>`` chunks and, beyond
  ``max_units`` units, limited to the units with an error (a note says so);
* for PARSEVAL, the trees (inline SVG, :mod:`jpcore.parseval.tree_svg`) of
  the pairs a person selected and of the first pairs with an error.

Every value from an input file is escaped (:func:`jpcore.reports.markup.esc`).
Nothing is computed here that the result does not hold.  Streamlit is never
imported: the CLI and the app render through this one function.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from jpcore.atomic import open_atomic
from jpcore.formats.textio import printable
from jpcore.reports.common import Report, Reviews
from jpcore.reports.markup import Section, document
from jpcore.reports.provenance import InputInfo, attribution_near, inputs_from_paths
from jpcore.task import of_result

__all__ = ["DEFAULT_MAX_UNITS", "InputInfo", "attribution_near", "build_report", "inputs_from_paths",
           "render_html", "write_html"]

#: Units listed in full; beyond this only the units with an error (capped at this many).
DEFAULT_MAX_UNITS = 5000

#: The result of a registered task (see :func:`jpcore.task.of_result`).
Result = Any


def build_report(result: Result, inputs: Sequence[InputInfo] | None = None,
                 max_units: int = DEFAULT_MAX_UNITS, selected: Sequence[int] = (),
                 reviews: Reviews | None = None) -> Report:
    """The :class:`Report` (sections before rendering) of the result of any registered task;
    ``selected`` names units a person picked (PARSEVAL: pair ids whose trees come first);
    ``reviews`` (unit index -> verdict, note: the review store's, :mod:`jpcore.review`) add a
    Verdict and a Note column to the per-unit table (a task's ``build`` is given them only when
    there are any).  ``TypeError`` for anything else."""
    task = of_result(result)
    try:
        build = task.load("report")
    except LookupError:
        raise TypeError(f"no HTML report for {type(result).__name__}") from None
    if reviews:
        return build(result, inputs, max_units, selected, reviews=reviews)
    return build(result, inputs, max_units, selected)


def render_html(result: Result, inputs: Sequence[InputInfo] | None = None,
                max_units: int = DEFAULT_MAX_UNITS, selected: Sequence[int] = (), *,
                comparison: Any = None, extra_sections: Sequence[Section] = (), signature: str | None = None,
                reviews: Reviews | None = None) -> str:
    """The self-contained HTML document of ``result`` (see the module doc); with ``comparison``
    (a :class:`jpcore.extras.comparison.ComparisonRun` whose system A is ``result``), its
    section follows the headline (:mod:`jpcore.reports.comparison`); ``extra_sections``
    (safe markup, such as what ``--review`` adds) follow the task's own; the run's
    ``signature`` (:mod:`jpcore.signature`) is shown under the title when given; ``reviews``
    (unit index -> verdict, note) add a Verdict and a Note column to the per-unit table."""
    report = build_report(result, inputs, max_units, selected, reviews)
    if comparison is not None:
        from jpcore.reports.comparison import comparison_section

        report.sections.insert(1, comparison_section(comparison, result))
    report.sections = [*report.sections, *extra_sections]
    # a file name given on the command line may hold bytes that are not UTF-8
    return printable(document(report.title, report.subtitle, report.sections, report.lang, report.style, signature))


def write_html(result: Result, out: str | Path, inputs: Sequence[InputInfo] | None = None,
               max_units: int = DEFAULT_MAX_UNITS, selected: Sequence[int] = (), *,
               comparison: Any = None, extra_sections: Sequence[Section] = (), signature: str | None = None) -> Path:
    """Write :func:`render_html` to ``out`` (UTF-8) whole or not at all; return the path.

    The file is created (beside ``out``, renamed into place when complete:
    :func:`jpcore.atomic.open_atomic`) before the report is rendered, so an
    unwritable ``out`` fails at once; :class:`jpcore.atomic.WriteError`
    (an ``OSError`` naming ``out``) if it cannot be written.
    """
    path = Path(out)
    with open_atomic(path) as file:
        file.write(render_html(result, inputs, max_units, selected, comparison=comparison,
                               extra_sections=extra_sections, signature=signature))
    return path
