"""scikit-learn's clustering metrics under scikit-learn's names, with scikit-learn's values.

``clustval.adjusted_rand_score``, ``clustval.silhouette_score`` and the other names of
:data:`SKLEARN_NAMES` are drop-in replacements for the functions of ``sklearn.metrics`` of
the same names (scikit-learn 1.9): the same signature and keywords, the same value (to
rounding: clustval adds its sums exactly, scikit-learn in floating point), and an error of
the ValueError family where scikit-learn raises one. Each is the registry index of
:data:`INDEX` (``adjusted_rand_score`` computes :func:`clustval.ari`) with scikit-learn's
conventions at the edges where the two differ; the registry's functions keep the
mathematically defined value there, or raise
:class:`~clustval.errors.UndefinedIndexError`.

:data:`DEPARTURES` lists every input on which a name of scikit-learn and its clustval index
differ, with both values and why; the few where this layer does not follow scikit-learn
either are marked there. The documentation's table is rendered from it, and the tests call
every example of it on both packages.
"""

from __future__ import annotations

import inspect
import math
import numbers
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from .._engine.metrics import METRIC_NAMES, Metric
from .._engine.pairwise import distance_blocks
from .._engine.validation import check_random_state
from ..errors import InputError, shown
from ..indices import classic, partition
from ..indices._docs import DATA, SAMPLE, described
from ..indices import external as _ext
from ..indices.contingency import Contingency
from ..indices.contingency import contingency as _contingency_of
from ..indices.counts import as_contingency
from ..indices.registry import get_index

__all__ = [
    "DEPARTURES", "INDEX", "SKLEARN_NAMES", "Departure", "adjusted_mutual_info_score", "adjusted_rand_score",
    "calinski_harabasz_score", "completeness_score", "davies_bouldin_score", "fowlkes_mallows_score",
    "homogeneity_completeness_v_measure", "homogeneity_score", "mutual_info_score", "normalized_mutual_info_score",
    "rand_score", "silhouette_samples", "silhouette_score", "v_measure_score",
]  # fmt: skip

#: scikit-learn's name -> the registry index it computes.
INDEX = {
    "adjusted_mutual_info_score": "ami",
    "adjusted_rand_score": "ari",
    "calinski_harabasz_score": "calinski_harabasz",
    "completeness_score": "completeness",
    "davies_bouldin_score": "db",
    "fowlkes_mallows_score": "fmi",
    "homogeneity_score": "homogeneity",
    "mutual_info_score": "mutual_info",
    "normalized_mutual_info_score": "nmi",
    "rand_score": "rand",
    "silhouette_score": "sil",
    "v_measure_score": "v_measure",
}
#: scikit-learn's names of the indices it shares with clustval (``sklearn.metrics``).
SKLEARN_NAMES = tuple(INDEX)

# ---------------------------------------------------------------------- external indices


def _labels(labels):
    """Labels as scikit-learn reads them: a list or tuple through numpy, so ``[1, "a"]``
    are the strings "1" and "a" (clustval's own functions refuse the mix)."""
    return np.asarray(labels) if isinstance(labels, (list, tuple)) else labels


def _table(labels_true, labels_pred) -> Contingency | None:
    """The contingency table of the labels; None for two empty labellings, which
    scikit-learn scores (clustval's own functions refuse them)."""
    labels_true, labels_pred = _labels(labels_true), _labels(labels_pred)
    if all(np.ndim(x) == 1 and np.size(x) == 0 for x in (labels_true, labels_pred)):
        return None
    return _contingency_of(labels_true, labels_pred)


