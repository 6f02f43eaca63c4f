"""The Dependencies page draws each unit as arcs and prints no "None" (issue 25 item 10).

* the unit's arcs: one ``<path class="dp-arc">`` per word with a head (a HEAD other than 0
  in the CoNLL-U files, counted here from the files themselves), gold above, system below;
  a system arc whose head or DEPREL is wrong is in the error colour and marked ✗ (counted
  here from the two files' HEAD and DEPREL columns);
* the per-DEPREL and per-UPOS tables print ``–`` where a score has no denominator, as text
  (a ``–`` in a number column is what Streamlit marks as an invalid cell), never ``None``;
  the metrics table's empty cells likewise.
"""

from __future__ import annotations

import re

import pandas as pd
from streamlit.testing.v1 import AppTest

from bench.deps_samples import FOLDER, GOLD, PARSED, RAW_TEXT
from inspector.common.palette import VERMILLION
from tests.app_support import run as _run
from tests.test_app_deps import _open


def conllu_sentences(path) -> list[list[list[str]]]:
    """The CoNLL-U file's sentences, each a list of its word lines' columns (no ranges, no empty nodes)."""
    out, current = [], []
    for line in path.read_text("utf-8").splitlines():
        if not line.strip():
            if current:
                out.append(current)
            current = []
        elif not line.startswith("#"):
            columns = line.split("\t")
            if columns[0].isdigit():
                current.append(columns)
    if current:
        out.append(current)
    return out


def _arcs(at: AppTest) -> str:
    return next(element.value for element in at.markdown if 'class="dp-arcs"' in element.value)


def test_every_word_with_a_head_has_one_arc_and_the_wrong_ones_are_marked() -> None:
    """Unit #1 of the parsed pair is sentence 2 on both sides (1:1): 22 words a side, one root each."""
    gold, system = conllu_sentences(FOLDER / GOLD)[1], conllu_sentences(FOLDER / PARSED)[1]
    at = _open(d_unit="1")
    arcs = _arcs(at)
    with_head = sum(1 for word in gold + system if word[6] != "0")
    assert with_head == 44
    assert arcs.count('<path class="dp-arc"') == with_head
    assert arcs.count('<g class="dp-root">') == 2
    # wrong on the system side: another head, or another DEPREL main type (what LAS compares)
    wrong = sum(1 for g, s in zip(gold, system, strict=True)
                if s[6] != "0" and (g[6] != s[6] or g[7].split(":")[0] != s[7].split(":")[0]))
    assert wrong == 6
    assert arcs.count('<g class="dp-arc-g dp-wrong">') == wrong
    assert arcs.count(f'stroke="{VERMILLION}" stroke-width="2"') == wrong
    # a wrong arc's tooltip names the gold value
    assert re.search(r"head wrong; gold&#58; \S+ \(\d+\)", arcs) or "DEPREL wrong; gold" in arcs
    # gold's arcs lie above its words, system's below: every gold arc rises (its control
    # points above its ends), every system arc falls
    rising = re.findall(r'd="M[\d.]+,([\d.]+) C[\d.]+,([\d.]+) ', arcs)
    assert sum(1 for base, top in rising if float(top) < float(base)) == sum(1 for w in gold if w[6] != "0")
    assert sum(1 for base, top in rising if float(top) > float(base)) == sum(1 for w in system if w[6] != "0")


def test_a_merged_unit_draws_the_arcs_of_every_sentence_in_it() -> None:
    """On the raw-text pair, the first unit whose sentences differ in number: every word of its
    sentences on both sides with a head has its arc, and ~~~ marks the sentence inside it."""
    at = _open(deps="ewt-raw-text")
    units = next(df.value for df in at.dataframe if "Groups with an error" in df.value.columns)
    merged = units[units["Gold: system"] != "1:1"].iloc[0]
    at.query_params["d_unit"] = str(int(merged["Unit"]))
    _run(at)
    arcs = _arcs(at)
    gold_text, sys_text = merged["Gold"], merged["System"]
    heads = 0
    for path, text in ((FOLDER / GOLD, gold_text), (FOLDER / RAW_TEXT, sys_text)):
        for sentence in text.split(" ~~~ "):
            match = next(s for s in conllu_sentences(path) if " ".join(w[1] for w in s) == sentence)
            heads += sum(1 for word in match if word[6] != "0")
    assert arcs.count('<path class="dp-arc"') == heads > 0
    assert 'class="dp-sep"' in arcs


