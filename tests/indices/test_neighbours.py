"""genieclust's WCNN and DuNN-OWA (clustval.indices.neighbours): against genieclust as an
independent oracle, against brute force written here, and on their degenerate cases; the
invariances also of cvi's PS, rCIP, cSIL and WB (their values: tests/indices/test_cvi.py)."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest

import clustval
from clustval._engine import knn as _knn
from clustval.errors import InputError
from clustval.indices import neighbours, partition
from clustval.indices.partition import Partition
from clustval.indices.registry import get_index
from tests.cases import close, shifted_blobs

gv = pytest.importorskip(
    "genieclust.cluster_validity", reason="genieclust (the test extra) is the oracle of WCNN and DuNN-OWA"
)

DUNNOWA_VARIANTS = {"dunnowa_m25_min_max": ("Min", "Max"), "dunnowa_m25_mean_mean": ("Mean", "Mean"),
                    "dunnowa_m25_max_min": ("Max", "Min")}  # fmt: skip
OWA_PAIRS = [("Min", "Max"), ("Mean", "Mean"), ("Max", "Min"), ("SMin:5", "Const"), ("SMin:2", "SMax:3"),
             ("Const", "Mean"), ("Mean", "SMin:4")]  # fmt: skip


# ---- against genieclust


@pytest.mark.parametrize("seed", range(12))
def test_wcnn_and_dunnowa_equal_genieclust(seed):
    X, labels = shifted_blobs(seed)
    for M in (1, 4, 25):
        assert close(neighbours.wcnn(X, labels, M=M), gv.wcnn_index(X, labels, M)), M
        for a, b in OWA_PAIRS:
            want = gv.dunnowa_index(X, labels, M, a, b)
            assert close(neighbours.dunnowa(X, labels, M=M, numerator=a, denominator=b), want), (M, a, b)
    assert close(clustval.wcnn(X, labels), gv.wcnn_index(X, labels))  # genieclust's default M = 25
    for name, (a, b) in DUNNOWA_VARIANTS.items():
        assert close(getattr(clustval, name)(X, labels), gv.dunnowa_index(X, labels, 25, a, b)), name


def test_small_clusters_are_penalised_as_in_genieclust():
    X, labels = shifted_blobs(3)
    sizes = np.bincount(labels)
    M = int(sizes.min())  # a cluster of exactly M members: -inf in both
    assert neighbours.wcnn(X, labels, M=M) == gv.wcnn_index(X, labels, M) == -math.inf
    assert neighbours.dunnowa(X, labels, M=M, numerator="Min", denominator="Max") == -math.inf
    assert gv.dunnowa_index(X, labels, M, "Min", "Max") == -math.inf
    assert neighbours.wcnn(X, labels, M=M - 1) > 0


# ---- against brute force written here


def _brute_neighbours(X, M):
    """Each object's M nearest others by (distance, index), over all pairs."""
    rows = []
    for i, x in enumerate(X):
        others = sorted((math.dist(x, y), j) for j, y in enumerate(X) if j != i)
        rows.append(others[:M])
    return rows


def _brute_tie_shares(X, labels, M):
    """Each object's M neighbour slots as exact (distance, own share) pairs by the tie rule:
    the objects nearer than the M-th distance count 1 each, the t objects at it share the
    slots left equally."""
    rows = []
    for i, x in enumerate(X):
        others = sorted((math.dist(x, y), j) for j, y in enumerate(X) if j != i)
        last = others[M - 1][0]
        nearer = [(dist, Fraction(int(labels[j] == labels[i]))) for dist, j in others if dist < last]
        tied = [j for dist, j in others if dist == last]
        share = Fraction(sum(int(labels[j] == labels[i]) for j in tied), len(tied))
        rows.append(nearer + [(last, share)] * (M - len(nearer)))
    return rows


