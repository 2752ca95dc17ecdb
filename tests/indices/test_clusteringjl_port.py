"""Clustering.jl's own tests of its validity indices, ported to clustval.

From Clustering.jl 0.15.8 (JuliaStats/Clustering.jl, MIT licence, commit fb2c187d), its
``test/`` folder: ``clustering_quality.jl``, ``randindex.jl``, ``varinfo.jl``,
``vmeasure.jl``, ``mutualinfo.jl``, ``confusion.jl``, ``silhouette.jl`` and ``counts.jl``.
The expected values are theirs, copied as literals; each test is named after its upstream
file and testset, and Julia is never needed. Julia's data are d x n (a column per point),
clustval's n x d; Julia's random draws (MersenneTwister, StableRNG) are numpy's here, where
the upstream value is a property of the distribution, not of the draw.

Where Clustering.jl defines a thing differently the test asserts clustval's documented value
and says why:

* Calinski-Harabasz and Xie-Beni: Clustering.jl sums the distances of its ``metric``; its
  tests pass ``Euclidean()``, so B, W and XB's separation are sums of unsquared distances
  (CH 16/3, XB 1/3). The papers, clustval, and Clustering.jl at its default
  ``SqEuclidean()``, sum squares: CH 32/3, XB 1/8 on the same data.
* Clustering.jl's fuzzy CH and XB (memberships and given centres) have no clustval
  counterpart: clustval judges hard partitions, and a membership matrix is an InputError.
* ``randindex``'s Mirkin (1 - RI) and Hubert (2 RI - 1) indices have no registry entry; they
  are asserted from :func:`clustval.rand`. clustval's ``hubert_gamma`` is another index.
* ``confusion`` counts unordered pairs as ``[[TP, FN], [FP, TN]]``;
  :func:`clustval.pair_confusion_matrix` is scikit-learn's ``[[TN, FP], [FN, TP]]`` over
  ordered pairs: the same counts, reversed and doubled.
* ``counts`` of two label vectors (StatsBase's) spans each labelling's min..max, empty rows
  included; clustval's table holds the labels that occur (scikit-learn's), and its
  table-taking entry points drop all-zero rows, so the indices agree.
* Labels are names in clustval: 0 and negative labels are accepted (Clustering.jl raises),
  a gap is no empty cluster (Clustering.jl warns), and empty labellings are an InputError
  (Clustering.jl: a 0 x 0 table).
* K = n: Clustering.jl refuses every quality index; clustval's CH and silhouette are
  undefined there too (UndefinedIndexError), DB is defined (tests/indices/test_sklearn_port.py).
* Silhouettes of Float32 distances are Float64 in clustval; ``memory_budget_mb`` blocks the
  distances for every metric, where Clustering.jl batches SqEuclidean only.
"""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest
from scipy.spatial.distance import cdist

import clustval
from clustval.errors import InputError, UndefinedIndexError
from clustval.indices import classic
from clustval.indices.contingency import contingency

# ------------------------------------------------------------------ clustering_quality.jl

# 12 points in 2-D and 4 clusters (Julia's Y transposed); C are the clusters' centroids
Y = np.array([[-2, 2, 2, 3, 2, 1, 2, -2, -2, -1, -2, -3],
              [4, 4, 1, 0, -1, 0, -4, -4, 1, 0, -1, 0]], dtype=float).T  # fmt: skip
C = np.array([[0, 2, 0, -2], [4, 0, -4, 0]], dtype=float).T
A = np.array([1, 1, 2, 2, 2, 2, 3, 3, 4, 4, 4, 4])
W = np.eye(4)[A - 1]  # A as crisp memberships
W2 = np.array([[1, 0, 0, 0]] * 2 + [[0, 0.5, 0, 0.5]] * 4 + [[0, 0, 1, 0]] * 2 + [[0, 0.5, 0, 0.5]] * 4)
D_Y = cdist(Y, Y)  # Julia's pairwise(Euclidean(), Y, dims=2)


def test_the_centres_of_clustering_quality_jl_are_the_centroids():
    # Clustering.jl takes the centres as input; clustval computes them: the same here
    for k in range(1, 5):
        np.testing.assert_array_equal(Y[A == k].mean(axis=0), C[k - 1])


