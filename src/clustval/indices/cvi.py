"""Indices of the incremental-CVI literature in their batch (crisp) forms: PS, rCIP, cSIL, WB, CONN.

Brito da Silva, Melton & Wunsch (2020) collect them for online clustering; the Python package
``cvi`` (Petrenko) computes them in batch mode too (:data:`CVI_PEERS`: how each relates).
Notation: K clusters C_k of n_k members, centroids c_k, cbar = (1/K) sum_k c_k the unweighted
mean of the centroids, WGSS = sum_k sum_{x in C_k} ||x - c_k||^2, BGSS = sum_k n_k
||c_k - xbar||^2. All but CONN read the coordinates alone (no pairwise distances), so they
refuse ``metric="precomputed"``. K = 1 raises UndefinedIndexError.
"""

from __future__ import annotations

import math

import numpy as np

from .._engine.knn import tie_counts, tied_neighbours
from ..errors import InputError, UndefinedIndexError
from .partition import COORDINATES, DEFAULT_MEMORY_BUDGET_MB, Partition, reads, refuse_nan, score_alone

#: The family's indices, each under its registry name (clustval exports them from here).
__all__ = [
    "conn",
    "csil",
    "ps",
    "rcip",
    "wb",
]

#: ``cvi``'s peers of the indices here and of those the registry already holds:
#: ``{registry name: (cvi class, how it relates)}`` (batch mode, ``cvi.<Class>().get_cvi(X, y)``).
CVI_PEERS = {
    "ps": ("PS", "same"),
    "rcip": ("rCIP", "adds 10**(-12 / d) to each covariance's diagonal: `ridge=10**(-12 / d)`"),
    "csil": ("cSIL", "same"),
    "wb": ("WB", "same"),
    "conn": ("CONN", "prototypes from k-means per cluster, and another inter-cluster term: "
                     "`conn(X, y, prototypes=m, inter='cvi')` with cvi's `model_type='KMeans'`"),
    "calinski_harabasz": ("CH", "same"),
    "db": ("DB", "its spread is the mean squared distance to the centroid, over the squared centroid distance: `db_q=2, db_squared=True`"),
    "xb": ("XB", "same"),
    "gdi43": ("GD43", "differs: Delta_3 is twice the mean squared distance to the centroid"),
    "gdi53": ("GD53", "differs: Delta_3 is twice the mean squared distance to the centroid"),
}


def _centroid_sq_distances(p: Partition) -> np.ndarray:
    """(K, K): ||c_k - c_l||^2, differences taken coordinate-wise (exactly 0 on coincident centroids)."""
    differences = p.centroids[:, None, :] - p.centroids[None, :, :]
    return np.sum(differences**2, axis=2)


# ----------------------------------------------------------------------------- PS


@reads(COORDINATES)
def ps_from_partition(p: Partition) -> float:
    p.require_clusters("PS")
    squared = _centroid_sq_distances(p)
    np.fill_diagonal(squared, np.inf)
    closest = squared.min(axis=1)
    beta = float(np.mean(np.sum((p.centroids - p.centroids.mean(axis=0)) ** 2, axis=1)))
    # every centroid on one point: no separation at all, exp(-0) = 1
    separation = np.exp(-closest / beta) if beta > 0 else np.ones(p.n_clusters)
    return refuse_nan(float(np.sum(p.sizes / p.sizes.max() - separation)), "PS")


def ps(X, labels, *, sample_weight=None) -> float:
    """PS, partition separation, crisp form (Yang & Wu 2001; Lughofer 2008).

    ``PS = sum_k (n_k / max_l n_l - exp(-min_{l != k} ||c_k - c_l||^2 / beta_T))``,
    ``beta_T = (1/K) sum_l ||c_l - cbar||^2``: large clusters far apart (relative to the spread of
    the centroids) score high; in (-K, K). Coincident centroids only (beta_T = 0) give each
    cluster ``n_k / max n_l - 1``.

    >>> round(ps([[0.0], [2.0], [10.0]], [0, 0, 1]), 6)  # (1 - e^-4) + (1/2 - e^-4)
    1.463369
    """
    return score_alone(ps_from_partition, X, labels, sample_weight=sample_weight)


