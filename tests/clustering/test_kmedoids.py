"""Tests of clustval.clustering.kmedoids: hand-worked examples, a brute-force oracle, edge cases.

The oracle below is written from the README's Decisions text with plain loops over D
(including the literal stop rule of Park & Jun (2009), "until the total cost stops
decreasing"), independently of the library's vectorised code.
"""

from __future__ import annotations

import importlib.util
import math
import warnings
from pathlib import Path

import numpy as np
import pytest

from clustval.clustering.common import KMedoidsConvergenceWarning, checked_distances
from clustval.clustering.kmedoids import (
    SeedFallbackWarning,
    euclidean_distances,
    park_jun,
    park_jun_init,
    sd_init,
    sd_kmedoids,
)
from clustval.datasets.catalog import bundled_dir
from clustval.errors import ClusteringError, ClustvalError

UCI = Path(str(bundled_dir()))  # the raw UCI files shipped in the package


# ---------------------------------------------------------------------------- oracle
def oracle_park_jun_seeds(D, k):
    n = len(D)
    S = [math.fsum(D[i]) for i in range(n)]
    v = [math.fsum(D[i][j] / S[i] if S[i] else 0.0 for i in range(n)) for j in range(n)]
    seeds = []
    for j in sorted(range(n), key=lambda j: (v[j], j)):
        if all(D[j][s] > 0 for s in seeds):
            seeds.append(j)
        if len(seeds) == k:
            break
    return seeds


def oracle_sd_seeds(D, k, radius):
    n = len(D)
    var = []
    for i in range(n):
        others = [D[i][j] for j in range(n) if j != i]
        mu = math.fsum(others) / len(others)
        var.append(math.fsum((d - mu) ** 2 for d in others) / len(others))
    mean_distance = math.fsum(D[i][j] for i in range(n) for j in range(n) if i != j) / (n * (n - 1))
    candidates = set(range(n))
    seeds = []
    while candidates and len(seeds) < k:
        i = min(candidates, key=lambda c: (var[c], c))
        seeds.append(i)
        r = math.sqrt(var[i]) if radius == "sd" else mean_distance
        candidates -= {j for j in candidates if D[i][j] <= r}
    while len(seeds) < k:  # farthest-first fill
        seeds.append(max(range(n), key=lambda j: (min(D[j][s] for s in seeds), -j)))
    return seeds


def oracle_iterate(D, medoids):
    """Assign (ties: lowest cluster number), update (strict improvement), stop when cost stops decreasing."""
    n, k = len(D), len(medoids)

    def assign(meds):
        labels = [min(range(k), key=lambda c: (D[meds[c]][i], c)) for i in range(n)]
        return labels, math.fsum(D[meds[labels[i]]][i] for i in range(n))

    labels, cost = assign(medoids)
    while True:
        new = []
        for c in range(k):
            members = [i for i in range(n) if labels[i] == c]
            within = {i: math.fsum(D[i][j] for j in members) for i in members}
            best = min(members, key=lambda i: (within[i], i))
            new.append(best if within[best] < within[medoids[c]] else medoids[c])
        new_labels, new_cost = assign(new)
        if not new_cost < cost:
            return labels, medoids, cost
        medoids, labels, cost = new, new_labels, new_cost


def assert_matches_oracle(result, D, seeds):
    labels, medoids, cost = oracle_iterate(D.tolist(), list(seeds))
    np.testing.assert_array_equal(result.initial_medoids, seeds)
    np.testing.assert_array_equal(result.medoids, medoids)
    np.testing.assert_array_equal(result.labels, labels)
    assert result.cost == pytest.approx(cost, rel=1e-12)


def uci_minmax(file, usecols, **kw):
    X = np.loadtxt(UCI / file, usecols=usecols, **kw)
    span = X.max(0) - X.min(0)
    return (X - X.min(0)) / np.where(span > 0, span, 1.0)


UCI_FEW = {
    "iris": (lambda: uci_minmax("iris.data", range(4), delimiter=","), 3),
    "wine": (lambda: uci_minmax("wine.data", range(1, 14), delimiter=","), 3),
    "seeds": (lambda: uci_minmax("seeds_dataset.txt", range(7)), 3),
}


