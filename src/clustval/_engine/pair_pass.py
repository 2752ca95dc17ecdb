"""Exact order statistics of all pairwise distances, in passes bounded by a memory budget.

The Gamma, G+ and Tau indices compare every within-cluster distance with every
between-cluster distance (N_W x N_B comparisons: s+ counts w < b, s- counts w > b, the rest
are ties), and the C-index needs the sums of the N_W smallest and the N_W largest of all
N_T = n (n - 1) / 2 distances. :func:`pair_stats` computes them exactly without holding
the N_T distances, nor one class of them, at once: it reads the distances in passes (each
pass recomputes them, or reads a precomputed matrix) and keeps O(budget) state.

Values are handled by their bit patterns (for non-negative doubles the int64 order is the
float order), so cutting the value range into buckets ``(bits - lo) >> shift`` is exact and
monotone: every value of a lower bucket is smaller than every value of a higher one, and
equal values share a bucket, and a bucket one bit pattern wide holds one value. On an
interval [lo, hi] of values (at first the smallest and the largest distance, which the main
distance pass finds):

1. A histogram pass counts the within and between values of each of at most 2^16 + 1
   buckets (at the top, it also sums the within distances exactly: S_W). Comparisons of
   values in different buckets are decided by the counts; so are those inside a bucket
   one value wide (all ties).
2. The other buckets holding both classes are settled in one of two ways:
   - if their values fit a batch of ``budget / 8 bytes`` values (at least 4096), they are
     copied out, one collecting pass per batch, and each batch's two classes are sorted and
     merged, which counts its comparisons (minus those across its buckets, already counted
     in step 1);
   - otherwise (:func:`_rank_group`), by groups of buckets whose values of the smaller
     class fill half the budget: a pass over that class's pairs alone collects and sorts
     them, and a pass over the other class's pairs streams its values of the group past
     them, in calls that each fill the other half of the budget, each call's runs sorted
     and merged with the held values. The streamed class is never held whole, so a group
     costs one pass over the larger class however many of its values fall in the group.
3. For the C-index, the bucket where the N_W-th smallest (largest) value falls is found from
   the counts; the values of the buckets below (above) it are summed exactly during the
   first collecting pass (with groups and no batch, the first group's two passes, one over
   each class), and the bucket itself is collected to pick its smallest (largest) values
   (in a group, its held values and its streamed ones copied aside as they pass; a small
   bucket of one class joins the nearest group for that), or is one value wide.
4. A bucket too large for one batch (values crowded into a narrow range, ties) is an
   interval of its own: steps 1-3 again on it, with 2^16 times narrower buckets (at most
   four levels: the bit patterns have 63 bits).

Cost: each pass is O(N_T d) time (the distances recomputed, or read from the matrix): one
histogram pass, then the batches or the groups; every value of a shared bucket is sorted
once (O(V log V) in all, V the values that share a bucket with the other class) and merged.
Well separated clusters (V small) take two passes. When the two classes overlap throughout
(random labels, uniform data cut into K parts, two classes that overlap), V ~ N_T: the
batches take about 8 V / budget passes, the groups about 2 * 8 V_s / budget, V_s the shared
values of the smaller class (about N_T / K for K clusters of equal size; per group one pass
over the larger class, the one over the smaller costing its share), but each streamed
value costs a merge with the held ones. The first pass's time picks the quicker plan: at
K = 10 and the default 256 MB, the groups at n = 20,000 on overlapping partitions (2 groups,
5-6 passes against 7), 40,000 (12 passes against 26) and 100,000 (30 groups against about
150 batches). A plan of 16 passes or more warns (:class:`~clustval.errors.SlowPassesWarning`),
with the budget that takes about eight.
Sorting is most of a group's time: where the compiled kernels run, a sort goes through as
much scratch again by a radix sort (:func:`clustval._engine.pair_kernels.radix_sort`, about
15 ns a value at 10^7 values) when that beats numpy's sort on the CPU, timed once a process
(numpy's AVX-512 sort took about 8 ns a value on an Intel Xeon; on AMD Zen 4 it takes 65).
The scratch comes out of the budget: the held values sort through the room the stream will
take, and the stream then fills half that room, its runs sorting through the other half (so
twice the calls, each walking the held values); a batch sorts through the rest of the
buffer when that is as long, else by numpy's sort.
The passes cannot be bounded apart from the overlap within a fixed budget: each comparison
of a within value with a between value in one bucket is decided only by the two values (or
by finer counts, which cost as much memory per value as the value), so a group holds at
most budget / 16 bytes of the smaller class. Memory: the held values and the stream's runs
(the budget, one buffer for every batch and group) and a histogram of 2^16 x 2 counters per
part.

Every sum is exact (integer mantissas added per exponent), so the C-index is 0 exactly when
the within distances are the smallest, in any order of the additions. Distances are those
of :func:`clustval._engine.pairwise.exact_distances` (bit for bit the ones of the other internal
indices) or the entries of a precomputed matrix; objects are sorted by cluster once and
each unordered pair {i, j} is read once. The compiled kernel
(:func:`clustval._engine.pair_kernels.pair_value_pass`) and the numpy path (row blocks) give the
same counts and sums: both are exact.
"""

from __future__ import annotations

import math
import os
import time
import warnings
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache, cached_property

import numpy as np

from ..errors import SlowPassesWarning
from . import compiled as _compiled
from . import progress as _progress
from .docs import PASS_PARAMETERS, with_parameters
from .lanes import TILE
from .pairwise import (
    DEFAULT_MEMORY_BUDGET_MB,
    DefaultBudget,
    cut_into_tiles,
    exact_distances,
    part_bounds,
    row_form,
    rows_per_block,
    tile_major_layout,
)

