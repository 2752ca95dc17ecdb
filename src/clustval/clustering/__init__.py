"""Every clustering algorithm of clustval by name, and one call that runs one over many K.

:data:`ALGORITHMS` is to the clusterings what :data:`clustval.indices.registry.INDICES` is to the
indices: the name, the label figures print, the reference, the function and the options it
takes. :func:`cluster` runs one of them at each K of a sweep, computing the n x n distance
matrix once for the whole sweep when the algorithm works on distances.

Examples
--------
>>> X = [[0, 0], [0, 1], [10, 0], [10, 1], [5, 9], [5, 10]]
>>> [r.labels.tolist() for r in cluster(X, "park_jun", [2, 3])]
[[1, 1, 1, 0, 0, 0], [1, 1, 2, 2, 0, 0]]
>>> ALGORITHMS["sd_kmedoids"].label, ALGORITHMS["sd_kmedoids"].options
('SD K-medoids', ('radius', 'max_iter', 'backend'))
"""

from __future__ import annotations

import copy
import warnings
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

import numpy as np

from .._engine import progress as _progress
from .._engine.docs import K, N_CLUSTERS, N_OBJECTS, with_parameters
from .._engine.validation import check_n_clusters, checked_data
from ..errors import ClusteringError, InputError, shown
from ..indices._docs import DATA, KMEANS_SEED, KS, described, ks_within
from .common import DEFAULT_MAX_ITER, PARAMETERS, ClusteringResult
from .kmedoids import (
    SeedFallbackWarning,
    euclidean_distances,
    park_jun,
    sd_kmedoids,
)
from .pam import pam

__all__ = ["ALGORITHMS", "Algorithm", "algorithm_label", "cluster", "get_algorithm", "kmeans", "ward", "ward_tree"]

# An algorithm by name (get_algorithm, algorithm_label), written once
_by_name = with_parameters({"name": """name : str
    An algorithm's name, one of :data:`ALGORITHMS`: ``park_jun``, ``sd_kmedoids``, ``pam`` or
    ``kmeans``."""})
#: The forms of ``algorithm`` that a sweep over K takes (clusterings, select_k), written once
ALGORITHM_FORMS = """algorithm : str, estimator, callable or mapping
    How each clustering is made:

    - a name of :data:`clustval.clustering.ALGORITHMS`: ``sd_kmedoids`` (Xie & Gao 2015,
      Fig. 3's), ``park_jun`` (Park & Jun 2009), ``pam``, ``kmeans``;
    - a scikit-learn-style estimator with ``fit_predict`` and an ``n_clusters``
      parameter (``sklearn.cluster.AgglomerativeClustering()``): a copy is fitted per K;
    - a function ``f(X, k)`` returning the labels;
    - your own partitions, ``{k: labels}``, each checked to label the n objects in at most
      K clusters."""
# The Parameters of the sweeps over K (cluster, clusterer, clusterings), written once
_sweep = described("algorithm", parameters={**DATA, "ks": KS})


@described(parameters={**DATA, "n_clusters": N_CLUSTERS, "max_iter": PARAMETERS["max_iter"],
                       "seed": KMEANS_SEED})  # fmt: skip
