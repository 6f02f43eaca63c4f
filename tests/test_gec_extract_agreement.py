"""Golden figures: how well edits extracted from text agree with gold M2 edits.

The corrected sentences are rebuilt from each gold annotator's edits and the
edits extracted again (:mod:`jpcore.gec.agreement`, bench/gec_extract_agreement.py).
These figures are quoted in docs/cli.md (the ``rules`` rows are checked
against it here).  The ``errant`` figures were measured with errant 3.0.2,
spaCy 3.8 and the en_core_web_sm 3.8.0 pipeline; they are tested only where
errant and a spaCy English pipeline are installed (neither is on the
project's requirements: spaCy pipelines are not installable in CI).
"""

from __future__ import annotations

import importlib.util

import pytest

from bench.gec_extract_agreement import FULL_FILES, SAMPLE_FILES, Measured, measure
from bench.shared_data import SHARED_DATA
from jpcore.formats.m2 import read_m2
from jpcore.gec.agreement import Agreement, agreement
from jpcore.gec.errant_annotator import english_model
from jpcore.gec.extract import extract_edits
from tests.conftest import ROOT

TOY = SAMPLE_FILES["toy-en"]
UA_100 = SAMPLE_FILES["UA-GEC first 100"]
UA_FULL = FULL_FILES["UA-GEC test (full)"]

#: (sentences, gold, sys, tp, same_type, same_full_type, invisible, skipped) per coder, None = all
RULES = {
    TOY: {
        0: Agreement(8, 14, 14, 13, 13, 1, 1, 0),
        1: Agreement(7, 12, 13, 10, 10, 2, 0, 0),
        None: Agreement(15, 26, 27, 23, 23, 3, 1, 0),
    },
    UA_100: {
        0: Agreement(100, 123, 133, 114, 82, 0, 0, 0),
        1: Agreement(100, 147, 159, 134, 101, 0, 0, 0),
        None: Agreement(200, 270, 292, 248, 183, 0, 0, 0),
    },
    UA_FULL: {
        0: Agreement(2862, 2474, 2532, 2401, 1834, 0, 0, 0),
        1: Agreement(2862, 3271, 3358, 3082, 2314, 0, 0, 0),
        None: Agreement(5724, 5745, 5890, 5483, 4148, 0, 0, 0),
    },
}

@pytest.mark.parametrize("path", list(RULES), ids=["toy-en", "uagec-first100", "uagec-full"])
def test_rules_annotator_agreement(path):
    assert agreement(read_m2(path), extract_edits) == RULES[path]


def test_rules_figures_as_ratios():
    toy, ua = RULES[TOY][None], RULES[UA_FULL][None]
    assert (round(toy.precision, 4), round(toy.recall, 4), round(toy.f1, 4), toy.type_agreement) == (
        0.8519, 0.8846, 0.8679, 1.0)
    assert (round(ua.precision, 4), round(ua.recall, 4), round(ua.f1, 4), round(ua.type_agreement, 4)) == (
        0.9309, 0.9544, 0.9425, 0.7565)
    assert (ua.fp, ua.fn) == (407, 262)


def test_toy_en_unk_edit_is_invisible_not_a_miss():
    # "A 5 6|||UNK|||xqzt" corrects nothing: no text-based extractor can see it.
    assert RULES[TOY][0].invisible == 1
    assert SHARED_DATA.joinpath("m2", "toy-en", "gold.m2").read_bytes() == TOY.read_bytes()


def test_the_cli_page_quotes_the_measured_rules_figures():
    page = (ROOT / "docs" / "cli.md").read_text("utf-8")
    rows = measure(dict(SAMPLE_FILES, **FULL_FILES), ["rules"])
    for row in rows:
        if row.coder is None:
            assert "| " + " | ".join(row.cells()) + " |" in page, row.cells()


# The errant annotator's agreement needs a spaCy English pipeline, which no package
# registry CI reaches carries (spaCy publishes them on GitHub): it is measured by
# `python -m bench.gec_extract_agreement --annotator errant`, which says so where it
# cannot run; docs/cli.md gives its figures.  Here: what a user without one is told.


def test_no_english_pipeline_is_a_clear_input_error(monkeypatch):
    from jpcore.errors import InputError
    from jpcore.gec import errant_annotator

    monkeypatch.setattr(errant_annotator, "english_model", lambda: None)
    with pytest.raises(InputError) as error:
        errant_annotator.load_errant()
    assert str(error.value) == (
        "--annotator errant: expected errant and a spaCy English pipeline (pip install errant==3.0.2 and a "
        "spaCy English pipeline such as en_core_web_sm), found no spaCy English pipeline installed")


def test_errant_missing_is_a_clear_input_error(monkeypatch):
    import builtins

    from jpcore.errors import InputError
    from jpcore.gec.errant_annotator import load_errant

    real_import = builtins.__import__

    def no_errant(name, *args, **kwargs):
        if name == "errant":
            raise ImportError("No module named 'errant'", name="errant")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_errant)
    with pytest.raises(InputError) as error:
        load_errant()
    assert str(error.value) == (
        "--annotator errant: expected errant and a spaCy English pipeline (pip install errant==3.0.2 and a "
        "spaCy English pipeline such as en_core_web_sm), found no module named 'errant'")
