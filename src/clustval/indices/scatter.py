"""Internal indices from the scatter matrices: R's clusterCrit criteria that read coordinates only.

Every function takes ``(X, labels)`` like :mod:`clustval.indices.classic` and bears its registry name;
its core is that name with ``_from_partition``, reading a shared
:class:`~clustval.indices.partition.Partition` (``@reads(COORDINATES)``), so
:func:`clustval.indices.scoring.internal_scores` computes the centroids and the scatter matrices once
for all of them.

Notation (Desgraupes, *Clustering indices*, the clusterCrit 1.3.0 vignette, sec. 1.1): N
objects in p dimensions, K clusters C_k of n_k objects, centroids c_k, grand mean xbar;

* ``W_k = sum_{x in C_k} (x - c_k)(x - c_k)^T``, the within-group scatter of cluster k
  (:attr:`~clustval.indices.partition.Partition.within_scatter`, built from offsets already centred on
  the centroids, never as sums of squares minus squared sums), WGSS_k = tr(W_k);
* ``WG = sum_k W_k``, WGSS = tr(WG);
* ``BG = sum_k n_k (c_k - xbar)(c_k - xbar)^T``, BGSS = tr(BG);
* ``T = WG + BG``, the total scatter ``sum_i (x_i - xbar)(x_i - xbar)^T``.

Each index's docstring names its paper and the rule clusterCrit applies to choose K over a
range of K (the registry's ``k_rule``): ``max``/``min``, or ``max_diff``/``min_diff``, the
K with the largest (smallest) second difference Q(K-1) - 2 Q(K) + Q(K+1), the elbow.

Degenerate partitions never give a silent NaN: K = 1 raises
:class:`~clustval.errors.UndefinedIndexError` for every index here; a determinant or an
inverse of a matrix that is singular to working precision (its smallest eigenvalue at most
``max(N, p) * eps`` times its largest: fewer objects than K + p, or data in a subspace)
raises for Det_Ratio, Log_Det_Ratio, Trace_WiB and Scott-Symons and gives Ksq_DetW = 0.
Where the matrix is singular for certain (WG has rank at most N - K, so N - K < p; W_k at
most n_k - 1; a feature constant inside the clusters) that is found in O(N p) before any
p x p matrix is built or factorised, so d >> N costs no cubic time;
Banfeld-Raftery raises for a cluster with no scatter (a singleton). Where a denominator
vanishes with a positive numerator, the value is its limit, ``inf`` (each docstring says
which).
"""

from __future__ import annotations

import math

import numpy as np

from .._engine.pairwise import distance_blocks
from ..errors import UndefinedIndexError
from .partition import (
    COORDINATES,
    DEFAULT_MEMORY_BUDGET_MB,
    Partition,
    reads,
    refuse_nan,
    score_alone,
)

#: The family's indices, each under its registry name (clustval exports them from here).
__all__ = [
    "ball_hall",
    "banfeld_raftery",
    "det_ratio",
    "ksq_detw",
    "log_det_ratio",
    "log_ss_ratio",
    "pbm",
    "ratkowsky_lance",
    "ray_turi",
    "s_dbw",
    "scott_symons",
    "sd_dis",
    "sd_scat",
    "trace_w",
    "trace_wib",
    "wemmert_gancarski",
]

# ----------------------------------------------------------------------------- shared terms


def _pooled_within(p: Partition) -> np.ndarray:
    """WG = sum_k W_k."""
    return p.within_scatter.sum(axis=0)


def _between(p: Partition) -> np.ndarray:
    """BG = sum_k n_k (c_k - xbar)(c_k - xbar)^T."""
    offsets = p.centroids - p.grand_mean
    return (offsets * p.sizes[:, None]).T @ offsets


def _between_diagonal(p: Partition) -> np.ndarray:
    """The diagonal of BG, sum_k n_k (c_k - xbar)_j^2 for each feature j, in O(K d)."""
    return p.sizes @ (p.centroids - p.grand_mean) ** 2


def _within_sums(p: Partition) -> np.ndarray:
    """WGSS_k = tr(W_k), as direct sums of squared distances to the centroid."""
    return np.bincount(p.codes, weights=p.squared_centroid_distances, minlength=p.n_clusters)


def _between_sum(p: Partition) -> float:
    """BGSS = sum_k n_k ||c_k - xbar||^2."""
    return float(p.sizes @ np.sum((p.centroids - p.grand_mean) ** 2, axis=1))


def _within_rank_deficient(p: Partition) -> bool:
    """WG is singular for certain, found in O(n d) before any d x d matrix is built or
    factorised: its rank is at most n - K (each cluster's offsets sum to 0), and a feature
    constant inside every cluster is a zero row. (At n = 300, d = 5,000 an eigen
    decomposition of WG alone takes about a minute.)"""
    return p.n - p.n_clusters < p.X.shape[1] or not np.all(p.within_diagonal.sum(axis=0) > 0)


def _cluster_rank_deficient(p: Partition) -> np.ndarray:
    """For each cluster, whether W_k is singular for certain (rank at most n_k - 1 < d, or a
    feature constant inside the cluster), in O(n d)."""
    return (p.sizes - 1 < p.X.shape[1]) | ~np.all(p.within_diagonal > 0, axis=1)


def _log_det(matrix: np.ndarray, n_terms: int) -> float | None:
    """log det of a scatter matrix (symmetric positive semi-definite), or None when it is
    singular to working precision: its smallest eigenvalue is at most ``max(n_terms, p) * eps``
    times its largest (the rounding of a sum of ``n_terms`` outer products)."""
    if not np.all(np.isfinite(matrix)):
        refuse_nan(np.nan, "a scatter matrix")  # overflowing data: one clear line
    eigenvalues = np.linalg.eigvalsh(matrix)
    tolerance = eigenvalues[-1] * max(n_terms, matrix.shape[0]) * np.finfo(float).eps
    if eigenvalues[0] <= tolerance:
        return None
    return float(np.sum(np.log(eigenvalues)))


def _singular(index: str, what: str) -> UndefinedIndexError:
    return UndefinedIndexError(
        f"{index} is undefined: {what} is singular (fewer objects than K + p, or data in a "
        "subspace; drop constant or collinear features)."
    )


def _log_det_ratio(p: Partition, index: str) -> float:
    """log(det T / det WG), raising when WG (or T) is singular."""
    if _within_rank_deficient(p):
        raise _singular(index, "the pooled within-group scatter WG")
    log_det_w = _log_det(_pooled_within(p), p.n)
    if log_det_w is None:
        raise _singular(index, "the pooled within-group scatter WG")
    log_det_t = _log_det(_pooled_within(p) + _between(p), p.n)
    if log_det_t is None:  # T singular with WG not: only by rounding (T >= WG)
        raise _singular(index, "the total scatter T")
    return log_det_t - log_det_w


def _centroid_distances(p: Partition) -> tuple[np.ndarray, float, float]:
    """(sum_{l != k} ||c_k - c_l|| for each k, the largest and the smallest ||c_k - c_l||)."""
    sums = np.empty(p.n_clusters)
    largest, smallest = 0.0, np.inf
    for r0, r1, D in distance_blocks(p.centroids, p.centroids, p.memory_budget_mb):
        sums[r0:r1] = D.sum(axis=1)  # the diagonal is exactly 0
        largest = max(largest, float(D.max()))
        D[np.arange(r1 - r0), np.arange(r0, r1)] = np.inf
        smallest = min(smallest, float(D.min()))
    return sums, largest, smallest