def kmeans(X, n_clusters: int = 2, *, n_init: int = 10, seed: int = 0,
           max_iter: int = DEFAULT_MAX_ITER) -> ClusteringResult:  # fmt: skip
    """k-means: scikit-learn's ``KMeans`` (Lloyd's iterations from k-means++ seeds, the best of
    ``n_init`` starts, seeded), in the result shape of the K-medoids.

    Parameters
    ----------
    n_init : int
        Number of k-means++ starts; the one of lowest inertia is kept.

    Returns
    -------
    ClusteringResult
        ``labels``; no ``medoids``; ``cost`` is the inertia (summed squared distances to the
        centroids); ``converged`` is False when ``max_iter`` iterations were all used.

    Raises
    ------
    clustval.errors.ClusteringError
        ``n_clusters`` above the number of distinct points, or scikit-learn not installed.

    References
    ----------
    Lloyd (1982), IEEE Trans. Inf. Theory 28(2):129-137; Arthur & Vassilvitskii (2007),
    k-means++, SODA 1027-1035.

    See Also
    --------
    cluster : k-means (``"kmeans"``) or a K-medoids at every K of a sweep.

    Examples
    --------
    >>> kmeans([[0, 0], [0, 1], [10, 0], [10, 1]], 2).labels.tolist()
    [1, 1, 0, 0]
    """
    try:
        from sklearn.cluster import (
            KMeans,  # the kmeans extra; only k-means runs load it
        )
    except ModuleNotFoundError:
        raise ClusteringError("k-means needs scikit-learn: pip install 'clustval[kmeans]'.") from None
    X = checked_data(X, ClusteringError)
    check_n_clusters(len(X), n_clusters)
    distinct = len(np.unique(X, axis=0))
    if n_clusters > distinct:
        raise ClusteringError(
            f"n_clusters={n_clusters} exceeds the number of distinct points ({distinct}); "
            f"use n_clusters <= {distinct}"
        )
    model = KMeans(n_clusters=n_clusters, n_init=n_init, random_state=seed, max_iter=max_iter).fit(X)
    none = np.empty(0, dtype=np.int64)
    return ClusteringResult(
        labels=model.labels_.astype(np.int64), medoids=none, cost=float(model.inertia_),
        n_iter=int(model.n_iter_), initial_medoids=none, converged=bool(model.n_iter_ < max_iter),
    )


@described(parameters={**DATA, "ks": ks_within("at most the number of distinct points")})
def ward_tree(X, ks: Iterable[int]) -> list[ClusteringResult]:
    """Ward's hierarchical clustering cut at each K of ``ks``: one tree serves the sweep.

    The tree is SciPy's ``linkage(X, "ward")`` (the Lance-Williams update of Ward's criterion,
    as scikit-learn's ``AgglomerativeClustering(linkage="ward")`` builds it), cut with
    ``cut_tree``.

    Returns
    -------
    list of ClusteringResult
        One per K, in the order of ``ks``: ``labels``; ``cost`` the within-cluster sum of
        squares; no medoids; one "round".

    Raises
    ------
    clustval.errors.ClusteringError
        A K above the number of distinct points.

    References
    ----------
    Ward (1963), J. Am. Stat. Assoc. 58(301):236-244; Müllner (2011), arXiv:1109.2378
    (the algorithms of SciPy's ``linkage``).

    Examples
    --------
    >>> [r.labels.tolist() for r in ward_tree([[0, 0], [0, 1], [10, 0], [10, 1], [5, 9]], [2, 3])]
    [[0, 0, 1, 1, 0], [0, 0, 1, 1, 2]]
    """
    from scipy.cluster.hierarchy import cut_tree, linkage

    X = checked_data(X, ClusteringError)
    ks = list(ks)
    distinct = len(np.unique(X, axis=0))
    if ks and max(ks) > distinct:
        raise ClusteringError(f"n_clusters={max(ks)} exceeds the number of distinct points ({distinct}); "
                              f"use n_clusters <= {distinct}")
    cuts = cut_tree(linkage(X, "ward"), n_clusters=ks) if ks else np.empty((len(X), 0))
    none = np.empty(0, dtype=np.int64)
    results = []
    for column in range(len(ks)):
        labels = cuts[:, column].astype(np.int64)
        means = np.stack([X[labels == c].mean(axis=0) for c in range(ks[column])])
        cost = float(((X - means[labels]) ** 2).sum())
        results.append(ClusteringResult(labels=labels, medoids=none, cost=cost, n_iter=1,
                                        initial_medoids=none, converged=True))
    return results


@described(parameters={**DATA, "n_clusters": N_CLUSTERS})
def ward(X, n_clusters: int = 2) -> ClusteringResult:
    """Ward's hierarchical clustering cut at K = ``n_clusters`` (:func:`ward_tree`), K at most
    the number of distinct points.

    Returns
    -------
    ClusteringResult
        ``labels``; ``cost`` is the within-cluster sum of squares.

    References
    ----------
    Ward (1963), J. Am. Stat. Assoc. 58(301):236-244.

    Examples
    --------
    >>> ward([[0, 0], [0, 1], [10, 0], [10, 1]], 2).labels.tolist()
    [0, 0, 1, 1]
    """
    return ward_tree(X, [n_clusters])[0]


