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


# ---- the indices of neighbouring partitions

SIX = [[0.0], [1.0], [10.0], [11.0], [20.0], [21.0]]
K2, K3 = [0, 0, 1, 1, 1, 1], [0, 0, 1, 1, 2, 2]


def test_neighbour_indices_hand_worked():
    # W_1 = 401.5, W_2 = 0.5 + 101 = 101.5, W_3 = 1.5; the split cluster {10, 11, 20, 21}:
    # Je1 = 101, Je2 = 1; mean within/between distances 43/7, 15 at K = 2 and 1, 160/12 at K = 3
    assert nbf.kl(SIX, [0] * 6, K2, K3) == pytest.approx(abs(401.5 - 4 * 101.5) / (4 * 101.5 - 9 * 1.5), rel=1e-14)
    assert nbf.hartigan(SIX, K2, K3) == pytest.approx((101.5 / 1.5 - 1) * 3, rel=1e-14)
    assert nbf.duda_hart(SIX, K2, K3) == pytest.approx(1 / 101, rel=1e-14)
    assert nbf.pseudo_t2(SIX, K2, K3) == pytest.approx(100 / (1 / 2), rel=1e-14)
    assert nbf.beale(SIX, K2, K3) == pytest.approx(100 / (1.5 * 4 - 1), rel=1e-14)
    assert nbf.frey(SIX, K2, K3) == pytest.approx((160 / 12 - 15) / (1 - 43 / 7), rel=1e-14)


@pytest.mark.parametrize("method", ["ward.D2", "average"])
def test_neighbour_indices_match_nbclusts_code_on_tree_cuts(method):
    X, _ = _data(8, n=60)
    res = nb.nbclust(X, min_nc=2, max_nc=7, method=method, index="alllong")
    n = X.shape[0]
    checked = 0
    for k in res.ks:
        prev, cur, nxt = (nb.hclust_cut(X, j, method) for j in (k - 1, k, k + 1))
        assert nbf.kl(X, prev, cur, nxt) == pytest.approx(res.all_index["KL"][k], rel=1e-10)
        # NbClust multiplies by n - K where Hartigan (1975) has n - K - 1
        assert nbf.hartigan(X, cur, nxt) == pytest.approx(res.all_index["Hartigan"][k] * (n - k - 1) / (n - k), rel=1e-10)
        assert nbf.frey(X, cur, nxt) == pytest.approx(res.all_index["Frey"][k], rel=1e-10)
        _, a, b = nbf._split(X, cur, nxt)
        g1, g2 = nb._nbclust_split(cur, nxt)
        same_split = {tuple(np.flatnonzero(a)), tuple(np.flatnonzero(b))} == {
            tuple(np.flatnonzero(nxt == g1)), tuple(np.flatnonzero(nxt == g2))}
        checked += same_split
        if same_split and a.sum() > 1 and b.sum() > 1:  # NbClust's quirks aside, the same split
            assert nbf.duda_hart(X, cur, nxt) == pytest.approx(res.all_index["Duda"][k], rel=1e-10)
            assert nbf.pseudo_t2(X, cur, nxt) == pytest.approx(res.all_index["Pseudot2"][k], rel=1e-10)
            # NbClust divides by ((n_m - 1) / (n_m - 2)) (2^(2/p) - 1), Beale by
            # ((n_m - 1) / (n_m - 2)) 2^(2/p) - 1: the same F up to that factor
            c, two = (a.sum() + b.sum() - 1) / (a.sum() + b.sum() - 2), 2 ** (2 / X.shape[1])
            assert nbf.beale(X, cur, nxt) * (c * two - 1) == pytest.approx(res.all_index["Beale"][k] * c * (two - 1), rel=1e-10)
    assert checked >= 4


def test_nbclusts_split_by_sizes_can_miss_the_split_cluster():
    # K = 3 -> 4: sizes [30, 13, 17] -> [17, 13, 13, 17], the 30 split into 17 + 13 with the
    # 13 labelled 3; label by label the sizes name labels 1 and 2, and 2 was not split
    X, _ = _data(8, n=60)
    cur, nxt = nb.hclust_cut(X, 3, "ward.D2"), nb.hclust_cut(X, 4, "ward.D2")
    g1, g2 = nb._nbclust_split(cur, nxt)
    _, a, b = nbf._split(X, cur, nxt)
    assert not np.array_equal(nxt == g1, a) or not np.array_equal(nxt == g2, b)
    assert nbf.duda_hart(X, cur, nxt) != pytest.approx(nb._wkwl(X, cur, nxt)[0], rel=1e-6)


@pytest.mark.parametrize("function", [nbf.duda_hart, nbf.pseudo_t2, nbf.beale])
def test_split_indices_need_one_cluster_split_in_two(function):
    with pytest.raises(InputError, match="split in two"):
        function(SIX, [0, 0, 1, 1, 1, 1], [0, 1, 1, 2, 2, 2])  # not a refinement
    with pytest.raises(InputError, match="split in two"):
        function(SIX, [0, 0, 0, 0, 0, 1], [0, 1, 2, 2, 2, 3])  # two clusters more


def test_neighbour_counts_are_checked():
    with pytest.raises(InputError, match="K - 1, K, K \\+ 1"):
        nbf.kl(SIX, K2, K2, K3)
    with pytest.raises(InputError, match="K \\+ 1"):
        nbf.hartigan(SIX, K3, K2)