def _variance_norms(p: Partition) -> tuple[np.ndarray, float]:
    """(||V_k|| for each cluster, ||V||): Euclidean norms of the vectors of per-feature
    population variances of each cluster and of all the data (Halkidi et al. 2001)."""
    within = p.within_diagonal / p.sizes[:, None]
    total = (p.within_diagonal.sum(axis=0) + _between_diagonal(p)) / p.n
    return np.sqrt(np.sum(within**2, axis=1)), float(np.sqrt(np.sum(total**2)))


# ----------------------------------------------------------------------------- index cores


@reads(COORDINATES)
def ball_hall_from_partition(p: Partition) -> float:
    """Ball-Hall of a :class:`~clustval.indices.partition.Partition` (the core of :func:`ball_hall`, which documents it).

    Parameters
    ----------
    p : Partition
        The validated data and labels with their shared centroids and scatter matrices, as
        :func:`~clustval.indices.scoring.internal_scores` builds it once for all indices.

    Returns
    -------
    float
        The value :func:`ball_hall` gives for the same data and labels.

    Raises
    ------
    clustval.errors.UndefinedIndexError
        K = 1.

    See Also
    --------
    ball_hall : the same index from the data, with its definition and reference.

    Examples
    --------
    >>> X, labels = [[0.0, 0.0], [2.0, 0.0], [0.0, 3.0], [9.0, 9.0], [12.0, 9.0], [9.0, 10.0]], [0, 0, 0, 1, 1, 1]
    >>> ball_hall_from_partition(Partition(X, labels, needs=ball_hall_from_partition.needs)) == ball_hall(X, labels)
    True
    """
    p.require_clusters("Ball-Hall")
    return p.in_data_units(refuse_nan(np.mean(_within_sums(p) / p.sizes), "Ball-Hall"), 2)


@reads(COORDINATES)
def banfeld_raftery_from_partition(p: Partition) -> float:
    """Banfeld-Raftery of a :class:`~clustval.indices.partition.Partition` (the core of :func:`banfeld_raftery`, which documents it).

    Parameters
    ----------
    p : Partition
        The validated data and labels with their shared centroids and scatter matrices, as
        :func:`~clustval.indices.scoring.internal_scores` builds it once for all indices.

    Returns
    -------
    float
        The value :func:`banfeld_raftery` gives for the same data and labels.

    Raises
    ------
    clustval.errors.UndefinedIndexError
        K = 1, or a cluster with no scatter (a singleton).

    See Also
    --------
    banfeld_raftery : the same index from the data, with its definition and reference.

    Examples
    --------
    >>> X, labels = [[0.0, 0.0], [2.0, 0.0], [0.0, 3.0], [9.0, 9.0], [12.0, 9.0], [9.0, 10.0]], [0, 0, 0, 1, 1, 1]
    >>> banfeld_raftery_from_partition(Partition(X, labels, needs=banfeld_raftery_from_partition.needs)) == banfeld_raftery(X, labels)
    True
    """
    p.require_clusters("Banfeld-Raftery")
    within = _within_sums(p)
    if np.any(within == 0):
        k = int(np.flatnonzero(within == 0)[0])
        raise UndefinedIndexError(
            f"Banfeld-Raftery is undefined: cluster {k} (of {p.sizes[k]} objects) has no scatter "
            "(tr W_k = 0, log 0), e.g. a singleton."
        )
    # each log(tr W_k / n_k) gains 2 log(scale) in the data's units
    value = float(p.sizes @ np.log(within / p.sizes)) + 2 * p.n * math.log(p.scale)
    return refuse_nan(value, "Banfeld-Raftery")


@reads(COORDINATES)
def det_ratio_from_partition(p: Partition) -> float:
    """Det_Ratio of a :class:`~clustval.indices.partition.Partition` (the core of :func:`det_ratio`, which documents it).

    Parameters
    ----------
    p : Partition
        The validated data and labels with their shared centroids and scatter matrices, as
        :func:`~clustval.indices.scoring.internal_scores` builds it once for all indices.

    Returns
    -------
    float
        The value :func:`det_ratio` gives for the same data and labels.

    Raises
    ------
    clustval.errors.UndefinedIndexError
        K = 1, or WG singular to working precision.

    See Also
    --------
    det_ratio : the same index from the data, with its definition and reference.

    Examples
    --------
    >>> X, labels = [[0.0, 0.0], [2.0, 0.0], [0.0, 3.0], [9.0, 9.0], [12.0, 9.0], [9.0, 10.0]], [0, 0, 0, 1, 1, 1]
    >>> det_ratio_from_partition(Partition(X, labels, needs=det_ratio_from_partition.needs)) == det_ratio(X, labels)
    True
    """
    p.require_clusters("Det_Ratio")
    with np.errstate(over="ignore"):
        return float(np.exp(_log_det_ratio(p, "Det_Ratio")))


@reads(COORDINATES)
def ksq_detw_from_partition(p: Partition) -> float:
    """Ksq_DetW of a :class:`~clustval.indices.partition.Partition` (the core of :func:`ksq_detw`, which documents it).

    Parameters
    ----------
    p : Partition
        The validated data and labels with their shared centroids and scatter matrices, as
        :func:`~clustval.indices.scoring.internal_scores` builds it once for all indices.

    Returns
    -------
    float
        The value :func:`ksq_detw` gives for the same data and labels.

    Raises
    ------
    clustval.errors.UndefinedIndexError
        K = 1.

    See Also
    --------
    ksq_detw : the same index from the data, with its definition and reference.

    Examples
    --------
    >>> X, labels = [[0.0, 0.0], [2.0, 0.0], [0.0, 3.0], [9.0, 9.0], [12.0, 9.0], [9.0, 10.0]], [0, 0, 0, 1, 1, 1]
    >>> ksq_detw_from_partition(Partition(X, labels, needs=ksq_detw_from_partition.needs)) == ksq_detw(X, labels)
    True
    """
    p.require_clusters("Ksq_DetW")
    if _within_rank_deficient(p):
        return 0.0
    log_det = _log_det(_pooled_within(p), p.n)
    if log_det is None:
        return 0.0
    log_det += 2 * p.X.shape[1] * math.log(p.scale)  # det WG in the data's units: scale^(2d)
    with np.errstate(over="ignore"):
        return float(p.n_clusters**2 * np.exp(log_det))


@reads(COORDINATES)
def log_det_ratio_from_partition(p: Partition) -> float:
    """Log_Det_Ratio of a :class:`~clustval.indices.partition.Partition` (the core of :func:`log_det_ratio`, which documents it).

    Parameters
    ----------
    p : Partition
        The validated data and labels with their shared centroids and scatter matrices, as
        :func:`~clustval.indices.scoring.internal_scores` builds it once for all indices.

    Returns
    -------
    float
        The value :func:`log_det_ratio` gives for the same data and labels.

    Raises
    ------
    clustval.errors.UndefinedIndexError
        K = 1, or WG singular to working precision.

    See Also
    --------
    log_det_ratio : the same index from the data, with its definition and reference.

    Examples
    --------
    >>> X, labels = [[0.0, 0.0], [2.0, 0.0], [0.0, 3.0], [9.0, 9.0], [12.0, 9.0], [9.0, 10.0]], [0, 0, 0, 1, 1, 1]
    >>> log_det_ratio_from_partition(Partition(X, labels, needs=log_det_ratio_from_partition.needs)) == log_det_ratio(X, labels)
    True
    """
    p.require_clusters("Log_Det_Ratio")
    return p.n * _log_det_ratio(p, "Log_Det_Ratio")


