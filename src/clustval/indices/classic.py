"""Internal validity indices: a clustering judged from the data alone.

The paper's STDI, DB, DBI, XB, IGP, silhouette, BWP, Dunn and Calinski-Harabasz. Every
function takes ``(X, labels)`` like scikit-learn and bears its registry name; its core, that
name with ``_from_partition``, reads a shared :class:`~clustval.indices.partition.Partition`,
so :func:`~clustval.indices.scoring.internal_scores` computes the centroids and ONE exact pass
over the pairwise distances (in blocks of ``memory_budget_mb``; a precomputed matrix for the
indices without centroids) for all of them. Notation: K clusters C_k of n_k members,
centroids c_k, the grand mean xbar, d the Euclidean distance. Degenerate partitions never give
a silent NaN: K = 1 raises UndefinedIndexError; a zero separation gives the worst value, a
zero compactness otherwise inf (scikit-learn's names, :mod:`clustval.compat.sklearn`, follow
scikit-learn there).
"""

from __future__ import annotations

import math
import numbers

import numpy as np

from .._engine.validation import check_random_state
from ..errors import InputError, UndefinedIndexError, shown
from ._docs import SAMPLE, completed, described
from .objects import checked_objects
from .options import choice, flag, number
from .partition import (
    CLUSTER_SUMS,
    COORDINATES,
    DEFAULT_MEMORY_BUDGET_MB,
    EXTREMES,
    NEAREST,
    Partition,
    is_precomputed,
    kept_rows,
    reads,
    refuse_nan,
    score_alone,
)

#: The family's indices, each under its registry name (clustval exports them from here).
__all__ = [
    "bwp",
    "bwp_sum",
    "calinski_harabasz",
    "db",
    "dbi",
    "dunn",
    "igp",
    "sil",
    "sil_sum",
    "stdi",
    "xb",
]

# The indices' options (clustval.indices.options), each named in its registry entry
STDI_SQUARED = flag("stdi_squared", "squared",
                    "STDI with every norm squared (eq. (9) as the paper's OCR prints it); the default plain "
                    "norms reproduce Fig. 3's axis")
DB_Q = number("db_q", "q", 1, "DB's exponent q of each cluster's spread (NbClust's DB: `db_q=2`)", minimum=1)
DB_P = number("db_p", "minkowski", 2, "DB's Minkowski exponent p of the centroid distance (`inf`: the largest "
              "coordinate difference)", minimum=1, infinite=True)
DB_SQUARED = flag("db_squared", "squared",
                  "DB with its spreads and centroid distances squared (cvi's DB: `db_q=2, db_squared=True`)")
XB_SEPARATION = choice("xb_separation", "separation", ("centroids", "closest_pair"),
                       "XB's separation: the smallest squared distance between two centroids (Xie & Beni's "
                       "form with crisp memberships) or between two objects of different clusters "
                       "(`closest_pair`, R's clusterCrit; from the distance pass Dunn makes)")
SIL_AVERAGE = choice("sil_average", "average", ("objects", "clusters"),
                     "Sil's mean: over the objects (Rousseeuw) or of the clusters' mean widths (`clusters`, "
                     "R's clusterCrit; undefined with a singleton)")
#: How XB measures the separation of the clusters (see :func:`xb`).
XB_SEPARATIONS = XB_SEPARATION.values
#: How sil averages the widths: over objects (Rousseeuw), or over clusters of their means (clusterCrit).
SIL_AVERAGES = SIL_AVERAGE.values



@reads(COORDINATES)
def stdi_from_partition(p: Partition, squared: bool = False) -> float:
    squared = STDI_SQUARED.check(squared)
    p.require_clusters("STDI")
    centroid_offsets = np.sum((p.centroids - p.grand_mean) ** 2, axis=1)
    member_offsets = p.squared_centroid_distances
    if not squared:
        centroid_offsets, member_offsets = np.sqrt(centroid_offsets), np.sqrt(member_offsets)
    separation = centroid_offsets.mean()
    compactness = p.mean_per_cluster(member_offsets).sum()
    if separation == 0:
        return 0.0
    return refuse_nan(separation / compactness if compactness > 0 else np.inf, "STDI")


