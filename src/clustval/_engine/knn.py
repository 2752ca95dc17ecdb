"""Each object's M nearest other objects, exactly, and the objects tied at the M-th distance.

The near-neighbour indices (:mod:`clustval.indices.neighbours`: WCNN, DuNN-OWA) and CONN's default
prototypes (:mod:`clustval.indices.cvi`) read them through
:meth:`clustval.indices.partition.Partition.nearest_neighbours`, which searches once for the largest
M asked. The distances come from row blocks of the pairwise distances bounded by
``memory_budget_mb`` (or from the rows of a precomputed distance matrix); from n = 2000
objects in at most 12 dimensions a k-d tree (scipy's cKDTree) proposes the candidates
instead, whose distances are computed as in the blocks: the same neighbours and the same
distances bit for bit, in a fraction of the time.

The tie rule is one of distances, not of positions. The table lists the M nearest by
(distance, index), but which of several objects tied at the M-th distance it lists depends
on the row order; so the search also counts every object at exactly the M-th distance
(``tied``) and, given the clusters, those of the object's own cluster (``tied_same``), and
the indices read the neighbourhood through :func:`same_shares`: the objects nearer than
the M-th distance count once each, and the t objects tied at it share the slots left
equally (each counts (slots left) / t). That is the mean, over every order of the tied
objects, of what the "first in row order" rule gives, and it is the same for any order of
the rows.

Weights. With ``weights`` (counts of copies) the search counts the objects tied at the M-th
distance with their copies, and :func:`same_shares` gives the neighbour slots of any one
copy of each row in the data with every row repeated its weight's times, without repeating
one: a copy's nearest are its own other copies (at distance 0), then the rows in distance
order, each taking as many slots as it has copies, until M slots are filled; the copies
tied at the distance of the last slot share the slots left as above. The table needs at
most M rows per object for that (each row has a copy at least): the search is the
unweighted one, only its counts of the objects tied weigh them.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

import numpy as np

from .docs import M_NEIGHBOURS, PASS_PARAMETERS, with_parameters
from .pairwise import DEFAULT_MEMORY_BUDGET_MB, exact_distances, rows_per_block


class NeighbourTable(NamedTuple):
    """What :func:`nearest_neighbours` finds for M neighbours (the first two fields are the
    table, nearest first by (distance, index)).

    Attributes
    ----------
    distances : ndarray of shape (n, M)
        d(i, j-th neighbour of i), increasing along each row.
    neighbours : ndarray of shape (n, M)
        The neighbours' row numbers.
    tied : ndarray of shape (n,)
        How many other objects lie at exactly the M-th distance of each object (in the
        table or beyond it), each counted its weight's times when the search had weights.
    tied_same : ndarray of shape (n,) or None
        Of those, how many lie in the object's own cluster (None without ``codes``).
    """

    distances: np.ndarray
    neighbours: np.ndarray
    tied: np.ndarray
    tied_same: np.ndarray | None


def _distance_rows(X, rows, *, precomputed: bool, memory_budget_mb: float, arrays: int = 1, metric=None):
    """Yield ``(b0, b1, D)``: the distances of the objects ``rows[b0:b1]`` to every object
    (each row computed as every block computes it, bit for bit; in ``metric``, a
    :class:`clustval._engine.metrics.Metric`, when given), an object's own entry inf,
    in blocks of rows holding about ``arrays`` such float64 blocks within the budget."""
    n = X.shape[0]
    step = max(1, rows_per_block(n, memory_budget_mb) // arrays)
    for b0 in range(0, len(rows), step):
        block = rows[b0 : b0 + step]
        if precomputed:
            D = X[block]
        elif metric is not None:
            D = metric.block(X[block], X)
        else:
            D = exact_distances(X[block], X)
        if precomputed:
            D = D.copy()
        D[np.arange(len(block)), block] = np.inf  # an object is not its own neighbour
        yield b0, b0 + len(block), D


@with_parameters({**PASS_PARAMETERS, "M": M_NEIGHBOURS})
def nearest_neighbours(
    X: np.ndarray, M: int, *, codes: np.ndarray | None = None, precomputed: bool = False,
    memory_budget_mb: float = DEFAULT_MEMORY_BUDGET_MB, metric=None, weights: np.ndarray | None = None,
) -> NeighbourTable:  # fmt: skip
    """Each object's M nearest other objects, nearest first (ties: the lower index first),
    and how many objects are tied at the M-th distance.

    The first m columns of the table for M are the table for m < M, bit for bit: both are
    the first neighbours in the one order by (distance, index). With ``codes``,
    ``tied_same`` counts the tied objects of each object's own cluster too; with
    ``weights``, ``tied`` and ``tied_same`` count the copies of the objects tied (the table
    itself is the same).
    Returns
    -------
    NeighbourTable
        ``(distances, neighbours, tied, tied_same)``.

    Examples
    --------
    >>> d, j, tied, _ = nearest_neighbours(np.array([[0.0], [1.0], [3.0], [7.0]]), 2)
    >>> d.tolist(), j.tolist(), tied.tolist()
    ([[1.0, 3.0], [1.0, 2.0], [2.0, 3.0], [4.0, 6.0]], [[1, 2], [0, 2], [1, 0], [2, 1]], [1, 1, 1, 1])
    >>> nearest_neighbours(np.array([[0.0], [1.0], [2.0]]), 1).tied.tolist()  # 1 is 1 from both
    [1, 2, 1]
    """
    n = X.shape[0]
    metric = None if metric is None or metric.euclidean else metric
    if not precomputed and metric is None and n >= TREE_MIN_N and X.shape[1] <= TREE_MAX_D:
        found = _tree_neighbours(X, M, codes, memory_budget_mb, weights)
        if found is not None:
            return found
    distances = np.empty((n, M))
    neighbours = np.empty((n, M), dtype=np.intp)
    tied = np.empty(n, dtype=np.int64)
    tied_same = None if codes is None else np.empty(n, dtype=np.int64)
    blocks = _distance_rows(X, np.arange(n), precomputed=precomputed, memory_budget_mb=memory_budget_mb,
                            metric=metric)  # fmt: skip
    for r0, r1, D in blocks:
        # the M smallest in O(n) per row, then ordered by (distance, index); a row whose M-th
        # distance is tied beyond the M takes a stable full sort, so ties go to the lower index
        order = np.argpartition(D, M - 1, axis=1)[:, :M]
        values = np.take_along_axis(D, order, axis=1)
        order = np.take_along_axis(order, np.lexsort((order, values), axis=-1), axis=1)
        values = np.take_along_axis(D, order, axis=1)
        at_last = D == values[:, -1:]  # every object at the M-th distance
        found = np.count_nonzero(at_last, axis=1)
        tied[r0:r1] = found if weights is None else at_last @ weights
        if codes is not None:
            same = at_last & (codes[None, :] == codes[r0:r1, None])
            tied_same[r0:r1] = np.count_nonzero(same, axis=1) if weights is None else same @ weights
        spill = np.flatnonzero(found > np.count_nonzero(values == values[:, -1:], axis=1))
        if spill.size:  # every object within the M-th distance, ordered by (distance, index)
            r, c = np.nonzero(D[spill] <= values[spill, -1:])
            by = np.lexsort((c, D[spill[r], c], r))
            r, c = r[by], c[by]
            order[spill] = c[np.searchsorted(r, np.arange(spill.size))[:, None] + np.arange(M)]
        neighbours[r0:r1] = order
        distances[r0:r1] = np.take_along_axis(D, order, axis=1)
    return NeighbourTable(distances, neighbours, tied, tied_same)


def tie_counts(
    table: NeighbourTable, m: int, codes: np.ndarray, weights: np.ndarray | None = None
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(nearer, tied, tied_same)`` at each object's m-th distance, m <= the table's M: how
    many objects lie strictly nearer, how many at exactly that distance, and how many of
    those share the object's cluster (each counted its weight's times, given ``weights``,
    the search's). A tie group below the table's last distance lies in the table whole; one
    at it is the search's own count.

    Examples
    --------
    >>> codes = np.array([0, 0, 1])
    >>> table = nearest_neighbours(np.array([[0.0], [1.0], [2.0]]), 2, codes=codes)
    >>> [a.tolist() for a in tie_counts(table, 1, codes)]  # 1 is at 1 from 0 (own) and 2
    [[0, 0, 0], [1, 2, 1], [1, 1, 0]]
    """
    return _ties_at(table, table.distances[:, m - 1], codes, weights)


