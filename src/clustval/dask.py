"""Exact validity indices on a Dask cluster: the distance pass cut into tasks, and
contingency tables counted where the labels are.

Internal indices. :func:`internal_scores` runs the passes over all pairwise distances as
tasks on ``dask.distributed`` workers. The main pass
(:func:`clustval._engine.pairwise.cluster_distance_stats`): the objects, sorted by cluster, are cut into blocks of whole tiles, and each task
(:func:`clustval._engine.pairwise.pass_task`, the function the in-memory pass runs over all
objects at once) returns the exact summaries of its block's objects, each sum added in the
one order of the whole pass. :func:`clustval._engine.pairwise.combine_pass` puts the blocks
together, as the in-memory pass does with its single block, and the indices are then
computed on the client from those summaries and the coordinates (centroids), by the same
cores: every value equals :func:`clustval.internal_scores`'s bit for bit, whatever the
number of workers, the order the tasks finish in, or the tasks re-run after a worker died.
The pair-rank passes (:mod:`clustval._engine.pair_pass`: Gamma, G+, Tau, the C-index) run their
tile pairs in parts, a run of parts per task (:class:`ClusterPairValues`): integer counts,
exact sums and sorted values, so the same values too. The near-neighbour search (a k-d tree
or row blocks, O(n M) memory) and the centroid terms run on the client.

The price of exactness is work: a task computes every distance that involves one of its
objects, so a pair whose objects lie in two blocks is computed twice, about n^2 distances
in all against n^2 / 2 in one process (docs/scaling-out.md measures it). X (n x d) is
gathered on the client, validated there as in memory, and scattered once to every worker;
what no single machine can do is the O(n^2 d) pass, and that is what the cluster does.

Lost workers. A worker lost mid-pass is the scheduler's to handle while another worker
still holds the scattered data (its tasks run again elsewhere). When the lost worker held
the only copy (a one-worker cluster, or the rows of a block with ``metric="precomputed"``),
the scheduler forgets the tasks that needed them; the pass then waits for a worker (up to
:data:`WORKER_WAIT_S` seconds: a nanny restarts a killed worker process), scatters the data
again and resubmits the tasks whose results it has not received, keeping those it has: the
same values, bit for bit. It does so up to :data:`RESCATTERS` times in a pass, then raises
:class:`clustval.errors.WorkerLostError`, as it does when no worker comes back in time or
the scheduler gives up on a task whose workers keep dying (``KilledWorker``).

External indices. :func:`external_scores` counts the contingency table of each pair of
label chunks where it lives (:func:`clustval.indices.contingency.contingency`), adds the integer
counts, and computes the indices from the table
(:func:`clustval.indices.scoring.external_scores_from_table`): only the C x K counts come back,
and every value equals :func:`clustval.external_scores`'s on the same labels.

Both need ``pip install 'clustval[dask]'``.
"""

from __future__ import annotations

import contextlib
import itertools
import logging
import math
import threading
from collections.abc import Callable, Iterable
from functools import cached_property

import dask
import numpy as np

from ._engine import progress as _progress
from ._engine.docs import PASS_PARAMETERS, with_parameters
from ._engine.metrics import Metric
from ._engine.pair_pass import _CALLS, PairValues, kernel_pass
from ._engine.pairwise import (
    PARTS,
    ClusterDistanceStats,
    combine_pass,
    pass_task,
    plan_pass,
)
from .errors import InputError, WorkerLostError
from .indices.contingency import contingency
from .indices.counts import contingency_from_counts
from .indices.objects import apply_noise, as_label_array, as_labels, check_noise, checked_objects, warn_noise
from .indices.partition import (
    CLUSTER_SUMS,
    DEFAULT_MEMORY_BUDGET_MB,
    EXTREMES,
    NEAREST,
    PAIR_MAX,
    Partition,
)
from .indices.registry import index_options, takes_options
from .indices.scoring import external_scores_from_table, internal_request

__all__ = ["external_scores", "internal_scores"]