@reads(COORDINATES)
def db_from_partition(p: Partition, q: float = 1, minkowski: float = 2, squared: bool = False) -> float:
    q, minkowski, squared = DB_Q.check(q), DB_P.check(minkowski), DB_SQUARED.check(squared)
    p.require_clusters("DB")
    if (q, minkowski, squared) == (1, 2, False):  # the common DB: the shared centroid pass
        spread = p.mean_per_cluster(np.sqrt(p.squared_centroid_distances))
        worst, _ = p.centroid_separation(spread)
        return refuse_nan(worst.mean(), "DB")
    # Davies & Bouldin's general form: S_k = (mean_{x in C_k} ||x - c_k||^q)^(1/q) and the
    # Minkowski-p distance of the centroids; squared: both squared (cvi's DB)
    spread = p.mean_per_cluster(p.squared_centroid_distances ** (q / 2)) ** (1 / q)
    power = 2.0 if squared else 1.0
    worst = np.empty(p.n_clusters)
    for k in range(p.n_clusters):  # one row of K centroid distances at a time
        gaps = np.abs(p.centroids - p.centroids[k])
        separation = np.max(gaps, axis=1) if minkowski == math.inf else np.sum(gaps**minkowski, axis=1) ** (1 / minkowski)
        with np.errstate(divide="ignore", invalid="ignore"):
            ratio = (spread[k] ** power + spread**power) / separation**power
        ratio[separation == 0] = np.inf  # coincident centroids: not separated at all
        ratio[k] = -np.inf  # a cluster is not compared with itself
        worst[k] = ratio.max()
    return refuse_nan(worst.mean(), "DB")


@reads(COORDINATES, CLUSTER_SUMS)
def dbi_from_partition(p: Partition) -> float:
    p.require_clusters("DBI")
    sizes = p.sizes
    sums = p.distance_stats.cluster_sums
    # sum over ordered pairs inside each cluster = 2 x the sum over unordered pairs; with
    # weights those of the copies (a pair of copies of one object adds 0, and counts)
    intra = p.sum_per_cluster(sums[np.arange(p.codes.shape[0]), p.codes])
    avg = np.where(sizes > 1, intra / np.maximum(sizes * (sizes - 1), 1), 0.0)
    worst, _ = p.centroid_separation(avg)
    return refuse_nan(worst.mean(), "DBI")


@reads(COORDINATES, when={"separation": {"closest_pair": {EXTREMES}}})
def xb_from_partition(p: Partition, separation: str = "centroids") -> float:
    p.require_clusters("XB")
    closest = p.centroid_separation()[1] if separation == "centroids" else p.closest_pair
    if closest == 0:
        return np.inf
    return refuse_nan(p.total(p.squared_centroid_distances) / (p.n * closest**2), "XB")


@reads(NEAREST)
def igp_from_partition(p: Partition) -> float:
    p.require_clusters("IGP")
    share = p.distance_stats.in_group_share
    # with weights, each row's share counted its weight's times (its copies' shares are its own)
    terms = share if p.weights is None else share * p.weights
    # each cluster's terms added in the order of their values: one sum for any row order
    order = np.lexsort((terms, p.codes))
    starts = np.concatenate(([0], np.cumsum(p.rows_per_cluster)[:-1]))
    return float((np.add.reduceat(terms[order], starts) / p.sizes).mean())


def _silhouette_samples(p: Partition) -> np.ndarray:
    p.require_clusters("Silhouette", allow_all_singletons=False)
    a, b, has_mates = p.silhouette_terms
    largest = np.maximum(a, b)
    with np.errstate(divide="ignore", invalid="ignore"):
        s = (b - a) / largest
    return refuse_nan(np.where(has_mates & (largest > 0), s, 0.0), "Silhouette")


def _bwp_samples(p: Partition) -> np.ndarray:
    p.require_clusters("BWP", allow_all_singletons=False)
    w, b, has_mates = p.silhouette_terms
    total = b + w
    with np.errstate(divide="ignore", invalid="ignore"):
        s = (b - w) / total
    return refuse_nan(np.where(has_mates & (total > 0), s, 0.0), "BWP")


@reads(EXTREMES)
def dunn_from_partition(p: Partition) -> float:
    p.require_clusters("Dunn")
    separation = p.closest_pair
    diameter = p.distance_stats.diameters.max()
    if separation == 0:
        return 0.0
    return refuse_nan(separation / diameter if diameter > 0 else np.inf, "Dunn")


