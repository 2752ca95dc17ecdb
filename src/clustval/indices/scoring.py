"""Score one clustering with many indices at once: the entry point of the CLI and the pipeline.

External indices share one contingency table and internal indices share one chunked
distance pass, so asking for all of them costs little more than asking for one.
"""

from __future__ import annotations

from collections.abc import Iterable
from concurrent.futures import Future, ThreadPoolExecutor

from .._engine import progress as _progress
from .._engine.validation import as_labels, check_undefined_policy, value_or_nan
from ..errors import InputError
from .classic import (
    check_db_options,
    check_sil_average,
    check_xb_separation,
)
from .contingency import Contingency, contingency
from .counts import as_contingency
from .external import cp_accuracy_mc_from_contingency
from .partition import (
    COORDINATES,
    DEFAULT_MEMORY_BUDGET_MB,
    Partition,
    is_precomputed,
)
from .registry import INDICES, get_index, names_of, requested

#: The internal indices' options, as :func:`score`, :func:`internal_scores`,
#: :func:`clustval.select_k` and :func:`clustval.dask.internal_scores` take them, with their
#: defaults; the registry's ``IndexSpec.options`` maps each to its core's keyword.
INTERNAL_OPTIONS = {
    "stdi_squared": False, "xb_separation": "centroids", "sil_average": "objects",
    "db_q": 1, "db_p": 2, "db_squared": False,
}  # fmt: skip

# From this many non-zero cells, external_scores draws cp_accuracy_mc on a second thread
# (below it, starting the thread costs more than the draws).
_THREADED_DRAW_MIN_CELLS = 2**14


