"""The parts every task's JSON schema is built of, and the checks its invariants share.

Contract: the shared field schemas (counts, lines, spans, kinds, shapes, the
normalisation, a segmentation, a word group, a difference) in the schema
language of :mod:`jpcore.formats.json_schema`, and the helpers an
evaluation's ``invariants(data)`` uses (:func:`fail`, :func:`partition`,
:func:`segment_sizes`, :func:`words_cover`, :func:`same_totals`), each raising
:class:`~jpcore.formats.json_schema.SchemaError` naming the field.  Each
evaluation's own schema lives in its package (``jpcore/<task>/schema.py``:
``TOTALS``, ``SCHEMA``, ``invariants``; :attr:`jpcore.task.Task.schema`
names it); :mod:`jpcore.results.schemas` adds the keys every task may have.
This module imports no evaluation.

>>> partition([("units[0].gold", [0, 2]), ("units[1].gold", [2, 3])], 3, "gold sentences")
>>> partition([("units[0].gold", [0, 2])], 3, "gold sentences")
Traceback (most recent call last):
  ...
jpcore.formats.json_schema.SchemaError: units[0].gold: expected units covering all 3 gold sentences, found units ending at 2
"""

from __future__ import annotations

from typing import Any

from jpcore.align import KINDS
from jpcore.align.similarity import known_languages
from jpcore.formats.json_schema import MAX_INT, Bool, Int, Map, Nullable, Num, Obj, Row, SchemaError, Seq, Str, describe

#: A file name or a label shown in the app.
NAME = Str(max_len=4096)
#: Counts, indices and character offsets.
COUNT = Int(0, MAX_INT)
#: 1-based line numbers.
LINE = Int(1, MAX_INT)
KIND = Str(choices=KINDS)
SHAPE = Str(max_len=3, pattern=r"[01nm]:[01n]")
RATIO = Str(max_len=40, pattern=r"\d{1,15}:\d{1,15}")
SPAN = Row((COUNT, COUNT))
LEVEL = Str(choices=("tokens", "words"))
#: A proportion (preprocess, gec) or a percentage (parseval).
SHARE = Num(0.0, 1.0)
PERCENT = Num(0.0, 100.0)
#: A token, word, label, tag or correction: any text of the file (never empty where noted).
TEXT = Str()
TOKEN = Str(min_len=1)
NORMALISATION = Obj({"name": Str(choices=tuple(known_languages())), "contractions": Bool(), "casefold": Bool()})
#: A word group: gold tokens, system tokens (start, end each), its kind, gold and system characters.
WORD_GROUP = Row((COUNT, COUNT, COUNT, COUNT, KIND, COUNT, COUNT, COUNT, COUNT))
#: A sentence of a segmentation as the JSON holds it.
SENTENCE = Obj(
    {"tokens": Seq(TOKEN), "line": LINE},
    {"token_lines": Seq(LINE), "text": TEXT, "sent_id": TEXT, "newdoc": Bool(), "newpar": Bool(),
     "upos": Seq(Str(min_len=1, max_len=100)),
     # CoNLL-U at the words level: the multiword tokens, [first word, end, surface form]
     "multiword": Seq(Row((COUNT, COUNT, TEXT)))},
)
#: One side's segmentation (preprocess, ud).
SEGMENTATION = Obj({"name": NAME, "format": Str(choices=("text", "conllu", "tokenizer output")),
                    "level": LEVEL, "sentences": Seq(SENTENCE)})
#: Where the two sides' characters differ.
DIFFERENCE = Obj({"gold_chars": SPAN, "sys_chars": SPAN, "gold_text": TEXT, "sys_text": TEXT,
                  "gold_line": Nullable(LINE), "sys_line": Nullable(LINE)})
#: The keys of a task aligned on character streams (preprocess, ud): units by shape and kind, and where
#: the two sides' characters differ.
STREAM_KEYS = {"shapes": Map(COUNT, key=SHAPE), "kinds": Obj({kind: COUNT for kind in KINDS}),
               "streams_equal": Bool(), "differences": Seq(DIFFERENCE)}


def fail(path: str, expected: str, found: Any) -> SchemaError:
    """The error for field ``path``: ``expected`` and what was ``found`` (described unless text)."""
    return SchemaError(path, expected, found if isinstance(found, str) else describe(found))


def partition(spans: list[tuple[str, list[int]]], total: int, what: str) -> None:
    """``spans`` (path, [start, end]) follow each other from 0 to ``total``."""
    at = 0
    for path, (start, end) in spans:
        if start != at or end < start:
            raise fail(path, f"[{at}, n] with n >= {at} (the units cover the {what} in order)", f"[{start}, {end}]")
        at = end
    if at != total:
        where = spans[-1][0] if spans else "units"
        raise fail(where, f"units covering all {total:,} {what}", f"units ending at {at:,}")


def segment_sizes(side: dict[str, Any], path: str) -> list[int]:
    """Each sentence's token count, checking that per-token lists have one entry per token."""
    sizes = []
    for i, sentence in enumerate(side["sentences"]):
        n = len(sentence["tokens"])
        for key in ("token_lines", "upos"):
            if key in sentence and len(sentence[key]) != n:
                raise fail(f"{path}.sentences[{i}].{key}", f"one entry per token ({n})", sentence[key])
        end = 0
        for m, (first, last, _form) in enumerate(sentence.get("multiword", ())):
            if not end <= first < last <= n:
                raise fail(f"{path}.sentences[{i}].multiword[{m}]",
                           f"a word range in order within the sentence's {n} words", f"[{first}, {last}]")
            end = last
        sizes.append(n)
    return sizes


def words_cover(words: list[list], tokens: tuple[int, int], side: int, path: str) -> None:
    """The word groups' ranges on ``side`` (0 gold, 1 system) cover ``tokens`` in order."""
    at, stop = tokens
    for w, word in enumerate(words):
        start, end = word[2 * side], word[2 * side + 1]
        if start != at or end < start:
            raise fail(f"{path}[{w}]", f"a word group starting at token {at} on the "
                       f"{'gold' if side == 0 else 'system'} side", f"[{start}, {end}]")
        at = end
    if at != stop:
        raise fail(path, f"word groups covering tokens {tokens[0]} to {stop}", f"groups ending at {at}")


def same_totals(totals: dict[str, Any], sums: dict[str, int], path: str) -> None:
    """Each of ``sums`` equals its key in ``totals`` (the totals are the sum over the units)."""
    for key, value in sums.items():
        if totals[key] != value:
            raise fail(f"{path}.{key}", f"the sum over the units, {value:,}", totals[key])

