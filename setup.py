"""Build glue beside pyproject.toml, which holds all the metadata.

Only what pyproject.toml cannot say: the bundled ``sample_data/`` folder at
the top of the repository (small real files with their licences) goes into
the wheel *inside* the package, as ``jpcore/sample_data/``, so that an
installed copy reads its own data from any working directory
(:func:`jpcore.bundled.sample_data_root`); a checkout keeps reading
``sample_data/`` where it is.
"""

from setuptools import find_packages, setup

setup(
    packages=[*find_packages(include=["jpcore", "jpcore.*", "inspector", "inspector.*"]), "jpcore.sample_data"],
    package_dir={"jpcore.sample_data": "sample_data"},
    package_data={"jpcore": ["data/*.json"], "jpcore.sample_data": ["**/*"]},
    include_package_data=False,
)