@pytest.mark.parametrize("seed", range(6))
def test_wcnn_on_ties_shares_the_slots_of_the_tied_neighbours(seed):
    # genieclust gives the object at the lower row the slot (so its value on a lattice depends
    # on the row order); here the t objects tied at the M-th distance share the slots left
    rng = np.random.default_rng(seed)
    labels = np.repeat(np.arange(3), 12)
    X = rng.integers(0, 9, size=(36, 2)) + 4 * labels[:, None]  # lattice: many tied distances
    for M in (1, 3, 7):
        same = sum(share for row in _brute_tie_shares(X, labels, M) for _, share in row)
        assert neighbours.wcnn(X, labels, M=M) == pytest.approx(float(same / (36 * M)), rel=1e-15)
        order = rng.permutation(36)
        assert neighbours.wcnn(X[order], labels[order], M=M) == neighbours.wcnn(X, labels, M=M)


def test_the_tie_rule_is_the_mean_over_the_orders_of_the_tied_objects():
    # object 1 is at distance 1 from 0 (its own cluster) and 2 (the other): the lower-row rule
    # counts 1 or 0 as the rows fall, the tie rule 1/2, the mean of the two orders
    X, labels = [[0.0], [1.0], [2.0], [2.5]], [0, 0, 1, 1]
    assert gv.wcnn_index(np.array(X), np.array(labels), 1) == 1.0  # 0 comes first
    assert gv.wcnn_index(np.array(X)[[2, 1, 0, 3]], np.array(labels)[[2, 1, 0, 3]], 1) == 0.75
    assert neighbours.wcnn(X, labels, M=1) == 0.875  # 0 and 3 in their own, 1 and 2 split
    assert neighbours.wcnn(np.array(X)[[2, 1, 0, 3]], np.array(labels)[[2, 1, 0, 3]], M=1) == 0.875


@pytest.mark.parametrize("seed", range(3))
def test_dunnowa_on_ties_weights_the_tied_neighbours(seed):
    rng = np.random.default_rng(seed)
    labels = np.repeat(np.arange(3), 12)
    X = rng.integers(0, 6, size=(36, 2)) + 3 * labels[:, None]
    M = 4
    rows = _brute_tie_shares(X, labels, M)
    within = [(d, s) for row in rows for d, s in row if s > 0]
    between = [(d, 1 - s) for row in rows for d, s in row if s < 1]
    mean = {name: sum(Fraction(d) * w for d, w in pairs) / sum(w for _, w in pairs)
            for name, pairs in (("within", within), ("between", between))}  # fmt: skip
    got = neighbours.dunnowa(X, labels, M=M, numerator="Mean", denominator="Mean")
    assert got == pytest.approx(float(mean["between"] / mean["within"]), rel=1e-13)
    got = neighbours.dunnowa(X, labels, M=M, numerator="Min", denominator="Max")
    assert got == pytest.approx(min(d for d, _ in between) / max(d for d, _ in within), rel=1e-13)
    order = rng.permutation(36)
    for a, b in OWA_PAIRS:
        assert neighbours.dunnowa(X[order], labels[order], M=M, numerator=a, denominator=b) == \
            neighbours.dunnowa(X, labels, M=M, numerator=a, denominator=b), (a, b)


def test_smoothed_aggregates_spread_the_rank_weights_over_shares():
    # multiplicities 1 give the rank weights themselves; a value of multiplicity 2 takes the
    # weights of two ranks, and halves of it take half a rank's weight each
    w = [math.exp(-(u**2) / 2) for u in range(3)]
    values = np.array([1.0, 2.0, 3.0, 4.0])
    assert neighbours._owa("SMin:1", values, np.ones(4)) == pytest.approx((w[0] + 2 * w[1] + 3 * w[2]) / sum(w))
    got = neighbours._owa("SMin:1", np.array([1.0, 2.0]), np.array([2.0, 1.0]))
    assert got == pytest.approx((w[0] + w[1] + 2 * w[2]) / sum(w))
    got = neighbours._owa("SMax:1", np.array([1.0, 2.0]), np.array([0.5, 0.5]))  # ranks [0, 1)
    assert got == pytest.approx(1.5)


