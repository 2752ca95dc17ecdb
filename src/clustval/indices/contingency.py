"""The contingency table of two labellings, and the generic quantities derived from it.

Every external index in :mod:`clustval.indices.external` is a function of this table alone:
building it costs O(n); everything after it costs O(C*K). The table knows no single index:
it counts (cells, sums, pairs) and caches what indices derive from it
(:meth:`Contingency.derived`); each index's own formula lives with the index.

Notation: rows are the C true classes, columns the K predicted clusters,
``n_ij`` the number of objects of class i in cluster j, ``a_i`` the row sums and
``b_j`` the column sums.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Callable, NamedTuple, TypeVar

import numpy as np

from .._engine import compiled as _compiled
from .._engine.docs import PASS_PARAMETERS, with_parameters
from .._engine.validation import undefined_policy
from ..errors import InputError
from ._docs import SCORES_PARAMETERS, VALUE_PARAMETERS, VALUE_RETURNS, described
from .objects import MAX_OBJECTS, Labels, check_label_pair, check_sample_weight, factorize, small_int64_range

# A dense table beyond this many cells (512 MiB of int64) is refused rather than
# exhausting memory: this only happens with thousands of classes AND clusters. (The sparse
# count's cell keys are int32 under this bound.)
MAX_TABLE_CELLS = 2**26
# Above this many table cells per object, the table is counted from its non-zero cells.
_SPARSE_CELLS_PER_OBJECT = 4
# Below this total, every x * (x - 1) and their sum fit in int64 (total**2 < 2**63).
_INT64_SAFE_TOTAL = MAX_OBJECTS
# From this many non-zero cells, Contingency.scores draws cp_accuracy_mc on a second thread
# (below it, starting the thread costs more than the draws).
_THREADED_DRAW_MIN_CELLS = 2**14

T = TypeVar("T")


class PairCounts(NamedTuple):
    """Counts of unordered object pairs (a, b, c, d in Zhou 2016, sec. 9.2), exact Python ints.

    tp: same class and same cluster; fp: different classes, same cluster;
    fn: same class, different clusters; tn: different classes and different clusters.

    Examples
    --------
    >>> contingency([0, 0, 1], [0, 1, 1]).pairs  # (0, 1) split, (1, 2) merged, (0, 2) apart
    PairCounts(tp=0, fp=1, fn=1, tn=1)
    """

    tp: int
    fp: int
    fn: int
    tn: int


class Matching(NamedTuple):
    """A one-to-one map between classes and clusters: class ``rows[k]`` <-> cluster ``cols[k]``.

    Examples
    --------
    >>> Contingency.from_table([[0, 4], [3, 0]]).dominant_matching
    Matching(rows=array([0, 1]), cols=array([1, 0]))
    """

    rows: np.ndarray
    cols: np.ndarray


class Cells(NamedTuple):
    """The non-zero cells of a table in row-major order: ``table[rows[k], cols[k]] = counts[k]``.

    Examples
    --------
    >>> Contingency.from_table([[0, 3], [2, 0]]).cells
    Cells(rows=array([0, 1]), cols=array([1, 0]), counts=array([3, 2]))
    """

    rows: np.ndarray
    cols: np.ndarray
    counts: np.ndarray


#: A table of counts as its readers take it (the checks, from_table, as_contingency, the bootstrap)
TABLE = """table : array-like of shape (C, K)
    Non-negative integer counts, rows classes and columns clusters: ``table[i][j]`` objects of
    class i in cluster j."""


@with_parameters({"table": TABLE})
def checked_total(table: np.ndarray, where: str = "the contingency table") -> int:
    """The exact sum of non-negative integer counts, or InputError above ``MAX_OBJECTS``.

    int64 sums wrap silently (four cells of 2^62 add up to 0), and the indices multiply
    two counts (a_i b_j, n_ij^2) in int64: every index is exact up to ``MAX_OBJECTS``
    objects, so a larger total is refused here, once, rather than computed wrongly.

    Parameters
    ----------
    where : str, default "the contingency table"
        What the table is, for the message.

    Returns
    -------
    int
        The sum of the counts, exact, as a Python int.

    Raises
    ------
    clustval.errors.InputError
        The total is above ``MAX_OBJECTS``.

    Examples
    --------
    >>> checked_total(np.array([[2, 3], [0, 1]]))
    6
    """
    if table.size == 0:
        return 0
    if int(table.max()) <= (2**63 - 1) // table.size:  # no partial sum can wrap
        total = int(table.sum())
    else:
        total = sum(int(value) for value in table.ravel() if value)
    if total > MAX_OBJECTS:
        raise InputError(
            f"{where}: {total} objects in all, more than {MAX_OBJECTS}, the most the indices compute "
            "exactly (they multiply two counts, a product that must fit int64)."
        )
    return total


def sum_pairs(counts: np.ndarray) -> int:
    """Return sum_x C(x, 2) over non-negative integer ``counts``, exactly, as a Python int.

    int64 arithmetic is exact while the counts total less than 3.04e9; above that the sum
    is taken in Python integers (over the C*K cells, never over the n objects).

    Parameters
    ----------
    counts : ndarray of int
        Non-negative integer counts.

    Returns
    -------
    int
        sum_x x (x - 1) / 2, exact.

    Examples
    --------
    >>> sum_pairs([2, 3, 1])  # 1 + 3 + 0
    4
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

    Examples
    --------
    >>> ct = contingency(["a", "a", "b"], [1, 2, 2])
    >>> ct.table
    array([[1, 1],
           [0, 1]])
    >>> ct.classes, ct.clusters, ct.n
    (array(['a', 'b'], dtype='<U1'), array([1, 2]), 3)
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
        checked_total(table)  # before the int64 copy, which could wrap (uint64) or overflow
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
    def _counted(
        cls, table: np.ndarray, classes, clusters, n: int, row_sums, col_sums
    ) -> Contingency:
        """Wrap a table :func:`contingency` has just counted and checked (no copy, no checks).

        ``row_sums`` and ``col_sums`` (``table.sum(axis=1)`` and ``axis=0``) fill the caches.
        """
        ct = object.__new__(cls)
        for name, value in (("classes", classes), ("clusters", clusters), ("n", int(n)),
                            ("row_sums", _frozen(row_sums)),
                            ("col_sums", _frozen(col_sums))):  # fmt: skip
            object.__setattr__(ct, name, value)  # cached_property reads the instance's own
        if table is not None:  # None: the sparse count sets the cells; table on first use
            object.__setattr__(ct, "table", _frozen(table))
        return ct

    def __getattr__(self, name: str):
        # Only reached for an attribute not set: the table of a sparse count (C*K >> n),
        # filled from the non-zero cells the first time an index asks for the dense table.
        cells = self.__dict__.get("cells")
        if name != "table" or cells is None:
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        _checked_shape(self.classes, self.clusters)  # a count of many labels: its cells only
        table = np.zeros(self.shape, dtype=np.int64)
        table[cells.rows, cells.cols] = cells.counts
        object.__setattr__(self, "table", _frozen(table))
        return table

    @classmethod
    @with_parameters({"table": TABLE})
    def from_table(cls, table, classes=None, clusters=None) -> Contingency:
        """Wrap a given (C, K) count table; labels default to 0..C-1 and 0..K-1.

        Parameters
        ----------
        classes : array-like of shape (C,), optional
            The class labels of the rows; default 0..C-1.
        clusters : array-like of shape (K,), optional
            The cluster labels of the columns; default 0..K-1.

        Returns
        -------
        Contingency
            The table with its labels.

        See Also
        --------
        clustval.indices.counts.as_contingency : checks the counts and drops empty rows and columns.

        Examples
        --------
        >>> Contingency.from_table([[5, 0], [1, 4]], classes=["x", "y"]).row_sums
        array([5, 5])
        """
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
    def shape(self) -> tuple[int, int]:
        """(C, K), the table's shape (known without filling a sparse count's table).

        Examples
        --------
        >>> Contingency.from_table([[5, 0, 1], [1, 4, 0]]).shape
        (2, 3)
        """
        return len(self.classes), len(self.clusters)

    @property
    def n_classes(self) -> int:
        """C, the number of true classes.

        Examples
        --------
        >>> Contingency.from_table([[5, 0, 1], [1, 4, 0]]).n_classes
        2
        """
        return len(self.classes)

    @property
    def n_clusters(self) -> int:
        """K, the number of predicted clusters.

        Examples
        --------
        >>> Contingency.from_table([[5, 0, 1], [1, 4, 0]]).n_clusters
        3
        """
        return len(self.clusters)

    def counts_at(self, rows: np.ndarray, cols: np.ndarray) -> np.ndarray:
        """n_ij at the cells ``(rows[k], cols[k])`` (1-D index arrays), without the dense
        table when it has not been filled: looked up among the row-major non-zero cells.

        Parameters
        ----------
        rows : ndarray of int
            Row (class) positions.
        cols : ndarray of int
            Column (cluster) positions, as many as ``rows``.

        Returns
        -------
        ndarray of int64
            n_ij at each cell, 0 where the table has no object.

        Examples
        --------
        >>> import numpy as np
        >>> Contingency.from_table([[5, 0], [1, 4]]).counts_at(np.array([0, 1]), np.array([1, 1]))
        array([0, 4])
        """
        if "table" in self.__dict__:
            return self.table[rows, cols]
        cells = self.cells
        keys = cells.rows * self.n_clusters + cells.cols  # ascending: cells are row-major
        wanted = np.asarray(rows, dtype=np.int64) * self.n_clusters + np.asarray(cols, dtype=np.int64)
        at = np.minimum(np.searchsorted(keys, wanted), keys.size - 1)
        return np.where(keys[at] == wanted, cells.counts[at], 0)

    @functools.cached_property
    def row_sums(self) -> np.ndarray:
        """a_i, the class sizes (int64, read-only).

        Examples
        --------
        >>> Contingency.from_table([[5, 0, 1], [1, 4, 0]]).row_sums
        array([6, 5])
        """
        return _frozen(self.table.sum(axis=1))

    @functools.cached_property
    def col_sums(self) -> np.ndarray:
        """b_j, the cluster sizes (int64, read-only).

        Examples
        --------
        >>> Contingency.from_table([[5, 0, 1], [1, 4, 0]]).col_sums
        array([6, 4, 1])
        """
        return _frozen(self.table.sum(axis=0))

    @functools.cached_property
    def cells(self) -> Cells:
        """The non-zero cells (row-major), for the indices whose terms vanish on empty cells.

        Examples
        --------
        >>> Contingency.from_table([[5, 0, 1], [1, 4, 0]]).cells.counts
        array([5, 1, 1, 4])
        """
        kernels = _compiled.kernels(self.table.size)
        if kernels is not None:  # one compiled scan: ~1.4 ms against ~2.4 ms on 10^6 cells
            # views with numpy's own int64 dtype: numba's equal but distinct dtype object
            # makes np.add.at (BCubed) take its slow path, 30x slower
            rows, cols, counts = (a.view(np.int64) for a in kernels.nonzero_cells(self.table))
        else:
            flat = np.flatnonzero(self.table != 0)  # faster than on the int64 table itself
            rows, cols = np.divmod(flat, self.n_clusters)
            counts = self.table.ravel()[flat]
        return Cells(_frozen(rows), _frozen(cols), _frozen(counts))

    @functools.cached_property
    def sums_at_cells(self) -> tuple[np.ndarray, np.ndarray]:
        """The row and column sums at each non-zero cell: ``row_sums[rows]``, ``col_sums[cols]``
        (:attr:`cells`), as the indices of the cells read a_i and b_j.

        Examples
        --------
        >>> a, b = Contingency.from_table([[2, 1], [0, 3]]).sums_at_cells
        >>> a.tolist(), b.tolist()
        ([3, 3, 3], [2, 4, 4])
        """
        rows, cols, _ = self.cells
        return self.row_sums[rows], self.col_sums[cols]

    @functools.cached_property
    def pairs(self) -> PairCounts:
        """Unordered pair counts from the table (paper eq. 6), exact Python ints.

        TP = sum_ij C(n_ij, 2); FN = sum_i C(a_i, 2) - TP; FP = sum_j C(b_j, 2) - TP;
        TN = C(n, 2) - TP - FN - FP.

        Examples
        --------
        >>> Contingency.from_table([[2, 1], [0, 3]]).pairs  # TP = 1 + 3, FN = 6 - 4, FP = 7 - 4
        PairCounts(tp=4, fp=3, fn=2, tn=6)
        """
        tp = sum_pairs(self.cells.counts)  # empty cells add C(0, 2) = 0
        fn = sum_pairs(self.row_sums) - tp
        fp = sum_pairs(self.col_sums) - tp
        tn = self.n * (self.n - 1) // 2 - tp - fn - fp
        return PairCounts(tp=tp, fp=fp, fn=fn, tn=tn)

    @functools.cached_property
    def dominant_matching(self) -> Matching | None:
        """The obvious count-maximising one-to-one class-cluster map, or None.

        Found from the non-zero :attr:`cells` (:func:`dominant_matching_at_cells`); cached,
        as several indices start from it.

        Examples
        --------
        >>> Contingency.from_table([[5, 1], [0, 4]]).dominant_matching
        Matching(rows=array([0, 1]), cols=array([0, 1]))
        >>> Contingency.from_table([[2, 2], [1, 3]]).dominant_matching is None  # row 0 tied
        True
        """
        rows, cols, counts = self.cells
        return dominant_matching_at_cells(rows, cols, counts, self.shape)

    def derived(self, compute: Callable[[Contingency], T]) -> T:
        """``compute(self)``, computed once per table and cached under ``compute`` itself.

        How the indices that share a quantity of the table (a matching, say) compute it once
        per table without the table knowing any index: each asks for it by its function
        (:func:`per_table` makes such a function).

        Parameters
        ----------
        compute : callable
            A function of the table, the cache's key.

        Returns
        -------
        object
            ``compute(self)``, computed on the first call and cached with the table.

        See Also
        --------
        per_table : make a function of the table computed once per table.

        Examples
        --------
        >>> ct = Contingency.from_table([[2, 0], [1, 3]])
        >>> ct.derived(lambda t: t.n) == 6
        True
        """
        cache = self.__dict__.setdefault("_derived", {})
        if compute not in cache:
            cache[compute] = compute(self)
        return cache[compute]

    @described(parameters=VALUE_PARAMETERS, sections=VALUE_RETURNS)
    def value(self, spec, given: Mapping[str, object]) -> float:
        """The external index ``spec`` of this table, its options taken from ``given``.

        Examples
        --------
        >>> from clustval.indices.registry import get_index
        >>> Contingency.from_table([[2, 0], [0, 2]]).value(get_index("ari"), {})
        1.0
        """
        return spec.core(self, **spec.core_options(given))

    @described(parameters=SCORES_PARAMETERS)
    def scores(self, specs, given: Mapping[str, object], undefined: str) -> dict[str, float]:
        """The values of the external indices ``specs`` on this table, in their order.

        Returns
        -------
        dict of str to float

        Examples
        --------
        >>> from clustval.indices.registry import index_options, requested
        >>> ct = Contingency.from_table([[50], [50]])  # the paper's Table 1
        >>> ct.scores(requested("external", ["s2", "f_measure"]), index_options("external", {}, "scores"), "raise")
        {'s2': 0.0, 'f_measure': 0.6666666666666665}
        """
        drawn = {spec.name: self._draw_aside(spec, given) for spec in specs if spec.name == "cp_accuracy_mc"}
        values = {}
        for spec in specs:
            future, values[spec.name] = drawn.get(spec.name), math.nan
            with undefined_policy(undefined):
                values[spec.name] = float(self.value(spec, given) if future is None else future.result())
        return values

    def _draw_aside(self, spec, given: Mapping[str, object]) -> Future | None:
        """Start :func:`cp_accuracy_mc`'s draws on a second thread when they are many, else None.

        numpy draws without holding the GIL, so the other indices are computed meanwhile; the
        draws use the same seeded stream, so the value is the one computed in line.
        """
        if self.cells.counts.size < _THREADED_DRAW_MIN_CELLS:
            return None
        self.col_sums  # noqa: B018 - cache what the draws read before two threads share the table
        pool = ThreadPoolExecutor(max_workers=1)
        drawn = pool.submit(self.value, spec, given)
        pool.shutdown(wait=False)  # its thread ends with the draws
        return drawn


