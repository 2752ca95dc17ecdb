"""Internal validity indices: judge a clustering from the data alone.

Every function takes ``(X, labels)`` like scikit-learn: X is an (n, d) array, labels one
label per row. It bears the index's registry name (:mod:`clustval.registry`: ``sil``,
``db``), its core that name with ``_from_partition``; scikit-learn's name of the same index,
with scikit-learn's values at the edges, is in :mod:`clustval.compat.sklearn`
(``clustval.silhouette_score``).
Notation: K clusters C_k with n_k members, centroids c_k (member means), xbar the mean of
all data, d the Euclidean distance.

The indices that need all pairwise distances (Silhouette, BWP, IGP, Dunn, DBI) get them
from :func:`clustval._pairwise.cluster_distance_stats`, exact and in row blocks bounded by
``memory_budget_mb``; :func:`internal_scores` computes any set of indices with ONE such pass.
With ``metric="precomputed"`` the pass reads row blocks of a given distance matrix instead
(any metric); the indices built on centroids (STDI, DB, DBI, XB, Calinski-Harabasz) need
the coordinates and refuse it.

Degenerate partitions never give a silent NaN:

* K = 1: every index raises :class:`UndefinedIndexError`; Silhouette, BWP and
  Calinski-Harabasz also raise for K = n (every object alone), as scikit-learn does.
* Two clusters with the same centroid: DB, DBI and XB are ``inf`` (no separation at all,
  the worst value). scikit-learn's ``davies_bouldin_score`` instead drops such pairs
  (and returns 0 when all spreads or all centroid distances are within 1e-8 of 0); on
  every other input the two agree.
* A zero separation term gives the worst value even when the compactness term is zero
  too: STDI = 0 when every centroid equals xbar, Dunn = 0 when two clusters share a point.
  Otherwise a zero compactness term gives ``inf`` (STDI, Dunn, Calinski-Harabasz:
  perfectly compact; scikit-learn's ``calinski_harabasz_score`` returns 1.0 there).

scikit-learn's names (``clustval.davies_bouldin_score``, ...: :mod:`clustval.compat.sklearn`)
follow scikit-learn in these cases.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from functools import cached_property

import numpy as np

from ._knn import NeighbourTable, nearest_neighbours, same_shares
from ._pair_pass import PairStats, PairValues, pair_stats
from ._pairwise import (
    ClusterDistanceStats,
    check_memory_budget,
    cluster_distance_stats,
    distance_blocks,
)
from ._validation import check_data, check_distances, scaled_distances
from .errors import InputError, UndefinedIndexError

DEFAULT_MEMORY_BUDGET_MB = 256
#: How XB measures the separation of the clusters (see :func:`xb`).
XB_SEPARATIONS = ("centroids", "closest_pair")
#: How sil averages the widths: over objects (Rousseeuw), or over clusters of their means (clusterCrit).
SIL_AVERAGES = ("objects", "clusters")

# What an internal index reads from a partition (its registry entry's ``needs``): the
# centroids and within sums, computed from the coordinates, and/or the summaries of the one
# pass over all pairwise distances.
COORDINATES = "coordinates"
CLUSTER_SUMS = "cluster_sums"  # sum of the distances from each object to each cluster
NEAREST = "nearest"  # the share of each object's nearest neighbours in its own cluster
EXTREMES = "extremes"  # cluster diameters and smallest between-cluster distances
PAIR_MAX = "pair_max"  # largest distance between each pair of clusters (GDI, complete linkage)
# From clustval._pair_pass (its own passes over the distances, see there):
PAIR_RANKS = "pair_ranks"  # s+ / s- / ties of the within-between comparisons (Gamma, G+, Tau)
EXTREME_SUMS = "extreme_sums"  # sums of the N_W smallest and largest distances (C-index)
NEEDS = (COORDINATES, CLUSTER_SUMS, NEAREST, EXTREMES, PAIR_RANKS, EXTREME_SUMS, PAIR_MAX)
#: Values of the distance-based indices' ``metric``: Euclidean distances of the rows of X, or
#: X is the distance matrix itself (as scikit-learn's ``silhouette_score`` takes it).
METRICS = ("euclidean", "precomputed")


class Partition:
    """A validated (X, labels) pair and what several internal indices share, computed once.

    The argument of every internal index core (``*_from_partition``, the registry entries'
    ``core``): the centroids and within sums come from the coordinates on first use, the
    summaries of the one pass over all pairwise distances from ``needs``.

    Parameters
    ----------
    X : array-like of shape (n, d)
        The data; with ``metric="precomputed"`` the (n, n) distance matrix (or its condensed
        upper triangle).
    labels : array-like of shape (n,)
        The clustering.
    needs : iterable of str
        What the cores will read (:data:`NEEDS`; a core's ``needs`` says it).
    memory_budget_mb : float
        Bound on each block of pairwise distances.
    metric : {"euclidean", "precomputed"}
        How X gives the distances.

    Raises
    ------
    clustval.errors.InputError
        Bad data or labels, or coordinates needed from a distance matrix.

    Examples
    --------
    >>> p = Partition([[0.0], [1.0], [10.0], [11.0]], [0, 0, 1, 1], needs={COORDINATES, CLUSTER_SUMS})
    >>> db_from_partition(p), round(sil_from_partition(p), 6)
    (0.1, 0.899749)
    """

    def __init__(
        self,
        X,
        labels,
        *,
        needs: Iterable[str] = (),
        memory_budget_mb: float = DEFAULT_MEMORY_BUDGET_MB,
        metric: str = "euclidean",
    ) -> None:
        check_memory_budget(memory_budget_mb)
        self.needs = frozenset(needs)  # what the indices read (clustval.registry.NEEDS)
        if self.needs & {PAIR_RANKS, EXTREME_SUMS}:
            # the rank passes cut the range of the distances, which the main pass finds
            self.needs |= {EXTREMES, PAIR_MAX}
        self.memory_budget_mb = memory_budget_mb
        self._neighbours: NeighbourTable | None = None  # the widest search so far
        self.precomputed = is_precomputed(metric)
        if self.precomputed:
            if COORDINATES in self.needs:  # internal_scores names the indices first
                raise InputError("this index needs the data's coordinates, not only their distances.")
            self.X, self.codes, self.n_clusters = check_distances(X, labels)
            self.X, self.scale = scaled_distances(self.X)  # as the coordinates below
            self.n = self.X.shape[0]
            return
        # extreme magnitudes are scaled by a power of two (clustval._validation.as_data_matrix):
        # the scale-invariant indices need nothing more, the others state their value in the
        # data's units with in_data_units
        self.X, self.codes, self.n_clusters, self.scale = check_data(X, labels, return_scale=True)
        self.n = self.X.shape[0]

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
        return self.X - np.quantile(self.X, 0.5, axis=0, method="lower")

    def require_clusters(self, index: str, *, allow_all_singletons: bool = True) -> None:
        """Raise UndefinedIndexError when ``index`` is undefined for this number of clusters.

        Parameters
        ----------
        index : str
            The index's name, for the message.
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
        return np.bincount(self.codes, minlength=self.n_clusters)

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
                    for column in relative.T
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
        ends = np.cumsum(self.sizes)
        scatter = np.zeros((self.n_clusters, self.X.shape[1], self.X.shape[1]))
        for k in np.flatnonzero(self.sizes > 1):  # a singleton's offset is exactly 0
            members = offsets[order[ends[k] - self.sizes[k] : ends[k]]]
            scatter[k] = members.T @ members
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
        squares = self._anchored_means[1] ** 2
        order = np.argsort(self.codes, kind="stable")
        starts = np.concatenate(([0], np.cumsum(self.sizes)[:-1]))
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
        return self.shifted[0] + (self.shifted - self.shifted[0]).mean(axis=0)

    def mean_per_cluster(self, values: np.ndarray) -> np.ndarray:
        """The mean of ``values`` (one per object) over each cluster's members.

        Parameters
        ----------
        values : ndarray of shape (n_samples,)
            One value per object.

        Returns
        -------
        ndarray of shape (K,)
            The mean over each cluster's members, clusters in label order.

        Examples
        --------
        >>> p = Partition([[0.0], [1.0], [10.0], [11.0]], [0, 0, 1, 1], needs={CLUSTER_SUMS, EXTREMES})
        >>> p.mean_per_cluster(np.array([1.0, 2.0, 3.0, 5.0])).tolist()
        [1.5, 4.0]
        """
        return np.bincount(self.codes, weights=values, minlength=self.n_clusters) / self.sizes

    @cached_property
    def pair_stats(self) -> PairStats:
        """The order statistics of all pairwise distances that :attr:`needs` asks for
        (:func:`clustval._pair_pass.pair_stats`: concordances, extreme sums).

        Examples
        --------
        >>> p = Partition([[0.0], [1.0], [10.0], [11.0]], [0, 0, 1, 1], needs={PAIR_RANKS})
        >>> s = p.pair_stats  # within 1, 1; between 9, 10, 10, 11: all 8 comparisons concordant
        >>> s.concordant, s.discordant, s.tied
        (8, 0, 0)
        """
        extremes = self.distance_stats  # the smallest and largest distance bound the buckets
        with self.pair_values() as values:
            return pair_stats(
                self.X,
                self.codes,
                self.n_clusters,
                ranks=PAIR_RANKS in self.needs,
                extreme_sums=EXTREME_SUMS in self.needs,
                memory_budget_mb=self.memory_budget_mb,
                precomputed=self.precomputed,
                value_range=(float(extremes.pair_min.min()), float(extremes.pair_max.max())),
                values=values,
            )

    def pair_values(self) -> PairValues:
        """Where :attr:`pair_stats` runs its passes: in this process (a partition on a
        cluster, :mod:`clustval.dask`, runs them as tasks).

        Returns
        -------
        clustval._pair_pass.PairValues
            The distances of this partition, read in passes; a context manager, released
            when the passes are over.

        Examples
        --------
        >>> p = Partition([[0.0], [1.0], [10.0], [11.0]], [0, 0, 1, 1], needs={PAIR_RANKS})
        >>> with p.pair_values() as values:
        ...     values.class_sizes  # N_W and N_B
        (2, 4)
        """
        return PairValues(self.X, self.codes, self.n_clusters, self.memory_budget_mb, self.precomputed)

    @cached_property
    def distance_stats(self) -> ClusterDistanceStats:
        """The summaries of the one pass over all pairwise distances that :attr:`needs` asks for.

        Examples
        --------
        >>> p = Partition([[0.0], [1.0], [10.0], [11.0]], [0, 0, 1, 1], needs={CLUSTER_SUMS, EXTREMES})
        >>> p.distance_stats.cluster_sums.tolist()  # each object's summed distance to each cluster
        [[1.0, 21.0], [1.0, 19.0], [19.0, 1.0], [21.0, 1.0]]
        """
        return cluster_distance_stats(
            self.X,
            self.codes,
            self.n_clusters,
            sums=CLUSTER_SUMS in self.needs,
            nearest=NEAREST in self.needs,
            extremes=EXTREMES in self.needs,
            pair_max=PAIR_MAX in self.needs,
            memory_budget_mb=self.memory_budget_mb,
            precomputed=self.precomputed,
        )

    def nearest_neighbours(self, M: int) -> tuple[np.ndarray, np.ndarray]:
        """Each object's M nearest other objects, nearest first by (distance, row)
        (:func:`clustval._knn.nearest_neighbours`), searched once for the largest M asked:
        a smaller M reads the first columns, the same neighbours and distances bit for bit.
        Which of several objects tied at the M-th distance the table lists depends on the
        row order; the indices read it through :meth:`neighbour_shares`, which does not.

        Parameters
        ----------
        M : int
            How many neighbours, 1 <= M <= n - 1.

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
        table = self.neighbour_table(M)
        return table.distances[:, :M], table.neighbours[:, :M]

    def neighbour_shares(self, M: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Each object's M nearest neighbours with the tie rule of :mod:`clustval._knn`:
        ``(distances, same, other)``, each (n, M): the distance of each neighbour slot and
        how much of the slot lies in the object's own cluster and in another (1 and 0 for a
        neighbour nearer than the M-th distance; the slots at the M-th distance shared
        equally by all the objects tied there), the same for every order of the rows.

        Parameters
        ----------
        M : int
            How many neighbours, 1 <= M <= n - 1.

        Returns
        -------
        distances, same, other : ndarray of shape (n, M)
            ``same + other`` is 1 in every slot.

        Examples
        --------
        >>> p = Partition([[0.0], [1.0], [2.0], [9.0]], [0, 0, 1, 1])
        >>> d, same, other = p.neighbour_shares(1)  # 1 is 1 from 0 (own cluster) and 2
        >>> d.ravel().tolist(), same.ravel().tolist()
        ([1.0, 1.0, 1.0, 7.0], [1.0, 0.5, 0.0, 1.0])
        """
        table = self.neighbour_table(M)
        same, other = same_shares(table, M, self.codes)
        return table.distances[:, :M], same, other

    def neighbour_table(self, M: int) -> NeighbourTable:
        """The search for at least M neighbours (:func:`clustval._knn.nearest_neighbours`:
        the table and the objects tied at its last distance), shared by the indices; its
        first M columns are the search for M.

        Parameters
        ----------
        M : int
            How many neighbours, 1 <= M <= n - 1.

        Returns
        -------
        clustval._knn.NeighbourTable
            The widest search so far (M columns or more), its arrays read-only.

        Examples
        --------
        >>> Partition([[0.0], [1.0], [2.0], [9.0]], [0, 0, 1, 1]).neighbour_table(1).tied.tolist()
        [1, 2, 1, 1]
        """
        if self._neighbours is None or self._neighbours.distances.shape[1] < M:
            found = nearest_neighbours(self.X, M, codes=self.codes, precomputed=self.precomputed,
                                       memory_budget_mb=self.memory_budget_mb)  # fmt: skip
            for table in found:
                if table is not None:
                    table.flags.writeable = False  # shared by the indices: no one changes it
            self._neighbours = found
        return self._neighbours

    @cached_property
    def silhouette_terms(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(a, b, has_mates): a = mean distance to the other members of the own cluster,
        b = smallest mean distance to another cluster, has_mates = n_k > 1.

        Examples
        --------
        >>> p = Partition([[0.0], [1.0], [10.0], [11.0]], [0, 0, 1, 1], needs={CLUSTER_SUMS, EXTREMES})
        >>> a, b, has_mates = p.silhouette_terms
        >>> a.tolist(), b.tolist()
        ([1.0, 1.0, 1.0, 1.0], [10.5, 9.5, 9.5, 10.5])
        """
        sums = self.distance_stats.cluster_sums
        rows = np.arange(self.n)
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


def is_precomputed(metric: str) -> bool:
    """True for ``metric="precomputed"`` (X is the distance matrix), False for Euclidean.

    Parameters
    ----------
    metric : str
        ``"euclidean"`` or ``"precomputed"``.

    Returns
    -------
    bool
        True for ``"precomputed"``.

    Raises
    ------
    clustval.errors.InputError
        Any other metric.

    Examples
    --------
    >>> is_precomputed("precomputed"), is_precomputed("euclidean")
    (True, False)
    """
    if metric not in METRICS:
        raise InputError(f"metric must be one of {METRICS}, got {metric!r}.")
    return metric == "precomputed"


def refuse_nan(value, index: str):
    """Return ``value`` (a float or array), refusing NaN: every index core ends with it, so
    no index returns a silent NaN. The data are scaled to magnitudes near 1 first
    (:func:`clustval._validation.as_data_matrix`), so a NaN is a 0/0 or inf - inf among the
    index's terms on degenerate data: the index is undefined there, which
    ``score(..., undefined="nan")`` reports as NaN while the other indices keep their values.

    Parameters
    ----------
    value : float or ndarray
        The index's value (or its terms).
    index : str
        The index's label, for the message.

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
    >>> sorted(needs_of(xb_from_partition, {"separation": "closest_pair"}))
    ['coordinates', 'extremes']
    """
    by_option = getattr(core, "option_needs", {})
    extra = (by_option[key].get(value, frozenset()) for key, value in options.items() if key in by_option)
    return frozenset(core.needs).union(*extra)


@reads(COORDINATES)
def stdi_from_partition(p: Partition, squared: bool = False) -> float:
    """STDI of a :class:`Partition` (the core of :func:`stdi`, which documents it).

    Parameters
    ----------
    p : Partition
        The validated data and labels with their shared summaries (centroids, the distance
        pass's sums), as :func:`~clustval.scoring.internal_scores` builds it once for all indices.
    squared : bool, default False
        Square every norm (the form printed in the paper's OCR); the default plain norms
        reproduce the paper's Fig. 3 axis.

    Returns
    -------
    float
        The value :func:`stdi` gives for the same data and labels.

    Raises
    ------
    clustval.errors.UndefinedIndexError
        K = 1.

    See Also
    --------
    stdi : the same index from the data, with its definition and reference.

    Examples
    --------
    >>> X, labels = [[0.0], [1.0], [10.0], [11.0]], [0, 0, 1, 1]
    >>> stdi_from_partition(Partition(X, labels, needs=stdi_from_partition.needs)) == stdi(X, labels)
    True
    """
    p.require_clusters("STDI")
    centroid_offsets = np.sum((p.centroids - p.grand_mean) ** 2, axis=1)
    member_offsets = p.squared_centroid_distances
    if not squared:
        centroid_offsets, member_offsets = np.sqrt(centroid_offsets), np.sqrt(member_offsets)
    separation = centroid_offsets.mean()
    compactness = p.mean_per_cluster(member_offsets).sum()
    if separation == 0:
        return 0.0
    return refuse_nan(separation / compactness if compactness > 0 else np.inf, "STDI")


@reads(COORDINATES)
def db_from_partition(p: Partition, q: float = 1, minkowski: float = 2, squared: bool = False) -> float:
    """DB of a :class:`Partition` (the core of :func:`db`, which documents it).

    Parameters
    ----------
    p : Partition
        The validated data and labels with their shared summaries (centroids, the distance
        pass's sums), as :func:`~clustval.scoring.internal_scores` builds it once for all indices.
    q, minkowski, squared
        :func:`db`'s ``q``, ``p`` and ``squared``.

    Returns
    -------
    float
        The value :func:`db` gives for the same data and labels.

    Raises
    ------
    clustval.errors.UndefinedIndexError
        K = 1.

    See Also
    --------
    db : the same index from the data, with its definition and reference.

    Examples
    --------
    >>> X, labels = [[0.0], [1.0], [10.0], [11.0]], [0, 0, 1, 1]
    >>> db_from_partition(Partition(X, labels, needs=db_from_partition.needs)) == db(X, labels)
    True
    """
    q, minkowski = check_db_options(q, minkowski, squared)
    p.require_clusters("DB")
    if (q, minkowski, squared) == (1, 2, False):  # the common DB: the shared centroid pass
        spread = p.mean_per_cluster(np.sqrt(p.squared_centroid_distances))
        worst, _ = p.centroid_separation(spread)
        return refuse_nan(worst.mean(), "DB")
    # Davies & Bouldin's general form: S_k = (mean_{x in C_k} ||x - c_k||^q)^(1/q) and the
    # Minkowski-p distance of the centroids; squared: both squared (cvi's DB)
    spread = p.mean_per_cluster(p.squared_centroid_distances ** (q / 2)) ** (1 / q)
    power = 2.0 if squared else 1.0
    worst = np.empty(p.n_clusters)
    for k in range(p.n_clusters):  # one row of K centroid distances at a time
        gaps = np.abs(p.centroids - p.centroids[k])
        separation = np.max(gaps, axis=1) if minkowski == math.inf else np.sum(gaps**minkowski, axis=1) ** (1 / minkowski)
        with np.errstate(divide="ignore", invalid="ignore"):
            ratio = (spread[k] ** power + spread**power) / separation**power
        ratio[separation == 0] = np.inf  # coincident centroids: not separated at all
        ratio[k] = -np.inf  # a cluster is not compared with itself
        worst[k] = ratio.max()
    return refuse_nan(worst.mean(), "DB")


def check_db_options(q, p, squared) -> tuple[float, float]:
    """Refuse a DB exponent below 1 or not a number, or a ``squared`` that is not a bool.

    Parameters
    ----------
    q : float
        The exponent of the spread, at least 1.
    p : float
        The Minkowski exponent of the centroid distance, at least 1 (``math.inf``: the largest
        coordinate difference).
    squared : bool
        Whether both are squared.

    Returns
    -------
    tuple of float
        ``(q, p)`` as floats.

    Raises
    ------
    clustval.errors.InputError
        Anything else.

    Examples
    --------
    >>> check_db_options(2, 2, False)
    (2.0, 2.0)
    >>> check_db_options(0.5, 2, False)
    Traceback (most recent call last):
    ...
    clustval.errors.InputError: DB's q must be a number of at least 1, got 0.5.
    """
    checked = []
    for name, value in (("q", q), ("p", p)):
        if isinstance(value, bool) or not isinstance(value, (int, float, np.integer, np.floating)) \
                or math.isnan(value) or value < 1 or (name == "q" and math.isinf(value)):
            raise InputError(f"DB's {name} must be a number of at least 1, got {value!r}.")
        checked.append(float(value))
    if not isinstance(squared, (bool, np.bool_)):
        raise InputError(f"DB's squared must be True or False, got {squared!r}.")
    return checked[0], checked[1]


@reads(COORDINATES, CLUSTER_SUMS)
def dbi_from_partition(p: Partition) -> float:
    """DBI of a :class:`Partition` (the core of :func:`dbi`, which documents it).

    Parameters
    ----------
    p : Partition
        The validated data and labels with their shared summaries (centroids, the distance
        pass's sums), as :func:`~clustval.scoring.internal_scores` builds it once for all indices.

    Returns
    -------
    float
        The value :func:`dbi` gives for the same data and labels.

    Raises
    ------
    clustval.errors.UndefinedIndexError
        K = 1.

    See Also
    --------
    dbi : the same index from the data, with its definition and reference.

    Examples
    --------
    >>> X, labels = [[0.0], [1.0], [10.0], [11.0]], [0, 0, 1, 1]
    >>> dbi_from_partition(Partition(X, labels, needs=dbi_from_partition.needs)) == dbi(X, labels)
    True
    """
    p.require_clusters("DBI")
    sizes = p.sizes
    sums = p.distance_stats.cluster_sums
    # sum over ordered pairs inside each cluster = 2 x the sum over unordered pairs
    intra = np.bincount(p.codes, weights=sums[np.arange(p.n), p.codes], minlength=p.n_clusters)
    avg = np.where(sizes > 1, intra / np.maximum(sizes * (sizes - 1), 1), 0.0)
    worst, _ = p.centroid_separation(avg)
    return refuse_nan(worst.mean(), "DBI")


@reads(COORDINATES, when={"separation": {"closest_pair": {EXTREMES}}})
def xb_from_partition(p: Partition, separation: str = "centroids") -> float:
    """XB of a :class:`Partition` (the core of :func:`xb`, which documents it).

    Parameters
    ----------
    p : Partition
        The validated data and labels with their shared summaries (centroids, the distance
        pass's sums), as :func:`~clustval.scoring.internal_scores` builds it once for all indices.
    separation : {"centroids", "closest_pair"}, default "centroids"
        The denominator's separation: the closest centroids, or the closest pair of points of
        different clusters (R's clusterCrit).

    Returns
    -------
    float
        The value :func:`xb` gives for the same data and labels.

    Raises
    ------
    clustval.errors.UndefinedIndexError
        K = 1.

    See Also
    --------
    xb : the same index from the data, with its definition and reference.

    Examples
    --------
    >>> X, labels = [[0.0], [1.0], [10.0], [11.0]], [0, 0, 1, 1]
    >>> xb_from_partition(Partition(X, labels, needs=xb_from_partition.needs)) == xb(X, labels)
    True
    """
    p.require_clusters("XB")
    closest = p.centroid_separation()[1] if separation == "centroids" else p.closest_pair
    if closest == 0:
        return np.inf
    return refuse_nan(p.squared_centroid_distances.sum() / (p.n * closest**2), "XB")


@reads(NEAREST)
def igp_from_partition(p: Partition) -> float:
    """IGP of a :class:`Partition` (the core of :func:`igp`, which documents it).

    Parameters
    ----------
    p : Partition
        The validated data and labels with their shared summaries (centroids, the distance
        pass's sums), as :func:`~clustval.scoring.internal_scores` builds it once for all indices.

    Returns
    -------
    float
        The value :func:`igp` gives for the same data and labels.

    Raises
    ------
    clustval.errors.UndefinedIndexError
        K = 1.

    See Also
    --------
    igp : the same index from the data, with its definition and reference.

    Examples
    --------
    >>> X, labels = [[0.0], [1.0], [10.0], [11.0]], [0, 0, 1, 1]
    >>> igp_from_partition(Partition(X, labels, needs=igp_from_partition.needs)) == igp(X, labels)
    True
    """
    p.require_clusters("IGP")
    share = p.distance_stats.in_group_share
    # each cluster's shares added in the order of their values: one sum for any row order
    order = np.lexsort((share, p.codes))
    starts = np.concatenate(([0], np.cumsum(p.sizes)[:-1]))
    return float((np.add.reduceat(share[order], starts) / p.sizes).mean())


def _silhouette_samples(p: Partition) -> np.ndarray:
    p.require_clusters("Silhouette", allow_all_singletons=False)
    a, b, has_mates = p.silhouette_terms
    largest = np.maximum(a, b)
    with np.errstate(divide="ignore", invalid="ignore"):
        s = (b - a) / largest
    return refuse_nan(np.where(has_mates & (largest > 0), s, 0.0), "Silhouette")


def _bwp_samples(p: Partition) -> np.ndarray:
    p.require_clusters("BWP", allow_all_singletons=False)
    w, b, has_mates = p.silhouette_terms
    total = b + w
    with np.errstate(divide="ignore", invalid="ignore"):
        s = (b - w) / total
    return refuse_nan(np.where(has_mates & (total > 0), s, 0.0), "BWP")


@reads(EXTREMES)
def dunn_from_partition(p: Partition) -> float:
    """Dunn of a :class:`Partition` (the core of :func:`dunn`, which documents it).

    Parameters
    ----------
    p : Partition
        The validated data and labels with their shared summaries (centroids, the distance
        pass's sums), as :func:`~clustval.scoring.internal_scores` builds it once for all indices.

    Returns
    -------
    float
        The value :func:`dunn` gives for the same data and labels.

    Raises
    ------
    clustval.errors.UndefinedIndexError
        K = 1.

    See Also
    --------
    dunn : the same index from the data, with its definition and reference.

    Examples
    --------
    >>> X, labels = [[0.0], [1.0], [10.0], [11.0]], [0, 0, 1, 1]
    >>> dunn_from_partition(Partition(X, labels, needs=dunn_from_partition.needs)) == dunn(X, labels)
    True
    """
    p.require_clusters("Dunn")
    separation = p.closest_pair
    diameter = p.distance_stats.diameters.max()
    if separation == 0:
        return 0.0
    return refuse_nan(separation / diameter if diameter > 0 else np.inf, "Dunn")


@reads(COORDINATES)
def calinski_harabasz_from_partition(p: Partition) -> float:
    """Calinski-Harabasz of a :class:`Partition` (the core of :func:`calinski_harabasz`, which documents it).

    Parameters
    ----------
    p : Partition
        The validated data and labels with their shared summaries (centroids, the distance
        pass's sums), as :func:`~clustval.scoring.internal_scores` builds it once for all indices.

    Returns
    -------
    float
        The value :func:`calinski_harabasz` gives for the same data and labels.

    Raises
    ------
    clustval.errors.UndefinedIndexError
        K = 1 and K = n.

    See Also
    --------
    calinski_harabasz : the same index from the data, with its definition and reference.

    Examples
    --------
    >>> X, labels = [[0.0], [1.0], [10.0], [11.0]], [0, 0, 1, 1]
    >>> calinski_harabasz_from_partition(Partition(X, labels, needs=calinski_harabasz_from_partition.needs)) == calinski_harabasz(X, labels)
    True
    """
    p.require_clusters("Calinski-Harabasz", allow_all_singletons=False)
    between = float(p.sizes @ np.sum((p.centroids - p.grand_mean) ** 2, axis=1))
    within = float(p.squared_centroid_distances.sum())
    if between == 0:
        return 0.0
    if within == 0:
        return np.inf
    ratio = between * (p.n - p.n_clusters) / (within * (p.n_clusters - 1))
    return refuse_nan(ratio, "Calinski-Harabasz")


@reads(CLUSTER_SUMS)
def sil_from_partition(p: Partition, average: str = "objects") -> float:
    """The mean silhouette of a :class:`Partition` (the core of :func:`sil`, which documents it).

    Parameters
    ----------
    p : Partition
        The validated data and labels with their shared summaries (centroids, the distance
        pass's sums), as :func:`~clustval.scoring.internal_scores` builds it once for all indices.
    average : {"objects", "clusters"}, default "objects"
        :func:`sil`'s ``average``.

    Returns
    -------
    float
        The value :func:`sil` gives for the same data and labels.

    Raises
    ------
    clustval.errors.UndefinedIndexError
        K = 1 and K = n; with ``average="clusters"``, a singleton cluster.
    clustval.errors.InputError
        An ``average`` other than "objects" and "clusters".

    See Also
    --------
    sil : the same index from the data, with its definition and reference.

    Examples
    --------
    >>> X, labels = [[0.0], [1.0], [10.0], [11.0]], [0, 0, 1, 1]
    >>> sil_from_partition(Partition(X, labels, needs=sil_from_partition.needs)) == sil(X, labels)
    True
    """
    check_sil_average(average)
    widths = _silhouette_samples(p)
    if average == "clusters":  # the mean of the clusters' mean widths (clusterCrit's)
        if p.sizes.min() == 1:  # clusterCrit: a singleton's a is 0/0, so the mean is NaN
            raise UndefinedIndexError(
                f"Sil with average='clusters' is undefined with a singleton cluster ({int(np.sum(p.sizes == 1))} "
                "here): as in clusterCrit, its mean width has no value. Use average='objects'."
            )
        return float(p.mean_per_cluster(widths).mean())
    return float(widths.mean())


def check_sil_average(average: str) -> None:
    """Refuse an unknown silhouette average (:data:`SIL_AVERAGES`) with a one-line error.

    Parameters
    ----------
    average : str
        The value to check.

    Raises
    ------
    clustval.errors.InputError
        Anything but ``"objects"`` or ``"clusters"``.

    Examples
    --------
    >>> check_sil_average("clusters")
    >>> check_sil_average("median")
    Traceback (most recent call last):
    ...
    clustval.errors.InputError: sil_average = 'median'; use one of 'objects', 'clusters'
    """
    if average not in SIL_AVERAGES:
        raise InputError(f"sil_average = {average!r}; use one of {', '.join(map(repr, SIL_AVERAGES))}")


@reads(CLUSTER_SUMS)
def sil_sum_from_partition(p: Partition) -> float:
    """The summed silhouette of a :class:`Partition` (the core of :func:`sil_sum`, which documents it).

    Parameters
    ----------
    p : Partition
        The validated data and labels with their shared summaries (centroids, the distance
        pass's sums), as :func:`~clustval.scoring.internal_scores` builds it once for all indices.

    Returns
    -------
    float
        The value :func:`sil_sum` gives for the same data and labels.

    Raises
    ------
    clustval.errors.UndefinedIndexError
        K = 1 and K = n.

    See Also
    --------
    sil_sum : the same index from the data, with its definition and reference.

    Examples
    --------
    >>> X, labels = [[0.0], [1.0], [10.0], [11.0]], [0, 0, 1, 1]
    >>> sil_sum_from_partition(Partition(X, labels, needs=sil_sum_from_partition.needs)) == sil_sum(X, labels)
    True
    """
    return float(_silhouette_samples(p).sum())


@reads(CLUSTER_SUMS)
def bwp_from_partition(p: Partition) -> float:
    """The mean BWP of a :class:`Partition` (the core of :func:`bwp`, which documents it).

    Parameters
    ----------
    p : Partition
        The validated data and labels with their shared summaries (centroids, the distance
        pass's sums), as :func:`~clustval.scoring.internal_scores` builds it once for all indices.

    Returns
    -------
    float
        The value :func:`bwp` gives for the same data and labels.

    Raises
    ------
    clustval.errors.UndefinedIndexError
        K = 1 and K = n.

    See Also
    --------
    bwp : the same index from the data, with its definition and reference.

    Examples
    --------
    >>> X, labels = [[0.0], [1.0], [10.0], [11.0]], [0, 0, 1, 1]
    >>> bwp_from_partition(Partition(X, labels, needs=bwp_from_partition.needs)) == bwp(X, labels)
    True
    """
    return float(_bwp_samples(p).mean())


@reads(CLUSTER_SUMS)
def bwp_sum_from_partition(p: Partition) -> float:
    """The summed BWP of a :class:`Partition` (the core of :func:`bwp_sum`, which documents it).

    Parameters
    ----------
    p : Partition
        The validated data and labels with their shared summaries (centroids, the distance
        pass's sums), as :func:`~clustval.scoring.internal_scores` builds it once for all indices.

    Returns
    -------
    float
        The value :func:`bwp_sum` gives for the same data and labels.

    Raises
    ------
    clustval.errors.UndefinedIndexError
        K = 1 and K = n.

    See Also
    --------
    bwp_sum : the same index from the data, with its definition and reference.

    Examples
    --------
    >>> X, labels = [[0.0], [1.0], [10.0], [11.0]], [0, 0, 1, 1]
    >>> bwp_sum_from_partition(Partition(X, labels, needs=bwp_sum_from_partition.needs)) == bwp_sum(X, labels)
    True
    """
    return float(_bwp_samples(p).sum())


def score_alone(
    core, X, labels, memory_budget_mb: float = DEFAULT_MEMORY_BUDGET_MB, metric: str = "euclidean",
    **options,
):  # fmt: skip
    """One index alone: its core on a partition that computes just what the core reads with
    ``options`` (the core's keywords). Every index's public function is this call on its core.

    Parameters
    ----------
    core : callable
        The index's core, ``core(partition, **options)``, marked with :func:`reads`.
    X : array-like of shape (n_samples, n_features)
        The data (or the distance matrix with ``metric="precomputed"``).
    labels : array-like of shape (n_samples,)
        The cluster of each object.
    memory_budget_mb : float, default 256
        Bound, in MB, on each block of pairwise distances held at once.
    metric : {"euclidean", "precomputed"}, default "euclidean"
        How X is read.
    **options
        The core's keywords.

    Returns
    -------
    float
        The index's value.

    Examples
    --------
    >>> score_alone(db_from_partition, [[0.0], [1.0], [10.0], [11.0]], [0, 0, 1, 1])
    0.1
    """
    partition = Partition(X, labels, needs=needs_of(core, options), memory_budget_mb=memory_budget_mb,
                          metric=metric)  # fmt: skip
    return core(partition, **options)


def check_xb_separation(separation: str) -> None:
    """Refuse an unknown XB separation (:data:`XB_SEPARATIONS`) with a one-line error.

    Parameters
    ----------
    separation : str
        The value to check, one of :data:`XB_SEPARATIONS`.

    Raises
    ------
    clustval.errors.InputError
        Any other value.

    See Also
    --------
    xb : the index it configures.

    Examples
    --------
    >>> check_xb_separation("closest_pair")
    >>> check_xb_separation("farthest")
    Traceback (most recent call last):
    ...
    clustval.errors.InputError: xb_separation = 'farthest'; use one of 'centroids', 'closest_pair'
    """
    if separation not in XB_SEPARATIONS:
        raise InputError(
            f"xb_separation = {separation!r}; use one of {', '.join(map(repr, XB_SEPARATIONS))}"
        )


# ----------------------------------------------------------------------------- public API


def stdi(X, labels, squared: bool = False) -> float:
    """STDI, the standard-deviation based index of Xie et al. (2017), eq. (9).

    ``STDI = [(1/K) sum_k ||c_k - xbar||] / [sum_k (1/n_k) sum_{x in C_k} ||x - c_k||]``:
    separation of the centroids from the grand mean over the compactness of the clusters.
    With ``squared=True`` every norm is squared (the form printed in the paper's OCR);
    the default plain norms reproduce the paper's Fig. 3 axis (docs/decisions.md).

    Range [0, inf); **higher is better**. 0 when every centroid equals xbar; inf when every
    object sits on its centroid (and some centroid does not). Raises UndefinedIndexError
    for K = 1.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        The data, finite numbers.
    labels : array-like of shape (n_samples,)
        The cluster of each object: integers or strings.
    squared : bool, default False
        Square every norm (the form printed in the paper's OCR); the default plain norms
        reproduce the paper's Fig. 3 axis.

    Returns
    -------
    float
        STDI, in [0, inf]; higher is better.

    Raises
    ------
    clustval.errors.UndefinedIndexError
        K = 1, where the index has no value.
    clustval.errors.InputError
        Data or labels that fail the checks (lengths differ, NaN or inf, a label missing).

    See Also
    --------
    stdi_from_partition : the same index from a shared partition.
    db : the Davies-Bouldin index.
    clustval.selection.select_k : the best K of each index.
    clustval.scoring.internal_scores : every internal index from one distance pass.

    References
    ----------
    Xie J., Zhou Y., Wang M., Jiang W. New criteria for evaluating the validity
    of clustering. CAAI Trans. Intelligent Systems 12(6):873-882, 2017.

    Examples
    --------
    >>> stdi([[0.0], [1.0], [10.0], [11.0]], [0, 0, 1, 1])  # centroids 5 from xbar; 0.5 + 0.5
    5.0
    """
    return score_alone(stdi_from_partition, X, labels, squared=squared)


def db(X, labels, *, q: float = 1, p: float = 2, squared: bool = False) -> float:
    """Davies-Bouldin index, the paper's DB (scikit-learn's ``davies_bouldin_score`` but at the edges below).

    ``DB = (1/K) sum_k max_{l != k} (S_k + S_l) / ||c_k - c_l||``, S_k = mean distance of the
    members of C_k to c_k.

    Davies & Bouldin define it more generally: ``S_k = (mean_{x in C_k} ||x - c_k||^q)^(1/q)``
    and ``M_kl = (sum_j |c_kj - c_lj|^p)^(1/p)``, the common DB being q = 1, p = 2 (the
    defaults). Variants of other libraries are options: NbClust's DB is ``q=2`` (with its
    own treatment of coincident centroids, see :mod:`clustval.compat.nbclust`); cvi's is
    ``q=2, squared=True``, which squares both S_k and M_kl.

    Range [0, inf); **lower is better**. inf when two clusters share a centroid
    (scikit-learn drops such pairs instead). Raises UndefinedIndexError for K = 1; defined
    for K = n (0 with distinct points), where scikit-learn raises.
    ``clustval.davies_bouldin_score`` follows scikit-learn in these cases
    (:mod:`clustval.compat.sklearn`).

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        The data, finite numbers.
    labels : array-like of shape (n_samples,)
        The cluster of each object: integers or strings.
    q : float, default 1
        The exponent of each cluster's spread S_k, at least 1.
    p : float, default 2
        The Minkowski exponent of the centroid distance, at least 1 (``math.inf`` allowed).
    squared : bool, default False
        Square S_k and M_kl (cvi's DB with ``q=2``).

    Returns
    -------
    float
        DB, in [0, inf]; lower is better.

    Raises
    ------
    clustval.errors.UndefinedIndexError
        K = 1, where the index has no value.
    clustval.errors.InputError
        Data or labels that fail the checks (lengths differ, NaN or inf, a label missing),
        or q or p below 1.

    See Also
    --------
    db_from_partition : the same index from a shared partition.
    dbi : with the mean pairwise distance as spread.
    xb : the Xie-Beni index.
    clustval.scoring.internal_scores : every internal index from one distance pass.

    References
    ----------
    Davies D.L., Bouldin D.W. A cluster separation measure. IEEE TPAMI 1(2):
    224-227, 1979.

    Examples
    --------
    >>> db([[0.0], [1.0], [10.0], [11.0]], [0, 0, 1, 1])  # (0.5 + 0.5) / 10
    0.1
    >>> db([[0.0], [2.0], [10.0], [11.0]], [0, 0, 1, 1], q=2, squared=True)  # (1 + 0.25) / 9.5^2
    0.013850415512465374
    """
    return score_alone(db_from_partition, X, labels, q=q, minkowski=p, squared=squared)


def dbi(X, labels, *, memory_budget_mb: float = DEFAULT_MEMORY_BUDGET_MB) -> float:
    """DBI (Zhou 2016, sec. 9.2): Davies-Bouldin with the mean pairwise distance as spread.

    ``DBI = (1/K) sum_k max_{l != k} (avg(C_k) + avg(C_l)) / ||c_k - c_l||``,
    ``avg(C) = 2 / (|C| (|C| - 1)) sum_{i < j in C} d(x_i, x_j)``; avg = 0 for a singleton.

    Range [0, inf); **lower is better**. inf when two clusters share a centroid. Raises
    UndefinedIndexError for K = 1. Pairwise distances in blocks of ``memory_budget_mb``.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        The data, finite numbers.
    labels : array-like of shape (n_samples,)
        The cluster of each object: integers or strings.
    memory_budget_mb : float, default 256
        Bound, in MB, on each block of pairwise distances held at once.

    Returns
    -------
    float
        DBI, in [0, inf]; lower is better.

    Raises
    ------
    clustval.errors.UndefinedIndexError
        K = 1, where the index has no value.
    clustval.errors.InputError
        Data or labels that fail the checks (lengths differ, NaN or inf, a label missing).

    See Also
    --------
    dbi_from_partition : the same index from a shared partition.
    db : with the mean distance to the centroid as spread.
    clustval.scoring.internal_scores : every internal index from one distance pass.

    References
    ----------
    Zhou Z.-H., Machine Learning (Tsinghua University Press, 2016), sec. 9.2.

    Examples
    --------
    >>> dbi([[0.0], [1.0], [10.0], [11.0]], [0, 0, 1, 1])  # (1 + 1) / 10
    0.2
    """
    return score_alone(dbi_from_partition, X, labels, memory_budget_mb)


def xb(
    X, labels, *, separation: str = "centroids", memory_budget_mb: float = DEFAULT_MEMORY_BUDGET_MB
) -> float:
    """Crisp Xie-Beni index: mean squared distance to the own centroid over a squared separation.

    ``separation="centroids"`` (the default; Xie & Beni's form with crisp memberships):
    ``XB = sum_k sum_{x in C_k} ||x - c_k||^2 / (n min_{k != l} ||c_k - c_l||^2)``.

    ``separation="closest_pair"`` (as R's clusterCrit computes it): the denominator is
    ``n min_{k != l} d_min(C_k, C_l)^2``, d_min = the smallest distance between a member of
    C_k and a member of C_l, the separation of the Dunn index. Clusters that touch give it
    a small separation and a large XB; nested clusters (a ring around a blob) a larger
    separation than their centroids. Needs all pairwise distances (one chunked pass, in
    blocks of ``memory_budget_mb``).

    Range [0, inf); **lower is better**. inf when the separation is 0 (two clusters share a
    centroid; with ``closest_pair``, a point). Raises UndefinedIndexError for K = 1.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        The data, finite numbers.
    labels : array-like of shape (n_samples,)
        The cluster of each object: integers or strings.
    separation : {"centroids", "closest_pair"}, default "centroids"
        The denominator's separation: the closest centroids, or the closest pair of points of
        different clusters (R's clusterCrit).
    memory_budget_mb : float, default 256
        Bound, in MB, on each block of pairwise distances held at once.

    Returns
    -------
    float
        XB, in [0, inf]; lower is better.

    Raises
    ------
    clustval.errors.UndefinedIndexError
        K = 1, where the index has no value.
    clustval.errors.InputError
        Data or labels that fail the checks (lengths differ, NaN or inf, a label missing).
        Also an unknown ``separation``.

    See Also
    --------
    xb_from_partition : the same index from a shared partition.
    dunn : the closest-pair separation over the largest diameter.
    clustval.scoring.internal_scores : every internal index from one distance pass.

    References
    ----------
    Xie X.L., Beni G. A validity measure for fuzzy clustering. IEEE TPAMI 13(8):
    841-847, 1991 (with crisp memberships); Desgraupes B. Clustering Indices, vignette of the
    R package clusterCrit (2013), sec. "The Xie-Beni index" (the closest-pair form).

    Examples
    --------
    >>> X = [[0.0], [1.0], [10.0], [11.0]]
    >>> xb(X, [0, 0, 1, 1])  # 4 * 0.25 / (4 * 10^2)
    0.0025
    >>> xb(X, [0, 0, 1, 1], separation="closest_pair")  # 4 * 0.25 / (4 * 9^2)
    0.0030864197530864196
    """
    check_xb_separation(separation)
    return score_alone(xb_from_partition, X, labels, memory_budget_mb, separation=separation)


def igp(
    X, labels, *, metric: str = "euclidean", memory_budget_mb: float = DEFAULT_MEMORY_BUDGET_MB
) -> float:
    """In-group proportion, averaged over clusters.

    ``IGP(u) = #{i in C_u : NN(i) in C_u} / n_u``; ``IGP = (1/K) sum_u IGP(u)``, where NN(i)
    is the nearest other object (Euclidean). When several objects tie for nearest, i counts
    the share of them that lie in C_u (the mean over every order of the tied objects of the
    "first in row order" rule, so the value does not depend on the order of the objects).
    A singleton has IGP(u) = 0.

    Range [0, 1]; **higher is better**. Raises UndefinedIndexError for K = 1.
    ``metric="precomputed"``: X is the (n, n) distance matrix (any metric; symmetric, zero
    diagonal, or condensed), as scikit-learn's ``metric="precomputed"`` takes it.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        The data, finite numbers; with ``metric="precomputed"`` the (n, n) distance matrix
        instead (finite, non-negative, symmetric, zero diagonal), or its condensed upper
        triangle as ``scipy.spatial.distance.pdist`` returns it.
    labels : array-like of shape (n_samples,)
        The cluster of each object: integers or strings.
    metric : {"euclidean", "precomputed"}, default "euclidean"
        How X is read: coordinates (Euclidean distances), or the pairwise distances in any metric.
    memory_budget_mb : float, default 256
        Bound, in MB, on each block of pairwise distances held at once.

    Returns
    -------
    float
        IGP, in [0, 1]; higher is better.

    Raises
    ------
    clustval.errors.UndefinedIndexError
        K = 1, where the index has no value.
    clustval.errors.InputError
        Data or labels that fail the checks (lengths differ, NaN or inf, a label missing).

    See Also
    --------
    igp_from_partition : the same index from a shared partition.
    sil : the silhouette.
    clustval.scoring.internal_scores : every internal index from one distance pass.

    References
    ----------
    Kapp A.V., Tibshirani R. Are clusters found in one dataset present in
    another dataset? Biostatistics 8(1):9-31, 2007.

    Examples
    --------
    >>> X = [[0.0], [1.0], [10.0], [11.0]]
    >>> igp(X, [0, 1, 1, 1])  # cluster {0}: 0; cluster {1, 2, 3}: 2/3 (1's neighbour is 0)
    0.3333333333333333
    >>> igp([[0.0], [1.0], [2.0], [10.0]], [0, 0, 1, 1])  # 1 ties 0 and 2: (1 + 1/2) / 2, (0 + 1) / 2
    0.625
    """
    return score_alone(igp_from_partition, X, labels, memory_budget_mb, metric)


def silhouette_samples(
    X, labels, *, metric: str = "euclidean", memory_budget_mb: float = DEFAULT_MEMORY_BUDGET_MB
) -> np.ndarray:
    """Silhouette width of every object (equals scikit-learn's ``silhouette_samples``).

    ``s(i) = (b - a) / max(a, b)``; a = mean distance from i to the other members of its
    cluster (n_k - 1 divisor), b = min over the other clusters of the mean distance from i
    to their members. s(i) = 0 for a singleton and when a = b = 0.

    Range [-1, 1]; **higher is better**. Raises UndefinedIndexError for K = 1 and K = n.
    ``metric="precomputed"``: X is the (n, n) distance matrix (any metric; symmetric, zero
    diagonal, or condensed), as scikit-learn's ``metric="precomputed"`` takes it.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        The data, finite numbers; with ``metric="precomputed"`` the (n, n) distance matrix
        instead (finite, non-negative, symmetric, zero diagonal), or its condensed upper
        triangle as ``scipy.spatial.distance.pdist`` returns it.
    labels : array-like of shape (n_samples,)
        The cluster of each object: integers or strings.
    metric : {"euclidean", "precomputed"}, default "euclidean"
        How X is read: coordinates (Euclidean distances), or the pairwise distances in any metric.
    memory_budget_mb : float, default 256
        Bound, in MB, on each block of pairwise distances held at once.

    Returns
    -------
    ndarray of shape (n_samples,)
        The value of every object, in [-1, 1]; higher is better.

    Raises
    ------
    clustval.errors.UndefinedIndexError
        K = 1 and K = n, where the index has no value.
    clustval.errors.InputError
        Data or labels that fail the checks (lengths differ, NaN or inf, a label missing).

    See Also
    --------
    sil : their mean.

    References
    ----------
    Rousseeuw P.J. Silhouettes: a graphical aid to the interpretation and
    validation of cluster analysis. J. Comput. Appl. Math. 20:53-65, 1987.

    Examples
    --------
    >>> X = [[0.0], [1.0], [10.0], [11.0]]
    >>> silhouette_samples(X, [0, 0, 1, 1])  # object 0: a = 1, b = 10.5: 9.5 / 10.5
    array([0.9047619 , 0.89473684, 0.89473684, 0.9047619 ])
    """
    return _silhouette_samples(
        Partition(X, labels, needs={CLUSTER_SUMS}, memory_budget_mb=memory_budget_mb, metric=metric)
    )


def sil(
    X, labels, *, metric: str = "euclidean", memory_budget_mb: float = DEFAULT_MEMORY_BUDGET_MB,
    average: str = "objects",
) -> float:
    """Mean silhouette width (1/n) sum_i s(i); see :func:`silhouette_samples`.

    Range [-1, 1]; **higher is better**. Equals scikit-learn's ``silhouette_score``, also
    with ``metric="precomputed"`` (X is then the distance matrix). ``average="clusters"``
    gives the mean over clusters of each cluster's mean width, R clusterCrit 1.3.0's
    Silhouette; as there, it is undefined when a cluster is a singleton (clusterCrit gives NaN:
    a singleton's a(i) is 0/0), rather than counting Rousseeuw's width 0 with weight 1/K.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        The data, finite numbers; with ``metric="precomputed"`` the (n, n) distance matrix
        instead (finite, non-negative, symmetric, zero diagonal), or its condensed upper
        triangle as ``scipy.spatial.distance.pdist`` returns it.
    labels : array-like of shape (n_samples,)
        The cluster of each object: integers or strings.
    metric : {"euclidean", "precomputed"}, default "euclidean"
        How X is read: coordinates (Euclidean distances), or the pairwise distances in any metric.
    memory_budget_mb : float, default 256
        Bound, in MB, on each block of pairwise distances held at once.
    average : {"objects", "clusters"}, default "objects"
        The mean over objects (Rousseeuw's), or over clusters of their means (clusterCrit's).

    Returns
    -------
    float
        Sil, in [-1, 1]; higher is better.

    Raises
    ------
    clustval.errors.UndefinedIndexError
        K = 1 and K = n, where the index has no value; with ``average="clusters"``, any
        singleton cluster.
    clustval.errors.InputError
        Data or labels that fail the checks (lengths differ, NaN or inf, a label missing),
        or an ``average`` other than "objects" and "clusters".

    See Also
    --------
    sil_from_partition : the same index from a shared partition.
    silhouette_samples : the width of every object.
    sil_sum : the sum, the paper's Fig. 3 axis.
    bwp : the between-within proportion.
    clustval.scoring.internal_scores : every internal index from one distance pass.

    References
    ----------
    Rousseeuw P.J., Silhouettes: a graphical aid to the interpretation and validation of
    cluster analysis, J. Comput. Appl. Math. 20, 1987, 53-65.

    Examples
    --------
    >>> sil([[0.0], [1.0], [10.0], [11.0]], [0, 0, 1, 1])  # (19/21 + 17/19) / 2
    0.899749373433584
    >>> D = [[0, 1, 10, 11], [1, 0, 9, 10], [10, 9, 0, 1], [11, 10, 1, 0]]
    >>> sil(D, [0, 0, 1, 1], metric="precomputed")
    0.899749373433584
    >>> sil([[0.0], [1.0], [2.0], [10.0], [11.0]], [0, 0, 0, 1, 1], average="clusters")  # ((6/7 + 17/19 + 14/17) / 3 + (8/9 + 9/10) / 2) / 2
    0.8764570740576931
    """
    return score_alone(sil_from_partition, X, labels, memory_budget_mb, metric, average=average)


def sil_sum(
    X, labels, *, metric: str = "euclidean", memory_budget_mb: float = DEFAULT_MEMORY_BUDGET_MB
) -> float:
    """Sum of the silhouette widths sum_i s(i) (the paper's Fig. 3e axis); see
    :func:`silhouette_samples`. Range [-n, n]; **higher is better**.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        The data, finite numbers; with ``metric="precomputed"`` the (n, n) distance matrix
        instead (finite, non-negative, symmetric, zero diagonal), or its condensed upper
        triangle as ``scipy.spatial.distance.pdist`` returns it.
    labels : array-like of shape (n_samples,)
        The cluster of each object: integers or strings.
    metric : {"euclidean", "precomputed"}, default "euclidean"
        How X is read: coordinates (Euclidean distances), or the pairwise distances in any metric.
    memory_budget_mb : float, default 256
        Bound, in MB, on each block of pairwise distances held at once.

    Returns
    -------
    float
        Sil (sum), in [-inf, inf]; higher is better.

    Raises
    ------
    clustval.errors.UndefinedIndexError
        K = 1 and K = n, where the index has no value.
    clustval.errors.InputError
        Data or labels that fail the checks (lengths differ, NaN or inf, a label missing).

    See Also
    --------
    sil_sum_from_partition : the same index from a shared partition.
    sil : the mean.
    silhouette_samples : the width of every object.
    clustval.scoring.internal_scores : every internal index from one distance pass.

    References
    ----------
    Rousseeuw P.J., Silhouettes: a graphical aid to the interpretation and validation of
    cluster analysis, J. Comput. Appl. Math. 20, 1987, 53-65.

    Examples
    --------
    >>> sil_sum([[0.0], [1.0], [10.0], [11.0]], [0, 0, 1, 1])  # 2 (19/21 + 17/19)
    3.598997493734336
    """
    return score_alone(sil_sum_from_partition, X, labels, memory_budget_mb, metric)


def bwp_samples(
    X, labels, *, metric: str = "euclidean", memory_budget_mb: float = DEFAULT_MEMORY_BUDGET_MB
) -> np.ndarray:
    """Between-within proportion of every object.

    ``BWP(i) = (b - w) / (b + w)``; w = a of the Silhouette (mean distance to the other
    members of the own cluster), b = the Silhouette's b (smallest mean distance to another
    cluster). BWP(i) = 0 for a singleton and when b = w = 0.

    Range [-1, 1]; **higher is better**. Raises UndefinedIndexError for K = 1 and K = n.
    ``metric="precomputed"``: X is the (n, n) distance matrix (any metric; symmetric, zero
    diagonal, or condensed), as scikit-learn's ``metric="precomputed"`` takes it.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        The data, finite numbers; with ``metric="precomputed"`` the (n, n) distance matrix
        instead (finite, non-negative, symmetric, zero diagonal), or its condensed upper
        triangle as ``scipy.spatial.distance.pdist`` returns it.
    labels : array-like of shape (n_samples,)
        The cluster of each object: integers or strings.
    metric : {"euclidean", "precomputed"}, default "euclidean"
        How X is read: coordinates (Euclidean distances), or the pairwise distances in any metric.
    memory_budget_mb : float, default 256
        Bound, in MB, on each block of pairwise distances held at once.

    Returns
    -------
    ndarray of shape (n_samples,)
        The value of every object, in [-1, 1]; higher is better.

    Raises
    ------
    clustval.errors.UndefinedIndexError
        K = 1 and K = n, where the index has no value.
    clustval.errors.InputError
        Data or labels that fail the checks (lengths differ, NaN or inf, a label missing).

    See Also
    --------
    bwp : their mean.

    References
    ----------
    Zhou S., Xu Z., Tang X. Method for determining optimal number of clusters
    based on affinity propagation clustering. Control and Decision 26(8):1147-1152, 2011.

    Examples
    --------
    >>> bwp_samples([[0.0], [1.0], [10.0], [11.0]], [0, 0, 1, 1])  # object 0: 9.5 / 11.5
    array([0.82608696, 0.80952381, 0.80952381, 0.82608696])
    """
    return _bwp_samples(
        Partition(X, labels, needs={CLUSTER_SUMS}, memory_budget_mb=memory_budget_mb, metric=metric)
    )


def bwp(
    X, labels, *, metric: str = "euclidean", memory_budget_mb: float = DEFAULT_MEMORY_BUDGET_MB
) -> float:
    """Mean BWP (1/n) sum_i BWP(i); see :func:`bwp_samples`. Range [-1, 1]; **higher is better**.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        The data, finite numbers; with ``metric="precomputed"`` the (n, n) distance matrix
        instead (finite, non-negative, symmetric, zero diagonal), or its condensed upper
        triangle as ``scipy.spatial.distance.pdist`` returns it.
    labels : array-like of shape (n_samples,)
        The cluster of each object: integers or strings.
    metric : {"euclidean", "precomputed"}, default "euclidean"
        How X is read: coordinates (Euclidean distances), or the pairwise distances in any metric.
    memory_budget_mb : float, default 256
        Bound, in MB, on each block of pairwise distances held at once.

    Returns
    -------
    float
        BWP, in [-1, 1]; higher is better.

    Raises
    ------
    clustval.errors.UndefinedIndexError
        K = 1 and K = n, where the index has no value.
    clustval.errors.InputError
        Data or labels that fail the checks (lengths differ, NaN or inf, a label missing).

    See Also
    --------
    bwp_from_partition : the same index from a shared partition.
    bwp_samples : the proportion of every object.
    bwp_sum : the sum, the paper's Fig. 3 axis.
    sil : the silhouette.
    clustval.scoring.internal_scores : every internal index from one distance pass.

    References
    ----------
    Zhou S., Xu Z., Tang X., Method for determining optimal number of clusters based on
    affinity propagation clustering, Control and Decision 26(8), 2011, 1147-1152.

    Examples
    --------
    >>> bwp([[0.0], [1.0], [10.0], [11.0]], [0, 0, 1, 1])  # (19/23 + 17/21) / 2
    0.8178053830227743
    """
    return score_alone(bwp_from_partition, X, labels, memory_budget_mb, metric)


def bwp_sum(
    X, labels, *, metric: str = "euclidean", memory_budget_mb: float = DEFAULT_MEMORY_BUDGET_MB
) -> float:
    """Sum of BWP(i) over the objects (the paper's Fig. 3f axis); see :func:`bwp_samples`.
    Range [-n, n]; **higher is better**.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        The data, finite numbers; with ``metric="precomputed"`` the (n, n) distance matrix
        instead (finite, non-negative, symmetric, zero diagonal), or its condensed upper
        triangle as ``scipy.spatial.distance.pdist`` returns it.
    labels : array-like of shape (n_samples,)
        The cluster of each object: integers or strings.
    metric : {"euclidean", "precomputed"}, default "euclidean"
        How X is read: coordinates (Euclidean distances), or the pairwise distances in any metric.
    memory_budget_mb : float, default 256
        Bound, in MB, on each block of pairwise distances held at once.

    Returns
    -------
    float
        BWP (sum), in [-inf, inf]; higher is better.

    Raises
    ------
    clustval.errors.UndefinedIndexError
        K = 1 and K = n, where the index has no value.
    clustval.errors.InputError
        Data or labels that fail the checks (lengths differ, NaN or inf, a label missing).

    See Also
    --------
    bwp_sum_from_partition : the same index from a shared partition.
    bwp : the mean.
    bwp_samples : the proportion of every object.
    clustval.scoring.internal_scores : every internal index from one distance pass.

    References
    ----------
    Zhou S., Xu Z., Tang X., Method for determining optimal number of clusters based on
    affinity propagation clustering, Control and Decision 26(8), 2011, 1147-1152.

    Examples
    --------
    >>> bwp_sum([[0.0], [1.0], [10.0], [11.0]], [0, 0, 1, 1])  # 2 (19/23 + 17/21)
    3.271221532091097
    """
    return score_alone(bwp_sum_from_partition, X, labels, memory_budget_mb, metric)


def dunn(
    X, labels, *, metric: str = "euclidean", memory_budget_mb: float = DEFAULT_MEMORY_BUDGET_MB
) -> float:
    """Dunn index in the form of Zhou (2016, sec. 9.2).

    ``DI = min_{i != j} d_min(C_i, C_j) / max_l diam(C_l)``, d_min = smallest distance
    between members of two clusters, diam = largest distance inside a cluster.

    Range [0, inf); **higher is better**. 0 when two clusters share a point; inf when every
    cluster is a single (possibly repeated) point. Raises UndefinedIndexError for K = 1.

    ``metric="precomputed"``: X is the (n, n) distance matrix (any metric; symmetric, zero
    diagonal, or condensed), as scikit-learn's ``metric="precomputed"`` takes it.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        The data, finite numbers; with ``metric="precomputed"`` the (n, n) distance matrix
        instead (finite, non-negative, symmetric, zero diagonal), or its condensed upper
        triangle as ``scipy.spatial.distance.pdist`` returns it.
    labels : array-like of shape (n_samples,)
        The cluster of each object: integers or strings.
    metric : {"euclidean", "precomputed"}, default "euclidean"
        How X is read: coordinates (Euclidean distances), or the pairwise distances in any metric.
    memory_budget_mb : float, default 256
        Bound, in MB, on each block of pairwise distances held at once.

    Returns
    -------
    float
        Dunn, in [0, inf]; higher is better.

    Raises
    ------
    clustval.errors.UndefinedIndexError
        K = 1, where the index has no value.
    clustval.errors.InputError
        Data or labels that fail the checks (lengths differ, NaN or inf, a label missing).

    See Also
    --------
    dunn_from_partition : the same index from a shared partition.
    xb : with ``separation="closest_pair"``, the same separation.
    clustval.scoring.internal_scores : every internal index from one distance pass.

    References
    ----------
    Dunn J.C. Well-separated clusters and optimal fuzzy partitions. J. Cybernetics
    4(1):95-104, 1974; Zhou Z.-H., Machine Learning, 2016, sec. 9.2.

    Examples
    --------
    >>> dunn([[0.0], [1.0], [10.0], [11.0]], [0, 0, 1, 1])  # gap 9 over diameter 1
    9.0
    """
    return score_alone(dunn_from_partition, X, labels, memory_budget_mb, metric)


def calinski_harabasz(X, labels) -> float:
    """Calinski-Harabasz index (variance ratio criterion), from the centroids alone.

    ``CH = [B / (K - 1)] / [W / (n - K)]`` with the between-cluster dispersion
    ``B = sum_k n_k ||c_k - xbar||^2`` and the within-cluster dispersion
    ``W = sum_k sum_{x in C_k} ||x - c_k||^2``; no pairwise distance is computed.

    Range [0, inf); **higher is better**. Raises UndefinedIndexError for K = 1 and K = n
    (n - K = 0), as scikit-learn raises. 0 when every centroid equals xbar (B = 0); inf
    when every object sits on its centroid and B > 0. Here scikit-learn's
    ``calinski_harabasz_score`` returns 1.0 instead (W = 0 in either case), and so does
    ``clustval.calinski_harabasz_score`` (:mod:`clustval.compat.sklearn`); on every other
    input the two agree (to rounding; clustval takes the means relative to a data point,
    so it keeps its digits far from the origin).

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        The data, finite numbers.
    labels : array-like of shape (n_samples,)
        The cluster of each object: integers or strings.

    Returns
    -------
    float
        CH, in [0, inf]; higher is better.

    Raises
    ------
    clustval.errors.UndefinedIndexError
        K = 1 and K = n, where the index has no value.
    clustval.errors.InputError
        Data or labels that fail the checks (lengths differ, NaN or inf, a label missing).

    See Also
    --------
    calinski_harabasz_from_partition : the same index from a shared partition.
    db : the Davies-Bouldin index.
    clustval.scoring.internal_scores : every internal index from one distance pass.

    References
    ----------
    Calinski T., Harabasz J. A dendrite method for cluster analysis.
    Communications in Statistics 3(1):1-27, 1974.

    Examples
    --------
    >>> X = [[0.0], [2.0], [10.0], [12.0]]
    >>> calinski_harabasz(X, [0, 0, 1, 1])  # B = 4 * 25 = 100, W = 4: (100 / 1) / (4 / 2)
    50.0
    """
    return score_alone(calinski_harabasz_from_partition, X, labels)
