"""Density-based validity: DBCV (Moulavi, Jaskowiak, Campello, Zimek & Sander 2014).

DBCV judges clusters of any shape by density: each cluster's sparsest region inside it
against the densest region between it and the nearest other cluster, both read on the
minimum spanning tree of the cluster under the mutual reachability distance. With n_i
objects in cluster C_i, d the data's dimension (X's columns) and d(x, y) the distance
(Euclidean by default, the paper's; ``metric`` takes another: the authors' MATLAB code
squares it, ``metric="sqeuclidean"``):

* all-points core distance (Def. 1): ``a(x) = (sum_{y in C_i, y != x} d(x, y)^(-d) / (n_i - 1))^(-1/d)``;
* mutual reachability (Def. 2): ``m(x, y) = max(a(x), a(y), d(x, y))``;
* the MST of each cluster under m; its internal nodes are those of degree > 1, its internal
  edges those between two internal nodes;
* density sparseness DSC(C_i) (Def. 3): the largest internal edge of C_i's tree;
* density separation DSPC(C_i, C_j) (Def. 4): the smallest m(x, y) between an internal node
  x of C_i and an internal node y of C_j;
* ``V(C_i) = (min_j DSPC(C_i, C_j) - DSC(C_i)) / max(min_j DSPC(C_i, C_j), DSC(C_i))`` and
  ``DBCV = sum_i (n_i / n) V(C_i)`` (Def. 5-6), in [-1, 1], higher is better.

The tree is seldom unique: m(x, y) is often exactly a core distance, so many edges tie, and
which tree is taken decides the internal nodes, so DSC and DSPC (on the authors' four data
sets the rules below move DBCV by up to 0.5). ``tree`` chooses the rule:

* ``"distance"`` (default): ties broken by the raw distance, so the tree, and the value, are
  the same for any order of the objects whenever the raw distances within a cluster are
  distinct. The cases the paper leaves open are decided as the authors' MATLAB code and
  hdbscan's ``validity_index`` decide them, where that is free of the objects' order: a
  tree without internal edges (a cluster of 2 or 3, or a star) gives DSC its largest edge
  of all; a tree without internal nodes (a cluster of 2) gives DSPC both its members.
  Copies of a point in a cluster have core distance 0, the formula's limit as they come
  near, and the tree is built on the cluster's distinct points in the order of their
  coordinates, a point with copies an internal node (its copies are joined by zero edges,
  so one of them lies inside the tree): the value is the same for any order of the rows
  even on data with ties. Undefined (UndefinedIndexError) for K = 1, a singleton cluster
  and a cluster of copies of one point.
* ``"hdbscan"``: hdbscan's ``validity_index`` (0.8.44): Prim's tree from the first row, the
  first row of the lightest weight joining the first tree vertex within ``numpy.isclose``
  of it; zero distances left out of the core distance's sum (still divided by n_i - 1); a
  cluster of 2 has its first row as its core. Its values follow the order of the rows.
* ``"matlab"``: the authors' MATLAB code (Moulavi & Jaskowiak, github.com/pajaskowiak/dbcv;
  R's dbscan::dbcv builds the same tree): Prim's tree from the first row, the first row of
  the lightest weight joining the tree vertex that first offered that weight, in the order
  the tree grew; zero distances left out of the core distance's sum (a point whose sum is
  0 has core distance 0); a cluster without internal nodes takes all its members. As that
  code does, a singleton cluster is noise (out of the clusters, in n), and fewer than two
  clusters score 0 (hdbscan#484 asks for a value there; the other rules raise). With
  ``metric="sqeuclidean"`` and ``noise="exclude"`` it gives the authors' published values
  (``tests/indices/test_dbcv_reference.py``). Its values follow the order of the rows.

Noise: the paper leaves noise objects out of every cluster but counts them in n, so that
noise lowers the score. With ``noise="exclude"`` DBCV does so wherever it is computed
(:func:`dbcv`, :func:`clustval.score`, :func:`clustval.internal_scores`; hdbscan's
``validity_index`` does so for the label -1): the other indices score the clustered objects
alone, and DBCV reads how many were left out (``Partition.noise_objects``).

Cost: O(n_i^2 d) time per cluster and O(n K) memory beside ``memory_budget_mb``. Compiled,
three passes of one kernel over all clusters at once (the core distances, every cluster's
spanning tree by Prim's method with one row of distances per vertex it joins, the
separations between the internal nodes), each computing its distances row by row; the numpy
path takes the same distances in row blocks within the budget and gives the same values bit
for bit.
"""

