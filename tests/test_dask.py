"""clustval.dask: internal indices from the distance pass run as tasks on a Dask cluster,
and external indices from tables counted chunk by chunk, equal to the in-memory values
bit for bit (``==``), whatever the blocks, their order, the workers, or a worker lost
mid-run.

The in-memory pass is the reference of the bit-for-bit tests; it is itself checked against
brute force elsewhere (tests/indices/test_classic.py), and here once more against scikit-learn's
silhouette and a loop over all pairs.
"""

from __future__ import annotations

import logging
import os
import re
import signal
import threading
import time

import numpy as np
import pytest

pytest.importorskip("dask.distributed", reason="clustval.dask needs the dask extra: pip install 'clustval[dask]'")

import dask.array as da
import dask.dataframe as dd
import pandas as pd
from dask.distributed import Client, LocalCluster

import clustval
import clustval.dask
import clustval.indices.registry
from clustval.indices.partition import COORDINATES
from clustval.indices.registry import INDICES
from clustval._engine import compiled as _compiled
from clustval._engine.metrics import Metric
from clustval._engine.pairwise import (
    cluster_distance_stats,
    combine_pass,
    pass_task,
    plan_pass,
)
from clustval.clustering.kmedoids import euclidean_distances
from clustval.errors import InputError, WorkerLostError

FIELDS = ("sizes", "cluster_sums", "in_group_share", "diameters", "pair_min", "pair_max")


def _cluster(n_workers=2):
    return LocalCluster(
        n_workers=n_workers, threads_per_worker=1, processes=True, dashboard_address=None,
        silence_logs=logging.CRITICAL,
    )  # fmt: skip


@pytest.fixture(scope="module")
def client():
    with _cluster() as cluster, Client(cluster) as client:
        yield client


def _mixture(n, d=5, k=6, seed=0, decimals=2):
    """Gaussian blobs, rounded (many equal distances: ties for the nearest neighbours)."""
    rng = np.random.default_rng(seed)
    labels = rng.integers(0, k, n)
    X = (rng.normal(size=(k, d)) * 3)[labels] + rng.normal(size=(n, d))
    return X.round(decimals), labels


@pytest.fixture(scope="module")
def data():
    # 12 tiles of 512 objects, cut into 5 tasks below: n = 20,000 on every index is the slow
    # suite's (test_every_index_at_n_20000_on_two_worker_processes_equals_the_in_memory_call)
    return _mixture(6_000)


def _same(a: dict, b: dict) -> bool:
    """Equal keys and values, NaN equal to NaN (undefined="nan")."""
    return list(a) == list(b) and all(x == y or (np.isnan(x) and np.isnan(y)) for x, y in zip(a.values(), b.values()))


# ------------------------------------------------------------------- blocks, no cluster


@pytest.mark.parametrize("engine", ["numba", "numpy", "precomputed"])
@pytest.mark.parametrize("count", [1, 6])
def test_blocks_in_any_order_combine_to_the_whole_pass(engine, count):
    if engine == "numba" and _compiled.kernels() is None:
        pytest.skip("numba is not installed or its JIT is disabled (NUMBA_DISABLE_JIT)")
    X, labels = _mixture(2600, d=3, k=5, seed=count, decimals=1)
    pre = engine == "precomputed"
    D = euclidean_distances(X) if pre else None
    options = {"sums": True, "nearest": True, "extremes": True, "pair_max": True, "engine": None if pre else engine,
               "precomputed": pre}  # fmt: skip
    whole = cluster_distance_stats(D if pre else X, labels, 5, memory_budget_mb=4, **options)
    plan = plan_pass(labels, 5, n_features=X.shape[1], memory_budget_mb=4, **options)
    blocks = plan.blocks(count)
    assert min(count, 4) <= len(blocks) <= count and {a for a, _ in blocks} <= set(plan.tiles.tiles.tolist())  # whole tiles
    done = [
        pass_task(plan, a, b, D[plan.order[a:b]], np.arange(b - a)) if pre else pass_task(plan, a, b, X[plan.order])
        for a, b in reversed(blocks)
    ]
    got = combine_pass(plan, done)
    for field in FIELDS:
        assert np.array_equal(getattr(got, field), getattr(whole, field)), field