# A task that fails (not a lost worker: the scheduler re-runs those itself) is tried again
# this many times; tasks are pure, so a second run gives the same bits.
RETRIES = 2
#: How many times a pass scatters its data again after a lost worker took the only copy.
RESCATTERS = 3
#: How long, in seconds, a pass waits for a worker when the cluster has none left.
WORKER_WAIT_S = 60.0
_ONE_AT_A_TIME = threading.Lock()
# Where every pass of this module runs, written once
_CLIENT = {"client": """client : dask.distributed.Client
    Where the tasks run: a cluster's client (``Client(LocalCluster(...))``,
    ``Client("tcp://host:8786")``, ``Client(SLURMCluster(...))``)."""}
_log = logging.getLogger(__name__)


@takes_options("internal", parameters=_CLIENT)
def internal_scores(
    X,
    labels,
    names: Iterable[str] | str | None = None,
    *,
    client,
    memory_budget_mb: float = DEFAULT_MEMORY_BUDGET_MB,
    undefined: str = "raise",
    metric: str = "euclidean",
    tasks: int | None = None,
    progress: bool | None = None,
    noise: str | None = None,
    sample_weight=None,
    **options,
) -> dict[str, float]:
    """Internal indices with their distance pass run as tasks on a Dask cluster, exactly.

    The values are those of :func:`clustval.internal_scores` on the same arguments, bit
    for bit: each task computes the exact summaries of a block of objects, added in the
    order of the in-memory pass, and the indices are computed from them on the client.

    ``X`` and ``labels`` may be Dask arrays: they are computed to the client (n x d values:
    the pass, not the data, is what is large). Each task holds its blocks of distances and
    summaries within ``memory_budget_mb`` (besides X, held once per worker process). With
    ``metric="precomputed"`` each task receives only the rows of the distance matrix of its
    own objects; the tasks run the pass in any metric :func:`clustval.internal_scores`
    takes, while the rank indices' passes with a metric other than Euclidean run on the
    client, as they run on numpy in memory. With ``sample_weight`` (a Dask array too) the
    tasks weigh their cluster sums and in-group shares.

    Parameters
    ----------
    tasks : int, optional
        How many tasks the pass is cut into (at most one per tile of 512 objects); default:
        four per worker thread, more when the memory budget needs smaller blocks.

    Returns
    -------
    dict
        ``{name: value}`` in registry order, equal to :func:`clustval.internal_scores`'s.

    Raises
    ------
    clustval.errors.InputError
        Bad data, labels or names as :func:`clustval.internal_scores` says, or an index
        whose distances come from another pass (compute it in memory).
    clustval.errors.UndefinedIndexError
        A requested index is undefined for this input and ``undefined="raise"``.
    clustval.errors.WorkerLostError
        Lost workers took the pass's data and no worker came back within
        :data:`WORKER_WAIT_S` seconds, or that happened more than :data:`RESCATTERS` times in
        one pass, or the workers running one task died more often than Dask's
        ``allowed-failures`` (a lost worker otherwise only costs the tasks it was running).

    See Also
    --------
    clustval.internal_scores : the same in one process.

    Examples
    --------
    >>> from dask.distributed import Client, LocalCluster
    >>> import numpy as np, clustval, clustval.dask
    >>> X = np.random.default_rng(0).normal(size=(2000, 4)); labels = np.arange(2000) % 3
    >>> with LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
    ...                   dashboard_address=None) as cluster, Client(cluster) as client:
    ...     scores = clustval.dask.internal_scores(X, labels, ["sil", "dunn"], client=client)
    >>> scores == clustval.internal_scores(X, labels, ["sil", "dunn"])
    True
    """
    specs, given, needs = internal_request(names, metric, undefined, options, "clustval.dask.internal_scores",
                                           weighted=sample_weight is not None)  # fmt: skip
    _check_cluster(client, tasks)
    with _progress.reporting(progress):
        X, labels = _local(X), _local(labels)
        sample_weight = None if sample_weight is None else _local(sample_weight)
        objects = checked_objects(labels, sample_weight=sample_weight, noise=noise, name="labels")
        p = _ClusterPartition(
            X, objects, client=client, tasks=tasks, needs=needs, memory_budget_mb=memory_budget_mb, metric=metric
        )
        return p.scores(specs, given, undefined)


