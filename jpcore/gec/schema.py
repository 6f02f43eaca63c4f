"""What ``jpcore gec --json`` writes: its schema and the invariants between its parts.

Contract: :data:`TOTALS` (the ``totals``), :data:`SCHEMA` (every key of the
JSON but those every task may add, which :mod:`jpcore.results.schemas`
adds) and :func:`invariants` (units covering every hypothesis and
reference sentence once, one scored sentence per unit with its annotators
among its candidates, the totals the sum of the sentences); both raise
:class:`~jpcore.formats.json_schema.SchemaError` naming the field.
"""

from __future__ import annotations

from typing import Any

from jpcore.formats.json_schema import MAX_INT, Bool, Int, Map, Nullable, Num, Obj, Row, Seq, Str
from jpcore.gec.from_text import ANNOTATORS
from jpcore.gec.options import NOOP_RULES
from jpcore.peers.errant_compare import MODES
from jpcore.results.fields import (
    COUNT,
    KIND,
    LINE,
    NAME,
    SHARE,
    SPAN,
    TEXT,
    fail,
    partition,
    same_totals,
)

_OFFSET = Int(-1, MAX_INT)  # -1 -1: a noop edit
_CODER = Int(-MAX_INT, MAX_INT)
_TYPE_COUNTS = Map(Row((COUNT, COUNT, COUNT)), key=Str(max_len=10_000))
_EDIT_STATUSES = ("TP", "FP", "FN", "noop", "filtered", "other", "partial", "unscored")
_EDIT = Obj({"side": Str(choices=("hyp", "ref")), "index": COUNT, "line": LINE, "start": _OFFSET,
             "end": _OFFSET, "type": TEXT, "cor": TEXT, "coder": _CODER, "status": Str(choices=_EDIT_STATUSES),
             "partners": Seq(COUNT)})
_GEC_SIDE = Obj({"blocks": Seq(COUNT), "lines": Seq(Int(0, MAX_INT)), "offsets": Seq(COUNT),
                 "origins": Nullable(Seq(Nullable(Row((COUNT, COUNT))))),
                 "dropped": Seq(Row((COUNT, COUNT, _OFFSET, _OFFSET, TEXT, TEXT, _CODER)))})
_GEC_UNIT = Obj({"index": COUNT, "kind": KIND, "gold": SPAN, "sys": SPAN, "similarity": Nullable(SHARE),
                 "hyp": _GEC_SIDE, "ref": _GEC_SIDE, "tp": COUNT, "fp": COUNT, "fn": COUNT,
                 "hyp_coder": _CODER, "ref_coder": _CODER})
_GEC_SENTENCE = Obj({"index": COUNT, "hyp_coder": _CODER, "ref_coder": _CODER, "tp": COUNT, "fp": COUNT,
                     "fn": COUNT, "categories": _TYPE_COUNTS,
                     "candidates": Seq(Row((_CODER, _CODER, COUNT, COUNT, COUNT))),
                     "hyp_line": Int(0, MAX_INT), "ref_line": Int(0, MAX_INT), "hyp_block": TEXT,
                     "ref_block": TEXT, "hyp_edits": Seq(_EDIT), "ref_edits": Seq(_EDIT)})
_DOCUMENT = Obj({"name": NAME, "blocks": COUNT, "leading": TEXT, "trailing": TEXT,
                 "newline": Str(choices=("\n", "\r\n", "\r")), "bom": Bool()})

#: The ``totals`` (shares, errant's F0.5 as ``f``).
TOTALS = Obj({"tp": COUNT, "fp": COUNT, "fn": COUNT, "precision": SHARE, "recall": SHARE, "f": SHARE})
#: What ``--json`` says of a system given as text (``jpcore gec -orig -cor``).
_HYP_FROM_TEXT = Obj({"orig": NAME, "cor": NAME, "annotator": Str(choices=ANNOTATORS), "types": Str(max_len=1000)})

