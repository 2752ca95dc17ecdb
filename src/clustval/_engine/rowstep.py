"""The row step of the tile pass in explicit 512-bit vectors: the one place of the package
that writes LLVM IR (a small numba type of eight float64 and the intrinsics on it).

:func:`row_step` is its face, and :func:`row_step_of` the same step of one form of the
coordinates (``clustval._engine.pairwise.row_form``), which the kernels call so that only
that form compiles:
every other name here serves them (and :func:`aligned_empty` the pass's scratch arrays,
:func:`no_weights` the kernels' test of a weights argument's type).
The rest of the package reaches it only through :mod:`clustval._engine.kernels`; where numba's
JIT is off or missing, the numpy engine of :mod:`clustval._engine.pairwise` computes the same
values (see :func:`clustval._engine.compiled.kernels`).
"""

from __future__ import annotations

import numba
import numpy as np
from llvmlite import ir
from numba.core import cgutils
from numba.extending import intrinsic, models, overload, register_model

# One row of a tile pair against the column tile, in blocks of 8 columns held in one 512-bit
# vector each (LLVM ``<8 x double>``, built by the intrinsics below): a block's squares are
# added feature by feature in order and its square roots taken, as ``clustval._engine.kernels.distances`` does, and
# the row's sum, minimum and maximum and the columns' sums, minima and maxima are folded in
# registers, with no stored row. LLVM's own vectoriser keeps to 256-bit vectors on this kind of core;
# vectors written out take whole zmm registers where the CPU has AVX-512 (and are split into
# narrower ones, lane by lane with the same values, where it has not: two ymm on AVX2). The block's 8 lanes
# are the row sum's 8 lanes, in the one order of clustval._engine.lanes.LANES. The pass starts
# every tile, and the scratch arrays, on a 64-byte boundary (clustval._engine.pairwise.tile_major_layout,
# aligned_empty), so that a block is one cache line: from arbitrary columns, a block spans
# two, and the same loop was no faster than LLVM's 256-bit one (an A/B). No operation that
# rounds carries a fast-math flag, so nothing is regrouped: the kernel compiled in a process, loaded
# from numba's cache or compiled for another CPU gives the same bits (with fast-math
# ``reassoc``, the compiled and the cached kernel grouped the row sum differently); minima
# and maxima carry ``nnan`` only, which changes no value (no distance is NaN).
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


def _pointer(builder, address):
    """A <8 x double> pointer to the byte address ``address`` (an int64)."""
    return builder.inttoptr(address, _OCT_IR.as_pointer())


def _phi(builder, incoming):
    """The value of each (value, block) pair of ``incoming``, as control came from the block."""
    value = builder.phi(incoming[0][0].type)
    for v, block in incoming:
        value.add_incoming(v, block)
    return value


# The intrinsics below take byte addresses, not arrays: an array that flows through a loop
# costs numba a reference-count call (NRT_incref / NRT_decref) per use, which it did not
# prune here: six calls per block of 8 pairs took half the row step's time (an AVX2 core).


@intrinsic
def _oct_fill(typingctx, x):
    def codegen(context, builder, signature, args):
        return _splat(builder, args[0], _OCT_IR)

    return _oct(numba.types.float64), codegen


@intrinsic
def _oct_load(typingctx, address):
    """The 8 float64 at ``address`` (no bounds check)."""

    def codegen(context, builder, signature, args):
        return builder.load(_pointer(builder, args[0]), align=8)

    return _oct(numba.types.int64), codegen


@intrinsic
def _oct_store(typingctx, address, vector):
    """The 8 float64 at ``address`` = vector (no bounds check)."""

    def codegen(context, builder, signature, args):
        builder.store(args[1], _pointer(builder, args[0]), align=8)
        return context.get_dummy_value()

    return numba.types.void(numba.types.int64, _oct), codegen


def _load_part(builder, address, count):
    """The code of :func:`_oct_load_part` (and of :func:`_oct_weights`)."""
    at = _pointer(builder, address)
    full = builder.icmp_signed(">=", count, ir.Constant(count.type, 8))
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
                load, [at, ir.Constant(_I32, 8), _first_lanes(builder, count), zero]
            )
    return _phi(builder, [(whole_value, whole_block), (part_value, part_block)])


