"""Small Streamlit blocks shared by the pages of every view (no page logic here).

* :func:`report_button`: the self-contained HTML report of any result
  (rendered by :func:`jpcore.reports.render_html` only when clicked);
* :func:`loading_status`: the progress indication shown while an input loads
  (and :func:`jpcore.runtime.settle_heap`, so a large result does not slow every rerun);
* the selected unit, kept in the URL (``?unit=46``): :func:`ensure_selection`
  chooses it (the URL, else a default such as the first merged unit),
  :func:`follow_filters` moves it to the first unit a changed filter shows,
  :func:`pick_from_table` follows a click on a table row, :func:`nav_buttons`
  draws Previous/Next with keyboard shortcuts (K / J) over the units the
  filters show, :func:`unit_input` the number input bound to the URL;
* :func:`flow`: a row of metrics, buttons or filters that wraps on a narrow
  screen (each keeps its width) instead of squeezing and cutting its labels;
* :func:`paged`: a long list cut into pages by ``st.pagination`` (bound to
  the URL), so a large input never sends every row at once.
"""

from __future__ import annotations

import gc
import math
import time
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any, NoReturn, TypeVar

import streamlit as st

from jpcore.reports import InputInfo, render_html
from jpcore.runtime import settle_heap
from inspector.common import url_kinds, url_state
from inspector.common.markup import md_text
from inspector.common.wording import short_header

T = TypeVar("T")

#: Keyboard shortcuts of the Previous / Next unit buttons.
PREVIOUS_KEY = "K"
NEXT_KEY = "J"


#: Widths in pixels of the elements a :func:`flow` holds: a metric, a filter, a search box.
METRIC_WIDTH, FILTER_WIDTH, SEARCH_WIDTH = 170, 220, 280
#: The download of a view's full result, the same words on every page.
RESULT_JSON_LABEL = "JSON result (reopens here)"
#: Width in pixels of a table's Kind column: its longest word (``system-only``, ``regrouped``)
#: whole, never cut to "mergec".
KIND_COLUMN_WIDTH = 120


#: Width in pixels of a units table's count column (a number under a short header, ``Sent TP``).
COUNT_COLUMN_WIDTH = 64
#: Width in pixels of a units table's text column (``Gold``, ``System``).
TEXT_COLUMN_WIDTH = 280


def kind_column() -> Any:
    """The column configuration of a units table's ``Kind`` column (wide enough for every kind)."""
    return st.column_config.TextColumn("Kind", width=KIND_COLUMN_WIDTH)


