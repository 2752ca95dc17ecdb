"""scikit-learn's tests of its metrics' arguments, ported to clustval's aliases.

From scikit-learn 1.9's ``sklearn/metrics/cluster/tests/`` (``test_supervised.py``,
``test_unsupervised.py``): the cases of ``average_method``, ``contingency``, ``eps``,
``sample_size`` with ``random_state`` and the distance keywords, each test named after its
upstream original, rewritten for the aliases (scikit-learn's names in clustval). The values
are held to scikit-learn's on the same arguments, and where a case can be worked by hand, to
that. The aliases' signatures against scikit-learn's: tests/compat/test_sklearn.py.
"""

from __future__ import annotations

import copy
import math

import numpy as np
import pytest
import scipy.sparse
from sklearn import datasets
from sklearn import metrics as sk
from sklearn.metrics import cluster as sk_cluster
from sklearn.metrics import pairwise_distances

import clustval
from clustval.errors import InputError

AVERAGE_METHODS = ["min", "geometric", "arithmetic", "max"]
MI_ALIASES = ["normalized_mutual_info_score", "adjusted_mutual_info_score"]
LABELS_A = np.array([1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3])
LABELS_B = np.array([1, 1, 1, 1, 2, 1, 2, 2, 2, 2, 3, 1, 3, 3, 3, 2, 2])


# -------------------------------------------------------------- average_method


@pytest.mark.parametrize("name", MI_ALIASES)
@pytest.mark.parametrize("average_method", AVERAGE_METHODS)
def test_perfect_matches_with_changing_means(name, average_method):
    score = getattr(clustval, name)
    for labels_true, labels_pred in [
        ([], []), ([0], [1]), ([0, 0, 0], [0, 0, 0]), ([0, 1, 0], [42, 7, 42]),
        ([0.0, 1.0, 0.0], [42.0, 7.0, 42.0]), ([0.0, 1.0, 2.0], [42.0, 7.0, 2.0]),
        ([0, 1, 2], [42, 7, 2]), ([0, 1], [0, 1]), ([0, 1, 2, 3], [0, 1, 2, 3]),
    ]:  # fmt: skip
        assert score(labels_true, labels_pred, average_method=average_method) == pytest.approx(1.0)


def test_generalized_average():
    # the means of two entropies order min <= geometric <= arithmetic <= max, so NMI runs
    # the other way; with equal entropies every mean is that entropy
    t, p = [0, 1, 2, 3], [0, 0, 1, 1]  # H(t) = log 4 = 2 log 2, H(p) = MI = log 2
    values = [clustval.normalized_mutual_info_score(t, p, average_method=m) for m in AVERAGE_METHODS]
    assert values == pytest.approx([1.0, 1 / math.sqrt(2), 2 / 3, 0.5], rel=1e-14)
    assert values[0] >= values[1] >= values[2] >= values[3]
    equal = [clustval.normalized_mutual_info_score([0, 0, 1, 1], [0, 1, 1, 0], average_method=m) for m in AVERAGE_METHODS]
    assert equal == [equal[0]] * 4


@pytest.mark.parametrize("name", MI_ALIASES)
@pytest.mark.parametrize("average_method", AVERAGE_METHODS)
def test_average_method_equals_scikit_learn(name, average_method):
    rng = np.random.RandomState(3)
    for n, classes, clusters in [(17, 3, 3), (60, 2, 7), (200, 9, 4), (500, 12, 12)]:
        t, p = rng.randint(0, classes, n), rng.randint(0, clusters, n)
        ours = getattr(clustval, name)(t, p, average_method=average_method)
        assert ours == pytest.approx(getattr(sk, name)(t, p, average_method=average_method), rel=1e-10, abs=1e-13)


@pytest.mark.parametrize("average_method", AVERAGE_METHODS)
def test_exactly_zero_info_score(average_method):
    for n in np.logspace(1, 4, 4).astype(int):
        labels_a, labels_b = np.ones(n, dtype=int), np.arange(n)
        assert clustval.adjusted_mutual_info_score(labels_a, labels_b, average_method=average_method) == 0.0
        assert clustval.normalized_mutual_info_score(labels_a, labels_b, average_method=average_method) == 0.0


def test_v_measure_and_mutual_information():
    rng = np.random.RandomState(36)
    for n in np.logspace(1, 4, 4).astype(int):
        labels_a, labels_b = rng.randint(0, 10, n), rng.randint(0, 10, n)
        assert clustval.v_measure_score(labels_a, labels_b) == pytest.approx(
            clustval.normalized_mutual_info_score(labels_a, labels_b, average_method="arithmetic"), rel=1e-12
        )


@pytest.mark.parametrize("average_method", AVERAGE_METHODS)
def test_normalized_mutual_info_score_bounded(average_method):
    labels1 = [0] * 469
    labels2 = [1] + labels1[1:]
    labels3 = [0, 1] + labels1[2:]
    assert clustval.normalized_mutual_info_score(labels1, labels2, average_method=average_method) == 0
    assert 0 <= clustval.normalized_mutual_info_score(labels2, labels3, average_method=average_method) < 1