@intrinsic
def _oct_load_part(typingctx, address, count):
    """The first ``count`` float64 at ``address`` in the first lanes, +0.0 in the others;
    with count < 8 it reads nothing past them (a masked load)."""

    def codegen(context, builder, signature, args):
        return _load_part(builder, *args)

    return _oct(numba.types.int64, numba.types.int64), codegen


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


def _extreme(name):
    """llvm.{name}num on <8 x double> with ``nnan`` (no distance is NaN): one vminpd /
    vmaxpd per 4 lanes, exact in any order. A select(a < b, a, b) stored back where b was
    loaded became a masked store (vmaskmovpd), slow on AMD cores."""

    def operation(builder, a, b):
        function = cgutils.get_or_insert_function(
            builder.module, ir.FunctionType(_OCT_IR, [_OCT_IR, _OCT_IR]), f"llvm.{name}num.v8f64"
        )
        return builder.call(function, [a, b], fastmath=("nnan",))

    return operation


_oct_min = _oct_binary(_extreme("min"), "the smaller of a and b, lane by lane (no NaN)")
_oct_max = _oct_binary(_extreme("max"), "the larger of a and b, lane by lane (no NaN)")


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


def _lane_extreme(name, doc):
    @intrinsic
    def extreme(typingctx, vector):
        def codegen(context, builder, signature, args):
            def pick(a, b):
                return builder.select(builder.fcmp_ordered(name, a, b), a, b)

            return _lane_tree(builder, args[0], pick)

        return numba.types.float64(_oct), codegen

    extreme.__doc__ = doc
    return extreme


_oct_lowest = _lane_extreme("<", "The smallest lane (exact in any order).")
_oct_highest = _lane_extreme(">", "The largest lane (exact in any order).")


@intrinsic
def _address(typingctx, values):
    """The address of an array's first element."""

    def codegen(context, builder, signature, args):
        data = context.make_array(signature.args[0])(context, builder, args[0]).data
        return builder.ptrtoint(data, ir.IntType(64))

    return numba.types.int64(values), codegen


# Weights (the weighted sums of clustval._engine.pairwise) reach the sweeps as None when
# there are none (_weighing), and the two intrinsics that take them then do nothing. numba
# picks each form by type as it types a kernel, so an unweighted kernel types and lowers no
# weighted code and a weighted one none of the unweighted (issue 47: a bool argument of the
# inline functions choosing at run time had numba type and lower both forms into every
# inlined copy, and the inline layer that chose was copied whole: twice the first compilation).


def no_weights(weights):
    """Whether the numba type of a weights argument says there are none (None, left out)."""
    return isinstance(weights, (numba.types.NoneType, numba.types.Omitted))


def _nothing(context, builder, signature, args):
    """The code of an intrinsic's None (no weights)."""
    return context.get_dummy_value()


@intrinsic
def _oct_weigh(typingctx, vector, weights):
    """vector * weights, lane by lane, each product rounded once (the numpy engine's terms);
    vector itself where weights is None."""
    if no_weights(weights):
        return _oct(_oct, weights), lambda context, builder, signature, args: args[0]
    return _oct(_oct, _oct), lambda context, builder, signature, args: builder.fmul(*args)


@intrinsic
def _oct_weights(typingctx, w_at, offset, count):
    """The weights of a block's columns, at ``w_at + offset`` (bytes), as ``_oct_load_part``
    reads them; None where w_at is None."""
    if no_weights(w_at):
        return numba.types.none(w_at, offset, count), _nothing

    def codegen(context, builder, signature, args):
        w_at_, offset_, count_ = args
        return _load_part(builder, builder.add(w_at_, offset_), count_)

    int64 = numba.types.int64
    return _oct(int64, int64, int64), codegen


def _weighing(weights, i, j0):  # pragma: no cover
    """What the sweeps of :func:`row_step` weigh by: (the address of column j0's weight,
    point i's weight in every lane), or (None, None) without weights. numba's only (below)."""
    raise NotImplementedError("compiled only")


