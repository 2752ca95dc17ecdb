"""Stability of a clustering and of its K, and internal indices calibrated against random clusterings.

* :func:`prediction_strength` (Tibshirani & Walther 2005): split the data in halves, cluster
  both, classify each half by the other's clustering (nearest centroid) and count, in the
  worst cluster, the share of pairs the two put together; K is the largest with a mean
  strength above a cutoff. As R fpc's ``prediction.strength``.
* :func:`clusterboot` (Hennig 2007): the Jaccard similarity of each cluster with its most
  similar cluster on bootstrap resamples; a cluster whose mean is low dissolves. As R fpc's
  ``clusterboot`` with ``bootmethod = "boot"``.
* :func:`stability_k` (Lange, Roth, Braun & Buhmann 2004): the instability of each K, the
  disagreement of a half's clustering with the labels the other half's clustering predicts
  for it, normalised by that of random labels; the best K is the least unstable.
* :func:`calibrate` (Hennig 2019): internal index values against those of random clusterings
  of the same data at the same K (random medoids, fpc's ``stupidkcentroids``; random
  neighbourhoods, fpc's ``stupidknn``), standardised as fpc's ``cgrestandard``.

Each clusters through :func:`clustval.clustering.clusterer`, so it takes every algorithm
:func:`clustval.select_k` takes: a name of :data:`clustval.clustering.ALGORITHMS` with its
options, a scikit-learn-style estimator, or a function ``f(X, k)``. Every draw is seeded.

Examples
--------
>>> import numpy as np
>>> rng = np.random.default_rng(0)
>>> X = np.vstack([rng.normal(c, 0.3, (15, 2)) for c in [(0, 0), (4, 0), (2, 4)]])
>>> prediction_strength(X, range(2, 6), "pam", n_splits=5).best
3
>>> stability_k(X, range(2, 6), "pam", n_splits=5).best
3
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

import numpy as np

from .._engine.docs import K, N_CLUSTERS
from .._engine.validation import check_draws, check_seed, checked_data
from ..clustering import clusterer
from ..clustering.common import PARAMETERS as KMEDOIDS_PARAMETERS
from ..clustering.kmedoids import euclidean_distances
from ..errors import InputError, shown
from ..indices._docs import DATA, RESAMPLES, SEED, described, ks_within
from ..indices.external import (
    _hungarian,  # scipy's Hungarian solver, without loading scipy.optimize
)
from ..indices.registry import get_index
from ..indices.scoring import score

__all__ = [
    "Calibration",
    "Clusterboot",
    "PredictionStrength",
    "Stability",
    "calibrate",
    "clusterboot",
    "prediction_strength",
    "random_clusterings",
    "stability_k",
    "stability_of_k",
]

RANDOM_METHODS = ("centroids", "neighbours")
# The Parameters the criteria take alike, written once (filled in where a docstring leaves them out)
_PARAMETERS = {
    **DATA,
    "ks": ks_within("in 2..n // 2"),
    "seed": SEED,
    "n_resamples": RESAMPLES,
    "n_clusters": N_CLUSTERS,
    "k": K,
    "distances": KMEDOIDS_PARAMETERS["distances"],
}


# --------------------------------------------------------------------------------------
# prediction strength
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PredictionStrength:
    """What :func:`prediction_strength` found.

    Attributes
    ----------
    ks : tuple of int
        The K tried, ascending.
    strength : dict of int to float
        Per K, the prediction strength: its mean over the splits.
    runs : dict of int to ndarray
        Per K, the strength of each split.
    cutoff : float
        The strength a K must exceed to be chosen.
    best : int
        The largest K whose strength exceeds ``cutoff``; 1 when none does.
    n_splits : int
        The number of random splits in halves.
    seed : int
        Seed of the splits.

    Examples
    --------
    >>> X = [[0, 0], [0, 1], [1, 0], [1, 1], [9, 9], [9, 10], [10, 9], [10, 10]]
    >>> found = prediction_strength(X, [2], "pam", n_splits=4)
    >>> found.strength, found.best
    ({2: 1.0}, 2)
    """

    ks: tuple[int, ...]
    strength: dict[int, float]
    runs: dict[int, np.ndarray] = field(repr=False)
    cutoff: float
    best: int
    n_splits: int
    seed: int

    @property
    def best_ks(self) -> tuple[int, ...]:
        """:attr:`best` as :func:`select_k`'s criteria give it: ``(best,)``, or ``()`` when no K
        tried is strong enough (``best`` 1).

        Examples
        --------
        >>> PredictionStrength((2, 3), {2: 0.9, 3: 0.5}, {}, 0.8, 2, 10, 0).best_ks
        (2,)
        """
        return (self.best,) if self.best in self.ks else ()


@described("algorithm", parameters=_PARAMETERS)
def prediction_strength(X, ks: Iterable[int], algorithm="pam", *, n_splits: int = 50, cutoff: float = 0.8,
                        seed: int = 0, **options) -> PredictionStrength:  # fmt: skip
    """Prediction strength of the clusterings of ``X`` at each K (Tibshirani & Walther 2005).

    Each split puts a random half of the objects (``floor(n / 2)``) in one part and the rest in
    the other; both are clustered; each object of a part is classified by the other part's
    clustering (to the nearest cluster mean); for each cluster of a part, the share of its
    pairs of objects that are classified together (1 for a cluster of one object). The
    split's strength is the mean over the two parts of the smallest share; the K's strength is
    the mean over the splits. Every K sees the same splits.

    Parameters
    ----------
    n_splits : int, default 50
        The number of random splits (fpc's ``M``).
    cutoff : float, default 0.8
        The strength the chosen K must exceed, in [0, 1] (Tibshirani & Walther suggest 0.8
        to 0.9).

    Returns
    -------
    PredictionStrength
        The strength per K and per split, and the best K.

    Raises
    ------
    clustval.errors.InputError
        Bad data, a K outside 2..n // 2, a bad number of splits, cutoff or seed, or an unknown
        algorithm or option.

    References
    ----------
    Tibshirani & Walther (2005), Cluster validation by prediction strength, J. Comput. Graph.
    Stat. 14(3):511-528; Hennig, fpc ``prediction.strength`` (R package).

    See Also
    --------
    stability_k : another choice of K by stability.

    Examples
    --------
    >>> from clustval.datasets import load_uci
    >>> iris = load_uci("iris").data
    >>> found = prediction_strength(iris, range(2, 5), "pam", n_splits=10)
    >>> {k: round(v, 2) for k, v in found.strength.items()}, found.best
    ({2: 0.97, 3: 0.71, 4: 0.58}, 2)
    """
    X, ks = _halved(X, ks, n_splits, "prediction strength")
    _share(cutoff, "cutoff", "a strength")
    at = clusterer(algorithm, **options)
    _, splits = _splits(len(X), n_splits, seed)
    runs = {k: np.array([_split_strength(X, at, k, split) for split in splits]) for k in ks}
    strength = {k: float(np.mean(v)) for k, v in runs.items()}
    best = max((k for k in ks if strength[k] > cutoff), default=1)
    return PredictionStrength(ks=tuple(ks), strength=strength, runs=runs, cutoff=cutoff, best=best,
                              n_splits=n_splits, seed=seed)  # fmt: skip


def _halved(X, ks: Iterable[int], n_splits: int, what: str) -> tuple[np.ndarray, list[int]]:
    """The data and the K of a criterion that splits the data in halves, checked (each half
    holds K clusters), and its number of splits."""
    X = checked_data(X)
    ks = _ks(ks, len(X) // 2, f"{what} needs K <= n // 2 (each half holds K clusters)")
    check_draws(n_splits, 8 * len(X), "n_splits")  # each split's permutation
    return X, ks


def _splits(n: int, n_splits: int, seed: int) -> tuple[np.random.Generator, list]:
    """The seeded stream and the random splits of ``n`` objects in halves that every K sees."""
    rng = np.random.default_rng(check_seed(seed))
    return rng, [_halves(n, rng) for _ in range(n_splits)]


def _halves(n: int, rng) -> tuple[np.ndarray, np.ndarray]:
    order = rng.permutation(n)
    return order[: n // 2], order[n // 2 :]


def _split_strength(X, at, k: int, split) -> float:
    """fpc's strength of one split: the mean over both halves of the weakest cluster's share."""
    first, second = split
    own = [_codes(at(X[part], k)) for part in split]
    told = [_nearest_mean(X[second], own[1], X[first]), _nearest_mean(X[first], own[0], X[second])]
    return float(np.mean([_weakest(own[i], told[i]) for i in range(2)]))


def _weakest(own: np.ndarray, told: np.ndarray) -> float:
    """The smallest, over the clusters of ``own``, share of their pairs that ``told`` puts together."""
    table = _crosstab(own, told)
    sizes = table.sum(axis=1)
    together = (table * (table - 1)).sum(axis=1)
    shares = np.where(sizes > 1, together / np.maximum(sizes * (sizes - 1), 1), 1.0)
    return float(shares.min())


# --------------------------------------------------------------------------------------
# clusterwise bootstrap stability
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Clusterboot:
    """What :func:`clusterboot` found.

    Attributes
    ----------
    labels : ndarray
        The clustering of the data, as codes 0..K-1 (cluster j is row j below).
    jaccard : ndarray of shape (K, n_resamples)
        Per cluster and resample, the Jaccard similarity of the cluster (its objects in the
        resample) with the most similar cluster of the resample's clustering; 0 when none
        of its objects was drawn.
    mean : ndarray
        Per cluster, its mean Jaccard similarity: above 0.75 or so a stable cluster.
    dissolved : ndarray
        Per cluster, the number of resamples in which its similarity is at most ``dissolution``.
    recovered : ndarray
        Per cluster, the number of resamples in which its similarity exceeds ``recover``.
    n_resamples : int
        The number of bootstrap resamples.
    seed : int
        Seed of the resamples.

    Examples
    --------
    >>> X = [[0, 0], [0, 1], [1, 0], [9, 9], [9, 10], [10, 9], [4, 9], [5, 9]]
    >>> boot = clusterboot(X, 3, "pam", n_resamples=20)
    >>> boot.labels.tolist(), boot.jaccard.shape
    ([1, 1, 1, 2, 2, 2, 0, 0], (3, 20))
    """

    labels: np.ndarray
    jaccard: np.ndarray = field(repr=False)
    mean: np.ndarray
    dissolved: np.ndarray
    recovered: np.ndarray
    n_resamples: int
    seed: int


@described("algorithm", parameters=_PARAMETERS)
def clusterboot(X, n_clusters: int, algorithm="pam", *, n_resamples: int = 100, seed: int = 0,
                dissolution: float = 0.5, recover: float = 0.75, **options) -> Clusterboot:  # fmt: skip
    """Clusterwise stability by the bootstrap (Hennig 2007), as R fpc's ``clusterboot``.

    The data are clustered; each resample draws n objects with replacement, keeps each drawn
    object once and clusters them with the same K; each cluster of the data, restricted to the
    objects drawn, is matched with its most similar cluster of the resample by the Jaccard
    coefficient ``|A & B| / |A | B|``. ``n_resamples`` is fpc's ``B``.

    Parameters
    ----------
    dissolution : float, default 0.5
        A similarity at most this is a dissolution of the cluster (Hennig 2007).
    recover : float, default 0.75
        A similarity above this is a recovery of the cluster.

    Returns
    -------
    Clusterboot
        The clustering, each cluster's similarity per resample, their means and counts.

    Raises
    ------
    clustval.errors.InputError
        Bad data, a K below 2, a bad number of resamples, or an unknown algorithm or option.
    clustval.errors.ClusteringError
        A resample with fewer distinct objects than K.

    References
    ----------
    Hennig (2007), Cluster-wise assessment of cluster stability, Comput. Stat. Data Anal.
    52(1):258-271; Hennig, fpc ``clusterboot`` (R package).

    Examples
    --------
    >>> from clustval.datasets import load_uci
    >>> boot = clusterboot(load_uci("iris").data, 3, "pam", n_resamples=20)
    >>> boot.mean.round(2).tolist(), boot.dissolved.tolist()
    ([0.83, 1.0, 0.82], [0, 0, 0])
    """
    X = checked_data(X)
    (k,) = _ks([n_clusters], len(X), "n_clusters must be at most the number of objects")
    check_draws(n_resamples, 8 * (len(X) + k), "n_resamples")  # each draw's rows and Jaccards
    for name, threshold in (("dissolution", dissolution), ("recover", recover)):
        _share(threshold, name, "a Jaccard similarity")
    at = clusterer(algorithm, **options)
    labels = _codes(at(X, k))
    rng = np.random.default_rng(check_seed(seed))
    draws = [rng.integers(0, len(X), len(X)) for _ in range(n_resamples)]
    jaccard = _bootstrap_jaccard(X, at, k, labels, draws)
    return Clusterboot(labels=labels, jaccard=jaccard, mean=jaccard.mean(axis=1),
                       dissolved=np.count_nonzero(jaccard <= dissolution, axis=1),
                       recovered=np.count_nonzero(jaccard > recover, axis=1),
                       n_resamples=n_resamples, seed=seed)  # fmt: skip


def _bootstrap_jaccard(X, at, k: int, labels: np.ndarray, draws) -> np.ndarray:
    """fpc's ``bootresult``: per cluster of ``labels`` and per resample, the best Jaccard."""
    jaccard = np.empty((labels.max() + 1, len(draws)))
    for b, drawn in enumerate(draws):
        _, first = np.unique(drawn, return_index=True)
        kept = drawn[np.sort(first)]  # each object once, in the order drawn (R's unique())
        inside = _crosstab(labels[kept], _codes(at(X[kept], k)), rows=labels.max() + 1)
        union = inside.sum(axis=1)[:, None] + inside.sum(axis=0)[None, :] - inside
        jaccard[:, b] = (inside / union).max(axis=1)  # every resample cluster is non-empty: union > 0
    return jaccard


# --------------------------------------------------------------------------------------
# a stable K (Lange et al. 2004)
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Stability:
    """What :func:`stability_k` found.

    Attributes
    ----------
    ks : tuple of int
        The K tried, ascending.
    instability : dict of int to float
        Per K, the mean disagreement (after the best matching of the labels) between a half's
        clustering and the labels the other half's clustering predicts for it.
    random : dict of int to float
        Per K, the same for random labels: the disagreement by chance alone.
    normalised : dict of int to float
        Per K, ``instability / random``: the smaller, the more stable.
    best_ks : tuple of int
        Every K of the smallest normalised instability (more than one only on an exact tie).
    n_splits : int
        The number of random splits in halves.
    seed : int
        Seed of the splits and of the random labels.

    Examples
    --------
    >>> X = [[0, 0], [0, 1], [1, 0], [1, 1], [9, 9], [9, 10], [10, 9], [10, 10]]
    >>> stability_k(X, [2, 3], "pam", n_splits=4).instability[2]
    0.0
    """

    ks: tuple[int, ...]
    instability: dict[int, float]
    random: dict[int, float]
    normalised: dict[int, float]
    best_ks: tuple[int, ...]
    n_splits: int
    seed: int

    @property
    def best(self) -> int | None:
        """The most stable K: the smallest of :attr:`best_ks` (None when there is none).

        Examples
        --------
        >>> Stability((2, 3, 4), {}, {}, {}, (2, 4), 20, 0).best
        2
        """
        return self.best_ks[0] if self.best_ks else None


@described("algorithm", parameters=_PARAMETERS)
def stability_k(X, ks: Iterable[int], algorithm="pam", *, n_splits: int = 20, seed: int = 0,
                **options) -> Stability:  # fmt: skip
    """The most stable K by Lange, Roth, Braun & Buhmann (2004).

    Each split halves the objects at random and clusters both halves; a nearest-centroid
    classifier learnt on the first half's clustering labels the second half; the
    disagreement is the share of the second half's objects whose predicted label differs
    from its own clustering's, under the best matching of the labels (Hungarian). Its mean
    over the splits is divided by the same for random labels (uniform on K labels, the same
    classifier), which removes the growth of chance disagreement with K; the best K has the
    smallest ratio. Every K sees the same splits.

    Parameters
    ----------
    n_splits : int, default 20
        The number of random splits.

    Returns
    -------
    Stability
        The instability per K, raw, by chance and normalised, and the best K.

    Raises
    ------
    clustval.errors.InputError
        Bad data, a K outside 2..n // 2, a bad number of splits or seed, or an unknown algorithm
        or option.

    References
    ----------
    Lange, Roth, Braun & Buhmann (2004), Stability-based validation of clustering solutions,
    Neural Comput. 16(6):1299-1323.

    See Also
    --------
    prediction_strength : the largest K whose clusters are predicted well.

    Examples
    --------
    >>> from clustval.datasets import load_uci
    >>> found = stability_k(load_uci("iris").data, range(2, 6), "pam", n_splits=10)
    >>> found.best, found.best_ks, round(found.normalised[2], 3)
    (2, (2,), 0.015)
    """
    X, ks = _halved(X, ks, n_splits, "stability")
    at = clusterer(algorithm, **options)
    rng, splits = _splits(len(X), n_splits, seed)
    instability, random = {}, {}
    for k in ks:
        instability[k] = float(np.mean([_disagreement(X, split, at(X[split[0]], k), at(X[split[1]], k))
                                        for split in splits]))  # fmt: skip
        random[k] = float(np.mean([_disagreement(X, split, rng.integers(0, k, len(split[0])),
                                                 rng.integers(0, k, len(split[1]))) for split in splits]))  # fmt: skip
    normalised = {k: instability[k] / random[k] if random[k] > 0 else float("nan") for k in ks}
    finite = [v for v in normalised.values() if np.isfinite(v)]
    best = tuple(k for k in ks if finite and normalised[k] == min(finite))
    return Stability(ks=tuple(ks), instability=instability, random=random, normalised=normalised, best_ks=best,
                     n_splits=n_splits, seed=seed)  # fmt: skip


def _disagreement(X, split, learnt, own) -> float:
    """Share of the second half whose predicted label differs from its own, best matching."""
    first, second = split
    told = _nearest_mean(X[first], _codes(learnt), X[second])
    table = _crosstab(_codes(own), told)
    rows, cols = _hungarian()(table, maximize=True)
    return 1.0 - table[rows, cols].sum() / len(second)


class Criterion(NamedTuple):
    """A stability criterion of K: how tables and figures name it, its rule for the best K
    (:data:`clustval.plotting.K_RULE_WORDS`), its function and the result's attribute that
    holds the value per K.

    Examples
    --------
    >>> STABILITY["instability"].label, STABILITY["instability"].rule
    ('Instability', 'min')
    """

    label: str
    rule: str
    function: Callable
    attribute: str


#: The stability criteria of K by name (:func:`stability_of_k`, ``select_k(stability=...)``).
STABILITY = {
    "prediction_strength": Criterion("Prediction strength", "above_cutoff", prediction_strength, "strength"),
    "instability": Criterion("Instability", "min", stability_k, "normalised"),
}


@described("algorithm", parameters=_PARAMETERS)
def stability_of_k(X, ks: Iterable[int], algorithm="pam", method: str = "prediction_strength",
                   **options) -> tuple[dict[int, float], tuple[int, ...]]:  # fmt: skip
    """One stability criterion's value at each K and its best K, in the shape of
    :attr:`clustval.Selection.table`'s columns and :attr:`clustval.Selection.best_ks`.

    Parameters
    ----------
    method : {"prediction_strength", "instability"}, default "prediction_strength"
        :func:`prediction_strength` (larger is better) or :func:`stability_k`'s normalised
        instability (smaller is better).
    **options
        The criterion's own keywords (``n_splits``, ``seed``, ``cutoff``) and the named
        algorithm's options.

    Returns
    -------
    values : dict of int to float
        Per K, the criterion's value.
    best : tuple of int
        Its best K among ``ks``; empty when prediction strength exceeds its cutoff at none
        (its answer is then K = 1).

    Raises
    ------
    clustval.errors.InputError
        An unknown method, or what the criterion raises.

    Examples
    --------
    >>> X = [[0, 0], [0, 1], [1, 0], [1, 1], [9, 9], [9, 10], [10, 9], [10, 10]]
    >>> stability_of_k(X, [2], n_splits=3)
    ({2: 1.0}, (2,))
    """
    if method not in STABILITY:
        raise InputError(f"method must be one of {', '.join(STABILITY)}, got {method!r}.")
    _, _, function, attribute = STABILITY[method]
    found = function(X, ks, algorithm, **options)
    return dict(getattr(found, attribute)), found.best_ks


# --------------------------------------------------------------------------------------
# calibration against random clusterings (Hennig 2019)
# --------------------------------------------------------------------------------------


@described(parameters=_PARAMETERS)
def random_clusterings(X, k: int, n: int, method: str = "centroids", *, seed: int = 0,
                       distances=None) -> np.ndarray:  # fmt: skip
    """``n`` random clusterings of ``X`` in ``k`` clusters, as fpc draws them (Hennig 2019).

    Both start from ``k`` distinct objects drawn at random, each the first of its cluster:

    - ``"centroids"`` (fpc's ``stupidkcentroids``): every other object joins its nearest start;
    - ``"neighbours"`` (fpc's ``stupidknn``): one at a time, the unassigned object nearest to an
      assigned one joins that one's cluster, until all are assigned (single-linkage growth).

    Parameters
    ----------
    X : array-like of shape (n_objects, d)
        The data (ignored when ``distances`` is given).
    n : int
        The number of clusterings.
    method : {"centroids", "neighbours"}, default "centroids"
        How the other objects join the starts.

    Returns
    -------
    ndarray of shape (n, n_objects)
        One clustering per row, labels 0..k-1 (label j is the j-th start's cluster).

    Raises
    ------
    clustval.errors.InputError
        Bad data or distances, a K outside 2..n_objects, a bad ``n`` or method.

    References
    ----------
    Hennig (2019), Cluster validation by measurement of clustering characteristics relevant
    to the user, in Data Analysis and Applications 1 (Wiley), 1-24; Hennig, fpc (R package).

    Examples
    --------
    >>> X = [[0.0], [1.0], [2.0], [10.0], [11.0]]
    >>> random_clusterings(X, 2, 3, "neighbours", seed=1).shape
    (3, 5)
    """
    if not isinstance(method, str) or method not in RANDOM_METHODS:
        raise InputError(f"method must be one of {', '.join(RANDOM_METHODS)}, got {shown(method)}.")
    D = _distances(X, distances)
    if isinstance(k, bool) or not isinstance(k, (int, np.integer)):
        raise InputError(f"k, the number of clusters, must be an integer, got {shown(k)}.")
    (k,) = _ks([k], len(D), "k must be at most the number of objects")
    check_draws(n, 8 * len(D), "n")  # each random clustering's labels
    rng = np.random.default_rng(check_seed(seed))
    join = _nearest_start if method == "centroids" else _grown
    return np.array([join(D, rng.choice(len(D), k, replace=False)) for _ in range(n)])


def _nearest_start(D: np.ndarray, starts: np.ndarray) -> np.ndarray:
    """fpc's ``stupidkcentroids``: each object to its nearest start (the first on a tie)."""
    labels = np.argmin(D[:, starts], axis=1)
    labels[starts] = np.arange(len(starts))
    return labels


def _grown(D: np.ndarray, starts: np.ndarray) -> np.ndarray:
    """fpc's ``stupidknn``: join the unassigned object nearest to an assigned one, one at a
    time; on a tie the assigned object of the smallest index first, then the unassigned one."""
    n = len(D)
    labels = np.full(n, -1)
    labels[starts] = np.arange(len(starts))
    assigned = np.sort(starts)
    near = D[:, assigned].min(axis=1)  # per object, its distance to the assigned ones
    via = assigned[np.argmin(D[:, assigned], axis=1)]  # and the (first) assigned one at it
    near[assigned] = np.inf
    for _ in range(n - len(starts)):
        low = near.min()
        tied = np.flatnonzero(near == low)
        pick = tied[np.lexsort((tied, via[tied]))[0]]
        labels[pick] = labels[via[pick]]
        near[pick] = np.inf
        closer = (D[pick] < near) | ((D[pick] == near) & (pick < via))
        closer &= labels < 0
        near[closer], via[closer] = D[pick][closer], pick
    return labels


@dataclass(frozen=True)
class Calibration:
    """What :func:`calibrate` found.

    Attributes
    ----------
    ks : tuple of int
        The K, ascending.
    indices : tuple of str
        The registry names of the indices.
    values : dict of str to dict of int to float
        Per index and K, its value on the clustering given.
    random : dict of str to dict of int to ndarray
        Per index and K, its values on the random clusterings (each method's in turn).
    standardised : dict of str to dict of int to float
        Per index and K, ``(value - mean(random)) / sd(random)`` (sd with n - 1, as fpc's
        ``cgrestandard``): how many random clusterings' standard deviations the clustering
        lies above theirs. Its sign is the index's: for an index where smaller is better a
        good clustering is far below.

    Examples
    --------
    >>> X = [[0, 0], [0, 1], [1, 0], [9, 9], [9, 10], [10, 9], [4, 9], [5, 9]]
    >>> cal = calibrate(X, {2: [0, 0, 0, 1, 1, 1, 1, 1]}, ["sil"], n_random=5)
    >>> cal.ks, len(cal.random["sil"][2])
    ((2,), 10)
    """

    ks: tuple[int, ...]
    indices: tuple[str, ...]
    values: dict[str, dict[int, float]]
    random: dict[str, dict[int, np.ndarray]] = field(repr=False)
    standardised: dict[str, dict[int, float]]

    @property
    def table(self) -> tuple[dict, ...]:
        """One row per K: ``{"k": K, index: standardised value, ...}`` (as :attr:`clustval.Selection.table`).

        Examples
        --------
        >>> X = [[0, 0], [0, 1], [1, 0], [9, 9], [9, 10], [10, 9], [4, 9], [5, 9]]
        >>> calibrate(X, {2: [0, 0, 0, 1, 1, 1, 1, 1]}, ["sil"], n_random=5).table[0]["k"]
        2
        """
        return tuple({"k": k, **{index: self.standardised[index][k] for index in self.indices}} for k in self.ks)


@described("indices", parameters=_PARAMETERS)
def calibrate(X, labels: Mapping[int, Sequence[int]], indices: Sequence[str], *, n_random: int = 100,
              methods: Sequence[str] = RANDOM_METHODS, seed: int = 0, **options) -> Calibration:  # fmt: skip
    """Internal indices of clusterings, against those of random clusterings at the same K (Hennig 2019).

    For each K, ``n_random`` random clusterings per method (:func:`random_clusterings`) are
    scored with the same indices; each index of the clustering is then standardised by their
    mean and standard deviation, which puts indices of different scales, and the same index at
    different K, on one scale (fpc's ``cgrestandard`` with its defaults).

    Parameters
    ----------
    labels : mapping of int to array-like
        The clusterings by K, e.g. :attr:`clustval.Selection.labels`.
    indices : sequence of str
        Registry names of internal indices.
    n_random : int, default 100
        The number of random clusterings per method and K (fpc's ``kmruns``, ``nnruns``).
    methods : sequence of str, default ("centroids", "neighbours")
        The random clusterings, pooled: random medoids and random neighbourhoods.

    Returns
    -------
    Calibration
        The values, the random clusterings' values and the standardised values.

    Raises
    ------
    clustval.errors.InputError
        Bad data, labels whose number of clusters is not their K, an external index, a bad
        ``n_random`` or method.

    References
    ----------
    Hennig (2019), Cluster validation by measurement of clustering characteristics relevant
    to the user, in Data Analysis and Applications 1 (Wiley), 1-24; Akhanli & Hennig (2020),
    Comparing clusterings and numbers of clusters by aggregation of calibrated clustering
    validity indexes, Stat. Comput. 30:1523-1544.

    Examples
    --------
    >>> import clustval
    >>> from clustval.datasets import load_uci
    >>> iris = load_uci("iris").data
    >>> found = clustval.select_k(iris, range(2, 5), "pam", indices=["sil"])
    >>> cal = calibrate(iris, found.labels, ["sil", "db"], n_random=20)
    >>> {k: round(z, 1) for k, z in cal.standardised["sil"].items()}
    {2: 0.9, 3: 1.0, 4: 1.2}
    """
    X = checked_data(X)
    if not isinstance(labels, Mapping):
        raise InputError(f"labels must map each K to its clustering ({{k: labels}}, as Selection.labels does), "
                         f"got {shown(labels)}.")
    ks = _ks(labels.keys(), len(X), "each K must be at most n")
    indices = tuple(dict.fromkeys([indices] if isinstance(indices, str) else indices))
    for index in indices:
        if get_index(index).kind != "internal":
            raise InputError(f"{index!r} is an external index: calibration scores internal indices.")
    methods = (methods,) if isinstance(methods, str) else tuple(methods)  # one method by its name
    for method in methods:
        if not isinstance(method, str) or method not in RANDOM_METHODS:
            raise InputError(f"method must be one of {', '.join(RANDOM_METHODS)}, got {shown(method)}.")
    _count(n_random, "n_random")
    D = euclidean_distances(X)
    streams = np.random.default_rng(check_seed(seed))  # one seed per K and method: independent draws
    values = {index: {} for index in indices}
    random = {index: {} for index in indices}
    standardised = {index: {} for index in indices}
    for k in ks:
        given = np.asarray(labels[k])
        if len(given) != len(X) or len(np.unique(given)) != k:
            raise InputError(f"the labels at K = {k} need {len(X)} objects in {k} clusters.")
        scores = score(given, X=X, names=indices, undefined="nan", **options)
        drawn = np.vstack([random_clusterings(X, k, n_random, method, seed=int(streams.integers(2**32)), distances=D)
                           for method in methods])  # fmt: skip
        pool = [score(r, X=X, names=indices, undefined="nan", **options) for r in drawn]
        for index in indices:
            sample = np.array([p[index] for p in pool])
            values[index][k] = scores[index]
            random[index][k] = sample
            spread = np.nanstd(sample, ddof=1)
            standardised[index][k] = float((scores[index] - np.nanmean(sample)) / spread) if spread > 0 else float("nan")
    return Calibration(ks=tuple(ks), indices=indices, values=values, random=random, standardised=standardised)


# --------------------------------------------------------------------------------------
# shared
# --------------------------------------------------------------------------------------


def _distances(X, distances) -> np.ndarray:
    if distances is None:
        return euclidean_distances(checked_data(X))
    D = np.asarray(distances, dtype=np.float64)
    if D.ndim != 2 or D.shape[0] != D.shape[1] or not np.all(np.isfinite(D)):
        raise InputError(f"distances must be a finite square matrix, got shape {D.shape}.")
    return D


def _ks(ks, high: int, why: str) -> list[int]:
    try:
        ks = sorted(set(ks))
    except TypeError:
        raise InputError(f"give the K as integers, e.g. range(2, 6); got {shown(ks)}.") from None
    if not ks:
        raise InputError("give at least one K.")
    for k in ks:
        if isinstance(k, bool) or not isinstance(k, (int, np.integer)) or not 2 <= k <= high:
            raise InputError(f"K = {shown(k)} is not an integer in 2..{high}: {why}.")
    return [int(k) for k in ks]


def _share(value, name: str, what: str) -> None:
    real = isinstance(value, (int, float, np.integer, np.floating)) and not isinstance(value, (bool, np.bool_))
    if not (real and 0 <= value <= 1):
        raise InputError(f"{name} must be a number in [0, 1], as {what} is; got {shown(value)}.")


def _count(value, name: str) -> None:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 1:
        raise InputError(f"{name} must be a positive integer, got {shown(value)}.")


def _codes(labels) -> np.ndarray:
    return np.unique(np.asarray(labels), return_inverse=True)[1].ravel()


def _crosstab(a: np.ndarray, b: np.ndarray, rows: int | None = None) -> np.ndarray:
    rows = a.max() + 1 if rows is None else rows
    table = np.zeros((rows, b.max() + 1), dtype=np.int64)
    np.add.at(table, (a, b), 1)
    return table


def _nearest_mean(train: np.ndarray, labels: np.ndarray, test: np.ndarray) -> np.ndarray:
    """Each test object's nearest cluster mean of the training clustering (the first on a tie)."""
    means = np.array([train[labels == j].mean(axis=0) for j in range(labels.max() + 1)])
    return np.argmin(((test[:, None, :] - means[None, :, :]) ** 2).sum(axis=2), axis=1)