from __future__ import annotations

from itertools import pairwise

import numpy as np

from .._engine import compiled as _compiled
from .._engine.metrics import METRIC_NAMES, Metric
from .._engine.pairwise import _feature_major, check_memory_budget, exact_distances, row_form, rows_per_block
from ..errors import InputError, UndefinedIndexError
from .objects import checked_objects
from .options import choice
from .partition import (
    COORDINATES,
    DEFAULT_MEMORY_BUDGET_MB,
    Partition,
    reads,
    refuse_nan,
)

#: The family's indices, each under its registry name (clustval exports them from here).
__all__ = ["dbcv"]

TREES = ("distance", "hdbscan", "matlab")
DBCV_TREE = choice("dbcv_tree", "tree", TREES,
                   "DBCV's minimum spanning tree among the many of equal weight (mutual reachability "
                   "ties whenever a core distance dominates): `distance` breaks ties by the raw distance, the "
                   "same tree for any order of the objects; `hdbscan` by row number as hdbscan's "
                   "`validity_index` does; `matlab` as the authors' MATLAB code (and R's dbscan::dbcv) "
                   "does, with its rules for singletons (noise) and one cluster (0); both of these "
                   "follow the order of the rows and take no sample_weight",
                   unweighted=("hdbscan", "matlab"))
# scipy's metric names but Minkowski (whose p a name cannot carry: pass a Metric to dbcv)
DBCV_METRICS = tuple(name for name in METRIC_NAMES if name != "minkowski")
DBCV_METRIC = choice("dbcv_metric", "metric", DBCV_METRICS,
                     "the distance DBCV's core distances, trees and separations read: `euclidean` (the paper's "
                     "and hdbscan's), `sqeuclidean` (the authors' MATLAB code's, R dbscan's 'original "
                     "implementation'), or another of scipy's metrics (`clustval.dbcv` also takes a Metric: "
                     "Minkowski with its p)")
# the tie rules as the compiled kernels number them
_RULES = {"distance": 0, "hdbscan": 1, "matlab": 2}


def core_distances(distances: np.ndarray, d: int, copies: np.ndarray | None = None, first: int = 0) -> np.ndarray:
    """The all-points core distance of each member of one cluster (Moulavi et al. 2014, Def. 1).

    ``a(x) = (sum_{y != x} d(x, y)^(-d) / (n_i - 1))^(-1/d)``, computed as
    ``m (sum_{y != x} (m / d(x, y))^d / (n_i - 1))^(-1/d)`` with m the smallest distance of x,
    which neither overflows nor underflows. A point with copies has core distance 0, the
    formula's limit as its copies come near.

    Parameters
    ----------
    distances : ndarray of shape (r, u)
        Rows ``first .. first + r - 1`` of the pairwise distances of the cluster's u >= 2
        distinct points (all u rows by default).
    d : int
        The dimension of the data.
    copies : ndarray of shape (u,), optional
        How many members sit at each point (1 each when not given).
    first : int, default 0
        The point of the first row.

    Returns
    -------
    ndarray of shape (r,)
        The core distances of those rows' points.

    Examples
    --------
    >>> D = np.array([[0.0, 1.0, 2.0], [1.0, 0.0, 1.0], [2.0, 1.0, 0.0]])
    >>> core_distances(D, 1).tolist(), core_distances(D, 1, np.array([1, 2, 1])).tolist()
    ([1.3333333333333333, 1.0, 1.3333333333333333], [1.2, 0.0, 1.2])
    """
    r, u = distances.shape
    copies = np.ones(u) if copies is None else copies
    rows = np.arange(r)
    others = distances.copy()
    others[rows, first + rows] = np.inf  # x's own term: 0 in the sum, out of the minimum
    nearest = others.min(axis=1)
    sums = _in_order(copies * _power(nearest[:, None] / others, d))
    return _finished(nearest, sums, copies, copies[first : first + r], d)


