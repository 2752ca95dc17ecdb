"""Compiled (numba) kernels of the package, every one at module level with ``cache=True``.

Only :func:`clustval._compiled.kernels` imports this module, when a job is large enough to
be worth loading numba. Being defined at module level (not inside a function) lets numba's
on-disk cache find every kernel again in the next process: a kernel that calls another
jitted function defined in a closure is recompiled in each process.
Each kernel's numpy counterpart, with the same values, is named in its docstring.
"""

from __future__ import annotations

import math

import numba
import numpy as np
from llvmlite import ir
from numba.core import cgutils
from numba.extending import intrinsic, models, register_model

from ._compiled import LANES

# Rows and columns of the tiles of the pairwise pass: a column tile's coordinates and its
# accumulators (d x 512 and 4 x 512 float64, 48 KB at d = 8) stay in the core's L1 and L2
# caches while a row tile's rows stream past them. Each row of a tile pair costs a fixed
# set-up besides its distances; 512 made the pass 10-15% faster than 256 at n = 5000-50000
# (an A/B in one process), and 1024 or 2048 no faster. A multiple of LANES.
TILE = 512


# ----------------------------------------------------------------------------- labels
@numba.njit(cache=True, nogil=True)
def group_strings(chars, multipliers, group):  # pragma: no cover
    """Write each row's group id (first-appearance order) into group; return each group's
    first row. (numpy counterpart: ``clustval._validation._factorize_strings``.)"""
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
    (numpy counterpart: ``clustval.contingency._count_codes``.)"""
    for i in range(t.size):
        table[t[i] - lo_t, p[i] - lo_p] += 1


@numba.njit(cache=True, nogil=True)
def nonzero_cells(table):  # pragma: no cover
    """Rows, columns and counts of the non-zero cells, in row-major order.
    (numpy counterpart: ``np.flatnonzero`` in ``clustval.contingency.Contingency.cells``.)"""
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
    ``clustval._pairwise.exact_distances`` does (no reassociation, no fused multiply-add:
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


# ----------------------------------------------------------------------------- lane sums
# Sums of distances in the one order of clustval._compiled.LANES (numpy counterpart:
# ``clustval.kmedoids._lane_sums``). TILE is a multiple of LANES, so a tile boundary never
# moves a term to another lane.


@numba.njit(cache=True, nogil=True)
def _add_to_lanes(values, weights, m, lanes):  # pragma: no cover
    """lanes[j % LANES] += values[j] * weights[j] for j < m, in ascending j."""
    full = m - m % LANES
    for j in range(0, full, LANES):
        for lane in range(LANES):
            lanes[lane] += values[j + lane] * weights[j + lane]
    for j in range(full, m):
        lanes[j - full] += values[j] * weights[j]


@numba.njit(cache=True, nogil=True)
def _lanes_total(lanes):  # pragma: no cover
    return ((lanes[0] + lanes[1]) + (lanes[2] + lanes[3])) + (
        (lanes[4] + lanes[5]) + (lanes[6] + lanes[7])
    )


@numba.njit(parallel=True, cache=True, nogil=True)
def weighted_distance_sums(AT, BT, weights, out):  # pragma: no cover
    """out[r] = sum_j weights[j] * d(a_r, b_j) in lane order (see LANES), for the points of
    the feature-major AT and BT (padded as for ``distances``): the distances of
    ``distances``, never stored beyond one tile."""
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
                distances(AT, r, BT, j0, j1, dist)
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


# ----------------------------------------------------------------------------- row step
# One row of a tile pair against the column tile, in blocks of 8 columns held in one 512-bit
# vector each (LLVM ``<8 x double>``, built by the intrinsics below): a block's squares are
# added feature by feature in order and its square roots taken, as ``distances`` does, and
# the row's sum, the row's minimum and the columns' sums and minima are folded in registers,
# with no stored row. LLVM's own vectoriser keeps to 256-bit vectors on this kind of core;
# vectors written out take whole zmm registers where the CPU has AVX-512 (and are split into
# narrower ones, lane by lane with the same values, where it has not). The block's 8 lanes
# are the row sum's 8 lanes, in the one order of clustval._compiled.LANES. The pass starts
# every tile, and the scratch arrays, on a 64-byte boundary (clustval._pairwise._tile_major,
# aligned_empty), so that a block is one cache line: from arbitrary columns, a block spans
# two, and the same loop was no faster than LLVM's 256-bit one (an A/B). No operation
# carries a fast-math flag, so nothing is regrouped: the kernel compiled in a process, loaded
# from numba's cache or compiled for another CPU gives the same bits (with fast-math
# ``reassoc``, the compiled and the cached kernel grouped the row sum differently).
_OCT_IR = ir.VectorType(ir.DoubleType(), 8)
_I32 = ir.IntType(32)


class _OctType(numba.types.Type):
    """Eight float64 in one 512-bit register (LLVM ``<8 x double>``)."""

    def __init__(self):
        super().__init__(name="Oct")


_oct = _OctType()


@register_model(_OctType)
class _OctModel(models.PrimitiveModel):
    def __init__(self, dmm, fe_type):
        super().__init__(dmm, fe_type, _OCT_IR)


def _splat(builder, value, vector_type):
    """value in every lane of vector_type."""
    lanes = ir.VectorType(_I32, vector_type.count)
    first = builder.insert_element(
        ir.Constant(vector_type, ir.Undefined), value, ir.Constant(_I32, 0)
    )
    return builder.shuffle_vector(
        first, ir.Constant(vector_type, ir.Undefined), ir.Constant(lanes, [0] * vector_type.count)
    )


def _first_lanes(builder, count):
    """<8 x i1>: lane k < count."""
    lanes = ir.VectorType(_I32, 8)
    return builder.icmp_signed(
        "<", ir.Constant(lanes, list(range(8))), _splat(builder, builder.trunc(count, _I32), lanes)
    )


def _oct_at(context, builder, array_type, array, index):
    """A <8 x double> pointer to the element ``index`` of a C-contiguous array (flat index)."""
    data = context.make_array(array_type)(context, builder, array).data
    return builder.bitcast(builder.gep(data, [index]), _OCT_IR.as_pointer())


def _flat_index(context, builder, array_type, array, row, col):
    """The flat index of [row, col] in a C-contiguous 2-d array."""
    ncols = builder.extract_value(context.make_array(array_type)(context, builder, array).shape, 1)
    return builder.add(builder.mul(row, ncols), col)


@intrinsic
def _oct_fill(typingctx, x):
    def codegen(context, builder, signature, args):
        return _splat(builder, args[0], _OCT_IR)

    return _oct(numba.types.float64), codegen


@intrinsic
def _oct_load(typingctx, values, j):
    """values[j:j + 8] (1-d) (no bounds check)."""

    def codegen(context, builder, signature, args):
        return builder.load(_oct_at(context, builder, signature.args[0], *args), align=8)

    return _oct(values, numba.types.int64), codegen


@intrinsic
def _oct_store(typingctx, values, j, vector):
    """values[j:j + 8] = vector (1-d) (no bounds check)."""

    def codegen(context, builder, signature, args):
        values_, j_, vector_ = args
        builder.store(vector_, _oct_at(context, builder, signature.args[0], values_, j_), align=8)
        return context.get_dummy_value()

    return numba.types.void(values, numba.types.int64, _oct), codegen


@intrinsic
def _oct_load_row(typingctx, values, row, col, count):
    """values[row, col:col + count] (2-d) in the first lanes, +0.0 in the others; with
    count < 8 it reads nothing past them (a masked load)."""

    def codegen(context, builder, signature, args):
        values_, row_, col_, count_ = args
        index = _flat_index(context, builder, signature.args[0], values_, row_, col_)
        at = _oct_at(context, builder, signature.args[0], values_, index)
        full = builder.icmp_signed(">=", count_, ir.Constant(count_.type, 8))
        with builder.if_else(full) as (whole, part):
            with whole:
                whole_block = builder.block
                whole_value = builder.load(at, align=8)
            with part:
                part_block = builder.block
                masked = ir.FunctionType(
                    _OCT_IR, [_OCT_IR.as_pointer(), _I32, ir.VectorType(ir.IntType(1), 8), _OCT_IR]
                )
                load = cgutils.get_or_insert_function(
                    builder.module, masked, "llvm.masked.load.v8f64.p0"
                )
                zero = ir.Constant(_OCT_IR, [0.0] * 8)
                part_value = builder.call(
                    load, [at, ir.Constant(_I32, 8), _first_lanes(builder, count_), zero]
                )
        value = builder.phi(_OCT_IR)
        value.add_incoming(whole_value, whole_block)
        value.add_incoming(part_value, part_block)
        return value

    i64 = numba.types.int64
    return _oct(values, i64, i64, i64), codegen


@intrinsic
def _oct_keep_first(typingctx, vector, count, fill):
    """The first count lanes of vector, fill in the others."""

    def codegen(context, builder, signature, args):
        vector_, count_, fill_ = args
        return builder.select(
            _first_lanes(builder, count_), vector_, _splat(builder, fill_, _OCT_IR)
        )

    return _oct(_oct, numba.types.int64, numba.types.float64), codegen


def _oct_binary(operation, doc):
    @intrinsic
    def binary(typingctx, a, b):
        def codegen(context, builder, signature, args):
            return operation(builder, *args)

        return _oct(_oct, _oct), codegen

    binary.__doc__ = doc
    return binary


_oct_add = _oct_binary(lambda builder, a, b: builder.fadd(a, b), "a + b, lane by lane")
_oct_sub = _oct_binary(lambda builder, a, b: builder.fsub(a, b), "a - b, lane by lane")
_oct_mul = _oct_binary(lambda builder, a, b: builder.fmul(a, b), "a * b, lane by lane")
_oct_min = _oct_binary(
    lambda builder, a, b: builder.select(builder.fcmp_ordered("<", a, b), a, b),
    "a < b ? a : b, lane by lane",
)


@intrinsic
def _oct_sqrt(typingctx, a):
    """The correctly rounded square root, lane by lane (IEEE, vsqrtpd)."""

    def codegen(context, builder, signature, args):
        sqrt = cgutils.get_or_insert_function(
            builder.module, ir.FunctionType(_OCT_IR, [_OCT_IR]), "llvm.sqrt.v8f64"
        )
        return builder.call(sqrt, args)

    return _oct(_oct), codegen


def _lane_tree(builder, vector, combine):
    """combine(combine(combine(e0, e1), combine(e2, e3)), combine(combine(e4, e5), ...)) over
    the 8 lanes: the grouping of LANES."""
    e = [builder.extract_element(vector, ir.Constant(_I32, k)) for k in range(8)]
    return combine(
        combine(combine(e[0], e[1]), combine(e[2], e[3])),
        combine(combine(e[4], e[5]), combine(e[6], e[7])),
    )


@intrinsic
def _oct_total(typingctx, vector):
    """((e0 + e1) + (e2 + e3)) + ((e4 + e5) + (e6 + e7)): the order of LANES."""

    def codegen(context, builder, signature, args):
        return _lane_tree(builder, args[0], builder.fadd)

    return numba.types.float64(_oct), codegen


@intrinsic
def _oct_lowest(typingctx, vector):
    """The smallest lane (exact in any order)."""

    def codegen(context, builder, signature, args):
        def lower(a, b):
            return builder.select(builder.fcmp_ordered("<", a, b), a, b)

        return _lane_tree(builder, args[0], lower)

    return numba.types.float64(_oct), codegen


@intrinsic
def _address(typingctx, values):
    """The address of an array's first element."""

    def codegen(context, builder, signature, args):
        data = context.make_array(signature.args[0])(context, builder, args[0]).data
        return builder.ptrtoint(data, ir.IntType(64))

    return numba.types.int64(values), codegen


