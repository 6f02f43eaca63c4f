"""``jpcore --help`` drawn without argparse (jpcore.cli_help) is argparse's text, byte for byte."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

from jpcore.cli import _commands, build_parser, main
from jpcore.cli_help import terminal_columns, top_help
from tests.conftest import ROOT


def argparse_help(columns: int, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv("COLUMNS", str(columns))
    return build_parser([]).format_help()


def test_equal_to_argparse_at_every_width_where_it_draws(monkeypatch):
    drawn = [columns for columns in range(1, 201) if top_help(_commands(), columns) is not None]
    for columns in drawn:
        assert top_help(_commands(), columns) == argparse_help(columns, monkeypatch), columns
    # it draws from the width where the longest help line fits (14 + 59 + 2) upwards; argparse below
    assert drawn == list(range(75, 201))


def test_the_common_widths_are_drawn_and_a_narrow_one_is_left_to_argparse(monkeypatch):
    text = top_help(_commands(), 80)
    assert text is not None and text.splitlines()[:3] == [
        "usage: jpcore [-h] COMMAND ...", "", "Align gold and system files that are cut differently, then score them."]
    assert "    preprocess\n              tokenization and sentence boundary evaluation\n" in text
    assert "    check     score a gold file against itself: every score must be 100 %\n" in text
    assert top_help(_commands(), 60) is None
    # a name longer than the help column's room goes on a line of its own, as argparse puts it
    long_names = {"a-rather-long-command": "its help", "x": "y, 50 %"}
    drawn = top_help(long_names, 100)
    assert drawn.splitlines()[6:9] == [
        "    a-rather-long-command", "                        its help", "    x                   y, 50 %"]
    monkeypatch.setattr("jpcore.cli._commands", lambda: long_names)
    assert drawn == argparse_help(100, monkeypatch)


@pytest.mark.parametrize("text", ["two  spaces", " leading", "a\ttab"])
def test_white_space_argparse_would_squeeze_is_left_to_it(text):
    assert top_help({"x": text}, 120) is None


@pytest.mark.parametrize("columns", [None, "", "abc", "0", "-3", "57", "132"])
def test_the_width_is_the_one_shutil_finds(columns, monkeypatch):
    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)
    assert terminal_columns() == shutil.get_terminal_size().columns


def test_main_prints_it_and_returns_0(monkeypatch, capsys):
    monkeypatch.setenv("COLUMNS", "80")
    assert main(["--help"]) == 0 and main(["-h"]) == 0
    out = capsys.readouterr().out
    assert out == argparse_help(80, monkeypatch) * 2


@pytest.mark.parametrize("columns", ["80", "40", "200"])
def test_the_command_prints_argparse_s_text_and_imports_no_argparse_when_drawn(columns, monkeypatch):
    environment = {**os.environ, "COLUMNS": columns}
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "jpcore", "--help"], cwd=ROOT,
                          env=environment, capture_output=True, text=True, check=True)
    assert done.stdout == argparse_help(int(columns), monkeypatch)
    imported = {line.split("|")[-1].strip() for line in done.stderr.splitlines() if line.startswith("import time:")}
    assert ("argparse" in imported) == (columns == "40")
    assert "signal" not in imported  # no handler is installed for the help: it writes no file