# ---------------------------------------------------------------------------- hand-worked
def test_hand_park_jun_order_update_tie_and_two_rounds():
    # x = 0 1 2 6 7 (1-D). Row sums S = 16 13 12 16 19.
    # v_0 = 1/13 + 2/12 + 6/16 + 7/19 = 0.9870   v_1 = 1/16 + 1/12 + 5/16 + 6/19 = 0.7741
    # v_2 = 2/16 + 1/13 + 4/16 + 5/19 = 0.7151   v_3 = 1.1456   v_4 = 1.3782
    # -> seeds in v order: [2, 1] (cluster 0 = object 2, cluster 1 = object 1).
    # Round 1: labels [1 1 0 0 0], cost 1+0+0+4+5 = 10. Cluster 0 {2,3,4}: sums 9 5 6 -> 3.
    #   Cluster 1 {0,1}: sums 1 1, a tie: keep the current medoid 1 (not the lower index 0).
    # Round 2: medoids [3, 1], labels [1 1 1 0 0], cost 1+0+1+0+1 = 3. Cluster 0 {3,4}: 1 1 tie,
    #   keep 3; cluster 1 {0,1,2}: 3 2 3, keep 1. Nothing moved: stop after 2 rounds.
    X = np.array([0.0, 1, 2, 6, 7])[:, None]
    np.testing.assert_array_equal(park_jun_init(euclidean_distances(X), 2), [2, 1])
    np.testing.assert_array_equal(park_jun_init(euclidean_distances(X), 5), [2, 1, 0, 3, 4])
    r = park_jun(X, 2)
    np.testing.assert_array_equal(r.medoids, [3, 1])
    np.testing.assert_array_equal(r.labels, [1, 1, 1, 0, 0])
    np.testing.assert_array_equal(r.cost_history, [10.0, 3.0])
    assert (r.cost, r.n_iter, r.converged, r.init_fallback) == (3.0, 2, True, False)


def test_hand_assignment_tie_goes_to_lowest_cluster_number_not_object_index():
    # Objects B=(1,0) A=(-1,0) C=(0,3) D=(0,-3) E=(-3,0). d(A,B)=2, d(A,E)=2, d(B,E)=4,
    # d(C,D)=6, d(C,E)=d(D,E)=sqrt18, d(A,C)=d(A,D)=d(B,C)=d(B,D)=sqrt10.
    # S_B = 12.325, S_A = 10.325, S_C = S_D = 16.567, S_E = 14.485.
    # v_B = 2/10.325 + 2 sqrt10/16.567 + 4/14.485 = 0.8516; v_A = 2/12.325 + 0.3817 + 2/14.485 = 0.6821.
    # Seeds [1, 0]: cluster 0 is object 1 (A), cluster 1 is object 0 (B).
    # C and D are sqrt10 from both medoids: they go to cluster 0 although its medoid has the
    # higher object index. Update: cluster 0 {A,C,D,E} sums 8.32 13.4 13.4 10.5 keeps A: 1 round.
    X = np.array([[1.0, 0], [-1, 0], [0, 3], [0, -3], [-3, 0]])
    r = park_jun(X, 2)
    np.testing.assert_array_equal(r.initial_medoids, [1, 0])
    np.testing.assert_array_equal(r.labels, [1, 0, 0, 0, 0])
    assert r.n_iter == 1
    assert r.cost == pytest.approx(2 + 2 * math.sqrt(10))


def test_hand_sd_seeds_both_radii_and_fallback():
    # x = 0 1 2 6. Distances to the others and their variance (divisor 3):
    #   0: 1 2 6 -> 14/3   1: 1 1 5 -> 32/9   2: 2 1 4 -> 14/9   3: 6 5 4 -> 2/3
    # "sd": pick 3 (sd 0.816; removes itself), pick 2 (sd 1.247; removes 1), pick 0 -> [3, 2, 0];
    #   K = 4 runs out: 1 is added farthest-first (its min distance to the seeds is 1).
    # "mean": mean pairwise distance 19/6 = 3.17. Pick 3 (removes itself), pick 2 (removes 0, 1)
    #   -> [3, 2]; K = 3 runs out: farthest-first picks 0 (min distance 2) over 1 (1).
    D = euclidean_distances(np.array([0.0, 1, 2, 6]))
    seeds, fallback = sd_init(D, 3, "sd")
    assert seeds.tolist() == [3, 2, 0] and not fallback
    assert sd_init(D, 2, "mean")[0].tolist() == [3, 2]
    with pytest.warns(SeedFallbackWarning, match="found only 3 of 4"):
        seeds, fallback = sd_init(D, 4, "sd")
    assert seeds.tolist() == [3, 2, 0, 1] and fallback
    with pytest.warns(SeedFallbackWarning, match="found only 2 of 3"):
        assert sd_init(D, 3, "mean")[0].tolist() == [3, 2, 0]
    # Iterations from [3, 2]: labels [1 1 1 0], cost 2+1+0+0 = 3; cluster 1 {0,1,2} sums 3 2 3
    # moves its medoid 2 -> 1; cost 1+0+1+0 = 2; nothing moves next: 2 rounds.
    r = sd_kmedoids(distances=D, n_clusters=2)
    np.testing.assert_array_equal(r.medoids, [3, 1])
    np.testing.assert_array_equal(r.cost_history, [3.0, 2.0])
    assert r.n_iter == 2 and not r.init_fallback


