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

Tie rules (deterministic):

* Values that differ by at most ``TIE_RTOL`` times the mean row sum of D count as equal,
  so that rounding in a sum never decides between two equally good choices (the same
  tolerance as :mod:`clustval.kmedoids`).
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

from . import _compiled
from ._pairwise import check_distance_matrix
from ._validation import check_max_iter, check_n_clusters
from .errors import ClusteringError
from .kmedoids import (
    DEFAULT_MAX_ITER,
    TIE_RTOL,  # relative tolerance (of the mean row sum of D) within which costs are equal
    KMedoidsConvergenceWarning,
    KMedoidsResult,
    euclidean_distances,
)

__all__ = ["TIE_RTOL", "pam"]
_BLOCK_BYTES = 16 * 2**20  # one (rows x n) temporary of about this size


def pam(X=None, n_clusters: int = 2, *, distances=None, max_iter: int = DEFAULT_MAX_ITER) -> KMedoidsResult:
    """PAM of Kaufman & Rousseeuw (1990): BUILD seeds, then best-swap SWAP until no swap helps.

    Give either X (Euclidean distances are computed with
    :func:`clustval.kmedoids.euclidean_distances`) or a precomputed symmetric ``distances``
    matrix. ``max_iter`` caps the SWAP rounds (a :class:`KMedoidsConvergenceWarning` if a
    swap was still made in the last one). Tie rules are in the module docstring.

    Parameters
    ----------
    X : array-like of shape (n, d), optional
        The data (Euclidean distances). Give X or ``distances``, not both.
    n_clusters : int
        K, 1 <= K <= number of distinct points.
    distances : array-like of shape (n, n), optional
        A precomputed symmetric distance matrix with an exact zero diagonal.
    max_iter : int
        Cap on the SWAP rounds.

    Returns
    -------
    KMedoidsResult
        ``initial_medoids`` are BUILD's, ``cost_history`` the cost after BUILD and after
        each swap (strictly decreasing), ``n_iter`` the SWAP rounds run.

    Raises
    ------
    clustval.errors.ClusteringError
        Neither or both of X and ``distances``, invalid data or distances, or K out of
        range (including K above the number of distinct points).

    Warns
    -----
    clustval.kmedoids.KMedoidsConvergenceWarning
        When a swap was still made in the last of ``max_iter`` rounds.

    See Also
    --------
    clustval.kmedoids.park_jun : Park & Jun's faster alternating K-medoids.
    clustval.kmedoids.sd_kmedoids : the same iteration from variance-based seeds.

    References
    ----------
    Kaufman, L. & Rousseeuw, P. J. (1990). *Finding Groups in Data*, ch. 2. Wiley.
    Schubert, E. & Rousseeuw, P. J. (2019). Faster k-Medoids Clustering: Improving the PAM,
    CLARA, and CLARANS Algorithms. SISAP 2019, LNCS 11807:171-187.

    Examples
    --------
    BUILD already finds the two groups' medoids here, so SWAP's one round changes nothing.

    >>> result = pam([[0, 0], [0, 1], [1, 0], [10, 10], [10, 11], [11, 10]], 2)
    >>> result.labels.tolist(), result.medoids.tolist(), result.cost, result.n_iter
    ([1, 1, 1, 0, 0, 0], [3, 0], 4.0, 1)
    """
    if (X is None) == (distances is None):
        raise ClusteringError("give exactly one of X (data) and distances (a precomputed D).")
    D = check_distance_matrix(distances) if distances is not None else euclidean_distances(X)
    check_n_clusters(D.shape[0], n_clusters)
    check_max_iter(max_iter)
    tol = TIE_RTOL * float(D.sum()) / D.shape[0]
    medoids = _build(D, n_clusters, tol)
    seeds = medoids.copy()
    history = [_cost(D, medoids)]
    n_iter, converged = 0, False
    while n_iter < max_iter:
        n_iter += 1
        swap = _best_swap(D, medoids, tol)
        if swap is None:
            converged = True
            break
        medoids[swap[1]] = swap[0]
        history.append(_cost(D, medoids))
    if not converged and max_iter > 0:
        warnings.warn(
            f"PAM made a swap in each of its max_iter={max_iter} rounds; raise max_iter.",
            KMedoidsConvergenceWarning,
            stacklevel=2,
        )
    labels = np.argmin(D[medoids], axis=0).astype(np.int64)
    return KMedoidsResult(
        labels=labels,
        medoids=medoids,
        cost=history[-1],
        n_iter=n_iter,
        initial_medoids=seeds,
        converged=converged,
        cost_history=np.array(history),
    )


