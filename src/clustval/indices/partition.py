"""The partition an internal index reads: the data, the labels, and what passes over the
distances give (cluster sums, extremes, near neighbours, pair ranks), computed once and only
for what the indices ask for.

Every internal index is a *core*, a function of a :class:`Partition` that declares with
:func:`reads` what it reads; :func:`needs_of` gathers the declarations of a set of cores, so
that one Partition serves them all (:func:`clustval.internal_scores`), and
:func:`score_alone` runs one core alone: every index's public function is that call.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Iterable, Mapping
from functools import cached_property
from typing import NamedTuple

import numpy as np

from .._engine import progress as _progress
from .._engine.docs import M_NEIGHBOURS, N_OBJECTS, PASS_PARAMETERS
from .._engine.knn import NeighbourTable, nearest_neighbours, same_shares
from .._engine.metrics import METRIC_NAMES, Metric, as_metric
from .._engine.pair_pass import PairStats, PairValues, pair_stats
from .._engine.pairwise import (
    DEFAULT_MEMORY_BUDGET_MB,
    ClusterDistanceStats,
    check_memory_budget,
    cluster_distance_stats,
    distance_blocks,
)
from .._engine.validation import as_data_matrix, check_distances, scaled_distances, undefined_policy
from ..errors import InputError, SlowPassesWarning, UndefinedIndexError
from ._docs import INDEX_LABEL, SCORES_PARAMETERS, VALUE_PARAMETERS, VALUE_RETURNS, described
from .objects import LABEL_PARAMETERS, Objects, checked_objects

# What an internal index reads from a partition (its registry entry's ``needs``): the
# centroids and within sums, computed from the coordinates, and/or the summaries of the one
# pass over all pairwise distances.
COORDINATES = "coordinates"
CLUSTER_SUMS = "cluster_sums"  # sum of the distances from each object to each cluster
NEAREST = "nearest"  # the share of each object's nearest neighbours in its own cluster
EXTREMES = "extremes"  # cluster diameters and smallest between-cluster distances
PAIR_MAX = "pair_max"  # largest distance between each pair of clusters (GDI, complete linkage)
# From clustval._engine.pair_pass (its own passes over the distances, see there):
PAIR_RANKS = "pair_ranks"  # s+ / s- / ties of the within-between comparisons (Gamma, G+, Tau)
EXTREME_SUMS = "extreme_sums"  # sums of the N_W smallest and largest distances (C-index)
NEEDS = (COORDINATES, CLUSTER_SUMS, NEAREST, EXTREMES, PAIR_RANKS, EXTREME_SUMS, PAIR_MAX)
#: Names of the distance-based indices' ``metric``: the distances of the rows of X in one of
#: scipy's metrics (:class:`clustval._engine.metrics.Metric`, which also takes Minkowski's p),
#: or X is the distance matrix itself (as scikit-learn's ``silhouette_score`` takes it).
METRICS = (*METRIC_NAMES, "precomputed")
# The Parameters that the partition's sums over the objects and its neighbour searches share,
# written once (filled in by described where a docstring leaves them out)
_PARAMETERS = {
    "values": """values : ndarray of shape (n_samples,) or (n_samples, m)
    One value (or row of values) per object.""",
    "M": M_NEIGHBOURS,
}


class PreparedData(NamedTuple):
    """The data as the internal indices read them, checked and prepared once: what a
    :class:`Partition` takes for X, so that one preparation serves every clustering of the
    same data (:func:`clustval.indices.scoring.internal_scorer`).

    Extreme magnitudes are scaled by a power of two (:func:`clustval._engine.validation.as_data_matrix`):
    the scale-invariant indices need nothing more, the others state their value in the data's
    units (:meth:`Partition.in_data_units`).

    Attributes
    ----------
    X : ndarray
        The rows of X, scaled and in the metric's form (:meth:`clustval._engine.metrics.Metric.prepare`);
        with ``metric="precomputed"`` the checked distance matrix, scaled.
    scale : float
        The power of two that brings :attr:`X`'s distances to the data's.
    metric : Metric or None
        The metric of the rows of X other than Euclidean; None for Euclidean or precomputed.
    precomputed : bool
        :attr:`X` holds the distances.

    Examples
    --------
    >>> data = PreparedData.of([[0.0], [2.0**100]])
    >>> data.X.ravel().tolist(), data.scale == 2.0**100, data.metric, data.precomputed
    ([0.0, 1.0], True, None, False)
    >>> Partition(data, [0, 1]).X is data.X
    True
    """

    X: np.ndarray
    scale: float
    metric: Metric | None
    precomputed: bool

    @classmethod
    @described()
    def of(cls, X, metric="euclidean") -> PreparedData:
        """``X`` checked and prepared for ``metric``; data prepared already are returned as
        they are (they carry their metric), so that a caller may prepare once and hand the
        result on.

        Returns
        -------
        PreparedData
            The data as the indices read them.

        Raises
        ------
        clustval.errors.InputError
            Bad data or distances, or distances out of float64's range in the metric.

        Examples
        --------
        >>> PreparedData.of([[3.0, 4.0]], "cosine").X.tolist()  # rows of unit length
        [[0.6, 0.8]]
        """
        if isinstance(X, PreparedData):
            return X
        precomputed, other = is_precomputed(metric), _other_metric(metric)
        if precomputed:
            return cls(*scaled_distances(check_distances(X)), other, precomputed)
        X, scale = as_data_matrix(X, return_scale=True)
        if other is not None:  # its distances are those of the scaled data times scale**degree
            X, scale = other.prepare(X), _metric_scale(scale, other)
        return cls(X, scale, other, precomputed)


def _other_metric(metric) -> Metric | None:
    """The metric of the rows of X when it is another than Euclidean; None for Euclidean or precomputed."""
    return None if is_precomputed(metric) or as_metric(metric).euclidean else as_metric(metric)


@described()
class Partition:
    """A validated (X, labels) pair and what several internal indices share, computed once.

    The argument of every internal index core (``*_from_partition``, the registry entries'
    ``core``): the centroids and within sums come from the coordinates on first use, the
    summaries of the one pass over all pairwise distances from ``needs``. X may also be the
    data prepared already (:class:`PreparedData`, which carries its metric: ``metric`` is then
    not read).

    Parameters
    ----------
    needs : iterable of str
        What the cores will read (:data:`NEEDS`; a core's ``needs`` says it).
    sample_weight : array-like of shape (n,), optional
        Whole numbers >= 0, each the count of an object's copies
        (:func:`~clustval.indices.objects.check_sample_weight`). Objects of weight 0 are dropped
        first, as if absent; the coordinate terms (:attr:`sizes`, :attr:`n`, the centroids,
        the grand mean, the scatter, :meth:`total`, :meth:`sum_per_cluster`,
        :meth:`mean_per_cluster`) are then those of the data with each row repeated its
        weight's times, and so are the distance extremes (a copy adds only distances 0
        within its cluster), the distance pass's cluster sums (``sum_j w_j d(i, j)``: each
        row's sums, the same for each of its copies, whose own copies add 0), the
        silhouette's terms (:attr:`silhouette_terms`), the nearest neighbours' shares
        (a copy's nearest neighbour is another copy of it, at distance 0) and the neighbour
        slots of :meth:`neighbour_shares` (a copy's M nearest: its own other copies, then
        the rows in distance order, each with its copies). The rank passes (:attr:`pair_stats`)
        read the objects with each row repeated its weight's times.

    Raises
    ------
    clustval.errors.InputError
        Bad data, labels or weights, or coordinates needed from a distance matrix or with a
        metric other than Euclidean.

    Examples
    --------
    >>> p = Partition([[0.0], [1.0], [10.0], [11.0]], [0, 0, 1, 1], needs={COORDINATES, CLUSTER_SUMS})
    >>> from clustval.indices.classic import db_from_partition, sil_from_partition
    >>> db_from_partition(p), round(sil_from_partition(p), 6)
    (0.1, 0.899749)
    >>> w = Partition([[0.0], [1.0], [10.0], [11.0], [5.0]], [0, 0, 1, 1, 0], sample_weight=[2, 1, 1, 1, 0])
    >>> w.n, w.sizes.tolist(), w.centroids.ravel().tolist()  # [0, 0, 1] and [10, 11]
    (5, [3, 2], [-0.6666666666666667, 9.5])
    """

    def __init__(
        self,
        X,
        labels,
        *,
        needs: Iterable[str] = (),
        memory_budget_mb: float = DEFAULT_MEMORY_BUDGET_MB,
        metric: str = "euclidean",
        sample_weight=None,
    ) -> None:
        objects = checked_objects(labels, sample_weight=sample_weight, noise="cluster", name="labels")
        self._take(X, objects, needs, memory_budget_mb, metric)

    @classmethod
    def of_objects(
        cls,
        X,
        objects: Objects,
        *,
        needs: Iterable[str] = (),
        memory_budget_mb: float = DEFAULT_MEMORY_BUDGET_MB,
        metric: str = "euclidean",
    ) -> Partition:
        """The partition of objects checked already (:func:`~clustval.indices.objects.checked_objects`):
        the entry points' way in, which checks the labels once per call. X is that of every
        given object: the rows of those ``objects.kept`` leaves out are dropped here.

        Examples
        --------
        >>> from clustval.indices.objects import checked_objects
        >>> objects = checked_objects([0, -1, 1, 1], noise="exclude")
        >>> Partition.of_objects([[0.0], [5.0], [10.0], [11.0]], objects).X.ravel().tolist()
        [0.0, 10.0, 11.0]
        """
        partition = cls.__new__(cls)
        partition._take(X, objects, needs, memory_budget_mb, metric)
        return partition

    def _take(self, X, objects: Objects, needs: Iterable[str], memory_budget_mb: float, metric) -> None:
        check_memory_budget(memory_budget_mb)
        labels = objects.labels
        #: Objects a noise policy left out before ``labels`` (:class:`~clustval.indices.objects.Labels`' ``noise``).
        self.noise_objects = labels.noise
        #: Each row's count of copies (int64, all > 0), or None: every row once.
        self.weights: np.ndarray | None = objects.weights
        self.needs = frozenset(needs)  # what the indices read (clustval.indices.registry.NEEDS)
        if self.needs & {PAIR_RANKS, EXTREME_SUMS} and self.needs & {CLUSTER_SUMS, EXTREMES, PAIR_MAX}:
            # the rank passes cut the range of the distances, which the main pass finds when
            # it runs anyway; without it they find the range in a pass of their own
            self.needs |= {EXTREMES, PAIR_MAX}
        self.memory_budget_mb = memory_budget_mb
        self._neighbours: NeighbourTable | None = None  # the widest search so far
        prepared = X if isinstance(X, PreparedData) else None
        self.precomputed = is_precomputed(metric) if prepared is None else prepared.precomputed
        # another metric than Euclidean (None: Euclidean or precomputed); X holds its rows
        self.metric: Metric | None = _other_metric(metric) if prepared is None else prepared.metric
        if self.metric is not None and COORDINATES in self.needs:
            raise InputError(
                f"this index needs the data's coordinates (centroids) and Euclidean distances, "
                f"not metric={self.metric.name!r}: use metric='euclidean', or leave it out."
            )
        if self.precomputed and COORDINATES in self.needs:  # internal_scores names the indices first
            raise InputError("this index needs the data's coordinates, not only their distances.")
        # The data are checked as given, then the rows of the objects that remain are taken.
        data = PreparedData.of(X, metric)
        X, self.scale = data.X, data.scale
        what = f"distances are {X.shape[0]} x {X.shape[0]}" if self.precomputed else f"X has {X.shape[0]} rows"
        if objects.kept is not None:
            X = kept_rows(X, objects.kept, self.precomputed, objects.name, objects.given)
        elif X.shape[0] != labels.n:
            raise InputError(f"{what} but {objects.name} has {labels.n} entries: give one label per object.")
        self.X = X
        self.codes, self.n_clusters = labels.codes, labels.uniques.shape[0]
        self.n = self._count()

    @described(parameters=VALUE_PARAMETERS, sections=VALUE_RETURNS)
    def value(self, spec, given: Mapping[str, object]) -> float:
        """The internal index ``spec`` of this partition, its options taken from ``given``.

        Raises
        ------
        clustval.errors.InputError
            Weights on this partition, and an index that takes none with these options
            (:meth:`~clustval.indices.registry.IndexSpec.refuse_weights`).

        Examples
        --------
        >>> from clustval.indices.registry import get_index
        >>> db = get_index("db")
        >>> Partition([[0.0], [1.0], [10.0], [11.0]], [0, 0, 1, 1], needs=db.needs).value(db, {})
        0.1
        """
        if self.weights is not None:
            spec.refuse_weights(given)
        return spec.core(self, **spec.core_options(given))

    @described(parameters=SCORES_PARAMETERS)
    def scores(self, specs, given: Mapping[str, object], undefined: str) -> dict[str, float]:
        """The values of the internal indices ``specs`` on this partition, in their order,
        each one step of the current progress bar (:func:`clustval._engine.progress.current`).

        Returns
        -------
        dict of str to float

        Examples
        --------
        >>> from clustval.indices.scoring import internal_request
        >>> specs, given, needs = internal_request(["db"], "euclidean", "raise")
        >>> Partition([[0.0], [1.0], [10.0], [11.0]], [0, 0, 1, 1], needs=needs).scores(specs, given, "raise")
        {'db': 0.1}
        """
        values = {}
        with _progress.current().task("indices", total=len(specs)) as step:
            for spec in specs:
                step.doing(spec.name)
                values[spec.name] = math.nan
                with undefined_policy(undefined):
                    values[spec.name] = float(self.value(spec, given))
                step.advance()
        return values

    def _count(self) -> int:
        """n, the number of objects: the rows of X, each counted its weight's times."""
        return self.X.shape[0] if self.weights is None else int(self.weights.sum())

    def _refuse_weights(self, what: str) -> None:
        if self.weights is not None:
            raise InputError(f"{what} cannot be weighted: a copy at distance 0 changes it in ways with no "
                             "agreed weighted form; leave sample_weight out.")

    def in_data_units(self, value: float, power: int) -> float:
        """``value``, computed on :attr:`X` and of degree ``power`` in the coordinates
        (Trace_W: 2, a distance: 1), in the units of the data given: ``value * scale**power``,
        exact (a power of two), +-inf beyond the largest float.

        Parameters
        ----------
        value : float
            The index's value on the scaled coordinates.
        power : int
            How the index scales with the data: ``f(a X) = a**power f(X)``.

        Returns
        -------
        float
            The value in the data's units.

        Examples
        --------
        >>> p = Partition([[0.0], [2.0**1000], [3 * 2.0**1000]], [0, 0, 1], needs={COORDINATES})
        >>> p.scale == 2.0**1001, p.in_data_units(0.5, 1) == 2.0**1000, p.in_data_units(0.5, 2)
        (True, True, inf)
        """
        if self.scale == 1.0 or value == 0 or not math.isfinite(value):
            return value
        try:
            return math.ldexp(value, (math.frexp(self.scale)[1] - 1) * power)
        except OverflowError:
            return math.copysign(math.inf, value)

    @cached_property
    def shifted(self) -> np.ndarray:
        """X shifted by a data value near the middle, for the centroid terms: the indices
        are translation invariant, and means of values far from 0 would lose digits (the
        shift is exact for lattice data). Pairwise distances use X itself.

        Examples
        --------
        >>> p = Partition([[0.0], [1.0], [10.0], [11.0]], [0, 0, 1, 1], needs={CLUSTER_SUMS, EXTREMES})
        >>> p.shifted.ravel().tolist()  # X minus its lower median, 1
        [-1.0, 0.0, 9.0, 10.0]
        """
        if self.weights is None:
            return self.X - np.quantile(self.X, 0.5, axis=0, method="lower")
        # the lower median of the repeated rows: the (n - 1) // 2-th of them in each column
        order = np.argsort(self.X, axis=0, kind="stable")
        at = (np.cumsum(self.weights[order], axis=0) > (self.n - 1) // 2).argmax(axis=0)
        columns = np.arange(self.X.shape[1])
        return self.X - self.X[order[at, columns], columns]

    @described(parameters={"index": INDEX_LABEL})
    def require_clusters(self, index: str, *, allow_all_singletons: bool = True) -> None:
        """Raise UndefinedIndexError when ``index`` is undefined for this number of clusters.

        Parameters
        ----------
        allow_all_singletons : bool, default True
            False: K = n (every cluster a singleton) is undefined too.

        Raises
        ------
        clustval.errors.UndefinedIndexError
            K = 1, or K = n when ``allow_all_singletons`` is False.

        Examples
        --------
        >>> Partition([[0.0], [1.0]], [0, 0]).require_clusters("Sil")
        Traceback (most recent call last):
        ...
        clustval.errors.UndefinedIndexError: Sil is undefined for a single cluster (all 2 objects share one label): it compares clusters with each other. Score a partition with K >= 2.
        """
        if self.n_clusters < 2:
            raise UndefinedIndexError(
                f"{index} is undefined for a single cluster (all {self.n} objects share one "
                "label): it compares clusters with each other. Score a partition with K >= 2."
            )
        if not allow_all_singletons and self.n_clusters == self.n:
            raise UndefinedIndexError(
                f"{index} is undefined when every object is its own cluster (K = n = {self.n}): "
                "no object has a within-cluster distance. Score a partition with K <= n - 1."
            )

    @cached_property
    def sizes(self) -> np.ndarray:
        """n_k, the size of each cluster (by code).

        Examples
        --------
        >>> p = Partition([[0.0], [1.0], [10.0], [11.0]], [0, 0, 1, 1], needs={CLUSTER_SUMS, EXTREMES})
        >>> p.sizes.tolist()
        [2, 2]
        """
        if self.weights is None:
            return np.bincount(self.codes, minlength=self.n_clusters)
        # summed in float64, exact: the weights total below 2^53
        return np.bincount(self.codes, weights=self.weights, minlength=self.n_clusters).astype(np.int64)

    @cached_property
    def rows_per_cluster(self) -> np.ndarray:
        """How many rows of :attr:`X` each cluster holds: :attr:`sizes` without weights.

        Examples
        --------
        >>> p = Partition([[0.0], [1.0], [10.0]], [0, 0, 1], sample_weight=[1, 2, 3])
        >>> p.rows_per_cluster.tolist(), p.sizes.tolist()
        ([2, 1], [3, 3])
        """
        return self.sizes if self.weights is None else np.bincount(self.codes, minlength=self.n_clusters)

    def _weighted(self, values: np.ndarray) -> np.ndarray:
        """``values`` (one row per object) times each object's weight."""
        if self.weights is None:
            return values
        return values * self.weights.reshape(-1, *(1,) * (values.ndim - 1))

    @described(parameters=_PARAMETERS)
    def total(self, values: np.ndarray) -> float:
        """The sum of ``values`` over the objects (over every entry of a 2-D array), each
        object counted its weight's times.

        Returns
        -------
        float
            The sum over the repeated objects.

        Examples
        --------
        >>> p = Partition([[0.0], [1.0], [10.0]], [0, 0, 1], sample_weight=[1, 2, 3])
        >>> p.total(np.array([1.0, 2.0, 3.0]))  # 1 + 2 * 2 + 3 * 3
        14.0
        """
        return float(self._weighted(values).sum())

    @described(parameters=_PARAMETERS)
    def mean(self, values: np.ndarray) -> float:
        """The mean of ``values`` (one per object) over the objects, each counted its
        weight's times.

        Returns
        -------
        float
            :meth:`total` over :attr:`n`.

        Examples
        --------
        >>> p = Partition([[0.0], [1.0], [10.0]], [0, 0, 1], sample_weight=[1, 2, 3])
        >>> p.mean(np.array([1.0, 2.0, 3.0]))  # 14 / 6
        2.3333333333333335
        """
        return float(values.mean()) if self.weights is None else self.total(values) / self.n

    @described(parameters=_PARAMETERS)
    def sum_per_cluster(self, values: np.ndarray) -> np.ndarray:
        """The sum of ``values`` (one per object) over each cluster's members, each counted
        its weight's times.

        Returns
        -------
        ndarray of shape (K,)
            The sum over each cluster, clusters in label order.

        Examples
        --------
        >>> p = Partition([[0.0], [1.0], [10.0]], [0, 0, 1], sample_weight=[1, 2, 3])
        >>> p.sum_per_cluster(np.array([1.0, 2.0, 3.0])).tolist()
        [5.0, 9.0]
        """
        return np.bincount(self.codes, weights=self._weighted(values), minlength=self.n_clusters)

    @cached_property
    def _anchored_means(self) -> tuple[np.ndarray, np.ndarray]:
        """(centroids, member offsets x_i - c_{k(i)}), in shifted coordinates.

        Each mean is taken relative to one member of its cluster (the anchor), so a cluster
        of identical points has its centroid exactly on them and offsets exactly 0.
        """
        anchors = self.shifted[np.unique(self.codes, return_index=True)[1]]
        relative = self.shifted - anchors[self.codes]
        mean_relative = (
            np.stack(
                [
                    np.bincount(self.codes, weights=column, minlength=self.n_clusters)
                    for column in self._weighted(relative).T
                ],
                axis=1,
            )
            / self.sizes[:, None]
        )
        return anchors + mean_relative, relative - mean_relative[self.codes]

    @property
    def centroids(self) -> np.ndarray:
        """c_k, the mean of each cluster, in :attr:`shifted` coordinates.

        Examples
        --------
        >>> p = Partition([[0.0], [1.0], [10.0], [11.0]], [0, 0, 1, 1], needs={CLUSTER_SUMS, EXTREMES})
        >>> p.centroids.ravel().tolist()
        [-0.5, 9.5]
        """
        return self._anchored_means[0]

    @cached_property
    def squared_centroid_distances(self) -> np.ndarray:
        """||x_i - c_{k(i)}||^2 for every object, as a direct sum of squares.

        Examples
        --------
        >>> p = Partition([[0.0], [1.0], [10.0], [11.0]], [0, 0, 1, 1], needs={CLUSTER_SUMS, EXTREMES})
        >>> p.squared_centroid_distances.tolist()
        [0.25, 0.25, 0.25, 0.25]
        """
        return np.sum(self._anchored_means[1] ** 2, axis=1)

    @cached_property
    def within_scatter(self) -> np.ndarray:
        """W_k = sum_{x in C_k} (x - c_k)(x - c_k)^T, shape (K, d, d): one pass over the
        member offsets (already centred on their centroids), sorted by cluster.

        Examples
        --------
        >>> p = Partition([[0.0, 0.0], [2.0, 2.0], [10.0, 0.0]], [0, 0, 1], needs={COORDINATES})
        >>> p.within_scatter.tolist()  # offsets (-1, -1) and (1, 1); a singleton scatters 0
        [[[2.0, 2.0], [2.0, 2.0]], [[0.0, 0.0], [0.0, 0.0]]]
        """
        offsets = self._anchored_means[1]
        order = np.argsort(self.codes, kind="stable")
        rows = self.rows_per_cluster
        ends = np.cumsum(rows)
        scatter = np.zeros((self.n_clusters, self.X.shape[1], self.X.shape[1]))
        for k in np.flatnonzero(rows > 1):  # a single row's offset is exactly 0
            at = order[ends[k] - rows[k] : ends[k]]
            members = offsets[at]
            scatter[k] = (members if self.weights is None else members * self.weights[at, None]).T @ members
        return scatter

    @cached_property
    def within_diagonal(self) -> np.ndarray:
        """The diagonals of the W_k, shape (K, d): each feature's summed squared offsets
        from its cluster's centroid, in O(n d) (without the (K, d, d) :attr:`within_scatter`,
        which the indices that read only diagonals or traces do not need: at d = 5,000 it
        holds 200 MB per cluster).

        Examples
        --------
        >>> p = Partition([[0.0, 0.0], [2.0, 2.0], [10.0, 0.0]], [0, 0, 1], needs={COORDINATES})
        >>> p.within_diagonal.tolist()
        [[2.0, 2.0], [0.0, 0.0]]
        """
        squares = self._weighted(self._anchored_means[1] ** 2)
        order = np.argsort(self.codes, kind="stable")
        starts = np.concatenate(([0], np.cumsum(self.rows_per_cluster)[:-1]))
        return np.add.reduceat(squares[order], starts, axis=0)

    @property
    def grand_mean(self) -> np.ndarray:
        """xbar in shifted coordinates, anchored at the first object like the centroids.

        Examples
        --------
        >>> p = Partition([[0.0], [1.0], [10.0], [11.0]], [0, 0, 1, 1], needs={CLUSTER_SUMS, EXTREMES})
        >>> p.grand_mean.tolist()
        [4.5]
        """
        relative = self.shifted - self.shifted[0]
        if self.weights is None:
            return self.shifted[0] + relative.mean(axis=0)
        return self.shifted[0] + self._weighted(relative).sum(axis=0) / self.n

    @described(parameters=_PARAMETERS)
    def mean_per_cluster(self, values: np.ndarray) -> np.ndarray:
        """The mean of ``values`` (one per object) over each cluster: :meth:`sum_per_cluster`
        over :attr:`sizes`, clusters in label order.

        Returns
        -------
        ndarray of shape (K,)

        Examples
        --------
        >>> p = Partition([[0.0], [1.0], [10.0], [11.0]], [0, 0, 1, 1], needs={CLUSTER_SUMS, EXTREMES})
        >>> p.mean_per_cluster(np.array([1.0, 2.0, 3.0, 5.0])).tolist()
        [1.5, 4.0]
        """
        return self.sum_per_cluster(values) / self.sizes

    @cached_property
    def pair_stats(self) -> PairStats:
        """The order statistics of all pairwise distances that :attr:`needs` asks for
        (:func:`clustval._engine.pair_pass.pair_stats`: concordances, extreme sums).

        Examples
        --------
        >>> p = Partition([[0.0], [1.0], [10.0], [11.0]], [0, 0, 1, 1], needs={PAIR_RANKS})
        >>> s = p.pair_stats  # within 1, 1; between 9, 10, 10, 11: all 8 comparisons concordant
        >>> s.concordant, s.discordant, s.tied
        (8, 0, 0)
        """
        rows, codes = self._copies
        value_range = None  # the smallest and largest distance bound the buckets (see _take)
        if {EXTREMES, PAIR_MAX} <= self.needs:
            extremes = self.distance_stats
            # copies of a row lie at distance 0 from each other
            copied = rows is not None and rows.size > self.codes.size
            value_range = (0.0 if copied else float(extremes.pair_min.min()), float(extremes.pair_max.max()))
        with self.pair_values() as values:
            return pair_stats(self.X, codes, self.n_clusters, ranks=PAIR_RANKS in self.needs,
                              extreme_sums=EXTREME_SUMS in self.needs, memory_budget_mb=self.memory_budget_mb,
                              precomputed=self.precomputed, metric=self.metric, values=values,
                              value_range=value_range)  # fmt: skip

    def pair_values(self) -> PairValues:
        """Where :attr:`pair_stats` runs its passes: in this process (a partition on a
        cluster, :mod:`clustval.dask`, runs them as tasks).

        Returns
        -------
        clustval._engine.pair_pass.PairValues
            The distances of this partition, read in passes; a context manager, released
            when the passes are over.

        Examples
        --------
        >>> p = Partition([[0.0], [1.0], [10.0], [11.0]], [0, 0, 1, 1], needs={PAIR_RANKS})
        >>> with p.pair_values() as values:
        ...     values.class_sizes  # N_W and N_B
        (2, 4)
        """
        rows, codes = self._copies
        return PairValues(self.X, codes, self.n_clusters, self.memory_budget_mb, self.precomputed,
                          metric=self.metric, rows=rows)  # fmt: skip

    @cached_property
    def _copies(self) -> tuple[np.ndarray | None, np.ndarray]:
        """``(rows, codes)`` of the objects the rank passes read: with weights, each row once
        per copy (their value is that of the repeated data by construction: Gamma, G+, Tau
        and the C-index compare pairs of copies, a row's own copies at distance 0), else
        ``(None, codes)``. The copies' rows and codes count against the memory budget, and
        passes that read more than four times the pairs of the rows, and 10^8 distances or
        more (about a second a pass), warn."""
        if self.weights is None:
            return None, self.codes
        n, copies = self.codes.size, int(self.weights.sum())
        held = copies * 8 * (2 + (0 if self.precomputed else self.X.shape[1]))  # rows, codes, the data's copy
        if held > self.memory_budget_mb * 2**20:
            raise InputError(f"the rank indices (Gamma, G+, Tau, C-index) read the data with each row repeated "
                             f"its weight's times: {copies:,} copies take {held / 2**20:,.0f} MB, more than "
                             f"memory_budget_mb={self.memory_budget_mb:g}; raise it, or leave them out (names=).")
        if copies > 2 * n and copies * (copies - 1) // 2 >= 10**8:
            warnings.warn(f"the rank indices (Gamma, G+, Tau, C-index) read the data with each row repeated its "
                          f"weight's times: {copies * (copies - 1) // 2:,} distances, {(copies / n) ** 2:.1f}x those "
                          f"of the {n:,} rows; names= without them leaves them out.", SlowPassesWarning, stacklevel=2)
        rows = np.repeat(np.arange(n), self.weights)
        return rows, self.codes[rows]

    @cached_property
    def distance_stats(self) -> ClusterDistanceStats:
        """The summaries of the one pass over all pairwise distances that :attr:`needs` asks
        for; with weights, the cluster sums ``sum_{j in C_l} w_j d(i, j)`` and the nearest
        neighbours' shares of the repeated rows.

        Examples
        --------
        >>> p = Partition([[0.0], [1.0], [10.0], [11.0]], [0, 0, 1, 1], needs={CLUSTER_SUMS, EXTREMES})
        >>> p.distance_stats.cluster_sums.tolist()  # each object's summed distance to each cluster
        [[1.0, 21.0], [1.0, 19.0], [19.0, 1.0], [21.0, 1.0]]
        >>> w = Partition([[0.0], [1.0], [10.0], [11.0]], [0, 0, 1, 1], needs={CLUSTER_SUMS}, sample_weight=[1, 1, 3, 1])
        >>> w.distance_stats.cluster_sums.tolist()  # object 2 three times: 3 * 10 + 11 from object 0
        [[1.0, 41.0], [1.0, 37.0], [19.0, 1.0], [21.0, 3.0]]
        """
        needs = self.needs
        return cluster_distance_stats(self.X, self.codes, self.n_clusters, sums=CLUSTER_SUMS in needs,
                                      nearest=NEAREST in needs, extremes=EXTREMES in needs, pair_max=PAIR_MAX in needs,
                                      memory_budget_mb=self.memory_budget_mb, precomputed=self.precomputed,
                                      metric=self.metric, weights=self.weights)  # fmt: skip

    @described(parameters=_PARAMETERS)
    def nearest_neighbours(self, M: int) -> tuple[np.ndarray, np.ndarray]:
        """Each object's M nearest other objects, nearest first by (distance, row)
        (:func:`clustval._engine.knn.nearest_neighbours`), searched once for the largest M asked:
        a smaller M reads the first columns, the same neighbours and distances bit for bit.
        Which of several objects tied at the M-th distance the table lists depends on the
        row order; the indices read it through :meth:`neighbour_shares`, which does not.

        Returns
        -------
        distances : ndarray of shape (n, M)
            d(i, j-th neighbour of i), increasing along each row; read-only.
        neighbours : ndarray of shape (n, M)
            The neighbours' row numbers; read-only.

        Examples
        --------
        >>> p = Partition([[0.0], [1.0], [3.0], [7.0]], [0, 0, 1, 1])
        >>> d, j = p.nearest_neighbours(2)
        >>> d.tolist(), j.tolist(), p.nearest_neighbours(1)[1].tolist()
        ([[1.0, 3.0], [1.0, 2.0], [2.0, 3.0], [4.0, 6.0]], [[1, 2], [0, 2], [1, 0], [2, 1]], [[1], [0], [1], [2]])
        """
        self._refuse_weights("a table of each row's nearest other rows")  # a copy's are its copies
        table = self.neighbour_table(M)
        return table.distances[:, :M], table.neighbours[:, :M]

    @described(parameters=_PARAMETERS)
    def neighbour_shares(self, M: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Each object's M nearest neighbours with the tie rule of :mod:`clustval._engine.knn`:
        ``(distances, same, other)``, each (n, M): the distance of each neighbour slot and
        how much of the slot lies in the object's own cluster and in another (1 and 0 for a
        neighbour nearer than the M-th distance; the slots at the M-th distance shared
        equally by all the objects tied there), the same for every order of the rows.

        With weights, one row per row of :attr:`X`: the slots of any one of its copies among
        the repeated rows (its own other copies first, at distance 0;
        :func:`clustval._engine.knn.same_shares`), their shares counted the row's weight's
        times, so that sums over them are those over the repeated rows.

        Returns
        -------
        distances, same, other : ndarray of shape (rows of X, M)
            ``same + other`` is 1 in every slot (its weight, with weights).

        Examples
        --------
        >>> p = Partition([[0.0], [1.0], [2.0], [9.0]], [0, 0, 1, 1])
        >>> d, same, other = p.neighbour_shares(1)  # 1 is 1 from 0 (own cluster) and 2
        >>> d.ravel().tolist(), same.ravel().tolist()
        ([1.0, 1.0, 1.0, 7.0], [1.0, 0.5, 0.0, 1.0])
        >>> w = Partition([[0.0], [1.0], [2.0], [9.0]], [0, 0, 1, 1], sample_weight=[1, 1, 1, 2])
        >>> w.neighbour_shares(1)[1].ravel().tolist()  # 9's nearest is its copy, twice
        [1.0, 0.5, 0.0, 2.0]
        """
        table = self.neighbour_table(M if self.weights is None else min(M, self.X.shape[0] - 1))
        distances, same, other = same_shares(table, M, self.codes, self.weights)
        return distances, self._weighted(same), self._weighted(other)

    @described(parameters=_PARAMETERS)
    def neighbour_table(self, M: int) -> NeighbourTable:
        """The search for at least M neighbours (:func:`clustval._engine.knn.nearest_neighbours`:
        the table and the objects tied at its last distance), shared by the indices; its
        first M columns are the search for M.

        Returns
        -------
        clustval._engine.knn.NeighbourTable
            The widest search so far (M columns or more), its arrays read-only; with weights,
            the rows' neighbours among the rows, the ties counted with their copies.

        Examples
        --------
        >>> Partition([[0.0], [1.0], [2.0], [9.0]], [0, 0, 1, 1]).neighbour_table(1).tied.tolist()
        [1, 2, 1, 1]
        """
        if self._neighbours is None or self._neighbours.distances.shape[1] < M:
            found = nearest_neighbours(self.X, M, codes=self.codes, precomputed=self.precomputed,
                                       memory_budget_mb=self.memory_budget_mb, metric=self.metric,
                                       weights=self.weights)  # fmt: skip
            for table in found:
                if table is not None:
                    table.flags.writeable = False  # shared by the indices: no one changes it
            self._neighbours = found
        return self._neighbours

    @cached_property
    def silhouette_terms(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(a, b, has_mates), one of each per row: a = mean distance to the other members of
        the own cluster, b = smallest mean distance to another cluster, has_mates = n_k > 1.

        With weights, those of each copy of a row in the data with every row repeated its
        weight's times (W_k the weight of cluster k, w_j that of row j): the other members
        of i's cluster are i's w_i - 1 other copies, at distance 0, and w_j copies of each
        other member j, so ``a = sum_{j in C(i)} w_j d(i, j) / (W_{C(i)} - 1)``,
        ``b = min_{l != C(i)} sum_{j in C_l} w_j d(i, j) / W_l`` and has_mates =
        W_{C(i)} > 1: a cluster of one row of weight 2 or more has mates, its own copies
        (a = 0), and a row of weight 1 alone in its cluster has none.

        Examples
        --------
        >>> p = Partition([[0.0], [1.0], [10.0], [11.0]], [0, 0, 1, 1], needs={CLUSTER_SUMS, EXTREMES})
        >>> a, b, has_mates = p.silhouette_terms
        >>> a.tolist(), b.tolist()
        ([1.0, 1.0, 1.0, 1.0], [10.5, 9.5, 9.5, 10.5])
        >>> w = Partition([[0.0], [1.0], [10.0]], [0, 0, 1], needs={CLUSTER_SUMS}, sample_weight=[2, 1, 2])
        >>> a, b, has_mates = w.silhouette_terms  # row 0: its copy at 0 and row 1 at 1, over 3 - 1 mates
        >>> a.tolist(), b.tolist(), has_mates.tolist()
        ([0.5, 1.0, 0.0], [10.0, 9.0, 9.666666666666666], [True, True, True])
        """
        sums = self.distance_stats.cluster_sums
        rows = np.arange(self.codes.shape[0])
        own_size = self.sizes[self.codes]
        has_mates = own_size > 1
        a = sums[rows, self.codes] / np.maximum(own_size - 1, 1)
        means = sums / self.sizes
        means[rows, self.codes] = np.inf
        return a, means.min(axis=1), has_mates

    def centroid_separation(
        self, spread: np.ndarray | None = None
    ) -> tuple[np.ndarray | None, float]:
        """From the centroid distances, in row blocks: ``(worst, closest)`` with
        worst_k = max_{l != k} (spread_k + spread_l) / d(c_k, c_l) (Davies-Bouldin form; None
        without ``spread``) and closest = min_{k != l} d(c_k, c_l).

        Parameters
        ----------
        spread : ndarray of shape (K,), optional
            Each cluster's spread S_k (Davies-Bouldin's numerator terms).

        Returns
        -------
        worst : ndarray of shape (K,) or None
            max over l != k of (spread_k + spread_l) / d(c_k, c_l); None without ``spread``.
        closest : float
            The smallest distance between two centroids.

        Examples
        --------
        >>> p = Partition([[0.0], [1.0], [10.0], [11.0]], [0, 0, 1, 1], needs={CLUSTER_SUMS, EXTREMES})
        >>> p.centroid_separation(np.array([0.5, 0.5]))  # (0.5 + 0.5) / 10 for both
        (array([0.1, 0.1]), 10.0)
        """
        worst = None if spread is None else np.empty(self.n_clusters)
        closest = np.inf
        for r0, r1, D in distance_blocks(self.centroids, self.centroids, self.memory_budget_mb):
            rows = np.arange(r1 - r0)
            D[rows, r0 + rows] = np.inf  # a cluster is not compared with itself
            closest = min(closest, float(D.min()))
            if spread is not None:
                with np.errstate(divide="ignore", invalid="ignore"):
                    ratio = (spread[r0:r1, None] + spread[None, :]) / D
                ratio[D == 0] = np.inf  # coincident centroids: not separated at all
                worst[r0:r1] = ratio.max(axis=1)
        return worst, closest

    @cached_property
    def closest_pair(self) -> float:
        """min_{k != l} d_min(C_k, C_l): the smallest distance between two objects of different
        clusters (from the distance pass's ``extremes``).

        Examples
        --------
        >>> p = Partition([[0.0], [1.0], [10.0], [11.0]], [0, 0, 1, 1], needs={CLUSTER_SUMS, EXTREMES})
        >>> p.closest_pair  # objects 1 and 2
        9.0
        """
        between = self.distance_stats.pair_min.copy()
        np.fill_diagonal(between, np.inf)
        return float(between.min())


def _metric_scale(scale: float, metric: Metric) -> float:
    """``scale**degree``, the factor from the metric's distances of the scaled data to those of
    the data (a power of two), or InputError where it leaves float64's range (squared
    distances of data beyond ~1e154 or below ~1e-154 overflow or underflow)."""
    exponent = (math.frexp(scale)[1] - 1) * metric.degree
    if not -1022 <= exponent <= 1023:
        raise InputError(
            f"the {metric.name} distances of these data leave float64's range (magnitudes near "
            f"2^{math.frexp(scale)[1] - 1}): rescale X first."
        )
    return math.ldexp(1.0, exponent)


@described(parameters={"name": LABEL_PARAMETERS["name"], "n": N_OBJECTS,
                       "precomputed": PASS_PARAMETERS["precomputed"]})  # fmt: skip
def kept_rows(data, kept: np.ndarray, precomputed: bool, name: str = "labels_pred", n: int | None = None) -> np.ndarray:
    """The data of the objects ``kept``: rows of X, or rows and columns of the distances.

    Parameters
    ----------
    data : array-like
        X of shape (n, d), or with ``precomputed`` the (n, n) distances or their condensed
        upper triangle.
    kept : ndarray of bool, shape (n,), or of int64
        The objects that remain, or the given object of each one that remains
        (:attr:`~clustval.indices.objects.Objects.kept`; then ``n`` is the given number).

    Returns
    -------
    ndarray
        The rows (and columns) of the objects kept.

    Raises
    ------
    clustval.errors.InputError
        ``data`` has another number of objects than ``kept``.

    Examples
    --------
    >>> kept_rows([[0.0], [1.0], [2.0]], np.array([True, False, True]), False).tolist()
    [[0.0], [2.0]]
    """
    data = np.asarray(data)
    n = kept.size if n is None else n
    if precomputed and data.ndim == 1 and data.size == n * (n - 1) // 2:
        from scipy.spatial.distance import squareform  # only for condensed input

        data = squareform(data, checks=False)
    if data.ndim < 1 or data.shape[0] != n:
        raise InputError(f"the data have {data.shape[0] if data.ndim else 0} rows but {name} has "
                         f"{n} entries: give one label per object.")  # fmt: skip
    return data[np.ix_(kept, kept)] if precomputed and data.ndim == 2 else data[kept]


# is_precomputed and is_euclidean: what they read and what they refuse, written once
_metric_test = described(parameters=_PARAMETERS, sections={"Raises": """clustval.errors.InputError
    An unknown metric name (or a Minkowski p below 1)."""})


@_metric_test
def is_precomputed(metric) -> bool:
    """True for ``metric="precomputed"`` (X is the distance matrix), False for a metric of
    the rows of X.

    Returns
    -------
    bool
        True for ``"precomputed"``.

    Examples
    --------
    >>> is_precomputed("precomputed"), is_precomputed("euclidean"), is_precomputed("cosine")
    (True, False, False)
    """
    return as_metric(metric) == "precomputed"


@_metric_test
def is_euclidean(metric) -> bool:
    """True for the Euclidean distances of the rows of X (the only metric of the indices
    that need coordinates), False for ``"precomputed"`` and the other metrics.

    Returns
    -------
    bool
        True for ``"euclidean"`` (``"l2"``, Minkowski with p = 2).

    Examples
    --------
    >>> is_euclidean("euclidean"), is_euclidean(Metric("minkowski", p=2)), is_euclidean("manhattan")
    (True, True, False)
    """
    metric = as_metric(metric)
    return metric != "precomputed" and metric.euclidean


@described(parameters={"index": INDEX_LABEL})
def refuse_nan(value, index: str):
    """Return ``value`` (a float or array), refusing NaN: every index core ends with it, so
    no index returns a silent NaN. The data are scaled to magnitudes near 1 first
    (:func:`clustval._engine.validation.as_data_matrix`), so a NaN is a 0/0 or inf - inf among the
    index's terms on degenerate data: the index is undefined there, which
    ``score(..., undefined="nan")`` reports as NaN while the other indices keep their values.

    Parameters
    ----------
    value : float or ndarray
        The index's value (or its terms).

    Returns
    -------
    float or ndarray
        ``value``, a float when it is a scalar.

    Raises
    ------
    clustval.errors.UndefinedIndexError
        ``value`` holds a NaN.

    Examples
    --------
    >>> refuse_nan(np.float64(0.5), "DB")
    0.5
    """
    if np.any(np.isnan(value)):
        raise UndefinedIndexError(
            f"{index} is undefined for these data: its terms come to 0/0 or inf - inf "
            "(degenerate clusters: coinciding points or centroids)."
        )
    return float(value) if np.ndim(value) == 0 else value


# ----------------------------------------------------------------------------- index cores
# Each index is computed in one place, its core: a function of a Partition, whether the
# index is called alone or with others (clustval.internal_scores shares one Partition). A
# core declares what it reads from the partition (@reads), so the partition computes that
# and nothing else; the registry takes the same declaration.


def reads(*needs: str, when: dict[str, dict[object, Iterable[str]]] | None = None):
    """Declare what an index core reads from its :class:`Partition`.

    ``needs`` are some of :data:`NEEDS`; ``when`` adds needs for an option's value,
    ``{core keyword: {value: needs}}`` (XB's closest pair comes from the distance pass).
    The core gets them as ``core.needs`` and ``core.option_needs``.

    Parameters
    ----------
    *needs : str
        Some of :data:`NEEDS`: what the core reads whatever its options.
    when : dict, optional
        ``{core keyword: {value: needs}}``: what an option's value adds.

    Returns
    -------
    callable
        A decorator that sets ``core.needs`` and ``core.option_needs`` and returns the core.

    Raises
    ------
    clustval.errors.InputError
        A name that is not one of :data:`NEEDS`.

    See Also
    --------
    needs_of : what a core reads with given options.

    Examples
    --------
    >>> from clustval.indices.classic import xb_from_partition
    >>> sorted(xb_from_partition.needs), xb_from_partition.option_needs
    (['coordinates'], {'separation': {'closest_pair': frozenset({'extremes'})}})
    """
    unknown = set(needs).union(*(n for by in (when or {}).values() for n in by.values())) - set(NEEDS)
    if unknown:
        raise InputError(f"unknown needs {sorted(unknown)}; choose from {list(NEEDS)}.")

    def mark(core):
        core.needs = frozenset(needs)
        core.option_needs = {key: {value: frozenset(extra) for value, extra in by.items()}
                             for key, by in (when or {}).items()}  # fmt: skip
        return core

    return mark


def needs_of(core, options: Mapping[str, object]) -> frozenset[str]:
    """What ``core`` reads when called with ``options`` (its own keywords): its needs, and
    what an option's value adds (see :func:`reads`).

    Parameters
    ----------
    core : callable
        An internal index's core, declared with :func:`reads`.
    options : mapping
        The core's keyword arguments as they will be passed.

    Returns
    -------
    frozenset of str
        Names of :data:`NEEDS`.

    See Also
    --------
    reads : how a core declares what it reads.

    Examples
    --------
    >>> from clustval.indices.classic import xb_from_partition
    >>> sorted(needs_of(xb_from_partition, {"separation": "closest_pair"}))
    ['coordinates', 'extremes']
    """
    by_option = getattr(core, "option_needs", {})
    extra = (by_option[key].get(value, frozenset()) for key, value in options.items() if key in by_option)
    return frozenset(core.needs).union(*extra)

@described(sections=VALUE_RETURNS)
def score_alone(
    core, X, labels, memory_budget_mb: float = DEFAULT_MEMORY_BUDGET_MB, metric: str = "euclidean",
    *, sample_weight=None, **options,
):  # fmt: skip
    """One index alone: its core on a partition that computes just what the core reads with
    ``options`` (the core's keywords). Every index's public function is this call on its core.

    Parameters
    ----------
    core : callable
        The index's core, ``core(partition, **options)``, marked with :func:`reads`.
    **options
        The core's keywords.

    Examples
    --------
    >>> from clustval.indices.classic import db_from_partition
    >>> score_alone(db_from_partition, [[0.0], [1.0], [10.0], [11.0]], [0, 0, 1, 1])
    0.1
    """
    partition = Partition(X, labels, needs=needs_of(core, options), memory_budget_mb=memory_budget_mb,
                          metric=metric, sample_weight=sample_weight)  # fmt: skip
    return core(partition, **options)