@reads(COORDINATES)
def log_ss_ratio_from_partition(p: Partition) -> float:
    """Log_SS_Ratio of a :class:`~clustval.indices.partition.Partition` (the core of :func:`log_ss_ratio`, which documents it).

    Parameters
    ----------
    p : Partition
        The validated data and labels with their shared centroids and scatter matrices, as
        :func:`~clustval.indices.scoring.internal_scores` builds it once for all indices.

    Returns
    -------
    float
        The value :func:`log_ss_ratio` gives for the same data and labels.

    Raises
    ------
    clustval.errors.UndefinedIndexError
        K = 1, or all objects equal (BGSS = WGSS = 0).

    See Also
    --------
    log_ss_ratio : the same index from the data, with its definition and reference.

    Examples
    --------
    >>> X, labels = [[0.0, 0.0], [2.0, 0.0], [0.0, 3.0], [9.0, 9.0], [12.0, 9.0], [9.0, 10.0]], [0, 0, 0, 1, 1, 1]
    >>> log_ss_ratio_from_partition(Partition(X, labels, needs=log_ss_ratio_from_partition.needs)) == log_ss_ratio(X, labels)
    True
    """
    p.require_clusters("Log_SS_Ratio")
    between, within = _between_sum(p), float(_within_sums(p).sum())
    if between == 0 and within == 0:
        raise UndefinedIndexError("Log_SS_Ratio is undefined: all objects are equal (BGSS = WGSS = 0).")
    with np.errstate(divide="ignore", over="ignore"):
        ratio = np.float64(between) / within  # exact under the power-of-two scaling, unlike
    if 0 < ratio < np.inf:  # a difference of logarithms: the same value at every scale
        return float(np.log(ratio))
    with np.errstate(divide="ignore"):
        return refuse_nan(np.log(between) - np.log(within), "Log_SS_Ratio")


@reads(COORDINATES)
def pbm_from_partition(p: Partition) -> float:
    """PBM of a :class:`~clustval.indices.partition.Partition` (the core of :func:`pbm`, which documents it).

    Parameters
    ----------
    p : Partition
        The validated data and labels with their shared centroids and scatter matrices, as
        :func:`~clustval.indices.scoring.internal_scores` builds it once for all indices.

    Returns
    -------
    float
        The value :func:`pbm` gives for the same data and labels.

    Raises
    ------
    clustval.errors.UndefinedIndexError
        K = 1.

    See Also
    --------
    pbm : the same index from the data, with its definition and reference.

    Examples
    --------
    >>> X, labels = [[0.0, 0.0], [2.0, 0.0], [0.0, 3.0], [9.0, 9.0], [12.0, 9.0], [9.0, 10.0]], [0, 0, 0, 1, 1, 1]
    >>> pbm_from_partition(Partition(X, labels, needs=pbm_from_partition.needs)) == pbm(X, labels)
    True
    """
    p.require_clusters("PBM")
    largest = _centroid_distances(p)[1]
    if largest == 0:
        return 0.0
    spread_within = float(np.sqrt(p.squared_centroid_distances).sum())
    if spread_within == 0:
        return np.inf
    spread_total = float(np.sqrt(np.sum((p.shifted - p.grand_mean) ** 2, axis=1)).sum())
    return p.in_data_units(refuse_nan((spread_total * largest / (p.n_clusters * spread_within)) ** 2, "PBM"), 2)


@reads(COORDINATES)
def ratkowsky_lance_from_partition(p: Partition) -> float:
    """Ratkowsky-Lance of a :class:`~clustval.indices.partition.Partition` (the core of :func:`ratkowsky_lance`, which documents it).

    Parameters
    ----------
    p : Partition
        The validated data and labels with their shared centroids and scatter matrices, as
        :func:`~clustval.indices.scoring.internal_scores` builds it once for all indices.

    Returns
    -------
    float
        The value :func:`ratkowsky_lance` gives for the same data and labels.

    Raises
    ------
    clustval.errors.UndefinedIndexError
        K = 1, or a constant feature (TSS_j = 0).

    See Also
    --------
    ratkowsky_lance : the same index from the data, with its definition and reference.

    Examples
    --------
    >>> X, labels = [[0.0, 0.0], [2.0, 0.0], [0.0, 3.0], [9.0, 9.0], [12.0, 9.0], [9.0, 10.0]], [0, 0, 0, 1, 1, 1]
    >>> ratkowsky_lance_from_partition(Partition(X, labels, needs=ratkowsky_lance_from_partition.needs)) == ratkowsky_lance(X, labels)
    True
    """
    p.require_clusters("Ratkowsky-Lance")
    between = _between_diagonal(p)
    total = p.within_diagonal.sum(axis=0) + between
    if np.any(total == 0):
        j = int(np.flatnonzero(total == 0)[0])
        raise UndefinedIndexError(
            f"Ratkowsky-Lance is undefined: feature {j} is constant (TSS_j = 0); drop it."
        )
    return refuse_nan(np.sqrt(np.mean(between / total) / p.n_clusters), "Ratkowsky-Lance")


@reads(COORDINATES)
def ray_turi_from_partition(p: Partition) -> float:
    """Ray-Turi of a :class:`~clustval.indices.partition.Partition` (the core of :func:`ray_turi`, which documents it).

    Parameters
    ----------
    p : Partition
        The validated data and labels with their shared centroids and scatter matrices, as
        :func:`~clustval.indices.scoring.internal_scores` builds it once for all indices.

    Returns
    -------
    float
        The value :func:`ray_turi` gives for the same data and labels.

    Raises
    ------
    clustval.errors.UndefinedIndexError
        K = 1.

    See Also
    --------
    ray_turi : the same index from the data, with its definition and reference.

    Examples
    --------
    >>> X, labels = [[0.0, 0.0], [2.0, 0.0], [0.0, 3.0], [9.0, 9.0], [12.0, 9.0], [9.0, 10.0]], [0, 0, 0, 1, 1, 1]
    >>> ray_turi_from_partition(Partition(X, labels, needs=ray_turi_from_partition.needs)) == ray_turi(X, labels)
    True
    """
    p.require_clusters("Ray-Turi")
    closest = p.centroid_separation()[1]
    if closest == 0:
        return np.inf
    return refuse_nan(_within_sums(p).sum() / (p.n * closest**2), "Ray-Turi")


@reads(COORDINATES)
def scott_symons_from_partition(p: Partition) -> float:
    """Scott-Symons of a :class:`~clustval.indices.partition.Partition` (the core of :func:`scott_symons`, which documents it).

    Parameters
    ----------
    p : Partition
        The validated data and labels with their shared centroids and scatter matrices, as
        :func:`~clustval.indices.scoring.internal_scores` builds it once for all indices.

    Returns
    -------
    float
        The value :func:`scott_symons` gives for the same data and labels.

    Raises
    ------
    clustval.errors.UndefinedIndexError
        K = 1, or some W_k singular to working precision (n_k <= p).

    See Also
    --------
    scott_symons : the same index from the data, with its definition and reference.

    Examples
    --------
    >>> X, labels = [[0.0, 0.0], [2.0, 0.0], [0.0, 3.0], [9.0, 9.0], [12.0, 9.0], [9.0, 10.0]], [0, 0, 0, 1, 1, 1]
    >>> scott_symons_from_partition(Partition(X, labels, needs=scott_symons_from_partition.needs)) == scott_symons(X, labels)
    True
    """
    p.require_clusters("Scott-Symons")
    deficient = _cluster_rank_deficient(p)
    if deficient.any():
        k = int(np.flatnonzero(deficient)[0])
        raise _singular("Scott-Symons", f"the within-group scatter W_{k} of cluster {k} ({p.sizes[k]} objects)")
    total = 0.0
    for k, (size, scatter) in enumerate(zip(p.sizes, p.within_scatter)):
        log_det = _log_det(scatter, size)
        if log_det is None:
            raise _singular("Scott-Symons", f"the within-group scatter W_{k} of cluster {k} ({size} objects)")
        total += size * (log_det - scatter.shape[0] * np.log(size))
    # each log det(W_k / n_k) gains 2 d log(scale) in the data's units
    return refuse_nan(total + 2 * p.X.shape[1] * p.n * math.log(p.scale), "Scott-Symons")


