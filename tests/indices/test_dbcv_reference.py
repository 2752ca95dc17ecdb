"""DBCV as its authors and its peers compute it (clustval.indices.density): the authors' four
data sets and two small cases at the values of their MATLAB code, hdbscan's values in other
metrics, a loop-by-loop oracle of the MATLAB code's rules on random data in every metric,
the one-cluster and singleton cases, and the spread the tie rule causes."""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import numpy as np
import pytest

import clustval
from clustval._engine.metrics import Metric
from clustval._engine.pairwise import exact_distances
from clustval.errors import InputError, UndefinedIndexError
from clustval.indices import density
from clustval.indices.density import dbcv
from clustval.indices.partition import Partition

ROOT = Path(__file__).resolve().parents[2]
REFERENCE = ROOT / "tests" / "fixtures" / "dbcv_reference"
VALUES = json.loads((REFERENCE / "values.json").read_text())
sys.path.insert(0, str(ROOT / "tools"))
from dbcv_values import CASES, make  # noqa: E402  (the seeded sets of tests/fixtures/dbcv)

METRICS = ["euclidean", "sqeuclidean", "cityblock", "chebyshev", "cosine", "correlation", Metric("minkowski", p=3)]


def _authors(name: str) -> tuple[np.ndarray, np.ndarray]:
    """A reference set: X and its labels, the MATLAB code's noise label 0 as clustval's -1."""
    data = np.loadtxt(REFERENCE / name)
    labels = data[:, -1].astype(int)
    return data[:, :-1], np.where(labels == 0, -1, labels)


def _metric_distances(X: np.ndarray, metric) -> np.ndarray:
    """The distances DBCV reads: clustval's own (the oracle tests the rules, not the rounding
    of another library's distances, which could break an exact tie the other way)."""
    metric = metric if isinstance(metric, Metric) else Metric(metric)
    if metric.euclidean:
        return exact_distances(X, X)
    rows = metric.prepare(np.asarray(X, dtype=float))
    D = metric.block(rows, rows)
    np.fill_diagonal(D, 0.0)
    return D


def matlab_dbcv(X, labels, metric="sqeuclidean") -> float:
    """The authors' MATLAB code's DBCV (dbcv.m, MST_Edges.m, matrix_mutual_reachability_distance.m)
    with plain loops: noise is -1 here (0 there), singleton clusters are noise, fewer than two
    clusters score 0; the core distance's sum leaves out the zero distances, a zero sum is a
    zero core distance; Prim's tree from each cluster's first row, a weight replaced only by a
    strictly lighter one, the next vertex the first of the lightest; internal nodes those of
    degree != 1 (all members when none), internal edges between two of them."""
    X, labels = np.asarray(X, dtype=float), np.asarray(labels)
    n_all, d = X.shape
    sizes = {c: int((labels == c).sum()) for c in set(labels.tolist()) - {-1}}
    clusters = sorted(c for c, size in sizes.items() if size > 1)
    if len(clusters) < 2:
        return 0.0
    D = _metric_distances(X, metric)
    core = np.zeros(n_all)
    internal, sparseness = {}, {}
    for c in clusters:
        members = np.flatnonzero(labels == c)
        m = members.size
        for i in members:
            total = 0.0
            for j in members:
                if D[i, j] > 0:
                    total += D[i, j] ** (-d)
            mean = total / (m - 1)
            core[i] = mean ** (-1.0 / d) if mean > 0 else 0.0
        weight = [[max(core[members[a]], core[members[b]], D[members[a], members[b]]) for b in range(m)]
                  for a in range(m)]  # fmt: skip
        in_tree, best, parent = [False] * m, [math.inf] * m, list(range(m))
        edges, degree, v = [], [0] * m, 0
        for _ in range(m - 1):
            in_tree[v] = True
            lightest, following = math.inf, -1
            for w in range(m):
                if in_tree[w]:
                    continue
                if best[w] > weight[v][w]:
                    best[w], parent[w] = weight[v][w], v
                if lightest > best[w]:
                    lightest, following = best[w], w
            edges.append((parent[following], following, weight[parent[following]][following]))
            degree[parent[following]] += 1
            degree[following] += 1
            v = following
        inner = [a for a in range(m) if degree[a] != 1]
        inner_edges = [w for a, b, w in edges if a in inner and b in inner]
        sparseness[c] = max(inner_edges) if inner_edges else max(w for _, _, w in edges)
        internal[c] = members[inner] if inner else members
    total = 0.0
    for c in clusters:
        separation = min(max(D[i, j], core[i], core[j]) for o in clusters if o != c
                         for i in internal[c] for j in internal[o])  # fmt: skip
        total += sizes[c] * (separation - sparseness[c]) / max(separation, sparseness[c])
    return total / n_all