def test_clustering_quality_input_checks():
    # one cluster, and K = n: undefined (upstream ArgumentError)
    with pytest.raises(UndefinedIndexError, match="single cluster"):
        clustval.calinski_harabasz(np.zeros((2, 2)), [1, 1])
    with pytest.raises(UndefinedIndexError, match="its own cluster"):
        clustval.calinski_harabasz(np.zeros((2, 2)), [1, 2])
    # no objects
    with pytest.raises(InputError, match="empty"):
        clustval.calinski_harabasz(np.zeros((0, 0)), np.zeros(0, dtype=int))
    # three labels for a 2 x 2 distance matrix (upstream DimensionMismatch)
    with pytest.raises(InputError, match="2 x 2 but labels has 3"):
        clustval.dunn(np.zeros((2, 2)), [1, 2, 3], metric="precomputed")
    # an unknown quality index
    with pytest.raises(InputError, match="unknown index 'nonexistent_index'"):
        clustval.get_index("nonexistent_index")
    # the centres' checks (their number and dimension) have no counterpart: clustval has no
    # centres argument; fuzzy memberships are not labels (upstream: fuzziness not supported)
    for index in (clustval.calinski_harabasz, clustval.xb, clustval.db, clustval.dunn, clustval.sil):
        with pytest.raises(InputError, match="1-D"):
            index(Y, W2)


def test_clustering_quality_calinski_harabasz():
    # Clustering.jl with metric = Euclidean(): (32/3) / (16/8), from B = 2*4 + 4*2 + 2*4 + 4*2 = 32
    # and W = 16 unsquared. Caliński & Harabasz sum squares (Clustering.jl's default
    # SqEuclidean()): B = 2*16 + 4*4 + 2*16 + 4*4 = 96, W = 8 + 4 + 8 + 4 = 24, (96/3) / (24/8)
    upstream = (32 / 3) / (16 / 8)
    assert clustval.calinski_harabasz(Y, A) == pytest.approx((96 / 3) / (24 / 8), rel=1e-15)
    assert clustval.calinski_harabasz(Y, A) == pytest.approx(2 * upstream, rel=1e-15)
    assert clustval.calinski_harabasz_score(Y, A) == pytest.approx((96 / 3) / (24 / 8), rel=1e-15)
    # crisp memberships W are the partition A
    assert clustval.calinski_harabasz(Y, W.argmax(axis=1)) == clustval.calinski_harabasz(Y, A)
    # it needs the centroids: not from distances alone (upstream ArgumentError)
    with pytest.raises(InputError, match="CH needs the data's coordinates"):
        clustval.score(A, distances=D_Y, names=["calinski_harabasz"])
    # upstream's fuzzy W2 (8/3 * 24 / (14 + sqrt(17)) with the given centres): no counterpart


def test_clustering_quality_davies_bouldin():
    # S = (2, 1, 2, 1), centroid distances sqrt(20) or more: DB = 3 / sqrt(20)
    assert clustval.db(Y, A) == pytest.approx(3 / math.sqrt(20), rel=1e-15)
    assert clustval.davies_bouldin_score(Y, A) == pytest.approx(3 / math.sqrt(20), rel=1e-15)
    with pytest.raises(InputError, match="DB needs the data's coordinates"):
        clustval.score(A, distances=D_Y, names=["db"])
    # Clustering.jl's default SqEuclidean() squares the spreads (mean squared distances
    # 4, 1, 4, 1) and the centroid distances (20, 64, 16): clustval's q = 2, squared; by hand
    # every cluster's worst ratio is 5 / 20
    assert clustval.db(Y, A, q=2, squared=True) == pytest.approx(1 / 4, rel=1e-15)


def test_clustering_quality_dunn():
    # closest pair of clusters 2 apart ((1, 0) and (-1, 0)), widest cluster 4
    assert clustval.dunn(Y, A) == pytest.approx(1 / 2, rel=1e-15)
    assert clustval.dunn(D_Y, A, metric="precomputed") == pytest.approx(1 / 2, rel=1e-15)
    # at Clustering.jl's default SqEuclidean(): 2^2 / 4^2
    assert clustval.dunn(Y, A, metric="sqeuclidean") == pytest.approx(1 / 4, rel=1e-15)


