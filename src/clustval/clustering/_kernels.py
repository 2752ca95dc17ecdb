"""Compiled (numba) kernels of the K-medoids algorithms (:mod:`clustval.clustering.pam`,
:mod:`clustval.clustering.kmedoids`), each at module level with ``cache=True``.

Imported only by ``clustval.clustering.common.compiled_kernels``, after
:func:`clustval._engine.compiled.kernels` has chosen the compiled engine for the job (numba
installed, its JIT on, enough work). Each kernel's numpy
counterpart is named in its docstring. Parallel loops give each thread whole rows (or whole
candidates), every sum is added in one fixed order inside its row, so the values do not
depend on the number of threads.
"""

from __future__ import annotations

from contextlib import contextmanager

import numba
import numpy as np

from .._engine.lanes import LANES

# Below this many steps (entries read) a kernel runs on one thread: a few milliseconds of
# work, where waking a second thread gains little and, on a busy machine, waiting for it to
# be scheduled made Park-Jun at n = 2000 take 6x its one-thread time (a load of 6 on 2 cores).
# Each row's sums are serial, so the values do not depend on the threads.
GRAIN = 2**22
_ROW_BLOCK = 64  # rows (and columns) of a tile of the symmetry check: 2 x 32 KB in cache
_DBL_MAX = np.finfo(np.float64).max


@numba.njit(cache=True, nogil=True)
def _lane_total(lanes):  # pragma: no cover
    return ((lanes[0] + lanes[1]) + (lanes[2] + lanes[3])) + ((lanes[4] + lanes[5]) + (lanes[6] + lanes[7]))


