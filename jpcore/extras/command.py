"""Running the shared options for one subcommand: what it evaluates more, prints and adds to ``--json``.

Contract: a task's ``run(args)`` evaluates its own system, then calls
:func:`run_extras` with its result and ``evaluate_other(path)`` -- the same
evaluation against the same gold, with the same options, of another system
file.  :func:`run_extras` evaluates ``--compare`` and ``--oracle`` files
through it (bad input there raises :class:`~jpcore.errors.InputError` naming
that file, so nothing is printed and the command exits 2) and returns an
:class:`Extras`: its :meth:`~Extras.json` is merged into the result's JSON
(after the result's own keys), its :meth:`~Extras.text` printed after the report.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from jpcore.errors import InputError
from jpcore.extras.by_shape import ShapeRow, shape_rows
from jpcore.extras.comparison import ComparisonRun, compare_results
from jpcore.extras.oracle import OracleRun, oracle_stages
from jpcore.extras.text import render_by_shape, render_comparison, render_oracle
from jpcore.extras.totals import measures_of
from jpcore.stats.measures import Measure

__all__ = ["Extras", "run_extras"]


@dataclass
class Extras:
    """What the shared options computed for one result (each part ``None`` unless asked for)."""

    result: Any
    noun: str
    comparison: ComparisonRun | None = None
    oracle: OracleRun | None = None
    shapes: list[ShapeRow] | None = None
    measures: tuple[Measure, ...] = field(default=())
    review: Any = None

    def json(self) -> dict[str, Any]:
        """The keys added to the result's JSON: ``"comparison"``, ``"oracle"``."""
        data: dict[str, Any] = {}
        if self.review is not None:
            data.update(self.review.json())
        if self.comparison is not None:
            data["comparison"] = self.comparison.to_dict()
        if self.oracle is not None:
            data["oracle"] = self.oracle.to_dict()
        return data

    def sections(self) -> list[Any]:
        """What the HTML report adds after the task's sections (``--review``: the verdicts)."""
        return [self.review.section()] if self.review is not None else []

    def text(self) -> str:
        """The blocks printed after the report: by shape, comparison, oracle (those asked for)."""
        parts = []
        if self.shapes is not None:
            parts.append(render_by_shape(self.shapes, self.measures, self.result, self.noun))
        if self.comparison is not None:
            parts.append(render_comparison(self.comparison, self.noun))
        if self.oracle is not None:
            parts.append(render_oracle(self.oracle, self.noun))
        if self.review is not None:
            parts.append(self.review.text())
        return "".join(parts)


def run_extras(args: argparse.Namespace, result: Any, evaluate_other: Callable[[str], Any], *,
               system: str, noun: str = "sentences", gold: str | None = None) -> Extras:
    """Evaluate what ``args`` ask for beyond ``result`` (see the module doc); ``system`` and
    ``gold`` name the run's own files (``gold`` is needed by ``--review``), ``noun``
    what the task's units hold."""
    extras = Extras(result, noun)
    review = getattr(args, "review", None)
    if getattr(args, "write_corrected_gold", None) and not review:
        raise InputError(args.write_corrected_gold, None, "--review DB beside --write-corrected-gold",
                         "no --review")
    if not (args.compare or args.oracle or args.by_shape or review):
        return extras
    measures = measures_of(result)
    extras.measures = tuple(m for m in measures if m.in_tables)
    if review:
        from jpcore.review.command import run_review

        extras.review = run_review(args, result, gold or "", system)
    if args.by_shape:
        extras.shapes = shape_rows(result, extras.measures)
    if args.compare:
        other = evaluate_other(args.compare)
        try:
            extras.comparison = compare_results(result, other, measure=args.measure, method=args.method,
                                                samples=args.samples, seed=args.seed, system_a=system,
                                                system_b=args.compare)
        except ValueError as error:  # a parameter the options let through that the method refuses
            raise InputError(args.compare, None, "a system jpcore can compare", str(error)) from None
    if args.oracle:
        extras.oracle = oracle_stages(result, evaluate_other(args.oracle), args.oracle)
    return extras