def test_a_block_set_that_misses_objects_is_refused():
    X, labels = _mixture(1200, d=2, k=3)
    plan = plan_pass(labels, 3, n_features=2, sums=True)
    a, b = plan.blocks(2)[0]
    with pytest.raises(ValueError, match="cover every object once"):
        combine_pass(plan, [pass_task(plan, a, b, X[plan.order])])


def test_the_block_sums_are_the_sums_over_all_pairs():
    # the oracle: the full distance matrix (numpy broadcasting), summed per cluster
    X, labels = _mixture(700, d=3, k=4, seed=5)
    plan = plan_pass(labels, 4, n_features=3, sums=True, extremes=True, pair_max=True)  # numba where it runs
    got = combine_pass(plan, [pass_task(plan, a, b, X[plan.order]) for a, b in plan.blocks(2)])
    D = np.sqrt(((X[:, None, :] - X[None, :, :]) ** 2).sum(axis=2))
    sums = np.stack([D[:, labels == c].sum(axis=1) for c in range(4)], axis=1)
    np.testing.assert_allclose(got.cluster_sums, sums, rtol=1e-13)
    assert np.allclose(got.diameters, [D[np.ix_(labels == c, labels == c)].max() for c in range(4)], rtol=1e-14)
    most = [[D[np.ix_(labels == c, labels == e)].max() for e in range(4)] for c in range(4)]
    assert np.allclose(got.pair_max, most, rtol=1e-14) and np.array_equal(got.pair_max, got.pair_max.T)
    np.fill_diagonal(D, np.inf)
    assert got.pair_min[0, 1] == pytest.approx(D[np.ix_(labels == 0, labels == 1)].min(), rel=1e-14)


# ------------------------------------------------------------------- on the cluster


INDEX_SETS = [["sil"], ["igp", "dunn"], ["sil", "bwp", "db", "dbi", "xb", "stdi"]]


@pytest.mark.parametrize("names", INDEX_SETS, ids="+".join)
def test_internal_scores_on_the_cluster_equal_the_in_memory_ones(client, data, names):
    X, labels = data
    got = clustval.dask.internal_scores(X, labels, names, client=client)
    assert got == clustval.internal_scores(X, labels, names)


def test_a_dask_array_and_every_index_of_the_pass(client, data):
    X, labels = data
    Xd, labelsd = da.from_array(X, chunks=(1000, -1)), da.from_array(labels, chunks=1500)
    options = {"xb_separation": "closest_pair", "undefined": "nan"}
    got = clustval.dask.internal_scores(Xd, labelsd, client=client, tasks=5, **options)
    assert {"sil", "bwp", "igp", "dunn", "xb", "db", "stdi", "hubert", "gdi21", "gdi22", "gdi23"} <= set(got)
    assert _same(got, clustval.internal_scores(X, labels, list(got), **options))


def test_precomputed_distances(client):
    X, labels = _mixture(3000, seed=2)
    D = euclidean_distances(X)
    names = ["sil", "bwp", "igp", "dunn"]
    got = clustval.dask.internal_scores(D, labels, names, client=client, metric="precomputed")
    assert got == clustval.internal_scores(D, labels, names, metric="precomputed")
    # and against scikit-learn's silhouette on the same matrix (an independent oracle)
    from sklearn.metrics import silhouette_score

    assert got["sil"] == pytest.approx(silhouette_score(D, labels, metric="precomputed"), rel=1e-12)


def test_a_small_memory_budget_cuts_more_tasks_with_the_same_values(client):
    X, labels = _mixture(6000, seed=3)
    got = clustval.dask.internal_scores(X, labels, ["sil", "igp"], client=client, memory_budget_mb=0.5)
    assert got == clustval.internal_scores(X, labels, ["sil", "igp"], memory_budget_mb=0.5)


def test_progress_draws_one_step_per_index_on_stderr_only(client, capsys):
    X, labels = _mixture(600, seed=4)
    got = clustval.dask.internal_scores(X, labels, ["sil", "dunn"], client=client, progress=True)
    out, err = capsys.readouterr()
    assert got == clustval.internal_scores(X, labels, ["sil", "dunn"]) and out == ""
    assert err.endswith("\n") and "indices 2/2: dunn" in err.rsplit("\r", 1)[-1]