def score(
    labels_pred,
    *,
    labels_true=None,
    X=None,
    distances=None,
    names: Iterable[str] | None = None,
    undefined: str = "raise",
    s2_matching: str = "hungarian",
    cp_seed: int = 1,
    stdi_squared: bool = False,
    xb_separation: str = "centroids",
    sil_average: str = "objects",
    db_q: float = 1,
    db_p: float = 2,
    db_squared: bool = False,
    memory_budget_mb: float = 256,
    progress: bool | None = None,
) -> dict[str, float]:
    """Every requested index of one clustering, in registry order.

    Everything after ``labels_pred`` is keyword-only: ``score(y, p)`` would read the truth
    as the clustering (S2 and F-measure are not symmetric), so it is a TypeError.

    Parameters
    ----------
    labels_pred : array-like of shape (n,)
        The clustering to judge.
    labels_true : array-like of shape (n,), optional
        Ground-truth classes; needed by the external indices.
    X : array-like of shape (n, d), optional
        The data; needed by the internal indices.
    distances : array-like of shape (n, n), optional
        Instead of X, the objects' pairwise distances (symmetric, zero diagonal; or
        condensed, as ``scipy.spatial.distance.pdist`` gives them), as scikit-learn's
        ``silhouette_score(metric="precomputed")`` and fpc's ``cluster.stats(d)`` take them.
        They allow the distance-based internal indices (Sil, BWP, IGP, Dunn and the sums);
        those built on centroids (STDI, DB, DBI, XB, CH) need X.
    names : iterable of str, optional
        Registry names of the indices to compute. Default: every index that the given
        inputs allow (external ones when ``labels_true`` is given, internal ones when ``X``
        or ``distances`` is).
    undefined : {"raise", "nan"}
        An index undefined for this input (e.g. silhouette of one cluster) raises
        :class:`~clustval.errors.UndefinedIndexError` ("raise", the default), or is NaN
        while every defined index keeps its value ("nan").
    s2_matching, cp_seed, stdi_squared, xb_separation, memory_budget_mb
        Options of S2, the Monte Carlo CP accuracy, STDI, XB and the distance pass (see
        :func:`external_scores` and :func:`internal_scores`).
    sil_average, db_q, db_p, db_squared
        The variants of Sil and DB that other libraries compute (see :func:`internal_scores`).
    progress : bool or None, default None
        A progress bar on stderr (see :func:`internal_scores`).

    Returns
    -------
    dict
        ``{name: value}`` for each index computed, in registry order.

    Raises
    ------
    TypeError
        Anything but ``labels_pred`` given by position.
    clustval.errors.InputError
        An unknown name, an index whose input is missing (an external index without
        ``labels_true``, STDI with ``distances`` only), or labels or data that fail the checks.
    clustval.errors.UndefinedIndexError
        A requested index is undefined for this input and ``undefined="raise"``.

    See Also
    --------
    external_scores : the external indices alone.
    internal_scores : the internal indices alone.
    clustval.indices.registry.INDICES : every index, its direction, range and reference.

    Examples
    --------
    >>> score([0, 0, 1, 1], labels_true=[0, 0, 1, 2], names=["ari", "accuracy"])
    {'ari': 0.5714285714285714, 'accuracy': 0.75}
    >>> X = [[0.0], [1.0], [10.0], [11.0]]
    >>> score([0, 0, 1, 1], X=X, names=["dunn", "db"])
    {'dunn': 9.0, 'db': 0.1}
    >>> D = [[0, 1, 10, 11], [1, 0, 9, 10], [10, 9, 0, 1], [11, 10, 1, 0]]
    >>> names = list(score([0, 0, 1, 1], distances=D))  # the distance-based indices
    >>> names[:6], "tau" in names, "gdi21" in names, "gdi43" in names  # GDI43: centroids
    (['igp', 'sil', 'sil_sum', 'bwp', 'bwp_sum', 'dunn'], True, True, False)
    >>> score([0, 0, 1, 1], distances=D, names=["sil"]) == score([0, 0, 1, 1], X=X, names=["sil"])
    True
    """
    check_undefined_policy(undefined)
    if X is not None and distances is not None:
        raise InputError("give X or distances, not both: the internal indices use one of them.")
    metric = "euclidean" if distances is None else "precomputed"
    data = X if distances is None else distances
    if names is None:
        wanted = (names_of("external") if labels_true is not None else ()) + tuple(
            name
            for name in (names_of("internal") if data is not None else ())
            if distances is None or COORDINATES not in INDICES[name].needs
        )
        if not wanted:
            raise InputError(
                "nothing to score: give labels_true (external indices) and/or X or distances "
                "(internal indices)."
            )
    else:
        wanted = tuple(dict.fromkeys(names))
        for name in wanted:
            get_index(name)
    external = [n for n in wanted if INDICES[n].kind == "external"]
    internal = [n for n in wanted if INDICES[n].kind == "internal"]
    if external and labels_true is None:
        raise InputError(f"external indices ({', '.join(external)}) need the true labels.")
    if internal and data is None:
        raise InputError(f"internal indices ({', '.join(internal)}) need the data X (or distances).")

    labels_pred = as_labels(labels_pred, "labels_pred")  # checked and factorised once, for every index
    values: dict[str, float] = {}
    with _progress.reporting(progress):  # its line ends before an error is printed
        if external:
            values.update(
                external_scores(
                    labels_true, labels_pred, external, s2_matching=s2_matching, cp_seed=cp_seed,
                    undefined=undefined,
                )
            )
        if internal:
            values.update(
                internal_scores(
                    data,
                    labels_pred,
                    internal,
                    metric=metric,
                    stdi_squared=stdi_squared,
                    xb_separation=xb_separation,
                    sil_average=sil_average,
                    db_q=db_q,
                    db_p=db_p,
                    db_squared=db_squared,
                    memory_budget_mb=memory_budget_mb,
                    undefined=undefined,
                )
            )
    return {name: values[name] for name in wanted}


