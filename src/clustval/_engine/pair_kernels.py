"""Compiled kernel of the pair-value passes (:mod:`clustval._engine.pair_pass`), loaded through
:func:`clustval._engine.compiled.pair_kernels`.

One kernel serves every pass: it visits each unordered pair of cluster-sorted objects once,
tile pair by tile pair as the main distance pass does (:mod:`clustval._engine.pairwise`), computes
the distance with :func:`clustval._engine.kernels.distances_of` (bit for bit the distances of every
other index) or reads it from a precomputed matrix, and hands the value to what the pass
asks for (``mode``). Values are handled as their bit patterns: for non-negative doubles the
int64 order is the float order, so a bucket ``(bits - lo) >> shift`` is exact and monotone.
Each worker fills its own part of every output, so the results do not depend on the threads.
The numpy counterpart, with the same results, is ``clustval._engine.pair_pass._numpy_pass``.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import numba
import numpy as np

from .kernels import distances_of
from .lanes import TILE

# What a pass does with each value in [lo, hi] (bits), as flags of ``mode``
RANGE = 1  # the smallest and largest value of all (lo and hi unused)
HISTOGRAM = 2  # count the values of each class per bucket
WITHIN_SUM = 4  # add every within-cluster value exactly
TAIL_SUMS = 8  # add exactly the values of the buckets below t_low, and of those above t_high
COLLECT = 16  # copy the values of the selected buckets out, one array per class
MANTISSA = (1 << 52) - 1
HALF = 26  # a 53-bit mantissa is added as its high 27 and low 26 bits


@numba.njit(cache=True, nogil=True, inline="always")
def _add_exact(acc, v):  # pragma: no cover
    """Add the double of bit pattern v (>= 0) to acc (2048 x 2 int64: per exponent, the
    high and low halves of the summed mantissas): value = mantissa * 2^(slot - 1075)."""
    e = v >> 52
    m = v & MANTISSA
    if e == 0:
        e = 1  # subnormal: no implicit bit, the exponent of the smallest normal
    else:
        m |= 1 << 52
    acc[e, 0] += m >> HALF
    acc[e, 1] += m & ((1 << HALF) - 1)


@numba.njit(cache=True, nogil=True, inline="always")
def _collect(bits, dist, m, lo, hi, shift, select, kept, out, at):  # pragma: no cover
    """Copy dist[j] (j < m) whose bucket is selected to out[at:]; return the next free slot.
    The values are first packed into ``kept`` without a branch (a slot is written for every
    value and kept only when it qualifies): whether a value qualifies is data, which a
    branch predicts badly."""
    top = select.size - 1
    count = 0
    for j in range(m):
        v = bits[j]
        kept[count] = dist[j]
        count += (lo <= v) & (v <= hi) & select[min(max((v - lo) >> shift, 0), top)]
    for k in range(count):  # a loop: a slice assignment costs numba 1.7 s to compile (its shape check's message)
        out[at + k] = kept[k]
    return at + count


@numba.njit(cache=True, nogil=True, inline="always")
def _tail_sums(bits, m, lo, low_end, high_start, hi, kept, below, above):  # pragma: no cover
    """Add exactly the values of bits[:m] from ``lo`` to below ``low_end`` to ``below``,
    those from ``high_start`` to ``hi`` to ``above``: packed first without a branch (a slot is written
    for every value and kept only when it qualifies, which is data a branch predicts
    badly), then added."""
    n_low = n_high = 0
    for j in range(m):
        v = bits[j]
        kept[n_low] = v
        n_low += (v >= lo) & (v < low_end)
        kept[TILE + n_high] = v
        n_high += (v >= high_start) & (v <= hi)
    for j in range(n_low):
        _add_exact(below, kept[j])
    for j in range(n_high):
        _add_exact(above, kept[TILE + j])


def pair_value_pass(
    XT, columns, D, order, precomputed, tiles, tile_cluster, pair_a, pair_b, starts, stops,
    mode, lo, hi, shift, t_low, t_high, select, hist, lowest, highest, sums,
    out_within, out_between, cursors, only, rows, room, form,
):  # fmt: skip
    """One pass over the pairs of the tile pairs ``starts[w]:stops[w]`` for worker w.

    ``hist[w, c, b]``: values of class c (0 within, 1 between) in bucket b; with RANGE,
    ``lowest[w, 0]``, ``highest[w, 0]``: the bits of the extremes of all values; ``sums[w, s]``: exact accumulators (s = 0 below t_low, 1 above t_high,
    2 within); ``select[b]``: bucket b is collected, worker w writing class c from
    ``cursors[w, c]`` on (the caller sizes each worker's run from its histogram), and
    leaving there where it stopped (a pass may be run as several calls, each a share of
    every worker's tile pairs).

    ``only`` (0 or 1, else -1): the tile pairs of that class alone, the others skipped
    without computing a distance. ``rows[w]`` (>= 0): the row of tile pair ``starts[w]`` to
    start at. A collecting worker stops before a row that could take class c past
    ``room[w, c]`` (a row adds at most TILE values), leaving in ``starts[w]`` and ``rows[w]``
    where to go on (``starts[w] == stops[w]``: done, ``rows[w]`` -1): a stream of values
    through a buffer of any size. ``form``: ``clustval._engine.pairwise.row_form(XT)`` (the
    distances of XT's form alone compile).
    """

    def part(w: int) -> None:
        _pass_part(
            w, XT, columns, D, order, precomputed, tiles, tile_cluster, pair_a, pair_b, starts, stops,
            mode, lo, hi, shift, t_low, t_high, select, hist, lowest, highest, sums,
            out_within, out_between, cursors, only, rows, room, form,
        )  # fmt: skip

    # the parts on a pool of as many threads as numba's setting allows (NUMBA_NUM_THREADS), each
    # a call of the compiled, GIL-free part: a parallel loop of numba's would compile the body
    # again in its lowering (0.6 s of Gamma's first 3.7 s of compiling)
    threads = min(starts.size, numba.get_num_threads())
    if threads < 2:
        for w in range(starts.size):
            part(w)
        return
    with ThreadPoolExecutor(threads) as pool:
        list(pool.map(part, range(starts.size)))


@numba.njit(cache=True, nogil=True)
def _pass_part(
    w, XT, columns, D, order, precomputed, tiles, tile_cluster, pair_a, pair_b, starts, stops,
    mode, lo, hi, shift, t_low, t_high, select, hist, lowest, highest, sums,
    out_within, out_between, cursors, only, rows, room, form,
):  # pragma: no cover  # fmt: skip
    """The work of part w of :func:`pair_value_pass` (its arguments)."""
    dist = np.empty(TILE)
    bits = dist.view(np.int64)
    kept = np.empty(2 * TILE)  # values packed by _collect and _tail_sums
    kept_bits = kept.view(np.int64)
    w_hist, w_min, w_max = hist[w], lowest[w], highest[w]
    # the views taken once: a view made inside the loops costs numba an allocation and
    # reference counting per value
    below, above, within = sums[w, 0], sums[w, 1], sums[w, 2]
    # the tails as bounds on the bits: bucket k < t_low is lo <= v < lo + t_low << shift,
    # and k > t_high is lo + (t_high + 1) << shift <= v <= hi
    low_end = lo + (max(t_low, 0) << shift)
    high_start = lo + ((t_high + 1) << shift)
    at_within, at_between = cursors[w, 0], cursors[w, 1]
    p, first = starts[w], rows[w]
    while p < stops[w]:
        a, b = pair_a[p], pair_b[p]
        b0, b1 = tiles[b], tiles[b + 1]
        c = 0 if tile_cluster[a] == tile_cluster[b] else 1
        if only >= 0 and c != only:
            p += 1
            continue
        i = tiles[a] if first < 0 else first
        first = -1
        while i < tiles[a + 1]:
            if mode & COLLECT and (at_within if c == 0 else at_between) + TILE > room[w, c]:
                first = i  # no room for another row: go on from here at the next call
                break
            row = i
            i += 1
            j0 = row + 1 if a == b else b0  # inside one tile: the pairs j > i only
            if j0 >= b1:
                continue
            m = b1 - j0
            if precomputed:
                source = D[order[row]]
                for j in range(m):
                    dist[j] = source[order[j0 + j]]
            else:
                x = columns[a] + row - tiles[a]
                y = columns[b] + j0 - b0
                distances_of(XT, x, XT, y, y + m, dist, form)
            if mode & RANGE:  # in locals: a store to the arrays per value would stay in the loop
                smallest, largest = w_min[0], w_max[0]
                for j in range(m):
                    smallest = min(smallest, bits[j])
                    largest = max(largest, bits[j])
                w_min[0], w_max[0] = smallest, largest
                continue
            if mode & HISTOGRAM:  # the common pass: its loop alone, without other branches
                counts = w_hist[c]
                for j in range(m):
                    v = bits[j]
                    if lo <= v <= hi:
                        counts[(v - lo) >> shift] += 1
            if mode & WITHIN_SUM and c == 0:
                for j in range(m):
                    if lo <= bits[j] <= hi:
                        _add_exact(within, bits[j])
            if mode & TAIL_SUMS:
                _tail_sums(bits, m, lo, low_end, high_start, hi, kept_bits, below, above)
            if mode & COLLECT:  # the class is the tile pair's (one inlined loop: each costs compiling time)
                at = _collect(bits, dist, m, lo, hi, shift, select, kept, out_within if c == 0 else out_between,
                              at_within if c == 0 else at_between)  # fmt: skip
                if c == 0:
                    at_within = at
                else:
                    at_between = at
        if first >= 0:
            break
        p += 1
    starts[w], rows[w] = p, first
    cursors[w, 0], cursors[w, 1] = at_within, at_between


@numba.njit(cache=True, nogil=True, inline="always")
def _first_from(values, at, q):  # pragma: no cover
    """The first index from ``at`` on whose value is at least q, the values sorted and
    values[:at] below it: a step from ``at``, then doubling steps and a bisection, so a far
    jump costs its logarithm and a near one a few reads."""
    m = values.size
    if at >= m or values[at] >= q:
        return at
    step = 1  # values[at] is before the answer
    while at + step < m and values[at + step] < q:
        at += step
        step *= 2
    low, high = at + 1, min(at + step, m)
    while low < high:
        middle = (low + high) // 2
        if values[middle] < q:
            low = middle + 1
        else:
            high = middle
    return low


# merge_counts walks both arrays while the values are at most this many times the queries,
# and gallops over the values beyond (a walk costs a step per value, a gallop its logarithm):
# at 1.6e7 values on AMD Zen 4 the two took as long at 5 values a query (the gallop 11 %
# longer at 4, half as long at 16)
_WALK_RATIO = 5


@numba.njit(cache=True, nogil=True, inline="always")
def _walk_step(queries, values, m, i, j, last, run, below, equal):  # pragma: no cover
    """One step of a walk: take values[i] if it is at most queries[j] (``last``: the last
    value taken, ``run``: how many equal values end the taken ones), else count the query
    (values[:i] are at most it; those equal to it are the run if ``last`` equals it).
    Arithmetic, not branches: whether a value or a query comes next is a coin toss."""
    q = queries[j]
    v = values[min(i, m - 1)]
    take = np.int64(i < m) & np.int64(v <= q)
    keep = 1 - take
    same = run * np.int64(last == q)
    below += keep * (i - same)
    equal += keep * same
    run = keep * run + take * (1 + run * np.int64(v == last))
    last = v if take else last
    return i + take, j + keep, last, run, below, equal


@numba.njit(cache=True, nogil=True, inline="always")
def _walk_start(values, q):  # pragma: no cover
    """The number of values below q (bisection): where a walk of the queries from q starts."""
    low, high = 0, values.size
    while low < high:
        middle = (low + high) // 2
        if values[middle] < q:
            low = middle + 1
        else:
            high = middle
    return low


@numba.njit(cache=True, nogil=True)
def merge_counts(queries, values):  # pragma: no cover
    """(below, equal): over the sorted ``queries`` q, the number of sorted ``values`` v < q
    and v == q, summed (numpy counterpart: two ``np.searchsorted`` of the queries in the
    values, ``_pair_pass._merge_counts``). Values many times the queries are galloped over;
    otherwise the queries are cut into four runs, each walked through the values from where
    its first query stands, the runs' steps interleaved: a step waits on its own read and
    compare, so four independent runs fill the pipeline (6 ns a query instead of 14)."""
    nq, m = queries.size, values.size
    below = 0
    equal = 0
    if m == 0:
        return below, equal
    if m > _WALK_RATIO * nq:
        lt = 0  # values below the current q
        le = 0  # values at most the current q
        for q in queries:
            lt = _first_from(values, lt, q)
            le = max(le, lt)
            while le < m and values[le] == q:  # the ties: each value stepped over once in all
                le += 1
            below += lt
            equal += le - lt
        return below, equal
    starts = np.empty(5, dtype=np.int64)
    for r in range(5):
        starts[r] = (nq * r) // 4
    at = np.empty(4, dtype=np.int64)
    for r in range(4):
        at[r] = _walk_start(values, queries[starts[r]]) if starts[r] < nq else m
    i0, i1, i2, i3 = at[0], at[1], at[2], at[3]
    j0, j1, j2, j3 = starts[0], starts[1], starts[2], starts[3]
    e0, e1, e2, e3 = starts[1], starts[2], starts[3], starts[4]
    l0 = l1 = l2 = l3 = -np.inf
    r0 = r1 = r2 = r3 = 0
    b0 = b1 = b2 = b3 = 0
    q0 = q1 = q2 = q3 = 0
    while j0 < e0 and j1 < e1 and j2 < e2 and j3 < e3:
        i0, j0, l0, r0, b0, q0 = _walk_step(queries, values, m, i0, j0, l0, r0, b0, q0)
        i1, j1, l1, r1, b1, q1 = _walk_step(queries, values, m, i1, j1, l1, r1, b1, q1)
        i2, j2, l2, r2, b2, q2 = _walk_step(queries, values, m, i2, j2, l2, r2, b2, q2)
        i3, j3, l3, r3, b3, q3 = _walk_step(queries, values, m, i3, j3, l3, r3, b3, q3)
    # each run that is not over goes on alone, from where it stopped (one loop for the four:
    # each inlined step costs numba a tenth of a second to compile)
    below, equal = b0 + b1 + b2 + b3, q0 + q1 + q2 + q3
    for i, j, e, last, run in ((i0, j0, e0, l0, r0), (i1, j1, e1, l1, r1), (i2, j2, e2, l2, r2), (i3, j3, e3, l3, r3)):
        while j < e:
            i, j, last, run, below, equal = _walk_step(queries, values, m, i, j, last, run, below, equal)
    return below, equal


# Bits of a digit of radix_sort: 10 bits, 1,024 destinations a pass; 11 bits and more ran
# 1.5 times slower a value at 10^7 values (the writes spread over more pages than the TLB holds)
RADIX_BITS = 10


def radix_sort(values, scratch):
    """Sort the non-negative doubles ``values`` in place by their bit patterns (for
    non-negative doubles the int64 order is the float order), through ``scratch`` (at least
    as long): least significant digit first, one counting pass for every digit, then a pass
    for each digit on which the values differ, over the bits by which they differ.

    numpy's sort is a comparison sort; on AMD Zen 4 its AVX-512 partitions run microcoded
    (65 ns a value at 10^7 where its AVX2 form takes 10): this takes 15."""
    _radix_sort(values.view(np.int64), scratch[: values.size].view(np.int64))


@numba.njit(cache=True, nogil=True)
def _radix_sort(keys, other):  # pragma: no cover
    """:func:`radix_sort` on the bit patterns ``keys``, through ``other`` (as long). The
    arrays come as int64 views and the passes alternate by name: with the views taken and
    the arrays swapped inside, numba took 0.95 s to compile it instead of 0.6."""
    n = keys.size
    if n < 2:
        return
    lo, hi = keys[0], keys[0]
    for i in range(n):
        lo = min(lo, keys[i])
        hi = max(hi, keys[i])
    width = 0  # the bits by which the values differ
    while (hi - lo) >> width:
        width += 1
    mask = (1 << RADIX_BITS) - 1
    counts = np.zeros((-(-width // RADIX_BITS), mask + 1), dtype=np.int64)
    for i in range(n):
        key = keys[i] - lo
        for d in range(counts.shape[0]):
            counts[d, (key >> (d * RADIX_BITS)) & mask] += 1
    moved = 0
    for d in range(counts.shape[0]):
        slots = counts[d]
        if slots[((keys[0] - lo) >> (d * RADIX_BITS)) & mask] == n:
            continue  # every value has this digit: the order stays
        at = 0
        for digit in range(mask + 1):
            count = slots[digit]
            slots[digit] = at
            at += count
        if moved % 2 == 0:
            _scatter(keys, other, slots, lo, d * RADIX_BITS, mask)
        else:
            _scatter(other, keys, slots, lo, d * RADIX_BITS, mask)
        moved += 1
    if moved % 2:  # the sorted values are in other (a loop: see _collect)
        for i in range(n):
            keys[i] = other[i]


@numba.njit(cache=True, nogil=True)
def _scatter(source, target, slots, lo, shift, mask):  # pragma: no cover
    """One pass of :func:`_radix_sort`: each key to the next slot of its digit."""
    for i in range(source.size):
        key = source[i]
        digit = ((key - lo) >> shift) & mask
        target[slots[digit]] = key
        slots[digit] += 1


@numba.njit(cache=True, nogil=True)
def merge_sorted(first, second, out):  # pragma: no cover
    """Write the sorted ``first`` and ``second`` merged into ``out`` (as long as both): which
    array the next value comes from is arithmetic, not a branch (a coin toss to predict)."""
    m, n = first.size, second.size
    if m == 0 or n == 0:  # one side alone (the reads below need a value on each side; a loop: see _collect)
        side = first if n == 0 else second
        for k in range(side.size):
            out[k] = side[k]
        return
    i = j = 0
    for k in range(m + n):
        a, b = first[min(i, m - 1)], second[min(j, n - 1)]
        take = np.int64(j >= n) | (np.int64(i < m) & np.int64(a <= b))
        out[k] = a if take else b
        i += take
        j += 1 - take
