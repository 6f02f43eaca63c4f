"""A chart's (or a table's) selection written into the filter widget it stands for: one state.

A page whose chart bars stand for values of a filter widget (the Brackets
label chart and the Label filter, the Edits type chart and the type filters,
the Analysis bucket chart and the Buckets filter, the Dependencies per-label
tables and the DEPREL / UPOS filters) reads the selection *before* drawing
the widget and calls :func:`follow_selection`:

* a selection is an event: when it differs from the one seen at the previous
  run, the widget's value becomes the selected values it offers, so the
  widget shows the selection and its URL parameter (the widget is bound to
  the URL) carries it; a selection emptied (a double-click on the chart)
  clears the widget;
* otherwise the widget is the filter.  Changed by hand so that it no longer
  says what the chart has selected (e.g. cleared), the chart is redrawn
  without its selection: :func:`figure_revision` changes the figure (its
  ``layout.meta``), and Streamlit draws a changed figure as a new chart,
  whose selection is empty.  The same selection clicked again is then an
  event again.

A table's ticked rows are a selection too: :func:`selected_rows` reads them
before the table is drawn under :func:`keyed` (a new key once the widget was
changed by hand, so the table is drawn unticked).

``source`` names what the selection is of (the Edits chart's level): when it
changes, the chart is a new one and the widget keeps its value.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any

import streamlit as st


def _seen_key(selection_key: str) -> str:
    return f"_{selection_key}_seen"


def _revision_key(selection_key: str) -> str:
    return f"_{selection_key}_revision"


def follow_selection(selection_key: str, widget_key: str, selected: Sequence[Hashable],
                     options: Sequence[Hashable], source: str = "") -> bool:
    """Make the widget ``widget_key`` show the selection ``selected`` of the chart or table
    ``selection_key`` when that selection changed since the previous run (see the module);
    call before the widget is drawn.  True when the widget was set in this run."""
    offered = set(options)
    chosen = [value for value in dict.fromkeys(selected) if value in offered]
    now = (source, tuple(chosen))
    seen = st.session_state.get(_seen_key(selection_key)) or (source, ())
    st.session_state[_seen_key(selection_key)] = now
    if seen[0] != source or now == seen:
        if chosen and set(chosen) != set(st.session_state.get(widget_key) or ()):
            # the widget was changed by hand: a fresh chart, without this selection
            st.session_state[_revision_key(selection_key)] = revision(selection_key) + 1
            st.session_state[_seen_key(selection_key)] = (source, ())
        return False
    st.session_state[widget_key] = chosen
    return True


def revision(selection_key: str) -> int:
    """How many times the chart ``selection_key`` was redrawn without its selection."""
    return int(st.session_state.get(_revision_key(selection_key), 0))


def figure_revision(figure: Any, *selection_keys: str) -> Any:
    """``figure`` (plotly) marked with the :func:`revision` of each selection it holds, so a
    new revision is a new chart without a selection; unchanged while there is none."""
    numbers = [revision(key) for key in selection_keys]
    if any(numbers):
        figure.update_layout(meta={"selection_revision": numbers})
    return figure


def keyed(selection_key: str, base: str | None = None) -> str:
    """The widget key of a table whose selection sets a filter: ``base`` (default
    ``selection_key``), then a new key at each :func:`revision` of ``selection_key`` (a
    table's rows cannot be unticked from the server; a table under a new key is a new one,
    nothing ticked)."""
    number = revision(selection_key)
    base = selection_key if base is None else base
    return base if not number else f"{base}-r{number}"


def selected_rows(table_key: str) -> list[int]:
    """The rows ticked in the table ``table_key`` (a :func:`keyed` key) at the end of the
    previous run (its session state), read before the table is drawn again."""
    state = st.session_state.get(table_key) or {}
    selection = state.get("selection", {}) if isinstance(state, Mapping) else getattr(state, "selection", {})
    rows = selection.get("rows", []) if isinstance(selection, Mapping) else getattr(selection, "rows", [])
    return [row for row in rows if isinstance(row, int) and not isinstance(row, bool)]


def shows_selection(widget_key: str, selected: Sequence[Hashable]) -> bool:
    """True when the widget holds exactly the (non-empty) selection: a caption may then
    call the widget's value the chart's selection."""
    return bool(selected) and set(selected) == set(st.session_state.get(widget_key) or ())