def per_table(compute: Callable[[Contingency], T]) -> Callable[[Contingency], T]:
    """``compute(ct)`` made a quantity computed once per table (:meth:`Contingency.derived`):
    how indices share what several of them read.

    Parameters
    ----------
    compute : callable
        A function of a :class:`Contingency`.

    Returns
    -------
    callable
        The same function, its value cached with each table it is called on.

    See Also
    --------
    Contingency.derived : the cache.

    Examples
    --------
    >>> calls = []
    >>> @per_table
    ... def size(ct):
    ...     calls.append(ct)
    ...     return ct.n
    >>> ct = Contingency.from_table([[2, 0], [1, 3]])
    >>> size(ct), size(ct), len(calls)
    (6, 6, 1)
    """

    @functools.wraps(compute)
    def once(ct: Contingency) -> T:
        return ct.derived(compute)

    return once


def dominant_matching_at_cells(
    rows: np.ndarray, cols: np.ndarray, weights: np.ndarray, shape: tuple[int, int]
) -> Matching | None:
    """The maximum-weight one-to-one map of a sparse (C, K) matrix when it is obvious, else None.

    With C <= K rows: if every row has a strict maximum and these lie in distinct columns,
    giving each row its maximum is a map no other can equal (any other gives some row less),
    so it is THE maximum-weight map; with C > K the same holds for columns. Costs
    O(number of cells), against the Hungarian algorithm's O(C K min(C, K)) worst case.
    Pairs come sorted by row, as ``scipy.optimize.linear_sum_assignment`` returns them.


    The matrix holds ``weights[k]`` at cell ``(rows[k], cols[k])`` and 0 elsewhere; every
    row and every column must have a cell with a positive weight (true of a contingency
    table's non-zero cells, and of recall there). A line's maximum is then positive, so
    its empty cells never tie with it, and the result is that of the dense matrix.

    Parameters
    ----------
    rows : ndarray of int
        Row of each cell.
    cols : ndarray of int
        Column of each cell.
    weights : ndarray
        Weight of each cell, positive somewhere in every row and column.
    shape : tuple of int
        ``(C, K)``.

    Returns
    -------
    Matching or None
        The map, pairs sorted by row; None when no map is obviously the maximum.

    See Also
    --------
    Contingency.dominant_matching : the same on a table's counts.

    Examples
    --------
    >>> rows, cols, weights = np.array([0, 0, 1]), np.array([0, 1, 1]), np.array([1, 5, 2])
    >>> dominant_matching_at_cells(rows, cols, weights, (2, 2)) is None  # both rows want column 1
    True
    >>> dominant_matching_at_cells(rows, cols, np.array([3, 1, 2]), (2, 2))
    Matching(rows=array([0, 1]), cols=array([0, 1]))
    """
    by_rows = shape[0] <= shape[1]
    lines, others = (rows, cols) if by_rows else (cols, rows)
    n_lines = shape[0] if by_rows else shape[1]
    top = np.zeros(n_lines, dtype=weights.dtype)
    np.maximum.at(top, lines, weights)
    at_top = weights == top[lines]
    if np.count_nonzero(at_top) != n_lines:  # each line has one at least: more is a tie
        return None
    best = np.empty(n_lines, dtype=np.intp)
    best[lines[at_top]] = others[at_top]
    if np.bincount(best).max() > 1:
        return None
    lines = np.arange(n_lines)
    if by_rows:
        return Matching(_frozen(lines), _frozen(best))
    order = np.argsort(best)
    return Matching(_frozen(best[order]), _frozen(lines[order]))


