"""K-medoids clustering: Park & Jun's fast K-medoids and Xie & Gao's SD K-medoids.

Both run the same alternating iteration on the Euclidean distances and differ only in
their initial medoids (seeds). The distances come from a given matrix D, or from the data X,
computed where each step needs them and never stored as an n x n matrix: the seeds' sums
read all pairs (twice for Park-Jun), an assignment the distances to the K medoids, a medoid
update the within-cluster pairs only. Both sources give identical results (every sum is
added in one fixed order, :data:`clustval._engine.lanes.LANES`):

* Park, H.-S. & Jun, C.-H. (2009). A simple and fast algorithm for K-medoids clustering.
  *Expert Systems with Applications* 36(2):3336-3341. Seeds: the K objects with the
  smallest v_j = sum_i d_ij / sum_l d_il.
* Xie, J. & Gao, H. (2015). K-medoids clustering algorithms with optimized initial seeds
  by variance. *Journal of Frontiers of Computer Science and Technology* 9(8):973-984.
  Seeds: chosen one by one as the remaining object of smallest distance variance, each
  removing its neighbours within a radius from the candidates.

Tie rules (all deterministic; docs/decisions.md). Every rule compares sums of distances
(or values built from them), and a sum's last bits depend on the order of its terms, which
the order of the objects sets. So, as in :mod:`clustval.clustering.pam`, values that differ by at most
a tolerance of ``TIE_RTOL`` (1e-10) times their scale count as equal, and the rule's tie
break decides, never rounding. The scales: the mean row sum of D, S = (1/n) sum_il d_il,
for sums of distances (the update); S / n, the mean distance, for distances (the
assignment, the SD radius; half of it in the assignment); the mean v_j (Park-Jun seeds)
and the mean variance (SD seeds) for those.

* **Cluster numbers.** Cluster k is the cluster of the k-th seed, in the order the seeds
  were chosen (Park-Jun: ascending v_j, SD: order of selection). A cluster keeps its number
  when its medoid moves. Labels are these numbers, 0..K-1.
* **Seeds.** Park-Jun takes the remaining object of smallest v_j; SD the remaining candidate
  of smallest variance; among objects within the tolerance of that smallest value, the
  lowest object index. SD's radius removes the candidates j with d_ij <= r + tolerance.
* **Assignment.** Each object goes to its nearest medoid; among medoids within the tolerance
  of the nearest, to the lowest cluster number (the "lowest medoid index" of the rule is the
  medoid's position k in the medoid list, not its object index). A medoid always belongs to
  its own cluster (two medoids are distinct points, but may be closer than the tolerance).
* **Update.** A cluster's candidate is the member of smallest summed distance to the
  cluster's members (among members within the tolerance of that smallest sum, the lowest
  object index); the medoid moves to it only if that lowers the cluster's sum by more than
  the tolerance: a tie keeps the current medoid.
* **Stop.** When an update moves no medoid. Each move lowers its cluster's summed distance
  by more than the tolerance T = TIE_RTOL S, and the reassignment that follows can raise
  the total cost by at most n T / (2n) = T / 2 (its own tolerance), so the cost falls by
  more than T / 2 per round: the iteration cannot cycle and stops. This is Park & Jun's
  "the total cost stops decreasing", with decreases below the tolerance counted as none.
* **Duplicates.** Seeds are distinct points: a candidate at distance 0 from a chosen seed
  is skipped. Then every medoid stays in its own cluster and no cluster is ever empty.
  K above the number of distinct points raises :class:`~clustval.errors.ClusteringError`.

What holds under a permutation p of the objects (fitting ``X[p]`` instead of X): no
decision depends on the order in which a sum was added, only on which objects are tied
(and that only through the lowest-index tie break). So when p keeps the relative order of
the objects of every tie the fit meets (any p when no two values tie), the fit of ``X[p]``
has ``labels[p]`` as labels, ``p_inv[medoids]`` as medoids and ``p_inv[initial_medoids]`` as
seeds (``p_inv = np.argsort(p)``: the same objects, with the same cluster numbers), the same
``n_iter``, ``converged`` and ``init_fallback``, and the costs to rounding (sums in another
order); a p that reorders tied objects may let another of them win the tie. This holds as
long as no two values that differ in exact arithmetic come within the tolerance (1e-10
relative), and no two equal ones differ by more than it (rounding errors are ~1e-13 here).
The same holds between the engines, the row sources (X or D) and the thread counts, which
give bit-identical sums anyway (:data:`clustval._engine.lanes.LANES`).

The ``backend="sklearn_extra"`` option runs the iteration with scikit-learn-extra's
``KMedoids(method="alternate")`` instead, on the same D and the same seeds; it is an
optional cross-check (scikit-learn-extra 0.3.0 needs numpy < 2 and Python <= 3.11).
"""