@dataclass(frozen=True)
class Algorithm:
    """A clustering algorithm as the rest of clustval needs to know it.

    ``function(X, n_clusters, **options)``, or ``function(distances=D, n_clusters=K,
    **options)`` when ``on_distances`` (one matrix then serves a whole sweep of K).
    """

    name: str  # the name a config, select_k and the command line use
    label: str  # as figures and tables print it
    reference: str
    function: Callable[..., ClusteringResult]
    options: tuple[str, ...]  # the keyword arguments of function that cluster() passes on
    on_distances: bool
    sweep: Callable[..., list[ClusteringResult]] | None = None  # every K of a sweep at once (a tree cut at each)


#: Every clustering algorithm, by name.
ALGORITHMS: dict[str, Algorithm] = {
    algorithm.name: algorithm
    for algorithm in (
        Algorithm("park_jun", "Park-Jun K-medoids",
                  "Park & Jun (2009), Expert Syst. Appl. 36(2):3336-3341", park_jun,
                  ("max_iter", "backend"), on_distances=True),
        Algorithm("sd_kmedoids", "SD K-medoids",
                  "Xie & Gao (2015), J. Front. Comput. Sci. Technol. 9(8):973-984", sd_kmedoids,
                  ("radius", "max_iter", "backend"), on_distances=True),
        Algorithm("pam", "PAM", "Kaufman & Rousseeuw (1990), Finding Groups in Data, ch. 2", pam,
                  ("max_iter",), on_distances=True),
        Algorithm("kmeans", "k-means", "Lloyd (1982); k-means++ seeding (Arthur & Vassilvitskii 2007)",
                  kmeans, ("n_init", "seed", "max_iter"), on_distances=False),
        Algorithm("ward", "Ward", "Ward (1963), J. Am. Stat. Assoc. 58(301):236-244", ward, (),
                  on_distances=False, sweep=ward_tree),
    )
}  # fmt: skip


@_by_name
def get_algorithm(name) -> Algorithm:
    """The entry of algorithm ``name``, or one line naming the known ones.

    Returns
    -------
    Algorithm
        Its entry: the function, its label and the options it takes.

    Raises
    ------
    clustval.errors.InputError
        An unknown name; the message lists the known ones.

    See Also
    --------
    cluster : run it at several K.

    Examples
    --------
    >>> get_algorithm("pam").label
    'PAM'
    """
    try:
        return ALGORITHMS[name]
    except (KeyError, TypeError):
        raise InputError(f"unknown algorithm {shown(name)}; use one of {', '.join(ALGORITHMS)}.") from None


@_by_name
def algorithm_label(name) -> str:
    """How figures and tables print algorithm ``name`` (the name itself if it is none of ours).

    Returns
    -------
    str
        Its label in figures and tables, or ``name`` itself for a name that is not ours.

    Examples
    --------
    >>> algorithm_label("park_jun"), algorithm_label("spectral")
    ('Park-Jun K-medoids', 'spectral')
    """
    return ALGORITHMS[name].label if name in ALGORITHMS else str(name)


def _checked(algorithm: str, options) -> Algorithm:
    """The algorithm's entry, once its options are known to be its own (else one line)."""
    spec = get_algorithm(algorithm)
    unknown = sorted(set(options) - set(spec.options))
    if unknown:
        raise InputError(
            f"algorithm {spec.name} takes the options {', '.join(spec.options)}, not {', '.join(unknown)}."
        )
    return spec


