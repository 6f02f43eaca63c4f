"""The Ranking page: N systems on one gold, significance groups, who is best per unit."""
