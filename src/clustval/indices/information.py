"""Entropies, the mutual information of a contingency table and its expectation under the
permutation model (Vinh, Epps & Bailey 2010): what the information-theoretic external indices
(:mod:`clustval.indices.external`) and their adjustments for chance
(:mod:`clustval.indices.chance`) read. Natural logarithms, scikit-learn's conventions.
"""

from __future__ import annotations

import math

import numpy as np

from .._engine.docs import N_OBJECTS, with_parameters
from ._docs import described
from .contingency import Contingency, per_table

# (pair, k) cells of the expected mutual information evaluated at once (a few arrays of this many)
_EMI_BLOCK_TERMS = 2**18
#: A hypergeometric's support is cut where Bernstein's inequality bounds the mass beyond to
#: 2 exp(-TAIL_LOG) (1.5e-52): E[MI] here, and every law of :mod:`clustval.indices.chance`.
TAIL_LOG = 120.0
# |s| below which atanh(s) - s comes from its series (seven terms: error < 1e-17 relative)
_ATANH_SERIES_MAX = 0.0625


# What the two entropies of a table return
_ENTROPY = {"Returns": "float\n    The entropy in nats, >= 0; 0 for a single class (cluster)."}


def _entropy(counts: np.ndarray, n: int) -> float:
    """H of a labelling with these block sizes, in nats."""
    if counts.size == 1:
        return 0.0
    return float(-np.sum((counts / n) * (np.log(counts) - math.log(n))))


@per_table
@described(sections=_ENTROPY)
def class_entropy(ct: Contingency) -> float:
    """H(classes) in nats (NMI, AMI, homogeneity, V-measure), once per table.

    Examples
    --------
    >>> round(class_entropy(Contingency.from_table([[2, 1], [0, 3]])), 6)  # log 2
    0.693147
    """
    return _entropy(ct.row_sums, ct.n)


@per_table
@described(sections=_ENTROPY)
def cluster_entropy(ct: Contingency) -> float:
    """H(clusters), :func:`class_entropy` of the table's columns (NMI, AMI, completeness,
    V-measure), once per table.

    >>> round(cluster_entropy(Contingency.from_table([[2, 1], [0, 3]])), 6)  # -(1/3) log(1/3) - (2/3) log(2/3)
    0.636514
    """
    return _entropy(ct.col_sums, ct.n)


@per_table
@described()
def mutual_info(ct: Contingency) -> float:
    """MI = sum_ij (n_ij/n) log(n n_ij / (a_i b_j)) (natural log), arranged as scikit-learn
    does (NMI, AMI, MI, homogeneity, completeness and V-measure), once per table.

    Returns
    -------
    float
        MI in nats, >= 0.

    Examples
    --------
    >>> round(mutual_info(Contingency.from_table([[2, 0], [0, 2]])), 6)  # log 2
    0.693147
    """
    if ct.n_classes == 1 or ct.n_clusters == 1:
        return 0.0
    n_ij = ct.cells.counts
    a, b = ct.sums_at_cells
    share = n_ij / ct.n
    log_outer = -np.log(a * b) + 2.0 * math.log(ct.n)
    terms = share * (np.log(n_ij) - math.log(ct.n)) + share * log_outer
    terms[np.abs(terms) < np.finfo(np.float64).eps] = 0.0  # noise of an exact zero term
    return float(max(terms.sum(), 0.0))


