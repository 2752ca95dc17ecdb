"""Tests of clustval.pam: a plain-Python PAM oracle (Kaufman & Rousseeuw 1990, ch. 2, the
original O(k n^2) swap loop), BUILD never beaten by SWAP, and a brute-force local optimum."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest

from clustval.errors import ClusteringError
from clustval.kmedoids import euclidean_distances
from clustval.pam import TIE_RTOL, pam


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
    from clustval import _compiled

    rng = np.random.default_rng(5)
    X = rng.normal(size=(400, 2)) if kind == "gauss" else rng.integers(0, 12, size=(400, 2)).astype(float)
    compiled = pam(X, 5)
    assert _compiled.kernels(400 * 400 * 4) is not None, "this size runs the compiled kernels"
    monkeypatch.setattr(_compiled, "kernels", lambda work=0: None)
    plain = pam(X, 5)
    np.testing.assert_array_equal(compiled.initial_medoids, plain.initial_medoids)
    np.testing.assert_array_equal(compiled.medoids, plain.medoids)
    np.testing.assert_array_equal(compiled.labels, plain.labels)
    assert compiled.n_iter == plain.n_iter and compiled.cost == pytest.approx(plain.cost, rel=1e-12)
