"""The generalised Dunn indices GDI12 .. GDI53 of Bezdek & Pal (1998) (clusterCrit's GDI).

``GDI_uv = min_{k != l} delta_u(C_k, C_l) / max_k Delta_v(C_k)``: a separation between
clusters over a diameter of clusters, both chosen among

* delta_1, single linkage: ``min_{i in C_k, j in C_l} d(i, j)``;
* delta_2, complete linkage: ``max_{i in C_k, j in C_l} d(i, j)``;
* delta_3, average linkage: ``sum_{i in C_k, j in C_l} d(i, j) / (n_k n_l)``;
* delta_4, centroid linkage: ``d(c_k, c_l)``;
* delta_5: ``(sum_{i in C_k} d(i, c_l) + sum_{j in C_l} d(j, c_k)) / (n_k + n_l)``, the mean
  distance of the members of the two clusters to the other cluster's centroid (Bezdek & Pal
  1998; ``centroid="own"`` takes each member's own centroid instead, as clusterCrit's
  vignette and code do);
* Delta_1, the diameter ``max_{i, j in C_k} d(i, j)``;
* Delta_2, the mean within distance ``sum_{i != j in C_k} d(i, j) / (n_k (n_k - 1))``;
* Delta_3, twice the mean distance to the centroid ``2 sum_{i in C_k} d(i, c_k) / n_k``.

GDI11 is Dunn's index itself: :func:`clustval.dunn` (``gdi11`` here is that function).
Bezdek & Pal also define delta_6, the Hausdorff distance, which clusterCrit 1.3.0 does not
compute; it is not here either.

Every term is exact or a single correctly ordered reduction: delta_1, Delta_1 come from the
shared distance pass's extremes, delta_3 and Delta_2 from its per-cluster sums, delta_2 from
its per-pair maxima, delta_4, delta_5 and Delta_3 from the coordinates (so those indices refuse ``metric="precomputed"``). A singleton's diameters are
0. As for Dunn: K = 1 raises UndefinedIndexError; a zero separation gives 0 (the worst
value), else a zero diameter gives inf.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from .._engine.docs import with_parameters
from .._engine.pairwise import distance_blocks
from ..errors import InputError
from ._docs import PARTITION
from .classic import (
    dunn,
)
from .partition import (
    CLUSTER_SUMS,
    COORDINATES,
    DEFAULT_MEMORY_BUDGET_MB,
    EXTREMES,
    PAIR_MAX,
    Partition,
    reads,
    refuse_nan,
    score_alone,
)

#: The family's indices, each under its registry name (clustval exports them from here).
__all__ = [
    "gdi12",
    "gdi13",
    "gdi21",
    "gdi22",
    "gdi23",
    "gdi31",
    "gdi32",
    "gdi33",
    "gdi41",
    "gdi42",
    "gdi43",
    "gdi51",
    "gdi52",
    "gdi53",
]

#: How delta_5 measures a member's distance: to the other cluster's centroid (Bezdek & Pal
#: 1998) or to its own (clusterCrit's vignette and code).
DELTA5_CENTROIDS = ("other", "own")
_BETWEEN_NEEDS = {1: EXTREMES, 2: PAIR_MAX, 3: CLUSTER_SUMS, 4: COORDINATES, 5: COORDINATES}
_WITHIN_NEEDS = {1: EXTREMES, 2: CLUSTER_SUMS, 3: COORDINATES}
_BETWEEN_NAMES = {
    1: ("single linkage", "min_{i in C_k, j in C_l} d(i, j)"),
    2: ("complete linkage", "max_{i in C_k, j in C_l} d(i, j)"),
    3: ("average linkage", "sum_{i in C_k, j in C_l} d(i, j) / (n_k n_l)"),
    4: ("centroid linkage", "d(c_k, c_l)"),
    5: ("the mean distance to the other centroid",
        "(sum_{i in C_k} d(i, c_l) + sum_{j in C_l} d(j, c_k)) / (n_k + n_l)"),
}  # fmt: skip
_WITHIN_NAMES = {
    1: ("the diameter", "max_{i, j in C_k} d(i, j)"),
    2: ("the mean within distance", "sum_{i != j in C_k} d(i, j) / (n_k (n_k - 1))"),
    3: ("twice the mean distance to the centroid", "2 sum_{i in C_k} d(i, c_k) / n_k"),
}

#: GDI11 is Dunn's index (single linkage over the diameter): the same function.
gdi11 = dunn


def _off_diagonal_min(matrix: np.ndarray) -> float:
    off = ~np.eye(matrix.shape[0], dtype=bool)
    return float(matrix[off].min())


def _cluster_totals(p: Partition, per_object: np.ndarray) -> np.ndarray:
    """T[k, l] = sum over i in C_k of per_object[i, l], each row counted its weight's times."""
    if p.weights is not None:
        per_object = per_object * p.weights[:, None]
    return np.stack(
        [np.bincount(p.codes, weights=column, minlength=p.n_clusters) for column in per_object.T],
        axis=1,
    )


