"""Every index at once against one peer, each side in a fresh subprocess with its peak RSS.

Rows, measured in one run on the same data (written once by this process to a temporary
folder and read by both sides):

* ``score``: ``clustval.score(labels, labels_true=t, X=X)``, every index the inputs allow
  (92 with a truth: 32 external, 60 internal), against scikit-learn's
  ``silhouette_score(X, labels)`` alone, on the partitions of :data:`PARTITIONS`: from the
  easiest (``make_blobs(n, 8 features, 10 centres, random_state=0)`` with its own labels,
  whose within and between distances barely overlap) to the ones users have (blobs with
  ``cluster_std=3``, 5 % of the labels moved at random, random labels, k-means cuts of uniform
  data and of two real sets of the package replicated to size, pima and wdbc): the rank indices
  (Gamma, G+, Tau, C-index) need more passes over the distances where the within and the
  between distances overlap (column ``passes``);
* ``genieclust``: clustval's internal indices that genieclust also has
  (``clustval.indices.neighbours.GENIECLUST_PEERS``) in one ``clustval.score`` call against
  genieclust computing the same set, one ``cluster_validity`` call each; blobs as above, and
  at n = 20,000 the two hardest partitions of the ``score`` rows as well;
* ``R clusterCrit``: ``clustval.compat.clustercrit.int_criteria(X, labels, "all")`` against
  R's ``clusterCrit::intCriteria(X, labels, "all")`` (42 criteria);
* ``R NbClust``: ``clustval.compat.nbclust.nbclust(X, min_nc=9, max_nc=11, method="ward.D2",
  index="all", round_digits=4)`` against R's ``NbClust`` with the same arguments: its 26
  indices on the tree's cuts at K = 9, 10, 11 (the narrowest range NbClust allows around
  the blobs' K = 10; the neighbouring cuts at 8 and 12 are read too).

Each side runs in a fresh interpreter (``Rscript`` for R): one untimed warm-up call on the
first ``WARM_N`` objects (imports, numba's compilation or cache loading), then the best of
up to ``REPEATS`` calls (fewer once ``BUDGET_S`` is spent; at least one). Peak memory is the
rise of the process's resident set during the timed calls (``VmHWM`` reset through
``/proc/self/clear_refs``, as in :mod:`benchmarks._measure`; R does the same itself), and
in brackets the process's whole peak over those calls (interpreter, imports, data). A side
that has not finished within ``SIDE_TIMEOUT_S`` (warm-up included) is stopped and its row
gives clustval's side alone, saying so. ``ratio`` = clustval's best / the peer's best (< 1:
clustval is faster), in wall time; ``CPU ratio`` the same runs' process CPU time (every
thread's: the work, which a shared machine's waiting does not inflate); ``agree`` compares the values both sides give (relative
``AGREE_RTOL``; NaN equals NaN): the Silhouette against scikit-learn, every index against
genieclust (its values turned into clustval's by GENIECLUST_PEERS's relation), every
criterion against clusterCrit (the compat layer reproduces clusterCrit's departures), and
NbClust's whole ``All.index`` (both rounded to 4 decimals, as NbClust returns it) and its
chosen K. R rows need ``Rscript`` with clusterCrit 1.3.0 and NbClust 3.0.1 on
``R_LIBS_USER`` (tools/r/README.md); without them they say "skipped".

Usage (from the repository root):
  python -m benchmarks.bench_every             # the full run (about 17 minutes with R, mostly the peers)
  python -m benchmarks.bench_every --quick     # small sizes (about 2 minutes)
  python -m benchmarks.bench_every --parts R   # some of the rows: score | genieclust | R
  python -m benchmarks --suites every --out DIR   # the same rows from the suite runner
Writes ``every.md`` (the table) and ``every.json`` (the rows) with ``--out``.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from ._measure import rss_mb, time_calls
from .bench_families import r_available

ROOT = Path(__file__).resolve().parent.parent
D, K, SEED = 8, 10, 0
MOVED = 0.1  # the share of objects given a random label in labels_true
REPEATS, BUDGET_S = 3, 20.0
WARM_N = 500
SIDE_TIMEOUT_S = 180.0  # about 2 minutes of work: scikit-learn's silhouette at n = 100,000 took 104-156 s here
AGREE_RTOL = 1e-9
NBCLUST_K = (9, 11)  # min.nc, max.nc


def plan(quick: bool) -> dict:
    """The sizes of each part of a quick or a full run (``score`` and ``genieclust``:
    (partition, n) pairs)."""
    if quick:
        return dict(score=[(kind, 5000) for kind in PARTITIONS], genieclust=[("blobs", 2000)], r_n=[1000])
    return dict(score=[(kind, 20_000) for kind in PARTITIONS] + [(kind, 100_000) for kind in LARGE],
                genieclust=[("blobs", n) for n in (2000, 5000, 20_000)] + [(kind, 20_000) for kind in LARGE[1:]],
                r_n=[1000, 2000, 5000])  # fmt: skip


# ----------------------------------------------------------------------------- data

#: The partitions of the ``score`` rows, from the easiest to the ones users have: what each
#: scores, and (the external indices' truth) what it is compared with.
PARTITIONS = {
    "blobs": "make_blobs, its own labels (truth: 10 % of them moved)",
    "blobs, std 3": "make_blobs with cluster_std=3, its own labels (truth: 10 % of them moved)",
    "blobs, 5 % moved": "make_blobs, 5 % of its labels moved at random (truth: its labels)",
    "blobs, random labels": "make_blobs, random labels (truth: its labels)",
    "uniform": "uniform data in [0, 1]^8 cut by k-means (no truth)",
    "pima, replicated": "UCI pima (min-max, d = 8) repeated to n rows, cut by k-means, K = 2 (truth: its classes)",
    "wdbc, replicated": "UCI wdbc (min-max, d = 30) repeated to n rows, cut by k-means, K = 2 (truth: its classes)",
}
#: The partitions measured at n = 100,000 as well: the best case and the two hardest.
LARGE = ("blobs", "blobs, 5 % moved", "blobs, random labels")


def moved(labels: np.ndarray, share: float, rng: np.random.Generator) -> np.ndarray:
    """``labels`` with ``share`` of them (at random) replaced by a random label."""
    out = labels.copy()
    chosen = rng.random(labels.size) < share
    out[chosen] = rng.integers(0, K, int(chosen.sum()))
    return out


def partition(kind: str, n: int) -> dict[str, np.ndarray]:
    """X, labels and (but for ``uniform``) labels_true of the partition ``kind`` at size n."""
    from sklearn.cluster import KMeans
    from sklearn.datasets import make_blobs

    rng = np.random.default_rng(SEED)
    if kind == "uniform":
        X = rng.random((n, D))
        return dict(X=X, labels=KMeans(K, n_init=1, random_state=SEED).fit_predict(X))
    if kind.endswith(", replicated"):
        from clustval.datasets import load_uci

        X, classes = load_uci(kind.split(",")[0], preprocessing="minmax", return_X_y=True)
        X, classes = np.resize(X, (n, X.shape[1])), np.resize(np.unique(classes, return_inverse=True)[1], n)
        k = int(classes.max()) + 1
        return dict(X=X, labels=KMeans(k, n_init=1, random_state=SEED).fit_predict(X), labels_true=classes)
    X, own = make_blobs(n_samples=n, n_features=D, centers=K, random_state=SEED,
                        cluster_std=3.0 if kind == "blobs, std 3" else 1.0)  # fmt: skip
    if kind in ("blobs", "blobs, std 3"):
        return dict(X=X, labels=own, labels_true=moved(own, MOVED, rng))
    labels = moved(own, 0.05, rng) if kind == "blobs, 5 % moved" else rng.integers(0, K, n)
    return dict(X=X, labels=labels, labels_true=own)


def write_data(folder: Path, kind: str, n: int) -> Path:
    """The case's data as ``.npz`` (Python sides) and ``.csv`` (R: coordinates, then the
    label), made once per data set; returns the path without suffix."""
    path = folder / f"{kind.replace(' ', '_').replace(',', '').replace('%', 'pc')}_{n}"
    if not path.with_suffix(".npz").exists():
        data = partition(kind, n)
        np.savez(path.with_suffix(".npz"), **data)
        np.savetxt(path.with_suffix(".csv"), np.column_stack([data["X"], data["labels"]]), delimiter=",")
    return path


# ----------------------------------------------------------------------------- the two sides


def from_genieclust(relation: str, value: float, k: int) -> float:
    """genieclust's value as clustval's index, by GENIECLUST_PEERS's relation."""
    if relation == "same":
        return value
    if relation == "negated":
        return -value
    if relation.startswith("negated and summed over the clusters"):
        return -value / k
    raise ValueError(f"no rule for genieclust's relation {relation!r}")


