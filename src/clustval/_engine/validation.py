"""Input checks and label factorisation shared by every index.

Each public index validates its input once, here, so that every index rejects the same bad
input with the same message.
"""

from __future__ import annotations

import functools
import math
import warnings
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from ..errors import (
    ClusteringError,
    ContinuousLabelWarning,
    InputError,
    UndefinedIndexError,
)
from . import compiled as _compiled

# Integer labels whose range is at most this many times n are factorised with a lookup
# table in O(n + range) instead of a sort in O(n log n).
_DENSE_RANGE_FACTOR = 4
# With ``allow_absent``, integer labels spanning at most this many values are coded as
# label - min directly, skipping the pass that finds which values occur.
_ABSENT_SPAN_MAX = 1024
# Seed of the string hash's multipliers: any seed is exact, because every hash group is
# verified against the strings themselves; a collision only costs the slower sort.
_HASH_SEED = 20170601
_HASH_ROWS = 2**14
# What the scoring functions do with an index that is undefined for the input: raise
# UndefinedIndexError, or give NaN for it and every defined index its value.
UNDEFINED_POLICIES = ("raise", "nan")
_BOOL_TYPES = frozenset({bool, np.bool_})
_FLOAT_TYPES = frozenset({float, np.float64, np.float32, np.float16})


def as_label_array(labels, name: str = "labels") -> np.ndarray:
    """Return ``labels`` as a 1-D array of integers, strings or (with a warning) floats.

    Rejected, as scikit-learn's ``check_clusterings`` rejects them: empty input, any shape
    but (n,) (a column (n, 1) too), None or NaN anywhere (also inside a list of strings,
    which numpy would turn into the string "nan"), numbers mixed with strings (``1`` and
    ``"1"`` would otherwise become one label), bytes mixed with strings (``b"a"`` and ``"a"``)
    and booleans mixed with numbers (``True`` and ``1``). Integral floats become integers
    (those beyond int64 stay floats: each distinct value is one label, as in scikit-learn);
    other floats are kept, with the :class:`~clustval.errors.ContinuousLabelWarning`
    scikit-learn gives. Python integers beyond int64 are kept exactly (an object array).
    """
    arr = np.asarray(labels)
    if arr.ndim != 1:
        raise InputError(f"{name} must be 1-D (one label per object), got shape {arr.shape}.")
    if arr.size == 0:
        raise InputError(f"{name} is empty: need at least one labelled object.")
    if arr.dtype.kind in "US" and not isinstance(labels, np.ndarray):
        arr = np.asarray(labels, dtype=object)  # see what the elements were before numpy's str()
    elif arr.dtype.kind in "iuf" and isinstance(labels, (list, tuple)):
        # numpy makes [True, 1] the integers [1, 1] and [2**63, 2**63 + 1] one float: look
        # at the elements themselves when a bool, or an int that became a float, is among them
        types = set(map(type, labels))
        if types & _BOOL_TYPES or (arr.dtype.kind == "f" and not types <= _FLOAT_TYPES):
            arr = np.asarray(labels, dtype=object)
    if arr.dtype.kind == "O":
        arr = _object_labels(arr, name)
        if arr.dtype.kind == "O":  # Python integers beyond int64, kept exact
            return arr
    if arr.dtype.kind == "f":
        if not np.all(np.isfinite(arr)):
            raise InputError(f"{name} contains NaN or inf; every object needs a label.")
        if np.all(arr == np.round(arr)):
            if arr.min() >= -(2.0**63) and arr.max() < 2.0**63:
                return arr.astype(np.int64)
            return arr  # integral, but beyond int64: each distinct float is one label
        warnings.warn(
            f"{name} holds non-integral numbers: clustering labels are discrete, each "
            "distinct value is taken as one label.",
            ContinuousLabelWarning,
            stacklevel=3,
        )
    elif arr.dtype.kind not in "iubUS":
        raise InputError(f"{name} must hold integers or strings, got dtype {arr.dtype}.")
    return arr


