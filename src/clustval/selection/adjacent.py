"""Choosing K from the neighbouring partitions: the indices of NbClust's family that read the
partitions into K - 1, K and K + 1 clusters, their tests of a split, and the rule by which each
chooses K.

Krzanowski & Lai's :func:`kl`, Hartigan's :func:`hartigan`, Duda & Hart's :func:`duda_hart`,
:func:`pseudo_t2`, Beale's :func:`beale` and Frey & Van Groenewoud's :func:`frey`, each from its
original definition (Charrad et al. 2014, J. Stat. Softw. 61(6), Table 1, gathers them in
NbClust): functions of several partitions, so not registry entries, which are functions of
one. :data:`ADJACENT` lists them as :func:`clustval.select_k` uses them; NbClust's own values,
which depart from these in places, are :func:`clustval.compat.nbclust.nbclust`'s. W is the
trace of the pooled within-cluster scatter, Je the sum of squared errors of a cluster, p the
number of features; the examples split X = [0, 1, 10, 11, 20, 21].
"""

from __future__ import annotations

import math

import numpy as np

from ..errors import InputError, UndefinedIndexError
from ..indices._docs import completed
from ..indices.partition import COORDINATES, Partition


def _pooled_w(X, labels) -> tuple[float, int, int]:
    """tr W of a partition, its number of clusters and of objects."""
    p = Partition(X, labels, needs={COORDINATES})
    return float(p.within_diagonal.sum()), p.n_clusters, p.n


def _split(X, labels, labels_next):
    """The cluster of ``labels`` that ``labels_next`` splits in two: (its rows, the two parts'
    masks); ``labels_next`` must be ``labels`` with exactly one cluster split in two."""
    parent = Partition(X, labels, needs={COORDINATES})
    child = Partition(X, labels_next, needs={COORDINATES})
    if child.n != parent.n:
        raise InputError("labels and labels_next must label the same objects.")
    pairs = np.unique(np.stack([parent.codes, child.codes], axis=1), axis=0)
    if child.n_clusters != parent.n_clusters + 1 or pairs.shape[0] != child.n_clusters:
        raise InputError("labels_next must be labels with exactly one cluster split in two (a cut of one tree).")
    counts = np.bincount(pairs[:, 0], minlength=parent.n_clusters)
    split = int(np.flatnonzero(counts == 2)[0])
    parts = pairs[pairs[:, 0] == split, 1]
    return parent.X, child.codes == parts[0], child.codes == parts[1]


def _sse(rows: np.ndarray) -> float:
    return float(np.sum((rows - rows.mean(axis=0)) ** 2))


@completed(reads_distances=False)
def kl(X, labels_prev, labels, labels_next) -> float:
    """Krzanowski-Lai index of the partition into K clusters, from its neighbours at K - 1 and K + 1.

    ``KL(K) = |DIFF(K) / DIFF(K + 1)|``, ``DIFF(K) = (K - 1)^(2/p) W_(K-1) - K^(2/p) W_K``
    (Krzanowski & Lai 1988, Biometrics 44(1):23-34, eq. 3.3); K by the largest value.

    Parameters
    ----------
    labels_prev, labels, labels_next : array-like of shape (n_samples,)
        Partitions into K - 1 (perhaps 1), K and K + 1 clusters.

    Returns
    -------
    float
        KL(K); higher is better.

    Raises
    ------
    InputError
        The numbers of clusters are not K - 1, K, K + 1.
    UndefinedIndexError
        DIFF(K + 1) = 0.

    Examples
    --------
    >>> X = [[0.0], [1.0], [10.0], [11.0], [20.0], [21.0]]  # W = 401.5, 101.5, 1.5
    >>> round(kl(X, [0, 0, 0, 0, 0, 0], [0, 0, 1, 1, 1, 1], [0, 0, 1, 1, 2, 2]), 6)
    0.011465
    """
    X = np.asarray(X, dtype=float)
    X = X[:, None] if X.ndim == 1 else X
    w0, k0, _ = _pooled_w(X, labels_prev) if len(np.unique(labels_prev)) > 1 else (_sse(X), 1, len(X))
    w1, k, _ = _pooled_w(X, labels)
    w2, k2, _ = _pooled_w(X, labels_next)
    if (k0, k2) != (k - 1, k + 1):
        raise InputError(f"need partitions into K - 1, K, K + 1 clusters, got {k0}, {k}, {k2}.")
    m = 2 / X.shape[1]
    diff_k = (k - 1) ** m * w0 - k**m * w1
    diff_next = k**m * w1 - (k + 1) ** m * w2
    if diff_next == 0:
        raise UndefinedIndexError("KL is undefined when DIFF(K + 1) = 0.")
    return float(abs(diff_k / diff_next))