# The Parameters the scikit-learn names share, by name, written once
_PARAMETERS = {
    "average_method": """average_method : {"min", "geometric", "arithmetic", "max"}, default "arithmetic"
    The mean of H(classes) and H(clusters) that divides MI (the index's ``average_method``).""",
    "beta": """beta : float, default 1.0
    Weight of completeness against homogeneity in the V-measure (> 1: completeness counts more).""",
    "X": """X : array-like or scipy.sparse matrix of shape (n_samples, n_features)
    The data, or with ``metric="precomputed"`` the (n, n) distance matrix.""",
    "labels": """labels : array-like of shape (n_samples,)
    The cluster of each object, 2 <= K <= n - 1.""",
    "kwds": """**kwds
    scikit-learn's keywords of the distance computation (a metric clustval's pass does not
    compute, another of scipy's or a callable, raises InputError: give its distances with
    ``metric="precomputed"``). ``n_jobs``, ``working_memory`` and ``ensure_all_finite`` say
    how scikit-learn computes, not what: accepted, and clustval's exact pass ignores them
    (it refuses non-finite data whatever ``ensure_all_finite``). With
    ``metric="precomputed"`` every keyword is ignored, as scikit-learn ignores them.
    Euclidean: ``X_norm_squared`` and ``Y_norm_squared`` (norms scikit-learn reuses) are
    ignored, ``squared=True`` is the sqeuclidean metric. Minkowski: ``p`` (default 2, as
    scipy's). Any other keyword raises InputError.""",
}


def _scored(core, labels_true, labels_pred, *args):
    """``core`` of the labels' table (and ``args``), or scikit-learn's 1.0 for two empty labellings."""
    ct = _table(labels_true, labels_pred)
    return 1.0 if ct is None else core(ct, *args)


def _scikit_learns(name: str, example: str) -> Callable[[object, object], float]:
    """scikit-learn's ``name``: the core of the registry index it computes (:data:`INDEX`) on
    the labels' table, with scikit-learn's 1.0 for two empty labellings; its docstring written
    from that index's entry, and ``example``."""
    spec = get_index(INDEX[name])

    def scored(labels_true, labels_pred) -> float:
        return _scored(spec.core, labels_true, labels_pred)

    scored.__name__ = scored.__qualname__ = name
    scored.__doc__ = _description(name, spec) + example
    return described()(scored)


def _description(name: str, spec) -> str:
    """The description and Returns of the scikit-learn name ``name`` of the index ``spec``."""
    return (f"scikit-learn's ``{name}``: :func:`clustval.{spec.name}`, with scikit-learn's 1.0 for two "
            f"empty labellings.\n\nReturns\n-------\n{_returns(name)}\n\n")


def _returns(name: str) -> str:
    """The Returns of scikit-learn's ``name``: the label and range of the index it computes."""
    spec = get_index(INDEX[name])
    low, high = spec.bounds
    return f"float\n    {spec.label}, in [{low:g}, {high:g}]; scikit-learn's value."


def _as_scikit_learns(function: Callable) -> Callable:
    """Decorator: write the description and Returns of a scikit-learn name of :data:`INDEX`
    before its own docstring (its Parameters and example), and the shared Parameters."""
    if function.__doc__ is not None:  # python -OO: no docstrings
        own = inspect.cleandoc(function.__doc__)
        function.__doc__ = _description(function.__name__, get_index(INDEX[function.__name__])) + own
    return described(parameters=_PARAMETERS)(function)


rand_score = _scikit_learns("rand_score", """Examples
--------
>>> rand_score([0, 0, 1, 1], [0, 0, 1, 2])
0.8333333333333334""")
adjusted_rand_score = _scikit_learns("adjusted_rand_score", """Examples
--------
>>> adjusted_rand_score([], []), adjusted_rand_score([0, 0, 1, 1], [1, 1, 0, 0])
(1.0, 1.0)""")
homogeneity_score = _scikit_learns("homogeneity_score", """Examples
--------
>>> homogeneity_score([0, 0, 1, 1], [0, 0, 0, 0])  # one cluster holds both classes
0.0""")
completeness_score = _scikit_learns("completeness_score", """Examples
--------
>>> completeness_score([0, 0, 1, 1], [0, 0, 0, 0])
1.0""")


@described(sections={"Returns": _returns("fowlkes_mallows_score")})
def fowlkes_mallows_score(labels_true, labels_pred) -> float:
    """scikit-learn's ``fowlkes_mallows_score``: :func:`clustval.fmi`, with scikit-learn's
    0.0 whenever no pair of objects shares a cluster in both labellings (TP = 0): also for
    two identical labellings that put every object alone, and for n = 1 and no objects,
    where :func:`clustval.fmi` gives 1.0 (identical labellings) or refuses the input.

    Examples
    --------
    >>> import clustval
    >>> fowlkes_mallows_score([0, 1, 2], [0, 1, 2]), clustval.fmi([0, 1, 2], [0, 1, 2])
    (0.0, 1.0)
    """
    ct = _table(labels_true, labels_pred)
    if ct is None or ct.pairs[0] == 0:
        return 0.0
    return _ext.fmi_from_contingency(ct)


