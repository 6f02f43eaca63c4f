"""Shared paths for the tests."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED_DATA = ROOT.parent / "shared" / "data"
UD = SHARED_DATA / "ud"
SAMPLE_DATA = ROOT / "sample_data"
