"""Markup for the app's pages: the one place the inspector escapes what it shows.

Contract:

* every value that comes from a user file (tokens, labels, sentence ids,
  file names, corrections) goes through one of these before it reaches a
  page: :func:`esc` (jpcore's own, :func:`jpcore.reports.markup.esc`: the
  app and the HTML report escape with the same function) for HTML handed
  to ``st.html``; :func:`esc_markdown_html` for HTML shown through
  ``st.markdown(..., unsafe_allow_html=True)`` (SVG, which ``st.html``
  strips); :func:`md_text` for Streamlit Markdown (captions, messages);
* the other strings in markup are constants of the app;
* :data:`STYLE` is the stylesheet of the unit tables every evaluation view
  draws (:func:`units_table_html`); :func:`badge` shows a kind of group with
  its symbol, label, colour and border (:mod:`inspector.common.palette`);
  :data:`SEPARATOR` (``~~~``) joins the sentences of a unit of several sentences.
"""

from __future__ import annotations

import string
from collections.abc import Iterable, Sequence

from jpcore.reports.markup import esc
from inspector.common.palette import KIND_STYLES, ORANGE, VERMILLION, KindStyle, group_word, kind_style

__all__ = ["SEPARATOR", "STYLE", "badge", "enum_text", "esc", "esc_markdown_html", "kind_text", "md_text",
           "styled_badge", "units_table_html"]

SEPARATOR = '<span class="jp-sep" title="sentence boundary">~~~</span>'

STYLE = f"""<style>
.jp-units {{border-collapse: collapse; width: 100%; font-size: 0.95rem; line-height: 1.9;}}
.jp-units th {{text-align: left; border-bottom: 2px solid rgba(128,128,128,.6); padding: 2px 6px;}}
.jp-units td {{border-bottom: 1px solid rgba(128,128,128,.3); padding: 4px 6px; vertical-align: top;}}
.jp-units td.jp-num {{white-space: nowrap; font-variant-numeric: tabular-nums;}}
.jp-units td.jp-side {{width: 36%;}}
.jp-units td.jp-counts {{white-space: nowrap; font-size: 0.85rem;}}
.jp-badge {{display: inline-block; padding: 0 6px; border-radius: 4px; font-weight: 600;
  white-space: nowrap; border-width: 2px; line-height: 1.5;}}
.jp-wg {{border-width: 2px; border-radius: 4px; padding: 0 3px; margin: 0 1px;}}
.jp-wg sup {{font-size: 0.7em; font-weight: 700; margin-left: 2px;}}
.jp-sep {{font-weight: 700; letter-spacing: 1px; padding: 0 3px; border-radius: 3px;
  background: {ORANGE}40; white-space: nowrap;}}
.jp-none {{opacity: .7; font-style: italic;}}
.jp-ok {{color: inherit;}}
.jp-bad {{font-weight: 600; text-decoration: underline; text-decoration-color: {VERMILLION};}}
.jp-small {{font-size: 0.8em; opacity: .8;}}
.jp-why li {{margin-bottom: 4px;}}
.jp-norm {{text-decoration: underline dotted 2px; text-underline-offset: 3px;}}
.jp-mwt {{display: inline-flex; flex-direction: column; align-items: stretch; vertical-align: bottom;
  line-height: 1.25; margin: 0 1px;}}
.jp-mwt-form {{font-size: 0.75em; font-weight: 700; text-align: center; white-space: nowrap;
  border-bottom: 2px solid rgba(128,128,128,.75); border-left: 1px solid rgba(128,128,128,.75);
  border-right: 1px solid rgba(128,128,128,.75); border-radius: 3px 3px 0 0; padding: 0 2px;}}
.jp-mwt-words {{white-space: nowrap; text-align: center;}}
.jp-units td.jp-side:lang(ko), .jp-ia:lang(ko) {{word-break: keep-all;
  font-family: "Source Sans Pro", "Noto Sans CJK KR", "Apple SD Gothic Neo", "Malgun Gothic", sans-serif;}}
.jp-units td.jp-side:lang(ja), .jp-ia:lang(ja) {{line-break: strict;
  font-family: "Source Sans Pro", "Noto Sans CJK JP", "Hiragino Sans", "Yu Gothic", "Meiryo", sans-serif;}}
.jp-ia {{display: flex; flex-wrap: wrap; gap: 6px 3px; align-items: stretch; line-height: 1.7;}}
.jp-ia-g {{display: inline-flex; flex-direction: column; max-width: 100%; padding: 0 4px;
  border: 1px solid rgba(128,128,128,.25); border-radius: 4px;}}
.jp-ia-g.jp-ia-bad {{border-width: 2px;}}
.jp-ia-t {{white-space: normal; overflow-wrap: anywhere;}}
.jp-ia-t + .jp-ia-t {{border-top: 1px dotted rgba(128,128,128,.6);}}
.jp-ia-n {{font-size: 0.7em; font-weight: 700;}}
.jp-ia-key {{display: inline-flex; flex-direction: column; font-size: 0.75em; opacity: .75;
  padding: 0 4px; justify-content: space-around;}}
</style>"""