@numba.njit(cache=True, nogil=True)
def aligned_empty(size):  # pragma: no cover
    """An uninitialised float64 array of ``size`` starting on a 64-byte boundary (a cache
    line, and a 512-bit vector's width: a vector from an unaligned start spans two lines)."""
    raw = np.empty(size + 8)
    start = (-_address(raw) % 64) // 8
    return raw[start : start + size]


@numba.njit(cache=True, nogil=True, inline="always")
def _add_square(v, x, P, f, j, count):  # pragma: no cover
    """v + (x - P[f, j:j + 8])^2, lane by lane (count < 8: only the first count columns read)."""
    a = _oct_sub(_oct_fill(x), _oct_load_row(P, f, j, count))
    return _oct_add(v, _oct_mul(a, a))


@numba.njit(cache=True, nogil=True, inline="always")
def _block_squares(
    P, f, wide, j, count, first, acc, t, x0, x1, x2, x3, x4, x5, x6, x7
):  # pragma: no cover
    """The squares of features f:f + 4 (f:f + 8 if wide) of columns j:j + 8 of P, added in
    order to acc[t:t + 8] (to nothing if first); with count < 8 only the first count columns
    are read (the other lanes get squares of x)."""
    v = _oct_fill(0.0) if first else _oct_load(acc, t)
    v = _add_square(v, x0, P, f, j, count)
    v = _add_square(v, x1, P, f + 1, j, count)
    v = _add_square(v, x2, P, f + 2, j, count)
    v = _add_square(v, x3, P, f + 3, j, count)
    if wide:
        v = _add_square(v, x4, P, f + 4, j, count)
        v = _add_square(v, x5, P, f + 5, j, count)
        v = _add_square(v, x6, P, f + 6, j, count)
        v = _add_square(v, x7, P, f + 7, j, count)
    return v


