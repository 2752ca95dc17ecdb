"""Checks of the data, the distances and the parameters shared by every index and clusterer.

Each entry point validates its input once, here, so that every index rejects the same bad
input with the same message. The labels have their own checks, where the indices read them
(:mod:`clustval.indices.objects`): the engine sees codes, never labels.
"""

from __future__ import annotations

import contextlib
import math
import os
from collections.abc import Iterator

import numpy as np

from ..errors import ClusteringError, InputError, UndefinedIndexError, shown

# What the scoring functions do with an index that is undefined for the input: raise
# UndefinedIndexError, or give NaN for it and every defined index its value.
UNDEFINED_POLICIES = ("raise", "nan")


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


def checked_data(X, error: type[Exception] = InputError) -> np.ndarray:
    """``X`` as given, a float64 (n, d) array (a 1-D array is one feature), once it passes the
    checks of :func:`as_data_matrix` (which raise ``error``): the data a clustering algorithm
    and the choice of K read, unscaled (the indices scale them themselves).

    Examples
    --------
    >>> checked_data([1, 2]).tolist()
    [[1.0], [2.0]]
    >>> checked_data([[1.0, float("nan")]])
    Traceback (most recent call last):
    ...
    clustval.errors.InputError: X contains NaN or inf (first at row 0, column 1); impute or drop those values first.
    """
    as_data_matrix(X, error)  # one clear error for bad data
    X = np.asarray(X, dtype=np.float64)
    return X[:, None] if X.ndim == 1 else X


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


# Asymmetry accepted in a distance matrix, relative to its largest entry: rounding noise of
# d(x, y) and d(y, x) computed apart, never a different distance.
DISTANCE_SYMMETRY_RTOL = 1e-12
_CHECK_ROWS = 1024  # rows of the matrix compared with its transpose at a time


def check_distances(D) -> np.ndarray:
    """A precomputed distance matrix, checked, as a C-contiguous float64 (n, n) array.

    ``D`` is the square (n, n) matrix of d(i, j), or its condensed upper triangle (the
    n (n - 1) / 2 values of ``scipy.spatial.distance.pdist``, n >= 2). It must be finite,
    non-negative, zero on the diagonal and symmetric (up to ``DISTANCE_SYMMETRY_RTOL``
    times its largest entry).

    A ``scipy.sparse`` matrix or array is densified, its missing entries being distances
    of 0 (as scikit-learn's ``silhouette_samples`` reads a sparse precomputed matrix: it
    sums the stored entries only), when its n x n float64 copy has at most
    ``MAX_SPARSE_DENSE_CELLS`` cells; a larger one is an InputError.
    """
    sparse = _is_scipy_sparse(D)
    if sparse:
        D = _densified(D)
    try:
        D = np.ascontiguousarray(D, dtype=np.float64)
    except (TypeError, ValueError) as exc:
        raise InputError(f"distances must be a numeric (n, n) matrix: {exc}") from None
    if D.ndim == 1 and D.shape[0] and _condensed_n(D.shape[0]):
        from scipy.spatial.distance import squareform  # only for condensed input

        D = np.ascontiguousarray(squareform(D, checks=False))
    if D.ndim != 2 or D.shape[0] != D.shape[1]:
        raise InputError(f"distances must be a square (n, n) matrix (or condensed), got shape {D.shape}.")
    n = D.shape[0]
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
    if np.signbit(D).any():  # -0.0 == 0 but sorts below every distance by its bits: the same 0, positive
        D = D + 0.0
    return D


def _condensed_n(m: int) -> int | None:
    """n when m = n (n - 1) / 2 for a whole n >= 2 (the length of a condensed matrix), else None."""
    n = (1 + math.isqrt(1 + 8 * m)) // 2
    return n if n * (n - 1) // 2 == m else None


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


@contextlib.contextmanager
def undefined_policy(undefined: str) -> Iterator[None]:
    """Where an index is computed: its UndefinedIndexError goes through (``undefined ==
    "raise"``) or ends the block quietly (``"nan"``), what the block set before it kept (NaN).

    >>> def sil():
    ...     raise UndefinedIndexError("Sil needs two clusters")
    >>> value = math.nan
    >>> with undefined_policy("nan"):
    ...     value = sil()
    >>> value
    nan
    """
    try:
        yield
    except UndefinedIndexError:
        if undefined == "raise":
            raise


def check_n_clusters(n: int, k) -> None:
    if isinstance(k, bool) or not isinstance(k, (int, np.integer)):
        raise ClusteringError(f"n_clusters must be an integer, got {shown(k)}.")
    if k < 1:
        raise ClusteringError(f"n_clusters must be at least 1, got {k}.")
    if k > n:
        raise ClusteringError(f"n_clusters={k} exceeds the number of objects ({n}); use n_clusters <= {n}.")