# --------------------------------------------------------------------------------------
# The authors' values
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(VALUES["values"]))
def test_the_authors_sets_at_their_matlab_values(name):
    X, labels = _authors(name)
    expected = VALUES["values"][name]
    got = dbcv(X, labels, metric="sqeuclidean", tree="matlab", noise="exclude")
    assert math.isclose(got, expected, rel_tol=VALUES["rtol"], abs_tol=VALUES["atol"])  # the peer's tolerance
    assert got == pytest.approx(expected, rel=1e-12)  # what clustval reaches: the same arithmetic
    # the same through score() and its options, and by the numpy path
    assert clustval.score(labels, X=X, names=["dbcv"], noise="exclude", dbcv_metric="sqeuclidean",
                          dbcv_tree="matlab")["dbcv"] == got  # fmt: skip


def test_the_authors_readme_value_scores_their_noise_as_a_cluster():
    # the MATLAB code reads 0 as noise; the authors' own files label it -1, a cluster there
    readme = VALUES["readme"]
    X, labels = _authors(readme["file"])
    got = dbcv(X, labels, metric="sqeuclidean", tree="matlab", noise="cluster")
    assert got == pytest.approx(readme["value"], abs=readme["atol"])


def test_the_numpy_path_gives_the_authors_values_too(monkeypatch):
    monkeypatch.setenv("CLUSTVAL_ENGINE", "numpy")
    X, labels = _authors("dataset_4.txt")
    got = dbcv(X, labels, metric="sqeuclidean", tree="matlab", noise="exclude", memory_budget_mb=0.5)
    assert got == pytest.approx(VALUES["values"]["dataset_4.txt"], rel=1e-12)


# The spread the tie rule causes on the authors' sets (docs/indices.md's table): Euclidean,
# the paper's distance, under each rule; 0.345 / -0.151 / -0.098 on dataset_2
SPREAD = {
    "dataset_1.txt": (0.685105, 0.337728, 0.657237),
    "dataset_2.txt": (0.344712, -0.151089, -0.097739),
    "dataset_3.txt": (0.438448, 0.165561, 0.278462),
    "dataset_4.txt": (0.594606, 0.322244, 0.474892),
}


@pytest.mark.parametrize("name", sorted(SPREAD))
def test_the_spread_of_the_tie_rule_as_documented(name):
    X, labels = _authors(name)
    got = [dbcv(X, labels, tree=tree, noise="exclude") for tree in ("matlab", "distance", "hdbscan")]
    assert got == pytest.approx(SPREAD[name], abs=5e-7)


# --------------------------------------------------------------------------------------
# hdbscan in other metrics, and the MATLAB rules by their oracle
# --------------------------------------------------------------------------------------

HDBSCAN = json.loads((REFERENCE / "hdbscan_metrics.json").read_text())["values"]


@pytest.mark.parametrize("row", HDBSCAN, ids=lambda row: f"{row['case']}-{row['metric']}")
def test_hdbscan_values_in_its_metrics(row):
    X, labels = make(*CASES[row["case"]])
    assert dbcv(X, labels, tree="hdbscan", metric=row["metric"], noise="exclude") == pytest.approx(row["dbcv"], rel=1e-12)