@reads(COORDINATES)
def calinski_harabasz_from_partition(p: Partition) -> float:
    p.require_clusters("Calinski-Harabasz", allow_all_singletons=False)
    between = float(p.sizes @ np.sum((p.centroids - p.grand_mean) ** 2, axis=1))
    within = p.total(p.squared_centroid_distances)
    if between == 0:
        return 0.0
    if within == 0:
        return np.inf
    ratio = between * (p.n - p.n_clusters) / (within * (p.n_clusters - 1))
    return refuse_nan(ratio, "Calinski-Harabasz")


@reads(CLUSTER_SUMS)
def sil_from_partition(p: Partition, average: str = "objects") -> float:
    SIL_AVERAGE.check(average)
    widths = _silhouette_samples(p)
    if average == "clusters":  # the mean of the clusters' mean widths (clusterCrit's)
        if p.sizes.min() == 1:  # clusterCrit: a singleton's a is 0/0, so the mean is NaN
            raise UndefinedIndexError(
                f"Sil with average='clusters' is undefined with a singleton cluster ({int(np.sum(p.sizes == 1))} "
                "here): as in clusterCrit, its mean width has no value. Use average='objects'."
            )
        return float(p.mean_per_cluster(widths).mean())
    return p.mean(widths)  # with weights, each row's width counted its weight's times


@reads(CLUSTER_SUMS)
def sil_sum_from_partition(p: Partition) -> float:
    return p.total(_silhouette_samples(p))


@reads(CLUSTER_SUMS)
def bwp_from_partition(p: Partition) -> float:
    return p.mean(_bwp_samples(p))  # with weights, each row's counted its weight's times


@reads(CLUSTER_SUMS)
def bwp_sum_from_partition(p: Partition) -> float:
    return p.total(_bwp_samples(p))




# ----------------------------------------------------------------------------- public API


def stdi(X, labels, squared: bool = False, *, sample_weight=None) -> float:
    """STDI, the standard-deviation based index of Xie et al. (2017), eq. (9).

    ``STDI = [(1/K) sum_k ||c_k - xbar||] / [sum_k (1/n_k) sum_{x in C_k} ||x - c_k||]``, the
    centroids' spread around xbar over the clusters' compactness. 0 when every centroid is xbar,
    else inf when every object sits on its centroid.

    >>> stdi([[0.0], [1.0], [10.0], [11.0]], [0, 0, 1, 1])  # centroids 5 from xbar; 0.5 + 0.5
    5.0
    """
    return score_alone(stdi_from_partition, X, labels, squared=squared, sample_weight=sample_weight)


def db(X, labels, *, q: float = 1, p: float = 2, squared: bool = False, sample_weight=None) -> float:
    """Davies-Bouldin index, the paper's DB.

    ``DB = (1/K) sum_k max_{l != k} (S_k + S_l) / M_kl`` with Davies & Bouldin's general
    ``S_k = (mean_{x in C_k} ||x - c_k||^q)^(1/q)`` and ``M_kl = (sum_j |c_kj - c_lj|^p)^(1/p)``:
    the common DB is q = 1, p = 2, NbClust's q = 2, cvi's q = 2 with both squared. inf when two
    clusters share a centroid (scikit-learn's ``davies_bouldin_score`` drops the pair), 0 for
    K = n (where it raises).

    >>> db([[0.0], [1.0], [10.0], [11.0]], [0, 0, 1, 1])  # (0.5 + 0.5) / 10
    0.1
    >>> db([[0.0], [2.0], [10.0], [11.0]], [0, 0, 1, 1], q=2, squared=True)  # (1 + 0.25) / 9.5^2
    0.013850415512465374
    """
    return score_alone(db_from_partition, X, labels, q=q, minkowski=p, squared=squared, sample_weight=sample_weight)


def dbi(X, labels, *, memory_budget_mb: float = DEFAULT_MEMORY_BUDGET_MB, sample_weight=None) -> float:
    """DBI: Davies-Bouldin with the mean pairwise distance as spread (Zhou 2016, sec. 9.2).

    ``DBI = (1/K) sum_k max_{l != k} (avg(C_k) + avg(C_l)) / ||c_k - c_l||``, avg(C) the mean
    distance of C's pairs (0 for a singleton). inf when two clusters share a centroid.

    >>> dbi([[0.0], [1.0], [10.0], [11.0]], [0, 0, 1, 1])  # (1 + 1) / 10
    0.2
    """
    return score_alone(dbi_from_partition, X, labels, memory_budget_mb, sample_weight=sample_weight)