# ----------------------------------------------------------------------------- rCIP


def check_ridge(ridge) -> float:
    """Refuse a ridge that is not a finite number >= 0, with a one-line error.

    Parameters
    ----------
    ridge : float
        What :func:`rcip` adds to the diagonal of each cluster's covariance.

    Returns
    -------
    float
        ``ridge`` as a float.

    Examples
    --------
    >>> check_ridge(0)
    0.0
    """
    try:
        value = float(ridge)
    except (TypeError, ValueError):
        value = math.nan
    if not (math.isfinite(value) and value >= 0):
        raise InputError(f"ridge must be a finite number >= 0, got {ridge!r}.")
    return value


def _rcip_singular(k: int, l: int) -> UndefinedIndexError:
    return UndefinedIndexError(
        f"rCIP is undefined: the summed covariance of clusters {k} and {l} is singular "
        "(too few or collinear members); pass ridge > 0 to regularise it."
    )


@reads(COORDINATES)
def rcip_from_partition(p: Partition, ridge: float = 0.0) -> float:
    p.require_clusters("rCIP")
    d = p.X.shape[1]
    ridge = check_ridge(ridge)
    if ridge and p.scale != 1.0:  # in the scaled coordinates: ridge / scale**2, exactly
        try:
            ridge = math.ldexp(ridge, -2 * (math.frexp(p.scale)[1] - 1))
        except OverflowError:
            ridge = math.inf
    if not ridge:  # a pair's summed covariance singular for certain, found in O(n d): its
        # rank is at most n_k + n_l - 2, and a feature constant in both clusters is a zero row
        rows = np.maximum(p.rows_per_cluster - 1, 0)  # the rank of a scatter: its rows less one
        rank_short = rows[:, None] + rows[None, :] < d
        constant = p.within_diagonal == 0
        flat = (constant.astype(np.int64) @ constant.T.astype(np.int64)) > 0
        k, l = np.nonzero(np.triu(rank_short | flat, 1))
        if k.size:
            raise _rcip_singular(int(k[0]), int(l[0]))
    covariances = p.within_scatter / np.maximum(p.sizes - 1, 1)[:, None, None]
    covariances += ridge * np.eye(d)
    squared = _centroid_sq_distances(p)
    total = 0.0
    for k in range(p.n_clusters - 1):
        for l in range(k + 1, p.n_clusters):
            pooled = covariances[k] + covariances[l]
            eigenvalues = np.linalg.eigvalsh(pooled)
            if eigenvalues[0] <= eigenvalues[-1] * d * np.finfo(float).eps:
                raise _rcip_singular(k, l)
            u = p.centroids[k] - p.centroids[l]
            quadratic = float(u @ np.linalg.solve(pooled, u)) if squared[k, l] > 0 else 0.0
            log_det = float(np.sum(np.log(eigenvalues)))
            total += math.exp(-0.5 * (quadratic + log_det + d * math.log(2 * math.pi)))
    return p.in_data_units(refuse_nan(total, "rCIP"), -d)  # a density: degree -d


def rcip(X, labels, *, ridge: float = 0.0, sample_weight=None) -> float:
    """rCIP, representative cross information potential: the overlap of Gaussian models of the clusters.

    ``rCIP = sum_{k < l} G(c_k - c_l; Sigma_k + Sigma_l)``, G the d-variate Gaussian density
    ``(2 pi)^(-d/2) det(S)^(-1/2) exp(-u^T S^-1 u / 2)``, Sigma_k the sample covariance of C_k
    (0 for a singleton): a density, scaling as ``a**-d`` with the data. Undefined when a pair's
    summed covariance is singular (pass ``ridge > 0``).

    Parameters
    ----------
    ridge : float, default 0.0
        Added to the diagonal of each covariance, in the data's squared units; ``cvi``'s rCIP
        adds ``10**(-12 / d)`` whatever the units.

    >>> f"{rcip([[0.0], [2.0], [10.0], [12.0]], [0, 0, 1, 1]):.6g}"
    '7.4336e-07'
    """
    return score_alone(rcip_from_partition, X, labels, ridge=ridge, sample_weight=sample_weight)