@completed(reads_distances=False)
def hartigan(X, labels, labels_next) -> float:
    """Hartigan's index of the partition into K clusters: ``(W_K / W_(K+1) - 1)(n - K - 1)``.

    Add a cluster while it exceeds 10 (Hartigan 1975, sec. 4.4); NbClust multiplies by n - K.

    Parameters
    ----------
    labels, labels_next : array-like of shape (n_samples,)
        Partitions into K and K + 1 clusters.

    Returns
    -------
    float
        Hartigan's index at K.

    Raises
    ------
    InputError
        ``labels_next`` has not one cluster more than ``labels``.
    UndefinedIndexError
        W_(K+1) = 0.

    Examples
    --------
    >>> hartigan([[0.0], [1.0], [10.0], [11.0], [20.0], [21.0]], [0, 0, 1, 1, 1, 1], [0, 0, 1, 1, 2, 2])
    200.0
    """
    w1, k, n = _pooled_w(X, labels)
    w2, k2, _ = _pooled_w(X, labels_next)
    if k2 != k + 1:
        raise InputError(f"labels_next must have K + 1 = {k + 1} clusters, got {k2}.")
    if w2 == 0:
        raise UndefinedIndexError("Hartigan's index is undefined when W_(K+1) = 0.")
    return float((w1 / w2 - 1) * (n - k - 1))


@completed(reads_distances=False)
def duda_hart(X, labels, labels_next) -> float:
    """Duda & Hart's ratio Je(2) / Je(1) for the cluster that ``labels_next`` splits in two.

    Je(1) of the split cluster, Je(2) of its two parts (Duda & Hart 1973, sec. 6.12);
    :func:`split_tests` gives the critical value.

    Parameters
    ----------
    labels, labels_next : array-like of shape (n_samples,)
        Partitions into K and K + 1 clusters, the second splitting one cluster of the first.

    Returns
    -------
    float
        Je(2) / Je(1), in [0, 1].

    Raises
    ------
    InputError
        ``labels_next`` does not split exactly one cluster of ``labels`` in two.
    UndefinedIndexError
        The split cluster has no scatter.

    Examples
    --------
    >>> duda_hart([[0.0], [1.0], [10.0], [11.0], [20.0], [21.0]], [0, 0, 1, 1, 1, 1], [0, 0, 1, 1, 2, 2])
    0.009900990099009901
    """
    X, a, b = _split(X, labels, labels_next)
    je1 = _sse(X[a | b])
    if je1 == 0:
        raise UndefinedIndexError("Duda-Hart is undefined for a split cluster with no scatter.")
    return (_sse(X[a]) + _sse(X[b])) / je1


@completed(reads_distances=False)
def pseudo_t2(X, labels, labels_next) -> float:
    """Pseudo T^2 of the cluster that ``labels_next`` splits: ``(Je1 - Je2) / (Je2 / (n_1 + n_2 - 2))``.

    SAS/STAT's CLUSTER statistic, small when the two parts should stay merged.

    Parameters
    ----------
    labels, labels_next : array-like of shape (n_samples,)
        Partitions into K and K + 1 clusters, the second splitting one cluster of the first.

    Returns
    -------
    float
        Pseudo T^2 >= 0.

    Raises
    ------
    InputError
        ``labels_next`` does not split exactly one cluster of ``labels`` in two.
    UndefinedIndexError
        Je2 = 0, or two objects in all.

    Examples
    --------
    >>> pseudo_t2([[0.0], [1.0], [10.0], [11.0], [20.0], [21.0]], [0, 0, 1, 1, 1, 1], [0, 0, 1, 1, 2, 2])
    200.0
    """
    X, a, b = _split(X, labels, labels_next)
    je2 = _sse(X[a]) + _sse(X[b])
    dof = int(a.sum() + b.sum()) - 2
    if je2 == 0 or dof == 0:
        raise UndefinedIndexError("Pseudo T^2 is undefined when the two parts have no scatter.")
    return (_sse(X[a | b]) - je2) / (je2 / dof)