def _finished(nearest: np.ndarray, sums: np.ndarray, copies: np.ndarray, own: np.ndarray, d: int) -> np.ndarray:
    """Core distances from each point's nearest distance and sum (both engines call this)."""
    return np.where(own > 1, 0.0, nearest * (sums / (copies.sum() - 1)) ** (-1.0 / d))


def _hdbscan_finished(means: np.ndarray, d: int) -> np.ndarray:
    """hdbscan's core distances of one cluster from the means of its sums: 0 for all when every
    mean is."""
    return np.zeros(means.shape[0]) if means.sum() == 0 else means ** (-1.0 / d)


def _matlab_finished(means: np.ndarray, d: int) -> np.ndarray:
    """The MATLAB code's core distances from the means of the sums (hdbscan's): 0 for a point
    whose mean is 0 (its 1/0 = Inf set to 0)."""
    with np.errstate(divide="ignore"):
        return np.where(means > 0, means ** (-1.0 / d), 0.0)


def _finish(tree: str):
    """How the sums of hdbscan's form become the core distances, by tie rule."""
    return _matlab_finished if tree == "matlab" else _hdbscan_finished


def _in_order(terms: np.ndarray) -> np.ndarray:
    """Each row's sum, its terms added one after the other in their order (a running sum:
    numpy's ``sum`` adds pairwise), as the compiled pass ``CORE_SUMS`` adds them."""
    return np.cumsum(terms, axis=1)[:, -1]


def _power(x: np.ndarray, d: int) -> np.ndarray:
    """x ** d for a whole d >= 1 by repeated squaring: a few multiplications in place of
    ``pow`` (about ten times its speed on the n_i^2 terms; within a few ulp of it)."""
    result, square = None, x
    while True:
        if d & 1:
            result = square.copy() if result is None else result * square
        d >>= 1
        if not d:
            return result
        square = square * square


def _hdbscan_core_sums(distances: np.ndarray, d: int) -> np.ndarray:
    """hdbscan's core distances (``validity.all_points_core_distance``) of a block of rows,
    before the power -1/d: zero distances left out of the sum, which is still divided by
    n_i - 1 (every core distance is 0 when every sum is)."""
    powers = _power(np.where(distances > 0, 1.0 / np.where(distances > 0, distances, 1.0), 0.0), d)
    return _in_order(powers) / (distances.shape[1] - 1)


def minimum_spanning_tree(weights: np.ndarray, distances: np.ndarray, tree: str = "distance") -> np.ndarray:
    """The minimum spanning tree of a complete graph (Prim from vertex 0).

    ``tree="distance"``: ties of ``weights`` broken by ``distances`` and then by row, so the
    tree is the same for any order of the vertices when the pairs (weight, distance) are
    distinct. ``tree="hdbscan"``: hdbscan's tree (``validity.internal_minimum_spanning_tree``):
    the first vertex by row of the lightest weight joins, linked to the first tree vertex
    whose weight to it is within ``numpy.isclose`` of that weight. ``tree="matlab"``: the
    authors' MATLAB code's (``MST_Edges.m``; R's ``dbscan:::mst`` is the same): the first
    vertex by row of the lightest weight joins, linked to the vertex that first gave it that
    weight, in the order the tree grew (a weight replaces another only when strictly lighter).

    Parameters
    ----------
    weights : ndarray of shape (m, m)
        The edge weights (mutual reachability distances).
    distances : ndarray of shape (m, m)
        The tie-breaking key of each edge (raw distances; only ``"distance"`` reads them).
    tree : {"distance", "hdbscan", "matlab"}, default "distance"
        The tie rule.

    Returns
    -------
    ndarray of shape (m - 1, 3)
        The edges ``(u, v, weight)``.

    Examples
    --------
    >>> w = np.array([[0.0, 2.0, 2.0], [2.0, 0.0, 2.0], [2.0, 2.0, 0.0]])
    >>> minimum_spanning_tree(w, np.array([[0.0, 1.0, 3.0], [1.0, 0.0, 2.0], [3.0, 2.0, 0.0]])).tolist()
    [[0.0, 1.0, 2.0], [1.0, 2.0, 2.0]]
    >>> minimum_spanning_tree(w, w, tree="matlab").tolist()  # a star on the first vertex
    [[0.0, 1.0, 2.0], [0.0, 2.0, 2.0]]
    """
    return _prim(weights.shape[0], lambda v: (weights[v], distances[v]), tree)


