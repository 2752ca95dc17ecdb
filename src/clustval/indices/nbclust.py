"""Indices of NbClust's family that the rest of the registry lacks, as published.

NbClust (Charrad et al. 2014, J. Stat. Softw. 61(6), Table 1) gathers 30 indices, most of them
registry indices already (:data:`clustval.compat.nbclust.REGISTRY_EQUIVALENT`). Here are the
four missing functions of one partition, each from its original definition: :func:`ccc`,
:func:`trcovw`, :func:`dindex`, :func:`hubert`. Those that read the neighbouring partitions at
K - 1, K and K + 1 (KL, Hartigan, Duda-Hart, pseudo T^2, Beale, Frey) choose K rather than
judge one partition: they are :mod:`clustval.selection.adjacent`'s. NbClust's own values, which
depart from these in places, are :func:`clustval.compat.nbclust.nbclust`'s; its SDindex is
``Dis(K_max) * sd_scat + sd_dis`` of the registry's.
"""

from __future__ import annotations

import math

import numpy as np

from .._engine.pairwise import distance_blocks
from ..errors import UndefinedIndexError
from .partition import CLUSTER_SUMS, COORDINATES, Partition, reads, score_alone

#: The family's indices, each under its registry name (clustval exports them from here).
__all__ = [
    "ccc",
    "dindex",
    "hubert",
    "trcovw",
]


def _total_spectrum(p: Partition) -> np.ndarray:
    """The eigenvalues of the total scatter T = C^T C (C the centred data), descending, those
    of a null direction dropped (at most max(n, d) eps times the largest, the rounding of
    the sum). With more features than objects they come from the n x n Gram matrix C C^T,
    which has the same non-zero eigenvalues, in O(n^2 d) instead of O(n d^2 + d^3)."""
    centred = p.shifted - p.grand_mean
    if p.weights is not None:  # T = sum_i w_i c_i c_i^T: each row scaled by sqrt(w_i)
        centred = centred * np.sqrt(p.weights)[:, None]
    gram = centred @ centred.T if centred.shape[1] > centred.shape[0] else centred.T @ centred
    eigenvalues = np.linalg.eigvalsh(gram)[::-1]
    tolerance = eigenvalues[0] * max(p.n, centred.shape[1]) * np.finfo(float).eps
    return eigenvalues[eigenvalues > tolerance]


@reads(COORDINATES)
def ccc_from_partition(p: Partition) -> float:
    p.require_clusters("CCC")
    n, q = p.n, p.n_clusters
    if q >= n:
        raise UndefinedIndexError("CCC is undefined with one object per cluster (R^2 = 1).")
    trace_t = p.total((p.shifted - p.grand_mean) ** 2)
    if trace_t == 0:
        raise UndefinedIndexError("CCC is undefined for data with no spread.")
    r2 = 1 - p.total(p.squared_centroid_distances) / trace_t
    # a null direction carries no variance: dropped (Sarle's p counts the rest)
    s = np.sqrt(_total_spectrum(p) / (n - 1))
    p_dim = s.size
    log_s = np.log(s)  # the cube's side (prod s / q)^(1/p) through logs: a product of
    u = s / math.exp((float(np.sum(log_s)) - math.log(q)) / p_dim)  # hundreds would overflow
    p_star = min(int(np.sum(u >= 1)), q - 1)
    if 0 < p_star < p_dim:  # the volume of the p* main directions
        u = s / math.exp((float(np.sum(log_s[:p_star])) - math.log(q)) / p_star)
        b = np.sum(1 / (n + u[:p_star])) + np.sum(u[p_star:] ** 2 / (n + u[p_star:]))
    else:
        p_star = p_dim
        b = np.sum(1 / (n + u))
    e_r2 = float(1 - b / np.sum(u**2) * (n - q) ** 2 / n * (1 + 4 / n))
    if not (e_r2 < 1 and 0.001 + e_r2 > 0):
        raise UndefinedIndexError(f"CCC is undefined here: the expected R^2 of uniform data, {e_r2:.6g}, "
                                  "is out of (-0.001, 1).")  # fmt: skip
    if r2 == 1:  # every cluster's objects coincide: the limit of the log ratio
        return math.inf
    return math.log((1 - e_r2) / (1 - r2)) * math.sqrt(n * p_star / 2) / (0.001 + e_r2) ** 1.2


def ccc(X, labels, *, sample_weight=None) -> float:
    """CCC: Sarle's cubic clustering criterion.

    ``CCC = ln((1 - E[R^2]) / (1 - R^2)) sqrt(n p* / 2) / (0.001 + E[R^2])^1.2``, R^2 =
    1 - tr W / tr T, E[R^2] its value for uniform data on a hyperbox with the data's principal
    spreads (Sarle 1983; p* = min(#{u_j >= 1}, K - 1) the directions clusters can split).
    Positive: more structure than uniform data. +inf when each cluster's objects coincide.
    Undefined for K = n and data with no spread too.

    >>> X = [[0.0, 0.0], [1.0, 0.5], [0.0, 1.0], [9.0, 9.0], [10.0, 9.0], [9.0, 10.5]]
    >>> ccc(X, [0, 0, 0, 1, 1, 1]) > ccc(X, [0, 1, 0, 1, 0, 1])
    True
    """
    return score_alone(ccc_from_partition, X, labels, sample_weight=sample_weight)


