"""Every index of the registry held to its entry, as scikit-learn's
``sklearn/metrics/cluster/tests/test_common.py`` holds its metrics to its lists.

The lists below are derived from the entries (kind, symmetric, stochastic, bounds,
direction, perfect_at_bound, undefined_for, needs), so adding an index enrols it in every
check: the label format does not matter (ints, shifted ints, strings, lists or arrays), the
value is a Python float within the entry's bounds, symmetric where the entry says so and
not where it does not, the same for any names of the labels and any order of the objects,
the best for a perfect partition (external) or better for the true clusters than for
shuffled labels (internal), and undefined exactly where the entry says. Each index's values
against independent truth (oracles, hand-worked examples, R, scikit-learn, genieclust, cvi)
are tested in its family's file.
"""

from __future__ import annotations

import functools
import math

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import clustval
from clustval.errors import UndefinedIndexError
from clustval.indices.registry import INDICES, get_index, names_of
from clustval.indices.scoring import score

EXTERNAL = names_of("external")
INTERNAL = names_of("internal")
SYMMETRIC = [name for name in EXTERNAL if INDICES[name].symmetric]
NON_SYMMETRIC = [name for name in EXTERNAL if not INDICES[name].symmetric]
# Exactly the same for any order of the objects: the external indices (one table) and the
# internal ones that read no sum in the objects' order, only counts, minima, maxima, ranks and
# exact sums, or their own near-neighbour search (no declared needs), whose ties are shared
# by distance (clustval._engine.knn); the others are equal to 1e-12 relative.
ORDER_FREE_NEEDS = {"nearest", "extremes", "pair_max", "pair_ranks", "extreme_sums"}
EXACT_UNDER_PERMUTATION = {*EXTERNAL, *(n for n in INTERNAL if INDICES[n].needs <= ORDER_FREE_NEEDS)}

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Label formats that keep the labels' order (so even a seeded draw sees the same table):
# scikit-learn's test_format_invariance, with strings and negative shifted integers.
LABEL_FORMATS = {
    "list": lambda v: v.tolist(),
    "array": lambda v: v,
    "shifted": lambda v: v * 3 - 7,
    "int8": lambda v: v.astype(np.int8),
    "strings": lambda v: np.array([f"c{x}" for x in v]),
    "list of strings": lambda v: [f"c{x}" for x in v],
    "object array": lambda v: np.array([f"{x}-a" for x in v], dtype=object),
}
DATA_FORMATS = {
    "array": lambda X: X,
    "list": lambda X: X.tolist(),
    "Fortran order": np.asfortranarray,
}


def _relabel(labels: np.ndarray, seed: int) -> np.ndarray:
    """Apply a random bijection to the label values (new values are non-contiguous and negative)."""
    values = np.unique(labels)
    new = np.random.default_rng(seed).permutation(len(values)) * 7 - 11
    return new[np.searchsorted(values, labels)]


def _value(name, *args):
    try:
        return get_index(name).function(*args)
    except UndefinedIndexError:
        return None


def _within(value, spec) -> bool:
    lo, hi = spec.bounds
    return lo - 1e-12 <= value <= hi + 1e-12


# ============================================================================ external


@st.composite
def partitions(draw, min_n=2, max_n=40, max_labels=5):
    """A pair (labels_true, labels_pred) of random partitions of the same n objects."""
    n = draw(st.integers(min_n, max_n))
    labels = st.integers(0, max_labels - 1)
    truth = np.array(draw(st.lists(labels, min_size=n, max_size=n)))
    pred = np.array(draw(st.lists(labels, min_size=n, max_size=n)))
    return truth, pred


def check_external(name, truth, pred, seed):
    """One example's properties: within the entry's bounds and finite, or undefined exactly
    where the entry says (one class); the same under new label names and any order of the
    objects; the same with the two partitions swapped where the entry says it is symmetric."""
    spec = get_index(name)
    base = _value(name, truth, pred)
    order = np.random.default_rng(seed).permutation(len(truth))
    other = _value(name, _relabel(truth, seed)[order], _relabel(pred, seed + 1)[order])
    one_class = len(np.unique(truth)) == 1
    assert (base is None) == ("one_class" in spec.undefined_for and one_class), "undefined as the entry says"
    if base is None:
        assert other is None, "undefinedness must not depend on label names"
    else:
        for value in (base, other):
            assert math.isfinite(value) and _within(value, spec)
        if not spec.stochastic:
            assert other == pytest.approx(base, abs=1e-12)
    if spec.symmetric:
        swapped = _value(name, pred, truth)
        assert (swapped is None) == (base is None)
        if base is not None:
            assert swapped == pytest.approx(base, abs=1e-12)