@numba.njit(cache=True, nogil=True, inline="always")
def _row_block(
    P, f, wide, j, count, first, last, acc, t, col_sum, col_min, k, keep, row, low, xs
):  # pragma: no cover
    """Block t:t + 8 of a sweep (count < 8: the row's last count columns); returns row, low."""
    x0, x1, x2, x3, x4, x5, x6, x7 = xs
    v = _block_squares(P, f, wide, j, count, first, acc, t, x0, x1, x2, x3, x4, x5, x6, x7)
    if not last:
        _oct_store(acc, t, v)
        return row, low
    dist = _oct_sqrt(v)
    far = dist
    if count < 8:  # lanes past the row: +0.0 to the sums, +inf to the minima
        far = _oct_keep_first(dist, count, np.inf)
        dist = _oct_keep_first(dist, count, 0.0)
    if keep:
        _oct_store(acc, t, dist)
    _oct_store(col_sum, k + t, _oct_add(_oct_load(col_sum, k + t), dist))
    _oct_store(col_min, k + t, _oct_min(far, _oct_load(col_min, k + t)))
    return _oct_add(row, dist), _oct_min(far, low)


@numba.njit(cache=True, nogil=True, inline="always")
def _row_sweep(
    P, i, f, wide, j0, j1, acc, first, last, col_sum, col_min, k, keep
):  # pragma: no cover
    """One sweep of features f:f + 4 (8 if wide) of point i against columns j0:j1; the last
    sweep takes the square roots and folds them (see row_step)."""
    g = f + 4 if wide else f  # features 4-7 of a wide sweep (unused otherwise)
    xs = (
        P[f, i], P[f + 1, i], P[f + 2, i], P[f + 3, i],
        P[g, i], P[g + 1, i], P[g + 2, i], P[g + 3, i],
    )  # fmt: skip
    m = j1 - j0
    whole = m - m % 8
    row, low = _oct_fill(0.0), _oct_fill(np.inf)
    for t in range(0, whole, 8):  # whole blocks: count 8, so no masks in this loop
        row, low = _row_block(
            P, f, wide, j0 + t, 8, first, last, acc, t,
            col_sum, col_min, k, keep, row, low, xs,
        )  # fmt: skip
    if whole < m:  # the last, partial block
        row, low = _row_block(
            P, f, wide, j0 + whole, m - whole, first, last, acc, whole,
            col_sum, col_min, k, keep, row, low, xs,
        )  # fmt: skip
    return _oct_total(row), _oct_lowest(low)


