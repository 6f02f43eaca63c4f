"""jpcore.task: every registered evaluation keeps the contract, and the registry finds it."""

from __future__ import annotations

import inspect

import pytest

from jpcore import task
from jpcore.json_text import dumps
from jpcore.preprocess import PreprocessResult, evaluate_bytes
from jpcore.results.reader import read_result_json
from jpcore.task import TASKS, Task, named, of_result, register, result_from_dict

GOLD, SYSTEM = b"Hello world .\nBye .\n", b"Hello world . Bye .\n"


@pytest.mark.parametrize("name", list(TASKS))
def test_every_task_offers_the_parts_it_names(name: str) -> None:
    entry = named(name)
    assert entry.name == name and entry.summary
    cli = entry.load("cli")
    assert callable(cli.configure) and callable(cli.run)
    assert list(inspect.signature(entry.load("evaluate")).parameters)[:2] == ["gold_data", "sys_data"]
    result = entry.load("result")
    assert callable(result.from_dict) and callable(result.to_dict)
    assert list(inspect.signature(entry.load("report")).parameters) == ["result", "inputs", "max_units", "selected", "reviews"]


def test_the_cli_order_and_the_views() -> None:
    assert list(TASKS) == ["preprocess", "parseval", "gec", "ud"]
    assert [entry.view for entry in TASKS.values()] == ["tokens", "brackets", "edits", "deps"]


def test_a_result_finds_its_task_and_its_json_comes_back() -> None:
    result = evaluate_bytes(GOLD, SYSTEM, "gold.txt", "sys.txt")
    assert of_result(result) is TASKS["preprocess"]
    again = result_from_dict(result.to_dict())
    assert isinstance(again, PreprocessResult) and again.to_dict() == result.to_dict()
    assert again.totals["sentences"].as_tuple() == (0, 1, 2)  # two gold sentences, one system
    read = read_result_json(dumps(result.to_dict()).encode(), "r.json", None, "preprocess")
    assert isinstance(read, PreprocessResult) and read.to_dict() == result.to_dict()


def test_what_is_not_registered_is_named() -> None:
    with pytest.raises(TypeError, match="^dict is the result of no registered task$"):
        of_result({})
    with pytest.raises(KeyError, match="no task 'nope'; known: preprocess, parseval, gec, ud"):
        named("nope")
    with pytest.raises(KeyError, match="no task 'None'"):
        result_from_dict({"units": []})
    with pytest.raises(LookupError, match="task 'ud' has no view"):
        TASKS["ud"]._replace(view=None).load("view")


def test_register_adds_and_replaces(monkeypatch) -> None:
    monkeypatch.setattr(task, "TASKS", dict(TASKS))
    extra = Task("extra", "a task for this test", "jpcore.preprocess.cli", "jpcore.preprocess:evaluate_bytes",
                 "jpcore.preprocess:PreprocessResult")
    assert register(extra) is extra and named("extra") is extra and list(task.TASKS)[-1] == "extra"
    assert extra.load("evaluate") is evaluate_bytes and extra.report is None
    replaced = register(Task("extra", "replaced", extra.cli, extra.evaluate, extra.result))
    assert named("extra") is replaced