@pytest.mark.parametrize("seed", range(6))
def test_dunnowa_min_max_and_mean_mean_equal_brute_force(seed):
    rng = np.random.default_rng(seed)
    labels = np.repeat(np.arange(3), 15)
    X = rng.normal(size=(45, 3)) + 2 * labels[:, None]
    M = 5
    between, within = [], []
    for i, row in enumerate(_brute_neighbours(X, M)):
        for dist, j in row:
            (within if labels[i] == labels[j] else between).append(dist)
    if not between:  # the clusters are apart at this scale
        assert neighbours.dunnowa(X, labels, M=M, numerator="Min", denominator="Max") == math.inf
        return
    got = neighbours.dunnowa(X, labels, M=M, numerator="Min", denominator="Max")
    assert got == pytest.approx(min(between) / max(within), rel=1e-12)
    got = neighbours.dunnowa(X, labels, M=M, numerator="Mean", denominator="Mean")
    assert got == pytest.approx((sum(between) / len(between)) / (sum(within) / len(within)), rel=1e-12)


@pytest.mark.parametrize("seed", range(3))
def test_the_registry_variants_equal_brute_force(seed):
    # the three entries at M = 25: OWA "Min", "Mean" and "Max" of the between-cluster distances
    # among each object's 25 nearest neighbours, over "Max", "Mean" and "Min" of the within ones
    rng = np.random.default_rng(seed)
    labels = np.repeat(np.arange(3), 30)  # clusters larger than M: no penalty
    X = rng.normal(size=(90, 2)) + 2.5 * labels[:, None]
    between, within = [], []
    for i, row in enumerate(_brute_neighbours(X, 25)):
        for dist, j in row:
            (within if labels[i] == labels[j] else between).append(dist)
    assert between and within
    want = {"dunnowa_m25_min_max": min(between) / max(within),
            "dunnowa_m25_mean_mean": (sum(between) / len(between)) / (sum(within) / len(within)),
            "dunnowa_m25_max_min": max(between) / min(within)}  # fmt: skip
    for name, value in want.items():
        assert getattr(clustval, name)(X, labels) == pytest.approx(value, rel=1e-12), name


def test_smoothed_minimum_weights_the_smallest_distances_by_a_half_gaussian():
    # 1-D, M = 1: the within-cluster neighbour distances are known; SMax:1 takes the three
    # largest with weights exp(-u^2 / 2), u = 0, 1, 2
    X = np.array([0.0, 1.0, 3.0, 6.0, 100.0, 102.0, 105.0, 109.0])[:, None]
    labels = [0, 0, 0, 0, 1, 1, 1, 1]
    within = sorted([1, 1, 2, 3, 2, 2, 3, 4])  # each object's nearest neighbour
    w = [math.exp(-(u**2) / 2) for u in range(3)]
    smax = sum(wi * x for wi, x in zip(w, within[::-1][:3])) / sum(w)
    got = neighbours.dunnowa(X, labels, M=1, numerator="Const", denominator="SMax:1")
    assert got == pytest.approx(1 / smax, rel=1e-14)


# ---- invariances and degenerate cases


@pytest.mark.parametrize("name", ["wcnn", *DUNNOWA_VARIANTS, "ps", "csil", "wb", "rcip"])
def test_invariant_under_translation_and_rotation(name):
    # (label names and the objects' order, for every index: tests/indices/test_common.py)
    X, labels = shifted_blobs(5)
    rng = np.random.default_rng(1)
    q, _ = np.linalg.qr(rng.normal(size=(X.shape[1], X.shape[1])))
    f = get_index(name).function
    assert f(X @ q + 7.0, labels) == pytest.approx(f(X, labels), rel=1e-9)


def test_scale_free_indices_and_rcip_scales_as_a_density():
    X, labels = shifted_blobs(8)
    d = X.shape[1]
    for name in ("wcnn", *DUNNOWA_VARIANTS, "ps", "csil", "wb"):
        f = get_index(name).function
        assert f(3.0 * X, labels) == pytest.approx(f(X, labels), rel=1e-12), name
    assert clustval.rcip(3.0 * X, labels) == pytest.approx(clustval.rcip(X, labels) * 3.0**-d, rel=1e-10)
    # genieclust's default, SMin:5 over Const, is a distance
    assert neighbours.dunnowa(3.0 * X, labels, M=3) == pytest.approx(3 * neighbours.dunnowa(X, labels, M=3))


