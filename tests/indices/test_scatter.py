"""clustval.indices.scatter, clusterCrit's criteria from coordinates only, against hand loops.

The oracle builds W_k, WG, BG and T object by object in exact rational arithmetic
(``fractions.Fraction`` holds every float exactly), so every index that is rational in the data
is known exactly up to its final log or square root; the indices built on Euclidean distances
(PBM, Wemmert-Gancarski, SD, S_Dbw) are plain float loops over the objects and clusters. T is
summed on its own, around the grand mean, not taken as WG + BG.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import clustval
from clustval.errors import InputError, UndefinedIndexError
from clustval.indices import scatter as S
from clustval.indices.partition import COORDINATES, Partition
from clustval.indices.registry import INDICES, K_RULES, IndexSpec, get_index
from clustval.indices.scoring import internal_scores

NAMES = tuple(name for name, spec in INDICES.items() if spec.function.__module__ == "clustval.indices.scatter")

# ----------------------------------------------------------------------------- the oracle


def _groups(labels):
    groups = {}
    for i, label in enumerate(labels):
        groups.setdefault(label, []).append(i)
    return [groups[label] for label in sorted(groups)]


def _mean(rows):
    return [sum(column, Fraction(0)) / len(rows) for column in zip(*rows)]


def _scatter(rows, centre):
    """sum over rows of (x - centre)(x - centre)^T, entry by entry."""
    p = len(centre)
    return [[sum(((x[a] - centre[a]) * (x[b] - centre[b]) for x in rows), Fraction(0))
             for b in range(p)] for a in range(p)]  # fmt: skip


def _add(A, B):
    return [[a + b for a, b in zip(ra, rb)] for ra, rb in zip(A, B)]


def _det(M):
    """Determinant by Gaussian elimination on Fractions (exact)."""
    M = [row[:] for row in M]
    p, det = len(M), Fraction(1)
    for c in range(p):
        pivot = next((r for r in range(c, p) if M[r][c] != 0), None)
        if pivot is None:
            return Fraction(0)
        if pivot != c:
            M[c], M[pivot] = M[pivot], M[c]
            det = -det
        det *= M[c][c]
        for r in range(c + 1, p):
            factor = M[r][c] / M[c][c]
            M[r] = [a - factor * b for a, b in zip(M[r], M[c])]
    return det


def _trace_solve(W, B):
    """tr(W^-1 B) by Gauss-Jordan on [W | B] (W non-singular)."""
    p = len(W)
    A = [W[r][:] + B[r][:] for r in range(p)]
    for c in range(p):
        pivot = next(r for r in range(c, p) if A[r][c] != 0)
        A[c], A[pivot] = A[pivot], A[c]
        A[c] = [a / A[c][c] for a in A[c]]
        for r in range(p):
            if r != c and A[r][c] != 0:
                A[r] = [a - A[r][c] * b for a, b in zip(A[r], A[c])]
    return sum(A[j][p + j] for j in range(p))


def _dist(a, b):
    """Euclidean distance of two rows of Fractions: the squares summed exactly, one rounding."""
    return math.sqrt(sum((x - y) ** 2 for x, y in zip(a, b)))


def oracle(X, labels):
    """Every index of clustval.indices.scatter by hand: {name: value, or None where undefined}."""
    rows = [[Fraction(float(v)) for v in x] for x in np.asarray(X, dtype=float)]
    groups = _groups(list(labels))
    n, K, p = len(rows), len(groups), len(rows[0])
    members = [[rows[i] for i in g] for g in groups]
    sizes = [len(g) for g in groups]
    centres = [_mean(m) for m in members]
    grand = _mean(rows)
    W_k = [_scatter(m, c) for m, c in zip(members, centres)]
    WG = W_k[0]
    for W in W_k[1:]:
        WG = _add(WG, W)
    BG = [[sum((nk * (c[a] - grand[a]) * (c[b] - grand[b]) for nk, c in zip(sizes, centres)), Fraction(0))
           for b in range(p)] for a in range(p)]  # fmt: skip
    T = _scatter(rows, grand)
    wgss_k = [sum(W[j][j] for j in range(p)) for W in W_k]
    wgss, bgss = sum(wgss_k), sum(BG[j][j] for j in range(p))
    det_w, det_t = _det(WG), _det(T)
    out = {}
    out["ball_hall"] = float(sum(w / nk for w, nk in zip(wgss_k, sizes)) / K)
    out["banfeld_raftery"] = (
        None if any(w == 0 for w in wgss_k)
        else math.fsum(nk * math.log(w / nk) for w, nk in zip(wgss_k, sizes))
    )  # fmt: skip
    out["det_ratio"] = None if det_w == 0 else float(det_t / det_w)
    out["ksq_detw"] = float(K * K * det_w)
    out["log_det_ratio"] = None if det_w == 0 else n * math.log(det_t / det_w)
    if wgss == 0 and bgss == 0:
        out["log_ss_ratio"] = None
    elif wgss == 0 or bgss == 0:
        out["log_ss_ratio"] = math.inf if wgss == 0 else -math.inf
    else:
        out["log_ss_ratio"] = math.log(bgss / wgss)
    centre_d = [[_dist(a, b) for b in centres] for a in centres]
    largest = max(max(r) for r in centre_d)
    e_w = math.fsum(_dist(x, c) for m, c in zip(members, centres) for x in m)
    e_t = math.fsum(_dist(x, grand) for x in rows)
    out["pbm"] = 0.0 if largest == 0 else math.inf if e_w == 0 else (e_t * largest / (K * e_w)) ** 2
    out["ratkowsky_lance"] = (
        None if any(T[j][j] == 0 for j in range(p))
        else math.sqrt(float(sum(BG[j][j] / T[j][j] for j in range(p)) / p / K))
    )  # fmt: skip
    closest2 = min(sum((a - b) ** 2 for a, b in zip(centres[k], centres[l]))
                   for k in range(K) for l in range(K) if k != l)  # fmt: skip
    out["ray_turi"] = math.inf if closest2 == 0 else float(wgss / n / closest2)
    dets = [_det([[v / nk for v in row] for row in W]) for W, nk in zip(W_k, sizes)]
    out["scott_symons"] = (
        None if any(d == 0 for d in dets) else math.fsum(nk * math.log(d) for d, nk in zip(dets, sizes))
    )
    out["trace_w"] = float(wgss)
    out["trace_wib"] = None if det_w == 0 else float(_trace_solve(WG, BG))
    total = 0.0
    for k, m in enumerate(members):
        ratios = []
        for x in m:
            own = _dist(x, centres[k])
            other = min(_dist(x, centres[l]) for l in range(K) if l != k)
            ratios.append(own / other if other > 0 else 1.0 if own == 0 else math.inf)
        total += max(0.0, len(m) - math.fsum(ratios))
    out["wemmert_gancarski"] = total / n
    var_norm = [math.sqrt(sum(float(W[j][j] / nk) ** 2 for j in range(p))) for W, nk in zip(W_k, sizes)]
    all_norm = math.sqrt(sum(float(T[j][j] / n) ** 2 for j in range(p)))
    scat = None if all_norm == 0 else math.fsum(var_norm) / K / all_norm
    out["sd_scat"] = scat
    smallest = min(centre_d[k][l] for k in range(K) for l in range(K) if k != l)
    out["sd_dis"] = (
        math.inf if smallest == 0
        else largest / smallest * math.fsum(1 / math.fsum(centre_d[k][l] for l in range(K) if l != k)
                                            for k in range(K))
    )  # fmt: skip
    if scat is None:
        out["s_dbw"] = None
    else:
        radius = math.sqrt(math.fsum(var_norm)) / K
        ratios = []
        for k in range(K):
            for l in range(k + 1, K):
                both = members[k] + members[l]
                middle = [(a + b) / 2 for a, b in zip(centres[k], centres[l])]
                near = [sum(_dist(x, u) < radius for x in both) for u in (centres[k], centres[l], middle)]
                top = max(near[0], near[1])
                ratios.append(near[2] / top if top else 0.0 if near[2] == 0 else math.inf)
        out["s_dbw"] = scat + math.fsum(ratios) / len(ratios)
    return out


def assert_matches_oracle(X, labels, rel=1e-9, names=NAMES):
    want = oracle(X, labels)
    for name in names:
        if want[name] is None:
            with pytest.raises(UndefinedIndexError):
                getattr(clustval, name)(X, labels)
        else:
            got = getattr(clustval, name)(X, labels)
            assert got == pytest.approx(want[name], rel=rel, abs=1e-12), name


def random_case(seed, n, k, d, kind="gauss"):
    rng = np.random.default_rng(seed)
    labels = rng.permutation(np.concatenate([np.arange(k), rng.integers(0, k, n - k)]))
    if kind == "grid":
        return rng.integers(-2, 3, size=(n, d)).astype(float), labels
    return rng.normal(size=(n, d)) + 1.5 * labels[:, None], labels


CASES = [(0, 12, 2, 2), (1, 20, 3, 3), (2, 30, 4, 2), (3, 40, 5, 4), (4, 7, 3, 4), (5, 9, 6, 1),
         (6, 16, 3, 5), (7, 25, 2, 1)]  # fmt: skip


# ----------------------------------------------------------------------------- against the oracle


@pytest.mark.parametrize(("seed", "n", "k", "d"), CASES)
def test_every_index_matches_the_hand_loop(seed, n, k, d):
    X, labels = random_case(seed, n, k, d)
    assert_matches_oracle(X, labels)


@pytest.mark.parametrize(("seed", "n", "k", "d"), CASES)
def test_integer_data_with_ties(seed, n, k, d):
    X, labels = random_case(seed, n, k, d, kind="grid")
    # S_Dbw's counts compare sqrt(rational) distances with an irrational radius: on a lattice
    # an exact tie is possible, and its side then hangs on rounding (in the oracle too)
    assert_matches_oracle(X, labels, names=[m for m in NAMES if m != "s_dbw"])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_property_rational_indices_exact_on_small_integers(data):
    n = data.draw(st.integers(3, 14))
    k = data.draw(st.integers(2, min(n, 4)))
    d = data.draw(st.integers(1, 3))
    X = np.array(data.draw(st.lists(st.lists(st.integers(-4, 4), min_size=d, max_size=d),
                                    min_size=n, max_size=n)), dtype=float)  # fmt: skip
    rest = data.draw(st.lists(st.integers(0, k - 1), min_size=n - k, max_size=n - k))
    labels = np.array(data.draw(st.permutations(list(range(k)) + rest)))
    rational = ["ball_hall", "det_ratio", "ksq_detw", "ray_turi", "trace_w", "trace_wib",
                "banfeld_raftery", "log_det_ratio", "log_ss_ratio", "scott_symons"]  # fmt: skip
    # Whether two centroids such as 1/3 and 4/3 - 1 coincide (Ray-Turi's inf), or every
    # centroid is xbar (Log_SS_Ratio's -inf), depends on rounding in floats: those limits
    # are tested on exact centroids below.
    rows = [[Fraction(v) for v in x] for x in X]
    centres = [tuple(_mean([rows[i] for i in g])) for g in _groups(list(labels))]
    if len(set(centres)) < len(centres):
        rational.remove("ray_turi")
    if len(set(centres)) == 1:
        rational.remove("log_ss_ratio")
    assert_matches_oracle(X, labels, names=rational)


def test_within_scatter_is_the_sum_of_outer_products():
    X, labels = random_case(8, 30, 4, 3)
    p = Partition(X, labels, needs={COORDINATES})
    for k, g in enumerate(_groups(list(labels))):
        rows = [[Fraction(float(v)) for v in X[i]] for i in g]
        want = np.array(_scatter(rows, _mean(rows)), dtype=float)
        np.testing.assert_allclose(p.within_scatter[k], want, rtol=1e-12, atol=1e-12)


def test_hand_worked_one_dimensional_example():
    # {0, 2} and {10, 11, 12}: centroids 1 and 11, xbar 7; WGSS_k = 2 and 2, WG = 4,
    # BG = 2 * 36 + 3 * 16 = 120, T = 124; E_T = 7 + 5 + 3 + 4 + 5 = 24, E_W = 4, D_B = 10
    X, y = [[0.0], [2.0], [10.0], [11.0], [12.0]], [0, 0, 1, 1, 1]
    assert S.ball_hall(X, y) == pytest.approx((2 / 2 + 2 / 3) / 2, rel=1e-15)
    assert S.banfeld_raftery(X, y) == pytest.approx(2 * math.log(1) + 3 * math.log(2 / 3), rel=1e-15)
    assert S.det_ratio(X, y) == pytest.approx(124 / 4, rel=1e-14)
    assert S.ksq_detw(X, y) == pytest.approx(2**2 * 4, rel=1e-14)
    assert S.log_det_ratio(X, y) == pytest.approx(5 * math.log(31), rel=1e-14)
    assert S.log_ss_ratio(X, y) == pytest.approx(math.log(120 / 4), rel=1e-15)
    assert S.pbm(X, y) == pytest.approx((24 * 10 / (2 * 4)) ** 2, rel=1e-15)
    assert S.ratkowsky_lance(X, y) == pytest.approx(math.sqrt(120 / 124 / 2), rel=1e-15)
    assert S.ray_turi(X, y) == pytest.approx(4 / 5 / 100, rel=1e-15)
    assert S.scott_symons(X, y) == pytest.approx(S.banfeld_raftery(X, y), rel=1e-14)  # p = 1
    assert S.trace_w(X, y) == 4.0
    assert S.trace_wib(X, y) == pytest.approx(120 / 4, rel=1e-14)
    # R = 1/11, 1/9 in {0, 2}; 1/9, 0, 1/11 in {10, 11, 12}
    assert S.wemmert_gancarski(X, y) == pytest.approx((2 - 1 / 11 - 1 / 9 + 3 - 1 / 9 - 1 / 11) / 5, rel=1e-15)
    assert S.sd_scat(X, y) == pytest.approx((1 + 2 / 3) / 2 / (124 / 5), rel=1e-15)
    assert S.sd_dis(X, y) == pytest.approx(10 / 10 * (1 / 10 + 1 / 10), rel=1e-15)
    # radius sqrt(1 + 2/3) / 2 = 0.65: c = 1 has no member that close, c = 11 one, the
    # midpoint 6 none: density ratio 0
    assert S.s_dbw(X, y) == S.sd_scat(X, y)


def test_s_dbw_density_between_clusters_by_hand():
    # {0, 1, 2} and {3, 4, 5}: variances 2/3 each, radius sqrt(4/3) / 2 = 0.577; one member
    # near each centroid (1 and 4), two near the midpoint 2.5 (2 and 3): ratio 2 / 1.
    # SD_Scat = (2/3) / var(0..5) = (2/3) / (35/12) = 8/35.
    X, y = np.arange(6.0)[:, None], [0, 0, 0, 1, 1, 1]
    assert S.sd_scat(X, y) == pytest.approx(8 / 35, rel=1e-15)
    assert S.s_dbw(X, y) == pytest.approx(8 / 35 + 2, rel=1e-15)


def test_s_dbw_counts_strictly_within_the_radius():
    # {0, 4} and {8}: variances 4 and 0, radius sqrt(4) / 2 = 1 exactly; the midpoint of the
    # centroids 2 and 8 is 5, and member 4 is exactly 1 from it: clusterCrit counts
    # d < radius, so the midpoint is empty (with d <= radius the ratio would be 1 / 1)
    X, y = [[0.0], [4.0], [8.0]], [0, 0, 1]
    assert S.s_dbw(X, y) == S.sd_scat(X, y) == pytest.approx((4 / 2) / (32 / 3), rel=1e-15)


# ----------------------------------------------------------------------------- invariances


def test_far_from_the_origin_the_values_do_not_change():
    # lattice points 2^26 + j / 1024: shifting by the data's median is exact, so the values
    # far from the origin are those near it, bit for bit (sums of squares minus squared sums
    # would lose every digit here: x^2 ~ 4.5e15 against spreads ~1e-3)
    rng = np.random.default_rng(9)
    offsets = rng.integers(0, 64, size=(40, 2)) / 1024
    labels = rng.permutation(np.arange(40) % 3)
    assert internal_scores(offsets + 2.0**26, labels, NAMES) == internal_scores(offsets, labels, NAMES)


def test_tiny_spread_far_away_keeps_its_digits():
    rng = np.random.default_rng(10)
    labels = np.arange(30) % 3
    X = 1e8 + 1e-3 * rng.normal(size=(30, 2)) + 1e-2 * labels[:, None]
    assert_matches_oracle(X, labels, rel=1e-9)


# ----------------------------------------------------------------------------- degenerate cases


def test_every_object_alone():
    X = np.array([[0.0, 0.0], [1.0, 0.0], [0.0, 3.0], [4.0, 4.0]])
    values = internal_scores(X, np.arange(4), NAMES, undefined="nan")
    undefined = {name for name, value in values.items() if math.isnan(value)}
    # a singleton has tr W_k = 0 and det W_k = 0; WG = 0 is singular: banfeld_raftery,
    # det_ratio, log_det_ratio, scott_symons, trace_wib (tests/indices/test_common.py); the others:
    assert undefined == {name for name in NAMES if "singletons" in INDICES[name].undefined_for}
    assert values["ball_hall"] == values["trace_w"] == values["ksq_detw"] == values["ray_turi"] == 0.0
    assert values["log_ss_ratio"] == values["pbm"] == math.inf
    assert values["wemmert_gancarski"] == 1.0  # every object on its own centroid
    assert values["sd_scat"] == values["s_dbw"] == 0.0  # no scatter; radius 0: no density
    assert_matches_oracle(X, np.arange(4))


def test_singular_scatter_matrices():
    # 5 objects in 4 dimensions, K = 2: WG has rank 3
    X, labels = random_case(11, 5, 2, 4)
    for name in ("det_ratio", "log_det_ratio", "trace_wib"):
        with pytest.raises(UndefinedIndexError, match="WG.*singular"):
            getattr(clustval, name)(X, labels)
    assert S.ksq_detw(X, labels) == 0.0
    # plenty of objects, but a feature that copies another: singular, however many objects
    X, labels = random_case(12, 200, 3, 3)
    X[:, 2] = X[:, 0]
    with pytest.raises(UndefinedIndexError, match="singular"):
        S.det_ratio(X, labels)
    assert S.ksq_detw(X, labels) == 0.0
    assert_matches_oracle(X[:40], labels[:40])
    # a cluster with no more objects than dimensions: its W_k is singular
    X, labels = random_case(13, 30, 3, 2)
    labels[:] = 0
    labels[:2], labels[2:12] = 1, 2
    with pytest.raises(UndefinedIndexError, match="W_1 of cluster 1"):
        S.scott_symons(X, labels)


def test_singleton_and_constant_feature():
    X, labels = random_case(14, 12, 3, 2)
    labels[:] = 0
    labels[0], labels[1:5] = 1, 2
    with pytest.raises(UndefinedIndexError, match="cluster 1 .* no scatter"):
        S.banfeld_raftery(X, labels)
    X[:, 1] = 7.0
    with pytest.raises(UndefinedIndexError, match="feature 1 is constant"):
        S.ratkowsky_lance(X, labels)


def test_shared_centroids_and_equal_objects():
    # {-1, 1} and {-2, 2} share the centroid 0; {10, 11} does not
    X, y = np.array([[-1.0], [1.0], [-2.0], [2.0], [10.0], [11.0]]), [0, 0, 1, 1, 2, 2]
    assert S.ray_turi(X, y) == S.sd_dis(X, y) == math.inf
    assert_matches_oracle(X, y)
    # a member on the other cluster's centroid: R = inf, J_k = 0 for its cluster
    X, y = np.array([[0.0], [4.0], [1.0], [3.0]]), [0, 0, 1, 1]
    assert S.wemmert_gancarski(X, y) == pytest.approx(0.0)
    X, y = np.array([[0.0], [4.0], [2.0], [5.0], [6.0]]), [0, 0, 1, 1, 1]  # 2 is c_0, off c_1 = 13/3
    assert_matches_oracle(X, y)
    # every object equal: no variance, no sums of squares
    same = np.ones((6, 2))
    for name in ("log_ss_ratio", "sd_scat", "s_dbw"):
        with pytest.raises(UndefinedIndexError, match="all objects are equal"):
            getattr(clustval, name)(same, [0, 0, 0, 1, 1, 1])
    assert S.pbm(same, [0, 0, 0, 1, 1, 1]) == 0.0 and S.ray_turi(same, [0, 0, 0, 1, 1, 1]) == math.inf


def test_bad_input_is_one_line():
    with pytest.raises(InputError, match="NaN or inf"):
        S.trace_w([[0.0], [np.nan], [1.0]], [0, 1, 1])
    with pytest.raises(InputError, match="coordinates"):
        clustval.score([0, 0, 1, 1], distances=np.zeros((4, 4)), names=["pbm"])
    # scaled to [1, 2): the O(1) column is below what the 1e200 one resolves, so WG is
    # singular (undefined, not a false overflow)
    with pytest.raises(UndefinedIndexError, match="WG is singular"):
        S.det_ratio([[1e200, 0.0], [-1e200, 1.0], [1e200, 2.0], [0.0, 3.0], [5.0, 1.0]], [0, 0, 1, 1, 1])


# ----------------------------------------------------------------------------- the registry


def test_registry_entries_carry_clustercrits_rule_for_k():
    # clusterCrit 1.3.0's bestCriterion (Desgraupes 2013, table of sec. 1.3)
    rules = {"ball_hall": "max_diff", "banfeld_raftery": "min", "det_ratio": "min_diff",
             "ksq_detw": "max_diff", "log_det_ratio": "min_diff", "log_ss_ratio": "min_diff",
             "pbm": "max", "ratkowsky_lance": "max", "ray_turi": "min", "scott_symons": "min",
             "trace_w": "max_diff", "trace_wib": "max_diff", "wemmert_gancarski": "max",
             "sd_scat": "min", "sd_dis": "min", "s_dbw": "min"}  # fmt: skip
    assert set(NAMES) == set(rules)
    assert {name: INDICES[name].k_rule for name in NAMES} == rules
    for name in NAMES:
        assert INDICES[name].core.needs == {COORDINATES}, name
        assert INDICES[name].core.__name__ == name + "_from_partition"
    assert get_index("sil").k_rule == "max" and get_index("db").k_rule == "min"  # from direction
    assert set(K_RULES) == {"max", "min", "max_diff", "min_diff"}
    with pytest.raises(InputError, match="k_rule"):
        IndexSpec("x", "X", "internal", "higher", (0, 1), "-", S.pbm, S.pbm_from_partition, k_rule="elbow")


def test_internal_scores_builds_the_scatter_matrices_once(monkeypatch):
    X, labels = random_case(15, 60, 4, 3)
    calls = []
    original = Partition.__dict__["within_scatter"].func

    def counted(self):
        calls.append(1)
        return original(self)

    monkeypatch.setattr(Partition, "within_scatter", __import__("functools").cached_property(counted))
    Partition.within_scatter.__set_name__(Partition, "within_scatter")
    values = internal_scores(X, labels, NAMES)
    assert len(calls) == 1
    assert values == {name: getattr(clustval, name)(X, labels) for name in NAMES}


def test_second_difference_rules_choose_k_as_clustercrit_does():
    ks, values = [2, 3, 4, 5, 6], [100.0, 50.0, 20.0, 15.0, 12.0]
    # clusterCrit's bestCriterion: y = diff(diff(x)), K at which.max(y) + 1 (which.min for
    # min_diff), i.e. the middle K of the three: y = 20, 25, 2 at K = 3, 4, 5
    y = [values[j + 2] - 2 * values[j + 1] + values[j] for j in range(len(values) - 2)]
    assert y == [20.0, 25.0, 2.0]
    assert get_index("trace_w").best_ks(ks, values) == ((4,), 20.0)  # max_diff
    assert get_index("det_ratio").best_ks(ks, values) == ((5,), 15.0)  # min_diff
    assert get_index("pbm").best_ks(ks, values) == ((2,), 100.0)  # max
    # an undefined value removes the second differences it takes part in
    assert get_index("trace_w").best_ks(ks, [math.nan, *values[1:]]) == ((4,), 20.0)
    assert get_index("trace_w").best_ks(ks, [*values[:3], math.nan, 12.0]) == ((3,), 50.0)
    with pytest.raises(InputError, match="three neighbouring K"):
        get_index("ball_hall").best_ks([2, 3], [1.0, 0.5])


@pytest.mark.parametrize("budget", [1e-9, 1e-3])
def test_row_blocks_do_not_change_the_values(budget):
    X, labels = random_case(16, 120, 5, 3)
    for name in ("wemmert_gancarski", "s_dbw"):
        assert getattr(S, name)(X, labels, memory_budget_mb=budget) == getattr(S, name)(X, labels), name
    blocked = internal_scores(X, labels, NAMES, memory_budget_mb=budget, undefined="nan")
    assert blocked == pytest.approx(internal_scores(X, labels, NAMES, undefined="nan"), rel=1e-14, nan_ok=True)
