"""What the Snakemake scripts share: logging to the rule's log, clustering runs and their
files, and turning index values into tidy score rows.

The scripts in workflow/scripts/ are thin adapters over this module and the rest of the
package, so every step can also be run and tested without Snakemake.
"""

from __future__ import annotations

import contextlib
import logging
import os
import shutil
import sys
import warnings
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

import numpy as np

from clustval.clustering import cluster, get_algorithm
from clustval.clustering.common import ClusteringResult
from clustval.datasets.dataset import Dataset, read_dataset
from clustval.errors import DamagedFileError
from clustval.indices.registry import OPTIONS
from clustval.indices.scoring import score

from .paper.scores import COLUMNS as SCORE_COLUMNS  # noqa: F401  (the workflow scripts import it from here)
from .verified import read_verified_csv, write_verified_csv

log = logging.getLogger("clustval")

CLUSTERING_COLUMNS = ("run", "k", "cost", "n_iter", "converged", "init_fallback", "medoids", "labels")


@contextlib.contextmanager
def step(smk):
    """Run a workflow script's work as a well-behaved Snakemake job.

    Log records and warnings go to the rule's ``log:`` file; compiled kernels use at most
    the rule's ``threads``; an exception is logged with its traceback and raised again, so
    the rule fails and Snakemake removes its outputs. An input refused as damaged (its
    row count or checksum in the manifest, or a data set's header) is removed too, so the next run rebuilds it instead of
    failing on it again. Yields the logger.
    """
    _limit_threads(smk.threads)
    handler = logging.FileHandler(smk.log[0], mode="w", encoding="utf-8")
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    logging.captureWarnings(True)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("always")
            yield log
    except DamagedFileError as exc:
        log.exception("step failed")
        damaged = _input_holding(smk, exc.path)
        if damaged is not None:
            shutil.rmtree(damaged) if os.path.isdir(damaged) else os.remove(damaged)
            log.error("removed the damaged input %s: the next run rebuilds it", damaged)
        raise
    except BaseException:
        log.exception("step failed")
        raise
    finally:
        logging.captureWarnings(False)
        root.removeHandler(handler)
        handler.close()


def _input_holding(smk, path) -> str | None:
    """The job's input that is ``path`` or the data folder holding it (None: not an input)."""
    path = os.path.abspath(path)
    for item in getattr(smk, "input", ()):
        item = os.path.abspath(item)
        if path == item or (os.path.isdir(item) and path.startswith(item + os.sep)):
            return item
    return None


def _limit_threads(threads: int) -> None:
    # Parallel jobs must not each spread over every core: numba's pool defaults to all of
    # them. numba is imported only by jobs large enough to need it (clustval._engine.compiled), so
    # until then the limit is left where numba reads it at import.
    threads = max(1, int(threads))
    numba = sys.modules.get("numba")
    if numba is None:
        os.environ["NUMBA_NUM_THREADS"] = str(min(threads, os.cpu_count() or 1))
    else:
        numba.set_num_threads(min(threads, numba.config.NUMBA_NUM_THREADS))


def cluster_run(ds: Dataset, algorithm: str, ks: Iterable[int], settings: Mapping) -> list[ClusteringResult]:
    """Cluster ``ds`` once per K with the options ``settings`` (the config's ``clustering``
    section: ``max_iter``, ``sd_radius``, ``backend``, ``kmeans``) give the algorithm."""
    ks = list(ks)
    results = cluster(ds.X, algorithm, ks, **clustering_options(algorithm, settings))
    for k, result in zip(ks, results):
        log.info(
            "%s %s K=%d: cost %.6g after %d rounds%s", ds.name, algorithm, k, result.cost, result.n_iter,
            " (SD seeds filled farthest-first)" if result.init_fallback else "",
        )
    return results


def clustering_options(algorithm: str, settings: Mapping) -> dict:
    """The options :func:`clustval.clustering.cluster` passes ``algorithm``, from the config's
    ``clustering`` section (its keys, in the algorithms' own names)."""
    given = {"max_iter": settings["max_iter"], "radius": settings["sd_radius"], "backend": settings["backend"],
             **settings["kmeans"]}  # fmt: skip
    return {option: given[option] for option in get_algorithm(algorithm).options}


