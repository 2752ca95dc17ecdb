"""The silhouette of a sample: scikit-learn's plain sample (``sil(..., sample_size=,
random_state=)``, its draws and value) and the stratified one (``stratify=True``, scikit-learn
#11676: every cluster kept, each sampled width counted for the objects it stands for)."""

from __future__ import annotations

import numpy as np
import pytest
from sklearn.metrics import silhouette_score

from clustval.errors import InputError
from clustval.indices import classic


def _imbalanced(seed: int = 0):
    """3,000 objects: two large overlapping blobs and a far cluster of 12."""
    rng = np.random.default_rng(seed)
    labels = np.r_[np.zeros(1800, int), np.ones(1188, int), np.full(12, 2)]
    X = rng.normal(size=(3000, 2)) + np.array([[0.0, 0.0], [2.5, 0.0], [20.0, 20.0]])[labels]
    return X, labels


def test_the_plain_sample_is_scikit_learns():
    X, labels = _imbalanced()
    for seed in (0, 7):
        got = classic.sil(X, labels, sample_size=400, random_state=seed)
        assert got == pytest.approx(silhouette_score(X, labels, sample_size=400, random_state=seed), rel=1e-12)
    rng = np.random.RandomState(3)  # a RandomState is drawn from, as scikit-learn draws from it
    drawn = classic.silhouette_sample(labels, 5, rng)[0]
    assert drawn.tolist() == np.random.RandomState(3).permutation(3000)[:5].tolist()


def test_a_stratified_sample_keeps_every_cluster_in_proportion():
    _, labels = _imbalanced()
    rows, stands_for = classic.silhouette_sample(labels, 100, random_state=1, stratify=True)
    counts = np.bincount(labels[rows], minlength=3)
    assert counts.sum() == 100 and counts.min() >= 2
    # two of each, the other 94 in proportion to the 1798, 1186 and 10 objects left
    assert counts.tolist() == [2 + 57, 2 + 37, 2 + 0]
    assert np.all(np.diff(rows) > 0)  # in the objects' order
    np.testing.assert_allclose(stands_for, (np.bincount(labels) / counts)[labels[rows]])
    assert stands_for.sum() == pytest.approx(3000)
    # the plain sample of that size misses the cluster of 12 more often than not
    missed = sum(2 not in labels[classic.silhouette_sample(labels, 100, seed)[0]] for seed in range(20))
    assert missed >= 10


def test_the_stratified_estimate_weighs_the_samples_widths():
    X, labels = _imbalanced()
    rows, stands_for = classic.silhouette_sample(labels, 300, random_state=4, stratify=True)
    widths = classic.silhouette_samples(X[rows], labels[rows])
    got = classic.sil(X, labels, sample_size=300, random_state=4, stratify=True)
    assert got == pytest.approx(float(stands_for @ widths) / 3000, rel=1e-12)
    by_cluster = [widths[labels[rows] == k].mean() for k in range(3)]
    assert classic.sil(X, labels, sample_size=300, random_state=4, stratify=True, average="clusters") == pytest.approx(
        np.mean(by_cluster), rel=1e-12)
    # from a distance matrix, the same sample and value
    D = np.sqrt(((X[:, None] - X[None]) ** 2).sum(-1))
    from_matrix = classic.sil(D, labels, metric="precomputed", sample_size=300, random_state=4, stratify=True)
    assert from_matrix == pytest.approx(got, rel=1e-12)


def test_the_stratified_estimate_centres_on_the_full_silhouette():
    X, labels = _imbalanced(1)
    full = classic.sil(X, labels)
    stratified = [classic.sil(X, labels, sample_size=300, random_state=s, stratify=True) for s in range(40)]
    # the far cluster of 12 (widths near 1) in its true proportion, never missed
    assert abs(np.mean(stratified) - full) < 0.01
    assert np.std(stratified) < 0.02


def test_a_sample_of_every_object_is_the_data():
    X, labels = _imbalanced()
    assert classic.sil(X, labels, sample_size=3000, random_state=0, stratify=True) == classic.sil(X, labels)
    assert classic.sil(X, labels, sample_size=5000, stratify=True) == classic.sil(X, labels)


@pytest.mark.parametrize(
    ("keywords", "message"),
    [
        ({"sample_size": 5, "stratify": True}, r"sample_size = 5 is too small .* 6 at least"),
        ({"sample_size": 0}, "sample_size must be an int >= 1"),
        ({"sample_size": 2.5}, "sample_size must be an int >= 1"),
        ({"stratify": True}, "give its sample_size too"),
        ({"sample_size": 100, "stratify": "yes"}, "stratify must be True or False"),
        ({"sample_size": 100, "random_state": "0"}, "random_state must be None, an int or a numpy RandomState"),
        ({"sample_size": 100, "sample_weight": np.ones(3000)}, "sample_size or sample_weight, not both"),
    ],
)
def test_bad_samples_are_one_line_errors(keywords, message):
    X, labels = _imbalanced()
    with pytest.raises(InputError, match=message) as caught:
        classic.sil(X, labels, **keywords)
    assert "\n" not in str(caught.value)
