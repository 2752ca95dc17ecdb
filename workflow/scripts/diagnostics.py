"""results/diagnostics.csv: per set of Figs. 4-6, the computed diagnostics of its clustering
(recalls, PS2 beside Rand, and the cost and indices of a partition found by another K-medoids)."""

from clustval.clustering import cluster
from clustval.repro.paper.diagnostics import DIAGNOSTIC_COLUMNS, set_diagnostics
from clustval.repro.pipeline import clustering_costs, clustering_options, read_clusterings, read_run_data, step
from clustval.repro.verified import write_verified_csv

with step(snakemake) as log:
    p = snakemake.params
    labels = read_clusterings(snakemake.input.clustering)
    costs = clustering_costs(snakemake.input.clustering)
    rows = []
    for row in p.rows:
        ds = read_run_data(row, snakemake.input)
        (k,) = row["ks"]
        (better,) = cluster(ds.X, p.better_algorithm, [k], **clustering_options(p.better_algorithm, row["clustering"]))
        rows.append(set_diagnostics(row["dataset"], ds.y, labels[row["key"]][k], costs[row["key"]][k],
                                    p.index_options, (p.better_algorithm, better)))
        log.info("%s: cost %.6g, %s %.6g", row["dataset"], costs[row["key"]][k], p.better_algorithm, better.cost)
    write_verified_csv(rows, DIAGNOSTIC_COLUMNS, snakemake.output[0])
