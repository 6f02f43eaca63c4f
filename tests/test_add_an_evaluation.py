"""How to add an evaluation (DESIGN.md), proved by the smallest one: ``chars`` (tests/toy_task/).

The toy task is one package (evaluation + result, ``cli``, ``html``), one
inspector folder (``tests/toy_task/view/``: its ``entry.VIEW``, its page
file, its empty sample catalogue) and one registration: the command line,
the HTML report and the JSON reader take it from the registry
(:mod:`jpcore.task`) with no other change to jpcore, and the app's menu,
the Analysis page and ``jp-inspector --check`` with no change to the app.
"""

from __future__ import annotations

import json

import pytest

from jpcore import task
from jpcore.cli import main
from jpcore.errors import InputError
from jpcore.reports import render_html
from jpcore.results.reader import ResultFieldError, read_result_json
from tests.toy_task import CharsResult, evaluate_bytes

CHARS = task.Task("chars", "characters equal at each position (a toy task)", "tests.toy_task.cli",
                  "tests.toy_task:evaluate_bytes", "tests.toy_task:CharsResult", "tests.toy_task.html:build",
                  "tests.toy_task.view.entry", schema="tests.toy_task.schema")


@pytest.fixture
def registered():
    """``chars`` in the registry for one test, and gone afterwards."""
    before = dict(task.TASKS)
    task.register(CHARS)
    yield CHARS
    task.TASKS.clear()
    task.TASKS.update(before)


@pytest.fixture
def files(tmp_path):
    gold, system = tmp_path / "gold.txt", tmp_path / "sys<1>.txt"
    gold.write_bytes(b"cat\ndog\n")
    system.write_bytes(b"cut\ndo\n")
    return gold, system


def test_the_cli_runs_a_registered_task(registered, files, capsys):
    gold, system = files
    assert main(["chars", str(gold), str(system)]) == 0
    assert capsys.readouterr().out == "equal 4 of 6 gold and 5 system characters\n"
    assert main(["chars", str(gold), str(system), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {
        "task": "chars", "gold_name": str(gold), "sys_name": str(system),
        "totals": {"equal": 4, "gold": 6, "system": 5},
        "units": [{"index": 0, "equal": 2, "gold": 3, "system": 3}, {"index": 1, "equal": 2, "gold": 3, "system": 2}],
    }


def test_its_bad_input_is_the_cli_s_usual_error(registered, files, tmp_path, capsys):
    gold, _ = files
    short = tmp_path / "short.txt"
    short.write_bytes(b"cat\n")
    assert main(["chars", str(gold), str(short)]) == 2
    assert capsys.readouterr().err == f"jpcore chars: error: {short}: expected 2 lines as in {gold}, found 1\n"


@pytest.mark.parametrize("columns", ["80", "60"])  # drawn by jpcore.cli_help, and by argparse
def test_the_help_lists_it_and_an_unregistered_task_is_unknown(registered, capsys, monkeypatch, columns):
    monkeypatch.setenv("COLUMNS", columns)
    if columns == "80":
        assert main(["--help"]) == 0
    else:
        with pytest.raises(SystemExit):
            main(["--help"])
    main_help = capsys.readouterr().out
    if columns == "80":
        assert main_help.endswith("    ud        dependency parsing and tagging (CoNLL 2018 metrics)\n"
                                  "    chars     characters equal at each position (a toy task)\n"
                                  "    review    export, import and compare reviewers' verdicts\n"
                                  "    check     score a gold file against itself: every score must be 100 %\n\n"
                                  "options:\n  -h, --help  show this help message and exit\n")
    else:
        assert main_help.endswith("    chars     characters equal at each position (a toy\n              task)\n"
                                  "    review    export, import and compare reviewers'\n              verdicts\n"
                                  "    check     score a gold file against itself: every\n"
                                  "              score must be 100 %\n\n"
                                  "options:\n  -h, --help  show this help message and exit\n")
    task.TASKS.pop("chars")
    with pytest.raises(SystemExit) as exit_:
        main(["chars", "a", "b"])
    assert exit_.value.code == 2 and "invalid choice: 'chars'" in capsys.readouterr().err


def test_the_html_report_and_the_json_reader_find_it(registered, files, tmp_path, capsys):
    gold, system = files
    result = evaluate_bytes(gold.read_bytes(), system.read_bytes(), "gold.txt", "sys<1>.txt")
    assert task.of_result(result) is registered
    page = render_html(result)
    assert "<title>chars</title>" in page and "against system sys&lt;1&gt;.txt" in page
    assert '<tr><td class="num">4</td><td class="num">6</td><td class="num">5</td></tr>' in page
    assert '<tr><td class="num">2</td><td class="num">2</td><td class="num">3</td><td class="num">2</td></tr>' in page
    again = task.result_from_dict(json.loads(json.dumps(result.to_dict())))
    assert isinstance(again, CharsResult) and again == result
    saved = json.dumps(result.to_dict()).encode()
    assert read_result_json(saved, "chars.json", None, "chars") == result  # checked against its Task.schema
    with pytest.raises(ResultFieldError) as error:
        read_result_json(saved.replace(b'"equal": 4', b'"equal": 5'), "chars.json", None, "chars")
    assert str(error.value) == "chars.json: totals.equal: expected the sum over the units, 4, found 5"
    task.register(CHARS._replace(schema=None))
    with pytest.raises(InputError) as error:
        read_result_json(saved, "chars.json", None, "chars")
    assert str(error.value) == ("chars.json: expected a JSON object written by `jpcore chars --json`, "
                                "found a result of a task whose saved results jpcore does not read back")
    out = tmp_path / "chars.html"
    assert main(["chars", str(gold), str(system), "--html", str(out)]) == 0
    assert capsys.readouterr().out == "equal 4 of 6 gold and 5 system characters\n"
    assert '<tr><td class="num">4</td><td class="num">6</td><td class="num">5</td></tr>' in out.read_text("utf-8")


def test_the_app_lists_its_page_and_analysis_offers_it(registered) -> None:
    from streamlit.testing.v1 import AppTest

    from inspector.main.sample_check import check_samples
    from tests.app_support import APP
    from tests.app_support import run as run_app

    at = run_app(AppTest.from_file(str(APP), default_timeout=60))
    at.switch_page("../../tests/toy_task/view/page.py")
    run_app(at)
    assert [title.value for title in at.title] == ["Chars"]
    assert [m.value for m in at.markdown][-1] == "equal 4 of 6 gold and 5 system characters"

    at.switch_page("../pages/analysis.py")
    run_app(at)
    evaluations = at.radio(key="an_eval")
    assert evaluations.options == ["Tokens & sentences", "Brackets", "Edits", "Dependencies", "Chars"]
    evaluations.set_value("chars")
    run_app(at)
    assert [i.value for i in at.info][0] == (
        "Nothing is loaded for Chars yet: choose the data in the text areas of the Chars page, "
        "then come back here.")
    assert [check.kind for check in check_samples()].count("chars") == 0  # an empty catalogue is walked


def test_without_a_view_the_app_has_no_page_for_it(registered) -> None:
    from inspector.common.evaluation_view import evaluation_views

    assert [view.key for view in evaluation_views()] == ["tokens", "brackets", "edits", "deps", "chars"]
    task.register(CHARS._replace(view=None))
    assert [view.key for view in evaluation_views()] == ["tokens", "brackets", "edits", "deps"]