@with_parameters({"n": N_OBJECTS})
def expected_mutual_info(row_sums: np.ndarray, col_sums: np.ndarray, n: int) -> float:
    """E[MI] of two labellings with these class and cluster sizes under the hypergeometric model.

    ``E[MI] = sum_ij sum_k (k/n) log(n k / (a_i b_j)) P(k | a_i, b_j, n)``, k from
    max(1, a_i + b_j - n) to min(a_i, b_j), ``P(k) = C(a_i, k) C(n - a_i, b_j - k) / C(n, b_j)``
    (Vinh, Epps & Bailey 2010, eq. 24), summed over the distinct pairs of sizes, without
    cancellation, and within a few units in the last place. 0.0 with one class or one cluster.

    Parameters
    ----------
    row_sums, col_sums : ndarray of int
        The class sizes a_i and the cluster sizes b_j.

    Returns
    -------
    float
        E[MI] in nats, >= 0.

    Examples
    --------
    >>> import numpy as np
    >>> round(expected_mutual_info(np.array([2, 2]), np.array([2, 2]), 4), 12)  # 4 (1/6)(1/2) log 2
    0.231049060187
    """
    # Every term depends on (a_i, b_j) only through their values: the sum runs over the
    # distinct class sizes times the distinct cluster sizes, each pair weighted by how many
    # (i, j) share it (at C = K = 1000, n = 10^5 about 60 x 60 pairs instead of 10^6).
    # No cancellation: with mu = a b / n, sum_k P(k) (k - mu) / n = 0, so
    # sum_k P(k) (k/n) log(k/mu) = (1/n) sum_k P(k) (k log(k/mu) - k + mu), whose terms (the
    # Poisson deviance) are all >= 0, where those on the left cancel to ~1/sigma of their size.
    # With s = (k - mu) / (k + mu), k log(k/mu) - k + mu = 2 mu (s^2 + (1 + s)(atanh(s) - s)) /
    # (1 - s), atanh(s) - s from its series for small |s|. P(k) / P(mode) comes from
    # P(k + 1) / P(k) = (a - k)(b - k) / ((k + 1)(n - a - b + k + 1)), multiplied outwards from
    # the mode, and the weights are normalised to sum 1. The support is cut where Bernstein's
    # inequality (which holds for sampling without replacement: Hoeffding 1963, Theorem 4)
    # bounds the mass beyond to 2 exp(-120); the tests hold the result to a 50-digit evaluation.
    if row_sums.size == 1 or col_sums.size == 1:
        return 0.0
    a, a_count = np.unique(np.asarray(row_sums, dtype=np.int64), return_counts=True)
    b, b_count = np.unique(np.asarray(col_sums, dtype=np.int64), return_counts=True)
    return weighted_emi(a, a_count.astype(np.float64), b, b_count.astype(np.float64), n)


@with_parameters({"n": N_OBJECTS})
def weighted_emi(a: np.ndarray, a_weight: np.ndarray, b: np.ndarray, b_weight: np.ndarray, n: int) -> float:
    """sum over the pairs (a, b) of w_a w_b E[(k/n) log(n k / (a b))], k ~ Hyp(n, a, b).

    :func:`expected_mutual_info` with its multiplicities as weights; real weights (expected
    numbers of blocks of each size) give E[MI] under the other random models
    (:mod:`clustval.indices.chance`).

    Parameters
    ----------
    a, b : ndarray of int
        Distinct class sizes and distinct cluster sizes.
    a_weight, b_weight : ndarray of float
        How many classes (clusters) have each size, or their expected numbers.

    Returns
    -------
    float
        In nats, >= 0.

    Examples
    --------
    >>> round(weighted_emi(np.array([2]), np.array([2.0]), np.array([2]), np.array([2.0]), 4), 12)
    0.231049060187
    """
    weight = np.outer(a_weight, b_weight).ravel()
    a, b = np.repeat(a, b.size).astype(np.int64), np.tile(b, a.size).astype(np.int64)  # every pair (a, b)
    k_min, k_max = np.maximum(0, a + b - n), np.minimum(a, b)  # the support of P
    mode = (a + 1) * (b + 1) // (n + 2)  # the hypergeometric mode, inside the support
    reach = hypergeometric_reach(a, b, n)
    left, right = np.minimum(mode - k_min, reach), np.minimum(k_max - mode, reach)
    order = np.argsort(left + right, kind="stable")  # similar supports share a padded block
    emi = 0.0
    for rows in _blocks_by_width(left[order] + right[order] + 1, _EMI_BLOCK_TERMS):
        pair = order[rows]
        emi += _emi_of_pairs(a[pair, None], b[pair, None], mode[pair, None], left[pair, None],
                             right[pair, None], weight[pair], n)  # fmt: skip
    return emi


def hypergeometric_reach(succ, draws, pop, tail: float = TAIL_LOG) -> np.ndarray:
    """Half-width beyond which a hypergeometric's tails hold < 2 exp(-tail) of its mass.

    Bernstein's inequality, valid for sampling without replacement (Hoeffding 1963, Theorem
    4): P(|k - mu| >= t) <= 2 exp(-t^2 / (2 (variance + t/3))).

    Parameters
    ----------
    succ, draws, pop : array-like of int
        The successes among ``pop`` objects, and the number drawn (broadcast together).
    tail : float, default TAIL_LOG
        The tails' bound, 2 exp(-tail).

    Returns
    -------
    ndarray of int64

    Examples
    --------
    >>> hypergeometric_reach(50, 50, 100).tolist()  # variance 12.5: 40 + sqrt(40^2 + 240 x 12.5), up, + 1
    109
    """
    sf, df = np.asarray(succ, dtype=np.float64), np.asarray(draws, dtype=np.float64)
    pf = np.maximum(np.asarray(pop, dtype=np.float64), 1.0)
    var = np.minimum(df * (sf / pf) * (1 - sf / pf), sf * (df / pf) * (1 - df / pf))
    var = np.maximum(var, 0.0)
    return np.ceil(tail / 3 + np.sqrt((tail / 3) ** 2 + 2 * tail * var)).astype(np.int64) + 1


