"""Near-neighbour indices of Gagolewski, Bartoszuk & Cena (2021): WCNN and DuNN-OWA.

Both read each object's M nearest neighbours (M capped at n - 1), i.e. the n M pairs (i, j)
with j among the M nearest neighbours of i:

* WCNN_M, "within-cluster near neighbours": the share of those n M pairs whose two objects
  share a cluster. Range [0, 1]; higher is better.
* DuNN_{M, A, B}, a Dunn-like ratio ``A(between) / B(within)``: A, an OWA (ordered weighted
  averaging) aggregate of the distances of the pairs that cross clusters (separation at
  the scale of M neighbours), over B, one of the distances of the pairs inside a cluster
  (spread). The aggregates (:data:`OWA_OPERATORS`) are ``Min``, ``Max``, ``Mean``,
  ``Const`` (1), and ``SMin:D`` / ``SMax:D``, smoothed minimum / maximum: the 3 D smallest
  (largest) distances weighted by a half Gaussian, w_u ~ exp(-(u / D)^2 / 2), u = 0 .. 3D-1.
  Higher is better.

Ties are decided by distances, never by positions: when t objects lie at exactly the M-th
distance of object i and only r of its M slots are left for them (the others going to
nearer objects), each of the t counts r / t, in its own cluster or another. WCNN is then the
mean, over every order of the tied objects, of the value of the "lower row first" rule
genieclust's ``wcnn_index`` applies (whose value on tied data depends on the row order);
DuNN's aggregates take each pair with that weight (Min and Max:
every pair of positive weight, so every tied pair; Mean: the weighted mean; SMin and SMax:
the rank weights over the span of ranks each pair covers). Every value is the same for any
order of the objects, exactly; on data without ties at the M-th distance (continuous data)
it is genieclust's.

Both indices penalise a partition with a cluster of at most M members: its value is -inf,
the worst (Gagolewski et al. 2021, sec. 2; genieclust does the same), so that choosing K
never picks tiny clusters. DuNN is +inf when no near-neighbour pair crosses clusters (the
clusters are separated at the scale of M neighbours) and -inf when none lies inside one; a
zero separation gives 0 (the worst finite value, as for Dunn's index), else a zero spread
gives +inf. K = 1 raises UndefinedIndexError.

The neighbours come from the pairwise distances in row blocks bounded by
``memory_budget_mb`` (or from the rows of a precomputed distance matrix), so both indices
also take ``metric="precomputed"``; from n = 2000 objects in at most 12 dimensions a k-d
tree proposes the candidates (:mod:`clustval._engine.knn`). The partition searches once for the
largest M its indices ask (:meth:`clustval.indices.partition.Partition.nearest_neighbours`), so the
indices scored together share one search.

References
----------
Gagolewski, M., Bartoszuk, M., Cena, A. (2021). Are cluster validity measures (in)valid?
Information Sciences 581, 620-636. doi:10.1016/j.ins.2021.10.004.
"""

from __future__ import annotations

import math
import operator
from collections.abc import Callable

import numpy as np

from ..errors import InputError
from .partition import DEFAULT_MEMORY_BUDGET_MB, Partition, reads, score_alone

#: The family's indices, each under its registry name (clustval exports them from here).
__all__ = [
    "dunnowa_m25_max_min",
    "dunnowa_m25_mean_mean",
    "dunnowa_m25_min_max",
    "wcnn",
]