def _object_labels(arr: np.ndarray, name: str) -> np.ndarray:
    """An object array of labels as strings, bytes or numbers (an object array of Python
    numbers when no numpy dtype holds them exactly); InputError for None, NaN or a mix."""
    first = {}  # the first value of each kind seen: str, bytes, bool, number
    for value in arr:
        if isinstance(value, str):
            first.setdefault("string", value)
        elif isinstance(value, bytes):
            first.setdefault("bytes", value)
        elif isinstance(value, (bool, np.bool_)):
            first.setdefault("bool", value)
        elif isinstance(value, (int, float, np.number)):
            if value != value:
                raise InputError(f"{name} contains NaN; every object needs a label.")
            first.setdefault("number", value)
        elif value is None:
            raise InputError(f"{name} contains None; every object needs a label.")
        else:
            raise InputError(f"{name} holds a {type(value).__name__}; labels are integers or strings.")
    text = [kind for kind in ("string", "bytes") if kind in first]
    numeric = [kind for kind in ("number", "bool") if kind in first]
    if text and numeric:
        one, other = first[numeric[0]], first[text[0]]
        raise InputError(
            f"{name} mixes numbers and strings (e.g. {one!r} and {other!r}), "
            "which would count 1 and '1' as one label; give labels of one kind."
        )
    if len(text) == 2 or len(numeric) == 2:
        one, other = (first[kind] for kind in (text if len(text) == 2 else numeric))
        what, merged = ("bytes and strings", "b'a' and 'a'") if text else ("booleans and numbers", "True and 1")
        raise InputError(
            f"{name} mixes {what} (e.g. {one!r} and {other!r}), which would count {merged} "
            "as one label; give labels of one kind."
        )
    if text:
        return arr.astype(str)
    values = arr.tolist()  # Python numbers
    if "bool" in first:
        return np.array(values, dtype=bool)
    if all(isinstance(v, int) for v in values):
        try:
            return np.array(values, dtype=np.int64)
        except OverflowError:  # beyond int64: Python integers compare exactly
            return np.array(values, dtype=object)
    if any(isinstance(v, int) and abs(v) > 2**53 for v in values):
        return np.array(values, dtype=object)  # a float would round the integer
    return np.array(values, dtype=np.float64)


def factorize(
    labels: np.ndarray, *, allow_absent: bool = False, sort: bool = True
) -> tuple[np.ndarray, np.ndarray]:
    """Map labels to codes in sorted label order; return ``(codes, uniques)``.

    ``codes`` (int64) index ``uniques`` (sorted): ``uniques[codes]`` equals ``labels``. The one
    factorisation of the package, O(n) in the usual cases:

    * integers with a compact range: ``label - min``, through a lookup table only when some
      value inside the range does not occur;
    * strings (fixed-width ``U``/``S``): with numba, one pass through a hash table keyed
      by the characters (exact: equal hashes are compared character by character); without
      it, a hash of the characters grouped by one integer sort and verified against the
      strings (a hash collision falls back to the string sort);
    * anything else: ``np.unique`` (a sort).

    Parameters
    ----------
    labels : 1-D array from :func:`as_label_array`.
    allow_absent : if True, integer labels spanning at most ``_ABSENT_SPAN_MAX`` values give
        ``uniques = min..max`` including values that never occur (codes then skip them),
        which saves one pass for callers that drop unused codes themselves.
    sort : if False, ``uniques`` may come in any order (strings through numba: first
        appearance), which saves a pass over the codes for callers that sort the K distinct
        labels themselves (as :func:`clustval.indices.contingency.contingency` sorts its table).
    """
    if labels.dtype.kind in "iub" and labels.size:
        ints = labels.view(np.uint8) if labels.dtype.kind == "b" else labels
        lo, hi = int(ints.min()), int(ints.max())
        span = hi - lo + 1
        if span <= _DENSE_RANGE_FACTOR * labels.size + 1024:
            # int64 arithmetic may wrap for uint64 labels, but the differences come out right
            codes = np.subtract(ints, ints.dtype.type(lo), dtype=np.int64, casting="unsafe")
            values = np.arange(span, dtype=ints.dtype) + ints.dtype.type(lo)
            values = values.astype(labels.dtype, copy=False)
            if allow_absent and span <= _ABSENT_SPAN_MAX:
                return codes, values
            present = np.zeros(span, dtype=bool)
            present[codes] = True
            if present.all():  # the usual 0..K-1: the shifted labels are the codes
                return codes, values
            lookup = np.cumsum(present, dtype=np.int64) - 1
            return lookup[codes], values[present]
    if labels.dtype.kind in "US" and labels.size and labels.dtype.itemsize:
        factorised = _factorize_strings_numba(labels, sort) or _factorize_strings(labels)
        if factorised is not None:
            return factorised
    uniques, codes = np.unique(labels, return_inverse=True)
    return codes.astype(np.int64, copy=False).ravel(), uniques