def test_precomputed_distances_give_the_same_neighbour_indices():
    from scipy.spatial.distance import pdist, squareform

    X, labels = shifted_blobs(2)
    D = squareform(pdist(X))
    assert neighbours.wcnn(D, labels, M=4, metric="precomputed") == neighbours.wcnn(X, labels, M=4)
    for a, b in OWA_PAIRS:
        got = neighbours.dunnowa(D, labels, M=4, numerator=a, denominator=b, metric="precomputed")
        assert got == pytest.approx(neighbours.dunnowa(X, labels, M=4, numerator=a, denominator=b), rel=1e-12)
    with pytest.raises(InputError, match="coordinates"):
        clustval.internal_scores(D, labels, ["wb"], metric="precomputed")


def test_bad_options_are_refused():
    X = np.arange(12.0)[:, None]
    labels = [0] * 6 + [1] * 6
    for bad in (0, -1, 2.5, True, "5"):
        with pytest.raises(InputError, match="nearest neighbours"):
            neighbours.wcnn(X, labels, M=bad)
    for bad in ("min", "SMin:0", "SMin:x", "Median", None):
        with pytest.raises(InputError, match="OWA"):
            neighbours.dunnowa(X, labels, M=2, numerator=bad)
    with pytest.raises(InputError, match="ridge"):
        clustval.rcip(X, labels, ridge=-1.0)


def test_dunnowa_limits():
    X = np.array([0.0, 1.0, 2.0, 3.0, 50.0, 51.0, 52.0, 53.0])[:, None]
    labels = [0, 0, 0, 0, 1, 1, 1, 1]
    # M = 2: no neighbour crosses the gap: separated at this scale
    assert neighbours.dunnowa(X, labels, M=2, numerator="Min", denominator="Max") == math.inf
    assert gv.dunnowa_index(X, labels, 2, "Min", "Max") == math.inf
    # two clusters sharing a point: zero separation, the worst finite value
    Y = np.array([0.0, 0.0, 1.0, 2.0, 0.0, 3.0, 4.0, 5.0])[:, None]
    assert neighbours.dunnowa(Y, [0, 0, 0, 0, 1, 1, 1, 1], M=1, numerator="Min", denominator="Max") == 0.0


def test_registry_entries_read_what_their_cores_declare():
    assert get_index("wcnn").needs == frozenset()  # the distances, from the data or a matrix
    for name in ("ps", "csil", "wb", "rcip"):
        assert get_index(name).needs == frozenset({"coordinates"})
    assert [get_index(n).direction for n in ("wcnn", "ps", "csil", "wb", "rcip")] == [
        "higher", "higher", "higher", "lower", "lower"]  # fmt: skip
    X, labels = shifted_blobs(4)
    values = clustval.internal_scores(X, labels, ["wcnn", "dunnowa_m25_min_max", "wb"])
    assert values == {"wcnn": clustval.wcnn(X, labels), "dunnowa_m25_min_max":
                      clustval.dunnowa_m25_min_max(X, labels), "wb": clustval.wb(X, labels)}  # fmt: skip


# ----------------------------------------------------------------------------- the k-d tree path
def _both_paths(X, M, monkeypatch):
    """nearest_neighbours(X, M) with the tree forced off, then forced on (any n, any d)."""
    p = Partition(X, np.arange(len(X)) % 4)
    monkeypatch.setattr(_knn, "TREE_MIN_N", 10**9)
    want = _knn.nearest_neighbours(p.X, M, codes=p.codes)
    monkeypatch.setattr(_knn, "TREE_MIN_N", 0)
    monkeypatch.setattr(_knn, "TREE_MAX_D", 10**9)
    got = _knn.nearest_neighbours(p.X, M, codes=p.codes)
    # the ties at the M-th distance are counted alike on both paths
    assert np.array_equal(got.tied, want.tied) and np.array_equal(got.tied_same, want.tied_same)
    # a tight budget sends heavily tied data (many copies of a point) back to all pairs
    tight = _knn.nearest_neighbours(p.X, M, codes=p.codes, memory_budget_mb=0.01)
    assert all(np.array_equal(a, b) for a, b in zip(tight, want, strict=True))
    return got, want


