"""The rule-based edit extractor: alignment, merging, classification (no model).

:func:`extract_edits` composes :func:`jpcore.gec.token_align.align_tokens`,
:func:`jpcore.gec.merge.merge_ops` and :func:`jpcore.gec.classify.classify`.
Applying the edits to the original always gives the corrected sentence back
exactly (tests/test_gec_extract_properties.py).

>>> for edit in extract_edits("my friend live in London".split(), "My friend lives in London .".split()):
...     print(edit.o_start, edit.o_end, edit.type, " ".join(edit.cor))
0 1 R:ORTH My
2 3 R:OTHER lives
5 5 M:PUNCT .
"""

from __future__ import annotations

from collections.abc import Sequence

from jpcore.gec.classify import classify
from jpcore.gec.edit import Edit
from jpcore.gec.merge import merge_ops
from jpcore.gec.token_align import align_tokens

__all__ = ["extract_edits"]


def extract_edits(orig: Sequence[str], cor: Sequence[str]) -> list[Edit]:
    """The edits that turn tokens ``orig`` into tokens ``cor``, in order."""
    spans = merge_ops(align_tokens(orig, cor), orig, cor)
    return [
        Edit(o_start, o_end, c_start, c_end, classify(orig[o_start:o_end], cor[c_start:c_end]),
             tuple(cor[c_start:c_end]))
        for o_start, o_end, c_start, c_end in spans
    ]