def _build(D: np.ndarray, k: int, tol: float) -> np.ndarray:
    """BUILD: the 1-medoid, then each time the object of largest gain
    sum_o max(dn_o - d_oc, 0) (the drop in TD it gives), ties to the lowest index. Large sets
    use the compiled :func:`clustval._kernels.pam_build_gains` (same gains up to rounding)."""
    n = D.shape[0]
    medoids = [_first_within(D.sum(axis=1), tol)]
    nearest = D[medoids[0]].copy()
    while len(medoids) < k:
        gain = np.empty(n)
        kernels = _compiled.kernels(n * n * 2)
        if kernels is not None:
            kernels.pam_build_gains(D, nearest, gain)
        else:
            for start in range(0, n, _block_rows(n)):
                rows = D[start : start + _block_rows(n)]
                gain[start : start + rows.shape[0]] = np.maximum(nearest - rows, 0.0).sum(axis=1)
        allowed = D[medoids].min(axis=0) > 0.0  # distinct from every chosen medoid
        if not allowed.any():
            distinct = len(medoids)
            raise ClusteringError(
                f"n_clusters={k} exceeds the number of distinct points ({distinct} of {n} objects; "
                "the others duplicate them): K medoids must be distinct points. "
                f"Use n_clusters <= {distinct}, or remove duplicate rows."
            )
        choice = _first_within(np.where(allowed, -gain, np.inf), tol)
        medoids.append(choice)
        np.minimum(nearest, D[choice], out=nearest)
    return np.asarray(medoids, dtype=np.int64)


def _best_swap(D: np.ndarray, medoids: np.ndarray, tol: float) -> tuple[int, int] | None:
    """The (candidate, medoid position) pair that lowers TD the most, or None if none lowers
    it by more than ``tol`` (FastPAM1's decomposition, module docstring). Large sets use the
    compiled :func:`clustval._kernels.pam_swap_deltas`; its sums differ from numpy's only in
    rounding, far below ``tol``, so both choose the same swap."""
    n, k = D.shape[0], len(medoids)
    to_medoids = D[medoids]  # (k, n)
    order = np.argsort(to_medoids, axis=0, kind="stable")
    nearest_pos = order[0]
    dn = np.take_along_axis(to_medoids, order[:1], axis=0)[0]
    ds = np.take_along_axis(to_medoids, order[1:2], axis=0)[0] if k > 1 else np.full(n, np.inf)
    delta = np.empty((n, k))
    kernels = _compiled.kernels(n * n * 4)
    if kernels is not None:
        is_medoid = np.zeros(n, dtype=np.bool_)
        is_medoid[medoids] = True
        kernels.pam_swap_deltas(D, dn, ds, nearest_pos.astype(np.int64), is_medoid, delta)
    else:
        owner = np.zeros((n, k))
        owner[np.arange(n), nearest_pos] = 1.0
        for start in range(0, n, _block_rows(n)):
            rows = D[start : start + _block_rows(n)]
            closer = np.minimum(rows, dn)
            shared = (closer - dn).sum(axis=1)
            delta[start : start + rows.shape[0]] = shared[:, None] + (np.minimum(rows, ds) - closer) @ owner
        delta[medoids] = np.inf  # a medoid is no candidate
    best = delta.min()
    if not best < -tol:
        return None
    candidate, position = divmod(int(np.argmax(delta.ravel() <= best + tol)), k)
    return candidate, position


def _first_within(values: np.ndarray, tol: float) -> int:
    """The lowest index whose value is within ``tol`` of the minimum."""
    return int(np.argmax(values <= values.min() + tol))


def _cost(D: np.ndarray, medoids: np.ndarray) -> float:
    return float(D[medoids].min(axis=0).sum())


def _block_rows(n: int) -> int:
    return max(1, _BLOCK_BYTES // (8 * n))