#: genieclust's default number of neighbours, and the one the paper's benchmarks report.
DEFAULT_M = 25
#: The OWA aggregates of DuNN: plain names, or ``"SMin:D"`` / ``"SMax:D"`` with an integer D >= 1.
OWA_OPERATORS = ("Min", "Max", "Mean", "Const", "SMin:D", "SMax:D")
#: genieclust's peers of the indices here and of those the registry already holds:
#: ``{registry name: (genieclust.cluster_validity function, how it relates)}``. On data with
#: ties at the M-th neighbour distance genieclust's WCNN and DuNN-OWA depend on the row
#: order (the lower row first); those here do not (the module's tie rule), and equal it
#: elsewhere.
GENIECLUST_PEERS = {
    "wcnn": ("wcnn_index(X, y, M=25)", "same"),
    "dunnowa_m25_min_max": ('dunnowa_index(X, y, 25, "Min", "Max")', "same"),
    "dunnowa_m25_mean_mean": ('dunnowa_index(X, y, 25, "Mean", "Mean")', "same"),
    "dunnowa_m25_max_min": ('dunnowa_index(X, y, 25, "Max", "Min")', "same"),
    "sil": ("silhouette_index", "same"),
    "calinski_harabasz": ("calinski_harabasz_index", "same"),
    "db": ("negated_davies_bouldin_index", "negated"),
    "ball_hall": ("negated_ball_hall_index", "negated and summed over the clusters: -K times this mean"),
    "dunn": ("generalised_dunn_index(X, y, 1, 1)", "same"),
    # Bezdek & Pal's delta_u over Delta_v; genieclust's Delta_2 and delta_5 are other forms
    **{f"gdi{u}{v}": (f"generalised_dunn_index(X, y, {u}, {v})", "same")
       for u in (1, 2, 3, 4) for v in (1, 3) if (u, v) != (1, 1)},
}  # fmt: skip


def check_m(M) -> int:
    """Refuse a number of neighbours that is not a positive integer, with a one-line error.

    Parameters
    ----------
    M : int
        The number of nearest neighbours.

    Returns
    -------
    int
        ``M`` as a Python int.

    Raises
    ------
    clustval.errors.InputError
        M is not an integer >= 1.

    Examples
    --------
    >>> check_m(25)
    25
    """
    try:
        m = operator.index(M)
    except TypeError:
        m = None
    if m is None or m < 1 or isinstance(M, bool):
        raise InputError(f"M, the number of nearest neighbours, must be an integer >= 1, got {M!r}.")
    return m


def _neighbour_pairs(p: Partition, M: int):
    """``(M, distances, same, other)`` with M capped at n - 1 (the neighbour slots and their
    shares in the own and in other clusters, :meth:`Partition.neighbour_shares`), or None
    when a cluster has <= M members."""
    M = min(check_m(M), p.n - 1)
    if p.sizes.min() <= M:
        return None
    return M, *p.neighbour_shares(M)


