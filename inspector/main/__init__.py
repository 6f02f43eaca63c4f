"""The entry point (app.py, run by Streamlit) and the sample check of ``jp-inspector --check``."""