@overload(_weighing)
def _weighing_typed(weights, i, j0):
    # numba calls this as it types a call: the weights' type picks the form
    if no_weights(weights):
        return lambda weights, i, j0: (None, None)
    return lambda weights, i, j0: (_address(weights) + 8 * j0, _oct_fill(weights[i]))


@numba.njit(cache=True, nogil=True)
def aligned_empty(size):  # pragma: no cover
    """An uninitialised float64 array of ``size`` starting on a 64-byte boundary (a cache
    line, and a 512-bit vector's width: a vector from an unaligned start spans two lines)."""
    raw = np.empty(size + 8)
    start = (-_address(raw) % 64) // 8
    return raw[start : start + size]


# An intrinsic, not an inlined function: numba inlines a function by copying its IR, once per
# call and per level, and the squares' 8 calls per block made half the IR of the row step.
@intrinsic
def _block_squares(typingctx, at, stride, wide, count, first, acc_at, xs):
    """The squares of 4 features (8 if wide) of 8 columns, the first feature's at ``at`` and
    each next one ``stride`` bytes further, added in order to the 8 at acc_at (to nothing if
    first); with count < 8 only the first count columns are read."""

    def codegen(context, builder, signature, args):
        at_, stride_, wide_, count_, first_, acc_at_, xs_ = args

        def add_squares(v, features):  # v + (x_k - the columns of feature k)^2, k in order
            for k in features:
                at_k = builder.add(at_, builder.mul(stride_, ir.Constant(stride_.type, k)))
                x = _splat(builder, builder.extract_value(xs_, k), _OCT_IR)
                a = builder.fsub(x, _load_part(builder, at_k, count_))
                v = builder.fadd(v, builder.fmul(a, a))
            return v

        with builder.if_else(first_) as (empty, held):
            with empty:
                incoming = [(ir.Constant(_OCT_IR, [0.0] * 8), builder.block)]
            with held:
                incoming.append((builder.load(_pointer(builder, acc_at_), align=8), builder.block))
        v = add_squares(_phi(builder, incoming), range(4))
        before = builder.block
        with builder.if_then(wide_):
            wide_value, wide_block = add_squares(v, range(4, 8)), builder.block
        return _phi(builder, [(v, before), (wide_value, wide_block)])

    int64, boolean = numba.types.int64, numba.types.boolean
    return _oct(int64, int64, boolean, int64, boolean, int64, numba.types.UniTuple(numba.types.float64, 8)), codegen


@numba.njit(cache=True, nogil=True, inline="always")
def _row_block(
    at, stride, wide, count, first, last, acc_at, cols_at, col_max, row, low, high, xs, w_cols, w_row
):  # pragma: no cover
    """One block of 8 columns of a sweep (count < 8: the row's last count columns);
    ``cols_at``: its place in col_sum, col_min and col_max, one array size apart (bytes).
    With weights, the row's sum takes each distance times its column's weight (``w_cols``),
    the columns' sums each times the row's weight (``w_row``, in every lane); both None
    without. Returns row, low, high."""
    v = _block_squares(at, stride, wide, count, first, acc_at, xs)
    if not last:
        _oct_store(acc_at, v)
        return row, low, high
    dist = _oct_sqrt(v)
    far = dist
    if count < 8:  # lanes past the row: +0.0 to the sums and maxima, +inf to the minima
        far = _oct_keep_first(dist, count, np.inf)
        dist = _oct_keep_first(dist, count, 0.0)
    sum_at, min_at, max_at = cols_at
    _oct_store(sum_at, _oct_add(_oct_load(sum_at), _oct_weigh(dist, w_row)))
    _oct_store(min_at, _oct_min(far, _oct_load(min_at)))
    if col_max:
        _oct_store(max_at, _oct_max(dist, _oct_load(max_at)))
    return _oct_add(row, _oct_weigh(dist, w_cols)), _oct_min(far, low), _oct_max(dist, high)