def test_hand_sd_variance_excludes_self_and_divides_by_n_minus_1():
    # x = 0 1 3 4 7. Distances to the 4 others, their mean and variance (divisor 4):
    #   0: 1 3 4 7 mean 3.75 var 18.75/4 = 4.6875   1: 1 2 3 6 mean 3 var 14/4 = 3.5
    #   3: 3 2 1 4 mean 2.5  var 5/4 = 1.25         4: 4 3 1 3 mean 2.75 var 4.75/4 = 1.1875
    #   7: 7 6 4 3 mean 5    var 10/4 = 2.5
    # Pick x=4 (sd 1.090 > 1: removes x=3), then x=7 (var 2.5), then x=1 -> objects [3, 4, 1].
    # Divisor 5 would give sd 0.975 < 1 and keep x=3 as the second seed; including d_ii = 0
    # would rank x=3 first. Both would give different seeds.
    seeds, _ = sd_init(euclidean_distances(np.array([0.0, 1, 3, 4, 7])), 3)
    assert seeds.tolist() == [3, 4, 1]


def test_sd_kmedoids_reports_fallback():
    with pytest.warns(SeedFallbackWarning):
        r = sd_kmedoids(np.array([0.0, 1, 2, 6]), 4)
    assert r.init_fallback
    np.testing.assert_array_equal(np.sort(r.medoids), [0, 1, 2, 3])


# ---------------------------------------------------------------------------- oracle agreement
@pytest.mark.parametrize("seed", range(6))
def test_park_jun_matches_oracle_on_random_data(seed):
    rng = np.random.default_rng(seed)
    n, k = rng.integers(20, 60), rng.integers(1, 7)
    X = rng.normal(size=(n, rng.integers(1, 5))) + rng.integers(0, 3, size=(n, 1)) * 3
    D = euclidean_distances(X)
    seeds = oracle_park_jun_seeds(D.tolist(), k)
    assert_matches_oracle(park_jun(X, int(k)), D, seeds)


@pytest.mark.parametrize("radius", ["sd", "mean"])
@pytest.mark.parametrize("seed", range(4))
def test_sd_kmedoids_matches_oracle_on_random_data(seed, radius):
    rng = np.random.default_rng(100 + seed)
    X = rng.normal(size=(40, 2)) + rng.integers(0, 4, size=(40, 1)) * 2.5
    D = euclidean_distances(X)
    k = 3 + seed
    seeds = oracle_sd_seeds(D.tolist(), k, radius)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SeedFallbackWarning)
        r = sd_kmedoids(distances=D, n_clusters=k, radius=radius)
    assert_matches_oracle(r, D, seeds)


@pytest.mark.parametrize("name", sorted(UCI_FEW))
def test_park_jun_and_sd_match_oracle_on_uci(name):
    load, k = UCI_FEW[name]
    D = euclidean_distances(load())
    Dl = D.tolist()
    assert_matches_oracle(park_jun(distances=D, n_clusters=k), D, oracle_park_jun_seeds(Dl, k))
    assert_matches_oracle(sd_kmedoids(distances=D, n_clusters=k), D, oracle_sd_seeds(Dl, k, "sd"))


# ---------------------------------------------------------------------------- properties
@pytest.mark.filterwarnings("ignore::clustval.clustering.kmedoids.SeedFallbackWarning")
def test_cost_never_increases_and_labels_are_nearest_medoid():
    rng = np.random.default_rng(7)
    for trial in range(10):
        X = rng.normal(size=(200, 3)) * rng.uniform(0.5, 3, size=3)
        k = int(rng.integers(2, 12))
        for r in (park_jun(X, k), sd_kmedoids(X, k, radius="mean")):
            assert np.all(np.diff(r.cost_history) < 0)  # each recorded move strictly lowers it
            assert len(r.cost_history) == r.n_iter
            D = euclidean_distances(X)
            np.testing.assert_array_equal(r.labels, np.argmin(D[r.medoids], axis=0))
            np.testing.assert_array_equal(r.labels[r.medoids], np.arange(k))
            assert r.cost == pytest.approx(D[r.medoids].min(axis=0).sum(), rel=1e-12)


def test_euclidean_distances_exact_symmetric_zero_diagonal():
    rng = np.random.default_rng(3)
    X = rng.normal(size=(50, 4)) + 1e6  # large offset: the dot-product expansion would cancel
    X[10] = X[3]
    D = euclidean_distances(X)
    assert np.array_equal(D, D.T) and np.all(np.diagonal(D) == 0) and D[3, 10] == 0
    brute = np.array([[math.sqrt(math.fsum((a - b) ** 2 for a, b in zip(x, y))) for y in X] for x in X])
    np.testing.assert_allclose(D, brute, rtol=1e-14, atol=1e-9)


def test_precomputed_distances_equal_X_path():
    rng = np.random.default_rng(11)
    X = rng.normal(size=(120, 3))
    D = euclidean_distances(X)
    for fit in (park_jun, sd_kmedoids):
        a, b = fit(X, 4), fit(distances=D, n_clusters=4)
        np.testing.assert_array_equal(a.labels, b.labels)
        np.testing.assert_array_equal(a.medoids, b.medoids)
        assert a.cost == b.cost


