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
from typing import NamedTuple

import numpy as np

from ..errors import InputError, UndefinedIndexError
from ..indices._docs import KS, completed, described
from ..indices.partition import COORDINATES, Partition, PreparedData

# The neighbouring partitions an index reads, each described once
_PARTITIONS = {
    "labels_prev": """labels_prev : array-like of shape (n_samples,)
    The partition into K - 1 clusters (perhaps 1).""",
    "labels": """labels : array-like of shape (n_samples,)
    The partition into K clusters.""",
    "labels_next": """labels_next : array-like of shape (n_samples,)
    The partition into K + 1 clusters.""",
}
# the tests of a split read a K + 1 that splits one cluster of K, and check it
_SPLIT = """labels_next : array-like of shape (n_samples,)
    The partition into K + 1 clusters that splits one cluster of ``labels`` in two."""
_split_test = completed(reads_distances=False, parameters={**_PARTITIONS, "labels_next": _SPLIT}, raises={
    "InputError": "clustval.errors.InputError\n    ``labels_next`` does not split exactly one cluster of ``labels`` in two."})
# the indices of K and K + 1 clusters
_next_k = completed(reads_distances=False, parameters=_PARTITIONS, raises={
    "InputError": "clustval.errors.InputError\n    ``labels_next`` has not one cluster more than ``labels``."})


def _pooled_w(X, labels) -> tuple[float, int, int]:
    """tr W of a partition, its number of clusters and of objects."""
    return _w_of(Partition(X, labels, needs={COORDINATES}))


def _w_of(p: Partition) -> tuple[float, int, int]:
    return float(p.within_diagonal.sum()), p.n_clusters, p.n


class _Sums(NamedTuple):
    """What the tests of a split read: Je(1) of the split cluster, Je(2) of its two parts, its
    size n_m and the number of features p."""

    je1: float
    je2: float
    nm: int
    p: int


def _split(X, labels, labels_next):
    """The cluster of ``labels`` that ``labels_next`` splits in two: (its rows, the two parts'
    masks); ``labels_next`` must be ``labels`` with exactly one cluster split in two."""
    return _split_of(Partition(X, labels, needs={COORDINATES}), Partition(X, labels_next, needs={COORDINATES}))


def _split_of(parent: Partition, child: Partition):
    """:func:`_split` of the two partitions."""
    if child.n != parent.n:
        raise InputError("labels and labels_next must label the same objects.")
    pairs = np.unique(np.stack([parent.codes, child.codes], axis=1), axis=0)
    if child.n_clusters != parent.n_clusters + 1 or pairs.shape[0] != child.n_clusters:
        raise InputError("labels_next must be labels with exactly one cluster split in two (a cut of one tree).")
    counts = np.bincount(pairs[:, 0], minlength=parent.n_clusters)
    split = int(np.flatnonzero(counts == 2)[0])
    parts = pairs[pairs[:, 0] == split, 1]
    return parent.X, child.codes == parts[0], child.codes == parts[1]


def _split_sums(X, a, b) -> _Sums:
    """The sums of the split cluster, the rows ``a | b`` of X, and of its parts ``a`` and ``b``."""
    return _Sums(_sse(X[a | b]), _sse(X[a]) + _sse(X[b]), int(a.sum() + b.sum()), X.shape[1])


def _sums(X, labels, labels_next) -> _Sums:
    """The sums of the cluster of ``labels`` that ``labels_next`` splits in two (:func:`_split`)."""
    return _split_sums(*_split(X, labels, labels_next))


def _sse(rows: np.ndarray) -> float:
    return float(np.sum((rows - rows.mean(axis=0)) ** 2))


def _one_cluster(data: PreparedData) -> tuple[float, int, int]:
    """(tr W, K, n) of the data as one cluster (KL's W at K - 1 = 1), in the units of the
    partitions' W: those of the data as prepared (scaled by a power of two where far from 1)."""
    return _sse(data.X), 1, len(data.X)


