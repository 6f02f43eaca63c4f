"""``ensure_selection`` (inspector/common/widgets.py) with a unit held as text: a widget bound to
the URL can hold the address's value as text before it is drawn; once, under ten sessions at
once (``python -m bench.load``), the Brackets page raised ``TypeError: '<=' not supported
between 'int' and 'str'`` in the check of the pair number.  A real script run (AppTest) with
the session holding the text as Streamlit would."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest


def _script() -> None:
    import streamlit as st

    from inspector.common.widgets import ensure_selection

    held = st.query_params.get("held")
    st.session_state["_pair_owner"] = "result-1"  # the same result as in the last run
    st.session_state["pair"] = held
    ensure_selection("pair", "result-1", lambda i: 0 <= i < 7, 0, from_link=False)
    st.write(f"pair={st.session_state['pair']!r}")


@pytest.mark.parametrize(("held", "shown"), [("4", "pair=4"), ("6", "pair=6"), ("7", "pair=0"), ("x", "pair=0"),
                                             ("²", "pair=0"), ("", "pair=0")])
def test_a_unit_held_as_text_is_read_as_its_number_or_the_default(held: str, shown: str) -> None:
    at = AppTest.from_function(_script, default_timeout=60)
    at.query_params["held"] = held
    at.run()
    assert not at.exception
    assert [m.value for m in at.markdown] == [shown]
