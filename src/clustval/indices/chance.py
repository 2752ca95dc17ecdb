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
standardized mutual information ``(MI - E[MI]) / sqrt(Var[MI])``.
"""

from __future__ import annotations

import functools
import math
from fractions import Fraction

import numpy as np

from ..errors import InputError, UndefinedIndexError
from .contingency import Contingency, contingency, sum_pairs
from .information import (
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
    "MODELS",
    "VARIANCE_INDICES",
    "adjusted",
    "expected",
    "smi",
    "variance",
]  # fmt: skip

#: The random models (Gates & Ahn 2017, clusim's names); see the module's table.
MODELS = ("perm", "perm1", "num", "num1", "all", "all1")
#: Indices with an exact expectation under every model.
EXPECTED_INDICES = ("rand", "russel_rao", "mutual_info", "vi")
#: Indices :func:`adjusted` adjusts (each has a maximum to adjust towards).
ADJUSTED_INDICES = ("rand", "mutual_info")
#: Indices with an exact variance under ``perm`` / ``perm1``.
VARIANCE_INDICES = ("rand", "russel_rao", "mutual_info")
#: ``num`` and ``all`` models: the most objects whose exact Stirling / Bell numbers are used
#: (their cost grows as n K, resp. n^2, big-integer additions: about a second at this bound).
MAX_PARTITION_OBJECTS = 2000
#: The exact variance's work bound, in (cell pair x support x support) terms: the sum
#: runs over every ordered pair of cells, O(C^2 K^2 w^2) for supports w wide (a few seconds here).
MAX_VARIANCE_WORK = 2 * 10**8


def _check_model(model: str) -> str:
    if model not in MODELS:
        raise InputError(f"model must be one of {MODELS}, got {model!r}.")
    return model


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


def _side(ct: Contingency, model: str, true_side: bool) -> tuple[str, int]:
    """How one labelling is drawn: ``("fixed", 0)``, ``("num", blocks)`` or ``("all", 0)``.
    The clustering is random in every model; the classes only in the two-sided ones."""
    if true_side and model in ("perm1", "num1", "all1"):
        return "fixed", 0
    if model.startswith("perm"):
        return "fixed", 0  # the permutation model: both sides' sizes fixed
    kind = model.rstrip("1")
    return kind, (ct.n_classes if true_side else ct.n_clusters)


def _size_law(ct: Contingency, model: str, true_side: bool) -> tuple[np.ndarray, np.ndarray]:
    """(sizes, expected number of blocks of each size) of one side under the model."""
    kind, k = _side(ct, model, true_side)
    if kind == "fixed":
        sizes, counts = np.unique(ct.row_sums if true_side else ct.col_sums, return_counts=True)
        return sizes, counts.astype(np.float64)
    _check_partition_size(ct.n, model)
    return _block_sizes(ct.n, kind, k)


def _pair_share(ct: Contingency, model: str, true_side: bool) -> Fraction:
    """P(two given objects share a block) on one side, exactly."""
    kind, k = _side(ct, model, true_side)
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


def _expected_mi(ct: Contingency, model: str) -> float:
    if model.startswith("perm"):
        return expected_mutual_info(ct.row_sums, ct.col_sums, ct.n)
    a, a_weight = _size_law(ct, model, True)
    b, b_weight = _size_law(ct, model, False)
    if ct.n == 1:
        return 0.0
    return weighted_emi(a, a_weight, b, b_weight, ct.n)


def _expected_tp(ct: Contingency, model: str) -> Fraction:
    """E[TP] = C(n, 2) P(together in the classes) P(together in the clustering): the two
    labellings are independent under every model, and a pair's events with them."""
    return math.comb(ct.n, 2) * _pair_share(ct, model, True) * _pair_share(ct, model, False)


def _expected_exact(ct: Contingency, index: str, model: str) -> Fraction | float:
    pairs = math.comb(ct.n, 2)
    if index in ("rand", "russel_rao"):
        if pairs == 0:
            return Fraction(1)
        tp = _expected_tp(ct, model)
        if index == "russel_rao":
            return tp / pairs
        # RI = 1 - (P_true + P_pred - 2 TP) / N, P_* the pairs together on each side
        together = (_pair_share(ct, model, True) + _pair_share(ct, model, False)) * pairs
        return 1 - (together - 2 * tp) / pairs
    emi = _expected_mi(ct, model)
    if index == "mutual_info":
        return emi
    entropies = sum(_expected_entropy(*_size_law(ct, model, side), ct.n) for side in (True, False))
    return entropies - 2.0 * emi  # vi