@completed(reads_distances=False, parameters=_PARTITIONS)
def kl(X, labels_prev, labels, labels_next) -> float:
    """Krzanowski-Lai index of the partition into K clusters, from its neighbours at K - 1 and K + 1.

    ``KL(K) = |DIFF(K) / DIFF(K + 1)|``, ``DIFF(K) = (K - 1)^(2/p) W_(K-1) - K^(2/p) W_K``
    (Krzanowski & Lai 1988, Biometrics 44(1):23-34, eq. 3.3); K by the largest value.

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
    data = PreparedData.of(X)  # every W in the units of the scaled data, the one cluster's too
    before = _pooled_w(data, labels_prev) if len(np.unique(labels_prev)) > 1 else _one_cluster(data)
    return _kl_of(before, _pooled_w(data, labels), _pooled_w(data, labels_next), data.X.shape[1])


def _kl_of(before, at, after, p: int) -> float:
    """KL from (tr W, K, n) at K - 1, K and K + 1 and the number of features."""
    (w0, k0, _), (w1, k, _), (w2, k2, _) = before, at, after
    if (k0, k2) != (k - 1, k + 1):
        raise InputError(f"need partitions into K - 1, K, K + 1 clusters, got {k0}, {k}, {k2}.")
    m = 2 / p
    diff_k = (k - 1) ** m * w0 - k**m * w1
    diff_next = k**m * w1 - (k + 1) ** m * w2
    if diff_next == 0:
        raise UndefinedIndexError("KL is undefined when DIFF(K + 1) = 0.")
    return float(abs(diff_k / diff_next))


@_next_k
def hartigan(X, labels, labels_next) -> float:
    """Hartigan's index of the partition into K clusters: ``(W_K / W_(K+1) - 1)(n - K - 1)``.

    Add a cluster while it exceeds 10 (Hartigan 1975, sec. 4.4); NbClust multiplies by n - K.

    Returns
    -------
    float
        Hartigan's index at K.

    Raises
    ------
    UndefinedIndexError
        W_(K+1) = 0.

    Examples
    --------
    >>> hartigan([[0.0], [1.0], [10.0], [11.0], [20.0], [21.0]], [0, 0, 1, 1, 1, 1], [0, 0, 1, 1, 2, 2])
    200.0
    """
    return _hartigan_of(_pooled_w(X, labels), _pooled_w(X, labels_next))


def _hartigan_of(at, after) -> float:
    """Hartigan's index from (tr W, K, n) at K and K + 1."""
    (w1, k, n), (w2, k2, _) = at, after
    if k2 != k + 1:
        raise InputError(f"labels_next must have K + 1 = {k + 1} clusters, got {k2}.")
    if w2 == 0:
        raise UndefinedIndexError("Hartigan's index is undefined when W_(K+1) = 0.")
    return float((w1 / w2 - 1) * (n - k - 1))


@_split_test
def duda_hart(X, labels, labels_next) -> float:
    """Duda & Hart's ratio Je(2) / Je(1) for the cluster that ``labels_next`` splits in two.

    Je(1) of the split cluster, Je(2) of its two parts (Duda & Hart 1973, sec. 6.12);
    :func:`split_tests` gives the critical value.

    Returns
    -------
    float
        Je(2) / Je(1), in [0, 1].

    Raises
    ------
    UndefinedIndexError
        The split cluster has no scatter.

    Examples
    --------
    >>> duda_hart([[0.0], [1.0], [10.0], [11.0], [20.0], [21.0]], [0, 0, 1, 1, 1, 1], [0, 0, 1, 1, 2, 2])
    0.009900990099009901
    """
    return _duda_hart_of(_sums(X, labels, labels_next))


def _duda_hart_of(s: _Sums) -> float:
    if s.je1 == 0:
        raise UndefinedIndexError("Duda-Hart is undefined for a split cluster with no scatter.")
    return s.je2 / s.je1


@_split_test
def pseudo_t2(X, labels, labels_next) -> float:
    """Pseudo T^2 of the cluster that ``labels_next`` splits: ``(Je1 - Je2) / (Je2 / (n_1 + n_2 - 2))``.

    SAS/STAT's CLUSTER statistic, small when the two parts should stay merged.

    Returns
    -------
    float
        Pseudo T^2 >= 0.

    Raises
    ------
    UndefinedIndexError
        Je2 = 0, or two objects in all.

    Examples
    --------
    >>> pseudo_t2([[0.0], [1.0], [10.0], [11.0], [20.0], [21.0]], [0, 0, 1, 1, 1, 1], [0, 0, 1, 1, 2, 2])
    200.0
    """
    return _pseudo_t2_of(_sums(X, labels, labels_next))


