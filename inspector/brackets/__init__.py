"""The brackets view (jpcore parseval, jp-evalb): the Brackets page."""
