"""Benchmark suite: clustval against scikit-learn, measured in the same run.

Every row times clustval and its scikit-learn counterpart on the same data, each in a fresh
subprocess (so each peak memory is its own), and reports sizes, best and median seconds, their
ratio, the values of both (to show they agree) and the peak memory of the timed calls.

Suites:
  external  all external indices but AMI from one call (``external_scores``) against
            scikit-learn's ``adjusted_rand_score`` alone, and against ARI + NMI + FMI +
            ``rand_score``; C = K = 10 and 1000; integer and string labels
  internal  Silhouette + BWP + IGP + Dunn (``internal_scores``, one distance pass) against
            scikit-learn's ``silhouette_score`` alone; d = 8, K = 10
  metrics   Silhouette in another metric than Euclidean (``internal_scores(X, labels,
            ["sil"], metric=m)``, the same tiled pass) against scikit-learn's
            ``silhouette_score(X, labels, metric=m)``; m = manhattan and cosine, d = 10, K = 10
  ami       AMI (``ami``, exact expected mutual information) against
            scikit-learn's ``adjusted_mutual_info_score``; C = K = 1000 at n = 10^5, C = K = 10 at 10^6
  kmedoids  Park-Jun K-medoids against scikit-learn-extra's KMedoids(method="alternate")
            from the same seeds (benchmarks/bench_kmedoids.py); both run with the numpy<2
            interpreter of .ci/sklearn_extra.sh, the only one where scikit-learn-extra imports;
            at n = 100000 ours alone (its n x n matrix would take 80 GB)
  startup   whole cold processes on 150 objects: ``import clustval``, and ``clustval score``
            with --truth and --data, against a process computing scikit-learn's ARI, NMI and
            Silhouette on the same files
  peers     the same measurement against other packages (PEERS; rows skipped when a package
            is not installed; ``pip install -e '.[bench]'``): genieclust's ARI, NMI, FMI and
            Rand, and its Silhouette and Dunn; the kmedoids package (Rust) on a stored D
            (d = 8, K = 10): Park-Jun (seeds included) against ``kmedoids.alternating`` from
            the same seeds, PAM against ``kmedoids.fasterpam`` (two threads) from them
  families  each index family (scatter, pair-rank, generalised Dunn, near neighbours, cvi's,
            NbClust) against its plain NumPy/SciPy form, genieclust, cvi and, when Rscript
            with clusterCrit and NbClust is found, R (benchmarks/bench_families.py; not in
            the default run; writes families.md and families.json)
  every     every index at once (``clustval.score``: all 92) against scikit-learn's
            ``silhouette_score`` alone; clustval's genieclust peers in one call against
            genieclust; clusterCrit's "all" and NbClust's indices against R when found
            (benchmarks/bench_every.py; not in the default run; writes every.md and every.json)

Usage (from the repository root):
  python -m benchmarks --quick     # about 2 minutes
  python -m benchmarks             # the full run (tens of minutes)
  python -m benchmarks --suites families --out DIR   # the index families (about 5 minutes)
  python -m benchmarks --suites every --out DIR      # every index at once (about 17 minutes with R)
Writes benchmarks/results/benchmarks.csv, benchmarks.png and summary.md (git-ignored).
"""

from __future__ import annotations

import argparse
import csv
import importlib.util
import json
import math
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from . import bench_every, bench_families, bench_kmedoids
from ._measure import time_calls, traced_peak_mb

ROOT = Path(__file__).resolve().parent.parent
RESULTS = Path(__file__).resolve().parent / "results"
SEED = 0
EXTERNAL_REFERENCES = {"ari": ("ari",), "ari+nmi+fmi+rand": ("ari", "nmi", "fmi", "rand")}
INTERNAL_NAMES = ["sil", "bwp", "igp", "dunn"]
# (n, C = K): many labels (scikit-learn's E[MI] is quadratic in them), and many objects in few
# labels (E[MI]'s sums run over windows of width ~ sqrt(n))
AMI_CASES = [(10**5, 1000), (10**6, 10)]
AGREE_RTOL = 1e-12  # the implementations are exact; only the order of float additions differs
FIELDS = [
    "suite", "n", "d", "k", "c", "labels", "reference",
    "ours_best_s", "ours_median_s", "ours_runs",
    "sklearn_best_s", "sklearn_median_s", "sklearn_runs", "ratio",
    "ours_values", "sklearn_values", "agree",
    "ours_peak_rss_mb", "sklearn_peak_rss_mb", "ours_traced_mb", "sklearn_traced_mb",
    "pairs_per_s_thread", "limit_pairs_per_s_thread", "status",
]  # fmt: skip