def _centroid_distances(p: Partition) -> np.ndarray:
    """(n, K): d(x_i, c_l) for every row and centroid, in row blocks."""
    out = np.empty((p.codes.shape[0], p.n_clusters))
    for r0, r1, D in distance_blocks(p.shifted, p.centroids, p.memory_budget_mb):
        out[r0:r1] = D
    return out


def _own_centroid_distances(p: Partition) -> np.ndarray:
    """d(x_i, c_{k(i)}) from the anchored member offsets (exactly 0 on a repeated point)."""
    return np.sqrt(p.squared_centroid_distances)


@with_parameters({"p": PARTITION})
def separation(p: Partition, between: int, centroid: str = "other") -> float:
    """min_{k != l} delta_u(C_k, C_l), u = ``between`` (see the module docstring), from a
    partition whose needs include what delta_u reads (``_BETWEEN_NEEDS``).

    Parameters
    ----------
    between : {1, 2, 3, 4, 5}
        Which delta.
    centroid : {"other", "own"}, default "other"
        delta_5 only: the centroid each member's distance is taken to.

    Returns
    -------
    float
        The smallest separation between two clusters.

    Examples
    --------
    >>> p = Partition([[0.0], [1.0], [10.0], [11.0]], [0, 0, 1, 1], needs={CLUSTER_SUMS})
    >>> separation(p, 3)  # (10 + 11 + 9 + 10) / 4
    10.0
    """
    if between == 1:
        return p.closest_pair
    if between == 2:
        return _off_diagonal_min(p.distance_stats.pair_max)
    if between == 3:
        totals = _cluster_totals(p, p.distance_stats.cluster_sums)
        totals = (totals + totals.T) / 2  # the same distances, added in two orders
        return _off_diagonal_min(totals / np.outer(p.sizes, p.sizes))
    if between == 4:
        return p.centroid_separation()[1]
    if centroid == "own":
        own = p.sum_per_cluster(_own_centroid_distances(p))
        totals = own[:, None] + own[None, :]
    else:
        to_other = _cluster_totals(p, _centroid_distances(p))
        totals = to_other + to_other.T
    return _off_diagonal_min(totals / (p.sizes[:, None] + p.sizes[None, :]))


@with_parameters({"p": PARTITION})
def diameter(p: Partition, within: int) -> float:
    """max_k Delta_v(C_k), v = ``within`` (see the module docstring); a singleton's is 0. From
    a partition whose needs include what Delta_v reads (``_WITHIN_NEEDS``).

    Parameters
    ----------
    within : {1, 2, 3}
        Which Delta.

    Returns
    -------
    float
        The largest diameter of a cluster.

    Examples
    --------
    >>> p = Partition([[0.0], [1.0], [3.0], [10.0]], [0, 0, 0, 1], needs={CLUSTER_SUMS})
    >>> diameter(p, 2)  # (1 + 3 + 2) * 2 / (3 * 2); the singleton's is 0
    2.0
    """
    if within == 1:
        return float(p.distance_stats.diameters.max())
    if within == 2:  # with weights, over the copies' ordered pairs (a pair of copies adds 0)
        sums = p.distance_stats.cluster_sums[np.arange(p.codes.shape[0]), p.codes]
        ordered_pairs = p.sizes * (p.sizes - 1)
        per_cluster = p.sum_per_cluster(sums)
        return float(np.max(per_cluster / np.maximum(ordered_pairs, 1)))
    return float(2 * p.mean_per_cluster(_own_centroid_distances(p)).max())


def check_centroid(centroid: str) -> None:
    """Refuse an unknown delta_5 centroid (:data:`DELTA5_CENTROIDS`) with one line.

    Parameters
    ----------
    centroid : str
        The value to check.

    Raises
    ------
    clustval.errors.InputError
        Any value but "other" and "own".

    Examples
    --------
    >>> check_centroid("own")
    >>> check_centroid("mine")
    Traceback (most recent call last):
    ...
    clustval.errors.InputError: centroid = 'mine'; use one of 'other', 'own'
    """
    if centroid not in DELTA5_CENTROIDS:
        raise InputError(f"centroid = {centroid!r}; use one of {', '.join(map(repr, DELTA5_CENTROIDS))}")


def _gdi(p: Partition, between: int, within: int, centroid: str = "other") -> float:
    name = f"GDI{between}{within}"
    check_centroid(centroid)
    p.require_clusters(name)
    top = separation(p, between, centroid)
    if top == 0:
        return 0.0
    bottom = diameter(p, within)
    return refuse_nan(top / bottom if bottom > 0 else np.inf, name)


# ----------------------------------------------------------------------------- the indices
# Fifteen indices differ only in (u, v): each core and public function is made from
# _gdi by _define, with its registry name and its own docstring.