from __future__ import annotations

import math
import warnings
from dataclasses import replace

import numpy as np

from .._engine.pairwise import DEFAULT_MEMORY_BUDGET_MB, DistanceRows, euclidean_distances
from .._engine.validation import check_max_iter, check_n_clusters
from ..errors import ClusteringError, shown
from ..indices._docs import described
from .common import (
    DEFAULT_MAX_ITER,
    PARAMETERS,
    TIE_RTOL,
    ClusteringResult,
    KMedoidsConvergenceWarning,
    checked_distances,
    compiled_kernels,
    cost_in_units,
    distance_rows,
    fsum_mean,
    row_sums_of,
)

__all__ = [
    "SeedFallbackWarning",
    "euclidean_distances",
    "park_jun",
    "park_jun_init",
    "sd_init",
    "sd_kmedoids",
]

BACKENDS = ("clustval", "sklearn_extra")
SD_RADII = ("sd", "mean")

# Written once: the Parameters of the seeds and the runs (with those of .common), and the paper
# each algorithm comes from, the References of its seeds and of its run
_RUN = {
    **PARAMETERS,
    "backend": """backend : {"clustval", "sklearn_extra"}
    Who runs the iteration.""",
}
_PARK_JUN = """Park, H.-S. & Jun, C.-H. (2009). A simple and fast algorithm for K-medoids clustering.
*Expert Systems with Applications* 36(2):3336-3341."""
_XIE_GAO = """Xie, J. & Gao, H. (2015). K-medoids clustering algorithms with optimized initial seeds
by variance. *Journal of Frontiers of Computer Science and Technology* 9(8):973-984."""
_park_jun = described(parameters=_RUN, sections={"References": _PARK_JUN})
_xie_gao = described(parameters=_RUN, sections={"References": _XIE_GAO})


class SeedFallbackWarning(UserWarning):
    """SD seeding ran out of candidates and filled the remaining seeds farthest-first.

    Examples
    --------
    Two tight groups hold two seeds; a third has no candidate left.

    >>> import warnings
    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter("error", SeedFallbackWarning)
    ...     sd_kmedoids([[0, 0], [0, 1], [10, 10], [10, 11]], 3)
    Traceback (most recent call last):
    ...
    clustval.clustering.kmedoids.SeedFallbackWarning: ...
    """


# ---------------------------------------------------------------------------- seeds
@_park_jun
def park_jun_init(D, k: int) -> np.ndarray:
    """Park & Jun (2009) initial medoids.

    v_j = sum_i ( d_ij / sum_l d_il ); the K objects with the smallest v_j, in ascending
    v_j order (values within ``TIE_RTOL`` times the mean v_j of each other tie, and the
    lowest object index goes first: module docstring), skipping any object at distance 0
    from an already chosen seed (a duplicate point) so that the K seeds are distinct points.

    Returns
    -------
    seeds : (k,) int64 ndarray
        Object indices; position = cluster number.

    Raises
    ------
    clustval.errors.ClusteringError
        D is not a valid distance matrix, or k is not in 1..(number of distinct points).

    See Also
    --------
    park_jun : the whole algorithm, from these seeds.
    sd_init : the variance-based seeds of SD K-medoids.

    Examples
    --------
    >>> X = [[0, 0], [0, 1], [1, 0], [10, 10], [10, 11], [11, 10]]
    >>> park_jun_init(euclidean_distances(X), 2).tolist()
    [3, 1]
    """
    return _park_jun_seeds(*_seeding(D, k))


