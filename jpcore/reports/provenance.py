"""Where the inputs of a report came from: names and, when known, licence and attribution.

Contract: :class:`InputInfo` is one input file as the report shows it (its
role, its name, the attribution text or ``None`` when it is not known).
:func:`attribution_near` finds the attribution of a file the way
jp-inspector's sample folders record it: a ``SOURCE.md`` beside the file,
whose ``## Attribution`` section (else its ``## Source`` section) and
``Licence:`` line are returned as plain text.  Nothing is guessed: a file
without such a ``SOURCE.md`` has no known licence.  The text is data and is
escaped by the renderer like any other value.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

#: What a report says for an input whose licence is not known.
UNKNOWN = "Licence and attribution not known (no SOURCE.md beside the file)."


@dataclass(frozen=True, slots=True)
class InputInfo:
    """One input of a report: ``role`` (gold, system...), ``name``, ``attribution``."""

    role: str
    name: str
    attribution: str | None = None


def _section(lines: list[str], title: str) -> list[str]:
    out: list[str] = []
    inside = False
    for line in lines:
        if line.startswith("## "):
            if inside:
                break
            inside = line[3:].strip().lower() == title
            continue
        if inside:
            out.append(line)
    return out


def attribution_text(source_md: str) -> str | None:
    """The attribution in the text of a ``SOURCE.md`` (see the module doc), or ``None``."""
    lines = source_md.splitlines()
    body = _section(lines, "attribution") or _section(lines, "source")
    text = "\n".join(body).strip()
    licence = next((line.lstrip("*- ").strip() for line in lines
                    if line.lstrip("*- ").lower().startswith(("licence:", "license:"))), "")
    if licence and licence not in text:
        text = f"{text}\n\n{licence}".strip()
    return text or None


def attribution_near(path: str | Path) -> str | None:
    """The attribution recorded in the ``SOURCE.md`` beside ``path``, or ``None``."""
    source = Path(path).resolve().parent / "SOURCE.md"
    try:
        return attribution_text(source.read_text("utf-8", errors="replace"))
    except OSError:
        return None


def inputs_from_paths(*pairs: tuple[str, str]) -> list[InputInfo]:
    """``InputInfo`` for ``(role, path)`` pairs, with the attribution found beside each file."""
    return [InputInfo(role, path, attribution_near(path)) for role, path in pairs]
