"""External validity indices: a clustering judged against the true classes.

Every index is a function of the contingency table alone. Each comes twice:

* a core ``<index>_from_contingency(ct, ...)`` on a :class:`~clustval.indices.contingency.Contingency`
  (O(C*K); what :func:`external_scores` and the pipeline call, one table for all indices);
* a public ``<index>(labels_true, labels_pred, ...) -> float`` in scikit-learn style, which
  builds the table (O(n)) and calls the core.

Both bear the index's registry name (:mod:`clustval.indices.registry`: ``ari``,
``ari_from_contingency``); scikit-learn's name of the same index, with scikit-learn's
values at the edges, is in :mod:`clustval.compat.sklearn` (``clustval.adjusted_rand_score``).

Every index here is higher-is-better except the variation of information :func:`vi`
(lower) and McNemar's statistic :func:`mcnemar` (signed, neither). Notation: n objects,
C classes (rows), K clusters (columns), counts n_ij, class sizes a_i, cluster sizes b_j,
pair counts TP, FP, FN, TN (:attr:`Contingency.pairs`), N = C(n, 2) = TP + FP + FN + TN.

Degenerate inputs never give a silent NaN: each docstring states the value it returns (with
the convention's source) or the :class:`~clustval.errors.UndefinedIndexError` it raises.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import math
import sys
from functools import cache
from pathlib import Path

import numpy as np

from ..errors import InputError, UndefinedIndexError
from .contingency import (
    Contingency,
    Matching,
    contingency,
    dominant_matching_at_cells,
    per_table,
)

#: The family's indices, each under its registry name (clustval exports them from here).
__all__ = [
    "accuracy",
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
    "precision",
    "ps2",
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

S2_MATCHINGS = ("hungarian", "identity")
_EPS = float(np.finfo(np.float64).eps)
# (pair, k) cells of the expected mutual information evaluated at once (a few arrays of this many)
_EMI_BLOCK_TERMS = 2**18
# E[MI] drops the tails of each hypergeometric beyond a mass of 2 exp(-_EMI_TAIL_LOG) (1.5e-52)
_EMI_TAIL_LOG = 120.0
# |s| below which atanh(s) - s comes from its series (seven terms: error < 1e-17 relative)
_ATANH_SERIES_MAX = 0.0625


# --------------------------------------------------------------------------------------
# Set-matching indices
# --------------------------------------------------------------------------------------


def accuracy_from_contingency(ct: Contingency) -> float:
    """Core of :func:`accuracy`.

    Parameters
    ----------
    ct : Contingency
        The contingency table of the classes (rows) and the clusters (columns), from
        :func:`~clustval.indices.contingency.contingency` or a table counted elsewhere
        (:func:`~clustval.indices.counts.as_contingency`).

    Returns
    -------
    float
        The value :func:`accuracy` gives for the labels the table counts.

    See Also
    --------
    accuracy : the same index from the labels, with its definition and references.

    Examples
    --------
    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]
    >>> accuracy_from_contingency(contingency(t, p)) == accuracy(t, p)
    True
    """
    return int(_best_matched_counts(ct).sum()) / ct.n


def purity_from_contingency(ct: Contingency) -> float:
    """Core of :func:`purity`.

    Parameters
    ----------
    ct : Contingency
        The contingency table of the classes (rows) and the clusters (columns), from
        :func:`~clustval.indices.contingency.contingency` or a table counted elsewhere
        (:func:`~clustval.indices.counts.as_contingency`).

    Returns
    -------
    float
        The value :func:`purity` gives for the labels the table counts.

    See Also
    --------
    purity : the same index from the labels, with its definition and references.

    Examples
    --------
    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]
    >>> purity_from_contingency(contingency(t, p)) == purity(t, p)
    True
    """
    rows, cols, counts = ct.cells  # each column's largest cell is among its non-zero ones
    largest = np.zeros(ct.n_clusters, dtype=np.int64)
    np.maximum.at(largest, cols, counts)
    return int(largest.sum()) / ct.n


def s2_from_contingency(ct: Contingency, matching: str = "hungarian") -> float:
    """Core of :func:`s2`.

    Parameters
    ----------
    ct : Contingency
        The contingency table of the classes (rows) and the clusters (columns), from
        :func:`~clustval.indices.contingency.contingency` or a table counted elsewhere
        (:func:`~clustval.indices.counts.as_contingency`).
    matching : {"hungarian", "identity"}, default "hungarian"
        How classes are paired with clusters, as :func:`s2`'s ``matching``.

    Returns
    -------
    float
        The value :func:`s2` gives for the labels the table counts.

    Raises
    ------
    clustval.errors.UndefinedIndexError
        C = 1: there are no negatives, so every specificity is 0/0.
    clustval.errors.InputError
        An unknown ``matching``.

    See Also
    --------
    s2 : the same index from the labels, with its definition and references.

    Examples
    --------
    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]
    >>> s2_from_contingency(contingency(t, p)) == s2(t, p)
    True
    """
    if matching == "hungarian":
        rows, cols = best_matching(ct)
        terms = _s2_terms(ct, rows, cols, _best_matched_counts(ct))
    elif matching == "identity":
        terms = s2_at(ct, *_identity_matching(ct))
    else:
        raise InputError(f"s2 matching must be one of {S2_MATCHINGS}, got {matching!r}.")
    return float(terms.sum() / min(ct.n_classes, ct.n_clusters))


def s2_at(ct: Contingency, rows: np.ndarray, cols: np.ndarray) -> np.ndarray:
    """S2_c of pairing class ``rows[k]`` with cluster ``cols[k]`` (paper eqs. 1-3).

    ``sens = n_ij / a_i``, ``spec = (n - a_i - b_j + n_ij) / (n - a_i)``,
    ``S2_ij = 2 sens spec / (sens + spec)``, and 0 when both are 0; ``rows`` and ``cols``
    follow numpy's indexing rules (broadcast index arrays give the whole (C, K) matrix).

    Parameters
    ----------
    ct : Contingency
        The contingency table of the classes (rows) and the clusters (columns), from
        :func:`~clustval.indices.contingency.contingency` or a table counted elsewhere
        (:func:`~clustval.indices.counts.as_contingency`).
    rows : ndarray of int
        Row positions (classes) of the pairs.
    cols : ndarray of int
        Column positions (clusters) of the pairs, broadcast against ``rows``.

    Returns
    -------
    ndarray of float
        S2_ij of each pair, in [0, 1], shaped as ``rows`` and ``cols`` broadcast.

    Raises
    ------
    UndefinedIndexError
        C = 1: no object is negative for the only class, so every specificity is 0/0.

    See Also
    --------
    s2 : the mean of S2_c over the matched pairs.

    References
    ----------
    Xie J., Zhou Y., Wang M., Jiang W., New criteria for evaluating the validity of clustering,
    CAAI Trans. Intell. Syst. 12(6), 2017, 873-882, eqs. 1-3.

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


@cache
def _hungarian():
    """scipy's ``linear_sum_assignment`` (the Hungarian algorithm), loaded in a millisecond.

    ``import scipy.optimize`` takes 0.3-0.8 s (it loads linprog, linalg and more), longer
    than a whole small job; the solver is one compiled extension of that package,
    ``scipy/optimize/_lsap``, so it is loaded from scipy's folder on its own. If it is not
    there (another scipy layout) or does not load, the public import gives the same function.

    Examples
    --------
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


def best_matching(ct: Contingency) -> Matching:
    """The one-to-one class-cluster map of Accuracy and S2: the most matched objects.

    Maximises the matched counts ``sum n_{i,s(i)}`` over one-to-one maps (Hungarian
    algorithm, ``scipy.optimize.linear_sum_assignment``); it has min(C, K) pairs and is
    computed once per table (:func:`~clustval.indices.contingency.per_table`). When several maps reach the
    maximum count (Accuracy is the same for all), the one with the largest sum of S2_c
    (:func:`s2_at`) is taken, so that S2 does not depend on how labels are named or
    ordered; the paper leaves ties open. When every class (every cluster if C > K) has a
    strict largest count, in distinct clusters (classes), that map is the unique maximum
    and is taken without the Hungarian algorithm (:attr:`Contingency.dominant_matching`).

    Parameters
    ----------
    ct : Contingency
        The contingency table of the classes (rows) and the clusters (columns), from
        :func:`~clustval.indices.contingency.contingency` or a table counted elsewhere
        (:func:`~clustval.indices.counts.as_contingency`).

    Returns
    -------
    Matching
        ``(rows, cols)``: the min(C, K) matched class and cluster positions, sorted by row.

    See Also
    --------
    accuracy : the share of objects the map matches.
    s2 : the mean S2_c over the map's pairs.

    References
    ----------
    Kuhn H.W., The Hungarian method for the assignment problem, Naval Research Logistics
    Quarterly 2, 1955, 83-97.

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
    weights = ct.table.astype(np.float64)
    if ct.n_classes > 1:
        # Counts are integers and the S2 bonus over min(C, K) pairs sums to less than 1,
        # so a count-maximising map always wins; the bonus only breaks ties.
        rows = np.arange(ct.n_classes)[:, None]
        weights += s2_at(ct, rows, np.arange(ct.n_clusters)[None, :]) / (min(ct.shape) + 1)
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
    """Core of :func:`nca`.

    Parameters
    ----------
    ct : Contingency
        The contingency table of the classes (rows) and the clusters (columns), from
        :func:`~clustval.indices.contingency.contingency` or a table counted elsewhere
        (:func:`~clustval.indices.counts.as_contingency`).

    Returns
    -------
    float
        The value :func:`nca` gives for the labels the table counts.

    Raises
    ------
    clustval.errors.UndefinedIndexError
        C = 1 (division by C - 1 = 0).

    See Also
    --------
    nca : the same index from the labels, with its definition and references.

    Examples
    --------
    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]
    >>> nca_from_contingency(contingency(t, p)) == nca(t, p)
    True
    """
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
        recall_at_cells = counts / _sums_at_cells(ct)[0]
        matched = dominant_matching_at_cells(rows, cols, recall_at_cells, ct.shape)
    if matched is None:
        recall = ct.table / ct.row_sums[:, None]
        matched = Matching(*_hungarian()(recall, maximize=True))
    rows, cols = matched
    # the dominant map is accuracy's best matching too: its counts are looked up once
    n_ij = _best_matched_counts(ct) if matched is ct.dominant_matching else ct.counts_at(rows, cols)
    recall_matched = n_ij / ct.row_sums[rows]  # = recall[rows, cols]
    return float((recall_matched.sum() - 1.0) / (ct.n_classes - 1))


def f_measure_from_contingency(ct: Contingency) -> float:
    """Core of :func:`f_measure`.

    Parameters
    ----------
    ct : Contingency
        The contingency table of the classes (rows) and the clusters (columns), from
        :func:`~clustval.indices.contingency.contingency` or a table counted elsewhere
        (:func:`~clustval.indices.counts.as_contingency`).

    Returns
    -------
    float
        The value :func:`f_measure` gives for the labels the table counts.

    See Also
    --------
    f_measure : the same index from the labels, with its definition and references.

    Examples
    --------
    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]
    >>> f_measure_from_contingency(contingency(t, p)) == f_measure(t, p)
    True
    """
    # F_ij = 2PR/(P+R) with P = n_ij/b_j and R = n_ij/a_i simplifies to 2 n_ij / (a_i + b_j).
    # Empty cells give F = 0 and every row has a non-empty cell: the maxima are over those.
    rows, _, counts = ct.cells
    a, b = _sums_at_cells(ct)
    f = 2.0 * counts / (a + b)
    largest = np.zeros(ct.n_classes)  # every F here is > 0
    np.maximum.at(largest, rows, f)
    return float(ct.row_sums @ largest / ct.n)


@per_table
def _sums_at_cells(ct: Contingency) -> tuple[np.ndarray, np.ndarray]:
    """a_i and b_j at each non-zero cell: ``row_sums[rows]``, ``col_sums[cols]``."""
    rows, cols, _ = ct.cells
    return ct.row_sums[rows], ct.col_sums[cols]


# --------------------------------------------------------------------------------------
# Pair-counting indices (exact integer arithmetic, one rounding at the end)
# --------------------------------------------------------------------------------------


def ps2_from_contingency(ct: Contingency) -> float:
    """Core of :func:`ps2`.

    Parameters
    ----------
    ct : Contingency
        The contingency table of the classes (rows) and the clusters (columns), from
        :func:`~clustval.indices.contingency.contingency` or a table counted elsewhere
        (:func:`~clustval.indices.counts.as_contingency`).

    Returns
    -------
    float
        The value :func:`ps2` gives for the labels the table counts.

    See Also
    --------
    ps2 : the same index from the labels, with its definition and references.

    Examples
    --------
    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]
    >>> ps2_from_contingency(contingency(t, p)) == ps2(t, p)
    True
    """
    tp, fp, fn, tn = ct.pairs
    denominator = tp * (fp + tn) + tn * (tp + fn)
    return 0.0 if denominator == 0 else 2 * tp * tn / denominator


def rand_from_contingency(ct: Contingency) -> float:
    """Core of :func:`rand`.

    Parameters
    ----------
    ct : Contingency
        The contingency table of the classes (rows) and the clusters (columns), from
        :func:`~clustval.indices.contingency.contingency` or a table counted elsewhere
        (:func:`~clustval.indices.counts.as_contingency`).

    Returns
    -------
    float
        The value :func:`rand` gives for the labels the table counts.

    See Also
    --------
    rand : the same index from the labels, with its definition and references.

    Examples
    --------
    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]
    >>> rand_from_contingency(contingency(t, p)) == rand(t, p)
    True
    """
    tp, fp, fn, tn = ct.pairs
    total = tp + fp + fn + tn
    return 1.0 if total == 0 else (tp + tn) / total