@described()
def contingency(labels_true, labels_pred, *, sample_weight=None) -> Contingency:
    """Count the objects of each (true class, predicted cluster) pair in O(n + C*K). With
    ``sample_weight`` the table counts weights (checked by
    :func:`clustval.indices.objects.check_sample_weight`).

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

    Examples
    --------
    >>> contingency([0, 0, 1], ["x", "y", "y"]).table
    array([[1, 1],
           [0, 1]])
    >>> contingency([0, 0, 1], ["x", "y", "y"], sample_weight=[1, 0, 3]).table  # "y" of class 0: weight 0
    array([[1, 0],
           [0, 3]])
    """
    t, p = check_label_pair(labels_true, labels_pred)
    n = p.n if isinstance(p, Labels) else p.shape[0]
    weights = check_sample_weight(sample_weight, n)
    if weights is None and not (isinstance(t, Labels) or isinstance(p, Labels)):
        counted = _count_small_int64(t, p)
        if counted is not None:
            return _trimmed(*counted, n)
    # Small-span integer labels keep codes for absent values (saving a pass over the
    # labels); the empty rows and columns this leaves are dropped once counted.
    # Unsorted uniques spare a pass over the codes: the dense table's lines are sorted
    # instead (the sparse count renumbers the codes, in place of sorting its cells).
    return _count(*_codes(t), *_codes(p), weights)


