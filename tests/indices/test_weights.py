"""sample_weight for the indices of the distance pass: silhouette, BWP, IGP, DBI, the
mean-distance generalised Dunn indices, Point-Biserial and McClain-Rao.

tests/indices/test_internal_weights.py holds every index whose entry takes weights to its value on
rows repeated with ``np.repeat``, on small data (the numpy engine). Here the same, registry
driven, where the compiled pass runs and through the metrics and a distance matrix; the
weighted cluster sums of both engines bit for bit; each newly weighted index against its
formula written out with weights (a brute force over the distance matrix, no repetition);
and the edge cases that repetition decides: a singleton of weight 2 or more, copies at
distance 0, objects of weight 0, a cluster whose every object weighs 0.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

import clustval
from clustval._engine import compiled as _compiled
from clustval._engine import knn
from clustval._engine.metrics import as_metric
from clustval._engine.pairwise import cluster_distance_stats
from clustval.errors import InputError, UndefinedIndexError
from clustval.indices import classic, cvi, generalised_dunn, neighbours
from clustval.indices.partition import COORDINATES, Partition
from clustval.indices.registry import INDICES, names_of
from clustval.indices.scoring import internal_scores

WEIGHTED = [name for name in names_of("internal") if INDICES[name].weights]
DISTANCES_ONLY = [name for name in WEIGHTED if COORDINATES not in INDICES[name].needs]
# the indices of the distance pass's weighted sums and shares (issue 44)
NEAR_NEIGHBOURS = [name for name in WEIGHTED if name == "wcnn" or name.startswith("dunnowa")]
NEWLY_WEIGHTED = ["dbi", "igp", "sil", "sil_sum", "bwp", "bwp_sum", "point_biserial", "mcclain_rao",
                  "gdi12", "gdi22", "gdi31", "gdi32", "gdi33", "gdi42", "gdi51", "gdi52", "gdi53"]  # fmt: skip


def _same(a: float, b: float, rel: float = 1e-10) -> bool:
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    return a == b or abs(a - b) <= rel * max(abs(a), abs(b))


def _hard(n: int, d: int, seed: int):
    """(X, labels, weights): K = 6 overlapping blobs on a lattice (tied distances, exact
    duplicates), weights 0..4, two singletons (of weights 1 and 3) and a cluster whose
    every object weighs 0."""
    rng = np.random.default_rng(seed)
    labels = rng.integers(0, 5, n)
    X = np.round(rng.normal(size=(n, d)) * 2 + labels[:, None])
    weights = rng.integers(0, 5, n)
    labels[:2], weights[:2] = [5, 6], [1, 3]  # two singletons, one of them three copies
    labels[2:6], weights[2:6] = 7, 0  # a cluster of weight 0: absent
    X[6:9] = X[9]  # duplicates of one row
    return X, labels, weights


def _compiled_engine() -> None:
    """Skip where the compiled kernels are off (numba missing, or NUMBA_DISABLE_JIT=1)."""
    if _compiled.kernels() is None:
        pytest.skip("no compiled engine here (numba missing or NUMBA_DISABLE_JIT=1)")


def _repeated(X, labels, w):
    return np.repeat(X, w, axis=0), np.repeat(labels, w)


@pytest.mark.parametrize(("n", "d"), [(1200, 8), (700, 3)])
def test_every_weighted_index_equals_repetition_through_the_compiled_pass(n, d):
    X, labels, w = _hard(n, d, n)
    assert w.sum() * w.sum() * d >= 2**18  # the compiled pass (MIN_WORK) on both sides
    weighted = internal_scores(X, labels, WEIGHTED, sample_weight=w, undefined="nan")
    repeated = internal_scores(*_repeated(X, labels, w), WEIGHTED, undefined="nan")
    wrong = {name: (weighted[name], repeated[name]) for name in WEIGHTED if not _same(weighted[name], repeated[name])}
    assert not wrong
    # the near-neighbour indices score -inf here (a singleton has at most M copies): their own data below
    defined = [v for name, v in repeated.items() if name not in NEAR_NEIGHBOURS]
    assert sum(math.isfinite(v) for v in defined) > 0.9 * len(defined)


@pytest.mark.parametrize("metric", ["cityblock", "chebyshev", "precomputed"])
def test_the_distance_indices_equal_repetition_in_other_metrics(metric):
    X, labels, w = _hard(400, 4, 5)
    if metric == "precomputed":
        D = np.sqrt(((X[:, None] - X[None]) ** 2).sum(-1))
        weighted = clustval.score(labels, distances=D, sample_weight=w, undefined="nan")
        R = np.repeat(np.arange(len(w)), w)
        repeated = clustval.score(labels[R], distances=D[np.ix_(R, R)], undefined="nan")
    else:
        weighted = clustval.score(labels, X=X, names=DISTANCES_ONLY, metric=metric, sample_weight=w, undefined="nan")
        repeated_X, repeated_labels = _repeated(X, labels, w)
        repeated = clustval.score(repeated_labels, X=repeated_X, names=DISTANCES_ONLY, metric=metric, undefined="nan")
    assert list(weighted) == DISTANCES_ONLY
    assert all(_same(weighted[name], repeated[name]) for name in DISTANCES_ONLY), (weighted, repeated)


@pytest.mark.parametrize("metric", [None, "cityblock", "precomputed"])
def test_the_weighted_summaries_of_both_engines_are_the_same_bits(metric):
    _compiled_engine()
    rng = np.random.default_rng(3)
    X = np.round(rng.normal(size=(1100, 5)) * 3)
    codes = rng.integers(0, 4, 1100)
    w = rng.integers(1, 6, 1100)
    kwargs = {"precomputed": True} if metric == "precomputed" else {}
    if metric == "precomputed":
        X = np.sqrt(((X[:, None] - X[None]) ** 2).sum(-1))
    elif metric is not None:
        kwargs = {"metric": as_metric(metric)}
        X = kwargs["metric"].prepare(X)
    stats = [cluster_distance_stats(X, codes, 4, sums=True, nearest=True, engine=engine, weights=w, **kwargs)
             for engine in ("numba", "numpy")]  # fmt: skip
    sums = [s.cluster_sums for s in stats]
    np.testing.assert_array_equal(sums[0], sums[1])
    np.testing.assert_array_equal(stats[0].in_group_share, stats[1].in_group_share)
    plain = cluster_distance_stats(X, codes, 4, sums=True, engine="numpy", **kwargs).cluster_sums
    assert not np.array_equal(sums[0], plain)
    # each row's sums are those of any of its copies among the repeated rows
    R = np.repeat(np.arange(len(w)), w)
    repeated_X = X[np.ix_(R, R)] if metric == "precomputed" else X[R]
    repeated = cluster_distance_stats(repeated_X, codes[R], 4, sums=True, **kwargs).cluster_sums
    np.testing.assert_allclose(repeated[np.searchsorted(R, np.arange(len(w)))], sums[0], rtol=1e-12)


# ------------------------------------------------------------- the formulas written out


def _distances(X):
    X = np.asarray(X, dtype=float)
    return np.sqrt(((X[:, None] - X[None]) ** 2).sum(-1))


def _weighted_terms(D, labels, w):
    """Per object of weight > 0: a (the mean over its cluster's other copies, its own w - 1
    copies at distance 0 among them), b (the smallest weighted mean distance to another
    cluster) and whether its cluster holds another copy, by loops over D."""
    n = len(labels)
    clusters = sorted({labels[i] for i in range(n) if w[i] > 0})
    weight = {k: sum(w[j] for j in range(n) if labels[j] == k) for k in clusters}
    terms = {}
    for i in range(n):
        if w[i] == 0:
            continue
        own = labels[i]
        within = sum(w[j] * D[i, j] for j in range(n) if labels[j] == own and j != i)
        a = within / (weight[own] - 1) if weight[own] > 1 else 0.0
        b = min(sum(w[j] * D[i, j] for j in range(n) if labels[j] == k) / weight[k] for k in clusters if k != own)
        terms[i] = (a, b, weight[own] > 1)
    return terms


def _brute_silhouette(D, labels, w):
    widths = {}
    for i, (a, b, mates) in _weighted_terms(D, labels, w).items():
        widths[i] = (b - a) / max(a, b) if mates and max(a, b) > 0 else 0.0
    return widths


def _brute_bwp(D, labels, w):
    widths = {}
    for i, (a, b, mates) in _weighted_terms(D, labels, w).items():
        widths[i] = (b - a) / (a + b) if mates and a + b > 0 else 0.0
    return widths


def _small(seed: int):
    rng = np.random.default_rng(seed)
    X = np.round(rng.normal(size=(30, 2)) * 2)
    labels = rng.integers(0, 3, 30)
    w = rng.integers(0, 4, 30)
    labels[0], w[0] = 3, 2  # a singleton of two copies: mates, a = 0
    labels[1], w[1] = 4, 1  # a true singleton: width 0
    X[2] = X[3]  # a duplicate
    return X, labels, w


@pytest.mark.parametrize("seed", range(4))
def test_weighted_silhouette_is_its_formula(seed):
    X, labels, w = _small(seed)
    D = _distances(X)
    widths = _brute_silhouette(D, labels, w)
    got = classic.silhouette_samples(X, labels, sample_weight=w)
    want = np.array([widths.get(i, np.nan) for i in range(len(w))])
    np.testing.assert_allclose(got, want, rtol=1e-12, atol=1e-15)
    assert np.isnan(got[w == 0]).all() and got[0] == 1.0 and got[1] == 0.0
    total = sum(w[i] * s for i, s in widths.items())
    assert _same(classic.sil(X, labels, sample_weight=w), total / w.sum(), 1e-12)
    assert _same(classic.sil_sum(X, labels, sample_weight=w), total, 1e-12)
    # the same from a distance matrix, and as score computes it
    assert _same(classic.sil(D, labels, metric="precomputed", sample_weight=w), total / w.sum(), 1e-12)
    assert _same(clustval.score(labels, X=X, names=["sil"], sample_weight=w)["sil"], total / w.sum(), 1e-12)


@pytest.mark.parametrize("seed", range(4))
def test_weighted_bwp_is_its_formula(seed):
    X, labels, w = _small(seed)
    widths = _brute_bwp(_distances(X), labels, w)
    got = classic.bwp_samples(X, labels, sample_weight=w)
    np.testing.assert_allclose(got, [widths.get(i, np.nan) for i in range(len(w))], rtol=1e-12, atol=1e-15)
    total = sum(w[i] * s for i, s in widths.items())
    assert _same(classic.bwp(X, labels, sample_weight=w), total / w.sum(), 1e-12)
    assert _same(classic.bwp_sum(X, labels, sample_weight=w), total, 1e-12)


def _brute_igp(D, labels, w):
    """IGP of the objects repeated their weight's times, written out per object: a copy's
    nearest are its own other copies (distance 0) if it has any, else the objects at its
    smallest distance, each counted its weight's times."""
    n = len(labels)
    kept = [i for i in range(n) if w[i] > 0]
    inside, weight = {}, {}
    for i in kept:
        others = [j for j in kept if j != i]
        nearest = 0.0 if w[i] > 1 else min(D[i, j] for j in others)
        at = [j for j in others if D[i, j] == nearest]
        mates = w[i] - 1
        share = (mates + sum(w[j] for j in at if labels[j] == labels[i])) / (mates + sum(w[j] for j in at))
        inside[labels[i]] = inside.get(labels[i], 0.0) + w[i] * share
        weight[labels[i]] = weight.get(labels[i], 0) + w[i]
    return sum(inside[k] / weight[k] for k in weight) / len(weight)