@numba.njit(cache=True, nogil=True, inline="always")
def _row_sweep(
    P, i, f, wide, first, last, j0, j1, acc, col_sum, col_min, col_max, k, fold_max, w_at, w_row
):  # pragma: no cover
    """One sweep of features f:f + 4 (8 if wide) of point i against columns j0:j1; the last
    sweep takes the square roots and folds them (see row_step), weighted by the weights at
    ``w_at`` (column j0's) and ``w_row`` (see _row_block), or None."""
    g = f + 4 if wide else f  # features 4-7 of a wide sweep (unused otherwise)
    xs = (
        P[f, i], P[f + 1, i], P[f + 2, i], P[f + 3, i],
        P[g, i], P[g + 1, i], P[g + 2, i], P[g + 3, i],
    )  # fmt: skip
    stride = 8 * P.shape[1]
    at = _address(P) + 8 * (f * P.shape[1] + j0)
    acc_at = _address(acc)
    cols_at = (_address(col_sum) + 8 * k, _address(col_min) + 8 * k, _address(col_max) + 8 * k)
    m = j1 - j0
    whole = m - m % 8
    row, low, high = _oct_fill(0.0), _oct_fill(np.inf), _oct_fill(0.0)
    for t in range(0, 8 * whole, 64):  # whole blocks (bytes): count 8, so no masks here
        row, low, high = _row_block(
            at + t, stride, wide, 8, first, last, acc_at + t,
            (cols_at[0] + t, cols_at[1] + t, cols_at[2] + t), fold_max, row, low, high, xs,
            _oct_weights(w_at, t, 8), w_row,
        )  # fmt: skip
    if whole < m:  # the last, partial block
        t = 8 * whole
        row, low, high = _row_block(
            at + t, stride, wide, m - whole, first, last, acc_at + t,
            (cols_at[0] + t, cols_at[1] + t, cols_at[2] + t), fold_max, row, low, high, xs,
            _oct_weights(w_at, t, m - whole), w_row,
        )  # fmt: skip
    return _oct_total(row), _oct_lowest(low), _oct_highest(high)


@numba.njit(cache=True, nogil=True, inline="always")
def _more_rows(P, i, j0, j1, acc, col_sum, col_min, col_max, k, fold_max, w_at, w_row, wide_end):  # pragma: no cover
    """The sweeps of more than 8 rows: 8 at a time, the last of 8 rows (``wide_end``) or 4."""
    d = P.shape[0]
    f = 0
    while f + 8 < d:  # the first sweep's flag as it runs: one sweep less to compile
        _row_sweep(P, i, f, True, f == 0, False, j0, j1, acc, col_sum, col_min, col_max, k, fold_max, w_at, w_row)
        f += 8
    return _row_sweep(P, i, f, wide_end, False, True, j0, j1, acc, col_sum, col_min, col_max, k, fold_max, w_at,
                      w_row)  # fmt: skip


# The step of each form of P, each its own kernel so that a pass compiles its form's alone
# (issue 47: every form in one step took 11 s of the first silhouette_score's 14 s; one form
# about 1 s at 8 rows, 3 s at 32). Constant flags (wide, first, last): LLVM specialises each
# sweep's loop. The arrays go one by one (a tuple of arrays brought back the reference
# counting, 0.55 against 0.77 G/s).


@numba.njit(cache=True, nogil=True)
def _eight_rows(P, i, j0, j1, acc, col_sum, col_min, col_max, k, fold_max, weights):  # pragma: no cover
    w_at, w_row = _weighing(weights, i, j0)
    return _row_sweep(P, i, 0, True, True, True, j0, j1, acc, col_sum, col_min, col_max, k, fold_max, w_at, w_row)


@numba.njit(cache=True, nogil=True)
def _four_rows(P, i, j0, j1, acc, col_sum, col_min, col_max, k, fold_max, weights):  # pragma: no cover
    w_at, w_row = _weighing(weights, i, j0)
    return _row_sweep(P, i, 0, False, True, True, j0, j1, acc, col_sum, col_min, col_max, k, fold_max, w_at, w_row)


