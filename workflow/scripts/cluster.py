"""Cluster every row of one batch of the run table: each set, algorithm and K range."""

from clustval.repro.pipeline import cluster_run, read_run_data, step, write_clusterings

with step(snakemake):
    results = {}
    for row in snakemake.params.rows:
        ds = read_run_data(row, snakemake.input)
        results[row["key"]] = cluster_run(ds, row["algorithm"], row["ks"], row["clustering"])
    write_clusterings(results, snakemake.output[0])