def test_clustering_quality_xie_beni():
    # Clustering.jl with metric = Euclidean(): W / (n min ||c_k - c_l||) = 16 / (12 * 4) = 1/3.
    # Xie & Beni square both (Clustering.jl's default SqEuclidean()): 24 / (12 * 16)
    upstream = 1 / 3
    assert clustval.xb(Y, A) == pytest.approx(24 / (12 * 16), rel=1e-15)
    assert clustval.xb(Y, A) == pytest.approx(upstream * 24 / 16 / 4, rel=1e-15)  # W 16 -> 24, sep 4 -> 16
    assert clustval.xb(Y, W.argmax(axis=1)) == clustval.xb(Y, A)
    # upstream's fuzzy W2 ((14 + sqrt(17)) / (12 * 4) with the given centres): no counterpart


def test_clustering_quality_silhouettes():
    avg_silh = 1 - 1 / 12 * (  # upstream's average of the silhouettes 1 - a_i / b_i
        + 4 * 16 / (3 + 2 * math.sqrt(17) + 5)  # 4 points in clusters 1 and 3
        + 4 * (2 * math.sqrt(2) + 2) / 3 * 1 / 4  # 4 points in clusters 2 and 4, top + bottom
        + 2 * (2 * math.sqrt(2) + 2) / 3 * 4 / (4 + 2 * math.sqrt(26) + 6)  # clusters 2 and 4, left and right
        + 2 * (2 * math.sqrt(2) + 2) / 3 * 4 / (2 + 2 * math.sqrt(10) + 4)  # clusters 2 and 4, centre
    )
    assert clustval.sil(Y, A) == pytest.approx(avg_silh, rel=1e-14)
    assert clustval.silhouette_score(Y, A) == pytest.approx(avg_silh, rel=1e-14)
    assert clustval.sil(D_Y, A, metric="precomputed") == pytest.approx(avg_silh, rel=1e-14)


def test_clustering_quality_empty_clusters():
    # upstream: no 4th cluster among 5 centres; it warns and drops it. Labels 1, 2, 3, 5 name
    # four clusters in clustval (no warning); the value is that of A (upstream: (32/3) / (16/8)
    # with unsquared distances, as in test_clustering_quality_calinski_harabasz)
    degen_a = np.array([1, 1, 2, 2, 2, 2, 3, 3, 5, 5, 5, 5])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert clustval.calinski_harabasz(Y, degen_a) == clustval.calinski_harabasz(Y, A)
    assert clustval.calinski_harabasz(Y, degen_a) == pytest.approx(2 * (32 / 3) / (16 / 8), rel=1e-15)


# ---------------------------------------------------------------------------- randindex.jl


def _randindex(a, b) -> tuple[float, float, float, float]:
    """Clustering.jl's ``randindex``: (ARI, RI, Mirkin's 1 - RI, Hubert's 2 RI - 1)."""
    ri = clustval.rand(a, b)
    return clustval.ari(a, b), ri, 1 - ri, 2 * ri - 1


def test_randindex():
    a1 = [1, 1, 1, 2, 2, 2, 3, 3, 3, 3]
    a2 = [1, 1, 1, 1, 2, 2, 2, 2, 2, 2]
    a3 = [3, 3, 3, 2, 2, 2, 1, 1, 1, 1]
    for b in (a1, a3):
        np.testing.assert_allclose(_randindex(a1, b), [1.0, 1.0, 0.0, 1.0], rtol=0, atol=1e-12)
    np.testing.assert_allclose(_randindex(a1, a2), [0.403669, 0.711111, 0.288888, 0.422222], rtol=0, atol=1e-5)
    assert _randindex(a1, a2) == _randindex(a2, a1)
    assert _randindex([1] * 3, [1] * 3) == (1, 1, 0, 1)
    # clustval's hubert_gamma is Hubert & Schultz's Gamma (the phi correlation of the pair
    # indicators), not randindex's Hubert index P(agree) - P(disagree): tp, fp, fn, tn are
    # 10, 11, 2, 22, so (10 * 22 - 2 * 11) / sqrt(12 * 21 * 24 * 33) = 0.4432 vs 19 / 45
    assert clustval.hubert_gamma(a1, a2) == pytest.approx(198 / math.sqrt(12 * 21 * 24 * 33), rel=1e-14)
    assert abs(clustval.hubert_gamma(a1, a2) - 19 / 45) > 0.02


