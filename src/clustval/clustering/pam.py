"""PAM (Partitioning Around Medoids): BUILD, then the eager best-swap SWAP.

Kaufman, L. & Rousseeuw, P. J. (1990). *Finding Groups in Data*, ch. 2. Wiley.
BUILD picks the 1-medoid (smallest summed distance), then one by one the object that lowers
the total cost TD = sum_o d(o, nearest medoid) the most. SWAP then evaluates every pair
(medoid m_i, non-medoid x_c), applies the pair that lowers TD the most, and repeats until no
swap lowers it. Each round evaluates all pairs in O(n^2) with the decomposition of
Schubert, E. & Rousseeuw, P. J. (2019), *Faster k-Medoids Clustering: Improving the PAM,
CLARA, and CLARANS Algorithms*, SISAP 2019, LNCS 11807:171-187 (FastPAM1), which finds the
same best swap as the original O(k n^2) loop: with dn(o), ds(o) the distances of o to its
nearest and second-nearest medoid,

    dTD(m_i, x_c) = sum_o [min(d_oc, dn_o) - dn_o]
                  + sum_{o: nearest(o) = i} [min(d_oc, ds_o) - min(d_oc, dn_o)].

The compiled engine adds it as FasterPAM's removal loss plus the objects that c is closer
to than their second-nearest medoid (Schubert & Rousseeuw 2021), candidates in parallel.
BUILD recomputes after its second medoid only the gains that can still win (a gain never
grows, so an earlier one bounds it: :func:`_build`). Neither changes a choice. From X, D is
stored when it fits ``memory_budget_mb``; otherwise each pass computes the distance rows
it reads, in blocks within the budget (the same rows, bit for bit, so the same result).

Tie rules (deterministic):

* Values that differ by at most ``TIE_RTOL`` times the mean row sum of D count as equal,
  so that rounding in a sum never decides between two equally good choices (the same
  tolerance as :mod:`clustval.clustering.kmedoids`).
* BUILD: among equally good objects the lowest index; objects at distance 0 from a chosen
  medoid are never chosen (medoids are distinct points; K above the number of distinct
  points is a :class:`~clustval.errors.ClusteringError`).
* SWAP: a swap is made only when it lowers TD by more than the tolerance; among equally good
  swaps, the lowest candidate index, then the lowest medoid position. The new medoid takes
  the removed one's position, so cluster k keeps its number.
* Cluster k is the cluster of ``medoids[k]`` (BUILD's order); each object goes to its nearest
  medoid, a tie to the lowest cluster number.
"""

from __future__ import annotations

import warnings

import numpy as np

from .._engine.pairwise import DEFAULT_MEMORY_BUDGET_MB, DistanceRows, exact_distances, rows_per_block
from .._engine.validation import check_max_iter, check_n_clusters
from ..errors import ClusteringError
from ..indices._docs import described
from .common import (
    DEFAULT_MAX_ITER,
    PARAMETERS,
    TIE_RTOL,  # relative tolerance (of the mean row sum of D) within which costs are equal
    ClusteringResult,
    KMedoidsConvergenceWarning,
    compiled_kernels,
    cost_in_units,
    distance_rows,
    fsum_mean,
    row_sums_of,
)

__all__ = ["TIE_RTOL", "pam"]
_BLOCK_BYTES = 16 * 2**20  # one (rows x n) temporary of about this size


