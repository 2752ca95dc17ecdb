"""Exact order statistics of all pairwise distances, for the pair-rank indices.

The Gamma, G+ and Tau indices compare every within-cluster distance with every
between-cluster distance (N_W x N_B comparisons), and the C-index needs the sums of the N_W
smallest and the N_W largest of all N_T = n (n - 1) / 2 distances.
:func:`pair_stats` computes all of them exactly, never comparing pairs with pairs and never
holding the N_T distances at once:

* Concordances. The distances of the smaller class (within or between pairs, m = min(N_W,
  N_B) of them) are collected in one pass over row blocks and sorted; a second pass streams
  the other class's distances and counts, with two binary searches each, how many of the
  collected ones are smaller, equal or larger: O(N_T log m) time, 8 m bytes besides the
  blocks (for K balanced clusters m ~ N_T / K).
* Sums of the N_W smallest and largest distances. The sum of the N_W smallest is the sum of
  the m smallest when N_W <= N_B, else the total minus the sum of the N_B largest (and the
  other way round for the largest): a streaming selection (``np.partition``) keeps the m
  smallest and the m largest seen so far, about 20 m bytes at most. Every sum is exact
  (:class:`ExactSum`), so the C-index is 0 exactly when the within distances are the
  smallest ones, whatever the order of the additions.

Distances are those of :func:`clustval._pairwise.exact_distances` (bit for bit the ones of
the other internal indices) or the entries of a precomputed matrix; objects are sorted by
cluster once and each unordered pair {i, j} is read once, as d(i, j) with i before j in
that order.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from ._pairwise import exact_distances, rows_per_block

# A row block of r rows holds r x n distances and about this many arrays as large again
# (the masks, the within and between values, their sorted copy and search positions, the
# terms of the exact sums).
_ARRAYS_PER_BLOCK_ROW = 8
# Float64 sums of integers below 2^27 stay exact for up to 2^26 terms (2^53); smaller chunks
# bound the temporaries.
_EXACT_CHUNK = 2**20
_HALF = 26  # mantissas (53 bits) are split into 27 high and 26 low bits
# frexp exponents minus 53 are at least -1074 - 53: scaling by 2^_SCALE makes every term an integer
_SCALE = 1127


class ExactSum:
    """The exact sum of float64 values, added in any order, as a Python integer times
    2^-1127 (every finite double is an integer multiple of that).

    Each value is split into its 53-bit integer mantissa and exponent (``np.frexp``); the
    mantissas' 27 high and 26 low bits are added per exponent with ``np.bincount`` in
    float64, exact because no partial sum reaches 2^53.

    Examples
    --------
    >>> s = ExactSum()
    >>> s.add(np.array([1e16, 1.0, -1e16]))
    >>> s.fraction()
    Fraction(1, 1)
    """

    def __init__(self) -> None:
        self.total = 0  # the sum times 2^_SCALE

    def add(self, values: np.ndarray) -> None:
        """Add ``values`` (a float64 array, finite) exactly."""
        for c0 in range(0, values.size, _EXACT_CHUNK):
            chunk = values[c0 : c0 + _EXACT_CHUNK]
            if not chunk.size:
                continue
            mantissa, exponent = np.frexp(chunk)
            whole = mantissa * 2.0**53  # an integer below 2^53: value = whole * 2^(exponent - 53)
            top = np.floor(whole * 2.0**-_HALF)  # every step exact in float64
            whole -= top * 2.0**_HALF
            low_exponent = int(exponent.min())
            slot = exponent - low_exponent
            high = np.bincount(slot, weights=top)
            low = np.bincount(slot, weights=whole)
            for s in np.flatnonzero((high != 0) | (low != 0)):
                term = (int(high[s]) << _HALF) + int(low[s])
                self.total += term << (int(s) + low_exponent - 53 + _SCALE)

    def fraction(self) -> Fraction:
        """The sum as an exact fraction."""
        return Fraction(self.total, 2**_SCALE)


def exact_sum(values: np.ndarray) -> Fraction:
    """The exact sum of a float64 array, as a Fraction (see :class:`ExactSum`).

    Examples
    --------
    >>> exact_sum(np.array([0.1, 0.2])) == Fraction(0.1) + Fraction(0.2)
    True
    """
    total = ExactSum()
    total.add(np.asarray(values, dtype=np.float64).ravel())
    return total.fraction()


@dataclass(frozen=True)
class PairStats:
    """Order statistics of the N_T pairwise distances; fields not requested are None.

    Attributes
    ----------
    n_within, n_between : int
        N_W and N_B, the numbers of within- and between-cluster pairs.
    concordant, discordant, tied : int or None
        s+, s-, and the rest of the N_W N_B comparisons: the (within, between) pairs of pairs
        whose within distance is smaller than, larger than, equal to the between distance.
    smallest_sum, largest_sum : Fraction or None
        Exact sums of the N_W smallest and of the N_W largest of all distances.
    within_sum : Fraction or None
        Exact sum S_W of the N_W within-cluster distances.
    """

    n_within: int
    n_between: int
    concordant: int | None = None
    discordant: int | None = None
    tied: int | None = None
    smallest_sum: Fraction | None = None
    largest_sum: Fraction | None = None
    within_sum: Fraction | None = None


class _Blocks:
    """Row blocks of the upper triangle of the distance matrix, objects sorted by cluster."""

    def __init__(self, X, codes, n_clusters, memory_budget_mb, precomputed):
        self.order = np.argsort(codes, kind="stable")
        self.sizes = np.bincount(codes, minlength=n_clusters)
        self.starts = np.concatenate(([0], np.cumsum(self.sizes)))
        self.own = codes[self.order]
        self.n = codes.shape[0]
        self.end_of = self.starts[1:][self.own]  # first position after each object's cluster
        self.precomputed = precomputed
        self.data = X if precomputed else np.ascontiguousarray(X[self.order])
        self.step = rows_per_block(self.n, memory_budget_mb, _ARRAYS_PER_BLOCK_ROW)

    def __iter__(self) -> Iterator[tuple[int, int, np.ndarray]]:
        """``(r0, r1, D)`` with D[a, b] = d(r0 + a, r0 + b) in sorted positions (columns r0..n-1)."""
        for r0 in range(0, self.n, self.step):
            r1 = min(r0 + self.step, self.n)
            if self.precomputed:
                D = self.data[self.order[r0:r1]][:, self.order[r0:]]
            else:
                D = exact_distances(self.data[r0:r1], self.data[r0:])
            yield r0, r1, D

    def split(self, r0: int, r1: int, D: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(within, between) distances of the block's pairs i < j."""
        columns = np.arange(r0, self.n)[None, :]
        rows = np.arange(r0, r1)[:, None]
        end = self.end_of[r0:r1, None]
        within = D[(columns > rows) & (columns < end)]
        between = D[columns >= end]  # a later cluster: always j > i
        return within, between