def _prim(m: int, row, tree: str) -> np.ndarray:
    """:func:`minimum_spanning_tree` of m vertices whose edges ``row(v)`` gives, vertex by
    vertex: ``(weights, distances)`` of v to every vertex (O(m) memory, not O(m^2))."""
    in_tree = np.zeros(m, dtype=bool)
    in_tree[0] = True
    weights, distances = row(0)
    best, key, parent = weights.copy(), distances.copy(), np.zeros(m, dtype=np.intp)
    edges = np.empty((m - 1, 3))
    for step in range(m - 1):
        out = np.flatnonzero(~in_tree)
        lightest = best[out].min()
        tied = out[best[out] == lightest]
        if tree == "hdbscan":
            v = int(tied[0])
            weights, distances = row(v)
            u = int(np.flatnonzero(in_tree & np.isclose(weights, lightest))[0])
        else:
            v = int(tied[0] if tree == "matlab" else tied[np.lexsort((tied, key[tied]))[0]])
            u = int(parent[v])
            weights, distances = row(v)
        edges[step] = u, v, lightest
        in_tree[v] = True
        better = weights < best
        if tree != "matlab":  # the MATLAB code keeps the first parent of a tied weight
            better |= (weights == best) & (distances < key)
        better &= ~in_tree
        best[better], key[better], parent[better] = weights[better], distances[better], v
    return edges


def _dbcv_metric(metric) -> Metric | None:
    """DBCV's metric checked: None for the Euclidean distance (the exact pass's), else the Metric."""
    if isinstance(metric, str) and metric.lower() == "minkowski":
        raise InputError("DBCV's metric 'minkowski' needs its p: pass metric=Metric('minkowski', p=...) "
                         "(clustval._engine.metrics) to clustval.dbcv.")  # fmt: skip
    if isinstance(metric, str) and metric == "precomputed":
        raise InputError("DBCV reads the data's rows (its core distances take their dimension d), "
                         "not a distance matrix: pass X and a metric.")  # fmt: skip
    if not isinstance(metric, Metric):
        metric = Metric(DBCV_METRIC.check(metric))
    return None if metric.euclidean else metric


def _kernel_metric(metric: Metric | None, PT: np.ndarray) -> tuple[np.ndarray, float]:
    """(form, order) of the metric as the compiled kernels take them: the metric's form, or
    for Euclidean that of the feature-major points PT, so that a kernel is compiled with
    those distances alone, without the other metrics' code."""
    return (row_form(PT), 0.0) if metric is None else (metric.form, metric.order)


