"""The layers of the code, as a test: every import of jpcore/ and inspector/ read with ast.

The rules are data (:data:`RULES`): who imports (a package), what it may not
import (packages), why.  A failure names the importing file, its line and the
rule.  Every import counts, also one inside a function or under
``TYPE_CHECKING``: a lazy import is still a dependency.

From the bottom up (DESIGN.md, "Layers"): ``jpcore.formats`` and
``jpcore.align``; the exact ports of peer tools (``jpcore.peers``); one
package per evaluation (:data:`EVALUATIONS`), which never import each other;
``jpcore.reports``, ``jpcore.analysis``, ``jpcore.stats``, ``jpcore.extras``; ``jpcore.cli``,
which only ``python -m jpcore`` imports; the app (``inspector``), which
jpcore never imports.  No Streamlit anywhere in jpcore.

Two rules of shape hold for every module of jpcore/ and inspector/ alike:

* no import circle (:func:`circles`): the modules and the imports between
  them form no loop, whatever its length.  Every import counts here too --
  at module level, inside a function, under ``TYPE_CHECKING``: moving one
  end of a circle into a function hides it from Python's import order, not
  from the reader; the concept the two files share belongs on the floor
  below both.  ``from package import name`` is an import of ``package.name``
  when that is a module (a ``.py`` file, a package or a C accelerator: a
  ``.c`` source that setup.py builds as the module of its name), of
  ``package`` otherwise.  The package above a module, which Python runs
  first, is not counted (every ``from jpcore.gec.unit import ...`` would
  otherwise close a circle with a package face that imports its modules
  lazily); nor is a name imported through ``importlib`` (the registry's
  ``"module:attribute"`` strings);
* no module over :data:`MAX_LINES` lines (C sources excepted): one concept a
  module.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.conftest import ROOT

#: The evaluation packages (one per task of jpcore.task.TASKS).
EVALUATIONS = ("jpcore.preprocess", "jpcore.parseval", "jpcore.gec", "jpcore.ud")
#: What the bottom layers may not reach: an evaluation, a report, the command line.
ABOVE_THE_BOTTOM = (*EVALUATIONS, "jpcore.peers", "jpcore.reports", "jpcore.results", "jpcore.analysis",
                    "jpcore.stats", "jpcore.extras", "jpcore.systems", "jpcore.cli", "jpcore.output", "jpcore.task")


@dataclass(frozen=True)
class Rule:
    """Modules in ``importer`` (minus ``allowed_in``) import nothing in ``forbidden``
    (minus the modules in ``except_``)."""

    why: str
    importer: str
    forbidden: tuple[str, ...]
    allowed_in: tuple[str, ...] = ()
    except_: tuple[str, ...] = ()


RULES = (
    Rule("no Streamlit in jpcore", "jpcore", ("streamlit",)),
    Rule("jpcore never imports the app", "jpcore", ("inspector",)),
    *(Rule("evaluations do not import each other", evaluation, tuple(e for e in EVALUATIONS if e != evaluation))
      for evaluation in EVALUATIONS),
    Rule("a peer port imports no evaluation", "jpcore.peers", EVALUATIONS),
    Rule("alignment imports no evaluation, report or command line", "jpcore.align", ABOVE_THE_BOTTOM),
    Rule("formats import no evaluation, report or command line", "jpcore.formats", ABOVE_THE_BOTTOM),
    Rule("the parts of every task's schema import no evaluation", "jpcore.results.fields",
         tuple(m for m in ABOVE_THE_BOTTOM if m != "jpcore.results")),
    *(Rule("an evaluation uses only the shared schema parts of jpcore.results", evaluation, ("jpcore.results",),
           except_=("jpcore.results.fields",)) for evaluation in EVALUATIONS),
    Rule("only python -m jpcore imports the command line", "jpcore", ("jpcore.cli",), ("jpcore.__main__",)),
    Rule("the app does not go through the command line", "inspector", ("jpcore.cli",)),
    *(Rule("an evaluation knows nothing of reviews", evaluation, ("jpcore.review",)) for evaluation in EVALUATIONS),
    Rule("the database libraries only behind the review store", "jpcore", ("sqlalchemy", "psycopg", "sqlite3"),
         ("jpcore.review.store",)),
    Rule("the app reaches the store through jpcore.review only", "inspector", ("sqlalchemy", "psycopg", "sqlite3")),
)

def inside(module: str, package: str) -> bool:
    """``module`` is ``package`` or one of its submodules."""
    return module == package or module.startswith(package + ".")


def module_name(path: Path) -> str:
    """``jpcore/align/sides.py`` -> ``jpcore.align.sides`` (a package is its ``__init__``)."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def is_module(dotted: str) -> bool:
    """A module or package of this repository (a C accelerator is the module its ``.c`` source builds)."""
    base = ROOT.joinpath(*dotted.split("."))
    return (base.with_suffix(".py").is_file() or (base / "__init__.py").is_file()
            or base.with_suffix(".c").is_file())