class _Extremes:
    """The m smallest and the m largest values seen so far (a streaming selection).

    Once m values are kept, a new value enters only if it is at most the largest kept small
    one (at least the smallest kept large one); the pending values are cut back to m by
    ``np.partition`` when they reach m again. Ties at the cut do not matter: the sum of the m
    smallest is the same whichever of equal values are kept.
    """

    def __init__(self, m: int) -> None:
        self.m = m
        self.small: list[np.ndarray] = []
        self.large: list[np.ndarray] = []
        self.held = [0, 0]
        self.cut: list[float | None] = [None, None]  # largest kept small, smallest kept large

    def add(self, values: np.ndarray) -> None:
        if self.m == 0 or not values.size:
            return
        small = values if self.cut[0] is None else values[values <= self.cut[0]]
        large = values if self.cut[1] is None else values[values >= self.cut[1]]
        self.small.append(small)
        self.large.append(large)
        self.held[0] += small.size
        self.held[1] += large.size
        if self.held[0] >= self.m + self.m // 4:
            self._select(0)
        if self.held[1] >= self.m + self.m // 4:
            self._select(1)

    def _select(self, side: int) -> None:
        pending = self.small if side == 0 else self.large
        values = np.concatenate(pending)
        if values.size > self.m:
            if side == 0:
                values = np.partition(values, self.m - 1)[: self.m]
            else:
                values = np.partition(values, values.size - self.m)[values.size - self.m :]
        if values.size == self.m:
            self.cut[side] = float(values.max() if side == 0 else values.min())
        pending[:] = [values]
        self.held[side] = values.size

    def sums(self) -> tuple[Fraction, Fraction]:
        if self.m == 0:
            return Fraction(0), Fraction(0)
        self._select(0)
        self._select(1)
        return exact_sum(self.small[0]), exact_sum(self.large[0])