@with_parameters({"weights": PASS_PARAMETERS["weights"]})  # checked already
def count_labels(truth: Labels, labels: Labels, weights: np.ndarray | None = None) -> Contingency:
    """:func:`contingency` of two labellings checked already, nothing checked again.

    Parameters
    ----------
    truth, labels : Labels
        The classes and the clusters of the same objects, as
        :func:`~clustval.indices.objects.checked_objects` returns them.

    Returns
    -------
    Contingency
        The table :func:`contingency` counts from the same labels and weights.

    Examples
    --------
    >>> from clustval.indices.objects import checked_objects
    >>> objects = checked_objects(["x", "y", "y"], labels_true=[0, 0, 1])
    >>> count_labels(objects.truth, objects.labels).table
    array([[1, 1],
           [0, 1]])
    """
    return _count(truth.codes, truth.uniques, labels.codes, labels.uniques, weights)


def _codes(labels) -> tuple[np.ndarray, np.ndarray]:
    """``(codes, uniques)`` of a label array (absent values allowed, uniques unsorted), or of
    :class:`Labels` as they were factorised."""
    if isinstance(labels, Labels):
        return labels.codes, labels.uniques
    return factorize(labels, allow_absent=True, sort=False)


def _count(codes_t, values_t, codes_p, values_p, weights: np.ndarray | None) -> Contingency:
    """The table of two code vectors (their uniques possibly unsorted, holding absent labels)."""
    if weights is not None:
        return _weighted(codes_t, values_t, codes_p, values_p, weights)
    n = codes_t.shape[0]
    if _is_sparse(values_t, values_p, n):
        return _contingency_from_cells(codes_t, values_t, codes_p, values_p)
    return _trimmed(*_count_codes(codes_t, values_t, codes_p, values_p), n)