@_xie_gao
def sd_init(D, k: int, radius: str = "sd") -> tuple[np.ndarray, bool]:
    """Xie & Gao (2015) variance-based initial medoids (docs/decisions.md).

    var_i = (1/(n-1)) sum_{j != i} (d_ij - mu_i)^2, mu_i = (1/(n-1)) sum_{j != i} d_ij: the
    variance of object i's distances to all *other* objects (d_ii = 0 excluded, divisor
    n - 1 = the number of those distances); sd_i = sqrt(var_i). Repeat: choose the
    remaining candidate of smallest var_i (ties: lowest object index), then remove every
    candidate j with d_ij <= r (inclusive, so the seed and its duplicates go), where
    r = sd_i (``radius="sd"``, default) or r = mean pairwise distance over i != j
    (``radius="mean"``). If the candidates run out before K seeds, the rest are chosen
    farthest-first (the object maximising its minimum distance to the chosen seeds, ties
    by lowest index) and a :class:`SeedFallbackWarning` is emitted. Values within the
    tolerance of the module docstring count as tied (the variances, d_ij against r, the
    farthest distances), so that rounding decides none of these choices.

    Parameters
    ----------
    radius : {"sd", "mean"}
        The radius r around each seed within which candidates are removed.

    Returns
    -------
    seeds : (k,) int64 ndarray
        Object indices, in order of choice (= cluster number).
    fallback : bool
        True if the farthest-first fill was needed.

    Raises
    ------
    clustval.errors.ClusteringError
        D is not a valid distance matrix, k is not in 1..(number of distinct points), or
        ``radius`` is unknown.

    Warns
    -----
    SeedFallbackWarning
        When the farthest-first fill was needed.

    See Also
    --------
    sd_kmedoids : the whole algorithm, from these seeds.
    park_jun_init : the seeds of Park & Jun.

    Examples
    --------
    >>> X = [[0, 0], [0, 1], [1, 0], [10, 10], [10, 11], [11, 10]]
    >>> seeds, fallback = sd_init(euclidean_distances(X), 2)
    >>> seeds.tolist(), fallback
    ([3, 1], False)
    """
    dist, k, row_sums = _seeding(D, k)
    return _sd_seeds(dist, k, radius, row_sums)


def _seeding(D, k: int) -> tuple[DistanceRows, int, np.ndarray]:
    """What the seeds read: the distances D checked, k checked against them, and D's row sums."""
    D, row_sums = checked_distances(D)
    dist = DistanceRows(D=D)
    check_n_clusters(dist.n, k)
    return dist, k, row_sums if row_sums is not None else row_sums_of(dist)


def _park_jun_seeds(dist: DistanceRows, k: int, row_sums: np.ndarray) -> np.ndarray:
    """:func:`park_jun_init` on checked distances: repeatedly the remaining object of smallest
    v_j (the lowest index among those within the tolerance of it), its duplicates dropped."""
    v = _park_jun_scores(dist, row_sums)
    tol = TIE_RTOL * fsum_mean(v)
    remaining = np.ones(dist.n, dtype=bool)
    seeds: list[int] = []
    while len(seeds) < k:
        if not remaining.any():
            _raise_too_few_distinct(dist, k)
        j = _lowest_within(np.where(remaining, v, np.inf), tol)
        seeds.append(j)
        remaining &= dist.rows([j])[0] > 0.0  # j and its duplicates
    return np.asarray(seeds, dtype=np.int64)