@reads(COORDINATES)
def trace_w_from_partition(p: Partition) -> float:
    """Trace_W of a :class:`~clustval.indices.partition.Partition` (the core of :func:`trace_w`, which documents it).

    Parameters
    ----------
    p : Partition
        The validated data and labels with their shared centroids and scatter matrices, as
        :func:`~clustval.indices.scoring.internal_scores` builds it once for all indices.

    Returns
    -------
    float
        The value :func:`trace_w` gives for the same data and labels.

    Raises
    ------
    clustval.errors.UndefinedIndexError
        K = 1.

    See Also
    --------
    trace_w : the same index from the data, with its definition and reference.

    Examples
    --------
    >>> X, labels = [[0.0, 0.0], [2.0, 0.0], [0.0, 3.0], [9.0, 9.0], [12.0, 9.0], [9.0, 10.0]], [0, 0, 0, 1, 1, 1]
    >>> trace_w_from_partition(Partition(X, labels, needs=trace_w_from_partition.needs)) == trace_w(X, labels)
    True
    """
    p.require_clusters("Trace_W")
    return p.in_data_units(refuse_nan(_within_sums(p).sum(), "Trace_W"), 2)


@reads(COORDINATES)
def trace_wib_from_partition(p: Partition) -> float:
    """Trace_WiB of a :class:`~clustval.indices.partition.Partition` (the core of :func:`trace_wib`, which documents it).

    Parameters
    ----------
    p : Partition
        The validated data and labels with their shared centroids and scatter matrices, as
        :func:`~clustval.indices.scoring.internal_scores` builds it once for all indices.

    Returns
    -------
    float
        The value :func:`trace_wib` gives for the same data and labels.

    Raises
    ------
    clustval.errors.UndefinedIndexError
        K = 1, or WG singular to working precision.

    See Also
    --------
    trace_wib : the same index from the data, with its definition and reference.

    Examples
    --------
    >>> X, labels = [[0.0, 0.0], [2.0, 0.0], [0.0, 3.0], [9.0, 9.0], [12.0, 9.0], [9.0, 10.0]], [0, 0, 0, 1, 1, 1]
    >>> trace_wib_from_partition(Partition(X, labels, needs=trace_wib_from_partition.needs)) == trace_wib(X, labels)
    True
    """
    p.require_clusters("Trace_WiB")
    if _within_rank_deficient(p):
        raise _singular("Trace_WiB", "the pooled within-group scatter WG")
    within = _pooled_within(p)
    if _log_det(within, p.n) is None:
        raise _singular("Trace_WiB", "the pooled within-group scatter WG")
    return refuse_nan(np.trace(np.linalg.solve(within, _between(p))), "Trace_WiB")


@reads(COORDINATES)
def wemmert_gancarski_from_partition(p: Partition) -> float:
    """Wemmert-Gancarski of a :class:`~clustval.indices.partition.Partition` (the core of :func:`wemmert_gancarski`, which documents it).

    Parameters
    ----------
    p : Partition
        The validated data and labels with their shared centroids and scatter matrices, as
        :func:`~clustval.indices.scoring.internal_scores` builds it once for all indices.

    Returns
    -------
    float
        The value :func:`wemmert_gancarski` gives for the same data and labels.

    Raises
    ------
    clustval.errors.UndefinedIndexError
        K = 1.

    See Also
    --------
    wemmert_gancarski : the same index from the data, with its definition and reference.

    Examples
    --------
    >>> X, labels = [[0.0, 0.0], [2.0, 0.0], [0.0, 3.0], [9.0, 9.0], [12.0, 9.0], [9.0, 10.0]], [0, 0, 0, 1, 1, 1]
    >>> wemmert_gancarski_from_partition(Partition(X, labels, needs=wemmert_gancarski_from_partition.needs)) == wemmert_gancarski(X, labels)
    True
    """
    p.require_clusters("Wemmert-Gancarski")
    own = np.sqrt(p.squared_centroid_distances)
    other = np.empty(p.n)
    for r0, r1, D in distance_blocks(p.shifted, p.centroids, p.memory_budget_mb):
        D[np.arange(r1 - r0), p.codes[r0:r1]] = np.inf
        other[r0:r1] = D.min(axis=1)
    with np.errstate(divide="ignore", invalid="ignore"):
        ratio = own / other
    # on another centroid: infinitely far from the own one, unless on it too (shared centroid)
    ratio[other == 0] = np.where(own[other == 0] == 0, 1.0, np.inf)
    sums = np.bincount(p.codes, weights=ratio, minlength=p.n_clusters)
    return refuse_nan(np.maximum(p.sizes - sums, 0.0).sum() / p.n, "Wemmert-Gancarski")


@reads(COORDINATES)
def sd_scat_from_partition(p: Partition) -> float:
    """SD_Scat of a :class:`~clustval.indices.partition.Partition` (the core of :func:`sd_scat`, which documents it).

    Parameters
    ----------
    p : Partition
        The validated data and labels with their shared centroids and scatter matrices, as
        :func:`~clustval.indices.scoring.internal_scores` builds it once for all indices.

    Returns
    -------
    float
        The value :func:`sd_scat` gives for the same data and labels.

    Raises
    ------
    clustval.errors.UndefinedIndexError
        K = 1, or all objects equal (||V|| = 0).

    See Also
    --------
    sd_scat : the same index from the data, with its definition and reference.

    Examples
    --------
    >>> X, labels = [[0.0, 0.0], [2.0, 0.0], [0.0, 3.0], [9.0, 9.0], [12.0, 9.0], [9.0, 10.0]], [0, 0, 0, 1, 1, 1]
    >>> sd_scat_from_partition(Partition(X, labels, needs=sd_scat_from_partition.needs)) == sd_scat(X, labels)
    True
    """
    p.require_clusters("SD_Scat")
    within, total = _variance_norms(p)
    if total == 0:
        raise UndefinedIndexError("SD_Scat is undefined: all objects are equal (no variance).")
    return refuse_nan(within.mean() / total, "SD_Scat")


@reads(COORDINATES)
def sd_dis_from_partition(p: Partition) -> float:
    """SD_Dis of a :class:`~clustval.indices.partition.Partition` (the core of :func:`sd_dis`, which documents it).

    Parameters
    ----------
    p : Partition
        The validated data and labels with their shared centroids and scatter matrices, as
        :func:`~clustval.indices.scoring.internal_scores` builds it once for all indices.

    Returns
    -------
    float
        The value :func:`sd_dis` gives for the same data and labels.

    Raises
    ------
    clustval.errors.UndefinedIndexError
        K = 1.

    See Also
    --------
    sd_dis : the same index from the data, with its definition and reference.

    Examples
    --------
    >>> X, labels = [[0.0, 0.0], [2.0, 0.0], [0.0, 3.0], [9.0, 9.0], [12.0, 9.0], [9.0, 10.0]], [0, 0, 0, 1, 1, 1]
    >>> sd_dis_from_partition(Partition(X, labels, needs=sd_dis_from_partition.needs)) == sd_dis(X, labels)
    True
    """
    p.require_clusters("SD_Dis")
    sums, largest, smallest = _centroid_distances(p)
    if smallest == 0:
        return np.inf
    return p.in_data_units(refuse_nan(largest / smallest * np.sum(1.0 / sums), "SD_Dis"), -1)