def plan(quick: bool) -> dict:
    """Sizes, repeats and time budgets of a quick or a full run."""
    if quick:
        return dict(
            external_n=[10**4, 10**6], internal_n=[5000, 20000],
            kmedoids_n=[2000], kmedoids_alone_n=[], repeats=3, budget_s=2.0, metric_n=[20000],
            peer_external_n=[10**4], peer_internal_n=[5000], peer_kmedoids_n=[2000],
        )  # fmt: skip
    return dict(
        external_n=[10**4, 10**5, 10**6, 10**7], internal_n=[5000, 10000, 20000, 50000, 100000],
        kmedoids_n=[2000, 5000, 10000], kmedoids_alone_n=[100000], repeats=5, budget_s=30.0,
        metric_n=[5000, 20000],
        peer_external_n=[10**4, 10**6], peer_internal_n=[5000, 20000],
        peer_kmedoids_n=[2000, 5000, 10000],
    )  # fmt: skip


# ----------------------------------------------------------------------------- data


def external_labels(n: int, c: int, kind: str):
    """Classes uniform over c values; clusters = a relabelling of them with 10% of the objects
    moved to a random cluster (a good but imperfect clustering); ints or strings ``c<i>``."""
    import numpy as np

    rng = np.random.default_rng(SEED)
    truth = rng.integers(0, c, size=n)
    pred = rng.permutation(c)[truth]
    moved = rng.random(n) < 0.1
    pred[moved] = rng.integers(0, c, size=int(moved.sum()))
    if kind == "str":
        names = np.array([f"c{i}" for i in range(c)])
        return names[truth], names[pred]
    return truth, pred


def internal_data(n: int, d: int, k: int):
    """A Gaussian mixture: k unit-variance clusters around centres drawn with scale 3."""
    import numpy as np

    rng = np.random.default_rng(SEED)
    labels = rng.integers(0, k, size=n)
    centres = rng.normal(scale=3.0, size=(k, d))
    return centres[labels] + rng.normal(size=(n, d)), labels


# ----------------------------------------------------------------------------- workers


def measure(case: dict, side: str, repeats: int, budget_s: float) -> dict:
    """Run one side (``ours`` or ``sklearn``: the reference, a peer's in a peer row) of one
    case in this process."""
    if side == "ours":  # timed as in a process that has loaded the compiled kernels (clustval._engine.compiled)
        from clustval._engine import compiled as _compiled

        _compiled.kernels()
    if case.get("peer"):
        call, warm, report = peer_call(case, side)
    elif case["suite"] == "ami":
        call, warm, report = ami_call(case, side)
    elif case["suite"] == "external":
        t, p = external_labels(case["n"], case["c"], case["labels"])
        small = (t[: 2**18], p[: 2**18])  # enough labels to load the compiled kernels
        if side == "ours":
            from clustval import external_scores
            from clustval.indices.registry import EXTERNAL

            names = [name for name in EXTERNAL if name != "ami"]

            def call(t=t, p=p):
                return external_scores(t, p, names)

            report = EXTERNAL_REFERENCES[case["reference"]]
        else:
            from sklearn import metrics

            functions = {
                "ari": metrics.adjusted_rand_score,
                "nmi": metrics.normalized_mutual_info_score,
                "fmi": metrics.fowlkes_mallows_score,
                "rand": metrics.rand_score,
            }
            report = EXTERNAL_REFERENCES[case["reference"]]

            def call(t=t, p=p):
                return {name: functions[name](t, p) for name in report}

        warm = lambda: call(*small)  # noqa: E731
    else:
        X, labels = internal_data(case["n"], case["d"], case["k"])
        metric = case.get("metric", "euclidean")
        if side == "ours":
            from clustval import internal_scores

            names = INTERNAL_NAMES if case["suite"] == "internal" else ["sil"]

            def call(X=X, labels=labels):
                return internal_scores(X, labels, names, metric=metric)

            report = tuple(names)
        else:
            from sklearn.metrics import silhouette_score

            def call(X=X, labels=labels):
                return {"sil": silhouette_score(X, labels, metric=metric)}

            report = ("sil",)
        warm = lambda: call(X[:500], labels[:500])  # noqa: E731

    warm()  # imports, numba compilation or cache loading: not part of the timing
    timed = time_calls(call, repeats, budget_s)
    result = timed.pop("result")
    values = {name: float(result[name]) for name in report}
    traced = traced_peak_mb(call) if timed["best_s"] < budget_s else ""
    return dict(timed, values=values, traced_mb=traced)


