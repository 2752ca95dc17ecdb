"""results/bootstrap/reclustered.csv: the compared indices on resamples of each set's objects,
each resample clustered again as the main study clusters it (K = C)."""

from clustval.clustering import cluster
from clustval.repro.paper.diagnostics import recluster_values
from clustval.repro.paper.spread import dataset_rng, replicate_rows
from clustval.repro.pipeline import clustering_options, read_run_data, step
from clustval.repro.verified import write_verified_csv

with step(snakemake) as log:
    p = snakemake.params
    rows = []
    for row in p.rows:
        ds = read_run_data(row, snakemake.input)
        (k,) = row["ks"]
        options = clustering_options(row["algorithm"], row["clustering"])
        labels_of = lambda X, k, a=row["algorithm"], o=options: cluster(X, a, [k], **o)[0].labels  # noqa: E731
        values = recluster_values(ds.X, ds.y, k, labels_of, p.indices, p.replicates,
                                  dataset_rng(p.seed, f"recluster:{row['dataset']}"), p.index_options)
        rows += replicate_rows(row["dataset"], p.indices, values)
        log.info("%s: %d resamples clustered again", row["dataset"], p.replicates)
    write_verified_csv(rows, ["dataset", "replicate", *p.indices], snakemake.output[0])
