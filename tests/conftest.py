"""Shared test fixtures (keep small: several test files use this)."""

from __future__ import annotations

from itertools import combinations

import pytest


def _brute_force_pairs(labels_true, labels_pred) -> tuple[int, int, int, int]:
    """(TP, FP, FN, TN) by looking at every unordered pair of objects: O(n^2), the oracle."""
    tp = fp = fn = tn = 0
    for i, j in combinations(range(len(labels_true)), 2):
        same_class = labels_true[i] == labels_true[j]
        same_cluster = labels_pred[i] == labels_pred[j]
        tp += same_class and same_cluster
        fp += same_cluster and not same_class
        fn += same_class and not same_cluster
        tn += not same_class and not same_cluster
    return tp, fp, fn, tn


@pytest.fixture
def brute_force_pairs():
    """The O(n^2) pair-count oracle: ``brute_force_pairs(labels_true, labels_pred)``."""
    return _brute_force_pairs
