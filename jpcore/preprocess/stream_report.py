"""Printing a streamed evaluation exactly as the whole-file path prints it.

Contract: :func:`write_streamed` reads two segmented files incrementally
(:func:`jpcore.formats.open_segmentation`), evaluates them chunk by chunk
(:func:`jpcore.preprocess.stream.stream_evaluate`) and writes to
``out`` the text report (:func:`jpcore.preprocess.report.render_summary`)
or the JSON object of ``PreprocessResult.to_dict()``: byte for byte what
``jpcore preprocess`` prints without streaming.  The JSON's long lists
(differences, units, both sides' sentences) are spooled to temporary files
as the chunks come and copied out at the end, after the totals that precede
them, so memory stays bounded by the window.
"""

from __future__ import annotations

import shutil
import tempfile
from contextlib import ExitStack
from pathlib import Path
from typing import IO, Any, TextIO

from jpcore.align import KINDS
from jpcore.formats import open_segmentation
from jpcore.json_text import dumps
from jpcore.align.similarity import Normaliser
from jpcore.preprocess import TASK, Counts
from jpcore.preprocess.report import ReportSummary, render_summary
from jpcore.preprocess.stream import WINDOW, Chunk, SideInfo, stream_evaluate

__all__ = ["write_streamed"]


class _Spool:
    """A JSON list written item by item to a temporary file."""

    def __init__(self, stack: ExitStack) -> None:
        self.file: IO[str] = stack.enter_context(
            tempfile.TemporaryFile("w+", encoding="utf-8", prefix="jpcore-stream-"))
        self.empty = True

    def add(self, item: dict[str, Any]) -> None:
        if not self.empty:
            self.file.write(",")
        self.file.write(dumps(item))
        self.empty = False

    def copy_to(self, out: TextIO) -> None:
        out.write("[")
        self.file.seek(0)
        shutil.copyfileobj(self.file, out)
        out.write("]")


def _open_dict(data: dict[str, Any]) -> str:
    """``data`` as JSON without its closing brace (more keys follow)."""
    text = dumps(data)
    return text[:-1] + ("," if data else "")


def write_streamed(
    gold_path: str,
    sys_path: str,
    fmt: str = "auto",
    level: str = "words",
    normaliser: Normaliser | None = None,
    *,
    strict: bool = False,
    as_json: bool = False,
    out: TextIO,
    window: int = WINDOW,
    by_shape: bool = False,
    signature: str | None = None,
) -> None:
    """Evaluate two files incrementally and write the report or the JSON to ``out``
    (``by_shape``: the text report followed by ``--by-shape``'s table; ``signature``:
    the text's last line, the JSON's ``"signature"``: :mod:`jpcore.signature`)."""
    normaliser = normaliser or Normaliser.for_language("en")
    with ExitStack() as stack:
        gold_format, gold_sentences = stack.enter_context(open_segmentation(gold_path, gold_path, fmt, level))
        sys_format, sys_sentences = stack.enter_context(open_segmentation(sys_path, sys_path, fmt, level))
        summary = ReportSummary(
            gold_path, gold_format, 0, sys_path, sys_format, 0, level, normaliser.describe(),
            {"sentences": Counts(), "tokens": Counts()}, {}, dict.fromkeys(KINDS, 0), 0,
        )
        spools = [_Spool(stack) for _ in range(4)] if as_json else None
        chunks = stream_evaluate(
            gold_sentences, sys_sentences, SideInfo(gold_path, gold_format, level),
            SideInfo(sys_path, sys_format, level), normaliser, strict=strict, window=window,
        )
        for chunk in chunks:
            _add(summary, chunk)
            if spools is not None:
                differences, units, gold, system = spools
                for difference in chunk.differences:
                    differences.add(difference.to_dict())
                for unit in chunk.units:
                    units.add(unit.to_dict())
                for sentence in chunk.gold:
                    gold.add(sentence.to_dict())
                for sentence in chunk.system:
                    system.add(sentence.to_dict())
        if spools is None:
            out.write(render_summary(summary))
            if by_shape:
                out.write(_by_shape_text(summary))
            if signature is not None:
                import sys

                from jpcore.signature import text_line

                out.flush()
                sys.stderr.write(text_line(signature))
            return
        _write_json(out, summary, normaliser, spools, (gold_path, gold_format), (sys_path, sys_format), signature)


def _add(summary: ReportSummary, chunk: Chunk) -> None:
    summary.gold_sentences += len(chunk.gold)
    summary.sys_sentences += len(chunk.system)
    sentences, tokens = summary.totals["sentences"], summary.totals["tokens"]
    for unit in chunk.units:
        sentences.add(unit.sentences)
        tokens.add(unit.tokens)
        summary.shapes[unit.shape] = summary.shapes.get(unit.shape, 0) + 1
        summary.kinds[unit.kind] += 1
        summary.add_to_shape(unit)
    summary.n_units += len(chunk.units)
    summary.add_differences(chunk.differences)


def _write_json(
    out: TextIO, summary: ReportSummary, normaliser: Normaliser, spools: list[_Spool],
    gold: tuple[str, str], system: tuple[str, str], signature: str | None = None,
) -> None:
    """The keys of ``PreprocessResult.to_dict()`` in its order (then ``"signature"``)."""
    differences, units, gold_spool, sys_spool = spools
    out.write(_open_dict({
        "task": TASK,
        "level": summary.level,
        "normalisation": normaliser.to_dict(),
        "normalisation_description": normaliser.describe(),
        "totals": {name: counts.to_dict() for name, counts in summary.totals.items()},
        "totals_by_shape": {shape: {name: counts.to_dict() for name, counts in totals.items()}
                            for shape, totals in summary.ordered_totals_by_shape().items()},
        "shapes": summary.shapes,
        "kinds": summary.kinds,
        "streams_equal": not summary.n_differences,
    }))
    out.write('"differences":')
    differences.copy_to(out)
    out.write(',"units":')
    units.copy_to(out)
    for key, (name, fmt), spool in (("gold", gold, gold_spool), ("system", system, sys_spool)):
        out.write(f',"{key}":')
        out.write(_open_dict({"name": name, "format": fmt, "level": summary.level}))
        out.write('"sentences":')
        spool.copy_to(out)
        out.write("}")
    if signature is not None:
        import json

        out.write(f',"signature":{json.dumps(signature, ensure_ascii=False)}')
    out.write("}\n")


def _by_shape_text(summary: ReportSummary) -> str:
    """``--by-shape``'s table from the summed counts (what the whole-file path prints from its units)."""
    from types import SimpleNamespace

    from jpcore.extras.by_shape import ShapeRow
    from jpcore.extras.text import render_by_shape
    from jpcore.stats.measures import PREPROCESS

    rows = []
    for shape, totals in summary.ordered_totals_by_shape().items():
        sentences = totals["sentences"]
        sums = {name: counts.as_tuple() for name, counts in totals.items()}
        rows.append(ShapeRow(shape, summary.shapes[shape], sentences.gold, sentences.system, sums))
    # the measures read only the level from a result (their label): the summary has it
    return render_by_shape(rows, PREPROCESS, SimpleNamespace(level=summary.level), "sentences")


def stream_threshold_reached(paths: list[str], threshold: int) -> bool:
    """True when one of the files is at least ``threshold`` bytes."""
    return any(Path(path).stat().st_size >= threshold for path in paths)