@reads(COORDINATES)
def trcovw_from_partition(p: Partition) -> float:
    p.require_clusters("TrCovW")
    if p.n_clusters >= p.n:
        raise UndefinedIndexError("TrCovW is undefined with one object per cluster (n - K = 0).")
    return p.in_data_units(float(p.within_diagonal.sum() / (p.n - p.n_clusters)), 2)


def trcovw(X, labels, *, sample_weight=None) -> float:
    """TrCovW: the trace of the pooled within-cluster covariance matrix, tr W / (n - K).

    Milligan & Cooper's (1985) "Trace Cov W", after Friedman & Rubin (1967); undefined for
    K = n too.

    >>> trcovw([[0.0], [2.0], [10.0], [11.0], [12.0]], [0, 0, 1, 1, 1])  # (2 + 2) / 3
    1.3333333333333333
    """
    return score_alone(trcovw_from_partition, X, labels, sample_weight=sample_weight)


@reads(COORDINATES)
def dindex_from_partition(p: Partition) -> float:
    p.require_clusters("Dindex")
    offsets = p.shifted - p.centroids[p.codes]
    return p.in_data_units(p.mean(np.sqrt(np.sum(offsets**2, axis=1))), 1)


def dindex(X, labels, *, sample_weight=None) -> float:
    """Dindex: the mean Euclidean distance of the objects to their cluster's centroid.

    ``(1/n) sum_i ||x_i - c_(k(i))||``, the within-cluster inertia in distances (Lebart,
    Morineau & Piron 2000, as NbClust uses it); K at the knee, a graphical reading.

    >>> dindex([[0.0], [2.0], [10.0], [11.0], [12.0]], [0, 0, 1, 1, 1])  # (1 + 1 + 1 + 0 + 1) / 5
    0.8
    """
    return score_alone(dindex_from_partition, X, labels, sample_weight=sample_weight)


@reads(COORDINATES, CLUSTER_SUMS)
def hubert_from_partition(p: Partition) -> float:
    # The correlation from sums, in O(n K) memory: over the ordered pairs i != j (each pair
    # twice, the same correlation), sum d from the distance pass's per-cluster sums,
    # sum d^2 = 2 n sum_i ||x_i - xbar||^2 from the coordinates, and the sums of q (one value
    # per pair of clusters) over the K x K pairs of clusters weighted by their object pairs.
    # With weights, the pairs of the repeated objects: a row's sums count w_i times, and the
    # w_i (w_i - 1) pairs of its own copies (d = 0, q = 0: within) are among n_k (n_k - 1).
    p.require_clusters("Hubert")
    n, sizes = p.n, p.sizes.astype(float)
    pairs = n * (n - 1)  # ordered pairs: exact in a float up to n ~ 9e7
    # between[k, l] = sum of d(i, j) over i in C_k, j in C_l (each cluster's rows summed
    # pairwise, along a contiguous axis)
    sums = p.distance_stats.cluster_sums
    if p.weights is not None:
        sums = sums * p.weights[:, None]
    order = np.argsort(p.codes, kind="stable")
    ends = np.cumsum(p.rows_per_cluster)
    between = np.stack([np.ascontiguousarray(sums[order[end - size : end]].T).sum(axis=1)
                        for end, size in zip(ends.tolist(), p.rows_per_cluster.tolist())])  # fmt: skip
    sum_d = float(between.sum())
    centred = p.shifted - p.grand_mean
    sum_dd = 2 * n * p.total(centred * centred)
    # sum d^2 - (sum d)^2 / pairs loses digits as far as d hardly varies (no pair pass);
    # within ~2^-40 of sum d^2 it is rounding: d is then a constant (as far as sums tell)
    ss_d = sum_dd - sum_d * sum_d / pairs
    ss_d = ss_d if ss_d > 2**-40 * sum_dd else 0.0

    def centroid_distances():  # q in row blocks; 0 on the diagonal (pairs within a cluster)
        return distance_blocks(p.centroids, p.centroids, p.memory_budget_mb)

    # q's mean first, then its sums centred on it, with no cancellation
    q_mean = sum(float(np.sum(sizes[r0:r1, None] * Q * sizes)) for r0, r1, Q in centroid_distances()) / pairs
    ss_q = cross = 0.0
    for r0, r1, Q in centroid_distances():
        rows = np.arange(r1 - r0)
        weight = sizes[r0:r1, None] * sizes
        weight[rows, r0 + rows] -= sizes[r0:r1]  # n_k (n_k - 1) ordered pairs within C_k
        Q -= q_mean
        ss_q += float(np.sum(weight * Q * Q))
        cross += float(np.sum(between[r0:r1] * Q))  # = sum (d - dbar)(q - qbar): sum (q - qbar) = 0
    denominator = math.sqrt(ss_d * ss_q)
    if denominator == 0:
        raise UndefinedIndexError("Hubert's Gamma is undefined when all distances (or all centroid distances) are equal.")
    return float(cross / denominator)


def hubert(X, labels, *, sample_weight=None) -> float:
    """Hubert's normalised Gamma between the objects' distances and their centroids' distances.

    The Pearson correlation, over the n (n - 1) / 2 pairs of objects, of d(x_i, x_j) with
    d(c_(k(i)), c_(k(j))) (0 within a cluster): Hubert & Arabie's statistic as Halkidi et al.
    (2001) apply it; 1 at K = n, K at the knee. Undefined when all distances, or all centroid
    distances, are equal.

    >>> round(hubert([[0.0], [1.0], [10.0], [11.0]], [0, 0, 1, 1]), 12)
    0.990867388614
    """
    return score_alone(hubert_from_partition, X, labels, sample_weight=sample_weight)
