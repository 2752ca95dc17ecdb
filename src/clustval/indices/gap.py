"""The gap statistic (Tibshirani, Walther & Hastie 2001): how much tighter the clusters are
than those of data with no clusters.

For a clustering of X into K clusters, ``W_K = sum_r D_r / (2 n_r)`` with D_r the sum of the
squared distances between all ordered pairs of cluster r: the pooled within-cluster sum of
squares about the centroids. B reference data sets of X's size are drawn with no cluster
structure and clustered the same way, and

``Gap(K) = (1/B) sum_b log W*_Kb - log W_K``, ``s_K = sd_b(log W*_Kb) sqrt(1 + 1/B)``

(sd with 1/B, as the paper defines it). The estimate of K is the smallest K with
``Gap(K) >= Gap(K + 1) - s_(K+1)``. References are uniform over each feature's range
(``reference="uniform"``, the paper's (a)) or over a box aligned with the principal
components of the centred data (``"pca"``, the paper's (b)). Unlike the indices of the
registry, the gap statistic clusters new data, so it takes the clustering algorithm, not a
partition; K = 1 (no clustering) is allowed, which is what lets it say "no clusters".

NbClust's "Gap" departs from this (every reference set equal, the same uniform draws for
every feature); :func:`clustval.compat.nbclust.nbclust` reproduces that one.

Examples
--------
>>> import numpy as np
>>> rng = np.random.default_rng(0)
>>> X = np.vstack([rng.normal(c, 0.3, size=(30, 2)) for c in [(0, 0), (5, 0), (0, 5)]])
>>> gap_statistic(X, range(1, 6), "kmeans", B=10, seed=0).best_k
3
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from .._engine.validation import as_data_matrix
from ..clustering import clusterer
from ..errors import InputError, UndefinedIndexError
from .partition import COORDINATES, Partition

REFERENCES = ("uniform", "pca")


@dataclass(frozen=True)
class GapResult:
    """What :func:`gap_statistic` found.

    Attributes
    ----------
    ks : tuple of int
        The K tried, ascending.
    gap : tuple of float
        Gap(K) at each.
    s : tuple of float
        s_K at each: the reference sets' standard deviation of log W* times sqrt(1 + 1/B).
    log_w : tuple of float
        log W_K of the data.
    log_w_reference : tuple of float
        The mean over the reference sets of log W*_K.
    best_k : int or None
        The smallest K with Gap(K) >= Gap(K + 1) - s_(K+1) (K and K + 1 both tried), or
        None when no K qualifies.

    Examples
    --------
    >>> found = gap_statistic([[0.0], [0.1], [5.0], [5.1]], [1, 2, 3], "pam", B=5)
    >>> found.ks, found.best_k, len(found.gap) == len(found.s) == 3
    ((1, 2, 3), 2, True)
    """

    ks: tuple[int, ...]
    gap: tuple[float, ...]
    s: tuple[float, ...]
    log_w: tuple[float, ...]
    log_w_reference: tuple[float, ...]
    best_k: int | None


def pooled_within(X, labels) -> float:
    """W_K = sum_r D_r / (2 n_r): the within-cluster sum of squares about the centroids.

    Parameters
    ----------
    X : array-like of shape (n, d)
        The data.
    labels : array-like of shape (n,)
        The clusters.

    Returns
    -------
    float
        W_K.

    Examples
    --------
    >>> pooled_within([[0.0], [2.0], [10.0], [14.0]], [0, 0, 1, 1])  # 2 + 8
    10.0
    """
    p = Partition(X, labels, needs={COORDINATES})
    return p.in_data_units(float(np.sum(p.squared_centroid_distances)), 2)


def _reference_sampler(X: np.ndarray, reference: str):
    """A function of a Generator drawing one reference set of X's shape."""
    if reference == "uniform":
        low, high = X.min(axis=0), X.max(axis=0)
        return lambda rng: rng.uniform(low, high, size=X.shape)
    mean = X.mean(axis=0)
    _, _, vt = np.linalg.svd(X - mean, full_matrices=False)
    rotated = (X - mean) @ vt.T
    low, high = rotated.min(axis=0), rotated.max(axis=0)
    return lambda rng: rng.uniform(low, high, size=rotated.shape) @ vt + mean


