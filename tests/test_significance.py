"""clustval.significance: exact p-values equal brute-force tests over every labelling the model
draws, Monte Carlo p-values agree with them and are uniform under the null, and the result
is reproducible from its seed."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from scipy import stats
from test_chance import draws

import clustval
from clustval import significance
from clustval.errors import InputError

T, P = [0, 0, 0, 1, 1, 2, 2, 2], [0, 1, 1, 1, 2, 2, 0, 0]
INDICES = ["ari", "mutual_info", "vi", "s2", "accuracy", "jaccard", "ami"]


def brute_force(indices, t, p, model):
    """P(index at least as good as observed) over every labelling the model draws."""
    pairs = draws(model, t, p)
    p_values = {}
    for name in indices:
        spec = clustval.get_index(name)
        observed = spec.function(t, p)
        tol = 1e-10 * max(1.0, abs(observed))
        if spec.direction == "lower":
            hits = sum(spec.function(u, q) <= observed + tol for u, q in pairs)
        else:
            hits = sum(spec.function(u, q) >= observed - tol for u, q in pairs)
        p_values[name] = hits / len(pairs)
    return p_values


@pytest.mark.parametrize("model", ["perm", "perm1", "num1"])
def test_exact_equals_brute_force(model):
    result = significance(INDICES, T, P, model=model)
    assert result.exact and result.n_resamples == 0 and result.model == model
    expected = brute_force(INDICES, T, P, model)
    for name in INDICES:
        assert result.p_values[name] == pytest.approx(expected[name], abs=1e-14), name


def test_exact_all1_equals_brute_force():
    t, p = [0, 0, 1, 1, 1, 2], [0, 1, 1, 2, 2, 2]
    result = significance(["ari", "mutual_info"], t, p, model="all1", max_exact_tables=10**6)
    assert result.exact
    expected = brute_force(["ari", "mutual_info"], t, p, "all1")
    for name, value in expected.items():
        assert result.p_values[name] == pytest.approx(value, abs=1e-14)


@pytest.mark.parametrize("model", ["perm", "num1", "all1", "num", "all"])
def test_monte_carlo_agrees_with_brute_force(model):
    t, p = ([0, 0, 1, 1, 2], [0, 1, 1, 2, 2]) if model in ("num", "all") else (T, P)
    draws_ = 2000
    result = significance(["ari", "mutual_info"], t, p, model=model, max_exact_tables=0,
                          n_resamples=draws_, seed=11)  # fmt: skip
    assert not result.exact and result.n_resamples == draws_ and result.seed == 11
    for name, value in brute_force(["ari", "mutual_info"], t, p, model).items():
        error = math.sqrt(value * (1 - value) / draws_) + 1 / draws_
        assert abs(result.p_values[name] - value) <= 4 * error, name


def test_uniform_under_the_null():
    # 1,000 clusterings drawn from the permutation null, each tested with 19 draws: the p-value
    # (1 + count) / 20 is then uniform on {1/20, ..., 1} (no ties: MI is near-continuous here)
    rng = np.random.default_rng(2024)
    t = np.repeat([0, 1, 2], [5, 10, 15])
    p = np.repeat([0, 1, 2], [8, 10, 12])
    grid = 20
    p_values = np.array([
        significance("mutual_info", t, rng.permutation(p), n_resamples=grid - 1, seed=i,
                     max_exact_tables=0).p_values["mutual_info"]
        for i in range(1000)
    ])  # fmt: skip
    assert set(np.round(p_values * grid).astype(int)) <= set(range(1, grid + 1))
    # Kolmogorov-Smirnov on the grid, where the two step functions can differ (its continuous
    # null law is conservative for a discrete one)
    steps = np.arange(1, grid + 1) / grid
    ecdf = np.searchsorted(np.sort(p_values), steps + 1e-9, side="right") / p_values.size
    distance = np.abs(ecdf - steps).max()
    assert stats.kstwo(p_values.size).sf(distance) > 0.01
    assert np.mean(p_values <= 0.05) == pytest.approx(0.05, abs=0.025)


def test_one_draw_every_index():
    alone = {name: significance(name, T, P, max_exact_tables=0, n_resamples=200, seed=5).p_values[name]
             for name in ("ari", "vi", "s2")}  # fmt: skip
    together = significance(["ari", "vi", "s2"], T, P, max_exact_tables=0, n_resamples=200, seed=5)
    assert together.p_values == alone
    assert together.observed == {name: clustval.get_index(name).function(T, P) for name in alone}


def test_seed_reproduces():
    first = significance("ari", T, P, max_exact_tables=0, n_resamples=50)
    again = significance("ari", T, P, max_exact_tables=0, n_resamples=50, seed=first.seed)
    assert again == first


def test_ami_ranked_by_mi_under_perm():
    # the margins are fixed: AMI and MI order every draw alike, so share their p-value
    result = significance(["ami", "mutual_info"], T, P, max_exact_tables=0, n_resamples=300, seed=2)
    assert result.p_values["ami"] == result.p_values["mutual_info"]
    assert result.observed["ami"] == clustval.ami(T, P)


def test_large_n_draws_tables_not_labels():
    rng = np.random.default_rng(0)
    t = rng.integers(0, 5, 200_000)
    p = np.where(rng.random(t.size) < 0.01, t, rng.integers(0, 5, t.size))
    result = significance(["ari", "nmi"], t, p, n_resamples=99, seed=0)
    assert result.p_values == {"ari": 0.01, "nmi": 0.01}


def test_refusals():
    with pytest.raises(InputError, match="better side"):
        significance("mcnemar", T, P)
    with pytest.raises(InputError, match="model"):
        significance("ari", T, P, model="perm2")
    with pytest.raises(InputError, match="n_resamples"):
        significance("ari", T, P, n_resamples=0)
    with pytest.raises(InputError, match="unknown"):
        significance("sil", T, P)


def test_every_index_by_default():
    result = significance(None, T, P, n_resamples=20, seed=0, max_exact_tables=0)
    names = [spec.name for spec in clustval.INDICES.values()
             if spec.kind == "external" and spec.direction != "none"]  # fmt: skip
    assert list(result.p_values) == names
    assert all(1 / 21 <= value <= 1 for value in result.p_values.values())


def test_brute_force_helper_counts_permutations():
    assert len(draws("perm", T, P)) == len(set(itertools.permutations(P))) == 560


def test_identity_matching_reads_the_observed_labels():
    # under perm every draw keeps the observed classes and clusters, so S2's identity matching
    # pairs the same labels as on the observed table: the exact p equals brute force's
    t, p = [5, 5, 5, 7, 7, 9, 9, 9], [9, 7, 7, 7, 9, 9, 11, 11]  # 11: no class
    result = significance("s2", t, p, s2_matching="identity")
    pairs = draws("perm", t, p)
    observed = clustval.s2(t, p, matching="identity")
    hits = sum(clustval.s2(u, q, matching="identity") >= observed - 1e-10 for u, q in pairs)
    assert result.p_values["s2"] == pytest.approx(hits / len(pairs), abs=1e-14)