@described(parameters=PARAMETERS)
def pam(
    X=None,
    n_clusters: int = 2,
    *,
    distances=None,
    max_iter: int = DEFAULT_MAX_ITER,
    memory_budget_mb: float = DEFAULT_MEMORY_BUDGET_MB,
) -> ClusteringResult:
    """PAM of Kaufman & Rousseeuw (1990): BUILD seeds, then best-swap SWAP until no swap helps.

    Give either X (Euclidean distances) or a precomputed symmetric ``distances`` matrix.
    From X the n x n matrix is stored (:func:`clustval.clustering.kmedoids.euclidean_distances`) when
    it fits in ``memory_budget_mb``; otherwise every pass computes the distance rows it reads
    from X, in blocks within the budget, and never stores D: the same results, O(n (d + K))
    memory. ``max_iter`` caps the SWAP rounds (a :class:`KMedoidsConvergenceWarning` if a
    swap was still made in the last one). Tie rules are in the module docstring.

    Returns
    -------
    ClusteringResult
        ``initial_medoids`` are BUILD's, ``cost_history`` the cost after BUILD and after
        each swap (strictly decreasing), ``n_iter`` the SWAP rounds run.

    Raises
    ------
    clustval.errors.ClusteringError
        Neither or both of X and ``distances``, invalid data or distances, or K out of
        range (including K above the number of distinct points).

    Warns
    -----
    clustval.clustering.common.KMedoidsConvergenceWarning
        When a swap was still made in the last of ``max_iter`` rounds.

    See Also
    --------
    clustval.clustering.kmedoids.park_jun : Park & Jun's faster alternating K-medoids.
    clustval.clustering.kmedoids.sd_kmedoids : the same iteration from variance-based seeds.

    References
    ----------
    Kaufman, L. & Rousseeuw, P. J. (1990). *Finding Groups in Data*, ch. 2. Wiley.
    Schubert, E. & Rousseeuw, P. J. (2019). Faster k-Medoids Clustering: Improving the PAM,
    CLARA, and CLARANS Algorithms. SISAP 2019, LNCS 11807:171-187.
    Schubert, E. & Rousseeuw, P. J. (2021). Fast and eager k-medoids clustering: O(k)
    runtime improvement of the PAM, CLARA, and CLARANS algorithms. *Information Systems*
    101:101804.

    Examples
    --------
    BUILD already finds the two groups' medoids here, so SWAP's one round changes nothing.

    >>> result = pam([[0, 0], [0, 1], [1, 0], [10, 10], [10, 11], [11, 10]], 2)
    >>> result.labels.tolist(), result.medoids.tolist(), result.cost, result.n_iter
    ([1, 1, 1, 0, 0, 0], [3, 0], 4.0, 1)
    """
    # from X, D is stored when it fits the budget; else every pass computes the rows it reads
    dist, scale, row_sums = distance_rows(X, distances, memory_budget_mb,
                                          lambda X: 8.0 * X.shape[0] ** 2 <= memory_budget_mb * 2**20)  # fmt: skip
    check_n_clusters(dist.n, n_clusters)
    check_max_iter(max_iter)
    # One engine for the whole fit, so that a gain kept from an earlier BUILD step and a
    # gain computed now are sums in the same order (BUILD's bounds, _build).
    kernels = compiled_kernels(dist.n * dist.n * 2)
    if row_sums is None:
        row_sums = row_sums_of(dist)
    tol = TIE_RTOL * fsum_mean(row_sums)
    medoids = _build(dist, n_clusters, tol, row_sums, kernels)
    seeds = medoids.copy()
    history = [_cost(dist, medoids)]
    n_iter, converged = 0, False
    while n_iter < max_iter:
        n_iter += 1
        swap = _best_swap(dist, medoids, tol, kernels)
        if swap is None:
            converged = True
            break
        medoids[swap[1]] = swap[0]
        history.append(_cost(dist, medoids))
    if not converged and max_iter > 0:
        warnings.warn(
            f"PAM made a swap in each of its max_iter={max_iter} rounds; raise max_iter.",
            KMedoidsConvergenceWarning,
            stacklevel=2,
        )
    labels = np.argmin(dist.rows(medoids), axis=0).astype(np.int64)
    result = ClusteringResult(
        labels=labels,
        medoids=medoids,
        cost=history[-1],
        n_iter=n_iter,
        initial_medoids=seeds,
        converged=converged,
        cost_history=np.array(history),
    )
    return cost_in_units(result, scale)


