"""clustval.significance: exact p-values equal brute-force tests over every labelling the model
draws, Monte Carlo p-values agree with them and are uniform under the null, and the result
is reproducible from its seed."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from scipy import stats

import clustval
from clustval import significance
from clustval.errors import InputError

from .indices.test_chance import draws

T, P = [0, 0, 0, 1, 1, 2, 2, 2], [0, 1, 1, 1, 2, 2, 0, 0]
INDICES = ["ari", "mutual_info", "vi", "s2", "accuracy", "jaccard", "ami"]


def brute_force(indices, t, p, model, fixed="labels_true"):
    """P(index at least as good as observed) over every labelling the model draws (``fixed``:
    the labelling it holds)."""
    pairs = draws(model, t, p) if fixed == "labels_true" else [(u, q) for q, u in draws(model, p, t)]
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


@pytest.mark.parametrize("model", ["perm1", "num1", "all1"])
def test_the_clustering_held_fixed_as_clusim_holds_its_second_argument(model):
    # fixed="labels_pred": the classes drawn, the clustering held; exact and Monte Carlo
    t, p = ([0, 0, 1, 1, 1, 2], [0, 1, 1, 2, 2, 2]) if model == "all1" else (T, P)
    names = ["ari", "mutual_info"] + (["s2", "accuracy"] if model != "all1" else [])  # all1: one block can be drawn
    expected = brute_force(names, t, p, model, fixed="labels_pred")
    exact = significance(names, t, p, model=model, fixed="labels_pred", max_exact_tables=10**6)
    drawn = significance(names, t, p, model=model, fixed="labels_pred", max_exact_tables=0, n_resamples=2000, seed=3)
    assert exact.exact and not drawn.exact
    for name, value in expected.items():
        assert exact.p_values[name] == pytest.approx(value, abs=1e-14), name
        assert abs(drawn.p_values[name] - value) <= 4 * (math.sqrt(value * (1 - value) / 2000) + 1 / 2000), name
    if model == "num1":  # S2 and accuracy read the two sides differently: another law
        assert exact.p_values != significance(names, t, p, model=model, max_exact_tables=10**6).p_values


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


def test_a_generator_seed_draws_from_it():
    drawn = significance("ari", T, P, max_exact_tables=0, n_resamples=50, seed=np.random.default_rng(7))
    assert drawn.seed is None
    assert drawn.p_values == significance("ari", T, P, max_exact_tables=0, n_resamples=50,
                                          seed=np.random.default_rng(7)).p_values  # fmt: skip
    sequence = np.random.SeedSequence(8)
    assert significance("ari", T, P, max_exact_tables=0, n_resamples=50, seed=sequence).seed == sequence.entropy


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


def test_refusals(monkeypatch):
    import clustval._engine.validation as validation

    monkeypatch.setattr(validation, "_physical_memory", lambda: 16.0 * 2**30)  # a 16 GiB machine, whatever this is
    with pytest.raises(InputError, match="better side"):
        significance("mcnemar", T, P)
    with pytest.raises(InputError, match="model"):
        significance("ari", T, P, model="perm2")
    with pytest.raises(InputError, match="n_resamples"):
        significance("ari", T, P, n_resamples=0)
    with pytest.raises(InputError, match=r"n_resamples = 1000000000 needs .* GiB for its draws"):
        significance("ari", T, P, n_resamples=10**9, max_exact_tables=0)
    for given in ("x", -1, 1.5, None, True):
        with pytest.raises(InputError, match="max_exact_tables must be an integer >= 0"):
            significance("ari", T, P, max_exact_tables=given)
    for seed in (-1, 1.5, "1", True):
        with pytest.raises(InputError, match="seed = .*; use None, an integer >= 0 or a numpy Generator"):
            significance("ari", T, P, seed=seed, max_exact_tables=0, n_resamples=9)
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


def _two_by_two(a1: int, b1: int, n11: int, n: int):
    """Labels of the 2x2 table with first row sum a1, first column sum b1 and cell n11."""
    cells = [(0, 0, n11), (0, 1, a1 - n11), (1, 0, b1 - n11), (1, 1, n - a1 - b1 + n11)]
    t = [i for i, _, x in cells for _ in range(x)]
    p = [j for _, j, x in cells for _ in range(x)]
    return t, p


@pytest.mark.parametrize(("n", "a1", "b1", "n11"),
                         [(8, 4, 4, 3), (70, 35, 35, 35), (70, 35, 35, 20), (70, 35, 35, 17), (100, 50, 50, 30),
                          (100, 30, 60, 0), (200, 100, 100, 60), (200, 37, 150, 37)])  # fmt: skip
def test_exact_two_by_two_equals_the_hypergeometric_sum(n, a1, b1, n11):
    """Under perm a 2x2 table is its cell n11, hypergeometric: P(n11 = x) = C(a1, x) C(n - a1,
    b1 - x) / C(n, b1), summed here in Python integers over every x whose table is as good,
    scikit-learn's ARI and MI judging each table. The weights passed int64 from n = 21, and
    their int64 sum made p = -0.033 at n = 70 (the issue's reproducer) or an OverflowError."""
    from sklearn.metrics import adjusted_rand_score, mutual_info_score

    t, p = _two_by_two(a1, b1, n11, n)
    result = significance(["ari", "mutual_info"], t, p)
    assert result.exact
    for name, judge in (("ari", adjusted_rand_score), ("mutual_info", mutual_info_score)):
        observed = judge(t, p)
        hits = 0
        for x in range(max(0, a1 + b1 - n), min(a1, b1) + 1):
            if judge(*_two_by_two(a1, b1, x, n)) >= observed - 1e-10 * max(1.0, abs(observed)):
                hits += math.comb(a1, x) * math.comb(n - a1, b1 - x)
        expected = hits / math.comb(n, b1)
        assert 0 < result.p_values[name] <= 1
        assert result.p_values[name] == pytest.approx(expected, rel=1e-12, abs=0), name


def test_exact_issue_reproducer_is_a_probability_and_matches_monte_carlo():
    t = [0] * 35 + [1] * 35
    p = list(np.random.default_rng(1).permutation(t))
    exact = significance(["ari"], t, p, seed=1)
    draws_ = 4000
    mc = significance(["ari"], t, p, seed=1, max_exact_tables=0, n_resamples=draws_)
    assert exact.exact and not mc.exact and 0 < exact.p_values["ari"] <= 1
    value = exact.p_values["ari"]
    assert abs(mc.p_values["ari"] - value) <= 4 * (math.sqrt(value * (1 - value) / draws_) + 1 / draws_)


@pytest.mark.parametrize("model", ["perm", "num1"])
def test_exact_with_one_class(model):
    """One class: every table is one row. Under perm there is one table (p = 1); under num1 the
    K = 3 cluster sizes are every composition of n = 60 (1,711 tables, weights up to 60! /
    20!^3 ~ 1e26): Jaccard = sum C(b_j, 2) / C(n, 2), and the brute force sums, in Python
    integers, the surjective labellings n! / prod b_j! of the compositions at least as good."""
    n = 60
    t, p = [0] * n, [0] * 30 + [1] * 20 + [2] * 10
    result = significance(["jaccard", "fmi"], t, p, model=model)
    assert result.exact
    if model == "perm":
        assert result.p_values == {"jaccard": 1.0, "fmi": 1.0}
        return
    good = sum(math.comb(b, 2) for b in (30, 20, 10))
    hits = total = 0
    for b1 in range(1, n - 1):
        for b2 in range(1, n - b1):
            b3 = n - b1 - b2
            weight = math.factorial(n) // (math.factorial(b1) * math.factorial(b2) * math.factorial(b3))
            total += weight
            hits += weight if math.comb(b1, 2) + math.comb(b2, 2) + math.comb(b3, 2) >= good else 0
    assert result.n_tables == 1711
    # Fowlkes-Mallows with one class is sqrt(Jaccard): the same order, the same p
    assert result.p_values["jaccard"] == result.p_values["fmi"] == pytest.approx(hits / total, rel=1e-12)


def test_exact_tables_with_empty_cells_and_every_model_are_probabilities():
    """Tables with zero cells (a class missing from a cluster) among the enumerated, and the
    exact p of every enumerable model in (0, 1] against brute force over every labelling."""
    t, p = [0, 0, 0, 0, 1, 1, 2], [0, 0, 1, 1, 1, 1, 1]
    for model in ("perm", "perm1", "num1", "all1"):
        result = significance(["ari", "jaccard"], t, p, model=model, max_exact_tables=10**6)
        assert result.exact, model
        for name, value in brute_force(["ari", "jaccard"], t, p, model).items():
            assert 0 < result.p_values[name] <= 1
            assert result.p_values[name] == pytest.approx(value, abs=1e-14), (model, name)


def test_draws_of_a_table_beyond_memory_are_one_line(monkeypatch):
    """100,000 random labels: a Patefield draw is a dense 63,249 x 63,233 table (30 GiB)."""
    import clustval._engine.validation as validation

    monkeypatch.setattr(validation, "_physical_memory", lambda: 16.0 * 2**30)  # a 16 GiB machine, whatever this is
    rng = np.random.default_rng(0)
    t, p = rng.integers(0, 100_000, 100_000), rng.integers(0, 100_000, 100_000)
    with pytest.raises(InputError, match=r"one draw \(n_resamples\) holds 29.8 GiB, more than this machine's memory"):
        significance("ari", t, p, n_resamples=9, seed=1)
