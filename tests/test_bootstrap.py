"""clustval.bootstrap: intervals as scipy.stats.bootstrap draws them, coverage at the nominal
rate, contingency-table resamples equal to label resamples, seeded."""

from __future__ import annotations

import sys

import numpy as np
import pytest
import scipy.stats

import clustval
from clustval.bootstrap import bootstrap
from clustval.errors import InputError
from clustval.indices import scoring
from clustval.indices.registry import get_index


def _paired_statistic(a, b):
    return np.corrcoef(a, b)[0, 1] ** 2 + np.mean(a)


@pytest.mark.parametrize("method", ["percentile", "bca"])
def test_the_interval_is_scipys_on_the_same_draws(method):
    rng = np.random.default_rng(3)
    x, y = rng.exponential(size=40), rng.normal(size=40)
    ours = bootstrap(_paired_statistic, x, y, n_resamples=400, seed=7, method=method)
    theirs = scipy.stats.bootstrap((x, y), _paired_statistic, paired=True, vectorized=False, n_resamples=400,
                                   method="BCa" if method == "bca" else "percentile",
                                   rng=np.random.default_rng(7))  # fmt: skip
    np.testing.assert_allclose(ours.values, theirs.bootstrap_distribution, rtol=1e-12)
    np.testing.assert_allclose([ours.low, ours.high], theirs.confidence_interval, rtol=1e-12)


@pytest.mark.parametrize("method", ["percentile", "bca"])
def test_coverage_is_near_the_nominal_rate(method):
    # the mean of an exponential sample, whose true value (1) is known: 95 % intervals cover it
    rng = np.random.default_rng(11)
    covered = [ci.low <= 1.0 <= ci.high
               for ci in (bootstrap(np.mean, rng.exponential(size=40), n_resamples=200, seed=s, method=method)
                          for s in range(150))]  # fmt: skip
    assert 0.89 <= np.mean(covered) <= 0.99


def test_coverage_of_an_external_index_resampled_as_tables():
    # each object's cluster is its class but for a 20 % chance of another: Accuracy's true value is 0.8
    rng = np.random.default_rng(5)
    truth, covered = np.repeat([0, 1, 2], 20), []
    for s in range(80):
        found = np.where(rng.random(60) < 0.2, (truth + rng.integers(1, 3, 60)) % 3, truth)
        ci = bootstrap("accuracy", truth, found, n_resamples=150, seed=s)
        covered.append(ci.low <= 0.8 <= ci.high)
    assert 0.88 <= np.mean(covered) <= 1.0


def test_the_same_seed_gives_the_same_interval_and_another_seed_another():
    truth = np.repeat([0, 1, 2], 15)
    found = np.where(np.arange(45) % 6 == 0, (truth + 1) % 3, truth)
    first, again = (bootstrap("ari", truth, found, n_resamples=50, seed=4, method="bca") for _ in range(2))
    other = bootstrap("ari", truth, found, n_resamples=50, seed=5)
    assert np.array_equal(first.values, again.values) and (first.low, first.high) == (again.low, again.high)
    assert not np.array_equal(first.values, other.values)
    assert (first.seed, first.n_resamples, first.method, first.confidence) == (4, 50, "bca", 0.95)


def test_an_external_index_is_resampled_as_tables_each_equal_to_its_labels():
    truth = np.repeat([0, 1, 2], 12)
    found = np.where(np.arange(36) % 5 == 0, (truth + 1) % 3, truth)
    result = bootstrap("ari", truth, found, n_resamples=30, seed=2)
    table = clustval.contingency_matrix(truth, found)
    drawn = np.random.default_rng(2).multinomial(36, table.ravel() / 36, size=30)
    for value, cells in zip(result.values, drawn):
        rows, cols = np.unravel_index(np.repeat(np.arange(cells.size), cells), table.shape)
        assert value == pytest.approx(clustval.ari(rows, cols), rel=1e-12)  # the resample, as labels


@pytest.mark.parametrize("name", [n for n, spec in clustval.INDICES.items() if spec.kind == "external"])
def test_every_external_index_on_resampled_tables_is_its_value_on_the_labels(name):
    rng = np.random.default_rng(0)
    truth = rng.integers(0, 3, 30)
    found = np.where(rng.random(30) < 0.3, rng.integers(0, 4, 30), truth)
    result = bootstrap(name, truth, found, n_resamples=3, seed=6)
    table = clustval.contingency_matrix(truth, found)
    drawn = np.random.default_rng(6).multinomial(30, table.ravel() / 30, size=3)
    function = clustval.INDICES[name].function
    for value, cells in zip(result.values, drawn):
        rows, cols = np.unravel_index(np.repeat(np.arange(cells.size), cells), table.shape)
        assert value == pytest.approx(function(rows, cols), rel=1e-9, nan_ok=True)


def test_options_resample_the_labels():
    truth, found = np.repeat([0, 1], 6), np.array([0, 0, 0, 0, 1, 0, 1, 1, 1, 1, 0, 1])
    flipped = 1 - found  # identity matching tells these apart; the table cannot
    assert bootstrap("s2", truth, flipped, n_resamples=5, matching="identity").estimate == clustval.s2(
        truth, flipped, matching="identity")


def test_the_tables_jackknife_is_the_objects_jackknife():
    truth = np.repeat([0, 1, 2], 10)
    found = np.where(np.arange(30) % 4 == 0, (truth + 2) % 3, truth)
    on_tables = bootstrap(clustval.ari, truth, found, n_resamples=100, seed=1, method="bca")
    on_labels = bootstrap(lambda a, b: clustval.ari(a, b), truth, found, n_resamples=100, seed=1, method="bca")
    assert on_tables.acceleration == pytest.approx(on_labels.acceleration, rel=1e-10)
    assert on_tables.estimate == on_labels.estimate