class _ClusterPartition(Partition):
    """A :class:`~clustval.indices.partition.Partition` whose distance summaries come from tasks on
    a Dask cluster (the same values as its in-memory pass)."""

    def __init__(self, X, objects, *, client, tasks: int | None, needs, memory_budget_mb, metric) -> None:
        self._take(X, objects, needs, memory_budget_mb, metric)
        self.client, self.tasks = client, tasks

    def pair_values(self) -> ClusterPairValues:
        rows, codes = self._copies
        return ClusterPairValues(
            self.X, codes, self.n_clusters, self.memory_budget_mb, self.precomputed,
            client=self.client, tasks=self.tasks, metric=self.metric, rows=rows,
        )  # fmt: skip

    @cached_property
    def distance_stats(self) -> ClusterDistanceStats:
        return distance_stats(
            self.X, self.codes, self.n_clusters, client=self.client, tasks=self.tasks,
            sums=CLUSTER_SUMS in self.needs, nearest=NEAREST in self.needs,
            extremes=EXTREMES in self.needs, pair_max=PAIR_MAX in self.needs,
            memory_budget_mb=self.memory_budget_mb, precomputed=self.precomputed, metric=self.metric,
            weights=self.weights,
        )  # fmt: skip


@with_parameters({**PASS_PARAMETERS, **_CLIENT})
def distance_stats(
    X: np.ndarray, codes: np.ndarray, n_clusters: int, *, client, tasks: int | None = None,
    sums: bool = False, nearest: bool = False, extremes: bool = False, pair_max: bool = False,
    memory_budget_mb: float = DEFAULT_MEMORY_BUDGET_MB, precomputed: bool = False, metric: Metric | None = None,
    weights: np.ndarray | None = None,
) -> ClusterDistanceStats:  # fmt: skip
    """:func:`clustval._engine.pairwise.cluster_distance_stats` with its blocks run as Dask tasks.

    Each task holds its blocks within ``memory_budget_mb``; the plan carries the weights to
    every task.

    Parameters
    ----------
    tasks : int, optional
        How many blocks (see :func:`internal_scores`).
    sums, nearest, extremes, pair_max : bool
        What to compute, as in :func:`clustval._engine.pairwise.cluster_distance_stats`.

    Returns
    -------
    ClusterDistanceStats
        Bit for bit those of the in-memory pass.

    Examples
    --------
    >>> from dask.distributed import Client, LocalCluster
    >>> from clustval._engine.pairwise import cluster_distance_stats
    >>> X = np.random.default_rng(1).normal(size=(1500, 3)); codes = np.arange(1500) % 4
    >>> with LocalCluster(n_workers=1, processes=False, dashboard_address=None) as cluster, Client(cluster) as c:
    ...     got = distance_stats(X, codes, 4, client=c, sums=True, tasks=3)
    >>> bool((got.cluster_sums == cluster_distance_stats(X, codes, 4, sums=True).cluster_sums).all())
    True
    """
    _check_cluster(client, tasks)
    plan = plan_pass(
        codes, n_clusters, n_features=X.shape[1], sums=sums, nearest=nearest, extremes=extremes,
        pair_max=pair_max, memory_budget_mb=memory_budget_mb, precomputed=precomputed, metric=metric,
        weights=weights,
    )  # fmt: skip
    if not plan.requested:
        return combine_pass(plan, [])
    if tasks is None:
        threads = sum(client.nthreads().values()) or 1
        # the summaries a task holds per object: its parts' sums and minima, and the block's
        per_object = 8 * (n_clusters * (2 * PARTS + 3) + PARTS + 2)
        tasks = max(4 * threads, math.ceil(plan.n * per_object / (memory_budget_mb * 2**20)))
    blocks = plan.blocks(tasks)

    def scatter() -> list:  # [plan, X] to every worker, or [plan, each block's rows]
        shared = [client.scatter(plan, broadcast=True, hash=False)]
        if precomputed:  # each task gets the rows of its own objects, once
            return shared + [client.scatter(np.ascontiguousarray(X[plan.order[a:b]]), hash=False) for a, b in blocks]
        return shared + [client.scatter(np.ascontiguousarray(X[plan.order]), broadcast=True, hash=False)]

    def submit(i: int, data: list):
        (a, b), rows = blocks[i], data[1 + i if precomputed else 1]
        return client.submit(_block_task, data[0], a, b, rows, pure=True, retries=RETRIES)

    with _Scattered(client, scatter) as data:
        return combine_pass(plan, _gather_tasks(client, data, submit, len(blocks)))


