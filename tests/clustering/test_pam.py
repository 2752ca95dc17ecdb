"""Tests of clustval.clustering.pam: a plain-Python PAM oracle (Kaufman & Rousseeuw 1990, ch. 2, the
original O(k n^2) swap loop), BUILD never beaten by SWAP, and a brute-force local optimum."""

from __future__ import annotations

import importlib
import itertools
import math

import numpy as np
import pytest

from clustval.clustering.kmedoids import euclidean_distances
from clustval.clustering.pam import TIE_RTOL, pam
from clustval.errors import ClusteringError


# ---------------------------------------------------------------------------- oracle
def oracle_cost(D, medoids):
    return math.fsum(min(D[o][m] for m in medoids) for o in range(len(D)))


def oracle_pam(D, k, max_iter=300):
    """PAM from the book's description, with the module's tie rules, in plain loops."""
    n = len(D)
    tol = TIE_RTOL * math.fsum(map(math.fsum, D)) / n

    def first_best(scored):  # scored: [(value, order key, item)]; lowest value, ties by order
        low = min(value for value, _, _ in scored)
        return min((key, item) for value, key, item in scored if value <= low + tol)[1]

    medoids = [first_best([(math.fsum(D[i]), i, i) for i in range(n)])]
    while len(medoids) < k:
        scored = []
        for c in range(n):
            if any(D[c][m] == 0 for m in medoids):
                continue
            gain = math.fsum(max(min(D[o][m] for m in medoids) - D[o][c], 0.0) for o in range(n))
            scored.append((-gain, c, c))
        medoids.append(first_best(scored))
    build = list(medoids)
    rounds = 0
    while rounds < max_iter:
        rounds += 1
        cost = oracle_cost(D, medoids)
        scored = []
        for c in range(n):
            if c in medoids:
                continue
            for i in range(k):
                trial = medoids[:i] + [c] + medoids[i + 1:]
                scored.append((oracle_cost(D, trial) - cost, (c, i), (c, i)))
        best = min(value for value, _, _ in scored) if scored else 0.0
        if not best < -tol:
            break
        c, i = first_best(scored)
        medoids[i] = c
    labels = [min(range(k), key=lambda j: (D[o][medoids[j]], j)) for o in range(n)]
    return build, medoids, labels, oracle_cost(D, medoids)


def _random_sets():
    rng = np.random.default_rng(11)
    for trial in range(12):
        n = int(rng.integers(6, 30))
        yield f"gauss{trial}", rng.normal(size=(n, int(rng.integers(1, 4))))
    for trial in range(12):  # tie-heavy: few integer values, many duplicates and equal distances
        n = int(rng.integers(6, 30))
        yield f"grid{trial}", rng.integers(0, 3, size=(n, 2)).astype(float)


SETS = list(_random_sets())


@pytest.mark.parametrize("name, X", SETS, ids=[name for name, _ in SETS])
def test_pam_matches_the_plain_python_oracle(name, X):
    D = euclidean_distances(X)
    distinct = len(np.unique(X, axis=0))
    for k in range(1, min(distinct, 5) + 1):
        build, medoids, labels, cost = oracle_pam(D.tolist(), k)
        result = pam(X, k)
        assert result.initial_medoids.tolist() == build, (name, k)
        assert result.medoids.tolist() == medoids, (name, k)
        assert result.labels.tolist() == labels, (name, k)
        assert result.cost == pytest.approx(cost, rel=1e-12, abs=1e-12)
        assert result.converged


@pytest.mark.parametrize("name, X", SETS, ids=[name for name, _ in SETS])
def test_swap_never_worse_than_build_and_strictly_improving(name, X):
    D = euclidean_distances(X)
    for k in range(1, min(len(np.unique(X, axis=0)), 5) + 1):
        r = pam(distances=D, n_clusters=k)
        assert r.cost <= r.cost_history[0]
        assert np.all(np.diff(r.cost_history) < 0)
        assert r.cost == pytest.approx(D[r.medoids].min(axis=0).sum(), rel=1e-12)
        assert sorted(set(r.labels.tolist())) == list(range(k))  # no cluster empty


@pytest.mark.parametrize("seed", range(6))
def test_swap_ends_in_a_local_optimum(seed):
    """Brute force on a tiny set: no single (medoid, non-medoid) exchange lowers the cost."""
    X = np.random.default_rng(seed).normal(size=(9, 2))
    D = euclidean_distances(X)
    for k in (2, 3, 4):
        r = pam(X, k)
        base = D[r.medoids].min(axis=0).sum()
        for i, c in itertools.product(range(k), range(len(X))):
            if c in r.medoids:
                continue
            trial = r.medoids.copy()
            trial[i] = c
            assert D[trial].min(axis=0).sum() >= base - 1e-12