def imports(path: Path) -> list[tuple[int, str]]:
    """Every module ``path`` imports, with its line: ``from a import b`` is ``a.b``
    when ``b`` is a module, ``a`` otherwise; relative imports resolved."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_bytes(), str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            for alias in node.names:
                dotted = f"{base}.{alias.name}"
                found.append((node.lineno, dotted if is_module(dotted) else base))
    return found


def sources() -> list[Path]:
    """The Python files of jpcore/ and inspector/."""
    return sorted(p for top in ("jpcore", "inspector") for p in (ROOT / top).rglob("*.py"))


def violations(rule: Rule) -> list[str]:
    """``file:line imports module`` for every import that breaks ``rule``."""
    found = []
    for path in sources():
        importer = module_name(path)
        if not inside(importer, rule.importer) or any(inside(importer, a) for a in rule.allowed_in):
            continue
        relative = path.relative_to(ROOT).as_posix()
        for line, imported in imports(path):
            target = imported
            if any(inside(target, f) for f in rule.forbidden) and not any(inside(target, e) for e in rule.except_):
                found.append(f"{relative}:{line} imports {imported}")
    return found


@pytest.mark.parametrize("rule", RULES, ids=lambda rule: f"{rule.importer}: {rule.why}")
def test_the_layers_hold(rule: Rule) -> None:
    assert violations(rule) == [], rule.why


def test_the_rules_see_what_they_forbid() -> None:
    # a rule that cannot fail proves nothing: the reader finds each kind of import
    sides = ROOT / "jpcore" / "align" / "sides.py"
    found = {module for _, module in imports(sides)}
    assert "jpcore.align.similarity" in found or "jpcore.align.streams" in found
    assert (14, "jpcore.cli") in imports(ROOT / "jpcore" / "__main__.py")  # after gc.disable()
    probe = Rule("probe", "jpcore.align", ("jpcore.formats",))
    assert any(v.startswith("jpcore/align/") for v in violations(probe))


# ---------------------------------------------------------------- no import circle

#: An import between two modules of the repository: the importer's file and line.
Edges = dict[str, dict[str, str]]


def import_graph() -> Edges:
    """importer -> {imported module: ``file:line`` of its first import} over jpcore/ and
    inspector/, every import counted (module doc); imports of a module by itself left out."""
    graph: Edges = {}
    for path in sources():
        importer, relative = module_name(path), path.relative_to(ROOT).as_posix()
        targets = graph.setdefault(importer, {})
        for line, imported in sorted(imports(path)):
            if imported != importer and is_module(imported) and (inside(imported, "jpcore")
                                                                  or inside(imported, "inspector")):
                targets.setdefault(imported, f"{relative}:{line}")
    return graph


def circles(graph: Edges) -> list[list[str]]:
    """Every import circle of ``graph``: one loop per strongly connected set of modules
    (Tarjan), ``[a, b, ..., a]`` from its smallest name, each set once, sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in graph.get(node, {}):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            members = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                members.add(member)
                if member == node:
                    break
            if len(members) > 1:
                found.append(_loop(graph, members))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)


def _loop(graph: Edges, members: set[str]) -> list[str]:
    """A shortest loop through the smallest module of ``members`` (a strongly connected set)."""
    start = min(members)
    came_from: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for nxt in sorted(graph.get(node, {})):
                if nxt == start:
                    path = [node]
                    while path[-1] != start:
                        path.append(came_from[path[-1]])
                    return [start, *reversed(path[:-1]), start]
                if nxt in members and nxt not in came_from:
                    came_from[nxt] = node
                    following.append(nxt)
        frontier = following
    raise AssertionError(f"{sorted(members)} is not strongly connected")


def describe(graph: Edges, loop: list[str]) -> str:
    """A circle as the failure names it: each step with the file and line of its import."""
    return " -> ".join(f"{a} ({graph[a][b]})" for a, b in zip(loop, loop[1:])) + f" -> {loop[-1]}"


def test_no_import_circle() -> None:
    graph = import_graph()
    found = [describe(graph, loop) for loop in circles(graph)]
    assert not found, "import circles (move what both files share to the floor below both):\n" + "\n".join(found)


def test_the_circle_finder_finds_circles() -> None:
    toy = {"a": {"b": "a.py:1"}, "b": {"c": "b.py:2", "d": "b.py:3"}, "c": {"a": "c.py:4"}, "d": {},
           "e": {"f": "e.py:5"}, "f": {"e": "f.py:6"}, "g": {"g": "g.py:7"}}
    assert circles(toy) == [["a", "b", "c", "a"], ["e", "f", "e"]]
    assert describe(toy, ["e", "f", "e"]) == "e (e.py:5) -> f (f.py:6) -> e"
    graph = import_graph()
    # imports inside a function and under TYPE_CHECKING are edges: the package face of
    # jpcore.parseval imports its evaluation only in __getattr__ and for the type checker
    assert "jpcore.parseval.evaluation" in graph["jpcore.parseval"]
    # a C accelerator is a module of its own, not its package
    assert "jpcore.parseval._pairscore" in graph["jpcore.parseval.same_words"]
    assert "jpcore.parseval" not in graph["jpcore.parseval.same_words"]


# ---------------------------------------------------------------- small modules

#: The most lines a Python module of jpcore/ or inspector/ may have (C sources excepted).
MAX_LINES = 750


def test_no_module_over_max_lines() -> None:
    lines = {path.relative_to(ROOT).as_posix(): len(path.read_bytes().splitlines()) for path in sources()}
    over = [f"{path}: {n} lines" for path, n in lines.items() if n > MAX_LINES]
    assert not over, f"one concept a module, at most {MAX_LINES} lines:\n" + "\n".join(over)
    assert max(lines.values()) > MAX_LINES // 2  # the count reads real files