# ----------------------------------------------------------------------------- cSIL


@reads(COORDINATES)
def csil_from_partition(p: Partition) -> float:
    p.require_clusters("cSIL")
    within = p.mean_per_cluster(p.squared_centroid_distances)
    # mean_{x in C_l} ||x - c_k||^2 = a_l + ||c_l - c_k||^2 (the parallel axis theorem)
    to_other = within[:, None] + _centroid_sq_distances(p)  # [l, k]
    np.fill_diagonal(to_other, np.inf)
    b = to_other.min(axis=0)
    widest = np.maximum(within, b)
    with np.errstate(invalid="ignore", divide="ignore"):
        s = np.where(widest > 0, (b - within) / widest, 0.0)
    return refuse_nan(float(np.mean(s)), "cSIL")


def csil(X, labels, *, sample_weight=None) -> float:
    """cSIL, the centre-wise silhouette (Rawashdeh & Ralescu 2012), as ``cvi`` has it.

    ``s_k = (b_k - a_k) / max(a_k, b_k)`` (0 when both are 0), a_k the mean squared distance of
    C_k's members to c_k, b_k the smallest of another cluster's; ``cSIL = (1/K) sum_k s_k``: a
    silhouette of the centres, O(n K).

    >>> csil([[0.0], [2.0], [10.0], [12.0]], [0, 0, 1, 1])  # (101 - 1) / 101
    0.9900990099009901
    """
    return score_alone(csil_from_partition, X, labels, sample_weight=sample_weight)


# ----------------------------------------------------------------------------- WB


@reads(COORDINATES)
def wb_from_partition(p: Partition) -> float:
    p.require_clusters("WB")
    wgss = p.total(p.squared_centroid_distances)
    bgss = float(p.sizes @ np.sum((p.centroids - p.grand_mean) ** 2, axis=1))
    if bgss == 0:
        if wgss == 0:
            raise UndefinedIndexError("WB is undefined: all objects are equal (WGSS = BGSS = 0).")
        return math.inf  # every centroid on the grand mean: no separation
    return refuse_nan(p.n_clusters * wgss / bgss, "WB")


def wb(X, labels, *, sample_weight=None) -> float:
    """WB-index: K times the within over the between sum of squares.

    ``WB = K WGSS / BGSS``, the K of its minimum; inf when every centroid lies on xbar, undefined
    when all objects are equal.

    >>> wb([[0.0], [2.0], [10.0], [12.0]], [0, 0, 1, 1])  # WGSS 4, BGSS 100, K 2
    0.08
    """
    return score_alone(wb_from_partition, X, labels, sample_weight=sample_weight)


# ----------------------------------------------------------------------------- CONN

#: How CONN's inter-cluster term is computed: Tasdemir & Merenyi's, or cvi 0.7's (see :func:`conn`).
CONN_INTERS = ("paper", "cvi")


def check_conn_options(prototypes, inter: str) -> None:
    """Refuse a number of prototypes that is not a positive integer, or an unknown inter term.

    Parameters
    ----------
    prototypes : int or None
        Prototypes per cluster (None: every object its own).
    inter : str
        One of :data:`CONN_INTERS`.

    Examples
    --------
    >>> check_conn_options(0, "paper")
    Traceback (most recent call last):
    ...
    clustval.errors.InputError: CONN's prototypes must be None or a positive integer, got 0.
    """
    if prototypes is not None and (isinstance(prototypes, bool) or not isinstance(prototypes, (int, np.integer))
                                   or prototypes < 1):  # fmt: skip
        raise InputError(f"CONN's prototypes must be None or a positive integer, got {prototypes!r}.")
    if inter not in CONN_INTERS:
        raise InputError(f"CONN's inter must be one of {', '.join(map(repr, CONN_INTERS))}, got {inter!r}.")


