"""The correlation of two indices across the sets of a panel: "the same trend" (走势一致)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from scipy.stats import rankdata


def correlation(x: Sequence[float], y: Sequence[float], measure: str) -> float:
    """Spearman's (ranks, ties averaged) or Pearson's correlation of two series; NaN when either
    is constant (no trend to follow).

    Examples
    --------
    >>> round(correlation([1, 2, 3, 4], [1, 3, 2, 4], "spearman"), 12), correlation([1, 2, 3], [2, 4, 6], "pearson")
    (0.8, 1.0)
    """
    x, y = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
    if measure == "spearman":
        x, y = rankdata(x), rankdata(y)
    if np.ptp(x) == 0 or np.ptp(y) == 0:
        return float("nan")
    return float(np.corrcoef(x, y)[0, 1])
