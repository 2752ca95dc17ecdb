"""Each family of indices against the plain way to compute it, a peer package, or R.

For every family, in one run on the same data (Gaussian blobs, d = 8, K = 10, seeded):

* scatter (Trace_W, Trace_WiB, Det_Ratio, Log_Det_Ratio, Ksq_DetW, Log_SS_Ratio, Ball-Hall,
  Banfeld-Raftery, Scott-Symons from one ``internal_scores`` call) against a plain NumPy
  version that builds each cluster's scatter matrix from its members and applies each
  formula (``plain``), and against R clusterCrit's ``intCriteria`` for the same criteria;
* pair-rank (Gamma, G+, Tau, C-index, Point-Biserial, McClain-Rao) against the plain way that
  materialises the n (n - 1) / 2 distances with ``scipy.spatial.distance.pdist``, sorts
  them and counts with ``searchsorted`` (exact, O(n^2) memory, n <= 10,000), and against
  clusterCrit at n <= 2000 only (its Gamma and G+ compare every within pair with every
  between pair: O(n^4));
* generalised Dunn (GDI12 .. GDI53, 14 indices) against a plain version (pdist within each
  cluster, cdist between each pair of clusters) and clusterCrit's GDI names; GDI13, GDI23,
  GDI31, GDI33, GDI41, GDI43 against genieclust's ``generalised_dunn_index``;
* near neighbours (WCNN_25, DuNN-OWA Min/Max) against genieclust;
* cvi's (PS, cSIL, WB, rCIP) against the ``cvi`` package (batch ``get_cvi``);
* NbClust: ``clustval.compat.nbclust.nbclust(X, 2, 8, "ward.D2", "all")`` against R's
  ``NbClust`` with the same arguments.

A row is timed in this process: one untimed warm-up call, then the best of up to 3 calls
(fewer past 20 s); R times its own call inside R (``proc.time``), so R's start-up is not
counted, as imports are not counted here. ``ratio`` = ours / reference (< 1: we are
faster); ``agree`` compares the values (relative 1e-9; clusterCrit computes some criteria
differently, see ``clustval.compat.clustercrit.DEPARTURES``, and its values are compared
with the compat layer's). Rows whose package or R is missing say so. R is a
development-time reference: ``R_LIBS_USER`` must hold clusterCrit 1.3.0 and NbClust 3.0.1
(tools/r/README.md).

Usage (from the repository root):
  python -m benchmarks.bench_families              # n = 2000 and 10000 (NbClust: 500, 2000)
  python -m benchmarks.bench_families --quick      # n = 1000 (NbClust: 300)
  python -m benchmarks --suites families --out DIR # the same rows from the suite runner
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import math
import os
import shutil
import subprocess
import tempfile
import time
import warnings
from pathlib import Path

import numpy as np

D, K, SEED = 8, 10, 0
REPEATS, BUDGET_S = 3, 20.0
AGREE_RTOL = 1e-9

SCATTER = {"trace_w": "Trace_W", "trace_wib": "Trace_WiB", "det_ratio": "Det_Ratio",
           "log_det_ratio": "Log_Det_Ratio", "ksq_detw": "Ksq_DetW", "log_ss_ratio": "Log_SS_Ratio",
           "ball_hall": "Ball_Hall", "banfeld_raftery": "Banfeld_Raftery", "scott_symons": "Scott_Symons"}  # fmt: skip
PAIR_RANK = {"baker_hubert_gamma": "Gamma", "g_plus": "G_plus", "tau": "Tau", "c_index": "C_index",
             "point_biserial": "Point_Biserial", "mcclain_rao": "McClain_Rao"}  # fmt: skip
GDI = [f"gdi{u}{v}" for u in range(1, 6) for v in range(1, 4) if (u, v) != (1, 1)]  # GDI11 is Dunn
GENIECLUST_GDI = ["gdi13", "gdi23", "gdi31", "gdi33", "gdi41", "gdi43"]  # its delta_5 departs too
NEIGHBOURS = {"wcnn": ("wcnn_index", ()), "dunnowa_m25_min_max": ("dunnowa_index", (25, "Min", "Max"))}
CVI = {"ps": "PS", "csil": "cSIL", "wb": "WB", "rcip": "rCIP"}


def blobs(n: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(SEED)
    labels = rng.integers(0, K, n)
    return (rng.normal(size=(K, D)) * 3)[labels] + rng.normal(size=(n, D)), labels


def best_of(call) -> tuple[float, object]:
    call()  # warm-up: numba compilation or cache load, imports
    times, value = [], None
    while len(times) < REPEATS and sum(times) < BUDGET_S:
        start = time.perf_counter()
        value = call()
        times.append(time.perf_counter() - start)
    return min(times), value


# ----------------------------------------------------------------------------- plain versions


def plain_scatter(X: np.ndarray, y: np.ndarray) -> dict[str, float]:
    """Each cluster's scatter matrix from its members, then each criterion's formula."""
    n = len(X)
    ks = np.unique(y)
    mean = X.mean(axis=0)
    T = (X - mean).T @ (X - mean)
    Ws, sizes, traces = [], [], []
    for k in ks:
        Xk = X[y == k]
        Wk = (Xk - Xk.mean(axis=0)).T @ (Xk - Xk.mean(axis=0))
        Ws.append(Wk)
        sizes.append(len(Xk))
        traces.append(np.trace(Wk))
    W = sum(Ws)
    B = T - W
    sizes, traces = np.array(sizes, float), np.array(traces)
    return {
        "trace_w": float(np.trace(W)),
        "trace_wib": float(np.trace(np.linalg.solve(W, B))),
        "det_ratio": float(np.linalg.det(T) / np.linalg.det(W)),
        "log_det_ratio": float(n * math.log(np.linalg.det(T) / np.linalg.det(W))),
        "ksq_detw": float(len(ks) ** 2 * np.linalg.det(W)),
        "log_ss_ratio": float(math.log(np.trace(B) / np.trace(W))),
        "ball_hall": float(np.mean(traces / sizes)),
        "banfeld_raftery": float(np.sum(sizes * np.log(traces / sizes))),
        "scott_symons": float(sum(nk * math.log(np.linalg.det(Wk / nk)) for nk, Wk in zip(sizes, Ws))),
    }


def plain_pair_rank(X: np.ndarray, y: np.ndarray) -> dict[str, float]:
    """Every pair distance materialised (pdist), sorted, and counted with searchsorted."""
    from scipy.spatial.distance import pdist

    d = pdist(X)
    i, j = np.triu_indices(len(X), 1)
    same = y[i] == y[j]
    within, between = d[same], np.sort(d[~same])
    nw, nb, nt = within.size, between.size, d.size
    s_plus = int(np.sum(nb - np.searchsorted(between, within, side="right")))  # within < between
    s_minus = int(np.sum(np.searchsorted(between, within, side="left")))  # within > between
    ordered = np.sort(d)
    sw = within.sum()
    s_min, s_max = ordered[:nw].sum(), ordered[-nw:].sum()
    return {
        "baker_hubert_gamma": (s_plus - s_minus) / (s_plus + s_minus),
        "g_plus": 2 * s_minus / (nt * (nt - 1)),
        "tau": (s_plus - s_minus) / math.sqrt(nw * nb * nt * (nt - 1) / 2),
        "c_index": float((sw - s_min) / (s_max - s_min)),
        "point_biserial": float((between.sum() / nb - sw / nw) * math.sqrt(nw * nb) / nt),
        "mcclain_rao": float((sw / nw) / (between.sum() / nb)),
    }


def plain_gdi(X: np.ndarray, y: np.ndarray) -> dict[str, float]:
    """Bezdek & Pal's deltas and Deltas by loops over clusters and pairs of clusters, each
    from its block of distances (pdist within a cluster, cdist between two)."""
    from scipy.spatial.distance import cdist, pdist

    members = [X[y == k] for k in np.unique(y)]
    centres = [m.mean(axis=0) for m in members]
    Delta = {1: 0.0, 2: 0.0, 3: 0.0}
    for m, c in zip(members, centres):
        within = pdist(m)
        if within.size:
            Delta[1] = max(Delta[1], within.max())
            Delta[2] = max(Delta[2], 2 * within.sum() / (len(m) * (len(m) - 1)))
        Delta[3] = max(Delta[3], 2 * np.linalg.norm(m - c, axis=1).sum() / len(m))
    delta = {u: math.inf for u in range(1, 6)}
    for k in range(len(members)):
        for l in range(k + 1, len(members)):
            between = cdist(members[k], members[l])
            to_other = (np.linalg.norm(members[k] - centres[l], axis=1).sum()
                        + np.linalg.norm(members[l] - centres[k], axis=1).sum())  # fmt: skip
            for u, value in ((1, between.min()), (2, between.max()), (3, between.mean()),
                             (4, np.linalg.norm(centres[k] - centres[l])),
                             (5, to_other / (len(members[k]) + len(members[l])))):  # fmt: skip
                delta[u] = min(delta[u], float(value))
    return {g: delta[int(g[3])] / Delta[int(g[4])] for g in GDI}


# ----------------------------------------------------------------------------- R


def r_available(package: str) -> bool:
    if shutil.which("Rscript") is None:
        return False
    found = subprocess.run(["Rscript", "-e", f"cat(requireNamespace('{package}', quietly = TRUE))"],
                           capture_output=True, text=True, check=False)  # fmt: skip
    return found.stdout.strip() == "TRUE"


def r_timed(code: str, X: np.ndarray, y: np.ndarray) -> tuple[float, dict]:
    """Run ``code`` in R on X (``X``) and y (``y``): it must set ``value`` (a named list);
    returns R's own best-of-3 time of ``code`` and the values."""
    with tempfile.TemporaryDirectory() as folder:
        data = Path(folder) / "data.csv"
        np.savetxt(data, np.column_stack([X, y]), delimiter=",")
        script = f"""
        m <- as.matrix(read.csv("{data}", header = FALSE)); X <- m[, -ncol(m)]; y <- as.integer(m[, ncol(m)]) + 1L
        run <- function() {{ {code} }}
        invisible(suppressWarnings(run()))
        times <- c(); total <- 0
        while (length(times) < {REPEATS} && total < {BUDGET_S}) {{
          t0 <- proc.time()[["elapsed"]]; value <- suppressWarnings(run())
          times <- c(times, proc.time()[["elapsed"]] - t0); total <- sum(times)
        }}
        cat(min(times), "\\n"); for (nm in names(value)) cat(nm, format(value[[nm]], digits = 17), "\\n")
        """
        out = subprocess.run(["Rscript", "-e", script], capture_output=True, text=True, check=True).stdout.split("\n")
    values = {line.split()[0]: float(line.split()[1]) for line in out[1:] if line.strip()}
    return float(out[0]), values


