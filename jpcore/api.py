"""The Python API for notebooks: evaluate, compare, rank and reopen results in a few calls.

Contract: :func:`evaluate` runs a registered task (:mod:`jpcore.task`) on a
gold and a system file with the command line's options as keywords (their
``dest`` names: ``level="tokens"``, ``cutoff=40``, ``beta=1.0``,
``noop_rule="jp"``, ``strict=True``; the same checks and messages as the
command line) and gives an :class:`Evaluation`: ``totals`` (the JSON's
``"totals"``), :meth:`Evaluation.units` (a ``pandas.DataFrame``, one row
per aligned unit; pandas is imported only there), :meth:`Evaluation.to_json`
(what ``jpcore TASK --json`` prints) and an HTML unit table for Jupyter.
:func:`compare` is ``--compare`` (the same paired bootstrap, seed and
samples), :func:`rank` is ``--rank``, and :func:`load` reopens a JSON that
the command line, the app or :meth:`Evaluation.to_json` wrote, fully
checked.  Bad input raises :class:`jpcore.errors.InputError` (one line naming
file, line, what was expected and found); a bad option ``ValueError``.

``import jpcore`` does not import this module: ``jpcore.evaluate`` and the
other names are found on first use (PEP 562), so ``jpcore --help`` starts
as fast as before.

>>> import jpcore
>>> from jpcore.bundled import sample_data_root
>>> ewt = sample_data_root() / "ud" / "UD_English-EWT-excerpt"
>>> gold, nltk = ewt / "en_ewt-ud-test.excerpt.gold.words.txt", ewt / "en_ewt-ud-test.excerpt.nltk.tok.txt"
>>> r = jpcore.evaluate("preprocess", gold, nltk)
>>> {name: r.totals["tokens"][name] for name in ("tp", "fp", "fn", "f1")}
{'tp': 2498, 'fp': 36, 'fn': 75, 'f1': 0.978265126297239}
>>> units = r.units()
>>> len(units), list(units.columns[:6])
(107, ['unit', 'kind', 'shape', 'gold_sentences', 'sys_sentences', 'gold_text'])
>>> units.loc[units.kind == "merged", ["unit", "shape", "tokens_tp", "tokens_fp", "tokens_fn"]].values.tolist()[:3]
[[2, 'n:1', 34, 0, 0], [10, '1:n', 21, 2, 1], [19, 'n:1', 85, 2, 8]]
>>> jpcore.evaluate("preprocess", gold, nltk, ignore_case=True).totals["tokens"]["tp"]
2498
>>> jpcore.evaluate("preprocess", gold, nltk, level="chars")
Traceback (most recent call last):
...
ValueError: jpcore preprocess: argument --level: invalid choice: 'chars' (choose from ...)
>>> c = jpcore.compare(r, jpcore.evaluate("preprocess", gold, gold))
>>> round(c.comparison.difference, 4), c.comparison.p_value < 0.05
(0.0217, True)
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from os import PathLike
from pathlib import Path
from typing import Any

from jpcore.task import TASKS, named

__all__ = ["Evaluation", "compare", "evaluate", "load", "rank"]

#: Options of the command line that are not options of the evaluation (output, extras, legacy modes).
NOT_EVALUATION = frozenset({
    "json", "html", "compare", "oracle", "by_shape", "samples", "seed", "method", "measure", "rank", "more_systems",
    "table_format", "write_aligned", "write_hyp", "orig", "cor", "annotator", "stream", "verbose", "cat", "evalb",
    "prm", "max_error", "debug", "counts", "help", "gold", "system", "hyp", "ref", "signature_only", "agreement",
})
#: What joins the sentences of a merged unit in a unit's text (the app's joiner).
JOINER = " ~~~ "
#: The most rows :meth:`Evaluation._repr_html_` draws.
HTML_ROWS = 200

Path_ = str | PathLike[str]


class _Parser(argparse.ArgumentParser):
    """The task's own argument parser, raising ``ValueError`` instead of exiting."""

    def error(self, message: str) -> Any:  # noqa: D102 - argparse's hook
        raise ValueError(f"{self.prog}: {message}")