def jaccard_from_contingency(ct: Contingency) -> float:
    """Core of :func:`jaccard`.

    Parameters
    ----------
    ct : Contingency
        The contingency table of the classes (rows) and the clusters (columns), from
        :func:`~clustval.indices.contingency.contingency` or a table counted elsewhere
        (:func:`~clustval.indices.counts.as_contingency`).

    Returns
    -------
    float
        The value :func:`jaccard` gives for the labels the table counts.

    See Also
    --------
    jaccard : the same index from the labels, with its definition and references.

    Examples
    --------
    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]
    >>> jaccard_from_contingency(contingency(t, p)) == jaccard(t, p)
    True
    """
    tp, fp, fn, _ = ct.pairs
    denominator = tp + fp + fn
    return 1.0 if denominator == 0 else tp / denominator


def fmi_from_contingency(ct: Contingency) -> float:
    """Core of :func:`fmi`.

    Parameters
    ----------
    ct : Contingency
        The contingency table of the classes (rows) and the clusters (columns), from
        :func:`~clustval.indices.contingency.contingency` or a table counted elsewhere
        (:func:`~clustval.indices.counts.as_contingency`).

    Returns
    -------
    float
        The value :func:`fmi` gives for the labels the table counts.

    See Also
    --------
    fmi : the same index from the labels, with its definition and references.

    Examples
    --------
    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]
    >>> fmi_from_contingency(contingency(t, p)) == fmi(t, p)
    True
    """
    tp, fp, fn, _ = ct.pairs
    if fp == 0 and fn == 0:
        return 1.0
    return 0.0 if tp == 0 else math.sqrt(tp / (tp + fp)) * math.sqrt(tp / (tp + fn))


def ari_from_contingency(ct: Contingency) -> float:
    """Core of :func:`ari`.

    Parameters
    ----------
    ct : Contingency
        The contingency table of the classes (rows) and the clusters (columns), from
        :func:`~clustval.indices.contingency.contingency` or a table counted elsewhere
        (:func:`~clustval.indices.counts.as_contingency`).

    Returns
    -------
    float
        The value :func:`ari` gives for the labels the table counts.

    See Also
    --------
    ari : the same index from the labels, with its definition and references.

    Examples
    --------
    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]
    >>> ari_from_contingency(contingency(t, p)) == ari(t, p)
    True
    """
    tp, fp, fn, tn = ct.pairs
    if fn == 0 and fp == 0:
        return 1.0
    return 2 * (tp * tn - fn * fp) / ((tp + fn) * (fn + tn) + (tp + fp) * (fp + tn))


# --------------------------------------------------------------------------------------
# Information-theoretic indices (scikit-learn conventions, natural log)
# --------------------------------------------------------------------------------------


def _entropy(counts: np.ndarray, n: int) -> float:
    if counts.size == 1:
        return 0.0
    return float(-np.sum((counts / n) * (np.log(counts) - math.log(n))))


@per_table
def _class_entropy(ct: Contingency) -> float:
    """H(classes) in nats (NMI, AMI, homogeneity, V-measure)."""
    return _entropy(ct.row_sums, ct.n)


@per_table
def _cluster_entropy(ct: Contingency) -> float:
    """H(clusters) in nats (NMI, AMI, completeness, V-measure)."""
    return _entropy(ct.col_sums, ct.n)


@per_table
def _mutual_info(ct: Contingency) -> float:
    """MI = sum_ij (n_ij/n) log(n n_ij / (a_i b_j)) (natural log), arranged as scikit-learn
    does (NMI, AMI, MI, homogeneity, completeness and V-measure)."""
    if ct.n_classes == 1 or ct.n_clusters == 1:
        return 0.0
    n_ij = ct.cells.counts
    a, b = _sums_at_cells(ct)
    share = n_ij / ct.n
    log_outer = -np.log(a * b) + 2.0 * math.log(ct.n)
    terms = share * (np.log(n_ij) - math.log(ct.n)) + share * log_outer
    terms[np.abs(terms) < np.finfo(np.float64).eps] = 0.0  # noise of an exact zero term
    return float(max(terms.sum(), 0.0))


def expected_mutual_info(row_sums: np.ndarray, col_sums: np.ndarray, n: int) -> float:
    """E[MI] of two labellings with these class and cluster sizes under the hypergeometric model.

    Vinh, Epps & Bailey (2010), JMLR 11:2837-2854, eq. 24:
    ``E[MI] = sum_i sum_j sum_{k = max(1, a_i + b_j - n)}^{min(a_i, b_j)}
    (k/n) log(n k / (a_i b_j)) P(k | a_i, b_j, n)`` with the hypergeometric probability
    ``P(k) = C(a_i, k) C(n - a_i, b_j - k) / C(n, b_j)``.

    Every term depends on (a_i, b_j) only through their values, so the sum runs over the
    distinct class sizes times the distinct cluster sizes, each pair weighted by how many
    (i, j) share it: at C = K = 1000 and n = 10^5 about 60 x 60 pairs instead of 10^6.

    Evaluated in a form without cancellation. With mu = a b / n, the mean of k, the sum of
    P(k) (k - mu) / n over the support is 0, so subtracting it changes nothing:
    ``sum_k P(k) (k/n) log(k/mu) = (1/n) sum_k P(k) (k log(k/mu) - k + mu)``, and every
    term on the right is >= 0 (k log(k/mu) - k + mu is the Poisson deviance), where the
    terms on the left have both signs and cancel to ~1/sigma of their size (1e-11 lost at
    n = 10^6). With s = (k - mu) / (k + mu) (exact integers, one rounding),
    ``k log(k/mu) - k + mu = 2 mu (s^2 + (1 + s)(atanh(s) - s)) / (1 - s)``, atanh(s) - s
    from its series for small |s|. P(k) / P(mode) comes from the ratio
    ``P(k + 1) / P(k) = (a - k)(b - k) / ((k + 1)(n - a - b + k + 1))``, multiplied outwards
    from the mode (no overflow, no logarithm), and the weights are normalised to sum 1.

    The support is cut where Bernstein's inequality, which holds for sampling without
    replacement as for the binomial (Hoeffding 1963, Theorem 4), bounds the mass beyond
    to 2 exp(-120): O(sigma) terms a pair, sigma^2 = min(a, b) max(a, b)/n (1 - max(a, b)/n)
    at most; the cut changes the sum by less than 1e-50 of it. Measured against a 50-digit
    decimal evaluation, the result is within a few units in the last place (tests).
    0.0 with one class or one cluster.

    Parameters
    ----------
    row_sums : ndarray of int
        The class sizes a_i.
    col_sums : ndarray of int
        The cluster sizes b_j.
    n : int
        The number of objects, sum of either.

    Returns
    -------
    float
        E[MI] in nats, >= 0.

    See Also
    --------
    ami : the adjusted mutual information, which subtracts it.

    References
    ----------
    Vinh N.X., Epps J., Bailey J., Information theoretic measures for clusterings comparison:
    variants, properties, normalization and correction for chance, JMLR 11, 2010, 2837-2854.

    Hoeffding W., Probability inequalities for sums of bounded random variables, JASA 58(301),
    1963, 13-30.

    Examples
    --------
    >>> import numpy as np
    >>> round(expected_mutual_info(np.array([2, 2]), np.array([2, 2]), 4), 12)  # 4 (1/6)(1/2) log 2
    0.231049060187
    """
    if row_sums.size == 1 or col_sums.size == 1:
        return 0.0
    a, a_count = np.unique(np.asarray(row_sums, dtype=np.int64), return_counts=True)
    b, b_count = np.unique(np.asarray(col_sums, dtype=np.int64), return_counts=True)
    weight = np.outer(a_count, b_count).ravel().astype(np.float64)
    a, b = np.repeat(a, b.size), np.tile(b, a.size)  # every distinct pair (a, b)
    k_min, k_max = np.maximum(0, a + b - n), np.minimum(a, b)  # the support of P
    mode = (a + 1) * (b + 1) // (n + 2)  # the hypergeometric mode, inside the support
    af, bf = a.astype(np.float64), b.astype(np.float64)
    variance = np.minimum(bf * (af / n) * (1 - af / n), af * (bf / n) * (1 - bf / n))
    # Bernstein: P(|k - mu| >= t) <= 2 exp(-t^2 / (2 (variance + t/3))) = 2 exp(-L) here
    tail = _EMI_TAIL_LOG
    reach = np.ceil(tail / 3 + np.sqrt((tail / 3) ** 2 + 2 * tail * variance)).astype(np.int64) + 1
    left, right = np.minimum(mode - k_min, reach), np.minimum(k_max - mode, reach)
    order = np.argsort(left + right, kind="stable")  # similar supports share a padded block
    emi = 0.0
    for rows in _blocks_by_width(left[order] + right[order] + 1, _EMI_BLOCK_TERMS):
        pair = order[rows]
        emi += _emi_of_pairs(a[pair, None], b[pair, None], mode[pair, None], left[pair, None],
                             right[pair, None], weight[pair], n)  # fmt: skip
    return emi


def _emi_of_pairs(a, b, mode, left, right, weight, n: int) -> float:
    """:func:`expected_mutual_info`'s sum over the pairs (a, b) (columns), k from
    ``mode - left`` to ``mode + right``, in one padded block with the mode at column ``lw``."""
    lw, rw = int(left.max()), int(right.max())
    offset = np.arange(-lw, rw + 1)
    k = mode + offset
    kf, af, bf = k.astype(np.float64), a.astype(np.float64), b.astype(np.float64)
    rest = float(n) - af - bf
    p = np.empty(k.shape)  # first the factors, then P(k) / P(mode) in place
    p[:, lw] = 1.0
    up = kf[:, lw + 1 :]  # P(k) / P(k - 1)
    p[:, lw + 1 :] = (af - up + 1) * (bf - up + 1) / (up * (rest + up))
    down = kf[:, :lw]  # P(k) / P(k + 1)
    p[:, :lw] = (down + 1) * (rest + down + 1) / ((af - down) * (bf - down))
    outside = (offset < -left) | (offset > right)  # padding; beyond the support the ratios are 0
    p[outside] = 0.0
    np.cumprod(p[:, lw:], axis=1, out=p[:, lw:])
    p[:, lw::-1] = np.cumprod(p[:, lw::-1], axis=1)
    kn, ab = k * n, a * b  # < 2^63: n <= MAX_OBJECTS
    with np.errstate(invalid="ignore", divide="ignore"):  # at k = 0 and in the padding
        s = (kn - ab) / (kn.astype(np.float64) + ab.astype(np.float64))  # in [-1, 1), -1 at k = 0
        deviance = (s * s + (1 + s) * _atanh_excess(s)) / (1 - s)  # / (2 mu)
    deviance[k == 0] = 0.5  # k log(k/mu) - k + mu = mu at k = 0
    deviance[outside] = 0.0
    mean_deviance = (p * deviance).sum(axis=1) / p.sum(axis=1)
    return float(weight @ (2.0 * (af[:, 0] * bf[:, 0] / n) * mean_deviance)) / n


def _atanh_excess(s: np.ndarray) -> np.ndarray:
    """atanh(s) - s, from its series s^3/3 + s^5/5 + ... where |s| is small (no cancellation:
    seven terms leave < 1e-17 of it), from arctanh elsewhere."""
    s2 = s * s
    series = 1 / 11 + s2 * (1 / 13 + s2 / 15)
    excess = s * s2 * (1 / 3 + s2 * (1 / 5 + s2 * (1 / 7 + s2 * (1 / 9 + s2 * series))))
    large = np.abs(s) >= _ATANH_SERIES_MAX
    if large.any():
        excess[large] = np.arctanh(s[large]) - s[large]
    return excess