def _check_cluster(client, tasks) -> None:
    """One line for a client that cannot run tasks (None, closed, not a client) or a count
    of tasks that is no positive integer, before any work."""
    if not all(callable(getattr(client, method, None)) for method in ("submit", "scatter", "nthreads")):
        raise InputError(f"client must be a dask.distributed.Client (Client(LocalCluster(...)), "
                         f"Client('tcp://host:8786')), got {client!r}.")  # fmt: skip
    if getattr(client, "status", None) in ("closing", "closed"):
        raise InputError("the Dask client is closed: open a new one (Client(...)) and run the call again.")
    if tasks is not None and (isinstance(tasks, (bool, np.bool_)) or not isinstance(tasks, (int, np.integer))
                              or tasks < 1):  # fmt: skip
        raise InputError(f"tasks must be a positive integer, or None (four per worker thread), got {tasks!r}.")


class _Scattered:
    """Data scattered to the workers (a list of futures), scattered again by :meth:`again`
    when a lost worker took the only copy; released on exit."""

    def __init__(self, client, scatter: Callable[[], list]) -> None:
        self.client, self.scatter = client, scatter
        self.futures = self.scatter()

    def again(self) -> None:
        """Wait for a worker (up to :data:`WORKER_WAIT_S`) and scatter the data anew."""
        self.release()
        try:
            self.client.wait_for_workers(1, timeout=WORKER_WAIT_S)
            self.futures = self.scatter()
        except (TimeoutError, OSError):  # none came back, or the one that did went away too
            raise WorkerLostError(
                f"the Dask cluster lost the workers holding the pass's data and has had none "
                f"to send them to again for {WORKER_WAIT_S:g} s: restart the workers (or "
                f"raise clustval.dask.WORKER_WAIT_S) and run the call again."
            ) from None

    def release(self) -> None:
        self.client.cancel(self.futures)
        self.futures = []

    def __enter__(self) -> _Scattered:
        return self

    def __exit__(self, *exc) -> None:
        self.release()


def _gather_tasks(client, data: _Scattered, submit: Callable[[int, list], object], count: int) -> list:
    """The results of tasks 0..count-1 in order, ``submit(i, data.futures)`` submitting task
    i, through lost workers: the results received are kept, and the tasks the scheduler
    cancelled because their scattered data were lost are submitted again on the data
    scattered anew (at most :data:`RESCATTERS` times). An error a task raises is raised."""
    from distributed import KilledWorker, as_completed

    results: dict[int, object] = {}
    for attempt in range(RESCATTERS + 1):
        if attempt:
            _log.warning(
                "clustval.dask: a lost worker took the data of %d of %d tasks; scattering them again",
                count - len(results), count,
            )  # fmt: skip
            data.again()
        futures = {submit(i, data.futures): i for i in range(count) if i not in results}
        try:
            for future, result in as_completed(futures, loop=client.loop, with_results=True, raise_errors=False):
                if future.status == "finished":
                    results[futures[future]] = result
                elif future.status == "error":
                    error = future.exception()
                    if isinstance(error, KilledWorker):  # the scheduler gave up on the task
                        raise WorkerLostError(
                            f"{error.allowed_failures + 1} workers died while running the task "
                            f"{error.task!r} of this pass: check the workers' memory limits and "
                            f"logs, or give the call a smaller memory_budget_mb."
                        ) from None
                    future.result()  # the task's own error, raised as gather raises it
        finally:
            client.cancel(list(futures))
        if len(results) == count:
            return [results[i] for i in range(count)]
    raise WorkerLostError(
        f"the Dask cluster lost the data of this pass {RESCATTERS + 1} times (workers lost as "
        f"soon as they came back?): {count - len(results)} of {count} tasks never ran; check the "
        f"workers' memory limits and logs, and run the call again."
    )


