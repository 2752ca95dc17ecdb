"""External indices against chance: expectations and variances under random models, the
indices adjusted for chance under a stated model, and the standardized mutual information.

An index adjusted for chance is ``(I - E[I]) / (max I - E[I])``: 0 for a clustering no better
than a random one, 1 at the maximum. The expectation depends on what "random" means (Gates &
Ahn 2017, "The impact of random models on clustering similarity", JMLR 18(87):1-28). The
models are named as Gates & Ahn and their package clusim name them:

| model   | the random clustering(s) |
|---------|--------------------------|
| `perm`  | both labellings random, their block sizes fixed: the permutation (hypergeometric) model of the ARI (Hubert & Arabie 1985) and the AMI (Vinh et al. 2010); the table's margins are fixed |
| `perm1` | one-sided: the classes fixed, the clustering random with its cluster sizes fixed (the same law of the table as `perm`) |
| `num`   | both random, uniform over the partitions of the n objects into exactly C (the classes') and exactly K (the clustering's) blocks, independently |
| `num1`  | one-sided: the classes fixed, the clustering uniform over the partitions into exactly K blocks |
| `all`   | both random, uniform over all partitions of the n objects (any number of blocks) |
| `all1`  | one-sided: the classes fixed, the clustering uniform over all partitions |

The one-sided models hold ``labels_true`` fixed; ``fixed="labels_pred"`` holds the
clustering instead, as clusim holds its second argument (:data:`FIXED`), so clusim's call
on (c1, c2) is clustval's on (c1, c2) with ``fixed="labels_pred"``.

Indices with an exact expectation here (:data:`EXPECTED_INDICES`): ``rand`` and
``russel_rao`` (linear in the pair counts), ``mutual_info`` and ``vi`` (linear in the
entropies). :func:`adjusted` offers ``rand`` (max 1: under ``perm`` the ARI) and
``mutual_info`` (max: clusim's "sum" normaliser, the mean of the two entropies under
``perm``, (log C + log K) / 2 under ``num`` and log n under ``all``: under ``perm`` the AMI).
Under ``num`` and ``all`` the block-size law comes from exact integer Stirling and Bell
numbers, up to :data:`MAX_PARTITION_OBJECTS` objects.

:func:`variance` gives the exact variance of ``rand``, ``russel_rao`` and ``mutual_info``
under ``perm`` (Romano, Bailey, Nguyen & Verspoor 2014, "Standardized mutual information for
clustering comparisons: one step further in adjustment for chance", ICML), and :func:`smi` the
standardized mutual information ``(MI - E[MI]) / sqrt(Var[MI])``: nested hypergeometric
laws summed over the distinct pairs of class and cluster sizes, refused only above about a
minute of work (:data:`MAX_VARIANCE_WORK`); 1.0, fastami's value, where Var[MI] is 0.
"""

from __future__ import annotations

import functools
import math
from fractions import Fraction

import numpy as np

from ..errors import InputError, UndefinedIndexError, shown
from ._docs import described
from .contingency import Contingency, contingency, sum_pairs
from .information import (
    _blocks_by_width,
    atanh_excess,
    class_entropy,
    cluster_entropy,
    expected_mutual_info,
    hypergeometric_reach,
    mutual_info,
    weighted_emi,
)

__all__ = [
    "ADJUSTED_INDICES",
    "EXPECTED_INDICES",
    "FIXED",
    "MODELS",
    "ONE_SIDED",
    "VARIANCE_INDICES",
    "adjusted",
    "expected",
    "smi",
    "variance",
]  # fmt: skip

#: The random models (Gates & Ahn 2017, clusim's names); see the module's table.
MODELS = ("perm", "perm1", "num", "num1", "all", "all1")
#: The one-sided models: one labelling fixed (its sizes), the other drawn.
ONE_SIDED = ("perm1", "num1", "all1")
#: Which labelling the one-sided models hold fixed (``fixed=``): clustval's default, the
#: classes, or the clustering, as clusim holds its second argument.
FIXED = ("labels_true", "labels_pred")
#: Indices with an exact expectation under every model.
EXPECTED_INDICES = ("rand", "russel_rao", "mutual_info", "vi")
#: Indices :func:`adjusted` adjusts (each has a maximum to adjust towards).
ADJUSTED_INDICES = ("rand", "mutual_info")
#: Indices with an exact variance under ``perm`` / ``perm1``.
VARIANCE_INDICES = ("rand", "russel_rao", "mutual_info")
#: ``num`` and ``all`` models: the most objects whose exact Stirling / Bell numbers are used
#: (their cost grows as n K, resp. n^2, big-integer additions: about a second at this bound).
MAX_PARTITION_OBJECTS = 2000
#: The exact variance's work bound, in terms (a probability of a nested hypergeometric law
#: times the value it weighs, as :func:`variance` estimates them before it sums): about a
#: minute of work at :data:`VARIANCE_TERMS_PER_SECOND`.
MAX_VARIANCE_WORK = 2 * 10**9
#: The terms of the exact variance summed per second on the development machine (one core),
#: which turn the work of a refused table into the time it would take.
VARIANCE_TERMS_PER_SECOND = 3 * 10**7
#: Below this share of the cells' own variances (sum_ij Var f(n_ij)) a variance is 0: the
#: margins leave the statistic the same for every table (margins (4, 4) and (7, 1): the
#: lone object's class does not change MI), and what the sum leaves is rounding (about
#: 4e-16 of them on such tables up to 50 x 2; the smallest true share, margins (m + 1, m)
#: and (2m, 1), is about 20 / n^2, above this bound up to n = 4 million).
ZERO_VARIANCE_RTOL = 1e-12
#: The variance's hypergeometric laws are cut where the mass beyond is below 2 exp(-50)
#: (4e-22, Bernstein's bound): a term there weighs less than 1e-18 of the variance, and
#: the laws are half as wide as E[MI]'s cut at 2 exp(-120) makes them.
VARIANCE_TAIL_LOG = 50.0
# Terms of the nested laws built at once (a few arrays of this many), and rows of them
_VARIANCE_BLOCK_TERMS = 2**18
_VARIANCE_BLOCK_ROWS = 2**16


