"""Internal indices built on all pairwise distances: rank and sum comparisons of the
within-cluster with the between-cluster distances (clusterCrit's Gamma, G_plus, Tau,
C_index, Point_Biserial, McClain_Rao).

Notation (Desgraupes, clusterCrit vignette, sec. "Pairs of points"): the N_T = n (n - 1) / 2
pairs of objects split into N_W within-cluster pairs (both in one cluster) and N_B
between-cluster pairs; S_W and S_B are the sums of their distances. Comparing each within
distance d_w with each between distance d_b (N_W N_B comparisons), s+ counts d_w < d_b
(concordant: the pair inside a cluster is closer), s- counts d_w > d_b; equal distances
count in neither (ties are dropped, as in Goodman & Kruskal's gamma).

Everything is exact. s+ and s- are counted without comparing pairs with pairs (one sort of
the smaller class, binary searches for the other: :mod:`clustval._engine.pair_pass`), in row
blocks bounded by ``memory_budget_mb`` plus 8 min(N_W, N_B) bytes; the C-index's sums are
exact sums. Point-Biserial and McClain-Rao read only S_W and S_B, from the shared distance
pass's per-cluster sums.

Each index is undefined (:class:`~clustval.errors.UndefinedIndexError`) for K = 1 (no
between pair) and K = n (no within pair). ``metric="precomputed"``: X is the (n, n)
distance matrix (any metric) or its condensed upper triangle.
"""

from __future__ import annotations

import math

import numpy as np

from ..errors import UndefinedIndexError
from .partition import (
    CLUSTER_SUMS,
    DEFAULT_MEMORY_BUDGET_MB,
    EXTREME_SUMS,
    PAIR_RANKS,
    Partition,
    reads,
    refuse_nan,
    score_alone,
)

#: The family's indices, each under its registry name (clustval exports them from here).
__all__ = [
    "baker_hubert_gamma",
    "c_index",
    "g_plus",
    "mcclain_rao",
    "point_biserial",
    "tau",
]


