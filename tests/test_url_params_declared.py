"""Every URL parameter a page binds is declared in its PageSpec (so url_state keeps it).

Read with ast: in each view folder (and the folder of each general page that reads the URL), a widget
bound to the URL (``bind="query-params"``) with a literal ``key``, and a
literal ``st.query_params["name"]`` written, must be among the parameters
the folder's pages declare (:attr:`PageSpec.params`); an undeclared one
would be removed from the URL before the page ran, with a note that the
app has no such setting.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from inspector.common.evaluation_view import evaluation_views
from inspector.main.menu import GENERAL_PAGES
from tests.conftest import ROOT


def bound_names(folder: Path) -> set[str]:
    """The literal URL parameter names the modules of ``folder`` bind or write."""
    names = set()
    for path in folder.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_bytes(), str(path))):
            if isinstance(node, ast.Call):
                keywords = {k.arg: k.value for k in node.keywords}
                bind, key = keywords.get("bind"), keywords.get("key")
                if (isinstance(bind, ast.Constant) and bind.value == "query-params"
                        and isinstance(key, ast.Constant) and isinstance(key.value, str)):
                    names.add(key.value)
            if (isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store)
                    and isinstance(node.value, ast.Attribute) and node.value.attr == "query_params"
                    and isinstance(node.slice, ast.Constant)):
                names.add(node.slice.value)
    return names


FOLDERS = {view.key: [spec for spec in view.pages] for view in evaluation_views()}
FOLDERS.update({spec.key: [spec] for spec in GENERAL_PAGES if spec.params})  # analysis/, compare/


@pytest.mark.parametrize("folder", sorted(FOLDERS))
def test_each_bound_parameter_is_declared(folder: str) -> None:
    declared = {name for spec in FOLDERS[folder] for name in spec.params}
    bound = bound_names(ROOT / "inspector" / folder)
    assert bound, f"inspector/{folder} binds no URL parameter: the test reads nothing"
    assert bound <= declared, f"inspector/{folder} binds {sorted(bound - declared)} that no PageSpec declares"
