"""External validity indices: a clustering judged against the true classes.

Every index is a function of the contingency table alone, and comes twice: a core
``<index>_from_contingency(ct)`` on a :class:`~clustval.indices.contingency.Contingency`
(O(C*K); :func:`~clustval.indices.scoring.external_scores` builds one table for all), and
``<index>(labels_true, labels_pred)``, which builds the table (O(n)) and calls the core.
scikit-learn's names of the same indices are in :mod:`clustval.compat.sklearn`. Each index is
described once, in its function's docstring (:mod:`clustval.indices._docs` writes the rest).

Notation: n objects, C classes (rows), K clusters (columns), counts n_ij, class sizes a_i,
cluster sizes b_j, pair counts TP, FP, FN, TN (:attr:`Contingency.pairs`), N = C(n, 2). The
examples mostly score t = [0, 0, 0, 1, 1, 1] against p = [0, 0, 1, 1, 1, 1]: the table
[[2, 1], [0, 3]], TP, FP, FN, TN = 4, 3, 2, 6. Degenerate inputs never give a silent NaN:
each index says the value it takes there, or raises UndefinedIndexError.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import math
import sys
from functools import cache
from pathlib import Path

import numpy as np

from ..errors import InputError, UndefinedIndexError, shown
from . import chance, information
from ._docs import described
from .contingency import (
    Contingency,
    Matching,
    contingency,
    dominant_matching_at_cells,
    per_table,
)
from .information import expected_mutual_info
from .options import choice
from .options import seed as seed_option

#: The family's indices, each under its registry name (clustval exports them from here).
__all__ = [
    "accuracy",
    "afm",
    "ami",
    "ari",
    "bcubed_f",
    "bcubed_precision",
    "bcubed_recall",
    "completeness",
    "cp_accuracy",
    "cp_accuracy_mc",
    "czekanowski_dice",
    "f_measure",
    "fmi",
    "homogeneity",
    "hubert_gamma",
    "jaccard",
    "kulczynski",
    "mcnemar",
    "mutual_info",
    "nca",
    "nmi",
    "npa",
    "precision",
    "ps2",
    "psi",
    "purity",
    "rand",
    "recall",
    "rogers_tanimoto",
    "russel_rao",
    "s2",
    "sokal_sneath1",
    "sokal_sneath2",
    "v_measure",
    "vi",
]

# The indices' options (clustval.indices.options), each named in its registry entry
S2_MATCHING = choice("s2_matching", "matching", ("hungarian", "identity"),
                     "how S2 pairs classes with clusters: `hungarian`, the best one-to-one map (as for "
                     "Accuracy), or `identity`, each class with the cluster of the same label")
CP_SEED = seed_option("cp_seed", "seed", "seed of `cp_accuracy_mc`'s Monte Carlo draws (numpy's `default_rng`)")


def _average(name: str, where: str):
    """scikit-learn's average_method of NMI or AMI: the mean of H(classes) and H(clusters) that
    normalises MI ``where``."""
    return choice(name, "average_method", ("arithmetic", "min", "geometric", "max"),
                  f"the mean of H(classes) and H(clusters) {where} (scikit-learn's `average_method`)")


def _fixed(index: str, clusim: str):
    """The labelling that the one-sided random models of ``index`` (ARI or AMI) hold fixed."""
    return choice(f"{index.lower()}_fixed", "fixed", chance.FIXED,
                  f"the labelling {index}'s one-sided models (`perm1`, `num1`, `all1`) hold fixed: `labels_true`, "
                  f"or `labels_pred` as clusim holds its second clustering (`{clusim}(c1, c2)`)")


NMI_AVERAGE = _average("nmi_average", "that divides NMI's MI")
AMI_AVERAGE = _average("ami_average", "in AMI's denominator")
# Gates & Ahn's (2017) random models, under which ARI and AMI adjust for chance
# (clustval.indices.chance computes every expectation)
ARI_MODEL = choice("ari_model", "model", chance.MODELS,
                   "the random model ARI adjusts under (Gates & Ahn 2017; clustval.indices.chance): `perm` "
                   "fixes both labellings' sizes, the one-sided `perm1`, `num1`, `all1` fix the classes")
AMI_MODEL = choice("ami_model", "model", chance.MODELS,
                   "the random model AMI adjusts under (Gates & Ahn 2017; clustval.indices.chance); "
                   "another than `perm` takes their normaliser and `ami_average` arithmetic")
ARI_FIXED = _fixed("ARI", "adjrand_index")
AMI_FIXED = _fixed("AMI", "adj_mi")
S2_MATCHINGS = S2_MATCHING.values
_EPS = float(np.finfo(np.float64).eps)
#: The largest one-to-one matching (C x K cells) the Hungarian algorithm solves: its dense
#: matrix, the table and scipy's copy take about 32 bytes a cell, 1 GiB here (C = K = 5,792).
MAX_MATCHING_CELLS = 2**25
# The S2 tie-break of the matching is added in blocks of rows of about this many cells.
_MATCHING_BLOCK_CELLS = 2**20


# --------------------------------------------------------------------------------------
# Set-matching indices
# --------------------------------------------------------------------------------------


def accuracy_from_contingency(ct: Contingency) -> float:
    return int(_best_matched_counts(ct).sum()) / ct.n


def purity_from_contingency(ct: Contingency) -> float:
    rows, cols, counts = ct.cells  # each column's largest cell is among its non-zero ones
    largest = np.zeros(ct.n_clusters, dtype=np.int64)
    np.maximum.at(largest, cols, counts)
    return int(largest.sum()) / ct.n


def s2_from_contingency(ct: Contingency, matching: str = "hungarian") -> float:
    if S2_MATCHING.check(matching) == "hungarian":
        rows, cols = best_matching(ct)
        terms = _s2_terms(ct, rows, cols, _best_matched_counts(ct))
    else:
        terms = s2_at(ct, *_identity_matching(ct))
    return float(terms.sum() / min(ct.n_classes, ct.n_clusters))


@described()
def s2_at(ct: Contingency, rows: np.ndarray, cols: np.ndarray) -> np.ndarray:
    """S2_c of pairing class ``rows[k]`` with cluster ``cols[k]`` (paper eqs. 1-3; see :func:`s2`).

    Parameters
    ----------
    rows, cols : ndarray of int
        Class and cluster positions of the pairs (numpy's indexing rules: broadcast index
        arrays give the whole (C, K) matrix).

    Returns
    -------
    ndarray of float
        S2_ij of each pair, in [0, 1].

    Raises
    ------
    UndefinedIndexError
        C = 1: every specificity is 0/0.

    Examples
    --------
    >>> ct = contingency([0, 0, 0, 1, 1], [0, 0, 1, 1, 1])
    >>> s2_at(ct, np.array([0, 1]), np.array([0, 1]))  # (2 * 2/3 * 1) / (2/3 + 1) = 0.8
    array([0.8, 0.8])
    """
    # a few cells are looked up without filling a sparse count's dense table
    n_ij = ct.table[rows, cols] if np.ndim(rows) > 1 else ct.counts_at(rows, cols)
    return _s2_terms(ct, rows, cols, n_ij)


def _s2_terms(ct: Contingency, rows, cols, n_ij: np.ndarray) -> np.ndarray:
    """:func:`s2_at` with the counts ``n_ij = table[rows, cols]`` already known."""
    if ct.n_classes == 1:
        raise UndefinedIndexError(
            "S2 is undefined with a single true class: every specificity is 0/0 (there are "
            "no negatives). Score a labelling with at least two classes."
        )
    a, b = ct.row_sums[rows], ct.col_sums[cols]
    sensitivity = n_ij / a
    specificity = (ct.n - a - b + n_ij) / (ct.n - a)
    total = sensitivity + specificity
    return np.divide(
        2.0 * sensitivity * specificity, total, out=np.zeros(total.shape), where=total > 0
    )


def _check_matching_size(ct: Contingency) -> None:
    """One line, not a MemoryError, for a one-to-one matching beyond :data:`MAX_MATCHING_CELLS`."""
    cells = ct.n_classes * ct.n_clusters
    if cells > MAX_MATCHING_CELLS:
        raise InputError(
            f"the best one-to-one matching of {ct.n_classes} classes with {ct.n_clusters} clusters (Accuracy, S2, "
            f"NPA, NCA, PSI) runs the Hungarian algorithm on a dense {cells:,}-cell matrix, more than "
            f"{MAX_MATCHING_CELLS:,} (about 1 GiB at the peak); the indices of pairs and information take any "
            "number of labels."
        )


@cache
def _hungarian():
    """scipy's ``linear_sum_assignment``, loaded from its one compiled extension in a millisecond
    (``import scipy.optimize`` takes 0.3-0.8 s); the public import if that fails.

    >>> import numpy as np
    >>> _hungarian()(np.array([[1.0, 2.0], [3.0, 1.0]]), maximize=True)
    (array([0, 1]), array([1, 0]))
    """
    name = "scipy.optimize._lsap"
    if name in sys.modules:  # scipy.optimize, or an earlier call, has loaded it
        return sys.modules[name].linear_sum_assignment
    folder = Path(importlib.util.find_spec("scipy").origin).parent / "optimize"
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        if (folder / f"_lsap{suffix}").is_file():
            loader = importlib.machinery.ExtensionFileLoader(name, str(folder / f"_lsap{suffix}"))
            try:
                module = importlib.util.module_from_spec(importlib.util.spec_from_loader(name, loader))
                loader.exec_module(module)
                solver = module.linear_sum_assignment
            except (ImportError, AttributeError):
                break
            # registered under its own name, so that a later ``import scipy.optimize`` takes
            # this module rather than a second copy: one solver per process
            sys.modules[name] = module
            return solver
    from scipy.optimize import linear_sum_assignment as solver

    return solver


@described()
def best_matching(ct: Contingency) -> Matching:
    """The one-to-one class-cluster map of Accuracy and S2: the most matched objects.

    Maximises ``sum_i n_{i,s(i)}`` over one-to-one maps (the Hungarian algorithm, Kuhn 1955),
    once per table; among maps tied on the count, the one with the largest sum of S2_c
    (:func:`s2_at`), so that S2 does not depend on how labels are named. When every class (every
    cluster if C > K) has a strict largest count, in distinct clusters, that map is taken without
    the Hungarian algorithm (:attr:`Contingency.dominant_matching`).

    Returns
    -------
    Matching
        ``(rows, cols)``: the min(C, K) matched class and cluster positions, sorted by row.

    Examples
    --------
    >>> best_matching(contingency([0, 0, 1, 1, 1], ["b", "b", "a", "a", "b"]))
    Matching(rows=array([0, 1]), cols=array([1, 0]))
    """
    return _tie_broken_matching(ct)


@per_table
def _best_matched_counts(ct: Contingency) -> np.ndarray:
    """n_ij at the cells of :func:`best_matching` (Accuracy, S2, NCA)."""
    rows, cols = best_matching(ct)
    if ct.dominant_matching is None:
        return ct.counts_at(rows, cols)
    # the dominant map gives each class (cluster if C > K) its largest count
    cells = ct.cells
    by_rows = ct.n_classes <= ct.n_clusters
    lines, matched = (cells.rows, rows) if by_rows else (cells.cols, cols)
    largest = np.zeros(ct.shape[0] if by_rows else ct.shape[1], dtype=np.int64)
    np.maximum.at(largest, lines, cells.counts)
    return largest[matched]


@per_table
def _tie_broken_matching(ct: Contingency) -> Matching:
    if ct.dominant_matching is not None:  # the unique count maximum, so the tie-broken one
        return ct.dominant_matching
    _check_matching_size(ct)
    weights = ct.table.astype(np.float64)
    if ct.n_classes > 1:
        # Counts are integers and the S2 bonus over min(C, K) pairs sums to less than 1,
        # so a count-maximising map always wins; the bonus only breaks ties. Added a block
        # of rows at a time (the same values): its terms are a few C x K arrays at once.
        cols, step = np.arange(ct.n_clusters)[None, :], max(1, _MATCHING_BLOCK_CELLS // ct.n_clusters)
        for r0 in range(0, ct.n_classes, step):
            rows = np.arange(r0, min(r0 + step, ct.n_classes))[:, None]
            weights[r0 : r0 + step] += s2_at(ct, rows, cols) / (min(ct.shape) + 1)
    rows, cols = _hungarian()(weights, maximize=True)
    rows.setflags(write=False)
    cols.setflags(write=False)
    return Matching(rows, cols)


def _identity_matching(ct: Contingency) -> Matching:
    """Pair each class with the cluster of the same label (literal equality)."""
    text = {"U", "S"}
    if (ct.classes.dtype.kind in text) != (ct.clusters.dtype.kind in text):
        raise InputError(
            f"s2 with matching='identity' compares labels literally, but the class labels are "
            f"{ct.classes.dtype} and the cluster labels {ct.clusters.dtype}: relabel the clusters "
            "with the class labels, or use matching='hungarian'."
        )
    common, rows, cols = np.intersect1d(
        ct.classes, ct.clusters, assume_unique=True, return_indices=True
    )
    if common.size == 0:
        raise InputError(
            "s2 with matching='identity' found no cluster label equal to a class label: relabel "
            "the clusters with the class labels, or use matching='hungarian'."
        )
    return Matching(rows, cols)


def nca_from_contingency(ct: Contingency) -> float:
    if ct.n_classes == 1:
        raise UndefinedIndexError(
            "NCA is undefined with a single true class (it divides by C - 1 = 0). Score a "
            "labelling with at least two classes."
        )
    # Dividing row i by a_i keeps its order: with C <= K (rows matched) the counts' obvious
    # map is recall's, found without computing recall; with C > K recall's columns decide.
    rows, cols, counts = ct.cells
    if ct.n_classes <= ct.n_clusters:
        matched = ct.dominant_matching
    else:  # recall at the non-zero cells: the same divisions as the dense recall's there
        recall_at_cells = counts / ct.sums_at_cells[0]
        matched = dominant_matching_at_cells(rows, cols, recall_at_cells, ct.shape)
    if matched is None:
        _check_matching_size(ct)
        recall = ct.table / ct.row_sums[:, None]
        matched = Matching(*_hungarian()(recall, maximize=True))
    rows, cols = matched
    # the dominant map is accuracy's best matching too: its counts are looked up once
    n_ij = _best_matched_counts(ct) if matched is ct.dominant_matching else ct.counts_at(rows, cols)
    recall_matched = n_ij / ct.row_sums[rows]  # = recall[rows, cols]
    return float((recall_matched.sum() - 1.0) / (ct.n_classes - 1))


def psi_from_contingency(ct: Contingency) -> float:
    if ct.n_classes == ct.n_clusters == 1:
        return 1.0  # identical partitions; (S - E) / (M - E) is 0/0
    # S: the best one-to-one map of n_ij / max(a_i, b_j); a class or cluster left unmatched
    # (C != K) adds 0, as the zero rows or columns that square the table would
    rows, cols, counts = ct.cells
    a, b = ct.sums_at_cells
    _check_matching_size(ct)
    similarity = np.zeros(ct.shape)
    similarity[rows, cols] = counts / np.maximum(a, b)
    matched_rows, matched_cols = _hungarian()(similarity, maximize=True)
    s = math.fsum(similarity[matched_rows, matched_cols])
    # E: S's expectation, the i-th largest class with the i-th largest cluster
    pairs = min(ct.n_classes, ct.n_clusters)
    largest_classes = np.sort(ct.row_sums)[::-1][:pairs]
    largest_clusters = np.sort(ct.col_sums)[::-1][:pairs]
    e = int(np.minimum(largest_classes, largest_clusters).sum()) / ct.n
    m = max(ct.n_classes, ct.n_clusters)
    return max(0.0, (s - e) / (m - e))  # E <= 1 < M: the denominator is positive


def npa_from_contingency(ct: Contingency) -> float:
    if ct.n_classes == ct.n_clusters == 1:
        return 1.0  # identical partitions; (M acc - 1) / (M - 1) is 0/0
    m = max(ct.n_classes, ct.n_clusters)
    matched = int(_best_matched_counts(ct).sum())  # accuracy's n * acc
    return (m * matched - ct.n) / (ct.n * (m - 1))  # exact integers, rounded once


def f_measure_from_contingency(ct: Contingency) -> float:
    # F_ij = 2PR/(P+R) with P = n_ij/b_j and R = n_ij/a_i simplifies to 2 n_ij / (a_i + b_j).
    # Empty cells give F = 0 and every row has a non-empty cell: the maxima are over those.
    rows, _, counts = ct.cells
    a, b = ct.sums_at_cells
    f = 2.0 * counts / (a + b)
    largest = np.zeros(ct.n_classes)  # every F here is > 0
    np.maximum.at(largest, rows, f)
    return float(ct.row_sums @ largest / ct.n)


# --------------------------------------------------------------------------------------
# Pair-counting indices (exact integer arithmetic, one rounding at the end)
# --------------------------------------------------------------------------------------


def ps2_from_contingency(ct: Contingency) -> float:
    tp, fp, fn, tn = ct.pairs
    denominator = tp * (fp + tn) + tn * (tp + fn)
    return 0.0 if denominator == 0 else 2 * tp * tn / denominator


def rand_from_contingency(ct: Contingency) -> float:
    tp, fp, fn, tn = ct.pairs
    total = tp + fp + fn + tn
    return 1.0 if total == 0 else (tp + tn) / total


def jaccard_from_contingency(ct: Contingency) -> float:
    tp, fp, fn, _ = ct.pairs
    denominator = tp + fp + fn
    return 1.0 if denominator == 0 else tp / denominator


def fmi_from_contingency(ct: Contingency) -> float:
    tp, fp, fn, _ = ct.pairs
    if fp == 0 and fn == 0:
        return 1.0
    return 0.0 if tp == 0 else math.sqrt(tp / (tp + fp)) * math.sqrt(tp / (tp + fn))


def ari_from_contingency(ct: Contingency, model: str = "perm", fixed: str = "labels_true") -> float:
    if ARI_MODEL.check(model) != "perm":
        return chance.adjusted_of_table(ct, "rand", model, ARI_FIXED.check(fixed))
    tp, fp, fn, tn = ct.pairs
    if fn == 0 and fp == 0:
        return 1.0
    return 2 * (tp * tn - fn * fp) / ((tp + fn) * (fn + tn) + (tp + fp) * (fp + tn))


def afm_from_contingency(ct: Contingency) -> float:
    tp, fp, fn, _ = ct.pairs
    together_t, together_p = tp + fn, tp + fp  # P, Q: pairs together in the classes, the clusters
    total = ct.n * (ct.n - 1) // 2  # N
    if fn == 0 and fp == 0:
        return 1.0  # identical partitions, also where FM or E[FM] is 0/0 (P = Q = 0 or N)
    if together_t == 0 or together_p == 0:
        return 0.0  # FM and E[FM] both 0/0 = 0, as fmi gives FM there (ARI is 0 too)
    # (FM - E) / (1 - E) with FM = TP / sqrt(PQ), E = sqrt(PQ) / N: the numerator N TP - PQ and
    # N - sqrt(PQ) = (N^2 - PQ) / (N + sqrt(PQ)) in exact integers, free of cancellation
    product = together_t * together_p
    root = math.sqrt(product)
    return (total * tp - product) / (total * total - product) * ((total + root) / root)


# --------------------------------------------------------------------------------------
# Information-theoretic indices (scikit-learn conventions, natural log)
# --------------------------------------------------------------------------------------


def nmi_from_contingency(ct: Contingency, average_method: str = "arithmetic") -> float:
    return _normalised_mi(ct, _MEANS[NMI_AVERAGE.check(average_method)])


def _arithmetic_mean(u: float, v: float) -> float:
    return (u + v) / 2.0


# scikit-learn's means of H(classes) and H(clusters) (_generalized_average), by average_method
_MEANS = {
    "arithmetic": _arithmetic_mean,
    "min": min,
    "geometric": lambda u, v: math.sqrt(u * v),
    "max": max,
}


def _normalised_mi(ct: Contingency, mean) -> float:
    """MI / mean(H(classes), H(clusters)) with scikit-learn's limit cases (NMI's core;
    ``mean`` is one of :data:`_MEANS`)."""
    if ct.n_classes == ct.n_clusters == 1:
        return 1.0
    mi = information.mutual_info(ct)
    if mi == 0.0:
        return 0.0
    return mi / mean(information.class_entropy(ct), information.cluster_entropy(ct))


def ami_from_contingency(ct: Contingency, average_method: str = "arithmetic", model: str = "perm",
                         fixed: str = "labels_true") -> float:  # fmt: skip
    mean = _MEANS[AMI_AVERAGE.check(average_method)]
    fixed = AMI_FIXED.check(fixed)
    if AMI_MODEL.check(model) == "perm":
        return _adjusted_mi(ct, mean)
    if average_method != "arithmetic":
        raise InputError(f"AMI under model={model!r} takes Gates & Ahn's normaliser: leave average_method "
                         "at 'arithmetic' (their 'perm' normaliser).")  # fmt: skip
    return chance.adjusted_of_table(ct, "mutual_info", model, fixed)


def _adjusted_mi(ct: Contingency, mean) -> float:
    """(MI - E[MI]) / (mean(H(classes), H(clusters)) - E[MI]) with scikit-learn's limit
    cases and guards (AMI's core; ``mean`` as in :func:`_normalised_mi`)."""
    if ct.n_classes == ct.n_clusters == 1:
        return 1.0
    if ct.n_classes == 1 or ct.n_clusters == 1:
        return 0.0
    mi = information.mutual_info(ct)
    emi = expected_mutual_info(ct.row_sums, ct.col_sums, ct.n)
    normalizer = mean(information.class_entropy(ct), information.cluster_entropy(ct))
    # scikit-learn's guards: keep the sign, avoid 0/0 when MI = EMI = normalizer.
    denominator = normalizer - emi
    denominator = min(denominator, -_EPS) if denominator < 0 else max(denominator, _EPS)
    numerator = mi - emi
    numerator = min(numerator, -_EPS) if numerator < 0 else max(numerator, _EPS)
    return float(numerator / denominator)


def mutual_info_from_contingency(ct: Contingency) -> float:
    return information.mutual_info(ct)


def homogeneity_from_contingency(ct: Contingency) -> float:
    entropy = information.class_entropy(ct)
    return information.mutual_info(ct) / entropy if entropy else 1.0


def completeness_from_contingency(ct: Contingency) -> float:
    entropy = information.cluster_entropy(ct)
    return information.mutual_info(ct) / entropy if entropy else 1.0


def v_measure_from_contingency(ct: Contingency, beta: float = 1.0) -> float:
    beta = _check_beta(beta)
    h, c = homogeneity_from_contingency(ct), completeness_from_contingency(ct)
    if beta == 1.0:  # the registry's and score()'s V-measure, bit for bit as before
        return 0.0 if h + c == 0 else 2.0 * h * c / (h + c)
    denominator = beta * h + c
    return 0.0 if h + c == 0 or denominator == 0 else (1 + beta) * h * c / denominator


def _check_beta(beta) -> float:
    """``beta`` of the V-measure as a float: a finite real number >= 0, as scikit-learn's."""
    if isinstance(beta, bool) or not isinstance(beta, (int, float, np.integer, np.floating)):
        raise InputError(f"v_measure beta must be a real number >= 0, got {shown(beta)}.")
    if not math.isfinite(beta) or beta < 0:
        raise InputError(f"v_measure beta must be a finite number >= 0, got {shown(beta)}.")
    return float(beta)


# --------------------------------------------------------------------------------------
# BCubed and correspondence-probability accuracy
# --------------------------------------------------------------------------------------


def bcubed_precision_from_contingency(ct: Contingency) -> float:
    return _bcubed_precision(ct)


@per_table
def _bcubed_precision(ct: Contingency) -> float:  # BCubed P and F, CP accuracy
    return float((_square_sums(ct, axis=0) / ct.col_sums).sum() / ct.n)


def bcubed_recall_from_contingency(ct: Contingency) -> float:
    return _bcubed_recall(ct)


@per_table
def _bcubed_recall(ct: Contingency) -> float:  # BCubed R and F
    return float((_square_sums(ct, axis=1) / ct.row_sums).sum() / ct.n)


def _square_sums(ct: Contingency, axis: int) -> np.ndarray:
    """sum_i n_ij^2 (axis 0) or sum_j n_ij^2 (axis 1), exact int64, from the non-empty cells."""
    rows, cols, counts = ct.cells
    sums = np.zeros(ct.shape[1 - axis], dtype=np.int64)
    np.add.at(sums, cols if axis == 0 else rows, counts * counts)
    return sums


def bcubed_f_from_contingency(ct: Contingency) -> float:
    precision = bcubed_precision_from_contingency(ct)
    recall = bcubed_recall_from_contingency(ct)
    return 2.0 * precision * recall / (precision + recall)  # both > 0: every n_ij >= 0, some > 0


def cp_accuracy_from_contingency(ct: Contingency) -> float:
    return bcubed_precision_from_contingency(ct)


def cp_accuracy_mc_from_contingency(
    ct: Contingency, seed: int | None = 1, repeats: int = 1
) -> float:
    if int(repeats) < 1:
        raise InputError(f"repeats must be a positive integer, got {shown(repeats)}.")
    rng = np.random.default_rng(CP_SEED.check(seed))
    # The objects of cell (i, j) each keep their class with probability n_ij / b_j,
    # independently: their correct count is Binomial(n_ij, n_ij / b_j). Empty cells are left
    # out: numpy's Binomial(0, p) is 0 without drawing, so the stream and values are those of
    # the draw over the whole (repeats, C, K) table, at the cost of the non-empty cells only.
    _, cols, counts = ct.cells
    correct = rng.binomial(counts, counts / ct.col_sums[cols], size=(int(repeats), counts.size))
    return int(correct.sum()) / (int(repeats) * ct.n)


# --------------------------------------------------------------------------------------
# Public functions: labels in, float out
# --------------------------------------------------------------------------------------


def accuracy(labels_true, labels_pred, *, sample_weight=None) -> float:
    """Clustering accuracy: the share of objects in the best one-to-one class-cluster map.

    ``Accuracy = (1/n) max_s sum_i n_{i,s(i)}`` over one-to-one maps s (:func:`best_matching`);
    when C != K, the objects outside the min(C, K) matched pairs count as errors. 1 iff the
    clustering equals the classes up to renaming. The paper's "Accuracy" (Figs. 4-6); Fränti &
    Sieranoja, Clustering accuracy, Appl. Comput. Intell. 4(1), 2024.

    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]
    >>> accuracy(t, p)  # classes 0, 1 matched with clusters 0, 1: (2 + 3) / 6
    0.8333333333333334
    """
    return accuracy_from_contingency(contingency(labels_true, labels_pred, sample_weight=sample_weight))


def purity(labels_true, labels_pred, *, sample_weight=None) -> float:
    """Purity: each cluster is credited with its majority class.

    ``Purity = (1/n) sum_j max_i n_ij``. Two clusters may share a class, so purity >= accuracy;
    all-singleton clusters score 1.

    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]
    >>> purity(t, p)  # majorities 2 and 3 of 6
    0.8333333333333334
    """
    return purity_from_contingency(contingency(labels_true, labels_pred, sample_weight=sample_weight))


def s2(labels_true, labels_pred, matching: str = "hungarian", *, sample_weight=None) -> float:
    """S2: the mean harmonic mean of sensitivity and specificity over matched class-cluster pairs.

    For each matched pair (class c, cluster s), paper eqs. 1-4 (eq. 4 for C = K = 2)::

        sens_c = n_cs / a_c,  spec_c = (n - a_c - b_s + n_cs) / (n - a_c)
        S2_c = 2 sens_c spec_c / (sens_c + spec_c)  (0 when both are 0)
        S2 = (1 / min(C, K)) sum_c S2_c

    The pairs (``matching``): those of :func:`best_matching` (shared with :func:`accuracy`), or
    class c with the cluster labelled c (the paper's n_cc, for labels the caller aligned; a
    class without one scores 0, and the mean still divides by min(C, K)).

    Raises
    ------
    UndefinedIndexError
        C = 1: there are no negatives, so every specificity is 0/0.
    InputError
        ``"identity"`` with no cluster label equal to a class label, or labels of different
        kinds (text vs numbers).

    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]
    >>> s2(t, p)  # each matched pair: 2 (2/3)(1) / (2/3 + 1) = 0.8
    0.8
    >>> s2([0, 0, 1, 1], [1, 1, 0, 0], matching="identity")  # the labels taken literally
    0.0
    """
    return s2_from_contingency(contingency(labels_true, labels_pred, sample_weight=sample_weight), matching=matching)


def ps2(labels_true, labels_pred, *, sample_weight=None) -> float:
    """PS2: the harmonic mean of pair sensitivity TP/(TP+FN) and pair specificity TN/(TN+FP).

    ``PS2 = 2 TP TN / (TP (FP + TN) + TN (TP + FN))`` (paper eqs. 5-8), in exact integers. 0 when
    the denominator is 0 (no two objects share a class, or none differ, or TP = TN = 0), as the
    paper prescribes.

    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]
    >>> ps2(t, p)  # 2 * 4 * 6 / (4 (3 + 6) + 6 (4 + 2))
    0.6666666666666666
    """
    return ps2_from_contingency(contingency(labels_true, labels_pred, sample_weight=sample_weight))


def f_measure(labels_true, labels_pred, *, sample_weight=None) -> float:
    """F-measure (Larsen & Aone 1999): the class-size weighted best F score of each class.

    ``F = sum_i (a_i / n) max_j 2 n_ij / (a_i + b_j)`` (F_ij = 2PR / (P + R), P = n_ij / b_j,
    R = n_ij / a_i); several classes may pick the same cluster. The paper's Table 1 lumps all
    objects together and scores 2/3: F rewards it, S2 scores it 0.

    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]
    >>> f_measure(t, p)  # (3 * 4/5 + 3 * 6/7) / 6
    0.8285714285714286
    """
    return f_measure_from_contingency(contingency(labels_true, labels_pred, sample_weight=sample_weight))


def rand(labels_true, labels_pred, *, sample_weight=None) -> float:
    """Rand index: the share of object pairs on which both labellings agree.

    ``RI = (TP + TN) / C(n, 2)``, in exact integers (summaries that print a(a+d)/(m(m-1)) have a
    typo). n = 1 gives 1.0, as scikit-learn's ``rand_score``.

    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]
    >>> rand(t, p)  # (4 + 6) / 15
    0.6666666666666666
    """
    return rand_from_contingency(contingency(labels_true, labels_pred, sample_weight=sample_weight))


def jaccard(labels_true, labels_pred, *, sample_weight=None) -> float:
    """Jaccard coefficient of the "same cluster" pair relations.

    ``JC = TP / (TP + FN + FP)``, in exact integers. 1.0 when no pair is together in either
    labelling (both all-singletons: identical).

    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]
    >>> jaccard(t, p)  # 4 / (4 + 3 + 2)
    0.4444444444444444
    """
    return jaccard_from_contingency(contingency(labels_true, labels_pred, sample_weight=sample_weight))


def fmi(labels_true, labels_pred, *, sample_weight=None) -> float:
    """Fowlkes-Mallows index: the geometric mean of pair precision and pair recall.

    ``FMI = TP / sqrt((TP + FP)(TP + FN))``. 1.0 for identical labellings (FP = FN = 0, also when
    TP = 0), else 0.0 when TP = 0; elsewhere scikit-learn's ``fowlkes_mallows_score``, which gives
    0.0 for identical all-singleton labellings and n = 1 (:mod:`clustval.compat.sklearn`).

    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]
    >>> round(fmi(t, p), 12)  # 4 / sqrt(7 * 6)
    0.617213399848
    """
    return fmi_from_contingency(contingency(labels_true, labels_pred, sample_weight=sample_weight))


def ari(labels_true, labels_pred, *, model: str = "perm", fixed: str = "labels_true", sample_weight=None) -> float:
    """Adjusted Rand index: the Rand index corrected for chance.

    ``ARI = (TP - E) / ((a + b) / 2 - E)``, a = TP + FN, b = TP + FP, E = a b / C(n, 2), computed
    as ``2 (TP TN - FN FP) / ((TP+FN)(FN+TN) + (TP+FP)(FP+TN))`` in exact integers. 0 is its
    expectation under random labelling; identical labellings (n = 1 too) give 1.0, as
    scikit-learn's ``adjusted_rand_score``. Under another random ``model``,
    ``(RI - E[RI]) / (1 - E[RI])`` with E[RI] under it (:func:`clustval.indices.chance.adjusted`).

    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]
    >>> ari(t, p)  # 2 (4 * 6 - 2 * 3) / (6 * 8 + 7 * 9) = 36 / 111
    0.32432432432432434
    >>> round(ari(t, p, model="num1"), 12)  # the clustering: any labelling into its K = 2 blocks
    0.329004329004
    >>> round(ari(t, p, model="num1", fixed="labels_pred"), 12)  # clusim's adjrand_index(t, p, "num1")
    0.331896551724
    """
    ct = contingency(labels_true, labels_pred, sample_weight=sample_weight)
    return ari_from_contingency(ct, model=model, fixed=fixed)


def afm(labels_true, labels_pred, *, sample_weight=None) -> float:
    """Adjusted Fowlkes-Mallows index: the FMI corrected for chance (Hubert & Arabie 1985), as genieclust computes it.

    ``AFM = (FM - E[FM]) / (1 - E[FM])`` with ``FM = TP / sqrt(PQ)`` (:func:`fmi`), P = TP + FN
    and Q = TP + FP the pairs together in the classes and in the clusters, and
    ``E[FM] = sqrt(PQ) / N`` its expectation under random labellings of the same sizes
    (N = C(n, 2)); Hubert & Arabie's (1985) correction, eq. 4, as genieclust's
    ``adjusted_fm_score`` (Gagolewski 2021) computes it. About 0 for random labellings, 1 iff
    the partitions are equal, at least -1. Where genieclust gives NaN (0/0): 1.0 for identical
    partitions (C = K = 1, every object alone in both, n = 1), 0.0 when the classes or the
    clusters put every object alone (no pair together on one side; FMI is 0 there).

    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]
    >>> round(afm(t, p), 12)  # P, Q, N, TP = 6, 7, 15, 4: (15 * 4 - 42) / (sqrt(42) (15 - sqrt(42)))
    0.32602133601
    """
    return afm_from_contingency(contingency(labels_true, labels_pred, sample_weight=sample_weight))


def nmi(labels_true, labels_pred, *, average_method: str = "arithmetic", sample_weight=None) -> float:
    """Normalised mutual information (Strehl & Ghosh 2002), arithmetic-mean normalisation by default.

    ``NMI = MI / ((H(classes) + H(clusters)) / 2)`` with :func:`mutual_info`, natural logarithms;
    ``average_method`` takes scikit-learn's other means of the two entropies instead (min,
    geometric, max). As scikit-learn's ``normalized_mutual_info_score``: C = K = 1 gives 1.0,
    MI = 0 gives 0.0.

    >>> nmi([0, 0, 1, 1], [0, 1, 0, 1])  # independent: MI = 0
    0.0
    >>> t, p = [0, 0, 1, 1], [0, 0, 1, 2]
    >>> round(nmi(t, p, average_method="max"), 12)  # log 2 / H(clusters) = log 2 / (1.5 log 2)
    0.666666666667
    """
    ct = contingency(labels_true, labels_pred, sample_weight=sample_weight)
    return nmi_from_contingency(ct, average_method=average_method)


def ami(labels_true, labels_pred, *, average_method: str = "arithmetic", model: str = "perm",
        fixed: str = "labels_true", sample_weight=None) -> float:  # fmt: skip
    """Adjusted mutual information, arithmetic-mean normalisation by default (scikit-learn's).

    ``AMI = (MI - E[MI]) / ((H(classes) + H(clusters)) / 2 - E[MI])``, E[MI] under random
    labellings of the same sizes (:func:`~clustval.indices.information.expected_mutual_info`, exact); ``average_method``
    takes scikit-learn's other means of the two entropies instead (min, geometric, max).
    About 0 for random labellings. As scikit-learn's ``adjusted_mutual_info_score``: C = K = 1
    gives 1.0, C = 1 or K = 1 alone 0.0.

    >>> round(ami([0, 0, 1, 1], [0, 1, 0, 1]), 12)  # (0 - log(2)/3) / (log 2 - log(2)/3)
    -0.5
    >>> round(ami([0, 0, 1, 1], [0, 1, 0, 1], average_method="max"), 12)  # both entropies log 2
    -0.5
    """
    ct = contingency(labels_true, labels_pred, sample_weight=sample_weight)
    return ami_from_contingency(ct, average_method=average_method, model=model, fixed=fixed)


def mutual_info(labels_true, labels_pred, *, sample_weight=None) -> float:
    """Mutual information of the classes and the clusters, in nats.

    ``MI = sum_ij (n_ij / n) log(n n_ij / (a_i b_j))``, at most min(H(classes), H(clusters)). As
    scikit-learn's ``mutual_info_score``: 0.0 with one class or one cluster, a negative rounding
    residue clipped to 0.

    >>> round(mutual_info([0, 0, 1, 1], [5, 5, 7, 7]), 12)  # log 2
    0.69314718056
    """
    return mutual_info_from_contingency(contingency(labels_true, labels_pred, sample_weight=sample_weight))


def homogeneity(labels_true, labels_pred, *, sample_weight=None) -> float:
    """Homogeneity: each cluster holds members of a single class.

    ``h = 1 - H(classes | clusters) / H(classes) = MI / H(classes)``; 1 iff every cluster lies in
    one class, and 1.0 for a single class (scikit-learn's ``homogeneity_score``).
    ``homogeneity(a, b) == completeness(b, a)``.

    >>> round(homogeneity([0, 0, 1, 1], [0, 0, 1, 2]), 12)  # splitting a class: still pure
    1.0
    """
    return homogeneity_from_contingency(contingency(labels_true, labels_pred, sample_weight=sample_weight))


def completeness(labels_true, labels_pred, *, sample_weight=None) -> float:
    """Completeness: all members of a class fall in a single cluster.

    ``c = 1 - H(clusters | classes) / H(clusters) = MI / H(clusters)``; 1 iff every class lies in
    one cluster, and 1.0 for a single cluster (scikit-learn's ``completeness_score``).

    >>> round(completeness([0, 0, 1, 1], [0, 0, 1, 2]), 12)  # log 2 / (1.5 log 2)
    0.666666666667
    """
    return completeness_from_contingency(contingency(labels_true, labels_pred, sample_weight=sample_weight))


def v_measure(labels_true, labels_pred, *, beta: float = 1.0, sample_weight=None) -> float:
    """V-measure: the weighted harmonic mean of :func:`homogeneity` h and :func:`completeness` c.

    ``V_beta = (1 + beta) h c / (beta h + c)``, as scikit-learn's ``v_measure_score``; at beta = 1
    (the value :func:`~clustval.indices.scoring.score` reports) it is symmetric and equals
    :func:`nmi`. 0.0 when beta h + c = 0; 1.0 for one class and one cluster.

    Parameters
    ----------
    beta : float, default 1.0
        Weight of completeness against homogeneity, a finite number >= 0.

    Raises
    ------
    InputError
        ``beta`` not a finite number >= 0.

    >>> round(v_measure([0, 0, 1, 1], [0, 0, 1, 2]), 12)  # 2 * 1 * (2/3) / (1 + 2/3)
    0.8
    >>> round(v_measure([0, 0, 1, 1], [0, 0, 1, 2], beta=2.0), 12)  # 3 * (2/3) / (2 + 2/3)
    0.75
    """
    return v_measure_from_contingency(contingency(labels_true, labels_pred, sample_weight=sample_weight), beta=beta)


def bcubed_precision(labels_true, labels_pred, *, sample_weight=None) -> float:
    """BCubed precision: the mean over objects of the share of its cluster that shares its class.

    ``P = (1/n) sum_ij n_ij^2 / b_j``, the same number as :func:`cp_accuracy`.

    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]
    >>> bcubed_precision(t, p)  # (2^2/2 + (1^2 + 3^2)/4) / 6
    0.75
    """
    return bcubed_precision_from_contingency(contingency(labels_true, labels_pred, sample_weight=sample_weight))


def bcubed_recall(labels_true, labels_pred, *, sample_weight=None) -> float:
    """BCubed recall: the mean over objects of the share of its class that shares its cluster.

    ``R = (1/n) sum_ij n_ij^2 / a_i``.

    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]
    >>> round(bcubed_recall(t, p), 12)  # ((2^2 + 1^2)/3 + 3^2/3) / 6 = 7/9
    0.777777777778
    """
    return bcubed_recall_from_contingency(contingency(labels_true, labels_pred, sample_weight=sample_weight))


def bcubed_f(labels_true, labels_pred, *, sample_weight=None) -> float:
    """BCubed F: the harmonic mean ``2PR / (P + R)`` of :func:`bcubed_precision` and :func:`bcubed_recall`.

    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]
    >>> round(bcubed_f(t, p), 12)  # 2 (3/4)(7/9) / (3/4 + 7/9) = 42/55
    0.763636363636
    """
    return bcubed_f_from_contingency(contingency(labels_true, labels_pred, sample_weight=sample_weight))


def cp_accuracy(labels_true, labels_pred, *, sample_weight=None) -> float:
    """Correspondence-probability accuracy (Bartenyev 2026, doi:10.24160/1993-6982-2026-2-164-173), closed form.

    Each object's cluster j is replaced by a class drawn with probability n_ij / b_j and the
    accuracy is correct / n; its expectation, ``(1/n) sum_ij n_ij^2 / b_j``, is this (the
    BCubed precision). :func:`cp_accuracy_mc` runs the random procedure itself.

    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]
    >>> cp_accuracy(t, p)
    0.75
    """
    return cp_accuracy_from_contingency(contingency(labels_true, labels_pred, sample_weight=sample_weight))


def cp_accuracy_mc(labels_true, labels_pred, seed: int | None = 1, repeats: int = 1, *, sample_weight=None) -> float:
    """Correspondence-probability accuracy (Bartenyev 2026) by its random procedure, seeded.

    :func:`cp_accuracy`'s draw, averaged over ``repeats`` runs: the objects of cell (i, j) are
    exchangeable, so the number that draw their own class is Binomial(n_ij, n_ij / b_j), drawn
    per cell in O(C*K). Variance ``sum_ij n_ij p_ij (1 - p_ij) / (n^2 repeats)``, p_ij = n_ij / b_j.

    Parameters
    ----------
    repeats : int, default 1
        Number of independent runs averaged.

    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]
    >>> round(cp_accuracy_mc(t, p, repeats=20000), 2)  # its expectation: cp_accuracy
    0.75
    """
    return cp_accuracy_mc_from_contingency(
        contingency(labels_true, labels_pred, sample_weight=sample_weight), seed=seed, repeats=repeats
    )


def nca(labels_true, labels_pred, *, sample_weight=None) -> float:
    """Normalised clustering accuracy (Gagolewski 2025, J. Classif. 42:2-30): mean per-class recall above chance.

    ``NCA = (sum_i r_{i,s(i)} - 1) / (C - 1)``, r_ij = n_ij / a_i, s the one-to-one map that
    maximises the recalls (not the counts); classes left unmatched (K < C) score 0. 1 iff the
    clustering equals the classes up to renaming; in [0, 1] for K <= C, down to
    (C/K - 1) / (C - 1) for K > C. Asymmetric: the classes are the reference.

    Raises
    ------
    UndefinedIndexError
        C = 1 (division by C - 1 = 0).

    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]
    >>> round(nca(t, p), 12)  # recalls 2/3 and 1 matched: (5/3 - 1) / (2 - 1)
    0.666666666667
    """
    return nca_from_contingency(contingency(labels_true, labels_pred, sample_weight=sample_weight))


def psi(labels_true, labels_pred, *, sample_weight=None) -> float:
    """Pair sets index (Rezaei & Fränti 2016, IEEE TKDE 28(8):2173-2186): set matching corrected for chance.

    ``PSI = max(0, (S - E) / (M - E))``, M = max(C, K), over the one-to-one map s of classes
    to clusters that maximises ``S = sum_i n_{i,s(i)} / max(a_i, b_{s(i)})``; E is S's
    expectation, ``E = (1/n) sum_k min(a_(k), b_(k))`` over the k-th largest class and
    cluster, k up to min(C, K). Classes or clusters left unmatched (C != K) add 0 to S and
    M counts them: the table squared with zero rows or columns, as genieclust's
    ``pair_sets_index`` (Gagolewski 2021) squares it; the clipping at 0 is the paper's
    (genieclust's default). 1 iff the partitions are equal; symmetric. C = K = 1: 1.0
    (identical partitions; genieclust: NaN).

    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]
    >>> round(psi(t, p), 12)  # S = 2/3 + 3/4, E = (3 + 2)/6: (17/12 - 10/12) / (2 - 10/12)
    0.5
    """
    return psi_from_contingency(contingency(labels_true, labels_pred, sample_weight=sample_weight))


def npa(labels_true, labels_pred, *, sample_weight=None) -> float:
    """Normalised pivoted accuracy (genieclust, Gagolewski 2021): :func:`accuracy` above its worst case.

    ``NPA = (M Acc - 1) / (M - 1)``, M = max(C, K), Acc the share of objects in the best
    one-to-one class-cluster map (:func:`accuracy`; the pivoted accuracy of Meila & Heckerman
    2001 and Steinley 2004). Acc is at least 1/M, so NPA is in [0, 1], 1 iff the partitions
    are equal; symmetric. C != K: classes or clusters left unmatched count as zero rows or
    columns, as genieclust 1.3's code past its check of C = K computes it (genieclust 1.3
    itself refuses C != K). C = K = 1: 1.0 (identical partitions; genieclust: NaN).

    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]
    >>> round(npa(t, p), 12)  # Acc = 5/6, M = 2: (2 * 5/6 - 1) / (2 - 1)
    0.666666666667
    """
    return npa_from_contingency(contingency(labels_true, labels_pred, sample_weight=sample_weight))


# --------------------------------------------------------------------------------------
# clusterCrit's pair-counting criteria and the variation of information
# --------------------------------------------------------------------------------------
# R's clusterCrit 1.3.0 (Desgraupes 2013, "Clustering indices", the package's vignette,
# sec. "External comparison indices") computes its external criteria from the pair counts
# yy, yn, ny, nn of partitions P1 and P2 with P1 the reference. With P1 = labels_true and
# P2 = labels_pred: yy = TP, yn = FN (together in the classes, apart in the clusters),
# ny = FP, nn = TN (:attr:`Contingency.pairs`, the one place they are counted). Every value
# below is a ratio of exact Python integers, rounded once (int / int is correctly rounded);
# the square roots take a second rounding. Its Folkes-Mallows, Jaccard and Rand criteria are
# :func:`fmi`, :func:`jaccard` and :func:`rand`.



def _pair_ratio(numerator: int, denominator: int, identical: bool) -> float:
    """``numerator / denominator``; on 0/0, 1.0 for identical partitions, else 0.0."""
    if denominator == 0:
        return 1.0 if identical else 0.0
    return numerator / denominator


def _signed_sqrt_ratio(numerator: int, denominator: int) -> float:
    """``numerator / sqrt(denominator)`` with one correctly rounded integer division first."""
    return math.copysign(math.sqrt(numerator * numerator / denominator), numerator)


def czekanowski_dice_from_contingency(ct: Contingency) -> float:
    tp, fp, fn, _ = ct.pairs
    return _pair_ratio(2 * tp, 2 * tp + fn + fp, fn == fp == 0)


def hubert_gamma_from_contingency(ct: Contingency) -> float:
    tp, fp, fn, tn = ct.pairs
    # N_T yy - (yy + yn)(yy + ny) = yy nn - yn ny: Hubert's Gamma is the phi coefficient
    denominator = (tp + fn) * (tp + fp) * (fn + tn) * (fp + tn)
    if denominator == 0:  # one pair indicator is constant, and the numerator 0 with it
        return 1.0 if fn == fp == 0 else 0.0
    return _signed_sqrt_ratio(tp * tn - fn * fp, denominator)


def kulczynski_from_contingency(ct: Contingency) -> float:
    tp, fp, fn, _ = ct.pairs
    if tp == 0:  # a ratio with no pair in its denominator follows precision's and recall's rule
        return (precision_from_contingency(ct) + recall_from_contingency(ct)) / 2
    # (P + R) / 2 over the common denominator: one rounding
    return tp * (2 * tp + fp + fn) / (2 * (tp + fp) * (tp + fn))


def mcnemar_from_contingency(ct: Contingency) -> float:
    _, fp, fn, _ = ct.pairs
    return 0.0 if fn + fp == 0 else _signed_sqrt_ratio(fn - fp, fn + fp)


def precision_from_contingency(ct: Contingency) -> float:
    tp, fp, fn, _ = ct.pairs
    return _pair_ratio(tp, tp + fp, fn == fp == 0)


def recall_from_contingency(ct: Contingency) -> float:
    tp, fp, fn, _ = ct.pairs
    return _pair_ratio(tp, tp + fn, fn == fp == 0)


def rogers_tanimoto_from_contingency(ct: Contingency) -> float:
    tp, fp, fn, tn = ct.pairs
    return _pair_ratio(tp + tn, tp + tn + 2 * (fn + fp), True)  # 0/0 only at n = 1


def russel_rao_from_contingency(ct: Contingency) -> float:
    tp, fp, fn, tn = ct.pairs
    return _pair_ratio(tp, tp + fp + fn + tn, True)  # 0/0 only at n = 1


def sokal_sneath1_from_contingency(ct: Contingency) -> float:
    tp, fp, fn, _ = ct.pairs
    return _pair_ratio(tp, tp + 2 * (fn + fp), fn == fp == 0)


def sokal_sneath2_from_contingency(ct: Contingency) -> float:
    tp, fp, fn, tn = ct.pairs
    # (yy + nn) / (yy + nn + (yn + ny) / 2), doubled to stay in integers
    return _pair_ratio(2 * (tp + tn), 2 * (tp + tn) + fn + fp, True)  # 0/0 only at n = 1


def vi_from_contingency(ct: Contingency) -> float:
    n_ij = ct.cells.counts
    a, b = ct.sums_at_cells
    # VI = (1/n) sum_ij n_ij (log(a_i / n_ij) + log(b_j / n_ij)): every term >= 0, so no
    # cancellation (H(T) + H(P) - 2 MI would cancel), and exactly 0 for identical partitions;
    # log1p of the exact integer excess keeps a_i ~ n_ij accurate
    terms = n_ij * (np.log1p((a - n_ij) / n_ij) + np.log1p((b - n_ij) / n_ij))
    return float(terms.sum() / ct.n)


def czekanowski_dice(labels_true, labels_pred, *, sample_weight=None) -> float:
    """Czekanowski-Dice index: the harmonic mean of pair precision and pair recall.

    ``CD = 2 TP / (2 TP + FN + FP)`` (clusterCrit's yy, yn, ny: ``2 yy / (2 yy + yn + ny)``), the
    pair-counting F-measure. 1.0 for two all-singleton labellings. (clusterCrit's "aka the Ochiai
    index" is the geometric mean, :func:`fmi`.)

    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]
    >>> czekanowski_dice(t, p)  # 8 / (8 + 2 + 3)
    0.6153846153846154
    """
    return czekanowski_dice_from_contingency(contingency(labels_true, labels_pred, sample_weight=sample_weight))


def hubert_gamma(labels_true, labels_pred, *, sample_weight=None) -> float:
    """Hubert's normalised Gamma: the correlation of the two "same cluster" pair indicators.

    ``Gamma = (TP TN - FN FP) / sqrt((TP+FN)(TP+FP)(FN+TN)(FP+TN))``, the phi coefficient of the
    pair table (clusterCrit's "Hubert"; its "Phi", without the square root, shrinks with n and is
    not offered). When a factor is 0: 1.0 for identical labellings, else 0.0, as ARI.

    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]
    >>> round(hubert_gamma(t, p), 12)  # (4 * 6 - 2 * 3) / sqrt(6 * 7 * 8 * 9)
    0.327326835354
    """
    return hubert_gamma_from_contingency(contingency(labels_true, labels_pred, sample_weight=sample_weight))


def kulczynski(labels_true, labels_pred, *, sample_weight=None) -> float:
    """Kulczynski index: the arithmetic mean of pair precision and pair recall.

    ``K = (TP / (TP + FP) + TP / (TP + FN)) / 2``, over the common denominator (one rounding). A
    ratio with no pair takes :func:`precision`'s and :func:`recall`'s value there.

    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]
    >>> kulczynski(t, p)  # (4/7 + 4/6) / 2 = 13/21
    0.6190476190476191
    """
    return kulczynski_from_contingency(contingency(labels_true, labels_pred, sample_weight=sample_weight))


def mcnemar(labels_true, labels_pred, *, sample_weight=None) -> float:
    """McNemar statistic of the pair table: are the discordant pairs lopsided?

    ``C = (FN - FP) / sqrt(FN + FP)``, clusterCrit's sign (C^2 is McNemar's chi-square; about
    standard normal when the discordances are random). A test statistic, not a validity index:
    identical labellings and any with FN = FP give 0, so scoring reports it but it ranks no
    clustering. 0.0 when FN + FP = 0.

    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]
    >>> mcnemar(t, p)  # (2 - 3) / sqrt(5)
    -0.4472135954999579
    """
    return mcnemar_from_contingency(contingency(labels_true, labels_pred, sample_weight=sample_weight))


def precision(labels_true, labels_pred, *, sample_weight=None) -> float:
    """Pair precision: the share of the pairs the clustering joins that share a class.

    ``P = TP / (TP + FP)``, the classes as the reference (swapping the labellings gives
    :func:`recall`). When the clustering joins no pair: 1.0 if the classes are all-singletons too,
    else 0.0 (scikit-learn's ``zero_division`` default).

    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]
    >>> precision(t, p)  # 4 / 7
    0.5714285714285714
    """
    return precision_from_contingency(contingency(labels_true, labels_pred, sample_weight=sample_weight))


def recall(labels_true, labels_pred, *, sample_weight=None) -> float:
    """Pair recall: the share of same-class pairs that the clustering keeps together.

    ``R = TP / (TP + FN)``, the classes as the reference. When no two objects share a class: 1.0
    if the clusters are all-singletons too, else 0.0.

    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]
    >>> recall(t, p)  # 4 / 6
    0.6666666666666666
    """
    return recall_from_contingency(contingency(labels_true, labels_pred, sample_weight=sample_weight))


def rogers_tanimoto(labels_true, labels_pred, *, sample_weight=None) -> float:
    """Rogers-Tanimoto index: agreeing pairs against disagreeing pairs counted twice.

    ``RT = (TP + TN) / (TP + TN + 2 (FN + FP))``, a monotone function of :func:`rand`; n = 1
    gives 1.0.

    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]
    >>> rogers_tanimoto(t, p)  # 10 / (10 + 2 * 5)
    0.5
    """
    return rogers_tanimoto_from_contingency(contingency(labels_true, labels_pred, sample_weight=sample_weight))


def russel_rao(labels_true, labels_pred, *, sample_weight=None) -> float:
    """Russell-Rao coefficient: the share of all pairs together in both labellings.

    ``RR = TP / C(n, 2)`` (clusterCrit's spelling "Russel_Rao"). Higher is better but a perfect
    clustering does not reach 1: it scores the share of same-class pairs, as one cluster of all
    objects does (registry: ``perfect_at_bound=False``). n = 1 gives 1.0.

    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]
    >>> russel_rao(t, p)  # 4 of 15 pairs
    0.26666666666666666
    """
    return russel_rao_from_contingency(contingency(labels_true, labels_pred, sample_weight=sample_weight))


def sokal_sneath1(labels_true, labels_pred, *, sample_weight=None) -> float:
    """First Sokal-Sneath index: pairs together in both against disagreeing pairs counted twice.

    ``SS1 = TP / (TP + 2 (FN + FP))``, a monotone function of :func:`jaccard`; 1.0 for two
    all-singleton labellings.

    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]
    >>> sokal_sneath1(t, p)  # 4 / (4 + 2 * 5)
    0.2857142857142857
    """
    return sokal_sneath1_from_contingency(contingency(labels_true, labels_pred, sample_weight=sample_weight))


def sokal_sneath2(labels_true, labels_pred, *, sample_weight=None) -> float:
    """Second Sokal-Sneath index: agreeing pairs against disagreeing pairs counted half.

    ``SS2 = 2 (TP + TN) / (2 (TP + TN) + FN + FP)``, a monotone function of :func:`rand`; n = 1
    gives 1.0.

    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]
    >>> sokal_sneath2(t, p)  # 20 / (20 + 5)
    0.8
    """
    return sokal_sneath2_from_contingency(contingency(labels_true, labels_pred, sample_weight=sample_weight))


def vi(labels_true, labels_pred, *, sample_weight=None) -> float:
    """Variation of information: what is lost and gained going from one labelling to the other.

    ``VI = H(T | P) + H(P | T)`` in nats, summed as ``(1/n) sum_ij n_ij (log(a_i / n_ij) +
    log(b_j / n_ij))`` (no cancellation); a metric on partitions, at most log n, 0 iff the
    labellings are equal up to renaming.

    >>> vi([0, 0, 1, 1], [0, 0, 0, 0])  # H(T | P) = log 2, H(P | T) = 0
    0.6931471805599453
    """
    return vi_from_contingency(contingency(labels_true, labels_pred, sample_weight=sample_weight))