@pytest.mark.parametrize("seed", range(24))
def test_the_tree_path_equals_the_all_pairs_path_bit_for_bit(seed, monkeypatch):
    """Lattices (ties at every radius), duplicated rows and plain data, d = 1..16, M from 1 to
    beyond the tree's slack: the same neighbours in the same order, the same distances."""
    rng = np.random.default_rng(seed)
    n, d = int(rng.integers(60, 400)), int(rng.integers(1, 17))
    M = int(rng.choice([1, 3, 25, 40, n - 1]))
    if seed % 3 == 0:
        X = rng.integers(0, 3, size=(n, d)).astype(float)
    elif seed % 3 == 1:
        X = np.repeat(rng.normal(size=(n // 6 + 1, d)), 6, axis=0)[:n]
    else:
        X = rng.normal(size=(n, d))
    got, want = _both_paths(X, M, monkeypatch)
    assert np.array_equal(got[1], want[1]) and np.array_equal(got[0], want[0])


@pytest.mark.parametrize("M", [1, 3, 25, 40, 299])
def test_the_tree_path_keeps_many_duplicates_and_ties_in_order(M, monkeypatch):
    """More copies of a point than the tree is first asked for (a radius of 0, a second query),
    all points equal, and a 0/1 lattice: ties broken by the lower index in both paths."""
    rng = np.random.default_rng(M)
    for X in (np.repeat(rng.normal(size=(6, 2)), 50, axis=0), np.zeros((300, 3)),
              rng.integers(0, 2, size=(300, 2)).astype(float)):  # fmt: skip
        got, want = _both_paths(X, M, monkeypatch)
        assert np.array_equal(got[1], want[1]) and np.array_equal(got[0], want[0])
        assert np.all(np.diff(want[0], axis=1) >= 0)


def test_large_sets_take_the_tree_and_keep_the_values(monkeypatch):
    rng = np.random.default_rng(1)
    X, y = rng.normal(size=(2500, 3)), rng.integers(0, 4, 2500)
    tree = clustval.wcnn(X, y)
    monkeypatch.setattr(_knn, "TREE_MIN_N", 10**9)
    assert clustval.wcnn(X, y) == tree


# ----------------------------------------------------------------------------- one shared search
NEAR_NEIGHBOUR_INDICES = ["wcnn", *DUNNOWA_VARIANTS, "conn"]


@pytest.mark.parametrize("tree", [False, True])
@pytest.mark.parametrize("kind", ["lattice", "duplicates", "distance matrix"])
def test_the_first_columns_of_a_wider_search_are_the_narrower_search(kind, tree, monkeypatch):
    """On tie-rich data (a lattice, repeated rows): the first m columns of the search for M
    are the search for m, neighbours and distances bit for bit (ties to the lower row)."""
    rng = np.random.default_rng(5)
    X = rng.integers(0, 4, size=(400, 3)).astype(float)
    if kind == "duplicates":
        X = np.repeat(X[:80], 5, axis=0)
    options = {}
    if kind == "distance matrix":
        X, options = clustval.clustering.kmedoids.euclidean_distances(X), {"precomputed": True}
    monkeypatch.setattr(_knn, "TREE_MIN_N", 0 if tree else 10**9)
    wide = _knn.nearest_neighbours(X, 40, **options)
    for m in (1, 2, 7, 25, 39):
        narrow = _knn.nearest_neighbours(X, m, **options)
        assert np.array_equal(wide[0][:, :m], narrow[0]) and np.array_equal(wide[1][:, :m], narrow[1]), m


def _counting_searches(monkeypatch):
    calls = []

    def search(X, M, **options):
        calls.append(M)
        return _knn.nearest_neighbours(X, M, **options)

    monkeypatch.setattr(partition, "nearest_neighbours", search)
    return calls


@pytest.mark.parametrize("metric", ["euclidean", "precomputed"])
def test_the_near_neighbour_indices_share_one_search(metric, monkeypatch):
    rng = np.random.default_rng(6)
    X = rng.integers(0, 5, size=(600, 2)).astype(float)  # ties at every radius
    y = (X[:, 0] > 1) + 2 * (X[:, 1] > 2)
    data = clustval.clustering.kmedoids.euclidean_distances(X) if metric == "precomputed" else X
    alone = {name: get_index(name).function(data, y, metric=metric) for name in NEAR_NEIGHBOUR_INDICES}
    calls = _counting_searches(monkeypatch)
    together = clustval.internal_scores(data, y, NEAR_NEIGHBOUR_INDICES, metric=metric)
    assert calls == [25]  # CONN's nearest other object is the first column
    assert together == alone


def test_a_wider_search_after_a_narrower_one_searches_again(monkeypatch):
    X, y = shifted_blobs(8)
    p = Partition(X, y)
    calls = _counting_searches(monkeypatch)
    first = p.nearest_neighbours(1)
    wide = p.nearest_neighbours(5)
    assert calls == [1, 5] and np.array_equal(p.nearest_neighbours(1)[1], first[1])
    assert p.nearest_neighbours(3)[1].base is wide[1].base and calls == [1, 5]  # a view, no search
    with pytest.raises(ValueError, match="read-only"):
        wide[0][0, 0] = 0.0


def test_owa_aggregates_do_not_follow_the_blas_thread_count():
    # 25 n = 50,000 distances: enough for a threaded BLAS dot to split its sum across threads
    from threadpoolctl import threadpool_limits

    rng = np.random.default_rng(5)
    X, labels = rng.normal(size=(2000, 2)) * 4, rng.integers(0, 4, 2000)
    values = []
    for threads in (1, 2):
        with threadpool_limits(limits=threads):
            values.append([neighbours.dunnowa(X, labels, numerator=a, denominator=b) for a, b in OWA_PAIRS])
    assert values[0] == values[1]


@pytest.mark.parametrize("seed", range(6))
def test_the_registrys_dunnowa_is_genieclusts_dunnowa_index_for_any_m_and_aggregates(seed):
    X, labels = shifted_blobs(seed)
    assert close(clustval.score(labels, X=X, names=["dunnowa_index"])["dunnowa"], gv.dunnowa_index(X, labels))
    for M, (a, b) in zip((1, 4, 7, 25, 3, 10, 2), OWA_PAIRS):
        got = clustval.score(labels, X=X, names=["dunnowa"], dunnowa_m=M, dunnowa_numerator=a, dunnowa_denominator=b)
        assert close(got["dunnowa"], gv.dunnowa_index(X, labels, M, a, b)), (M, a, b)


@pytest.mark.parametrize(("option", "bad"), [("dunnowa_m", 0), ("dunnowa_m", 2.5), ("dunnowa_numerator", "Median"),
                                             ("dunnowa_denominator", "SMin:0")])  # fmt: skip
def test_a_bad_dunnowa_option_is_one_line_naming_it(option, bad):
    X, labels = shifted_blobs(0)
    with pytest.raises(InputError, match=rf"^{option} = {bad!r}; use "):
        clustval.score(labels, X=X, names=["dunnowa"], **{option: bad})


@pytest.mark.parametrize("seed", range(3))
def test_the_registrys_dunnowa_at_genieclusts_defaults_equals_brute_force(seed):
    # SMin:5 over Const: the 15 smallest near-neighbour distances across clusters, weighted
    # exp(-(u / 5)^2 / 2) for the u-th smallest (u = 0 .. 14), over the sum of the weights
    rng = np.random.default_rng(seed)
    labels = np.repeat(np.arange(3), 30)
    X = rng.normal(size=(90, 3)) + 1.5 * labels[:, None]
    between = sorted(dist for i, row in enumerate(_brute_neighbours(X, 25)) for dist, j in row if labels[i] != labels[j])
    weights = [math.exp(-0.5 * (u / 5) ** 2) for u in range(min(15, len(between)))]
    want = sum(w * d for w, d in zip(weights, between)) / sum(weights)
    assert clustval.score(labels, X=X, names=["dunnowa"])["dunnowa"] == pytest.approx(want, rel=1e-12)
