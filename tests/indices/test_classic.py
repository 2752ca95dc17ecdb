"""Tests of the classic internal validity indices (clustval.indices.classic), on both engines
of the distance pass and in row blocks of any size (the pass itself: tests/engine/test_pairwise.py).

Truth comes from: plain O(n^2) oracles written with loops below, scikit-learn (Silhouette,
Davies-Bouldin), and a 1-D example worked by hand (the layout of Zhou 2016, sec. 9.2, Example 2).
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn import metrics as skm

from clustval._engine.pairwise import (
    _PASS_ARRAYS_PER_BLOCK_ROW,
    exact_distances,
    rows_per_block,
)
from clustval.errors import InputError, UndefinedIndexError
from clustval.indices import classic, partition
from clustval.indices.registry import INDICES, INTERNAL
from clustval.indices.scoring import internal_scores
from tests.cases import random_case

# The indices of clustval.indices.classic, which this file's oracles cover (the families in modules
# of their own, such as clustval.indices.scatter, have their own test files).
NAMES = tuple(name for name in INTERNAL if INDICES[name].function.__module__ == "clustval.indices.classic")
SCORE_FUNCTIONS = {
    "stdi": classic.stdi,
    "db": classic.db,
    "dbi": classic.dbi,
    "xb": classic.xb,
    "igp": classic.igp,
    "sil": classic.sil,
    "sil_sum": classic.sil_sum,
    "bwp": classic.bwp,
    "bwp_sum": classic.bwp_sum,
    "dunn": classic.dunn,
    "calinski_harabasz": classic.calinski_harabasz,
}
ENGINES = [
    "numpy",
    pytest.param(
        "numba",
        marks=pytest.mark.skipif(
            __import__("importlib.util").util.find_spec("numba") is None,
            reason="numba not installed",
        ),
    ),
]


@pytest.fixture(params=ENGINES)
def engine(request, monkeypatch):
    """Run the test once per distance engine."""
    monkeypatch.setenv("CLUSTVAL_ENGINE", request.param)
    return request.param


# ----------------------------------------------------------------------------- oracles
# Deliberately naive: full distance matrix from Python loops, one index per function.


def oracle_distances(X):
    n = len(X)
    return np.array(
        [
            [math.sqrt(sum((X[i, f] - X[j, f]) ** 2 for f in range(X.shape[1]))) for j in range(n)]
            for i in range(n)
        ]
    )


def oracle_groups(labels):
    return [np.flatnonzero(labels == u) for u in np.unique(labels)]


def oracle_norm(v, squared=False):
    s = sum(t * t for t in v)
    return s if squared else math.sqrt(s)


def oracle_stdi(X, labels, squared=False):
    groups = oracle_groups(labels)
    xbar = X.mean(axis=0)
    cents = [X[g].mean(axis=0) for g in groups]
    separation = sum(oracle_norm(c - xbar, squared) for c in cents) / len(groups)
    compactness = sum(
        sum(oracle_norm(X[i] - c, squared) for i in g) / len(g) for g, c in zip(groups, cents)
    )
    if separation == 0:
        return 0.0
    return separation / compactness if compactness > 0 else math.inf


def oracle_db_form(X, labels, spread):
    groups = oracle_groups(labels)
    cents = [X[g].mean(axis=0) for g in groups]
    worst = []
    for k in range(len(groups)):
        ratios = []
        for m in range(len(groups)):
            if m != k:
                dc = oracle_norm(cents[k] - cents[m])
                ratios.append(math.inf if dc == 0 else (spread[k] + spread[m]) / dc)
        worst.append(max(ratios))
    return sum(worst) / len(worst)


def oracle_db(X, labels):
    spread = [
        np.mean([oracle_norm(X[i] - X[g].mean(axis=0)) for i in g]) for g in oracle_groups(labels)
    ]
    return oracle_db_form(X, labels, spread)


def oracle_dbi(X, labels):
    D = oracle_distances(X)
    spread = []
    for g in oracle_groups(labels):
        pairs = [D[i, j] for a, i in enumerate(g) for j in g[a + 1 :]]
        spread.append(2 * sum(pairs) / (len(g) * (len(g) - 1)) if len(g) > 1 else 0.0)
    return oracle_db_form(X, labels, spread)


def oracle_xb(X, labels):
    groups = oracle_groups(labels)
    cents = [X[g].mean(axis=0) for g in groups]
    sse = sum(oracle_norm(X[i] - c, True) for g, c in zip(groups, cents) for i in g)
    closest = min(
        oracle_norm(cents[k] - cents[m], True)
        for k in range(len(groups))
        for m in range(len(groups))
        if k != m
    )
    return math.inf if closest == 0 else sse / (len(X) * closest)


def oracle_xb_closest_pair(X, labels):
    """XB as R's clusterCrit computes it: the separation is the smallest squared distance
    between two objects of different clusters, every pair tried."""
    groups = oracle_groups(labels)
    cents = [X[g].mean(axis=0) for g in groups]
    sse = sum(oracle_norm(X[i] - c, True) for g, c in zip(groups, cents) for i in g)
    closest = min(
        oracle_norm(X[i] - X[j], True)
        for i in range(len(X))
        for j in range(len(X))
        if labels[i] != labels[j]
    )
    return math.inf if closest == 0 else sse / (len(X) * closest)


def oracle_igp(X, labels):
    D = oracle_distances(X)
    n = len(X)
    proportions = []
    for g in oracle_groups(labels):
        hits = Fraction(0)
        for i in g:
            nearest = min(D[i, j] for j in range(n) if j != i)
            tied = [j for j in range(n) if j != i and D[i, j] == nearest]  # every one of a tie
            hits += Fraction(sum(int(labels[j] == labels[i]) for j in tied), len(tied))
        proportions.append(hits / len(g))
    return float(sum(proportions) / len(proportions))


def oracle_a_b(X, labels):
    D = oracle_distances(X)
    groups = oracle_groups(labels)
    out = []
    for i in range(len(X)):
        own = [g for g in groups if i in g][0]
        a = sum(D[i, j] for j in own if j != i) / (len(own) - 1) if len(own) > 1 else 0.0
        b = min(sum(D[i, j] for j in g) / len(g) for g in groups if i not in g)
        out.append((a, b, len(own) > 1))
    return out


def oracle_silhouette_samples(X, labels):
    return np.array(
        [
            (b - a) / max(a, b) if mates and max(a, b) > 0 else 0.0
            for a, b, mates in oracle_a_b(X, labels)
        ]
    )


def oracle_bwp_samples(X, labels):
    return np.array(
        [(b - a) / (b + a) if mates and a + b > 0 else 0.0 for a, b, mates in oracle_a_b(X, labels)]
    )


def oracle_dunn(X, labels):
    D = oracle_distances(X)
    n = len(X)
    between = min(D[i, j] for i in range(n) for j in range(n) if labels[i] != labels[j])
    diameter = max(D[i, j] for i in range(n) for j in range(n) if labels[i] == labels[j])
    if between == 0:
        return 0.0
    return between / diameter if diameter > 0 else math.inf


def oracle_calinski_harabasz(X, labels):
    groups = oracle_groups(labels)
    if len(groups) == len(X):
        return None  # K = n: undefined (n - K = 0 degrees of freedom)
    grand = X.mean(axis=0)
    between = sum(len(g) * oracle_norm(X[g].mean(axis=0) - grand, True) for g in groups)
    within = sum(oracle_norm(X[i] - X[g].mean(axis=0), True) for g in groups for i in g)
    if between == 0:
        return 0.0
    if within == 0:
        return math.inf
    return between / (len(groups) - 1) / (within / (len(X) - len(groups)))


def oracle_scores(X, labels, stdi_squared=False):
    sil, bwp = oracle_silhouette_samples(X, labels), oracle_bwp_samples(X, labels)
    return {
        "stdi": oracle_stdi(X, labels, stdi_squared),
        "db": oracle_db(X, labels),
        "dbi": oracle_dbi(X, labels),
        "xb": oracle_xb(X, labels),
        "igp": oracle_igp(X, labels),
        "sil": sil.mean(),
        "sil_sum": sil.sum(),
        "bwp": bwp.mean(),
        "bwp_sum": bwp.sum(),
        "dunn": oracle_dunn(X, labels),
        "calinski_harabasz": oracle_calinski_harabasz(X, labels),
    }


def assert_scores_close(got, want, rtol=1e-12, atol=1e-12):
    assert list(got) == list(want)
    for name in want:
        if math.isinf(want[name]):
            assert got[name] == want[name], name
        else:
            assert got[name] == pytest.approx(want[name], rel=rtol, abs=atol), name


# ----------------------------------------------------------------------------- data


CASES = [
    (seed, n, k, kind)
    for seed, (n, k) in enumerate([(12, 2), (20, 3), (25, 4), (30, 5), (36, 6), (9, 6)])
    for kind in ("gauss", "grid", "dup")
]


# ----------------------------------------------------------------------------- oracles


@pytest.mark.parametrize("seed,n,k,kind", CASES)
def test_every_index_matches_bruteforce_oracle(engine, seed, n, k, kind):
    X, labels = random_case(seed, n, k, kind=kind)
    assert_scores_close(internal_scores(X, labels, NAMES), oracle_scores(X, labels))
    assert classic.stdi(X, labels, squared=True) == pytest.approx(
        oracle_stdi(X, labels, squared=True), rel=1e-12
    )
    np.testing.assert_allclose(
        classic.silhouette_samples(X, labels),
        oracle_silhouette_samples(X, labels),
        rtol=1e-12,
        atol=1e-12,
    )
    np.testing.assert_allclose(
        classic.bwp_samples(X, labels), oracle_bwp_samples(X, labels), rtol=1e-12, atol=1e-12
    )
    closest_pair = oracle_xb_closest_pair(X, labels)
    assert classic.xb(X, labels, separation="closest_pair") == pytest.approx(closest_pair, rel=1e-12)
    fused = internal_scores(X, labels, ["xb", "dunn"], xb_separation="closest_pair")
    assert fused["xb"] == classic.xb(X, labels, separation="closest_pair")
    assert fused["dunn"] == classic.dunn(X, labels)


def test_singletons_score_zero_and_igp_zero(engine):
    X = np.array([[0.0], [0.1], [0.2], [5.0], [9.0]])
    labels = np.array([0, 0, 0, 1, 2])  # clusters 1 and 2 are singletons
    assert classic.silhouette_samples(X, labels)[3:].tolist() == [0.0, 0.0]
    assert classic.bwp_samples(X, labels)[3:].tolist() == [0.0, 0.0]
    # cluster 0 keeps all its neighbours; the singletons have none in their own cluster
    assert classic.igp(X, labels) == pytest.approx(1 / 3)
    assert_scores_close(internal_scores(X, labels, NAMES), oracle_scores(X, labels))


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_property_oracle_on_integer_data_with_ties(data):
    n = data.draw(st.integers(3, 18))
    k = data.draw(st.integers(2, min(n, 5)))
    d = data.draw(st.integers(1, 3))
    X = np.array(
        data.draw(
            st.lists(st.lists(st.integers(-3, 3), min_size=d, max_size=d), min_size=n, max_size=n)
        ),
        dtype=float,
    )
    labels = np.array(
        data.draw(
            st.permutations(
                list(range(k))
                + data.draw(st.lists(st.integers(0, k - 1), min_size=n - k, max_size=n - k))
            )
        )
    )
    budget = data.draw(st.sampled_from([1e-9, 1e-4, 256]))
    want = oracle_scores(X, labels)
    # Distance-only indices: exact, so ties and duplicates must come out exactly as in the
    # oracle. (Centroid-based ones are left to the deterministic cases: whether two centroids
    # like 1/3 and 4/3 - 1 coincide depends on rounding, in the oracle too.)
    names = ["igp", "sil", "sil_sum", "bwp", "bwp_sum", "dunn"]
    names = [m for m in names if not (k == n and m.startswith(("sil", "bwp")))]
    got = internal_scores(X, labels, names, memory_budget_mb=budget)
    assert_scores_close(got, {m: want[m] for m in names})


# ----------------------------------------------------------------------------- scikit-learn


@pytest.mark.parametrize("seed", range(6))
def test_silhouette_and_davies_bouldin_equal_sklearn(engine, seed):
    rng = np.random.default_rng(100 + seed)
    n, k = int(rng.integers(50, 400)), int(rng.integers(2, 9))
    centers = rng.normal(scale=4, size=(k, 4))
    labels = rng.integers(0, k, n)
    X = centers[labels] + rng.normal(size=(n, 4))
    labels[0] = k  # one singleton cluster
    budget = float(rng.choice([0.01, 256]))
    np.testing.assert_allclose(
        classic.silhouette_samples(X, labels, memory_budget_mb=budget),
        skm.silhouette_samples(X, labels),
        rtol=1e-12,
        atol=1e-12,
    )
    assert classic.sil(X, labels) == pytest.approx(
        skm.silhouette_score(X, labels), rel=1e-12, abs=1e-12
    )
    assert classic.db(X, labels) == pytest.approx(
        skm.davies_bouldin_score(X, labels), rel=1e-12
    )


# ----------------------------------------------------------------------------- hand-worked

# Zhou (2016, sec. 9.2), Example 2 layout with numbers: 1-D points, C1 = {x1,x2,x3}, C2 = {x4,x5},
# C3 = {x6,x7}.
#   x = 0 1 2 | 6 10 | 14 16;  centroids c = 1, 8, 15;  xbar = 49/7 = 7.
#   STDI: separation (|1-7| + |8-7| + |15-7|)/3 = 15/3 = 5;
#         compactness (1+0+1)/3 + (2+2)/2 + (1+1)/2 = 2/3 + 2 + 1 = 11/3;  STDI = 15/11.
#   STDI squared: (36+1+64)/3 = 101/3 over 2/3 + 4 + 1 = 17/3;  = 101/17.
#   XB: SSE = 2 + 8 + 2 = 12; min |c_k - c_l| = 7;  XB = 12 / (7 * 49) = 12/343.
#   DB: S = 2/3, 2, 1; d(c1,c2) = 7, d(c2,c3) = 7, d(c1,c3) = 14;
#       R12 = (8/3)/7 = 8/21, R23 = 3/7 = 9/21, R13 = (5/3)/14 = 5/42;
#       DB = (8/21 + 9/21 + 9/21)/3 = 26/63.
#   DBI: avg = (1+2+1)/3 = 4/3, 4, 2;  R12 = 16/21, R23 = 18/21, R13 = 5/21;
#       DBI = (16 + 18 + 18)/63 = 52/63.
#   Dunn: diam = 2, 4, 2; d_min(C1,C2) = 6-2 = 4, d_min(C2,C3) = 14-10 = 4, d_min(C1,C3) = 12;
#       Dunn = 4/4 = 1.
#   IGP: C1 all in-group (x2's tie 0/2 is inside C1) -> 1. x4 = 6 is at 4 from x3 = 2 (C1)
#       and from x5 = 10 (C2): half in. x5 = 10 is at 4 from x4 (C2) and x6 = 14 (C3): half
#       in. C2 -> 1/2. C3 -> 1. IGP = (1 + 1/2 + 1)/3 = 5/6.
#   Silhouette of x4: a = 4, b = min((6+5+4)/3, (8+10)/2) = 5, s = 1/5; BWP = 1/9.
HAND_X = np.array([0.0, 1.0, 2.0, 6.0, 10.0, 14.0, 16.0])
HAND_LABELS = np.array([0, 0, 0, 1, 1, 2, 2])


def test_hand_worked_example(engine):
    X, y = HAND_X, HAND_LABELS
    assert classic.stdi(X, y) == pytest.approx(15 / 11, rel=1e-14)
    assert classic.stdi(X, y, squared=True) == pytest.approx(101 / 17, rel=1e-14)
    assert classic.xb(X, y) == pytest.approx(12 / 343, rel=1e-14)
    # closest pair of different clusters: 2-6 and 10-14, both 4 apart: 12 / (7 * 16)
    assert classic.xb(X, y, separation="closest_pair") == pytest.approx(3 / 28, rel=1e-14)
    assert classic.db(X, y) == pytest.approx(26 / 63, rel=1e-14)
    assert classic.dbi(X, y) == pytest.approx(52 / 63, rel=1e-14)
    assert classic.dunn(X, y) == pytest.approx(1.0, rel=1e-14)
    assert classic.igp(X, y) == pytest.approx(5 / 6, rel=1e-14)
    assert classic.silhouette_samples(X, y)[3] == pytest.approx(1 / 5, rel=1e-14)
    assert classic.bwp_samples(X, y)[3] == pytest.approx(1 / 9, rel=1e-14)


def test_igp_ties_count_a_share_whatever_the_row_order(engine):
    # The hand example's points in every row order that moves the tied ones. x4 = 6 ties
    # 2 (C1) and 10 (C2), x5 = 10 ties 6 (C2) and 14 (C3): each counts 1/2, in every order
    # (the "earlier row wins" rule gave 5/6 or 1 as the rows fell).
    for order in ([0, 1, 2, 4, 3, 5, 6], [0, 1, 4, 3, 2, 5, 6], [6, 5, 4, 3, 2, 1, 0]):
        assert classic.igp(HAND_X[order], HAND_LABELS[order]) == 5 / 6
    # 1 ties 0 (own) and 2 (other): (1 + 1/2) / 2 and (0 + 1) / 2
    assert classic.igp([[0.0], [1.0], [2.0], [10.0]], [0, 0, 1, 1]) == 0.625


# ----------------------------------------------------------------------------- exactness


def test_distances_are_exact_far_from_the_origin(engine):
    # Points 2^26 + k/1024: every coordinate and difference is exact in float64, so the
    # direct formula gives the same distances (and ties) as the data shifted to 0. The Gram
    # shortcut |x|^2 + |y|^2 - 2xy would lose all ~1e-3 distances here (|x|^2 ~ 4.5e15).
    rng = np.random.default_rng(7)
    offsets = rng.integers(0, 64, size=(40, 2)) / 1024
    labels = rng.integers(0, 3, 40)
    labels[:3] = [0, 1, 2]
    far = internal_scores(offsets + 2.0**26, labels)
    near = internal_scores(offsets, labels)
    assert far["igp"] == near["igp"] and far["dunn"] == near["dunn"]
    # centroid terms too: they are computed on shifted data, not as means of ~2^26 values
    assert_scores_close(far, near, rtol=1e-12)


# ----------------------------------------------------------------------------- chunking


@pytest.mark.parametrize("budget", [1e-9, 2e-4, 1e-3, 0.05])
def test_chunking_does_not_change_results(engine, budget):
    X, labels = random_case(11, 90, 4, kind="dup")
    n = len(X)
    assert rows_per_block(n, 1e-9) == 1
    assert 1 <= rows_per_block(n, budget) < n or budget == 0.05
    one_block = internal_scores(X, labels, memory_budget_mb=1024)
    chunked = internal_scores(X, labels, memory_budget_mb=budget)
    assert_scores_close(chunked, one_block, rtol=1e-14, atol=1e-14)
    assert chunked["igp"] == one_block["igp"] and chunked["dunn"] == one_block["dunn"]
    np.testing.assert_allclose(
        classic.silhouette_samples(X, labels, memory_budget_mb=budget),
        classic.silhouette_samples(X, labels),
        rtol=1e-14,
        atol=1e-15,
    )


# ----------------------------------------------------------------------------- API


@pytest.mark.parametrize(
    "names",
    [["sil"], ["dunn", "igp"], ["stdi", "db", "xb"], ["bwp_sum", "dbi", "sil"], list(NAMES)],
)
def test_internal_scores_subsets_equal_individual_functions(names):
    X, labels = random_case(5, 60, 4)
    got = internal_scores(X, labels, names)
    assert list(got) == [m for m in NAMES if m in names]  # canonical order
    for name in names:
        assert got[name] == SCORE_FUNCTIONS[name](X, labels), name


def test_internal_scores_defaults_and_stdi_option():
    X, labels = random_case(6, 40, 3)
    assert list(internal_scores(X, labels)) == list(INTERNAL)  # every registered index
    assert internal_scores(X, labels, ["stdi"], stdi_squared=True)["stdi"] == classic.stdi(
        X, labels, squared=True
    )
    assert internal_scores(X, labels, "dunn") == {"dunn": classic.dunn(X, labels)}


def test_xb_separation_option_default_and_errors(monkeypatch):
    X, labels = random_case(7, 45, 4)
    default = classic.xb(X, labels)
    # the default is the centroid form, bit for bit, alone and in the fused pass
    assert default == classic.xb(X, labels, separation="centroids")
    assert default == pytest.approx(oracle_xb(X, labels), rel=1e-12)
    assert internal_scores(X, labels)["xb"] == default
    assert internal_scores(X, labels, ["xb"], xb_separation="centroids")["xb"] == default
    # the centroid form computes no pairwise distance at all
    monkeypatch.setattr(partition, "cluster_distance_stats", lambda *a, **k: pytest.fail("distance pass"))
    assert internal_scores(X, labels, ["xb", "stdi", "db"])["xb"] == default
    with pytest.raises(InputError, match="xb_separation = 'medoids'; use one of 'centroids', 'closest_pair'"):
        classic.xb(X, labels, separation="medoids")
    with pytest.raises(InputError, match="xb_separation"):
        internal_scores(X, labels, xb_separation="nearest")


def test_closest_pair_and_centroid_separations_differ_both_ways():
    # touching clusters {0, 1} and {3, 5}: centroids 0.5 and 4 (3.5 apart), closest pair 1-3
    # (2 apart); WGSS = 0.25 + 0.25 + 1 + 1 = 2.5, n = 4
    X, y = np.array([[0.0], [1.0], [3.0], [5.0]]), [0, 0, 1, 1]
    assert classic.xb(X, y) == pytest.approx(2.5 / (4 * 3.5**2), rel=1e-14)
    assert classic.xb(X, y, separation="closest_pair") == pytest.approx(2.5 / (4 * 2.0**2), rel=1e-14)
    # nested: {(-1, 0), (1, 0)} around (0, 0.1): centroids 0.1 apart, closest pair sqrt(1.01)
    X, y = np.array([[-1.0, 0.0], [1.0, 0.0], [0.0, 0.1]]), [0, 0, 1]
    assert classic.xb(X, y) == pytest.approx(2 / (3 * 0.01), rel=1e-12)
    assert classic.xb(X, y, separation="closest_pair") == pytest.approx(2 / (3 * 1.01), rel=1e-12)


def test_closest_pair_xb_is_inf_when_clusters_share_a_point():
    X = np.array([[0.0, 0.0], [1.0, 0.0], [1.0, 0.0], [3.0, 0.0]])
    assert classic.xb(X, [0, 0, 1, 1], separation="closest_pair") == math.inf


def test_sums_are_n_times_means():
    X, labels = random_case(8, 50, 3)
    s = internal_scores(X, labels)
    assert s["sil_sum"] == pytest.approx(50 * s["sil"], rel=1e-14)
    assert s["bwp_sum"] == pytest.approx(50 * s["bwp"], rel=1e-14)


# ----------------------------------------------------------------------------- bad input


def test_every_object_alone():
    # the indices defined at K = n against the oracle (the others are undefined, as their
    # entries say: tests/indices/test_common.py), and no silhouette or BWP of any object
    X = np.array([[0.0, 0.0], [1.0, 0.0], [0.0, 3.0], [4.0, 4.0]])
    labels = np.arange(4)
    want = oracle_scores(X, labels)
    for name in NAMES:
        if "singletons" not in INDICES[name].undefined_for:
            assert SCORE_FUNCTIONS[name](X, labels) == want[name], name
    for samples in (classic.silhouette_samples, classic.bwp_samples):
        with pytest.raises(UndefinedIndexError, match="K = n"):
            samples(X, labels)


@pytest.mark.parametrize("bad", [np.nan, np.inf, -np.inf])
def test_non_finite_data_is_rejected(bad):
    X = np.ones((6, 2))
    X[3, 1] = bad
    for name in NAMES:
        with pytest.raises(InputError, match="NaN or inf"):
            SCORE_FUNCTIONS[name](X, [0, 0, 0, 1, 1, 1])


def test_shape_errors():
    with pytest.raises(InputError, match="rows but labels"):
        classic.sil(np.ones((5, 2)), [0, 1, 0, 1])
    with pytest.raises(InputError, match="2-D"):
        classic.dunn(np.ones((4, 2, 2)), [0, 1, 0, 1])
    with pytest.raises(InputError, match="unknown internal index"):
        internal_scores(np.ones((4, 2)), [0, 1, 0, 1], ["sil", "silhouet"])
    with pytest.raises(InputError, match="memory_budget_mb"):
        classic.igp(np.ones((4, 2)), [0, 1, 0, 1], memory_budget_mb=0)
    with pytest.raises(InputError, match="memory_budget_mb"):
        internal_scores(np.ones((4, 2)), [0, 1, 0, 1], memory_budget_mb=float("nan"))


def test_unknown_engine_is_rejected(monkeypatch):
    monkeypatch.setenv("CLUSTVAL_ENGINE", "gpu")
    with pytest.raises(InputError, match="CLUSTVAL_ENGINE"):
        classic.dunn(np.arange(8.0).reshape(4, 2), [0, 1, 0, 1])


# ----------------------------------------------------------------------------- degenerate


def test_coincident_centroids_give_inf_for_centroid_ratios(engine):
    # clusters {-1, 1} and {-2, 2} share the centroid 0
    X = np.array([-1.0, 1.0, -2.0, 2.0, 10.0, 11.0])
    labels = np.array([0, 0, 1, 1, 2, 2])
    s = internal_scores(X, labels, NAMES)
    assert s["db"] == s["dbi"] == s["xb"] == math.inf
    assert s["dunn"] == pytest.approx(1 / 4)  # d_min 1 (between -1 and -2) over diam 4


def test_zero_spread_and_zero_separation(engine):
    X = np.array([[0.0], [0.0], [3.0], [3.0]])
    compact = np.array([0, 0, 1, 1])  # each cluster one repeated point
    s = internal_scores(X, compact, NAMES)
    assert s["dunn"] == math.inf and s["stdi"] == math.inf and s["calinski_harabasz"] == math.inf
    assert s["db"] == s["dbi"] == s["xb"] == 0.0
    assert s["sil"] == s["bwp"] == 1.0 and s["igp"] == 1.0
    # a naive mean of 0.1 (or 0.7) repeated 6 times is off by an ulp: a spread of ~1e-17
    repeated = np.repeat([[0.0], [0.1], [0.7]], 6, axis=0)
    s = internal_scores(repeated, np.repeat([0, 1, 2], 6), NAMES)
    assert s["stdi"] == s["dunn"] == math.inf and s["db"] == s["dbi"] == s["xb"] == 0.0
    mixed = np.array([0, 1, 0, 1])  # both clusters {0, 3}: same centroid, shared points
    s = internal_scores(X, mixed, NAMES)
    assert s["dunn"] == 0.0 and s["stdi"] == 0.0 and s["calinski_harabasz"] == 0.0
    assert s["db"] == s["dbi"] == s["xb"] == math.inf
    assert not any(math.isnan(v) for v in s.values())


# ----------------------------------------------------------------------------- invariances

SCALE_FREE = NAMES  # every internal index here is a ratio of like-scaled terms


def test_translation_scale_and_the_samples_order(engine):
    # (label names and the objects' order, for every index: tests/indices/test_common.py)
    X, labels = random_case(21, 70, 4, d=3)  # continuous data: no nearest-neighbour ties
    base = internal_scores(X, labels, NAMES)
    perm = np.random.default_rng(1).permutation(len(X))
    assert_scores_close(internal_scores(X + [3.0, -7.0, 100.0], labels, NAMES), base, rtol=1e-10)
    assert_scores_close(
        internal_scores(2.5 * X, labels, NAMES), {m: base[m] for m in SCALE_FREE}, rtol=1e-12
    )
    np.testing.assert_allclose(
        classic.silhouette_samples(X[perm], labels[perm]),
        classic.silhouette_samples(X, labels)[perm],
        rtol=1e-12,
        atol=1e-14,
    )
    assert classic.stdi(2.5 * X, labels, squared=True) == pytest.approx(
        classic.stdi(X, labels, squared=True), rel=1e-12
    )


# ----------------------------------------------------------------------------- one order of sums
# The work threshold of clustval._engine.compiled picks the engine, so no value may depend on it:
# the numpy engine adds the per-cluster sums in the numba engine's order (tiles, lanes, parts).
ENGINE_CASES = [
    # (seed, n, d, K, kind): one tile per cluster, clusters of several tiles (several parts
    # per sum), a cluster just over a tile, singletons, one feature, d > 8
    (0, 40, 2, 3, "gauss"),
    (1, 300, 6, 5, "dup"),
    (2, 250, 8, 10, "grid"),
    (3, 1300, 3, 2, "gauss"),
    (4, 1300, 1, 2, "grid"),
    (5, 1100, 13, 3, "dup"),
    (6, 700, 4, 40, "grid"),
    (7, 2100, 5, 4, "dup"),
]


def _engine_case(seed, n, d, k, kind):
    X, labels = random_case(seed, n, k, d=d, kind=kind)
    if kind == "grid":
        X *= 0.25  # a lattice of exact binary fractions: many exactly tied distances and sums
    return X, labels


def _small_blocks_budget(n: int) -> float:
    """A budget that cuts the pass into blocks of one row (n < 1000) or of 7 rows: an odd
    number, so the block boundaries fall at every offset of a tile's lanes (the numpy
    engine took 2-6 s a case in one-row blocks of the multi-tile cases)."""
    rows = 1 if n < 1000 else 7
    budget = rows * _PASS_ARRAYS_PER_BLOCK_ROW * 8 * n / 2**20
    assert rows_per_block(n, budget, _PASS_ARRAYS_PER_BLOCK_ROW) == rows
    return budget


@pytest.mark.parametrize("case", ENGINE_CASES, ids=lambda c: f"n{c[1]}-d{c[2]}-K{c[3]}-{c[4]}")
def test_every_internal_index_is_bit_identical_in_both_engines(case, monkeypatch):
    pytest.importorskip("numba")
    X, labels = _engine_case(*case)
    got = {}
    for engine in ("numpy", "numba"):
        monkeypatch.setenv("CLUSTVAL_ENGINE", engine)
        got[engine] = internal_scores(X, labels, list(NAMES))
        got[engine, "samples"] = (classic.silhouette_samples(X, labels), classic.bwp_samples(X, labels))
        got[engine, "small blocks"] = internal_scores(X, labels, list(NAMES), memory_budget_mb=_small_blocks_budget(len(X)))
    assert list(got["numpy"]) == list(NAMES)
    assert got["numpy"] == got["numba"] == got["numpy", "small blocks"] == got["numba", "small blocks"]
    for a, b in zip(got["numpy", "samples"], got["numba", "samples"], strict=True):
        np.testing.assert_array_equal(a, b)
    # one index alone takes the same pass
    for name in NAMES:
        assert SCORE_FUNCTIONS[name](X, labels) == got["numba"][name], name


@pytest.mark.parametrize("case", ENGINE_CASES, ids=lambda c: f"n{c[1]}-d{c[2]}-K{c[3]}-{c[4]}")
def test_precomputed_distances_give_the_same_bits_as_the_coordinates(case, monkeypatch):
    # metric="precomputed" always takes the numpy engine's reductions; on the matrix of
    # exact_distances they give the values of both engines on the coordinates, bit for bit
    X, labels = _engine_case(*case)
    D = exact_distances(X, X)
    distance_based = [name for name in NAMES if "metric" in SCORE_FUNCTIONS[name].__code__.co_varnames]
    assert distance_based == ["igp", "sil", "sil_sum", "bwp", "bwp_sum", "dunn"]
    engines = ["numpy"] + (["numba"] if __import__("importlib.util").util.find_spec("numba") else [])
    from_matrix = {name: SCORE_FUNCTIONS[name](D, labels, metric="precomputed") for name in distance_based}
    for engine in engines:
        monkeypatch.setenv("CLUSTVAL_ENGINE", engine)
        assert internal_scores(X, labels, distance_based) == from_matrix, engine