def _build(dist: DistanceRows, k: int, tol: float, row_sums: np.ndarray, kernels) -> np.ndarray:
    """BUILD: the 1-medoid (smallest row sum), then each time the object of largest gain
    sum_o max(dn_o - d_oc, 0) (the drop in TD it gives), ties to the lowest index.

    A gain never grows from one step to the next (dn only falls, and every term and every
    addition is monotone, in floating point too), so a gain computed at an earlier step
    bounds it from above, as in lazy greedy maximisation (Minoux 1978, Optimization
    Techniques, LNCS 7:234-243). After the second medoid, each step recomputes gains in
    the order of their bounds, only until every bound left is below the largest fresh gain
    minus ``tol``: those objects can neither be the best nor tie with it, so the choice is
    the one a full pass makes, from gains with the same bits.
    """
    n = dist.n
    medoids = [_first_within(row_sums, tol)]
    nearest = dist.rows([medoids[0]])[0].copy()
    allowed = nearest > 0.0  # distinct from every chosen medoid
    gain = np.full(n, np.inf)  # the last gain computed: exact if fresh, else a bound
    while len(medoids) < k:
        if not allowed.any():
            distinct = len(medoids)
            raise ClusteringError(
                f"n_clusters={k} exceeds the number of distinct points ({distinct} of {n} objects; "
                "the others duplicate them): K medoids must be distinct points. "
                f"Use n_clusters <= {distinct}, or remove duplicate rows."
            )
        fresh = np.zeros(n, dtype=bool)
        if len(medoids) == 1:  # no bounds yet: one pass over all rows
            _gains_into(dist, np.arange(n), nearest, gain, kernels)
            fresh[:] = True
        batch = 32  # then 4x as many each time: few calls when many bounds are loose
        while True:
            known = fresh & allowed
            best = gain[known].max() if known.any() else -np.inf
            stale = np.flatnonzero(allowed & ~fresh & (gain >= best - tol))
            if stale.size == 0:
                break
            todo = np.sort(stale[np.argsort(-gain[stale], kind="stable")[:batch]])
            _gains_into(dist, todo, nearest, gain, kernels)
            fresh[todo] = True
            batch *= 4
        choice = _first_within(np.where(allowed & fresh, -gain, np.inf), tol)
        medoids.append(choice)
        row = dist.rows([choice])[0]
        np.minimum(nearest, row, out=nearest)
        allowed &= row > 0.0
    return np.asarray(medoids, dtype=np.int64)


def _gains_into(dist: DistanceRows, objects: np.ndarray, nearest: np.ndarray, gain: np.ndarray, kernels) -> None:
    """gain[c] = sum_o max(nearest_o - d_co, 0) for c in ``objects`` (sorted), read or
    computed in row blocks; compiled :func:`clustval.clustering._kernels.pam_build_gains`
    or numpy, each object's sum in one order whatever the block."""
    if dist.D is not None and kernels is not None:  # rows read in place
        out = np.empty(objects.size)
        kernels.pam_build_gains(dist.D, objects.astype(np.int64), nearest, out)
        gain[objects] = out
        return
    block = _rows_per_block(dist, kernels)
    scratch = _RowBlocks(dist, block)
    for start in range(0, objects.size, block):
        part = objects[start : start + block]
        rows = scratch.rows(part)
        if kernels is not None:
            out = np.empty(part.size)
            kernels.pam_build_gains(rows, np.arange(part.size), nearest, out)
            gain[part] = out
        else:
            gain[part] = np.maximum(nearest - rows, 0.0).sum(axis=1)


