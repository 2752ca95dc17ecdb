"""The main clusterings of Figs. 4-6 with their objects drawn again with replacement: the
compared indices on every replicate, per set (results/bootstrap/replicates.csv)."""

from clustval.repro.paper.spread import bootstrap_values, dataset_rng, replicate_rows
from clustval.repro.pipeline import read_clusterings, read_run_data, score_options, step
from clustval.repro.verified import write_verified_csv

with step(snakemake) as log:
    p = snakemake.params
    labels = read_clusterings(snakemake.input.clustering)
    rows = []
    for row in p.rows:
        ds = read_run_data(row, snakemake.input)
        (k,) = row["ks"]
        values = bootstrap_values(ds.y, labels[row["key"]][k], p.indices, p.replicates,
                                  dataset_rng(p.seed, row["dataset"]), score_options(p.index_options))
        rows += replicate_rows(row["dataset"], p.indices, values)
        log.info("%s: %d replicates", row["dataset"], p.replicates)
    write_verified_csv(rows, ["dataset", "replicate", *p.indices], snakemake.output[0])
