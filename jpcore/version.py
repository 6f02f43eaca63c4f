"""The version of jpcore (the one place it is written; ``jpcore.__version__`` and every
signature read it here, so neither imports the package for it)."""

__version__ = "0.1.0"
