"""GEC: edits from plain text today; the home of the gec evaluation to come.

The model-free edit extractor, one concept per module:

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

from jpcore.gec.from_text import ANNOTATORS, RULES_NOTE, annotator_note, m2_from_text

__all__ = ["ANNOTATORS", "RULES_NOTE", "annotator_note", "m2_from_text"]