def _blocks_by_width(widths: np.ndarray, limit: int):
    """Slices of consecutive rows (``widths`` ascending) whose padded block, rows x the
    widest row, holds at most ``limit`` cells (or is a single row): bounds the memory."""
    start = 0
    while start < widths.size:
        # rows start..stop-1 fit when (stop - start) * widths[stop - 1] <= limit; no more
        # than limit // widths[start] can (the widths ascend): look at those only, O(rows)
        window = widths[start : start + max(1, limit // int(widths[start]))]
        fits = np.arange(1, window.size + 1) * window <= limit
        stop = start + max(1, window.size if fits.all() else int(np.argmin(fits)))
        yield slice(start, stop)
        start = stop


def nmi_from_contingency(ct: Contingency) -> float:
    """Core of :func:`nmi`.

    Parameters
    ----------
    ct : Contingency
        The contingency table of the classes (rows) and the clusters (columns), from
        :func:`~clustval.indices.contingency.contingency` or a table counted elsewhere
        (:func:`~clustval.indices.counts.as_contingency`).

    Returns
    -------
    float
        The value :func:`nmi` gives for the labels the table counts.

    See Also
    --------
    nmi : the same index from the labels, with its definition and references.

    Examples
    --------
    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]
    >>> nmi_from_contingency(contingency(t, p)) == nmi(t, p)
    True
    """
    return _normalised_mi(ct, _arithmetic_mean)


def _arithmetic_mean(u: float, v: float) -> float:
    return (u + v) / 2.0


def _normalised_mi(ct: Contingency, mean) -> float:
    """MI / mean(H(classes), H(clusters)) with scikit-learn's limit cases (NMI's core;
    ``mean`` is one of scikit-learn's ``average_method`` means)."""
    if ct.n_classes == ct.n_clusters == 1:
        return 1.0
    mi = _mutual_info(ct)
    if mi == 0.0:
        return 0.0
    return mi / mean(_class_entropy(ct), _cluster_entropy(ct))


def ami_from_contingency(ct: Contingency) -> float:
    """Core of :func:`ami`.

    Parameters
    ----------
    ct : Contingency
        The contingency table of the classes (rows) and the clusters (columns), from
        :func:`~clustval.indices.contingency.contingency` or a table counted elsewhere
        (:func:`~clustval.indices.counts.as_contingency`).

    Returns
    -------
    float
        The value :func:`ami` gives for the labels the table counts.

    See Also
    --------
    ami : the same index from the labels, with its definition and references.

    Examples
    --------
    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]
    >>> ami_from_contingency(contingency(t, p)) == ami(t, p)
    True
    """
    return _adjusted_mi(ct, _arithmetic_mean)


def _adjusted_mi(ct: Contingency, mean) -> float:
    """(MI - E[MI]) / (mean(H(classes), H(clusters)) - E[MI]) with scikit-learn's limit
    cases and guards (AMI's core; ``mean`` as in :func:`_normalised_mi`)."""
    if ct.n_classes == ct.n_clusters == 1:
        return 1.0
    if ct.n_classes == 1 or ct.n_clusters == 1:
        return 0.0
    mi = _mutual_info(ct)
    emi = expected_mutual_info(ct.row_sums, ct.col_sums, ct.n)
    normalizer = mean(_class_entropy(ct), _cluster_entropy(ct))
    # scikit-learn's guards: keep the sign, avoid 0/0 when MI = EMI = normalizer.
    denominator = normalizer - emi
    denominator = min(denominator, -_EPS) if denominator < 0 else max(denominator, _EPS)
    numerator = mi - emi
    numerator = min(numerator, -_EPS) if numerator < 0 else max(numerator, _EPS)
    return float(numerator / denominator)


def mutual_info_from_contingency(ct: Contingency) -> float:
    """Core of :func:`mutual_info`.

    Parameters
    ----------
    ct : Contingency
        The contingency table of the classes (rows) and the clusters (columns), from
        :func:`~clustval.indices.contingency.contingency` or a table counted elsewhere
        (:func:`~clustval.indices.counts.as_contingency`).

    Returns
    -------
    float
        The value :func:`mutual_info` gives for the labels the table counts.

    See Also
    --------
    mutual_info : the same index from the labels, with its definition and references.

    Examples
    --------
    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]
    >>> mutual_info_from_contingency(contingency(t, p)) == mutual_info(t, p)
    True
    """
    return _mutual_info(ct)


def homogeneity_from_contingency(ct: Contingency) -> float:
    """Core of :func:`homogeneity`: MI / H(classes), 1.0 when H(classes) = 0.

    Parameters
    ----------
    ct : Contingency
        The contingency table of the classes (rows) and the clusters (columns), from
        :func:`~clustval.indices.contingency.contingency` or a table counted elsewhere
        (:func:`~clustval.indices.counts.as_contingency`).

    Returns
    -------
    float
        The value :func:`homogeneity` gives for the labels the table counts.

    See Also
    --------
    homogeneity : the same index from the labels, with its definition and references.

    Examples
    --------
    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]
    >>> homogeneity_from_contingency(contingency(t, p)) == homogeneity(t, p)
    True
    """
    entropy = _class_entropy(ct)
    return _mutual_info(ct) / entropy if entropy else 1.0


def completeness_from_contingency(ct: Contingency) -> float:
    """Core of :func:`completeness`: MI / H(clusters), 1.0 when H(clusters) = 0.

    Parameters
    ----------
    ct : Contingency
        The contingency table of the classes (rows) and the clusters (columns), from
        :func:`~clustval.indices.contingency.contingency` or a table counted elsewhere
        (:func:`~clustval.indices.counts.as_contingency`).

    Returns
    -------
    float
        The value :func:`completeness` gives for the labels the table counts.

    See Also
    --------
    completeness : the same index from the labels, with its definition and references.

    Examples
    --------
    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]
    >>> completeness_from_contingency(contingency(t, p)) == completeness(t, p)
    True
    """
    entropy = _cluster_entropy(ct)
    return _mutual_info(ct) / entropy if entropy else 1.0


def v_measure_from_contingency(ct: Contingency, beta: float = 1.0) -> float:
    """Core of :func:`v_measure`: the weighted harmonic mean of homogeneity and completeness.

    Parameters
    ----------
    ct : Contingency
        The contingency table of the classes (rows) and the clusters (columns), from
        :func:`~clustval.indices.contingency.contingency` or a table counted elsewhere
        (:func:`~clustval.indices.counts.as_contingency`).
    beta : float, default 1.0
        Weight of completeness against homogeneity, >= 0.

    Returns
    -------
    float
        The value :func:`v_measure` gives for the labels the table counts.

    Raises
    ------
    clustval.errors.InputError
        ``beta`` is not a finite number >= 0.

    See Also
    --------
    v_measure : the same index from the labels, with its definition and references.

    Examples
    --------
    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]
    >>> v_measure_from_contingency(contingency(t, p)) == v_measure(t, p)
    True
    >>> v_measure_from_contingency(contingency(t, p), beta=2.0) == v_measure(t, p, beta=2.0)
    True
    """
    beta = _check_beta(beta)
    h, c = homogeneity_from_contingency(ct), completeness_from_contingency(ct)
    if beta == 1.0:  # the registry's and score()'s V-measure, bit for bit as before
        return 0.0 if h + c == 0 else 2.0 * h * c / (h + c)
    denominator = beta * h + c
    return 0.0 if h + c == 0 or denominator == 0 else (1 + beta) * h * c / denominator


def _check_beta(beta) -> float:
    """``beta`` of the V-measure as a float: a finite real number >= 0, as scikit-learn's."""
    if isinstance(beta, bool) or not isinstance(beta, (int, float, np.integer, np.floating)):
        raise InputError(f"v_measure beta must be a real number >= 0, got {beta!r}.")
    if not math.isfinite(beta) or beta < 0:
        raise InputError(f"v_measure beta must be a finite number >= 0, got {beta!r}.")
    return float(beta)


# --------------------------------------------------------------------------------------
# BCubed and correspondence-probability accuracy
# --------------------------------------------------------------------------------------


def bcubed_precision_from_contingency(ct: Contingency) -> float:
    """Core of :func:`bcubed_precision` (and of :func:`cp_accuracy`, the same number).

    Parameters
    ----------
    ct : Contingency
        The contingency table of the classes (rows) and the clusters (columns), from
        :func:`~clustval.indices.contingency.contingency` or a table counted elsewhere
        (:func:`~clustval.indices.counts.as_contingency`).

    Returns
    -------
    float
        The value :func:`bcubed_precision` gives for the labels the table counts.

    See Also
    --------
    bcubed_precision : the same index from the labels, with its definition and references.

    Examples
    --------
    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]
    >>> bcubed_precision_from_contingency(contingency(t, p)) == bcubed_precision(t, p)
    True
    """
    return _bcubed_precision(ct)


@per_table
def _bcubed_precision(ct: Contingency) -> float:  # BCubed P and F, CP accuracy
    return float((_square_sums(ct, axis=0) / ct.col_sums).sum() / ct.n)


def bcubed_recall_from_contingency(ct: Contingency) -> float:
    """Core of :func:`bcubed_recall`.

    Parameters
    ----------
    ct : Contingency
        The contingency table of the classes (rows) and the clusters (columns), from
        :func:`~clustval.indices.contingency.contingency` or a table counted elsewhere
        (:func:`~clustval.indices.counts.as_contingency`).

    Returns
    -------
    float
        The value :func:`bcubed_recall` gives for the labels the table counts.

    See Also
    --------
    bcubed_recall : the same index from the labels, with its definition and references.

    Examples
    --------
    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]
    >>> bcubed_recall_from_contingency(contingency(t, p)) == bcubed_recall(t, p)
    True
    """
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
    """Core of :func:`bcubed_f`.

    Parameters
    ----------
    ct : Contingency
        The contingency table of the classes (rows) and the clusters (columns), from
        :func:`~clustval.indices.contingency.contingency` or a table counted elsewhere
        (:func:`~clustval.indices.counts.as_contingency`).

    Returns
    -------
    float
        The value :func:`bcubed_f` gives for the labels the table counts.

    See Also
    --------
    bcubed_f : the same index from the labels, with its definition and references.

    Examples
    --------
    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]
    >>> bcubed_f_from_contingency(contingency(t, p)) == bcubed_f(t, p)
    True
    """
    precision = bcubed_precision_from_contingency(ct)
    recall = bcubed_recall_from_contingency(ct)
    return 2.0 * precision * recall / (precision + recall)  # both > 0: every n_ij >= 0, some > 0


def cp_accuracy_from_contingency(ct: Contingency) -> float:
    """Core of :func:`cp_accuracy`: the expectation of Bartenyev's (2026) procedure (BCubed P).

    Parameters
    ----------
    ct : Contingency
        The contingency table of the classes (rows) and the clusters (columns), from
        :func:`~clustval.indices.contingency.contingency` or a table counted elsewhere
        (:func:`~clustval.indices.counts.as_contingency`).

    Returns
    -------
    float
        The value :func:`cp_accuracy` gives for the labels the table counts.

    See Also
    --------
    cp_accuracy : the same index from the labels, with its definition and references.

    Examples
    --------
    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]
    >>> cp_accuracy_from_contingency(contingency(t, p)) == cp_accuracy(t, p)
    True
    """
    return bcubed_precision_from_contingency(ct)


def cp_accuracy_mc_from_contingency(
    ct: Contingency, seed: int | None = 1, repeats: int = 1
) -> float:
    """Core of :func:`cp_accuracy_mc`.

    Parameters
    ----------
    ct : Contingency
        The contingency table of the classes (rows) and the clusters (columns), from
        :func:`~clustval.indices.contingency.contingency` or a table counted elsewhere
        (:func:`~clustval.indices.counts.as_contingency`).
    seed : int or None, default 1
        Seed of ``numpy.random.default_rng``; the same seed gives the same value.
    repeats : int, default 1
        Number of independent runs averaged.

    Returns
    -------
    float
        The value :func:`cp_accuracy_mc` gives for the labels the table counts.

    See Also
    --------
    cp_accuracy_mc : the same index from the labels, with its definition and references.

    Examples
    --------
    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]
    >>> cp_accuracy_mc_from_contingency(contingency(t, p)) == cp_accuracy_mc(t, p)
    True
    """
    if int(repeats) < 1:
        raise InputError(f"repeats must be a positive integer, got {repeats!r}.")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0):
        raise InputError(f"seed must be None or an integer >= 0 (numpy's seeds), got {seed!r}.")
    rng = np.random.default_rng(seed)
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


def accuracy(labels_true, labels_pred) -> float:
    """Clustering accuracy: the share of objects in the best one-to-one class-cluster map.

    ``Accuracy = (1/n) max_s sum_i n_{i,s(i)}`` over one-to-one maps s between classes and
    clusters, found by the Hungarian algorithm (:func:`best_matching`). When C != K
    only min(C, K) pairs are matched; objects outside them count as errors.

    Range (0, 1], higher is better; 1 iff the clustering equals the classes up to renaming.
    Defined for every input (n >= 1). The paper's "Accuracy" (Xie et al. 2017, Figs. 4-6);
    Fränti & Sieranoja, Clustering accuracy, Appl. Comput. Intell. 4(1), 2024.

    Parameters
    ----------
    labels_true, labels_pred : array-like of shape (n,)
        True classes and predicted clusters (integers or strings).

    Returns
    -------
    float

    Raises
    ------
    clustval.errors.InputError
        Labels that fail the checks of :func:`~clustval.indices.contingency.contingency` (empty,
        not 1-D, unequal lengths, NaN or None, numbers mixed with strings).

    See Also
    --------
    accuracy_from_contingency : the same index from a contingency table.
    best_matching : the map it counts.
    purity : each cluster credited with its majority class.
    nca : per-class recall above chance.
    clustval.indices.scoring.external_scores : every external index from one table.

    References
    ----------
    Kuhn H.W., The Hungarian method for the assignment problem, Naval Research Logistics
    Quarterly 2, 1955, 83-97.

    Fränti P., Sieranoja S., Clustering accuracy, Applied Computing and
    Intelligence 4(1), 2024.

    Examples
    --------
    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]  # the table [[2, 1], [0, 3]]
    >>> accuracy(t, p)  # classes 0, 1 matched with clusters 0, 1: (2 + 3) / 6
    0.8333333333333334
    """
    return accuracy_from_contingency(contingency(labels_true, labels_pred))


def purity(labels_true, labels_pred) -> float:
    """Purity: each cluster is credited with its majority class.

    ``Purity = (1/n) sum_j max_i n_ij``. Unlike accuracy, two clusters may share a class, so
    purity >= accuracy, with equality when every cluster's majority class is its own.

    Range (0, 1], higher is better; all-singleton clusters reach 1. Defined for every input.
    Manning, Raghavan & Schütze, Introduction to Information Retrieval, 2008, sec. 16.3.

    Parameters
    ----------
    labels_true : array-like of shape (n_samples,)
        The true classes: integers (any sign, gaps allowed) or strings.
    labels_pred : array-like of shape (n_samples,)
        The clusters to judge, labelled the same way (the names need not match the classes').

    Returns
    -------
    float
        Purity, in [0, 1]; higher is better.

    Raises
    ------
    clustval.errors.InputError
        Labels that fail the checks of :func:`~clustval.indices.contingency.contingency` (empty,
        not 1-D, unequal lengths, NaN or None, numbers mixed with strings).

    See Also
    --------
    purity_from_contingency : the same index from a contingency table.
    accuracy : the one-to-one version.
    clustval.indices.scoring.external_scores : every external index from one table.

    References
    ----------
    Manning C.D., Raghavan P., Schütze H., Introduction to Information Retrieval, Cambridge
    University Press, 2008, sec. 16.3.

    Examples
    --------
    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]  # the table [[2, 1], [0, 3]]
    >>> purity(t, p)  # majorities 2 and 3 of 6
    0.8333333333333334
    >>> purity([0, 0, 1, 1], [0, 1, 2, 3])  # all singletons
    1.0
    """
    return purity_from_contingency(contingency(labels_true, labels_pred))


def s2(labels_true, labels_pred, matching: str = "hungarian") -> float:
    """S2: mean harmonic mean of sensitivity and specificity over matched class-cluster pairs.

    For each matched pair (class c, cluster s) (paper eqs. 1-3)::

        sens_c = n_cs / a_c
        spec_c = (n - a_c - b_s + n_cs) / (n - a_c)
        S2_c   = 2 sens_c spec_c / (sens_c + spec_c)        (0 when both are 0)
        S2     = (1 / min(C, K)) sum_c S2_c

    For C = K = 2 this is the paper's eq. 4.

    Parameters
    ----------
    labels_true, labels_pred : array-like of shape (n,)
    matching : {"hungarian", "identity"}
        ``"hungarian"`` (default): the min(C, K) pairs of the count-maximising map shared
        with :func:`accuracy` (:func:`best_matching`; among maps tied on the count,
        the one with the largest S2, so that S2 does not depend on label names).
        ``"identity"``: class c is paired with the cluster whose label equals c (the paper's
        n_cc, for labels aligned by the caller). A class with no equally-labelled cluster is
        paired with an empty cluster (sens = 0, so S2_c = 0) and clusters with no equal
        class label are ignored, as unmatched classes and clusters are under
        ``"hungarian"``; the mean still divides by min(C, K).

    Returns
    -------
    float
        In [0, 1], higher is better.

    Raises
    ------
    UndefinedIndexError
        C = 1: there are no negatives, so every specificity is 0/0.
    InputError
        ``"identity"`` when no cluster label equals a class label, or the labels are of
        different kinds (text vs numbers): literal equality would silently give 0.

    See Also
    --------
    s2_from_contingency : the same index from a contingency table.
    ps2 : the pair-counting index of the same paper.
    accuracy : the share of objects the same map matches.
    best_matching : the class-cluster map.
    clustval.indices.scoring.external_scores : every external index from one table.

    References
    ----------
    Xie, Zhou, Wang, Jiang, New criteria for evaluating the validity of clustering, CAAI
    Trans. Intell. Syst. 12(6), 2017, eqs. 1-4.

    Examples
    --------
    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]  # the table [[2, 1], [0, 3]]
    >>> s2(t, p)  # each matched pair: 2 (2/3)(1) / (2/3 + 1) = 0.8
    0.8
    >>> s2([0, 0, 1, 1], [1, 1, 0, 0], matching="identity")  # the labels taken literally
    0.0
    """
    return s2_from_contingency(contingency(labels_true, labels_pred), matching=matching)


def ps2(labels_true, labels_pred) -> float:
    """PS2: harmonic mean of pair sensitivity TP/(TP+FN) and pair specificity TN/(TN+FP).

    ``PS2 = 2 TP TN / (TP (FP + TN) + TN (TP + FN))`` (paper eqs. 5-8), computed in
    exact integer arithmetic (correct at any n).

    Range [0, 1], higher is better. The denominator is 0 when no two objects share a
    class (TP = FN = 0), when no two objects differ in class (FP = TN = 0: C = 1 or n = 1),
    or when TP = TN = 0; the value is then 0, as the paper prescribes.

    Parameters
    ----------
    labels_true : array-like of shape (n_samples,)
        The true classes: integers (any sign, gaps allowed) or strings.
    labels_pred : array-like of shape (n_samples,)
        The clusters to judge, labelled the same way (the names need not match the classes').

    Returns
    -------
    float
        PS2, in [0, 1]; higher is better.

    Raises
    ------
    clustval.errors.InputError
        Labels that fail the checks of :func:`~clustval.indices.contingency.contingency` (empty,
        not 1-D, unequal lengths, NaN or None, numbers mixed with strings).

    See Also
    --------
    ps2_from_contingency : the same index from a contingency table.
    s2 : the matching index of the same paper.
    rand : the share of agreeing pairs.
    clustval.indices.scoring.external_scores : every external index from one table.

    References
    ----------
    Xie J., Zhou Y., Wang M., Jiang W., New criteria for evaluating the validity of clustering,
    CAAI Trans. Intell. Syst. 12(6), 2017, 873-882, eqs. 5-8.

    Examples
    --------
    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]  # the table [[2, 1], [0, 3]]
    >>> ps2(t, p)  # 2 * 4 * 6 / (4 (3 + 6) + 6 (4 + 2))
    0.6666666666666666
    """
    return ps2_from_contingency(contingency(labels_true, labels_pred))


def f_measure(labels_true, labels_pred) -> float:
    """F-measure (Larsen & Aone 1999): class-size weighted best F score of each class.

    ``F = sum_i (a_i / n) max_j F_ij`` with ``P = n_ij / b_j``, ``R = n_ij / a_i``,
    ``F_ij = 2PR / (P + R) = 2 n_ij / (a_i + b_j)`` (0 where n_ij = 0), as in
    Larsen & Aone's definition. Several classes may pick the same cluster.

    Range (0, 1], higher is better. Defined for every input. Paper Table 1's degenerate
    clustering scores 2/3 (the paper's point: F rewards lumping everything together).

    Parameters
    ----------
    labels_true : array-like of shape (n_samples,)
        The true classes: integers (any sign, gaps allowed) or strings.
    labels_pred : array-like of shape (n_samples,)
        The clusters to judge, labelled the same way (the names need not match the classes').

    Returns
    -------
    float
        F_measure, in [0, 1]; higher is better.

    Raises
    ------
    clustval.errors.InputError
        Labels that fail the checks of :func:`~clustval.indices.contingency.contingency` (empty,
        not 1-D, unequal lengths, NaN or None, numbers mixed with strings).

    See Also
    --------
    f_measure_from_contingency : the same index from a contingency table.
    s2 : the paper's alternative, which scores Table 1's degenerate clustering 0.
    clustval.indices.scoring.external_scores : every external index from one table.

    References
    ----------
    Larsen B., Aone C., Fast and effective text mining using linear-time document
    clustering, KDD 1999, 16-22 (the paper's ref. 15).

    Examples
    --------
    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]  # the table [[2, 1], [0, 3]]
    >>> f_measure(t, p)  # (3 * 4/5 + 3 * 6/7) / 6
    0.8285714285714286
    """
    return f_measure_from_contingency(contingency(labels_true, labels_pred))


def rand(labels_true, labels_pred) -> float:
    """Rand index: the share of object pairs on which both labellings agree.

    ``RI = (TP + TN) / C(n, 2)`` (Rand 1971). Some summaries print a(a+d)/(m(m-1)), a typo:
    their own worked example uses 2(a+d)/(m(m-1)), which is this. Exact integer arithmetic.

    Range [0, 1], higher is better. n = 1 (no pairs) gives 1.0, scikit-learn's
    ``rand_score`` convention; otherwise equal to ``rand_score``.

    Parameters
    ----------
    labels_true : array-like of shape (n_samples,)
        The true classes: integers (any sign, gaps allowed) or strings.
    labels_pred : array-like of shape (n_samples,)
        The clusters to judge, labelled the same way (the names need not match the classes').

    Returns
    -------
    float
        R, in [0, 1]; higher is better.

    Raises
    ------
    clustval.errors.InputError
        Labels that fail the checks of :func:`~clustval.indices.contingency.contingency` (empty,
        not 1-D, unequal lengths, NaN or None, numbers mixed with strings).

    See Also
    --------
    rand_from_contingency : the same index from a contingency table.
    ari : the Rand index corrected for chance.
    jaccard : TP / (TP + FN + FP).
    clustval.indices.scoring.external_scores : every external index from one table.

    References
    ----------
    Rand W.M., Objective criteria for the evaluation of clustering methods, JASA 66(336),
    1971, 846-850.

    Examples
    --------
    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]  # the table [[2, 1], [0, 3]]
    >>> rand(t, p)  # (TP + TN) / 15 = (4 + 6) / 15
    0.6666666666666666
    """
    return rand_from_contingency(contingency(labels_true, labels_pred))


def jaccard(labels_true, labels_pred) -> float:
    """Jaccard coefficient of the "same cluster" pair relations.

    ``JC = TP / (TP + FN + FP)`` (Zhou 2016, sec. 9.2). Exact integer arithmetic.

    Range [0, 1], higher is better. When TP + FN + FP = 0 no pair is together in either
    labelling: both are all-singletons, i.e. identical, so the value is 1.0 (the convention
    scikit-learn uses for identical labellings in ``rand_score`` and ARI).

    Parameters
    ----------
    labels_true : array-like of shape (n_samples,)
        The true classes: integers (any sign, gaps allowed) or strings.
    labels_pred : array-like of shape (n_samples,)
        The clusters to judge, labelled the same way (the names need not match the classes').

    Returns
    -------
    float
        Jaccard, in [0, 1]; higher is better.

    Raises
    ------
    clustval.errors.InputError
        Labels that fail the checks of :func:`~clustval.indices.contingency.contingency` (empty,
        not 1-D, unequal lengths, NaN or None, numbers mixed with strings).

    See Also
    --------
    jaccard_from_contingency : the same index from a contingency table.
    rand : the share of agreeing pairs.
    fmi : the geometric mean of pair precision and recall.
    clustval.indices.scoring.external_scores : every external index from one table.

    References
    ----------
    Zhou Z.-H., Machine Learning, Tsinghua University Press, 2016, sec. 9.2.

    Examples
    --------
    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]  # the table [[2, 1], [0, 3]]
    >>> jaccard(t, p)  # 4 / (4 + 3 + 2)
    0.4444444444444444
    """
    return jaccard_from_contingency(contingency(labels_true, labels_pred))


def fmi(labels_true, labels_pred) -> float:
    """Fowlkes-Mallows index: geometric mean of pair precision and pair recall.

    ``FMI = TP / sqrt((TP + FP)(TP + FN))`` (Fowlkes & Mallows 1983; Zhou 2016, sec. 9.2).

    Range [0, 1], higher is better. Degenerate cases: FP = FN = 0 (identical labellings)
    gives 1.0, also when TP = 0 (n = 1, or both labellings all-singletons), as ARI and the
    Rand index do in scikit-learn; otherwise TP = 0 gives 0.0, scikit-learn's
    ``fowlkes_mallows_score`` convention. Equal to ``fowlkes_mallows_score`` except on
    identical all-singleton labellings and n = 1, where scikit-learn returns 0.0 (and so
    does ``clustval.fowlkes_mallows_score``: :mod:`clustval.compat.sklearn`).

    Parameters
    ----------
    labels_true : array-like of shape (n_samples,)
        The true classes: integers (any sign, gaps allowed) or strings.
    labels_pred : array-like of shape (n_samples,)
        The clusters to judge, labelled the same way (the names need not match the classes').

    Returns
    -------
    float
        FMI, in [0, 1]; higher is better.

    Raises
    ------
    clustval.errors.InputError
        Labels that fail the checks of :func:`~clustval.indices.contingency.contingency` (empty,
        not 1-D, unequal lengths, NaN or None, numbers mixed with strings).

    See Also
    --------
    fmi_from_contingency : the same index from a contingency table.
    jaccard : TP / (TP + FN + FP).
    clustval.indices.scoring.external_scores : every external index from one table.

    References
    ----------
    Fowlkes E.B., Mallows C.L., A method for comparing two hierarchical clusterings, JASA
    78(383), 1983, 553-569.

    Zhou Z.-H., Machine Learning, Tsinghua University Press, 2016, sec. 9.2.

    Examples
    --------
    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]  # the table [[2, 1], [0, 3]]
    >>> round(fmi(t, p), 12)  # 4 / sqrt(7 * 6)
    0.617213399848
    """
    return fmi_from_contingency(contingency(labels_true, labels_pred))


def ari(labels_true, labels_pred) -> float:
    """Adjusted Rand index (Hubert & Arabie 1985): the Rand index corrected for chance.

    ``ARI = (TP - E) / (((TP+FN) + (TP+FP))/2 - E)``, ``E = (TP+FN)(TP+FP) / C(n, 2)``,
    evaluated as the equal ``2 (TP TN - FN FP) / ((TP+FN)(FN+TN) + (TP+FP)(FP+TN))`` in exact
    integer arithmetic (no overflow at any n).

    Range [-0.5, 1], higher is better; 0 is the expectation under random labelling. FN =
    FP = 0 (identical labellings, including n = 1) gives 1.0, as scikit-learn's
    ``adjusted_rand_score``; otherwise equal to it.

    Parameters
    ----------
    labels_true : array-like of shape (n_samples,)
        The true classes: integers (any sign, gaps allowed) or strings.
    labels_pred : array-like of shape (n_samples,)
        The clusters to judge, labelled the same way (the names need not match the classes').

    Returns
    -------
    float
        ARI, in [-0.5, 1]; higher is better.

    Raises
    ------
    clustval.errors.InputError
        Labels that fail the checks of :func:`~clustval.indices.contingency.contingency` (empty,
        not 1-D, unequal lengths, NaN or None, numbers mixed with strings).

    See Also
    --------
    ari_from_contingency : the same index from a contingency table.
    rand : the index before the correction.
    ami : the same correction for mutual information.
    clustval.indices.scoring.external_scores : every external index from one table.

    References
    ----------
    Hubert L., Arabie P., Comparing partitions, J. Classification 2, 1985, 193-218.

    Examples
    --------
    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]  # the table [[2, 1], [0, 3]]
    >>> ari(t, p)  # 2 (4 * 6 - 2 * 3) / (6 * 8 + 7 * 9) = 36 / 111
    0.32432432432432434
    >>> ari([0, 0, 1, 1], [5, 5, 2, 2])
    1.0
    """
    return ari_from_contingency(contingency(labels_true, labels_pred))


def nmi(labels_true, labels_pred) -> float:
    """Normalised mutual information, arithmetic-mean normalisation (scikit-learn's default).

    ``NMI = MI / ((H(classes) + H(clusters)) / 2)``, ``MI = sum_ij (n_ij/n) log(n n_ij / (a_i
    b_j))``, natural logarithms, from the table.

    Range [0, 1], higher is better. As scikit-learn's ``normalized_mutual_info_score``
    (to rounding): C = K = 1 gives 1.0; MI = 0 (e.g. one class or one cluster) gives 0.0.

    Parameters
    ----------
    labels_true : array-like of shape (n_samples,)
        The true classes: integers (any sign, gaps allowed) or strings.
    labels_pred : array-like of shape (n_samples,)
        The clusters to judge, labelled the same way (the names need not match the classes').

    Returns
    -------
    float
        NMI, in [0, 1]; higher is better.

    Raises
    ------
    clustval.errors.InputError
        Labels that fail the checks of :func:`~clustval.indices.contingency.contingency` (empty,
        not 1-D, unequal lengths, NaN or None, numbers mixed with strings).

    See Also
    --------
    nmi_from_contingency : the same index from a contingency table.
    ami : corrected for chance.
    mutual_info : the unnormalised value.
    v_measure : equal to NMI at beta = 1.
    clustval.indices.scoring.external_scores : every external index from one table.

    References
    ----------
    Strehl A., Ghosh J., Cluster ensembles: a knowledge reuse framework for combining
    multiple partitions, JMLR 3, 2002, 583-617.

    Vinh N.X., Epps J., Bailey J., Information theoretic measures for clusterings comparison:
    variants, properties, normalization and correction for chance, JMLR 11, 2010, 2837-2854.

    Examples
    --------
    >>> nmi([0, 0, 1, 1], [1, 1, 0, 0])
    1.0
    >>> nmi([0, 0, 1, 1], [0, 1, 0, 1])  # independent: MI = 0
    0.0
    """
    return nmi_from_contingency(contingency(labels_true, labels_pred))


def ami(labels_true, labels_pred) -> float:
    """Adjusted mutual information, arithmetic-mean normalisation (scikit-learn's default).

    ``AMI = (MI - E[MI]) / ((H(classes) + H(clusters)) / 2 - E[MI])``, E[MI] under the
    hypergeometric model of random labellings with the same class and cluster sizes
    (:func:`expected_mutual_info`, the exact sum).

    Range: at most 1, about 0 for random labellings, higher is better. As scikit-learn's
    ``adjusted_mutual_info_score`` (to rounding), including its conventions: C = K = 1
    gives 1.0; C = 1 or K = 1 alone gives 0.0; its epsilon guards against 0/0.
    The expectation costs O(sum over distinct size pairs of min(a, b)), see
    :func:`expected_mutual_info`.

    Parameters
    ----------
    labels_true : array-like of shape (n_samples,)
        The true classes: integers (any sign, gaps allowed) or strings.
    labels_pred : array-like of shape (n_samples,)
        The clusters to judge, labelled the same way (the names need not match the classes').

    Returns
    -------
    float
        AMI, in [-1, 1]; higher is better.

    Raises
    ------
    clustval.errors.InputError
        Labels that fail the checks of :func:`~clustval.indices.contingency.contingency` (empty,
        not 1-D, unequal lengths, NaN or None, numbers mixed with strings).

    See Also
    --------
    ami_from_contingency : the same index from a contingency table.
    nmi : without the correction for chance.
    expected_mutual_info : the correction's E[MI].
    clustval.indices.scoring.external_scores : every external index from one table.

    References
    ----------
    Vinh N.X., Epps J., Bailey J., Information theoretic measures for clusterings comparison:
    variants, properties, normalization and correction for chance, JMLR 11, 2010, 2837-2854.

    Examples
    --------
    >>> ami([0, 0, 1, 1], [1, 1, 0, 0])
    1.0
    >>> round(ami([0, 0, 1, 1], [0, 1, 0, 1]), 12)  # (0 - log(2)/3) / (log 2 - log(2)/3)
    -0.5
    """
    return ami_from_contingency(contingency(labels_true, labels_pred))


def mutual_info(labels_true, labels_pred) -> float:
    """Mutual information of the classes and the clusters, in nats.

    ``MI = sum_ij (n_ij / n) log(n n_ij / (a_i b_j))`` (natural logarithm), from the table.

    Range [0, min(H(classes), H(clusters))], higher is better (unbounded above as n
    grows). As scikit-learn's ``mutual_info_score`` (to rounding), including its
    conventions: one class or one cluster gives 0.0, and a negative rounding residue is
    clipped to 0.

    Parameters
    ----------
    labels_true : array-like of shape (n_samples,)
        The true classes: integers (any sign, gaps allowed) or strings.
    labels_pred : array-like of shape (n_samples,)
        The clusters to judge, labelled the same way (the names need not match the classes').

    Returns
    -------
    float
        MI, in [0, inf]; higher is better.

    Raises
    ------
    clustval.errors.InputError
        Labels that fail the checks of :func:`~clustval.indices.contingency.contingency` (empty,
        not 1-D, unequal lengths, NaN or None, numbers mixed with strings).

    See Also
    --------
    mutual_info_from_contingency : the same index from a contingency table.
    nmi : normalised to [0, 1].
    clustval.indices.scoring.external_scores : every external index from one table.

    References
    ----------
    Cover T.M., Thomas J.A., Elements of Information Theory, 2nd ed., Wiley, 2006,
    sec. 2.3.

    Vinh N.X., Epps J., Bailey J., Information theoretic measures for clusterings comparison:
    variants, properties, normalization and correction for chance, JMLR 11, 2010, 2837-2854.

    Examples
    --------
    >>> round(mutual_info([0, 0, 1, 1], [5, 5, 7, 7]), 12)  # log 2
    0.69314718056
    >>> mutual_info([0, 0, 1, 1], [0, 1, 0, 1])
    0.0
    """
    return mutual_info_from_contingency(contingency(labels_true, labels_pred))


def homogeneity(labels_true, labels_pred) -> float:
    """Homogeneity: each cluster holds members of a single class.

    ``h = 1 - H(classes | clusters) / H(classes) = MI / H(classes)``, natural logarithms.

    Range [0, 1], higher is better; 1 iff every cluster lies inside one class. H(classes) =
    0 (a single class) gives 1.0, scikit-learn's ``homogeneity_score`` convention; otherwise
    equal to it (to rounding). Not symmetric: ``homogeneity(a, b) == completeness(b, a)``.

    Parameters
    ----------
    labels_true : array-like of shape (n_samples,)
        The true classes: integers (any sign, gaps allowed) or strings.
    labels_pred : array-like of shape (n_samples,)
        The clusters to judge, labelled the same way (the names need not match the classes').

    Returns
    -------
    float
        Homogeneity, in [0, 1]; higher is better.

    Raises
    ------
    clustval.errors.InputError
        Labels that fail the checks of :func:`~clustval.indices.contingency.contingency` (empty,
        not 1-D, unequal lengths, NaN or None, numbers mixed with strings).

    See Also
    --------
    homogeneity_from_contingency : the same index from a contingency table.
    completeness : the same with classes and clusters swapped.
    v_measure : their harmonic mean.
    clustval.indices.scoring.external_scores : every external index from one table.

    References
    ----------
    Rosenberg A., Hirschberg J., V-Measure: a conditional entropy-based external cluster
    evaluation measure, EMNLP-CoNLL 2007, 410-420.

    Examples
    --------
    >>> round(homogeneity([0, 0, 1, 1], [0, 0, 1, 2]), 12)  # splitting a class: still pure
    1.0
    >>> round(homogeneity([0, 0, 1, 1], [0, 0, 0, 0]), 12)
    0.0
    """
    return homogeneity_from_contingency(contingency(labels_true, labels_pred))


def completeness(labels_true, labels_pred) -> float:
    """Completeness: all members of a class fall in a single cluster.

    ``c = 1 - H(clusters | classes) / H(clusters) = MI / H(clusters)``, natural logarithms.

    Range [0, 1], higher is better; 1 iff every class lies inside one cluster. H(clusters)
    = 0 (a single cluster) gives 1.0, scikit-learn's ``completeness_score`` convention;
    otherwise equal to it (to rounding).

    Parameters
    ----------
    labels_true : array-like of shape (n_samples,)
        The true classes: integers (any sign, gaps allowed) or strings.
    labels_pred : array-like of shape (n_samples,)
        The clusters to judge, labelled the same way (the names need not match the classes').

    Returns
    -------
    float
        Completeness, in [0, 1]; higher is better.

    Raises
    ------
    clustval.errors.InputError
        Labels that fail the checks of :func:`~clustval.indices.contingency.contingency` (empty,
        not 1-D, unequal lengths, NaN or None, numbers mixed with strings).

    See Also
    --------
    completeness_from_contingency : the same index from a contingency table.
    homogeneity : the same with classes and clusters swapped.
    v_measure : their harmonic mean.
    clustval.indices.scoring.external_scores : every external index from one table.

    References
    ----------
    Rosenberg A., Hirschberg J., V-Measure: a conditional entropy-based external cluster
    evaluation measure, EMNLP-CoNLL 2007, 410-420.

    Examples
    --------
    >>> completeness([0, 0, 1, 1], [0, 0, 0, 0])  # one cluster holds every class whole
    1.0
    >>> round(completeness([0, 0, 1, 1], [0, 0, 1, 2]), 12)  # log 2 / (1.5 log 2)
    0.666666666667
    """
    return completeness_from_contingency(contingency(labels_true, labels_pred))


def v_measure(labels_true, labels_pred, *, beta: float = 1.0) -> float:
    """V-measure: the weighted harmonic mean of :func:`homogeneity` and :func:`completeness`.

    ``V_beta = (1 + beta) h c / (beta h + c)``, as scikit-learn's ``v_measure_score``. With
    beta = 1 (the default, and the value :func:`~clustval.indices.scoring.score` reports)
    ``V = 2 h c / (h + c) = 2 MI / (H(classes) + H(clusters))``, which equals :func:`nmi`
    (arithmetic-mean normalisation), to rounding. beta < 1 weights homogeneity more,
    beta > 1 completeness; beta = 0 gives h (0 when c = 0).

    Range [0, 1], higher is better, symmetric for beta = 1. h + c = 0 gives 0.0 (and so does
    beta h + c = 0, possible only at beta = 0); one class and one cluster (h = c = 1 by
    convention) gives 1.0, as scikit-learn's ``v_measure_score``; otherwise equal to it (to
    rounding).

    Parameters
    ----------
    labels_true : array-like of shape (n_samples,)
        The true classes: integers (any sign, gaps allowed) or strings.
    labels_pred : array-like of shape (n_samples,)
        The clusters to judge, labelled the same way (the names need not match the classes').
    beta : float, default 1.0
        Weight of completeness against homogeneity, >= 0.

    Returns
    -------
    float
        V-measure, in [0, 1]; higher is better.

    Raises
    ------
    clustval.errors.InputError
        Labels that fail the checks of :func:`~clustval.indices.contingency.contingency` (empty,
        not 1-D, unequal lengths, NaN or None, numbers mixed with strings).
        Also ``beta`` not a finite number >= 0.

    See Also
    --------
    v_measure_from_contingency : the same index from a contingency table.
    homogeneity : h.
    completeness : c.
    nmi : equal at beta = 1.
    clustval.indices.scoring.external_scores : every external index from one table.

    References
    ----------
    Rosenberg A., Hirschberg J., V-Measure: a conditional entropy-based external cluster
    evaluation measure, EMNLP-CoNLL 2007, 410-420.

    Examples
    --------
    >>> v_measure([0, 0, 1, 1], [1, 1, 0, 0])
    1.0
    >>> round(v_measure([0, 0, 1, 1], [0, 0, 1, 2]), 12)  # 2 * 1 * (2/3) / (1 + 2/3)
    0.8
    >>> round(v_measure([0, 0, 1, 1], [0, 0, 1, 2], beta=2.0), 12)  # 3 * (2/3) / (2 + 2/3)
    0.75
    """
    return v_measure_from_contingency(contingency(labels_true, labels_pred), beta=beta)


def bcubed_precision(labels_true, labels_pred) -> float:
    """BCubed precision: mean over objects of the share of its cluster that shares its class.

    ``P = (1/n) sum_ij n_ij^2 / b_j`` (Bagga & Baldwin 1998; Amigó et al., Inf. Retrieval
    12(4), 2009). Equals :func:`cp_accuracy`.

    Range (0, 1], higher is better. Defined for every input.

    Parameters
    ----------
    labels_true : array-like of shape (n_samples,)
        The true classes: integers (any sign, gaps allowed) or strings.
    labels_pred : array-like of shape (n_samples,)
        The clusters to judge, labelled the same way (the names need not match the classes').

    Returns
    -------
    float
        BCubed P, in [0, 1]; higher is better.

    Raises
    ------
    clustval.errors.InputError
        Labels that fail the checks of :func:`~clustval.indices.contingency.contingency` (empty,
        not 1-D, unequal lengths, NaN or None, numbers mixed with strings).

    See Also
    --------
    bcubed_precision_from_contingency : the same index from a contingency table.
    bcubed_recall : per-class shares.
    bcubed_f : their harmonic mean.
    cp_accuracy : the same number.
    clustval.indices.scoring.external_scores : every external index from one table.

    References
    ----------
    Bagga A., Baldwin B., Entity-based cross-document coreferencing using the vector space
    model, COLING-ACL 1998, 79-85.

    Amigó E., Gonzalo J., Artiles J., Verdejo F., A comparison of extrinsic clustering
    evaluation metrics based on formal constraints, Information Retrieval 12(4), 2009, 461-486.

    Examples
    --------
    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]  # the table [[2, 1], [0, 3]]
    >>> bcubed_precision(t, p)  # (2^2/2 + (1^2 + 3^2)/4) / 6
    0.75
    """
    return bcubed_precision_from_contingency(contingency(labels_true, labels_pred))


def bcubed_recall(labels_true, labels_pred) -> float:
    """BCubed recall: mean over objects of the share of its class that shares its cluster.

    ``R = (1/n) sum_ij n_ij^2 / a_i`` (Bagga & Baldwin 1998; Amigó et al. 2009).

    Range (0, 1], higher is better. Defined for every input.

    Parameters
    ----------
    labels_true : array-like of shape (n_samples,)
        The true classes: integers (any sign, gaps allowed) or strings.
    labels_pred : array-like of shape (n_samples,)
        The clusters to judge, labelled the same way (the names need not match the classes').

    Returns
    -------
    float
        BCubed R, in [0, 1]; higher is better.

    Raises
    ------
    clustval.errors.InputError
        Labels that fail the checks of :func:`~clustval.indices.contingency.contingency` (empty,
        not 1-D, unequal lengths, NaN or None, numbers mixed with strings).

    See Also
    --------
    bcubed_recall_from_contingency : the same index from a contingency table.
    bcubed_precision : per-cluster shares.
    bcubed_f : their harmonic mean.
    clustval.indices.scoring.external_scores : every external index from one table.

    References
    ----------
    Bagga A., Baldwin B., Entity-based cross-document coreferencing using the vector space
    model, COLING-ACL 1998, 79-85.

    Amigó E., Gonzalo J., Artiles J., Verdejo F., A comparison of extrinsic clustering
    evaluation metrics based on formal constraints, Information Retrieval 12(4), 2009, 461-486.

    Examples
    --------
    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]  # the table [[2, 1], [0, 3]]
    >>> round(bcubed_recall(t, p), 12)  # ((2^2 + 1^2)/3 + 3^2/3) / 6 = 7/9
    0.777777777778
    """
    return bcubed_recall_from_contingency(contingency(labels_true, labels_pred))


def bcubed_f(labels_true, labels_pred) -> float:
    """BCubed F: harmonic mean of BCubed precision and recall, ``2PR / (P + R)``.

    Range (0, 1], higher is better. Defined for every input (P, R > 0). Amigó et al. 2009.

    Parameters
    ----------
    labels_true : array-like of shape (n_samples,)
        The true classes: integers (any sign, gaps allowed) or strings.
    labels_pred : array-like of shape (n_samples,)
        The clusters to judge, labelled the same way (the names need not match the classes').

    Returns
    -------
    float
        BCubed F, in [0, 1]; higher is better.

    Raises
    ------
    clustval.errors.InputError
        Labels that fail the checks of :func:`~clustval.indices.contingency.contingency` (empty,
        not 1-D, unequal lengths, NaN or None, numbers mixed with strings).

    See Also
    --------
    bcubed_f_from_contingency : the same index from a contingency table.
    bcubed_precision : precision.
    bcubed_recall : recall.
    clustval.indices.scoring.external_scores : every external index from one table.

    References
    ----------
    Bagga A., Baldwin B., Entity-based cross-document coreferencing using the vector space
    model, COLING-ACL 1998, 79-85.

    Amigó E., Gonzalo J., Artiles J., Verdejo F., A comparison of extrinsic clustering
    evaluation metrics based on formal constraints, Information Retrieval 12(4), 2009, 461-486.

    Examples
    --------
    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]  # the table [[2, 1], [0, 3]]
    >>> round(bcubed_f(t, p), 12)  # 2 (3/4)(7/9) / (3/4 + 7/9) = 42/55
    0.763636363636
    """
    return bcubed_f_from_contingency(contingency(labels_true, labels_pred))


def cp_accuracy(labels_true, labels_pred) -> float:
    """Correspondence-probability accuracy (Bartenyev 2026), closed form.

    Bartenyev (2026) replaces each object's predicted label j by a true label drawn with the
    correspondence probability n_ij / b_j and reports correct / n. An object of cell (i, j)
    keeps its class with probability n_ij / b_j, so the expected accuracy is
    ``(1/n) sum_ij n_ij^2 / b_j``, the BCubed precision. :func:`cp_accuracy_mc`
    runs the random procedure itself.

    Range (0, 1], higher is better. Defined for every input.

    Parameters
    ----------
    labels_true : array-like of shape (n_samples,)
        The true classes: integers (any sign, gaps allowed) or strings.
    labels_pred : array-like of shape (n_samples,)
        The clusters to judge, labelled the same way (the names need not match the classes').

    Returns
    -------
    float
        CP accuracy, in [0, 1]; higher is better.

    Raises
    ------
    clustval.errors.InputError
        Labels that fail the checks of :func:`~clustval.indices.contingency.contingency` (empty,
        not 1-D, unequal lengths, NaN or None, numbers mixed with strings).

    See Also
    --------
    cp_accuracy_from_contingency : the same index from a contingency table.
    cp_accuracy_mc : the random procedure itself.
    bcubed_precision : the same number.
    clustval.indices.scoring.external_scores : every external index from one table.

    References
    ----------
    Bartenyev O.V., Clustering accuracy evaluation based on the correspondence probabilities,
    Bulletin of MPEI 2026(2), 164-173, doi:10.24160/1993-6982-2026-2-164-173.

    Examples
    --------
    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]  # the table [[2, 1], [0, 3]]
    >>> cp_accuracy(t, p)  # the BCubed precision
    0.75
    """
    return cp_accuracy_from_contingency(contingency(labels_true, labels_pred))


def cp_accuracy_mc(labels_true, labels_pred, seed: int | None = 1, repeats: int = 1) -> float:
    """Correspondence-probability accuracy (Bartenyev 2026) by its random procedure, seeded.

    Each object's predicted label j is replaced by a true label drawn with probability
    n_ij / b_j, independently per object; the result is correct / n, averaged over
    ``repeats`` independent runs. The objects of cell (i, j) are exchangeable, so the
    number of them that draw their own class is Binomial(n_ij, n_ij / b_j), independent
    across cells: the draw is made per cell, which gives exactly the per-object
    procedure's distribution in O(C*K) instead of O(n). Its expectation is
    :func:`cp_accuracy`; its variance ``sum_ij n_ij p_ij (1 - p_ij) / (n^2 repeats)``
    with ``p_ij = n_ij / b_j``.

    Parameters
    ----------
    labels_true, labels_pred : array-like of shape (n,)
    seed : int or None
        Seed of ``numpy.random.default_rng``; the same seed gives the same value.
    repeats : int
        Number of independent runs averaged.

    Returns
    -------
    float
        In [0, 1], higher is better.

    Raises
    ------
    clustval.errors.InputError
        Labels that fail the checks of :func:`~clustval.indices.contingency.contingency` (empty,
        not 1-D, unequal lengths, NaN or None, numbers mixed with strings).

    See Also
    --------
    cp_accuracy_mc_from_contingency : the same index from a contingency table.
    cp_accuracy : its expectation, in closed form.
    clustval.indices.scoring.external_scores : every external index from one table.

    References
    ----------
    Bartenyev O.V., Clustering accuracy evaluation based on the correspondence probabilities,
    Bulletin of MPEI 2026(2), 164-173, doi:10.24160/1993-6982-2026-2-164-173.

    Examples
    --------
    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]  # the table [[2, 1], [0, 3]]
    >>> cp_accuracy_mc(t, p, seed=7) == cp_accuracy_mc(t, p, seed=7)
    True
    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]  # the table [[2, 1], [0, 3]]
    >>> round(cp_accuracy_mc(t, p, repeats=20000), 2)  # its expectation: cp_accuracy
    0.75
    """
    return cp_accuracy_mc_from_contingency(
        contingency(labels_true, labels_pred), seed=seed, repeats=repeats
    )


def nca(labels_true, labels_pred) -> float:
    """Normalised clustering accuracy (Gagolewski): mean per-class recall above chance.

    ``r_ij = n_ij / a_i``; s = the one-to-one map maximising ``sum_i r_{i,s(i)}`` (Hungarian
    on r, not on the counts); ``NCA = (sum_i r_{i,s(i)} - 1) / (C - 1)``. Classes left
    unmatched when K < C score 0. Asymmetric: the true classes are the reference.

    Higher is better; 1 iff the clustering equals the classes up to renaming. For K <= C
    the range is [0, 1] (0 when each class is spread evenly); for K > C it can be negative,
    down to (C/K - 1) / (C - 1).

    Parameters
    ----------
    labels_true : array-like of shape (n_samples,)
        The true classes: integers (any sign, gaps allowed) or strings.
    labels_pred : array-like of shape (n_samples,)
        The clusters to judge, labelled the same way (the names need not match the classes').

    Returns
    -------
    float
        NCA, in [-1, 1]; higher is better.

    Raises
    ------
    UndefinedIndexError
        C = 1 (division by C - 1 = 0).

    See Also
    --------
    nca_from_contingency : the same index from a contingency table.
    accuracy : matched on the counts rather than on the recalls.
    clustval.indices.scoring.external_scores : every external index from one table.

    References
    ----------
    Gagolewski M., Normalised clustering accuracy: an asymmetric external cluster validity
    measure, J. Classification 42, 2025, 2-30 (arXiv:2209.02935).

    Examples
    --------
    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]  # the table [[2, 1], [0, 3]]
    >>> round(nca(t, p), 12)  # recalls 2/3 and 1 matched: (5/3 - 1) / (2 - 1)
    0.666666666667
    """
    return nca_from_contingency(contingency(labels_true, labels_pred))


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
    """Core of :func:`czekanowski_dice`.

    Parameters
    ----------
    ct : Contingency
        The contingency table of the classes (rows) and the clusters (columns), from
        :func:`~clustval.indices.contingency.contingency` or a table counted elsewhere
        (:func:`~clustval.indices.counts.as_contingency`).

    Returns
    -------
    float
        The value :func:`czekanowski_dice` gives for the labels the table counts.

    See Also
    --------
    czekanowski_dice : the same index from the labels, with its definition and references.

    Examples
    --------
    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]
    >>> czekanowski_dice_from_contingency(contingency(t, p)) == czekanowski_dice(t, p)
    True
    """
    tp, fp, fn, _ = ct.pairs
    return _pair_ratio(2 * tp, 2 * tp + fn + fp, fn == fp == 0)


def hubert_gamma_from_contingency(ct: Contingency) -> float:
    """Core of :func:`hubert_gamma`.

    Parameters
    ----------
    ct : Contingency
        The contingency table of the classes (rows) and the clusters (columns), from
        :func:`~clustval.indices.contingency.contingency` or a table counted elsewhere
        (:func:`~clustval.indices.counts.as_contingency`).

    Returns
    -------
    float
        The value :func:`hubert_gamma` gives for the labels the table counts.

    See Also
    --------
    hubert_gamma : the same index from the labels, with its definition and references.

    Examples
    --------
    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]
    >>> hubert_gamma_from_contingency(contingency(t, p)) == hubert_gamma(t, p)
    True
    """
    tp, fp, fn, tn = ct.pairs
    # N_T yy - (yy + yn)(yy + ny) = yy nn - yn ny: Hubert's Gamma is the phi coefficient
    denominator = (tp + fn) * (tp + fp) * (fn + tn) * (fp + tn)
    if denominator == 0:  # one pair indicator is constant, and the numerator 0 with it
        return 1.0 if fn == fp == 0 else 0.0
    return _signed_sqrt_ratio(tp * tn - fn * fp, denominator)


def kulczynski_from_contingency(ct: Contingency) -> float:
    """Core of :func:`kulczynski`.

    Parameters
    ----------
    ct : Contingency
        The contingency table of the classes (rows) and the clusters (columns), from
        :func:`~clustval.indices.contingency.contingency` or a table counted elsewhere
        (:func:`~clustval.indices.counts.as_contingency`).

    Returns
    -------
    float
        The value :func:`kulczynski` gives for the labels the table counts.

    See Also
    --------
    kulczynski : the same index from the labels, with its definition and references.

    Examples
    --------
    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]
    >>> kulczynski_from_contingency(contingency(t, p)) == kulczynski(t, p)
    True
    """
    tp, fp, fn, _ = ct.pairs
    if tp == 0:  # a ratio with no pair in its denominator follows precision's and recall's rule
        return (precision_from_contingency(ct) + recall_from_contingency(ct)) / 2
    # (P + R) / 2 over the common denominator: one rounding
    return tp * (2 * tp + fp + fn) / (2 * (tp + fp) * (tp + fn))


def mcnemar_from_contingency(ct: Contingency) -> float:
    """Core of :func:`mcnemar`.

    Parameters
    ----------
    ct : Contingency
        The contingency table of the classes (rows) and the clusters (columns), from
        :func:`~clustval.indices.contingency.contingency` or a table counted elsewhere
        (:func:`~clustval.indices.counts.as_contingency`).

    Returns
    -------
    float
        The value :func:`mcnemar` gives for the labels the table counts.

    See Also
    --------
    mcnemar : the same statistic from the labels, with its definition and references.

    Examples
    --------
    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]
    >>> mcnemar_from_contingency(contingency(t, p)) == mcnemar(t, p)
    True
    """
    _, fp, fn, _ = ct.pairs
    return 0.0 if fn + fp == 0 else _signed_sqrt_ratio(fn - fp, fn + fp)


def precision_from_contingency(ct: Contingency) -> float:
    """Core of :func:`precision`.

    Parameters
    ----------
    ct : Contingency
        The contingency table of the classes (rows) and the clusters (columns), from
        :func:`~clustval.indices.contingency.contingency` or a table counted elsewhere
        (:func:`~clustval.indices.counts.as_contingency`).

    Returns
    -------
    float
        The value :func:`precision` gives for the labels the table counts.

    See Also
    --------
    precision : the same index from the labels, with its definition and references.

    Examples
    --------
    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]
    >>> precision_from_contingency(contingency(t, p)) == precision(t, p)
    True
    """
    tp, fp, fn, _ = ct.pairs
    return _pair_ratio(tp, tp + fp, fn == fp == 0)


def recall_from_contingency(ct: Contingency) -> float:
    """Core of :func:`recall`.

    Parameters
    ----------
    ct : Contingency
        The contingency table of the classes (rows) and the clusters (columns), from
        :func:`~clustval.indices.contingency.contingency` or a table counted elsewhere
        (:func:`~clustval.indices.counts.as_contingency`).

    Returns
    -------
    float
        The value :func:`recall` gives for the labels the table counts.

    See Also
    --------
    recall : the same index from the labels, with its definition and references.

    Examples
    --------
    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]
    >>> recall_from_contingency(contingency(t, p)) == recall(t, p)
    True
    """
    tp, fp, fn, _ = ct.pairs
    return _pair_ratio(tp, tp + fn, fn == fp == 0)


def rogers_tanimoto_from_contingency(ct: Contingency) -> float:
    """Core of :func:`rogers_tanimoto`.

    Parameters
    ----------
    ct : Contingency
        The contingency table of the classes (rows) and the clusters (columns), from
        :func:`~clustval.indices.contingency.contingency` or a table counted elsewhere
        (:func:`~clustval.indices.counts.as_contingency`).

    Returns
    -------
    float
        The value :func:`rogers_tanimoto` gives for the labels the table counts.

    See Also
    --------
    rogers_tanimoto : the same index from the labels, with its definition and references.

    Examples
    --------
    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]
    >>> rogers_tanimoto_from_contingency(contingency(t, p)) == rogers_tanimoto(t, p)
    True
    """
    tp, fp, fn, tn = ct.pairs
    return _pair_ratio(tp + tn, tp + tn + 2 * (fn + fp), True)  # 0/0 only at n = 1


def russel_rao_from_contingency(ct: Contingency) -> float:
    """Core of :func:`russel_rao`.

    Parameters
    ----------
    ct : Contingency
        The contingency table of the classes (rows) and the clusters (columns), from
        :func:`~clustval.indices.contingency.contingency` or a table counted elsewhere
        (:func:`~clustval.indices.counts.as_contingency`).

    Returns
    -------
    float
        The value :func:`russel_rao` gives for the labels the table counts.

    See Also
    --------
    russel_rao : the same coefficient from the labels, with its definition and references.

    Examples
    --------
    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]
    >>> russel_rao_from_contingency(contingency(t, p)) == russel_rao(t, p)
    True
    """
    tp, fp, fn, tn = ct.pairs
    return _pair_ratio(tp, tp + fp + fn + tn, True)  # 0/0 only at n = 1


def sokal_sneath1_from_contingency(ct: Contingency) -> float:
    """Core of :func:`sokal_sneath1`.

    Parameters
    ----------
    ct : Contingency
        The contingency table of the classes (rows) and the clusters (columns), from
        :func:`~clustval.indices.contingency.contingency` or a table counted elsewhere
        (:func:`~clustval.indices.counts.as_contingency`).

    Returns
    -------
    float
        The value :func:`sokal_sneath1` gives for the labels the table counts.

    See Also
    --------
    sokal_sneath1 : the same index from the labels, with its definition and references.

    Examples
    --------
    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]
    >>> sokal_sneath1_from_contingency(contingency(t, p)) == sokal_sneath1(t, p)
    True
    """
    tp, fp, fn, _ = ct.pairs
    return _pair_ratio(tp, tp + 2 * (fn + fp), fn == fp == 0)


def sokal_sneath2_from_contingency(ct: Contingency) -> float:
    """Core of :func:`sokal_sneath2`.

    Parameters
    ----------
    ct : Contingency
        The contingency table of the classes (rows) and the clusters (columns), from
        :func:`~clustval.indices.contingency.contingency` or a table counted elsewhere
        (:func:`~clustval.indices.counts.as_contingency`).

    Returns
    -------
    float
        The value :func:`sokal_sneath2` gives for the labels the table counts.

    See Also
    --------
    sokal_sneath2 : the same index from the labels, with its definition and references.

    Examples
    --------
    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]
    >>> sokal_sneath2_from_contingency(contingency(t, p)) == sokal_sneath2(t, p)
    True
    """
    tp, fp, fn, tn = ct.pairs
    # (yy + nn) / (yy + nn + (yn + ny) / 2), doubled to stay in integers
    return _pair_ratio(2 * (tp + tn), 2 * (tp + tn) + fn + fp, True)  # 0/0 only at n = 1


def vi_from_contingency(ct: Contingency) -> float:
    """Core of :func:`vi`.

    Parameters
    ----------
    ct : Contingency
        The contingency table of the classes (rows) and the clusters (columns), from
        :func:`~clustval.indices.contingency.contingency` or a table counted elsewhere
        (:func:`~clustval.indices.counts.as_contingency`).

    Returns
    -------
    float
        The value :func:`vi` gives for the labels the table counts.

    See Also
    --------
    vi : the same index from the labels, with its definition and references.

    Examples
    --------
    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]
    >>> vi_from_contingency(contingency(t, p)) == vi(t, p)
    True
    """
    n_ij = ct.cells.counts
    a, b = _sums_at_cells(ct)
    # VI = (1/n) sum_ij n_ij (log(a_i / n_ij) + log(b_j / n_ij)): every term >= 0, so no
    # cancellation (H(T) + H(P) - 2 MI would cancel), and exactly 0 for identical partitions;
    # log1p of the exact integer excess keeps a_i ~ n_ij accurate
    terms = n_ij * (np.log1p((a - n_ij) / n_ij) + np.log1p((b - n_ij) / n_ij))
    return float(terms.sum() / ct.n)


def czekanowski_dice(labels_true, labels_pred) -> float:
    """Czekanowski-Dice index: the harmonic mean of pair precision and pair recall.

    ``CD = 2 yy / (2 yy + yn + ny) = 2 TP / (2 TP + FN + FP)`` (clusterCrit's
    "Czekanowski_Dice"; Dice 1945), the pair-counting F-measure. Exact integer arithmetic,
    one rounding. (clusterCrit's vignette calls it "aka the Ochiai index"; Ochiai's
    coefficient is the geometric mean, :func:`fmi`.)

    Range [0, 1], higher is better, symmetric. When 2 TP + FN + FP = 0 both labellings are
    all-singletons, i.e. identical: 1.0 (the convention of :func:`jaccard`).

    Parameters
    ----------
    labels_true : array-like of shape (n_samples,)
        The true classes (clusterCrit's reference partition ``part1``): integers or strings.
    labels_pred : array-like of shape (n_samples,)
        The clusters to judge (``part2``), labelled the same way.

    Returns
    -------
    float
        Czekanowski-Dice, in [0, 1]; higher is better.

    Raises
    ------
    clustval.errors.InputError
        Labels that fail the checks of :func:`~clustval.indices.contingency.contingency`.

    See Also
    --------
    czekanowski_dice_from_contingency : the same index from a contingency table.
    precision, recall : the two pair ratios it averages.
    jaccard : TP / (TP + FN + FP), a monotone function of it.

    References
    ----------
    Dice L.R., Measures of the amount of ecologic association between species, Ecology 26(3),
    1945, 297-302.

    Czekanowski J., "Coefficient of racial likeness" und "durchschnittliche Differenz",
    Anthropologischer Anzeiger 9, 1932, 227-249.

    Desgraupes B., Clustering indices (clusterCrit vignette), 2013, sec. "The
    Czekanowski-Dice index".

    Examples
    --------
    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]  # the table [[2, 1], [0, 3]]
    >>> czekanowski_dice(t, p)  # TP, FP, FN = 4, 3, 2: 8 / (8 + 2 + 3)
    0.6153846153846154
    """
    return czekanowski_dice_from_contingency(contingency(labels_true, labels_pred))


def hubert_gamma(labels_true, labels_pred) -> float:
    """Hubert's normalised Gamma: the correlation of the two "same cluster" pair indicators.

    ``Gamma = (N_T yy - (yy + yn)(yy + ny)) / sqrt((yy + yn)(yy + ny)(nn + yn)(nn + ny))``
    over the N_T = C(n, 2) pairs (clusterCrit's "Hubert"; Hubert & Schultz 1976; Jain & Dubes
    1988), which equals ``(TP TN - FN FP) / sqrt((TP+FN)(TP+FP)(FN+TN)(FP+TN))``,
    the phi coefficient of the 2 x 2 pair table (Yule 1912). Exact integers, then one
    division and one square root.

    clusterCrit also lists a "Phi" criterion, printed and computed as this numerator over
    the product itself, without the square root: that is not the phi coefficient (its value
    for identical labellings is 1 / (TP TN), shrinking with n), so clustval offers the phi
    coefficient once, as this index.

    Range [-1, 1], higher is better, symmetric. When a denominator factor is 0 one labelling
    has a constant pair indicator (one class or cluster, or all singletons) and the numerator
    is 0 too: 1.0 for identical labellings, else 0.0, the value ARI takes there.

    Parameters
    ----------
    labels_true : array-like of shape (n_samples,)
        The true classes (clusterCrit's reference partition ``part1``): integers or strings.
    labels_pred : array-like of shape (n_samples,)
        The clusters to judge (``part2``), labelled the same way.

    Returns
    -------
    float
        Hubert's Gamma, in [-1, 1]; higher is better.

    Raises
    ------
    clustval.errors.InputError
        Labels that fail the checks of :func:`~clustval.indices.contingency.contingency`.

    See Also
    --------
    hubert_gamma_from_contingency : the same index from a contingency table.
    ari : the Rand index corrected for chance, from the same four counts.

    References
    ----------
    Hubert L., Schultz J., Quadratic assignment as a general data analysis strategy, British
    Journal of Mathematical and Statistical Psychology 29, 1976, 190-241.

    Jain A.K., Dubes R.C., Algorithms for Clustering Data, Prentice Hall, 1988.

    Desgraupes B., Clustering indices (clusterCrit vignette), 2013, sec. "The Hubert Gamma
    index".

    Examples
    --------
    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]  # TP, FP, FN, TN = 4, 3, 2, 6
    >>> round(hubert_gamma(t, p), 12)  # (4 * 6 - 2 * 3) / sqrt(6 * 7 * 8 * 9)
    0.327326835354
    """
    return hubert_gamma_from_contingency(contingency(labels_true, labels_pred))


def kulczynski(labels_true, labels_pred) -> float:
    """Kulczynski index: the arithmetic mean of pair precision and pair recall.

    ``K = (yy / (yy + ny) + yy / (yy + yn)) / 2 = (TP/(TP+FP) + TP/(TP+FN)) / 2``
    (clusterCrit's "Kulczynski"; Kulczynski 1927), evaluated over the common denominator:
    exact integers, one rounding.

    Range [0, 1], higher is better, symmetric. A ratio with no pair in its denominator takes
    the value of :func:`precision` and :func:`recall` there: 1.0 for identical labellings,
    else 0.0.

    Parameters
    ----------
    labels_true : array-like of shape (n_samples,)
        The true classes (clusterCrit's reference partition ``part1``): integers or strings.
    labels_pred : array-like of shape (n_samples,)
        The clusters to judge (``part2``), labelled the same way.

    Returns
    -------
    float
        Kulczynski, in [0, 1]; higher is better.

    Raises
    ------
    clustval.errors.InputError
        Labels that fail the checks of :func:`~clustval.indices.contingency.contingency`.

    See Also
    --------
    kulczynski_from_contingency : the same index from a contingency table.
    fmi : the geometric mean of the same two ratios.
    czekanowski_dice : their harmonic mean.

    References
    ----------
    Kulczynski S., Die Pflanzenassoziationen der Pieninen, Bulletin International de
    l'Academie Polonaise des Sciences et des Lettres, Classe des Sciences Mathematiques et
    Naturelles B, 1927, 57-203.

    Desgraupes B., Clustering indices (clusterCrit vignette), 2013, sec. "The Kulczynski
    index".

    Examples
    --------
    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]  # TP, FP, FN = 4, 3, 2
    >>> kulczynski(t, p)  # (4/7 + 4/6) / 2 = 13/21
    0.6190476190476191
    """
    return kulczynski_from_contingency(contingency(labels_true, labels_pred))


def mcnemar(labels_true, labels_pred) -> float:
    """McNemar statistic of the pair table: are the discordant pairs lopsided?

    ``C = (yn - ny) / sqrt(yn + ny) = (FN - FP) / sqrt(FN + FP)`` (clusterCrit's "McNemar",
    with its sign: positive when the clustering splits more same-class pairs than it joins
    different-class pairs); ``C**2`` is McNemar's (1947) chi-square statistic of marginal
    homogeneity, and under the hypothesis that the discordances are random C is about
    standard normal. Exact integers, then one division and one square root.

    A signed test statistic, not a validity index: neither large nor small values mean a
    better clustering (identical labellings give 0, and so does any labelling with
    FN = FP), so its registry entry has no better side (``direction="none"``): scoring
    reports it, but it ranks no clustering.
    Range (-inf, inf); |C| <= sqrt(FN + FP). 0.0 when no pair is discordant (FN + FP = 0).

    Parameters
    ----------
    labels_true : array-like of shape (n_samples,)
        The true classes (clusterCrit's reference partition ``part1``): integers or strings.
    labels_pred : array-like of shape (n_samples,)
        The clusters to judge (``part2``), labelled the same way.

    Returns
    -------
    float
        The statistic; antisymmetric: swapping the labellings changes its sign.

    Raises
    ------
    clustval.errors.InputError
        Labels that fail the checks of :func:`~clustval.indices.contingency.contingency`.

    See Also
    --------
    mcnemar_from_contingency : the same statistic from a contingency table.

    References
    ----------
    McNemar Q., Note on the sampling error of the difference between correlated proportions
    or percentages, Psychometrika 12(2), 1947, 153-157.

    Desgraupes B., Clustering indices (clusterCrit vignette), 2013, sec. "The McNemar index".

    Examples
    --------
    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]  # FP, FN = 3, 2
    >>> mcnemar(t, p)  # (2 - 3) / sqrt(5)
    -0.4472135954999579
    """
    return mcnemar_from_contingency(contingency(labels_true, labels_pred))


def precision(labels_true, labels_pred) -> float:
    """Pair precision: the share of pairs the clustering joins that share a class.

    ``P = yy / (yy + ny) = TP / (TP + FP)`` with the classes as the reference (clusterCrit's
    "Precision": ``part1`` is the reference, its vignette eq. for the precision
    coefficient). Exact integers, one rounding.

    Range [0, 1], higher is better; not symmetric (swapping the labellings gives
    :func:`recall`). When the clustering joins no pair (TP + FP = 0, all singletons): 1.0 if
    the classes are all-singletons too (identical labellings), else 0.0 (scikit-learn's
    ``zero_division`` default for an empty prediction, and :func:`fmi`'s value).

    Parameters
    ----------
    labels_true : array-like of shape (n_samples,)
        The true classes (clusterCrit's reference partition ``part1``): integers or strings.
    labels_pred : array-like of shape (n_samples,)
        The clusters to judge (``part2``), labelled the same way.

    Returns
    -------
    float
        Pair precision, in [0, 1]; higher is better.

    Raises
    ------
    clustval.errors.InputError
        Labels that fail the checks of :func:`~clustval.indices.contingency.contingency`.

    See Also
    --------
    precision_from_contingency : the same index from a contingency table.
    recall : the share of same-class pairs the clustering keeps together.
    bcubed_precision : precision per object instead of per pair.

    References
    ----------
    Desgraupes B., Clustering indices (clusterCrit vignette), 2013, sec. "Precision and
    recall coefficients".

    Pfitzner D., Leibbrandt R., Powers D., Characterization and evaluation of similarity
    measures for pairs of clusterings, Knowledge and Information Systems 19(3), 2009,
    361-394.

    Examples
    --------
    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]  # TP, FP = 4, 3
    >>> precision(t, p)  # 4 / 7
    0.5714285714285714
    """
    return precision_from_contingency(contingency(labels_true, labels_pred))


def recall(labels_true, labels_pred) -> float:
    """Pair recall: the share of same-class pairs that the clustering keeps together.

    ``R = yy / (yy + yn) = TP / (TP + FN)`` with the classes as the reference (clusterCrit's
    "Recall": ``part1`` is the reference, its vignette eq. for the recall coefficient).
    Exact integers, one rounding.

    Range [0, 1], higher is better; not symmetric (swapping the labellings gives
    :func:`precision`). When no two objects share a class (TP + FN = 0): 1.0 if the clusters
    are all-singletons too (identical labellings), else 0.0.

    Parameters
    ----------
    labels_true : array-like of shape (n_samples,)
        The true classes (clusterCrit's reference partition ``part1``): integers or strings.
    labels_pred : array-like of shape (n_samples,)
        The clusters to judge (``part2``), labelled the same way.

    Returns
    -------
    float
        Pair recall, in [0, 1]; higher is better.

    Raises
    ------
    clustval.errors.InputError
        Labels that fail the checks of :func:`~clustval.indices.contingency.contingency`.

    See Also
    --------
    recall_from_contingency : the same index from a contingency table.
    precision : the share of joined pairs that share a class.
    bcubed_recall : recall per object instead of per pair.

    References
    ----------
    Desgraupes B., Clustering indices (clusterCrit vignette), 2013, sec. "Precision and
    recall coefficients".

    Pfitzner D., Leibbrandt R., Powers D., Characterization and evaluation of similarity
    measures for pairs of clusterings, Knowledge and Information Systems 19(3), 2009,
    361-394.

    Examples
    --------
    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]  # TP, FN = 4, 2
    >>> recall(t, p)  # 4 / 6
    0.6666666666666666
    """
    return recall_from_contingency(contingency(labels_true, labels_pred))


def rogers_tanimoto(labels_true, labels_pred) -> float:
    """Rogers-Tanimoto index: agreeing pairs against disagreeing pairs counted twice.

    ``RT = (yy + nn) / (yy + nn + 2 (yn + ny)) = (TP + TN) / (TP + TN + 2 (FN + FP))``
    (clusterCrit's "Rogers_Tanimoto"; Rogers & Tanimoto 1960). Exact integers, one rounding.

    Range [0, 1], higher is better, symmetric; a monotone function of :func:`rand`. n = 1
    (no pairs) gives 1.0, as :func:`rand` does.

    Parameters
    ----------
    labels_true : array-like of shape (n_samples,)
        The true classes (clusterCrit's reference partition ``part1``): integers or strings.
    labels_pred : array-like of shape (n_samples,)
        The clusters to judge (``part2``), labelled the same way.

    Returns
    -------
    float
        Rogers-Tanimoto, in [0, 1]; higher is better.

    Raises
    ------
    clustval.errors.InputError
        Labels that fail the checks of :func:`~clustval.indices.contingency.contingency`.

    See Also
    --------
    rogers_tanimoto_from_contingency : the same index from a contingency table.
    rand : (TP + TN) / C(n, 2).
    sokal_sneath2 : disagreeing pairs counted half.

    References
    ----------
    Rogers D.J., Tanimoto T.T., A computer program for classifying plants, Science
    132(3434), 1960, 1115-1118.

    Desgraupes B., Clustering indices (clusterCrit vignette), 2013, sec. "The
    Rogers-Tanimoto index".

    Examples
    --------
    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]  # TP, FP, FN, TN = 4, 3, 2, 6
    >>> rogers_tanimoto(t, p)  # 10 / (10 + 2 * 5)
    0.5
    """
    return rogers_tanimoto_from_contingency(contingency(labels_true, labels_pred))


def russel_rao(labels_true, labels_pred) -> float:
    """Russell-Rao coefficient: the share of all pairs that are together in both labellings.

    ``RR = yy / N_T = TP / C(n, 2)`` (clusterCrit's "Russel_Rao", its spelling; Russell &
    Rao 1940). Exact integers, one rounding.

    Range [0, 1], symmetric, higher is better, but not up to 1: the clustering equal to
    the classes scores sum_i C(a_i, 2) / C(n, 2), the share of same-class pairs, which
    merging every object into one cluster scores too, and 1 needs a single class (its
    registry entry says so: ``perfect_at_bound=False``). n = 1 (no pairs) gives 1.0, as
    :func:`rand` does.

    Parameters
    ----------
    labels_true : array-like of shape (n_samples,)
        The true classes (clusterCrit's reference partition ``part1``): integers or strings.
    labels_pred : array-like of shape (n_samples,)
        The clusters to judge (``part2``), labelled the same way.

    Returns
    -------
    float
        Russell-Rao, in [0, 1].

    Raises
    ------
    clustval.errors.InputError
        Labels that fail the checks of :func:`~clustval.indices.contingency.contingency`.

    See Also
    --------
    russel_rao_from_contingency : the same coefficient from a contingency table.
    hubert_gamma : its standardised form (the correlation of the pair indicators).

    References
    ----------
    Russell P.F., Rao T.R., On habitat and association of species of anopheline larvae in
    south-eastern Madras, Journal of the Malaria Institute of India 3, 1940, 153-178.

    Desgraupes B., Clustering indices (clusterCrit vignette), 2013, sec. "The Russel-Rao
    index".

    Examples
    --------
    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]  # TP = 4 of 15 pairs
    >>> russel_rao(t, p)
    0.26666666666666666
    """
    return russel_rao_from_contingency(contingency(labels_true, labels_pred))


def sokal_sneath1(labels_true, labels_pred) -> float:
    """First Sokal-Sneath index: pairs together in both against disagreeing pairs counted twice.

    ``SS1 = yy / (yy + 2 (yn + ny)) = TP / (TP + 2 (FN + FP))`` (clusterCrit's
    "Sokal_Sneath1"; Sokal & Sneath 1963). Exact integers, one rounding.

    Range [0, 1], higher is better, symmetric; a monotone function of :func:`jaccard`. When
    TP + FN + FP = 0 both labellings are all-singletons, i.e. identical: 1.0.

    Parameters
    ----------
    labels_true : array-like of shape (n_samples,)
        The true classes (clusterCrit's reference partition ``part1``): integers or strings.
    labels_pred : array-like of shape (n_samples,)
        The clusters to judge (``part2``), labelled the same way.

    Returns
    -------
    float
        SS1, in [0, 1]; higher is better.

    Raises
    ------
    clustval.errors.InputError
        Labels that fail the checks of :func:`~clustval.indices.contingency.contingency`.

    See Also
    --------
    sokal_sneath1_from_contingency : the same index from a contingency table.
    jaccard : TP / (TP + FN + FP).

    References
    ----------
    Sokal R.R., Sneath P.H.A., Principles of Numerical Taxonomy, W.H. Freeman, San
    Francisco, 1963.

    Desgraupes B., Clustering indices (clusterCrit vignette), 2013, sec. "The Sokal-Sneath
    indices".

    Examples
    --------
    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]  # TP, FP, FN = 4, 3, 2
    >>> sokal_sneath1(t, p)  # 4 / (4 + 2 * 5)
    0.2857142857142857
    """
    return sokal_sneath1_from_contingency(contingency(labels_true, labels_pred))


def sokal_sneath2(labels_true, labels_pred) -> float:
    """Second Sokal-Sneath index: agreeing pairs against disagreeing pairs counted half.

    ``SS2 = (yy + nn) / (yy + nn + (yn + ny) / 2) = 2 (TP + TN) / (2 (TP + TN) + FN + FP)``
    (clusterCrit's "Sokal_Sneath2"; Sokal & Sneath 1963). Exact integers, one rounding.

    Range [0, 1], higher is better, symmetric; a monotone function of :func:`rand`. n = 1
    (no pairs) gives 1.0, as :func:`rand` does.

    Parameters
    ----------
    labels_true : array-like of shape (n_samples,)
        The true classes (clusterCrit's reference partition ``part1``): integers or strings.
    labels_pred : array-like of shape (n_samples,)
        The clusters to judge (``part2``), labelled the same way.

    Returns
    -------
    float
        SS2, in [0, 1]; higher is better.

    Raises
    ------
    clustval.errors.InputError
        Labels that fail the checks of :func:`~clustval.indices.contingency.contingency`.

    See Also
    --------
    sokal_sneath2_from_contingency : the same index from a contingency table.
    rogers_tanimoto : disagreeing pairs counted twice.

    References
    ----------
    Sokal R.R., Sneath P.H.A., Principles of Numerical Taxonomy, W.H. Freeman, San
    Francisco, 1963.

    Desgraupes B., Clustering indices (clusterCrit vignette), 2013, sec. "The Sokal-Sneath
    indices".

    Examples
    --------
    >>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]  # TP, FP, FN, TN = 4, 3, 2, 6
    >>> sokal_sneath2(t, p)  # 20 / (20 + 5)
    0.8
    """
    return sokal_sneath2_from_contingency(contingency(labels_true, labels_pred))


def vi(labels_true, labels_pred) -> float:
    """Variation of information: the information lost and gained going from one labelling
    to the other.

    ``VI = H(T | P) + H(P | T) = H(T) + H(P) - 2 MI(T, P)`` in nats (Meila 2007),
    evaluated as ``(1/n) sum_ij n_ij (log(a_i / n_ij) + log(b_j / n_ij))``, a sum of
    non-negative terms. A metric on partitions (Meila 2007).

    Range [0, log n], lower is better, symmetric; 0 iff the labellings are identical up to
    renaming. Defined for every input (n = 1 gives 0.0).

    Parameters
    ----------
    labels_true : array-like of shape (n_samples,)
        The true classes: integers (any sign, gaps allowed) or strings.
    labels_pred : array-like of shape (n_samples,)
        The clusters to judge, labelled the same way.

    Returns
    -------
    float
        VI in nats, in [0, log n]; lower is better.

    Raises
    ------
    clustval.errors.InputError
        Labels that fail the checks of :func:`~clustval.indices.contingency.contingency`.

    See Also
    --------
    vi_from_contingency : the same index from a contingency table.
    mutual_info : MI(T, P), which VI subtracts twice.
    nmi : MI normalised by the mean entropy.

    References
    ----------
    Meila M., Comparing clusterings - an information based distance, Journal of
    Multivariate Analysis 98(5), 2007, 873-895.

    Examples
    --------
    >>> vi([0, 0, 1, 1], [0, 0, 0, 0])  # H(T | P) = log 2, H(P | T) = 0
    0.6931471805599453
    >>> vi([0, 0, 1, 1], [5, 5, 7, 7])
    0.0
    """
    return vi_from_contingency(contingency(labels_true, labels_pred))