@_sweep
def cluster(X, algorithm: str, ks: Iterable[int], **options) -> list[ClusteringResult]:
    """Cluster ``X`` once per K of ``ks`` with algorithm ``algorithm``.

    Parameters
    ----------
    algorithm : str
        A name of :data:`ALGORITHMS`: ``park_jun``, ``sd_kmedoids``, ``pam`` or ``kmeans``.

    Returns
    -------
    list of ClusteringResult
        One per K, in the order of ``ks``.

    Raises
    ------
    clustval.errors.InputError
        An unknown algorithm or an option it does not take.
    clustval.errors.ClusteringError
        A K the algorithm cannot reach (above the number of distinct points), or a bad option value.

    See Also
    --------
    clustval.select_k : cluster at each K and find the best K of each internal index.

    Examples
    --------
    >>> X = [[0, 0], [0, 1], [10, 0], [10, 1]]
    >>> [r.cost for r in cluster(X, "sd_kmedoids", [2], radius="mean")]
    [2.0]
    >>> cluster(X, "pam", [2], radius="sd")
    Traceback (most recent call last):
    ...
    clustval.errors.InputError: algorithm pam takes the options max_iter, not radius.
    """
    spec = _checked(algorithm, options)
    try:
        ks = list(ks)
    except TypeError:
        raise InputError(f"ks must be an iterable of numbers of clusters such as [3] or range(2, 8), got {shown(ks)}.") from None
    if spec.sweep is not None:
        return spec.sweep(X, ks, **options)
    results = []
    with _progress.current().task(spec.name, total=len(ks)) as step:  # one step per K
        if spec.on_distances:
            step.doing("distances")
        D = euclidean_distances(X) if spec.on_distances else None
        for k in ks:
            step.doing(f"K = {k}")
            results.append(spec.function(X, k, **options) if D is None
                           else spec.function(distances=D, n_clusters=k, **options))  # fmt: skip
            step.advance()
    return results


@_sweep
def clusterer(algorithm, **options) -> Callable[[np.ndarray, int], np.ndarray]:
    """One way to cluster any data at any K, from the forms :func:`clustval.select_k` takes.

    Returns
    -------
    callable
        ``f(X, k)``, the labels of ``X`` in ``k`` clusters as an array.

    Raises
    ------
    clustval.errors.InputError
        An unknown name or option, options for an unnamed algorithm, an estimator without
        ``n_clusters``, or anything else given as the algorithm.

    Examples
    --------
    >>> at = clusterer("pam")
    >>> at([[0.0], [1.0], [9.0], [10.0]], 2).tolist()
    [0, 0, 1, 1]
    >>> clusterer(lambda X, k: [0] * len(X))([[1.0], [2.0]], 1).tolist()
    [0, 0]
    """
    if isinstance(algorithm, str):
        name = _checked(algorithm, options).name
        return lambda X, k: np.asarray(cluster(X, name, [k], **options)[0].labels)
    if options:
        raise InputError(f"options {sorted(options)} are for a named algorithm, not for {algorithm!r}.")
    if hasattr(algorithm, "fit_predict"):
        return lambda X, k: at_most_k(_fit_predict(algorithm, X, k), len(X), k, _name_of(algorithm))
    if callable(algorithm):
        return lambda X, k: at_most_k(algorithm(X, k), len(X), k, _name_of(algorithm))
    raise InputError(
        f"algorithm must be a name ({', '.join(ALGORITHMS)}), an estimator with fit_predict "
        f"or a function f(X, k); got {shown(algorithm)}."
    )