def _check_model(model: str) -> str:
    if not isinstance(model, str) or model not in MODELS:
        raise InputError(f"model must be one of {MODELS}, got {shown(model)}.")
    return model


def _check_fixed(fixed: str) -> str:
    if not isinstance(fixed, str) or fixed not in FIXED:
        raise InputError(f"fixed must be one of {FIXED} (the labelling the one-sided models hold), got {shown(fixed)}.")
    return fixed


def _check_index(index: str, allowed: tuple[str, ...], what: str) -> str:
    if index not in allowed:
        raise InputError(f"{what} is available for the indices {allowed}, got {index!r}.")
    return index


# --------------------------------------------------------------------------------------
# Random partitions: Stirling and Bell numbers, block-size laws
# --------------------------------------------------------------------------------------


def _check_partition_size(n: int, model: str) -> None:
    if n > MAX_PARTITION_OBJECTS:
        raise InputError(
            f"model {model!r} uses exact Stirling/Bell numbers, computed up to "
            f"{MAX_PARTITION_OBJECTS} objects; got {n} (use 'perm', or significance()'s Monte Carlo)."
        )


@functools.lru_cache(maxsize=8)
def _stirling_column(n: int, k: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(S(m, k - 1) for m = 0..n, S(m, k) for m = 0..n): Stirling numbers of the second
    kind, exact, by S(m, j) = j S(m - 1, j) + S(m - 1, j - 1), O(n k) additions."""
    row = [1] + [0] * k  # S(0, j)
    below, at = [row[k - 1]], [row[k]]
    for _ in range(n):
        row = [0] + [j * row[j] + row[j - 1] for j in range(1, k + 1)]
        below.append(row[k - 1])
        at.append(row[k])
    return tuple(below), tuple(at)


@functools.lru_cache(maxsize=8)
def _bell_numbers(n: int) -> tuple[int, ...]:
    """B(0), ..., B(n), exact, by the Bell triangle (O(n^2) additions)."""
    bell, row = [1], [1]
    for _ in range(n):
        new = [row[-1]]
        for value in row:
            new.append(new[-1] + value)
        row = new
        bell.append(row[0])
    return tuple(bell)


def _together(n: int, kind: str, k: int) -> Fraction:
    """P(two given objects share a block) of a random partition: S(n-1, k)/S(n, k) (``num``),
    B(n-1)/B(n) (``all``)."""
    if n < 2:
        return Fraction(1)
    if kind == "num":
        at = _stirling_column(n, k)[1]
        return Fraction(at[n - 1], at[n])
    bell = _bell_numbers(n)
    return Fraction(bell[n - 1], bell[n])


def _block_sizes(n: int, kind: str, k: int) -> tuple[np.ndarray, np.ndarray]:
    """(s, c_s): the expected number c_s of blocks of size s of a random partition,
    C(n, s) S(n - s, k - 1) / S(n, k) (``num``) or C(n, s) B(n - s) / B(n) (``all``): a given
    s-set is a block with the probability of partitioning the other n - s objects."""
    sizes = np.arange(1, n + 1)
    if kind == "num":
        below, at = _stirling_column(n, k)
        counts = [math.comb(n, s) * below[n - s] / at[n] for s in range(1, n + 1)]  # int/int: rounded once
    else:
        bell = _bell_numbers(n)
        counts = [math.comb(n, s) * bell[n - s] / bell[n] for s in range(1, n + 1)]
    counts = np.array(counts, dtype=np.float64)
    kept = counts > 0
    return sizes[kept], counts[kept]


def _side(ct: Contingency, model: str, true_side: bool, fixed: str) -> tuple[str, int]:
    """How one labelling is drawn: ``("fixed", 0)``, ``("num", blocks)`` or ``("all", 0)``.
    Both are random in the two-sided models; in the one-sided ones the ``fixed`` side is
    held (its sizes), the other drawn."""
    if true_side == (fixed == "labels_true") and model in ONE_SIDED:
        return "fixed", 0
    if model.startswith("perm"):
        return "fixed", 0  # the permutation model: both sides' sizes fixed
    kind = model.rstrip("1")
    return kind, (ct.n_classes if true_side else ct.n_clusters)


def _size_law(ct: Contingency, model: str, true_side: bool, fixed: str) -> tuple[np.ndarray, np.ndarray]:
    """(sizes, expected number of blocks of each size) of one side under the model."""
    kind, k = _side(ct, model, true_side, fixed)
    if kind == "fixed":
        sizes, counts = np.unique(ct.row_sums if true_side else ct.col_sums, return_counts=True)
        return sizes, counts.astype(np.float64)
    _check_partition_size(ct.n, model)
    return _block_sizes(ct.n, kind, k)


def _pair_share(ct: Contingency, model: str, true_side: bool, fixed: str) -> Fraction:
    """P(two given objects share a block) on one side, exactly."""
    kind, k = _side(ct, model, true_side, fixed)
    pairs = math.comb(ct.n, 2)
    if kind == "fixed":
        sums = ct.row_sums if true_side else ct.col_sums
        return Fraction(sum_pairs(sums), pairs) if pairs else Fraction(1)
    _check_partition_size(ct.n, model)
    return _together(ct.n, kind, k)


# --------------------------------------------------------------------------------------
# Expectations
# --------------------------------------------------------------------------------------


def _expected_entropy(sizes: np.ndarray, counts: np.ndarray, n: int) -> float:
    """E[H] of a labelling with ``counts`` expected blocks of each size, in nats."""
    share = sizes / n
    return float(-(counts * share * np.log(share)).sum())


def _expected_mi(ct: Contingency, model: str, fixed: str) -> float:
    if model.startswith("perm"):
        return expected_mutual_info(ct.row_sums, ct.col_sums, ct.n)
    a, a_weight = _size_law(ct, model, True, fixed)
    b, b_weight = _size_law(ct, model, False, fixed)
    if ct.n == 1:
        return 0.0
    return weighted_emi(a, a_weight, b, b_weight, ct.n)


def _expected_tp(ct: Contingency, model: str, fixed: str) -> Fraction:
    """E[TP] = C(n, 2) P(together in the classes) P(together in the clustering): the two
    labellings are independent under every model, and a pair's events with them."""
    return math.comb(ct.n, 2) * _pair_share(ct, model, True, fixed) * _pair_share(ct, model, False, fixed)


def _expected_exact(ct: Contingency, index: str, model: str, fixed: str) -> Fraction | float:
    pairs = math.comb(ct.n, 2)
    if index in ("rand", "russel_rao"):
        if pairs == 0:
            return Fraction(1)
        tp = _expected_tp(ct, model, fixed)
        if index == "russel_rao":
            return tp / pairs
        # RI = 1 - (P_true + P_pred - 2 TP) / N, P_* the pairs together on each side
        together = (_pair_share(ct, model, True, fixed) + _pair_share(ct, model, False, fixed)) * pairs
        return 1 - (together - 2 * tp) / pairs
    emi = _expected_mi(ct, model, fixed)
    if index == "mutual_info":
        return emi
    entropies = sum(_expected_entropy(*_size_law(ct, model, side, fixed), ct.n) for side in (True, False))
    return entropies - 2.0 * emi  # vi



#: The random model and its fixed side, as the chance functions and the inference take them, written once
RANDOM_MODEL_PARAMETERS = {
    "model": """model : {"perm", "perm1", "num", "num1", "all", "all1"}, default "perm"
    Gates & Ahn's (2017) random model of the labellings, one of :data:`MODELS` (the module's
    table).""",
    "fixed": """fixed : {"labels_true", "labels_pred"}, default "labels_true"
    The labelling the one-sided models (``perm1``, ``num1``, ``all1``) hold fixed, the other
    drawn; ``"labels_pred"`` is clusim's order. The two-sided models ignore it.""",
}


def _of(indices: str) -> dict[str, str]:
    """The chance functions' Parameters, ``index`` among the module's table ``indices``."""
    return {**RANDOM_MODEL_PARAMETERS, "index": f"index : str\n    A registry name among :data:`{indices}`."}

@described(parameters=_of("EXPECTED_INDICES"))
def expected(index: str, labels_true, labels_pred, *, model: str = "perm", fixed: str = "labels_true") -> float:
    """The expected value of an external index under a random model (Gates & Ahn 2017).

    ``rand`` and ``russel_rao`` are exact rationals rounded once; ``mutual_info`` (nats) and
    ``vi`` sum the hypergeometric law of each cell over the block sizes of the model (the
    E[MI] kernel of :func:`clustval.indices.information.expected_mutual_info`). Under the
    one-sided models one labelling is the fixed reference, the classes (``labels_true``)
    by default; the other is random with its own K blocks (``num1``) or sizes (``perm1``).
    clusim holds its second clustering fixed: its ``expected_rand_index(...,
    random_model="num1")`` of (c1, c2) is ``expected("rand", c1, c2, model="num1",
    fixed="labels_pred")``. Under the two-sided models only the labellings' numbers of
    blocks (``num``), sizes (``perm``) or n (``all``) matter.

    Returns
    -------
    float
        E[index] under the model.

    Raises
    ------
    clustval.errors.InputError
        An unknown index, model or fixed side, or ``num`` / ``all`` above
        :data:`MAX_PARTITION_OBJECTS`.

    Examples
    --------
    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]
    >>> expected("rand", t, p)  # 1 - (6 + 7)/15 + 2 * 6 * 7 / 15**2
    0.5066666666666667
    >>> Q = 15 / 31  # P(a pair together in a random 2-block partition) = S(5, 2) / S(6, 2)
    >>> round(expected("rand", t, p, model="num1"), 12) == round(Q * 6 / 15 + (1 - Q) * 9 / 15, 12)
    True
    >>> c1, c2 = [0, 1, 1, 0], [0, 1, 1, 1]  # clusim's test: c2 fixed, c1 drawn in 2 blocks
    >>> expected("rand", c1, c2, model="num1", fixed="labels_pred")
    0.5
    """
    _check_index(index, EXPECTED_INDICES, "expected()")
    ct = contingency(labels_true, labels_pred)
    return float(_expected_exact(ct, index, _check_model(model), _check_fixed(fixed)))


def _mi_maximum(ct: Contingency, model: str) -> float:
    """The "sum" normaliser of clusim's adjusted MI under the model (Gates & Ahn 2017)."""
    if model.startswith("perm"):
        return (class_entropy(ct) + cluster_entropy(ct)) / 2.0
    if model.startswith("num"):
        return (math.log(ct.n_classes) + math.log(ct.n_clusters)) / 2.0
    return math.log(ct.n)


@described(parameters=_of("ADJUSTED_INDICES"))
def adjusted(index: str, labels_true, labels_pred, *, model: str = "perm", fixed: str = "labels_true") -> float:
    """An external index adjusted for chance under a random model: ``(I - E[I]) / (max - E[I])``.

    ``rand``: max 1, E[RI] exact (:func:`expected`); under ``perm`` this is the ARI
    (:func:`clustval.ari`), both correctly rounded from the same rational. ``mutual_info``:
    max the normaliser of clusim's ``adj_mi`` with ``norm_type="sum"`` (the mean of the two
    entropies under ``perm``/``perm1``, (log C + log K) / 2 under ``num``/``num1``, log n
    under ``all``/``all1``); under ``perm`` this is the AMI (:func:`clustval.ami`). Where
    max = E[I] (every random clustering scores the maximum, so this one does) the value is
    1.0, the ARI's and AMI's value for identical labellings (clusim gives 0.0 there).
    clusim's ``adjrand_index(c1, c2, random_model=m)`` and ``adj_mi(c1, c2,
    random_model=m)`` (natural log) hold c2 fixed: ``adjusted(index, c1, c2, model=m,
    fixed="labels_pred")``.

    Returns
    -------
    float
        The adjusted index: 0 in expectation under the model, 1 at the maximum.

    Raises
    ------
    clustval.errors.InputError
        An unknown index or model, or ``num`` / ``all`` above :data:`MAX_PARTITION_OBJECTS`.

    Examples
    --------
    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]
    >>> adjusted("rand", t, p)  # the ARI
    0.32432432432432434
    >>> round(adjusted("rand", t, p, model="num1"), 12)
    0.329004329004
    """
    _check_index(index, ADJUSTED_INDICES, "adjusted()")
    return adjusted_of_table(contingency(labels_true, labels_pred), index, model, fixed)


@described()
def adjusted_of_table(ct: Contingency, index: str, model: str = "perm", fixed: str = "labels_true") -> float:
    """:func:`adjusted` of a contingency table (ARI's and AMI's ``model`` and ``fixed``).

    Parameters
    ----------
    index, model, fixed : str
        As :func:`adjusted` takes them.

    Returns
    -------
    float
        The adjusted index.

    Examples
    --------
    >>> round(adjusted_of_table(contingency([0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]), "rand", "num1"), 12)
    0.329004329004
    """
    _check_index(index, ADJUSTED_INDICES, "adjusted()")
    model, fixed = _check_model(model), _check_fixed(fixed)
    if index == "rand":
        pairs = math.comb(ct.n, 2)
        tp, _, _, tn = ct.pairs
        value = Fraction(tp + tn, pairs) if pairs else Fraction(1)
        mean = _expected_exact(ct, "rand", model, fixed)
        return 1.0 if mean == 1 else float((value - mean) / (1 - mean))
    mean = _expected_mi(ct, model, fixed)
    maximum = _mi_maximum(ct, model)
    if maximum == mean:
        return 1.0
    return float((mutual_info(ct) - mean) / (maximum - mean))


# --------------------------------------------------------------------------------------
# Exact variances under the permutation model, and SMI
# --------------------------------------------------------------------------------------


def _support(pop, succ, draws) -> tuple[np.ndarray, ...]:
    """(k_min, k_max, mode, left, right) of hypergeometric laws (int64 arrays, broadcast):
    the support, the mode, and how far :func:`_hypergeom` reaches below and above it."""
    pop, succ, draws = np.broadcast_arrays(*(np.asarray(x, dtype=np.int64) for x in (pop, succ, draws)))
    k_min, k_max = np.maximum(0, succ + draws - pop), np.minimum(succ, draws)
    mode = np.clip((succ + 1) * (draws + 1) // (pop + 2), k_min, k_max)
    reach = hypergeometric_reach(succ, draws, pop, VARIANCE_TAIL_LOG)
    return k_min, k_max, mode, np.minimum(mode - k_min, reach), np.minimum(k_max - mode, reach)


def _hypergeom(pop, succ, draws) -> tuple[np.ndarray, np.ndarray]:
    """Hypergeometric laws, one a row: ``(k, p)`` of shape (rows, width), k the successes in
    ``draws`` draws from ``pop`` objects of which ``succ`` succeed, p their probabilities
    (0 on the padding, where k is clipped into the support), each row summing to 1 (or all 0
    for an impossible law).

    As the E[MI] kernel: P(k) / P(mode) multiplied outwards from the mode by the ratios of
    consecutive terms, the support cut where the mass beyond is < 2 exp(-VARIANCE_TAIL_LOG).
    """
    pop, succ, draws = (np.atleast_1d(np.asarray(x, dtype=np.int64)) for x in (pop, succ, draws))
    pop, succ, draws = np.broadcast_arrays(pop, succ, draws)
    k_min, k_max, mode, left, right = _support(pop, succ, draws)
    lw, rw = int(left.max()), int(right.max())
    offset = np.arange(-lw, rw + 1)
    k = mode[:, None] + offset
    kf = k.astype(np.float64)
    af, bf = succ[:, None].astype(np.float64), draws[:, None].astype(np.float64)
    rest = pop[:, None].astype(np.float64) - af - bf
    p = np.empty(k.shape)
    with np.errstate(divide="ignore", invalid="ignore"):
        p[:, lw] = 1.0
        up = kf[:, lw + 1 :]
        p[:, lw + 1 :] = (af - up + 1) * (bf - up + 1) / (up * (rest + up))
        down = kf[:, :lw]
        p[:, :lw] = (down + 1) * (rest + down + 1) / ((af - down) * (bf - down))
    outside = (offset < -left[:, None]) | (offset > right[:, None])
    p[outside] = 0.0
    np.cumprod(p[:, lw:], axis=1, out=p[:, lw:])
    p[:, lw::-1] = np.cumprod(p[:, lw::-1], axis=1)
    mass = p.sum(axis=1, keepdims=True)
    p /= np.where(mass > 0, mass, 1.0)  # 0: an impossible law (succ > pop)
    return np.clip(k, k_min[:, None], k_max[:, None]), p


def _expectations(pop, succ, draws, value) -> np.ndarray:
    """``E[value(K, rows)]`` for K ~ Hyp(pop[r], succ[r], draws[r]), row by row.

    ``value(k, rows)`` gives the value at each k of the laws of ``rows`` (k of shape
    (len(rows), width)). The laws are built in blocks of rows of like width, each block at
    most :data:`_VARIANCE_BLOCK_TERMS` terms (or one row), so the memory stays bounded.
    """
    pop, succ, draws = np.broadcast_arrays(*(np.atleast_1d(np.asarray(x, dtype=np.int64)) for x in (pop, succ, draws)))
    _, _, _, left, right = _support(pop, succ, draws)
    order = np.argsort(left + right, kind="stable")
    out = np.empty(pop.shape[0])
    for block in _blocks_by_width(left[order] + right[order] + 1, _VARIANCE_BLOCK_TERMS):
        rows = order[block]
        k, p = _hypergeom(pop[rows], succ[rows], draws[rows])
        out[rows] = (p * value(k, rows)).sum(axis=1)
    return out


def _chunks(total: int, per: int):
    """Slices of ``range(total)`` of at most max(1, ``_VARIANCE_BLOCK_ROWS // per``) items."""
    step = max(1, _VARIANCE_BLOCK_ROWS // max(per, 1))
    return (slice(start, min(start + step, total)) for start in range(0, total, step))


def _size_types(sizes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The distinct sizes (int64) and how many blocks have each (float)."""
    values, counts = np.unique(np.asarray(sizes, dtype=np.int64), return_counts=True)
    return values, counts.astype(np.float64)


def _deviance(k: np.ndarray, mu) -> np.ndarray:
    """k log(k / mu) - k + mu (>= 0), without cancellation (the E[MI] kernel's form)."""
    kf = np.asarray(k, dtype=np.float64)
    mu = np.broadcast_to(np.asarray(mu, dtype=np.float64), kf.shape)
    with np.errstate(divide="ignore", invalid="ignore"):
        s = (kf - mu) / (kf + mu)
        value = 2.0 * mu * (s * s + (1 + s) * atanh_excess(s)) / (1 - s)
    return np.where(kf == 0, mu, value)


def _cell_terms(index: str):
    """The function f(k, a, b) whose sum over the cells is the statistic: n MI (the deviance,
    sum_ij f = n MI exactly as the linear parts cancel with fixed margins) or TP."""
    if index == "mutual_info":
        return lambda k, a, b, n: _deviance(k, np.asarray(a, dtype=np.float64) * b / n)
    return lambda k, a, b, n: np.asarray(k, dtype=np.float64) * (np.asarray(k, dtype=np.float64) - 1) / 2


def _variance_work(a: np.ndarray, b: np.ndarray, n: int) -> float:
    """About how many terms :func:`_cell_sum_variance` sums, from the widths w_uv of the laws
    of the cells of each pair of distinct sizes (u of the rows, v of the columns): the
    nested laws of the cells of the same column cost ``sum_v (sum_u w_uv)^2`` and those of
    the same row ``sum_u (sum_v w_uv)^2``, the side with fewer distinct sizes as the rows."""
    A, _ = _size_types(a)
    B, _ = _size_types(b)
    if A.size > B.size:
        A, B = B, A
    _, _, _, left, right = _support(n, A[:, None], B[None, :])
    widths = (left + right + 1).astype(np.float64)
    return float((widths.sum(axis=0) ** 2).sum() + (widths.sum(axis=1) ** 2).sum())


def _cell_sum_variance(a: np.ndarray, b: np.ndarray, n: int, f) -> tuple[float, float]:
    """(Var(sum_ij f(n_ij)), sum_ij Var f(n_ij)) under the permutation model, exactly (to rounding).

    The variance is the sum of the covariances of every ordered pair of cells (Romano et al.
    2014, sec. 3), each written as nested hypergeometric laws: given n_ij = k, a cell
    (i, j') of the same row is Hyp(n - b_j, a_i - k, b_j'), a cell (i', j) of the same column
    Hyp(n - a_i, b_j - k, a_i'), and a cell (i', j') of neither first takes its row's m
    objects of column j, m ~ Hyp(n - a_i, a_i', b_j - k), then n_i'j' ~ Hyp(n - b_j,
    a_i' - m, b_j'), which does not depend on k. A cell's law depends on its margins only,
    so the sums run over the distinct row sizes u and column sizes v, each weighted by how
    many rows and columns have it: with the cell's deviation g_uv(k) = f(k) - E f,

    * ``Q_uv(m) = sum_v' (c_v' - [v' = v]) E[g_uv'(Hyp(n - b_v, a_u - m, b_v'))]``, what the
      other cells of the row of a cell (u, v) holding m add;
    * ``Var = sum_uv r_u c_v sum_k P(k) g_uv(k) (g_uv(k) + Q_uv(k) + sum_u' (r_u' - [u' = u])
      E_m[g_u'v(m) + Q_u'v(m)])``, m ~ Hyp(n - a_u, a_u', b_v - k) the cell of another row
      in the same column (one law for that cell and the rest of its row).

    Each factor is centred on its mean (no cancellation of large squares). The side with
    fewer distinct sizes is taken as the rows (f is symmetric in the margins). Cost: the
    laws of Q, ``sum_u (sum_v w_uv)^2`` terms, and those of m, ``sum_v (sum_u w_uv)^2``, for
    cell laws w_uv wide (:func:`_variance_work`).
    """
    A, r = _size_types(a)
    B, c = _size_types(b)
    if A.size > B.size:
        (A, r), (B, c) = (B, c), (A, r)
    U, V = A.size, B.size
    cell_u, cell_v = np.repeat(np.arange(U), V), np.tile(np.arange(V), U)
    k0, p0 = _hypergeom(n, A[cell_u], B[cell_v])
    values = f(k0, A[cell_u][:, None], B[cell_v][:, None], n)
    mean = (p0 * values).sum(axis=1)
    dev = values - mean[:, None]
    weight = r[cell_u] * c[cell_v]
    own = float(weight @ (p0 * dev * dev).sum(axis=1))
    mean = mean.reshape(U, V)
    # the states (cell type, k) of positive probability, each with P(k) g(k)
    state, column = np.nonzero(p0 > 0)
    su, sv, sk, sw = cell_u[state], cell_v[state], k0[state, column], (p0 * dev)[state, column]
    S = state.size

    def others(counts, own_index, size):  # (rows, size) weights c_v' - [v' = own]
        w = np.broadcast_to(counts, (own_index.size, size)).copy()
        w[np.arange(own_index.size), own_index] -= 1
        return w

    def rows_of(span):  # (state, other row size u') pairs of positive weight r_u' - [u' = u]
        w = others(r, su[span], U)
        s, o = np.nonzero(w > 0)
        return s + span.start, o, w[s, o]

    # Q's window of m for each cell type (u, v): its states and every m-law of the cells of
    # neither row nor column that reads it
    lo, hi = np.full((U, V), np.iinfo(np.int64).max), np.full((U, V), -1)
    np.minimum.at(lo, (su, sv), sk)
    np.maximum.at(hi, (su, sv), sk)
    for span in _chunks(S, U):
        s, u2, _ = rows_of(span)
        _, _, mode, left, right = _support(n - A[su[s]], A[u2], B[sv[s]] - sk[s])
        np.minimum.at(lo, (u2, sv[s]), mode - left)
        np.maximum.at(hi, (u2, sv[s]), mode + right)
    width = np.where(hi >= lo, hi - lo + 1, 0)
    start = np.concatenate(([0], np.cumsum(width.ravel())))[:-1].reshape(U, V)
    types = np.flatnonzero(width.ravel() > 0)

    def q_rows():  # (slot of Q, row size u, column v', weight, its law) for each m of each window
        for span in _chunks(types.size, int(width.max(initial=1)) * V):
            tu, tv = np.divmod(types[span], V)
            m_u, m_v = np.repeat(tu, width[tu, tv]), np.repeat(tv, width[tu, tv])
            m = lo[m_u, m_v] + _ranges(width[tu, tv])
            w = others(c, m_v, V)
            q, v2 = np.nonzero(w > 0)
            law = (n - B[m_v[q]], A[m_u[q]] - m[q], B[v2])
            yield start[m_u[q], m_v[q]] + m[q] - lo[m_u[q], m_v[q]], m_u[q], v2, w[q, v2], law

    # g_uv(k) at every k these laws reach, computed once a cell type (f is the costly part)
    f_lo, f_hi = np.full((U, V), np.iinfo(np.int64).max), np.full((U, V), -1)
    for _, u1, v2, _, law in q_rows():
        _, _, mode, left, right = _support(*law)
        np.minimum.at(f_lo, (u1, v2), mode - left)
        np.maximum.at(f_hi, (u1, v2), mode + right)
    f_width = np.where(f_hi >= f_lo, f_hi - f_lo + 1, 0)
    f_start = np.concatenate(([0], np.cumsum(f_width.ravel())))[:-1].reshape(U, V)
    g_u, g_v = np.divmod(np.repeat(np.arange(U * V), f_width.ravel()), V)
    g = f(f_lo[g_u, g_v] + _ranges(f_width.ravel()), A[g_u], B[g_v], n) - mean[g_u, g_v]
    Q = np.zeros(int(width.sum()))
    for slot, u1, v2, w, law in q_rows():
        e = _expectations(*law, lambda k, rows: _window(g, f_start, f_lo, f_hi, u1[rows], v2[rows], k))
        Q += np.bincount(slot, weights=w * e, minlength=Q.size)
    # G_uv(m) = g_uv(m) + Q_uv(m) on the windows: a cell (u, v) holding m, and the rest of its row
    slot_u, slot_v = np.divmod(np.repeat(np.arange(U * V), width.ravel()), V)
    m = lo[slot_u, slot_v] + _ranges(width.ravel())
    G = Q + (f(m, A[slot_u], B[slot_v], n) - mean[slot_u, slot_v])
    total = Q[start[su, sv] + sk - lo[su, sv]]  # the rest of the state's own row
    for span in _chunks(S, U):
        s, u2, w = rows_of(span)
        # the other rows, m ~ Hyp(n - a_u, a_u', b_v - k) in the state's column
        e = _expectations(n - A[su[s]], A[u2], B[sv[s]] - sk[s],
                          lambda k, rows: _window(G, start, lo, hi, u2[rows], sv[s[rows]], k))
        total += np.bincount(s, weights=w * e, minlength=S)
    return own + float((weight.reshape(U, V)[su, sv] * sw) @ total), own


def _window(table: np.ndarray, start, lo, hi, u, v, k: np.ndarray) -> np.ndarray:
    """A function of the cell types (u, v) tabulated on windows of k (``table[start[u, v] +
    k - lo[u, v]]`` for k in lo..hi), at the rows' k, clipped into their windows (the padding
    of a block of laws, of probability 0, may reach past them)."""
    u, v = u[:, None], v[:, None]
    return table[start[u, v] + np.clip(k, lo[u, v], hi[u, v]) - lo[u, v]]


def _ranges(widths: np.ndarray) -> np.ndarray:
    """0, 1, ..., w - 1 for each w of ``widths``, one after the other."""
    ends = np.cumsum(widths)
    return np.arange(int(ends[-1]) if ends.size else 0) - np.repeat(ends - widths, widths)


def _perm_variance(ct: Contingency, index: str) -> float:
    a, b, n = ct.row_sums, ct.col_sums, ct.n
    if ct.n_classes == 1 or ct.n_clusters == 1:
        return 0.0  # the table is fixed by its margins
    work = _variance_work(a, b, n)
    if work > MAX_VARIANCE_WORK:
        raise InputError(
            f"the exact variance would sum about {work:.2g} terms, about {work / VARIANCE_TERMS_PER_SECOND / 60:.1f} "
            f"min (C = {ct.n_classes}, K = {ct.n_clusters}, n = {n}), above MAX_VARIANCE_WORK = "
            f"{MAX_VARIANCE_WORK:.2g}; use clustval.significance() for a Monte Carlo null instead."
        )
    var, own = _cell_sum_variance(a, b, n, _cell_terms(index))
    # margins that leave the statistic the same for every table: what remains is rounding
    var = 0.0 if var <= ZERO_VARIANCE_RTOL * own else var
    if index == "mutual_info":
        return var / (n * n)
    pairs = math.comb(n, 2)
    return var * (4.0 if index == "rand" else 1.0) / (pairs * pairs)  # RI = const + 2 TP / N


@described(parameters=_of("VARIANCE_INDICES"))
def variance(index: str, labels_true, labels_pred, *, model: str = "perm") -> float:
    """The exact variance of an external index under the permutation model.

    ``rand`` and ``russel_rao`` (through TP = sum C(n_ij, 2)) and ``mutual_info`` (nats):
    the sum over every ordered pair of cells of their covariance under the hypergeometric
    model (Romano et al. 2014), each written as nested hypergeometric laws cut at a tail mass
    of 2 exp(-50), and summed over the distinct pairs of row and column sizes (cells of the
    same margins have the same laws). Cost: about ``sum_v (sum_u w_uv)^2 + sum_u (sum_v
    w_uv)^2`` terms for u and v the distinct class and cluster sizes and w_uv the width of
    their cell's law (at most min(a_u, b_v) + 1; about 20 standard deviations), 30 million
    terms a second (:data:`VARIANCE_TERMS_PER_SECOND`): fastami's 92 objects in 50 x 30
    cells in 5 ms, n = 3,000 in 30 x 30 in 1 s; refused (an InputError naming the time it
    would take) above :data:`MAX_VARIANCE_WORK`, about a minute. Margins that leave the
    index the same for every table give exactly 0.0 (:data:`ZERO_VARIANCE_RTOL`). Of the
    models only ``perm`` and ``perm1`` (the same law, fixed by the labellings' sizes) have a
    variance here.

    Returns
    -------
    float
        Var[index] under the model.

    Raises
    ------
    clustval.errors.InputError
        An unknown index, another model, or a table above the work bound.

    Examples
    --------
    >>> round(variance("rand", [0, 0, 1, 1], [0, 0, 1, 1]), 12)  # TP = 2 (1/3) or 0 (2/3): Var 8/9, / 36
    0.098765432099
    """
    _check_index(index, VARIANCE_INDICES, "variance()")
    if _check_model(model) not in ("perm", "perm1"):
        raise InputError(f"variance() is exact under the permutation model ('perm', 'perm1') only, got {model!r}.")
    return _perm_variance(contingency(labels_true, labels_pred), index)


@described()
def smi_from_contingency(ct: Contingency) -> float:
    """:func:`smi` of a contingency table.

    Returns
    -------
    float
        SMI.

    Examples
    --------
    >>> from clustval.indices.contingency import contingency
    >>> round(smi_from_contingency(contingency([0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1])), 6)
    1.224745
    """
    if ct.n_classes == 1 or ct.n_clusters == 1 or ct.n_classes == ct.n or ct.n_clusters == ct.n:
        raise UndefinedIndexError(
            "SMI is undefined when a labelling has one block or n singletons: MI is then the "
            "same for every permutation (variance 0)."
        )
    var = _perm_variance(ct, "mutual_info")
    if var == 0.0:
        return 1.0  # MI the same for every table: E[MI] = MI, fastami's value of the 0/0
    emi = expected_mutual_info(ct.row_sums, ct.col_sums, ct.n)
    return (mutual_info(ct) - emi) / math.sqrt(var)


@described()
def smi(labels_true, labels_pred) -> float:
    """Standardized mutual information (Romano et al. 2014): MI in standard deviations above chance.

    ``SMI = (MI - E[MI]) / sqrt(Var[MI])`` under the permutation (hypergeometric) model,
    both moments exact: E[MI] from :func:`clustval.indices.information.expected_mutual_info`,
    Var[MI] from :func:`variance`. Unbounded; about N(0, 1)-distributed for random
    clusterings with many objects per cell. Where the margins leave MI the same for every
    table although both labellings have 2 to n - 1 blocks (margins (4, 4) and (7, 1): the
    lone object's class does not change MI), Var[MI] = 0 and MI = E[MI]: SMI is then 1.0,
    the value fastami's ``standardized_mutual_info_mc`` gives (its draws all equal MI).
    Cost: about :func:`variance`'s; refused with an InputError above
    :data:`MAX_VARIANCE_WORK` terms (about a minute).

    Returns
    -------
    float
        The SMI (symmetric in its two arguments).

    Raises
    ------
    clustval.errors.UndefinedIndexError
        A labelling with a single block or all singletons (MI is then constant, and no
        other labelling could be compared).
    clustval.errors.InputError
        Labels that fail the contingency table's checks, or a table above the work bound.

    Examples
    --------
    >>> round(smi([0, 0, 0, 1, 1, 1], [0, 0, 0, 1, 1, 1]), 9)  # the best of the 20 permutations' tables
    3.0
    >>> smi([0, 0, 0, 0, 1, 1, 1, 1], [0, 0, 0, 0, 0, 0, 0, 1])  # Var[MI] = 0: fastami's 1.0
    1.0
    """
    return smi_from_contingency(contingency(labels_true, labels_pred))