# ----------------------------------------------------------------------------- rows


def agree(ours: dict, theirs: dict) -> bool:
    """Every value equal to a relative AGREE_RTOL (NaN where both are NaN: clusterCrit's
    Log_Det_Ratio of a negative determinant ratio, say)."""
    return all((math.isnan(ours[k]) and math.isnan(theirs[k]))
               or math.isclose(ours[k], theirs[k], rel_tol=AGREE_RTOL, abs_tol=1e-12) for k in theirs)  # fmt: skip


def row(family, reference, n, ours_s, theirs_s, ours, theirs, note="") -> dict:
    return dict(family=family, reference=reference, n=n, ours_s=ours_s, theirs_s=theirs_s,
                ratio=ours_s / theirs_s, agree=agree(ours, theirs), note=note)  # fmt: skip


def skipped(family, reference, n, why) -> dict:
    return dict(family=family, reference=reference, n=n, note=f"skipped: {why}")


def family_rows(n: int, nbclust_n: int, with_r_cc: bool, with_r_nb: bool) -> list[dict]:
    import clustval
    from clustval.compat import clustercrit

    X, y = blobs(n)
    rows = []

    ours_s, ours = best_of(lambda: clustval.internal_scores(X, y, list(SCATTER)))
    plain_s, plain = best_of(lambda: plain_scatter(X, y))
    rows.append(row("scatter (9)", "plain NumPy", n, ours_s, plain_s, ours, plain))
    if with_r_cc:
        r_s, r_values = r_timed(f"as.list(clusterCrit::intCriteria(X, y, c({', '.join(map(repr, SCATTER.values()))})))", X, y)
        compat = clustercrit.int_criteria(X, y + 1, list(SCATTER.values()))
        r_values = {name.lower(): v for name, v in r_values.items()}
        rows.append(row("scatter (9)", "R clusterCrit", n, ours_s, r_s,
                        compat, r_values))  # fmt: skip
    else:
        rows.append(skipped("scatter (9)", "R clusterCrit", n, "R with clusterCrit not found"))

    ours_s, ours = best_of(lambda: clustval.internal_scores(X, y, list(PAIR_RANK)))
    if n <= 10_000:  # pdist's n^2 / 2 doubles: 400 MB at 10,000
        plain_s, plain = best_of(lambda: plain_pair_rank(X, y))
        rows.append(row("pair-rank (6)", "plain pdist + sort", n, ours_s, plain_s, ours, plain))
    if with_r_cc and n <= 2000:  # clusterCrit's Gamma and G+ compare every within with every between pair
        r_s, r_values = r_timed(f"as.list(clusterCrit::intCriteria(X, y, c({', '.join(map(repr, PAIR_RANK.values()))})))", X, y)
        compat = clustercrit.int_criteria(X, y + 1, list(PAIR_RANK.values()))
        rows.append(row("pair-rank (6)", "R clusterCrit", n, ours_s, r_s,
                        compat, {k.lower(): v for k, v in r_values.items()},
                        "compared with the compat layer (clusterCrit's 8-bit counts)"))  # fmt: skip
    elif not with_r_cc:
        rows.append(skipped("pair-rank (6)", "R clusterCrit", n, "R with clusterCrit not found"))

    ours_s, ours = best_of(lambda: clustval.internal_scores(X, y, GDI))
    plain_s, plain = best_of(lambda: plain_gdi(X, y))
    rows.append(row("generalised Dunn (14)", "plain pdist/cdist", n, ours_s, plain_s, ours, plain))
    if with_r_cc:
        names = [g.upper() for g in GDI]
        r_s, r_values = r_timed(f"as.list(clusterCrit::intCriteria(X, y, c({', '.join(map(repr, names))})))", X, y)
        compat = clustercrit.int_criteria(X, y + 1, names)
        rows.append(row("generalised Dunn (14)", "R clusterCrit", n, ours_s, r_s,
                        compat, {k.lower(): v for k, v in r_values.items()},
                        "compared with the compat layer (Delta_2 halved, delta_5's own centroid)"))  # fmt: skip
    else:
        rows.append(skipped("generalised Dunn (14)", "R clusterCrit", n, "R with clusterCrit not found"))
    if importlib.util.find_spec("genieclust"):
        from genieclust import cluster_validity as gv

        ours_s, ours = best_of(lambda: clustval.internal_scores(X, y, GENIECLUST_GDI))
        theirs_s, theirs = best_of(lambda: {g: gv.generalised_dunn_index(X, y, int(g[3]), int(g[4])) for g in GENIECLUST_GDI})
        rows.append(row("generalised Dunn (6)", "genieclust", n, ours_s, theirs_s, ours, theirs))
        ours_s, ours = best_of(lambda: clustval.internal_scores(X, y, list(NEIGHBOURS)))
        theirs_s, theirs = best_of(lambda: {name: getattr(gv, f)(X, y, *args) for name, (f, args) in NEIGHBOURS.items()})
        rows.append(row("near neighbours (2)", "genieclust", n, ours_s, theirs_s, ours, theirs))
    else:
        rows.append(skipped("generalised Dunn, near neighbours", "genieclust", n, "genieclust is not installed"))

    if importlib.util.find_spec("cvi"):
        import cvi

        ours_s, ours = best_of(lambda: clustval.internal_scores(X, y, list(CVI), undefined="nan"))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            theirs_s, theirs = best_of(lambda: {name: getattr(cvi, c)().get_cvi(X, y) for name, c in CVI.items()})
        ours["rcip"] = clustval.rcip(X, y, ridge=10 ** (-12 / D))  # cvi's ridge (cvi_family.CVI_PEERS)
        rows.append(row("cvi's (4)", "cvi", n, ours_s, theirs_s, ours, theirs))
    else:
        rows.append(skipped("cvi's (4)", "cvi", n, "cvi is not installed"))

    if nbclust_n:
        from clustval.compat.nbclust import nbclust

        Xs, ys = blobs(nbclust_n)
        ours_s, ours = best_of(lambda: nbclust(Xs, min_nc=2, max_nc=8, method="ward.D2", index="all"))
        if with_r_nb:
            code = ('grDevices::pdf(NULL); invisible(utils::capture.output(r <- NbClust::NbClust(X, '
                    'distance = "euclidean", min.nc = 2, max.nc = 8, method = "ward.D2", index = "all"))); '
                    'grDevices::dev.off(); list(best = max(r$Best.partition), ch = r$All.index["5", "CH"])')
            r_s, r_values = r_timed(code, Xs, ys)
            mine = {"best": ours.best_k, "ch": round(ours.all_index["CH"][5], 4)}
            rows.append(row("NbClust (26 indices, K = 2..8)", "R NbClust", nbclust_n, ours_s, r_s, mine, r_values))
        else:
            rows.append(skipped("NbClust (26 indices, K = 2..8)", "R NbClust", nbclust_n, "R with NbClust not found"))
    return rows


