"""Benchmark: clustval Park-Jun / SD K-medoids vs scikit-learn-extra and the kmedoids package.

Not a test. For each n, every method clusters the same 2-D Gaussian mixture (K clusters) from
raw data, so each time includes its distance matrix. Each (method, n) runs in its own
subprocess, so its peak memory is its own (Linux: VmHWM, reset just before the timed run).

Methods:
  clustval_park_jun   clustval.clustering.kmedoids.park_jun (exact direct-difference D)
  clustval_sd         clustval.clustering.kmedoids.sd_kmedoids (radius "sd")
  sklearn_extra       KMedoids(method="alternate", init=X[Park-Jun seeds], metric="euclidean"),
                      seeds computed before the timer (needs numpy < 2: run with the venv of
                      .ci/sklearn_extra.sh to include it)
  kmedoids_fasterpam  kmedoids.fasterpam (a PAM swap method, not the same algorithm) on
                      clustval's D from the Park-Jun seeds, one thread; if installed

Usage (from the repository root; ``python -m benchmarks`` runs it too, against
scikit-learn-extra, as its ``kmedoids`` suite):
  python -m benchmarks.bench_kmedoids                       # n = 2000 5000 10000 20000
  python -m benchmarks.bench_kmedoids --sizes 2000 4000     # a quick check
Writes benchmarks/results/bench_kmedoids.csv (git-ignored) and prints a table.
"""

from __future__ import annotations

import argparse
import csv
import importlib.util
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from ._measure import reset_peak, rss_mb

METHODS = {
    "clustval_park_jun": "clustval",
    "clustval_sd": "clustval",
    "sklearn_extra": "sklearn_extra",
    "kmedoids_fasterpam": "kmedoids",
}
FIELDS = ["method", "n", "k", "seconds", "peak_mb", "cost", "n_iter", "status"]
RESULTS = Path(__file__).resolve().parent / "results"
ROOT = RESULTS.parent.parent


def make_data(n: int, k: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    centres = rng.uniform(-10, 10, size=(k, 2))
    return centres[rng.integers(0, k, size=n)] + rng.normal(size=(n, 2))


def run_one(method: str, n: int, k: int, seed: int) -> dict:
    """Run one method in this process; return its row."""
    import warnings

    from clustval.clustering.kmedoids import (
        euclidean_distances,
        park_jun,
        park_jun_init,
        sd_kmedoids,
    )

    X = make_data(n, k, seed)
    prepared = {}
    if method == "sklearn_extra":
        from sklearn_extra.cluster import KMedoids

        prepared["seeds"] = park_jun_init(euclidean_distances(X), k)  # outside the timer
    # untimed warm-up on a slice: imports and numba's kernel loading are not part of the time
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if method.startswith("clustval"):
            park_jun(X[:600], k)
        elif method == "sklearn_extra":
            KMedoids(k, method="alternate", metric="euclidean").fit(X[:600])
    import gc

    gc.collect()
    base = rss_mb("VmRSS")
    reset_peak()
    start = time.perf_counter()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if method == "clustval_park_jun":
            r = park_jun(X, k)
            cost, n_iter = r.cost, r.n_iter
        elif method == "clustval_sd":
            r = sd_kmedoids(X, k)
            cost, n_iter = r.cost, r.n_iter
        elif method == "sklearn_extra":
            model = KMedoids(k, method="alternate", init=X[prepared["seeds"]], metric="euclidean", max_iter=300).fit(X)
            cost, n_iter = float(model.inertia_), int(model.n_iter_) + 1
        elif method == "kmedoids_fasterpam":
            import kmedoids

            D = euclidean_distances(X)
            r = kmedoids.fasterpam(D, park_jun_init(D, k), max_iter=300, n_cpu=1)
            cost, n_iter = float(r.loss), int(r.n_iter)
        else:
            raise ValueError(f"unknown method {method!r}")
    seconds = time.perf_counter() - start
    peak = rss_mb("VmHWM") - base
    return dict(method=method, n=n, k=k, seconds=round(seconds, 3), peak_mb=round(peak, 1),
                cost=f"{cost:.10g}", n_iter=n_iter, status="ok")


def run_isolated(method: str, n: int, k: int, seed: int, python: str | None = None) -> dict:
    """Run one method in a fresh interpreter (``python``, default this one) so that its peak
    memory is its own."""
    if python is None and importlib.util.find_spec(METHODS[method]) is None:
        return dict(method=method, n=n, k=k, status=f"skipped: {METHODS[method]} not importable")
    args = [python or sys.executable, "-m", "benchmarks.bench_kmedoids", "--worker", method,
            str(n), str(k), str(seed)]  # fmt: skip
    done = subprocess.run(args, capture_output=True, text=True, cwd=ROOT)
    if done.returncode != 0:
        return dict(method=method, n=n, k=k, status="failed: " + done.stderr.strip().splitlines()[-1][:120])
    return json.loads(done.stdout.strip().splitlines()[-1])


def write_csv(rows: list[dict], path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
    with os.fdopen(fd, "w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=FIELDS)
        writer.writeheader()
        writer.writerows({f: row.get(f, "") for f in FIELDS} for row in rows)
    os.replace(tmp, path)


def print_table(rows: list[dict]) -> None:
    print(f"{'method':20s} {'n':>6s} {'k':>3s} {'seconds':>9s} {'peak MB':>9s} {'cost':>16s} {'iter':>5s}  status")
    for r in rows:
        print(f"{r['method']:20s} {r['n']:>6d} {r['k']:>3d} {str(r.get('seconds', '')):>9s} "
              f"{str(r.get('peak_mb', '')):>9s} {str(r.get('cost', '')):>16s} {str(r.get('n_iter', '')):>5s}  {r['status']}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[2000, 5000, 10000, 20000])
    parser.add_argument("--k", type=int, default=5, help="number of clusters (and of Gaussian components)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--methods", nargs="+", default=list(METHODS), choices=list(METHODS))
    parser.add_argument("--out", type=Path, default=RESULTS / "bench_kmedoids.csv")
    parser.add_argument("--worker", nargs=4, metavar=("METHOD", "N", "K", "SEED"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        method, n, k, seed = args.worker
        print(json.dumps(run_one(method, int(n), int(k), int(seed))))
        return
    rows = [run_isolated(m, n, args.k, args.seed) for n in args.sizes for m in args.methods]
    write_csv(rows, args.out)
    print_table(rows)
    print(f"\nwrote {args.out}")


if __name__ == "__main__":
    main()