def test_every_internal_index_on_the_cluster_equals_the_in_memory_one(client):
    # the pair-rank passes run as tasks, the neighbour search on the client; tie-rich data
    X, labels = _mixture(2500, seed=5)
    X = np.round(X * 2)
    got = clustval.dask.internal_scores(X, labels, client=client, undefined="nan", tasks=7)
    assert set(got) == set(clustval.indices.registry.INTERNAL)
    assert _same(got, clustval.internal_scores(X, labels, undefined="nan"))
    D = euclidean_distances(X)
    names = ["baker_hubert_gamma", "g_plus", "tau", "c_index", "wcnn", "sil"]
    on_cluster = clustval.dask.internal_scores(D, labels, names, client=client, metric="precomputed")
    assert _same(on_cluster, clustval.internal_scores(D, labels, names, metric="precomputed"))


@pytest.mark.parametrize("metric", ["cityblock", "cosine", Metric("minkowski", p=3)], ids=str)
def test_another_metric_on_the_cluster_equals_the_in_memory_call(client, metric):
    # the tasks run the pass in the metric, the rank passes run on the client: every
    # distance-based index bit for bit, tie-rich data
    X, labels = _mixture(1000, seed=6)
    X = np.round(X * 2)
    names = [n for n in clustval.indices.registry.INTERNAL if COORDINATES not in INDICES[n].needs]
    got = clustval.dask.internal_scores(X, labels, names, client=client, metric=metric, undefined="nan", tasks=5)
    assert set(got) == set(names) and "c_index" in got and "sil" in got
    assert _same(got, clustval.internal_scores(X, labels, names, metric=metric, undefined="nan"))


@pytest.mark.slow
def test_every_index_at_n_20000_on_two_worker_processes_equals_the_in_memory_call():
    # what the in-memory call alone was killed for (23 GB) before the pair-rank passes
    X, labels = _mixture(20_000, d=8, k=10, seed=8)
    expected = clustval.internal_scores(X, labels, undefined="nan")
    with _cluster() as cluster, Client(cluster) as client:
        got = clustval.dask.internal_scores(X, labels, client=client, undefined="nan")
    assert _same(got, expected) and len(got) == len(clustval.indices.registry.INTERNAL)


def test_the_noise_label_on_the_cluster_as_in_memory(client):
    """-1 (or "-1") under each policy, as clustval.internal_scores scores it (it was scored as
    a cluster, silently: there was no noise=)."""
    X, labels = _mixture(1500, seed=4)
    labels = np.where(np.arange(labels.size) % 9 == 0, -1, labels)
    names = ["sil", "dunn", "db"]
    for noise in ("exclude", "singletons", "cluster"):
        got = clustval.dask.internal_scores(X, labels, names, client=client, noise=noise, undefined="nan")
        assert _same(got, clustval.internal_scores(X, labels, names, noise=noise, undefined="nan")), noise
    text = labels.astype(str)
    assert _same(clustval.dask.internal_scores(X, text, names, client=client, noise="exclude"),
                 clustval.internal_scores(X[labels != -1], labels[labels != -1], names))  # fmt: skip
    with pytest.warns(clustval.errors.NoiseLabelWarning):
        clustval.dask.internal_scores(X, labels, ["sil"], client=client)


def test_bad_input_is_one_clear_error(client):
    with pytest.raises(InputError):
        clustval.dask.internal_scores([[0.0], [np.nan]], [0, 1], ["sil"], client=client)
    X, labels = [[0.0], [1.0], [5.0], [6.0]], [0, 0, 1, 1]
    for tasks in (-1, 0, 1.5, True):
        with pytest.raises(InputError, match="tasks must be a positive integer"):
            clustval.dask.internal_scores(X, labels, ["sil"], client=client, tasks=tasks)
    for given in (None, "tcp://127.0.0.1:8786"):
        with pytest.raises(InputError, match="client must be a dask.distributed.Client"):
            clustval.dask.internal_scores(X, labels, ["sil"], client=given)
    with Client(processes=False, dashboard_address=None) as closed:
        pass
    with pytest.raises(InputError, match="the Dask client is closed"):
        clustval.dask.internal_scores(X, labels, ["sil"], client=closed)
    with pytest.raises(InputError, match="coordinates"):
        clustval.dask.internal_scores(np.zeros((3, 3)), [0, 1, 1], ["db"], client=client, metric="precomputed")