@completed(reads_distances=False)
def beale(X, labels, labels_next) -> float:
    """Beale's F of the cluster that ``labels_next`` splits in two.

    ``F = ((Je1 - Je2) / Je2) / (((n_m - 1) / (n_m - 2)) 2^(2/p) - 1)``, n_m the split cluster's
    size, on F(p, (n_m - 2) p): Beale's (1969) test of one against two clusters, on the split
    cluster, as Charrad et al. (2014) state it and NbClust 3.0.1 computes it.

    Parameters
    ----------
    labels, labels_next : array-like of shape (n_samples,)
        Partitions into K and K + 1 clusters, the second splitting one cluster of the first.

    Returns
    -------
    float
        Beale's F.

    Raises
    ------
    InputError
        ``labels_next`` does not split exactly one cluster of ``labels`` in two.
    UndefinedIndexError
        Je2 = 0, or a split cluster of two objects.

    Examples
    --------
    >>> round(beale([[0.0], [1.0], [10.0], [11.0], [20.0], [21.0]], [0, 0, 1, 1, 1, 1], [0, 0, 1, 1, 2, 2]), 6)
    20.0
    """
    return _beale_f(*_split(X, labels, labels_next))


def _beale_f(X, a, b) -> float:
    """Beale's F of the split of the rows ``a | b`` of X into ``a`` and ``b``."""
    je2 = _sse(X[a]) + _sse(X[b])
    nm, p = int(a.sum() + b.sum()), X.shape[1]
    if je2 == 0 or nm <= 2:
        raise UndefinedIndexError("Beale's F is undefined when the parts have no scatter or the cluster two objects.")
    return ((_sse(X[a | b]) - je2) / je2) / (((nm - 1) / (nm - 2)) * 2 ** (2 / p) - 1)


@completed(reads_distances=False)
def frey(X, labels, labels_next) -> float:
    """Frey & Van Groenewoud's ratio from K to K + 1 clusters.

    ``(mean_B(K+1) - mean_B(K)) / (mean_W(K+1) - mean_W(K))``, the mean between- and
    within-cluster distances over all pairs (Frey & Van Groenewoud 1972); cut at the K before it
    falls below 1 (Milligan & Cooper 1985).

    Parameters
    ----------
    labels, labels_next : array-like of shape (n_samples,)
        Partitions into K and K + 1 clusters.

    Returns
    -------
    float
        The ratio.

    Raises
    ------
    InputError
        ``labels_next`` has not one cluster more than ``labels``.
    UndefinedIndexError
        No within- or no between-cluster pair, or no change in mean_W.

    Examples
    --------
    >>> round(frey([[0.0], [1.0], [10.0], [11.0], [20.0], [21.0]], [0, 0, 1, 1, 1, 1], [0, 0, 1, 1, 2, 2]), 6)
    0.324074
    """
    means = []
    for lab in (labels, labels_next):
        p = Partition(X, lab, needs={COORDINATES})
        iu = np.triu_indices(p.n, 1)
        d = np.sqrt(np.sum((p.X[iu[0]] - p.X[iu[1]]) ** 2, axis=1))
        same = p.codes[iu[0]] == p.codes[iu[1]]
        if same.all() or not same.any():
            raise UndefinedIndexError("Frey's ratio needs within- and between-cluster pairs at K and K + 1.")
        means.append((d[same].mean(), d[~same].mean(), p.n_clusters))
    (w1, b1, k1), (w2, b2, k2) = means
    if k2 != k1 + 1:
        raise InputError(f"labels_next must have K + 1 = {k1 + 1} clusters, got {k2}.")
    if w2 == w1:
        raise UndefinedIndexError("Frey's ratio is undefined when the mean within distance does not change.")
    return float((b2 - b1) / (w2 - w1))