def _pair_counts(p: Partition, index: str) -> tuple[int, int, int]:
    """(N_W, N_B, N_T) after refusing K = 1 and K = n."""
    p.require_clusters(index, allow_all_singletons=False)
    n_within = int(sum(int(s) * (int(s) - 1) // 2 for s in p.sizes))
    n_total = p.n * (p.n - 1) // 2
    return n_within, n_total - n_within, n_total


def within_between_sums(p: Partition) -> tuple[float, float]:
    """(S_W, S_B): the sums of the within- and between-cluster distances over pairs, from the
    distance pass's per-cluster sums (each pair is counted from both of its objects).

    Parameters
    ----------
    p : Partition
        A partition whose needs include ``cluster_sums``.

    Returns
    -------
    within : float
        S_W, the sum of d(i, j) over the pairs i < j in one cluster.
    between : float
        S_B, the sum over the pairs in different clusters.

    Examples
    --------
    >>> p = Partition([[0.0], [1.0], [10.0], [11.0]], [0, 0, 1, 1], needs={CLUSTER_SUMS})
    >>> within_between_sums(p)  # within 1 + 1; between 10 + 11 + 9 + 10
    (2.0, 40.0)
    """
    sums = p.distance_stats.cluster_sums
    own = np.zeros(sums.shape, dtype=bool)
    own[np.arange(p.n), p.codes] = True
    return float(sums[own].sum()) / 2, float(sums[~own].sum()) / 2


# ----------------------------------------------------------------------------- index cores


@reads(PAIR_RANKS)
def baker_hubert_gamma_from_partition(p: Partition) -> float:
    """Baker-Hubert Gamma of a :class:`Partition` (the core of :func:`baker_hubert_gamma`).

    Parameters
    ----------
    p : Partition
        The validated data and labels with their shared summaries.

    Returns
    -------
    float
        The value :func:`baker_hubert_gamma` gives for the same data and labels.

    Raises
    ------
    clustval.errors.UndefinedIndexError
        K = 1, K = n, or every comparison a tie (s+ + s- = 0).

    See Also
    --------
    baker_hubert_gamma : the same index from the data, with its definition and reference.

    Examples
    --------
    >>> X, labels = [[0.0], [2.0], [3.0], [5.0]], [0, 0, 1, 1]
    >>> p = Partition(X, labels, needs=baker_hubert_gamma_from_partition.needs)
    >>> baker_hubert_gamma_from_partition(p) == baker_hubert_gamma(X, labels)
    True
    """
    _pair_counts(p, "Gamma")
    stats = p.pair_stats
    compared = stats.concordant + stats.discordant
    if compared == 0:
        raise UndefinedIndexError(
            "Gamma is undefined: every within-cluster distance equals every between-cluster "
            "distance (all comparisons are ties)."
        )
    return (stats.concordant - stats.discordant) / compared  # int / int: correctly rounded


@reads(PAIR_RANKS)
def g_plus_from_partition(p: Partition) -> float:
    """G+ of a :class:`Partition` (the core of :func:`g_plus`, which documents it).

    Parameters
    ----------
    p : Partition
        The validated data and labels with their shared summaries.

    Returns
    -------
    float
        The value :func:`g_plus` gives for the same data and labels.

    Raises
    ------
    clustval.errors.UndefinedIndexError
        K = 1 or K = n.

    See Also
    --------
    g_plus : the same index from the data, with its definition and reference.

    Examples
    --------
    >>> X, labels = [[0.0], [2.0], [3.0], [5.0]], [0, 0, 1, 1]
    >>> g_plus_from_partition(Partition(X, labels, needs=g_plus_from_partition.needs)) == g_plus(X, labels)
    True
    """
    _, _, n_total = _pair_counts(p, "G+")
    return 2 * p.pair_stats.discordant / (n_total * (n_total - 1))


@reads(PAIR_RANKS)
def tau_from_partition(p: Partition) -> float:
    """Tau of a :class:`Partition` (the core of :func:`tau`, which documents it).

    Parameters
    ----------
    p : Partition
        The validated data and labels with their shared summaries.

    Returns
    -------
    float
        The value :func:`tau` gives for the same data and labels.

    Raises
    ------
    clustval.errors.UndefinedIndexError
        K = 1 or K = n.

    See Also
    --------
    tau : the same index from the data, with its definition and reference.

    Examples
    --------
    >>> X, labels = [[0.0], [2.0], [3.0], [5.0]], [0, 0, 1, 1]
    >>> tau_from_partition(Partition(X, labels, needs=tau_from_partition.needs)) == tau(X, labels)
    True
    """
    n_within, n_between, n_total = _pair_counts(p, "Tau")
    stats = p.pair_stats
    # sqrt of an integer (exact up to 2^53, then one rounding) and one division
    return (stats.concordant - stats.discordant) / math.sqrt(
        n_within * n_between * (n_total * (n_total - 1) // 2)
    )


@reads(EXTREME_SUMS)
def c_index_from_partition(p: Partition) -> float:
    """C-index of a :class:`Partition` (the core of :func:`c_index`, which documents it).

    Parameters
    ----------
    p : Partition
        The validated data and labels with their shared summaries.

    Returns
    -------
    float
        The value :func:`c_index` gives for the same data and labels.

    Raises
    ------
    clustval.errors.UndefinedIndexError
        K = 1, K = n, or S_max = S_min.

    See Also
    --------
    c_index : the same index from the data, with its definition and reference.

    Examples
    --------
    >>> X, labels = [[0.0], [2.0], [3.0], [5.0]], [0, 0, 1, 1]
    >>> c_index_from_partition(Partition(X, labels, needs=c_index_from_partition.needs)) == c_index(X, labels)
    True
    """
    _pair_counts(p, "C-index")
    stats = p.pair_stats
    spread = stats.largest_sum - stats.smallest_sum
    if spread == 0:
        raise UndefinedIndexError(
            "C-index is undefined: the N_W smallest and the N_W largest distances have the same "
            "sum (S_max = S_min), so every partition with these cluster sizes scores 0/0."
        )
    return float((stats.within_sum - stats.smallest_sum) / spread)  # exact, rounded once


@reads(CLUSTER_SUMS)
def point_biserial_from_partition(p: Partition) -> float:
    """Point-Biserial of a :class:`Partition` (the core of :func:`point_biserial`).

    Parameters
    ----------
    p : Partition
        The validated data and labels with their shared summaries.

    Returns
    -------
    float
        The value :func:`point_biserial` gives for the same data and labels.

    Raises
    ------
    clustval.errors.UndefinedIndexError
        K = 1 or K = n.

    See Also
    --------
    point_biserial : the same index from the data, with its definition and reference.

    Examples
    --------
    >>> X, labels = [[0.0], [2.0], [3.0], [5.0]], [0, 0, 1, 1]
    >>> p = Partition(X, labels, needs=point_biserial_from_partition.needs)
    >>> point_biserial_from_partition(p) == point_biserial(X, labels)
    True
    """
    n_within, n_between, n_total = _pair_counts(p, "Point-Biserial")
    within, between = within_between_sums(p)
    # sqrt(N_W / N_T) sqrt(N_B / N_T): the product N_W N_B need not fit a float's integers
    weight = math.sqrt(n_within / n_total) * math.sqrt(n_between / n_total)
    return p.in_data_units(refuse_nan((between / n_between - within / n_within) * weight, "Point-Biserial"), 1)


@reads(CLUSTER_SUMS)
def mcclain_rao_from_partition(p: Partition) -> float:
    """McClain-Rao of a :class:`Partition` (the core of :func:`mcclain_rao`).

    Parameters
    ----------
    p : Partition
        The validated data and labels with their shared summaries.

    Returns
    -------
    float
        The value :func:`mcclain_rao` gives for the same data and labels.

    Raises
    ------
    clustval.errors.UndefinedIndexError
        K = 1 or K = n.

    See Also
    --------
    mcclain_rao : the same index from the data, with its definition and reference.

    Examples
    --------
    >>> X, labels = [[0.0], [2.0], [3.0], [5.0]], [0, 0, 1, 1]
    >>> mcclain_rao_from_partition(Partition(X, labels, needs=mcclain_rao_from_partition.needs)) == mcclain_rao(X, labels)
    True
    """
    n_within, n_between, _ = _pair_counts(p, "McClain-Rao")
    within, between = within_between_sums(p)
    if between == 0:  # every between distance 0: no separation at all, the worst value
        return np.inf
    return refuse_nan((within / n_within) / (between / n_between), "McClain-Rao")


# ----------------------------------------------------------------------------- public API


def baker_hubert_gamma(
    X, labels, *, metric: str = "euclidean", memory_budget_mb: float = DEFAULT_MEMORY_BUDGET_MB
) -> float:
    """Baker-Hubert Gamma: Goodman-Kruskal's gamma between the distances and the
    within/between split of the pairs (Baker & Hubert 1975).

    ``Gamma = (s+ - s-) / (s+ + s-)``, s+ (s-) = the number of (within pair, between pair)
    comparisons in which the within distance is smaller (larger); ties count in neither.
    Counted exactly in O(N_T log N_T) time without comparing pairs with pairs, memory
    ``memory_budget_mb`` plus 8 min(N_W, N_B) bytes (at n = 10^4, K = 10: 40 MB).

    Range [-1, 1]; **higher is better** (1: every within distance below every between one).
    Raises UndefinedIndexError for K = 1, K = n, and when every comparison is a tie.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        The data, finite numbers; with ``metric="precomputed"`` the (n, n) distance matrix
        instead (finite, non-negative, symmetric, zero diagonal), or its condensed upper
        triangle as ``scipy.spatial.distance.pdist`` returns it.
    labels : array-like of shape (n_samples,)
        The cluster of each object: integers or strings.
    metric : {"euclidean", "precomputed"}, default "euclidean"
        How X is read: coordinates (Euclidean distances), or the pairwise distances in any metric.
    memory_budget_mb : float, default 256
        Bound, in MB, on each block of pairwise distances held at once.

    Returns
    -------
    float
        Gamma, in [-1, 1]; higher is better.

    Raises
    ------
    clustval.errors.UndefinedIndexError
        K = 1, K = n, or no strict comparison.
    clustval.errors.InputError
        Data or labels that fail the checks (lengths differ, NaN or inf, a label missing).

    See Also
    --------
    g_plus : the share of discordant comparisons.
    tau : the same s+ - s- over all pairs of pairs.

    References
    ----------
    Baker F.B., Hubert L.J. Measuring the power of hierarchical cluster analysis. JASA
    70(349):31-38, 1975; Goodman L.A., Kruskal W.H. Measures of association for cross
    classifications. JASA 49:732-764, 1954; Desgraupes B., clusterCrit vignette (2017), "The
    Baker-Hubert Gamma index".

    Examples
    --------
    >>> X = [[0.0], [2.0], [3.0], [5.0]]  # within 2, 2; between 3, 5, 1, 3
    >>> baker_hubert_gamma(X, [0, 0, 1, 1])  # s+ = 6, s- = 2 (the between distance 1)
    0.5
    """
    return score_alone(baker_hubert_gamma_from_partition, X, labels, memory_budget_mb, metric)


def g_plus(
    X, labels, *, metric: str = "euclidean", memory_budget_mb: float = DEFAULT_MEMORY_BUDGET_MB
) -> float:
    """G+ (Rohlf 1974): the share of discordant comparisons among all pairs of pairs.

    ``G+ = 2 s- / (N_T (N_T - 1))`` with s- as in :func:`baker_hubert_gamma` (the
    comparisons in which a within-cluster distance exceeds a between-cluster one) and N_T =
    n (n - 1) / 2 the number of pairs of objects. Exact (integer counts, one division).

    Range [0, 1) (at most about 1/2); **lower is better**. Raises UndefinedIndexError for
    K = 1 and K = n.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        The data, finite numbers; with ``metric="precomputed"`` the (n, n) distance matrix
        instead (finite, non-negative, symmetric, zero diagonal), or its condensed upper
        triangle as ``scipy.spatial.distance.pdist`` returns it.
    labels : array-like of shape (n_samples,)
        The cluster of each object: integers or strings.
    metric : {"euclidean", "precomputed"}, default "euclidean"
        How X is read: coordinates (Euclidean distances), or the pairwise distances in any metric.
    memory_budget_mb : float, default 256
        Bound, in MB, on each block of pairwise distances held at once.

    Returns
    -------
    float
        G+, in [0, 1); lower is better.

    Raises
    ------
    clustval.errors.UndefinedIndexError
        K = 1 or K = n.
    clustval.errors.InputError
        Data or labels that fail the checks (lengths differ, NaN or inf, a label missing).

    See Also
    --------
    baker_hubert_gamma : s+ and s- as a correlation.

    References
    ----------
    Rohlf F.J. Methods of comparing classifications. Annu. Rev. Ecol. Syst. 5:101-113, 1974;
    Milligan G.W., Cooper M.C. Psychometrika 50(2):159-179, 1985; Desgraupes B.,
    clusterCrit vignette (2017), "The G_plus index".

    Examples
    --------
    >>> X = [[0.0], [2.0], [3.0], [5.0]]  # s- = 2 of the N_T (N_T - 1) / 2 = 15 pairs of pairs
    >>> round(g_plus(X, [0, 0, 1, 1]), 6)
    0.133333
    """
    return score_alone(g_plus_from_partition, X, labels, memory_budget_mb, metric)


def tau(
    X, labels, *, metric: str = "euclidean", memory_budget_mb: float = DEFAULT_MEMORY_BUDGET_MB
) -> float:
    """Tau: Kendall's tau between the distances and the within/between split of the pairs,
    corrected for the ties of that split (Rohlf 1974; clusterCrit's Tau).

    ``Tau = (s+ - s-) / sqrt(N_W N_B N_T (N_T - 1) / 2)``, s+ and s- as in
    :func:`baker_hubert_gamma`. This is Kendall's tau_b (s+ - s-) / sqrt((nu0 - nu1)(nu0 -
    nu2)) with nu0 = N_T (N_T - 1) / 2, the correction for the ties of the binary
    within/between vector exact (nu0 - nu2 = N_W N_B) and nu1, the ties among the distances
    themselves, neglected: the clusterCrit vignette's definition (eq. "Tau"), which is
    the same as Kendall's tau_b whenever no two distances are equal. s+ and s- are counted
    exactly, as for Gamma.

    Range about [-0.71, 0.71] (|Tau| <= sqrt(N_W N_B / nu0)); **higher is better**. Raises
    UndefinedIndexError for K = 1 and K = n.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        The data, finite numbers; with ``metric="precomputed"`` the (n, n) distance matrix
        instead (finite, non-negative, symmetric, zero diagonal), or its condensed upper
        triangle as ``scipy.spatial.distance.pdist`` returns it.
    labels : array-like of shape (n_samples,)
        The cluster of each object: integers or strings.
    metric : {"euclidean", "precomputed"}, default "euclidean"
        How X is read: coordinates (Euclidean distances), or the pairwise distances in any metric.
    memory_budget_mb : float, default 256
        Bound, in MB, on each block of pairwise distances held at once.

    Returns
    -------
    float
        Tau; higher is better.

    Raises
    ------
    clustval.errors.UndefinedIndexError
        K = 1 or K = n.
    clustval.errors.InputError
        Data or labels that fail the checks (lengths differ, NaN or inf, a label missing).

    See Also
    --------
    baker_hubert_gamma : the same counts over the strict comparisons only.

    References
    ----------
    Rohlf F.J. Methods of comparing classifications. Annu. Rev. Ecol. Syst. 5:101-113, 1974;
    Kendall M.G. Rank Correlation Methods, 1948 (tau_b); Desgraupes B., clusterCrit
    vignette (2017), "The Tau index".

    Examples
    --------
    >>> X = [[0.0], [2.0], [3.0], [5.0]]  # s+ - s- = 4; N_W = 2, N_B = 4, N_T = 6
    >>> round(tau(X, [0, 0, 1, 1]), 6)  # 4 / sqrt(2 * 4 * 15)
    0.365148
    """
    return score_alone(tau_from_partition, X, labels, memory_budget_mb, metric)


def c_index(
    X, labels, *, metric: str = "euclidean", memory_budget_mb: float = DEFAULT_MEMORY_BUDGET_MB
) -> float:
    """C-index (Hubert & Levin 1976): where the within-cluster distances' sum lies between
    the smallest and the largest sum that N_W of the distances can have.

    ``C = (S_W - S_min) / (S_max - S_min)``, S_W the sum of the N_W within-cluster
    distances, S_min (S_max) the sum of the N_W smallest (largest) of all N_T distances.
    The selection is exact (a streaming ``np.partition``, up to 20 min(N_W, N_B) bytes besides the
    blocks) and so are the sums (exact rational arithmetic, rounded once at the end): C is
    0 exactly when the within distances are the N_W smallest ones.

    Range [0, 1]; **lower is better**. Raises UndefinedIndexError for K = 1, K = n, and when
    S_max = S_min.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        The data, finite numbers; with ``metric="precomputed"`` the (n, n) distance matrix
        instead (finite, non-negative, symmetric, zero diagonal), or its condensed upper
        triangle as ``scipy.spatial.distance.pdist`` returns it.
    labels : array-like of shape (n_samples,)
        The cluster of each object: integers or strings.
    metric : {"euclidean", "precomputed"}, default "euclidean"
        How X is read: coordinates (Euclidean distances), or the pairwise distances in any metric.
    memory_budget_mb : float, default 256
        Bound, in MB, on each block of pairwise distances held at once.

    Returns
    -------
    float
        C, in [0, 1]; lower is better.

    Raises
    ------
    clustval.errors.UndefinedIndexError
        K = 1, K = n, or S_max = S_min.
    clustval.errors.InputError
        Data or labels that fail the checks (lengths differ, NaN or inf, a label missing).

    See Also
    --------
    mcclain_rao : the mean within over the mean between distance.

    References
    ----------
    Hubert L.J., Levin J.R. A general statistical framework for assessing categorical
    clustering in free recall. Psychol. Bull. 83(6):1072-1080, 1976; Desgraupes B.,
    clusterCrit vignette (2017), "The C index".

    Examples
    --------
    >>> X = [[0.0], [2.0], [3.0], [5.0]]  # distances 1, 2, 2, 3, 3, 5; within 2, 2
    >>> c_index(X, [0, 0, 1, 1])  # (4 - (1 + 2)) / ((3 + 5) - (1 + 2))
    0.2
    """
    return score_alone(c_index_from_partition, X, labels, memory_budget_mb, metric)


def point_biserial(
    X, labels, *, metric: str = "euclidean", memory_budget_mb: float = DEFAULT_MEMORY_BUDGET_MB
) -> float:
    """Point-Biserial (Milligan 1981): the point-biserial correlation between the distances
    and the between-cluster indicator of the pairs, times the distances' standard deviation.

    ``PB = (S_B / N_B - S_W / N_W) sqrt(N_W N_B) / N_T``: the mean between-cluster minus
    the mean within-cluster distance, weighted; s_n r_pb in the clusterCrit vignette's
    notation (s_n, the standard deviation of all distances, does not depend on the partition
    and is left out, as there). The sign follows Milligan's coding (1 for a between pair),
    so that higher is better as clusterCrit's rule for this index says; clusterCrit's
    formula and code code within pairs as 1 and return the negative of this value.

    Range (-inf, inf) in the units of the distances; **higher is better**. Raises
    UndefinedIndexError for K = 1 and K = n.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        The data, finite numbers; with ``metric="precomputed"`` the (n, n) distance matrix
        instead (finite, non-negative, symmetric, zero diagonal), or its condensed upper
        triangle as ``scipy.spatial.distance.pdist`` returns it.
    labels : array-like of shape (n_samples,)
        The cluster of each object: integers or strings.
    metric : {"euclidean", "precomputed"}, default "euclidean"
        How X is read: coordinates (Euclidean distances), or the pairwise distances in any metric.
    memory_budget_mb : float, default 256
        Bound, in MB, on each block of pairwise distances held at once.

    Returns
    -------
    float
        PB; higher is better.

    Raises
    ------
    clustval.errors.UndefinedIndexError
        K = 1 or K = n.
    clustval.errors.InputError
        Data or labels that fail the checks (lengths differ, NaN or inf, a label missing).

    See Also
    --------
    mcclain_rao : the same two means as a ratio.

    References
    ----------
    Milligan G.W. A Monte Carlo study of thirty internal criterion measures for cluster
    analysis. Psychometrika 46(2):187-199, 1981; Desgraupes B., clusterCrit vignette (2017),
    "The Point-Biserial index".

    Examples
    --------
    >>> X = [[0.0], [2.0], [3.0], [5.0]]  # mean between 3, mean within 2
    >>> round(point_biserial(X, [0, 0, 1, 1]), 6)  # (3 - 2) * sqrt(2 * 4) / 6
    0.471405
    """
    return score_alone(point_biserial_from_partition, X, labels, memory_budget_mb, metric)


def mcclain_rao(
    X, labels, *, metric: str = "euclidean", memory_budget_mb: float = DEFAULT_MEMORY_BUDGET_MB
) -> float:
    """McClain-Rao index: the mean within-cluster over the mean between-cluster distance
    (McClain & Rao 1975).

    ``MR = (S_W / N_W) / (S_B / N_B)``.

    Range [0, inf); **lower is better**. inf when every between-cluster distance is 0 (no
    separation). Raises UndefinedIndexError for K = 1 and K = n.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        The data, finite numbers; with ``metric="precomputed"`` the (n, n) distance matrix
        instead (finite, non-negative, symmetric, zero diagonal), or its condensed upper
        triangle as ``scipy.spatial.distance.pdist`` returns it.
    labels : array-like of shape (n_samples,)
        The cluster of each object: integers or strings.
    metric : {"euclidean", "precomputed"}, default "euclidean"
        How X is read: coordinates (Euclidean distances), or the pairwise distances in any metric.
    memory_budget_mb : float, default 256
        Bound, in MB, on each block of pairwise distances held at once.

    Returns
    -------
    float
        MR, in [0, inf]; lower is better.

    Raises
    ------
    clustval.errors.UndefinedIndexError
        K = 1 or K = n.
    clustval.errors.InputError
        Data or labels that fail the checks (lengths differ, NaN or inf, a label missing).

    See Also
    --------
    point_biserial : the same two means as a weighted difference.

    References
    ----------
    McClain J.O., Rao V.R. CLUSTISZ: a program to test for the quality of clustering of a
    set of objects. J. Marketing Research 12(4):456-460, 1975; Desgraupes B., clusterCrit
    vignette (2017), "The McClain-Rao index".

    Examples
    --------
    >>> X = [[0.0], [2.0], [3.0], [5.0]]  # mean within 2, mean between 3
    >>> round(mcclain_rao(X, [0, 0, 1, 1]), 6)
    0.666667
    """
    return score_alone(mcclain_rao_from_partition, X, labels, memory_budget_mb, metric)