def gap_statistic(X, ks: Iterable[int], algorithm="kmeans", *, B: int = 10,
                  reference: str = "uniform", seed: int = 0, **algorithm_options) -> GapResult:  # fmt: skip
    """The gap statistic at each K of ``ks``, and its estimate of K (Tibshirani et al. 2001).

    Parameters
    ----------
    X : array-like of shape (n, d)
        The data.
    ks : iterable of int
        The numbers of clusters, each in 1..n (1: all objects in one cluster, no clustering
        run). The estimate needs consecutive K.
    algorithm : str, estimator or callable, default "kmeans"
        How the data and each reference set are clustered, as :func:`clustval.select_k`
        takes it: a name of :data:`clustval.clustering.ALGORITHMS`, an estimator with
        ``fit_predict`` and ``n_clusters``, or a function ``f(X, k)`` returning labels.
    B : int, default 10
        The number of reference sets (at least 2).
    reference : {"uniform", "pca"}, default "uniform"
        Uniform over each feature's range, or over the range of each principal component of
        the centred data (rotated back).
    seed : int, default 0
        Seed of ``numpy.random.default_rng`` drawing the reference sets: set b is drawn
        after sets 1..b-1, all of its values at once (``rng.uniform(low, high, (n, d))``).
    **algorithm_options
        The named algorithm's options (e.g. ``seed`` and ``n_init`` for ``kmeans``).

    Returns
    -------
    GapResult
        Gap(K), s_K, log W_K and the reference sets' mean log W*_K, and the estimate of K.

    Raises
    ------
    clustval.errors.InputError
        Bad data, K outside 1..n, B < 2, or an unknown reference or algorithm.
    clustval.errors.UndefinedIndexError
        A clustering whose W_K is 0 (log W undefined: the objects of each cluster coincide,
        e.g. all objects identical, or as many distinct points as clusters).

    References
    ----------
    Tibshirani R., Walther G., Hastie T. Estimating the number of clusters in a data set via
    the gap statistic. J. R. Stat. Soc. B 63(2):411-423, 2001.

    Examples
    --------
    >>> X = [[0.0, 0.0], [0.1, 0.2], [0.2, 0.1], [6.0, 6.0], [6.1, 6.2], [6.2, 6.1]]
    >>> found = gap_statistic(X, [1, 2, 3], "kmeans", B=20)
    >>> found.best_k, found.ks
    (2, (1, 2, 3))
    """
    as_data_matrix(X)
    X = np.asarray(X, dtype=np.float64)
    X = X[:, None] if X.ndim == 1 else X
    n = len(X)
    try:
        ks = sorted({int(k) for k in ks})
    except (TypeError, ValueError):
        raise InputError(f"ks must be integers, got {ks!r}.") from None
    if not ks or ks[0] < 1 or ks[-1] > n:
        raise InputError(f"each K must lie in 1..{n} (the number of objects), got {ks}.")
    if isinstance(B, bool) or not isinstance(B, (int, np.integer)) or B < 2:
        raise InputError(f"B, the number of reference sets, must be an integer of at least 2, got {B!r}.")
    if reference not in REFERENCES:
        raise InputError(f"reference must be one of {REFERENCES}, got {reference!r}.")
    cluster_at = clusterer(algorithm, **algorithm_options)

    def log_w(data: np.ndarray, k: int) -> float:
        labels = np.zeros(len(data), dtype=np.int64) if k == 1 else cluster_at(data, k)
        w = pooled_within(data, labels)
        if not w > 0:
            distinct = len(np.unique(data, axis=0))
            what = (f"all {len(data)} objects are identical" if distinct == 1
                    else f"the objects of each cluster coincide ({distinct} distinct points)")  # fmt: skip
            where = "X" if data is X else "a reference set"
            raise UndefinedIndexError(f"W_K is 0 at K = {k} for {where}: {what}, so log W_K is undefined.")
        return math.log(w)

    draw = _reference_sampler(X, reference)
    rng = np.random.default_rng(seed)
    references = [draw(rng) for _ in range(B)]
    observed = [log_w(X, k) for k in ks]
    simulated = np.array([[log_w(ref, k) for k in ks] for ref in references])  # (B, len(ks))
    mean_ref = simulated.mean(axis=0)
    gap = mean_ref - np.array(observed)
    s = simulated.std(axis=0) * math.sqrt(1 + 1 / B)  # sd with 1/B, as the paper writes it
    best = next((k for i, k in enumerate(ks[:-1])
                 if ks[i + 1] == k + 1 and gap[i] >= gap[i + 1] - s[i + 1]), None)  # fmt: skip
    return GapResult(ks=tuple(ks), gap=tuple(gap.tolist()), s=tuple(s.tolist()),
                     log_w=tuple(observed), log_w_reference=tuple(mean_ref.tolist()), best_k=best)  # fmt: skip