@pytest.mark.parametrize("fit", [park_jun, sd_kmedoids])
def test_k_equals_one_and_n(fit):
    X = np.random.default_rng(5).normal(size=(15, 2))
    one = fit(X, 1)
    assert np.all(one.labels == 0)
    D = euclidean_distances(X)
    assert one.medoids[0] == np.argmin(D.sum(axis=1))  # the 1-medoid
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SeedFallbackWarning)
        every = fit(X, 15)
    np.testing.assert_array_equal(np.sort(every.medoids), np.arange(15))
    np.testing.assert_array_equal(every.labels[every.medoids], np.arange(15))
    assert every.cost == 0.0


def test_single_object():
    r = park_jun(np.array([[1.0, 2.0]]), 1)
    assert r.labels.tolist() == [0] and r.medoids.tolist() == [0] and r.cost == 0.0
    assert sd_kmedoids(np.array([[1.0, 2.0]]), 1).medoids.tolist() == [0]


@pytest.mark.parametrize("fit", [park_jun, sd_kmedoids])
def test_duplicate_points_give_distinct_medoids(fit):
    # objects 0, 1, 2 coincide; 3 and 4 coincide; 5 is alone: 3 distinct points
    X = np.array([[0.0, 0], [0, 0], [0, 0], [5, 5], [5, 5], [9, 0]])
    r = fit(X, 3)
    assert len({tuple(X[m]) for m in r.medoids}) == 3
    assert sorted(np.bincount(r.labels).tolist()) == [1, 2, 3]
    assert r.cost == 0.0
    # Park-Jun: duplicates tie in v_j; the lowest index is kept and its copies are skipped
    assert set(park_jun_init(euclidean_distances(X), 3).tolist()) <= {0, 3, 5}


@pytest.mark.parametrize("fit", [park_jun, sd_kmedoids])
def test_k_above_distinct_points_is_a_clear_error(fit):
    X = np.array([[0.0, 0], [0, 0], [1, 1], [1, 1]])
    with pytest.raises(ClusteringError, match=r"exceeds the number of distinct points \(2 of 4"):
        fit(X, 3)


@pytest.mark.parametrize(
    "kwargs, message",
    [
        (dict(X=np.zeros((3, 2)), n_clusters=0), "at least 1"),
        (dict(X=np.arange(6.0).reshape(3, 2), n_clusters=4), "exceeds the number of objects"),
        (dict(X=np.array([[0.0, 1], [np.nan, 2]]), n_clusters=1), "NaN"),
        (dict(distances=np.zeros((2, 3)), n_clusters=1), "square"),
        (dict(distances=np.array([[0.0, 1], [2, 0]]), n_clusters=1), "symmetric"),
        (dict(distances=np.array([[1.0, 1], [1, 0]]), n_clusters=1), "zero diagonal"),
        (dict(distances=np.array([[0.0, -1], [-1, 0]]), n_clusters=1), "non-negative"),
        (dict(n_clusters=1), "exactly one of X"),
        (dict(X=np.zeros((3, 2)), distances=np.zeros((3, 3)), n_clusters=1), "exactly one of X"),
        (dict(X=np.arange(6.0).reshape(3, 2), n_clusters=2.0), "integer"),
        (dict(X=np.arange(6.0).reshape(3, 2), n_clusters=2, backend="nope"), "backend"),
        (dict(X=np.arange(6.0).reshape(3, 2), n_clusters=2, max_iter=-1), "max_iter"),
    ],
)
def test_bad_input_raises_clustering_error(kwargs, message):
    with pytest.raises(ClusteringError, match=message):
        park_jun(**kwargs)


def test_sd_radius_must_be_known():
    with pytest.raises(ClusteringError, match="radius"):
        sd_kmedoids(np.arange(6.0).reshape(3, 2), 2, radius="median")


def test_max_iter_exhausted_warns_and_says_not_converged():
    X = np.array([0.0, 1, 2, 6, 7])  # seeds [2, 1] move once to [3, 1] (see the hand example)
    with pytest.warns(KMedoidsConvergenceWarning):
        r = park_jun(X, 2, max_iter=0)
    assert not r.converged and r.n_iter == 0
    np.testing.assert_array_equal(r.medoids, [2, 1])
    # one round reaches the fixed point [3, 1]: converged, though the loop had no round left to see it
    r = park_jun(X, 2, max_iter=1)
    assert r.converged and r.n_iter == 1
    np.testing.assert_array_equal(r.medoids, [3, 1])


@pytest.mark.skipif(importlib.util.find_spec("sklearn_extra") is not None, reason="sklearn_extra is importable here")
def test_sklearn_extra_backend_says_how_to_get_it():
    with pytest.raises(ClusteringError, match=r"sklearn_extra\.sh"):
        park_jun(np.arange(6.0).reshape(3, 2), 2, backend="sklearn_extra")


