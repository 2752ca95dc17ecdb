"""The gap statistic (Tibshirani, Walther & Hastie 2001): how much tighter the clusters are than
those of data with no clusters. Unlike a registry index it clusters new data, so it takes the
clustering algorithm rather than a partition, and K = 1 is allowed ("no clusters").
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from .._engine.validation import as_data_matrix
from ..clustering import clusterer
from ..errors import InputError, UndefinedIndexError
from ._docs import completed
from .partition import COORDINATES, Partition

REFERENCES = ("uniform", "pca")


@dataclass(frozen=True)
class GapResult:
    """What :func:`gap_statistic` found.

    Attributes
    ----------
    ks, gap, s : tuple
        The K tried (ascending), Gap(K) and s_K at each.
    log_w, log_w_reference : tuple of float
        log W_K of the data, and the reference sets' mean log W*_K.
    best_k : int or None
        The smallest K with Gap(K) >= Gap(K + 1) - s_(K+1), or None.

    Examples
    --------
    >>> gap_statistic([[0.0], [0.1], [5.0], [5.1]], [1, 2, 3], "pam", B=5).best_k
    2
    """

    ks: tuple[int, ...]
    gap: tuple[float, ...]
    s: tuple[float, ...]
    log_w: tuple[float, ...]
    log_w_reference: tuple[float, ...]
    best_k: int | None


@completed(reads_distances=False)
def pooled_within(X, labels) -> float:
    """W_K = sum_r D_r / (2 n_r): the within-cluster sum of squares about the centroids.

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
    """The gap statistic at each K of ``ks``, and its estimate of K (Tibshirani et al. 2001, JRSS B 63(2)).

    ``Gap(K) = (1/B) sum_b log W*_Kb - log W_K`` and ``s_K = sd_b(log W*_Kb) sqrt(1 + 1/B)``
    (sd with 1/B, as the paper has it), W_K the :func:`pooled_within` of the clustering of X
    into K clusters, W*_Kb that of B reference sets of X's size clustered the same way; the
    estimate is the smallest K with ``Gap(K) >= Gap(K + 1) - s_(K+1)``. (NbClust's "Gap"
    departs from this; :func:`clustval.compat.nbclust.nbclust` reproduces it.)

    Parameters
    ----------
    X : array-like of shape (n, d)
        The data.
    ks : iterable of int
        The numbers of clusters, each in 1..n; the estimate needs consecutive K.
    algorithm : str, estimator or callable, default "kmeans"
        How the data and the reference sets are clustered, as :func:`clustval.select_k` takes it.
    B : int, default 10
        The number of reference sets (at least 2).
    reference : {"uniform", "pca"}, default "uniform"
        Uniform over each feature's range (the paper's (a)), or over a box aligned with the
        principal components of the centred data (its (b)).
    seed : int, default 0
        Seed of ``numpy.random.default_rng``, which draws set b after sets 1..b-1, all at once.
    **algorithm_options
        The named algorithm's options (e.g. ``seed`` and ``n_init`` for ``kmeans``).

    Returns
    -------
    GapResult
        Gap(K), s_K, log W_K, the references' mean log W*_K, and the estimate of K.

    Raises
    ------
    clustval.errors.InputError
        Bad data, K outside 1..n, B < 2, or an unknown reference or algorithm.
    clustval.errors.UndefinedIndexError
        W_K = 0 (the objects of each cluster coincide): log W undefined.

    Examples
    --------
    >>> import numpy as np
    >>> rng = np.random.default_rng(0)
    >>> X = np.vstack([rng.normal(c, 0.3, size=(30, 2)) for c in [(0, 0), (5, 0), (0, 5)]])
    >>> gap_statistic(X, range(1, 6), "kmeans", B=10, seed=0).best_k
    3
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
