"""clusterCrit 1.3.0's criteria under clusterCrit's names, with clusterCrit's values.

The R package clusterCrit (Desgraupes 2018; documentation: Desgraupes, "Clustering Indices",
the package vignette) computes 42 internal criteria (``intCriteria``) and 14 external ones
(``extCriteria``). :func:`int_criteria` and :func:`ext_criteria` give the same values, keyed
by clusterCrit's own names (``"Ball_Hall"``, ``"GDI11"``, ``"Czekanowski_Dice"``, as
:func:`get_criteria_names` lists them); names are matched as clusterCrit matches them:
case-insensitively, a unique prefix is enough, ``"gdi"`` means ``"GDI11"``, ``"all"`` means
every criterion. :func:`best_criterion` is clusterCrit's ``bestCriterion``.

The internal criteria come from ONE call of :func:`clustval.indices.scoring.internal_scores` on the
registry indices of :data:`INTERNAL_REGISTRY` (each clusterCrit name mapped to the registry
index that computes the same quantity), then follow clusterCrit's code where it departs
from its documentation or from the published index. Every departure, as found in
clusterCrit 1.3.0's Fortran sources and checked against its values in R:

Internal criteria
    * **Silhouette** is the mean over clusters of the clusters' mean silhouette widths (as
      its documentation says), not Rousseeuw's (1987) mean over objects; a singleton cluster
      (a = 0/0) makes it NaN.
    * **Xie_Beni** divides WGSS / N by the squared *closest pair* of points in different
      clusters (as documented), not by the squared closest pair of centroids of Xie & Beni
      (1991): the registry's ``xb`` with ``xb_separation="closest_pair"``.
    * **GDI12, GDI22, ..., GDI52**: the diameter Delta_2 (mean within-cluster distance,
      Bezdek & Pal 1998) is computed as the sum over *unordered* pairs divided by
      n_k (n_k - 1), half the documented mean: these five criteria are twice the published
      ones.
    * **GDI51, GDI52, GDI53**: delta_5 takes each member's distance to its *own* centroid
      (as documented), where Bezdek & Pal (1998) take the other cluster's: the registry's
      ``gdi5v`` with ``centroid="own"`` (GDI52 also doubled, as above).
    * **Scott_Symons** subtracts d log(n_k) computed in single precision (a relative
      difference of about 1e-8 from the exact value).
    * **Banfeld_Raftery** and **Scott_Symons** are -Inf when a cluster has no scatter (a
      singleton: tr W_k = 0, det W_k = 0): the log of 0 (the registry calls them undefined).
    * **Det_Ratio, Log_Det_Ratio, Ksq_DetW, Scott_Symons**: determinants are the product of
      U's diagonal of LAPACK's LU factorisation (``dgetrf``) *without the sign of its row
      interchanges*, so a determinant carries the factor (-1)^(number of interchanges):
      Det_Ratio and Ksq_DetW may be negative, Log_Det_Ratio and Scott_Symons NaN (the log of
      a negative number). The layer applies the same sign to the registry's value.
    * **Gamma, G_plus, Tau** count the concordances s+ and s- in 8-bit integers
      (``INTEGER(KIND=INT8)``): both wrap modulo 256, so the values are meaningless beyond a
      handful of objects (Gamma = 31.5 on Iris). A tie between a within- and a
      between-cluster distance counts as a concordance (the documentation drops ties). Gamma
      is computed in single precision; Tau divides by sqrt(N_T / 2) with N_T / 2 an integer
      division, and by square roots taken in single precision. The layer reproduces all
      of this from its own exact counts (the registry's ``baker_hubert_gamma``, ``g_plus``
      and ``tau`` give the published values).
    * **Point_Biserial** is (S_W / N_W - S_B / N_B) sqrt(N_W N_B) / N_T as documented: the
      point-biserial correlation times the standard deviation of the distances, with the
      sign of within-cluster pairs coded 1 (negative for a good partition; Milligan 1981
      codes the between-cluster pairs 1); sqrt(N_W N_B) / N_T is computed in single
      precision.
    * **S_Dbw** adds the *sum* over pairs of clusters of the density ratios R_kk', not their
      mean 2 / (K (K - 1)) sum R_kk' (Halkidi & Vazirgiannis 2001; also clusterCrit's
      documentation); each R_kk' is a single-precision quotient, NaN when no point lies
      within sigma of either centroid.

External criteria
    * Every external criterion is computed in **single precision** (Fortran ``real``) from
      32-bit integer pair counts, so the values carry about 7 significant digits (Rand =
      0.87973153591156006 where the exact value is 0.8797315436...). The layer reproduces
      each of clusterCrit's single-precision steps exactly from clustval's pair counts; the
      registry indices of :data:`EXTERNAL_REGISTRY` give the same quantities in double
      precision.
    * **Phi** is (yy nn - yn ny) / ((yy+yn)(yy+ny)(yn+nn)(ny+nn)), without the square root
      of the denominator of the phi coefficient (as documented, but not phi).
    * **Precision** = yy / (yy + ny) and **Recall** = yy / (yy + yn): ``part1`` is the
      reference (yn: pairs together in part1 only).
    * **McNemar** = (yn - ny) / sqrt(yn + ny) is NaN (0/0) when the partitions agree on
      every pair.

References
----------
Desgraupes B., clusterCrit: Clustering Indices, R package version 1.3.0 (2018), and its
vignette "Clustering Indices". Bezdek J.C., Pal N.R., Some new indexes of cluster validity,
IEEE Trans. SMC-B 28(3):301-315, 1998. Halkidi M., Vazirgiannis M., Clustering validity
assessment: finding the optimal partitioning of a data set, ICDM 2001. Milligan G.W., A
Monte Carlo study of thirty internal criterion measures for cluster analysis,
Psychometrika 46(2):187-199, 1981.

Examples
--------
>>> from clustval.compat.clustercrit import ext_criteria
>>> ext_criteria([1, 1, 2, 2, 3], [1, 1, 2, 3, 3], ["rand", "Jaccard"])
{'rand': 0.800000011920929, 'jaccard': 0.3333333432674408}
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence

import numpy as np

from .._engine.docs import with_parameters
from ..errors import InputError, UndefinedIndexError
from ..indices._docs import DATA, described
from ..indices.contingency import contingency

#: clusterCrit's internal criteria, in the order of its ``getCriteriaNames(TRUE)``.
INTERNAL_NAMES: tuple[str, ...] = (
    "Ball_Hall", "Banfeld_Raftery", "C_index", "Calinski_Harabasz", "Davies_Bouldin",
    "Det_Ratio", "Dunn", "Gamma", "G_plus",
    "GDI11", "GDI12", "GDI13", "GDI21", "GDI22", "GDI23", "GDI31", "GDI32", "GDI33",
    "GDI41", "GDI42", "GDI43", "GDI51", "GDI52", "GDI53",
    "Ksq_DetW", "Log_Det_Ratio", "Log_SS_Ratio", "McClain_Rao", "PBM", "Point_Biserial",
    "Ray_Turi", "Ratkowsky_Lance", "Scott_Symons", "SD_Scat", "SD_Dis", "S_Dbw",
    "Silhouette", "Tau", "Trace_W", "Trace_WiB", "Wemmert_Gancarski", "Xie_Beni",
)  # fmt: skip

#: clusterCrit's external criteria, in the order of its ``getCriteriaNames(FALSE)``.
EXTERNAL_NAMES: tuple[str, ...] = (
    "Czekanowski_Dice", "Folkes_Mallows", "Hubert", "Jaccard", "Kulczynski", "McNemar",
    "Phi", "Precision", "Rand", "Recall", "Rogers_Tanimoto", "Russel_Rao", "Sokal_Sneath1",
    "Sokal_Sneath2",
)  # fmt: skip

#: The clustval registry index each internal criterion reads (see the module docstring for
#: how the layer turns it into clusterCrit's value where clusterCrit departs).
INTERNAL_REGISTRY: dict[str, str | None] = {
    "Ball_Hall": "ball_hall",
    "Banfeld_Raftery": "banfeld_raftery",
    "C_index": "c_index",
    "Calinski_Harabasz": "calinski_harabasz",
    "Davies_Bouldin": "db",
    "Det_Ratio": "det_ratio",
    "Dunn": "dunn",
    "Gamma": None,  # reproduced from the layer's own counts (8-bit wrap-around)
    "G_plus": None,
    **{f"GDI{u}{v}": f"gdi{u}{v}" for u in range(1, 6) for v in range(1, 4)},
    "GDI11": "dunn",  # Dunn's index is GDI11 (Bezdek & Pal 1998)
    "Ksq_DetW": "ksq_detw",
    "Log_Det_Ratio": "log_det_ratio",
    "Log_SS_Ratio": "log_ss_ratio",
    "McClain_Rao": "mcclain_rao",
    "PBM": "pbm",
    "Point_Biserial": "point_biserial",  # of the opposite sign, scaled in single precision
    "Ray_Turi": "ray_turi",
    "Ratkowsky_Lance": "ratkowsky_lance",
    "Scott_Symons": "scott_symons",
    "SD_Scat": "sd_scat",
    "SD_Dis": "sd_dis",
    "S_Dbw": "sd_scat",  # plus clusterCrit's summed density ratios
    "Silhouette": None,  # sil(average="clusters"); NaN where that is undefined (a singleton)
    "Tau": None,
    "Trace_W": "trace_w",
    "Trace_WiB": "trace_wib",
    "Wemmert_Gancarski": "wemmert_gancarski",
    "Xie_Beni": "xb",  # with xb_separation="closest_pair"
}

#: The clustval registry index that computes each external criterion in double precision
#: (None: clusterCrit's Phi is not the phi coefficient; see the module docstring).
EXTERNAL_REGISTRY: dict[str, str | None] = {
    "Czekanowski_Dice": "czekanowski_dice",
    "Folkes_Mallows": "fmi",
    "Hubert": "hubert_gamma",
    "Jaccard": "jaccard",
    "Kulczynski": "kulczynski",
    "McNemar": "mcnemar",
    "Phi": None,
    "Precision": "precision",
    "Rand": "rand",
    "Recall": "recall",
    "Rogers_Tanimoto": "rogers_tanimoto",
    "Russel_Rao": "russel_rao",
    "Sokal_Sneath1": "sokal_sneath1",
    "Sokal_Sneath2": "sokal_sneath2",
}

#: The registry index each criterion is (its counterpart, whatever the layer reads to
#: reproduce clusterCrit's value); the docs' index page lists it as that index's peer.
COUNTERPART: dict[str, str] = {
    **{name: index for name, index in {**INTERNAL_REGISTRY, **EXTERNAL_REGISTRY}.items() if index},
    "S_Dbw": "s_dbw", "Silhouette": "sil", "Gamma": "baker_hubert_gamma", "G_plus": "g_plus", "Tau": "tau",
}  # fmt: skip

#: The criteria whose clusterCrit value is not the registry index's value, each with how it
#: departs (the module docstring says it in full); every other mapped criterion is the same
#: definition (the external ones rounded to single precision).
DEPARTURES: dict[str, str] = {
    "Silhouette": "the mean of the clusters' mean silhouettes, not of the objects': sil_average='clusters' (undefined, NaN, with a singleton)",
    "Xie_Beni": "separation by the closest pair of points: xb_separation='closest_pair'",
    **{f"GDI{u}2": "Delta_2 halved: twice the published value" for u in range(1, 6)},
    **{f"GDI5{v}": "delta_5 to each member's own centroid: centroid='own'" for v in (1, 3)},
    "GDI52": "delta_5 to each member's own centroid (centroid='own'), Delta_2 halved",
    "Gamma": "concordances counted in 8-bit integers that wrap; ties count as concordant",
    "G_plus": "discordances counted in 8-bit integers that wrap",
    "Tau": "counts in 8-bit integers that wrap; single-precision roots",
    "Point_Biserial": "the opposite sign, scaled by sqrt(N_W N_B) / N_T",
    "S_Dbw": "the density ratios summed over pairs of clusters, not averaged",
    "Det_Ratio": "determinants without the sign of LU's row interchanges",
    "Log_Det_Ratio": "determinants without the sign of LU's row interchanges",
    "Ksq_DetW": "determinants without the sign of LU's row interchanges",
    "Scott_Symons": "determinants without the sign of LU's row interchanges; log n_k in single precision",
    "Banfeld_Raftery": "-Inf for a singleton cluster, where the registry calls it undefined",
}

# bestCriterion's rules (clusterCrit's R function bestCriterion; its vignette, Table 1).
_MAX = frozenset(
    {"Calinski_Harabasz", "Dunn", "Gamma", "PBM", "Point_Biserial", "Ratkowsky_Lance",
     "Silhouette", "Tau", "Wemmert_Gancarski"}
    | {f"GDI{u}{v}" for u in range(1, 6) for v in range(1, 4)}
)  # fmt: skip
_MIN = frozenset(
    {"Banfeld_Raftery", "C_index", "Davies_Bouldin", "G_plus", "McClain_Rao", "Ray_Turi",
     "Scott_Symons", "SD_Scat", "SD_Dis", "S_Dbw", "Xie_Beni"}
)  # fmt: skip
_MAX_DIFF = frozenset({"Ball_Hall", "Ksq_DetW", "Trace_W", "Trace_WiB"})
_MIN_DIFF = frozenset({"Det_Ratio", "Log_Det_Ratio", "Log_SS_Ratio"})

_F32 = np.float32


# clusterCrit's criterion names, as its functions and resolve take them
_CRIT = """crit : str or iterable of str
    clusterCrit's criterion names, matched as clusterCrit matches them (:func:`resolve`)."""


