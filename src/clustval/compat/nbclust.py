"""NbClust 3.0.1's choice of the number of clusters, with NbClust's values.

The R package NbClust (Charrad, Ghazzali, Boiteau, Niknafs 2014, J. Stat. Softw. 61(6))
clusters the data hierarchically, cuts the tree at every K of ``min_nc..max_nc``, computes
up to 30 indices at each K (``All.index``), lets each index propose a K (``Best.nc``) and
takes the K most indices propose (the majority rule). :func:`nbclust` does the same and
returns the same numbers for ``method`` in ``"ward.D2"``, ``"complete"``, ``"average"`` and
``"kmeans"`` (checked against NbClust 3.0.1 in R to a relative 1e-10).

The tree is R's ``hclust`` (Murtagh's nearest-neighbour-list algorithm with the
Lance-Williams updates, ``ward.D2`` on squared distances), so ties between merge heights
are broken as R breaks them, and a cut is numbered as R's ``cutree`` numbers it: clusters
in the order of their first object. NbClust seeds R's generator itself (``set.seed(1)``
before each k-means and before Gap's reference data), so ``method="kmeans"`` and the Gap
index are R's too: R's stream (:mod:`clustval.compat.r_random`) and R's Hartigan-Wong
k-means (:mod:`clustval.compat.r_kmeans`) are reimplemented draw for draw.
``index="all"`` does not contain Gap (nor Gamma, Gplus, Tau); ``"alllong"`` has all 30.

Where NbClust's code departs from the published index, this layer follows the code; the
native indices (:func:`clustval.score` with the registry's names, see
:data:`REGISTRY_EQUIVALENT`) keep the published definition. Every departure found in
NbClust 3.0.1's source and checked against its values:

* **Partitions**: K is cut from the tree at K - 1, K and K + 1; KL, Hartigan, Duda,
  PseudoT2, Beale and Frey read the neighbouring cuts, SDindex the cut at ``max_nc``.
* **Hartigan** multiplies (W_K / W_(K+1) - 1) by (n - K), not Hartigan's (n - K - 1).
* **Scott** is n log(det(X'X) / det W) and **Rubin** tr(X'X) / tr W with X'X the
  *uncentred* cross-product matrix (Scott & Symons 1971 and Friedman & Rubin 1967 use the
  total scatter T; Friedman & Rubin's criterion is det T / det W, not a ratio of traces).
* **Friedman** sums the diagonal of the *elementwise* product of W^-1 and B, with B taken
  about the origin (sum_k n_k m_k m_k'), not tr(W^-1 B) with B about the grand mean.
* **TrCovW** is the trace of R's ``cov(W)``: the covariance of W's columns, W's rows taken as
  observations. **Marriot** is K^2 det W.
* **CCC** (Sarle 1983) takes the eigenvalues of the uncentred X'X / (n - 1) and R^2 =
  1 - tr W / tr(X'X).
* **Ratkowsky** is the mean over variables of sqrt(BGSS_j / TSS_j), divided by sqrt(K)
  (the registry's ``ratkowsky_lance`` is sqrt(mean_j(BGSS_j / TSS_j) / K));
  **Ball** is WGSS / K (the registry's ``ball_hall``: the mean over clusters of
  WGSS_k / n_k).
* **Duda, PseudoT2, Beale**: the cluster split between K and K + 1 is found by comparing
  cluster sizes label by label, as NbClust does: when a part has the size of the cluster
  whose label it takes, the "parts" are a part and a cluster that was not split (the
  published indices, :func:`clustval.selection.adjacent.duda_hart` and its kin, take the
  split cluster). A singleton's within sum of squares is that of its *coordinates* about
  their mean (R drops the matrix to a column there).
  Beale's F divides by ((N_M - 1) / (N_M - 2)) (2^(2/p) - 1), where Beale (1969) and
  Charrad et al.'s Table 1 have ((N_M - 1) / (N_M - 2)) 2^(2/p) - 1.
  Critical values: z = 3.20; Beale's p-value is 1 - F(beale; p, (N_M - 2) p).
* **DB** uses q = 2: S_i is the root-mean-square distance to the centroid (Davies & Bouldin
  allow any q; clusterSim's default is q = 2): the registry's ``db`` with ``q=2``
  (``db_q=2``), but non-finite ratios (equal centroids) are left out.
* **Silhouette** is the mean over objects, but a singleton cluster adds 1 in total;
  a singleton neighbour's mean distance is its one distance.
* **Cindex** takes the smallest positive and the largest *within-cluster* distance (0 when a
  cluster holds duplicate points; a singleton contributes 1 to both), not the N_W smallest
  and largest of all distances (Hubert & Levin 1976).
* **McClain** divides (mean_W / N_W) by (mean_B / N_B): McClain-Rao times N_B / N_W.
* **Gplus** is 2 s- / (n (n - 1)) with n the number of *objects* (it can exceed 1); **Tau** is
  (s+ - s-) / sqrt((N_T - t) N_T) with t the within/between ties, NaN when t > N_T.
* **Ptbiserial** is (mean_B - mean_W) sqrt(p (1 - p)) / sd with p = N_B / N_T and sd the
  standard deviation of all distances (divisor N_T - 1).
* **SDindex**: alpha = Dis at ``max_nc``; SD and SDbw use population variances. **SDbw**: a
  cluster's density counts only its own members within stdev (<=), a midpoint's density
  the members of both clusters; the mean over ordered pairs.
* **Dindex** is the mean distance of each object to its own centroid. **Hubert** is the
  correlation-like S / (M ||v_P|| ||v_Q||), v the vectors of column variances of the full
  distance matrix P and of the centroid-distance matrix Q. Both are graphical: their best K
  is reported as 0.
* **Gap** is not Tibshirani et al.'s statistic (:func:`clustval.selection.gap.gap_statistic` is):
  ``set.seed(1)`` before each feature's ``runif`` makes every feature's reference column
  the same uniform draws scaled to its range, and before each of the B = 10 sets makes them
  all equal; W is sum_z tr(var(X_z)) (n_z - 1) / (n - K) for the data and the first set but
  sum_z tr(var(X_z)) n_z / (n - K) for the other nine; a singleton cluster's "variance" is
  the variance of its coordinates truncated to an integer (R's ``diag()`` of a number is an
  identity matrix of that size). The reference sets are clustered with the same method
  (k-means: ``kmeans(x, K, 100)``). The critical value is Gap(K) - (Gap(K+1) - s(K+1)).
* **Best K** (``best_nc``): the maximum for KL, CH, CCC, Silhouette, Ptbiserial, Ratkowsky,
  Dunn, Gamma, Tau; the minimum for DB, Cindex, McClain, Gplus, SDindex, SDbw; the largest
  |difference from K - 1| for Hartigan, Scott, TrCovW, Friedman, Ball; the largest second
  difference (interior K) for Marriot and TraceW, the smallest for Rubin; the first K with
  Duda >= its critical value, PseudoT2 <= its critical value, Beale's p-value >= alpha_beale,
  Gap's critical value >= 0;
  Frey: K - 1 for the first K with Frey < 1 (1 with value NaN when that is ``min_nc``).
  The first K wins a tie.
* **Majority**: the K proposed by most indices among ``min_nc..max_nc``; the smallest wins a
  tie. NbClust rounds ``All.index``, ``All.CriticalValues`` and ``Best.nc`` to 4 decimals
  before returning them: ``round_digits=4`` does the same (the default keeps full precision).
* Where an index has no finite value at any K (Tau on tied data), NbClust's ``Best.nc``
  matrix is recycled and the columns after that index are shifted; this layer reports
  NaN for that index and the right values for the others.

Examples
--------
>>> import numpy as np
>>> rng = np.random.default_rng(0)
>>> X = np.vstack([rng.normal(c, 0.3, size=(15, 2)) for c in ((0, 0), (4, 0), (0, 4))])
>>> res = nbclust(X, min_nc=2, max_nc=6, method="ward.D2", index="all")
>>> res.best_k, res.best_nc["CH"][0], len(res.all_index)
(3, 3, 26)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
from scipy import stats
from scipy.spatial.distance import pdist, squareform

from .._engine.docs import DATA, K, with_parameters
from ..errors import InputError
from .r_kmeans import kmeans as r_kmeans
from .r_random import RStream

__all__ = ["ALL", "ALLLONG", "INDEX_NAMES", "REGISTRY_EQUIVALENT", "NbClustResult", "hclust_cut",
           "majority", "nbclust"]  # fmt: skip

#: NbClust's 30 indices, in the order of its ``All.index`` columns.
INDEX_NAMES = ("KL", "CH", "Hartigan", "CCC", "Scott", "Marriot", "TrCovW", "TraceW", "Friedman",
               "Rubin", "Cindex", "DB", "Silhouette", "Duda", "Pseudot2", "Beale", "Ratkowsky",
               "Ball", "Ptbiserial", "Gap", "Frey", "McClain", "Gamma", "Gplus", "Tau", "Dunn",
               "Hubert", "SDindex", "Dindex", "SDbw")  # fmt: skip
#: ``index="all"``: every index but Gap, Gamma, Gplus and Tau (NbClust's 26).
ALL = tuple(n for n in INDEX_NAMES if n not in ("Gap", "Gamma", "Gplus", "Tau"))
#: ``index="alllong"``: all 30.
ALLLONG = INDEX_NAMES
_BEST_NAME = {"Pseudot2": "PseudoT2", "Ptbiserial": "PtBiserial"}  # Best.nc's spelling
_GRAPHICAL = ("Hubert", "Dindex")

#: The registry index that computes the *published* quantity behind each NbClust index
#: (``clustval.score(X, labels, indices=[...])``); NbClust's own values differ where the
#: module's docstring lists a departure. None: no registry index, since the index reads the
#: neighbouring cuts (KL, Hartigan, Duda, PseudoT2, Beale, Frey: functions of the cuts in
#: :mod:`clustval.indices.nbclust`), the cut at max_nc (SDindex = Dis(K_max) sd_scat +
#: sd_dis) or new reference data (Gap: :func:`clustval.selection.gap.gap_statistic` is the published one).
REGISTRY_EQUIVALENT = {
    "KL": None, "CH": "calinski_harabasz", "Hartigan": None, "CCC": "ccc",
    "Scott": "log_det_ratio", "Marriot": "ksq_detw", "TrCovW": "trcovw", "TraceW": "trace_w",
    "Friedman": "trace_wib", "Rubin": "det_ratio", "Cindex": "c_index", "DB": "db",
    "Silhouette": "sil", "Duda": None, "Pseudot2": None, "Beale": None,
    "Ratkowsky": "ratkowsky_lance", "Ball": "ball_hall", "Ptbiserial": "point_biserial",
    "Gap": None, "Frey": None, "McClain": "mcclain_rao", "Gamma": "baker_hubert_gamma",
    "Gplus": "g_plus", "Tau": "tau", "Dunn": "dunn", "Hubert": "hubert", "SDindex": None,
    "Dindex": "dindex", "SDbw": "s_dbw",
}  # fmt: skip

_HCLUST_METHODS = ("ward.D2", "complete", "average")
_METHODS = (*_HCLUST_METHODS, "kmeans")
_GAP_B = 10  # NbClust's number of Gap reference sets
_GAP_KMEANS_ITER = 100  # NbClust's iter.max for k-means on Gap's reference sets
_ALPHA_DUDA_Z = 3.20  # Milligan & Cooper (1985)'s best standard score, as NbClust uses it


@dataclass
class NbClustResult:
    """What :func:`nbclust` returns: NbClust's ``All.index``, ``All.CriticalValues``,
    ``Best.nc`` and ``Best.partition``.

    Attributes
    ----------
    all_index : dict of str to dict of int to float
        Index name -> {K: value} (NbClust's ``All.index``).
    all_critical_values : dict of str to dict of int to float
        ``CritValue_Duda``, ``CritValue_PseudoT2``, ``Fvalue_Beale`` -> {K: value}.
    best_nc : dict of str to tuple of (float, float)
        Index name (``Best.nc``'s spelling) -> (K chosen, value there); K is 0 for the
        graphical Hubert and Dindex, NaN where the index never proposes a K.
    best_k : int
        The majority rule's K.
    best_partition : numpy.ndarray
        The tree cut at ``best_k``, labels 1..best_k numbered as R's ``cutree``.
    ks : tuple of int
        ``min_nc..max_nc``.

    Examples
    --------
    >>> r = NbClustResult({"CH": {2: 5.0}}, {}, {"CH": (2, 5.0)}, 2, np.array([1, 2]), (2,))
    >>> r.best_k
    2
    """

    all_index: dict[str, dict[int, float]]
    all_critical_values: dict[str, dict[int, float]]
    best_nc: dict[str, tuple[float, float]]
    best_k: int
    best_partition: np.ndarray
    ks: tuple[int, ...] = field(default=())


# ----------------------------------------------------------------------------- the tree


def _hclust_merges(d: np.ndarray, method: str) -> list[tuple[int, int]]:
    """The merges of R's ``hclust`` on the full distance matrix ``d``: pairs (i, j) of
    cluster representatives (the smaller index survives), in order.

    Murtagh's (1985) nearest-neighbour list: each cluster keeps its nearest neighbour among
    the clusters of larger index; the pair with the smallest such distance merges (the
    smallest index on a tie), distances are updated by Lance & Williams (1967)."""
    n = d.shape[0]
    diss = d.astype(float).copy()
    if method == "ward.D2":
        diss = diss * diss  # Ward on squared Euclidean distances
    np.fill_diagonal(diss, np.inf)
    size = np.ones(n)
    alive = np.ones(n, dtype=bool)
    nn = np.zeros(n, dtype=int)
    nn_d = np.full(n, np.inf)

    def right_nn(i):
        row = np.where(alive[i + 1:], diss[i, i + 1:], np.inf)
        if row.size == 0:
            return 0, np.inf
        j = int(np.argmin(row))  # first minimum: the smallest index wins a tie
        return i + 1 + j, row[j]

    for i in range(n - 1):
        nn[i], nn_d[i] = right_nn(i)
    merges = []
    for _ in range(n - 1):
        cand = np.where(alive[:n - 1], nn_d[:n - 1], np.inf)
        im = int(np.argmin(cand))
        i2, j2 = sorted((im, int(nn[im])))
        merges.append((i2, j2))
        alive[j2] = False
        d12 = diss[i2, j2]
        best, best_k = np.inf, 0
        for k in range(n):
            if not alive[k] or k == i2:
                continue
            a, b = diss[i2, k], diss[j2, k]
            if method == "ward.D2":
                new = ((size[i2] + size[k]) * a + (size[j2] + size[k]) * b - size[k] * d12) / (
                    size[i2] + size[j2] + size[k])
            elif method == "complete":
                new = max(a, b)
            elif method == "average":
                new = (size[i2] * a + size[j2] * b) / (size[i2] + size[j2])
            else:
                raise InputError(f"hclust method must be one of {_HCLUST_METHODS}, got {method!r}.")
            diss[i2, k] = diss[k, i2] = new
            if i2 < k:
                if new < best:
                    best, best_k = new, k
            elif new < nn_d[k]:  # the new cluster may become the nearest right neighbour of k
                nn_d[k], nn[k] = new, i2
        size[i2] += size[j2]
        nn_d[i2], nn[i2] = best, best_k
        for i in range(n - 1):
            if alive[i] and nn[i] in (i2, j2):
                nn[i], nn_d[i] = right_nn(i)
    return merges


def _cut(merges: list[tuple[int, int]], n: int, k: int) -> np.ndarray:
    """Labels 1..k after the first n - k merges, numbered by first appearance (R's cutree)."""
    parent = np.arange(n)

    def root(i):
        while parent[i] != i:
            i = parent[i]
        return i

    for i2, j2 in merges[: n - k]:
        parent[root(j2)] = root(i2)
    roots = np.array([root(i) for i in range(n)])
    _, first, inverse = np.unique(roots, return_index=True, return_inverse=True)
    rank = np.empty(first.size, dtype=int)
    rank[np.argsort(first)] = np.arange(1, first.size + 1)
    return rank[inverse.ravel()]


@with_parameters({**DATA, "k": K})
def hclust_cut(X, k: int, method: str = "ward.D2") -> np.ndarray:
    """R's ``cutree(hclust(dist(X), method), k)``: the hierarchical clustering cut at K, 1..n.

    Parameters
    ----------
    method : {"ward.D2", "complete", "average"}, default "ward.D2"
        R's ``hclust`` method.

    Returns
    -------
    numpy.ndarray of int
        Labels 1..k, the clusters numbered in the order of their first object.

    Examples
    --------
    >>> hclust_cut([[0.0], [10.0], [0.5], [11.0]], 2, "complete").tolist()
    [1, 2, 1, 2]
    """
    X = _check_data(X)
    if method not in _HCLUST_METHODS:
        raise InputError(f"method must be one of {_HCLUST_METHODS}, got {method!r}.")
    if not 1 <= k <= X.shape[0]:
        raise InputError(f"k must be in 1..{X.shape[0]}, got {k}.")
    return _cut(_hclust_merges(squareform(pdist(X)), method), X.shape[0], k)


# ----------------------------------------------------------------------------- the indices


def _centers(X, cl, k):
    return np.array([X[cl == u].mean(axis=0) for u in range(1, k + 1)])


def _wgss(X, cl):
    k = cl.max()
    c = _centers(X, cl, k)
    return float(((X - c[cl - 1]) ** 2).sum())


def _tss(X):
    return float(((X - X.mean(axis=0)) ** 2).sum())


def _wss_nbclust(rows):
    """Within sum of squares of a cluster as NbClust's Duda/Beale code computes it: a
    singleton's row drops to a column, so its coordinates are centred on their own mean."""
    rows = rows.reshape(-1, 1) if rows.shape[0] == 1 else rows
    return float(((rows - rows.mean(axis=0)) ** 2).sum())


def _wbt(X, cl, xtx, s, vv):
    n, p = X.shape
    q = int(cl.max())
    sizes = np.bincount(cl, minlength=q + 1)[1:].astype(float)
    means = _centers(X, cl, q)
    B = (means.T * sizes) @ means  # about the origin
    W = xtx - B
    detW = np.linalg.det(W)
    out = {"Marriot": q * q * detW, "TrCovW": float(np.trace(np.cov(W, rowvar=False))),
           "TraceW": float(np.trace(W)),
           "Scott": n * math.log(np.linalg.det(xtx) / detW) if detW != 0 else math.nan,
           "Friedman": float(np.sum(np.diag(np.linalg.inv(W)) * np.diag(B))),
           "Rubin": float(np.trace(xtx) / np.trace(W))}  # fmt: skip
    r2 = 1 - np.trace(W) / np.trace(xtx)
    u = s / (vv / q) ** (1 / p)
    p1 = min(int(np.sum(u >= 1)), q - 1)
    if 0 < p1 < p:
        c = (np.prod(s[:p1]) / q) ** (1 / p1)
        u = s / c
        b = np.sum(1 / (n + u[:p1])) + np.sum(u[p1:] ** 2 / (n + u[p1:]))
        pp = p1
    else:
        b = np.sum(1 / (n + u))
        pp = p
    e_r2 = 1 - (b / np.sum(u**2)) * ((n - q) ** 2 / n) * (1 + 4 / n)
    out["CCC"] = float(math.log((1 - e_r2) / (1 - r2)) * (math.sqrt(n * pp / 2) / (0.001 + e_r2) ** 1.2))
    return out


def _nbclust_split(cl1, cl2) -> tuple[int, int]:
    """The labels (in ``cl2``) of the two parts of the split cluster as NbClust finds them:
    the first label whose size differs between the cuts, and the last one counted from the
    end. When a part has the size of the cluster it displaces, this names a cluster that
    was not split."""
    g1 = 1
    while g1 <= cl1.max() and np.sum(cl1 == g1) == np.sum(cl2 == g1):
        g1 += 1
    g2 = cl2.max()
    h = g2 - 1
    while h >= 1 and np.sum(cl1 == h) == np.sum(cl2 == g2):
        g2 -= 1
        h -= 1
    return g1, g2


def _wkwl(X, cl1, cl2):
    g1, g2 = _nbclust_split(cl1, cl2)
    wk, wl, wm = (_wss_nbclust(X[m]) for m in (cl2 == g1, cl2 == g2, cl1 == g1))
    nk, nl, nm = int(np.sum(cl2 == g1)), int(np.sum(cl2 == g2)), int(np.sum(cl1 == g1))
    p = X.shape[1]
    bkl = wm - wk - wl
    duda = (wk + wl) / wm
    pseudot2 = bkl / ((wk + wl) / (nk + nl - 2))
    with np.errstate(divide="ignore", invalid="ignore"):
        beale = (bkl / (wk + wl)) / (((nm - 1) / (nm - 2)) * (2 ** (2 / p) - 1))
    zzz = _ALPHA_DUDA_Z * math.sqrt(2 * (1 - 8 / (math.pi**2 * p)) / (nm * p))
    crit = 1 - 2 / (math.pi * p) - zzz
    crit_t2 = ((1 - crit) / crit) * (nk + nl - 2)
    fbeale = 1 - stats.f.cdf(beale, p, (nm - 2) * p) if nm > 2 else math.nan
    return duda, pseudot2, float(beale), crit, crit_t2, float(fbeale)


def _within_between(D, cl):
    iu = np.triu_indices(D.shape[0], 1)
    same = cl[iu[0]] == cl[iu[1]]
    d = D[iu]
    return d[same], d[~same]


def _cindex(D, cl):
    k = cl.max()
    du, r = 0.0, 0.0
    vmin, vmax = np.ones(k), np.ones(k)
    for u in range(1, k + 1):
        m = cl == u
        nu = int(m.sum())
        if nu > 1:
            t = D[np.ix_(m, m)]
            du += t.sum() / 2
            vmax[u - 1] = t.max()
            vmin[u - 1] = t[t != 0].min() if np.sum(t == 0) == nu else 0.0
            r += nu * (nu - 1) / 2
    dmin, dmax = vmin.min(), vmax.max()
    return math.nan if dmin == dmax else float((du - r * dmin) / (dmax * r - dmin * r))


def _db(X, cl):
    k = cl.max()
    c = _centers(X, cl, k)
    S = np.zeros(k)
    for u in range(1, k + 1):
        m = cl == u
        if m.sum() > 1:
            S[u - 1] = math.sqrt(np.mean(((X[m] - c[u - 1]) ** 2).sum(axis=1)))
    M = squareform(pdist(c))
    with np.errstate(divide="ignore", invalid="ignore"):
        R = (S[:, None] + S[None, :]) / M
    r = np.array([np.max(row[np.isfinite(row)]) if np.isfinite(row).any() else -np.inf for row in R])
    return float(np.mean(r[np.isfinite(r)]))


def _silhouette(D, cl):
    k = cl.max()
    sizes = np.bincount(cl, minlength=k + 1)[1:]
    sums = np.stack([D[:, cl == u].sum(axis=1) for u in range(1, k + 1)], axis=1)
    means = sums / np.where(sizes == 1, 1, sizes)  # a singleton neighbour: its one distance
    total = 0.0
    for u in range(1, k + 1):
        if sizes[u - 1] <= 1:
            total += 1.0
            continue
        idx = np.flatnonzero(cl == u)
        a = sums[idx, u - 1] / (sizes[u - 1] - 1)
        b = np.delete(means[idx], u - 1, axis=1).min(axis=1)
        total += float(np.sum((b - a) / np.maximum(a, b)))
    return total / cl.size


def _ptbiserial(D, cl):
    w, b = _within_between(D, cl)
    alld = np.concatenate([w, b])
    prob = b.size / alld.size
    return float((b.mean() - w.mean()) * math.sqrt(prob * (1 - prob)) / alld.std(ddof=1))


def _frey_mcclain(D, cl1, cl2):
    w1, b1 = _within_between(D, cl1)
    w2, b2 = _within_between(D, cl2)
    frey = (b2.mean() - b1.mean()) / (w2.mean() - w1.mean())
    mcclain = (w1.mean() / w1.size) / (b1.mean() / b1.size)
    return float(frey), float(mcclain)


def _gamma_gplus_tau(D, cl):
    w, b = _within_between(D, cl)
    b = np.sort(b)
    s_minus = int(np.searchsorted(b, w, side="left").sum())  # between < within
    s_plus = int((b.size - np.searchsorted(b, w, side="right")).sum())  # between > within
    n = cl.size
    nt = n * (n - 1) / 2
    gamma = (s_plus - s_minus) / (s_plus + s_minus)
    gplus = 2 * s_minus / (n * (n - 1))
    t = w.size * b.size - (s_plus + s_minus)
    prod = (nt - t) * nt
    tau = (s_plus - s_minus) / math.sqrt(prod) if prod >= 0 else math.nan
    return gamma, gplus, tau


def _dunn(D, cl):
    k = cl.max()
    inter = min(D[np.ix_(cl == i, cl == j)].min() for i in range(1, k + 1) for j in range(i + 1, k + 1))
    intra = max(D[np.ix_(cl == i, cl == i)].max() for i in range(1, k + 1))
    return float(inter / intra)


def _hubert(X, D, cl):
    n = cl.size
    c = _centers(X, cl, cl.max())
    Q = squareform(pdist(c[cl - 1]))
    var_p = np.linalg.norm(D.var(axis=0))  # population variances of the columns
    var_q = np.linalg.norm(Q.var(axis=0))
    iu = np.triu_indices(n, 1)
    S = np.sum((D[iu] - D.mean()) * (Q[iu] - Q.mean()))
    return float(S / (n * (n - 1) / 2 * var_p * var_q))


def _scattering(X, cl):
    k = cl.max()
    var_k = np.array([X[cl == u].var(axis=0) for u in range(1, k + 1)])
    somme = float(np.sum(np.sqrt(np.sum(var_k**2, axis=1))))
    stdev = math.sqrt(somme) / k
    scat = somme / np.linalg.norm(X.var(axis=0)) / k
    return stdev, scat


def _dis(X, cl):
    c = _centers(X, cl, cl.max())
    dc = squareform(pdist(c))
    off = dc[np.triu_indices(dc.shape[0], 1)]
    return float(off.max() / off.min() * np.sum(1 / dc.sum(axis=1)))


def _sdbw(X, cl):
    k = cl.max()
    c = _centers(X, cl, k)
    stdev, scat = _scattering(X, cl)
    own = np.sqrt(((X - c[cl - 1]) ** 2).sum(axis=1))
    dens = np.bincount(cl[own <= stdev], minlength=k + 1)[1:]
    S = 0.0
    for u in range(1, k + 1):
        for v in range(1, k + 1):
            if u == v or max(dens[u - 1], dens[v - 1]) == 0:
                continue
            m = (cl == u) | (cl == v)
            mid = (c[u - 1] + c[v - 1]) / 2
            inside = int(np.sum(np.sqrt(((X[m] - mid) ** 2).sum(axis=1)) <= stdev))
            S += inside / max(dens[u - 1], dens[v - 1])
    return scat + S / (k * (k - 1))


def _dindex(X, cl):
    c = _centers(X, cl, cl.max())
    return float(np.mean(np.sqrt(((X - c[cl - 1]) ** 2).sum(axis=1))))


# ----------------------------------------------------------------------------- the call


def _r_trace_var(rows: np.ndarray) -> float:
    """``sum(diag(var(X[cl == z, ])))`` as R evaluates it: the trace of the covariance of a
    matrix of at least two rows and columns; a single row, or a single column, drops to a
    vector whose ``var()`` is one number v, and ``diag(v)`` is the identity of size
    ``as.integer(v)``."""
    if rows.shape[0] >= 2 and rows.shape[1] >= 2:
        return float(np.var(rows, axis=0, ddof=1).sum())
    values = rows.ravel()
    if values.size < 2:
        raise InputError("NbClust's Gap stops on a singleton of one-dimensional data (R: diag(NA) is an error).")
    return float(math.trunc(np.var(values, ddof=1)))


def _partition_maker(X: np.ndarray, method: str, iter_max: int = 10, distances: np.ndarray | None = None):
    """k -> NbClust's partition of X into k clusters (1-based): the cut of R's ``hclust``
    tree (on ``distances``, X's full distance matrix, when the caller has it), or
    ``set.seed(1); kmeans(X, k)`` (one cluster: all ones)."""
    n = len(X)
    if method == "kmeans":
        return lambda k: np.ones(n, dtype=np.int64) if k == 1 else r_kmeans(X, k, iter_max=iter_max).cluster
    merges = _hclust_merges(squareform(pdist(X)) if distances is None else distances, method)
    return lambda k: _cut(merges, n, k)


def _gap_reference(X: np.ndarray) -> np.ndarray:
    """NbClust's Gap reference set: ``set.seed(1); runif(n, min, max)`` for every feature,
    so every column is the same draws scaled to its feature's range."""
    u = RStream(1).runif(len(X))
    low, high = X.min(axis=0), X.max(axis=0)
    return np.where(low == high, low, low + (high - low) * u[:, None])


def _gap_one(X: np.ndarray, cl: np.ndarray, method: str) -> tuple[float, float]:
    """NbClust's GAP(X, cl): (Sgap, Sdgap) with its B = 10 reference sets, all equal."""
    n, k = len(X), int(cl.max())
    reference = _gap_reference(X)
    if k == n:
        ref_cl = np.arange(1, k + 1)
    else:
        ref_cl = _partition_maker(reference, method, iter_max=_GAP_KMEANS_ITER)(k)
    if k == 1:
        wk0 = _r_trace_var(X)
        wkb = np.full(_GAP_B, _r_trace_var(reference))
    else:
        parts = [(_r_trace_var(reference[ref_cl == z]), int((ref_cl == z).sum())) for z in range(1, k + 1)]
        wk0 = sum(_r_trace_var(X[cl == z]) * ((cl == z).sum() - 1) / (n - k) for z in range(1, k + 1))
        first = sum(trace * (size - 1) / (n - k) for trace, size in parts)  # the first set: n_z - 1
        later = sum(trace * size / (n - k) for trace, size in parts)  # the other nine: n_z
        wkb = np.r_[first, np.full(_GAP_B - 1, later)]
    logs = np.log(wkb)
    sgap = float(np.mean(logs) - math.log(wk0))
    sdgap = math.sqrt(1 + 1 / _GAP_B) * float(np.std(logs, ddof=1)) * math.sqrt((_GAP_B - 1) / _GAP_B)
    return sgap, sdgap


def _gap(X: np.ndarray, cl1: np.ndarray, cl2: np.ndarray, method: str) -> tuple[float, float]:
    """NbClust's Gap at K and its critical value Gap(K) - (Gap(K+1) - s(K+1))."""
    gap1, _ = _gap_one(X, cl1, method)
    gap2, s2 = _gap_one(X, cl2, method)
    return gap1, gap1 - (gap2 - s2)


def _check_data(X) -> np.ndarray:
    if X is None:
        raise InputError("data is needed: every index here reads the data (NbClust's data = NULL is not supported).")
    X = np.asarray(X, dtype=float)
    if X.ndim == 1:
        X = X[:, None]
    if X.ndim != 2 or not np.isfinite(X).all():
        raise InputError("data must be a finite 2-D array (n_samples, n_features).")
    return X


def _check_method(method: str) -> None:
    if method not in _METHODS:
        raise InputError(f"method must be one of {_METHODS}, got {method!r}.")


def _indices_of(index: str) -> tuple[str, ...]:
    lower = {n.lower(): n for n in INDEX_NAMES}
    if index == "all":
        return ALL
    if index == "alllong":
        return ALLLONG
    if index not in lower:
        raise InputError(f"unknown index {index!r}; choose 'all', 'alllong' or one of {sorted(lower)}.")
    return (lower[index],)


def _which(values, pick) -> tuple[float, float]:
    """R's ``which.max``/``which.min`` over the finite values: (position, value), NaN if none."""
    v = np.asarray(values, dtype=float)
    ok = np.flatnonzero(~np.isnan(v))
    if ok.size == 0:
        return math.nan, math.nan
    i = ok[int(pick(v[ok]))]
    return i, float(v[i])


def _best(name, ks, vals, crit):
    """NbClust's proposed K for one index: (K, value)."""
    ks = np.asarray(ks)
    v = np.array([vals[k] for k in ks], dtype=float)
    first = (lambda cond: next((i for i, c in enumerate(cond) if c), None))
    if name in _GRAPHICAL:
        return 0, 0.0
    if name in ("KL", "CH", "CCC", "Silhouette", "Ptbiserial", "Ratkowsky", "Dunn", "Gamma", "Tau"):
        i, val = _which(v, np.argmax)
    elif name in ("DB", "Cindex", "McClain", "Gplus", "SDindex", "SDbw"):
        i, val = _which(v, np.argmin)
    elif name in ("Hartigan", "Scott", "TrCovW", "Friedman", "Ball"):
        i, val = _which(np.r_[np.nan, np.abs(np.diff(v))], np.argmax)
    elif name in ("Marriot", "TraceW", "Rubin"):
        second = np.r_[np.nan, v[2:] - 2 * v[1:-1] + v[:-2], np.nan]
        i, val = _which(second, np.argmin if name == "Rubin" else np.argmax)
    elif name == "Duda":
        i = first(v >= np.array([crit["CritValue_Duda"][k] for k in ks]))
        val = v[i] if i is not None else math.nan
    elif name == "Pseudot2":
        i = first(v <= np.array([crit["CritValue_PseudoT2"][k] for k in ks]))
        val = v[i] if i is not None else math.nan
    elif name == "Beale":
        i = first(np.array([crit["Fvalue_Beale"][k] for k in ks]) >= crit["alpha_beale"])
        val = v[i] if i is not None else math.nan
    elif name == "Gap":
        i = first(np.array([crit["CritValue_Gap"][k] for k in ks]) >= 0)
        val = v[i] if i is not None else math.nan
    elif name == "Frey":
        i = first(v < 1)
        if i is None:
            return math.nan, math.nan
        return int(ks[i] - 1), (float(v[i - 1]) if i > 0 else math.nan)
    else:
        raise InputError(f"no rule for {name!r}.")  # unreachable: every index has a rule
    if i is None or (isinstance(i, float) and math.isnan(i)):
        return math.nan, math.nan
    return int(ks[i]), float(val)


def majority(best_nc: dict[str, tuple[float, float]], min_nc: int, max_nc: int) -> int:
    """NbClust's majority rule: the K of ``min_nc..max_nc`` proposed by most indices.

    Parameters
    ----------
    best_nc : dict of str to tuple of (float, float)
        Index name -> (proposed K, value), as :attr:`NbClustResult.best_nc`.
    min_nc, max_nc : int
        The range of K; proposals outside it (0 for graphical indices, 1 from Frey, NaN)
        are not counted.

    Returns
    -------
    int
        The most proposed K; the smallest on a tie.

    Raises
    ------
    clustval.errors.InputError
        No index proposes a K in the range.

    Examples
    --------
    >>> majority({"A": (3, 1.0), "B": (2, 0.5), "C": (3, 0.1), "D": (0, 0.0)}, 2, 5)
    3
    """
    votes = {k: sum(1 for kk, _ in best_nc.values() if kk == k) for k in range(min_nc, max_nc + 1)}
    top = max(votes.values(), default=0)
    if top == 0:
        raise InputError(f"no index proposes a K in {min_nc}..{max_nc}.")
    return min(k for k, c in votes.items() if c == top)


def nbclust(data=None, diss=None, distance: str | None = "euclidean", min_nc: int = 2,
            max_nc: int = 15, method: str = "ward.D2", index: str = "all",
            alpha_beale: float = 0.1, *, round_digits: int | None = None) -> NbClustResult:  # fmt: skip
    """NbClust 3.0.1's ``NbClust(data, diss, distance, min.nc, max.nc, method, index, alphaBeale)``.

    Clusters the data with R's ``hclust``, computes NbClust's indices at every K of
    ``min_nc..max_nc`` as NbClust's code does (the module's docstring lists where that
    departs from the published indices), lets each index propose a K and takes the
    majority (Charrad et al. 2014, J. Stat. Softw. 61(6)).

    Parameters
    ----------
    data : array-like of shape (n_samples, n_features)
        The data (NbClust's ``data``); every index here needs it.
    diss : None
        NbClust's precomputed dissimilarity; not supported (every index here needs the
        data), must be None.
    distance : {"euclidean"}, default "euclidean"
        The distance between objects; only Euclidean (NbClust's default).
    min_nc, max_nc : int, default 2 and 15
        The range of K; ``2 <= min_nc``, ``max_nc - min_nc >= 2`` (NbClust's rule for the
        indices that take differences), ``max_nc + 1 < n_samples``.
    method : {"ward.D2", "complete", "average", "kmeans"}, default "ward.D2"
        R's ``hclust`` method, or ``"kmeans"``: R's ``set.seed(1); kmeans(data, K)`` at each K.
    index : str, default "all"
        ``"all"`` (26 indices), ``"alllong"`` (all 30), or one index name
        (case-insensitive, e.g. ``"ch"``).
    alpha_beale : float, default 0.1
        Beale's significance level (NbClust's ``alphaBeale``).
    round_digits : int or None, default None
        Round the values as NbClust does before returning (NbClust: 4); None keeps full precision.

    Returns
    -------
    NbClustResult
        ``all_index``, ``all_critical_values``, ``best_nc``, ``best_k`` (majority) and
        ``best_partition``. For a single index, ``best_k`` is that index's proposal (as
        NbClust's ``Best.partition`` then is); for Hubert or Dindex alone it is 0 and
        ``best_partition`` empty.

    Raises
    ------
    clustval.errors.InputError
        An unsupported method, index, distance or ``diss``; a bad range of K; bad data.

    Examples
    --------
    >>> X = [[0.0, 0.0], [0.3, 0.1], [0.1, 0.4], [5.0, 5.0], [5.2, 4.9], [4.8, 5.3],
    ...      [9.0, 0.0], [9.4, 0.2], [9.1, 0.5], [9.3, 0.1]]
    >>> res = nbclust(X, min_nc=2, max_nc=4, method="average", index="ch")
    >>> res.best_nc["CH"][0], res.best_partition.tolist()
    (3, [1, 1, 1, 2, 2, 2, 3, 3, 3, 3])
    """
    if diss is not None:
        raise InputError("diss is not supported: pass the data (every index here needs it).")
    if distance != "euclidean":
        raise InputError(f"only distance='euclidean' is supported, got {distance!r}.")
    _check_method(method)
    names = _indices_of(index)
    X = _check_data(data)
    n, p = X.shape
    if min_nc < 2 or max_nc < min_nc or max_nc + 1 >= n:
        raise InputError(f"need 2 <= min_nc <= max_nc < n_samples - 1 ({n - 2}), got {min_nc}..{max_nc}.")
    if max_nc - min_nc < 2 and (len(names) > 1 or names[0] in (
            "Hartigan", "Scott", "Marriot", "TrCovW", "TraceW", "Friedman", "Rubin", "Cindex",
            "Ball", "Hubert", "Dindex")):  # fmt: skip
        raise InputError("the difference between min_nc and max_nc must be at least 2 (NbClust's rule).")
    D = squareform(pdist(X))
    partition_at = _partition_maker(X, method, distances=D)
    cuts = {k: partition_at(k) for k in range(min_nc - 1, max_nc + 2)}
    ks = tuple(range(min_nc, max_nc + 1))
    want = set(names)
    xtx = X.T @ X
    eig = np.sort(np.linalg.eigvalsh(xtx / (n - 1)))[::-1]
    s = np.sqrt(np.clip(eig, 0, None))
    s = np.where(s != 0, s, 1.0)
    vv = float(np.prod(s))
    wgss = {k: _wgss(X, cuts[k]) for k in cuts}
    tss = _tss(X)
    vals = {name: {} for name in INDEX_NAMES}
    crit = {"CritValue_Duda": {}, "CritValue_PseudoT2": {}, "Fvalue_Beale": {}, "CritValue_Gap": {}}
    dis_max = _dis(X, cuts[max_nc]) if "SDindex" in want else None
    for k in ks:
        cl1, cl2 = cuts[k], cuts[k + 1]  # KL and Hartigan read the cut at K - 1 through wgss
        v = vals
        m = 2 / p
        v["KL"][k] = abs(((k - 1) ** m * wgss[k - 1] - k**m * wgss[k]) / (k**m * wgss[k] - (k + 1) ** m * wgss[k + 1]))
        v["CH"][k] = ((tss - wgss[k]) / (k - 1)) / (wgss[k] / (n - k))
        v["Hartigan"][k] = (wgss[k] / wgss[k + 1] - 1) * (n - k)
        v["Ball"][k] = wgss[k] / k
        cen = _centers(X, cl1, k)
        var_w = ((X - cen[cl1 - 1]) ** 2).sum(axis=0)
        var_t = ((X - X.mean(axis=0)) ** 2).sum(axis=0)
        var_b = var_t - var_w
        v["Ratkowsky"][k] = float(np.mean(np.sqrt(var_b / (var_b + var_w))) / math.sqrt(k))
        if want & {"CCC", "Scott", "Marriot", "TrCovW", "TraceW", "Friedman", "Rubin"}:
            for key, val in _wbt(X, cl1, xtx, s, vv).items():
                v[key][k] = val
        if want & {"Duda", "Pseudot2", "Beale"}:
            duda, t2, beale, c_duda, c_t2, f_beale = _wkwl(X, cl1, cl2)
            v["Duda"][k], v["Pseudot2"][k], v["Beale"][k] = duda, t2, beale
            crit["CritValue_Duda"][k], crit["CritValue_PseudoT2"][k] = c_duda, c_t2
            crit["Fvalue_Beale"][k] = f_beale
        if "Cindex" in want:
            v["Cindex"][k] = _cindex(D, cl1)
        if "DB" in want:
            v["DB"][k] = _db(X, cl1)
        if "Silhouette" in want:
            v["Silhouette"][k] = _silhouette(D, cl1)
        if "Ptbiserial" in want:
            v["Ptbiserial"][k] = _ptbiserial(D, cl1)
        if "Gap" in want:
            v["Gap"][k], crit["CritValue_Gap"][k] = _gap(X, cl1, cl2, method)
        if want & {"Frey", "McClain"}:
            v["Frey"][k], v["McClain"][k] = _frey_mcclain(D, cl1, cl2)
        if want & {"Gamma", "Gplus", "Tau"}:
            v["Gamma"][k], v["Gplus"][k], v["Tau"][k] = _gamma_gplus_tau(D, cl1)
        if "Dunn" in want:
            v["Dunn"][k] = _dunn(D, cl1)
        if "Hubert" in want:
            v["Hubert"][k] = _hubert(X, D, cl1)
        if "SDindex" in want:
            v["SDindex"][k] = dis_max * _scattering(X, cl1)[1] + _dis(X, cl1)
        if "Dindex" in want:
            v["Dindex"][k] = _dindex(X, cl1)
        if "SDbw" in want:
            v["SDbw"][k] = _sdbw(X, cl1)
    crit_rule = {**crit, "alpha_beale": alpha_beale}
    best_nc = {_BEST_NAME.get(name, name): _best(name, ks, vals[name], crit_rule) for name in names}
    all_index = {name: vals[name] for name in names}
    crit_out = {key: c for key, c in crit.items() if c and key.split("_")[-1].lower() in
                {nm.lower() for nm in names}}  # fmt: skip
    if len(names) > 1:
        best_k = majority(best_nc, min_nc, max_nc)
    else:
        kk = next(iter(best_nc.values()))[0]
        best_k = int(kk) if not (isinstance(kk, float) and math.isnan(kk)) else 0
    partition = partition_at(best_k) if best_k >= 1 else np.array([], dtype=int)
    if round_digits is not None:
        all_index = {nm: {k: _r_round(x, round_digits) for k, x in d.items()} for nm, d in all_index.items()}
        crit_out = {nm: {k: _r_round(x, round_digits) for k, x in d.items()} for nm, d in crit_out.items()}
        best_nc = {nm: (kk, _r_round(x, round_digits)) for nm, (kk, x) in best_nc.items()}
    return NbClustResult(all_index, crit_out, best_nc, best_k, partition, ks)


def _r_round(x: float, digits: int) -> float:
    """R's ``round(x, digits)`` for the values NbClust rounds (non-finite values unchanged)."""
    return float(np.round(x, digits)) if np.isfinite(x) else x