_EXAMPLE_X = "[[0.0, 0.0], [0.0, 2.0], [3.0, 0.0], [9.0, 0.0], [9.0, 1.0]]"
_EXAMPLE_LABELS = "[0, 0, 0, 1, 1]"

# Each index's one description; clustval.indices._docs writes the rest from its registry entry.
_DESCRIPTION = """GDI{u}{v}, the generalised Dunn index of {between_name} over {within_name}.

    ``GDI{u}{v} = min_{{k != l}} delta_{u}(C_k, C_l) / max_k Delta_{v}(C_k)`` with
    ``delta_{u}(C_k, C_l) = {between_formula}`` and ``Delta_{v}(C_k) = {within_formula}``
    (:mod:`clustval.indices.generalised_dunn`). 0 when the separation is 0, else inf when every
    diameter is 0.{centroid}

    >>> round(gdi{u}{v}({x}, {labels}), 6)
    {value}
    """
_CENTROID = """

    Parameters
    ----------
    centroid : {{"other", "own"}}, default "other"
        delta_5's centroid: each member's distance to the other cluster's centroid (Bezdek &
        Pal 1998), or to its own (clusterCrit's GDI5{v})."""
# The docstrings' example: delta_1 = 6 (from (3, 0) to (9, 0)), delta_2 = sqrt(85) (from (0, 2)
# to (9, 0)); Delta_1 = sqrt(13), Delta_2 = (2 + 3 + sqrt(13)) / 3, Delta_3 = 2 x the mean
# distance to (1, 2/3) (the two-point cluster is smaller on every Delta). The values are
# checked against the brute-force oracle in tests/indices/test_generalised_dunn.py.
_EXAMPLE_VALUES = {
    (1, 2): "2.091673", (1, 3): "1.808426", (2, 1): "2.557042", (2, 2): "3.214046",
    (2, 3): "2.778811", (3, 1): "2.237895", (3, 2): "2.812898", (3, 3): "2.431986",
    (4, 1): "2.219282", (4, 2): "2.789503", (4, 3): "2.411759", (5, 1): "2.229534",
    (5, 2): "2.802388", (5, 3): "2.422899",
}  # fmt: skip


def _define(u: int, v: int) -> tuple[Callable[..., float], Callable[..., float]]:
    """The core and the public function of GDI_uv, with their names and description."""
    name = f"gdi{u}{v}"
    needs = {_BETWEEN_NEEDS[u], _WITHIN_NEEDS[v]}

    if u == 5:

        def core(p: Partition, centroid: str = "other") -> float:
            return _gdi(p, u, v, centroid)

        def public(X, labels, *, metric: str = "euclidean", memory_budget_mb: float = DEFAULT_MEMORY_BUDGET_MB,
                   centroid: str = "other", sample_weight=None) -> float:  # fmt: skip
            check_centroid(centroid)
            return score_alone(core, X, labels, memory_budget_mb, metric, centroid=centroid,
                               sample_weight=sample_weight)
    else:

        def core(p: Partition) -> float:
            return _gdi(p, u, v)

        def public(X, labels, *, metric: str = "euclidean",
                   memory_budget_mb: float = DEFAULT_MEMORY_BUDGET_MB, sample_weight=None) -> float:  # fmt: skip
            return score_alone(core, X, labels, memory_budget_mb, metric, sample_weight=sample_weight)

    core = reads(*needs)(core)
    fields = {
        "u": u, "v": v, "x": _EXAMPLE_X, "labels": _EXAMPLE_LABELS, "value": _EXAMPLE_VALUES[u, v],
        "between_name": _BETWEEN_NAMES[u][0], "between_formula": _BETWEEN_NAMES[u][1],
        "within_name": _WITHIN_NAMES[v][0], "within_formula": _WITHIN_NAMES[v][1],
    }  # fmt: skip
    core.__name__ = core.__qualname__ = name + "_from_partition"
    public.__name__ = public.__qualname__ = name
    core.__module__ = public.__module__ = __name__
    public.__doc__ = _DESCRIPTION.format(**fields, centroid=_CENTROID.format(v=v) if u == 5 else "")
    return core, public


gdi12_from_partition, gdi12 = _define(1, 2)
gdi13_from_partition, gdi13 = _define(1, 3)
gdi21_from_partition, gdi21 = _define(2, 1)
gdi22_from_partition, gdi22 = _define(2, 2)
gdi23_from_partition, gdi23 = _define(2, 3)
gdi31_from_partition, gdi31 = _define(3, 1)
gdi32_from_partition, gdi32 = _define(3, 2)
gdi33_from_partition, gdi33 = _define(3, 3)
gdi41_from_partition, gdi41 = _define(4, 1)
gdi42_from_partition, gdi42 = _define(4, 2)
gdi43_from_partition, gdi43 = _define(4, 3)
gdi51_from_partition, gdi51 = _define(5, 1)
gdi52_from_partition, gdi52 = _define(5, 2)
gdi53_from_partition, gdi53 = _define(5, 3)