@reads(COORDINATES)
def s_dbw_from_partition(p: Partition) -> float:
    """S_Dbw of a :class:`~clustval.indices.partition.Partition` (the core of :func:`s_dbw`, which documents it).

    Parameters
    ----------
    p : Partition
        The validated data and labels with their shared centroids and scatter matrices, as
        :func:`~clustval.indices.scoring.internal_scores` builds it once for all indices.

    Returns
    -------
    float
        The value :func:`s_dbw` gives for the same data and labels.

    Raises
    ------
    clustval.errors.UndefinedIndexError
        K = 1, or all objects equal (||V|| = 0).

    See Also
    --------
    s_dbw : the same index from the data, with its definition and reference.

    Examples
    --------
    >>> X, labels = [[0.0, 0.0], [2.0, 0.0], [0.0, 3.0], [9.0, 9.0], [12.0, 9.0], [9.0, 10.0]], [0, 0, 0, 1, 1, 1]
    >>> s_dbw_from_partition(Partition(X, labels, needs=s_dbw_from_partition.needs)) == s_dbw(X, labels)
    True
    """
    p.require_clusters("S_Dbw")
    within, total = _variance_norms(p)
    if total == 0:
        raise UndefinedIndexError("S_Dbw is undefined: all objects are equal (no variance).")
    near_centre, near_middle = _near_counts(p, np.sqrt(within.sum()) / p.n_clusters)
    return refuse_nan(within.mean() / total + _density_ratio(near_middle, near_centre), "S_Dbw")


def _near_counts(p: Partition, radius: float) -> tuple[np.ndarray, np.ndarray]:
    """(near_centre, near_middle), K x K counts: near_centre[k, l] = members of C_k closer
    than ``radius`` to c_l, near_middle[k, l] = to the midpoint (c_k + c_l) / 2 (the same
    float from either side: addition commutes). Distances in row blocks of the budget."""
    K = p.n_clusters
    near_centre = np.zeros(K * K, dtype=np.int64)
    for r0, r1, D in distance_blocks(p.shifted, p.centroids, p.memory_budget_mb):
        cells = (p.codes[r0:r1, None] * K + np.arange(K)).ravel()
        near_centre += np.bincount(cells[(D < radius).ravel()], minlength=K * K)
    near_middle = np.zeros((K, K), dtype=np.int64)
    order, ends = np.argsort(p.codes, kind="stable"), np.cumsum(p.sizes)
    for k in range(K):  # each cluster's members against the midpoints of its centroid
        members = p.shifted[order[ends[k] - p.sizes[k] : ends[k]]]
        for _, _, D in distance_blocks(members, (p.centroids[k] + p.centroids) / 2, p.memory_budget_mb):
            near_middle[k] += (D < radius).sum(axis=0)
    return near_centre.reshape(K, K), near_middle


def _density_ratio(near_middle: np.ndarray, near_centre: np.ndarray) -> float:
    """Mean over the pairs k < l of density(midpoint) / max(density(c_k), density(c_l)), each
    density counting the members of C_k and C_l within the radius."""
    k, l = np.triu_indices(len(near_centre), 1)
    middle = near_middle[k, l] + near_middle[l, k]
    centres = np.maximum(near_centre[k, k] + near_centre[l, k], near_centre[k, l] + near_centre[l, l])
    with np.errstate(divide="ignore", invalid="ignore"):
        ratio = middle / centres
    # nothing near either centre: an empty midpoint has no density between them (0), else inf
    ratio[centres == 0] = np.where(middle[centres == 0] == 0, 0.0, np.inf)
    return float(ratio.mean())


# ----------------------------------------------------------------------------- public API


def ball_hall(X, labels) -> float:
    """Ball-Hall index: the mean, over the clusters, of their mean squared distance to the centroid.

    ``BH = (1/K) sum_k WGSS_k / n_k``, WGSS_k = sum_{x in C_k} ||x - c_k||^2 (with clusters
    of equal size, WGSS / N).

    Range [0, inf); it falls as K grows, so clusterCrit chooses K by ``max_diff``: the
    largest second difference, the elbow. Raises UndefinedIndexError for K = 1.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        The data, finite numbers.
    labels : array-like of shape (n_samples,)
        The cluster of each object: integers or strings.

    Returns
    -------
    float
        Ball-Hall, in [0, inf]; lower is more compact (K by the elbow).

    Raises
    ------
    clustval.errors.UndefinedIndexError
        K = 1, where the index has no value.
    clustval.errors.InputError
        Data or labels that fail the checks (lengths differ, NaN or inf, a label missing).

    See Also
    --------
    ball_hall_from_partition : the same index from a shared partition.
    trace_w : the pooled WGSS.
    clustval.indices.scoring.internal_scores : many internal indices from one partition.

    References
    ----------
    Ball G.H., Hall D.J. ISODATA, a novel method of data analysis and pattern
    classification. Stanford Research Institute, Menlo Park, 1965 (NTIS AD 699616).

    Examples
    --------
    >>> ball_hall([[0.0], [2.0], [10.0], [11.0], [12.0]], [0, 0, 1, 1, 1])  # (2/2 + 2/3) / 2
    0.8333333333333333
    """
    return score_alone(ball_hall_from_partition, X, labels)


def banfeld_raftery(X, labels) -> float:
    """Banfeld-Raftery index: the size-weighted sum of the logs of the clusters' mean scatter.

    ``BR = sum_k n_k log(tr(W_k) / n_k)``, tr(W_k) / n_k the mean squared distance of C_k's
    members to c_k (the log-likelihood term of Banfield & Raftery's spherical model; clusterCrit
    spells the name Banfeld).

    Range (-inf, inf); **lower is better** (clusterCrit's rule ``min``). Raises
    UndefinedIndexError for K = 1 and for a cluster with no scatter (a singleton, or
    identical points: log 0), as clusterCrit's documentation says.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        The data, finite numbers.
    labels : array-like of shape (n_samples,)
        The cluster of each object: integers or strings.

    Returns
    -------
    float
        Banfeld-Raftery, in (-inf, inf); lower is better.

    Raises
    ------
    clustval.errors.UndefinedIndexError
        K = 1, or a cluster whose members all coincide.
    clustval.errors.InputError
        Data or labels that fail the checks (lengths differ, NaN or inf, a label missing).

    See Also
    --------
    banfeld_raftery_from_partition : the same index from a shared partition.
    scott_symons : the same with determinants instead of traces.

    References
    ----------
    Banfield J.D., Raftery A.E. Model-based Gaussian and non-Gaussian clustering.
    Biometrics 49(3):803-821, 1993.

    Examples
    --------
    >>> banfeld_raftery([[0.0], [2.0], [10.0], [11.0], [12.0]], [0, 0, 1, 1, 1])  # 2 log 1 + 3 log(2/3)
    -1.2163953243244934
    """
    return score_alone(banfeld_raftery_from_partition, X, labels)