# A row block of the numpy path holds r x n distances and about this many arrays as large
# again (masks, the within and between values, their bit patterns and buckets).
_ARRAYS_PER_BLOCK_ROW = 8
# Float64 sums of integers below 2^27 stay exact for up to 2^26 terms (2^53); smaller chunks
# bound the temporaries.
_EXACT_CHUNK = 2**20
_HALF = 26  # mantissas (53 bits) are split into 27 high and 26 low bits
# frexp exponents minus 53 are at least -1074 - 53: scaling by 2^_SCALE makes every term an integer
_SCALE = 1127
BUCKET_BITS = 16  # a histogram has at most 2^16 + 1 buckets
# Bytes of the budget per collected value: the value itself (a batch is sorted in place, the
# picks are summed from its sorted runs without a copy, the searches run in fixed chunks).
_BYTES_PER_VALUE = 8
# A batch holds at least this many values (40 KB), whatever the budget: each pass keeps 2^16
# counters per class and part anyway, and a budget of a few bytes would otherwise run one
# pass per distance (n = 90 at memory_budget_mb=1e-9: 30 s instead of 0.02 s).
_MIN_BATCH = 4096
# The compiled pass's exact accumulators add up to 2^36 mantissa halves per exponent and
# part: a part reads at most this many pairs.
_PAIRS_PER_PART = 2**35
# A long pass runs in this many calls of the kernel (from this many pairs), each counted in
# the progress bar: a call costs about a millisecond, a pass at n = 6,000 about 0.1 s.
_CALLS = 16
# Sorting and merging a batch (two threads) takes about three quarters of the wall time of a
# pass over the distances (n = 20,000, d = 8), counted as this many steps of the progress bar.
_SORT_STEPS = 12
# A plan of this many passes or more warns (SlowPassesWarning) with its cost and a budget
# that takes fewer (about _FEW_PASSES).
_MANY_PASSES, _FEW_PASSES = 16, 12
#: A call that names no budget (DEFAULT_MEMORY_BUDGET_MB) takes, for a plan of _MANY_PASSES
#: or more, the budget that plans about _FEW_PASSES, up to this many MB and an eighth of the
#: machine's memory: n = 100,000 on random labels takes 13 passes and 1.6 GB at the peak
#: instead of 62 passes (about 110 s instead of 230 s); a larger n still warns.
GROWN_BUDGET_MB = 1280
_GROWN_MEMORY_SHARE = 8
_CALLED_PAIRS = 2**24
# The rank groups hold this share of the budget's values sorted (the rest streams the other
# class past them), and a stream runs as this many parts (the threads that sort its runs)
_HELD_SHARE, _STREAM_PARTS = 0.5, 2
# A pick's boundary bucket in a rank group comes with the group's passes, its values of the
# streamed class copied aside, when it holds at most this share of the budget's values (else a
# batch of its own)
_PICKED_SHARE = 64
# Seconds of wall time to merge a streamed value with the held ones, beyond what a batch's
# value costs (two threads): a group costs a pass and this per value it streams. Measured
# where the plans come closest, n = 20,000 (d = 8, K = 10, the idle machine): on random and
# 5 % moved labels the groups took 2.5-2.8 s against the batches' 3.0-3.4 s, on blobs with
# std 3 1.9 s against 1.9-2.3 s, the histogram pass that times them 0.19 s
_MERGE_S = 2e-9
# Seconds of wall time to sort a streamed value and merge it with the held ones (two threads;
# n = 20,000, random labels: about 1.1 s for 1.8e8 values), and the share of it a stream
# call's step over a held value takes (each call's runs walk the held values): the progress
# bar counts them as steps, as many as that time is of a pass's _CALLS (the merges take most
# of a group's time; n = 20,000 and 100,000, the idle machine, 2026-12-07: the ETA within
# 0.6-1.8 times the time left)
_STREAMED_S, _WALK_SHARE = 6e-9, 0.33
# Modes of a pass (clustval._engine.pair_kernels): the same flags on both paths.
RANGE, HISTOGRAM, WITHIN_SUM, TAIL_SUMS, COLLECT = 1, 2, 4, 8, 16
# The time of a pass over one class's pairs that collects them, per pair, and of the range's
# pass, as a share of a histogram pass's (n = 20,000, d = 8, random labels, one thread: the
# histogram 0.37 s, the within pairs collected 0.065 s for a tenth of the pairs, half the
# between values streamed 0.50 s for nine tenths, the range 0.21 s)
_CLASS_PASS_COST, _RANGE_PASS_COST = 1.6, 0.6
# A sort of this many values or more goes through the compiled radix sort where that is the
# quicker (_radix_is_quicker, which times both on _RADIX_SAMPLE values): below, numpy's sort
# takes at most a few milliseconds
_RADIX_FROM, _RADIX_SAMPLE = 2**16, 2**17
# Sorts and merges of fewer values than this run on one thread: a pool costs more than it saves
_THREADED_FROM = 2**20


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

    def add_halves(self, halves: np.ndarray) -> None:
        """Add the compiled pass's accumulators (2048 x 2: per biased exponent e, the summed
        high and low mantissa halves; a value is mantissa * 2^(e - 1075))."""
        for e in np.flatnonzero(halves.any(axis=1)):
            term = (int(halves[e, 0]) << _HALF) + int(halves[e, 1])
            self.total += term << (int(e) - 1075 + _SCALE)

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
    passes : int
        The passes over the distances it took.
    """

    n_within: int
    n_between: int
    concordant: int | None = None
    discordant: int | None = None
    tied: int | None = None
    smallest_sum: Fraction | None = None
    largest_sum: Fraction | None = None
    within_sum: Fraction | None = None
    passes: int = field(default=0, compare=False)


def _bits(value: float) -> int:
    return int(np.float64(value).view(np.int64))


def _value(bits: int) -> Fraction:
    return Fraction(float(np.int64(bits).view(np.float64)))


@dataclass
class _Pass:
    """What one pass returns: per-bucket counts (``hist[c]``, c = 0 within, 1 between; and
    per part, ``part_hist``), the extremes of all values as bits (RANGE), the exact sums
    below t_low, above t_high and of the within values, and the collected values of each
    class."""

    hist: np.ndarray
    part_hist: np.ndarray
    lowest: int
    highest: int
    sums: list[ExactSum]
    within: np.ndarray
    between: np.ndarray


@dataclass(frozen=True)
class TileSource:
    """What the compiled pass reads: the cluster-sorted objects' coordinates laid out by
    tiles (``clustval._engine.pairwise.tile_major_layout``) or the distance matrix with the sorted order,
    and the tile pairs, each unordered pair of tiles once (``np.triu_indices`` order)."""

    XT: np.ndarray
    columns: np.ndarray
    form: np.ndarray  # row_form(XT): the distances of its form alone compile
    D: np.ndarray
    order: np.ndarray
    precomputed: bool
    tiles: np.ndarray
    tile_cluster: np.ndarray
    pair_a: np.ndarray
    pair_b: np.ndarray


def kernel_pass(source: TileSource, bounds, mode, lo, hi, shift, n_buckets, t_low, t_high, select, taken,
                only=-1, step=None, calls=1, out=None, steps=_CALLS):  # fmt: skip
    """The compiled pass over the tile pairs of the parts ``bounds`` (first pair of each
    part, and the end): per part its histogram (parts x 2 x buckets), extremes (RANGE) and
    exact accumulators, and the collected values of each class, part after part (``taken``:
    how many each part copies). Pure: :mod:`clustval.dask` runs it as tasks on runs of
    parts, for the same results. It runs in ``calls`` calls, each a share of every part,
    and counts each in the progress ``step`` (``steps`` in all). ``out``: where the
    collected values go (a buffer at least as long as all of them), else new arrays;
    ``only``: the tile pairs of that class alone (0 within, 1 between)."""
    parts = len(bounds) - 1
    hist = np.zeros((parts, 2, n_buckets), dtype=np.int64)
    lowest = np.full((parts, 1), np.iinfo(np.int64).max, dtype=np.int64)
    highest = np.full((parts, 1), -1, dtype=np.int64)
    halves = np.zeros((parts, 3, 2048, 2), dtype=np.int64)
    cursors = np.cumsum(taken, axis=0) - taken
    within, between = _outputs(taken[:, 0].sum(), taken[:, 1].sum(), out)
    cuts = bounds[:-1, None] + (np.diff(bounds)[:, None] * np.arange(calls + 1)) // calls  # (parts, calls + 1)
    rows, room = np.full(parts, -1, dtype=np.int64), np.full((parts, 2), np.iinfo(np.int64).max, dtype=np.int64)
    for call in range(calls):
        _compiled.pair_kernels().pair_value_pass(
            source.XT, source.columns, source.D, source.order, source.precomputed, source.tiles,
            source.tile_cluster, source.pair_a, source.pair_b, cuts[:, call].copy(),
            cuts[:, call + 1].copy(), mode, lo, hi, shift, t_low, t_high, select, hist, lowest,
            highest, halves, within, between, cursors, only, rows, room, source.form,
        )  # fmt: skip
        if step is not None:
            step.advance(steps * (call + 1) // calls - steps * call // calls)
    return hist, lowest, highest, halves, within, between


class PairValues:
    """The N_T distances d(i, j), i before j among the objects sorted by cluster, read in
    passes (:meth:`run`): by the compiled kernel over tile pairs (cut into ``parts`` runs of
    equal work), or by the numpy path over row blocks of the memory budget. ``rows``: the row
    of X (of the matrix) of each object, when objects share rows (copies of a row); default
    object i is row i."""

    def __init__(self, X, codes, n_clusters, memory_budget_mb, precomputed, parts: int = 4, metric=None,
                 rows: np.ndarray | None = None):  # fmt: skip
        by_cluster = np.argsort(codes, kind="stable")
        self.order = by_cluster if rows is None else rows[by_cluster]  # the rows, objects sorted by cluster
        self.sizes = np.bincount(codes, minlength=n_clusters)
        self.starts = np.concatenate(([0], np.cumsum(self.sizes))).astype(np.int64)
        self.n = codes.shape[0]
        self.n_pairs = self.n * (self.n - 1) // 2
        n_within = int(sum(int(s) * (int(s) - 1) // 2 for s in self.sizes))
        self.class_sizes = (n_within, self.n_pairs - n_within)
        self.memory_budget_mb = memory_budget_mb
        self.precomputed = precomputed
        # another metric than Euclidean (X: its prepared rows) takes the numpy path
        self.metric = None if metric is None or metric.euclidean else metric
        self.passes = 0
        self.pass_steps = 0  # steps of the bar the passes begun count (steps_of_pass each)
        self._collected: np.ndarray | None = None  # one buffer for every batch (see _buffer)
        self.capacity = 0  # the most values a batch holds (pair_stats sets it)
        # while pair_stats runs: its progress step, counted in kernel calls (_CALLS a pass) and
        # batches sorted (_SORT_STEPS each)
        self.progress: _progress.Step | None = None
        self.sorted = 0  # batches sorted and merged
        self.merge_steps = 0  # steps of the bar counted for streamed values merged (merged)
        # the current plan's (its _solve sets them): steps a streamed value counts, values merged
        # and steps counted before it
        self.steps_per_merged, self.merged_count, self.merge_steps_before = 0.0, 0, 0
        steps = 1 if precomputed else X.shape[1]
        self.compiled = self.metric is None and _compiled.pair_kernels(self.n_pairs * steps) is not None
        if self.compiled:
            tiles, tile_cluster = cut_into_tiles(self.starts, TILE)
            pair_a, pair_b = (a.astype(np.int64) for a in np.triu_indices(len(tile_cluster)))
            self.bounds = part_bounds(np.diff(tiles), max(parts, -(-self.n_pairs // _PAIRS_PER_PART)))
            if precomputed:
                XT, columns, D = np.zeros((4, 1)), np.zeros(1, dtype=np.int64), X
            else:
                XT, columns = tile_major_layout(np.ascontiguousarray(X[self.order]), tiles)
                D = np.zeros((1, 1))
            self.source = TileSource(XT, columns, row_form(XT), D, self.order, precomputed, tiles, tile_cluster,
                                     pair_a, pair_b)  # fmt: skip
            # a stream runs as one part per thread: each call's runs are long beside the
            # values held (merging a run walks them all)
            self.stream_bounds = part_bounds(np.diff(tiles), _STREAM_PARTS)
        else:
            self.bounds = np.array([0, 1])
            self.own = codes[by_cluster]
            self.end_of = self.starts[1:][self.own]  # first position after each object's cluster
            self.data = X if precomputed else np.ascontiguousarray(X[self.order])
            self.block_rows = rows_per_block(self.n, memory_budget_mb, _ARRAYS_PER_BLOCK_ROW)
        # ranks by groups of buckets (_rank_group): a class held sorted, the other streamed through the
        # rest of the buffer, which holds at least two rows of a tile per part (Dask: False)
        self.streams = True
        self.stream_room = 2 * TILE * _STREAM_PARTS
        # a budget the caller did not name grows for a plan of many passes (GROWN_BUDGET_MB)
        self.budget_grows = isinstance(memory_budget_mb, DefaultBudget)

    @cached_property
    def sorts_through(self) -> bool:
        """Whether the rank groups' sorts go through scratch (the compiled radix sort, where it
        is the quicker: :func:`_radix_is_quicker`), so that a stream's runs take half the room
        the held values leave, the other half their scratch."""
        return self.compiled and _radix_is_quicker()

    @property
    def stream_share(self) -> float:
        """The share of the room the held values leave that a stream's call fills."""
        return 0.5 if self.sorts_through else 1.0

    def steps_of_pass(self, mode: int = HISTOGRAM, only: int = -1) -> int:
        """Steps of the progress bar a pass counts, as its time is of a histogram pass's
        (_CALLS): a pass over one class's pairs alone (``only``), collecting, its share of
        the pairs times _CLASS_PASS_COST (the within pairs of K equal clusters: about 1/K),
        the range's _RANGE_PASS_COST; so that no pass runs the bar ahead of the time."""
        if mode == RANGE:
            return round(_CALLS * _RANGE_PASS_COST)
        if only < 0:
            return _CALLS
        return max(1, round(_CALLS * _CLASS_PASS_COST * self.class_sizes[only] / max(1, self.n_pairs)))

    def value_range(self) -> tuple[int, int]:
        """The bits of the smallest and the largest distance (a pass of its own)."""
        out = self.run(RANGE, 0, 0, 0, 1)
        return int(out.lowest), int(out.highest)

    def run(self, mode, lo, hi, shift, n_buckets, *, t_low=-1, t_high=None, select=None, counts=None,
            only=-1) -> _Pass:  # fmt: skip
        """One pass over the values whose bits lie in [lo, hi], bucket ``(bits - lo) >> shift``.

        ``select`` (with COLLECT): the buckets to copy out, ``counts``: the part histogram of
        the same buckets (from a HISTOGRAM pass), which sizes each part's run of the output;
        ``only``: the values of that class alone (0 within, 1 between), the other's pairs
        skipped.
        """
        self.passes += 1
        steps = self.steps_of_pass(mode, only)
        self.pass_steps += steps
        t_high = n_buckets if t_high is None else t_high
        taken = np.zeros((len(self.bounds) - 1, 2), dtype=np.int64)  # (parts, 2): values each part copies
        if mode & COLLECT:
            taken = counts[:, :, select].sum(axis=2)
            if only >= 0:
                taken[:, 1 - only] = 0
        else:
            select = np.zeros(1, dtype=bool)
        self.planned(0)  # a pass not planned before (the first ones) counts now
        if self.compiled:
            hist, lowest, highest, halves, within, between = self.parts_pass(
                mode, lo, hi, shift, n_buckets, t_low, t_high, select, taken, only=only, steps=steps)  # fmt: skip
            sums = [ExactSum() for _ in range(3)]
            for s in range(3):
                sums[s].add_halves(halves[:, s].sum(axis=0))
        else:
            if self.progress is not None:
                self.progress.advance(steps)
            hist = np.zeros((1, 2, n_buckets), dtype=np.int64)
            lowest = np.full((1, 1), np.iinfo(np.int64).max, dtype=np.int64)
            highest = np.full((1, 1), -1, dtype=np.int64)
            within, between = _outputs(taken[0, 0], taken[0, 1], self._buffer(mode, taken))
            sums = self._numpy_pass(mode, lo, hi, shift, t_low, t_high, select, hist[0], lowest[0],
                                    highest[0], within, between, only)  # fmt: skip
        return _Pass(hist.sum(axis=0), hist, int(lowest.min()), int(highest.max()), sums, within, between)

    def parts_pass(self, mode, lo, hi, shift, n_buckets, t_low, t_high, select, taken, only=-1, steps=_CALLS):
        """:func:`kernel_pass` over every part (:mod:`clustval.dask` runs runs of parts as tasks)."""
        return kernel_pass(self.source, self.bounds, mode, lo, hi, shift, n_buckets, t_low, t_high, select, taken,
                           step=self.progress, calls=_CALLS if self.n_pairs >= _CALLED_PAIRS else 1,
                           out=self._buffer(mode, taken), only=only, steps=steps)  # fmt: skip

    def stream(self, c: int, lo, hi, shift, select, out: np.ndarray, expected: int, *, t_low=-1, t_high=None,
               tails: tuple[ExactSum, ExactSum] | None = None) -> Iterator[list[np.ndarray]]:  # fmt: skip
        """The values of class c in [lo, hi] whose bucket is selected, through ``out`` (at
        least ``stream_room`` values): one pass over the class's pairs, in calls that each
        fill the buffer at most, the runs of each call yielded (one per part) before the next
        call overwrites them. ``expected``: how many values the pass yields (for the bar);
        ``tails``: where to add the class's values below bucket ``t_low`` and above ``t_high``
        (TAIL_SUMS)."""
        self.passes += 1
        steps = self.steps_of_pass(COLLECT, c)
        self.pass_steps += steps
        self.planned(0)
        calls = max(1, -(-expected // max(1, out.size - self.stream_room // 2)))  # about
        mode = COLLECT | (TAIL_SUMS if tails is not None else 0)
        t_high = int(select.size) if t_high is None else t_high
        if not self.compiled:
            if self.progress is not None:
                self.progress.advance(steps)
            yield from self._numpy_stream(c, lo, hi, shift, select, out, t_low, t_high, tails)
            return
        advanced = 0  # steps of the bar: ``steps`` in all, whatever the calls
        parts = len(self.stream_bounds) - 1
        region = out.size // parts
        first = np.arange(parts, dtype=np.int64) * region
        starts, stops = self.stream_bounds[:-1].copy(), self.stream_bounds[1:].copy()
        rows = np.full(parts, -1, dtype=np.int64)
        room = np.zeros((parts, 2), dtype=np.int64)
        room[:, c] = first + region
        # the counts and sums a collecting pass leaves alone
        hist, extremes = np.zeros((parts, 2, 1), dtype=np.int64), np.zeros((parts, 1), dtype=np.int64)
        halves = np.zeros((parts, 3, 2048, 2), dtype=np.int64)
        outputs = (out, np.empty(0)) if c == 0 else (np.empty(0), out)
        while (starts < stops).any():
            cursors = np.zeros((parts, 2), dtype=np.int64)
            cursors[:, c] = first
            s = self.source
            _compiled.pair_kernels().pair_value_pass(
                s.XT, s.columns, s.D, s.order, s.precomputed, s.tiles, s.tile_cluster, s.pair_a, s.pair_b,
                starts, stops, mode, lo, hi, shift, t_low, t_high, select, hist, extremes, extremes, halves,
                *outputs, cursors, c, rows, room, s.form,
            )  # fmt: skip
            step = min(steps - advanced, max(1, steps // calls))
            if self.progress is not None and step:
                self.progress.advance(step)
            advanced += step
            yield [out[a:b] for a, b in zip(first.tolist(), cursors[:, c].tolist()) if b > a]
        if self.progress is not None and advanced < steps:
            self.progress.advance(steps - advanced)
        if tails is not None:
            for side in range(2):
                tails[side].add_halves(halves[:, side].sum(axis=0))

    def _numpy_stream(self, c, lo, hi, shift, select, out, t_low, t_high, tails) -> Iterator[list[np.ndarray]]:
        """:meth:`stream` on row blocks: each block's values copied in, the buffer yielded
        whenever it is full."""
        filled = 0
        for c_values in self._blocks():
            bits = c_values[c].view(np.int64)
            inside = (bits >= lo) & (bits <= hi)
            k = (bits[inside] - lo) >> shift
            if tails is not None:
                tails[0].add(c_values[c][inside][k < t_low])
                tails[1].add(c_values[c][inside][k > t_high])
            taken = c_values[c][inside][select[k]]
            while taken.size:
                put = taken[: out.size - filled]
                out[filled : filled + put.size] = put
                filled += put.size
                taken = taken[put.size :]
                if filled == out.size:
                    yield [out]
                    filled = 0
        if filled:
            yield [out[:filled]]

    def _buffer(self, mode, taken) -> np.ndarray | None:
        """The buffer a collecting pass fills, kept for the next batch: a fresh array of a few
        hundred MB costs its page faults again at every batch (0.1-0.5 s of CPU at 268 MB)."""
        if not mode & COLLECT:
            return None
        size = int(taken.sum())
        if self._collected is None or self._collected.size < size:
            self._collected = None  # the old one goes before the new one comes
            # as long as the largest batch: untouched pages cost no memory, and a later batch
            # larger than the first would otherwise hold two buffers at once
            self._collected = np.empty(max(size, min(self.capacity, self.n_pairs + self.stream_room)))
        return self._collected

    def spare(self, used: int) -> np.ndarray:
        """The buffer after its first ``used`` values: where a stream runs beside them, and
        the sorts go through (empty where the values came from elsewhere: a cluster's tasks)."""
        return np.empty(0) if self._collected is None else self._collected[used:]

    def planned(self, pass_steps: int, sorts: int = 0, *, merges: int = 0, known: bool = False) -> None:
        """Count ``pass_steps`` more steps of passes (:meth:`steps_of_pass` each), ``sorts``
        more sorted batches and ``merges`` more steps of streamed values merged to come in
        the progress bar's total (which always covers the pass under way); ``known``: the
        plan follows from a histogram, so the bar may show an ETA."""
        if self.progress is not None:
            self.progress.known = self.progress.known or known
            more = pass_steps + sorts * _SORT_STEPS + merges
            self.progress.total = max(self.progress.total + more, self._committed())
            self.progress.doing(f"pass {self.passes}")

    def _committed(self) -> int:
        """The steps of the bar the passes, sorts and merges so far count."""
        return self.pass_steps + self.sorted * _SORT_STEPS + self.merge_steps

    def batch_sorted(self) -> None:
        """Count a batch sorted and merged."""
        self.sorted += 1
        if self.progress is not None:
            self.progress.total = max(self.progress.total, self._committed())
            self.progress.advance(_SORT_STEPS)

    def plan_merges(self, values: int, steps_per_value: float) -> int:
        """Start counting a plan's ``values`` streamed values, ``steps_per_value`` steps each;
        returns the steps they take in all (as :meth:`merged` counts them)."""
        self.steps_per_merged, self.merged_count, self.merge_steps_before = steps_per_value, 0, self.merge_steps
        return int(values * steps_per_value)

    def merged(self, count: int) -> None:
        """Count ``count`` more streamed values sorted and merged."""
        self.merged_count += count
        steps = self.merge_steps_before + int(self.merged_count * self.steps_per_merged) - self.merge_steps
        if steps:
            self.merge_steps += steps
            if self.progress is not None:
                self.progress.total = max(self.progress.total, self._committed())
                self.progress.advance(steps)

    def __enter__(self) -> PairValues:
        return self

    def __exit__(self, *exc) -> None:
        """The passes are over (a subclass releases what it set up for them)."""

    def _blocks(self) -> Iterator[tuple[np.ndarray, np.ndarray]]:
        """(within, between) distances of each row block's pairs i < j (sorted positions)."""
        for r0 in range(0, self.n, self.block_rows):
            r1 = min(r0 + self.block_rows, self.n)
            if self.precomputed:
                D = self.data[self.order[r0:r1]][:, self.order[r0:]]
            elif self.metric is not None:
                D = self.metric.block(self.data[r0:r1], self.data[r0:])
            else:
                D = exact_distances(self.data[r0:r1], self.data[r0:])
            columns = np.arange(r0, self.n)[None, :]
            rows = np.arange(r0, r1)[:, None]
            end = self.end_of[r0:r1, None]
            yield D[(columns > rows) & (columns < end)], D[columns >= end]  # a later cluster: j > i

    def _numpy_pass(self, mode, lo, hi, shift, t_low, t_high, select, hist, lowest, highest, within, between,
                    only=-1):  # fmt: skip
        """The compiled pass's work on row blocks, with numpy (same results: exact)."""
        sums = [ExactSum() for _ in range(3)]
        filled = [0, 0]
        for c_values in self._blocks():
            for c, values in enumerate(c_values):
                if only >= 0 and c != only:
                    continue
                bits = values.view(np.int64)
                if mode & RANGE:
                    if values.size:
                        lowest[0] = min(lowest[0], bits.min())
                        highest[0] = max(highest[0], bits.max())
                    continue
                inside = (bits >= lo) & (bits <= hi)
                bits, values = bits[inside], values[inside]
                k = (bits - lo) >> shift
                if mode & HISTOGRAM:
                    hist[c] += np.bincount(k, minlength=hist.shape[1])
                if mode & TAIL_SUMS:
                    sums[0].add(values[k < t_low])
                    sums[1].add(values[k > t_high])
                if mode & WITHIN_SUM and c == 0:
                    sums[2].add(values)
                if mode & COLLECT:
                    taken = values[select[k]]
                    out = within if c == 0 else between
                    out[filled[c] : filled[c] + taken.size] = taken
                    filled[c] += taken.size
        return sums


def _outputs(n_within, n_between, out: np.ndarray | None) -> tuple[np.ndarray, np.ndarray]:
    """Arrays for the collected within and between values: the two ends of ``out``, or new."""
    n_within, n_between = int(n_within), int(n_between)
    if out is None:
        return np.empty(n_within), np.empty(n_between)
    return out[:n_within], out[n_within : n_within + n_between]


class _OutOfRange(Exception):
    pass


@dataclass
class _Counts:
    concordant: int = 0
    discordant: int = 0
    tied: int = 0

    def add(self, other: _Counts) -> None:
        self.concordant += other.concordant
        self.discordant += other.discordant
        self.tied += other.tied


def _dot(a: np.ndarray, b: np.ndarray) -> int:
    """sum a_i b_i of int64 arrays, in Python integers (no overflow)."""
    nonzero = np.flatnonzero((a != 0) & (b != 0))
    return sum(x * y for x, y in zip(a[nonzero].tolist(), b[nonzero].tolist()))


def _sort(values: np.ndarray, scratch: np.ndarray | None = None) -> None:
    """Sort ``values`` (non-negative doubles) in place: through ``scratch`` (as long, or None)
    by the compiled radix sort where it is the quicker on this CPU (:func:`_radix_is_quicker`),
    by numpy's sort otherwise. Either way the same sorted values."""
    if scratch is not None and scratch.size >= values.size >= _RADIX_FROM:
        kernels = _compiled.pair_kernels(values.size * values.size.bit_length())  # the gate's rule first
        if kernels is not None and _radix_is_quicker():
            kernels.radix_sort(values, scratch)
            return
    values.sort()


def _sort_on_two(values: np.ndarray, scratch: np.ndarray) -> None:
    """:func:`_sort` on two threads: each half sorted through its half of ``scratch`` (as
    long as ``values``), then the halves merged into it and copied back."""
    kernels = _compiled.pair_kernels(values.size * values.size.bit_length())
    if kernels is None or values.size < _THREADED_FROM or scratch.size < values.size:
        _sort(values, scratch)
        return
    half = values.size // 2
    _radix_is_quicker()  # timed before the threads share the cores
    with ThreadPoolExecutor(2) as pool:
        for job in [pool.submit(_sort, values[:half], scratch[:half]), pool.submit(_sort, values[half:], scratch[half:])]:
            job.result()
    kernels.merge_sorted(values[:half], values[half:], scratch[: values.size])
    values[:] = scratch[: values.size]


@cache
def _radix_is_quicker() -> bool:
    """Whether the compiled radix sort sorts distances more quickly than numpy's sort on this
    CPU: each sorts the same 2^17 values three times, once a process (about 40 ms), the best
    times compared. numpy's AVX-512 sort took about 8 ns a value on an Intel Xeon, and takes
    about 65 on AMD Zen 4, whose compress-stores it relies on run microcoded (the radix sort
    15: docs/speed.md, "Sorting")."""
    kernels = _compiled.pair_kernels()
    if kernels is None:
        return False
    values = np.sqrt(np.random.default_rng(0).chisquare(8, _RADIX_SAMPLE))  # Gaussian distances' spread of bits, 1 MB
    scratch, best = np.empty_like(values), [math.inf, math.inf]
    kernels.radix_sort(values.copy(), scratch)  # loaded (or compiled) before it is timed
    for _ in range(3):
        for which, sort in enumerate((np.ndarray.sort, lambda v: kernels.radix_sort(v, scratch))):
            copy = values.copy()
            started = time.perf_counter()
            sort(copy)
            best[which] = min(best[which], time.perf_counter() - started)
    return best[1] < best[0]


def _scratch_of(run: np.ndarray, out: np.ndarray, scratch: np.ndarray | None) -> np.ndarray | None:
    """The stretch of ``scratch`` (as long as ``out``, or None) where ``run``, a stretch of
    ``out``, sorts through (:func:`_sort`): at the same offset, so that the runs of one
    buffer, sorted side by side, never share their scratch."""
    if scratch is None:
        return None
    at = (run.__array_interface__["data"][0] - out.__array_interface__["data"][0]) // out.itemsize
    return scratch[at : at + run.size]


def _merge_counts(queries: np.ndarray, values: np.ndarray) -> tuple[int, int]:
    """Over the sorted queries q: the number of sorted values v < q, and of v == q, summed
    (a merge when compiled; binary searches in chunks otherwise)."""
    kernels = _compiled.pair_kernels(queries.size + values.size)
    if kernels is not None:
        below, equal = kernels.merge_counts(queries, values)
        return int(below), int(equal)
    below = at_most = 0
    for c0 in range(0, queries.size, _EXACT_CHUNK):
        chunk = queries[c0 : c0 + _EXACT_CHUNK]
        below += int(np.searchsorted(values, chunk, side="left").sum())
        at_most += int(np.searchsorted(values, chunk, side="right").sum())
    return below, at_most - below


def _merged(pairs: list[tuple[np.ndarray, np.ndarray]], *, sort: bool = False,
            scratch: list[np.ndarray | None] | None = None) -> tuple[int, int]:  # fmt: skip
    """:func:`_merge_counts` of each (queries, values) pair, summed, the queries sorted in
    place first if ``sort`` (each through its ``scratch``, :func:`_sort`): two threads (the
    sorts and the merge release the GIL)."""
    scratch = scratch or [None] * len(pairs)

    def count(job: tuple[tuple[np.ndarray, np.ndarray], np.ndarray | None]) -> tuple[int, int]:
        pair, through = job
        if sort:
            _sort(pair[0], through)
        return _merge_counts(*pair)

    pairs = list(zip(pairs, scratch))
    if len(pairs) < 2 or sum(q.size + v.size for (q, v), _ in pairs) < _THREADED_FROM:
        done = [count(job) for job in pairs]
    else:
        with ThreadPoolExecutor(2) as pool:
            done = list(pool.map(count, pairs))
    return sum(d[0] for d in done), sum(d[1] for d in done)


def _rank_group(values: PairValues, lo, hi, shift, n_buckets, group, held_class, part_hist, *,
                edges: dict[int, tuple[float, float]], aside: int = 0, t_low=-1, t_high=None,
                tails: tuple[ExactSum, ExactSum] | None = None) -> tuple[int, int, dict[int, list[np.ndarray]]]:  # fmt: skip
    """Over the values of the buckets ``group``: the (within w, between b) pairs with b < w,
    and with b == w. The class ``held_class`` is collected and sorted (a pass over its pairs
    alone), the other streamed past it (a pass over its pairs) in runs, each sorted and
    merged with it: the streamed class is never held whole. ``edges``: for each pick side,
    the bounds of its boundary bucket, one of ``group``, whose values of both classes come
    back sorted in pieces (``aside``: at most this many values, which the stream's buffer
    leaves room for, so that the budget holds); ``tails``: where both passes add their tail
    sums (TAIL_SUMS)."""
    select = np.zeros(n_buckets, dtype=bool)
    select[group] = True
    mode = COLLECT | (TAIL_SUMS if tails is not None else 0)
    out = values.run(mode, lo, hi, shift, n_buckets, t_low=t_low, t_high=t_high, select=select, counts=part_hist,
                     only=held_class)  # fmt: skip
    if tails is not None:
        for side in range(2):
            tails[side].total += out.sums[side].total
    held = out.within if held_class == 0 else out.between
    spare = values.spare(held.size)
    _sort_on_two(held, spare)
    values.merged(held.size)  # the bar counts a held value sorted as a streamed value's time
    pieces = {side: [held[np.searchsorted(held, a) : np.searchsorted(held, b, "right")]] for side, (a, b) in edges.items()}
    streamed = int(part_hist[:, 1 - held_class, group].sum())
    below = equal = 0
    room = spare.size - aside
    # a radix sort's runs sort through as much room again: the stream takes half of it
    through = values.sorts_through and room // 2 >= values.stream_room
    buffer, scratch = (spare[: room // 2], spare[room // 2 : room // 2 * 2]) if through else (spare[:room], None)
    for runs in values.stream(1 - held_class, lo, hi, shift, select, buffer, streamed,
                              t_low=t_low, t_high=t_high, tails=tails):  # fmt: skip
        if len(runs) == 1:  # halved, so that both threads have work
            runs = [runs[0][: runs[0].size // 2], runs[0][runs[0].size // 2 :]]
        run_below, run_equal = _merged([(run, held) for run in runs], sort=True,
                                       scratch=[_scratch_of(run, buffer, scratch) for run in runs])  # fmt: skip
        below, equal = below + run_below, equal + run_equal
        values.merged(sum(run.size for run in runs) + int(_WALK_SHARE * held.size))  # the runs walk the held
        for side, (a, b) in edges.items():  # copied: the next call overwrites the runs
            pieces[side] += [run[np.searchsorted(run, a) : np.searchsorted(run, b, "right")].copy() for run in runs]
    if held_class == 0:  # counted over b: w < b and w == b; b < w is the rest
        below = held.size * streamed - below - equal
    return below, equal, pieces


def _groups(buckets: np.ndarray, sizes: np.ndarray, limit: int) -> list[np.ndarray]:
    """``buckets`` cut into runs, in order, whose ``sizes`` add up to at most ``limit`` (a
    bucket larger than the limit alone)."""
    groups, start, volume = [], 0, 0
    for position, bucket in enumerate(buckets.tolist()):
        if volume + sizes[bucket] > limit and position > start:
            groups.append(buckets[start:position])
            start, volume = position, 0
        volume += int(sizes[bucket])
    if buckets.size:
        groups.append(buckets[start:])
    return groups


def _two_groups(buckets: np.ndarray, held: np.ndarray, streamed: np.ndarray, limit: int, room: int,
                share: float = 1.0) -> list[np.ndarray]:  # fmt: skip
    """``buckets`` cut in two runs whose ``held`` values add up to at most ``limit`` each, where
    the merges walk the fewest held values: a group's stream comes in calls of the ``share``
    of the ``room`` its held values leave (:meth:`PairValues.stream_share`), and each call's runs walk them (greedy runs fill the first group:
    on random labels at n = 20,000, 16.8e6 and 3.2e6 held values, 9 and 1 calls, where 10e6 and
    10e6 take 4 and 4; on 5 % moved labels greedy is the best cut)."""
    h, s = np.cumsum(held[buckets]), np.cumsum(streamed[buckets])
    h_rest, s_rest = h[-1] - h[:-1], s[-1] - s[:-1]
    h, s = h[:-1], s[:-1]  # the first group ends after bucket k
    walks = (np.ceil(s / np.maximum(1, share * (room - h))) * h
             + np.ceil(s_rest / np.maximum(1, share * (room - h_rest))) * h_rest)  # fmt: skip
    walks[(h > limit) | (h_rest > limit)] = np.inf
    k = int(np.argmin(walks)) + 1
    return [buckets[:k], buckets[k:]]


def _sorted_runs(within: np.ndarray, between: np.ndarray, spare: np.ndarray) -> list[np.ndarray]:
    """Sort ``within`` in place, and ``between`` in runs, each sorted in place: two threads
    share the work evenly (the sorts release the GIL). The comparisons of the within values
    with the between ones add up over the runs, so the runs need no merging. ``spare``: the
    buffer after the two, which the sorts go through (:func:`_sort`) when it is as long as
    them (the batch takes at most half the budget), else None."""
    scratch = spare[: within.size + between.size] if spare.size >= within.size + between.size else None
    within_scratch, between_scratch = (None, None) if scratch is None else (scratch[: within.size], scratch[within.size :])
    if within.size + between.size < _THREADED_FROM:
        _sort(within, within_scratch)
        _sort(between, between_scratch)
        return [between]
    cut = min(between.size, max(0, (within.size + between.size) // 2 - within.size))
    runs = [between[:cut], between[cut:]]
    through = [None, None] if between_scratch is None else [between_scratch[:cut], between_scratch[cut:]]
    if scratch is not None:
        _radix_is_quicker()  # timed before the threads share the cores
    with ThreadPoolExecutor(2) as pool:
        done = [pool.submit(lambda: (_sort(within, within_scratch), _sort(runs[0], through[0]))),
                pool.submit(_sort, runs[1], through[1])]  # fmt: skip
        for job in done:
            job.result()
    return runs


def _extreme_sum(pieces: list[np.ndarray], need: int, *, largest: bool) -> Fraction:
    """The exact sum of the ``need`` smallest (``largest``: largest) values of the union of
    sorted arrays, without merging them: the cut value is found by bisecting its bits (each
    step counts with binary searches), then the values beyond it are summed where they lie.

    Examples
    --------
    >>> _extreme_sum([np.array([1.0, 4.0]), np.array([2.0, 2.0, 5.0])], 3, largest=False)
    Fraction(5, 1)
    >>> _extreme_sum([np.array([1.0, 4.0]), np.array([2.0, 2.0, 5.0])], 4, largest=True)
    Fraction(13, 1)
    """
    pieces = [p for p in pieces if p.size]

    def count(value: float, side: str) -> int:  # values before (left) or up to (right) ``value``
        return sum(int(np.searchsorted(p, value, side)) for p in pieces)

    def value_of(bits: int) -> float:
        return float(np.int64(bits).view(np.float64))

    n_values = sum(p.size for p in pieces)
    # bisect on the bits (non-negative doubles: the int64 order is the value order)
    low, high = _bits(min(p[0] for p in pieces)), _bits(max(p[-1] for p in pieces))
    while low < high:
        if largest:  # the largest value with at least ``need`` values from it up
            middle = (low + high + 1) // 2
            low, high = (middle, high) if n_values - count(value_of(middle), "left") >= need else (low, middle - 1)
        else:  # the smallest value with at least ``need`` values up to it
            middle = (low + high) // 2
            low, high = (low, middle) if count(value_of(middle), "right") >= need else (middle + 1, high)
    cut = value_of(low)
    total = ExactSum()
    for p in pieces:  # the values beyond the cut, taken whole
        total.add(p[int(np.searchsorted(p, cut, "right")) :] if largest else p[: int(np.searchsorted(p, cut))])
    beyond = n_values - count(cut, "right") if largest else count(cut, "left")
    return total.fraction() + (need - beyond) * Fraction(cut)  # the rest of ``need``: copies of the cut


def _solve(values: PairValues, lo: int, hi: int, capacity: int, *, ranks: bool, picks: dict[int, int],
           root: bool = False, counted: tuple[_Pass, float] | None = None,
           ) -> tuple[_Counts, dict[int, Fraction], Fraction | None]:  # fmt: skip
    """Over the distances whose bits lie in [lo, hi] (lo < hi): the comparisons of their
    within and between values (``ranks``), for each ``picks`` side (0: smallest, 1: largest)
    the exact sum of its r extreme values, and at the root the sum of the within values.
    ``counted``: the first pass over the same range and its seconds, when a plan is made
    again with a grown budget."""
    span = hi - lo
    # fewer buckets for few pairs: counting and scanning 2^16 of them would cost more
    bucket_bits = min(BUCKET_BITS, max(4, sum(values.class_sizes).bit_length() - 4))
    shift = max(0, span.bit_length() - bucket_bits)
    n_buckets = (span >> shift) + 1
    if counted is None:
        started = time.perf_counter()
        first = values.run(HISTOGRAM | (WITHIN_SUM if root else 0), lo, hi, shift, n_buckets)
        counted = first, time.perf_counter() - started
    first, pass_s = counted
    W, B = first.hist
    if root and (int(W.sum()), int(B.sum())) != values.class_sizes:
        raise _OutOfRange  # a value outside the range given: find the range, and start again
    total = W + B
    # bucket k holds the bits lo + (k << shift) .. (the last bucket ends at hi)
    bucket_lo = lo + (np.arange(n_buckets, dtype=np.int64) << shift)
    bucket_hi = np.minimum(bucket_lo + ((1 << shift) - 1), hi)
    single = bucket_lo == bucket_hi  # one value: its comparisons are all ties
    counts = _Counts()
    groups: list[np.ndarray] = []  # buckets whose ranks _rank_group settles, a group at a time
    held_class = shared = streamed = 0
    collect = np.zeros(n_buckets, dtype=bool)
    nested: dict[int, tuple[bool, dict[int, int]]] = {}  # bucket -> (ranks, picks) of its own

    def resolve(bucket: int, bucket_ranks: bool, bucket_picks: dict[int, int]) -> None:
        if total[bucket] <= capacity:
            collect[bucket] = True
        else:
            old_ranks, old_picks = nested.get(bucket, (False, {}))
            nested[bucket] = (old_ranks or bucket_ranks, {**old_picks, **bucket_picks})

    if ranks:
        after = int(B.sum()) - np.cumsum(B)  # between values in higher buckets
        counts.concordant += _dot(W, after)
        counts.discordant += _dot(W, np.cumsum(B) - B)
        mixed = (W > 0) & (B > 0)
        counts.tied += _dot(W[mixed & single], B[mixed & single])
        unsettled = np.flatnonzero(mixed & ~single)
        # hold the smaller class sorted and stream the other past it: a pass then settles
        # budget / 16 bytes of the smaller class's values, not budget / 8 of both, but every
        # streamed value costs a merge; the batches or the groups, whichever the first pass's
        # time says is quicker (the same counts either way)
        held_class = int(W[unsettled].sum() > B[unsettled].sum())
        held = (W, B)[held_class]
        hold = int(capacity * _HELD_SHARE)
        shared = int(total[unsettled].sum())
        if values.streams:
            grouped = unsettled[held[unsettled] <= hold]
            batches = len(_groups(unsettled[total[unsettled] <= capacity], total, capacity))
            candidate = _groups(grouped, held, hold)
            if len(candidate) == 2:
                candidate = _two_groups(grouped, held, (W, B)[1 - held_class], hold, values.capacity,
                                        values.stream_share)  # fmt: skip
            streamed = int((W, B)[1 - held_class][grouped].sum())
            # the sorting costs the same either way: a batch costs a pass, a group a pass over
            # the larger class and the merge of each value it streams
            if len(candidate) * pass_s + streamed * _MERGE_S < batches * pass_s:
                groups, unsettled = candidate, unsettled[held[unsettled] > hold]
        for bucket in unsettled.tolist():
            resolve(bucket, True, {})
    # the bucket of each pick's boundary, and how many of its values the pick takes
    boundary: dict[int, tuple[int, int]] = {}
    in_group = np.zeros(n_buckets, dtype=bool)
    for group in groups:
        in_group[group] = True
    grouped_picks: dict[int, int] = {}  # side -> its boundary bucket, in a group
    t_low, t_high = -1, n_buckets
    for side, r in picks.items():
        from_end = total if side == 0 else total[::-1]  # counts from the pick's end
        cumulative = np.cumsum(from_end)
        at = int(np.searchsorted(cumulative, r))  # the first bucket reaching r values
        need = r - (int(cumulative[at]) - int(from_end[at]))
        bucket = at if side == 0 else n_buckets - 1 - at
        if side == 0:
            t_low = bucket
        else:
            t_high = bucket
        boundary[side] = (bucket, need)
        small = total[bucket] <= capacity // _PICKED_SHARE
        if groups and small and not (in_group[bucket] or single[bucket] or collect[bucket] or bucket in nested):
            # a bucket of one class (a mixed one is settled already): it joins the nearest
            # group, whose passes bring its values, in place of a pass of its own (its values'
            # comparisons with the group's are counted there, as across buckets)
            near = min(range(len(groups)), key=lambda g: int(np.abs(groups[g] - bucket).min()))
            groups[near] = np.sort(np.append(groups[near], bucket))
            in_group[bucket] = True
        if in_group[bucket] and small:
            grouped_picks[side] = bucket  # its group's passes bring its values
        elif not single[bucket]:
            resolve(bucket, False, {side: need})
    picked = {side: Fraction(0) for side in picks}
    for side, (bucket, need) in boundary.items():
        if single[bucket]:
            picked[side] += need * _value(int(bucket_lo[bucket]))

    # a pick's bucket collected whole has its comparisons counted with its batch
    groups = [group[~collect[group]] for group in groups if (~collect[group]).any()]
    # collect the chosen buckets, batch by batch, the tail sums with the first batch
    chosen = np.flatnonzero(collect)
    batches = _groups(chosen, total, capacity)
    passes = len(batches) + 2 * len(groups)
    if root and passes + 1 >= _MANY_PASSES:
        # a batch holds the budget's worth of both classes' values, a group _HELD_SHARE of it
        # of one class (two passes each)
        volume = int(sum(int(held[group].sum()) for group in groups) / _HELD_SHARE) if groups else shared
        per_budget = 2 if groups else 1
        grown = _grown_budget(volume, per_budget) if values.budget_grows else 0
        if _capacity(grown) > capacity:  # a default budget: plan again with the grown one
            values.budget_grows = False
            values.capacity = _capacity(grown) + values.stream_room
            return _solve(values, lo, hi, _capacity(grown), ranks=ranks, picks=picks, root=True, counted=counted)
        # a batch and its sort, or a group's stream, its sort and its merges
        sorts = len(batches) + len(groups)
        seconds = pass_s * (sorts * (1 + _SORT_STEPS / _CALLS)) + (streamed * _MERGE_S if groups else 0)
        _warn_slow(passes, seconds, shared, sum(values.class_sizes), capacity, volume, per_budget)
    # a group's sorts and merges take most of its time: the bar counts them in steps of a
    # pass's time, each streamed value sorted and merged, each held value sorted (on one
    # thread, about as long), and each stream call's runs walking the held values
    held_of = [int((W, B)[held_class][group].sum()) for group in groups]
    streamed_of = [int((W, B)[1 - held_class][group].sum()) for group in groups]
    walks = sum(-(-s // max(1, int(values.stream_share * (values.capacity - h)))) * h for h, s in zip(held_of, streamed_of))
    merge_steps = values.plan_merges(sum(held_of) + sum(streamed_of) + int(_WALK_SHARE * walks),
                                     _STREAMED_S * _CALLS / max(pass_s, 1e-6))  # fmt: skip
    # a batch's pass reads every pair, a group's two passes one class's each
    group_steps = values.steps_of_pass(COLLECT, held_class) + values.steps_of_pass(COLLECT, 1 - held_class)
    pass_steps = len(batches) * _CALLS + len(groups) * group_steps if passes else _CALLS * bool(picks)
    values.planned(pass_steps, sorts=len(batches), merges=merge_steps, known=True)
    tails = ExactSum(), ExactSum()
    if picks and not batches and not groups:
        out = values.run(TAIL_SUMS, lo, hi, shift, n_buckets, t_low=t_low, t_high=t_high)
        tails = out.sums[0], out.sums[1]
    for number, batch in enumerate(batches):
        select = np.zeros(n_buckets, dtype=bool)
        select[batch] = True
        mode = COLLECT | (TAIL_SUMS if number == 0 and picks else 0)
        out = values.run(mode, lo, hi, shift, n_buckets, t_low=t_low, t_high=t_high, select=select,
                         counts=first.part_hist)  # fmt: skip
        if number == 0:
            tails = out.sums[0], out.sums[1]
        within = out.within
        runs = _sorted_runs(within, out.between, values.spare(within.size + out.between.size))
        if ranks:  # (w, b) with b < w, and b == w, in the batch
            below, equal = _merged([(within, run) for run in runs])
            counts.add(_within_buckets(W, B, batch, below, equal))
        for side, (bucket, need) in boundary.items():
            if collect[bucket] and select[bucket]:
                edges = np.array([bucket_lo[bucket], bucket_hi[bucket]]).view(np.float64)
                # the bucket's values: a run of each sorted array
                pieces = [v[np.searchsorted(v, edges[0]) : np.searchsorted(v, edges[1], "right")]
                          for v in (within, *runs)]  # fmt: skip
                picked[side] += _extreme_sum(pieces, need, largest=side == 1)
                del pieces  # views of the batch: it goes at the end of the batch
        values.batch_sorted()
        del out, within, runs  # one batch at a time: free it before the next is collected
    for number, group in enumerate(groups):
        # with no batch, the first group's two passes (one over each class) add the tail sums
        picked_here = {side: bucket for side, bucket in grouped_picks.items() if bucket in group}
        edges = {side: tuple(np.array([bucket_lo[bucket], bucket_hi[bucket]]).view(np.float64).tolist())
                 for side, bucket in picked_here.items()}  # fmt: skip
        aside = sum(int(total[bucket]) for bucket in set(picked_here.values()))
        below, equal, pieces = _rank_group(values, lo, hi, shift, n_buckets, group, held_class, first.part_hist,
                                           edges=edges, aside=aside, t_low=t_low, t_high=t_high,
                                           tails=tails if picks and not batches and number == 0 else None)  # fmt: skip
        counts.add(_within_buckets(W, B, group, below, equal))
        for side, side_pieces in pieces.items():
            picked[side] += _extreme_sum(side_pieces, boundary[side][1], largest=side == 1)
    for bucket, (bucket_ranks, bucket_picks) in nested.items():
        inner, inner_picks, _ = _solve(values, int(bucket_lo[bucket]), int(bucket_hi[bucket]),
                                       capacity, ranks=bucket_ranks, picks=bucket_picks)  # fmt: skip
        if bucket_ranks:
            counts.add(inner)
        for side, value in inner_picks.items():
            picked[side] += value
    sums = {side: tails[side].fraction() + picked[side] for side in picks}
    return counts, sums, first.sums[2].fraction() if root else None


def _within_buckets(W, B, buckets, below: int, equal: int) -> _Counts:
    """The comparisons inside each of ``buckets``, from ``below`` and ``equal`` counted over
    all of their values (b < w and b == w): less those across the buckets, which the
    histogram counted."""
    across = _dot(W[buckets], np.cumsum(B[buckets]) - B[buckets])
    same = _dot(W[buckets], B[buckets])
    return _Counts(concordant=same - (below - across) - equal, discordant=below - across, tied=equal)


def _few_passes_budget(volume: int, per_budget: int) -> int:
    """The budget (MB) that takes about _FEW_PASSES passes over ``volume`` values of a
    budget's worth, ``per_budget`` passes for each: a power of two up to the default, a
    multiple of it beyond (n = 100,000, random labels: 1,280 MB, 13 passes, 1.6 GB at the
    peak, where a power of two would say 2,048)."""
    needed = volume * per_budget * _BYTES_PER_VALUE / _FEW_PASSES / 2**20
    step = int(DEFAULT_MEMORY_BUDGET_MB)
    return 2 ** math.ceil(math.log2(max(1.0, needed))) if needed <= step else step * math.ceil(needed / step)


def _grown_budget(volume: int, per_budget: int) -> int:
    """What a default budget grows to for a plan of many passes (GROWN_BUDGET_MB)."""
    try:
        memory_mb = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**20
    except (AttributeError, OSError, ValueError):  # not a POSIX system: the cap alone
        memory_mb = math.inf
    return int(min(_few_passes_budget(volume, per_budget), GROWN_BUDGET_MB, memory_mb / _GROWN_MEMORY_SHARE))


def _warn_slow(passes: int, seconds: float, shared: int, n_pairs: int, capacity: int, volume: int,
               per_budget: int) -> None:  # fmt: skip
    """Say that the rank passes will be many: how many, about how long (``seconds``, from the
    first pass's time), and the budget that takes about _FEW_PASSES: ``volume`` values of a
    budget's worth, ``per_budget`` passes for each."""
    took = f"{seconds:.0f} s" if seconds < 90 else f"{seconds / 60:.0f} min"
    budget = _few_passes_budget(volume, per_budget)
    warnings.warn(
        f"the exact rank indices (Gamma, G+, Tau, C-index) need {passes + 1} passes over the {n_pairs:,} "
        f"distances here, about {took}: {shared:,} of them share a histogram bucket with "
        f"the other class, and the memory budget holds {capacity:,} at once. memory_budget_mb={budget} "
        f"takes about {math.ceil(volume * _BYTES_PER_VALUE / (budget * 2**20)) * per_budget + 1}; names= without "
        "them leaves them out.",
        SlowPassesWarning,
        stacklevel=2,
    )


def _capacity(memory_budget_mb: float) -> int:
    """The values a batch holds within the budget."""
    return max(_MIN_BATCH, int(memory_budget_mb * 2**20 // _BYTES_PER_VALUE))


def _statistics(values: PairValues, value_range, capacity, ranks, picks):
    """:func:`_solve` over every distance, between the bits of value_range (or those a pass finds)."""
    if value_range is None:
        lo, hi = values.value_range()
    else:
        lo, hi = _bits(value_range[0]), _bits(value_range[1])
    if lo == hi:  # every distance equal: every comparison a tie
        n_within, n_between = values.class_sizes
        each = _value(lo)
        sums = {side: n_within * each for side in picks}
        return _Counts(tied=n_within * n_between), sums, n_within * each
    return _solve(values, lo, hi, capacity, ranks=ranks, picks=picks, root=True)


@with_parameters(PASS_PARAMETERS)  # what every pass over the pairs reads, described once
def pair_stats(
    X: np.ndarray,
    codes: np.ndarray,
    n_clusters: int,
    *,
    ranks: bool = False,
    extreme_sums: bool = False,
    memory_budget_mb: float = DEFAULT_MEMORY_BUDGET_MB,
    precomputed: bool = False,
    value_range: tuple[float, float] | None = None,
    values: PairValues | None = None,
    metric=None,
) -> PairStats:
    """Concordance counts and sums of the extreme distances, exactly, in bounded memory.

    Parameters
    ----------
    ranks : bool
        Count s+, s- and the ties (Gamma, G+, Tau).
    extreme_sums : bool
        Sum the N_W smallest and largest distances and the within ones (C-index).
    memory_budget_mb : float
        Bound on the values collected at once (and on each row block of the numpy path);
        the default (a ``DefaultBudget``) grows for a plan of many passes (GROWN_BUDGET_MB).
    value_range : (float, float), optional
        The smallest and the largest distance, when known (the main distance pass finds
        them); otherwise a pass of its own finds them.
    values : PairValues, optional
        Where the passes run (:mod:`clustval.dask` gives one whose parts run as tasks);
        default: in this process.

    Returns
    -------
    PairStats
        The requested statistics.

    Examples
    --------
    >>> s = pair_stats(np.array([[0.0], [1.0], [10.0], [11.0]]), np.array([0, 0, 1, 1]), 2,
    ...                ranks=True, extreme_sums=True)
    >>> s.concordant, s.discordant, s.tied, s.smallest_sum, s.largest_sum
    (8, 0, 0, Fraction(2, 1), Fraction(21, 1))
    """
    n = codes.shape[0]
    sizes = np.bincount(codes, minlength=n_clusters).astype(np.int64)
    n_within = int(sum(int(s) * (int(s) - 1) // 2 for s in sizes))
    n_between = n * (n - 1) // 2 - n_within
    if not (ranks or extreme_sums) or min(n_within, n_between) == 0:
        # no within (K = n) or between (K = 1) pair: nothing to compare, the indices refuse
        zero = {"concordant": 0, "discordant": 0, "tied": 0} if ranks else {}
        if extreme_sums:
            zero.update(smallest_sum=Fraction(0), largest_sum=Fraction(0), within_sum=Fraction(0))
        return PairStats(n_within, n_between, **zero)
    values = values or PairValues(X, codes, n_clusters, memory_budget_mb, precomputed, metric=metric)
    picks = {0: n_within, 1: n_within} if extreme_sums else {}
    capacity = _capacity(memory_budget_mb)
    values.capacity = capacity + values.stream_room
    with _progress.current().task("pair-rank passes", total=0) as values.progress:
        values.progress.known = False  # the passes are planned once the first histogram is counted
        try:
            counts, sums, within_sum = _statistics(values, value_range, capacity, ranks, picks)
        except _OutOfRange:
            counts, sums, within_sum = _statistics(values, None, capacity, ranks, picks)
    stats: dict[str, object] = {}
    if ranks:
        stats.update(concordant=counts.concordant, discordant=counts.discordant, tied=counts.tied)
    if extreme_sums:
        stats.update(smallest_sum=sums[0], largest_sum=sums[1], within_sum=within_sum)
    return PairStats(n_within, n_between, **stats, passes=values.passes)
