"""The metrics of the distance-based internal indices besides Euclidean: what scipy's
``cdist`` and scikit-learn's ``pairwise_distances`` compute, in blocks of rows, never an
n x n matrix.

A :class:`Metric` is a name (scipy's, or scikit-learn's alias) and, for Minkowski, its
order p. Every distance is computed from direct coordinate differences, added feature by
feature in order, as :func:`clustval._engine.pairwise.exact_distances` computes the
Euclidean ones: so ``d(x, y)`` and ``d(y, x)`` are the same bits, ``d(x, x)`` is exactly 0, and
the compiled kernel (:func:`clustval._engine.kernels.metric_block`) and numpy give the same
values (Minkowski's within a few ulps: each rounds the power x ** p by its CPU's math
library, differently where there is AVX-512). Cosine and correlation distances are the
halved squared Euclidean distances of the rows scaled to unit length (correlation: centred
first), 1 - cos(x, y) = ||x/|x| - y/|y|||^2 / 2: the same value as scipy's
``1 - x.y / (|x| |y|)`` up to rounding,
without its cancellation for near directions (parallel rows are at exactly 0).
"""

from __future__ import annotations

import math
import numbers
from dataclasses import dataclass

import numpy as np

from ..errors import InputError, shown
from . import compiled as _compiled
from .lanes import CHEBYSHEV, CITYBLOCK, HALF_SQEUCLIDEAN, MINKOWSKI, SQEUCLIDEAN, metric_form

# scipy's names, then scikit-learn's aliases of them
_CANONICAL = ("euclidean", "sqeuclidean", "cityblock", "chebyshev", "minkowski", "cosine", "correlation")
_ALIASES = {"manhattan": "cityblock", "l1": "cityblock", "l2": "euclidean"}
#: Every metric name accepted besides ``"precomputed"``.
METRIC_NAMES = _CANONICAL + tuple(_ALIASES)
# What a distance of each metric is, in powers of the coordinates: f(a X) = a**degree f(X).
_DEGREE = {"euclidean": 1, "sqeuclidean": 2, "cityblock": 1, "chebyshev": 1, "minkowski": 1,
           "cosine": 0, "correlation": 0}  # fmt: skip
_CODE = {"sqeuclidean": SQEUCLIDEAN, "cityblock": CITYBLOCK, "chebyshev": CHEBYSHEV,
         "minkowski": MINKOWSKI, "cosine": HALF_SQEUCLIDEAN, "correlation": HALF_SQEUCLIDEAN}  # fmt: skip