@_as_scikit_learns
def normalized_mutual_info_score(labels_true, labels_pred, *, average_method: str = "arithmetic") -> float:
    """Examples
    --------
    >>> t, p = [0, 0, 1, 1], [0, 0, 1, 2]
    >>> round(normalized_mutual_info_score(t, p), 6), round(normalized_mutual_info_score(t, p, average_method="max"), 6)
    (0.8, 0.666667)
    """
    average_method = _ext.NMI_AVERAGE.check(average_method)  # checked first, as scikit-learn does
    return float(_scored(_ext.nmi_from_contingency, labels_true, labels_pred, average_method))


@_as_scikit_learns
def adjusted_mutual_info_score(labels_true, labels_pred, *, average_method: str = "arithmetic") -> float:
    """Examples
    --------
    >>> adjusted_mutual_info_score([0, 0, 1, 1], [1, 1, 0, 0], average_method="max")
    1.0
    """
    average_method = _ext.AMI_AVERAGE.check(average_method)  # checked first, as scikit-learn does
    return _scored(_ext.ami_from_contingency, labels_true, labels_pred, average_method)


def mutual_info_score(labels_true, labels_pred, *, contingency=None) -> float:
    """scikit-learn's ``mutual_info_score``: :func:`clustval.mutual_info`, or the MI of a
    contingency table given instead of the labels.

    Parameters
    ----------
    labels_true, labels_pred : array-like of shape (n_samples,), or None
        The true classes and the clusters (ignored when ``contingency`` is given).
    contingency : array-like or scipy.sparse matrix of shape (n_classes, n_clusters), optional
        Counts of objects per class and cluster. scikit-learn truncates non-integral counts
        to integers; here they are refused (InputError), whole counts of any dtype accepted.

    Returns
    -------
    float
        MI in nats, at least 0; scikit-learn's value.

    Examples
    --------
    >>> mutual_info_score([0, 0, 1, 1], [0, 0, 1, 1]) == mutual_info_score(None, None, contingency=[[2, 0], [0, 2]])
    True
    """
    if contingency is None:
        return _ext.mutual_info_from_contingency(_contingency_of(_labels(labels_true), _labels(labels_pred)))
    table = contingency.toarray() if hasattr(contingency, "toarray") else np.asarray(contingency)
    finite = table.dtype.kind in "iub" or (table.dtype.kind == "f" and bool(np.all(np.isfinite(table))))
    if finite and table.ndim == 2 and 1 in table.shape:
        return 0.0  # one class or one cluster: scikit-learn's 0, whatever the counts
    if finite and table.dtype.kind == "f" and np.array_equal(table, np.round(table)):
        table = table.astype(np.int64)  # whole counts stored as floats, as scikit-learn casts them
    return _ext.mutual_info_from_contingency(as_contingency(table))


@_as_scikit_learns
def v_measure_score(labels_true, labels_pred, *, beta: float = 1.0) -> float:
    """Examples
    --------
    >>> v_measure_score([0, 0, 1, 1], [0, 0, 1, 1], beta=2.0)
    1.0
    """
    beta = _ext._check_beta(beta)
    return _scored(_ext.v_measure_from_contingency, labels_true, labels_pred, beta)


@described(parameters=_PARAMETERS)
def homogeneity_completeness_v_measure(labels_true, labels_pred, *, beta: float = 1.0) -> tuple[float, float, float]:
    """scikit-learn's ``homogeneity_completeness_v_measure``: the three of one table, as
    :func:`homogeneity_score`, :func:`completeness_score` and :func:`v_measure_score` give them.

    Returns
    -------
    tuple of float
        ``(homogeneity, completeness, v_measure)``, each in [0, 1]; scikit-learn's values.

    Examples
    --------
    >>> homogeneity_completeness_v_measure([0, 0, 1, 1], [0, 0, 0, 0])
    (0.0, 1.0, 0.0)
    """
    beta = _ext._check_beta(beta)
    ct = _table(labels_true, labels_pred)
    if ct is None:
        return 1.0, 1.0, 1.0
    return (_ext.homogeneity_from_contingency(ct), _ext.completeness_from_contingency(ct),
            _ext.v_measure_from_contingency(ct, beta))  # fmt: skip