def test_a_distance_matrix_is_resampled_in_rows_and_columns():
    rng = np.random.default_rng(0)
    X = np.vstack([rng.normal(0, 1, (10, 2)), rng.normal(5, 1, (10, 2))])
    labels = np.repeat([0, 1], 10)
    D = clustval.euclidean_distances(X)
    on_data = bootstrap("sil", X, labels, n_resamples=20, seed=3)
    on_distances = bootstrap(lambda D, y: clustval.score(y, distances=D, names=["sil"])["sil"], D, labels,
                             n_resamples=20, seed=3, pairwise=[0])  # fmt: skip
    np.testing.assert_allclose(on_data.values, on_distances.values, rtol=1e-10)


@pytest.mark.parametrize("method", ["percentile", "bca"])
@pytest.mark.parametrize("name", ["db", "calinski_harabasz", "dunn", "s_dbw"])
def test_an_internal_index_that_takes_weights_is_resampled_as_counts(name, method, monkeypatch):
    rng = np.random.default_rng(4)
    X = np.vstack([rng.normal(0, 1, (10, 2)), rng.normal(4, 1, (10, 2)), rng.normal((0, 5), 1, (10, 2))])
    labels = np.repeat([0, 1, 2], 10)
    function = get_index(name).function
    on_rows = bootstrap(lambda X, y: function(X, y), X, labels, n_resamples=30, seed=5, method=method)
    # by name: the same draws as counts of copies, every partition built on X itself
    module = sys.modules["clustval.bootstrap"]
    monkeypatch.setattr(module, "_take", lambda *args: pytest.fail("X's rows were copied"))
    seen, of_objects = [], scoring.Partition.of_objects
    monkeypatch.setattr(scoring.Partition, "of_objects", lambda data, *a, **k: seen.append(data) or of_objects(data, *a, **k))
    on_counts = bootstrap(name, X, labels, n_resamples=30, seed=5, method=method)
    assert len(seen) == 30 + (len(X) if method == "bca" else 0) and all(data is X for data in seen)
    np.testing.assert_allclose(on_counts.values, on_rows.values, rtol=1e-10)
    assert (on_counts.estimate, on_counts.low, on_counts.high) == pytest.approx(
        (on_rows.estimate, on_rows.low, on_rows.high), rel=1e-10
    )


def test_a_paired_difference_uses_the_same_resamples():
    rng = np.random.default_rng(1)
    X = np.vstack([rng.normal(0, 1, (12, 2)), rng.normal(4, 1, (12, 2))])
    labels = np.repeat([0, 1], 12)
    sil, ch = (bootstrap(name, X, labels, n_resamples=25, seed=9) for name in ("sil", "calinski_harabasz"))
    diff = bootstrap(lambda X, y: clustval.sil(X, y) - clustval.calinski_harabasz(X, y), X, labels, n_resamples=25, seed=9)
    np.testing.assert_allclose(diff.values, sil.values - ch.values, rtol=1e-12)


def test_an_undefined_resample_is_nan_and_left_out():
    labels = np.array([0] * 9 + [1])  # a resample without the last object has one cluster
    X = np.arange(10.0)[:, None]
    result = bootstrap("sil", X, labels, n_resamples=40, seed=0)
    assert 0 < result.n_undefined < 40
    assert np.isfinite(result.low) and np.isfinite(result.high)
    with pytest.raises(InputError, match="jackknife"):
        bootstrap("sil", X, labels, n_resamples=40, seed=0, method="bca")


@pytest.mark.parametrize(
    ("args", "kwargs", "message"),
    [
        (([0, 1, 1], [0, 1]), {}, "same number of objects"),
        (([0, 1], [0, 1]), {"method": "basic"}, "method"),
        (([0, 1], [0, 1]), {"confidence": 95}, "confidence"),
        (([0, 1], [0, 1]), {"n_resamples": 0}, "n_resamples"),
        (([0, 1], [0, 1]), {"n_resamples": 10**12}, r"n_resamples = 1000000000000 needs .* TiB for its draws"),
        (([0, 1], [0, 1]), {"seed": -1}, r"seed = -1; use None, an integer >= 0 or a numpy Generator"),
        (([0, 1], [0, 1]), {"seed": 1.5}, "seed = 1.5"),
        (([0, 1], [0, 1]), {"pairwise": [0]}, "shape"),
        ((), {}, "per-object"),
        ((3, 4), {}, r"argument 0 \(from 0\) to resample is one value \(3\), not one per object"),
    ],
)
def test_bad_input_gets_one_line(args, kwargs, message):
    with pytest.raises(InputError, match=message) as caught:
        bootstrap("ari", *args, **kwargs)
    assert "\n" not in str(caught.value)


def test_resamples_of_rows_beyond_memory_are_one_line():
    with pytest.raises(InputError, match=f"n_resamples = {10**15} needs .* for its draws .* more than this machine"):
        bootstrap("db", [[0.0], [1.0], [5.0]], [0, 0, 1], n_resamples=10**15)


def test_a_generator_seed_draws_as_its_integer_seed():
    t, p = [0, 0, 1, 1, 2, 2, 0, 1], [0, 1, 1, 1, 2, 2, 0, 0]
    assert bootstrap("ari", t, p, n_resamples=50, seed=np.random.default_rng(4)).values.tolist() == \
        bootstrap("ari", t, p, n_resamples=50, seed=4).values.tolist()


def test_a_statistic_that_returns_no_number_is_one_line():
    with pytest.raises(InputError, match="fn returned 'x', not a number"):
        bootstrap(lambda a, b: "x", [0, 1, 1], [0, 1, 0], n_resamples=5)