def _criteria(names: str, count: int):
    """Decorator: the ``crit`` and the Returns that extCriteria and intCriteria share, written once
    (:func:`clustval.indices._docs.described`); ``names`` holds the ``count`` criteria."""
    first, _, text = _CRIT.partition("\n")
    return described(parameters={**DATA, "crit": f"""{first}, default "all"
{text} ``"all"``: all {count} of :data:`{names}`."""}, sections={"Returns": """dict
    ``{name: value}`` under R's keys, the criterion names in lower case
    (``res$calinski_harabasz``), in the order asked (clusterCrit's order for "all")."""})


def get_criteria_names(is_internal: bool) -> list[str]:
    """clusterCrit's criterion names (its ``getCriteriaNames``).

    Parameters
    ----------
    is_internal : bool
        True for the internal criteria, False for the external ones.

    Returns
    -------
    list of str
        The names, in clusterCrit's order.

    Examples
    --------
    >>> get_criteria_names(False)[:3]
    ['Czekanowski_Dice', 'Folkes_Mallows', 'Hubert']
    >>> len(get_criteria_names(True))
    42
    """
    return list(INTERNAL_NAMES if is_internal else EXTERNAL_NAMES)


@with_parameters({"crit": _CRIT})
def resolve(crit: str | Iterable[str], is_internal: bool) -> list[str]:
    """clusterCrit's names for ``crit``, matched as clusterCrit matches them.

    Case-insensitive; ``"all"`` (as the first name) means every criterion; ``"gdi"`` means
    ``"GDI11"``; a name that is not exact may be a unique prefix (R's ``charmatch``).

    Parameters
    ----------
    is_internal : bool
        True for internal criteria, False for external ones.

    Returns
    -------
    list of str
        clusterCrit's spelling of each, in the order given.

    Raises
    ------
    clustval.errors.InputError
        An unknown or ambiguous name.

    Examples
    --------
    >>> resolve(["gdi", "silh", "ray"], True)
    ['GDI11', 'Silhouette', 'Ray_Turi']
    """
    names = INTERNAL_NAMES if is_internal else EXTERNAL_NAMES
    wanted = [crit] if isinstance(crit, str) else list(crit)
    if not wanted or not all(isinstance(c, str) for c in wanted):
        raise InputError(f"crit must be a criterion name or a list of them, got {crit!r}.")
    if wanted[0].lower() == "all":
        return list(names)
    lowered = {name.lower(): name for name in names}
    out = []
    for c in wanted:
        key = "gdi11" if c.lower() == "gdi" else c.lower()
        if key in lowered:
            out.append(lowered[key])
            continue
        hits = [name for low, name in lowered.items() if low.startswith(key)]
        if len(hits) != 1:
            kind = "internal" if is_internal else "external"
            problem = f"ambiguous ({', '.join(hits)})" if hits else "unknown"
            raise InputError(
                f"{problem} clusterCrit {kind} criterion {c!r}; "
                f"get_criteria_names({is_internal}) lists them."
            )
        out.append(hits[0])
    return out