# ---------------------------------------------------------------------- internal indices


def _data(X, labels, *, sparse: bool = False):
    """X and labels as scikit-learn's ``check_X_y`` takes them: X 2-D (a 1-D X is refused,
    where clustval's own functions read it as one feature), a scipy.sparse X densified
    when ``sparse`` (silhouette_score accepts one), labels a column of shape (n, 1)
    flattened with scikit-learn's warning."""
    if hasattr(X, "toarray") and sparse:
        X = X.toarray()
    if not hasattr(X, "toarray") and np.ndim(X) != 2:
        raise InputError(
            f"X must be 2-D (n_samples, n_features), got {np.ndim(X)}-D, as scikit-learn requires: "
            "reshape a single feature with X.reshape(-1, 1)."
        )
    labels = _labels(labels)
    if np.ndim(labels) == 2 and np.shape(labels)[1] == 1:
        warnings.warn(
            "A column-vector y was passed when a 1d array was expected. Please change the shape "
            "of y to (n_samples, ), for example using ravel().", UserWarning, stacklevel=3,
        )  # fmt: skip
        labels = np.ravel(labels)
    return X, labels


def _partition(X, labels, core, name: str) -> partition.Partition:
    """The partition of X and labels as scikit-learn's ``name`` checks them (:func:`_data`),
    for the index ``core``, with scikit-learn's 2 <= K <= n - 1 (K = 1 is clustval's
    UndefinedIndexError too)."""
    X, labels = _data(X, labels)
    p = partition.Partition(X, labels, needs=core.needs)
    p.require_clusters(name)
    if p.n_clusters == p.n:
        raise InputError(
            f"Number of labels is {p.n_clusters}. Valid values are 2 to n_samples - 1 (inclusive), "
            f"as scikit-learn's {name} requires (K = n = {p.n}: every object alone)."
        )
    return p


@described(parameters={**_PARAMETERS, **SAMPLE})
def silhouette_score(X, labels, *, metric: str = "euclidean", sample_size=None, random_state=None, **kwds) -> float:
    """scikit-learn's ``silhouette_score``: :func:`clustval.sil`, on a random sample of the
    objects with ``sample_size``, a distance matrix whose diagonal is within 100 eps of 0
    accepted as scikit-learn accepts it, and a scipy.sparse X densified.

    Returns
    -------
    float
        The mean silhouette width in [-1, 1]; scikit-learn's value.

    Examples
    --------
    >>> X = [[0.0], [1.0], [10.0], [11.0], [20.0]]
    >>> round(silhouette_score(X, [0, 0, 1, 1, 2]), 6)
    0.716625
    >>> round(silhouette_score(X, [0, 0, 1, 1, 2], sample_size=4, random_state=0, n_jobs=2), 6)
    0.899749
    >>> round(silhouette_score(X, [0, 0, 1, 1, 2], metric="minkowski", p=3), 6)
    0.716625
    """
    metric = _metric(metric, kwds)
    X, labels = _data(X, labels, sparse=True)
    precomputed = partition.is_precomputed(metric)
    if sample_size is not None:
        if isinstance(sample_size, bool) or not isinstance(sample_size, numbers.Integral) or sample_size < 1:
            raise InputError(f"sample_size must be an int >= 1, got {shown(sample_size)}.")
        X, labels = np.asarray(X), np.asarray(labels)
        if len(X) != len(labels):
            raise InputError(f"X has {len(X)} rows but labels has {len(labels)} entries.")
        indices = check_random_state(random_state).permutation(X.shape[0])[:sample_size]
        X, labels = (X[np.ix_(indices, indices)] if precomputed else X[indices]), labels[indices]
    if precomputed:
        X = _zero_diagonal(X)
    return classic.sil(X, labels, metric=metric)


