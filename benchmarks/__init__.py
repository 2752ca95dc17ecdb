"""Benchmark suite of clustval against scikit-learn (run: ``python -m benchmarks --quick``)."""
