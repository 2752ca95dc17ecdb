"""DBCV (clustval.indices.density) against hdbscan's stored values and a brute-force oracle."""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import numpy as np
import pytest

import clustval
from clustval.errors import InputError, UndefinedIndexError
from clustval.indices.density import dbcv
from tests import conftest

FIXTURES = sorted((conftest.FIXTURES / "dbcv").glob("*.json"))
sys.path.insert(0, str(conftest.REPO / "tools"))
from dbcv_values import make  # the fixtures' data, rebuilt from their seeds


def _case(path: Path):
    record = json.loads(path.read_text())
    X, labels = make(*record["case"].values())
    return X, labels, record


def brute_force_dbcv(X, labels) -> float:
    """The paper's definitions with plain loops (Moulavi et al. 2014, Defs. 1-6), noise (-1)
    out of the clusters but in n; the tree by Kruskal on (mutual reachability, raw distance),
    the order-free tie rule of ``tree="distance"``."""
    X = [list(map(float, row)) for row in X]
    labels = [int(v) for v in labels]
    n, d = len(X), len(X[0])

    def dist(i, j):
        return math.sqrt(sum((a - b) ** 2 for a, b in zip(X[i], X[j])))

    clusters = {c: [i for i in range(n) if labels[i] == c] for c in sorted(set(labels) - {-1})}
    core, internal, sparseness = {}, {}, {}
    for c, members in clusters.items():
        for i in members:
            core[i] = (sum(dist(i, j) ** -d for j in members if j != i) / (len(members) - 1)) ** (-1 / d)
        edges = sorted((max(dist(i, j), core[i], core[j]), dist(i, j), i, j)
                       for a, i in enumerate(members) for j in members[a + 1:])  # fmt: skip
        root = {i: i for i in members}

        def find(i, root=root):
            while root[i] != i:
                i = root[i]
            return i

        tree = []
        for weight, _, i, j in edges:
            if find(i) != find(j):
                root[find(i)] = find(j)
                tree.append((i, j, weight))
        degree = {i: sum(i in edge[:2] for edge in tree) for i in members}
        internal[c] = [i for i in members if degree[i] > 1] or members
        inner = [w for i, j, w in tree if i in internal[c] and j in internal[c]]
        sparseness[c] = max(inner or [w for _, _, w in tree])
    total = 0.0
    for c, members in clusters.items():
        sep = min(max(dist(i, j), core[i], core[j]) for o in clusters if o != c
                  for i in internal[c] for j in internal[o])  # fmt: skip
        total += len(members) / n * (sep - sparseness[c]) / max(sep, sparseness[c])
    return total


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_hdbscan_values_with_its_tree(path):
    X, labels, record = _case(path)
    assert dbcv(X, labels, tree="hdbscan", noise="exclude") == pytest.approx(record["dbcv"], rel=1e-10)


@pytest.mark.parametrize("path", FIXTURES[:4], ids=lambda p: p.stem)
def test_paper_by_brute_force_and_the_same_for_any_order(path):
    X, labels, _ = _case(path)
    value = dbcv(X, labels, noise="exclude")
    assert value == pytest.approx(brute_force_dbcv(X, labels), rel=1e-10)
    order = np.random.default_rng(0).permutation(len(labels))
    assert dbcv(X[order], labels[order], noise="exclude") == pytest.approx(value, rel=1e-12)


def test_hand_worked_example_and_noise_counts_in_n():
    X = [[0.0, 0.0], [1.0, 0.0], [2.0, 0.0], [10.0, 0.0], [11.0, 0.0], [12.0, 0.0]]
    # cluster {0, 1, 2}: a(0) = ((1 + 1/4) / 2)^(-1/2) = sqrt(8/5), a(1) = 1; the tree's one
    # internal node is 1, no internal edge: DSC = sqrt(8/5); DSPC = m(1, 4) = 10
    expected = (10 - math.sqrt(8 / 5)) / 10
    assert dbcv(X, [0, 0, 0, 1, 1, 1]) == pytest.approx(expected, rel=1e-15)
    with_noise = [*X, [6.0, 5.0]]
    assert dbcv(with_noise, [0, 0, 0, 1, 1, 1, -1], noise="exclude") == pytest.approx(expected * 6 / 7, rel=1e-15)
    # the scoring entry points too: the other indices score the clustered objects alone,
    # DBCV counts the noise in n
    labels = [0, 0, 0, 1, 1, 1, -1]
    scored = clustval.score(labels, X=with_noise, names=["dbcv", "sil"], noise="exclude")
    assert scored["dbcv"] == pytest.approx(expected * 6 / 7, rel=1e-15)
    assert scored["sil"] == clustval.sil(X, labels[:6])
    assert clustval.internal_scores(with_noise, labels, ["dbcv"], noise="exclude")["dbcv"] == scored["dbcv"]
    assert clustval.score(labels[:6], X=X, names=["dbcv"])["dbcv"] == pytest.approx(expected, rel=1e-15)