def external_scores(
    labels_true,
    labels_pred,
    names: Iterable[str] | str | None = None,
    *,
    s2_matching: str = "hungarian",
    cp_seed: int | None = 1,
    undefined: str = "raise",
) -> dict[str, float]:
    """Every requested external index from ONE contingency table.

    Parameters
    ----------
    labels_true, labels_pred : array-like of shape (n,)
    names : iterable of str, str or None
        Registry names of external indices (:data:`clustval.indices.registry.EXTERNAL`); None
        (default) means all of them.
    s2_matching : {"hungarian", "identity"}
        Passed to S2 (config ``indices.s2_matching``).
    cp_seed : int or None
        Seed of ``cp_accuracy_mc``.
    undefined : {"raise", "nan"}
        An index undefined for this input raises UndefinedIndexError ("raise"), or is NaN
        while every other index keeps its value ("nan").

    Returns
    -------
    dict
        ``{name: value}`` in registry order (stable, whatever the order of ``names``).

    Raises
    ------
    InputError
        An unknown name, or bad labels.
    UndefinedIndexError
        A requested index is undefined for this input (e.g. S2 or NCA with one class) and
        ``undefined="raise"``; leave it out of ``names``, or pass ``undefined="nan"``.

    See Also
    --------
    external_scores_from_table : the same from a table counted elsewhere.
    score : every index, external and internal.

    Examples
    --------
    >>> external_scores([0, 0, 1, 1], [0, 0, 1, 2], ["rand", "ari", "s2"])  # 5/6, 4/7, 5/6
    {'s2': 0.8333333333333333, 'rand': 0.8333333333333334, 'ari': 0.5714285714285714}
    """
    return external_scores_from_table(
        contingency(labels_true, labels_pred), names, s2_matching=s2_matching, cp_seed=cp_seed,
        undefined=undefined,
    )


def external_scores_from_table(
    table,
    names: Iterable[str] | str | None = None,
    *,
    s2_matching: str = "hungarian",
    cp_seed: int | None = 1,
    undefined: str = "raise",
) -> dict[str, float]:
    """Every requested external index of a contingency table, wherever it was counted.

    The values are those :func:`external_scores` gives from the labels the table counts:
    every external index is a function of n_ij alone. Options as :func:`external_scores`.

    Parameters
    ----------
    table : array-like of shape (C, K), or Contingency
        ``table[i][j]`` = number of objects of class i in cluster j (rows: classes), or a
        :class:`~clustval.indices.contingency.Contingency` from long ``class, cluster, count`` rows
        (:func:`clustval.indices.counts.contingency_from_counts`) or a DataFrame group-by
        (:func:`clustval.indices.counts.contingency_from_frame`). All-zero rows and columns are dropped.
    names : iterable of str, str or None
        Registry names of external indices; None (default) means all of them.
    s2_matching : {"hungarian", "identity"}, default "hungarian"
        Passed to S2; ``identity`` pairs the class and the cluster of the same label.
    cp_seed : int or None, default 1
        Seed of ``cp_accuracy_mc``.
    undefined : {"raise", "nan"}
        An undefined index raises UndefinedIndexError ("raise"), or is NaN ("nan").

    Returns
    -------
    dict
        ``{name: value}`` in registry order, equal to what :func:`external_scores` gives
        for the labels the table counts.

    Raises
    ------
    clustval.errors.InputError
        An unknown name, or a table that is not one of non-negative integer counts, or that
        counts nothing.
    clustval.errors.UndefinedIndexError
        A requested index is undefined for this input and ``undefined="raise"``.

    See Also
    --------
    external_scores : the same from the labels.
    clustval.indices.counts.contingency_from_counts : a table from long rows.
    clustval.indices.counts.contingency_from_frame : a table from a DataFrame's group-by.

    Examples
    --------
    The paper's Table 1: two classes of 50, one cluster holding everything.

    >>> from clustval import external_scores_from_table
    >>> external_scores_from_table([[50], [50]], ["f_measure", "s2", "ps2"])
    {'s2': 0.0, 'ps2': 0.0, 'f_measure': 0.6666666666666665}
    """
    check_undefined_policy(undefined)
    specs = requested("external", names)
    ct = as_contingency(table)
    given = {"s2_matching": s2_matching, "cp_seed": cp_seed}
    drawn = _draw_aside(ct, cp_seed) if any(s.name == "cp_accuracy_mc" for s in specs) else None
    return {
        spec.name: value_or_nan(
            drawn.result
            if drawn is not None and spec.name == "cp_accuracy_mc"
            else lambda spec=spec: spec.compute(ct, given),
            undefined,
        )
        for spec in specs
    }


