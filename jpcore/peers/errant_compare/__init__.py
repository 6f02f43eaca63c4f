"""The errant-exact scorer: errant_compare 3.0.2 reimplemented (spec gec.md §1).

:func:`score` compares a hypothesis M2 document with a reference M2 document
that has the same number of blocks and returns an :class:`ErrantResult`: per
sentence the (hyp coder, ref coder) pair errant_compare chooses, every pair it
considered, the chosen pair's per-type counts, and the corpus totals.  Every
edit's status (TP / FP / FN / noop / filtered / other coder, with its matched
partners) is derived on demand by :meth:`ErrantResult.edit_statuses`.

Rendering is separate (:func:`render_report`, :func:`render_verbose`,
:func:`render_output`): they read only the result and produce
errant_compare's text byte for byte.

The rules, in errant's words and order:

* keys per block and coder: coders registered in first-appearance order
  before filtering; a block without edit lines is ``-1 -1 noop -NONE-`` from
  coder 0; filters: ``UNK`` dropped in correction modes, ``-single``,
  ``-multi``, ``-filt``; key by mode (``cs`` start, end, cor; ``cse`` start,
  end, type, cor; ``ds`` start, end; ``dt`` one key per token, an insertion
  keyed on the token to its right, noop kept as (-1, -1)); each key maps to
  the list of types that produced it;
* counting one pair: a hyp key (first type not ``noop``) found in the ref
  gives one TP per *ref* type, otherwise one FP per hyp type; a ref key
  (first type not ``noop``) absent from the hyp gives one FN per ref type;
* choosing per sentence: the pair with the highest F of running totals plus
  this sentence (P, R, F each ``round(x, 4)``), ties broken by higher TP,
  lower FP, lower FN; full ties keep the first pair.

No spaCy, no errant import.

One concept a module, as :mod:`jpcore.peers.evalb`:
:mod:`~jpcore.peers.errant_compare.options` (the flags),
:mod:`~jpcore.peers.errant_compare.keys` (a block's edits as keys per coder),
:mod:`~jpcore.peers.errant_compare.calc` (counting one pair of coders, P/R/F,
``-cat``), :mod:`~jpcore.peers.errant_compare.result` (the result, its JSON,
each edit's status), :mod:`~jpcore.peers.errant_compare.scoring` (the main
loop, the choice per sentence) and :mod:`~jpcore.peers.errant_compare.report`
(the text).  Every public name, the edit statuses too, is importable from this
package, as before it was split.
"""

from jpcore.peers.errant_compare.calc import compare_keys, f_score, group_categories
from jpcore.peers.errant_compare.keys import coder_keys, edit_keys, passes_filters
from jpcore.peers.errant_compare.options import MODES, TITLES, ErrantOptions
from jpcore.peers.errant_compare.report import render_output, render_report, render_verbose
from jpcore.peers.errant_compare.result import (
    FILTERED,
    FN,
    FP,
    NOOP,
    OTHER,
    PARTIAL,
    TP,
    UNSCORED,
    Candidate,
    EditStatus,
    ErrantResult,
    SentenceScore,
)
from jpcore.peers.errant_compare.scoring import BlockCountError, score

__all__ = [
    "FILTERED",
    "FN",
    "FP",
    "MODES",
    "NOOP",
    "OTHER",
    "PARTIAL",
    "TITLES",
    "TP",
    "UNSCORED",
    "BlockCountError",
    "Candidate",
    "EditStatus",
    "ErrantOptions",
    "ErrantResult",
    "SentenceScore",
    "coder_keys",
    "compare_keys",
    "edit_keys",
    "f_score",
    "group_categories",
    "passes_filters",
    "render_output",
    "render_report",
    "render_verbose",
    "score",
]