#: Its JSON's own keys (the reader adds those every task may have).
SCHEMA = Obj(
    {
        "task": Str(choices=("gec",)),
        "scorer": Str(max_len=200),
        "totals": TOTALS,
        "noop_rule": Str(choices=NOOP_RULES),
        "alpha": SHARE,
        "alignment": Obj({"aligner": Str(max_len=200), "similarity": Str(max_len=400),
                          "normalisation": Str(max_len=40), "strict": Bool(), "aligned": Bool(),
                          "reason": Str(max_len=1000), "hyp_name": NAME, "ref_name": NAME,
                          "hyp_sentences": COUNT, "ref_sentences": COUNT, "kinds": Map(COUNT, key=KIND)}),
        "notes": Seq(Str(max_len=10_000)),
        "options": Obj({"beta": Num(0.0, 1e6), "mode": Str(choices=MODES), "single": Bool(), "multi": Bool(),
                        "filt": Seq(Str(max_len=1000)), "cat": Nullable(Int(1, 3)), "verbose": Bool()}),
        "hyp": _DOCUMENT,
        "ref": _DOCUMENT,
        "categories": _TYPE_COUNTS,
        "units": Seq(_GEC_UNIT),
        "sentences": Seq(_GEC_SENTENCE),
    },
    {"category_table": Seq(Row((TEXT, COUNT, COUNT, COUNT, SHARE, SHARE, SHARE))),
     "hyp_from_text": _HYP_FROM_TEXT},
)


def _block_coders(block: str) -> set[int]:
    """The annotators of an M2 block's edit lines (0 alone for a block without one)."""
    coders = set()
    for line in block.split("\n")[1:]:
        try:
            coders.add(int(line.rsplit("|||", 1)[-1]))
        except ValueError:
            pass  # the block is parsed (and refused) when the result is rebuilt
    return coders or {0}


def invariants(data: dict[str, Any]) -> None:
    alignment, units, sentences = data["alignment"], data["units"], data["sentences"]
    for side in ("hyp", "ref"):  # the aligned documents: one block per unit
        if data[side]["blocks"] != len(units):
            raise fail(f"{side}.blocks", f"one aligned block per unit ({len(units)})", data[side]["blocks"])
    partition([(f"units[{i}].gold", u["gold"]) for i, u in enumerate(units)], alignment["ref_sentences"],
              "reference blocks")
    partition([(f"units[{i}].sys", u["sys"]) for i, u in enumerate(units)], alignment["hyp_sentences"],
              "hypothesis blocks")
    if len(sentences) != len(units):
        raise fail("sentences", f"one scored sentence per unit ({len(units)})", sentences)
    sums = {"tp": 0, "fp": 0, "fn": 0}
    for i, (unit, sentence) in enumerate(zip(units, sentences)):
        if unit["index"] != i or sentence["index"] != i:
            raise fail(f"units[{i}].index", f"{i} (units are numbered in order)", unit["index"])
        chosen = [sentence["hyp_coder"], sentence["ref_coder"]]
        if chosen not in [candidate[:2] for candidate in sentence["candidates"]]:
            raise fail(f"sentences[{i}].hyp_coder", "the annotators of one of the sentence's candidates",
                       f"hyp {chosen[0]}, ref {chosen[1]}")
        for side in ("hyp", "ref"):
            coders = _block_coders(sentence[f"{side}_block"])
            for c, candidate in enumerate(sentence["candidates"]):
                if candidate[0 if side == "hyp" else 1] not in coders:
                    raise fail(f"sentences[{i}].candidates[{c}]",
                               f"{side} annotators of the sentence's block ({sorted(coders)})", candidate)
        for side, span_key in (("hyp", "sys"), ("ref", "gold")):
            start, end = unit[span_key]
            item = unit[side]
            if len(item["lines"]) != end - start or len(item["offsets"]) != end - start + 1:
                raise fail(f"units[{i}].{side}", f"lines and offsets for its {end - start} blocks", item)
            if item["offsets"] != sorted(item["offsets"]) or (item["offsets"] and item["offsets"][0] != 0):
                raise fail(f"units[{i}].{side}.offsets", "token offsets from 0, in order", item["offsets"])
        for key in sums:
            if unit[key] != sentence[key]:
                raise fail(f"units[{i}].{key}", f"the sentence's {key}, {sentence[key]}", unit[key])
            sums[key] += sentence[key]
    same_totals(data["totals"], sums, "totals")
