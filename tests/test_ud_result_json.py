"""A saved ``jpcore ud --json`` result read back (what the Dependencies page's JSON source opens).

``read_result_json`` checks it as it checks the other tasks' results: the
schema (every key, type, enum and range), the invariants the page relies on
(units covering the sentences in order, word groups covering the words,
each pair the words of a 1:1 exact group, each unit's counts its pairs'
flags, the totals the sum of the units) and the values that follow from the
others (precision, shapes, kinds).  Bad files are one ``InputError`` naming
the field; the bundled pairs' results come back whole.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from bench.deps_samples import FOLDER, GOLD, PARSED, RAW_TEXT
from jpcore.errors import InputError
from jpcore.results.reader import read_result_json
from jpcore.ud import UdResult
from tests.app_support import ROOT
from tests.cli_support import DEFAULTS, expected


def _saved(system: str) -> bytes:
    """``jpcore ud GOLD SYSTEM --json`` run in the pair's folder (the names it saves are the file names)."""
    return subprocess.run([sys.executable, "-m", "jpcore", "ud", GOLD, system, "--json"], capture_output=True,
                          cwd=FOLDER, check=True, env={**os.environ, "PYTHONPATH": str(ROOT)}).stdout


@pytest.fixture(scope="module")
def raw_text_json() -> bytes:
    return _saved(RAW_TEXT)


@pytest.mark.parametrize("system", [PARSED, RAW_TEXT])
def test_the_bundled_pairs_results_come_back_whole(system: str) -> None:
    data = _saved(system)
    result = read_result_json(data, "r.json", UdResult.from_dict, "ud")
    saved = json.loads(data)
    assert saved.pop("signature") == expected("ud", DEFAULTS["ud"], gold=FOLDER / GOLD, sys=FOLDER / system)
    assert saved == json.loads(json.dumps(result.to_dict()))
    assert read_result_json(data, "r.json", None, "ud").to_dict() == result.to_dict()  # through the registry


def _tampered(data: bytes, change) -> bytes:
    payload = json.loads(data)
    change(payload)
    return json.dumps(payload).encode()


@pytest.mark.parametrize("change, message", [
    (lambda d: d["units"][3]["pairs"][0].__setitem__(2, d["units"][3]["pairs"][0][2] ^ 1),
     "r.json: units[3].counts.UPOS: expected 16 correct of 25 aligned (the pairs' flags), found a list of 4 items"),
    (lambda d: d["totals"]["UAS"].__setitem__("tp", 682),
     "r.json: totals.UAS.tp: expected the sum over the units, 681, found 682"),
    (lambda d: d["units"][4]["pairs"].__setitem__(5, [69, 69, 0]),
     "r.json: units[4].pairs[5]: expected the words of a 1:1 exact word group of the unit, in order, found [69, 69]"),
    (lambda d: d["units"].pop(),
     "r.json: units[41].gold: expected units covering all 49 gold sentences, found units ending at 48"),
    (lambda d: d["gold"]["columns"]["head"].__setitem__(0, 7),
     f"r.json: expected a JSON object written by `jpcore ud --json`, found ValueError: {GOLD}:5: expected "
     "exactly one word with HEAD 0 in the sentence, found 0"),
    (lambda d: d["totals"]["LAS"].__setitem__("f1", 0.5),
     "r.json: totals.LAS.f1: expected 0.6856127886323268, the value that follows from the rest, found 0.5"),
    (lambda d: d["units"][0].__setitem__("kind", "<b>"),
     "r.json: units[0].kind: expected one of 'exact', 'merged', 'similar', 'different', 'gold-only', "
     "'system-only', found '<b>'"),
    (lambda d: d["units"][0]["pairs"][0].__setitem__(2, 1 << 10),
     "r.json: units[0].pairs[0][2]: expected an integer from 0 to 1,023, found 1024"),
], ids=["flag", "total", "pair", "unit", "column", "derived", "kind", "flags-range"])
def test_a_tampered_result_is_refused_naming_the_field(raw_text_json: bytes, change, message: str) -> None:
    with pytest.raises(InputError) as error:
        read_result_json(_tampered(raw_text_json, change), "r.json", UdResult.from_dict, "ud")
    assert str(error.value) == message


def test_another_tasks_result_is_named(raw_text_json: bytes) -> None:
    with pytest.raises(InputError, match=r"^r\.json: expected a JSON object written by `jpcore gec --json`, "
                                         r"found a result of `jpcore ud`$"):
        read_result_json(raw_text_json, "r.json", None, "gec")
