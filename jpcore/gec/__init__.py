"""GEC: jp-errant, the evaluation of M2 files whose sentences are cut differently, and
the model-free extractor that turns a system's plain text into M2.

The evaluation, one concept per module (gold and system sides: ``gold``/``sys``;
the M2 words ``hyp``/``ref`` only at the file, JSON and command-line surface):

* :mod:`jpcore.gec.options` -- :class:`GecOptions` (noop rule, alpha, normalisation, strict);
* :mod:`jpcore.gec.keys` -- the comparison keys of ``S`` lines;
* :mod:`jpcore.gec.sentences` -- sentence alignment and the similarity that decides;
* :mod:`jpcore.gec.concat` -- one side of a unit as one M2 block, the noop rule, the M2 writer;
* :mod:`jpcore.gec.unit`, :mod:`jpcore.gec.result` -- the units, edits and
  :class:`GecResult` with its public JSON;
* :mod:`jpcore.gec.error_types` -- the error-type taxonomy and per-type tables;
* :mod:`jpcore.gec.evaluate` -- :func:`evaluate` / :func:`evaluate_bytes`, the pipeline;
* :mod:`jpcore.gec.html` -- the HTML report; :mod:`jpcore.gec.cli` -- ``jpcore gec``.

The errant-exact scorer it builds on is a peer port: :mod:`jpcore.peers.errant_compare`.

The extractor (text -> M2), one concept per module:

* :mod:`jpcore.gec.charsim` -- character similarity of two tokens;
* :mod:`jpcore.gec.tokens` -- what is known about a token without a tagger;
* :mod:`jpcore.gec.token_align` -- Damerau-Levenshtein token alignment with a
  character-similarity substitution cost;
* :mod:`jpcore.gec.merge` -- merging alignment operations into edits by rules;
* :mod:`jpcore.gec.classify` -- coarse types ``M``/``R``/``U`` x
  ``PUNCT``/``ORTH``/``SPELL``/``WO``/``OTHER``;
* :mod:`jpcore.gec.edit` and :mod:`jpcore.gec.extract` -- the edits, and the
  extractor composing the three steps;
* :mod:`jpcore.gec.parallel` -- reading line-parallel original/corrected files;
* :mod:`jpcore.gec.errant_annotator` -- the optional ERRANT annotator;
* :mod:`jpcore.gec.from_text` -- :func:`m2_from_text`, the entry point;
* :mod:`jpcore.gec.agreement` -- measuring extracted against gold edits.
"""

from typing import TYPE_CHECKING, Any

# ``evaluate`` is both a submodule and a function: bound here, eagerly, so that
# ``jpcore.gec.evaluate`` is always the function.  The evaluation imports the
# alignment only when files need aligning (see jpcore.gec.evaluate).
from jpcore.gec.evaluate import alignment_reason, evaluate, evaluate_bytes
from jpcore.gec.options import DEFAULT_ALPHA, NOOP_RULES, GecOptions
from jpcore.gec.result import GecEdit, GecResult

if TYPE_CHECKING:
    from jpcore.gec.from_text import ANNOTATORS, RULES_NOTE, annotator_note, m2_from_text
    from jpcore.gec.unit import GecUnit

__all__ = ["ANNOTATORS", "DEFAULT_ALPHA", "NOOP_RULES", "RULES_NOTE", "GecEdit", "GecOptions", "GecResult",
           "GecUnit", "alignment_reason", "annotator_note", "evaluate", "evaluate_bytes", "m2_from_text"]


def __getattr__(name: str) -> Any:
    """The extractor (text -> M2) and :class:`GecUnit` (jpcore.align), imported on
    first use: ``jpcore gec`` on files whose sentences agree loads neither."""
    if name in ("ANNOTATORS", "RULES_NOTE", "annotator_note", "m2_from_text"):
        from jpcore.gec import from_text

        return getattr(from_text, name)
    if name == "GecUnit":
        from jpcore.gec.unit import GecUnit

        return GecUnit
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