def ami_call(case: dict, side: str):
    """``(call, warm-up, reported names)`` of the AMI suite: one index, both sides."""
    t, p = external_labels(case["n"], case["c"], "int")
    if side == "ours":
        from clustval.indices.external import ami as ami
    else:
        from sklearn.metrics import adjusted_mutual_info_score as ami

    return (lambda: {"ami": ami(t, p)}), (lambda: ami(t[:1000], p[:1000])), ("ami",)


# Other packages measured against clustval (the ``peers`` suite): reference -> the module it
# needs. Each row gives both sides the same data; a package's extra work that clustval's call
# does too (our Park-Jun computes its seeds) stays in ours.
PEERS = {
    "genieclust ari+nmi+fmi+rand": "genieclust",
    "genieclust sil+dunn": "genieclust",
    "kmedoids.alternating": "kmedoids",
    "kmedoids.fasterpam n_cpu=2": "kmedoids",
}


def peer_call(case: dict, side: str):
    """``(call, warm-up, reported names)`` of a peer row (PEERS), either side."""
    reference = case["reference"]
    if case["suite"] == "external":
        t, p = external_labels(case["n"], case["c"], "int")
        names = ("ari", "nmi", "fmi", "rand")
        if side == "ours":
            from clustval import external_scores

            def call(t=t, p=p):
                return external_scores(t, p, names)
        else:
            from genieclust import compare_partitions as cp

            functions = {"ari": cp.adjusted_rand_score, "nmi": cp.normalized_mi_score,
                         "fmi": cp.fm_score, "rand": cp.rand_score}  # fmt: skip

            def call(t=t, p=p):
                return {name: functions[name](t, p) for name in names}

        return call, (lambda: call(t[: 2**18], p[: 2**18])), names
    X, labels = internal_data(case["n"], case["d"], case["k"])
    if case["suite"] == "internal":
        if side == "ours":
            from clustval import internal_scores

            def call(X=X, labels=labels):
                return internal_scores(X, labels, ["sil", "dunn"])
        else:
            from genieclust import cluster_validity as cv

            def call(X=X, labels=labels):  # Dunn (1974): single linkage over the largest diameter
                return {"sil": cv.silhouette_index(X, labels), "dunn": cv.generalised_dunn_index(X, labels, 1, 1)}

        return call, (lambda: call(X[:500], labels[:500])), ("sil", "dunn")
    # kmedoids: both sides on the same stored D, computed before the timer
    import numpy as np

    from clustval.clustering.kmedoids import (
        euclidean_distances,
        park_jun,
        park_jun_init,
    )
    from clustval.clustering.pam import pam

    D = euclidean_distances(X)
    small = np.ascontiguousarray(D[:600, :600])  # the warm-up: numba's kernels loaded
    k = case["k"]
    if side == "ours":
        ours = park_jun if reference == "kmedoids.alternating" else pam

        def call(D=D):
            return {"cost": ours(distances=D, n_clusters=k).cost}

        return call, (lambda: call(small)), ("cost",)
    import kmedoids

    theirs = kmedoids.alternating if reference == "kmedoids.alternating" else kmedoids.fasterpam
    options = {} if reference == "kmedoids.alternating" else {"n_cpu": 2}
    seeds = park_jun_init(D, k)  # ours computes them inside its call

    def call(D=D, seeds=seeds):
        return {"cost": float(theirs(D, seeds.copy(), max_iter=300, **options).loss)}

    return call, (lambda: call(small, np.arange(k))), ("cost",)


