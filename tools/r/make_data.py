"""Write the data sets whose clusterCrit and NbClust values tools/r/reference_values.R computes.

Each data set is one CSV file in ``tests/fixtures/r/``: the coordinates ``x1..xd``, then three
labellings of the same objects, ``true`` (the classes), ``kmeans`` (scikit-learn's k-means
with the true number of classes, fixed seed) and ``noisy`` (the true labels with a fixed
fraction of objects moved to a random class, possibly one more class than there are) and
``singleton`` (the true labels with the last object alone in a cluster of its own).
The labellings are computed here once and stored, so R and the tests read the same
partitions. Nothing here is tuned to make any index agree.

Usage (from the repository root)::

    .venv/bin/python tools/r/make_data.py --iris PATH/TO/iris.data

``iris.data`` is the UCI Iris file (Fisher 1936; Dua & Graff 2019), 150 rows of four
measurements and the species.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np
from sklearn.cluster import KMeans

OUT = Path(__file__).resolve().parents[2] / "tests" / "fixtures" / "r"


def blobs(seed: int, sizes: list[int], d: int, spread: float, scale: float) -> tuple[np.ndarray, np.ndarray]:
    """Gaussian blobs: centres uniform in [0, scale]^d, unit-free spread per blob."""
    rng = np.random.default_rng(seed)
    centres = rng.uniform(0.0, scale, size=(len(sizes), d))
    X = np.vstack([rng.normal(c, spread, size=(m, d)) for c, m in zip(centres, sizes)])
    y = np.repeat(np.arange(1, len(sizes) + 1), sizes)
    return X, y


def labellings(X: np.ndarray, y: np.ndarray, seed: int) -> dict[str, np.ndarray]:
    """The true labels, a k-means partition and a noisy copy of the truth (labels from 1)."""
    k = len(np.unique(y))
    km = KMeans(n_clusters=k, n_init=10, random_state=seed).fit(X).labels_ + 1
    rng = np.random.default_rng(seed + 1000)
    noisy = y.copy()
    moved = rng.random(len(y)) < 0.2
    noisy[moved] = rng.integers(1, k + 2, size=moved.sum())  # k + 1 classes possible
    _, noisy = np.unique(noisy, return_inverse=True)  # 1..m, no empty label
    singleton = y.copy()
    singleton[-1] = k + 1  # the last object alone: the criteria's singleton conventions
    return {"true": y, "kmeans": km, "noisy": noisy + 1, "singleton": singleton}


def write(name: str, X: np.ndarray, labels: dict[str, np.ndarray], integer: bool = False) -> None:
    cols = [f"x{j + 1}" for j in range(X.shape[1])] + list(labels)
    fmt = "{:d}" if integer else "{!r}"
    with open(OUT / f"{name}.csv", "w", encoding="ascii", newline="\n") as fh:
        fh.write(",".join(cols) + "\n")
        for i in range(X.shape[0]):
            row = [fmt.format(int(v) if integer else float(v)) for v in X[i]]
            row += [str(int(lab[i])) for lab in labels.values()]
            fh.write(",".join(row) + "\n")
    print(f"wrote {OUT / (name + '.csv')}: n = {X.shape[0]}, d = {X.shape[1]}")


def read_iris(path: Path) -> tuple[np.ndarray, np.ndarray]:
    rows = [line.split(",") for line in path.read_text(encoding="ascii").splitlines() if line.strip()]
    species = sorted({r[4] for r in rows})
    X = np.array([[float(v) for v in r[:4]] for r in rows])
    y = np.array([species.index(r[4]) + 1 for r in rows])
    return X, y


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iris", type=Path, required=True, help="the UCI iris.data file")
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)

    X, y = read_iris(args.iris)
    # iris keeps its one-decimal values as written (its duplicate rows are real ties)
    write("iris", X, labellings(X, y, seed=1))

    X, y = blobs(seed=11, sizes=[20, 25, 15], d=2, spread=1.0, scale=8.0)
    write("blobs_small", X, labellings(X, y, seed=11))

    # integer coordinates: many tied distances, and duplicate points
    X, y = blobs(seed=12, sizes=[40, 30, 50, 30], d=3, spread=1.5, scale=10.0)
    X = np.rint(X)
    write("blobs_ties", X, labellings(X, y, seed=12), integer=True)

    X, y = blobs(seed=13, sizes=[60, 40, 50, 70, 30], d=5, spread=2.0, scale=10.0)
    write("blobs_5d", X, labellings(X, y, seed=13))


if __name__ == "__main__":
    main()
