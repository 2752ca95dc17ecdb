"""What the clustering algorithms share: their result, the iteration cap, the tolerance of
their ties, and the K-medoid algorithms' distance checks, compiled kernels and costs in the
data's units (:mod:`.kmedoids` and :mod:`.pam` read them from here)."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field, replace

import numpy as np

from .._engine import compiled as _compiled
from .._engine.pairwise import DistanceRows, check_distance_matrix, check_memory_budget, euclidean_distances
from .._engine.docs import K, N_CLUSTERS
from .._engine.validation import as_data_matrix
from ..errors import ClusteringError

__all__ = ["DEFAULT_MAX_ITER", "TIE_RTOL", "ClusteringResult", "KMedoidsConvergenceWarning"]


#: Relative tolerance within which two values compared by a K-medoids rule count as equal
#: (see :mod:`clustval.clustering.kmedoids`; :mod:`clustval.clustering.pam` uses the same).
TIE_RTOL = 1e-10


#: Cap on the assign/update rounds of every algorithm (k-means: Lloyd iterations per start).
DEFAULT_MAX_ITER = 300

#: The Parameters entries the K-medoid algorithms and their seeds share, whole, by name: their
#: docstrings leave them out and :func:`clustval.indices._docs.described` fills them in.
PARAMETERS = {
    "X": """X : array-like of shape (n, d), optional
    The data (Euclidean distances). Give X or ``distances``, not both.""",
    "n_clusters": N_CLUSTERS,
    "max_iter": """max_iter : int, default 300
    Cap on the rounds that improve the clustering: Lloyd's iterations per start (k-means),
    SWAP rounds (PAM), assign/update rounds (the alternating K-medoids; a
    :class:`KMedoidsConvergenceWarning` when reached with medoids still moving).""",
    "distances": """distances : array-like of shape (n, n), optional
    A precomputed symmetric distance matrix with an exact zero diagonal.""",
    "D": """D : array-like of shape (n, n)
    Symmetric distance matrix with an exact zero diagonal (e.g. from
    :func:`~clustval.clustering.kmedoids.euclidean_distances`).""",
    "k": K,
}


class KMedoidsConvergenceWarning(UserWarning):
    """The iteration stopped at ``max_iter`` while medoids were still moving.

    Examples
    --------
    One round is not enough to move the seeds of these two groups and then stop.

    >>> import warnings
    >>> from clustval import park_jun
    >>> X = [[0, 0], [0, 1], [1, 0], [10, 10], [10, 11], [11, 10], [5, 5]]
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     result = park_jun(X, 2, max_iter=1)
    >>> result.converged or caught[0].category is KMedoidsConvergenceWarning
    True
    """


@dataclass(frozen=True)
class ClusteringResult:
    """Outcome of a clustering run: a K-medoids algorithm's, or k-means' (no medoids).

    Attributes
    ----------
    labels : (n,) int64 array
        Cluster of each object, 0..K-1; cluster k is the cluster of ``medoids[k]``.
    medoids : (K,) int64 array
        Object index (row of X or D) of each cluster's final medoid; empty for k-means.
    cost : float
        Total distance of the objects to their medoids, sum_i d(i, medoid(i)) (k-means: the
        inertia, summed squared distances to the centroids). Lower is better.
    n_iter : int
        Assign/update rounds run, counting the last one (which moved no medoid when converged).
    initial_medoids : (K,) int64 array
        Seeds, in cluster order (empty for k-means).
    converged : bool
        False if ``max_iter`` rounds all moved a medoid.
    cost_history : float64 array
        Cost of each medoid set in turn: the seeds', then after each round that moved a
        medoid; never increases. Only the final cost with ``backend="sklearn_extra"``.
    init_fallback : bool
        True if SD seeding had to fill seeds farthest-first (always False for Park-Jun).

    Examples
    --------
    >>> from clustval import park_jun
    >>> result = park_jun([[0, 0], [0, 1], [10, 10], [10, 11]], 2)
    >>> result.labels.tolist(), result.medoids.tolist(), result.cost, result.n_iter
    ([0, 0, 1, 1], [1, 2], 2.0, 1)
    """

    labels: np.ndarray
    medoids: np.ndarray
    cost: float
    n_iter: int
    initial_medoids: np.ndarray
    converged: bool = True
    cost_history: np.ndarray = field(default_factory=lambda: np.empty(0))
    init_fallback: bool = False


def fsum_mean(values: np.ndarray) -> float:
    """The mean, correctly rounded (the same for the values in any order)."""
    return math.fsum(values) / len(values) if len(values) else 0.0


def compiled_kernels(work: float):
    """The compiled K-medoids kernels (:mod:`clustval.clustering._kernels`) when
    :func:`clustval._engine.compiled.kernels` picks the compiled engine for ``work`` steps, else
    None (the numpy path)."""
    if _compiled.kernels(work) is None:
        return None
    from . import (
        _kernels as _kmedoids_kernels,  # loads numba: only once the engine is chosen
    )

    return _kmedoids_kernels


def checked_distances(distances) -> tuple[np.ndarray, np.ndarray | None]:
    """``(D, row sums or None)``: a valid distance matrix as C-contiguous float64, checked
    by one compiled pass that also adds its rows in lane order (the sums the seeds and
    PAM's BUILD read first) when the engine is compiled; else by
    :func:`clustval._engine.pairwise.check_distance_matrix`, which also words every error."""
    D = np.asarray(distances)
    if D.dtype != np.float64 or not D.flags.c_contiguous:
        D = np.ascontiguousarray(D, dtype=np.float64)
    if D.ndim == 2 and D.shape[0] == D.shape[1] > 0:
        kernels = compiled_kernels(D.size * 2)
        if kernels is not None:
            row_sums = np.empty(D.shape[0])
            if kernels.checked_row_sums(D, row_sums):
                return D, row_sums
    return check_distance_matrix(D), None


def distance_rows(
    X, distances, memory_budget_mb: float, store: Callable[[np.ndarray], bool]
) -> tuple[DistanceRows, float, np.ndarray | None]:
    """``(distances, scale, row sums or None)`` of a K-medoids run: the given D checked (scale
    1, with its row sums when the compiled check computes them), else from X the stored D when
    ``store(X)``, or rows computed from X on demand within ``memory_budget_mb``. X is first
    scaled by a power of two if its squares would overflow or underflow
    (:func:`clustval._engine.validation.as_data_matrix`): the same labels, the cost times
    ``scale``."""
    if (X is None) == (distances is None):
        raise ClusteringError("give exactly one of X (data) and distances (a precomputed D).")
    if distances is not None:
        D, row_sums = checked_distances(distances)
        return DistanceRows(D=D), 1.0, row_sums
    check_memory_budget(memory_budget_mb)
    X, scale = as_data_matrix(X, error=ClusteringError, return_scale=True)
    if store(X):
        return DistanceRows(D=euclidean_distances(X)), scale, None
    return DistanceRows(X=X, memory_budget_mb=memory_budget_mb), scale, None


def row_sums_of(dist: DistanceRows) -> np.ndarray:
    """sum_l d_il for every i."""
    everyone = np.arange(dist.n)
    return dist.summed(everyone, everyone)


def cost_in_units(result: ClusteringResult, scale: float) -> ClusteringResult:
    """``result`` with its costs in the units of the given data (exact: scale is 2^e)."""
    if scale == 1.0:
        return result
    with np.errstate(over="ignore", under="ignore"):  # past a double's range in the data's units: inf, or 0
        return replace(result, cost=result.cost * scale, cost_history=result.cost_history * scale)
