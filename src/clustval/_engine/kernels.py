"""Compiled (numba) kernels of the package, every one at module level with ``cache=True``.

Only :func:`clustval._engine.compiled.kernels` imports this module, when a job is large enough to
be worth loading numba. Being defined at module level (not inside a function) lets numba's
on-disk cache find every kernel again in the next process: a kernel that calls another
jitted function defined in a closure is recompiled in each process.
Each kernel's numpy counterpart, with the same values, is named in its docstring.
"""

from __future__ import annotations

import math

import numba
import numpy as np
from numba.extending import overload

from .lanes import CHEBYSHEV, CITYBLOCK, HALF_SQEUCLIDEAN, LANES, MINKOWSKI, SQEUCLIDEAN, TILE, metric_code
from .rowstep import aligned_empty, no_weights, row_step_of

# TILE (clustval._engine.lanes, 512) is the rows and columns of the tiles of the pairwise pass: a
# column tile's coordinates and its accumulators (d x 512 and 4 x 512 float64, 48 KB at
# d = 8) stay in the core's L1 and L2 caches while a row tile's rows stream past them. Each
# row of a tile pair costs a fixed set-up besides its distances; 512 made the pass 10-15%
# faster than 256 at n = 5000-50000 (an A/B in one process), and 1024 or 2048 no faster.
# The numpy engine cuts the same tiles, so it can add in the same order.


# ----------------------------------------------------------------------------- labels
@numba.njit(cache=True, nogil=True)
def group_strings(chars, multipliers, group):  # pragma: no cover
    """Write each row's group id (first-appearance order) into group; return each group's
    first row. (numpy counterpart: ``clustval.indices.objects._factorize_strings``.)"""
    n, width = chars.shape
    golden = np.uint64(0x9E3779B97F4A7C15)  # Fibonacci hashing spreads the slot bits
    # 8192 slots (128 KB) hold 1024 groups before the first rehash: from 1024 slots, the
    # rehashes took half the time at C = 1000, n = 10^4 (0.27 against 0.13 ms)
    bits = 13
    slots = np.full(1 << bits, -1, dtype=np.int64)  # group id per slot, -1 if free
    slot_hash = np.zeros(1 << bits, dtype=np.uint64)  # beside the id: one cache line
    keys = np.empty((64, width), dtype=chars.dtype)  # each group's string, packed
    first = np.empty(64, dtype=np.int64)
    k = 0
    for r in range(n):
        h = np.uint64(0)
        for c in range(width):
            h += np.uint64(chars[r, c]) * multipliers[c]
        mask = np.uint64((1 << bits) - 1)
        s = (h * golden) >> np.uint64(64 - bits)
        while True:
            g = slots[s]
            if g < 0:
                break
            if slot_hash[s] == h:
                same = True
                for c in range(width):
                    if chars[r, c] != keys[g, c]:
                        same = False
                        break
                if same:
                    break
            s = (s + np.uint64(1)) & mask
        if g >= 0:
            group[r] = g
            continue
        if k == first.size:  # grow the per-group arrays
            first = np.concatenate((first, np.empty(k, dtype=np.int64)))
            keys = np.concatenate((keys, np.empty((k, width), dtype=chars.dtype)))
        first[k] = r
        keys[k] = chars[r]
        slots[s] = k
        slot_hash[s] = h
        group[r] = k
        k += 1
        # keep the load under 1/8: with many groups, longer probe runs cost branch
        # mispredictions (2x slower at C = 1000 with a load under 1/2)
        if 8 * k > slots.size:  # rehash into twice the slots
            bits += 1
            old_slots, old_hash = slots, slot_hash
            slots = np.full(1 << bits, -1, dtype=np.int64)
            slot_hash = np.zeros(1 << bits, dtype=np.uint64)
            for s1 in range(old_slots.size):
                if old_slots[s1] >= 0:
                    s2 = (old_hash[s1] * golden) >> np.uint64(64 - bits)
                    while slots[s2] >= 0:
                        s2 = (s2 + np.uint64(1)) & np.uint64((1 << bits) - 1)
                    slots[s2] = old_slots[s1]
                    slot_hash[s2] = old_hash[s1]
    return first[:k].copy()


@numba.njit(cache=True, nogil=True)
def count_pairs(t, lo_t, p, lo_p, table):  # pragma: no cover
    """table[t - lo_t, p - lo_p] += 1 for every object (labels within the table).
    (numpy counterpart: ``clustval.indices.contingency._count_codes``.)"""
    for i in range(t.size):
        table[t[i] - lo_t, p[i] - lo_p] += 1


@numba.njit(cache=True, nogil=True)
def nonzero_cells(table):  # pragma: no cover
    """Rows, columns and counts of the non-zero cells, in row-major order.
    (numpy counterpart: ``np.flatnonzero`` in ``clustval.indices.contingency.Contingency.cells``.)"""
    n_rows, n_cols = table.shape
    size = 0
    for i in range(n_rows):
        for j in range(n_cols):
            size += table[i, j] != 0
    # one spare slot: each cell is written, and kept by advancing only when non-zero
    rows = np.empty(size + 1, dtype=np.int64)
    cols = np.empty(size + 1, dtype=np.int64)
    counts = np.empty(size + 1, dtype=np.int64)
    k = 0
    for i in range(n_rows):
        for j in range(n_cols):
            rows[k], cols[k], counts[k] = i, j, table[i, j]
            k += table[i, j] != 0
    return rows[:size], cols[:size], counts[:size]


