"""The distance pass on a Dask cluster against one process: Silhouette at n = 1e5, 2e5, 4e5.

Times ``clustval.dask.internal_scores(X, labels, ["sil"], client=...)`` on a LocalCluster of
1 and of 2 worker processes (one thread each) against ``clustval.internal_scores`` in this
process (numba, its 2 threads), on the same Gaussian mixture (d = 8, K = 10), checks that
the values are equal (``==``), and measures what the cost model of docs/scaling-out.md
needs: pairs per second per core, the time to scatter X to the workers and to gather the
n x K summaries back. Each call is timed once, after an untimed warm-up on 5,000 objects.

Usage (from the repository root; about 10 minutes on the idle 2-core machine):
  python -m benchmarks.bench_dask                      # n = 100000 200000 400000
  python -m benchmarks.bench_dask --n 20000 50000      # a quick look
  python -m benchmarks.bench_dask --cpu-only --n 100000  # pairs per CPU second, both sides
"""

from __future__ import annotations

import argparse
import logging
import time

import numpy as np

D, K, SEED = 8, 10, 0


def mixture(n: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(SEED)
    labels = rng.integers(0, K, n)
    return (rng.normal(size=(K, D)) * 4)[labels] + rng.normal(size=(n, D)), labels


def timed(call) -> tuple[float, object]:
    start = time.perf_counter()
    value = call()
    return time.perf_counter() - start, value


def computed_pairs(plan, start: int, stop: int) -> int:
    """The distances a task of the pass computes: every tile pair that touches its block."""
    from clustval._engine.pairwise import _pairs_touching

    tiles = plan.tiles.tiles
    t0, t1 = np.searchsorted(tiles, [start, stop])
    a, b, _ = _pairs_touching(len(tiles) - 1, int(t0), int(t1), plan.tiles.bounds)
    la, lb = np.diff(tiles)[a], np.diff(tiles)[b]
    return int(np.where(a == b, la * (la - 1) // 2, la * lb).sum())


def _cpu_timed_task(plan, start, stop, data):
    """The cluster's task, with the CPU seconds of its thread (the machine may be shared)."""
    from clustval.dask import _block_task

    begin = time.thread_time()
    _block_task(plan, start, stop, data)
    return time.thread_time() - begin


def cpu_rates(n: int, client, tasks: int) -> tuple[float, float, float]:
    """(unordered pairs per CPU second of the one-process pass, computed pairs per CPU second
    of the tasks, computed pairs / unordered pairs), CPU time rather than wall time: on a
    shared machine the wall time measures the neighbours too."""
    import clustval
    from clustval._engine.pairwise import plan_pass

    X, labels = mixture(n)
    begin = time.process_time()
    clustval.internal_scores(X, labels, ["sil"])
    alone = time.process_time() - begin
    plan = plan_pass(labels, K, n_features=D, sums=True)
    Xs = client.scatter(np.ascontiguousarray(X[plan.order]), broadcast=True, hash=False)
    shared = client.scatter(plan, broadcast=True, hash=False)
    blocks = plan.blocks(tasks)
    seconds = sum(client.gather([client.submit(_cpu_timed_task, shared, a, b, Xs, pure=False) for a, b in blocks]))
    computed = sum(computed_pairs(plan, a, b) for a, b in blocks)
    unordered = n * (n - 1) // 2
    return unordered / alone, computed / seconds, computed / unordered


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, nargs="+", default=[100_000, 200_000, 400_000])
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--cpu-only", action="store_true", help="only the CPU-time rates (n = the first --n)")
    args = parser.parse_args(argv)
    if args.cpu_only:
        cpu_only(args.n[0])
        return

    from dask.distributed import Client, LocalCluster

    import clustval
    import clustval.dask

    rows = []
    local = {}
    for n in args.n:
        X, labels = mixture(n)
        clustval.internal_scores(X[:5000], labels[:5000], ["sil"])  # numba loaded
        local[n] = timed(lambda X=X, labels=labels: clustval.internal_scores(X, labels, ["sil"]))
        print(f"n = {n}: one process {local[n][0]:.2f} s", flush=True)
    for workers in args.workers:
        with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None,
                          silence_logs=logging.ERROR) as cluster, Client(cluster) as client:  # fmt: skip
            X, labels = mixture(5000)
            clustval.dask.internal_scores(X, labels, ["sil"], client=client)  # numba loaded in the workers
            for n in args.n:
                X, labels = mixture(n)
                seconds, value = timed(lambda X=X, labels=labels: clustval.dask.internal_scores(X, labels, ["sil"], client=client))
                scatter, future = timed(lambda X=X: client.scatter(X, broadcast=True, hash=False))
                sums = client.submit(np.zeros, (n, K), pure=False)
                gather, _ = timed(lambda sums=sums: client.gather(sums))
                client.cancel([future, sums])
                pairs = n * n  # the tasks compute about n^2 distances (n^2 / 2 in one process)
                rows.append((n, workers, seconds, local[n][0], value == local[n][1], pairs / seconds / workers,
                             scatter, gather))  # fmt: skip
                print(f"n = {n}, {workers} worker(s): {seconds:.2f} s, equal: {value == local[n][1]}", flush=True)

    print("\n| n | workers | cluster s | one process s (2 threads) | ratio | equal | "
          "computed pairs/s/core | scatter X s | gather n x K s |")  # fmt: skip
    print("|---|---|---|---|---|---|---|---|---|")
    for n, workers, seconds, alone, equal, rate, scatter, gather in rows:
        print(f"| {n:,} | {workers} | {seconds:.2f} | {alone:.2f} | {seconds / alone:.2f} | {equal} | "
              f"{rate / 1e9:.2f} G | {scatter:.3f} | {gather:.3f} |")  # fmt: skip
    for n, (seconds, _) in local.items():
        print(f"one process, n = {n:,}: {n * (n - 1) / 2 / seconds / 2 / 1e9:.2f} G unordered pairs/s/thread")


def cpu_only(n: int) -> None:
    from dask.distributed import Client, LocalCluster

    with LocalCluster(n_workers=1, threads_per_worker=1, processes=True, dashboard_address=None,
                      silence_logs=logging.ERROR) as cluster, Client(cluster) as client:  # fmt: skip
        cpu_rates(5000, client, 4)  # numba loaded on both sides
        alone, tasks, ratio = cpu_rates(n, client, 4)
    print(f"n = {n:,}: one process {alone / 1e9:.3f} G unordered pairs per CPU second; the tasks "
          f"{tasks / 1e9:.3f} G computed pairs per CPU second, computing {ratio:.3f}x the unordered pairs")


if __name__ == "__main__":
    main()