def esc_markdown_html(value: object) -> str:
    """``value`` escaped for HTML/SVG (:func:`esc`), plus ``$`` and ``:`` as character
    references, so Streamlit's Markdown (markup shown with ``st.markdown(...,
    unsafe_allow_html=True)``: ``st.html`` strips SVG) can never read a word as
    maths or an emoji code."""
    return esc(value).replace("$", "&#36;").replace(":", "&#58;")


_MARKDOWN_ESCAPES = {ord(c): "\\" + c for c in string.punctuation}


def md_text(value: object) -> str:
    """``value`` as literal text inside Streamlit Markdown (``st.error``, captions):
    every ASCII punctuation character is backslash-escaped (CommonMark), so
    user text cannot create links, emphasis, HTML, colour directives or maths."""
    return str(value).translate(_MARKDOWN_ESCAPES)


def enum_text(value: object, choices: Iterable[str]) -> str:
    """``value`` for Markdown when it should be one of ``choices`` (a kind, a level):
    as it is when it is one (the app's own constant), else escaped (:func:`md_text`)."""
    return value if isinstance(value, str) and value in choices else md_text(value)


def badge(kind: str, extra: str = "", shape: str | None = None) -> str:
    """A coloured, bordered badge: symbol + label (+ ``extra``, escaped); with the group's
    ``shape``, a ``merged`` kind is labelled by its shape's word (split, merged, regrouped)."""
    style = kind_style(kind, shape)
    return styled_badge(style, f"{style.symbol} {style.label}" + (f" {extra}" if extra else ""))


def styled_badge(style: KindStyle, text: str, title: str = "") -> str:
    """A badge in ``style``'s colour and border holding ``text`` (escaped); hovering shows
    ``title`` (escaped), else the style's meaning."""
    return (
        f'<span class="jp-badge" title="{esc(title or style.meaning)}" style="border-style: {style.border};'
        f' border-color: {style.colour}; background: {style.colour}33;">{esc(text)}</span>'
    )


def kind_text(kind: str, shape: str | None = None) -> str:
    """A group's symbol and word for Markdown (``÷ split``): :func:`badge`'s words without
    its markup; an unknown kind escaped (:func:`enum_text`)."""
    style = kind_style(kind, shape)
    word = group_word(kind, shape)
    return f"{style.symbol} {enum_text(word, KIND_STYLES)}"


def units_table_html(style: str, table_class: str, headers: Sequence[str], rows: str,
                     empty: str = "No unit matches the filters.") -> str:
    """``rows`` (``<tr>`` elements, already escaped) in a table with ``headers``
    (literal text) after the stylesheet ``style``; one ``empty`` row when there are none."""
    if not rows:
        rows = f'<tr><td colspan="{len(headers)}" class="jp-none">{empty}</td></tr>'
    head = "".join(f"<th>{header}</th>" for header in headers)
    return f'{style}<table class="{table_class}"><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>'
