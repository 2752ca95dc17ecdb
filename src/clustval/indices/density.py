"""Density-based validity: DBCV (Moulavi, Jaskowiak, Campello, Zimek & Sander 2014).

DBCV judges clusters of any shape by density: each cluster's sparsest region inside it
against the densest region between it and the nearest other cluster, both read on the
minimum spanning tree of the cluster under the mutual reachability distance. With n_i
objects in cluster C_i, d the data's dimension and d(x, y) the Euclidean distance:

* all-points core distance (Def. 1): ``a(x) = (sum_{y in C_i, y != x} d(x, y)^(-d) / (n_i - 1))^(-1/d)``;
* mutual reachability (Def. 2): ``m(x, y) = max(a(x), a(y), d(x, y))``;
* the MST of each cluster under m; its internal nodes are those of degree > 1, its internal
  edges those between two internal nodes;
* density sparseness DSC(C_i) (Def. 3): the largest internal edge of C_i's tree;
* density separation DSPC(C_i, C_j) (Def. 4): the smallest m(x, y) between an internal node
  x of C_i and an internal node y of C_j;
* ``V(C_i) = (min_j DSPC(C_i, C_j) - DSC(C_i)) / max(min_j DSPC(C_i, C_j), DSC(C_i))`` and
  ``DBCV = sum_i (n_i / n) V(C_i)`` (Def. 5-6), in [-1, 1], higher is better.

The cases the paper leaves open are decided as the authors' MATLAB code and hdbscan's
``validity_index`` decide them, where that is free of the objects' order: a tree without
internal edges (a cluster of 2 or 3, or a star) gives DSC its largest edge of all; a tree
without internal nodes (a cluster of 2) gives DSPC both its members (hdbscan takes the first
one, which depends on the order of the rows). Ties among the tree's edges (mutual
reachability is often exactly a core distance) are broken by the raw distance, so the tree,
and the value, are the same for any order of the objects whenever the raw distances within
a cluster are distinct (hdbscan breaks them by row number). Copies of a point in a cluster
have core distance 0, the formula's limit as they come near (hdbscan leaves their zero
distances out of the sum, a value the formula does not give), and the tree is built on the
cluster's distinct points in the order of their coordinates, a point with copies an
internal node (its copies are joined by zero edges, so one of them lies inside the tree):
the value is the same for any order of the rows even on data with ties. DBCV is undefined (UndefinedIndexError) for
K = 1, for a singleton cluster (no tree: hdbscan fails there too) and for a cluster of
copies of one point.

Noise: the paper leaves noise objects out of every cluster but counts them in n, so that
noise lowers the score. With ``noise="exclude"`` DBCV does so wherever it is computed
(:func:`dbcv`, :func:`clustval.score`, :func:`clustval.internal_scores`; hdbscan's
``validity_index`` does so for the label -1): the other indices score the clustered objects
alone, and DBCV reads how many were left out (``Partition.noise_objects``).

Cost: O(n_i^2 d) time per cluster and O(n K) memory beside ``memory_budget_mb``. Compiled,
three passes over all clusters at once (the core distances, every cluster's spanning tree by
Prim's method with one row of distances per vertex it joins, the separations between the
internal nodes), each computing its distances row by row; the numpy path takes the same
distances in row blocks within the budget and gives the same values bit for bit.
"""

from __future__ import annotations

from itertools import pairwise

import numpy as np

from .._engine import compiled as _compiled
from .._engine.pairwise import _feature_major, check_memory_budget, exact_distances, rows_per_block
from ..errors import UndefinedIndexError
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

TREES = ("distance", "hdbscan")
DBCV_TREE = choice("dbcv_tree", "tree", TREES,
                   "DBCV's minimum spanning tree among the many of equal weight (mutual reachability "
                   "ties whenever a core distance dominates): `distance` breaks ties by the raw distance, the "
                   "same tree for any order of the objects; `hdbscan` by row number as hdbscan's "
                   "`validity_index` does (its values, which change with the order of the rows)")


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


def _in_order(terms: np.ndarray) -> np.ndarray:
    """Each row's sum, its terms added one after the other in their order (a running sum:
    numpy's ``sum`` adds pairwise), as the compiled kernel ``core_sums`` adds them."""
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
    whose weight to it is within ``numpy.isclose`` of that weight.

    Parameters
    ----------
    weights : ndarray of shape (m, m)
        The edge weights (mutual reachability distances).
    distances : ndarray of shape (m, m)
        The tie-breaking key of each edge (raw distances).
    tree : {"distance", "hdbscan"}, default "distance"
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
            v = int(tied[np.lexsort((tied, key[tied]))[0]])
            u = int(parent[v])
            weights, distances = row(v)
        edges[step] = u, v, lightest
        in_tree[v] = True
        better = ~in_tree & ((weights < best) | ((weights == best) & (distances < key)))
        best[better], key[better], parent[better] = weights[better], distances[better], v
    return edges