def test_randindex_large_independent_clusterings_225():
    # upstream's n = 10^7 (issue #225: overflow at large n), kept: about 1.5 s and 0.35 GB.
    # Both labellings uniform on k labels: RI = 1 - 2/k + 2/k^2 and the others follow, with
    # fluctuations of order 1/n, so upstream's 1e-5 holds for any draw
    rng = np.random.default_rng(123)
    n, k = 10_000_000, 5
    a, b = rng.integers(1, k + 1, n), rng.integers(1, k + 1, n)
    values = clustval.score(b, labels_true=a, names=["ari", "rand"])
    ri = values["rand"]
    expected = [0.0, ((k - 1) ** 2 + 1) / k**2, 2 * (k - 1) / k**2, ((k - 2) / k) ** 2]
    np.testing.assert_allclose([values["ari"], ri, 1 - ri, 2 * ri - 1], expected, rtol=0, atol=1e-5)


# ------------------------------------------------------------------------------ varinfo.jl


def test_varinfo():
    a1 = [1, 1, 1, 2, 2, 2, 3, 3, 3, 3]
    a2 = [1, 1, 1, 1, 2, 2, 2, 2, 2, 2]
    assert clustval.vi(a1, a1) == pytest.approx(0.0, abs=1e-12)
    assert clustval.vi(a2, a2) == pytest.approx(0.0, abs=1e-12)
    v = clustval.vi(a1, a2)
    assert 0.0 < v < math.log(3)
    assert v == pytest.approx(clustval.vi(a2, a1))
    assert clustval.vi([1, 2, 3, 4, 5], [1] * 5) == pytest.approx(math.log(5))
    assert clustval.vi([1] * 5, [1, 2, 3, 4, 5]) == pytest.approx(math.log(5))
    assert clustval.vi([1, 1, 1, 2, 2, 2], [2, 2, 2, 1, 1, 1]) == pytest.approx(0.0, abs=1e-12)


# ----------------------------------------------------------------------------- vmeasure.jl


def test_vmeasure_reproducing_fig_2():
    # upstream's values are Figure 2 of Rosenberg & Hirschberg (2007), to two decimals
    clus = [1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3]
    assert clustval.v_measure(clus, clus) == 1.0
    clas = [1, 1, 1, 2, 3, 3, 3, 3, 1, 2, 2, 2, 2, 1, 3]
    assert clustval.v_measure(clas, clus) == pytest.approx(0.14, abs=1e-2)
    clas = [1, 1, 1, 2, 2, 3, 3, 3, 1, 1, 2, 2, 2, 3, 3]
    assert clustval.v_measure(clas, clus) == pytest.approx(0.39, abs=1e-2)
    clus = [1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 5, 5, 6, 6]
    clas = [1, 1, 1, 2, 2, 3, 3, 3, 1, 1, 2, 2, 2, 3, 3, 1, 2, 3, 1, 2, 3]
    assert clustval.v_measure(clas, clus) == pytest.approx(0.30, abs=1e-2)
    clus = [1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 4, 5, 6, 7, 8, 9]
    assert clustval.v_measure(clas, clus) == pytest.approx(0.41, abs=1e-2)
    with pytest.raises(InputError, match="beta"):  # upstream ArgumentError
        clustval.v_measure(clas, clus, beta=-1.0)


def test_vmeasure_comparing_2_kmeans_clusterings():
    # upstream: the mean V-measure of two k-means runs (one k-means++ start each, 50
    # iterations, K = 10) on 200 uniform clouds of 1000 points in 3-D, 0.75 +- 0.01 ("FIXME
    # why 0.75?"): a property of k-means on such data. clustval.kmeans (scikit-learn's
    # KMeans) gives 0.749 with these seeds; about 3 s
    rng = np.random.default_rng(34568)
    values = []
    for run in range(200):
        x = rng.random((1000, 3))
        first = clustval.kmeans(x, 10, n_init=1, max_iter=50, seed=2 * run).labels
        second = clustval.kmeans(x, 10, n_init=1, max_iter=50, seed=2 * run + 1).labels
        values.append(clustval.v_measure(first, second))
    v = float(np.mean(values))
    assert 0.5 < v < 1.0
    assert v == pytest.approx(0.75, abs=1e-2)