def _prototype_edges(p: Partition, prototypes, seed: int):
    """CADJ from k-means prototypes: ``(a, b, counts, owner)``, the pairs (BMU1, BMU2) and
    how many objects have them, and the cluster of each prototype."""
    if p.precomputed or p.metric is not None:
        raise InputError("CONN with k-means prototypes needs the data's coordinates and Euclidean distances.")
    from sklearn.cluster import KMeans

    centres, owner = [], []
    for k in range(p.n_clusters):  # each cluster's own prototypes (cvi's batch mode)
        members = p.X[p.codes == k]
        m = min(int(prototypes), len(members))
        model = KMeans(n_clusters=m, random_state=seed, n_init=10).fit(members)
        centres.append(model.cluster_centers_)
        owner.extend([k] * len(model.cluster_centers_))
    centres, owner = np.vstack(centres), np.asarray(owner)
    if len(centres) < 2:
        raise UndefinedIndexError("CONN needs at least two prototypes.")
    first, second = np.empty(p.n, dtype=np.intp), np.empty(p.n, dtype=np.intp)
    for i, x in enumerate(p.X):
        d = np.sum((centres - x) ** 2, axis=1)
        own = np.flatnonzero(owner == p.codes[i])
        first[i] = own[np.argmin(d[own])]  # BMU1 among the object's own cluster's prototypes
        d[first[i]] = np.inf
        second[i] = int(np.argmin(d))
    pairs, counts = np.unique(first * len(owner) + second, return_counts=True)
    return pairs // len(owner), pairs % len(owner), counts, owner


