"""clustval.indices.nbclust (CCC, TrCovW, Dindex, Hubert) against independent oracles:
exact fractions and brute-force loops on small data, and NbClust's own code path
(clustval.compat.nbclust) where its definition coincides with the published one."""

from __future__ import annotations

import math
import statistics
from fractions import Fraction

import numpy as np
import pytest

import clustval
from clustval.compat import nbclust as nb
from clustval.errors import InputError, UndefinedIndexError
from clustval.indices import nbclust as nbf
from clustval.indices.nbclust import ccc, dindex, hubert, trcovw
from clustval.indices.partition import CLUSTER_SUMS, COORDINATES, Partition
from clustval.indices.registry import get_index

SMALL_X = [[0, 0], [1, 3], [2, 1], [8, 8], [9, 6], [7, 9], [4, 12], [5, 11]]
SMALL_LABELS = [0, 0, 0, 1, 1, 1, 2, 2]


def _data(seed=0, n=40, d=3, k=4):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d)) + rng.integers(0, 6, size=(n, 1))
    return X, np.arange(n) % k


def test_trcovw_equals_exact_fractions():
    X = [[Fraction(v) for v in row] for row in SMALL_X]
    total = Fraction(0)
    for k in set(SMALL_LABELS):
        members = [x for x, lab in zip(X, SMALL_LABELS) if lab == k]
        centre = [sum(col) / len(members) for col in zip(*members)]
        total += sum((a - c) ** 2 for x in members for a, c in zip(x, centre))
    want = total / (len(X) - 3)
    assert trcovw(SMALL_X, SMALL_LABELS) == pytest.approx(float(want), rel=1e-14)


def test_dindex_equals_a_loop_over_objects():
    X, labels = _data(1)
    centre = {k: X[labels == k].mean(axis=0) for k in set(labels)}
    want = statistics.fmean(math.dist(x, centre[lab]) for x, lab in zip(X, labels))
    assert dindex(X, labels) == pytest.approx(want, rel=1e-13)


def test_hubert_equals_the_correlation_over_all_pairs():
    X, labels = _data(2, n=25)
    centre = {k: X[labels == k].mean(axis=0) for k in set(labels)}
    d, q = [], []
    for i in range(len(X)):
        for j in range(i + 1, len(X)):
            d.append(math.dist(X[i], X[j]))
            q.append(math.dist(centre[labels[i]], centre[labels[j]]))
    assert hubert(X, labels) == pytest.approx(statistics.correlation(d, q), rel=1e-12)


def _hubert_over_all_pairs(X, labels) -> float:
    """The former O(n^2)-memory core: the correlation over np.triu_indices's pairs."""
    p = Partition(X, labels, needs={COORDINATES})
    iu = np.triu_indices(p.n, 1)
    d = np.sqrt(np.sum((p.X[iu[0]] - p.X[iu[1]]) ** 2, axis=1))
    c = p.centroids[p.codes]
    q = np.sqrt(np.sum((c[iu[0]] - c[iu[1]]) ** 2, axis=1))
    d, q = d - d.mean(), q - q.mean()
    return float(np.sum(d * q) / math.sqrt(float(np.sum(d * d)) * float(np.sum(q * q))))


def _hubert_cases():
    rng = np.random.default_rng(11)
    X = rng.normal(size=(300, 4))
    yield "random", X, (X[:, 0] > 0) + 2 * (X[:, 1] > 0)
    blobs = rng.normal(size=(8, 5))[np.arange(700) % 8] * 4 + rng.normal(size=(700, 5))
    yield "blobs", blobs, np.arange(700) % 8
    G = rng.integers(0, 4, size=(400, 3)).astype(float)  # a lattice: many tied distances
    yield "grid", G, (G[:, 0] + G[:, 1] > 3) + (G[:, 2] > 1)
    yield "singletons", X[:40], np.arange(40)
    yield "some singletons", X[:60], np.concatenate([np.arange(10), rng.integers(0, 10, 50)])
    yield "duplicates", np.repeat(X[:30], 5, axis=0), np.repeat(np.arange(30) % 4, 5)
    yield "far from the origin", blobs + 1e6, np.arange(700) % 8
    yield "tiny", blobs * 1e-300, np.arange(700) % 8  # scaled by a power of two inside
    yield "huge", blobs * 1e300, np.arange(700) % 8


@pytest.mark.parametrize(("X", "labels"), [c[1:] for c in _hubert_cases()], ids=[c[0] for c in _hubert_cases()])
def test_hubert_from_sums_equals_the_correlation_over_all_pairs(X, labels):
    assert hubert(X, labels) == pytest.approx(_hubert_over_all_pairs(X, labels), rel=1e-12)


def test_hubert_with_random_labels_is_near_zero_and_equals_the_pairs():
    X = np.random.default_rng(12).normal(size=(500, 3))
    labels = np.random.default_rng(13).integers(0, 5, 500)
    assert hubert(X, labels) == pytest.approx(_hubert_over_all_pairs(X, labels), rel=1e-10, abs=1e-14)