def _trimmed(table: np.ndarray, values_t: np.ndarray, values_p: np.ndarray, n: int) -> Contingency:
    """A counted table, its empty lines dropped and its lines in sorted label order."""
    rows, cols = table.shape
    row_sums, col_sums = table.sum(axis=1), table.sum(axis=0)
    kept_rows, kept_cols = _kept_lines(row_sums, values_t), _kept_lines(col_sums, values_p)
    if kept_rows is not None or kept_cols is not None:
        kept_rows = np.arange(rows) if kept_rows is None else kept_rows
        kept_cols = np.arange(cols) if kept_cols is None else kept_cols
        table = table[np.ix_(kept_rows, kept_cols)]
        values_t, values_p = values_t[kept_rows], values_p[kept_cols]
        row_sums, col_sums = row_sums[kept_rows], col_sums[kept_cols]
    return Contingency._counted(table, values_t, values_p, n, row_sums, col_sums)


@described()
def contingency_matrix(labels_true, labels_pred, *, eps=None, sparse: bool = False, dtype=np.int64):
    """The (C, K) contingency table as scikit-learn's ``contingency_matrix`` returns it.

    ``M[i, j]`` = number of objects of the i-th smallest class in the j-th smallest cluster;
    every row and column is non-empty. :func:`contingency` gives the same table with its
    labels, sums and pair counts.

    Parameters
    ----------
    eps : float, optional
        Added to every count of the dense table (which is then float, ``dtype`` ignored), as
        scikit-learn adds it (to keep a later logarithm finite).
    sparse : bool
        Return a ``scipy.sparse.csr_matrix`` instead of a dense array (not with ``eps``).
    dtype : numpy dtype, default numpy.int64
        The counts' dtype.

    Returns
    -------
    ndarray or scipy.sparse.csr_matrix of shape (C, K)
        The counts, rows the sorted distinct classes, columns the sorted distinct clusters.

    Raises
    ------
    clustval.errors.InputError
        Labels that fail the checks of :func:`contingency`; ``eps`` with ``sparse=True``.

    See Also
    --------
    contingency : the same table with its labels, sums and pair counts.
    pair_confusion_matrix : the pair counts.

    Examples
    --------
    >>> contingency_matrix(["a", "a", "b", "b"], [1, 0, 0, 0])
    array([[1, 1],
           [2, 0]])
    >>> contingency_matrix([0, 0, 1], [0, 0, 1], sparse=True).nnz
    2
    >>> contingency_matrix([0, 0, 1], [0, 0, 1], eps=0.5)
    array([[2.5, 0.5],
           [0.5, 1.5]])
    """
    if eps is not None and sparse:
        raise InputError("Cannot set 'eps' when sparse=True: eps is added to every cell, empty ones too.")
    ct = contingency(labels_true, labels_pred)
    if not sparse:
        table = np.array(ct.table, dtype=dtype)  # a writable copy, as scikit-learn's
        return table if eps is None else table + eps
    from scipy.sparse import (
        csr_matrix,  # only when asked: scipy.sparse is slow to import
    )

    rows, cols, counts = ct.cells
    return csr_matrix((counts, (rows, cols)), shape=ct.shape, dtype=dtype)