class ClusterPairValues(PairValues):
    """:class:`clustval._engine.pair_pass.PairValues` whose passes run as Dask tasks: the tile
    pairs are cut into parts (four per worker thread by default), each task runs
    :func:`clustval._engine.pair_pass.kernel_pass` on a run of parts, and the client puts the
    parts' histograms, exact sums and collected values together in part order: the counts
    and sums of the in-memory passes, exactly (they do not depend on how the pairs are cut).
    Each task holds the data (scattered once per worker), a histogram per part and its
    share of a batch of collected values (at most the memory budget in all)."""

    def __init__(self, X, codes, n_clusters, memory_budget_mb, precomputed, *, client, tasks=None, metric=None,
                 rows=None) -> None:  # fmt: skip
        threads = sum(client.nthreads().values()) or 1
        self.tasks = tasks or 4 * threads
        super().__init__(X, codes, n_clusters, memory_budget_mb, precomputed, parts=self.tasks, metric=metric,
                         rows=rows)  # fmt: skip
        self.client = client
        self.shared = None
        self.streams = False  # the rank batches hold both classes, every pass a run of tasks

    def parts_pass(self, mode, lo, hi, shift, n_buckets, t_low, t_high, select, taken, only=-1, steps=_CALLS):
        """:func:`clustval._engine.pair_pass.kernel_pass` over every part, a run of parts per task.

        Parameters
        ----------
        mode, lo, hi, shift, n_buckets, t_low, t_high, select, taken, only, steps
            As :func:`clustval._engine.pair_pass.kernel_pass` takes them (``taken``: per part).

        Returns
        -------
        tuple of ndarray
            The parts' histograms, extremes, exact accumulators and collected values, in
            part order: what :func:`~clustval._engine.pair_pass.kernel_pass` returns for all parts.

        Examples
        --------
        >>> from dask.distributed import Client, LocalCluster
        >>> from clustval._engine.pair_pass import pair_stats
        >>> X = np.random.default_rng(3).normal(size=(800, 2)); codes = np.arange(800) % 3
        >>> with LocalCluster(n_workers=1, processes=False, dashboard_address=None) as cluster, Client(cluster) as c:
        ...     with ClusterPairValues(X, codes, 3, 256, False, client=c, tasks=3) as values:
        ...         got = pair_stats(X, codes, 3, ranks=True, values=values)
        >>> got == pair_stats(X, codes, 3, ranks=True)
        True
        """
        if self.shared is None:  # the data go to every worker once, for all the passes
            self.shared = _Scattered(
                self.client, lambda: [self.client.scatter(self.source, broadcast=True, hash=False)]
            )
        parts = len(self.bounds) - 1
        cuts = np.linspace(0, parts, min(self.tasks, parts) + 1).round().astype(int)
        spans = [(p0, p1) for p0, p1 in itertools.pairwise(cuts.tolist()) if p1 > p0]

        def submit(i: int, data: list):
            p0, p1 = spans[i]
            return self.client.submit(
                _parts_task, data[0], self.bounds[p0 : p1 + 1], mode, lo, hi, shift, n_buckets,
                t_low, t_high, select, taken[p0:p1], only, pure=True, retries=RETRIES,
            )  # fmt: skip

        runs = _gather_tasks(self.client, self.shared, submit, len(spans))
        if self.progress is not None:
            self.progress.advance(steps)
        return tuple(np.concatenate([run[field] for run in runs]) for field in range(6))

    def __exit__(self, *exc) -> None:
        if self.shared is not None:  # the data leave the workers with the last pass
            self.shared.release()


def _parts_task(source, bounds, *args):
    """A worker's task: :func:`clustval._engine.pair_pass.kernel_pass` on one thread (see
    :func:`_block_task`)."""
    return _one_thread(kernel_pass, source, bounds, *args)