def check_ks(ks, n: int) -> list[int]:
    """The numbers of clusters of a sweep, ascending, each an integer in 2..n and given once;
    else one line of InputError naming the first that is not.

    Examples
    --------
    >>> check_ks(range(5, 1, -1), 6)
    [2, 3, 4, 5]
    >>> check_ks([2, 7], 6)
    Traceback (most recent call last):
    ...
    clustval.errors.InputError: K = 7 is outside 2..6: a K must be at least 2 and at most n = 6 objects.
    """
    if isinstance(ks, range) and (ks.stop - ks.start) // ks.step > 2 * n + 1000:  # far more K than 2..n
        low, high = min(ks[0], ks[-1]), max(ks[0], ks[-1])  # before list(): range(2, 10**20)
        if not 2 <= low <= high <= n:  # would not fit in memory (len() cannot even count it)
            raise InputError(_outside(low if low < 2 else high, n))
    try:
        ks = list(ks)
    except TypeError:
        raise InputError(f"ks must be an iterable of integers such as range(2, 23), got {shown(ks)}.") from None
    if not ks:
        raise InputError("ks is empty: give at least one number of clusters K.")
    for k in ks:
        if isinstance(k, bool) or not isinstance(k, (int, np.integer)):
            raise InputError(f"every K must be an integer, got {shown(k)}.")
        if not 2 <= k <= n:
            raise InputError(_outside(k, n))
    if len(set(ks)) != len(ks):
        raise InputError(f"ks {ks} repeats a K; give each K once.")
    return sorted(int(k) for k in ks)


def _outside(k: int, n: int) -> str:
    return f"K = {k} is outside 2..{n}: a K must be at least 2 and at most n = {n} objects."


def check_max_iter(max_iter) -> None:
    if isinstance(max_iter, bool) or not isinstance(max_iter, (int, np.integer)) or max_iter < 0:
        raise ClusteringError(f"max_iter must be a non-negative integer, got {max_iter!r}.")


def check_seed(seed, name: str = "seed"):
    """``seed`` if numpy's ``default_rng`` takes it as a seed: None, an integer >= 0, or a
    ``Generator``, ``BitGenerator`` or ``SeedSequence``; else one line of InputError naming it.

    Examples
    --------
    >>> check_seed(-1)
    Traceback (most recent call last):
    ...
    clustval.errors.InputError: seed = -1; use None, an integer >= 0 or a numpy Generator (numpy's seeds).
    """
    if seed is None or isinstance(seed, (np.random.Generator, np.random.BitGenerator, np.random.SeedSequence)):
        return seed
    if isinstance(seed, (int, np.integer)) and not isinstance(seed, (bool, np.bool_)) and seed >= 0:
        return int(seed)
    raise InputError(f"{name} = {shown(seed)}; use None, an integer >= 0 or a numpy Generator (numpy's seeds).")


def check_random_state(random_state) -> np.random.RandomState:
    """scikit-learn's ``check_random_state``: numpy's global RandomState for None, a new one
    seeded with an integer, a RandomState itself; else one line of InputError. The samples
    drawn with it (:func:`clustval.sil`'s ``sample_size``) are scikit-learn's draw for draw.

    Examples
    --------
    >>> check_random_state(0).permutation(4).tolist()
    [2, 3, 1, 0]
    >>> check_random_state("0")
    Traceback (most recent call last):
    ...
    clustval.errors.InputError: random_state must be None, an int or a numpy RandomState, got '0'.
    """
    if random_state is None or random_state is np.random:
        return np.random.mtrand._rand
    if isinstance(random_state, (int, np.integer)) and not isinstance(random_state, (bool, np.bool_)):
        return np.random.RandomState(random_state)
    if isinstance(random_state, np.random.RandomState):
        return random_state
    raise InputError(f"random_state must be None, an int or a numpy RandomState, got {shown(random_state)}.")


def check_draws(count, bytes_per_draw: int, name: str = "n_resamples") -> int:
    """``count`` (a positive integer) if its draws, ``bytes_per_draw`` each, fit in this
    machine's memory (where it is known); else one line of InputError naming the size, not
    numpy's MemoryError (or the kernel's out-of-memory kill) halfway through.

    Examples
    --------
    >>> check_draws(10**15, 96)
    Traceback (most recent call last):
    ...
    clustval.errors.InputError: n_resamples = 1000000000000000 needs 85.3 PiB for its draws (96 bytes each), more than this machine's memory: draw fewer.
    """
    if isinstance(count, bool) or not isinstance(count, (int, np.integer)) or count < 1:
        raise InputError(f"{name} must be a positive integer, got {shown(count)}.")
    memory, need = _physical_memory(), int(count) * max(int(bytes_per_draw), 1)
    if bytes_per_draw > memory:
        raise InputError(f"one draw ({name}) holds {_bytes(bytes_per_draw)}, more than this machine's memory: "
                         "even one cannot be drawn here.")  # fmt: skip
    if need > memory:
        raise InputError(f"{name} = {count} needs {_bytes(need)} for its draws ({bytes_per_draw} bytes each), "
                         "more than this machine's memory: draw fewer.")  # fmt: skip
    return int(count)


def _physical_memory() -> float:
    """This machine's memory in bytes; infinite where the system does not say (Windows)."""
    try:
        return float(os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE"))
    except (AttributeError, ValueError, OSError):
        return math.inf


def _bytes(count: int) -> str:
    size, unit = float(count), "bytes"
    for bigger in ("KiB", "MiB", "GiB", "TiB", "PiB"):
        if size < 1024:
            break
        size, unit = size / 1024, bigger
    return f"{count} bytes" if unit == "bytes" else f"{size:.1f} {unit}"
