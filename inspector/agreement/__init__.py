"""The Agreement page: two annotators' files (gold = A, system = B) of an evaluation with an agreement."""