def _clusters(p: Partition, tree: str, X: np.ndarray | None = None,
              kept: np.ndarray | None = None) -> tuple[list[np.ndarray], list[np.ndarray | None]]:  # fmt: skip
    """The points of the clusters ``kept`` (all by default; their rows of ``X``, the
    partition's by default) and how many members sit at each: with ``tree="distance"`` each
    cluster's distinct points in the order of their coordinates (so neither the row order
    nor which copy is which matters), a row counted its weight's times, else its rows in
    their order (copies None)."""
    X = p.X if X is None else X
    kept = range(p.n_clusters) if kept is None else kept
    order = np.argsort(p.codes, kind="stable")
    starts = np.concatenate(([0], np.cumsum(p.rows_per_cluster)))
    rows = [order[starts[k] : starts[k + 1]] for k in kept]
    if tree != "distance":
        return [X[at] for at in rows], [None] * len(rows)
    points, copies = [], []
    for k, at in zip(kept, rows):
        distinct, where = np.unique(X[at], axis=0, return_inverse=True)
        if distinct.shape[0] < 2:
            raise UndefinedIndexError(
                f"DBCV is undefined for a cluster whose {p.sizes[k]} members are copies of one point: it has no spanning tree."
            )
        weights = None if p.weights is None else p.weights[at]
        points.append(distinct)
        copies.append(np.bincount(where.ravel(), weights=weights, minlength=distinct.shape[0]).astype(float))
    return points, copies


def _tree_numpy(points: np.ndarray, copies: np.ndarray | None, budget_mb: float, tree: str, metric: Metric | None = None):
    """(core distances, spanning tree's edges) of one cluster, its distances in row blocks."""
    u, dim = points.shape
    step = rows_per_block(u, budget_mb, arrays=8)  # a block of distances and the core sum's temporaries
    core = np.empty(u)
    with np.errstate(divide="ignore"):
        for r0 in range(0, u, step):
            block = _rows(points, r0, r0 + step, metric)
            core[r0 : r0 + step] = (_hdbscan_core_sums(block, dim) if copies is None
                                    else core_distances(block, dim, copies, first=r0))  # fmt: skip
        if copies is None:
            core = _finish(tree)(core, dim)

    def row(v: int) -> tuple[np.ndarray, np.ndarray]:
        distances = _rows(points, v, v + 1, metric)[0]
        return np.maximum(distances, np.maximum(core[v], core)), distances

    return core, _prim(u, row, tree)


def _trees_compiled(kernels, points: list[np.ndarray], copies: list, tree: str, metric: Metric | None = None):
    """(core distances, spanning tree's edges) of every cluster: one compiled pass for the core
    distances of all, one for their trees (the numpy path's values, bit for bit)."""
    sizes = np.array([x.shape[0] for x in points])
    starts = np.concatenate(([0], np.cumsum(sizes))).astype(np.int64)
    owner = np.repeat(np.arange(len(points)), sizes)
    PT, dim = _feature_major(np.concatenate(points)), points[0].shape[1]
    form, order = _kernel_metric(metric, PT)
    plain = tree != "distance"  # hdbscan's sums (the MATLAB code's too), without copies
    weights = np.ones(starts[-1]) if plain else np.concatenate(copies)
    nearest, sums = sums_out = np.empty((2, starts[-1]))
    kernels.dbcv_pass(kernels.CORE_SUMS, PT, starts, owner, weights, dim, _RULES[tree], form, order, sums_out)
    core = np.empty(starts[-1])
    with np.errstate(divide="ignore"):
        for k, (s, e) in enumerate(pairwise(starts)):
            core[s:e] = (_finish(tree)(sums[s:e] / (e - s - 1), dim) if plain
                         else _finished(nearest[s:e], sums[s:e], copies[k], copies[k], dim))  # fmt: skip
    edges = np.empty((starts[-1] - len(points), 3))
    kernels.dbcv_pass(kernels.SPANNING_TREES, PT, starts, owner, core, dim, _RULES[tree], form, order, edges)
    return [(core[s:e], edges[s - k : e - k - 1]) for k, (s, e) in enumerate(pairwise(starts))]


def _inside(points: np.ndarray, copies, core: np.ndarray, edges: np.ndarray, tree: str):
    """(internal nodes, their core distances, DSC) of one cluster from its tree."""
    degree = np.bincount(edges[:, :2].astype(np.intp).ravel(), minlength=points.shape[0])
    internal = degree > 1
    if copies is not None:  # copies are joined by zero edges: one of them lies inside the tree
        internal |= copies > 1
    if not internal.any():  # two members: both are the cluster's core (hdbscan: the first)
        internal[0 if tree == "hdbscan" else slice(None)] = True
    between = internal[edges[:, 0].astype(np.intp)] & internal[edges[:, 1].astype(np.intp)]
    # no internal edge: the largest of all edges (the authors' MATLAB code, hdbscan)
    sparseness = float(edges[between, 2].max() if between.any() else edges[:, 2].max())
    return points[internal], core[internal], sparseness