@described(parameters=_PARAMETERS)
def silhouette_samples(X, labels, *, metric: str = "euclidean", **kwds) -> np.ndarray:
    """scikit-learn's ``silhouette_samples``: :func:`clustval.indices.classic.silhouette_samples`,
    with scikit-learn's metrics and keywords as :func:`silhouette_score` takes them.

    Returns
    -------
    ndarray of shape (n_samples,)
        The width of every object; scikit-learn's values.

    Examples
    --------
    >>> silhouette_samples([[0.0, 1.0], [0.0, 2.0], [5.0, 0.0], [6.0, 0.0]], [0, 0, 1, 1], metric="cosine")
    array([1., 1., 1., 1.])
    """
    metric = _metric(metric, kwds)
    X, labels = _data(X, labels, sparse=True)
    if partition.is_precomputed(metric):
        X = _zero_diagonal(X)
    return classic.silhouette_samples(X, labels, metric=metric)


# scikit-learn's keywords of pairwise_distances_chunked and pairwise_distances: how it
# computes the distances (jobs, chunk memory, its finiteness check), not which distances
_HOW_KEYWORDS = frozenset({"n_jobs", "working_memory", "ensure_all_finite"})
# euclidean_distances' cached norms: the same distances (to rounding), given faster
_EUCLIDEAN_NORMS = frozenset({"X_norm_squared", "Y_norm_squared"})


def _metric(metric, kwds):
    """The metric clustval's pass computes for scikit-learn's ``metric`` and ``**kwds``, or
    one line of error (scikit-learn ignores every keyword with a precomputed matrix)."""
    if isinstance(metric, str) and metric == "precomputed":
        return metric
    if not isinstance(metric, str):
        raise InputError(f"metric {metric!r}: clustval's pass computes scipy's named metrics; give the "
                         "distances of any other with metric='precomputed'.")  # fmt: skip
    name = metric.lower()
    if name not in METRIC_NAMES:
        raise InputError(f"metric {metric!r} is not one clustval's pass computes ({', '.join(METRIC_NAMES)}); "
                         "give its distances with metric='precomputed'.")  # fmt: skip
    euclidean = name in ("euclidean", "l2")
    squared, p = False, None
    for key, value in kwds.items():
        if key in _HOW_KEYWORDS or (euclidean and key in _EUCLIDEAN_NORMS):
            continue
        if euclidean and key == "squared" and isinstance(value, (bool, np.bool_)):
            squared = bool(value)
        elif name == "minkowski" and key == "p":
            p = value
        else:
            raise InputError(f"silhouette_score got the keyword {key!r}, which the {metric} distances do not "
                             f"take here (scikit-learn's {', '.join(sorted(_HOW_KEYWORDS))} are ignored).")  # fmt: skip
    if squared:
        return "sqeuclidean"
    return Metric("minkowski", p=p) if p is not None else metric


def _zero_diagonal(D):
    """A distance matrix whose diagonal scikit-learn accepts (within 100 eps of 0 for
    floats) with that diagonal set to 0, as clustval's pass requires it."""
    D = np.asarray(D)
    if D.ndim != 2 or D.shape[0] != D.shape[1] or D.dtype.kind != "f":
        return D  # clustval's checks say what is wrong
    diagonal = np.diagonal(D)
    if np.any(np.abs(diagonal) > np.finfo(D.dtype).eps * 100):
        raise InputError("The precomputed distance matrix contains non-zero elements on the diagonal. Use np.fill_diagonal(X, 0).")
    if np.any(diagonal != 0):
        D = D.copy()
        np.fill_diagonal(D, 0.0)
    return D