def genieclust_calls() -> dict:
    """``{clustval name: (call(X, y) -> genieclust's value, relation)}`` from GENIECLUST_PEERS
    (a function's name, or a call written out with ``X`` and ``y``)."""
    from genieclust import cluster_validity as gv

    from clustval.indices.neighbours import GENIECLUST_PEERS

    calls = {}
    for name, (call, relation) in GENIECLUST_PEERS.items():
        source = call if "(" in call else f"{call}(X, y)"
        code = compile(source, f"<genieclust {name}>", "eval")
        calls[name] = ((lambda X, y, code=code: eval(code, vars(gv), {"X": X, "y": y})), relation)
    return calls


def side_call(case: dict, side: str):
    """``call(X, labels, truth) -> {name: value}`` of one side of a Python case."""
    import clustval

    part = case["part"]
    if side == "ours":
        if part == "score":
            return lambda X, y, t: clustval.score(y, labels_true=t, X=X)
        if part == "genieclust":
            from clustval.indices.neighbours import GENIECLUST_PEERS

            return lambda X, y, t: clustval.score(y, X=X, names=list(GENIECLUST_PEERS))
        if part == "R clusterCrit":
            from clustval.compat.clustercrit import int_criteria

            return lambda X, y, t: int_criteria(X, y + 1, "all")  # R's keys, as intCriteria's
        from clustval.compat.nbclust import nbclust

        def call(X, y, t):
            r = nbclust(X, min_nc=NBCLUST_K[0], max_nc=NBCLUST_K[1], method="ward.D2", index="all",
                        round_digits=4)  # fmt: skip
            values = {f"{name}@{k}": v for name, by_k in r.all_index.items() for k, v in by_k.items()}
            return dict(values, best_k=float(r.best_k))

        return call
    if part == "score":
        from sklearn.metrics import silhouette_score

        return lambda X, y, t: {"sil": silhouette_score(X, y)}
    calls = genieclust_calls()

    def call(X, y, t):
        return {name: from_genieclust(relation, float(f(X, y)), len(np.unique(y)))
                for name, (f, relation) in calls.items()}  # fmt: skip

    return call