@described()
def pair_confusion_matrix(labels_true, labels_pred) -> np.ndarray:
    """The 2x2 pair confusion matrix of scikit-learn, ``[[TN, FP], [FN, TP]]``, over ORDERED pairs.

    Each count is twice the unordered count of :attr:`Contingency.pairs` (the pair (x, y)
    and the pair (y, x)), so the four add up to n (n - 1). Exact: int64 while n (n - 1)
    fits, Python ints (dtype object) beyond.

    Returns
    -------
    ndarray of shape (2, 2)
        ``[[TN, FP], [FN, TP]]`` over ordered pairs; int64, or Python ints (dtype object)
        when n (n - 1) does not fit int64.

    Raises
    ------
    clustval.errors.InputError
        Labels that fail the checks of :func:`contingency`.

    See Also
    --------
    Contingency.pairs : the unordered counts.

    Examples
    --------
    >>> pair_confusion_matrix([0, 0, 1, 1], [0, 0, 0, 1])
    array([[4, 4],
           [2, 2]])
    """
    tp, fp, fn, tn = contingency(labels_true, labels_pred).pairs
    ordered = [[2 * tn, 2 * fp], [2 * fn, 2 * tp]]
    fits = 2 * (tp + fp + fn + tn) <= np.iinfo(np.int64).max
    return np.array(ordered, dtype=np.int64 if fits else object)


def _weighted(codes_t, values_t, codes_p, values_p, weights: np.ndarray) -> Contingency:
    """The table of two code vectors whose objects count ``weights`` times (int64, checked)."""
    if _is_sparse(values_t, values_p, codes_t.shape[0]):  # many labels: the weights of each cell
        keys, at = np.unique(codes_t * len(values_p) + codes_p, return_inverse=True)
        # float64 sums of whole numbers totalling at most MAX_OBJECTS (check_sample_weight) are exact
        counts = np.bincount(at.ravel(), weights=weights, minlength=keys.size).astype(np.int64)
        return counted_cells(*np.divmod(keys, len(values_p)), counts, values_t, values_p)
    rows, cols = _checked_shape(values_t, values_p)
    # float64 sums of whole numbers totalling at most MAX_OBJECTS (check_sample_weight) are exact
    summed = np.bincount(codes_t * cols + codes_p, weights=weights, minlength=rows * cols)
    table = summed.astype(np.int64).reshape(rows, cols)
    row_sums, col_sums = table.sum(axis=1), table.sum(axis=0)
    kept_rows = _kept_lines(row_sums, values_t)
    kept_rows = np.arange(rows) if kept_rows is None else kept_rows
    kept_cols = _kept_lines(col_sums, values_p)
    kept_cols = np.arange(cols) if kept_cols is None else kept_cols
    table = np.ascontiguousarray(table[np.ix_(kept_rows, kept_cols)])
    return Contingency._counted(table, values_t[kept_rows], values_p[kept_cols], int(table.sum()),
                                row_sums[kept_rows], col_sums[kept_cols])  # fmt: skip


