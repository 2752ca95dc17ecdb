"""Contingency tables counted anywhere: a dense (C, K) matrix, long ``class, cluster, count``
rows, or a group-by of a pandas or Dask DataFrame.

Every external index is a function of the contingency table n_ij alone (Xie et al. 2017,
sec. 1: S2 from n_ij and its sums, eqs. 1-3; PS2 from the pair counts of n_ij, eqs. 5-8), so
labels too many for one process can be counted where they are, by any engine, and the
indices computed from the counts: :func:`clustval.external_scores_from_table` gives exactly
the values :func:`clustval.external_scores` gives from the labels themselves.

Classes and clusters are ordered as :func:`clustval.indices.contingency.contingency` orders them
(sorted labels); rows or columns whose counts are all 0 are dropped, as a class or cluster
with no object does not exist for the labels either.
"""

from __future__ import annotations

import numpy as np

from .._engine.docs import with_parameters
from ..errors import InputError, shown
from ._docs import described
from .contingency import MAX_TABLE_CELLS, TABLE, Contingency, checked_total, counted_cells
from .objects import as_label_array, factorize

__all__ = ["as_contingency", "contingency_from_counts", "contingency_from_frame"]


# The three ways in of a table counted elsewhere: each one's See Also names the other two and
# what scores the table, written once
_WAYS_IN = {
    "as_contingency": "a dense table of counts.",
    "contingency_from_counts": "a table from long rows of class, cluster and count.",
    "contingency_from_frame": "a table from a DataFrame's two label columns.",
}


def _see_also(name: str):
    """Decorator: the See Also of the way in ``name``, from :data:`_WAYS_IN`."""
    others = [f"{other} : {what}" for other, what in _WAYS_IN.items() if other != name]
    scores = "clustval.indices.scoring.external_scores_from_table : every external index of the table."
    return described(sections={"See Also": "\n".join([*others, scores])})


def _as_counts(counts, where: str) -> np.ndarray:
    """``counts`` as int64 (integral floats too); one clear error for anything else."""
    arr = np.asarray(counts)
    if arr.dtype.kind == "f":
        bad = ~np.isfinite(arr) | (arr != np.round(arr))
        if bad.any():
            raise InputError(f"{where}: count {arr[bad][0].item()!r} is not an integer; counts are numbers of objects.")
        checked_total(np.abs(arr), where)  # a float beyond int64 would cast to garbage
        arr = arr.astype(np.int64)
    elif arr.dtype.kind == "O" and arr.size and all(type(v) is int for v in arr.ravel().tolist()):
        checked_total(np.abs(arr), where)  # Python integers (beyond int64: numpy keeps objects)
        arr = arr.astype(np.int64)
    elif arr.dtype.kind == "b" or arr.dtype.kind not in "iu":
        raise InputError(f"{where}: counts must be integers, got dtype {arr.dtype}.")
    if arr.size and arr.min() < 0:
        raise InputError(f"{where}: count {int(arr.min())} is negative; counts are numbers of objects.")
    checked_total(arr, where)  # before the int64 copy (uint64 counts) and any int64 sum
    return arr.astype(np.int64, copy=False)


def _non_empty(table: np.ndarray, classes: np.ndarray, clusters: np.ndarray, where: str) -> Contingency:
    """The Contingency of ``table`` without its all-zero rows and columns."""
    if int(table.sum()) == 0:
        raise InputError(f"{where} counts no object: every count is 0 (or there is none).")
    rows, cols = table.any(axis=1), table.any(axis=0)
    table, classes, clusters = table[np.ix_(rows, cols)], classes[rows], clusters[cols]
    return Contingency(table, classes, clusters, int(table.sum()))


@_see_also("as_contingency")
@with_parameters({"table": TABLE})
def as_contingency(table) -> Contingency:
    """A dense (C, K) table of counts (rows: classes, columns: clusters) as a Contingency.

    A :class:`~clustval.indices.contingency.Contingency` is returned as it is. Rows and columns are
    labelled 0..C-1 and 0..K-1 (their positions); all-zero ones are dropped.

    Returns
    -------
    Contingency
        The table, all-zero rows and columns dropped.

    Raises
    ------
    clustval.errors.InputError
        Counts that are negative, not integers or not finite, a table that is not 2-D, or
        one that counts nothing.

    Examples
    --------
    >>> ct = as_contingency([[40, 10, 0], [0, 0, 0], [5, 45, 0]])
    >>> ct.table.tolist(), ct.classes.tolist(), ct.clusters.tolist(), ct.n
    ([[40, 10], [5, 45]], [0, 2], [0, 1], 100)
    """
    if isinstance(table, Contingency):
        return table
    arr = _as_counts(table, "the contingency table")
    if arr.ndim != 2 or 0 in arr.shape:
        raise InputError(
            f"a contingency table is a non-empty 2-D array (classes x clusters), got shape {arr.shape}."
        )
    return _non_empty(arr, np.arange(arr.shape[0]), np.arange(arr.shape[1]), "the contingency table")