def det_ratio(X, labels) -> float:
    """Det_Ratio index: det(T) / det(WG), total over pooled within-group scatter.

    The determinant criterion of Friedman & Rubin: ``det(T) / det(WG) >= 1`` since T = WG + BG
    with BG positive semi-definite; it grows with the separation of the clusters.

    Range [1, inf); it grows with K, so clusterCrit chooses K by ``min_diff``: the smallest
    second difference. Raises UndefinedIndexError for K = 1 and when WG is singular to
    working precision (fewer objects than K + p, data in a subspace). clusterCrit 1.3.0
    returns the negative of this value on some data (the sign of its LU determinant); the
    determinants of scatter matrices are never negative.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        The data, finite numbers.
    labels : array-like of shape (n_samples,)
        The cluster of each object: integers or strings.

    Returns
    -------
    float
        Det_Ratio, in [1, inf]; higher is more separated (K by the second difference).

    Raises
    ------
    clustval.errors.UndefinedIndexError
        K = 1, or WG singular.
    clustval.errors.InputError
        Data or labels that fail the checks (lengths differ, NaN or inf, a label missing).

    See Also
    --------
    det_ratio_from_partition : the same index from a shared partition.
    log_det_ratio : N log of it.
    ksq_detw : K^2 det(WG).

    References
    ----------
    Friedman H.P., Rubin J. On some invariant criteria for grouping data. JASA
    62(320):1159-1178, 1967; Scott A.J., Symons M.J. Clustering methods based on likelihood
    ratio criteria. Biometrics 27(2):387-397, 1971.

    Examples
    --------
    >>> det_ratio([[0.0], [2.0], [10.0], [11.0], [12.0]], [0, 0, 1, 1, 1])  # T = 124, WG = 4
    31.0
    """
    return score_alone(det_ratio_from_partition, X, labels)


def ksq_detw(X, labels) -> float:
    """Ksq_DetW index: K^2 det(WG), Marriott's criterion.

    ``K^2 det(WG)``: for data without cluster structure det(WG) falls like K^(-2) (Marriott
    1971), so K^2 det(WG) stays flat there and jumps where a real group is split.

    Range [0, inf); clusterCrit chooses K by ``max_diff``, the largest second difference.
    0 when WG is singular to working precision. Raises UndefinedIndexError for K = 1.
    clusterCrit 1.3.0 returns a negative value on some data (see :func:`det_ratio`).

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        The data, finite numbers.
    labels : array-like of shape (n_samples,)
        The cluster of each object: integers or strings.

    Returns
    -------
    float
        Ksq_DetW, in [0, inf] (K by the second difference).

    Raises
    ------
    clustval.errors.UndefinedIndexError
        K = 1, where the index has no value.
    clustval.errors.InputError
        Data or labels that fail the checks (lengths differ, NaN or inf, a label missing).

    See Also
    --------
    ksq_detw_from_partition : the same index from a shared partition.
    det_ratio : det(T) / det(WG).

    References
    ----------
    Marriott F.H.C. Practical problems in a method of cluster analysis. Biometrics
    27(3):501-514, 1971.

    Examples
    --------
    >>> ksq_detw([[0.0], [2.0], [10.0], [11.0], [12.0]], [0, 0, 1, 1, 1])  # 2^2 * 4
    16.0
    """
    return score_alone(ksq_detw_from_partition, X, labels)


def log_det_ratio(X, labels) -> float:
    """Log_Det_Ratio index: N log(det(T) / det(WG)), the log-likelihood ratio of Scott & Symons.

    Range [0, inf); it grows with K, so clusterCrit chooses K by ``min_diff``: the smallest
    second difference. Raises UndefinedIndexError for K = 1 and when WG is singular to
    working precision.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        The data, finite numbers.
    labels : array-like of shape (n_samples,)
        The cluster of each object: integers or strings.

    Returns
    -------
    float
        Log_Det_Ratio, in [0, inf]; higher is more separated (K by the second difference).

    Raises
    ------
    clustval.errors.UndefinedIndexError
        K = 1, or WG singular.
    clustval.errors.InputError
        Data or labels that fail the checks (lengths differ, NaN or inf, a label missing).

    See Also
    --------
    log_det_ratio_from_partition : the same index from a shared partition.
    det_ratio : the ratio itself.

    References
    ----------
    Scott A.J., Symons M.J. Clustering methods based on likelihood ratio criteria.
    Biometrics 27(2):387-397, 1971.

    Examples
    --------
    >>> log_det_ratio([[0.0], [2.0], [10.0], [11.0], [12.0]], [0, 0, 1, 1, 1])  # 5 log(124 / 4)
    17.16993602242573
    """
    return score_alone(log_det_ratio_from_partition, X, labels)


def log_ss_ratio(X, labels) -> float:
    """Log_SS_Ratio index: log(BGSS / WGSS), between over within sums of squares.

    Range (-inf, inf); it grows with K, so clusterCrit chooses K by ``min_diff``: the
    smallest second difference. ``inf`` when WGSS = 0 < BGSS (every object on its centroid),
    ``-inf`` when BGSS = 0 < WGSS (every centroid on xbar). Raises UndefinedIndexError for
    K = 1 and when all objects are equal.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        The data, finite numbers.
    labels : array-like of shape (n_samples,)
        The cluster of each object: integers or strings.

    Returns
    -------
    float
        Log_SS_Ratio, in [-inf, inf]; higher is more separated (K by the second difference).

    Raises
    ------
    clustval.errors.UndefinedIndexError
        K = 1, or every object equal.
    clustval.errors.InputError
        Data or labels that fail the checks (lengths differ, NaN or inf, a label missing).

    See Also
    --------
    log_ss_ratio_from_partition : the same index from a shared partition.
    clustval.indices.classic.calinski_harabasz : BGSS / WGSS scaled by (N - K) / (K - 1).

    References
    ----------
    Hartigan J.A. Clustering Algorithms. Wiley, New York, 1975.

    Examples
    --------
    >>> log_ss_ratio([[0.0], [2.0], [10.0], [11.0], [12.0]], [0, 0, 1, 1, 1])  # log(120 / 4)
    3.4011973816621555
    """
    return score_alone(log_ss_ratio_from_partition, X, labels)


def pbm(X, labels) -> float:
    """PBM index (Pakhira, Bandyopadhyay, Maulik): ``((1/K) (E_T / E_W) D_B)^2``.

    E_T = sum_i ||x_i - xbar|| (a constant of the data), E_W = sum_k sum_{x in C_k}
    ||x - c_k||, D_B = max_{k, l} ||c_k - c_l|| (distances, not squared).

    Range [0, inf); **higher is better** (clusterCrit's rule ``max``). 0 when every centroid
    is the same point; inf when every object sits on its centroid and they differ. Raises
    UndefinedIndexError for K = 1.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        The data, finite numbers.
    labels : array-like of shape (n_samples,)
        The cluster of each object: integers or strings.

    Returns
    -------
    float
        PBM, in [0, inf]; higher is better.

    Raises
    ------
    clustval.errors.UndefinedIndexError
        K = 1, where the index has no value.
    clustval.errors.InputError
        Data or labels that fail the checks (lengths differ, NaN or inf, a label missing).

    See Also
    --------
    pbm_from_partition : the same index from a shared partition.

    References
    ----------
    Pakhira M.K., Bandyopadhyay S., Maulik U. Validity index for crisp and fuzzy clusters.
    Pattern Recognition 37(3):487-501, 2004.

    Examples
    --------
    >>> pbm([[0.0], [2.0], [10.0], [11.0], [12.0]], [0, 0, 1, 1, 1])  # (E_T 24 * D_B 10 / (2 * E_W 4))^2
    900.0
    """
    return score_alone(pbm_from_partition, X, labels)