def measure(case: dict, side: str, path: str, repeats: int, budget_s: float) -> dict:
    """Run one Python side of one case in this process (the worker of :func:`run_side`)."""
    data = dict(np.load(path + ".npz"))
    X, y, t = data["X"], data["labels"], data.get("labels_true")
    call = side_call(case, side)
    warm = slice(0, min(WARM_N, len(X)))
    with counting_passes() as passes:
        call(X[warm], y[warm], None if t is None else t[warm])
        timed = time_calls(lambda: call(X, y, t), repeats, budget_s)
    values = {name: float(v) for name, v in timed.pop("result").items()}
    process_mb = round(rss_mb("VmHWM"), 1)  # the whole process's peak: interpreter, imports, data
    return dict(timed, values=values, process_mb=process_mb, passes=passes[-1] if passes else None)


@contextlib.contextmanager
def counting_passes():
    """The passes over the distances of each pair-rank computation (Gamma, G+, Tau,
    C-index) while open, in a list: a pass-through wrapper, one Python call per score."""
    import clustval.indices.partition

    original, passes = clustval.indices.partition.pair_stats, []

    def counted(*args, **kwargs):
        stats = original(*args, **kwargs)
        passes.append(stats.passes)
        return stats

    clustval.indices.partition.pair_stats = counted
    try:
        yield passes
    finally:
        clustval.indices.partition.pair_stats = original


