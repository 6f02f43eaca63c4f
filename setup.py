"""Build glue beside pyproject.toml, which holds all the metadata.

Only what pyproject.toml cannot say:

* the bundled ``sample_data/`` folder at the top of the repository (small
  real files with their licences) goes into the wheel *inside* the package,
  as ``jpcore/sample_data/``, so that an installed copy reads its own data
  from any working directory (:func:`jpcore.bundled.sample_data_root`); a
  checkout keeps reading ``sample_data/`` where it is; the metric cards
  (``docs/metric-cards/*.md``), which the app's About page shows, go in
  the same way, as ``inspector/metric_cards/`` (:mod:`inspector.about.cards`);
* the compiled accelerators: small C modules, each the same computation as
  a pure-Python function beside it (tests hold the two equal).  They are
  optional: where no C compiler or no Python headers are found, the install
  still succeeds and jpcore runs the Python path (only slower).
  ``scripts/setup-venv.sh`` installs gcc and the headers when missing, and
  ``pip install -e .`` builds the modules in place (``*.so``, ignored by git).
"""

from setuptools import Extension, find_packages, setup

#: module name -> its C source (see each source's opening comment)
ACCELERATORS = {
    "jpcore.peers.evalb._fastlines": "jpcore/peers/evalb/_fastlines.c",
    "jpcore.formats._treescan": "jpcore/formats/_treescan.c",
    "jpcore.parseval._pairscore": "jpcore/parseval/_pairscore.c",
    "jpcore.parseval._filescore": "jpcore/parseval/_filescore.c",
}
#: headers the accelerators include (a change rebuilds them)
HEADERS = ["jpcore/parseval/_brackets.h", "jpcore/formats/_treetext.h"]

setup(
    packages=[*find_packages(include=["jpcore", "jpcore.*", "inspector", "inspector.*"]), "jpcore.sample_data",
              "inspector.metric_cards"],
    package_dir={"jpcore.sample_data": "sample_data", "inspector.metric_cards": "docs/metric-cards"},
    package_data={"jpcore": ["data/*.json"], "jpcore.sample_data": ["**/*"], "inspector.metric_cards": ["*.md"]},
    include_package_data=False,
    ext_modules=[
        Extension(name, [source], depends=HEADERS, optional=True, extra_compile_args=["-O2"])
        for name, source in ACCELERATORS.items()
    ],
)