# ---------------------------------------------------------------------------- bounded memory
def _ties_and_duplicates(seed: int):
    """Small sets rich in exact distance ties: lattices, duplicate rows, symmetric layouts."""
    rng = np.random.default_rng(seed)
    n = int(rng.integers(8, 90))
    kind = seed % 4
    if kind == 0:
        X = rng.integers(0, 4, size=(n, 2)).astype(float)  # lattice: many equal distances
    elif kind == 1:
        X = rng.normal(size=(n, 3))
        X[n // 3 :: 2] = X[: len(X[n // 3 :: 2])]  # duplicate rows
    elif kind == 2:
        half = rng.normal(size=(n // 2, 2))
        X = np.vstack([half, -half, np.zeros((n - 2 * (n // 2), 2))])  # point symmetry
    else:
        X = rng.normal(size=(n, 5)) * 1e3 + 1e6  # far from the origin
    return X


def _assert_same_result(a, b):
    for field in ("labels", "medoids", "initial_medoids", "cost_history"):
        np.testing.assert_array_equal(getattr(a, field), getattr(b, field))
    assert (a.cost, a.n_iter, a.converged, a.init_fallback) == (b.cost, b.n_iter, b.converged, b.init_fallback)


FITS = [(park_jun, {}), (sd_kmedoids, {"radius": "sd"}), (sd_kmedoids, {"radius": "mean"})]


@pytest.mark.parametrize("seed", range(24))
@pytest.mark.parametrize("engine", ["numpy", "numba"])
def test_on_demand_paths_equal_the_matrix_path(seed, engine, monkeypatch):
    # From X the distances are computed where needed (in row blocks of any size); every
    # result field must equal the one from the stored matrix, exactly, in both engines.
    import clustval._engine.compiled as compiled

    monkeypatch.setattr(compiled, "MIN_WORK", 0 if engine == "numba" else math.inf)
    X = _ties_and_duplicates(seed)
    k = int(np.random.default_rng(seed).integers(1, 6))
    fits = min(k, len(np.unique(X, axis=0)))
    D = euclidean_distances(X)
    for fit, options in FITS:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", SeedFallbackWarning)
            stored = fit(distances=D, n_clusters=fits, **options)
            on_demand = fit(X, fits, **options)
            row_by_row = fit(X, fits, memory_budget_mb=1e-6, **options)
        _assert_same_result(on_demand, stored)
        _assert_same_result(row_by_row, stored)


@pytest.mark.parametrize("seed", range(8))
def test_compiled_and_numpy_engines_give_identical_clusterings(seed, monkeypatch):
    # The sums compared by the seed and update rules are added in one order in every engine.
    import clustval._engine.compiled as compiled

    X = _ties_and_duplicates(seed)
    fits = min(3, len(np.unique(X, axis=0)))
    results = {}
    for engine, min_work in (("numpy", math.inf), ("numba", 0)):
        monkeypatch.setattr(compiled, "MIN_WORK", min_work)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", SeedFallbackWarning)
            results[engine] = [fit(X, fits, **options) for fit, options in FITS]
    for a, b in zip(results["numpy"], results["numba"]):
        _assert_same_result(a, b)


def _oracle_lane_sum(terms):
    """The documented order with plain loops: term j into lane j % 8, lanes added pairwise."""
    a = [0.0] * 8
    for j, t in enumerate(terms):
        a[j % 8] += t
    return ((a[0] + a[1]) + (a[2] + a[3])) + ((a[4] + a[5]) + (a[6] + a[7]))


@pytest.mark.parametrize("m", [1, 7, 8, 9, 255, 256, 257, 511, 512, 513, 700])  # about tiles
def test_distance_sums_follow_the_lane_order_in_every_engine(m):
    # Bit-equal to the loop oracle: numpy's lane sums, the compiled sums computed from X
    # and the compiled sums read from a stored matrix (weighted, and rows out of order).
    from clustval._engine.kernels import weighted_distance_sums, weighted_matrix_sums
    from clustval._engine.lanes import lane_sums
    from clustval._engine.pairwise import _feature_major

    rng = np.random.default_rng(m)
    X = rng.normal(size=(m, 3)) * 10.0 ** rng.integers(-3, 4, size=(m, 1))
    D = euclidean_distances(X)
    weights = rng.uniform(size=m)
    rows = rng.permutation(m)[: min(m, 5)]
    expected = [_oracle_lane_sum(D[i] * weights) for i in rows]
    np.testing.assert_array_equal(lane_sums(D[rows] * weights), expected)
    from_x, from_d = np.empty(len(rows)), np.empty(len(rows))
    weighted_distance_sums(_feature_major(X[rows]), _feature_major(X), weights, from_x)
    weighted_matrix_sums(D, rows.astype(np.int64), np.arange(m), weights, from_d)
    np.testing.assert_array_equal(from_x, expected)
    np.testing.assert_array_equal(from_d, expected)


def test_bounded_memory_path_reports_too_few_distinct_points():
    X = np.repeat([[0.0, 0.0], [1.0, 1.0]], 5, axis=0)
    for memory_budget_mb in (1024, 1e-6):
        with pytest.raises(ClusteringError, match=r"distinct points \(2 of 10"):
            park_jun(X, 3, memory_budget_mb=memory_budget_mb)


@pytest.mark.parametrize("budget", [0, -1, float("nan"), "1"])
def test_bad_memory_budget_is_a_clear_error(budget):
    with pytest.raises(ClustvalError, match="memory_budget_mb"):
        park_jun(np.eye(4), 2, memory_budget_mb=budget)


# ---------------------------------------------------------------------------- ties and rounding
# Every K-medoids rule compares sums whose last bits depend on the order of their terms
# (the order of the objects). Values within TIE_RTOL of each other count as equal and the
# rule's tie break decides, never rounding (module docstring).
def _balance_scale():
    from clustval.datasets import load_uci

    X, _ = load_uci("balance", preprocessing="minmax", return_X_y=True)
    return np.asarray(X, dtype=float)


def _grid(duplicates: bool = False):
    # a 6 x 6 x 3 integer lattice (exact distances, sums tied by its symmetries), and some
    # exact duplicates
    X = np.stack(np.meshgrid(np.arange(6), np.arange(6), np.arange(3), indexing="ij"), -1).reshape(-1, 3)
    X = X.astype(float)
    return np.concatenate([X, X[::7]]) if duplicates else X


def _ties_met(fit, X, k, monkeypatch):
    """The sets of objects that tied (within the tolerance) in a decision of ``fit(X, k)``
    broken by object index: Park-Jun's and SD's seeds, SD's farthest-first fill, the update."""
    import clustval.clustering.kmedoids as km

    ties, lowest_within = [], km._lowest_within

    def recording(values, tol):
        tied = np.flatnonzero(values <= values.min() + tol)
        if len(tied) > 1:
            ties.append(tied)
        return lowest_within(values, tol)

    with monkeypatch.context() as patch:
        patch.setattr(km, "_lowest_within", recording)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", SeedFallbackWarning)
            fit(X, k)
    return ties


def _tie_keeping_permutation(n, ties, rng):
    """A random order of n objects that keeps the relative order of the objects of every tie
    (of every set of objects linked by ties)."""
    group = np.arange(n)  # union-find over the ties

    def root(i):
        while group[i] != i:
            group[i] = group[group[i]]
            i = group[i]
        return i

    for tied in ties:
        for i in tied[1:]:
            group[root(i)] = root(tied[0])
    roots = np.array([root(i) for i in range(n)])
    p = rng.permutation(n)
    for r in np.unique(roots):
        at = np.flatnonzero(roots[p] == r)  # positions that hold the group, in order
        p[at] = np.sort(p[at])
    return p


FIT_VARIANTS = {
    "park_jun": lambda X, k: park_jun(X, k),
    "sd": lambda X, k: sd_kmedoids(X, k),
    "sd_mean": lambda X, k: sd_kmedoids(X, k, radius="mean"),
}


def _assert_same_fit_of_permuted_objects(fit, X, k, p):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SeedFallbackWarning)
        want, got = fit(X, k), fit(X[p], k)
    # object t of X[p] is object p[t] of X: the same objects, the same cluster numbers
    np.testing.assert_array_equal(p[got.initial_medoids], want.initial_medoids)
    np.testing.assert_array_equal(p[got.medoids], want.medoids)
    np.testing.assert_array_equal(got.labels, want.labels[p])
    assert (got.n_iter, got.converged, got.init_fallback) == (want.n_iter, want.converged, want.init_fallback)
    np.testing.assert_allclose(got.cost_history, want.cost_history, rtol=1e-12)


def test_balance_scale_ties_in_park_jun_v_go_to_the_lowest_index():
    # balance-scale is the lattice {0, 1/4, ..., 1}^4: 8 symmetric images tie exactly in v_j,
    # yet lane-order sums give two of them (311 and 337) one ulp more. Ascending v_j with
    # ties by object index puts 311 before 313, whatever the ulp says.
    from clustval._engine.pairwise import DistanceRows
    from clustval.clustering.common import row_sums_of
    from clustval.clustering.kmedoids import TIE_RTOL, _park_jun_scores

    X = _balance_scale()
    dist = DistanceRows(X=X)
    v = _park_jun_scores(dist, row_sums_of(dist))
    tied = [187, 287, 307, 311, 313, 317, 337, 437]
    assert np.ptp(v[tied]) <= 1e-14 * v[tied].max() and v[tied].max() < v[312] * 2
    assert np.ptp(v[tied]) > 0  # rounding does split them
    assert np.sort(v)[9] - v[tied].max() > 1e3 * TIE_RTOL  # the next value is no tie
    D = euclidean_distances(X)
    assert park_jun_init(D, 9).tolist() == [312, *tied]
    assert park_jun(X, 5).initial_medoids.tolist() == [312, 187, 287, 307, 311]


# The invariance of the module docstring: a permutation p of the objects that keeps the
# relative order of the objects of every tie the fit meets gives the same fit, relabelled by
# p (p is otherwise random: every sum is added in another order, with other last bits).
@pytest.mark.parametrize("variant", sorted(FIT_VARIANTS))
@pytest.mark.parametrize("k", [2, 3, 5, 8])
def test_balance_scale_fits_do_not_depend_on_the_order_of_the_objects(variant, k, monkeypatch):
    X = _balance_scale()
    fit = FIT_VARIANTS[variant]
    ties = _ties_met(fit, X, k, monkeypatch)
    if k >= 5 and variant == "park_jun":
        assert any(len(t) >= 7 for t in ties)  # the symmetric images tied in v_j
    rng = np.random.default_rng(k)
    for _ in range(3):
        _assert_same_fit_of_permuted_objects(fit, X, k, _tie_keeping_permutation(len(X), ties, rng))


@pytest.mark.parametrize("duplicates", [False, True])
@pytest.mark.parametrize("variant", sorted(FIT_VARIANTS))
@pytest.mark.parametrize("k", [2, 4, 7])
def test_lattice_fits_do_not_depend_on_the_order_of_the_objects(variant, k, duplicates, monkeypatch):
    X = _grid(duplicates)
    fit = FIT_VARIANTS[variant]
    ties = _ties_met(fit, X, k, monkeypatch)
    assert ties  # a lattice meets ties
    rng = np.random.default_rng(100 + k)
    for _ in range(3):
        _assert_same_fit_of_permuted_objects(fit, X, k, _tie_keeping_permutation(len(X), ties, rng))


def test_a_permutation_that_reorders_tied_objects_picks_another_of_them():
    # the other side of the invariance: among tied objects the lowest index wins, so another
    # order of the tied images makes another of them the seed
    X = _balance_scale()
    assert park_jun(X, 2).initial_medoids.tolist() == [312, 187]
    p = np.arange(len(X))
    p[[187, 437]] = [437, 187]  # swap two of the 8 tied images
    got = park_jun(X[p], 2)
    assert p[got.initial_medoids].tolist() == [312, 437]  # 437 now at index 187, the lowest


@pytest.mark.filterwarnings("ignore::clustval.clustering.kmedoids.SeedFallbackWarning")
@pytest.mark.parametrize("variant", sorted(FIT_VARIANTS))
@pytest.mark.parametrize("data", ["balance", "lattice"])
def test_rounding_noise_in_every_sum_changes_no_decision(variant, data, monkeypatch):
    # Multiply every sum and variance the rules compare, and every distance, by 1 + u with
    # |u| <= 1e-13 (hundreds of ulps, far more than rounding, far below TIE_RTOL): the fits
    # must not change at all (zero distances, the duplicates, stay zero).
    import clustval.clustering.kmedoids as km
    from clustval._engine.pairwise import DistanceRows

    X = _balance_scale() if data == "balance" else _grid(duplicates=True)
    fit = FIT_VARIANTS[variant]
    want = {k: fit(X, k) for k in (2, 3, 6)}
    rng = np.random.default_rng(0)

    def noisy(values):
        return values * (1.0 + rng.uniform(-1e-13, 1e-13, size=np.shape(values)))

    summed, rows, variances = DistanceRows.summed, DistanceRows.rows, km._distance_variances
    monkeypatch.setattr(DistanceRows, "summed", lambda self, *a, **kw: noisy(summed(self, *a, **kw)))
    monkeypatch.setattr(DistanceRows, "rows", lambda self, idx: noisy(rows(self, idx)))
    monkeypatch.setattr(km, "_distance_variances", lambda *a: noisy(variances(*a)))
    for k, result in want.items():
        got = fit(X, k)
        np.testing.assert_array_equal(got.initial_medoids, result.initial_medoids)
        np.testing.assert_array_equal(got.medoids, result.medoids)
        np.testing.assert_array_equal(got.labels, result.labels)
        assert got.n_iter == result.n_iter


def test_update_keeps_the_medoid_on_a_tie_within_the_tolerance():
    # x = 0, 1, 2 in one cluster with medoid 0: sums 3, 2, 3, so the medoid moves to 1. Three
    # points at distance 1 from each other: sums 2, 2, 2, a tie that keeps 0; still so when
    # d(1, 2) is lower by tol / 4 (sums of 1 and 2 lower by tol / 4), not when by 2 tol.
    from clustval._engine.pairwise import DistanceRows
    from clustval.clustering.kmedoids import TIE_RTOL, _update

    labels, medoids = np.zeros(3, dtype=np.int64), np.array([0])
    D = euclidean_distances(np.array([0.0, 1.0, 2.0]))
    tol = TIE_RTOL * D.sum() / 3
    np.testing.assert_array_equal(_update(DistanceRows(D=D), labels, medoids, tol), [1])
    for lower, moves in ((0.0, False), (0.25 * tol, False), (2 * tol, True)):
        E = 1.0 - np.eye(3)
        E[1, 2] = E[2, 1] = 1.0 - lower
        got = _update(DistanceRows(D=E), labels, medoids, tol)
        assert (got is not None) == moves and (not moves or got.tolist() == [1])


def test_assignment_ties_within_the_tolerance_go_to_the_lowest_cluster_number():
    from clustval._engine.pairwise import DistanceRows
    from clustval.clustering.kmedoids import _assign

    # object 2 is 1 from medoid 1 (cluster 0) and 1 - 1e-15 from medoid 0 (cluster 1)
    D = np.array([[0.0, 2.0, 1.0 - 1e-15], [2.0, 0.0, 1.0], [1.0 - 1e-15, 1.0, 0.0]])
    labels, _ = _assign(DistanceRows(D=D), np.array([1, 0]), tol=1e-12)
    assert labels.tolist() == [1, 0, 0]
    labels, _ = _assign(DistanceRows(D=D), np.array([1, 0]), tol=0.0)
    assert labels.tolist() == [1, 0, 1]


def test_pam_and_kmedoids_share_one_tolerance():
    import importlib

    from clustval.clustering import common, kmedoids

    pam = importlib.import_module("clustval.clustering.pam")  # clustval.clustering.pam is the function
    assert pam.TIE_RTOL is kmedoids.TIE_RTOL is common.TIE_RTOL == 1e-10


# ---------------------------------------------------------------------------- the compiled check of D
def _bad_matrices(n: int):
    """A valid D and variants of it with one fault each, at places across the row blocks
    and lanes (the first entry, a lane's tail, the last block)."""
    D = euclidean_distances(np.random.default_rng(n).normal(size=(n, 3)))
    for i, j in sorted({(0, 1), (n - 1, n - 2), (n // 2, n - 1), (1, n // 3)} - {(i, i) for i in range(n)}):
        for fault, message in ((np.nan, "finite"), (np.inf, "finite"), (-0.5, "non-negative")):
            E = D.copy()
            E[i, j] = E[j, i] = fault
            yield E, message
        E = D.copy()
        E[i, j] = np.nextafter(E[i, j], np.inf)  # one ulp
        yield E, "symmetric"
        E = D.copy()
        E[i, i] = 1e-300
        yield E, "zero diagonal"


@pytest.mark.parametrize("n", [2, 9, 64, 65, 130])
def test_compiled_check_of_d_accepts_and_refuses_as_numpy_does(n, monkeypatch):
    # The compiled check (one pass, with the row sums) refuses every fault the numpy check
    # refuses, with its words; on a valid D its row sums are the lane-order sums.
    import clustval._engine.compiled as compiled
    from clustval._engine.pairwise import DistanceRows

    monkeypatch.setattr(compiled, "MIN_WORK", 0)
    D = euclidean_distances(np.random.default_rng(n).normal(size=(n, 3)))
    checked, row_sums = checked_distances(D.tolist())  # converted to float64 first
    np.testing.assert_array_equal(checked, D)
    if compiled.kernels() is not None:  # no compiled check under NUMBA_DISABLE_JIT=1
        np.testing.assert_array_equal(row_sums, [_oracle_lane_sum(row) for row in D])
        np.testing.assert_array_equal(row_sums, DistanceRows(D=D).summed(np.arange(n), np.arange(n)))
    for E, message in _bad_matrices(n):
        for fit in (park_jun, sd_kmedoids):
            with pytest.raises(ClusteringError, match=message):
                fit(distances=E, n_clusters=1)
        with pytest.raises(ClusteringError, match=message):
            park_jun_init(E, 1)


def test_update_reuses_the_sums_of_a_cluster_whose_members_did_not_change(monkeypatch):
    from clustval._engine.pairwise import DistanceRows
    from clustval.clustering.kmedoids import _update

    X = np.array([0.0, 1, 2, 6, 7, 9])[:, None]
    D, labels, medoids = euclidean_distances(X), np.array([0, 0, 0, 1, 1, 1]), np.array([0, 5])
    memo = {}
    first = _update(DistanceRows(D=D), labels, medoids, 0.0, memo)
    np.testing.assert_array_equal(first, [1, 4])  # 1 and 7 are the middles
    calls = []
    summed = DistanceRows.summed
    monkeypatch.setattr(DistanceRows, "summed", lambda self, *a, **kw: calls.append(a) or summed(self, *a, **kw))
    labels[2] = 1  # cluster 0 loses object 2, cluster 1 gains it
    assert _update(DistanceRows(D=D), labels, medoids, 0.0, memo) is not None and len(calls) == 2
    labels[2] = 0  # both clusters back to their first members: summed again
    calls.clear()
    assert _update(DistanceRows(D=D), labels, first, 0.0, memo) is None and len(calls) == 2
    calls.clear()
    assert _update(DistanceRows(D=D), labels, first, 0.0, memo) is None
    assert calls == []  # no cluster changed: no sum computed, the same decision
