"""The generalised Dunn indices GDI12..GDI53 against a brute-force oracle (plain loops over
the objects and the clusters, Bezdek & Pal's definitions as the module docstring states them)."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest

import clustval
from clustval.errors import InputError
from clustval.indices import generalised_dunn
from clustval.indices.partition import Partition
from clustval.indices.registry import get_index

NAMES = [f"gdi{u}{v}" for u in range(1, 6) for v in range(1, 4) if (u, v) != (1, 1)]
DISTANCE_ONLY = [name for name in NAMES if name[3] in "123" and name[4] in "12"]


def _mean(points):
    return [math.fsum(column) / len(points) for column in zip(*points)]


def oracle(X, labels, u, v, centroid="other", dist=None):
    """GDI_uv by loops; ``dist(i, j)`` the distance of two objects (Euclidean by default)."""
    X = [list(map(float, x)) for x in X]
    dist = dist or (lambda i, j: math.dist(X[i], X[j]))
    clusters = [[i for i, c in enumerate(labels) if c == k] for k in sorted(set(labels))]
    centre = [_mean([X[i] for i in members]) for members in clusters]

    def delta(a, b):
        A, B = clusters[a], clusters[b]
        if u == 1:
            return min(dist(i, j) for i in A for j in B)
        if u == 2:
            return max(dist(i, j) for i in A for j in B)
        if u == 3:
            return math.fsum(dist(i, j) for i in A for j in B) / (len(A) * len(B))
        if u == 4:
            return math.dist(centre[a], centre[b])
        to_a, to_b = (centre[b], centre[a]) if centroid == "other" else (centre[a], centre[b])
        total = math.fsum(math.dist(X[i], to_a) for i in A) + math.fsum(math.dist(X[j], to_b) for j in B)
        return total / (len(A) + len(B))

    def diameter(a):
        A = clusters[a]
        if v == 1:
            return max((dist(i, j) for i in A for j in A), default=0.0)
        if v == 2:
            if len(A) == 1:
                return 0.0
            return math.fsum(dist(i, j) for i in A for j in A if i != j) / (len(A) * (len(A) - 1))
        return 2 * math.fsum(math.dist(X[i], centre[a]) for i in A) / len(A)

    top = min(delta(a, b) for a, b in itertools.permutations(range(len(clusters)), 2))
    bottom = max(diameter(a) for a in range(len(clusters)))
    if top == 0:
        return 0.0
    return top / bottom if bottom > 0 else math.inf


def data(seed, integer=True):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(3, 20))
    k = int(rng.integers(2, min(5, n) + 1))
    labels = np.concatenate([np.arange(k), rng.integers(0, k, n - k)])
    rng.shuffle(labels)
    X = rng.integers(0, 4, size=(n, 2)).astype(float) if integer else rng.normal(size=(n, 3))
    return X, labels


@pytest.mark.parametrize("seed", range(30))
def test_every_gdi_matches_the_oracle(seed):
    X, labels = data(seed, integer=seed % 2 == 0)  # ties, repeated points, singletons
    for name in NAMES:
        u, v = int(name[3]), int(name[4])
        got = getattr(clustval, name)(X, labels)
        assert got == pytest.approx(oracle(X, labels, u, v), rel=1e-12, abs=1e-14), name
    for v in (1, 2, 3):  # clusterCrit's delta_5: each member's own centroid
        got = getattr(generalised_dunn, f"gdi5{v}")(X, labels, centroid="own")
        assert got == pytest.approx(oracle(X, labels, 5, v, centroid="own"), rel=1e-12, abs=1e-14)


@pytest.mark.parametrize("seed", range(20))
def test_distance_only_gdis_take_any_precomputed_dissimilarity(seed):
    rng = np.random.default_rng(500 + seed)
    n = int(rng.integers(3, 16))
    labels = np.concatenate([[0, 1], rng.integers(0, 3, n - 2)])
    D = np.triu(rng.integers(0, 6, size=(n, n)), 1).astype(float)
    D = D + D.T
    for name in DISTANCE_ONLY:
        u, v = int(name[3]), int(name[4])
        expected = oracle(np.zeros((n, 1)), labels, u, v, dist=lambda i, j: D[i, j])
        assert getattr(clustval, name)(D, labels, metric="precomputed") == pytest.approx(expected, rel=1e-12), name
    X = rng.normal(size=(n, 2))  # and the same values as from the coordinates
    E = clustval.euclidean_distances(X)
    for name in DISTANCE_ONLY:
        assert getattr(clustval, name)(E, labels, metric="precomputed") == pytest.approx(
            getattr(clustval, name)(X, labels), rel=1e-13
        ), name


def test_centroid_gdis_refuse_a_distance_matrix():
    D = clustval.euclidean_distances([[0.0], [1.0], [5.0]])
    for name in sorted(set(NAMES) - set(DISTANCE_ONLY)):
        with pytest.raises(InputError, match="coordinates"):
            getattr(clustval, name)(D, [0, 0, 1], metric="precomputed")


def test_gdi11_is_dunn():
    assert generalised_dunn.gdi11 is clustval.dunn
    X, labels = data(3, integer=False)
    assert clustval.dunn(X, labels) == pytest.approx(oracle(X, labels, 1, 1), rel=1e-14)


def test_hand_worked_example():
    X = [[0.0, 0.0], [0.0, 2.0], [3.0, 0.0], [9.0, 0.0], [9.0, 1.0]]
    labels = [0, 0, 0, 1, 1]
    diameters = {1: math.sqrt(13), 2: (2 + 3 + math.sqrt(13)) / 3,
                 3: 2 * (math.sqrt(13) + 5 + math.sqrt(40)) / 9}  # to (1, 2/3): sqrt(13)/3, 5/3, sqrt(40)/3
    assert clustval.gdi12(X, labels) == pytest.approx(6 / diameters[2], rel=1e-15)
    assert clustval.gdi21(X, labels) == pytest.approx(math.sqrt(85) / diameters[1], rel=1e-15)
    assert clustval.gdi43(X, labels) == pytest.approx(math.dist([1, 2 / 3], [9, 0.5]) / diameters[3], rel=1e-14)


def test_invariant_under_scaling_and_translation():
    # (label names and the objects' order, for every index: tests/indices/test_common.py)
    X, labels = data(8, integer=False)
    for name in NAMES:
        base = getattr(clustval, name)(X, labels)
        assert getattr(clustval, name)(2.5 * X - 4.0, labels) == pytest.approx(base, rel=1e-12), name


def test_degenerate_partitions():
    X = [[0.0], [0.0], [5.0], [5.0]]  # every cluster a repeated point: all diameters 0
    for name in NAMES:
        assert getattr(clustval, name)(X, [0, 0, 1, 1]) == math.inf, name
    assert clustval.gdi12([[0.0], [1.0], [1.0], [2.0]], [0, 0, 1, 1]) == 0.0  # clusters touch
    with pytest.raises(InputError, match="centroid"):
        clustval.gdi51([[0.0], [1.0], [5.0]], [0, 0, 1], centroid="mine")


def test_registry_entries():
    for name in NAMES:
        spec = get_index(name)
        assert spec.direction == "higher" and spec.function is getattr(clustval, name)
    assert get_index("gdi21").needs == {"pair_max", "extremes"}
    assert get_index("gdi32").needs == {"cluster_sums"}
    assert get_index("gdi53").needs == {"coordinates"}
    assert get_index("gdi11").name == "dunn"  # clusterCrit's GDI11 is Dunn's index: an alias


def test_complete_linkage_comes_from_the_one_distance_pass():
    X, labels = data(7)
    p = Partition(X, labels, needs=get_index("gdi22").needs)
    farthest = {(a, b): max(math.dist(X[i], X[j]) for i in np.flatnonzero(labels == a) for j in np.flatnonzero(labels == b))
                for a in set(labels) for b in set(labels) if a != b}  # fmt: skip
    assert generalised_dunn.separation(p, 2) == min(farthest.values())
    assert "pair_stats" not in vars(p)  # no second pass over the distances


@pytest.mark.parametrize("seed", range(6))
def test_row_blocks_do_not_change_the_values(seed):
    X, labels = data(40 + seed)
    D = clustval.euclidean_distances(X)
    for name in NAMES:
        base = getattr(clustval, name)(X, labels)
        assert getattr(clustval, name)(X, labels, memory_budget_mb=1e-4) == base, name
        if name in DISTANCE_ONLY:
            assert getattr(clustval, name)(D, labels, metric="precomputed", memory_budget_mb=1e-4) == pytest.approx(
                base, rel=1e-13
            ), name