@dataclass(frozen=True)
class Metric:
    """A distance between the rows of X: one of scipy's metric names, and p for Minkowski.

    Parameters
    ----------
    name : str
        ``"euclidean"``, ``"sqeuclidean"``, ``"cityblock"`` (``"manhattan"``, ``"l1"``),
        ``"chebyshev"``, ``"minkowski"``, ``"cosine"`` or ``"correlation"``.
    p : float, optional
        The order of ``"minkowski"`` (p >= 1, ``math.inf`` allowed), default 2 as in scipy;
        no other metric takes one. Minkowski with p = 1, 2 or inf is cityblock, Euclidean
        or Chebyshev, and takes their path.

    Raises
    ------
    clustval.errors.InputError
        An unknown name, or a p that is not a number >= 1 or not for Minkowski.

    Examples
    --------
    >>> Metric("manhattan").name, Metric("minkowski", p=3).p, Metric("minkowski", p=1).name
    ('cityblock', 3.0, 'cityblock')
    >>> Metric("minkowski", p=0.5)
    Traceback (most recent call last):
    ...
    clustval.errors.InputError: minkowski's p must be a number >= 1 (math.inf allowed), got 0.5: below 1 it is no metric.
    """

    name: str
    p: float | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or self.name.lower() not in METRIC_NAMES:
            raise InputError(
                f"metric must be 'precomputed' or one of {', '.join(METRIC_NAMES)}, got {shown(self.name)}."
            )
        name = _ALIASES.get(self.name.lower(), self.name.lower())
        p = self.p
        if p is not None and name != "minkowski":
            raise InputError(f"p is the order of the minkowski metric; metric {name!r} takes none.")
        if name == "minkowski":
            p = 2.0 if p is None else p
            if isinstance(p, bool) or not isinstance(p, numbers.Real) or math.isnan(p) or p < 1:
                raise InputError(
                    f"minkowski's p must be a number >= 1 (math.inf allowed), got {p!r}: below 1 it is no metric."
                )
            p = float(p)
            name, p = {1.0: ("cityblock", None), 2.0: ("euclidean", None), math.inf: ("chebyshev", None)}.get(
                p, (name, p)
            )
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "p", p)

    @property
    def euclidean(self) -> bool:
        """Whether this is the Euclidean distance (the coordinates' own, with its own pass)."""
        return self.name == "euclidean"

    @property
    def degree(self) -> int:
        """How the distances scale with the data: d(a x, a y) = a**degree d(x, y), a > 0."""
        return _DEGREE[self.name]

    @property
    def code(self) -> int:
        """The kernel's code of this metric (not defined for Euclidean)."""
        return _CODE[self.name]

    def prepare(self, X: np.ndarray) -> np.ndarray:
        """The rows the distances are computed from: X itself, or for cosine (correlation)
        its rows (centred on their means, then) scaled to unit length.

        Raises InputError for a row of zero length: scipy gives NaN distances there (0/0)
        and scikit-learn treats it as at distance 1 from everything; neither is a distance
        between directions, so the indices refuse rather than pick one.
        """
        if self.name not in ("cosine", "correlation"):
            return X
        rows = X - X.mean(axis=1, keepdims=True) if self.name == "correlation" else X
        norms = np.sqrt(np.einsum("ij,ij->i", rows, rows))
        zero = np.flatnonzero(norms == 0)
        if zero.size:
            what = "constant" if self.name == "correlation" else "all zeros"
            raise InputError(
                f"metric {self.name!r} is undefined for row {zero[0]} of X ({what}: it has no "
                f"direction; scipy gives NaN there): drop such rows or choose another metric."
            )
        return np.ascontiguousarray(rows / norms[:, None])

    def block(self, A: np.ndarray, B: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
        """The distances between the (prepared) rows of A and B, a (len(A), len(B)) array:
        the compiled :func:`clustval._engine.kernels.metric_block` for large blocks, numpy
        otherwise, bit for bit the same values (Minkowski's within a few ulps: the power's
        rounding is the CPU's math library's)."""
        if out is None:
            out = np.empty((A.shape[0], B.shape[0]))
        kernels = _compiled.kernels(A.shape[0] * B.shape[0] * A.shape[1])
        if kernels is not None:
            kernels.metric_block(_padded_feature_major(A), _padded_feature_major(B), self.form, self.order, out)
            return out
        return numpy_block(A, B, self.code, self.order, out)

    @property
    def form(self) -> np.ndarray:
        """The metric as the compiled kernels take it (:func:`metric_form`)."""
        return metric_form(self.code)

    @property
    def order(self) -> float:
        """p for Minkowski; 0.0 (unused) for the other metrics."""
        return self.p if self.p is not None else 0.0


def _padded_feature_major(A: np.ndarray) -> np.ndarray:
    """A transposed, with zero rows up to a multiple of 4 features (the kernel's sweeps)."""
    AT = np.zeros((-(-A.shape[1] // 4) * 4, A.shape[0]))
    AT[: A.shape[1]] = A.T
    return AT


def numpy_block(A: np.ndarray, B: np.ndarray, code: int, p: float, out: np.ndarray) -> np.ndarray:
    """:meth:`Metric.block` in numpy: the terms of each feature in order, as the kernel adds them."""
    out[:] = 0.0
    term = np.empty_like(out)
    for f in range(A.shape[1]):
        np.subtract(A[:, f, None], B[None, :, f], out=term)
        if code in (SQEUCLIDEAN, HALF_SQEUCLIDEAN):
            np.multiply(term, term, out=term)
        else:
            np.abs(term, out=term)
            if code == MINKOWSKI:
                np.power(term, p, out=term)
        if code == CHEBYSHEV:
            np.maximum(out, term, out=out)
        else:
            out += term
    if code == MINKOWSKI:
        np.power(out, 1.0 / p, out=out)
    elif code == HALF_SQEUCLIDEAN:
        out *= 0.5
    return out


def as_metric(metric) -> Metric | str:
    """``"precomputed"``, or the :class:`Metric` that ``metric`` (a name or a Metric) names.

    Examples
    --------
    >>> as_metric("L1"), as_metric("precomputed")
    (Metric(name='cityblock', p=None), 'precomputed')
    """
    if isinstance(metric, Metric):
        return metric
    if isinstance(metric, str) and metric == "precomputed":
        return metric
    return Metric(metric)