def test_vmeasure_comparing_2_random_label_assignments():
    rng = np.random.default_rng(34568)
    k, n = 10, 10_000
    a1, a2 = rng.integers(1, k + 1, n), rng.integers(1, k + 1, n)
    assert clustval.v_measure(a1, a2) == pytest.approx(0.0, abs=1e-2)


# --------------------------------------------------------------------------- mutualinfo.jl


def test_mutualinfo():
    # upstream's normed=true is 2 MI / (H(a) + H(b)): NMI with the arithmetic mean (clustval's default)
    # https://nlp.stanford.edu/IR-book/html/htmledition/evaluation-of-clustering-1.html
    a1 = [1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3]
    a2 = [1, 1, 1, 1, 1, 2, 3, 3, 1, 2, 2, 2, 2, 2, 3, 3, 3]
    assert clustval.mutual_info(a1, a2) == pytest.approx(0.39, abs=1e-2)
    assert clustval.nmi(a1, a2) == pytest.approx(0.36, abs=1e-2)
    # https://doi.org/10.1186/1471-2105-7-380
    a1 = [1, 1, 1, 1, 1, 3, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 1, 2]
    a2 = [1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4]
    assert clustval.mutual_info(a1, a2) == pytest.approx(0.6, abs=0.1)
    assert clustval.nmi(a1, a2) == pytest.approx(0.5, abs=0.1)
    assert clustval.nmi(a1, a2, average_method="arithmetic") == clustval.nmi(a1, a2)


# ---------------------------------------------------------------------------- confusion.jl


def _confusion(a, b) -> np.ndarray:
    """Clustering.jl's ``confusion``: unordered pairs as [[TP, FN], [FP, TN]], from
    scikit-learn's ordered [[TN, FP], [FN, TP]] reversed and halved."""
    ordered = clustval.pair_confusion_matrix(a, b)
    unordered = ordered[::-1, ::-1] // 2
    tp, fp, fn, tn = contingency(a, b).pairs
    np.testing.assert_array_equal(unordered, [[tp, fn], [fp, tn]])
    return unordered


CONFUSION = [  # (a, b, upstream's confusion(a, b)) from test/confusion.jl
    ([0, 0, 0], [0, 0, 0], [[3, 0], [0, 0]]),
    ([0, 0, 1], [0, 0, 0], [[1, 0], [2, 0]]),
    ([0, 1, 1], [0, 0, 0], [[1, 0], [2, 0]]),
    ([1, 1, 1], [0, 0, 0], [[3, 0], [0, 0]]),
    ([0, 0, 0], [0, 0, 1], [[1, 2], [0, 0]]),
    ([0, 0, 1], [0, 0, 1], [[1, 0], [0, 2]]),
    ([0, 1, 1], [0, 0, 1], [[0, 1], [1, 1]]),
    ([1, 1, 1], [0, 0, 1], [[1, 2], [0, 0]]),
    ([0, 0, 0], [0, 1, 1], [[1, 2], [0, 0]]),
    ([0, 0, 1], [0, 1, 1], [[0, 1], [1, 1]]),
    ([0, 1, 1], [0, 1, 1], [[1, 0], [0, 2]]),
    ([1, 1, 1], [0, 1, 1], [[1, 2], [0, 0]]),
    ([0, 0, 0], [1, 1, 1], [[3, 0], [0, 0]]),
    ([0, 0, 1], [1, 1, 1], [[1, 0], [2, 0]]),
    ([0, 1, 1], [1, 1, 1], [[1, 0], [2, 0]]),
    ([1, 1, 1], [1, 1, 1], [[3, 0], [0, 0]]),
]


@pytest.mark.parametrize("a, b, expected", CONFUSION)
def test_confusion_small_size_tests(a, b, expected):
    np.testing.assert_array_equal(_confusion(a, b), expected)


def test_confusion_specifying_element_type():
    # upstream: confusion(Int, ...) and confusion(Float64, ...). The counts are exact int64
    # here (Python ints once n (n - 1) overflows); a float table is the caller's astype
    assert clustval.pair_confusion_matrix([1, 1, 1], [1, 1, 1]).dtype == np.int64