def _is_sparse(values_t: np.ndarray, values_p: np.ndarray, n: int) -> bool:
    """Whether the table has many more cells than objects: then it is counted from its
    non-zero cells (:func:`_contingency_from_cells`), not filled and scanned."""
    return len(values_t) * len(values_p) > _SPARSE_CELLS_PER_OBJECT * n


def _count_codes(codes_t, values_t, codes_p, values_p) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The (possibly padded, unsorted) table of two code vectors, one bincount.

    Returns ``(table, values_t, values_p)``; rows and columns follow ``values_t`` and
    ``values_p``, which may be unsorted and may hold labels that never occur (empty lines).
    """
    rows, cols = _checked_shape(values_t, values_p)
    kernels = _count_kernels(codes_t, codes_p)
    if kernels is not None:  # one compiled pass
        # numpy's allocation (advised for huge pages) is cheaper to fill first than numba's
        table = np.zeros((rows, cols), dtype=np.int64)
        kernels.count_pairs(codes_t, 0, codes_p, 0, table)
        return table, values_t, values_p
    key = codes_t * cols  # a new array: the codes may be those of a Labels, kept whole
    key += codes_p
    return np.bincount(key, minlength=rows * cols).reshape(rows, cols), values_t, values_p


def _count_kernels(codes_t: np.ndarray, codes_p: np.ndarray):
    """The compiled kernels when two int64 code vectors are many enough to count with them, else None.
    (kernels(work)'s gate in two steps, the threshold compared here: the codes leave this
    module only for the kernel that counts them.)"""
    if codes_t.dtype != np.int64 or codes_p.dtype != np.int64:
        return None
    if codes_t.shape[0] * _compiled.STEPS_PER_INT_LABEL < _compiled.min_work():
        return None
    return _compiled.kernels()


def _contingency_from_cells(codes_t, values_t, codes_p, values_p) -> Contingency:
    """:func:`contingency` when the table has many more cells than objects (C*K >> n).

    Counts the non-zero cells by sorting the n cell keys (O(n log n), not O(C*K)) and
    derives the sums from the codes; the dense table is filled only if an index asks for it
    (``Contingency.__getattr__``). The table, sums and :attr:`Contingency.cells` are those
    of the dense count.
    """
    n = codes_t.shape[0]
    # any shape: only the n cell keys are held (the dense table, if an index asks for it, is
    # refused above MAX_TABLE_CELLS there)
    # codes renumbered into the sorted non-empty lines first: the sorted keys are then
    # row-major (a gather of the n codes, cheaper than reordering the cells afterwards)
    codes_t, values_t, row_sums = _sorted_lines(codes_t, values_t)
    codes_p, values_p, col_sums = _sorted_lines(codes_p, values_p)
    cell_keys, counts = _counted_keys(codes_t, len(values_p), codes_p)
    cell_rows, cell_cols = np.divmod(cell_keys, len(values_p))
    ct = Contingency._counted(None, values_t, values_p, n, row_sums, col_sums)
    cells = Cells(_frozen(cell_rows), _frozen(cell_cols), _frozen(counts))
    object.__setattr__(ct, "cells", cells)  # the cached_property's value
    return ct


def counted_cells(rows: np.ndarray, cols: np.ndarray, counts: np.ndarray, values_t, values_p) -> Contingency:
    """The table of cells counted elsewhere (each cell once: long rows, Dask's chunks,
    weights), kept as its non-zero cells as :func:`_contingency_from_cells` keeps a table of
    many more cells than objects: any number of distinct labels, the dense table filled only
    if an index asks for it. Lines no count falls in are dropped, the others sorted by label.

    Parameters
    ----------
    rows, cols : ndarray of int
        Each cell's class and cluster, codes into ``values_t`` and ``values_p``; a cell once.
    counts : ndarray of int
        Each cell's count, >= 0, their total checked (at most ``MAX_OBJECTS``).
    values_t, values_p : ndarray
        The class and cluster labels the codes stand for, in any order.

    Returns
    -------
    Contingency
        The table, its cells set and its dense table left unfilled.

    Examples
    --------
    >>> ct = counted_cells(np.array([1, 0]), np.array([2, 0]), np.array([3, 4]), np.array(["b", "a"]),
    ...                    np.array([5, 6, 7]))
    >>> ct.cells, ct.classes.tolist(), ct.clusters.tolist(), ct.n
    (Cells(rows=array([0, 1]), cols=array([1, 0]), counts=array([3, 4])), ['a', 'b'], [5, 7], 7)
    """
    rows, cols, counts = (np.asarray(a, dtype=np.int64) for a in (rows, cols, counts))
    nonzero = counts > 0
    rows, cols, counts = rows[nonzero], cols[nonzero], counts[nonzero]
    lines = []
    for codes, values in ((rows, np.asarray(values_t)), (cols, np.asarray(values_p))):
        sums = np.zeros(len(values), dtype=np.int64)
        np.add.at(sums, codes, counts)  # integers: exact in any order
        kept = _kept_lines(sums, values)
        if kept is not None:  # the lines that hold a count, in label order
            renumber = np.empty(len(values), dtype=np.int64)
            renumber[kept] = np.arange(kept.size)
            codes, values, sums = renumber[codes], values[kept], sums[kept]
        lines.append((codes, values, sums))
    (rows, classes, row_sums), (cols, clusters, col_sums) = lines
    order = np.lexsort((cols, rows))  # row-major, as the dense table's non-zero cells
    ct = Contingency._counted(None, classes, clusters, int(counts.sum()), row_sums, col_sums)
    object.__setattr__(ct, "cells", Cells(_frozen(rows[order]), _frozen(cols[order]), _frozen(counts[order])))
    return ct


def _sorted_lines(codes: np.ndarray, values: np.ndarray) -> tuple[np.ndarray, ...]:
    """``(codes, values, sums)`` with the lines renumbered into sorted label order and the
    empty ones dropped (:func:`_kept_lines`); the codes unchanged when nothing moves."""
    sums = np.bincount(codes, minlength=len(values))
    kept = _kept_lines(sums, values)
    if kept is None:
        return codes, values, sums
    renumber = np.empty(len(values), dtype=np.int64)
    renumber[kept] = np.arange(kept.size)
    return renumber[codes], values[kept], sums[kept]


def _counted_keys(codes_t: np.ndarray, cols: int, codes_p: np.ndarray) -> tuple[np.ndarray, ...]:
    """The distinct keys ``codes_t * cols + codes_p`` (ascending, int64) and their counts:
    ``np.unique(..., return_counts=True)``, sorting 32-bit keys (twice as fast as 64-bit)
    while the table's cells, the keys' bound, are below 2^31 (C and K below n each: the
    keys are below n^2, in int64 for any n a table counts)."""
    small = (int(codes_t.max(initial=0)) + 1) * cols <= 2**31
    keys = np.multiply(codes_t, cols, dtype=np.int32 if small else np.int64, casting="unsafe")
    keys += codes_p.astype(keys.dtype)
    keys.sort()
    starts = np.empty(keys.size, dtype=bool)
    starts[0] = True
    np.not_equal(keys[1:], keys[:-1], out=starts[1:])
    starts = np.flatnonzero(starts)
    return keys[starts].astype(np.int64), np.diff(starts, append=keys.size)


def _count_small_int64(t: np.ndarray, p: np.ndarray) -> tuple[np.ndarray, ...] | None:
    """As :func:`_count_codes`, in one compiled pass without code vectors.

    For int64 labels spanning at most ``_ABSENT_SPAN_MAX`` values each (so at most 2^20
    cells) when numba is installed and n is large enough (``clustval._engine.compiled.MIN_WORK``),
    unless the table would have many more cells than objects (then the sparse count is
    cheaper than filling and scanning it); else None. The same table, padding and values.
    """
    kernels = _compiled.kernels(t.size * _compiled.STEPS_PER_INT_LABEL)
    range_t = small_int64_range(t) if kernels else None
    range_p = small_int64_range(p) if range_t else None
    if range_p is None:
        return None
    (lo_t, values_t), (lo_p, values_p) = range_t, range_p
    if _is_sparse(values_t, values_p, t.shape[0]):
        return None
    # numpy's allocation (advised for huge pages) is cheaper to fill first than numba's
    table = np.zeros(_checked_shape(values_t, values_p), dtype=np.int64)
    kernels.count_pairs(t, lo_t, p, lo_p, table)
    return table, values_t, values_p


def _checked_shape(values_t: np.ndarray, values_p: np.ndarray) -> tuple[int, int]:
    """The table's shape, refused above ``MAX_TABLE_CELLS`` cells before it is allocated."""
    rows, cols = len(values_t), len(values_p)
    if rows * cols > MAX_TABLE_CELLS:
        raise InputError(
            f"{rows} classes x {cols} clusters is too large for a dense contingency table "
            f"(limit {MAX_TABLE_CELLS} cells, 512 MiB); the indices of pairs and information (ARI, NMI, "
            "AMI, Rand, ...) take any number of labels."
        )
    return rows, cols


def _kept_lines(sums: np.ndarray, values: np.ndarray) -> np.ndarray | None:
    """The non-empty lines of a table in sorted label order; None if that is all, in order."""
    in_order = not (values[1:] < values[:-1]).any()
    used = sums > 0
    if in_order and used.all():
        return None
    kept = np.flatnonzero(used)
    if not in_order:
        kept = kept[np.argsort(values[kept], kind="stable")]  # distinct labels: no ties
    return kept


def _frozen(a: np.ndarray) -> np.ndarray:
    a.setflags(write=False)
    return a