def test_pam_finds_the_global_optimum_of_a_clear_structure():
    """Three tight groups: PAM's medoids are the best 3-subset by exhaustive search."""
    rng = np.random.default_rng(3)
    X = np.vstack([rng.normal(c, 0.1, size=(4, 2)) for c in ((0, 0), (5, 0), (0, 5))])
    D = euclidean_distances(X)
    best = min(itertools.combinations(range(len(X)), 3), key=lambda m: D[list(m)].min(axis=0).sum())
    assert sorted(pam(X, 3).medoids.tolist()) == sorted(best)


def test_pam_refuses_more_clusters_than_distinct_points():
    X = np.repeat([[0.0, 0.0], [1.0, 1.0]], 5, axis=0)
    with pytest.raises(ClusteringError, match="distinct points"):
        pam(X, 3)
    assert pam(X, 2).labels.tolist() == [0] * 5 + [1] * 5 or pam(X, 2).labels.tolist() == [1] * 5 + [0] * 5


def test_pam_needs_exactly_one_input():
    with pytest.raises(ClusteringError, match="exactly one"):
        pam(None, 2)


@pytest.mark.parametrize("kind", ["gauss", "grid"])
def test_compiled_and_numpy_paths_make_the_same_choices(kind, monkeypatch):
    """Large sets run the numba kernels, small ones numpy: the same BUILD and the same swaps."""
    pytest.importorskip("numba")
    from clustval._engine import compiled as _compiled

    rng = np.random.default_rng(5)
    if _compiled.kernels() is None:
        pytest.skip("the compiled engine is off here (NUMBA_DISABLE_JIT=1): nothing to compare")
    X = rng.normal(size=(400, 2)) if kind == "gauss" else rng.integers(0, 12, size=(400, 2)).astype(float)
    compiled = pam(X, 5)
    monkeypatch.setattr(_compiled, "kernels", lambda work=0: None)
    plain = pam(X, 5)
    np.testing.assert_array_equal(compiled.initial_medoids, plain.initial_medoids)
    np.testing.assert_array_equal(compiled.medoids, plain.medoids)
    np.testing.assert_array_equal(compiled.labels, plain.labels)
    assert compiled.n_iter == plain.n_iter and compiled.cost == pytest.approx(plain.cost, rel=1e-12)


