"""jpcore: align gold and system text that is cut differently, then score it.

The public entry points are the evaluation packages (:mod:`jpcore.task` lists them), the
command line (``python -m jpcore``) and the Python API for notebooks (:mod:`jpcore.api`:
``jpcore.evaluate``, ``jpcore.compare``, ``jpcore.rank``, ``jpcore.load``, re-exported
here lazily, PEP 562, so ``import jpcore`` and ``jpcore --help`` import none of it).
Nothing in this package imports Streamlit; the inspector app is a client of these
result objects.
"""

from jpcore.version import __version__

#: The names :mod:`jpcore.api` offers here, imported on first use.
API = ("Evaluation", "compare", "evaluate", "load", "rank")


def __getattr__(name: str) -> object:
    if name in API:
        from jpcore import api

        return getattr(api, name)
    raise AttributeError(f"module 'jpcore' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted([*globals(), *API])
