"""Reproducible benchmarks that print their figures (see bench/README.md).

Each module runs alone (``python -m bench.domain --help``); ``python -m bench [--short]`` runs
them all. Benchmarks are scripts, never timed tests: the test suite asserts correctness only.
"""
