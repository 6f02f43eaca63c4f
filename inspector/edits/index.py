"""Every unit's edits of a jp-errant result, listed once per load, for the Edits page.

Contract: :func:`build_index` reads :meth:`jpcore.gec.GecResult.edits`
for every unit once (the loader calls it while its progress is shown), so
the page's filters, counts and paged tables never walk the result again on
a rerun: a 44,000-sentence pair has some 150,000 edits.  Nothing here
scores: the edits and their statuses are the result's.
"""

from __future__ import annotations

from dataclasses import dataclass

from jpcore.gec.result import GecEdit
from jpcore.gec import GecResult
from inspector.edits.tables import FilterOptions, filter_options_of


@dataclass(frozen=True)
class EditIndex:
    """``edits[i]`` is unit ``i``'s ``(gold edits, system edits)``; ``options`` the
    values each filter can take; ``n_edits`` how many edits there are in all."""

    edits: list[tuple[list[GecEdit], list[GecEdit]]]
    options: FilterOptions
    n_edits: int


def build_index(result: GecResult) -> EditIndex:
    """The index of ``result`` (one pass over its units)."""
    edits = [result.edits(unit.index) for unit in result.units]
    flat = (edit for ref, hyp in edits for edit in (*hyp, *ref))
    options = filter_options_of(flat)
    return EditIndex(edits, options, sum(len(hyp) + len(ref) for ref, hyp in edits))