def xb(
    X, labels, *, separation: str = "centroids", memory_budget_mb: float = DEFAULT_MEMORY_BUDGET_MB, sample_weight=None
) -> float:
    """Crisp Xie-Beni index: the mean squared distance to the own centroid over a squared separation.

    ``XB = sum_k sum_{x in C_k} ||x - c_k||^2 / (n sep^2)``, sep the closest centroids (Xie &
    Beni, crisp) or the closest pair of objects of two clusters (clusterCrit's form, Dunn's
    separation: touching clusters score worse, a ring around a blob better). inf when sep = 0.

    >>> X = [[0.0], [1.0], [10.0], [11.0]]
    >>> xb(X, [0, 0, 1, 1]), xb(X, [0, 0, 1, 1], separation="closest_pair")  # 1 / (4 * 10^2), 1 / (4 * 9^2)
    (0.0025, 0.0030864197530864196)
    """
    XB_SEPARATION.check(separation)
    return score_alone(xb_from_partition, X, labels, memory_budget_mb, separation=separation,
                       sample_weight=sample_weight)


def igp(
    X, labels, *, metric: str = "euclidean", memory_budget_mb: float = DEFAULT_MEMORY_BUDGET_MB, sample_weight=None
) -> float:
    """In-group proportion, averaged over the clusters.

    ``IGP = (1/K) sum_u #{i in C_u : NN(i) in C_u} / n_u``, NN(i) the nearest other object; i
    tied with several counts the share of them in C_u (so the order of the objects does not
    matter); a singleton scores 0. With weights (:func:`clustval.score`'s ``sample_weight``),
    that of the objects repeated their weight's times: an object of weight 2 or more has its
    own copies nearest (at distance 0, so in its group unless objects of other clusters
    coincide with it), one of weight 1 shares its nearest objects by weight, and each
    cluster's proportion is weighted.

    >>> igp([[0.0], [1.0], [2.0], [10.0]], [0, 0, 1, 1])  # 1 ties 0 and 2: (1 + 1/2) / 2, (0 + 1) / 2
    0.625
    """
    return score_alone(igp_from_partition, X, labels, memory_budget_mb, metric, sample_weight=sample_weight)


def _of_every_object(values_of, X, labels, metric, memory_budget_mb, sample_weight) -> np.ndarray:
    """``values_of`` the partition of X and labels (the silhouette's widths, BWP's proportions),
    at the objects' places among those given: an object of weight 0 is absent, its value NaN."""
    p = Partition(X, labels, needs={CLUSTER_SUMS}, memory_budget_mb=memory_budget_mb, metric=metric,
                  sample_weight=sample_weight)  # fmt: skip
    values = values_of(p)
    if sample_weight is None:
        return values
    out = np.full(len(sample_weight), np.nan)
    out[np.asarray(sample_weight, dtype=np.float64) > 0] = values
    return out


def _of_each(function):
    """Decorator of silhouette_samples and bwp_samples: the Parameters and Raises of the
    functions of the data (:func:`~clustval.indices._docs.completed`), and the Returns the two share."""
    return described(sections={"Returns": """ndarray of shape (n_samples,)
    The value of every object, in [-1, 1]; higher is better."""})(completed(reads_distances=True)(function))


@_of_each
def silhouette_samples(
    X, labels, *, metric: str = "euclidean", memory_budget_mb: float = DEFAULT_MEMORY_BUDGET_MB,
    sample_weight=None,
) -> np.ndarray:
    """Silhouette width of every object (scikit-learn's ``silhouette_samples``).

    ``s(i) = (b - a) / max(a, b)``, a the mean distance from i to the other members of its
    cluster, b the smallest mean distance to another cluster; 0 for a singleton and when
    a = b = 0. Undefined (UndefinedIndexError) for K = 1 and K = n. With ``sample_weight``,
    the width of each copy of i in the data with every object repeated its weight's times,
    W_k the total weight of cluster k: ``a = sum_{j in C(i)} w_j d(i, j) / (W_{C(i)} - 1)``
    (i's own other copies lie at distance 0), ``b = min_{l != C(i)} sum_{j in C_l} w_j
    d(i, j) / W_l``, a singleton of weight 2 or more no singleton (a = 0); objects of
    weight 0 are absent, their width NaN.

    Examples
    --------
    >>> silhouette_samples([[0.0], [1.0], [10.0], [11.0]], [0, 0, 1, 1])  # object 0: 9.5 / 10.5
    array([0.9047619 , 0.89473684, 0.89473684, 0.9047619 ])
    >>> silhouette_samples([[0.0], [1.0], [10.0], [11.0]], [0, 0, 1, 1], sample_weight=[3, 1, 1, 0])  # a(0) = 1 / 3
    array([0.96666667, 0.88888889, 0.        ,        nan])
    """
    return _of_every_object(_silhouette_samples, X, labels, metric, memory_budget_mb, sample_weight)