def _sd_seeds(dist: DistanceRows, k: int, radius: str, row_sums: np.ndarray) -> tuple[np.ndarray, bool]:
    """:func:`sd_init` on checked distances."""
    if not isinstance(radius, str) or radius not in SD_RADII:
        raise ClusteringError(f"radius must be one of {SD_RADII}, got {shown(radius)}.")
    n = dist.n
    var = _distance_variances(dist, row_sums)
    sd = np.sqrt(var)
    mean_distance = math.fsum(row_sums) / (n * (n - 1)) if n > 1 else 0.0
    tol_var = TIE_RTOL * fsum_mean(var)
    tol_distance = TIE_RTOL * fsum_mean(row_sums) / n  # of the mean distance, S / n

    candidate = np.ones(n, dtype=bool)
    seeds: list[int] = []
    while len(seeds) < k and candidate.any():
        i = _lowest_within(np.where(candidate, var, np.inf), tol_var)
        seeds.append(i)
        r = sd[i] if radius == "sd" else mean_distance
        candidate &= dist.rows([i])[0] > r + tol_distance

    fallback = len(seeds) < k
    if fallback:
        chosen = len(seeds)
        nearest_seed = dist.rows(seeds).min(axis=0)
        while len(seeds) < k:
            if nearest_seed.max() == 0.0:  # every object coincides with a seed
                _raise_too_few_distinct(dist, k)
            j = _lowest_within(-nearest_seed, tol_distance)  # the farthest, ties: lowest index
            seeds.append(j)
            np.minimum(nearest_seed, dist.rows([j])[0], out=nearest_seed)
        warnings.warn(
            f"SD seeding (radius={radius!r}) found only {chosen} of {k} seeds before the "
            f"candidates ran out; the other {k - chosen} were chosen farthest-first "
            "(max-min distance to the chosen seeds).",
            SeedFallbackWarning,
            stacklevel=3,
        )
    return np.asarray(seeds, dtype=np.int64), fallback


def _lowest_within(values: np.ndarray, tol: float) -> int:
    """The lowest index whose value is within ``tol`` of the smallest (as :mod:`clustval.clustering.pam`)."""
    return int(np.argmax(values <= values.min() + tol))


def _sum_tolerance(row_sums: np.ndarray) -> float:
    """TIE_RTOL times the mean row sum of D: sums of distances closer than this are equal."""
    return TIE_RTOL * fsum_mean(row_sums)


# ---------------------------------------------------------------------------- algorithms
@_park_jun
def park_jun(
    X=None,
    n_clusters: int = 2,
    *,
    distances=None,
    max_iter: int = DEFAULT_MAX_ITER,
    backend: str = "clustval",
    memory_budget_mb: float = DEFAULT_MEMORY_BUDGET_MB,
) -> ClusteringResult:
    """Fast K-medoids of Park & Jun (2009): v_j seeds, then assign/update until stable.

    Give either X or a precomputed ``distances`` matrix (from :func:`euclidean_distances`),
    with identical results. From X the n x n matrix is never stored: the distances are
    computed where each step needs them (two passes over all pairs for the seeds, then
    per round the n K distances to the medoids and the within-cluster pairs), O(n d)
    memory beyond blocks of at most ``memory_budget_mb``; computing a distance at small d
    costs about what reading it back from a stored matrix does. With a large d and many
    K, pass ``distances`` (a sweep over K then computes D once). Tie rules are in the
    module docstring.
    ``backend="sklearn_extra"`` runs the iteration with scikit-learn-extra's
    ``KMedoids(method="alternate")`` from the same seeds on the same D.

    Returns
    -------
    ClusteringResult
        Labels, medoids, cost (lower is better), rounds, seeds, convergence.

    Raises
    ------
    clustval.errors.ClusteringError
        Neither or both of X and ``distances``, invalid data or distances, K out of range,
        an unknown backend, or scikit-learn-extra missing for ``backend="sklearn_extra"``.

    Warns
    -----
    KMedoidsConvergenceWarning
        When ``max_iter`` rounds all moved a medoid.

    See Also
    --------
    park_jun_init : the seeds alone.
    sd_kmedoids : the same iteration from variance-based seeds.
    clustval.clustering.pam.pam : PAM (BUILD and SWAP).

    Examples
    --------
    >>> X = [[0, 0], [0, 1], [1, 0], [10, 10], [10, 11], [11, 10]]
    >>> result = park_jun(X, 2)
    >>> result.labels.tolist(), result.medoids.tolist(), result.cost, result.converged
    ([1, 1, 1, 0, 0, 0], [3, 0], 4.0, True)
    """
    dist, scale, row_sums = _run_distances(X, distances, n_clusters, memory_budget_mb, backend)
    seeds = _park_jun_seeds(dist, n_clusters, row_sums)
    return cost_in_units(_iterate(dist, seeds, max_iter, backend, _sum_tolerance(row_sums)), scale)