@numba.njit(cache=True, nogil=True)
def _wide_end_rows(P, i, j0, j1, acc, col_sum, col_min, col_max, k, fold_max, weights):  # pragma: no cover
    w_at, w_row = _weighing(weights, i, j0)
    return _more_rows(P, i, j0, j1, acc, col_sum, col_min, col_max, k, fold_max, w_at, w_row, True)


@numba.njit(cache=True, nogil=True)
def _narrow_end_rows(P, i, j0, j1, acc, col_sum, col_min, col_max, k, fold_max, weights):  # pragma: no cover
    w_at, w_row = _weighing(weights, i, j0)
    return _more_rows(P, i, j0, j1, acc, col_sum, col_min, col_max, k, fold_max, w_at, w_row, False)


#: The step of each form of P (``clustval._engine.pairwise.row_form``), by the number of
#: dimensions of the empty array that names it: 8 rows, 4 rows, more ending with a sweep of
#: 8, of 4
_STEPS = {1: _eight_rows, 2: _four_rows, 3: _wide_end_rows, 4: _narrow_end_rows}


def row_step_of(P, i, j0, j1, acc, col_sum, col_min, col_max, k, fold_max, weights, form):  # pragma: no cover
    """:func:`row_step` of P's ``form`` (``clustval._engine.pairwise.row_form``; None: every
    form, picked by P's rows as it runs): what the kernels call. numba's only (below)."""
    raise NotImplementedError("compiled only")


@overload(row_step_of)
def _row_step_of_typed(P, i, j0, j1, acc, col_sum, col_min, col_max, k, fold_max, weights, form):
    # numba calls this as it types a call: the form's type picks the step
    step = _STEPS.get(form.ndim) if isinstance(form, numba.types.Array) else None
    if step is not None:
        return lambda P, i, j0, j1, acc, col_sum, col_min, col_max, k, fold_max, weights, form: step(
            P, i, j0, j1, acc, col_sum, col_min, col_max, k, fold_max, weights)  # fmt: skip

    def any_form(P, i, j0, j1, acc, col_sum, col_min, col_max, k, fold_max, weights, form):
        d = P.shape[0]
        if d == 8:
            return _eight_rows(P, i, j0, j1, acc, col_sum, col_min, col_max, k, fold_max, weights)
        if d == 4:
            return _four_rows(P, i, j0, j1, acc, col_sum, col_min, col_max, k, fold_max, weights)
        if d % 8 == 0:
            return _wide_end_rows(P, i, j0, j1, acc, col_sum, col_min, col_max, k, fold_max, weights)
        return _narrow_end_rows(P, i, j0, j1, acc, col_sum, col_min, col_max, k, fold_max, weights)

    return any_form


@numba.njit(cache=True, nogil=True)
def row_step(P, i, j0, j1, acc, col_sum, col_min, col_max, k, fold_max, weights=None, form=None):  # pragma: no cover
    """Point i (column i of the feature-major P) against columns j0:j1 of P: add the
    distances (those of ``clustval._engine.kernels.distances``) to col_sum[k:], fold them into
    col_min[k:] and, with ``fold_max``, into col_max[k:]; return the row's sum, in the order
    of LANES, its minimum (+inf for no columns) and its maximum (+0.0 for none).

    ``weights`` (one per column of P, 64-byte aligned like P's rows, or None): the row's sum
    is of ``d(i, j) * weights[j]`` and each column j gets ``d(i, j) * weights[i]``, every
    product rounded once before it is added. Their type picks the form as numba compiles the
    step: None (or left out) compiles the unweighted step as it was, with no weighted code.
    ``form``: ``row_form(P)`` compiles the step of that form alone; None every form
    (the kernels call :func:`row_step_of` with P's form).

    P has a multiple of 4 rows (zero rows pad it). acc (scratch for the sums of squares
    when P has more than 8 rows), col_sum[k:], col_min[k:] and col_max[k:] have room for a
    whole last block of 8 past j1 - j0: its spare lanes add +0.0 to col_sum and col_max and
    fold +inf into col_min, which leaves them as they were."""
    return row_step_of(P, i, j0, j1, acc, col_sum, col_min, col_max, k, fold_max, weights, form)