@numba.njit(cache=True, nogil=True)
def row_step(P, i, j0, j1, acc, col_sum, col_min, k, keep):  # pragma: no cover
    """Point i (column i of the feature-major P) against columns j0:j1 of P: add the
    distances (those of ``distances``) to col_sum[k:] and fold them into col_min[k:]; return
    the row's sum, in the order of LANES, and its minimum (+inf for no columns).

    With ``keep``, acc[:j1 - j0] gets the distances. P has a multiple of 4 rows (zero rows
    pad it). acc, col_sum[k:] and col_min[k:] have room for a whole last block of 8 past
    j1 - j0: its spare lanes add +0.0 to col_sum and fold +inf into col_min, which leaves
    them as they were (acc may get any value there)."""
    d = P.shape[0]
    # constant flags: LLVM specialises each call's loop
    if d == 8:
        return _row_sweep(P, i, 0, True, j0, j1, acc, True, True, col_sum, col_min, k, keep)
    if d == 4:
        return _row_sweep(P, i, 0, False, j0, j1, acc, True, True, col_sum, col_min, k, keep)
    _row_sweep(P, i, 0, True, j0, j1, acc, True, False, col_sum, col_min, k, keep)
    f = 8
    while f + 8 < d:
        _row_sweep(P, i, f, True, j0, j1, acc, False, False, col_sum, col_min, k, keep)
        f += 8
    if f + 8 == d:
        return _row_sweep(P, i, f, True, j0, j1, acc, False, True, col_sum, col_min, k, keep)
    return _row_sweep(P, i, f, False, j0, j1, acc, False, True, col_sum, col_min, k, keep)