def expected(index: str, labels_true, labels_pred, *, model: str = "perm") -> float:
    """The expected value of an external index under a random model (Gates & Ahn 2017).

    ``rand`` and ``russel_rao`` are exact rationals rounded once; ``mutual_info`` (nats) and
    ``vi`` sum the hypergeometric law of each cell over the block sizes of the model (the
    E[MI] kernel of :func:`clustval.indices.information.expected_mutual_info`). Under the
    one-sided models the classes (``labels_true``) are the fixed reference; the random
    clustering has the clustering's K blocks (``num1``) or its sizes (``perm1``).

    Parameters
    ----------
    index : str
        A registry name among :data:`EXPECTED_INDICES`.
    labels_true, labels_pred : array-like of shape (n,)
        The classes and the clustering; under the two-sided models only their numbers of
        blocks (``num``), sizes (``perm``) or n (``all``) matter.
    model : str, default "perm"
        One of :data:`MODELS` (the module's table).

    Returns
    -------
    float
        E[index] under the model.

    Raises
    ------
    clustval.errors.InputError
        An unknown index or model, or ``num`` / ``all`` above :data:`MAX_PARTITION_OBJECTS`.

    Examples
    --------
    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]
    >>> expected("rand", t, p)  # 1 - (6 + 7)/15 + 2 * 6 * 7 / 15**2
    0.5066666666666667
    >>> Q = 15 / 31  # P(a pair together in a random 2-block partition) = S(5, 2) / S(6, 2)
    >>> round(expected("rand", t, p, model="num1"), 12) == round(Q * 6 / 15 + (1 - Q) * 9 / 15, 12)
    True
    """
    _check_index(index, EXPECTED_INDICES, "expected()")
    ct = contingency(labels_true, labels_pred)
    return float(_expected_exact(ct, index, _check_model(model)))


def _mi_maximum(ct: Contingency, model: str) -> float:
    """The "sum" normaliser of clusim's adjusted MI under the model (Gates & Ahn 2017)."""
    if model.startswith("perm"):
        return (class_entropy(ct) + cluster_entropy(ct)) / 2.0
    if model.startswith("num"):
        return (math.log(ct.n_classes) + math.log(ct.n_clusters)) / 2.0
    return math.log(ct.n)


def adjusted(index: str, labels_true, labels_pred, *, model: str = "perm") -> float:
    """An external index adjusted for chance under a random model: ``(I - E[I]) / (max - E[I])``.

    ``rand``: max 1, E[RI] exact (:func:`expected`); under ``perm`` this is the ARI
    (:func:`clustval.ari`), both correctly rounded from the same rational. ``mutual_info``:
    max the normaliser of clusim's ``adj_mi`` with ``norm_type="sum"`` (the mean of the two
    entropies under ``perm``/``perm1``, (log C + log K) / 2 under ``num``/``num1``, log n
    under ``all``/``all1``); under ``perm`` this is the AMI (:func:`clustval.ami`). Where
    max = E[I] (every random clustering scores the maximum, so this one does) the value is
    1.0, the ARI's and AMI's value for identical labellings (clusim gives 0.0 there).

    Parameters
    ----------
    index : str
        ``"rand"`` or ``"mutual_info"`` (:data:`ADJUSTED_INDICES`).
    labels_true, labels_pred : array-like of shape (n,)
        The classes (the fixed reference of the one-sided models) and the clustering.
    model : str, default "perm"
        One of :data:`MODELS`.

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
    return adjusted_of_table(contingency(labels_true, labels_pred), index, model)


def adjusted_of_table(ct: Contingency, index: str, model: str = "perm") -> float:
    """:func:`adjusted` of a contingency table (ARI's and AMI's ``model``).

    Parameters
    ----------
    ct : Contingency
        The table.
    index, model : str
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
    model = _check_model(model)
    if index == "rand":
        pairs = math.comb(ct.n, 2)
        tp, _, _, tn = ct.pairs
        value = Fraction(tp + tn, pairs) if pairs else Fraction(1)
        mean = _expected_exact(ct, "rand", model)
        return 1.0 if mean == 1 else float((value - mean) / (1 - mean))
    mean = _expected_mi(ct, model)
    maximum = _mi_maximum(ct, model)
    if maximum == mean:
        return 1.0
    return float((mutual_info(ct) - mean) / (maximum - mean))


# --------------------------------------------------------------------------------------
# Exact variances under the permutation model, and SMI
# --------------------------------------------------------------------------------------