def _weighted(distances: np.ndarray, weights: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The slots of positive weight as (values, weights), sorted by value then weight: one
    order for every order of the rows, so that sums over them are too."""
    keep = weights > 0
    values, weights = distances[keep], weights[keep]
    order = np.lexsort((weights, values))
    return values[order], weights[order]


# ----------------------------------------------------------------------------- WCNN


@reads()
def wcnn_from_partition(p: Partition, M: int = DEFAULT_M) -> float:
    """WCNN_M from a :class:`~clustval.indices.partition.Partition` (see :func:`wcnn`).

    Parameters
    ----------
    p : Partition
        The partition.
    M : int, default 25
        The number of nearest neighbours.

    Returns
    -------
    float
        WCNN_M in [0, 1], or -inf when a cluster has at most M members.

    Examples
    --------
    >>> p = Partition([[0.0], [1.0], [3.0], [10.0], [11.0], [13.0]], [0, 0, 0, 1, 1, 1])
    >>> wcnn_from_partition(p, M=2)
    1.0
    """
    p.require_clusters("WCNN")
    pairs = _neighbour_pairs(p, M)
    if pairs is None:
        return -math.inf
    M, _, same, _ = pairs
    return math.fsum(same.ravel().tolist()) / (p.n * M)  # an exact sum: any order of the rows


def wcnn(
    X, labels, *, M: int = DEFAULT_M, metric: str = "euclidean",
    memory_budget_mb: float = DEFAULT_MEMORY_BUDGET_MB,
) -> float:  # fmt: skip
    """WCNN_M, within-cluster near neighbours (Gagolewski, Bartoszuk & Cena 2021).

    ``WCNN_M = #{(i, j): j among the M nearest neighbours of i, same cluster} / (n M)``: the
    share of each object's M nearest neighbours that lie in its own cluster, over all
    objects. M is capped at n - 1. Objects tied at the M-th distance share the slots left
    equally (the module's tie rule): the value does not depend on the order of the objects.

    Range [0, 1]; **higher is better**. -inf (the worst value) when a cluster has at most M
    members (the paper's penalty on small clusters; genieclust's ``wcnn_index`` does the
    same). Raises UndefinedIndexError for K = 1.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        The data; with ``metric="precomputed"`` the (n, n) distance matrix (or condensed).
    labels : array-like of shape (n_samples,)
        The cluster of each object: integers or strings.
    M : int, default 25
        The number of nearest neighbours (genieclust's default; the paper reports WCNN_25).
    metric : {"euclidean", "precomputed"}, default "euclidean"
        How X is read.
    memory_budget_mb : float, default 256
        Bound, in MB, on each block of pairwise distances held at once.

    Returns
    -------
    float
        WCNN_M in [0, 1], or -inf; higher is better.

    Raises
    ------
    clustval.errors.UndefinedIndexError
        K = 1.
    clustval.errors.InputError
        Bad data or labels, or M not a positive integer.

    References
    ----------
    Gagolewski, M., Bartoszuk, M., Cena, A. (2021). Are cluster validity measures
    (in)valid? Information Sciences 581, 620-636, sec. 2.

    Examples
    --------
    >>> X = [[0.0], [1.0], [3.0], [6.0], [10.0], [11.0], [13.0]]
    >>> wcnn(X, [0, 0, 0, 1, 1, 1, 1], M=2)  # 6's neighbour 3 crosses; 3's second is 0 or 6: half
    0.8928571428571429
    >>> wcnn(X, [0, 0, 0, 1, 1, 1, 1])  # a cluster of 3 <= M = 25 (capped to 6): penalised
    -inf
    """
    return score_alone(wcnn_from_partition, X, labels, memory_budget_mb, metric, M=M)


# ----------------------------------------------------------------------------- DuNN-OWA


def _owa(name: str, values: np.ndarray, weights: np.ndarray) -> float:
    """The OWA aggregate ``name`` of ``values`` (sorted increasingly) with multiplicities
    ``weights`` (1 for a neighbour, a share for a tied one); +inf (Min, Mean, SMin, SMax) or
    -inf (Max) over no values, as genieclust has it. Min and Max are the extreme values of
    positive weight, Mean the weighted mean; SMin:D and SMax:D spread the half-Gaussian
    weight of rank u, exp(-(u / D)^2 / 2) for u = 0 .. 3D-1, over the span of ranks each value
    covers (value i covers [w_0 + .. + w_(i-1), w_0 + .. + w_i)), which for multiplicities 1
    is the rank weight itself."""
    if name == "Const":
        return 1.0
    if values.size == 0:
        return -math.inf if name == "Max" else math.inf
    if name == "Min":
        return float(values[0])
    if name == "Max":
        return float(values[-1])
    if name == "Mean":
        # math.fsum, not a BLAS dot: a threaded dot's last bits follow the thread count
        return math.fsum(values * weights) / math.fsum(weights)
    delta = int(name[5:])
    if name.startswith("SMax"):
        values, weights = values[::-1], weights[::-1]
    ranks = np.arange(3 * delta + 1)
    rank_weights = np.exp(-0.5 * (ranks[:-1] / delta) ** 2)  # half a Gaussian, sd delta
    covered = np.interp(np.concatenate(([0.0], np.cumsum(weights))), ranks, np.r_[0.0, np.cumsum(rank_weights)])
    spans = np.diff(covered)
    return math.fsum(spans * values) / covered[-1]


def check_owa(name: str) -> str:
    """Refuse an OWA aggregate that is not one of :data:`OWA_OPERATORS`, with a one-line error.

    Parameters
    ----------
    name : str
        ``"Min"``, ``"Max"``, ``"Mean"``, ``"Const"``, ``"SMin:D"`` or ``"SMax:D"`` (D >= 1).

    Returns
    -------
    str
        ``name``.

    Raises
    ------
    clustval.errors.InputError
        Any other value.

    Examples
    --------
    >>> check_owa("SMin:5")
    'SMin:5'
    """
    ok = name in OWA_OPERATORS[:4] or (
        isinstance(name, str) and name[:5] in ("SMin:", "SMax:") and name[5:].isdigit() and int(name[5:]) >= 1
    )
    if not ok:
        raise InputError(f"OWA aggregate must be one of {OWA_OPERATORS} (D an integer >= 1), got {name!r}.")
    return name


@reads()
def dunnowa_from_partition(
    p: Partition, M: int = DEFAULT_M, numerator: str = "SMin:5", denominator: str = "Const"
) -> float:
    """DuNN_{M, numerator, denominator} from a :class:`~clustval.indices.partition.Partition`
    (see :func:`dunnowa`).

    Parameters
    ----------
    p : Partition
        The partition.
    M : int, default 25
        The number of nearest neighbours.
    numerator, denominator : str
        OWA aggregates (:data:`OWA_OPERATORS`) of the between- and within-cluster
        near-neighbour distances.

    Returns
    -------
    float
        The ratio, or -inf when a cluster has at most M members.

    Examples
    --------
    >>> p = Partition([[0.0], [1.0], [3.0], [6.0], [10.0], [11.0], [13.0]], [0, 0, 0, 1, 1, 1, 1])
    >>> dunnowa_from_partition(p, 2, "Min", "Max")  # 3 (6 to 3) over 4 (6 to 10)
    0.75
    """
    p.require_clusters("DuNN-OWA")
    check_owa(numerator), check_owa(denominator)
    pairs = _neighbour_pairs(p, M)
    if pairs is None:
        return -math.inf
    _, distances, same, other = pairs
    top = _owa(numerator, *_weighted(distances, other))
    if not math.isfinite(top):
        return math.inf  # no near-neighbour pair crosses clusters
    bottom = _owa(denominator, *_weighted(distances, same))
    if not math.isfinite(bottom):
        return -math.inf  # no near-neighbour pair inside a cluster
    if top == 0:
        return 0.0  # clusters that touch: the worst finite value, whatever the spread
    if bottom == 0:
        return math.inf
    # a ratio of two distances is scale free; Const makes the value a distance (or 1 / one)
    power = (numerator != "Const") - (denominator != "Const")
    return p.in_data_units(top / bottom, power)


def dunnowa(
    X, labels, *, M: int = DEFAULT_M, numerator: str = "SMin:5", denominator: str = "Const",
    metric: str = "euclidean", memory_budget_mb: float = DEFAULT_MEMORY_BUDGET_MB,
) -> float:  # fmt: skip
    """DuNN-OWA, a Dunn-like index on near neighbours (Gagolewski, Bartoszuk & Cena 2021).

    ``DuNN_{M, A, B} = A({d(i, j): j among the M nearest neighbours of i, other cluster})
    / B({d(i, j): j among the M nearest neighbours of i, same cluster})``, A and B OWA
    aggregates of those n M distances (:data:`OWA_OPERATORS`; see the module docstring;
    objects tied at the M-th distance share the slots left equally, so the value does not
    depend on the order of the objects).
    The defaults are genieclust's (``SMin:5`` over ``Const``, a distance in the data's
    units); the registry holds the paper's variants (:func:`dunnowa_m25_min_max`,
    :func:`dunnowa_m25_mean_mean`, :func:`dunnowa_m25_max_min`).

    **Higher is better.** -inf when a cluster has at most M members (the paper's penalty)
    or no near-neighbour pair lies inside a cluster; +inf when none crosses clusters; 0 when
    the separation is 0; +inf when only the spread is 0. Raises UndefinedIndexError for K = 1.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        The data; with ``metric="precomputed"`` the (n, n) distance matrix (or condensed).
    labels : array-like of shape (n_samples,)
        The cluster of each object: integers or strings.
    M : int, default 25
        The number of nearest neighbours (capped at n - 1).
    numerator, denominator : str, default "SMin:5", "Const"
        OWA aggregates of the between- and within-cluster near-neighbour distances.
    metric : {"euclidean", "precomputed"}, default "euclidean"
        How X is read.
    memory_budget_mb : float, default 256
        Bound, in MB, on each block of pairwise distances held at once.

    Returns
    -------
    float
        The index; higher is better.

    Raises
    ------
    clustval.errors.UndefinedIndexError
        K = 1.
    clustval.errors.InputError
        Bad data or labels, M not a positive integer, or an unknown aggregate.

    References
    ----------
    Gagolewski, M., Bartoszuk, M., Cena, A. (2021). Are cluster validity measures
    (in)valid? Information Sciences 581, 620-636, sec. 2.

    Examples
    --------
    >>> X = [[0.0], [1.0], [3.0], [6.0], [10.0], [11.0], [13.0]]
    >>> dunnowa(X, [0, 0, 0, 1, 1, 1, 1], M=2, numerator="Min", denominator="Max")
    0.75
    >>> dunnowa(X, [0, 0, 0, 1, 1, 1, 1], M=2, numerator="Max", denominator="Min")
    3.0
    """
    return score_alone(dunnowa_from_partition, X, labels, memory_budget_mb, metric, M=M,
                numerator=numerator, denominator=denominator)  # fmt: skip


def _variant(numerator: str, denominator: str) -> tuple[Callable[..., float], Callable[..., float]]:
    """The registry's DuNN_{25, numerator, denominator}: its core and its public function."""
    name = f"dunnowa_m{DEFAULT_M}_{numerator.lower()}_{denominator.lower()}"

    @reads()
    def core(p: Partition) -> float:
        return dunnowa_from_partition(p, DEFAULT_M, numerator, denominator)

    def function(X, labels, *, metric: str = "euclidean",
                 memory_budget_mb: float = DEFAULT_MEMORY_BUDGET_MB) -> float:  # fmt: skip
        return score_alone(core, X, labels, memory_budget_mb, metric)

    label = f"DuNN_{DEFAULT_M}_{numerator}_{denominator}"
    core.__name__ = core.__qualname__ = name + "_from_partition"
    core.__doc__ = f"""{label} from a :class:`~clustval.indices.partition.Partition` (see :func:`{name}`).

    Parameters
    ----------
    p : Partition
        The partition.

    Returns
    -------
    float
        {label}, or -inf when a cluster has at most {DEFAULT_M} members.

    Examples
    --------
    >>> p = Partition([[0.0], [1.0]] * 14 + [[9.0], [9.5]] * 14, [0] * 28 + [1] * 28)
    >>> {name}_from_partition(p) > 1
    True
    """
    function.__name__ = function.__qualname__ = name
    function.__doc__ = f"""{label}: :func:`dunnowa` with M = {DEFAULT_M}, numerator ``{numerator}``,
    denominator ``{denominator}`` (Gagolewski, Bartoszuk & Cena 2021).

    ``{numerator}`` of the distances from each object to those of its {DEFAULT_M} nearest
    neighbours in other clusters, over ``{denominator}`` of the distances to those in its
    own cluster (objects tied at the {DEFAULT_M}-th distance share the slots left equally:
    the value does not depend on the order of the objects). Scale free; **higher is
    better**; -inf when a cluster has at most {DEFAULT_M} members (the paper's penalty) or no near-neighbour pair lies inside a cluster,
    +inf when none crosses clusters. Raises UndefinedIndexError for K = 1. One of the
    variants the paper's benchmarks report (genieclust's
    ``dunnowa_index(X, y, {DEFAULT_M}, "{numerator}", "{denominator}")``).

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        The data; with ``metric="precomputed"`` the (n, n) distance matrix (or condensed).
    labels : array-like of shape (n_samples,)
        The cluster of each object: integers or strings.
    metric : {{"euclidean", "precomputed"}}, default "euclidean"
        How X is read.
    memory_budget_mb : float, default 256
        Bound, in MB, on each block of pairwise distances held at once.

    Returns
    -------
    float
        {label}; higher is better.

    Raises
    ------
    clustval.errors.UndefinedIndexError
        K = 1.
    clustval.errors.InputError
        Bad data or labels.

    References
    ----------
    Gagolewski, M., Bartoszuk, M., Cena, A. (2021). Are cluster validity measures
    (in)valid? Information Sciences 581, 620-636, sec. 2.

    Examples
    --------
    >>> X = [[0.0], [1.0]] * 14 + [[9.0], [9.5]] * 14
    >>> {name}(X, [0] * 28 + [1] * 28) > 1
    True
    """
    return core, function


dunnowa_m25_min_max_from_partition, dunnowa_m25_min_max = _variant("Min", "Max")
dunnowa_m25_mean_mean_from_partition, dunnowa_m25_mean_mean = _variant("Mean", "Mean")
dunnowa_m25_max_min_from_partition, dunnowa_m25_max_min = _variant("Max", "Min")