def _one_thread(function, *args):
    """``function(*args)`` with numba's parallel kernels on this thread alone."""
    import numba

    try:
        layer = numba.threading_layer()
    except ValueError:  # no parallel kernel has run in this process yet
        layer = None
    # numba's workqueue layer aborts when two threads launch parallel kernels at once
    with _ONE_AT_A_TIME if layer in (None, "workqueue") else contextlib.nullcontext():
        threads = numba.get_num_threads()
        numba.set_num_threads(1)  # for this thread only
        try:
            return function(*args)
        finally:
            numba.set_num_threads(threads)


def _block_task(plan, start: int, stop: int, data: np.ndarray):
    """A worker's task: :func:`clustval._engine.pairwise.pass_task` on one thread (the cluster
    runs the tasks in parallel; the compiled kernel's parts then run one after another,
    which gives the same sums)."""
    rows = np.arange(stop - start) if plan.precomputed else None
    if plan.engine != "numba":
        return pass_task(plan, start, stop, data, rows)
    return _one_thread(pass_task, plan, start, stop, data, rows)


def _local(values):
    """A Dask collection computed to the client; anything else as it is."""
    return values.compute() if dask.is_dask_collection(values) else values


@takes_options("external", parameters=_CLIENT)
def external_scores(
    labels_true,
    labels_pred,
    names: Iterable[str] | str | None = None,
    *,
    client=None,
    undefined: str = "raise",
    sample_weight=None,
    noise: str | None = None,
    **options,
) -> dict[str, float]:
    """External indices of two label collections counted chunk by chunk where they live.

    Each pair of chunks (array chunks, or partitions of a Dask Series or DataFrame column)
    is counted by :func:`clustval.indices.contingency.contingency` in its own task; the client adds
    the integer counts and computes the indices from the table: the values of
    :func:`clustval.external_scores` on the same labels in memory, bit for bit. Without a
    ``client``, Dask's current scheduler counts.

    ``labels_true``, ``labels_pred`` and ``sample_weight`` may each be a Dask array, a Dask
    Series or an array-like, chunked alike (two columns of one frame are; arrays of other
    chunks are rechunked to ``labels_true``'s). ``noise="singletons"``, a column of the
    table per noise object, is served in memory only.

    Returns
    -------
    dict
        ``{name: value}`` in registry order, equal to :func:`clustval.external_scores`'s.

    Raises
    ------
    clustval.errors.InputError
        Chunks of different lengths, bad labels (NaN, None, a mix of numbers and text), no
        labels at all, an unknown name or option, or a value an option does not take.
    clustval.errors.UndefinedIndexError
        A requested index is undefined for this input and ``undefined="raise"``.

    See Also
    --------
    clustval.external_scores : the same in memory.
    clustval.indices.counts.contingency_from_frame : a table from a DataFrame's group-by.

    Examples
    --------
    >>> import dask.array as da, numpy as np, clustval, clustval.dask
    >>> t = np.arange(10_000) % 3; p = (np.arange(10_000) // 7) % 4
    >>> got = clustval.dask.external_scores(da.from_array(t, chunks=1000), da.from_array(p, chunks=1000))
    >>> got == clustval.external_scores(t, p)
    True
    """
    index_options("external", options, "clustval.dask.external_scores")  # before the counting
    if check_noise(noise) == "singletons":
        raise InputError('noise="singletons" makes a column of the table per noise object: use '
                         'clustval.external_scores in memory, or noise="exclude".')  # fmt: skip
    columns = [labels_true, labels_pred] + ([] if sample_weight is None else [sample_weight])
    parts = _label_chunks(*columns)
    counted = [dask.delayed(_count_chunk, pure=True)(*chunk, noise=noise) for chunk in zip(*parts, strict=True)]
    if client is not None:
        counted = client.gather(client.compute(counted, retries=RETRIES))
    else:
        counted = dask.compute(*counted)
    classes, clusters, counts = (np.concatenate([chunk[i] for chunk in counted]) for i in range(3))
    if counts.size == 0:
        raise InputError("nothing to count: the labels are empty, or every object has weight 0 or is excluded noise.")
    table = _add_up(classes, clusters, counts)
    if noise is None:
        warn_noise(table.clusters)
    return external_scores_from_table(table, names, undefined=undefined, **options)