@described(parameters={**_PARAMETERS, **DATA}, sections={"Returns": _returns("davies_bouldin_score")})
def davies_bouldin_score(X, labels) -> float:
    """scikit-learn's ``davies_bouldin_score``: :func:`clustval.db` with scikit-learn's
    conventions: 0.0 when every cluster's spread, or every distance between two
    centroids, is within 1e-8 of 0 (absolute, in the data's units); a pair of clusters
    with the same centroid left out of the maxima (where :func:`clustval.db` is inf: no
    separation); K = n refused (clustval.db: 0.0).

    Examples
    --------
    >>> import clustval
    >>> X, labels = [[-1.0], [1.0], [-2.0], [2.0]], [0, 0, 1, 1]  # one centroid, 0, for both
    >>> davies_bouldin_score(X, labels), clustval.db(X, labels)
    (0.0, inf)
    """
    p = _partition(X, labels, classic.db_from_partition, "davies_bouldin_score")
    spread = p.mean_per_cluster(np.sqrt(p.squared_centroid_distances))
    tolerance = 1e-8 / p.scale  # scikit-learn's np.isclose(x, 0), in the data's units
    worst, farthest = np.empty(p.n_clusters), 0.0
    for r0, r1, D in distance_blocks(p.centroids, p.centroids, p.memory_budget_mb):
        rows = np.arange(r1 - r0)
        D[rows, r0 + rows] = 0.0
        farthest = max(farthest, float(D.max()))
        with np.errstate(divide="ignore", invalid="ignore"):
            ratio = (spread[r0:r1, None] + spread[None, :]) / D
        ratio[D == 0] = 0.0  # a cluster with itself, or one with the same centroid: left out
        worst[r0:r1] = ratio.max(axis=1)
    if np.all(spread <= tolerance) or farthest <= tolerance:
        return 0.0
    return float(worst.mean())


@described(parameters={**_PARAMETERS, **DATA}, sections={"Returns": _returns("calinski_harabasz_score")})
def calinski_harabasz_score(X, labels) -> float:
    """scikit-learn's ``calinski_harabasz_score``: :func:`clustval.calinski_harabasz`
    with scikit-learn's 1.0 when no cluster has any scatter (W = 0), where
    :func:`clustval.calinski_harabasz` is inf (perfectly compact clusters apart) or 0.0
    (every point the same: no separation).

    Examples
    --------
    >>> import clustval
    >>> X, labels = [[0.0], [0.0], [5.0], [5.0]], [0, 0, 1, 1]
    >>> calinski_harabasz_score(X, labels), clustval.calinski_harabasz(X, labels)
    (1.0, inf)
    """
    p = _partition(X, labels, classic.calinski_harabasz_from_partition, "calinski_harabasz_score")
    if float(p.squared_centroid_distances.sum()) == 0.0:
        return 1.0
    return classic.calinski_harabasz_from_partition(p)


# ---------------------------------------------------------------------- the departures

#: The result of an example on which scikit-learn gives a number (the same on both sides).
NUMBER = "a number"


@dataclass(frozen=True)
class Departure:
    """One kind of input on which scikit-learn's function and clustval's index differ.

    Attributes
    ----------
    names : tuple of str
        The scikit-learn names concerned.
    case : str
        The input, in words.
    examples : tuple
        Positional arguments that show it, each a tuple or a function that returns one
        (``keywords`` added to each call).
    sklearn, native : float, str, type or None
        What scikit-learn gives (and this layer), and what the registry index gives: a
        number, :data:`NUMBER` (scikit-learn and this layer agree), the exception class
        raised, or None (the registry's function has no such keyword).
    why : str
        The reason for each side's value.
    alias : float, str, type or None
        What this layer gives when it does not follow scikit-learn either (None: it does).
    keywords : dict
        Keywords of every call of the examples.

    Examples
    --------
    >>> DEPARTURES[2].names, DEPARTURES[2].sklearn, DEPARTURES[2].native
    (('fowlkes_mallows_score',), 0.0, 1.0)
    """

    names: tuple[str, ...]
    case: str
    examples: tuple
    sklearn: object
    native: object
    why: str
    alias: object = None
    keywords: dict = field(default_factory=dict)


def _sparse(rows):
    import scipy.sparse  # only for this example: clustval does not import it otherwise

    return scipy.sparse.csr_matrix(rows)


_EXTERNAL = tuple(name for name, index in INDEX.items() if index not in ("sil", "db", "calinski_harabasz"))
_INTERNAL = ("silhouette_score", "davies_bouldin_score", "calinski_harabasz_score")

_MIXED = (
    "scikit-learn reads a list through numpy, which makes every label a string (1 and '1' "
    "become one label); clustval's functions refuse the mix"
)

