"""Tables of a system run: every token with where it came from in the raw text."""

from __future__ import annotations

import pandas as pd

from jpcore.systems import SystemRun
from inspector.common.wording import sentence_mark

TOKEN_COLUMNS = ["Sentence", "Token #", "Token", "Start", "End", "Raw text"]


def tokens_frame(run: SystemRun, limit: int | None = None) -> pd.DataFrame:
    """One row per system token: its sentence (``§1``, as every page numbers sentences), the
    token as the tokenizer wrote it, its ``[start, end)`` range in the raw text and those
    raw characters (no line: the system output is no file); at most ``limit`` rows."""
    rows: list[dict[str, object]] = []
    for number, (sentence, spans) in enumerate(zip(run.segmentation.sentences, run.token_spans)):
        for index, (token, (start, end)) in enumerate(zip(sentence.tokens, spans)):
            if limit is not None and len(rows) >= limit:
                return pd.DataFrame(rows, columns=TOKEN_COLUMNS)
            rows.append({
                "Sentence": sentence_mark(number), "Token #": index, "Token": token, "Start": start, "End": end,
                "Raw text": run.raw_text[start:end],
            })
    return pd.DataFrame(rows, columns=TOKEN_COLUMNS)