def _label_chunks(*columns) -> list[list]:
    """The chunks of label collections (the truth, the clusters and maybe the weights), paired:
    Delayed objects (or in-memory arrays)."""
    import dask.array as da

    if not any(dask.is_dask_collection(column) for column in columns):
        return [[column] for column in columns]
    if all(_is_frame_column(c) for c in columns) and len({c.npartitions for c in columns}) == 1:
        return [column.to_delayed() for column in columns]
    arrays = []
    for column in columns:
        if _is_frame_column(column):
            column = column.to_dask_array(lengths=True)
        elif not isinstance(column, da.Array):
            column = da.from_array(np.asarray(column), chunks=-1)
        if column.ndim != 1:
            raise InputError(f"labels must be one-dimensional, got shape {column.shape}.")
        arrays.append(column)
    names = ("labels_true", "labels_pred", "sample_weight")
    for name, array in zip(names[1:], arrays[1:]):
        if array.shape != arrays[0].shape:
            raise InputError(
                f"labels_true has {arrays[0].shape[0]} entries but {name} has {array.shape[0]}: "
                "give one of each per object."
            )
    return [list(arrays[0].to_delayed())] + [list(a.rechunk(arrays[0].chunks).to_delayed()) for a in arrays[1:]]


def _is_frame_column(values) -> bool:
    return hasattr(values, "npartitions") and hasattr(values, "to_dask_array") and getattr(values, "ndim", 1) == 1


def _count_chunk(labels_true, labels_pred, sample_weight=None, *, noise=None) -> tuple[np.ndarray, ...]:
    """The nonzero cells of one chunk's table as long rows: (classes, clusters, counts)."""
    sizes = {len(labels_true), len(labels_pred)} | ({len(sample_weight)} if sample_weight is not None else set())
    if len(sizes) > 1:
        raise InputError(
            f"a chunk holds {len(labels_true)} true labels but {len(labels_pred)} predicted ones"
            f"{'' if sample_weight is None else f' and {len(sample_weight)} weights'}: "
            "chunk the label collections alike (columns of one frame are)."
        )
    labels_true, labels_pred = np.asarray(labels_true), np.asarray(labels_pred)
    if noise == "exclude" and labels_pred.size:
        labels, kept = apply_noise(as_labels(labels_pred, "labels_pred"), noise)
        if kept is not None:  # the chunk's noise objects are left out
            labels_true, labels_pred = labels_true[kept], labels.uniques[labels.codes]
            sample_weight = None if sample_weight is None else np.asarray(sample_weight)[kept]
    if sample_weight is not None:
        sample_weight = np.asarray(sample_weight)
        if sample_weight.size and not sample_weight.any():  # a chunk of weight 0 counts nothing
            labels_true = labels_pred = sample_weight = sample_weight[:0]
    if len(labels_true) == 0:  # an empty partition counts nothing
        empty = np.empty(0, dtype=np.int64)
        return empty, empty, empty
    ct = contingency(labels_true, labels_pred, sample_weight=sample_weight)
    rows, cols, counts = ct.cells  # those of a count of many labels too, without its dense table
    return ct.classes[rows], ct.clusters[cols], counts


def _add_up(classes: np.ndarray, clusters: np.ndarray, counts: np.ndarray):
    """The contingency table of long rows in which a pair may appear several times (once
    per chunk): each pair's counts added as int64, then as
    :func:`clustval.indices.counts.contingency_from_counts` builds a table."""
    classes, clusters = as_label_array(classes, "classes"), as_label_array(clusters, "clusters")
    _, class_codes = np.unique(classes, return_inverse=True)
    cluster_values, cluster_codes = np.unique(clusters, return_inverse=True)
    cell = class_codes.astype(np.int64) * len(cluster_values) + cluster_codes
    cells, first, inverse = np.unique(cell, return_index=True, return_inverse=True)
    totals = np.zeros(len(cells), dtype=np.int64)
    np.add.at(totals, inverse, counts)  # integers: exact in any order
    return contingency_from_counts(classes[first], clusters[first], totals)
