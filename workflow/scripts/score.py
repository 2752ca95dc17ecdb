"""Every index of the registry on every clustering of one data set."""

from clustval.data import read_dataset
from clustval.io import write_csv
from clustval.pipeline import SCORE_COLUMNS, step, read_clusterings, score_rows

with step(snakemake):
    ds = read_dataset(snakemake.input.data)
    labels = read_clusterings(snakemake.input.clustering)
    rows = score_rows(ds, snakemake.wildcards.algorithm, labels, snakemake.params.indices)
    write_csv(rows, SCORE_COLUMNS, snakemake.output[0])
