"""Exact pairwise Euclidean distances, summarised per cluster in one chunked pass.

Silhouette, BWP, IGP, Dunn, DBI and the generalised Dunn indices all need every pairwise
distance, but only through a few per-object and per-cluster summaries.
:func:`cluster_distance_stats` computes those summaries for all of them in ONE pass over
row blocks of X, never holding an n x n matrix.

Exactness. Every distance is the direct ``sqrt(sum_f (x_f - y_f)**2)``, accumulated over
the features in order; the Gram trick ``|x|^2 + |y|^2 - 2 x.y`` is never used, because it
cancels catastrophically for near points (relative error ~ eps * |x|^2 / d(x, y)^2), which
can flip a nearest neighbour or a tie. The direct form is accurate to a few ulp, and both
engines below evaluate it with the same operations in the same order, so they produce
bit-identical distances (hence identical minima, maxima, neighbours and ties). They also
add the per-cluster sums in one order (below), so that every index is bit-identical
whichever engine the work threshold picks.

Engines. ``numba`` (:func:`clustval._engine.kernels.tile_pair_stats`) cuts the cluster-sorted
objects into tiles of at most ``TILE`` (512) objects inside one cluster and visits every
unordered pair of tiles once, so each distance is computed once and counts for both of its
objects; the pairs are cut into ``PARTS`` runs of equal work, each keeping its own O(n K)
summaries, added up in part order at the end; the threads (``numba.get_num_threads()``, set
``NUMBA_NUM_THREADS`` to limit them) share the parts, so the values do not depend on how
many there are. ``numpy`` computes the distances of every object to a block of rows as
an (n x rows) array, takes their minima and maxima per cluster and adds their sums in the
numba engine's order
(:func:`_numpy_sums`). Choose with the ``engine`` argument or the ``CLUSTVAL_ENGINE``
environment variable (``auto`` | ``numba`` | ``numpy``); ``auto`` takes numba for passes of
at least ``clustval._engine.compiled.MIN_WORK`` coordinate differences, where it pays for loading
numba.

The order of the sums. ``cluster_sums[i, c]`` adds, in the order of the tile pairs
(``np.triu_indices`` of the tiles: row-major), one term per tile u of cluster c: the
distances from i to a tile after i's own (u > T(i)) summed in lane order
(:data:`clustval._engine.lanes.LANES`, lanes counted from the tile's first object); to a tile
before it (u < T(i)) summed one by one in object order, as the pass meets them column by
column; in i's own tile, the objects after i in lane order (lanes counted from i + 1) and
then those before i one by one. The terms of one part are added from 0.0 in that order,
and the parts' totals in part order.

Weights. With ``weights`` (counts of copies, :func:`cluster_distance_stats`), each term of
``cluster_sums[i, c]`` is ``w_j * d(i, j)``, the product rounded once and then added in the
same order: a copy of j at the same place adds the same distance again, and a copy of i
adds 0, so these are the sums of the data with every row repeated its weight's times. The
compiled pass runs a separate specialisation for them (its unweighted one unchanged); the
numpy engine multiplies the rows of its block first; both give the same bits.

Objects are sorted by cluster once, so that every cluster is a contiguous column range.
"""

from __future__ import annotations

import itertools
import math
import numbers
import os
import weakref
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from ..errors import ClusteringError, InputError, shown
from . import compiled as _compiled
from .docs import DATA, PASS_PARAMETERS, with_parameters
from .lanes import LANES, TILE, lane_sums
from .metrics import Metric
from .validation import as_data_matrix

ENGINES = ("auto", "numba", "numpy")
# The compiled pass cuts its work into this many parts, whatever the number of threads (up to
# PARTS of them work at once), so that results/ do not depend on the machine's cores.
PARTS = 4


class DefaultBudget(float):
    """The budget of a call that names none: a number of MB like any other, except that the
    rank passes may raise it (``clustval._engine.pair_pass.GROWN_BUDGET_MB``) where it would
    take many passes; a budget the caller gives, 256 included, is kept."""

    def __repr__(self) -> str:
        return f"{self:g}"

    __str__ = __repr__


#: The package's one default of ``memory_budget_mb``: the bound (MB) on what a pass over the
#: distances holds at once (a block, a batch), for every index, K-medoids and the command line
#: (config/config.yaml's ``indices.memory_budget_mb`` is tested equal to it).
DEFAULT_MEMORY_BUDGET_MB = DefaultBudget(256)
# Row blocks of euclidean_distances are sized so that one temporary stays near this many bytes.
_BLOCK_BYTES = 16 * 2**20
# A numpy row block holds about this many float64 arrays of n values per row (distances and
# one scratch array, plus slack for reductions); the block size is derived from it.
_ARRAYS_PER_BLOCK_ROW = 3
# The numpy engine's pass holds more per row: the distances, their transpose, the gathered
# terms of the sums (at most as many again) and the (rows x tiles) terms.
_PASS_ARRAYS_PER_BLOCK_ROW = 6
# From this many rows in a block, the numpy engine adds a tile's distances row by row in
# place (a Python step per row, long vectors) instead of gathering them first.
_ROW_LOOP_COLUMNS = 256


@dataclass(frozen=True)
class ClusterDistanceStats:
    """Per-object and per-cluster summaries of all pairwise distances.

    Objects are in the caller's order; clusters are the codes 0..K-1. Fields that were not
    requested are ``None``.

    Attributes
    ----------
    sizes : (K,) int64
        n_k, the number of members of each cluster.
    cluster_sums : (n, K) float64 or None
        ``cluster_sums[i, l] = sum_{j in C_l} d(i, j)`` (the term j = i is 0); with weights
        ``sum_{j in C_l} w_j d(i, j)``.
    in_group_share : (n,) float64 or None
        The share of i's nearest other objects (all those at its smallest distance) that lie
        in i's own cluster: 1 or 0 unless objects of several clusters tie for nearest.
    diameters : (K,) float64 or None
        ``max_{i, j in C_k} d(i, j)``; 0 for a singleton.
    pair_min : (K, K) float64 or None
        ``pair_min[k, l] = min_{i in C_k, j in C_l, j != i} d(i, j)``; the diagonal holds the
        smallest distance inside a cluster (inf for a singleton). Symmetric.
    pair_max : (K, K) float64 or None
        ``pair_max[k, l] = max_{i in C_k, j in C_l} d(i, j)``; the diagonal is the diameter
        (0 for a singleton). Symmetric.
    """

    sizes: np.ndarray
    cluster_sums: np.ndarray | None = None
    in_group_share: np.ndarray | None = None
    diameters: np.ndarray | None = None
    pair_min: np.ndarray | None = None
    pair_max: np.ndarray | None = None


