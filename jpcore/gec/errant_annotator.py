"""The optional ``errant`` annotator: ERRANT 3.0.2's English edits and types.

Where the ``errant`` package and a spaCy English pipeline are installed,
:func:`load_errant` returns an annotator with the same contract as
:func:`jpcore.gec.extract.extract_edits` (token lists in, :class:`~jpcore.gec.edit.Edit`
list out) that runs ERRANT's own alignment, merging and classification
(``annotator.annotate(orig, cor)``, linguistic Damerau-Levenshtein alignment,
rule merging) on the whitespace tokens (``parse(text, tokenise=False)``), so
its types are ERRANT's full English types (``R:VERB:SVA``, ...).  Its types
mean nothing for other languages.

Neither package is required: both are imported only here, only when this
annotator is asked for; without them :class:`AnnotatorUnavailable` (an
:class:`~jpcore.errors.InputError`, so the command line exits with status 2
and one line) says what to install.  The pipeline is the first installed of
:data:`ENGLISH_MODELS`, else any installed package whose name starts with
``en_core_web`` (spaCy models are not on the package registries the project
installs from, so CI does not have one).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from jpcore.errors import InputError
from jpcore.gec.edit import Edit

__all__ = ["ENGLISH_MODELS", "AnnotatorUnavailable", "english_model", "load_errant"]

ENGLISH_MODELS = ("en_core_web_sm", "en_core_web_md", "en_core_web_lg", "en_core_web_trf")
"""spaCy's English pipelines, in the order they are tried (errant uses the small one)."""

INSTALL_HINT = "pip install errant==3.0.2 and a spaCy English pipeline such as en_core_web_sm"


class AnnotatorUnavailable(InputError):
    """The ``errant`` annotator was asked for, but errant or a spaCy English pipeline is missing."""

    def __init__(self, found: str) -> None:
        super().__init__("--annotator errant", None, f"errant and a spaCy English pipeline ({INSTALL_HINT})", found)


def english_model() -> str | None:
    """The name of an installed spaCy English pipeline, or ``None`` (spaCy missing included)."""
    try:
        import spacy.util
    except ImportError:
        return None
    installed = set(spacy.util.get_installed_models())
    for name in ENGLISH_MODELS:
        if name in installed:
            return name
    others = sorted(name for name in installed if name.startswith("en_core_web"))
    return others[0] if others else None


def load_errant(model: str | None = None) -> Callable[[Sequence[str], Sequence[str]], list[Edit]]:
    """An annotator running errant with spaCy pipeline ``model`` (default: :func:`english_model`)."""
    try:
        import errant
        import spacy
    except ImportError as error:
        raise AnnotatorUnavailable(f"no module named {error.name!r}") from None
    name = model or english_model()
    if name is None:
        raise AnnotatorUnavailable("no spaCy English pipeline installed")
    annotator = errant.load("en", spacy.load(name, disable=["ner"]))

    def annotate(orig: Sequence[str], cor: Sequence[str]) -> list[Edit]:
        orig_doc = annotator.parse(" ".join(orig), tokenise=False)
        cor_doc = annotator.parse(" ".join(cor), tokenise=False)
        return [
            Edit(edit.o_start, edit.o_end, edit.c_start, edit.c_end, edit.type, tuple(cor[edit.c_start:edit.c_end]))
            for edit in annotator.annotate(orig_doc, cor_doc)
        ]

    annotate.model = name  # type: ignore[attr-defined]
    return annotate
