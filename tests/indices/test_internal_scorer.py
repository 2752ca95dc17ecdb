"""internal_scorer: one way to score any clustering of the same data, its request checked and
the data prepared once (PreparedData), with the values of score for each clustering."""

from __future__ import annotations

import contextlib

import numpy as np
import pytest

import clustval
from clustval.errors import InputError
from clustval.indices import partition
from clustval.indices.partition import Partition, PreparedData
from clustval.indices.scoring import internal_scorer

RNG = np.random.default_rng(3)
X = np.vstack([RNG.normal(c, 0.4, (15, 3)) for c in [(0, 0, 0), (3, 0, 1), (0, 3, 2)]])
LABELLINGS = [np.repeat([0, 1, 2], 15), RNG.integers(0, 4, 45), np.arange(45) % 2, np.r_[[-1] * 5, np.zeros(40, int)]]


@pytest.mark.parametrize(("metric", "names", "options"), [
    ("euclidean", None, {}),
    ("euclidean", ["db", "sil", "dunn", "ccc", "tau"], {"db_q": 2, "sil_average": "clusters"}),
    ("cityblock", None, {}),
    ("cosine", ["sil", "c_index"], {}),
])  # fmt: skip
def test_each_clustering_scores_as_score_scores_it(metric, names, options):
    scores = internal_scorer(X, names, undefined="nan", metric=metric, **options)
    for labels in LABELLINGS:
        with pytest.warns(clustval.errors.NoiseLabelWarning) if -1 in labels else contextlib.nullcontext():
            expected = clustval.score(labels, X=X, names=names, undefined="nan", metric=metric, **options)
        with pytest.warns(clustval.errors.NoiseLabelWarning) if -1 in labels else contextlib.nullcontext():
            found = scores(labels)
        assert sorted(found) == sorted(expected)  # found in registry order
        np.testing.assert_array_equal([found[name] for name in expected], list(expected.values()))


def test_precomputed_distances_score_as_score_scores_them():
    D = np.sqrt(((X[:, None] - X[None]) ** 2).sum(-1))
    scores = internal_scorer(D, ["sil", "dunn", "igp"], metric="precomputed")
    for labels in LABELLINGS[:3]:
        assert scores(labels) == clustval.score(labels, distances=D, names=["sil", "dunn", "igp"])


def test_the_data_are_checked_once_for_every_clustering(monkeypatch):
    checked = []
    real = partition.as_data_matrix
    monkeypatch.setattr(partition, "as_data_matrix", lambda *a, **k: checked.append(1) or real(*a, **k))
    scores = internal_scorer(X, ["db", "sil"])
    for labels in LABELLINGS[:3]:
        scores(labels)
    assert len(checked) == 1


def test_the_request_is_checked_before_any_clustering_and_the_labels_at_each():
    with pytest.raises(InputError, match="unknown internal index"):
        internal_scorer(X, ["nope"])
    with pytest.raises(InputError, match="coordinates"):
        internal_scorer(X, ["db"], metric="cityblock")
    with pytest.raises(InputError, match="rows"):
        internal_scorer(X, ["db"])(np.zeros(3, int))


def test_a_partition_of_prepared_data_is_that_of_the_data():
    data = PreparedData.of(X * 2.0**200)  # brought near 1 by a power of two, as the partition brings it
    assert data.scale >= 2.0**200 and data.metric is None and not data.precomputed
    for labels in LABELLINGS[:2]:
        given, prepared = Partition(X * 2.0**200, labels, needs={"coordinates"}), Partition(data, labels, needs={"coordinates"})
        np.testing.assert_array_equal(prepared.X, given.X)
        assert prepared.scale == given.scale and prepared.in_data_units(1.0, 2) == given.in_data_units(1.0, 2)
    assert Partition(PreparedData.of(X, "cosine"), LABELLINGS[0]).metric.name == "cosine"
