"""scikit-learn's clustering metrics that clustval also provides, checked against scikit-learn.

Mutual information, homogeneity, completeness, V-measure, Calinski-Harabasz, the contingency
matrix and the pair confusion matrix: on many random partitions (and their edge cases) the
values agree with scikit-learn to 1e-12; the matrices are equal, integer for integer, and
the pair counts also agree with a brute-force count over all ordered pairs.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from sklearn import metrics as sk
from sklearn.metrics.cluster import contingency_matrix as sk_contingency_matrix
from sklearn.metrics.cluster import pair_confusion_matrix as sk_pair_confusion_matrix

import clustval
from clustval.errors import UndefinedIndexError

EXTERNAL_PAIRS = {
    "mutual_info": sk.mutual_info_score,
    "homogeneity": sk.homogeneity_score,
    "completeness": sk.completeness_score,
    "v_measure": sk.v_measure_score,
}

EDGE_CASES = [
    ([0], [0]),  # n = 1
    ([0, 0, 0, 0], [0, 0, 1, 1]),  # one class
    ([0, 0, 1, 1], [3, 3, 3, 3]),  # one cluster
    ([0, 0, 0], [1, 1, 1]),  # one class, one cluster
    ([0, 1, 2, 3], [3, 2, 1, 0]),  # all singletons, identical
    ([0, 1, 2, 3], [0, 0, 0, 0]),  # singleton classes, one cluster
    ([0, 0, 1, 1], [0, 1, 0, 1]),  # independent: MI = 0 exactly
    (["b", "a", "a", "c"], ["x", "y", "y", "x"]),  # text labels
    ([-5, 7, 7, 1000], [2, -1, 2, 2]),  # negative, gapped labels
]


def _cases(random_partitions):
    yield from EDGE_CASES
    yield from random_partitions(seed=13, count=120, max_n=40, max_labels=7)
    yield from random_partitions(seed=14, count=20, max_n=3000, max_labels=40)


@pytest.mark.parametrize("name", EXTERNAL_PAIRS)
def test_information_indices_match_scikit_learn(name, random_partitions):
    ours, theirs = getattr(clustval, name), EXTERNAL_PAIRS[name]
    for labels_true, labels_pred in _cases(random_partitions):
        expected = theirs(labels_true, labels_pred)
        assert ours(labels_true, labels_pred) == pytest.approx(expected, abs=1e-12), (
            labels_true,
            labels_pred,
        )
        assert clustval.score(labels_pred, labels_true=labels_true, names=[name])[
            name
        ] == pytest.approx(expected, abs=1e-12)


def test_homogeneity_and_completeness_swap_and_v_measure_equals_nmi(random_partitions):
    for labels_true, labels_pred in _cases(random_partitions):
        assert clustval.homogeneity(labels_true, labels_pred) == pytest.approx(
            clustval.completeness(labels_pred, labels_true), abs=1e-15
        )
        assert clustval.v_measure(labels_true, labels_pred) == pytest.approx(
            clustval.nmi(labels_true, labels_pred), abs=1e-12
        )


def test_mutual_info_by_hand():
    # classes {0,1} x clusters: p(0,a) = 1/2, p(1,a) = 1/4, p(1,b) = 1/4
    # MI = 1/2 log(1/2 / (1/2 * 3/4)) + 1/4 log(1/4 / (1/2 * 3/4)) + 1/4 log(1/4 / (1/2 * 1/4))
    expected = 0.5 * np.log(4 / 3) + 0.25 * np.log(2 / 3) + 0.25 * np.log(2)
    assert clustval.mutual_info([0, 0, 1, 1], ["a", "a", "a", "b"]) == pytest.approx(
        expected, abs=1e-15
    )


@pytest.mark.parametrize("sparse", [False, True])
def test_contingency_matrix_equals_scikit_learn(sparse, random_partitions):
    for labels_true, labels_pred in _cases(random_partitions):
        ours = clustval.contingency_matrix(labels_true, labels_pred, sparse=sparse)
        theirs = sk_contingency_matrix(labels_true, labels_pred, sparse=sparse)
        assert type(ours) is type(theirs) and ours.dtype == theirs.dtype == np.int64
        if sparse:
            ours, theirs = ours.toarray(), theirs.toarray()
        np.testing.assert_array_equal(ours, theirs)


def test_contingency_matrix_is_the_callers_own():
    matrix = clustval.contingency_matrix([0, 1], [0, 1])
    matrix[0, 0] = 5  # writable, and a copy: the next table is unchanged
    assert clustval.contingency_matrix([0, 1], [0, 1])[0, 0] == 1


def _brute_force_pair_confusion(labels_true, labels_pred) -> np.ndarray:
    counts = np.zeros((2, 2), dtype=np.int64)
    for i, j in itertools.permutations(range(len(labels_true)), 2):
        counts[int(labels_true[i] == labels_true[j]), int(labels_pred[i] == labels_pred[j])] += 1
    return counts


def test_pair_confusion_matrix_equals_scikit_learn_and_brute_force(random_partitions):
    for labels_true, labels_pred in _cases(random_partitions):
        ours = clustval.pair_confusion_matrix(labels_true, labels_pred)
        assert ours.dtype == np.int64
        np.testing.assert_array_equal(ours, sk_pair_confusion_matrix(labels_true, labels_pred))
        if len(labels_true) <= 40:
            np.testing.assert_array_equal(
                ours, _brute_force_pair_confusion(list(labels_true), list(labels_pred))
            )


def test_pair_confusion_matrix_is_exact_at_large_n():
    # n = 2 * 10^6 in two classes, split by a second labelling: every count known in closed form
    half = 10**6
    truth = np.repeat([0, 1], half)
    pred = np.tile([0, 1], half)
    same = 2 * (half // 2) * (half // 2 - 1) * 2  # ordered pairs inside each of the 4 cells
    together_in_truth = 2 * half * (half - 1)
    together_in_pred = 2 * half * (half - 1)
    expected = [
        [2 * half * (2 * half - 1) - together_in_truth - together_in_pred + same,
         together_in_pred - same],
        [together_in_truth - same, same],
    ]  # fmt: skip
    np.testing.assert_array_equal(clustval.pair_confusion_matrix(truth, pred), expected)


# ----------------------------------------------------------------------------- Calinski-Harabasz


def _clustered(seed: int):
    rng = np.random.default_rng(seed)
    k = int(rng.integers(2, 8))
    n = int(rng.integers(k + 1, 300))
    labels = np.concatenate([np.arange(k), rng.integers(0, k, n - k)])
    X = rng.normal(size=(n, int(rng.integers(1, 6)))) + 3 * rng.normal(size=(k, 1))[labels]
    return X - X.mean(axis=0), rng.permutation(10 * k)[labels]  # centred; arbitrary labels


def test_calinski_harabasz_matches_scikit_learn_on_centred_data():
    for seed in range(200):
        X, labels = _clustered(seed)
        expected = sk.calinski_harabasz_score(X, labels)
        assert clustval.calinski_harabasz(X, labels) == pytest.approx(expected, rel=1e-12)
        assert clustval.score(labels, X=X, names=["calinski_harabasz"])[
            "calinski_harabasz"
        ] == pytest.approx(expected, rel=1e-12)


def test_calinski_harabasz_by_hand_and_far_from_the_origin():
    X = np.array([[0.0], [2.0], [10.0], [12.0]])
    # B = 2 * 5^2 + 2 * 5^2 = 100, W = 4 * 1^2 = 4: (100 / 1) / (4 / 2)
    assert clustval.calinski_harabasz(X, [0, 0, 1, 1]) == 50.0
    # the means are taken relative to a data point: the value survives a shift by 2^40
    assert clustval.calinski_harabasz(X + 2.0**40, [0, 0, 1, 1]) == 50.0


def test_calinski_harabasz_degenerate_partitions():
    X = np.array([[0.0, 1.0], [0.0, 1.0], [3.0, 1.0], [3.0, 1.0]])
    for labels in ([0, 0, 0, 0], [0, 1, 2, 3]):  # K = 1, K = n: scikit-learn raises too
        with pytest.raises(UndefinedIndexError):
            clustval.calinski_harabasz(X, labels)
    # W = 0 and B > 0: perfectly compact, inf (scikit-learn: 1.0, documented)
    assert clustval.calinski_harabasz(X, [0, 0, 1, 1]) == np.inf
    assert sk.calinski_harabasz_score(X, [0, 0, 1, 1]) == 1.0
    # B = 0: every centroid on the grand mean, the worst value (also when W = 0)
    assert clustval.calinski_harabasz(X, [0, 1, 1, 0]) == 0.0
    assert clustval.calinski_harabasz(np.ones((4, 2)), [0, 0, 1, 1]) == 0.0


@pytest.mark.parametrize("beta", [1.0, 0.5, 3.0])
def test_homogeneity_completeness_v_measure_is_scikit_learns(beta, random_partitions):
    for labels_true, labels_pred in [([], []), *_cases(random_partitions)]:
        ours = clustval.homogeneity_completeness_v_measure(labels_true, labels_pred, beta=beta)
        theirs = sk.homogeneity_completeness_v_measure(labels_true, labels_pred, beta=beta)
        assert ours == pytest.approx(theirs, abs=1e-12), (labels_true, labels_pred)
        assert ours == (clustval.homogeneity_score(labels_true, labels_pred),
                        clustval.completeness_score(labels_true, labels_pred),
                        clustval.v_measure_score(labels_true, labels_pred, beta=beta))  # fmt: skip


def test_every_clustering_metric_of_scikit_learn_has_its_name_here():
    from sklearn.metrics import cluster

    # not validity indices of a clustering: biclusters' consensus, and two helpers of the
    # mutual information (clustval.indices.information holds its own expected MI)
    elsewhere = {"consensus_score", "entropy", "expected_mutual_information"}
    assert [name for name in cluster.__all__ if name not in elsewhere and not hasattr(clustval, name)] == []