def test_the_label_tables_print_a_dash_never_none() -> None:
    at = _open(deps="ewt-raw-text")
    for first in ("DEPREL", "UPOS", "Metric"):
        frame = next(df.value for df in at.dataframe if list(df.value.columns)[:1] == [first])
        cells = frame.astype(object).to_numpy().ravel().tolist()
        assert not any(cell is None or (isinstance(cell, float) and pd.isna(cell)) for cell in cells), first
        assert "None" not in {str(cell) for cell in cells}, first
    metrics = next(df.value for df in at.dataframe if list(df.value.columns)[:1] == ["Metric"]).set_index("Metric")
    assert metrics.at["Words", "Aligned accuracy (%)"] == "–" and metrics.at["UAS", "Aligned accuracy (%)"] == "83.76"
    assert metrics.at["Tokens", "Aligned pairs"] == "–" and metrics.at["UAS", "Aligned pairs"] == "813"


def _ranges(path, sentence: int) -> list[tuple[int, int, str]]:
    """The multiword tokens (CoNLL-U range lines) of sentence ``sentence`` (from 0) of the file."""
    found, current = [], 0
    for line in path.read_text("utf-8").splitlines():
        if not line.strip():
            current += 1
            continue
        columns = line.split("\t")
        if current == sentence and re.fullmatch(r"\d+-\d+", columns[0]):
            first, last = columns[0].split("-")
            found.append((int(first), int(last), columns[1]))
    return found


def test_a_multiword_token_is_drawn_over_its_words() -> None:
    """Unit #9 of the parsed pair (sentence 10 on both sides) starts with the multiword token
    ``1-2 I'm`` over ``I`` ``'m``: its surface in a box on each side, escaped."""
    assert _ranges(FOLDER / GOLD, 9) == _ranges(FOLDER / PARSED, 9) == [(1, 2, "I'm")]
    arcs = _arcs(_open(d_unit="9"))
    surfaces = re.findall(r'<g class="dp-mwt"><title>([^<]*)</title><rect x="([\d.]+)" y="([\d.]+)" '
                          r'width="([\d.]+)" height="18" rx="3"/><text x="([\d.]+)" y="[\d.]+" '
                          r'text-anchor="middle">([^<]*)</text></g>', arcs)
    assert [(tip, form) for tip, _, _, _, _, form in surfaces] == [
        ("multiword token I&#x27;m&#58; its words I &#x27;m", "I&#x27;m")] * 2  # gold, then system
    (_, gold_x, gold_y, width, centre, _), (_, sys_x, sys_y, _, _, _) = surfaces
    assert gold_x == sys_x and float(sys_y) > float(gold_y)  # gold's over the system's, both in the middle
    # the box spans the columns of I and 'm: its centre is halfway between the two words' centres
    words = [float(x) for x in re.findall(r'<text x="([\d.]+)" y="[\d.]+" text-anchor="middle" '
                                          r'font-weight="600">', arcs)[:2]]
    assert float(gold_x) < words[0] < words[1] < float(gold_x) + float(width)
    assert "'" not in re.sub(r"<[^>]*>", "", arcs.split("<svg", 1)[1])  # every form escaped


def test_a_surface_form_from_the_file_is_escaped() -> None:
    from jpcore.ud import evaluate_bytes
    from inspector.deps.arcs import arcs_html
    from inspector.deps.words import build_index

    conllu = ("# text = <b>x</b>\n1-2\t<b>x</b>\t_\t_\t_\t_\t_\t_\t_\t_\n"
              "1\t<b>\t_\tX\t_\t_\t0\troot\t_\t_\n2\tx</b>\t_\tX\t_\t_\t1\tdep\t_\t_\n\n").encode()
    html = arcs_html(build_index(evaluate_bytes(conllu, conllu, "gold.conllu", "system.conllu")), 0)
    assert html.count('<g class="dp-mwt"><title>multiword token &lt;b&gt;x&lt;/b&gt;&#58; its words '
                      '&lt;b&gt; x&lt;/b&gt;</title>') == 2
    assert html.count('text-anchor="middle">&lt;b&gt;x&lt;/b&gt;</text></g>') == 2
    assert "<b>" not in html