@pytest.mark.slow
def test_a_worker_killed_mid_run_changes_no_bit():
    X, labels = _mixture(60_000, d=8, k=10, seed=7)
    expected = clustval.internal_scores(X, labels, ["sil", "igp", "dunn"])
    with _cluster() as cluster, Client(cluster) as client:
        clustval.dask.internal_scores(X[:2000], labels[:2000], ["sil"], client=client)  # workers warm
        pids = client.run(os.getpid)
        result = {}
        run = threading.Thread(target=lambda: result.update(
            clustval.dask.internal_scores(X, labels, ["sil", "igp", "dunn"], client=client, tasks=24)))  # fmt: skip
        run.start()
        victim = None
        for _ in range(600):  # a worker busy with a task of the pass
            busy = [w for w, keys in client.processing().items() if any("block_task" in str(k) for k in keys)]
            if busy:
                victim = busy[0]
                break
            time.sleep(0.05)
        assert victim is not None, "no task of the pass started"
        time.sleep(0.3)  # inside a task
        assert run.is_alive(), "the pass ended before the kill: give it more work"
        os.kill(pids[victim], signal.SIGKILL)
        run.join(timeout=600)
        assert not run.is_alive()
        assert victim not in client.run(os.getpid) or client.run(os.getpid)[victim] != pids[victim]
    assert result == expected


# ------------------------------------------------------------------- external indices


def test_external_scores_from_dask_arrays_chunked_differently(client):
    rng = np.random.default_rng(11)
    t, p = rng.integers(-3, 40, 100_000), rng.integers(0, 25, 100_000)
    got = clustval.dask.external_scores(da.from_array(t, chunks=7_000), da.from_array(p, chunks=13_000), client=client)
    assert got == clustval.external_scores(t, p)


@pytest.mark.filterwarnings("ignore:Dask currently has limited support:UserWarning")
def test_external_scores_from_dataframe_columns_with_text_labels(client):
    rng = np.random.default_rng(12)
    t = np.array(["a", "bb", "c", "dddd"])[rng.integers(0, 4, 10_000)]
    p = rng.integers(0, 6, 10_000)
    frame = dd.from_pandas(pd.DataFrame({"class": t, "cluster": p}), npartitions=5)
    names = ["s2", "ps2", "ari", "nmi", "f_measure", "cp_accuracy_mc"]
    got = clustval.dask.external_scores(frame["class"], frame["cluster"], names, client=client)
    assert got == clustval.external_scores(t, p, names)
    # the default scheduler, and a plain array beside a column
    got = clustval.dask.external_scores(frame["class"], p, ["s2", "purity"])
    assert got == clustval.external_scores(t, p, ["s2", "purity"])


def test_external_counts_are_exact_beyond_one_chunk():
    # one cell counted in 40 chunks: the table is the one contingency() counts
    t = np.zeros(40_000, dtype=np.int64)
    t[::3] = 1
    p = np.arange(40_000) % 2
    got = clustval.dask.external_scores(da.from_array(t, chunks=1000), da.from_array(p, chunks=1000), ["rand", "ari"])
    assert got == clustval.external_scores(t, p, ["rand", "ari"])


def test_external_bad_labels_are_one_clear_error():
    with pytest.raises(InputError, match="entries"):
        clustval.dask.external_scores(da.zeros(10, chunks=5, dtype=int), da.zeros(9, chunks=5, dtype=int))
    with pytest.raises(InputError):
        clustval.dask.external_scores(da.from_array(np.array([0.0, np.nan, 1.0]), chunks=2), da.zeros(3, chunks=2))


# ------------------------------------------------------------------- lost workers


def _exiting_once(task, folder, at: int):
    """``task`` run as a worker's task that ends its worker process on the ``at``-th call
    (counted in ``folder``, across processes), once: a nanny starts a fresh worker, without
    the data scattered to the old one. Defined here, it is sent to the workers by value."""

    def run(*args):
        calls = len(os.listdir(folder))
        with open(os.path.join(folder, f"call-{calls}-{os.getpid()}"), "w"):
            pass
        if calls + 1 == at:
            time.sleep(1.0 if calls else 0.0)  # the results of the calls before reach the client first
            os._exit(1)
        return task(*args)

    return run