@numba.njit(parallel=True, cache=True, nogil=True)
def _checked_row_sums(D, row_sums):  # pragma: no cover
    """Whether D is a distance matrix (finite, non-negative, exactly symmetric, zero
    diagonal), in one pass that also writes each row's sum in the order of
    :data:`clustval._engine.lanes.LANES` into ``row_sums``. (numpy counterparts:
    ``clustval._engine.pairwise.check_distance_matrix``, then ``DistanceRows.summed``: the same
    verdict and the same bits.)

    Row blocks b and blocks - 1 - b go to one iteration, so that the triangles of the
    symmetry check (block b against the column blocks from b on) share the work evenly.
    """
    n = D.shape[0]
    blocks = -(-n // _ROW_BLOCK)
    faults = np.zeros(blocks, dtype=np.int64)
    for half in numba.prange((blocks + 1) // 2):
        p = np.int64(half)  # prange's index may be unsigned: int64 - uint64 is a float
        lanes = np.empty(LANES)
        for q in range(2):
            b = p if q == 0 else blocks - 1 - p
            if q == 1 and b == p:  # the middle block of an odd count
                break
            faults[b] = _check_block(D, b * _ROW_BLOCK, min(n, b * _ROW_BLOCK + _ROW_BLOCK), row_sums, lanes)
    return faults.sum() == 0


@numba.njit(cache=True, nogil=True)
def _check_block(D, i0, i1, row_sums, lanes):  # pragma: no cover
    """Faults of rows i0:i1 (see ``checked_row_sums``), their lane-order sums written.

    A NaN or an infinity makes its row's sum NaN or infinite, so finiteness is read from
    the sums (a sum that overflows from finite terms counts as a fault too: the caller then
    asks the numpy check, which words the verdict); negative entries from the lanes' minima.
    The lanes are scalars: LLVM keeps them in registers (an array of 8 ran at half speed).
    """
    n = D.shape[0]
    full = n - n % LANES
    faults = 0
    for i in range(i0, i1):
        row = D[i]
        faults += row[i] != 0.0
        a0 = a1 = a2 = a3 = a4 = a5 = a6 = a7 = 0.0
        m0 = m1 = m2 = m3 = m4 = m5 = m6 = m7 = 0.0
        for j in range(0, full, LANES):
            v = row[j]
            a0 += v
            m0 = v if v < m0 else m0
            v = row[j + 1]
            a1 += v
            m1 = v if v < m1 else m1
            v = row[j + 2]
            a2 += v
            m2 = v if v < m2 else m2
            v = row[j + 3]
            a3 += v
            m3 = v if v < m3 else m3
            v = row[j + 4]
            a4 += v
            m4 = v if v < m4 else m4
            v = row[j + 5]
            a5 += v
            m5 = v if v < m5 else m5
            v = row[j + 6]
            a6 += v
            m6 = v if v < m6 else m6
            v = row[j + 7]
            a7 += v
            m7 = v if v < m7 else m7
        lanes[0], lanes[1], lanes[2], lanes[3] = a0, a1, a2, a3
        lanes[4], lanes[5], lanes[6], lanes[7] = a4, a5, a6, a7
        lowest = min(min(min(m0, m1), min(m2, m3)), min(min(m4, m5), min(m6, m7)))
        for j in range(full, n):
            lanes[j - full] += row[j]
            lowest = min(lowest, row[j])
        total = _lane_total(lanes)
        faults += not (lowest >= 0.0 and total <= _DBL_MAX)  # NaN fails both
        row_sums[i] = total
    for j0 in range(i0, n, _ROW_BLOCK):  # the tiles on and right of the diagonal tile
        j1 = min(n, j0 + _ROW_BLOCK)
        for i in range(i0, i1):
            for j in range(j0, j1):
                faults += D[i, j] != D[j, i]
    return faults


@numba.njit(parallel=True, cache=True, nogil=True)
def _pam_build_gains(rows, which, nearest, gain):  # pragma: no cover
    """gain[r] = sum_o max(nearest[o] - rows[which[r], o], 0), added in the order of
    :data:`clustval._engine.lanes.LANES`: how much PAM's BUILD lowers the cost by adding the object
    whose distances are ``rows[which[r]]`` (rows read in place, not gathered first).
    (numpy counterpart: ``clustval.clustering.pam._gains_into``, equal up to the order of the sum.)"""
    for r in numba.prange(which.size):
        # each row in its own (serial) function: inside a prange body LLVM left this loop
        # scalar, 2.4x slower
        gain[r] = _gain_of_row(rows[which[r]], nearest)


@numba.njit(cache=True, nogil=True)
def _gain_of_row(row, nearest):  # pragma: no cover
    n = row.size
    full = n - n % LANES
    a0 = a1 = a2 = a3 = a4 = a5 = a6 = a7 = 0.0
    for j in range(0, full, LANES):
        a0 += _positive(nearest[j] - row[j])
        a1 += _positive(nearest[j + 1] - row[j + 1])
        a2 += _positive(nearest[j + 2] - row[j + 2])
        a3 += _positive(nearest[j + 3] - row[j + 3])
        a4 += _positive(nearest[j + 4] - row[j + 4])
        a5 += _positive(nearest[j + 5] - row[j + 5])
        a6 += _positive(nearest[j + 6] - row[j + 6])
        a7 += _positive(nearest[j + 7] - row[j + 7])
    lanes = np.array([a0, a1, a2, a3, a4, a5, a6, a7])
    for j in range(full, n):
        lanes[j - full] += _positive(nearest[j] - row[j])
    return _lane_total(lanes)


@numba.njit(cache=True, nogil=True, inline="always")
def _positive(v):  # pragma: no cover
    return v if v > 0.0 else 0.0


@numba.njit(parallel=True, cache=True, nogil=True)
def _pam_swap_deltas(rows, dn, ds, nearest, removal, is_medoid, delta):  # pragma: no cover
    """delta[r, i] = the change of PAM's total cost when medoid i is swapped for the object
    whose distances are ``rows[r]`` (+inf if that object is a medoid).

    FastPAM1's decomposition (Schubert & Rousseeuw 2019; 2021, Information Systems
    101:101804) with the removal loss removal_i = sum_{o: nearest(o) = i} (ds_o - dn_o)
    given: for candidate c,

        delta(c, i) = removal_i + sum_{o: nearest(o) = i, d_oc < ds_o} (max(d_oc, dn_o) - ds_o)
                                + sum_{o: d_oc < dn_o} (d_oc - dn_o),

    so an object o adds to the sums only when c is closer to it than its second-nearest
    medoid: O(n) per candidate for all K swaps. Candidates in parallel, each sum in object
    order. (numpy counterpart: ``clustval.clustering.pam._swap_deltas``, equal up to the order of the
    sums.)"""
    for r in numba.prange(rows.shape[0]):
        if is_medoid[r]:
            delta[r, :] = np.inf
        else:
            _deltas_of_row(rows[r], dn, ds, nearest, removal, delta[r])


@numba.njit(cache=True, nogil=True)
def _deltas_of_row(row, dn, ds, nearest, removal, out):  # pragma: no cover
    k = out.size
    own = np.zeros(k)
    shared = 0.0
    for o in range(row.size):
        d = row[o]
        if d < ds[o]:
            own[nearest[o]] += max(d, dn[o]) - ds[o]
            if d < dn[o]:
                shared += d - dn[o]
    for i in range(k):
        out[i] = (removal[i] + own[i]) + shared


# ----------------------------------------------------------------------------- Park-Jun, SD
@numba.njit(parallel=True, cache=True, nogil=True)
def _weighted_row_sums(D, weights, out):  # pragma: no cover
    """out[i] = sum_j weights[j] * D[i, j] in the order of :data:`clustval._engine.lanes.LANES`:
    ``clustval._engine.kernels.weighted_matrix_sums`` over all rows and columns of D, the same bits,
    without its gather."""
    for i in numba.prange(D.shape[0]):
        out[i] = _weighted_sum(D[i], weights)


@numba.njit(cache=True, nogil=True)
def _weighted_sum(row, weights):  # pragma: no cover
    n = row.size
    full = n - n % LANES
    a0 = a1 = a2 = a3 = a4 = a5 = a6 = a7 = 0.0
    for j in range(0, full, LANES):
        a0 += row[j] * weights[j]
        a1 += row[j + 1] * weights[j + 1]
        a2 += row[j + 2] * weights[j + 2]
        a3 += row[j + 3] * weights[j + 3]
        a4 += row[j + 4] * weights[j + 4]
        a5 += row[j + 5] * weights[j + 5]
        a6 += row[j + 6] * weights[j + 6]
        a7 += row[j + 7] * weights[j + 7]
    lanes = np.array([a0, a1, a2, a3, a4, a5, a6, a7])
    for j in range(full, n):
        lanes[j - full] += row[j] * weights[j]
    return _lane_total(lanes)


@numba.njit(parallel=True, cache=True, nogil=True)
def _within_cluster_sums(D, members, starts, owner, out):  # pragma: no cover
    """out[p] = sum_{q in its cluster} D[members[p], members[q]] for every position p of
    ``members`` (the objects grouped by cluster, cluster c at ``starts[c]:starts[c + 1]``,
    ``owner[p]`` the cluster of position p), each sum in the order of
    :data:`clustval._engine.lanes.LANES` over the cluster's positions: the sums of
    ``clustval._engine.pairwise.DistanceRows.summed(m, m)`` for each cluster's members m, the same
    bits, every cluster in one parallel pass (Park & Jun's medoid update)."""
    for p in numba.prange(members.size):
        c = owner[p]
        out[p] = _gathered_sum(D[members[p]], members[starts[c] : starts[c + 1]])


@numba.njit(cache=True, nogil=True)
def _gathered_sum(row, cols):  # pragma: no cover
    m = cols.size
    full = m - m % LANES
    a0 = a1 = a2 = a3 = a4 = a5 = a6 = a7 = 0.0
    for j in range(0, full, LANES):
        a0 += row[cols[j]]
        a1 += row[cols[j + 1]]
        a2 += row[cols[j + 2]]
        a3 += row[cols[j + 3]]
        a4 += row[cols[j + 4]]
        a5 += row[cols[j + 5]]
        a6 += row[cols[j + 6]]
        a7 += row[cols[j + 7]]
    lanes = np.array([a0, a1, a2, a3, a4, a5, a6, a7])
    for j in range(full, m):
        lanes[j - full] += row[cols[j]]
    return _lane_total(lanes)


# ----------------------------------------------------------------------------- entry points
# Each kernel above runs through one of these, on one thread when its work is below GRAIN.
@contextmanager
def _threads_for(work: float):
    if work >= GRAIN or numba.get_num_threads() == 1:
        yield
        return
    before = numba.get_num_threads()
    numba.set_num_threads(1)
    try:
        yield
    finally:
        numba.set_num_threads(before)


def _pair_count(starts: np.ndarray) -> float:
    return float(np.sum(np.diff(starts).astype(float) ** 2))


def checked_row_sums(D, row_sums) -> bool:
    """See :func:`_checked_row_sums`."""
    with _threads_for(D.size):
        return bool(_checked_row_sums(D, row_sums))


def pam_build_gains(rows, which, nearest, gain) -> None:
    """See :func:`_pam_build_gains`."""
    with _threads_for(which.size * rows.shape[1]):
        _pam_build_gains(rows, which, nearest, gain)


def pam_swap_deltas(rows, dn, ds, nearest, removal, is_medoid, delta) -> None:
    """See :func:`_pam_swap_deltas`."""
    with _threads_for(rows.size):
        _pam_swap_deltas(rows, dn, ds, nearest, removal, is_medoid, delta)


def weighted_row_sums(D, weights, out) -> None:
    """See :func:`_weighted_row_sums`."""
    with _threads_for(D.size):
        _weighted_row_sums(D, weights, out)


def within_cluster_sums(D, members, starts, owner, out) -> None:
    """See :func:`_within_cluster_sums`."""
    with _threads_for(_pair_count(starts)):
        _within_cluster_sums(D, members, starts, owner, out)