def test_degenerate_cases():
    X = np.array([[0.0, 0.0], [1.0, 0.0], [2.0, 0.5], [10.0, 0.0], [11.0, 0.0], [30.0, 0.0]])
    with pytest.raises(UndefinedIndexError, match="single cluster"):
        dbcv(X, [0] * 6)
    with pytest.raises(UndefinedIndexError, match="singleton"):
        dbcv(X, [0, 0, 0, 1, 1, 2])
    with pytest.raises(UndefinedIndexError, match="copies"):
        dbcv(np.vstack([X, X[:1], X[:1]]), [0, 0, 0, 1, 1, 1, 2, 2])
    # copies: core distance 0 (the formula's limit), the tree on the distinct points
    copied = dbcv(np.vstack([X, X[:1]]), [0, 0, 0, 1, 1, 1, 0])
    near = dbcv(np.vstack([X, X[:1] + [0.0, 1e-9]]), [0, 0, 0, 1, 1, 1, 0])
    assert copied == pytest.approx(near, rel=1e-6)
    assert dbcv(np.vstack([X[:1], X]), [0, 0, 0, 0, 1, 1, 1]) == copied
    # a 2-member cluster: both members are its core (hdbscan: the first row only)
    two = dbcv(X, [0, 0, 0, 1, 1, 1])
    assert two == pytest.approx(brute_force_dbcv(X, [0, 0, 0, 1, 1, 1]), rel=1e-12)
    assert dbcv(X[::-1], [1, 1, 1, 0, 0, 0]) == pytest.approx(two, rel=1e-12)


def test_many_small_clusters(monkeypatch):
    # clusters of 2 and 3 (every member internal, or one): the paper's value by brute force,
    # and at 1,000 clusters the compiled separations (each pair of points in two clusters
    # once, each chunk's minimum of every cluster) equal the numpy path's
    rng = np.random.default_rng(2)
    X, labels = rng.normal(size=(50, 3)), np.repeat(np.arange(20), [2, 3] * 10)
    assert dbcv(X, labels) == pytest.approx(brute_force_dbcv(X, labels), rel=1e-10)
    X, labels = rng.normal(size=(3000, 3)), np.repeat(np.arange(1000), 3)
    compiled = dbcv(X, labels)
    from clustval._engine import compiled as engine

    monkeypatch.setattr(engine, "kernels", lambda work=0.0: None)
    assert dbcv(X, labels, memory_budget_mb=1.0) == compiled


@pytest.mark.parametrize("tree", ["distance", "hdbscan"])
def test_any_memory_budget_gives_the_same_value(tree):
    X = np.random.default_rng(0).normal(size=(400, 2))
    X[1] = X[0]  # a copy: its zero distance in another row block
    labels = np.repeat([0, 1], 200)
    whole = dbcv(X, labels, tree=tree)
    assert dbcv(X, labels, tree=tree, memory_budget_mb=1e-6) == whole == dbcv(X, labels, tree=tree, memory_budget_mb=0.01)


def test_refuses_distances_and_bad_options():
    X = np.random.default_rng(1).normal(size=(10, 2))
    with pytest.raises(InputError):
        clustval.score([0] * 5 + [1] * 5, distances=clustval.euclidean_distances(X), names=["dbcv"])
    with pytest.raises(InputError, match="dbcv_tree|tree"):
        dbcv(X, [0] * 5 + [1] * 5, tree="prim")


@pytest.mark.parametrize("path", FIXTURES[:3], ids=lambda p: p.stem)
def test_live_against_hdbscan(path):
    validity = pytest.importorskip("hdbscan.validity")
    X, labels, _ = _case(path)
    order = np.random.default_rng(3).permutation(len(labels))  # hdbscan's tree follows the rows
    expected = validity.validity_index(X[order], labels[order])
    assert dbcv(X[order], labels[order], tree="hdbscan", noise="exclude") == pytest.approx(expected, rel=1e-10)


def test_live_against_hdbscan_with_copies():
    # hdbscan leaves zero distances out of the core distance's sum: tree="hdbscan" does too
    validity = pytest.importorskip("hdbscan.validity")
    X, labels, _ = _case(FIXTURES[1])
    X, labels = np.vstack([X, X[:20]]), np.concatenate([labels, labels[:20]])
    expected = validity.validity_index(X, labels)
    assert dbcv(X, labels, tree="hdbscan", noise="exclude") == pytest.approx(expected, rel=1e-10)
    order = np.random.default_rng(1).permutation(len(labels))
    assert dbcv(X[order], labels[order], noise="exclude") == pytest.approx(dbcv(X, labels, noise="exclude"), rel=1e-12)


@pytest.mark.parametrize("tree", ["distance", "hdbscan"])
def test_compiled_passes_equal_the_numpy_path_bit_for_bit(tree):
    # core distances (their sums added in one order), each cluster's tree and the
    # separations, on tie-rich data with copies and clusters of 2 to 700 points
    numba = pytest.importorskip("numba")
    from clustval._engine import compiled
    from clustval.indices import density
    from clustval.indices.partition import Partition

    kernels = compiled.kernels()
    if kernels is None:
        pytest.skip("the compiled engine is off")
    rng = np.random.default_rng(4)
    sizes = [700, 2, 3, 150, 41]
    X = np.round(rng.normal(size=(sum(sizes), 5)) * 3) / 3 + np.repeat(np.arange(5), sizes)[:, None]
    labels = rng.permutation(np.repeat(np.arange(5), sizes))
    points, copies = density._clusters(Partition(X, labels, memory_budget_mb=1.0), tree)
    want = [density._tree_numpy(x, c, 0.05, tree) for x, c in zip(points, copies)]
    threads = numba.get_num_threads()
    try:
        for workers in sorted({1, threads}):
            numba.set_num_threads(workers)
            got = density._trees_compiled(kernels, points, copies, tree)
            for (core, edges), (want_core, want_edges) in zip(got, want):
                np.testing.assert_array_equal(core, want_core)
                np.testing.assert_array_equal(edges, want_edges)
            inner = [density._inside(x, c, *t, tree)[:2] for x, c, t in zip(points, copies, want)]
            np.testing.assert_array_equal(
                density._separations(inner, 1.0, kernels), density._separations(inner, 0.05, None)
            )
    finally:
        numba.set_num_threads(threads)
