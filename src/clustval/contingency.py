"""The contingency table of two labellings, and the pair counts and matching derived from it.

Every external index in :mod:`clustval.external` is a function of this table alone
(SPEC section 4): building it costs O(n); everything after it costs O(C*K).

Notation (SPEC 4): rows are the C true classes, columns the K predicted clusters,
``n_ij`` the number of objects of class i in cluster j, ``a_i`` the row sums and
``b_j`` the column sums.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np
from scipy.optimize import linear_sum_assignment

from ._validation import check_label_pair, factorize
from .errors import InputError, UndefinedIndexError

# A dense table beyond this many cells (512 MiB of int64) is refused rather than
# exhausting memory: this only happens with thousands of classes AND clusters.
MAX_TABLE_CELLS = 2**26
# Below this total, every x * (x - 1) and their sum fit in int64 (total**2 < 2**63).
_INT64_SAFE_TOTAL = math.isqrt(2**63 - 1)


class PairCounts(NamedTuple):
    """Counts of unordered object pairs (SPEC 4; seed 001's a, b, c, d), exact Python ints.

    tp: same class and same cluster; fp: different classes, same cluster;
    fn: same class, different clusters; tn: different classes and different clusters.
    """

    tp: int
    fp: int
    fn: int
    tn: int


class Matching(NamedTuple):
    """A one-to-one map between classes and clusters: class ``rows[k]`` <-> cluster ``cols[k]``."""

    rows: np.ndarray
    cols: np.ndarray


class Cells(NamedTuple):
    """The non-zero cells of a table in row-major order: ``table[rows[k], cols[k]] = counts[k]``."""

    rows: np.ndarray
    cols: np.ndarray
    counts: np.ndarray


def sum_pairs(counts: np.ndarray) -> int:
    """Return sum_x C(x, 2) over non-negative integer ``counts``, exactly, as a Python int.

    int64 arithmetic is exact while the counts total less than 3.04e9; above that the sum
    is taken in Python integers (over the C*K cells, never over the n objects).
    """
    x = np.asarray(counts, dtype=np.int64).ravel()
    if int(x.sum()) <= _INT64_SAFE_TOTAL:
        return int((x * (x - 1)).sum()) // 2
    return sum(v * (v - 1) for v in x.tolist()) // 2


@dataclass(frozen=True, eq=False)
class Contingency:
    """Contingency table of true classes (rows) against predicted clusters (columns).

    Build it with :func:`contingency` from two label vectors, or with
    :meth:`from_table` from a published table. It is immutable: ``table`` is a read-only
    int64 array, and the derived quantities are computed once and cached.

    Attributes
    ----------
    table : ndarray of shape (C, K), int64
        ``table[i, j]`` = number of objects of class ``classes[i]`` in cluster ``clusters[j]``.
        No row or column is empty.
    classes, clusters : ndarray
        The distinct true and predicted labels, sorted.
    n : int
        Number of objects (the table's total).
    """

    table: np.ndarray
    classes: np.ndarray
    clusters: np.ndarray
    n: int

    def __post_init__(self) -> None:
        table = np.asarray(self.table)
        if table.ndim != 2:
            raise InputError(
                f"A contingency table must be 2-D (classes x clusters), got shape {table.shape}."
            )
        if table.dtype.kind not in "iu" or (table < 0).any():
            raise InputError("A contingency table must hold non-negative integer counts.")
        if table.size == 0 or not table.any(axis=1).all() or not table.any(axis=0).all():
            raise InputError(
                "Every row (class) and column (cluster) of a contingency table needs at least one "
                "object: drop the empty rows and columns."
            )
        table = np.array(
            table, dtype=np.int64
        )  # own copy, so freezing it cannot touch the caller's
        table.setflags(write=False)
        classes, clusters = np.asarray(self.classes), np.asarray(self.clusters)
        if classes.shape != (table.shape[0],) or clusters.shape != (table.shape[1],):
            raise InputError(
                f"Expected {table.shape[0]} class labels and {table.shape[1]} cluster labels for a "
                f"table of shape {table.shape}, got {classes.shape} and {clusters.shape}."
            )
        if int(self.n) != int(table.sum()):
            raise InputError(f"n = {self.n} but the table's counts add up to {int(table.sum())}.")
        object.__setattr__(self, "table", table)
        object.__setattr__(self, "classes", classes)
        object.__setattr__(self, "clusters", clusters)
        object.__setattr__(self, "n", int(self.n))

    @classmethod
    def _counted(cls, table: np.ndarray, classes, clusters, n: int) -> Contingency:
        """Wrap a table :func:`contingency` has just counted and checked (no copy, no checks)."""
        ct = object.__new__(cls)
        for name, value in (("table", _frozen(table)), ("classes", classes),
                            ("clusters", clusters), ("n", int(n))):  # fmt: skip
            object.__setattr__(ct, name, value)
        return ct

    @classmethod
    def from_table(cls, table, classes=None, clusters=None) -> Contingency:
        """Wrap a given (C, K) count table; labels default to 0..C-1 and 0..K-1."""
        table = np.asarray(table)
        if (
            table.dtype.kind == "f"
            and np.all(np.isfinite(table))
            and np.all(table == np.round(table))
        ):
            table = table.astype(np.int64)
        if table.ndim != 2 or table.dtype.kind not in "iu":
            raise InputError(
                f"A contingency table must be a 2-D array of integer counts, got shape "
                f"{table.shape} and dtype {table.dtype}."
            )
        classes = np.arange(table.shape[0]) if classes is None else classes
        clusters = np.arange(table.shape[1]) if clusters is None else clusters
        return cls(table, classes, clusters, int(table.sum()))

    @property
    def n_classes(self) -> int:
        """C, the number of true classes."""
        return self.table.shape[0]

    @property
    def n_clusters(self) -> int:
        """K, the number of predicted clusters."""
        return self.table.shape[1]

    @functools.cached_property
    def row_sums(self) -> np.ndarray:
        """a_i, the class sizes (int64, read-only)."""
        return _frozen(self.table.sum(axis=1))

    @functools.cached_property
    def col_sums(self) -> np.ndarray:
        """b_j, the cluster sizes (int64, read-only)."""
        return _frozen(self.table.sum(axis=0))

    @functools.cached_property
    def cells(self) -> Cells:
        """The non-zero cells (row-major), for the indices whose terms vanish on empty cells."""
        flat = np.flatnonzero(self.table)
        rows, cols = np.divmod(flat, self.n_clusters)
        return Cells(_frozen(rows), _frozen(cols), _frozen(self.table.ravel()[flat]))

    @functools.cached_property
    def pairs(self) -> PairCounts:
        """Unordered pair counts from the table (SPEC 4, paper eq. 6), exact Python ints.

        TP = sum_ij C(n_ij, 2); FN = sum_i C(a_i, 2) - TP; FP = sum_j C(b_j, 2) - TP;
        TN = C(n, 2) - TP - FN - FP.
        """
        tp = sum_pairs(self.cells.counts)  # empty cells add C(0, 2) = 0
        fn = sum_pairs(self.row_sums) - tp
        fp = sum_pairs(self.col_sums) - tp
        tn = self.n * (self.n - 1) // 2 - tp - fn - fp
        return PairCounts(tp=tp, fp=fp, fn=fn, tn=tn)

    @functools.cached_property
    def s2_cells(self) -> np.ndarray:
        """S2_c for pairing class i with cluster j, for every cell (paper eqs. 1-3, SPEC 4.1).

        ``sens = n_ij / a_i``, ``spec = (n - a_i - b_j + n_ij) / (n - a_i)``,
        ``S2_ij = 2 sens spec / (sens + spec)``, and 0 when both are 0. Shape (C, K).

        Raises
        ------
        UndefinedIndexError
            C = 1: no object is negative for the only class, so every specificity is 0/0.
        """
        rows = np.arange(self.n_classes)[:, None]
        return _frozen(self.s2_at(rows, np.arange(self.n_clusters)[None, :]))

    def s2_at(self, rows: np.ndarray, cols: np.ndarray) -> np.ndarray:
        """:attr:`s2_cells` at the cells ``(rows, cols)`` only (numpy indexing rules).

        Element by element the same operations as :attr:`s2_cells`, so the values are identical.

        Raises
        ------
        UndefinedIndexError
            C = 1 (see :attr:`s2_cells`).
        """
        if self.n_classes == 1:
            raise UndefinedIndexError(
                "S2 is undefined with a single true class: every specificity is 0/0 (there are "
                "no negatives). Score a labelling with at least two classes."
            )
        a, b, n_ij = self.row_sums[rows], self.col_sums[cols], self.table[rows, cols]
        sensitivity = n_ij / a
        specificity = (self.n - a - b + n_ij) / (self.n - a)
        total = sensitivity + specificity
        return np.divide(
            2.0 * sensitivity * specificity, total, out=np.zeros(total.shape), where=total > 0
        )

    @functools.cached_property
    def matching(self) -> Matching:
        """The one-to-one class-cluster map that maximises the matched counts sum n_{i,s(i)}.

        Hungarian algorithm (``scipy.optimize.linear_sum_assignment``) on the table; it has
        min(C, K) pairs. Accuracy and S2 share this one cached map. When several maps reach
        the maximum count (accuracy is the same for all), the one with the largest sum of
        :attr:`s2_cells` is taken, so that S2 does not depend on how labels are named or
        ordered; the paper leaves ties open.

        When every class (every cluster if C > K) has a strict largest count, in distinct
        clusters (classes), that map is the unique maximum and is taken without the Hungarian
        algorithm (:func:`dominant_matching`); the result is the same.
        """
        dominant = dominant_matching(self.table)
        if dominant is not None:  # the unique count maximum, so also the tie-broken one
            return dominant
        weights = self.table.astype(np.float64)
        if self.n_classes > 1:
            # Counts are integers and the S2 bonus over min(C, K) pairs sums to less than 1,
            # so a count-maximising map always wins; the bonus only breaks ties.
            weights += self.s2_cells / (min(self.table.shape) + 1)
        rows, cols = linear_sum_assignment(weights, maximize=True)
        return Matching(_frozen(rows), _frozen(cols))


def dominant_matching(weights: np.ndarray) -> Matching | None:
    """The maximum-weight one-to-one map when it is obvious, else None.

    With C <= K rows: if every row has a strict maximum and these lie in distinct columns,
    giving each row its maximum is a map no other can equal (any other gives some row less),
    so it is THE maximum-weight map. With C > K the same holds for columns. Costs a few
    passes over the table, against the Hungarian algorithm's O(C K min(C, K)) worst case.

    Returns
    -------
    Matching or None
        Pairs sorted by row, as ``scipy.optimize.linear_sum_assignment`` returns them.
    """
    axis = 1 if weights.shape[0] <= weights.shape[1] else 0
    best = weights.argmax(axis=axis)
    top = np.take_along_axis(weights, np.expand_dims(best, axis), axis)
    strict = np.count_nonzero(weights == top, axis=axis)
    if (strict != 1).any() or np.bincount(best).max() > 1:
        return None
    lines = np.arange(best.size)
    if axis == 1:
        return Matching(_frozen(lines), _frozen(best))
    order = np.argsort(best)
    return Matching(_frozen(best[order]), _frozen(lines[order]))


def contingency(labels_true, labels_pred) -> Contingency:
    """Count the objects of each (true class, predicted cluster) pair in O(n + C*K).

    Parameters
    ----------
    labels_true, labels_pred : array-like of shape (n,)
        Class and cluster labels: integers (any sign, gaps allowed) or strings.

    Returns
    -------
    Contingency
        Rows follow the sorted distinct true labels, columns the sorted distinct predicted
        labels.

    Raises
    ------
    InputError
        Empty, non-1-D, NaN-holding or unequal-length labels, or a table above
        ``MAX_TABLE_CELLS`` cells.
    """
    t, p = check_label_pair(labels_true, labels_pred)
    # Small-span integer labels keep codes for absent values (saving a pass over the labels);
    # the empty rows and columns this leaves are dropped once the table is counted.
    codes_t, values_t = factorize(t, allow_absent=True)
    codes_p, values_p = factorize(p, allow_absent=True)
    rows, cols = len(values_t), len(values_p)
    if rows * cols > MAX_TABLE_CELLS:
        raise InputError(
            f"{rows} classes x {cols} clusters is too large for a dense contingency table "
            f"(limit {MAX_TABLE_CELLS} cells); external indices need far fewer clusters."
        )
    key = codes_t  # key = code_t * cols + code_p, in place: each n-array costs a bincount
    key *= cols
    key += codes_p
    table = np.bincount(key, minlength=rows * cols).reshape(rows, cols)
    used_rows, used_cols = table.any(axis=1), table.any(axis=0)
    if not (used_rows.all() and used_cols.all()):
        table = table[np.ix_(used_rows, used_cols)]
        values_t, values_p = values_t[used_rows], values_p[used_cols]
    return Contingency._counted(table, values_t, values_p, t.shape[0])


def _frozen(a: np.ndarray) -> np.ndarray:
    a.setflags(write=False)
    return a