def test_confusion_comparing_2_kmeans_clusterings():
    n = 100
    x = np.random.default_rng(5).random((n, 3))
    r1 = clustval.kmeans(x, 1, n_init=1, max_iter=5, seed=1).labels
    r2 = clustval.kmeans(x, 1, n_init=1, max_iter=5, seed=2).labels
    np.testing.assert_array_equal(_confusion(r1, r2), [[n * (n - 1) / 2, 0], [0, 0]])


# --------------------------------------------------------------------------- silhouette.jl

D = np.array([[0, 1, 2, 3], [1, 0, 1, 2], [2, 1, 0, 1], [3, 2, 1, 0]])


def _silhouettes(labels, distances, **options) -> np.ndarray:
    return classic.silhouette_samples(np.asarray(distances), labels, metric="precomputed", **options)


def test_silhouettes_input_checks():
    with pytest.raises(InputError, match="square"):
        _silhouettes([1, 1, 3, 2], D[:, :3])
    with pytest.raises(InputError, match="4 x 4 but labels has 5"):
        _silhouettes([1, 1, 2, 2, 2], D)
    d2 = D.copy()
    d2[1, 2] = 4
    with pytest.raises(InputError, match="symmetric"):
        _silhouettes([1, 1, 2, 2], d2)


def test_silhouettes():
    np.testing.assert_allclose(_silhouettes([1, 1, 2, 2], D), [1.5 / 2.5, 0.5 / 1.5, 0.5 / 1.5, 1.5 / 2.5], rtol=1e-15)
    np.testing.assert_allclose(clustval.silhouette_samples(D, [1, 1, 2, 2], metric="precomputed"),
                               [1.5 / 2.5, 0.5 / 1.5, 0.5 / 1.5, 1.5 / 2.5], rtol=1e-15)  # fmt: skip
    # upstream returns Float32 for Float32 distances; clustval works and answers in float64
    single = _silhouettes([1, 1, 2, 2], D.astype(np.float32))
    assert single.dtype == np.float64
    np.testing.assert_allclose(single, [1.5 / 2.5, 0.5 / 1.5, 0.5 / 1.5, 1.5 / 2.5], rtol=1e-15)
    np.testing.assert_allclose(_silhouettes([1, 2, 1, 2], D), [0.0, -0.5, -0.5, 0.0], rtol=1e-15, atol=0)
    np.testing.assert_allclose(_silhouettes([1, 1, 1, 2], D), [0.5, 0.5, -1 / 3, 0.0], rtol=1e-15, atol=0)


def test_silhouettes_zero_cluster_distances_correctly():
    a = [1] * 5 + [2] * 5
    np.testing.assert_array_equal(_silhouettes(a, np.zeros((10, 10), dtype=int)), np.zeros(10))
    d = np.ones((10, 10), dtype=int)
    np.fill_diagonal(d, 0)
    d[0, 1] = d[1, 0] = 5
    np.testing.assert_array_equal(_silhouettes(a, d), [-0.5, -0.5] + [0.0] * 8)


def test_silhouettes_throws_an_error_when_degenerated_clustering_is_given():
    d = np.ones((10, 10), dtype=int)
    np.fill_diagonal(d, 0)
    with pytest.raises(UndefinedIndexError, match="single cluster"):
        _silhouettes([1] * 10, d)


def test_silhouettes_empty_clusters_handled_correctly_241():
    # upstream #241: labels 2, 3, 5 (clusters 1 and 4 empty) scored wrongly; its check
    # (every width >= -0.5) belongs to its random draw. Here: the widths of the labels with
    # gaps are those of the same partition labelled 0, 1, 2
    x = np.random.default_rng(123).random((10, 3))
    pd = cdist(x, x)
    gaps = np.array([5, 2, 2, 3, 2, 2, 3, 2, 3, 5])
    compact = np.array([2, 0, 0, 1, 0, 0, 1, 0, 1, 2])
    np.testing.assert_array_equal(_silhouettes(gaps, pd), _silhouettes(compact, pd))
    np.testing.assert_array_equal(classic.silhouette_samples(x, gaps), _silhouettes(compact, pd))


