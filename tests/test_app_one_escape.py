"""The app escapes in one place and draws with one palette, both jpcore's.

inspector.common.markup's ``esc`` *is* jpcore.reports.markup's (the HTML
report and the app escape with the same function); no other inspector module
defines an escape function or calls ``html.escape``; the colours are
jpcore.reports.markup.COLOURS, named once in inspector.common.palette, and no
other inspector module writes a colour of its own.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from jpcore.reports import markup as report_markup
from inspector.common import markup, palette

INSPECTOR = Path(__file__).resolve().parents[1] / "inspector"
HEX_COLOUR = re.compile(r"#[0-9A-Fa-f]{6}\b")


def _modules() -> list[Path]:
    return sorted(INSPECTOR.rglob("*.py"))


def test_the_app_escapes_with_jpcores_function() -> None:
    assert markup.esc is report_markup.esc
    assert markup.esc('<b a="1">&') == "&lt;b a=&quot;1&quot;&gt;&amp;"


def test_no_other_module_defines_or_calls_an_escape() -> None:
    found = []
    for path in _modules():
        tree = ast.parse(path.read_text("utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("esc") and path.name != "markup.py":
                found.append(f"{path.relative_to(INSPECTOR)}: def {node.name}")
            if isinstance(node, ast.Attribute) and node.attr == "escape" and isinstance(node.value, ast.Name) \
                    and node.value.id == "html":
                found.append(f"{path.relative_to(INSPECTOR)}: html.escape")
    assert found == []
    defined = [p.relative_to(INSPECTOR).as_posix() for p in _modules()
               if any(isinstance(n, ast.FunctionDef) and n.name.startswith("esc")
                      for n in ast.walk(ast.parse(p.read_text("utf-8"))))]
    assert defined == ["common/markup.py"]  # esc_markdown_html, built on esc


def test_the_palette_is_jpcores_and_named_once() -> None:
    named = {palette.BLACK, palette.ORANGE, palette.SKY_BLUE, palette.BLUISH_GREEN, palette.YELLOW,
             palette.BLUE, palette.VERMILLION, palette.REDDISH_PURPLE}
    assert named == set(report_markup.COLOURS.values())
    assert {style.colour for style in palette.KIND_STYLES.values()} <= named
    elsewhere = {p.relative_to(INSPECTOR).as_posix(): HEX_COLOUR.findall(p.read_text("utf-8"))
                 for p in _modules() if p.name != "palette.py"}
    assert {name: found for name, found in elsewhere.items() if found} == {}
