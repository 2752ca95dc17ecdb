"""Internal indices of all pairwise distances: the within-cluster distances ranked and summed
against the between-cluster ones (clusterCrit's Gamma, G_plus, Tau, C_index, Point_Biserial,
McClain_Rao).

Notation (the clusterCrit vignette): the N_T = n (n - 1) / 2 pairs of objects split into N_W
within-cluster and N_B between-cluster pairs, S_W and S_B the sums of their distances; of the
N_W N_B comparisons of a within distance with a between one, s+ counts the smaller within
distance, s- the larger, ties neither (as Goodman & Kruskal's gamma). All exact: s+ and s-
without comparing pairs with pairs (:mod:`clustval._engine.pair_pass`, in blocks of
``memory_budget_mb`` plus 8 min(N_W, N_B) bytes), the sums exactly. Every index here is
undefined (UndefinedIndexError) for K = 1 (no between pair) and K = n (no within pair). The
examples split X = [0, 2, 3, 5] into [0, 0, 1, 1]: within distances 2, 2, between 3, 5, 1, 3.
"""

from __future__ import annotations

import math

import numpy as np

from .._engine.docs import with_parameters
from ..errors import UndefinedIndexError
from ._docs import PARTITION
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


@with_parameters({"p": PARTITION})
def within_between_sums(p: Partition) -> tuple[float, float]:
    """(S_W, S_B): the sums of the within- and between-cluster distances, from the distance pass's
    per-cluster sums (each pair counted from both of its objects); with weights, over the pairs
    of the objects repeated their weight's times (each row's sums, already weighted by the
    other object's weight, counted its own weight's times; a pair of copies adds 0). The
    partition's needs include ``cluster_sums``.
    Returns
    -------
    within, between : float
        S_W and S_B.

    Examples
    --------
    >>> p = Partition([[0.0], [1.0], [10.0], [11.0]], [0, 0, 1, 1], needs={CLUSTER_SUMS})
    >>> within_between_sums(p)  # within 1 + 1; between 10 + 11 + 9 + 10
    (2.0, 40.0)
    """
    sums = p.distance_stats.cluster_sums
    if p.weights is not None:
        sums = sums * p.weights[:, None]
    own = np.zeros(sums.shape, dtype=bool)
    own[np.arange(sums.shape[0]), p.codes] = True
    return float(sums[own].sum()) / 2, float(sums[~own].sum()) / 2


# ----------------------------------------------------------------------------- index cores


@reads(PAIR_RANKS)
def baker_hubert_gamma_from_partition(p: Partition) -> float:
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
    _, _, n_total = _pair_counts(p, "G+")
    return 2 * p.pair_stats.discordant / (n_total * (n_total - 1))