def _best_swap(dist: DistanceRows, medoids: np.ndarray, tol: float, kernels) -> tuple[int, int] | None:
    """The (candidate, medoid position) pair that lowers TD the most, or None if none lowers
    it by more than ``tol`` (FastPAM1's decomposition, module docstring). Large sets use the
    compiled :func:`clustval.clustering._kernels.pam_swap_deltas`; its sums differ from
    numpy's only in rounding, far below ``tol``, so both choose the same swap.

    With one medoid none does: swapping it for c changes TD by S_c - S_m (row sums), and
    BUILD took m within ``tol`` of the smallest S."""
    n, k = dist.n, len(medoids)
    if k == 1:
        return None
    to_medoids = dist.rows(medoids)  # (k, n)
    order = np.argsort(to_medoids, axis=0, kind="stable")
    nearest_pos = order[0]
    dn = np.take_along_axis(to_medoids, order[:1], axis=0)[0]
    ds = np.take_along_axis(to_medoids, order[1:2], axis=0)[0]
    is_medoid = np.zeros(n, dtype=np.bool_)
    is_medoid[medoids] = True
    delta = np.empty((n, k))
    if kernels is not None:
        removal = np.bincount(nearest_pos, weights=ds - dn, minlength=k)
        nearest = nearest_pos.astype(np.int64)
        if dist.D is not None:
            kernels.pam_swap_deltas(dist.D, dn, ds, nearest, removal, is_medoid, delta)
        else:
            block = _rows_per_block(dist, kernels)
            scratch = _RowBlocks(dist, block)
            for start in range(0, n, block):
                stop = min(start + block, n)
                kernels.pam_swap_deltas(
                    scratch.rows(np.arange(start, stop)), dn, ds, nearest, removal,
                    is_medoid[start:stop], delta[start:stop],
                )  # fmt: skip
    else:
        owner = np.zeros((n, k))
        owner[np.arange(n), nearest_pos] = 1.0
        block = _rows_per_block(dist, kernels)
        for start in range(0, n, block):
            rows = dist.rows(slice(start, start + block))
            delta[start : start + rows.shape[0]] = _swap_deltas(rows, dn, ds, owner)
        delta[is_medoid] = np.inf  # a medoid is no candidate
    best = delta.min()
    if not best < -tol:
        return None
    candidate, position = divmod(int(np.argmax(delta.ravel() <= best + tol)), k)
    return candidate, position


def _swap_deltas(rows: np.ndarray, dn: np.ndarray, ds: np.ndarray, owner: np.ndarray) -> np.ndarray:
    """The numpy form of the swap deltas for the candidates of ``rows``: sum_o
    [min(d_oc, dn_o) - dn_o] + sum_{o owned by i} [min(d_oc, ds_o) - min(d_oc, dn_o)]."""
    closer = np.minimum(rows, dn)
    shared = (closer - dn).sum(axis=1)
    return shared[:, None] + (np.minimum(rows, ds) - closer) @ owner


def _first_within(values: np.ndarray, tol: float) -> int:
    """The lowest index whose value is within ``tol`` of the minimum."""
    return int(np.argmax(values <= values.min() + tol))


def _cost(dist: DistanceRows, medoids: np.ndarray) -> float:
    return float(dist.rows(medoids).min(axis=0).sum())


class _RowBlocks:
    """Blocks of distance rows from X, each written into one buffer allocated once: a fresh
    block of hundreds of MB per call cost the page faults of all its pages each time (at
    n = 100,000, about a third of the time went to the kernel's system time)."""

    def __init__(self, dist: DistanceRows, block: int) -> None:
        self.dist = dist
        self.buffer = np.empty((block, dist.n)) if dist.D is None else None

    def rows(self, objects: np.ndarray) -> np.ndarray:
        """d(i, j) for i in ``objects`` (at most ``block`` of them), every j: the values of
        :meth:`DistanceRows.rows`, bit for bit."""
        if self.buffer is None:
            return self.dist.rows(objects)
        return exact_distances(self.dist.X[objects], self.dist.X, out=self.buffer[: len(objects)])


def _rows_per_block(dist: DistanceRows, kernels) -> int:
    """Rows of one block of distance rows: 16 MB from a stored D (a numpy temporary); from
    X, the memory budget for the block and, in numpy, its temporaries (the compiled kernels
    allocate none)."""
    if dist.D is not None:
        return max(1, _BLOCK_BYTES // (8 * dist.n))
    return rows_per_block(dist.n, dist.memory_budget_mb, arrays=1 if kernels is not None else 4)