def _distances(A: np.ndarray, B: np.ndarray, metric: Metric | None) -> np.ndarray:
    """The distances between the rows of A and B in DBCV's metric (Euclidean for None)."""
    return exact_distances(A, B) if metric is None else metric.block(A, B)


def _rows(points: np.ndarray, r0: int, r1: int, metric: Metric | None = None) -> np.ndarray:
    """Rows r0:r1 of the points' distances, each point at distance 0 from itself."""
    block = _distances(points[r0:r1], points, metric)
    rows = np.arange(block.shape[0])
    block[rows, r0 + rows] = 0.0
    return block


def _separations(inner: list, budget_mb: float, kernels, metric: Metric | None = None) -> np.ndarray:
    """Each cluster's DSPC to its nearest cluster, ``min_j DSPC(C_i, C_j)``, from the internal
    nodes: the smallest mutual reachability between one of its internal nodes and one of
    another cluster's. O(n) memory: each internal node's nearest other cluster in row blocks
    within the budget (numpy), or one row at a time, each pair of clusters' pairs once, and
    each chunk's minimum of every cluster (compiled)."""
    sizes = np.array([points.shape[0] for points, _ in inner])
    starts = np.concatenate(([0], np.cumsum(sizes))).astype(np.int64)
    owner = np.repeat(np.arange(len(inner)), sizes)
    points = np.concatenate([points for points, _ in inner])
    core = np.concatenate([core for _, core in inner])
    if kernels is not None:
        minima = np.full((kernels.DBCV_CHUNKS, len(inner)), np.inf)
        PT = _feature_major(points)
        form, order = _kernel_metric(metric, PT)
        # dim and the rule serve the other passes of the kernel
        kernels.dbcv_pass(kernels.SEPARATIONS, PT, starts, owner, core, PT.shape[0], 0, form, order, minima)
        return minima.min(axis=0)
    nearest = np.empty(points.shape[0])
    step = rows_per_block(points.shape[0], budget_mb, arrays=4)  # the block, the cores' maximum, the reach, the mask
    for r0 in range(0, points.shape[0], step):
        r1 = min(r0 + step, points.shape[0])
        reach = np.maximum(_distances(points[r0:r1], points, metric), np.maximum(core[r0:r1, None], core[None, :]))
        reach[owner[r0:r1, None] == owner[None, :]] = np.inf  # its own cluster
        nearest[r0:r1] = reach.min(axis=1)
    return np.minimum.reduceat(nearest, starts[:-1])


def _dbcv(p: Partition, n_objects: int, tree: str, metric="euclidean") -> float:
    """DBCV of the partition, each cluster weighted by n_i / ``n_objects``."""
    DBCV_TREE.check(tree)
    if p.weights is not None:
        DBCV_TREE.refuse_weights(tree, "DBCV")
    metric = _dbcv_metric(metric)
    if tree == "matlab":
        kept = np.flatnonzero(p.sizes >= 2)  # the MATLAB code's singletons are noise, counted in n
        if kept.size < 2:
            return 0.0  # the MATLAB code's value for fewer than two clusters
    else:
        if p.n_clusters < 2:
            raise UndefinedIndexError(
                f"DBCV is undefined for a single cluster (all {p.n} objects share one label): it weighs each "
                "cluster's density against its separation from the others (tree='matlab' gives the authors' 0)."
            )
        if p.sizes.min() < 2:
            raise UndefinedIndexError(
                "DBCV is undefined for a singleton cluster: one object has no core distance and no spanning tree "
                "(tree='matlab' counts it as noise, as the authors' code does)."
            )
        kept = np.arange(p.n_clusters)
    X = p.X if metric is None else metric.prepare(p.X)
    points, copies = _clusters(p, tree, X, kept)
    sizes = np.array([x.shape[0] for x in points], dtype=float)
    # two passes over each cluster's pairs (core distances, tree) and one over all pairs
    kernels = _compiled.kernels(p.X.shape[1] * (2.0 * float(sizes @ sizes) + float(sizes.sum()) ** 2))
    if kernels is None:
        trees = [_tree_numpy(x, c, p.memory_budget_mb, tree, metric) for x, c in zip(points, copies)]
    else:
        trees = _trees_compiled(kernels, points, copies, tree, metric)
    inside = [_inside(x, c, *t, tree) for x, c, t in zip(points, copies, trees)]
    separation = _separations([(x, core) for x, core, _ in inside], p.memory_budget_mb, kernels, metric)
    total = 0.0
    for k, (_, _, sparseness) in enumerate(inside):
        closest = float(separation[k])
        total += p.sizes[kept[k]] / n_objects * (closest - sparseness) / max(closest, sparseness)
    return refuse_nan(total, "DBCV")