# ---- external criteria ------------------------------------------------------------------


def _i32(v: int) -> int:
    """A Fortran default INTEGER: 32 bits, wrapping around as gfortran's code does."""
    return (int(v) + 2**31) % 2**32 - 2**31


def _sqrt32(v) -> np.float32:
    return np.sqrt(_F32(v))


def _external(yy: int, yn: int, ny: int, nn: int) -> dict[str, Callable[[], float]]:
    """clusterCrit's formulas with its arithmetic: Fortran ``real`` (single precision)
    where its code writes ``real(...)``, 32-bit integer products, double elsewhere."""
    a, b, c, d = (_i32(v) for v in (yy, yn, ny, nn))
    nt = _i32(a + b + c + d)
    f = _F32

    def hubert() -> float:
        v = float(f(_i32(_i32(nt * a) - _i32(_i32(a + b) * _i32(a + c)))))
        v = v / float(_sqrt32(a + b) * _sqrt32(a + c))
        return v / float(_sqrt32(b + d) * _sqrt32(c + d))

    def phi() -> float:
        v = float(f(_i32(_i32(a * d) - _i32(b * c))))
        v = v / _i32(_i32(a + b) * _i32(a + c))
        return v / _i32(_i32(b + d) * _i32(c + d))

    def over_disagreements(num: float) -> float:  # num / (num + yn + ny), in double
        return num / (num + b + c)

    return {
        "Czekanowski_Dice": lambda: float(f(_i32(2 * a)) / f(_i32(2 * a + b + c))),
        "Folkes_Mallows": lambda: float(np.sqrt(f(a) / f(_i32(a + b))) * np.sqrt(f(a) / f(_i32(a + c)))),
        "Hubert": hubert,
        "Jaccard": lambda: float(f(a) / f(_i32(a + b + c))),
        "Kulczynski": lambda: float(f(a) / f(_i32(a + b)) + f(a) / f(_i32(a + c))) / 2,
        "McNemar": lambda: float(f(_i32(b - c)) / _sqrt32(_i32(b + c))),
        "Phi": phi,
        "Precision": lambda: float(f(a) / f(_i32(a + c))),
        "Rand": lambda: float(f(_i32(a + d)) / f(nt)),
        "Recall": lambda: float(f(a) / f(_i32(a + b))),
        "Rogers_Tanimoto": lambda: over_disagreements(float(f(_i32(a + d)) / f(2))),
        "Russel_Rao": lambda: float(f(a) / f(nt)),
        "Sokal_Sneath1": lambda: over_disagreements(float(f(a) / f(2))),
        # num = (yy + nn) * 2 is stored in double, then real(num) / den
        "Sokal_Sneath2": lambda: float(f(_i32(_i32(a + d) * 2))) / (_i32(_i32(a + d) * 2) + b + c),
    }