def table(rows: list[dict]) -> str:
    lines = ["| family | reference | n | clustval s | reference s | ratio | agree |", "|---|---|---:|---:|---:|---:|---|"]
    for r in rows:
        if "ratio" in r:
            lines.append(f"| {r['family']} | {r['reference']} | {r['n']:,} | {r['ours_s']:.4f} | "
                         f"{r['theirs_s']:.4f} | {r['ratio']:.3f} | {r['agree']} |")  # fmt: skip
        else:
            lines.append(f"| {r['family']} | {r['reference']} | {r['n']:,} | | | | {r['note']} |")
    return "\n".join(lines)


def run(quick: bool, out: Path | None = None) -> list[dict]:
    """Every row of the plan (``quick``: n = 1000, NbClust at 300); with ``out``, write
    ``families.md`` (the table) and ``families.json`` (the rows) there."""
    sizes = [(1000, 300)] if quick else [(2000, 500), (10_000, 2000)]
    with_cc, with_nb = r_available("clusterCrit"), r_available("NbClust")
    print(f"R clusterCrit: {with_cc}, R NbClust: {with_nb}, R_LIBS_USER={os.environ.get('R_LIBS_USER', '')}")
    rows = []
    for n, nb_n in sizes:
        rows += family_rows(n, nb_n, with_cc, with_nb)
        print(table(rows), flush=True)
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
        (out / "families.md").write_text(table(rows) + "\n")
        (out / "families.json").write_text(json.dumps(rows, indent=1, default=str))
    return rows


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.bench_families", description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="n = 1000 only (NbClust: 300)")
    parser.add_argument("--out", type=Path, help="also write families.md and families.json there")
    args = parser.parse_args(argv)
    run(args.quick, args.out)

if __name__ == "__main__":
    main()