@reads(COORDINATES)
def dbcv_from_partition(p: Partition, tree: str = "distance", metric: str = "euclidean") -> float:
    return _dbcv(p, p.n + p.noise_objects, tree, metric)  # the paper counts noise objects in n


def dbcv(
    X, labels, *, tree: str = "distance", metric: str | Metric = "euclidean", noise: str | None = "cluster",
    memory_budget_mb: float = DEFAULT_MEMORY_BUDGET_MB, sample_weight=None,
) -> float:  # fmt: skip
    """DBCV, density-based clustering validation (Moulavi, Jaskowiak, Campello, Zimek & Sander 2014, SIAM SDM).

    ``DBCV = sum_i (n_i / n) (min_j DSPC(C_i, C_j) - DSC(C_i)) / max(min_j DSPC(C_i, C_j), DSC(C_i))``,
    DSC a cluster's largest internal edge of its minimum spanning tree under the mutual
    reachability distance, DSPC the smallest mutual reachability distance between the internal
    nodes of two clusters (see :mod:`clustval.indices.density`). d, the exponent of the
    all-points core distance, is X's number of columns; the distances are Euclidean unless
    ``metric`` says otherwise. Undefined for a single cluster, a singleton cluster and a
    cluster of copies of one point, except with ``tree="matlab"``, which takes the authors'
    MATLAB code's rules there: singletons are noise (in n), and fewer than two clusters
    score 0. The authors' values: ``metric="sqeuclidean", tree="matlab", noise="exclude"``,
    their noise label 0 given as -1.

    Parameters
    ----------
    noise : {"cluster", "exclude", "singletons"} or None, default "cluster"
        What the noise label -1 means: ``"exclude"`` is the paper's convention (and
        hdbscan's ``validity_index``): noise objects belong to no cluster but count in n;
        ``"cluster"``: -1 is a cluster like any other; ``"singletons"``: each noise object a
        cluster of its own (so DBCV is undefined, or with ``tree="matlab"`` noise again);
        None: "cluster" with a NoiseLabelWarning.

    >>> X = [[0.0, 0.0], [1.0, 0.0], [2.0, 0.0], [10.0, 0.0], [11.0, 0.0], [12.0, 0.0]]
    >>> dbcv(X, [0, 0, 0, 1, 1, 1])  # (10 - sqrt(8/5)) / 10: DSC the largest edge, DSPC 10 from the middles
    0.8735088935932648
    >>> dbcv([[1.0, 1.0], [2.0, 2.0], [4.0, 4.0], [5.0, 5.0]], [1, 1, 2, 2], metric="sqeuclidean", tree="matlab")
    0.75
    """
    check_memory_budget(memory_budget_mb)
    objects = checked_objects(labels, sample_weight=sample_weight, noise=noise, name="labels")
    partition = Partition.of_objects(X, objects, needs=dbcv_from_partition.needs, memory_budget_mb=memory_budget_mb)
    return dbcv_from_partition(partition, tree, metric)