@described("algorithm", parameters={**DATA, "ks": KS, "algorithm": ALGORITHM_FORMS})
def clusterings(X, algorithm, ks: Iterable[int], **options) -> tuple[str, dict[int, np.ndarray], tuple[int, ...]]:
    """The clusterings of ``X`` at each K of ``ks``, made by ``algorithm`` in any form
    :func:`clustval.select_k` takes, and how the algorithm is named. Partitions given are
    taken all, whatever ``ks``.

    Returns
    -------
    name : str
        The algorithm's name, an estimator's class name, a function's name, or ``"given"``.
    labels : dict of int to ndarray
        The clustering at each K.
    fallback_ks : tuple of int
        The K at which SD seeding ran out of candidates and filled its seeds farthest-first
        (its :class:`~clustval.clustering.kmedoids.SeedFallbackWarning`, not issued here).

    Raises
    ------
    clustval.errors.InputError
        An unknown algorithm or option, anything else given as the algorithm, or labels
        of another shape than (n,) or with more than K clusters.
    clustval.errors.ClusteringError
        A K above the number of distinct points, or a bad option value.

    Examples
    --------
    >>> X = np.array([[0.0], [1.0], [9.0], [10.0]])
    >>> name, labels, fallback_ks = clusterings(X, "pam", [2])
    >>> name, labels[2].tolist(), fallback_ks
    ('pam', [0, 0, 1, 1], ())
    >>> clusterings(X, {2: [0, 0, 1, 2]}, [2])
    Traceback (most recent call last):
    ...
    clustval.errors.InputError: the partition given gave 3 clusters at K = 2: a clustering at K has at most K clusters.
    """
    if isinstance(algorithm, Mapping):
        return "given", {k: at_most_k(labels, len(X), k, "the partition given") for k, labels in algorithm.items()}, ()
    ks = list(ks)
    if isinstance(algorithm, str):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", SeedFallbackWarning)  # told in fallback_ks
            results = cluster(X, algorithm, ks, **options)
        fallback_ks = tuple(k for k, result in zip(ks, results) if result.init_fallback)
        return get_algorithm(algorithm).name, {k: result.labels for k, result in zip(ks, results)}, fallback_ks
    if not (hasattr(algorithm, "fit_predict") or callable(algorithm)):
        raise InputError(f"algorithm must be a name ({', '.join(ALGORITHMS)}), an estimator with fit_predict, "
                         f"a function f(X, k) or a mapping {{k: labels}}; got {shown(algorithm)}.")  # fmt: skip
    at, name = clusterer(algorithm, **options), _name_of(algorithm)
    labels = {}
    with _progress.current().task(name, total=len(ks)) as step:
        for k in ks:
            step.doing(f"K = {k}")
            labels[k] = at(X, k)
            step.advance()
    return name, labels, ()


def _name_of(algorithm) -> str:
    """How an estimator (its class) or a function (its name) is named."""
    if hasattr(algorithm, "fit_predict"):
        return type(algorithm).__name__
    return getattr(algorithm, "__name__", type(algorithm).__name__)


@with_parameters({"n": N_OBJECTS, "k": K})  # the objects clustered, the K it ran at
def at_most_k(labels, n: int, k: int, what: str) -> np.ndarray:
    """``labels`` as an array if they label n objects in at most k clusters (an algorithm
    may find fewer, as k-means does on coincident points, never more); else one line.

    Parameters
    ----------
    labels : array-like
        What a clustering algorithm run at K gave.
    what : str
        The algorithm, as the error names it.

    Returns
    -------
    ndarray
        The labels.

    Raises
    ------
    clustval.errors.InputError
        Labels of another shape than (n,), or more than k distinct labels.

    Examples
    --------
    >>> at_most_k([0, 1, 2], 3, 2, "f")
    Traceback (most recent call last):
    ...
    clustval.errors.InputError: f gave 3 clusters at K = 2: a clustering at K has at most K clusters.
    """
    labels = np.asarray(labels)
    if labels.shape != (n,):
        raise InputError(f"{what} gave labels of shape {labels.shape} at K = {k} for {n} objects: "
                         "one label per object.")
    try:
        found = len(np.unique(labels))
    except TypeError:  # labels of several types: counted as Python objects
        found = len(set(labels.tolist()))
    if found > k:
        raise InputError(f"{what} gave {found} clusters at K = {k}: a clustering at K has at most K clusters.")
    return labels


def _fit_predict(estimator, X, k: int) -> np.ndarray:
    """A fresh copy of ``estimator`` with ``n_clusters = k``, fitted to ``X``: its labels."""
    params = estimator.get_params() if hasattr(estimator, "get_params") else vars(estimator)
    if "n_clusters" not in params:
        raise InputError(f"{type(estimator).__name__} has no n_clusters parameter, so it cannot be run at a given K.")
    fresh = copy.deepcopy(estimator)
    if hasattr(fresh, "set_params"):
        fresh.set_params(n_clusters=k)
    else:
        fresh.n_clusters = k
    return np.asarray(fresh.fit_predict(X))
