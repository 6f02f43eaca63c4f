"""The About page: the jp-algorithm on the papers' own examples, computed live (built on the tokens view)."""