# ----------------------------------------------------------------------------- distances
@numba.njit(cache=True, nogil=True)
def distances(P, i, Q, j0, j1, out):  # pragma: no cover
    """out[j - j0] = sqrt(sum_f (p_if - q_jf)^2) for j in j0:j1: point i (column i of the
    feature-major P) against columns j0:j1 of the feature-major Q.

    The squares are added feature by feature in order, exactly as
    ``clustval._engine.pairwise.exact_distances`` does (no reassociation, no fused multiply-add:
    this function is compiled without fastmath), so the distances are bit-identical to the
    numpy engine's. P and Q have a multiple of 4 rows (zero rows pad it: adding their +0 squares
    changes no sum), taken eight (then four) per sweep so that the running sum stays in a
    register; the last sweep takes the square root, correctly rounded (IEEE, vsqrtpd).
    """
    d = P.shape[0]
    f = 0
    while f + 8 <= d:
        # constant flags: LLVM inlines each call with its own loop, without branches
        if f == 0 and f + 8 == d:
            _sweep(P, i, Q, f, 8, j0, j1, out, True, True)
        elif f == 0:
            _sweep(P, i, Q, f, 8, j0, j1, out, True, False)
        elif f + 8 == d:
            _sweep(P, i, Q, f, 8, j0, j1, out, False, True)
        else:
            _sweep(P, i, Q, f, 8, j0, j1, out, False, False)
        f += 8
    if f < d:  # four features left
        if f == 0:
            _sweep(P, i, Q, f, 4, j0, j1, out, True, True)
        else:
            _sweep(P, i, Q, f, 4, j0, j1, out, False, True)


@numba.njit(cache=True, nogil=True)
def _sweep(P, i, Q, f, width, j0, j1, out, first, last):  # pragma: no cover
    """Add the squares of features f:f + width (width 4 or 8) to out[:j1 - j0], in order;
    ``first``: out starts empty (0 + s == s); ``last``: store the square roots."""
    x0, x1, x2, x3 = P[f, i], P[f + 1, i], P[f + 2, i], P[f + 3, i]
    c0, c1, c2, c3 = Q[f, j0:j1], Q[f + 1, j0:j1], Q[f + 2, j0:j1], Q[f + 3, j0:j1]
    wide = width == 8
    g = f + 4 if wide else f  # features 4-7 of a wide sweep (unused otherwise)
    x4, x5, x6, x7 = P[g, i], P[g + 1, i], P[g + 2, i], P[g + 3, i]
    c4, c5, c6, c7 = Q[g, j0:j1], Q[g + 1, j0:j1], Q[g + 2, j0:j1], Q[g + 3, j0:j1]
    for j in range(j1 - j0):
        a = x0 - c0[j]
        v = a * a if first else out[j] + a * a
        a = x1 - c1[j]
        v += a * a
        a = x2 - c2[j]
        v += a * a
        a = x3 - c3[j]
        v += a * a
        if wide:
            a = x4 - c4[j]
            v += a * a
            a = x5 - c5[j]
            v += a * a
            a = x6 - c6[j]
            v += a * a
            a = x7 - c7[j]
            v += a * a
        out[j] = math.sqrt(v) if last else v


# The distances of each form of P and Q (clustval._engine.pairwise.row_form), each its own
# kernel, so that a pass compiles its form's sweeps alone: ``distances`` holds every form
# (5.5 s of the first rank pass's 10 s at d = 8).


@numba.njit(cache=True, nogil=True)
def _eight_features(P, i, Q, j0, j1, out):  # pragma: no cover
    _sweep(P, i, Q, 0, 8, j0, j1, out, True, True)


@numba.njit(cache=True, nogil=True)
def _four_features(P, i, Q, j0, j1, out):  # pragma: no cover
    _sweep(P, i, Q, 0, 4, j0, j1, out, True, True)


@numba.njit(cache=True, nogil=True, inline="always")
def _more_features(P, i, Q, j0, j1, out, wide_end):  # pragma: no cover
    """The sweeps of more than 8 features: 8 at a time, the last of 8 (``wide_end``) or 4."""
    last = P.shape[0] - (8 if wide_end else 4)  # the last sweep's first feature
    # the flags as they run: the sweeps of 8 are one to compile (as rowstep's _more_rows); a
    # range: numba typed a counter ``f = 8 ... f += 8`` first as its literal start, and
    # compiled a sweep for it besides the one the loop runs
    if wide_end:  # a constant: each width a call with its own literal, as distances has it
        for f in range(0, last + 8, 8):
            _sweep(P, i, Q, f, 8, j0, j1, out, f == 0, f == last)
    else:
        for f in range(0, last, 8):
            _sweep(P, i, Q, f, 8, j0, j1, out, f == 0, False)
        _sweep(P, i, Q, last, 4, j0, j1, out, False, True)


@numba.njit(cache=True, nogil=True)
def _wide_end_features(P, i, Q, j0, j1, out):  # pragma: no cover
    _more_features(P, i, Q, j0, j1, out, True)


@numba.njit(cache=True, nogil=True)
def _narrow_end_features(P, i, Q, j0, j1, out):  # pragma: no cover
    _more_features(P, i, Q, j0, j1, out, False)


#: The distances of each form, as rowstep's _STEPS (by the form's number of dimensions)
_DISTANCES = {1: _eight_features, 2: _four_features, 3: _wide_end_features, 4: _narrow_end_features}


def distances_of(P, i, Q, j0, j1, out, form):  # pragma: no cover
    """:func:`distances` of P's ``form`` (``clustval._engine.pairwise.row_form``; None: every
    form, picked by P's rows as it runs): what the kernels call. numba's only (below)."""
    raise NotImplementedError("compiled only")