def _clusters(p: Partition, tree: str) -> tuple[list[np.ndarray], list[np.ndarray | None]]:
    """Each cluster's points and how many members sit at each: with ``tree="distance"`` its
    distinct points in the order of their coordinates (so neither the row order nor which
    copy is which matters), with ``"hdbscan"`` its rows in their order (copies None)."""
    order = np.argsort(p.codes, kind="stable")
    starts = np.concatenate(([0], np.cumsum(p.sizes)))
    members = [p.X[order[starts[k] : starts[k + 1]]] for k in range(p.n_clusters)]
    if tree == "hdbscan":
        return members, [None] * len(members)
    distinct = [np.unique(points, axis=0, return_counts=True) for points in members]
    for (points, _), rows in zip(distinct, members):
        if points.shape[0] < 2:
            raise UndefinedIndexError(
                f"DBCV is undefined for a cluster whose {rows.shape[0]} members are copies of one point: it has no spanning tree."
            )
    return [points for points, _ in distinct], [copies.astype(float) for _, copies in distinct]


def _tree_numpy(points: np.ndarray, copies: np.ndarray | None, budget_mb: float, tree: str):
    """(core distances, spanning tree's edges) of one cluster, its distances in row blocks."""
    u, dim = points.shape
    step = rows_per_block(u, budget_mb, arrays=8)  # a block of distances and the core sum's temporaries
    core = np.empty(u)
    with np.errstate(divide="ignore"):
        for r0 in range(0, u, step):
            block = _rows(points, r0, r0 + step)
            core[r0 : r0 + step] = (_hdbscan_core_sums(block, dim) if copies is None
                                    else core_distances(block, dim, copies, first=r0))  # fmt: skip
        if copies is None:
            core = _hdbscan_finished(core, dim)

    def row(v: int) -> tuple[np.ndarray, np.ndarray]:
        distances = _rows(points, v, v + 1)[0]
        return np.maximum(distances, np.maximum(core[v], core)), distances

    return core, _prim(u, row, tree)


def _trees_compiled(kernels, points: list[np.ndarray], copies: list, tree: str):
    """(core distances, spanning tree's edges) of every cluster: one compiled pass for the core
    distances of all, one for their trees (the numpy path's values, bit for bit)."""
    sizes = np.array([x.shape[0] for x in points])
    starts = np.concatenate(([0], np.cumsum(sizes))).astype(np.int64)
    owner = np.repeat(np.arange(len(points)), sizes)
    PT, dim = _feature_major(np.concatenate(points)), points[0].shape[1]
    hdbscan = tree == "hdbscan"
    weights = np.ones(starts[-1]) if hdbscan else np.concatenate(copies)
    nearest, sums = np.empty(starts[-1]), np.empty(starts[-1])
    kernels.core_sums(PT, starts, owner, weights, dim, hdbscan, nearest, sums)
    core = np.empty(starts[-1])
    with np.errstate(divide="ignore"):
        for k, (s, e) in enumerate(pairwise(starts)):
            core[s:e] = (_hdbscan_finished(sums[s:e] / (e - s - 1), dim) if hdbscan
                         else _finished(nearest[s:e], sums[s:e], copies[k], copies[k], dim))  # fmt: skip
    edges = np.empty((starts[-1] - len(points), 3))
    kernels.spanning_trees(PT, starts, core, hdbscan, edges)
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


def _rows(points: np.ndarray, r0: int, r1: int) -> np.ndarray:
    """Rows r0:r1 of the points' distances, each point at distance 0 from itself."""
    block = exact_distances(points[r0:r1], points)
    rows = np.arange(block.shape[0])
    block[rows, r0 + rows] = 0.0
    return block


def _separations(inner: list, budget_mb: float, kernels) -> np.ndarray:
    """Each cluster's DSPC to its nearest cluster, ``min_j DSPC(C_i, C_j)``, from the internal
    nodes: the smallest mutual reachability between one of its internal nodes and one of
    another cluster's. O(n) memory: each internal node's nearest other cluster in row blocks
    within the budget (numpy), or one row at a time (compiled)."""
    sizes = np.array([points.shape[0] for points, _ in inner])
    starts = np.concatenate(([0], np.cumsum(sizes))).astype(np.int64)
    owner = np.repeat(np.arange(len(inner)), sizes)
    points = np.concatenate([points for points, _ in inner])
    core = np.concatenate([core for _, core in inner])
    nearest = np.empty(points.shape[0])
    if kernels is not None:
        kernels.separations(_feature_major(points), starts, owner, core, nearest)
    else:
        step = rows_per_block(points.shape[0], budget_mb, arrays=4)  # the block, the cores' maximum, the reach, the mask
        for r0 in range(0, points.shape[0], step):
            r1 = min(r0 + step, points.shape[0])
            reach = np.maximum(exact_distances(points[r0:r1], points), np.maximum(core[r0:r1, None], core[None, :]))
            reach[owner[r0:r1, None] == owner[None, :]] = np.inf  # its own cluster
            nearest[r0:r1] = reach.min(axis=1)
    return np.minimum.reduceat(nearest, starts[:-1])