def write_clusterings(results: Mapping[str, Sequence[ClusteringResult]], path: str | os.PathLike) -> None:
    """One row per run and K: cost, rounds, flags, medoids and labels (space-separated).

    ``cost`` is the algorithm's objective (K-medoids: summed distances to the medoids;
    k-means: the inertia); ``medoids`` is empty for k-means. K is the number of clusters
    the labels 0..K-1 hold (every algorithm here leaves no cluster empty).

    ``results`` maps each run's key (a row of the run table) to its results, one per K.
    """
    rows = [
        {
            "run": key,
            "k": int(r.labels.max()) + 1,
            "cost": float(r.cost),
            "n_iter": r.n_iter,
            "converged": r.converged,
            "init_fallback": r.init_fallback,
            "medoids": r.medoids.tolist(),
            "labels": r.labels.tolist(),
        }
        for key, runs in results.items()
        for r in runs
    ]
    write_verified_csv(rows, CLUSTERING_COLUMNS, path)


def read_clusterings(path: str | os.PathLike) -> dict[str, dict[int, np.ndarray]]:
    """The labels of each run and K in a file written by :func:`write_clusterings`."""
    labels: dict[str, dict[int, np.ndarray]] = {}
    for row in read_verified_csv(path):
        labels.setdefault(row["run"], {})[int(row["k"])] = np.array(row["labels"].split(), dtype=np.int64)
    return labels


def code_commit(folder: str | os.PathLike) -> str:
    """The git commit of the repository holding ``folder`` (with "+ changes" when its tracked
    files differ from it), or "not a git checkout"."""
    import subprocess

    try:
        head = subprocess.run(["git", "-C", str(folder), "rev-parse", "HEAD"], capture_output=True, text=True,
                              check=True, timeout=10).stdout.strip()
        dirty = subprocess.run(["git", "-C", str(folder), "status", "--porcelain", "--untracked-files=no"],
                               capture_output=True, text=True, check=True, timeout=10).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return "not a git checkout"
    return head + (" + changes" if dirty else "")


def clustering_costs(path: str | os.PathLike) -> dict[str, dict[int, float]]:
    """The cost of each run and K in a file written by :func:`write_clusterings`."""
    costs: dict[str, dict[int, float]] = {}
    for row in read_verified_csv(path):
        costs.setdefault(row["run"], {})[int(row["k"])] = float(row["cost"])
    return costs


def read_init_fallbacks(path: str | os.PathLike, run: str | None = None) -> list[int]:
    """The K of a clusterings file (of its ``run``, if given) at which SD seeding filled its
    seeds farthest-first."""
    return sorted({
        int(row["k"]) for row in read_verified_csv(path)
        if row["init_fallback"] == "true" and run in (None, row["run"])
    })


def read_run_data(row: Mapping, folders: Mapping[str, str | os.PathLike]) -> Dataset:
    """The data set of one run-table row, from the data folder of its kind of set."""
    return read_dataset(Path(folders[row["kind"]]) / row["file"])


def score_options(indices: Mapping) -> dict:
    """Keyword arguments of :func:`clustval.indices.scoring.score` from the config's ``indices``:
    its keys are the options' names (:data:`clustval.indices.registry.OPTIONS`) and
    ``memory_budget_mb``."""
    return {name: indices[name] for name in (*OPTIONS, "memory_budget_mb") if name in indices}


def score_rows(
    ds: Dataset,
    algorithm: str,
    labels_by_k: Mapping[int, np.ndarray],
    indices: Mapping,
    *,
    external: bool = True,
    internal: bool = True,
    names: Sequence[str] | None = None,
) -> list[dict]:
    """Tidy rows (dataset, algorithm, k, index, value) of every index (or of ``names``) on
    every clustering."""
    rows = []
    for k, labels in sorted(labels_by_k.items()):
        values = score(
            labels,
            labels_true=ds.y if external else None,
            X=ds.X if internal else None,
            names=names,
            # an index undefined at some K (a singleton's log-determinant) is NaN there, not the end of the run
            undefined="nan",
            **score_options(indices),
        )
        rows += [
            {"dataset": ds.name, "algorithm": algorithm, "k": k, "index": name, "value": float(value)}
            for name, value in values.items()
        ]
    return rows