# A row's maximum is taken over the distances' bit patterns as int64: for non-negative
# doubles (+0 to +inf, never NaN or -0 here) the integer order is the float order, and LLVM
# vectorises integer max reductions (it keeps float ones scalar).
@numba.njit(cache=True, nogil=True)
def fold_max(dist, m, col_max):  # pragma: no cover
    """Fold dist[j] into col_max[j] (j < m); return the bits of the row's max."""
    for j in range(m):
        c = col_max[j]
        col_max[j] = dist[j] if dist[j] > c else c
    bits = dist.view(np.int64)
    highest = np.int64(0)  # the bits of +0.0
    for j in range(m):
        highest = bits[j] if bits[j] > highest else highest
    return highest


@numba.njit(parallel=True, cache=True, nogil=True)
def tile_pair_stats(
    XT, columns, tiles, tile_cluster, pair_a, pair_b, bounds, sums, mins, own_max
):  # pragma: no cover
    """Per-cluster sums and minima of distances, and within-cluster maxima, over tile pairs.

    Tiles are runs of at most ``TILE`` cluster-sorted objects inside one cluster
    (``tiles[t]:tiles[t + 1]``, cluster ``tile_cluster[t]``), whose coordinates are the
    columns ``columns[t]:columns[t] + tiles[t + 1] - tiles[t]`` of the feature-major XT
    (``clustval._pairwise._tile_major``: each tile starts on a 64-byte boundary, so a row's
    blocks of 8 columns are whole cache lines). Each unordered pair of objects is visited
    once, in tile pair ``(pair_a[p], pair_b[p])`` with ``pair_a <= pair_b``, and counts for
    both objects. Worker w takes the pairs ``bounds[w]:bounds[w + 1]`` and fills its own
    ``sums[w]``, ``mins[w]`` (n x K) and ``own_max[w]`` (n), given uninitialised: no two
    workers write the same memory, and ``combine_parts`` adds the parts up.
    """
    for w in numba.prange(bounds.size - 1):
        # room for row_step's last block past a tile's end; aligned like the tiles
        dist = aligned_empty(TILE + LANES)
        col_sum = aligned_empty(TILE + LANES)
        col_min = aligned_empty(TILE + LANES)
        col_max = np.empty(TILE)
        # each worker starts its own part: in parallel, and in the cache of the core using it
        sums[w] = 0.0
        mins[w] = np.inf
        own_max[w] = 0.0
        # maxima as bits (the order of non-negative doubles; see fold_max)
        w_sums, w_mins, w_max = sums[w], mins[w], own_max[w].view(np.int64)
        for p in range(bounds[w], bounds[w + 1]):
            a, b = pair_a[p], pair_b[p]
            b0, b1 = tiles[b], tiles[b + 1]
            ca, cb = tile_cluster[a], tile_cluster[b]
            m = b1 - b0
            col_sum[:m] = 0.0
            col_min[:m] = np.inf
            col_max[:m] = 0.0
            for i in range(tiles[a], tiles[a + 1]):
                j0 = i + 1 if a == b else b0  # inside one tile: the pairs j > i only
                if j0 >= b1:
                    continue
                k = j0 - b0
                x, j = columns[a] + i - tiles[a], columns[b] + k  # i and j0 in XT
                if ca == cb:  # constant flags: LLVM specialises each call
                    total, lowest = row_step(XT, x, j, j + m - k, dist, col_sum, col_min, k, True)
                    w_max[i] = max(w_max[i], fold_max(dist, m - k, col_max[k:]))
                else:
                    total, lowest = row_step(XT, x, j, j + m - k, dist, col_sum, col_min, k, False)
                w_sums[i, cb] += total
                w_mins[i, cb] = min(w_mins[i, cb], lowest)
            max_bits = col_max.view(np.int64)
            for j in range(m):
                w_sums[b0 + j, ca] += col_sum[j]
                w_mins[b0 + j, ca] = min(w_mins[b0 + j, ca], col_min[j])
                if ca == cb:
                    w_max[b0 + j] = max(w_max[b0 + j], max_bits[j])


