"""A file as the app holds it: its content and the name to show for it.

Uploads, pasted texts, bundled samples and saved JSON results all reach the
loaders as :class:`NamedBytes`; the name is only shown (in messages, tables
and reports), never used to find a file: results are keyed by content.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class NamedBytes:
    """A file's content and the name to show for it."""

    name: str
    data: bytes