def check_memory_budget(memory_budget_mb: float) -> None:
    """Reject a memory budget that is not a positive finite number of megabytes."""
    real = isinstance(memory_budget_mb, numbers.Real) and not isinstance(memory_budget_mb, (bool, np.bool_))
    try:  # an integer beyond float64 (10**400) is no finite budget; 10**30 is, and bounds nothing
        finite = real and math.isfinite(float(memory_budget_mb))
    except OverflowError:
        finite = False
    if not (finite and memory_budget_mb > 0):
        raise InputError(
            f"memory_budget_mb must be a positive number of megabytes, got {shown(memory_budget_mb)}."
        )


def rows_per_block(n_columns: int, memory_budget_mb: float, arrays: int = _ARRAYS_PER_BLOCK_ROW) -> int:
    """Rows of an (rows x n_columns) float64 block that fit ``memory_budget_mb`` (at least 1),
    when a row holds ``arrays`` such arrays."""
    check_memory_budget(memory_budget_mb)
    row_bytes = max(n_columns, 1) * 8 * arrays
    return max(1, int(memory_budget_mb * 2**20 // row_bytes))


def exact_distances(A: np.ndarray, B: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
    """Euclidean distances between the rows of A and B, ``sqrt(sum_f (a_f - b_f)**2)``.

    The squares are added feature by feature in order, so the result does not suffer the
    cancellation of the Gram-matrix shortcut, and ``exact_distances(B, A)`` is the transpose
    of ``exact_distances(A, B)`` bit for bit (``(a - b)**2 == (b - a)**2``). Large blocks go
    to the compiled :func:`clustval._engine.kernels.distance_block`, which computes the same values
    bit for bit. ``out``: a C-contiguous (len(A), len(B)) float64 array to write into.
    """
    kernels = _compiled.kernels(A.shape[0] * B.shape[0] * A.shape[1])
    if out is None:
        out = np.empty((A.shape[0], B.shape[0]))
    if kernels is not None:
        AT = _feature_major(A)
        kernels.distance_block(AT, _feature_major(B), out, row_form(AT))
        return out
    out[:] = 0.0
    scratch = np.empty_like(out)
    for f in range(A.shape[1]):
        np.subtract(A[:, f, None], B[None, :, f], out=scratch)
        np.multiply(scratch, scratch, out=scratch)
        out += scratch
    return np.sqrt(out, out=out)


@with_parameters(DATA)
def euclidean_distances(X) -> np.ndarray:
    """Full Euclidean distance matrix, d_ij = sqrt(sum_f (x_if - x_jf)^2).

    Computed from direct coordinate differences
    (:func:`clustval._engine.pairwise.exact_distances`, the distance of the internal indices too,
    in row blocks), not from the expansion ||x||^2 + ||y||^2 - 2 x.y: that expansion cancels
    catastrophically for close points (duplicates get distances near sqrt(eps) * ||x||
    instead of 0, data offset by 1e6 get errors near 1e-2), and its rounding breaks exact
    distance ties at random. Direct differences give every distance to a few ulps, an
    exactly symmetric D (fl(a - b)^2 == fl(b - a)^2) and an exact zero diagonal, so ties
    in the K-medoids rules are broken by the rules, not by rounding.

    Returns
    -------
    D : (n, n) float64 array, symmetric, zero diagonal, O(n^2) memory.

    Examples
    --------
    >>> euclidean_distances([[0, 0], [3, 4], [6, 8]])
    array([[ 0.,  5., 10.],
           [ 5.,  0.,  5.],
           [10.,  5.,  0.]])
    """
    X, scale = as_data_matrix(X, error=ClusteringError, return_scale=True)
    n, d = X.shape
    D = np.empty((n, n), dtype=np.float64)
    # Each block's work is block x n x d scalars; bound the block by bytes of D.
    block = max(1, _BLOCK_BYTES // (8 * max(n, 1)))
    for start in range(0, n, block):
        stop = min(start + block, n)
        D[start:stop] = exact_distances(X[start:stop], X)
    return D if scale == 1.0 else D * scale  # back from the power-of-two scale: exact


class DistanceRows:
    """Rows of the distance matrix, from a stored D or computed on demand from X.

    Every K-medoids algorithm (:mod:`clustval.clustering.kmedoids`, :mod:`clustval.clustering.pam`) reads distances only through :meth:`rows`, :meth:`between` and
    :meth:`summed`, so the two sources give identical results: :func:`exact_distances`
    computes each entry bit for bit as :func:`euclidean_distances` stored it, and
    :meth:`summed` adds in one order on every source and engine.
    """

    def __init__(
        self, D: np.ndarray | None = None, X: np.ndarray | None = None,
        memory_budget_mb: float = DEFAULT_MEMORY_BUDGET_MB,
    ) -> None:  # fmt: skip
        self.D, self.X = D, X
        self.n = D.shape[0] if D is not None else X.shape[0]
        self.memory_budget_mb = memory_budget_mb

    def rows(self, idx) -> np.ndarray:
        """d(i, j) for i in ``idx`` (an index array or a slice), every j."""
        return self.D[idx] if self.D is not None else exact_distances(self.X[idx], self.X)

    def between(self, a: np.ndarray, b: np.ndarray) -> np.ndarray:
        """d(i, j) for i in ``a``, j in ``b``."""
        if self.D is not None:
            return self.D[a][:, b]
        return exact_distances(self.X[a], self.X[b])

    def summed(self, rows: np.ndarray, cols: np.ndarray, weights: np.ndarray | None = None) -> np.ndarray:
        """sum_{j in cols} w_j d(i, j) for each i in ``rows`` (w_j = 1 without weights), added
        in the one order of :data:`clustval._engine.lanes.LANES` whatever the source and engine,
        so that sums compared by the K-medoids rules are bit-identical on every path."""
        rows = np.asarray(rows, dtype=np.int64)
        cols = np.asarray(cols, dtype=np.int64)
        steps = 1 if self.D is not None else self.X.shape[1]  # per term: a read, or d differences
        kernels = _compiled.kernels(len(rows) * len(cols) * steps)
        out = np.empty(len(rows))
        if kernels is not None:
            w = np.ones(len(cols)) if weights is None else np.ascontiguousarray(weights, dtype=np.float64)
            if self.D is not None:
                kernels.weighted_matrix_sums(self.D, rows, cols, w, out)
            else:
                AT = _feature_major(self.X[rows])
                kernels.weighted_distance_sums(AT, _feature_major(self.X[cols]), w, out, row_form(AT))
            return out
        block = self.block_rows()
        for start in range(0, len(rows), block):
            terms = self.between(rows[start : start + block], cols)
            if weights is not None:
                terms *= weights
            out[start : start + block] = lane_sums(terms)
        return out

    def block_rows(self) -> int:
        """Rows per block of n-wide work (each temporary within the memory budget)."""
        return rows_per_block(self.n, self.memory_budget_mb)


def check_distance_matrix(D) -> np.ndarray:
    D = np.asarray(D)
    if D.dtype != np.float64 or not D.flags.c_contiguous:
        D = np.ascontiguousarray(D, dtype=np.float64)
    if D.ndim != 2 or D.shape[0] != D.shape[1] or D.shape[0] == 0:
        raise ClusteringError(
            f"distances must be a non-empty square (n, n) matrix, got shape {D.shape}; "
            "pass the data as X instead, or compute D with clustval.clustering.kmedoids.euclidean_distances."
        )
    if not np.all(np.isfinite(D)) or (D < 0).any():
        raise ClusteringError("distances must be finite and non-negative; check how D was computed.")
    if (np.diagonal(D) != 0).any():
        raise ClusteringError("distances must have an exact zero diagonal (d_ii = 0); set np.fill_diagonal(D, 0).")
    block = max(1, _BLOCK_BYTES // (8 * D.shape[0]))
    for start in range(0, D.shape[0], block):
        if not np.array_equal(D[start : start + block], D[:, start : start + block].T):
            raise ClusteringError(
                "distances must be exactly symmetric (d_ij == d_ji); symmetrise with "
                "D = (D + D.T) / 2, or compute D with clustval.clustering.kmedoids.euclidean_distances."
            )
    return D


def distance_blocks(
    A: np.ndarray, B: np.ndarray, memory_budget_mb: float
) -> Iterator[tuple[int, int, np.ndarray]]:
    """Yield ``(r0, r1, exact_distances(A[r0:r1], B))`` over row blocks within the budget."""
    step = rows_per_block(B.shape[0], memory_budget_mb)
    for r0 in range(0, A.shape[0], step):
        r1 = min(r0 + step, A.shape[0])
        yield r0, r1, exact_distances(A[r0:r1], B)


@with_parameters(PASS_PARAMETERS)
def cluster_distance_stats(
    X: np.ndarray,
    codes: np.ndarray,
    n_clusters: int,
    *,
    sums: bool = False,
    nearest: bool = False,
    extremes: bool = False,
    pair_max: bool = False,
    memory_budget_mb: float = DEFAULT_MEMORY_BUDGET_MB,
    engine: str | None = None,
    precomputed: bool = False,
    metric: Metric | None = None,
    weights: np.ndarray | None = None,
) -> ClusterDistanceStats:
    """Summarise all pairwise distances of X per cluster, in one chunked pass.

    The numpy engine holds blocks of rows x n distances within ``memory_budget_mb``, the
    numba engine a few tile rows per worker; the summaries take O(n K) (the numba engine:
    per worker). With another metric both engines run the same pass with its distances
    (:func:`clustval._engine.kernels.metric_tile_pair_stats`, or the numpy engine on blocks
    of :meth:`~clustval._engine.metrics.Metric.block`), bit for bit the same. With
    ``weights`` the ``cluster_sums`` are ``sum_{j in C_l} w_j d(i, j)`` and
    ``in_group_share`` the share of the copies nearest to each copy of i (its own other
    copies, at 0, when w_i > 1), those of the repeated rows (module docstring); the extremes
    do not depend on them (a copy adds distances that are already there, and 0 within its
    cluster).

    The pass is :func:`pass_task` over all objects at once, then :func:`combine_pass`: the
    two functions :mod:`clustval.dask` runs with the objects cut into blocks, one task each,
    for the same summaries bit for bit. Cost: O(n^2 d) time when anything is requested,
    O(n K + block) memory.

    Parameters
    ----------
    sums : bool, default False
        Compute ``cluster_sums`` (Silhouette, BWP, DBI).
    nearest : bool, default False
        Compute ``in_group_share`` (IGP).
    extremes : bool, default False
        Compute ``diameters`` and ``pair_min`` (Dunn).
    pair_max : bool, default False
        Compute ``pair_max`` (GDI with complete linkage): the numba engine then keeps the
        distances of the rows between clusters too, to fold their maxima.
    engine : {"auto", "numba", "numpy"}, optional
        Default from ``CLUSTVAL_ENGINE``, else auto. Precomputed distances always take the
        numpy engine's reductions, over row blocks of the given matrix instead of computed
        ones: the same summaries from the same distances (bit for bit those of the numpy
        engine on the matrix's coordinates).

    Returns
    -------
    ClusterDistanceStats
        The summaries asked for.
    """
    plan = plan_pass(
        codes, n_clusters, n_features=X.shape[1], sums=sums, nearest=nearest, extremes=extremes,
        pair_max=pair_max, memory_budget_mb=memory_budget_mb, engine=engine, precomputed=precomputed,
        metric=metric, weights=weights,
    )  # fmt: skip
    if not plan.requested:
        return combine_pass(plan, [])
    if precomputed:
        block = pass_task(plan, 0, plan.n, X, rows=plan.order)
    else:
        block = pass_task(plan, 0, plan.n, np.ascontiguousarray(X[plan.order]))
    return combine_pass(plan, [block])


@dataclass(frozen=True)
class PassPlan:
    """What every task of one distance pass shares, the data aside (:func:`plan_pass`).

    ``order``: sorted position -> original row (objects sorted by cluster, stably); ``own``:
    the cluster of each sorted position; ``starts``: each cluster's first sorted position
    (one more than clusters); ``tiles``: the tiles and parts of the pass; ``engine``:
    ``numba`` or ``numpy``; ``sums``, ``nearest``, ``extremes``, ``pair_max``: what is
    requested; ``weights``: each sorted position's count of copies (float64), or None (no
    weights, or no sums or shares to weigh).
    """

    n: int
    n_clusters: int
    order: np.ndarray
    own: np.ndarray
    starts: np.ndarray
    tiles: _TilePlan
    engine: str
    sums: bool
    nearest: bool
    extremes: bool
    pair_max: bool
    memory_budget_mb: float
    precomputed: bool
    metric: Metric | None = None  # None: Euclidean
    weights: np.ndarray | None = None

    @property
    def requested(self) -> bool:
        return self.sums or self.nearest or self.extremes or self.pair_max

    def blocks(self, count: int) -> list[tuple[int, int]]:
        """The sorted positions cut into at most ``count`` blocks ``(start, stop)`` of about
        equal size, each a run of whole tiles (what :func:`pass_task` takes)."""
        tiles = self.tiles.tiles
        targets = np.linspace(0, self.n, max(1, count) + 1)
        cuts = np.unique(tiles[np.searchsorted(tiles, targets[1:-1])])
        edges = [0, *[int(c) for c in cuts if 0 < c < self.n], self.n]
        return list(itertools.pairwise(edges))


def plan_pass(
    codes: np.ndarray, n_clusters: int, *, n_features: int, sums: bool = False,
    nearest: bool = False, extremes: bool = False, pair_max: bool = False,
    memory_budget_mb: float = DEFAULT_MEMORY_BUDGET_MB, engine: str | None = None, precomputed: bool = False,
    metric: Metric | None = None, weights: np.ndarray | None = None,
) -> PassPlan:  # fmt: skip
    """The :class:`PassPlan` of :func:`cluster_distance_stats`'s pass (same arguments; X
    enters only through its number of columns, ``n_features``)."""
    check_memory_budget(memory_budget_mb)
    n = codes.shape[0]
    sizes = np.bincount(codes, minlength=n_clusters).astype(np.int64)
    order = np.argsort(codes, kind="stable")  # sorted position -> original row
    own = np.ascontiguousarray(codes[order], dtype=np.int64)
    starts = np.concatenate(([0], np.cumsum(sizes))).astype(np.int64)
    requested = sums or nearest or extremes or pair_max
    if metric is not None and metric.euclidean:
        metric = None
    if precomputed:
        engine = "numpy"  # the compiled kernel computes its distances from coordinates
    elif requested:
        engine = _resolve_engine(engine, work=n * n * n_features / 2)
    if weights is not None and (sums or nearest):  # only the sums and the shares weigh the objects
        weights = np.ascontiguousarray(np.asarray(weights)[order], dtype=np.float64)
    else:
        weights = None
    return PassPlan(
        n, n_clusters, order, own, starts, _TilePlan.of(starts), engine or "numpy",
        sums, nearest, extremes, pair_max, memory_budget_mb, precomputed, metric, weights,
    )  # fmt: skip


@dataclass(frozen=True)
class BlockSummaries:
    """The exact summaries of the objects at sorted positions ``start:stop``
    (:func:`pass_task`): ``cluster_sums`` and ``nearest`` their rows in sorted order,
    ``diameters`` and ``pair_min`` reduced over the block's members only (0 and inf for
    the clusters without one), ``pair_max`` over the pairs with an object in the block (the
    numba engine fills one triangle, k <= l; the numpy engine both). Unrequested fields
    are None."""

    start: int
    stop: int
    cluster_sums: np.ndarray | None
    nearest: np.ndarray | None
    diameters: np.ndarray | None
    pair_min: np.ndarray | None
    pair_max: np.ndarray | None


def pass_task(plan: PassPlan, start: int, stop: int, data: np.ndarray, rows: np.ndarray | None = None) -> BlockSummaries:
    """One task of the pass: the summaries of the objects at sorted positions start:stop
    (a run of whole tiles, :meth:`PassPlan.blocks`), exactly as the pass over all objects
    gives them.

    ``data``: the coordinates in sorted order (``X[plan.order]``), or with ``precomputed``
    rows of the distance matrix, the row of sorted position s being ``data[rows[s - start]]``
    (the whole D and ``rows = plan.order``, or only the block's rows and ``rows = arange``).

    Each object's sums are added in the one order of the whole pass (module docstring), so
    a block's values do not depend on the other blocks: the numba engine visits every tile
    pair that involves a tile of the block, in pass order and split into the same parts,
    keeping the summaries of the block's objects only (so a block of m objects computes
    about m n distances, and a pair whose objects lie in two blocks is computed by both);
    the numpy engine computes the distances of every object to rows of the block.
    Pure: the same arguments give the same bits, so a lost task can be run again.
    """
    n, K, m = plan.n, plan.n_clusters, stop - start
    every = plan.engine == "numba"  # numba fills all summaries at once (they cost little)
    sums = np.empty((m, K)) if (plan.sums or every) else None
    mins = np.empty((m, K)) if (plan.nearest or plan.extremes or every) else None
    own_max = np.empty(m) if (plan.extremes or every) else None
    pair_max = np.zeros((K, K)) if plan.pair_max else None  # 0 never raises a maximum
    if plan.precomputed:

        def distance_rows(positions):  # d(positions, every object), both in sorted order
            return data[rows[positions - start]][:, plan.order]

    elif plan.metric is not None:

        def distance_rows(positions):
            return plan.metric.block(data[positions], data)

    else:

        def distance_rows(positions):
            return exact_distances(data[positions], data)

    if every:
        XT, columns = _tile_major_cached(data, plan.tiles.tiles)
        _numba_task(XT, columns, plan, start, stop, sums, mins, own_max, pair_max)
    else:
        # a weighted pass holds the weighted distances too
        step = rows_per_block(n, plan.memory_budget_mb, _PASS_ARRAYS_PER_BLOCK_ROW + (plan.weights is not None))
        DT = np.empty((n + 1, 0))
        for r0 in range(start, stop, step):
            r1 = min(r0 + step, stop)
            if DT.shape[1] != r1 - r0:
                DT = np.empty((n + 1, r1 - r0))
            if plan.precomputed:
                DT[:n] = distance_rows(np.arange(r0, r1)).T  # row i: d(i, j), as a given D reads
            elif plan.metric is not None:
                plan.metric.block(data, data[r0:r1], out=DT[:n])  # symmetric too
            else:
                exact_distances(data, data[r0:r1], out=DT[:n])  # d(j, i) == d(i, j), bit for bit
            DT[n] = 0.0
            _numpy_block(DT, plan, r0, start, sums, mins, own_max, pair_max)

    nearest = diameters = pair_min = None
    if plan.nearest:
        nearest = _in_group_share(distance_rows, plan.own, mins, plan.memory_budget_mb, first=start,
                                  weights=plan.weights)  # fmt: skip
    if plan.extremes:
        # the clusters with members in the block, and where those begin in it
        cuts = np.clip(plan.starts, start, stop) - start
        present = np.flatnonzero(cuts[1:] > cuts[:-1])
        diameters = np.zeros(K)
        pair_min = np.full((K, K), np.inf)
        diameters[present] = np.maximum.reduceat(own_max, cuts[present])
        pair_min[present] = np.minimum.reduceat(mins, cuts[present], axis=0)
    return BlockSummaries(start, stop, sums if plan.sums else None, nearest, diameters, pair_min, pair_max)


def combine_pass(plan: PassPlan, blocks: list[BlockSummaries]) -> ClusterDistanceStats:
    """The :class:`ClusterDistanceStats` of the blocks of :func:`pass_task`, which cover
    every sorted position once: rows put back in the original order, diameters, pair_min
    and pair_max reduced over the blocks (maxima and minima: exact in any order; a pair
    seen by two blocks changes nothing), pair_max made symmetric."""
    sizes = np.diff(plan.starts)
    if not plan.requested:
        return ClusterDistanceStats(sizes=sizes)
    blocks = sorted(blocks, key=lambda b: b.start)
    if [b.start for b in blocks] != [0, *[b.stop for b in blocks[:-1]]] or blocks[-1].stop != plan.n:
        raise ValueError("the blocks of a distance pass must cover every object once.")
    stats: dict[str, np.ndarray] = {}
    for name, requested in (("cluster_sums", plan.sums), ("nearest", plan.nearest)):
        if requested:
            first = getattr(blocks[0], name)
            values = np.empty((plan.n, *first.shape[1:]), dtype=first.dtype)
            for b in blocks:
                values[plan.order[b.start : b.stop]] = getattr(b, name)
            stats["in_group_share" if name == "nearest" else name] = values
    if plan.extremes:
        stats["diameters"] = np.maximum.reduce([b.diameters for b in blocks])
        stats["pair_min"] = np.minimum.reduce([b.pair_min for b in blocks])
    if plan.pair_max:
        highest = np.maximum.reduce([b.pair_max for b in blocks])
        stats["pair_max"] = np.maximum(highest, highest.T)
    return ClusterDistanceStats(sizes=sizes, **stats)


def _numpy_block(DT, plan, r0, first, cluster_sums, mins, own_max, pair_max) -> None:
    """Fill the rows r0:r0 + R (sorted positions; rows r0 - first.. of the arrays) of the
    requested summaries from DT, the (n + 1) x R distances of every object to them (last row
    zeros), the sums added as the numba engine adds them; raise ``pair_max`` to the block's
    maxima."""
    n, R = DT.shape[0] - 1, DT.shape[1]
    D = DT[:n]
    cols = np.arange(R)
    out = slice(r0 - first, r0 - first + R)
    if cluster_sums is not None:
        # weighted: each term w_j d(j, r) rounded once, then added as the unweighted terms are
        terms = DT if plan.weights is None else DT * np.append(plan.weights, 0.0)[:, None]
        cluster_sums[out] = _numpy_sums(terms, r0, plan.tiles).T
    if own_max is not None or pair_max is not None:  # d(i, i) = 0 never raises a maximum
        highest = _cluster_reduce(np.maximum, D, plan.starts)  # K x R: to each cluster
        if own_max is not None:
            own_max[out] = highest[plan.own[r0 : r0 + R], cols]
        if pair_max is not None:  # the rows' clusters are runs (sorted order)
            row_clusters, row_starts = np.unique(plan.own[r0 : r0 + R], return_index=True)
            per_pair = np.maximum.reduceat(highest, row_starts, axis=1).T
            pair_max[row_clusters] = np.maximum(pair_max[row_clusters], per_pair)
    if mins is not None:
        D[r0 + cols, cols] = np.inf  # an object is not its own neighbour
        mins[out] = _cluster_reduce(np.minimum, D, plan.starts).T


def _cluster_reduce(ufunc, D: np.ndarray, starts: np.ndarray) -> np.ndarray:
    """``ufunc.reduceat(D, starts[:-1], axis=0)`` (exact in any order): cluster by cluster
    while there are few (reduceat runs along each column, slowly, for long clusters)."""
    if len(starts) - 1 > 256:
        return ufunc.reduceat(D, starts[:-1], axis=0)
    out = np.empty((len(starts) - 1, D.shape[1]))
    for c in range(len(starts) - 1):
        ufunc.reduce(D[starts[c] : starts[c + 1]], axis=0, out=out[c])
    return out


def _numba_task(XT, columns, plan, start, stop, sums, mins, own_max, pair_max) -> None:
    """Fill the summaries of sorted positions start:stop (a run of whole tiles) with the
    compiled tile kernel: every tile pair that involves one of their tiles, in pass order
    and cut into the pass's parts, the parts then added in part order (``pair_max``:
    raised to the parts' maxima)."""
    kernels = _compiled.kernels()
    tp = plan.tiles
    t0, t1 = np.searchsorted(tp.tiles, [start, stop])
    pair_a, pair_b, bounds = _pairs_touching(len(tp.tile_cluster), int(t0), int(t1), tp.bounds)
    m = stop - start
    slot = np.full(plan.n, -1, dtype=np.int64)  # the block's objects: their rows; others: none
    slot[start:stop] = np.arange(m)
    parts = len(bounds) - 1
    part_sums = np.empty((parts, m, plan.n_clusters))  # the kernel starts each part itself
    part_mins = np.empty((parts, m, plan.n_clusters))
    part_max = np.empty((parts, m))
    K = plan.n_clusters if pair_max is not None else 0  # no rows: the kernel skips the pair maxima
    part_pair_max = np.empty((parts, K, K))
    # the weights at the objects' columns of XT; None: the kernels' unweighted specialisation
    weighted = plan.weights is not None and plan.sums
    weights = tile_major_weights(plan.weights, tp.tiles, XT.shape[1]) if weighted else None
    if plan.metric is None:
        kernels.tile_pair_stats(
            XT, columns, tp.tiles, tp.tile_cluster, pair_a, pair_b, bounds, slot, part_sums, part_mins, part_max,
            part_pair_max, weights, row_form(XT),
        )  # fmt: skip
    else:
        kernels.metric_tile_pair_stats(
            XT, columns, tp.tiles, tp.tile_cluster, pair_a, pair_b, bounds, slot, part_sums, part_mins, part_max,
            part_pair_max, plan.metric.form, plan.metric.order, weights,
        )  # fmt: skip
    kernels.combine_parts(part_sums, part_mins, part_max, np.arange(m), sums, mins, own_max)
    if pair_max is not None:
        np.maximum(pair_max, part_pair_max.max(axis=0, initial=0.0), out=pair_max)


def _pairs_touching(nt: int, t0: int, t1: int, bounds: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The tile pairs (a <= b, in ``np.triu_indices(nt)`` order) with a or b in t0:t1, and
    where each part of ``bounds`` (first pair of each part in ``np.triu_indices(nt)``, and
    the number of pairs last) begins in that list: (a, b, part bounds)."""

    def row_start(a):  # index of the pair (a, a) in np.triu_indices(nt)
        return a * nt - a * (a - 1) // 2

    width = t1 - t0
    a_before = np.repeat(np.arange(t0, dtype=np.int64), width)  # pairs (a < t0, b in t0:t1)
    b_before = np.tile(np.arange(t0, t1, dtype=np.int64), t0)
    rows = np.arange(t0, t1, dtype=np.int64)  # then the pairs (a in t0:t1, b >= a): one run
    lengths = nt - rows
    a_own = np.repeat(rows, lengths)
    b_own = a_own + np.arange(a_own.size) - np.repeat(np.cumsum(lengths) - lengths, lengths)
    before = row_start(a_before) + b_before - a_before  # their indices, all below row_start(t0)
    parts = np.searchsorted(before, bounds) + np.clip(bounds - row_start(t0), 0, a_own.size)
    return np.concatenate((a_before, a_own)), np.concatenate((b_before, b_own)), parts.astype(np.int64)


_TILE_MAJOR_CACHE: list = []  # [(weak reference to Xs, tiles, (XT, columns))]: the last one


def _tile_major_cached(Xs: np.ndarray, tiles: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """:func:`tile_major_layout`, kept for the last Xs: the tasks of one pass that a process runs
    share it (a pure function of its arguments, so a cached value is the computed one)."""
    if _TILE_MAJOR_CACHE:
        ref, cached_tiles, value = _TILE_MAJOR_CACHE[0]
        if ref() is Xs and np.array_equal(cached_tiles, tiles):
            return value
    value = tile_major_layout(Xs, tiles)
    _TILE_MAJOR_CACHE[:] = [(weakref.ref(Xs), tiles, value)]
    return value


@dataclass(frozen=True)
class _TilePlan:
    """The tiles of the pass and its parts, the same for both engines.

    ``tiles``: tile boundaries (one more than tiles), ``tile_cluster``: each tile's cluster,
    ``bounds``: the tile pairs (``np.triu_indices`` order) of each part, ``first_tile``: each
    cluster's first tile (one more than clusters).
    """

    tiles: np.ndarray
    tile_cluster: np.ndarray
    bounds: np.ndarray
    first_tile: np.ndarray

    @classmethod
    def of(cls, starts: np.ndarray) -> _TilePlan:
        tiles, tile_cluster = cut_into_tiles(starts, TILE)
        first_tile = np.searchsorted(tiles, starts).astype(np.int64)
        return cls(tiles, tile_cluster, part_bounds(np.diff(tiles)), first_tile)

    def part_of(self, a: np.ndarray, b: np.ndarray) -> np.ndarray:
        """The part that visits the tile pair {a, b} (broadcast arrays of tiles)."""
        lo, hi = np.minimum(a, b), np.maximum(a, b)
        nt = len(self.tile_cluster)
        pair = lo * nt - lo * (lo - 1) // 2 + (hi - lo)  # its index in np.triu_indices(nt)
        return np.searchsorted(self.bounds, pair, side="right") - 1


def part_bounds(lengths: np.ndarray, parts: int = PARTS) -> np.ndarray:
    """``PARTS`` runs (fewer if there are fewer tile pairs) of the tile pairs, in
    ``np.triu_indices`` order, of about equal work (pairs of objects): the first pair of each
    run, and the number of pairs last. Each run keeps its own summaries, added up in part
    order: the same sums whatever the number of threads.

    Run w starts at the first pair whose cumulative work reaches w/PARTS of the total (as
    ``np.searchsorted(np.cumsum(work), ...)`` finds it), computed row by row of the pair
    triangle without listing its ~nt^2/2 pairs.
    """
    nt = len(lengths)
    n_pairs = nt * (nt + 1) // 2
    workers = max(1, min(parts, n_pairs))
    lengths = lengths.astype(np.int64)
    after = np.cumsum(lengths[::-1])[::-1]  # objects in tiles a..nt-1
    row_end = np.cumsum(lengths * after)  # cumulative work at the last pair of each row
    targets = row_end[-1] * np.arange(workers + 1) / workers
    bounds = np.empty(workers + 1, dtype=np.int64)
    for w, target in enumerate(targets):
        a = int(np.searchsorted(row_end, target, side="left"))  # rows wholly below target
        pairs = a * nt - a * (a - 1) // 2
        if a < nt:  # pairs (a, b), b = a.., of row a below target
            base = row_end[a - 1] if a > 0 else 0
            pairs += int(np.searchsorted(base + lengths[a] * np.cumsum(lengths[a:]), target, side="left"))
        bounds[w] = pairs
    bounds[0], bounds[-1] = 0, n_pairs
    return bounds


def _numpy_sums(DT: np.ndarray, r0: int, plan: _TilePlan) -> np.ndarray:
    """``cluster_sums`` (transposed: K x R) of the sorted rows r0:r0 + R from DT (the
    distances of every object to them, and a last row of zeros), added in the order of the
    numba engine (module docstring), vectorised: bit for bit the sums of
    :func:`clustval._engine.kernels.tile_pair_stats` and ``combine_parts``."""
    R = DT.shape[1]
    tiles, nt = plan.tiles, len(plan.tile_cluster)
    positions = np.arange(r0, r0 + R)
    own_tile = np.searchsorted(tiles, positions, side="right") - 1
    lengths = np.diff(tiles)
    low, high = int(own_tile[0]), int(own_tile[-1])
    # one term per (tile, row): tiles before the own tile as one running sum, tiles after
    # it in lanes (both only over the tiles some row of the block needs)
    terms = np.empty((nt, R))
    # (a tile's terms matter only for the columns of rows in later, resp. earlier, tiles)
    before = _segment_sums(DT, tiles[: high + 1], lengths[: high + 1], 1, cols_from=tiles[1 : high + 2] - r0)
    after = _segment_sums(DT, tiles[low:-1], lengths[low:], LANES, cols_to=tiles[low:-1] - r0)
    terms[:low] = before[:low]
    terms[high + 1 :] = after[high + 1 - low :]
    tile = np.arange(low, high + 1)[:, None]
    terms[low : high + 1] = np.where(tile < own_tile, before[low:], after[: high + 1 - low])
    # the own tile: the objects after i in lanes from i + 1, then those before i one by one
    cols = np.arange(R)
    terms[own_tile, cols] = _skewed_lane_sums(DT, positions + 1, tiles[own_tile + 1])
    own_before = _prefix_sums(DT, tiles[own_tile], positions)

    counts = np.diff(plan.first_tile)  # tiles per cluster
    K = len(counts)
    total = np.zeros((K, R))
    acc = np.zeros((K, R))
    last_part = np.full((K, R), -1)
    for k in range(int(counts.max())):  # the k-th tile of every cluster that has one
        active = np.flatnonzero(counts > k)
        tile = plan.first_tile[active] + k
        part = plan.part_of(tile[:, None], own_tile[None, :])
        s, t = acc[active], total[active]
        new_part = part != last_part[active]  # a part's sum goes to the total
        t = np.where(new_part, t + s, t)
        s = np.where(new_part, 0.0, s) + terms[tile]
        own = tile[:, None] == own_tile[None, :]
        s = np.where(own, s + own_before, s)  # in the own tile's pair, after the row's term
        acc[active], total[active], last_part[active] = s, t, part
    return total + acc


def _segment_sums(
    DT: np.ndarray, starts: np.ndarray, lengths: np.ndarray, lanes: int,
    cols_from: np.ndarray | None = None, cols_to: np.ndarray | None = None,
) -> np.ndarray:  # fmt: skip
    """segments x (columns of DT): the sum of rows ``starts[s]:starts[s] + lengths[s]`` of
    DT (whose last row is zeros): one running sum (``lanes`` = 1), or term j of a segment to
    lane j % LANES, each lane a running sum, the lanes added as :data:`LANES` says.

    Wide blocks (at least ``_ROW_LOOP_COLUMNS`` columns) add DT's rows in place, a row (or
    LANES rows) at a time, only in the columns ``cols_from[s]:cols_to[s]`` where given
    (the others stay 0). Narrow ones gather the rows once (in chunks of segments of at
    most about 2 n rows), step m after step m - 1, where step m holds the m-th term of
    every lane of every segment that has one; each step is then one vector addition."""
    R, zero = DT.shape[1], DT.shape[0] - 1
    out = np.zeros((len(starts), R))
    if R >= _ROW_LOOP_COLUMNS:
        lo = np.zeros(len(starts), dtype=np.int64) if cols_from is None else np.clip(cols_from, 0, R)
        hi = np.full(len(starts), R) if cols_to is None else np.clip(cols_to, 0, R)
        for s, (t0, m, c0, c1) in enumerate(zip(starts.tolist(), lengths.tolist(), lo.tolist(), hi.tolist())):
            if c1 <= c0:
                continue
            if lanes == 1:
                running = out[s, c0:c1]
                for j in range(t0, t0 + m):
                    running += DT[j, c0:c1]
                continue
            running = np.zeros((LANES, c1 - c0))
            whole = m - m % LANES
            for j in range(t0, t0 + whole, LANES):
                running += DT[j : j + LANES, c0:c1]
            if whole < m:
                running[: m - whole] += DT[t0 + whole : t0 + m, c0:c1]
            out[s, c0:c1] = _lane_total(running)
        return out
    by_length = np.argsort(-lengths, kind="stable")  # the segments of step m: a prefix
    by_length = by_length[lengths[by_length] > 0]
    rows = -(-lengths[by_length] // lanes) * lanes  # rows gathered per segment
    chunk = (np.cumsum(rows) - rows) // (2 * (zero + 1))  # chunks of about 2 n rows
    for c0, c1 in _runs(chunk):
        chosen = by_length[c0:c1]
        out[chosen] = _lanes_of(DT, starts[chosen], lengths[chosen], lanes)
    return out


def _runs(values: np.ndarray) -> list[tuple[int, int]]:
    """(start, stop) of each run of equal values."""
    cuts = np.flatnonzero(np.diff(values)) + 1
    edges = [0, *cuts.tolist(), len(values)]
    return [(a, b) for a, b in itertools.pairwise(edges) if b > a]


def _lanes_of(DT: np.ndarray, starts: np.ndarray, lengths: np.ndarray, lanes: int) -> np.ndarray:
    """:func:`_segment_sums` of segments in descending length (each at least 1)."""
    R, zero = DT.shape[1], DT.shape[0] - 1
    steps = -(-lengths // lanes)
    busy = np.count_nonzero(steps[None, :] > np.arange(steps[0])[:, None], axis=1)  # per step
    offset = np.arange(steps[0] * lanes).reshape(-1, lanes, 1)
    index = np.where(offset < lengths, starts + offset, zero)  # (steps, lanes, segments)
    kept = np.broadcast_to(np.arange(len(lengths)) < busy[:, None, None], index.shape)
    gathered = DT[index[kept]]  # step by step: (lanes, busy segments) rows each
    running = np.zeros((lanes, len(lengths), R))
    at = 0
    for b in busy.tolist():  # each lane a running sum, in order
        running[:, :b] += gathered[at : at + lanes * b].reshape(lanes, b, R)
        at += lanes * b
    return _lane_total(running) if lanes == LANES else running[0]


def _skewed_lane_sums(DT: np.ndarray, starts: np.ndarray, stops: np.ndarray) -> np.ndarray:
    """For each column r of DT: its rows ``starts[r]:stops[r]`` added as :func:`_segment_sums`
    adds a segment in lanes (lanes counted from ``starts[r]``)."""
    R, zero = DT.shape[1], DT.shape[0] - 1
    lengths = np.maximum(stops - starts, 0)
    steps = -(-int(lengths.max(initial=0)) // LANES)
    if steps == 0:
        return np.zeros(R)
    offset = np.arange(steps * LANES).reshape(steps, LANES, 1)
    flat = np.where(offset < lengths, starts + offset, zero) * R + np.arange(R)
    gathered = np.take(DT.reshape(-1), flat)  # (steps, LANES, R)
    running = np.zeros((LANES, R))
    for step in gathered:  # each lane a running sum, in order
        running += step
    return _lane_total(running)


def _prefix_sums(DT: np.ndarray, starts: np.ndarray, stops: np.ndarray) -> np.ndarray:
    """For each column r of DT: its rows ``starts[r]:stops[r]`` as one running sum, the terms
    past a column's stop replaced by zeros (+0 changes no sum)."""
    R, zero = DT.shape[1], DT.shape[0] - 1
    steps = int(np.max(stops - starts, initial=0))
    running = np.zeros(R)
    if steps == 0:
        return running
    offset = np.arange(steps)[:, None]
    flat = np.where(offset < stops - starts, starts + offset, zero) * R + np.arange(R)
    for step in np.take(DT.reshape(-1), flat):  # (steps, R)
        running += step
    return running


def _lane_total(lanes: np.ndarray) -> np.ndarray:
    """((a0 + a1) + (a2 + a3)) + ((a4 + a5) + (a6 + a7)) over the first axis (LANES)."""
    a = lanes
    return ((a[0] + a[1]) + (a[2] + a[3])) + ((a[4] + a[5]) + (a[6] + a[7]))


def row_form(P: np.ndarray) -> np.ndarray:
    """The form of the feature-major P (a multiple of 4 rows, as ``_feature_major`` pads it)
    as the compiled kernels take it: an empty array whose number of dimensions names it (1:
    8 rows, 2: 4 rows, 3: more, the last sweep of 8, 4: more, the last of 4). numba compiles
    a kernel for the types of its arguments, so a pass compiles the sweeps of its form alone
    (``clustval._engine.rowstep.row_step_of``, ``clustval._engine.kernels.distances_of``).

    Examples
    --------
    >>> [row_form(np.zeros((d, 3))).ndim for d in (8, 4, 16, 12)]
    [1, 2, 3, 4]
    """
    d = P.shape[0]
    return np.empty((0,) * (1 if d == 8 else 2 if d == 4 else 3 if d % 8 == 0 else 4))


def _feature_major(Xs: np.ndarray) -> np.ndarray:
    """Xs transposed (a tile's feature is one contiguous run), with zero rows up to a
    multiple of 4 features: the kernel takes four per sweep, and +0 squares change no sum."""
    d, n = Xs.shape[1], Xs.shape[0]
    XsT = np.zeros((-(-d // 4) * 4, n))
    XsT[:d] = Xs.T
    return XsT


def tile_major_layout(Xs: np.ndarray, tiles: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Xs feature-major as ``_feature_major`` lays it out, with each tile's columns starting
    at a multiple of 8 and the array on a 64-byte boundary: the pass reads a tile row's
    blocks of 8 columns as whole cache lines. Zero columns fill the gaps (never read as
    objects). Returns the array and each tile's first column."""
    lengths = np.diff(tiles)
    columns = np.concatenate(([0], np.cumsum(-(-lengths // 8) * 8))).astype(np.int64)
    rows, width = -(-Xs.shape[1] // 4) * 4, int(columns[-1])
    raw = np.zeros(rows * width + 8)
    start = (-raw.ctypes.data % 64) // 8
    XT = raw[start : start + rows * width].reshape(rows, width)
    tile_of = np.repeat(np.arange(len(lengths)), lengths)
    XT[: Xs.shape[1], columns[tile_of] + np.arange(len(Xs)) - tiles[tile_of]] = Xs.T
    return XT, columns[:-1]


def tile_major_weights(weights: np.ndarray, tiles: np.ndarray, width: int) -> np.ndarray:
    """The weights of the sorted objects at their columns of :func:`tile_major_layout`'s
    array (``width`` columns; 0 in the gaps), on a 64-byte boundary like its rows: the
    compiled pass reads a block of 8 columns' weights as one cache line."""
    lengths = np.diff(tiles)
    columns = np.concatenate(([0], np.cumsum(-(-lengths // 8) * 8))).astype(np.int64)
    raw = np.zeros(width + 8)
    start = (-raw.ctypes.data % 64) // 8
    out = raw[start : start + width]
    tile_of = np.repeat(np.arange(len(lengths)), lengths)
    out[columns[tile_of] + np.arange(len(weights)) - tiles[tile_of]] = weights
    return out


def cut_into_tiles(starts: np.ndarray, size: int) -> tuple[np.ndarray, np.ndarray]:
    """Cut each cluster's run ``starts[c]:starts[c + 1]`` into tiles of at most ``size``.

    Returns the tile boundaries (one more than tiles) and each tile's cluster.
    """
    starts = np.asarray(starts, dtype=np.int64)
    counts = -(-np.diff(starts) // size)  # tiles per cluster
    tile_cluster = np.repeat(np.arange(len(counts), dtype=np.int64), counts)
    rank = np.arange(len(tile_cluster)) - np.repeat(np.cumsum(counts) - counts, counts)
    return np.concatenate((starts[tile_cluster] + rank * size, starts[-1:])), tile_cluster


def _in_group_share(distance_rows, own, mins, memory_budget_mb, first: int = 0, weights=None) -> np.ndarray:
    """The share of each object's nearest other objects (all those at its smallest distance)
    that lie in its own cluster, for the objects at sorted positions first, first + 1, ...
    (the rows of ``mins``).

    With ``weights`` (counts of copies, in sorted order), that of each copy of the object
    among the repeated rows: an object of weight w > 1 has its w - 1 other copies nearest,
    at distance 0 (share 1 unless objects of other clusters coincide with it), one of
    weight 1 the copies of the objects at its smallest distance, counted by weight.

    The per-cluster minima decide every object whose nearest distance is attained in one
    cluster only (share 1 or 0, however many objects attain it there); an object whose
    minimum several clusters attain is resolved exactly by recomputing its distance row and
    counting the objects at the minimum (rare, except on lattice-like data). The tied
    objects are counted, never ordered, so the share does not depend on the row order.
    """
    rows = np.arange(len(mins))
    best = mins.min(axis=1)
    share = (mins[rows, own[first + rows]] == best).astype(np.float64)
    tied = ((mins == best[:, None]).sum(axis=1) > 1) & np.isfinite(best)
    if weights is not None:
        copies = weights[first + rows] > 1  # its own copies nearest, at 0
        share[copies & (best > 0)] = 1.0
        tied = np.where(copies, best == 0, tied)
    tied = np.flatnonzero(tied)
    step = rows_per_block(len(own), memory_budget_mb)
    for r0 in range(0, tied.size, step):
        r1 = min(r0 + step, tied.size)
        positions = first + tied[r0:r1]
        D = distance_rows(positions)
        D[np.arange(r1 - r0), positions] = np.inf
        if weights is None:
            at_min = D == D.min(axis=1, keepdims=True)
            inside = at_min & (own[None, :] == own[positions, None])
            share[tied[r0:r1]] = np.count_nonzero(inside, axis=1) / np.count_nonzero(at_min, axis=1)
            continue
        mates = weights[positions] - 1  # the object's other copies, at distance 0
        nearest = np.where(mates > 0, 0.0, D.min(axis=1))
        at_min = D == nearest[:, None]
        inside = at_min & (own[None, :] == own[positions, None])
        share[tied[r0:r1]] = (mates + inside @ weights) / (mates + at_min @ weights)  # whole numbers: exact
    return share


def _resolve_engine(engine: str | None, work: float = float("inf")) -> str:
    """``numba`` or ``numpy``: the requested engine, or for ``auto`` the compiled one when
    numba is installed and the pass has at least ``clustval._engine.compiled.MIN_WORK`` steps."""
    engine = engine or os.environ.get("CLUSTVAL_ENGINE", "auto")
    if engine not in ENGINES:
        raise InputError(
            f"engine must be one of {ENGINES}, got {engine!r} "
            "(check the CLUSTVAL_ENGINE environment variable)."
        )
    if engine == "numpy":
        return "numpy"
    if engine == "numba":
        if _compiled.kernels() is None:
            raise InputError(
                "engine 'numba' was requested but numba is not importable or its JIT is "
                "disabled (NUMBA_DISABLE_JIT): install numba, or use engine='numpy'."
            )
        return "numba"
    return "numpy" if _compiled.kernels(work) is None else "numba"
