"""The contract every evaluation keeps, and the registry that lists them.

An evaluation (a *task*) is one package ``jpcore/<name>/`` that offers, under
the names its :class:`Task` entry gives as ``"module:attribute"`` strings:

* ``cli`` — a module with ``configure(parser)`` and ``run(args) -> int``
  (the subcommand ``python -m jpcore <name>``);
* ``evaluate`` — ``evaluate_bytes(gold_data, sys_data, gold_name=…, sys_name=…,
  **options) -> Result``: gold first, bytes in, a result out; bad input raises
  :class:`jpcore.errors.InputError` naming file, line, expected and found;
* ``result`` — the result class: ``units`` (a sequence, one entry per aligned
  unit), ``totals`` (a mapping from a metric's name to its counts or score),
  ``to_dict()`` (the public JSON, whose ``"task"`` is the task's name) and the
  class method ``from_dict(data)`` (its inverse; refuses another task's JSON);
* ``report`` — ``build(result, inputs, max_units, selected) -> Report``, the
  sections of the self-contained HTML report (:mod:`jpcore.reports`);
* ``view`` — the name of the inspector folder that shows the task
  (``inspector/<view>/``, whose ``entry.VIEW`` the app's menu and Analysis
  page read; a dotted name is the full path of such an entry module), or
  ``None`` while it has no page;
* ``measures`` — a tuple of :class:`jpcore.stats.measures.Measure` (its
  scores over per-unit counts: what ``--compare`` tests for significance,
  ``--oracle`` splits by stage and ``--by-shape`` lists), or ``None``.
  Each unit in ``units`` has ``gold``, its gold sentence range, and
  ``shape`` (:class:`jpcore.align.GroupShape`), and the result has
  ``totals_by_shape()``: per shape, the totals over its units alone, in the
  form of ``totals`` (the JSON's ``"totals_by_shape"``);
* ``agreement`` — ``agreement(result) -> Agreement`` (``to_dict()``): two
  annotators' agreement on the units the alignment pairs 1:1 (``--agreement``),
  or ``None``;
* ``schema`` — a module with ``TOTALS`` and ``SCHEMA`` (the schema of its
  ``totals`` and of its JSON's own keys, :mod:`jpcore.formats.json_schema`)
  and ``invariants(data)`` (what its parts must hold between them), or
  ``None``: what :mod:`jpcore.results` checks a saved result against.

Everything is named by string and imported only when used, so ``jpcore --help``
imports no evaluation, and one subcommand imports none of the others.  The CLI,
the HTML report, the JSON reader, the app's menu and its Analysis page
iterate :data:`TASKS` instead of testing result types one by one.

Adding an evaluation is one package, one inspector folder and one line in
:data:`TASKS` (or :func:`register` from outside, as the tests' toy task does):

>>> sorted(TASKS)
['gec', 'parseval', 'preprocess', 'ud']
>>> named("parseval").summary
'PARSEVAL on constituency trees (jp-evalb)'
"""

from __future__ import annotations

from collections import namedtuple
from importlib import import_module
TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (jpcore --help imports none of it)
if TYPE_CHECKING:
    from typing import Any

__all__ = ["TASKS", "Task", "named", "of_result", "register", "result_from_dict"]


_FIELDS = ("name", "summary", "cli", "evaluate", "result", "report", "view", "measures", "schema", "agreement")


class Task(namedtuple("Task", _FIELDS, defaults=(None,) * 6)):
    """One evaluation: its name, its help line and where its parts live (see the module).

    A named tuple from :mod:`collections`, not a dataclass nor ``typing.NamedTuple``:
    ``jpcore --help`` imports only this module and argparse, and importing
    :mod:`dataclasses` (which imports :mod:`inspect`) or :mod:`typing` would be a third
    of its cost."""

    __slots__ = ()

    # the fields' types (the values are the tuple's; the last six default to None)
    name: str
    summary: str
    cli: str
    evaluate: str
    result: str
    report: str | None
    view: str | None
    measures: str | None
    schema: str | None
    agreement: str | None

    def load(self, part: str) -> Any:
        """The object named by field ``part`` (``"cli"``, ``"evaluate"``, ``"result"``,
        ``"report"``, ``"measures"``, ``"schema"``, ``"agreement"``), imported now: a module for ``"module"``, an attribute for
        ``"module:attribute"``."""
        target = getattr(self, part)
        if target is None:
            raise LookupError(f"task {self.name!r} has no {part}")
        module, _, attribute = target.partition(":")
        loaded = import_module(module)
        return getattr(loaded, attribute) if attribute else loaded


#: The evaluations, in the order the CLI lists them: one line each.
TASKS: dict[str, Task] = {
    task.name: task
    for task in (
        Task("preprocess", "tokenization and sentence boundary evaluation", "jpcore.preprocess.cli",
             "jpcore.preprocess:evaluate_bytes", "jpcore.preprocess:PreprocessResult",
             "jpcore.preprocess.html:build", "tokens", "jpcore.stats.measures:PREPROCESS",
             "jpcore.preprocess.schema"),
        Task("parseval", "PARSEVAL on constituency trees (jp-evalb)", "jpcore.parseval.cli",
             "jpcore.parseval:evaluate_bytes", "jpcore.parseval:ParsevalResult",
             "jpcore.parseval.html:build", "brackets", "jpcore.stats.measures:PARSEVAL",
             "jpcore.parseval.schema", "jpcore.parseval.agreement:annotator_agreement"),
        Task("gec", "GEC scoring on M2 files (jp-errant)", "jpcore.gec.cli",
             "jpcore.gec:evaluate_bytes", "jpcore.gec:GecResult",
             "jpcore.gec.html:build", "edits", "jpcore.stats.measures:GEC",
             "jpcore.gec.schema"),
        Task("ud", "dependency parsing and tagging (CoNLL 2018 metrics)", "jpcore.ud.cli",
             "jpcore.ud:evaluate_bytes", "jpcore.ud:UdResult",
             "jpcore.ud.html:build", "deps", "jpcore.stats.measures:UD",
             "jpcore.ud.schema", "jpcore.ud.agreement:annotator_agreement"),
    )
}


def register(task: Task) -> Task:
    """Add ``task`` (or replace the one of the same name); return it."""
    TASKS[task.name] = task
    return task


def named(name: str) -> Task:
    """The registered task called ``name``; :class:`KeyError` naming the known ones otherwise."""
    try:
        return TASKS[name]
    except KeyError:
        raise KeyError(f"no task {name!r}; known: {', '.join(TASKS)}") from None


def of_result(result: object) -> Task:
    """The task whose result class ``result`` is an instance of (imports each
    registered result class until one matches)."""
    for task in TASKS.values():
        if isinstance(result, task.load("result")):
            return task
    raise TypeError(f"{type(result).__name__} is the result of no registered task")


def result_from_dict(data: dict[str, Any]) -> Any:
    """The result that ``data`` (a result's public JSON) describes, read by the
    task its ``"task"`` field names."""
    return named(str(data.get("task"))).load("result").from_dict(data)
