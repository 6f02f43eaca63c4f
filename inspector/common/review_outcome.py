"""What the verdicts make on a view's pages: the scores after review, the corrected gold, the report's part.

Contract (every unit view calls these with its :class:`~inspector.common.review.Reviewed`
and the store's reviews read in the run; nothing is computed here that jpcore does not):

* :func:`after_review` writes the scores after review beside a view's headline
  ("After review: F1 92.40 (+0.58), 41 units reviewed"), from
  :func:`jpcore.review.command.review_run` (the command line's ``--review``), in
  percent as every page shows scores;
* :func:`corrected_gold_download` shows what the verdicts ``gold error`` change in
  the gold file (unit, gold lines, before, after), then offers that file
  (:func:`jpcore.review.corrected.corrected_gold`);
* :func:`report_reviews` and :func:`report_sections` are what the HTML report
  button adds: each unit's verdict and note in the per-unit table, and the
  command line's "After review" section.

File names and notes are escaped (:mod:`inspector.common.markup`); the reports
escape what they hold.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import pandas as pd
import streamlit as st

from jpcore.review.command import ReviewRun, review_run
from jpcore.review.corrected import CorrectedGold, corrected_gold
from jpcore.review.store import Review
from jpcore.review.verdicts import GOLD_ERROR
from inspector.common.markup import md_text
from inspector.common.review import Reviewed, judged, session_kept
from inspector.common.state import LoadedInput
from inspector.common.wording import plural


def report_sections(reviewed: Reviewed | None, result: Any,
                    reviews: Mapping[int, Review]) -> Callable[[], list[Any]]:
    """What the HTML report adds after review, made when it is downloaded: the command line's
    "After review" section (:meth:`jpcore.review.command.ReviewRun.section`), or nothing."""
    with_verdict = judged(reviews)

    def sections() -> list[Any]:
        if reviewed is None or not with_verdict:
            return []
        return [review_run(result, {review.key: review for review in with_verdict.values()},
                           reviewed.gold_sha256, reviewed.sys_sha256).section()]
    return sections


def report_reviews(reviews: Mapping[int, Review]) -> dict[int, tuple[str | None, str]]:
    """``reviews`` as the HTML report takes them: unit index -> (verdict, note)."""
    return {index: (review.verdict, review.note) for index, review in reviews.items()}


def after_review(reviewed: Reviewed | None, result: Any, reviews: Mapping[int, Review]) -> None:
    """Beside a view's headline: each of the task's scores after review with its change (as
    ``--review`` prints them), and how many units are reviewed; nothing while no unit has a
    verdict."""
    with_verdict = judged(reviews)
    if reviewed is None or not with_verdict:
        return
    verdicts = tuple(sorted((index, review.verdict) for index, review in with_verdict.items()))
    run: ReviewRun = session_kept(reviewed, "run", (id(result), verdicts), lambda: review_run(
        result, {review.key: review for review in with_verdict.values()}, reviewed.gold_sha256, reviewed.sys_sha256))
    # labels and figures are jpcore's own (measure names, numbers): no text from a file
    st.markdown(f"**After review:** {run.score_line()}, {plural(run.reviewed, 'unit', grouped=True)} reviewed",
                help=f"{plural(len(run.correct_units), 'unit', grouped=True)} judged gold error or both "
                     "acceptable count as correct for the system (the gold file is what was wrong there); "
                     "the others keep their counts. The same figures as the command line's --review.")


def corrected_gold_download(reviewed: Reviewed | None, loaded: LoadedInput, reviews: Mapping[int, Review],
                            key: str) -> None:
    """"Gold with the reviewed corrections": the changes the units judged gold error make to
    the gold file (unit, gold lines, before, after), then the file to download."""
    st.subheader("Gold with the reviewed corrections")
    if reviewed is None or loaded.gold_file is None or loaded.sys_file is None:
        st.caption("A corrected gold is made from the gold and system files themselves (not from a saved "
                   "JSON result).")
        return
    wrong = {index: review for index, review in reviews.items() if review.verdict == GOLD_ERROR}
    if not wrong:
        st.caption("No unit is judged gold error yet: each one you judge so takes the system's lines for "
                   "its sentences in a corrected copy of the gold file, in the gold file's own format.")
        return
    try:
        made: CorrectedGold = session_kept(reviewed, "corrected", (loaded.fingerprint, frozenset(wrong)),
                                    lambda: corrected_gold(loaded.result, loaded.gold_file.data,
                                                           loaded.sys_file.data, wrong))
    except ValueError as error:
        st.warning(f"No corrected gold: {md_text(error)}", icon=":material/warning:")
        return
    rows = [{"Unit": c.unit, "Before": c.before, "After": c.after,
             "Gold lines": f"{c.gold_lines[0]}–{c.gold_lines[1]}" if c.gold_lines[1] >= c.gold_lines[0]
             else f"before {c.gold_lines[0]}"} for c in made.corrections]
    st.dataframe(pd.DataFrame(rows, columns=["Unit", "Gold lines", "Before", "After"]), hide_index=True,
                 key=f"{key}_diff", height=min(300, 38 + 35 * max(len(rows), 1)))
    for index, why in made.skipped:
        st.caption(f"Unit #{index} is left as it was: {md_text(why)}")
    name = loaded.gold_file.name
    st.download_button(
        "Gold with the reviewed corrections", made.data, file_name=f"corrected-{name}",
        mime="text/plain", key=key, on_click="ignore", icon=":material/download:",
        help=f"{md_text(name)} with the {plural(len(made.corrections), 'unit')} above taken from the system "
             "file; every other line byte-identical.")
