"""scikit-learn's names (clustval.compat.sklearn) against scikit-learn itself, case by case.

Every alias is called beside the ``sklearn.metrics`` function of its name on the same edge
inputs (no object, one object, all singletons, one cluster, identical points, two points,
K = n, ties, bad input) and on random partitions: the values are equal (to rounding), or
both raise an error of the ValueError family. Every row of
``clustval.compat.sklearn.DEPARTURES`` (the table of the documentation) is checked on both
packages, so the table states what the installed scikit-learn and clustval do.
"""

from __future__ import annotations

import copy
import inspect
import math
import warnings

import numpy as np
import pytest
import sklearn.metrics.cluster
from sklearn import metrics as sk
from sklearn.metrics import pairwise_distances

import clustval
from clustval.compat import sklearn as aliases
from clustval.errors import InputError

EXTERNAL = [n for n in aliases.SKLEARN_NAMES if n not in ("silhouette_score", "davies_bouldin_score", "calinski_harabasz_score")]
INTERNAL = ["silhouette_score", "davies_bouldin_score", "calinski_harabasz_score"]

LABEL_EDGES = {
    "no object": ([], []),
    "no object, arrays": (np.array([], dtype=int), np.array([], dtype=int)),
    "one object": ([0], [0]),
    "one object, two names": ([0], [1]),
    "two objects together": ([0, 0], [0, 0]),
    "two objects split once": ([0, 1], [0, 0]),
    "two singletons": ([0, 1], [0, 1]),
    "two singletons renamed": ([0, 1], [1, 0]),
    "all singletons, identical": ([0, 1, 2, 3], [0, 1, 2, 3]),
    "all singletons vs one cluster": ([0, 1, 2, 3], [0, 0, 0, 0]),
    "one cluster vs all singletons": ([0, 0, 0, 0], [0, 1, 2, 3]),
    "one class, one cluster": ([0, 0, 0], [1, 1, 1]),
    "one class": ([0, 0, 0, 0], [0, 0, 1, 1]),
    "one cluster": ([0, 0, 1, 1], [3, 3, 3, 3]),
    "independent": ([0, 0, 1, 1], [0, 1, 0, 1]),
    "ties": ([0, 0, 1, 1, 2, 2], [0, 1, 1, 2, 2, 0]),
    "ordinary": ([0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 2, 2]),
    "text": (["b", "a", "a", "c"], ["x", "y", "y", "x"]),
    "negative, gapped": ([-5, 7, 7, 1000], [2, -1, 2, 2]),
    "numbers and strings": ([1, "a", "a", 2], [0, 0, 1, 1]),
    "booleans": ([True, False, True], [1, 0, 1]),
    "non-integral numbers": ([0.5, 1.5, 0.5], [1, 0, 1]),
    "lengths differ": ([0, 1], [0, 1, 1]),
    "one empty": ([], [0]),
    "2-D": ([[0, 1]], [0, 1]),
    "NaN": ([0.0, np.nan], [0, 1]),
    "inf": ([0.0, np.inf], [0, 1]),
}

