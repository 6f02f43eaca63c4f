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

__all__ = ["ReviewRun", "review_run", "run_review"]


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
    #: The review of each reviewed unit, by unit index.
    verdicts: dict[int, Any] = field(default_factory=dict)

    def json(self) -> dict[str, Any]:
        """``{"totals_reviewed": ..., "review": {"units_reviewed", "counted_correct", "correct_units"
        [, "corrected_units"]}}`` (the units counted correct, the units the corrected gold took)."""
        review = {"units_reviewed": self.reviewed, "counted_correct": len(self.correct_units),
                  "correct_units": self.correct_units}
        if self.corrected is not None:
            review["corrected_units"] = [c.unit for c in self.corrected.corrections]
        return {"totals_reviewed": self.totals_reviewed, "review": review}

    def scores(self) -> list[tuple[str, float, float, float]]:
        """Per measure: its label, the score before and after review in percent, the difference in
        points (:mod:`jpcore.stats.scale`, the one scale: errant's 0-1 F0.5 too)."""
        import numpy as np

        from jpcore.extras.totals import totals_json
        from jpcore.stats.scale import percent

        before = totals_json(self.result)
        rows = []
        for measure in self.measures:
            metric = measure.metric(self.result)
            old = float(metric.score(np.asarray(measure.totals_counts(before), dtype=np.int64)))
            new = float(metric.score(np.asarray(measure.totals_counts(self.totals_reviewed), dtype=np.int64)))
            rows.append((measure.label(self.result), percent(measure, old), percent(measure, new),
                         percent(measure, new - old)))
        return rows

    def score_line(self) -> str:
        """``Words F1 92.40% (+0.58 points), ...``: each measure after review with its change."""
        from jpcore.stats.scale import points, score_text

        return ", ".join(f"{label} {score_text(new)} ({points(diff)} points)" for label, _, new, diff in self.scores())

    def section(self) -> Any:
        """The HTML report's "After review" section: the scores before and after, then every
        reviewed unit with its verdict, note, reviewer and time (all escaped)."""
        from jpcore.reports.markup import Section, num, paragraph, paged_table, table
        from jpcore.stats.scale import points, score_cell

        section = Section("After review", anchor="review")
        section.add(paragraph(f"{self.reviewed} unit{'s' if self.reviewed != 1 else ''} reviewed; "
                              f"{len(self.correct_units)} judged gold error or both acceptable count as correct "
                              "for the system."))
        section.add(table(["Score", "Before review (%)", "After review (%)", "Difference (points)"],
                          [(label, num(score_cell(old)), num(score_cell(new)), num(points(diff)))
                           for label, old, new, diff in self.scores()]))
        rows = [(num(index), review.verdict or "–", review.note or "–", review.reviewer, review.time,
                 review.gold_text, review.sys_text) for index, review in sorted(self.verdicts.items())]
        if rows:
            section.add(paged_table(["Unit", "Verdict", "Note", "Reviewer", "Time", "Gold", "System"], rows,
                                    "reviewed units"))
        return section

    def text(self) -> str:
        """``After review (41 units reviewed, 12 counted correct ...):`` then ``  Words F1: 92.40% (+0.58 points)``
        per measure."""
        from jpcore.stats.scale import points, score_text

        lines = [f"\nAfter review ({self.reviewed} unit{'s' if self.reviewed != 1 else ''} reviewed, "
                 f"{len(self.correct_units)} counted correct for the system):"]
        lines.extend(f"  {label}: {score_text(new)} ({points(diff)} points)" for label, _, new, diff in self.scores())
        if self.corrected is not None:
            lines.append(f"Corrected gold: {len(self.corrected.corrections)} unit"
                         f"{'s' if len(self.corrected.corrections) != 1 else ''} taken from the system, "
                         f"written to {self.corrected_path}")
            lines.extend(f"  unit {unit} left as it was: {why}" for unit, why in self.corrected.skipped)
        return "\n".join(lines) + "\n"


def run_review(args: Any, result: Any, gold_path: str, sys_path: str) -> ReviewRun:
    """The review part asked for by ``args.review`` / ``args.write_corrected_gold`` (module doc)."""
    from jpcore.review.identity import file_sha256, task_name
    from jpcore.review.store import open_existing_store, store_errors

    for path, side in ((gold_path, "GOLD"), (sys_path, "SYSTEM")):
        if not Path(path).is_file():
            raise InputError(path, None, f"{side} as a file (--review identifies a unit by its files' SHA-256)",
                             "no such file")
    gold_data, sys_data = Path(gold_path).read_bytes(), Path(sys_path).read_bytes()
    gold_sha, sys_sha = file_sha256(gold_data), file_sha256(sys_data)
    with store_errors(args.review):
        with open_existing_store(args.review) as store:
            reviews = store.verdicts(task_name(result), gold_sha, sys_sha)
    run = review_run(result, reviews, gold_sha, sys_sha)
    if args.write_corrected_gold:
        from jpcore.review.corrected import corrected_gold
        from jpcore.atomic import write_atomic

        try:
            run.corrected = corrected_gold(result, gold_data, sys_data, run.verdicts)
        except ValueError as error:
            raise InputError(sys_path, None, "the gold file's format", str(error)) from None
        write_atomic(args.write_corrected_gold, run.corrected.data)
        run.corrected_path = args.write_corrected_gold
    return run


def review_run(result: Any, reviews: dict, gold_sha256: str, sys_sha256: str) -> ReviewRun:
    """The review part of ``result`` given a store's ``verdicts()`` on its two files (what the
    app calls with its own store and files' hashes): the units' verdicts, the units counted
    correct, ``totals_reviewed``, the task's measures for the scores before and after
    (``section()`` is the HTML report's part; the corrected gold is not made here)."""
    from jpcore.extras.totals import measures_of
    from jpcore.review.rescore import reviewed_totals, system_right_units, unit_verdicts

    verdicts = unit_verdicts(result, reviews, gold_sha256, sys_sha256)
    right = system_right_units(verdicts)
    run = ReviewRun(result, len(verdicts), sorted(right), reviewed_totals(result, right), verdicts=verdicts)
    run.measures = tuple(m for m in measures_of(result) if m.in_tables)
    return run
