"""Benchmark: ``--rank`` of N systems on the EWT test set (2,077 sentences), 1,000 samples each.

``python -m bench.ranking [--markdown]`` prints the rows; :func:`run` returns
them for ``python -m bench``.

Input: the bundled EWT test set's gold words (``sample_data``) and five
systems made from the bundled files: gold itself, nltk's words, nltk's
surface tokens, gold with every tenth sentence joined to the next (a
segmentation error: merged units), and a tokenizer that never splits (each
sentence one token).  They are evaluated once, outside the clock; each row
times :func:`jpcore.extras.ranking.rank_results` alone -- every system's
score and interval, all ``N (N - 1) / 2`` pairs on their common units with
the paired bootstrap (1,000 resamples, seed 12345), the groups -- in a fresh
forked process, CPU best of :data:`REPEAT`.  Target (issue 23): at most
:data:`LIMIT_SECONDS` for 5 systems; the 2- and 3-system rows show how the
cost grows with the pairs.
"""

from __future__ import annotations

import argparse
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench.measure import _best, _timed
from jpcore.atomic import write_atomic
from jpcore.bundled import sample_data_root

#: CPU seconds allowed for ranking 5 systems at 1,000 samples.
LIMIT_SECONDS = 2.0
SAMPLES = 1_000
REPEAT = 3
FULL = sample_data_root() / "ud" / "UD_English-EWT-full"
GOLD = FULL / "en_ewt-ud-test.gold.words.txt"


def system_files(folder: Path) -> list[Path]:
    """The five systems (see the module doc), written into ``folder`` where they are made here."""
    lines = GOLD.read_text(encoding="utf-8").splitlines()
    merged, k = [], 0
    while k < len(lines):
        if k % 10 == 9 and k + 1 < len(lines):
            merged.append(lines[k] + " " + lines[k + 1])
            k += 2
        else:
            merged.append(lines[k])
            k += 1
    made = {"merged-every-10th.txt": merged, "no-splits.txt": ["".join(line.split()) for line in lines]}
    for name, text in made.items():
        write_atomic(folder / name, "\n".join(text) + "\n")
    return [GOLD, FULL / "en_ewt-ud-test.nltk.tok.txt", FULL / "en_ewt-ud-test.nltk.surface.tok.txt",
            folder / "merged-every-10th.txt", folder / "no-splits.txt"]


@dataclass
class RankRow:
    """``rank_results`` of N systems: CPU seconds (best of runs) against the limit."""

    HEADER = ("ranking (in process, best of runs)", "systems", "pairs", "samples", "CPU", "target", "met")

    systems: int
    cpu_seconds: float

    def met(self) -> bool:
        """5 systems within :data:`LIMIT_SECONDS` (fewer systems: no target)."""
        return self.systems < 5 or self.cpu_seconds <= LIMIT_SECONDS

    def cells(self) -> tuple[str, ...]:
        target = f"<= {LIMIT_SECONDS:g} s" if self.systems == 5 else "-"
        return ("EWT test, jpcore.extras.ranking.rank_results", f"{self.systems}",
                f"{self.systems * (self.systems - 1) // 2}", f"{SAMPLES:,}", f"{self.cpu_seconds:.3f} s", target,
                "yes" if self.met() else "NO")


def run() -> list[RankRow]:
    """One row each for 2, 3 and 5 systems."""
    import jpcore
    from jpcore.extras.ranking import rank_results

    with tempfile.TemporaryDirectory() as folder:
        results: list[Any] = [jpcore.evaluate("preprocess", GOLD, path).result for path in system_files(Path(folder))]
    rows = []
    for n in (2, 3, 5):
        chosen = results[:n]
        user, system, _ = _best([_timed(lambda: rank_results(chosen, samples=SAMPLES)) for _ in range(REPEAT)])
        rows.append(RankRow(n, user + system))
    return rows


def main() -> int:
    from bench.__main__ import tables

    parser = argparse.ArgumentParser(prog="python -m bench.ranking", description=__doc__.splitlines()[0])
    parser.add_argument("--markdown", action="store_true")
    rows = run()
    print(tables(rows, parser.parse_args().markdown), end="")
    return 0 if all(row.met() for row in rows) else 1


if __name__ == "__main__":
    raise SystemExit(main())