@pytest.mark.parametrize("name", EXTERNAL)
@SETTINGS
@given(pair=partitions(), seed=st.integers(0, 2**32 - 1))
def test_external_bounded_invariant_and_symmetric_as_the_entry_says(name, pair, seed):
    check_external(name, *pair, seed)


def check_perfect_partition(name, truth, other, seed):
    """The truth itself, under new label names, scores the best value (the bound on the
    better side, or better than any other clustering where the entry says the bound is out
    of reach)."""
    sizes = np.unique(truth, return_counts=True)[1]
    if len(sizes) < 2 or sizes.max() < 2:
        # One class, or all singletons: pair-based indices have no same-class pair to find.
        truth = np.arange(len(truth)) % 2
    spec = get_index(name)
    perfect = spec.function(truth, _relabel(truth, seed))
    if spec.direction == "none":  # a statistic (McNemar): no disagreement at all gives 0
        assert perfect == 0
        return
    best = spec.bounds[1] if spec.direction == "higher" else spec.bounds[0]
    if not spec.perfect_at_bound:
        # The bound is out of reach for this truth (MI: H(truth); Russel-Rao: its share of
        # pairs together): the perfect partition beats every other clustering of the same truth.
        assert math.isinf(best) or perfect < best  # the flag is honest
        value = _value(name, truth, other)
        assert value is None or not spec.better(value, perfect + 1e-12)
    else:
        assert perfect == pytest.approx(best, abs=1e-12)


@pytest.mark.parametrize("name", EXTERNAL)
@SETTINGS
@given(pair=partitions(min_n=4), seed=st.integers(0, 2**32 - 1))
def test_perfect_partition_scores_best(name, pair, seed):
    check_perfect_partition(name, pair[0], pair[1], seed)


_RNG = np.random.default_rng(2017)
TRUTH, PRED = _RNG.integers(0, 4, 40), _RNG.integers(0, 6, 40)


@pytest.mark.parametrize("name", EXTERNAL)
def test_external_format_invariance_and_float_return(name):
    function = get_index(name).function
    base = function(TRUTH, PRED)
    assert type(base) is float
    for truth_format in LABEL_FORMATS.values():
        for pred_format in LABEL_FORMATS.values():
            value = function(truth_format(TRUTH), pred_format(PRED))
            assert type(value) is float and value == base
    # score() and external_scores() give the function's value, keyed by the registry name
    assert score(PRED, labels_true=TRUTH, names=[name]) == {name: base}
    assert clustval.external_scores(TRUTH, PRED, [name]) == {name: base}


def test_external_scores_at_once_give_each_function_s_value():
    # one table and one matching shared by every index (and the Monte Carlo draw on its own
    # thread where the table is large) give each index's own value
    truth, pred = LABEL_FORMATS["strings"](TRUTH), PRED * 10 - 30
    values = clustval.external_scores(truth, pred)
    assert list(values) == list(EXTERNAL)
    for name, value in values.items():
        assert type(value) is float and value == get_index(name).function(truth, pred), name


@pytest.mark.parametrize("name", NON_SYMMETRIC)
def test_non_symmetric_indices_are_not_symmetric(name):
    # the entry's symmetric=False is honest: swapping the partitions changes the value
    # (scikit-learn's test_non_symmetric_metric); symmetric ones: check_external
    assert get_index(name).function(TRUTH, PRED) != pytest.approx(get_index(name).function(PRED, TRUTH))


@pytest.mark.parametrize("name", EXTERNAL)
def test_a_single_class_is_undefined_exactly_where_the_entry_says(name):
    spec = get_index(name)
    for truth, pred in (([3] * 6, [0, 0, 1, 1, 2, 2]), ([0], [0])):
        if "one_class" in spec.undefined_for:
            with pytest.raises(UndefinedIndexError):
                spec.function(truth, pred)
        else:
            value = spec.function(truth, pred)
            assert math.isfinite(value) and _within(value, spec)


# ============================================================================ internal


@st.composite
def clustered_data(draw):
    """Random data with K >= 2 clusters and at least one object more than K."""
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    k = draw(st.integers(2, 5))
    n = draw(st.integers(k + 1, 40))
    labels = np.concatenate([np.arange(k), rng.integers(0, k, n - k)])
    X = rng.normal(size=(n, draw(st.integers(1, 4)))) + labels[:, None]
    return X, labels, seed