def _bounded(call, seconds=300):
    """``call()``'s result, or a failure if it has not returned within ``seconds``."""
    out = []

    def run():
        try:
            out.append((True, call()))
        except Exception as error:  # raised again on the test's thread
            out.append((False, error))

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(timeout=seconds)
    assert out, f"no result within {seconds} s"
    (returned, value), = out
    if not returned:
        raise value
    return value


@pytest.mark.slow
@pytest.mark.parametrize("task, metric", [("_block_task", "euclidean"), ("_block_task", "precomputed"),
                                          ("_parts_task", "euclidean")])  # fmt: skip
def test_the_only_worker_killed_mid_pass_changes_no_bit(task, metric, tmp_path, monkeypatch, caplog):
    # the lost worker held the only copy of the data: the pass scatters them again to the
    # worker its nanny starts and resubmits the tasks it has no result of (about 15 s each:
    # two worker processes start, and each loads the compiled kernels)
    X, labels = _mixture(3000, seed=9)
    if metric == "precomputed":  # each block's rows scattered to one worker alone
        X = euclidean_distances(X)
    names = ["sil", "dunn", "tau"]
    expected = clustval.internal_scores(X, labels, names, metric=metric)
    monkeypatch.setattr(clustval.dask, task, _exiting_once(getattr(clustval.dask, task), str(tmp_path), at=3))
    with _cluster(n_workers=1) as cluster, Client(cluster) as client:
        got = _bounded(lambda: clustval.dask.internal_scores(X, labels, names, client=client, tasks=6, metric=metric))
    assert got == expected
    lost = [r.getMessage() for r in caplog.records if "scattering them again" in r.getMessage()]
    assert len(lost) == 1, lost
    again, count = map(int, re.search(r"data of (\d+) of (\d+) tasks", lost[0]).groups())
    assert again <= count - 2  # the two results received are kept


def test_the_only_worker_lost_for_good_is_one_clear_error(monkeypatch):
    # a worker thread in this process (no worker process to start: about 1.5 s) that closes
    # itself in the pass's first task, and no nanny to start another one
    X, labels = _mixture(1500, seed=9)
    run = clustval.dask._block_task

    def closing(*args):
        from distributed import get_worker

        worker = get_worker()
        worker.loop.add_callback(worker.close, executor_wait=False, reason="test")
        time.sleep(1.0)  # the scheduler learns the worker is gone before this task ends
        return run(*args)

    monkeypatch.setattr(clustval.dask, "_block_task", closing)
    monkeypatch.setattr(clustval.dask, "WORKER_WAIT_S", 0.5)
    # ":0": any free port (pytest-xdist's other workers may hold the default one)
    with LocalCluster(n_workers=1, threads_per_worker=1, processes=False, dashboard_address=":0",
                      silence_logs=logging.CRITICAL) as cluster, Client(cluster) as client:  # fmt: skip
        with pytest.raises(WorkerLostError, match=r"none to send them to again for 0.5 s") as caught:
            _bounded(lambda: clustval.dask.internal_scores(X, labels, ["sil"], client=client), seconds=120)
    assert "\n" not in str(caught.value) and caught.value.__suppress_context__


@pytest.mark.slow
def test_a_task_that_kills_its_workers_is_one_clear_error(tmp_path, monkeypatch):
    import dask

    X, labels = _mixture(1500, seed=9)
    monkeypatch.setattr(clustval.dask, "_block_task", _exiting_once(clustval.dask._block_task, str(tmp_path), at=1))
    with dask.config.set({"distributed.scheduler.allowed-failures": 0}):  # one death is too many
        with _cluster(n_workers=1) as cluster, Client(cluster) as client:
            with pytest.raises(WorkerLostError, match=r"1 workers died while running the task") as caught:
                _bounded(lambda: clustval.dask.internal_scores(X, labels, ["sil"], client=client), seconds=120)
    assert "\n" not in str(caught.value) and caught.value.__suppress_context__