@pytest.mark.parametrize(("X", "labels"), [
    ([[1.0, 2.0]] * 4, [0, 0, 1, 1]),  # all objects at one point
    ([[-1.0], [1.0], [-2.0], [2.0]], [0, 0, 1, 1]),  # the centroids at one point: q constant
    ([[0.0], [3.0]], [0, 1]),  # one pair
    (np.eye(5) * 3.7 + 11, [0, 0, 1, 1, 2]),  # every distance equal (a regular simplex)
])  # fmt: skip
def test_hubert_with_constant_distances_is_undefined(X, labels):
    with pytest.raises(UndefinedIndexError, match="all distances"):
        hubert(X, labels)


def test_hubert_reads_the_distance_sums_and_refuses_a_distance_matrix():
    assert nbf.hubert_from_partition.needs == {COORDINATES, CLUSTER_SUMS}
    X, labels = _data(3)
    with pytest.raises(InputError, match="coordinates"):
        clustval.internal_scores(clustval.clustering.kmedoids.euclidean_distances(X), labels, ["hubert"], metric="precomputed")


def test_hubert_hand_worked():
    # d = (1, 10, 11, 9, 10, 1), q = (0, 10, 10, 10, 10, 0): cov sum 120, ss 110 and 400/3
    assert hubert([[0.0], [1.0], [10.0], [11.0]], [0, 0, 1, 1]) == pytest.approx(120 / math.sqrt(110 * 400 / 3), rel=1e-14)


@pytest.mark.parametrize("seed", [0, 3, 4])
def test_ccc_equals_nbclusts_code_on_centred_data(seed):
    # NbClust takes X'X uncentred; on centred data X'X = T and its CCC is Sarle's
    X, labels = _data(seed)
    X = X - X.mean(axis=0)
    n = X.shape[0]
    xtx = X.T @ X
    s = np.sqrt(np.sort(np.linalg.eigvalsh(xtx / (n - 1)))[::-1])
    theirs = nb._wbt(X, labels + 1, xtx, s, float(np.prod(s)))
    assert ccc(X, labels) == pytest.approx(theirs["CCC"], rel=1e-10)
    assert ccc(X + 100.0, labels) == pytest.approx(ccc(X, labels), rel=1e-9)  # translation invariant


def test_ccc_hand_worked_one_dimension():
    # p = 1: u = s / (s / K) = K >= 1, p* = min(1, K - 1) = 1 = p, so the else branch:
    # E[R^2] = 1 - (1 / (n + K)) / K^2 * (n - K)^2 / n * (1 + 4 / n)
    X, labels = [[0.0], [1.0], [2.0], [10.0], [11.0], [12.0]], [0, 0, 0, 1, 1, 1]
    n, k = 6, 2
    r2 = 1 - 4 / (sum((x[0] - 6) ** 2 for x in X))
    e_r2 = 1 - (1 / (n + k)) / k**2 * (n - k) ** 2 / n * (1 + 4 / n)
    want = math.log((1 - e_r2) / (1 - r2)) * math.sqrt(n / 2) / (0.001 + e_r2) ** 1.2
    assert ccc(X, labels) == pytest.approx(want, rel=1e-13)


@pytest.mark.parametrize(("nbclust_name", "registry_name"), [
    ("Marriot", "ksq_detw"), ("TraceW", "trace_w"), ("Scott", "log_det_ratio"), ("CCC", "ccc"),
])  # fmt: skip
def test_registry_equivalents_match_nbclusts_code_on_centred_data(nbclust_name, registry_name):
    X, labels = _data(5)
    X = X - X.mean(axis=0)  # NbClust's uncentred X'X is then T
    n = X.shape[0]
    xtx = X.T @ X
    s = np.sqrt(np.sort(np.linalg.eigvalsh(xtx / (n - 1)))[::-1])
    theirs = nb._wbt(X, labels + 1, xtx, s, float(np.prod(s)))[nbclust_name]
    assert nb.REGISTRY_EQUIVALENT[nbclust_name] == registry_name
    assert getattr(clustval, registry_name)(X, labels) == pytest.approx(theirs, rel=1e-10)


def test_dindex_and_ch_and_dunn_match_nbclusts_code():
    X, labels = _data(6)
    D = nb.squareform(nb.pdist(X))
    assert dindex(X, labels) == pytest.approx(nb._dindex(X, labels + 1), rel=1e-13)
    assert clustval.dunn(X, labels) == pytest.approx(nb._dunn(D, labels + 1), rel=1e-13)


def test_hubert_is_one_with_one_object_per_cluster():
    # each centroid is its object: the two distance lists are the same
    assert hubert([[0.0, 1.0], [1.0, 5.0], [2.0, 2.0]], [0, 1, 2]) == pytest.approx(1.0, rel=1e-14)


def test_registry_entries():
    assert [get_index(n).k_rule for n in ("ccc", "trcovw", "dindex", "hubert")] == [
        "max", "max_diff", "max_diff", "min_diff"]  # fmt: skip
    X, labels = _data(7)
    values = clustval.internal_scores(X, labels, ["ccc", "trcovw", "dindex", "hubert"])
    assert values == pytest.approx({"ccc": ccc(X, labels), "trcovw": trcovw(X, labels),
                                    "dindex": dindex(X, labels), "hubert": hubert(X, labels)})  # fmt: skip