@overload(distances_of)
def _distances_of_typed(P, i, Q, j0, j1, out, form):
    # numba calls this as it types a call: the form's type picks the sweeps
    sweeps = _DISTANCES.get(form.ndim) if isinstance(form, numba.types.Array) else None
    if sweeps is None:
        return lambda P, i, Q, j0, j1, out, form: distances(P, i, Q, j0, j1, out)
    return lambda P, i, Q, j0, j1, out, form: sweeps(P, i, Q, j0, j1, out)


# ----------------------------------------------------------------------------- lane sums
# Sums of distances in the one order of clustval._engine.lanes.LANES (numpy counterpart:
# ``clustval._engine.lanes.lane_sums``). TILE is a multiple of LANES, so a tile boundary never
# moves a term to another lane.


# Weights as clustval._engine.rowstep's (issue 47): None without them, where the two functions
# below give None and do nothing. numba picks each form by type as it types a kernel, so an
# unweighted kernel has no product to type or lower.


def _weights_at(weights, index):  # pragma: no cover
    """weights[index] (an index or a slice), or None where weights is None. numba's only (below)."""
    raise NotImplementedError("compiled only")


def _weighed(value, weight):  # pragma: no cover
    """value * weight, or value where weight is None. numba's only (below)."""
    raise NotImplementedError("compiled only")


@overload(_weights_at, inline="always")
def _weights_at_typed(weights, index):
    if no_weights(weights):
        return lambda weights, index: None
    return lambda weights, index: weights[index]


@overload(_weighed, inline="always")
def _weighed_typed(value, weight):
    if no_weights(weight):
        return lambda value, weight: value
    return lambda value, weight: value * weight


@numba.njit(cache=True, nogil=True)
def _add_to_lanes(values, weights, m, lanes):  # pragma: no cover
    """lanes[j % LANES] += values[j] * weights[j] (values[j] where weights is None) for j < m,
    in ascending j."""
    full = m - m % LANES
    for j in range(0, full, LANES):
        for lane in range(LANES):
            lanes[lane] += _weighed(values[j + lane], _weights_at(weights, j + lane))
    for j in range(full, m):
        lanes[j - full] += _weighed(values[j], _weights_at(weights, j))


@numba.njit(cache=True, nogil=True)
def _lanes_total(lanes):  # pragma: no cover
    return ((lanes[0] + lanes[1]) + (lanes[2] + lanes[3])) + (
        (lanes[4] + lanes[5]) + (lanes[6] + lanes[7])
    )