@pytest.mark.parametrize("seed", range(4))
def test_weighted_igp_is_its_formula(seed):
    X, labels, w = _small(seed)
    X[4], labels[4], w[4] = X[5], (labels[5] + 1) % 3, 2  # copies that coincide with another cluster's object
    got = internal_scores(X, labels, ["igp"], sample_weight=w)["igp"]
    assert _same(got, _brute_igp(_distances(X), labels, w), 1e-12)
    assert _same(got, classic.igp(*_repeated(X, labels, w)), 1e-12)


def _pair_sums(D, labels, w):
    """Over the unordered pairs of the repeated objects, by loops over the given ones:
    (N_W, N_B, S_W, S_B) and each pair of clusters' weighted distance sum (ordered pairs)."""
    n = len(labels)
    W = {}
    for i in range(n):
        W[labels[i]] = W.get(labels[i], 0) + w[i]
    W = {k: v for k, v in W.items() if v > 0}
    n_within = sum(v * (v - 1) // 2 for v in W.values())
    total = sum(W.values())
    between_pairs = total * (total - 1) // 2 - n_within
    within = between = 0.0
    cross = {}
    for i in range(n):
        for j in range(n):
            if i != j and w[i] and w[j]:
                term = w[i] * w[j] * D[i, j]
                cross[labels[i], labels[j]] = cross.get((labels[i], labels[j]), 0.0) + term
                if i < j:
                    if labels[i] == labels[j]:
                        within += term
                    else:
                        between += term
    return n_within, between_pairs, within, between, cross, W


@pytest.mark.parametrize("seed", range(4))
def test_the_weighted_pair_sums_are_their_formulas(seed):
    X, labels, w = _small(seed)
    D = _distances(X)
    n_within, n_between, within, between, cross, W = _pair_sums(D, labels, w)
    total = n_within + n_between
    got = internal_scores(X, labels, ["point_biserial", "mcclain_rao", "gdi32", "gdi33", "gdi31"], sample_weight=w)
    assert _same(got["mcclain_rao"], (within / n_within) / (between / n_between), 1e-12)
    want = (between / n_between - within / n_within) * math.sqrt(n_within / total) * math.sqrt(n_between / total)
    assert _same(got["point_biserial"], want, 1e-12)
    # GDI3v: the weighted mean linkage over Delta_2, the weighted mean within distance
    mean_linkage = min(cross.get((k, l), 0.0) / (W[k] * W[l]) for k in W for l in W if k != l)
    mean_within = max(cross.get((k, k), 0.0) / (W[k] * (W[k] - 1)) if W[k] > 1 else 0.0 for k in W)
    assert _same(got["gdi32"], mean_linkage / mean_within, 1e-12)
    diameter = max(D[i, j] for i in range(len(w)) for j in range(len(w)) if w[i] and w[j] and labels[i] == labels[j])
    assert _same(got["gdi31"], mean_linkage / diameter, 1e-12)


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("centroid", ["other", "own"])
def test_weighted_delta5_and_dbi_are_their_formulas(seed, centroid):
    X, labels, w = _small(seed)
    D = _distances(X)
    *_, cross, W = _pair_sums(D, labels, w)
    clusters = sorted(W)
    members = {k: [i for i in range(len(w)) if labels[i] == k and w[i]] for k in clusters}
    c = {k: sum(w[i] * X[i] for i in members[k]) / W[k] for k in clusters}
    def to(i, k):
        return float(np.sqrt(((X[i] - c[k]) ** 2).sum()))
    def delta5(k, l):
        if centroid == "own":
            return (sum(w[i] * to(i, k) for i in members[k]) + sum(w[j] * to(j, l) for j in members[l])) / (W[k] + W[l])
        return (sum(w[i] * to(i, l) for i in members[k]) + sum(w[j] * to(j, k) for j in members[l])) / (W[k] + W[l])
    spread = {k: 2 * sum(w[i] * to(i, k) for i in members[k]) / W[k] for k in clusters}
    core = generalised_dunn.gdi53_from_partition  # its centroid is no option of score's: the core
    got = core(Partition(X, labels, needs=core.needs, sample_weight=w), centroid=centroid)
    separation = min(delta5(k, l) for k in clusters for l in clusters if k != l)
    assert _same(got, separation / max(spread.values()), 1e-12)
    # DBI: the weighted mean within distance of each cluster over the centroid distances
    avg = {k: cross.get((k, k), 0.0) / (W[k] * (W[k] - 1)) if W[k] > 1 else 0.0 for k in clusters}
    worst = [max((avg[k] + avg[l]) / float(np.sqrt(((c[k] - c[l]) ** 2).sum())) for l in clusters if l != k)
             for k in clusters]  # fmt: skip
    assert _same(internal_scores(X, labels, ["dbi"], sample_weight=w)["dbi"], float(np.mean(worst)), 1e-12)


def test_a_singleton_of_weight_two_has_mates_and_one_of_weight_one_none():
    X = [[0.0], [1.0], [10.0], [20.0]]
    # object 2 alone with two copies: a = 0, s = 1; object 3 alone once: s = 0
    widths = classic.silhouette_samples(X, [0, 0, 1, 2], sample_weight=[1, 1, 2, 1])
    assert widths[2] == 1.0 and widths[3] == 0.0
    np.testing.assert_allclose(widths, classic.silhouette_samples([[0.0], [1.0], [10.0], [10.0], [20.0]],
                                                                  [0, 0, 1, 1, 2])[[0, 1, 2, 4]])  # fmt: skip
    # two copies of an object that another cluster's objects coincide with: a = b = 0 gives 0, as repeated
    X, labels, w = [[0.0], [0.0], [0.0], [5.0]], [0, 1, 1, 2], [2, 1, 1, 1]
    assert classic.silhouette_samples(X, labels, sample_weight=w)[0] == 0.0
    assert _same(classic.sil(X, labels, sample_weight=w),
                 classic.sil([[0.0], [0.0], [0.0], [0.0], [5.0]], [0, 0, 1, 1, 2]))  # fmt: skip


@pytest.mark.parametrize("noise", ["cluster", "exclude", "singletons"])
def test_weights_and_each_noise_policy_equal_repetition(noise):
    # "singletons": a noise object of weight w is w clusters of one, as repeated
    X, labels, w = _small(1)
    labels[3:7], w[3] = -1, 3
    weighted = internal_scores(X, labels, NEWLY_WEIGHTED, sample_weight=w, noise=noise, undefined="nan")
    repeated = internal_scores(*_repeated(X, labels, w), NEWLY_WEIGHTED, noise=noise, undefined="nan")
    assert all(_same(weighted[name], repeated[name]) for name in NEWLY_WEIGHTED), (weighted, repeated)


def test_weights_of_one_and_no_weights_are_the_same_bits():
    X, labels, _ = _hard(1200, 8, 1)
    ones = np.ones(len(labels), dtype=int)
    for name in ("sil", "sil_sum"):
        assert internal_scores(X, labels, [name], sample_weight=ones) == internal_scores(X, labels, [name])
    np.testing.assert_array_equal(classic.silhouette_samples(X, labels, sample_weight=ones),
                                  classic.silhouette_samples(X, labels))  # fmt: skip


@pytest.mark.parametrize(
    ("weights", "message"),
    [
        (0.5, "weights are counts"),
        (-1.0, r"sample_weight\[0\] = -1.0"),
        (math.nan, r"sample_weight\[0\] = nan"),
        (math.inf, r"sample_weight\[0\] = inf"),
    ],
)
def test_bad_weights_are_one_line_errors(weights, message):
    X, labels, w = _small(0)
    given = np.r_[weights, w[1:]].astype(float)
    for call in (lambda: classic.sil(X, labels, sample_weight=given),
                 lambda: classic.silhouette_samples(X, labels, sample_weight=given),
                 lambda: clustval.score(labels, X=X, names=["sil"], sample_weight=given)):  # fmt: skip
        with pytest.raises(InputError, match=message) as caught:
            call()
        assert "\n" not in str(caught.value)


@pytest.mark.parametrize("d", [1, 8, 13])
@pytest.mark.parametrize("m", [0, 1, 7, 8, 9, 100, 512])
def test_a_weighted_row_is_folded_in_the_lane_order(m, d):
    # the weighted row step: its sum is of w_j d(i, j), each product rounded once, in the
    # order of LANES; each column's sum gets w_i d(i, j); minima and maxima as unweighted
    _compiled_engine()
    from clustval._engine.kernels import distances
    from clustval._engine.lanes import LANES
    from clustval._engine.rowstep import aligned_empty, row_step

    rng = np.random.default_rng(m * 100 + d)
    P = np.zeros((-(-d // 4) * 4, 530))
    P[:d] = rng.normal(size=(d, 530))
    weights = aligned_empty(530)
    weights[:] = rng.integers(1, 9, 530)
    i, j0, k = 3, 11, 2
    row = np.empty(m + LANES)
    distances(P, i, P, j0, j0 + m, row)
    row = row[:m]
    size = 512 + 2 * LANES
    col_sum, col_min, col_max = rng.random(size), rng.random(size), rng.random(size)
    want_sum = col_sum[k : k + m] + row * weights[i]
    want_min, want_max = np.minimum(col_min[k : k + m], row), np.maximum(col_max[k : k + m], row)
    total, lowest, highest = row_step(P, i, j0, j0 + m, aligned_empty(512 + LANES), col_sum, col_min, col_max, k,
                                      True, weights)  # fmt: skip
    a = [0.0] * LANES
    for j in range(m):
        a[j % LANES] += float(row[j] * weights[j0 + j])
    assert total == ((a[0] + a[1]) + (a[2] + a[3])) + ((a[4] + a[5]) + (a[6] + a[7]))
    assert lowest == (row.min() if m else np.inf) and highest == (row.max() if m else 0.0)
    np.testing.assert_array_equal(col_sum[k : k + m], want_sum)
    np.testing.assert_array_equal(col_min[k : k + m], want_min)
    np.testing.assert_array_equal(col_max[k : k + m], want_max)


# ------------------------------------------------------------- the entry points that weigh


def test_the_newly_weighted_indices_are_those_the_registry_says():
    assert set(NEWLY_WEIGHTED) <= set(WEIGHTED)


def test_clustval_dask_weighs_every_index_that_takes_weights():
    # the tasks weigh their blocks' sums and shares: the same bits as in memory
    pytest.importorskip("dask.distributed")
    import logging

    from dask.distributed import Client, LocalCluster

    import clustval.dask

    X, labels, w = _hard(1500, 4, 2)
    in_memory = internal_scores(X, labels, sample_weight=w, undefined="nan")
    assert list(in_memory) == WEIGHTED
    with LocalCluster(n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None,
                      silence_logs=logging.CRITICAL) as cluster, Client(cluster) as client:  # fmt: skip
        on_tasks = clustval.dask.internal_scores(X, labels, client=client, sample_weight=w, undefined="nan", tasks=3)
        named = clustval.dask.internal_scores(X, labels, ["sil", "igp"], client=client, sample_weight=w, tasks=2)
        with pytest.raises(InputError, match="DBCV takes no sample_weight with dbcv_tree = 'hdbscan'") as caught:
            clustval.dask.internal_scores(X, labels, ["dbcv"], client=client, sample_weight=w, dbcv_tree="hdbscan")
        # the neighbour lists and DBCV on data where they are defined (above: singletons)
        L, y, c = _lattice(0, n=120)
        lattice = clustval.dask.internal_scores(L, y, ["wcnn", "dunnowa", "dbcv", "conn", "hubert"], client=client,
                                                sample_weight=c, dunnowa_m=5, tasks=2)  # fmt: skip
    assert lattice == internal_scores(L, y, list(lattice), sample_weight=c, dunnowa_m=5)
    assert all(map(math.isfinite, lattice.values()))
    assert "\n" not in str(caught.value)
    assert list(on_tasks) == WEIGHTED
    assert all(on_tasks[k] == in_memory[k] or (math.isnan(on_tasks[k]) and math.isnan(in_memory[k])) for k in WEIGHTED)
    assert named == {"sil": in_memory["sil"], "igp": in_memory["igp"]}


@pytest.mark.parametrize("name", ["sil", "bwp", "igp", "dbi", "mcclain_rao", "gdi32", "hubert", "conn", "dbcv"])
def test_the_bootstrap_resamples_the_newly_weighted_indices_as_counts(name, monkeypatch):
    import sys

    from clustval.bootstrap import bootstrap
    from clustval.indices import scoring

    rng = np.random.default_rng(4)
    X = np.round(np.vstack([rng.normal(0, 1, (10, 2)), rng.normal(4, 1, (10, 2)), rng.normal((0, 5), 1, (10, 2))]), 1)
    labels = np.repeat([0, 1, 2], 10)
    on_rows = bootstrap(lambda X, y: internal_scores(X, y, [name], undefined="nan")[name], X, labels,
                        n_resamples=25, seed=5)  # fmt: skip
    # by name: each resample as counts of copies, every partition built on X itself
    monkeypatch.setattr(sys.modules["clustval.bootstrap"], "_take", lambda *args: pytest.fail("X's rows were copied"))
    seen, of_objects = [], scoring.Partition.of_objects
    monkeypatch.setattr(scoring.Partition, "of_objects", lambda data, *a, **k: seen.append(data) or of_objects(data, *a, **k))
    on_counts = bootstrap(name, X, labels, n_resamples=25, seed=5)
    # each resample (and the estimate, where the index's function takes that road: DBCV)
    assert len(seen) - (name == "dbcv") == 25 and all(data is X for data in seen)
    np.testing.assert_allclose(on_counts.values, on_rows.values, rtol=1e-10)


# ------------------------------------------------- the neighbour lists: WCNN and DuNN-OWA
# (a copy lies at 0 from its copies: a Min over the pairs inside a cluster is 0 as soon as a weight is 2)
OWA_FORMS = [("Min", "Max"), ("Mean", "Mean"), ("Max", "Mean"), ("SMin:2", "Const"), ("SMax:1", "SMax:3")]


def _lattice(seed: int, n: int = 60):
    """(X, labels, weights): three clusters on a lattice, half a step apart (odd seeds: touching),
    with tied distances at every radius, duplicate rows (in one cluster; in two for odd
    seeds), weights 0..4 (a weight of 4 makes a copy's first 3 neighbours its own copies)."""
    rng = np.random.default_rng(seed)
    labels = np.concatenate([np.arange(3), rng.integers(0, 3, n - 3)])
    X = rng.integers(0, 6, size=(n, 2)).astype(float) + (4 if seed % 2 else 4.5) * labels[:, None]
    X[n - 5 :] = X[:5]
    if seed % 2 == 0:
        labels[n - 5 :] = labels[:5]
    return X, labels, rng.integers(0, 5, n)


def _neighbour_values(X, labels, w, M):
    """WCNN_M and DuNN_M under each OWA pair: through the core (the registry's WCNN has
    M = 25) on a partition weighted by ``w`` (None: not weighted)."""
    p = Partition(X, labels, sample_weight=w)
    values = {"wcnn": neighbours.wcnn_from_partition(p, M)}
    for a, b in OWA_FORMS:
        values[a, b] = neighbours.dunnowa_from_partition(p, M, a, b)
    return values


@pytest.mark.parametrize("seed", range(6))
def test_the_neighbour_indices_equal_repetition(seed):
    X, labels, w = _lattice(seed)
    if seed == 5:
        w = np.ones_like(w)  # weights of 1 everywhere
    informative = 0
    for M in (1, 2, 3, 7, 30):
        weighted = _neighbour_values(X, labels, w, M)
        repeated = _neighbour_values(*_repeated(X, labels, w), None, M)
        assert all(_same(weighted[key], repeated[key]) for key in weighted), (M, weighted, repeated)
        informative += sum(math.isfinite(v) and v != 0 for v in repeated.values())
    assert informative > 5
    # the registry's entries, through score
    weighted = internal_scores(X, labels, NEAR_NEIGHBOURS, sample_weight=w, dunnowa_m=5)
    repeated = internal_scores(*_repeated(X, labels, w), NEAR_NEIGHBOURS, dunnowa_m=5)
    assert all(_same(weighted[name], repeated[name]) for name in NEAR_NEIGHBOURS), (weighted, repeated)


def test_weights_of_one_leave_the_neighbour_indices_as_they_are():
    X, labels, _ = _lattice(0)
    for M in (1, 3, 7):
        assert _neighbour_values(X, labels, np.ones(len(labels)), M) == _neighbour_values(X, labels, None, M)


def test_a_copys_first_neighbours_are_its_own_copies():
    # 10 weighs 3: a copy's 2 nearest are its 2 other copies, at 0
    X, labels, w = np.array([[0.0], [1.0], [10.0], [11.0], [12.0], [13.0]]), np.array([0, 0, 0, 1, 1, 1]), [1, 1, 3, 1, 1, 1]
    p = Partition(X, labels, sample_weight=w)
    # own shares of the 2 slots: 0 -> 1, 10; 1 -> 0, 10; 10 -> its copies (3 times); 11 -> 12
    # and 10's 3 copies, all at 1 (1/4 own each); 12 -> 11, 13; 13 -> 12, 11
    assert neighbours.wcnn_from_partition(p, 2) == (2 + 2 + 3 * 2 + 2 / 4 + 2 + 2) / (8 * 2)
    # the nearest crossing 1 (11 to 10) over the farthest inside 10 (0 to 10)
    assert neighbours.dunnowa_from_partition(p, 2, "Min", "Max") == 1 / 10
    repeated = Partition(*_repeated(X, labels, w))
    assert neighbours.wcnn_from_partition(repeated, 2) == neighbours.wcnn_from_partition(p, 2)
    assert neighbours.dunnowa_from_partition(repeated, 2, "Min", "Max") == 1 / 10


def test_weighted_neighbour_indices_take_the_tree_as_the_repeated_rows_do(monkeypatch):
    rng = np.random.default_rng(8)
    X, labels, w = rng.normal(size=(900, 3)), rng.integers(0, 4, 900), rng.integers(1, 4, 900)
    X[:40] = X[40:80]  # ties at distance 0 across rows
    names = ["wcnn", "dunnowa", "dunnowa_m25_mean_mean"]
    all_pairs = internal_scores(X, labels, names, sample_weight=w)
    monkeypatch.setattr(knn, "TREE_MIN_N", 100)
    assert internal_scores(X, labels, names, sample_weight=w) == all_pairs
    repeated = internal_scores(*_repeated(X, labels, w), names)
    assert all(_same(all_pairs[name], repeated[name]) for name in names) and all(map(math.isfinite, repeated.values()))


# ------------------------------------------------------------------------ NbClust's Hubert


def _brute_hubert(X, labels, w):
    """Hubert's Gamma of the repeated objects as a weighted Pearson correlation over the given
    pairs: pair (i, j) counts w_i w_j times, and each object's w_i (w_i - 1) / 2 pairs of its
    own copies count at d = 0, q = 0 (within a cluster)."""
    kept = np.flatnonzero(w)
    X, labels, w = np.asarray(X, dtype=float)[kept], np.asarray(labels)[kept], np.asarray(w)[kept]
    centroid = {k: (w[labels == k, None] * X[labels == k]).sum(axis=0) / w[labels == k].sum() for k in set(labels)}
    D = _distances(X)
    pairs = [(w[i] * w[j], D[i, j], math.dist(centroid[labels[i]], centroid[labels[j]]))
             for i in range(len(w)) for j in range(i + 1, len(w))]  # fmt: skip
    pairs += [(w[i] * (w[i] - 1) / 2, 0.0, 0.0) for i in range(len(w))]
    total = sum(c for c, _, _ in pairs)
    mean_d, mean_q = (sum(c * v[k] for c, *v in pairs) / total for k in (0, 1))
    cov = sum(c * (d - mean_d) * (q - mean_q) for c, d, q in pairs)
    var_d = sum(c * (d - mean_d) ** 2 for c, d, _ in pairs)
    var_q = sum(c * (q - mean_q) ** 2 for c, _, q in pairs)
    return cov / math.sqrt(var_d * var_q)


@pytest.mark.parametrize("seed", range(4))
def test_weighted_hubert_is_a_weighted_correlation_over_the_pairs(seed):
    X, labels, w = _small(seed)
    got = internal_scores(X, labels, ["hubert"], sample_weight=w)["hubert"]
    assert _same(got, _brute_hubert(X, labels, w), 1e-12)
    assert _same(got, clustval.hubert(*_repeated(X, labels, w)))
    ones = np.ones(len(w))
    assert internal_scores(X, labels, ["hubert"], sample_weight=ones)["hubert"] == clustval.hubert(X, labels)


# ----------------------------------------------------------- CONN, every copy a prototype


@pytest.mark.parametrize("seed", range(6))
def test_conn_equals_repetition(seed):
    X, labels, w = _lattice(seed, n=45)
    if seed == 5:
        w = np.ones_like(w)  # weights of 1 everywhere
    for inter in cvi.CONN_INTERS:
        weighted = cvi.conn_from_partition(Partition(X, labels, sample_weight=w), inter=inter)
        repeated = cvi.conn(*_repeated(X, labels, w), inter=inter)
        assert _same(weighted, repeated) and (weighted != 0 or inter == "cvi"), (inter, weighted, repeated)
    got = internal_scores(X, labels, ["conn"], sample_weight=w)["conn"]
    assert _same(got, clustval.conn(*_repeated(X, labels, w)))
    if seed == 5:
        assert got == clustval.conn(X, labels)


def test_conn_of_copies_by_hand():
    # 5 weighs 2: each copy's BMU2 is the other; 3 is 2 from 1 and from both copies of 5 (1/3 each)
    X, labels, w = np.array([[0.0], [1.0], [3.0], [5.0]]), np.array([0, 0, 1, 1]), [1, 1, 1, 2]
    # intra (1 + (2/3 + 2) / 3) / 2; inter: C0's border is 1 (CONN 1/3 of its 7/3), C1's is 3 (1/3 of 1)
    want = (1 + 8 / 9) / 2 * (1 - (1 / 7 + 1 / 3) / 2)
    assert _same(internal_scores(X, labels, ["conn"], sample_weight=w)["conn"], want, 1e-15)
    assert _same(clustval.conn(*_repeated(X, labels, w)), want, 1e-15)


def test_conn_takes_the_tree_with_weights_as_without(monkeypatch):
    X, labels, w = _lattice(2, n=300)
    all_pairs = internal_scores(X, labels, ["conn"], sample_weight=w)
    monkeypatch.setattr(knn, "TREE_MIN_N", 100)
    assert internal_scores(X, labels, ["conn"], sample_weight=w) == all_pairs
    assert _same(all_pairs["conn"], clustval.conn(*_repeated(X, labels, w)))


def test_conn_refuses_weights_with_kmeans_prototypes():
    X, labels, w = _lattice(0)
    with pytest.raises(InputError, match="k-means prototypes take no sample_weight") as caught:
        cvi.conn_from_partition(Partition(X, labels, sample_weight=w), prototypes=2)
    assert "\n" not in str(caught.value)


# ---------------------------------------------------- DBCV: a row's copies on one tree vertex


@pytest.mark.parametrize("seed", range(6))
def test_dbcv_equals_repetition(seed):
    X, labels, w = _lattice(seed, n=50)
    labels[[7, 11]], w[[7, 11]] = -1, [2, 1]  # noise: out of the clusters but in n with its copies, or a cluster
    if seed == 5:
        w = np.ones_like(w)  # weights of 1 everywhere
    for metric in ("euclidean", "sqeuclidean", "cityblock"):
        for noise in ("exclude", "cluster"):
            weighted = internal_scores(X, labels, ["dbcv"], sample_weight=w, dbcv_metric=metric, noise=noise)
            repeated = internal_scores(*_repeated(X, labels, w), ["dbcv"], dbcv_metric=metric, noise=noise)
            assert _same(weighted["dbcv"], repeated["dbcv"]), (metric, noise, weighted, repeated)
    if seed == 5:
        assert weighted == internal_scores(X, labels, ["dbcv"], noise="cluster", dbcv_metric="cityblock")


def test_dbcv_of_a_point_with_copies_is_that_of_its_repetition():
    # 0 weighs 3: its core distance is 0 and it lies inside its cluster's tree, as its copies would
    X, labels, w = np.array([[0.0], [1.0], [3.0], [10.0], [11.0], [13.0]]), np.array([0, 0, 0, 1, 1, 1]), [3, 1, 1, 1, 2, 1]
    got = clustval.score(labels, X=X, names=["dbcv"], sample_weight=w)["dbcv"]
    assert _same(got, clustval.dbcv(*_repeated(X, labels, w)), 1e-15) and got != clustval.dbcv(X, labels)
    # a cluster of copies of one point is undefined, weighted or repeated
    with pytest.raises(UndefinedIndexError, match="copies of one point"):
        clustval.score([0, 0, 1, 1], X=[[0.0], [0.0], [5.0], [6.0]], names=["dbcv"], sample_weight=[1, 2, 1, 1])
    with pytest.raises(UndefinedIndexError, match="3 members are copies of one point"):
        clustval.score([0, 1, 1], X=[[0.0], [5.0], [6.0]], names=["dbcv"], sample_weight=[3, 1, 1])


def test_dbcv_equals_repetition_through_the_compiled_kernels():
    _compiled_engine()
    rng = np.random.default_rng(4)
    labels = rng.integers(0, 4, 1500)
    X, w = np.round(rng.normal(size=(1500, 3)) * 3) + 12 * labels[:, None], rng.integers(0, 4, 1500)
    weighted = internal_scores(X, labels, ["dbcv"], sample_weight=w)["dbcv"]
    assert _same(weighted, clustval.dbcv(*_repeated(X, labels, w))) and weighted > 0
