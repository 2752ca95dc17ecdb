"""The per-set work of the study beyond the paper's sets: fetch a set of the benchmark suite,
cluster it, score every clustering.

Noise: the suite marks noise points with the reference label 0. The clusterings and the
internal indices see every object (an algorithm is not told which points are noise); each
external index compares a clustering with a reference labelling on that labelling's non-noise
objects only, as clustval's ``noise="exclude"`` leaves a clustering's noise objects out of the
table; the reference K counts the labelling's clusters, not its noise. This is the suite's own
protocol (Gagolewski 2022, SoftwareX 20:101270).
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path

import numpy as np

from clustval.clustering import cluster
from clustval.datasets.clustbench import NOISE, Benchmark, SuiteFile, fetch_suite_file
from clustval.indices.registry import INDICES
from clustval.indices.scoring import score
from clustval.io import atomic_write_bytes

from ..pipeline import clustering_options, score_options

__all__ = ["SCORE_COLUMNS", "cluster_set", "fetch_set", "internal_names", "score_set"]

SCORE_COLUMNS = ("dataset", "labelling", "algorithm", "k", "index", "value")


def fetch_set(params: Mapping, folder: str | os.PathLike, log=None) -> None:
    """Write every file of set ``params["name"]`` into ``folder``, each verified against its
    SHA-256 before it is written (atomically); a failure leaves the file unwritten."""
    battery = params["name"].split("/")[0]
    for file, entry in params["files"].items():
        data = fetch_suite_file(SuiteFile(f"{battery}/{file}", entry["sha256"], entry["bytes"]),
                                mirror=params["mirror"], base_url=params["base_url"],
                                timeout=params["timeout"], deadline=params["deadline"])
        atomic_write_bytes(Path(folder) / file, data)
        if log is not None:
            log.info("%s/%s: %d bytes, sha256 %s", battery, file, len(data), entry["sha256"])


def cluster_set(bench: Benchmark, runs: Mapping[str, Sequence[int]], clustering: Mapping, log=None) -> dict:
    """Each algorithm of ``runs`` at each of its K: ``{algorithm: [ClusteringResult, ...]}``."""
    results = {}
    for algorithm, ks in runs.items():
        results[algorithm] = cluster(bench.X, algorithm, ks, **clustering_options(algorithm, clustering))
        if log is not None:
            log.info("%s (n = %d): %s at K = %s", bench.name, len(bench.X), algorithm, " ".join(map(str, ks)))
    return results


def internal_names() -> list[str]:
    """Every internal index of the registry that has a better side (a best K to find)."""
    return [name for name, spec in INDICES.items() if spec.kind == "internal" and spec.direction != "none"]


def score_set(bench: Benchmark, labels: Mapping[str, Mapping[int, np.ndarray]], external: Sequence[str],
              indices: Mapping) -> list[dict]:
    """Tidy rows of every clustering of ``labels`` (algorithm -> K -> labels): the internal
    indices on every object (``labelling`` empty), the ``external`` indices against each
    reference labelling on its non-noise objects."""
    options = score_options(indices)
    internal = internal_names()
    rows = []
    for algorithm, by_k in labels.items():
        for k, pred in sorted(by_k.items()):
            values = score(pred, X=bench.X, names=internal, undefined="nan", **options)
            rows += [{"dataset": bench.name, "labelling": "", "algorithm": algorithm, "k": k, "index": name,
                      "value": float(value)} for name, value in values.items()]
            for i, truth in enumerate(bench.labellings):
                kept = truth != NOISE
                values = score(pred[kept], labels_true=truth[kept], names=external, undefined="nan", **options)
                rows += [{"dataset": bench.name, "labelling": i, "algorithm": algorithm, "k": k, "index": name,
                          "value": float(value)} for name, value in values.items()]
    return rows