@numba.njit(parallel=True, cache=True, nogil=True)
def combine_parts(sums, mins, own_max, order, cluster_sums, all_mins, all_max):  # pragma: no cover
    """Combine the parts of ``tile_pair_stats`` (sorted order), objects in parallel: the
    sums added in part order (as ``np.sum(sums, axis=0)`` adds them), written in the original
    order (row ``order[r]`` of cluster_sums), the minima and maxima kept in sorted order."""
    parts, n, k = sums.shape
    for r in numba.prange(n):
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
def distance_block(AT, BT, out):  # pragma: no cover
    """out[r, j] = the distance between point r of AT and point j of BT (both feature-major,
    padded to a multiple of 4 features), rows in parallel: the values of ``distances``, so
    those of ``clustval._pairwise.exact_distances``."""
    for r in numba.prange(AT.shape[1]):
        distances(AT, r, BT, 0, BT.shape[1], out[r])


# ----------------------------------------------------------------------------- PAM
@numba.njit(cache=True, nogil=True)
def pam_swap_deltas(D, dn, ds, nearest, is_medoid, delta):  # pragma: no cover
    """delta[c, i] = the change of PAM's total cost when medoid i is swapped for object c
    (FastPAM1's decomposition; +inf for a medoid c). One pass over D with k accumulators per
    row. (numpy counterpart: ``clustval.pam._best_swap``, equal up to summation order.)"""
    n, k = delta.shape
    for c in range(n):
        if is_medoid[c]:
            for i in range(k):
                delta[c, i] = np.inf
            continue
        shared = 0.0
        for i in range(k):
            delta[c, i] = 0.0
        for o in range(n):
            d = D[c, o]
            closer = d if d < dn[o] else dn[o]
            shared += closer - dn[o]
            delta[c, nearest[o]] += (d if d < ds[o] else ds[o]) - closer
        for i in range(k):
            delta[c, i] += shared


@numba.njit(cache=True, nogil=True)
def pam_build_gains(D, nearest, gain):  # pragma: no cover
    """gain[c] = sum_o max(nearest[o] - D[c, o], 0): how much PAM's BUILD lowers the cost by
    adding object c. (numpy counterpart: ``clustval.pam._build``, equal up to summation order.)"""
    n = D.shape[0]
    for c in range(n):
        total = 0.0
        for o in range(n):
            d = nearest[o] - D[c, o]
            if d > 0.0:
                total += d
        gain[c] = total