def units_columns(frame: Any, texts: Sequence[str] = ("Gold", "System"),
                  config: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The column configuration of a units (or pairs) table: its count columns narrow (a whole
    column of ints under a header of at most 8 characters, a long one shortened by
    :func:`inspector.common.wording.short_header` with its full name on hover: ``Tok. TP``), its
    Kind column whole, its texts 280 px, so that at 1400 px the texts start inside the box after
    the key columns (issue 25 item 12); ``config`` (a page's own columns) wins."""
    import pandas as pd

    out: dict[str, Any] = {}
    for name in frame.columns:
        label = short_header(str(name))
        if name == "Kind":
            out[name] = kind_column()
        elif name in texts:
            out[name] = st.column_config.TextColumn(name, width=TEXT_COLUMN_WIDTH)
        elif len(label) <= 8 and pd.api.types.is_integer_dtype(frame[name]):
            out[name] = st.column_config.NumberColumn(label, width=COUNT_COLUMN_WIDTH,
                                                      help=str(name) if label != name else None)
    out.update(config or {})
    return out


def flow(align: str = "bottom") -> Any:
    """A horizontal container that wraps: give each element a width (``METRIC_WIDTH``...,
    buttons and toggles size to their label) and a narrow page (800 px with the sidebar)
    puts what does not fit on the next line; ``st.columns`` would cut labels to "Tabl…"."""
    return st.container(horizontal=True, wrap=True, gap="small", vertical_alignment=align)


def report_button(result: Any, inputs: Sequence[InputInfo], *, key: str, file_name: str,
                  selected: Sequence[int] = (), comparison: Any = None,
                  reviews: Mapping[int, tuple[str | None, str]] | None = None,
                  sections: Callable[[], Sequence[Any]] | None = None) -> None:
    """A download button for the self-contained HTML report of ``result`` (scores, SVG
    charts, definitions, licences, the per-unit table -- with each unit's verdict and note
    from ``reviews``, unit index -> (verdict, note); ``selected`` units first where the
    report draws units, e.g. the trees of the pair shown; with ``comparison``, system B
    against it: :func:`inspector.common.system_b.shown`; ``sections()``, sections added at
    the end, such as the scores after review); the file is made on click."""
    chosen = list(selected)
    st.download_button(
        "HTML report (self-contained)",
        lambda: render_html(result, list(inputs), selected=chosen, comparison=comparison, reviews=reviews,
                            extra_sections=sections() if sections is not None else ()),
        file_name=file_name, mime="text/html", key=key, on_click="ignore",
        icon=":material/description:",
        help="One HTML file: scores, charts, every metric's definition, the data licences, "
             "the parameters in force and the per-unit table. No script, no network.",
    )


@contextmanager
def loading_status(label: str) -> Iterator[Callable[[str], None]]:
    """Show ``label`` with a spinner while the block runs; yields ``step(text)`` to
    report each stage; ends as "done in N s" (or as failed when the block raises).
    ``label`` and the steps are shown as literal text (file names may hold Markdown).
    The cyclic garbage collector is paused meanwhile; on success the heap is
    settled (:func:`jpcore.runtime.settle_heap`) before "done"."""
    start = time.perf_counter()
    label = md_text(label)
    collecting = gc.isenabled()
    gc.disable()  # loading builds many objects and no garbage cycles: no collection meanwhile
    with st.status(label, expanded=False) as status:
        try:
            yield lambda text: status.write(md_text(text))
        except BaseException:
            status.update(label=f"{label} failed", state="error")
            raise
        finally:
            if collecting:
                gc.enable()
        settle_heap()
        status.update(label=f"{label} done in {time.perf_counter() - start:.1f} s",
                      state="complete", expanded=False)


# --- the selected unit ---------------------------------------------------------


def as_int(value: object) -> int | None:
    """A unit number written in the URL: ASCII digits only, at most
    :data:`inspector.common.url_kinds.MAX_DIGITS` of them (``²`` and 5,000-digit values are not)."""
    text = str(value).strip() if value is not None else ""
    if not (text.isascii() and text.isdigit()) or len(text) > url_kinds.MAX_DIGITS:
        return None
    return int(text)


def ensure_selection(key: str, owner: str, valid: Callable[[int], bool], default: int | None,
                     from_link: bool = True) -> None:
    """Make ``st.session_state[key]`` a valid unit before its widget is drawn.

    The first time a result (``owner``, e.g. its fingerprint) is shown in
    the session, a unit named in the URL (``?key=N``) wins when the link is
    for that data (``from_link``: :func:`inspector.common.loader_state.link_is_for`);
    a URL changed from outside afterwards (browser Back/Forward) wins too; a
    new result starts at ``default``; a value held as text (as a widget bound to
    the URL may hold it) is read as a unit number; an invalid or missing value
    becomes ``default``.  A unit of the URL that is not used is noted by
    :func:`inspector.common.url_state.end`.
    """
    owner_key = f"_{key}_owner"
    previous = st.session_state.get(owner_key)
    wanted = as_int(url_state.link_value(key)) if from_link else None
    if wanted is not None and not valid(wanted):
        wanted = None
    if previous != owner:
        st.session_state[key] = wanted if previous is None and wanted is not None else default
        st.session_state[owner_key] = owner
        st.session_state.pop(f"_{key}_table_seen", None)
        return
    if wanted is not None and url_state.changed_from_outside(key):
        st.session_state[key] = wanted
        return
    current = st.session_state.get(key)
    if current is not None and not isinstance(current, int):  # text: a widget bound to the URL can
        current = as_int(current)  # hold the address's value so (seen once under load, Brackets)
        st.session_state[key] = current
    if current is None or not valid(current):
        st.session_state[key] = default


def _position(ids: Sequence[int], current: int | None) -> int | None:
    """Where ``current`` is in the sorted ``ids``, or ``None`` when it is not among them."""
    position = bisect_left(ids, current) if current is not None else len(ids)
    return position if position < len(ids) and ids[position] == current else None


def follow_filters(key: str, ids: Sequence[int]) -> None:
    """When the units the filters show (``ids``, sorted) changed since the last run
    and the selected unit is not among them, select the first of them: the detail
    follows a filter change instead of staying on a unit the filters exclude.  A
    unit chosen while the filters stay the same (typed, from a link) is kept.
    Call after :func:`ensure_selection`, before the unit's widget is drawn."""
    seen_key = f"_{key}_filters_seen"
    shown = (len(ids), hash(tuple(ids)))
    previous = st.session_state.get(seen_key, shown)
    st.session_state[seen_key] = shown
    if previous == shown or not ids:
        return
    if _position(ids, st.session_state.get(key)) is None:
        st.session_state[key] = ids[0]


def pick_from_table(rows: Sequence[int], ids: Sequence[int], key: str) -> None:
    """When the table's selected row changed since the last run, select its unit
    (``ids[row]``).  Call before the unit's widget is drawn."""
    seen_key = f"_{key}_table_seen"
    selection = tuple(rows)
    if selection == st.session_state.get(seen_key):
        return
    st.session_state[seen_key] = selection
    if selection and 0 <= selection[0] < len(ids):
        st.session_state[key] = ids[selection[0]]


def _step(key: str, ids: Sequence[int], direction: int) -> None:
    current = st.session_state.get(key)
    if not ids:
        return
    if current is None:
        st.session_state[key] = ids[0]
        return
    if direction > 0:
        position = bisect_right(ids, current)
        if position < len(ids):
            st.session_state[key] = ids[position]
    else:
        position = bisect_left(ids, current) - 1
        if position >= 0:
            st.session_state[key] = ids[position]


def nav_buttons(key: str, ids: Sequence[int], noun: str = "unit") -> None:
    """Previous / Next buttons (shortcuts K / J) over ``ids``, the units the filters
    show, in document order; they change ``st.session_state[key]``."""
    current = st.session_state.get(key)
    row = flow()
    row.button(
        f"Previous {noun}", key=f"{key}_prev", shortcut=PREVIOUS_KEY, icon=":material/arrow_back:",
        on_click=_step, args=(key, list(ids), -1),
        disabled=not ids or (current is not None and current <= ids[0]),
        help=f"The previous {noun} the filters show (key {PREVIOUS_KEY}).",
    )
    row.button(
        f"Next {noun}", key=f"{key}_next", shortcut=NEXT_KEY, icon=":material/arrow_forward:",
        on_click=_step, args=(key, list(ids), 1),
        disabled=not ids or (current is not None and current >= ids[-1]),
        help=f"The next {noun} the filters show (key {NEXT_KEY}).",
    )


def position_caption(key: str, ids: Sequence[int], noun: str = "unit") -> None:
    """Where the selected unit is among those the filters show."""
    position = _position(ids, st.session_state.get(key))
    if position is not None:
        where = f"{noun.capitalize()} {position + 1:,} of the {len(ids):,} the filters show."
    else:
        where = f"This {noun} is not among the {len(ids):,} the filters show."
    st.caption(f"{where} Keys {PREVIOUS_KEY} / {NEXT_KEY}: previous / next; "
               "the URL keeps the selection, so a link reopens it.")


def unit_input(key: str, first: int, last: int, label: str) -> int | None:
    """The selected unit as a number input bound to the URL (``?key=N``)."""
    return st.number_input(label, min_value=first, max_value=last, step=1, key=key,
                           bind="query-params", help="Type a number to jump to that unit.")


def unit_navigation(key: str, ids: Sequence[int], n_units: int, prompt: str) -> int | None:
    """The navigation row of a unit detail panel -- Previous / Next (K / J) over
    ``ids``, a number input bound to the URL, where the unit is among ``ids`` --
    and the selected unit's index, or ``None`` after showing ``prompt`` (or, when
    there are no units, that both files are empty)."""
    if n_units == 0:
        st.info("No units: both files are empty.")
        return None
    with flow():
        nav_buttons(key, ids)
        with st.container(width=140):
            unit_input(key, 0, n_units - 1, "Unit #")
        with st.container(width=FILTER_WIDTH + 80):
            position_caption(key, ids)
    index = st.session_state.get(key)
    if index is None:
        st.info(prompt)
    return index


def tables_side_by_side(tables: Sequence[tuple[str, Any, str]], widths: Sequence[float] = (2, 3)) -> None:
    """``(heading, frame, key)`` tables in columns of ``widths``, each under its Markdown heading."""
    for column, (heading, frame, key) in zip(st.columns(list(widths)), tables):
        with column:
            st.markdown(heading)
            st.dataframe(frame, hide_index=True, key=key)


def paged(items: Sequence[T], per_page: int, key: str, noun: str,
          caption: bool = True) -> tuple[Sequence[T], int]:
    """``(the items of the current page, index of its first item)``; draws
    ``st.pagination`` (bound to the URL as ``?key=N``) and, with ``caption``, which
    items are shown, only when there is more than one page."""
    n_pages = max(1, math.ceil(len(items) / per_page))
    page = 1
    if n_pages > 1:
        page = min(st.pagination(n_pages, key=key, bind="query-params"), n_pages)
        first = (page - 1) * per_page
        shown = items[first:first + per_page]
        if caption:
            st.caption(f"{noun.capitalize()} {first + 1:,}–{first + len(shown):,} of {len(items):,} "
                       f"(page {page} of {n_pages}).")
    first = (page - 1) * per_page
    return items[first:first + per_page], first


def stop_until_loaded(message: str, loader_page: str, title: str, icon: str) -> NoReturn:
    """A general page (Analysis, Compare, Ranking) with nothing to show yet: ``message`` (markdown,
    already escaped), a link to the page that loads evaluation ``title``, and the script stops."""
    st.info(message, icon=icon)
    st.page_link(loader_page, label=f"Open the page that loads {title}", icon=":material/arrow_forward:")
    st.stop()


def measure_choice(result: Any, label: str, key: str, help_text: str) -> str:
    """The name of the measure of ``result``'s task chosen in a selectbox (its default first chosen;
    no selectbox when the task has one measure)."""
    from jpcore.extras.totals import measures_of

    measures = list(measures_of(result))
    names = [m.name for m in measures]
    if len(names) == 1:
        return names[0]
    default = next((m.name for m in measures if m.default), names[0])
    labels = {m.name: m.label(result) for m in measures}
    return st.selectbox(label, names, key=key, index=names.index(default), format_func=labels.__getitem__,
                        help=help_text)