def _dbcv(p: Partition, n_objects: int, tree: str) -> float:
    """DBCV of the partition, each cluster weighted by n_i / ``n_objects``."""
    DBCV_TREE.check(tree)
    p.require_clusters("DBCV")
    if p.sizes.min() < 2:
        raise UndefinedIndexError(
            "DBCV is undefined for a singleton cluster: one object has no core distance and no spanning tree."
        )
    points, copies = _clusters(p, tree)
    sizes = np.array([x.shape[0] for x in points], dtype=float)
    # two passes over each cluster's pairs (core distances, tree) and one over all pairs
    kernels = _compiled.kernels(p.X.shape[1] * (2.0 * float(sizes @ sizes) + float(sizes.sum()) ** 2))
    if kernels is None:
        trees = [_tree_numpy(x, c, p.memory_budget_mb, tree) for x, c in zip(points, copies)]
    else:
        trees = _trees_compiled(kernels, points, copies, tree)
    inside = [_inside(x, c, *t, tree) for x, c, t in zip(points, copies, trees)]
    separation = _separations([(x, core) for x, core, _ in inside], p.memory_budget_mb, kernels)
    total = 0.0
    for k, (_, _, sparseness) in enumerate(inside):
        closest = float(separation[k])
        total += p.sizes[k] / n_objects * (closest - sparseness) / max(closest, sparseness)
    return refuse_nan(total, "DBCV")


@reads(COORDINATES)
def dbcv_from_partition(p: Partition, tree: str = "distance") -> float:
    return _dbcv(p, p.n + p.noise_objects, tree)  # the paper counts noise objects in n


def dbcv(
    X, labels, *, tree: str = "distance", noise: str | None = "cluster",
    memory_budget_mb: float = DEFAULT_MEMORY_BUDGET_MB,
) -> float:  # fmt: skip
    """DBCV, density-based clustering validation (Moulavi, Jaskowiak, Campello, Zimek & Sander 2014, SIAM SDM).

    ``DBCV = sum_i (n_i / n) (min_j DSPC(C_i, C_j) - DSC(C_i)) / max(min_j DSPC(C_i, C_j), DSC(C_i))``,
    DSC a cluster's largest internal edge of its minimum spanning tree under the mutual
    reachability distance, DSPC the smallest mutual reachability distance between the internal
    nodes of two clusters (see :mod:`clustval.indices.density`). Euclidean distances; d, the
    exponent of the all-points core distance, is X's number of columns. Undefined for a
    singleton cluster and for a cluster of copies of one point.

    Parameters
    ----------
    tree : {"distance", "hdbscan"}, default "distance"
        Which of the minimum spanning trees of equal weight each cluster's is: ties broken by
        the raw distance (the same for any order of the objects), or by row number as
        hdbscan's ``validity_index`` breaks them (its values).
    noise : {"cluster", "exclude", "singletons"} or None, default "cluster"
        What the noise label -1 means: ``"exclude"`` is the paper's convention (and
        hdbscan's ``validity_index``): noise objects belong to no cluster but count in n;
        ``"cluster"``: -1 is a cluster like any other; ``"singletons"``: each noise object a
        cluster of its own (so DBCV is undefined); None: "cluster" with a NoiseLabelWarning.
    memory_budget_mb : float, default 256
        Bound, in MB, on each block of pairwise distances held at once.

    >>> X = [[0.0, 0.0], [1.0, 0.0], [2.0, 0.0], [10.0, 0.0], [11.0, 0.0], [12.0, 0.0]]
    >>> dbcv(X, [0, 0, 0, 1, 1, 1])  # (10 - sqrt(8/5)) / 10: DSC the largest edge, DSPC 10 from the middles
    0.8735088935932648
    """
    check_memory_budget(memory_budget_mb)
    objects = checked_objects(labels, noise=noise, name="labels")
    partition = Partition.of_objects(X, objects, needs=dbcv_from_partition.needs, memory_budget_mb=memory_budget_mb)
    return dbcv_from_partition(partition, tree)
