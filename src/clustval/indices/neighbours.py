"""Near-neighbour indices of Gagolewski, Bartoszuk & Cena (2021): WCNN and DuNN-OWA.

Both read the n M pairs (i, j) with j among the M nearest neighbours of i (M capped at
n - 1): WCNN_M, the share of those pairs inside a cluster, and DuNN_{M, A, B}, a Dunn-like
ratio of A, an OWA (ordered weighted averaging) aggregate of the distances of the pairs that
cross clusters, over B, one of those inside a cluster (:data:`OWA_OPERATORS`: ``Min``,
``Max``, ``Mean``, ``Const`` (1), and ``SMin:D`` / ``SMax:D``, the 3 D smallest (largest)
distances weighted by a half Gaussian, exp(-(u / D)^2 / 2), u = 0 .. 3D-1).

Ties are decided by distances, never by positions: when t objects lie at the M-th distance
of i and r of its M slots are left, each counts r / t, so every value is the same for any
order of the objects (genieclust's, which depend on the row order there, equal these on data
without such ties). A partition with a cluster of at most M members scores -inf, the worst
(the paper's penalty, sec. 2, and genieclust's); DuNN is +inf when no near-neighbour pair
crosses clusters, -inf when none lies inside one, 0 when the separation is 0, else +inf when
the spread is. The neighbours come in blocks of ``memory_budget_mb`` (or from a precomputed
matrix; a k-d tree proposes them from n = 2000 in at most 12 dimensions), searched once per
partition for the largest M asked (:meth:`~clustval.indices.partition.Partition.nearest_neighbours`).
"""

from __future__ import annotations

import math
import operator
import re
from collections.abc import Callable

import numpy as np

from .._engine.docs import M_NEIGHBOURS, with_parameters
from ..errors import InputError, shown
from .options import count, text
from .partition import DEFAULT_MEMORY_BUDGET_MB, Partition, reads, score_alone

#: The family's indices, each under its registry name (clustval exports them from here).
__all__ = [
    "dunnowa",
    "dunnowa_m25_max_min",
    "dunnowa_m25_mean_mean",
    "dunnowa_m25_min_max",
    "wcnn",
]

#: genieclust's default number of neighbours, and the one the paper's benchmarks report.
DEFAULT_M = 25
#: The OWA aggregates of DuNN: plain names, or ``"SMin:D"`` / ``"SMax:D"`` with an integer D >= 1.
OWA_OPERATORS = ("Min", "Max", "Mean", "Const", "SMin:D", "SMax:D")
_OWA_PATTERN = r"Min|Max|Mean|Const|S(?:Min|Max):[1-9][0-9]*"
_OWA_FORM = '"Min", "Max", "Mean", "Const", "SMin:D" or "SMax:D" (D an integer >= 1)'
#: The registry's ``dunnowa``: any M, numerator and denominator, genieclust's defaults.
DUNNOWA_M = count("dunnowa_m", "M", DEFAULT_M, "DuNN-OWA's number of nearest neighbours M", minimum=1)
DUNNOWA_NUMERATOR = text("dunnowa_numerator", "numerator", "SMin:5",
                         "DuNN-OWA's OWA aggregate of the near-neighbour distances across clusters",
                         pattern=_OWA_PATTERN, form=_OWA_FORM)
DUNNOWA_DENOMINATOR = text("dunnowa_denominator", "denominator", "Const",
                           "DuNN-OWA's OWA aggregate of the near-neighbour distances inside a cluster",
                           pattern=_OWA_PATTERN, form=_OWA_FORM)