def sil(
    X, labels, *, metric: str = "euclidean", memory_budget_mb: float = DEFAULT_MEMORY_BUDGET_MB,
    average: str = "objects", sample_weight=None, sample_size=None, random_state=None, stratify: bool = False,
) -> float:
    """Mean silhouette width (1/n) sum_i s(i) (:func:`silhouette_samples`).

    Equals scikit-learn's ``silhouette_score`` (also with ``metric="precomputed"``, and with
    ``sample_size`` and ``random_state`` the same sample and value). Undefined for K = n too,
    and with ``average="clusters"`` for a singleton cluster (clusterCrit gives NaN: its a(i)
    is 0/0). With ``sample_weight``, ``sum_i w_i s(i) / sum_i w_i`` with the weighted widths
    of :func:`silhouette_samples`: the value of the data with every object repeated its
    weight's times.

    A stratified sample (``stratify=True``, :func:`silhouette_sample`) keeps every cluster,
    where scikit-learn's plain sample may miss a small one (and score the others alone, or
    raise when one cluster is left). Each sampled object's width is
    computed within the sample, as scikit-learn's plain sample computes it, and counts for
    the n_k / m_k objects of its cluster that it stands for: the estimate is
    ``sum_k (n_k / n) mean_{i in S_k} s_S(i)``, the mean over the full data's clusters in
    their proportions. The weights make the average unbiased for given widths; a(i) and each
    cluster's mean distance in b(i) are means over a simple random sample of a cluster
    (unbiased for the full data's), and the width, a ratio of them, is estimated with the
    small bias of any ratio, which shrinks as the sample grows (scikit-learn's plain sample
    has it too). With ``average="clusters"`` the mean of the strata's mean widths. A sample
    of n or more objects is the data itself; a sample is drawn without ``sample_weight`` only.

    Parameters
    ----------
    stratify : bool, default False
        Draw the sample cluster by cluster: every cluster keeps min(n_k, 2) objects, the
        others are shared in proportion to the clusters' sizes, and each sampled width is
        weighted by the objects it stands for (above; :func:`silhouette_sample`).

    >>> sil([[0.0], [1.0], [10.0], [11.0]], [0, 0, 1, 1])  # (19/21 + 17/19) / 2
    0.899749373433584
    >>> sil([[0.0], [1.0], [2.0], [10.0], [11.0]], [0, 0, 0, 1, 1], average="clusters")  # ((6/7 + 17/19 + 14/17) / 3 + (8/9 + 9/10) / 2) / 2
    0.8764570740576931
    >>> round(sil([[0.0], [1.0], [10.0], [11.0]], [0, 0, 1, 1], sample_weight=[1, 1, 2, 1]), 12)  # [0, 1, 10, 10, 11]'s
    0.919116339235
    >>> X = [[0.0], [1.0], [2.0], [3.0], [4.0], [5.0], [30.0], [31.0]]
    >>> round(sil(X, [0, 0, 0, 0, 0, 0, 1, 1], sample_size=5, random_state=0, stratify=True), 6)  # 3 of 6, 2 of 2
    0.917971
    """
    if sample_size is None:
        if stratify is not False:
            raise InputError("stratify=True draws a sample: give its sample_size too.")
        return score_alone(sil_from_partition, X, labels, memory_budget_mb, metric, sample_weight=sample_weight,
                           average=average)  # fmt: skip
    if sample_weight is not None:
        raise InputError("sil takes sample_size or sample_weight, not both: weigh the whole data, or sample it.")
    SIL_AVERAGE.check(average)
    rows, stands_for = silhouette_sample(labels, sample_size, random_state, stratify=stratify)
    n = np.shape(labels)[0]
    # the sample's rows (and columns of a distance matrix); a sparse X, which the partition refuses, as given
    X = X[rows] if hasattr(X, "toarray") else kept_rows(X, rows, is_precomputed(metric), "labels", n)
    p = Partition(X, np.asarray(labels)[rows], needs={CLUSTER_SUMS}, memory_budget_mb=memory_budget_mb,
                  metric=metric)  # fmt: skip
    if not stratify or average == "clusters" or len(rows) == n:
        return sil_from_partition(p, average)
    return float(stands_for @ _silhouette_samples(p) / n)