@_criteria("EXTERNAL_NAMES", len(EXTERNAL_NAMES))
def ext_criteria(part1, part2, crit: str | Iterable[str] = "all") -> dict[str, float]:
    """clusterCrit's ``extCriteria(part1, part2, crit)``: external criteria, its values.

    Computed from the pair counts yy, yn, ny, nn (pairs together in both partitions, in
    ``part1`` only, in ``part2`` only, in neither), with clusterCrit's single-precision
    arithmetic (module docstring).

    Parameters
    ----------
    part1 : array-like of shape (n,)
        The first partition (the reference of Precision and Recall).
    part2 : array-like of shape (n,)
        The second partition.

    Raises
    ------
    clustval.errors.InputError
        An unknown or ambiguous name, or labels that fail clustval's checks.

    Examples
    --------
    yy = 2, yn = 2, ny = 2, nn = 4; Phi = (2 * 4 - 2 * 2) / (4 * 4 * 6 * 6), no square root:

    >>> ext_criteria([1, 1, 1, 2, 2], [1, 1, 2, 2, 2], ["Precision", "Recall", "Phi"])
    {'precision': 0.5, 'recall': 0.5, 'phi': 0.006944444444444444}
    """
    names = resolve(crit, is_internal=False)
    yy, ny, yn, nn = contingency(part1, part2).pairs  # (TP, FP, FN, TN) with part1 as truth
    formulas = _external(yy, yn, ny, nn)
    with np.errstate(divide="ignore", invalid="ignore"):  # clusterCrit gives NaN and Inf
        return {name.lower(): formulas[name]() for name in names}


