"""R's ``kmeans(x, k)``: random starts from ``set.seed``, then Hartigan & Wong's algorithm.

NbClust 3.0.1 clusters with ``set.seed(1); kmeans(x, k)`` (``method = "kmeans"``), so its
partitions are reproducible outside R once both R's stream
(:class:`clustval.compat.r_random.RStream`) and R's default algorithm are:

* **Starts**: ``k`` rows of ``x`` drawn by ``sample.int(n, k)``; if two of them are equal,
  ``k`` rows of ``unique(x)`` (first occurrences, in order) drawn by ``sample.int`` again,
  continuing the stream.
* **Hartigan & Wong (1979)**, algorithm AS 136 (Appl. Statist. 28(1):100-108): each object
  goes to its nearest start (its second-nearest remembered), the centres become the means,
  then optimal-transfer stages (move an object to the cluster that most lowers the total
  within-cluster sum of squares, ``n_l / (n_l + 1) d^2`` against ``n_1 / (n_1 - 1) d_1^2``,
  restricted to the "live set" of clusters changed in the last n steps) alternate with
  quick-transfer stages (moves between each object's two nearest clusters only), until n
  optimal-transfer steps in a row move nothing, or ``iter_max`` rounds. With two clusters
  one round is enough. Distances are summed coordinate by coordinate in order, as the
  Fortran does, so the ties and the result are R's.

Checked against R 4.2's ``kmeans`` on the fixtures' data sets (``tests/compat/test_r_stats.py``).

Examples
--------
>>> X = [[0.0, 0.0], [0.2, 0.1], [0.1, 0.3], [5.0, 5.0], [5.2, 4.8], [4.9, 5.1]]
>>> kmeans(X, 2).cluster.tolist()  # set.seed(1); kmeans(X, 2)$cluster
[1, 1, 1, 2, 2, 2]
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass

import numpy as np

from .._engine.docs import K
from .._engine.validation import as_data_matrix
from ..errors import ClusteringError, InputError
from ..indices._docs import DATA, described
from .r_random import R_SEED, RStream

_BIG = 1.0e30  # AS 136's stand-in for n_1 / (n_1 - 1) of a singleton


@dataclass(frozen=True)
class RKMeans:
    """What R's ``kmeans`` returns (the parts NbClust reads).

    Examples
    --------
    >>> res = kmeans([[0.0], [1.0], [9.0], [10.0]], 2)
    >>> res.cluster.tolist(), res.centers.ravel().tolist(), res.withinss.tolist(), res.converged
    ([1, 1, 2, 2], [0.5, 9.5], [0.5, 0.5], True)
    """

    cluster: np.ndarray  # 1-based cluster of each object, as R numbers them
    centers: np.ndarray  # (k, d)
    withinss: np.ndarray  # (k,)
    iter: int  # optimal-transfer rounds run
    converged: bool


def _sq(a: np.ndarray, c: np.ndarray) -> float:
    """Squared distance summed coordinate by coordinate, as the Fortran loop adds it."""
    total = 0.0
    for x, y in zip(a.tolist(), c.tolist()):
        total += (x - y) * (x - y)
    return total


def _move(state, i: int, l1: int, l2: int) -> None:
    """Move object i from cluster l1 to l2: centres, sizes, AN1/AN2 and IC1/IC2."""
    A, C, nc, an1, an2, ic1, ic2 = state
    al1, al2 = float(nc[l1]), float(nc[l2])
    alw, alt = al1 - 1.0, al2 + 1.0
    C[l1] = (C[l1] * al1 - A[i]) / alw
    C[l2] = (C[l2] * al2 + A[i]) / alt
    nc[l1] -= 1
    nc[l2] += 1
    an2[l1] = alw / al1
    an1[l1] = alw / (alw - 1.0) if alw > 1.0 else _BIG
    an1[l2] = alt / al2
    an2[l2] = alt / (alt + 1.0)
    ic1[i], ic2[i] = l2, l1


@described(parameters=DATA)
def hartigan_wong(X, centers, iter_max: int = 10) -> RKMeans:
    """AS 136 from the given starting centres (R's ``kmeans(x, centers)`` with a matrix).

    Parameters
    ----------
    centers : array-like of shape (k, d)
        The starting centres, 2 <= k < n.
    iter_max : int, default 10
        Rounds of optimal transfer at most (R's ``iter.max``).

    Returns
    -------
    RKMeans
        The clusters (1-based, the starts' order), the centres, within sums of squares,
        rounds and whether the algorithm converged (R warns when it did not).

    Raises
    ------
    clustval.errors.InputError
        Bad data or centres, or k outside 2..n - 1.
    clustval.errors.ClusteringError
        A start that no object is nearest to (R: "empty cluster: try a better set of
        initial centers").

    Examples
    --------
    >>> hartigan_wong([[0.0], [1.0], [9.0], [10.0]], [[0.0], [1.0]]).cluster.tolist()
    [1, 1, 2, 2]
    """
    A = as_data_matrix(X)
    C = np.array(centers, dtype=np.float64, copy=True)
    if C.ndim != 2 or C.shape[1] != A.shape[1]:
        raise InputError(f"centres must be a (k, {A.shape[1]}) array, got shape {C.shape}.")
    m, k = len(A), len(C)
    if not 1 < k < m:
        raise InputError(f"the number of centres must lie in 2..{m - 1} (n - 1), got {k}.")
    # each object's nearest and second-nearest start (ties: the lower centre)
    ic1, ic2 = np.zeros(m, dtype=np.int64), np.ones(m, dtype=np.int64)
    for i in range(m):
        dt = [_sq(A[i], C[0]), _sq(A[i], C[1])]
        if dt[0] > dt[1]:
            ic1[i], ic2[i] = 1, 0
            dt.reverse()
        for l in range(2, k):
            db = _sq(A[i], C[l])
            if db >= dt[1]:
                continue
            if db < dt[0]:
                dt[1], ic2[i], dt[0], ic1[i] = dt[0], ic1[i], db, l
            else:
                dt[1], ic2[i] = db, l
    nc = np.bincount(ic1, minlength=k)
    if np.any(nc == 0):
        raise ClusteringError("empty cluster: try a better set of initial centers (R's kmeans).")
    C = np.zeros_like(C)
    for i in range(m):
        C[ic1[i]] += A[i]
    C /= nc[:, None]
    an2 = nc / (nc + 1.0)
    an1 = np.where(nc > 1, nc / np.maximum(nc - 1.0, 1.0), _BIG)
    itran = np.ones(k, dtype=bool)
    ncp = np.full(k, -1, dtype=np.int64)
    live = np.zeros(k, dtype=np.int64)
    d = np.zeros(m)
    state = (A, C, nc, an1, an2, ic1, ic2)
    indx = 0
    converged, rounds = False, 0
    for rounds in range(1, iter_max + 1):
        indx = _optimal_transfer(state, d, itran, ncp, live, indx)
        if indx == m:
            converged = True
            break
        if _quick_transfer(state, d, itran, ncp):
            indx = 0  # a quick transfer moved an object
        if k == 2:
            converged = True
            break
        ncp[:] = 0
    # the final centres and sums of squares, from the memberships
    C = np.zeros((k, A.shape[1]))
    for i in range(m):
        C[ic1[i]] += A[i]
    C /= nc[:, None]
    wss = np.zeros(k)
    for i in range(m):
        wss[ic1[i]] += _sq(A[i], C[ic1[i]])
    if not converged:
        warnings.warn(f"did not converge in {iter_max} iterations (R's kmeans).", stacklevel=2)
    return RKMeans(cluster=ic1 + 1, centers=C, withinss=wss, iter=rounds, converged=converged)


def _optimal_transfer(state, d, itran, ncp, live, indx: int) -> int:
    """AS 136's OPTRA: one pass over the objects; returns INDX (steps since the last move)."""
    A, C, nc, an1, an2, ic1, ic2 = state
    m, k = len(A), len(C)
    for l in range(k):
        if itran[l]:
            live[l] = m + 1  # 1-based steps, as the Fortran counts them
    for i0 in range(m):
        step = i0 + 1
        indx += 1
        l1 = ic1[i0]
        if nc[l1] != 1:
            if ncp[l1] != 0:
                d[i0] = _sq(A[i0], C[l1]) * an1[l1]
            ll = l2 = ic2[i0]
            r2 = _sq(A[i0], C[l2]) * an2[l2]
            for l in range(k):
                if (step >= live[l1] and step >= live[l]) or l == l1 or l == ll:
                    continue
                rr = r2 / an2[l]
                dc = _sq(A[i0], C[l])
                if dc >= rr:
                    continue
                r2, l2 = dc * an2[l], l
            if r2 >= d[i0]:
                ic2[i0] = l2
            else:
                indx = 0
                live[l1] = live[l2] = m + step
                ncp[l1] = ncp[l2] = step
                _move(state, i0, l1, l2)
        if indx == m:
            return indx
    itran[:] = False
    live -= m
    return indx


def _quick_transfer(state, d, itran, ncp) -> bool:
    """AS 136's QTRAN: moves between each object's two nearest clusters until m steps in a
    row move nothing (R stops after 50 m steps with a warning); True if any object moved."""
    A, C, nc, an1, an2, ic1, ic2 = state
    m = len(A)
    icoun = istep = 0
    moved = False
    while True:
        for i0 in range(m):
            icoun += 1
            istep += 1
            if istep >= 50 * m:
                warnings.warn("Quick-TRANSfer stage steps exceeded maximum (R's kmeans).", stacklevel=3)
                return moved
            l1, l2 = ic1[i0], ic2[i0]
            if nc[l1] != 1:
                if istep <= ncp[l1]:
                    d[i0] = _sq(A[i0], C[l1]) * an1[l1]
                if istep < ncp[l1] or istep < ncp[l2]:
                    r2 = d[i0] / an2[l2]
                    if _sq(A[i0], C[l2]) < r2:
                        icoun = 0
                        moved = True
                        itran[l1] = itran[l2] = True
                        ncp[l1] = ncp[l2] = istep + m
                        _move(state, i0, l1, l2)
            if icoun == m:
                return moved


@described(parameters={**DATA, "k": K, "seed": R_SEED})  # NbClust's seed is 1
def kmeans(X, k: int, iter_max: int = 10, seed: int = 1) -> RKMeans:
    """R's ``set.seed(seed); kmeans(X, k, iter.max = iter_max)`` (Hartigan-Wong, one start),
    2 <= K <= n - 1.

    Parameters
    ----------
    iter_max : int, default 10
        R's ``iter.max``.

    Returns
    -------
    RKMeans
        As R's ``kmeans`` returns them.

    Raises
    ------
    clustval.errors.InputError
        Bad data, or more clusters than distinct rows.
    clustval.errors.ClusteringError
        An empty cluster (R's error).

    Examples
    --------
    >>> kmeans([[0.0], [1.0], [9.0], [10.0], [11.0]], 2).cluster.tolist()
    [1, 1, 2, 2, 2]
    """
    A = as_data_matrix(X)
    m = len(A)
    if isinstance(k, bool) or not isinstance(k, (int, np.integer)) or not 1 < k < m:
        raise InputError(f"k must be an integer in 2..{m - 1} (n - 1), got {k!r}.")
    stream = RStream(seed)
    centers = A[np.asarray(stream.sample_int(m, int(k))) - 1]
    if len(np.unique(centers, axis=0)) < k:  # duplicated starts: draw from the distinct rows
        _, first = np.unique(A, axis=0, return_index=True)
        distinct = A[np.sort(first)]
        if len(distinct) < k:
            raise InputError("more cluster centers than distinct data points.")
        centers = distinct[np.asarray(stream.sample_int(len(distinct), int(k))) - 1]
    return hartigan_wong(A, centers, iter_max)
