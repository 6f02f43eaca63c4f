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
    """A module or package of this repository."""
    base = ROOT.joinpath(*dotted.split("."))
    return base.with_suffix(".py").is_file() or (base / "__init__.py").is_file()


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