def _ties_at(table: NeighbourTable, radius: np.ndarray, codes: np.ndarray, weights: np.ndarray | None):
    """:func:`tie_counts` at ``radius``, one of the table's distances of each row."""
    full = table.distances
    at = full == radius[:, None]
    inside = radius < full[:, -1]
    same = codes[table.neighbours] == codes[:, None]
    copies = None if weights is None else weights[table.neighbours]

    def count(mask):  # of the objects, or of their copies
        return np.count_nonzero(mask, axis=1) if copies is None else (mask * copies).sum(axis=1)

    nearer = count(full < radius[:, None])
    tied = np.where(inside, count(at), table.tied)
    tied_same = np.where(inside, count(at & same), table.tied_same)
    return nearer, tied, tied_same


def same_shares(
    table: NeighbourTable, m: int, codes: np.ndarray, weights: np.ndarray | None = None
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each object's m neighbour slots: their distances, and how much of each lies in the
    object's own cluster and how much in another, shape (n, m) each: 1 and 0 (or 0 and 1)
    for a neighbour nearer than the m-th distance; for the slots at the m-th distance,
    shared equally by the t objects tied there, ``tied_same / t`` and ``(t - tied_same) / t``
    (the module's tie rule). Each row's shares sum to m; they do not depend on the order of
    the rows.

    With ``weights`` (the search's), the slots of any one copy of each row among the rows
    repeated their weight's times: its w - 1 other copies first (at distance 0, in its own
    cluster), then each neighbour's copies in distance order, up to m; the copies tied at
    the distance of the last slot share the slots left. The table needs min(m, n - 1)
    columns for that (a row has a copy at least), and m may reach the copies' total less 1.

    Examples
    --------
    >>> codes = np.array([0, 0, 1])
    >>> table = nearest_neighbours(np.array([[0.0], [1.0], [2.0]]), 1, codes=codes)
    >>> [a.ravel().tolist() for a in same_shares(table, 1, codes)[1:]]  # 1's two neighbours split
    [[1.0, 0.5, 0.0], [0.0, 0.5, 1.0]]
    >>> w = np.array([2, 1, 1])
    >>> table = nearest_neighbours(np.array([[0.0], [1.0], [2.0]]), 2, codes=codes, weights=w)
    >>> d, same, _ = same_shares(table, 2, codes, w)  # 0: its copy, then 1; 1: 2 of 0's 2 copies and 2's 1
    >>> d.tolist(), same.tolist()
    ([[0.0, 1.0], [1.0, 1.0], [1.0, 2.0]], [[1.0, 1.0], [0.6666666666666666, 0.6666666666666666], [0.0, 0.0]])
    """
    if weights is None:
        distances = table.distances[:, :m]
        same = (codes[table.neighbours[:, :m]] == codes[:, None]).astype(np.float64)
        nearer, tied, tied_same = tie_counts(table, m, codes)
        at_tie = np.arange(m)[None, :] >= nearer[:, None]  # the slots at the m-th distance
    else:
        distances, same, tied, tied_same = _copy_slots(table, m, codes, weights)
        at_tie = distances == distances[:, -1:]
    other = 1.0 - same
    rows = np.nonzero(at_tie)[0]
    same[at_tie] = tied_same[rows] / tied[rows]
    other[at_tie] = (tied[rows] - tied_same[rows]) / tied[rows]
    return distances, same, other


def _copy_slots(table: NeighbourTable, m: int, codes: np.ndarray, weights: np.ndarray):
    """The m slots of a copy of each row (:func:`same_shares`): their distances, whether each
    lies in the row's own cluster (before the tie rule), and the copies tied at the last
    slot's distance and of those the row's own cluster's, the row's own other copies
    among them when that distance is 0."""
    n, width = table.distances.shape
    own = weights - 1  # a copy's other copies, at distance 0 in its own cluster
    ends = np.cumsum(np.concatenate((own[:, None], weights[table.neighbours]), axis=1), axis=1)
    # slot s lies in the first column whose copies end beyond s: one sorted search for all
    # rows, each row's ends lifted above the last row's
    lift = (int(ends[:, -1].max()) + 1) * np.arange(n, dtype=np.int64)[:, None]
    found = np.searchsorted((ends + lift).ravel(), (np.arange(m) + lift).ravel(), side="right")
    column = found.reshape(n, m) - (width + 1) * np.arange(n)[:, None]
    rows = np.arange(n)[:, None]
    distances = np.concatenate((np.zeros((n, 1)), table.distances), axis=1)[rows, column]
    inside = np.concatenate((np.ones((n, 1), dtype=bool), codes[table.neighbours] == codes[:, None]), axis=1)
    same = inside[rows, column].astype(np.float64)
    radius = distances[:, -1]
    _, tied, tied_same = _ties_at(table, radius, codes, weights)
    at_zero = np.where(radius == 0, own, 0)  # the own copies tie with the rows at distance 0
    return distances, same, tied + at_zero, tied_same + at_zero


def tied_neighbours(
    X: np.ndarray, rows: np.ndarray, radius: np.ndarray, *, tied: np.ndarray | None = None,
    precomputed: bool = False, memory_budget_mb: float = DEFAULT_MEMORY_BUDGET_MB, metric=None,
) -> Iterator[tuple[np.ndarray, np.ndarray]]:  # fmt: skip
    """Yield ``(i, j)`` index arrays, block by block: for each object i of ``rows``, every
    other object j at exactly ``radius[i]`` from it (the distances computed as the search
    computes them, so a radius from its table finds its ties exactly). Each block holds
    about one block of distances within ``memory_budget_mb``; given ``tied`` (how many
    objects each row has at its radius), low-dimensional data take a k-d tree instead,
    rows grouped so that their candidates fit the budget.

    Examples
    --------
    >>> X = np.array([[0.0], [1.0], [2.0]])
    >>> [(i.tolist(), j.tolist()) for i, j in tied_neighbours(X, np.array([1]), np.array([0.0, 1.0, 0.0]))]
    [([1, 1], [0, 2])]
    """
    n = X.shape[0]
    metric = None if metric is None or metric.euclidean else metric
    if tied is not None and not precomputed and metric is None and n >= TREE_MIN_N and X.shape[1] <= TREE_MAX_D:
        yield from _tree_tied(X, rows, radius, tied, memory_budget_mb)
        return
    blocks = _distance_rows(X, rows, precomputed=precomputed, memory_budget_mb=memory_budget_mb, arrays=3,
                            metric=metric)  # fmt: skip
    for b0, b1, D in blocks:
        block = rows[b0:b1]
        i, j = np.nonzero(D == radius[block][:, None])
        yield block[i], j


def _tree_tied(X, rows, radius, tied, memory_budget_mb):
    """:func:`tied_neighbours` by a k-d tree: the candidates within each radius (widened by
    the search's margin), their distances computed as the search computes them, the equal
    ones kept; rows in groups of about the budget's worth of candidates."""
    from scipy.spatial import cKDTree

    tree = cKDTree(X, leafsize=_TREE_LEAF)
    cap = max(1.0, memory_budget_mb * 2**20 / _TREE_BYTES_PER_CANDIDATE)
    ends = np.cumsum(tied[rows] + 1)  # the candidates: the ties and the object itself
    b0 = 0
    while b0 < rows.size:
        before = ends[b0 - 1] if b0 else 0
        b1 = max(b0 + 1, int(np.searchsorted(ends, before + cap, side="right")))
        block, b0 = rows[b0:b1], b1
        found = tree.query_ball_point(X[block], radius[block] * (1 + _TREE_MARGIN), workers=-1)
        i = np.repeat(block, [len(c) for c in found])
        j = np.concatenate([np.asarray(c, dtype=np.intp) for c in found])
        dist = np.zeros(i.size)
        for f in range(X.shape[1]):  # as clustval._engine.pairwise.exact_distances adds them
            diff = X[i, f] - X[j, f]
            dist += diff * diff
        keep = (np.sqrt(dist) == radius[i]) & (i != j)
        yield i[keep], j[keep]


# A k-d tree finds the candidates from these sizes on. Measured with M = 25, best of 2-3 on
# this 2-core machine (shared, so +-30%), leaves of 64 points: n = 2,000, d = 8: 0.030 s
# either way; n = 5,000: 0.06 s against 0.34 s (d = 2), 0.15 s against 0.36 s (d = 8),
# 0.25 s against 0.26 s (d = 12), 0.23 s against 0.21 s (d = 14); n = 20,000: 0.40 s
# against 5.3 s (d = 2), 1.9 s against 6.0 s (d = 8), 2.5 s against 3.3 s (d = 12), 5.1 s
# against 4.3 s (d = 16): the tree's gain ends between d = 12 and 14. (Each object's candidates
# are since sorted on their own, _fill_regular: 0.36 s at n = 20,000, d = 8, one thread.)
TREE_MIN_N = 2000
TREE_MAX_D = 12
_TREE_MARGIN = 1e-9  # relative: scipy's distances and ours differ by a few ulp only
_TREE_SLACK = 8  # neighbours asked beyond M + 1, so that ties at the M-th rarely need a second query
# leaves of 64 points: the query at n = 5,000, d = 8, k = 34 takes 0.19 s against 0.32 s with
# scipy's default 16 (20,000 objects: 1.4 s against 2.8 s; d = 2: 0.024 s against 0.040 s)
_TREE_LEAF = 64


def _tree_neighbours(X: np.ndarray, M: int, codes: np.ndarray | None, memory_budget_mb: float,
                     weights: np.ndarray | None = None) -> NeighbourTable | None:  # fmt: skip
    """:func:`nearest_neighbours` by a k-d tree, the same result bit for bit (None, to fall
    back on all pairs, should an object get fewer than M candidates).

    The tree (scipy's cKDTree) only proposes candidates: every object within the distance of
    its (M + 1)-th nearest point (itself included), widened by a relative margin, so that
    all the objects tied with the M-th are among them. Their distances are then computed as
    the all-pairs path computes them (feature by feature, in order) and the M nearest taken
    by (distance, index); the ties at the M-th distance are counted among them. The objects
    with more candidates than the first query asked for (ties at the M-th distance, such as
    many copies of one point) are searched again in groups whose candidates fit
    ``memory_budget_mb``.
    """
    from scipy.spatial import cKDTree

    n = X.shape[0]
    tree = cKDTree(X, leafsize=_TREE_LEAF)
    k = min(M + 1 + _TREE_SLACK, n)
    near, cols = tree.query(X, k=k, workers=-1)
    radius = near[:, M] * (1 + _TREE_MARGIN)  # the (M + 1)-th point, the object itself counted
    table = NeighbourTable(np.empty((n, M)), np.empty((n, M), dtype=np.intp), np.empty(n, dtype=np.int64),
                           None if codes is None else np.empty(n, dtype=np.int64))  # fmt: skip
    # rows whose k-th point is still within the radius may miss tied candidates
    short = np.flatnonzero(near[:, -1] <= radius) if k < n else np.empty(0, dtype=np.intp)
    regular = np.setdiff1d(np.arange(n), short)
    _fill_regular(table, X, M, codes, regular, cols[regular], weights)
    if short.size:
        found = tree.query_ball_point(X[short], radius[short], workers=-1, return_length=True)
        ends = np.cumsum(found)
        cap = max(float(n * k), memory_budget_mb * 2**20 / _TREE_BYTES_PER_CANDIDATE)
        b0 = 0
        while b0 < short.size:
            before = ends[b0 - 1] if b0 else 0
            b1 = max(b0 + 1, int(np.searchsorted(ends, before + cap, side="right")))
            rows, b0 = short[b0:b1], b1
            extra = tree.query_ball_point(X[rows], radius[rows], workers=-1)
            candidates = np.concatenate([np.asarray(c, dtype=np.intp) for c in extra])
            if not _fill(table, X, M, codes, rows, np.repeat(rows, [len(c) for c in extra]), candidates, weights):
                return None
    return table


def _candidate_distances(X, rows, cols) -> np.ndarray:
    """d(rows, cols) element by element (``rows`` broadcast against ``cols``), the squares
    added feature by feature as :func:`clustval._engine.pairwise.exact_distances` adds them."""
    dist = np.zeros(np.broadcast_shapes(np.shape(rows), np.shape(cols)))
    for f in range(X.shape[1]):
        diff = X[rows, f] - X[cols, f]
        dist += diff * diff
    return np.sqrt(dist)


def _fill_regular(table: NeighbourTable, X, M, codes, objects, cols, weights=None) -> None:
    """:func:`_fill` for objects with the same number k > M of candidates each, ``cols[i]``
    those of ``objects[i]`` (itself among them, unless k copies of it crowd it out): each
    row sorted on its own, by (distance, index), the object itself last (at inf), which takes
    a fifth of the time of one sort of all of them (n = 20,000, k = 34)."""
    rows = objects[:, None]
    dist = _candidate_distances(X, rows, cols)
    dist[cols == rows] = np.inf
    order = np.lexsort((cols, dist), axis=-1)
    dist, cols = np.take_along_axis(dist, order, axis=1), np.take_along_axis(cols, order, axis=1)
    table.distances[objects], table.neighbours[objects] = dist[:, :M], cols[:, :M]
    at_last = dist == dist[:, M - 1 : M]  # every candidate tied with the M-th (never the object: inf)
    if weights is not None:
        at_last = at_last * weights[cols]
    table.tied[objects] = at_last.sum(axis=1)
    if codes is not None:
        table.tied_same[objects] = (at_last * (codes[cols] == codes[rows])).sum(axis=1)


def _fill(table: NeighbourTable, X, M, codes, objects, rows, cols, weights=None) -> bool:
    """Write the table rows of ``objects`` from their candidates (``rows[i]``'s candidate
    ``cols[i]``, the object itself among them), the ties counted with ``weights`` when given;
    False if one has fewer than M others."""
    other = rows != cols
    rows, cols = rows[other], cols[other]
    dist = _candidate_distances(X, rows, cols)
    order = np.lexsort((cols, dist, rows))  # by object, then distance, then the lower index
    rows, cols, dist = rows[order], cols[order], dist[order]
    first = np.searchsorted(rows, objects)
    if objects.size and np.diff(first, append=rows.size).min() < M:  # only if scipy's radius test ever changed
        return False
    take = first[:, None] + np.arange(M)[None, :]
    table.distances[objects], table.neighbours[objects] = dist[take], cols[take]
    at_last = dist == np.repeat(dist[first + M - 1], np.diff(first, append=rows.size))
    if weights is not None:
        at_last = at_last * weights[cols]
    table.tied[objects] = np.add.reduceat(at_last, first) if objects.size else 0
    if codes is not None and objects.size:
        table.tied_same[objects] = np.add.reduceat(at_last * (codes[rows] == codes[cols]), first)
    return True


_TREE_BYTES_PER_CANDIDATE = 64  # rows, cols, distances, their order and masks