def _pseudo_t2_of(s: _Sums) -> float:
    dof = s.nm - 2
    if s.je2 == 0 or dof == 0:
        raise UndefinedIndexError("Pseudo T^2 is undefined when the two parts have no scatter.")
    return (s.je1 - s.je2) / (s.je2 / dof)


@_split_test
def beale(X, labels, labels_next) -> float:
    """Beale's F of the cluster that ``labels_next`` splits in two.

    ``F = ((Je1 - Je2) / Je2) / (((n_m - 1) / (n_m - 2)) 2^(2/p) - 1)``, n_m the split cluster's
    size, on F(p, (n_m - 2) p): Beale's (1969) test of one against two clusters, on the split
    cluster, as Charrad et al. (2014) state it and NbClust 3.0.1 computes it.

    Returns
    -------
    float
        Beale's F.

    Raises
    ------
    UndefinedIndexError
        Je2 = 0, or a split cluster of two objects.

    Examples
    --------
    >>> round(beale([[0.0], [1.0], [10.0], [11.0], [20.0], [21.0]], [0, 0, 1, 1, 1, 1], [0, 0, 1, 1, 2, 2]), 6)
    20.0
    """
    return _beale_of(_sums(X, labels, labels_next))


def _beale_of(s: _Sums) -> float:
    if s.je2 == 0 or s.nm <= 2:
        raise UndefinedIndexError("Beale's F is undefined when the parts have no scatter or the cluster two objects.")
    return ((s.je1 - s.je2) / s.je2) / (((s.nm - 1) / (s.nm - 2)) * 2 ** (2 / s.p) - 1)


@_next_k
def frey(X, labels, labels_next) -> float:
    """Frey & Van Groenewoud's ratio from K to K + 1 clusters.

    ``(mean_B(K+1) - mean_B(K)) / (mean_W(K+1) - mean_W(K))``, the mean between- and
    within-cluster distances over all pairs (Frey & Van Groenewoud 1972); cut at the K before it
    falls below 1 (Milligan & Cooper 1985).

    Returns
    -------
    float
        The ratio.

    Raises
    ------
    UndefinedIndexError
        No within- or no between-cluster pair, or no change in mean_W.

    Examples
    --------
    >>> round(frey([[0.0], [1.0], [10.0], [11.0], [20.0], [21.0]], [0, 0, 1, 1, 1, 1], [0, 0, 1, 1, 2, 2]), 6)
    0.324074
    """
    p = Partition(X, labels, needs={COORDINATES})
    pairs = _pairs(p.X)  # the same rows at K + 1
    means = _frey_means(p, pairs)
    return _frey_of(means, _frey_means(Partition(X, labels_next, needs={COORDINATES}), pairs))


def _pairs(X: np.ndarray) -> tuple[tuple[np.ndarray, np.ndarray], np.ndarray]:
    """The pairs of rows of X (i < j) and their distances."""
    iu = np.triu_indices(X.shape[0], 1)
    return iu, np.sqrt(np.sum((X[iu[0]] - X[iu[1]]) ** 2, axis=1))


def _frey_means(p: Partition, pairs) -> tuple[float, float, int]:
    """The mean within- and between-cluster distance of a partition, and its K."""
    iu, d = pairs
    same = p.codes[iu[0]] == p.codes[iu[1]]
    if same.all() or not same.any():
        raise UndefinedIndexError("Frey's ratio needs within- and between-cluster pairs at K and K + 1.")
    return d[same].mean(), d[~same].mean(), p.n_clusters


def _frey_of(at, after) -> float:
    """Frey's ratio from the mean within and between distances (and K) at K and K + 1."""
    (w1, b1, k1), (w2, b2, k2) = at, after
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