def _hypergeom(pop, succ, draws) -> tuple[np.ndarray, np.ndarray]:
    """Hypergeometric laws, one a row: ``(k, p)`` of shape (rows, width), k the successes in
    ``draws`` draws from ``pop`` objects of which ``succ`` succeed, p their probabilities
    (0 on the padding, where k is clipped into the support), each row summing to 1 (or all 0
    for an impossible law, which the variance's nested laws ask for at m of probability 0).

    As the E[MI] kernel: P(k) / P(mode) multiplied outwards from the mode by the ratios of
    consecutive terms, the support cut where the mass beyond is < 2 exp(-120).
    """
    pop, succ, draws = (np.atleast_1d(np.asarray(x, dtype=np.int64)) for x in (pop, succ, draws))
    pop, succ, draws = np.broadcast_arrays(pop, succ, draws)
    k_min, k_max = np.maximum(0, succ + draws - pop), np.minimum(succ, draws)
    mode = np.clip((succ + 1) * (draws + 1) // (pop + 2), k_min, k_max)
    reach = hypergeometric_reach(succ, draws, pop)
    left, right = np.minimum(mode - k_min, reach), np.minimum(k_max - mode, reach)
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
    p /= np.where(mass > 0, mass, 1.0)  # 0: an impossible law (succ > pop), asked for but never weighted
    return np.clip(k, k_min[:, None], k_max[:, None]), p


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


def _variance_work(a: np.ndarray, b: np.ndarray, n: int) -> int:
    """The terms :func:`_cell_sum_variance` sums: (C K)^2 cell pairs x support^2."""
    widths = np.minimum(np.minimum.outer(a, b) + 1, 2 * hypergeometric_reach(a[:, None], b[None, :], n) + 1)
    width = int(widths.max())
    return (a.size * b.size) ** 2 * width * width


def _cell_sum_variance(a: np.ndarray, b: np.ndarray, n: int, f) -> float:
    """Var(sum_ij f(n_ij)) under the permutation model, exactly (to rounding).

    The sum of the covariances of every ordered pair of cells (Romano et al. 2014, sec. 3):
    given n_ij = k, the other cells of row i draw the class's a_i - k remaining objects among
    the n - b_j outside cluster j; those of column j draw cluster j's b_j - k remaining places
    among the n - a_i objects outside class i; a cell (i', j') of neither first takes its
    m objects in cluster j ~ Hyp(n - a_i, a_i', b_j - k), then n_i'j' ~ Hyp(n - b_j,
    a_i' - m, b_j'). Each factor is centred on its mean (no cancellation of large squares).
    """
    C, K = a.size, b.size
    laws = [[_hypergeom(n, a[i], b[j]) for j in range(K)] for i in range(C)]
    mean = np.array([[float((p * f(k, a[i], b[j], n)).sum()) for j, (k, p) in enumerate(row)]
                     for i, row in enumerate(laws)])  # fmt: skip
    total = 0.0
    inner_of = {}  # (i', j): the innermost expectations, shared by every class i
    for i in range(C):
        for j in range(K):
            k, p = laws[i][j]
            k, p = k[0], p[0]
            dev = f(k, a[i], b[j], n) - mean[i, j]
            w = p * dev
            total += float(w @ dev)
            others_j = np.delete(np.arange(K), j)
            others_i = np.delete(np.arange(C), i)
            if others_j.size:  # same row: n_ij' ~ Hyp(n - b_j, a_i - k, b_j')
                kk, pp = _hypergeom(n - b[j], np.repeat(a[i] - k, others_j.size), np.tile(b[others_j], k.size))
                cond = (pp * f(kk, a[i], np.tile(b[others_j], k.size)[:, None], n)).sum(axis=1)
                cond = cond.reshape(k.size, others_j.size) - mean[i, others_j]
                total += float(w @ cond.sum(axis=1))
            if others_i.size:  # same column: n_i'j ~ Hyp(n - a_i, a_i', b_j - k)
                kk, pp = _hypergeom(n - a[i], np.tile(a[others_i], k.size), np.repeat(b[j] - k, others_i.size))
                cond = (pp * f(kk, np.tile(a[others_i], k.size)[:, None], b[j], n)).sum(axis=1)
                cond = cond.reshape(k.size, others_i.size) - mean[others_i, j]
                total += float(w @ cond.sum(axis=1))
            if not (others_i.size and others_j.size):
                continue
            for i2 in others_i:
                if (i2, j) not in inner_of:  # inner(m) = E f(n_i'j') - its mean, every j' != j
                    m = np.arange(min(a[i2], b[j]) + 1)
                    kk, pp = _hypergeom(n - b[j], np.repeat(a[i2] - m, others_j.size), np.tile(b[others_j], m.size))
                    inner = (pp * f(kk, a[i2], np.tile(b[others_j], m.size)[:, None], n)).sum(axis=1)
                    inner_of[i2, j] = inner.reshape(m.size, others_j.size) - mean[i2, others_j]
                inner = inner_of[i2, j]
                mm, pm = _hypergeom(n - a[i], a[i2], b[j] - k)  # m = n_i'j given n_ij = k
                mid = np.einsum("km,kmj->kj", pm, inner[mm])
                total += float(w @ mid.sum(axis=1))
    return total


def _perm_variance(ct: Contingency, index: str) -> float:
    a, b, n = ct.row_sums, ct.col_sums, ct.n
    if ct.n_classes == 1 or ct.n_clusters == 1:
        return 0.0  # the table is fixed by its margins
    work = _variance_work(a, b, n)
    if work > MAX_VARIANCE_WORK:
        raise InputError(
            f"the exact variance would sum about {work:.3g} terms (C = {ct.n_classes}, K = "
            f"{ct.n_clusters}, n = {n}), above MAX_VARIANCE_WORK = {MAX_VARIANCE_WORK:.3g}; use "
            "clustval.significance() for a Monte Carlo null instead."
        )
    var = max(_cell_sum_variance(a, b, n, _cell_terms(index)), 0.0)
    if index == "mutual_info":
        return var / (n * n)
    pairs = math.comb(n, 2)
    return var * (4.0 if index == "rand" else 1.0) / (pairs * pairs)  # RI = const + 2 TP / N


def variance(index: str, labels_true, labels_pred, *, model: str = "perm") -> float:
    """The exact variance of an external index under the permutation model.

    ``rand`` and ``russel_rao`` (through TP = sum C(n_ij, 2)) and ``mutual_info`` (nats):
    the sum over every ordered pair of cells of their covariance under the hypergeometric
    model (Romano et al. 2014), the hypergeometric laws cut at a tail mass of 2 exp(-120).
    Cost O(C^2 K^2 w^2) for supports of width w <= min(a_i, b_j) + 1 (w grows as the square
    root of a cell's variance); refused above :data:`MAX_VARIANCE_WORK`.

    Parameters
    ----------
    index : str
        One of :data:`VARIANCE_INDICES`.
    labels_true, labels_pred : array-like of shape (n,)
        The classes and the clustering (their sizes fix the model).
    model : str, default "perm"
        ``"perm"`` or ``"perm1"`` (the same law); the other models have no variance here.

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


def smi_from_contingency(ct: Contingency) -> float:
    """:func:`smi` of a contingency table.

    Parameters
    ----------
    ct : Contingency
        The table.

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
    if var <= 0.0:
        raise UndefinedIndexError("SMI is undefined: MI has variance 0 under the permutation model.")
    emi = expected_mutual_info(ct.row_sums, ct.col_sums, ct.n)
    return (mutual_info(ct) - emi) / math.sqrt(var)


def smi(labels_true, labels_pred) -> float:
    """Standardized mutual information (Romano et al. 2014): MI in standard deviations above chance.

    ``SMI = (MI - E[MI]) / sqrt(Var[MI])`` under the permutation (hypergeometric) model,
    both moments exact: E[MI] from :func:`clustval.indices.information.expected_mutual_info`,
    Var[MI] from :func:`variance`. Unbounded; about N(0, 1)-distributed for random
    clusterings with many objects per cell. Cost O(C^2 K^2 w^2), w the width of the cells'
    hypergeometric supports (at most min(a_i, b_j) + 1, about 15 standard deviations once
    cut): refused with an InputError above :data:`MAX_VARIANCE_WORK` terms.

    Parameters
    ----------
    labels_true, labels_pred : array-like of shape (n,)
        The classes and the clustering.

    Returns
    -------
    float
        The SMI (symmetric in its two arguments).

    Raises
    ------
    clustval.errors.UndefinedIndexError
        A labelling with a single block or all singletons (MI is then constant).
    clustval.errors.InputError
        Labels that fail the contingency table's checks, or a table above the work bound.

    Examples
    --------
    >>> round(smi([0, 0, 0, 1, 1, 1], [0, 0, 0, 1, 1, 1]), 9)  # the best of the 20 permutations' tables
    3.0
    """
    return smi_from_contingency(contingency(labels_true, labels_pred))