def _random_case(seed: int):
    rng = np.random.default_rng(seed)
    k = int(rng.integers(2, 5))
    n = int(rng.integers(3 * k, 60))
    labels = np.concatenate([np.arange(k), np.arange(k), rng.integers(0, k, n - 2 * k)])
    X = rng.normal(size=(n, int(rng.integers(1, 4)))) + 2.5 * labels[:, None]
    if seed % 3 == 0:  # noise and a singleton cluster: out of the clusters, in n
        labels[rng.random(n) < 0.1] = -1
        labels[0] = k
    return X, labels


@pytest.mark.parametrize("metric", METRICS, ids=str)
@pytest.mark.parametrize("seed", range(6))
def test_matlab_rule_equals_its_oracle_in_every_metric(metric, seed):
    X, labels = _random_case(seed)
    if metric in ("cosine", "correlation"):  # directions: a few features, away from the origin
        X = np.hstack([X, np.random.default_rng(seed).normal(size=(len(X), 3))]) + 3.0
    got = dbcv(X, labels, metric=metric, tree="matlab", noise="exclude")
    assert got == pytest.approx(matlab_dbcv(X, labels, metric), rel=1e-10, abs=1e-12)
    order = np.random.default_rng(seed).permutation(len(labels))  # the rule follows the rows' order
    assert dbcv(X[order], labels[order], metric=metric, tree="matlab", noise="exclude") == pytest.approx(
        matlab_dbcv(X[order], labels[order], metric), rel=1e-10, abs=1e-12)


def test_the_matlab_tree_is_a_star_where_the_distance_rule_is_a_path():
    # four points on a line: every mutual reachability ties at the core distances; the MATLAB
    # code hangs the tied vertices on the first that offered the weight
    X = np.array([[0.0], [1.0], [2.0], [3.0], [10.0], [11.0], [12.0], [13.0]])
    labels = np.repeat([0, 1], 4)
    for metric in ("euclidean", "sqeuclidean"):
        assert dbcv(X, labels, metric=metric, tree="matlab") == pytest.approx(matlab_dbcv(X, labels, metric), rel=1e-12)
    w = np.full((4, 4), 2.0)
    np.fill_diagonal(w, 0.0)
    assert density.minimum_spanning_tree(w, w, tree="matlab")[:, :2].tolist() == [[0, 1], [0, 2], [0, 3]]


@pytest.mark.parametrize("metric", ["euclidean", "sqeuclidean", "cityblock"])
def test_metric_options_reach_every_entry_point_and_engine(metric, monkeypatch):
    X, labels = make(*CASES["blobs_d3_noise"])
    want = dbcv(X, labels, metric=metric, noise="exclude")
    assert clustval.dbcv(X, labels, metric=metric, noise="exclude") == want
    assert clustval.internal_scores(X, labels, ["dbcv"], noise="exclude", dbcv_metric=metric)["dbcv"] == want
    for tree in ("distance", "matlab"):
        compiled = dbcv(X, labels, metric=metric, tree=tree, noise="exclude")
        with monkeypatch.context() as patch:
            patch.setenv("CLUSTVAL_ENGINE", "numpy")
            assert dbcv(X, labels, metric=metric, tree=tree, noise="exclude", memory_budget_mb=0.01) == compiled


