"""``jpcore parseval GOLD SYSTEM`` in one compiled pass, when the files allow it.

Contract: :func:`run` takes the arguments after ``parseval`` and either
prints exactly what the full command prints (EVALB's table and summary on
stdout, the signature line on stderr) and returns 0, or returns ``None``
having printed nothing: the caller then runs the command as ever
(:mod:`jpcore.parseval.cli`).  It answers for the plain report only:
``GOLD SYSTEM`` with at most a cut-off (``-c N``, ``--cutoff N``,
``--cutoff=N``), both files readable, clean and the same words tree by tree
(:mod:`jpcore.parseval._filescore` says exactly when); any other option,
an unreadable or bad file (whose error the full command words) or files
whose words differ take the full command.

Why: on a parser's output over gold tokens the full command spends most of
its time on what the report never reads (a ``Tree`` per tree, a list per
tree's labels and words, a ``str`` per token, the per-pair objects, the
imports behind them); ``_filescore`` reads both files' bytes into flat
arrays and counts every pair in C, so only the printing is Python's, and
this module imports nothing of the alignment.  ``tests/test_parseval_quick.py``
holds its output byte-identical to the full command's.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from typing import Any

try:
    import jpcore.parseval._filescore as _filescore
except ImportError:  # pragma: no cover - a machine without a C compiler
    _filescore = None

__all__ = ["run"]

#: The cut-off options of the plain report (the value in the next argument or after ``=``).
_CUTOFF = ("-c", "--cutoff")
#: Default ``--cutoff`` (:data:`jpcore.parseval.evaluation.DEFAULT_CUTOFF`, not imported: it
#: imports the alignment; a test holds the two equal).
DEFAULT_CUTOFF = 40


def plain_arguments(argv: list[str]) -> tuple[str, str, int] | None:
    """``(gold, system, cutoff)`` when ``argv`` asks for the plain report and nothing else
    (two file names not starting with ``-``, at most one cut-off given as digits), else ``None``."""
    files: list[str] = []
    cutoff: int | None = None
    k = 0
    while k < len(argv):
        arg = argv[k]
        value = None
        if arg in _CUTOFF and k + 1 < len(argv):
            value, k = argv[k + 1], k + 2
        elif arg.startswith("--cutoff="):
            value, k = arg[len("--cutoff="):], k + 1
        elif arg and not arg.startswith("-"):
            files.append(arg)
            k += 1
            continue
        else:
            return None
        if cutoff is not None or not (value.isascii() and value.isdigit()):
            return None
        cutoff = int(value)
    if len(files) != 2:
        return None
    return files[0], files[1], DEFAULT_CUTOFF if cutoff is None else cutoff


def run(argv: list[str]) -> int | None:
    """Print the plain report of ``jpcore parseval`` ``argv`` and return 0, or return ``None``
    (nothing printed) when the full command must run (module doc)."""
    if _filescore is None:
        return None
    plain = plain_arguments(argv)
    if plain is None:
        return None
    gold_path, sys_path, cutoff = plain
    try:
        with open(gold_path, "rb") as stream:
            gold_data = stream.read()
        with open(sys_path, "rb") as stream:
            sys_data = stream.read()
    except (OSError, ValueError):  # the full command words the error
        return None
    rows = _filescore.same_words_rows(gold_data, sys_data)
    if rows is None:
        rows = mixed_rows(gold_data, sys_data)
        if rows is None:
            return None
    import sys

    from jpcore.signature import PREFIX, file_hash, with_hashes

    signature = with_hashes("parseval", _Options(cutoff),
                            {"gold": file_hash(gold_data), "sys": file_hash(sys_data)})
    sys.stdout.write(report_text(rows, cutoff))
    sys.stdout.flush()
    sys.stderr.write(PREFIX + signature + "\n")
    return 0


def report_text(rows: list[tuple[int, ...]], cutoff: int) -> str:
    """EVALB's table of ``rows`` (plain counts, as :func:`mixed_rows` gives them) and its two
    summary blocks, the second over the rows of at most ``cutoff`` gold words."""
    from jpcore.peers.evalb.report import HEADER, render_summary
    from jpcore.peers.evalb.summary import EvalbSummary

    summary = render_summary(EvalbSummary.of_counts(rows),
                             EvalbSummary.of_counts([row for row in rows if row[1] <= cutoff]), cutoff)
    # the rows printed in C: report.render_rows' text (tests/test_parseval_quick.py holds them equal)
    return HEADER + _filescore.render_rows(rows) + summary


def mixed_rows(gold_data: bytes, sys_data: bytes) -> list[tuple[int, ...]] | None:
    """``evaluate_bytes(gold_data, sys_data).row_counts()`` of files whose words differ, or
    ``None`` where the full command must run (a file not clean, a word without characters
    after normalisation: the whole file is then aligned as one, and the rare group the word
    alignment cannot split).

    What :func:`jpcore.parseval.evaluation._per_pair` does, on trees read flat in C: the
    sentences aligned on the two key streams (made in C, :func:`flat_sides`), each group of
    one tree a side with the same words counted in C (:func:`counted_groups`), every other
    group aligned word by word inside itself and scored by the Python reference
    (:func:`scored_groups`), whose trees alone are made as :class:`~jpcore.formats.trees.Tree`
    objects.
    """
    flat = _filescore.read_flat(gold_data, sys_data)
    if flat is None:
        return None
    sides = flat_sides(flat)
    if sides is None:
        return None
    from jpcore.align import align_sides, group_units

    gold, system = sides
    chars = align_sides(gold, system)
    groups = group_units(gold.sentence_ends, system.sentence_ends, chars)
    return scored_groups(flat, gold, system, chars, groups, counted_groups(flat, groups))


def flat_sides(flat: object) -> tuple[Any, Any] | None:
    """Both sides (:class:`~jpcore.align.sides.Side`) of the files read flat, their words'
    keys in one stream each, as ``evaluation._side`` makes them; ``None`` when a word has no
    characters or a stream would not fit 32-bit ends."""
    from array import array

    from jpcore.align.sides import Side, token_starts
    from jpcore.parseval.score import default_normaliser

    words = _filescore.flat_words(flat)
    present = [word for word in words if word is not None]
    present_keys = default_normaliser().keys(present)
    if "" in present_keys:
        return None
    made_keys = iter(present_keys)
    keys = [None if word is None else next(made_keys) for word in words]
    sides = []
    for which in (0, 1):
        made = _filescore.flat_side(flat, which, keys)
        if made is None:
            return None
        stream, raw_ends, raw_sizes = made
        ends = array("i", raw_ends)
        starts = token_starts(array("q", raw_sizes))
        sides.append(Side([], ends, [ends[k - 1] if k else 0 for k in starts[1:]], starts, stream))
    return sides[0], sides[1]


def counted_groups(flat: object, groups: list) -> list[tuple[int, ...] | None]:
    """The row of each sentence group whose two sides hold the same words (as many trees a side
    as it has: a sentence merged or split, its tokens unchanged), counted in C; ``None`` for the
    others.  Such a group's word units are one ``exact`` unit per token, so the Python reference
    scores it as the C code does: each side's trees laid end to end under a root that makes no
    bracket (``tests/test_parseval_quick.py`` holds the two equal)."""
    from array import array

    from jpcore.align import EXACT, MERGED

    candidates = array("q")
    numbers = []
    for index, group in enumerate(groups):
        kind = group.kind
        if kind == EXACT or kind == MERGED:  # the same characters on both sides
            (g0, g1), (s0, s1) = group.gold, group.sys
            candidates.extend((g0, g1, s0, s1))
            numbers.append(index)
    counts = memoryview(_filescore.flat_count_ranges(flat, candidates)).cast("q")
    rows: list[tuple[int, ...] | None] = [None] * len(groups)
    for k, index in enumerate(numbers):
        same, length, n_gold, n_test, matched, cross, correct = counts[7 * k:7 * k + 7]
        if same:
            rows[index] = (index + 1, length, 0, matched, n_gold, n_test, cross, length, correct)
    return rows


def scored_groups(flat: object, gold: Any, system: Any, chars: Any, groups: list,
                  rows: list[tuple[int, ...] | None]) -> list[tuple[int, ...]] | None:
    """``rows`` with each group it leaves (``None``) aligned word by word inside itself and
    scored by the Python reference; ``None`` when a group's words cannot be split."""
    from jpcore.align.nesting import word_groups_within
    from jpcore.parseval.score import LabelCutter, score_group

    gold_trees, sys_trees = _FlatTrees(flat, 0), _FlatTrees(flat, 1)
    cutter = LabelCutter()
    for index, group in enumerate(groups):
        if rows[index] is not None:
            continue
        unit_groups = word_groups_within(gold, system, chars, group)
        if unit_groups is None:
            return None
        score = score_group(group, unit_groups, gold_trees, sys_trees, gold.token_starts, system.token_starts,
                            cutter)[2]
        length = gold.token_starts[group.gold[1]] - gold.token_starts[group.gold[0]]  # TreePair.length
        rows[index] = (index + 1, length, 0, score.matched, len(score.gold), len(score.sys), score.cross, length,
                       score.correct_tags)
    return rows  # type: ignore[return-value]  # every None replaced


class _FlatTrees:
    """One side's trees as :class:`~jpcore.formats.trees.Tree` objects, each made from the flat
    read when first indexed (the general path reads only its groups' trees)."""

    def __init__(self, flat: object, side: int) -> None:
        self._flat = flat
        self._side = side
        self._made: dict = {}

    def __getitem__(self, k: int):
        tree = self._made.get(k)
        if tree is None:
            from array import array

            from jpcore.formats.trees import Tree

            labels, node_words, ints, words, tags, first_line, last_line = _filescore.flat_tree(self._flat,
                                                                                                self._side, k)
            tree = self._made[k] = Tree.of_flat(labels, node_words, array("i", ints), words, tags, first_line,
                                                last_line)
        return tree


class _Options:
    """The options of the plain report as the full command signs them
    (:func:`jpcore.parseval.cli.signed_options` of its parsed arguments: every other option
    is off or names an output)."""

    def __init__(self, cutoff: int) -> None:
        self.mode = "alignment"
        self.cutoff = cutoff