@numba.njit(parallel=True, cache=True, nogil=True)
def weighted_distance_sums(AT, BT, weights, out, form=None):  # pragma: no cover
    """out[r] = sum_j weights[j] * d(a_r, b_j) in lane order (see LANES), for the points of
    the feature-major AT and BT (padded as for ``distances``): the distances of
    ``distances``, never stored beyond one tile (``form``: AT's, see :func:`distances_of`)."""
    m = BT.shape[1]
    rows = AT.shape[1]
    blocks = -(-rows // 64)  # a block of rows shares one scratch tile
    for b in numba.prange(blocks):
        dist = np.empty(TILE)
        lanes = np.empty(LANES)
        for r in range(b * 64, min(rows, b * 64 + 64)):
            lanes[:] = 0.0
            for j0 in range(0, m, TILE):
                j1 = min(j0 + TILE, m)
                distances_of(AT, r, BT, j0, j1, dist, form)
                _add_to_lanes(dist, weights[j0:j1], j1 - j0, lanes)
            out[r] = _lanes_total(lanes)


@numba.njit(parallel=True, cache=True, nogil=True)
def weighted_matrix_sums(D, rows, cols, weights, out):  # pragma: no cover
    """out[r] = sum_j weights[j] * D[rows[r], cols[j]] in lane order (see LANES): the sums of
    ``weighted_distance_sums`` read from a stored distance matrix."""
    m = cols.size
    blocks = -(-rows.size // 64)
    for b in numba.prange(blocks):
        gathered = np.empty(TILE)
        lanes = np.empty(LANES)
        for r in range(b * 64, min(rows.size, b * 64 + 64)):
            row = D[rows[r]]
            lanes[:] = 0.0
            for j0 in range(0, m, TILE):
                j1 = min(j0 + TILE, m)
                for j in range(j1 - j0):
                    gathered[j] = row[cols[j0 + j]]
                _add_to_lanes(gathered, weights[j0:j1], j1 - j0, lanes)
            out[r] = _lanes_total(lanes)


@numba.njit(parallel=True, cache=True, nogil=True)
def tile_pair_stats(
    XT, columns, tiles, tile_cluster, pair_a, pair_b, bounds, slot, sums, mins, own_max, pair_max, weights=None,
    form=None,
):  # pragma: no cover
    """Per-cluster sums and minima of distances, within-cluster maxima, and the maxima of
    each pair of clusters, over tile pairs.

    Tiles are runs of at most ``TILE`` cluster-sorted objects inside one cluster
    (``tiles[t]:tiles[t + 1]``, cluster ``tile_cluster[t]``), whose coordinates are the
    columns ``columns[t]:columns[t] + tiles[t + 1] - tiles[t]`` of the feature-major XT
    (``clustval._engine.pairwise.tile_major_layout``: each tile starts on a 64-byte boundary, so a row's
    blocks of 8 columns are whole cache lines). Each unordered pair of objects is visited
    once, in tile pair ``(pair_a[p], pair_b[p])`` with ``pair_a <= pair_b``, and counts for
    both objects. Worker w takes the pairs ``bounds[w]:bounds[w + 1]`` and fills its own
    ``sums[w]``, ``mins[w]`` (n x K) and ``own_max[w]`` (n), given uninitialised: no two
    workers write the same memory, and ``combine_parts`` adds the parts up. Object i's
    summaries go to row ``slot[i]`` of those arrays, or nowhere when it is -1 (a task of
    :func:`clustval._engine.pairwise.pass_task` keeps the rows of its own objects only).
    ``pair_max[w]`` (K x K), unless it has no rows: ``pair_max[w, ca, cb]`` the largest
    distance of the tile pairs of clusters ca <= cb that worker w visits, every pair counted
    (a tile pair lies in one pair of clusters, so it raises one entry once). ``weights``
    (each object's at its column of XT, 64-byte aligned like XT's rows) or None: the sums
    are of ``w_j d(i, j)``, each product rounded once (``clustval._engine.rowstep.row_step``);
    None compiles a separate specialisation, the unweighted pass as it was. ``form``:
    ``clustval._engine.pairwise.row_form(XT)``, the row step of XT's form alone (None: every
    form).
    """
    for w in numba.prange(bounds.size - 1):
        # room for row_step's last block past a tile's end; aligned like the tiles
        acc = aligned_empty(TILE + LANES)
        col_sum = aligned_empty(TILE + LANES)
        col_min = aligned_empty(TILE + LANES)
        col_max = aligned_empty(TILE + LANES)
        # each worker starts its own part: in parallel, and in the cache of the core using it
        sums[w] = 0.0
        mins[w] = np.inf
        own_max[w] = 0.0
        pair_max[w] = 0.0
        w_sums, w_mins, w_max, w_pair = sums[w], mins[w], own_max[w], pair_max[w]
        for p in range(bounds[w], bounds[w + 1]):
            a, b = pair_a[p], pair_b[p]
            b0, b1 = tiles[b], tiles[b + 1]
            ca, cb = tile_cluster[a], tile_cluster[b]
            m = b1 - b0
            col_sum[:] = 0.0  # the spare lanes too: they stay +0.0, +inf and +0.0
            col_min[:] = np.inf
            col_max[:] = 0.0
            tile_max = 0.0  # the tile pair's largest distance
            for i in range(tiles[a], tiles[a + 1]):
                j0 = i + 1 if a == b else b0  # inside one tile: the pairs j > i only
                if j0 >= b1:
                    continue
                k = j0 - b0
                x, j = columns[a] + i - tiles[a], columns[b] + k  # i and j0 in XT
                r = slot[i]
                # one call, its flag as it runs: the step compiles once (a call per value of
                # the flag compiled it twice)
                total, lowest, highest = row_step_of(
                    XT, x, j, j + m - k, acc, col_sum, col_min, col_max, k, ca == cb, weights, form
                )
                if ca == cb and r >= 0:
                    w_max[r] = max(w_max[r], highest)
                tile_max = max(tile_max, highest)
                if r >= 0:
                    w_sums[r, cb] += total
                    w_mins[r, cb] = min(w_mins[r, cb], lowest)
            if w_pair.shape[0] > 0:
                w_pair[ca, cb] = max(w_pair[ca, cb], tile_max)
            for j in range(m):
                r = slot[b0 + j]
                if r < 0:
                    continue
                w_sums[r, ca] += col_sum[j]
                w_mins[r, ca] = min(w_mins[r, ca], col_min[j])
                if ca == cb:
                    w_max[r] = max(w_max[r], col_max[j])


# One thread: its parallel form took 0.6 s to compile for a few milliseconds of work (n K
# parts values, n = 20,000, K = 10).
@numba.njit(cache=True, nogil=True)
def combine_parts(sums, mins, own_max, order, cluster_sums, all_mins, all_max):  # pragma: no cover
    """Combine the parts of ``tile_pair_stats`` (sorted order): the sums added in part order
    (as ``np.sum(sums, axis=0)`` adds them), written in the original order (row ``order[r]``
    of cluster_sums), the minima and maxima kept in sorted order."""
    parts, n, k = sums.shape
    for r in range(n):
        out = cluster_sums[order[r]]
        for c in range(k):
            total, lowest = sums[0, r, c], mins[0, r, c]
            for w in range(1, parts):
                total += sums[w, r, c]
                lowest = min(lowest, mins[w, r, c])
            out[c] = total
            all_mins[r, c] = lowest
        highest = own_max[0, r]
        for w in range(1, parts):
            highest = max(highest, own_max[w, r])
        all_max[r] = highest


@numba.njit(parallel=True, cache=True, nogil=True)
def distance_block(AT, BT, out, form=None):  # pragma: no cover
    """out[r, j] = the distance between point r of AT and point j of BT (both feature-major,
    padded to a multiple of 4 features), rows in parallel: the values of ``distances``, so
    those of ``clustval._engine.pairwise.exact_distances`` (``form``: AT's, see
    :func:`distances_of`)."""
    for r in numba.prange(AT.shape[1]):
        distances_of(AT, r, BT, 0, BT.shape[1], out[r], form)


# ----------------------------------------------------------------------------- other metrics
# The distances of clustval._engine.metrics (codes in clustval._engine.lanes: 0 squared
# Euclidean, 1 cityblock, 2 Chebyshev, 3 Minkowski, 4 half the squared Euclidean), each the
# per-feature terms accumulated in feature order, as ``clustval._engine.metrics.numpy_block``
# does. The feature-major arrays have a multiple of 4 rows (zero rows pad them: their terms are +0,
# which changes no sum, maximum or Minkowski power sum), taken four per sweep so that the
# running value stays in a register. The kernels take the metric as its form
# (``clustval._engine.metrics.Metric.form``), whose type picks its sweep as numba types a
# kernel: one kernel for every metric took 6.5 s to compile a first silhouette of one.


@numba.njit(cache=True, nogil=True)
def metric_distances(PT, i, QT, j0, j1, metric, p, out):  # pragma: no cover
    """out[j - j0] = d(p_i, q_j) for j in j0:j1 (PT, QT feature-major, padded to a multiple
    of 4 rows), for the metric of the form ``metric`` (Minkowski order p): eight features
    per sweep, then four."""
    m = j1 - j0
    for j in range(m):
        out[j] = 0.0
    d = PT.shape[0]
    wide_end = d - d % 8  # the sweeps of 8 features end here; one of 4 follows if d % 8 == 4
    # a range: numba typed a counter ``f = 0 ... f += 8`` first as its literal start, and
    # compiled the sweep for it besides the one the loop runs
    for f in range(0, wide_end, 8):
        _metric_sweep(PT, i, QT, f, True, j0, j1, metric, p, out)
    if wide_end < d:
        _metric_sweep(PT, i, QT, wide_end, False, j0, j1, metric, p, out)
    _metric_finish(metric, p, out, m)


# inlined: the views returned from a compiled call cost the sweeps 7-9 % (reference counts)
@numba.njit(cache=True, nogil=True, inline="always")
def _sweep_operands(PT, i, QT, f, wide, j0, j1):  # pragma: no cover
    """Point i's features f:f + 8 (``wide``; else f:f + 4, repeated) and those rows of QT's
    columns j0:j1: what a sweep of the metric terms reads."""
    g = f + 4 if wide else f  # features 4-7 of a wide sweep (unused otherwise)
    xs = (PT[f, i], PT[f + 1, i], PT[f + 2, i], PT[f + 3, i], PT[g, i], PT[g + 1, i], PT[g + 2, i], PT[g + 3, i])
    cs = (QT[f, j0:j1], QT[f + 1, j0:j1], QT[f + 2, j0:j1], QT[f + 3, j0:j1],
          QT[g, j0:j1], QT[g + 1, j0:j1], QT[g + 2, j0:j1], QT[g + 3, j0:j1])  # fmt: skip
    return xs, cs


# The sweeps of each metric's terms: add those of features f:f + 8 (``wide``) or f:f + 4 to
# out[:j1 - j0], in order.


@numba.njit(cache=True, nogil=True)
def _squares_sweep(PT, i, QT, f, wide, j0, j1, p, out):  # pragma: no cover
    xs, cs = _sweep_operands(PT, i, QT, f, wide, j0, j1)
    x0, x1, x2, x3, x4, x5, x6, x7 = xs
    c0, c1, c2, c3, c4, c5, c6, c7 = cs
    for j in range(j1 - j0):
        a = x0 - c0[j]
        v = out[j] + a * a
        a = x1 - c1[j]
        v += a * a
        a = x2 - c2[j]
        v += a * a
        a = x3 - c3[j]
        v += a * a
        if wide:
            a = x4 - c4[j]
            v += a * a
            a = x5 - c5[j]
            v += a * a
            a = x6 - c6[j]
            v += a * a
            a = x7 - c7[j]
            v += a * a
        out[j] = v


@numba.njit(cache=True, nogil=True)
def _absolute_sweep(PT, i, QT, f, wide, j0, j1, p, out):  # pragma: no cover
    xs, cs = _sweep_operands(PT, i, QT, f, wide, j0, j1)
    x0, x1, x2, x3, x4, x5, x6, x7 = xs
    c0, c1, c2, c3, c4, c5, c6, c7 = cs
    for j in range(j1 - j0):
        v = (((out[j] + abs(x0 - c0[j])) + abs(x1 - c1[j])) + abs(x2 - c2[j])) + abs(x3 - c3[j])
        if wide:
            v = (((v + abs(x4 - c4[j])) + abs(x5 - c5[j])) + abs(x6 - c6[j])) + abs(x7 - c7[j])
        out[j] = v


@numba.njit(cache=True, nogil=True)
def _largest_sweep(PT, i, QT, f, wide, j0, j1, p, out):  # pragma: no cover
    xs, cs = _sweep_operands(PT, i, QT, f, wide, j0, j1)
    x0, x1, x2, x3, x4, x5, x6, x7 = xs
    c0, c1, c2, c3, c4, c5, c6, c7 = cs
    for j in range(j1 - j0):
        v = max(max(max(max(out[j], abs(x0 - c0[j])), abs(x1 - c1[j])), abs(x2 - c2[j])), abs(x3 - c3[j]))
        if wide:
            v = max(max(max(max(v, abs(x4 - c4[j])), abs(x5 - c5[j])), abs(x6 - c6[j])), abs(x7 - c7[j]))
        out[j] = v


@numba.njit(cache=True, nogil=True)
def _power_sweep(PT, i, QT, f, wide, j0, j1, p, out):  # pragma: no cover
    xs, cs = _sweep_operands(PT, i, QT, f, wide, j0, j1)
    x0, x1, x2, x3, x4, x5, x6, x7 = xs
    c0, c1, c2, c3, c4, c5, c6, c7 = cs
    if wide:  # the width outside the loop: inside it, the powers ran 5 % slower
        for j in range(j1 - j0):
            v = (((out[j] + abs(x0 - c0[j]) ** p) + abs(x1 - c1[j]) ** p) + abs(x2 - c2[j]) ** p) + abs(x3 - c3[j]) ** p
            out[j] = (((v + abs(x4 - c4[j]) ** p) + abs(x5 - c5[j]) ** p) + abs(x6 - c6[j]) ** p) + abs(x7 - c7[j]) ** p
    else:
        for j in range(j1 - j0):
            out[j] = (((out[j] + abs(x0 - c0[j]) ** p) + abs(x1 - c1[j]) ** p) + abs(x2 - c2[j]) ** p) + abs(x3 - c3[j]) ** p


#: The sweep of each metric's code
_METRIC_SWEEPS = {
    SQEUCLIDEAN: _squares_sweep, CITYBLOCK: _absolute_sweep, CHEBYSHEV: _largest_sweep, MINKOWSKI: _power_sweep,
    HALF_SQEUCLIDEAN: _squares_sweep,
}  # fmt: skip


def _metric_sweep(PT, i, QT, f, wide, j0, j1, metric, p, out):  # pragma: no cover
    """The sweep of the metric of the form ``metric``. numba's only (below)."""
    raise NotImplementedError("compiled only")


def _metric_finish(metric, p, out, m):  # pragma: no cover
    """out[:m] from the sums of the terms to the distances of the metric of the form
    ``metric``: Minkowski's root of order p, half the squared Euclidean's halving, nothing
    for the others. numba's only (below)."""
    raise NotImplementedError("compiled only")


@overload(_metric_sweep)
def _metric_sweep_typed(PT, i, QT, f, wide, j0, j1, metric, p, out):
    sweep = _METRIC_SWEEPS[metric_code(metric)]
    return lambda PT, i, QT, f, wide, j0, j1, metric, p, out: sweep(PT, i, QT, f, wide, j0, j1, p, out)


@overload(_metric_finish)
def _metric_finish_typed(metric, p, out, m):
    code = metric_code(metric)
    if code == MINKOWSKI:

        def root(metric, p, out, m):
            inv = 1.0 / p
            for j in range(m):
                out[j] = out[j] ** inv

        return root
    if code == HALF_SQEUCLIDEAN:

        def halve(metric, p, out, m):
            for j in range(m):
                out[j] *= 0.5

        return halve
    return lambda metric, p, out, m: None


@numba.njit(parallel=True, cache=True, nogil=True)
def metric_block(AT, BT, metric, p, out):  # pragma: no cover
    """out[r, j] = d(a_r, b_j) of ``metric_distances`` (``metric``: the metric's form), rows
    in parallel (numpy counterpart: ``clustval._engine.metrics.numpy_block``)."""
    for r in numba.prange(AT.shape[1]):
        metric_distances(AT, r, BT, 0, BT.shape[1], metric, p, out[r])


@numba.njit(cache=True, nogil=True)
def _metric_row_step(
    XT, x, j0, j1, metric, p, dist, lanes, col_sum, col_min, col_max, k, fold_max, weights=None
):  # pragma: no cover
    """``clustval._engine.rowstep.row_step`` for the metric of the form ``metric``: the
    distances of point x to columns j0:j1 of XT added to col_sum[k:], folded into col_min[k:]
    (and col_max[k:] with ``fold_max``); returns the row's sum in the order of LANES (lanes
    counted from j0), its minimum (+inf for no columns) and maximum (+0.0 for none).
    ``weights`` (one per column of XT, or None) weigh the sums as ``row_step``'s."""
    m = j1 - j0
    metric_distances(XT, x, XT, j0, j1, metric, p, dist)
    lanes[:] = 0.0
    _add_to_lanes(dist, _weights_at(weights, slice(j0, j1)), m, lanes)
    lowest, highest = np.inf, 0.0
    w_row = _weights_at(weights, x)
    for j in range(m):
        v = dist[j]
        lowest = min(lowest, v)
        highest = max(highest, v)
        col_sum[k + j] += _weighed(v, w_row)
        col_min[k + j] = min(col_min[k + j], v)
        if fold_max:
            col_max[k + j] = max(col_max[k + j], v)
    return _lanes_total(lanes), lowest, highest


@numba.njit(parallel=True, cache=True, nogil=True)
def metric_tile_pair_stats(
    XT, columns, tiles, tile_cluster, pair_a, pair_b, bounds, slot, sums, mins, own_max, pair_max, metric, p,
    weights=None,
):  # pragma: no cover
    """``tile_pair_stats`` for the metric of the form ``metric`` (Minkowski order p): the same
    tile pairs, parts, orders and outputs (weighted by ``weights`` as there), each row's
    distances those of ``metric_distances``."""
    for w in numba.prange(bounds.size - 1):
        dist = np.empty(TILE)
        lanes = np.empty(LANES)
        col_sum = np.empty(TILE)
        col_min = np.empty(TILE)
        col_max = np.empty(TILE)
        sums[w] = 0.0
        mins[w] = np.inf
        own_max[w] = 0.0
        pair_max[w] = 0.0
        w_sums, w_mins, w_max, w_pair = sums[w], mins[w], own_max[w], pair_max[w]
        for q in range(bounds[w], bounds[w + 1]):
            a, b = pair_a[q], pair_b[q]
            b0, b1 = tiles[b], tiles[b + 1]
            ca, cb = tile_cluster[a], tile_cluster[b]
            m = b1 - b0
            col_sum[:] = 0.0
            col_min[:] = np.inf
            col_max[:] = 0.0
            tile_max = 0.0  # the tile pair's largest distance
            for i in range(tiles[a], tiles[a + 1]):
                j0 = i + 1 if a == b else b0  # inside one tile: the pairs j > i only
                if j0 >= b1:
                    continue
                k = j0 - b0
                x, j = columns[a] + i - tiles[a], columns[b] + k  # i and j0 in XT
                r = slot[i]
                total, lowest, highest = _metric_row_step(
                    XT, x, j, j + m - k, metric, p, dist, lanes, col_sum, col_min, col_max, k, ca == cb, weights
                )
                if ca == cb and r >= 0:
                    w_max[r] = max(w_max[r], highest)
                tile_max = max(tile_max, highest)
                if r >= 0:
                    w_sums[r, cb] += total
                    w_mins[r, cb] = min(w_mins[r, cb], lowest)
            if w_pair.shape[0] > 0:
                w_pair[ca, cb] = max(w_pair[ca, cb], tile_max)
            for j in range(m):
                r = slot[b0 + j]
                if r < 0:
                    continue
                w_sums[r, ca] += col_sum[j]
                w_mins[r, ca] = min(w_mins[r, ca], col_min[j])
                if ca == cb:
                    w_max[r] = max(w_max[r], col_max[j])


# ----------------------------------------------------------------------------- DBCV
# Every cluster's points lie in one feature-major array PT, cluster c in columns
# starts[c]:starts[c + 1] (owner[i] the cluster of point i). Rows are dealt to the chunks
# in turn (row i to chunk i % chunks), so each thread gets an equal share of every cluster.
# The distances are Euclidean (``form`` the points' form, pairwise.row_form) or those of
# ``metric_distances`` (``form`` the metric's, Metric.form; Minkowski order p), as
# ``clustval.indices.density`` reads them: a kernel is typed with that form's distances alone.
# The tree's tie rule (``rule``): 0 the raw distance, 1 hdbscan's, 2 the authors' MATLAB code's.
DBCV_CHUNKS = 64
DBCV_RUN = 4096  # the other points a separation row holds at once


def _dbcv_row(PT, i, j0, j1, form, p, out):  # pragma: no cover
    """out[j - j0] = d(point i, point j) for j in j0:j1, in DBCV's metric: Euclidean where
    ``form`` is PT's (``clustval._engine.pairwise.row_form``), else the metric's whose form it is
    (``clustval._engine.metrics.Metric.form``). numba's only (below)."""
    raise NotImplementedError("compiled only")


@overload(_dbcv_row)
def _dbcv_row_typed(PT, i, j0, j1, form, p, out):
    # the type of ``form`` picks the distances as numba types a kernel: a Euclidean one has
    # no other metric's code, and only its form's sweeps
    if metric_code(form) is None:
        return lambda PT, i, j0, j1, form, p, out: distances_of(PT, i, PT, j0, j1, out, form)
    return lambda PT, i, j0, j1, form, p, out: metric_distances(PT, i, PT, j0, j1, form, p, out)


# DBCV's three passes are one parallel kernel, its task a number: each parallel kernel compiles
# its threads' code and the distances it inlines once more (three kernels took 5.5-6.5 s to
# compile at d = 30, each about 1 s besides its loop).
CORE_SUMS, SPANNING_TREES, SEPARATIONS = range(3)


@numba.njit(parallel=True, cache=True, nogil=True)
def dbcv_pass(task, PT, starts, owner, values, dim, rule, form, p, out):  # pragma: no cover
    """One of DBCV's passes over every cluster, the chunks in parallel:

    - ``CORE_SUMS`` (:func:`_core_sums`): ``values`` each point's copies, ``out`` (2 x n) the
      nearest distances and the sums (``rule`` 0: the sums with copies, else hdbscan's);
    - ``SPANNING_TREES`` (:func:`_spanning_tree`): ``values`` the core distances, ``out`` the
      edges, cluster c's m_c - 1 at rows starts[c] - c onwards, the clusters spread over the
      chunks in runs (as a parallel loop over them shares them among the threads);
    - ``SEPARATIONS`` (:func:`_separations`): ``values`` the core distances, ``out`` the
      (DBCV_CHUNKS x K) minima.
    """
    clusters = starts.shape[0] - 1
    for chunk in numba.prange(DBCV_CHUNKS):
        # int64: the threads' copy of the loop counts in uint64, and each type of it compiled
        # the passes once more
        c = np.int64(chunk)
        if task == CORE_SUMS:
            _core_sums(PT, starts, owner, values, dim, rule != 0, form, p, out[0], out[1], c)
        elif task == SPANNING_TREES:
            for k in range(-(-c * clusters // DBCV_CHUNKS), -(-(c + 1) * clusters // DBCV_CHUNKS)):
                _spanning_tree(PT, starts[k], starts[k + 1] - starts[k], values, rule, form, p, out, starts[k] - k)
        else:
            _separations(PT, starts, owner, values, form, p, out, c)


# numpy's error model, as numba gives the body of a parallel loop: a division by 0 is inf, not
# an exception, and no division is checked (the checks cost the sums 17 %)
@numba.njit(cache=True, nogil=True, error_model="numpy")
def _core_sums(PT, starts, owner, copies, dim, hdbscan, form, p, nearest, sums, c):  # pragma: no cover
    """The all-points core distance's sum of each point of chunk c over the other points of
    its cluster (``clustval.indices.density.core_distances`` and ``_hdbscan_core_sums`` before
    their division and power): the terms and their powers as the numpy path computes them,
    then added one after the other in the order of the points as it adds them (x's own term
    0), so the same bits (the distances those of ``form``). ``hdbscan`` (hdbscan's and the
    MATLAB code's sums): ``sums[i] = sum_{j != i, d > 0} (1 / d(i, j))^dim``;
    else ``nearest[i] = min_{j != i} d(i, j)`` and ``sums[i] = sum_{j != i} copies[j]
    (nearest[i] / d(i, j))^dim``."""
    n = owner.shape[0]
    widest = 0  # a loop: np.max of the differences compiled numpy's max for 0.3-0.7 s
    for k in range(starts.shape[0] - 1):
        widest = max(widest, starts[k + 1] - starts[k])
    row, power = np.empty(widest), np.empty(widest)
    for i in range(c, n, DBCV_CHUNKS):
        s, e = starts[owner[i]], starts[owner[i] + 1]
        m = e - s
        _dbcv_row(PT, i, s, e, form, p, row)
        row[i - s] = np.inf  # x's own term: 1 / inf = nearest / inf = 0
        if hdbscan:
            for j in range(m):
                row[j] = 1.0 / row[j] if row[j] > 0.0 else 0.0
        else:
            closest = np.inf
            for j in range(m):
                closest = min(closest, row[j])
            for j in range(m):
                row[j] = closest / row[j]
            nearest[i] = closest
        _powers(row, m, dim, power)
        total = 0.0
        if hdbscan:
            for j in range(m):
                total += power[j]
        else:
            for j in range(m):
                total += copies[s + j] * power[j]
        sums[i] = total


@numba.njit(cache=True, nogil=True)
def _powers(x, m, d, out):  # pragma: no cover
    """out[:m] = x[:m] ** d for a whole d >= 1 (x squared in place): the multiplications of
    ``clustval.indices.density._power`` in its order, so the same bits."""
    first = True
    while True:
        if d & 1:
            for j in range(m):
                out[j] = x[j] if first else out[j] * x[j]
            first = False
        d >>= 1
        if d == 0:
            return
        for j in range(m):
            x[j] = x[j] * x[j]


@numba.njit(cache=True, nogil=True)
def _spanning_tree(PT, s, m, core, rule, form, p, edges, e0):  # pragma: no cover
    """The minimum spanning tree of the m points PT[:, s:s + m] under mutual reachability
    (Prim from the first), one row of distances per point joined, into edges[e0:e0 + m - 1]:
    the edges ``(u, v, weight)`` (points counted from s) of
    ``clustval.indices.density._prim``, bit for bit. ``rule`` 1: hdbscan's tie rule; 2: the
    MATLAB code's (a point's parent the first tree point, in the order they joined, of its
    lightest weight); 0: ties broken by the raw distance, then by point."""
    in_tree = np.zeros(m, dtype=np.bool_)
    dist = np.empty(m)
    best = np.empty(m)
    key = np.empty(m)
    parent = np.zeros(m, dtype=np.intp)
    _dbcv_row(PT, s, s, s + m, form, p, dist)
    dist[0] = 0.0
    for j in range(m):
        best[j] = max(dist[j], max(core[s], core[s + j]))
        key[j] = dist[j]
    in_tree[0] = True
    v = _lightest(in_tree, best, key, m, rule)
    for step in range(m - 1):
        lightest = best[v]
        _dbcv_row(PT, s + v, s, s + m, form, p, dist)
        dist[v] = 0.0
        u = parent[v]
        if rule == 1:  # the first tree point whose weight to v is numpy.isclose to the lightest
            for j in range(m):
                w = max(dist[j], max(core[s + v], core[s + j]))
                if in_tree[j] and abs(w - lightest) <= 1e-8 + 1e-5 * abs(lightest):
                    u = j
                    break
        edges[e0 + step, 0] = u
        edges[e0 + step, 1] = v
        edges[e0 + step, 2] = lightest
        in_tree[v] = True
        joined, v = v, -1
        for j in range(m):  # update the points outside and pick the next in the same sweep
            if in_tree[j]:
                continue
            w = max(dist[j], max(core[s + joined], core[s + j]))
            if w < best[j] or (rule != 2 and w == best[j] and dist[j] < key[j]):
                best[j] = w
                key[j] = dist[j]
                parent[j] = joined
            if v < 0 or best[j] < best[v] or (best[j] == best[v] and rule == 0 and key[j] < key[v]):
                v = j


@numba.njit(cache=True, nogil=True)
def _lightest(in_tree, best, key, m, rule):  # pragma: no cover
    """The next point to join: the lightest outside the tree, ties by key (rule 0 only),
    then by point."""
    v = -1
    for j in range(m):
        if not in_tree[j] and (v < 0 or best[j] < best[v] or (best[j] == best[v] and rule == 0 and key[j] < key[v])):
            v = j
    return v


@numba.njit(cache=True, nogil=True)
def _separations(PT, starts, owner, core, form, p, out, c):  # pragma: no cover
    """``out[c, k]``: the smallest mutual reachability ``max(d(x, y), core[x], core[y])``
    between a point of cluster k and one of another cluster among the pairs of chunk c; its
    minimum over the chunks is C_k's DSPC to the nearest cluster (``min_j DSPC(C_i, C_j)``)
    as ``clustval.indices.density._separations`` takes it in blocks (minima and maxima of
    the same distances, so the same bits). Each pair of points in two clusters is computed
    once, by its point of the lower cluster (d is symmetric bit for bit: the same terms in
    the same order), and counts for both clusters; the chunks hold K minima each, so that no
    two threads write one. The other points come in runs of DBCV_RUN, so a chunk holds one
    run of distances, whatever n."""
    n = owner.shape[0]
    row = np.empty(DBCV_RUN)
    for x in range(c, n, DBCV_CHUNKS):
        k, own = owner[x], core[x]
        closest = out[c, k]
        for j0 in range(starts[k + 1], n, DBCV_RUN):  # the points of the later clusters
            j1 = min(j0 + DBCV_RUN, n)
            _dbcv_row(PT, x, j0, j1, form, p, row)
            j = j0
            while j < j1:  # the run's part of each cluster l
                l = owner[j]
                end = min(starts[l + 1], j1)
                nearest = np.inf
                for i in range(j, end):
                    nearest = min(nearest, max(row[i - j0], max(own, core[i])))
                closest = min(closest, nearest)
                out[c, l] = min(out[c, l], nearest)
                j = end
        out[c, k] = closest
