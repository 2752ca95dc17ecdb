"""The gap statistic (Tibshirani, Walther & Hastie 2001): how much tighter the clusters are than
those of data with no clusters. Unlike a registry index it clusters new data, so it takes the
clustering algorithm rather than a partition, and K = 1 is allowed ("no clusters"). R's
``cluster::clusGap`` and ``maxSE`` are reproduced in full; the defaults are the paper's.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from .._engine.docs import with_parameters
from .._engine.validation import checked_data
from ..clustering import clusterer
from ..errors import InputError, UndefinedIndexError, shown
from ..indices._docs import DATA, completed, described, ks_within
from ..indices.partition import COORDINATES, Partition
from ..compat.r_random import RStream

#: Each reference space's names: this module's first, R's ``spaceH0`` second.
REFERENCES = {"uniform": "uniform", "original": "uniform", "pca": "pca", "scaledPCA": "pca"}
#: R's ``maxSE`` methods, Tibshirani et al.'s (this module's default) first.
RULES = ("Tibs2001SEmax", "firstSEmax", "globalSEmax", "firstmax", "globalmax")
# the stopping rule and its multiple of s_K, as max_se, GapResult.best and gap_statistic take them
_RULE_PARAMETERS = {
    "rule": """rule : str, default "Tibs2001SEmax"
    The stopping rule, one of :data:`RULES` (:func:`max_se` says what each reads).""",
    "se_factor": """se_factor : float, default 1
    The rule's multiple of s_K (R's ``SE.factor``).""",
}
_rule = with_parameters(_RULE_PARAMETERS)
DRAWS = ("numpy", "r")
_BLOCK = 2**20  # distances held at once when d_power != 2


@_rule
def max_se(gap: Sequence[float], s: Sequence[float], rule: str = "Tibs2001SEmax", *, se_factor: float = 1.0) -> int:
    """The K a stopping rule reads off Gap(1..K_max) and its standard errors, as R's ``maxSE``.

    With ``f = gap`` and ``t = se_factor * s`` (K counted from 1, as R does):

    ``"Tibs2001SEmax"`` (Tibshirani et al. 2001; the default here): the smallest K with
    ``f(K) >= f(K+1) - t(K+1)``; ``"firstmax"``: the smallest K with ``f(K+1) <= f(K)``;
    ``"globalmax"``: the first K of the largest f; ``"firstSEmax"`` (R's default),
    ``"globalSEmax"`` (Dudoit & Fridlyand 2002): with M the first or the global maximum, the
    smallest K with ``f(K) >= f(M) - t(M)``. Where no K qualifies: R's answer, K_max (or M).

    Parameters
    ----------
    gap, s : sequence of float
        Gap(K) and its standard error s_K, for K = 1, 2, ...

    Returns
    -------
    int
        The K, counted from 1.

    Raises
    ------
    clustval.errors.InputError
        Vectors of different or no length, values not finite, s < 0, se_factor < 0, or an unknown rule.

    Examples
    --------
    >>> [max_se([0.5, 0.8, 0.75, 0.9, 0.85], [0.1] * 5, rule) for rule in RULES]
    [2, 2, 2, 2, 4]
    """
    f, t = np.asarray(gap, dtype=np.float64), np.asarray(s, dtype=np.float64)
    if f.ndim != 1 or f.shape != t.shape or not len(f):
        raise InputError(f"gap and s must be vectors of one length, got shapes {f.shape} and {t.shape}.")
    if not (np.all(np.isfinite(f)) and np.all(np.isfinite(t)) and np.all(t >= 0)):
        raise InputError("gap must be finite and s finite and non-negative.")
    if isinstance(se_factor, bool) or not isinstance(se_factor, numbers.Real) or not 0 <= se_factor < math.inf:
        raise InputError(f"se_factor must be a non-negative number, got {se_factor!r}.")
    if rule not in RULES:
        raise InputError(f"rule must be one of {RULES}, got {rule!r}.")
    t = se_factor * t

    def first(holds) -> int | None:  # the first K (1-based) where holds, or None
        where = np.flatnonzero(holds)
        return int(where[0]) + 1 if len(where) else None

    if rule == "Tibs2001SEmax":
        return first(f[:-1] >= f[1:] - t[1:]) or len(f)
    top = int(np.argmax(f)) + 1 if rule.startswith("global") else first(f[1:] <= f[:-1]) or len(f)
    if not rule.endswith("SEmax"):
        return top
    return first(f[: top - 1] >= f[top - 1] - t[top - 1]) or top


@dataclass(frozen=True)
class GapResult:
    """What :func:`gap_statistic` found.

    Attributes
    ----------
    ks, gap, s : tuple
        The K tried (ascending), Gap(K) and s_K at each.
    log_w, log_w_reference : tuple of float
        log W_K of the data, and the reference sets' mean log W*_K.
    best_k, rule, se_factor : int or None, str, float
        The K the rule chose (None: see :func:`gap_statistic`), the rule, its multiple of s_K.

    Examples
    --------
    >>> gap_statistic([[0.0], [0.1], [5.0], [5.1]], [1, 2, 3], "pam", B=5).best_k
    2
    """

    ks: tuple[int, ...]
    gap: tuple[float, ...]
    s: tuple[float, ...]
    log_w: tuple[float, ...]
    log_w_reference: tuple[float, ...]
    best_k: int | None
    rule: str = RULES[0]
    se_factor: float = 1.0

    @_rule
    def best(self, rule: str = RULES[0], se_factor: float = 1.0) -> int | None:
        """The K another stopping rule chooses from these Gap(K) and s_K, as :func:`gap_statistic` does.

        Returns
        -------
        int or None
            The K; None where Tibshirani's rule finds none.

        Examples
        --------
        >>> GapResult((1, 2, 3), (0.1, 0.5, 0.45), (0.02,) * 3, (0,) * 3, (0,) * 3, 2).best("globalmax")
        2
        """
        if rule == "Tibs2001SEmax":  # on consecutive K only; None where none qualifies
            max_se(self.gap, self.s, rule, se_factor=se_factor)  # checks the arguments
            ks, f, t = self.ks, self.gap, [se_factor * v for v in self.s]
            return next((k for i, k in enumerate(ks[:-1]) if ks[i + 1] == k + 1 and f[i] >= f[i + 1] - t[i + 1]), None)
        return self.ks[max_se(self.gap, self.s, rule, se_factor=se_factor) - 1]


@completed(reads_distances=False)
def pooled_within(X, labels, *, d_power: float = 2) -> float:
    """W_K = sum_r D_r / (2 n_r), D_r the sum of d^d_power over the ordered pairs of cluster r.

    With ``d_power=2`` (the paper's) W_K is the within-cluster sum of squares about the centroids.

    Parameters
    ----------
    d_power : float, default 2
        The power of the Euclidean distance (R's ``d.power``, whose default is 1).

    Returns
    -------
    float
        W_K.

    Examples
    --------
    >>> pooled_within([[0.0], [2.0], [10.0], [14.0]], [0, 0, 1, 1])  # 2 + 8
    10.0
    """
    if isinstance(d_power, bool) or not isinstance(d_power, numbers.Real) or not 0 < d_power < math.inf:
        raise InputError(f"d_power must be a positive number, got {d_power!r}.")
    p = Partition(X, labels, needs={COORDINATES})
    if d_power == 2:
        return p.in_data_units(float(np.sum(p.squared_centroid_distances)), 2)
    from scipy.spatial.distance import cdist  # only here: `import clustval` loads no scipy.spatial

    total = 0.0
    for r in range(p.n_clusters):
        members = p.X[p.codes == r] * p.scale  # the data's own units (the scale is a power of 2)
        step = max(1, _BLOCK // len(members))
        ordered = sum(float(np.sum(cdist(members[i : i + step], members) ** d_power)) for i in range(0, len(members), step))
        total += ordered / (2 * len(members))
    return total


def _uniforms(draws, seed: int, B: int, shape: tuple[int, int], flat: np.ndarray):
    """A function of b giving set b's uniform draws on [0, 1], shape (n, d), or None for numpy's own."""
    if isinstance(draws, RStream) or (isinstance(draws, str) and draws == "r"):
        stream = draws if isinstance(draws, RStream) else RStream(seed)

        def r_draws(b: int) -> np.ndarray:  # column after column, as apply(rng.x1, 2, runif) draws
            u = np.zeros(shape)
            for j in np.flatnonzero(~flat):  # runif(n, a, a) draws nothing
                u[:, j] = stream.unif_rand(shape[0])
            return u

        return r_draws
    if isinstance(draws, str):
        if draws != "numpy":
            raise InputError(f"draws must be one of {DRAWS}, an RStream or an array of uniforms, got {draws!r}.")
        return None
    u = np.asarray(draws, dtype=np.float64)
    if u.shape != (B, *shape) or not np.all((u >= 0) & (u <= 1)):
        raise InputError(f"the uniform draws must lie in [0, 1] with shape (B, n, d) = {(B, *shape)}, got shape {u.shape}.")
    return lambda b: u[b]


def _reference_sets(X: np.ndarray, reference: str, B: int, seed: int, draws):
    """The B reference sets, lazily, drawn in a box about X's mean as R's ``clusGap`` draws them."""
    mean = X.mean(axis=0)
    centred = X - mean
    rotation = np.linalg.svd(centred, full_matrices=False)[2] if reference == "pca" else np.eye(X.shape[1])
    box = centred @ rotation.T
    low, high = box.min(axis=0), box.max(axis=0)
    uniforms = _uniforms(draws, seed, B, X.shape, low == high)
    rng = np.random.default_rng(seed) if uniforms is None else None

    def draw(b: int) -> np.ndarray:
        inside = rng.uniform(low, high, size=X.shape) if uniforms is None else low + (high - low) * uniforms(b)
        return inside @ rotation + mean

    return (draw(b) for b in range(B))  # drawn one at a time, after the sets before have been clustered


# the data and the reference sets clustered alike
@described("algorithm", parameters={**DATA, "ks": ks_within("in 1..n"), **_RULE_PARAMETERS})
def gap_statistic(X, ks: Iterable[int], algorithm="kmeans", *, B: int = 10, reference: str = "uniform", seed: int = 0,
                  rule: str = "Tibs2001SEmax", se_factor: float = 1.0, d_power: float = 2, ddof: int = 0,
                  draws="numpy", **algorithm_options) -> GapResult:  # fmt: skip
    """The gap statistic at each K of ``ks``, and its estimate of K (Tibshirani et al. 2001, JRSS B 63(2)).

    ``Gap(K) = (1/B) sum_b log W*_Kb - log W_K`` and ``s_K = sd_b(log W*_Kb) sqrt(1 + 1/B)``,
    W_K the :func:`pooled_within` of the clustering of X into K clusters, W*_Kb that of B
    reference sets of X's size clustered the same way, X first, then set after set (as R).
    (NbClust's "Gap" departs from this; :func:`clustval.compat.nbclust.nbclust` reproduces it.)

    R's ``cluster::clusGap(x, FUN, K.max, B, d.power, spaceH0)`` with ``maxSE(method, SE.factor)``
    is ``gap_statistic(x, range(1, K.max + 1), FUN, B=B, d_power=d.power, reference=spaceH0,
    ddof=1, draws="r", seed=s, rule=method, se_factor=SE.factor)`` after ``set.seed(s)``, when
    FUN draws no random numbers (pam); R's defaults are ``d_power=1, reference="scaledPCA",
    rule="firstSEmax"``. Its ``logW`` and ``E.logW`` are ours minus log 2 (it halves W_K).

    Parameters
    ----------
    B : int, default 10
        The number of reference sets (at least 2).
    reference : {"uniform", "pca", "original", "scaledPCA"}, default "uniform"
        Uniform over each feature's range (the paper's (a); R's "original"), or over a box
        aligned with the principal components of the centred data (its (b); R's "scaledPCA").
    seed : int, default 0
        The seed of ``draws="numpy"`` (``numpy.random.default_rng``) or ``"r"`` (R's ``set.seed``).
    d_power : float, default 2
        The power of the distances in W_K (the paper's 2; R's ``d.power``, default 1).
    ddof : {0, 1}, default 0
        The sd's divisor is B - ddof: the paper's B, or R's B - 1.
    draws : {"numpy", "r"}, RStream or array of shape (B, n, d), default "numpy"
        The uniform draws: numpy's, R's after ``set.seed(seed)`` (or an ``RStream`` the clustering
        shares, as R's kmeans does), or the draws in [0, 1] (set b's column j spans the box's side j).
    **algorithm_options
        The named algorithm's options (e.g. ``seed`` and ``n_init`` for ``kmeans``).

    Returns
    -------
    GapResult
        Gap(K), s_K, log W_K, the references' mean log W*_K, and the estimate of K by ``rule``
        (Tibshirani's rule reads consecutive K only and gives None where no K qualifies; the
        others read ``ks`` in order).

    Raises
    ------
    clustval.errors.InputError
        Bad data, K outside 1..n, B < 2, or an unknown reference, rule, draws or algorithm.
    clustval.errors.UndefinedIndexError
        W_K = 0 (the objects of each cluster coincide): log W undefined.

    Examples
    --------
    >>> import numpy as np
    >>> rng = np.random.default_rng(0)
    >>> X = np.vstack([rng.normal(c, 0.3, size=(30, 2)) for c in [(0, 0), (5, 0), (0, 5)]])
    >>> gap_statistic(X, range(1, 6), "kmeans", B=10, seed=0).best_k
    3
    >>> r = gap_statistic(X, range(1, 6), "pam", d_power=1, reference="scaledPCA", ddof=1, draws="r", seed=1)
    >>> r.best("firstSEmax")  # R: set.seed(1); print(clusGap(X, pam1, K.max = 5, B = 10))
    3
    """
    X = checked_data(X)
    n = len(X)
    try:
        ks = sorted({int(k) for k in ks})
    except (TypeError, ValueError):
        raise InputError(f"ks must be integers, got {shown(ks)}.") from None
    if not ks or ks[0] < 1 or ks[-1] > n:
        raise InputError(f"each K must lie in 1..{n} (the number of objects), got {ks}.")
    if isinstance(B, bool) or not isinstance(B, (int, np.integer)) or B < 2:
        raise InputError(f"B, the number of reference sets, must be an integer of at least 2, got {B!r}.")
    if reference not in REFERENCES:
        raise InputError(f"reference must be one of {tuple(REFERENCES)}, got {reference!r}.")
    if ddof not in (0, 1) or isinstance(ddof, bool):
        raise InputError(f"ddof must be 0 (the paper's sd) or 1 (R's), got {ddof!r}.")
    max_se([0.0], [0.0], rule, se_factor=se_factor)  # checks rule and se_factor before any clustering
    pooled_within([[0.0]], [0], d_power=d_power)  # checks d_power
    cluster_at = clusterer(algorithm, **algorithm_options)

    def log_w(data: np.ndarray, k: int) -> float:
        labels = np.zeros(len(data), dtype=np.int64) if k == 1 else cluster_at(data, k)
        w = pooled_within(data, labels, d_power=d_power)
        if not w > 0:
            distinct = len(np.unique(data, axis=0))
            what = (f"all {len(data)} objects are identical" if distinct == 1
                    else f"the objects of each cluster coincide ({distinct} distinct points)")  # fmt: skip
            where = "X" if data is X else "a reference set"
            raise UndefinedIndexError(f"W_K is 0 at K = {k} for {where}: {what}, so log W_K is undefined.")
        return math.log(w)

    references = _reference_sets(X, REFERENCES[reference], B, seed, draws)
    observed = [log_w(X, k) for k in ks]
    simulated = np.array([[log_w(ref, k) for k in ks] for ref in references])  # (B, len(ks))
    mean_ref = simulated.mean(axis=0)
    gap = mean_ref - np.array(observed)
    s = simulated.std(axis=0, ddof=ddof) * math.sqrt(1 + 1 / B)
    found = GapResult(ks=tuple(ks), gap=tuple(gap.tolist()), s=tuple(s.tolist()), log_w=tuple(observed),
                      log_w_reference=tuple(mean_ref.tolist()), best_k=None, rule=rule, se_factor=float(se_factor))  # fmt: skip
    return GapResult(**{**found.__dict__, "best_k": found.best(rule, se_factor)})