@_xie_gao
def sd_kmedoids(
    X=None,
    n_clusters: int = 2,
    *,
    distances=None,
    radius: str = "sd",
    max_iter: int = DEFAULT_MAX_ITER,
    backend: str = "clustval",
    memory_budget_mb: float = DEFAULT_MEMORY_BUDGET_MB,
) -> ClusteringResult:
    """SD K-medoids of Xie & Gao (2015): variance seeds (:func:`sd_init`), then Park-Jun iterations.

    Arguments as :func:`park_jun`, plus ``radius`` ("sd" or "mean"). ``result.init_fallback``
    tells whether the farthest-first fill of :func:`sd_init` was needed. Tie rules are in
    the module docstring.

    Parameters
    ----------
    radius : {"sd", "mean"}
        The seeding radius (:func:`sd_init`).

    Returns
    -------
    ClusteringResult
        As :func:`park_jun`'s, with ``init_fallback`` set.

    Raises
    ------
    clustval.errors.ClusteringError
        As :func:`park_jun`, or an unknown ``radius``.

    Warns
    -----
    SeedFallbackWarning
        When the seeding filled seeds farthest-first.
    KMedoidsConvergenceWarning
        When ``max_iter`` rounds all moved a medoid.

    See Also
    --------
    sd_init : the seeds alone.
    park_jun : the same iteration from Park & Jun's seeds.

    Examples
    --------
    Two groups of three points: two seeds cover them; a third is filled farthest-first.

    >>> import warnings
    >>> X = [[0, 0], [0, 1], [1, 0], [10, 10], [10, 11], [11, 10]]
    >>> sd_kmedoids(X, 2).labels.tolist()
    [1, 1, 1, 0, 0, 0]
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     result = sd_kmedoids(X, 3)
    >>> result.init_fallback, caught[0].category.__name__
    (True, 'SeedFallbackWarning')
    """
    dist, scale, row_sums = _run_distances(X, distances, n_clusters, memory_budget_mb, backend)
    seeds, fallback = _sd_seeds(dist, n_clusters, radius, row_sums)
    result = cost_in_units(_iterate(dist, seeds, max_iter, backend, _sum_tolerance(row_sums)), scale)
    return replace(result, init_fallback=fallback)


# ---------------------------------------------------------------------------- iteration
def _iterate(
    dist: DistanceRows, seeds: np.ndarray, max_iter: int, backend: str, tol: float = 0.0
) -> ClusteringResult:
    """Alternate assignment and medoid update from ``seeds`` until no medoid moves; ``tol``:
    the tolerance of sums of distances (:func:`_sum_tolerance`), the assignment's is
    ``tol / (2 n)`` (module docstring, Stop)."""
    check_max_iter(max_iter)
    tol_assign = tol / (2 * dist.n)
    memo: dict = {}  # each cluster's members and their sums at its last update
    if backend == "sklearn_extra":
        medoids, n_iter = _sklearn_extra_medoids(dist.D, seeds, int(max_iter))
        labels, cost = _assign(dist, medoids, tol_assign)
        history = np.array([cost])
        converged = False
    elif backend == "clustval":
        medoids = seeds.copy()
        labels, cost = _assign(dist, medoids, tol_assign)
        history = [cost]
        converged = False
        n_iter = 0
        while n_iter < max_iter:
            n_iter += 1
            moved = _update(dist, labels, medoids, tol, memo)
            if moved is None:
                converged = True
                break
            medoids = moved
            labels, cost = _assign(dist, medoids, tol_assign)
            history.append(cost)
        history = np.asarray(history)
    else:
        raise ClusteringError(f"backend={backend!r} is not known; use one of {BACKENDS}.")
    # Converged = the final medoids are a fixed point (also when max_iter ran out just then).
    converged = converged or _update(dist, labels, medoids, tol, memo) is None
    if not converged:
        warnings.warn(
            f"K-medoids stopped after max_iter={max_iter} rounds with medoids still moving; "
            "raise max_iter.",
            KMedoidsConvergenceWarning,
            stacklevel=3,
        )
    return ClusteringResult(
        labels=labels,
        medoids=np.asarray(medoids, dtype=np.int64),
        cost=float(history[-1]),
        n_iter=int(n_iter),
        initial_medoids=seeds,
        converged=bool(converged),
        cost_history=history,
    )


