"""Score a clustering whose labels are too many for one process: count the contingency table
with Dask, then compute every external index from the counts.

The labels stay in their files (here CSV files with a ``class`` and a ``cluster`` column,
read partition by partition on a local ``dask.distributed`` cluster); only the C x K counts
come back, and ``clustval.external_scores_from_table`` gives from them exactly the values
``clustval.external_scores`` gives from the labels in memory.

    python examples/dask_contingency.py 'labels-*.csv' [CLASS_COLUMN CLUSTER_COLUMN]

Needs the ``dask`` extra: ``pip install 'clustval[dask]'``. The same recipe, which makes
its own label files, is in docs/scaling-out.md.
"""

from __future__ import annotations

import sys

import dask.dataframe as dd
from dask.distributed import Client, LocalCluster

import clustval


def count_table(paths, true: str = "class", pred: str = "cluster", n_workers: int = 2):
    """The contingency table of the label columns ``true`` and ``pred`` of the CSV files
    ``paths`` (a glob pattern or a list), counted by ``n_workers`` worker processes."""
    with LocalCluster(n_workers=n_workers, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster, Client(cluster):
        frame = dd.read_csv(paths, usecols=[true, pred])
        return clustval.contingency_from_frame(frame, true, pred)


# LocalCluster starts its workers as new processes, which import this file first: the
# guard keeps them from running the work again (without it: "RuntimeError: Nanny failed to
# start"). Importing this module (tests/indices/test_counts.py does) starts nothing.
if __name__ == "__main__":
    table = count_table(sys.argv[1], *sys.argv[2:4])
    print(f"n = {table.n}, {table.n_classes} classes x {table.n_clusters} clusters")
    for name, value in clustval.external_scores_from_table(table).items():
        print(f"{name:<17} {value!r}")
