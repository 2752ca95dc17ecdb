"""Each object's M nearest other objects, exactly: ties go to the lower row.

The near-neighbour indices (:mod:`clustval.neighbours`: WCNN, DuNN-OWA) and CONN's default
prototypes (:mod:`clustval.cvi_family`) read them through
:meth:`clustval.internal.Partition.nearest_neighbours`, which searches once for the largest
M asked. The distances come from row blocks of the pairwise distances bounded by
``memory_budget_mb`` (or from the rows of a precomputed distance matrix); from n = 2000
objects in at most 12 dimensions a k-d tree (scipy's cKDTree) proposes the candidates
instead, whose distances are computed as in the blocks: the same neighbours and the same
distances bit for bit, in a fraction of the time.
"""

from __future__ import annotations

import numpy as np

from ._pairwise import DEFAULT_MEMORY_BUDGET_MB, distance_blocks, rows_per_block


def nearest_neighbours(
    X: np.ndarray, M: int, *, precomputed: bool = False, memory_budget_mb: float = DEFAULT_MEMORY_BUDGET_MB,
) -> tuple[np.ndarray, np.ndarray]:  # fmt: skip
    """Each object's M nearest other objects, nearest first (ties: the lower index first).

    The first m columns of the result for M are the result for m < M, bit for bit: both
    are the first neighbours in the one order by (distance, index).

    Parameters
    ----------
    X : ndarray
        Validated data (``check_data``), or with ``precomputed`` the distance matrix
        (``check_distances``).
    M : int
        How many neighbours, 1 <= M <= n - 1.
    precomputed : bool, default False
        X is the distance matrix.
    memory_budget_mb : float, default 256
        Bound, in MB, on each block of distances held at once.

    Returns
    -------
    distances : ndarray of shape (n, M)
        d(i, j-th neighbour of i), increasing along each row.
    neighbours : ndarray of shape (n, M)
        The neighbours' row numbers.

    Examples
    --------
    >>> d, j = nearest_neighbours(np.array([[0.0], [1.0], [3.0], [7.0]]), 2)
    >>> d.tolist(), j.tolist()
    ([[1.0, 3.0], [1.0, 2.0], [2.0, 3.0], [4.0, 6.0]], [[1, 2], [0, 2], [1, 0], [2, 1]])
    """
    n = X.shape[0]
    if not precomputed and n >= TREE_MIN_N and X.shape[1] <= TREE_MAX_D:
        found = _tree_neighbours(X, M)
        if found is not None:
            return found
    distances = np.empty((n, M))
    neighbours = np.empty((n, M), dtype=np.intp)
    if precomputed:
        step = rows_per_block(n, memory_budget_mb)
        blocks = ((r0, min(r0 + step, n), X[r0 : r0 + step].copy()) for r0 in range(0, n, step))
    else:
        blocks = distance_blocks(X, X, memory_budget_mb)
    for r0, r1, D in blocks:
        rows = np.arange(r1 - r0)
        D[rows, r0 + rows] = np.inf  # an object is not its own neighbour
        # the M smallest in O(n) per row, then ordered by (distance, index); a row whose M-th
        # distance is tied beyond the M takes a stable full sort, so ties go to the lower index
        order = np.argpartition(D, M - 1, axis=1)[:, :M]
        values = np.take_along_axis(D, order, axis=1)
        order = np.take_along_axis(order, np.lexsort((order, values), axis=-1), axis=1)
        tied = np.flatnonzero(np.count_nonzero(D <= values.max(axis=1)[:, None], axis=1) > M)
        if tied.size:
            order[tied] = np.argsort(D[tied], axis=1, kind="stable")[:, :M]
        neighbours[r0:r1] = order
        distances[r0:r1] = np.take_along_axis(D, order, axis=1)
    return distances, neighbours


# A k-d tree finds the candidates from these sizes on. Measured with M = 25, best of 2-3 on
# this 2-core machine (shared, so +-30%), leaves of 64 points: n = 2,000, d = 8: 0.030 s
# either way; n = 5,000: 0.06 s against 0.34 s (d = 2), 0.15 s against 0.36 s (d = 8),
# 0.25 s against 0.26 s (d = 12), 0.23 s against 0.21 s (d = 14); n = 20,000: 0.40 s
# against 5.3 s (d = 2), 1.9 s against 6.0 s (d = 8), 2.5 s against 3.3 s (d = 12), 5.1 s
# against 4.3 s (d = 16): the tree's gain ends between d = 12 and 14.
TREE_MIN_N = 2000
TREE_MAX_D = 12
_TREE_MARGIN = 1e-9  # relative: scipy's distances and ours differ by a few ulp only
_TREE_SLACK = 8  # neighbours asked beyond M + 1, so that ties at the M-th rarely need a second query
# leaves of 64 points: the query at n = 5,000, d = 8, k = 34 takes 0.19 s against 0.32 s with
# scipy's default 16 (20,000 objects: 1.4 s against 2.8 s; d = 2: 0.024 s against 0.040 s)
_TREE_LEAF = 64


def _tree_neighbours(X: np.ndarray, M: int) -> tuple[np.ndarray, np.ndarray] | None:
    """:func:`nearest_neighbours` by a k-d tree, the same result bit for bit (None, to fall
    back on all pairs, should an object get fewer than M candidates).

    The tree (scipy's cKDTree) only proposes candidates: every object within the distance of
    its (M + 1)-th nearest point (itself included), widened by a relative margin, so that
    all the objects tied with the M-th are among them. Their distances are then computed as
    the all-pairs path computes them (feature by feature, in order) and the M nearest taken
    by (distance, index).
    """
    from scipy.spatial import cKDTree

    n, d = X.shape
    tree = cKDTree(X, leafsize=_TREE_LEAF)
    k = min(M + 1 + _TREE_SLACK, n)
    near, cols = tree.query(X, k=k, workers=-1)
    radius = near[:, M] * (1 + _TREE_MARGIN)  # the (M + 1)-th point, the object itself counted
    rows = np.repeat(np.arange(n), k)
    cols = cols.ravel()
    if k < n:  # rows whose k-th point is still within the radius may miss tied candidates
        short = np.flatnonzero(near[:, -1] <= radius)
        if short.size:
            keep = ~np.isin(rows, short)
            extra = tree.query_ball_point(X[short], radius[short], workers=-1)
            rows = np.r_[rows[keep], np.repeat(short, [len(c) for c in extra])]
            cols = np.r_[cols[keep], np.concatenate([np.asarray(c, dtype=np.intp) for c in extra])]
    other = rows != cols
    rows, cols = rows[other], cols[other]
    dist = np.zeros(rows.size)
    for f in range(d):  # as clustval._pairwise.exact_distances adds them
        diff = X[rows, f] - X[cols, f]
        dist += diff * diff
    dist = np.sqrt(dist)
    order = np.lexsort((cols, dist, rows))  # by object, then distance, then the lower index
    rows, cols, dist = rows[order], cols[order], dist[order]
    first = np.searchsorted(rows, np.arange(n))
    if np.diff(first, append=rows.size).min() < M:  # only if scipy's radius test ever changed
        return None
    take = first[:, None] + np.arange(M)[None, :]
    return dist[take], cols[take]
