"""Every number on a metric card (``docs/metric-cards/*.md``) is a test.

The convention the cards keep (read here; the app shows the cards through
:mod:`inspector.about.cards`):

* each card has one **Reproduced figures** table (columns command, figure,
  value, source) and may have one **Figures we do not reproduce** table
  (command, figure, published, value, why);
* *command* is a ``jpcore`` command line with paths from the repository root
  (``sample_data/...`` bundled, ``../shared/data/...`` shared); *figure* is
  ``/``-separated JSON paths of its ``--json`` output (a path starting with
  ``.`` keeps the previous path's prefix) or ``text:LABEL`` (the value after
  ``=`` on the first printed line starting with LABEL, run without
  ``--json``: EVALB's summary); *value* the ``/``-separated figures,
  integers exact, decimals to the digits written;
* here every row is run in-process: the values must be what jpcore gives
  now, and a published figure listed as not reproduced must differ from it;
* every other number in a card's text (outside code) must be one of its
  table values, except the range bounds 0, 1 (1.0) and 100 and the years that
  follow ``CoNLL`` or ``et al.``: so a card cannot cite a figure no row checks
  (a count that is no figure, like "four decimals", is written in words).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, replace

import pytest

from inspector.about.cards import CARDS_DIR, card_names, card_text
from jpcore.cli import main as cli_main
from tests.conftest import ROOT

REPRODUCED = "## Reproduced figures"
NOT_REPRODUCED = "### Figures we do not reproduce"
#: a number: digits not glued to a letter, digit, dot, hyphen or underscore (F0.5, UTF-8, 3.0.2 are names)
NUMBER = re.compile(r"(?<![\w.-])\d+(?:\.\d+)?(?![\w]|\.\d)")
#: what a card may write without a row: range bounds, and years cited after a name
ALLOWED = {"0", "1", "1.0", "100"}
YEAR = re.compile(r"(?:CoNLL|et al\.) (?:19|20)\d\d\b")
CODE = re.compile(r"```.*?```|`[^`\n]*`", re.S)


@dataclass(frozen=True)
class CardRow:
    """One row of a figures table: a command, its figures, the values written."""

    command: str
    figure: str
    value: str
    published: str = ""


@dataclass(frozen=True)
class Card:
    """A card's figure rows and the rest of its text (the prose)."""

    reproduced: list[CardRow]
    not_reproduced: list[CardRow]
    prose: str


def _cells(line: str) -> list[str]:
    return [cell.strip().strip("`").strip() for cell in line.strip().strip("|").split("|")]


def _table(lines: list[str], start: int) -> tuple[list[list[str]], int]:
    """The body rows of the first Markdown table at or after ``start``, and the line after it."""
    i = start
    while not lines[i].startswith("|"):
        i += 1
    rows = []
    i += 2  # header and rule
    while i < len(lines) and lines[i].startswith("|"):
        rows.append(_cells(lines[i]))
        i += 1
    return rows, i


def read_card(name: str) -> Card:
    """The card ``name`` split by the convention (module doc)."""
    lines = card_text(name).splitlines()
    reproduced: list[CardRow] = []
    not_reproduced: list[CardRow] = []
    prose: list[str] = []
    i = 0
    while i < len(lines):
        if lines[i].strip() == REPRODUCED:
            rows, end = _table(lines, i + 1)
            reproduced = [CardRow(command, figure, value) for command, figure, value, _source in rows]
            prose.extend(lines[i:end - len(rows)])
            prose.extend(row[3] for row in rows)
            i = end
        elif lines[i].strip() == NOT_REPRODUCED:
            rows, end = _table(lines, i + 1)
            not_reproduced = [CardRow(c, f, v, published) for c, f, published, v, _why in rows]
            prose.extend(lines[i:end - len(rows)])
            prose.extend(row[4] for row in rows)
            i = end
        else:
            prose.append(lines[i])
            i += 1
    return Card(reproduced, not_reproduced, "\n".join(prose))


def row_figures(figure: str) -> list[str]:
    """``a.b.c / .d / e.f`` -> ``["a.b.c", "a.b.d", "e.f"]`` (a leading dot keeps the prefix)."""
    paths: list[str] = []
    for part in (p.strip() for p in figure.split(" / ")):
        if part.startswith(".") and paths:
            part = paths[-1].rsplit(".", 1)[0] + part
        paths.append(part)
    return paths


def _values(rows: list[CardRow]) -> set[str]:
    return {v.strip() for row in rows for v in (*row.value.split("/"), *row.published.split("/")) if v.strip()}


def loose_numbers(card: Card) -> list[str]:
    """The numbers in ``card``'s prose (outside code) that are no table value and not allowed."""
    known = _values(card.reproduced) | _values(card.not_reproduced) | ALLOWED
    text = YEAR.sub("", CODE.sub("", card.prose))
    return [n for n in NUMBER.findall(text) if n not in known]