# ----------------------------------------------------------------------------- choosing K with them

#: Milligan & Cooper (1985)'s standard score for the Duda-Hart and pseudo-T^2 tests.
DUDA_HART_Z = 3.20
#: Beale's F: K clusters are enough when the split's p-value is at least this (NbClust's alphaBeale).
BEALE_ALPHA = 0.1
#: Hartigan (1975): add a cluster while his index exceeds this.
HARTIGAN_THRESHOLD = 10.0


@completed(reads_distances=False)
def split_tests(X, labels, labels_next, *, z: float = DUDA_HART_Z) -> dict[str, float]:
    """The tests of the split from K to K + 1 clusters: is K enough?

    K is enough when Je(2) / Je(1) >= ``c = 1 - 2 / (pi p) - z sqrt(2 (1 - 8 / (pi^2 p)) / (n_m p))``
    (Duda & Hart 1973, sec. 6.12), when the pseudo T^2 <= ``((1 - c) / c) (n_m - 2)``, or when
    Beale's p-value on F(p, (n_m - 2) p) is large; n_m, the split cluster's size.

    Parameters
    ----------
    labels, labels_next : array-like of shape (n_samples,)
        Partitions into K and K + 1 clusters, the second splitting one cluster of the first.
    z : float, default 3.20
        The standard score of the Duda-Hart test (Milligan & Cooper 1985's best).

    Returns
    -------
    dict of str to float
        ``duda_hart_critical``, ``pseudo_t2_critical`` and ``beale_p_value`` (0.1 in NbClust).

    Raises
    ------
    InputError
        ``labels_next`` does not split exactly one cluster of ``labels`` in two.
    UndefinedIndexError
        Beale's F is undefined.

    Examples
    --------
    >>> tests = split_tests([[0.0], [1.0], [10.0], [11.0], [20.0], [21.0]], [0, 0, 1, 1, 1, 1], [0, 0, 1, 1, 2, 2])
    >>> {name: round(value, 4) for name, value in tests.items()}  # n_m = 4, p = 1
    {'duda_hart_critical': -0.6214, 'pseudo_t2_critical': -5.2183, 'beale_p_value': 0.0465}
    """
    from scipy import stats  # only here: the p-value of Beale's F

    X, a, b = _split(X, labels, labels_next)
    nm, p = int(a.sum() + b.sum()), X.shape[1]
    critical = 1 - 2 / (math.pi * p) - z * math.sqrt(2 * (1 - 8 / (math.pi**2 * p)) / (nm * p))
    f = _beale_f(X, a, b)  # the split in hand
    return {
        "duda_hart_critical": critical,
        "pseudo_t2_critical": (1 - critical) / critical * (nm - 2),
        "beale_p_value": float(stats.f.sf(f, p, (nm - 2) * p)),
    }


def _kl(X, prev, labels, nxt, tests):
    return kl(X, prev, labels, nxt), None


def _hartigan(X, prev, labels, nxt, tests):
    value = hartigan(X, labels, nxt)
    return value, value <= HARTIGAN_THRESHOLD


def _duda_hart(X, prev, labels, nxt, tests):
    value = duda_hart(X, labels, nxt)
    return value, value >= tests()["duda_hart_critical"]


def _pseudo_t2(X, prev, labels, nxt, tests):
    value = pseudo_t2(X, labels, nxt)
    return value, value <= tests()["pseudo_t2_critical"]


def _beale(X, prev, labels, nxt, tests):
    return beale(X, labels, nxt), tests()["beale_p_value"] >= BEALE_ALPHA


def _frey(X, prev, labels, nxt, tests):
    value = frey(X, labels, nxt)
    return value, value < 1