def _grouped(keys: np.ndarray, values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``(distinct keys, sum of values per key)``, each sum taken over its values in
    increasing order: the same bits for any order of the entries."""
    if not keys.size:
        return keys, values
    order = np.lexsort((values, keys))
    keys, values = keys[order], values[order]
    starts = np.flatnonzero(np.r_[True, keys[1:] != keys[:-1]])
    return keys[starts], np.add.reduceat(values, starts)


def _object_edges(p: Partition):
    """CADJ with every object its own prototype, by cluster: ``(out_keys, out_w, in_keys,
    in_w)``, keys ``a * K + l``: out_w the part of object a's BMU2 in cluster l, in_w the
    weight a receives as the BMU2 of the objects of cluster l. An object whose nearest other
    objects are t at the same distance gives each 1/t (the mean over every order of the tied
    objects of the "first in row order" rule): counted exactly, in blocks of tied rows
    within the memory budget, so no value depends on the order of the objects.

    With weights, every copy of a row is a prototype, and the values are those of any one
    copy (the caller counts them the row's weight's times): a copy's nearest others are its
    w - 1 other copies, at distance 0, with any rows at 0; those of a row of weight 1 the
    rows at its smallest distance, each with its copies."""
    K, codes = p.n_clusters, p.codes
    w = np.ones(p.X.shape[0], dtype=np.int64) if p.weights is None else p.weights
    own = w - 1  # a copy's other copies, at distance 0 in its own cluster
    table = p.neighbour_table(1)
    _, tied, _ = tie_counts(table, 1, codes, p.weights)  # the copies of the rows at the smallest distance
    radius = np.where(own > 0, 0.0, table.distances[:, 0])
    reached = np.where(table.distances[:, 0] == radius, tied, 0)  # other rows' copies at the radius
    t = own + reached  # the copies a copy's BMU2 is shared among
    b = table.neighbours[:, 0]
    single = np.flatnonzero((reached > 0) & (reached == w[b]))  # one other row there
    mates = np.flatnonzero(own > 0)
    # out edges a -> l: keys a * K + l with how many copies; in edges b <- l: keys (b * K + l, t)
    out = [(single * K + codes[b[single]], w[b[single]]), (mates * K + codes[mates], own[mates])]
    into = [(np.stack([b[single] * K + codes[single], t[single]]), w[single]),
            (np.stack([mates * K + codes[mates], t[mates]]), own[mates])]  # fmt: skip
    rows = np.flatnonzero(reached > w[b])
    for i, j in tied_neighbours(p.X, rows, radius, tied=reached, precomputed=p.precomputed,
                                memory_budget_mb=p.memory_budget_mb, metric=p.metric):  # fmt: skip
        keys, copies = _counted(np.stack([i * K + codes[j]]), w[j])
        out.append((keys[0], copies))
        into.append(_counted(np.stack([j * K + codes[i], t[i]]), w[i]))
    out_keys, out_counts = _counted(np.concatenate([k for k, _ in out])[None], np.concatenate([c for _, c in out]))
    out_keys = out_keys[0]
    out_w = out_counts / t[out_keys // K]
    triples, counts = _counted(np.concatenate([k for k, _ in into], axis=1), np.concatenate([c for _, c in into]))
    in_keys, in_w = _grouped(triples[0], counts / triples[1])
    return out_keys, out_w, in_keys, in_w


def _counted(keys: np.ndarray, copies: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``(distinct columns of keys, copies summed per column)``: whole numbers, exact."""
    keys, where = np.unique(keys, axis=1, return_inverse=True)
    return keys, np.bincount(where.ravel(), weights=copies, minlength=keys.shape[1])


@reads()
def conn_from_partition(p: Partition, prototypes: int | None = None, inter: str = "paper", seed: int = 0) -> float:
    check_conn_options(prototypes, inter)
    p.require_clusters("CONN")
    K = p.n_clusters
    if prototypes is None:
        owner = p.codes
        out_keys, out_w, in_keys, in_w = _object_edges(p)
    else:
        if p.weights is not None:
            raise InputError("CONN's k-means prototypes take no sample_weight: k-means on the repeated rows draws "
                             "starts of its own, which weights cannot reproduce; leave prototypes None, or the weights out.")  # fmt: skip
        src, dst, counts, owner = _prototype_edges(p, prototypes, seed)
        out_keys, out_w = _grouped(src * K + owner[dst], counts.astype(float))
        in_keys, in_w = _grouped(dst * K + owner[src], counts.astype(float))
    m = len(owner)
    # each prototype's copies (with weights, an object stands for as many prototypes)
    copies = np.ones(m) if p.weights is None else p.weights.astype(np.float64)
    # per prototype a and cluster l: its CADJ to l (out) and from l (in); sums over a prototype
    # or a cluster are taken in one order of values (_grouped), so no row order shows
    a_out, l_out = out_keys // K, out_keys % K
    a_in, l_in = in_keys // K, in_keys % K
    out_total = np.zeros(m)
    keys, sums = _grouped(a_out, out_w)
    out_total[keys] = sums
    conn_row = out_total.copy()  # sum_j CONN(a, j) = its CADJ out plus in
    keys, sums = _grouped(a_in, in_w)
    conn_row[keys] += sums
    inside = owner[a_out] == l_out
    intra = np.zeros(K)
    keys, sums = _grouped(l_out[inside], out_w[inside] * copies[a_out[inside]])
    intra[keys] = sums
    total = np.zeros(K)
    keys, sums = _grouped(owner, out_total * copies)
    total[keys] = sums
    intra = intra / total
    # the CONN between C_k and C_l: CADJ both ways, summed over C_k x C_l
    across = ~inside
    cadj = np.zeros((K, K))
    keys, sums = _grouped(owner[a_out[across]] * K + l_out[across], out_w[across] * copies[a_out[across]])
    cadj.flat[keys] = sums
    num = cadj + cadj.T
    den = np.zeros((K, K))
    if inter == "paper":  # over all the connectivity of V_kl: C_k's prototypes connected to C_l
        border = np.union1d(out_keys[across], in_keys[owner[a_in] != l_in])
        keys, sums = _grouped(owner[border // K] * K + border % K, (conn_row * copies)[border // K])
    else:  # cvi 0.7: V_kl by CADJ(a, b) > 0 only, and its connectivity to C_l only
        border = out_keys[across]
        at = np.searchsorted(in_keys, border)  # what each border prototype receives from C_l
        hit = at < in_keys.size
        hit[hit] = in_keys[at[hit]] == border[hit]
        received = np.zeros(border.size)
        received[hit] = in_w[at[hit]]
        to_l = (out_w[across] + received) * copies[border // K]
        keys, sums = _grouped(owner[border // K] * K + border % K, to_l)
    den.flat[keys] = sums
    with np.errstate(divide="ignore", invalid="ignore"):
        between = np.where(den > 0, num / den, 0.0)
    np.fill_diagonal(between, 0.0)
    value = float(np.mean(intra)) * (1.0 - float(np.mean(between.max(axis=1))))
    return refuse_nan(value, "CONN")


def conn(X, labels, *, prototypes: int | None = None, inter: str = "paper", seed: int = 0, metric: str = "euclidean",
         memory_budget_mb: float = DEFAULT_MEMORY_BUDGET_MB, sample_weight=None) -> float:  # fmt: skip
    """CONN, the connectivity index of Tasdemir & Merenyi (2011).

    Each object's best-matching prototype a and second-best b add one to ``CADJ(a, b)``;
    ``CONN(a, b) = CADJ(a, b) + CADJ(b, a)``; a cluster's prototypes are its objects'. Then
    ``Intra_Conn(C_k) = sum_{a, b in C_k} CADJ(a, b) / sum_{a in C_k, b} CADJ(a, b)``; with V_kl
    the prototypes of C_k connected to C_l, ``Inter_Conn(C_k, C_l) = sum_{a in V_kl, b in V_lk}
    CONN(a, b) / sum_{a in V_kl, b} CONN(a, b)`` (0 for an empty V_kl), ``Inter_Conn(C_k) =
    max_{l != k}``; ``CONN = mean_k Intra_Conn(C_k) (1 - mean_k Inter_Conn(C_k))``. By default
    every object is its own prototype (b its nearest other object, tied ones sharing it: no
    randomness, no dependence on the order); the index does not rescale the data (cvi min-max
    normalises).

    Parameters
    ----------
    prototypes : int, optional
        k-means prototypes per cluster (scikit-learn's ``KMeans``, ``random_state=seed``,
        ``n_init=10``), BMU1 among the object's own cluster's, as cvi's batch mode; None
        (default): every object its own.
    inter : {"paper", "cvi"}, default "paper"
        The inter-cluster term: the paper's ratio, or cvi 0.7's (V_kl by ``CADJ(a, b) > 0``,
        over V_kl's connectivity to C_l only: at least 1 as soon as one crossing exists, so
        CONN can be negative).
    metric : {"euclidean", "precomputed"}, default "euclidean"
        How X is read (precomputed: the objects as prototypes only).

    >>> X = [[0.0], [1.0], [2.4], [4.0], [5.0]]
    >>> round(conn(X, [0, 0, 1, 1, 1]), 6)  # intra (1 + 2/3) / 2; 2->1 crosses: inter (1/3 + 1) / 2
    0.277778
    >>> round(conn([[0.0], [1.0], [2.5], [4.0], [5.0]], [0, 0, 0, 1, 1]), 6)  # 2 ties 1 and 3: half each
    0.595833
    """
    return score_alone(conn_from_partition, X, labels, memory_budget_mb, metric,
                       prototypes=prototypes, inter=inter, seed=seed, sample_weight=sample_weight)  # fmt: skip