@_split_test
def split_tests(X, labels, labels_next, *, z: float = DUDA_HART_Z) -> dict[str, float]:
    """The tests of the split from K to K + 1 clusters: is K enough?

    K is enough when Je(2) / Je(1) >= ``c = 1 - 2 / (pi p) - z sqrt(2 (1 - 8 / (pi^2 p)) / (n_m p))``
    (Duda & Hart 1973, sec. 6.12), when the pseudo T^2 <= ``((1 - c) / c) (n_m - 2)``, or when
    Beale's p-value on F(p, (n_m - 2) p) is large; n_m, the split cluster's size.

    Parameters
    ----------
    z : float, default 3.20
        The standard score of the Duda-Hart test (Milligan & Cooper 1985's best).

    Returns
    -------
    dict of str to float
        ``duda_hart_critical``, ``pseudo_t2_critical`` and ``beale_p_value`` (0.1 in NbClust).

    Raises
    ------
    UndefinedIndexError
        Beale's F is undefined.

    Examples
    --------
    >>> tests = split_tests([[0.0], [1.0], [10.0], [11.0], [20.0], [21.0]], [0, 0, 1, 1, 1, 1], [0, 0, 1, 1, 2, 2])
    >>> {name: round(value, 4) for name, value in tests.items()}  # n_m = 4, p = 1
    {'duda_hart_critical': -0.6214, 'pseudo_t2_critical': -5.2183, 'beale_p_value': 0.0465}
    """
    return _tests_of(_sums(X, labels, labels_next), z)


def _tests_of(sums: _Sums, z: float = DUDA_HART_Z) -> dict[str, float]:
    """:func:`split_tests` from the split's sums (:func:`_split_sums`)."""
    from scipy import stats  # only here: the p-value of Beale's F

    nm, p = sums.nm, sums.p
    critical = 1 - 2 / (math.pi * p) - z * math.sqrt(2 * (1 - 8 / (math.pi**2 * p)) / (nm * p))
    f = _beale_of(sums)
    return {
        "duda_hart_critical": critical,
        "pseudo_t2_critical": (1 - critical) / critical * (nm - 2),
        "beale_p_value": float(stats.f.sf(f, p, (nm - 2) * p)),
    }


class _Neighbours:
    """The partitions of one data set at each K, each read once for every adjacent index: its
    tr W, its split into the partition at K + 1 and the tests of that split, its mean within
    and between distances (those of the pairs once for every K)."""

    def __init__(self, X, partitions):
        self.data, self.partitions = PreparedData.of(X), partitions  # X checked and scaled once, unless it is already
        self._read: dict = {}

    def _once(self, key, read):
        if key not in self._read:
            self._read[key] = read()  # an error is not kept: it comes again at the next reading
        return self._read[key]

    def partition(self, k: int) -> Partition:
        return self._once(("partition", k), lambda: Partition(self.data, self.partitions[k], needs={COORDINATES}))

    def w(self, k: int) -> tuple[float, int, int]:
        return self._once(("w", k), lambda: _w_of(self.partition(k)))

    def before(self, k: int) -> tuple[float, int, int]:
        """(tr W, K, n) at K - 1: the data's own scatter where that is one cluster (K = 2)."""
        if k == 2 or len(np.unique(self.partitions[k - 1])) == 1:
            return self._once("one cluster", lambda: _one_cluster(self.data))
        return self.w(k - 1)

    def sums(self, k: int) -> _Sums:
        return self._once(("sums", k), lambda: _split_sums(*_split_of(self.partition(k), self.partition(k + 1))))

    def tests(self, k: int) -> dict[str, float]:
        return self._once(("tests", k), lambda: _tests_of(self.sums(k)))

    def means(self, k: int) -> tuple[float, float, int]:
        p = self.partition(k)
        return self._once(("means", k), lambda: _frey_means(p, self._once("pairs", lambda: _pairs(p.X))))


def _kl(near: _Neighbours, k: int):
    return _kl_of(near.before(k), near.w(k), near.w(k + 1), near.data.X.shape[1]), None


def _hartigan(near: _Neighbours, k: int):
    value = _hartigan_of(near.w(k), near.w(k + 1))
    return value, value <= HARTIGAN_THRESHOLD