def sil_sum(
    X, labels, *, metric: str = "euclidean", memory_budget_mb: float = DEFAULT_MEMORY_BUDGET_MB,
    sample_weight=None,
) -> float:
    """Sum of the silhouette widths (:func:`silhouette_samples`), the paper's Fig. 3e axis; at
    most n. With ``sample_weight``, ``sum_i w_i s(i)``, its value on the repeated objects.

    >>> sil_sum([[0.0], [1.0], [10.0], [11.0]], [0, 0, 1, 1])  # 2 (19/21 + 17/19)
    3.598997493734336
    """
    return score_alone(sil_sum_from_partition, X, labels, memory_budget_mb, metric, sample_weight=sample_weight)


@described(parameters={**SAMPLE, "sample_size": """sample_size : int
    How many objects, at least 1 (stratified: two of each cluster, one of a singleton)."""})
def silhouette_sample(
    labels, sample_size, random_state=None, *, stratify: bool = False
) -> tuple[np.ndarray, np.ndarray]:
    """The objects of a silhouette's sample, and the number of objects each stands for.

    Plain: scikit-learn's sample, ``check_random_state(random_state).permutation(n)[:sample_size]``,
    each object standing for one. Stratified (scikit-learn #11676, a sample that keeps small
    clusters): every cluster keeps min(n_k, 2) objects, the rest of the sample is shared
    among the clusters in proportion to their other objects (largest remainders, ties to the
    first cluster), and each cluster's m_k are drawn without replacement, cluster by cluster
    in label order (``random_state.permutation(n_k)[:m_k]``), in the objects' order; each
    stands for n_k / m_k objects of its cluster. A sample of n or more is every object.

    Parameters
    ----------
    stratify : bool, default False
        Draw within each cluster.

    Returns
    -------
    rows : ndarray of int64
        The objects drawn.
    stands_for : ndarray of float64
        n_k / m_k for each (1 for a plain sample), summing to n for a stratified one.

    Raises
    ------
    clustval.errors.InputError
        A sample_size that is no integer >= 1, or too small to keep two objects of each cluster.

    Examples
    --------
    >>> rows, stands_for = silhouette_sample([0] * 8 + [1, 1], 4, random_state=0, stratify=True)
    >>> rows.tolist(), stands_for.tolist()  # two of the 8, both of the 2
    ([2, 6, 8, 9], [4.0, 4.0, 1.0, 1.0])
    """
    if isinstance(sample_size, (bool, np.bool_)) or not isinstance(sample_size, numbers.Integral) or sample_size < 1:
        raise InputError(f"sample_size must be an int >= 1, got {shown(sample_size)}.")
    if not isinstance(stratify, (bool, np.bool_)):
        raise InputError(f"stratify must be True or False, got {stratify!r}.")
    codes = checked_objects(labels, noise="cluster", name="labels").labels.codes
    n, rng = codes.shape[0], check_random_state(random_state)
    if not stratify:
        return rng.permutation(n)[:sample_size], np.ones(min(n, sample_size))
    if sample_size >= n:
        return np.arange(n), np.ones(n)
    sizes = np.bincount(codes)
    kept = np.minimum(sizes, 2)
    if kept.sum() > sample_size:
        raise InputError(f"sample_size = {sample_size} is too small for a stratified sample of these {len(sizes)} "
                         f"clusters: it keeps two objects of each (one of a singleton), {int(kept.sum())} at least.")
    spare = sizes - kept
    share = (sample_size - kept.sum()) * spare / spare.sum()
    taken = np.floor(share).astype(np.int64)
    left = int(sample_size - kept.sum() - taken.sum())
    taken[np.argsort(-(share - taken), kind="stable")[:left]] += 1  # the largest remainders
    drawn = kept + taken
    order = np.argsort(codes, kind="stable")
    starts = np.concatenate(([0], np.cumsum(sizes)))
    rows = [np.sort(order[starts[k] : starts[k + 1]][rng.permutation(sizes[k])[: drawn[k]]]) for k in range(len(sizes))]
    rows = np.concatenate(rows)
    order = np.argsort(rows, kind="stable")
    return rows[order], (sizes / drawn)[codes[rows]][order]


