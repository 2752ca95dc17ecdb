"""Input checks and label factorisation shared by every index.

Each public index validates its input once, here, so that every index rejects the same bad
input with the same message.
"""

from __future__ import annotations

import numpy as np

from .errors import InputError

# Integer labels whose range is at most this many times n are factorised with a lookup
# table in O(n + range) instead of a sort in O(n log n).
_DENSE_RANGE_FACTOR = 4


def as_label_array(labels, name: str = "labels") -> np.ndarray:
    """Return ``labels`` as a 1-D array, rejecting empty input, NaN and non-1-D shapes."""
    arr = np.asarray(labels)
    if arr.ndim != 1:
        if arr.ndim == 2 and 1 in arr.shape:
            arr = arr.ravel()
        else:
            raise InputError(f"{name} must be 1-D (one label per object), got shape {arr.shape}.")
    if arr.size == 0:
        raise InputError(f"{name} is empty: need at least one labelled object.")
    if arr.dtype.kind == "f":
        if not np.all(np.isfinite(arr)):
            raise InputError(f"{name} contains NaN or inf; every object needs a label.")
        if np.all(arr == np.round(arr)):
            arr = arr.astype(np.int64)
    elif arr.dtype.kind == "O":
        if any(v is None or (isinstance(v, float) and not np.isfinite(v)) for v in arr):
            raise InputError(f"{name} contains None or NaN; every object needs a label.")
        arr = arr.astype(str)
    elif arr.dtype.kind not in "iubUS":
        raise InputError(f"{name} must hold integers or strings, got dtype {arr.dtype}.")
    return arr


def factorize(labels: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Map labels to codes 0..K-1 in sorted label order; return ``(codes, uniques)``.

    Integer labels with a compact range (the usual case) take an O(n + range) path with a
    lookup table; anything else falls back to ``np.unique`` (a sort).
    """
    if labels.dtype.kind in "iub" and labels.size:
        lo, hi = int(labels.min()), int(labels.max())
        span = hi - lo + 1
        if span <= _DENSE_RANGE_FACTOR * labels.size + 1024:
            shifted = (labels - lo).astype(np.intp, copy=False)
            present = np.zeros(span, dtype=bool)
            present[shifted] = True
            lookup = np.cumsum(present, dtype=np.int64) - 1
            uniques = (np.flatnonzero(present) + lo).astype(labels.dtype)
            return lookup[shifted], uniques
    uniques, codes = np.unique(labels, return_inverse=True)
    return codes.astype(np.int64, copy=False).ravel(), uniques


def check_label_pair(labels_true, labels_pred) -> tuple[np.ndarray, np.ndarray]:
    """Validate a (truth, prediction) pair: both 1-D, non-empty, the same length."""
    t = as_label_array(labels_true, "labels_true")
    p = as_label_array(labels_pred, "labels_pred")
    if t.shape[0] != p.shape[0]:
        raise InputError(
            f"labels_true has {t.shape[0]} labels but labels_pred has {p.shape[0]}: "
            "they must label the same objects in the same order."
        )
    return t, p


def check_data(X, labels) -> tuple[np.ndarray, np.ndarray, int]:
    """Validate data and labels for an internal index.

    Returns ``(X, codes, K)``: X as a C-contiguous float64 (n, d) array with finite values,
    codes in 0..K-1.
    """
    try:
        X = np.ascontiguousarray(X, dtype=np.float64)
    except (TypeError, ValueError) as exc:
        raise InputError(f"X must be a numeric (n, d) array: {exc}") from None
    if X.ndim == 1:
        X = X[:, None]
    if X.ndim != 2:
        raise InputError(f"X must be 2-D (n objects x d features), got shape {X.shape}.")
    if X.shape[0] == 0 or X.shape[1] == 0:
        raise InputError(f"X is empty (shape {X.shape}): need at least one object and one feature.")
    if not np.all(np.isfinite(X)):
        bad = np.argwhere(~np.isfinite(X))[0]
        raise InputError(
            f"X contains NaN or inf (first at row {bad[0]}, column {bad[1]}); "
            "impute or drop those values before scoring."
        )
    labels = as_label_array(labels, "labels")
    if labels.shape[0] != X.shape[0]:
        raise InputError(
            f"X has {X.shape[0]} rows but labels has {labels.shape[0]} entries: "
            "give one label per row of X."
        )
    codes, uniques = factorize(labels)
    return X, codes, len(uniques)