def _assign(dist: DistanceRows, medoids: np.ndarray, tol: float = 0.0) -> tuple[np.ndarray, float]:
    """Nearest medoid of each object (among medoids within ``tol`` of the nearest, the lowest
    cluster number; a medoid in its own cluster), and the total cost sum_i d(i, medoid(i))."""
    to_medoids = dist.rows(medoids)
    nearest = to_medoids.min(axis=0)
    labels = np.argmax(to_medoids <= nearest + tol, axis=0).astype(np.int64)
    labels[medoids] = np.arange(len(medoids))
    return labels, float(to_medoids[labels, np.arange(dist.n)].sum())


def _update(
    dist: DistanceRows, labels: np.ndarray, medoids: np.ndarray, tol: float = 0.0, memo: dict | None = None
) -> np.ndarray | None:
    """New medoids, or None if none moved: each cluster's member of smallest in-cluster summed
    distance (lowest index within ``tol`` of it), taken only if its sum is lower than the
    current medoid's by more than ``tol``. ``memo`` (cluster -> its members and their sums
    at an earlier update) spares the sums of a cluster whose members have not changed: they
    are the same sums, bit for bit, and the same decision follows."""
    new = medoids.copy()
    order = np.argsort(labels, kind="stable")  # each cluster's members, ascending
    starts = np.searchsorted(labels[order], np.arange(len(medoids) + 1))
    sums = np.empty(dist.n)  # by position in order: each member's sum over its own cluster
    changed = []
    for k in range(len(medoids)):
        kept = memo.get(k) if memo is not None else None
        if kept is not None and np.array_equal(kept[0], order[starts[k] : starts[k + 1]]):
            sums[starts[k] : starts[k + 1]] = kept[1]
        else:
            changed.append(k)
    _within_cluster_sums(dist, order, starts, changed, sums)
    within = np.empty(dist.n)  # by object
    for k in range(len(medoids)):
        members = order[starts[k] : starts[k + 1]]
        if memo is not None and k in changed:
            memo[k] = (members, sums[starts[k] : starts[k + 1]].copy())
        within[:] = np.inf
        within[members] = sums[starts[k] : starts[k + 1]]
        best = _lowest_within(within, tol)  # an object index
        if within[medoids[k]] - within[best] > tol:
            new[k] = best
    return None if np.array_equal(new, medoids) else new


def _summed_distances(dist: DistanceRows, members: np.ndarray) -> np.ndarray:
    """sum_{j in members} d_ij for each i in members (the within-cluster pairs only)."""
    return dist.summed(members, members)


def _within_cluster_sums(
    dist: DistanceRows, order: np.ndarray, starts: np.ndarray, clusters: list[int], sums: np.ndarray
) -> None:
    """sums[p] = :func:`_summed_distances` of its cluster's members for the positions p of
    ``clusters`` (``order[starts[c]:starts[c + 1]]`` are cluster c's members). From a stored
    D all of them in one compiled pass (the same bits: lane order), when that much work
    takes the compiled engine; else cluster by cluster."""
    sizes = np.diff(starts)[clusters]
    kernels = compiled_kernels(float(np.sum(sizes.astype(float) ** 2))) if dist.D is not None else None
    if kernels is None:
        for k in clusters:
            sums[starts[k] : starts[k + 1]] = _summed_distances(dist, order[starts[k] : starts[k + 1]])
        return
    positions = np.concatenate([np.arange(starts[k], starts[k + 1]) for k in clusters] or [np.empty(0, np.int64)])
    part_starts = np.concatenate(([0], np.cumsum(sizes))).astype(np.int64)
    owner = np.repeat(np.arange(len(clusters), dtype=np.int64), sizes)
    out = np.empty(positions.size)
    kernels.within_cluster_sums(dist.D, order[positions], part_starts, owner, out)
    sums[positions] = out