@pytest.mark.parametrize("name", MI_ALIASES)
def test_an_unknown_average_method_is_a_value_error_before_the_labels_are_read(name):
    with pytest.raises(InputError, match="average"):
        getattr(clustval, name)([0, 1], [[0], [1]], average_method="median")


def test_the_registry_functions_take_the_average_method_too():
    for average_method in AVERAGE_METHODS:
        assert clustval.nmi(LABELS_A, LABELS_B, average_method=average_method) == (
            clustval.normalized_mutual_info_score(LABELS_A, LABELS_B, average_method=average_method)
        )
        assert clustval.ami(LABELS_A, LABELS_B, average_method=average_method) == (
            clustval.adjusted_mutual_info_score(LABELS_A, LABELS_B, average_method=average_method)
        )
    with pytest.raises(InputError, match="ami_average"):
        clustval.ami(LABELS_A, LABELS_B, average_method="mean")


# -------------------------------------------------------------- contingency, eps


def test_adjusted_mutual_info_score_with_a_contingency_table():
    for table in (
        sk_cluster.contingency_matrix(LABELS_A, LABELS_B),
        sk_cluster.contingency_matrix(LABELS_A, LABELS_B, sparse=True),
        clustval.contingency_matrix(LABELS_A, LABELS_B),
        clustval.contingency_matrix(LABELS_A, LABELS_B, sparse=True),
        scipy.sparse.csc_matrix(clustval.contingency_matrix(LABELS_A, LABELS_B)),
    ):
        mi = clustval.mutual_info_score(LABELS_A, LABELS_B, contingency=table)
        assert mi == pytest.approx(0.41022, abs=5e-6)
        assert mi == pytest.approx(sk.mutual_info_score(LABELS_A, LABELS_B, contingency=table), rel=1e-12)
        # the table given, the labels are not read (scikit-learn ignores them too)
        assert clustval.mutual_info_score(None, None, contingency=table) == mi
        assert clustval.mutual_info_score([0, 1], [0], contingency=table) == mi


def test_contingency_matrix():
    C = clustval.contingency_matrix(LABELS_A, LABELS_B)
    C2 = np.histogram2d(LABELS_A, LABELS_B, bins=(np.arange(1, 5), np.arange(1, 5)))[0]
    np.testing.assert_array_equal(C, C2)
    with_eps = clustval.contingency_matrix(LABELS_A, LABELS_B, eps=0.1)
    np.testing.assert_array_equal(with_eps, sk_cluster.contingency_matrix(LABELS_A, LABELS_B, eps=0.1))
    np.testing.assert_allclose(with_eps, C2 + 0.1, rtol=0, atol=1e-15)
    assert with_eps.dtype == np.float64


def test_contingency_matrix_sparse():
    C = clustval.contingency_matrix(LABELS_A, LABELS_B)
    np.testing.assert_array_equal(C, clustval.contingency_matrix(LABELS_A, LABELS_B, sparse=True).toarray())
    with pytest.raises(ValueError, match="Cannot set 'eps' when sparse=True"):
        clustval.contingency_matrix(LABELS_A, LABELS_B, eps=1e-10, sparse=True)


@pytest.mark.parametrize("dtype", [np.int32, np.float32, np.float64])
@pytest.mark.parametrize("sparse", [False, True])
def test_contingency_matrix_dtype_as_scikit_learn(dtype, sparse):
    ours = clustval.contingency_matrix(LABELS_A, LABELS_B, sparse=sparse, dtype=dtype)
    theirs = sk_cluster.contingency_matrix(LABELS_A, LABELS_B, sparse=sparse, dtype=dtype)
    assert ours.dtype == theirs.dtype
    np.testing.assert_array_equal(*(m.toarray() if sparse else m for m in (ours, theirs)))
    # eps given, dtype is ignored: the counts plus eps, as scikit-learn adds them
    if not sparse:
        np.testing.assert_array_equal(
            clustval.contingency_matrix(LABELS_A, LABELS_B, eps=1e-3, dtype=dtype),
            sk_cluster.contingency_matrix(LABELS_A, LABELS_B, eps=1e-3, dtype=dtype),
        )


# -------------------------------------------------------------- sample_size, random_state, **kwds

SPARSE = [scipy.sparse.csr_matrix, scipy.sparse.csc_matrix, scipy.sparse.dok_matrix, scipy.sparse.lil_matrix]


@pytest.mark.parametrize("container", [None, *SPARSE])
@pytest.mark.parametrize("sample_size", [None, "half"])
def test_silhouette(container, sample_size):
    X, y = datasets.load_iris(return_X_y=True)
    sample_size = X.shape[0] // 2 if sample_size == "half" else sample_size
    D = pairwise_distances(X, metric="euclidean")
    data = X if container is None else container(X)
    precomputed = clustval.silhouette_score(D, y, metric="precomputed", sample_size=sample_size, random_state=0)
    euclidean = clustval.silhouette_score(data, y, metric="euclidean", sample_size=sample_size, random_state=0)
    assert precomputed > 0 and euclidean > 0
    assert precomputed == pytest.approx(euclidean, rel=1e-12)
    # scikit-learn's sample, so scikit-learn's value
    assert euclidean == pytest.approx(
        sk.silhouette_score(data, y, sample_size=sample_size, random_state=0), rel=1e-12
    )