X4 = [[0.0], [1.0], [5.0], [6.0]]
X5 = [[0.0], [1.0], [5.0], [6.0], [7.0]]
DATA_EDGES = {
    "no object": (np.zeros((0, 2)), []),
    "no feature": (np.zeros((4, 0)), [0, 0, 1, 1]),
    "one object": ([[0.0, 0.0]], [0]),
    "K = 1": (X4, [0, 0, 0, 0]),
    "K = n": (X4, [0, 1, 2, 3]),
    "K = n - 1": (X4, [0, 0, 1, 2]),
    "two points, K = 2": ([[0.0], [1.0]], [0, 1]),
    "three points": ([[0.0], [1.0], [2.0]], [0, 0, 1]),
    "identical points, K = 2": (np.ones((4, 2)), [0, 0, 1, 1]),
    "identical points, K = 3": (np.ones((6, 2)), [0, 0, 1, 1, 2, 2]),
    "identical points, n = 3": (np.zeros((3, 1)), [0, 1, 1]),
    "one centroid for all": ([[-1.0], [1.0], [-2.0], [2.0]], [0, 0, 1, 1]),
    "two centroids coincide, one apart": ([[-1.0], [1.0], [-2.0], [2.0], [10.0], [11.0]], [0, 0, 1, 1, 2, 2]),
    "centroids within 1e-8": ([[-1.0], [1.0], [-1.0], [1.0 + 2e-9]], [0, 0, 1, 1]),
    "no scatter, clusters apart": ([[0.0], [0.0], [5.0], [5.0]], [0, 0, 1, 1]),
    "spreads within 1e-8": ([[0.0], [1e-9], [5.0], [5.0 + 1e-9]], [0, 0, 1, 1]),
    "no scatter in one cluster": ([[0.0], [0.0], [5.0], [6.0]], [0, 0, 1, 1]),
    "a singleton cluster": ([[0.0], [1.0], [5.0]], [0, 0, 1]),
    "ordinary": (X4, [0, 0, 1, 1]),
    "lattice ties": ([[0, 0], [1, 0], [0, 1], [1, 1], [2, 2], [3, 3]], [0, 1, 0, 1, 2, 2]),
    "integer X": ([[0], [1], [5], [7]], [0, 0, 1, 1]),
    "text labels": (X4, ["b", "a", "b", "a"]),
    "numbers and strings": (X5, [1, "a", "a", 1, "b"]),
    "labels a column": (X5, [[0], [0], [1], [1], [1]]),
    "X 1-D": ([0.0, 1.0, 5.0, 6.0, 7.0], [0, 0, 1, 1, 1]),
    "NaN label": (X4, [0.0, 0.0, 1.0, np.nan]),
    "inf in X": ([[0.0], [np.inf], [5.0], [7.0]], [0, 0, 1, 1]),
    "lengths differ": (X4, [0, 0, 1]),
    "labels 2-D": (X4, [[0, 1], [0, 1], [1, 0], [1, 0]]),
}