def _sklearn_extra_medoids(D: np.ndarray, seeds: np.ndarray, max_iter: int) -> tuple[np.ndarray, int]:
    """Final medoids and rounds of scikit-learn-extra's ``alternate`` iteration from ``seeds``."""
    try:
        from sklearn_extra.cluster import KMedoids
    except ImportError as exc:  # numpy >= 2 makes its 0.3.0 wheel fail to import
        raise ClusteringError(
            "backend='sklearn_extra' needs scikit-learn-extra, which did not import "
            f"({exc}). Its 0.3.0 release needs Python <= 3.11 and numpy < 2: run "
            "`bash .ci/sklearn_extra.sh` to build such a venv, or use backend='clustval'."
        ) from None

    class _SeededKMedoids(KMedoids):
        # init=D[seeds] would match seeds by row equality, which finds extra rows for
        # duplicate points; the seeds are known by index, so hand them over directly.
        def _initialize_medoids(self, D_, n_clusters, random_state_, X=None):
            return seeds.astype(np.int64)

    model = _SeededKMedoids(
        n_clusters=len(seeds), metric="precomputed", method="alternate",
        init=D[seeds], max_iter=max_iter,
    )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # convergence is reported by _iterate
        model.fit(D)
    return np.asarray(model.medoid_indices_, dtype=np.int64), int(getattr(model, "n_iter_", -1)) + 1


# ---------------------------------------------------------------------------- helpers
def _park_jun_scores(dist: DistanceRows, row_sums: np.ndarray) -> np.ndarray:
    """v_j = sum_i d_ij / sum_l d_il; rows of zeros (all points equal) add 0.

    By symmetry v_j = sum_i d_ji w_i with w_i = 1 / sum_l d_il: a weighted row sum, so
    each pass over the pairs reads rows (two passes in all, with :func:`~.common.row_sums_of`; no n x n
    matrix)."""
    inv = np.divide(1.0, row_sums, out=np.zeros_like(row_sums), where=row_sums > 0)
    kernels = compiled_kernels(dist.n * dist.n) if dist.D is not None else None
    if kernels is not None:  # the bits of dist.summed, without its gather of the columns
        v = np.empty(dist.n)
        kernels.weighted_row_sums(dist.D, inv, v)
        return v
    everyone = np.arange(dist.n)
    return dist.summed(everyone, everyone, weights=inv)


def _distance_variances(dist: DistanceRows, row_sums: np.ndarray) -> np.ndarray:
    """Variance of each row of D over the off-diagonal entries (divisor n - 1)."""
    n = dist.n
    if n == 1:
        return np.zeros(1)
    mean = row_sums / (n - 1)  # d_ii = 0 adds nothing to the sum
    var = np.empty(n)
    block = dist.block_rows()
    for start in range(0, n, block):
        stop = min(start + block, n)
        squares = (dist.rows(slice(start, stop)) - mean[start:stop, None]) ** 2
        squares[np.arange(stop - start), np.arange(start, stop)] = 0.0  # drop j == i
        var[start:stop] = squares.sum(axis=1) / (n - 1)
    return var


def _n_distinct(dist: DistanceRows) -> int:
    """Number of distinct points: objects with no zero distance to an earlier object."""
    repeated = 0
    block = dist.block_rows()
    for start in range(1, dist.n, block):
        rows = dist.rows(slice(start, start + block))
        for r in range(rows.shape[0]):
            repeated += bool((rows[r, : start + r] == 0.0).any())
    return dist.n - repeated


def _raise_too_few_distinct(dist: DistanceRows, k: int):
    m = _n_distinct(dist)
    raise ClusteringError(
        f"n_clusters={k} exceeds the number of distinct points ({m} of {dist.n} objects; "
        "the others duplicate them): K medoids must be distinct points. "
        f"Use n_clusters <= {m}, or remove duplicate rows."
    )


def _run_distances(
    X, distances, n_clusters: int, memory_budget_mb: float, backend: str
) -> tuple[DistanceRows, float, np.ndarray]:
    """``(distances, scale, row sums)`` of a run (:func:`~.common.distance_rows`; D from X only
    for the sklearn_extra backend, which needs it), K checked against them."""
    dist, scale, row_sums = distance_rows(X, distances, memory_budget_mb, lambda _: backend == "sklearn_extra")
    check_n_clusters(dist.n, n_clusters)
    return dist, scale, row_sums if row_sums is not None else row_sums_of(dist)
