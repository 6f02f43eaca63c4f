"""A printable handout of the exercises on the loaded text: one self-contained HTML page.

:func:`handout_html` writes the raw text, the gold and the system
segmentation (one sentence per line, tokens separated by ``·``), the
questions, and the answers on a last page of their own (``@media print``:
a page break before them).  No script, no outside file; every value from
the user's text goes through :func:`inspector.common.markup.esc`.  It is
returned as a string for a download button: nothing is written to disk.
"""

from __future__ import annotations

from collections.abc import Sequence

from jpcore.formats.segmentation import Segmentation
from inspector.common.markup import esc
from inspector.common.palette import BLUISH_GREEN
from inspector.teaching.generated import GeneratedQuestion

HANDOUT_STYLE = """<style>
body {font-family: Georgia, "Times New Roman", serif; max-width: 46em; margin: 2em auto; padding: 0 1em;
  line-height: 1.5; color: #111;}
h1 {font-size: 1.5em;} h2 {font-size: 1.2em; margin-top: 1.6em;}
.raw {white-space: pre-wrap; border: 1px solid #999; padding: .6em .8em; border-radius: 4px;}
ol.seg li {margin-bottom: .3em;}
.tok {border: 1px solid #888; border-radius: 3px; padding: 0 3px; margin: 0 1px; white-space: nowrap;
  display: inline-block; line-height: 1.4;}
.q {margin: 1em 0; page-break-inside: avoid; break-inside: avoid;}
.pair {margin: .2em 0 .2em 1.2em;}
.blank {border-bottom: 1px dotted #777; height: 2.2em;}
.answers {page-break-before: always; break-before: page;}
@media print {
  body {margin: 0; max-width: none; font-size: 11pt;}
  .raw, .tok {border-color: #000;}
  h2 {page-break-after: avoid; break-after: avoid;}
}
</style>"""


def _segmentation(segmentation: Segmentation) -> str:
    items = "".join(
        "<li>" + " ".join(f'<span class="tok">{esc(token)}</span>' for token in sentence.tokens) + "</li>"
        for sentence in segmentation.sentences
    )
    return f'<ol class="seg" start="0">{items}</ol>'


#: The question and answer blocks' look on the page (the handout has its own sheet).
PAGE_STYLE = f"""<style>
.q .pair {{margin-left: 1.2em;}} .q {{line-height: 1.6;}}
.jp-answer {{border-left: 4px solid {BLUISH_GREEN}; padding: 2px 10px; background: rgba(0,158,115,.08);}}
.jp-answer ul {{margin: 0; padding-left: 1.2em;}}
</style>"""


def question_html(number: int, question: GeneratedQuestion) -> str:
    """Question ``number`` with the unit's gold and system text (escaped), for the page and the handout."""
    return (f'<div class="q"><b>Q{number}.</b> {esc(question.question)}'
            f'<div class="pair">Gold: {esc(question.gold)}</div>'
            f'<div class="pair">System: {esc(question.system)}</div></div>')


def answer_html(number: int, question: GeneratedQuestion) -> str:
    """Answer ``number``: the unit's counts and every reason (escaped)."""
    return (f'<div class="q jp-answer"><b>A{number}.</b> {esc(question.counts)}<ul>'
            + "".join(f"<li>{esc(reason)}</li>" for reason in question.reasons) + "</ul></div>")


def handout_html(title: str, raw_text: str, gold: Segmentation, system: Segmentation, system_name: str,
                 questions: Sequence[GeneratedQuestion]) -> str:
    """The handout as one HTML document (see the module doc)."""
    asked = "".join(question_html(number, q) + '<div class="blank"></div><div class="blank"></div>'
                    for number, q in enumerate(questions, 1)
                    ) or "<p>The system makes no error on this text: nothing to ask.</p>"
    answers = "".join(answer_html(number, q) for number, q in enumerate(questions, 1))
    return (
        "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">"
        f"<title>{esc(title)}</title>{HANDOUT_STYLE}</head><body>"
        f"<h1>{esc(title)}</h1>"
        f"<h2>The text</h2><div class=\"raw\">{esc(raw_text)}</div>"
        f"<h2>Gold segmentation ({esc(gold.name)})</h2>{_segmentation(gold)}"
        f"<h2>System segmentation ({esc(system_name)})</h2>{_segmentation(system)}"
        f"<h2>Questions</h2>{asked}"
        f'<section class="answers"><h2>Answers</h2>{answers}</section>'
        "</body></html>"
    )