def _outcome(function, *args, **kwargs):
    """The value, or the exception class raised."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            return function(*args, **kwargs)
        except Exception as error:  # noqa: BLE001: the class is the outcome
            return type(error)


def _same(ours, theirs) -> bool:
    """Equal values (to rounding; inf and NaN equal to themselves), or two errors of the
    ValueError family."""
    if isinstance(theirs, type) or isinstance(ours, type):
        return isinstance(theirs, type) and isinstance(ours, type) and issubclass(theirs, ValueError) and issubclass(ours, ValueError)
    if math.isnan(theirs) or math.isinf(theirs):
        return ours == theirs or (math.isnan(theirs) and math.isnan(ours))
    return type(ours) is float and ours == pytest.approx(theirs, rel=1e-12, abs=1e-12)


def _random_labels(seed, count):
    rng = np.random.default_rng(seed)
    for _ in range(count):
        n = int(rng.integers(1, 60))
        yield rng.integers(0, rng.integers(1, 8), n), rng.integers(0, rng.integers(1, 8), n)


def _alias_departs(name, args, keywords) -> bool:
    """A case where the alias does not follow scikit-learn either, as DEPARTURES says."""
    if name == "v_measure_score" and keywords == {"beta": 0.0}:  # one class, several clusters
        return len(set(np.ravel(args[0]).tolist())) == 1 < len(set(np.ravel(args[1]).tolist()))
    return any(
        name in d.names and d.alias is not None and d.keywords == keywords and repr(args) in map(repr, d.examples)
        for d in aliases.DEPARTURES
    )


def _keyword_variants(name):
    if name in ("normalized_mutual_info_score", "adjusted_mutual_info_score"):
        return [{"average_method": m} for m in ("arithmetic", "geometric", "min", "max")]
    if name == "v_measure_score":
        return [{"beta": b} for b in (1.0, 0.0, 0.5, 2.0)]
    return [{}]


@pytest.mark.parametrize("name", EXTERNAL)
def test_each_external_alias_equals_scikit_learn(name):
    ours, theirs = getattr(clustval, name), getattr(sk, name)
    cases = [*LABEL_EDGES.items(), *((f"random {i}", c) for i, c in enumerate(_random_labels(1, 15)))]
    for keywords in _keyword_variants(name):
        for case, (labels_true, labels_pred) in cases:
            got, want = _outcome(ours, labels_true, labels_pred, **keywords), _outcome(theirs, labels_true, labels_pred, **keywords)
            assert _same(got, want) or _alias_departs(name, (labels_true, labels_pred), keywords), (case, keywords, got, want)


def test_mutual_info_score_of_a_given_table_equals_scikit_learn():
    from scipy.sparse import csr_matrix

    for labels_true, labels_pred in _random_labels(2, 20):
        table = sk.cluster.contingency_matrix(labels_true, labels_pred)
        want = sk.mutual_info_score(None, None, contingency=table)
        for given in (table, csr_matrix(table), table.astype(float), table.tolist()):
            assert _same(clustval.mutual_info_score(None, None, contingency=given), want)
    assert _same(_outcome(clustval.mutual_info_score, None, None, contingency=[[0, 0]]),
                 _outcome(sk.mutual_info_score, None, None, contingency=[[0, 0]]))  # fmt: skip


@pytest.mark.parametrize("name", INTERNAL)
def test_each_internal_alias_equals_scikit_learn(name):
    ours, theirs = getattr(clustval, name), getattr(sk, name)
    rng = np.random.default_rng(3)
    blobs = [(np.round(rng.normal(size=(50, 3)) * 2), rng.integers(0, k, 50)) for k in (2, 3, 7)]
    cases = [*DATA_EDGES.items(), *((f"blobs {i}", c) for i, c in enumerate(blobs))]
    for case, (X, labels) in cases:
        if name == "silhouette_score" and "within 1e-8" in case:
            continue  # scikit-learn's distances (|x|^2 + |y|^2 - 2 x.y) lose the 1e-9 gaps there
        assert _same(_outcome(ours, X, labels), _outcome(theirs, X, labels)), case


def test_silhouette_score_with_distances_and_samples_equals_scikit_learn():
    rng = np.random.default_rng(4)
    X = np.round(rng.normal(size=(40, 2)) * 3)
    labels = rng.integers(0, 3, 40)
    D = pairwise_distances(X)
    noisy = D + np.diag(np.full(40, 1e-15))  # scikit-learn's tolerance: within 100 eps
    for args, keywords in [
        ((D, labels), {"metric": "precomputed"}),
        ((noisy, labels), {"metric": "precomputed"}),
        ((D + np.eye(40), labels), {"metric": "precomputed"}),  # refused by both
        ((D.astype(int), labels), {"metric": "precomputed"}),
        ((X, labels), {"sample_size": 25, "random_state": 7}),
        ((X, labels), {"sample_size": 25, "random_state": np.random.RandomState(7)}),
        ((X, labels), {"sample_size": 1000, "random_state": 0}),  # more than n: all of them
        ((D, labels), {"metric": "precomputed", "sample_size": 30, "random_state": 1}),
        ((X, labels), {"sample_size": 0}),  # refused by both
        ((X, labels), {"sample_size": 2, "random_state": 0}),  # K = n in the sample
    ]:
        # each side its own copy of a RandomState: a call advances it
        ours = _outcome(clustval.silhouette_score, *args, **copy.deepcopy(keywords))
        assert _same(ours, _outcome(sk.silhouette_score, *args, **copy.deepcopy(keywords))), keywords


# every function clustval exports under a name of sklearn.metrics.cluster, found, not listed
SIGNATURE_NAMES = sorted(set(clustval.__all__) & set(sklearn.metrics.cluster.__all__))


@pytest.mark.parametrize("name", SIGNATURE_NAMES)
def test_the_aliases_take_every_parameter_of_scikit_learn(name):
    # read from the installed scikit-learn: a parameter it adds is missed here at once
    theirs = inspect.signature(getattr(sklearn.metrics.cluster, name)).parameters
    ours = inspect.signature(getattr(clustval, name)).parameters
    assert [(p.name, p.kind, p.default) for p in ours.values()] == [
        (p.name, p.kind, p.default) for p in theirs.values()
    ]


def _call(function, example, keywords):
    args = example() if callable(example) else example
    return _outcome(function, *args, **keywords)


def _matches(outcome, stated, *, sklearn_outcome=None) -> bool:
    if stated is aliases.NUMBER:
        return type(outcome) is float and (sklearn_outcome is None or _same(outcome, sklearn_outcome))
    if isinstance(stated, type):
        return isinstance(outcome, type) and issubclass(outcome, stated)
    return not isinstance(outcome, type) and _same(outcome, stated)


DEPARTURE_CALLS = [
    pytest.param(d, name, example, id=f"{name}: {d.case}"[:90])
    for d in aliases.DEPARTURES for name in d.names for example in d.examples
]  # fmt: skip


@pytest.mark.parametrize("departure, name, example", DEPARTURE_CALLS)
def test_every_departure_of_the_table_holds(departure, name, example):
    theirs = _call(getattr(sk, name), example, departure.keywords)
    assert _matches(theirs, departure.sklearn), theirs
    ours = _call(getattr(clustval, name), example, departure.keywords)
    stated = departure.sklearn if departure.alias is None else departure.alias
    assert _matches(ours, stated, sklearn_outcome=theirs if departure.alias is None else None), ours
    if departure.native is not None:
        native = clustval.INDICES[aliases.INDEX[name]].function
        assert _matches(_call(native, example, departure.keywords), departure.native)


def test_the_table_covers_every_alias_and_names_the_right_indices():
    assert set(aliases.SKLEARN_NAMES) == {n for d in aliases.DEPARTURES for n in d.names}
    for name, index in aliases.INDEX.items():
        assert hasattr(sk, name) and index in clustval.INDICES
        assert getattr(clustval, name) is getattr(aliases, name) and getattr(clustval, name) is not getattr(clustval, index)


def test_a_column_of_labels_warns_as_scikit_learn_does():
    with pytest.warns(UserWarning, match="column-vector"):
        clustval.silhouette_score(X5, [[0], [0], [1], [1], [1]])


def test_bad_options_are_value_errors():
    for call in (
        lambda: clustval.normalized_mutual_info_score([0, 1], [0, 1], average_method="median"),
        lambda: clustval.v_measure_score([0, 1], [0, 1], beta=-1),
        lambda: clustval.silhouette_score(X4, [0, 0, 1, 1], sample_size=2.5),
        lambda: clustval.silhouette_score(X4, [0, 0, 1, 1], sample_size=3, random_state="seed"),
    ):
        with pytest.raises(InputError):
            call()


@pytest.mark.parametrize(
    ("metric", "keywords"),
    [("manhattan", {}), ("cosine", {}), ("chebyshev", {}), ("minkowski", {"p": 3}), ("euclidean", {"squared": True}),
     ("correlation", {"n_jobs": 2}), ("l1", {})],
)
def test_silhouette_with_scikit_learns_metrics_and_keywords(metric, keywords):
    rng = np.random.default_rng(11)
    X = rng.normal(size=(80, 4)) + np.repeat(np.eye(4)[:2] * 3, 40, axis=0)
    labels = np.repeat([0, 1, 2, 3], 20)
    assert clustval.silhouette_score(X, labels, metric=metric, **keywords) == pytest.approx(
        sk.silhouette_score(X, labels, metric=metric, **keywords), rel=1e-12)
    np.testing.assert_allclose(clustval.silhouette_samples(X, labels, metric=metric, **keywords),
                               sklearn.metrics.silhouette_samples(X, labels, metric=metric, **keywords), rtol=1e-12)  # fmt: skip


@pytest.mark.parametrize(
    ("metric", "keywords", "message"),
    [("braycurtis", {}, "metric='precomputed'"), (lambda a, b: 0.0, {}, "metric='precomputed'"),
     ("cosine", {"p": 3}, "keyword 'p'"), ("minkowski", {"p": 0.5}, "p")],
)
def test_silhouette_metrics_clustval_does_not_compute_are_one_line_errors(metric, keywords, message):
    with pytest.raises(InputError, match=message) as caught:
        clustval.silhouette_score([[0.0, 1.0], [1.0, 0.0], [5.0, 5.0], [6.0, 5.0]], [0, 0, 1, 1], metric=metric,
                                  **keywords)  # fmt: skip
    assert "\n" not in str(caught.value)