@_of_each
def bwp_samples(
    X, labels, *, metric: str = "euclidean", memory_budget_mb: float = DEFAULT_MEMORY_BUDGET_MB,
    sample_weight=None,
) -> np.ndarray:
    """Between-within proportion of every object.

    ``BWP(i) = (b - w) / (b + w)``, w and b the silhouette's a and b; 0 for a singleton and when
    b = w = 0. Undefined (UndefinedIndexError) for K = 1 and K = n. With ``sample_weight``, w
    and b are the weighted a and b of :func:`silhouette_samples` (the values of the objects
    repeated their weight's times); objects of weight 0 are absent, their proportion NaN.

    Examples
    --------
    >>> bwp_samples([[0.0], [1.0], [10.0], [11.0]], [0, 0, 1, 1])  # object 0: 9.5 / 11.5
    array([0.82608696, 0.80952381, 0.80952381, 0.82608696])
    """
    return _of_every_object(_bwp_samples, X, labels, metric, memory_budget_mb, sample_weight)


def bwp(
    X, labels, *, metric: str = "euclidean", memory_budget_mb: float = DEFAULT_MEMORY_BUDGET_MB,
    sample_weight=None,
) -> float:
    """Mean between-within proportion (1/n) sum_i BWP(i) (:func:`bwp_samples`); undefined for K = n too.
    With ``sample_weight``, ``sum_i w_i BWP(i) / sum_i w_i``, its value on the repeated objects.

    >>> bwp([[0.0], [1.0], [10.0], [11.0]], [0, 0, 1, 1])  # (19/23 + 17/21) / 2
    0.8178053830227743
    """
    return score_alone(bwp_from_partition, X, labels, memory_budget_mb, metric, sample_weight=sample_weight)


def bwp_sum(
    X, labels, *, metric: str = "euclidean", memory_budget_mb: float = DEFAULT_MEMORY_BUDGET_MB,
    sample_weight=None,
) -> float:
    """Sum of BWP(i) over the objects (:func:`bwp_samples`), the paper's Fig. 3f axis; at most n.
    With ``sample_weight``, ``sum_i w_i BWP(i)``.

    >>> bwp_sum([[0.0], [1.0], [10.0], [11.0]], [0, 0, 1, 1])  # 2 (19/23 + 17/21)
    3.271221532091097
    """
    return score_alone(bwp_sum_from_partition, X, labels, memory_budget_mb, metric, sample_weight=sample_weight)


def dunn(
    X, labels, *, metric: str = "euclidean", memory_budget_mb: float = DEFAULT_MEMORY_BUDGET_MB, sample_weight=None
) -> float:
    """Dunn index (Zhou 2016, sec. 9.2), also GDI11.

    ``DI = min_{k != l} d_min(C_k, C_l) / max_k diam(C_k)``: the closest pair of objects of two
    clusters over the largest distance inside a cluster. 0 when two clusters share a point, else
    inf when every cluster is one (repeated) point.

    >>> dunn([[0.0], [1.0], [10.0], [11.0]], [0, 0, 1, 1])  # gap 9 over diameter 1
    9.0
    """
    return score_alone(dunn_from_partition, X, labels, memory_budget_mb, metric, sample_weight=sample_weight)


def calinski_harabasz(X, labels, *, sample_weight=None) -> float:
    """Calinski-Harabasz index (the variance ratio criterion), from the centroids alone.

    ``CH = [B / (K - 1)] / [W / (n - K)]``, ``B = sum_k n_k ||c_k - xbar||^2``,
    ``W = sum_k sum_{x in C_k} ||x - c_k||^2``. Undefined for K = n too. 0 when B = 0, else inf
    when W = 0 (scikit-learn's ``calinski_harabasz_score``: 1.0 in both).

    >>> calinski_harabasz([[0.0], [2.0], [10.0], [12.0]], [0, 0, 1, 1])  # (100 / 1) / (4 / 2)
    50.0
    """
    return score_alone(calinski_harabasz_from_partition, X, labels, sample_weight=sample_weight)