def _draw_aside(ct: Contingency, seed: int | None) -> Future | None:
    """Start :func:`cp_accuracy_mc`'s draws on a second thread when they are many, else None.

    numpy draws without holding the GIL, so the other indices are computed meanwhile; the
    draws use the same seeded stream, so the value is the one computed in line.
    """
    if ct.cells.counts.size < _THREADED_DRAW_MIN_CELLS:
        return None
    ct.col_sums  # noqa: B018 - cache what the draws read before two threads share ct
    pool = ThreadPoolExecutor(max_workers=1)
    drawn = pool.submit(cp_accuracy_mc_from_contingency, ct, seed=seed)
    pool.shutdown(wait=False)  # its thread ends with the draws
    return drawn


def internal_scores(
    X,
    labels,
    names: Iterable[str] | str | None = None,
    *,
    stdi_squared: bool = False,
    xb_separation: str = "centroids",
    sil_average: str = "objects",
    db_q: float = 1,
    db_p: float = 2,
    db_squared: bool = False,
    memory_budget_mb: float = DEFAULT_MEMORY_BUDGET_MB,
    undefined: str = "raise",
    metric: str = "euclidean",
    progress: bool | None = None,
) -> dict[str, float]:
    """Compute several internal indices at once, sharing one chunked pass over all distances.

    Parameters
    ----------
    X : array-like of shape (n, d)
        The data, finite numbers; with ``metric="precomputed"`` the (n, n) distance matrix
        instead (finite, non-negative, symmetric, zero diagonal; or its condensed upper
        triangle, as ``scipy.spatial.distance.pdist`` returns it).
    labels : array-like of shape (n,)
        The cluster of each object.
    names : iterable of str, str or None
        Registry names of internal indices (:data:`clustval.indices.registry.INTERNAL`); None
        (default) means all of them.
    stdi_squared : bool, default False
        Passed to :func:`~clustval.indices.classic.stdi` as ``squared``.
    xb_separation : {"centroids", "closest_pair"}, default "centroids"
        Passed to :func:`~clustval.indices.classic.xb` as ``separation`` (``closest_pair`` shares
        the distance pass with Dunn).
    sil_average : {"objects", "clusters"}, default "objects"
        Passed to :func:`~clustval.indices.classic.sil` as ``average`` (``"clusters"``: R clusterCrit's
        Silhouette, the mean of the clusters' mean widths; undefined with a singleton).
    db_q : float, default 1
        Passed to :func:`~clustval.indices.classic.db` as ``q``, the exponent of each cluster's
        spread, at least 1 (NbClust's DB: ``db_q=2``).
    db_p : float, default 2
        Passed to :func:`~clustval.indices.classic.db` as ``p``, the Minkowski exponent of the
        centroid distance, at least 1 (``math.inf`` allowed).
    db_squared : bool, default False
        Passed to :func:`~clustval.indices.classic.db` as ``squared``: the spreads and the centroid
        distances squared (cvi's DB: ``db_q=2, db_squared=True``).
    memory_budget_mb : float, default 256
        Bound, in MB, on each block of pairwise distances.
    undefined : {"raise", "nan"}
        An undefined index raises UndefinedIndexError ("raise"), or is NaN while every
        other index keeps its value ("nan").
    metric : {"euclidean", "precomputed"}, default "euclidean"
        From distances alone only the distance-based indices (Sil, BWP, IGP, Dunn and their
        sums) are defined; those that need centroids (STDI, DB, DBI, XB, Calinski-Harabasz)
        are refused with an InputError, and are left out when ``names`` is None.
    progress : bool or None, default None
        A progress bar on stderr, one step per index: None (automatic) draws it only when
        stderr is a terminal and once the call has run about 1.5 s (or keeps the bar of an
        enclosing call, such as :func:`clustval.select_k`'s); True always; False never.

    Returns
    -------
    dict
        ``{name: value}`` for each requested index, in registry order. Values equal those
        of the individual functions.

    Raises
    ------
    clustval.errors.InputError
        An unknown name, an index that needs coordinates given distances, or data or labels
        that fail the checks.
    clustval.errors.UndefinedIndexError
        A requested index is undefined for this input and ``undefined="raise"``.

    See Also
    --------
    score : every index, external and internal.
    clustval.selection.select_k : the internal indices at each K.

    Examples
    --------
    >>> X = [[0.0], [1.0], [10.0], [11.0]]
    >>> internal_scores(X, [0, 0, 1, 1], ["dunn", "sil"])  # Sil: (19/21 + 17/19) / 2
    {'sil': 0.899749373433584, 'dunn': 9.0}
    """
    specs, given, needs = internal_request(
        names, metric, undefined, stdi_squared=stdi_squared, xb_separation=xb_separation,
        sil_average=sil_average, db_q=db_q, db_p=db_p, db_squared=db_squared,
    )
    with _progress.reporting(progress):
        p = Partition(X, labels, needs=needs, memory_budget_mb=memory_budget_mb, metric=metric)
        return partition_scores(p, specs, given, undefined)