# ---- internal criteria ------------------------------------------------------------------


def _wrap8(v: int) -> int:
    """An ``INTEGER(KIND=INT8)``: 8 bits, wrapping around (clusterCrit's s+ and s-)."""
    return (int(v) + 128) % 256 - 128


class _Data:
    """What the departing criteria read besides registry values, each computed once."""

    def __init__(self, X, labels, values: dict[str, float]):
        self.X = np.asarray(X, dtype=float)
        _, self.codes = np.unique(np.asarray(labels), return_inverse=True)  # clust_canonify
        self.codes = self.codes.ravel()
        self.sizes = np.bincount(self.codes)
        self.k = len(self.sizes)
        self.n = len(self.codes)
        self.values = values

    def registry(self, name: str) -> float:
        return self.values[name]

    def centroids(self) -> np.ndarray:
        return np.array([self.X[self.codes == j].mean(axis=0) for j in range(self.k)])

    def pair_distances(self) -> tuple[np.ndarray, np.ndarray]:
        """Within- and between-cluster distances of all unordered pairs, each sorted."""
        from scipy.spatial.distance import pdist

        i, j = np.triu_indices(self.n, k=1)
        d = pdist(self.X)
        same = self.codes[i] == self.codes[j]
        return np.sort(d[same]), np.sort(d[~same])

    def pair_numbers(self) -> tuple[int, int, int]:
        nt = _i32(self.n * (self.n - 1) // 2)  # clusterCrit: sNr*(sNr-1)/2 in 32 bits
        nw = _i32((int((self.sizes.astype(np.int64) ** 2).sum()) - self.n) // 2)
        return nt, nw, _i32(nt - nw)

    def concordances(self) -> tuple[int, int]:
        """clusterCrit's s+ (a within distance <= a between one) and s-, wrapped to 8 bits."""
        w, b = self.pair_distances()
        s_plus = int(np.searchsorted(w, b, side="right").sum())
        s_minus = len(w) * len(b) - s_plus
        return _wrap8(s_plus), _wrap8(s_minus)

    def det_sign(self, matrix: np.ndarray) -> float:
        """(-1)^(row interchanges of LAPACK's dgetrf), the sign clusterCrit's det drops;
        0 for a matrix dgetrf finds singular (a zero on U's diagonal: clusterCrit's det is 0)."""
        import warnings

        from scipy.linalg import LinAlgWarning, lu_factor

        with warnings.catch_warnings():  # a singular matrix: clusterCrit's det is 0, any sign
            warnings.simplefilter("ignore", LinAlgWarning)
            lu, piv = lu_factor(matrix, check_finite=False)
        if not np.diag(lu).all():
            return 0.0
        return -1.0 if int((piv != np.arange(len(piv))).sum()) % 2 else 1.0

    def scatter_matrices(self) -> tuple[list[np.ndarray], np.ndarray]:
        """The clusters' within-group scatter matrices WG_k and the total T = WG + BG."""
        c = self.centroids()
        wk = [(self.X[self.codes == j] - c[j]).T @ (self.X[self.codes == j] - c[j]) for j in range(self.k)]
        g = self.X.mean(axis=0)
        bg = ((c - g).T * self.sizes) @ (c - g)
        return wk, sum(wk) + bg


def _banfeld_raftery(data: _Data) -> float:
    wk, _ = data.scatter_matrices()
    if min(float(np.trace(w)) for w in wk) == 0:  # n_k log(0 / n_k): clusterCrit's -Inf
        return -math.inf
    return data.registry("banfeld_raftery")


def _det_signs(data: _Data) -> tuple[float, float]:
    wk, t = data.scatter_matrices()
    return data.det_sign(sum(wk)), data.det_sign(t)


def _det_ratio(data: _Data) -> float:
    sw, st = _det_signs(data)  # a zero sign: a singular matrix, the registry's value stands
    return data.registry("det_ratio") * (sw or 1.0) * (st or 1.0)


def _log_det_ratio(data: _Data) -> float:
    sw, st = _det_signs(data)
    return data.registry("log_det_ratio") if (sw or 1.0) * (st or 1.0) > 0 else math.nan


def _ksq_detw(data: _Data) -> float:
    return data.registry("ksq_detw") * (_det_signs(data)[0] or 1.0)


def _scott_symons(data: _Data) -> float:
    wk, _ = data.scatter_matrices()
    signs = [data.det_sign(w) for w in wk]
    if min(signs) < 0:  # the log of a negative determinant
        return math.nan
    if min(signs) == 0:  # n_k log(0), a singleton's
        return -math.inf
    # clusterCrit subtracts sNc * log(real(n_k)): a single-precision log and product
    # (np.float32(math.log(n)) equals glibc's logf for every n < 1579)
    d = data.X.shape[1]
    shift = sum(int(m) * (d * math.log(m) - float(_F32(d) * _F32(math.log(m)))) for m in data.sizes)
    return data.registry("scott_symons") + shift


def _gamma(data: _Data) -> float:
    s_plus, s_minus = data.concordances()
    return float(_F32(_wrap8(s_plus - s_minus)) / _F32(_wrap8(s_plus + s_minus)))


def _g_plus(data: _Data) -> float:
    _, s_minus = data.concordances()
    nt, _, _ = data.pair_numbers()
    return 2 * (float(_F32(s_minus) / _F32(nt)) / (nt - 1))


def _tau(data: _Data) -> float:
    s_plus, s_minus = data.concordances()
    nt, nw, nb = data.pair_numbers()
    v = float(_F32(_wrap8(s_plus - s_minus)) / _sqrt32(nw))
    v = v / float(_sqrt32(nb))
    v = v / float(_sqrt32(nt // 2))  # integer division, as in clusterCrit's code
    return v / float(_sqrt32(nt - 1))


def _point_biserial(data: _Data) -> float:
    # the registry's point_biserial is (S_B / N_B - S_W / N_W) sqrt(N_W N_B) / N_T
    nt, nw, nb = data.pair_numbers()
    within_minus_between = -data.registry("point_biserial") * nt / math.sqrt(nw * nb)
    return float(_sqrt32((_F32(nw) / _F32(nt)) * (_F32(nb) / _F32(nt)))) * within_minus_between


def _silhouette(data: _Data) -> float:
    from ..indices.classic import sil

    if data.sizes.min() == 1:  # a = 0/0 for a singleton: sil(average="clusters") refuses it
        return math.nan
    return sil(data.X, data.codes, average="clusters")


def _s_dbw(data: _Data) -> float:
    c = data.centroids()
    # clusterCrit's variances: mean of squares minus squared mean, per cluster
    norms = [
        np.sqrt(((data.X[data.codes == j] ** 2).mean(axis=0) - c[j] ** 2) @ ((data.X[data.codes == j] ** 2).mean(axis=0) - c[j] ** 2))
        for j in range(data.k)
    ]
    sigma = np.sqrt(sum(norms)) / data.k
    density = 0.0
    for k1 in range(data.k - 1):
        for k2 in range(k1 + 1, data.k):
            pts = data.X[(data.codes == k1) | (data.codes == k2)]
            near = [int((np.sqrt(((pts - centre) ** 2).sum(axis=1)) < sigma).sum())
                    for centre in (c[k1], c[k2], (c[k1] + c[k2]) / 2)]  # fmt: skip
            density += float(_F32(near[2]) / _F32(max(near[0], near[1])))
    return data.registry("sd_scat") + density


def _gdi_half_diameter(name: str) -> Callable[[_Data], float]:
    registry = INTERNAL_REGISTRY[name]
    return lambda data: 2 * data.registry(registry)


def _gdi_own_centroid(name: str) -> Callable[[_Data], float]:
    """GDI5v: delta_5 with each member's distance to its own centroid (clusterCrit)."""
    from ..indices.registry import get_index

    def value(data: _Data) -> float:
        gdi = get_index(INTERNAL_REGISTRY[name]).function(data.X, data.codes, centroid="own")
        return 2 * gdi if name.endswith("2") else gdi  # Delta_2 halved, as for GDIu2

    return value


# Criteria where clusterCrit's code departs from the registry index it reads (or reads none).
_DEPARTS: dict[str, Callable[[_Data], float]] = {
    "Banfeld_Raftery": _banfeld_raftery,
    "Det_Ratio": _det_ratio,
    "Log_Det_Ratio": _log_det_ratio,
    "Ksq_DetW": _ksq_detw,
    "Scott_Symons": _scott_symons,
    "Gamma": _gamma,
    "G_plus": _g_plus,
    "Tau": _tau,
    "Point_Biserial": _point_biserial,
    "Silhouette": _silhouette,
    "S_Dbw": _s_dbw,
    **{f"GDI{u}2": _gdi_half_diameter(f"GDI{u}2") for u in range(1, 5)},
    **{f"GDI5{v}": _gdi_own_centroid(f"GDI5{v}") for v in range(1, 4)},
}


# Criteria whose registry index the layer calls itself, with an option score() does not take.
_OWN_CALL = frozenset({"GDI51", "GDI52", "GDI53"})


@_criteria("INTERNAL_NAMES", len(INTERNAL_NAMES))
def int_criteria(X, labels, crit: str | Iterable[str] = "all") -> dict[str, float]:
    """clusterCrit's ``intCriteria(X, labels, crit)``: internal criteria, its values.

    One call of :func:`clustval.indices.scoring.internal_scores` computes the registry indices the
    requested criteria read (:data:`INTERNAL_REGISTRY`); where clusterCrit's code departs
    from them, the layer follows the code (module docstring). Where clusterCrit gives NaN or
    Inf (an index undefined for this partition), so does the layer. Any labels do: clusterCrit
    renumbers them in sorted order.

    Raises
    ------
    clustval.errors.InputError
        An unknown or ambiguous name, data or labels that fail clustval's checks, or a
        criterion whose registry index is not registered.

    Examples
    --------
    >>> X = [[0.0, 0.0], [0.0, 1.0], [4.0, 0.0], [4.0, 1.0], [4.0, 2.0]]
    >>> int_criteria(X, [1, 1, 2, 2, 2], ["dunn", "Silhouette"])  # Silhouette: mean of 2 means
    {'dunn': 2.0, 'silhouette': 0.7184505282582416}
    """
    from ..indices.registry import INDICES
    from ..indices.scoring import internal_scores

    names = resolve(crit, is_internal=True)
    reads = {INTERNAL_REGISTRY[name] for name in names} - {None}
    missing = sorted(name for name in reads if name not in INDICES)
    if missing:
        who = [name for name in names if INTERNAL_REGISTRY[name] in missing]
        raise InputError(
            f"clusterCrit criteria {who} need the clustval indices {missing}, which are not registered."
        )
    # the shared call computes every registry index but those the layer calls with an option
    needed = sorted({INTERNAL_REGISTRY[name] for name in names if name not in _OWN_CALL} - {None})
    values = internal_scores(X, labels, needed, xb_separation="closest_pair", undefined="nan") if needed else {}
    data = _Data(X, labels, values)
    with np.errstate(divide="ignore", invalid="ignore"):  # clusterCrit gives NaN and Inf
        return {
            name.lower(): float(_DEPARTS[name](data)) if name in _DEPARTS else float(values[INTERNAL_REGISTRY[name]])
            for name in names
        }


@with_parameters({"crit": _CRIT})
def best_criterion(x: Sequence[float], crit: str) -> int:
    """clusterCrit's ``bestCriterion(x, crit)``: the position of the best value in ``x``.

    ``x`` holds one internal criterion's values over a sequence of partitions (say K = 2,
    3, ...). The rule is clusterCrit's (its vignette, Table 1): the largest or smallest
    value, or for the "elbow" criteria the largest (Ball_Hall, Ksq_DetW, Trace_W, Trace_WiB)
    or smallest (Det_Ratio, Log_Det_Ratio, Log_SS_Ratio) second difference
    x[i+1] - 2 x[i] + x[i-1]. Ties go to the first position, as in R.

    Parameters
    ----------
    x : sequence of float
        The criterion's values, in the order of the partitions.

    Returns
    -------
    int
        The 0-based position of the best partition (clusterCrit's 1-based answer minus 1).

    Raises
    ------
    clustval.errors.UndefinedIndexError
        A NaN in ``x`` (clusterCrit returns NaN), or fewer than 3 values for an elbow rule.
    clustval.errors.InputError
        An unknown or ambiguous name.

    Examples
    --------
    >>> best_criterion([0.2, 0.6, 0.4], "Silhouette")
    1
    >>> best_criterion([10.0, 6.0, 3.0, 2.5, 2.2], "Trace_W")  # elbow at the 3rd value
    2
    """
    name = resolve(crit, is_internal=True)[0]
    values = [float(v) for v in x]
    if any(math.isnan(v) for v in values):
        raise UndefinedIndexError(f"best_criterion: {name} has a NaN value in {values}.")
    if name in _MAX or name in _MIN:
        best = max(values) if name in _MAX else min(values)
        return values.index(best)
    if len(values) < 3:
        raise UndefinedIndexError(f"best_criterion: {name}'s elbow rule needs 3 values or more, got {len(values)}.")
    second = list(np.diff(np.diff(values)))
    best = max(second) if name in _MAX_DIFF else min(second)
    return second.index(best) + 1
