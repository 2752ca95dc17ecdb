"""Tests of clustval.clustering, the algorithms that make a clustering."""