R_SCRIPT = """
m <- as.matrix(read.csv("{csv}", header = FALSE)); X <- m[, -ncol(m)]; y <- as.integer(m[, ncol(m)]) + 1L
status <- function(field) {{
  line <- grep(paste0("^", field, ":"), readLines("/proc/self/status"), value = TRUE)
  as.numeric(strsplit(trimws(sub(paste0(field, ":"), "", line)), " +")[[1]][1]) / 1024
}}
run <- function(X, y) {{ {code} }}
grDevices::pdf(NULL)
w <- seq_len(min({warm}, nrow(X)))
invisible(suppressWarnings(run(X[w, ], y[w])))
invisible(gc()); base <- status("VmRSS")
exact <- tryCatch({{ writeLines("5", "/proc/self/clear_refs"); TRUE }}, error = function(e) FALSE)
times <- c()
while (length(times) < {repeats} && (length(times) == 0 || sum(times) < {budget})) {{
  t0 <- proc.time()[["elapsed"]]; value <- suppressWarnings(run(X, y))
  times <- c(times, proc.time()[["elapsed"]] - t0)
}}
cat("best", min(times), "\\n"); cat("median", stats::median(times), "\\n"); cat("runs", length(times), "\\n")
cat("peak", max(status("VmHWM") - base, 0), "\\n"); cat("process", status("VmHWM"), "\\n"); cat("exact", exact, "\\n")
for (nm in names(value)) cat("value", nm, format(value[[nm]], digits = 17), "\\n")
"""

# R's side of each R part: ``code`` sets nothing; its last value is a named list or vector.
R_CODE = {
    "R clusterCrit": 'as.list(clusterCrit::intCriteria(X, y, "all"))',
    "R NbClust": (
        "invisible(utils::capture.output(r <- NbClust::NbClust(X, distance = \"euclidean\", "
        f"min.nc = {NBCLUST_K[0]}, max.nc = {NBCLUST_K[1]}, method = \"ward.D2\", index = \"all\"))); "
        "a <- r$All.index; v <- as.vector(a); "
        "names(v) <- paste0(rep(colnames(a), each = nrow(a)), \"@\", rep(rownames(a), ncol(a))); "
        "c(as.list(v), best_k = max(r$Best.partition))"
    ),
}


def r_side(case: dict, path: str, repeats: int, budget_s: float) -> dict:
    """Run R's side of an R case in a fresh ``Rscript``: the same warm-up, runs and peak."""
    script = R_SCRIPT.format(csv=path + ".csv", code=R_CODE[case["part"]], warm=WARM_N, repeats=repeats,
                             budget=budget_s)  # fmt: skip
    done = subprocess.run(["Rscript", "-e", script], capture_output=True, text=True, timeout=SIDE_TIMEOUT_S)
    if done.returncode != 0:
        raise RuntimeError((done.stderr.strip().splitlines() or ["no output"])[-1][:160])
    fields, values = {}, {}
    for line in done.stdout.splitlines():
        word, *rest = line.split()
        if word == "value":
            values[rest[0]] = float(rest[1]) if rest[1] not in ("NA", "NaN") else math.nan
        else:
            fields[word] = rest[0]
    return dict(best_s=float(fields["best"]), median_s=float(fields["median"]), runs=int(fields["runs"]),
                peak_rss_mb=round(float(fields["peak"]), 1), process_mb=round(float(fields["process"]), 1),
                rss_exact=fields["exact"] == "TRUE",
                values=values)  # fmt: skip


