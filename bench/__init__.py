"""Benchmarks: ``python -m bench`` prints one table for every evaluation."""