def ratkowsky_lance(X, labels) -> float:
    """Ratkowsky-Lance index: ``sqrt(mean_j(BGSS_j / TSS_j) / K)``, the c-bar over sqrt(K).

    BGSS_j and TSS_j = WGSS_j + BGSS_j are the between-group and total sums of squares of
    feature j (the diagonals of BG and T), averaged over the p features.

    Range [0, 1/sqrt(K)] within [0, sqrt(1/2)]; **higher is better** (clusterCrit's rule
    ``max``). Raises UndefinedIndexError for K = 1 and for a constant feature (TSS_j = 0).

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        The data, finite numbers.
    labels : array-like of shape (n_samples,)
        The cluster of each object: integers or strings.

    Returns
    -------
    float
        Ratkowsky-Lance, in [0, sqrt(1/2)]; higher is better.

    Raises
    ------
    clustval.errors.UndefinedIndexError
        K = 1, or a constant feature.
    clustval.errors.InputError
        Data or labels that fail the checks (lengths differ, NaN or inf, a label missing).

    See Also
    --------
    ratkowsky_lance_from_partition : the same index from a shared partition.

    References
    ----------
    Ratkowsky D.A., Lance G.N. A criterion for determining the number of groups in a
    classification. Australian Computer Journal 10(3):115-117, 1978.

    Examples
    --------
    >>> ratkowsky_lance([[0.0], [2.0], [10.0], [11.0], [12.0]], [0, 0, 1, 1, 1])  # sqrt((120 / 124) / 2)
    0.6956083436402524
    """
    return score_alone(ratkowsky_lance_from_partition, X, labels)


def ray_turi(X, labels) -> float:
    """Ray-Turi index: ``(WGSS / N) / min_{k != l} ||c_k - c_l||^2``, intra over inter.

    Range [0, inf); **lower is better** (clusterCrit's rule ``min``). inf when two clusters
    share a centroid. Raises UndefinedIndexError for K = 1.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        The data, finite numbers.
    labels : array-like of shape (n_samples,)
        The cluster of each object: integers or strings.

    Returns
    -------
    float
        Ray-Turi, in [0, inf]; lower is better.

    Raises
    ------
    clustval.errors.UndefinedIndexError
        K = 1, where the index has no value.
    clustval.errors.InputError
        Data or labels that fail the checks (lengths differ, NaN or inf, a label missing).

    See Also
    --------
    ray_turi_from_partition : the same index from a shared partition.
    clustval.indices.classic.xb : the same with the closest pair of objects (clusterCrit's Xie-Beni).

    References
    ----------
    Ray S., Turi R.H. Determination of number of clusters in K-means clustering and
    application in colour image segmentation. Proc. 4th Int. Conf. on Advances in Pattern
    Recognition and Digital Techniques (ICAPRDT'99), Calcutta, 1999, 137-143.

    Examples
    --------
    >>> ray_turi([[0.0], [2.0], [10.0], [11.0], [12.0]], [0, 0, 1, 1, 1])  # (4 / 5) / (11 - 1)^2
    0.008
    """
    return score_alone(ray_turi_from_partition, X, labels)


def scott_symons(X, labels) -> float:
    """Scott-Symons index: ``sum_k n_k log det(W_k / n_k)``, the clusters' covariance volumes.

    The log-likelihood criterion of Scott & Symons for Gaussian clusters of unequal covariance
    matrices: ``sum_k n_k (log det W_k - p log n_k)``.

    Range (-inf, inf); **lower is better** (clusterCrit's rule ``min``). Raises
    UndefinedIndexError for K = 1 and when some W_k is singular to working precision (as
    clusterCrit's documentation says; every cluster needs more than p objects not in a
    hyperplane). clusterCrit 1.3.0 takes log n_k in single precision: its values differ
    from these by about 1e-8 relatively.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        The data, finite numbers.
    labels : array-like of shape (n_samples,)
        The cluster of each object: integers or strings.

    Returns
    -------
    float
        Scott-Symons, in (-inf, inf); lower is better.

    Raises
    ------
    clustval.errors.UndefinedIndexError
        K = 1, or some W_k singular.
    clustval.errors.InputError
        Data or labels that fail the checks (lengths differ, NaN or inf, a label missing).

    See Also
    --------
    scott_symons_from_partition : the same index from a shared partition.
    banfeld_raftery : the same with traces.

    References
    ----------
    Scott A.J., Symons M.J. Clustering methods based on likelihood ratio criteria.
    Biometrics 27(2):387-397, 1971.

    Examples
    --------
    >>> scott_symons([[0.0], [2.0], [10.0], [11.0], [12.0]], [0, 0, 1, 1, 1])  # in one dimension, Banfeld-Raftery
    -1.2163953243244934
    """
    return score_alone(scott_symons_from_partition, X, labels)


def trace_w(X, labels) -> float:
    """Trace_W index: tr(WG) = WGSS, the pooled within-group sum of squares.

    Range [0, inf); it falls as K grows, so clusterCrit chooses K by ``max_diff``: the
    largest second difference, the elbow. Raises UndefinedIndexError for K = 1.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        The data, finite numbers.
    labels : array-like of shape (n_samples,)
        The cluster of each object: integers or strings.

    Returns
    -------
    float
        Trace_W, in [0, inf]; lower is more compact (K by the elbow).

    Raises
    ------
    clustval.errors.UndefinedIndexError
        K = 1, where the index has no value.
    clustval.errors.InputError
        Data or labels that fail the checks (lengths differ, NaN or inf, a label missing).

    See Also
    --------
    trace_w_from_partition : the same index from a shared partition.
    ball_hall : the mean of the clusters' mean scatter.

    References
    ----------
    Edwards A.W.F., Cavalli-Sforza L.L. A method for cluster analysis. Biometrics
    21(2):362-375, 1965; Friedman H.P., Rubin J. JASA 62(320):1159-1178, 1967.

    Examples
    --------
    >>> trace_w([[0.0], [2.0], [10.0], [11.0], [12.0]], [0, 0, 1, 1, 1])  # 1 + 1 + 1 + 0 + 1
    4.0
    """
    return score_alone(trace_w_from_partition, X, labels)


def trace_wib(X, labels) -> float:
    """Trace_WiB index: tr(WG^-1 BG), Friedman & Rubin's invariant criterion.

    The sum of the eigenvalues of WG^-1 BG (Hotelling's trace), invariant under any
    non-singular linear change of the features.

    Range [0, inf); it grows with K, so clusterCrit chooses K by ``max_diff``: the largest
    second difference. Raises UndefinedIndexError for K = 1 and when WG is singular to
    working precision.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        The data, finite numbers.
    labels : array-like of shape (n_samples,)
        The cluster of each object: integers or strings.

    Returns
    -------
    float
        Trace_WiB, in [0, inf]; higher is more separated (K by the second difference).

    Raises
    ------
    clustval.errors.UndefinedIndexError
        K = 1, or WG singular.
    clustval.errors.InputError
        Data or labels that fail the checks (lengths differ, NaN or inf, a label missing).

    See Also
    --------
    trace_wib_from_partition : the same index from a shared partition.
    det_ratio : det(T) / det(WG) = det(I + WG^-1 BG).

    References
    ----------
    Friedman H.P., Rubin J. On some invariant criteria for grouping data. JASA
    62(320):1159-1178, 1967.

    Examples
    --------
    >>> trace_wib([[0.0], [2.0], [10.0], [11.0], [12.0]], [0, 0, 1, 1, 1])  # BG / WG = 120 / 4
    30.0
    """
    return score_alone(trace_wib_from_partition, X, labels)


