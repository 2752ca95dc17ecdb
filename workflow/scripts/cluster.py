"""Cluster one data set: Park-Jun with K = number of classes, or SD K-medoids over a K sweep."""

from clustval.data import read_dataset
from clustval.pipeline import cluster, step, write_clusterings

with step(snakemake):
    ds = read_dataset(snakemake.input[0])
    ks = snakemake.params.ks or [len(ds.class_names)]
    results = cluster(ds, snakemake.wildcards.algorithm, ks, snakemake.params.clustering)
    write_clusterings(results, snakemake.output[0])