@pytest.mark.parametrize("metric", ["euclidean", "sqeuclidean"])
@pytest.mark.parametrize("memory_budget_mb", [256, 0.001])
def test_silhouettes_metric_batch_size(metric, memory_budget_mb):
    # upstream batches SqEuclidean alone (Euclidean with batch_size = 10 throws); clustval's
    # budget blocks every metric: 0.001 MB is one row of the 100 x 100 distances a block
    rng = np.random.default_rng(123)
    x = rng.random((100, 3))
    pd = cdist(x, x, metric)
    a = rng.integers(1, 11, 100)
    kmeans_labels = clustval.kmeans(x, 5, seed=1).labels
    for labels in (a, kmeans_labels):
        blocked = classic.silhouette_samples(x, labels, metric=metric, memory_budget_mb=memory_budget_mb)
        np.testing.assert_allclose(blocked, _silhouettes(labels, pd), rtol=1e-12, atol=1e-15)


# ------------------------------------------------------------------------------- counts.jl


def test_counts():
    with pytest.raises(InputError, match="empty"):  # upstream: a 0 x 0 table
        clustval.contingency_matrix([], [])
    with pytest.raises(InputError, match="empty"):  # upstream DimensionMismatch
        clustval.contingency_matrix([1], [])
    with pytest.raises(InputError, match="1 labels but labels_pred has 2"):
        clustval.contingency_matrix([1], [2, 1])
    # labels are names: 0 and -1 are labels (upstream ArgumentError for a cluster result)
    np.testing.assert_array_equal(clustval.contingency_matrix([1, 1], [0, 1]), [[1, 1]])
    np.testing.assert_array_equal(clustval.contingency_matrix([1, -1], [2, 1]), [[1, 0], [0, 1]])
    # different integer types
    labels32, labels16 = np.array([1, 2], dtype=np.int32), np.array([1, 2], dtype=np.int16)
    np.testing.assert_array_equal(clustval.contingency_matrix(labels32, labels16), np.eye(2, dtype=int))
    np.testing.assert_array_equal(clustval.contingency_matrix([1, 2, 3], [1, 2, 3]), np.eye(3, dtype=int))
    np.testing.assert_array_equal(clustval.contingency_matrix([2, 3, 1], [1, 2, 3]), [[0, 0, 1], [1, 0, 0], [0, 1, 0]])
    # 3rd cluster of a missing: upstream's table has its empty row, clustval's does not; the
    # indices of a table drop all-zero rows, so upstream's table scores as the labels do
    upstream = [[0, 0, 1], [1, 0, 0], [0, 0, 0], [0, 1, 0]]
    np.testing.assert_array_equal(clustval.contingency_matrix([2, 4, 1], [1, 2, 3]), np.delete(upstream, 2, axis=0))
    from_table = clustval.external_scores_from_table(upstream, names=["ari", "vi", "nmi"])
    assert from_table == clustval.score([1, 2, 3], labels_true=[2, 4, 1], names=["ari", "vi", "nmi"])
    # 1st cluster of b missing: StatsBase's table spans b's 2..3 (upstream's Clustering.counts
    # of a result spans 1..3 with an empty first column)
    np.testing.assert_array_equal(clustval.contingency_matrix([2, 3, 1], [2, 2, 3]), [[0, 1], [1, 0], [1, 0]])
    np.testing.assert_array_equal(clustval.contingency_matrix([2, 2, 1], [1, 1, 1]), [[1], [2]])
    np.testing.assert_array_equal(clustval.contingency_matrix([1, 1, 1], [2, 2, 1]), [[1, 2]])


def test_counts_with_clustering_result_objects():
    rng = np.random.default_rng(34568)
    x = rng.random((25, 3))
    clu3, clu5 = clustval.kmeans(x, 3).labels, clustval.kmeans(x, 5).labels
    clu_y = clustval.kmeans(rng.random((20, 3)), 3).labels
    with pytest.raises(InputError, match="25 labels but labels_pred has 20"):
        clustval.contingency_matrix(clu3, clu_y)
    table = clustval.contingency_matrix(clu3, clu5)
    np.testing.assert_array_equal(table, clustval.contingency_matrix(clu5, clu3).T)
    assert table.shape == (3, 5)
    assert table.sum() == 25
    np.testing.assert_array_equal(contingency(clu3, clu5).table, table)