@pytest.mark.parametrize("metric", ["sqeuclidean", "cityblock", "cosine"])
@pytest.mark.parametrize("tree", ["distance", "hdbscan", "matlab"])
def test_compiled_passes_equal_the_numpy_path_bit_for_bit_in_each_metric(metric, tree):
    pytest.importorskip("numba")
    from clustval._engine import compiled

    kernels = compiled.kernels()
    if kernels is None:
        pytest.skip("the compiled engine is off")
    rng = np.random.default_rng(7)
    sizes = [300, 2, 3, 80]
    X = np.round(rng.normal(size=(sum(sizes), 3)) * 3) / 3 + np.repeat(np.arange(4), sizes)[:, None] + 0.5
    labels = rng.permutation(np.repeat(np.arange(4), sizes))
    m = density._dbcv_metric(metric)
    p = Partition(X, labels)
    points, copies = density._clusters(p, tree, m.prepare(p.X))
    want = [density._tree_numpy(x, c, 0.05, tree, m) for x, c in zip(points, copies)]
    for (core, edges), (want_core, want_edges) in zip(density._trees_compiled(kernels, points, copies, tree, m), want):
        np.testing.assert_array_equal(core, want_core)
        np.testing.assert_array_equal(edges, want_edges)
    inner = [density._inside(x, c, *t, tree)[:2] for x, c, t in zip(points, copies, want)]
    np.testing.assert_array_equal(density._separations(inner, 1.0, kernels, m), density._separations(inner, 0.05, None, m))


def test_a_homogeneous_metric_leaves_the_value_unchanged_by_the_datas_scale():
    X, labels = make(*CASES["moons_d2"])
    for metric in ("sqeuclidean", "cityblock", "chebyshev"):
        for tree in ("distance", "matlab"):
            value = dbcv(X, labels, metric=metric, tree=tree)
            assert dbcv(X * 1024.0, labels, metric=metric, tree=tree) == pytest.approx(value, rel=1e-12)


# --------------------------------------------------------------------------------------
# One cluster, singletons, bad options (hdbscan#484)
# --------------------------------------------------------------------------------------


def test_one_cluster_raises_one_line_or_scores_the_authors_zero():
    X, _ = make(*CASES["blobs_d2"])
    one = np.zeros(len(X), dtype=int)
    for tree in ("distance", "hdbscan"):
        with pytest.raises(UndefinedIndexError, match="single cluster") as caught:
            dbcv(X, one, tree=tree)
        assert "\n" not in str(caught.value) and "tree='matlab'" in str(caught.value)
    assert dbcv(X, one, tree="matlab") == 0.0
    # one cluster left once the noise and the singletons are out: the MATLAB code's 0 too
    labels = one.copy()
    labels[:5], labels[5] = -1, 3
    assert dbcv(X, labels, tree="matlab", noise="exclude") == 0.0
    assert dbcv(X, np.arange(len(X)), tree="matlab") == 0.0  # every object a singleton: all noise
    # score() under undefined="nan" reads the same rules
    assert math.isnan(clustval.score(one, X=X, names=["dbcv"], undefined="nan")["dbcv"])
    assert clustval.score(one, X=X, names=["dbcv"], dbcv_tree="matlab")["dbcv"] == 0.0


def test_singletons_are_the_matlab_codes_noise():
    X, labels = make(*CASES["blobs_d2"])
    labels = labels.copy()
    labels[[3, 17]] = [7, 8]  # two singleton clusters
    as_noise = np.where(np.isin(labels, [7, 8]), -1, labels)
    got = dbcv(X, labels, metric="sqeuclidean", tree="matlab")
    assert got == dbcv(X, as_noise, metric="sqeuclidean", tree="matlab", noise="exclude")
    assert got == pytest.approx(matlab_dbcv(X, labels), rel=1e-10)
    with pytest.raises(UndefinedIndexError, match="singleton"):
        dbcv(X, labels)


def test_bad_metrics_are_one_line_errors():
    X, labels = make(*CASES["blobs_d2"])
    for metric, message in (("minkowski", "Metric\\('minkowski', p="), ("precomputed", "not a distance matrix"),
                            ("hamming", "dbcv_metric"), (3, "dbcv_metric")):  # fmt: skip
        with pytest.raises(InputError, match=message) as caught:
            dbcv(X, labels, metric=metric)
        assert "\n" not in str(caught.value)
    with pytest.raises(InputError, match="dbcv_metric"):
        clustval.score(labels, X=X, names=["dbcv"], metric="sqeuclidean")