def _parser(task: str) -> _Parser:
    parser = _Parser(prog=f"jpcore {task}", add_help=False)
    named(task).load("cli").configure(parser)
    return parser


def _argv(task: str, parser: argparse.ArgumentParser, gold_path: str, sys_path: str,
          options: dict[str, Any]) -> list[str]:
    argv = ["-ref", gold_path, "-hyp", sys_path] if task == "gec" else [gold_path, sys_path]
    actions = {action.dest: action for action in parser._actions if action.option_strings}
    known = sorted(dest for dest in actions if dest not in NOT_EVALUATION)
    for key, value in options.items():
        action = actions.get(key)
        if action is None or key in NOT_EVALUATION:
            raise ValueError(f"jpcore {task}: no option {key!r}; the evaluation's options are {', '.join(known)}")
        flag = action.option_strings[-1]
        if action.nargs == 0:  # a switch
            if not isinstance(value, bool):
                raise ValueError(f"jpcore {task}: {key} is a switch: expected True or False, found {value!r}")
            argv += [flag] if value else []
        elif isinstance(value, list | tuple):
            argv += [flag, *map(str, value)]
        else:
            argv += [flag, str(value)]
    return argv


class Evaluation:
    """One system evaluated against one gold (see the module doc); ``result`` is the task's own
    result object, ``extras`` what a loaded run held beyond it (``comparison``, ``oracle``,
    ``ranking``, or ``None``)."""

    def __init__(self, task: str, result: Any, extras: Any = None, signature: str | None = None) -> None:
        self.task = task
        self.result = result
        self.extras = extras
        #: What produced the numbers (:mod:`jpcore.signature`): the command line's, or a loaded run's.
        self.signature = signature if signature is not None else getattr(extras, "signature", None)

    @property
    def name(self) -> str:
        """The system file's name, as the result records it (``system`` when it records none)."""
        system = getattr(self.result, "system", None)
        for name in (getattr(self.result, "sys_name", None), getattr(system, "name", None)):
            if isinstance(name, str) and name:
                return name
        return "system"

    @property
    def totals(self) -> dict[str, Any]:
        """The headline counts and scores, as ``--json`` writes ``"totals"``."""
        from jpcore.extras.totals import totals_json

        return totals_json(self.result)

    @property
    def totals_by_shape(self) -> dict[str, Any]:
        """Per unit shape, the totals over that shape's units (the JSON's ``"totals_by_shape"``)."""
        return {shape: {name: value.to_dict() if hasattr(value, "to_dict") else value for name, value in totals.items()}
                for shape, totals in self.result.totals_by_shape().items()}

    def score(self, measure: str | None = None) -> float:
        """The score of ``measure`` (default: the task's headline), as ``--compare`` reads it
        (a share; parseval's in percent, as EVALB)."""
        from jpcore.extras.totals import measures_of
        from jpcore.stats.measures import named_measure

        return named_measure(measures_of(self.result), measure).score(self.result)

    def rows(self) -> list[dict[str, Any]]:
        """One dict per aligned unit: ``unit``, ``kind``, ``shape``, the unit's gold and system
        sentence ranges, both texts (tokens joined by spaces, sentences by ``~~~``) and the
        counts of each of the task's measures (``<measure>_<count>``)."""
        from jpcore.extras.totals import measures_of

        measures = [m for m in measures_of(self.result) if m.in_tables]
        counts = {m.name: m.unit_counts(self.result) for m in measures}
        tokens = _side_tokens(self.task, self.result)
        rows = []
        for index, unit in enumerate(self.result.units):
            gold_range, sys_range = tuple(unit.gold), tuple(getattr(unit, "sys", (0, 0)))
            row: dict[str, Any] = {"unit": index, "kind": unit.kind, "shape": unit.shape,
                                   "gold_sentences": f"{gold_range[0]}-{gold_range[1]}",
                                   "sys_sentences": f"{sys_range[0]}-{sys_range[1]}"}
            if tokens is not None:
                row["gold_text"] = JOINER.join(" ".join(words) for words in tokens(index, unit, "gold"))
                row["sys_text"] = JOINER.join(" ".join(words) for words in tokens(index, unit, "sys"))
            for measure in measures:
                for name, value in zip(measure.counts, counts[measure.name][index]):
                    row[f"{measure.name}_{name}"] = int(value)
            rows.append(row)
        return rows

    def units(self) -> Any:
        """:meth:`rows` as a ``pandas.DataFrame`` (pandas imported now)."""
        import pandas as pd

        return pd.DataFrame(self.rows())

    def to_dict(self) -> dict[str, Any]:
        """What ``jpcore TASK --json`` writes: the result's JSON and what a loaded run held beyond it."""
        data = self.result.to_dict()
        if self.extras is not None:  # in the command line's order
            if getattr(self.extras, "hyp_from_text", None) is not None:
                data["hyp_from_text"] = self.extras.hyp_from_text
            for key in ("comparison", "oracle", "ranking"):
                value = getattr(self.extras, key, None)
                if value is not None:
                    data[key] = value.to_dict()
        if self.signature is not None:
            data["signature"] = self.signature
        return data

    def to_json(self, path: Path_ | None = None) -> str:
        """The JSON text of :meth:`to_dict` (compact, UTF-8, as the command line writes it);
        also written to ``path`` when given (:func:`load` reopens it)."""
        from jpcore.json_text import dumps_bytes

        data = dumps_bytes(self.to_dict())
        if path is not None:
            from jpcore.atomic import write_atomic

            write_atomic(path, data)
        return data.decode("utf-8")

    def _repr_html_(self) -> str:
        """The unit table for Jupyter (every value escaped; at most :data:`HTML_ROWS` rows)."""
        from jpcore.reports.markup import esc

        rows = self.rows()
        if not rows:
            return f"<p>{esc(self.task)}: no aligned units</p>"
        head = "".join(f"<th>{esc(key)}</th>" for key in rows[0])
        body = "".join("<tr>" + "".join(f"<td>{esc(value)}</td>" for value in row.values()) + "</tr>"
                       for row in rows[:HTML_ROWS])
        more = f"<p>{HTML_ROWS:,} of {len(rows):,} units shown</p>" if len(rows) > HTML_ROWS else ""
        return (f"<p>jpcore {esc(self.task)}: {esc(self.name)}</p>"
                f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>{more}")

    def __repr__(self) -> str:
        return f"<Evaluation {self.task} of {self.name!r}: {len(self.result.units):,} units>"


def _side_tokens(task: str, result: Any) -> Any:
    """``tokens(index, unit, side)``: the unit's sentences on ``side`` as lists of tokens
    (``None`` for a task whose sentences this module does not know)."""
    if task == "preprocess":
        sides = {"gold": result.gold.sentences, "sys": result.system.sentences}
        return lambda index, unit, side: [s.tokens for s in sides[side][slice(*(unit.gold if side == "gold"
                                                                                 else unit.sys))]]
    if task == "ud":
        sides = {"gold": result.gold.segmentation.sentences, "sys": result.system.segmentation.sentences}
        return lambda index, unit, side: [s.tokens for s in sides[side][slice(*(unit.gold if side == "gold"
                                                                                 else unit.sys))]]
    if task == "parseval":
        sides = {"gold": result.gold_trees, "sys": result.sys_trees}
        return lambda index, unit, side: [t.words for t in sides[side][slice(*(unit.gold if side == "gold"
                                                                                else unit.sys))]]
    if task == "gec":
        return lambda index, unit, side: result.sentences(unit.index, side)
    return None


def evaluate(task: str, gold_path: Path_, sys_path: Path_, **options: Any) -> Evaluation:
    """Evaluate ``sys_path`` against ``gold_path`` with ``task`` (``"preprocess"``, ``"parseval"``,
    ``"gec"``, ``"ud"``, or any registered task) and the command line's options as keywords
    (see the module doc).  gec: ``gold_path`` is errant's ``-ref``, ``sys_path`` its ``-hyp``."""
    if task not in TASKS:
        raise ValueError(f"no task {task!r}; known: {', '.join(TASKS)}")
    parser = _parser(task)
    args = parser.parse_args(_argv(task, parser, str(gold_path), str(sys_path), options))
    module = named(task).load("cli")
    if not hasattr(module, "evaluator"):
        raise ValueError(f"jpcore {task}: its command line offers no evaluator to call")
    from jpcore.signature import for_run

    signed = module.signed_options(args) if hasattr(module, "signed_options") else args
    signature = for_run(task, signed, {"gold": str(gold_path), "sys": str(sys_path)})
    return Evaluation(task, module.evaluator(args)(str(sys_path)), signature=signature)


def compare(evaluation_a: Evaluation, evaluation_b: Evaluation, *, measure: str | None = None,
            method: str = "paired-bootstrap", samples: int = 1000, seed: int = 12345) -> Any:
    """``--compare``: B against A on their common units, with the command line's defaults
    (paired bootstrap, 1,000 resamples, seed 12345); a
    :class:`jpcore.extras.comparison.ComparisonRun` (``.comparison.difference``,
    ``.comparison.interval``, ``.comparison.p_value``, ``.to_dict()``)."""
    from jpcore.extras.comparison import compare_results

    return compare_results(evaluation_a.result, evaluation_b.result, measure=measure, method=method,
                           samples=samples, seed=seed, system_a=evaluation_a.name, system_b=evaluation_b.name)


def rank(evaluations: Sequence[Evaluation], *, measure: str | None = None, method: str = "paired-bootstrap",
         samples: int = 1000, seed: int = 12345) -> Any:
    """``--rank``: every system's score, every pair compared as :func:`compare` does, the
    significance groups; a :class:`jpcore.extras.ranking.RankingRun` (``.groups`` of input
    indices, ``.systems``, ``.to_dict()``, :func:`jpcore.extras.tables.ranking_table`).

    >>> import jpcore
    >>> from jpcore.bundled import sample_data_root
    >>> ewt = sample_data_root() / "ud" / "UD_English-EWT-excerpt"
    >>> gold = ewt / "en_ewt-ud-test.excerpt.gold.words.txt"
    >>> systems = [jpcore.evaluate("preprocess", gold, ewt / name) for name in
    ...            ("en_ewt-ud-test.excerpt.nltk.tok.txt", "en_ewt-ud-test.excerpt.gold.words.txt")]
    >>> ranking = jpcore.rank(systems)
    >>> ranking.groups, [round(s.score, 4) for s in ranking.systems]
    ([[1], [0]], [0.9783, 1.0])
    """
    from jpcore.extras.ranking import rank_results

    return rank_results([e.result for e in evaluations], [e.name for e in evaluations], measure=measure,
                        method=method, samples=samples, seed=seed)


def load(path: Path_) -> Evaluation:
    """The run a JSON file holds (``jpcore TASK --json``, the app's download or
    :meth:`Evaluation.to_json`), checked as the app checks it (:mod:`jpcore.results.reader`);
    its ``extras`` hold the saved comparison, oracle or ranking.

    >>> import jpcore, tempfile, os
    >>> from jpcore.bundled import sample_data_root
    >>> trees = sample_data_root() / "parseval" / "jp-trees"
    >>> r = jpcore.evaluate("parseval", trees / "harbour.gold.mrg", trees / "harbour.sys.mrg")
    >>> path = os.path.join(tempfile.mkdtemp(), "harbour.json")
    >>> _ = r.to_json(path)
    >>> again = jpcore.load(path)
    >>> again.totals == r.totals, again.totals["f1"]
    (True, 86.27450980392156)
    """
    from jpcore.errors import InputError
    from jpcore.results.reader import read_run_json

    name = str(path)
    data = Path(path).read_bytes()
    try:
        task = json.loads(data).get("task")
    except (ValueError, AttributeError):
        task = None
    if not isinstance(task, str) or task not in TASKS:
        raise InputError(name, None, "a JSON result written by jpcore (its \"task\" one of "
                         f"{', '.join(TASKS)})", f"task {task!r}")
    saved = read_run_json(data, name, None, task)
    return Evaluation(task, saved.result, saved.extras)
