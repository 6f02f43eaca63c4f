"""The inspector's folders import only downward.

common/ is shared by every view and imports none; the evaluation views
(tokens, brackets, edits, deps) do not import each other; nothing imports a page
file or the entry point; a page file only calls its view's ``show``.
"""

from __future__ import annotations

import ast
from pathlib import Path

INSPECTOR = Path(__file__).resolve().parents[1] / "inspector"
VIEWS = ("tokens", "brackets", "edits", "deps")


def _imports(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return {name for name in found if name.startswith("inspector.")}


def _folder(module: str) -> str:
    return module.split(".")[1]


def _files(folder: str) -> list[Path]:
    return sorted((INSPECTOR / folder).glob("*.py"))


def test_common_imports_no_view() -> None:
    wrong = {f"{path.name}: {module}" for path in _files("common") for module in _imports(path)
             if _folder(module) != "common"}
    assert wrong == set()


def test_the_evaluation_views_do_not_import_each_other() -> None:
    wrong = {f"{view}/{path.name}: {module}" for view in VIEWS for path in _files(view)
             for module in _imports(path) if _folder(module) in set(VIEWS) - {view}}
    assert wrong == set()


def test_no_view_imports_a_page_or_the_entry() -> None:
    """Only main/ and launch.py (the console command) sit above the views."""
    wrong = {f"{path.relative_to(INSPECTOR)}: {module}" for path in INSPECTOR.rglob("*.py")
             for module in _imports(path) if _folder(module) in {"pages", "main"}
             and path.parent.name != "main" and path.name != "launch.py"}
    assert wrong == set()


def test_every_page_file_is_thin() -> None:
    pages = [path for path in _files("pages") if path.name != "__init__.py"]
    assert len(pages) == 11
    for path in pages:
        tree = ast.parse(path.read_text("utf-8"))
        body = tree.body[1:]  # after the docstring
        assert [type(node).__name__ for node in body] == ["ImportFrom", "Expr"], path.name
        module = body[0].module.split(".")
        assert [alias.name for alias in body[0].names] == ["show"], path.name
        assert module[0] == "inspector" and module[-1].endswith("page"), path.name


def test_the_entry_and_analysis_reach_the_views_only_through_the_registry() -> None:
    """main/ and analysis/ name no evaluation view: the menu and Analysis' sources come from
    ``jpcore.task.TASKS`` (:func:`inspector.common.evaluation_view.evaluation_views`)."""
    general = ("main", "analysis", "compare", "ranking", "agreement")
    wrong = {f"{folder}/{path.name}: {module}" for folder in general for path in _files(folder)
             for module in _imports(path) if _folder(module) in set(VIEWS)}
    assert wrong == set()


def test_every_registered_view_has_an_entry_and_its_pages_exist() -> None:
    from inspector.common.evaluation_view import evaluation_views
    from jpcore.task import TASKS

    views = evaluation_views()
    assert [view.key for view in views] == [task.view for task in TASKS.values() if task.view] == list(VIEWS)
    for view in views:
        assert view.pages and all(Path(page.file).is_file() for page in view.pages), view.key
        assert Path(view.loader_page).is_file(), view.key
