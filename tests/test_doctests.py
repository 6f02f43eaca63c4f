"""The runnable examples in jpcore's docstrings (and the app's size-limit and metric-card modules) are tests too."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import jpcore

MODULES = sorted(
    name
    for _, name, _ in pkgutil.walk_packages(jpcore.__path__, "jpcore.")
    if not name.endswith("__main__")
) + ["inspector.common.input_limits", "inspector.about.cards"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