def _duda_hart(near: _Neighbours, k: int):
    value = _duda_hart_of(near.sums(k))
    return value, value >= near.tests(k)["duda_hart_critical"]


def _pseudo_t2(near: _Neighbours, k: int):
    value = _pseudo_t2_of(near.sums(k))
    return value, value <= near.tests(k)["pseudo_t2_critical"]


def _beale(near: _Neighbours, k: int):
    return _beale_of(near.sums(k)), near.tests(k)["beale_p_value"] >= BEALE_ALPHA


def _frey(near: _Neighbours, k: int):
    value = _frey_of(near.means(k), near.means(k + 1))
    return value, value < 1


# What the indices of a sweep read (adjacent_scores, adjacent_of_k), and what they refuse, described once
_sweep = completed(reads_distances=False, parameters={
    "partitions": """partitions : mapping of int to array-like
    ``{K: labels}``; an index is computed at K where the partitions it reads are there (the
    neighbours of K among them).""",
    "ks": KS,
    "names": """names : iterable of str
    Names of :data:`ADJACENT`."""}, raises={"InputError": "clustval.errors.InputError\n    An unknown name."})

#: The indices that read the partitions next to K, as :func:`clustval.select_k` uses them:
#: name -> (label, reads K - 1, needs K + 1 to split one cluster of K, rule, evaluate: its
#: value and stop test at K from the partitions' readings).
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


@_sweep
def adjacent_scores(X, partitions, names) -> dict[str, dict[int, tuple[float, bool | None]]]:
    """The values (and stop tests) of the adjacent indices ``names`` at every K of ``partitions``.

    Returns
    -------
    dict
        ``{name: {K: (value, stop)}}``: NaN where the index is undefined or its neighbours are
        missing; ``stop`` is None for KL (no test).

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
    near = _Neighbours(X, partitions)
    out: dict[str, dict[int, tuple[float, bool | None]]] = {name: {} for name in names}
    for k in sorted(partitions):
        for name in names:
            _, reads_prev, _, _, evaluate = ADJACENT[name]
            if partitions.get(k + 1) is None or (reads_prev and k != 2 and partitions.get(k - 1) is None):
                out[name][k] = (math.nan, None)
                continue
            try:
                out[name][k] = evaluate(near, k)
            except (InputError, UndefinedIndexError):  # undefined, or K + 1 not a split of K
                out[name][k] = (math.nan, None)
    return out


@_sweep
def adjacent_of_k(X, partitions, ks, names) -> dict[str, tuple[dict[int, float], tuple[int, ...]]]:
    """Each adjacent index's value at each K of ``ks`` and its best K by its rule, in the shape
    of :attr:`clustval.Selection.table`'s columns and :attr:`clustval.Selection.best_ks` (as
    :func:`clustval.selection.stability.stability_of_k` gives a stability criterion's).

    Returns
    -------
    dict
        ``{name: (values, best)}``: ``values`` per K of ``ks`` (NaN where undefined or a
        neighbour is missing), ``best`` the K chosen (:func:`adjacent_best_ks`).

    Examples
    --------
    >>> X = [[0.0], [1.0], [10.0], [11.0], [20.0], [21.0]]
    >>> parts = {2: [0, 0, 1, 1, 1, 1], 3: [0, 0, 1, 1, 2, 2], 4: [0, 0, 1, 1, 2, 3]}
    >>> adjacent_of_k(X, parts, [2, 3], ["hartigan"])  # H(3) <= 10: three are enough
    {'hartigan': ({2: 200.0, 3: 1.0}, (3,))}
    """
    ks = sorted(ks)
    scores = adjacent_scores(X, partitions, names)
    return {name: ({k: found[k][0] for k in ks}, adjacent_best_ks(name, ks, found)) for name, found in scores.items()}


@described(parameters={"ks": KS})
def adjacent_best_ks(name: str, ks, scores) -> tuple[int, ...]:
    """The K that adjacent index ``name`` chooses among ``ks`` by its rule (none if it cannot).

    Parameters
    ----------
    name : str
        A name of :data:`ADJACENT`.
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
