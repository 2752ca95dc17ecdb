"""Compute genieclust 1.3's PSI, AFM and NPA on random contingency tables: the fixture of
tests/indices/test_genieclust_measures.py.

Each table is drawn at random (its shape, its number of objects, how its counts are spread),
its empty rows and columns dropped (a table of two labellings has none), and genieclust's
``pair_sets_index``, ``adjusted_fm_score`` and ``normalized_pivoted_accuracy`` are called on
the two label vectors that the table counts (genieclust's own way to a table). genieclust
1.3 refuses NPA when C != K (an assertion); its code past that check squares the table with
zero rows or columns, so for those tables NPA is genieclust's value on the squared table,
flagged ``npa_squared``. A NaN of genieclust (a 0/0 on a degenerate table) is stored as null.

Usage (from the repository root, with ``pip install genieclust==1.3.0``):
    python3 tools/genieclust_values.py [--seed 2016] [--tables 240]
"""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path

import numpy as np

OUT = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "genieclust" / "comparison.json"


def random_table(rng: np.random.Generator) -> np.ndarray:
    """A (C, K) table of counts with no empty row or column: C, K in 1..12, n up to 20,000,
    its counts from a Dirichlet spread that runs from near-diagonal to uniform."""
    rows, cols = rng.integers(1, 13, size=2)
    n = int(rng.choice([2, 5, 20, 100, 1000, 20_000]) + rng.integers(0, 50))
    weights = rng.dirichlet(np.full(rows * cols, rng.choice([0.05, 0.3, 1.0, 5.0])))
    if rng.random() < 0.4:  # mostly one cell per row: partitions close to each other
        boost = np.zeros((rows, cols))
        boost[np.arange(rows), rng.integers(0, cols, rows)] = 1.0
        weights = weights + boost.ravel() * rng.uniform(0.5, 20.0)
        weights /= weights.sum()
    table = rng.multinomial(n, weights).reshape(rows, cols)
    return table[table.sum(axis=1) > 0][:, table.sum(axis=0) > 0]


def labels_of(table: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The label vectors (class, cluster) whose contingency table is ``table``."""
    rows, cols = np.nonzero(table)
    counts = table[rows, cols]
    return np.repeat(rows, counts), np.repeat(cols, counts)


def finite_or_none(value: float) -> float | None:
    return float(value) if math.isfinite(value) else None


def main() -> None:
    import genieclust
    from genieclust import compare_partitions as gc

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=2016, help="numpy's default_rng seed")
    parser.add_argument("--tables", type=int, default=240, help="how many random tables")
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)
    rows = []
    for _ in range(args.tables):
        table = random_table(rng)
        x, y = labels_of(table)
        side = max(table.shape)
        squared = np.zeros((side, side))
        squared[: table.shape[0], : table.shape[1]] = table
        npa = gc.normalized_pivoted_accuracy(x, y) if table.shape[0] == table.shape[1] else (
            gc.normalized_pivoted_accuracy(squared) if side > 1 else math.nan
        )
        rows.append({
            "table": table.tolist(),
            "psi": finite_or_none(gc.pair_sets_index(x, y)),
            "afm": finite_or_none(gc.adjusted_fm_score(x, y)),
            "npa": finite_or_none(npa),
            "npa_squared": table.shape[0] != table.shape[1],
        })  # fmt: skip
    OUT.parent.mkdir(parents=True, exist_ok=True)
    fixture = {"genieclust": genieclust.__version__, "seed": args.seed, "tables": rows}
    OUT.write_text(json.dumps(fixture, separators=(",", ":")) + "\n")
    print(f"{len(rows)} tables -> {OUT}")


if __name__ == "__main__":
    main()