CARDS = card_names()
_OUTPUT: dict[tuple[str, bool], tuple[int, str]] = {}


def _run(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, command: str, as_json: bool) -> str:
    """stdout of ``jpcore COMMAND [--json]`` run in-process from the repository root (memoised)."""
    key = (command, as_json)
    if key not in _OUTPUT:
        monkeypatch.chdir(ROOT)
        capsys.readouterr()
        status = cli_main([*command.split(), *(["--json"] if as_json else [])])
        _OUTPUT[key] = (status, capsys.readouterr().out)
    status, out = _OUTPUT[key]
    assert status == 0, (command, status)
    return out


def _measure(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, row: CardRow) -> list[float | int | str]:
    """The figures of one row, measured now."""
    found: list[float | int | str] = []
    for path in row_figures(row.figure):
        if path.startswith("text:"):
            label = path[len("text:"):]
            out = _run(capsys, monkeypatch, row.command, False)
            line = next(line for line in out.splitlines() if line.startswith(label))
            found.append(line.split("=", 1)[1].strip())
        else:
            value = json.loads(_run(capsys, monkeypatch, row.command, True))
            for key in path.split("."):
                value = value[key]
            found.append(value)
    return found


def _shown(measured: float | int | str, written: str) -> str:
    """``measured`` written as the card writes ``written`` (same decimals)."""
    if isinstance(measured, str):
        return measured
    decimals = len(written.split(".", 1)[1]) if "." in written else 0
    if decimals == 0:
        assert float(measured).is_integer(), (measured, written)
        return str(int(measured))
    return f"{measured:.{decimals}f}"


def test_there_is_a_card_per_evaluation() -> None:
    assert CARDS == ["gec", "parseval", "preprocess", "ud"]
    assert (CARDS_DIR / "README.md").is_file()


@pytest.mark.parametrize("name", CARDS)
def test_every_reproduced_figure_is_what_jpcore_gives(name: str, capsys, monkeypatch) -> None:
    card = read_card(name)
    assert card.reproduced, f"{name}: no Reproduced figures table"
    for row in card.reproduced:
        written = [v.strip() for v in row.value.split("/")]
        measured = _measure(capsys, monkeypatch, row)
        assert len(written) == len(measured), row
        assert [_shown(m, w) for m, w in zip(measured, written)] == written, row


@pytest.mark.parametrize("name", CARDS)
def test_every_figure_not_reproduced_differs_from_ours(name: str, capsys, monkeypatch) -> None:
    for row in read_card(name).not_reproduced:
        written = [v.strip() for v in row.value.split("/")]
        published = [v.strip() for v in row.published.split("/")]
        measured = [_shown(m, w) for m, w in zip(_measure(capsys, monkeypatch, row), written)]
        assert measured == written, row
        assert published != measured, row


@pytest.mark.parametrize("name", [*CARDS, "README"])
def test_no_number_on_a_card_escapes_the_tables(name: str) -> None:
    card = read_card(name)
    assert loose_numbers(card) == [], f"{name}: numbers no row checks"


def test_a_stray_number_is_caught() -> None:
    card = read_card("preprocess")
    assert loose_numbers(replace(card, prose=card.prose + "\nThe paper says 1234 sentences, 97.5 %.\n")) == [
        "1234", "97.5"]
    # what the convention lets through: range bounds, cited years, code, names like F0.5
    allowed = "0 to 1, 0 to 100; CoNLL 2018; Jo et al. 2024; `errant 3.0.2`; F0.5; 1:n; n:1"
    assert loose_numbers(replace(card, prose=allowed)) == []


def test_the_convention_reads_the_rows() -> None:
    row = read_card("preprocess").reproduced[0]
    assert row.command.startswith("preprocess ../shared/data/ud/UD_English-EWT/")
    assert row_figures(row.figure) == ["totals.sentences.tp", "totals.sentences.fp", "totals.sentences.fn"]
    assert row.value == "1084 / 349 / 993"
    assert re.fullmatch(r"[\w./ -]+", row.command)


@pytest.mark.parametrize("name", [*CARDS, "README"])
def test_every_link_of_a_card_leads_to_a_file(name: str) -> None:
    text = (CARDS_DIR / f"{name}.md").read_text("utf-8")
    targets = re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", text)
    assert targets
    assert [t for t in targets if not (CARDS_DIR / t).is_file()] == []


def test_the_docs_link_the_cards() -> None:
    for page in ("docs/equal-to-the-peers.md", "docs/app.md"):
        assert "](metric-cards/README.md)" in (ROOT / page).read_text("utf-8"), page
