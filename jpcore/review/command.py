"""``--review DB`` and ``--write-corrected-gold OUT`` of every evaluation subcommand.

Contract: :func:`run_review` reads the store's verdicts on the two files
(by their SHA-256, :mod:`jpcore.review.identity`; a verdict recorded on
another system file is never applied), computes ``totals_reviewed``
(:mod:`jpcore.review.rescore`) and, when asked, writes the corrected gold
(:mod:`jpcore.review.corrected`).  :class:`ReviewRun` gives what ``--json``
adds (``"totals_reviewed"`` beside ``"totals"``, and ``"review"``: how many
units were reviewed and counted correct) and the text block printed after
the report (each measure before and after review).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from jpcore.errors import InputError

__all__ = ["ReviewRun", "run_review"]


@dataclass
class ReviewRun:
    """The review part of one command run."""

    result: Any
    reviewed: int
    correct_units: list[int]
    totals_reviewed: dict[str, Any]
    corrected: Any = None
    corrected_path: str | None = None
    measures: tuple = field(default=())

    def json(self) -> dict[str, Any]:
        """``{"totals_reviewed": ..., "review": {"units_reviewed", "counted_correct", "correct_units"
        [, "corrected_units"]}}`` (the units counted correct, the units the corrected gold took)."""
        review = {"units_reviewed": self.reviewed, "counted_correct": len(self.correct_units),
                  "correct_units": self.correct_units}
        if self.corrected is not None:
            review["corrected_units"] = [c.unit for c in self.corrected.corrections]
        return {"totals_reviewed": self.totals_reviewed, "review": review}

    def text(self) -> str:
        """``After review (41 units reviewed, 12 counted correct): Words F1 92.40 (+0.58)`` per measure."""
        import numpy as np

        from jpcore.extras.totals import totals_json

        before = totals_json(self.result)
        lines = [f"\nAfter review ({self.reviewed} unit{'s' if self.reviewed != 1 else ''} reviewed, "
                 f"{len(self.correct_units)} counted correct for the system):"]
        for measure in self.measures:
            metric = measure.metric(self.result)
            old = float(metric.score(np.asarray(measure.totals_counts(before), dtype=np.int64)))
            new = float(metric.score(np.asarray(measure.totals_counts(self.totals_reviewed), dtype=np.int64)))
            lines.append(f"  {measure.label(self.result)}: {measure.show(new)} ({measure.show_signed(new - old)})")
        if self.corrected is not None:
            lines.append(f"Corrected gold: {len(self.corrected.corrections)} unit"
                         f"{'s' if len(self.corrected.corrections) != 1 else ''} taken from the system, "
                         f"written to {self.corrected_path}")
            lines.extend(f"  unit {unit} left as it was: {why}" for unit, why in self.corrected.skipped)
        return "\n".join(lines) + "\n"


def run_review(args: Any, result: Any, gold_path: str, sys_path: str) -> ReviewRun:
    """The review part asked for by ``args.review`` / ``args.write_corrected_gold`` (module doc)."""
    from jpcore.review.identity import file_sha256
    from jpcore.review.rescore import reviewed_totals, system_right_units, unit_verdicts
    from jpcore.review.store import open_existing_store, store_errors

    for path, side in ((gold_path, "GOLD"), (sys_path, "SYSTEM")):
        if not Path(path).is_file():
            raise InputError(path, None, f"{side} as a file (--review identifies a unit by its files' SHA-256)",
                             "no such file")
    gold_data, sys_data = Path(gold_path).read_bytes(), Path(sys_path).read_bytes()
    gold_sha, sys_sha = file_sha256(gold_data), file_sha256(sys_data)
    task = _task_name(result)
    with store_errors(args.review):
        with open_existing_store(args.review) as store:
            reviews = store.verdicts(task, gold_sha, sys_sha)
    verdicts = unit_verdicts(result, reviews, gold_sha, sys_sha)
    right = system_right_units(verdicts)
    run = ReviewRun(result, len(verdicts), sorted(right), reviewed_totals(result, right))
    if args.write_corrected_gold:
        from jpcore.review.corrected import corrected_gold
        from jpcore.review.writing import _write_file

        try:
            run.corrected = corrected_gold(result, gold_data, sys_data, verdicts)
        except ValueError as error:
            raise InputError(sys_path, None, "the gold file's format", str(error)) from None
        _write_file(args.write_corrected_gold, run.corrected.data)
        run.corrected_path = args.write_corrected_gold
    return run


def _task_name(result: Any) -> str:
    task = getattr(result, "task", None)
    if isinstance(task, str):
        return task
    from jpcore.task import of_result

    return of_result(result).name
