"""jpcore: align gold and system text that is cut differently, then score it.

The public entry points are the evaluation packages (:mod:`jpcore.task` lists them) and the
command line (``python -m jpcore``).  Nothing in this package imports
Streamlit; the inspector app is a client of these result objects.
"""

__version__ = "0.1.0"