@reads(PAIR_RANKS)
def tau_from_partition(p: Partition) -> float:
    n_within, n_between, n_total = _pair_counts(p, "Tau")
    stats = p.pair_stats
    # sqrt of an integer (exact up to 2^53, then one rounding) and one division
    return (stats.concordant - stats.discordant) / math.sqrt(
        n_within * n_between * (n_total * (n_total - 1) // 2)
    )


@reads(EXTREME_SUMS)
def c_index_from_partition(p: Partition) -> float:
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
    n_within, n_between, n_total = _pair_counts(p, "Point-Biserial")
    within, between = within_between_sums(p)
    # sqrt(N_W / N_T) sqrt(N_B / N_T): the product N_W N_B need not fit a float's integers
    weight = math.sqrt(n_within / n_total) * math.sqrt(n_between / n_total)
    return p.in_data_units(refuse_nan((between / n_between - within / n_within) * weight, "Point-Biserial"), 1)


@reads(CLUSTER_SUMS)
def mcclain_rao_from_partition(p: Partition) -> float:
    n_within, n_between, _ = _pair_counts(p, "McClain-Rao")
    within, between = within_between_sums(p)
    if between == 0:  # every between distance 0: no separation at all, the worst value
        return np.inf
    return refuse_nan((within / n_within) / (between / n_between), "McClain-Rao")


# ----------------------------------------------------------------------------- public API


def baker_hubert_gamma(
    X, labels, *, metric: str = "euclidean", memory_budget_mb: float = DEFAULT_MEMORY_BUDGET_MB, sample_weight=None
) -> float:
    """Baker-Hubert Gamma: Goodman-Kruskal's gamma between the distances and the within/between
    split of the pairs.

    ``Gamma = (s+ - s-) / (s+ + s-)``, counted in O(N_T log N_T) time (at n = 10^4, K = 10: 40 MB
    besides the blocks). Undefined when every comparison is a tie.

    >>> baker_hubert_gamma([[0.0], [2.0], [3.0], [5.0]], [0, 0, 1, 1])  # s+ = 6, s- = 2 (the between distance 1)
    0.5
    """
    return score_alone(baker_hubert_gamma_from_partition, X, labels, memory_budget_mb, metric,
                       sample_weight=sample_weight)


def g_plus(
    X, labels, *, metric: str = "euclidean", memory_budget_mb: float = DEFAULT_MEMORY_BUDGET_MB, sample_weight=None
) -> float:
    """G+: the share of discordant comparisons among all pairs of pairs.

    ``G+ = 2 s- / (N_T (N_T - 1))``.

    >>> round(g_plus([[0.0], [2.0], [3.0], [5.0]], [0, 0, 1, 1]), 6)  # s- = 2 of 15 pairs of pairs
    0.133333
    """
    return score_alone(g_plus_from_partition, X, labels, memory_budget_mb, metric, sample_weight=sample_weight)


def tau(
    X, labels, *, metric: str = "euclidean", memory_budget_mb: float = DEFAULT_MEMORY_BUDGET_MB, sample_weight=None
) -> float:
    """Tau: Kendall's tau between the distances and the within/between split of the pairs.

    ``Tau = (s+ - s-) / sqrt(N_W N_B N_T (N_T - 1) / 2)``: Kendall's tau_b with the ties of the
    within/between split corrected for exactly and those among the distances neglected (the
    clusterCrit vignette's definition; tau_b itself when no two distances are equal). At most
    sqrt(N_W N_B / (N_T (N_T - 1) / 2)) in size, about 0.71.

    >>> round(tau([[0.0], [2.0], [3.0], [5.0]], [0, 0, 1, 1]), 6)  # 4 / sqrt(2 * 4 * 15)
    0.365148
    """
    return score_alone(tau_from_partition, X, labels, memory_budget_mb, metric, sample_weight=sample_weight)


def c_index(
    X, labels, *, metric: str = "euclidean", memory_budget_mb: float = DEFAULT_MEMORY_BUDGET_MB, sample_weight=None
) -> float:
    """C-index: where the within-cluster distances' sum lies between the smallest and the largest
    sum of N_W distances.

    ``C = (S_W - S_min) / (S_max - S_min)``, S_min (S_max) the sum of the N_W smallest (largest)
    of all N_T distances: an exact streaming selection (20 min(N_W, N_B) bytes besides the
    blocks) and exact sums, so C = 0 exactly when the within distances are the smallest.
    Undefined when S_max = S_min.

    >>> c_index([[0.0], [2.0], [3.0], [5.0]], [0, 0, 1, 1])  # (4 - (1 + 2)) / ((3 + 5) - (1 + 2))
    0.2
    """
    return score_alone(c_index_from_partition, X, labels, memory_budget_mb, metric, sample_weight=sample_weight)


def point_biserial(
    X, labels, *, metric: str = "euclidean", memory_budget_mb: float = DEFAULT_MEMORY_BUDGET_MB, sample_weight=None
) -> float:
    """Point-Biserial: the point-biserial correlation of the distances with the pairs' between-cluster
    indicator, times the distances' standard deviation.

    ``PB = (S_B / N_B - S_W / N_W) sqrt(N_W N_B) / N_T``, in the units of the distances, with
    Milligan's coding (1 for a between pair), so that higher is better as clusterCrit's rule
    says; clusterCrit's formula and code code within pairs as 1 and give the negative.

    >>> round(point_biserial([[0.0], [2.0], [3.0], [5.0]], [0, 0, 1, 1]), 6)  # (3 - 2) * sqrt(2 * 4) / 6
    0.471405
    """
    return score_alone(point_biserial_from_partition, X, labels, memory_budget_mb, metric, sample_weight=sample_weight)


def mcclain_rao(
    X, labels, *, metric: str = "euclidean", memory_budget_mb: float = DEFAULT_MEMORY_BUDGET_MB, sample_weight=None
) -> float:
    """McClain-Rao index: the mean within-cluster over the mean between-cluster distance.

    ``MR = (S_W / N_W) / (S_B / N_B)``; inf when every between distance is 0.

    >>> round(mcclain_rao([[0.0], [2.0], [3.0], [5.0]], [0, 0, 1, 1]), 6)  # 2 / 3
    0.666667
    """
    return score_alone(mcclain_rao_from_partition, X, labels, memory_budget_mb, metric, sample_weight=sample_weight)