#: The indices that read the partitions next to K, as :func:`clustval.select_k` uses them:
#: name -> (label, reads K - 1, needs K + 1 to split one cluster of K, rule, evaluate).
#: Rules: ``max`` (the largest value); ``first_stop`` (the smallest K whose test says K
#: clusters are enough); ``before_first_stop`` (the K before the first K whose ratio falls
#: below 1: Frey's).
ADJACENT = {
    "kl": ("KL", True, False, "max", _kl),
    "hartigan": ("Hartigan", False, False, "first_stop", _hartigan),
    "duda_hart": ("Duda-Hart", False, True, "first_stop", _duda_hart),
    "pseudo_t2": ("Pseudo-T2", False, True, "first_stop", _pseudo_t2),
    "beale": ("Beale", False, True, "first_stop", _beale),
    "frey": ("Frey", False, False, "before_first_stop", _frey),
}


@completed(reads_distances=False)
def adjacent_scores(X, partitions, names) -> dict[str, dict[int, tuple[float, bool | None]]]:
    """The values (and stop tests) of the adjacent indices ``names`` at every K of ``partitions``.

    Parameters
    ----------
    partitions : mapping of int to array-like
        ``{K: labels}``; an index is computed at K where the partitions it reads are there.
    names : iterable of str
        Names of :data:`ADJACENT`.

    Returns
    -------
    dict
        ``{name: {K: (value, stop)}}``: NaN where the index is undefined or its neighbours are
        missing; ``stop`` is None for KL (no test).

    Raises
    ------
    InputError
        An unknown name.

    Examples
    --------
    >>> parts = {2: [0, 0, 1, 1, 1, 1], 3: [0, 0, 1, 1, 2, 2], 4: [0, 0, 1, 1, 2, 3]}
    >>> scores = adjacent_scores([[0.0], [1.0], [10.0], [11.0], [20.0], [21.0]], parts, ["hartigan"])
    >>> scores["hartigan"][2], scores["hartigan"][3][1]  # H(3) <= 10: three are enough
    ((200.0, False), True)
    """
    names = list(names)
    unknown = [name for name in names if name not in ADJACENT]
    if unknown:
        raise InputError(f"unknown adjacent index {unknown[0]!r}; use one of {', '.join(ADJACENT)}.")
    X = np.asarray(X, dtype=float)
    X = X[:, None] if X.ndim == 1 else X
    one = np.zeros(len(X), dtype=np.int64)
    out: dict[str, dict[int, tuple[float, bool | None]]] = {name: {} for name in names}
    for k in sorted(partitions):
        prev = one if k == 2 else partitions.get(k - 1)
        nxt = partitions.get(k + 1)
        cache: dict[str, dict] = {}

        def tests(k=k, nxt=nxt, cache=cache):
            if "tests" not in cache:
                cache["tests"] = split_tests(X, partitions[k], nxt)
            return cache["tests"]

        for name in names:
            _, reads_prev, _, _, evaluate = ADJACENT[name]
            if nxt is None or (reads_prev and prev is None):
                out[name][k] = (math.nan, None)
                continue
            try:
                out[name][k] = evaluate(X, prev, partitions[k], nxt, tests)
            except (InputError, UndefinedIndexError):  # undefined, or K + 1 not a split of K
                out[name][k] = (math.nan, None)
    return out


def adjacent_best_ks(name: str, ks, scores) -> tuple[int, ...]:
    """The K that adjacent index ``name`` chooses among ``ks`` by its rule (none if it cannot).

    Parameters
    ----------
    name : str
        A name of :data:`ADJACENT`.
    ks : iterable of int
        The K tried.
    scores : mapping of int to (float, bool or None)
        Its ``{K: (value, stop)}`` (:func:`adjacent_scores`).

    Returns
    -------
    tuple of int
        The K chosen (several only for a tie of KL's largest value), or ().

    Examples
    --------
    >>> adjacent_best_ks("hartigan", [2, 3, 4], {2: (200.0, False), 3: (4.0, True), 4: (2.0, True)})
    (3,)
    """
    ks = sorted(ks)
    rule = ADJACENT[name][3]
    if rule == "max":
        finite = {k: scores[k][0] for k in ks if math.isfinite(scores[k][0])}
        if not finite:
            return ()
        top = max(finite.values())
        return tuple(k for k, v in finite.items() if v == top)
    first = next((k for k in ks if scores[k][1]), None)
    if first is None:
        return ()
    if rule == "first_stop":
        return (first,)
    return (first - 1,) if first - 1 in ks else ()  # before_first_stop (Frey)