def run_isolated(case: dict, side: str, repeats: int, budget_s: float) -> dict:
    """Run :func:`measure` in a fresh interpreter; its peak memory is then its own."""
    args = [sys.executable, "-m", "benchmarks.run", "--worker", json.dumps(case), side,
            str(repeats), str(budget_s)]  # fmt: skip
    done = subprocess.run(args, capture_output=True, text=True, cwd=ROOT)
    if done.returncode != 0:
        lines = done.stderr.strip().splitlines() or ["no output"]
        return dict(error=f"{side} failed: {lines[-1][:160]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


# ----------------------------------------------------------------------------- rows


def agree(ours: dict, theirs: dict) -> bool:
    return all(math.isclose(ours[k], theirs[k], rel_tol=AGREE_RTOL, abs_tol=1e-15) for k in theirs)


def fmt_values(values: dict) -> str:
    return " ".join(f"{k}={v:.15g}" for k, v in values.items())


def compare(case: dict, repeats: int, budget_s: float, limit: dict | None = None) -> dict:
    """One row: the case measured on both sides; an internal row also gets its pairs per
    second per thread and, given the ``limit`` measured before it, that rate's share of it."""
    ours = run_isolated(case, "ours", repeats, budget_s)
    theirs = run_isolated(case, "sklearn", repeats, budget_s)
    row = {f: case.get(f, "") for f in ("suite", "n", "d", "k", "c", "labels", "reference")}
    errors = [r["error"] for r in (ours, theirs) if "error" in r]
    if errors:
        return dict(row, status="; ".join(errors))
    if case.get("peer") and case["suite"] == "kmedoids" and "fasterpam" in case["reference"]:
        # another swap rule may reach another local optimum: ours must not be costlier
        agreed = ours["values"]["cost"] <= theirs["values"]["cost"] * (1 + AGREE_RTOL)
    else:
        agreed = agree(ours["values"], theirs["values"])
    return dict(
        row,
        ours_best_s=f"{ours['best_s']:.4g}", ours_median_s=f"{ours['median_s']:.4g}",
        ours_runs=ours["runs"],
        sklearn_best_s=f"{theirs['best_s']:.4g}", sklearn_median_s=f"{theirs['median_s']:.4g}",
        sklearn_runs=theirs["runs"],
        ratio=f"{ours['best_s'] / theirs['best_s']:.3g}",
        ours_values=fmt_values(ours["values"]), sklearn_values=fmt_values(theirs["values"]),
        agree=agreed,
        ours_peak_rss_mb=ours["peak_rss_mb"], sklearn_peak_rss_mb=theirs["peak_rss_mb"],
        ours_traced_mb=ours["traced_mb"], sklearn_traced_mb=theirs["traced_mb"],
        **pair_rates(case, ours["best_s"], limit or {}),
        status="ok" if ours["rss_exact"] and theirs["rss_exact"] else "ok (peak RSS since start)",
    )  # fmt: skip


# The rate of benchmarks.peak that bounds the pass: its row step (distances and folds) on a
# tile in cache, which the pass runs for every row of every tile pair.
LIMIT = "pass kernels"


def distance_limit() -> dict:
    """The estimated limit of the distance pass, measured now (the shared machine's speed
    drifts within a run): ``benchmarks.peak``'s rates, the pass's own row step among them (one
    thread, a tile in cache, CPU time), in a fresh process; empty if it fails (column "-")."""
    args = [sys.executable, "-m", "benchmarks.peak", "--json"]
    done = subprocess.run(args, capture_output=True, text=True, cwd=ROOT)
    if done.returncode != 0:
        return {}
    return json.loads(done.stdout.strip().splitlines()[-1])


def pair_rates(case: dict, seconds: float, limit: dict) -> dict:
    """An internal row's unordered pairs per second and thread (the distance pass visits
    each pair once), e.g. ``0.45G``, and beside it the limit with that rate's share of it,
    e.g. ``0.78G (58%)``; nothing for other suites."""
    if case["suite"] != "internal":
        return {}
    threads = int(os.environ.get("NUMBA_NUM_THREADS") or os.cpu_count() or 1)
    rate = case["n"] * (case["n"] - 1) / 2 / seconds / threads / 1e9
    rates = dict(pairs_per_s_thread=f"{rate:.2f}G")
    if LIMIT in limit:
        share = rate / limit[LIMIT]
        rates["limit_pairs_per_s_thread"] = f"{limit[LIMIT]:.2f}G ({share:.0%})"
    return rates


def kmedoids_rows(sizes: list[int], python: Path | None) -> list[dict]:
    """Park-Jun (ours) against scikit-learn-extra, both under the numpy<2 interpreter."""
    base = dict(suite="kmedoids", d=2, k=5, c="", labels="", reference="sklearn_extra KMedoids")
    if python is None or not python.exists():
        reason = (
            "skipped: scikit-learn-extra needs numpy<2; build its venv with "
            ".ci/sklearn_extra.sh (or set SKX_VENV) to include it"
        )
        return [dict(base, n=n, status=reason) for n in sizes]
    rows = []
    for n in sizes:
        ours, theirs = (
            bench_kmedoids.run_isolated(m, n, base["k"], SEED, python=str(python))
            for m in ("clustval_park_jun", "sklearn_extra")
        )
        if ours["status"] != "ok" or theirs["status"] != "ok":
            rows.append(dict(base, n=n, status=f"{ours['status']}; {theirs['status']}"))
            continue
        cost_ours, cost_theirs = float(ours["cost"]), float(theirs["cost"])
        rows.append(dict(
            base, n=n,
            ours_best_s=ours["seconds"], ours_median_s=ours["seconds"], ours_runs=1,
            sklearn_best_s=theirs["seconds"], sklearn_median_s=theirs["seconds"], sklearn_runs=1,
            ratio=f"{ours['seconds'] / theirs['seconds']:.3g}",
            ours_values=f"cost={ours['cost']} iter={ours['n_iter']}",
            sklearn_values=f"cost={theirs['cost']} iter={theirs['n_iter']}",
            agree=math.isclose(cost_ours, cost_theirs, rel_tol=1e-9),
            ours_peak_rss_mb=ours["peak_mb"], sklearn_peak_rss_mb=theirs["peak_mb"],
            status=f"ok ({python})",
        ))  # fmt: skip
    return rows


def kmedoids_alone_rows(sizes: list[int], python: Path | None) -> list[dict]:
    """Park-Jun where scikit-learn-extra cannot run (its n x n matrix would not fit): time
    and peak memory of ours alone, in the same interpreter as the compared rows."""
    python = python if python is not None and python.exists() else Path(sys.executable)
    rows = []
    for n in sizes:
        ours = bench_kmedoids.run_isolated("clustval_park_jun", n, 5, SEED, python=str(python))
        base = dict(suite="kmedoids", n=n, d=2, k=5, c="", labels="", reference="(ours alone)")
        if ours["status"] != "ok":
            rows.append(dict(base, status=ours["status"]))
            continue
        rows.append(dict(
            base, ours_best_s=ours["seconds"], ours_median_s=ours["seconds"], ours_runs=1,
            ours_values=f"cost={ours['cost']} iter={ours['n_iter']}",
            ours_peak_rss_mb=ours["peak_mb"], status=f"ok ({python})",
        ))  # fmt: skip
    return rows


STARTUP_SKLEARN = """
import sys
import numpy as np
from sklearn.metrics import adjusted_rand_score, normalized_mutual_info_score, silhouette_score
t, p, X = (np.loadtxt(f, delimiter=",") for f in sys.argv[1:])
print(adjusted_rand_score(t, p), normalized_mutual_info_score(t, p), silhouette_score(X, p))
"""


def startup_rows(repeats: int) -> list[dict]:
    """Whole cold processes (interpreter start included) on 150 objects, best and median of
    ``repeats`` after one untimed run (which fills numba's and Python's caches)."""
    import numpy as np

    with tempfile.TemporaryDirectory() as tmp:
        rng = np.random.default_rng(SEED)
        files = [os.path.join(tmp, name) for name in ("truth.txt", "pred.txt", "X.csv")]
        np.savetxt(files[0], rng.integers(0, 3, 150), fmt="%d")
        np.savetxt(files[1], rng.integers(0, 3, 150), fmt="%d")
        np.savetxt(files[2], rng.normal(size=(150, 4)), delimiter=",")
        score = [sys.executable, "-m", "clustval", "score", "--truth", files[0], "--pred",
                 files[1], "--data", files[2]]  # fmt: skip
        pairs = {
            "import": ([sys.executable, "-c", "import clustval"],
                       [sys.executable, "-c", "import sklearn.metrics"]),
            "score": (score, [sys.executable, "-c", STARTUP_SKLEARN, *files]),
        }  # fmt: skip
        rows = []
        for what, (ours, theirs) in pairs.items():
            mine, other = _process_seconds(ours, repeats), _process_seconds(theirs, repeats)
            rows.append(dict(
                suite="startup", n=150, d=4, k=3, c="", labels="", reference=f"{what} (sklearn)",
                ours_best_s=f"{min(mine):.3f}", ours_median_s=f"{statistics.median(mine):.3f}",
                ours_runs=len(mine),
                sklearn_best_s=f"{min(other):.3f}", sklearn_median_s=f"{statistics.median(other):.3f}",
                sklearn_runs=len(other), ratio=f"{min(mine) / min(other):.3g}", agree="",
                status="ok (whole process, wall)",
            ))  # fmt: skip
    return rows


def _process_seconds(command: list[str], repeats: int) -> list[float]:
    subprocess.run(command, capture_output=True, check=True, cwd=ROOT)  # warm the caches
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        subprocess.run(command, capture_output=True, check=True, cwd=ROOT)
        times.append(time.perf_counter() - start)
    return times


def sklearn_extra_python() -> Path:
    venv = os.environ.get("SKX_VENV") or os.path.join(
        os.environ.get("TMPDIR") or "/tmp", "clustval-sklearn-extra-venv"
    )
    return Path(venv) / "bin" / "python"


# ----------------------------------------------------------------------------- output


def write_atomic(path: Path, write) -> None:
    """Write through a temporary file in the same folder, then rename (never half-written)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
    try:
        with os.fdopen(fd, "w", newline="") as fh:
            write(fh)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def write_csv(rows: list[dict], path: Path) -> None:
    def write(fh):
        writer = csv.DictWriter(fh, fieldnames=FIELDS)
        writer.writeheader()
        writer.writerows({f: row.get(f, "") for f in FIELDS} for row in rows)

    write_atomic(path, write)


def markdown(rows: list[dict]) -> str:
    head = ["suite", "n", "C=K / d,K", "labels", "sklearn side", "ours s (best/median)",
            "sklearn s (best/median)", "ratio", "values agree", "peak MB ours / sklearn",
            "pairs/s/thread", "limit (share)"]  # fmt: skip
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for r in rows:
        sizes = f"{r['c']}" if r["suite"] in ("external", "ami") else f"d={r['d']}, K={r['k']}"
        if not r.get("ours_best_s"):
            cells = [r["suite"], f"{r['n']:,}", sizes, r.get("labels", ""), r.get("reference", ""),
                     "", "", "", "", r["status"], "", ""]  # fmt: skip
        else:
            agreed = {True: "yes", False: "NO"}.get(r.get("agree"), "-")
            cells = [
                r["suite"], f"{r['n']:,}", sizes, r.get("labels", "") or "-", r["reference"],
                f"{r['ours_best_s']} / {r['ours_median_s']}",
                f"{r.get('sklearn_best_s', '-')} / {r.get('sklearn_median_s', '-')}",
                r.get("ratio", "-"), agreed,
                f"{r.get('ours_peak_rss_mb', '-')} / {r.get('sklearn_peak_rss_mb', '-')}",
                r.get("pairs_per_s_thread", "") or "-",
                r.get("limit_pairs_per_s_thread", "") or "-",
            ]  # fmt: skip
        lines.append("| " + " | ".join(str(c) for c in cells) + " |")
    return "\n".join(lines) + "\n"


def plot(rows: list[dict], path: Path) -> None:
    """Ratio (our time / scikit-learn's) against n, one panel per suite, with the targets."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    targets = {"external": 0.1, "internal": 0.5, "kmedoids": None}
    fig, axes = plt.subplots(1, 3, figsize=(15, 4.5))
    for ax, (suite, target) in zip(axes, targets.items()):
        series: dict[str, list[tuple[int, float]]] = {}
        for r in rows:
            if r["suite"] == suite and r.get("ratio"):
                name = (
                    f"C=K={r['c']}, {r['labels']}, vs {r['reference']}"
                    if suite == "external"
                    else f"d={r['d']}, K={r['k']}"
                    + (f", vs {r['reference']}" if r.get("reference") in PEERS else "")
                )
                series.setdefault(name, []).append((int(r["n"]), float(r["ratio"])))
        for name, points in series.items():
            xs, ys = zip(*sorted(points))
            ax.plot(xs, ys, marker="o", label=name)
        if target:
            ax.axhline(target, color="red", linestyle="--", label=f"target {target}x")
        ax.axhline(1.0, color="grey", linewidth=0.8)
        ax.set(xscale="log", yscale="log", xlabel="n", ylabel="time ours / time scikit-learn",
               title=suite)  # fmt: skip
        if series or target:
            ax.legend(fontsize=7)
    fig.tight_layout()
    tmp = path.with_name(path.stem + ".tmp.png")  # then renamed: never a half-written plot
    fig.savefig(tmp, dpi=120)
    os.replace(tmp, path)
    plt.close(fig)


def machine() -> str:
    import numba
    import numpy
    import scipy
    import sklearn

    cpu = next(
        (line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
         if line.startswith("model name")), platform.processor(),
    )  # fmt: skip
    threads = os.environ.get("NUMBA_NUM_THREADS", "default")
    return (
        f"{os.cpu_count()} cores ({cpu}), Python {platform.python_version()}, numpy "
        f"{numpy.__version__}, scipy {scipy.__version__}, scikit-learn {sklearn.__version__}, "
        f"numba {numba.__version__} (NUMBA_NUM_THREADS={threads})"
    )


# ----------------------------------------------------------------------------- main


def cases(settings: dict, suites: list[str]) -> list[dict]:
    out = []
    if "external" in suites:
        for n in settings["external_n"]:
            for c in (10, 1000):
                for labels in ("int", "str"):
                    for reference in EXTERNAL_REFERENCES:
                        out.append(dict(suite="external", n=n, c=c, labels=labels,
                                        reference=reference))  # fmt: skip
    if "internal" in suites:
        for n in settings["internal_n"]:
            out.append(dict(suite="internal", n=n, d=8, k=10, reference="silhouette_score"))
    if "metrics" in suites:
        for n in settings["metric_n"]:
            for metric in ("manhattan", "cosine"):
                out.append(dict(suite="metrics", n=n, d=10, k=10, metric=metric,
                                reference=f"silhouette_score {metric}"))  # fmt: skip
    if "ami" in suites:
        for n, c in AMI_CASES:
            out.append(dict(suite="ami", n=n, c=c, labels="int", reference="adjusted_mutual_info_score"))
    if "peers" in suites:
        out += peer_cases(settings)
    return out


def peer_cases(settings: dict) -> list[dict]:
    """The rows of the ``peers`` suite, each with its status when its package is missing."""
    out = []
    for n in settings["peer_external_n"]:
        for c in (10, 1000):
            out.append(dict(suite="external", n=n, c=c, labels="int", reference="genieclust ari+nmi+fmi+rand"))
    for n in settings["peer_internal_n"]:
        out.append(dict(suite="internal", n=n, d=8, k=10, reference="genieclust sil+dunn"))
    for n in settings["peer_kmedoids_n"]:
        for reference in ("kmedoids.alternating", "kmedoids.fasterpam n_cpu=2"):
            out.append(dict(suite="kmedoids", n=n, d=8, k=10, reference=reference))
    for case in out:
        case["peer"] = PEERS[case["reference"]]
        if importlib.util.find_spec(case["peer"]) is None:
            case["missing"] = f"skipped: {case['peer']} is not installed (pip install -e '.[bench]')"
    return out


# Suites with tables of their own, run only when asked for: name -> module (its run(quick, out))
ON_REQUEST = {"families": bench_families, "every": bench_every}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small sizes (about 2 minutes)")
    suites = ["startup", "external", "internal", "metrics", "ami", "kmedoids", "peers"]
    # families and every: on request only (R when found, 5-17 minutes each; their own tables)
    parser.add_argument("--suites", nargs="+", default=suites, choices=[*suites, *ON_REQUEST])
    parser.add_argument("--out", type=Path, default=RESULTS, help="folder for the results")
    parser.add_argument("--worker", nargs=4, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        case, side, repeats, budget = args.worker
        print(json.dumps(measure(json.loads(case), side, int(repeats), float(budget))))
        return

    settings = plan(args.quick)
    started = time.perf_counter()
    print(machine())
    rows = []
    for case in cases(settings, args.suites):
        if case.get("missing"):
            rows.append(dict({f: case.get(f, "") for f in FIELDS if f in case}, status=case["missing"]))
            print(f"{case['suite']:9s} n={case['n']:>9,} {case['reference']}: {case['missing']}", flush=True)
            continue
        limit = distance_limit() if case["suite"] == "internal" and not case.get("peer") else {}
        if limit:
            print("  limit (benchmarks.peak, one thread, G pairs/s): "
                  + ", ".join(f"{name} {rate:.2f}" for name, rate in limit.items()), flush=True)
        rows.append(compare(case, settings["repeats"], settings["budget_s"], limit))
        r = rows[-1]
        print(f"{r['suite']:9s} n={r['n']:>9,} {r.get('c') or ''!s:>5} {r.get('labels', ''):4s} "
              f"{r.get('reference', ''):18s} ours {r.get('ours_best_s', '-'):>8s}s  sklearn "
              f"{r.get('sklearn_best_s', '-'):>8s}s  ratio {r.get('ratio', '-'):>6s}  agree "
              f"{r.get('agree', '-')!s:5s} MB {r.get('ours_peak_rss_mb', '-')}/"
              f"{r.get('sklearn_peak_rss_mb', '-')}  {r['status']}", flush=True)  # fmt: skip
    if "startup" in args.suites:
        started_rows = startup_rows(settings["repeats"])
        rows += started_rows
        for r in started_rows:
            print(f"startup   {r['reference']:18s} ours {r['ours_best_s']}s  sklearn "
                  f"{r['sklearn_best_s']}s  ratio {r['ratio']}", flush=True)  # fmt: skip
    if "kmedoids" in args.suites:
        for r in kmedoids_rows(settings["kmedoids_n"], sklearn_extra_python()) + kmedoids_alone_rows(
            settings["kmedoids_alone_n"], sklearn_extra_python()
        ):
            rows.append(r)
            print(f"kmedoids  n={r['n']:>9,} ratio {r.get('ratio', '-')} agree "
                  f"{r.get('agree', '-')} {r['status']}", flush=True)  # fmt: skip
    requested = [suite for suite in ON_REQUEST if suite in args.suites]
    for suite in requested:
        ON_REQUEST[suite].run(args.quick, args.out)
    if requested and not rows:  # these alone: their own .md and .json, no sklearn table
        return
    write_csv(rows, args.out / "benchmarks.csv")
    summary = f"Machine: {machine()}\n\n{markdown(rows)}"
    write_atomic(args.out / "summary.md", lambda fh: fh.write(summary))
    plot(rows, args.out / "benchmarks.png")
    print(f"\nwrote {args.out}/benchmarks.csv, summary.md, benchmarks.png "
          f"in {time.perf_counter() - started:.0f} s")  # fmt: skip


if __name__ == "__main__":
    main()
