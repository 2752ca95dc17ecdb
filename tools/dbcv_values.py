"""Write hdbscan's DBCV values (``hdbscan.validity.validity_index``) as test fixtures.

Run from the repository root with hdbscan installed (``pip install hdbscan``; 0.8.44 wrote
the stored files): ``python tools/dbcv_values.py``. Each data set is drawn from a seed, so
the test rebuilds X and the labels from the JSON and compares clustval's
:func:`clustval.dbcv` (``noise="exclude"``, the paper's and hdbscan's convention for the
label -1) with the stored value. ``python tools/dbcv_values.py --metrics`` writes
``tests/fixtures/dbcv_reference/hdbscan_metrics.json``: three of the sets in three of
scipy's metrics (``validity_index(X, labels, metric=...)``).
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

OUT = Path("tests/fixtures/dbcv")
METRICS_OUT = Path("tests/fixtures/dbcv_reference/hdbscan_metrics.json")
# the sets and metrics of METRICS_OUT
METRIC_CASES = ("blobs_d2", "moons_d2", "blobs_d3_noise")
METRICS = ("sqeuclidean", "cityblock", "chebyshev")
# name: (generator, n, d, clusters, noise share, seed); no cluster has 2 members (hdbscan
# then takes its first member as the cluster's core, which depends on the order of the rows)
CASES = {
    "blobs_d2": ("blobs", 150, 2, 3, 0.0, 1),
    "blobs_d3_noise": ("blobs", 200, 3, 4, 0.1, 2),
    "blobs_d5": ("blobs", 120, 5, 2, 0.0, 3),
    "blobs_d4_overlap": ("overlap", 300, 4, 3, 0.05, 4),
    "moons_d2": ("moons", 200, 2, 2, 0.0, 5),
    "moons_d2_noise": ("moons", 240, 2, 2, 0.15, 6),
    "moons_d3_wrong_k": ("moons3", 180, 3, 4, 0.0, 7),
}


def make(kind: str, n: int, d: int, k: int, noise: float, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """The data set and its labels (-1 for noise), from the seed."""
    rng = np.random.default_rng(seed)
    if kind.startswith("moons"):
        t = rng.uniform(0, np.pi, n)
        half = rng.integers(0, 2, n)
        X = np.zeros((n, d))
        X[:, 0] = np.where(half == 0, np.cos(t), 1 - np.cos(t))
        X[:, 1] = np.where(half == 0, np.sin(t), 0.5 - np.sin(t))
        X += rng.normal(scale=0.08, size=(n, d))
        # moons3: four labels cut by angle, not the moons: a poor clustering
        labels = half if kind == "moons" else np.minimum((t // (np.pi / 2)).astype(int), 1) + 2 * half
    else:
        spread = 1.0 if kind == "blobs" else 3.0
        centres = rng.uniform(-10, 10, size=(k, d))
        labels = rng.integers(0, k, n)
        X = centres[labels] + rng.normal(scale=spread, size=(n, d))
    is_noise = rng.random(n) < noise
    labels = np.where(is_noise, -1, labels)
    X[is_noise] = rng.uniform(X.min(axis=0), X.max(axis=0), size=(int(is_noise.sum()), d))
    return X, labels


def main() -> None:
    from importlib.metadata import version

    from hdbscan.validity import validity_index

    OUT.mkdir(parents=True, exist_ok=True)
    for name, case in CASES.items():
        X, labels = make(*case)
        value, per_cluster = validity_index(X, labels, per_cluster_scores=True)
        record = {
            "case": dict(zip(("kind", "n", "d", "k", "noise", "seed"), case)),
            "dbcv": float(value),
            "per_cluster": [float(v) for v in per_cluster],
            "peer": f"hdbscan {version('hdbscan')}: hdbscan.validity.validity_index(X, labels)",
        }
        (OUT / f"{name}.json").write_text(json.dumps(record, indent=1) + "\n")
        print(name, value)


def metrics() -> None:
    from importlib.metadata import version

    from hdbscan.validity import validity_index

    rows = []
    for name in METRIC_CASES:
        X, labels = make(*CASES[name])
        for metric in METRICS:
            rows.append({"case": name, "metric": metric, "dbcv": float(validity_index(X, labels, metric=metric))})
    record = {"peer": f"hdbscan {version('hdbscan')}: hdbscan.validity.validity_index(X, labels, metric=metric)",
              "values": rows}  # fmt: skip
    METRICS_OUT.write_text(json.dumps(record, indent=1) + "\n")


if __name__ == "__main__":
    import sys

    metrics() if "--metrics" in sys.argv[1:] else main()
