"""Shared paths for the tests, and one clear stop when the shared data is missing.

The golden tests read the full reference sets in ``../shared/data`` beside
the repository (or ``$JP_SHARED_DATA``: :mod:`bench.shared_data`).  Without
them the session stops before collecting, with one message saying where the
data was looked for, instead of an import error per test module.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.shared_data import SHARED_DATA, require_shared_data

ROOT = Path(__file__).resolve().parents[1]
UD = SHARED_DATA / "ud"
SAMPLE_DATA = ROOT / "sample_data"


def pytest_configure(config: pytest.Config) -> None:
    try:
        require_shared_data()
    except FileNotFoundError as error:
        raise pytest.UsageError(str(error)) from None
