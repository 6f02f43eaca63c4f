"""The toy task's bundled samples for ``jp-inspector --check``: none."""

KIND = "chars"
CATALOGUE: dict = {}


def check(sample) -> str:
    """Never called: the catalogue is empty."""
    raise AssertionError(sample)