def internal_request(names, metric, undefined, **options):
    """What an :func:`internal_scores` call computes, its options checked (shared with
    :func:`clustval.dask.internal_scores`, which builds its partition on a cluster).

    Parameters
    ----------
    names, metric, undefined
        As :func:`internal_scores` takes them.
    **options
        The indices' options (:data:`INTERNAL_OPTIONS`; those not given take their defaults).

    Returns
    -------
    specs : list of IndexSpec
        The indices, in registry order (with ``metric="precomputed"`` and ``names=None``,
        those that need no coordinates).
    given : dict
        The options the cores read.
    needs : frozenset of str
        What the partition must compute for them.

    Examples
    --------
    >>> specs, given, needs = internal_request(["sil", "db"], "euclidean", "raise")
    >>> [spec.name for spec in specs], sorted(needs)
    (['db', 'sil'], ['cluster_sums', 'coordinates'])
    """
    check_undefined_policy(undefined)
    unknown = sorted(set(options) - set(INTERNAL_OPTIONS))
    if unknown:
        raise InputError(f"unknown index option {unknown[0]!r}; the options are {', '.join(INTERNAL_OPTIONS)}.")
    given = {**INTERNAL_OPTIONS, **options}
    check_xb_separation(given["xb_separation"])
    check_sil_average(given["sil_average"])
    check_db_options(given["db_q"], given["db_p"], given["db_squared"])
    if not isinstance(given["stdi_squared"], bool):
        raise InputError(f"stdi_squared must be True or False, got {given['stdi_squared']!r}.")
    specs = requested("internal", names)
    if is_precomputed(metric):
        centroid_based = [spec for spec in specs if COORDINATES in spec.needs]
        if names is None:
            specs = [spec for spec in specs if spec not in centroid_based]
        elif centroid_based:
            raise InputError(
                f"{', '.join(spec.label for spec in centroid_based)} "
                f"{'needs' if len(centroid_based) == 1 else 'need'} the data's coordinates "
                "(centroids), not only distances: pass X, or leave them out."
            )
    needs = frozenset().union(*(spec.needs_for(given) for spec in specs))
    return specs, given, needs


def partition_scores(p: Partition, specs, given, undefined) -> dict[str, float]:
    """The values of the internal indices ``specs`` on one shared partition.

    Each index is one step of the current progress bar (:func:`clustval._engine.progress.current`).

    Parameters
    ----------
    p : Partition
        The validated data and labels, computing what the indices need.
    specs : list of IndexSpec
        The indices (:func:`internal_request`).
    given : dict
        The options the cores read (:func:`internal_request`).
    undefined : {"raise", "nan"}
        An undefined index raises, or is NaN.

    Returns
    -------
    dict of str to float
        ``{name: value}``, in the order of ``specs``.

    Examples
    --------
    >>> specs, given, needs = internal_request(["db"], "euclidean", "raise")
    >>> partition_scores(Partition([[0.0], [1.0], [10.0], [11.0]], [0, 0, 1, 1], needs=needs), specs, given, "raise")
    {'db': 0.1}
    """
    values = {}
    with _progress.current().task("indices", total=len(specs)) as step:
        for spec in specs:
            step.doing(spec.name)
            values[spec.name] = value_or_nan(lambda spec=spec: spec.compute(p, given), undefined)
            step.advance()
    return values
