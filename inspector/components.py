"""Small Streamlit blocks shared by several pages (no page logic here)."""

from __future__ import annotations

import streamlit as st

from inspector import samples
from inspector.render import md_text
from inspector.state import Loaded


def loaded_caption(loaded: Loaded) -> None:
    """One line: gold and system file, token level, normalisation in force."""
    result = loaded.result
    st.caption(
        f"**{md_text(loaded.label)}** · gold {md_text(result.gold.name)} · system "
        f"{md_text(result.system.name)} · level {md_text(result.level)} · "
        f"{result.normaliser.describe()}"
    )


def attribution(loaded: Loaded, expanded: bool = False) -> None:
    """The bundled sample's source and licence (nothing for user files)."""
    if loaded.sample_key is None:
        return
    sample = samples.get_sample(loaded.sample_key)
    with st.expander("Source and licence of this sample", expanded=expanded):
        st.markdown(sample.attribution())