def wemmert_gancarski(X, labels, *, memory_budget_mb: float = DEFAULT_MEMORY_BUDGET_MB) -> float:
    """Wemmert-Gancarski index: the size-weighted mean of ``max(0, 1 - mean_{x in C_k} R(x))``.

    ``R(x) = ||x - c_k|| / min_{l != k} ||x - c_l||`` for x in C_k: how much closer x is to
    its own centroid than to the next one; ``WG = (1/N) sum_k max(0, n_k - sum_{x in C_k} R(x))``.
    An object on another cluster's centroid has R = inf, unless it is on its own too (two
    clusters share a centroid): R = 1, the ratio of equal distances.

    Range [0, 1]; **higher is better** (clusterCrit's rule ``max``). Raises
    UndefinedIndexError for K = 1. The N x K distances to the centroids are taken in row
    blocks of ``memory_budget_mb``.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        The data, finite numbers.
    labels : array-like of shape (n_samples,)
        The cluster of each object: integers or strings.
    memory_budget_mb : float, default 256
        Bound, in MB, on each block of distances to the centroids.

    Returns
    -------
    float
        Wemmert-Gancarski, in [0, 1]; higher is better.

    Raises
    ------
    clustval.errors.UndefinedIndexError
        K = 1, where the index has no value.
    clustval.errors.InputError
        Data or labels that fail the checks (lengths differ, NaN or inf, a label missing).

    See Also
    --------
    wemmert_gancarski_from_partition : the same index from a shared partition.

    References
    ----------
    Desgraupes B. Clustering indices. Vignette of the R package clusterCrit 1.3.0, 2013
    (sec. 1.2.27: the index of C. Wemmert and P. Gancarski, Universite de Strasbourg).

    Examples
    --------
    >>> wemmert_gancarski([[0.0], [2.0], [10.0], [11.0], [12.0]], [0, 0, 1, 1, 1])  # (2 - 1/11 - 1/9 + 3 - 1/9 - 0 - 1/11) / 5
    0.9191919191919192
    """
    return score_alone(wemmert_gancarski_from_partition, X, labels, memory_budget_mb)


def sd_scat(X, labels) -> float:
    """SD_Scat, the average scattering of the SD index: ``(1/K) sum_k ||V_k|| / ||V||``.

    V_k is the vector of the p per-feature (population) variances of cluster k, V that of
    all the data. The SD index of Halkidi et al. is ``alpha * SD_Scat + SD_Dis``, with
    alpha = SD_Dis at the largest K compared: clusterCrit returns the two terms and leaves
    the weighting to the caller, and so does clustval.

    Range [0, inf); **lower is better** (clusterCrit's rule ``min``). Raises
    UndefinedIndexError for K = 1 and when all objects are equal.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        The data, finite numbers.
    labels : array-like of shape (n_samples,)
        The cluster of each object: integers or strings.

    Returns
    -------
    float
        SD_Scat, in [0, inf]; lower is better.

    Raises
    ------
    clustval.errors.UndefinedIndexError
        K = 1, or every object equal.
    clustval.errors.InputError
        Data or labels that fail the checks (lengths differ, NaN or inf, a label missing).

    See Also
    --------
    sd_scat_from_partition : the same index from a shared partition.
    sd_dis : the separation term of SD.
    s_dbw : the same scattering plus a density between clusters.

    References
    ----------
    Halkidi M., Vazirgiannis M., Batistakis Y. Quality scheme assessment in the clustering
    process. PKDD 2000, LNCS 1910:265-276; Halkidi M., Batistakis Y., Vazirgiannis M. On
    clustering validation techniques. J. Intell. Inf. Syst. 17(2-3):107-145, 2001.

    Examples
    --------
    >>> sd_scat([[0.0], [2.0], [10.0], [11.0], [12.0]], [0, 0, 1, 1, 1])  # (1 + 2/3) / 2 over 124 / 5
    0.033602150537634407
    """
    return score_alone(sd_scat_from_partition, X, labels)


def sd_dis(X, labels) -> float:
    """SD_Dis, the total separation of the SD index: ``(D_max / D_min) sum_k 1 / sum_{l != k} ||c_k - c_l||``.

    D_max and D_min are the largest and smallest distances between two centroids. See
    :func:`sd_scat` for the SD index that combines the two terms.

    Range (0, inf); **lower is better** (clusterCrit's rule ``min``). inf when two clusters
    share a centroid. Raises UndefinedIndexError for K = 1.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        The data, finite numbers.
    labels : array-like of shape (n_samples,)
        The cluster of each object: integers or strings.

    Returns
    -------
    float
        SD_Dis, in (0, inf]; lower is better.

    Raises
    ------
    clustval.errors.UndefinedIndexError
        K = 1, where the index has no value.
    clustval.errors.InputError
        Data or labels that fail the checks (lengths differ, NaN or inf, a label missing).

    See Also
    --------
    sd_dis_from_partition : the same index from a shared partition.
    sd_scat : the scattering term of SD.

    References
    ----------
    Halkidi M., Vazirgiannis M., Batistakis Y. Quality scheme assessment in the clustering
    process. PKDD 2000, LNCS 1910:265-276; Halkidi M., Batistakis Y., Vazirgiannis M. On
    clustering validation techniques. J. Intell. Inf. Syst. 17(2-3):107-145, 2001.

    Examples
    --------
    >>> sd_dis([[0.0], [2.0], [10.0], [11.0], [12.0]], [0, 0, 1, 1, 1])  # (10 / 10) (1/10 + 1/10)
    0.2
    """
    return score_alone(sd_dis_from_partition, X, labels)


def s_dbw(X, labels, *, memory_budget_mb: float = DEFAULT_MEMORY_BUDGET_MB) -> float:
    """S_Dbw index: scattering plus density between clusters, ``SD_Scat + Dens_bw``.

    With the radius ``sigma = sqrt(sum_k ||V_k||) / K`` (V_k as in :func:`sd_scat`), the
    density of a point u for clusters k and l counts the members of C_k and C_l closer than
    sigma to u (strictly, as clusterCrit counts them; Halkidi & Vazirgiannis count d <= sigma);
    ``Dens_bw`` is the mean over the pairs k < l of density(midpoint of c_k and c_l) /
    max(density(c_k), density(c_l)). When neither centroid has a member nearby the ratio is
    0 for an empty midpoint (no density between the clusters), else inf. Dens_bw is the mean
    over the K (K - 1) / 2 pairs, as the paper and clusterCrit's documentation define it
    (clusterCrit 1.3.0's code adds the ratios up without dividing, in single precision, and
    gives NaN for 0 / 0).

    Range [0, inf); **lower is better** (clusterCrit's rule ``min``). Raises
    UndefinedIndexError for K = 1 and when all objects are equal. Costs O(N K p): each
    object's distances to every centroid and to the midpoints of its own cluster, in row
    blocks of ``memory_budget_mb``.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        The data, finite numbers.
    labels : array-like of shape (n_samples,)
        The cluster of each object: integers or strings.
    memory_budget_mb : float, default 256
        Bound, in MB, on each block of distances to the centroids and midpoints.

    Returns
    -------
    float
        S_Dbw, in [0, inf]; lower is better.

    Raises
    ------
    clustval.errors.UndefinedIndexError
        K = 1, or every object equal.
    clustval.errors.InputError
        Data or labels that fail the checks (lengths differ, NaN or inf, a label missing).

    See Also
    --------
    s_dbw_from_partition : the same index from a shared partition.
    sd_scat : its scattering term.

    References
    ----------
    Halkidi M., Vazirgiannis M. Clustering validity assessment: finding the optimal
    partitioning of a data set. Proc. IEEE ICDM 2001, 187-194.

    Examples
    --------
    >>> s_dbw([[0.0], [2.0], [10.0], [11.0], [12.0]], [0, 0, 1, 1, 1])  # sigma = sqrt(5/3)/2: no density between
    0.033602150537634407
    """
    return score_alone(s_dbw_from_partition, X, labels, memory_budget_mb)
