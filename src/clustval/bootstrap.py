"""Bootstrap confidence intervals for any index value.

:func:`bootstrap` resamples the objects with replacement (Efron 1979): the same rows of every
argument at once (the data, each label vector), and rows and columns together of a precomputed
distance matrix; it recomputes the statistic on each resample and returns the percentile
interval, or the bias-corrected and accelerated (BCa) one with the jackknife acceleration
(Efron 1987, J. Am. Stat. Assoc. 82(397):171-185; Efron & Tibshirani 1993, ch. 14).

An external index reads only the contingency table, and resampling the objects is a multinomial
draw of the table's cells with the cells' frequencies as probabilities: for an external index
named (or given as its registry function) the resamples are drawn as tables, without copying a
label, and the jackknife leaves one object of each cell out. Likewise an internal index that
takes weights (``IndexSpec.weights``): a resample is the count of each object's copies among
the draws, given as ``sample_weight`` with the data as they are, never a copy of X's rows.

Comparing two indices on the same resamples is the bootstrap of their difference: give a
function that returns ``A - B``.

Examples
--------
>>> import numpy as np
>>> truth = np.repeat([0, 1, 2], 20)
>>> found = np.where(np.arange(60) % 7 == 0, (truth + 1) % 3, truth)
>>> ci = bootstrap("ari", truth, found, n_resamples=200, seed=1)
>>> round(ci.estimate, 4), ci.low < ci.estimate < ci.high
(0.6041, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from statistics import NormalDist

import numpy as np

from ._engine.docs import with_parameters
from ._engine.validation import check_draws, check_seed
from .errors import InputError, UndefinedIndexError, shown
from .indices._docs import RESAMPLES, SEED, described
from .indices.contingency import TABLE, contingency_matrix
from .indices.registry import INDICES, IndexSpec, get_index
from .indices.scoring import external_scores_from_table, internal_scores

__all__ = ["BootstrapResult", "bootstrap", "table_resamples"]

METHODS = ("percentile", "bca")
NORMAL = NormalDist()  # the standard normal: BCa's z0 and its adjusted levels


# How many resamples (of the objects, or of the tables that count them)
_RESAMPLES = {"n_resamples": RESAMPLES}

@dataclass(frozen=True)
class BootstrapResult:
    """A bootstrap confidence interval.

    Attributes
    ----------
    estimate : float
        The statistic on the data as given.
    low, high : float
        The interval's ends.
    method : str
        ``"percentile"`` or ``"bca"``.
    confidence : float
        Its nominal coverage, e.g. 0.95.
    n_resamples : int
        The number of resamples drawn.
    seed : int
        The seed of the draws: the same seed gives the same resamples and interval.
    values : ndarray
        The statistic on each resample, in the order drawn (NaN where it was undefined).
    bias : float
        BCa's bias correction z0 (NaN for the percentile interval).
    acceleration : float
        BCa's acceleration a, from the jackknife (NaN for the percentile interval).

    Examples
    --------
    >>> ci = bootstrap(np.mean, [1.0, 2.0, 3.0, 4.0], n_resamples=100, seed=0)
    >>> ci.method, ci.n_resamples, len(ci.values), ci.estimate
    ('percentile', 100, 100, 2.5)
    """

    estimate: float
    low: float
    high: float
    method: str
    confidence: float
    n_resamples: int
    seed: int
    values: np.ndarray = field(repr=False)
    bias: float = float("nan")
    acceleration: float = float("nan")

    @property
    def n_undefined(self) -> int:
        """How many resamples left the statistic undefined (left out of the interval).

        Examples
        --------
        >>> bootstrap(np.mean, [1.0, 2.0], n_resamples=10, seed=0).n_undefined
        0
        """
        return int(np.count_nonzero(~np.isfinite(self.values)))


@with_parameters({"seed": SEED, **_RESAMPLES})
def bootstrap(fn: Callable | str, *args, n_resamples: int = 1000, seed: int = 0, method: str = "percentile",
              confidence: float = 0.95, pairwise: Sequence[int] = (), **kwargs) -> BootstrapResult:  # fmt: skip
    """The bootstrap confidence interval of ``fn(*args, **kwargs)``, resampling the objects.

    Parameters
    ----------
    fn : callable or str
        The statistic: a function returning a number, or a registry name (an index's own
        function, e.g. ``"ari"`` takes ``(labels_true, labels_pred)`` and ``"sil"`` takes
        ``(X, labels)``). An external index, by name or as its registry function, and without
        options, is resampled as contingency tables; an internal one that takes weights
        (``IndexSpec.weights``), so given, as counts of copies (``sample_weight``) of the data
        as given, the same draws as of rows. For a paired comparison of two indices give a function of
        their difference: both are then computed on the same resamples.
    *args : array-like
        The per-object arguments, each of length n along its first axis (the data's rows, the
        label vectors); every resample takes the same rows of all of them.
    method : {"percentile", "bca"}, default "percentile"
        The percentile interval, or the bias-corrected and accelerated one (Efron 1987),
        whose acceleration is the jackknife's (n more evaluations; one per non-empty cell of
        the table for an external index).
    confidence : float, default 0.95
        The interval's nominal coverage, in (0, 1).
    pairwise : sequence of int, default ()
        Positions in ``args`` of n x n matrices (precomputed distances): their rows and
        columns are resampled together.
    **kwargs
        Passed to ``fn`` unchanged on every resample (options, ``metric=...``).

    Returns
    -------
    BootstrapResult
        The estimate, the interval, the resampled values and how they were drawn. A resample
        on which the statistic is undefined (:class:`~clustval.errors.UndefinedIndexError`,
        or NaN) is NaN in :attr:`BootstrapResult.values` and left out of the interval.

    Raises
    ------
    clustval.errors.InputError
        Arguments of different lengths, a non-square matrix in ``pairwise``, a bad method,
        confidence or number of resamples, a statistic undefined on the data or on every
        resample, or (BCa) on a jackknife sample.

    References
    ----------
    Efron (1987), Better bootstrap confidence intervals, J. Am. Stat. Assoc. 82(397):171-185;
    Efron & Tibshirani (1993), An Introduction to the Bootstrap, ch. 13-14.

    See Also
    --------
    scipy.stats.bootstrap : the same intervals for statistics of plain samples.

    Examples
    --------
    >>> import clustval
    >>> X = [[0, 0], [0, 1], [1, 0], [9, 9], [9, 10], [10, 9], [4, 5], [5, 4]]
    >>> labels = [0, 0, 0, 1, 1, 1, 0, 1]
    >>> ci = bootstrap("sil", X, labels, n_resamples=100, seed=0, method="bca")
    >>> round(ci.estimate, 4), ci.low <= ci.estimate <= ci.high
    (0.5086, True)

    Silhouette minus Dunn on the same resamples (a paired comparison):

    >>> diff = bootstrap(lambda X, y: clustval.sil(X, y) - clustval.dunn(X, y), X, labels, n_resamples=50)
    >>> round(diff.estimate, 4)
    0.3125
    """
    _check(n_resamples, method, confidence)
    seed = check_seed(seed)
    statistic, spec = _statistic(fn)
    arrays = [np.asarray(a) for a in args]
    if not arrays:
        raise InputError("give the per-object arguments to resample, e.g. bootstrap('ari', labels_true, labels_pred).")
    n = _length(arrays, pairwise)
    # an option may need the labels or the rows themselves
    by_counts = spec is not None and not pairwise and not kwargs and len(arrays) == 2
    if by_counts and spec.kind == "external":
        return _on_tables(statistic, spec.name, arrays, n_resamples, seed, method, confidence)
    estimate = _value(statistic, arrays, kwargs)
    if not np.isfinite(estimate):
        raise InputError("the statistic is undefined on the data as given: there is no interval to find.")
    check_draws(n_resamples, 8 * (n + 1))  # each draw's rows and value
    draws = np.random.default_rng(seed).integers(0, n, (n_resamples, n))  # scipy.stats.bootstrap's draws
    if by_counts:  # each resample as the count of every object's copies among its draws
        values = np.array([_weighted(spec.name, arrays, np.bincount(rows, minlength=n)) for rows in draws])
    else:
        values = np.array([_value(statistic, _take(arrays, rows, pairwise), kwargs) for rows in draws])
    jackknife = None
    if method == "bca":
        keep = np.ones(n, dtype=bool)
        jackknife = np.empty(n)
        for i in range(n):
            keep[i] = False
            jackknife[i] = (_weighted(spec.name, arrays, keep.astype(np.int64)) if by_counts
                            else _value(statistic, _take(arrays, np.flatnonzero(keep), pairwise), kwargs))  # fmt: skip
            keep[i] = True
    return _interval(estimate, values, jackknife, None, method, confidence, seed)


def _check(n_resamples, method, confidence) -> None:
    if isinstance(n_resamples, bool) or not isinstance(n_resamples, (int, np.integer)) or n_resamples < 1:
        raise InputError(f"n_resamples must be a positive integer, got {shown(n_resamples)}.")
    if not isinstance(method, str) or method not in METHODS:
        raise InputError(f"method must be one of {', '.join(METHODS)}, got {shown(method)}.")
    if not isinstance(confidence, (float, int)) or not 0 < confidence < 1:
        raise InputError(f"confidence must be a number in (0, 1), got {shown(confidence)}.")


def _statistic(fn) -> tuple[Callable, IndexSpec | None]:
    """The function to call, and its registry entry when its resamples can be drawn as counts:
    an external index's as tables, an internal one's that takes weights as sample_weight."""
    if isinstance(fn, str):
        spec = get_index(fn)
        return spec.function, spec if spec.weights else None
    if not callable(fn):
        raise InputError(f"fn must be a function or a registry name, got {shown(fn)}.")
    return fn, next((spec for spec in INDICES.values() if spec.function is fn and spec.weights), None)


def _length(arrays, pairwise) -> int:
    pairwise = set(pairwise)
    if not pairwise <= set(range(len(arrays))):
        raise InputError(f"pairwise names positions {shown(sorted(pairwise))} of {len(arrays)} arguments.")
    scalar = next((i for i, a in enumerate(arrays) if not a.ndim), None)
    if scalar is not None:
        raise InputError(f"argument {scalar} (from 0) to resample is one value ({shown(arrays[scalar].item())}), not "
                         "one per object: give the per-object arrays, e.g. bootstrap('ari', labels_true, labels_pred).")
    lengths = {len(a) for a in arrays}
    if len(lengths) != 1:
        raise InputError(f"every argument to resample needs the same number of objects, got lengths {sorted(lengths)}.")
    n = lengths.pop()
    for i in pairwise:
        if arrays[i].shape != (n, n):
            raise InputError(f"argument {i} is in pairwise but has shape {arrays[i].shape}, not ({n}, {n}).")
    if n < 2:
        raise InputError(f"resampling needs at least 2 objects, got {n}.")
    return n


def _take(arrays, rows, pairwise):
    return [a[np.ix_(rows, rows)] if i in pairwise else a[rows] for i, a in enumerate(arrays)]


def _weighted(name, arrays, counts) -> float:
    """An internal index on the data as given, each object counted ``counts`` times."""
    return internal_scores(arrays[0], arrays[1], [name], undefined="nan", noise="cluster", sample_weight=counts)[name]


def _value(statistic, arrays, kwargs) -> float:
    try:
        value = statistic(*arrays, **kwargs)
    except UndefinedIndexError:  # e.g. a resample with one cluster: no value there
        return float("nan")
    try:
        return float(value)
    except (TypeError, ValueError):
        raise InputError(f"fn returned {shown(value)}, not a number: a statistic to resample returns one.") from None


def _on_tables(statistic, name, arrays, n_resamples, seed, method, confidence) -> BootstrapResult:
    """An external index: the resamples are multinomial draws of the contingency table."""
    table = contingency_matrix(arrays[0], arrays[1])

    def of(t):
        return external_scores_from_table(t, [name], undefined="nan")[name]

    estimate = float(statistic(arrays[0], arrays[1]))
    check_draws(n_resamples, 8 * (table.size + 1))  # each drawn table and value
    values = table_resamples(table, [name], n_resamples, np.random.default_rng(seed))[:, 0]
    jackknife = weights = None
    if method == "bca":  # leaving out any one object of a cell gives the same table
        cells = np.flatnonzero(table)
        weights = table.ravel()[cells]
        jackknife = np.empty(len(cells))
        for j, cell in enumerate(cells):
            left = table.ravel().copy()
            left[cell] -= 1
            jackknife[j] = of(left.reshape(table.shape))
    return _interval(estimate, values, jackknife, weights, method, confidence, seed)


def _interval(estimate, values, jackknife, weights, method, confidence, seed) -> BootstrapResult:
    finite = values[np.isfinite(values)]
    if not len(finite):
        raise InputError("the statistic is undefined on every resample: there is no interval to find.")
    alpha = (1 - confidence) / 2
    bias = acceleration = float("nan")
    levels = np.array([alpha, 1 - alpha])
    if method == "bca":
        if not np.all(np.isfinite(jackknife)):
            raise InputError("the statistic is undefined on a jackknife sample (one object left out): use method='percentile'.")
        # z0 from the share of resampled values below the estimate, ties counted half
        below = (np.count_nonzero(finite < estimate) + np.count_nonzero(finite <= estimate)) / (2 * len(finite))
        if not 0 < below < 1:
            raise InputError("the BCa interval is undefined here (every resampled value on one side of the estimate): use method='percentile'.")
        bias = NORMAL.inv_cdf(below)
        w = np.ones(len(jackknife)) if weights is None else np.asarray(weights, dtype=float)
        u = np.average(jackknife, weights=w) - jackknife
        spread = np.sum(w * u**2)
        acceleration = float(np.sum(w * u**3) / (6 * spread**1.5)) if spread > 0 else 0.0
        z = np.array([NORMAL.inv_cdf(level) for level in levels])
        levels = np.array([NORMAL.cdf(bias + (bias + zi) / (1 - acceleration * (bias + zi))) for zi in z])
    low, high = np.quantile(finite, levels)
    return BootstrapResult(estimate=float(estimate), low=float(low), high=float(high), method=method,
                           confidence=float(confidence), n_resamples=len(values), seed=seed, values=values,
                           bias=bias, acceleration=acceleration)  # fmt: skip


@described("external", parameters={**_RESAMPLES, "table": TABLE})
def table_resamples(table, names: Sequence[str], n_resamples: int, rng: np.random.Generator, **options) -> np.ndarray:
    """External indices on resamples of the objects a contingency table counts.

    Drawing n objects with replacement draws the table again: a multinomial draw of n over its
    cells' shares (a class or cluster that no drawn object falls in is absent, as it would be
    from the resampled labels). Every index is computed on each drawn table, NaN where a
    resample leaves it undefined (e.g. one class drawn).

    Parameters
    ----------
    names : sequence of str
        Registry names of external indices.
    rng : numpy.random.Generator
        The draws' stream (the draws are ``rng.multinomial(n, shares, size=n_resamples)``).

    Returns
    -------
    ndarray of shape (n_resamples, len(names))
        Each resample's values, the indices in the order of ``names``.

    Examples
    --------
    >>> table_resamples([[5, 0], [0, 5]], ["accuracy"], 3, np.random.default_rng(0)).tolist()
    [[1.0], [1.0], [1.0]]
    """
    table = np.asarray(table, dtype=np.int64)
    n = int(table.sum())
    if n < 2:
        raise InputError("a bootstrap needs at least two objects.")
    draws = rng.multinomial(n, table.ravel() / n, size=n_resamples)
    out = np.empty((n_resamples, len(names)))
    for b, drawn in enumerate(draws):
        values = external_scores_from_table(drawn.reshape(table.shape), names, undefined="nan", **options)
        out[b] = [values[name] for name in names]
    return out