def pair_stats(
    X: np.ndarray,
    codes: np.ndarray,
    n_clusters: int,
    *,
    ranks: bool = False,
    extreme_sums: bool = False,
    memory_budget_mb: float = 256,
    precomputed: bool = False,
) -> PairStats:
    """Concordance counts and sums of the extreme distances, exactly.

    Parameters
    ----------
    X : ndarray
        (n, d) float64 coordinates as ``check_data`` returns them, or with ``precomputed``
        the (n, n) distance matrix as ``check_distances`` returns it.
    codes : ndarray of shape (n,)
        Cluster codes 0..n_clusters-1, every code present.
    n_clusters : int
        K.
    ranks : bool
        Count s+, s- and the ties (Gamma, G+, Tau): two passes, 8 min(N_W, N_B) bytes.
    extreme_sums : bool
        Sum the N_W smallest and largest distances and the within ones (C-index):
        about 20 min(N_W, N_B) bytes at most.
    memory_budget_mb : float
        Bound on each row block of distances.
    precomputed : bool
        X is the distance matrix.

    Returns
    -------
    PairStats
        The requested statistics.
    """
    n = codes.shape[0]
    sizes = np.bincount(codes, minlength=n_clusters).astype(np.int64)
    n_within = int(sum(int(s) * (int(s) - 1) // 2 for s in sizes))
    n_between = n * (n - 1) // 2 - n_within
    if not (ranks or extreme_sums):
        return PairStats(n_within, n_between)
    blocks = _Blocks(X, codes, n_clusters, memory_budget_mb, precomputed)
    m = min(n_within, n_between)
    collect_within = n_within <= n_between  # for the ranks: collect the smaller class
    collected = np.empty(m) if ranks else None
    filled = 0
    extremes = _Extremes(m) if extreme_sums else None
    within_total, between_total = ExactSum(), ExactSum()

    for r0, r1, D in blocks:
        if ranks or extreme_sums:
            within, between = blocks.split(r0, r1, D)
            if ranks:
                kept = within if collect_within else between
                collected[filled : filled + kept.size] = kept
                filled += kept.size
            if extreme_sums:
                extremes.add(within)
                extremes.add(between)
                within_total.add(within)
                between_total.add(between)

    stats: dict[str, object] = {}
    if ranks:
        collected.sort()
        smaller = larger = tied = 0  # collected values smaller / larger than / equal to a streamed one
        for r0, r1, D in blocks if m else ():  # no within (K = n) or between (K = 1) pair: 0
            within, between = blocks.split(r0, r1, D)
            streamed = np.sort(between if collect_within else within)
            left = np.searchsorted(collected, streamed, side="left")
            below = int(left.sum())
            # ties: a second search only where the first collected value not below is equal
            # (left = m, every collected value below, is clipped to m - 1: never equal)
            np.minimum(left, m - 1, out=left)
            equal = collected[left] == streamed
            right = np.searchsorted(collected, streamed[equal], side="right")
            ties = int(right.sum()) - int(left[equal].sum())
            smaller += below
            larger += m * streamed.size - below - ties
            tied += ties
        # collected within: s+ counts within < between; collected between: within < between
        concordant, discordant = (smaller, larger) if collect_within else (larger, smaller)
        stats.update(concordant=concordant, discordant=discordant, tied=tied)
    if extreme_sums:
        low_m, high_m = extremes.sums()
        within_sum = within_total.fraction()
        total = within_sum + between_total.fraction()
        if collect_within:  # m = N_W
            stats.update(smallest_sum=low_m, largest_sum=high_m)
        else:  # m = N_B: the N_W smallest are all but the N_B largest
            stats.update(smallest_sum=total - high_m, largest_sum=total - low_m)
        stats["within_sum"] = within_sum
    return PairStats(n_within, n_between, **stats)