def _emi_of_pairs(a, b, mode, left, right, weight, n: int) -> float:
    """:func:`expected_mutual_info`'s sum over the pairs (a, b) (rows), k from
    ``mode - left`` to ``mode + right``, in one padded block with the mode at column ``lw``."""
    lw, rw = int(left.max()), int(right.max())
    offset = np.arange(-lw, rw + 1)
    k = mode + offset
    kf, af, bf = k.astype(np.float64), a.astype(np.float64), b.astype(np.float64)
    rest = float(n) - af - bf
    p = np.empty(k.shape)  # first the factors, then P(k) / P(mode) in place
    p[:, lw] = 1.0
    up = kf[:, lw + 1 :]  # P(k) / P(k - 1)
    p[:, lw + 1 :] = (af - up + 1) * (bf - up + 1) / (up * (rest + up))
    down = kf[:, :lw]  # P(k) / P(k + 1)
    p[:, :lw] = (down + 1) * (rest + down + 1) / ((af - down) * (bf - down))
    outside = (offset < -left) | (offset > right)  # padding; beyond the support the ratios are 0
    p[outside] = 0.0
    np.cumprod(p[:, lw:], axis=1, out=p[:, lw:])
    p[:, lw::-1] = np.cumprod(p[:, lw::-1], axis=1)
    kn, ab = k * n, a * b  # < 2^63: n <= MAX_OBJECTS
    with np.errstate(invalid="ignore", divide="ignore"):  # at k = 0 and in the padding
        s = (kn - ab) / (kn.astype(np.float64) + ab.astype(np.float64))  # in [-1, 1), -1 at k = 0
        deviance = (s * s + (1 + s) * atanh_excess(s)) / (1 - s)  # / (2 mu)
    deviance[k == 0] = 0.5  # k log(k/mu) - k + mu = mu at k = 0
    deviance[outside] = 0.0
    mean_deviance = (p * deviance).sum(axis=1) / p.sum(axis=1)
    return float(weight @ (2.0 * (af[:, 0] * bf[:, 0] / n) * mean_deviance)) / n


def atanh_excess(s: np.ndarray) -> np.ndarray:
    """atanh(s) - s, from its series s^3/3 + s^5/5 + ... where |s| is small (no cancellation:
    seven terms leave < 1e-17 of it), from arctanh elsewhere.

    Parameters
    ----------
    s : ndarray of float, values in (-1, 1)

    Returns
    -------
    ndarray of float

    Examples
    --------
    >>> small, large = atanh_excess(np.array([1e-3, 0.5]))
    >>> bool(abs(small / (1e-9 / 3) - 1) < 1e-6), bool(large == np.arctanh(0.5) - 0.5)  # s^3/3 + s^5/5 + ...
    (True, True)
    """
    s2 = s * s
    series = 1 / 11 + s2 * (1 / 13 + s2 / 15)
    excess = s * s2 * (1 / 3 + s2 * (1 / 5 + s2 * (1 / 7 + s2 * (1 / 9 + s2 * series))))
    large = np.abs(s) >= _ATANH_SERIES_MAX
    if large.any():
        excess[large] = np.arctanh(s[large]) - s[large]
    return excess


def _blocks_by_width(widths: np.ndarray, limit: int):
    """Slices of consecutive rows (``widths`` ascending) whose padded block, rows x the
    widest row, holds at most ``limit`` cells (or is a single row): bounds the memory."""
    start = 0
    while start < widths.size:
        # rows start..stop-1 fit when (stop - start) * widths[stop - 1] <= limit; no more
        # than limit // widths[start] can (the widths ascend): look at those only, O(rows)
        window = widths[start : start + max(1, limit // int(widths[start]))]
        fits = np.arange(1, window.size + 1) * window <= limit
        stop = start + max(1, window.size if fits.all() else int(np.argmin(fits)))
        yield slice(start, stop)
        start = stop
