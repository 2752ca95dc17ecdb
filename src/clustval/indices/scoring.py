"""Score one clustering with many indices at once: the entry point of the CLI and the pipeline.

External indices share one contingency table and internal indices share one chunked
distance pass, so asking for all of them costs little more than asking for one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from .._engine import progress as _progress
from .._engine.validation import check_undefined_policy
from ..errors import InputError
from ._docs import SCORES_PARAMETERS, described
from .contingency import contingency, count_labels
from .counts import as_contingency
from .objects import check_noise, checked_objects, warn_noise
from .partition import (
    COORDINATES,
    DEFAULT_MEMORY_BUDGET_MB,
    Partition,
    PreparedData,
    is_euclidean,
    is_precomputed,
)
from .registry import (
    INDICES,
    get_index,
    index_options,
    names_of,
    options_of,
    registry_name,
    requested,
    takes_options,
)


@takes_options(None)
def score(
    labels_pred,
    *,
    labels_true=None,
    X=None,
    distances=None,
    names: Iterable[str] | str | None = None,
    undefined: str = "raise",
    memory_budget_mb: float = DEFAULT_MEMORY_BUDGET_MB,
    progress: bool | None = None,
    metric="euclidean",
    sample_weight=None,
    noise: str | None = None,
    **options,
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
    names : str or iterable of str, optional
        The indices to compute (one name, or several), by registry name or alias (``"ch"``,
        ``"silhouette_score"``: :data:`clustval.indices.registry.ALIASES`); the result names
        them by registry name.
        Default: every index that the given inputs allow (external ones when ``labels_true``
        is given, internal ones when ``X`` or ``distances`` is).

    Returns
    -------
    dict
        ``{name: value}`` for each index computed, in registry order.

    Raises
    ------
    TypeError
        Anything but ``labels_pred`` given by position.
    clustval.errors.InputError
        An unknown name or option, a value an option does not take, an index whose input is
        missing (an external index without ``labels_true``, STDI with ``distances`` only), or
        labels or data that fail the checks.
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
    given = index_options(None, options, "score")
    if X is not None and distances is not None:
        raise InputError("give X or distances, not both: the internal indices use one of them.")
    if distances is not None and not is_euclidean(metric):
        raise InputError("metric applies to X; distances are already distances: leave metric out.")
    metric = metric if distances is None else "precomputed"
    data = X if distances is None else distances
    if names is None:
        wanted = (names_of("external") if labels_true is not None else ()) + tuple(
            name
            for name in (names_of("internal") if data is not None else ())
            if (is_euclidean(metric) or COORDINATES not in INDICES[name].needs)
            and (sample_weight is None or INDICES[name].takes_weights(given))
        )
        if not wanted:
            raise InputError(
                "nothing to score: give labels_true (external indices) and/or X or distances "
                "(internal indices)."
            )
    else:  # one name, or several; aliases name the registry's index
        wanted = tuple(dict.fromkeys(registry_name(name) for name in ([names] if isinstance(names, str) else names)))
    external = [n for n in wanted if INDICES[n].kind == "external"]
    internal = [n for n in wanted if INDICES[n].kind == "internal"]
    if external and labels_true is None:
        raise InputError(f"external indices ({', '.join(external)}) need the true labels.")
    if internal and data is None:
        raise InputError(f"internal indices ({', '.join(internal)}) need the data X (or distances).")

    if internal and sample_weight is not None:
        refuse_unweighted(requested("internal", internal))
    # the labels are checked and factorised once, here; the table and the partition take them as they are
    objects = checked_objects(labels_pred, labels_true=labels_true if external else None,
                              sample_weight=sample_weight, noise=noise)  # fmt: skip
    values: dict[str, float] = {}
    with _progress.reporting(progress):  # its line ends before an error is printed
        if external:
            table = count_labels(objects.truth, objects.labels, objects.weights)
            values.update(table.scores(requested("external", external), given, undefined))
        if internal:
            specs, given_internal, needs = internal_request(internal, metric, undefined, _of("internal", given), "score",
                                                            weighted=sample_weight is not None)
            partition = Partition.of_objects(data, objects, needs=needs, memory_budget_mb=memory_budget_mb, metric=metric)
            values.update(partition.scores(specs, given_internal, undefined))
    return {name: values[name] for name in wanted}


def _of(kind: str, given: dict) -> dict:
    """The options in ``given`` of the indices of ``kind``."""
    return {name: value for name, value in given.items() if name in options_of(kind)}


@takes_options("external")
def external_scores(
    labels_true,
    labels_pred,
    names: Iterable[str] | str | None = None,
    *,
    undefined: str = "raise",
    sample_weight=None,
    noise: str | None = None,
    **options,
) -> dict[str, float]:
    """Every requested external index from ONE contingency table.

    Returns
    -------
    dict
        ``{name: value}`` in registry order (stable, whatever the order of ``names``).

    Raises
    ------
    InputError
        An unknown name or option, a value an option does not take, or bad labels.
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
    check_undefined_policy(undefined)
    given = index_options("external", options, "external_scores")  # before the table is counted
    specs = requested("external", names)
    if sample_weight is None and check_noise(noise) in (None, "cluster"):
        # every object counted once, as labelled: the table straight from the labels (small
        # integer spans in one compiled pass, with no codes), its clusters read for the noise label
        table = contingency(labels_true, labels_pred)
        if noise is None:
            warn_noise(table.clusters)
    else:
        objects = checked_objects(labels_pred, labels_true=labels_true, sample_weight=sample_weight, noise=noise)
        table = count_labels(objects.truth, objects.labels, objects.weights)
    return table.scores(specs, given, undefined)