@_see_also("contingency_from_counts")
def contingency_from_counts(classes, clusters, counts) -> Contingency:
    """The contingency table of long rows: ``counts[r]`` objects of class ``classes[r]`` in
    cluster ``clusters[r]``.

    Each (class, cluster) pair appears at most once; pairs not listed count 0. Labels are
    checked as label vectors are (integers or strings, no NaN or None, no mix of the two).

    Parameters
    ----------
    classes : array-like of shape (m,)
        The class of each row: integers or strings.
    clusters : array-like of shape (m,)
        The cluster of each row.
    counts : array-like of shape (m,)
        How many objects of that class are in that cluster: non-negative integers.

    Returns
    -------
    Contingency
        The table, rows and columns labelled by the sorted distinct classes and clusters.

    Raises
    ------
    clustval.errors.InputError
        A pair listed twice, a negative or non-integer count, columns of different lengths,
        labels that fail the checks, or a table that counts nothing.

    Examples
    --------
    >>> ct = contingency_from_counts(["b", "a", "a"], [1, 1, 2], [45, 40, 10])
    >>> ct.table.tolist(), ct.classes.tolist(), ct.clusters.tolist()
    ([[40, 10], [45, 0]], ['a', 'b'], [1, 2])
    """
    classes = as_label_array(classes, "classes")
    clusters = as_label_array(clusters, "clusters")
    counts = _as_counts(counts, "counts")
    if not (classes.shape == clusters.shape == counts.shape):
        raise InputError(
            f"classes, clusters and counts must have one entry per row, got lengths "
            f"{classes.size}, {clusters.size} and {counts.size}."
        )
    rows, class_values = factorize(classes)
    cols, cluster_values = factorize(clusters)
    shape = (len(class_values), len(cluster_values))
    cell = rows * shape[1] + cols
    _, first, seen = np.unique(cell, return_index=True, return_counts=True)
    if (seen > 1).any():
        r = first[np.argmax(seen > 1)]
        raise InputError(
            f"class {classes[r].item()!r}, cluster {clusters[r].item()!r} is listed {seen.max()} times; give each "
            "pair once (add its counts up first)."
        )
    if shape[0] * shape[1] > MAX_TABLE_CELLS:  # any number of labels: kept as its cells
        if not counts.any():
            raise InputError("the rows count no object: every count is 0 (or there is none).")
        return counted_cells(rows, cols, counts, class_values, cluster_values)
    table = np.zeros(shape, dtype=np.int64)
    table[rows, cols] = counts
    return _non_empty(table, class_values, cluster_values, "the rows")


@_see_also("contingency_from_frame")
def contingency_from_frame(frame, true: str = "class", pred: str = "cluster") -> Contingency:
    """Count the contingency table of two label columns of a pandas or Dask DataFrame.

    The count is one ``groupby([true, pred]).size()``: with a Dask DataFrame it runs where
    the data are (partition by partition, on a ``dask.distributed`` cluster if one is
    connected) and only the C x K counts come back. Missing labels are kept in the
    group-by and refused, never silently dropped.

    Parameters
    ----------
    frame : pandas.DataFrame or dask.dataframe.DataFrame
        One row per object.
    true : str, default "class"
        The column of the true classes.
    pred : str, default "cluster"
        The column of the clusters.

    Returns
    -------
    Contingency
        The counts of every (class, cluster) pair.

    Raises
    ------
    clustval.errors.InputError
        A column that is not in the frame, a missing label (NaN or None) in either column,
        or a frame without rows.

    Examples
    --------
    >>> import pandas as pd
    >>> frame = pd.DataFrame({"class": ["a", "a", "b", "b"], "cluster": [0, 0, 0, 1]})
    >>> contingency_from_frame(frame).table.tolist()
    [[2, 0], [1, 1]]
    """
    if not hasattr(frame, "columns"):
        raise InputError(f"frame must be a data frame (pandas, Dask or polars) with the two label columns, got {shown(frame)}.")
    for column in (true, pred):
        if column not in frame.columns:
            raise InputError(f"the frame has no column {column!r}; its columns: {', '.join(map(str, frame.columns))}.")
    counts = frame.groupby([true, pred], dropna=False).size()
    if hasattr(counts, "compute"):  # a Dask collection: run the group-by now
        counts = counts.compute()
    if len(counts) == 0:
        raise InputError("the frame has no rows: there is nothing to count.")
    index = counts.index
    return contingency_from_counts(
        index.get_level_values(0).to_numpy(), index.get_level_values(1).to_numpy(), counts.to_numpy()
    )
