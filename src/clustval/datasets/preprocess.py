"""Feature scaling (docs/decisions.md: min-max for the UCI features, none for the synthetic sets)."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from ..errors import InputError
from .catalog import PREPROCESSING_METHODS
from .dataset import Dataset

__all__ = ["PREPROCESSING_METHODS", "preprocess", "preprocess_dataset"]


def preprocess(X, method: str) -> np.ndarray:
    """Scale each feature (column) of ``X``; return a new float64 array.

    - ``none``: unchanged copy.
    - ``minmax``: ``(x - min) / (max - min)``, every value in [0, 1], min -> 0, max -> 1.
    - ``zscore``: ``(x - mean) / std`` with the population std (ddof = 0).

    A constant feature (max = min, std = 0; ionosphere and soybean have some) maps to 0,
    never NaN: it carries no information about the clusters.
    """
    if method not in PREPROCESSING_METHODS:
        raise InputError(
            f"unknown preprocessing {method!r}; use one of {', '.join(PREPROCESSING_METHODS)}."
        )
    X = np.array(X, dtype=np.float64)
    if X.ndim != 2:
        raise InputError(f"X must be 2-D (n objects x d features), got shape {X.shape}.")
    if not np.all(np.isfinite(X)):
        raise InputError("X contains NaN or inf; preprocessing needs finite features.")
    if method == "none" or X.shape[0] == 0:
        return X
    lo, hi = X.min(axis=0), X.max(axis=0)
    # Decided on max == min: the mean of a constant column can be off by an ulp, giving
    # a tiny non-zero std and garbage z-scores.
    constant = hi == lo
    if method == "minmax":
        out = (X - lo) / np.where(constant, 1.0, hi - lo)
    else:
        centred = X - X.mean(axis=0)
        # Divide by the largest deviation first: squaring tiny values (1e-200) underflows.
        span = np.abs(centred).max(axis=0)
        unit = centred / np.where(span > 0, span, 1.0)
        std = unit.std(axis=0)
        out = unit / np.where(std > 0, std, 1.0)
    out[:, constant] = 0.0
    return out


def preprocess_dataset(ds: Dataset, method: str) -> Dataset:
    """Return a copy of ``ds`` with scaled features and ``meta['preprocessing'] = method``.

    Refuses to scale a data set that is already scaled (scaling twice hides which scale the
    indices saw); start again from the unscaled set instead.
    """
    previous = ds.meta.get("preprocessing", "none")
    if previous != "none" and method != "none":
        raise InputError(
            f"data set {ds.name!r} is already preprocessed ({previous}); apply {method!r} to "
            "the unscaled set instead."
        )
    meta = {**ds.meta, "preprocessing": method if method != "none" else previous}
    return replace(ds, X=preprocess(ds.X, method), meta=meta)
