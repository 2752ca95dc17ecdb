"""Every numeric edge gives every index a value or an UndefinedIndexError: never a traceback,
and never an InputError that would end ``score(..., undefined="nan")`` for all indices.

A fuzz over the registry: data scaled from 2^-1000 to near the largest float, subnormal
entries, far more features than objects, constant features, identical points, singletons;
the same through a distance matrix; under a caller's ``np.errstate(all="raise")`` as well
(a value past a double's range is inf or 0, not a FloatingPointError). (The values at extreme scales equal those at scale 1:
tests/engine/test_validation.py.)
"""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest

import clustval
from clustval.clustering.kmedoids import euclidean_distances
from clustval.errors import UndefinedIndexError
from clustval.indices import partition
from clustval.indices.registry import INDICES, get_index, names_of


def _blobs(n=24, d=3, k=3):
    labels = np.arange(n) % k
    return np.random.default_rng(0).normal(size=(n, d)) + 3 * labels[:, None], labels


def _case(name):
    X, labels = _blobs()
    if name.startswith("scale 2^"):
        return np.ldexp(X, int(name[8:])), labels
    if name == "near the largest float":
        return 1.7e308 * (X / np.abs(X).max()), labels  # differences would overflow unscaled
    if name == "one subnormal among O(1) values":
        X[0, 0] = 5e-324
        return X, labels
    if name == "all subnormal":
        return np.ldexp(np.round(X * 4), -1074), labels
    if name == "d >> n":
        rng = np.random.default_rng(1)
        return rng.normal(size=(12, 400)) + (np.arange(12) % 3)[:, None], np.arange(12) % 3
    if name == "a constant feature":
        X[:, 1] = 7.0
        return X, labels
    if name == "identical points":
        return np.full((24, 3), 1e300), labels
    if name == "each cluster one point":
        return np.repeat(labels[:, None], 3, axis=1).astype(float), labels
    if name == "clusters at the same places":
        return np.tile(X[:8], (3, 1)), np.repeat([0, 1, 2], 8)
    if name == "singletons":
        return X[:6], np.array([0, 1, 2, 3, 4, 4])
    if name == "every object alone":
        return X[:5], np.arange(5)
    raise ValueError(name)


CASES = [
    *(f"scale 2^{e}" for e in (-1000, -500, -300, 300, 500, 1000)), "near the largest float",
    "one subnormal among O(1) values", "all subnormal", "d >> n", "a constant feature",
    "identical points", "each cluster one point", "clusters at the same places", "singletons",
    "every object alone",
]  # fmt: skip


def _check(values, compute):
    """Each value is finite or infinite within the index's bounds, or NaN exactly where the
    index's own function says it is undefined."""
    for name, value in values.items():
        if math.isnan(value):
            with pytest.raises(UndefinedIndexError):
                compute(name)
            continue
        lo, hi = get_index(name).bounds
        assert lo - 1e-9 <= value <= hi + 1e-9, (name, value)
        assert compute(name) == pytest.approx(value, rel=1e-12, abs=1e-300), name  # scored alone


@pytest.mark.parametrize("case", CASES)
def test_every_index_gives_a_value_or_undefined(case):
    X, labels = _case(case)
    with warnings.catch_warnings(), np.errstate(all="raise"):  # a caller's errstate raising too
        warnings.simplefilter("error", RuntimeWarning)  # no overflow, 0/0 or domain warning either
        values = clustval.score(labels, X=X, undefined="nan")
        assert list(values) == list(names_of("internal"))
        _check(values, lambda name: INDICES[name].function(X, labels))


@pytest.mark.parametrize("exponent", [-1060, -1000, 1000, 1020, None])
def test_every_distance_based_index_from_a_matrix_at_the_edges(exponent):
    X, labels = _blobs()
    D = euclidean_distances(X) if exponent is not None else np.zeros((24, 24))  # None: identical
    if exponent is not None:
        D = np.ldexp(D, exponent)
    with warnings.catch_warnings(), np.errstate(all="raise"):
        warnings.simplefilter("error", RuntimeWarning)
        values = clustval.score(labels, distances=D, undefined="nan")
        _check(values, lambda name: INDICES[name].function(D, labels, metric="precomputed"))
    if exponent not in (None, -1060):  # a matrix scaled by 2^e: the values of the matrix itself
        plain = clustval.score(labels, distances=euclidean_distances(X), undefined="nan")
        plain["point_biserial"] = math.ldexp(plain["point_biserial"], exponent)  # a distance
        assert values == plain


def test_singular_scatter_matrices_are_undefined_before_any_is_built(monkeypatch):
    # n - K < d: WG, T and every W_k are singular; found from the sizes and the diagonals in
    # O(n d), so no d x d matrix is built (at d = 5,000 and n = 300 each cost about a minute)
    rng = np.random.default_rng(2)
    X, labels = rng.normal(size=(30, 2000)), np.arange(30) % 3

    def refuse(self):
        raise AssertionError("a d x d scatter matrix was built")

    monkeypatch.setattr(partition.Partition, "within_scatter", property(refuse))
    for name in ("det_ratio", "log_det_ratio", "trace_wib", "scott_symons", "rcip"):
        with pytest.raises(UndefinedIndexError, match="singular"):
            get_index(name).function(X, labels)
    assert clustval.ksq_detw(X, labels) == 0.0  # det WG = 0
    assert math.isfinite(clustval.ccc(X, labels))  # the spectrum from the 30 x 30 Gram matrix
    for name in ("ratkowsky_lance", "sd_scat", "s_dbw", "trcovw"):  # diagonals only
        assert math.isfinite(get_index(name).function(X, labels)), name


def test_gap_statistic_on_identical_points_says_so():
    with pytest.raises(UndefinedIndexError, match="all 10 objects are identical"):
        clustval.gap_statistic(np.ones((10, 2)), [1, 2], "kmeans", B=2)


@pytest.mark.parametrize(("truth", "pred"), [
    ([0], [0]), ([0, 0, 0], [0, 0, 0]), ([0, 1, 2], [0, 1, 2]), ([0, 0, 0], [0, 1, 2]),
    ([0, 1, 2, 3], [0, 0, 0, 0]),
])  # fmt: skip
def test_every_external_index_at_the_edges_of_the_labels(truth, pred):
    # one object, one class and one cluster, all singletons, and the two against each other
    values = clustval.score(pred, labels_true=truth, undefined="nan")
    assert list(values) == list(names_of("external"))
    _check(values, lambda name: INDICES[name].function(truth, pred))