@takes_options("external")
def external_scores_from_table(
    table,
    names: Iterable[str] | str | None = None,
    *,
    undefined: str = "raise",
    **options,
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

    Returns
    -------
    dict
        ``{name: value}`` in registry order, equal to what :func:`external_scores` gives
        for the labels the table counts.

    Raises
    ------
    clustval.errors.InputError
        An unknown name or option, a value an option does not take, or a table that is not
        one of non-negative integer counts, or that counts nothing.
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
    given = index_options("external", options, "external_scores_from_table")
    return as_contingency(table).scores(requested("external", names), given, undefined)


@takes_options("internal")
def internal_scores(
    X,
    labels,
    names: Iterable[str] | str | None = None,
    *,
    memory_budget_mb: float = DEFAULT_MEMORY_BUDGET_MB,
    undefined: str = "raise",
    metric="euclidean",
    progress: bool | None = None,
    noise: str | None = None,
    sample_weight=None,
    **options,
) -> dict[str, float]:
    """Compute several internal indices at once, sharing one chunked pass over all distances.

    Returns
    -------
    dict
        ``{name: value}`` for each requested index, in registry order. Values equal those
        of the individual functions.

    Raises
    ------
    clustval.errors.InputError
        An unknown name or option, a value an option does not take, an index that needs
        coordinates given distances, or data or labels that fail the checks.
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
    >>> internal_scores(X, [0, 0, 1, 1], ["db"], sample_weight=[1, 3, 1, 1])  # [1.0] thrice: (0.375 + 0.5) / 9.75
    {'db': 0.08974358974358974}
    """
    specs, given, needs = internal_request(names, metric, undefined, options, weighted=sample_weight is not None)
    objects = checked_objects(labels, sample_weight=sample_weight, noise=noise, name="labels")
    with _progress.reporting(progress):
        return Partition.of_objects(X, objects, needs=needs, memory_budget_mb=memory_budget_mb, metric=metric).scores(
            specs, given, undefined
        )


@takes_options("internal")
def internal_scorer(
    X,
    names: Iterable[str] | str | None = None,
    *,
    memory_budget_mb: float = DEFAULT_MEMORY_BUDGET_MB,
    undefined: str = "raise",
    metric="euclidean",
    **options,
) -> Callable[..., dict[str, float]]:
    """One way to score any clustering of ``X``: the internal indices ``names``, their request
    checked and the data prepared once (:class:`~clustval.indices.partition.PreparedData`), for
    a sweep over K (:func:`clustval.select_k`), as :func:`clustval.clustering.clusterer` gives
    one way to cluster. ``X`` may be prepared already for ``metric``
    (``PreparedData.of(X, metric)``, as :func:`clustval.select_k` shares it with the
    neighbouring-partition rules).

    Parameters
    ----------

    Returns
    -------
    callable
        ``f(labels)``: ``{name: value}`` for the clustering ``labels`` of X, equal to
        ``score(labels, X=X, names=names, ...)``; each call ticks the current progress bar
        once per index.

    Raises
    ------
    clustval.errors.InputError
        An unknown name or option, an index that needs coordinates with another metric, or
        bad data; the labels are checked at each call.

    See Also
    --------
    internal_scores : one clustering's indices.

    Examples
    --------
    >>> scores = internal_scorer([[0.0], [1.0], [10.0], [11.0]], ["db", "sil"])
    >>> scores([0, 0, 1, 1]), scores([0, 1, 1, 1])["db"]
    ({'db': 0.1, 'sil': 0.899749373433584}, 0.5757575757575758)
    """
    specs, given, needs = internal_request(names, metric, undefined, options, "internal_scorer")
    data = PreparedData.of(X, metric)

    def scores(labels) -> dict[str, float]:
        objects = checked_objects(labels)
        return Partition.of_objects(data, objects, needs=needs, memory_budget_mb=memory_budget_mb).scores(
            specs, given, undefined
        )

    return scores


def internal_request(names, metric, undefined, options=None, caller="internal_scores", *, weighted=False):
    """What an :func:`internal_scores` call computes, its options checked (shared with
    :func:`clustval.dask.internal_scores`, which builds its partition on a cluster).

    Parameters
    ----------
    names, metric, undefined
        As :func:`internal_scores` takes them.
    options : mapping, optional
        The internal indices' options given, by name (those not given take their defaults).
    caller : str, default "internal_scores"
        The entry point, as an error names it.
    weighted : bool, default False
        ``sample_weight`` is given: every index named must take weights (with ``names``
        None, those that do not are left out).

    Returns
    -------
    specs : list of IndexSpec
        The indices, in registry order (with ``metric="precomputed"`` and ``names=None``,
        those that need no coordinates).
    given : dict
        Every internal index option, by name (:func:`~clustval.indices.registry.index_options`).
    needs : frozenset of str
        What the partition must compute for them.

    Examples
    --------
    >>> specs, given, needs = internal_request(["sil", "db"], "euclidean", "raise")
    >>> [spec.name for spec in specs], sorted(needs)
    (['db', 'sil'], ['cluster_sums', 'coordinates'])
    """
    check_undefined_policy(undefined)
    given = index_options("internal", options or {}, caller)
    specs = requested("internal", names)
    if not is_euclidean(metric):
        centroid_based = [spec for spec in specs if COORDINATES in spec.needs]
        if names is None:
            specs = [spec for spec in specs if spec not in centroid_based]
        elif centroid_based:
            given_as = "only distances" if is_precomputed(metric) else f"metric={metric!r}"
            # an index that reads the coordinates in a distance of its own says so (DBCV's dbcv_metric)
            own = "".join(f" ({spec.label}'s distance is its option {option.name})" for spec in centroid_based
                          for option in spec.options if option.keyword == "metric")  # fmt: skip
            raise InputError(
                f"{', '.join(spec.label for spec in centroid_based)} "
                f"{'needs' if len(centroid_based) == 1 else 'need'} the data's coordinates "
                f"(centroids) and Euclidean distances, not {given_as}: pass X with metric='euclidean', "
                f"or leave them out{own}."
            )
    if weighted:
        if names is None:
            specs = [spec for spec in specs if spec.takes_weights(given)]
        refuse_unweighted(specs)
        for spec in specs:
            spec.refuse_weights(given)
    needs = frozenset().union(*(spec.needs_for(given) for spec in specs))
    return specs, given, needs


@described(parameters=SCORES_PARAMETERS)
def refuse_unweighted(specs) -> None:
    """One line of InputError when some of the internal indices ``specs``, asked for with
    weights, take no ``sample_weight`` (``IndexSpec.weights``), naming them and those that do.

    Raises
    ------
    clustval.errors.InputError
        An index of ``specs`` takes no weights.

    Examples
    --------
    >>> refuse_unweighted([get_index("db"), get_index("tau")])  # both take weights: nothing to refuse
    """
    unweighted = [spec.name for spec in specs if not spec.weights]
    if unweighted:
        them = ", ".join(unweighted)
        weighted = ", ".join(name for name in names_of("internal") if INDICES[name].weights)
        raise InputError(
            f"{them} {'takes' if len(unweighted) == 1 else 'take'} no sample_weight; the internal "
            f"indices that take weights are {weighted}: leave {them} out, or the weights."
        )