#: Every kind of input on which a scikit-learn name and its clustval index differ.
DEPARTURES = (
    Departure(
        tuple(n for n in _EXTERNAL if n not in ("fowlkes_mallows_score", "mutual_info_score")),
        "two empty labellings", (([], []),), 1.0, InputError,
        "nothing to compare: scikit-learn scores it a perfect match; clustval refuses input "
        "with no object",
    ),  # fmt: skip
    Departure(
        ("fowlkes_mallows_score",), "two empty labellings", (([], []),), 0.0, InputError,
        "scikit-learn's FMI is 0 whenever no pair shares a cluster; clustval refuses input "
        "with no object",
    ),  # fmt: skip
    Departure(
        ("fowlkes_mallows_score",),
        "two identical labellings with every object alone, or n = 1 (no pair shares a cluster)",
        (([0, 1, 2], [0, 1, 2]), ([0], [0]), ([0], [1])), 0.0, 1.0,
        "TP / sqrt((TP + FP)(TP + FN)) is 0/0: clustval scores identical labellings 1, as ARI "
        "and the Rand index do in both packages; scikit-learn returns 0 whenever TP = 0",
    ),  # fmt: skip
    Departure(
        _EXTERNAL, "labels given as a list mixing numbers and strings",
        (([1, "a", "a", 2], [0, 0, 1, 1]),), NUMBER, InputError, _MIXED,
    ),  # fmt: skip
    Departure(
        _INTERNAL, "labels given as a list mixing numbers and strings",
        (([[0.0], [1.0], [5.0], [6.0], [7.0]], [1, "a", "a", 1, "b"]),), NUMBER, InputError, _MIXED,
    ),  # fmt: skip
    Departure(
        ("mutual_info_score",), "a contingency table of non-integral counts",
        ((None, None),), NUMBER, None,
        "scikit-learn truncates the counts to integers; counts are whole, so this layer "
        "refuses them (InputError), as clustval's tables do (clustval.indices.counts.as_contingency)",
        alias=InputError, keywords={"contingency": [[1.5, 2.0], [0.0, 3.7]]},
    ),  # fmt: skip
    Departure(
        ("v_measure_score",), "beta = 0, one class and several clusters (homogeneity 1, completeness 0)",
        (([0, 0, 0, 0], [0, 1, 2, 3]), ([0, 0, 0, 0], [0, 0, 1, 1])), ZeroDivisionError, 0.0,
        "(1 + beta) h c / (beta h + c) is 0/0 there: scikit-learn divides by zero; this layer "
        "returns clustval's value, 0, as for h + c = 0",
        alias=0.0, keywords={"beta": 0.0},
    ),  # fmt: skip
    Departure(
        ("calinski_harabasz_score",), "no cluster has any scatter (W = 0), the clusters apart",
        (([[0.0], [0.0], [5.0], [5.0]], [0, 0, 1, 1]),), 1.0, math.inf,
        "CH = (B / (K - 1)) / (W / (n - K)) grows without bound as W -> 0 (perfectly compact "
        "clusters); scikit-learn returns 1.0 whenever W = 0",
    ),  # fmt: skip
    Departure(
        ("calinski_harabasz_score",), "every point the same (B = W = 0)",
        ((np.ones((4, 2)), [0, 0, 1, 1]),), 1.0, 0.0,
        "no separation at all: clustval gives the worst value, 0; scikit-learn 1.0, as for W = 0",
    ),  # fmt: skip
    Departure(
        ("calinski_harabasz_score",),
        "every point the same, a value that floating point does not hold exactly (six copies of 0.1)",
        ((np.full((6, 1), 0.1), [0, 0, 0, 1, 1, 1]),), 16.0, 0.0,
        "scikit-learn's W is rounding noise there (its float mean of 0.1, 0.1, 0.1 is not "
        "0.1), so its rule for W = 0 does not fire; clustval's centroids are exact, and this "
        "layer applies scikit-learn's rule: 1.0",
        alias=1.0,
    ),  # fmt: skip
    Departure(
        ("davies_bouldin_score",), "two clusters with the same centroid, others apart",
        (([[-1.0], [1.0], [-2.0], [2.0], [10.0], [11.0]], [0, 0, 1, 1, 2, 2]),), 6.5 / 31.5, math.inf,
        "the two clusters are not separated at all: clustval gives the worst value, inf; "
        "scikit-learn leaves the pair out of the maxima",
    ),  # fmt: skip
    Departure(
        ("davies_bouldin_score",), "every centroid within 1e-8 of every other (absolute)",
        (([[-1.0], [1.0], [-2.0], [2.0]], [0, 0, 1, 1]), (np.ones((4, 2)), [0, 0, 1, 1])), 0.0, math.inf,
        "no separation: clustval gives inf; scikit-learn returns 0 (np.isclose(d, 0) for every "
        "centroid distance d)",
    ),  # fmt: skip
    Departure(
        ("davies_bouldin_score",), "every cluster's spread within 1e-8 of 0 (absolute), the clusters apart",
        (([[0.0], [1e-9], [5.0], [5.0 + 1e-9]], [0, 0, 1, 1]),), 0.0, 2e-10,
        "clustval computes the ratio of spread to separation at any scale; scikit-learn "
        "returns 0 (np.isclose(s, 0) for every spread s)",
    ),  # fmt: skip
    Departure(
        ("davies_bouldin_score",), "every object its own cluster (K = n)",
        (([[0.0], [1.0], [5.0]], [0, 1, 2]),), ValueError, 0.0,
        "every spread is 0, so DB = 0; scikit-learn requires 2 <= K <= n - 1 of all its "
        "internal indices",
    ),  # fmt: skip
    Departure(
        _INTERNAL, "X one-dimensional (n values)",
        (([0.0, 1.0, 5.0, 6.0, 7.0], [0, 0, 1, 1, 1]),), ValueError, NUMBER,
        "scikit-learn requires a 2-D X; clustval reads n values as n objects of one feature",
    ),  # fmt: skip
    Departure(
        _INTERNAL, "labels a column of shape (n, 1)",
        (([[0.0], [1.0], [5.0], [6.0], [7.0]], [[0], [0], [1], [1], [1]]),), NUMBER, InputError,
        "scikit-learn flattens it with a warning (DataConversionWarning; here a UserWarning); "
        "clustval's functions want one label per object",
    ),  # fmt: skip
    Departure(
        ("silhouette_score",), "X a scipy.sparse matrix",
        (lambda: (_sparse([[0.0, 1.0], [0.0, 2.0], [3.0, 0.0], [4.0, 0.0], [3.0, 1.0]]), [0, 0, 1, 1, 1]),),
        NUMBER, InputError,
        "scikit-learn reads sparse rows (this layer densifies X: n x d floats); clustval's "
        "functions want dense data (X.toarray())",
    ),  # fmt: skip
    Departure(
        ("silhouette_score",), "metric='precomputed', the diagonal within 100 eps of 0 but not 0",
        ((np.array([[1e-15, 1.0, 5.0], [1.0, 0.0, 4.0], [5.0, 4.0, 0.0]]), [0, 0, 1]),), NUMBER, InputError,
        "scikit-learn accepts rounding noise on the diagonal (and adds it to the sums); this "
        "layer sets it to 0; clustval's functions want an exact 0",
        keywords={"metric": "precomputed"},
    ),  # fmt: skip
    Departure(
        ("silhouette_score",), "a metric clustval's pass does not compute (scipy's braycurtis, a callable)",
        (([[0.0, 0.0], [1.0, 0.0], [5.0, 5.0], [6.0, 5.0]], [0, 0, 1, 1]),), NUMBER, InputError,
        "clustval's exact pass computes the metrics of clustval._engine.metrics.METRIC_NAMES; "
        "give any other metric's distances with metric='precomputed' (sklearn.metrics.pairwise_distances "
        "or scipy.spatial.distance)",
        alias=InputError, keywords={"metric": "braycurtis"},
    ),  # fmt: skip
    Departure(
        ("silhouette_score",), "metric='euclidean' with a keyword euclidean_distances does not take",
        (([[0.0, 0.0], [1.0, 0.0], [5.0, 5.0], [6.0, 5.0]], [0, 0, 1, 1]),), TypeError, None,
        "scikit-learn passes it on to euclidean_distances, which raises TypeError; this layer "
        "refuses it as bad input, one line (InputError, a ValueError)",
        alias=InputError, keywords={"p": 1},
    ),  # fmt: skip
)
