"""Internal indices from the scatter matrices: R's clusterCrit criteria that read coordinates only.

Every function takes ``(X, labels)`` and bears its registry name; its core (``_from_partition``)
reads a shared :class:`~clustval.indices.partition.Partition`, which computes the centroids
and the scatter matrices once for all of them. Notation (Desgraupes, the clusterCrit 1.3.0
vignette, sec. 1.1): N objects in p dimensions, K clusters C_k of n_k objects, centroids c_k,
grand mean xbar; ``W_k = sum_{x in C_k} (x - c_k)(x - c_k)^T`` (built from offsets centred on
the centroids), WGSS_k = tr(W_k), ``WG = sum_k W_k``, WGSS = tr(WG),
``BG = sum_k n_k (c_k - xbar)(c_k - xbar)^T``, BGSS = tr(BG), ``T = WG + BG``.

Degenerate partitions never give a silent NaN: K = 1 raises UndefinedIndexError; so does a
determinant or an inverse of a matrix singular to working precision (smallest eigenvalue at
most max(N, p) eps times the largest), found in O(N p) where it is certain (WG has rank at
most N - K), so d >> N costs no cubic time. A denominator that vanishes under a positive
numerator gives inf.
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
    return p.sum_per_cluster(p.squared_centroid_distances)


def _between_sum(p: Partition) -> float:
    """BGSS = sum_k n_k ||c_k - xbar||^2."""
    return float(p.sizes @ np.sum((p.centroids - p.grand_mean) ** 2, axis=1))


def _within_rank_deficient(p: Partition) -> bool:
    """WG is singular for certain, found in O(n d) before any d x d matrix is built or
    factorised: its rank is at most n - K (each cluster's offsets sum to 0), and a feature
    constant inside every cluster is a zero row. (At n = 300, d = 5,000 an eigen
    decomposition of WG alone takes about a minute.)"""
    return p.X.shape[0] - p.n_clusters < p.X.shape[1] or not np.all(p.within_diagonal.sum(axis=0) > 0)


def _cluster_rank_deficient(p: Partition) -> np.ndarray:
    """For each cluster, whether W_k is singular for certain (rank at most n_k - 1 < d, n_k
    its rows, or a feature constant inside the cluster), in O(n d)."""
    return (p.rows_per_cluster - 1 < p.X.shape[1]) | ~np.all(p.within_diagonal > 0, axis=1)


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


def _variance_norms(p: Partition, name: str) -> tuple[np.ndarray, float]:
    """(||V_k|| for each cluster, ||V||): Euclidean norms of the vectors of per-feature
    population variances of each cluster and of all the data (Halkidi et al. 2001), for the
    index ``name``, which needs two clusters and some variance."""
    p.require_clusters(name)
    within = p.within_diagonal / p.sizes[:, None]
    total = (p.within_diagonal.sum(axis=0) + _between_diagonal(p)) / p.n
    total = float(np.sqrt(np.sum(total**2)))
    if total == 0:
        raise UndefinedIndexError(f"{name} is undefined: all objects are equal (no variance).")
    return np.sqrt(np.sum(within**2, axis=1)), total


# ----------------------------------------------------------------------------- index cores


@reads(COORDINATES)
def ball_hall_from_partition(p: Partition) -> float:
    p.require_clusters("Ball-Hall")
    return p.in_data_units(refuse_nan(np.mean(_within_sums(p) / p.sizes), "Ball-Hall"), 2)


@reads(COORDINATES)
def banfeld_raftery_from_partition(p: Partition) -> float:
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
    p.require_clusters("Det_Ratio")
    with np.errstate(over="ignore"):
        return float(np.exp(_log_det_ratio(p, "Det_Ratio")))


@reads(COORDINATES)
def ksq_detw_from_partition(p: Partition) -> float:
    p.require_clusters("Ksq_DetW")
    if _within_rank_deficient(p):
        return 0.0
    log_det = _log_det(_pooled_within(p), p.n)
    if log_det is None:
        return 0.0
    log_det += 2 * p.X.shape[1] * math.log(p.scale)  # det WG in the data's units: scale^(2d)
    with np.errstate(over="ignore", under="ignore"):  # inf or 0 where det WG is past a double's range
        return float(p.n_clusters**2 * np.exp(log_det))


@reads(COORDINATES)
def log_det_ratio_from_partition(p: Partition) -> float:
    p.require_clusters("Log_Det_Ratio")
    return p.n * _log_det_ratio(p, "Log_Det_Ratio")


@reads(COORDINATES)
def log_ss_ratio_from_partition(p: Partition) -> float:
    p.require_clusters("Log_SS_Ratio")
    between, within = _between_sum(p), float(_within_sums(p).sum())
    if between == 0 and within == 0:
        raise UndefinedIndexError("Log_SS_Ratio is undefined: all objects are equal (BGSS = WGSS = 0).")
    with np.errstate(divide="ignore", over="ignore", under="ignore"):
        ratio = np.float64(between) / within  # exact under the power-of-two scaling, unlike
    if 0 < ratio < np.inf:  # a difference of logarithms: the same value at every scale
        return float(np.log(ratio))
    with np.errstate(divide="ignore"):
        return refuse_nan(np.log(between) - np.log(within), "Log_SS_Ratio")


@reads(COORDINATES)
def pbm_from_partition(p: Partition) -> float:
    p.require_clusters("PBM")
    largest = _centroid_distances(p)[1]
    if largest == 0:
        return 0.0
    spread_within = p.total(np.sqrt(p.squared_centroid_distances))
    if spread_within == 0:
        return np.inf
    spread_total = p.total(np.sqrt(np.sum((p.shifted - p.grand_mean) ** 2, axis=1)))
    return p.in_data_units(refuse_nan((spread_total * largest / (p.n_clusters * spread_within)) ** 2, "PBM"), 2)


@reads(COORDINATES)
def ratkowsky_lance_from_partition(p: Partition) -> float:
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
    p.require_clusters("Ray-Turi")
    closest = p.centroid_separation()[1]
    if closest == 0:
        return np.inf
    return refuse_nan(_within_sums(p).sum() / (p.n * closest**2), "Ray-Turi")


@reads(COORDINATES)
def scott_symons_from_partition(p: Partition) -> float:
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
    p.require_clusters("Trace_W")
    return p.in_data_units(refuse_nan(_within_sums(p).sum(), "Trace_W"), 2)


@reads(COORDINATES)
def trace_wib_from_partition(p: Partition) -> float:
    p.require_clusters("Trace_WiB")
    if _within_rank_deficient(p):
        raise _singular("Trace_WiB", "the pooled within-group scatter WG")
    within = _pooled_within(p)
    if _log_det(within, p.n) is None:
        raise _singular("Trace_WiB", "the pooled within-group scatter WG")
    return refuse_nan(np.trace(np.linalg.solve(within, _between(p))), "Trace_WiB")


@reads(COORDINATES)
def wemmert_gancarski_from_partition(p: Partition) -> float:
    p.require_clusters("Wemmert-Gancarski")
    own = np.sqrt(p.squared_centroid_distances)
    other = np.empty(p.X.shape[0])
    for r0, r1, D in distance_blocks(p.shifted, p.centroids, p.memory_budget_mb):
        D[np.arange(r1 - r0), p.codes[r0:r1]] = np.inf
        other[r0:r1] = D.min(axis=1)
    with np.errstate(divide="ignore", invalid="ignore"):
        ratio = own / other
    # on another centroid: infinitely far from the own one, unless on it too (shared centroid)
    ratio[other == 0] = np.where(own[other == 0] == 0, 1.0, np.inf)
    sums = p.sum_per_cluster(ratio)
    return refuse_nan(np.maximum(p.sizes - sums, 0.0).sum() / p.n, "Wemmert-Gancarski")


@reads(COORDINATES)
def sd_scat_from_partition(p: Partition) -> float:
    within, total = _variance_norms(p, "SD_Scat")
    return refuse_nan(within.mean() / total, "SD_Scat")


@reads(COORDINATES)
def sd_dis_from_partition(p: Partition) -> float:
    p.require_clusters("SD_Dis")
    sums, largest, smallest = _centroid_distances(p)
    if smallest == 0:
        return np.inf
    return p.in_data_units(refuse_nan(largest / smallest * np.sum(1.0 / sums), "SD_Dis"), -1)


@reads(COORDINATES)
def s_dbw_from_partition(p: Partition) -> float:
    within, total = _variance_norms(p, "S_Dbw")
    near_centre, near_middle = _near_counts(p, np.sqrt(within.sum()) / p.n_clusters)
    return refuse_nan(within.mean() / total + _density_ratio(near_middle, near_centre), "S_Dbw")


def _near_counts(p: Partition, radius: float) -> tuple[np.ndarray, np.ndarray]:
    """(near_centre, near_middle), K x K counts: near_centre[k, l] = members of C_k closer
    than ``radius`` to c_l, near_middle[k, l] = to the midpoint (c_k + c_l) / 2 (the same
    float from either side: addition commutes), each member counted its weight's times.
    Distances in row blocks of the budget."""
    K = p.n_clusters
    weights = np.ones(p.X.shape[0], dtype=np.int64) if p.weights is None else p.weights
    near_centre = np.zeros(K * K, dtype=np.int64)
    for r0, r1, D in distance_blocks(p.shifted, p.centroids, p.memory_budget_mb):
        cells = (p.codes[r0:r1, None] * K + np.arange(K)).ravel()
        near = (D < radius).ravel()
        # summed in float64, exact: the weights total below 2^53
        counted = np.bincount(cells[near], np.repeat(weights[r0:r1], K)[near], minlength=K * K)
        near_centre += counted.astype(np.int64)
    near_middle = np.zeros((K, K), dtype=np.int64)
    rows = p.rows_per_cluster
    order, ends = np.argsort(p.codes, kind="stable"), np.cumsum(rows)
    for k in range(K):  # each cluster's members against the midpoints of its centroid
        at = order[ends[k] - rows[k] : ends[k]]
        for r0, r1, D in distance_blocks(p.shifted[at], (p.centroids[k] + p.centroids) / 2, p.memory_budget_mb):
            near_middle[k] += weights[at[r0:r1]] @ (D < radius)
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


def ball_hall(X, labels, *, sample_weight=None) -> float:
    """Ball-Hall index: the mean over the clusters of their mean squared distance to the centroid.

    ``BH = (1/K) sum_k WGSS_k / n_k`` (WGSS / N for clusters of equal size).

    >>> ball_hall([[0.0], [2.0], [10.0], [11.0], [12.0]], [0, 0, 1, 1, 1])  # (2/2 + 2/3) / 2
    0.8333333333333333
    """
    return score_alone(ball_hall_from_partition, X, labels, sample_weight=sample_weight)


def banfeld_raftery(X, labels, *, sample_weight=None) -> float:
    """Banfeld-Raftery index: the size-weighted sum of the logs of the clusters' mean scatter.

    ``BR = sum_k n_k log(tr(W_k) / n_k)``, the log-likelihood term of Banfield & Raftery's
    spherical model (clusterCrit spells it Banfeld). Undefined for a cluster with no scatter
    (a singleton, or identical points: log 0), as clusterCrit documents.

    >>> banfeld_raftery([[0.0], [2.0], [10.0], [11.0], [12.0]], [0, 0, 1, 1, 1])  # 2 log 1 + 3 log(2/3)
    -1.2163953243244934
    """
    return score_alone(banfeld_raftery_from_partition, X, labels, sample_weight=sample_weight)


def det_ratio(X, labels, *, sample_weight=None) -> float:
    """Det_Ratio index: det(T) / det(WG), Friedman & Rubin's determinant criterion.

    At least 1 (BG is positive semi-definite), growing with the separation. Undefined when WG is
    singular (fewer objects than K + p, data in a subspace). clusterCrit 1.3.0 gives the
    negative of this on some data (the sign of its LU determinant).

    >>> det_ratio([[0.0], [2.0], [10.0], [11.0], [12.0]], [0, 0, 1, 1, 1])  # T = 124, WG = 4
    31.0
    """
    return score_alone(det_ratio_from_partition, X, labels, sample_weight=sample_weight)


def ksq_detw(X, labels, *, sample_weight=None) -> float:
    """Ksq_DetW index: K^2 det(WG), Marriott's criterion.

    Without cluster structure det(WG) falls like K^(-2), so K^2 det(WG) stays flat there and
    jumps where a real group is split. 0 when WG is singular (clusterCrit 1.3.0: negative on
    some data, see :func:`det_ratio`).

    >>> ksq_detw([[0.0], [2.0], [10.0], [11.0], [12.0]], [0, 0, 1, 1, 1])  # 2^2 * 4
    16.0
    """
    return score_alone(ksq_detw_from_partition, X, labels, sample_weight=sample_weight)


def log_det_ratio(X, labels, *, sample_weight=None) -> float:
    """Log_Det_Ratio index: N log(det(T) / det(WG)), Scott & Symons' log-likelihood ratio.

    Undefined when WG is singular.

    >>> log_det_ratio([[0.0], [2.0], [10.0], [11.0], [12.0]], [0, 0, 1, 1, 1])  # 5 log(124 / 4)
    17.16993602242573
    """
    return score_alone(log_det_ratio_from_partition, X, labels, sample_weight=sample_weight)


def log_ss_ratio(X, labels, *, sample_weight=None) -> float:
    """Log_SS_Ratio index: log(BGSS / WGSS), between over within sums of squares.

    inf when WGSS = 0 < BGSS, -inf when BGSS = 0 < WGSS; undefined when all objects are equal.

    >>> log_ss_ratio([[0.0], [2.0], [10.0], [11.0], [12.0]], [0, 0, 1, 1, 1])  # log(120 / 4)
    3.4011973816621555
    """
    return score_alone(log_ss_ratio_from_partition, X, labels, sample_weight=sample_weight)


def pbm(X, labels, *, sample_weight=None) -> float:
    """PBM index (Pakhira, Bandyopadhyay, Maulik): ``((1/K) (E_T / E_W) D_B)^2``.

    E_T = sum_i ||x_i - xbar||, E_W = sum_k sum_{x in C_k} ||x - c_k||, D_B = max_{k, l}
    ||c_k - c_l|| (distances, not squared). 0 when every centroid is one point, else inf when
    every object sits on its centroid.

    >>> pbm([[0.0], [2.0], [10.0], [11.0], [12.0]], [0, 0, 1, 1, 1])  # (E_T 24 * D_B 10 / (2 * E_W 4))^2
    900.0
    """
    return score_alone(pbm_from_partition, X, labels, sample_weight=sample_weight)


def ratkowsky_lance(X, labels, *, sample_weight=None) -> float:
    """Ratkowsky-Lance index: ``sqrt(mean_j(BGSS_j / TSS_j) / K)``.

    BGSS_j and TSS_j, the between-group and total sums of squares of feature j (the diagonals
    of BG and T), averaged over the p features: at most 1/sqrt(K). Undefined for a constant
    feature (TSS_j = 0).

    >>> ratkowsky_lance([[0.0], [2.0], [10.0], [11.0], [12.0]], [0, 0, 1, 1, 1])  # sqrt((120 / 124) / 2)
    0.6956083436402524
    """
    return score_alone(ratkowsky_lance_from_partition, X, labels, sample_weight=sample_weight)


def ray_turi(X, labels, *, sample_weight=None) -> float:
    """Ray-Turi index: ``(WGSS / N) / min_{k != l} ||c_k - c_l||^2``, intra over inter.

    inf when two clusters share a centroid.

    >>> ray_turi([[0.0], [2.0], [10.0], [11.0], [12.0]], [0, 0, 1, 1, 1])  # (4 / 5) / (11 - 1)^2
    0.008
    """
    return score_alone(ray_turi_from_partition, X, labels, sample_weight=sample_weight)


def scott_symons(X, labels, *, sample_weight=None) -> float:
    """Scott-Symons index: ``sum_k n_k log det(W_k / n_k)``, the clusters' covariance volumes.

    Scott & Symons' log-likelihood criterion for Gaussian clusters of unequal covariances.
    Undefined when a W_k is singular (every cluster needs more than p objects not in a
    hyperplane). clusterCrit 1.3.0 takes log n_k in single precision (about 1e-8 apart).

    >>> scott_symons([[0.0], [2.0], [10.0], [11.0], [12.0]], [0, 0, 1, 1, 1])  # in one dimension, Banfeld-Raftery
    -1.2163953243244934
    """
    return score_alone(scott_symons_from_partition, X, labels, sample_weight=sample_weight)


def trace_w(X, labels, *, sample_weight=None) -> float:
    """Trace_W index: tr(WG) = WGSS, the pooled within-group sum of squares.

    >>> trace_w([[0.0], [2.0], [10.0], [11.0], [12.0]], [0, 0, 1, 1, 1])  # 1 + 1 + 1 + 0 + 1
    4.0
    """
    return score_alone(trace_w_from_partition, X, labels, sample_weight=sample_weight)


def trace_wib(X, labels, *, sample_weight=None) -> float:
    """Trace_WiB index: tr(WG^-1 BG), Friedman & Rubin's invariant criterion.

    The sum of the eigenvalues of WG^-1 BG (Hotelling's trace), invariant under any non-singular
    linear change of the features; undefined when WG is singular.

    >>> trace_wib([[0.0], [2.0], [10.0], [11.0], [12.0]], [0, 0, 1, 1, 1])  # BG / WG = 120 / 4
    30.0
    """
    return score_alone(trace_wib_from_partition, X, labels, sample_weight=sample_weight)


def wemmert_gancarski(X, labels, *, memory_budget_mb: float = DEFAULT_MEMORY_BUDGET_MB, sample_weight=None) -> float:
    """Wemmert-Gancarski index: ``(1/N) sum_k max(0, n_k - sum_{x in C_k} R(x))``.

    ``R(x) = ||x - c_k|| / min_{l != k} ||x - c_l||`` for x in C_k (inf on another centroid, 1
    on a centroid two clusters share). The N x K distances to the centroids come in blocks of
    ``memory_budget_mb``.

    >>> wemmert_gancarski([[0.0], [2.0], [10.0], [11.0], [12.0]], [0, 0, 1, 1, 1])  # (2 - 1/11 - 1/9 + 3 - 1/9 - 0 - 1/11) / 5
    0.9191919191919192
    """
    return score_alone(wemmert_gancarski_from_partition, X, labels, memory_budget_mb, sample_weight=sample_weight)


def sd_scat(X, labels, *, sample_weight=None) -> float:
    """SD_Scat, the scattering term of the SD index: ``(1/K) sum_k ||V_k|| / ||V||``.

    V_k, the per-feature (population) variances of cluster k, V those of all the data; undefined
    when all objects are equal. Halkidi et al.'s SD is ``alpha SD_Scat + SD_Dis`` with alpha the
    SD_Dis of the largest K compared: clusterCrit and clustval leave the weighting to the caller.

    >>> sd_scat([[0.0], [2.0], [10.0], [11.0], [12.0]], [0, 0, 1, 1, 1])  # (1 + 2/3) / 2 over 124 / 5
    0.033602150537634407
    """
    return score_alone(sd_scat_from_partition, X, labels, sample_weight=sample_weight)


def sd_dis(X, labels, *, sample_weight=None) -> float:
    """SD_Dis, the separation term of the SD index: ``(D_max / D_min) sum_k 1 / sum_{l != k} ||c_k - c_l||``.

    D_max and D_min, the largest and smallest distances between two centroids; inf when two
    clusters share a centroid.

    >>> sd_dis([[0.0], [2.0], [10.0], [11.0], [12.0]], [0, 0, 1, 1, 1])  # (10 / 10) (1/10 + 1/10)
    0.2
    """
    return score_alone(sd_dis_from_partition, X, labels, sample_weight=sample_weight)


def s_dbw(X, labels, *, memory_budget_mb: float = DEFAULT_MEMORY_BUDGET_MB, sample_weight=None) -> float:
    """S_Dbw index: scattering plus density between clusters, ``SD_Scat + Dens_bw``.

    With ``sigma = sqrt(sum_k ||V_k||) / K`` (:func:`sd_scat`), the density of a point for
    clusters k and l counts their members closer than sigma (strictly, as clusterCrit; Halkidi &
    Vazirgiannis count <=); ``Dens_bw``, the mean over the pairs k < l of the density at the
    midpoint of c_k and c_l over the larger at c_k or c_l (0 for an empty midpoint between
    empty centroids, else inf there; clusterCrit 1.3.0's code sums without dividing). Undefined
    when all objects are equal. O(N K p), in blocks of ``memory_budget_mb``.

    >>> s_dbw([[0.0], [2.0], [10.0], [11.0], [12.0]], [0, 0, 1, 1, 1])  # sigma = sqrt(5/3)/2: no density between
    0.033602150537634407
    """
    return score_alone(s_dbw_from_partition, X, labels, memory_budget_mb, sample_weight=sample_weight)