def small_int64_range(labels: np.ndarray) -> tuple[int, np.ndarray] | None:
    """``(lo, values)`` for int64 labels spanning at most ``_ABSENT_SPAN_MAX`` values, else None.

    ``values = lo..max``: ``labels - lo`` index them. These are the codes and uniques
    ``factorize(labels, allow_absent=True)`` returns, for callers that use ``labels - lo``
    without materialising it.
    """
    if labels.dtype != np.int64 or not labels.size:
        return None
    lo, hi = int(labels.min()), int(labels.max())
    if hi - lo + 1 > _ABSENT_SPAN_MAX:
        return None
    return lo, np.arange(lo, hi + 1, dtype=np.int64)


def _factorize_strings(labels: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
    """Factorise fixed-width strings through a hash of their characters; None on a collision.

    Sorting n strings costs O(n log n) string comparisons. Instead each string's code units
    are hashed to one uint64 (a dot product with fixed random odd multipliers, wrapping mod
    2^64), the n hashes are grouped by an integer sort, every string is checked to equal a
    member of its group (so the result is exact), and only the K distinct strings are sorted.
    """
    chars = _string_units(labels)
    multipliers = _hash_multipliers(chars.shape[1])
    hashes = np.empty(labels.size, dtype=np.uint64)
    for r0 in range(0, labels.size, _HASH_ROWS):  # matmul widens a block to uint64: bound it
        np.matmul(chars[r0 : r0 + _HASH_ROWS], multipliers, out=hashes[r0 : r0 + _HASH_ROWS])
    _, group = np.unique(hashes, return_inverse=True)
    group = group.ravel()
    member = np.empty(group.max() + 1, dtype=np.intp)
    member[group] = np.arange(labels.size)  # any member of each group represents it
    representatives = labels[member]
    if not np.array_equal(representatives[group], labels):
        return None  # two different strings share a hash: let the string sort decide
    order = np.argsort(representatives, kind="stable")
    rank = np.empty_like(order)
    rank[order] = np.arange(order.size)
    return rank[group].astype(np.int64, copy=False), representatives[order]


def _string_units(labels: np.ndarray) -> np.ndarray:
    """The (n, width) code units of fixed-width strings (uint32 for ``U``, uint8 for ``S``)."""
    unit = np.uint32 if labels.dtype.kind == "U" else np.uint8
    return np.ascontiguousarray(labels).view(unit).reshape(labels.size, -1)


def _factorize_strings_numba(
    labels: np.ndarray, sort: bool = True
) -> tuple[np.ndarray, np.ndarray] | None:
    """Factorise fixed-width strings in one O(n) hash-table pass; None without numba (or
    for a few thousand labels or less: see ``clustval._engine.compiled.MIN_WORK``).

    Every string is looked up by its hash and compared unit by unit with the first string
    of each candidate group, so two strings share a code iff they are equal (a hash
    collision only costs a probe). The K distinct strings are then sorted, as by np.unique,
    unless ``sort`` is False (uniques in order of first appearance).
    """
    kernels = _compiled.kernels(labels.size * _compiled.STEPS_PER_STRING_LABEL)
    if kernels is None:
        return None
    chars = _string_units(labels)
    # numpy's allocation (advised for huge pages) is cheaper to fill first than numba's
    group = np.empty(labels.size, dtype=np.int64)
    first = kernels.group_strings(chars, _hash_multipliers(chars.shape[1]), group)
    representatives = labels[first]
    if not sort:
        return group, representatives
    order = np.argsort(representatives, kind="stable")
    rank = np.empty_like(order)
    rank[order] = np.arange(order.size)
    return rank[group], representatives[order]


@functools.cache  # a generator costs ~10 us, as much as hashing 10^4 short labels
def _hash_multipliers(width: int) -> np.ndarray:
    """``width`` fixed pseudo-random odd uint64 multipliers (the same in every run); shared,
    never written (left writable: numba compiles a read-only array as another type)."""
    rng = np.random.default_rng(_HASH_SEED)
    return rng.integers(0, 2**64 - 1, size=width, dtype=np.uint64, endpoint=True) | np.uint64(1)


@dataclass(frozen=True)
class Labels:
    """Labels checked and factorised once (:func:`as_labels`): ``codes`` in 0..K-1, in the
    sorted order of ``uniques``, the labels they stand for. Every index that takes labels
    also takes this, so that a call scoring many indices reads its labels once. ``noise``:
    how many objects a noise policy left out before these (an index whose definition counts
    noise objects in n, as DBCV's does, reads it)."""

    codes: np.ndarray
    uniques: np.ndarray
    noise: int = 0

    @property
    def n(self) -> int:
        return self.codes.shape[0]


def as_labels(labels, name: str = "labels") -> Labels:
    """``labels`` checked (:func:`as_label_array`) and factorised (:func:`factorize`), once:
    a :class:`Labels` is returned as it is."""
    if isinstance(labels, Labels):
        return labels
    return Labels(*factorize(as_label_array(labels, name)))


def check_label_pair(labels_true, labels_pred):
    """Validate a (truth, prediction) pair: both 1-D, non-empty, the same length (each a
    label array, or :class:`Labels` as given)."""
    t = labels_true if isinstance(labels_true, Labels) else as_label_array(labels_true, "labels_true")
    p = labels_pred if isinstance(labels_pred, Labels) else as_label_array(labels_pred, "labels_pred")
    n_t, n_p = (x.n if isinstance(x, Labels) else x.shape[0] for x in (t, p))
    if n_t != n_p:
        raise InputError(
            f"labels_true has {n_t} labels but labels_pred has {n_p}: "
            "they must label the same objects in the same order."
        )
    return t, p


def as_data_matrix(X, error: type[Exception] = InputError, *, return_scale: bool = False):
    """``X`` as a C-contiguous float64 (n, d) array with finite values, or ``error``.

    A 1-D array is one feature. Shared by the internal indices and the K-medoids code (which
    raises its own error class).

    Data far from magnitude 1 are scaled by a power of two, 2^-e with the largest |x| in
    [2^e, 2^(e+1)), i.e. brought to [1, 2): exact in binary floating point, and every
    internal index is scale invariant or states its value in the data's units (K-medoids
    labels too; its cost scales back by 2^e). Unscaled, squared distances of |x| beyond
    ~1e150 overflow, those of differences below ~1e-154 underflow (1e-300 would make every
    distance 0), and the indices' terms of degree 4 (variances squared, squared distances
    summed) already overflow near 1e77; so X is scaled whenever its largest |x| lies outside
    [2^-64, 2^64], or its smallest non-zero |x| lies below 2^-450 and scaling up lifts it.
    Magnitudes more than ~2^450 below the largest are below what a distance among the others
    resolves: their squared differences underflow (two points that differ only there are at
    distance 0), as adding them to the others would round them away; they are no error.
    With ``return_scale``, returns ``(X_scaled, scale)``, the given X being X_scaled * scale.

    X must hold real numbers (bool, integer or float dtype): a complex X (its imaginary part
    would be dropped), a ``scipy.sparse`` X and an object or string array are an ``error``,
    each saying how to convert it, rather than read by a guess.
    """
    if _is_scipy_sparse(X):
        raise error(
            f"X is a scipy.sparse {type(X).__name__}: the indices need dense data; "
            "pass X.toarray() (n x d floats) if it fits in memory."
        )
    try:
        X = np.asarray(X)
    except (TypeError, ValueError) as exc:
        raise error(f"X must be a numeric (n, d) array: {exc}") from None
    if X.dtype.kind == "c":
        raise error(
            "X is complex: the indices measure real distances; pass X.real, or both parts as "
            "features (np.hstack([X.real, X.imag]))."
        )
    if X.dtype.kind not in "biuf":
        # Object arrays may hold None, strings or sequences; strings would parse as numbers.
        raise error(
            f"X has dtype {X.dtype}, not numbers: convert it first (np.asarray(X, dtype=float)), "
            "so that what is read as a number is your choice."
        )
    X = np.ascontiguousarray(X, dtype=np.float64)
    if X.ndim == 1:
        X = X[:, None]
    if X.ndim != 2:
        raise error(f"X must be 2-D (n objects x d features), got shape {X.shape}.")
    if X.shape[0] == 0 or X.shape[1] == 0:
        raise error(f"X is empty (shape {X.shape}): need at least one object and one feature.")
    if not np.all(np.isfinite(X)):
        bad = np.argwhere(~np.isfinite(X))[0]
        raise error(
            f"X contains NaN or inf (first at row {bad[0]}, column {bad[1]}); "
            "impute or drop those values first."
        )
    X, scale = _distance_safe(X)
    return (X, scale) if return_scale else X


# Binary exponents (math.frexp) of the largest |x| outside which X is scaled to [1, 2): within
# them every term of degree up to 8 stays finite and normal (2^(8 * 64) << 2^1023); and of the
# smallest non-zero |x| below which the square of its last-bit difference (2^(e - 53))^2 is no
# longer a normal number.
_EXPONENT_MAX = 64
_EXPONENT_MIN = -64
_EXPONENT_TINY = -450


def _distance_safe(X: np.ndarray) -> tuple[np.ndarray, float]:
    """``(X * 2^-e, 2^e)`` when X needs the power-of-two scaling of :func:`as_data_matrix`,
    else ``(X, 1.0)``. 2^e is at most 2^1023 (the largest |x| below 2^1024) and at least
    2^-1074 (the smallest subnormal), so the scale itself is always a finite float. Also
    takes a distance matrix (:func:`scaled_distances`); read in row blocks, so its
    magnitudes cost no copy of it."""
    hi, lo = 0.0, math.inf
    for r0 in range(0, X.shape[0], _CHECK_ROWS):
        magnitude = np.abs(X[r0 : r0 + _CHECK_ROWS])
        hi = max(hi, float(magnitude.max()))
        lo = min(lo, float(np.min(magnitude, where=magnitude > 0, initial=math.inf)))
    if hi == 0.0:
        return X, 1.0
    hi_exp = math.frexp(hi)[1]  # hi in [2^(hi_exp - 1), 2^hi_exp)
    e = hi_exp - 1
    if _EXPONENT_MIN <= hi_exp <= _EXPONENT_MAX and (e >= 0 or math.frexp(lo)[1] >= _EXPONENT_TINY):
        return X, 1.0  # scaling down would not lift the smallest; scaling up is exact
    return np.ldexp(X, -e), math.ldexp(1.0, e)


def scaled_distances(D: np.ndarray) -> tuple[np.ndarray, float]:
    """A checked distance matrix (:func:`check_distances`) scaled by a power of two as
    :func:`as_data_matrix` scales data, ``(D * 2^-e, 2^e)``, or ``(D, 1.0)``: a copy of D only
    when its distances are far from magnitude 1 (beyond 2^64, or all below 2^-64), where
    its sums would overflow or its squares underflow."""
    return _distance_safe(D)


def check_data(X, labels, *, return_scale: bool = False):
    """Validate data and labels for an internal index.

    Returns ``(X, codes, K)``: X as a C-contiguous float64 (n, d) array with finite values,
    codes in 0..K-1; with ``return_scale``, ``(X, codes, K, scale)``, the given X being
    X * scale (the power of two of :func:`as_data_matrix`, 1.0 for ordinary data).
    """
    X, scale = as_data_matrix(X, return_scale=True)
    labels = as_labels(labels)
    if labels.n != X.shape[0]:
        raise InputError(
            f"X has {X.shape[0]} rows but labels has {labels.n} entries: "
            "give one label per row of X."
        )
    codes, k = labels.codes, len(labels.uniques)
    return (X, codes, k, scale) if return_scale else (X, codes, k)


# Asymmetry accepted in a distance matrix, relative to its largest entry: rounding noise of
# d(x, y) and d(y, x) computed apart, never a different distance.
DISTANCE_SYMMETRY_RTOL = 1e-12
_CHECK_ROWS = 1024  # rows of the matrix compared with its transpose at a time


def check_distances(D, labels) -> tuple[np.ndarray, np.ndarray, int]:
    """Validate a precomputed distance matrix and its labels for an internal index.

    ``D`` is the square (n, n) matrix of d(i, j), or its condensed upper triangle (the
    n (n - 1) / 2 values of ``scipy.spatial.distance.pdist``). It must be finite,
    non-negative, zero on the diagonal and symmetric (up to ``DISTANCE_SYMMETRY_RTOL``
    times its largest entry). Returns ``(D, codes, K)`` like :func:`check_data`, D as a
    C-contiguous float64 (n, n) array.

    A ``scipy.sparse`` matrix or array is densified, its missing entries being distances
    of 0 (as scikit-learn's ``silhouette_samples`` reads a sparse precomputed matrix: it
    sums the stored entries only), when its n x n float64 copy has at most
    ``MAX_SPARSE_DENSE_CELLS`` cells; a larger one is an InputError.
    """
    labels = as_labels(labels)
    sparse = _is_scipy_sparse(D)
    if sparse:
        D = _densified(D)
    try:
        D = np.ascontiguousarray(D, dtype=np.float64)
    except (TypeError, ValueError) as exc:
        raise InputError(f"distances must be a numeric (n, n) matrix: {exc}") from None
    n = labels.n
    if D.ndim == 1 and D.shape[0] == n * (n - 1) // 2 and n > 1:
        from scipy.spatial.distance import squareform  # only for condensed input

        D = np.ascontiguousarray(squareform(D, checks=False))
    if D.ndim != 2 or D.shape[0] != D.shape[1]:
        raise InputError(f"distances must be a square (n, n) matrix (or condensed), got shape {D.shape}.")
    if D.shape[0] != n:
        raise InputError(
            f"distances are {D.shape[0]} x {D.shape[0]} but labels has {n} entries: "
            "give one label per row of the matrix."
        )
    if not np.all(np.isfinite(D)):
        i, j = np.argwhere(~np.isfinite(D))[0]
        raise InputError(f"distances contain NaN or inf (first at row {i}, column {j}).")
    if (D < 0).any():
        i, j = np.argwhere(D < 0)[0]
        raise InputError(f"distances must be non-negative; d({i}, {j}) = {float(D[i, j])!r}.")
    if D.diagonal().any():
        i = int(np.flatnonzero(D.diagonal())[0])
        raise InputError(f"distances must be 0 on the diagonal; d({i}, {i}) = {float(D[i, i])!r}.")
    tolerance = DISTANCE_SYMMETRY_RTOL * float(D.max(initial=0.0))
    for r0 in range(0, n, _CHECK_ROWS):
        gap = np.abs(D[r0 : r0 + _CHECK_ROWS] - D[:, r0 : r0 + _CHECK_ROWS].T)
        if (gap > tolerance).any():
            i, j = np.argwhere(gap > tolerance)[0]
            i += r0
            raise InputError(
                f"distances must be symmetric; d({i}, {j}) = {float(D[i, j])!r} but d({j}, {i}) = "
                f"{float(D[j, i])!r}"
                + (" (a sparse matrix's missing entries are distances of 0: store both triangles)." if sparse else ".")
            )
    return D, labels.codes, len(labels.uniques)


# A sparse distance matrix is densified up to this many cells (2 GiB of float64).
MAX_SPARSE_DENSE_CELLS = 2**28


def _is_scipy_sparse(D) -> bool:
    """Whether ``D`` is a scipy.sparse matrix or array (without importing scipy)."""
    return type(D).__module__.startswith("scipy.sparse") and hasattr(D, "toarray")


def _densified(D) -> np.ndarray:
    """A scipy.sparse distance matrix as a dense array, missing entries 0 (see
    :func:`check_distances`), or one InputError when it is not square or too large."""
    shape = tuple(D.shape)
    if len(shape) != 2 or shape[0] != shape[1]:
        raise InputError(f"distances must be a square (n, n) matrix, got a sparse matrix of shape {shape}.")
    if shape[0] * shape[1] > MAX_SPARSE_DENSE_CELLS:
        raise InputError(
            f"the sparse {shape[0]} x {shape[1]} distance matrix is too large to densify (more than "
            f"{MAX_SPARSE_DENSE_CELLS} cells); its missing entries mean distance 0 (scikit-learn's "
            "convention), so pass the data X instead, or fewer objects."
        )
    if D.dtype.kind not in "iufb":
        raise InputError(f"distances must be numeric, got a sparse matrix of dtype {D.dtype}.")
    return D.toarray()


def check_undefined_policy(undefined: str) -> str:
    """``undefined`` if it is one of :data:`UNDEFINED_POLICIES`, else InputError."""
    if undefined not in UNDEFINED_POLICIES:
        raise InputError(f"undefined must be 'raise' or 'nan', got {undefined!r}.")
    return undefined


def value_or_nan(compute: Callable[[], float], undefined: str) -> float:
    """``compute()``; NaN instead when the index is undefined and ``undefined == "nan"``."""
    try:
        return float(compute())
    except UndefinedIndexError:
        if undefined == "raise":
            raise
        return float("nan")


def check_n_clusters(n: int, k) -> None:
    if isinstance(k, bool) or not isinstance(k, (int, np.integer)):
        raise ClusteringError(f"n_clusters must be an integer, got {k!r}.")
    if k < 1:
        raise ClusteringError(f"n_clusters must be at least 1, got {k}.")
    if k > n:
        raise ClusteringError(f"n_clusters={k} exceeds the number of objects ({n}); use n_clusters <= {n}.")


def check_max_iter(max_iter) -> None:
    if isinstance(max_iter, bool) or not isinstance(max_iter, (int, np.integer)) or max_iter < 0:
        raise ClusteringError(f"max_iter must be a non-negative integer, got {max_iter!r}.")
