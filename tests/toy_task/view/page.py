"""The toy task's page: two pasted texts, their ``chars`` totals (the thin page file and its view in one)."""

import streamlit as st

from inspector.common.markup import md_text
from tests.toy_task import evaluate_bytes

st.title("Chars")
gold = st.text_area("Gold", "cat\ndog", key="chars_gold")
system = st.text_area("System", "cut\ndo", key="chars_sys")
totals = evaluate_bytes(gold.encode(), system.encode(), "gold (pasted)", "system (pasted)").totals
st.markdown(md_text(f"equal {totals['equal']} of {totals['gold']} gold and {totals['system']} system characters"))
