"""The metric cards (``docs/metric-cards/*.md``), as the About page shows them.

Contract: the cards are Markdown files, one per evaluation, written for the
repository's docs; :func:`card_names` lists them (``README.md``, their
index, is not a card), :func:`card_text` reads one, :func:`card_title` is
its first ``# `` line, and :func:`card_body` the rest made fit for a page
section: headings two levels down (the page's own headers stay on top),
links to other docs pages written as their path (they would not resolve
inside the app), ``$`` escaped (Streamlit would read it as maths).  The
numbers on a card are tested by ``tests/test_metric_cards.py``.

Where the files are: :data:`PACKAGED` in an installed wheel (``setup.py``
carries ``docs/metric-cards`` into the package, as it carries the sample
data), else :data:`CHECKOUT`, the repository's own ``docs/metric-cards``.

>>> card_names()
['gec', 'parseval', 'preprocess', 'ud']
>>> card_body("x", "# Title\\n\\n## Inputs\\nSee [the peers](../equal-to-the-peers.md), $5.\\n")
'#### Inputs\\nSee the peers (docs/equal-to-the-peers.md), \\\\$5.'
"""

from __future__ import annotations

import re
from pathlib import Path

__all__ = ["CARDS_DIR", "card_body", "card_names", "card_text", "card_title"]

#: Where the wheel puts the cards (inside the installed package).
PACKAGED = Path(__file__).resolve().parent.parent / "metric_cards"
#: Where a checkout has them.
CHECKOUT = Path(__file__).resolve().parents[2] / "docs" / "metric-cards"
#: The folder in use (the packaged one when it exists).
CARDS_DIR = PACKAGED if PACKAGED.is_dir() else CHECKOUT

_LINK = re.compile(r"\[([^\]]+)\]\((?!https?:)([^)#]*?\.md)(#[^)]*)?\)")
_HEADING = re.compile(r"^(#{2,4}) ", re.M)


def card_names() -> list[str]:
    """The evaluations that have a card, sorted (``preprocess``, ``parseval``, ...)."""
    return sorted(path.stem for path in CARDS_DIR.glob("*.md") if path.name != "README.md")


def card_text(name: str) -> str:
    """The card of evaluation ``name`` as written (UTF-8)."""
    return (CARDS_DIR / f"{name}.md").read_text("utf-8")


def card_title(name: str) -> str:
    """The card's title: its first ``# `` line without the hashes."""
    return next(line[2:].strip() for line in card_text(name).splitlines() if line.startswith("# "))


def _docs_path(target: str) -> str:
    """A link target relative to a card, as a path from the repository root."""
    parts = ["docs", "metric-cards"]
    for part in target.split("/"):
        if part == "..":
            parts.pop()
        elif part not in ("", "."):
            parts.append(part)
    return "/".join(parts)


def card_body(name: str, text: str | None = None) -> str:
    """The card ``name`` (or ``text``) without its title, fit for a page section (module doc)."""
    text = card_text(name) if text is None else text
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("# ")) + 1
    body = "\n".join(lines[start:]).strip()
    body = _HEADING.sub(lambda m: "##" + m.group(1) + " ", body)
    body = _LINK.sub(lambda m: f"{m.group(1)} ({_docs_path(m.group(2))})", body)
    return body.replace("$", "\\$")