# ---------------------------------------------------------------------------- engines and row sources
def _tie_rich(seed):
    """Sets rich in exact ties (lattices, duplicate rows, point symmetry) and plain ones."""
    rng = np.random.default_rng(seed)
    n = int(rng.integers(20, 160))
    kind = seed % 4
    if kind == 0:
        return rng.integers(0, 5, size=(n, 2)).astype(float)
    if kind == 1:
        X = rng.normal(size=(n, 3))
        X[n // 3 :: 2] = X[: len(X[n // 3 :: 2])]
        return X
    if kind == 2:
        half = rng.normal(size=(n // 2, 2))
        return np.vstack([half, -half])
    return rng.normal(size=(n, 4)) * 1e3 + 1e6


def _same(a, b):
    for field in ("labels", "medoids", "initial_medoids", "cost_history"):
        np.testing.assert_array_equal(getattr(a, field), getattr(b, field))
    assert (a.cost, a.n_iter, a.converged) == (b.cost, b.n_iter, b.converged)


@pytest.mark.parametrize("seed", range(8))  # each of the four kinds of _tie_rich twice
@pytest.mark.parametrize("engine", ["numpy", "numba"])
def test_pam_without_the_matrix_equals_the_stored_matrix(seed, engine, monkeypatch):
    # From X with a budget too small for D, every pass computes its distance rows (in blocks
    # of one row, or of a few): the result equals the one from the stored D, field by field.
    import clustval._engine.compiled as compiled

    if engine == "numba":
        pytest.importorskip("numba")
    monkeypatch.setattr(compiled, "MIN_WORK", 0 if engine == "numba" else math.inf)
    X = _tie_rich(seed)
    D = euclidean_distances(X)
    for k in range(1, min(len(np.unique(X, axis=0)), 6) + 1):
        stored = pam(distances=D, n_clusters=k)
        _same(pam(X, k), stored)  # D from X (it fits the default budget)
        _same(pam(X, k, memory_budget_mb=1e-6), stored)  # one row per block
        _same(pam(X, k, memory_budget_mb=8 * len(X) * 5 / 2**20), stored)  # five rows


@pytest.mark.parametrize("seed", range(12))
def test_pam_engines_give_the_same_clustering_on_tie_rich_sets(seed, monkeypatch):
    # The engines add the gains and swap deltas in different orders; the tolerance makes
    # their choices the same (cost_history is summed by one numpy expression in both).
    import clustval._engine.compiled as compiled

    pytest.importorskip("numba")
    X = _tie_rich(seed)
    results = []
    for min_work in (math.inf, 0):
        monkeypatch.setattr(compiled, "MIN_WORK", min_work)
        results.append([pam(X, k) for k in range(1, min(len(np.unique(X, axis=0)), 6) + 1)])
    for a, b in zip(*results):
        _same(a, b)


def test_compiled_swap_deltas_and_build_gains_equal_brute_force():
    # Each delta against the cost change of that swap computed directly, each BUILD gain
    # against its definition, on data with ties and duplicates.
    pytest.importorskip("numba")
    from clustval.clustering._kernels import pam_build_gains, pam_swap_deltas

    rng = np.random.default_rng(2)
    X = np.vstack([rng.integers(0, 4, size=(40, 2)), rng.normal(size=(13, 2))]).astype(float)
    D = euclidean_distances(X)
    n = len(X)
    for medoids in ([3, 17, 44], [0, 1], [5, 9, 21, 30, 50]):
        k = len(medoids)
        order = np.argsort(D[medoids], axis=0, kind="stable")
        dn, ds = D[medoids][order[0], np.arange(n)], D[medoids][order[1], np.arange(n)]
        removal = np.bincount(order[0], weights=ds - dn, minlength=k)
        is_medoid = np.isin(np.arange(n), medoids)
        delta = np.empty((n, k))
        pam_swap_deltas(D, dn, ds, order[0].astype(np.int64), removal, is_medoid, delta)
        base = oracle_cost(D.tolist(), medoids)
        for c in range(n):
            for i in range(k):
                if c in medoids:
                    assert delta[c, i] == np.inf
                    continue
                trial = medoids[:i] + [c] + medoids[i + 1 :]
                assert delta[c, i] == pytest.approx(oracle_cost(D.tolist(), trial) - base, abs=1e-9)
        gain = np.empty(n)
        pam_build_gains(D, np.arange(n), dn.copy(), gain)
        for c in range(n):
            assert gain[c] == pytest.approx(math.fsum(max(dn[o] - D[c, o], 0.0) for o in range(n)), abs=1e-12)


def test_build_recomputes_only_gains_that_can_still_win(monkeypatch):
    # BUILD's bounds (a gain never grows) spare most rows after its second medoid, and the
    # medoids are those of full passes (the plain-Python oracle).
    pam_module = importlib.import_module("clustval.clustering.pam")
    rng = np.random.default_rng(4)
    X = np.vstack([rng.normal(c, 0.3, size=(30, 2)) for c in ((0, 0), (6, 0), (0, 6), (6, 6), (3, 12))])
    counted = []
    gains_into = pam_module._gains_into
    monkeypatch.setattr(pam_module, "_gains_into", lambda dist, objects, *a: counted.append(objects.size) or gains_into(dist, objects, *a))
    result = pam(X, 5)
    assert result.initial_medoids.tolist() == oracle_pam(euclidean_distances(X).tolist(), 5)[0]
    assert counted[0] == len(X) and sum(counted[1:]) < 3 * len(X)  # one full pass, then far fewer than 3


@pytest.mark.parametrize("seed", range(4))
def test_fits_do_not_depend_on_the_number_of_threads(seed, monkeypatch):
    # Every compiled K-medoids kernel adds each row's sums serially: one thread (all work
    # below the grain) and two give the same bits.
    pytest.importorskip("numba")
    import clustval._engine.compiled as compiled

    if compiled.kernels() is None:
        pytest.skip("no compiled engine (NUMBA_DISABLE_JIT=1)")
    import clustval.clustering._kernels as kernels
    from clustval.clustering.kmedoids import park_jun, sd_kmedoids

    monkeypatch.setattr(compiled, "MIN_WORK", 0)
    X = _tie_rich(seed)
    D = euclidean_distances(X)
    fits = []
    for grain in (math.inf, 0):  # one thread, then as many as numba has
        monkeypatch.setattr(kernels, "GRAIN", grain)
        fits.append([fit(distances=D, n_clusters=3) for fit in (pam, park_jun, sd_kmedoids)])
    for a, b in zip(*fits):
        _same(a, b)