def check_internal(X, labels, seed):
    """One example's properties for every internal index: score() gives each function's
    value, within the entry's bounds; undefinedness (NaN with undefined="nan") and the values
    are the same under new label names and any order of the objects."""
    # undefined="nan": some indices are undefined on some of these partitions (a singular
    # scatter matrix, a singleton's log 0); the index's own function says so too
    values = score(labels, X=X, undefined="nan")
    assert list(values) == list(names_of("internal"))
    order = np.random.default_rng(seed).permutation(len(labels))
    moved = score(_relabel(labels, seed)[order], X=X[order], undefined="nan")
    for name, value in values.items():
        assert math.isnan(moved[name]) == math.isnan(value), name
        if math.isnan(value):
            with pytest.raises(UndefinedIndexError):
                get_index(name).function(X, labels)
            continue
        assert _within(value, get_index(name)), name
        assert value == pytest.approx(get_index(name).function(X, labels), rel=1e-12, abs=1e-12), name
        assert moved[name] == pytest.approx(value, rel=1e-10, abs=1e-12), name
    n = len(labels)
    assert -n <= values["sil_sum"] <= n and -n <= values["bwp_sum"] <= n


@SETTINGS
@given(data=clustered_data())
def test_internal_bounded_invariant_and_scoring_matches_functions(data):
    check_internal(*data)


def _tie_rich(kind: str):
    # an integer grid: tied distances at every radius; copies of points, some in other clusters
    rng = np.random.default_rng(len(kind))
    X = rng.integers(0, 4, size=(120, 2)).astype(float)  # 16 points, about 7 copies of each
    labels = (X[:, 0] + rng.integers(0, 2, 120) > 2).astype(int)  # two clusters that overlap
    if kind == "three clusters":
        labels = rng.integers(0, 3, 120)
    elif kind == "duplicates":
        X[60:90] = X[:30]
    return X, labels, rng.integers(0, 3, 120)


@pytest.mark.parametrize("kind", ["two clusters", "three clusters", "duplicates", "distances"])
def test_every_index_is_the_same_for_any_order_of_the_objects(kind):
    X, labels, truth = _tie_rich(kind)
    data = {"distances": clustval.euclidean_distances(X)} if kind == "distances" else {"X": X}
    base = score(labels, labels_true=truth, undefined="nan", **data)
    if kind != "distances":
        assert list(base) == list(INDICES)  # every registered index, external and internal
    assert all(math.isfinite(base[name]) for name in ("igp", "wcnn", "dunnowa_m25_mean_mean", "conn"))
    for seed in range(2):
        order = np.random.default_rng(seed).permutation(len(labels))
        moved = {"distances": data["distances"][np.ix_(order, order)]} if kind == "distances" else {"X": X[order]}
        got = score(labels[order], labels_true=truth[order], undefined="nan", **moved)
        for name, value in base.items():
            if math.isnan(value):  # undefined here, whatever the order
                assert math.isnan(got[name]), name
            elif name in EXACT_UNDER_PERMUTATION:
                assert got[name] == value, name
            else:
                assert got[name] == pytest.approx(value, rel=1e-12, abs=1e-300), name


_DATA_RNG = np.random.default_rng(33)
LABELS = np.concatenate([np.arange(3), _DATA_RNG.integers(0, 3, 45)])
X = _DATA_RNG.normal(size=(48, 3)) + LABELS[:, None]


@pytest.mark.parametrize("name", INTERNAL)
def test_internal_format_invariance_and_float_return(name):
    function = get_index(name).function
    base = function(X, LABELS)
    assert type(base) is float
    for label_format in LABEL_FORMATS.values():
        for data_format in DATA_FORMATS.values():
            value = function(data_format(X), label_format(LABELS))
            assert type(value) is float and value == base


@functools.cache
def _separated_blobs() -> tuple[dict, dict]:
    """Scores of three well-separated blobs of 30 (more than the near-neighbour indices' M =
    25 in each), for the true clusters and for the same labels shuffled."""
    rng = np.random.default_rng(4)
    labels = np.repeat(np.arange(3), 30)
    data = np.array([[0, 0], [20, 0], [0, 20]])[labels] + rng.normal(size=(90, 2))
    return score(labels, X=data), score(rng.permutation(labels), X=data)


@pytest.mark.parametrize("name", INTERNAL)
def test_true_clusters_score_better_than_shuffled_labels(name):
    # the internal counterpart of the perfect partition: the entry's direction is honest
    good, bad = _separated_blobs()
    spec = get_index(name)
    assert spec.better(good[name], bad[name]), (good[name], bad[name])
    assert _within(good[name], spec) and _within(bad[name], spec)


@pytest.mark.parametrize("name", INTERNAL)
def test_one_cluster_is_undefined_and_singletons_exactly_where_the_entry_says(name):
    spec = get_index(name)
    data = np.array([[0.0, 0.0], [1.0, 0.0], [0.0, 3.0], [4.0, 4.0], [2.0, 7.0]])
    with pytest.raises(UndefinedIndexError, match="single cluster"):
        spec.function(data, [0] * 5)
    if "singletons" in spec.undefined_for:
        with pytest.raises(UndefinedIndexError):
            spec.function(data, np.arange(5))
    else:
        value = spec.function(data, np.arange(5))
        assert not math.isnan(value) and _within(value, spec)
