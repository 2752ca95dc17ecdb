"""Test data that several test files share (``from tests.cases import random_case``): small
random data with every label present, and labellings of a given contingency table with their
exact pair counts; and a comparison of floats that holds infinities."""

from __future__ import annotations

import math

import numpy as np
import pytest


def random_case(seed, n, n_clusters, d=3, kind="gauss"):
    """Small data with every label present. kinds: gauss, grid (ties), dup (duplicate rows)."""
    rng = np.random.default_rng(seed)
    if kind == "grid":
        X = rng.integers(0, 3, size=(n, d)).astype(float)
    else:
        X = rng.normal(size=(n, d)) + rng.integers(0, 3, size=(n, 1))
    if kind == "dup":
        X[n // 2 :] = X[: n - n // 2]
    labels = np.concatenate([np.arange(n_clusters), rng.integers(0, n_clusters, n - n_clusters)])
    return X, rng.permutation(labels)


def shifted_blobs(seed):
    """n 20..300, d 1..5, K 2..6, every cluster present, clusters shifted apart a little."""
    rng = np.random.default_rng(seed)
    n, d, k = int(rng.integers(20, 301)), int(rng.integers(1, 6)), int(rng.integers(2, 7))
    labels = np.concatenate([np.arange(k), rng.integers(0, k, n - k)])
    return rng.normal(size=(n, d)) + 1.5 * labels[:, None], labels


def close(got, want, rel=1e-10):
    """``got`` equals ``want`` to ``rel``, an infinity exactly."""
    if math.isinf(want):
        return got == want
    return got == pytest.approx(want, rel=rel, abs=1e-300)


def labelled_table(table):
    """``(labels_true, labels_pred, (TP, FP, FN, TN))``: labellings whose contingency table is
    ``table`` (rows the classes), and their pair counts from a few ``math.comb`` calls."""
    table = np.asarray(table)
    rows, cols = np.nonzero(table)
    labels_true = np.repeat(rows, table[rows, cols])
    labels_pred = np.repeat(cols, table[rows, cols])
    tp = sum(math.comb(int(v), 2) for v in table.ravel())
    fn = sum(math.comb(int(v), 2) for v in table.sum(axis=1)) - tp
    fp = sum(math.comb(int(v), 2) for v in table.sum(axis=0)) - tp
    tn = math.comb(int(table.sum()), 2) - tp - fn - fp
    return labels_true, labels_pred, (tp, fp, fn, tn)


#: A table of a million objects whose pair products overflow int64.
MILLION = [[400_000, 1_000, 0], [123_456, 250_000, 99_999], [1, 2, 125_542]]
