"""The row step of the tile pass in explicit 512-bit vectors: the one place of the package
that writes LLVM IR (a small numba type of eight float64 and the intrinsics on it).

:func:`row_step` is its face: every other name here serves it (and :func:`aligned_empty`
the pass's scratch arrays). The rest of the package reaches it only through
:mod:`clustval._kernels`; where numba's JIT is off or missing, the numpy engine of
:mod:`clustval._pairwise` computes the same values (see :func:`clustval._compiled.kernels`).
"""

from __future__ import annotations

import numba
import numpy as np
from llvmlite import ir
from numba.core import cgutils
from numba.extending import intrinsic, models, register_model

# One row of a tile pair against the column tile, in blocks of 8 columns held in one 512-bit
# vector each (LLVM ``<8 x double>``, built by the intrinsics below): a block's squares are
# added feature by feature in order and its square roots taken, as ``clustval._kernels.distances`` does, and
# the row's sum, the row's minimum and the columns' sums and minima are folded in registers,
# with no stored row. LLVM's own vectoriser keeps to 256-bit vectors on this kind of core;
# vectors written out take whole zmm registers where the CPU has AVX-512 (and are split into
# narrower ones, lane by lane with the same values, where it has not). The block's 8 lanes
# are the row sum's 8 lanes, in the one order of clustval._lanes.LANES. The pass starts
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
    distances (those of ``clustval._kernels.distances``) to col_sum[k:] and fold them into col_min[k:]; return
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