def test_the_sample_is_scikit_learns_permutation():
    # check_random_state(seed).permutation(n)[:sample_size]: the objects scored, worked here
    rng = np.random.RandomState(5)
    X, y = rng.normal(size=(90, 3)), rng.randint(0, 4, 90)
    for seed in (0, 1, 12345):
        for sample_size in (10, 45, 89, 90, 500):
            kept = np.random.RandomState(seed).permutation(90)[:sample_size]
            ours = clustval.silhouette_score(X, y, sample_size=sample_size, random_state=seed)
            assert ours == pytest.approx(clustval.sil(X[kept], y[kept]), rel=1e-13)
            assert ours == pytest.approx(sk.silhouette_score(X, y, sample_size=sample_size, random_state=seed), rel=1e-12)


def test_a_random_state_object_is_advanced_as_scikit_learn_advances_it():
    rng = np.random.RandomState(5)
    X, y = rng.normal(size=(60, 2)), rng.randint(0, 3, 60)
    ours_state, their_state = np.random.RandomState(7), np.random.RandomState(7)
    for _ in range(3):  # each call draws a new permutation from the same stream
        ours = clustval.silhouette_score(X, y, sample_size=20, random_state=ours_state)
        assert ours == pytest.approx(sk.silhouette_score(X, y, sample_size=20, random_state=their_state), rel=1e-12)
    assert ours_state.randint(1 << 30) == their_state.randint(1 << 30)


def test_the_global_random_state_when_none():
    rng = np.random.RandomState(5)
    X, y = rng.normal(size=(40, 2)), rng.randint(0, 3, 40)
    state = np.random.get_state()
    try:
        np.random.seed(11)
        ours = clustval.silhouette_score(X, y, sample_size=15)
        np.random.seed(11)
        assert ours == pytest.approx(sk.silhouette_score(X, y, sample_size=15), rel=1e-12)
    finally:
        np.random.set_state(state)


HOW_KEYWORDS = [{"n_jobs": 2}, {"working_memory": 1}, {"ensure_all_finite": True}, {"squared": False}]


@pytest.mark.parametrize("keywords", HOW_KEYWORDS, ids=lambda k: next(iter(k)))
def test_silhouette_reduce(keywords):
    # scikit-learn's keywords of how it computes the distances leave the value as it is
    X, y = datasets.load_iris(return_X_y=True)
    D = pairwise_distances(X)
    for data, metric in ((X, "euclidean"), (D, "precomputed")):
        ours = clustval.silhouette_score(data, y, metric=metric, sample_size=60, random_state=2, **copy.deepcopy(keywords))
        theirs = sk.silhouette_score(data, y, metric=metric, sample_size=60, random_state=2, **keywords)
        assert ours == pytest.approx(theirs, rel=1e-12)


def test_the_cached_norms_of_euclidean_distances_are_accepted():
    X, y = datasets.load_iris(return_X_y=True)
    norms = (X**2).sum(axis=1)[:, None]
    ours = clustval.silhouette_score(X, y, X_norm_squared=norms)
    assert ours == pytest.approx(sk.silhouette_score(X, y, X_norm_squared=norms), rel=1e-12)


def test_a_precomputed_matrix_ignores_every_keyword_as_scikit_learn_does():
    X, y = datasets.load_iris(return_X_y=True)
    D = pairwise_distances(X)
    for keywords in ({"squared": True}, {"p": 1}, {"whatever": "x"}):
        ours = clustval.silhouette_score(D, y, metric="precomputed", **keywords)
        assert ours == pytest.approx(sk.silhouette_score(D, y, metric="precomputed", **keywords), rel=1e-12)


@pytest.mark.parametrize("keywords", [{"p": 1}, {"Y": np.zeros((3, 4))}], ids=str)
def test_keywords_that_would_change_the_euclidean_distances_are_refused_in_one_line(keywords):
    X, y = datasets.load_iris(return_X_y=True)
    with pytest.raises(InputError) as refused:
        clustval.silhouette_score(X, y, **keywords)
    assert "\n" not in str(refused.value)


def test_scikit_learns_metric_keywords_give_its_values_and_another_metric_is_refused():
    X, y = datasets.load_iris(return_X_y=True)
    for metric, keywords in (("minkowski", {"p": 1}), ("euclidean", {"squared": True})):
        assert clustval.silhouette_score(X, y, metric=metric, **keywords) == pytest.approx(
            sk.silhouette_score(X, y, metric=metric, **keywords), rel=1e-12)
    with pytest.raises(InputError, match="metric='precomputed'"):
        clustval.silhouette_score(X, y, metric="braycurtis")