#: genieclust's peers of the indices here and of those the registry already holds:
#: ``{registry name: (genieclust.cluster_validity function, how it relates)}``. On data with
#: ties at the M-th neighbour distance genieclust's WCNN and DuNN-OWA depend on the row
#: order (the lower row first); those here do not (the module's tie rule), and equal it
#: elsewhere.
GENIECLUST_PEERS = {
    "wcnn": ("wcnn_index(X, y, M=25)", "same"),
    "dunnowa": ("dunnowa_index(X, y)", "same"),  # and for any M, numerator and denominator
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


@with_parameters({"M": M_NEIGHBOURS})
def check_m(M) -> int:
    """Refuse a number of neighbours that is not a positive integer, with a one-line error.
    Returns
    -------
    int
        ``M`` as a Python int.

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
        raise InputError(f"M, the number of nearest neighbours, must be an integer >= 1, got {shown(M)}.")
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
    if (weights == 1).all():  # no shares (no ties, no copies): the order of the values alone, 10x quicker
        return np.sort(values), weights
    order = np.lexsort((weights, values))
    return values[order], weights[order]


# ----------------------------------------------------------------------------- WCNN


@reads()
def wcnn_from_partition(p: Partition, M: int = DEFAULT_M) -> float:
    p.require_clusters("WCNN")
    pairs = _neighbour_pairs(p, M)
    if pairs is None:
        return -math.inf
    M, _, same, _ = pairs
    return math.fsum(same.ravel().tolist()) / (p.n * M)  # an exact sum: any order of the rows


def wcnn(
    X, labels, *, M: int = DEFAULT_M, metric: str = "euclidean",
    memory_budget_mb: float = DEFAULT_MEMORY_BUDGET_MB, sample_weight=None,
) -> float:  # fmt: skip
    """WCNN_M, within-cluster near neighbours: the share of each object's M nearest neighbours in its own cluster.

    ``WCNN_M = #{(i, j): j among the M nearest neighbours of i, same cluster} / (n M)``; -inf
    when a cluster has at most M members.

    Parameters
    ----------
    M : int, default 25
        The number of nearest neighbours (genieclust's default; the paper reports WCNN_25).

    >>> X = [[0.0], [1.0], [3.0], [6.0], [10.0], [11.0], [13.0]]
    >>> wcnn(X, [0, 0, 0, 1, 1, 1, 1], M=2)  # 6's neighbour 3 crosses; 3's second is 0 or 6: half
    0.8928571428571429
    """
    return score_alone(wcnn_from_partition, X, labels, memory_budget_mb, metric, M=M, sample_weight=sample_weight)


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

    Examples
    --------
    >>> check_owa("SMin:5")
    'SMin:5'
    """
    if not (isinstance(name, str) and re.fullmatch(_OWA_PATTERN, name)):
        raise InputError(f"OWA aggregate must be one of {OWA_OPERATORS} (D an integer >= 1), got {shown(name)}.")
    return name


@reads()
def dunnowa_from_partition(
    p: Partition, M: int = DEFAULT_M, numerator: str = "SMin:5", denominator: str = "Const"
) -> float:
    """DuNN_{M, numerator, denominator} from a :class:`~clustval.indices.partition.Partition` (the core of :func:`dunnowa`).

    Returns
    -------
    float
        The ratio (-inf when a cluster has at most M members).

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
    metric: str = "euclidean", memory_budget_mb: float = DEFAULT_MEMORY_BUDGET_MB, sample_weight=None,
) -> float:  # fmt: skip
    """DuNN-OWA, a Dunn-like index on near neighbours (Gagolewski, Bartoszuk & Cena 2021, sec. 2).

    ``DuNN_{M, A, B} = A({d(i, j): j among i's M nearest, other cluster}) / B({... same
    cluster})``, A and B OWA aggregates (see the module docstring). The defaults are
    genieclust's (``dunnowa_index(X, y)``); the registry's ``dunnowa`` takes them as the options
    ``dunnowa_m``, ``dunnowa_numerator`` and ``dunnowa_denominator``, and holds the paper's
    variants too (:func:`dunnowa_m25_min_max`, :func:`dunnowa_m25_mean_mean`,
    :func:`dunnowa_m25_max_min`). Higher is better; undefined (UndefinedIndexError) for K = 1.

    Examples
    --------
    >>> X = [[0.0], [1.0], [3.0], [6.0], [10.0], [11.0], [13.0]]
    >>> dunnowa(X, [0, 0, 0, 1, 1, 1, 1], M=2, numerator="Min", denominator="Max")
    0.75
    """
    return score_alone(dunnowa_from_partition, X, labels, memory_budget_mb, metric, M=M,
                numerator=numerator, denominator=denominator, sample_weight=sample_weight)  # fmt: skip


def _variant(numerator: str, denominator: str) -> tuple[Callable[..., float], Callable[..., float]]:
    """The registry's DuNN_{25, numerator, denominator}: its core and its public function."""
    name = f"dunnowa_m{DEFAULT_M}_{numerator.lower()}_{denominator.lower()}"

    @reads()
    def core(p: Partition) -> float:
        return dunnowa_from_partition(p, DEFAULT_M, numerator, denominator)

    def function(X, labels, *, metric: str = "euclidean",
                 memory_budget_mb: float = DEFAULT_MEMORY_BUDGET_MB, sample_weight=None) -> float:  # fmt: skip
        return score_alone(core, X, labels, memory_budget_mb, metric, sample_weight=sample_weight)

    core.__name__ = core.__qualname__ = name + "_from_partition"
    function.__name__ = function.__qualname__ = name
    # its one description; clustval.indices._docs writes the rest from its registry entry
    function.__doc__ = f"""DuNN_{DEFAULT_M}_{numerator}_{denominator}: :func:`dunnowa` with M = {DEFAULT_M}, ``{numerator}`` over ``{denominator}``.

    ``{numerator}`` of the distances from each object to its {DEFAULT_M} nearest neighbours in
    other clusters over ``{denominator}`` of those to its own cluster's; scale free. One of the
    variants the paper's benchmarks report (genieclust's
    ``dunnowa_index(X, y, {DEFAULT_M}, "{numerator}", "{denominator}")``).

    >>> X = [[0.0], [1.0]] * 14 + [[9.0], [9.5]] * 14
    >>> {name}(X, [0] * 28 + [1] * 28) > 1
    True
    """
    return core, function


dunnowa_m25_min_max_from_partition, dunnowa_m25_min_max = _variant("Min", "Max")
dunnowa_m25_mean_mean_from_partition, dunnowa_m25_mean_mean = _variant("Mean", "Mean")
dunnowa_m25_max_min_from_partition, dunnowa_m25_max_min = _variant("Max", "Min")