def run_side(case: dict, side: str, path: str, repeats: int, budget_s: float) -> dict:
    """One side in a fresh process; ``{"error": why}`` when it fails or runs out of time."""
    try:
        if side == "theirs" and case["part"].startswith("R "):
            return r_side(case, path, repeats, budget_s)
        args = [sys.executable, "-m", "benchmarks.bench_every", "--worker", json.dumps(case), side, path,
                str(repeats), str(budget_s)]  # fmt: skip
        done = subprocess.run(args, capture_output=True, text=True, cwd=ROOT, timeout=SIDE_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return dict(error=f"not finished within {SIDE_TIMEOUT_S:.0f} s")
    except RuntimeError as failed:
        return dict(error=f"failed: {failed}")
    if done.returncode != 0:
        return dict(error=f"failed: {(done.stderr.strip().splitlines() or ['no output'])[-1][:160]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


# ----------------------------------------------------------------------------- rows


def agree(ours: dict, theirs: dict) -> bool:
    """Every value of ``theirs`` equal to ours to a relative AGREE_RTOL (NaN equals NaN)."""
    def same(a: float, b: float) -> bool:
        return (math.isnan(a) and math.isnan(b)) or math.isclose(a, b, rel_tol=AGREE_RTOL, abs_tol=1e-12)

    return all(name in ours and same(ours[name], theirs[name]) for name in theirs)


def compare(case: dict, path: str, repeats: int, budget_s: float) -> dict:
    """One row: both sides, each in its fresh process, on the data at ``path``."""
    ours = run_side(case, "ours", path, repeats, budget_s)
    theirs = run_side(case, "theirs", path, repeats, budget_s)
    row = dict(case)
    if "error" in ours:
        return dict(row, note=f"clustval {ours['error']}")
    names = {name.split("@")[0] for name in ours["values"]} - {"best_k"}  # NbClust's: index@K
    row.update(indices=len(names),
               ours_s=ours["best_s"], ours_cpu_s=ours.get("best_cpu_s"), ours_median_s=ours["median_s"],
               ours_runs=ours["runs"],
               ours_mb=ours["peak_rss_mb"], ours_process_mb=ours["process_mb"], passes=ours.get("passes"))  # fmt: skip
    if "error" in theirs:
        return dict(row, note=f"{case['peer']} {theirs['error']}: clustval alone")
    exact = ours["rss_exact"] and theirs["rss_exact"]
    cpu_ratio = (ours["best_cpu_s"] / theirs["best_cpu_s"]
                 if ours.get("best_cpu_s") and theirs.get("best_cpu_s") else None)  # fmt: skip
    return dict(row, theirs_s=theirs["best_s"], theirs_cpu_s=theirs.get("best_cpu_s"), cpu_ratio=cpu_ratio,
                theirs_median_s=theirs["median_s"], theirs_runs=theirs["runs"],
                theirs_mb=theirs["peak_rss_mb"], theirs_process_mb=theirs["process_mb"],
                ratio=ours["best_s"] / theirs["best_s"],
                agree=agree(ours["values"], theirs["values"]), compared=len(theirs["values"]),
                note="" if exact else "peak RSS since the process started")  # fmt: skip


# The groups of rows ``--parts`` chooses from, each a few minutes on the 2-core machine
PARTS = ("score", "genieclust", "R")


def cases(settings: dict, parts=PARTS) -> list[dict]:
    """The rows of a run, in order: (part, data, n, peer), of the chosen ``parts``."""
    out = []
    if "score" in parts:
        out += [dict(part="score", data=kind, n=n, peer="silhouette_score") for kind, n in settings["score"]]
    if "genieclust" in parts:
        out += [dict(part="genieclust", data=kind, n=n, peer="genieclust") for kind, n in settings["genieclust"]]
    if "R" in parts:
        for part, package in (("R clusterCrit", "clusterCrit"), ("R NbClust", "NbClust")):
            out += [dict(part=part, data="blobs", n=n, peer=f"R {package}") for n in settings["r_n"]]
    return out


def skipped_because(case: dict, found: dict) -> str:
    """Why a case cannot run here, or ""."""
    import importlib.util

    if case["peer"] == "genieclust" and importlib.util.find_spec("genieclust") is None:
        return "skipped: genieclust is not installed (pip install -e '.[bench]')"
    if case["part"].startswith("R ") and not found[case["peer"][2:]]:
        return f"skipped: R with {case['peer'][2:]} not found (Rscript, R_LIBS_USER; tools/r/README.md)"
    return ""


def fmt(value, digits: int = 3) -> str:
    return "" if value is None or value == "" else f"{value:.{digits}g}"


def table(rows: list[dict]) -> str:
    head = ["rows", "peer", "n", "data", "indices", "clustval s", "peer s", "ratio", "CPU ratio", "agree",
            "peak MB: rise (process) clustval / peer", "passes", "note"]  # fmt: skip
    lines = ["| " + " | ".join(head) + " |", "|---|---|---:|---|---:|---:|---:|---:|---:|---|---:|---:|---|"]
    for r in rows:
        data = r["data"]
        agreed = {True: "yes", False: "NO"}.get(r.get("agree"), "")
        memory = ""
        if "ours_mb" in r:
            theirs = f"{r['theirs_mb']:.0f} ({r['theirs_process_mb']:.0f})" if "theirs_mb" in r else "-"
            memory = f"{r['ours_mb']:.0f} ({r['ours_process_mb']:.0f}) / {theirs}"
        cells = [r["part"], r["peer"], f"{r['n']:,}", data, r.get("indices", ""), fmt(r.get("ours_s")),
                 fmt(r.get("theirs_s")), fmt(r.get("ratio")), fmt(r.get("cpu_ratio")), agreed, memory,
                 r.get("passes") or "",
                 r.get("note", "")]  # fmt: skip
        lines.append("| " + " | ".join(str(c) for c in cells) + " |")
    return "\n".join(lines)


def machine() -> str:
    """The CPU (and whether it has AVX-512) and the versions the figures come from."""
    import platform

    import numba
    import sklearn

    info = Path("/proc/cpuinfo").read_text() if Path("/proc/cpuinfo").exists() else ""
    cpu = next((line.split(":", 1)[1].strip() for line in info.splitlines() if line.startswith("model name")),
               platform.processor())  # fmt: skip
    avx512 = "with AVX-512" if " avx512f" in info else "without AVX-512"
    return (f"{os.cpu_count()} cores ({cpu}, {avx512}), Python {platform.python_version()}, numpy "
            f"{np.__version__}, scikit-learn {sklearn.__version__}, numba {numba.__version__}")  # fmt: skip


def run(quick: bool, out: Path | None = None, settings: dict | None = None, repeats: int = REPEATS,
        budget_s: float = BUDGET_S, parts=PARTS) -> list[dict]:  # fmt: skip
    """Every row of the plan's ``parts`` (``settings`` overrides :func:`plan`); with ``out``,
    write ``every.md`` (the machine and the table) and ``every.json`` (the rows) there."""
    settings = settings or plan(quick)
    found = {package: r_available(package) for package in ("clusterCrit", "NbClust")}
    print(machine())
    print(f"R clusterCrit: {found['clusterCrit']}, R NbClust: {found['NbClust']}, "
          f"R_LIBS_USER={os.environ.get('R_LIBS_USER', '')}", flush=True)  # fmt: skip
    started = time.perf_counter()
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        for case in cases(settings, parts):
            why = skipped_because(case, found)
            if why:
                rows.append(dict(case, note=why))
            else:
                path = write_data(Path(folder), case["data"], case["n"])
                rows.append(compare(case, str(path), repeats, budget_s))
            print(table(rows[-1:]).splitlines()[-1], flush=True)
    print(f"\n{table(rows)}\n\n{time.perf_counter() - started:.0f} s", flush=True)
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
        (out / "every.md").write_text(f"Machine: {machine()}\n\n{table(rows)}\n")
        (out / "every.json").write_text(json.dumps(rows, indent=1, default=str))
    return rows


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.bench_every", description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small sizes (about 2 minutes)")
    parser.add_argument("--out", type=Path, help="also write every.md and every.json there")
    parser.add_argument("--parts", nargs="+", default=PARTS, choices=PARTS, help="some of the rows only")
    parser.add_argument("--worker", nargs=5, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        case, side, path, repeats, budget = args.worker
        print(json.dumps(measure(json.loads(case), side, path, int(repeats), float(budget))))
        return
    run(args.quick, args.out, parts=args.parts)


if __name__ == "__main__":
    main()
